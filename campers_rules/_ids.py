"""A fixed integer action space: every atomic action and build step has one id, in every state.

Compound actions (:class:`Claim`, :class:`AddGroup`, :class:`Rearrange`) have no single id:
they are built one step at a time (:data:`Step`, :func:`action_steps`), as OpenSpiel
decomposes compound moves; the engine spells a listed one from its groups coded in ints
(:func:`compound_steps`) and builds it back from its steps (:func:`compound_of`). The
blocks, in order (ids for the project's catalogue, whose campsites hold 28 groups in all:
``S = 28`` group slots; "placed" is a card as laid, 96
values: the 48 naturals ``0 .. 47`` by color then number, then a wild declared as each of
them ``48 .. 95``):

=================  =================  ==================================================
block              ids                the action
=================  =================  ==================================================
draw               0, 1               :class:`Draw` of 1, of 2
take               2                  :class:`TakeDiscard`
discard            3 .. 58            :class:`Discard`: ``3 + face`` (56 faces)
S'mores            59                 :class:`Smores`
Lost Camper        60                 :class:`LostCamper`
Trash Panda        61 .. 340          :class:`TrashPanda`: ``61 + 56 * depth + face``
spray, decline     341, 342           :class:`BearSpray`, :class:`Decline`
repair             343 .. 438         :class:`Repair`: ``343 + placed``
fall               439                :class:`LetFall`
give               440 .. 495         :class:`Give`: ``440 + face``
pass               496 .. 551         :class:`PassLeft`: ``496 + face``
start claim        552 .. 566         :class:`StartClaim`: ``552 + campsite``
start group        567 .. 581         :class:`StartGroup`: ``567 + campsite``
start rearrange    582                :class:`StartRearrange`
site               583 .. 597         :class:`StartSite`: ``583 + campsite``
lay                598 .. 693         :class:`Lay`: ``598 + placed``
end group          694 .. 697         :class:`EndGroup`: ``694 + kind`` (SET, RUN, COLOR
                                      GROUP, COLOR RUN)
finish, abandon    698, 699           :class:`Finish`, :class:`Abandon`
per seat ``s``     ``700 + 25609 s``  the seat's block of ``912 S + 73`` ids:
 place             ``+ 96 slot + p``  :class:`AddCard` when ``s`` is the player, else
                                      :class:`Squat` on ``s``'s campsite
 swap              ``+ 96 S + 720     :class:`SwapWild` on ``s``'s campsite: ``w`` the
                   slot + 15 w + k``  wild's declared value (0 .. 47), ``k`` the natural
                                      (0 .. 3: the wild's number in each color; 4 .. 14:
                                      the wild's color in each other number)
 Bear Attack       ``+ 816 S + 96     :class:`BearAttack` on ``s``'s campsite
                   slot + p``
 Roasted           ``+ 912 S``        :class:`Roasted` of ``s``
 Go Fishing        ``+ 912 S + 1 +    :class:`GoFishing` of ``s``, ``r`` the index in
                   r``                :data:`REQUESTS`
=================  =================  ==================================================

A group slot is ``offset(campsite) + group``: the campsites before it in the catalogue
hold ``offset`` groups at most (each its ``max_groups``, UC-30). Only the catalogue shapes
the layout: pass the game's ``config`` for another catalogue.

The acting seat is not part of the id (the caller names it, as in OpenSpiel), and seat
blocks come last, so an id means the same in games of any size.

>>> from campers_rules._actions import Roasted, parse_action
>>> action_id(Roasted(0, 2)), action_from_id(0, 77454)
(77454, Roasted(player=0, target=2))
>>> claim = parse_action("p1 claim c10 [SET B5 Y5 R5]")
>>> [str(action_from_id(1, i)) for i in action_steps(claim)]
['p1 start claim c10', 'p1 lay B5', 'p1 lay Y5', 'p1 lay R5', 'p1 end SET', 'p1 finish']
>>> num_distinct_actions(2), num_distinct_actions(6)
(51918, 154354)
>>> max_legal_ids(2), max_legal_ids(6)
(704, 996)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast, get_args

from campers_rules import _cache
from campers_rules._actions import (
    CAMPSITES,
    REQUESTS,
    TRASH_DEPTH,
    Abandon,
    Action,
    AddCard,
    AddGroup,
    BearAttack,
    BearSpray,
    Claim,
    Decline,
    Discard,
    Draw,
    EndGroup,
    Finish,
    Give,
    GoFishing,
    Lay,
    LetFall,
    LostCamper,
    PassLeft,
    Rearrange,
    Repair,
    Roasted,
    Smores,
    Squat,
    StartClaim,
    StartGroup,
    StartRearrange,
    StartSite,
    Step,
    SwapWild,
    TakeDiscard,
    TrashPanda,
)
from campers_rules._board import MAX_PLAYERS, check_players
from campers_rules._cards import DECK, FACE_COUNT, FACES, NUMBERS, WILD, WILD_COPIES, Card, Color
from campers_rules._catalogue import CATALOGUE, Campsite
from campers_rules._checks import check_shape
from campers_rules._config import Config, config_or_default
from campers_rules._counted import Asked
from campers_rules._errors import (
    IllegalActionError,
    SeatError,
    quote,
)
from campers_rules._frozen import new_action
from campers_rules._groups import KIND_INDEX, Group, GroupKind, Placed, sorted_group
from campers_rules._turn import DISCARDS, DRAWS
from campers_rules.solver._native import Spelling, spell

NATURALS: Final = 4 * len(NUMBERS)
"""The numbered faces (48), the first of :data:`FACES`."""
PLACED: Final = 2 * NATURALS
"""Values of a card as placed in a group: each natural, then a wild declared as each."""
KINDS: Final[tuple[GroupKind, ...]] = tuple(GroupKind)
SWAP_PAIRS: Final = 4 + len(NUMBERS) - 1
"""Naturals that may take one wild's place: its number in each color, its color in each
other number (UC-10, UC-29)."""
SWAPS: Final = NATURALS * SWAP_PAIRS
"""Swap ids per group slot: the wild's declared value, then the natural (720)."""

