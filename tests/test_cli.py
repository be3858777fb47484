"""The ``camp-rules`` command line (issue 6): output, JSON lines, and one-line errors."""

from __future__ import annotations

import json

import pytest

from campers_rules._cli import main
from tests.test_calibration import DOCS, DOCS_DEALS, DOCS_SEED


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_play_karibou_prints_play_by_play_and_final_scores(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "play", "karibou", "--players", "5", "--seed", "1")
    assert code == 0
    assert "Giga-pawn" in out
    assert "-- round over" in out
    assert "== final scores" in out


def test_play_json_lines_parse_and_end_with_final(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "karibou", "--players", "3", "--seed", "2", "--json")
    assert code == 0
    events = [json.loads(line) for line in out.splitlines()]
    assert events[0]["event"] == "start"
    assert events[-1]["event"] == "final"
    rounds = [e for e in events if e["event"] == "round"]
    assert rounds and all(len(e["result"]["points"]) == 3 for e in rounds)
    assert sum(sum(e["result"]["points"]) for e in rounds) == sum(events[-1]["scores"])


def test_play_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "play", "karibou", "--seed", "7")
    assert run(capsys, "play", "karibou", "--seed", "7") == first


def test_simulate_same_result_whatever_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "karibou", "--games", "8", "--players", "4", "--seed", "1", "--quiet")
    code, one, _ = run(capsys, *args, "--jobs", "1")
    assert code == 0
    assert "win rate" in one and "how rounds end" in one
    assert run(capsys, *args, "--jobs", "2")[1] == one


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("play", "karibou", "--players", "2"), "3 to 7 players"),
        (("play", "chess"), "invalid choice"),
        (("play", "karibou", "--bots", "genius"), "unknown bot"),
        (("play", "karibou", "--seat", "5"), "no seat 5"),
        (("play", "karibou", "--seat", "1", "--human", "2"), "not allowed with"),
        (("simulate", "karibou", "--jobs", "x"), "invalid int"),
        (("simulate", "karibou", "--games", "1", "--plot", "/nonexistent/x.png"), "directory"),
        (("simulate", "karibou", "--games", "1", "--plot", "figures.txt"), ".png"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    """Issue 13: every bad argument is one line on standard error and exit status 2."""
    got, _, err = run(capsys, *argv)
    assert got == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


@pytest.mark.parametrize("backend", ["native", "z3"])
def test_solve_prints_an_arrangement(capsys: pytest.CaptureFixture[str], backend: str) -> None:
    code, out, _ = run(
        capsys, "solve", "1 SET OF 3 AND 1 RUN OF 4", "--hand", "B5 Y5 R5 G4 B6 W B7",
        "--backend", backend,
    )
    assert code == 0
    assert "SET" in out and "RUN" in out
    assert "left in hand: -" in out


@pytest.mark.parametrize(
    ("requirement", "hand", "message"),
    [
        ("2 RUNS OF 4", "B5 Y5 R5", "needs at least 8 cards"),
        ("2 RUNS OF 4", "B5 Y9 R5 G2 G3 G11 B13 Y2", "no arrangement"),
    ],
)
def test_solve_says_why_not_on_stdout(
    capsys: pytest.CaptureFixture[str], requirement: str, hand: str, message: str
) -> None:
    """Issue 13: no arrangement is an answer (stdout, exit 1, as grep), not an error."""
    code, out, err = run(capsys, "solve", requirement, "--hand", hand)
    assert code == 1
    assert message in out
    assert err == ""


@pytest.mark.parametrize("seed", [1, 3])
def test_play_campers_default_is_the_actions_and_the_table_each_round(
    capsys: pytest.CaptureFixture[str], seed: int
) -> None:
    """Issue 13: by default the actions in words and the table once a round (the 5 rounds
    of UC-21); ``--verbose`` adds the table after every turn, as before."""
    code, out, _ = run(capsys, "play", "campers", "--players", "3", "--seed", str(seed))
    assert code == 0
    assert out.count("-- round over") == 5
    assert out.count("campground:") == 5
    assert "== final scores" in out
    code, verbose, _ = run(
        capsys, "play", "campers", "--players", "3", "--seed", str(seed), "--verbose"
    )
    assert code == 0
    turns = sum(1 for line in verbose.splitlines() if " discards " in line)
    assert verbose.count("campground:") >= turns > 5
    assert len(verbose.splitlines()) > 2 * len(out.splitlines())
    actions = [line for line in verbose.splitlines() if line.startswith("  p")]
    assert actions == [line for line in out.splitlines() if line.startswith("  p")]


@pytest.mark.parametrize(("game", "players"), [("campers", 3), ("karibou", 5)])
def test_play_seat_shows_one_players_view_only(
    capsys: pytest.CaptureFixture[str], game: str, players: int
) -> None:
    """Issue 13, UC-23, KC-12: ``--seat N`` shows seat N's hand and no other."""
    seat = players - 1
    code, out, _ = run(capsys, "play", game, "--players", str(players), "--seat", str(seat))
    assert code == 0
    assert f"you are p{seat}" in out
    assert "hand:" in out
    for line in out.splitlines():
        if "hand:" in line:
            assert line.lstrip().startswith((f"p{seat} (you) hand:", "your hand:"))
    assert "noticed by" not in out
    assert "== final scores" in out


def test_simulate_campers_tallies_campsites(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "simulate", "campers", "--games", "2", "--players", "2", "--seed", "1", "--quiet"
    )
    assert code == 0
    assert "campsites claimed" in out
    assert "campsites kept complete" in out


def test_calibrate_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "calibrate", "--deals", "3")
    assert code == 0
    assert out.count("provisional") >= 11
    assert "c15" in out



