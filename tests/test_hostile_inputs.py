"""Hostile input to the entry points both packages share (the embedding contract: bad
input never hangs a call and every error a caller can meet is the package's own)."""

from __future__ import annotations

import json
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, get_args

import attrs
import pytest

import campers_rules as uc
import karibou_rules as kc

_ROOT = (uc.CampersError, kc.KaribouError)


def _campers_documents() -> list[tuple[Callable[[str], object], dict[str, Any], str]]:
    state = uc.new_game(4, 3)
    return [(uc.loads, json.loads(uc.dumps(state)), "state"),
            (uc.loads_view, json.loads(uc.dumps(state.view(1))), "view")]


def _karibou_documents() -> list[tuple[Callable[[str], object], dict[str, Any], str]]:
    state = kc.new_game(4, 3)
    return [(kc.loads, json.loads(kc.dumps(state)), "state"),
            (kc.loads_view, json.loads(kc.dumps(state.view(1))), "view")]


def _long_lists() -> list[tuple[Callable[[str], object], str, str]]:
    """Every list field of a state and a view replaced by 60,000 bad items (well under
    ``MAX_BYTES``), as (loader, document, field)."""
    cases = []
    for loader, document, key in _campers_documents() + _karibou_documents():
        for name, value in document[key].items():
            if isinstance(value, list):
                for item in (0, "B2", [None]):
                    long = {**document, key: {**document[key], name: [item] * 60_000}}
                    cases.append((loader, json.dumps(long), f"{key}.{name}"))
    return cases


@pytest.mark.parametrize(("loader", "text", "field"), _long_lists(),
                         ids=lambda value: value if isinstance(value, str) and
                         len(value) < 40 else "")  # fmt: skip
def test_embedding_contract_a_long_bad_list_is_refused_at_once(
        loader: Callable[[str], object], text: str, field: str) -> None:
    """Embedding contract (UC-1, KC-2 loaders): a document under ``MAX_BYTES`` whose list
    holds tens of thousands of bad items is refused with the package's error after a
    few of its errors, not one structuring error per item (that took seconds to a
    minute per document)."""
    with pytest.raises(_ROOT) as caught:
        loader(text)
    assert _errors(caught.value.__context__) <= 8, field


def _errors(error: BaseException | None) -> int:
    """How many leaf errors a refusal's structuring error holds."""
    if isinstance(error, BaseExceptionGroup):
        return sum(_errors(inner) for inner in error.exceptions)
    return int(error is not None)


_PARSERS: list[tuple[str, Callable[[Any], object], type[Exception]]] = [
    ("uc.Card.parse", uc.Card.parse, uc.ParseError),
    ("uc.parse_cards", uc.parse_cards, uc.ParseError),
    ("uc.Placed.parse", uc.Placed.parse, uc.ParseError),
    ("uc.Group.parse", uc.Group.parse, uc.ParseError),
    ("uc.Request.parse", uc.Request.parse, uc.ParseError),
    ("uc.Requirement.parse", uc.Requirement.parse, uc.ParseError),
    ("uc.parse_action", uc.parse_action, uc.ParseError),
    ("uc.parse_campsite", lambda text: uc.parse_campsite(text, "c01"), uc.ParseError),
    ("uc.parse_catalogue", uc.parse_catalogue, uc.ParseError),
    ("kc.Card.parse", kc.Card.parse, kc.ParseError),
    ("kc.Team.parse", kc.Team.parse, kc.ParseError),
    ("kc.parse_tile", kc.parse_tile, kc.ParseError),
    ("kc.parse_cards", kc.parse_cards, kc.ParseError),
    ("kc.parse_action", kc.parse_action, kc.ParseError),
]
_NOT_TEXT: list[object] = [None, 5, True, 10**5000, 1.5, float("nan"), b"B2", bytearray(b"x"),
                           ["B2"], ("Duck",), {"B2": 1}, object(), uc.Color.BLUE,
                           kc.Card.DUCK, uc.Phase.DRAW, kc.Phase.DEALT]  # fmt: skip


