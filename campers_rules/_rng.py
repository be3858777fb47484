"""The engine's only source of randomness: a 64-bit SplitMix64 state carried in the State.

Every shuffle is derived from that integer with integer arithmetic only, so the same seed and
the same actions give the same states on any machine and any Python build (no global
``random``, no salted ``hash()``).

>>> order, state = shuffled(range(5), seed_state(1))
>>> order == shuffled(range(5), seed_state(1))[0], sorted(order)
(True, [0, 1, 2, 3, 4])
"""

from __future__ import annotations

import numbers
import operator
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, TypeVar

from campers_rules._errors import PositionError, quote

if TYPE_CHECKING:
    from mypy_extensions import i64

T = TypeVar("T")

MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled (its file is an extension module): then a shuffle
steps the generator in native 64-bit words (:func:`_shuffled_native`)."""
MAX_SEED: Final = MASK
"""The largest seed: a seed is an int from 0 to 2**64 - 1, as wide as the random state,
and each one deals a distinct game; a numpy integer is read as an int, a bool is none."""


_PRINTABLE = pow(10, 4300)
"""Ints below this in size have decimal text under Python's default int-to-text limit.

Made by ``pow()``, not ``10**4300``: mypyc folds a constant power into a literal and
crashes writing its decimal text (as ``karibou_rules._deal._PRINTABLE``)."""


def seed_text(value: object) -> str:
    """A seed's text for hashing: decimal, or hex marked ``x`` for an int too long to print."""
    if isinstance(value, int) and not -_PRINTABLE < value < _PRINTABLE:
        return f"x{value:x}"
    return f"{value}"


def as_seed(seed: object) -> int:
    """The seed as an int: an int (a numpy integer too, no bool) from 0 to :data:`MAX_SEED`.

    Raises:
        PositionError: Any other value.
    """
    if not isinstance(seed, bool) and isinstance(seed, numbers.Integral):
        try:
            value = operator.index(seed)
        except Exception:  # a hostile Integral whose __index__ fails
            value = -1
        if 0 <= value <= MAX_SEED:
            return value
    raise PositionError(f"a seed is an int from 0 to 2**64 - 1 (MAX_SEED), not {quote(seed)}")


def seed_state(seed: object) -> int:
    """The random state a game with this seed starts from: one for each seed of
    :func:`as_seed` (the multiplier is odd).

    Raises:
        PositionError: The seed is not an int from 0 to :data:`MAX_SEED`.
    """
    return (as_seed(seed) * _GOLDEN + 0x632BE59BD9B4E019) & MASK


def shuffled(items: Iterable[T], state: int) -> tuple[tuple[T, ...], int]:
    """A Fisher-Yates shuffle of items driven by the random state, one SplitMix64 step a
    swap; returns the next state."""
    out = list(items)
    if _COMPILED:
        return _shuffled_native(out, state)
    for i in range(len(out) - 1, 0, -1):
        state = (state + _GOLDEN) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        j = (z ^ (z >> 31)) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state


# The generator's constants as signed 64-bit words (the same bits), and the masks that
# make a signed word's right shift by 30, 27, 31 or 1 the unsigned one.
_GOLDEN_WORD: Final[i64] = -0x61C8864680B583EB
_MIX1_WORD: Final[i64] = -0x40A7B892E31B1A47
_MIX2_WORD: Final[i64] = -0x6B2FB644ECCEEE15
_LOW34: Final[i64] = (1 << 34) - 1
_LOW37: Final[i64] = (1 << 37) - 1
_LOW33: Final[i64] = (1 << 33) - 1
_LOW63: Final[i64] = (1 << 63) - 1


def _shuffled_native(out: list[T], state: int) -> tuple[tuple[T, ...], int]:
    """:func:`shuffled` of the list in native signed 64-bit words, compiled only: their
    addition and multiplication wrap (``-fwrapv``, which the extension inherits from
    CPython's own compile flags), giving the unsigned results modulo 2**64 bit for bit,
    where the pure build's ints would grow. The state (any int, masked as the pure loop
    masks it) and each output are read back as unsigned (``tests/campers/test_shuffle.py``
    holds this to the reference in the compiled build)."""
    if len(out) < 2:
        return tuple(out), state  # no step: the state as given, as the pure loop leaves it
    masked = state & MASK
    word: i64 = masked - (1 << 64) if masked >> 63 else masked
    for i in range(len(out) - 1, 0, -1):
        word = word + _GOLDEN_WORD
        z: i64 = (word ^ (word >> 30 & _LOW34)) * _MIX1_WORD
        z = (z ^ (z >> 27 & _LOW37)) * _MIX2_WORD
        z = z ^ (z >> 31 & _LOW33)
        size: i64 = i + 1
        # a negative word is the unsigned 2 * (z >>> 1) + its low bit
        j = z % size if z >= 0 else ((z >> 1 & _LOW63) % size * 2 + (z & 1)) % size
        out[i], out[j] = out[j], out[i]
    back: int = word
    return tuple(out), back & MASK
