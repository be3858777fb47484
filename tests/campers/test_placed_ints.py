"""Placements as interned ints (issue 12, UC-4, UC-5, UC-6): the 96 members, their order,
their forms, and forged ones refused everywhere a caller can send them."""

from __future__ import annotations

import bisect
import copy
import itertools
import pickle
import random
import re
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import FACES, WILD, Color, Group, GroupKind, Placed
from campers_rules._groups import PLACEMENTS, sorted_group
from tests.campers.forging import forged_placed
from tests.campers.game_strategies import random_walk
from tests.campers.strategies import valid_groups


def test_uc5_the_placements_are_96_ints_in_canonical_order() -> None:
    """UC-5: every numbered face as itself and a wild as each color and number, once
    each, 96 in all; each one's int value is its place in a group's canonical order
    (number, then color, naturals before wilds: ``sort_key``), so ints sort them alike."""
    naturals = {Placed.natural(face) for face in FACES if face.is_natural}
    wilds = {Placed.wild(c, n) for c in Color for n in range(2, 14)}
    assert len(naturals) == len(wilds) == 48 and not naturals & wilds
    assert set(PLACEMENTS) == naturals | wilds and len(PLACEMENTS) == 96
    assert [int(p) for p in PLACEMENTS] == list(range(96))
    assert sorted(PLACEMENTS, key=lambda p: p.sort_key) == list(PLACEMENTS)
    for p in PLACEMENTS:
        assert type(p) is Placed and bool(p) and f"{p:>5}" == f"{p!s:>5}"
        assert Placed(p.face, p.color, p.number) is p is Placed.parse(str(p).lower())
        assert p.is_wild is (p.face is WILD) is bool(p % 2)


@pytest.mark.parametrize("placed", PLACEMENTS[::7])
def test_uc5_a_placement_keeps_its_identity_through_pickle_copy_and_json(placed: Placed
                                                                         ) -> None:
    """UC-5: pickling, copying and the JSON form (its text) give back the member itself."""
    assert pickle.loads(pickle.dumps(placed)) is placed
    assert copy.copy(placed) is placed and copy.deepcopy(placed) is placed
    action = uc.Repair(1, placed)
    text = uc.dumps(action)
    assert f'"{placed}"' in text
    loaded = uc.loads_action(text)
    assert isinstance(loaded, uc.Repair) and loaded.card is placed


@given(st.sampled_from(list(GroupKind)), st.lists(st.sampled_from(PLACEMENTS), max_size=12),
       st.sampled_from(PLACEMENTS))
def test_uc4_group_cards_are_sorted_ints(kind: GroupKind, cards: list[Placed],
                                         extra: Placed) -> None:
    """UC-4: a group keeps its cards as sorted ints (the canonical order, whatever order
    they came in), and adding or taking one card keeps that order."""
    group = Group(kind, tuple(reversed(cards)))
    assert list(group.cards) == sorted(cards, key=lambda p: p.sort_key)
    grown = group.with_card(extra)
    assert grown == Group(kind, (*cards, extra)) and grown.without(extra) == group


@given(st.sampled_from(list(GroupKind)), st.lists(st.sampled_from(PLACEMENTS), max_size=12),
       st.sampled_from(PLACEMENTS))
def test_uc4_a_card_added_or_taken_is_the_list_edit(kind: GroupKind, cards: list[Placed],
                                                    card: Placed) -> None:
    """UC-4: ``with_card`` and ``without`` (compiled edits of the int tuple, ``_hands``,
    issue 29) give the members ``bisect.insort_right`` and ``list.remove`` give, and a
    card the group lacks is refused, naming it and the group."""
    group = Group(kind, tuple(cards))
    grown = list(group.cards)
    bisect.insort_right(grown, card)
    assert list(map(id, group.with_card(card).cards)) == list(map(id, grown))
    if card in group.cards:
        rest = list(group.cards)
        rest.remove(card)
        assert list(map(id, group.without(card).cards)) == list(map(id, rest))
    else:
        with pytest.raises(uc.CampersError, match=re.escape(f"is not in the group {group}")):
            group.without(card)