@pytest.mark.parametrize(("name", "parse", "error"), _PARSERS, ids=[p[0] for p in _PARSERS])
@pytest.mark.parametrize("value", _NOT_TEXT, ids=lambda value: type(value).__name__)
def test_embedding_contract_every_text_reader_refuses_what_is_not_text(
        name: str, parse: Callable[[Any], object], error: type[Exception], value: object) -> None:
    """Embedding contract (UC-1, KC-2 text forms): a reader of a card's, group's,
    requirement's, campsite's or action's text given something that is not text (None, a
    number, bytes, a list, an enum member of either game) raises the package's
    ParseError naming what it got; they raised AttributeError or TypeError."""
    given = value
    if name == "uc.parse_catalogue" and isinstance(value, list | tuple | dict):
        given = [value]  # a catalogue is read from lines of text: these would be lines
    with pytest.raises(error, match="text") as caught:
        parse(given)
    assert type(value).__name__ in str(caught.value), name


_HUGE = 10**5000  # past Python's int-to-text limit: it cannot even be printed
_UC = uc.new_game(3, 1)
_KC = kc.new_game(4, 1)
_HUGE_CALLS: dict[str, Callable[[int], object]] = {
    "uc.new_game players": lambda n: uc.new_game(n, 1),
    "uc.Config rounds": lambda n: uc.Config(rounds=n),
    "uc.Config turn_cap": lambda n: uc.Config(turn_cap=n),
    "uc.Config claim_limit": lambda n: uc.Config(claim_limit=n),
    "uc.Config ask_everyone": lambda n: uc.Config(ask_everyone=n),  # type: ignore[arg-type]
    "uc.State.view": lambda n: _UC.view(n),
    "uc.simulate games": lambda n: uc.simulate(n, 3),
    "uc.simulate seed": lambda n: next(uc.simulate(1, 3, seed=n, config=uc.Config(rounds=1))),
    "uc.new_game seed": lambda n: uc.new_game(3, n),
    "kc.new_game seed": lambda n: kc.new_game(4, n),
    "kc.simulate seed": lambda n: next(kc.simulate(1, 4, seed=n)),
    "uc.game_seed seed": lambda n: uc.game_seed(n, 0),
    "uc.game_seed index": lambda n: uc.game_seed(0, n),
    "kc.new_game players": lambda n: kc.new_game(n, 1),
    "kc.Config winning_score": lambda n: kc.Config(winning_score=n),
    "kc.NoticingModel teammate": lambda n: kc.NoticingModel(teammate=n),
    "kc.State.view": lambda n: _KC.view(n),
    "kc.simulate games": lambda n: kc.simulate(n, 4),
    "kc.game_seed seed": lambda n: kc.game_seed(n, 0),
    "kc.game_seed index": lambda n: kc.game_seed(0, n),
    "kc.play_game seed": lambda n: kc.play_game(_KC, [kc.RandomBot()] * 4, n),
}


@pytest.mark.parametrize("name", sorted(_HUGE_CALLS))
@pytest.mark.parametrize("sign", [1, -1])
def test_embedding_contract_an_int_too_long_to_print_is_refused_by_the_package(
        name: str, sign: int) -> None:
    """Embedding contract (UC-2, KC-2, UC-21, KC-11, KC-19): an int of 5,000 digits
    where a count, a seat, an option or a seed is wanted is refused with the package's
    error (a game's or a simulation's seed is an int from 0 to MAX_SEED, issue 27; a bot
    scheduler's seed may be any int), never the ValueError Python raises when a message
    or a seed's text tries to print it."""
    accepted = name in _ANY_INT or (name.endswith("simulate games") and sign > 0)
    try:
        result = _HUGE_CALLS[name](sign * _HUGE)
    except _ROOT as error:
        assert not accepted
        assert "<int of" in str(error) or "bits" in str(error), str(error)
    else:
        assert accepted and result is not None


_ANY_INT = {"uc.game_seed seed", "uc.game_seed index", "kc.game_seed seed",
            "kc.game_seed index", "kc.play_game seed"}
"""Calls that take any int: a bot scheduler's seed, a game's index."""


