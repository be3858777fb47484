"""Shared hypothesis strategies and helpers for the Karibou Camp tests."""

from __future__ import annotations

import random
from typing import Any

import attrs
from hypothesis import strategies as st

import karibou_rules as kc

V, P, F, C = kc.Team.VETERINARIAN, kc.Team.PHOTOGRAPHER, kc.Team.FOREST_RANGER, kc.Team.COYOTE
ELK, POLECAT, BEAR, MARMOT = kc.Card.ELK, kc.Card.POLECAT, kc.Card.BEAR, kc.Card.MARMOT
RACCOON, SQUIRREL, DUCK, SCOUT = kc.Card.RACCOON, kc.Card.SQUIRREL, kc.Card.DUCK, kc.Card.SCOUT


def long_round_play(players: int, seed: int, steps: int, pawn_rate: float = 0.02) -> kc.State:
    """Random legal play that rarely places the pawn, so rounds see many exchanges,
    Scouts, passes, cleanups and pile refills; stops early if the game ends."""
    rng = random.Random(seed)
    state = kc.new_game(players, seed)
    for _ in range(steps):
        if state.is_over:
            break
        player = rng.randrange(players)
        options = state.legal_actions(player)
        calm = [action for action in options if not isinstance(action, kc.PlacePawn)]
        if rng.random() < 0.3:
            calm = [action for action in calm if not isinstance(action, kc.Exchange)] or calm
        if rng.random() < 0.1:
            calm = [action for action in calm if isinstance(action, kc.PlayScout)] or calm
        pool = options if rng.random() < pawn_rate else calm
        state = state.apply(rng.choice(pool))
    return state


def rest_of_deck(*placed: tuple[kc.Card, ...]) -> tuple[kc.Card, ...]:
    """The cards of the 56 not already placed, sorted (a convenient pile)."""
    remaining = list(kc.DECK)
    for cards in placed:
        for card in cards:
            remaining.remove(card)
    return tuple(remaining)


def position(
    teams: list[kc.Team],
    hands: list[str],
    center: str,
    *,
    scores: list[int] | None = None,
    revealed: bool = True,
    pile_top: str = "",
) -> kc.State:
    """A state from hands written as text; the rest of the deck forms the pile, with
    ``pile_top`` (text, last card on top) on top."""
    parsed = [kc.parse_cards(hand) for hand in hands]
    center_cards = kc.parse_cards(center)
    top = tuple(kc.Card.parse(word) for word in pile_top.split())
    pile = rest_of_deck(*parsed, center_cards, top) + top
    return kc.from_position(
        teams, parsed, center_cards, pile, scores=scores, revealed=revealed
    )


players_st = st.integers(min_value=3, max_value=7)
seed_st = st.integers(min_value=0, max_value=2**40)
states_st = st.builds(
    long_round_play, players=players_st, seed=seed_st, steps=st.integers(0, 120)
)
"""States reached by play with long rounds (exchanges, Scouts, refills)."""
short_states_st = st.builds(
    long_round_play,
    players=players_st,
    seed=seed_st,
    steps=st.integers(0, 60),
    pawn_rate=st.sampled_from([0.3, 1.0]),
)
"""States of play where the pawn often ends rounds (scores, results, game over)."""


