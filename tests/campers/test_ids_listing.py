"""The id path lists from the encoding (issue 12): ``legal_action_ids`` asks only whether
each claim and new group exists, and a started build lists only its own campsite's options,
yet every id is legal exactly when it is the next step of a compound action, or the id of
an atomic action, that the object path lists (UC-7, UC-8, UC-9, UC-10, UC-11, UC-30)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import partial
from itertools import islice
from typing import TypeVar

import attrs
import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import _cache
from campers_rules._action_cards import card_play_ids, card_plays
from campers_rules._ids import encode, layout
from campers_rules._squats import RowTable
from tests.campers.game_strategies import random_walk

T = TypeVar("T")

COMPOUND = (uc.Claim, uc.AddGroup, uc.Rearrange)
ABANDON = uc.action_id(uc.Abandon(0))
_ROOMY = tuple(attrs.evolve(site, complete=uc.CATALOGUE[13].complete) for site in uc.CATALOGUE)
CONFIGS = {
    "short": uc.Config(rounds=1, turn_cap=60),
    "one claim listed": uc.Config(rounds=1, turn_cap=80, claim_limit=1),
    "three claims listed": uc.Config(rounds=2, turn_cap=60, claim_limit=3),
    "roomy catalogue": uc.Config(rounds=1, turn_cap=60, catalogue=_ROOMY),
    "everyone asked": uc.Config(rounds=1, turn_cap=60, ask_everyone=True),
}


def _spelled(state: uc.State, player: int) -> list[tuple[int, ...]]:
    """The steps of every action the object path lists for this seat."""
    return [uc.action_steps(a, state.config) for a in state.legal_actions(player)]


def cold(listing: Callable[[], T]) -> T:
    """``listing()`` asked with every memo emptied first (``_cache.clear``); a listing that
    is a ``partial`` of a state's method is asked of a copy of the state made without its
    scratch copy (``attrs.evolve``), so what that copy carries (``_work.Work``: the hand's
    counts, the ids listed) is not read either."""
    _cache.clear()
    if isinstance(listing, partial):
        owner = getattr(listing.func, "__self__", None)
        if isinstance(owner, uc.State):
            fresh = getattr(attrs.evolve(owner), listing.func.__name__)
            answer: T = fresh(*listing.args, **listing.keywords)
            return answer
    return listing()


def warm_and_cold(listing: Callable[[], T]) -> T:
    """``listing()`` asked with the memos as they are, which gives what it gives with every
    memo emptied and nothing carried by the state (:func:`cold`): no answer depends on
    what a memo or a state's scratch copy holds (issue 12)."""
    warm = listing()
    assert cold(listing) == warm
    return warm


def _check_listing(state: uc.State, start: uc.State | None) -> None:
    """Every seat's legal ids against the object path: outside a build, the first steps of
    the listed actions; inside one, the next steps of the compound actions listed at the
    build's start (``start``), and abandon. Each listing is asked with the memos warm, then
    again with them emptied on a copy of the state that carries nothing (:func:`cold`),
    and the two agree."""
    for seat in range(state.num_players):
        ids = warm_and_cold(partial(state.legal_action_ids, seat))
        if state.building and seat == state.turn:
            assert start is not None
            k = len(state.building)
            nexts = {s[k] for s in warm_and_cold(partial(_spelled, start, seat))
                     if len(s) > k and s[:k] == state.building}
            assert ids == sorted(nexts | {ABANDON})
        else:
            spelled = warm_and_cold(partial(_spelled, state, seat))
            assert ids == sorted({s[0] for s in spelled})