_ARGUMENT_CALLS: dict[str, Callable[[Any], object]] = {
    "uc.action_id config": lambda bad: uc.action_id(uc.Draw(0, 1), bad),
    "uc.action_steps config": lambda bad: uc.action_steps(uc.Draw(0, 1), bad),
    "uc.action_from_id config": lambda bad: uc.action_from_id(0, 0, bad),
    "uc.num_distinct_actions config": lambda bad: uc.num_distinct_actions(3, bad),
    "uc.max_legal_ids config": lambda bad: uc.max_legal_ids(3, bad),
    "kc.action_id config": lambda bad: kc.action_id(kc.Reveal(0), bad),
    "kc.action_from_id config": lambda bad: kc.action_from_id(0, 0, bad),
    "kc.num_distinct_actions config": lambda bad: kc.num_distinct_actions(4, bad),
    "kc.max_legal_ids config": lambda bad: kc.max_legal_ids(4, bad),
    "uc.loads max_bytes": lambda bad: uc.loads(uc.dumps(_UC), max_bytes=bad),
    "uc.loads_view max_bytes": lambda bad: uc.loads_view(uc.dumps(_UC.view(0)), max_bytes=bad),
    "uc.loads_action max_bytes": lambda bad: uc.loads_action(uc.dumps(uc.Draw(0, 1)),
                                                             max_bytes=bad),
    "uc.loads backends": lambda bad: uc.loads(uc.dumps(_UC), backends=bad),
    "uc.simulate bots": lambda bad: uc.simulate(1, 3, bad),
    "kc.simulate bots": lambda bad: kc.simulate(1, 4, bad),
    "uc.seat_bots bots": lambda bad: uc.seat_bots(bad, 3, 0),
    "kc.seat_bots bots": lambda bad: kc.seat_bots(bad, 4, 0),
}


@pytest.mark.parametrize("name", sorted(_ARGUMENT_CALLS))
@pytest.mark.parametrize("bad", [None, True, 5, -1, 1.5, "", "x", b"random", [], [[]], {},
                                 object(), uc.Color.BLUE, kc.Card.DUCK],
                         ids=lambda value: type(value).__name__)  # fmt: skip
def test_embedding_contract_a_malformed_option_is_refused_by_the_package(
        name: str, bad: object) -> None:
    """Embedding contract (UC-1, KC-2): an option a caller passes (a config that is no
    ``Config``, a ``max_bytes`` that is no count of bytes, ``backends`` that are no
    collection of names, bot names that are no list of registered names) is refused with
    the package's error; they raised AttributeError, TypeError or ZeroDivisionError."""
    if bad is None and name.endswith("config"):  # None is the default configuration
        assert _ARGUMENT_CALLS[name](bad) is not None
        return
    with pytest.raises(_ROOT):
        _ARGUMENT_CALLS[name](bad)


def test_embedding_contract_one_packages_config_is_refused_by_the_others_id_functions() -> None:
    """Embedding contract (UC-1, KC-2): the id functions take their own package's
    ``Config`` only (Karibou Camp's space takes no option, and still refuses another)."""
    for call in (lambda: kc.action_id(kc.Reveal(0), uc.Config()),
                 lambda: kc.action_from_id(0, 0, uc.Config()),
                 lambda: kc.num_distinct_actions(4, uc.Config()),
                 lambda: kc.max_legal_ids(4, uc.Config())):
        with pytest.raises(kc.PositionError, match="config must be a Config"):
            call()
    for campers_call in (lambda: uc.action_from_id(0, 0, kc.Config()),  # type: ignore[arg-type]
                         lambda: uc.max_legal_ids(3, kc.Config())):  # type: ignore[arg-type]
        with pytest.raises(uc.PositionError, match="config must be a Config"):
            campers_call()
    assert kc.num_distinct_actions(4, kc.Config()) == kc.num_distinct_actions(4)


_PLAYERS = {"uc": (uc, 3, uc.RandomBot), "kc": (kc, 4, kc.RandomBot)}


@pytest.mark.parametrize(("name", "argument"), [
    (name, argument) for name in sorted(_PLAYERS) for argument in ("state", "bots", "seed")
] + [("kc", "max_actions")])  # only Karibou Camp's play_game takes max_actions
@pytest.mark.parametrize("bad", [None, "3", 1.5, True, object(), -1],
                         ids=lambda value: type(value).__name__)
