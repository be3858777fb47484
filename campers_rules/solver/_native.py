"""The native backend: memoised backtracking over count vectors.

Each unit (a group the question asks for) draws a candidate group from the remaining
count vector; a subtree that found nothing is remembered by (unit, counts, wilds), so it is
never searched twice. Identical consecutive units take candidates in non-decreasing order,
so an enumeration never yields the same claim twice. Physical cards are chosen in face
order, which makes every answer deterministic.

For a question without color kinds (only sets and runs), the decision first works on
counts per *number* (colors collapsed), a much smaller space, and picks colors afterwards.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence

from campers_rules._cards import HIGHEST, LOWEST, WILD
from campers_rules._groups import Group, GroupKind
from campers_rules.solver._errors import ProblemTooLargeError
from campers_rules.solver._problem import (
    KIND_ORDER,
    NATURAL_COUNT,
    SPAN,
    Claim,
    Plan,
    Problem,
    Solution,
    build_group,
    index_number,
    multiset_fits,
    natural_face,
    run_start,
)

Pick = tuple[GroupKind, tuple[int, ...], int, int]
"""A candidate group: kind, natural face indices (sorted), wilds, run start (else 0)."""


def _bounded(avail: Sequence[int], low: int, high: int) -> Iterator[tuple[int, ...]]:
    """Vectors ``k`` with ``k[j] <= avail[j]`` and ``low <= sum(k) <= high``, larger first."""
    suffix = [*list(itertools.accumulate(reversed(avail)))[::-1], 0]
    out = [0] * len(avail)

    def rec(j: int, total: int) -> Iterator[tuple[int, ...]]:
        if j == len(avail):
            if total >= low:
                yield tuple(out)
            return
        if total + suffix[j] < low:
            return
        for k in range(min(avail[j], high - total), -1, -1):
            out[j] = k
            yield from rec(j + 1, total + k)
        out[j] = 0

    return rec(0, 0)


def candidates(kind: GroupKind, size: int, counts: Sequence[int], wilds: int) -> Iterator[Pick]:
    """Every group of ``kind`` and exactly ``size`` cards these counts can form."""
    low = max(1, size - wilds)
    if kind is GroupKind.SET:
        for n in range(SPAN):
            faces = [c * SPAN + n for c in range(4)]
            avail = [counts[i] for i in faces]
            if sum(avail) < low:
                continue
            for ks in _bounded(avail, low, size):
                nat = tuple(i for i, k in zip(faces, ks, strict=True) for _ in range(k))
                yield (kind, nat, size - len(nat), 0)
    elif kind is GroupKind.COLOR_GROUP:
        for c in range(4):
            faces = list(range(c * SPAN, c * SPAN + SPAN))
            avail = [counts[i] for i in faces]
            if sum(avail) < low:
                continue
            for ks in _bounded(avail, low, size):
                nat = tuple(i for i, k in zip(faces, ks, strict=True) for _ in range(k))
                yield (kind, nat, size - len(nat), 0)
    else:
        colors = range(4) if kind is GroupKind.COLOR_RUN else (None,)
        for color in colors:
            for start in range(LOWEST, HIGHEST - size + 2):
                options = []
                for n in range(start - LOWEST, start - LOWEST + size):
                    faces = [c * SPAN + n for c in (range(4) if color is None else (color,))
                             if counts[c * SPAN + n]]
                    options.append([*faces, -1])
                if sum(len(o) == 1 for o in options) > wilds:
                    continue
                for combo in itertools.product(*options):
                    nat = tuple(i for i in combo if i >= 0)
                    if len(nat) >= low:
                        yield (kind, tuple(sorted(nat)), size - len(nat), start)


def _order(plan: Plan) -> list[int]:
    """Units by owner, then kind, then size (largest first): identical units adjacent."""
    return sorted(range(len(plan.units)),
                  key=lambda i: (plan.owners[i], KIND_ORDER[plan.units[i][0]],
                                 -plan.units[i][1]))


class _Search:
    """Backtracking over one plan's units, on a mutable count vector."""

    def __init__(self, problem: Problem, plan: Plan) -> None:
        self.problem = problem
        self.order = _order(plan)
        self.units = [plan.units[i] for i in self.order]
        self.owners = [plan.owners[i] for i in self.order]
        self.same_as_previous = [
            i > 0 and self.units[i] == self.units[i - 1] and self.owners[i] == self.owners[i - 1]
            for i in range(len(self.units))
        ]
        self.counts = list(problem.pool)
        self.wilds = problem.wilds
        self.picks: list[Pick] = []
        self.failed: set[tuple[object, ...]] = set()
        # a leaf check (table cards to absorb) depends on the picks: no memo then
        self.memo = problem.hand_only

    def run(self, i: int = 0) -> Iterator[list[Pick]]:
        if i == len(self.units):
            yield list(self.picks)
            return
        previous = self.picks[-1] if self.same_as_previous[i] else None
        key = (i, tuple(self.counts), self.wilds, previous) if self.memo else None
        if key is not None and key in self.failed:
            return
        found = False
        kind, size = self.units[i]
        for pick in candidates(kind, size, self.counts, self.wilds):
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


def _group(pick: Pick) -> Group:
    return build_group(pick[0], pick[1], pick[2], pick[3])


