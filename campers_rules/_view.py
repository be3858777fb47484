"""What one player may know (UC-23): a frozen View built from a State."""

from __future__ import annotations

import attrs

from campers_rules._cards import Card
from campers_rules._config import Config
from campers_rules._errors import CampersError
from campers_rules._pending import PassChoice, Pending, SprayWindow
from campers_rules._results import RoundResult
from campers_rules._state import Phase, Site, State


@attrs.frozen
class View:
    """One seat's knowledge of the game (UC-23).

    It holds the seat's own hand, every table card, the campground, the whole discard
    pile, the sizes of hands, deck and campsite pile, and the scores. It never holds other
    hands, the deck or pile order, another player's Lost Camper choice, or who is asked to
    answer a Bear Spray window (UC-14).

    Attributes:
        player: The seat this view belongs to.
        hand: That seat's cards, sorted.
        hand_sizes: Every seat's number of cards.
        deck_size: Cards left in the deck.
        pile_size: Campsites left in the face-down pile.
        pending: The open decision, with hidden parts removed (``None`` when none).
    """

    player: int
    num_players: int
    config: Config
    round: int
    dealer: int
    turn: int
    phase: Phase
    turns_taken: int
    action_played: bool
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    deck_size: int
    discard: tuple[Card, ...]
    table: tuple[tuple[Site, ...], ...]
    campground: tuple[int, ...]
    pile_size: int
    kept: tuple[tuple[int, ...], ...]
    skips: tuple[int, ...]
    pending: Pending | None
    scores: tuple[int, ...]
    round_results: tuple[RoundResult, ...]

    @property
    def is_over(self) -> bool:
        """True once the game is over."""
        return self.phase is Phase.OVER


def _public(pending: Pending | None, player: int) -> Pending | None:
    if isinstance(pending, SprayWindow):
        asked = (player,) if player in pending.waiting else ()
        return SprayWindow(pending.play, pending.sprayers, asked)
    if isinstance(pending, PassChoice):
        mine = tuple(c if p == player else None for p, c in enumerate(pending.chosen))
        return PassChoice(mine, pending.waiting & {player})
    return pending


def view(state: State, player: int) -> View:
    """The view of one seat."""
    if type(player) is not int or not 0 <= player < state.num_players:
        raise CampersError(f"no seat {player} in a {state.num_players}-player game")
    return View(
        player,
        state.num_players,
        state.config,
        state.round,
        state.dealer,
        state.turn,
        state.phase,
        state.turns_taken,
        state.action_played,
        state.hands[player],
        state.hand_sizes(),
        len(state.deck),
        state.discard,
        state.table,
        state.campground,
        len(state.pile),
        state.kept,
        state.skips,
        _public(state.pending, player),
        state.scores,
        state.round_results,
    )
