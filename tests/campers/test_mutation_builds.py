"""Mutation round for the id path's build steps (``_builds``, issue 12): each refusal of a
build step names its action, its reason and its ruling (UC-6, UC-7); ``is_legal`` answers
as ``apply`` does for any step, version and build step (UC-32); a loaded build is refused
for the reason it is impossible (UC-7, UC-32)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._board import MAX_VERSION
from campers_rules._ids import ABANDON_ID, SEAT_BASE, STARTS, STEP_IDS
from tests.campers.game_strategies import play
from tests.tampering import tampered

PLAY = uc.Phase.PLAY
SMALL = uc.Config(rounds=1, turn_cap=60)
COMPOUND = (uc.Claim, uc.AddGroup, uc.Rearrange)
UC6_REASON = ("a claim, a new group or a rearrangement is built in the play phase of one's "
              "own turn, with no decision waiting")


def _owner() -> uc.State:
    """Seat 0 in its play phase, with a claim, a new group and a rearrangement listed."""
    table = [[(12, [uc.Group.parse("RUN B2 B3 B4 B5 B6 B7 B8 B9"),
                    uc.Group.parse("RUN Y2 Y3 Y4 Y5")])], []]
    return uc.from_position(["R9 Y9 G9 G2 G3 G4 G5 R13", "G13"], phase=PLAY, table=table)


def _compound(state: uc.State) -> list[uc.Action]:
    """The first listed claim, new group and rearrangement of seat 0."""
    listed = state.legal_actions(0)
    return [next(a for a in listed if isinstance(a, kind)) for kind in COMPOUND]


def _refusal(state: uc.State, action: object,
             kind: type[uc.IllegalActionError] = uc.IllegalActionError
             ) -> tuple[object, str, str]:
    """What the error refusing an action names; the state is left as it was."""
    before = uc.dumps(state)
    with pytest.raises(kind) as info:
        state.apply(action)  # type: ignore[arg-type]
    assert uc.dumps(state) == before
    assert not state.is_legal(action)  # type: ignore[arg-type]
    error = info.value
    return error.action, error.reason, error.ruling


# ----------------------------------------------------------------------------- refusals


def test_uc7_a_step_without_a_build_is_refused_naming_why() -> None:
    """UC-7: with no build open, abandon, and any step but a start, are refused with the
    step itself, the reason and UC-7, in several play-phase positions."""
    for state in (_owner(), uc.from_position(["B5 G6 W", "G4"], phase=PLAY)):
        player = state.turn
        assert _refusal(state, uc.Abandon(player)) == (
            uc.Abandon(player), "no build is open to abandon", "UC-7")
        for step in (uc.Finish(player), uc.StartSite(player, 3),
                     uc.Lay(player, uc.Placed.parse("B5")), uc.EndGroup(player, uc.GroupKind.SET)):
            assert _refusal(state, step) == (
                step, "no build is open: a build starts with a claim, a new group or a "
                "rearrangement", "UC-7")


def test_uc7_a_step_off_every_listed_way_names_the_builds_length() -> None:
    """UC-7: at each step of a claim, a new group and a rearrangement built by ids, a step
    no listed compound action takes there is refused with the step, UC-7 and the number of
    steps built so far."""
    state = _owner()
    for action in _compound(state):
        building = state
        for k, step_id in enumerate(uc.action_steps(action)):
            legal = set(building.legal_action_ids(0))
            off = [i for i in STEP_IDS if i not in legal and i != ABANDON_ID][:: 7]
            for other in off:
                step = uc.action_from_id(0, other)
                reason = ("no build is open: a build starts with a claim, a new group or a "
                          "rearrangement") if k == 0 and other not in STARTS else (
                    "no listed claim, new group or rearrangement goes on this way (the build "
                    f"so far: {k} steps)")
                assert _refusal(building, step) == (step, reason, "UC-7")
            building = building.apply_action_id(0, step_id)
        assert building == state.apply(action)


def test_uc6_a_step_outside_the_play_phase_or_with_a_decision_waiting_names_uc6() -> None:
    """UC-6: a build is started in the play phase of one's own turn with no decision
    waiting: in the draw phase, or while the turn player must pass a card on a Lost Camper,
    a start is refused with the step, the reason and UC-6."""
    drawing = uc.from_position(["R9 Y9 G9 G2", "G13"])
    passing = play(uc.from_position(["LostCamper R9 Y9 G9 G2", "G13 G12"], phase=PLAY),
                   "p0 play LostCamper")
    assert passing.pending is not None and 0 in passing.actors
    for state in (drawing, passing):
        for step in (uc.StartClaim(0, state.campground[0]), uc.StartRearrange(0),
                     uc.Abandon(0)):
            assert _refusal(state, step) == (step, UC6_REASON, "UC-6")


def test_uc7_an_open_build_refuses_the_builders_other_actions_and_leaves_others_to_uc6(
) -> None:
    """UC-7: while a build is open, the builder's actions that complete no listed compound
    action it starts are refused naming the build; another seat's action is refused as not
    its turn (UC-6), as without a build; a compound action the build starts applies."""
    state = _owner()
    for action in _compound(state):
        first = uc.action_steps(action)[0]
        building = state.apply_action_id(0, first)
        for refused in (uc.Discard(0, state.hands[0][0]), uc.Draw(0, 1),
                        *[a for a in _compound(state) if uc.action_steps(a)[0] != first]):
            assert _refusal(building, refused) == (
                refused, "player 0 has a build open: take its next step, finish or abandon "
                "it, or apply a compound action that it starts", "UC-7")
        other = uc.Discard(1, state.hands[1][0])
        assert _refusal(building, other, uc.NotYourTurnError) == _refusal(
            state, other, uc.NotYourTurnError)
        assert building.apply(action) == state.apply(action)


# ----------------------------------------------------------------------------- is_legal


def _id_states(players: int, seed: int) -> Iterator[uc.State]:
    """The states of a random game played by ids, builds included."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed, SMALL)
    for _ in range(120):
        if state.is_over:
            return
        yield state
        player = min(state.actors)
        ids = state.legal_action_ids(player)
        state = state.apply_action_id(player, ids[rng.randrange(len(ids))])


