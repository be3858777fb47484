"""Mutation round (issue 15) for the action cards and their responses (``_action_cards``,
``_responses``; once ``_cardplay.py``): each refusal of an action card, a Bear Spray, a
gift, a pass or a repair names its action, its exact reason and its ruling (UC-8,
UC-12..UC-19, UC-31); the effects a chain of sprays, a second Roasted and a fall leave
behind (UC-13, UC-14, UC-16, UC-19, UC-24); the repairs of a damaged campsite,
wherever it sits in its owner's row (UC-13, UC-24); what is listed (UC-8, UC-19, UC-31)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import campers_rules as uc
from campers_rules._table import candidates
from tests.campers.game_strategies import RUN_FOUR, RUN_SIX, SET_THREE, THREE_PAIRS, g, play

PLAY = uc.Phase.PLAY
ATTACKED = [[], [(RUN_SIX, [g("RUN B4 Y5 R6 B7 B8")])], []]
OWN = [[(RUN_SIX, [g("RUN B4 Y5 R6 B7 B8")])], [], []]
REPAIRED = [[], [(RUN_FOUR, [g("RUN B4 Y5 R6 B7")])]]


def _pos(hands: list[str], **kwargs: object) -> Callable[[], uc.State]:
    return lambda: uc.from_position(hands, phase=PLAY, **kwargs)  # type: ignore[arg-type]


def _after(build: Callable[[], uc.State], *texts: str) -> Callable[[], uc.State]:
    return lambda: play(build(), *texts)


REFUSALS = [
    (_after(_pos(["Smores Roasted G5", "G3", "G4"]), "p0 play Smores"), "p0 play Roasted 1",
     "player 0 has already played an action card this turn", "UC-12"),
    (_pos(["G5 G6", "G3", "G4"]), "p0 play Smores", "player 0 holds no Smores", "UC-12"),
    (_pos(["Roasted", "G3", "G4"], table=ATTACKED), "p0 play Roasted 1",
     "Roasted is player 0's last card and brings none back, and without a complete campsite"
     " they must keep a card to discard", "UC-31"),
    (_pos(["Roasted G5", "G3", "G4"]), "p0 play Roasted 0", "seat 0 is not another player",
     "UC-16"),
    (_pos(["GoFishing G5", "G3", "G4"]), "p0 play GoFishing 3 wild",
     "seat 3 is not another player", "UC-17"),
    (_pos(["TrashPanda G5", "G3", "G4"], discard="R2 G7"), "p0 play TrashPanda 2 R2",
     "no card at depth 2 of the discard pile", "UC-19"),
    (_pos(["TrashPanda G5", "G3", "G4"], discard="R2 R3 R4 R5 R6 R7"),
     "p0 play TrashPanda 5 R2", "no card at depth 5 of the discard pile", "UC-19"),
    (_pos(["TrashPanda G5", "G3", "G4"], discard="R2 G7"), "p0 play TrashPanda 0 R2",
     "the card at depth 0 is not R2", "UC-19"),
    (_pos(["BearAttack G5", "G3", "G4"], table=OWN), "p0 play BearAttack 0:c06.0 B8",
     "Bear Attack takes from another player's campsite", "UC-13"),
    (_pos(["BearAttack G5", "G3", "G4"], table=ATTACKED), "p0 play BearAttack 1:c03.0 B8",
     "player 1 owns no campsite c03", "UC-7"),
    (_pos(["BearAttack G5", "G3", "G4"], table=ATTACKED), "p0 play BearAttack 1:c06.1 B8",
     "campsite c06 has no group 1", "UC-13"),
    (_pos(["BearAttack G5", "G3", "G4"], table=ATTACKED), "p0 play BearAttack 1:c06.0 R6",
     "that card is not on the outside edge of the group", "UC-13"),
    (_after(_pos(["Roasted G5", "G3 G6", "G4"], config=uc.Config(ask_everyone=True)),
            "p0 play Roasted 2"), "p1 spray", "player 1 holds no Bear Spray", "UC-14"),
    (_after(_pos(["Roasted BearSpray", "BearSpray G3", "G4"]), "p0 play Roasted 2",
            "p1 spray"), "p0 spray",
     "player 0 would have no card to discard, and owns no complete campsite", "UC-8"),
    (_after(_pos(["GoFishing G5", "G4 B5", "G4"]), "p0 play GoFishing 1 color:G"),
     "p1 give B5", "B5 is not a held card matching color:G", "UC-17"),
    (_after(_pos(["GoFishing G5", "G4 B5", "G4"]), "p0 play GoFishing 1 color:G"),
     "p1 give G7", "G7 is not a held card matching color:G", "UC-17"),
    (_after(_pos(["LostCamper G5", "G4 B5", "G4"]), "p0 play LostCamper"), "p1 pass G7",
     "G7 is not in hand", "UC-18"),
    (_after(_pos(["BearAttack B2", "R12 G7"], table=REPAIRED), "p0 play BearAttack 1:c03.0 B7"),
     "p1 repair R13", "R13 is not in hand", "UC-13"),
    (_after(_pos(["BearAttack B2", "R12 G7"], table=REPAIRED), "p0 play BearAttack 1:c03.0 B7"),
     "p1 repair R12", "that card does not repair the campsite", "UC-13"),
]


@pytest.mark.parametrize(("build", "text", "reason", "ruling"), REFUSALS,
                         ids=[case[1] + " " + case[3] for case in REFUSALS])
def test_uc8_uc12_to_uc19_uc31_refusals_name_action_reason_and_ruling(
    build: Callable[[], uc.State], text: str, reason: str, ruling: str
) -> None:
    """UC-8, UC-12..UC-19, UC-31: a refused card play or answer carries the action itself,
    its reason in words and its ruling ID, and is not listed."""
    state = build()
    action = uc.parse_action(text)
    with pytest.raises(uc.IllegalActionError) as info:
        state.apply(action)
    error = info.value
    assert (error.action, error.reason, error.ruling) == (action, reason, ruling)
    assert str(error) == f"illegal action {action}: {reason} [{ruling}]"
    assert action not in state.legal_actions(action.player)


@pytest.mark.parametrize("ending", ["spray", "decline"])
@pytest.mark.parametrize("sprays", [0, 1, 2, 3])
@pytest.mark.parametrize("depth", [0, 1, 2])
def test_uc14_uc19_an_even_spray_chain_lets_trash_panda_take_its_card(
    ending: str, sprays: int, depth: int
) -> None:
    """UC-14, UC-19: a chain of Bear Sprays denies the play when it holds an odd number of
    sprays, whether it ends on a spray nobody can answer or on a decline; a Trash Panda
    that stands takes the card it named, from under the sprays and itself."""
    answers = ending == "decline"  # the next player asked holds one more spray, unplayed
    sprays_of = [sprays // 2 + (answers and sprays % 2 == 1),
                 (sprays + 1) // 2 + (answers and sprays % 2 == 0)]
    hands = [" ".join(["TrashPanda", *["BearSpray"] * sprays_of[0], "G5 G6"]),
             " ".join([*["BearSpray"] * sprays_of[1], "G3"])]
    state = uc.from_position(hands, phase=PLAY, discard="R2 R3 R4")
    named = state.discard[-1 - depth]
    texts = [f"p0 play TrashPanda {depth} {named}"]
    texts += [f"p{1 - i % 2} spray" for i in range(sprays)]
    if ending == "decline":
        texts.append(f"p{1 - sprays % 2} decline")
    after = play(state, *texts)
    assert after.pending is None
    stands = sprays % 2 == 0
    assert after.hands[0].count(named) == (1 if stands else 0)
    rest = [c for c in ("R2", "R3", "R4") if not (stands and uc.Card.parse(c) is named)]
    assert [str(c) for c in after.discard] == [*rest, "TrashPanda", *["BearSpray"] * sprays]


def test_uc16_two_roasted_plays_skip_two_turns() -> None:
    """UC-16: each Roasted that stands adds a skipped turn; two on one player make two."""
    state = uc.from_position(["Roasted G5 G6", "Roasted G7 G8", "G9 G10"], phase=PLAY)
    after = play(state, "p0 play Roasted 2", "p0 discard G5", "p1 draw 1",
                 "p1 play Roasted 2")
    assert after.skips == (0, 0, 2)


def test_uc13_uc24_an_attack_that_leaves_a_valid_group_can_still_damage_a_campsite() -> None:
    """UC-13, UC-24: on c02 a set of 2 is a valid group, but two sets of 3 cut to a set of
    3 and a set of 2 meet neither face: the owner must repair or let the group fall."""
    table = [[], [(THREE_PAIRS, [g("SET B5 Y5 R5"), g("SET B7 Y7 R7")])]]
    state = uc.from_position(["BearAttack B2", "G3"], phase=PLAY, table=table)
    after = play(state, "p0 play BearAttack 1:c02.1 R7")
    assert after.pending == uc.RepairChoice(1, THREE_PAIRS, 1)
    assert [str(x) for x in after.table[1][0].groups] == ["SET B5 Y5 R5", "SET B7 Y7"]


def test_uc13_uc24_a_fallen_group_leaves_a_campsite_that_still_stands() -> None:
    """UC-13, UC-24: when the broken group falls and the other groups still meet a face,
    only that group's cards return to the owner and the campsite stays with the others."""
    table = [[], [(4, [g("SET B5 Y5 R5"), g("SET B7 Y7 R7")]),
                  (RUN_FOUR, [g("RUN B9 Y10 R11 B12")])]]
    state = uc.from_position(["BearAttack B2", "G3"], phase=PLAY, table=table)
    after = play(state, "p0 play BearAttack 1:c05.0 R5", "p1 fall")
    assert [(s.campsite, [str(x) for x in s.groups]) for s in after.table[1]] == [
        (4, ["SET B7 Y7 R7"]), (RUN_FOUR, ["RUN B9 Y10 R11 B12"])]
    assert sorted(map(str, after.hands[1])) == ["B5", "G3", "Y5"]
    assert 4 not in after.campground


