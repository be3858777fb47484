"""Unhappy Campers as an OpenSpiel game (needs the ``rl`` extra).

Importing this module registers ``python_unhappy_campers`` with ``pyspiel.register_game``:

>>> import pyspiel
>>> import campers_rules.openspiel
>>> game = pyspiel.load_game("python_unhappy_campers", {"players": 3, "rounds": 1})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())  # the campground's first campsite
(True, 15)

The decision actions are the library's fixed ids (:func:`campers_rules.num_distinct_actions`,
compound table moves laid step by step). Chance is explicit and drawn lazily: whenever the
library would take a card it does not show (a deal, a draw, a squat's fine, a S'mores), a
chance node picks which face it is, with probability count / cards left in the pool it comes
from (the deck, or once the deck is empty the discard pile reshuffled under its top card,
UC-6), and the library :class:`~campers_rules.State` is given that face. The campground of a
deal is picked the same way from the campsites whose place in the face-down pile nobody has
seen. Chance outcomes ``0 .. 55`` are card faces (:data:`campers_rules.FACES` order),
``56 .. 70`` campsites ``c01 .. c15``.

The player to move is the library's actor, the lowest seat when several must decide (the
Lost Camper passes, UC-18). ``state.game_state`` is the library state (while chance nodes
of an action are open, the state before it). A game ends when the library's does, or after
``max_moves`` decision moves (laying and abandoning a build could go on for ever), with
the scores so far as returns. Game parameters: ``players`` and the :class:`Config` options
``rounds``, ``turn_cap``, ``ask_everyone``, ``claim_limit``, and ``max_moves``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np
import pyspiel

from campers_rules._actions import BearSpray, Decline, Draw, Smores, Squat
from campers_rules._board import MAX_PLAYERS, MIN_PLAYERS
from campers_rules._cards import DECK, FACES, Card
from campers_rules._config import (
    DEFAULT_CLAIM_LIMIT,
    DEFAULT_ROUNDS,
    DEFAULT_TURN_CAP,
    Config,
)
from campers_rules._describe import describe_table
from campers_rules._errors import CampersError, GameOverError, IllegalActionError
from campers_rules._ids import action_from_id, num_distinct_actions
from campers_rules._pending import SprayWindow
from campers_rules._scoring import HAND_SIZE
from campers_rules._setup import blank, new_game
from campers_rules._state import State
from campers_rules._tensor import SITES, Layout, score_bound

SHORT_NAME = "python_unhappy_campers"
MAX_MOVES = 100_000
"""The default ``max_moves``: decision moves after which a game ends."""
CARD_OUTCOMES = len(FACES)
"""Chance outcomes ``0 .. 55`` are card faces; ``56 .. 70`` are campsites."""
MARKERS: tuple[Card, ...] = tuple(reversed(FACES[:16]))
"""Sixteen distinct numbered faces: a stand-in deck that shows who draws in which order
(the top, ``FACES[0]``, is drawn first); a play draws at most 12 cards (S'mores, UC-15)."""

_DEFAULTS: dict[str, Any] = {
    "players": 4,
    "rounds": DEFAULT_ROUNDS,
    "turn_cap": DEFAULT_TURN_CAP,
    "ask_everyone": False,
    "claim_limit": DEFAULT_CLAIM_LIMIT,
    "max_moves": MAX_MOVES,
}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Unhappy Campers",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS,
    min_num_players=MIN_PLAYERS,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def game_config(params: dict[str, Any]) -> tuple[int, Config, int]:
    """The player count, :class:`Config` and ``max_moves`` of these game parameters."""
    merged = {**_DEFAULTS, **params}
    unknown = set(merged) - set(_DEFAULTS)
    if unknown:
        raise CampersError(f"unknown game parameters {sorted(unknown)}")
    config = Config(
        rounds=merged["rounds"],
        turn_cap=merged["turn_cap"],
        ask_everyone=merged["ask_everyone"],
        claim_limit=merged["claim_limit"],
    )
    players, moves = merged["players"], merged["max_moves"]
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise CampersError(f"Unhappy Campers takes 2 to 6 players, not {players!r} (UC-2)")
    if type(moves) is not int or moves < 1:
        raise CampersError(f"max_moves must be a positive int, not {moves!r}")
    return players, config, moves


class CampersGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game: bounds from the config (see the module docstring)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.players, self.config, self.max_moves = game_config(dict(params or {}))
        self.layout = Layout.of(self.players, self.config)
        self.dealt = new_game(self.players, 0, self.config)
        """A library deal whose cards and campsites the first chance nodes replace."""
        sites = tuple(range(len(self.config.catalogue)))
        self.blank = blank(self.players, self.config, self.dealt.rng, sites)
        """The library state shown before the first deal: nothing dealt yet."""
        info = pyspiel.GameInfo(
            num_distinct_actions=num_distinct_actions(self.players, self.config),
            max_chance_outcomes=CARD_OUTCOMES + SITES,
            num_players=self.players,
            min_utility=0.0,
            max_utility=float(score_bound(self.players, self.config)),
            utility_sum=None,
            max_game_length=self.max_moves,
        )
        super().__init__(_GAME_TYPE, info, params or {})

    def new_initial_state(self) -> CampersState:
        """A game before its first deal: every chance node of the deal comes first."""
        return CampersState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CampersObserver:
        """The observer of one seat's view (the default observation type only)."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and (
            iig_obs_type.perfect_recall
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError("only the default observation type (one seat's view) is offered")
        return CampersObserver(self.layout)


@attrs.frozen
class _Draws:
    """The chance nodes of one action's draws: who draws, in order, and from what.

    Attributes:
        real: The library's result of the action (its own cards, relabelled at the end).
        seats: The seat of each card drawn, in the order drawn.
        bases: Each drawing seat's hand before its draws.
        deck: The deck the first cards come from.
        reshuffled: The pool the cards after the deck's last come from (UC-6).
    """

    real: State
    seats: tuple[int, ...]
    bases: dict[int, Counter[Card]]
    deck: tuple[Card, ...]
    reshuffled: tuple[Card, ...]


@attrs.frozen
class _Deal:
    """The chance nodes of a deal: the campground's hidden campsites, then the cards.

    Attributes:
        real: The library's dealt state (its cards and campsites relabelled at the end).
        unseen: The campsites whose place in the pile nobody has seen.
        sites: How many campground campsites come from those.
    """

    real: State
    unseen: tuple[int, ...]
    sites: int


@attrs.frozen
class _Now:
    """Everything a :class:`CampersState` holds, immutable, so that a copy of the state
    (OpenSpiel clones by ``copy.deepcopy``) shares it.

    Attributes:
        players: Seats.
        config: The options.
        max_moves: Decision moves after which the game ends.
        game: The library state.
        job: The open chance nodes (a deal or one action's draws), or ``None``.
        chosen: The outcomes of the job's chance nodes so far.
        unseen: How many campsites at the front of the pile nobody has seen.
        moves: Decision moves made.
    """

    players: int
    config: Config
    max_moves: int
    game: State
    job: _Draws | _Deal | None
    chosen: tuple[int, ...]
    unseen: int
    moves: int

    def __deepcopy__(self, memo: dict[int, object]) -> _Now:
        return self


class CampersState(pyspiel.State):  # type: ignore[misc]
    """One game: the library state and the chance nodes still open."""

    def __init__(self, game: CampersGame) -> None:
        super().__init__(game)
        sites = tuple(range(len(game.config.catalogue)))
        self._now = _Now(
            game.players,
            game.config,
            game.max_moves,
            game.blank,
            _Deal(game.dealt, sites, game.players + 1),
            (),
            len(sites),
            0,
        )

    def _set(self, **changes: Any) -> None:
        self._now = attrs.evolve(self._now, **changes)

    @property
    def game_state(self) -> State:
        """The library state (before the open action while its chance nodes run)."""
        return self._now.game

    # ------------------------------------------------------------------ the OpenSpiel API

    def current_player(self) -> int:
        """The actor, chance, or terminal."""
        if self._now.job is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return min(self._now.game.actors)

    def is_terminal(self) -> bool:
        """True once the library game is over or ``max_moves`` moves were made."""
        now = self._now
        return now.job is None and (now.game.is_over or now.moves >= now.max_moves)

    def returns(self) -> list[float]:
        """The scores at the end (zeros before)."""
        if not self.is_terminal():
            return [0.0] * self._now.players
        return [float(s) for s in self._now.game.scores]

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._now.game.legal_action_ids(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next chance node's outcomes, ``(outcome, probability)``, sorted."""
        pool = self._pool()
        total = sum(pool.values())
        return [(outcome, count / total) for outcome, count in sorted(pool.items())]

    def _apply_action(self, action: int) -> None:
        if self._now.job is not None:
            if action not in self._pool():
                raise IllegalActionError(action, "no outcome of this chance node")
            self._set(chosen=(*self._now.chosen, action))
            if len(self._now.chosen) == self._slots():
                self._finish()
            return
        if self.is_terminal():
            raise GameOverError(action, "the game has ended")
        self._act(self.current_player(), action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if action >= CARD_OUTCOMES:
                return f"site c{action - CARD_OUTCOMES + 1:02d}"
            return f"card {FACES[action]}"
        return str(action_from_id(player, action, self._now.config))

    def __str__(self) -> str:
        return describe_table(self._now.game)

    # ------------------------------------------------------------------ decisions

    def _act(self, player: int, action_id: int) -> None:
        before = self._now.game
        after = before.apply_action_id(player, action_id)
        self._set(moves=self._now.moves + 1)
        if after.round != before.round or after.is_over:
            self._open_deal(before, after)
            return
        action = action_from_id(player, action_id, self._now.config)
        seats, bases, discard = self._plan(before, action)
        if not seats:
            self._set(game=after)
            return
        pool = discard[:-1] if len(discard) > 1 else ()
        drawn = min(len(seats), len(before.deck) + len(pool))
        if drawn == 0:
            self._set(game=after)
            return
        self._set(job=_Draws(after, seats[:drawn], bases, before.deck, pool))

    def _plan(
        self, state: State, action: object
    ) -> tuple[tuple[int, ...], dict[int, Counter[Card]], tuple[Card, ...]]:
        """Who would draw, in order, their hands before drawing, and the discard pile
        when the draws start (UC-6, UC-9, UC-15)."""
        if isinstance(action, Draw):
            seat = action.player
            return (seat,) * action.count, {seat: Counter(state.hands[seat])}, state.discard
        window = state.pending
        on = window.play if isinstance(window, SprayWindow) else None
        drawing = isinstance(action, Squat | Smores) or (
            isinstance(action, BearSpray | Decline) and isinstance(on, Squat | Smores)
        )
        if not drawing:
            return (), {}, ()
        probe = attrs.evolve(state, deck=MARKERS).apply(action)  # type: ignore[arg-type]
        taken = len(MARKERS) - len(probe.deck)
        if taken == 0 or probe.round != state.round:
            return (), {}, ()  # denied, or drawn only to end the round
        drawn = set(MARKERS[len(probe.deck) :])
        order: list[tuple[int, int]] = []
        bases: dict[int, Counter[Card]] = {}
        for seat in range(state.num_players):
            hand = Counter(probe.hands[seat])
            added = hand - Counter(state.hands[seat])
            markers = Counter({card: 1 for card in added if card in drawn})
            if markers:
                bases[seat] = hand - markers
                order.extend((_MARKER_AT[card], seat) for card in markers)
        if len(order) != taken:
            raise CampersError(f"{action} drew {taken} cards, found {len(order)} in hands")
        return tuple(seat for _, seat in sorted(order)), bases, probe.discard

    # ------------------------------------------------------------------ chance

    def _slots(self) -> int:
        job = self._now.job
        if isinstance(job, _Draws):
            return len(job.seats)
        assert job is not None
        return job.sites + self._now.players * HAND_SIZE + 1

    def _pool(self) -> Counter[int]:
        """The outcomes of the next chance node, with their weights (counts)."""
        job = self._now.job
        done = self._now.chosen
        if isinstance(job, _Deal):
            if len(done) < job.sites:
                left = Counter(job.unseen) - Counter(o - CARD_OUTCOMES for o in done)
                return Counter({CARD_OUTCOMES + site: n for site, n in left.items()})
            cards = Counter(card.index for card in DECK)
            cards.subtract(done[job.sites :])
            return +cards
        assert job is not None
        step = len(done)
        if step < len(job.deck):
            cards = Counter(card.index for card in job.deck)
            cards.subtract(done)
        else:
            cards = Counter(card.index for card in job.reshuffled)
            cards.subtract(done[len(job.deck) :])
        return +cards

    def _finish(self) -> None:
        job, chosen = self._now.job, self._now.chosen
        self._set(job=None, chosen=())
        if isinstance(job, _Draws):
            self._set(game=_drawn(job, [FACES[i] for i in chosen]))
            return
        assert job is not None
        self._set(game=self._dealt(job, chosen))

    def _open_deal(self, before: State, after: State) -> None:
        """After a round's end: the next deal's chance nodes, or the end of the game."""
        if after.is_over:
            self._set(game=after)
            return
        width = self._now.players + 1
        unseen = before.pile[: self._now.unseen]
        self._set(job=_Deal(after, unseen, min(len(unseen), width)))

    def _dealt(self, job: _Deal, chosen: Sequence[int]) -> State:
        real = job.real
        sites = tuple(outcome - CARD_OUTCOMES for outcome in chosen[: job.sites])
        rest = tuple(sorted(set(job.unseen) - set(sites)))
        width = self._now.players + 1
        hidden = max(0, len(job.unseen) - width)  # hidden campsites still in the pile
        campground = sites + real.campground[job.sites :]
        pile = rest + real.pile[hidden:]
        self._set(unseen=len(rest))
        cards = [FACES[i] for i in chosen[job.sites :]]
        hands = tuple(
            tuple(sorted(cards[seat * HAND_SIZE : (seat + 1) * HAND_SIZE]))
            for seat in range(self._now.players)
        )
        deck = Counter(DECK)
        deck.subtract(cards)
        return attrs.evolve(
            real,
            hands=hands,
            discard=(cards[-1],),
            deck=tuple(sorted(deck.elements())),
            campground=campground,
            pile=pile,
        )


_MARKER_AT = {card: position for position, card in enumerate(reversed(MARKERS))}
"""Each marker's place in the order of drawing (0: the top of the stand-in deck)."""


def _drawn(job: _Draws, faces: Sequence[Card]) -> State:
    """The library's result with the chance-chosen faces in the drawing hands."""
    real = job.real
    hands = list(real.hands)
    mine: dict[int, list[Card]] = {}
    for seat, face in zip(job.seats, faces, strict=True):
        mine.setdefault(seat, []).append(face)
    for seat, cards in mine.items():
        hand = job.bases[seat] + Counter(cards)
        hands[seat] = tuple(sorted(hand.elements()))
        if len(hands[seat]) != len(real.hands[seat]):
            raise CampersError(f"seat {seat} drew {len(cards)} cards, the library another count")
    first = faces[: len(job.deck)]
    if len(faces) <= len(job.deck):
        left = Counter(job.deck)
        left.subtract(first)
    else:
        left = Counter(job.reshuffled)
        left.subtract(faces[len(job.deck) :])
    deck = tuple(sorted((+left).elements()))
    if len(deck) != len(real.deck):
        raise CampersError("the deck left after the draws does not match the library's")
    return attrs.evolve(real, hands=tuple(hands), deck=deck)


class CampersObserver:
    """One seat's observation: the tensor of :mod:`campers_rules._tensor` and a text."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = layout.unpack(self.tensor)

    def set_from(self, state: CampersState, player: int) -> None:
        """Write the seat's view of the state into :attr:`tensor`."""
        self.layout.encode(state.game_state.view(player), out=self.tensor)

    def string_from(self, state: CampersState, player: int) -> str:
        """The seat's view as text: its hand, the table and the pending decision."""
        game = state.game_state
        view = game.view(player)
        return (
            f"p{player} hand {' '.join(str(c) for c in view.hand) or '-'}; "
            f"sizes {list(view.hand_sizes)}; deck {view.deck_size}; "
            f"discard {' '.join(str(c) for c in view.discard[-5:]) or '-'}; "
            f"table {[[str(s.campsite) for s in row] for row in view.table]}; "
            f"campground {list(view.campground)}; turn p{view.turn} {view.phase.value}; "
            f"pending {type(view.pending).__name__}; scores {list(view.scores)}; "
            f"version {view.version}"
        )


pyspiel.register_game(_GAME_TYPE, CampersGame)
