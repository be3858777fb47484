"""A mutable scratch copy of a State, changed inside one transition, and its primitives.

``apply`` copies the state into a :class:`Work`, lets one family's effect change it with
these primitives (take or give a card, draw, set or grow a campsite), settles going out
(``_scoring``), and freezes the result into a new State, which keeps the copy (the next
transition's :class:`Work` copies it natively). The copy also carries what the id listing
reuses of its position: each seat's hand counts, moved along with the cards, and the turn
player's play-phase ids once listed, and the options of the builds opened from it.
Nothing here is visible to users.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from campers_rules._board import Site, row_index
from campers_rules._cards import Card
from campers_rules._counted import HandCounts
from campers_rules._frozen import new_group, new_site, new_state
from campers_rules._groups import Placed
from campers_rules._hands import add_one, insert_sorted, remove_one
from campers_rules._pending import Pending
from campers_rules._rng import shuffled
from campers_rules._table import mark_ok, replace

if TYPE_CHECKING:
    from campers_rules._state import State

class Work:
    """The fields of a State, mutable until :meth:`freeze`, after which none of them
    changes: the State it makes keeps it, and the next transition reads that State's
    fields from it (a build step freezes it again: :func:`with_build`). Only the
    slots the listing derives from those fields (below) are filled in later.

    The per-seat rows (``hands``, ``table``) are lists, copied once; the other fields hold
    the state's own immutable values until an effect replaces one (the discard pile and
    the skips are rebuilt by the few effects that change them), so a step copies only what
    it touches.

    Two slots are no field of the state but what the id listing derives from them, filled
    when it first asks (:meth:`counted`, ``_builds.play_listing``) and carried, so that
    neither is worked out twice: ``counts`` (each seat's :class:`HandCounts` or ``None``,
    moved with each card the seat takes or gives, copied by the next transition; ``None``
    until a seat is counted, as in a game played by objects alone) and ``listed`` (the
    turn player's play-phase ids, which hold for every state frozen from this copy: the
    one before a build and the one its abandon returns to, UC-23). A state made any
    other way (loaded, :func:`from_position`, evolved) counts afresh. A third,
    ``opened``, holds the options of each build opened from this copy's position, by its
    first step (``_builds.opened``): they too hold for every state frozen from it.
    """

    __slots__ = (
        "action_played",
        "campground",
        "config",
        "counts",
        "dealer",
        "deck",
        "discard",
        "hands",
        "kept",
        "listed",
        "make_state",
        "n",
        "opened",
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
        made = getattr(s, "_work", None)
        if not isinstance(made, Work):  # a state made any other way: its own fields
            # (the same fields as the branch below, which reads them off the kept copy)
            self.make_state = type(s)
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
            self.discard = s.discard
            self.table = [*s.table]
            self.campground = s.campground
            self.pile = s.pile
            self.kept = s.kept
            self.skips = s.skips
            self.pending: Pending | None = s.pending
            self.scores = s.scores
            self.round_results = s.round_results
            self.rng = s.rng
            self.version = s.version
            self.counts: list[HandCounts | None] | None = None
            self.listed: tuple[int, ...] | None = None
            self.opened: dict[int, tuple[tuple[int, ...], ...]] | None = None
            return
        # The copy that made the state (``freeze``): native reads, where the state's
        # own attributes are generic look-ups in the compiled build (the same fields as
        # the branch above; ``tests/campers/test_made_by.py`` reads every slot of both).
        self.make_state = made.make_state
        self.n = made.n
        self.config = made.config
        self.round = made.round
        self.dealer = made.dealer
        self.turn = made.turn
        self.phase = made.phase
        self.turns_taken = made.turns_taken
        self.action_played = made.action_played
        self.hands = [*made.hands]
        self.deck = made.deck
        self.discard = made.discard
        self.table = [*made.table]
        self.campground = made.campground
        self.pile = made.pile
        self.kept = made.kept
        self.skips = made.skips
        self.pending = made.pending
        self.scores = made.scores
        self.round_results = made.round_results
        self.rng = made.rng
        self.version = made.version
        carried = made.counts
        self.counts = None if carried is None else [*carried]
        self.listed = None
        self.opened = None

    def freeze(self, building: tuple[int, ...] = (), build_step: int = 0) -> State:
        """The new State, with no build open unless a build step gives its steps and
        count (``_builds.take_step``). The State keeps this copy (the next step's ``Work``
        copies it), so none of its fields may change after (the listing only fills in
        ``counts``, ``listed`` and ``opened``): only :func:`with_build` freezes it again."""
        state = new_state(
            self.make_state,
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
            self.discard,
            tuple(self.table),
            self.campground,
            self.pile,
            self.kept,
            self.skips,
            self.pending,
            self.scores,
            self.round_results,
            self.rng,
            self.version,
            building,
            build_step,
        )
        object.__setattr__(state, "_work", self)
        return state

    # ------------------------------------------------------------------ cards

    def push_discard(self, card: Card) -> None:
        """Lay card on top of the discard pile."""
        self.discard = self.discard + (card,)  # noqa: RUF005 (one tuple made, no list)

    def pull_discard(self, position: int = -1) -> Card:
        """Take the card at this position (the top by default) out of the discard pile."""
        discard = self.discard
        card = discard[position]
        at = position % len(discard)
        self.discard = discard[:at] + discard[at + 1 :]
        return card

    def add_skip(self, player: int, count: int) -> None:
        """Change how many of a seat's next turns are skipped by count (UC-16)."""
        skips = list(self.skips)
        skips[player] += count
        self.skips = tuple(skips)

    def take(self, player: int, card: Card) -> None:
        """Remove one copy of card from a hand."""
        self.hands[player] = remove_one(self.hands[player], card)
        self._move(player, card, -1)

    def give(self, player: int, card: Card) -> None:
        """Put card into a hand."""
        self.hands[player] = add_one(self.hands[player], card)
        self._move(player, card, 1)

    def _move(self, player: int, card: Card, change: int) -> None:
        """Move a seat's counts, if it was counted, by one card given (1) or taken (-1)."""
        carried = self.counts
        if carried is not None:
            counts = carried[player]
            if counts is not None:
                carried[player] = counts.moved(card, change)

    def deal_hands(self, hands: list[tuple[Card, ...]]) -> None:
        """Give every seat a new hand (a new round's, or none once the game is over)."""
        self.hands = hands
        self.counts = None

    def counted(self, player: int) -> HandCounts:
        """The counts of a seat's hand: carried from the copy before, moved with each card
        since, or read from the hand now (and carried on)."""
        carried = self.counts
        if carried is None:
            carried = [None] * self.n
            self.counts = carried
        counts = carried[player]
        if counts is None:
            counts = HandCounts(bytes(self.hands[player]))
            carried[player] = counts
        return counts

    def draw(self, player: int, count: int) -> None:
        """Draw cards from the deck, reshuffling the discard pile under its top when the
        deck runs out (UC-6). The cards come off the top one by one into one list of
        the hand, each put after its equals (``_hands.insert_sorted``), and the deck is
        cut once a pass (a reshuffle starts a second pass): the same hand as giving them
        one at a time."""
        deck = self.deck
        hand = list(self.hands[player])
        while count > 0:
            if not deck:
                discard = self.discard
                if len(discard) < 2:
                    break
                deck, self.rng = shuffled(discard[:-1], self.rng)
                self.discard = discard[-1:]
            top = len(deck)
            end = top - count if count < top else 0
            for i in range(top - 1, end - 1, -1):
                insert_sorted(hand, deck[i])
                self._move(player, deck[i], 1)
            count -= top - end
            deck = deck[:end]
        self.hands[player] = tuple(hand)
        self.deck = deck

    def set_site(self, player: int, index: int, site: Site) -> None:
        """Replace the campsite at this index of a table row."""
        sites = list(self.table[player])
        sites[index] = site
        self.table[player] = tuple(sites)

    def site_index(self, owner: int, campsite: int) -> int:
        """Where this owner's campsite sits in their table row (the move was checked: it
        is there)."""
        return row_index(self.table[owner], campsite)

    def place(self, owner: int, campsite: int, group: int, card: Placed) -> None:
        """Put a card into a group on the table (the move was checked)."""
        index = self.site_index(owner, campsite)
        groups = self.table[owner][index].groups
        old = groups[group]
        new = new_group(old.kind, add_one(old.cards, card))  # ``old.with_card(card)``
        mark_ok(self.config.catalogue[campsite], new)
        self.set_site(owner, index, new_site(campsite, replace(groups, group, new)))


def with_build(state: State, building: tuple[int, ...], build_step: int) -> State:
    """The state with only its open build and build step count changed (a build step):
    frozen again from the copy that made it, which both states then keep (a frozen copy
    never changes), or from a new copy of a state made any other way."""
    made = getattr(state, "_work", None)
    work = made if isinstance(made, Work) else Work(state)
    return work.freeze(building, build_step)