def test_uc13_uc24_a_campsite_that_no_longer_stands_falls_whole() -> None:
    """UC-13, UC-24: when the groups left after the fall meet neither face, every card of
    the campsite returns to its owner and the campsite goes back to the campground; the
    owner's other campsites stay."""
    table = [[], [(13, [g("SET B5 Y5 R5"), g("RUN B9 Y10 R11 B12")]),
                  (RUN_FOUR, [g("RUN G2 G3 G4 G5")])]]
    state = uc.from_position(["BearAttack B2", "G7"], phase=PLAY, table=table)
    after = play(state, "p0 play BearAttack 1:c14.0 R5", "p1 fall")
    assert [(s.campsite, [str(x) for x in s.groups]) for s in after.table[1]] == [
        (RUN_FOUR, ["RUN G2 G3 G4 G5"])]
    assert sorted(map(str, after.hands[1])) == sorted(
        ["B5", "Y5", "B9", "Y10", "R11", "B12", "G7"])
    assert 13 in after.campground


KINDS: dict[str, type[object]] = {"Roasted": uc.Roasted, "GoFishing": uc.GoFishing,
                                  "LostCamper": uc.LostCamper, "Smores": uc.Smores}


@pytest.mark.parametrize("card", sorted(KINDS))
def test_uc8_uc31_an_action_card_with_a_card_left_after_it_is_listed(card: str) -> None:
    """UC-8, UC-31: an action card that leaves a card to discard is listed whatever its
    effect (the last-card limit of UC-31 applies only to a last card)."""
    state = uc.from_position([f"{card} G5", "", "G3"], phase=PLAY, table=ATTACKED)
    listed = [a for a in state.legal_actions(0) if not isinstance(a, uc.Discard)]
    assert listed and all(isinstance(a, KINDS[card]) for a in listed)


