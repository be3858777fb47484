"""A solver question in count-vector form, and the answer types both backends share.

Cards are counted by face: 48 numbered faces (index ``color * 12 + number - 2``, the order
of :data:`~campers_rules.FACES`) and the wild. A requirement alternative becomes a list of
*units*, one ``(kind, size)`` per group it asks for. Both backends turn their answers into
groups with ``_native.build_group``, which fixes the declared value of each wild, so equal
arrangements of faces give equal :class:`Claim` objects.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TypeVar

import attrs

from campers_rules import _cache
from campers_rules._cards import (
    FACES,
    LOWEST,
    NUMBERS,
    WILD,
    Card,
    Color,
    copies_in_deck,
    key_counts,
)
from campers_rules._catalogue import Campsite
from campers_rules._errors import quote
from campers_rules._groups import (
    KIND_INDEX,
    Group,
    GroupKind,
    Placed,
    is_placement,
)
from campers_rules._requirements import Alternative, Requirement
from campers_rules.solver._errors import ProblemTooLargeError, SolverInputError

NATURAL_COUNT = 48
"""Numbered faces; their indices are ``0 .. 47``."""
SPAN = len(NUMBERS)
COLORS: tuple[Color, ...] = tuple(Color)

T = TypeVar("T")

Unit = tuple[GroupKind, int]
"""One group a requirement asks for: its kind and exact size."""


def index_color(index: int) -> int:
    """The color (0..3) of a count-vector index."""
    return index // SPAN


def index_number(index: int) -> int:
    """The number (2..13) of a count-vector index."""
    return index % SPAN + LOWEST


def natural_face(index: int) -> Card:
    """The numbered face of a count-vector index."""
    return FACES[index]


def _positive(limits: SolverLimits, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:  # a bool is no count
        raise SolverInputError(f"SolverLimits.{attribute.name} must be a positive int, "
                               f"not {quote(value)}")


@attrs.frozen
class SolverLimits:
    """Bounds that keep every question small; beyond them a typed error, never a hang.

    Raises:
        SolverInputError: a limit that is not a positive int (a bool is none).
    """

    max_cards: int = attrs.field(default=48, validator=_positive)
    """Most playing cards in one question (hand plus own table cards)."""
    max_groups: int = attrs.field(default=8, validator=_positive)
    """Most groups one question may ask to lay at once (all campsites together)."""
    max_claims: int = attrs.field(default=200_000, validator=_positive)
    """Most claims one enumeration yields before raising :class:`ProblemTooLargeError`."""
    max_steps: int = attrs.field(default=300_000, validator=_positive)
    """Most work one native query may do, in steps: a candidate group tried or passed
    over, a plan begun, a card of a claim handed out, with own campsites an arrangement
    reached and a table card tried on a group (under a second of CPU at most,
    ``benchmarks/bench_worst.py``; counted, so the same answer or error on every
    machine)."""
    timeout_ms: int = attrs.field(default=20_000, validator=_positive)
    """Time limit of one z3 check; ``unknown`` then raises :class:`SolverTimeoutError`."""
    deadline_ms: int = attrs.field(default=30_000, validator=_positive)
    """Time limit of one whole z3 query (building and every check of an enumeration,
    counting only the time spent inside the solver, not the caller's between answers);
    past it :class:`SolverTimeoutError`. The native backend counts steps instead."""


def _groups_tuple(groups: Iterable[Group]) -> tuple[Group, ...]:
    try:
        return tuple(groups)
    except TypeError:  # not iterable
        raise SolverInputError(f"an own campsite's groups are a sequence of groups, not "
                               f"{quote(groups)}") from None


def _campsite(own: OwnCampsite, attribute: attrs.Attribute[Campsite], value: object) -> None:
    if type(value) is not Campsite:
        raise SolverInputError(f"an own campsite's site is a Campsite, not {quote(value)}")


def _table_groups(own: OwnCampsite, attribute: attrs.Attribute[tuple[Group, ...]],
                  groups: tuple[object, ...]) -> None:
    for group in groups:
        if type(group) is not Group or not all(map(is_placement, group.cards)):
            raise SolverInputError(f"an own campsite's group {quote(group)} is not a Group of "
                                   "placed cards [UC-1]")


@attrs.frozen
class OwnCampsite:
    """A campsite the asking player owns, with its groups, for rearranging (UC-11).

    Raises:
        SolverInputError: ``site`` is no :class:`~campers_rules.Campsite`, or ``groups``
            no sequence of groups of placed cards.
    """

    site: Campsite = attrs.field(validator=_campsite)
    """The campsite card."""
    groups: tuple[Group, ...] = attrs.field(converter=_groups_tuple, validator=_table_groups)
    """Its groups on the table."""


def group_key(group: Group) -> tuple[int, tuple[Placed, ...]]:
    """The canonical order of groups: by kind, then by their cards (ints, in order)."""
    return (KIND_INDEX[group.kind], group.cards)


GroupCode = tuple[int, ...]
"""A group coded in ints: its kind's index (``KIND_INDEX``), then its placed cards (each
:class:`~campers_rules.Placed` an int, its rank) in canonical order; codes order as
:func:`group_key` orders groups."""


def group_code(group: Group) -> GroupCode:
    """The :data:`GroupCode` of a group."""
    return (KIND_INDEX[group.kind], *group.cards)


def _sorted_groups(groups: Iterable[Group]) -> tuple[Group, ...]:
    groups = tuple(groups)
    return groups if len(groups) < 2 else tuple(sorted(groups, key=group_key))


@attrs.frozen
class Claim:
    """Groups laid together to meet a requirement, in canonical order."""

    groups: tuple[Group, ...] = attrs.field(converter=_sorted_groups)
    """The groups, sorted by kind, then cards."""

    @property
    def faces(self) -> tuple[Card, ...]:
        """Every physical face laid, sorted."""
        return tuple(sorted(p.face for g in self.groups for p in g.cards))

    def __str__(self) -> str:
        return " | ".join(str(g) for g in self.groups)


@attrs.frozen
class Solution:
    """A witness that a requirement can be met: what to lay, and from where."""

    claim: Claim
    """The groups for the new campsite."""
    alternative: int
    """Which alternative of the requirement they meet."""
    table: tuple[tuple[Group, ...], ...] = ()
    """For a question with own campsites (UC-11): each one's groups afterwards, in order."""
    from_hand: tuple[Card, ...] = ()
    """The hand cards that go to the table, sorted."""


