"""The state of a game of Karibou Camp: a frozen record of where every card lies.

>>> from karibou_rules import Reveal, new_game
>>> state = new_game(players=5, seed=7)
>>> state.phase, sorted(state.actors), [len(hand) for hand in state.hands]
(<Phase.DEALT: 'dealt'>, [0, 1, 2, 3, 4], [5, 6, 5, 5, 5])
>>> state = state.apply(Reveal(0))
>>> state.phase, len(state.center)
(<Phase.EXCHANGE: 'exchange'>, 4)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from karibou_rules import _rules
from karibou_rules._actions import Action
from karibou_rules._cards import (
    DECK,
    MAX_PLAYERS,
    Card,
    Team,
    check_players,
    check_seat,
    family_of,
)
from karibou_rules._config import Config, config_or_default
from karibou_rules._deal import ChanceStream, as_seed, deal_round
from karibou_rules._errors import PositionError
from karibou_rules._frozen import new_state
from karibou_rules._results import RoundResult
from karibou_rules._round import Phase, SignRecord
from karibou_rules._validate import check_result, check_state, round_totals
from karibou_rules._view import View, make_view

_DEALT = Phase.DEALT
_NOBODY: frozenset[int] = frozenset()
_NO_POINTS = tuple((0,) * players for players in range(MAX_PLAYERS + 1))
"""Each number of players' scores at the start of a game."""
_apply_action_id = _rules.apply_action_id
_legal_action_ids = _rules.legal_action_ids
"""The hot path's callees, read as globals (not an enum's or a module's attribute looked
up at each call)."""


