"""UC-28 (a campsite stands on either face) and UC-30 (a campsite holds the groups its
faces name), everywhere the engine and the solver lay or keep groups."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import Campsite, Group, GroupKind
from campers_rules._catalogue import PRINTED_TEXT, PROVISIONAL_TEXT, parse_catalogue
from campers_rules.solver import (
    Backend,
    OwnCampsite,
    SolverInputError,
    claims,
    new_groups,
    solve,
)
from tests.campers.game_strategies import THREE_PAIRS, g, play, random_walk, seeds, texts
from tests.campers.strategies import hands

# ----------------------------------------------------------------------------- helpers

PAIRS_OF_FOUR = 7
"""In :data:`CUSTOM`, c08: 2 SETS OF 4 / 3 SETS OF 3."""
SETS_THEN_RUN = 8
"""In :data:`CUSTOM`, c09: 3 SETS OF 3 / 1 RUN OF 4 AND 1 SET OF 3."""
LONG_OR_TWO = 5
"""In :data:`CUSTOM`, c06: 1 RUN OF 6 / 2 RUNS OF 4."""


def _catalogue_with(faces: dict[int, str]) -> tuple[Campsite, ...]:
    lines = (PRINTED_TEXT + PROVISIONAL_TEXT).splitlines()
    for index, text in faces.items():
        lines[index] = text
    return parse_catalogue(lines)


CUSTOM = uc.Config(catalogue=_catalogue_with({
    LONG_OR_TWO: "2 | 1 RUN OF 6 | 2 RUNS OF 4",
    PAIRS_OF_FOUR: "3 | 2 SETS OF 4 | 3 SETS OF 3",
    SETS_THEN_RUN: "3 | 3 SETS OF 3 | 1 RUN OF 4 AND 1 SET OF 3",
}))
"""A user's catalogue with three more faces whose complete side does not contain the
primitive one (as the printed c02)."""

DEFAULT = uc.Config()

STANDING_ON_COMPLETE = [
    # (config, campsite, groups meeting the complete face but not the primitive one)
    (DEFAULT, THREE_PAIRS, ["SET B5 Y5", "SET B7 Y7 R7", "SET B9 Y9"]),
    (CUSTOM, LONG_OR_TWO, ["RUN B2 Y3 R4 G5", "RUN B8 Y9 R10 G11"]),
    (CUSTOM, PAIRS_OF_FOUR, ["SET B5 Y5 R5", "SET B7 Y7 R7 G7", "SET B9 Y9 R9"]),
    (CUSTOM, SETS_THEN_RUN, ["RUN B2 Y3 R4 G5", "SET B9 Y9 R9"]),
]


def _named(face: Campsite) -> set[GroupKind]:
    return {spec.kind for r in (face.primitive, face.complete) for alt in r.alternatives
            for spec in alt}


def _may_hold(face: Campsite, kind: GroupKind) -> bool:
    """UC-30, spelled out: the kind is named, or it is a color run where a run or a color
    group is named."""
    named = _named(face)
    return kind in named or (kind is GroupKind.COLOR_RUN
                             and bool(named & {GroupKind.RUN, GroupKind.COLOR_GROUP}))


def _most(face: Campsite) -> int:
    return max(sum(spec.count for spec in alt) for r in (face.primitive, face.complete)
               for alt in r.alternatives)


def _uc30_ok(face: Campsite, groups: tuple[Group, ...] | list[Group]) -> bool:
    return len(groups) <= _most(face) and all(_may_hold(face, x.kind) for x in groups)


def _stands(face: Campsite, groups: tuple[Group, ...]) -> bool:
    return all(face.group_problem(x) is None for x in groups) and (
        face.primitive.is_met_by(groups) or face.complete.is_met_by(groups))


# ----------------------------------------------------------------------------- UC-28


@pytest.mark.parametrize(("config", "site", "groups"), STANDING_ON_COMPLETE)
def test_uc28_from_position_accepts_a_campsite_standing_on_its_complete_face(
    config: uc.Config, site: int, groups: list[str]
) -> None:
    """UC-28: a campsite meeting only its complete requirement stands, so a position
    holding one is possible; the solver takes it as an own campsite."""
    laid = [g(x) for x in groups]
    face = config.catalogue[site]
    assert not face.primitive.is_met_by(laid) and face.is_complete(laid)
    state = uc.from_position(["B2 G3", "G4"], phase=uc.Phase.PLAY, table=[[(site, laid)], []],
                             config=config)
    assert state.table[0][0].groups == tuple(laid) and face.stands(laid)
    for backend in ("native", "z3"):
        found = solve(uc.Requirement.parse("1 SET OF 3"), uc.parse_cards("B12 Y12 R12"),
                      [OwnCampsite(face, laid)], backend=backend)
        assert found is not None and len(found.table) == 1
        assert face.stands(found.table[0]) and _uc30_ok(face, found.table[0])


def test_uc28_a_campsite_on_neither_face_is_refused() -> None:
    """UC-28: a campsite meeting neither requirement is refused by ``from_position`` and by
    the solver's ``own=``."""
    laid = [g("SET B5 Y5"), g("SET B7 Y7")]
    face = DEFAULT.catalogue[THREE_PAIRS]
    with pytest.raises(uc.PositionError):
        uc.from_position(["B2", "G4"], table=[[(THREE_PAIRS, laid)], []])
    with pytest.raises(SolverInputError, match="UC-28"):
        solve(uc.Requirement.parse("1 SET OF 3"), [], [OwnCampsite(face, laid)])