@pytest.mark.parametrize("seed", [3, 5, 8])
def test_a_memo_holding_a_wrong_answer_shows_only_in_the_cold_listing(seed: int) -> None:
    """Issue 12 (every memo emptied by the differential test): both paths read the same
    memos, so one holding a wrong answer makes them agree on a wrong listing; asking again
    with the memos emptied shows it. Here every table row's groups (``ROW_GROUPS``) are
    set to "none", which hides the turn player's squats (UC-9) from both paths. (The ids
    are asked of a copy of the state made without its scratch copy, which would keep
    the ids listed: the copy lists them at each call.)"""
    state = next(attrs.evolve(s) for s in random_walk(4, seed, 600)
                 if any(isinstance(a, uc.Squat) for a in s.legal_actions(s.turn)))
    player = state.turn
    right = warm_and_cold(partial(state.legal_action_ids, player))
    try:
        for owner, (row, catalogue, _table) in list(_cache.ROW_GROUPS.items()):
            _cache.ROW_GROUPS[owner] = (row, catalogue, RowTable([]))
        wrong = state.legal_action_ids(player)
        assert wrong != right and wrong == sorted({s[0] for s in _spelled(state, player)})
        with pytest.raises(AssertionError):
            warm_and_cold(partial(state.legal_action_ids, player))
    finally:
        _cache.clear()


def _random_id_game(players: int, seed: int, config: uc.Config, steps: int) -> int:
    """Play random legal ids (abandons included), checking the listing at every state;
    returns how many build steps were taken."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed, config)
    start: uc.State | None = None
    built = 0
    for _ in range(steps):
        if state.is_over:
            break
        _check_listing(state, start)
        player = rng.choice(sorted(state.actors))
        ids = state.legal_action_ids(player)
        chosen = ids[rng.randrange(len(ids))]
        if not state.building:
            start = state
        after = state.apply_action_id(player, chosen, version=state.version,
                                      build_step=state.build_step)
        built += bool(after.building)
        state = after
    return built


@settings(max_examples=20, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32),
       config=st.sampled_from(sorted(CONFIGS)))
def test_the_listed_ids_are_the_object_paths_first_and_next_steps(
        players: int, seed: int, config: str) -> None:
    """UC-7, UC-8, UC-11, UC-30: random id games under several configs (one or three claims
    listed per campsite, another catalogue, every seat asked): every seat's ids at every
    state, and at every build step, are those the object path's listing gives."""
    _random_id_game(players, seed, CONFIGS[config], 150)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_whole_game_lists_as_the_object_path(players: int) -> None:
    """A whole game of the default config, random ids: the listing matches the object path
    at every state and build step, and builds happen (UC-7)."""
    config = uc.Config(rounds=2)
    assert _random_id_game(players, 17 + players, config, 5000) > 0


@settings(max_examples=15, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), limit=st.integers(1, 4))
def test_every_build_step_of_every_listed_compound_action_is_legal(
        players: int, seed: int, limit: int) -> None:
    """UC-7, UC-11: at random states, every compound action the object path lists (with a
    small ``claim_limit``) is built step by step by ids, each step among the listed ids,
    and finishing it gives the object path's state."""
    config = uc.Config(rounds=1, turn_cap=60, claim_limit=limit)
    rng = random.Random(seed)
    state = uc.new_game(players, seed, config)
    for _ in range(120):
        if state.is_over:
            break
        player = rng.choice(sorted(state.actors))
        legal = state.legal_actions(player)
        for action in legal:
            if isinstance(action, COMPOUND):
                building = state
                for step in uc.action_steps(action, config):
                    assert step in building.legal_action_ids(player)
                    building = building.apply_action_id(player, step)
                assert building == state.apply(action)
        state = state.apply(rng.choice(legal))


def _first_steps(state: uc.State, player: int) -> list[int]:
    return sorted({s[0] for s in _spelled(state, player)})


def _squat_ids(state: uc.State, player: int) -> list[int]:
    return [i for i in state.legal_action_ids(player)
            if isinstance(uc.action_from_id(player, i), uc.Squat)]


