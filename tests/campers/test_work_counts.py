"""What a state's scratch copy carries for the id listing (issue 29): each seat's hand
counts, moved with every card the seat takes or gives (``_work.Work.counts``,
``_counted.HandCounts.moved``), the turn player's play-phase ids once listed
(``_work.Work.listed``) and the options of each build opened (``_work.Work.opened``), so
that a listing neither counts a hand nor spells a build again nor asks a memo keyed by
the copy. The carried counts are always those a count of the hand gives, in
games played by ids and by objects (UC-1, UC-6, UC-23)."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _builds
from campers_rules._counted import _UNITS, HandCounts
from campers_rules._firsts import compound_options
from campers_rules._ids import STARTS
from campers_rules._state import State
from campers_rules._work import Work
from tests.campers.game_strategies import players, seeds

_SHORT = uc.Config(rounds=2, turn_cap=30)
"""Games short enough to cross a round's end (a new deal) within a few hundred steps."""


def _fields(counts: HandCounts) -> dict[str, object]:
    """Every field of a hand's counts, with the search bound of every unit (worked out
    now where the listing has not asked for it)."""
    fields = {name: getattr(counts, name) for name in (
        "faces", "doubled", "naturals", "present", "again", "others", "later",
        "wilds", "ones", "twos", "suits", "most_number", "most_color")}
    fields["bounds"] = [counts._bound(code) for code in range(len(_UNITS))]
    return fields


def _work(state: State) -> Work:
    made = getattr(state, "_work", None)
    assert type(made) is Work
    return made


def _carried(state: State) -> list[HandCounts | None]:
    """The counts the state's copy carries, by seat (``None``: not counted)."""
    carried = _work(state).counts
    if carried is None:  # no seat counted
        return [None] * state.num_players
    assert len(carried) == state.num_players
    return carried


def _check(state: State) -> None:
    """The counts the state's copy carries are those of a count of each hand."""
    for seat, counts in enumerate(_carried(state)):
        if counts is not None:
            assert _fields(counts) == _fields(HandCounts(bytes(state.hands[seat])))


def _game(seed: int, players: int, ids: bool, steps: int, config: uc.Config | None = None
          ) -> list[State]:
    """The states of a seeded random game (build steps and abandons included by ids), at
    most ``steps`` long. Before each step the counts of one random seat are asked for, as
    the listing asks for the turn player's: the object listing asks for none."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed, config)
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        _work(state).counted(rng.randrange(players))
        seat = rng.choice(sorted(state.actors))
        if ids:
            legal = state.legal_action_ids(seat)
            state = state.apply_action_id(seat, legal[rng.randrange(len(legal))])
        else:
            state = state.apply(rng.choice(state.legal_actions(seat)))
        states.append(state)
    return states


@settings(max_examples=30, deadline=None)
@given(seed=seeds, players=players, ids=st.booleans(), steps=st.integers(20, 400))
def test_carried_counts_are_a_fresh_count_of_each_hand(seed: int, players: int, ids: bool,
                                                       steps: int) -> None:
    """UC-1, UC-6: at every state of seeded random games, by ids and by objects, each
    seat's counts the state's copy carries (moved with each card drawn, taken, discarded,
    laid, given or passed since they were counted) equal a count of the seat's hand."""
    for state in _game(seed, players, ids, steps, _SHORT):
        _check(state)


@pytest.mark.parametrize(("seed", "players", "ids"),
                         [(0, 4, True), (1, 4, False), (3, 2, True), (2, 6, False), (5, 5, True)])
def test_whole_games_carry_every_count_across_steps_and_count_afresh_after_a_deal(
        seed: int, players: int, ids: bool) -> None:
    """UC-6, UC-21: through whole seeded games, a step's copy carries every count of the
    copy before it (moved, never dropped: no hand the deck deals needs a count), a new
    round's deal drops them (its hands are new), and every carried count is a fresh one."""
    states = _game(seed, players, ids, 10**6)
    assert states[-1].is_over and states[-1].round > 0
    deals = 0
    for before, after in itertools.pairwise(states):
        counted = [counts is not None for counts in _carried(before)]
        if after.round != before.round or after.is_over:
            deals += 1
            continue
        assert all(counts is not None
                   for counts, was in zip(_carried(after), counted, strict=True) if was)
        _check(after)
    assert deals == states[-1].round + 1


@st.composite
def _hands(draw: st.DrawFn) -> list[uc.Card]:
    """A hand the deck may deal (each card of the deck at most once), or a made-up one
    (any faces, a natural three times or more, more cards than a count's field holds)."""
    if draw(st.booleans()):
        picks = draw(st.lists(st.integers(0, len(uc.DECK) - 1), unique=True, max_size=34))
        return sorted(uc.DECK[i] for i in picks)
    return sorted(draw(st.lists(st.sampled_from(uc.FACES), max_size=40)))


