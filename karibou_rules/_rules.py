"""The rules: which actions are legal (KC-4..KC-8, KC-14, KC-15) and what they do.

The public entry points are :meth:`State.legal_actions`, :meth:`State.is_legal` and
:meth:`State.apply`; ``apply`` checks legality, then hands the action to one private
function per action kind. The listing works in the fixed integer ids of ``_ids`` and hands
out the action objects interned there, one per seat and id; the signs and pawn placements
open to a seat, and the whole listing while the center is face down, are kept per team
layout, so enumerating creates nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, NamedTuple, cast

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
from karibou_rules._cards import (
    ALL_ANIMALS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PILE,
    SPECIES,
    TILES,
    Card,
    Team,
    Tile,
    center_size,
)
from karibou_rules._config import WINNING_SCORE, config_or_default
from karibou_rules._deal import ChanceStream, deal_round, draw_cards
from karibou_rules._errors import (
    FutureVersionError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    SeatError,
    StaleActionError,
    VersionLimitError,
    quote,
    version_error,
)
from karibou_rules._frozen import new_state, round_result, sign_record
from karibou_rules._ids import (
    ACTIONS,
    COMPLETE_BASE,
    COMPLETE_PILE_ID,
    EXCHANGE_IDS,
    INTERNED,
    PASS_ID,
    PAWN_BASE,
    REVEAL_ID,
    SCOUT_ID,
    SIGN_BASE,
    check_id,
)
from karibou_rules._results import REASONS
from karibou_rules._round import MAX_VERSION, Phase
from karibou_rules._scoring import outcome, placement_error

if TYPE_CHECKING:
    from karibou_rules._state import State

SCOUT: Final = Card.SCOUT
COYOTE: Final = Team.COYOTE
DEALT: Final = Phase.DEALT
EXCHANGE: Final = Phase.EXCHANGE
OVER: Final = Phase.OVER
NOBODY: Final[frozenset[int]] = frozenset()
LAST_VERSION: Final = MAX_VERSION
"""Constants of the hot path (compiled, a ``Final`` is read as a C static, where
``DEALT`` is a global and an attribute looked up)."""
_REASONS: Final = REASONS
"""The round's ends by index (a ``Final``: compiled, a C static, where the name imported
from a module that is not compiled is a global looked up in a dict)."""
_TILES: Final = TILES
"""The tiles, in the order of the pawn's ids (``PAWN_BASE + len(TILES) * named + tile``)."""
_TILE_COUNT: Final = len(TILES)
_SPECIES: Final = SPECIES
"""The species, in the order of the signs' ids (``SIGN_BASE + species``)."""
_SPECIES_COUNT: Final = len(SPECIES)
_RULEBOOK: Final = config_or_default(None)
"""The rulebook's options, the :class:`Config` of a game given none."""
_WINNING: Final = WINNING_SCORE
"""The rulebook's winning score (a ``Final``: compiled, a C static, where the name imported
from a module that is not compiled is a global looked up in a dict)."""


_SEATS: Final = tuple(frozenset(range(players)) for players in range(MAX_PLAYERS + 1))
_SEAT_ORDER: Final = tuple(tuple(range(players)) for players in range(MAX_PLAYERS + 1))
"""Each number of players' seats in order, a tuple (compiled, a comprehension over a tuple
makes its result at its length)."""


_OTHER_SEATS: Final = tuple(
    tuple(seats - {seat} for seat in range(len(seats))) for seats in _SEATS
)


def all_seats(players: int) -> frozenset[int]:
    """The frozenset of every seat (made once per number of players)."""
    return _SEATS[players]


def other_seats(players: int, player: int) -> frozenset[int]:
    """The frozenset of every seat but this one (made once per number of players and seat)."""
    return _OTHER_SEATS[players][player]


def teammate(teams: tuple[Team, ...], player: int) -> int | None:
    """The other seat with this seat's team card, or ``None`` for the Coyote."""
    team = teams[player]
    if team is Team.COYOTE:
        return None
    return next(seat for seat, other in enumerate(teams) if other is team and seat != player)


