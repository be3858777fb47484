"""The ``camp-rules`` command line: play, replay, simulate, solve, calibrate.

It serves both games (``campers`` is Unhappy Campers, ``karibou`` is Karibou Camp), so it
lives in one package and reaches the other by import. Exit statuses (docs/cli.rst): 0 done,
1 a failure while running and, for ``solve``, "no arrangement" (as grep), 2 bad arguments
or unreadable input (one line on standard error, every package error included; no
arguments at all print the usage), 3 a
``--human`` game whose input ended. The human seat lives in :mod:`campers_rules._human`.
"""

from __future__ import annotations

import argparse
import enum
import json
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any, NoReturn

import attrs

from campers_rules import __version__
from campers_rules._errors import CampersError
from campers_rules._human import ABANDONED

GAMES = ("campers", "karibou")
PLAYER_RANGE = {"campers": range(2, 7), "karibou": range(3, 8)}
DEFAULT_PLAYERS = {"campers": 4, "karibou": 5}
DEFAULT_SIMULATE_BOTS = {"campers": "heuristic,random", "karibou": "heuristic"}


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, not a usage dump."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"camp-rules: error: {message}\n")


class _Help(argparse.ArgumentDefaultsHelpFormatter):
    """Help that shows an option's default, except the empty ones (None, off)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default is None or action.default is False:
            return action.help
        return super()._get_help_string(action)


class _Failure(Exception):
    """A one-line failure reported to the user with exit status 1."""


class _Usage(Exception):
    """A bad argument found after parsing, reported in one line with exit status 2."""


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
        raise _Usage(f"unknown bot {unknown or text!r}; choose from {', '.join(module.BOTS)}")
    return names


def _players(game: str, players: int | None) -> int:
    count = DEFAULT_PLAYERS[game] if players is None else players
    allowed = PLAYER_RANGE[game]
    if count not in allowed:
        raise _Usage(f"{game} takes {allowed.start} to {allowed.stop - 1} players, not {count}")
    return count


# --- play ------------------------------------------------------------------------------


def _play(args: argparse.Namespace) -> int:
    module = _game_module(args.game)
    players = _players(args.game, args.players)
    names = _bot_names(args.bots, module)
    seat = args.seat if args.human is None else args.human
    if seat is not None and not 0 <= seat < players:
        raise _Usage(f"no seat {seat} in a {players}-player game (seats 0 to {players - 1})")
    seats = [names[seat % len(names)] for seat in range(players)]
    if args.human is not None:
        seats[args.human] = "human"
    bots = [module.BOTS[name]() if name != "human" else None for name in seats]
    state = module.new_game(players=players, seed=args.seed)
    if args.record is not None and args.human is not None:
        raise _Usage("--record records bot games (and --seat N), not --human yet")
    recorder = _Recorder(state) if args.record is not None else None
    pictures = None if args.svg is None else _Pictures(
        module, args.svg, 0 if seat is None else seat, state)
    if seat is not None:
        status = _play_seat(args, module, state, seat, bots, seats, recorder, pictures)
    else:
        emit = _json_printer() if args.json else _text_printer(args.game, module)
        show = _GamePrinter(args.game, module, emit, seats, args.seed,
                            args.verbose or args.json)
        show.start(state)
        final = module.play_game(state, bots, seed=args.seed,
                                 on_action=_both(show.action, recorder, pictures))
        show.final(final)
        status = 0
    if recorder is not None:
        _write(args.record, module.dumps_record(state, recorder.actions, seed=args.seed,
                                                players=seats))
    return status


class _Recorder:
    """Collects the actions of a game as ``on_action`` sees them."""

    def __init__(self, start: Any) -> None:
        self.start = start
        self.actions: list[Any] = []

    def action(self, before: Any, action: Any, after: Any) -> None:
        """Keep one applied action."""
        self.actions.append(action)


def _both(hook: Callable[[Any, Any, Any], None], recorder: _Recorder | None,
          pictures: _Pictures | None = None) -> Callable[[Any, Any, Any], None]:
    """An ``on_action`` that calls ``hook``, keeps the action for the record and draws
    the pictures of ``--svg``."""
    kept = None if recorder is None else recorder.action
    extra = [more for more in (kept, pictures) if more is not None]
    if not extra:
        return hook

    def both(before: Any, action: Any, after: Any) -> None:
        hook(before, action, after)
        for more in extra:
            more(before, action, after)

    return both


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(text + "\n")
    except OSError as error:
        raise _Failure(f"cannot write {path}: {error.strerror or error}") from None


@attrs.frozen
class _GamePrinter:
    """The play-by-play of a whole game, every seat: its start, each action, its end."""

    game: str
    module: Any
    emit: Emit
    seats: Sequence[str]
    seed: object
    verbose: bool

    def start(self, state: Any) -> None:
        """The game's first lines: who plays, the teams or the table."""
        self.emit("start", {"game": self.game, "players": len(self.seats), "seed": self.seed,
                            "bots": list(self.seats)})
        _round_start(self.game, self.module, self.emit, state)
        if self.game == "campers":
            self.emit("table", {"text": self.module.describe_table(state)})

    def action(self, before: Any, action: Any, after: Any) -> None:
        """One applied action (and a new round's lines)."""
        _on_action(self.game, self.module, self.emit, before, action, after,
                   verbose=self.verbose)

    def final(self, state: Any) -> None:
        """The final scores."""
        self.emit("final", {"scores": list(state.scores), "winners": sorted(state.winners),
                            "bots": list(self.seats)})



