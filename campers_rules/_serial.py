"""JSON for states, views and actions (cattrs), refusing anything malformed or impossible.

A state or view document is the envelope both packages share: ``{"format": "campers/4",
"state": {...}}`` (or ``"view"``), a format tag and the payload, whose ``version`` is the
state version (UC-32). The payload names every campsite by its printed id (``"c10"``) and
always holds the turn player's build (``building``, ``build_step``). The documents of the
envelope before it, ``{"game": "unhappy-campers", "version": F, "kind", "data"}`` whose
``version`` was the document format ``F`` (1: campsites as catalogue indexes, no state
version; 2: ids; 3: with a build), are still read. An action is its tagged dict alone
(the payload); :func:`loads_action` also reads it enveloped, ``{"format", "action"}``:

>>> from campers_rules._setup import new_game
>>> from campers_rules._actions import Draw
>>> state = new_game(3, seed=5)
>>> loads(dumps(state)) == state
True
>>> dumps(Draw(1, 2))
'{"type": "Draw", "player": 1, "count": 2}'
>>> loads_action('{"type": "Draw", "player": 1, "count": 2}')
Draw(player=1, count=2)
>>> loads('{"format": "campers/4"}')
Traceback (most recent call last):
...
campers_rules.SerializationError: not an Unhappy Campers state: ...
"""

from __future__ import annotations

import json
import operator
from collections.abc import Callable, Collection
from enum import Enum
from types import NoneType, UnionType
from typing import Any, Literal, Union, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override
from cattrs.strategies import configure_tagged_union

from campers_rules import _actions, _pending, _results, _state
from campers_rules._actions import (
    Action,
    AddCard,
    AddGroup,
    BearAttack,
    Claim,
    Rearrange,
    Request,
    Squat,
    StartClaim,
    StartGroup,
    StartSite,
    Step,
    SwapWild,
    campsite_id,
    campsite_index,
)
from campers_rules._board import MAX_PLAYERS
from campers_rules._builds import building_problem
from campers_rules._cards import Card
from campers_rules._catalogue import Campsite, parse_campsite
from campers_rules._checks import shape_problem
from campers_rules._config import Config
from campers_rules._errors import CampersError, SerializationError, quote
from campers_rules._events import Event, event_json
from campers_rules._groups import Group, Placed
from campers_rules._pending import Deniable, Pending, RepairChoice
from campers_rules._results import RoundResult
from campers_rules._state import Site, State, View, shadow
from campers_rules._validate import problem, view_problem
from campers_rules.solver import Backend

GAME = "campers"
"""The game's name in a format tag, a record and an offer."""
FORMAT = f"{GAME}/4"
"""The format tag of every document :func:`dumps` writes (the envelope's ``"format"``)."""
_OLD_GAME = "unhappy-campers"
"""The ``"game"`` of a document of the envelope before :data:`FORMAT`."""
OLD_FORMAT = 2
"""The old envelope's format of a document with no build step taken at its version."""
BUILD_FORMAT = 3
"""The old envelope's format of a document with an open build or build steps taken at its
version: format 2, a ``"building"`` list and a ``"build_step"`` count (a document without
the count, as written before it was saved, counts its build's steps)."""
MAX_BYTES = 1 << 20
"""The longest document (in bytes, 1 MiB) the loaders read by default; longer is refused."""
NATIVE_ONLY: tuple[Backend, ...] = ("native",)
"""The solver backends a loaded document may name by default: z3 is the caller's choice."""
_PREFIX = 60
"""Characters of a refused input that an error message quotes."""


def _short(value: object) -> str:
    """A value for an error message: its repr, cut to a short prefix."""
    text = repr(value)
    return text if len(text) <= _PREFIX else text[:_PREFIX] + "..."


def _strict(kind: type[Any]) -> Any:
    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise SerializationError(f"expected {kind.__name__}, got {_short(value)}")
        return value

    return structure