class _SeatLists(NamedTuple):
    """What a seat may do that depends on the team layout only: which seats its pawn may
    name, so only on the number of players, the seat and the Coyote's seat (made once for
    each, so that listing creates nothing)."""

    anytime: tuple[int, ...]
    """The ids of the signs and pawn placements, open at every moment of a round."""
    dealt: tuple[Action, ...]
    """The legal actions while the center is face down: reveal, then the anytime ones."""
    dealt_ids: tuple[int, ...]
    """Their ids, sorted."""
    pawn_ids: tuple[int, ...]
    """The ids of the pawn placements, sorted (the last of the ids of any listing)."""


def _make_seat_lists(player: int, teams: tuple[Team, ...]) -> _SeatLists:
    named = [seat for seat in range(len(teams)) if not placement_error(teams, player, seat)]
    pawns = (PAWN_BASE + len(TILES) * seat + tile for tile in range(len(TILES)) for seat in named)
    anytime = (*range(SIGN_BASE, SIGN_BASE + len(SPECIES)), *pawns)
    dealt = (REVEAL_ID, *anytime)
    table = ACTIONS[player]
    return _SeatLists(anytime, tuple(table[action_id] for action_id in dealt),
                      tuple(sorted(dealt)), tuple(sorted(anytime[len(SPECIES):])))


def _layout_with_coyote_at(players: int, coyote: int) -> tuple[Team, ...]:
    """A team layout of this many players with the Coyote at ``coyote`` (-1: none); the
    other team cards' places do not change what a seat may name (KC-8)."""
    return tuple(Team.COYOTE if seat == coyote else Team.VETERINARIAN for seat in range(players))


_SEAT_LISTS: Final[tuple[tuple[tuple[_SeatLists, ...], ...], ...]] = tuple(
    tuple(
        tuple(_make_seat_lists(player, _layout_with_coyote_at(players, coyote))
              for player in range(players))
        for coyote in range(-1, players)
    ) if players >= MIN_PLAYERS else ()
    for players in range(MAX_PLAYERS + 1)
)
"""``_SEAT_LISTS[players][coyote + 1][player]``: a seat's lists by the Coyote's seat
(``coyote`` -1 when there is none)."""


def _seat_lists(player: int, teams: tuple[Team, ...]) -> _SeatLists:
    coyote = -1  # none with an even number of players (KC-2)
    for seat, team in enumerate(teams):  # compiled, a loop of C tests, not tuple.index
        if team is COYOTE:
            coyote = seat
    return _SEAT_LISTS[len(teams)][coyote + 1][player]


def is_over(state: State) -> bool:
    """True once a round has left someone with the winning score (KC-11)."""
    return state.phase is OVER


def legal_actions(state: State, player: object) -> list[Action]:
    """Every action this seat may take now (see :meth:`State.legal_actions`).

    Raises:
        NotYourTurnError: ``player`` is not a seat of this game.
    """
    teams = state.teams
    seat = _seat(len(teams), player)
    phase, version = state.phase, state.version
    if phase is OVER or version >= LAST_VERSION:  # limit_problem, without its call
        return []
    lists = _seat_lists(seat, teams)
    if phase is DEALT:
        return list(lists.dealt)
    table = ACTIONS[seat]
    ids = _state_move_ids(state, seat, phase)
    ids += lists.anytime
    return [table[action_id] for action_id in ids]


def legal_action_ids(state: State, player: object) -> list[int]:
    """The ids of this seat's legal actions, sorted (see :meth:`State.legal_action_ids`)."""
    teams = state.teams
    seat = _seat(len(teams), player)
    phase, version = state.phase, state.version
    if phase is OVER or version >= LAST_VERSION:  # limit_problem, without its call
        return []
    lists = _seat_lists(seat, teams)
    if phase is DEALT:
        return list(lists.dealt_ids)
    return _in_id_order(_state_move_ids(state, seat, phase), lists)


