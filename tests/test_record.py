"""Game records that replay (issue 30 part 1): ``dumps_record``, ``loads_record``,
``replay`` and ``play_game(record=...)``, the same names in both packages. Seeded games
replay to identical final states; a record truncated, reordered or tampered at a move is
refused at that move (UC-32, KC-17: every move is checked as ``apply`` checks it, and
against the digest of the state it led to)."""

from __future__ import annotations

import hashlib
import io
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import campers_rules as uc
import karibou_rules as kc
from tests.test_envelope import TAGS

PACKAGES = {"campers": uc, "karibou": kc}
GAMES = 1_000
CHUNKS = 4
SHORT = {"campers": uc.Config(rounds=1, turn_cap=12), "karibou": kc.Config()}
"""Short games keep the thousand fast: one Unhappy Campers round of at most 12 turns."""
NAMES = {"Record", "RecordError", "MAX_MOVES", "dumps_record", "loads_record", "replay",
         "move_digest"}


def seeded_game(name: str, seed: int) -> tuple[Any, Any, str]:
    """A seeded short game of bots (players and bots from the seed): its start, its final
    state and the record ``play_game`` wrote."""
    package = PACKAGES[name]
    low = 2 if package is uc else 3
    players = low + seed % 5
    start = package.new_game(players, seed, SHORT[name])
    bots = [package.HeuristicBot() if (seat + seed) % 2 else package.RandomBot()
            for seat in range(players)]
    out = io.StringIO()
    final = package.play_game(start, bots, seed, record=out)
    return start, final, out.getvalue()


@pytest.mark.parametrize("name", PACKAGES)
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_a_thousand_seeded_games_replay_to_identical_final_states(name: str, chunk: int
                                                                  ) -> None:
    """UC-32, KC-17: 1,000 seeded games of each package (a quarter per test), recorded by
    ``play_game``, read back and replayed, end in the very state the game ended in."""
    package = PACKAGES[name]
    for seed in range(chunk, GAMES, CHUNKS):
        _, final, text = seeded_game(name, seed)
        record = package.loads_record(text)
        assert record.seed == seed and record.start is None
        assert record.scores == final.scores
        assert package.replay(record) == final


@pytest.mark.parametrize("name", PACKAGES)
def test_the_same_names_in_both_packages(name: str) -> None:
    """Issue 30: the record API has one set of public names, exported by both packages;
    RecordError is a SerializationError of the package."""
    package = PACKAGES[name]
    assert set(package.__all__) >= NAMES
    assert issubclass(package.RecordError, package.SerializationError)


@pytest.mark.parametrize("name", PACKAGES)
@pytest.mark.parametrize("seed", [3, 17])
def test_a_record_is_the_envelope_with_a_header_and_moves(name: str, seed: int) -> None:
    """Issue 30: a record is ``{"format": TAG, "record": {...}}`` with the seats' names,
    the seed, the config, no start for a seeded deal, every move in its text form and
    the final scores; ``dumps_record``, ``play_game(record=True)`` and a written record
    agree; Karibou signs name who noticed them (KC-7)."""
    package = PACKAGES[name]
    start, final, text = seeded_game(name, seed)
    document = json.loads(text)
    assert set(document) == {"format", "record"} and document["format"] == TAGS[name]
    body = document["record"]
    assert set(body) == {"players", "seed", "config", "start", "moves", "scores", "digests"}
    assert body["seed"] == seed and body["start"] is None
    assert body["scores"] == list(final.scores)
    bots = [type(b).__name__ for b in (package.HeuristicBot(), package.RandomBot())]
    assert set(body["players"]) <= set(bots) and len(body["players"]) == start.num_players
    record = package.loads_record(text)
    again = package.dumps_record(start, record.actions(), seed=seed, players=record.players)
    assert again == text.strip()
    assert [str(a) for a in record.actions()] == body["moves"]
    state, digests = start, []
    for action in record.actions():
        state = state.apply(action)
        digests.append(package.move_digest(str(action), state))
    assert body["digests"] == digests == list(record.digests)
    if package is kc:
        signs = [move for move in body["moves"] if " sign " in move]
        assert all(" seen by " in move for move in signs)
    else:
        assert "catalogue" not in body["config"]


