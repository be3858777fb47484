"""The action cards (UC-12, UC-13, UC-15..UC-19, UC-31): playing one of the six plays
(Bear Attack, S'mores, Roasted, Go Fishing, Lost Camper, Trash Panda), the Bear Spray
window every play and squat opens (UC-14), and each play's resolution once the window
closes unsprayed; their checks, effects and listing. The answers to the windows and
choices a play leaves are in ``_responses``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from campers_rules import _cache
from campers_rules._actions import (
    REQUESTS,
    TRASH_DEPTH,
    BearAttack,
    GoFishing,
    LostCamper,
    Roasted,
    Smores,
    Squat,
    TrashPanda,
)
from campers_rules._board import MAX_PLAYERS, Site
from campers_rules._cards import FACES, WILD, ActionKind, Card, action_card
from campers_rules._checks import Problem, group_problem, keeps_a_card, site_index
from campers_rules._errors import IllegalActionError
from campers_rules._frozen import bear_attack, new_pending
from campers_rules._groups import Group
from campers_rules._ids import (
    LOST_CAMPER_ID,
    PLACED,
    SMORES_ID,
    Layout,
    listed_placed,
    seat_block,
    trash_id,
)
from campers_rules._pending import FishingChoice, PassChoice, RepairChoice, SprayWindow
from campers_rules._table import edge_of, group_ok, replace, site_meets
from campers_rules._work import Work

if TYPE_CHECKING:
    from campers_rules._state import State

SPRAY = action_card(ActionKind.BEAR_SPRAY)

# The kinds read on the listing's path, as module constants: in the compiled build an
# enum member read off its class is a Python attribute look-up.
_BEAR_ATTACK: Final = ActionKind.BEAR_ATTACK
_SMORES: Final = ActionKind.SMORES
_ROASTED: Final = ActionKind.ROASTED
_GO_FISHING: Final = ActionKind.GO_FISHING
_LOST_CAMPER: Final = ActionKind.LOST_CAMPER
_TRASH_PANDA: Final = ActionKind.TRASH_PANDA

_WILD_INDEX: Final = WILD.index
"""The last playing face: a sorted hand holds its action cards after it."""
_KINDS: Final = tuple(ActionKind)
"""The action kinds; a set of them is an int, bit ``i`` set for ``_KINDS[i]``."""
_BIT_OF: Final[tuple[int, ...]] = tuple(
    0 if face.action is None else 1 << _KINDS.index(face.action) for face in FACES)
"""The bit of each face id's action kind (0 for a playing face): a face is an int, and a
table look-up is cheaper than the card's attribute."""
_BEAR_ATTACK_BIT: Final = 1 << _KINDS.index(_BEAR_ATTACK)
_SMORES_BIT: Final = 1 << _KINDS.index(_SMORES)
_ROASTED_BIT: Final = 1 << _KINDS.index(_ROASTED)
_GO_FISHING_BIT: Final = 1 << _KINDS.index(_GO_FISHING)
_LOST_CAMPER_BIT: Final = 1 << _KINDS.index(_LOST_CAMPER)
_TRASH_PANDA_BIT: Final = 1 << _KINDS.index(_TRASH_PANDA)

CardPlay = BearAttack | Smores | Roasted | GoFishing | LostCamper | TrashPanda
_KIND: dict[type[CardPlay], ActionKind] = {
    BearAttack: ActionKind.BEAR_ATTACK,
    Smores: ActionKind.SMORES,
    Roasted: ActionKind.ROASTED,
    GoFishing: ActionKind.GO_FISHING,
    LostCamper: ActionKind.LOST_CAMPER,
    TrashPanda: ActionKind.TRASH_PANDA,
}


# The plays ``check_play`` tells apart, as constants of this module (compiled, a class
# imported from another module is a dict look-up, and ``Roasted | GoFishing`` a new union).
_TARGETED: Final = (Roasted, GoFishing)
_TRASH_PLAY: Final = TrashPanda
_BEAR_PLAY: Final = BearAttack

_CARD: Final[dict[type[CardPlay], Card]] = {
    play: action_card(kind) for play, kind in _KIND.items()}
"""The action card each play spends, by the play's class (a class hashes natively, where
an ``ActionKind`` member's hash is a Python call)."""
SPRAY_FACE: Final[int] = SPRAY
"""The Bear Spray's face, as a native int (what :func:`holds_action_card` reads)."""


def card_of(action: CardPlay) -> Card:
    """The action card a play spends."""
    return _CARD[type(action)]