@pytest.mark.parametrize(("config", "site", "groups", "card"), [
    (DEFAULT, THREE_PAIRS, ["SET B5 Y5 R5", "SET B7 Y7 R7", "SET B9 Y9"], "R5"),
    (CUSTOM, LONG_OR_TWO, ["RUN B2 Y3 R4 G5 B6 Y7", "RUN B9 Y10 R11 G12"], "Y7"),
    (CUSTOM, PAIRS_OF_FOUR, ["SET B5 Y5 R5 G5", "SET B7 Y7 R7 G7", "SET B9 Y9 R9"], "G5"),
])
def test_uc28_bear_attack_leaves_a_complete_campsite_standing(
    config: uc.Config, site: int, groups: list[str], card: str
) -> None:
    """UC-28, UC-13: a Bear Attack that leaves the campsite complete but no longer
    primitive asks nothing of its owner: it still stands."""
    table = [[], [(site, [g(x) for x in groups])]]
    state = uc.from_position(["BearAttack B2", "G3"], phase=uc.Phase.PLAY, table=table,
                             config=config)
    after = play(state, f"p0 play BearAttack 1:{uc.CATALOGUE[site].id}.0 {card}")
    face = config.catalogue[site]
    rest = after.table[1][0].groups
    assert after.pending is None and after.actors == {0}
    assert not face.primitive.is_met_by(rest) and face.is_complete(rest)


def test_uc28_letting_a_broken_group_go_keeps_a_campsite_standing_on_its_complete_face(
) -> None:
    """UC-28, UC-24: the broken group returns to hand when the other groups still meet
    the complete requirement, though not the primitive one."""
    laid = [g("SET B9 Y9 R9"), g("RUN B2 Y3 R4 G5"), g("SET B11 Y11 R11")]
    state = uc.from_position(["BearAttack B2", "G3"], phase=uc.Phase.PLAY,
                             table=[[], [(SETS_THEN_RUN, laid)]], config=CUSTOM)
    attacked = play(state, f"p0 play BearAttack 1:{uc.CATALOGUE[SETS_THEN_RUN].id}.2 R11")
    assert isinstance(attacked.pending, uc.RepairChoice)
    after = play(attacked, "p1 fall")
    assert [str(x) for x in after.table[1][0].groups] == ["SET B9 Y9 R9", "RUN B2 Y3 R4 G5"]
    assert after.hands[1] == tuple(sorted(uc.parse_cards("G3 B11 Y11")))


