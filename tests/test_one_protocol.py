"""One API shape and one check protocol for both packages (the embedding contract,
CONTRIBUTING.md): ``_rules.why_illegal(state, action, version=None)`` in both, read the
same way by ``is_legal`` and ``apply``; the same order of faults for a stale version (UC-32,
KC-17); the same id path; ``dumps`` of an action refuses what ``loads_action`` refuses."""

from __future__ import annotations

import inspect
import random
from types import ModuleType
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
import karibou_rules as kc
from campers_rules import _rules as uc_rules
from karibou_rules import _rules as kc_rules
from karibou_rules import _simulate as kc_simulate
from tests.tampering import tampered

PACKAGES = {"campers": (uc, uc_rules), "karibou": (kc, kc_rules)}
BAD_VALUES: tuple[object, ...] = ("x", 2.5, True)
"""Values of the wrong type for every field of every action of both games."""


def walk(package: ModuleType, seed: int, steps: int = 60) -> list[Any]:
    """The states of a random legal game of this package from a seed."""
    rng = random.Random(seed)
    state: Any
    if package is uc:
        state = uc.new_game(rng.randint(2, 6), seed, uc.Config(rounds=2, turn_cap=40))
    else:
        state = kc.new_game(rng.randint(3, 7), seed)
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        options = state.legal_actions(rng.choice(sorted(state.actors)))
        calm = [a for a in options if type(a) is not kc.PlacePawn] or options
        state = state.apply(rng.choice(calm if rng.random() < 0.9 else options))
        states.append(state)
    return states



def listed(states: list[Any]) -> list[Any]:
    """Every action listed for some actor in some of these states."""
    return [a for s in states for seat in sorted(s.actors) for a in s.legal_actions(seat)]


def malformed(actions: list[Any], rng: random.Random, count: int) -> list[Any]:
    """Actions with one field of the wrong type, from these well-formed ones."""
    out = []
    for action in rng.sample(actions, min(count, len(actions))):
        field = rng.choice(attrs.fields(type(action))).name
        out.append(tampered(action, field, rng.choice(BAD_VALUES)))
    return out


def refusal(state: Any, action: Any, version: object) -> Any:
    """The error ``apply`` raises for this action and version (the state unchanged)."""
    package = uc if isinstance(state, uc.State) else kc
    before = package.dumps(state)
    with pytest.raises(package.IllegalActionError) as caught:
        state.apply(action, version)
    assert package.dumps(state) == before
    return caught.value


@pytest.mark.parametrize("name", PACKAGES)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_embedding_contract_is_legal_and_apply_read_why_illegal(name: str, seed: int) -> None:
    """Embedding contract, UC-32, KC-17: in both packages ``why_illegal(state, action,
    version)`` is the one check: for legal, illegal and malformed actions and a missing,
    current, later or mistyped version, ``is_legal`` is ``why_illegal(...) is None`` and
    ``apply`` raises exactly the Problem's error class, reason and ruling (a stale one
    with both versions)."""
    package, rules = PACKAGES[name]
    rng = random.Random(seed)
    states = walk(package, seed)
    candidates = listed(states)
    candidates = [*rng.sample(candidates, min(30, len(candidates))),
                  *malformed(candidates, rng, 10), "p0 pass"]  # fmt: skip
    for state in states[::6]:
        for action in rng.sample(candidates, min(12, len(candidates))):
            for version in (None, state.version, state.version + 1, "v"):
                problem = rules.why_illegal(state, action, version)
                assert state.is_legal(action, version) is (problem is None)
                if problem is None:
                    state.apply(action, version)
                    continue
                error = refusal(state, action, version)
                assert (type(error), error.reason, error.ruling) == problem
                if type(error) is package.StaleActionError:
                    assert (error.sent, error.current) == (version, state.version)


@pytest.mark.parametrize("name", PACKAGES)
@pytest.mark.parametrize("case", ["malformed", "legal", "illegal"])
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_uc32_kc17_a_stale_version_comes_after_the_shape_and_before_the_rules(
    name: str, case: str, seed: int
) -> None:
    """UC-32, KC-17 (embedding contract): both packages order the faults of an action sent
    with a stale version alike. A malformed action (a field of the wrong type) is refused
    for its shape, with the very error it gets without a version; a legal action, and a
    well-formed action the rules refuse now (another phase, seat, hand; a finished game),
    are refused as stale (a later version as ahead of the state, FutureVersionError).
    ``is_legal`` says False for each."""
    package, rules = PACKAGES[name]
    rng = random.Random(seed)
    states = walk(package, seed)
    everything = listed(states)
    for state in states[::5]:
        legal = listed([state])
        if case == "legal":
            actions = rng.sample(legal, min(8, len(legal)))
        elif case == "illegal":
            actions = [a for a in everything if not state.is_legal(a)][:8]
        else:
            actions = malformed(legal or everything, rng, 8)
        for action in actions:
            for stale in (state.version + 1, state.version - 1, "v"):
                assert not state.is_legal(action, stale)
                error = refusal(state, action, stale)
                if case == "malformed":
                    assert type(error) is not package.StaleActionError
                    alone = refusal(state, action, None)
                    assert (type(error), error.reason, error.ruling) == (
                        type(alone), alone.reason, alone.ruling)  # fmt: skip
                    assert rules.why_illegal(state, action, stale) == rules.why_illegal(
                        state, action)  # fmt: skip
                else:
                    assert type(error) is version_error(package, stale, state.version)
                    versioned: Any = error
                    assert (versioned.sent, versioned.current) == (stale, state.version)
                    assert versioned.ruling == ("UC-32" if package is uc else "KC-17")


