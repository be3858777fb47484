"""JSON for states and views (cattrs), with the refusal of anything malformed or impossible.

>>> from campers_rules._setup import new_game
>>> state = new_game(3, seed=5)
>>> loads(dumps(state)) == state
True
>>> loads('{"game": "unhappy-campers"}')
Traceback (most recent call last):
...
campers_rules._errors.SerializationError: not an Unhappy Campers state: ...
"""

from __future__ import annotations

import json
from typing import Any, get_origin

import attrs
import cattrs
from cattrs.strategies import configure_tagged_union

from campers_rules import _actions, _pending, _results, _state, _view
from campers_rules._actions import Action, Request
from campers_rules._cards import Card
from campers_rules._catalogue import Campsite, parse_campsite
from campers_rules._config import Config
from campers_rules._errors import SerializationError
from campers_rules._groups import Group, Placed
from campers_rules._pending import Deniable, Pending
from campers_rules._state import State
from campers_rules._validate import problem
from campers_rules._view import View

GAME = "unhappy-campers"
VERSION = 1


def _strict(kind: type[Any]) -> Any:
    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise SerializationError(f"expected {kind.__name__}, got {value!r}")
        return value

    return structure


def _text(parse: Any) -> Any:
    def structure(value: Any, _: Any) -> Any:
        if type(value) is not str:
            raise SerializationError(f"expected text, got {value!r}")
        return parse(value)

    return structure


def _campsite(value: Any, _: Any) -> Campsite:
    if not isinstance(value, dict) or set(value) != {"id", "face", "provisional"}:
        raise SerializationError(f"not a campsite: {value!r}")
    if type(value["provisional"]) is not bool or type(value["id"]) is not str:
        raise SerializationError(f"not a campsite: {value!r}")
    if type(value["face"]) is not str:
        raise SerializationError(f"not a campsite: {value!r}")
    return parse_campsite(value["face"], value["id"], value["provisional"])


def _frozenset(value: Any, _: Any) -> frozenset[int]:
    if not isinstance(value, list) or any(type(v) is not int for v in value):
        raise SerializationError(f"expected a list of seats, got {value!r}")
    return frozenset(value)


def _is_frozenset(kind: Any) -> bool:
    return kind is frozenset or get_origin(kind) is frozenset


def _make_converter() -> cattrs.Converter:
    for module in (_actions, _pending, _results, _state, _view):
        for obj in vars(module).values():
            if isinstance(obj, type) and attrs.has(obj):
                attrs.resolve_types(obj)
    attrs.resolve_types(Config)
    conv = cattrs.Converter(forbid_extra_keys=True)
    for kind in (int, bool, str):
        conv.register_structure_hook(kind, _strict(kind))
    conv.register_unstructure_hook(Card, str)
    conv.register_structure_hook(Card, _text(Card.parse))
    conv.register_unstructure_hook(Placed, str)
    conv.register_structure_hook(Placed, _text(Placed.parse))
    conv.register_unstructure_hook(Group, str)
    conv.register_structure_hook(Group, _text(Group.parse))
    conv.register_unstructure_hook(Request, str)
    conv.register_structure_hook(Request, _text(Request.parse))
    conv.register_unstructure_hook(
        Campsite, lambda c: {"id": c.id, "face": str(c), "provisional": c.provisional}
    )
    conv.register_structure_hook(Campsite, _campsite)
    conv.register_unstructure_hook_func(_is_frozenset, sorted)
    conv.register_structure_hook_func(_is_frozenset, _frozenset)
    configure_tagged_union(Deniable, conv, tag_name="type")
    configure_tagged_union(Action, conv, tag_name="type")
    configure_tagged_union(Pending, conv, tag_name="type")
    return conv


CONVERTER = _make_converter()
"""The cattrs converter for every type of the engine."""


def dumps(obj: State | View) -> str:
    """A state or a view as JSON text.

    Raises:
        SerializationError: ``obj`` is neither a :class:`State` nor a :class:`View`.
    """
    if not isinstance(obj, State | View):
        raise SerializationError(f"dumps takes a State or a View, not {type(obj).__name__}")
    kind = "state" if isinstance(obj, State) else "view"
    data = CONVERTER.unstructure(obj)
    return json.dumps({"game": GAME, "version": VERSION, "kind": kind, "data": data})


def _envelope(text: str | bytes, kind: str) -> Any:
    try:
        document = json.loads(text)
    except (ValueError, TypeError, RecursionError) as error:
        raise SerializationError(f"not JSON: {error}") from None
    if (
        not isinstance(document, dict)
        or document.get("game") != GAME
        or document.get("kind") != kind
        or set(document) != {"game", "version", "kind", "data"}
    ):
        raise SerializationError(f"not an Unhappy Campers {kind}: {str(text)[:80]!r}")
    if document["version"] != VERSION:
        raise SerializationError(f"unknown version {document['version']!r}")
    return document["data"]


def loads(text: str | bytes) -> State:
    """A state from JSON text, refusing anything malformed or impossible.

    Raises:
        SerializationError: Bad JSON, a wrong shape, or a state the rules cannot reach
            (cards or campsites not conserved, an invalid group, a card in two places...).
    """
    data = _envelope(text, "state")
    try:
        state = CONVERTER.structure(data, State)
    except SerializationError:
        raise
    except Exception as error:  # cattrs wraps every structuring failure differently
        raise SerializationError(f"malformed state: {_first(error)}") from None
    try:
        reason = problem(state)
    except Exception as error:  # a well-typed but absurd value (bad index...)
        raise SerializationError(f"impossible state: {error!r}") from None
    if reason is not None:
        raise SerializationError(f"impossible state: {reason}")
    return state


def loads_view(text: str | bytes) -> View:
    """A view from JSON text (shape checks only: a view cannot be checked for conservation).

    Raises:
        SerializationError: Bad JSON or a wrong shape.
    """
    data = _envelope(text, "view")
    try:
        return CONVERTER.structure(data, View)
    except SerializationError:
        raise
    except Exception as error:  # cattrs wraps every structuring failure differently
        raise SerializationError(f"malformed view: {_first(error)}") from None


def _first(error: BaseException) -> str:
    if isinstance(error, cattrs.BaseValidationError) and error.exceptions:
        return _first(error.exceptions[0])
    return str(error) or type(error).__name__
