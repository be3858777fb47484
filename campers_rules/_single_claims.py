"""The options of an opened claim build whose alternatives are one or two groups each,
spelled straight from the hand's counts or candidates (issue 29).

Most campsites ask for one group (a set, run, color group or color run of a size). For
them the listing's claims are the candidates of that unit, in the order the native
solver meets them (``solver._native.candidates``), each a claim (UC-7). This module
spells them in the id path's build steps as it walks the hand's counts: each claim's
cards' ranks are collected as its candidate is met (no pick, no group built, no
generator), already in rank order (``_Walk``), and spelled with the claim's own first
step in front, as ``_firsts.compound_options`` holds them. The walk keeps the solver's
order exactly: the same first ``limit`` claims (``Config.claim_limit``).

The solver stops a search past its step budget (``SolverLimits.max_steps``) and keeps
the claims found before; this walk counts the same steps, or more (a run's window pays
for all the combinations it skips at once), and leaves any question that could reach
the budget to the solver (:func:`walked_options` answers ``None``), as it does a
question of two alternatives that are the same group.

A question with an alternative of two groups is walked too (:func:`_paired_walk`)
where the solver pairs each such alternative's candidates on the whole hand (a bound
then shows its search stays within the budget and the claims limit; three groups or
more, or a search that could pass the budget, are left to the solver): each unit's
candidates are listed once, as the solver lists them, and the pair loop runs inline on
their face masks, spelling each claim straight into the options (no generator, no cards
laid, no claim concatenated twice).
"""

from __future__ import annotations

from typing import Final

from campers_rules._groups import COLOR_GROUP, COLOR_RUN, KIND_INDEX, RUN, SET, GroupKind
from campers_rules._ids import SPELLING
from campers_rules._requirements import Requirement
from campers_rules._solving import _WHOLE_DECK, _ruled_out, may_meet, reach
from campers_rules.solver._native import (
    _NATURAL_RANK,
    _WILD_RANK,
    Pick,
    _faces,
    _may_repeat,
    _paired,
    _ranks,
    _takes,
    candidates,
    from_hand,
    group_ranks,
)
from campers_rules.solver._problem import SPAN, Plan, Problem

_BUDGET: Final = _WHOLE_DECK.max_steps
"""The solver's step budget for move generation."""
_MOST_CLAIMS: Final = _WHOLE_DECK.max_claims
"""The most claims the solver hands out before it refuses the question."""
_SPAN: Final = SPAN
_LAYS: Final = SPELLING[0]
_ENDS: Final = SPELLING[1]
_FINISH: Final = SPELLING[2]
_NATURAL: Final = _NATURAL_RANK
_WILD: Final = _WILD_RANK
_SET: Final = SET
_RUN: Final = RUN
_COLOR_GROUP: Final = COLOR_GROUP
_COLOR_RUN: Final = COLOR_RUN


def walked_options(requirement: Requirement, hand_key: bytes, head: int, limit: int
                   ) -> list[tuple[int, ...]] | None:
    """The options of a claim build opened with ``head`` (``_firsts.compound_options``,
    before the UC-8 filter) for a hand of these playing cards (sorted face indices): the
    native listing's first ``limit`` claims, each spelled ``(head, lays..., end, ...,
    finish)`` (UC-7), when every alternative the hand may meet is one group, no two of
    them the same (:func:`_single_walk`), or when the solver pairs the candidates of its
    two-group alternatives (:func:`_paired_walk`). ``None`` for any other question, and
    for one whose walk could reach the solver's step budget: the solver answers those."""
    wanted = may_meet(reach(hand_key), requirement)
    if not 0 < limit <= _MOST_CLAIMS:
        return None
    if not wanted or _ruled_out(requirement, hand_key, wanted):
        return []
    problem = from_hand(requirement, hand_key, _WHOLE_DECK)
    if not problem.hand_only:
        return None
    asked = [problem.plans[index] for index in wanted]
    for plan in asked:
        if len(plan.units) != 1:
            return _paired_walk(problem, asked, head, limit)
    return _single_walk(problem, asked, head, limit)


