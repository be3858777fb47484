"""Whether each memo of :mod:`campers_rules._cache` pays for itself (issue 12).

Seeded whole 4-player games of Unhappy Campers through the object API (random legal
play, as ``bench_anchor.py`` plays them), once with every memo on and once per memo with
that memo switched off (it never stores, so every question it answers is computed
afresh). Each run plays the same games to the same end, so the difference is the memo's
saving. The measured table is in ``docs/campers/caches.rst``::

    cd benchmarks && PYTHONPATH=$PWD/.. python -m bench_memos              # instructions
    cd benchmarks && PYTHONPATH=$PWD/.. python -m bench_memos --time       # steps per second
    cd benchmarks && PYTHONPATH=$PWD/.. python -m bench_memos --z3         # the z3 memo

Instruction counts come from valgrind's callgrind, one process per memo (the count of a
process that only imports the package is subtracted): exact and the same from run to
run, where the time of a shared machine drifts. Under pytest, the benchmark times the
games with every memo on and checks that every memo switched off plays them the same.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import campers_rules as uc
from campers_rules import _cache

PLAYERS = 4
GAMES = 3
"""Games per measurement: seeds ``0 .. GAMES - 1``."""


class _Off(dict[Any, Any]):
    """A memo switched off: it never stores, so it never answers."""

    def __setitem__(self, key: Any, value: Any) -> None:
        pass


@contextmanager
def switched_off(names: str | None) -> Iterator[None]:
    """Every memo emptied, and the memos ``names`` (comma-separated, if any) switched off,
    for the block."""
    _cache.clear()
    off = names.split(",") if names else []
    kept = {name: getattr(_cache, name) for name in off}
    for name in off:
        setattr(_cache, name, _Off())
    try:
        yield
    finally:
        for name, memo in kept.items():
            setattr(_cache, name, memo)


def game(seed: int) -> tuple[int, str]:
    """One whole random game: its step count and its final scores."""
    rng = random.Random(seed)
    state = uc.new_game(PLAYERS, seed)
    steps = 0
    while not state.is_over:
        legal = state.legal_actions(min(state.actors))
        state = state.apply(legal[rng.randrange(len(legal))])
        steps += 1
    return steps, str(state.scores)


def play(games: int) -> list[tuple[int, str]]:
    """Games of seeds ``0 .. games - 1``."""
    return [game(seed) for seed in range(games)]


def names() -> list[str]:
    """Every memo, by name."""
    return sorted(_cache.memos())


def _callgrind(name: str, games: int) -> int:
    """Instructions of a process playing ``games`` games with memo ``name`` off."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
               sys.executable, "-m", "bench_memos", "--play", name, "--games", str(games)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if found is None:
        raise RuntimeError(done.stderr)
    return int(found[1])


def instructions(games: int, configs: list[str]) -> None:
    """Print the instructions per game with each memo (or each comma-separated set of
    memos) in ``configs`` off, against every memo on."""
    start = _callgrind("none", 0)
    base = (_callgrind("none", games) - start) / games
    print(f"{games} games, every memo on: {base / 1e6:,.0f} M instructions per game")
    print(f"{'memo':>18}  {'M instr/game off':>16}  {'more':>7}")
    for config in configs:
        off = (_callgrind(config, games) - start) / games
        print(f"{config:>18}  {off / 1e6:16,.0f}  {100 * (off - base) / base:6.1f}%", flush=True)


def steps_per_second(rounds: int, games: int) -> None:
    """Print the steps per second with each memo off, against every memo on (median of
    ``rounds`` interleaved rounds)."""
    configs: list[str | None] = [None, *names()]
    rates: dict[str | None, list[float]] = {c: [] for c in configs}
    for _ in range(rounds):
        for config in configs:
            with switched_off(config):
                start = time.perf_counter()
                steps = sum(s for s, _ in play(games))
                rates[config].append(steps / (time.perf_counter() - start))
    base = statistics.median(rates[None])
    print(f"{games} games x {rounds} rounds, every memo on: {base:,.0f} steps/s")
    for config in configs[1:]:
        ratio = statistics.median(r / b for r, b in zip(rates[config], rates[None], strict=True))
        print(f"{config:>18}  off: {statistics.median(rates[config]):9,.0f} steps/s"
              f"  {100 * (1 / ratio - 1):6.1f}% more time")


def z3_queries(rounds: int) -> None:
    """Print the time of seeded z3 questions with :data:`_cache.Z3_SHAPES` on and off."""
    from campers_rules.solver import solve

    rng = random.Random("bench-memos-z3")
    naturals = [c for c in uc.DECK if c.is_natural]
    hands = [tuple(rng.sample(naturals, 10)) for _ in range(4)]
    faces = uc.CATALOGUE[:6]
    for config in (None, "Z3_SHAPES"):
        times = []
        for _ in range(rounds):
            with switched_off(config):
                start = time.perf_counter()
                for face in faces:
                    for hand in hands:
                        solve(face.primitive, hand, backend="z3")
                times.append(time.perf_counter() - start)
        label = "every memo on" if config is None else f"{config} off"
        print(f"{label:>18}: {statistics.median(times) * 1000:8.1f} ms for "
              f"{len(faces) * len(hands)} z3 questions")


def test_memos_off_play_the_same_games(benchmark: Any) -> None:
    """The games with every memo on (timed), and the same games, to the same scores,
    with each memo switched off: a memo changes no answer."""
    with switched_off(None):
        expected = benchmark.pedantic(play, args=(1,), rounds=1, iterations=1)
    for name in names():
        with switched_off(name):
            assert play(1) == expected, name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", action="store_true", help="steps per second")
    parser.add_argument("--z3", action="store_true", help="the z3 backend's memo")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--play", metavar="MEMO", help="(one callgrind run) play with MEMO off")
    parser.add_argument("--off", nargs="*", metavar="MEMO[,MEMO]",
                        help="what to switch off, one run each (default: each memo)")
    args = parser.parse_args()
    if args.play is not None:
        with switched_off(None if args.play == "none" else args.play):
            play(args.games)
    elif args.z3:
        z3_queries(args.rounds)
    elif args.time:
        steps_per_second(args.rounds, args.games)
    else:
        instructions(args.games, args.off or names())


if __name__ == "__main__":
    main()