@attrs.frozen
class State:
    """A whole game at one instant, hidden cards included. Immutable.

    Build one with :func:`new_game` or :func:`from_position`; move on with
    :meth:`apply`. Players act in real time (KC-13): there is no current player, and
    every seat is in :attr:`actors` until the game ends.
    """

    num_players: int
    """Seats ``0 .. num_players - 1`` (3 to 7, KC-2)."""
    config: Config
    """The options of this game."""
    seed: int
    """The seed all chance derives from."""
    chance: int
    """How many chance events (shuffles) the game has had; the next one uses this index."""
    teams: tuple[Team, ...]
    """Each seat's team card this round (public, KC-2)."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, sorted."""
    center: tuple[Card, ...]
    """The center cards, sorted (face down in :attr:`Phase.DEALT`)."""
    pile: tuple[Card, ...]
    """The draw pile, top card last."""
    discard: tuple[Card, ...]
    """The discard pile, sorted."""
    phase: Phase
    """Where the round stands."""
    scout_player: int | None
    """The seat completing their hand after a Scout, else ``None``."""
    passed: frozenset[int]
    """The seats that passed since the last exchange (KC-6)."""
    signs: tuple[SignRecord, ...]
    """The signs made this round, in order."""
    scores: tuple[int, ...]
    """Each seat's score (secret at the table, KC-12)."""
    round_results: tuple[RoundResult, ...]
    """The record of every finished round, in order."""
    version: int
    """Moves on by one with each reveal, each cleanup and each round, and only then
    (KC-17); 0 for a new game. Send it with an action to have a late one refused."""

    @property
    def actors(self) -> frozenset[int]:
        """Everyone while the game goes on, nobody once it is over (KC-13)."""
        if self.phase is Phase.OVER:
            return frozenset()
        return _rules.all_seats(self.num_players)

    if TYPE_CHECKING:

        @property
        def is_over(self) -> bool:
            """True once a round has left someone with the winning score (KC-11)."""
    else:  # the rules' compiled function as the getter: no interpreted frame a read
        is_over = property(_rules.is_over, doc="True once a round has left someone with the "
                           "winning score (KC-11).")  # compiled, a function has no __doc__

    @property
    def winners(self) -> frozenset[int]:
        """The seats with the highest score once the game is over (ties share, KC-11)."""
        if self.phase is not Phase.OVER:
            return frozenset()
        best = max(self.scores)
        return frozenset(seat for seat, score in enumerate(self.scores) if score == best)

    def family(self, player: int) -> Card | None:
        """The species of the family this seat holds now, or ``None`` (KC-9).

        Raises:
            SeatError: ``player`` is no seat of this game (KC-2).
        """
        check_seat(self.num_players, player)
        return family_of(self.hands[player], self.teams[player])

    def teammate(self, player: int) -> int | None:
        """The other seat holding this seat's team card (``None`` for the Coyote).

        Raises:
            SeatError: ``player`` is no seat of this game (KC-2).
        """
        check_seat(self.num_players, player)
        return _rules.teammate(self.teams, player)

    def legal_actions(self, player: int) -> list[Action]:
        """Every action this seat may take now, in a fixed order.

        First the actions that move the round on (reveal; or exchanges by given then
        taken species, Scout, pass; or the Scout completions), then the seven signs,
        then the pawn placements by tile and named seat. Each sign is listed once,
        noticed by everybody else; :meth:`is_legal` and :meth:`apply` also accept any
        ``noticed_by`` subset of the other seats (KC-7). Empty once the game is over.

        Raises:
            SeatError: ``player`` is no seat of this game (KC-2), as :meth:`apply` refuses it.
        """
        return _rules.legal_actions(self, player)

    def is_legal(self, action: Action, version: int | None = None) -> bool:
        """Whether :meth:`apply` would accept this action (sent against ``version``) now,
        answered from the rules' check without raising (``why_illegal(...) is None``).

        Never raises, whatever it is given: a malformed action, a seat of no game, a stale
        version or a finished game is answered False.
        """
        return _rules.why_illegal(self, action, version) is None

    def apply(self, action: Action, version: int | None = None) -> State:
        """The state after this action; chance (shuffles, deals) comes from the seed.

        Args:
            action: The action to take.
            version: The :attr:`version` of the state the sender saw; ``None`` skips the
                check. An earlier version is stale, a later one ahead of the state (KC-17).

        Raises:
            FutureVersionError: ``version`` is ahead of this state's (KC-17).
            StaleActionError: ``version`` is not this state's version; checked before
                everything but the action's own kind and shape.
            GameOverError: The game is over.
            SeatError: The action's ``player`` is no seat of this game (KC-2).
            VersionLimitError: The state is at ``MAX_VERSION``: it accepts no further
                action (KC-17).
            NotYourTurnError: That seat may not take this action now.
            IllegalActionError: The rules forbid it; the message gives the ruling ID.
        """
        return _rules.apply(self, action, version)

    def legal_action_ids(self, player: int) -> list[int]:
        """The ids of this seat's legal actions, sorted (the fixed action space of
        :func:`num_distinct_actions`; :func:`action_from_id` names each).

        Raises:
            SeatError: ``player`` is no seat of this game (KC-2), as for :meth:`legal_actions`.
        """
        return _legal_action_ids(self, player)

    def apply_action_id(self, player: int, action_id: int, version: int | None = None) -> State:
        """:meth:`apply` of the action the id names for this seat, checked the same way.

        Raises:
            FutureVersionError: ``version`` is ahead of this state's (KC-17).
            StaleActionError: ``version`` is not this state's version (checked first,
                before the id), or as :meth:`apply` raises.
            IllegalActionError: No action has this id, or as :meth:`apply` raises.
        """
        return _apply_action_id(self, player, action_id, version)

    def view(self, player: int) -> View:
        """What this seat may know (KC-12), and nothing else.

        Raises:
            SeatError: ``player`` is no seat of this game (KC-2).
        """
        return make_view(self, player)

    def offer(self, player: int) -> dict[str, Any]:
        """What a host sends this seat: ``self.view(player).offer()`` (see
        :meth:`View.offer`).

        Raises:
            SeatError: ``player`` is no seat of this game (KC-2).
        """
        return self.view(player).offer()


def new_game(players: int, seed: int, config: Config | None = None) -> State:
    """Start a game: team cards, hands and a face-down center dealt from the seed.

    Args:
        players: Number of players, 3 to 7 (KC-2).
        seed: An int from 0 to 2**64 - 1 (:data:`MAX_SEED`; a numpy integer too, no
            bool), each a distinct game; the same seed and the same actions give the same
            game.
        config: Options; the rulebook's by default.

    Raises:
        PositionError: ``players`` is not 3 to 7 (KC-2), or ``seed`` is no such int.
    """
    check_players(players)
    seed = as_seed(seed)
    teams, hands, center, pile, discard = deal_round(players, ChanceStream(seed, 0))
    return new_state(
        State, players, config_or_default(config), seed, 1, teams, hands, center, pile,
        discard, _DEALT, None, _NOBODY, (), _NO_POINTS[players], (), 0,
    )  # fmt: skip