@pytest.mark.parametrize("name", PACKAGES)
@pytest.mark.parametrize("bad", [-1, 10**6, True, 2.0, "0"])
def test_uc32_kc17_apply_action_id_checks_the_version_before_the_id(
    name: str, bad: object
) -> None:
    """UC-32, KC-17 (embedding contract; docs/campers/ids.rst, docs/karibou/api.rst): both
    packages' ``apply_action_id`` refuse a stale version (or one ahead of the state) first,
    even for an id that names
    no action; with the current version or none, such an id is an IllegalActionError (not
    stale); a listed id sent with a stale version is stale."""
    package, _ = PACKAGES[name]
    for seed in range(4):
        state = walk(package, seed, steps=10)[-1]
        player = min(state.actors, default=0)
        for stale in (state.version + 1, 999, state.version - 1, "v"):
            kind = version_error(package, stale, state.version)
            with pytest.raises(kind) as caught:
                state.apply_action_id(player, bad, version=stale)
            refused: Any = caught.value
            assert (refused.sent, refused.current) == (stale, state.version)
            for action_id in state.legal_action_ids(player)[:5]:
                with pytest.raises(kind):
                    state.apply_action_id(player, action_id, version=stale)
        for version in (None, state.version):
            with pytest.raises(package.IllegalActionError) as caught:
                state.apply_action_id(player, bad, version=version)
            assert type(caught.value) is not package.StaleActionError
            assert "no action has this id" in str(caught.value)


def test_embedding_contract_the_issue_example_of_apply_action_id() -> None:
    """Embedding contract, KC-17, UC-32: the reported call is refused for its version in
    Karibou Camp as in Unhappy Campers (a version ahead of the state, then a stale one, and
    an id out of the space), with the same error class in both."""
    for package in (kc, uc):
        with pytest.raises(package.FutureVersionError):
            package.new_game(5, 1).apply_action_id(0, 10**6, version=999)
        with pytest.raises(package.StaleActionError):
            package.new_game(5, 1).apply_action_id(0, 10**6, version=-1)


def version_error(package: Any, sent: object, current: int) -> type[Exception]:
    """The error class of an action sent against ``sent`` at version ``current``: ahead
    of the state for a later int, else stale (UC-32, KC-17)."""
    ahead = type(sent) is int and sent > current
    return package.FutureVersionError if ahead else package.StaleActionError  # type: ignore[no-any-return]


def field_values(actions: list[Any]) -> list[object]:
    """Values some field of some of these actions holds (a Card, a Placed, a group, a
    tuple, a seat...), to put into another field."""
    return [getattr(a, f.name) for a in actions for f in attrs.fields(type(a))]


@pytest.mark.parametrize("name", PACKAGES)
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_embedding_contract_dumps_of_an_action_writes_only_what_loads_action_reads(
    name: str, seed: int
) -> None:
    """Embedding contract: in both packages, for random legal actions of random games
    ``loads_action(dumps(a)) == a``; for an action with one field tampered around its
    validators (any value some field holds, a seat or number out of range or too long to
    print, a value of no field's type), ``dumps`` either writes JSON that ``loads_action``
    reads back to the same action or raises SerializationError (a subclass of the root
    error); for a field of the wrong type it raises, naming the field."""
    package, _ = PACKAGES[name]
    root = uc.CampersError if package is uc else kc.KaribouError
    rng = random.Random(seed)
    actions = listed(walk(package, seed))
    values = [*field_values(rng.sample(actions, min(50, len(actions)))), *BAD_VALUES,
              None, -1, 10**6, 10**5000, frozenset({99}), frozenset({"x"}), ()]  # fmt: skip
    for action in rng.sample(actions, min(60, len(actions))):
        assert package.loads_action(package.dumps(action)) == action
        for field in attrs.fields(type(action)):
            for value in rng.sample(values, 6):
                bad = tampered(action, field.name, value)
                try:
                    text = package.dumps(bad)
                except package.SerializationError as error:
                    assert isinstance(error, root)
                    continue
                assert package.loads_action(text) == bad, (bad, text)
            for value in BAD_VALUES:
                with pytest.raises(package.SerializationError, match=field.name):
                    package.dumps(tampered(action, field.name, value))


