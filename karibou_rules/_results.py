"""How a round ends and is scored (KC-8, KC-9, KC-10), as data.

>>> from karibou_rules._cards import Team
>>> teams = (Team.VETERINARIAN, Team.VETERINARIAN, Team.PHOTOGRAPHER, Team.PHOTOGRAPHER,
...          Team.COYOTE)
>>> result = score_round(1, teams, 0, Card.DUCK, 1, (Card.DUCK,) * 5)
>>> result.reason, result.points
(<RoundEnd.CLAIM: 'claim'>, (2, 2, 0, 0, 0))
>>> score_round(1, teams, 2, ALL_ANIMALS, 0, (Card.DUCK,) * 4 + (Card.ELK,)).points
(1, 1, 0, 1, 1)
"""

from __future__ import annotations

import enum
import functools

import attrs

from karibou_rules._cards import ALL_ANIMALS, Card, Team, Tile, check_seat, family_of
from karibou_rules._errors import quote


class RoundEnd(enum.Enum):
    """Why a round ended as it did: the kind of pawn placement and whether it was right."""

    CLAIM = "claim"
    """A teammate's family named on its species tile: both score 2."""
    CLAIM_ALL_ANIMALS = "claim-all-animals"
    """A teammate's family named on the all-animals tile: both score 1."""
    WRONG_CLAIM = "wrong-claim"
    """No family, or another species' tile: every player outside the team scores 1."""
    COYOTE_CLAIM = "coyote-claim"
    """The Coyote's own family on its species tile: he scores 2."""
    COYOTE_CLAIM_ALL_ANIMALS = "coyote-claim-all-animals"
    """The Coyote's own family on the all-animals tile: he scores 1."""
    WRONG_COYOTE_CLAIM = "wrong-coyote-claim"
    """The Coyote without a family, or on another tile: every other player scores 1."""
    ACCUSATION = "accusation"
    """An opponent's family named on its species tile: the accuser scores 2."""
    ACCUSATION_ALL_ANIMALS = "accusation-all-animals"
    """An opponent's family named on the all-animals tile: the accuser scores 1."""
    WRONG_ACCUSATION = "wrong-accusation"
    """No family, or another species' tile: every player but the accuser scores 1."""


@attrs.frozen
class RoundFacts:
    """What everyone at the table sees when a round ends (KC-8, KC-12)."""

    number: int
    """The round's number, counted from 1."""
    teams: tuple[Team, ...]
    """The team card of each seat in that round."""
    placed_by: int
    """The seat that placed the Giga-pawn."""
    tile: Tile
    """The tile it was placed on."""
    named: int
    """The seat whose family was claimed or who was accused."""
    hand: tuple[Card, ...]
    """The named player's hand, shown to everyone (sorted)."""
    family: Card | None
    """The species of the family in that hand, or ``None`` (KC-9)."""
    reason: RoundEnd
    """What kind of placement it was and whether it was right."""


@attrs.frozen
class RoundSummary(RoundFacts):
    """A finished round as one player keeps it (KC-12, KC-16): every public fact of
    :class:`RoundResult`, and the viewer's own points instead of everyone's."""

    own_points: int
    """The points the viewer scored in that round."""

    @classmethod
    def of(cls, result: RoundResult, player: int) -> RoundSummary:
        """The summary of a round result for one seat.

        Raises:
            SeatError: ``player`` is no seat of the round's game (KC-2).
        """
        check_seat(len(result.summaries), player)
        return result.summaries[player]


@attrs.frozen
class RoundResult(RoundFacts):
    """The record of one finished round, with every seat's points."""

    points: tuple[int, ...]
    """The points each seat scored this round (KC-10)."""

    @functools.cached_property
    def summaries(self) -> tuple[RoundSummary, ...]:
        """The round as each seat keeps it (:class:`RoundSummary`), made on the first view
        and kept with the result, so that later views only pick their seat's (not part of
        its value or its JSON); seats that scored alike share one (frozen) summary."""
        facts = (self.number, self.teams, self.placed_by, self.tile, self.named, self.hand,
                 self.family, self.reason)
        made = {points: RoundSummary(*facts, points) for points in set(self.points)}
        return tuple([made[points] for points in self.points])


_REASONS = {
    "coyote": (RoundEnd.COYOTE_CLAIM, RoundEnd.COYOTE_CLAIM_ALL_ANIMALS,
               RoundEnd.WRONG_COYOTE_CLAIM),
    "claim": (RoundEnd.CLAIM, RoundEnd.CLAIM_ALL_ANIMALS, RoundEnd.WRONG_CLAIM),
    "accusation": (RoundEnd.ACCUSATION, RoundEnd.ACCUSATION_ALL_ANIMALS,
                   RoundEnd.WRONG_ACCUSATION),
}  # fmt: skip
"""The reason of a placement by kind: on the family's tile, on All, wrong (KC-10)."""


def placement_error(teams: tuple[Team, ...], player: int, named: int) -> str:
    """Why this player may not name that seat with the pawn, or ``""`` (KC-8)."""
    if not 0 <= named < len(teams):
        return f"there is no seat p{quote(named)}"
    own = teams[player]
    if named == player:
        return "" if own is Team.COYOTE else "a team player names a teammate, not himself"
    if teams[named] is Team.COYOTE:
        return "nobody may accuse the Coyote"
    return ""


def score_round(
    number: int,
    teams: tuple[Team, ...],
    placed_by: int,
    tile: Tile,
    named: int,
    hand: tuple[Card, ...],
) -> RoundResult:
    """Score the placement of the Giga-pawn (KC-10); the placement must be legal (KC-8)."""
    family = family_of(hand, teams[named])
    right = family is not None and (tile is family or tile is ALL_ANIMALS)
    exact = right and tile is not ALL_ANIMALS
    if named == placed_by:
        kind = "coyote"
    elif teams[named] is teams[placed_by]:
        kind = "claim"
    else:
        kind = "accusation"
    reason = _REASONS[kind][0 if exact else 1 if right else 2]
    # The players the placement is about (the placer, and the named teammate of a claim)
    # score if it is right; everybody else scores if it is wrong.
    points = [0 if right else 1] * len(teams)
    mark = (2 if exact else 1) if right else 0
    points[placed_by] = mark
    if kind == "claim":
        points[named] = mark
    return RoundResult(number, teams, placed_by, tile, named, hand, family, reason, tuple(points))
