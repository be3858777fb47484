"""A mutable scratch copy of a State used inside one transition, and the turn and round flow.

``apply`` copies the state into a :class:`Work`, lets one handler change it, settles going
out (UC-8), and freezes the result into a new State. Nothing here is visible to users.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from operator import attrgetter

from campers_rules._cards import DECK, Card
from campers_rules._config import Config
from campers_rules._pending import Pending
from campers_rules._results import RoundEnd, RoundResult
from campers_rules._rng import shuffled
from campers_rules._state import DRAW, OVER, Site, State, build_state
from campers_rules._table import site_meets

HAND_SIZE = 7
"""Cards dealt to each player (setup)."""


face_index = attrgetter("index")
"""The sort key of a hand: a binary search by it finds a card with no Python ``__eq__`` call
(``Card.__eq__`` is identity, but written in Python: ``tuple.index`` would call it per card)."""


def remove_one(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """These sorted cards less one copy of card (which must be there)."""
    i = bisect_left(cards, card.index, key=face_index)
    return cards[:i] + cards[i + 1 :]


def add_one(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """These sorted cards plus card, still sorted."""
    out = list(cards)
    insort(out, card, key=face_index)
    return tuple(out)


class Work:
    """The fields of a State, mutable, for the length of one transition."""

    __slots__ = (
        "action_played",
        "campground",
        "config",
        "dealer",
        "deck",
        "discard",
        "hands",
        "kept",
        "n",
        "pending",
        "phase",
        "pile",
        "rng",
        "round",
        "round_results",
        "scores",
        "skips",
        "table",
        "turn",
        "turns_taken",
        "version",
    )

    def __init__(self, s: State) -> None:
        self.n = s.num_players
        self.config = s.config
        self.round = s.round
        self.dealer = s.dealer
        self.turn = s.turn
        self.phase = s.phase
        self.turns_taken = s.turns_taken
        self.action_played = s.action_played
        self.hands = [*s.hands]
        self.deck = s.deck
        self.discard = [*s.discard]
        self.table = [*s.table]
        self.campground = s.campground
        self.pile = s.pile
        self.kept = s.kept
        self.skips = [*s.skips]
        self.pending: Pending | None = s.pending
        self.scores = s.scores
        self.round_results = s.round_results
        self.rng = s.rng
        self.version = s.version

    @classmethod
    def blank(cls, players: int, config: Config, rng: int, pile: tuple[int, ...]) -> Work:
        """An empty game before the first deal: every campsite in the pile."""
        empty = ((),) * players
        zeros = (0,) * players
        return cls(
            build_state(
                players, config, 0, 0, 1 % players, DRAW, 0, False, empty, (), (), empty, (),
                pile, empty, zeros, None, zeros, (), rng,
            )
        )

    def freeze(self) -> State:
        return build_state(
            self.n,
            self.config,
            self.round,
            self.dealer,
            self.turn,
            self.phase,
            self.turns_taken,
            self.action_played,
            tuple(self.hands),
            self.deck,
            tuple(self.discard),
            tuple(self.table),
            self.campground,
            self.pile,
            self.kept,
            tuple(self.skips),
            self.pending,
            self.scores,
            self.round_results,
            self.rng,
            self.version,
        )

    # ------------------------------------------------------------------ cards

    def take(self, player: int, card: Card) -> None:
        """Remove one copy of card from a hand."""
        self.hands[player] = remove_one(self.hands[player], card)

    def give(self, player: int, card: Card) -> None:
        """Put card into a hand."""
        self.hands[player] = add_one(self.hands[player], card)

    def draw(self, player: int, count: int) -> None:
        """Draw cards from the deck, reshuffling the discard pile under its top (UC-6)."""
        deck = self.deck
        for _ in range(count):
            if not deck:
                if len(self.discard) < 2:
                    break
                top = self.discard[-1]
                deck, self.rng = shuffled(self.discard[:-1], self.rng)
                self.discard = [top]
            self.give(player, deck[-1])
            deck = deck[:-1]
        self.deck = deck

    def set_site(self, player: int, index: int, site: Site) -> None:
        sites = list(self.table[player])
        sites[index] = site
        self.table[player] = tuple(sites)

    # ------------------------------------------------------------------ turns and rounds

    def owns_complete(self, player: int) -> bool:
        catalogue = self.config.catalogue
        return any(
            site_meets(catalogue[site.campsite], site.groups, complete=True)
            for site in self.table[player]
        )

    def settle(self) -> bool:
        """End the round if someone has an empty hand and a complete campsite (UC-8).

        Not while a decision is pending: a play is checked only once it has taken its
        whole effect (UC-25, UC-27).
        """
        if self.phase is OVER:
            return True
        if all(self.hands) or self.pending is not None:
            return False
        for offset in range(self.n):
            player = (self.turn + offset) % self.n
            if not self.hands[player] and self.table[player] and self.owns_complete(player):
                self.end_round(player)
                return True
        return False

    def end_turn(self) -> None:
        """Pass the turn left, skipping Roasted players (UC-6, UC-16), under the cap (UC-22)."""
        player = self.turn
        while True:
            player = (player + 1) % self.n
            self.turns_taken += 1
            if self.turns_taken > self.config.turn_cap:
                self.end_round(None)
                return
            if self.skips[player]:
                self.skips[player] -= 1
                continue
            break
        self.turn = player
        self.phase = DRAW
        self.action_played = False
        self.pending = None

    def end_round(self, went_out: int | None) -> None:
        """Score the round (UC-20, UC-22) and deal the next one or end the game (UC-21)."""
        catalogue = self.config.catalogue
        points = [0] * self.n
        kept = [list(k) for k in self.kept]
        kept_now: list[tuple[int, ...]] = []
        returned: list[int] = []
        for player in range(self.n):
            mine: list[int] = []
            for site in self.table[player]:
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
        result = RoundResult(self.round, reason, went_out, tuple(points), tuple(kept_now))
        self.round_results = (*self.round_results, result)
        self.scores = tuple(s + p for s, p in zip(self.scores, points, strict=True))
        self.kept = tuple(tuple(k) for k in kept)
        self.campground = self.campground + tuple(returned)
        self.table = [()] * self.n
        self.pending = None
        self.skips = [0] * self.n
        self.action_played = False
        if self.round + 1 >= self.config.rounds:
            self.phase = OVER
            self.turns_taken = 0
            self.hands = [()] * self.n
            self.deck = DECK
            self.discard = []
            return
        self.round += 1
        self.dealer = (self.dealer + 1) % self.n
        self.deal()

    def deal(self) -> None:
        """Set up a round: shuffle all 126 cards, deal 7 each, turn one up, fill the campground."""
        self.pile = self.pile + self.campground
        wanted = self.n + 1
        self.campground = self.pile[:wanted]
        self.pile = self.pile[wanted:]
        deck, self.rng = shuffled(DECK, self.rng)
        cards = list(deck)
        hands: list[tuple[Card, ...]] = []
        for _ in range(self.n):
            hands.append(tuple(sorted(cards[-HAND_SIZE:])))
            del cards[-HAND_SIZE:]
        self.hands = hands
        self.discard = [cards.pop()]
        self.deck = tuple(cards)
        self.table = [()] * self.n
        self.turn = (self.dealer + 1) % self.n
        self.phase = DRAW
        self.turns_taken = 1
        self.action_played = False
        self.pending = None
        self.skips = [0] * self.n
