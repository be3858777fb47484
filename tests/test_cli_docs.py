"""The newcomer's pages (issue 13): the front page's example runs, the README says which
campsite faces are provisional (UC-3) and how to give the real ones, the API page shows a
readable ``Config`` signature, the rules pages describe their rulebook instead of citing
files outside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

import campers_rules
from tests.docs_blocks import run_page

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README = (ROOT / "README.md").read_text()


def test_front_page_example_runs() -> None:
    """Issue 13: the front page's example is a doctest, and it passes."""
    text = (DOCS / "index.rst").read_text()
    assert "pip install camp-rules" in text
    assert ":doc:`karibou/index`" in text and ":doc:`campers/index`" in text
    assert run_page(DOCS / "index.rst").examples >= 5  # a failed example raises


def test_readme_catalogue_example_runs() -> None:
    """UC-3: the README's catalogue example reads fifteen faces and plays with them."""
    assert "11 of the 15 campsite faces" in " ".join(README.split())
    assert re.search(r"## Campsite cards\n.*?```python\n(.*?)```", README, re.S)
    state = run_page(ROOT / "README.md").namespace["state"]
    assert isinstance(state, campers_rules.State)
    faces = [(c.points, c.primitive, c.complete) for c in state.config.catalogue]
    assert faces == [(c.points, c.primitive, c.complete) for c in campers_rules.CATALOGUE]
    assert sum(site.provisional for site in campers_rules.CATALOGUE) == 11


def test_config_signature_in_the_api_page_matches_the_class() -> None:
    """Issue 13: the API page shows Config's real fields and defaults, no placeholder."""
    text = (DOCS / "campers" / "api.rst").read_text()
    line = re.search(r"\.\. autoclass:: campers_rules\.Config\((.*)\)", text)
    assert line is not None
    shown = [part.split("=") for part in line.group(1).split(", ")]
    fields = attrs.fields(campers_rules.Config)
    assert [name for name, _ in shown] == [field.name for field in fields]
    config = campers_rules.Config()
    for (name, value), field_name in zip(shown, [field.name for field in fields], strict=True):
        expected = "CATALOGUE" if field_name == "catalogue" else repr(getattr(config, name))
        assert value == expected
    assert config.catalogue is campers_rules.CATALOGUE


def test_rules_pages_cite_no_missing_rulebook_file() -> None:
    """Issue 13: the rules pages say what the rulebook is, not a path outside the repo."""
    for page in ("campers/rules.rst", "karibou/rules.rst"):
        text = (DOCS / page).read_text()
        for path in re.findall(r"``([\w./-]+\.txt)``", text):
            assert (ROOT / path).exists(), f"{page} cites {path}"
        assert "published rulebook" in text
