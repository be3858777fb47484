"""The proved bound on a seat's legal ids at once (``max_legal_ids``, issue 12), family by
family: every listing of random games and of extreme positions stays within each family's
bound, the families the bound adds are the only ones listed together, and the bound fits
the action space."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

import campers_rules as uc
from campers_rules import _ids
from campers_rules._actions import TRASH_DEPTH
from campers_rules._ids import DECISION_BOUNDS, play_bounds

PLAYERS = range(2, 7)
SHORT = uc.Config(rounds=2, turn_cap=100)
PLAY_FAMILIES = frozenset(play_bounds(2, uc.CATALOGUE))
_SEAT_PARTS = ("add, squat", "swap", "Bear Attack", "Roasted", "Go Fishing")


def family(action_id: int) -> str:
    """The family of an id, read off the id layout alone (docs/campers/ids.rst)."""
    bases = [
        (_ids.DISCARD_BASE, "draw"), (_ids.SMORES_ID, "discard"),
        (_ids.TRASH_BASE, "S'mores, Lost Camper"), (_ids.SPRAY_ID, "Trash Panda"),
        (_ids.REPAIR_BASE, "Bear Spray window"), (_ids.GIVE_BASE, "repair"),
        (_ids.CLAIM_BASE, "give, pass"), (_ids.REARRANGE_ID, "start claim, start group"),
        (_ids.SITE_BASE, "start rearrange"), (_ids.SEAT_BASE, "open build"),
    ]
    for end, name in bases:
        if action_id < end:
            return name
    space = _ids.layout(None)
    rest = (action_id - _ids.SEAT_BASE) % space.seat
    ends = (space.swap_at, space.bear_at, space.roasted_at, space.fishing_at, space.seat)
    return next(name for end, name in zip(ends, _SEAT_PARTS, strict=True) if rest < end)


def check_listing(state: uc.State, player: int) -> int:
    """Every family of this seat's ids within its bound; the play phase's families listed
    only among themselves, any other decision's alone. The number of ids."""
    ids = state.legal_action_ids(player)
    counts = Counter(family(i) for i in ids)
    bounds = play_bounds(state.num_players, state.config.catalogue)
    if counts.keys() <= PLAY_FAMILIES:
        for name, count in counts.items():
            assert count <= bounds[name], (name, count, str(state))
    else:
        assert len(counts) == 1, counts  # one decision, never with another nor with play
        [(name, count)] = counts.items()
        assert count <= DECISION_BOUNDS[name], (name, count)
    assert len(ids) <= uc.max_legal_ids(state.num_players, state.config)
    return len(ids)


def id_game(players: int, seed: int, build_actions: bool) -> Iterator[uc.State]:
    """The states of a seeded random game played by ids: a random legal id at every step
    (abandons included), or (``build_actions``) a random listed action, built by its ids."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed, SHORT)
    for _ in range(500):
        if state.is_over:
            return
        yield state
        player = rng.choice(sorted(state.actors))
        if not build_actions:
            state = state.apply_action_id(player, rng.choice(state.legal_action_ids(player)))
            continue
        for step in uc.action_steps(rng.choice(state.legal_actions(player))):
            state = state.apply_action_id(player, step)
            if state.building:
                yield state


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("build_actions", [False, True])
def test_random_play_stays_within_every_familys_bound(players: int, build_actions: bool) -> None:
    """UC-6 .. UC-19: no seat of seeded random games, played by random ids or by random
    actions built step by step, lists more ids of a family than its bound, nor ids of
    families the bound holds apart; the most listed stays under ``max_legal_ids``."""
    most = 0
    for seed in range(10):
        for state in id_game(players, seed, build_actions):
            for player in range(players):
                most = max(most, check_listing(state, player))
    assert 0 < most <= uc.max_legal_ids(players)


def _hand_of_all(but: list[uc.Card]) -> list[uc.Card]:
    """Every natural and wild of the deck less the cards of ``but``, with one card of each
    action card kind but Bear Spray."""
    rest = Counter(c for c in uc.DECK if c.action is None) - Counter(but)
    plays = "BearAttack Smores Roasted GoFishing LostCamper TrashPanda"
    return sorted([*rest.elements(), *uc.parse_cards(plays)])


TABLE = [
    [(9, ["COLOR GROUP R2 R3 R4 R5"])],
    [(3, ["COLOR GROUP B2 B3 W=B4 B5"])],
    [(14, ["COLOR GROUP Y2 Y3 Y4 Y5 Y6 W=Y7"])],
    [(13, ["SET G3 G3 B3", "RUN G6 G7 G8 G9"])],
    [(12, ["RUN B6 B7 B8 B9", "RUN Y8 Y9 Y10 Y11"])],
    [(1, ["SET R9 R9 Y9", "SET G11 G11 B11"])],
]
"""Six seats' campsites: color groups, sets and runs, two wilds to swap for."""