@pytest.mark.parametrize("complete", [False, True])
@pytest.mark.parametrize("hand", ["B7", "B7 G12", "B7 B2", "B7 G12 Y2"])
def test_a_last_card_squats_only_for_an_owner_of_a_complete_campsite_uc8(
        complete: bool, hand: str) -> None:
    """UC-8, UC-9: a squat that lays the last hand card is open only to a player who owns
    a complete campsite, one that leaves a card to anyone: ids as the object path's."""
    mine = [(0, [uc.Group.parse("SET Y9 R9 G9"), uc.Group.parse("RUN Y2 Y3 Y4 Y5")])]
    theirs = [(5, [uc.Group.parse("RUN B3 B4 B5 B6")])]
    table = [mine if complete else [], theirs]
    state = uc.from_position([hand, "G3"], phase=uc.Phase.PLAY, table=table)
    assert state.legal_action_ids(0) == _first_steps(state, 0)
    assert bool(_squat_ids(state, 0)) is (complete or len(hand.split()) > 1)


@pytest.mark.parametrize("limit", [1, 2])
def test_a_claim_listed_beyond_the_claim_limit_has_no_start_uc8(limit: int) -> None:
    """UC-7, UC-8: the listing keeps a campsite's first ``claim_limit`` claims, then drops
    those that would empty the hand; with one claim listed and that one laying every card,
    the campsite has no ``start claim`` id; with two, the second (a smaller set) opens it."""
    site = attrs.evolve(uc.CATALOGUE[0], primitive=uc.Requirement.parse(
        "1 RUN OF 4 OR 1 SET OF 3"))
    config = uc.Config(catalogue=(site, *uc.CATALOGUE[1:]), claim_limit=limit)
    state = uc.from_position(["G8 G11 W W", "G3"], phase=uc.Phase.PLAY, config=config)
    start = uc.action_id(uc.StartClaim(0, 0))
    assert state.legal_action_ids(0) == _first_steps(state, 0)
    assert (start in state.legal_action_ids(0)) is (limit == 2)
    if limit == 2:
        building = state.apply_action_id(0, start)
        claims = [a for a in state.legal_actions(0) if isinstance(a, uc.Claim)
                  and a.campsite == 0]
        assert building.legal_actions(0) == [*claims, uc.Abandon(0)]


_KINDS_TEXT = ["SET", "RUN", "COLOR RUN"]
_SINGLE = [uc.Requirement.parse(f"1 {kind} OF {size}")
           for kind in _KINDS_TEXT for size in range(3, 9)] + [
    uc.Requirement.parse(f"{size} CARDS OF THE SAME COLOR") for size in range(3, 11)]
_DECK = [card for card in uc.FACES if card.is_natural] * 2 + [uc.WILD] * 4


@settings(max_examples=200, deadline=None)
@given(picks=st.lists(st.integers(0, len(_DECK) - 1), unique=True, max_size=30),
       which=st.integers(0, len(uc.CATALOGUE) + len(_SINGLE) - 1))
@example(picks=[0, 1, 2, 3, 4, 5, 18, 20, 25, 31, 40, 6, 7, 8, 16, 32, 9, 21, 10, 87, 11, 12,
                13, 14, 96], which=12)  # every claim of it passes the solver's step budget
def test_one_group_the_bound_admits_is_the_solvers_first_claim_uc7(
        picks: list[int], which: int) -> None:
    """UC-7: when the first alternative the hand's bound admits asks for one group, the
    solver's enumeration (what the object listing keeps) starts with a group of that size,
    so ``start claim`` needs no search; and when the bound admits none, there is none."""
    from campers_rules import _firsts
    from campers_rules._solving import may_meet, playing, reach

    hand = tuple(sorted(_DECK[i] for i in picks))
    face = (uc.CATALOGUE[which] if which < len(uc.CATALOGUE)
            else attrs.evolve(uc.CATALOGUE[0], primitive=_SINGLE[which - len(uc.CATALOGUE)]))
    key_cards = playing(hand)
    try:  # the first claim only: all of a 25-card hand's pass the solver's step budget
        every = list(islice(uc.solver.claims(face.primitive, hand, limits=uc.solver.SolverLimits(
            max_cards=100)), 1))
    except uc.solver.ProblemTooLargeError:
        assume(False)  # even the first claim is past the budget: nothing to compare
    wanted = may_meet(reach(key_cards[0]), face.primitive)
    if not wanted:
        assert every == []
        return
    size = _firsts.one_group(face.primitive.asked, wanted)
    if size is not None:
        assert every and len(every[0].groups) == 1 and every[0].groups[0].size == size
    first = next(_firsts._native_claims(key_cards, face, wanted, 128), None)
    assert first == (every[0].groups if every else None)


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32),
       config=st.sampled_from(sorted(CONFIGS)), keep=st.integers(1, 6))