@pytest.mark.parametrize(("config", "site", "before", "hand", "after"), [
    (DEFAULT, THREE_PAIRS, ["SET B5 Y5 R5", "SET B7 Y7 R7", "SET B9 Y9"], "G9 R9 B2",
     ["SET B5 Y5", "SET B7 Y7", "SET B9 Y9 R9 G9"]),
    (CUSTOM, PAIRS_OF_FOUR, ["SET B5 Y5 R5 G5", "SET B7 Y7 R7 G7", "SET B9 Y9 R9"],
     "B9 G9 B2", ["SET B5 Y5 R5", "SET B7 Y7 R7", "SET B9 B9 Y9 R9 G9"]),
    (CUSTOM, LONG_OR_TWO, ["RUN B2 Y3 R4 G5 B6 Y7 R8 G9"], "B2",
     ["RUN B2 Y3 R4 G5", "RUN B6 Y7 R8 G9"]),
])
def test_uc28_rearranging_onto_the_complete_face_is_legal(
    config: uc.Config, site: int, before: list[str], hand: str, after: list[str]
) -> None:
    """UC-28, UC-11: a rearrangement may leave a campsite meeting only its complete
    requirement; a split doing so is among the listed rearrangements."""
    state = uc.from_position([hand, "G4"], phase=uc.Phase.PLAY,
                             table=[[(site, [g(x) for x in before])], []], config=config)
    action = uc.Rearrange(0, ((site, tuple(g(x) for x in after)),))
    done = state.apply(action)
    face = config.catalogue[site]
    assert done.table[0][0].groups == action.layout[0][1]
    assert face.is_complete(done.table[0][0].groups)
    if len(before) == 1:
        assert str(action) in texts(state.legal_actions(0))


@pytest.mark.parametrize("backend", ["native", "z3"])
def test_uc28_solver_rearranges_own_campsite_onto_its_complete_face(backend: Backend) -> None:
    """UC-28: the solver may take own table cards into a claim when the campsite they
    leave stands on its complete face only (2 SETS OF 4 / 3 SETS OF 3)."""
    face = CUSTOM.catalogue[PAIRS_OF_FOUR]
    own = [OwnCampsite(face, [g("SET B5 Y5 R5 G5"), g("SET B7 Y7 R7 G7"), g("SET B9 Y9 R9")])]
    found = solve(uc.Requirement.parse("1 RUN OF 4"), uc.parse_cards("B6 B8"), own,
                  backend=backend)
    assert found is not None
    assert [x.size for x in found.table[0]] == [3, 3, 3] and found.claim.groups[0].size == 4
    assert face.stands(found.table[0]) and not face.primitive.is_met_by(found.table[0])


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 5), seeds)
def test_uc28_uc30_every_campsite_through_random_games(players: int, seed: int) -> None:
    """UC-28, UC-30: in random games every campsite on the table stands (but the one
    awaiting its owner's repair) and holds only groups its faces name."""
    for state in random_walk(players, seed, 160):
        pending = state.pending
        for owner, row in enumerate(state.table):
            for site in row:
                face = state.config.catalogue[site.campsite]
                assert _uc30_ok(face, site.groups), (face.id, [str(x) for x in site.groups])
                damaged = isinstance(pending, uc.RepairChoice) and (
                    pending.owner, pending.campsite) == (owner, site.campsite)
                assert damaged or _stands(face, site.groups)


# ----------------------------------------------------------------------------- UC-30


def test_uc30_the_issue_example() -> None:
    """UC-30: a set is no group of a COLOR RUN OF 4 / COLOR RUN OF 7 campsite."""
    table = [[(10, [g("COLOR RUN B4 B5 B6 B7")])], []]
    state = uc.from_position(["Y9 R9 G9 B2", "G3"], phase=uc.Phase.PLAY, table=table)
    with pytest.raises(uc.IllegalActionError, match="UC-30"):
        play(state, "p0 group c11 [SET Y9 R9 G9]")
    assert not [a for a in state.legal_actions(0) if isinstance(a, uc.AddGroup)]