def hidden_variant(state: kc.State, player: int, rng: random.Random) -> kc.State:
    """A state that differs from ``state`` only in what ``player`` cannot see (KC-12):
    other hands, a face-down center, the pile order and content, the discard content,
    other players' scores, the signs ``player`` neither made nor noticed, who else
    noticed a sign, the seed and the chance counter."""
    others = [seat for seat in range(state.num_players) if seat != player]
    hidden = [card for seat in others for card in state.hands[seat]]
    hidden += [*state.pile, *state.discard]
    # A face-down center is hidden too (a finished game shows none; after a Scout it
    # must keep the played Scout, so it stays as it is then).
    center_hidden = state.phase is kc.Phase.DEALT or (
        state.is_over and state.scout_player is None
    )
    if center_hidden:
        hidden += state.center
    rng.shuffle(hidden)
    center = state.center
    if center_hidden:
        center = tuple(sorted(hidden[: len(center)]))
        del hidden[: len(center)]
    hands = list(state.hands)
    for seat in others:
        size = len(hands[seat])
        hands[seat] = tuple(sorted(hidden[:size]))
        del hidden[:size]
    pile = tuple(hidden[: len(state.pile)])
    discard = tuple(sorted(hidden[len(state.pile) :]))
    scores = list(state.scores)
    if not state.is_over:
        for seat in others:
            scores[seat] = rng.randint(scores[seat], state.config.winning_score - 1)
    signs = []
    for sign in state.signs:
        if sign.player != player and player not in sign.noticed_by:
            if rng.random() < 0.5:
                continue
            sign = attrs.evolve(sign, species=rng.choice(kc.SPECIES))
        elif sign.player != player:
            noticed = {seat for seat in others if seat != sign.player and rng.random() < 0.5}
            sign = attrs.evolve(sign, noticed_by=frozenset(noticed | {player}))
        signs.append(sign)
    variant = attrs.evolve(
        state,
        hands=tuple(hands),
        center=center,
        pile=pile,
        discard=discard,
        scores=tuple(scores),
        signs=tuple(signs),
        seed=rng.randrange(2**32),
        chance=rng.randrange(2 * state.version + 2),  # at most 2 x version + 1 (KC-6)
    )
    return kc.loads(kc.dumps(variant))  # the variant must itself be a possible state


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=True)
    | st.sampled_from(["Duck", "Scout", "All", "Coyote", "Veterinarian", "exchange", "pile",
                       "claim", "", "Moose", "Sign", "PlacePawn", "Exchange"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=3),
    max_leaves=8,
)  # fmt: skip
"""JSON values of every kind, some of them game words."""


def paths_of(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path (keys and indexes) of every node of a JSON document, the root first."""
    paths = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            paths += paths_of(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            paths += paths_of(value, (*path, index))
    return paths


def mutate(document: Any, data: st.DataObject) -> Any:
    """One random edit of a JSON document: replace, delete, swap, duplicate a node or add
    a key."""
    paths = paths_of(document)[1:]
    if not paths:  # earlier mutations deleted every node
        return document
    path = data.draw(st.sampled_from(paths))
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    how = data.draw(st.sampled_from(["replace", "delete", "swap", "duplicate", "add-key"]))
    if how == "replace":
        parent[last] = data.draw(json_values)
    elif how == "delete":
        del parent[last]
    elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = data.draw(st.integers(0, len(parent) - 1))
        parent[last], parent[other] = parent[other], parent[last]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(last, parent[last])
    elif isinstance(parent, dict):
        parent[data.draw(st.text(max_size=5))] = data.draw(json_values)
    return document


junk_st = st.one_of(
    st.sampled_from([-1, 7, 2**70, True, False, 1.0, None, "p0", "Duck", (), kc.PILE]),
    st.sampled_from(list(kc.Card) + list(kc.Team) + [kc.ALL_ANIMALS, kc.Phase.SCOUT]),
    st.integers(-3, 9),
    st.frozensets(st.integers(-2, 8) | st.booleans(), max_size=3),
)
"""Field values of every type an action might wrongly be built with."""
wrong_actions_st = st.one_of(
    st.builds(kc.Reveal, junk_st),
    st.builds(kc.Pass, junk_st),
    st.builds(kc.PlayScout, junk_st),
    st.builds(kc.Exchange, junk_st, junk_st, junk_st),
    st.builds(kc.CompleteHand, junk_st, junk_st),
    st.builds(kc.Sign, junk_st, junk_st, junk_st),
    st.builds(kc.PlacePawn, junk_st, junk_st, junk_st),
    junk_st,
)
"""Actions built with wrong field types or values, and things that are no action."""
