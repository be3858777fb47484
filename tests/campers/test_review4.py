"""Review 4: hostile-client checks of the embedding API (issue 10) and the new rulings."""

from __future__ import annotations

import pytest

import campers_rules as uc


@pytest.mark.parametrize(
    "sent", [10**5000, -(10**5000), "x" * 100_000], ids=["huge", "-huge", "text"]
)
def test_uc32_a_stale_version_too_long_to_print_is_a_typed_refusal(sent: object) -> None:
    """UC-32: a version no int conversion can print (past Python's 4300-digit limit) or a
    huge text is stale, refused with StaleActionError (a short message), never a plain
    ValueError; is_legal says False."""
    state = uc.new_game(2, 1)
    draw = uc.Draw(1, 1)
    assert not state.is_legal(draw, sent)  # type: ignore[arg-type]
    with pytest.raises(uc.StaleActionError) as caught:
        state.apply(draw, sent)  # type: ignore[arg-type]
    assert caught.value.sent == sent and caught.value.current == 0
    assert len(str(caught.value)) < 200