@pytest.mark.parametrize(("site", "groups", "hand", "new", "legal"), [
    (2, ["RUN B2 B3 B4 B5"], "B9 Y9 R9 G2", "SET B9 Y9 R9", False),
    (2, ["RUN B2 B3 B4 B5"], "B9 Y10 R11 G12 G2", "RUN B9 Y10 R11 G12", True),
    (3, ["COLOR GROUP B2 B5 B7 B9"], "Y2 Y3 Y4 Y8 G2", "COLOR GROUP Y2 Y3 Y4 Y8", False),
    (4, ["SET B5 Y5 R5", "SET B7 Y7 R7"], "B9 Y9 R9 G2", "SET B9 Y9 R9", False),
    (9, ["COLOR GROUP B2 B5 B7 B9"], "B9 Y10 R11 G12 G2", "RUN B9 Y10 R11 G12", False),
    (9, ["COLOR GROUP B2 B5 B7 B9"], "Y9 Y10 Y11 Y12 G2", "COLOR RUN Y9 Y10 Y11 Y12", True),
    (9, ["COLOR GROUP B2 B5 B7 B9"], "B11 Y11 R11 G2", "SET B11 Y11 R11", True),
])
def test_uc30_a_new_group_is_of_a_named_kind_within_the_named_count(
    site: int, groups: list[str], hand: str, new: str, legal: bool
) -> None:
    """UC-30: a new group must be of a kind the faces name (a color run serves for a run
    or a color group) and fit within the most groups they name; the listing agrees."""
    state = uc.from_position([hand, "G3"], phase=uc.Phase.PLAY,
                             table=[[(site, [g(x) for x in groups])], []])
    action = uc.parse_action(f"p0 group {uc.CATALOGUE[site].id} [{new}]")
    assert state.is_legal(action) is legal
    assert (action in state.legal_actions(0)) is legal
    if not legal:
        with pytest.raises(uc.IllegalActionError, match="UC-30"):
            state.apply(action)


@pytest.mark.parametrize(("site", "groups"), [
    (2, ["RUN B2 B3 B4 B5", "SET B9 Y9 R9"]),
    (4, ["SET B5 Y5 R5", "SET B7 Y7 R7", "SET B9 Y9 R9"]),
    (3, ["COLOR GROUP B2 B5 B7 B9", "COLOR GROUP Y2 Y5 Y7 Y9"]),
    (10, ["COLOR RUN B4 B5 B6 B7", "RUN Y9 R10 G11 B12"]),
])
def test_uc30_a_claim_lays_only_named_groups(site: int, groups: list[str]) -> None:
    """UC-30: a claim meeting the primitive face may not bring groups of other kinds, or
    more groups than the faces name; ``from_position`` refuses such a table too."""
    laid = [g(x) for x in groups]
    cards = " ".join(str(c) for x in laid for c in x.faces)
    state = uc.from_position([cards + " G2", "G3"], phase=uc.Phase.PLAY)
    claim = uc.Claim(0, site, tuple(laid))
    assert uc.CATALOGUE[site].primitive.is_met_by(laid)
    with pytest.raises(uc.IllegalActionError, match="UC-30"):
        state.apply(claim)
    with pytest.raises(uc.PositionError, match="UC-30"):
        uc.from_position(["G2", "G3"], table=[[(site, laid)], []])


def test_uc30_a_rearrangement_keeps_to_the_named_groups() -> None:
    """UC-30, UC-11: a split needing a second group on a one-group campsite is neither
    listed nor legal; the same split on a two-run campsite is."""
    run = [g("RUN B2 B3 B4 B5 B6 B7 B8 B9")]
    halves = (g("RUN B2 B3 B4 B5"), g("RUN B6 B7 B8 B9"))
    for site, legal in ((5, False), (2, True)):  # c06: 1 RUN / 1 RUN OF 6; c03: 2 RUNS
        state = uc.from_position(["G9 R2", "G3"], phase=uc.Phase.PLAY, table=[[(site, run)], []])
        split = uc.Rearrange(0, ((site, halves),))
        assert state.is_legal(split) is legal
        assert (split in state.legal_actions(0)) is legal
    state = uc.from_position(["B11 Y11 R11 R2", "G3"], phase=uc.Phase.PLAY,
                             table=[[(2, run)], []])
    with pytest.raises(uc.IllegalActionError, match="UC-30"):
        state.apply(uc.Rearrange(0, ((2, (*run, g("SET B11 Y11 R11"))),)))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), seeds)
def test_uc30_every_listed_lay_names_its_groups(players: int, seed: int) -> None:
    """UC-30: in random states, every listed claim, new group and rearrangement leaves
    each campsite it touches with groups its faces name."""
    for state in random_walk(players, seed, 160)[::3]:
        catalogue = state.config.catalogue
        for actor in state.actors:
            for action in state.legal_actions(actor):
                if isinstance(action, uc.Claim):
                    assert _uc30_ok(catalogue[action.campsite], action.groups)
                elif isinstance(action, uc.AddGroup):
                    site = next(s for s in state.table[actor] if s.campsite == action.campsite)
                    assert _uc30_ok(catalogue[site.campsite], (*site.groups, action.cards))
                elif isinstance(action, uc.Rearrange):
                    for campsite, groups in action.layout:
                        assert _uc30_ok(catalogue[campsite], groups)


