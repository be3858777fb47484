"""The observation tensor of one seat, shared by the PettingZoo env and the OpenSpiel game.

It is built from a :class:`~campers_rules.View` alone, so it holds nothing the seat may not
know (UC-23). Seats are *relative*: index 0 is the observing seat, 1 the seat on its left,
and so on. Numbers are raw counts (not scaled). The fields, in order, are listed by
:meth:`Layout.fields`; ``docs/campers/rl.rst`` describes each one.

>>> import campers_rules as uc
>>> state = uc.new_game(4, seed=1)
>>> layout = Layout.of(4, state.config)
>>> tensor = layout.encode(state.view(2))
>>> tensor.shape == (layout.size,), int(tensor[layout.slice("hand")].sum())
(True, 7)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, final

import numpy as np
import numpy.typing as npt

from campers_rules._actions import (
    REQUESTS,
    BearAttack,
    GoFishing,
    LostCamper,
    Request,
    Roasted,
    Smores,
    Squat,
    TrashPanda,
)
from campers_rules._board import Site
from campers_rules._cards import DECK, FACES, WILD, Card
from campers_rules._config import Config
from campers_rules._groups import KIND_INDEX
from campers_rules._ids import (
    CLAIM_BASE,
    COLOR_INDEX,
    END_BASE,
    FINISH_ID,
    KINDS,
    LAY_BASE,
    NEW_GROUP_BASE,
    PLACED,
    REARRANGE_ID,
    REQUEST_INDEX,
    SITE_BASE,
)
from campers_rules._pending import FishingChoice, PassChoice, RepairChoice, SprayWindow
from campers_rules._state import Phase, View

FACE_COUNT: Final = len(FACES)
"""Distinct card faces (56): 48 numbered, the wild, 7 action cards."""
VALUES: Final = 48
"""Values a placed card counts as: 4 colors x numbers 2..13, in face order."""
SITES: Final = 15
"""Campsites in a catalogue (UC-1)."""
TOP: Final = 5
"""Discard cards shown one by one from the top: those Trash Panda reaches (UC-19)."""
PHASES = tuple(Phase)
PENDING = (type(None), SprayWindow, RepairChoice, FishingChoice, PassChoice)
"""The pending-decision kinds, in the order of the ``pending_kind`` one-hot."""
PLAYS = (BearAttack, Smores, Roasted, GoFishing, LostCamper, TrashPanda, Squat)
"""The plays a Bear Spray window may be open on, in the order of ``play_kind``."""
BUILDS = ("none", "claim", "group", "rearrange")
"""The kinds of open build, in the order of ``build_kind``."""
_PENDING_INDEX = {kind: i for i, kind in enumerate(PENDING)}
_PLAY_INDEX = {kind: i for i, kind in enumerate(PLAYS)}




@final
class Layout:
    """Where each field sits in the flat tensor for one player count and catalogue.

    Attributes:
        players: Seats in the game.
        max_groups: The most groups any campsite of the catalogue holds (UC-30).
        offsets: For each field name, its ``(start, shape)``.
        size: The length of the flat tensor.
        starts: Each field's start, read on every encoding.
        number_places: For each viewing seat, where the entries of :func:`_numbers` go.
    """

    def __init__(
        self, players: int, max_groups: int,
        offsets: dict[str, tuple[int, tuple[int, ...]]], size: int,
    ) -> None:  # fmt: skip
        self.players = players
        self.max_groups = max_groups
        self.offsets = offsets
        self.size = size
        starts = {name: start for name, (start, _) in offsets.items()}
        self.starts: dict[str, int] = starts
        self.number_places: tuple[list[int], ...] = tuple(
            [starts[name] + (s - me) % players
             for name in ("hand_sizes", "scores", "skips") for s in range(players)]
            + [starts[name] for name in _NUMBERS]
            for me in range(players)
        )  # fmt: skip

    @classmethod
    def of(cls, players: int, config: Config) -> Layout:
        """The layout for this player count and config."""
        groups = max(site.max_groups for site in config.catalogue)
        offsets: dict[str, tuple[int, tuple[int, ...]]] = {}
        start = 0
        for name, shape in field_shapes(players, groups):
            offsets[name] = (start, shape)
            start += int(np.prod(shape))
        return cls(players, groups, offsets, start)

    def fields(self) -> list[tuple[str, tuple[int, ...]]]:
        """Every field's name and shape, in tensor order."""
        return [(name, shape) for name, (_, shape) in self.offsets.items()]

    def slice(self, name: str) -> slice:
        """The flat tensor's slice holding this field."""
        start, shape = self.offsets[name]
        return slice(start, start + int(np.prod(shape)))

    def unpack(self, tensor: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """Named, reshaped views of a flat tensor (no copy)."""
        return {name: tensor[self.slice(name)].reshape(shape) for name, shape in self.fields()}

    def encode(
        self, view: View, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """The tensor of this view, written into ``out`` (zeroed first) or a new array."""
        tensor = _fill(self, view)
        if out is None:
            return tensor
        out[:] = tensor
        return out


class Encoder:
    """Each seat's tensors, made cheap from one step to the next: the seat's last tensor
    is kept, and a new view rewrites only what changed: the hand, the discard pile's
    counts and top, the campground, the campsites of the table and the kept campsites
    (each checked against the part of the view it was written from by identity: a view
    shares its state's tuples, and a state shares its predecessor's where they did not
    change, so an equal copy is only rewritten to the same values), then the small
    fields from ``turn`` on and the numbers. Entries are written one by one through a
    memoryview, cheaper than numpy's item access. Gives the values of
    :meth:`Layout.encode`, as a new array each time.
    """

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self._seats: dict[int, _Seat] = {}

    def encode(self, view: View) -> npt.NDArray[np.float32]:
        """The tensor of this view (a new array)."""
        layout = self.layout
        off = layout.starts
        seat = self._seats.get(view.player)
        if seat is None:
            tensor = np.zeros(layout.size, np.float32)
            seat = self._seats[view.player] = _Seat(tensor)
        cells = seat.cells
        if view.hand is not seat.hand:
            base = off["hand"]
            for card in seat.hand:  # a card is its index
                cells[base + card] -= 1
            for card in view.hand:
                cells[base + card] += 1
            seat.hand = view.hand
        if view.discard is not seat.discard:
            self._discard(seat, view.discard)
        if view.campground is not seat.campground:
            seat.campground = view.campground
            at: list[int] = []
            _campground(off, view, at)
            _units(seat.tensor, off["campground"], off["site_owner"], at)
        if view.table is not seat.table:
            self._table(seat, view.player, view.table)
        if view.kept is not seat.kept:
            self._kept(seat, view.player, view.kept)
        tail: list[int] = []
        _tail(layout, off, view, tail)
        if tail != seat.tail:
            for index in seat.tail:
                cells[index] = 0
            for index in tail:
                cells[index] += 1
            seat.tail = tail
        numbers = _numbers(view)
        if numbers != seat.numbers:
            for index, number in zip(layout.number_places[view.player], numbers, strict=True):
                cells[index] = number
            seat.numbers = numbers
        return seat.tensor.copy()

    def _discard(self, seat: _Seat, discard: tuple[Card, ...]) -> None:
        """Rewrite the discard fields: while the pile keeps the bottom it had, only the
        cards laid on it or taken from its top move a count; else it is recounted."""
        off = self.layout.starts
        cells, old = seat.cells, seat.discard
        seat.discard = discard
        base = off["discard_counts"]
        kept = min(len(old), len(discard))
        if discard[:kept] != old[:kept]:
            at: list[int] = []
            _discard(off, discard, at)
            _units(seat.tensor, base, off["campground"], at)
            return
        for card in discard[kept:]:
            cells[base + card] += 1
        for card in old[kept:]:
            cells[base + card] -= 1
        top: list[int] = []
        _discard_top(off, old, top)
        for index in top:
            cells[index] = 0
        top = []
        _discard_top(off, discard, top)
        for index in top:
            cells[index] = 1

    def _table(self, seat: _Seat, me: int, table: tuple[tuple[Site, ...], ...]) -> None:
        """Rewrite the campsites of the table that changed: each campsite record of a
        changed row that the row no longer holds is taken out (its units less one, its
        group count 0), then each record the row did not hold is put in (a campsite
        grown, cut or moved to another seat is a new record in its new row)."""
        layout = self.layout
        cells, old_table = seat.cells, seat.table
        seat.table = table
        n, count = layout.players, layout.starts["site_groups"]
        gone: list[int] = []
        came: list[int] = []
        counts: list[Site] = []
        for s in range(len(table)):
            row = table[s]
            old = old_table[s] if s < len(old_table) else ()
            if row is old:
                continue
            rel = (s - me) % n
            for site in old:
                if not _holds(row, site):
                    _site(layout, rel, site, gone)
                    cells[count + site.campsite] = 0
            for site in row:
                if not _holds(old, site):
                    _site(layout, rel, site, came)
                    counts.append(site)
        for index in gone:
            cells[index] -= 1
        for index in came:
            cells[index] += 1
        for site in counts:  # after every campsite taken out was set to 0
            cells[count + site.campsite] = len(site.groups)

    def _kept(self, seat: _Seat, me: int, kept: tuple[tuple[int, ...], ...]) -> None:
        """Rewrite the kept campsites of each seat whose row changed."""
        layout = self.layout
        cells, old_kept = seat.cells, seat.kept
        seat.kept = kept
        for s in range(len(kept)):
            row = kept[s]
            old = old_kept[s] if s < len(old_kept) else ()
            if row is old:
                continue
            rel = (s - me) % layout.players
            gone: list[int] = []
            _kept_row(layout, rel, old, gone)
            for index in gone:
                cells[index] -= 1
            came: list[int] = []
            _kept_row(layout, rel, row, came)
            for index in came:
                cells[index] += 1


def _holds(row: tuple[Site, ...], site: Site) -> bool:
    """Whether the row holds this very campsite record (compared by identity: an equal
    record is rewritten, to the same values)."""
    for held in row:  # noqa: SIM110 (a plain loop, as compiled)
        if held is site:
            return True
    return False


@final
class _Seat:
    """One seat's last tensor, the view parts its blocks were written from, the
    entries its tail holds and its numbers."""

    def __init__(self, tensor: npt.NDArray[np.float32]) -> None:
        self.tensor = tensor
        self.cells: memoryview = tensor.data
        """The tensor's entries."""
        self.hand: tuple[Card, ...] = ()
        self.discard: tuple[Card, ...] = ()
        self.campground: tuple[int, ...] = ()
        self.table: tuple[tuple[Site, ...], ...] = ()
        self.kept: tuple[tuple[int, ...], ...] = ()
        self.tail: list[int] = []
        self.numbers: list[int] = []


def _units(tensor: npt.NDArray[np.float32], start: int, stop: int, at: list[int]) -> None:
    """Write ``tensor[start:stop]`` as the counts of the indexes ``at`` (all in it)."""
    tensor[start:stop] = np.bincount(at, minlength=stop)[start:]


def field_shapes(players: int, max_groups: int) -> list[tuple[str, tuple[int, ...]]]:
    """The fields of the tensor, in order, with their shapes (``n`` seats, ``g`` groups)."""
    n, g = players, max_groups
    return [
        ("hand", (FACE_COUNT,)),
        ("hand_sizes", (n,)),
        ("deck_size", (1,)),
        ("pile_size", (1,)),
        ("discard_size", (1,)),
        ("discard_counts", (FACE_COUNT,)),
        ("discard_top", (TOP, FACE_COUNT)),
        ("campground", (SITES,)),
        ("site_owner", (SITES, n)),
        ("site_groups", (SITES,)),
        ("group_kind", (SITES, g, len(KINDS))),
        ("group_naturals", (SITES, g, VALUES)),
        ("group_wilds", (SITES, g, VALUES)),
        ("kept", (SITES, n)),
        ("scores", (n,)),
        ("round", (1,)),
        ("turns_taken", (1,)),
        ("turn", (n,)),
        ("dealer", (n,)),
        ("phase", (len(PHASES),)),
        ("action_played", (1,)),
        ("skips", (n,)),
        ("pending_kind", (len(PENDING),)),
        ("pending_mine", (1,)),
        ("play_kind", (len(PLAYS),)),
        ("pending_actor", (n,)),
        ("pending_target", (n,)),
        ("pending_site", (SITES,)),
        ("pending_group", (g,)),
        ("pending_card", (FACE_COUNT,)),
        ("pending_request", (len(REQUESTS),)),
        ("pending_sprays", (1,)),
        ("build_kind", (len(BUILDS),)),
        ("build_site", (SITES,)),
        ("build_groups", (1,)),
        ("build_closed", (PLACED,)),
        ("build_open", (PLACED,)),
    ]


def _fill(layout: Layout, view: View) -> npt.NDArray[np.float32]:
    """Gather the entries: unit counts as indexes (one bincount), other numbers as pairs."""
    off = layout.starts
    at: list[int] = []
    where: list[int] = []
    what: list[int] = []
    _hand(off, view, at)
    _discard(off, view.discard, at)
    _campground(off, view, at)
    _table(layout, view, at, where, what)
    _kept(layout, view, at)
    _tail(layout, off, view, at)
    out = np.bincount(at, minlength=layout.size).astype(np.float32)
    out[where] = what
    out[layout.number_places[view.player]] = _numbers(view)
    return out


def _hand(off: dict[str, int], view: View, at: list[int]) -> None:
    """The ``hand`` field."""
    base = off["hand"]
    at += [base + card for card in view.hand]  # a card is its index


def _discard(off: dict[str, int], discard: tuple[Card, ...], at: list[int]) -> None:
    """The ``discard_counts`` and ``discard_top`` fields."""
    base = off["discard_counts"]
    at += [base + card for card in discard]  # a card is its index
    _discard_top(off, discard, at)


def _discard_top(off: dict[str, int], discard: tuple[Card, ...], at: list[int]) -> None:
    """The ``discard_top`` field: the top cards, one by one."""
    base = off["discard_top"]
    for depth, card in enumerate(reversed(discard[-TOP:])):
        at.append(base + depth * FACE_COUNT + card)


def _campground(off: dict[str, int], view: View, at: list[int]) -> None:
    """The ``campground`` field."""
    base = off["campground"]
    at += [base + c for c in view.campground]


def _table(
    layout: Layout, view: View, at: list[int], where: list[int], what: list[int]
) -> None:
    """The ``site_*`` and ``group_*`` fields: every campsite on the table (UC-7)."""
    n, me, count = layout.players, view.player, layout.starts["site_groups"]
    for s, row in enumerate(view.table):
        rel = (s - me) % n
        for site in row:
            _site(layout, rel, site, at)
            where.append(count + site.campsite)
            what.append(len(site.groups))


def _site(layout: Layout, rel: int, site: Site, at: list[int]) -> None:
    """The unit entries of one campsite on the table, ``rel`` its owner's relative seat:
    its ``site_owner``, and the ``group_*`` entries of its groups (its ``site_groups``
    count is a number, written by the caller)."""
    off, n, g = layout.starts, layout.players, layout.max_groups
    kinds, naturals, wilds = off["group_kind"], off["group_naturals"], off["group_wilds"]
    c = site.campsite
    at.append(off["site_owner"] + c * n + rel)
    for i, group in enumerate(site.groups):
        cell = c * g + i
        at.append(kinds + cell * len(KINDS) + KIND_INDEX[group.kind])
        for placed in group.cards:
            spot = cell * VALUES + COLOR_INDEX[placed.color] * 12 + placed.number - 2
            at.append((wilds if placed.face is WILD else naturals) + spot)


def _kept(layout: Layout, view: View, at: list[int]) -> None:
    """The ``kept`` field: campsites kept by each seat."""
    n, me = layout.players, view.player
    for s, kept in enumerate(view.kept):
        _kept_row(layout, (s - me) % n, kept, at)


def _kept_row(layout: Layout, rel: int, kept: tuple[int, ...], at: list[int]) -> None:
    """The ``kept`` entries of the campsites one seat kept, ``rel`` its relative seat."""
    n, base = layout.players, layout.starts["kept"]
    at += [base + c * n + rel for c in kept]


_NUMBERS = ("deck_size", "pile_size", "discard_size", "round", "turns_taken")


def _numbers(view: View) -> list[int]:
    """Every entry that holds a number rather than a count of units, in the order of
    :attr:`Layout.number_places`: each seat's hand size, score and skips, then
    :data:`_NUMBERS`."""
    return [*view.hand_sizes, *view.scores, *view.skips, view.deck_size, view.pile_size,
            len(view.discard), view.round, view.turns_taken]  # fmt: skip


def _tail(layout: Layout, off: dict[str, int], view: View, at: list[int]) -> None:
    """The unit fields from ``turn`` on (at the places ``off`` gives), which change from
    step to step."""
    n, me = layout.players, view.player
    put = at.append
    put(off["turn"] + (view.turn - me) % n)
    put(off["dealer"] + (view.dealer - me) % n)
    put(off["phase"] + PHASES.index(view.phase))  # no dict: an enum hashes in Python
    if view.action_played:
        put(off["action_played"])
    if view.pending is None:
        put(off["pending_kind"])
    else:
        _pending(layout, off, view, put)
    _build(off, view.building, put)


def _build(off: dict[str, int], building: tuple[int, ...], one: Callable[[int], object]) -> None:
    """The ``build_*`` fields: the seat's own open build (UC-7, UC-11 laid step by step)."""
    if not building:
        one(off["build_kind"])
        return
    start = building[0]
    kind = 3 if start == REARRANGE_ID else 1 if start < NEW_GROUP_BASE else 2
    one(off["build_kind"] + kind)
    if kind != 3:
        one(off["build_site"] + (start - CLAIM_BASE) % SITES)
    laid: list[int] = []
    for step in building[1:]:
        if SITE_BASE <= step < LAY_BASE:
            one(off["build_site"] + step - SITE_BASE)
        elif LAY_BASE <= step < END_BASE:
            laid.append(step - LAY_BASE)
        elif END_BASE <= step < FINISH_ID:
            one(off["build_groups"])
            for value in laid:
                one(off["build_closed"] + value)
            laid = []
    for value in laid:
        one(off["build_open"] + value)


def _pending(
    layout: Layout, off: dict[str, int], view: View, one: Callable[[int], object]
) -> None:
    """The ``pending_*`` and ``play_kind`` fields of an open decision."""
    n = layout.players
    me = view.player
    pending = view.pending
    one(off["pending_kind"] + _PENDING_INDEX[type(pending)])
    request: Request | None = None
    mine = False
    if isinstance(pending, SprayWindow):
        play = pending.play
        mine = me in pending.waiting
        one(off["play_kind"] + _PLAY_INDEX[type(play)])
        one(off["pending_actor"] + (play.player - me) % n)
        for _ in pending.sprayers:
            one(off["pending_sprays"])
        if isinstance(play, Squat | BearAttack):
            one(off["pending_target"] + (play.owner - me) % n)
            one(off["pending_site"] + play.campsite)
            one(off["pending_group"] + play.group)
            one(off["pending_card"] + play.card.face.index)
        elif isinstance(play, Roasted | GoFishing):
            one(off["pending_target"] + (play.target - me) % n)
            if isinstance(play, GoFishing):
                request = play.request
        elif isinstance(play, TrashPanda):
            one(off["pending_card"] + play.card.index)
    elif isinstance(pending, RepairChoice):
        mine = pending.owner == me
        one(off["pending_actor"] + (pending.owner - me) % n)
        one(off["pending_site"] + pending.campsite)
        one(off["pending_group"] + pending.group)
    elif isinstance(pending, FishingChoice):
        mine = pending.target == me
        one(off["pending_actor"] + (pending.fisher - me) % n)
        one(off["pending_target"] + (pending.target - me) % n)
        request = pending.request
    elif isinstance(pending, PassChoice):
        mine = me in pending.waiting
        chosen = pending.chosen[me]
        if chosen is not None:
            one(off["pending_card"] + chosen.index)
    if mine:
        one(off["pending_mine"])
    if request is not None:
        one(off["pending_request"] + REQUEST_INDEX[request])


def score_bound(players: int, config: Config) -> int:
    """The most points a seat can score in a game (UC-20): per round, the points of the
    ``players + 1`` best campsites, or one point for each of that many campsites."""
    best = sorted((site.points for site in config.catalogue), reverse=True)[: players + 1]
    return config.rounds * max(sum(best), players + 1)


def observation_high(players: int, config: Config) -> float:
    """An upper bound of every entry of the tensor: cards (126), turns, rounds, scores."""
    return float(max(len(DECK), config.turn_cap + 1, config.rounds, score_bound(players, config)))