def test_uc8_uc14_a_bear_spray_is_listed_while_it_leaves_a_card() -> None:
    """UC-8, UC-14: the turn's player holding a Bear Spray and one other card is offered
    the spray; a responder is offered their last card, a Bear Spray, too."""
    state = uc.from_position(["Roasted BearSpray G5", "BearSpray G3", "G4"], phase=PLAY)
    chain = play(state, "p0 play Roasted 2", "p1 spray")
    assert chain.legal_actions(0) == [uc.BearSpray(0), uc.Decline(0)]
    window = play(uc.from_position(["Roasted G5", "G3", "BearSpray"], phase=PLAY),
                  "p0 play Roasted 1")
    assert window.legal_actions(2) == [uc.BearSpray(2), uc.Decline(2)]


def test_uc19_trash_panda_offers_each_card_of_the_top_five_once() -> None:
    """UC-19: Trash Panda is offered once per card among the top five of the discard
    pile, at its shallowest depth."""
    state = uc.from_position(["TrashPanda G5", "G3"], phase=PLAY,
                             discard="Y8 R2 R3 R2 R3 B9")
    listed = [a for a in state.legal_actions(0) if isinstance(a, uc.TrashPanda)]
    assert [(a.depth, str(a.card)) for a in listed] == [(0, "B9"), (1, "R3"), (2, "R2")]