def test_a_new_group_is_open_exactly_when_one_is_listed_uc7_uc8_uc30(
        players: int, seed: int, config: str, keep: int) -> None:
    """UC-7, UC-8, UC-30: ``has_new_group`` answers from the hand's bound without listing, and
    says yes exactly when the listing holds a new group, on the turn player's own
    campsites of random games: with the hand as it is, cut down to a few cards, and cut
    down to exactly a new group it lists (which then takes the last card: listed only
    when it leaves a complete campsite, UC-8) with and without one card more."""
    from campers_rules import _firsts
    from campers_rules._solving import playing, reach

    rng = random.Random(seed)
    asked = 0
    for state in random_walk(players, seed, 300, CONFIGS[config]):
        player = state.turn
        if state.phase is not uc.Phase.PLAY or not state.table[player]:
            continue
        hand = state.hands[player]
        hands = [hand, tuple(sorted(rng.sample(hand, min(keep, len(hand)))))]
        for index in range(len(state.table[player])):
            for group in _firsts.new_groups_for(state, player, playing(hand), index)[:2]:
                exact = tuple(sorted(p.face for p in group.cards))
                hands += [exact, tuple(sorted((*exact, uc.Card.parse("Smores"))))]
        for cards in hands:
            shown = attrs.evolve(state, hands=tuple(
                cards if seat == player else h for seat, h in enumerate(state.hands)))
            for index in range(len(shown.table[player])):
                listed = _firsts.new_groups_for(shown, player, playing(cards), index)
                most = reach(playing(cards)[0])
                assert _firsts.has_new_group(shown, player, most, index) == bool(listed)
                asked += 1
    assert asked or not any(state.table)


@pytest.mark.parametrize("config", ["short", "roomy catalogue"])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_card_play_ids_are_the_encoded_card_plays_in_order(players: int, config: str) -> None:
    """UC-12, UC-13, UC-15..UC-19, UC-31: the id path's action card plays, read off the
    tables without building the actions, are the object listing's plays encoded, one for
    one and in order, at every play-phase state of random games (another catalogue lays
    the group slots out differently)."""
    space = layout(CONFIGS[config])
    kinds: set[type] = set()
    for seed in range(6):
        for state in random_walk(players, seed + 100 * players, 400, CONFIGS[config]):
            if state.phase is not uc.Phase.PLAY:
                continue
            for seat in range(players):
                plays = card_plays(state, seat)
                kinds.update(type(play) for play in plays)
                assert card_play_ids(state, seat, space) == [encode(p, space) for p in plays]
    assert kinds == {uc.BearAttack, uc.Smores, uc.Roasted, uc.GoFishing, uc.LostCamper,
                     uc.TrashPanda}


def test_a_position_listed_again_after_an_abandon_gives_the_same_ids_uc23() -> None:
    """UC-23, issues 12 and 29: a build opened and abandoned at once leaves a state equal
    to the one before, frozen from its very scratch copy, which keeps the ids listed
    (``_work.Work.listed``); they are those listed before and those of a cold listing of
    a copy made without it, and a changed position is listed afresh."""
    state = next(s for s in random_walk(4, 11, 600)
                 if s.phase is uc.Phase.PLAY and s.pending is None and not s.building
                 and any(isinstance(a, uc.Claim) for a in s.legal_actions(s.turn)))
    player = state.turn
    before = state.legal_action_ids(player)
    start = next(i for i in before if isinstance(uc.action_from_id(player, i), uc.StartClaim))
    back = state.apply_action_id(player, start).apply_action_id(player, ABANDON)
    assert back == state and back is not state
    kept = back._work  # type: ignore[attr-defined]
    assert kept is state._work and kept.listed == tuple(before)  # type: ignore[attr-defined]
    assert back.legal_action_ids(player) == before == cold(
        partial(attrs.evolve(back).legal_action_ids, player))
    discard = next(i for i in before if isinstance(uc.action_from_id(player, i), uc.Discard))
    moved = state.apply_action_id(player, discard)
    assert moved._work.listed is None  # type: ignore[attr-defined]
    assert moved.legal_action_ids(moved.turn) == cold(
        partial(attrs.evolve(moved).legal_action_ids, moved.turn))


