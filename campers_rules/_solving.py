"""Claims and new groups for move generation, from the meld solver (issue 4).

The answers depend only on the hand and the campsite face, and a player's hand is often
asked about several times in a turn, so they are kept in a small cache keyed by the hand
and the face's identity.
"""

from __future__ import annotations

from itertools import islice

from campers_rules._cards import Card
from campers_rules._catalogue import Campsite
from campers_rules._groups import Group
from campers_rules.solver import Backend, SolverLimits
from campers_rules.solver import claims as solver_claims
from campers_rules.solver import new_groups as solver_new_groups

_LIMIT = 1 << 14
_WHOLE_DECK = SolverLimits(max_cards=100)
"""Any hand may be asked about: the deck holds 100 playing cards."""
_CLAIMS: dict[tuple[tuple[Card, ...], int, str], tuple[Campsite, tuple[tuple[Group, ...], ...]]]
_CLAIMS = {}
_GROUPS: dict[tuple[tuple[Card, ...], int, str], tuple[Campsite, tuple[Group, ...]]] = {}


def claims(
    hand: tuple[Card, ...], face: Campsite, backend: Backend, limit: int
) -> tuple[tuple[Group, ...], ...]:
    """The distinct claims of this campsite from this hand, as minimal groups (UC-7).

    At most ``limit`` of them, in the solver's order (see ``Config.claim_limit``).
    """
    key = (hand, id(face), backend)
    hit = _CLAIMS.get(key)
    if hit is not None and hit[0] is face and len(hit[1]) <= limit:
        return hit[1]
    every = solver_claims(face.primitive, hand, backend=backend, limits=_WHOLE_DECK)
    found = tuple(c.groups for c in islice(every, limit))
    if len(_CLAIMS) >= _LIMIT:
        _CLAIMS.clear()
    _CLAIMS[key] = (face, found)
    return found


def new_groups(
    hand: tuple[Card, ...], face: Campsite, backend: Backend, limit: int
) -> tuple[Group, ...]:
    """The distinct new groups of the smallest valid size on this campsite (UC-7), at most
    ``limit`` of them."""
    key = (hand, id(face), backend)
    hit = _GROUPS.get(key)
    if hit is not None and hit[0] is face and len(hit[1]) <= limit:
        return hit[1]
    every = solver_new_groups(face, hand, backend=backend, limits=_WHOLE_DECK)
    found = tuple(islice(every, limit))
    if len(_GROUPS) >= _LIMIT:
        _GROUPS.clear()
    _GROUPS[key] = (face, found)
    return found
