"""The native backend: memoised backtracking over count vectors.

Each unit (a group the question asks for) draws a candidate group from the remaining
count vector; a subtree that found nothing is remembered by (unit, counts, wilds), so it is
never searched twice. Identical consecutive units take candidates in non-decreasing order,
so an enumeration never yields the same claim twice. Physical cards are chosen in face
order, which makes every answer deterministic.

For a question without color kinds (only sets and runs), the decision first works on
counts per *number* (colors collapsed), a much smaller space, and picks colors afterwards.

:func:`laid` gives each claim's groups built (a pick's kept in ``_cache.PICK_GROUPS``);
:func:`spelled_first` gives the first claims spelled in a caller's ids straight from their
cards' ranks (the id path's build steps), without building a group.

The enumeration of a question of one or two groups from hand lists each group's
candidates once, on the whole hand, and pairs them (:func:`_pairs`), when a bound shows the
search would stay within its step budget; the backtracking runs otherwise.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from operator import add
from typing import Final

from campers_rules import _cache
from campers_rules._cards import FACES, LOWEST, NATURAL_COPIES, WILD, WILD_COPIES
from campers_rules._groups import (
    COLOR_GROUP,
    COLOR_RUN,
    CONSECUTIVE,
    KIND_INDEX,
    MAX_SIZE,
    PLACEMENTS,
    RUN,
    SAME_COLOR,
    SET,
    Group,
    GroupKind,
    Placed,
    sorted_group,
)
from campers_rules._requirements import Requirement
from campers_rules.solver._errors import ProblemTooLargeError
from campers_rules.solver._problem import (
    EMPTY_TABLE,
    NATURAL_COUNT,
    SPAN,
    Claim,
    GroupCode,
    Plan,
    Problem,
    Solution,
    SolverLimits,
    group_key,
    hand_problem,
    index_number,
    natural_face,
    question_plans,
    run_start,
)

Pick = tuple[GroupKind, tuple[int, ...], int, int]
"""A candidate group: kind, natural face indices (sorted), wilds, run start (else 0)."""

# What the enumeration reads per candidate or claim, as constants of this module: the
# compiled build reads another module's name as a Python attribute (a dict look-up).
_SET: Final = SET
_RUN: Final = RUN
_COLOR_GROUP: Final = COLOR_GROUP
_COLOR_RUN: Final = COLOR_RUN
_KIND_INDEX: Final = KIND_INDEX
_SPAN: Final = SPAN
_LOWEST: Final = LOWEST


_SET_FAMILIES = tuple(tuple(c * SPAN + n for c in range(4)) for n in range(SPAN))
"""The faces of each number, one per color: a set's candidates come from one of them."""
_COLOR_FAMILIES = tuple(tuple(range(c * SPAN, c * SPAN + SPAN)) for c in range(4))
"""The faces of each color: a color group's candidates come from one of them."""


def _family_picks(kind: GroupKind, faces: list[int], counts: list[int], low: int,
                  size: int) -> list[Pick]:
    """The candidates of a set or color group from one family's faces present (in face
    order), with ``low`` to ``size`` naturals: more copies of an earlier face first, and a
    group before the smaller ones it extends."""
    most = [counts[f] for f in faces]
    room = [0] * (len(faces) + 1)  # ``room[j]``: the copies of ``faces[j:]`` held
    for j in range(len(faces) - 1, -1, -1):
        room[j] = room[j + 1] + most[j]
    out: list[Pick] = []
    _family_from(out, kind, faces, most, room, low, size, 0, [])
    return out


def _family_from(out: list[Pick], kind: GroupKind, faces: list[int], most: list[int],
                 room: list[int], low: int, size: int, j: int, nat: list[int]) -> None:
    """:func:`_family_picks` from ``faces[j:]`` (``most`` copies of each held, ``room[j]``
    of them all) after the naturals ``nat`` chosen of the faces before: appended to
    ``out``; ``nat`` is as given again on return."""
    taken = len(nat)
    face = faces[j]
    top = min(most[j], size - taken)
    last = j == len(faces) - 1
    for _ in range(top):
        nat.append(face)
    for k in range(top, -1, -1):  # ``nat`` holds ``k`` copies of ``face``
        total = taken + k
        if total == size or last:  # no face after this one
            if total >= low:
                out.append((kind, tuple(nat), size - total, 0))
        elif total + room[j + 1] >= low:
            _family_from(out, kind, faces, most, room, low, size, j + 1, nat)
        if k:
            nat.pop()