_SIGN_IDS: Final = tuple(range(SIGN_BASE, SIGN_BASE + len(SPECIES)))


def _in_id_order(moves: list[int], lists: _SeatLists) -> list[int]:
    """A seat's listing (the round's moves of :func:`_move_ids`, then the signs and pawns
    of ``lists.anytime``), sorted without sorting it all: the moves, few, are sorted
    alone; the signs fall between the moves below them (pass, Scout, completions) and the
    exchanges above; the pawns, sorted once per seat, come last."""
    moves.sort()
    low = 0
    while low < len(moves) and moves[low] < SIGN_BASE:
        low += 1
    return [*moves[:low], *_SIGN_IDS, *moves[low:], *lists.pawn_ids]


def apply_action_id(
    state: State, player: object, action_id: object, version: object = None
) -> State:
    """Apply the action the id names for this seat, checked as :func:`apply` checks; a
    stale version is refused first, before the id is read (KC-17). The public entry points
    of this module take their arguments as ``object``: compiled, an ``int`` parameter would
    refuse a str with a TypeError before the rules' own typed error."""
    if is_stale(state, version):
        raise version_error(action_id, version, state.version)
    check_id(player, action_id)
    # An action of an id is well-formed and the version was checked: why_illegal would
    # only ask current_problem. A pawn (every round's end, most ids) or a sign is checked
    # and made from the fields its id spells, no action read (one is taken from ACTIONS
    # for the other kinds, and for a refusal's message).
    seat, number = cast(int, player), cast(int, action_id)
    teams, version = state.teams, state.version
    players = len(teams)  # one seat a team card (KC-2): a field not read
    problem = _open_problem(state.phase, version, players, seat)
    if problem is None:
        pawn = number - PAWN_BASE
        sign = number - SIGN_BASE
        if pawn >= 0:
            tile, named = _TILES[pawn % _TILE_COUNT], pawn // _TILE_COUNT
            problem = _pawn_problem(teams, seat, tile, named)
            if problem is None:
                return _placed(state, seat, tile, named, teams, players, version)
        elif 0 <= sign < _SPECIES_COUNT:  # a sign, noticed by everybody else (KC-7):
            # legal once the round is open, as the ids name no sign of the Scout
            return _signed(state, seat, _SPECIES[sign], None, teams, players, version)
        else:
            action = ACTIONS[seat][number]
            problem = _kind_problem(state, action)
            if problem is None:
                return _perform(state, action)
    raise refusal(state, ACTIONS[seat][number], None, problem)


def _seat(players: int, player: object) -> int:
    """The seat ``player`` names among ``players`` seats (the length of a state's teams,
    one a seat, KC-2: compiled, a field fewer read than ``num_players`` beside them)."""
    if type(player) is not int or not 0 <= player < players:
        raise SeatError(None, f"there is no seat {quote(player)}", "KC-2")
    return player


def _state_move_ids(state: State, player: int, phase: Phase) -> list[int]:
    """:func:`_move_ids` of a state whose phase the caller has read (compiled, each field
    of the attrs class read is a generic attribute lookup: a field read once is passed on,
    not read again)."""
    return _move_ids(
        player, phase, state.hands[player], state.center, state.passed, state.scout_player
    )


def seat_options(
    player: int,
    phase: Phase,
    teams: tuple[Team, ...],
    hand: tuple[Card, ...],
    center: tuple[Card, ...],
    passed: frozenset[int],
    scout_player: int | None,
    version: int,
) -> list[Action]:
    """The legal actions of a seat from what that seat sees (:func:`seat_option_ids`)."""
    table = ACTIONS[player]
    ids = seat_option_ids(player, phase, teams, hand, center, passed, scout_player, version)
    return [table[action_id] for action_id in ids]