@pytest.mark.parametrize("forged", ["B7", 7.5, None])
def test_uc4_a_forged_card_gets_the_same_answer_in_both_builds(forged: Any) -> None:
    """UC-4: ``with_card`` and ``without`` are public: a forged card (not a placement), or
    a group holding one, gets the built-in edits' answers (``tuple.index``,
    ``bisect.insort_right``), in the compiled build too, not a ``TypeError`` from a native
    int's check: ``without`` refuses a card the group lacks with ``CampersError``."""
    group = Group.parse("SET B7 Y7 W=R7")
    with pytest.raises(uc.CampersError, match="is not in the group"):
        group.without(forged)
    holding = Group(GroupKind.SET, (group.cards[0], 7.5, group.cards[1]))  # type: ignore[arg-type]
    rest = list(holding.cards)
    rest.remove(group.cards[1])
    assert holding.without(group.cards[1]) == sorted_group(GroupKind.SET, tuple(rest))
    with pytest.raises(uc.CampersError, match="is not in the group"):
        holding.without(group.cards[2])
    if isinstance(forged, float):  # a float has an order among ints
        grown: list[Any] = list(group.cards)
        bisect.insort_right(grown, forged)
        as_placed: Any = forged
        assert group.with_card(as_placed) == sorted_group(GroupKind.SET, tuple(grown))


_FORGERIES = (
    "same value, own fields", "same value, no fields", "out of range", "a plain int")


def _forge(placed: Placed, how: str) -> Any:
    if how == "same value, own fields":
        return forged_placed(placed, face=placed.face, color=placed.color,
                             number=placed.number)
    if how == "same value, no fields":
        return forged_placed(placed)
    if how == "out of range":
        return forged_placed(10**6 + placed, face=placed.face, color=placed.color,
                             number=placed.number)
    return int(placed)


def _placed_fields(action: Any) -> list[str]:
    return [f.name for f in attrs.fields(type(action)) if type(getattr(action, f.name)) is Placed]


@pytest.mark.parametrize("how", _FORGERIES)
@pytest.mark.parametrize("seed", [3, 11])
def test_uc6_a_forged_placement_is_refused_and_the_state_untouched(seed: int, how: str
                                                                   ) -> None:
    """UC-6: a listed action whose placement (a card, a wild, a group's card) is swapped
    for one forged around the constructor, equal to it as an int, is refused: ``is_legal``
    says False without raising, ``apply`` raises IllegalActionError naming UC-6, and the
    state is unchanged; the genuine action stays legal."""
    rng = random.Random(seed)
    checked = 0
    for state in random_walk(4, seed, 200, uc.Config(rounds=2, turn_cap=80)):
        for actor in sorted(state.actors):
            for action in state.legal_actions(actor):
                fields = _placed_fields(action)
                groups = [f.name for f in attrs.fields(type(action))
                          if type(getattr(action, f.name)) is Group]
                if (not fields and not groups) or rng.random() < 0.7:
                    continue
                if fields:
                    name = rng.choice(fields)
                    bad_value: Any = _forge(getattr(action, name), how)
                else:
                    name = groups[0]
                    group = getattr(action, name)
                    cards = list(group.cards)
                    at = rng.randrange(len(cards))
                    cards[at] = _forge(cards[at], how)
                    bad_value = Group(group.kind, tuple(cards))
                bad = attrs.evolve(action, **{name: bad_value})
                before = uc.dumps(state)
                assert state.is_legal(action)
                assert not state.is_legal(bad)
                with pytest.raises(uc.IllegalActionError) as caught:
                    state.apply(bad)
                assert caught.value.ruling == "UC-6"
                assert uc.dumps(state) == before
                checked += 1
    assert checked > 20


@given(valid_groups(), st.sampled_from(["same value, own fields", "out of range"]),
       st.data())