def holds_action_card(hand: tuple[Card, ...], face: int) -> bool:
    """Whether a sorted hand holds this action card's face (``card in hand``), read from
    the hand's end, where its action cards lie, as ints."""
    for at in range(len(hand) - 1, -1, -1):
        held: int = hand[at]
        if held <= face:
            return held == face
    return False


def brings_a_card(state: State, player: int, kind: ActionKind) -> bool:
    """UC-31: whether this action card's effect brings a card into its player's hand: a
    Bear Attack always (the card it takes); a Trash Panda while a card lies under it; a
    S'mores while a card can be drawn, from the deck or from the discard pile under it
    reshuffled into the deck (UC-6: the player draws first); a Lost Camper while the
    player on their right, who passes to them, holds a card; never Roasted or Go Fishing."""
    if kind is _BEAR_ATTACK:
        return True
    if kind is _TRASH_PANDA:
        return bool(state.discard)
    if kind is _SMORES:
        return bool(state.deck) or bool(state.discard)
    if kind is _LOST_CAMPER:
        return bool(state.hands[(player - 1) % state.num_players])
    return False


# ----------------------------------------------------------------------------- checks


def check_play(state: State, action: CardPlay) -> Problem | None:
    """UC-12, UC-31 and the card's own conditions (UC-13, UC-16, UC-17, UC-19)."""
    player = action.player
    if state.action_played:
        reason = f"player {player} has already played an action card this turn"
        return IllegalActionError, reason, "UC-12"
    card = card_of(action)
    if not holds_action_card(state.hands[player], card):
        return IllegalActionError, f"player {player} holds no {card}", "UC-12"
    if not keeps_a_card(state, player, 1) and not brings_a_card(state, player, _KIND[type(action)]):
        return (IllegalActionError, f"{card} is player {player}'s last card and brings none back, "
                "and without a complete campsite they must keep a card to discard", "UC-31")
    if isinstance(action, _TARGETED):
        if action.target == player or not 0 <= action.target < state.num_players:
            ruling = "UC-16" if isinstance(action, Roasted) else "UC-17"
            return IllegalActionError, f"seat {action.target} is not another player", ruling
    elif isinstance(action, _TRASH_PLAY):
        if not 0 <= action.depth < min(TRASH_DEPTH, len(state.discard)):
            reason = f"no card at depth {action.depth} of the discard pile"
            return IllegalActionError, reason, "UC-19"
        if state.discard[-1 - action.depth] is not action.card:
            reason = f"the card at depth {action.depth} is not {action.card}"
            return IllegalActionError, reason, "UC-19"
    elif isinstance(action, _BEAR_PLAY):
        if action.owner == player:
            return IllegalActionError, "Bear Attack takes from another player's campsite", "UC-13"
        problem = group_problem(state, action.owner, action.campsite, action.group, "UC-13")
        if problem is not None:
            return problem
        site = state.table[action.owner][site_index(state, action.owner, action.campsite)]
        if action.card not in edge_of(site.groups[action.group]):
            reason = "that card is not on the outside edge of the group"
            return IllegalActionError, reason, "UC-13"
    return None


# ----------------------------------------------------------------------------- the window


def askers(work: Work, actor: int) -> tuple[int, ...]:
    """Who is asked to answer a window on actor's play, in seat order from actor's left."""
    seats = _OTHERS[work.n][actor]
    if work.config.ask_everyone:
        return seats
    hands = work.hands
    return tuple([p for p in seats if holds_action_card(hands[p], SPRAY_FACE)])


def open_window(work: Work, play: CardPlay | Squat) -> bool:
    """After an action card or a squat, ask for Bear Spray (UC-14): whether a window
    opened; when nobody is asked the caller resolves the play at once.

    Going out waits until the play has taken its whole effect (UC-25, UC-27): a last card
    played by the owner of a complete campsite still opens its window.
    """
    waiting = askers(work, play.player)
    if waiting:
        work.pending = new_pending(SprayWindow, play, (), waiting)
        return True
    work.pending = None
    return False


# ----------------------------------------------------------------------------- effects


def apply_play(work: Work, action: CardPlay) -> None:
    card = card_of(action)
    work.take(action.player, card)
    work.push_discard(card)
    work.action_played = True
    if not open_window(work, action):
        resolve_play(work, action, denied=False)