@attrs.frozen
class Plan:
    """One way to read the question: the units to lay and whose campsite each is for."""

    alternative: int
    """The requirement's alternative."""
    units: tuple[Unit, ...]
    """Every group to lay, new campsite first."""
    owners: tuple[int, ...]
    """Per unit: -1 for the new campsite, else the index of the own campsite."""
    order: tuple[int, ...] = attrs.field(init=False)
    """Unit indices by owner, then kind, then size (largest first): identical units
    adjacent, the order in which the native backend searches them."""
    axis: str | None = attrs.field(init=False)
    """``"number"`` for only sets and runs, ``"color"`` for only color groups, else None:
    the totals on which the native backend may decide the plan."""
    ordered: tuple[tuple[Unit, ...], tuple[int, ...], tuple[bool, ...]] = attrs.field(
        init=False, repr=False, eq=False)
    """The units and owners in :attr:`order`, and whether each unit repeats the one
    before it (same kind, size and owner): the native backend's search."""

    def __attrs_post_init__(self) -> None:
        units, owners = self.units, self.owners
        order = tuple(sorted(range(len(units)),
                             key=lambda i: (owners[i], KIND_INDEX[units[i][0]], -units[i][1])))
        kinds = {kind for kind, _ in units}
        if kinds <= {GroupKind.SET, GroupKind.RUN}:
            axis: str | None = "number"
        elif kinds == {GroupKind.COLOR_GROUP}:
            axis = "color"
        else:
            axis = None
        in_order = tuple([units[i] for i in order])
        owned = tuple([owners[i] for i in order])
        same = tuple([i > 0 and in_order[i] == in_order[i - 1] and owned[i] == owned[i - 1]
                      for i in range(len(order))])
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "axis", axis)
        object.__setattr__(self, "ordered", (in_order, owned, same))


@attrs.frozen
class Problem:
    """A question in count-vector form."""

    requirement: Requirement
    pool: tuple[int, ...]
    """Numbered cards available, per face index (hand plus own table)."""
    wilds: int
    """Wilds available."""
    table: tuple[int, ...]
    """Numbered cards on the own table, per face index (they must stay on the table)."""
    table_wilds: int
    own: tuple[OwnCampsite, ...]
    plans: tuple[Plan, ...]
    limits: SolverLimits

    @property
    def hand_only(self) -> bool:
        """True when no own campsite takes part."""
        return not self.own


def _count(cards: Iterable[Card], what: str) -> tuple[list[int], int]:
    counts = [0] * NATURAL_COUNT
    wilds = 0
    for card in cards:
        index = card.index
        if index < NATURAL_COUNT:
            counts[index] += 1
        elif card is WILD:
            wilds += 1
    if wilds > copies_in_deck(WILD) or max(counts) > 2:
        face = WILD if wilds > copies_in_deck(WILD) else FACES[counts.index(max(counts))]
        n = wilds if face is WILD else max(counts)
        raise SolverInputError(
            f"{what}: {n} copies of {face}, the deck has {copies_in_deck(face)} [UC-1]")
    return counts, wilds


def standing(site: Campsite) -> tuple[Alternative, ...]:
    """The alternatives on which a campsite stands (UC-28): its primitive ones, then each
    complete one whose groups need not meet the primitive requirement (printed: "2 SETS
    OF 3 / 3 SETS OF 2"); the others add nothing, since groups meeting them meet a
    primitive alternative too."""
    complete = site.complete
    extra = tuple(
        alt for alt, groups in zip(complete.alternatives, complete.groups_asked, strict=True)
        if not site.primitive.meets_counts(Counter(groups))
    )
    return site.primitive.alternatives + extra


