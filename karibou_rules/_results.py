"""How a round ends and is scored (KC-8, KC-9, KC-10), as data.

>>> from karibou_rules._cards import ALL_ANIMALS, Team
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

from karibou_rules._cards import Card, Team, Tile, check_seat
from karibou_rules._scoring import outcome


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


REASONS: tuple[RoundEnd, ...] = tuple(RoundEnd)
"""The reasons by the index :func:`~karibou_rules._scoring.outcome` gives: by kind (claim,
the Coyote's claim, accusation), then on the family's tile, on All, wrong (KC-10)."""


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


def score_round(
    number: int,
    teams: tuple[Team, ...],
    placed_by: int,
    tile: Tile,
    named: int,
    hand: tuple[Card, ...],
) -> RoundResult:
    """Score the placement of the Giga-pawn (KC-10); the placement must be legal (KC-8)."""
    family, reason, points = outcome(teams, placed_by, tile, named, hand)
    return RoundResult(number, teams, placed_by, tile, named, hand, family, REASONS[reason],
                       points)
