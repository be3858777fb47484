"""The z3 backend: the same questions as integer constraints over count vectors.

Each unit ``u`` (a group of kind ``K`` and size ``s``) gets a variable ``x[u][f]`` per
numbered face ``f`` (how many copies it uses) and ``y[u]`` (wilds it uses), with

* ``sum_f x[u][f] + y[u] == s`` and ``sum_f x[u][f] >= 1`` (UC-4: one natural at least);
* a set: a number ``N[u]`` with ``x[u][f] > 0 -> number(f) == N[u]``;
* a color group: a color ``C[u]`` with ``x[u][f] > 0 -> color(f) == C[u]``;
* a run: a start ``A[u]`` with every used face's number in ``A[u] .. A[u]+s-1`` and each
  number used at most once (wilds fill the gaps); a color run adds the color constraint;
* per face ``sum_u x[u][f] <= available(f)`` and ``sum_u y[u] <= wilds``.

With own campsites (UC-11) every table card left out of the units must extend one of them:
extension variables ``e[u][f]``, ``ew[u]`` add exactly the leftover table cards, and each
unit plus its extension satisfies the constraints of its kind at the larger size.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import attrs

from campers_rules import _cache
from campers_rules._cards import LOWEST
from campers_rules._groups import MAX_SIZE, GroupKind
from campers_rules._requirements import GroupSpec, Requirement
from campers_rules.solver import _native
from campers_rules.solver._problem import (
    NATURAL_COUNT,
    SPAN,
    Claim,
    Plan,
    Problem,
    Solution,
    SolverLimits,
    first_time,
    index_color,
    index_number,
    run_start,
)
from campers_rules.solver._z3api import (
    Checker,
    Deadline,
    Expr,
    and_,
    implies,
    int_var,
    ite,
    not_,
    or_,
    total,
)


@attrs.define
class UnitVars:
    """The variables of one unit."""

    kind: GroupKind
    x: dict[int, Expr]
    """Copies of each numbered face used (only faces that may occur have a variable)."""
    y: Expr
    """Wilds used."""
    size: Expr
    """The unit's size."""
    start: Expr | None
    """A run's first number, as an index 0..11 (``None`` for sets and color groups)."""


def kind_constraints(kind: GroupKind, x: dict[int, Expr], size: Expr,
                     tag: str) -> tuple[list[Expr], Expr | None]:
    """Constraints that naturals ``x`` (plus wilds up to ``size``) form a group of ``kind``."""
    out: list[Expr] = [total(x.values()) >= 1, size <= MAX_SIZE[kind]]
    start: Expr | None = None
    if kind.same_number:
        number = int_var(f"N{tag}")
        out += [number >= 0, number < SPAN]
        out += [implies(v > 0, number == f % SPAN) for f, v in x.items()]
    if kind.same_color:
        color = int_var(f"C{tag}")
        out += [color >= 0, color < 4]
        out += [implies(v > 0, color == index_color(f)) for f, v in x.items()]
    if kind.consecutive:
        start = int_var(f"A{tag}")
        out += [start >= 0, start + size <= SPAN]
        out += [implies(v > 0, and_(start <= f % SPAN, f % SPAN < start + size))
                for f, v in x.items()]
        for n in range(SPAN):
            same = [v for f, v in x.items() if f % SPAN == n]
            if same:
                out.append(total(same) <= 1)
    return out, start


def unit(kind: GroupKind, caps: dict[int, int], wild_cap: int, tag: str,
         size: int | None = None, at_least: int = 1) -> tuple[UnitVars, list[Expr]]:
    """A unit over the faces in ``caps`` (face -> most copies), of ``size`` or at least
    ``at_least`` cards."""
    x = {f: int_var(f"x{tag}_{f}") for f in caps}
    y = int_var(f"y{tag}")
    out = [and_(v >= 0, v <= caps[f]) for f, v in x.items()]
    out += [y >= 0, y <= wild_cap]
    size_expr = total([*x.values(), y])
    out.append(size_expr == size if size is not None else size_expr >= at_least)
    more, start = kind_constraints(kind, x, size_expr, tag)
    return UnitVars(kind, x, y, size_expr, start), out + more


