"""Every memo table of the engine, in one place, under one size policy.

A memo maps a key to an answer that is a pure function of the key (a table group's
validity on a campsite, the largest group of each kind a hand could form, ...), or holds
the last answer asked per seat or requirement, used only for the very objects it was
computed for; so a missing entry is only recomputed: emptying a memo never changes what
the engine answers, only how fast.
Each memo is a plain ``dict`` defined in this module and nowhere else; the engine reads one
with ``get`` and stores with :func:`keep`, which applies the one size policy. :func:`clear`
empties them all (the differential tests call it between the warm and the cold listing).
An entry is a plain tuple whose type, with its fields, is named in the module that fills
the memo (``_table.GroupOk``, ``_solving.Last``, ...) and which unpacks it where it reads
it: a ``NamedTuple`` costs some 2,600 more instructions to make (CPython 3.11).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from campers_rules._action_cards import KnownAttacks
    from campers_rules._actions import AddCard, BearAttack, Squat, SwapWild
    from campers_rules._catalogue import Campsite
    from campers_rules._groups import Group
    from campers_rules._ids import Layout
    from campers_rules._requirements import Requirement
    from campers_rules._solving import Last, Reach
    from campers_rules._squats import KnownRow
    from campers_rules._table import GroupOk, RunSplits
    from campers_rules.solver._native import Pick
    from campers_rules.solver._problem import Plan, SolverLimits
    from campers_rules.solver._z3backend import _Encoding

K = TypeVar("K")
V = TypeVar("V")

LIMIT = 1 << 12
"""The most entries one memo keeps: storing into a full memo first empties it (a constant
time per store; dropping the oldest entry instead rescans the dict's deleted front, some
17 us a store once full). Measured over 40 seeded 4-player games: 1,024, 4,096 and 32,768
entries play at the same speed within noise, with a peak RSS of 55, 61 and 92 MB."""


def keep(memo: dict[K, V], key: K, value: V) -> V:
    """Store ``value`` under ``key`` in ``memo`` (emptying it first if full); return
    ``value``."""
    if len(memo) >= LIMIT:
        memo.clear()
    memo[key] = value
    return value


# ------------------------------------------------------ rule families (check, effect, listing)

ROW_GROUPS: dict[int, KnownRow] = {}
"""``_squats``: per owner, the groups of the last table row asked about with what fits them,
the squats, wild swaps and adds listed on them so far, and the owner's rearrangement
subset with the cuts of each campsite's runs (``_claims``) once asked (used whole only
while the row and catalogue are those very objects; a changed row takes over the table of
each campsite it keeps)."""

ATTACKS: dict[tuple[int, int], KnownAttacks] = {}
"""``_action_cards``: per (player, owner), the Bear Attacks of the last owner's table row
asked about (used whole only while the row is that very object; a changed row takes over
the attacks of each group it keeps)."""

TABLE_ACTIONS: dict[int, Squat | AddCard | SwapWild | BearAttack] = {}
"""``_frozen``: the squat, add, wild swap and Bear Attack records the listings made, by an
int naming each one's kind and fields (``_frozen._key``): a listing on a changed campsite
or group gets back the records of the moves it had before."""

# ------------------------------------------------------ groups, tables and the solver
# Identity-keyed memos (keys holding ``id(...)``) store the keyed objects in the entry, and
# a hit counts only when they are the objects asked about: an id is never reused while
# its entry lives. Each memo below is named in docs/campers/caches.rst with what it saves.

GROUP_OK: dict[tuple[int, int], GroupOk] = {}
"""Whether a group is valid on a campsite (``_table.group_ok``), by both (identity)."""
RUN_SPLITS: dict[tuple[int, int], RunSplits] = {}
"""``_table.split_runs`` by campsite and run (identity)."""
HAND_REACH: dict[bytes, Reach] = {}
"""``_solving.reach``, the largest group of each kind a hand could form, by hand."""
LAST_CLAIMS: dict[tuple[int, int], Last[tuple[Group, ...]]] = {}
"""The last hand whose claims were all found, per requirement (a campsite's primitive, or
its new-group question; by its ``code``, equal for equal requirements) and limit: a
smaller hand's claims are filtered from them (``_solving._known``)."""
NEW_GROUP_NEEDS: dict[tuple[int, ...], Requirement] = {}
"""``solver.new_group_requirement`` by the campsite's ``new_group_sizes``."""
PICK_GROUPS: dict[Pick, Group] = {}
"""The group of a native solver pick."""
SOLVER_PLANS: dict[
    tuple[Requirement, tuple[Campsite, ...], SolverLimits, int | None], tuple[Plan, ...]] = {}
"""``solver._problem.question_plans`` by its arguments (equality)."""
Z3_SHAPES: dict[tuple[Plan, SolverLimits], _Encoding] = {}
"""The z3 backend's checker per plan and limits, encoded over the whole deck once."""
LAYOUTS: dict[int, tuple[tuple[Campsite, ...], Layout]] = {}
"""``_ids.layout`` of a catalogue other than the project's (whose layout is made at
import), by the catalogue (identity)."""


def memos() -> dict[str, dict[Any, Any]]:
    """Every memo of the engine by name (each is a ``dict`` defined in this module)."""
    return {name: value for name, value in globals().items()
            if isinstance(value, dict) and name.isupper()}


def clear() -> None:
    """Empty every memo."""
    for memo in memos().values():
        memo.clear()
