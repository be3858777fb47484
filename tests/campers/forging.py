"""Placements made around their constructor, as a buggy or hostile client could send them."""

from __future__ import annotations

import campers_rules as uc


def forged_placed(value: int, **fields: object) -> uc.Placed:
    """A ``Placed`` of this int value that is none of the 96 placements (``int.__new__``),
    with whatever fields set (none by default)."""
    placed = int.__new__(uc.Placed, value)
    for name, field in fields.items():
        object.__setattr__(placed, name, field)
    return placed
