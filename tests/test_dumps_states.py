"""``dumps`` of a state or view writes only documents ``loads`` can read (embedding contract).

A hand-built or ``attrs.evolve``'d state may hold a value of no field's type anywhere in
it (short of the inside of an object written as its text, such as a card or a group): a
``None`` for a bool, a bool or a text for an int, an int for a card, a text for a tuple.
``dumps`` either refuses it with SerializationError, or writes a document that reads back
(before the rules check it) to the very same object; it never writes a document that
``loads`` would call malformed. A well-typed but impossible state is still written:
``loads`` is where the rules check a document.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
import karibou_rules as kc
from campers_rules import _serial as uc_serial
from karibou_rules import _serial as kc_serial
from tests.tampering import tampered
from tests.test_one_protocol import PACKAGES, walk

Path = tuple[str | int, ...]

WRONG: tuple[object, ...] = (None, True, False, 0, -1, 2.5, "x", (), (None,), ("x",),
                             ((None,),), 10**5000, uc.Card.parse("B7"), kc.Card.BEAR)
"""Values to put where a value of another type is (each is some field's type somewhere)."""


WRITTEN_AS_TEXT = (uc.Card, uc.Placed, uc.Group, uc.Request, uc.Campsite)
"""Campers objects a document holds as their text: replaced whole, never inside (their
own constructors check their parts)."""


def paths(value: Any, here: Path = ()) -> Iterator[Path]:
    """Every place inside a state: its fields, recursively, and each tuple's items."""
    if attrs.has(type(value)) and not isinstance(value, WRITTEN_AS_TEXT):
        for field in attrs.fields(type(value)):
            if field.name != "build_options":  # derived, never written
                yield from paths(getattr(value, field.name), (*here, field.name))
    elif type(value) is tuple:
        for index, item in enumerate(value):
            yield from paths(item, (*here, index))
    if here:
        yield here


def at(value: Any, path: Path) -> Any:
    """The value at a place."""
    for step in path:
        value = value[step] if isinstance(step, int) else getattr(value, step)
    return value


def replaced(value: Any, path: Path, new: object) -> Any:
    """A copy of ``value`` with the place at ``path`` set to ``new``, around validators."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(head, int):
        items = list(value)
        items[head] = replaced(items[head], rest, new)
        return tuple(items)
    return tampered(value, head, replaced(getattr(value, head), rest, new))


def read_back(package: Any, text: str, kind: type[Any]) -> Any:
    """The object a document's data structures to, before any rules check."""
    document = json.loads(text)
    if package is uc:
        body = document["state" if kind is uc.State else "view"]
        return uc_serial.CONVERTER.structure(body, kind)
    return kc_serial._CONVERTER.structure(document["state" if kind is kc.State else "view"],
                                          kind)


def objects(package: Any, seed: int) -> list[Any]:
    """States and views of a random game, the round results and pending decisions
    included once some are reached."""
    states = walk(package, seed, steps=120)
    picked = [*states[:: max(1, len(states) // 6)], states[-1]]
    return [*picked, *(s.view(s.num_players - 1) for s in picked)]


@pytest.mark.parametrize("name", PACKAGES)
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_dumps_of_a_tampered_state_or_view_writes_only_what_reads_back(
    name: str, seed: int
) -> None:
    """Embedding contract: for a value of another type put at a random place of a state
    or view, dumps raises SerializationError or writes what structures back equal (a
    well-typed value out of its range, such as campsite -1, is the rules' check, in
    ``loads``, so it is not put)."""
    package, _ = PACKAGES[name]
    rng = random.Random(seed)
    for obj in objects(package, seed):
        assert read_back(package, package.dumps(obj), type(obj)) == obj
        places = list(paths(obj))
        for path in rng.sample(places, min(25, len(places))):
            old = at(obj, path)
            bad = replaced(obj, path, rng.choice([w for w in WRONG if type(w) is not type(old)]))
            try:
                text = package.dumps(bad)
            except package.SerializationError:
                continue
            assert read_back(package, text, type(obj)) == bad, (path, text[:200])


@pytest.mark.parametrize(("name", "field", "value"), [
    ("campers", "action_played", None),
    ("campers", "num_players", True),
    ("campers", "round", "1"),
    ("campers", "pending", True),
    ("campers", "scores", ("x",)),
    ("campers", "deck", "B7"),
    ("karibou", "version", None),
    ("karibou", "num_players", True),
    ("karibou", "scores", ("x",)),
])
def test_dumps_refuses_a_field_of_the_wrong_type_naming_it(
    name: str, field: str, value: object
) -> None:
    """Embedding contract: the refusal names the field, as for an action."""
    package, _ = PACKAGES[name]
    state = package.new_game(3, 1)
    with pytest.raises(package.SerializationError, match=field):
        package.dumps(tampered(state, field, value))
    view = state.view(0)
    if field in attrs.fields_dict(type(view)):
        with pytest.raises(package.SerializationError, match=field):
            package.dumps(tampered(view, field, value))
