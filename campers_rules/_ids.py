"""A fixed integer action space: every atomic action and build step has one id, in every state.

Compound actions (:class:`Claim`, :class:`AddGroup`, :class:`Rearrange`) have no single id:
they are built one step at a time (:data:`Step`, :func:`action_steps`), as OpenSpiel
decomposes compound moves. The blocks, in order (ids for the project's catalogue, whose
campsites hold 28 groups in all: ``S = 28`` group slots; "placed" is a card as laid, 96
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
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

import attrs

from campers_rules import _rules
from campers_rules._action_cards import TRASH_DEPTH, card_plays
from campers_rules._actions import (
    CAMPSITES,
    REQUESTS,
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
from campers_rules._board import MAX_PLAYERS, MAX_VERSION, MIN_PLAYERS, OVER, PLAY
from campers_rules._cards import FACE_COUNT, FACES, NUMBERS, WILD, Card, Color
from campers_rules._catalogue import CATALOGUE, Campsite
from campers_rules._checks import Problem, check_shape, shape_problem
from campers_rules._claims import add_moves, rearrangements
from campers_rules._config import Config
from campers_rules._errors import (
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    StaleActionError,
    StaleStepError,
    quote,
)
from campers_rules._firsts import claimable_sites, compound_options, has_new_group
from campers_rules._groups import Group, GroupKind, Placed
from campers_rules._solving import playing
from campers_rules._squats import squat_moves

if TYPE_CHECKING:
    from campers_rules._state import State


NATURALS = 4 * len(NUMBERS)
"""The numbered faces (48), the first of :data:`FACES`."""
PLACED = 2 * NATURALS
"""Values of a card as placed in a group: each natural, then a wild declared as each."""
KINDS: tuple[GroupKind, ...] = tuple(GroupKind)
SWAP_PAIRS = 4 + len(NUMBERS) - 1
"""Naturals that may take one wild's place: its number in each color, its color in each
other number (UC-10, UC-29)."""
SWAPS = NATURALS * SWAP_PAIRS
"""Swap ids per group slot: the wild's declared value, then the natural (720)."""

DRAW_BASE = 0
TAKE_ID = 2
DISCARD_BASE = 3
SMORES_ID = DISCARD_BASE + FACE_COUNT
LOST_CAMPER_ID = SMORES_ID + 1
TRASH_BASE = LOST_CAMPER_ID + 1
SPRAY_ID = TRASH_BASE + TRASH_DEPTH * FACE_COUNT
DECLINE_ID = SPRAY_ID + 1
REPAIR_BASE = DECLINE_ID + 1
FALL_ID = REPAIR_BASE + PLACED
GIVE_BASE = FALL_ID + 1
PASS_BASE = GIVE_BASE + FACE_COUNT
CLAIM_BASE = PASS_BASE + FACE_COUNT
NEW_GROUP_BASE = CLAIM_BASE + CAMPSITES
REARRANGE_ID = NEW_GROUP_BASE + CAMPSITES
SITE_BASE = REARRANGE_ID + 1
LAY_BASE = SITE_BASE + CAMPSITES
END_BASE = LAY_BASE + PLACED
FINISH_ID = END_BASE + len(KINDS)
ABANDON_ID = FINISH_ID + 1
SEAT_BASE = ABANDON_ID + 1
"""The first id of the per-seat blocks (700)."""
STEP_IDS = range(CLAIM_BASE, SEAT_BASE)
"""The ids of build steps."""
STARTS = range(CLAIM_BASE, SITE_BASE)
"""The ids that open a build: start a claim, a new group or a rearrangement."""

STEP_KINDS = (StartClaim, StartGroup, StartRearrange, StartSite, Lay, EndGroup, Finish, Abandon)
COMPOUND = (Claim, AddGroup, Rearrange)

