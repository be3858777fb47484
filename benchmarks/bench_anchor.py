"""Both engines, in both builds, against the anchor: OpenSpiel's C++ ``gin_rummy`` driven
from Python.

Random legal play of whole games, counted in steps (every ``apply``; for gin_rummy every
``apply_action``, chance outcomes included, sampled by their probabilities), in the same
run and in turns (anchor, Campers, Karibou, anchor, ...), so the ratios hold when the
machine's speed drifts. One run measures the build installed (the default install is
compiled) and then the other build (docs/compiled.rst) in a child process: the pure-Python
sources copied without their extension modules, or a copy compiled with mypyc. For each
build it prints steps/s and the ratio to gin_rummy of each path, the median latency of
``legal_actions`` and ``apply`` (``legal_action_ids`` and ``apply_action_id`` for the id
paths) over a seeded game, and the CPU instructions of a seeded game of each engine
(valgrind callgrind, where valgrind is installed)::

    python3 tasks.py bench          # the bench extra (open_spiel) is in the check's extras

Skipped where ``open_spiel`` is not installed. Run without timing (the check's
``--benchmark-disable``) it plays one game a path, measures the other build only when that
is the pure copy, and counts no instructions.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from _loops import steps_per_second

import campers_rules as uc
import karibou_rules as kc

pyspiel = pytest.importorskip("pyspiel")

TURNS = 5
"""How many times each engine is timed, in turns with the others."""
SECONDS = 1.0
"""How long one timing plays whole games for (at least one game)."""
SEED = 0
"""The seeded game whose latencies and instructions are measured."""
HERE = Path(__file__).resolve().parent


def gin_rummy_game(seed: int) -> int:
    """One whole random gin_rummy game; returns its step count."""
    rng = random.Random(seed)
    state = pyspiel.load_game("gin_rummy").new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        steps += 1
    return steps


def object_api_game(game: Any, players: int, pick_seat: Callable[[Any, random.Random], int],
                    seed: int) -> int:
    """One whole random game through a package's object API; returns its step count."""
    rng = random.Random(seed)
    state = game.new_game(players, seed)
    steps = 0
    while not state.is_over:
        legal = state.legal_actions(pick_seat(state, rng))
        state = state.apply(legal[rng.randrange(len(legal))])
        steps += 1
    return steps


def id_api_game(game: Any, players: int, pick_seat: Callable[[Any, random.Random], int],
                seed: int) -> int:
    """One whole random game through a package's integer action ids; returns its step
    count."""
    rng = random.Random(seed)
    state = game.new_game(players, seed)
    steps = 0
    while not state.is_over:
        seat = pick_seat(state, rng)
        legal = state.legal_action_ids(seat)
        state = state.apply_action_id(seat, legal[rng.randrange(len(legal))])
        steps += 1
    return steps


def _acting_seat(state: Any, _: random.Random) -> int:
    """Unhappy Campers, 4 players: the seat that must act."""
    seat: int = min(state.actors)
    return seat


def _random_seat(_: Any, rng: random.Random) -> int:
    """Karibou Camp, 5 players: a random seat, as real time would have it."""
    return rng.randrange(5)


def campers_game(seed: int) -> int:
    """Unhappy Campers, 4 players: the seat that must act."""
    return object_api_game(uc, 4, _acting_seat, seed)


def karibou_game(seed: int) -> int:
    """Karibou Camp, 5 players: a random seat, as real time would have it."""
    return object_api_game(kc, 5, _random_seat, seed)


def campers_ids_game(seed: int) -> int:
    """Unhappy Campers through the integer ids (compound moves built step by step)."""
    return id_api_game(uc, 4, _acting_seat, seed)


def karibou_ids_game(seed: int) -> int:
    """Karibou Camp through the integer ids, seats picked as :func:`karibou_game` does."""
    return id_api_game(kc, 5, _random_seat, seed)


ENGINES: dict[str, Callable[[int], int]] = {
    "gin_rummy": gin_rummy_game,
    "campers": campers_game,
    "campers_ids": campers_ids_game,
    "karibou": karibou_game,
    "karibou_ids": karibou_ids_game,
}

