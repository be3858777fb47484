"""What one player may know (KC-12), as a frozen record a server can send to a client.

>>> from karibou_rules import new_game
>>> view = new_game(players=4, seed=3).view(2)
>>> view.player, len(view.hand), view.center, view.center_face_down, view.score
(2, 5, (), 4, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from karibou_rules._actions import Action
from karibou_rules._cards import Card, Team, check_seat
from karibou_rules._config import Config
from karibou_rules._results import RoundSummary
from karibou_rules._round import Phase, SignSeen
from karibou_rules._rules import seat_option_ids, seat_options, teammate

if TYPE_CHECKING:
    from karibou_rules._state import State


@attrs.frozen
class View:
    """What one seat may know at one instant (KC-12), and nothing else.

    Not in a view: other hands, the order and content of the pile and the discard pile,
    signs the viewer did not notice, other players' scores while the game goes on.
    """

    player: int
    """The seat this view belongs to."""
    num_players: int
    """Seats ``0 .. num_players - 1``."""
    config: Config
    """The options of the game."""
    phase: Phase
    """Where the round stands."""
    teams: tuple[Team, ...]
    """Each seat's team card this round."""
    hand: tuple[Card, ...]
    """The viewer's own hand, sorted."""
    center: tuple[Card, ...]
    """The face-up center cards, sorted (empty while they lie face down, and once the
    game is over)."""
    center_face_down: int
    """How many center cards lie face down (all of them once the game is over)."""
    pile_size: int
    """Cards in the draw pile."""
    discard_size: int
    """Cards in the discard pile."""
    scout_player: int | None
    """The seat completing their hand after a Scout, else ``None``."""
    passed: frozenset[int]
    """The seats that passed since the last exchange."""
    signs: tuple[SignSeen, ...]
    """The signs of this round the viewer made or noticed, in order."""
    score: int
    """The viewer's own score."""
    round_results: tuple[RoundSummary, ...]
    """The public record of every finished round."""
    winners: frozenset[int]
    """The winners once the game is over, else empty."""
    final_scores: tuple[int, ...]
    """Every seat's score once the game is over (public then, KC-18), else empty."""
    version: int
    """The version of the state this view shows (KC-17): send it with an action."""

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.phase is Phase.OVER

    @property
    def teammate(self) -> int | None:
        """The viewer's teammate this round (``None`` for the Coyote)."""
        return teammate(self.teams, self.player)

    def _repr_svg_(self) -> str:
        """The camp as this seat sees it (:func:`to_svg`), shown by notebooks."""
        from karibou_rules._svg import to_svg  # the picture module draws views

        return to_svg(self)

    def legal_actions(self) -> list[Action]:
        """The viewer's legal actions, from the view alone: the same list, in the same
        order, as :meth:`State.legal_actions` of the viewer's seat.

        Never raises: a view lists its own seat's actions (none in a finished game).
        """
        return seat_options(
            self.player, self.phase, self.teams, self.hand, self.center, self.passed,
            self.scout_player, self.version,
        )  # fmt: skip

    def legal_action_ids(self) -> list[int]:
        """The viewer's legal ids, sorted, from the view alone: those of
        :meth:`State.legal_action_ids` of the viewer's seat (KC-12).

        Never raises, as :meth:`legal_actions`.
        """
        return sorted(seat_option_ids(
            self.player, self.phase, self.teams, self.hand, self.center, self.passed,
            self.scout_player, self.version,
        ))  # fmt: skip

    def offer(self) -> dict[str, Any]:
        """What a host sends this seat, JSON-ready (``docs/hosting.rst``): ``format``,
        ``game``, ``version`` (the state's, to send back), ``view`` (this view as the
        envelope's payload), ``legal`` (the seat's moves, each ``{"text", "id"}``) and
        ``must_act`` (the table waits on this seat alone, KC-5, KC-6).

        Raises:
            SerializationError: A hand-built view holding a value of another type than
                its field's (as :func:`dumps` refuses it).
        """
        from karibou_rules._offer import offer  # it writes views: _serial imports this module

        return offer(self)


def make_view(state: State, player: int) -> View:
    """The view of one seat (see :meth:`State.view`)."""
    check_seat(state.num_players, player)
    # Face up only while it is played with: a game may end with the center face down.
    face_down = state.phase is Phase.DEALT or state.phase is Phase.OVER
    signs = tuple([
        sign.seen for sign in state.signs if sign.player == player or player in sign.noticed_by
    ])
    return View(
        player,
        state.num_players,
        state.config,
        state.phase,
        state.teams,
        state.hands[player],
        () if face_down else state.center,
        len(state.center) if face_down else 0,
        len(state.pile),
        len(state.discard),
        state.scout_player,
        state.passed,
        signs,
        state.scores[player],
        tuple([result.summaries[player] for result in state.round_results]),
        state.winners,
        state.scores if state.phase is Phase.OVER else (),
        state.version,
    )
