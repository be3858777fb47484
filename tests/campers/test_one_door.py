"""One check door (issue 12): ``_rules.why_illegal(state, action, version, build_step)``
answers for every action and build step in every state, a build open or not (UC-6, UC-7,
UC-32); ``State.is_legal`` reads it without raising for any input, and ``State.apply``
raises the very error it names. A build's listed options belong to the state they were
listed for: a state evolved from a mid-build one lists and checks as a fresh one (UC-7)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _cache, _rules
from campers_rules._ids import ABANDON_ID, SEAT_BASE, STARTS, STEP_IDS
from tests.campers.forging import forged_placed
from tests.campers.test_mutation_builds import _compound, _owner
from tests.tampering import tampered

SMALL = uc.Config(rounds=1, turn_cap=60)
BUILD_OPEN = ("player 0 has a build open: take its next step, finish or abandon it, or apply "
              "a compound action that it starts")
_B5 = uc.Placed.parse("B5")
BAD: tuple[object, ...] = (
    "x", 2.5, True, None, -1, 99, 10**30, (), uc.Group.parse("RUN B2 B3 B4"),
    int.__new__(uc.Card, 10**6), int.__new__(uc.Card, 3), forged_placed(0),
    forged_placed(_B5, face=_B5.face, color=_B5.color, number=99),
    forged_placed(_B5, face=_B5.face, color=object.__new__(uc.Color), number=5),
    forged_placed(10**6, face=_B5.face, color=_B5.color, number=5),
    object.__new__(uc.Group), object.__new__(uc.GroupKind), type("Row", (tuple,), {})((_B5,)),
)
"""Field values a hostile client may send: of the wrong type, ints out of range, and
objects made around their constructors (a forged card, placement, color or group kind, a
record with its fields unset, a tuple subclass)."""


def _outcome(state: uc.State, action: object, version: object = None,
             build_step: object = None) -> Any:
    """What ``apply`` does: the next state, or the refusal's class, reason and ruling (the
    state left as it was)."""
    before = uc.dumps(state)
    try:
        return state.apply(action, version, build_step)  # type: ignore[arg-type]
    except uc.IllegalActionError as error:
        assert uc.dumps(state) == before
        return type(error), error.reason, error.ruling


def _id_walk(players: int, seed: int, steps: int = 150) -> list[uc.State]:
    """The states of a random game played by ids, leaning to open builds and carry them
    on (an abandon now and then)."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed, SMALL)
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        player = rng.choice(sorted(state.actors))
        ids = state.legal_action_ids(player)
        starts = [i for i in ids if i in STARTS]
        onward = [i for i in ids if i != ABANDON_ID]
        if state.building and onward and rng.random() < 0.9:
            ids = onward
        elif starts and rng.random() < 0.5:
            ids = starts
        state = state.apply_action_id(player, rng.choice(ids))
        states.append(state)
    return states


def _candidates(state: uc.State, listed: Sequence[object], rng: random.Random) -> list[Any]:
    """Actions and steps worth asking about here: every seat's listed ids, steps no id
    listing holds (the turn player's and another seat's), compound actions listed here or
    elsewhere in the game, tampered ones, and things that are no action at all."""
    out: list[Any] = []
    for seat in range(state.num_players):
        out.extend(uc.action_from_id(seat, i) for i in state.legal_action_ids(seat))
    other = (state.turn + 1) % state.num_players
    for seat in (state.turn, other):
        out.extend(uc.action_from_id(seat, i)
                   for i in rng.sample(range(STEP_IDS.start, SEAT_BASE), 6))
    out.extend(state.legal_actions(state.turn)[:6])
    out.extend(rng.sample(listed, min(10, len(listed))))
    for action in rng.sample(out, min(8, len(out))):
        field = rng.choice(attrs.fields(type(action))).name
        out.append(tampered(action, field, rng.choice(BAD)))
    out.extend(object.__new__(type(a)) for a in rng.sample(out, 2))  # no field set
    out.extend(("p0 draw 1", None, 3, uc.FACES[0]))
    return out


