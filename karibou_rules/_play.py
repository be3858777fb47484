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
from karibou_rules._cards import PILE, format_cards
from karibou_rules._round import Phase
from karibou_rules._state import State

OnAction = Callable[[State, Action, State], None]
"""Called as ``on_action(before, action, after)`` after every applied action."""


def next_actor(state: State, rng: random.Random) -> int:
    """Pick, at random, the seat that acts next in real time (KC-13).

    Every seat may act at every moment; the scheduler asks only the seats that have
    something to move the game on with: everyone while the center lies face down, the
    seats that have not passed during exchanges, the Scout's player during a Scout.
    A seat that waits can still act when it is next asked.
    """
    if state.phase is Phase.SCOUT and state.scout_player is not None:
        return state.scout_player
    seats = [seat for seat in range(state.num_players) if seat not in state.passed]
    return rng.choice(seats)


def play_game(
    state: State,
    bots: Sequence[Bot],
    seed: int,
    on_action: OnAction | None = None,
    *,
    max_actions: int = 1_000_000,
) -> State:
    """Play from ``state`` until the game is over, one bot per seat.

    The scheduler (:func:`next_actor`) and the bots draw from ``random.Random(seed)``,
    so the same state, bots and seed give the same game. Each bot sees only its view.

    Args:
        state: Where to start.
        bots: One bot per seat.
        seed: Seeds the scheduler and the bots' choices.
        on_action: Called after every action with (before, action, after).
        max_actions: Stop after this many actions, over or not (a guard for
            experimental bots).
    """
    if len(bots) != state.num_players:
        raise ValueError(f"{len(bots)} bots for {state.num_players} seats")
    rng = random.Random(seed)
    for _ in range(max_actions):
        if state.is_over:
            break
        player = next_actor(state, rng)
        action = bots[player].choose(state.view(player), state.legal_actions(player), rng)
        after = state.apply(action)
        if on_action is not None:
            on_action(state, action, after)
        state = after
    return state


def describe_action(before: State, action: Action, after: State) -> str:
    """One readable line about an applied action, for a play-by-play.

    >>> from karibou_rules import new_game
    >>> state = new_game(players=3, seed=4)
    >>> describe_action(state, Reveal(0), state.apply(Reveal(0)))
    'p0 shouts "Karibou Camp!" and turns the center up: Duck Duck Scout'
    """
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
