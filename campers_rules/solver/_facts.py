"""Facts z3 establishes about requirements and the catalogue (run by the test suite).

* :func:`prove_matching` -- the native greedy that decides whether groups meet a
  requirement (:func:`~campers_rules._requirements.residual_needs`, run here on z3 terms)
  equals its specification, the existence of an assignment of groups to specs, for every
  vector of group counts in a bounded domain.
* :func:`campsite_facts` -- for one campsite: are its requirements satisfiable from the
  real deck, how many cards each needs at least, is the complete requirement reachable from
  a primitive arrangement by only adding cards, and how many cards that takes at least.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import attrs

from campers_rules._cards import DECK
from campers_rules._catalogue import Campsite
from campers_rules._groups import MAX_SIZE, GroupKind
from campers_rules._requirements import Alternative, GroupClass, Requirement, residual_needs
from campers_rules.solver._problem import NATURAL_COUNT, SPAN, SolverLimits, make_problem
from campers_rules.solver._z3api import (
    Checker,
    Expr,
    and_,
    implies,
    int_var,
    minimum,
    not_,
    or_,
    total,
)
from campers_rules.solver._z3backend import UnitVars, _Encoding, unit

GROUP_CLASSES: tuple[GroupClass, ...] = tuple(
    (kind, size) for kind in GroupKind for size in range(2, MAX_SIZE[kind] + 1)
)
"""Every kind and size a group on a campsite can have."""


def _assignment_valid(alt: Alternative, counts: dict[GroupClass, Expr],
                      taken: dict[tuple[int, GroupClass], Expr]) -> Expr:
    """``taken`` assigns groups to the specs of ``alt``: within counts, each spec served."""
    terms = [t >= 0 for t in taken.values()]
    terms += [(i, c) not in taken or alt[i].accepts(c) for i, c in taken]
    for c in counts:
        terms.append(total(v for (_, cc), v in taken.items() if cc == c) <= counts[c])
    for i, spec in enumerate(alt):
        terms.append(total(v for (j, _), v in taken.items() if j == i) == spec.count)
    return and_(*terms)


def prove_matching(requirement: Requirement, timeout_ms: int = 60_000) -> str | None:
    """Prove the native matching equal to its specification; ``None`` or a counterexample.

    Domain: every count ``0..B`` of groups of each kind and size (``B`` = the most groups an
    alternative asks for, plus one). Two quantifier-free checks, both must be unsat:

    1. native says yes, but the greedy's own assignment (its witness) is not valid;
    2. some assignment (a witness variable per group class and spec) is valid, but the
       native check says no.
    """
    bound = max(sum(s.count for s in alt) for alt in requirement.alternatives) + 1
    counts = {c: int_var(f"n_{c[0].name}_{c[1]}") for c in GROUP_CLASSES}
    domain = and_(*(and_(v >= 0, v <= bound) for v in counts.values()))
    native_ok: list[Expr] = []
    sound: list[Expr] = []
    for alt in requirement.alternatives:
        greedy: dict[tuple[int, GroupClass], Expr] = {}
        needs = residual_needs(alt, counts, minimum, greedy)
        ok = and_(*(n == 0 for n in needs))
        native_ok.append(ok)
        sound.append(implies(ok, _assignment_valid(alt, counts, greedy)))
    witnesses = []
    for a, alt in enumerate(requirement.alternatives):
        free = {(i, c): int_var(f"a{a}_{i}_{c[0].name}_{c[1]}")
                for i, spec in enumerate(alt) for c in GROUP_CLASSES if spec.accepts(c)}
        witnesses.append(_assignment_valid(alt, counts, free))
    for claim in (not_(and_(*sound)), and_(or_(*witnesses), not_(or_(*native_ok)))):
        checker = Checker(timeout_ms)
        checker.add(domain, claim)
        if checker.check():
            found = {f"{k.name} {s}": checker.value(v) for (k, s), v in counts.items()}
            return f"counterexample: { {k: v for k, v in found.items() if v} }"
    return None


@attrs.frozen
class CampsiteFacts:
    """What z3 establishes about one campsite card."""

    site: Campsite
    primitive_cards: int | None
    """Fewest cards that meet the primitive requirement from the deck (None: impossible)."""
    complete_cards: int | None
    """Fewest cards that meet the complete requirement from the deck (None: impossible)."""
    added_cards: int | None
    """Fewest cards to add to some primitive arrangement, changing nothing already laid,
    so that the campsite meets its complete requirement (None: unreachable)."""


def _fewest(requirement: Requirement, limits: SolverLimits) -> int | None:
    problem = make_problem(requirement, [c for c in DECK if c.is_natural or c.is_wild],
                           limits=limits)
    sizes = [sum(s for _, s in plan.units) for plan in problem.plans
             if _Encoding(problem, plan).checker.check()]
    return min(sizes) if sizes else None


def _fewest_added(site: Campsite, limits: SolverLimits) -> int | None:
    caps = {f: 2 for f in range(NATURAL_COUNT)}
    best: int | None = None
    for p_alt, c_alt in itertools.product(site.primitive.alternatives,
                                          site.complete.alternatives):
        checker = Checker(limits.timeout_ms)
        prim: list[tuple[UnitVars, int]] = []
        for v, (kind, size) in enumerate(_units(p_alt)):
            vars_, cons = unit(kind, caps, 4, f"p{v}", size)
            prim.append((vars_, size))
            checker.add(*cons)
        comp: list[UnitVars] = []
        largest = max(size for _, size in prim)
        for u, (kind, size) in enumerate(_units(c_alt)):
            vars_, cons = unit(kind, caps, 4, f"c{u}", at_least=size)
            comp.append(vars_)
            # a group larger than its spec and than any primitive group only wastes cards
            checker.add(*cons, vars_.size <= max(size, largest))
        mapped: dict[tuple[int, int], Expr] = {}
        for (v, (pv, _)), (u, cu) in itertools.product(enumerate(prim), enumerate(comp)):
            if pv.kind is cu.kind:
                m = int_var(f"m{v}_{u}")
                mapped[(v, u)] = m
                checker.add(m >= 0, m <= 1, implies(m == 1, _contains(cu, pv)))
        for v in range(len(prim)):
            checker.add(total(m for (vv, _), m in mapped.items() if vv == v) <= 1)
        for u in range(len(comp)):
            checker.add(total(m for (_, uu), m in mapped.items() if uu == u) <= 1)

        kept = [total(m for (vv, _), m in mapped.items() if vv == v) for v in range(len(prim))]
        for f in range(NATURAL_COUNT):
            checker.add(total([*(cu.x[f] for cu in comp),
                               *((1 - kept[v]) * pv.x[f] for v, (pv, _) in enumerate(prim))])
                        <= 2)
        checker.add(total([*(cu.y for cu in comp),
                           *((1 - kept[v]) * pv.y for v, (pv, _) in enumerate(prim))]) <= 4)
        added = total([*(cu.size for cu in comp),
                       *(-kept[v] * size for v, (_, size) in enumerate(prim))])
        if not checker.check():
            continue
        value = checker.value(added)
        while value > 0:
            checker.push()
            checker.add(added < value)
            better = checker.check()
            if better:
                value = checker.value(added)
            checker.pop()
            if not better:
                break
        best = value if best is None else min(best, value)
    return best


def _units(alt: Alternative) -> list[tuple[GroupKind, int]]:
    return [(s.kind, s.size) for s in alt for _ in range(s.count)]


def _contains(outer: UnitVars, inner: UnitVars) -> Expr:
    """``outer`` holds every card of ``inner``, and a run keeps ``inner``'s wilds in place."""
    terms = [inner.x[f] <= outer.x[f] for f in inner.x]
    terms.append(inner.y <= outer.y)
    if inner.start is not None and outer.start is not None:
        terms += [outer.start <= inner.start,
                  inner.start + inner.size <= outer.start + outer.size]
        for n in range(SPAN):
            inner_has = total(inner.x[c * SPAN + n] for c in range(4))
            outer_has = total(outer.x[c * SPAN + n] for c in range(4))
            in_window = and_(inner.start <= n, n < inner.start + inner.size)
            terms.append(implies(and_(in_window, inner_has == 0), outer_has == 0))
    return and_(*terms)


def campsite_facts(site: Campsite, limits: SolverLimits | None = None) -> CampsiteFacts:
    """Compute :class:`CampsiteFacts` for one campsite with z3."""
    limits = limits or SolverLimits(max_cards=len(DECK))
    return CampsiteFacts(site, _fewest(site.primitive, limits), _fewest(site.complete, limits),
                         _fewest_added(site, limits))


def facts_table(facts: Sequence[CampsiteFacts]) -> str:
    """The facts as a reStructuredText table (published in the solver docs)."""
    header = ("id", "points", "primitive", "complete", "cards (primitive)",
              "cards (complete)", "cards added", "provisional")

    def show(n: int | None) -> str:
        return "impossible" if n is None else str(n)

    rows = [(f.site.id, str(f.site.points), str(f.site.primitive), str(f.site.complete),
             show(f.primitive_cards), show(f.complete_cards), show(f.added_cards),
             "yes" if f.site.provisional else "no") for f in facts]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    rule = " ".join("=" * w for w in widths)

    def line(row: Sequence[str]) -> str:
        return " ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()

    return "\n".join([rule, line(header), rule, *(line(r) for r in rows), rule])