def seat_option_ids(
    player: int,
    phase: Phase,
    teams: tuple[Team, ...],
    hand: tuple[Card, ...],
    center: tuple[Card, ...],
    passed: frozenset[int],
    scout_player: int | None,
    version: int,
) -> list[int]:
    """The ids of a seat's legal actions from what that seat sees: its hand, the face-up
    center, the passes, the Scout's player, the teams and the version (a state and a view
    alike), in the order :meth:`State.legal_actions` lists them."""
    if phase is OVER or version >= LAST_VERSION:  # limit_problem, without its call
        return []
    ids = _move_ids(player, phase, hand, center, passed, scout_player)
    ids += _seat_lists(player, teams).anytime
    return ids


def _move_ids(
    player: int,
    phase: Phase,
    hand: tuple[Card, ...],
    center: tuple[Card, ...],
    passed: frozenset[int],
    scout_player: int | None,
) -> list[int]:
    """The ids of the moves of the round open to a seat in a game that accepts actions
    (reveal; exchanges, Scout, pass; completions), in the order they are listed: the
    first part of :func:`seat_option_ids`, before the signs and pawns open at any time."""
    ids: list[int] = []
    if phase is EXCHANGE:
        takes = _species_in(center)
        for give in _species_in(hand):
            row = EXCHANGE_IDS[give]
            for take in takes:
                if take is not give:
                    ids.append(row[take])
        if hand[-1] is SCOUT:
            ids.append(SCOUT_ID)
        if player not in passed:
            ids.append(PASS_ID)
    elif phase is DEALT:
        ids.append(REVEAL_ID)
    elif player == scout_player:
        ids.extend(COMPLETE_BASE + card for card in _species_in(center))
        ids.append(COMPLETE_PILE_ID)
    return ids


def _species_in(cards: tuple[Card, ...]) -> list[Card]:
    """The species of these cards, sorted as a state's and a view's hands and center are,
    each once and in order; the Scout is none (compiled, a loop of identity tests, where a
    dict of the cards is a method looked up and called, and a table made)."""
    species: list[Card] = []
    last: Card = SCOUT
    for card in cards:
        if card is not last and card is not SCOUT:
            species.append(card)
            last = card
    return species


Problem = tuple[type[IllegalActionError], str, str]
"""Why an action is refused: the error class, the reason, the ruling ID."""


def limit_problem(version: int) -> Problem | None:
    """KC-17: why a state at the last version a document can carry (:data:`MAX_VERSION`)
    accepts no further action, or ``None``."""
    if version < LAST_VERSION:
        return None
    reason = (f"the state is at version {version}: {MAX_VERSION} (MAX_VERSION) is the last "
              "a document can carry, so it accepts no further action")
    return VersionLimitError, reason, "KC-17"


def is_stale(state: State, version: object) -> bool:
    """Whether an action sent against ``version`` is stale here (KC-17); ``None`` is
    never stale."""
    return version is not None and (type(version) is not int or version != state.version)


def why_illegal(state: State, action: object, version: object = None) -> Problem | None:
    """Why this action (sent against ``version``) may not be applied now, or ``None``.

    After the action's own kind and shape (:func:`shape_fault`), the stale check comes
    first (KC-17), so a late action to a finished game is reported as stale; then the
    game's end, the last version a document can carry (KC-17), the seat and the action
    kind's own check.
    """
    if id(action) not in INTERNED:  # an action of an id is well-formed
        if type(action) not in _SHAPES:
            return IllegalActionError, "not a Karibou Camp action", ""
        fault = shape_fault(action)
        if fault is not None:
            return fault[1]
    if is_stale(state, version):
        error = version_error(action, version, state.version)
        return type(error), error.reason, "KC-17"
    return current_problem(state, cast(Action, action))


def current_problem(state: State, action: Action) -> Problem | None:
    """:func:`why_illegal` of a well-formed action sent against the current version (or
    none): the game's end, the last version a document can carry (KC-17), the seat and
    the action kind's own check."""
    problem = open_problem(state, action.player)
    if problem is not None:
        return problem
    return _kind_problem(state, action)


