"""The fixed integer action space of Unhappy Campers (issue 12): ``num_distinct_actions``,
``action_id``, ``action_steps``, ``action_from_id``, the build steps of compound actions
(UC-7, UC-11) and ``State.legal_action_ids`` / ``apply_action_id``, against the object API."""

from __future__ import annotations

import doctest
import itertools
import json
import random
from functools import partial
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _ids
from campers_rules._board import MAX_PLAYERS
from tests.campers.forging import forged_placed
from tests.campers.game_strategies import random_walk
from tests.campers.test_ids_listing import warm_and_cold

COMPOUND = (uc.Claim, uc.AddGroup, uc.Rearrange)
ABANDON = uc.action_id(uc.Abandon(0))
FINISH = uc.action_id(uc.Finish(0))
SMALL = uc.Config(rounds=1, turn_cap=60)


def _first_steps(state: uc.State, player: int) -> list[int]:
    return sorted({uc.action_steps(a)[0] for a in state.legal_actions(player)})


def _open_build(players: int, seed: int) -> tuple[uc.State, uc.Action]:
    """A state of a random game where the actor can build a compound action, and that
    action."""
    for state in random_walk(players, seed, 400, SMALL):
        for player in sorted(state.actors):
            compound = [a for a in state.legal_actions(player) if isinstance(a, COMPOUND)]
            if compound:
                action = random.Random(seed).choice(compound)
                return state, action
    pytest.skip("no compound action in this game")


# ----------------------------------------------------------------------------- the layout


def test_every_id_decodes_to_an_action_whose_id_it_is() -> None:
    """Each id of a 6-player game names one action or step of the seat, with that id."""
    for action_id in range(uc.num_distinct_actions(6)):
        action = uc.action_from_id(4, action_id)
        assert action.player == 4
        assert uc.action_id(action) == action_id


def test_a_draw_or_discard_id_decodes_to_the_listings_record_uc6() -> None:
    """UC-6 (issue 29): each seat's draw, take and discard ids decode to a record of their
    class equal to one built anew from their fields, and a draw listing reads back
    through its ids, so the id path and the object path apply equal actions."""
    space = _ids.layout(None)
    for seat in range(MAX_PLAYERS):
        for count in (1, 2):
            drawn = _ids.action_in(seat, _ids.DRAW_BASE + count - 1, space)
            assert (type(drawn), drawn) == (uc.Draw, uc.Draw(seat, count))
        taken = _ids.action_in(seat, _ids.TAKE_ID, space)
        assert (type(taken), taken) == (uc.TakeDiscard, uc.TakeDiscard(seat))
        for face, card in enumerate(uc.FACES):
            discard = _ids.action_in(seat, _ids.DISCARD_BASE + face, space)
            assert (type(discard), discard) == (uc.Discard, uc.Discard(seat, card))
    state = uc.new_game(4, 3)
    seat = state.turn
    drawn_listed = state.legal_actions(seat)
    assert [uc.action_from_id(seat, uc.action_id(a)) for a in drawn_listed] == drawn_listed


def test_the_space_grows_by_one_seat_block_per_player_uc2() -> None:
    """700 ids that name no seat, then one block per seat; 2 to 6 players (UC-2)."""
    sizes = [uc.num_distinct_actions(n) for n in range(2, 7)]
    assert all(b - a == sizes[1] - sizes[0] for a, b in itertools.pairwise(sizes))
    assert sizes[0] - 2 * (sizes[1] - sizes[0]) == _ids.SEAT_BASE
    for bad in (1, 7, True, 4.0):
        with pytest.raises(uc.CampersError):
            uc.num_distinct_actions(bad)


def test_an_id_means_the_same_action_whatever_the_player_count() -> None:
    """Seat blocks come last: the ids of a small game mean the same in a larger one."""
    small = uc.num_distinct_actions(3)
    rng = random.Random(7)
    for action_id in rng.sample(range(small), 2000):
        assert uc.action_id(uc.action_from_id(1, action_id)) == action_id
        assert uc.action_from_id(1, action_id) == uc.action_from_id(1, action_id, uc.Config())


