"""A card is an int (its face id, UC-1), yet an int is no card, and a card no seat, score,
campsite or declared number, wherever a caller hands the library one: ``from_position``
refuses a position that says otherwise with its PositionError (issue 12)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import FACES, Color, Group, GroupKind, Placed
from tests.campers.forging import forged_placed
from tests.campers.game_strategies import players, random_walk, seeds
from tests.campers.strategies import valid_groups


def _position(state: uc.State) -> dict[str, Any]:
    """The ``from_position`` arguments that rebuild this first-round state."""
    return {
        "hands": [list(hand) for hand in state.hands],
        "discard": list(state.discard),
        "deck": list(state.deck),
        "table": [[(site.campsite, list(site.groups)) for site in row] for row in state.table],
        "campground": list(state.campground),
        "kept": [list(row) for row in state.kept],
        "turn": state.turn,
        "dealer": state.dealer,
        "phase": state.phase,
        "scores": list(state.scores),
    }


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    """A position of a random first round, with no decision pending, as arguments that
    ``from_position`` accepts."""
    walk = random_walk(draw(players), draw(seeds), draw(st.integers(0, 60)))
    fit = [s for s in walk if s.round == 0 and s.pending is None and s.phase is not
           uc.Phase.OVER and not s.building]
    kwargs = _position(draw(st.sampled_from(fit)))
    uc.from_position(**kwargs)  # the position itself is possible
    return kwargs


@st.composite
def table_positions(draw: st.DrawFn) -> dict[str, Any]:
    """A position whose table holds one campsite (c01) of one valid set or run, as
    ``from_position`` arguments; every other card in the deck or the discard pile."""
    n = draw(players)
    group = draw(valid_groups(draw(st.sampled_from([GroupKind.SET, GroupKind.RUN]))))
    seat = draw(st.integers(0, n - 1))
    kwargs: dict[str, Any] = {
        "hands": [[] for _ in range(n)],
        "table": [[(0, [group])] if p == seat else [] for p in range(n)],
        "campground": list(range(1, len(uc.CATALOGUE))),
        "kept": [[] for _ in range(n)],
        "turn": 0,
        "dealer": n - 1,
        "scores": [0] * n,
        "rest": draw(st.sampled_from(["deck", "discard"])),
        "seed": draw(seeds),
    }
    uc.from_position(**kwargs)  # the position itself is possible
    return kwargs


def _table_cards(kwargs: dict[str, Any]) -> list[tuple[int, int, int, int]]:
    """Where each table card lies: (seat, site, group, card) indexes."""
    return [(seat, s, g, c) for seat, row in enumerate(kwargs["table"])
            for s, (_, groups) in enumerate(row)
            for g, group in enumerate(groups) for c in range(len(group.cards))]


def _replace_placed(kwargs: dict[str, Any], where: tuple[int, int, int, int],
                    placed: Placed) -> None:
    seat, s, g, c = where
    campsite, groups = kwargs["table"][seat][s]
    cards = list(groups[g].cards)
    cards[c] = placed
    groups[g] = Group(groups[g].kind, tuple(cards))
    kwargs["table"][seat][s] = (campsite, groups)


@given(st.one_of(positions(), table_positions()), st.data())
def test_uc1_from_position_refuses_a_face_id_for_a_card(kwargs: dict[str, Any],
                                                         data: st.DataObject) -> None:
    """UC-1: a card is an int, but a bare int (the face id of a card) in a hand, the deck,
    the discard pile or a table group is no card: the position is refused, as it was before
    cards became ints (then the 126 cards did not add up). ``Placed`` refuses an int face
    (UC-4); one forged around it is refused by the position check."""
    rows: list[tuple[str, int | None]] = [
        ("hands", i) for i, hand in enumerate(kwargs["hands"]) if hand]
    rows += [(name, None) for name in ("deck", "discard") if kwargs.get(name)]
    spots = _table_cards(kwargs)
    choice = data.draw(st.sampled_from([*rows, ("table", None)] if spots else rows))
    if choice[0] == "table":
        where = data.draw(st.sampled_from(spots))
        seat, s, g, c = where
        old = kwargs["table"][seat][s][1][g].cards[c]
        face: Any = int(old.face)
        with pytest.raises(uc.ParseError, match="UC-4"):
            Placed(face, old.color, old.number)
        _replace_placed(kwargs, where, forged_placed(old, face=face, color=old.color,
                                                      number=old.number))
    else:
        name, row = choice
        cards = kwargs[name] if row is None else kwargs[name][row]
        i = data.draw(st.integers(0, len(cards) - 1))
        cards[i] = int(cards[i])
    with pytest.raises(uc.PositionError, match="UC-1"):
        uc.from_position(**kwargs)


@given(table_positions(), st.data())
def test_uc5_from_position_refuses_a_card_as_a_declared_number(kwargs: dict[str, Any],
                                                                data: st.DataObject) -> None:
    """UC-5: a table card counts as a number 2..13; the card whose face id is that number
    is no number (its text, ``W=RB7``, would not read back): ``Placed`` refuses it, and one
    forged around the constructor is refused by the position check."""
    where = data.draw(st.sampled_from(_table_cards(kwargs)))
    seat, s, g, c = where
    old = kwargs["table"][seat][s][1][g].cards[c]
    with pytest.raises(uc.ParseError, match=r"UC-5|a number 2\.\.13"):
        Placed(old.face, old.color, FACES[old.number])
    _replace_placed(kwargs, where, forged_placed(old, face=old.face, color=old.color,
                                                  number=FACES[old.number]))
    with pytest.raises(uc.PositionError, match="UC-5"):
        uc.from_position(**kwargs)


@pytest.mark.parametrize("color", list(Color))
def test_uc5_a_wild_is_declared_by_a_number_not_a_card(color: Color) -> None:
    """UC-5: ``Placed.wild`` takes the declared number; a card passed for it (an int, its
    face id) is refused with ParseError, whatever its id, while the numbers 2..13 are fine."""
    for card in FACES:
        with pytest.raises(uc.ParseError, match="a wild is declared as a number"):
            Placed.wild(color, card)
    for number in range(2, 14):
        placed = Placed.wild(color, number)
        assert Placed.parse(str(placed)) == placed


_INT_FIELDS = ("turn", "dealer", "scores", "campground", "table", "kept")


@given(st.one_of(positions(), table_positions()), st.sampled_from(_INT_FIELDS), st.data())
def test_uc6_from_position_refuses_a_card_for_a_seat_score_or_campsite(
        kwargs: dict[str, Any], name: str, data: st.DataObject) -> None:
    """UC-6 (as the shape check of actions, UC-2): a card is no seat, score or campsite
    index, though it is an int: ``from_position`` refuses the card whose face id is that
    number, rather than give a state whose turn reads ``B3``."""
    if name in ("turn", "dealer"):
        kwargs[name] = FACES[kwargs[name]]
    elif name == "scores":
        seat = data.draw(st.integers(0, len(kwargs["scores"]) - 1))
        kwargs["scores"][seat] = FACES[kwargs["scores"][seat]]
    elif name == "campground" and kwargs["campground"]:
        i = data.draw(st.integers(0, len(kwargs["campground"]) - 1))
        kwargs["campground"][i] = FACES[kwargs["campground"][i]]
    elif name == "table" and any(kwargs["table"]):
        seat = data.draw(st.sampled_from([p for p, row in enumerate(kwargs["table"]) if row]))
        campsite, groups = kwargs["table"][seat][0]
        kwargs["table"][seat][0] = (FACES[campsite], groups)
    else:  # no campsite there: a kept one, taken from the campground
        campsite = kwargs["campground"].pop()
        kwargs["kept"][0] = [FACES[campsite]]
    with pytest.raises(uc.PositionError, match="UC-6"):
        uc.from_position(**kwargs)


def test_uc1_no_face_is_a_false_value() -> None:
    """UC-1: every face is a card, none a false value, as before cards became ints (B2,
    face id 0, would be one): ``if card:`` and ``card or default`` read as they did."""
    for card in FACES:
        assert card and bool(card) is True
        assert (card or None) is card


@pytest.mark.parametrize("spec", ["", ">4", "<4", "^5", "5", "s"])
def test_uc1_a_format_spec_pads_a_face_text(spec: str) -> None:
    """UC-1: a face formats as its text whatever the spec, so a table of cards
    (``f"{card:>4}"``) shows ``  B7``, not the face id ``   5``."""
    for card in FACES:
        assert format(card, spec) == format(str(card), spec)


def test_uc18_a_lost_camper_choice_of_b2_reads_as_chosen() -> None:
    """UC-18: a view's Lost Camper choice is a card or ``None``; a chooser's B2 (face id 0)
    reads as chosen, as every other card does."""
    state = uc.from_position(["B2 Y5 R5 G9 LostCamper", "B2 Y4", "G2 G3"], phase=uc.Phase.PLAY)
    state = state.apply(uc.LostCamper(0))
    while isinstance(state.pending, uc.SprayWindow):
        state = state.apply(uc.Decline(min(state.actors)))
    for seat in (0, 1):
        state = state.apply(uc.PassLeft(seat, uc.Card.parse("B2")))
        pending = state.view(seat).pending
        assert isinstance(pending, uc.PassChoice)
        assert [bool(c) for c in pending.chosen] == [p == seat for p in range(3)]