def open_problem(state: State, player: int) -> Problem | None:
    """Why this seat may take no action now, whatever its kind: the game's end, the last
    version a document can carry (KC-17), no such seat (KC-2); or ``None``."""
    return _open_problem(state.phase, state.version, state.num_players, player)


def _open_problem(phase: Phase, version: int, players: int, player: int) -> Problem | None:
    """:func:`open_problem` of a state's phase, version and number of players."""
    if phase is OVER:
        return GameOverError, "the game is over", "KC-11"
    limit = limit_problem(version)
    if limit is not None:
        return limit
    if not 0 <= player < players:
        return SeatError, f"there is no seat {quote(player)}", "KC-2"
    return None


def refusal(state: State, action: object, version: object, problem: Problem) -> IllegalActionError:
    """The typed error of a refused action; a stale one carries both versions (KC-17)."""
    error, reason, ruling = problem
    if error is StaleActionError or error is FutureVersionError:
        return version_error(action, version, state.version)
    return error(action, reason, ruling)


def check(state: State, action: object, version: object = None) -> None:
    """Raise the typed error that rejects this action (:func:`why_illegal`), or return."""
    problem = why_illegal(state, action, version)
    if problem is not None:
        raise refusal(state, action, version, problem)


_EXCHANGED: Problem = IllegalActionError, "only animal cards are exchanged, never a Scout", "KC-4"
_COMPLETED: Problem = IllegalActionError, "a hand is completed with an animal or the pile", "KC-5"
_SIGNED: Problem = IllegalActionError, "a sign stands for one of the seven species", "KC-7"
_NOTICED: Problem = (
    IllegalActionError, "noticed_by must be None or a frozenset of other seats", "KC-7"
)
_PAWN_TILE: Problem = IllegalActionError, "the pawn goes on a species tile or All", "KC-8"
_PAWN_SEAT: Problem = IllegalActionError, "the pawn names a seat", "KC-8"


_CARD_IDS: Final = frozenset(map(id, Card))
"""The identities of the cards: a card is one of these very members (a forged ``Card``,
made by ``int.__new__``, may equal one and is none of them; the members live as long as
their class, so their identities stay theirs)."""
_MISSING: Final = object()
"""What a field that was never set reads as (an action made by ``object.__new__``)."""


def _is_card(value: object) -> bool:
    return id(value) in _CARD_IDS


def _is_source(value: object) -> bool:
    return value is PILE or _is_card(value)


def _is_noticers(value: object) -> bool:
    return value is None or (
        type(value) is frozenset and all(type(seat) is int for seat in value)
    )


def _is_tile(value: object) -> bool:
    return value is ALL_ANIMALS or _is_card(value)


def _is_int(value: object) -> bool:
    return type(value) is int  # bool is not a seat


_SHAPES: Final[dict[type, tuple[tuple[str, Callable[[object], bool], Problem], ...]]] = {
    Reveal: (),
    Exchange: (("give", _is_card, _EXCHANGED), ("take", _is_card, _EXCHANGED)),
    PlayScout: (),
    CompleteHand: (("source", _is_source, _COMPLETED),),
    Pass: (),
    Sign: (("species", _is_card, _SIGNED), ("noticed_by", _is_noticers, _NOTICED)),
    PlacePawn: (("tile", _is_tile, _PAWN_TILE), ("named", _is_int, _PAWN_SEAT)),
}
"""Each action kind's fields after ``player``: the test of the declared type, and the
rules' refusal of a value that fails it."""


def shape_fault(action: object) -> tuple[str, Problem] | None:
    """The first field of an action (of a known kind) whose value does not have its
    declared type, with the rules' refusal of it; ``None`` for a well-formed action."""
    player = getattr(action, "player", _MISSING)
    if type(player) is not int:
        shown = "" if player is _MISSING else quote(player)
        return "player", (SeatError, f"there is no seat {shown}".rstrip(), "KC-2")
    for name, ok, problem in _SHAPES[type(action)]:
        if not ok(getattr(action, name, _MISSING)):
            return name, problem
    return None