def _numbers(state: uc.State) -> list[tuple[object, object]]:
    v, bs = state.version, state.build_step
    return [(None, None), (v, bs), (v, None), (None, bs), (v + 1, bs), (v, bs + 1), ("v", bs),
            (v, "b"), (10**5000, bs)]


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_uc6_uc7_uc32_is_legal_and_apply_read_the_one_check(players: int, seed: int) -> None:
    """UC-6, UC-7, UC-32: over the states of random games played by ids (builds open and
    not), for listed, unlisted, other seats', tampered, forged and foreign actions and
    build steps, sent with no numbers, current ones, a stale or mistyped version or build step:
    ``is_legal`` never raises and is ``why_illegal(...) is None``; ``apply`` takes exactly
    those, and refuses every other with the Problem's error class, reason and ruling."""
    rng = random.Random(seed)
    states = _id_walk(players, seed)
    assert any(s.building for s in states), "the walk opened no build"
    listed = [a for s in states[::7] for p in sorted(s.actors) for a in s.legal_actions(p)]
    for state in rng.sample(states, min(25, len(states))):
        for action in _candidates(state, listed, rng):
            for version, build_step in rng.sample(_numbers(state), 3):
                problem = _rules.why_illegal(state, action, version, build_step)
                legal = state.is_legal(action, version, build_step)  # type: ignore[arg-type]
                assert legal is (problem is None), (action, version, build_step, problem)
                outcome = _outcome(state, action, version, build_step)
                if problem is None:
                    assert isinstance(outcome, uc.State), (action, outcome)
                else:
                    assert outcome == problem, (action, version, build_step)


def test_uc7_with_a_build_open_the_check_refuses_the_builders_other_actions() -> None:
    """UC-7: while a claim, a new group or a rearrangement is being built, ``why_illegal``
    refuses the builder's discard, draw and other compound actions naming the open build
    (it once said ``None`` to a discard ``apply`` refused); the compound action the build
    starts passes it, at each step of the build."""
    state = _owner()
    for action in _compound(state):
        building = state
        for step_id in uc.action_steps(action)[:-1]:
            building = building.apply_action_id(0, step_id)
            assert building.building
            others = [a for a in _compound(state) if uc.action_steps(a)[0]
                      != uc.action_steps(action)[0]]
            for refused in (uc.Discard(0, state.hands[0][0]), uc.Draw(0, 1), *others):
                problem = (uc.IllegalActionError, BUILD_OPEN, "UC-7")
                assert _rules.why_illegal(building, refused) == problem
                assert not building.is_legal(refused)
                assert _outcome(building, refused) == problem
            assert _rules.why_illegal(building, action) is None
            assert building.apply(action) == state.apply(action)


def test_uc32_the_check_answers_for_build_steps_and_their_build_step_count() -> None:
    """UC-32, UC-7: ``why_illegal`` knows build steps (it once called a start "not an
    Unhappy Campers action"): each next step of a listed compound action passes it with
    no numbers or the current ones; sent with another build step count (a step sent
    twice) it is refused as a stale step, with a stale version as stale, as ``apply``
    does."""
    state = _owner()
    for action in _compound(state):
        at = state
        for step_id in uc.action_steps(action):
            step = uc.action_from_id(0, step_id)
            v, bs = at.version, at.build_step
            assert _rules.why_illegal(at, step) is None
            assert _rules.why_illegal(at, step, v, bs) is None
            stale_step = (uc.StaleStepError, f"a build step sent against build step {bs + 1} "
                          f"of version {v}, the turn is at build step {bs}", "UC-32")
            assert _rules.why_illegal(at, step, v, bs + 1) == stale_step
            assert _outcome(at, step, v, bs + 1) == stale_step
            stale = (uc.StaleActionError, f"sent against version {v - 1}, the state is at "
                     f"version {v}", "UC-32")
            assert _rules.why_illegal(at, step, v - 1, bs) == stale
            assert _outcome(at, step, v - 1, bs) == stale
            ahead = (uc.FutureVersionError, f"sent against version {v + 1}, but the state is "
                     f"only at version {v}", "UC-32")
            assert _rules.why_illegal(at, step, v + 1, bs) == ahead
            assert _outcome(at, step, v + 1, bs) == ahead
            after = at.apply(step, v, bs)
            if step_id != uc.action_steps(action)[-1]:
                assert not after.is_legal(step, v, bs)  # the same step sent twice
            at = after
        assert at == state.apply(action)


