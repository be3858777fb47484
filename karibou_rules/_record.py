"""Game records that replay, as PGN does for chess (``docs/hosting.rst``).

A record is a document in the envelope, ``{"format": "karibou/3", "record": {...}}``: the
seats' names, the seed, the config, the start position only when it is not the seeded
deal, every move in its text form (a sign with who noticed it, KC-7), and the final scores
once the game is over. Chance comes from the seed, so a record holds no hidden card it
does not need. A record written before ``karibou/3`` (a ``karibou/1`` or ``karibou/2`` one)
was dealt by the earlier shuffle, which deals other cards from the same seed: it cannot
replay, and :func:`loads_record` refuses it saying so.

>>> from karibou_rules import HeuristicBot, new_game, play_game
>>> start = new_game(3, seed=4)
>>> final, record = play_game(start, [HeuristicBot()] * 3, seed=4, record=True)
>>> record.seed, record.start, record.moves[:2]
(4, None, ('p0 reveal', 'p0 scout'))
>>> replay(loads_record(dumps_record(start, record.actions()))) == final
True
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterable, Sequence
from typing import TextIO

import attrs

from karibou_rules._actions import Action, parse_action
from karibou_rules._config import Config
from karibou_rules._deal import is_seed
from karibou_rules._errors import (
    IllegalActionError,
    KaribouError,
    ParseError,
    SerializationError,
    quote,
)
from karibou_rules._serial import _CONVERTER as CONVERTER
from karibou_rules._serial import (
    _FORMAT_1,
    _FORMAT_2,
    FORMAT,
    MAX_BYTES,
    _parse,
    dumps,
    loads,
    payload,
    unwrap,
)
from karibou_rules._state import State, new_game

MAX_MOVES = 50_000
"""The most moves :func:`loads_record` reads by default (a game to 9 points has some 20
to 200; a longer record needs a larger ``max_moves``)."""
MAX_NAME = 100
"""The longest name of a seat a record holds."""
RecordTo = str | os.PathLike[str] | TextIO
"""Where :func:`play_game` writes the game's record: a file's path, or a text stream."""
_KEYS = frozenset({"players", "seed", "config", "start", "moves", "scores"})
_DIGEST = re.compile(r"[0-9a-f]{16}")


class RecordError(SerializationError):
    """A record whose move does not replay: unreadable, illegal where it stands, or missing
    (the record ends before the game its scores say is over), or whose end differs.

    Attributes:
        move: The move's number, from 1 (one past the last for a missing move or a
            different end).
        text: The move's text ("" when it is missing).
        reason: Why it does not replay.
        ruling: The ruling ID of an illegal move ("" when none applies).
    """

    def __init__(self, move: int, text: str, reason: str, ruling: str = "") -> None:
        where = f"move {move} ({quote(text)})" if text else f"move {move}"
        cited = f" [{ruling}]" if ruling else ""
        super().__init__(f"the record does not replay at {where}: {reason}{cited}")
        self.move = move
        self.text = text
        self.reason = reason
        self.ruling = ruling


@attrs.frozen
class Record:
    """A game record (:func:`loads_record`); :func:`replay` checks it and plays it."""

    players: tuple[str, ...]
    """Each seat's name."""
    config: Config
    """The options of the game."""
    seed: int | None
    """The seed of the deal, or ``None`` when the record holds its start."""
    start: State | None
    """The start position when it is not the seeded deal, else ``None``."""
    moves: tuple[str, ...]
    """Every move, in order, in its text form (``str(action)``, a sign with who noticed it)."""
    scores: tuple[int, ...] | None
    """The final scores once the game is over, else ``None``."""
    digests: tuple[str, ...] | None = None
    """Each move's :func:`move_digest`, or ``None`` in a record written without them."""

    def actions(self) -> list[Action]:
        """The moves read back as actions (not checked against any state: :func:`replay`
        does that).

        Raises:
            RecordError: A move's text is no action; the error names the move.
        """
        return [_parsed(number, text) for number, text in enumerate(self.moves, 1)]


def _parsed(number: int, text: str) -> Action:
    try:
        return parse_action(text)
    except ParseError as error:
        raise RecordError(number, text, str(error)) from None


