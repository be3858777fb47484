"""The public frozen records the rules make at every step (the next :class:`State`, and
the actions an id names or a listing holds) and the :class:`View` a seat is given (an RL
env takes one at every step), built field by field.

attrs' ``__init__`` of a frozen class is interpreted Python that sets each field through
``object.__setattr__``: for the 23 fields of a State, called from compiled code, it was
the dearest single call of a step (about 22,000 instructions, a seventh of an id step).
Compiled (mypyc makes each ``object.__setattr__`` one C call), :func:`new_state` sets the
slots itself; pure, it calls the class, whose ``__init__`` is the cheaper there. Either
way the record is the one the class makes: State has no validator, converter or
post-init to skip, its one field outside ``__init__`` (``build_options``) gets the
default the class gives it, and ``tests/campers/test_frozen.py`` holds the function to
every field. An action class's ``__init__`` is the same interpreted code, a few thousand
instructions for its four to six fields: :func:`new_action` builds any action or build step
of the vocabulary the same way, and :func:`new_pending` any pending decision (a Bear Spray
window is some 5,500 instructions through its class). :func:`new_view` builds a seat's View
so (24 fields: ``State.view`` went from some 29,000 instructions to 17,000). Karibou Camp
builds its records so too (``karibou_rules._frozen``).

The actions a listing makes on a table group (squats, adds, wild swaps, Bear Attacks) are
made by :func:`squat`, :func:`add_card`, :func:`swap_wild` and :func:`bear_attack`, which
share one record per value between listings (``_cache.TABLE_ACTIONS``; an action is an
immutable value, so an equal one serves any listing): a changed campsite's listing gets
back, looked up by an int naming the action, the records of the moves it had before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, TypeVar, get_args

import attrs

from campers_rules import _cache
from campers_rules._actions import Action, AddCard, BearAttack, Squat, Step, SwapWild
from campers_rules._board import Phase, Site
from campers_rules._cards import Card
from campers_rules._config import Config
from campers_rules._groups import Group, GroupKind, Placed, sorted_group
from campers_rules._pending import FishingChoice, PassChoice, Pending, RepairChoice, SprayWindow
from campers_rules._results import RoundResult

if TYPE_CHECKING:
    from campers_rules._state import State, View

COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled (its file is an extension module)."""

_A = TypeVar("_A")
FIELD_NAMES: Final[dict[type, tuple[str, ...]]] = {
    kind: tuple(field.name for field in attrs.fields(kind))
    for kind in (*get_args(Action), *get_args(Step))
}
"""Each action and build step class's fields, in their ``__init__`` order."""
PENDING_NAMES: Final[dict[type, tuple[str, ...]]] = {
    kind: tuple(field.name for field in attrs.fields(kind))
    for kind in (SprayWindow, RepairChoice, FishingChoice, PassChoice)
}
"""Each pending decision class's fields, in their ``__init__`` order."""
_NEW: Final = object.__new__
"""The bare allocation of a record, held here: compiled, ``object.__new__`` would be looked
up (a builtin, then its attribute) at every record."""


def new_state(
    cls: type[State],
    num_players: int,
    config: Config,
    round: int,
    dealer: int,
    turn: int,
    phase: Phase,
    turns_taken: int,
    action_played: bool,
    hands: tuple[tuple[Card, ...], ...],
    deck: tuple[Card, ...],
    discard: tuple[Card, ...],
    table: tuple[tuple[Site, ...], ...],
    campground: tuple[int, ...],
    pile: tuple[int, ...],
    kept: tuple[tuple[int, ...], ...],
    skips: tuple[int, ...],
    pending: Pending | None,
    scores: tuple[int, ...],
    round_results: tuple[RoundResult, ...],
    rng: int,
    version: int,
    building: tuple[int, ...],
    build_step: int,
) -> State:
    """``cls(...)`` of these fields (``cls`` the state's class, :class:`State`), with no
    build options carried (``build_options`` is ``None``, as the class sets it)."""
    if not COMPILED:
        return cls(num_players, config, round, dealer, turn, phase, turns_taken,
                   action_played, hands, deck, discard, table, campground, pile, kept, skips,
                   pending, scores, round_results, rng, version, building, build_step)
    state = _NEW(cls)
    object.__setattr__(state, "num_players", num_players)
    object.__setattr__(state, "config", config)
    object.__setattr__(state, "round", round)
    object.__setattr__(state, "dealer", dealer)
    object.__setattr__(state, "turn", turn)
    object.__setattr__(state, "phase", phase)
    object.__setattr__(state, "turns_taken", turns_taken)
    object.__setattr__(state, "action_played", action_played)
    object.__setattr__(state, "hands", hands)
    object.__setattr__(state, "deck", deck)
    object.__setattr__(state, "discard", discard)
    object.__setattr__(state, "table", table)
    object.__setattr__(state, "campground", campground)
    object.__setattr__(state, "pile", pile)
    object.__setattr__(state, "kept", kept)
    object.__setattr__(state, "skips", skips)
    object.__setattr__(state, "pending", pending)
    object.__setattr__(state, "scores", scores)
    object.__setattr__(state, "round_results", round_results)
    object.__setattr__(state, "rng", rng)
    object.__setattr__(state, "version", version)
    object.__setattr__(state, "building", building)
    object.__setattr__(state, "build_step", build_step)
    object.__setattr__(state, "build_options", None)
    return state