def test_embedding_contract_dumps_refuses_the_issue_discard() -> None:
    """Embedding contract: the reported Discard with the text "x" for its card is refused
    by ``dumps`` as ``loads_action`` refuses its JSON; the Karibou Camp exchange alike."""
    discard = tampered(uc.Discard(0, uc.Card.parse("B7")), "card", "x")
    with pytest.raises(uc.SerializationError, match="card"):
        uc.dumps(discard)
    with pytest.raises(uc.SerializationError):
        uc.loads_action('{"type": "Discard", "player": 0, "card": "x"}')
    exchange = tampered(kc.Exchange(0, kc.Card.BEAR, kc.Card.DUCK), "give", "x")
    with pytest.raises(kc.SerializationError, match="give"):
        kc.dumps(exchange)
    with pytest.raises(kc.SerializationError):
        kc.loads_action('{"type": "Exchange", "player": 0, "give": "x", "take": "Duck"}')


SHARED_NAMES = frozenset({
    "new_game", "from_position", "State", "View", "Config", "Action", "parse_action",
    "dumps", "loads", "loads_view", "loads_action", "MAX_BYTES", "RoundResult", "RoundEnd",
    "Phase", "Card", "DECK", "format_cards", "parse_cards", "Bot", "RandomBot",
    "HeuristicBot", "BOTS", "play_game", "describe_action", "simulate", "GameRecord",
    "game_seed", "seat_bots", "action_id", "action_from_id", "num_distinct_actions",
    "max_legal_ids",
    "IllegalActionError", "NotYourTurnError", "GameOverError", "StaleActionError",
    "ParseError", "SerializationError", "PositionError",
})  # fmt: skip
"""The public names both packages export (CONTRIBUTING.md, "The API shape both packages
share"), besides their root error."""

STATE_MEMBERS = ("num_players", "config", "version", "phase", "actors", "is_over", "scores",
                 "winners", "round_results", "legal_actions", "is_legal", "apply", "view",
                 "legal_action_ids", "apply_action_id")  # fmt: skip
VIEW_MEMBERS = ("player", "num_players", "config", "version", "phase", "is_over",
                "round_results", "legal_actions", "legal_action_ids")  # fmt: skip
CAMPERS_ONLY_PARAMETERS = frozenset({"build_step"})
"""Parameters only Unhappy Campers takes, for its compound moves' build steps (UC-32)."""

KNOWN_GAPS: dict[tuple[str, str], str] = {
    ("RoundResult", "round"): "Karibou Camp's RoundResult names the round number 'number' "
                              "(karibou_rules/_results.py, its JSON and golden files)",
}
"""Asymmetries reported to the coordinator and not fixed here; the test fails once one is
closed, so that its entry goes."""


def test_embedding_contract_both_packages_export_the_shared_names() -> None:
    """Embedding contract: both ``__all__`` hold the shared names, each bound."""
    for package in (uc, kc):
        assert set(package.__all__) >= SHARED_NAMES, sorted(SHARED_NAMES - set(package.__all__))
        assert all(hasattr(package, name) for name in package.__all__)


def test_embedding_contract_the_error_classes_form_the_same_tree() -> None:
    """Embedding contract: one root error (a ValueError) per package; the refusals of an
    action under IllegalActionError, the others directly under the root."""
    for package, root in ((uc, uc.CampersError), (kc, kc.KaribouError)):
        assert root.__bases__ == (ValueError,)
        assert package.IllegalActionError.__bases__ == (root,)
        for name in ("NotYourTurnError", "GameOverError", "StaleActionError"):
            assert getattr(package, name).__bases__ == (package.IllegalActionError,)
        for name in ("ParseError", "SerializationError", "PositionError"):
            assert getattr(package, name).__bases__ == (root,)


def _parameters(function: Any) -> list[tuple[str, object, object]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()
            if p.name not in CAMPERS_ONLY_PARAMETERS]  # fmt: skip


@pytest.mark.parametrize(("holder", "member"), [
    *(("State", m) for m in STATE_MEMBERS), *(("View", m) for m in VIEW_MEMBERS),
])  # fmt: skip
def test_embedding_contract_state_and_view_have_the_same_members(holder: str, member: str) -> None:
    """Embedding contract: State and View members of the shared shape exist in both
    packages, of the same kind (field, property, method) and, for a method, with the same
    parameters (Unhappy Campers' build step aside)."""
    ours, theirs = getattr(uc, holder), getattr(kc, holder)
    gap = KNOWN_GAPS.get((holder, member))
    present = hasattr(ours, member) and hasattr(theirs, member)
    if gap is not None:
        assert not present, f"closed: remove {holder}.{member} from KNOWN_GAPS"
        return
    assert present
    mine, other = inspect.getattr_static(ours, member), inspect.getattr_static(theirs, member)
    assert type(mine) is type(other)
    if inspect.isfunction(mine):
        assert _parameters(mine) == _parameters(other)