def move_digest(move: str, after: State) -> str:
    """The digest a record keeps for a move: the first 16 hex digits of the SHA-256 of the
    move's text and of :func:`dumps` of the state it leads to.

    With one per move, :func:`replay` refuses a move changed, moved or left out at that
    very move, even where another order or another move is also legal.

    Raises:
        KaribouError: ``move`` is no text or ``after`` no State.
    """
    if type(move) is not str or type(after) is not State:
        raise KaribouError(f"a digest is of a move's text and a State, not "
                            f"{quote(move)} and {quote(after)}")
    return hashlib.sha256(f"{move}\n{dumps(after)}".encode()).hexdigest()[:16]


def dumps_record(start: State, actions: Iterable[Action], *, seed: int | None = None,
                 players: Sequence[str] | None = None) -> str:
    """The record of a game played from ``start`` with these actions, as JSON text.

    Args:
        start: The state the game started from.
        actions: Every action applied, in order.
        seed: The seed ``start`` was dealt from (``new_game(players, seed, config)``;
            default ``start.seed``): the record then holds the seed, not the start;
            otherwise it holds the start position.
        players: Each seat's name (default ``p0``, ``p1``...).

    Raises:
        RecordError: An action is illegal where it stands (the error names it).
        KaribouError: ``start`` is no State, ``seed`` no int, or ``players`` not one
            name (text of at most :data:`MAX_NAME` characters) per seat.
    """
    if type(start) is not State:
        raise KaribouError(f"a record starts from a State, not {quote(start)}")
    if seed is not None and type(seed) is not int:
        raise KaribouError(f"the seed must be an int, not {quote(seed)}")
    names = _names(players, start.num_players)
    seed = start.seed if seed is None else seed
    moves, digests, state = [], [], start
    for number, action in enumerate(actions, 1):
        state = _applied(state, number, action)
        moves.append(str(action))
        digests.append(move_digest(moves[-1], state))
    return record_text(make_record(start, moves, digests, state, seed, names))


def make_record(start: State, moves: Sequence[str], digests: Sequence[str], final: State,
                seed: int | None, names: Sequence[str]) -> Record:
    """The record of a game already played (its moves checked by the caller, and the
    :func:`move_digest` of each)."""
    seeded = seed is not None and start == new_game(start.num_players, seed, start.config)
    return Record(tuple(names), start.config, seed if seeded else None,
                  None if seeded else start, tuple(moves),
                  final.scores if final.is_over else None, tuple(digests))


def record_text(record: Record) -> str:
    """The JSON text of a record."""
    config = CONVERTER.unstructure(record.config)
    body = {
        "players": list(record.players),
        "seed": record.seed,
        "config": config,
        "start": None if record.start is None else payload(record.start),
        "moves": list(record.moves),
        "scores": None if record.scores is None else list(record.scores),
    }
    if record.digests is not None:
        body["digests"] = list(record.digests)
    return json.dumps({"format": FORMAT, "record": body})


def _names(players: object, seats: int) -> tuple[str, ...]:
    if players is None:
        return tuple(f"p{seat}" for seat in range(seats))
    if (isinstance(players, str) or not isinstance(players, Sequence) or len(players) != seats
            or any(type(name) is not str or len(name) > MAX_NAME for name in players)):
        raise KaribouError(f"players are one name (text of at most {MAX_NAME} characters) "
                           f"per seat, {seats} in all, not {quote(players)}")
    return tuple(players)


def _applied(state: State, number: int, action: object) -> State:
    """The state after move ``number``, or the :class:`RecordError` that names it."""
    try:
        return state.apply(action)  # type: ignore[arg-type]
    except IllegalActionError as error:
        raise RecordError(number, _text(action), error.reason, error.ruling) from None


def _text(action: object) -> str:
    try:
        return str(action)
    except Exception:  # a hostile object
        return quote(action)


