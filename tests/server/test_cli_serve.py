"""``camp-rules serve`` (issue 31): its arguments are checked, and without the server
extra it says which extra to install (the subprocess run of the real server is in
tests/server/test_fault.py)."""

from __future__ import annotations

import sys

import pytest

from campers_rules._cli import main


def test_serve_without_the_server_extra_names_the_extra(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A missing extra is a one-line failure naming ``camp-rules[server]``, not a
    traceback."""
    monkeypatch.setitem(sys.modules, "camp_server", None)
    assert main(["serve", "--port", "0"]) == 1
    error = capsys.readouterr().err
    assert "server extra" in error and "camp-rules[server]" in error
    assert error.count("\n") == 1


@pytest.mark.parametrize("argv", [["--port", "70000"], ["--port", "-1"],
                                  ["--bot-delay", "-1"], ["--bot-delay", "nan"],
                                  ["--port", "http"]])
def test_serve_refuses_bad_arguments(argv: list[str],
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A port out of range, a negative or NaN delay: exit 2, one line."""
    try:
        status = main(["serve", *argv])
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    assert status == 2 and "error" in capsys.readouterr().err


def test_serve_help_names_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    """The options of the issue, with their defaults."""
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    shown = capsys.readouterr().out
    for option in ("--host", "--port", "--db", "--bot-delay", "127.0.0.1", "8000"):
        assert option in shown