def resolve_play(work: Work, play: CardPlay, denied: bool, sprays: int = 0) -> None:
    """Carry out a play once its window closes; a denied play has no effect (UC-14)."""
    if denied:
        return
    if isinstance(play, Smores):
        for i in range(work.n):
            work.draw((play.player + i) % work.n, 2)
    elif isinstance(play, Roasted):
        work.add_skip(play.target, 1)
    elif isinstance(play, GoFishing):
        # UC-17, UC-23: the target always chooses, even among one face, so that nobody
        # learns how many matching faces the target holds.
        if any(play.request.matches(c) for c in work.hands[play.target]):
            work.pending = new_pending(FishingChoice, play.player, play.target, play.request)
    elif isinstance(play, LostCamper):
        waiting = frozenset(p for p in range(work.n) if work.hands[p])
        if waiting:
            work.pending = new_pending(PassChoice, (None,) * work.n, waiting)
    elif isinstance(play, TrashPanda):
        work.give(play.player, work.pull_discard(trashed_at(len(work.discard), sprays,
                                                            play.depth)))
    else:
        _bear_attack(work, play)


def trashed_at(discard: int, sprays: int, depth: int) -> int:
    """Where, in a discard pile of ``discard`` cards, lies the card a Trash Panda takes:
    ``depth`` cards under the top card it was played on, below the Panda itself and the
    ``sprays`` Bear Sprays played on it since (UC-19)."""
    return discard - 2 - sprays - depth


def _bear_attack(work: Work, play: BearAttack) -> None:
    sites = work.table[play.owner]
    index = work.site_index(play.owner, play.campsite)
    site = sites[index]
    rest = site.groups[play.group].without(play.card)
    groups = replace(site.groups, play.group, rest)
    damaged = Site(site.campsite, groups)
    work.set_site(play.owner, index, damaged)
    work.give(play.player, play.card.face)
    face = work.config.catalogue[site.campsite]
    if group_ok(face, rest) and site_meets(face, groups, complete=False):
        return
    # UC-24, UC-23: the owner decides even without a repairing card, so that nobody
    # learns from a fall at once what the owner's hand holds.
    work.pending = new_pending(RepairChoice, play.owner, site.campsite, play.group)


# ----------------------------------------------------------------------------- listing

_OTHERS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple((player + i) % players for i in range(1, players)) for player in range(players))
    for players in range(MAX_PLAYERS + 1)
)
"""By player count, then seat: the other seats from the seat's left."""

_FISHING: tuple[tuple[tuple[GoFishing, ...], ...], ...] = tuple(
    tuple(
        tuple(GoFishing(player, target, r) for r in REQUESTS) if target != player else ()
        for target in range(MAX_PLAYERS)
    )
    for player in range(MAX_PLAYERS)
)
"""By seat, then target seat: every Go Fishing, by request (none on oneself)."""

_ROASTS: tuple[tuple[tuple[Roasted, ...], ...], ...] = tuple(
    tuple(
        tuple(Roasted(player, t) for t in sorted(_OTHERS[players][player]))
        for player in range(players)
    )
    for players in range(MAX_PLAYERS + 1)
)
"""By player count, then seat: every Roasted, by target seat."""

_ALONE: tuple[tuple[Smores, LostCamper], ...] = tuple(
    (Smores(player), LostCamper(player)) for player in range(MAX_PLAYERS)
)
"""By seat: the plays that name nobody."""

_TRASH: tuple[tuple[tuple[TrashPanda, ...], ...], ...] = tuple(
    tuple(tuple(TrashPanda(player, depth, face) for face in FACES) for depth in range(TRASH_DEPTH))
    for player in range(MAX_PLAYERS)
)
"""By seat, then depth, then the face lying there: every Trash Panda, made once."""


SiteAttacks = tuple[Site, tuple[tuple[BearAttack, ...], ...]]
"""A campsite of a row, with the Bear Attacks on each of its groups, in group order."""
KnownAttacks = tuple[tuple[Site, ...], tuple[SiteAttacks, ...], tuple[BearAttack, ...]]
"""An entry of ``_cache.ATTACKS``: (an owner's table row, its campsites' :data:`SiteAttacks`
in row order, the Bear Attacks on the row)."""


def _attacks(player: int, owner: int, row: tuple[Site, ...]) -> tuple[BearAttack, ...]:
    """Every Bear Attack of player on one owner's table row (UC-13): each card at an edge
    of a group; kept in ``_cache.ATTACKS`` for the last row asked about per (player,
    owner), as a row is shared, unchanged, by the states in which it does not change.
    When the row changed, the attacks on each group that is still the very group at the
    same place of the same campsite are those of the last row: only a changed group's
    are asked for anew (``_frozen.bear_attack`` gives back the record of an equal attack
    made before)."""
    hit = _cache.ATTACKS.get((player, owner))
    before: tuple[SiteAttacks, ...] = ()
    if hit is not None:
        known_row, before, found = hit
        if known_row is row:
            return found
    sites: list[SiteAttacks] = []
    made: list[BearAttack] = []
    for site in row:
        campsite = site.campsite
        groups = site.groups
        last: tuple[Group, ...] = ()
        last_attacks: tuple[tuple[BearAttack, ...], ...] = ()
        for known_site, known_attacks in before:
            if known_site.campsite == campsite:
                last = known_site.groups
                last_attacks = known_attacks
                break
        per_group: list[tuple[BearAttack, ...]] = []
        for gi in range(len(groups)):
            group = groups[gi]
            if gi < len(last) and last[gi] is group:
                attacks = last_attacks[gi]
            else:
                attacks = tuple([bear_attack(player, owner, campsite, gi, card)
                                 for card in edge_of(group)])
            per_group.append(attacks)
            made.extend(attacks)
        sites.append((site, tuple(per_group)))
    found = tuple(made)
    _cache.keep(_cache.ATTACKS, (player, owner), (row, tuple(sites), found))
    return found


