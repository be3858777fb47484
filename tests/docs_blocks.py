"""The code blocks of the README and of the Sphinx pages, as a reader sees them printed.

``README.md``: fenced blocks (```python, or ``` unmarked: shell commands). ``docs/**/*.rst``:
``.. code-block:: LANG`` directives and literal blocks after a paragraph ending in ``::``
(Sphinx highlights those as Python unless they are shell commands). Each block is a
:class:`Block` with the page, the line it starts on, its language and its text.
"""

from __future__ import annotations

import contextlib
import doctest
import functools
import io
import re
import textwrap
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.rst"))]

SHELL_START = re.compile(
    r"^(\$ |camp-rules |python3? |pip |CAMP_RULES_|PYTHONPATH=|\.venv/|cd |git |export )")
"""The first word of a line of a shell session (a block all such lines is shell)."""


@attrs.frozen
class Block:
    page: Path
    line: int
    language: str  # "python", "pycon", "shell" or another directive's language
    text: str

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def _language(text: str, given: str) -> str:
    if given in ("python", "python3", "py"):
        return "python"
    if given in ("pycon", "console", "shell", "bash", "sh", "text", "none", "rst", "json"):
        return given if given != "console" else "shell"
    lines = [line for line in text.splitlines() if line.strip()]
    if lines and lines[0].lstrip().startswith(">>> "):
        return "pycon"
    if lines and all(SHELL_START.match(line) or line.startswith((" ", "#")) for line in lines):
        return "shell"
    return "python"


def markdown_blocks(page: Path) -> list[Block]:
    blocks = []
    lines = page.read_text().splitlines()
    inside: tuple[int, str, list[str]] | None = None
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if inside is None and stripped.startswith("```"):
            inside = (number + 1, stripped[3:].strip(), [])
        elif inside is not None and stripped == "```":
            start, given, body = inside
            text = textwrap.dedent("\n".join(body)) + "\n"
            blocks.append(Block(page, start, _language(text, given or "?"), text))
            inside = None
        elif inside is not None:
            inside[2].append(line)
    return blocks


def rst_blocks(page: Path) -> list[Block]:
    blocks = []
    lines = page.read_text().splitlines()
    number = 0
    while number < len(lines):
        line = lines[number]
        directive = re.match(r"^(\s*)\.\. code-block::\s*(\S*)", line)
        literal = ((line.rstrip().endswith("::") and not line.lstrip().startswith("..")
                   and line.strip() != "::") or line.strip() == "::")
        if line.lstrip().startswith(">>> ") and (number == 0 or not lines[number - 1].strip()):
            end = number  # a doctest block: a paragraph of examples and their output
            while end < len(lines) and lines[end].strip():
                end += 1
            text = textwrap.dedent("\n".join(lines[number:end])) + "\n"
            blocks.append(Block(page, number + 1, "pycon", text))
            number = end
            continue
        if not (directive or literal):
            number += 1
            continue
        indent = len(line) - len(line.lstrip())
        given = directive.group(2) if directive else "?"
        body_start = number + 1
        while body_start < len(lines) and (
                not lines[body_start].strip()
                or (directive and lines[body_start].strip().startswith(":"))):
            body_start += 1
        end = body_start
        while end < len(lines) and (not lines[end].strip()
                                    or len(lines[end]) - len(lines[end].lstrip()) > indent):
            end += 1
        body = lines[body_start:end]
        if body and len(body[0]) - len(body[0].lstrip()) > indent:
            text = textwrap.dedent("\n".join(body)).strip("\n") + "\n"
            blocks.append(Block(page, body_start + 1, _language(text, given), text))
        number = max(end, number + 1)
    return blocks


def page_blocks(page: Path) -> list[Block]:
    return markdown_blocks(page) if page.suffix == ".md" else rst_blocks(page)


def run_python(block: Block, namespace: dict[str, object]) -> None:
    """Run a Python block as printed, in the page's namespace."""
    exec(compile(block.text, block.where, "exec"), namespace)


def run_pycon(block: Block, namespace: dict[str, object]) -> int:
    """Run a block of examples as doctests in the page's namespace; the number run."""
    test = doctest.DocTestParser().get_doctest(block.text, namespace, block.where,
                                               str(block.page), block.line - 1)
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test, out=report.append, clear_globs=False)
    namespace.update(test.globs)  # a DocTest runs in a copy of the namespace it is given
    if runner.failures:
        raise AssertionError(f"{block.where}: {runner.failures} example(s) failed\n"
                             + "".join(report))
    return runner.tries


@attrs.frozen
class PageRun:
    """What running a page's blocks left: the namespace, what they printed, how many
    blocks and doctest examples ran."""

    namespace: dict[str, object]
    printed: str
    blocks: int
    examples: int


@functools.cache
def run_page(page: Path) -> PageRun:
    """Run every Python block and every block of examples of a page, in order, in one
    namespace (a reader who types them in one session)."""
    namespace: dict[str, object] = {"__name__": f"docs:{page.name}"}
    printed = io.StringIO()
    blocks = examples = 0
    with contextlib.redirect_stdout(printed):
        for block in page_blocks(page):
            if block.language == "python":
                run_python(block, namespace)
            elif block.language == "pycon":
                examples += run_pycon(block, namespace)
            else:
                continue
            blocks += 1
    return PageRun(namespace, printed.getvalue(), blocks, examples)


def shell_lines(block: Block) -> list[str]:
    """The commands of a shell block (continuation lines joined, comments dropped)."""
    text = block.text.replace("\\\n", " ")
    return [line.strip() for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]
