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
from typing import Final, TypeVar

from campers_rules._errors import PositionError, quote

T = TypeVar("T")

MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
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
    for i in range(len(out) - 1, 0, -1):
        state = (state + _GOLDEN) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        j = (z ^ (z >> 31)) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state
