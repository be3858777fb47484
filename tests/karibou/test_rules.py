"""One test (or a few) per rule and ruling of Karibou Camp; each names its ruling ID."""

from __future__ import annotations

from collections import Counter
from typing import Any, cast

import pytest

import karibou_rules as kc
from tests.karibou.strategies import (
    BEAR,
    DUCK,
    ELK,
    MARMOT,
    RACCOON,
    SCOUT,
    SQUIRREL,
    C,
    P,
    V,
    position,
)


def three() -> kc.State:
    """p0 and p1 are Veterinarians, p2 the Coyote; the center is face up."""
    return position(
        [V, V, C],
        ["Duck Duck Duck Duck Elk", "Bear Bear Elk Elk Scout",
         "Marmot Marmot Marmot Polecat Polecat Raccoon"],
        "Duck Squirrel Scout",
    )  # fmt: skip


def rejected(state: kc.State, action: kc.Action, ruling: str) -> kc.IllegalActionError:
    """Apply an illegal action: it must raise with the ruling and leave the state alone."""
    before = kc.dumps(state)
    assert not state.is_legal(action)
    with pytest.raises(kc.IllegalActionError) as caught:
        state.apply(action)
    assert caught.value.ruling == ruling, caught.value
    assert ruling in str(caught.value)
    assert kc.dumps(state) == before
    return caught.value


def test_kc1_components() -> None:
    """KC-1: 7 species x 7 cards and 7 Scouts; 8 tiles; the signs in the rulebook's order."""
    assert Counter(kc.DECK) == {card: 7 for card in kc.Card}
    assert len(kc.DECK) == 56 and len(kc.SPECIES) == 7 and len(kc.TILES) == 8
    assert [kc.SIGNS[s] for s in kc.SPECIES] == [
        "tongue", "nose", "teeth", "eyes", "hands", "ears", "neck"
    ]  # fmt: skip
    assert kc.ALL_ANIMALS in kc.TILES and SCOUT not in kc.TILES


@pytest.mark.parametrize(
    ("players", "pairs", "coyote"), [(3, 1, True), (4, 2, False), (5, 2, True),
                                     (6, 3, False), (7, 3, True)]
)  # fmt: skip
def test_kc2_team_table(players: int, pairs: int, coyote: bool) -> None:
    """KC-2: the rulebook's table of teams of two, plus the Coyote with 3, 5 and 7."""
    counts = Counter(kc.team_cards(players))
    assert counts.pop(C, 0) == int(coyote)
    assert len(counts) == pairs and set(counts.values()) == {2}
    state = kc.new_game(players, seed=players)
    assert Counter(state.teams) == Counter(kc.team_cards(players))


@pytest.mark.parametrize("players", [2, 8, 0])
def test_kc2_player_count(players: int) -> None:
    """KC-2: 3 to 7 players only; another count raises PositionError (a KaribouError, as
    in the other game), and so does a simulation of such games."""
    with pytest.raises(kc.PositionError, match="KC-2"):
        kc.new_game(players, seed=1)
    with pytest.raises(kc.KaribouError, match="KC-2"):
        next(kc.simulate(games=1, players=players))


def test_kc2_teams_dealt_again_every_round() -> None:
    """KC-2: team cards are dealt at random every round, and are public (in every view)."""
    state = kc.new_game(7, seed=3)
    layouts = {state.teams}
    for _ in range(12):
        state = state.apply(kc.PlacePawn(0, kc.ALL_ANIMALS, state.teammate(0) or 0))
        if state.is_over:
            break
        layouts.add(state.teams)
        assert state.view(4).teams == state.teams
    assert len(layouts) > 3


@pytest.mark.parametrize("seed", range(40))
def test_kc3_deal(seed: int) -> None:
    """KC-3: 5 cards each, the Coyote 6, no hand with 4 of a species; 3/4/5 center cards
    face down; a re-dealt hand lies on the discard pile."""
    players = 3 + seed % 5
    state = kc.new_game(players, seed)
    for hand, team in zip(state.hands, state.teams, strict=True):
        assert len(hand) == kc.hand_size(team) == (6 if team is C else 5)
        counts = Counter(card for card in hand if card is not SCOUT)
        assert max(counts.values(), default=0) < 4
    assert len(state.center) == {3: 3, 4: 4, 5: 4, 6: 5, 7: 5}[players]
    assert state.phase is kc.Phase.DEALT and state.view(0).center == ()
    assert len(state.discard) % 5 in (0, 1)  # whole re-dealt hands, 5 or 6 cards


