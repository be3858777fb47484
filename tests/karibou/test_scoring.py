"""KC-10: every scoring case of the rulebook and the rulings, as a table.

Five players: p0 and p1 Veterinarians, p2 and p3 Photographers, p4 the Coyote.
In position "families" p0 holds five Ducks, p2 five Elks and the Coyote six Marmots;
p1 and p3 hold no family. In position "lone" the Coyote has five Marmots and a Polecat.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import karibou_rules as kc
from tests.karibou.strategies import SCOUT, C, P, V, position, short_states_st, states_st

R = kc.RoundEnd
ALL = kc.ALL_ANIMALS
HANDS = {
    "families": ["Duck Duck Duck Duck Duck", "Bear Bear Polecat Raccoon Scout",
                 "Elk Elk Elk Elk Elk", "Squirrel Squirrel Bear Polecat Raccoon",
                 "Marmot Marmot Marmot Marmot Marmot Marmot"],
    "lone": ["Duck Duck Duck Duck Duck", "Bear Bear Polecat Raccoon Scout",
             "Elk Elk Elk Elk Elk", "Squirrel Squirrel Bear Polecat Raccoon",
             "Marmot Marmot Marmot Marmot Marmot Polecat"],
}  # fmt: skip

# (case, position, placed_by, tile, named, reason, points)
TABLE = [
    ("claim, right species", "families", 1, "Duck", 0, R.CLAIM, (2, 2, 0, 0, 0)),
    ("claim, all animals", "families", 1, "All", 0, R.CLAIM_ALL_ANIMALS, (1, 1, 0, 0, 0)),
    ("claim, other species", "families", 1, "Elk", 0, R.WRONG_CLAIM, (0, 0, 1, 1, 1)),
    ("claim, no family", "families", 0, "Bear", 1, R.WRONG_CLAIM, (0, 0, 1, 1, 1)),
    ("claim, no family, all", "families", 0, "All", 1, R.WRONG_CLAIM, (0, 0, 1, 1, 1)),
    ("accusation, right species", "families", 3, "Duck", 0, R.ACCUSATION, (0, 0, 0, 2, 0)),
    ("accusation, all animals", "families", 3, "All", 0, R.ACCUSATION_ALL_ANIMALS,
     (0, 0, 0, 1, 0)),
    ("accusation, other species", "families", 3, "Bear", 0, R.WRONG_ACCUSATION,
     (1, 1, 1, 0, 1)),
    ("accusation, no family (teammate scores)", "families", 2, "Duck", 1, R.WRONG_ACCUSATION,
     (1, 1, 0, 1, 1)),
    ("accusation, no family, all", "families", 2, "All", 1, R.WRONG_ACCUSATION,
     (1, 1, 0, 1, 1)),
    ("Coyote accuses, right", "families", 4, "Elk", 2, R.ACCUSATION, (0, 0, 0, 0, 2)),
    ("Coyote accuses, all animals", "families", 4, "All", 2, R.ACCUSATION_ALL_ANIMALS,
     (0, 0, 0, 0, 1)),
    ("Coyote accuses, wrong", "families", 4, "Duck", 3, R.WRONG_ACCUSATION, (1, 1, 1, 1, 0)),
    ("Coyote accuses no family, all", "families", 4, "All", 3, R.WRONG_ACCUSATION,
     (1, 1, 1, 1, 0)),
    ("Coyote claims, right", "families", 4, "Marmot", 4, R.COYOTE_CLAIM, (0, 0, 0, 0, 2)),
    ("Coyote claims, all animals", "families", 4, "All", 4, R.COYOTE_CLAIM_ALL_ANIMALS,
     (0, 0, 0, 0, 1)),
    ("Coyote claims, other species", "families", 4, "Duck", 4, R.WRONG_COYOTE_CLAIM,
     (1, 1, 1, 1, 0)),
    ("Coyote claims five of six", "lone", 4, "Marmot", 4, R.WRONG_COYOTE_CLAIM,
     (1, 1, 1, 1, 0)),
    ("Coyote claims five of six, all", "lone", 4, "All", 4, R.WRONG_COYOTE_CLAIM,
     (1, 1, 1, 1, 0)),
]  # fmt: skip


@pytest.mark.parametrize(
    ("case", "where", "placed_by", "tile", "named", "reason", "points"),
    TABLE,
    ids=[row[0] for row in TABLE],
)
def test_kc10_scoring_table(
    case: str,
    where: str,
    placed_by: int,
    tile: str,
    named: int,
    reason: kc.RoundEnd,
    points: tuple[int, ...],
) -> None:
    """KC-10 (and the rulebook's "Scoring Points" and "The Coyote"): points per case."""
    state = position([V, V, P, P, C], HANDS[where], "Squirrel Raccoon Scout Bear",
                     scores=[1, 2, 3, 4, 5])  # fmt: skip
    after = state.apply(kc.PlacePawn(placed_by, kc.parse_tile(tile), named))
    result = after.round_results[-1]
    assert (result.reason, result.points) == (reason, points), case
    assert result.placed_by == placed_by and result.named == named
    assert result.number == len(state.round_results) + 1 == len(after.round_results)
    assert result.hand == state.hands[named] and result.teams == state.teams
    assert result.family == state.family(named)
    assert after.scores == tuple(s + p for s, p in zip(state.scores, points, strict=True))


def test_kc10_scout_player_holds_no_family() -> None:
    """KC-9, KC-10: during a Scout completion the Scout's player is one card short, so a
    claim on them is wrong."""
    state = position([V, V, P, P, C], HANDS["families"], "Squirrel Raccoon Scout Bear")
    state = state.apply(kc.PlayScout(1))
    result = state.apply(kc.PlacePawn(0, kc.Card.BEAR, 1)).round_results[-1]
    assert result.reason is R.WRONG_CLAIM and len(result.hand) == 4


def reference_points(state: kc.State, pawn: kc.PlacePawn) -> tuple[int, ...]:
    """KC-10 in the rulings' words, for any legal placement (slow and obvious)."""
    players, placer, named = range(state.num_players), pawn.player, pawn.named
    hand, team = state.hands[named], state.teams[named]
    size = 6 if team is C else 5
    family = hand[0] if len(hand) == size and len(set(hand)) == 1 and SCOUT not in hand else None
    right = family is not None and pawn.tile in (family, ALL)
    gain = 2 if pawn.tile is not ALL else 1
    if named == placer or state.teams[named] is state.teams[placer]:  # a claim
        claimers = {placer, named}
        return tuple((gain if s in claimers else 0) if right else int(s not in claimers)
                     for s in players)  # fmt: skip
    return tuple((gain if s == placer else 0) if right else int(s != placer) for s in players)


@given(states_st | short_states_st, st.data())
def test_kc10_points_match_the_reference(state: kc.State, data: st.DataObject) -> None:
    """KC-10: any legal pawn placement in any reached state scores as the reference."""
    pawns = [a for p in state.actors for a in state.legal_actions(p)
             if isinstance(a, kc.PlacePawn)]  # fmt: skip
    assume(pawns)  # a finished game has none
    pawn = data.draw(st.sampled_from(pawns))
    assert state.apply(pawn).round_results[-1].points == reference_points(state, pawn)
