"""The native solver's worst case: a search for the questions that cost most CPU (issue 27).

The step budget (``SolverLimits.max_steps``) ends every native query, so a question's worst
time is its time per step times the budget. The search therefore runs in two passes:

1. many seeded questions -- every catalogue requirement and a few hostile ones, hands of 30
   to 44 cards of several shapes (random, sets-heavy, runs-heavy, one of each face) with 0
   to 4 wilds, and no, one or two own campsites (UC-11) standing on their primitive or
   complete requirement -- each asked (a) or (b) to the end under a tenth of the budget.
   One that ends within it costs the same under the whole budget: its time counts as is;
2. the slowest of those that ran out of the tenth, again under the default limits.

Then the issue's own questions: "6 SETS OF 2" and "2 SETS OF 3 AND 2 RUNS OF 5", (b) on a
seeded 37-card hand with each catalogue campsite owned in turn.

``python benchmarks/bench_worst.py`` prints all three and the worst CPU time (``--samples
N`` questions in the first pass, ``--top K`` re-run, ``--seed S``). CPU time
(``time.process_time``) is what the documented bound speaks of; the machine is shared, so
wall time is printed beside it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence

from campers_rules import CATALOGUE, DECK, WILD, Campsite, Card, Requirement
from campers_rules.solver import (
    OwnCampsite,
    ProblemTooLargeError,
    SolverLimits,
    claims,
    solve,
)

HOSTILE = ("6 SETS OF 2", "6 RUNS OF 4", "6 COLOR RUNS OF 3", "6 COLOR GROUPS OF 3",
           "4 SETS OF 2 AND 2 RUNS OF 3", "3 SETS OF 2 AND 3 RUNS OF 3",
           "2 SETS OF 3 AND 2 RUNS OF 5")
REQUIREMENTS = tuple(sorted({str(r) for s in CATALOGUE for r in (s.primitive, s.complete)}
                            | set(HOSTILE)))
SHAPES = ("random", "sets", "runs", "spread")
SIZES = (30, 37, 40, 44)
NATURALS = [c for c in DECK if c.is_natural]
FULL = [*NATURALS, *[WILD] * 4]
"""Every playing card of the deck: two of each numbered face and four wilds."""


def _take(left: list[Card], cards: Sequence[Card]) -> None:
    for card in cards:
        left.remove(card)


def _own(sites: Sequence[Campsite], complete: bool, rng: random.Random,
         left: list[Card]) -> list[OwnCampsite] | None:
    """Own campsites standing on their primitive (or complete) requirement, their cards
    taken from ``left``; None when a seeded draw cannot meet one."""
    own = []
    for site in sites:
        found = solve(site.complete if complete else site.primitive, rng.sample(left, 24))
        if found is None:
            return None
        own.append(OwnCampsite(site, found.claim.groups))
        _take(left, found.claim.faces)
    return own


def _hand(shape: str, size: int, wilds: int, rng: random.Random,
          left: list[Card]) -> list[Card]:
    """``size`` cards of ``left`` (at most ``wilds`` wild), chosen by ``shape``."""
    pool = [c for c in left if c.is_natural]
    if shape == "sets":  # both copies of every face of a few numbers
        numbers = rng.sample(range(2, 14), 12)
        pool.sort(key=lambda c: numbers.index(c.number or 0))
    elif shape == "runs":  # both copies of every face, color by color
        colors = rng.sample(sorted({c.color for c in pool if c.color}, key=str), 4)
        pool.sort(key=lambda c: (colors.index(c.color or colors[0]), c.number))
    elif shape == "spread":  # one copy of each face first
        rng.shuffle(pool)
        firsts = list(dict.fromkeys(pool))
        _take(pool, firsts)
        pool = firsts + pool
    else:
        rng.shuffle(pool)
    spare = min(wilds, left.count(WILD))
    return [*pool[:size - spare], *[WILD] * spare]


def question(seed: int) -> tuple[str, str, list[Card], list[OwnCampsite], str]:
    """The seeded question ``seed``: requirement, a description, hand, own campsites, and
    which question to ask (``"a"`` or ``"b"``)."""
    rng = random.Random(f"bench-worst-{seed}")
    while True:
        left = list(FULL)
        count = rng.choice((0, 1, 1, 1, 2))
        complete = rng.random() < 0.3
        own = _own(rng.sample(CATALOGUE, count), complete, rng, left)
        if own is not None:
            break
    shape, size, wilds = rng.choice(SHAPES), rng.choice(SIZES), rng.choice((0, 1, 2, 4))
    hand = _hand(shape, size, wilds, rng, left)
    sites = "+".join(o.site.id + ("c" if complete else "") for o in own) or "-"
    text = rng.choice(REQUIREMENTS)
    return text, f"{shape} {len(hand)} cards, own {sites}", hand, own, rng.choice("ab")


Row = tuple[float, float, int, str, str, str, str]
"""A question of pass 1: CPU and wall seconds, seed, requirement, where, question, end."""


def timed(text: str, hand: Sequence[Card], own: Sequence[OwnCampsite], which: str,
          limits: SolverLimits) -> tuple[float, float, str]:
    """CPU and wall seconds of one question, and how it ended."""
    requirement = Requirement.parse(text)
    ask: Callable[[], object] = (
        (lambda: solve(requirement, hand, own, limits=limits)) if which == "a"
        else (lambda: sum(1 for _ in claims(requirement, hand, own, limits=limits))))
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        answer = ask()
        end = f"{answer} claims" if which == "b" else ("met" if answer else "not met")
    except ProblemTooLargeError:
        end = "ProblemTooLargeError"
    return time.process_time() - cpu, time.perf_counter() - wall, end


def _issue_questions() -> list[tuple[str, str, list[Card], list[OwnCampsite]]]:
    """The questions the issue measured: both requirements, on a 37-card hand, with each
    catalogue campsite owned (on its primitive requirement) in turn."""
    out = []
    for site in CATALOGUE:
        rng = random.Random(f"bench-worst-issue-{site.id}")
        left = list(FULL)
        own = _own([site], False, rng, left)
        if own is None:
            continue
        hand = _hand("random", 37, 2, rng, left)
        for text in ("6 SETS OF 2", "2 SETS OF 3 AND 2 RUNS OF 5"):
            out.append((text, f"random 37 cards, own {site.id}", hand, own))
    return out


def _line(cpu: float, wall: float, label: str) -> str:
    return f"  {cpu:5.2f} s CPU {wall:5.2f} s wall  {label}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=1500)
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    tenth = SolverLimits(max_steps=SolverLimits().max_steps // 10)
    over: list[Row] = []
    ended: list[Row] = []
    for seed in range(args.seed, args.seed + args.samples):
        text, where, hand, own, which = question(seed)
        cpu, wall, end = timed(text, hand, own, which, tenth)
        row = (cpu, wall, seed, text, where, which, end)
        (over if end == "ProblemTooLargeError" else ended).append(row)
    over.sort(reverse=True)
    ended.sort(reverse=True)
    total = sum(row[0] for row in over + ended)
    print(f"pass 1: {len(over) + len(ended)} questions at {tenth.max_steps} steps, "
          f"{total:.1f} s CPU; {len(over)} ran out of steps; the slowest that did not:")
    worst = 0.0
    for cpu, wall, seed, text, where, which, end in ended[:3]:
        worst = max(worst, cpu)
        print(_line(cpu, wall, f"seed {seed}: ({which}) {text!r}, {where}: {end}"))
    print(f"pass 2: the {args.top} slowest that ran out, under the default limits:")
    for _, _, seed, text, where, which, _ in over[:args.top]:
        _, _, hand, own, _ = question(seed)
        cpu, wall, end = timed(text, hand, own, which, SolverLimits())
        worst = max(worst, cpu)
        print(_line(cpu, wall, f"seed {seed}: ({which}) {text!r}, {where}: {end}"))
    print("the issue's questions, (b) under the default limits:")
    for text, where, hand, own in _issue_questions():
        cpu, wall, end = timed(text, hand, own, "b", SolverLimits())
        worst = max(worst, cpu)
        print(_line(cpu, wall, f"{text!r}, {where}: {end}"))
    print(f"worst: {worst:.2f} s CPU")


def test_the_search_runs() -> None:
    """The check runs a few of the search's questions, and one of the issue's, under a
    small budget, untimed, so that the script cannot rot."""
    small = SolverLimits(max_steps=2_000)
    for seed in range(3):
        text, _, hand, own, which = question(seed)
        assert timed(text, hand, own, which, small)[2]
    text, _, hand, own = _issue_questions()[0]
    assert timed(text, hand, own, "b", small)[2] == "ProblemTooLargeError"


if __name__ == "__main__":
    main(sys.argv[1:])