def _absorb(problem: Problem, picks: list[Pick]) -> list[Pick] | None:
    """Extend the picks with every table card they left over, or ``None`` if impossible."""
    used = [0] * NATURAL_COUNT
    used_wilds = 0
    for _, nat, w, _ in picks:
        used_wilds += w
        for f in nat:
            used[f] += 1
    left = [f for f in range(NATURAL_COUNT)
            for _ in range(max(0, problem.table[f] - used[f]))]
    left += [-1] * max(0, problem.table_wilds - used_wilds)
    groups = [(kind, list(nat), w) for kind, nat, w, _ in picks]

    def place(j: int) -> bool:
        if j == len(left):
            return True
        card = left[j]
        for g, (kind, nat, w) in enumerate(groups):
            grown = (kind, nat, w + 1) if card < 0 else (kind, [*nat, card], w)
            if multiset_fits(*grown):
                groups[g] = grown
                if place(j + 1):
                    return True
                groups[g] = (kind, nat, w)
        return False

    if not place(0):
        return None
    out: list[Pick] = []
    for (kind, grown_nat, w), old in zip(groups, picks, strict=True):
        if len(grown_nat) + w == len(old[1]) + old[2]:
            out.append(old)
            continue
        nat = tuple(sorted(grown_nat))
        size = len(nat) + w
        start = run_start([index_number(i) for i in nat], size) if kind.consecutive else 0
        out.append((kind, nat, w, start))
    return out


def _leaves(problem: Problem,
            plan: Plan) -> Iterator[tuple[list[int], list[Pick], list[Pick]]]:
    """Each arrangement of the plan: owners, exact-size picks, picks after absorbing."""
    search = _Search(problem, plan)
    for picks in search.run():
        if problem.hand_only:
            yield search.owners, picks, picks
        else:
            final = _absorb(problem, picks)
            if final is not None:
                yield search.owners, picks, final


def _solution(problem: Problem, plan: Plan, owners: Sequence[int],
              picks: Sequence[Pick]) -> Solution:
    claim = Claim(tuple(_group(p) for p, o in zip(picks, owners, strict=True) if o < 0))
    table = tuple(
        tuple(_group(p) for p, o in zip(picks, owners, strict=True) if o == i)
        for i in range(len(problem.own))
    )
    laid = [natural_face(f) for p in picks for f in p[1]]
    laid += [WILD] * sum(p[2] for p in picks)
    before = [c.face for o in problem.own for g in o.groups for c in g.cards]
    from_hand = Counter(laid) - Counter(before)
    return Solution(claim, plan.alternative, table if problem.own else (),
                    tuple(sorted(from_hand.elements())))


def _collapsed(problem: Problem, plan: Plan) -> list[Pick] | None:
    """Decide a sets-and-runs plan on counts per number, then choose colors by face order."""
    per_number = [sum(problem.pool[c * SPAN + n] for c in range(4)) for n in range(SPAN)]
    order = _order(plan)
    units = [plan.units[i] for i in order]
    failed: set[tuple[object, ...]] = set()
    chosen: list[tuple[GroupKind, tuple[int, ...], int, int]] = []

    def rec(i: int, wilds: int) -> bool:
        if i == len(units):
            return True
        key = (i, tuple(per_number), wilds)
        if key in failed:
            return False
        kind, size = units[i]
        low = max(1, size - wilds)
        if kind is GroupKind.SET:
            options = [((n,) * k, size - k, 0) for n in range(SPAN)
                       for k in range(min(per_number[n], size), low - 1, -1)]
        else:
            options = []
            for start in range(SPAN - size + 1):
                have = [n for n in range(start, start + size) if per_number[n]]
                if len(have) < low:
                    continue
                for k in range(len(have), low - 1, -1):
                    for sub in itertools.combinations(have, k):
                        options.append((sub, size - k, start + LOWEST))
        for numbers, w, start in options:
            for n in numbers:
                per_number[n] -= 1
            chosen.append((kind, numbers, w, start))
            ok = rec(i + 1, wilds - w)
            for n in numbers:
                per_number[n] += 1
            if ok:
                return True
            chosen.pop()
        failed.add(key)
        return False

    if not rec(0, problem.wilds):
        return None
    counts = list(problem.pool)
    picks_by_unit: list[Pick] = [(GroupKind.SET, (), 0, 0)] * len(units)
    for slot, (kind, numbers, w, start) in zip(order, chosen, strict=True):
        faces = []
        for n in numbers:
            f = next(c * SPAN + n for c in range(4) if counts[c * SPAN + n])
            counts[f] -= 1
            faces.append(f)
        picks_by_unit[slot] = (kind, tuple(sorted(faces)), w, start)
    return picks_by_unit


def solve(problem: Problem) -> Solution | None:
    """Question (a): a witness that the requirement can be met, or ``None``."""
    for plan in problem.plans:
        if problem.hand_only and not any(k.same_color for k, _ in plan.units):
            picks = _collapsed(problem, plan)
            if picks is not None:
                return _solution(problem, plan, list(plan.owners), picks)
            continue
        for owners, _, final in _leaves(problem, plan):
            return _solution(problem, plan, owners, final)
    return None


def claims(problem: Problem) -> Iterator[Claim]:
    """Question (b): every distinct claim, lazily, each once."""
    seen: set[tuple[Pick, ...]] = set()
    for plan in problem.plans:
        for owners, picks, _ in _leaves(problem, plan):
            key = tuple(sorted((p for p, o in zip(picks, owners, strict=True) if o < 0),
                               key=lambda p: (KIND_ORDER[p[0]], p[1:])))
            if key in seen:
                continue
            seen.add(key)
            if len(seen) > problem.limits.max_claims:
                raise ProblemTooLargeError(
                    f"more than {problem.limits.max_claims} claims: raise SolverLimits.max_claims")
            yield Claim(tuple(_group(p) for p in key))