@settings(max_examples=500, deadline=None)
@given(hand=_hands(), data=st.data())
def test_counts_moved_by_a_card_are_the_count_of_the_new_hand(hand: list[uc.Card],
                                                              data: st.DataObject) -> None:
    """UC-1: the counts of a hand with one card given (any face) or taken (one it holds)
    equal a count of the new hand; only a made-up hand (a natural held three times or
    more, before or after, or 31 copies or more of the card's face) is left to a
    count."""
    take = bool(hand) and data.draw(st.booleans())
    face = data.draw(st.sampled_from(hand if take else uc.FACES))
    new = list(hand)
    if take:
        new.remove(face)
    else:
        new = sorted([*hand, face])
    moved = HandCounts(bytes(hand)).moved(face, -1 if take else 1)
    most = max([count for cards in (hand, new)
                for count in Counter(card for card in cards if card.is_natural).values()],
               default=0)
    made_up = most > 2 or (not face.is_natural and hand.count(face) >= 31)
    assert (moved is None) is made_up
    if moved is not None:
        assert _fields(moved) == _fields(HandCounts(bytes(new)))


@pytest.mark.parametrize("seed", [0, 7])
def test_a_state_made_any_other_way_counts_afresh(seed: int) -> None:
    """UC-32: a state loaded, copied, evolved or built by its constructor keeps no
    scratch copy, so the next step's copy carries no counts and no ids: it counts and
    lists afresh, to the same ids."""
    for state in _game(seed, 3, True, 300)[10::25]:
        if state.is_over:
            continue
        seat = state.turn
        ids = state.legal_action_ids(seat)
        for other in (uc.loads(uc.dumps(state)), attrs.evolve(state),
                      uc.from_position([" ".join(map(str, hand)) for hand in state.hands],
                                       phase=state.phase, turn=state.turn)):
            made = Work(other)
            assert made.counts is None and made.listed is None and made.opened is None
        assert attrs.evolve(state).legal_action_ids(seat) == ids


def test_the_ids_listed_are_kept_on_the_copy_an_abandon_returns_to_uc23(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """UC-23: in random id play, the state an abandon returns to is frozen from the copy
    of the state before the build, which keeps the ids listed for it: every listing after
    an abandon gives those ids back without listing (the pure build is patched to refuse
    a listing; compiled callers see no patch), the ids of a copy made without them."""
    rng = random.Random(3)
    state = uc.new_game(4, 3)
    abandons = answered = 0
    for _ in range(3000):
        if state.is_over:
            break
        seat = min(state.actors)
        if state.build_step and not state.building and seat == state.turn:
            abandons += 1  # the state after an abandon (a finish starts a new version)
            kept = _work(state).listed
            if kept is not None:
                answered += 1
                with monkeypatch.context() as patch:
                    patch.setattr(_builds, "play_ids", _refuse)
                    assert state.legal_action_ids(seat) == list(kept)
                assert attrs.evolve(state).legal_action_ids(seat) == list(kept)
        legal = state.legal_action_ids(seat)
        state = state.apply_action_id(seat, legal[rng.randrange(len(legal))])
    assert answered == abandons > 10


def _refuse(*args: object) -> list[int]:
    raise AssertionError("listed again")


@pytest.mark.parametrize("seed", [5, 8])
def test_the_options_of_a_build_opened_again_are_kept_on_its_copy_uc7_uc23(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """UC-7, UC-23: random id play opens builds again from the copy an abandon returns to.
    The copy keeps the options of each build opened from it, by its first step
    (``_work.Work.opened``): those a copy made without it spells afresh, and the build's
    own. A build opened again reads them without spelling (the pure build is patched to
    refuse spelling; compiled callers see no patch) and lists the ids a fresh copy lists."""
    rng = random.Random(seed)
    state = uc.new_game(4, seed)
    opened = again = 0
    for _ in range(4000):
        if state.is_over:
            break
        seat = min(state.actors)
        legal = state.legal_action_ids(seat)
        action_id = legal[rng.randrange(len(legal))]
        if seat != state.turn or state.building or action_id not in STARTS:
            state = state.apply_action_id(seat, action_id)
            continue
        opened += 1
        cold = attrs.evolve(state)
        fresh = tuple(compound_options(cold, action_id))
        kept = _work(state).opened
        if kept is not None and action_id in kept:
            again += 1
            assert kept[action_id] == fresh
            with monkeypatch.context() as patch:
                patch.setattr(_builds, "compound_options", _refuse)
                after = state.apply_action_id(seat, action_id)
        else:
            after = state.apply_action_id(seat, action_id)
        assert _work(state).opened[action_id] == fresh == after.build_options  # type: ignore[index]
        assert after.legal_action_ids(seat) == cold.apply_action_id(
            seat, action_id).legal_action_ids(seat)
        state = after
    assert opened > again > 3


def test_no_module_but_the_scratch_copy_changes_a_hand() -> None:
    """The counts move with each card only if every hand changes through the copy's own
    primitives (``take``, ``give``, ``draw``, ``deal_hands``): no other module of the
    package assigns a copy's hand."""
    root = Path(uc.__file__).parent
    assigned = re.compile(r"\bwork\.hands\b(\[[^\]]*\])?\s*=(?!=)")
    for path in sorted(root.rglob("*.py")):
        if path.name != "_work.py":
            assert not assigned.search(path.read_text()), path