def new_view(
    cls: type[View],
    player: int,
    num_players: int,
    config: Config,
    round: int,
    dealer: int,
    turn: int,
    phase: Phase,
    turns_taken: int,
    action_played: bool,
    hand: tuple[Card, ...],
    hand_sizes: tuple[int, ...],
    deck_size: int,
    discard: tuple[Card, ...],
    table: tuple[tuple[Site, ...], ...],
    campground: tuple[int, ...],
    pile_size: int,
    kept: tuple[tuple[int, ...], ...],
    skips: tuple[int, ...],
    pending: Pending | None,
    scores: tuple[int, ...],
    round_results: tuple[RoundResult, ...],
    version: int,
    building: tuple[int, ...],
    build_step: int,
) -> View:
    """``cls(...)`` of these fields (``cls`` the view's class, :class:`View`), built as
    :func:`new_state` builds a State: a View has 24 fields, no validator, converter nor
    post-init, and its attrs ``__init__`` was the dearest part of ``State.view`` (an RL
    env takes a view at every step)."""
    if not COMPILED:
        return cls(player, num_players, config, round, dealer, turn, phase, turns_taken,
                   action_played, hand, hand_sizes, deck_size, discard, table, campground,
                   pile_size, kept, skips, pending, scores, round_results, version, building,
                   build_step)
    view = _NEW(cls)
    object.__setattr__(view, "player", player)
    object.__setattr__(view, "num_players", num_players)
    object.__setattr__(view, "config", config)
    object.__setattr__(view, "round", round)
    object.__setattr__(view, "dealer", dealer)
    object.__setattr__(view, "turn", turn)
    object.__setattr__(view, "phase", phase)
    object.__setattr__(view, "turns_taken", turns_taken)
    object.__setattr__(view, "action_played", action_played)
    object.__setattr__(view, "hand", hand)
    object.__setattr__(view, "hand_sizes", hand_sizes)
    object.__setattr__(view, "deck_size", deck_size)
    object.__setattr__(view, "discard", discard)
    object.__setattr__(view, "table", table)
    object.__setattr__(view, "campground", campground)
    object.__setattr__(view, "pile_size", pile_size)
    object.__setattr__(view, "kept", kept)
    object.__setattr__(view, "skips", skips)
    object.__setattr__(view, "pending", pending)
    object.__setattr__(view, "scores", scores)
    object.__setattr__(view, "round_results", round_results)
    object.__setattr__(view, "version", version)
    object.__setattr__(view, "building", building)
    object.__setattr__(view, "build_step", build_step)
    return view


def new_site(campsite: int, groups: tuple[Group, ...]) -> Site:
    """``Site(campsite, groups)``, built as :func:`new_state` builds a State (its attrs
    ``__init__`` is interpreted, some 4,000 instructions from compiled code): a table
    move's effect makes one."""
    if not COMPILED:
        return Site(campsite, groups)
    site: Site = _NEW(Site)
    object.__setattr__(site, "campsite", campsite)
    object.__setattr__(site, "groups", groups)
    return site


def new_group(kind: GroupKind, cards: tuple[Placed, ...]) -> Group:
    """``_groups.sorted_group(kind, cards)`` (cards already in the canonical order), built
    as :func:`new_site` builds a Site: compiled, its two slots set here, where
    ``sorted_group`` is interpreted (some 2,000 instructions a call from compiled code); a
    table move's effect makes one."""
    if not COMPILED:
        return sorted_group(kind, cards)
    group: Group = _NEW(Group)
    object.__setattr__(group, "kind", kind)
    object.__setattr__(group, "cards", cards)
    return group