PATHS: dict[str, tuple[Any, int, Callable[[Any, random.Random], int], bool]] = {
    "campers": (uc, 4, _acting_seat, False),
    "campers_ids": (uc, 4, _acting_seat, True),
    "karibou": (kc, 5, _random_seat, False),
    "karibou_ids": (kc, 5, _random_seat, True),
}
"""Each engine path's game, players, seat picker, and whether it goes through the ids."""


def timed_game(path: str, seed: int) -> dict[str, list[int]]:
    """A seeded game of a path (as :data:`ENGINES` plays it), with the nanoseconds of each
    listing and each apply."""
    game, players, pick_seat, ids = PATHS[path]
    rng = random.Random(seed)
    state = game.new_game(players, seed)
    times: dict[str, list[int]] = {"legal": [], "apply": []}
    while not state.is_over:
        seat = pick_seat(state, rng)
        start = time.perf_counter_ns()
        legal = state.legal_action_ids(seat) if ids else state.legal_actions(seat)
        times["legal"].append(time.perf_counter_ns() - start)
        chosen = legal[rng.randrange(len(legal))]
        start = time.perf_counter_ns()
        state = state.apply_action_id(seat, chosen) if ids else state.apply(chosen)
        times["apply"].append(time.perf_counter_ns() - start)
    return times


def this_build() -> str:
    """Which build this process runs, as ``camp-rules --version`` says it."""
    return ", ".join(f"{package.__name__}: {'compiled' if package.COMPILED else 'pure'}"
                     for package in (uc, kc))


def rates(turns: int, seconds: float) -> dict[str, list[float]]:
    """Steps/s of each engine, ``turns`` times in turns with the others."""
    measured: dict[str, list[float]] = {name: [] for name in ENGINES}
    for turn in range(turns):
        for name, game in ENGINES.items():
            measured[name].append(steps_per_second(game, 1000 * turn, seconds))
    return measured


def latencies(seed: int) -> dict[str, dict[str, float]]:
    """The median latency (microseconds) of listing and of applying, over one seeded game
    of each path."""
    return {path: {kind: statistics.median(ns) / 1000
                   for kind, ns in timed_game(path, seed).items()} for path in PATHS}


def report(measured: dict[str, list[float]]) -> dict[str, Any]:
    """One build's figures: the build, each engine's median steps/s and ratio to gin_rummy
    (median of the paired turns), and the latencies."""
    anchor = measured["gin_rummy"]
    return {
        "build": this_build(),
        "steps": {name: statistics.median(values) for name, values in measured.items()},
        "ratios": {name: statistics.median(v / a for v, a in zip(values, anchor, strict=True))
                   for name, values in measured.items()},
        "latency": latencies(SEED),
    }


def instructions(path: str, env: dict[str, str]) -> int | None:
    """The CPU instructions of the seeded game of a path (``campers``, ...) in a child
    process with ``env``, counted by valgrind's callgrind inside that one call (the
    interpreter's start and the imports excluded); None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    code = f"import operator, bench_anchor; operator.call(bench_anchor.ENGINES[{path!r}], {SEED})"
    with tempfile.TemporaryDirectory(prefix="camp-rules-callgrind-") as scratch:
        out = Path(scratch) / "callgrind.out"
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             "--collect-atstart=no", "--toggle-collect=_operator_call",
             sys.executable, "-c", code],
            cwd=HERE, env={**env, "PYTHONHASHSEED": "0"}, capture_output=True, text=True,
            check=False)
        totals = [line for line in out.read_text().splitlines()
                  if line.startswith("summary:")] if out.exists() else []
        return int(totals[0].split()[1]) if result.returncode == 0 and totals else None


def counted(env: dict[str, str]) -> dict[str, int | None]:
    """The instructions of a seeded game of each engine (object API) in a build."""
    return {name: instructions(name, env) for name in ("campers", "karibou")}


_NOT_COPIED = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd")


@contextmanager
def other_build(compile_it: bool) -> Iterator[tuple[dict[str, str] | None, str]]:
    """The environment of a child process that imports the other build: the packages'
    sources copied without their extension modules, or (``compile_it``) a copy of the
    checkout compiled with ``python hatch_build.py``; None and why when that failed."""
    root = HERE.parent
    with tempfile.TemporaryDirectory(prefix="camp-rules-other-build-") as scratch:
        copy = Path(scratch)
        for package in ("campers_rules", "karibou_rules"):
            shutil.copytree(root / package, copy / package, ignore=_NOT_COPIED)
        why = ""
        if compile_it:
            shutil.copy2(root / "hatch_build.py", copy)
            shutil.copy2(root / "pyproject.toml", copy)
            built = subprocess.run([sys.executable, "hatch_build.py"], cwd=copy,
                                   capture_output=True, text=True, check=False)
            why = built.stderr.strip() if built.returncode != 0 else ""
        paths = [str(copy), str(HERE), os.environ.get("PYTHONPATH", "")]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, paths))}
        yield (None if why else env), why


def measured_in(env: dict[str, str], turns: int, seconds: float) -> dict[str, Any]:
    """A child process's :func:`report` (``python bench_anchor.py TURNS SECONDS``)."""
    result = subprocess.run([sys.executable, str(Path(__file__)), str(turns), str(seconds)],
                            cwd=HERE, env=env, capture_output=True, text=True, check=True)
    figures: dict[str, Any] = json.loads(result.stdout)
    return figures


