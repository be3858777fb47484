"""Going out, the end of a turn, the end of a round and its scoring, and the next deal
(UC-8, UC-33, UC-6, UC-16, UC-20, UC-21, UC-22): what ``apply`` does to a scratch copy
once an action's own effect is done. This family has no actions of its own."""

from __future__ import annotations

from campers_rules._board import DRAW, OVER
from campers_rules._cards import DECK, Card
from campers_rules._results import RoundEnd, RoundResult
from campers_rules._rng import shuffled
from campers_rules._table import owns_complete, site_meets
from campers_rules._work import Work

HAND_SIZE = 7
"""Cards dealt to each player (setup)."""


def settle(work: Work) -> bool:
    """End the round if someone has an empty hand and a complete campsite (UC-8); whether
    the round is over.

    Not while a decision is pending: a play is checked only once it has taken its whole
    effect (UC-25, UC-27). One resolution may leave several players able to go out (a
    last-card squat whose fine finds nothing to draw and its empty-handed owner, the
    responders who sprayed their last cards, the players a Lost Camper pass, a Go Fishing
    or a repair emptied): only the first of them in turn order from the turn's player goes
    out, and every other scores as a non-goer-out (UC-33).
    """
    if work.pending is not None:
        return False
    for offset in range(work.n):  # UC-33: in turn order, from the turn's player
        player = (work.turn + offset) % work.n
        if not work.hands[player] and owns_complete(work.config.catalogue, work.table[player]):
            end_round(work, player)
            return True
    return False


def end_turn(work: Work) -> None:
    """Pass the turn left, skipping Roasted players (UC-6, UC-16), under the cap (UC-22)."""
    player = work.turn
    while True:
        player = (player + 1) % work.n
        work.turns_taken += 1
        if work.turns_taken > work.config.turn_cap:
            end_round(work, None)
            return
        if work.skips[player]:
            work.add_skip(player, -1)
            continue
        break
    work.turn = player
    work.phase = DRAW
    work.action_played = False
    work.pending = None


def end_round(work: Work, went_out: int | None) -> None:
    """Score the round (UC-20, UC-22) and deal the next one or end the game (UC-21)."""
    catalogue = work.config.catalogue
    points = [0] * work.n
    kept = [list(k) for k in work.kept]
    kept_now: list[tuple[int, ...]] = []
    returned: list[int] = []
    for player in range(work.n):
        mine: list[int] = []
        for site in work.table[player]:
            face = catalogue[site.campsite]
            if player == went_out and site_meets(face, site.groups, complete=True):
                points[player] += face.points
                mine.append(site.campsite)
            else:
                points[player] += 1
                returned.append(site.campsite)
        kept[player].extend(mine)
        kept_now.append(tuple(mine))
    reason = RoundEnd.TURN_CAP if went_out is None else RoundEnd.WENT_OUT
    result = RoundResult(work.round, reason, went_out, tuple(points), tuple(kept_now))
    work.round_results = (*work.round_results, result)
    work.scores = tuple(s + p for s, p in zip(work.scores, points, strict=True))
    work.kept = tuple(tuple(k) for k in kept)
    work.campground = work.campground + tuple(returned)
    work.table = [()] * work.n
    work.pending = None
    work.skips = (0,) * work.n
    work.action_played = False
    if work.round + 1 >= work.config.rounds:
        work.phase = OVER
        work.turns_taken = 0
        work.deal_hands([()] * work.n)
        work.deck = DECK
        work.discard = ()
        return
    work.round += 1
    work.dealer = (work.dealer + 1) % work.n
    deal(work)


def deal(work: Work) -> None:
    """Set up a round: shuffle all 126 cards, deal 7 each, turn one up, fill the campground."""
    work.pile = work.pile + work.campground
    wanted = work.n + 1
    work.campground = work.pile[:wanted]
    work.pile = work.pile[wanted:]
    deck, work.rng = shuffled(DECK, work.rng)
    cards = list(deck)
    hands: list[tuple[Card, ...]] = []
    for _ in range(work.n):
        hands.append(tuple(sorted(cards[-HAND_SIZE:])))
        del cards[-HAND_SIZE:]
    work.deal_hands(hands)
    work.discard = (cards.pop(),)
    work.deck = tuple(cards)
    work.table = [()] * work.n
    work.turn = (work.dealer + 1) % work.n
    work.phase = DRAW
    work.turns_taken = 1
    work.action_played = False
    work.pending = None
    work.skips = (0,) * work.n
