"""Actions changed around their validators, as a buggy or hostile client could send them."""

from __future__ import annotations

from typing import Any

import attrs


def tampered(action: Any, field: str, value: object) -> Any:
    """A copy of the action with one field set to ``value``, around its validators (the
    listed action objects are shared, so never changed in place)."""
    copy = object.__new__(type(action))
    for each in attrs.fields(type(action)):
        object.__setattr__(copy, each.name, getattr(action, each.name))
    object.__setattr__(copy, field, value)
    return copy