def _play_seat(
    args: argparse.Namespace, module: Any, state: Any, seat: int, bots: list[Any],
    seats: list[str], recorder: _Recorder | None = None, pictures: _Pictures | None = None,
) -> int:
    """``--seat N`` (bots only) or ``--human N``: the game as seat N knows it."""
    from campers_rules import _human

    _seat_header(args.game, seats, args.seed)
    if args.human is None:
        printer = _human.SeatPrinter(args.game, module, seat, sys.stdout)
        printer.start(state)
        final = module.play_game(state, bots, seed=args.seed,
                                 on_action=_both(printer.action, recorder, pictures))
        printer.final(final)
        return 0
    try:
        _human.play_human(args.game, module, state, seat, bots, args.seed, sys.stdin, sys.stdout,
                          on_action=pictures)
    except _human.Abandoned as abandoned:
        print(f"camp-rules: {abandoned.reason}; the game is abandoned", file=sys.stderr)
        return _human.ABANDONED
    return 0


def _seat_header(game: str, seats: Sequence[str], seed: object) -> None:
    who = ", ".join(f"p{n} {name}" for n, name in enumerate(seats))
    print(f"== {_TITLES[game]}: {len(seats)} players, seed {seed} ({who})", flush=True)


# --- replay ----------------------------------------------------------------------------


def _replay(args: argparse.Namespace) -> int:
    """Check a record (or a ``play --json`` log) and print its game, or one seat's."""
    game, module, record = _read_record(args.file)
    final = module.replay(record)  # every move checked before anything is printed
    if args.seat is not None and not 0 <= args.seat < len(record.players):
        raise _Usage(f"no seat {args.seat} in a {len(record.players)}-player game")
    state = record.start or module.new_game(len(record.players), record.seed, record.config)
    if args.record is not None:
        _write(args.record, module.dumps_record(state, record.actions(), seed=record.seed,
                                                players=record.players))
    seed = "of the record's start" if record.seed is None else record.seed
    show: Any
    if args.seat is not None:
        from campers_rules import _human

        _seat_header(game, record.players, seed)
        show = _human.SeatPrinter(game, module, args.seat, sys.stdout)
    else:
        show = _GamePrinter(game, module, _text_printer(game, module), record.players, seed,
                            False)
    show.start(state)
    for action in record.actions():
        after = state.apply(action)
        show.action(state, action, after)
        state = after
    show.final(final)
    return 0