_DAMAGED = [(RUN_FOUR, "RUN B4 Y5 R6 B7", "B7"), (RUN_FOUR, "RUN B4 Y5 R6 B7", "B4"),
            (SET_THREE, "SET B9 Y9 R9", "R9")]
"""A campsite a Bear Attack leaves short of its primitive face: its group, the card taken."""
_OTHER_SITES = [(SET_THREE, "SET G11 Y11 R11"), (RUN_SIX, "RUN G2 G3 G4 G5"),
                (RUN_FOUR, "RUN R8 R9 R10 R11")]


def _attacked(site: tuple[int, str, str], at: int, others: int) -> uc.State:
    """p1 owns the damaged campsite at ``at`` in a row with up to ``others`` others."""
    campsite, group, _ = site
    row = [(c, [g(text)]) for c, text in _OTHER_SITES if c != campsite][:others]
    row.insert(at, (campsite, [g(group)]))
    state = uc.from_position(["BearAttack B2", "B3 B8 G9 Y9 W R12"], phase=PLAY,
                             table=[[], row])
    return play(state, f"p0 play BearAttack 1:c{campsite + 1:02}.0 {site[2]}")


@pytest.mark.parametrize("site", _DAMAGED, ids=[f"{s[1]} less {s[2]}" for s in _DAMAGED])
def test_uc13_uc24_the_repairs_are_the_damaged_campsites_wherever_it_sits(
        site: tuple[int, str, str]) -> None:
    """UC-13, UC-24: the repairs open to the owner of a damaged campsite, and which of them
    are accepted, depend on that campsite alone, not on where it sits among the owner's
    other campsites; a repair lays its card there and leaves the others as they were."""
    alone = _attacked(site, 0, 0)
    repairs = alone.legal_actions(1)
    assert isinstance(repairs[-1], uc.LetFall) and len(repairs) > 1
    tried = [uc.Repair(1, p) for c in sorted(set(alone.hands[1])) for p in candidates(c)]
    for others in (1, 2):
        for at in range(others + 1):
            state = _attacked(site, at, others)
            assert state.pending == alone.pending
            assert state.legal_actions(1) == repairs
            for repair in tried:
                assert state.is_legal(repair) is (repair in repairs)
            for listed in repairs[:-1]:
                after = state.apply(listed)
                row = after.table[1]
                assert [s.campsite for s in row] == [s.campsite for s in state.table[1]]
                assert row[at].groups == alone.apply(listed).table[1][0].groups
                assert [s for i, s in enumerate(row) if i != at] == [
                    s for i, s in enumerate(state.table[1]) if i != at]