def _single_walk(problem: Problem, asked: list[Plan], head: int, limit: int
                 ) -> list[tuple[int, ...]] | None:
    """The claims of alternatives of one group each, walked over the hand's counts
    (:class:`_Walk`); ``None`` if two are the same group or the walk could reach the
    step budget."""
    units: list[tuple[GroupKind, int]] = []
    for plan in asked:
        if plan.units[0] in units:
            return None
        units.append(plan.units[0])
    walk = _Walk(list(problem.pool), problem.wilds, head, limit)
    for kind, size in units:
        walk.spent += 1  # the solver's set-up of a unit's candidates
        if kind is _SET or kind is _COLOR_GROUP:
            walk.families(kind is _SET, KIND_INDEX[kind], size)
        else:
            walk.windows(kind is _COLOR_RUN, KIND_INDEX[kind], size)
        if walk.spent > _BUDGET:
            return None
        if len(walk.out) >= limit:
            break
    return walk.out


def _paired_walk(problem: Problem, asked: list[Plan], head: int, limit: int
                 ) -> list[tuple[int, ...]] | None:
    """The claims of alternatives of one or two groups, at least one of two, when the
    solver pairs each two-group alternative's candidates on the whole hand
    (``_native._paired``: its search then provably stays within the step budget and the
    claims limit) and no two alternatives are the same groups; else ``None`` (three
    groups or more, a search that could reach the budget)."""
    if _may_repeat(problem, asked):
        return None
    lists = _paired(problem, asked)
    if lists is None:
        return None
    out: list[tuple[int, ...]] = []
    for at in range(len(asked)):
        plan = asked[at]
        units = lists[at]
        if units is None:
            _alone_into(out, plan.units[0], problem.pool, problem.wilds, head, limit)
        else:
            _pairs_into(out, plan, units[0], units[1], problem.pool, problem.wilds, head,
                        limit)
        if len(out) >= limit:
            break
    return out

def _alone_into(out: list[tuple[int, ...]], unit: tuple[GroupKind, int], pool: tuple[int, ...],
                wilds: int, head: int, limit: int) -> None:
    """The claims of a one-group alternative beside a paired one, spelled into ``out``
    up to ``limit`` of them, as the solver lists them (its candidates in order)."""
    kind, size = unit
    end = _ENDS[KIND_INDEX[kind]]
    for pick in candidates(kind, size, pool, wilds):
        ids = [head]
        for rank in group_ranks(kind, pick[1], pick[2], pick[3]):
            ids.append(_LAYS[rank])
        ids.append(end)
        ids.append(_FINISH)
        out.append(tuple(ids))
        if len(out) >= limit:
            return


def _pairs_into(out: list[tuple[int, ...]], plan: Plan, first: list[Pick],
                second: list[Pick], pool: tuple[int, ...], wilds: int, head: int,
                limit: int) -> None:
    """The claims of a two-group alternative, spelled into ``out`` up to ``limit`` of
    them, in the solver's order (``_native._pairs``: each candidate of the first unit,
    then each of the second that the cards it leaves can still form, no earlier than it
    for two identical units). Two picks clash iff both take a face held once, or one
    takes twice a face the other takes (48-bit masks); each candidate is spelled once,
    when a claim first takes it, and two groups of one kind go in their ranks' order."""
    once = _faces(pool, 1)
    same = plan.ordered[2][1]
    one_kind = plan.ordered[0][0][0] is plan.ordered[0][1][0]
    ranks = _ranks(first) if same else [0] * len(first)
    rank_of = ranks if same else [0] * len(second)
    wilds_of: list[int] = []
    taken_of: list[int] = []
    twice_of: list[int] = []
    for other in second:
        wilds_of.append(other[2])
        taken, twice = _takes(other[1])
        taken_of.append(taken)
        twice_of.append(twice)
    spelt_a = _Spelling(first)
    spelt_b = spelt_a if same else _Spelling(second)
    for i in range(len(first)):
        pick = first[i]
        rank = ranks[i]
        left = wilds - pick[2]
        taken, twice = _takes(pick[1])
        clash = taken & once | twice
        for j in range(len(second)):
            if wilds_of[j] > left or rank_of[j] < rank:
                continue
            if taken_of[j] & clash or twice_of[j] & taken:
                continue
            ids_a = spelt_a.ids_of(i)
            ids_b = spelt_b.ids_of(j)
            ids = [head]
            if one_kind and spelt_b.ranks[j] < spelt_a.ranks[i]:
                ids.extend(ids_b)
                ids.extend(ids_a)
            else:
                ids.extend(ids_a)
                ids.extend(ids_b)
            ids.append(_FINISH)
            out.append(tuple(ids))
            if len(out) >= limit:
                return


