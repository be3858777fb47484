"""Whether a State could arise in a game: the checks behind ``loads`` and ``from_position``."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from campers_rules._actions import BearAttack, GoFishing, Roasted, Squat, TrashPanda
from campers_rules._cardplay import SPRAY, card_of
from campers_rules._cards import DECK, Card
from campers_rules._pending import Deniable, FishingChoice, RepairChoice, SprayWindow
from campers_rules._rng import MASK
from campers_rules._state import Phase, State
from campers_rules._table import group_ok, site_meets

_DECK_COUNT = Counter(DECK)


def problem(state: State) -> str | None:
    """The first reason this state is impossible, or ``None`` when it is consistent."""
    n = state.num_players
    if not 2 <= n <= 6:
        return f"{n} players: the game takes 2 to 6 (UC-2)"
    rows = (state.hands, state.table, state.kept, state.skips, state.scores)
    if any(len(row) != n for row in rows):
        return "a per-seat field does not have one entry per seat"
    if not (0 <= state.dealer < n and 0 <= state.turn < n):
        return "dealer or turn is not a seat"
    if not 0 <= state.rng <= MASK:
        return "the random state is not a 64-bit integer"
    if any(s < 0 for s in state.skips) or any(s < 0 for s in state.scores):
        return "negative skips or scores"
    if not 0 <= state.turns_taken <= state.config.turn_cap:
        return "turns taken exceed the turn cap (UC-22)"
    for hand in state.hands:
        if list(hand) != sorted(hand):
            return "a hand is not sorted"
    return _cards(state) or _campsites(state) or _phase(state) or _pending(state)


def all_cards(state: State) -> Counter[Card]:
    """Every card of the state, wherever it is: deck, discard pile, hands and table."""
    seen = Counter(state.deck)
    seen.update(state.discard)
    for hand in state.hands:
        seen.update(hand)
    for row in state.table:
        for site in row:
            for group in site.groups:
                seen.update(group.faces)
    return seen


def _cards(state: State) -> str | None:
    seen = all_cards(state)
    if seen != _DECK_COUNT:
        extra = seen - _DECK_COUNT
        missing = _DECK_COUNT - seen
        return f"the 126 cards are not all there once: extra {dict(extra)}, missing {dict(missing)}"
    return None


def _campsites(state: State) -> str | None:
    owned = [site.campsite for row in state.table for site in row]
    kept = [c for row in state.kept for c in row]
    every = [*state.campground, *state.pile, *owned, *kept]
    if sorted(every) != list(range(len(state.config.catalogue))):
        return "the 15 campsites are not each in exactly one place (UC-1)"
    damaged = None
    if isinstance(state.pending, RepairChoice):
        damaged = (state.pending.owner, state.pending.campsite, state.pending.group)
    catalogue = state.config.catalogue
    for player, row in enumerate(state.table):
        for site in row:
            face = catalogue[site.campsite]
            if not site.groups:
                return f"campsite {site.campsite} has no group"
            for index, group in enumerate(site.groups):
                if (player, site.campsite, index) != damaged and not group_ok(face, group):
                    return f"an invalid group on campsite {site.campsite}: {group} (UC-4)"
            if (damaged is None or damaged[:2] != (player, site.campsite)) and not site_meets(
                face, site.groups, complete=False
            ):
                return f"campsite {site.campsite} is below its primitive requirement (UC-7)"
    return None


def _phase(state: State) -> str | None:
    n = state.num_players
    if state.phase is Phase.OVER:
        if state.pending is not None or any(state.hands) or any(state.table):
            return "a finished game has no hands, table or pending decision"
        if len(state.round_results) != state.config.rounds:
            return "a finished game has one result per round"
        return None
    if not 0 <= state.round < state.config.rounds or len(state.round_results) != state.round:
        return "the round number does not match the results"
    for result in state.round_results:
        if len(result.points) != n or len(result.kept) != n:
            return "a round result does not have one entry per seat"
    if state.phase is Phase.DRAW and (state.pending is not None or state.action_played):
        return "nothing happens before the draw"
    if state.turns_taken < 1:
        return "a running round has begun at least one turn"
    if state.phase is Phase.PLAY and state.pending is None and not state.hands[state.turn]:
        return "the turn's player has no card to discard (UC-25)"
    for player in range(n):  # going out waits on a pending decision (UC-25, UC-27)
        if state.pending is None and not state.hands[player] and state.table[player]:
            catalogue = state.config.catalogue
            if any(site_meets(catalogue[s.campsite], s.groups, True) for s in state.table[player]):
                return f"player {player} should have gone out (UC-8)"
    return None


def _play_in_place(state: State, play: Deniable, sprays: int) -> str | None:
    """The table and pile still hold what a play under a Bear Spray window refers to."""
    n = state.num_players
    if isinstance(play, Squat | BearAttack):
        if not 0 <= play.owner < n or play.owner == play.player:
            return "a squat or Bear Attack names a wrong owner"
        sites = [s for s in state.table[play.owner] if s.campsite == play.campsite]
        if not sites or not 0 <= play.group < len(sites[0].groups):
            return "a squat or Bear Attack names a group that is not there"
        group = sites[0].groups[play.group]
        if play.card not in (group.cards if isinstance(play, Squat) else group.edge()):
            return "the squatted or attacked card is not in its group"
    elif isinstance(play, Roasted | GoFishing) and (
        not 0 <= play.target < n or play.target == play.player
    ):
        return "a play names a wrong target"
    elif isinstance(play, TrashPanda) and (
        not 0 <= play.depth < 5 or len(state.discard) < play.depth + 2 + sprays
    ):
        return "a Trash Panda reaches below the discard pile (UC-19)"
    return None


def _chain(state: State, window: SprayWindow) -> str | None:
    """The sprays and the played card lie on the discard pile; only holders are waited on."""
    chain = (window.play.player, *window.sprayers)
    if any(a == b for a, b in pairwise(chain)):
        return "a Bear Spray answers its own player's play (UC-14)"
    if not state.config.ask_everyone and any(SPRAY not in state.hands[p] for p in window.waiting):
        return "a response window waits on a player without Bear Spray (UC-14)"
    sprays = len(window.sprayers)
    cards = state.discard[len(state.discard) - sprays :] if sprays else ()
    if len(state.discard) < sprays or any(card is not SPRAY for card in cards):
        return "the Bear Sprays of a chain are not on top of the discard pile (UC-14)"
    if isinstance(window.play, Squat):
        return None
    under = len(state.discard) - 1 - sprays
    if under < 0 or state.discard[under] is not card_of(window.play):
        return "the played action card is not on the discard pile (UC-12)"
    return None


def _pending(state: State) -> str | None:
    pending = state.pending
    n = state.num_players
    seats = range(n)
    if pending is None:
        return None
    if isinstance(pending, SprayWindow):
        people = (*pending.waiting, *pending.sprayers, pending.play.player)
        if not pending.waiting or any(p not in seats for p in people):
            return "a response window names unknown seats"
        if len(set(pending.waiting)) != len(pending.waiting):
            return "a response window asks a player twice"
        last = pending.sprayers[-1] if pending.sprayers else pending.play.player
        if last in pending.waiting:
            return "a player may not answer their own play (UC-14)"
        if pending.play.player != state.turn:
            return "only the turn's player makes a deniable play (UC-12)"
        return _chain(state, pending) or _play_in_place(state, pending.play, len(pending.sprayers))
    elif isinstance(pending, RepairChoice):
        if pending.owner not in seats:
            return "a repair choice names an unknown seat"
        sites = [s for s in state.table[pending.owner] if s.campsite == pending.campsite]
        if not sites or not 0 <= pending.group < len(sites[0].groups):
            return "a repair choice names a group that is not there (UC-13)"
        face = state.config.catalogue[pending.campsite]
        if group_ok(face, sites[0].groups[pending.group]) and site_meets(
            face, sites[0].groups, complete=False
        ):
            return "a repair choice on a campsite that is not damaged (UC-13)"
    elif isinstance(pending, FishingChoice):
        if pending.fisher not in seats or pending.target not in seats:
            return "a fishing choice names an unknown seat"
        if pending.fisher == pending.target or pending.fisher != state.turn:
            return "a fishing choice is the turn's player's, from another player (UC-17)"
        if not any(pending.request.matches(c) for c in state.hands[pending.target]):
            return "the fishing target holds no matching card (UC-17)"
    else:
        if len(pending.chosen) != n or not pending.waiting <= set(seats):
            return "a Lost Camper choice does not have one entry per seat"
        for player, card in enumerate(pending.chosen):
            if card is not None and (player in pending.waiting or card not in state.hands[player]):
                return "a Lost Camper card is not in its chooser's hand (UC-18)"
        if any(not state.hands[p] for p in pending.waiting):
            return "a player with no card is asked to pass one (UC-18)"
    return None