def test_kc3_redeal_happens() -> None:
    """KC-3: over many seeds, some deals put a re-dealt hand of 4+ of a species in the
    discard pile."""
    redealt = [kc.new_game(5, seed).discard for seed in range(300)]
    hands = [discard for discard in redealt if discard]
    assert hands
    assert all(max(Counter(c for c in d if c is not SCOUT).values()) >= 4 for d in hands)


def test_kc4_exchange_is_atomic() -> None:
    """KC-4: one hand card into the center, one other card out, hand size unchanged."""
    state = three()
    after = state.apply(kc.Exchange(0, ELK, SQUIRREL))
    assert after.hands[0] == kc.parse_cards("Duck Duck Duck Duck Squirrel")
    assert after.center == kc.parse_cards("Elk Duck Scout")
    assert len(after.hands[0]) == 5 and after.hands[1:] == state.hands[1:]


def test_kc4_no_scout_exchanged() -> None:
    """KC-4: a Scout is neither given nor taken in an exchange."""
    state = three()
    rejected(state, kc.Exchange(1, SCOUT, DUCK), "KC-4")
    rejected(state, kc.Exchange(0, ELK, SCOUT), "KC-4")
    assert not any(
        isinstance(a, kc.Exchange) and SCOUT in (a.give, a.take)
        for p in range(3)
        for a in state.legal_actions(p)
    )


def test_kc4_cards_must_be_there() -> None:
    """KC-4: the given card comes from the hand, the taken one from the center."""
    state = three()
    rejected(state, kc.Exchange(0, BEAR, DUCK), "KC-4")
    rejected(state, kc.Exchange(0, ELK, BEAR), "KC-4")


def test_kc15_same_species_exchange_is_not_an_action() -> None:
    """KC-15: giving a Duck for a Duck changes nothing and is not an action."""
    state = three()
    rejected(state, kc.Exchange(0, DUCK, DUCK), "KC-15")
    assert kc.Exchange(0, DUCK, DUCK) not in state.legal_actions(0)


def test_kc5_scout_stops_exchanges() -> None:
    """KC-5: a Scout goes into the center and exchanges stop at once, for everyone."""
    state = three().apply(kc.PlayScout(1))
    assert state.phase is kc.Phase.SCOUT and state.scout_player == 1
    assert len(state.hands[1]) == 4 and state.center.count(SCOUT) == 2
    rejected(state, kc.Exchange(0, ELK, SQUIRREL), "KC-5")
    rejected(state, kc.Pass(2), "KC-5")
    rejected(state, kc.PlayScout(1), "KC-5")


def test_kc5_complete_from_center_then_cleanup() -> None:
    """KC-5, KC-6: the Scout's player takes a non-Scout center card; the rest of the
    center is discarded and a new center is dealt face down."""
    state = three().apply(kc.PlayScout(1))
    assert sorted(map(str, state.legal_actions(1)[:3])) == [
        "p1 complete from Duck", "p1 complete from Squirrel", "p1 complete from pile"
    ]  # fmt: skip
    after = state.apply(kc.CompleteHand(1, SQUIRREL))
    assert after.hands[1] == kc.parse_cards("Bear Bear Elk Elk Squirrel")
    assert after.discard == kc.parse_cards("Duck Scout Scout")
    assert after.phase is kc.Phase.DEALT and len(after.center) == 3
    assert after.pile == state.pile[:-3]


def test_kc5_complete_from_pile() -> None:
    """KC-5: the Scout's player may draw the top card of the pile instead."""
    state = position(
        [V, V, C],
        ["Duck Duck Duck Duck Elk", "Bear Bear Elk Elk Scout",
         "Marmot Marmot Marmot Polecat Polecat Raccoon"],
        "Duck Squirrel Scout",
        pile_top="Raccoon",
    ).apply(kc.PlayScout(1))  # fmt: skip
    after = state.apply(kc.CompleteHand(1, kc.PILE))
    assert RACCOON in after.hands[1] and len(after.hands[1]) == 5


def test_kc5_only_the_scout_player_completes() -> None:
    """KC-5: another player cannot complete; a Scout is never taken from the center."""
    state = three().apply(kc.PlayScout(1))
    with pytest.raises(kc.NotYourTurnError, match="KC-5"):
        state.apply(kc.CompleteHand(0, DUCK))
    rejected(state, kc.CompleteHand(1, SCOUT), "KC-5")
    rejected(state, kc.CompleteHand(1, BEAR), "KC-5")
    rejected(three(), kc.CompleteHand(1, DUCK), "KC-5")