class _Spelling:
    """A paired unit's candidates, each spelled when first asked: its cards' ranks in
    canonical order (two groups of a kind order as their ranks) and its lay and end ids."""

    def __init__(self, picks: list[Pick]) -> None:
        self.picks = picks
        self.ranks: list[list[int]] = [[]] * len(picks)  # a group has a card: [] unspelled
        self.ids: list[list[int]] = [[]] * len(picks)

    def ids_of(self, i: int) -> list[int]:
        """The lay and end ids of candidate ``i``, spelling it first if it is not yet."""
        ids = self.ids[i]
        if not ids:
            kind, nat, wilds, start = self.picks[i]
            ranks = group_ranks(kind, nat, wilds, start)
            self.ranks[i] = ranks
            ids = [_LAYS[rank] for rank in ranks]
            ids.append(_ENDS[KIND_INDEX[kind]])
            self.ids[i] = ids
        return ids


class _Walk:
    """One question's walk over the hand's counts: the options spelled so far (at most
    ``limit``), and the solver steps they cost (:attr:`spent`, never fewer than the
    solver's own count for the same claims).

    A placement's rank orders by number first, then color, a wild just after the
    natural of its declared color and number: a run's cards, one a number, come in rank
    order as the walk meets them; a set's or color group's faces come in rank order too,
    and its wilds (a blue wild of the set's number, a wild 2 of the group's color) right
    after the copies of its first face (blue, or the 2), when it holds that face, else
    first. So no claim's cards are sorted."""

    def __init__(self, counts: list[int], wilds: int, head: int, limit: int) -> None:
        self.counts = counts
        self.wilds = wilds
        self.head = head
        self.limit = limit
        self.out: list[tuple[int, ...]] = []
        self.spent = 0
        self.end = 0  # the end id of the unit walked
        self.wild_lay = 0  # a wild's lay id in the family walked
        self.low = 0  # the fewest naturals a candidate of the unit walked holds
        self.size = 0

    # -- sets and color groups: one family of faces (a number's, a color's) at a time

    def families(self, by_number: bool, kind_index: int, size: int) -> None:
        """The candidates of a set (``by_number``) or color group of ``size`` cards, in
        the solver's order (``_native.candidates``: family by family, each paid for
        before any of its candidates is handed out, a step a card for each)."""
        counts = self.counts
        span = _SPAN
        self.end = _ENDS[kind_index]
        self.size = size
        self.low = max(1, size - self.wilds)
        members = 4 if by_number else span
        for family in range(span if by_number else 4):
            step = span if by_number else 1  # from one member's face to the next
            first = family if by_number else family * span  # the family's first face
            total = 0
            for member in range(members):
                total += counts[first + member * step]
            if total < self.low:
                continue
            if len(self.out) >= self.limit:
                return
            faces: list[int] = []
            most: list[int] = []
            for member in range(members):
                face = first + member * step
                if counts[face]:
                    faces.append(face)
                    most.append(counts[face])
            self.wild_lay = _LAYS[_WILD[0][family] if by_number else _WILD[family][0]]
            room = [0] * (len(faces) + 1)  # ``room[j]``: the copies of ``faces[j:]`` held
            for j in range(len(faces) - 1, -1, -1):
                room[j] = room[j + 1] + most[j]
            found: list[tuple[int, ...]] = []
            self.family_from(found, faces, most, room, 0, [], 0, faces[0] == first)
            self.spent += len(found)
            for option in found:
                if len(self.out) >= self.limit:
                    return
                self.out.append(option)
                self.spent += 1 + size

    def family_from(self, found: list[tuple[int, ...]], faces: list[int], most: list[int],
                    room: list[int], j: int, lays: list[int], split: int, leads: bool
                    ) -> None:
        """The family's candidates from ``faces[j:]`` after the naturals of ``lays``
        (lay ids) taken of the faces before, as ``_native._family_from`` meets them
        (more copies of an earlier face first, a group before the smaller ones it
        extends), spelled into ``found``; a claim's wilds go after its first ``split``
        cards (``leads``: the family's first face leads the walk, its copies are those
        cards). ``lays`` is as given again on return."""
        size = self.size
        taken = len(lays)
        lay = _LAYS[_NATURAL[faces[j]]]
        top = min(most[j], size - taken)
        last = j == len(faces) - 1
        for _ in range(top):
            lays.append(lay)
        for k in range(top, -1, -1):  # ``lays`` holds ``k`` copies of ``faces[j]``
            total = taken + k
            if j == 0 and leads:
                split = k
            if total == size or last:
                if total >= self.low:
                    found.append(self.spelt(lays, split, size - total))
            elif total + room[j + 1] >= self.low:
                self.family_from(found, faces, most, room, j + 1, lays, split, leads)
            if k:
                lays.pop()

    def spelt(self, lays: list[int], split: int, wilds: int) -> tuple[int, ...]:
        """The option of a set or color group of these naturals' lay ids and ``wilds``
        wilds, put after the first ``split`` of them."""
        ids = [self.head]
        for at in range(split):
            ids.append(lays[at])
        for _ in range(wilds):
            ids.append(self.wild_lay)
        for at in range(split, len(lays)):
            ids.append(lays[at])
        ids.append(self.end)
        ids.append(_FINISH)
        return tuple(ids)

    # -- runs and color runs: one window of numbers at a time

    def windows(self, one_color: bool, kind_index: int, size: int) -> None:
        """The candidates of a run or (``one_color``) color run of ``size`` cards, in the
        solver's order: color by color for a color run, window by window, a card per
        number from the lowest, each number's faces in face order then a wild (the last
        number's choice changing first); a window pays for every choice of more wilds
        than the hand may spend, and each claim a step a card."""
        counts = self.counts
        span = _SPAN
        self.end = _ENDS[kind_index]
        self.size = size
        low = max(1, size - self.wilds)
        self.low = low
        most_wilds = size - low
        for color in range(4 if one_color else 1):
            declared = _WILD[color]
            first = color if one_color else 0
            last = color + 1 if one_color else 4
            present_below = [0] * (span + 1)  # the numbers held below each, in these colors
            for n in range(span):
                held = 0
                for c in range(first, last):
                    if counts[c * span + n]:
                        held = 1
                present_below[n + 1] = present_below[n] + held
            for start in range(span - size + 1):
                if present_below[start + size] - present_below[start] < low:
                    continue  # too few numbers held: more wilds than the hand may spend
                options: list[list[int]] = []
                choices = 1
                for n in range(start, start + size):
                    lays: list[int] = []
                    for c in range(first, last):
                        face = c * span + n
                        if counts[face]:
                            lays.append(_LAYS[_NATURAL[face]])
                    if most_wilds:
                        lays.append(-1 - _LAYS[declared[n]])  # a wild, as its complement
                    options.append(lays)
                    choices *= len(lays)
                before = len(self.out)
                self.window_from(options, 0, most_wilds, [self.head])
                handed = len(self.out) - before
                self.spent += handed * (1 + size)
                if most_wilds:  # every choice not handed out was skipped for its wilds
                    self.spent += choices - handed
                if len(self.out) >= self.limit:
                    return

    def window_from(self, options: list[list[int]], at: int, wilds: int, ids: list[int]
                    ) -> None:
        """The window's candidates after the head and the lay ids ``ids`` holds for its
        numbers before ``at``, with at most ``wilds`` wilds left, spelled in order;
        ``ids`` is as given again on return."""
        if at == len(options):
            ids.append(self.end)
            ids.append(_FINISH)
            self.out.append(tuple(ids))
            ids.pop()
            ids.pop()
            return
        for option in options[at]:
            if option < 0:
                if not wilds:
                    continue
                ids.append(-1 - option)
                self.window_from(options, at + 1, wilds - 1, ids)
            else:
                ids.append(option)
                self.window_from(options, at + 1, wilds, ids)
            ids.pop()
            if len(self.out) >= self.limit:
                return