def too_many_groups(groups: int, limits: SolverLimits) -> bool:
    """Whether a question laying this many groups is past the limit the solver refuses
    (:func:`question_plans` raises ``ProblemTooLargeError``)."""
    return groups > limits.max_groups


def question_plans(requirement: Requirement, own: tuple[Campsite, ...], limits: SolverLimits,
                   onto: int | None = None) -> tuple[Plan, ...]:
    """Every (requirement alternative, own standing alternatives) as units to lay; with
    ``onto``, the requirement's groups go onto that own campsite, so only plans within
    the groups its faces name are kept (UC-30)."""
    key = (requirement, own, limits, onto)
    hit = _cache.SOLVER_PLANS.get(key)
    if hit is not None:
        return hit
    plans = []
    own_alts = [standing(site) for site in own]
    for index, alt in enumerate(requirement.alternatives):
        for choice in itertools.product(*own_alts):
            units: list[Unit] = []
            owners: list[int] = []
            specs = [(-1, alt), *enumerate(choice)]
            for owner, specs_of in specs:
                for spec in specs_of:
                    units += [(spec.kind, spec.size)] * spec.count
                    owners += [owner] * spec.count
            if too_many_groups(len(units), limits):
                raise ProblemTooLargeError(
                    f"{len(units)} groups in one question exceed the limit of "
                    f"{limits.max_groups}")
            if onto is not None and sum(o in (-1, onto) for o in owners) > own[onto].max_groups:
                continue
            plans.append(Plan(index, tuple(units), tuple(owners)))
    return _cache.keep(_cache.SOLVER_PLANS, key, tuple(plans))


_DEFAULT_LIMITS = SolverLimits()
EMPTY_TABLE = (0,) * NATURAL_COUNT
"""The table counts of a question without own campsites."""


def make_problem(
    requirement: Requirement,
    hand: Iterable[Card],
    own: Sequence[OwnCampsite] = (),
    limits: SolverLimits | None = None,
    onto: int | None = None,
) -> Problem:
    """Check a question and put it in count-vector form (action cards are ignored).

    ``onto`` names the own campsite (an index of ``own``) that receives the groups laid
    for ``requirement`` (a new group, UC-7), so that it keeps within the groups its faces
    name (UC-30); by default they go to a campsite of their own (a claim).

    Raises:
        SolverInputError: cards the deck cannot hold, or an own campsite that is invalid
            or does not stand (UC-28).
        ProblemTooLargeError: beyond ``limits``.
    """
    limits = limits or _DEFAULT_LIMITS
    own = tuple(own)
    for o in own:
        if not o.site.stands(o.groups):
            raise SolverInputError(
                f"own campsite {o.site.id} meets neither its primitive nor its complete "
                "requirement [UC-28]")
    table_cards = [p.face for o in own for g in o.groups for p in g.cards]
    pool, wilds = _count([*hand, *table_cards] if own else hand, "hand and table")
    table: Sequence[int] = EMPTY_TABLE
    table_wilds = 0
    if own:
        table, table_wilds = _count(table_cards, "the table")
    if sum(pool) + wilds > limits.max_cards:
        raise ProblemTooLargeError(
            f"{sum(pool) + wilds} cards exceed the limit of {limits.max_cards}")
    plans = question_plans(requirement, tuple(o.site for o in own), limits, onto)
    return Problem(requirement, tuple(pool), wilds, tuple(table), table_wilds, own, plans,
                   limits)


def hand_problem(requirement: Requirement, key: bytes, limits: SolverLimits) -> Problem:
    """:func:`make_problem` for a question from hand alone whose cards are given as their
    sorted face indices (move generation's key of a hand: naturals, then wilds)."""
    counts, wilds = key_counts(key)
    if wilds > copies_in_deck(WILD) or max(counts) > 2:
        _count((FACES[index] for index in key), "hand and table")  # raises, naming the face
    if len(key) > limits.max_cards:
        raise ProblemTooLargeError(f"{len(key)} cards exceed the limit of {limits.max_cards}")
    return Problem(requirement, tuple(counts), wilds, EMPTY_TABLE, 0, (),
                   question_plans(requirement, (), limits, None), limits)


def first_time(seen: set[T], key: T, limits: SolverLimits) -> bool:
    """Record ``key`` as seen; False if it was already.

    Raises:
        ProblemTooLargeError: more than ``limits.max_claims`` keys seen.
    """
    known = len(seen)
    seen.add(key)  # one hash of the key, not a look-up and then an add
    if len(seen) == known:
        return False
    if len(seen) > limits.max_claims:
        raise ProblemTooLargeError(
            f"more than {limits.max_claims} claims: raise SolverLimits.max_claims")
    return True


def run_start(numbers: Sequence[int], size: int) -> int:
    """The lowest start of a run of ``size`` holding these numbers (wilds fill the rest)."""
    return max(LOWEST, max(numbers) - size + 1)
