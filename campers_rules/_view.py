"""What one player may know (UC-23): a frozen View built from a State."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from campers_rules._board import Phase, Site
from campers_rules._cards import WILD, Card
from campers_rules._config import Config
from campers_rules._errors import CampersError
from campers_rules._pending import PassChoice, Pending, SprayWindow
from campers_rules._results import RoundResult

if TYPE_CHECKING:
    from campers_rules._actions import Action
    from campers_rules._state import State


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
        pending: The open decision, with hidden parts removed (``None`` when none): a
            Bear Spray window waits on this seat alone when it is asked now, else on
            nobody; a Lost Camper pass shows only this seat's own choice.
        version: The state's version (UC-32); send it back with the seat's action.
        building: The seat's own open build (the ids of its steps so far), else empty:
            another seat's build is not shown.
        build_step: The turn player's own build step count at this version
            (:attr:`State.build_step`), else 0: send it back with a build step. Not
            compared, as in the state.
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
    version: int
    building: tuple[int, ...] = ()
    build_step: int = attrs.field(default=0, eq=False)

    @property
    def is_over(self) -> bool:
        """True once the game is over."""
        return self.phase is Phase.OVER

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions, computed from the view alone.

        Equal to ``state.legal_actions(view.player)`` for the state the view was taken of.
        """
        pending = self.pending
        if isinstance(pending, SprayWindow) and not pending.waiting:
            return []  # the window waits on someone else
        return shadow(self).legal_actions(self.player)

    def legal_action_ids(self) -> list[int]:
        """This seat's legal ids, from the view alone: ``state.legal_action_ids(player)``."""
        pending = self.pending
        if isinstance(pending, SprayWindow) and not pending.waiting:
            return []  # the window waits on someone else
        return shadow(self).legal_action_ids(self.player)


def shadow(view: View) -> State:
    """A state that agrees with the view on everything move generation reads.

    The cards the seat cannot see are stand-ins: other hands and the deck hold ``WILD``s
    of the right number, the pile zeros. It is never shown nor checked.
    """
    # The package's one import inside a function that closes a cycle: a state gives its
    # views (``_state`` imports this module) and a view lists its moves on a state. It is
    # paid by a view's listing, never by a state's step.
    from campers_rules._state import State

    hands = tuple(
        view.hand if seat == view.player else (WILD,) * size
        for seat, size in enumerate(view.hand_sizes)
    )
    return State(
        view.num_players,
        view.config,
        view.round,
        view.dealer,
        view.turn,
        view.phase,
        view.turns_taken,
        view.action_played,
        hands,
        (WILD,) * view.deck_size,
        view.discard,
        view.table,
        view.campground,
        (0,) * view.pile_size,
        view.kept,
        view.skips,
        view.pending,
        view.scores,
        view.round_results,
        0,
        view.version,
        view.building,
        view.build_step,
    )


def _public(pending: Pending | None, player: int) -> Pending | None:
    if isinstance(pending, SprayWindow):
        asked = (player,) if pending.waiting[0] == player else ()
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
        state.version,
        state.building if player == state.turn else (),
        state.build_step if player == state.turn else 0,
    )
