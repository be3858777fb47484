"""Unattended play: a seeded real-time scheduler that plays bots to the end of a game.

>>> from karibou_rules import HeuristicBot, RandomBot, new_game
>>> bots = [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()]
>>> final = play_game(new_game(players=4, seed=2), bots, seed=2)
>>> final.is_over, max(final.scores) >= 9
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Literal, overload

from karibou_rules._actions import (
    Action,
    CompleteHand,
    Exchange,
    PlacePawn,
    PlayScout,
    Sign,
)
from karibou_rules._bots import Bot
from karibou_rules._cards import check_seat
from karibou_rules._deal import seed_text
from karibou_rules._describe import describe_position
from karibou_rules._errors import KaribouError, NotYourTurnError, StalledGameError, quote
from karibou_rules._noticing import NoticingModel, check_noticing
from karibou_rules._record import (
    Record,
    RecordTo,
    make_record,
    move_digest,
    record_text,
    write_record,
)
from karibou_rules._state import State

NOTICING = NoticingModel()
"""The noticing model of bot games unless told otherwise (KC-19)."""

MAX_ACTIONS = 1_000_000
"""The default ``max_actions`` of :func:`play_game`."""
STALL_LAPS = 50
"""How many laps (a center dealt, revealed and cleared) a bot game may go without an
exchange, a Scout, a sign or a pawn before :func:`play_game` calls it stalled. Heuristic
bots went at most 7 such laps in a row in 1,500 seeded games (300 for each of 3 to 7
players); a stalled table goes round for ever."""
_PROGRESS = (Exchange, PlayScout, CompleteHand, Sign, PlacePawn)
"""The actions that move a game on; reveals and passes alone only turn the table round."""

OnAction = Callable[[State, Action, State], None]
"""Called as ``on_action(before, action, after)`` after every applied action."""


def next_actor(state: State, rng: random.Random, waiting: frozenset[int] = frozenset()) -> int:
    """Pick, at random, the seat that is asked next in real time (KC-13, KC-19).

    Every seat may act until the game ends, so every seat is in the running: one that
    passed (it may still sign, place the pawn or exchange) and, while a Scout's player
    completes the hand, all the others (signs and the pawn stay open to everyone). The
    seats in ``waiting`` (asked since the last action, they chose to wait) are left
    out; at least one seat must remain.

    Raises:
        SeatError: ``waiting`` holds a value that is no seat of this game (KC-2).
        KaribouError: ``state`` is no :class:`State`, ``rng`` no :class:`random.Random`,
            ``waiting`` no set, or no seat remains (the game is over, or every seat waits).
    """
    if not (isinstance(state, State) and isinstance(rng, random.Random)
            and isinstance(waiting, frozenset | set)):
        raise KaribouError(f"next_actor takes a State, a random.Random and a set of seats, "
                           f"not {quote(state)}, {quote(rng)}, {quote(waiting)}")
    for seat in waiting:
        check_seat(state.num_players, seat)
    running = sorted(state.actors - waiting)
    if not running:
        raise KaribouError(f"no seat is in the running: {quote(set(waiting))} wait, the "
                           f"actors are {sorted(state.actors)}")
    return rng.choice(running)


@overload
def play_game(state: State, bots: Sequence[Bot], seed: int, on_action: OnAction | None = None,
              *, noticing: NoticingModel | None = NOTICING, max_actions: int = 1_000_000,
              record: Literal[False] = False) -> State: ...
@overload
def play_game(state: State, bots: Sequence[Bot], seed: int, on_action: OnAction | None = None,
              *, noticing: NoticingModel | None = NOTICING, max_actions: int = 1_000_000,
              record: Literal[True]) -> tuple[State, Record]: ...
@overload
def play_game(state: State, bots: Sequence[Bot], seed: int, on_action: OnAction | None = None,
              *, noticing: NoticingModel | None = NOTICING, max_actions: int = 1_000_000,
              record: RecordTo) -> State: ...
def play_game(
    state: State,
    bots: Sequence[Bot],
    seed: int,
    on_action: OnAction | None = None,
    *,
    noticing: NoticingModel | None = NOTICING,
    max_actions: int = MAX_ACTIONS,
    record: bool | RecordTo = False,
) -> State | tuple[State, Record]:
    """Play from ``state`` until the game is over, one bot per seat.

    The scheduling scheme: after every applied action every seat is in the running;
    the driver asks one seat in the running, chosen uniformly (:func:`next_actor`).
    If its bot acts, the action is applied and everyone is in the running again; if
    it waits (returns ``None``), that seat leaves the running until the next action.
    Play stops when the game is over, when every seat has waited since the last
    action (the bots are stuck), or after ``max_actions`` actions. A table that goes
    ``STALL_LAPS`` (50) laps (each a center dealt, revealed and cleared: the state's
    version moved on twice) with no exchange, Scout, sign or pawn placement is stalled
    and raises :class:`StalledGameError`.

    Who notices a bot's sign is drawn from ``noticing`` by the driver (KC-19), never
    chosen by the bot: the ``noticed_by`` of a bot's :class:`Sign` is replaced. The
    scheduler, the noticing draws and the bots each have their own ``random.Random``
    seeded from ``seed``, so the same state, bots and seed give the same game. Each
    bot sees only its view.

    Args:
        state: Where to start.
        bots: One bot per seat.
        seed: Seeds the scheduler, the noticing draws and the bots' choices.
        on_action: Called after every action with (before, action, after).
        noticing: Who notices a sign: a :class:`NoticingModel`, or ``None`` for every
            other seat (KC-7's default).
        max_actions: Stop after this many actions, over or not (a guard for
            experimental bots).
        record: ``True`` returns the game's :class:`Record` with the final state; a path
            or a text stream gets the record's JSON written to it once play stops
            (:func:`dumps_record`; seats named by their bots' classes, signs with who
            noticed them, the start written out unless it is the seeded deal of its seed).

    Raises:
        KaribouError: ``state`` is no State, not one bot per seat, ``seed`` no int,
            ``noticing`` no :class:`NoticingModel` (nor ``None``) or ``max_actions`` no
            count.
        StalledGameError: The bots went ``STALL_LAPS`` laps without moving the
            game on; the message names the seed and the position.
        IllegalActionError: A bot chose an action its seat may not take now (a
            :class:`NotYourTurnError` for an action of another seat).
    """
    if type(state) is not State:
        raise KaribouError(f"play_game plays from a State, not {quote(state)}")
    if not isinstance(bots, Sequence):
        raise KaribouError(f"bots are a sequence of one bot per seat, not {quote(bots)}")
    if len(bots) != state.num_players:
        raise KaribouError(f"{len(bots)} bots for {state.num_players} seats")
    if type(seed) is not int:
        raise KaribouError(f"the seed must be an int, not {quote(seed)}")
    if type(max_actions) is not int or max_actions < 0:
        raise KaribouError(f"max_actions is a count of actions, not {quote(max_actions)}")
    noticing = check_noticing(noticing)
    schedule = random.Random(f"karibou-schedule:{seed_text(seed)}")
    notice = random.Random(f"karibou-noticing:{seed_text(seed)}")
    choices = random.Random(f"karibou-bots:{seed_text(seed)}")
    waiting: frozenset[int] = frozenset()
    actions = 0
    moved_at = state.version  # the version of the last action that moved the game on
    start, moves, digests, recording = state, [], [], record is not False
    while actions < max_actions and not state.is_over and waiting != state.actors:
        player = next_actor(state, schedule, waiting)
        action = bots[player].choose(state.view(player), state.legal_actions(player), choices)
        if action is None:
            waiting |= {player}
            continue
        if action.player != player:
            raise NotYourTurnError(action, f"the bot of p{player} acts for its own seat only")
        if isinstance(action, Sign):
            seen = None if noticing is None else noticing.draw(state.teams, player, notice)
            action = Sign(action.player, action.species, seen)
        after = state.apply(action)
        if on_action is not None:
            on_action(state, action, after)
        state, waiting, actions = after, frozenset(), actions + 1
        if isinstance(action, _PROGRESS):
            moved_at = state.version
        elif state.version - moved_at >= 2 * STALL_LAPS:
            raise StalledGameError(
                f"the bots stalled: no exchange, Scout, sign or pawn in {STALL_LAPS} laps "
                f"(seed {quote(seed)}; {actions} actions, {describe_position(state)})",
                seed, state,
            )
        if recording:
            moves.append(str(action))
            digests.append(move_digest(moves[-1], state))
    if record is False:
        return state
    names = [type(bot).__name__ for bot in bots]
    made = make_record(start, moves, digests, state, start.seed, names)
    if record is True:
        return state, made
    write_record(record, record_text(made))
    return state