def test_embedding_contract_play_game_refuses_what_it_cannot_play(
        name: str, argument: str, bad: object) -> None:
    """Embedding contract (UC-2, KC-2): ``play_game`` refuses a start that is no State (a
    View included), bots that are no sequence of one bot per seat, a seed that is no int
    (``random.Random(None)`` would seed from the clock: a game no seed repeats) and, in
    Karibou Camp, a ``max_actions`` that is no count, with the package's error."""
    package, players, bot = _PLAYERS[name]
    state = package.new_game(players, 1)
    arguments: dict[str, Any] = {"state": state, "bots": [bot()] * players, "seed": 1}
    if argument == "state" and bad == -1:
        arguments["state"] = state.view(0)  # a view is no state
    elif argument == "seed" and bad == -1:
        arguments["seed"] = 2**70  # any int seeds: this one plays
        assert package.play_game(**arguments).is_over
        return
    else:
        arguments[argument] = bad
    with pytest.raises(_ROOT):
        package.play_game(**arguments)
    assert state == package.new_game(players, 1)


_ACTION_CLASSES = [
    (f"{short}.{kind.__name__}", kind)
    for short, kinds in (("uc", (*get_args(uc.Action), *get_args(uc.Step))),
                         ("kc", get_args(kc.Action)))
    for kind in kinds
]
_ABSURD: list[object] = [10**5000, -10**5000, None, -3, "x", [None], object(), 1.5]


@pytest.mark.parametrize(("name", "kind"), _ACTION_CLASSES, ids=[n for n, _ in _ACTION_CLASSES])
def test_embedding_contract_a_hand_built_actions_text_never_raises(name: str, kind: type) -> None:
    """Embedding contract (UC-1, KC-2 text forms): ``str`` and ``repr`` of a hand-built
    action with an absurd field (an int of 5,000 digits, ``None``, a negative count, a
    text where an int goes, an object) give a short text naming the class and the field;
    they raised ValueError (Python's int-to-text limit), TypeError or AttributeError."""
    fields = attrs.fields(kind)
    for field in fields:
        for value in _ABSURD:
            action = kind(**{other.name: value if other is field else 0 for other in fields})
            for text in (str(action), repr(action)):
                assert isinstance(text, str), (name, field.name)
            if isinstance(value, int) and abs(value) > 10**4300:
                assert f"{field.name}=<int of" in str(action), str(action)


def test_the_text_of_a_well_formed_action_is_unchanged() -> None:
    """The fallback shows only actions whose text cannot be formed."""
    assert (str(uc.Draw(1, 2)), repr(uc.Draw(1, 2))) == ("p1 draw 2", "Draw(player=1, count=2)")
    assert str(kc.Sign(1, kc.Card.DUCK, frozenset({0}))) == "p1 sign Duck seen by p0"
    assert str(uc.Draw(-3, "x")) == "p-3 draw x"  # type: ignore[arg-type]  # printable: kept


def _applied(name: str) -> tuple[Any, Any, Any, Any]:
    """A package, a state, one of its legal actions and the state that action leads to."""
    package, players, _ = _PLAYERS[name]
    state = package.new_game(players, 1)
    action = state.legal_actions(min(state.actors) if name == "uc" else 0)[0]
    return package, state, action, state.apply(action)


_NOT_APPLIED = ["other game's action", "other game's state", None, "p0 reveal", 3, "huge seat",
                "no seat", "illegal", "wrong after", "a view"]  # fmt: skip