@pytest.mark.parametrize("name", PACKAGES)
def test_a_start_that_is_no_seeded_deal_is_written_out(name: str) -> None:
    """Issue 30: a record of a game from a position (a game under way, or no seed given
    to Unhappy Campers) holds its start and no seed, and replays from it; a custom
    catalogue is written out (UC-3)."""
    package = PACKAGES[name]
    config = (uc.Config(rounds=1, turn_cap=8, catalogue=tuple(reversed_catalogue()))
              if package is uc else kc.Config(winning_score=4))
    start = package.new_game(4, 9, config)
    state = start
    for _ in range(6):
        state = state.apply(state.legal_actions(min(state.actors))[0])
    final, record = package.play_game(state, [package.RandomBot()] * 4, 5, record=True)
    text = package.dumps_record(state, record.actions())
    body = json.loads(text)["record"]
    assert body["seed"] is None and body["start"] is not None
    if package is uc:
        assert len(body["config"]["catalogue"]) == 15
    loaded = package.loads_record(text)
    assert loaded.start == state and loaded.config == config
    assert package.replay(loaded) == final


def reversed_catalogue() -> list[uc.Campsite]:
    """The project's campsite faces in reverse order, renumbered c01..c15 (UC-3)."""
    faces = [str(site) for site in reversed(uc.CATALOGUE)]
    return [uc.parse_campsite(face, f"c{i:02d}") for i, face in enumerate(faces, 1)]


def _body(text: str) -> dict[str, Any]:
    body: dict[str, Any] = json.loads(text)["record"]
    return body


def _with(name: str, body: dict[str, Any]) -> str:
    return json.dumps({"format": TAGS[name], "record": body})


def _refused_at(package: Any, text: str) -> Any:
    with pytest.raises(package.RecordError) as caught:
        package.replay(package.loads_record(text))
    return caught.value


@pytest.mark.parametrize("name", PACKAGES)
@pytest.mark.parametrize("seed", range(6))
def test_a_truncated_record_is_refused_at_the_missing_move(name: str, seed: int) -> None:
    """UC-32, KC-17: a finished game's record cut before a random move is refused at
    that move (it says the game is over, and it is not); the JSON text cut anywhere is
    no record."""
    package = PACKAGES[name]
    _, _, text = seeded_game(name, seed)
    body = _body(text)
    rng = random.Random(seed)
    cut = rng.randrange(1, len(body["moves"]) + 1)
    cut_body = {**body, "moves": body["moves"][: cut - 1], "digests": body["digests"][: cut - 1]}
    error = _refused_at(package, _with(name, cut_body))
    assert (error.move, error.text) == (cut, "")
    assert f"move {cut}" in str(error) and "missing" in str(error)
    with pytest.raises(package.SerializationError):
        package.loads_record(text[: rng.randrange(len(text) - 2)])


@pytest.mark.parametrize("name", PACKAGES)
@pytest.mark.parametrize("seed", range(6))
def test_a_tampered_move_is_refused_at_that_move(name: str, seed: int) -> None:
    """UC-32, KC-17: a move replaced by unreadable text, or by a move some seat made
    elsewhere in the game that is illegal where it now stands, is refused at that move,
    naming its number and text (and the ruling of an illegal one); tampered scores are
    refused after the last move."""
    package = PACKAGES[name]
    start, _, text = seeded_game(name, seed)
    body = _body(text)
    moves = body["moves"]
    rng = random.Random(seed)
    at = rng.randrange(len(moves))
    garbage = {**body, "moves": [*moves[:at], "p0 fly away", *moves[at + 1:]]}
    error = _refused_at(package, _with(name, garbage))
    assert (error.move, error.text) == (at + 1, "p0 fly away")
    assert f"move {at + 1} ('p0 fly away')" in str(error)
    state = start
    for move in moves[:at]:
        state = state.apply(package.parse_action(move))
    illegal = [m for m in moves if not state.is_legal(package.parse_action(m))]
    if illegal:
        other = rng.choice(illegal)
        tampered = {**body, "moves": [*moves[:at], other, *moves[at + 1:]]}
        error = _refused_at(package, _with(name, tampered))
        assert (error.move, error.text) == (at + 1, other)
        with pytest.raises(package.IllegalActionError) as why:
            state.apply(package.parse_action(other))
        assert (error.reason, error.ruling) == (why.value.reason, why.value.ruling)
    scores = [score + (seat == 0) for seat, score in enumerate(body["scores"])]
    error = _refused_at(package, _with(name, {**body, "scores": scores}))
    assert (error.move, error.text) == (len(moves) + 1, "")


