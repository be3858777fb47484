"""Helpers and hypothesis strategies for the Unhappy Campers engine tests."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import strategies as st

import campers_rules as uc
from campers_rules import Group

SET_OR_RUN = 0
"""c01: 2 points, 1 SET OF 3 OR 1 RUN OF 4 / 1 SET OF 3 AND 1 RUN OF 4."""
THREE_PAIRS = 1
"""c02: 2 points, 2 SETS OF 3 / 3 SETS OF 2."""
RUN_FOUR = 2
"""c03: 3 points, 1 RUN OF 4 / 2 RUNS OF 4."""
SET_THREE = 4
"""c05: 2 points, 1 SET OF 3 / 2 SETS OF 3."""
RUN_SIX = 5
"""c06: 2 points, 1 RUN OF 4 / 1 RUN OF 6."""


def g(text: str) -> Group:
    """A group from its text."""
    return Group.parse(text)


def play(state: uc.State, *texts: str) -> uc.State:
    """Apply actions given as text."""
    for text in texts:
        state = state.apply(uc.parse_action(text))
    return state


def random_walk(
    players: int, seed: int, steps: int, config: uc.Config | None = None
) -> list[uc.State]:
    """The states of a random legal game from a seed, at most ``steps`` actions long."""
    rng = random.Random(seed)
    state = uc.new_game(players, seed, config or uc.Config(rounds=2, turn_cap=40))
    states = [state]
    for _ in range(steps):
        if state.is_over:
            break
        actor = rng.choice(sorted(state.actors))
        state = state.apply(rng.choice(state.legal_actions(actor)))
        states.append(state)
    return states


def texts(actions: Sequence[object]) -> list[str]:
    """The text forms of actions."""
    return [str(a) for a in actions]


players = st.integers(2, 6)
seeds = st.integers(0, 2**32)