def test_calibrate_fits_100_columns(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 13: the calibration table printed by the command fits 100 columns."""
    code, out, _ = run(capsys, "calibrate", "--deals", "2")
    assert code == 0
    assert max(len(line) for line in out.splitlines()) <= 100
    assert out.count("claim: ") == 15


def test_calibrate_rst_prints_the_docs_table(capsys: pytest.CaptureFixture[str]) -> None:
    """``calibrate --rst`` prints the table as docs/calibration.rst publishes it: with the
    documented deals and seed, the very text between the page's markers (UC-3)."""
    code, out, _ = run(capsys, "calibrate", "--deals", str(DOCS_DEALS), "--seed",
                       str(DOCS_SEED), "--rst")
    assert code == 0
    page = DOCS.read_text().split(".. calibration-table-start")[1]
    published = page.split(".. calibration-table-end")[0].strip()
    assert out.startswith(published + "\n\n")
    assert "claim: " not in out


@pytest.mark.parametrize(
    ("argv", "mix"),
    [
        (("simulate", "karibou", "--players", "4"), "bots heuristic ("),
        (("simulate", "campers", "--players", "2"), "bots heuristic, random ("),
        (("simulate", "karibou", "--players", "4", "--bots", "random"), "bots random ("),
    ],
)
def test_simulate_prints_the_bot_mix_first(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], mix: str
) -> None:
    """Issue 13: the summary starts with the bot mix; ``simulate karibou`` defaults to
    heuristic bots only (random ones made every round a wrong call)."""
    code, out, _ = run(capsys, *argv, "--games", "2", "--quiet")
    assert code == 0
    assert mix in out.splitlines()[0]


@pytest.mark.parametrize(
    ("command", "defaults"),
    [
        ("play", ["--players", "--seed", "(default: 0)", "--bots", "(default: heuristic)",
                  "--verbose", "--seat", "--human", "--json"]),
        ("simulate", ["--games", "(default: 100)", "--jobs", "(default: 1)", "--seed",
                      "--players", "--plot", "--quiet", "--bots"]),
        ("calibrate", ["--deals", "(default: 300)", "--seed", "(default: 0)"]),
        ("solve", ["--hand", "--backend", "(default: native)"]),
    ],
)
def test_help_shows_every_option_with_its_default(
    capsys: pytest.CaptureFixture[str], command: str, defaults: list[str]
) -> None:
    """Issue 13: ``--help`` explains every option, with its default and the bots."""
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    flat = " ".join(out.split())
    for text in defaults:
        assert text in flat
    if command in ("play", "simulate"):
        assert "choices: heuristic, random" in flat
        assert "campers 2-6 (default 4), karibou 3-7 (default 5)" in flat


@pytest.mark.parametrize(("game", "tables"), [("karibou", 0), ("campers", None)])
def test_play_json_tables(
    capsys: pytest.CaptureFixture[str], game: str, tables: int | None
) -> None:
    """Issue 13: JSON lines keep the whole record (a table after every Unhappy Campers
    turn, none for Karibou Camp, which has no table text)."""
    code, out, _ = run(capsys, "play", game, "--players", "3", "--seed", "2", "--json")
    assert code == 0
    events = [json.loads(line) for line in out.splitlines()]
    shown = [e for e in events if e["event"] == "table"]
    assert all(e["text"] for e in shown)
    if tables is not None:
        assert len(shown) == tables
    else:
        turns = sum(1 for e in events if e["event"] == "action" and " discard" in e["action"])
        assert len(shown) >= turns > 0