@pytest.mark.parametrize("name", PACKAGES)
@pytest.mark.parametrize("seed", range(8))
def test_a_reordered_record_is_refused_at_the_first_move_swapped(name: str, seed: int) -> None:
    """UC-32, KC-17: two neighbouring moves swapped at a random place are refused at the
    first of them, whether it is illegal where it now stands or legal in either order (two
    exchanges or passes of one Karibou Camp period, the secret choices of one Lost Camper
    pass): its digest differs."""
    package = PACKAGES[name]
    _, _, text = seeded_game(name, seed)
    body = _body(text)
    moves = body["moves"]
    rng = random.Random(seed)
    places = [k for k in range(len(moves) - 1) if moves[k] != moves[k + 1]]
    for k in rng.sample(places, min(5, len(places))):
        swapped = [*moves[:k], moves[k + 1], moves[k], *moves[k + 2:]]
        error = _refused_at(package, _with(name, {**body, "moves": swapped}))
        assert (error.move, error.text) == (k + 1, moves[k + 1])


@pytest.mark.parametrize("name", PACKAGES)
@pytest.mark.parametrize("seed", range(8))
def test_a_record_without_digests_is_refused_where_the_order_breaks(name: str, seed: int
                                                                     ) -> None:
    """UC-32, KC-17: a record written before digests existed still loads and replays;
    two moves swapped in it are refused at the first that is illegal where it now stands,
    or, when both are legal in either order, at a later move or at its end when its
    scores differ, else it replays as another legal game."""
    package = PACKAGES[name]
    start, final, text = seeded_game(name, seed)
    body = {key: value for key, value in _body(text).items() if key != "digests"}
    assert package.replay(package.loads_record(_with(name, body))) == final
    assert package.loads_record(_with(name, body)).digests is None
    moves = body["moves"]
    rng = random.Random(seed)
    places = [k for k in range(len(moves) - 1) if moves[k] != moves[k + 1]]
    for k in rng.sample(places, min(5, len(places))):
        swapped = [*moves[:k], moves[k + 1], moves[k], *moves[k + 2:]]
        try:
            replayed = package.replay(package.loads_record(_with(name, {**body, "moves": swapped})))
        except package.RecordError as error:
            assert error.text == (swapped[error.move - 1] if error.move <= len(moves) else "")
            if error.move not in (k + 1, k + 2):
                assert error.move > k + 2 and both_legal(package, start, swapped, k)
        else:
            assert replayed.scores == final.scores and both_legal(package, start, swapped, k)


@pytest.mark.parametrize("name", PACKAGES)
@pytest.mark.parametrize("seed", range(6))
def test_a_move_replaced_by_another_legal_one_is_refused_at_that_move(name: str, seed: int
                                                                       ) -> None:
    """UC-32, KC-17: a move replaced by another move legal where it stands makes another
    game, refused at that move by its digest; a digest changed is refused at its move."""
    package = PACKAGES[name]
    start, _, text = seeded_game(name, seed)
    body = _body(text)
    moves = body["moves"]
    rng = random.Random(seed)
    state, choices = start, []
    for number, move in enumerate(moves):
        others = [str(a) for seat in sorted(state.actors) for a in state.legal_actions(seat)
                  if str(a) != move]
        if others:
            choices.append((number, rng.choice(others)))
        state = state.apply(package.parse_action(move))
    for at, other in rng.sample(choices, min(4, len(choices))):
        error = _refused_at(package, _with(name, {**body, "moves": [*moves[:at], other,
                                                                   *moves[at + 1:]]}))
        assert (error.move, error.text) == (at + 1, other) and "digest" in error.reason
    at = rng.randrange(len(moves))
    digests = list(body["digests"])
    digests[at] = format(int(digests[at], 16) ^ 1, "016x")
    error = _refused_at(package, _with(name, {**body, "digests": digests}))
    assert (error.move, error.text) == (at + 1, moves[at])