def new_action(cls: type[_A], *values: object) -> _A:
    """``cls(*values)`` of an action or build step class (its fields in order)."""
    if not COMPILED:
        return cls(*values)
    made: _A = _NEW(cls)
    names = FIELD_NAMES[cls]
    for i in range(len(names)):
        object.__setattr__(made, names[i], values[i])
    return made


def new_pending(cls: type[_A], *values: object) -> _A:
    """``cls(*values)`` of a pending decision class (its fields in order), as
    :func:`new_action` builds an action."""
    if not COMPILED:
        return cls(*values)
    made: _A = _NEW(cls)
    names = PENDING_NAMES[cls]
    for i in range(len(names)):
        object.__setattr__(made, names[i], values[i])
    return made


_SQUAT: Final = 0
_ADD: Final = 1
_SWAP: Final = 2
_ATTACK: Final = 3


def _key(kind: int, player: int, owner: int, campsite: int, group: int, card: int,
         placed: int) -> int:
    """The int naming a table action in ``_cache.TABLE_ACTIONS``: its kind (``_SQUAT``
    ...) and fields in bit fields, one int per tuple: a seat below 8 (3 bits, at most
    ``MAX_PLAYERS`` seats), a group index below 1,024 (a campsite holds fewer groups than
    the deck has cards), a card face and a placement below 128 (56 faces, 96
    placements: each an int), ``card`` 0 where the kind has none; the campsite above
    them all. Shifts of constants: compiled, a few native operations. -1 (never kept)
    for a field outside its bits, which only a state built by hand can hold: its action
    is made afresh."""
    if not (0 <= group < 1024 and 0 <= owner < 8 and 0 <= player < 8):
        return -1
    where = ((campsite << 10 | group) << 3 | owner) << 3 | player
    return ((where << 7 | card) << 7 | placed) << 2 | kind


_OnGroup = TypeVar("_OnGroup", Squat, BearAttack)
_Table = TypeVar("_Table", Squat, AddCard, SwapWild, BearAttack)


def _kept(key: int, made: _Table) -> _Table:
    """A table action just made, kept in ``_cache.TABLE_ACTIONS`` under its key (one of
    -1, past the key's bits, is never kept)."""
    if key >= 0:
        _cache.keep(_cache.TABLE_ACTIONS, key, made)
    return made


def _on_group(cls: type[_OnGroup], kind: int, player: int, owner: int, campsite: int,
              group: int, card: Placed) -> _OnGroup:
    """``cls(player, owner, campsite, group, card)`` of a squat or Bear Attack class
    (``kind`` its key's kind), shared by value."""
    key = _key(kind, player, owner, campsite, group, 0, card)
    kept = _cache.TABLE_ACTIONS.get(key)
    if type(kept) is cls:
        return kept
    return _kept(key, new_action(cls, player, owner, campsite, group, card))


def squat(player: int, owner: int, campsite: int, group: int, card: Placed) -> Squat:
    """``Squat(player, owner, campsite, group, card)``, shared by value."""
    return _on_group(Squat, _SQUAT, player, owner, campsite, group, card)


def bear_attack(player: int, owner: int, campsite: int, group: int,
                card: Placed) -> BearAttack:
    """``BearAttack(player, owner, campsite, group, card)``, shared by value."""
    return _on_group(BearAttack, _ATTACK, player, owner, campsite, group, card)


def add_card(player: int, campsite: int, group: int, card: Placed) -> AddCard:
    """``AddCard(player, campsite, group, card)``, shared by value."""
    key = _key(_ADD, player, player, campsite, group, 0, card)
    kept = _cache.TABLE_ACTIONS.get(key)
    if type(kept) is AddCard:
        return kept
    return _kept(key, new_action(AddCard, player, campsite, group, card))


def swap_wild(player: int, owner: int, campsite: int, group: int, card: Card,
              wild: Placed) -> SwapWild:
    """``SwapWild(player, owner, campsite, group, card, wild)``, shared by value."""
    key = _key(_SWAP, player, owner, campsite, group, card, wild)
    kept = _cache.TABLE_ACTIONS.get(key)
    if type(kept) is SwapWild:
        return kept
    return _kept(key, new_action(SwapWild, player, owner, campsite, group, card, wild))