@pytest.mark.parametrize("name", sorted(_PLAYERS))
@pytest.mark.parametrize("case", _NOT_APPLIED, ids=str)
def test_embedding_contract_describe_action_refuses_what_was_not_applied(
        name: str, case: object) -> None:
    """Embedding contract (UC-1, KC-2): ``describe_action`` given the other game's action,
    no action, a malformed or illegal action, or states that are not the ones around it
    raises the package's error; it raised AssertionError, AttributeError, IndexError or
    ValueError, or described the impossible ("p1 draws -2 from the deck")."""
    package, before, action, after = _applied(name)
    other = _applied("kc" if name == "uc" else "uc")
    arguments: list[Any] = [before, action, after]
    if case == "other game's action":
        arguments[1] = other[2]
    elif case == "other game's state":
        arguments[2] = other[3]
    elif case == "huge seat":
        arguments[1] = attrs.evolve(action, player=_HUGE)
    elif case == "no seat":
        arguments[1] = attrs.evolve(action, player=9)
    elif case == "illegal":
        arguments[0] = after  # the action is not legal again
        arguments[2] = after.apply(after.legal_actions(min(after.actors))[0])
    elif case == "wrong after":
        arguments[2] = before
    elif case == "a view":
        arguments[0] = before.view(0)
    else:
        arguments[1] = case
    with pytest.raises(_ROOT):
        package.describe_action(*arguments)
    assert isinstance(package.describe_action(before, action, after), str)


def _written_objects() -> list[tuple[str, Any, Any]]:
    """(name, package, a state or view) of both games."""
    return [(f"{name} {kind}", package, obj)
            for name, (package, players, _) in sorted(_PLAYERS.items())
            for kind, obj in (("state", package.new_game(players, 1)),
                              ("view", package.new_game(players, 1).view(0)))]  # fmt: skip


@pytest.mark.parametrize(("name", "package", "obj"), _written_objects(),
                         ids=[name for name, _, _ in _written_objects()])
def test_embedding_contract_dumps_of_a_broken_state_or_view_raises_the_packages_error(
        name: str, package: Any, obj: Any) -> None:
    """Embedding contract (UC-1, KC-2 documents): ``dumps`` of a state or view evolved so
    that a field holds nonsense (an int of 5,000 digits, an object, a list of objects,
    ``None``, a text) raises the package's SerializationError or writes a document that
    ``loads`` refuses with it (or reads back, for a value that was legal); it raised
    AttributeError (a phase that is no Phase), TypeError (no JSON form) or ValueError (an
    int too long to print)."""
    load = package.loads if "state" in name else package.loads_view
    raised = 0
    for field in attrs.fields(type(obj)):
        if not field.init:
            continue
        for value in (_HUGE, object(), [object()], None, "x"):
            broken = attrs.evolve(obj, **{field.name: value})
            try:
                text = package.dumps(broken)
            except package.SerializationError:
                raised += 1
                continue
            try:
                loaded = load(text)
            except package.SerializationError:
                continue
            assert loaded == broken, (field.name, value)  # a legal value (a None pending)
    assert raised > 0, name


class _CountingExecutor(ThreadPoolExecutor):
    """A one-thread executor that counts the tasks submitted to it."""

    def __init__(self) -> None:
        super().__init__(1)
        self.submitted = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.submitted += 1
        return super().submit(fn, *args, **kwargs)

    def map(self, *_: Any, **__: Any) -> Any:
        raise AssertionError("map submits every task at once")


_SIMULATIONS = {"uc": (uc, 2, {"config": uc.Config(rounds=1)}), "kc": (kc, 3, {})}


@pytest.mark.parametrize("name", sorted(_SIMULATIONS))
def test_embedding_contract_simulate_on_an_executor_keeps_a_bounded_window(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Embedding contract (UC-1, KC-2 simulations): ``simulate`` with an executor (the
    CLI's ``--jobs``) submits at most ``IN_FLIGHT`` tasks ahead of the one being read, so
    a huge game count keeps memory flat; it built and submitted every task up front
    (``executor.map`` of a list: 2.5 million tasks for 10**7 games). The records and
    their order are those of a serial run."""
    package, players, options = _SIMULATIONS[name]
    module = package._simulate
    monkeypatch.setattr(module, "IN_FLIGHT", 3)  # a small window: the test plays few games
    per_task = module.GAMES_PER_TASK
    with _CountingExecutor() as pool:
        records = package.simulate(10**7, players, ("random",), seed=2, executor=pool,
                                   **options)  # fmt: skip
        read = []
        for record in records:
            read.append(record)
            assert pool.submitted == (len(read) - 1) // per_task + 3
            if len(read) == 2 * per_task + 1:
                break
        records.close()  # the reader stops: the tasks still waiting are cancelled
    serial = package.simulate(10**7, players, ("random",), seed=2, **options)
    assert read == [next(serial) for _ in read]