@settings(max_examples=150, deadline=None)
@given(hands(max_cards=14), st.sampled_from([*uc.CATALOGUE, *CUSTOM.catalogue]))
def test_uc30_solver_offers_only_named_groups(hand: tuple[uc.Card, ...], face: Campsite) -> None:
    """UC-30: the solver's new groups are of the kinds the faces name, and so are its
    claims' groups; the engine lists the same new groups."""
    offered = list(new_groups(face, hand))
    assert all(_may_hold(face, x.kind) for x in offered)
    assert {x.kind for x in offered} <= face.kinds
    for claim in itertools.islice(claims(face.primitive, hand), 50):
        assert _uc30_ok(face, claim.groups)


@settings(max_examples=25, deadline=None)
@given(hands(max_cards=9, max_wilds=2), st.sampled_from(uc.CATALOGUE))
def test_uc30_both_solver_backends_offer_the_same_named_groups(
    hand: tuple[uc.Card, ...], face: Campsite
) -> None:
    """UC-30: the z3 backend offers exactly the native one's new groups, all named."""
    native = set(new_groups(face, hand))
    z3 = set(new_groups(face, hand, backend="z3"))
    assert native == z3
    assert all(_may_hold(face, x.kind) for x in z3)


@pytest.mark.parametrize("backend", ["native", "z3"])
def test_uc30_solver_new_groups_on_an_own_campsite_keep_within_its_count(
        backend: Backend) -> None:
    """UC-30: a new group for an own campsite given in ``own`` fits within the most groups
    its faces name: c02 with two sets takes a pair from hand; with three groups only its
    own pair, laid anew, while two sets of 3 stay."""
    face = uc.CATALOGUE[THREE_PAIRS]
    hand = uc.parse_cards("B11 Y11")
    two = [OwnCampsite(face, [g("SET B5 Y5 R5"), g("SET B7 Y7 R7")])]
    three = [OwnCampsite(face, [g("SET B5 Y5 R5"), g("SET B7 Y7 R7"), g("SET B9 Y9")])]
    assert list(new_groups(face, hand, two, backend=backend)) == [g("SET B11 Y11")]
    assert list(new_groups(face, hand, three, backend=backend)) == [g("SET B9 Y9")]
    assert uc.solver.new_group(face, hand, three, backend=backend) == g("SET B9 Y9")
    runs = uc.CATALOGUE[2]  # c03: 1 RUN OF 4 / 2 RUNS OF 4, two groups at most
    both = [OwnCampsite(runs, [g("RUN B2 B3 B4 B5")]), *three]
    offers = list(new_groups(runs, uc.parse_cards("B9 B10 B11 B12"), both, backend=backend))
    assert g("RUN B9 B10 B11 B12") in offers and all(x.kind in runs.kinds for x in offers)


@pytest.mark.parametrize(("config", "site", "groups", "attack", "repair"), [
    (DEFAULT, THREE_PAIRS, ["SET B5 Y5", "SET B7 Y7 R7", "SET B9 Y9"], "2 Y9", "G9"),
    (CUSTOM, SETS_THEN_RUN, ["RUN B2 Y3 R4 G5", "SET B9 Y9 R9", "SET B11 Y11 R11"], "2 R11",
     "G11"),
    (CUSTOM, LONG_OR_TWO, ["RUN B2 Y3 R4 G5", "RUN B8 Y9 R10 G11"], "1 G11", "W=G7"),
])
def test_uc28_a_repair_may_leave_the_campsite_on_its_complete_face(
    config: uc.Config, site: int, groups: list[str], attack: str, repair: str
) -> None:
    """UC-28, UC-13: a hand card repairs a campsite when it makes it stand again, on its
    complete face though not its primitive one; the listing offers that repair."""
    table = [[], [(site, [g(x) for x in groups])]]
    state = uc.from_position(["BearAttack B2", "G3 G9 G11 W"], phase=uc.Phase.PLAY,
                             table=table, config=config)
    index, card = attack.split()
    attacked = play(state, f"p0 play BearAttack 1:{uc.CATALOGUE[site].id}.{index} {card}")
    assert isinstance(attacked.pending, uc.RepairChoice)
    assert f"p1 repair {repair}" in texts(attacked.legal_actions(1))
    repaired = play(attacked, f"p1 repair {repair}")
    face = config.catalogue[site]
    rest = repaired.table[1][0].groups
    assert repaired.pending is None and face.is_complete(rest)
    assert not face.primitive.is_met_by(rest)


