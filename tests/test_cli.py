"""The ``camp-rules`` command line (issue 6): output, JSON lines, and one-line errors."""

from __future__ import annotations

import json

import pytest

from campers_rules._cli import main


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
    ("argv", "code", "message"),
    [
        (("play", "karibou", "--players", "2"), 1, "3 to 7 players"),
        (("play", "chess"), 2, "invalid choice"),
        (("play", "karibou", "--bots", "genius"), 1, "unknown bot"),
        (("simulate", "karibou", "--games", "0"), 1, "--games"),
        (("simulate", "karibou", "--jobs", "x"), 2, "invalid int"),
        (("simulate", "karibou", "--games", "1", "--plot", "/nonexistent/x.png"), 1, "directory"),
        (("simulate", "karibou", "--games", "1", "--plot", "figures.txt"), 1, ".png"),
        ((), 2, "required"),
    ],
)
def test_bad_arguments_give_one_line_and_nonzero_exit(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], code: int, message: str
) -> None:
    got, _, err = run(capsys, *argv)
    assert got == code
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
        ("2 RUNZ OF 4", "B5", "RUNZ"),
        ("1 SET OF 3", "B5 X9", "not a card"),
    ],
)
def test_solve_says_why_not(
    capsys: pytest.CaptureFixture[str], requirement: str, hand: str, message: str
) -> None:
    code, _, err = run(capsys, "solve", requirement, "--hand", hand)
    assert code == 1
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_play_campers_shows_the_table_after_each_turn(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "campers", "--players", "2", "--seed", "3")
    assert code == 0
    assert "campground:" in out
    assert out.count("-- round over") == 5
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