def _read_record(path: str) -> tuple[str, Any, Any]:
    """The game, its package and the record of a file: a record, or a ``play --json``
    log (converted: its start line names the game, players, seed and bots, its action
    lines the moves)."""
    try:
        with open(path, encoding="utf-8") as source:
            text = source.read(_MAX_FILE + 1)
    except OSError as error:
        raise _Usage(f"cannot read {path}: {error.strerror or error}") from None
    if len(text) > _MAX_FILE:
        raise _Usage(f"{path} is longer than {_MAX_FILE} characters")
    try:
        head = json.loads(text.lstrip().split("\n", 1)[0])
    except ValueError:  # a record on several lines: its tag is read whole below
        head = _head(text)
    if isinstance(head, dict) and head.get("event") == "start":
        return _converted(text)
    game = str(head.get("format", "")).split("/")[0] if isinstance(head, dict) else ""
    if game in GAMES:  # loads_record checks the whole format tag
        module = _game_module(game)
        return game, module, module.loads_record(text, max_bytes=_MAX_FILE)
    raise _Usage(f"{path} is neither a game record nor a play --json log")


def _head(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


_MAX_FILE = 1 << 22
"""The longest file ``replay`` reads (4 MiB)."""


def _converted(text: str) -> tuple[str, Any, Any]:
    """The record of a ``play --json`` log (a default config: ``play`` takes no other)."""
    try:
        events = [json.loads(line) for line in text.splitlines() if line.strip()]
        head = events[0]
        game = head["game"]
        module = _game_module(game) if game in GAMES else None
        if module is None:
            raise _Usage(f"the log names no game of camp-rules: {game!r}")
        start = module.new_game(head["players"], head["seed"])
        actions = [module.parse_action(e["action"]) for e in events
                   if e.get("event") == "action"]
    except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as error:
        raise _Usage(f"not a play --json log: {type(error).__name__} {error}") from None
    text = module.dumps_record(start, actions, seed=head["seed"], players=head["bots"])
    return game, module, module.loads_record(text, max_bytes=_MAX_FILE)


Emit = Callable[[str, dict[str, Any]], None]


class _Pictures:
    """``--svg DIR``: the table as one seat sees it (``to_svg``), drawn as each round
    starts (``round-01.svg`` ..) and once the game is over (``final.svg``)."""

    def __init__(self, module: Any, folder: str, seat: int, state: Any) -> None:
        self.module, self.seat, self.folder = module, seat, Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self._draw(state, "round-01.svg")

    def _draw(self, state: Any, name: str) -> None:
        (self.folder / name).write_text(self.module.to_svg(state.view(self.seat)))

    def __call__(self, before: Any, action: Any, after: Any) -> None:
        if after.is_over:
            self._draw(after, "final.svg")
        elif len(after.round_results) > len(before.round_results):
            self._draw(after, f"round-{len(after.round_results) + 1:02}.svg")


def _on_action(
    game: str, module: Any, emit: Emit, before: Any, action: Any, after: Any, *, verbose: bool
) -> None:
    emit(
        "action",
        {
            "player": action.player,
            "action": str(action),
            "text": module.describe_action(before, action, after),
        },
    )
    new_round = len(after.round_results) > len(before.round_results)
    if new_round:
        result = after.round_results[-1]
        emit("round", {"result": _jsonable(result), "scores": list(after.scores)})
        _round_start(game, module, emit, after)
    if game == "campers" and not after.is_over and (
        _turn_ended(before, after) if verbose else new_round
    ):
        emit("table", {"text": module.describe_table(after)})


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


_TITLES = {"campers": "Unhappy Campers", "karibou": "Karibou Camp"}


def _text_printer(game: str, module: Any) -> Emit:
    title = _TITLES[game]

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
    names = _bot_names(args.bots or DEFAULT_SIMULATE_BOTS[args.game], module)
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
    print(
        f"{_TITLES[args.game]}: {args.games} games of {players} players, seed {args.seed}; "
        f"bots {', '.join(names)} (dealt round the table, seats rotating from game to game)\n"
    )
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
        raise _Usage(f"--plot takes a .png file name, not {path!r}")
    if not target.parent.is_dir():
        raise _Usage(f"--plot: no directory {str(target.parent)!r}")
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise _Failure('--plot needs matplotlib: pip install ".[plot]" (the plot extra)') from None


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


def _solve(args: argparse.Namespace) -> int:
    """Exit 0 when an arrangement exists, 1 when none does (as grep), 2 on bad input."""
    from campers_rules import Requirement, parse_cards, solver

    try:
        requirement = Requirement.parse(args.requirement)
    except ValueError as error:  # ParseError; any ValueError here is unreadable text too
        raise _Usage(f"cannot read the requirement {args.requirement!r}: {error}") from None
    try:
        hand = parse_cards(args.hand)
    except ValueError as error:
        raise _Usage(f"cannot read the hand {args.hand!r}: {error}") from None
    found = solver.solve(requirement, hand, backend=args.backend)
    if found is None:
        print(_why_not(requirement, hand))
        return 1
    print(f"{requirement}: yes ({args.backend} backend)")
    for group in found.claim.groups:
        print(f"  {group}")
    rest = Counter(hand) - Counter(found.from_hand or found.claim.faces)
    print(f"  left in hand: {' '.join(str(c) for c in sorted(rest.elements())) or '-'}")
    return 0


def _why_not(requirement: Any, hand: Sequence[Any]) -> str:
    """Why no arrangement exists, as precisely as a count can say."""
    playing = sum(1 for card in hand if not card.is_action)
    needed = min(requirement.cards_asked)
    if playing < needed:
        return (
            f"no: {requirement} needs at least {needed} cards and the hand holds "
            f"only {playing} playing card{'s' if playing != 1 else ''}"
        )
    return f"no: no arrangement of these {playing} playing cards meets {requirement}"


# --- calibrate -----------------------------------------------------------------------


WIDTH = 100
"""The widest line the command prints for a table."""


def _serve(args: argparse.Namespace) -> None:
    """Run the reference server until interrupted."""
    if not 0 <= args.port <= 65535:
        raise _Usage(f"--port is a port from 0 to 65535, not {args.port}")
    if not 0 <= args.bot_delay <= 60:
        raise _Usage(f"--bot-delay is from 0 to 60 seconds, not {args.bot_delay}")
    try:
        import camp_server
    except ImportError as error:
        raise _Failure(f"serve needs the server extra ({error}): "
                       "pip install 'camp-rules[server]'") from None
    camp_server.serve(args.host, args.port, args.db, args.bot_delay)


def _calibrate(args: argparse.Namespace) -> None:
    from campers_rules._calibration import contradictions, format_table, measure

    rows = measure(deals=args.deals, seed=args.seed)
    print(format_table(rows) if args.rst else _calibration_table(rows))
    wrong = contradictions(rows)
    print()
    if wrong:
        print("provisional campsites whose difficulty contradicts their points:")
        for row in wrong:
            print(f"  {row.campsite.id} {row.campsite} (difficulty {row.complete_mean:.1f})")
    else:
        print("no provisional campsite's difficulty contradicts its points")


def _calibration_table(rows: Sequence[Any]) -> str:
    """The difficulty table in at most :data:`WIDTH` columns: the numbers on one line per
    campsite, its two requirements on the next (the docs keep the wide table)."""
    import textwrap

    from campers_rules._calibration import DRAWS, HAND

    within = HAND + DRAWS
    header = ("id", "points", "kind", "cards to claim", "cards to complete",
              f"claim within {within}", f"complete within {within}")
    body = [
        (
            r.campsite.id, str(r.campsite.points),
            "provisional" if r.campsite.provisional else "printed",
            f"{r.primitive_mean:.1f}", f"{r.complete_mean:.1f}",
            f"{r.primitive_within:.0%}", f"{r.complete_within:.0%}",
        )
        for r in rows
    ]
    widths = [max(len(line[i]) for line in (header, *body)) for i in range(len(header))]
    lines = ["  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)).rstrip()]
    for row, cells in zip(rows, body, strict=True):
        lines.append("  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip())
        needs = f"claim: {row.campsite.primitive}; complete: {row.campsite.complete}"
        lines += textwrap.wrap(needs, WIDTH, initial_indent="     ", subsequent_indent="       ")
    return "\n".join(lines)


# --- entry point -----------------------------------------------------------------------


def _count(text: str) -> int:
    """An argument that must be a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _bots_help(what: str) -> str:
    import campers_rules
    import karibou_rules

    choices = sorted({*campers_rules.BOTS, *karibou_rules.BOTS})
    return f"{what}; comma-separated, dealt round the table; choices: {', '.join(choices)}"


def _players_help() -> str:
    ranges = ", ".join(
        f"{game} {r.start}-{r.stop - 1} (default {DEFAULT_PLAYERS[game]})"
        for game, r in PLAYER_RANGE.items()
    )
    return f"number of players: {ranges}"


def _version() -> str:
    """The distribution's version and the build each package runs (compiled or pure)."""
    import campers_rules
    import karibou_rules

    builds = ", ".join(f"{package.__name__}: {'compiled' if package.COMPILED else 'pure'}"
                       for package in (campers_rules, karibou_rules))
    return f"%(prog)s {__version__} ({builds})"


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="camp-rules",
        description="Play, simulate and analyse Unhappy Campers and Karibou Camp.",
        epilog="Exit status: 0 done, 1 a failure (for solve: no arrangement), 2 bad "
        f"arguments or input, {ABANDONED} a human game abandoned (quit, or input ended).",
    )
    parser.add_argument("--version", action="version", version=_version())
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    defaults = _Help
    game_help = "campers (Unhappy Campers) or karibou (Karibou Camp)"

    play = commands.add_parser(
        "play", help="one game played by bots (or with you at one seat), as a play-by-play",
        formatter_class=defaults,
        description="One game, printed as a play-by-play. By default the actions in words "
        "and, for Unhappy Campers, the whole table at the start of each round.",
    )
    play.add_argument("game", choices=GAMES, help=game_help)
    play.add_argument("--players", type=int, metavar="N", default=None, help=_players_help())
    play.add_argument("--seed", type=int, default=0, help="the game's seed")
    play.add_argument("--bots", default="heuristic", help=_bots_help("the bots"))
    shown = play.add_mutually_exclusive_group()
    shown.add_argument("--verbose", action="store_true",
                       help="also the whole table after every turn (Unhappy Campers)")
    shown.add_argument("--seat", type=int, metavar="N", default=None,
                       help="only what seat N knows: its view, no other hand")
    shown.add_argument("--human", type=int, metavar="N", default=None,
                       help="you play seat N from standard input (a number or the move's "
                       "text; help lists the answers; karibou: 0 waits); the other seats are "
                       f"bots; quit or the end of input abandons the game (exit {ABANDONED})")
    shown.add_argument("--json", action="store_true",
                       help="JSON lines (every seat, as --verbose) instead of text")
    play.add_argument("--svg", metavar="DIR", default=None,
                      help="also draw the table as SVG into DIR: round-NN.svg as each round "
                      "starts and final.svg at the end, as seat --seat/--human N sees it "
                      "(seat 0 otherwise)")
    play.add_argument("--record", metavar="FILE", default=None,
                      help="write the game's record (JSON, see camp-rules replay) to FILE")
    play.set_defaults(run=_play)

    again = commands.add_parser(
        "replay", help="check a game record and print its game (or one seat's)",
        formatter_class=defaults,
        description="Read a game record (play --record FILE, or dumps_record) or a play "
        "--json log, check every move, and print the game as play does. A move that does "
        "not replay is named by its number and text (exit 2).",
    )
    again.add_argument("file", help="the record, or a play --json log")
    again.add_argument("--seat", type=int, metavar="N", default=None,
                       help="only what seat N knew: its view, no other hand")
    again.add_argument("--record", metavar="FILE", default=None,
                       help="also write the game's record to FILE (converts a play --json log)")
    again.set_defaults(run=_replay)

    sim = commands.add_parser(
        "simulate", help="many games (over --jobs processes), a summary",
        formatter_class=defaults,
    )
    sim.add_argument("game", choices=GAMES, help=game_help)
    sim.add_argument("--games", type=_count, default=100, help="games to play")
    sim.add_argument("--players", type=int, metavar="N", default=None, help=_players_help())
    sim.add_argument(
        "--bots", default=None,
        help=_bots_help("the bots (default: " + "; ".join(
            f"{game} {names}" for game, names in DEFAULT_SIMULATE_BOTS.items()) + ")"),
    )
    sim.add_argument("--jobs", type=_count, default=1, help="worker processes")
    sim.add_argument("--seed", type=int, default=0, help="seeds game i from (seed, i)")
    sim.add_argument("--plot", metavar="FILE.png", help="draw the main figures into FILE.png")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(run=_simulate)

    solve = commands.add_parser(
        "solve", help="ask the meld solver about a hand", formatter_class=defaults,
        description="Exit 0 when an arrangement exists (printed), 1 when none does (why "
        "not, on standard output), 2 when the requirement or the hand cannot be read.",
    )
    solve.add_argument("requirement", help='e.g. "1 SET OF 3 AND 1 RUN OF 4"')
    solve.add_argument("--hand", required=True, help='e.g. "B5 Y5 R5 G4 B6 W B7"')
    solve.add_argument("--backend", choices=("native", "z3"), default="native",
                       help="the meld solver backend")
    solve.set_defaults(run=_solve)

    calibrate = commands.add_parser(
        "calibrate", help="measure how hard each campsite is", formatter_class=defaults,
    )
    calibrate.add_argument("--deals", type=_count, default=300, help="deals per campsite")
    calibrate.add_argument("--seed", type=int, default=0, help="the deals' seed")
    calibrate.add_argument("--rst", action="store_true",
                           help="print the wide reStructuredText table the docs publish")
    calibrate.set_defaults(run=_calibrate)

    serve = commands.add_parser(
        "serve", help="host games for browsers and bots (the server extra)",
        formatter_class=defaults,
        description="The reference server (docs/server.rst): a lobby at the printed URL, "
        "both games against bots or friends, every game kept in --db and hosted again "
        "when the server restarts. Needs the server extra: pip install 'camp-rules[server]'.",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="the port to listen on")
    serve.add_argument("--db", metavar="FILE", default="camp-rules.sqlite3",
                       help="the SQLite file that keeps the games")
    serve.add_argument("--bot-delay", type=float, metavar="SECONDS", default=0.0,
                       help="the pause before each bot move, so that people can follow")
    serve.set_defaults(run=_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    import karibou_rules

    parser = _parser()
    if not (sys.argv[1:] if argv is None else argv):
        parser.print_help(sys.stderr)  # a bare camp-rules: what it can do, as bad arguments
        return 2
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except _Usage as error:
        print(f"camp-rules: error: {error}", file=sys.stderr)
        return 2
    except karibou_rules.StalledGameError as error:  # the bots failed, not the input
        print(f"camp-rules: error: {error}", file=sys.stderr)
        return 1
    except (CampersError, karibou_rules.KaribouError) as error:
        print(f"camp-rules: error: {error}", file=sys.stderr)
        return 2
    except _Failure as error:
        print(f"camp-rules: error: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