_COLORS: tuple[Color, ...] = tuple(Color)
_COLOR_INDEX = {color: i for i, color in enumerate(_COLORS)}
_KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}
_REQUEST_INDEX = {request: i for i, request in enumerate(REQUESTS)}
_PLACED_VALUES: tuple[Placed, ...] = tuple(
    [Placed.natural(FACES[i]) for i in range(NATURALS)]
    + [Placed.wild(_COLORS[i // len(NUMBERS)], NUMBERS[i % len(NUMBERS)]) for i in range(NATURALS)]
)
"""Every placed value by its index."""


class Layout:
    """The group slots of one catalogue: where each campsite's groups start (UC-30)."""

    __slots__ = ("bear_at", "fishing_at", "offsets", "roasted_at", "seat", "sizes", "slots",
                 "swap_at")

    def __init__(self, catalogue: Sequence[Campsite]) -> None:
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


_DEFAULT = Layout(CATALOGUE)


def layout(config: Config | None) -> Layout:
    """The layout of a game's catalogue (the project's catalogue for ``None``)."""
    if config is None or config.catalogue is CATALOGUE:
        return _DEFAULT
    return Layout(config.catalogue)


def num_distinct_actions(players: int, config: Config | None = None) -> int:
    """How many ids a game of this many players uses: ``0 .. num_distinct_actions - 1``."""
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalActionError(players, f"{MIN_PLAYERS} to {MAX_PLAYERS} players", "UC-2")
    return SEAT_BASE + layout(config).seat * players


# ----------------------------------------------------------------------------- encoding


def _placed(action: object, placed: Placed) -> int:
    face = placed.face
    value = _COLOR_INDEX[placed.color] * len(NUMBERS) + placed.number - NUMBERS[0]
    if not NUMBERS[0] <= placed.number <= NUMBERS[-1]:
        raise IllegalActionError(action, "a card counts as a number 2..13", "UC-5")
    if face is WILD:
        return NATURALS + value
    if face.index != value:
        raise IllegalActionError(action, f"{face} can only count as itself", "UC-5")
    return value


def _swap_pair(action: object, card: Card, wild: Placed) -> int:
    if wild.face is not WILD or card.color is None or card.number is None:
        raise IllegalActionError(action, "a natural hand card takes a wild's place", "UC-10")
    w = _placed(action, wild) - NATURALS
    if card.number == wild.number:
        k = _COLOR_INDEX[card.color]
    elif card.color is wild.color:
        k = 4 + card.number - NUMBERS[0] - (card.number > wild.number)
    else:
        raise IllegalActionError(
            action, "a natural takes the place of a wild of its number or its color", "UC-29")
    return SWAP_PAIRS * w + k


def _index(card: Card) -> int:
    return card.index


def _draw(action: Any, table: Layout) -> int:
    if action.count not in (1, 2):
        raise IllegalActionError(action, "draw 1 or 2 cards from the deck", "UC-6")
    return DRAW_BASE + 1 if action.count == 2 else DRAW_BASE


def _place(action: Any, table: Layout) -> int:
    """An add on one's own campsite, a squat on another's (UC-7, UC-9)."""
    owner = action.player if type(action) is AddCard else action.owner
    if type(action) is Squat and owner == action.player:
        raise IllegalActionError(action, "a card on one's own campsite is an add", "UC-9")
    slot = table.slot(action, action.campsite, action.group)
    return _block(action, owner, table) + PLACED * slot + _placed(action, action.card)


def _swap(action: Any, table: Layout) -> int:
    slot = table.slot(action, action.campsite, action.group)
    base = _block(action, action.owner, table) + table.swap_at
    return base + SWAPS * slot + _swap_pair(action, action.card, action.wild)


def _attack(action: Any, table: Layout) -> int:
    slot = table.slot(action, action.campsite, action.group)
    base = _block(action, action.owner, table) + table.bear_at
    return base + PLACED * slot + _placed(action, action.card)


def _trash(action: Any, table: Layout) -> int:
    depth: int = action.depth
    if not 0 <= depth < TRASH_DEPTH:
        raise IllegalActionError(action, "Trash Panda takes one of the 5 cards under it",
                                 "UC-19")
    return TRASH_BASE + FACE_COUNT * depth + _index(action.card)


def _constant(value: int) -> Callable[[Any, Layout], int]:
    return lambda action, table: value


_ENCODERS: dict[type[Any], Callable[[Any, Layout], int]] = {
    Draw: _draw,
    Discard: lambda action, table: DISCARD_BASE + _index(action.card),
    TakeDiscard: _constant(TAKE_ID),
    AddCard: _place,
    Squat: _place,
    SwapWild: _swap,
    BearAttack: _attack,
    Roasted: lambda action, table: _block(action, action.target, table) + table.roasted_at,
    GoFishing: lambda action, table: (_block(action, action.target, table) + table.fishing_at
                                      + _REQUEST_INDEX[action.request]),
    Smores: _constant(SMORES_ID),
    LostCamper: _constant(LOST_CAMPER_ID),
    TrashPanda: _trash,
    BearSpray: _constant(SPRAY_ID),
    Decline: _constant(DECLINE_ID),
    Repair: lambda action, table: REPAIR_BASE + _placed(action, action.card),
    LetFall: _constant(FALL_ID),
    Give: lambda action, table: GIVE_BASE + _index(action.card),
    PassLeft: lambda action, table: PASS_BASE + _index(action.card),
}
"""The id of each atomic action, by its kind."""


def encode(action: Any, table: Layout) -> int:
    """The id of an atomic action or a build step, its fields assumed well typed."""
    encoder = _ENCODERS.get(type(action))
    if encoder is None:
        return _encode_step(action)
    return encoder(action, table)


def _block(action: object, seat: int, table: Layout) -> int:
    if not 0 <= seat < MAX_PLAYERS:
        raise IllegalActionError(action, f"there is no seat {quote(seat)}", "UC-2")
    return SEAT_BASE + table.seat * seat


def _site(action: object, campsite: int) -> int:
    if not 0 <= campsite < CAMPSITES:
        raise IllegalActionError(action, "no such campsite (c01 .. c15)", "UC-1")
    return campsite


def _encode_step(step: Any) -> int:
    kind = type(step)
    if kind is Lay:
        return LAY_BASE + _placed(step, step.card)
    if kind is EndGroup:
        return END_BASE + _KIND_INDEX[step.kind]
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
    for placed in group.cards:
        out.append(LAY_BASE + _placed(group, placed))
    out.append(END_BASE + _KIND_INDEX[group.kind])


def steps(action: Any, table: Layout) -> tuple[int, ...]:
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
        return (encode(action, table),)
    out.append(FINISH_ID)
    return tuple(out)


_KNOWN = _rules.ACTION_KINDS | frozenset(STEP_KINDS)
"""Every kind of action and build step."""


def _checked(action: object) -> None:
    if type(action) not in _KNOWN:
        raise IllegalActionError(action, "not an Unhappy Campers action")
    check_shape(action)


def action_id(action: Action | Step, config: Config | None = None) -> int:
    """The id of an atomic action or a build step (its ``player`` aside).

    Raises:
        IllegalActionError: A compound action (see :func:`action_steps`), or an action no
            id names (a field out of range, a group past its campsite's ``max_groups``).
    """
    _checked(action)
    return encode(action, layout(config))


def action_steps(action: Action | Step, config: Config | None = None) -> tuple[int, ...]:
    """The ids a compound action is built by, in its own order (one id for any other).

    A claim is ``start claim``, then each group's cards (``lay``) and ``end group``, then
    ``finish``; a new group likewise; a rearrangement is ``start rearrange``, then for each
    campsite ``site`` and its groups, then ``finish``.
    """
    _checked(action)
    return steps(action, layout(config))


def action_from_id(player: int, action_id: int, config: Config | None = None) -> Action | Step:
    """The action or build step of this seat that the id names (inverse of :func:`action_id`).

    Raises:
        IllegalActionError: No action has this id (or ``player`` is no seat of any game).
    """
    table = layout(config)
    if type(action_id) is not int or not 0 <= action_id < SEAT_BASE + table.seat * MAX_PLAYERS:
        raise IllegalActionError(quote(action_id), "no action has this id")
    if type(player) is not int or not 0 <= player < MAX_PLAYERS:
        raise NotYourTurnError(quote(player), f"there is no seat {quote(player)}", "UC-2")
    if action_id >= SEAT_BASE:
        return _seat_action(player, action_id, table)
    if action_id < DISCARD_BASE:
        return TakeDiscard(player) if action_id == TAKE_ID else Draw(player, action_id + 1)
    if action_id < SMORES_ID:
        return Discard(player, FACES[action_id - DISCARD_BASE])
    if action_id == SMORES_ID:
        return Smores(player)
    if action_id == LOST_CAMPER_ID:
        return LostCamper(player)
    if action_id < SPRAY_ID:
        depth, face = divmod(action_id - TRASH_BASE, FACE_COUNT)
        return TrashPanda(player, depth, FACES[face])
    if action_id == SPRAY_ID:
        return BearSpray(player)
    if action_id == DECLINE_ID:
        return Decline(player)
    if action_id < FALL_ID:
        return Repair(player, _PLACED_VALUES[action_id - REPAIR_BASE])
    if action_id == FALL_ID:
        return LetFall(player)
    if action_id < PASS_BASE:
        return Give(player, FACES[action_id - GIVE_BASE])
    if action_id < CLAIM_BASE:
        return PassLeft(player, FACES[action_id - PASS_BASE])
    return _step(player, action_id)


def _step(player: int, step_id: int) -> Step:
    if step_id < NEW_GROUP_BASE:
        return StartClaim(player, step_id - CLAIM_BASE)
    if step_id < REARRANGE_ID:
        return StartGroup(player, step_id - NEW_GROUP_BASE)
    if step_id == REARRANGE_ID:
        return StartRearrange(player)
    if step_id < LAY_BASE:
        return StartSite(player, step_id - SITE_BASE)
    if step_id < END_BASE:
        return Lay(player, _PLACED_VALUES[step_id - LAY_BASE])
    if step_id < FINISH_ID:
        return EndGroup(player, KINDS[step_id - END_BASE])
    return Finish(player) if step_id == FINISH_ID else Abandon(player)


def _seat_action(player: int, action_id: int, table: Layout) -> Action:
    seat, rest = divmod(action_id - SEAT_BASE, table.seat)
    if rest < table.swap_at:
        slot, placed = divmod(rest, PLACED)
        site, group = table.site_group(slot)
        card = _PLACED_VALUES[placed]
        if seat == player:
            return AddCard(player, site, group, card)
        return Squat(player, seat, site, group, card)
    if rest < table.bear_at:
        slot, pair = divmod(rest - table.swap_at, SWAPS)
        site, group = table.site_group(slot)
        w, k = divmod(pair, SWAP_PAIRS)
        wild = _PLACED_VALUES[NATURALS + w]
        if k < 4:
            natural = FACES[k * len(NUMBERS) + wild.number - NUMBERS[0]]
        else:
            number = NUMBERS[0] + k - 4
            number += number >= wild.number
            natural = FACES[_COLOR_INDEX[wild.color] * len(NUMBERS) + number - NUMBERS[0]]
        return SwapWild(player, seat, site, group, natural, wild)
    if rest < table.roasted_at:
        slot, placed = divmod(rest - table.bear_at, PLACED)
        site, group = table.site_group(slot)
        return BearAttack(player, seat, site, group, _PLACED_VALUES[placed])
    if rest == table.roasted_at:
        return Roasted(player, seat)
    return GoFishing(player, seat, REQUESTS[rest - table.fishing_at])


# ----------------------------------------------------------------------------- building


def _ready(state: State, player: object) -> Problem | None:
    """Why this seat may not take a build step now, the build itself aside (UC-6)."""
    if state.phase is OVER:
        return GameOverError, "the game is over", "UC-21"
    if type(player) is not int or not 0 <= player < state.num_players:
        return _rules.no_seat(state, player)
    if player not in _rules.actors(state):
        return NotYourTurnError, f"player {player} may not act now", "UC-6"
    if state.pending is not None or state.phase is not PLAY:
        return (IllegalActionError, "a claim, a new group or a rearrangement is built in the "
                "play phase of one's own turn, with no decision waiting", "UC-6")
    return None


Option = tuple[tuple[int, ...], Action]
"""A listed compound action with its steps."""


_FIRSTS: dict[int, tuple[type[Any], int]] = {
    **{CLAIM_BASE + c: (Claim, c) for c in range(CAMPSITES)},
    **{NEW_GROUP_BASE + c: (AddGroup, c) for c in range(CAMPSITES)},
    REARRANGE_ID: (Rearrange, -1),
}
"""The compound kind and campsite each first step opens."""


def options(state: State, building: tuple[int, ...]) -> tuple[Option, ...]:
    """The turn player's listed compound actions whose steps start with ``building``, a
    build of one step or more: the open build's own or one step on (UC-7, UC-11).

    A state built by a step carries its build's options; others list those of the build's
    first step alone.
    """
    n = len(building)
    carried = state.build_options
    m = len(state.building)
    if carried is not None and building[:m] == state.building:
        if n == m:
            return carried
        rest = building[m:]
        return tuple(o for o in carried if o[0][m:n] == rest)
    opened = _FIRSTS.get(building[0])
    if opened is None:
        return ()
    memo: dict[int, tuple[int, ...]] = {}
    out: list[Option] = []
    for action in compound_options(state, *opened):
        spelled = _listed_steps(action, memo)
        if spelled[:n] == building:
            out.append((spelled, action))
    return tuple(out)


def _listed_steps(action: Any, memo: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
    """:func:`steps` of a listed compound action, whose groups are valid: each group's
    ids once per listing (``memo``, by the group's identity: the solver shares a group
    among the claims that hold it)."""
    kind = type(action)
    if kind is Claim:
        out = [CLAIM_BASE + action.campsite]
        for group in action.groups:
            out += memo.get(id(group)) or _spelled_group(group, memo)
    elif kind is AddGroup:
        out = [NEW_GROUP_BASE + action.campsite]
        out += _spelled_group(action.cards, memo)
    else:
        out = [REARRANGE_ID]
        for site, groups in action.layout:
            out.append(SITE_BASE + site)
            for group in groups:
                out += memo.get(id(group)) or _spelled_group(group, memo)
    out.append(FINISH_ID)
    return tuple(out)


_LAY_COLORS = {color: LAY_BASE + i * len(NUMBERS) - NUMBERS[0] for i, color in enumerate(_COLORS)}
"""The lay id of a natural of each color, less its number."""


def _spelled_group(group: Group, memo: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
    """A valid group's lay ids and end id (:func:`_group_steps` without its checks)."""
    spelled = tuple([_LAY_COLORS[p.color] + p.number + (NATURALS if p.face is WILD else 0)
                     for p in group.cards] + [END_BASE + _KIND_INDEX[group.kind]])
    memo[id(group)] = spelled
    return spelled


def _step_problem(state: State, player: object, step_id: int
                  ) -> tuple[Problem | None, tuple[Option, ...]]:
    """Why this build step is refused (or ``None``), and the options of the build after it."""
    problem = _ready(state, player)
    if problem is not None:
        return problem, ()
    building = state.building
    if step_id == ABANDON_ID:
        if building:
            return None, ()
        return (IllegalActionError, "no build is open to abandon", "UC-7"), ()
    if not building and step_id not in STARTS:
        return (IllegalActionError, "no build is open: a build starts with a claim, a new "
                "group or a rearrangement", "UC-7"), ()
    after = options(state, (*building, step_id))
    if not after:
        return (IllegalActionError, "no listed claim, new group or rearrangement goes on "
                f"this way (the build so far: {len(building)} steps)", "UC-7"), ()
    return None, after


def _build_problem(state: State, action: Any) -> Problem | None:
    """Why the builder may not take this (non-step) action while a build is open."""
    if action.player != state.turn or any(
        a == action for _, a in options(state, state.building)
    ):
        return None
    return (IllegalActionError, f"player {state.turn} has a build open: take its next step, "
            "finish or abandon it, or apply a compound action that it starts", "UC-7")


def _stale(state: State, action: object, version: object) -> None:
    if _rules.is_stale(state, version):
        raise StaleActionError(action, version, state.version)


def _step_stale(state: State, player: object, version: object, build_step: object) -> bool:
    """UC-32: whether the turn player's build step, sent with a version or a build step,
    was sent against another build step than the state's (or against none)."""
    if player != state.turn or (version is None and build_step is None):
        return False
    return type(build_step) is not int or build_step != state.build_step


def _raise(problem: Problem, action: object) -> NoReturn:
    error, reason, ruling = problem
    raise error(action, reason, ruling)


def apply(state: State, action: Any, version: object = None, build_step: object = None
          ) -> State:
    """:meth:`State.apply` of a build step, or of any action while a build is open."""
    _checked(action)
    _stale(state, action, version)
    if type(action) in STEP_KINDS:
        if _step_stale(state, action.player, version, build_step):
            raise StaleStepError(action, state.version, build_step, state.build_step)
        step_id = _encode_step(action)
        problem, after = _step_problem(state, action.player, step_id)
        if problem is not None:
            _raise(problem, action)
        if step_id == ABANDON_ID:
            return attrs.evolve(state, building=(), build_step=state.build_step + 1,
                                build_options=None)
        if step_id == FINISH_ID:
            return _rules.apply(state, after[0][1])
        return attrs.evolve(state, building=(*state.building, step_id),
                            build_step=state.build_step + 1, build_options=after)
    problem = _build_problem(state, action)
    if problem is not None:
        _raise(problem, action)
    return _rules.apply(state, action)


def is_legal(state: State, action: Any, version: object = None, build_step: object = None
             ) -> bool:
    """:meth:`State.is_legal` of a build step, or of any action while a build is open."""
    if (type(action) not in _KNOWN or _rules.is_stale(state, version)
            or shape_problem(action) is not None):
        return False
    if type(action) in STEP_KINDS:
        if _step_stale(state, action.player, version, build_step):
            return False
        return _step_problem(state, action.player, _encode_step(action))[0] is None
    return _build_problem(state, action) is None and _rules.why_illegal(state, action) is None


def legal_actions(state: State, player: int) -> list[Any]:
    """:meth:`State.legal_actions` while a build is open: the builder's compound actions
    that complete it, then :class:`Abandon`."""
    if player != state.turn:
        return _rules.legal_actions(state, player)  # checks the seat; others: as without
    return [action for _, action in options(state, state.building)] + [Abandon(player)]


def legal_action_ids(state: State, player: int) -> list[int]:
    """The ids of this seat's legal actions and build steps, sorted."""
    if type(player) is not int or player != state.turn:
        return _listed_ids(state, player)
    if state.building:
        n = len(state.building)
        ids = {spelled[n] for spelled, _ in options(state, state.building)}
        ids.add(ABANDON_ID)
        return sorted(ids)
    if state.phase is PLAY and state.pending is None:
        return sorted(_play_ids(state, player))
    return _listed_ids(state, player)


def _listed_ids(state: State, player: int) -> list[int]:
    """The ids of the listed actions (outside the play phase: no compound action)."""
    table = layout(state.config)
    return sorted({encode(a, table) for a in _rules.legal_actions(state, player)})


def _play_ids(state: State, player: int) -> set[int]:
    """The turn player's ids in the play phase: those of the listing's first steps, asking
    only whether each claim and new group exists (UC-7, UC-9, UC-10, UC-11, UC-12)."""
    table = layout(state.config)
    hand = playing(state.hands[player])
    ids = {CLAIM_BASE + c for c in claimable_sites(state, player, hand)}
    for index, site in enumerate(state.table[player]):
        if has_new_group(state, player, hand, index):
            ids.add(NEW_GROUP_BASE + site.campsite)
    ids.update(encode(add, table) for add in add_moves(state, player))
    ids.update(encode(move, table) for move in squat_moves(state, player))
    if rearrangements(state, player):
        ids.add(REARRANGE_ID)
    ids.update(encode(a, table) for a in card_plays(state, player))
    ids.update(DISCARD_BASE + card.index for card in state.hands[player])
    return ids


def apply_action_id(state: State, player: int, action_id: int, version: int | None = None,
                    build_step: int | None = None) -> State:
    """Apply the action or build step the id names for this seat, checked as ``apply``."""
    _stale(state, action_id, version)
    return state.apply(action_from_id(player, action_id, state.config), version, build_step)


def building_problem(state: State) -> str | None:
    """Why a loaded state's open build or build step count is impossible, or ``None``
    (none, or a proper start of a listed compound action of the turn player, counted
    within its build step count)."""
    building = state.building
    count = state.build_step
    if not len(building) <= count <= MAX_VERSION:
        return f"the build step count is not from the build's length to {MAX_VERSION}"
    if not count:
        return None
    if any(type(i) is not int or i not in STEP_IDS for i in building):
        return "a build holds an id that is not a build step"
    problem = _ready(state, state.turn)
    if problem is not None:
        return f"build steps taken outside the turn player's play phase: {problem[1]}"
    n = len(building)
    if n and not any(len(spelled) > n for spelled, _ in options(state, building)):
        return "the build is not the start of a listed claim, new group or rearrangement"
    return None
