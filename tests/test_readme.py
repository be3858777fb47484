"""The README's quick start runs as printed, and CI runs the README's check command."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def test_quick_start_runs() -> None:
    block = re.search(r"## Quick start\n\n```python\n(.*?)```", README, re.S)
    assert block is not None, "the README has no quick start block"
    namespace: dict[str, object] = {}
    exec(compile(block.group(1), "README.md", "exec"), namespace)
    state = namespace["state"]
    assert getattr(state, "is_over", False)


def test_ci_runs_the_readme_check_command() -> None:
    assert "python3 tasks.py check" in README
    assert "python3 tasks.py check" in (ROOT / ".ci" / "run").read_text()
    assert "python3 tasks.py play" in README
