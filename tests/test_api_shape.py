"""Behaviour both packages share through their common API shape (CONTRIBUTING.md)."""

from __future__ import annotations

import pytest


def test_dumps_refuses_what_is_not_a_state_or_view() -> None:
    """Both packages: dumps of anything else is a SerializationError, not a bogus document."""
    import campers_rules as cr
    import karibou_rules as kc

    for package in (cr, kc):
        with pytest.raises(package.SerializationError):
            package.dumps(5)


@pytest.mark.parametrize("text", ["p٣ pass", "p٣ draw 1"])
def test_seats_are_ascii_digits(text: str) -> None:
    """A non-ASCII digit is not a seat number in either text form."""
    import campers_rules as cr
    import karibou_rules as kc

    with pytest.raises(kc.ParseError):
        kc.parse_action(text)
    with pytest.raises(cr.ParseError):
        cr.parse_action(text)