def candidates(kind: GroupKind, size: int, counts: Sequence[int], wilds: int,
               steps: Steps | None = None) -> Iterator[Pick]:
    """Every group of ``kind`` and exactly ``size`` cards these counts can form.

    ``steps`` pays for the work the caller does not see: a step per candidate of a set's
    or color group's family, before the first is given (what building them costs), and
    one per combination of a run passed over for holding too many wilds; the caller pays
    for each candidate it is given.
    """
    low = max(1, size - wilds)
    held = list(counts)  # a list: indexed natively when compiled, whatever ``counts`` is
    if kind not in CONSECUTIVE:
        # a set shares a number (its faces one per color), a color group a color; a
        # family holding fewer than ``low`` naturals is skipped without building it
        if kind is _SET:
            totals = list(map(add, map(add, held[0:_SPAN], held[_SPAN:2 * _SPAN]),
                              map(add, held[2 * _SPAN:3 * _SPAN], held[3 * _SPAN:])))
            families = _SET_FAMILIES
        else:
            totals = [sum(held[c * _SPAN:c * _SPAN + _SPAN]) for c in range(4)]
            families = _COLOR_FAMILIES
        for at in range(len(families)):
            if totals[at] < low:
                continue
            picks = _family_picks(kind, [f for f in families[at] if held[f]], held, low, size)
            if steps is not None:
                steps.take(len(picks))
            yield from picks
    else:
        # numbers present in these colors, as prefix sums: a window short of naturals
        # is skipped without building its options
        # (C built-ins, no Python line a number: the step budget bounds the lines run)
        if kind is _RUN:  # the faces of each number, in any color
            shapes: list[tuple[tuple[tuple[int, ...], ...], map[bool]]] = [(
                _SET_FAMILIES,
                map(bool, map(add, map(add, held[0:_SPAN], held[_SPAN:2 * _SPAN]),
                              map(add, held[2 * _SPAN:3 * _SPAN], held[3 * _SPAN:]))),
            )]
        else:  # a color run: the face of each number in one color
            shapes = [(_COLOR_NUMBER_FACES[c], map(bool, held[c * _SPAN:c * _SPAN + _SPAN]))
                      for c in range(4)]
        most_wilds = size - low
        one_color = kind is _COLOR_RUN
        for faces_of, here in shapes:
            present = [0, *itertools.accumulate(here)]
            for start in range(_SPAN - size + 1):
                # at least ``low`` numbers present: at most ``wilds`` are missing
                if present[start + size] - present[start] < low:
                    continue
                options: list[list[int]] = []
                for n in range(start, start + size):
                    faces = [f for f in faces_of[n] if held[f]]
                    if most_wilds:
                        faces.append(-1)
                    options.append(faces)
                if not most_wilds:  # no wild option: every combo is all naturals
                    # a combo is in number order: in face order too within one color
                    for combo in itertools.product(*options):
                        yield (kind, combo if one_color else tuple(sorted(combo)), 0,
                               start + _LOWEST)
                    continue
                # at most ``most_wilds`` wilds (-1, the last option of a number)
                for combo in itertools.product(*options):
                    used = combo.count(-1)
                    if used <= most_wilds:
                        nat = sorted(combo)[used:]
                        yield (kind, tuple(nat), used, start + _LOWEST)
                    elif steps is not None:  # inline: a call here costs 1% of a game
                        steps.left -= 1
                        if steps.left < 0:
                            steps.take(0)

_COLOR_NUMBER_FACES = tuple(tuple((c * _SPAN + n,) for n in range(_SPAN)) for c in range(4))
"""The face of each color and number, alone."""


NATURAL_RANK: Final = tuple([int(Placed.natural(FACES[i])) for i in range(NATURAL_COUNT)])
"""Each face index's rank as itself: the int value of its placement, its place in the
canonical order of a group's cards."""
WILD_RANK: Final = tuple([tuple([int(PLACEMENTS[n * 8 + c * 2 + 1]) for n in range(SPAN)])
                          for c in range(4)])
"""``WILD_RANK[c][n]``: the rank of a wild declared as the color of index ``c`` and
number ``n + 2`` (one more than that face's)."""


def build_group(kind: GroupKind, naturals: tuple[int, ...], wilds: int, start: int = 0
                ) -> Group:
    """The group of these natural faces (indices) and wilds, each wild given its value
    (:func:`group_ranks`)."""
    return sorted_group(kind, tuple([PLACEMENTS[rank]
                                     for rank in group_ranks(kind, naturals, wilds, start)]))


