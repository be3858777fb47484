"""The ``camp-rules`` command line: play, simulate, solve, calibrate.

It serves both games (``campers`` is Unhappy Campers, ``karibou`` is Karibou Camp), so it
lives in one package and reaches the other by import. Bad arguments print one line on
standard error and exit with status 2; a failure of the rules (a bad hand, say) exits 1.
"""

from __future__ import annotations

import argparse
import enum
import json
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, NoReturn

import attrs

from campers_rules._errors import CampersError

GAMES = ("campers", "karibou")
PLAYER_RANGE = {"campers": range(2, 7), "karibou": range(3, 8)}
DEFAULT_PLAYERS = {"campers": 4, "karibou": 5}


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, not a usage dump."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"camp-rules: error: {message}\n")


class _Failure(Exception):
    """A one-line failure reported to the user with exit status 1."""


def _game_module(game: str) -> Any:
    if game == "campers":
        import campers_rules

        return campers_rules
    import karibou_rules

    return karibou_rules


def _bot_names(text: str, module: Any) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in module.BOTS]
    if not names or unknown:
        raise _Failure(f"unknown bot {unknown or text!r}; choose from {', '.join(module.BOTS)}")
    return names


def _players(game: str, players: int | None) -> int:
    count = DEFAULT_PLAYERS[game] if players is None else players
    allowed = PLAYER_RANGE[game]
    if count not in allowed:
        raise _Failure(f"{game} takes {allowed.start} to {allowed.stop - 1} players, not {count}")
    return count


# --- play ------------------------------------------------------------------------------


def _play(args: argparse.Namespace) -> None:
    module = _game_module(args.game)
    players = _players(args.game, args.players)
    names = _bot_names(args.bots, module)
    seats = [names[seat % len(names)] for seat in range(players)]
    bots = [module.BOTS[name]() for name in seats]
    state = module.new_game(players=players, seed=args.seed)
    emit = _json_printer() if args.json else _text_printer(args.game, module)
    emit("start", {"game": args.game, "players": players, "seed": args.seed, "bots": seats})
    _round_start(args.game, module, emit, state)
    final = module.play_game(
        state,
        bots,
        seed=args.seed,
        on_action=lambda before, action, after: _on_action(
            args.game, module, emit, before, action, after
        ),
    )
    emit(
        "final",
        {"scores": list(final.scores), "winners": sorted(final.winners), "bots": seats},
    )


Emit = Callable[[str, dict[str, Any]], None]


def _on_action(game: str, module: Any, emit: Emit, before: Any, action: Any, after: Any) -> None:
    emit(
        "action",
        {
            "player": action.player,
            "action": str(action),
            "text": module.describe_action(before, action, after),
        },
    )
    if game == "campers" and _turn_ended(before, after):
        emit("table", {"text": module.describe_table(after)})
    if len(after.round_results) > len(before.round_results):
        result = after.round_results[-1]
        emit("round", {"result": _jsonable(result), "scores": list(after.scores)})
        _round_start(game, module, emit, after)


def _round_start(game: str, module: Any, emit: Emit, state: Any) -> None:
    """Karibou Camp: name the new round's teams and the Coyote (KC-2, public)."""
    if game == "karibou" and not state.is_over:
        teams, text = module.round_teams(state), module.describe_teams(state)
        emit("teams", {"round": len(state.round_results) + 1, "teams": teams, "text": text})


def _turn_ended(before: Any, after: Any) -> bool:
    return bool(before.turn != after.turn or before.round != after.round) and not after.is_over


def _jsonable(value: Any) -> Any:
    """A JSON-ready copy of a result record: enums by value, other objects as text."""
    if attrs.has(type(value)):
        return {f.name: _jsonable(getattr(value, f.name)) for f in attrs.fields(type(value))}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_jsonable(item) for item in value]
    if isinstance(value, frozenset | set):
        return sorted(_jsonable(item) for item in value)
    if isinstance(value, dict):
        return {str(key): _jsonable(item) for key, item in value.items()}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _json_printer() -> Emit:
    def emit(event: str, data: dict[str, Any]) -> None:
        print(json.dumps({"event": event, **data}, sort_keys=True), flush=True)

    return emit


def _text_printer(game: str, module: Any) -> Emit:
    title = {"campers": "Unhappy Campers", "karibou": "Karibou Camp"}[game]

    def emit(event: str, data: dict[str, Any]) -> None:
        if event == "start":
            bots = ", ".join(f"p{seat} {bot}" for seat, bot in enumerate(data["bots"]))
            print(f"== {title}: {data['players']} players, seed {data['seed']} ({bots})")
        elif event == "teams":
            print(f"-- {data['text']}")
        elif event == "action":
            print(f"  {data['text']}")
        elif event == "table":
            print("    " + data["text"].replace("\n", "\n    "))
        elif event == "round":
            points = data["result"]["points"]
            gains = ", ".join(f"p{seat} +{p}" for seat, p in enumerate(points) if p) or "none"
            print(f"-- round over: points {gains}; scores {data['scores']}")
        elif event == "final":
            scores = ", ".join(f"p{seat} {score}" for seat, score in enumerate(data["scores"]))
            winners = ", ".join(f"p{seat} ({data['bots'][seat]})" for seat in data["winners"])
            print(f"== final scores: {scores}; won by {winners}\n")

    return emit


# --- simulate --------------------------------------------------------------------------