def _candidates(state: uc.State) -> Iterator[object]:
    """Steps and actions of the turn player worth asking about: the legal ids' and some
    others, steps with a field of the wrong type, a discard, and another seat's."""
    player = state.turn
    ids = state.legal_action_ids(player)
    for action_id in [*ids, *range(STEP_IDS.start, SEAT_BASE, 13)]:
        yield uc.action_from_id(player, action_id)
    yield from state.legal_actions(player)[:8]
    yield tampered(uc.StartClaim(player, 0), "campsite", True)
    yield tampered(uc.StartGroup(player, 0), "campsite", 0.0)
    yield tampered(uc.Abandon(player), "player", True)
    yield tampered(uc.Lay(player, uc.Placed.parse("B5")), "card", "B5")
    yield uc.Discard(player, state.hands[player][0]) if state.hands[player] else uc.Finish(
        player)
    yield uc.Discard((player + 1) % state.num_players, uc.FACES[0])


def _applies(state: uc.State, action: object, version: int | None, build_step: int | None
             ) -> bool:
    try:
        state.apply(action, version, build_step)  # type: ignore[arg-type]
    except uc.IllegalActionError:
        return False
    return True


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_uc32_is_legal_answers_as_apply_for_steps_versions_and_build_steps(
        players: int, seed: int) -> None:
    """UC-32, UC-7: in random games played by ids, for the turn player's steps (listed or
    not, or with a field of the wrong type) and actions, sent with no numbers, with the
    state's, with a stale version or a stale build step: ``is_legal`` is True exactly when
    ``apply`` takes it."""
    for state in _id_states(players, seed):
        v, bs = state.version, state.build_step
        numbers = [(None, None), (v, bs), (v + 1, bs), (v, bs + 1), (v, None), (None, bs)]
        for action in _candidates(state):
            for version, build_step in numbers:
                assert state.is_legal(action, version, build_step) is _applies(  # type: ignore[arg-type]
                    state, action, version, build_step), (action, version, build_step)


