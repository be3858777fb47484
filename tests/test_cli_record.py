"""``camp-rules play GAME --record FILE`` and ``camp-rules replay FILE [--seat N]`` (issue 30
part 1): a recorded game replays to the same play-by-play, one seat's view included; a
``play --json`` log converts to the same record; a bad move is named (UC-32, KC-17)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import campers_rules as uc
import karibou_rules as kc
from tests.test_cli import run

PLAYERS = {"campers": "3", "karibou": "4"}
SEEDS = [1, 6]


@pytest.mark.parametrize("game", ["campers", "karibou"])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_recorded_game_replays_as_it_was_played(
    game: str, seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 30: ``play --record`` writes a record that ``replay`` checks and prints as
    ``play`` printed the game; with ``--seat N`` as ``play --seat N`` printed it (the
    seat's view, no other hand, no unseen sign: UC-23, KC-12)."""
    path = str(tmp_path / "game.json")
    common = ["--players", PLAYERS[game], "--seed", str(seed)]
    code, played, _ = run(capsys, "play", game, *common, "--record", path)
    assert code == 0
    package = uc if game == "campers" else kc
    record = package.loads_record(Path(path).read_text())
    assert record.seed == seed and record.players == ("heuristic",) * int(PLAYERS[game])
    code, replayed, err = run(capsys, "replay", path)
    assert (code, err) == (0, "") and replayed == played
    for seat in (0, int(PLAYERS[game]) - 1):
        code, seen, _ = run(capsys, "play", game, *common, "--seat", str(seat))
        code2, replayed_seat, _ = run(capsys, "replay", path, "--seat", str(seat))
        assert code == code2 == 0 and replayed_seat == seen


@pytest.mark.parametrize("game", ["campers", "karibou"])
@pytest.mark.parametrize("seed", SEEDS)
def test_a_play_json_log_converts_to_the_record(
    game: str, seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 30: a log written by today's ``play --json`` is read by ``replay`` (its start
    line gives the game, players, seed and bots, its action lines the moves, Karibou signs
    with who noticed them) and ``--record`` writes the record ``play --record`` writes."""
    common = ["--players", PLAYERS[game], "--seed", str(seed)]
    code, log, _ = run(capsys, "play", game, *common, "--json")
    assert code == 0
    (tmp_path / "log.jsonl").write_text(log)
    direct, converted = tmp_path / "direct.json", tmp_path / "converted.json"
    run(capsys, "play", game, *common, "--record", str(direct))
    code, _, err = run(capsys, "replay", str(tmp_path / "log.jsonl"), "--record", str(converted))
    assert (code, err) == (0, "")
    assert converted.read_text() == direct.read_text()


@pytest.mark.parametrize("game", ["campers", "karibou"])
def test_a_record_with_a_bad_move_is_refused_naming_it(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """UC-32, KC-17: ``replay`` of a record whose move does not replay exits 2 with one
    line naming the move's number and text, and prints nothing of the game."""
    path = tmp_path / "game.json"
    run(capsys, "play", game, "--players", PLAYERS[game], "--seed", "3", "--record", str(path))
    document = json.loads(path.read_text())
    document["record"]["moves"][4] = "p0 pass" if game == "karibou" else "p0 draw 1"
    document["record"]["moves"][4] = document["record"]["moves"][4] + " now"
    path.write_text(json.dumps(document))
    code, out, err = run(capsys, "replay", str(path))
    assert (code, out) == (2, "")
    assert err.startswith("camp-rules: error: the record does not replay at move 5 (")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("content", ["", "{}", "not json\n", '{"event": "start"}\n',
                                     '{"format": "campers/4", "record": []}'])
def test_replay_refuses_what_is_no_record(
    content: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 30: a file that is no record nor log, or cannot be read, exits 2 with one
    line on standard error."""
    path = tmp_path / "x.json"
    path.write_text(content)
    for target in (str(path), str(tmp_path / "missing.json")):
        code, out, err = run(capsys, "replay", target)
        assert (code, out) == (2, "") and err.startswith("camp-rules: error: ")


def test_record_is_refused_with_a_human_seat(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    """Issue 30: ``--record`` records bot games and ``--seat N`` ones; with ``--human`` it
    is refused before anything is played (exit 2)."""
    code, out, err = run(capsys, "play", "campers", "--human", "0", "--record",
                         str(tmp_path / "g.json"))
    assert (code, out) == (2, "") and "--record" in err
