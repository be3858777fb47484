"""Many seeded games played by bots, on any ``concurrent.futures``-style executor.

Game ``i`` of a simulation with seed ``s`` is seeded from ``(s, i)`` alone and its seats
get the bots in rotation, so the records are the same whatever executor runs them and
however many workers it has.

>>> records = list(simulate(games=2, players=3, bots=("heuristic", "random"), seed=1))
>>> [record.index for record in records]
[0, 1]
>>> records[0].bots, records[1].bots
(('heuristic', 'random', 'heuristic'), ('random', 'heuristic', 'random'))
"""

from __future__ import annotations

import hashlib
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from typing import Any, get_args

import attrs

from campers_rules._actions import Action, Claim, Discard, Rearrange
from campers_rules._board import check_players
from campers_rules._bots import BOTS, play_game
from campers_rules._cards import ActionKind
from campers_rules._config import Config
from campers_rules._errors import CampersError, quote
from campers_rules._results import RoundEnd
from campers_rules._rng import seed_text
from campers_rules._setup import new_game
from campers_rules._state import State

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
    turns: int
    """Turns played in the whole game (a turn ends when the next player's begins)."""
    round_points: tuple[tuple[int, ...], ...]
    """For each round, the points each seat scored."""
    claimed: tuple[str, ...]
    """The id of the campsite of every claim made (by a claim or a rearrangement, UC-11),
    in order."""
    completed: tuple[str, ...]
    """The id of every campsite kept complete by a player going out (UC-20)."""
    round_ends: tuple[RoundEnd, ...]
    """Why each round ended (a player went out, or the turn cap of UC-22)."""
    plays: tuple[tuple[str, int], ...]
    """How often each kind of action was applied in the game, by class name (``Draw``,
    ``Smores``, ...); every kind of the vocabulary is named, 0 included."""
    unplayed: tuple[tuple[str, int], ...]
    """How often each action card (``Smores``, ...) was discarded instead of played, by
    name; every action card is named."""

    @property
    def rounds(self) -> int:
        return len(self.round_points)

    @property
    def capped_rounds(self) -> int:
        """Rounds ended by the turn cap (UC-22)."""
        return self.round_ends.count(RoundEnd.TURN_CAP)


def _names(bots: object) -> bool:
    """Whether ``bots`` is a sequence of names (of text, not one text)."""
    return (isinstance(bots, Sequence) and not isinstance(bots, str | bytes)
            and all(type(name) is str for name in bots))


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a simulation seeded with ``seed`` (platform-independent).

    Never raises: any seed and index give a seed.
    """
    digest = hashlib.sha256(f"campers:{seed_text(seed)}:{seed_text(index)}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def seat_bots(bots: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """The bots of game ``index``: the list repeated around the table, rotated by one a game.

    Raises:
        PositionError: ``players`` is a player count no game has.
        CampersError: ``bots`` is no non-empty list of bot names, or ``index`` no int.
    """
    check_players(players)
    if not (_names(bots) and bots and type(index) is int):
        raise CampersError(f"cannot seat {quote(bots)} at {quote(players)} seats for game "
                           f"{quote(index)}")
    return tuple(bots[(seat + index) % len(bots)] for seat in range(players))


def play_recorded(
    index: int, seed: int, bots: tuple[str, ...], config: Config | None = None
) -> GameRecord:
    """Play one game with these seat bots (and options) and record it."""
    count = turns = 0
    claimed: list[str] = []
    plays = Counter({kind.__name__: 0 for kind in get_args(Action)})
    unplayed = Counter({kind.value: 0 for kind in ActionKind})

    def watch(before: State, action: Action, after: State) -> None:
        nonlocal count, turns
        count += 1
        turns += before.turn != after.turn or before.round != after.round
        plays[type(action).__name__] += 1
        catalogue = before.config.catalogue
        if isinstance(action, Claim):
            claimed.append(catalogue[action.campsite].id)
        elif isinstance(action, Rearrange):
            owned = {site.campsite for site in before.table[action.player]}
            claimed.extend(catalogue[s].id for s, _ in action.layout if s not in owned)
        elif isinstance(action, Discard) and action.card.action is not None:
            unplayed[action.card.action.value] += 1

    game = new_game(players=len(bots), seed=seed, config=config)
    final = play_game(game, [BOTS[name]() for name in bots], seed=seed, on_action=watch)
    if not final.is_over:
        raise CampersError(f"game {index} (seed {seed}) did not end after {count} actions")
    catalogue = final.config.catalogue
    return GameRecord(
        index=index,
        seed=seed,
        bots=bots,
        scores=final.scores,
        winners=final.winners,
        actions=count,
        turns=turns,
        round_points=tuple(result.points for result in final.round_results),
        claimed=tuple(claimed),
        completed=tuple(
            catalogue[site].id
            for result in final.round_results
            for kept in result.kept
            for site in kept
        ),
        round_ends=tuple(result.reason for result in final.round_results),
        plays=tuple(sorted(plays.items())),
        unplayed=tuple(sorted(unplayed.items())),
    )


Task = tuple[tuple[tuple[int, int, tuple[str, ...]], ...], Config | None]


def _play_task(task: Task) -> list[GameRecord]:
    specs, config = task
    return [play_recorded(i, s, tuple(b), config) for i, s, b in specs]


def simulate(
    games: int,
    players: int,
    bots: Sequence[str] = ("heuristic",),
    seed: int = 0,
    executor: Executor | Any | None = None,
    config: Config | None = None,
) -> Iterator[GameRecord]:
    """Play ``games`` games; an iterator of their records, in game order.

    The arguments are checked at the call; the games are played as the iterator is read.

    Args:
        games: How many games.
        players: Seats per game (2..6).
        bots: Bot names (keys of :data:`BOTS`), dealt round the table in rotation.
        seed: The simulation's seed; game ``i`` uses :func:`game_seed` of it.
        executor: Runs the games: ``None`` plays them here, one after another; any
            ``concurrent.futures.Executor`` (a process pool, say) or a Dask
            ``distributed.Client`` runs them there.
        config: The options of every game (default :class:`Config`), e.g. fewer rounds.

    Raises:
        PositionError: ``players`` is not 2 to 6 (UC-2).
        CampersError: For an unknown bot name or a bad number of games.
    """
    if not _names(bots):
        raise CampersError(f"bots must be a list of bot names from {sorted(BOTS)}, "
                     f"not {quote(bots)}")
    unknown = [name for name in bots if name not in BOTS]
    if unknown or not bots:
        raise CampersError(f"unknown bots {unknown or 'none given'}; choose from {sorted(BOTS)}")
    if type(games) is not int or games < 0:
        raise CampersError(f"cannot play {quote(games)} games")
    new_game(players=players, seed=seed, config=config)  # rejects a bad count or seed now
    tasks: Iterator[Task] = (  # made as they are read: ``games`` may be any count
        (tuple((i, game_seed(seed, i), seat_bots(bots, players, i))
               for i in range(start, min(start + GAMES_PER_TASK, games))), config)
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
