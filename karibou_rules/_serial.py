"""JSON for states, views and actions, through cattrs.

A state or view document is the envelope both packages share: ``{"format": "karibou/3",
"state": {...}}`` (or ``"view"``), a format tag and the payload, whose ``version`` is the
state version (KC-17). An action is written as its tagged dict alone (the payload);
:func:`loads_action` also reads it enveloped, ``{"format": "karibou/3", "action": {...}}``.

``loads``, ``loads_view`` and ``loads_action`` read untrusted text: anything malformed,
larger than ``max_bytes``, or that the rules cannot reach raises
:class:`SerializationError` and nothing else; the message quotes a short prefix at most.
An action's JSON is a tagged union: its ``"type"`` names the action class.

>>> from karibou_rules import new_game
>>> state = new_game(players=3, seed=1)
>>> loads(dumps(state)) == state
True
>>> loads_view(dumps(state.view(0))) == state.view(0)
True
>>> loads('{"format": "karibou/1", "state": {}}')
Traceback (most recent call last):
...
karibou_rules.SerializationError: not a Karibou Camp state: ...
>>> from karibou_rules import Card, Exchange
>>> dumps(Exchange(2, Card.BEAR, Card.DUCK))
'{"type":"Exchange","player":2,"give":"Bear","take":"Duck"}'
>>> loads_action('{"type": "Pass", "player": 1}')
Pass(player=1)
"""

from __future__ import annotations

import json
import operator
from collections.abc import Callable
from enum import Enum
from types import NoneType, UnionType
from typing import Any, TypeVar, Union, cast, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.strategies import configure_tagged_union

from karibou_rules._actions import ACTION_TYPES, Action
from karibou_rules._cards import PILE, Card, Pile, Team, Tile, parse_tile
from karibou_rules._errors import QUOTE_LIMIT, PositionError, SerializationError, quote
from karibou_rules._events import Event, event_json
from karibou_rules._rules import shape_fault
from karibou_rules._state import State
from karibou_rules._validate import check_action, check_state, check_view
from karibou_rules._view import View

GAME = "karibou"
"""The game's name in a format tag, a record and an offer."""
FORMAT = f"{GAME}/3"
"""The format tag written into every state and view document.

``karibou/3`` changed the deal (a cheaper shuffle, specified in ``_deal``): the same seed
deals other cards, so a record of ``karibou/2`` or before no longer replays
(:func:`~karibou_rules.loads_record` says so). A ``karibou/2`` state or view still loads
as it is, being a whole position; its later shuffles (the next rounds, the refills of its
pile) follow the new deal. ``karibou/2`` added the ``version`` field (KC-17). Documents of
``karibou/1`` still load too: having no version, they are given the lowest one their
rounds and a state's chance counter allow (one per round played, and one per two chance
events after the first), which no client can have acted on, since none was ever sent to
one.
"""
_FORMAT_1 = "karibou/1"
_FORMAT_2 = "karibou/2"
MAX_BYTES = 1 << 20
"""The default limit (1 MiB) of the ``max_bytes`` argument of :func:`loads`,
:func:`loads_view` and :func:`loads_action`: larger input is refused unread."""
_MAX_ERRORS = 3
"""How many of the problems cattrs finds in one document a message lists."""

_T = TypeVar("_T")


def _strict_int(value: object, _: object) -> int:
    if type(value) is not int:
        raise TypeError(f"expected an integer, got {quote(value)}")
    return value


def _text(value: object) -> str:
    if type(value) is not str:
        raise TypeError(f"expected a string, got {quote(value)}")
    return value


def _seats(value: object, _: object) -> frozenset[int]:
    if type(value) is not list:
        raise TypeError(f"expected a list of seats, got {quote(value)}")
    seats = frozenset(_strict_int(seat, None) for seat in value)
    if len(seats) != len(value):
        raise ValueError(f"a seat is listed twice in {quote(value)}")
    return seats


def _source(value: object, _: object) -> Card | Pile:
    text = _text(value)
    return PILE if text.strip().lower() == str(PILE) else Card.parse(text)


def _clip(text: str) -> str:
    """A message part cut short: it may quote input (a key, a card name)."""
    limit = 2 * QUOTE_LIMIT
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _describe(error: BaseException, _: object) -> str:
    if isinstance(error, KeyError):
        return "required field missing"
    return _clip(str(error) or type(error).__name__)


