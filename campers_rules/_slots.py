"""Filling the slots of frozen attrs classes directly, for the objects built every step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs


def slot_setters(cls: type[Any]) -> tuple[Callable[[Any, Any], None], ...]:
    """The setters of a frozen attrs class's slots, in field order.

    attrs' ``__init__`` of a frozen class sets each field through ``object.__setattr__``;
    calling the slots' own setters costs about a quarter less per object. The classes built
    many times per step (the actions move generation lists, the State ``apply`` makes, the
    groups the engine builds from cards already in order, the solver's problems) fill their
    slots with these.
    """
    return tuple(getattr(cls, field.name).__set__ for field in attrs.fields(cls))