def _exchange_phase(state: State) -> Problem | None:
    if state.phase is DEALT:
        return IllegalActionError, "the center is still face down", "KC-14"
    if state.phase is Phase.SCOUT:
        return IllegalActionError, "a Scout has stopped the exchanges", "KC-5"
    return None


def _check_reveal(state: State, action: Reveal) -> Problem | None:
    if state.phase is not DEALT:
        return IllegalActionError, "the center is already face up", "KC-14"
    return None


def _check_exchange(state: State, action: Exchange) -> Problem | None:
    problem = _exchange_phase(state)
    if problem:
        return problem
    give, take = action.give, action.take
    if give is SCOUT or take is SCOUT:
        return _EXCHANGED
    if give is take:
        return IllegalActionError, "an exchange takes another species than it gives", "KC-15"
    if give not in state.hands[action.player]:
        return IllegalActionError, f"no {give} in hand", "KC-4"
    if take not in state.center:
        return IllegalActionError, f"no {take} in the center", "KC-4"
    return None


def _check_play_scout(state: State, action: PlayScout) -> Problem | None:
    problem = _exchange_phase(state)
    if problem:
        return problem
    if SCOUT not in state.hands[action.player]:
        return IllegalActionError, "no Scout in hand", "KC-5"
    return None


def _check_complete(state: State, action: CompleteHand) -> Problem | None:
    if state.phase is not Phase.SCOUT:
        return IllegalActionError, "no Scout has been played", "KC-5"
    if action.player != state.scout_player:
        return NotYourTurnError, "only the Scout's player completes a hand", "KC-5"
    source = action.source
    if source is PILE:
        return None
    if source is SCOUT:
        return _COMPLETED
    if source not in state.center:
        return IllegalActionError, f"no {source} in the center", "KC-5"
    return None


def _check_pass(state: State, action: Pass) -> Problem | None:
    problem = _exchange_phase(state)
    if problem:
        return problem
    if action.player in state.passed:
        return IllegalActionError, "already passed since the last exchange", "KC-6"
    return None


def _check_sign(state: State, action: Sign) -> Problem | None:
    if action.species is SCOUT:
        return _SIGNED
    noticed = action.noticed_by
    if noticed is None:
        return None
    if not all(0 <= seat < state.num_players and seat != action.player for seat in noticed):
        return _NOTICED
    return None


def _check_pawn(state: State, action: PlacePawn) -> Problem | None:
    return _pawn_problem(state.teams, action.player, action.tile, action.named)


def _pawn_problem(teams: tuple[Team, ...], player: int, tile: Tile, named: int) -> Problem | None:
    if tile is SCOUT:
        return _PAWN_TILE
    reason = placement_error(teams, player, named)
    if reason:
        return IllegalActionError, reason, "KC-8"
    return None


_PLACE_PAWN: Final = PlacePawn
_SIGN: Final = Sign
_REVEAL: Final = Reveal
_EXCHANGE: Final = Exchange
_PASS: Final = Pass
_PLAY_SCOUT: Final = PlayScout
"""The action kinds, tested in the order of their frequency in random play (compiled, a
``Final`` is read as a C static, where a class is a global looked up)."""


def _kind_problem(state: State, action: Action) -> Problem | None:
    """The check of the action's kind (compiled, a test of its type and a direct call, no
    dict of functions called through Python's protocol)."""
    kind = type(action)
    if kind is _PLACE_PAWN:
        return _check_pawn(state, cast(PlacePawn, action))
    if kind is _SIGN:
        return _check_sign(state, cast(Sign, action))
    if kind is _REVEAL:
        return _check_reveal(state, cast(Reveal, action))
    if kind is _EXCHANGE:
        return _check_exchange(state, cast(Exchange, action))
    if kind is _PASS:
        return _check_pass(state, cast(Pass, action))
    if kind is _PLAY_SCOUT:
        return _check_play_scout(state, cast(PlayScout, action))
    return _check_complete(state, cast(CompleteHand, action))


