"""The frozen game state and its public methods; the rules live in ``_rules``.

It imports the module its methods call at load (``_rules``, the one door of every action
and build step), as Karibou Camp's does: the modules behind it name a State only in
annotations and build the next one through the state they are given (``type(state)``, in
``_work.Work``), so none of them imports this module at load (the phase, ``Site`` and the
game's bounds are in ``_board``).

What one seat may know, its :class:`View`, lives here too: a state gives its views and a
view lists its moves on a stand-in state (:func:`shadow`), so the two classes need each
other. In one module they need no import closing a cycle (issue 12; a late import in
``_view.shadow`` closed one before, and one at the bottom of this module a seven-module
cycle before that).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from campers_rules import _rules
from campers_rules._board import OVER

# Re-exported: the package, its views, loaders and setup read them from here.
from campers_rules._board import Phase as Phase
from campers_rules._board import Site as Site
from campers_rules._cards import WILD, Card
from campers_rules._checks import actors, check_seat
from campers_rules._config import Config
from campers_rules._deadline import within_deadline
from campers_rules._frozen import new_pending, new_view
from campers_rules._pending import PassChoice, Pending, SprayWindow
from campers_rules._results import RoundResult

if TYPE_CHECKING:
    from campers_rules._actions import Action, Step


class _MadeBy:
    """The one slot of a State outside its fields: the scratch copy that made it
    (``_work.Work.freeze``), which the next step copies natively instead of reading the
    State's attributes, each a generic look-up in the compiled build. Not an attrs field:
    never compared, hashed, shown, saved, pickled, copied nor evolved, so a state made any
    other way leaves it unset and is read field by field."""

    __slots__ = ("_work",)


@attrs.frozen
class State(_MadeBy):
    """A whole game of Unhappy Campers at one moment. Build one with :func:`new_game`.

    Attributes:
        num_players: Seats ``0 .. num_players - 1`` (2..6, UC-2).
        config: The options of the game.
        round: The round being played, from 0.
        dealer: The dealer of this round (UC-21).
        turn: The seat whose turn it is.
        phase: Draw, play or over.
        turns_taken: Turns begun this round, skipped ones included (UC-22).
        action_played: Whether the turn's action card has been played (UC-12).
        hands: Each seat's hand, sorted.
        deck: The draw deck; its last card is the top.
        discard: The discard pile; its last card is the top.
        table: Each seat's campsites in the order they were claimed.
        campground: Campsites that may be claimed (catalogue indexes).
        pile: The face-down campsite pile; its first card is drawn first.
        kept: Campsites each seat has kept for good (UC-20).
        skips: How many of each seat's next turns are skipped (UC-16).
        pending: A decision waiting on players, or ``None``.
        scores: Points so far.
        round_results: One record per finished round.
        rng: The 64-bit random state every shuffle is drawn from.
        version: The decision point, from 0 in a new game (UC-32): every applied action
            moves it on, except the secret choices of one Lost Camper pass, which share
            one version until the pass resolves (UC-18), and the declines of one Bear
            Spray window, which share one until it closes or a spray answers (UC-14). An
            action sent with an earlier version is stale (:class:`StaleActionError`), one
            sent with a later version ahead of the state (:class:`FutureVersionError`).
        building: The ids of the build steps the turn player has taken so far towards a
            claim, a new group or a rearrangement (empty when no build is open; see
            :meth:`apply_action_id`). Steps do not move the version, and no other seat
            sees them.
        build_step: How many build steps (abandons included) the turn player has taken
            at this version: a step sent with a version carries it, so that a step sent
            twice is stale the second time (UC-32). Seen by the turn player alone; not
            compared (an abandoned build leaves the state equal to the one before it).
    """

    num_players: int
    config: Config
    round: int
    dealer: int
    turn: int
    phase: Phase
    turns_taken: int
    action_played: bool
    hands: tuple[tuple[Card, ...], ...]
    deck: tuple[Card, ...]
    discard: tuple[Card, ...]
    table: tuple[tuple[Site, ...], ...]
    campground: tuple[int, ...]
    pile: tuple[int, ...]
    kept: tuple[tuple[int, ...], ...]
    skips: tuple[int, ...]
    pending: Pending | None
    scores: tuple[int, ...]
    round_results: tuple[RoundResult, ...]
    rng: int
    version: int = 0
    building: tuple[int, ...] = ()
    build_step: int = attrs.field(default=0, eq=False, repr=False)
    build_options: tuple[Any, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False)
    """The listed compound actions the open build starts, each with its steps, or ``None``:
    derived from the rest of the state (never saved nor compared), carried by a state a
    build step made so that the next step need not list the turn's moves again. Not an
    init field: only the step that derives it sets it (``_builds.take_step``), so neither
    the constructor nor ``attrs.evolve`` (which makes a state equal but for the fields it
    is given) can hand a state options listed for another."""

    @property
    def is_over(self) -> bool:
        """True once the last round has been scored."""
        return self.phase is OVER

    @property
    def actors(self) -> frozenset[int]:
        """The players who must act now: the turn's player, or those a decision waits on."""
        return actors(self)

    @property
    def winners(self) -> frozenset[int]:
        """The seats with the most points once the game is over (ties share, UC-21)."""
        if not self.is_over:
            return frozenset()
        best = max(self.scores)
        return frozenset(p for p, s in enumerate(self.scores) if s == best)

    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action of this player, in a deterministic order (see the vocabulary).

        While a build is open (:attr:`building`), the builder's are the compound actions
        that complete it, then the build step :class:`Abandon`.

        Raises:
            SeatError: ``player`` is no seat of this game (UC-2), as :meth:`apply` refuses it.
            DeadlineError: Under ``Config(backend="z3")``, the listing's z3 questions
                passed ``Config.z3_deadline_ms`` (then no list at all).
        """
        return within_deadline(self.config, _rules.legal_actions, self, player)

    def is_legal(self, action: Action | Step, version: int | None = None,
                 build_step: int | None = None) -> bool:
        """Whether this action may be applied now, checked without enumerating: whether
        the one check :meth:`apply` makes finds nothing wrong (``_rules.why_illegal``). It
        never raises for what it is given (under the z3 backend, see Raises).

        A ``version`` other than :attr:`version` makes any action stale: False (UC-32);
        so does, for the turn player's build step, a ``build_step`` other than
        :attr:`build_step` (see :meth:`apply`).

        A malformed action, a seat of no game, a stale version or a finished game is
        answered False, never an error.

        Raises:
            DeadlineError: Under ``Config(backend="z3")`` only, a build step whose check
                lists the turn's moves past ``Config.z3_deadline_ms``.
        """
        return within_deadline(self.config, _rules.why_illegal, self, action, version,
                               build_step) is None

    def apply(self, action: Action | Step, version: int | None = None,
              build_step: int | None = None) -> State:
        """The state after this action or build step; chance happens here, from :attr:`rng`.

        Args:
            action: The action to apply.
            version: The :attr:`version` of the state the sender saw; ``None`` skips the
                stale check (a local caller that holds this very state).
            build_step: For the turn player's build step: the :attr:`build_step` the
                sender saw (its view's). A build step sent with a ``version`` must carry
                it; other actions ignore it.

        Raises:
            FutureVersionError: ``version`` is ahead of this state's (UC-32).
            StaleActionError: ``version`` is not this state's version, or a build step's
                ``build_step`` not its (UC-32); checked before everything but the
                action's own shape.
            SeatError: The action's ``player`` is no seat of this game (UC-2).
            VersionLimitError: The state is at ``MAX_VERSION`` (its version or its build
                step count): it accepts no further move (UC-32).
            NotYourTurnError: The player is not among :attr:`actors`.
            GameOverError: The game is over.
            IllegalActionError: The rules forbid the action now (reason and ruling ID given).
            DeadlineError: Under ``Config(backend="z3")``, a build step's listing passed
                ``Config.z3_deadline_ms``; the state is as it was.
        """
        return within_deadline(self.config, _rules.apply, self, action, version, build_step)

    def legal_action_ids(self, player: int) -> list[int]:
        """The ids of this seat's legal actions and build steps, sorted (the fixed action
        space of :func:`num_distinct_actions`; :func:`action_from_id` names each).

        Outside a build, the first step of each legal action; inside, the next steps of
        the listed compound actions the build starts, and abandon.

        Raises:
            SeatError: ``player`` is no seat of this game (UC-2), as for :meth:`legal_actions`.
            DeadlineError: As :meth:`legal_actions`.
        """
        return within_deadline(self.config, _rules.legal_action_ids, self, player)

    def apply_action_id(self, player: int, action_id: int, version: int | None = None,
                        build_step: int | None = None) -> State:
        """:meth:`apply` of the action or build step the id names for this seat.

        Raises:
            FutureVersionError: ``version`` is ahead of this state's (UC-32).
            StaleActionError: ``version`` is not this state's version (checked first), or
                as :meth:`apply` raises.
            IllegalActionError: No action has this id, or as :meth:`apply` raises.
            DeadlineError: As :meth:`apply`.
        """
        return within_deadline(self.config, _rules.apply_action_id, self, player, action_id,
                               version, build_step)

    def view(self, player: int) -> View:
        """What this player may know (UC-23).

        Raises:
            SeatError: ``player`` is no seat of this game (UC-2).
        """
        return view(self, player)

    def offer(self, player: int) -> dict[str, Any]:
        """What a host sends this seat: ``self.view(player).offer()`` (see
        :meth:`View.offer`).

        Raises:
            SeatError: ``player`` is no seat of this game (UC-2).
            DeadlineError: Under ``Config(backend="z3")`` only, as :meth:`legal_actions`.
        """
        return self.view(player).offer()

    def hand_sizes(self) -> tuple[int, ...]:
        """The number of cards in each hand (public, UC-23).

        Never raises.
        """
        return tuple(map(len, self.hands))

    def owner_sites(self, player: int) -> Sequence[Site]:
        """The campsites this player owns on the table.

        Raises:
            SeatError: ``player`` is no seat of this game (UC-2).
        """
        check_seat(self, player, "sites of")
        return self.table[player]


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

        Never raises: a view lists its own seat's actions (none in a finished game).
        """
        pending = self.pending
        if isinstance(pending, SprayWindow) and not pending.waiting:
            return []  # the window waits on someone else
        return shadow(self).legal_actions(self.player)

    def legal_action_ids(self) -> list[int]:
        """This seat's legal ids, from the view alone: ``state.legal_action_ids(player)``.

        Never raises, as :meth:`legal_actions`.
        """
        pending = self.pending
        if isinstance(pending, SprayWindow) and not pending.waiting:
            return []  # the window waits on someone else
        return shadow(self).legal_action_ids(self.player)

    def _repr_svg_(self) -> str:
        """The table as this seat sees it (:func:`to_svg`), shown by notebooks."""
        from campers_rules._svg import to_svg  # the picture module draws views

        return to_svg(self)

    def offer(self) -> dict[str, Any]:
        """What a host sends this seat, JSON-ready (``docs/hosting.rst``): ``format``,
        ``game``, ``version`` (the state's, to send back), ``view`` (this view as the
        envelope's payload), ``legal`` (the seat's moves, each ``{"text", "id"}``; a
        compound move gives the id of the step sent next) and ``must_act``.

        Raises:
            DeadlineError: Under ``Config(backend="z3")`` only, as :meth:`legal_actions`.
            SerializationError: A hand-built view holding a value of another type than
                its field's (as :func:`dumps` refuses it).
        """
        from campers_rules._offer import offer  # it writes views: _serial imports this module

        return offer(self)


def shadow(view: View) -> State:
    """A state that agrees with the view on everything move generation reads.

    The cards the seat cannot see are stand-ins: other hands and the deck hold ``WILD``s
    of the right number, the pile zeros. It is never shown nor checked.
    """
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
        return new_pending(SprayWindow, pending.play, pending.sprayers, asked)
    if isinstance(pending, PassChoice):
        mine = tuple(c if p == player else None for p, c in enumerate(pending.chosen))
        return new_pending(PassChoice, mine, pending.waiting & {player})
    return pending


def view(state: State, player: int) -> View:
    """The view of one seat."""
    check_seat(state, player, "view for")
    return new_view(
        View,
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