def extreme(players: int) -> uc.State:
    """The turn player (seat 0, play phase) holds every playing card off the table and
    one of each action card but Bear Spray; the other seats own campsites of every
    kind; five different cards lie on top of the discard pile."""
    table = [[(site, [uc.Group.parse(g) for g in groups]) for site, groups in row]
             for row in TABLE[:players]]
    laid = [p.face for row in table for _, groups in row for g in groups for p in g.cards]
    hands: list[list[uc.Card] | str] = [_hand_of_all(laid), *([""] * (players - 1))]
    return uc.from_position(hands, table=table, turn=0, phase=uc.Phase.PLAY,
                            discard="Smores Roasted BearAttack LostCamper GoFishing Smores")


@pytest.mark.parametrize("players", PLAYERS)
def test_an_extreme_position_stays_within_every_familys_bound(players: int) -> None:
    """UC-12 .. UC-19, UC-9, UC-10: a turn player holding every playing card off the table
    and one of each action card but Bear Spray lists all Go Fishing requests and Roasted
    targets, every Trash Panda depth, many squats and swaps; every family stays within its
    bound."""
    state = extreme(players)
    counts = Counter(family(i) for i in state.legal_action_ids(0))
    others = players - 1
    assert counts["Go Fishing"] == others * len(uc.REQUESTS)
    assert counts["Roasted"] == others
    assert counts["Trash Panda"] == TRASH_DEPTH
    assert counts["swap"] > 0 and counts["add, squat"] > 0 and counts["Bear Attack"] > 0
    assert counts["start claim, start group"] > 0
    assert check_listing(state, 0) == sum(counts.values())


@pytest.mark.parametrize("players", [2, 6])
def test_every_build_of_an_extreme_position_stays_within_its_bound(players: int) -> None:
    """UC-7, UC-11: each build the extreme position opens lists, at its first and second
    steps, only next steps and abandon, no more than the open build's bound."""
    state = extreme(players)
    starts = [i for i in state.legal_action_ids(0) if family(i).startswith("start")]
    for start in starts:
        building = state.apply_action_id(0, start)
        check_listing(building, 0)
        step = building.legal_action_ids(0)[0]
        if step != _ids.ABANDON_ID:
            check_listing(building.apply_action_id(0, step), 0)


def test_a_repair_with_a_big_hand_stays_within_its_bound() -> None:
    """UC-13, UC-24: a campsite broken by a Bear Attack whose owner holds every blue card
    and every wild waits on a repair, within its bound, alone."""
    table = [[], [(3, [uc.Group.parse("COLOR GROUP B2 B3 B4 B5")])]]
    blues = [c for c in uc.DECK if c.action is None and (c.color is uc.Color.BLUE or
                                                          c is uc.WILD)]
    for card in uc.parse_cards("B2 B3 B4 B5"):
        blues.remove(card)
    state = uc.from_position(["BearAttack G9", blues], table=table, phase=uc.Phase.PLAY)
    state = state.apply(uc.parse_action("p0 play BearAttack 1:c04.0 B2"))
    assert isinstance(state.pending, uc.RepairChoice)
    ids = state.legal_action_ids(1)
    assert len(ids) > 1 and check_listing(state, 1) == len(ids)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_bound_fits_the_action_space(players: int) -> None:
    """The bound is a count of ids of the space: within ``num_distinct_actions``, for the
    project's catalogue and for one whose campsites all hold a color group, whose adds and
    squats it reads off that catalogue (UC-3, UC-30)."""
    wide = uc.parse_catalogue([f"{2 + i // 5} | 4 CARDS OF THE SAME COLOR | 7 CARDS OF THE "
                               "SAME COLOR" for i in range(15)])
    for config in (None, uc.Config(catalogue=wide)):
        assert uc.max_legal_ids(players, config) <= uc.num_distinct_actions(players, config)
    # one color group per campsite, which a card of each number joins, natural or wild
    assert play_bounds(players, wide)["add, squat"] == 15 * 2 * 12


def test_the_bound_refuses_what_num_distinct_actions_refuses() -> None:
    """UC-2: a player count outside 2 .. 6, or a config that is no Config, is refused."""
    with pytest.raises(uc.PositionError):
        uc.max_legal_ids(7)
    with pytest.raises(uc.PositionError):
        uc.max_legal_ids(2, "config")  # type: ignore[arg-type]


def test_the_ids_page_states_these_bounds() -> None:
    """docs/campers/ids.rst states the bound and the extreme position's count for two to
    six players, and the play phase's families row by row."""
    page = " ".join((Path(__file__).parents[2] / "docs" / "campers" / "ids.rst").read_text()
                    .split())
    bounds = ", ".join(str(uc.max_legal_ids(p)) for p in PLAYERS).rsplit(", ", 1)
    assert f"{bounds[0]} and {bounds[1]} for two to six players" in page
    reached = [str(len(extreme(p).legal_action_ids(0))) for p in PLAYERS]
    assert f"the {', '.join(reached[:-1])} and {reached[-1]} ids that the extreme" in page
    for name, most in play_bounds(2, uc.CATALOGUE).items():
        if name not in ("Roasted", "Go Fishing"):
            assert f"{name} {most}" in page, name
