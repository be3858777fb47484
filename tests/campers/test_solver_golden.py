"""Golden claim counts: fixed hands, the exact number of claims per requirement (issue 4).

Like chess "perft" counts: a change to claim enumeration that alters any count shows up
here. Requirements not listed for a hand have no claim on it. The counts were produced by
the native backend and agree with z3 (the differential test checks the same code).
"""

from __future__ import annotations

import pytest

from campers_rules import CATALOGUE, Requirement, parse_cards
from campers_rules.solver import claims, new_groups

GOLDEN: dict[str, dict[str, int]] = {
    "B8 B9 Y4 Y10 R10 R10 G7": {
        "1 RUN OF 4": 2,
        "1 SET OF 3": 1,
        "1 SET OF 3 OR 1 RUN OF 4": 3,
    },
    "R4 R13 G2 G4 G5 W W": {
        "1 COLOR RUN OF 4": 6,
        "1 RUN OF 4": 11,
        "1 RUN OF 5": 2,
        "1 SET OF 3": 6,
        "1 SET OF 3 OR 1 RUN OF 4": 17,
        "1 SET OF 4": 1,
        "3 SETS OF 2": 3,
        "4 CARDS OF THE SAME COLOR": 5,
    },
    "B2 B7 B9 Y5 Y8 R6 R9 R13 G3 G5 G12 W": {
        "1 RUN OF 4": 26,
        "1 RUN OF 5": 28,
        "1 RUN OF 6": 12,
        "1 RUN OF 8": 4,
        "1 SET OF 3": 2,
        "1 SET OF 3 AND 1 RUN OF 4": 4,
        "1 SET OF 3 OR 1 RUN OF 4": 28,
        "2 RUNS OF 4": 6,
        "3 SETS OF 2": 7,
        "4 CARDS OF THE SAME COLOR": 3,
    },
    "B2 B6 B8 Y3 Y6 Y10 Y12 Y12 R2 R3 R6 R9 R10 G6 G9 G9 G12 G13 W W": {
        "1 COLOR RUN OF 4": 14,
        "1 COLOR RUN OF 4 AND 1 SET OF 3": 56,
        "1 RUN OF 4": 94,
        "1 RUN OF 5": 136,
        "1 RUN OF 6": 76,
        "1 RUN OF 8": 32,
        "1 SET OF 3": 35,
        "1 SET OF 3 AND 1 RUN OF 4": 672,
        "1 SET OF 3 OR 1 RUN OF 4": 129,
        "1 SET OF 4": 20,
        "1 SET OF 4 AND 1 SET OF 3": 139,
        "1 SET OF 5": 7,
        "1 SET OF 5 AND 1 RUN OF 5": 16,
        "2 RUNS OF 4": 141,
        "2 SETS OF 3": 203,
        "2 SETS OF 4": 18,
        "3 SETS OF 2": 2233,
        "4 CARDS OF THE SAME COLOR": 65,
        "6 CARDS OF THE SAME COLOR": 16,
        "7 CARDS OF THE SAME COLOR": 3,
    },
}


REQUIREMENTS = sorted(
    {str(r) for s in CATALOGUE for r in (s.primitive, s.complete)}
    | {text for counts in GOLDEN.values() for text in counts}
)
"""Every catalogue requirement, and those of earlier catalogues that the counts name."""


@pytest.mark.parametrize("hand", sorted(GOLDEN))
def test_golden_claim_counts(hand: str) -> None:
    """The number of distinct claims of every catalogue requirement on a fixed hand."""
    counts = {text: sum(1 for _ in claims(Requirement.parse(text), parse_cards(hand)))
              for text in REQUIREMENTS}
    assert {t: n for t, n in counts.items() if n} == GOLDEN[hand]


NEW_GROUPS_GOLDEN: dict[str, dict[str, int]] = {
    "R4 R13 G2 G4 G5 W W": {
        "c01": 23, "c02": 6, "c03": 17, "c04": 11, "c05": 6, "c06": 17, "c07": 6, "c08": 6,
        "c09": 17, "c10": 17, "c11": 6, "c12": 23, "c13": 17, "c14": 23, "c15": 11,
    },
    "B2 B7 B9 Y5 Y8 R6 R9 R13 G3 G5 G12 W": {
        "c01": 28, "c02": 13, "c03": 26, "c04": 3, "c05": 2, "c06": 26, "c07": 2, "c08": 2,
        "c09": 26, "c10": 5, "c11": 0, "c12": 28, "c13": 26, "c14": 28, "c15": 3,
    },
}
"""New groups per catalogue campsite for fixed hands: only the kinds each campsite's faces
name (UC-30), at the smallest size valid there."""


@pytest.mark.parametrize("hand", sorted(NEW_GROUPS_GOLDEN))
def test_uc30_golden_new_group_counts(hand: str) -> None:
    """UC-30: the number of new groups offered on each campsite for a fixed hand."""
    counts = {site.id: len(list(new_groups(site, parse_cards(hand)))) for site in CATALOGUE}
    assert counts == NEW_GROUPS_GOLDEN[hand]