def _simulate(args: argparse.Namespace) -> None:
    from campers_rules._summary import format_summary, plot_summary, summarize

    module = _game_module(args.game)
    players = _players(args.game, args.players)
    names = _bot_names(args.bots, module)
    if args.games < 1:
        raise _Failure(f"--games must be at least 1, not {args.games}")
    if args.jobs < 1:
        raise _Failure(f"--jobs must be at least 1, not {args.jobs}")
    if args.plot:
        _check_plot_target(args.plot)
    executor: Executor | None = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        records = module.simulate(
            games=args.games, players=players, bots=names, seed=args.seed, executor=executor
        )
        records = list(_progress(records, args.games, quiet=args.quiet))
    finally:
        if executor is not None:
            executor.shutdown()
    summary = summarize(records, _tallies(args.game, module, records))
    print(format_summary(summary))
    if args.plot:
        try:
            plot_summary(summary, args.plot)
        except OSError as error:
            raise _Failure(f"cannot write {args.plot}: {error.strerror or error}") from None
        print(f"\nfigures written to {args.plot}")


def _check_plot_target(path: str) -> None:
    """Refuse a plot file the run could not write, before any game is played."""
    from pathlib import Path

    target = Path(path)
    if target.suffix.lower() != ".png":
        raise _Failure(f"--plot takes a .png file name, not {path!r}")
    if not target.parent.is_dir():
        raise _Failure(f"--plot: no directory {str(target.parent)!r}")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise _Failure('--plot needs matplotlib: pip install "camp-rules[plot]"') from None


def _tallies(game: str, module: Any, records: Sequence[Any]) -> dict[str, Counter[str]]:
    if game == "karibou":
        ends: Counter[str] = Counter(end.value for r in records for end in r.round_ends)
        return {"how rounds end": ends}
    claimed: Counter[str] = Counter(name for r in records for name in r.claimed)
    completed: Counter[str] = Counter(name for r in records for name in r.completed)
    return {"campsites claimed": claimed, "campsites kept complete (full points)": completed}


def _progress(items: Iterable[Any], total: int, *, quiet: bool) -> Iterator[Any]:
    if quiet:
        yield from items
        return
    from tqdm import tqdm

    with tqdm(total=total, unit="game", file=sys.stderr, leave=False, disable=None) as bar:
        for item in items:
            bar.update(1)
            yield item


# --- solve -----------------------------------------------------------------------------


def _solve(args: argparse.Namespace) -> None:
    from campers_rules import Requirement, parse_cards, solver

    requirement = Requirement.parse(args.requirement)
    hand = parse_cards(args.hand)
    found = solver.solve(requirement, hand, backend=args.backend)
    if found is None:
        raise _Failure(_why_not(requirement, hand))
    print(f"{requirement}: yes ({args.backend} backend)")
    for group in found.claim.groups:
        print(f"  {group}")
    rest = Counter(hand) - Counter(found.from_hand or found.claim.faces)
    print(f"  left in hand: {' '.join(str(c) for c in sorted(rest.elements())) or '-'}")


def _why_not(requirement: Any, hand: Sequence[Any]) -> str:
    """Why no arrangement exists, as precisely as a count can say."""
    playing = sum(1 for card in hand if not card.is_action)
    needed = min(
        sum(spec.size * spec.count for spec in alternative)
        for alternative in requirement.alternatives
    )
    if playing < needed:
        return (
            f"no: {requirement} needs at least {needed} cards and the hand holds "
            f"only {playing} playing card{'s' if playing != 1 else ''}"
        )
    return f"no: no arrangement of these {playing} playing cards meets {requirement}"


# --- calibrate -----------------------------------------------------------------------


def _calibrate(args: argparse.Namespace) -> None:
    from campers_rules._calibration import contradictions, format_table, measure

    if args.deals < 1:
        raise _Failure(f"--deals must be at least 1, not {args.deals}")
    rows = measure(deals=args.deals, seed=args.seed)
    print(format_table(rows))
    wrong = contradictions(rows)
    print()
    if wrong:
        print("provisional campsites whose difficulty contradicts their points:")
        for row in wrong:
            print(f"  {row.campsite.id} {row.campsite} (difficulty {row.complete_mean:.1f})")
    else:
        print("no provisional campsite's difficulty contradicts its points")


# --- entry point -----------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="camp-rules",
        description="Play, simulate and analyse Unhappy Campers and Karibou Camp.",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    play = commands.add_parser("play", help="one game played by bots, as a play-by-play")
    play.add_argument("game", choices=GAMES)
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--bots", default="heuristic", help="bot names, dealt round the table")
    play.add_argument("--json", action="store_true", help="JSON lines instead of text")
    play.set_defaults(run=_play)

    sim = commands.add_parser("simulate", help="many games (over --jobs processes), a summary")
    sim.add_argument("game", choices=GAMES)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--bots", default="heuristic,random")
    sim.add_argument("--jobs", type=int, default=1, help="worker processes")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--plot", metavar="FILE.png", help="draw the main figures")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(run=_simulate)

    solve = commands.add_parser("solve", help="ask the meld solver about a hand")
    solve.add_argument("requirement", help='e.g. "1 SET OF 3 AND 1 RUN OF 4"')
    solve.add_argument("--hand", required=True, help='e.g. "B5 Y5 R5 G4 B6 W B7"')
    solve.add_argument("--backend", choices=("native", "z3"), default="native")
    solve.set_defaults(run=_solve)

    calibrate = commands.add_parser("calibrate", help="measure how hard each campsite is")
    calibrate.add_argument("--deals", type=int, default=300)
    calibrate.add_argument("--seed", type=int, default=0)
    calibrate.set_defaults(run=_calibrate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    import karibou_rules

    args = _parser().parse_args(argv)
    try:
        args.run(args)
    except (_Failure, CampersError, karibou_rules.KaribouError) as error:
        print(f"camp-rules: error: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