def test_kc6_everyone_passes() -> None:
    """KC-6: when every player has passed since the last exchange, cleanup follows."""
    state = three().apply(kc.Pass(0)).apply(kc.Pass(2))
    assert state.passed == {0, 2}
    rejected(state, kc.Pass(0), "KC-6")
    after = state.apply(kc.Pass(1))
    assert after.phase is kc.Phase.DEALT and after.passed == frozenset()
    assert after.discard == kc.parse_cards("Duck Squirrel Scout")


def test_kc6_exchange_clears_passes() -> None:
    """KC-6: any exchange clears all passes."""
    state = three().apply(kc.Pass(0)).apply(kc.Pass(2))
    assert state.apply(kc.Exchange(1, BEAR, DUCK)).passed == frozenset()


def test_kc6_empty_pile_refilled_from_discards() -> None:
    """KC-6: an empty pile is refilled by shuffling the discard pile (a chance event)."""
    hands = ["Duck Duck Duck Duck Elk", "Bear Bear Elk Elk Scout",
             "Marmot Marmot Marmot Polecat Polecat Raccoon"]  # fmt: skip
    base = position([V, V, C], hands, "Duck Squirrel Scout")
    state = kc.from_position(
        base.teams, base.hands, base.center, base.pile[-2:], base.pile[:-2]
    )
    after = state.apply(kc.Pass(0)).apply(kc.Pass(1)).apply(kc.Pass(2))
    assert len(after.center) == 3 and set(state.pile) <= set(after.center)
    assert len(after.pile) + len(after.discard) == len(state.pile) + len(state.discard)
    assert after.chance == state.chance + 1
    assert len(after.discard) == 0


@pytest.mark.parametrize("before", [[], [kc.Reveal(0)], [kc.Reveal(0), kc.PlayScout(1)]])
def test_kc7_any_sign_any_moment(before: list[kc.Action]) -> None:
    """KC-7: any player makes any sign at any moment, bluffing included; by default
    everybody else notices it; the host may say who noticed."""
    state = position([V, V, C], ["Duck Duck Duck Duck Elk", "Bear Bear Elk Elk Scout",
                                 "Marmot Marmot Marmot Polecat Polecat Raccoon"],
                     "Duck Squirrel Scout", revealed=False)  # fmt: skip
    for action in before:
        state = state.apply(action)
    for player in range(3):
        signs = [a for a in state.legal_actions(player) if isinstance(a, kc.Sign)]
        assert signs == [kc.Sign(player, species) for species in kc.SPECIES]
    bluff = state.apply(kc.Sign(2, DUCK))
    assert bluff.signs[-1] == kc.SignRecord(2, DUCK, frozenset({0, 1}))
    discreet = bluff.apply(kc.Sign(0, ELK, frozenset({1})))
    assert discreet.signs[-1].noticed_by == {1}
    assert discreet.apply(kc.Sign(0, ELK, frozenset())).signs[-1].noticed_by == frozenset()


def test_kc7_bad_signs() -> None:
    """KC-7: a sign stands for a species, and only other players notice it."""
    state = three()
    rejected(state, kc.Sign(0, SCOUT), "KC-7")
    rejected(state, kc.Sign(0, DUCK, frozenset({0})), "KC-7")
    rejected(state, kc.Sign(0, DUCK, frozenset({5})), "KC-7")


def test_kc8_who_may_be_named() -> None:
    """KC-8: a teammate (claim) or an opponent (accusation); the Coyote names himself or
    an opponent; nobody accuses the Coyote; a team player never names himself."""
    state = three()
    named = {
        p: sorted({a.named for a in state.legal_actions(p) if isinstance(a, kc.PlacePawn)})
        for p in range(3)
    }
    assert named == {0: [1], 1: [0], 2: [0, 1, 2]}
    rejected(state, kc.PlacePawn(0, DUCK, 2), "KC-8")
    rejected(state, kc.PlacePawn(0, DUCK, 0), "KC-8")
    rejected(state, kc.PlacePawn(0, SCOUT, 1), "KC-8")
    assert state.is_legal(kc.PlacePawn(2, kc.ALL_ANIMALS, 2))


