"""Many seeded games played by bots, on any ``concurrent.futures``-style executor.

Game ``i`` of a simulation with seed ``s`` is seeded from ``(s, i)`` alone and its seats
get the bots in rotation, so the records are the same whatever executor runs them and
however many workers it has.

>>> records = list(simulate(games=4, players=3, bots=("heuristic", "random"), seed=1))
>>> [record.index for record in records]
[0, 1, 2, 3]
>>> records[0].bots, records[1].bots
(('heuristic', 'random', 'heuristic'), ('random', 'heuristic', 'random'))
"""

from __future__ import annotations

import hashlib
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from typing import Any

import attrs

from karibou_rules._bots import BOTS
from karibou_rules._cards import check_players
from karibou_rules._config import Config
from karibou_rules._deal import seed_text
from karibou_rules._describe import describe_position
from karibou_rules._errors import KaribouError, StalledGameError, quote
from karibou_rules._noticing import NoticingModel, check_noticing
from karibou_rules._play import MAX_ACTIONS, NOTICING, play_game
from karibou_rules._results import RoundEnd
from karibou_rules._state import new_game

GAMES_PER_TASK = 4
"""Games sent to a worker at once: enough to amortise the transfer, small for progress."""
IN_FLIGHT = 64
"""Tasks an executor holds at once (submitted, not yet read): enough to keep a big pool
busy, and memory flat whatever the number of games."""


@attrs.frozen
class GameRecord:
    """The outcome of one simulated game."""

    index: int
    """The game's number in its simulation, from 0."""
    seed: int
    """The seed the game was played with (derived from the simulation's seed)."""
    bots: tuple[str, ...]
    """The bot name of each seat."""
    scores: tuple[int, ...]
    """Final scores by seat."""
    winners: frozenset[int]
    """The winning seats (ties share the win)."""
    actions: int
    """Actions applied in the whole game."""
    round_points: tuple[tuple[int, ...], ...]
    """For each round, the points each seat scored."""
    round_ends: tuple[RoundEnd, ...]
    """How each round ended."""

    @property
    def rounds(self) -> int:
        """How many rounds the game lasted."""
        return len(self.round_points)


def _names(bots: object) -> bool:
    """Whether ``bots`` is a sequence of names (of text, not one text)."""
    return (isinstance(bots, Sequence) and not isinstance(bots, str | bytes)
            and all(type(name) is str for name in bots))


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a simulation seeded with ``seed`` (platform-independent).

    Never raises: any seed and index give a seed.
    """
    digest = hashlib.sha256(f"karibou:{seed_text(seed)}:{seed_text(index)}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def seat_bots(bots: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The bots of game ``index``: the list repeated around the table, rotated by one a game.

    Raises:
        PositionError: ``players`` is a player count no game has.
        KaribouError: ``bots`` is no non-empty list of bot names, or ``index`` no int.
    """
    check_players(players)
    if not (_names(bots) and bots and type(index) is int):
        raise KaribouError(f"cannot seat {quote(bots)} at {quote(players)} seats for game "
                           f"{quote(index)}")
    return tuple(bots[(seat + index) % len(bots)] for seat in range(players))


def play_recorded(
    index: int, seed: int, bots: tuple[str, ...], noticing: NoticingModel | None = NOTICING,
    config: Config | None = None,
) -> GameRecord:
    """Play one game with these seat bots (and noticing model, KC-19, and options) and
    record it.

    Raises:
        StalledGameError: The game stalled, or its bots stopped short of the end (all
            waiting, or ``MAX_ACTIONS`` actions played); the message names the game,
            its seed and the position.
    """
    count = 0

    def counter(*_: object) -> None:
        nonlocal count
        count += 1

    game = new_game(players=len(bots), seed=seed, config=config)
    seats = [BOTS[name]() for name in bots]
    try:
        final = play_game(game, seats, seed=seed, on_action=counter, noticing=noticing)
    except StalledGameError as error:
        raise StalledGameError(f"game {index}: {error}", seed, error.state) from None
    if not final.is_over:
        why = "every seat waiting" if count < MAX_ACTIONS else "at the action limit"
        raise StalledGameError(
            f"game {index}: the bots stopped short of the end, {why}, after {count} "
            f"actions (seed {seed}; {describe_position(final)})", seed, final)
    return GameRecord(
        index=index,
        seed=seed,
        bots=bots,
        scores=final.scores,
        winners=final.winners,
        actions=count,
        round_points=tuple(result.points for result in final.round_results),
        round_ends=tuple(result.reason for result in final.round_results),
    )


Task = tuple[tuple[tuple[int, int, tuple[str, ...]], ...], NoticingModel | None, Config | None]
"""A worker's share: some games (index, seed, seat bots), the noticing model and the
options."""


def _play_task(task: Task) -> list[GameRecord]:
    games, noticing, config = task
    return [play_recorded(i, s, tuple(b), noticing, config) for i, s, b in games]


