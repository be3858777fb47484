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