class _Encoding:
    """One plan of a problem, encoded in one checker."""

    def __init__(self, problem: Problem, plan: Plan) -> None:
        self.problem = problem
        self.plan = plan
        self.checker = Checker(problem.limits.timeout_ms)
        caps = {f: min(2, n) for f, n in enumerate(problem.pool) if n}
        self.units: list[UnitVars] = []
        for u, (kind, size) in enumerate(plan.units):
            vars_, constraints = unit(kind, caps, problem.wilds, f"{u}", size)
            self.units.append(vars_)
            self.checker.add(*constraints)
        for f, _n in caps.items():
            self.checker.add(total(v.x[f] for v in self.units) <= problem.pool[f])
        self.checker.add(total(v.y for v in self.units) <= problem.wilds)
        self.extensions: list[tuple[dict[int, Expr], Expr, Expr | None]] = []
        if not problem.hand_only:
            self._extend()

    def _extend(self) -> None:
        problem = self.problem
        table = {f: n for f, n in enumerate(problem.table) if n}
        for u, v in enumerate(self.units):
            e = {f: int_var(f"e{u}_{f}") for f in table}
            ew = int_var(f"ew{u}")
            self.checker.add(*(x >= 0 for x in e.values()), ew >= 0)
            union = {f: v.x.get(f, 0) + e.get(f, 0) for f in {*v.x, *e}}
            size = v.size + total(e.values()) + ew
            more, start = kind_constraints(v.kind, union, size, f"{u}e")
            self.checker.add(*more)
            self.extensions.append((e, ew, start))

        def leftover(have: int, used: Expr) -> Expr:
            return ite(used < have, have - used, 0)

        for f, n in table.items():
            used = total(v.x[f] for v in self.units)
            self.checker.add(total(ext[0][f] for ext in self.extensions) == leftover(n, used))
        used_wilds = total(v.y for v in self.units)
        self.checker.add(total(ext[1] for ext in self.extensions)
                         == leftover(problem.table_wilds, used_wilds))

    def core_pick(self, u: int) -> _native.Pick:
        v = self.units[u]
        nat = tuple(f for f, var in sorted(v.x.items()) for _ in range(self.checker.value(var)))
        start = self.checker.value(v.start) + LOWEST if v.start is not None else 0
        return (v.kind, nat, self.checker.value(v.y), start)

    def final_pick(self, u: int) -> _native.Pick:
        kind, nat, w, start = self.core_pick(u)
        if not self.extensions:
            return (kind, nat, w, start)
        e, ew, _ = self.extensions[u]
        more = tuple(f for f, var in sorted(e.items()) for _ in range(self.checker.value(var)))
        extra_wilds = self.checker.value(ew)
        if not more and not extra_wilds:
            return (kind, nat, w, start)
        nat = tuple(sorted(nat + more))
        size = len(nat) + w + extra_wilds
        start = run_start([index_number(i) for i in nat], size) if kind.consecutive else 0
        return (kind, nat, w + extra_wilds, start)

    def block_claim(self, deadline: Deadline) -> None:
        """Forbid the current claim (its core units of the new campsite), in any order
        (up to 8! orders of identical units: the deadline bounds building them)."""
        claim_units = [u for u, o in enumerate(self.plan.owners) if o < 0]
        values = {u: self._unit_values(u) for u in claim_units}
        families: dict[tuple[GroupKind, int], list[int]] = {}
        for u in claim_units:
            families.setdefault(self.plan.units[u], []).append(u)
        options: list[Expr] = []
        for perms in itertools.product(*(itertools.permutations(m) for m in families.values())):
            deadline.left_ms()
            same: list[Expr] = []
            for members, perm in zip(families.values(), perms, strict=True):
                for a, b in zip(members, perm, strict=True):
                    same += [var == value for var, value in
                             zip(self._unit_vars(a), values[b], strict=True)]
            options.append(and_(*same))
        self.checker.add(not_(or_(*options)))

    def _unit_vars(self, u: int) -> list[Expr]:
        v = self.units[u]
        return [*(var for _, var in sorted(v.x.items())), v.y,
                *([v.start] if v.start is not None else [])]

    def _unit_values(self, u: int) -> list[int]:
        return [self.checker.value(var) for var in self._unit_vars(u)]


def _shape(plan: Plan, limits: SolverLimits) -> _Encoding:
    """One checker per question shape (plan), encoded over the whole deck and reused:
    each question adds its card counts in a push/pop scope (not thread-safe)."""
    hit = _cache.Z3_SHAPES.get((plan, limits))
    if hit is not None:
        return hit
    deck = Problem(Requirement(((GroupSpec(GroupKind.SET, 3),),)), (2,) * NATURAL_COUNT, 4,
                   (0,) * NATURAL_COUNT, 0, (), (plan,), limits)
    return _cache.keep(_cache.Z3_SHAPES, (plan, limits), _Encoding(deck, plan))


def _check_hand(problem: Problem, plan: Plan, deadline: Deadline) -> list[_native.Pick] | None:
    """Question (a) for one plan of a hand-only problem, on the reused checker."""
    encoding = _shape(plan, problem.limits)
    checker = encoding.checker
    checker.push()
    try:
        for f in range(NATURAL_COUNT):
            checker.add(total(v.x[f] for v in encoding.units) <= problem.pool[f])
        checker.add(total(v.y for v in encoding.units) <= problem.wilds)
        if not checker.check(deadline):
            return None
        return [encoding.core_pick(u) for u in range(len(plan.units))]
    finally:
        checker.pop()


def solve(problem: Problem) -> Solution | None:
    """Question (a) with z3, within ``problem.limits.deadline_ms``."""
    deadline = Deadline(problem.limits.deadline_ms)
    for plan in problem.plans:
        if problem.hand_only:
            picks = _check_hand(problem, plan, deadline)
            if picks is not None:
                return _native._solution(problem, plan, plan.owners, picks)
            continue
        encoding = _Encoding(problem, plan)
        if encoding.checker.check(deadline):
            picks = [encoding.final_pick(u) for u in range(len(plan.units))]
            return _native._solution(problem, plan, plan.owners, picks)
    return None


def claims(problem: Problem) -> Iterator[Claim]:
    """Question (b) with z3: one check per claim, each found claim blocked; the whole
    enumeration within ``problem.limits.deadline_ms`` of the solver's own time."""
    deadline = Deadline(problem.limits.deadline_ms)
    seen: set[Claim] = set()
    for plan in problem.plans:
        deadline.left_ms()
        encoding = _Encoding(problem, plan)
        while encoding.checker.check(deadline):
            picks = [encoding.core_pick(u) for u, o in enumerate(plan.owners) if o < 0]
            claim = Claim(tuple(_native._group(p) for p in picks))
            encoding.block_claim(deadline)
            if first_time(seen, claim, problem.limits):
                deadline.pause()
                yield claim
                deadline.resume()