def loads_record(text: str | bytes, *, max_bytes: int = MAX_BYTES, max_moves: int = MAX_MOVES
                 ) -> Record:
    """A record from JSON text, checked as far as it can be without replaying it.

    Args:
        text: The document (:func:`dumps_record`).
        max_bytes: The longest document accepted (default :data:`MAX_BYTES`).
        max_moves: The most moves accepted (default :data:`MAX_MOVES`).

    Raises:
        SerializationError: Bad JSON, too long, too many moves, a wrong shape, a start
            position :func:`loads` refuses, or a config the start does not have; or a
            record written before ``karibou/3``, whose deal this version does not make.
    """
    if type(max_moves) is not int or max_moves < 0:
        raise SerializationError(f"max_moves must be a count of moves, not {quote(max_moves)}")
    document = _parse(text, max_bytes, "record")
    if isinstance(document, dict) and document.get("format") in (_FORMAT_1, _FORMAT_2):
        raise SerializationError(
            f"a {document['format']} record cannot replay: {FORMAT} changed the deal (the "
            f"shuffle), so the same seed deals other cards than when it was written")
    body = unwrap(document, "record")
    if not isinstance(body, dict) or not _KEYS <= set(body) <= _KEYS | {"digests"}:
        raise SerializationError(f"not an Karibou Camp record: expected the keys "
                                 f"{sorted(_KEYS)}")
    moves = body["moves"]
    if not isinstance(moves, list) or any(type(move) is not str for move in moves):
        raise SerializationError("a record's moves are a list of texts")
    if len(moves) > max_moves:
        raise SerializationError(f"a record of {len(moves)} moves exceeds {max_moves}")
    config = _config(body["config"])
    start = None if body["start"] is None else loads(
        json.dumps({"format": FORMAT, "state": body["start"]}), max_bytes=max_bytes)
    seed = body["seed"]
    if (start is None) == (seed is None) or (seed is not None and not is_seed(seed)):
        raise SerializationError("a record holds either a seed (an int of at most 2048 "
                                 "bits) or a start")
    if start is not None and start.config != config:
        raise SerializationError("a record's config is not its start's")
    seats = start.num_players if start is not None else len(body["players"])
    try:
        names = _names(body["players"], seats)
    except KaribouError as error:
        raise SerializationError(str(error)) from None
    scores = body["scores"]
    if scores is not None and (not isinstance(scores, list) or len(scores) != seats
                               or any(type(score) is not int for score in scores)):
        raise SerializationError("a record's scores are an int per seat, or null")
    return Record(names, config, seed, start, tuple(moves),
                  None if scores is None else tuple(scores), _digests(body, len(moves)))


def _digests(body: dict[str, object], moves: int) -> tuple[str, ...] | None:
    digests = body.get("digests")
    if digests is None:
        return None
    if (not isinstance(digests, list) or len(digests) != moves
            or any(type(d) is not str or not _DIGEST.fullmatch(d) for d in digests)):
        raise SerializationError("a record's digests are 16 hex digits per move, or absent")
    return tuple(digests)


def _config(value: object) -> Config:
    try:
        config: Config = CONVERTER.structure(value, Config)
    except Exception as error:  # cattrs wraps the config's own KaribouError
        raise SerializationError(f"not a record's config: {quote(str(error))}") from None
    return config


def write_record(target: RecordTo, text: str) -> None:
    """Write a record's text to a path or a text stream."""
    if isinstance(target, str | os.PathLike):
        with open(target, "w", encoding="utf-8") as out:
            out.write(text + "\n")
    else:
        target.write(text + "\n")


def replay(record: Record) -> State:
    """The final state of a record, every move checked.

    Raises:
        RecordError: A move is unreadable or illegal where it stands, leads to another
            state than its digest says, one is missing (the
            record's scores say the game is over before it is), or the game ends with
            other scores than the record's; the error names the move by number and text.
        KaribouError: ``record`` is no :class:`Record`, or names no game ``new_game``
            can deal (a seat count out of range).
    """
    if type(record) is not Record:
        raise KaribouError(f"replay takes a Record, not {quote(record)}")
    state = record.start
    if state is None:
        if record.seed is None:
            raise KaribouError("a record holds a seed or a start")
        state = new_game(len(record.players), record.seed, record.config)
    for number, text in enumerate(record.moves, 1):
        state = _applied(state, number, _parsed(number, text))
        if record.digests is not None and move_digest(text, state) != record.digests[number - 1]:
            raise RecordError(number, text, "it does not lead where the record says (its "
                              "digest differs): it or a move before it was changed, moved "
                              "or left out")
    end = len(record.moves) + 1
    if record.scores is None and state.is_over:
        raise RecordError(end, "", "the game is over but the record gives no scores")
    if record.scores is not None and not state.is_over:
        raise RecordError(end, "", "a move is missing: the record gives final scores but "
                          "the game goes on")
    if record.scores is not None and record.scores != state.scores:
        raise RecordError(end, "", f"the game ends with scores {list(state.scores)}, the "
                          f"record says {list(record.scores)}")
    return state