def test_the_group_slots_follow_the_catalogues_max_groups_uc30() -> None:
    """A group index past its campsite's ``max_groups`` has no id (UC-30); another
    catalogue with more room gets a larger space whose ids decode under that config."""
    most = uc.CATALOGUE[0].max_groups
    with pytest.raises(uc.IllegalActionError, match="UC-30"):
        uc.action_id(uc.AddCard(0, 0, most, uc.Placed.parse("B7")))
    roomy = tuple(attrs.evolve(site, complete=uc.CATALOGUE[13].complete)
                  for site in uc.CATALOGUE)
    config = uc.Config(catalogue=roomy)
    assert uc.num_distinct_actions(2, config) > uc.num_distinct_actions(2)
    far = uc.AddCard(0, 0, most, uc.Placed.parse("B7"))
    assert uc.action_from_id(0, uc.action_id(far, config), config) == far


def test_a_compound_action_has_steps_not_an_id_uc7() -> None:
    """A claim, a new group, a rearrangement: ``action_id`` refuses them and names
    ``action_steps``; their steps spell the action in its own order (UC-7, UC-11)."""
    claim = uc.parse_action("p1 claim c10 [SET B5 Y5 R5] [RUN B2 Y3 W=R4 G5]")
    group = uc.parse_action("p1 group c05 [SET B9 Y9 R9]")
    rearrange = uc.parse_action("p1 rearrange c06 [RUN B2 B3 B4 B5] ; c03 [RUN B6 B7 B8 B9]")
    for action in (claim, group, rearrange):
        with pytest.raises(uc.IllegalActionError, match="action_steps"):
            uc.action_id(action)
    spelled = [str(uc.action_from_id(1, i)) for i in uc.action_steps(claim)]
    assert spelled == [
        "p1 start claim c10", "p1 lay B5", "p1 lay Y5", "p1 lay R5", "p1 end SET",
        "p1 lay B2", "p1 lay Y3", "p1 lay W=R4", "p1 lay G5", "p1 end RUN", "p1 finish",
    ]
    spelled = [str(uc.action_from_id(1, i)) for i in uc.action_steps(rearrange)]
    assert spelled[:3] == ["p1 start rearrange", "p1 site c06", "p1 lay B2"]
    assert spelled[6:9] == ["p1 end RUN", "p1 site c03", "p1 lay B6"]
    assert uc.action_steps(uc.Draw(0, 2)) == (uc.action_id(uc.Draw(0, 2)),)


@pytest.mark.parametrize("bad", [-1, 154_354, 10**100, True, 3.0, "3", None])
def test_an_id_outside_the_space_is_a_typed_error(bad: object) -> None:
    """A hostile id raises IllegalActionError, never IndexError or TypeError."""
    with pytest.raises(uc.IllegalActionError):
        uc.action_from_id(0, bad)
    state = uc.new_game(4, seed=1)
    saved = uc.dumps(state)
    with pytest.raises(uc.IllegalActionError):
        state.apply_action_id(state.turn, bad)  # type: ignore[arg-type]
    with pytest.raises(uc.StaleActionError):
        state.apply_action_id(state.turn, bad, version=state.version - 1)  # type: ignore[arg-type]
    with pytest.raises(uc.FutureVersionError):
        state.apply_action_id(state.turn, bad, version=state.version + 1)  # type: ignore[arg-type]
    with pytest.raises(uc.NotYourTurnError):
        state.apply_action_id(True, 0)
    with pytest.raises(uc.NotYourTurnError):
        state.apply_action_id(10**100, 0)
    assert uc.dumps(state) == saved and state == uc.loads(saved)


@pytest.mark.parametrize(
    "action",
    [
        uc.Squat(1, 1, 0, 0, uc.Placed.parse("B7")),  # on one's own campsite: an add (UC-9)
        uc.SwapWild(0, 1, 0, 0, uc.Card.parse("B7"), uc.Placed.parse("W=R9")),  # UC-29
        uc.TrashPanda(0, 5, uc.Card.parse("B7")),  # UC-19
        uc.Draw(0, 3),  # UC-6
        uc.Roasted(0, 6),  # UC-2
        uc.AddCard(0, 15, 0, uc.Placed.parse("B7")),  # UC-1
        uc.Lay(0, forged_placed(uc.Placed.parse("B7"), face=uc.Card.parse("B7"),
                                color=uc.Color.RED, number=7)),  # UC-5, UC-6: forged
        uc.AddCard(True, 0, 0, uc.Placed.parse("B7")),
    ],
)
def test_an_action_no_id_names_is_refused(action: uc.Action) -> None:
    """Actions no state could list have no id: a typed error with the ruling."""
    with pytest.raises(uc.IllegalActionError):
        uc.action_id(action)


