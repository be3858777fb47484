"""Every memo table of the engine, in one place, under one size policy.

A memo maps a key to an answer that is a pure function of the key (a table group's
validity, the claims a hand can make on a campsite, ...), so a missing entry is only
recomputed: emptying a memo never changes what the engine answers, only how fast.
Each memo is a plain ``dict`` defined in this module and nowhere else; the engine reads one
with ``get`` and stores with :func:`keep`, which applies the one size policy. :func:`clear`
empties them all (the differential tests call it between the warm and the cold listing).
"""

from __future__ import annotations

from typing import Any, TypeVar

K = TypeVar("K")
V = TypeVar("V")

LIMIT = 1 << 15
"""The most entries one memo keeps: storing into a full memo first drops its oldest entry."""


def keep(memo: dict[K, V], key: K, value: V) -> V:
    """Store ``value`` under ``key`` in ``memo`` (dropping its oldest entry if full); return
    ``value``."""
    if len(memo) >= LIMIT:
        del memo[next(iter(memo))]
    memo[key] = value
    return value


# ------------------------------------------------------ rule families (check, effect, listing)
# (memos of the family modules go here)

ACTION_FIELDS: dict[type[Any], tuple[tuple[str, Any, Any], ...]] = {}
"""``_checks``: each action class's fields with their type hints and checks (a
``Checker`` each), built on its first shape check."""

SQUATS: dict[tuple[int, int, int, int, int], Any] = {}
"""``_squats``: a Squat by (player, owner, campsite, group index, id of the placement): a
seat's squats are listed again at every step until the group changes, and the placements
of fitting faces are interned, so their identity stands for their value (an entry is used
only while it still holds that very placement)."""

REARRANGEMENTS: dict[int, tuple[Any, tuple[int, ...], Any, tuple[Any, ...]]] = {}
"""``_claims``: per seat, the rearrangement subset of the last (table row, campground,
catalogue) asked about (used only while the row and catalogue are those very objects)."""

BEAR_ATTACKS: dict[tuple[int, int], tuple[Any, tuple[Any, ...]]] = {}
"""``_action_cards``: per (attacker, owner), the Bear Attacks on the last table row asked
about (used only while the row is that very object; they do not depend on the hand)."""







# ------------------------------------------------------ groups, tables and the solver
# (memos of _groups, _table, _requirements, _catalogue, _solving and solver/ go here)


def memos() -> dict[str, dict[Any, Any]]:
    """Every memo of the engine by name (each is a ``dict`` defined in this module)."""
    return {name: value for name, value in globals().items()
            if isinstance(value, dict) and name.isupper()}


def clear() -> None:
    """Empty every memo."""
    for memo in memos().values():
        memo.clear()