def _position(**changes: object) -> uc.State:
    """The turn player's play phase with a hand for claims, squats and two action cards."""
    fields: dict[str, object] = {
        "discard": "Smores B2", "phase": uc.Phase.PLAY, "campground": [0, 1, 2, 3, 4],
        "table": [[], [(5, [uc.Group.parse("RUN B3 B4 B5 B6")])]],
    }
    fields.update(changes)
    played = bool(fields.pop("action_played", False))
    hand = str(fields.pop("hand", "B5 Y5 R5 G9 G10 B7 BearAttack TrashPanda"))
    right = str(fields.pop("right", "W G2 G3"))
    state = uc.from_position([hand, right], **fields)  # type: ignore[arg-type]
    return attrs.evolve(state, action_played=True) if played else state


@pytest.mark.parametrize("changes", [
    {"hand": "B5 Y5 R5 G9 G10 B8 BearAttack TrashPanda"},
    {"table": [[], []]},
    {"campground": [0, 1, 2]},
    {"discard": "B2 Smores"},
    {"action_played": True},
    {"config": CONFIGS["roomy catalogue"]},
    {"hand": "LostCamper", "right": ""},
], ids=["hand", "table", "campground", "discard", "action played", "config", "right seat"])
def test_the_kept_play_ids_are_those_of_the_very_position(changes: dict[str, object]) -> None:
    """Issue 12, UC-31: the play-phase ids listed before are not those of another
    position: a position that differs from one listed before only in the hand, the table, the
    campground, the discard pile, whether an action card was played, the configuration or
    (for a last card, a Lost Camper) whether the seat on the right holds a card lists its
    own ids (those of a cold listing), not the kept ones."""
    base = {"hand": changes["hand"]} if "right" in changes else {}
    first, other = _position(**base), _position(**changes)
    kept = first.legal_action_ids(0)
    ids = other.legal_action_ids(0)
    assert ids == cold(partial(other.legal_action_ids, 0)) != kept


@pytest.mark.parametrize(("players", "turn"), [(2, 0), (2, 1), (4, 3), (6, 2)])
def test_uc31_the_kept_play_ids_know_whether_a_card_can_be_drawn(
    players: int, turn: int
) -> None:
    """UC-31 (amended), issue 12: two positions that differ only in
    whether the deck holds a card (the discard pile empty in both) list their own ids: a
    last-card S'mores is an id over a full deck, not over an empty one, whichever is
    listed first."""
    smores = uc.action_id(uc.Smores(turn))
    left = (turn + 1) % players
    hands = [""] * players
    hands[turn] = "Smores"
    hands[left] = "W G2 G3"
    full = uc.from_position(hands, phase=uc.Phase.PLAY, turn=turn)
    others = Counter(uc.DECK) - Counter(uc.parse_cards("Smores"))
    hands[left] = " ".join(map(str, sorted(others.elements())))
    empty = uc.from_position(hands, phase=uc.Phase.PLAY, turn=turn)
    assert full.deck and not empty.deck and full.discard == empty.discard == ()
    for first, second in ((full, empty), (empty, full)):
        kept = first.legal_action_ids(turn)
        ids = second.legal_action_ids(turn)
        assert ids == cold(partial(second.legal_action_ids, turn)) != kept
        assert (smores in ids) is bool(second.deck)