def test_uc1_uc5_a_step_naming_no_id_is_refused_without_raising_in_is_legal() -> None:
    """UC-1, UC-5, UC-6: a build step with a field of the right type that no id names (a
    campsite past c15) is a Problem, and so is a card counted as 99 or as another card
    (which ``Placed`` refuses to build: one forged around it is no Placed, UC-6):
    ``is_legal`` says False instead of raising, ``apply`` raises the error named."""
    state = _owner()
    placed = uc.Placed.parse("B5")
    steps = [(tampered(uc.StartClaim(0, 0), "campsite", 99), "UC-1"),
             (tampered(uc.StartSite(0, 0), "campsite", -1), "UC-1"),
             (uc.Lay(0, forged_placed(placed, face=placed.face, color=placed.color,
                                      number=99)), "UC-6"),
             (uc.Lay(0, forged_placed(placed, face=uc.Card.parse("G7"), color=placed.color,
                                      number=5)), "UC-6")]
    building = state.apply_action_id(0, uc.action_steps(_compound(state)[2])[0])
    for at in (state, building):
        for step, ruling in steps:
            assert not at.is_legal(step)
            problem = _rules.why_illegal(at, step)
            assert problem is not None and problem[2] == ruling
            assert _outcome(at, step) == problem


# ----------------------------------------------------------------------------- the options


def _fresh(state: uc.State) -> uc.State:
    """An equal state built by the constructor: it carries no options listed before."""
    return uc.State(**{a.name: getattr(state, a.name) for a in attrs.fields(uc.State)
                       if a.name != "build_options"})


def _same_play(state: uc.State, fresh: uc.State, probes: list[int]) -> None:
    """The two states list the same for the builder, and check and apply each probe id
    alike (and the states a step leads to list alike in turn)."""
    player = state.turn
    assert state.legal_action_ids(player) == fresh.legal_action_ids(player)
    assert state.legal_actions(player) == fresh.legal_actions(player)
    for action_id in probes:
        action = uc.action_from_id(player, action_id)
        assert state.is_legal(action) is fresh.is_legal(action), action
        got, want = _outcome(state, action), _outcome(fresh, action)
        assert got == want, action
        if isinstance(got, uc.State) and got.building:
            assert got.legal_action_ids(player) == want.legal_action_ids(player)


def _variants(state: uc.State, rng: random.Random) -> list[uc.State]:
    """A mid-build state evolved in what its options derive from: the builder's hand (cards
    dropped, or swapped with another hand), its table row, the campground, the build."""
    turn = state.turn
    hands = list(state.hands)
    out = []
    hand = hands[turn]
    for k in (1, 2, 3):
        if len(hand) > k:
            dropped = set(rng.sample(range(len(hand)), k))
            kept = tuple(c for i, c in enumerate(hand) if i not in dropped)
            out.append(attrs.evolve(state, hands=(*hands[:turn], kept, *hands[turn + 1:])))
    other = (turn + 1) % state.num_players
    if hand and hands[other]:
        mine, theirs = list(hand), list(hands[other])
        i, j = rng.randrange(len(mine)), rng.randrange(len(theirs))
        mine[i], theirs[j] = theirs[j], mine[i]
        swapped = list(hands)
        swapped[turn], swapped[other] = tuple(sorted(mine)), tuple(sorted(theirs))
        out.append(attrs.evolve(state, hands=tuple(swapped)))
    row = state.table[turn]
    if row:
        table = list(state.table)
        table[turn] = row[:-1]
        out.append(attrs.evolve(state, table=tuple(table)))
    if state.campground:
        out.append(attrs.evolve(state, campground=state.campground[1:]))
    if len(state.building) > 1:
        out.append(attrs.evolve(state, building=state.building[:-1]))
    return out


def _probes(state: uc.State) -> list[int]:
    """The ids worth checking at a mid-build state: its listed ones and every step."""
    return sorted({*state.legal_action_ids(state.turn), *range(STEP_IDS.start, SEAT_BASE, 9)})


