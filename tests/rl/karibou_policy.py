"""A seeded random policy over Karibou Camp's env ids that reaches every action kind.

Uniform random play places the Giga-pawn so often (most legal ids are placements) that
exchanges, Scouts and cleanups are almost never reached; this policy weighs each id by
its kind instead, so a round lasts long enough for all of them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import karibou_rules as kc
from karibou_rules._ids import COMPLETE_BASE, EXCHANGE_BASE, PAWN_BASE, SIGN_BASE

KINDS = ("reveal", "pass", "scout", "complete", "sign", "exchange", "pawn", "wait")
WEIGHTS = {
    "reveal": 1.0, "pass": 0.6, "scout": 0.3, "complete": 1.0, "sign": 0.05,
    "exchange": 0.1, "pawn": 0.0005, "wait": 0.1,
}  # fmt: skip
"""Per id of each kind: a pawn placement is rare, so rounds reach their cleanups."""


def kind(action_id: int, players: int) -> str:
    """The kind of an env id (the library's ids, then waiting)."""
    if action_id == kc.num_distinct_actions(players):
        return "wait"
    if action_id < COMPLETE_BASE:
        return ("reveal", "pass", "scout")[action_id]
    if action_id < SIGN_BASE:
        return "complete"
    if action_id < EXCHANGE_BASE:
        return "sign"
    return "exchange" if action_id < PAWN_BASE else "pawn"


def choose(legal: Sequence[int], players: int, rng: random.Random) -> int:
    """One of the legal ids, weighted by kind."""
    weights = [WEIGHTS[kind(action_id, players)] for action_id in legal]
    return rng.choices(list(legal), weights)[0]


def states(players: int, seed: int, count: int) -> list[kc.State]:
    """``count`` library states met in play under this policy (seats at random, signs
    noticed by a seeded draw), across as many games as needed."""
    rng = random.Random(seed)
    noticing = kc.NoticingModel()
    out: list[kc.State] = []
    game = seed
    while len(out) < count:
        state = kc.new_game(players, game)
        game += 1
        while not state.is_over and len(out) < count:
            seat = rng.randrange(players)
            legal = [*state.legal_action_ids(seat), kc.num_distinct_actions(players)]
            chosen = choose(legal, players, rng)
            if chosen == legal[-1]:
                continue
            action = kc.action_from_id(seat, chosen)
            if isinstance(action, kc.Sign):
                action = kc.Sign(seat, action.species, noticing.draw(state.teams, seat, rng))
            state = state.apply(action)
            out.append(state)
    return out


def uniform_states(players: int, seeds: Sequence[int]) -> list[kc.State]:
    """Every state of whole seeded games of uniform random play (a random seat plays one
    of its legal ids): short rounds, games that end."""
    out: list[kc.State] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = kc.new_game(players, seed)
        while not state.is_over:
            seat = rng.randrange(players)
            legal = state.legal_action_ids(seat)
            if legal:
                state = state.apply_action_id(seat, rng.choice(legal))
                out.append(state)
    return out