def group_ranks(kind: GroupKind, naturals: tuple[int, ...], wilds: int, start: int = 0
                ) -> list[int]:
    """The ranks (each placed card's int value), in canonical order, of the cards of the
    group of these natural faces (indices) and wilds, each wild given its value.

    Wilds in a set count as a blue card of the set's number; in a color group as the
    color's 2; in a run they fill the numbers from ``start`` that no natural covers (blue
    in a run, the run's color in a color run).
    """
    ranks = [NATURAL_RANK[i] for i in naturals]
    if not wilds:
        pass
    elif kind is _SET:  # a blue wild of the set's number
        ranks += [WILD_RANK[0][naturals[0] % _SPAN]] * wilds
    elif kind is _COLOR_GROUP:  # a wild 2 of the group's color
        ranks += [WILD_RANK[naturals[0] // _SPAN][0]] * wilds
    else:
        declared = WILD_RANK[naturals[0] // _SPAN if kind is _COLOR_RUN else 0]
        low = start - _LOWEST
        covered = 0  # the naturals' numbers, as bits
        for i in naturals:
            covered |= 1 << i % _SPAN
        for n in range(low, low + len(naturals) + wilds):
            if not covered >> n & 1:
                ranks.append(declared[n])
    ranks.sort()
    return ranks


def _code(kind: GroupKind, naturals: tuple[int, ...], wilds: int, start: int) -> GroupCode:
    """The :data:`GroupCode` of a pick's group, from its ranks (no group built)."""
    code = group_ranks(kind, naturals, wilds, start)
    code.insert(0, _KIND_INDEX[kind])
    return tuple(code)


class _Search:
    """Backtracking over one plan's units, on a mutable count vector. From hand, a node
    that found nothing is remembered; with own campsites (no memo: a leaf's table cards
    depend on the picks) each node reached costs a step."""

    def __init__(self, problem: Problem, plan: Plan, steps: Steps) -> None:
        self.units, self.owners, self.same_as_previous = plan.ordered
        self.counts = list(problem.pool)
        self.wilds = problem.wilds
        self.picks: list[Pick] = []
        self.failed: set[tuple[object, ...]] = set()
        # a leaf check (table cards to absorb) depends on the picks: no memo then
        self.memo = not problem.own
        self.steps = steps

    def run(self, i: int = 0) -> Iterator[list[Pick]]:
        if not self.memo:  # no memo bounds the nodes: each costs a step, leaves too
            self.steps.take()
        if i == len(self.units):
            yield list(self.picks)
            return
        previous = self.picks[-1] if self.same_as_previous[i] else None
        key = (i, tuple(self.counts), self.wilds, previous) if self.memo else None
        if key is not None and key in self.failed:
            return
        found = False
        kind, size = self.units[i]
        for pick in candidates(kind, size, self.counts, self.wilds, self.steps):
            self.steps.take()
            if previous is not None and pick[1:] < previous[1:]:
                continue
            for f in pick[1]:
                self.counts[f] -= 1
            self.wilds -= pick[2]
            self.picks.append(pick)
            for leaf in self.run(i + 1):
                found = True
                yield leaf
            self.picks.pop()
            self.wilds += pick[2]
            for f in pick[1]:
                self.counts[f] += 1
        if not found and key is not None:
            self.failed.add(key)


class Steps:
    """One query's budget of work (:attr:`SolverLimits.max_steps`), across all its plans:
    past it, :class:`ProblemTooLargeError`, never a hang."""

    def __init__(self, budget: int) -> None:
        self.left = budget
        self.budget = budget

    def take(self, n: int = 1) -> None:
        """Spend ``n`` steps (0: only raise if overspent)."""
        self.left -= n
        if self.left < 0:
            raise ProblemTooLargeError(
                f"the search took more than {self.budget} steps: raise SolverLimits.max_steps")


def _group(pick: Pick) -> Group:
    """The group of a pick, kept per pick: the same candidates recur across questions and
    hands, and a group is immutable."""
    group = _cache.PICK_GROUPS.get(pick)
    if group is None:
        group = _cache.keep(_cache.PICK_GROUPS, pick,
                            build_group(pick[0], pick[1], pick[2], pick[3]))
    return group


def _table_left(problem: Problem) -> Callable[[Sequence[int], int], list[int]]:
    """A function of the search's remaining counts and wilds at a leaf: the table cards
    its picks leave over (face indices, -1 a wild). A face's remaining copies beyond the
    hand's are table cards; only the faces the table holds are looked at."""
    faces = [(f, problem.pool[f] - problem.table[f])
             for f in range(NATURAL_COUNT) if problem.table[f]]
    hand_wilds = problem.wilds - problem.table_wilds

    def left(counts: Sequence[int], wilds: int) -> list[int]:
        out = [f for f, hand in faces for _ in range(counts[f] - hand)]
        return out + [-1] * (wilds - hand_wilds)

    return left


class _Growing:
    """A pick taking table cards: its naturals, wilds, and for a run or color run the bit
    mask of its numbers (0 for the other kinds, which do not read it)."""

    __slots__ = ("kind", "nat", "numbers", "wilds")

    def __init__(self, pick: Pick) -> None:
        self.kind = pick[0]
        self.nat = list(pick[1])
        self.wilds = pick[2]
        self.numbers = sum({1 << f % SPAN for f in pick[1]}) if pick[0] in CONSECUTIVE else 0

    def fits(self, card: int) -> bool:
        """Whether the group, valid so far, may take one more card (a face index, -1 a
        wild). A run's span is left to the end: a later card may fill a gap."""
        kind = self.kind
        if len(self.nat) + self.wilds >= MAX_SIZE[kind]:
            return False
        if card < 0:
            return True
        first = self.nat[0]
        if kind is SET:
            return card % SPAN == first % SPAN
        if kind in SAME_COLOR and card // SPAN != first // SPAN:
            return False
        return kind is COLOR_GROUP or not self.numbers >> card % SPAN & 1

    def spans(self) -> bool:
        """Whether a run's numbers lie within as many consecutive numbers as its cards."""
        numbers = self.numbers
        return numbers.bit_length() - (numbers & -numbers).bit_length() < len(
            self.nat) + self.wilds


def _absorb(picks: list[Pick], left: list[int], steps: Steps) -> list[Pick] | None:
    """Extend the picks with the table cards ``left`` over, or ``None`` if impossible:
    each card tries the groups in order, a step each."""
    if not left:  # every pick is a valid group of its exact size
        return picks
    groups = [_Growing(pick) for pick in picks]
    runs = [group for group in groups if group.numbers]

    def place(j: int) -> bool:
        if j == len(left):
            return all(group.spans() for group in runs)
        card = left[j]
        for group in groups:
            steps.take()
            if not group.fits(card):
                continue
            if card < 0:
                group.wilds += 1
                if place(j + 1):
                    return True
                group.wilds -= 1
                continue
            numbers = group.numbers
            group.nat.append(card)
            if numbers:
                group.numbers = numbers | 1 << card % SPAN
            if place(j + 1):
                return True
            group.numbers = numbers
            group.nat.pop()
        return False

    if not place(0):
        return None
    out: list[Pick] = []
    for group, old in zip(groups, picks, strict=True):
        if len(group.nat) + group.wilds == len(old[1]) + old[2]:
            out.append(old)
            continue
        nat = tuple(sorted(group.nat))
        size = len(nat) + group.wilds
        start = (run_start([index_number(i) for i in nat], size)
                 if group.kind in CONSECUTIVE else 0)
        out.append((group.kind, nat, group.wilds, start))
    return out


def _leaves(problem: Problem, plan: Plan,
            steps: Steps) -> Iterator[tuple[Sequence[int], list[Pick], list[Pick]]]:
    """Each arrangement of the plan: owners, exact-size picks, picks after absorbing.

    With own campsites every node of the search costs a step (:class:`_Search`): a group
    begun on the cards left, whose candidates are listed, or an arrangement complete,
    whose table cards left over are found."""
    steps.take()  # a plan whose first unit has no candidate still costs its set-up
    search = _Search(problem, plan, steps)
    if not problem.own:
        for picks in search.run():
            yield search.owners, picks, picks
        return
    left = _table_left(problem)
    for picks in search.run():
        final = _absorb(picks, left(search.counts, search.wilds), steps)
        if final is not None:
            yield search.owners, picks, final


def _solution(problem: Problem, plan: Plan, owners: Sequence[int],
              picks: Sequence[Pick]) -> Solution:
    claim = Claim(tuple(_group(p) for p, o in zip(picks, owners, strict=True) if o < 0))
    table = tuple(
        tuple(_group(p) for p, o in zip(picks, owners, strict=True) if o == i)
        for i in range(len(problem.own))
    )
    # face indices sorted give the faces in card order; the wild sorts after every natural
    laid = [natural_face(f) for f in sorted(f for p in picks for f in p[1])]
    laid += [WILD] * sum(p[2] for p in picks)
    if not problem.own:
        return Solution(claim, plan.alternative, (), tuple(laid))
    before = [c.face for o in problem.own for g in o.groups for c in g.cards]
    from_hand = Counter(laid) - Counter(before)
    return Solution(claim, plan.alternative, table, tuple(sorted(from_hand.elements())))


def _options(kind: GroupKind, size: int, low: int,
             totals: list[int]) -> Iterator[tuple[tuple[int, ...], int, int]]:
    """Candidate (values used, wilds, run start) on projected totals, most naturals first."""
    if kind is not RUN:
        for v, total in enumerate(totals):
            for k in range(min(total, size), low - 1, -1):
                yield (v,) * k, size - k, 0
        return
    present = [0]
    for total in totals:
        present.append(present[-1] + (total > 0))
    for start in range(SPAN - size + 1):
        if present[start + size] - present[start] < low:
            continue
        have = [n for n in range(start, start + size) if totals[n]]
        for k in range(len(have), low - 1, -1):
            for sub in itertools.combinations(have, k):
                yield sub, size - k, start + LOWEST


def _projected(problem: Problem, plan: Plan, axis: str, steps: Steps) -> list[Pick] | None:
    """Decide a plan on counts projected to one axis, then choose faces in face order.

    Sets and runs only look at numbers, color groups only at colors, so the decision on
    the projected totals is exact and far smaller than on the 48 faces.
    """
    pool = problem.pool
    if axis == "number":
        totals = [pool[n] + pool[SPAN + n] + pool[2 * SPAN + n] + pool[3 * SPAN + n]
                  for n in range(SPAN)]
    else:
        totals = [sum(pool[c * SPAN:(c + 1) * SPAN]) for c in range(4)]
    order = plan.order
    units = [plan.units[i] for i in order]
    failed: set[tuple[object, ...]] = set()
    chosen: list[tuple[tuple[int, ...], int, int]] = []

    last = len(units) - 1
    steps.take()

    def rec(i: int, wilds: int) -> bool:
        kind, size = units[i]
        options = _options(kind, size, max(1, size - wilds), totals)
        if i == last:  # every option completes the plan: take the first
            for option in options:
                chosen.append(option)
                return True
            return False
        key = (i, tuple(totals), wilds)
        if key in failed:
            return False
        for values, w, start in options:
            steps.take()
            for v in values:
                totals[v] -= 1
            chosen.append((values, w, start))
            ok = rec(i + 1, wilds - w)
            for v in values:
                totals[v] += 1
            if ok:
                return True
            chosen.pop()
        failed.add(key)
        return False

    if not rec(0, problem.wilds):
        return None
    counts = list(pool)
    picks: list[Pick] = [(SET, (), 0, 0)] * len(units)
    for slot, (values, w, start) in zip(order, chosen, strict=True):
        faces = []
        for v in values:
            if axis == "number":
                f = next(c * SPAN + v for c in range(4) if counts[c * SPAN + v])
            else:
                f = next(f for f in range(v * SPAN, v * SPAN + SPAN) if counts[f])
            counts[f] -= 1
            faces.append(f)
        picks[slot] = (plan.units[slot][0], tuple(sorted(faces)), w, start)
    return picks


def solve(problem: Problem) -> Solution | None:
    """Question (a): a witness that the requirement can be met, or ``None``.

    Raises:
        ProblemTooLargeError: the search took more than ``problem.limits.max_steps``.
    """
    steps = Steps(problem.limits.max_steps)
    for plan in problem.plans:
        axis = plan.axis if not problem.own else None
        if axis is not None:
            picks = _projected(problem, plan, axis, steps)
            if picks is not None:
                return _solution(problem, plan, plan.owners, picks)
            continue
        for owners, _, final in _leaves(problem, plan, steps):
            return _solution(problem, plan, owners, final)
    return None


def _listed(kind: GroupKind, size: int, problem: Problem) -> tuple[list[Pick], int]:
    """The candidates of one unit on the whole hand, and the steps listing them costs the
    search (each candidate given, and what :func:`candidates` charges besides).

    Raises:
        ProblemTooLargeError: listing them alone would overspend the step budget.
    """
    steps = Steps(problem.limits.max_steps)
    found = list(candidates(kind, size, problem.pool, problem.wilds, steps))
    return found, problem.limits.max_steps - steps.left + len(found)


def _pairs(problem: Problem, plan: Plan, first: list[Pick], second: list[Pick]
           ) -> Iterator[tuple[int, int]]:
    """The leaves of a plan of two units from hand, in the search's order, as the indices
    of their picks in each unit's candidates on the whole hand (``first``, ``second``;
    a leaf's picks are fetched only by who reads it): a smaller count vector
    only removes candidates from a unit's enumeration, whose order is fixed by the faces
    alone, so the second unit's candidates once a first is drawn are ``second`` less those
    the cards left cannot form (and, for two identical units, less those before the first,
    as :class:`_Search` takes them)."""
    # a face has one or two copies: two picks that fit the hand alone clash iff both take
    # a face held once, or one takes twice a face the other takes (48-bit masks)
    once = held_faces(problem.pool, 1)
    wilds = problem.wilds
    same = plan.ordered[2][1]  # then ``second`` is ``first``, ranked by pick[1:]
    ranks = _ranks(first) if same else [0] * len(first)
    # the second unit's candidates as parallel lists of ints (a pick is fetched only
    # when a pair is given): wilds, faces taken, faces taken twice, rank
    wilds_of = [other[2] for other in second]
    taken_of: list[int] = []
    twice_of: list[int] = []
    for other in second:
        taken, twice = _takes(other[1])
        taken_of.append(taken)
        twice_of.append(twice)
    rank_of = ranks if same else [0] * len(second)
    for i in range(len(first)):
        pick = first[i]
        rank = ranks[i]
        left = wilds - pick[2]
        taken, twice = _takes(pick[1])
        clash = taken & once | twice
        for j in range(len(second)):
            if wilds_of[j] > left or rank_of[j] < rank:
                continue
            if not (taken_of[j] & clash or twice_of[j] & taken):
                yield i, j


def held_faces(pool: Sequence[int], copies: int) -> int:
    """The faces held exactly ``copies`` times, as bits (bit ``f`` for face index ``f``)."""
    mask = 0
    for f in range(NATURAL_COUNT):
        if pool[f] == copies:
            mask |= 1 << f
    return mask


def _takes(nat: tuple[int, ...]) -> tuple[int, int]:
    """The faces a pick's naturals (sorted face indices) take, and those it takes twice,
    as bits."""
    taken = 0
    twice = 0
    for f in nat:
        bit = 1 << f
        twice |= taken & bit
        taken |= bit
    return taken, twice


def _ranks(picks: list[Pick]) -> list[int]:
    """Each pick's place among the distinct ``pick[1:]`` in increasing order (equal for
    equal ones): picks of one kind compare as their ranks. Each ``pick[1:]`` is sorted as
    an int (:func:`order_key`), not as a tuple of a tuple."""
    width = 0
    for pick in picks:
        width = max(width, len(pick[1]))
    keys = [order_key(pick, width) for pick in picks]
    order = {key: n for n, key in enumerate(sorted(set(keys)))}
    return [order[key] for key in keys]


def order_key(pick: Pick, width: int) -> int:
    """An int that orders as ``pick[1:]`` (naturals, wilds, run start) among picks of at
    most ``width`` naturals: six bits a natural (its face index plus one, 0 past the
    last, so that a shorter prefix comes first), then the wilds and the start. Each field
    stays below 64: faces plus one at most 48, wilds at most 27 (``MAX_SIZE`` caps a group
    at 28 cards), starts at most 13."""
    _, nat, wilds, start = pick
    key = 0
    for k in range(width):
        key = key << 6 | (nat[k] + 1 if k < len(nat) else 0)
    return (key << 6 | wilds) << 6 | start


def _paired(problem: Problem, plans: Sequence[Plan]) -> list[list[list[Pick]] | None] | None:
    """Each plan's candidates per unit on the whole hand, when every plan is of one or
    two units from hand and the search of them all provably stays within the step
    budget and the claims limit (then :func:`_pairs` gives the leaves of a two-unit plan
    and no step need be counted); else ``None``, and the plain search runs."""
    if problem.own:
        return None
    try:
        return _bounded_lists(problem, plans)
    except ProblemTooLargeError:
        return None


def _bounded_lists(problem: Problem, plans: Sequence[Plan]
                   ) -> list[list[list[Pick]] | None] | None:
    """:func:`_paired` for a question from hand."""
    out: list[list[list[Pick]] | None] = []
    bound = 0
    claims = 0
    for plan in plans:
        units = plan.ordered[0]
        if len(units) == 1:
            out.append(None)
            kind, size = units[0]
            found, cost = _listed(kind, size, problem)
            bound += 1 + cost + len(found) * size
            claims += len(found)
            continue
        if len(units) != 2:
            return None
        first, first_cost = _listed(units[0][0], units[0][1], problem)
        second, second_cost = ((first, first_cost) if plan.ordered[2][1]
                               else _listed(units[1][0], units[1][1], problem))
        leaves = len(first) * len(second)
        bound += 1 + first_cost + len(first) * second_cost + leaves * (units[0][1] + units[1][1])
        claims += leaves
        out.append([first, second])
    if bound > problem.limits.max_steps or claims > problem.limits.max_claims:
        return None
    return out


class _Claims:
    """The claims an enumeration has handed out: how many (past ``limits.max_claims``,
    :class:`ProblemTooLargeError`) and, only where two leaves may be one claim, which."""

    def __init__(self, problem: Problem, asked: Sequence[Plan]) -> None:
        self.count = 0
        self.most = problem.limits.max_claims
        self.seen: set[tuple[Pick, ...]] | None = (
            set() if may_repeat(problem, asked) else None)

    def new(self, key: tuple[Pick, ...]) -> bool:
        """Count the claim of these picks; False if it was handed out already.

        Raises:
            ProblemTooLargeError: more than ``max_claims`` claims.
        """
        seen = self.seen
        if seen is not None:
            known = len(seen)
            seen.add(key)  # one hash of the key, not a look-up and then an add
            if len(seen) == known:
                return False
        return self.one_more()

    def one_more(self) -> bool:
        """Count one more claim: all :meth:`new` does where no two leaves may be one
        claim (``seen`` is ``None``), so that no key need be built. Returns True (always).

        Raises:
            ProblemTooLargeError: more than ``max_claims`` claims.
        """
        self.count += 1
        if self.count > self.most:
            raise ProblemTooLargeError(
                f"more than {self.most} claims: raise SolverLimits.max_claims")
        return True


def may_repeat(problem: Problem, asked: Sequence[Plan]) -> bool:
    """Whether two leaves of these plans may be one claim. From hand, a claim's picks
    name their units (kind, and size in cards), one plan never gives a claim twice (a
    unit's candidates are distinct, identical units take them in non-decreasing order),
    so only two plans of the same units can; with own campsites, two leaves differing
    only in the groups for them give one claim."""
    if problem.own:
        return True
    units = [plan.ordered[0] for plan in asked]  # sorted: by kind, then size
    # compared pair by pair (a question asks a few plans): no kind hashed, as a set would
    for i in range(1, len(units)):
        for j in range(i):
            if units[i] == units[j]:
                return True
    return False


class _Enumeration:
    """One enumeration of distinct claims (see :func:`claims`): its step budget, the plans
    asked, the claims handed out, and each plan's candidates per unit when pairing them
    is bounded (:func:`_paired`). A claim handed out costs a step per card (building it
    outweighs trying a candidate)."""

    def __init__(self, problem: Problem, plans: Sequence[int] | None) -> None:
        self.problem = problem
        self.steps = Steps(problem.limits.max_steps)
        self.asked = problem.plans if plans is None else [problem.plans[i] for i in plans]
        self.handed = _Claims(problem, self.asked)
        self.paired = (_paired(problem, self.asked)
                       if any(len(p.units) == 2 for p in self.asked) else None)

    def lists(self, index: int) -> list[list[Pick]] | None:
        """The candidates of each unit of the asked plan at ``index`` when it is paired
        (:func:`_pairs` gives its leaves), else ``None``."""
        paired = self.paired
        return paired[index] if paired is not None else None

    def pair(self, swap: bool, a: Pick, b: Pick) -> tuple[Pick, Pick] | None:
        """The picks of a paired plan's leaf in canonical order (``swap``: the plan's, see
        :func:`_swaps`), or ``None`` if that claim was handed out already."""
        pair = _in_order(swap, a, b)
        return pair if self.handed.new(pair) else None

    def fresh(self, swap: bool, a: Pick, b: Pick) -> bool:
        """Whether a paired plan's leaf is a claim not handed out yet (:meth:`pair`, its
        picks put together only where two leaves may be one claim)."""
        handed = self.handed
        if handed.seen is None:
            return handed.one_more()
        return handed.new(_in_order(swap, a, b))

    def candidates(self, plan: Plan) -> Iterator[Pick]:
        """The candidates of a plan of one unit from hand, its set-up paid: the search's
        leaves are the candidates themselves (:meth:`alone` says which to hand out)."""
        kind, size = plan.units[0]
        self.steps.take()
        return candidates(kind, size, self.problem.pool, self.problem.wilds, self.steps)

    def alone(self, pick: Pick) -> bool:
        """Whether a candidate of a plan of one unit is a claim not handed out yet, paying
        a step per card for it (else a step)."""
        handed = self.handed
        counted = handed.one_more() if handed.seen is None else handed.new((pick,))
        if counted:
            self.steps.take(1 + len(pick[1]) + pick[2])
            return True
        self.steps.take()
        return False

    def searched(self, plan: Plan) -> Iterator[tuple[Pick, ...]]:
        """The picks of each distinct claim of any other plan, from its search's leaves."""
        cards = sum([size for (_, size), o in zip(plan.units, plan.owners, strict=True)
                     if o < 0])
        for owners, picks, _ in _leaves(self.problem, plan, self.steps):
            key = tuple(sorted((p for p, o in zip(picks, owners, strict=True) if o < 0),
                               key=lambda p: (KIND_INDEX[p[0]], p[1:])))
            if self.handed.new(key):
                self.steps.take(cards)
                yield key


def _in_order(swap: bool, a: Pick, b: Pick) -> tuple[Pick, Pick]:
    """The picks of a paired plan's leaf in canonical order (``swap``: the plan's, see
    :func:`_swaps`)."""
    return (b, a) if swap and b[1:] < a[1:] else (a, b)


def _swaps(plan: Plan) -> bool:
    """Whether a paired plan's two picks may come in the wrong order: its units come by
    kind, and identical ones in order, so only two of one kind and different sizes may."""
    return not plan.ordered[2][1] and plan.ordered[0][0][0] is plan.ordered[0][1][0]


def _distinct(problem: Problem, plans: Sequence[int] | None) -> Iterator[tuple[Pick, ...]]:
    """The picks of each distinct claim, in canonical order (see :func:`claims`)."""
    search = _Enumeration(problem, plans)
    for index, plan in enumerate(search.asked):
        lists = search.lists(index)
        if lists is not None:
            first, second = lists
            swap = _swaps(plan)
            for i, j in _pairs(problem, plan, first, second):
                pair = search.pair(swap, first[i], second[j])
                if pair is not None:
                    yield pair
        elif not problem.own and len(plan.units) == 1:
            for pick in search.candidates(plan):
                if search.alone(pick):
                    yield (pick,)
        else:
            yield from search.searched(plan)


_COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled (its file is an extension module)."""
_NEW: Final = object.__new__
"""The bare allocation of a record (compiled, ``object.__new__`` would be looked up at
every question)."""
_NATURAL_COUNT: Final = NATURAL_COUNT
_MOST_NATURAL: Final = NATURAL_COPIES
_MOST_WILDS: Final = WILD_COPIES


def hand_counts(key: bytes, max_cards: int) -> list[int] | None:
    """The copies of each natural face these sorted face indices hold, then their wilds
    (a question's pool, then its wilds), or ``None`` for a hand the solver refuses or
    leaves to ``hand_problem`` to name the fault: more wilds or copies of a face than the
    deck holds, or more than ``max_cards`` cards."""
    counts = [0] * (_NATURAL_COUNT + 1)
    most = 0
    for index in key:
        if index < _NATURAL_COUNT:
            held = counts[index] + 1
            counts[index] = held
            if held > most:
                most = held
        else:
            counts[_NATURAL_COUNT] += 1
    if counts[_NATURAL_COUNT] > _MOST_WILDS or most > _MOST_NATURAL or len(key) > max_cards:
        return None
    return counts


def from_hand(requirement: Requirement, key: bytes, limits: SolverLimits) -> Problem:
    """``_problem.hand_problem`` (a question from hand alone, the hand given as its sorted
    face indices), counted here (:func:`hand_counts`), compiled: move generation asks one
    per search. Its :class:`Problem` is set field by field when compiled (attrs'
    ``__init__`` of a frozen class is interpreted Python); a key :func:`hand_counts`
    refuses (too many wilds or copies of a face, or too many cards) is left to
    ``hand_problem``, which raises naming the fault where the deck cannot hold it.

    Raises:
        SolverInputError: more copies of a face than the deck holds.
        ProblemTooLargeError: more cards than ``limits.max_cards``.
    """
    counts = hand_counts(key, limits.max_cards)
    if counts is None:
        return hand_problem(requirement, key, limits)
    wilds = counts.pop()
    plans = question_plans(requirement, (), limits, None)
    if not _COMPILED:
        return Problem(requirement, tuple(counts), wilds, EMPTY_TABLE, 0, (), plans, limits)
    problem: Problem = _NEW(Problem)
    object.__setattr__(problem, "requirement", requirement)
    object.__setattr__(problem, "pool", tuple(counts))
    object.__setattr__(problem, "wilds", wilds)
    object.__setattr__(problem, "table", EMPTY_TABLE)
    object.__setattr__(problem, "table_wilds", 0)
    object.__setattr__(problem, "own", ())
    object.__setattr__(problem, "plans", plans)
    object.__setattr__(problem, "limits", limits)
    return problem


def claims(problem: Problem, plans: Sequence[int] | None = None) -> Iterator[Claim]:
    """Question (b): every distinct claim, lazily, each once.

    With ``plans`` (increasing indices into ``problem.plans``), only those plans are
    searched: for a caller that knows the others have no leaf, the same claims.
    """
    for key in _distinct(problem, plans):
        yield Claim(tuple(_group(p) for p in key))


def laid(problem: Problem, plans: Sequence[int] | None = None
         ) -> Iterator[tuple[tuple[Group, ...], bytes]]:
    """:func:`claims` as each claim's groups and the sorted face indices of the cards it
    lays (the wild's index after every natural's)."""
    for key in _distinct(problem, plans):
        yield _laid_groups(key), _cards_laid(key)


def _laid_groups(key: tuple[Pick, ...]) -> tuple[Group, ...]:
    """The groups of a claim's picks, in canonical order: the picks come by kind, and so
    do their groups but those of one kind."""
    if len(key) == 1:
        return (_group(key[0]),)
    groups = [_group(p) for p in key]
    if len({p[0] for p in key}) < len(key):
        groups.sort(key=group_key)
    return tuple(groups)


def laid_first(problem: Problem, plans: Sequence[int] | None, limit: int
               ) -> tuple[list[tuple[Group, ...]], list[bytes], bool]:
    """The first ``limit`` claims of :func:`laid`, each as its groups, the cards each lays
    (in two lists), and whether they are all of them: a search stopped by the step budget
    keeps those found before it. The search stops right after the last one asked; no
    generator stands between the search and the lists (move generation asks one per
    question)."""
    out: list[tuple[Group, ...]] = []
    used: list[bytes] = []
    if limit > 0:
        try:
            _lay_into(problem, plans, limit, out, used)
        except ProblemTooLargeError:
            return out, used, False
    return out, used, len(out) < limit


def _lay_into(problem: Problem, plans: Sequence[int] | None, limit: int,
              out: list[tuple[Group, ...]], used: list[bytes]) -> None:
    """The claims of :func:`_distinct`, as :func:`laid` gives them, into ``out`` and the
    cards each lays into ``used``, up to ``limit`` of them, stopping right after the last."""
    search = _Enumeration(problem, plans)
    for index, plan in enumerate(search.asked):
        lists = search.lists(index)
        if lists is not None:
            first, second = lists
            swap = _swaps(plan)
            for i, j in _pairs(problem, plan, first, second):
                pair = search.pair(swap, first[i], second[j])
                if pair is None:
                    continue
                out.append(_laid_groups(pair))
                used.append(_cards_laid(pair))
                if len(out) == limit:
                    return
        elif not problem.own and len(plan.units) == 1:
            for pick in search.candidates(plan):
                if not search.alone(pick):
                    continue
                out.append((_group(pick),))
                nat = pick[1]
                wilds = pick[2]
                used.append(bytes(nat) + _WILD_BYTE * wilds if wilds else bytes(nat))
                if len(out) == limit:
                    return
        else:
            for key in search.searched(plan):
                out.append(_laid_groups(key))
                used.append(_cards_laid(key))
                if len(out) == limit:
                    return


Spelling = tuple[tuple[int, ...], tuple[int, ...], int]
"""The ids a caller spells claims in (:func:`spelled_first`): per card rank a card's, per kind
index (``KIND_INDEX``) a group end's, and a claim end's (``_ids.SPELLING``)."""


def spelled_first(problem: Problem, spelling: Spelling, plans: Sequence[int] | None,
                  limit: int) -> list[tuple[int, ...]]:
    """The first ``limit`` claims of :func:`laid`, each spelled in these ids instead of
    built (its groups in the same order, each as its cards' ids in canonical order and its
    end's, then the claim's end: :func:`spell`): a search stopped by the step budget keeps
    those found before it. The search stops right after the last one asked."""
    out: list[tuple[int, ...]] = []
    if limit > 0:
        try:
            _spell_into(problem, spelling, plans, limit, out)
        except ProblemTooLargeError:
            return out
    return out


def _spell_into(problem: Problem, spelling: Spelling, plans: Sequence[int] | None,
                limit: int, out: list[tuple[int, ...]]) -> None:
    """The claims of :func:`_distinct`, spelled (:func:`spelled_first`) into ``out``, up to
    ``limit`` of them (-1: no limit), stopping right after the last. A paired plan's
    candidates are each spelled once, when a leaf first takes it, and its leaves put
    together from them."""
    lays, ends, finish = spelling
    search = _Enumeration(problem, plans)
    for index, plan in enumerate(search.asked):
        lists = search.lists(index)
        if lists is not None:
            first, second = lists
            spelt = _Spelt(first, spelling)
            other = spelt if second is first else _Spelt(second, spelling)
            swap = _swaps(plan)
            for i, j in _pairs(problem, plan, first, second):
                a = first[i]
                b = second[j]
                if not search.fresh(swap, a, b):
                    continue
                ranks_a = spelt.ranks_of(i)
                ranks_b = other.ranks_of(j)
                if a[0] is b[0] and ranks_b < ranks_a:  # as laid sorts the groups of a kind
                    out.append(other.ids[j] + spelt.ids[i] + (finish,))
                else:
                    out.append(spelt.ids[i] + other.ids[j] + (finish,))
                if len(out) == limit:
                    return
        elif not problem.own and len(plan.units) == 1:
            kind = plan.units[0][0]
            end = ends[_KIND_INDEX[kind]]
            for pick in search.candidates(plan):
                if not search.alone(pick):
                    continue
                _, nat, wilds, start = pick
                ids = group_ranks(kind, nat, wilds, start)
                for k in range(len(ids)):  # each rank spelled as its step id, in place
                    ids[k] = lays[ids[k]]
                ids.append(end)
                ids.append(finish)
                out.append(tuple(ids))
                if len(out) == limit:
                    return
        else:
            for key in search.searched(plan):
                codes = [_code(kind, nat, wilds, start) for kind, nat, wilds, start in key]
                if len({p[0] for p in key}) < len(key):
                    codes.sort()  # as laid sorts its groups: by kind, then cards
                steps = spell(codes, spelling)
                steps.append(finish)
                out.append(tuple(steps))
                if len(out) == limit:
                    return


class _Spelt:
    """The candidates of a paired unit, each spelled once when first asked: its cards'
    ranks in canonical order (two groups of a kind order as their ranks, as
    :data:`GroupCode` does) and its cards' and end's ids."""

    def __init__(self, picks: list[Pick], spelling: Spelling) -> None:
        self.picks = picks
        self.lays = spelling[0]
        self.ends = spelling[1]
        self.ranks: list[list[int]] = [[]] * len(picks)  # a group has a card: [] unspelled
        self.ids: list[tuple[int, ...]] = [()] * len(picks)

    def ranks_of(self, i: int) -> list[int]:
        """The ranks of candidate ``i``, spelling it first if it is not yet."""
        ranks = self.ranks[i]
        if not ranks:
            kind, nat, wilds, start = self.picks[i]
            ranks = group_ranks(kind, nat, wilds, start)
            self.ranks[i] = ranks
            lays = self.lays
            ids = [lays[rank] for rank in ranks]
            ids.append(self.ends[_KIND_INDEX[kind]])
            self.ids[i] = tuple(ids)
        return ranks


def spell(codes: Sequence[GroupCode], spelling: Spelling) -> list[int]:
    """The groups of these codes spelled in these ids, in order: each its cards' ids, then
    its end's (no claim end)."""
    lays, ends, _ = spelling
    steps: list[int] = []
    for code in codes:
        for i in range(1, len(code)):
            steps.append(lays[code[i]])
        steps.append(ends[code[0]])
    return steps


def _cards_laid(key: tuple[Pick, ...]) -> bytes:
    """The sorted face indices of the cards a claim's picks lay (the wild's index after
    every natural's)."""
    if len(key) == 1:
        pick = key[0]
        return bytes(pick[1]) + _WILD_BYTE * pick[2]
    if len(key) == 2:
        first, second = key
        return (bytes(sorted(first[1] + second[1]))
                + _WILD_BYTE * (first[2] + second[2]))
    faces: list[int] = []
    wilds = 0
    for _, nat, w, _ in key:
        faces += nat
        wilds += w
    faces.sort()
    return bytes(faces) + _WILD_BYTE * wilds


_WILD_BYTE: Final = bytes([WILD.index])