def test_uc7_a_mid_build_state_evolved_in_its_hand_lists_as_a_fresh_one() -> None:
    """UC-7: a mid-build state whose builder's hand is evolved to lose the cards the build
    needs lists, checks and applies steps as a fresh equal state (and as the position
    built anew and the build replayed): the options listed before the hand changed are
    not carried over (they once listed two next steps and took a whole claim)."""
    state = _owner()
    for action in _compound(state):
        steps = uc.action_steps(action)
        for k in range(1, len(steps) - 1):
            building = state
            for step_id in steps[:k]:
                building = building.apply_action_id(0, step_id)
            for drop in range(1, 4):
                hand = building.hands[0][drop:]
                evolved = attrs.evolve(building, hands=(hand, *building.hands[1:]))
                probes = sorted({*_probes(building), *_probes(evolved)})
                _same_play(evolved, _fresh(evolved), probes)
                anew = uc.from_position([hand, building.hands[1]], phase=uc.Phase.PLAY,
                                        table=[[(12, [uc.Group.parse("RUN B2 B3 B4 B5 B6 B7 "
                                                                     "B8 B9"),
                                                      uc.Group.parse("RUN Y2 Y3 Y4 Y5")])],
                                               []])
                ids = anew.legal_action_ids(0)
                for step_id in steps[:k]:
                    if step_id not in ids:
                        break
                    anew = anew.apply_action_id(0, step_id)
                    ids = anew.legal_action_ids(0)
                else:
                    assert evolved.legal_action_ids(0) == ids
                    continue
                assert evolved.legal_action_ids(0) == [ABANDON_ID]


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_uc7_evolved_and_reloaded_mid_build_states_play_as_fresh_ones(
        players: int, seed: int) -> None:
    """UC-7: in random games played by ids, each mid-build state evolved in its builder's
    hand, its table, the campground or the build itself lists, checks and applies as a
    fresh equal state; loaded from its own document, a mid-build state plays as itself."""
    rng = random.Random(seed)
    building = [s for s in _id_walk(players, seed) if s.building]
    for state in rng.sample(building, min(6, len(building))):
        _same_play(uc.loads(uc.dumps(state)), state, _probes(state))
        for evolved in _variants(state, rng):
            probes = sorted({*_probes(state), *_probes(evolved)})
            _same_play(evolved, _fresh(evolved), probes)


def test_uc7_a_step_carries_its_options_so_the_next_steps_list_no_moves_again() -> None:
    """UC-7: the state a build step makes carries the options it derived: listing, checking
    and taking the build's next steps never lists the turn's compound actions again (a
    listing reads the hand's reach, and the claims, new groups or rearrangements memos:
    with every memo emptied after the first step, they stay empty; read, not patched, as
    compiled callers see no patch), each step carries some of the very options before it,
    and the build still ends in the compound action."""
    state = _owner()
    for action in _compound(state):
        steps = uc.action_steps(action)
        building = state.apply_action_id(0, steps[0])
        _cache.clear()
        for step_id in steps[1:-1]:
            assert step_id in building.legal_action_ids(0)
            assert building.is_legal(uc.action_from_id(0, step_id))
            before = building.build_options
            building = building.apply_action_id(0, step_id)
            assert before is not None and building.build_options
            assert all(any(o is b for b in before) for o in building.build_options)
        assert not _cache.HAND_REACH and not _cache.LAST_CLAIMS
        assert not _cache.ROW_GROUPS
        assert building.apply_action_id(0, steps[-1]) == state.apply(action)


def test_uc7_no_caller_can_hand_a_state_its_options() -> None:
    """UC-7: the options of an open build are the state's own: neither the constructor nor
    ``attrs.evolve`` takes them."""
    state = _owner()
    building = state.apply_action_id(0, uc.action_steps(_compound(state)[0])[0])
    fields = {a.name: a for a in attrs.fields(uc.State)}
    assert not fields["build_options"].init
    with pytest.raises(TypeError):
        attrs.evolve(building, build_options=())  # type: ignore[call-arg]
