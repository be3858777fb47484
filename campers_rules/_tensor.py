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

import attrs
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
from campers_rules._cards import DECK, FACES, WILD
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

FACE_COUNT = len(FACES)
"""Distinct card faces (56): 48 numbered, the wild, 7 action cards."""
VALUES = 48
"""Values a placed card counts as: 4 colors x numbers 2..13, in face order."""
SITES = 15
"""Campsites in a catalogue (UC-1)."""
TOP = 5
"""Discard cards shown one by one from the top: those Trash Panda reaches (UC-19)."""
PHASES = tuple(Phase)
PENDING = (type(None), SprayWindow, RepairChoice, FishingChoice, PassChoice)
"""The pending-decision kinds, in the order of the ``pending_kind`` one-hot."""
PLAYS = (BearAttack, Smores, Roasted, GoFishing, LostCamper, TrashPanda, Squat)
"""The plays a Bear Spray window may be open on, in the order of ``play_kind``."""
BUILDS = ("none", "claim", "group", "rearrange")
"""The kinds of open build, in the order of ``build_kind``."""
_PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}
_PENDING_INDEX = {kind: i for i, kind in enumerate(PENDING)}
_PLAY_INDEX = {kind: i for i, kind in enumerate(PLAYS)}




@attrs.frozen
class Layout:
    """Where each field sits in the flat tensor for one player count and catalogue.

    Attributes:
        players: Seats in the game.
        max_groups: The most groups any campsite of the catalogue holds (UC-30).
        offsets: For each field name, its ``(start, shape)``.
        size: The length of the flat tensor.
    """

    players: int
    max_groups: int
    offsets: dict[str, tuple[int, tuple[int, ...]]]
    size: int
    starts: dict[str, int] = attrs.field(init=False, repr=False, eq=False)
    """Each field's start, read on every encoding."""

    def __attrs_post_init__(self) -> None:
        starts = {name: start for name, (start, _) in self.offsets.items()}
        object.__setattr__(self, "starts", starts)

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
    n = layout.players
    g = layout.max_groups
    me = view.player
    off = layout.starts
    at: list[int] = []
    put = at.append
    where: list[int] = []
    what: list[int] = []

    def value(index: int, amount: int) -> None:
        where.append(index)
        what.append(amount)

    base = off["hand"]
    for card in view.hand:
        put(base + card.index)
    base = off["hand_sizes"]
    for s, size in enumerate(view.hand_sizes):
        value(base + (s - me) % n, size)
    value(off["deck_size"], view.deck_size)
    value(off["pile_size"], view.pile_size)
    discard = view.discard
    value(off["discard_size"], len(discard))
    base = off["discard_counts"]
    for card in discard:
        put(base + card.index)
    base = off["discard_top"]
    for depth, card in enumerate(reversed(discard[-TOP:])):
        put(base + depth * FACE_COUNT + card.index)
    base = off["campground"]
    for c in view.campground:
        put(base + c)
    owner, count, kinds = off["site_owner"], off["site_groups"], off["group_kind"]
    naturals, wilds = off["group_naturals"], off["group_wilds"]
    for s, row in enumerate(view.table):
        rel = (s - me) % n
        for site in row:
            c = site.campsite
            put(owner + c * n + rel)
            value(count + c, len(site.groups))
            for i, group in enumerate(site.groups):
                cell = c * g + i
                put(kinds + cell * len(KINDS) + KIND_INDEX[group.kind])
                for placed in group.cards:
                    spot = cell * VALUES + COLOR_INDEX[placed.color] * 12 + placed.number - 2
                    put((wilds if placed.face is WILD else naturals) + spot)
    base = off["kept"]
    for s, kept in enumerate(view.kept):
        for c in kept:
            put(base + c * n + (s - me) % n)
    base = off["scores"]
    for s, score in enumerate(view.scores):
        value(base + (s - me) % n, score)
    value(off["round"], view.round)
    value(off["turns_taken"], view.turns_taken)
    put(off["turn"] + (view.turn - me) % n)
    put(off["dealer"] + (view.dealer - me) % n)
    put(off["phase"] + _PHASE_INDEX[view.phase])
    if view.action_played:
        put(off["action_played"])
    base = off["skips"]
    for s, skips in enumerate(view.skips):
        value(base + (s - me) % n, skips)
    if view.pending is None:
        put(off["pending_kind"])
    else:
        _pending(layout, view, put)
    _build(off, view.building, put)
    out = np.bincount(at, minlength=layout.size).astype(np.float32)
    out[where] = what
    return out


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


def _pending(layout: Layout, view: View, one: Callable[[int], object]) -> None:
    """The ``pending_*`` and ``play_kind`` fields of an open decision."""
    n = layout.players
    me = view.player
    off = layout.starts
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
