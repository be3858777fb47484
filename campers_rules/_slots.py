"""Filling the slots of a frozen attrs class directly, for the groups built every step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs


def slot_setters(cls: type[Any]) -> tuple[Callable[[Any, Any], None], ...]:
    """The setters of a frozen attrs class's slots, in field order.

    For the one object the engine builds without its converter, from parts it knows are
    already in shape: a group from cards already in order (``_groups.sorted_group``: no
    sort; through ``Group`` it costs 0.6% more of a game's instructions, sorting ints as
    it is). The solver's problems (0.05%, once groups sorted natively) use attrs' own
    ``__init__``; the actions and the State are filled by ``_frozen`` in the compiled
    build (there a compiled ``object.__setattr__`` per field costs less than a call of
    these setters) and by their own ``__init__`` in the pure one.
    """
    return tuple(getattr(cls, field.name).__set__ for field in attrs.fields(cls))
