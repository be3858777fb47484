"""Where a campsite sits in a table row: the look-up every check and effect on a campsite
starts with, compiled (issue 29, docs/compiled.rst). ``_board`` re-exports it beside the
``Site`` records it reads, which stay pure Python (a public attrs class)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # _board imports this module at load: Site only annotates
    from campers_rules._board import Site


def row_index(row: Sequence[Site], campsite: int) -> int:
    """Where this campsite sits in a table row; -1 when the row does not hold it."""
    for index, site in enumerate(row):
        if site.campsite == campsite:
            return index
    return -1
