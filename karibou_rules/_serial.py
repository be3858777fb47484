"""JSON for states and views, through cattrs.

``loads`` reads untrusted text: anything malformed, or any state the rules cannot reach,
raises :class:`SerializationError` and nothing else.

>>> from karibou_rules import new_game
>>> state = new_game(players=3, seed=1)
>>> loads(dumps(state)) == state
True
>>> loads_view(dumps(state.view(0))) == state.view(0)
True
>>> loads('{"format": "karibou/1", "state": {}}')
Traceback (most recent call last):
...
karibou_rules._errors.SerializationError: not a Karibou Camp state: ...
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TypeVar, get_origin

import cattrs

from karibou_rules._cards import Card, Team, Tile, parse_tile
from karibou_rules._errors import SerializationError
from karibou_rules._state import State
from karibou_rules._validate import check_state, check_view
from karibou_rules._view import View

FORMAT = "karibou/1"
"""The format tag written into every document."""

_T = TypeVar("_T")


def _strict_int(value: object, _: object) -> int:
    if type(value) is not int:
        raise TypeError(f"expected an integer, got {value!r}")
    return value


def _text(value: object) -> str:
    if type(value) is not str:
        raise TypeError(f"expected a string, got {value!r}")
    return value


def _seats(value: object, _: object) -> frozenset[int]:
    if type(value) is not list:
        raise TypeError(f"expected a list of seats, got {value!r}")
    seats = frozenset(_strict_int(seat, None) for seat in value)
    if len(seats) != len(value):
        raise ValueError(f"a seat is listed twice in {value!r}")
    return seats


def _describe(error: BaseException, _: object) -> str:
    if isinstance(error, KeyError):
        return "required field missing"
    return str(error) or type(error).__name__


def _is_frozenset(cls: object) -> bool:
    return cls is frozenset or get_origin(cls) is frozenset


def _make_converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_structure_hook(int, _strict_int)
    converter.register_unstructure_hook(Card, str)
    converter.register_structure_hook(Card, lambda value, _: Card.parse(_text(value)))
    converter.register_unstructure_hook(Team, str)
    converter.register_structure_hook(Team, lambda value, _: Team.parse(_text(value)))
    converter.register_unstructure_hook(Tile, str)
    converter.register_structure_hook(Tile, lambda value, _: parse_tile(_text(value)))
    converter.register_unstructure_hook_func(_is_frozenset, sorted)
    converter.register_structure_hook_func(_is_frozenset, _seats)  # every set holds seats
    return converter


_CONVERTER = _make_converter()


def dumps(obj: State | View) -> str:
    """The JSON text of a state or a view.

    Raises:
        SerializationError: ``obj`` is neither a :class:`State` nor a :class:`View`.
    """
    if not isinstance(obj, State | View):
        raise SerializationError(f"dumps takes a State or a View, not {type(obj).__name__}")
    key = "state" if isinstance(obj, State) else "view"
    document = {"format": FORMAT, key: _CONVERTER.unstructure(obj)}
    return json.dumps(document, separators=(",", ":"))


def _load(text: str, key: str, cls: type[_T]) -> _T:
    try:
        document = json.loads(text)
        if not isinstance(document, dict) or set(document) != {"format", key}:
            raise ValueError(f'expected an object with "format" and "{key}"')
        if document["format"] != FORMAT:
            raise ValueError(f"unknown format {document['format']!r}, expected {FORMAT!r}")
        return _CONVERTER.structure(document[key], cls)
    except cattrs.BaseValidationError as error:
        where = "; ".join(cattrs.transform_error(error, format_exception=_describe))
        raise SerializationError(f"not a Karibou Camp {key}: {where}") from error
    except Exception as error:
        raise SerializationError(f"not a Karibou Camp {key}: {error}") from error


def _checked(text: str, key: str, cls: type[_T], check: Callable[[_T], None]) -> _T:
    loaded = _load(text, key, cls)
    try:
        check(loaded)
    except Exception as error:
        raise SerializationError(f"not a Karibou Camp {key}: {error}") from error
    return loaded


def loads(text: str) -> State:
    """Read a state written by :func:`dumps`, checking that the rules can reach it.

    Raises:
        SerializationError: The text is malformed or describes an impossible state.
    """
    return _checked(text, "state", State, check_state)


def loads_view(text: str) -> View:
    """Read a view written by :func:`dumps`.

    Raises:
        SerializationError: The text is malformed or is not a possible view.
    """
    return _checked(text, "view", View, check_view)