def open_plays(state: State, player: int) -> int:
    """The action cards the turn's player may play now, as bits (``_KINDS``): those in
    hand, none once one was played, and with a last card in hand only a play that brings
    one back (UC-31)."""
    kinds = 0
    if state.action_played:
        return kinds
    hand = state.hands[player]
    for at in range(len(hand) - 1, -1, -1):  # the action cards, sorted after the wild
        face: int = hand[at]
        if face <= _WILD_INDEX:
            break
        kinds |= _BIT_OF[face]
    if kinds and not keeps_a_card(state, player, 1):
        for at in range(len(_KINDS)):
            if kinds >> at & 1 and not brings_a_card(state, player, _KINDS[at]):
                kinds &= ~(1 << at)
    return kinds


def _trash_depths(discard: tuple[Card, ...]) -> list[tuple[int, Card]]:
    """Each (depth, card) Trash Panda may take: the first depth of each card under it."""
    out = []
    seen = 0  # the faces met so far, as bits
    for depth in range(min(TRASH_DEPTH, len(discard))):
        under = discard[-1 - depth]
        face = cast(int, under)
        if not seen >> face & 1:
            seen |= 1 << face
            out.append((depth, under))
    return out


def card_plays(state: State, player: int) -> list[CardPlay]:
    """Every action card play open to the turn's player (:func:`open_plays`)."""
    out: list[CardPlay] = []
    kinds = open_plays(state, player)
    if not kinds:
        return out
    players = state.num_players
    if kinds & _BEAR_ATTACK_BIT:
        table = state.table
        for owner in _OTHERS[players][player]:
            row = table[owner]
            if row:
                out.extend(_attacks(player, owner, row))
    alone = _ALONE[player]
    if kinds & _SMORES_BIT:
        out.append(alone[0])
    if kinds & _ROASTED_BIT:
        out.extend(_ROASTS[players][player])
    if kinds & _GO_FISHING_BIT:
        fishing = _FISHING[player]
        for target in range(players):
            if target != player:
                out.extend(fishing[target])
    if kinds & _LOST_CAMPER_BIT:
        out.append(alone[1])
    if kinds & _TRASH_PANDA_BIT:
        trash = _TRASH[player]
        for depth, under in _trash_depths(state.discard):
            face: int = under
            out.append(trash[depth][face])
    return out


def card_play_ids(state: State, player: int, space: Layout) -> list[int]:
    """The ids of :func:`card_plays`, in its order, without building the actions (the id
    path; a differential test holds the two equal)."""
    out: list[int] = []
    kinds = open_plays(state, player)
    if not kinds:
        return out
    players = state.num_players
    others = _OTHERS[players][player]
    if kinds & _BEAR_ATTACK_BIT:
        table = state.table
        offsets = space.offsets
        for owner in others:
            base = seat_block(owner, space) + space.bear_at
            for site in table[owner]:
                for gi, group in enumerate(site.groups):
                    at = base + PLACED * (offsets[site.campsite] + gi)
                    out.extend([at + listed_placed(card) for card in edge_of(group)])
    if kinds & _SMORES_BIT:
        out.append(SMORES_ID)
    if kinds & _ROASTED_BIT:  # each other seat, in seat order
        for target in range(players):
            if target != player:
                out.append(seat_block(target, space) + space.roasted_at)
    if kinds & _GO_FISHING_BIT:
        requests = len(REQUESTS)
        for target in range(players):
            if target != player:
                start = seat_block(target, space) + space.fishing_at
                for request in range(start, start + requests):
                    out.append(request)
    if kinds & _LOST_CAMPER_BIT:
        out.append(LOST_CAMPER_ID)
    if kinds & _TRASH_PANDA_BIT:
        out.extend([trash_id(depth, under) for depth, under in _trash_depths(state.discard)])
    return out