def test_every_step_reads_back_from_its_text_and_json() -> None:
    """Each build step: ``parse_action(str(step))`` and ``loads_action(dumps(step))``."""
    for step_id in _ids.STEP_IDS:
        step = uc.action_from_id(2, step_id)
        assert uc.parse_action(str(step)) == step
        assert uc.loads_action(uc.dumps(step)) == step
    with pytest.raises(uc.ParseError):
        uc.parse_action("p1 start camp c05")
    with pytest.raises(uc.ParseError):
        uc.parse_action("p1 end PAIR")


# ----------------------------------------------------------------------------- random games


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_every_listed_action_round_trips_through_its_ids(players: int, seed: int) -> None:
    """Every listed action: its steps decode to steps or to itself, and encode back; the
    first steps of the listing are the legal ids, sorted, unique, inside the space; no two
    listed actions share their steps."""
    bound = uc.num_distinct_actions(players)
    for state in random_walk(players, seed, 120, SMALL)[::3]:
        for player in sorted(state.actors):
            legal = state.legal_actions(player)
            spelled = [uc.action_steps(a) for a in legal]
            assert len(set(spelled)) == len(legal)
            for action, ids in zip(legal, spelled, strict=True):
                decoded = [uc.action_from_id(player, i) for i in ids]
                assert [uc.action_id(d) for d in decoded] == list(ids)
                assert all(0 <= i < bound for i in ids)
                if len(ids) == 1:
                    assert decoded == [action]
                else:
                    assert isinstance(action, COMPOUND) and ids[-1] == FINISH
            listed = state.legal_action_ids(player)
            assert listed == sorted(set(listed)) == sorted({s[0] for s in spelled})
            assert state.view(player).legal_action_ids() == listed


