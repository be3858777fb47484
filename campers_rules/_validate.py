"""Whether a State could arise in a game: the checks behind ``loads`` and ``from_position``."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import attrs

from campers_rules._action_cards import SPRAY, card_of, trashed_at
from campers_rules._actions import (
    TRASH_DEPTH,
    BearAttack,
    GoFishing,
    Roasted,
    Squat,
    TrashPanda,
    campsite_id,
)
from campers_rules._board import MAX_VERSION
from campers_rules._cards import DECK, Card
from campers_rules._errors import quote
from campers_rules._groups import is_placement
from campers_rules._pending import (
    Deniable,
    FishingChoice,
    PassChoice,
    RepairChoice,
    SprayWindow,
)
from campers_rules._results import RoundEnd, RoundResult
from campers_rules._rng import MASK
from campers_rules._state import Phase, State, View
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
    if not _all_ints(state):
        return "a seat, score or campsite is not an int: a card or a bool is none (UC-6)"
    if not (0 <= state.dealer < n and 0 <= state.turn < n):
        return "dealer or turn is not a seat"
    if not 0 <= state.rng <= MASK:
        return "the random state is not a 64-bit integer"
    if not 0 <= state.version <= MAX_VERSION:
        return f"the version is not from 0 to {MAX_VERSION} (UC-32)"
    if any(s < 0 for s in state.skips) or any(s < 0 for s in state.scores):
        return "negative skips or scores"
    if not 0 <= state.turns_taken <= state.config.turn_cap:
        return "turns taken exceed the turn cap (UC-22)"
    if sum(state.skips) > max(state.turns_taken - (not state.action_played), 0):
        return "more skipped turns than Roasted plays this round could give (UC-16)"
    for hand in state.hands:
        if list(hand) != sorted(hand):
            return "a hand is not sorted"
    return (
        _results(state)
        or _faces(state)
        or _cards(state)
        or _campsites(state)
        or _phase(state)
        or _pending(state)
    )


def _all_ints(state: State) -> bool:
    """Whether the seats, scores and campsites are ints: a card is an int too (its face
    id), and ``from_position`` takes them from the caller."""
    values = (state.dealer, state.turn, *state.scores, *state.campground,
              *(c for row in state.kept for c in row),
              *(site.campsite for row in state.table for site in row))
    return all(type(value) is int for value in values)


def _is_result(value: object) -> bool:
    """Whether a value is a RoundResult whose fields have their declared types, as
    ``loads`` gives them (``from_position`` takes them from the caller)."""
    if type(value) is not RoundResult:
        return False
    went, points, kept = value.went_out, value.points, value.kept
    return (type(value.round) is int and type(value.reason) is RoundEnd
            and (went is None or type(went) is int)
            and type(points) is tuple and all(type(p) is int for p in points)
            and type(kept) is tuple and all(type(row) is tuple for row in kept)
            and all(type(c) is int for row in kept for c in row))


def _results(state: State) -> str | None:
    """The round results add up to the scores and to the campsites kept (UC-20, UC-22):
    before any result, every score is 0 and no campsite is kept."""
    n = state.num_players
    catalogue = state.config.catalogue
    kept: list[list[int]] = [[] for _ in range(n)]
    totals = [0] * n
    for number, result in enumerate(state.round_results):
        if not _is_result(result):
            return f"{quote(result)} is not a RoundResult of ints (UC-20)"
        if result.round != number or len(result.points) != n or len(result.kept) != n:
            return "a round result does not match its round or the seats"
        went = result.went_out
        if (result.reason is RoundEnd.TURN_CAP) != (went is None):
            return "a round result's reason does not match who went out (UC-22)"
        if went is not None and not (0 <= went < n and result.kept[went]):
            return "a round result's player going out kept no complete campsite (UC-8)"
        for seat in range(n):
            mine = result.kept[seat]
            if mine and seat != went:
                return "only the player going out keeps campsites (UC-20)"
            if any(not 0 <= c < len(catalogue) for c in mine):
                return "a round result keeps a campsite that does not exist"
            least = sum(catalogue[c].points for c in mine)
            if not least <= result.points[seat] <= least + len(catalogue):
                return "a round result's points do not match its campsites (UC-20)"
            kept[seat].extend(mine)
            totals[seat] += result.points[seat]
    if tuple(totals) != state.scores:
        return "the scores are not the sums of the round results (UC-20)"
    if [list(row) for row in state.kept] != kept:
        return "the campsites kept are not the ones the round results kept (UC-20)"
    return None


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


def _faces(state: State) -> str | None:
    """A card is an int (its face id), yet an int is no card (UC-1), and a table card is
    one of the placements, no int or ``Placed`` forged to equal one (UC-1, UC-5): counted,
    each would pass for the other."""
    for cards in (state.deck, state.discard, *state.hands):
        for card in cards:
            if type(card) is not Card:
                return f"{card!r} is not a card (UC-1)"
    for row in state.table:
        for site in row:
            for group in site.groups:
                for placed in group.cards:
                    if not is_placement(placed):
                        return f"{quote(placed)} on the table is not a placed card (UC-1, UC-5)"
    return None


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
            name = campsite_id(site.campsite)
            if not site.groups:
                return f"campsite {name} has no group"
            for index, group in enumerate(site.groups):
                if (player, site.campsite, index) != damaged and not group_ok(face, group):
                    return f"an invalid group on campsite {name}: {group} (UC-4)"
            if damaged is not None and damaged[:2] == (player, site.campsite):
                continue  # its owner is deciding whether to repair it (UC-13, UC-24)
            if not site_meets(face, site.groups, complete=False):
                return f"campsite {name} meets neither its primitive nor its complete face (UC-28)"
            layout = face.layout_problem(site.groups)
            if layout is not None:
                return f"{layout} (UC-30)"
    return None


def _phase(state: State) -> str | None:
    n = state.num_players
    if state.phase is Phase.OVER:
        if state.pending is not None or any(state.hands) or any(state.table):
            return "a finished game has no hands, table or pending decision"
        if len(state.round_results) != state.config.rounds:
            return "a finished game has one result per round"
        if state.round != state.config.rounds - 1 or state.turns_taken or state.action_played:
            return "a finished game stays at its last round, with no turn under way (UC-21)"
        if state.deck != DECK or state.discard:
            return "a finished game holds the unshuffled deck and no discard pile (UC-21)"
        return None
    if not 0 <= state.round < state.config.rounds or len(state.round_results) != state.round:
        return "the round number does not match the results"
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
        not 0 <= play.depth < TRASH_DEPTH
        or trashed_at(len(state.discard), sprays, play.depth) < 0
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


def view_problem(view: View) -> str | None:
    """The first reason no state gives this view, or ``None``.

    What the view shows is checked as a state's fields are; the cards it cannot see are
    dealt out as stand-ins (a matching card to a fishing target), a window waiting on
    someone else waits on a stand-in seat, and the whole is checked as a state.
    """
    n = view.num_players
    if not 2 <= n <= 6:
        return f"{n} players: the game takes 2 to 6 (UC-2)"
    if not 0 <= view.player < n or len(view.hand_sizes) != n:
        return "the viewer or the hand sizes do not match the seats"
    if any(size < 0 for size in view.hand_sizes) or view.deck_size < 0 or view.pile_size < 0:
        return "a negative size"
    if view.hand_sizes[view.player] != len(view.hand):
        return "the viewer's hand size is not the size of their hand"
    pending = view.pending
    if isinstance(pending, SprayWindow) and not set(pending.waiting) <= {view.player}:
        return "a view shows who else is asked to answer a window (UC-14)"
    if isinstance(pending, PassChoice) and (
        not pending.waiting <= {view.player}
        or any(c is not None for p, c in enumerate(pending.chosen) if p != view.player)
    ):
        return "a view shows another player's Lost Camper choice (UC-18)"
    seen = Counter(view.hand)
    seen.update(view.discard)
    for row in view.table:
        for site in row:
            for group in site.groups:
                seen.update(group.faces)
    if seen - _DECK_COUNT:
        return f"cards seen more often than the 126 hold: {dict(seen - _DECK_COUNT)}"
    unseen = sorted((_DECK_COUNT - seen).elements())
    others = [p for p in range(n) if p != view.player]
    if len(unseen) != view.deck_size + sum(view.hand_sizes[p] for p in others):
        return "the sizes do not add up to the 126 cards"
    shown = [*view.campground, *(s.campsite for row in view.table for s in row)]
    shown += [c for row in view.kept for c in row]
    if any(not 0 <= c < len(view.config.catalogue) for c in shown):
        return "a campsite that does not exist"
    pile = tuple(c for c in range(len(view.config.catalogue)) if c not in shown)
    if len(pile) != view.pile_size:
        return "the campsites shown and the pile size are not the 15 campsites (UC-1)"
    hands: list[tuple[Card, ...]] = [()] * n
    hands[view.player] = view.hand
    if isinstance(pending, FishingChoice) and pending.target in others:
        match = next((c for c in unseen if pending.request.matches(c)), None)
        if match is None or not view.hand_sizes[pending.target]:
            return "the fishing target can hold no matching card (UC-17)"
        unseen.remove(match)
        unseen.insert(0, match)
        others = [pending.target, *(p for p in others if p != pending.target)]
    for p in others:
        size = view.hand_sizes[p]
        hands[p] = tuple(sorted(unseen[:size]))
        del unseen[:size]
    config = view.config
    if isinstance(pending, SprayWindow) and not pending.waiting:
        last = pending.sprayers[-1] if pending.sprayers else pending.play.player
        stand_in = [p for p in range(n) if p not in (last, view.player)]
        if not stand_in:
            return "a response window waits on nobody (UC-14)"
        pending = attrs.evolve(pending, waiting=(stand_in[0],))
        config = attrs.evolve(config, ask_everyone=True)  # the stand-in holds no spray
    state = State(
        n, config, view.round, view.dealer, view.turn, view.phase, view.turns_taken,
        view.action_played, tuple(hands), tuple(unseen), view.discard, view.table,
        view.campground, pile, view.kept, view.skips, pending, view.scores,
        view.round_results, 0, view.version,
    )
    return problem(state)