def test_uc32_a_stale_step_or_action_names_what_was_sent_and_the_version() -> None:
    """UC-32: a build step, an action applied while a build is open, or an id, sent with a
    stale version, is refused as stale naming what was sent (the action, or the id), the
    version it was sent against and the state's (as ahead of the state for a later
    version); the state is left as it was."""
    state = _owner()
    for action in _compound(state):
        steps = uc.action_steps(action)
        building = state.apply_action_id(0, steps[0])
        for at, sent in ((state, uc.action_from_id(0, steps[0])),
                         (building, uc.action_from_id(0, steps[1])),
                         (building, action), (building, uc.Abandon(0))):
            for version in (at.version + 1, at.version - 1, "1"):
                for build_step in (None, at.build_step):
                    kind = (uc.FutureVersionError if version == at.version + 1
                            else uc.StaleActionError)
                    with pytest.raises(kind) as info:
                        at.apply(sent, version, build_step)  # type: ignore[arg-type]
                    error = info.value
                    assert type(error) is kind
                    assert (error.action, error.sent, error.current) == (
                        sent, version, at.version)
                    assert not at.is_legal(sent, version, build_step)  # type: ignore[arg-type]
            with pytest.raises(uc.FutureVersionError) as info:
                at.apply_action_id(0, steps[1], version=at.version + 2)
            assert (info.value.action, info.value.sent) == (steps[1], at.version + 2)
        assert building == state.apply_action_id(0, steps[0])


# ----------------------------------------------------------------------------- loading


def _with_build(state: uc.State, building: object, build_step: object) -> str:
    """The state's document with this build and build step count."""
    document = json.loads(uc.dumps(state))
    document["state"]["building"] = building
    document["state"]["build_step"] = build_step
    return json.dumps(document)


def _load_refused(text: str) -> str:
    with pytest.raises(uc.SerializationError) as info:
        uc.loads(text)
    return str(info.value)


def test_uc7_a_loaded_whole_compound_action_is_no_open_build() -> None:
    """UC-7: a build holding every step of a listed claim, new group or rearrangement
    (finish included), counted within its build step count, does not load: a build is a
    proper start; each start of it, up to its last step but one, loads."""
    state = _owner()
    for action in _compound(state):
        steps = list(uc.action_steps(action))
        for count in (len(steps), len(steps) + 3):
            assert _load_refused(_with_build(state, steps, count)) == (
                "impossible state: the build is not the start of a listed claim, new group "
                "or rearrangement")
        for k in range(1, len(steps)):
            assert uc.loads(_with_build(state, steps[:k], k)).building == tuple(steps[:k])


def test_uc7_a_loaded_build_of_ids_that_are_no_steps_names_them() -> None:
    """UC-7: a build holding an int that is no build step id (an atomic action's, a seat
    block's, a negative one), first or after a proper start, does not load, for that
    reason."""
    state = _owner()
    start = uc.action_steps(_compound(state)[0])[0]
    for junk in (5, STEP_IDS.start - 1, SEAT_BASE, SEAT_BASE + 40, -1):
        for building in ([junk], [start, junk]):
            assert _load_refused(_with_build(state, building, len(building))) == (
                "impossible state: a build holds an id that is not a build step")


def test_uc6_loaded_build_steps_outside_the_play_phase_name_the_turn_rule() -> None:
    """UC-6, UC-32: build steps counted (or a build held) in the draw phase or with a
    decision waiting do not load, naming the rule that a build is taken in one's own play
    phase."""
    drawing = uc.from_position(["R9 Y9 G9 G2", "G13"])
    passing = play(uc.from_position(["LostCamper R9 Y9 G9 G2", "G13 G12"], phase=PLAY),
                   "p0 play LostCamper")
    for state in (drawing, passing):
        for building, count in (([], 1), ([], 4), ([STARTS[0] + state.campground[0]], 1)):
            assert _load_refused(_with_build(state, building, count)) == (
                f"impossible state: build steps taken outside the turn player's play phase: "
                f"{UC6_REASON}")


def test_uc32_the_build_step_count_goes_up_to_the_version_bound() -> None:
    """UC-32: a loaded build step count may be anything from the build's length to the
    version bound, inclusive, and no more."""
    state = _owner()
    steps = list(uc.action_steps(_compound(state)[2]))
    for building in ([], steps[:1], steps[:5]):
        for count in (len(building), len(building) + 1, MAX_VERSION - 1, MAX_VERSION):
            if count:
                assert uc.loads(_with_build(state, building, count)).build_step == count
        assert _load_refused(_with_build(state, building, MAX_VERSION + 1)) == (
            "impossible state: the build step count is not from the build's length to "
            f"{MAX_VERSION}")
