"""Readable text for a play-by-play: one line per action, the teams, a position.

Every line here is a referee's: it may name what some seat cannot see (who noticed a sign,
every seat's points); what one seat learns is :func:`karibou_rules.seat_events`.
"""

from __future__ import annotations

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
from karibou_rules._cards import PILE, Team, format_cards
from karibou_rules._errors import KaribouError
from karibou_rules._round import Phase
from karibou_rules._state import State


def describe_position(state: State) -> str:
    """The round, version, phase, hands and center of a state, in one line (for a
    message about a game that went wrong).

    >>> from karibou_rules import new_game
    >>> describe_position(new_game(players=3, seed=4))  # doctest: +ELLIPSIS
    'round 1, version 0, dealt; p0 (Veterinarian) ...; center face down: ...'
    """
    hands = "; ".join(
        f"p{seat} ({team}) {format_cards(hand)}"
        for seat, (team, hand) in enumerate(zip(state.teams, state.hands, strict=True))
    )
    center = "face down" if state.phase is Phase.DEALT else "face up"
    return (f"round {len(state.round_results) + 1}, version {state.version}, "
            f"{state.phase.value}; {hands}; center {center}: {format_cards(state.center)}")


def round_teams(state: State) -> dict[str, list[str]]:
    """The current round's teams by name, each seat as ``p<seat>`` (public, KC-2).

    >>> from karibou_rules import new_game
    >>> round_teams(new_game(players=5, seed=7))
    {'Veterinarians': ['p3', 'p4'], 'Photographers': ['p0', 'p2'], 'Coyote': ['p1']}

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
    'round 1: Veterinarians: p3, p4; Photographers: p0, p2; Coyote: p1'

    Never raises for a state.
    """
    teams = "; ".join(f"{name}: {', '.join(seats)}" for name, seats in round_teams(state).items())
    return f"round {len(state.round_results) + 1}: {teams}"


def describe_action(before: State, action: Action, after: State) -> str:
    """One readable line about an applied action, for a play-by-play.

    >>> from karibou_rules import new_game
    >>> state = new_game(players=3, seed=4)
    >>> describe_action(state, Reveal(0), state.apply(Reveal(0)))
    'p0 shouts "Karibou Camp!" and turns the center up: Bear Marmot Duck'

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
        return f"{sign_line(action)}, noticed by {seen}"
    return _describe_pawn(action, after)


def sign_line(action: Sign) -> str:
    """The words for a sign as the seats that saw it see it (not who else noticed it)."""
    return f"p{action.player} makes the {action.species} sign ({action.species.sign})"


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
