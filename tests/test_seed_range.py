"""UC-21, KC-2 (issue 27): one seed rule in both packages. A seed is an int from 0 to
``MAX_SEED`` (2**64 - 1, the width of Unhappy Campers' random state), each one a distinct
game; a numpy integer is read as an int; anything else (a negative or larger int, a bool,
a float, a text) is refused with the package's ``PositionError`` naming the range."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import campers_rules as uc
import karibou_rules as kc

np = pytest.importorskip("numpy")

_KC_BASE = kc.new_game(4, 3)
_UC_BASE = uc.new_game(3, 3)

_ENTRIES: dict[str, tuple[Callable[[Any], object], type[Exception]]] = {
    "uc.new_game": (lambda seed: uc.new_game(3, seed), uc.PositionError),
    "uc.from_position": (lambda seed: uc.from_position(["B5 Y5", "G3"], seed=seed),
                         uc.PositionError),
    "uc.simulate": (lambda seed: uc.simulate(1, 3, seed=seed), uc.PositionError),
    "kc.new_game": (lambda seed: kc.new_game(4, seed), kc.PositionError),
    "kc.from_position": (lambda seed: kc.from_position(
        _KC_BASE.teams, _KC_BASE.hands, _KC_BASE.center, _KC_BASE.pile, _KC_BASE.discard,
        revealed=False, seed=seed), kc.PositionError),
    "kc.simulate": (lambda seed: kc.simulate(1, 4, seed=seed), kc.PositionError),
}

_REFUSED: list[Any] = [-1, -(2**64), 2**64, 5 + 2**64, 2**2048, True, False, 1.5, 2.0, "7",
                       b"1", None, [1], np.float64(2.0), np.bool_(True), np.int64(-3)]


def test_uc21_kc2_both_packages_share_one_seed_range() -> None:
    """UC-21, KC-2: one constant, one name, one value."""
    assert uc.MAX_SEED == kc.MAX_SEED == 2**64 - 1


@pytest.mark.parametrize("entry", sorted(_ENTRIES))
@pytest.mark.parametrize("seed", _REFUSED, ids=repr)
def test_uc21_kc2_a_seed_outside_the_range_is_refused_naming_it(entry: str, seed: Any) -> None:
    """UC-21, KC-2: every entry point that deals from a seed refuses a non-int, a bool
    or an int outside 0 .. MAX_SEED with the package's PositionError naming the range."""
    call, error = _ENTRIES[entry]
    with pytest.raises(error, match=r"a seed is an int from 0 to 2\*\*64 - 1 \(MAX_SEED\)"):
        result = call(seed)
        if entry.endswith("simulate"):
            next(iter(result))  # type: ignore[call-overload]


@pytest.mark.parametrize("seed", [0, 1, 2**32, 2**63, 2**64 - 1])
def test_uc21_kc2_every_seed_in_the_range_deals_and_reads_back(seed: int) -> None:
    """UC-21, KC-2: the edges of the range deal a game that saves and reads back with its
    seed; a numpy integer of the same value deals the very same game."""
    campers = uc.new_game(3, seed)
    assert uc.loads(uc.dumps(campers)) == campers
    assert uc.new_game(3, np.uint64(seed)) == campers
    karibou = kc.new_game(5, seed)
    assert kc.loads(kc.dumps(karibou)) == karibou and type(karibou.seed) is int
    assert kc.new_game(5, np.uint64(seed)) == karibou
    if seed < 2**63:
        assert uc.new_game(3, np.int64(seed)) == campers
        assert kc.new_game(5, np.int64(seed)) == karibou


def test_uc21_kc2_seeds_no_longer_alias() -> None:
    """UC-21, KC-2: Unhappy Campers took seeds mod 2**64, so ``5`` and ``5 + 2**64`` dealt
    one game; now the second is refused, and seeds of the range that differ in any bit
    (low, middle, the top one) deal different games in both packages."""
    for seed in (0, 5, 2**40 + 7):
        for bit in (0, 31, 32, 63):
            other = seed ^ (1 << bit)
            assert uc.new_game(4, seed).hands != uc.new_game(4, other).hands
            assert kc.new_game(4, seed).hands != kc.new_game(4, other).hands
    with pytest.raises(uc.PositionError):
        uc.new_game(3, 5 + 2**64)


def test_uc21_the_random_state_is_one_to_one_on_the_range() -> None:
    """UC-21: the starting random state is an odd multiple of the seed plus a constant,
    mod 2**64, so two seeds of the range never share a random state (a sample of seeds
    and their neighbours)."""
    from campers_rules._rng import seed_state

    sample = [*range(200), *(2**64 - 1 - i for i in range(200)), *(2**63 + i for i in range(200))]
    assert len({seed_state(seed) for seed in sample}) == len(sample)