DRAW_BASE: Final = 0
TAKE_ID: Final = 2
DISCARD_BASE: Final = 3
SMORES_ID: Final = DISCARD_BASE + FACE_COUNT
LOST_CAMPER_ID: Final = SMORES_ID + 1
TRASH_BASE: Final = LOST_CAMPER_ID + 1
SPRAY_ID: Final = TRASH_BASE + TRASH_DEPTH * FACE_COUNT
DECLINE_ID: Final = SPRAY_ID + 1
REPAIR_BASE: Final = DECLINE_ID + 1
FALL_ID: Final = REPAIR_BASE + PLACED
GIVE_BASE: Final = FALL_ID + 1
PASS_BASE: Final = GIVE_BASE + FACE_COUNT
CLAIM_BASE: Final = PASS_BASE + FACE_COUNT
NEW_GROUP_BASE: Final = CLAIM_BASE + CAMPSITES
REARRANGE_ID: Final = NEW_GROUP_BASE + CAMPSITES
SITE_BASE: Final = REARRANGE_ID + 1
LAY_BASE: Final = SITE_BASE + CAMPSITES
END_BASE: Final = LAY_BASE + PLACED
FINISH_ID: Final = END_BASE + len(KINDS)
ABANDON_ID: Final = FINISH_ID + 1
SEAT_BASE: Final = ABANDON_ID + 1
"""The first id of the per-seat blocks (700)."""
STEP_IDS: Final = range(CLAIM_BASE, SEAT_BASE)
"""The ids of build steps."""
STARTS: Final = range(CLAIM_BASE, SITE_BASE)
"""The ids that open a build: start a claim, a new group or a rearrangement."""

STEP_KINDS: Final = (
    StartClaim, StartGroup, StartRearrange, StartSite, Lay, EndGroup, Finish, Abandon)
COMPOUND: Final = (Claim, AddGroup, Rearrange)

