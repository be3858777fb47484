"""Unattended play: a seeded real-time scheduler and a play-by-play line per action.

>>> from karibou_rules import HeuristicBot, RandomBot, new_game
>>> bots = [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()]
>>> final = play_game(new_game(players=4, seed=2), bots, seed=2)
>>> final.is_over, max(final.scores) >= 9
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from karibou_rules._actions import (
    Action,
    CompleteHand,
    Exchange,
    Pass,
    PlacePawn,
    PlayScout,
    Reveal,
    Sign,
)
from karibou_rules._bots import Bot
from karibou_rules._cards import PILE, Team, check_seat, format_cards
from karibou_rules._deal import seed_text
from karibou_rules._errors import KaribouError, NotYourTurnError, quote
from karibou_rules._noticing import NoticingModel
from karibou_rules._round import Phase
from karibou_rules._state import State

NOTICING = NoticingModel()
"""The noticing model of bot games unless told otherwise (KC-19)."""

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


def play_game(
    state: State,
    bots: Sequence[Bot],
    seed: int,
    on_action: OnAction | None = None,
    *,
    noticing: NoticingModel | None = NOTICING,
    max_actions: int = 1_000_000,
) -> State:
    """Play from ``state`` until the game is over, one bot per seat.

    The scheduling scheme: after every applied action every seat is in the running;
    the driver asks one seat in the running, chosen uniformly (:func:`next_actor`).
    If its bot acts, the action is applied and everyone is in the running again; if
    it waits (returns ``None``), that seat leaves the running until the next action.
    Play stops when the game is over, when every seat has waited since the last
    action (the bots are stuck), or after ``max_actions`` actions.

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
        noticing: Who notices a sign; ``None`` for every other seat (KC-7's default).
        max_actions: Stop after this many actions, over or not (a guard for
            experimental bots).

    Raises:
        KaribouError: ``state`` is no State, not one bot per seat, ``seed`` no int or
            ``max_actions`` no count.
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
    schedule = random.Random(f"karibou-schedule:{seed_text(seed)}")
    notice = random.Random(f"karibou-noticing:{seed_text(seed)}")
    choices = random.Random(f"karibou-bots:{seed_text(seed)}")
    waiting: frozenset[int] = frozenset()
    actions = 0
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
    return state


def round_teams(state: State) -> dict[str, list[str]]:
    """The current round's teams by name, each seat as ``p<seat>`` (public, KC-2).

    >>> from karibou_rules import new_game
    >>> round_teams(new_game(players=5, seed=7))
    {'Veterinarians': ['p2', 'p4'], 'Photographers': ['p0', 'p1'], 'Coyote': ['p3']}

    Never raises for a state.
    """
    teams: dict[str, list[str]] = {}
    for team in Team:
        seats = [f"p{seat}" for seat, card in enumerate(state.teams) if card is team]
        if seats:
            teams[str(team) if team is Team.COYOTE else f"{team}s"] = seats
    return teams


def describe_teams(state: State) -> str:
    """One readable line naming the current round's teams and the Coyote.

    >>> from karibou_rules import new_game
    >>> describe_teams(new_game(players=5, seed=7))
    'round 1: Veterinarians: p2, p4; Photographers: p0, p1; Coyote: p3'

    Never raises for a state.
    """
    teams = "; ".join(f"{name}: {', '.join(seats)}" for name, seats in round_teams(state).items())
    return f"round {len(state.round_results) + 1}: {teams}"


def describe_action(before: State, action: Action, after: State) -> str:
    """One readable line about an applied action, for a play-by-play.

    >>> from karibou_rules import new_game
    >>> state = new_game(players=3, seed=4)
    >>> describe_action(state, Reveal(0), state.apply(Reveal(0)))
    'p0 shouts "Karibou Camp!" and turns the center up: Duck Duck Scout'

    Raises:
        IllegalActionError: ``action`` is no Karibou Camp action (another game's, or no
            action at all) or is illegal in ``before``.
        KaribouError: ``before`` or ``after`` is no :class:`State`, or ``after`` is not
            the state the action leads to.
    """
    if not (isinstance(before, State) and isinstance(after, State)):
        raise KaribouError(f"describe_action takes the State before and after the action, "
                           f"not {_kind(before)} and {_kind(after)}")
    if before.apply(action) != after:  # raises for an illegal action or no Karibou action
        raise KaribouError("after is not the state the action leads to from before")
    who = f"p{action.player}"
    if isinstance(action, Reveal):
        line = f'{who} shouts "Karibou Camp!" and turns the center up: '
        return line + format_cards(after.center)
    if isinstance(action, Exchange):
        return f"{who} exchanges {action.give} for {action.take}"
    if isinstance(action, PlayScout):
        return f'{who} plays a Scout, shouting "Scout!": exchanges stop'
    if isinstance(action, CompleteHand):
        source = "the pile" if action.source is PILE else f"the center ({action.source})"
        return f"{who} completes their hand from {source}; a new center is dealt face down"
    if isinstance(action, Pass):
        if after.phase is Phase.DEALT:
            return f"{who} passes; everyone has passed, a new center is dealt face down"
        return f"{who} passes"
    if isinstance(action, Sign):
        noticed = after.signs[-1].noticed_by
        seen = ", ".join(f"p{seat}" for seat in sorted(noticed)) or "nobody"
        return f"{who} makes the {action.species} sign ({action.species.sign}), noticed by {seen}"
    return _describe_pawn(action, after)


def _kind(value: object) -> str:
    return f"{type(value).__module__}.{type(value).__qualname__}"


def _describe_pawn(action: PlacePawn, after: State) -> str:
    result = after.round_results[-1]
    gains = ", ".join(
        f"p{seat} +{points}" for seat, points in enumerate(result.points) if points
    )
    line = (
        f"p{action.player} places the Giga-pawn on {action.tile} naming p{action.named}: "
        f"{result.reason.value}; p{action.named} shows {format_cards(result.hand)}; {gains}"
    )
    if after.is_over:
        winners = ", ".join(f"p{seat}" for seat in sorted(after.winners))
        line += f"; game over, won by {winners}"
    return line