@pytest.mark.parametrize("name", PACKAGES)
def test_a_move_digest_is_sixteen_hex_digits_of_the_move_and_its_state(name: str) -> None:
    """KC-17, UC-32: ``move_digest`` is the SHA-256 of the move's text and ``dumps`` of the
    state it leads to, cut to 16 hex digits: equal states give equal digests; another
    state or another text, another digest; what is no text or no State is refused."""
    package = PACKAGES[name]
    root = uc.CampersError if package is uc else kc.KaribouError
    start = package.new_game(4, 11)
    move = start.legal_actions(min(start.actors))[0]
    after = start.apply(move)
    digest = package.move_digest(str(move), after)
    assert digest == hashlib.sha256(f"{move}\n{package.dumps(after)}".encode()).hexdigest()[:16]
    assert digest == package.move_digest(str(move), package.loads(package.dumps(after)))
    assert package.move_digest(str(move), start) != digest
    assert package.move_digest(str(move) + " ", after) != digest
    for bad in ((str(move), after.view(0)), (move, after), (None, after)):
        with pytest.raises(root):
            package.move_digest(*bad)


def both_legal(package: Any, start: Any, moves: list[str], k: int) -> bool:
    """Whether moves ``k`` and ``k + 1`` are both legal where they stand."""
    state = start
    for move in moves[: k + 2]:
        action = package.parse_action(move)
        if not state.is_legal(action):
            return False
        state = state.apply(action)
    return True


@pytest.mark.parametrize("name", PACKAGES)
def test_records_are_bounded_like_loads(name: str) -> None:
    """Issue 30: ``loads_record`` refuses a document longer than ``max_bytes`` or with
    more moves than ``max_moves`` (a bool is no count), before any move is replayed."""
    package = PACKAGES[name]
    _, _, text = seeded_game(name, 1)
    count = len(_body(text)["moves"])
    assert package.loads_record(text, max_moves=count).moves
    with pytest.raises(package.SerializationError, match="exceeds"):
        package.loads_record(text, max_moves=count - 1)
    with pytest.raises(package.SerializationError):
        package.loads_record(text, max_bytes=len(text) - 10)
    for bad in (True, -1, 2.0, None):
        with pytest.raises(package.SerializationError):
            package.loads_record(text, max_moves=bad)
    assert package.MAX_MOVES == 50_000


@pytest.mark.parametrize("name", PACKAGES)
def test_malformed_records_raise_serialization_error_only(name: str) -> None:
    """Issue 30: a record of the wrong shape (a key missing or added, a move that is no
    text, a seed and a start, neither, a bad config, scores of another size, a bool for
    a seed, digests that are not 16 lowercase hex digits per move) raises the package's
    SerializationError."""
    package = PACKAGES[name]
    start, _, text = seeded_game(name, 2)
    body = _body(text)
    position = json.loads(package.dumps(start))["state"]
    bad = [
        {k: v for k, v in body.items() if k != "scores"},
        {**body, "extra": 1},
        {**body, "moves": [1, 2]},
        {**body, "moves": "p1 draw 1"},
        {**body, "start": position},
        {**body, "seed": None},
        {**body, "seed": True},
        {**body, "config": {"rounds": 0} if package is uc else {"winning_score": 0}},
        {**body, "config": []},
        {**body, "scores": [0]},
        {**body, "scores": [True] * start.num_players},
        {**body, "players": ["x"] * 9},
        {**body, "players": [1] * start.num_players},
        {**body, "players": ["y" * 101] * start.num_players},
        {**body, "digests": body["digests"][:-1]},
        {**body, "digests": [d.upper() for d in body["digests"]]},
        {**body, "digests": [d + "0" for d in body["digests"]]},
        {**body, "digests": "0" * 16},
        {**body, "digests": [1] * len(body["digests"])},
        [],
    ]
    for value in bad:
        with pytest.raises(package.SerializationError):
            package.loads_record(_with(name, value))  # type: ignore[arg-type]
    for document in ({"format": TAGS[name]}, {"format": "x/1", "record": body}, [1]):
        with pytest.raises(package.SerializationError):
            package.loads_record(json.dumps(document))