def simulate(
    games: int,
    players: int,
    bots: Sequence[str] = ("heuristic",),
    seed: int = 0,
    executor: Executor | Any | None = None,
    noticing: NoticingModel | None = NOTICING,
    config: Config | None = None,
) -> Iterator[GameRecord]:
    """Play ``games`` games; an iterator of their records, in game order.

    The arguments are checked at the call; the games are played as the iterator is read.

    Args:
        games: How many games.
        players: Seats per game (3..7).
        bots: Bot names (keys of :data:`BOTS`), dealt round the table in rotation.
        seed: The simulation's seed; game ``i`` uses :func:`game_seed` of it.
        executor: Runs the games: ``None`` plays them here, one after another; any
            ``concurrent.futures.Executor`` (a process pool, say) or a Dask
            ``distributed.Client`` runs them there.
        noticing: Who notices a sign (KC-19): a :class:`NoticingModel`, or ``None`` for
            every other seat.
        config: The options of every game (:class:`Config`: the winning score, KC-11).

    Raises:
        PositionError: ``players`` is not 3 to 7 (KC-2), or ``config`` no :class:`Config`.
        KaribouError: At the call, for an unknown bot name, a negative number of games or
            a ``noticing`` that is no :class:`NoticingModel` (nor ``None``).
        StalledGameError: While the records are read, for a game whose bots stalled
            (see :func:`play_game`); the message names the game, its seed and the
            position.
    """
    if not _names(bots):
        raise KaribouError(f"bots must be a list of bot names from {sorted(BOTS)}, "
                     f"not {quote(bots)}")
    unknown = [name for name in bots if name not in BOTS]
    if unknown or not bots:
        raise KaribouError(f"unknown bots {unknown or 'none given'}; choose from {sorted(BOTS)}")
    if type(games) is not int or games < 0:
        raise KaribouError(f"cannot play {quote(games)} games")
    new_game(players=players, seed=seed, config=config)  # rejects bad players, seed, config
    noticing = check_noticing(noticing)
    tasks: Iterator[Task] = (  # made as they are read: ``games`` may be any count
        (tuple((i, game_seed(seed, i), seat_bots(bots, players, i))
               for i in range(start, min(start + GAMES_PER_TASK, games))), noticing, config)
        for start in range(0, games, GAMES_PER_TASK)
    )
    if executor is None:
        return _records(map(_play_task, tasks))
    if hasattr(executor, "get_executor"):  # a Dask distributed.Client
        executor = executor.get_executor()
    return _records(_submitted(executor, tasks))


def _submitted(executor: Any, tasks: Iterator[Task]) -> Iterator[list[GameRecord]]:
    """Each task's records, in task order, with at most :data:`IN_FLIGHT` tasks submitted
    ahead of the reader (``executor.map`` submits them all at once: a huge game count
    held every task and result in memory); the rest are cancelled if the reader stops."""
    pending: deque[Future[list[GameRecord]]] = deque()
    try:
        for task in tasks:
            pending.append(executor.submit(_play_task, task))
            if len(pending) >= IN_FLIGHT:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()


def _records(chunks: Iterable[list[GameRecord]]) -> Iterator[GameRecord]:
    for chunk in chunks:
        yield from chunk


def round_endings(
    games: int,
    players: int,
    bots: Sequence[str] = ("heuristic",),
    seed: int = 0,
    executor: Executor | Any | None = None,
    noticing: NoticingModel | None = NOTICING,
) -> Counter[RoundEnd]:
    """How the rounds of ``games`` simulated games ended (arguments as :func:`simulate`).

    Raises:
        PositionError: ``players`` is not 3 to 7 (KC-2).
        KaribouError: As :func:`simulate` (a :class:`StalledGameError` for a stalled game).
    """
    records = simulate(games, players, bots, seed, executor, noticing)
    return Counter(end for record in records for end in record.round_ends)


def endings_table(
    games: int = 200,
    bots: Sequence[str] = ("heuristic",),
    seed: int = 0,
    players: Sequence[int] = range(3, 8),
    noticing: NoticingModel | None = NOTICING,
) -> str:
    """A reStructuredText table: the share of rounds ending each way, per player count.

    One column per player count, one row per :class:`RoundEnd`, and a last row with
    the number of rounds; each column comes from :func:`round_endings` with the same
    ``games``, ``bots``, ``seed`` and ``noticing``.

    Raises:
        KaribouError: As :func:`simulate` (a :class:`StalledGameError` for a stalled game).

    >>> print(endings_table(games=2, players=[3]))  # doctest: +ELLIPSIS
    ========================  ======
    round ends                3 p
    ========================  ======
    claim                     ...

    Raises:
        PositionError: A count of ``players`` is not 3 to 7 (KC-2).
        KaribouError: As :func:`simulate`, for ``games``, ``bots`` or ``noticing``.
    """
    counts = {
        count: round_endings(games, count, bots, seed, noticing=noticing) for count in players
    }
    width = max(len(end.value) for end in RoundEnd)
    rule = "  ".join(["=" * width, *("======" for _ in counts)])
    lines = [rule, "  ".join(["round ends".ljust(width), *(f"{n} p".ljust(6) for n in counts)])]
    lines.append(rule)
    for end in RoundEnd:
        cells = [f"{100 * c[end] / max(1, c.total()):5.1f}%" for c in counts.values()]
        lines.append("  ".join([end.value.ljust(width), *cells]))
    lines.append("  ".join(["rounds".ljust(width), *(f"{c.total():6d}" for c in counts.values())]))
    lines.append(rule)
    return "\n".join(line.rstrip() for line in lines)