def test_uc1_from_position_refuses_a_forged_table_card(group: Group, how: str,
                                                       data: st.DataObject) -> None:
    """UC-1, UC-5: a position whose table group holds a placement forged around the
    constructor with a placement's fields (one equal to the member as an int too) is
    refused with PositionError: only the 96 placements sit on the table."""
    cards = list(group.cards)
    at = data.draw(st.integers(0, len(cards) - 1))
    cards[at] = _forge(cards[at], how)
    forged = Group(group.kind, tuple(cards))
    with pytest.raises(uc.PositionError, match="not a placed card"):
        uc.from_position(["B5 Y9", "G4"], phase=uc.Phase.PLAY,
                         table=[[(_campsite_for(group), [forged])], []])


def _campsite_for(group: Group) -> int:
    """A campsite of the catalogue on which the group stands alone, else 0 (the position
    is refused before that matters)."""
    for index, site in enumerate(uc.CATALOGUE):
        if site.stands((group,)):
            return index
    return 0


_ANYTHING: tuple[Any, ...] = (
    WILD, uc.Card.parse("B7"), uc.Card.parse("G13"), uc.Card.parse("BearSpray"), *Color,
    None, "B7", 2.0, True, [1], object.__new__(Color), int.__new__(uc.Card, 5), 10**5000,
    -1, 0, 1, 2, 7, 13, 14, 5, PLACEMENTS[5],
)


def test_uc4_uc5_the_constructor_answers_anything_with_the_member_or_parse_error() -> None:
    """UC-4, UC-5: ``Placed(face, color, number)`` with any arguments (a plain or huge int,
    a forged card or color, a bool, a placement) returns the one member with exactly those
    fields or raises ParseError, a CampersError, naming why; no other exception."""
    built = 0
    for face, color, number in itertools.product(_ANYTHING, repeat=3):
        try:
            placed = Placed(face, color, number)
        except uc.ParseError as error:
            assert isinstance(error, uc.CampersError)
            assert "UC-" in str(error) or "a number 2..13" in str(error)
            continue
        assert placed in PLACEMENTS and PLACEMENTS[placed] is placed
        assert placed.face is face and placed.color is color
        assert type(number) is int and placed.number == number
        built += 1
    assert built == 4 * 4 + 2  # a wild as each color and 2, 7, 13, 5; B7 and G13 as themselves


_BAD_NUMBERS: tuple[Any, ...] = ("7", 7.0, None, uc.WILD)


@pytest.mark.parametrize("number", _BAD_NUMBERS)
def test_uc6_a_placed_card_with_a_wrongly_typed_number_raises_the_typed_error(
    number: Any,
) -> None:
    """UC-6: a placed card counting as a non-int number (which the constructor refuses:
    one forged around it) is refused with IllegalActionError, in the compiled build too
    (there, reading an ``int`` attribute of a non-native class raised TypeError)."""
    placed = Placed.natural(uc.natural(uc.Color.BLUE, 7))
    with pytest.raises(uc.ParseError):
        Placed(placed.face, placed.color, number)
    bad = forged_placed(placed, face=placed.face, color=placed.color, number=number)
    state = uc.new_game(4, seed=3)
    state = state.apply(state.legal_actions(state.turn)[0])
    before = uc.dumps(state)
    turn = state.turn
    other = (turn + 1) % 4
    actions: list[Any] = [
        uc.AddCard(turn, 0, 0, bad),
        uc.Squat(turn, other, 0, 0, bad),
        uc.BearAttack(turn, other, 0, 0, bad),
        uc.SwapWild(turn, other, 0, 0, uc.natural(uc.Color.BLUE, 7), bad),
        uc.AddGroup(turn, 0, sorted_group(uc.GroupKind.SET, (placed, placed, bad))),
    ]
    for action in actions:
        with pytest.raises(uc.IllegalActionError, match="is not a"):
            state.apply(action)
        assert not state.is_legal(action)
    assert uc.dumps(state) == before