@pytest.mark.parametrize("name", ["action_id", "action_from_id", "num_distinct_actions",
                                  "max_legal_ids", "new_game", "describe_action", "game_seed",
                                  "seat_bots"])
def test_embedding_contract_module_functions_take_the_same_parameters(name: str) -> None:
    """Embedding contract: the id functions (``config`` included, which only the Unhappy
    Campers catalogue uses), ``new_game`` and the play helpers take the same parameters."""
    assert _parameters(getattr(uc, name)) == _parameters(getattr(kc, name))


@pytest.mark.parametrize("name", PACKAGES)
@pytest.mark.parametrize("seat", [-1, 7, 10**6, True, "0"])
def test_uc2_kc2_action_from_id_refuses_a_seat_of_no_game(name: str, seat: object) -> None:
    """UC-2, KC-2 (embedding contract): ``action_from_id`` of a seat no game has raises
    NotYourTurnError in both packages, as an id outside the space raises
    IllegalActionError; ``apply_action_id`` refuses that seat as ``apply`` would."""
    package, _ = PACKAGES[name]
    with pytest.raises(package.NotYourTurnError, match="no seat"):
        package.action_from_id(seat, 1)
    with pytest.raises(package.IllegalActionError) as caught:
        package.action_from_id(0, 10**6)
    assert type(caught.value) is package.IllegalActionError
    state = walk(package, 3, steps=5)[-1]
    with pytest.raises(package.NotYourTurnError):
        state.apply_action_id(seat, 1)


def _has(package: ModuleType, holder: str, member: str) -> bool:
    """Whether the package's class (or function) ``holder`` has this field, member or
    parameter."""
    thing = getattr(package, holder)
    if inspect.isfunction(thing):
        return member in inspect.signature(thing).parameters
    return hasattr(thing, member) or member in attrs.fields_dict(thing)


@pytest.mark.parametrize(("holder", "member"), [
    ("RoundResult", "reason"), ("RoundResult", "points"), ("RoundResult", "round"),
    ("Phase", "OVER"), ("simulate", "config"), ("simulate", "executor"),
])  # fmt: skip
def test_embedding_contract_results_phases_and_simulate_share_their_names(
    holder: str, member: str
) -> None:
    """Embedding contract: results as data with an enum reason and the points of the
    round, a phase for the finished game, ``simulate`` with the same options; each gap
    still open is listed in KNOWN_GAPS (and the test says when one closes)."""
    present = _has(uc, holder, member) and _has(kc, holder, member)
    if (holder, member) in KNOWN_GAPS:
        assert not present, f"closed: remove {holder}.{member} from KNOWN_GAPS"
    else:
        assert present


def test_embedding_contract_both_offer_the_same_bots() -> None:
    """Embedding contract: ``BOTS`` names the same bots in both packages."""
    assert sorted(uc.BOTS) == sorted(kc.BOTS) == ["heuristic", "random"]


@pytest.mark.parametrize("name", PACKAGES)
@pytest.mark.parametrize("config", ["fast", 3, {"rounds": 1}, object()])
def test_embedding_contract_options_that_are_no_config_are_refused(
        name: str, config: object) -> None:
    """Embedding contract: ``new_game`` and ``simulate`` given options that are not the
    package's ``Config`` raise its root error at the call, never build a game on them (a
    Karibou game took any object, and Unhappy Campers raised AttributeError)."""
    package, _ = PACKAGES[name]
    root = uc.CampersError if package is uc else kc.KaribouError
    with pytest.raises(root, match="config must be a Config"):
        package.new_game(4, 1, config)
    with pytest.raises(root, match="config must be a Config"):
        package.simulate(1, 4, config=config)


def test_kc11_simulate_plays_its_games_under_the_options_given() -> None:
    """KC-11 (one API shape): Karibou's ``simulate`` takes a ``Config`` as Campers' does;
    each record is the game played from its seed under those options (a winning score of
    2 ends the game at the first round that gives someone 2 points)."""
    config = kc.Config(winning_score=2)
    records = list(kc.simulate(6, 4, seed=3, config=config))
    default = list(kc.simulate(6, 4, seed=3))
    for record, usual in zip(records, default, strict=True):
        assert record.seed == usual.seed
        assert record == kc_simulate.play_recorded(record.index, record.seed, record.bots,
                                                   config=config)
        assert max(record.scores) >= 2 and record.rounds <= usual.rounds
    assert any(r.rounds < u.rounds for r, u in zip(records, default, strict=True))