def _writes_only(kind: type[Any], write: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """An unstructure hook that writes only a value of exactly ``kind``, so that
    :func:`dumps` refuses a hand-built field :func:`loads` would call malformed."""

    def unstructure(value: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, got {quote(value)}")
        return write(value)

    return unstructure


def _tile(value: Any) -> str:
    if type(value) not in get_args(Tile):
        raise TypeError(f"expected a round tile, got {quote(value)}")
    return str(value)


def _is_enum(cls: object) -> bool:
    return isinstance(cls, type) and issubclass(cls, Enum)


def _is_optional(cls: object) -> bool:
    return get_origin(cls) in (Union, UnionType) and NoneType in get_args(cls)


def _optional(converter: cattrs.Converter) -> Callable[[Any], Callable[[Any], Any]]:
    """The unstructure hooks of ``X | None`` types: None, or a value of one of the
    members, written by its own hook (cattrs would write any other value as it is)."""

    def factory(kind: Any) -> Callable[[Any], Any]:
        members = {get_origin(member) or member: member for member in get_args(kind)}
        names = " | ".join(getattr(member, "__name__", str(member)) for member in members)

        def unstructure(value: Any) -> Any:
            member = members.get(type(value))
            if member is None:
                raise TypeError(f"expected {names}, got {quote(value)}")
            return None if value is None else converter.unstructure(value, member)

        return unstructure

    return factory


def _sorted_seats(value: Any) -> list[int]:
    """A set of seats as its sorted list (only a frozenset of ints is one)."""
    if type(value) is not frozenset or any(type(seat) is not int for seat in value):
        raise TypeError(f"expected a set of seats, got {quote(value)}")
    return sorted(value)


def _is_frozenset(cls: object) -> bool:
    return cls is frozenset or get_origin(cls) is frozenset


class _Unread(ValueError):
    """The items of a list left unread after its first bad ones, each counted as one."""

    def __init__(self, count: int) -> None:
        super().__init__(f"{count} more items not read")
        self.count = count


def _unread(error: BaseException) -> int:
    """How many problems the unread items of ``error``'s lists stand for beyond one each."""
    if isinstance(error, _Unread):
        return error.count - 1
    if isinstance(error, BaseExceptionGroup):
        return sum(_unread(inner) for inner in error.exceptions)
    return 0


def _is_items(cls: object) -> bool:
    return get_origin(cls) is tuple and get_args(cls)[1:] == (Ellipsis,)


def _items(converter: cattrs.Converter) -> Callable[[Any, Any], tuple[Any, ...]]:
    """A ``tuple[X, ...]`` structure hook that stops after :data:`_MAX_ERRORS` bad items
    and counts the unread rest as problems: cattrs's own raises one error per item,
    seconds for a long list of bad items."""

    def structure(value: Any, cls: Any) -> tuple[Any, ...]:
        item = get_args(cls)[0]
        convert = converter.get_structure_hook(item)
        items: list[Any] = []
        errors: list[Exception] = []
        elements = list(value)
        for index, element in enumerate(elements):
            if len(errors) == _MAX_ERRORS:
                errors.append(_Unread(len(elements) - index))
                break
            try:
                items.append(convert(element, item))
            except Exception as error:  # cattrs reports what failed, as for its own hook
                error.__notes__ = [*getattr(error, "__notes__", []), IterableValidationNote(
                    f"Structuring {cls} @ index {index}", index, item)]
                errors.append(error)
        if errors:
            raise IterableValidationError(f"While structuring {cls!r}", errors, cls)
        return tuple(items)

    return structure


def _make_converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_structure_hook(int, _strict_int)
    for kind in (int, bool, str):
        converter.register_unstructure_hook(kind, _writes_only(kind, lambda value: value))
    converter.register_unstructure_hook_factory(
        _is_enum, lambda kind: _writes_only(kind, operator.attrgetter("value")))
    converter.register_unstructure_hook_factory(_is_optional, _optional(converter))
    for text_kind in (Card, Team, Pile):
        converter.register_unstructure_hook(text_kind, _writes_only(text_kind, str))
    converter.register_unstructure_hook(Tile, _tile)
    converter.register_structure_hook(Card, lambda value, _: Card.parse(_text(value)))
    converter.register_structure_hook(Team, lambda value, _: Team.parse(_text(value)))
    converter.register_structure_hook(Tile, lambda value, _: parse_tile(_text(value)))
    converter.register_structure_hook(Card | Pile, _source)
    converter.register_unstructure_hook_func(_is_frozenset, _sorted_seats)
    converter.register_structure_hook_func(_is_frozenset, _seats)  # every set holds seats
    converter.register_structure_hook_func(_is_items, _items(converter))
    configure_tagged_union(Action, converter, tag_name="type")
    return converter


_CONVERTER = _make_converter()


def dumps(obj: State | View | Action | Event) -> str:
    """The JSON text of a state, a view, an action or an event (:func:`seat_events`,
    read back by :func:`loads_event`).

    A state or a view is written as ``{"format": "karibou/3", "state"|"view": {...}}``,
    an action as its fields with a ``"type"`` key naming its class first.

    Raises:
        SerializationError: ``obj`` is no state, view or action, or an action whose
            fields no game can hold (:func:`loads_action` reads every action written);
            for a field of the wrong type the message names the field. Or a state or
            view (a hand-built or ``attrs.evolve``'d one) holding, anywhere in it, a
            value of another type than its field's (a ``None`` for an int, a text for a
            card...) or one JSON cannot write (an int too long to print); the message
            names the field. A well-typed but impossible state is written:
            :func:`loads` is where the rules check a document.
    """
    if isinstance(obj, Event):
        return event_json(obj)
    if type(obj) in ACTION_TYPES:
        try:
            check_action(obj)
        except PositionError as error:
            fault = shape_fault(cast(Action, obj))
            where = "" if fault is None else f"its {fault[0]} is {quote(getattr(obj, fault[0]))}: "
            raise SerializationError(f"not an action to write: {where}{error}") from error
        fields = _CONVERTER.unstructure(obj, Action)
        return json.dumps({"type": fields.pop("type"), **fields}, separators=(",", ":"))
    if not isinstance(obj, State | View):
        raise SerializationError(
            f"dumps takes a State, a View or an action, not {type(obj).__name__}"
        )
    key = "state" if isinstance(obj, State) else "view"
    try:
        document = {"format": FORMAT, key: payload(obj)}
        return json.dumps(document, separators=(",", ":"))
    except Exception as error:  # a hand-built field: no Phase, an int too long to print...
        raise SerializationError(
            f"not a {key} to write: {_unwritten(obj)}{_clip(str(error))}") from None


def payload(obj: State | View) -> dict[str, Any]:
    """The JSON-ready payload of a state's or a view's document (what the envelope holds
    under ``"state"`` or ``"view"``)."""
    data: dict[str, Any] = _CONVERTER.unstructure(obj)
    return data


def unwrap(document: Any, kind: str) -> Any:
    """The payload of an enveloped document of this ``kind`` (``"state"``, ``"view"``,
    ``"action"`` or ``"record"``): ``document[kind]``, once its format tag is checked.

    Raises:
        SerializationError: Not ``{"format": FORMAT, kind: ...}``.
    """
    if not isinstance(document, dict) or set(document) != {"format", kind}:
        raise SerializationError(
            f'not a Karibou Camp {kind}: expected an object with "format" and "{kind}"')
    if document["format"] != FORMAT:
        raise SerializationError(f"not a Karibou Camp {kind}: unknown format "
                                 f"{quote(document['format'])}, expected {FORMAT!r}")
    return document[kind]


def _unwritten(obj: State | View) -> str:
    """The first field of a state or view that cannot be written, for a message."""
    for field in attrs.fields(type(obj)):
        try:
            json.dumps(_CONVERTER.unstructure(getattr(obj, field.name), field.type))
        except Exception:  # what dumps met: the field is named, dumps gives the reason
            return f"its {field.name}: "
    return ""


def _parse(text: object, max_bytes: int, what: str) -> object:
    """The JSON value of untrusted text, refused at once when larger than max_bytes."""
    if type(max_bytes) is not int or max_bytes < 0:
        raise SerializationError(f"max_bytes must be a count of bytes, not {quote(max_bytes)}")
    if isinstance(text, str):
        # A character takes 1 to 4 bytes in UTF-8: measure exactly only when in doubt.
        size = len(text) if len(text) > max_bytes else len(text.encode("utf-8", "replace"))
    elif isinstance(text, bytes | bytearray):
        size = len(text)
    else:
        raise SerializationError(f"not a Karibou Camp {what}: expected text, not "
                                 f"{type(text).__name__}")  # fmt: skip
    if size > max_bytes:
        raise SerializationError(
            f"not a Karibou Camp {what}: the input is larger than max_bytes={max_bytes} bytes"
        )
    try:
        return json.loads(text)
    except Exception as error:  # bad JSON or UTF-8, nesting too deep, an int too long
        raise SerializationError(f"not a Karibou Camp {what}: {_clip(str(error))}") from error


def _structure(value: object, cls: Any, what: str) -> Any:
    try:
        return _CONVERTER.structure(value, cls)
    except cattrs.BaseValidationError as error:
        problems = cattrs.transform_error(error, format_exception=_describe)
        where = "; ".join(problems[:_MAX_ERRORS])
        more = len(problems) - _MAX_ERRORS + _unread(error)
        where += f"; and {more} more" if more > 0 else ""
        raise SerializationError(f"not a Karibou Camp {what}: {where}") from error
    except Exception as error:
        raise SerializationError(f"not a Karibou Camp {what}: {_clip(str(error))}") from error


def _checked(loaded: _T, what: str, check: Callable[[_T], None]) -> _T:
    try:
        check(loaded)
    except Exception as error:
        raise SerializationError(f"not a Karibou Camp {what}: {_clip(str(error))}") from error
    return loaded


def _load(text: str | bytes, max_bytes: int, key: str, cls: type[_T]) -> _T:
    document = _parse(text, max_bytes, key)
    if not isinstance(document, dict) or set(document) != {"format", key}:
        raise SerializationError(
            f'not a Karibou Camp {key}: expected an object with "format" and "{key}"'
        )
    body = document[key]
    if document["format"] == _FORMAT_1 and isinstance(body, dict) and "version" not in body:
        rounds, chance = body.get("round_results"), body.get("chance")
        lowest = len(rounds) if isinstance(rounds, list) else 0
        if type(chance) is int:  # a version step has at most two chance events (KC-17)
            lowest = max(lowest, chance // 2)
        body = {**body, "version": lowest}
    elif document["format"] not in (FORMAT, _FORMAT_2):
        raise SerializationError(f"not a Karibou Camp {key}: unknown format "
                                 f"{quote(document['format'])}, expected {FORMAT!r}")  # fmt: skip
    loaded: _T = _structure(body, cls, key)
    return loaded


def loads(text: str | bytes, *, max_bytes: int = MAX_BYTES) -> State:
    """Read a state written by :func:`dumps`, checking that the rules can reach it.

    Args:
        text: The JSON, as text or UTF-8 bytes.
        max_bytes: Larger input is refused without being read.

    Raises:
        SerializationError: The text is too large, malformed or describes an impossible
            state.
    """
    return _checked(_load(text, max_bytes, "state", State), "state", check_state)


def loads_view(text: str | bytes, *, max_bytes: int = MAX_BYTES) -> View:
    """Read a view written by :func:`dumps`.

    Args:
        text: The JSON, as text or UTF-8 bytes.
        max_bytes: Larger input is refused without being read.

    Raises:
        SerializationError: The text is too large, malformed or is not a possible view.
    """
    return _checked(_load(text, max_bytes, "view", View), "view", check_view)


def loads_action(text: str | bytes, *, max_bytes: int = MAX_BYTES) -> Action:
    """Read an action written by :func:`dumps` (a client's move, say), alone or in the
    envelope (``{"format": "karibou/3", "action": {...}}``).

    The action is not checked against any state: :meth:`State.apply` does that. Its
    fields must be ones some game can hold: seats 0 to 6, a species where the Scout
    cannot be, an exchange of two species, noticers other than the signer.

    Args:
        text: The JSON, as text or UTF-8 bytes.
        max_bytes: Larger input is refused without being read.

    Raises:
        SerializationError: The text is too large, malformed, names no action kind, or
            has fields of the wrong type or out of range.
    """
    document = _parse(text, max_bytes, "action")
    if isinstance(document, dict) and "format" in document:
        document = unwrap(document, "action")
    if not isinstance(document, dict):
        raise SerializationError('not a Karibou Camp action: expected an object with "type"')
    action: Action = _structure(document, Action, "action")
    return _checked(action, "action", check_action)
