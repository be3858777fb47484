"""Filling the slots of frozen attrs classes directly, for the objects built every step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs


def slot_setters(cls: type[Any]) -> tuple[Callable[[Any, Any], None], ...]:
    """The setters of a frozen attrs class's slots, in field order.

    For the two objects the engine builds without their converters and checks, from
    parts it knows are already in shape: a group from cards already in order
    (``_groups.sorted_group``: no sort) and the solver's problems (``make_problem``).
    The actions and the State use attrs' own ``__init__`` (their hand-written slot
    filling saved 1.5% of a game's instructions, and went with issue 12).
    """
    return tuple(getattr(cls, field.name).__set__ for field in attrs.fields(cls))