@pytest.mark.parametrize("name", PACKAGES)
def test_dumps_record_checks_the_moves_it_writes(name: str) -> None:
    """UC-32, KC-17: ``dumps_record`` writes only records that replay: an illegal action
    raises RecordError naming it; a start that is no state, names of another count or a
    seed that is no int raise the package's error."""
    package = PACKAGES[name]
    root = uc.CampersError if package is uc else kc.KaribouError
    start = package.new_game(4, 1)
    legal = start.legal_actions(min(start.actors))[0]
    illegal = next(a for seat in range(4) for a in start.legal_actions(seat)
                   if not start.apply(legal).is_legal(a)) if package is uc else legal
    if package is kc:
        illegal = kc.CompleteHand(0, kc.PILE)
    with pytest.raises(package.RecordError) as caught:
        package.dumps_record(start, [legal, illegal])
    assert caught.value.move == 2 and caught.value.text == str(illegal)
    if package is uc:
        with pytest.raises(uc.RecordError, match="whole actions") as caught:
            package.dumps_record(start, [legal, uc.StartClaim(2, 0)])
        assert caught.value.move == 2
    calls: tuple[Callable[[], object], ...] = (
                 lambda: package.dumps_record(start.view(0), []),
                 lambda: package.dumps_record(start, [], players=["a"]),
                 lambda: package.dumps_record(start, [], seed=True),
                 lambda: package.replay(text_of(package, start)))
    for call in calls:
        with pytest.raises(root):
            call()


def text_of(package: Any, start: Any) -> str:
    return str(package.dumps_record(start, []))


@pytest.mark.parametrize("name", PACKAGES)
def test_play_game_returns_or_writes_the_record(name: str, tmp_path: Path) -> None:
    """Issue 30: ``play_game(record=True)`` returns the final state and the record;
    ``record=PATH`` and ``record=STREAM`` write the same record as JSON text; without
    ``record`` it returns the final state alone, the same game."""
    package = PACKAGES[name]
    start = package.new_game(3, 4, SHORT[name])
    bots = [package.RandomBot()] * 3
    final = package.play_game(start, bots, 4)
    again, record = package.play_game(start, bots, 4, record=True)
    assert again == final and isinstance(record, package.Record)
    path = tmp_path / "game.json"
    assert package.play_game(start, bots, 4, record=path) == final
    stream = io.StringIO()
    assert package.play_game(start, bots, 4, record=str(path) + "2") == final
    assert package.play_game(start, bots, 4, record=stream) == final
    written = path.read_text()
    assert written == stream.getvalue() == Path(str(path) + "2").read_text()
    assert package.loads_record(written) == record
    assert package.replay(record) == final


@pytest.mark.parametrize("seed", [0, 7, 12])
def test_a_karibou_record_of_the_old_deal_is_refused_naming_the_deal(seed: int) -> None:
    """Issue 29: ``karibou/3`` changed Karibou Camp's deal, so a ``karibou/2`` (or
    ``karibou/1``) record, seeded or from a start position (whose refills and next rounds
    are shuffled too), cannot replay: ``loads_record`` refuses it with a
    SerializationError that names the deal change, and reads today's record."""
    start, _, text = seeded_game("karibou", seed)
    from_start = kc.dumps_record(kc.from_position(start.teams, start.hands, start.center,
                                                  start.pile, start.discard, seed=seed), [])
    for current in (text, from_start):
        document = json.loads(current)
        assert document["format"] == "karibou/3"
        kc.loads_record(current)
        for old in ("karibou/1", "karibou/2"):
            with pytest.raises(kc.SerializationError) as caught:
                kc.loads_record(json.dumps({**document, "format": old}))
            assert str(caught.value) == (
                f"a {old} record cannot replay: karibou/3 changed the deal (the shuffle), so "
                f"the same seed deals other cards than when it was written")
