"""Who notices a sign in bot games and simulations (KC-19).

At a real table a sign is a discreet gesture: the teammate, who watches for it, is
more likely to see it than an opponent. In unattended play the game driver draws who
noticed each sign from a :class:`NoticingModel` and its own seeded random stream;
the seat making the sign has no say (a host application may still name the noticers
itself, KC-7).

>>> import random
>>> from karibou_rules import Team
>>> teams = (Team.VETERINARIAN, Team.VETERINARIAN, Team.COYOTE)
>>> model = NoticingModel(teammate=1.0, opponent=0.0)
>>> sorted(model.draw(teams, 0, random.Random(3)))
[1]
>>> sorted(model.draw(teams, 2, random.Random(3)))  # the Coyote has no teammate
[]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from karibou_rules._cards import Team, check_seat
from karibou_rules._errors import KaribouError, quote
from karibou_rules._rules import teammate as teammate_of


def _check_chance(instance: object, attribute: attrs.Attribute[float], value: float) -> None:
    if type(value) not in (int, float) or not 0 <= value <= 1:
        raise KaribouError(
            f"{attribute.name} must be a chance in [0, 1], not {quote(value)} [KC-19]")


@attrs.frozen
class NoticingModel:
    """Each other seat notices a sign on its own, with a fixed chance (KC-19).

    The signer's teammate notices with chance :attr:`teammate`; every opponent (the
    Coyote among them, and everyone when the Coyote signs) with chance
    :attr:`opponent`, which must be smaller.

    >>> NoticingModel()
    NoticingModel(teammate=0.8, opponent=0.3)
    >>> NoticingModel(teammate=0.3, opponent=0.5)  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    KaribouError: the teammate must be more likely to notice than an opponent (0.3 <= 0.5) [KC-19]
    """

    teammate: float = attrs.field(default=0.8, validator=_check_chance)
    """The chance that the signer's teammate notices the sign."""
    opponent: float = attrs.field(default=0.3, validator=_check_chance)
    """The chance that each opponent notices it (smaller than :attr:`teammate`)."""

    def __attrs_post_init__(self) -> None:
        if self.teammate <= self.opponent:
            raise KaribouError(
                "the teammate must be more likely to notice than an opponent "
                f"({self.teammate} <= {self.opponent}) [KC-19]"
            )

    def draw(self, teams: Sequence[Team], signer: int, rng: random.Random) -> frozenset[int]:
        """The seats that notice a sign by ``signer``, given each seat's team card.

        One draw from ``rng`` per other seat, in seat order, so the same stream gives
        the same noticers.

        Raises:
            SeatError: ``signer`` is no seat of a table of these teams (KC-2).
        """
        check_seat(len(teams), signer)
        mate = teammate_of(tuple(teams), signer)
        return frozenset(
            seat
            for seat in range(len(teams))
            if seat != signer
            and rng.random() < (self.teammate if seat == mate else self.opponent)
        )


def check_noticing(noticing: object) -> NoticingModel | None:
    """``noticing`` when it is a :class:`NoticingModel` or ``None`` (KC-7's default);
    otherwise a :class:`KaribouError` naming it. A model's chances are checked again, in
    case they were changed behind its validators' back."""
    if noticing is None:
        return None
    if not isinstance(noticing, NoticingModel):
        raise KaribouError(
            f"noticing is a NoticingModel or None, not {quote(noticing)} [KC-19]")
    NoticingModel(noticing.teammate, noticing.opponent)  # raises for bad chances
    return noticing