def test_kc8_pawn_ends_round_at_once_any_moment() -> None:
    """KC-8: the pawn may be placed at any moment of a round (even with the center face
    down or during a Scout); the round is scored and the next one dealt at once."""
    for state in (three(), three().apply(kc.PlayScout(1)),
                  position([V, V, C], ["Duck Duck Duck Duck Elk", "Bear Bear Elk Elk Scout",
                                       "Marmot Marmot Marmot Polecat Polecat Raccoon"],
                           "Duck Squirrel Scout", revealed=False)):  # fmt: skip
        after = state.apply(kc.PlacePawn(1, DUCK, 0))
        assert len(after.round_results) == 1 and after.phase is kc.Phase.DEALT
        assert after.signs == () and after.passed == frozenset()
        assert after.round_results[0].hand == state.hands[0]


def test_kc9_family() -> None:
    """KC-9: exactly 5 cards of one species for a team player; the Coyote needs 6."""
    state = position(
        [V, V, C],
        ["Duck Duck Duck Duck Duck", "Bear Bear Elk Elk Scout",
         "Marmot Marmot Marmot Marmot Marmot Polecat"],
        "Elk Squirrel Scout",
    )  # fmt: skip
    assert state.family(0) is DUCK and state.family(1) is None and state.family(2) is None
    assert kc.family_of((MARMOT,) * 6, C) is MARMOT
    assert kc.family_of((MARMOT,) * 4, V) is None
    assert kc.family_of((SCOUT,) * 5, V) is None


def test_kc11_game_ends_at_winning_score_ties_share() -> None:
    """KC-11: a round that brings someone to 9 ends the game; the highest score wins and
    ties share; a finished game has no actors and refuses every action."""
    state = position(
        [V, V, P, P],
        ["Duck Duck Duck Duck Duck", "Bear Bear Elk Elk Scout", "Elk Elk Bear Bear Polecat",
         "Marmot Marmot Marmot Raccoon Raccoon"],
        "Elk Squirrel Scout Duck",
        scores=[7, 7, 8, 3],
    )  # fmt: skip
    over = state.apply(kc.PlacePawn(1, DUCK, 0))
    assert over.is_over and over.scores == (9, 9, 8, 3) and over.winners == {0, 1}
    assert over.actors == frozenset() and over.legal_actions(0) == []
    with pytest.raises(kc.GameOverError, match="KC-11"):
        over.apply(kc.Sign(0, DUCK))
    assert over.view(0).winners == {0, 1} and over.view(3).is_over


def test_kc11_winning_score_is_configurable() -> None:
    """KC-11: the score that ends the game is an option (default 9)."""
    assert kc.Config().winning_score == 9
    state = kc.new_game(3, seed=1, config=kc.Config(winning_score=1))
    player = state.teams.index(V)
    mate = state.teammate(player)
    assert mate is not None
    assert state.apply(kc.PlacePawn(player, DUCK, mate)).is_over
    with pytest.raises(ValueError):
        kc.Config(winning_score=0)


def test_kc13_everyone_acts_in_any_order() -> None:
    """KC-13: no current player; everyone is an actor and actions arrive in any order."""
    state = three()
    assert state.actors == {0, 1, 2}
    for order in ([0, 1, 2], [2, 1, 0]):
        current = state
        for player in order:
            assert current.legal_actions(player)
            current = current.apply(kc.Pass(player))
        assert current.phase is kc.Phase.DEALT


def test_kc14_reveal() -> None:
    """KC-14: a new center lies face down until some player reveals it; until then no
    exchange, Scout or pass, and revealing twice is refused."""
    state = three().apply(kc.Pass(0)).apply(kc.Pass(1)).apply(kc.Pass(2))
    assert state.phase is kc.Phase.DEALT
    assert state.view(0).center == () and state.view(0).center_face_down == 3
    rejected(state, kc.Pass(0), "KC-14")
    rejected(state, kc.Exchange(0, ELK, state.center[0]), "KC-14")
    rejected(state, kc.PlayScout(1), "KC-14")
    assert [a for a in state.legal_actions(2) if not isinstance(a, kc.Sign | kc.PlacePawn)] == [
        kc.Reveal(2)
    ]
    revealed = state.apply(kc.Reveal(2))
    assert revealed.view(0).center == state.center
    rejected(revealed, kc.Reveal(0), "KC-14")


def test_unknown_seat_and_action() -> None:
    """A seat that does not exist is refused as not able to act; a foreign object is
    refused as not an action."""
    state = three()
    with pytest.raises(kc.NotYourTurnError):
        state.apply(kc.Pass(3))
    with pytest.raises(kc.NotYourTurnError, match="no seat"):
        state.legal_actions(7)
    with pytest.raises(kc.IllegalActionError):
        state.apply("p0 pass")  # type: ignore[arg-type]


