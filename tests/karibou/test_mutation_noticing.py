"""Issue 15, mutation round of ``karibou_rules/_noticing.py``: the noticing model's
chances are bounded exactly and each seat notices exactly when its draw falls below
its chance (KC-19)."""

from __future__ import annotations

import random

import pytest

import karibou_rules as kc

V, P, C = kc.Team.VETERINARIAN, kc.Team.PHOTOGRAPHER, kc.Team.COYOTE


class FixedDraws(random.Random):
    """A stream whose every draw is the same number (to test the bound of a chance)."""

    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value = value
        self.draws = 0

    def random(self) -> float:
        self.draws += 1
        return self.value


@pytest.mark.parametrize("field", ["teammate", "opponent"])
@pytest.mark.parametrize("value", [-0.01, 1.01, 2, -1, "0.5", None, True])
def test_kc19_a_chance_outside_0_to_1_is_refused_with_its_name(field: str, value: object) -> None:
    """KC-19: each chance is a number from 0 to 1; anything else is refused, naming the
    field and the value."""
    others = {"teammate": 1.0, "opponent": 0.0}
    others.pop(field)
    with pytest.raises(ValueError) as caught:
        kc.NoticingModel(**{field: value}, **others)  # type: ignore[arg-type]
    assert str(caught.value) == f"{field} must be a chance in [0, 1], not {value!r} [KC-19]"


def test_kc19_chances_at_the_bounds_and_equal_chances() -> None:
    """KC-19: 0 and 1 (int or float) are chances; the teammate's chance must exceed the
    opponent's, so equal chances are refused with both numbers."""
    for teammate, opponent in ((1, 0), (1.0, 0.0), (1.0, 0.99), (0.01, 0)):
        model = kc.NoticingModel(teammate=teammate, opponent=opponent)
        assert (model.teammate, model.opponent) == (teammate, opponent)
    for chance in (0, 0.5, 1):
        with pytest.raises(ValueError) as caught:
            kc.NoticingModel(teammate=chance, opponent=chance)
        assert str(caught.value) == (
            "the teammate must be more likely to notice than an opponent "
            f"({chance} <= {chance}) [KC-19]"
        )


@pytest.mark.parametrize("teams", [(V, V, C), (V, P, V, P), (V, V, P, P, C)])
def test_kc19_a_seat_notices_when_its_draw_is_below_its_chance(teams: tuple[kc.Team, ...]) -> None:
    """KC-19: one draw per other seat; a draw equal to the chance is not noticing, a
    draw just below it is; the teammate uses the teammate's chance, all others the
    opponent's (everyone, when the Coyote signs)."""
    model = kc.NoticingModel(teammate=0.75, opponent=0.25)
    for signer in range(len(teams)):
        others = [seat for seat in range(len(teams)) if seat != signer]
        mate = {seat for seat in others if teams[seat] is teams[signer] and teams[seat] is not C}
        for value, noticed in ((0.75, set()), (0.25, mate), (0.7499, mate),
                               (0.2499, set(others)), (0.0, set(others))):  # fmt: skip
            rng = FixedDraws(value)
            assert model.draw(teams, signer, rng) == noticed
            assert rng.draws == len(others)