def apply(state: State, action: object, version: object = None) -> State:
    """Check the action (:func:`check`), then perform it (see :meth:`State.apply`)."""
    check(state, action, version)
    return _perform(state, cast(Action, action))  # why_illegal knows every action kind


def _next(
    state: State,
    *,
    hands: tuple[tuple[Card, ...], ...],
    center: tuple[Card, ...],
    phase: Phase,
    scout_player: int | None = None,
    passed: frozenset[int] = frozenset(),
    pile: tuple[Card, ...] | None = None,
    discard: tuple[Card, ...] | None = None,
    chance: int | None = None,
    new_period: bool = False,
) -> State:
    """A copy of the state with the round's moving parts replaced; ``new_period`` moves
    the version on (a reveal or a cleanup, KC-17)."""
    return new_state(
        type(state),
        state.num_players,
        state.config,
        state.seed,
        state.chance if chance is None else chance,
        state.teams,
        hands,
        center,
        state.pile if pile is None else pile,
        state.discard if discard is None else discard,
        phase,
        scout_player,
        passed,
        state.signs,
        state.scores,
        state.round_results,
        state.version + new_period,
    )


def _replace_hand(
    hands: tuple[tuple[Card, ...], ...], player: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return (*hands[:player], hand, *hands[player + 1 :])


def _without(cards: tuple[Card, ...], card: Card) -> list[Card]:
    remaining = list(cards)
    remaining.remove(card)
    return remaining


def _reveal(state: State, action: Reveal) -> State:
    return _next(
        state, hands=state.hands, center=state.center, phase=EXCHANGE, new_period=True
    )


def _exchange(state: State, action: Exchange) -> State:
    player = action.player
    hand = _without(state.hands[player], action.give)
    hand.append(action.take)
    hand.sort()
    center = _without(state.center, action.take)
    center.append(action.give)
    center.sort()
    hands = _replace_hand(state.hands, player, tuple(hand))
    return _next(state, hands=hands, center=tuple(center), phase=state.phase)


def _play_scout(state: State, action: PlayScout) -> State:
    player = action.player
    hand = state.hands[player][:-1]  # sorted: the Scouts come last
    hands = _replace_hand(state.hands, player, hand)
    center = (*state.center, SCOUT)
    return _next(state, hands=hands, center=center, phase=Phase.SCOUT, scout_player=player)


def _pass(state: State, action: Pass) -> State:
    passed = state.passed | {action.player}
    if len(passed) == state.num_players:
        return _cleanup(state, state.hands, state.center, state.pile, state.discard, state.chance)
    return _next(
        state, hands=state.hands, center=state.center, phase=state.phase, passed=passed
    )


def _complete(state: State, action: CompleteHand) -> State:
    player = action.player
    pile, discard, chance = state.pile, state.discard, state.chance
    center = state.center
    if action.source is PILE:
        drawn, pile, discard, chance = draw_cards(pile, discard, 1, state.seed, chance)
        card = drawn[0]
    else:
        card = action.source
        center = tuple(_without(center, card))
    hand = tuple(sorted((*state.hands[player], card)))
    hands = _replace_hand(state.hands, player, hand)
    return _cleanup(state, hands, center, pile, discard, chance)


def _cleanup(
    state: State,
    hands: tuple[tuple[Card, ...], ...],
    center: tuple[Card, ...],
    pile: tuple[Card, ...],
    discard: tuple[Card, ...],
    chance: int,
) -> State:
    """End the exchanges: discard the center, deal a new one face down (KC-6)."""
    discard = tuple(sorted(discard + center))
    drawn, pile, discard, chance = draw_cards(
        pile, discard, center_size(state.num_players), state.seed, chance
    )
    return _next(
        state,
        hands=hands,
        center=tuple(drawn),  # draw_cards sorts what it draws
        phase=DEALT,
        pile=pile,
        discard=discard,
        chance=chance,
        new_period=True,
    )


def _sign(state: State, action: Sign) -> State:
    return _signed(state, action.player, action.species, action.noticed_by, state.teams,
                   state.num_players, state.version)


def _signed(
    state: State, player: int, species: Card, noticed: frozenset[int] | None,
    teams: tuple[Team, ...], players: int, version: int,
) -> State:
    """:func:`_sign` of the sign ``player`` makes of ``species`` (the id path gives these
    from the id, reading no action back), in a state of these teams, number of players and
    version (read by the caller's check)."""
    if noticed is None:
        noticed = other_seats(players, player)
    record = sign_record(player, species, noticed)
    signs = state.signs + (record,)  # noqa: RUF005 (one tuple made, no list: see _placed)
    return new_state(
        type(state), players, state.config, state.seed, state.chance, teams, state.hands,
        state.center, state.pile, state.discard, state.phase, state.scout_player, state.passed,
        signs, state.scores, state.round_results, version,
    )  # fmt: skip


def _place_pawn(state: State, action: PlacePawn) -> State:
    """Score the round (KC-10); end the game (KC-11) or deal the next round."""
    return _placed(state, action.player, action.tile, action.named, state.teams,
                   state.num_players, state.version)


def _placed(
    state: State, player: int, tile: Tile, named: int, teams: tuple[Team, ...], players: int,
    version: int,
) -> State:
    """:func:`_place_pawn` of the pawn ``player`` places on ``tile`` naming ``named`` (the
    id path gives these from the id, reading no action back), in a state of these teams,
    number of players and version (read by the caller's check).

    Each field is read once (compiled, a read of the attrs classes' fields is a generic
    attribute lookup)."""
    hands, past = state.hands, state.round_results
    hand = hands[named]
    family, reason, points = outcome(teams, player, tile, named, hand)
    result = round_result(len(past) + 1, teams, player, tile, named, hand, family,
                          _REASONS[reason], points)
    config, seed, chance = state.config, state.seed, state.chance
    # the rulebook's options shared by most games: their winning score is known
    winning = _WINNING if config is _RULEBOOK else config.winning_score
    version += 1
    # Each seat's sum over the tuple of the seats: compiled, the scores' tuple made at its
    # length (over a zip, a list is built first); concat of a 1-tuple: one tuple made,
    # where (*past, result) builds a list first.
    before = state.scores
    scores = tuple(before[seat] + points[seat] for seat in _SEAT_ORDER[players])
    results = past + (result,)  # noqa: RUF005
    over = False
    for score in scores:  # compiled, a loop of native tests, where max() is a call
        over = over or score >= winning
    if over:
        return new_state(
            type(state), players, config, seed, chance, teams, hands, state.center,
            state.pile, state.discard, OVER, state.scout_player, NOBODY, state.signs,
            scores, results, version,
        )  # fmt: skip
    teams, hands, center, pile, discard = deal_round(players, ChanceStream(seed, chance))
    return new_state(
        type(state), players, config, seed, chance + 1, teams, hands, center, pile, discard,
        DEALT, None, NOBODY, (), scores, results, version,
    )  # fmt: skip


def _perform(state: State, action: Action) -> State:
    """The effect of a legal action, by its kind (as :func:`_kind_problem` finds it)."""
    kind = type(action)
    if kind is _PLACE_PAWN:
        return _place_pawn(state, cast(PlacePawn, action))
    if kind is _SIGN:
        return _sign(state, cast(Sign, action))
    if kind is _REVEAL:
        return _reveal(state, cast(Reveal, action))
    if kind is _EXCHANGE:
        return _exchange(state, cast(Exchange, action))
    if kind is _PASS:
        return _pass(state, cast(Pass, action))
    if kind is _PLAY_SCOUT:
        return _play_scout(state, cast(PlayScout, action))
    return _complete(state, cast(CompleteHand, action))
