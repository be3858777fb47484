"""Karibou Camp as an OpenSpiel game (needs the ``rl`` extra).

Importing this module registers ``python_karibou_camp`` with ``pyspiel.register_game``::

    import pyspiel
    import karibou_rules.openspiel
    game = pyspiel.load_game("python_karibou_camp", {"players": 4})

Turns: the seats act **round-robin**, seat ``k`` at decision ``k, k + n, ...``, as in the
PettingZoo AEC env (KC-13); each may take any legal action id of the library
(:func:`~karibou_rules.num_distinct_actions`) or wait, the id after them.

Chance is explicit. Every card that leaves a hidden pile is a chance node: its face,
with probability (copies of that face left) / (cards left), the pile refilled from the
discard pile when empty (KC-6); a draw with one face left is made without a node. The
deal of a round (KC-2, KC-3) is a node for the team cards (each distinct layout alike
likely, outcome = its index), then one node per card of each hand in seat order (a hand
with four of a kind is discarded and dealt again), then the center. A cleanup (all
passed, or a Scout's hand completed, KC-5, KC-6) draws the new center so, and the card
a Scout's player takes from the pile first. Who notices a sign is one node (KC-19):
outcome = the bitmask of the seats that noticed, each other seat independently with
``notice_teammate`` or ``notice_opponent`` (skipped when ``everyone_notices``, KC-7).

Between the action and its last chance node, :attr:`KaribouState.game_state` is the
library state *before* the action (at the start, a placeholder deal); after, it is the
settled state, whose pile order means nothing (chance picks each card drawn).

Parameters: ``players`` (5), ``winning_score`` (9), ``max_turns`` (1000: decisions
before the game is cut short), ``notice_teammate`` (0.8), ``notice_opponent`` (0.3),
``everyone_notices`` (False). Utility: the final scores, between 0 and
``winning_score + 1`` (a cut game keeps its scores; general sum, terminal rewards).
``max_game_length`` is ``max_turns`` decisions; ``max_chance_outcomes`` the largest of
8 faces, ``2 ** players`` noticing sets and the number of team layouts.

>>> import pyspiel
>>> game = pyspiel.load_game("python_karibou_camp", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 3)
>>> game.num_distinct_actions(), game.max_game_length(), game.max_utility()
(85, 1000, 10.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np
import pyspiel

from karibou_rules._actions import Action, CompleteHand, Sign
from karibou_rules._cards import (
    COPIES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PILE,
    Card,
    Team,
    center_size,
    format_cards,
    hand_size,
)
from karibou_rules._config import Config
from karibou_rules._deal import team_orders
from karibou_rules._errors import GameOverError, IllegalActionError, KaribouError, PositionError
from karibou_rules._ids import action_from_id
from karibou_rules._noticing import NoticingModel
from karibou_rules._round import Phase
from karibou_rules._rules import teammate
from karibou_rules._state import State, new_game
from karibou_rules._tensor import fields, fill, num_env_actions, wait_id
from karibou_rules._view import View

_FACES = tuple(Card)
_DEFAULTS: dict[str, Any] = {
    "players": 5,
    "winning_score": 9,
    "max_turns": 1000,
    "notice_teammate": 0.8,
    "notice_opponent": 0.3,
    "everyone_notices": False,
}
GAME_TYPE = pyspiel.GameType(
    short_name="python_karibou_camp",
    long_name="Python Karibou Camp",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=7,
    min_num_players=3,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)
"""The game's type: sequential (round-robin), explicit chance, imperfect information."""


class KaribouGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game ``python_karibou_camp`` (parameters: see the module)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        settings = {**_DEFAULTS, **(params or {})}
        players = settings["players"]
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise PositionError(f"Karibou Camp is for 3 to 7 players, not {players!r} [KC-2]")
        self.config = Config(winning_score=settings["winning_score"])
        self.noticing = (
            None
            if settings["everyone_notices"]
            else NoticingModel(settings["notice_teammate"], settings["notice_opponent"])
        )
        self.max_turns = settings["max_turns"]
        if type(self.max_turns) is not int or self.max_turns < 1:
            raise KaribouError(f"max_turns must be a positive int, not {self.max_turns!r}")
        info = pyspiel.GameInfo(
            num_distinct_actions=num_env_actions(players),
            max_chance_outcomes=max(len(_FACES), 2**players, len(team_orders(players))),
            num_players=players,
            min_utility=0.0,
            max_utility=float(self.config.winning_score + 1),
            utility_sum=None,
            max_game_length=self.max_turns,
        )
        super().__init__(GAME_TYPE, info, settings)
        self.players = players
        self.placeholder = new_game(players, 0, self.config)
        """The library state of a game before its first deal has settled."""

    def new_initial_state(self) -> KaribouState:
        """A game before its first deal: the next nodes are chance nodes."""
        return KaribouState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> KaribouObserver:
        """The observer of the tensors of :mod:`karibou_rules._tensor`."""
        return KaribouObserver(
            self.players, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


def _counts(cards: Sequence[Card]) -> list[int]:
    counts = [0] * len(_FACES)
    for card in cards:
        counts[card] += 1
    return counts


def _cards(counts: Sequence[int]) -> tuple[Card, ...]:
    return tuple(face for face, count in zip(_FACES, counts, strict=True) for _ in range(count))


def _four_of_a_kind(hand: Sequence[Card]) -> bool:
    """A hand that is dealt again: 4 or more cards of one species (KC-3)."""
    counts = _counts(hand)
    return max(counts[: Card.SCOUT]) >= 4


_Slot = tuple[int, tuple[Card, ...], bool]
"""Cards to draw into one group, the cards discarded just before, and whether a hand
with four of a kind is dealt again."""


class _Draws:
    """The cards still to draw for a pending deal or cleanup, and the hidden piles.

    ``slots`` holds the sizes of the groups still to fill (hands, then a center),
    each with the cards that go to the discard pile just before it is drawn and
    whether a hand with four of a kind is dealt again.
    """

    def __init__(
        self,
        pile: list[int],
        discard: list[int],
        slots: list[_Slot],
    ) -> None:
        self.pile = pile
        self.discard = discard
        self.slots = slots
        self.filled: list[tuple[Card, ...]] = []
        self.current: list[Card] = []
        self._open_slot()

    def _open_slot(self) -> None:
        if self.slots:
            for card in self.slots[0][1]:
                self.discard[card] += 1

    @property
    def done(self) -> bool:
        return not self.slots

    def settle(self) -> None:
        """Refill an empty pile (KC-6) and draw the cards that are forced."""
        while self.slots:
            if not any(self.pile):
                self.pile, self.discard = self.discard, [0] * len(_FACES)
            faces = [face for face, count in enumerate(self.pile) if count]
            if len(faces) > 1:
                return
            self.draw(faces[0])

    def outcomes(self) -> list[tuple[int, float]]:
        total = sum(self.pile)
        return [(face, count / total) for face, count in enumerate(self.pile) if count]

    def draw(self, face: int) -> None:
        """The next card drawn has this face (one of the pile's)."""
        self.pile[face] -= 1
        self.current.append(_FACES[face])
        size, _, redeal = self.slots[0]
        if len(self.current) < size:
            return
        hand = tuple(sorted(self.current))
        self.current = []
        if redeal and _four_of_a_kind(hand):
            for card in hand:
                self.discard[card] += 1
            return
        self.filled.append(hand)
        del self.slots[0]
        self._open_slot()


class _Pending:
    """An action chosen by a seat whose outcome chance still has to settle."""

    def __init__(self, action: Action | None, after: State | None, draws: _Draws | None) -> None:
        self.action = action
        self.after = after
        self.draws = draws
        self.teams: tuple[Team, ...] | None = None

    def __deepcopy__(self, memo: dict[int, object]) -> _Pending:
        # Actions and library states are immutable: only the draws are copied.
        copy = _Pending(self.action, self.after, None)
        copy.teams = self.teams
        draws = self.draws
        if draws is not None:
            copy.draws = _Draws.__new__(_Draws)
            copy.draws.pile, copy.draws.discard = list(draws.pile), list(draws.discard)
            copy.draws.slots, copy.draws.filled = list(draws.slots), list(draws.filled)
            copy.draws.current = list(draws.current)
        return copy


class _Shared:
    """An immutable value that clones of a state share (``deepcopy`` keeps it)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self

    def __getstate__(self) -> tuple[Any]:
        return (self.value,)

    def __setstate__(self, state: tuple[Any]) -> None:
        (self.value,) = state


class KaribouState(pyspiel.State):  # type: ignore[misc]
    """A position of ``python_karibou_camp``; :attr:`game_state` is the library state."""

    def __init__(self, game: KaribouGame) -> None:
        super().__init__(game)
        self._players = game.players
        self._noticing = _Shared(game.noticing)
        self._max_turns = game.max_turns
        self._wait = wait_id(game.players)
        self._game = _Shared(game.placeholder)
        self._turns = 0
        self._pending: _Pending | None = _Pending(None, None, None)

    @property
    def game_state(self) -> State:
        """The library state (see the module for its meaning during chance)."""
        state: State = self._game.value
        return state

    @game_state.setter
    def game_state(self, state: State) -> None:
        self._game = _Shared(state)

    def current_player(self) -> int:
        """The chance player while a chance node is open, else the seat whose turn it is."""
        if self._pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return self._turns % self._players

    def is_terminal(self) -> bool:
        """Over (KC-11), or cut after ``max_turns`` decisions."""
        return self._pending is None and (
            self.game_state.is_over or self._turns >= self._max_turns
        )

    def returns(self) -> list[float]:
        """The scores at the end; 0 for everyone before."""
        if not self.is_terminal():
            return [0.0] * self._players
        return [float(score) for score in self.game_state.scores]

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        legal = self.game_state.legal_action_ids(player)
        return [*legal, self._wait] if legal else legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the open chance node with their probabilities."""
        pending = self._pending
        if pending is None:
            raise pyspiel.SpielError("not a chance node")
        if pending.draws is not None:
            return pending.draws.outcomes()
        if pending.action is None or pending.after is not None:
            orders = team_orders(self._players)
            return [(index, 1 / len(orders)) for index in range(len(orders))]
        return self._notice_outcomes(pending.action.player)

    def _notice_outcomes(self, signer: int) -> list[tuple[int, float]]:
        noticing: NoticingModel = self._noticing.value
        mate = teammate(self.game_state.teams, signer)
        chances = [
            0.0 if seat == signer
            else noticing.teammate if seat == mate
            else noticing.opponent
            for seat in range(self._players)
        ]  # fmt: skip
        outcomes = []
        for mask in range(2**self._players):
            probability = 1.0
            for seat, chance in enumerate(chances):
                probability *= chance if mask >> seat & 1 else 1 - chance
            if probability > 0:
                outcomes.append((mask, probability))
        return outcomes

    def _apply_action(self, action: int) -> None:
        if self._pending is not None:
            self._chance(action)
            return
        if self.is_terminal():
            raise GameOverError(action, "the game has ended")
        seat = self._turns % self._players
        if action == self._wait:
            self._turns += 1
            return
        chosen = action_from_id(seat, action)
        before = self.game_state
        after = before.apply(chosen)  # an illegal action raises here, the state unchanged
        self._turns += 1
        if isinstance(chosen, Sign) and self._noticing.value is not None:
            self._pending = _Pending(chosen, None, None)  # chance names who noticed it
        elif len(after.round_results) > len(before.round_results) and not after.is_over:
            self._pending = _Pending(chosen, after, None)  # a new round: its deal next
        elif after.phase is Phase.DEALT and before.phase is not Phase.DEALT:
            draws = self._cleanup_draws(before, chosen)
            self._pending = _Pending(chosen, after, draws)
            draws.settle()
            self._finish_if_settled()
        else:
            self.game_state = after

    def _cleanup_draws(self, before: State, action: Action) -> _Draws:
        """The draws of a cleanup: the pile card a Scout's player takes, then a new
        center after the old one is discarded (KC-5, KC-6)."""
        center = list(before.center)
        slots: list[_Slot] = []
        if isinstance(action, CompleteHand):
            if action.source is PILE:
                slots.append((1, (), False))
            else:
                center.remove(action.source)
        slots.append((center_size(self._players), tuple(center), False))
        return _Draws(_counts(before.pile), _counts(before.discard), slots)

    def _chance(self, outcome: int) -> None:
        pending = self._pending
        assert pending is not None
        if outcome not in {known for known, _ in self.chance_outcomes()}:
            raise IllegalActionError(outcome, "no outcome of this chance node")
        if pending.draws is not None:
            pending.draws.draw(outcome)
            pending.draws.settle()
        elif pending.action is None or pending.after is not None:
            teams = team_orders(self._players)[outcome]
            pending.teams = teams
            slots: list[_Slot] = [(hand_size(team), (), True) for team in teams]
            slots.append((center_size(self._players), (), False))
            pending.draws = _Draws([COPIES] * len(_FACES), [0] * len(_FACES), slots)
            pending.draws.settle()
        else:
            signer = pending.action.player
            noticed = frozenset(seat for seat in range(self._players) if outcome >> seat & 1)
            sign = pending.action
            assert isinstance(sign, Sign)
            self.game_state = self.game_state.apply(Sign(signer, sign.species, noticed))
            self._pending = None
            return
        self._finish_if_settled()

    def _finish_if_settled(self) -> None:
        """Once every card is drawn, the settled library state replaces the pending one."""
        pending = self._pending
        assert pending is not None and pending.draws is not None
        draws = pending.draws
        if not draws.done:
            return
        pile, discard = _cards(draws.pile), _cards(draws.discard)
        if pending.teams is not None:  # a deal: the hands, then the center
            base = self.game_state if pending.after is None else pending.after
            self.game_state = attrs.evolve(
                base, teams=pending.teams, hands=tuple(draws.filled[:-1]),
                center=draws.filled[-1], pile=pile, discard=discard,
            )  # fmt: skip
        else:
            assert pending.after is not None and pending.action is not None
            hands = pending.after.hands
            if len(draws.filled) == 2:  # the Scout's player took the top of the pile
                player = pending.action.player
                hand = tuple(sorted(self.game_state.hands[player] + draws.filled[0]))
                hands = (*hands[:player], hand, *hands[player + 1 :])
            self.game_state = attrs.evolve(
                pending.after, hands=hands, center=draws.filled[-1], pile=pile,
                discard=discard,
            )  # fmt: skip
        self._pending = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self._chance_text(action)
        if action == self._wait:
            return f"p{player} wait"
        return str(action_from_id(player, action))

    def _chance_text(self, outcome: int) -> str:
        pending = self._pending
        if pending is not None and pending.draws is not None:
            return f"draw {_FACES[outcome]}"
        if pending is not None and pending.action is not None and pending.after is None:
            seats = [f"p{seat}" for seat in range(self._players) if outcome >> seat & 1]
            return "noticed by " + (",".join(seats) or "nobody")
        teams = team_orders(self._players)[outcome]
        return "teams " + " ".join(str(team) for team in teams)

    def __str__(self) -> str:
        game = self.game_state
        hands = " | ".join(format_cards(hand) for hand in game.hands)
        text = (
            f"turn {self._turns}; {game.phase.value}; teams "
            f"{' '.join(str(int(team)) for team in game.teams)}; hands {hands}; center "
            f"{format_cards(game.center)}; pile {format_cards(sorted(game.pile))}; discard "
            f"{len(game.discard)}; passed {sorted(game.passed)}; scout {game.scout_player}; "
            f"signs {len(game.signs)}; scores {list(game.scores)}; rounds "
            f"{len(game.round_results)}; version {game.version}"
        )
        pending = self._pending
        if pending is not None:
            text += f"; pending {pending.action}"
            if pending.draws is not None:
                draws = pending.draws
                text += (
                    f" teams {pending.teams} filled {draws.filled} drawing {draws.current} "
                    f"pile {draws.pile} discard {draws.discard} slots {draws.slots}"
                )
        return text


class KaribouObserver:
    """The observation tensor of :mod:`karibou_rules._tensor` for one seat (no
    perfect recall: a record of a real-time game has no fixed size).

    ``private_info`` NONE leaves out what only the seat knows (its hand, the signs it
    noticed, its score); ``public_info`` False leaves out the rest but the seat.
    """

    _PRIVATE = ("hand", "signs", "last_sign", "score")

    def __init__(self, players: int, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type.perfect_recall:
            raise ValueError("no perfect-recall observation of a real-time game")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("no observation of every player's private cards")
        layout = fields(players)
        self.tensor = np.zeros(sum(s.stop - s.start for s in layout.values()), np.float32)
        self.dict = {name: self.tensor[where] for name, where in layout.items()}
        self._hidden = [
            layout[name]
            for name in layout
            if name != "seat"
            and (
                (name in self._PRIVATE and private != pyspiel.PrivateInfoType.SINGLE_PLAYER)
                or (name not in self._PRIVATE and not iig_obs_type.public_info)
            )
        ]

    def set_from(self, state: KaribouState, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s view of ``state``."""
        fill(self.tensor, state.game_state.view(player))
        for where in self._hidden:
            self.tensor[where] = 0

    def string_from(self, state: KaribouState, player: int) -> str:
        """The same view as text."""
        return view_text(state.game_state.view(player))


def view_text(view: View) -> str:
    """One line of what a seat sees (KC-12)."""
    center = format_cards(view.center) if view.center else f"{view.center_face_down} face down"
    signs = ",".join(f"p{sign.player}:{sign.species}" for sign in view.signs) or "none"
    return (
        f"p{view.player} {view.teams[view.player]}; {view.phase.value}; hand "
        f"{format_cards(view.hand)}; center {center}; pile {view.pile_size}; discard "
        f"{view.discard_size}; passed {sorted(view.passed)}; scout {view.scout_player}; "
        f"signs {signs}; score {view.score}; rounds {len(view.round_results)}"
        + (f"; final {list(view.final_scores)}" if view.final_scores else "")
    )


pyspiel.register_game(GAME_TYPE, KaribouGame)