@pytest.mark.parametrize(("face", "kinds", "most"), [
    ("2 | 1 SET OF 3 OR 1 RUN OF 4 | 1 SET OF 3 AND 1 RUN OF 4", {"SET", "RUN", "COLOR RUN"}, 2),
    ("2 | 2 SETS OF 3 | 3 SETS OF 2", {"SET"}, 3),
    ("3 | 1 RUN OF 4 | 2 RUNS OF 4", {"RUN", "COLOR RUN"}, 2),
    ("3 | 4 CARDS OF THE SAME COLOR | 7 CARDS OF THE SAME COLOR", {"COLOR GROUP", "COLOR RUN"},
     1),
    ("4 | 1 COLOR RUN OF 4 | 1 COLOR RUN OF 7", {"COLOR RUN"}, 1),
    ("4 | 1 SET OF 3 AND 1 RUN OF 4 | 2 SETS OF 3 AND 2 RUNS OF 5", {"SET", "RUN", "COLOR RUN"},
     4),
    ("3 | 2 SETS OF 4 OR 1 COLOR GROUP OF 5 | 3 SETS OF 3", {"SET", "COLOR GROUP", "COLOR RUN"},
     3),
])
def test_uc30_kinds_and_count_a_face_names(face: str, kinds: set[str], most: int) -> None:
    """UC-30: the kinds a campsite holds are those its faces name, with the color run where
    a run or color group is named; its count is the larger one its faces name. The
    catalogue's faces and a user's alike (``Campsite.kinds``, ``Campsite.max_groups``)."""
    site = uc.parse_campsite(face, "c99")
    assert {k.value for k in site.kinds} == kinds and site.max_groups == most
    assert {k for k in GroupKind if _may_hold(site, k)} == site.kinds
    assert _most(site) == site.max_groups


@pytest.mark.parametrize(("extra", "ruling"), [
    ("SET Y9 R9 G9", "UC-30"),  # a kind c11's faces never name
    ("COLOR RUN Y4 Y5 Y6 Y7", "UC-30"),  # a second group where the faces name one
])
def test_uc30_loads_refuses_a_document_with_groups_the_faces_do_not_name(
    extra: str, ruling: str
) -> None:
    """UC-30: a saved game whose campsite holds groups its faces do not name is refused by
    ``loads`` (as by ``from_position``), never loaded as a reachable state."""
    state = uc.from_position(["G2", "G3"], table=[[(10, [g("COLOR RUN B4 B5 B6 B7")])], []])
    document = json.loads(uc.dumps(state))
    assert uc.loads(json.dumps(document)) == state
    document["data"]["table"][0][0]["groups"].append(extra)
    for card in g(extra).faces:  # the cards come from the deck: the count stays right
        document["data"]["deck"].remove(str(card))
    with pytest.raises(uc.SerializationError, match=ruling):
        uc.loads(json.dumps(document))


def test_uc28_loads_refuses_a_campsite_on_neither_face() -> None:
    """UC-28: a saved c02 (2 SETS OF 3 / 3 SETS OF 2) cut down to one set of three by
    hand-editing meets neither face, and ``loads`` refuses it."""
    sets = [g("SET B5 Y5 R5"), g("SET B7 Y7 R7")]
    state = uc.from_position(["G2", "G3"], table=[[(1, sets)], []])
    document = json.loads(uc.dumps(state))
    document["data"]["table"][0][0]["groups"] = ["SET B5 Y5 R5"]
    document["data"]["deck"] += ["B7", "Y7", "R7"]
    with pytest.raises(uc.SerializationError, match="neither its primitive nor its complete"):
        uc.loads(json.dumps(document))