_COLORS: Final[tuple[Color, ...]] = tuple(Color)
COLOR_INDEX: Final = {color: i for i, color in enumerate(_COLORS)}
"""A color's place in :class:`Color`'s order (the faces' order too), read by the ids and
the observation tensor."""
REQUEST_INDEX: Final = {request: i for i, request in enumerate(REQUESTS)}
"""A Go Fishing request's place in :data:`REQUESTS`."""
_PLACED_VALUES: Final[tuple[Placed, ...]] = tuple(
    [Placed.natural(FACES[i]) for i in range(NATURALS)]
    + [Placed.wild(_COLORS[i // len(NUMBERS)], NUMBERS[i % len(NUMBERS)]) for i in range(NATURALS)]
)
"""Every placed value by its index: the naturals in face order, then the wilds likewise."""
_LISTED: Final[tuple[int, ...]] = tuple(sorted(range(PLACED), key=_PLACED_VALUES.__getitem__))
"""The index of each placement in :data:`_PLACED_VALUES`, by the placement."""
_LAY_IDS: Final[tuple[int, ...]] = tuple(LAY_BASE + i for i in _LISTED)
"""The lay id of each placement, by the placement."""
SPELLING: Final[Spelling] = (_LAY_IDS, tuple([END_BASE + i for i in range(len(KINDS))]),
                             FINISH_ID)
"""The build steps the native solver spells a claim in, past its first
(``solver._native.spelled_first``): each placement's lay id by its rank, each kind's end id by
its index, and finish."""


class Layout:
    """The group slots of one catalogue: where each campsite's groups start (UC-30); and
    its campsites' primitive requirements as the id listing reads them."""

    __slots__ = ("asked", "bear_at", "fishing_at", "offsets", "roasted_at", "seat", "sizes",
                 "slots", "swap_at")

    def __init__(self, catalogue: Sequence[Campsite]) -> None:
        self.asked: tuple[Asked, ...] = tuple([site.primitive.asked for site in catalogue])
        """Each campsite's primitive requirement compiled to ints (``Requirement.asked``),
        by campsite: read by the claims of the play-phase ids with no attribute look-up
        on the campsite or its requirement."""
        sizes = tuple(site.max_groups for site in catalogue)
        offsets = [0]
        for size in sizes:
            offsets.append(offsets[-1] + size)
        self.sizes = sizes
        self.offsets = tuple(offsets)
        self.slots = offsets[-1]
        self.swap_at = PLACED * self.slots
        self.bear_at = self.swap_at + SWAPS * self.slots
        self.roasted_at = self.bear_at + PLACED * self.slots
        self.fishing_at = self.roasted_at + 1
        self.seat = self.fishing_at + len(REQUESTS)
        """Ids per seat block (the other fields: where its parts start)."""

    def slot(self, action: object, campsite: int, group: int) -> int:
        """The slot of a campsite's group, or refuse the action."""
        if not 0 <= campsite < CAMPSITES:
            raise IllegalActionError(action, "no such campsite (c01 .. c15)", "UC-1")
        if not 0 <= group < self.sizes[campsite]:
            most = self.sizes[campsite]
            raise IllegalActionError(action, f"the campsite holds at most {most} groups", "UC-30")
        return self.offsets[campsite] + group

    def site_group(self, slot: int) -> tuple[int, int]:
        """The campsite and group of a slot."""
        campsite = 0
        while self.offsets[campsite + 1] <= slot:
            campsite += 1
        return campsite, slot - self.offsets[campsite]


_CATALOGUE: Final = CATALOGUE
"""The project's catalogue, a constant of this module: the compiled build reads another
module's name, or a module's own name not ``Final``, as a dict look-up."""
_SEATS: Final = MAX_PLAYERS
"""The most seats of a game, a constant of this module likewise."""
_DRAWS: Final = DRAWS
"""``_turn.DRAWS``, the draw listing's records by seat, a constant of this module likewise."""
_DISCARDS: Final = DISCARDS
"""``_turn.DISCARDS``, the discard listing's records by seat and face, likewise."""
_DEFAULT: Final = Layout(CATALOGUE)
"""The layout of the project's catalogue."""


def layout(config: Config | None) -> Layout:
    """The layout of a game's catalogue (the project's catalogue for ``None``): compiled at
    import for the project's catalogue, which every configuration holding an equal one
    shares (a loaded, unpickled or copied game's: :class:`Config` interns it); laid out
    once for another catalogue and kept in ``_cache.LAYOUTS``."""
    if config is None or config.catalogue is _CATALOGUE:
        return _DEFAULT
    catalogue = config.catalogue
    hit = _cache.LAYOUTS.get(id(catalogue))
    if hit is not None and hit[0] is catalogue:
        return hit[1]
    return _cache.keep(_cache.LAYOUTS, id(catalogue), (catalogue, Layout(catalogue)))[1]


def _given_layout(config: object) -> Layout:
    """:func:`layout` of a ``config`` a caller passed, refused (``PositionError``) when it
    is neither ``None`` nor a :class:`Config`."""
    return layout(None if config is None else config_or_default(config))


def num_distinct_actions(players: object, config: Config | None = None) -> int:
    """How many ids a game of this many players uses: ``0 .. num_distinct_actions - 1``.

    Raises:
        PositionError: ``players`` is not 2 to 6 (UC-2), or ``config`` neither ``None`` nor
            a :class:`Config`.
    """
    check_players(players)
    return SEAT_BASE + _given_layout(config).seat * cast(int, players)


# ----------------------------------------------------------------------------- bounds


_PLACES: dict[GroupKind, int] = {
    GroupKind.SET: 2 * len(_COLORS),
    GroupKind.RUN: 2 * 2 * len(_COLORS),
    GroupKind.COLOR_GROUP: 2 * len(NUMBERS),
    GroupKind.COLOR_RUN: 2 * 2,
}
"""The most placed values a hand card may take joining one group of each kind (UC-9),
each once as a natural and once as a wild declared so: a set its number in the 4 colors,
a run either end's number in the 4 colors, a color group each number in its color, a
color run either end in its color (``_table``'s fitting faces)."""
_PLAYING_CARDS = sum(1 for card in DECK if card.action is None)
"""The deck's naturals and wilds (100): the most cards the table holds (UC-1)."""
DECISION_BOUNDS = {
    "draw": 3,
    "Bear Spray window": 2,
    "repair": PLACED + 1,
    "give, pass": FACE_COUNT,
    "open build": SEAT_BASE - SITE_BASE,
}
"""The most ids of each decision that excludes the play phase's and each other's (UC-6,
UC-13, UC-14, UC-17, UC-18; the next steps of a build: site, lay, end group, finish and
abandon)."""


def play_bounds(players: int, catalogue: Sequence[Campsite]) -> dict[str, int]:
    """The most ids of each family legal together in the turn player's play phase, no
    build open and no decision waiting (UC-7 .. UC-19); a group slot holds a group of a
    kind its campsite's faces name (UC-30)."""
    places = sum(max(_PLACES[kind] for kind in site.kinds) * site.max_groups
                 for site in catalogue)
    return {
        "start claim, start group": CAMPSITES,  # campground and own campsites are apart
        "start rearrange": 1,
        "add, squat": places,
        "swap": WILD_COPIES * len(NUMBERS),  # a wild's place takes 12 naturals at most
        "Bear Attack": _PLAYING_CARDS,
        "Roasted": players - 1,
        "Go Fishing": (players - 1) * len(REQUESTS),
        "S'mores, Lost Camper": 2,
        "Trash Panda": TRASH_DEPTH,
        "discard": FACE_COUNT,
    }


def max_legal_ids(players: object, config: Config | None = None) -> int:
    """The most ids :meth:`State.legal_action_ids` lists for any seat of any state of a
    game of this many players: a bound proved from the rules, family by family
    (docs/campers/ids.rst, "Bounds"), not a count seen in play.

    Only the catalogue of ``config`` enters it (its group slots, UC-30).

    Raises:
        PositionError: A player count outside 2 .. 6 (UC-2).
        PositionError: ``config`` is neither ``None`` nor a :class:`Config`.
    """
    num_distinct_actions(players, config)  # refuses a player count or config no game has
    play = sum(play_bounds(cast(int, players), config_or_default(config).catalogue).values())
    return max(play, *DECISION_BOUNDS.values())


# ----------------------------------------------------------------------------- encoding


def listed_placed(placed: Placed) -> int:
    """The placed value of a placement (its index in :data:`_PLACED_VALUES`)."""
    return _LISTED[placed]


def _swap_pairs() -> tuple[int, ...]:
    """:data:`_SWAP_PAIR`: for each wild's declared value ``w`` (its place among the
    wilds of :data:`_PLACED_VALUES`), the naturals of its number in each color (pair
    ``k`` the color), then of its color in each other number, lowest first (UC-10,
    UC-29)."""
    table = [-1] * (PLACED * NATURALS)
    for w in range(NATURALS):
        wild = _PLACED_VALUES[NATURALS + w]
        number = wild.number - NUMBERS[0]
        color = COLOR_INDEX[wild.color]
        row = NATURALS * wild
        for k in range(4):
            table[row + len(NUMBERS) * k + number] = SWAP_PAIRS * w + k
        for other in range(len(NUMBERS)):
            if other != number:
                table[row + len(NUMBERS) * color + other] = (
                    SWAP_PAIRS * w + 4 + other - (other > number))
    return tuple(table)


_SWAP_PAIR: Final[tuple[int, ...]] = _swap_pairs()
"""The pair index of each natural face taking each placement's place (``placement *
NATURALS + face``; ``-1`` where no swap is): a listed swap reads one entry."""


def listed_swap(card: Card, wild: Placed) -> int:
    """The pair index of a wild swap the listing made (:data:`_SWAP_PAIR`); the checked
    :func:`_swap_pair` for a caller's."""
    face: int = card  # a card and a placement are their ints: no attribute read
    placed: int = wild
    return _SWAP_PAIR[NATURALS * placed + face]


def _swap_pair(action: object, card: Card, wild: Placed) -> int:
    if wild.face is not WILD or card.color is None or card.number is None:
        raise IllegalActionError(action, "a natural hand card takes a wild's place", "UC-10")
    if card.number != wild.number and card.color is not wild.color:
        raise IllegalActionError(
            action, "a natural takes the place of a wild of its number or its color", "UC-29")
    return listed_swap(card, wild)


def seat_block(seat: int, space: Layout) -> int:
    """The first id of a seat's block."""
    return SEAT_BASE + space.seat * seat


def _index(card: Card) -> int:
    return card.index


def _draw(action: Any) -> int:
    count = action.count
    if count == 1:
        return DRAW_BASE
    if count == 2:
        return DRAW_BASE + 1
    raise IllegalActionError(action, "draw 1 or 2 cards from the deck", "UC-6")


def _place(action: Any, space: Layout) -> int:
    """An add on one's own campsite, a squat on another's (UC-7, UC-9)."""
    owner = action.player if type(action) is AddCard else action.owner
    if type(action) is Squat and owner == action.player:
        raise IllegalActionError(action, "a card on one's own campsite is an add", "UC-9")
    slot = space.slot(action, action.campsite, action.group)
    return _block(action, owner, space) + PLACED * slot + listed_placed(action.card)


def _swap(action: Any, space: Layout) -> int:
    slot = space.slot(action, action.campsite, action.group)
    base = _block(action, action.owner, space) + space.swap_at
    return base + SWAPS * slot + _swap_pair(action, action.card, action.wild)


def _attack(action: Any, space: Layout) -> int:
    slot = space.slot(action, action.campsite, action.group)
    base = _block(action, action.owner, space) + space.bear_at
    return base + PLACED * slot + listed_placed(action.card)


def _trash(action: Any) -> int:
    depth: int = action.depth
    if not 0 <= depth < TRASH_DEPTH:
        raise IllegalActionError(action, "Trash Panda takes one of the 5 cards under it",
                                 "UC-19")
    return trash_id(depth, action.card)


def trash_id(depth: int, card: Card) -> int:
    """The id of a Trash Panda taking ``card`` from ``depth`` under it (a listed depth)."""
    face: int = card  # the card is its face id: no attribute read
    return TRASH_BASE + FACE_COUNT * depth + face


# The atomic action classes encode() compares with, as constants of this module: the
# compiled build reads another module's name as a Python attribute (a dict look-up).
_DRAW_KIND: Final = Draw
_DISCARD_KIND: Final = Discard
_TAKE_KIND: Final = TakeDiscard
_ADD_KIND: Final = AddCard
_SQUAT_KIND: Final = Squat
_SWAP_KIND: Final = SwapWild
_ATTACK_KIND: Final = BearAttack
_ROASTED_KIND: Final = Roasted
_FISHING_KIND: Final = GoFishing
_SMORES_KIND: Final = Smores
_LOST_KIND: Final = LostCamper
_TRASH_KIND: Final = TrashPanda
_SPRAY_KIND: Final = BearSpray
_DECLINE_KIND: Final = Decline
_REPAIR_KIND: Final = Repair
_FALL_KIND: Final = LetFall
_GIVE_KIND: Final = Give
_PASS_KIND: Final = PassLeft


def encode(action: Any, space: Layout) -> int:
    """The id of an atomic action or a build step, its fields assumed well typed: an
    if-chain on the class (compiled, direct calls where a table of functions is a dict
    look-up and a generic call). The draw phase's actions come first: every turn lists
    them."""
    kind = type(action)
    if kind is _DRAW_KIND:
        return _draw(action)
    if kind is _TAKE_KIND:
        return TAKE_ID
    if kind is _DISCARD_KIND:
        return DISCARD_BASE + _index(action.card)
    if kind is _ADD_KIND or kind is _SQUAT_KIND:
        return _place(action, space)
    if kind is _SWAP_KIND:
        return _swap(action, space)
    if kind is _ATTACK_KIND:
        return _attack(action, space)
    if kind is _ROASTED_KIND:
        return _block(action, action.target, space) + space.roasted_at
    if kind is _FISHING_KIND:
        return (_block(action, action.target, space) + space.fishing_at
                + REQUEST_INDEX[action.request])
    if kind is _SMORES_KIND:
        return SMORES_ID
    if kind is _LOST_KIND:
        return LOST_CAMPER_ID
    if kind is _TRASH_KIND:
        return _trash(action)
    if kind is _SPRAY_KIND:
        return SPRAY_ID
    if kind is _DECLINE_KIND:
        return DECLINE_ID
    if kind is _REPAIR_KIND:
        return REPAIR_BASE + listed_placed(action.card)
    if kind is _FALL_KIND:
        return FALL_ID
    if kind is _GIVE_KIND:
        return GIVE_BASE + _index(action.card)
    if kind is _PASS_KIND:
        return PASS_BASE + _index(action.card)
    return encode_step(action)


def _block(action: object, seat: int, space: Layout) -> int:
    if not 0 <= seat < _SEATS:
        raise SeatError(action, f"there is no seat {quote(seat)}", "UC-2")
    return SEAT_BASE + space.seat * seat


def _site(action: object, campsite: int) -> int:
    if not 0 <= campsite < CAMPSITES:
        raise IllegalActionError(action, "no such campsite (c01 .. c15)", "UC-1")
    return campsite


def encode_step(step: Any) -> int:
    kind = type(step)
    if kind is Lay:
        return LAY_BASE + listed_placed(step.card)
    if kind is EndGroup:
        return END_BASE + KIND_INDEX[step.kind]
    if kind is StartClaim:
        return CLAIM_BASE + _site(step, step.campsite)
    if kind is StartGroup:
        return NEW_GROUP_BASE + _site(step, step.campsite)
    if kind is StartSite:
        return SITE_BASE + _site(step, step.campsite)
    if kind is StartRearrange:
        return REARRANGE_ID
    if kind is Finish:
        return FINISH_ID
    if kind is Abandon:
        return ABANDON_ID
    if kind in COMPOUND:
        raise IllegalActionError(
            step, "a compound action has no single id: action_steps gives its steps")
    raise IllegalActionError(step, "not an Unhappy Campers action")


def _group_steps(group: Group, out: list[int]) -> None:
    out += [_LAY_IDS[p] for p in group.cards]
    out.append(END_BASE + KIND_INDEX[group.kind])


def steps(action: Any, space: Layout) -> tuple[int, ...]:
    """The ids an action is played by (one for an atomic action), fields assumed well typed."""
    kind = type(action)
    if kind is Claim:
        out = [CLAIM_BASE + _site(action, action.campsite)]
        for group in action.groups:
            _group_steps(group, out)
    elif kind is AddGroup:
        out = [NEW_GROUP_BASE + _site(action, action.campsite)]
        _group_steps(action.cards, out)
    elif kind is Rearrange:
        out = [REARRANGE_ID]
        for site, groups in action.layout:
            out.append(SITE_BASE + _site(action, site))
            for group in groups:
                _group_steps(group, out)
    else:
        return (encode(action, space),)
    out.append(FINISH_ID)
    return tuple(out)


KNOWN_KINDS = frozenset(get_args(Action)) | frozenset(STEP_KINDS)
"""Every kind of action and build step."""


def check_known(action: object) -> None:
    if type(action) not in KNOWN_KINDS:
        raise IllegalActionError(action, "not an Unhappy Campers action")
    check_shape(action)


def action_id(action: Action | Step, config: Config | None = None) -> int:
    """The id of an atomic action or a build step (its ``player`` aside).

    Raises:
        IllegalActionError: A compound action (see :func:`action_steps`), or an action no
            id names (a field out of range, a group past its campsite's ``max_groups``).
    """
    check_known(action)
    return encode(action, _given_layout(config))


def action_steps(action: Action | Step, config: Config | None = None) -> tuple[int, ...]:
    """The ids a compound action is built by, in its own order (one id for any other).

    A claim is ``start claim``, then each group's cards (``lay``) and ``end group``, then
    ``finish``; a new group likewise; a rearrangement is ``start rearrange``, then for each
    campsite ``site`` and its groups, then ``finish``.

    Raises:
        IllegalActionError: ``action`` is no Unhappy Campers action or step, or a field of it
            has the wrong type (UC-6).
        PositionError: ``config`` is neither ``None`` nor a :class:`Config`.
    """
    check_known(action)
    return steps(action, _given_layout(config))


def action_from_id(player: object, action_id: object, config: Config | None = None
                   ) -> Action | Step:
    """The action or build step of this seat that the id names (inverse of :func:`action_id`).

    The seat and id are a caller's, declared ``object``: compiled, an ``int`` parameter
    would raise TypeError for a hostile one before the typed error below.

    Raises:
        IllegalActionError: No action has this id.
        SeatError: ``player`` is no seat of any game (UC-2).
        PositionError: ``config`` is neither ``None`` nor a :class:`Config`.
    """
    return action_in(player, action_id, _given_layout(config))


def action_in(player: object, action_id: object, space: Layout) -> Action | Step:
    """:func:`action_from_id` in a game of this layout (the engine's own calls give a
    state's, whose configuration needs no check).

    Raises:
        IllegalActionError: No action has this id.
        SeatError: ``player`` is no seat of any game (UC-2).
    """
    if type(action_id) is not int or not 0 <= action_id < SEAT_BASE + space.seat * _SEATS:
        raise IllegalActionError(quote(action_id), "no action has this id")
    if type(player) is not int or not 0 <= player < _SEATS:
        raise SeatError(quote(player), f"there is no seat {quote(player)}", "UC-2")
    if action_id >= SEAT_BASE:
        return _seat_action(player, action_id, space)
    if action_id < DISCARD_BASE:  # the draw listing's own records (``_turn.DRAWS``)
        return _DRAWS[player][action_id - DRAW_BASE]
    if action_id < SMORES_ID:  # the discard listing's own records, by face index
        return _DISCARDS[player][action_id - DISCARD_BASE]
    if action_id == SMORES_ID:
        return new_action(Smores, player)
    if action_id == LOST_CAMPER_ID:
        return new_action(LostCamper, player)
    if action_id < SPRAY_ID:
        depth, face = divmod(action_id - TRASH_BASE, FACE_COUNT)
        return new_action(TrashPanda, player, depth, FACES[face])
    if action_id == SPRAY_ID:
        return new_action(BearSpray, player)
    if action_id == DECLINE_ID:
        return new_action(Decline, player)
    if action_id < FALL_ID:
        return new_action(Repair, player, _PLACED_VALUES[action_id - REPAIR_BASE])
    if action_id == FALL_ID:
        return new_action(LetFall, player)
    if action_id < PASS_BASE:
        return new_action(Give, player, FACES[action_id - GIVE_BASE])
    if action_id < CLAIM_BASE:
        return new_action(PassLeft, player, FACES[action_id - PASS_BASE])
    return _step(player, action_id)


def _step(player: int, step_id: int) -> Step:
    if step_id < NEW_GROUP_BASE:
        return new_action(StartClaim, player, step_id - CLAIM_BASE)
    if step_id < REARRANGE_ID:
        return new_action(StartGroup, player, step_id - NEW_GROUP_BASE)
    if step_id == REARRANGE_ID:
        return new_action(StartRearrange, player)
    if step_id < LAY_BASE:
        return new_action(StartSite, player, step_id - SITE_BASE)
    if step_id < END_BASE:
        return new_action(Lay, player, _PLACED_VALUES[step_id - LAY_BASE])
    if step_id < FINISH_ID:
        return new_action(EndGroup, player, KINDS[step_id - END_BASE])
    return new_action(Finish, player) if step_id == FINISH_ID else new_action(Abandon, player)


def _seat_action(player: int, action_id: int, space: Layout) -> Action:
    seat, rest = divmod(action_id - SEAT_BASE, space.seat)
    if rest < space.swap_at:
        slot, placed = divmod(rest, PLACED)
        site, group = space.site_group(slot)
        card = _PLACED_VALUES[placed]
        if seat == player:
            return new_action(AddCard, player, site, group, card)
        return new_action(Squat, player, seat, site, group, card)
    if rest < space.bear_at:
        slot, pair = divmod(rest - space.swap_at, SWAPS)
        site, group = space.site_group(slot)
        w, k = divmod(pair, SWAP_PAIRS)
        wild = _PLACED_VALUES[NATURALS + w]
        if k < 4:
            natural = FACES[k * len(NUMBERS) + wild.number - NUMBERS[0]]
        else:
            number = NUMBERS[0] + k - 4
            number += number >= wild.number
            natural = FACES[COLOR_INDEX[wild.color] * len(NUMBERS) + number - NUMBERS[0]]
        return new_action(SwapWild, player, seat, site, group, natural, wild)
    if rest < space.roasted_at:
        slot, placed = divmod(rest - space.bear_at, PLACED)
        site, group = space.site_group(slot)
        return new_action(BearAttack, player, seat, site, group, _PLACED_VALUES[placed])
    if rest == space.roasted_at:
        return new_action(Roasted, player, seat)
    return new_action(GoFishing, player, seat, REQUESTS[rest - space.fishing_at])


def compound_steps(first: int, codes: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """The steps of a listed claim or new group (``first``, its first step) whose groups
    are valid and coded in ints (``solver._problem.GroupCode``): :func:`steps` of the
    action, spelled without building it (``solver._native.spell``)."""
    out = spell(codes, SPELLING)
    out.insert(0, first)
    out.append(FINISH_ID)
    return tuple(out)


def compound_of(player: int, spelled: Sequence[int]) -> Action:
    """The compound action of this player that the steps of a listed one spell (the
    inverse of :func:`steps` for a claim, a new group or a rearrangement)."""
    first = spelled[0]
    layout: list[tuple[int, list[Group]]] = []
    groups: list[Group] = []
    cards: list[Placed] = []
    for step in spelled[1:-1]:
        if step < LAY_BASE:  # a rearrangement's next campsite
            groups = []
            layout.append((step - SITE_BASE, groups))
        elif step < END_BASE:
            cards.append(_PLACED_VALUES[step - LAY_BASE])
        else:
            groups.append(sorted_group(KINDS[step - END_BASE], tuple(cards)))
            cards = []
    if first == REARRANGE_ID:
        return Rearrange(player, tuple([(site, tuple(held)) for site, held in layout]))
    if first < NEW_GROUP_BASE:
        return Claim(player, first - CLAIM_BASE, tuple(groups))
    return AddGroup(player, first - NEW_GROUP_BASE, groups[0])
