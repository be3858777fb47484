"""Small checks shared by the rule families and the build steps: who may act and the
seat gate every action and step passes, a stale version, questions on table rows, the
UC-8 keep-a-card rule, and the checks that return a :data:`Problem` or ``None`` (a
campsite that is not there, a card that does not fit a table group, an action whose
fields do not have their declared types)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final, get_args, get_origin, get_type_hints

import attrs

from campers_rules import _actions
from campers_rules._actions import REQUESTS, AddCard, Request, RequestKind, Squat, campsite_id
from campers_rules._board import MAX_PLAYERS, MAX_VERSION, OVER, Phase, Site, row_index
from campers_rules._cards import FACES, Card
from campers_rules._catalogue import Campsite
from campers_rules._errors import (
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    SeatError,
    VersionLimitError,
    quote,
)
from campers_rules._groups import PLACEMENTS, Group, GroupKind, Placed
from campers_rules._pending import FishingChoice, Pending, RepairChoice, SprayWindow
from campers_rules._table import owns_complete, placements

if TYPE_CHECKING:
    from campers_rules._state import State

Problem = tuple[type[IllegalActionError], str, str]
"""Why an action is refused: the error class, the reason, the ruling ID (as Karibou's)."""

# The constants the gates read at every step, as constants of this module: the compiled
# build reads another module's name as a Python attribute (a dict look-up).
_OVER: Final = OVER
_MAX_VERSION: Final = MAX_VERSION

_NOBODY: Final[frozenset[int]] = frozenset()
_SOLO: Final[tuple[frozenset[int], ...]] = tuple(frozenset((seat,)) for seat in range(MAX_PLAYERS))
"""Each seat alone, built once: a table, not a cache."""


def actors(state: State) -> frozenset[int]:
    """The turn's player, or exactly the players a pending decision waits on."""
    if state.phase is _OVER:
        return _NOBODY
    pending = state.pending
    if pending is None:
        return _SOLO[state.turn]
    if isinstance(pending, SprayWindow):
        return _SOLO[pending.waiting[0]]
    if isinstance(pending, RepairChoice):
        return _SOLO[pending.owner]
    if isinstance(pending, FishingChoice):
        return _SOLO[pending.target]
    return pending.waiting


def no_seat(state: State, player: object) -> Problem:
    """Why a seat that does not exist in this game may not act (UC-2)."""
    reason = f"there is no seat {quote(player)} in a {state.num_players}-player game"
    return SeatError, reason, "UC-2"


def check_seat(state: State, player: object, asked: str) -> None:
    """Raise the :class:`SeatError` of :func:`no_seat` unless ``player`` is a seat of this
    game; ``asked`` names the question (``"view for"``), the error's action."""
    if type(player) is not int or not 0 <= player < state.num_players:
        error, reason, ruling = no_seat(state, player)
        raise error(f"{asked} {quote(player)}", reason, ruling)


def seat_problem(state: State, player: object) -> Problem | None:
    """Why this seat may not act now whatever it sends, or ``None``: the game is over
    (UC-21), there is no such seat (UC-2), or it is not among the actors (UC-6); a
    problem exactly when :func:`refuses_seat` refuses an int seat."""
    if state.phase is _OVER:
        return GameOverError, "the game is over", "UC-21"
    if type(player) is not int or not 0 <= player < state.num_players:
        return no_seat(state, player)
    if refuses_seat(state, state.phase, state.pending, player, state.turn):
        return NotYourTurnError, f"player {player} may not act now", "UC-6"
    return None


def refuses_seat(state: State, phase: Phase, pending: Pending | None, player: int,
                 turn: int) -> bool:
    """The seat gate's condition on the state's phase, pending decision and turn, read
    once by the caller: the game is over, there is no such seat, or the seat is not among
    the actors (:func:`seat_problem` says which)."""
    return (phase is _OVER or not 0 <= player < state.num_players
            or (player != turn if pending is None else player not in actors(state)))


def limit_problem(state: State) -> Problem | None:
    """UC-32: why a running game at the last version or build step a document can carry
    (:data:`~campers_rules._board.MAX_VERSION`) accepts no further move, or ``None``."""
    if (state.version < _MAX_VERSION and state.build_step < _MAX_VERSION
            ) or state.phase is _OVER:
        return None
    reason = (f"the state is at version {state.version}, build step {state.build_step}: "
              f"{MAX_VERSION} (MAX_VERSION) is the last a document can carry, so it accepts "
              "no further move")
    return VersionLimitError, reason, "UC-32"


def is_stale(state: State, version: object) -> bool:
    """Whether an action sent against ``version`` is stale here (UC-32); ``None`` is
    never stale."""
    return version is not None and (type(version) is not int or version != state.version)


def face_of(state: State, site: Site) -> Campsite:
    """The catalogue face of a campsite on the table."""
    return state.config.catalogue[site.campsite]


def site_index(state: State, owner: int, campsite: int) -> int:
    """Where this owner's campsite sits in their table row; -1 when it is not there (or
    there is no such seat): :func:`no_site` says why."""
    return row_index(state.table[owner], campsite) if 0 <= owner < state.num_players else -1


def no_site(state: State, owner: int, campsite: int) -> Problem:
    """Why :func:`site_index` found no such campsite: no such seat (UC-2), or not owned (UC-7)."""
    if not 0 <= owner < state.num_players:
        return IllegalActionError, f"there is no seat {owner}", "UC-2"
    return IllegalActionError, f"player {owner} owns no campsite {campsite_id(campsite)}", "UC-7"


def group_problem(state: State, owner: int, campsite: int, group: int, ruling: str
                  ) -> Problem | None:
    """Why ``owner`` has no group ``group`` on campsite ``campsite``: no such seat (UC-2),
    campsite (UC-7) or group (the asking action's ``ruling``); ``None`` when it is there."""
    index = site_index(state, owner, campsite)
    if index < 0:
        return no_site(state, owner, campsite)
    if not 0 <= group < len(state.table[owner][index].groups):
        return IllegalActionError, f"campsite {campsite_id(campsite)} has no group {group}", ruling
    return None


def fit_problem(state: State, action: AddCard | Squat, owner: int) -> Problem | None:
    """Why the action's card may not go into the group it names, or ``None`` (UC-7, UC-9)."""
    problem = group_problem(state, owner, action.campsite, action.group, "UC-7")
    if problem is not None:
        return problem
    site = state.table[owner][site_index(state, owner, action.campsite)]
    if action.card.face not in state.hands[action.player]:
        return IllegalActionError, f"player {action.player} holds no {action.card.face}", "UC-7"
    group = site.groups[action.group]
    if action.card not in placements(face_of(state, site), group, action.card.face):
        return (IllegalActionError, f"{action.card} does not fit {group} (a run takes the next "
                "number at either end, a set its number, a color group its color)", "UC-9")
    return None


def keeps_a_card(state: State, player: int, used: int, completes: bool = False) -> bool:
    """UC-8: a table move may empty the hand only of a player who owns a complete campsite.

    Args:
        used: Hand cards the move lays down.
        completes: Whether the move itself leaves one of the player's campsites complete.
    """
    if len(state.hands[player]) > used:
        return True
    return completes or owns_complete(state.config.catalogue, state.table[player])


def no_card_left(player: int) -> str:
    """The UC-8 refusal in words: a move that would leave nothing to discard."""
    return f"player {player} would have no card to discard, and owns no complete campsite"


Checker = Callable[[object], bool]
"""Whether a value has one declared type.

The checks refuse, without raising, what a hostile client can build around the
constructors (``object.__new__``, ``int.__new__``, ``object.__setattr__``): a card face, a
placement or an enum member is one of its own interned objects (a forged one cannot even
print), a tuple or a string is of its exact built-in type, a record has every field."""


def _is_int(value: object) -> bool:
    return type(value) is int  # bool is not a seat or an index


def _one_of(values: Iterable[object]) -> Checker:
    """Whether a value is one of these very objects (the faces, an enum's members)."""
    known = frozenset(map(id, values))
    return lambda value: id(value) in known


_FACES: Final[tuple[Card, ...]] = FACES
_PLACEMENTS: Final[tuple[Placed, ...]] = PLACEMENTS


def _is_face(value: object) -> bool:
    """Whether a value is one of the interned faces (not an int or a forged card): a
    function of this module, compiled with the checks (a closure would be called as a
    Python object at every discard and wild swap). Its index is read as a native int."""
    if type(value) is not Card:
        return False
    index: int = value
    return 0 <= index < len(_FACES) and _FACES[index] is value


def _is_placed(value: object) -> bool:
    """``_groups.is_placement``, compiled with the checks (the shape check asks it of
    every squat, add and Bear Attack). Its index is read as a native int."""
    if type(value) is not Placed:
        return False
    index: int = value
    return 0 <= index < len(_PLACEMENTS) and _PLACEMENTS[index] is value


_is_group_kind = _one_of(GroupKind)
_is_request_kind = _one_of(RequestKind)

def _fields(value: object, kind: type, read: Callable[[object], Any]) -> Any:
    """The fields ``read`` gives of a value of exactly this class, or ``None`` for another
    value or a record made around its constructor (a field left unset). Read untyped:
    compiled (mypyc), ``value.cards`` on a Group would raise TypeError for a non-tuple
    before the checks below could refuse it."""
    if type(value) is not kind:
        return None
    try:
        return read(value)
    except AttributeError:
        return None


_GROUP_FIELDS = attrgetter("kind", "cards")
_REQUEST_FIELDS = attrgetter("kind", "value")
_REQUESTS = frozenset(REQUESTS)


def _is_group(value: object) -> bool:
    fields = _fields(value, Group, _GROUP_FIELDS)
    if fields is None:
        return False
    kind, cards = fields
    return _is_group_kind(kind) and type(cards) is tuple and all(map(_is_placed, cards))


def _is_request(value: object) -> bool:
    fields = _fields(value, Request, _REQUEST_FIELDS)
    if fields is None:
        return False
    kind, text = fields
    return _is_request_kind(kind) and type(text) is str and value in _REQUESTS


_NAMED: dict[object, Checker] = {
    int: _is_int,
    Card: _is_face,
    Placed: _is_placed,
    Group: _is_group,
    GroupKind: _is_group_kind,
    Request: _is_request,
}


def _checker(hint: Any) -> Checker:
    """The check of one field type: named types, tuples of them, else the exact type."""
    named = _NAMED.get(hint)
    if named is not None:
        return named
    if get_origin(hint) is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _checker(args[0])
            return lambda value: type(value) is tuple and all(map(item, value))
        parts = tuple(_checker(arg) for arg in args)
        return lambda value: (
            type(value) is tuple
            and len(value) == len(parts)
            and all(check(v) for check, v in zip(parts, value, strict=True))
        )
    return lambda value: type(value) is hint


_INT: Final = 0
_FACE: Final = 1
_PLACED: Final = 2
_OTHER: Final = 3
_CODES: Final[dict[object, int]] = {int: _INT, Card: _FACE, Placed: _PLACED}
"""The field types :func:`shape_problem` checks in place, by a code (most fields are
seats, indexes, cards and placements): a call through a :data:`Checker` is a Python call."""

Field = tuple[str, Any, int, Checker]
"""An action class's field: its name, its type hint, its code (``_INT``, ``_FACE``,
``_PLACED`` checked in place, ``_OTHER`` by its check) and its check."""


def _fields_of(kind: type[Any]) -> tuple[Field, ...]:
    """Each field of an action class with its type hint, code and check."""
    hints = get_type_hints(kind, vars(_actions))
    return tuple((field.name, hint, _CODES.get(hint, _OTHER), _checker(hint))
                 for field in attrs.fields(kind) for hint in (hints[field.name],))


_FIELDS: Final[dict[type[Any], tuple[Field, ...]]] = {
    kind: _fields_of(kind) for kind in (*get_args(_actions.Action), *get_args(_actions.Step))
}
"""Every action and build-step class's fields, hints and checks, made once at import (the
shape check reads them at every step)."""


def shape_problem(action: object) -> Problem | None:
    """Why an action's fields do not have their declared types (UC-6), or ``None``; a
    player that is no int is no seat (UC-2), as everywhere a seat is given."""
    for name, hint, code, ok in _FIELDS[type(action)]:
        value = getattr(action, name, None)  # an unset field fails every check
        if code == _INT:
            fits = type(value) is int  # bool is not a seat or an index
        elif code == _FACE:
            fits = _is_face(value)
        elif code == _PLACED:
            fits = _is_placed(value)
        else:
            fits = ok(value)
        if not fits:
            if name == "player":
                return SeatError, f"there is no seat {quote(value)} (its player)", "UC-2"
            shown = getattr(hint, "__name__", hint)
            return IllegalActionError, f"its {name} is not a {shown}", "UC-6"
    return None


def shape_error(action: object, problem: Problem) -> IllegalActionError:
    """The error of a malformed action: its message shows the action by its repr, as its
    text form may not be computable."""
    kind, reason, ruling = problem
    error = kind(quote(action), reason, ruling)
    error.action = action
    return error


def check_shape(action: Any) -> None:
    """Raise :func:`shape_error` for an action whose fields do not have their declared
    types (UC-6)."""
    problem = shape_problem(action)
    if problem is not None:
        raise shape_error(action, problem)