def from_position(
    teams: Sequence[Team],
    hands: Sequence[Sequence[Card]],
    center: Sequence[Card],
    pile: Sequence[Card] | None = None,
    discard: Sequence[Card] = (),
    *,
    scores: Sequence[int] | None = None,
    round_results: Sequence[RoundResult] = (),
    revealed: bool = True,
    seed: int = 0,
    config: Config | None = None,
) -> State:
    """Build a state from an explicit deal, for apps, puzzles and tests.

    The 56 cards must all be placed once across hands, center, pile and discard (the pile
    by default takes every card not placed elsewhere); hand sizes, team layout, round
    results and scores must be possible (the same checks as :func:`loads`). The state is at
    the lowest :attr:`State.version` its rounds allow (0 with none played).

    Args:
        teams: Each seat's team card.
        hands: Each seat's cards (any order).
        center: The center cards (3, 4 or 5 by number of players).
        pile: The draw pile, top card last; by default (``None``) the cards not placed
            in hands, center or discard, in an order shuffled from ``seed``, as
            Unhappy Campers' ``from_position`` fills its deck.
        discard: The discard pile (any order).
        scores: Each seat's score so far: the sums of the points of ``round_results``
            (the default); any other scores are refused (KC-10).
        round_results: The rounds played so far, in order (as a finished game's
            :attr:`State.round_results`); each must follow the scoring rules (KC-10), and
            none may have brought a seat to the winning score (KC-11).
        revealed: True for a face-up center (exchanges open), False for a face-down one.
        seed: The seed of later shuffles, as :func:`new_game` takes it.
        config: Options; the rulebook's by default.

    Raises:
        PositionError: The position is impossible (scores that are not the sums of the
            round results' points among it).

    >>> from karibou_rules import Exchange, parse_cards
    >>> V, P, C = Team.VETERINARIAN, Team.PHOTOGRAPHER, Team.COYOTE
    >>> state = from_position(
    ...     teams=[V, V, C],
    ...     hands=[parse_cards("Duck Duck Duck Duck Elk"), parse_cards("Bear Bear Elk Elk Scout"),
    ...            parse_cards("Marmot Marmot Marmot Polecat Polecat Raccoon")],
    ...     center=parse_cards("Duck Squirrel Scout"),
    ...     pile=parse_cards("Elk Elk Elk Elk Polecat Polecat Polecat Polecat Polecat Bear Bear "
    ...          "Bear Bear Bear Marmot Marmot Marmot Marmot Raccoon Raccoon Raccoon Raccoon "
    ...          "Raccoon Raccoon Squirrel Squirrel Squirrel Squirrel Squirrel Squirrel Duck Duck "
    ...          "Scout Scout Scout Scout Scout"))
    >>> state.apply(Exchange(0, Card.ELK, Card.DUCK)).family(0)
    <Card.DUCK: 6>
    >>> len(from_position(state.teams, state.hands, state.center).pile)
    37
    """
    seed = as_seed(seed)
    try:
        players = len(teams)
        results = tuple(round_results)
        for number, result in enumerate(results, 1):
            check_result(result, players, number)
        totals = tuple(round_totals(results, players))
        shuffles = 0  # the chance events used: one when the pile is dealt from the seed
        if pile is None:
            placed = Counter([*(card for hand in hands for card in hand), *center, *discard])
            pile, shuffles = ChanceStream(seed, 0).shuffled(sorted(
                (Counter(DECK) - placed).elements())), 1
        state = State(
            players,
            config_or_default(config),
            seed,
            shuffles,
            tuple(teams),
            tuple(tuple(sorted(hand)) for hand in hands),
            tuple(sorted(center)),
            tuple(pile or ()),
            tuple(sorted(discard)),
            Phase.EXCHANGE if revealed else Phase.DEALT,
            None,
            frozenset(),
            (),
            tuple(scores) if scores is not None else totals,
            results,
            len(results),
        )
    except TypeError as error:
        raise PositionError(f"teams, hands, cards, scores and round results must be sequences: "
                            f"{error}") from None
    check_state(state)
    return state

