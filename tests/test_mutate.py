"""The mutation-testing command ``python3 tasks.py mutate`` (issue 15): its module-to-tests
map, how it places a mutant in its file, its report, and (where mutmut is installed, as
the command installs it) a real run on a tiny module with a known killed and a known
surviving mutant."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import tasks  # noqa: E402

TINY = '''"""A tiny module: one mutant its test kills, one that survives."""


def is_adult(age: int) -> bool:
    """True from 18 on."""
    return age >= 18


def double(x: int) -> int:
    """Twice x."""
    return x * 2
'''

TINY_TEST = '''from tiny import double, is_adult


def test_tiny() -> None:
    assert is_adult(30) and not is_adult(5)  # nothing at 18: ">=" -> ">" survives
    assert double(3) == 6  # "*" -> "/" is killed
'''


def test_every_mapped_module_and_test_file_exists() -> None:
    """Issue 15: the module-to-tests map names real modules and real test files."""
    for module, tests in tasks.MUTATION_TESTS.items():
        assert (ROOT / module).is_file(), module
        assert module.split("/")[0] in tasks.PACKAGES
        assert tests and all((ROOT / test).exists() for test in tests), module


def test_module_names_and_unmapped_modules() -> None:
    """Issue 15: a module by dotted name or path; an unmapped one runs its package's tests."""
    assert tasks.module_path("karibou_rules._results") == "karibou_rules/_results.py"
    assert tasks.module_path("karibou_rules/_results.py") == "karibou_rules/_results.py"
    assert tasks.mutation_tests("campers_rules/_summary.py") == ["tests/campers"]
    assert tasks.mutation_tests("karibou_rules/_play.py") == ["tests/karibou"]
    with pytest.raises(SystemExit):
        tasks.module_path("karibou_rules._nothing")
    with pytest.raises(SystemExit):
        tasks.module_path("tasks.py")


def test_a_mutant_is_placed_on_its_file_line(tmp_path: Path) -> None:
    """Issue 15: mutmut's diff counts from the function's first line; the report gives
    the file's line."""
    (tmp_path / "tiny.py").write_text(TINY)
    diff = (
        "# tiny.x_is_adult__mutmut_1: survived\n--- tiny.py\n+++ tiny.py\n@@ -1,3 +1,3 @@\n"
        ' def is_adult(age: int) -> bool:\n     """True from 18 on."""\n'
        "-    return age >= 18\n+    return age > 18\n"
    )
    assert tasks._mutant_line(tmp_path, "tiny.x_is_adult__mutmut_1", diff) == (
        "tiny.py", 6, "return age >= 18", "return age > 18"
    )
    diff = "--- tiny.py\n+++ tiny.py\n@@ -3,1 +3,1 @@\n-    return x * 2\n+    return x / 2\n"
    assert tasks._mutant_line(tmp_path, "tiny.x_double__mutmut_1", diff)[1] == 11


def test_a_method_of_a_private_class_is_found() -> None:
    """Issue 15: a mutant of ``_Reader.__init__`` is placed in that method (the class's
    leading underscore is part of its name, not of mutmut's separator)."""
    source = "x = 1\n\n\nclass _Reader:\n    def __init__(self) -> None:\n        self.n = 0\n"
    assert tasks._function_start(source, "pkg.mod.xǁ_Readerǁ__init____mutmut_2") == 5


def test_the_report_gives_the_score_and_the_survivors() -> None:
    """Issue 15: the score is killed over all mutants; each survivor on its own line."""
    text = tasks.format_mutation(
        ["tiny.py"], {"killed": 3, "survived": 1}, ["tiny.py:6  a >= 1  ->  a > 1"]
    )
    assert text.splitlines() == [
        "mutation score of tiny.py: 3/4 killed (75.0%); 1 survived",
        "surviving mutants:",
        "  tiny.py:6  a >= 1  ->  a > 1",
    ]
    assert "surviving" not in tasks.format_mutation(["tiny.py"], {"killed": 2}, [])


def test_mutmut_run_on_a_tiny_module(tmp_path: Path) -> None:
    """Issue 15: a real run kills the mutant the test sees and reports the boundary mutant
    it does not see, at its line."""
    pytest.importorskip("mutmut", reason="python3 tasks.py mutate installs mutmut")
    mutmut = shutil.which("mutmut", path=str(Path(sys.executable).parent))
    assert mutmut is not None
    (tmp_path / "tiny.py").write_text(TINY)
    (tmp_path / "test_tiny.py").write_text(TINY_TEST)
    counts, survivors = tasks.run_mutation(tmp_path, ["tiny.py"], ["test_tiny.py"], mutmut, [])
    assert "tiny.py:6  return age >= 18  ->  return age > 18" in survivors
    assert not any(line.startswith("tiny.py:11") for line in survivors)
    assert counts["killed"] >= 2


def test_a_module_without_functions_has_no_mutants(tmp_path: Path) -> None:
    """Issue 15: mutmut mutates function bodies only; a module of classes and constants
    reports "no mutants" instead of failing the run."""
    (tmp_path / "records.py").write_text("import attrs\n\n\n@attrs.frozen\nclass A:\n    x: int\n")
    assert tasks.run_mutation(tmp_path, ["records.py"], [], "mutmut-never-run", []) == ({}, [])
    assert tasks.format_mutation(["records.py"], {}, []) == (
        "mutation score of records.py: 0/0 killed (no mutants)")


def test_contributing_documents_the_habit() -> None:
    """Issue 15: CONTRIBUTING.md asks for a mutation run before changing a rules module."""
    text = " ".join((ROOT / "CONTRIBUTING.md").read_text().split())
    assert "before you change a rules module" in text
    assert "python3 tasks.py mutate" in text and "MUTATION_TESTS" in text