def _writes_only(kind: type[Any], write: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """An unstructure hook that writes only a value of exactly ``kind``, so that
    :func:`dumps` refuses a hand-built field :func:`loads` would call malformed."""

    def unstructure(value: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, got {_short(value)}")
        return write(value)

    return unstructure


def _same(value: Any) -> Any:
    return value


def _is_literal(kind: Any) -> bool:
    return get_origin(kind) is Literal


def _is_enum(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, Enum)


def _literal(kind: Any) -> Callable[[Any], Any]:
    """The unstructure hook of a ``Literal`` type: one of its values, as it is."""
    values = get_args(kind)

    def unstructure(value: Any) -> Any:
        if type(value) is not str or value not in values:
            raise TypeError(f"expected one of {values}, got {_short(value)}")
        return value

    return unstructure


def _text(parse: Any) -> Any:
    def structure(value: Any, _: Any) -> Any:
        if type(value) is not str:
            raise SerializationError(f"expected text, got {_short(value)}")
        return parse(value)

    return structure


def _campsite(value: Any, _: Any) -> Campsite:
    if not isinstance(value, dict) or set(value) != {"id", "face", "provisional"}:
        raise SerializationError(f"not a campsite: {_short(value)}")
    if type(value["provisional"]) is not bool or type(value["id"]) is not str:
        raise SerializationError(f"not a campsite: {_short(value)}")
    if type(value["face"]) is not str:
        raise SerializationError(f"not a campsite: {_short(value)}")
    return parse_campsite(value["face"], value["id"], value["provisional"])


def _frozenset(value: Any, _: Any) -> frozenset[int]:
    if not isinstance(value, list) or any(type(v) is not int for v in value):
        raise SerializationError(f"expected a list of seats, got {_short(value)}")
    return frozenset(value)


def _sorted_seats(value: Any) -> list[int]:
    """A set of seats as its sorted list (only a frozenset of ints is one)."""
    if type(value) is not frozenset or any(type(seat) is not int for seat in value):
        raise TypeError(f"expected a set of seats, got {_short(value)}")
    return sorted(value)


def _is_frozenset(kind: Any) -> bool:
    return kind is frozenset or get_origin(kind) is frozenset


# ----------------------------------------------------------------------------- campsite ids


def _site(value: Any, _: Any = None) -> int:
    if type(value) is not str:
        raise SerializationError(f"expected a campsite id c01..c15, got {_short(value)}")
    try:
        return campsite_index(value)
    except CampersError:
        raise SerializationError(f"expected a campsite id c01..c15, got {_short(value)}") from None


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise SerializationError(f"expected a list, got {_short(value)}")
    return value


def _sites(value: Any, _: Any = None) -> tuple[int, ...]:
    return tuple(_site(v) for v in _list(value))


def _site_rows(value: Any, _: Any = None) -> tuple[tuple[int, ...], ...]:
    return tuple(_sites(row) for row in _list(value))


def _ids(sites: tuple[int, ...]) -> list[str]:
    return [campsite_id(s) for s in sites]


def _id_rows(rows: tuple[tuple[int, ...], ...]) -> list[list[str]]:
    return [_ids(row) for row in rows]


def _id_fields(conv: cattrs.Converter, outer: bool) -> None:
    """Format 2: every field that holds a campsite index reads and writes its id.

    The classes inside the tagged unions first (``outer=False``), the state and the view,
    which hold the unions, once those are configured.
    """
    one = override(unstruct_hook=campsite_id, struct_hook=_site)
    many = override(unstruct_hook=_ids, struct_hook=_sites)
    rows = override(unstruct_hook=_id_rows, struct_hook=_site_rows)

    def layout_out(layout: tuple[tuple[int, tuple[Group, ...]], ...]) -> list[Any]:
        return [[campsite_id(site), [str(g) for g in groups]] for site, groups in layout]

    def layout_in(value: Any, _: Any) -> tuple[tuple[int, tuple[Group, ...]], ...]:
        out = []
        for part in _list(value):
            if not isinstance(part, list) or len(part) != 2:
                raise SerializationError(f"expected [campsite, groups], got {_short(part)}")
            out.append((_site(part[0]), conv.structure(part[1], tuple[Group, ...])))
        return tuple(out)

    layout = override(unstruct_hook=layout_out, struct_hook=layout_in)
    inner: dict[type[Any], dict[str, Any]] = {
        Claim: {"campsite": one},
        AddCard: {"campsite": one},
        AddGroup: {"campsite": one},
        Squat: {"campsite": one},
        SwapWild: {"campsite": one},
        BearAttack: {"campsite": one},
        Rearrange: {"layout": layout},
        Site: {"campsite": one},
        RepairChoice: {"campsite": one},
        RoundResult: {"kept": rows},
        StartClaim: {"campsite": one},
        StartGroup: {"campsite": one},
        StartSite: {"campsite": one},
    }
    holders: dict[type[Any], dict[str, Any]] = {
        State: {"campground": many, "pile": many, "kept": rows, "build_options": _UNSAVED},
        View: {"campground": many, "kept": rows},
    }
    for cls, named in (holders if outer else inner).items():
        conv.register_unstructure_hook(cls, make_dict_unstructure_fn(cls, conv, **named))
        conv.register_structure_hook(
            cls, make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=True, **named)
        )


_UNSAVED = override(omit=True)
"""A field no document holds: ``State.build_options``, derived from the rest."""

Move = Action | Step
"""An action or a build step: what an action document holds."""


def _is_optional(kind: Any) -> bool:
    return get_origin(kind) in (Union, UnionType) and NoneType in get_args(kind)


def _optional(conv: cattrs.Converter) -> Callable[[Any], Callable[[Any], Any]]:
    """The unstructure hooks of ``X | None`` types: None, or a value of one of the
    members, written by its own hook (cattrs would write a value of any other type as it
    is). A pending decision is written untagged, as cattrs writes it: loads tells them
    apart by their fields."""

    def factory(kind: Any) -> Callable[[Any], Any]:
        members = {get_origin(member) or member: member for member in get_args(kind)}
        names = " | ".join(getattr(member, "__name__", str(member)) for member in members)

        def unstructure(value: Any) -> Any:
            member = members.get(type(value))
            if member is None:
                raise TypeError(f"expected {names}, got {_short(value)}")
            return None if value is None else conv.unstructure(value, member)

        return unstructure

    return factory


def _is_items(kind: Any) -> bool:
    return get_origin(kind) is tuple and get_args(kind)[1:] == (Ellipsis,)


def _items(conv: cattrs.Converter) -> Callable[[Any, Any], tuple[Any, ...]]:
    """A ``tuple[X, ...]`` structure hook that stops at the first bad item: cattrs's own
    raises one error per item, seconds for a long list of bad items."""

    def structure(value: Any, kind: Any) -> tuple[Any, ...]:
        item = get_args(kind)[0]
        convert = conv.get_structure_hook(item)
        items = []
        for index, element in enumerate(value):
            try:
                items.append(convert(element, item))
            except Exception as error:  # cattrs reports what failed, as for its own hook
                error.__notes__ = [*getattr(error, "__notes__", []), IterableValidationNote(
                    f"Structuring {kind} @ index {index}", index, item)]
                raise IterableValidationError(
                    f"While structuring {kind!r}", [error], kind) from None
        return tuple(items)

    return structure


def _make_converter(ids: bool) -> cattrs.Converter:
    for module in (_actions, _pending, _results, _state):
        for obj in vars(module).values():
            if isinstance(obj, type) and attrs.has(obj):
                attrs.resolve_types(obj)
    attrs.resolve_types(Config)
    conv = cattrs.Converter(forbid_extra_keys=True)
    for kind in (int, bool, str):
        conv.register_unstructure_hook(kind, _writes_only(kind, _same))
        conv.register_structure_hook(kind, _strict(kind))
    conv.register_unstructure_hook_factory(_is_literal, _literal)
    conv.register_unstructure_hook_factory(
        _is_enum, lambda kind: _writes_only(kind, operator.attrgetter("value")))
    for text_kind in (Card, Placed, Group, Request):
        conv.register_unstructure_hook(text_kind, _writes_only(text_kind, str))
        conv.register_structure_hook(text_kind, _text(text_kind.parse))
    conv.register_unstructure_hook(
        Campsite, lambda c: {"id": c.id, "face": str(c), "provisional": c.provisional}
    )
    conv.register_structure_hook(Campsite, _campsite)
    # a default deadline is not written: documents from before the field stay the same
    conv.register_unstructure_hook(Config, make_dict_unstructure_fn(
        Config, conv, z3_deadline_ms=override(omit_if_default=True)))
    conv.register_unstructure_hook_func(_is_frozenset, _sorted_seats)
    conv.register_structure_hook_func(_is_frozenset, _frozenset)
    conv.register_structure_hook_func(_is_items, _items(conv))
    if ids:
        _id_fields(conv, outer=False)
    configure_tagged_union(Deniable, conv, tag_name="type")
    configure_tagged_union(Move, conv, tag_name="type")
    configure_tagged_union(Pending, conv, tag_name="type")
    conv.register_unstructure_hook_factory(_is_optional, _optional(conv))
    if ids:
        _id_fields(conv, outer=True)
    else:
        conv.register_structure_hook(State, make_dict_structure_fn(
            State, conv, _cattrs_forbid_extra_keys=True, build_options=_UNSAVED))
    return conv


CONVERTER = _make_converter(ids=True)
"""The cattrs converter of the current format (campsites by id)."""
_FORMAT_1 = _make_converter(ids=False)
"""The converter of format 1 documents (campsites by catalogue index), for reading only."""
_CONVERTERS = {1: _FORMAT_1, OLD_FORMAT: CONVERTER, BUILD_FORMAT: CONVERTER}

_ACTIONS: tuple[type[Any], ...] = tuple(
    cls for cls in vars(_actions).values() if isinstance(cls, type) and cls in Move.__args__
)
"""Every action and build step class."""


def dumps(obj: State | View | Action | Step | Event) -> str:
    """A state or a view as a JSON document, an action as its tagged JSON dict, or an
    event (:func:`seat_events`) as its JSON object (read back by :func:`loads_event`).

    A state or view is written in the envelope ``{"format": "campers/4", "state": {...}}``
    (``"view"`` for a view), its payload holding the state ``version``.

    Raises:
        SerializationError: ``obj`` is neither a :class:`State`, a :class:`View` nor an
            action, or an action that :func:`loads_action` would refuse (a field of the
            wrong type, a seat or number out of its range); the message names the field.
            Or a state or view (a hand-built or ``attrs.evolve``'d one) holding,
            anywhere in it, a value of another type than its field's (a ``None`` for a
            bool, a bool for an int, a text for a card...) or one JSON cannot write (an
            int too long to print); the message names the field. A well-typed but
            impossible state is written: :func:`loads` is where the rules check a
            document.
    """
    if isinstance(obj, Event):
        return event_json(obj)
    if type(obj) in _ACTIONS:
        shape = shape_problem(obj)
        reason = shape[1] if shape is not None else _action_problem(obj)
        if reason is not None:
            raise SerializationError(f"not an action to write: {reason}")
        data = CONVERTER.unstructure(obj, Move)
        return json.dumps({"type": data.pop("type"), **data})
    if not isinstance(obj, State | View):
        raise SerializationError(
            f"dumps takes a State, a View or an action, not {type(obj).__name__}"
        )
    kind = "state" if isinstance(obj, State) else "view"
    try:
        return json.dumps({"format": FORMAT, kind: payload(obj)})
    except Exception as error:  # a hand-built field: no Phase, an int too long to print...
        reason = str(error) or type(error).__name__
        raise SerializationError(f"not a {kind} to write: {_unwritten(obj)}"
                                 f"{reason[:2 * _PREFIX]}") from None


def payload(obj: State | View) -> dict[str, Any]:
    """The JSON-ready payload of a state's or a view's document (what the envelope holds
    under ``"state"`` or ``"view"``)."""
    data: dict[str, Any] = CONVERTER.unstructure(obj)
    return data


def _unwritten(obj: State | View) -> str:
    """The first field of a state or view that cannot be written, for a message."""
    for field in attrs.fields(type(obj)):
        try:
            json.dumps(CONVERTER.unstructure(getattr(obj, field.name), field.type))
        except Exception:  # what dumps met: the field is named, dumps gives the reason
            return f"its {field.name}: "
    return ""


def _json(text: str | bytes, max_bytes: int) -> Any:
    """The JSON value of a text no longer than ``max_bytes`` bytes."""
    if not isinstance(text, str | bytes):
        raise SerializationError(f"expected JSON text, got {type(text).__name__}")
    if type(max_bytes) is not int or max_bytes < 0:
        raise SerializationError(f"max_bytes must be a count of bytes, not {quote(max_bytes)}")
    size = len(text) if isinstance(text, bytes) else len(text.encode("utf-8", "replace"))
    if len(text) > max_bytes or size > max_bytes:
        raise SerializationError(f"a document of {size} bytes exceeds {max_bytes}")
    try:
        return json.loads(text)
    except (ValueError, TypeError, RecursionError) as error:
        raise SerializationError(f"not JSON: {_short(str(error))}") from None


def _envelope(text: str | bytes, kind: str, max_bytes: int) -> tuple[cattrs.Converter, Any]:
    """The converter and the payload of a state or view document (``kind``), in the
    envelope or the old one."""
    document = _json(text, max_bytes)
    if not (isinstance(document, dict) and "format" in document):
        return _old_envelope(document, kind, text)
    data = unwrap(document, kind, text)
    if isinstance(data, dict) and not set(data) >= _ALWAYS:
        missing = ", ".join(sorted(_ALWAYS - set(data)))
        raise SerializationError(f"malformed {kind}: missing key {missing}")
    return CONVERTER, data


_ALWAYS = frozenset({"version", "building", "build_step"})
"""The keys of a payload that have defaults in the classes but no default in a document."""


def unwrap(document: Any, kind: str, text: object = "") -> Any:
    """The payload of an enveloped document of this ``kind`` (``"state"``, ``"view"``,
    ``"action"`` or ``"record"``): ``document[kind]``, once its format tag is checked.

    Raises:
        SerializationError: Not ``{"format": FORMAT, kind: ...}``.
    """
    if not isinstance(document, dict) or set(document) != {"format", kind}:
        shown = _short(text[:_PREFIX] if isinstance(text, str | bytes) else document)
        raise SerializationError(f'not an Unhappy Campers {kind}: expected an object with '
                                 f'"format" and "{kind}", got {shown}')
    if document["format"] != FORMAT:
        raise SerializationError(f"not an Unhappy Campers {kind}: unknown format "
                                 f"{_short(document['format'])}, expected {FORMAT!r}")
    return document[kind]


def _old_envelope(document: Any, kind: str, text: str | bytes) -> tuple[cattrs.Converter, Any]:
    """The converter and the payload of a document of the old envelope (formats 1 to 3)."""
    if (
        not isinstance(document, dict)
        or document.get("game") != _OLD_GAME
        or document.get("kind") != kind
        or set(document) != {"game", "version", "kind", "data"}
    ):
        raise SerializationError(f"not an Unhappy Campers {kind}: {_short(text[:_PREFIX])}")
    form = document["version"]
    if type(form) is not int or form not in _CONVERTERS:
        raise SerializationError(f"unknown format version {_short(form)}")
    data = document["data"]
    if form == 1 and isinstance(data, dict) and "version" not in data:
        data = {**data, "version": 0}  # format 1 had no state versions (UC-32)
    if isinstance(data, dict) and form != BUILD_FORMAT and (
            "building" in data or "build_step" in data):
        raise SerializationError(f"format {form} has no build")
    if form == BUILD_FORMAT:
        data = _build_fields(data)
    return _CONVERTERS[form], data


def _build_fields(data: Any) -> Any:
    """A format 3 document's data, its build step count filled in for a document written
    before it was saved (it counted the open build's steps alone)."""
    if not isinstance(data, dict) or not isinstance(data.get("building"), list):
        raise SerializationError("a format 3 document holds a build (a list of step ids)")
    if "build_step" not in data:
        if not data["building"]:
            raise SerializationError("a format 3 document without a build step count holds "
                                     "a non-empty build")
        data = {**data, "build_step": len(data["building"])}
    if not data["building"] and data["build_step"] == 0:
        raise SerializationError("a format 3 document holds a build or build steps taken")
    return data


def _structure(conv: cattrs.Converter, data: Any, kind: type[Any], what: str) -> Any:
    try:
        return conv.structure(data, kind)
    except SerializationError:
        raise
    except Exception as error:  # cattrs wraps every structuring failure differently
        raise SerializationError(f"malformed {what}: {_first(error)}") from None


def loads(
    text: str | bytes,
    *,
    max_bytes: int = MAX_BYTES,
    backends: Collection[str] = NATIVE_ONLY,
) -> State:
    """A state from JSON text, refusing anything malformed or impossible.

    Args:
        text: The document (the envelope, or the old one's formats 1, 2 and 3).
        max_bytes: The longest document accepted (default :data:`MAX_BYTES`).
        backends: The solver backends the document may name in its config. The caller
            decides whether a stored game may start the z3 solver: pass
            ``("native", "z3")`` to allow it.

    Raises:
        SerializationError: Bad JSON, a wrong shape, a value beyond its documented bound,
            or a state the rules cannot reach (cards or campsites not conserved, an invalid
            group, scores the round results do not add up to...).
    """
    conv, data = _envelope(text, "state", max_bytes)
    state: State = _structure(conv, data, State, "state")
    _check_loaded(
        state.config, backends, lambda: problem(state) or building_problem(state), "state")
    return state


def loads_view(
    text: str | bytes,
    *,
    max_bytes: int = MAX_BYTES,
    backends: Collection[str] = NATIVE_ONLY,
) -> View:
    """A view from JSON text, refusing a malformed or inconsistent one.

    A view cannot be checked for the conservation of hidden cards, but what it shows is
    checked: seats, sizes, the 126 cards it can see and the 15 campsites, groups, scores
    against round results and the decision it waits on (see :func:`loads` for the
    arguments).

    Raises:
        SerializationError: Bad JSON, a wrong shape, or a view no state gives.
    """
    conv, data = _envelope(text, "view", max_bytes)
    view: View = _structure(conv, data, View, "view")
    _check_loaded(view.config, backends, lambda: view_problem(view) or _view_build(view), "view")
    return view


def _view_build(view: View) -> str | None:
    """Why a view's open build is impossible: only the builder's own view shows it."""
    if (view.building or view.build_step) and view.player != view.turn:
        return "a view shows only its own seat's build"
    return building_problem(shadow(view))


def _check_loaded(
    config: Config, backends: Collection[str], problem_of: Callable[[], str | None], what: str
) -> None:
    """Refuse a loaded document whose backend the caller does not allow, or that the rules
    cannot reach (``problem_of`` gives the reason, or ``None``)."""
    if isinstance(backends, str) or not (
            isinstance(backends, Collection) and all(type(b) is str for b in backends)):
        raise SerializationError(f"backends must be a collection of backend names, not "
                                 f"{quote(backends)}")
    if config.backend not in backends:
        raise SerializationError(
            f"the document asks for the {config.backend!r} solver backend, which the"
            f" caller does not allow (backends={tuple(backends)!r})"
        )
    try:
        reason = problem_of()
    except Exception as error:  # a well-typed but absurd value (bad index...)
        raise SerializationError(f"impossible {what}: {_short(error)}") from None
    if reason is not None:
        raise SerializationError(f"impossible {what}: {reason}")


_SEAT_FIELDS = frozenset({"player", "owner", "target"})
_BOUNDS: dict[str, tuple[int, int]] = {
    "count": (1, 2),
    "depth": (0, 4),
    "group": (0, 126),
    "campsite": (0, 14),
}
"""Ranges of the other int fields: beyond them no action can be formed."""


def _action_problem(action: Any) -> str | None:
    for field in attrs.fields(type(action)):
        value = getattr(action, field.name)
        if type(value) is not int:
            continue
        low, high = (0, MAX_PLAYERS - 1) if field.name in _SEAT_FIELDS else _BOUNDS[field.name]
        if not low <= value <= high:
            return f"{field.name} {quote(value)} is not from {low} to {high}"
    return None


def loads_action(text: str | bytes, *, max_bytes: int = MAX_BYTES) -> Action | Step:
    """An action or a build step from its JSON (``dumps(action)``): a dict tagged by
    ``"type"``, alone or in the envelope (``{"format": "campers/4", "action": {...}}``).

    Raises:
        SerializationError: Not JSON, an unknown type, a missing or extra key, a value of
            the wrong type (a bool for an int too), unreadable card or group text, an
            unknown campsite id, or a seat or number out of its range (seats 0..5).
    """
    data = _json(text, max_bytes)
    if isinstance(data, dict) and "format" in data:
        data = unwrap(data, "action", text)
    if not isinstance(data, dict) or type(data.get("type")) is not str:
        raise SerializationError(f"not an Unhappy Campers action: {_short(data)}")
    if data["type"] not in {cls.__name__ for cls in _ACTIONS}:
        raise SerializationError(f"unknown action type {_short(data['type'])}")
    action: Action | Step = _structure(CONVERTER, data, Move, "action")  # type: ignore[arg-type]
    reason = _action_problem(action)
    if reason is not None:
        raise SerializationError(f"not an action: {reason}")
    return action


def _first(error: BaseException) -> str:
    if isinstance(error, cattrs.BaseValidationError) and error.exceptions:
        return _first(error.exceptions[0])
    if isinstance(error, KeyError):
        return f"missing key {_short(error.args[0] if error.args else '')}"
    text = str(error) or type(error).__name__
    return text if len(text) <= _PREFIX else text[:_PREFIX] + "..."

