"""Small checks shared by the rule modules: hands, sites and the UC-8 keep-a-card rule."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import NoReturn

from campers_rules._cards import Card
from campers_rules._catalogue import Campsite
from campers_rules._errors import IllegalActionError
from campers_rules._state import Site, State
from campers_rules._table import site_meets


def illegal(action: object, reason: str, ruling: str = "") -> NoReturn:
    """Reject an action with its reason and ruling ID."""
    raise IllegalActionError(action, reason, ruling)


def holds(hand: tuple[Card, ...], cards: Iterable[Card]) -> bool:
    """Whether the hand holds all these cards (as a multiset)."""
    need = Counter(cards)
    have = Counter(hand)
    return all(have[card] >= count for card, count in need.items())


def face_of(state: State, site: Site) -> Campsite:
    """The catalogue face of a campsite on the table."""
    return state.config.catalogue[site.campsite]


def site_index(state: State, action: object, owner: int, campsite: int) -> int:
    """Where this owner's campsite sits in their table row, or reject the action."""
    if not 0 <= owner < state.num_players:
        illegal(action, f"there is no seat {owner}", "UC-2")
    for index, site in enumerate(state.table[owner]):
        if site.campsite == campsite:
            return index
    illegal(action, f"player {owner} owns no campsite {campsite}", "UC-7")


def owns_complete(state: State, player: int) -> bool:
    """Whether this player owns a campsite that meets its complete requirement."""
    catalogue = state.config.catalogue
    return any(
        site_meets(catalogue[site.campsite], site.groups, complete=True)
        for site in state.table[player]
    )


def keeps_a_card(state: State, player: int, used: int, completes: bool = False) -> bool:
    """UC-8: a table move may empty the hand only of a player who owns a complete campsite.

    Args:
        used: Hand cards the move lays down.
        completes: Whether the move itself leaves one of the player's campsites complete.
    """
    if len(state.hands[player]) > used:
        return True
    return completes or owns_complete(state, player)