def table(reports: list[dict[str, Any]]) -> str:
    """The printed table: a block per build, a row per engine."""
    lines = []
    for figures in reports:
        lines.append(f"{figures['title']}: {figures['build']}")
        lines.append(f"  {'engine':<12}{'steps/s':>10}{'x gin':>8}{'legal_actions':>15}"
                     f"{'apply':>10}   instructions of seed {SEED}'s game")
        for name, steps in figures["steps"].items():
            row = f"  {name:<12}{steps:>10,.0f}{figures['ratios'][name]:>7.2f}x"
            if name in figures["latency"]:
                latency = figures["latency"][name]
                row += f"{latency['legal']:>12.1f} us{latency['apply']:>7.1f} us"
            if name in figures["instructions"]:
                count = figures["instructions"][name]
                row += f"   {count / 1e6:,.1f} M" if count else "   unavailable (valgrind)"
            lines.append(row)
    return "\n".join(lines)


def other_report(turns: int, seconds: float, timed: bool) -> dict[str, Any] | None:
    """The other build's figures (a child process's), or None and a line saying why."""
    compile_it = not (uc.COMPILED or kc.COMPILED)
    if compile_it and not timed:
        print("\nthe compiled build is measured only with timing on (python3 tasks.py bench)")
        return None
    with other_build(compile_it) as (env, why):
        if env is None:
            print(f"\nthe compiled build could not be built: {why}")
            return None
        figures = measured_in(env, turns, seconds)
        figures["title"] = "compiled copy" if compile_it else "pure-Python copy"
        figures["instructions"] = counted(env) if timed else {}
        return figures


def test_ratios_to_gin_rummy(benchmark: Any) -> None:
    """Steps/s of each engine and its ratio to gin_rummy (median of paired turns), in the
    installed build and in the other, with latencies and instruction counts."""
    timed = not benchmark.disabled
    # Run once without timing (the check's --benchmark-disable): one game each, one turn.
    turns, seconds = (TURNS, SECONDS) if timed else (1, 0.0)
    installed = report(benchmark.pedantic(rates, args=(turns, seconds), rounds=1,
                                          iterations=1))
    for name, steps in installed["steps"].items():
        benchmark.extra_info[f"{name}_steps_per_second"] = round(steps)
        if name != "gin_rummy":
            benchmark.extra_info[f"{name}_ratio_to_gin_rummy"] = round(installed["ratios"][name], 3)
    installed["title"] = "installed build"
    installed["instructions"] = counted(dict(os.environ)) if timed else {}
    other = other_report(turns, seconds, timed)
    reports = [installed] if other is None else [installed, other]
    printed = table(reports)
    print("\n" + printed)
    assert all(steps > 0 for figures in reports for steps in figures["steps"].values())
    assert len(printed.splitlines()) == len(reports) * (2 + len(ENGINES))


if __name__ == "__main__":
    # A child process: this build's figures as JSON (``measured_in``).
    print(json.dumps(report(rates(int(sys.argv[1]), float(sys.argv[2])))))
