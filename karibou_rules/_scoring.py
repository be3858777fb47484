"""Who may be named with the Giga-pawn (KC-8) and what a placement scores (KC-10), on
plain values, so that the compiled hot path scores a round without the public classes.

:func:`~karibou_rules._results.score_round` (the round's record) and the rules'
placement of the pawn both take the outcome from :func:`outcome`.

>>> from karibou_rules._cards import ALL_ANIMALS, Card, Team
>>> V, P, C = Team.VETERINARIAN, Team.PHOTOGRAPHER, Team.COYOTE
>>> outcome((V, V, P, P, C), 0, Card.DUCK, 1, (Card.DUCK,) * 5)
(<Card.DUCK: 6>, 0, (2, 2, 0, 0, 0))
>>> outcome((V, V, P, P, C), 2, ALL_ANIMALS, 0, (Card.DUCK,) * 4 + (Card.ELK,))
(None, 8, (1, 1, 0, 1, 1))
"""

from __future__ import annotations

from typing import Final

from karibou_rules._cards import ALL_ANIMALS, MAX_PLAYERS, Card, Team, Tile
from karibou_rules._errors import quote

# Compiled, a Final is read as a C static, where a member is a global and an attribute.
SCOUT: Final = Card.SCOUT
COYOTE: Final = Team.COYOTE
ALL: Final = ALL_ANIMALS

CLAIM: Final = 0
"""The kind of a placement that names the placer's teammate."""
COYOTE_CLAIM: Final = 1
"""The kind of the Coyote's placement that names himself."""
ACCUSATION: Final = 2
"""The kind of a placement that names an opponent."""
EXACT: Final = 0
"""A right placement on the family's species tile."""
ON_ALL: Final = 1
"""A right placement on the all-animals tile."""
WRONG: Final = 2
"""A placement on no family, or on another species' tile."""


def placement_error(teams: tuple[Team, ...], player: int, named: int) -> str:
    """Why this player may not name that seat with the pawn, or ``""`` (KC-8)."""
    if not 0 <= named < len(teams):
        return f"there is no seat p{quote(named)}"
    own = teams[player]
    if named == player:
        return "" if own is COYOTE else "a team player names a teammate, not himself"
    if teams[named] is COYOTE:
        return "nobody may accuse the Coyote"
    return ""


def _family(hand: tuple[Card, ...], team: Team) -> Card | None:
    """:func:`~karibou_rules.family_of` of a hand of the game and its team card (KC-9):
    exactly 5 cards of one species, the Coyote's 6; here, compiled, without its calls."""
    if len(hand) != (6 if team is COYOTE else 5):
        return None
    first = hand[0]
    return first if first == hand[-1] and first is not SCOUT else None


def outcome(
    teams: tuple[Team, ...], placed_by: int, tile: Tile, named: int, hand: tuple[Card, ...]
) -> tuple[Card | None, int, tuple[int, ...]]:
    """The named hand's family, the reason's index (``3 * kind + rightness``, the order of
    :class:`~karibou_rules.RoundEnd`) and each seat's points of a legal placement (KC-10).

    The players the placement is about (the placer, and the named teammate of a claim)
    score if it is right (2 on the species tile, 1 on All); everybody else scores 1 if it
    is wrong.
    """
    family = _family(hand, teams[named])
    if family is None or (tile is not family and tile is not ALL):
        rightness = WRONG
    elif tile is ALL:
        rightness = ON_ALL
    else:
        rightness = EXACT
    marked = placed_by  # scored as the placer too: a claim's named teammate, else the placer
    if named == placed_by:
        kind = COYOTE_CLAIM
    elif teams[named] is teams[placed_by]:
        kind, marked = CLAIM, named
    else:
        kind = ACCUSATION
    return family, 3 * kind + rightness, _POINTS[len(teams)][rightness][placed_by][marked]


_MARKS: Final = ((2, 0), (1, 0), (0, 1))
"""By rightness (:data:`EXACT`, :data:`ON_ALL`, :data:`WRONG`): the points of the seats a
placement is about, and of everybody else (KC-10)."""
_POINTS: Final = tuple(
    tuple(
        tuple(
            tuple(
                tuple(mark if seat in (placed_by, marked) else others for seat in range(players))
                for marked in range(players)
            )
            for placed_by in range(players)
        )
        for mark, others in _MARKS
    )
    for players in range(MAX_PLAYERS + 1)
)
"""``_POINTS[players][rightness][placed_by][marked]``: each seat's points when the seats
``placed_by`` and ``marked`` (the same seat but for a claim) are the ones the placement is
about, made once, so that scoring a round builds no tuple."""
