"""Benchmarks of the meld solver: native against z3 on the same seeded hands (issue 4).

Hands of 7, 12 and 20 cards with 0, 1 or 2 wilds (one seeded hand each), against every
distinct catalogue requirement. Question (a) is :func:`~campers_rules.solver.solve`;
question (b) enumerates :func:`~campers_rules.solver.claims` to the end.

``pytest benchmarks/bench_solver.py --benchmark-only -p no:doctest`` times one sweep (every
requirement, the three hands of one size) per benchmark. ``python benchmarks/bench_solver.py``
prints the per-requirement table of medians published in the docs.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from campers_rules import CATALOGUE, DECK, WILD, Card, Requirement
from campers_rules.solver import Backend, claims, solve

SIZES = (7, 12, 20)
WILDS = (0, 1, 2)
REQUIREMENTS = tuple(
    Requirement.parse(text)
    for text in sorted({str(r) for s in CATALOGUE for r in (s.primitive, s.complete)})
)


def seeded_hand(size: int, wilds: int) -> tuple[Card, ...]:
    """The benchmark hand of ``size`` cards, ``wilds`` of them wild (seeded, reproducible)."""
    naturals = [c for c in DECK if c.is_natural]
    rng = random.Random(f"bench-solver-{size}-{wilds}")
    return (*rng.sample(naturals, size - wilds), *(WILD,) * wilds)


HANDS = {size: [seeded_hand(size, w) for w in WILDS] for size in SIZES}


def _sweep_solve(backend: Backend, size: int) -> Callable[[], int]:
    def run() -> int:
        return sum(solve(r, h, backend=backend) is not None
                   for r in REQUIREMENTS for h in HANDS[size])
    return run


def _sweep_claims(backend: Backend, size: int) -> Callable[[], int]:
    def run() -> int:
        return sum(sum(1 for _ in claims(r, h, backend=backend))
                   for r in REQUIREMENTS for h in HANDS[size])
    return run


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("backend", ["native", "z3"])
def test_solve_sweep(benchmark: BenchmarkFixture, backend: Backend, size: int) -> None:
    """(a) for every requirement on the three seeded hands of one size."""
    met = benchmark(_sweep_solve(backend, size))
    assert 0 < met <= len(REQUIREMENTS) * len(WILDS)


@pytest.mark.parametrize("size", SIZES)
def test_native_claims_sweep(benchmark: BenchmarkFixture, size: int) -> None:
    """(b) enumerated to the end by the native backend."""
    assert benchmark(_sweep_claims("native", size)) > 0


@pytest.mark.parametrize("size", (7,))
def test_z3_claims_sweep(benchmark: BenchmarkFixture, size: int) -> None:
    """(b) enumerated by z3 (one check per claim: only the 7-card hands in the suite)."""
    count = benchmark.pedantic(_sweep_claims("z3", size), rounds=1)  # type: ignore[no-untyped-call]
    assert count == _sweep_claims("native", size)()


def median_us(call: Callable[[], object], budget_s: float = 0.05) -> float:
    """Median wall time of ``call`` in microseconds, over repeats filling about budget_s."""
    times: list[float] = []
    start = time.perf_counter()
    while not times or (time.perf_counter() - start < budget_s and len(times) < 2000):
        t0 = time.perf_counter()
        call()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def _per_hand(r: Requirement, question: str, backend: Backend,
              sizes: tuple[int, ...]) -> float:
    """Median over the seeded hands of ``sizes`` of one question's median time."""
    times = []
    for size in sizes:
        for h in HANDS[size]:
            def call(h: tuple[Card, ...] = h) -> object:
                if question == "a":
                    return solve(r, h, backend=backend)
                return sum(1 for _ in claims(r, h, backend=backend))
            times.append(median_us(call, 0.05 if backend == "native" else 0.0))
    return statistics.median(times)


SMALL = (7, 12)
"""z3 pays one check per claim, so (b) is compared on the 7- and 12-card hands only."""


def table() -> str:
    """Per requirement: medians of each question and backend, and z3's time over native's."""
    header = ("requirement", "native (a)", "z3 (a)", "ratio (a)", "native (b)",
              "native (b) 7+12", "z3 (b) 7+12", "ratio (b)")
    body = []
    raw: list[tuple[float, float]] = []
    for r in REQUIREMENTS:
        a_native = _per_hand(r, "a", "native", SIZES)
        a_z3 = _per_hand(r, "a", "z3", SIZES)
        b_native = _per_hand(r, "b", "native", SIZES)
        b_native_small = _per_hand(r, "b", "native", SMALL)
        b_z3_small = _per_hand(r, "b", "z3", SMALL)
        raw.append((a_native, b_native))
        body.append((str(r), f"{a_native:.0f}", f"{a_z3:.0f}", f"{a_z3 / a_native:.0f}",
                     f"{b_native:.0f}", f"{b_native_small:.0f}", f"{b_z3_small:.0f}",
                     f"{b_z3_small / b_native_small:.0f}"))
    widths = [max(len(row[i]) for row in [header, *body]) for i in range(len(header))]
    rule = " ".join("=" * w for w in widths)

    def line(row: tuple[str, ...]) -> str:
        return " ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()

    medians = [statistics.median(row[i] for row in raw) for i in (0, 1)]
    return "\n".join([rule, line(header), rule, *map(line, body), rule, "",
                      f"Median over the requirements: native (a) {medians[0]:.1f} us, "
                      f"native (b) {medians[1]:.0f} us."])


if __name__ == "__main__":
    sys.stdout.write(table() + "\n")