def test_from_position_rejects_impossible_positions() -> None:
    """from_position checks the 56 cards, hand sizes, team layout and scores."""
    good = three()
    args = (good.teams, good.hands, good.center, good.pile)
    kc.from_position(*args)
    with pytest.raises(kc.PositionError, match="56 cards"):
        kc.from_position(good.teams, good.hands, good.center, good.pile[1:])
    with pytest.raises(kc.PositionError, match="teams"):
        kc.from_position((V, P, C), good.hands, good.center, good.pile)
    with pytest.raises(kc.PositionError, match="cards"):
        kc.from_position(good.teams, (good.hands[0][1:], *good.hands[1:]), good.center,
                         good.pile + good.hands[0][:1])  # fmt: skip
    with pytest.raises(kc.PositionError, match="score"):
        kc.from_position(*args, scores=[9, 0, 0])
    with pytest.raises(kc.PositionError, match="cards"):
        kc.from_position(good.teams, [cast(Any, ["Duck", 3]), *good.hands[1:]], good.center,
                         good.pile)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("seed", [0, 1, 99, 2**64 - 5])
def test_kc1_from_position_fills_the_pile_with_the_cards_not_placed(players: int, seed: int
                                                                    ) -> None:
    """KC-1 (issue 28): without ``pile``, from_position puts every card not in a hand, the
    center or the discard pile on the pile, in an order shuffled from ``seed`` (as Unhappy
    Campers' ``from_position`` fills its deck): all 56 cards once, the same pile for the
    same seed, and a position that plays like one with that pile given."""
    dealt = kc.new_game(players, seed=(seed + 1000) % 2**64)
    discard = dealt.pile[:3]
    state = kc.from_position(dealt.teams, dealt.hands, dealt.center, discard=discard,
                             seed=seed)
    placed = [*(c for hand in state.hands for c in hand), *state.center, *state.discard]
    assert Counter([*placed, *state.pile]) == Counter(kc.DECK)
    assert Counter(state.pile) == Counter(dealt.pile[3:]) + Counter(dealt.discard)
    assert kc.from_position(dealt.teams, dealt.hands, dealt.center, discard=discard,
                            seed=seed).pile == state.pile
    given = kc.from_position(dealt.teams, dealt.hands, dealt.center, state.pile, discard,
                             seed=seed)
    assert (given.hands, given.center, given.pile, given.discard) == (
        state.hands, state.center, state.pile, state.discard)
    assert kc.loads(kc.dumps(state)) == state
    piles = {kc.from_position(dealt.teams, dealt.hands, dealt.center, seed=s).pile
             for s in range(seed, seed + 4)}
    assert len(piles) > 1  # the order comes from the seed


def test_kc1_a_default_pile_still_refuses_a_card_placed_twice() -> None:
    """KC-1: the default pile takes the cards missing, so more copies of a species than
    the deck holds (eight Ducks in the discard pile: 57 cards or more) are still refused,
    as is a bad seed."""
    good = three()
    with pytest.raises(kc.PositionError, match="56 cards"):
        kc.from_position(good.teams, good.hands, good.center, discard=[kc.Card.DUCK] * 8)
    with pytest.raises(kc.PositionError, match="seed"):
        kc.from_position(good.teams, good.hands, good.center, seed="1")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "junk"),
    [(field, junk)
     for field in ("teams", "hands", "center", "pile", "discard", "scores")
     for junk in (None, 5, [None], [[None]], "Duck")
     if (field, junk) not in (("scores", None), ("pile", None))],  # None: the defaults
)  # fmt: skip
def test_from_position_rejects_junk_with_position_error(field: str, junk: object) -> None:
    """from_position given something that is not a sequence of the right things raises
    PositionError (never TypeError), so an app can build states from client input."""
    good = three()
    args: dict[str, object] = {"teams": good.teams, "hands": good.hands,
                               "center": good.center, "pile": good.pile, "discard": ()}  # fmt: skip
    args[field] = junk
    with pytest.raises(kc.PositionError):
        kc.from_position(**args)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [-1, 3, True, None])
def test_seat_queries_refuse_a_non_seat(seat: object) -> None:
    """KC-2: family() and teammate() of something that is not a seat raise KaribouError
    (seat -1 is not the last seat)."""
    state = three()
    with pytest.raises(kc.KaribouError, match="no seat"):
        state.family(seat)  # type: ignore[arg-type]
    with pytest.raises(kc.KaribouError, match="no seat"):
        state.teammate(seat)  # type: ignore[arg-type]