def _step_through(state: uc.State, action: uc.Action, upto: int | None = None) -> uc.State:
    """Build ``action`` by its ids (the first ``upto`` steps only, if given), checking at
    every step what the build may show and to whom."""
    player = action.player
    before = state
    compound = [uc.action_steps(a) for a in before.legal_actions(player)
                if isinstance(a, COMPOUND)]
    others = {seat: (before.view(seat), uc.dumps(before.view(seat)), before.legal_actions(seat))
              for seat in range(state.num_players) if seat != player}
    spelled = uc.action_steps(action)
    for k, step in enumerate(spelled[:upto]):
        ids = warm_and_cold(partial(state.legal_action_ids, player))
        if k:
            nexts = {s[k] for s in compound if s[:k] == spelled[:k]}
            assert ids == sorted(nexts | {ABANDON})
            assert state.building == spelled[:k] and state.version == before.version
            assert state.build_step == state.view(player).build_step == before.build_step + k
            assert state.view(player).building == spelled[:k]
            assert state.view(player).legal_action_ids() == ids
            done = [a for a in before.legal_actions(player) if isinstance(a, COMPOUND)
                    and uc.action_steps(a)[:k] == spelled[:k]]
            assert warm_and_cold(partial(state.legal_actions, player)) == [
                *done, uc.Abandon(player)]
            assert state.view(player).legal_actions() == state.legal_actions(player)
            for seat, (view, text, legal) in others.items():
                assert state.view(seat) == view and uc.dumps(state.view(seat)) == text
                assert state.legal_actions(seat) == legal
                assert state.legal_action_ids(seat) == []
        assert step in ids
        seen = state.view(player)
        state = state.apply_action_id(player, step, version=seen.version,
                                      build_step=seen.build_step)
    return state


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_playing_by_ids_plays_the_object_game(players: int, seed: int) -> None:
    """Differential: a random game played through ids, compound actions built step by
    step (some abandoned half-way first), reaches the states the object path reaches; at
    every state outside a build the legal ids are the first steps of the legal actions,
    and every listing is the same with the memos warm and emptied, on a copy that
    carries nothing (issue 12); a build shows to no other seat (its views, view JSON and
    legal actions are unchanged, UC-23) and an abandoned build leaves the state equal."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed, SMALL)
    built = 0
    for _ in range(250):
        if state.is_over:
            break
        player = rng.choice(sorted(state.actors))
        ids = warm_and_cold(partial(state.legal_action_ids, player))
        assert ids == warm_and_cold(partial(_first_steps, state, player))
        legal = state.legal_actions(player)
        compound = [a for a in legal if isinstance(a, COMPOUND)]
        action = rng.choice(compound if compound and rng.random() < 0.5 else legal)
        expected = state.apply(action)
        if isinstance(action, COMPOUND):
            built += 1
            length = len(uc.action_steps(action))
            if rng.random() < 0.5:
                half = _step_through(state, action, rng.randrange(1, length))
                assert half.apply_action_id(player, ABANDON) == state
                assert half.apply(uc.Abandon(player)) == state
            after = _step_through(state, action)
        else:
            after = state.apply_action_id(player, uc.action_id(action), version=state.version)
        assert after == expected
        state = after
    assert built or state.is_over  # the game ended before any compound action was listed


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_a_build_takes_only_its_own_steps_and_refuses_the_rest(players: int, seed: int) -> None:
    """UC-7: while a build is open, ids off its way, other actions of the builder and any
    action of another seat are refused with typed errors and leave the state equal;
    ``is_legal`` answers without raising; a listed compound action it starts applies."""
    state, action = _open_build(players, seed)
    player = action.player
    building = _step_through(state, action, 1)
    legal = set(building.legal_action_ids(player))
    refused = [i for i in range(_ids.SEAT_BASE) if i not in legal][:60]
    refused += [uc.action_id(uc.Discard(player, state.hands[player][0])), FINISH]
    for step in refused:
        if step in legal:
            continue
        with pytest.raises(uc.IllegalActionError):
            building.apply_action_id(player, step)
        assert not building.is_legal(uc.action_from_id(player, step))
    other = (player + 1) % players
    with pytest.raises(uc.NotYourTurnError):
        building.apply_action_id(other, ABANDON)
    for listed in building.legal_actions(player):
        assert building.is_legal(listed)
    assert building.apply(action) == state.apply(action)
    assert building.is_legal(action, version=state.version)
    with pytest.raises(uc.FutureVersionError):
        building.apply_action_id(player, ABANDON, version=state.version + 1)
    with pytest.raises(uc.StaleActionError):
        building.apply_action_id(player, -5, version=state.version - 1)
    assert building == _step_through(state, action, 1)


def test_steps_outside_a_build_are_refused_uc6() -> None:
    """No build is open: abandon, finish, a lay are refused; a start in the draw phase or
    by another seat too, each a typed error with the state unchanged (UC-6, UC-7)."""
    state = uc.new_game(3, seed=4)
    player = state.turn
    for step in (uc.Abandon(player), uc.Finish(player), uc.Lay(player, uc.Placed.parse("B7")),
                 uc.StartClaim(player, state.campground[0]), uc.StartRearrange(player)):
        assert not state.is_legal(step)
        with pytest.raises(uc.IllegalActionError):
            state.apply(step)
    with pytest.raises(uc.NotYourTurnError):
        state.apply(uc.StartRearrange((player + 1) % 3))
    discard = uc.action_id(uc.Discard(player, state.hands[player][0]))
    with pytest.raises(uc.IllegalActionError, match="UC-6"):
        state.apply_action_id(player, discard)  # must draw first
    assert discard not in state.legal_action_ids(player)
    assert state == uc.new_game(3, seed=4)


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_a_game_saved_mid_build_round_trips(players: int, seed: int) -> None:
    """A state or the builder's view with an open build: its document holds the build,
    equal after loading (and read from the old envelope's format 3 too); without one, an
    empty build; another seat's view never holds the build."""
    state, action = _open_build(players, seed)
    length = len(uc.action_steps(action))
    assert json.loads(uc.dumps(state))["state"]["building"] == []
    building = _step_through(state, action, length - 1)
    text = uc.dumps(building)
    assert json.loads(text)["state"]["building"] == list(building.building)
    assert uc.loads(text) == building == uc.loads(_old(text, 3))
    other = building.view((action.player + 1) % players)
    assert json.loads(uc.dumps(other))["view"]["building"] == []
    view = building.view(action.player)
    assert uc.loads_view(uc.dumps(view)) == view
    assert uc.loads(text).apply_action_id(action.player, FINISH) == state.apply(action)


def _tampered(text: str, building: object, build_step: object = None) -> str:
    """The document with its build replaced, and its build step count (left as saved for
    ``None``, removed for ``"drop"``)."""
    document = json.loads(text)
    body = document["state" if "state" in document else "view"]
    body["building"] = building
    if build_step == "drop":
        del body["build_step"]
    elif build_step is not None:
        body["build_step"] = build_step
    return json.dumps(document)


def _old(text: str, form: int) -> str:
    """The document in the envelope before issue 28, ``{"game": "unhappy-campers",
    "version": form, "kind", "data"}``: format 2 without the build's keys, 3 with them."""
    document = json.loads(text)
    kind = "state" if "state" in document else "view"
    data = document[kind]
    if form == 2:
        data.pop("building", None)
        data.pop("build_step", None)
    return json.dumps({"game": "unhappy-campers", "version": form, "kind": kind, "data": data})


def test_a_tampered_build_does_not_load() -> None:
    """A build that is no start of a listed compound action of the turn player, junk ids,
    a build in the wrong phase or (in the old envelope) format: SerializationError."""
    state, action = _open_build(4, 11)
    text = uc.dumps(_step_through(state, action, 2))
    spelled = list(uc.action_steps(action))
    bad = [
        [spelled[0], spelled[1], spelled[1], spelled[1], spelled[1]],
        [ABANDON], [FINISH], spelled, [spelled[0], 5], [True], ["x"], [10**100], [-1],
        [spelled[0], 2**70], 7,
    ]
    for building in bad:
        with pytest.raises(uc.SerializationError):
            uc.loads(_tampered(text, building))
    # UC-32: the build step count covers the build's steps, is an int within the version
    # bound, and the envelope's payload holds it
    for building, count in [(spelled[:2], 1), (spelled[:2], -1), (spelled[:2], True),
                            (spelled[:2], 2**63), (spelled[:2], "2"), (spelled[:2], "drop"),
                            ([], "drop")]:
        with pytest.raises(uc.SerializationError):
            uc.loads(_tampered(text, building, count))
    assert uc.loads(_tampered(text, [], 5)).build_step == 5  # builds abandoned (UC-32)
    # the old envelope: a format 3 document holds a build or a count, and one written
    # before the count was saved counts its build's steps
    for building, count in [(spelled[:2], 1), ([], 0), ([], "drop")]:
        with pytest.raises(uc.SerializationError):
            uc.loads(_old(_tampered(text, building, count), 3))
    assert uc.loads(_old(_tampered(text, [], 5), 3)).build_step == 5
    assert uc.loads(_old(_tampered(text, spelled[:2], "drop"), 3)).build_step == 2
    format_2 = json.loads(_old(text, 2))
    format_2["data"]["building"] = []
    with pytest.raises(uc.SerializationError, match="format 2 has no build"):
        uc.loads(json.dumps(format_2))
    drawing = uc.dumps(uc.new_game(4, seed=11))
    for old in (lambda t: t, lambda t: _old(t, 3)):
        with pytest.raises(uc.SerializationError):
            uc.loads(old(_tampered(drawing, spelled[:1])))
        with pytest.raises(uc.SerializationError):  # steps in the draw phase
            uc.loads(old(_tampered(drawing, [], 1)))
        other_view = uc.dumps(state.view((action.player + 1) % 4))
        with pytest.raises(uc.SerializationError):
            uc.loads_view(old(_tampered(other_view, spelled[:1])))


def test_the_ids_page_runs_as_printed() -> None:
    """docs/campers/ids.rst: its example (a claim built step by step, hidden from the other
    seats, abandoned and finished) runs as printed."""
    page = Path(__file__).resolve().parents[2] / "docs" / "campers" / "ids.rst"
    result = doctest.testfile(str(page), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 10
    assert result.failed == 0
