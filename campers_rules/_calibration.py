"""How hard each campsite is, measured on random deals with the meld solver.

The measure is *cards seen*: shuffle the whole 126-card deck, deal a hand of 7, then turn
up one card at a time; the difficulty of a requirement in that deal is the number of
cards seen when the cards so far (nothing discarded) can first meet it, found by the
native solver. Across many seeded deals, the mean and the share of deals that meet it
within :data:`HAND` + :data:`DRAWS` cards summarise it. Keeping every card makes this an
optimistic measure of a real hand, the same for every campsite, so it ranks them fairly.

>>> rows = measure(deals=5, seed=1)
>>> len(rows), rows[0].campsite.id
(15, 'c01')
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Sequence

import attrs

from campers_rules._cards import DECK, Card
from campers_rules._catalogue import CATALOGUE, Campsite
from campers_rules._requirements import GroupSpec, Requirement
from campers_rules.solver import SolverLimits, solve

HAND = 7
"""Cards dealt to a player (UC-6)."""
DRAWS = 10
"""Draws counted for the "within" shares: about ten turns of a real round."""
HORIZON = 60
"""Cards seen at most in one deal; a requirement not met by then counts as this."""
_LIMITS = SolverLimits(max_cards=HORIZON)


@attrs.frozen
class Difficulty:
    """The measured difficulty of one campsite."""

    campsite: Campsite
    primitive_mean: float
    """Mean cards seen until the primitive requirement can be met."""
    complete_mean: float
    """Mean cards seen until the campsite can be owned complete (:func:`completion`).

    This is the campsite's difficulty.
    """
    primitive_within: float
    """Share of deals meeting the primitive requirement within ``HAND + DRAWS`` cards."""
    complete_within: float
    """Share of deals reaching :func:`completion` within ``HAND + DRAWS`` cards."""


def deal_order(seed: int, deal: int) -> list[Card]:
    """The deck order of one calibration deal (platform-independent)."""
    cards = list(DECK)
    random.Random(f"calibration:{seed}:{deal}").shuffle(cards)
    return cards


def cards_needed(requirement: Requirement, order: Sequence[Card]) -> int:
    """The fewest first cards of ``order`` (at least a hand) that can meet ``requirement``.

    Adding cards never makes a requirement unmeetable, so a binary search finds it.
    Returns :data:`HORIZON` when even that many cards cannot.
    """
    low, high = HAND, HORIZON
    if solve(requirement, order[:high], limits=_LIMITS) is None:
        return HORIZON
    while low < high:
        middle = (low + high) // 2
        if solve(requirement, order[:middle], limits=_LIMITS) is None:
            low = middle + 1
        else:
            high = middle
    return low


def completion(site: Campsite) -> Requirement:
    """What a player must lay in all to own ``site`` complete, starting from a claim.

    A campsite is claimed with its primitive groups and completed by adding cards, so
    the complete groups must contain a primitive claim: each primitive group is merged
    into a complete group that can serve it (same kind, or a color run for a run or a
    color group) at the larger size, and unmatched groups are added. "2 SETS OF 3" then
    "3 SETS OF 2" becomes "2 SETS OF 3 AND 1 SET OF 2". One alternative per pair of
    primitive and complete alternatives.
    """
    alternatives = []
    for primitive in site.primitive.groups_asked:
        for complete in site.complete.groups_asked:
            wanted = list(complete)
            merged: set[int] = set()
            for asked, asked_size in primitive:
                free = [
                    i for i, (kind, _) in enumerate(wanted)
                    if i not in merged and kind.serves(asked)
                ]
                if free:
                    kind, size = wanted[free[0]]
                    wanted[free[0]] = (kind, max(size, asked_size))
                    merged.add(free[0])
                else:
                    merged.add(len(wanted))
                    wanted.append((asked, asked_size))
            specs = Counter(wanted)
            alternative = tuple(GroupSpec(kind, size, n) for (kind, size), n in specs.items())
            if alternative not in alternatives:
                alternatives.append(alternative)
    return Requirement(tuple(alternatives))


def measure(
    catalogue: Sequence[Campsite] = CATALOGUE, deals: int = 400, seed: int = 0
) -> tuple[Difficulty, ...]:
    """Measure every campsite of ``catalogue`` on ``deals`` seeded deals."""
    orders = [deal_order(seed, deal) for deal in range(deals)]
    rows = []
    limit = HAND + DRAWS
    for site in catalogue:
        primitive = [cards_needed(site.primitive, order) for order in orders]
        complete = [cards_needed(completion(site), order) for order in orders]
        rows.append(
            Difficulty(
                campsite=site,
                primitive_mean=statistics.fmean(primitive),
                complete_mean=statistics.fmean(complete),
                primitive_within=sum(n <= limit for n in primitive) / deals,
                complete_within=sum(n <= limit for n in complete) / deals,
            )
        )
    return tuple(rows)


def contradictions(rows: Sequence[Difficulty]) -> list[Difficulty]:
    """The provisional campsites whose difficulty contradicts their points.

    Each point value has a center: the median difficulty of the campsites worth it. A
    campsite contradicts its points when its difficulty lies nearer the center of another
    point value than the center of its own. Printed campsites are never reported: their
    faces are the rulebook's.
    """
    centers = {
        points: statistics.median(r.complete_mean for r in rows if r.campsite.points == points)
        for points in {r.campsite.points for r in rows}
    }
    wrong = []
    for row in rows:
        own = abs(row.complete_mean - centers[row.campsite.points])
        nearest = min(abs(row.complete_mean - center) for center in centers.values())
        if row.campsite.provisional and nearest < own:
            wrong.append(row)
    return wrong


def format_table(rows: Sequence[Difficulty]) -> str:
    """The difficulty table as reStructuredText, ready for the docs."""
    header = (
        "id", "points", "kind", "primitive", "complete",
        "mean cards: primitive", "mean cards: complete",
        f"within {HAND + DRAWS}: primitive", f"within {HAND + DRAWS}: complete",
    )
    body = [
        (
            r.campsite.id,
            str(r.campsite.points),
            "provisional" if r.campsite.provisional else "printed",
            str(r.campsite.primitive),
            str(r.campsite.complete),
            f"{r.primitive_mean:.1f}",
            f"{r.complete_mean:.1f}",
            f"{r.primitive_within:.0%}",
            f"{r.complete_within:.0%}",
        )
        for r in rows
    ]
    widths = [max(len(line[i]) for line in (header, *body)) for i in range(len(header))]
    rule = "  ".join("=" * w for w in widths)
    lines = [rule, "  ".join(h.ljust(w) for h, w in zip(header, widths, strict=True)), rule]
    lines += ["  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)) for line in body]
    lines.append(rule)
    return "\n".join(line.rstrip() for line in lines)
