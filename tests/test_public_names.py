"""Issue 28: errors show their public name (``campers_rules.SerializationError``, not the
private module that defines it) in tracebacks, reprs and doctests."""

from __future__ import annotations

import sys
import traceback
from types import ModuleType

import pytest

import campers_rules
import campers_rules.solver
import karibou_rules

PACKAGES = (
    (campers_rules, campers_rules.CampersError),
    (karibou_rules, karibou_rules.KaribouError),
    (campers_rules.solver, campers_rules.solver.SolverError),
)
ERRORS = [
    (package, name) for package, root in PACKAGES for name in package.__all__
    if isinstance(getattr(package, name), type) and issubclass(getattr(package, name), root)
]


def test_every_package_has_its_errors() -> None:
    """The audit below sees each package's whole error family."""
    assert {package.__name__ for package, _ in ERRORS} == {p.__name__ for p, _ in PACKAGES}
    assert len(ERRORS) >= 20


@pytest.mark.parametrize(("package", "name"), ERRORS,
                         ids=[f"{p.__name__}.{n}" for p, n in ERRORS])
def test_error_is_named_by_its_public_path(package: ModuleType, name: str) -> None:
    """A traceback's last line names the error as a caller imports it (from this package,
    or from another that exports it too: the solver's ``DeadlineError`` is the game's), and
    the name found there is the class raised."""
    error_class = getattr(package, name)
    exporters = {p.__name__ for p, _ in PACKAGES if getattr(p, name, None) is error_class}
    assert package.__name__ in exporters and error_class.__module__ in exporters
    error = error_class.__new__(error_class)
    ValueError.__init__(error, "why")
    line = traceback.format_exception_only(error_class, error)[-1]
    assert line == f"{error_class.__module__}.{name}: why\n"
    assert "._" not in line
    assert getattr(sys.modules[error_class.__module__], error_class.__qualname__) is error_class


def test_a_raised_error_prints_its_public_name() -> None:
    """The JSON entry points' errors, as a caller's traceback shows them."""
    for package, root in PACKAGES[:2]:
        with pytest.raises(root) as caught:
            package.loads("not json")
        shown = "".join(traceback.format_exception(caught.value))
        assert f"{package.__name__}.SerializationError: " in shown
