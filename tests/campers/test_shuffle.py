"""The engine's one random source (``_rng``, UC-21: same seed, same actions, same states on
any machine and in either build): a Fisher-Yates shuffle driven by SplitMix64, each swap one
step of the generator, the state after the last step handed back. It shuffles the deal
(UC-1, UC-21) and the discard pile into a new deck (UC-6); issue 29 compiles it with the id
path."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import campers_rules as uc
from campers_rules._rng import MASK, seed_state, shuffled


def _splitmix64(state: int) -> tuple[int, int]:
    """The reference SplitMix64 step (Steele, Lea and Flood): an output and the next state."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31), state


def _reference(items: list[int], state: int) -> tuple[tuple[int, ...], int]:
    """Fisher-Yates from the last place down, a place's partner drawn by one step."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        value, state = _splitmix64(state)
        j = value % (i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), state


def test_the_reference_step_gives_the_published_first_output() -> None:
    """UC-21: the generator is SplitMix64: from state 0 its first output is the published
    0xE220A8397B1DCDAF."""
    assert _splitmix64(0)[0] == 0xE220A8397B1DCDAF


@given(st.integers(0, uc.MAX_SEED), st.integers(0, 130))
def test_uc21_shuffled_is_fisher_yates_over_splitmix64(seed: int, size: int) -> None:
    """UC-21, UC-6: any seed's state shuffles any number of cards as the reference does
    and hands back the state after its last step (a pile of one or none takes no step)."""
    state = seed_state(seed)
    items = list(range(size))
    order, after = shuffled(items, state)
    assert (order, after) == _reference(items, state)
    assert sorted(order) == items
    assert (after == state) is (size < 2)


@pytest.mark.parametrize("state", [-1, -(2**70), 2**64, 2**64 + 2**63, 2**100])
@pytest.mark.parametrize("size", [0, 1, 2, 45])
def test_a_state_outside_64_bits_shuffles_as_the_reference(state: int, size: int) -> None:
    """UC-21: a random state outside 0 to 2**64 - 1 (only a state built by hand holds
    one) shuffles as the reference masks it, in both builds, and a pile of one or none
    hands it back as given."""
    items = list(range(size))
    assert shuffled(items, state) == _reference(items, state)
