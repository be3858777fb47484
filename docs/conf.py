"""Sphinx configuration for the camp-rules documentation (builds offline, with -W)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

project = "camp-rules"
author = "camp-rules developers"
copyright = "2026, camp-rules developers"
extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
html_theme = "furo"
html_static_path = ["_static"]
html_title = "camp-rules"
exclude_patterns = ["_build"]
# No intersphinx: the docs must build on a machine with no network.


def _draw_pictures() -> None:
    """The pictures the docs show, drawn by this build from seeded games (``to_svg``)."""
    import random

    import campers_rules
    import karibou_rules

    out = Path(__file__).resolve().parent / "_generated"
    out.mkdir(exist_ok=True)
    rng = random.Random(1)
    campers = campers_rules.new_game(3, seed=5, config=campers_rules.Config(rounds=3))
    for _ in range(120):  # a table with campsites claimed, mid-round
        actor = rng.choice(sorted(campers.actors))
        campers = campers.apply(rng.choice(campers.legal_actions(actor)))
    (out / "campers.svg").write_text(campers_rules.to_svg(campers.view(1)))
    karibou = karibou_rules.new_game(players=5, seed=3)
    for _ in range(12):  # past the first reveal, no pawn placed yet
        actor = rng.choice(sorted(karibou.actors))
        moves = [a for a in karibou.legal_actions(actor)
                 if not isinstance(a, karibou_rules.PlacePawn)]
        karibou = karibou.apply(rng.choice(moves))
    (out / "karibou.svg").write_text(karibou_rules.to_svg(karibou.view(1)))


_draw_pictures()
