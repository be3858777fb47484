"""Action cards (UC-12..UC-19), the Bear Spray response window (UC-14) and the decisions
they leave to other players: checks, effects and enumeration."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from campers_rules._actions import (
    REQUESTS,
    BearAttack,
    BearSpray,
    Decline,
    Give,
    GoFishing,
    LetFall,
    LostCamper,
    PassLeft,
    Repair,
    Roasted,
    Smores,
    Squat,
    TrashPanda,
    campsite_id,
)
from campers_rules._cards import ActionKind, Card, action_card
from campers_rules._catalogue import Campsite
from campers_rules._checks import (
    Problem,
    face_of,
    keeps_a_card,
    no_card_left,
    no_site,
    site_index,
)
from campers_rules._errors import IllegalActionError
from campers_rules._groups import Group, Placed
from campers_rules._moves import place
from campers_rules._pending import (
    Deniable,
    FishingChoice,
    PassChoice,
    RepairChoice,
    SprayWindow,
)
from campers_rules._state import Site, State
from campers_rules._table import candidates, group_ok, mark_ok, replace, site_meets
from campers_rules._work import Work

SPRAY = action_card(ActionKind.BEAR_SPRAY)
TRASH_DEPTH = 5
"""Trash Panda reaches this many cards under it (UC-19)."""

CardPlay = BearAttack | Smores | Roasted | GoFishing | LostCamper | TrashPanda
_KIND: dict[type[CardPlay], ActionKind] = {
    BearAttack: ActionKind.BEAR_ATTACK,
    Smores: ActionKind.SMORES,
    Roasted: ActionKind.ROASTED,
    GoFishing: ActionKind.GO_FISHING,
    LostCamper: ActionKind.LOST_CAMPER,
    TrashPanda: ActionKind.TRASH_PANDA,
}


def card_of(action: CardPlay) -> Card:
    """The action card a play spends."""
    return action_card(_KIND[type(action)])


_BRINGS = frozenset({ActionKind.BEAR_ATTACK, ActionKind.TRASH_PANDA, ActionKind.SMORES})
"""The action cards whose effect always brings a card into their player's hand (UC-31)."""


def brings_a_card(state: State, player: int, kind: ActionKind) -> bool:
    """UC-31: whether this action card's effect brings a card into its player's hand (Lost
    Camper only while the player on their right, who passes to them, holds a card)."""
    if kind is ActionKind.LOST_CAMPER:
        return bool(state.hands[(player - 1) % state.num_players])
    return kind in _BRINGS


# ----------------------------------------------------------------------------- checks


def check_play(state: State, action: CardPlay) -> Problem | None:
    """UC-12, UC-31 and the card's own conditions (UC-13, UC-16, UC-17, UC-19)."""
    player = action.player
    if state.action_played:
        reason = f"player {player} has already played an action card this turn"
        return IllegalActionError, reason, "UC-12"
    card = card_of(action)
    if card not in state.hands[player]:
        return IllegalActionError, f"player {player} holds no {card}", "UC-12"
    if not keeps_a_card(state, player, 1) and not brings_a_card(state, player, _KIND[type(action)]):
        return (IllegalActionError, f"{card} is player {player}'s last card and brings none back, "
                "and without a complete campsite they must keep a card to discard", "UC-31")
    if isinstance(action, Roasted | GoFishing):
        if action.target == player or not 0 <= action.target < state.num_players:
            ruling = "UC-16" if isinstance(action, Roasted) else "UC-17"
            return IllegalActionError, f"seat {action.target} is not another player", ruling
    elif isinstance(action, TrashPanda):
        if not 0 <= action.depth < min(TRASH_DEPTH, len(state.discard)):
            reason = f"no card at depth {action.depth} of the discard pile"
            return IllegalActionError, reason, "UC-19"
        if state.discard[-1 - action.depth] is not action.card:
            reason = f"the card at depth {action.depth} is not {action.card}"
            return IllegalActionError, reason, "UC-19"
    elif isinstance(action, BearAttack):
        if action.owner == player:
            return IllegalActionError, "Bear Attack takes from another player's campsite", "UC-13"
        index = site_index(state, action.owner, action.campsite)
        if index < 0:
            return no_site(state, action.owner, action.campsite)
        site = state.table[action.owner][index]
        if not 0 <= action.group < len(site.groups):
            where = campsite_id(action.campsite)
            return IllegalActionError, f"campsite {where} has no group {action.group}", "UC-13"
        if action.card not in site.groups[action.group].edge():
            reason = "that card is not on the outside edge of the group"
            return IllegalActionError, reason, "UC-13"
    return None


def check_spray(state: State, action: BearSpray) -> Problem | None:
    """UC-14: a holder answers the window; the turn's player keeps a card (UC-8)."""
    if SPRAY not in state.hands[action.player]:
        return IllegalActionError, f"player {action.player} holds no Bear Spray", "UC-14"
    if action.player == state.turn and not keeps_a_card(state, action.player, 1):
        return IllegalActionError, no_card_left(action.player), "UC-8"
    return None


def check_give(state: State, action: Give) -> Problem | None:
    """UC-17: the target hands over a card that matches the request."""
    pending = state.pending
    assert isinstance(pending, FishingChoice)
    if action.card not in state.hands[action.player] or not pending.request.matches(action.card):
        reason = f"{action.card} is not a held card matching {pending.request}"
        return IllegalActionError, reason, "UC-17"
    return None


def check_pass_left(state: State, action: PassLeft) -> Problem | None:
    """UC-18: the chosen card is in hand."""
    if action.card not in state.hands[action.player]:
        return IllegalActionError, f"{action.card} is not in hand", "UC-18"
    return None


def _damaged(state: State, pending: RepairChoice) -> tuple[int, Site]:
    index = next(
        i for i, s in enumerate(state.table[pending.owner]) if s.campsite == pending.campsite
    )
    return index, state.table[pending.owner][index]


def _repaired(face: Campsite, site: Site, group: int, new: Group) -> bool:
    if not group_ok(face, new):
        return False
    return site_meets(face, replace(site.groups, group, new), complete=False)


def check_repair(state: State, action: Repair) -> Problem | None:
    """UC-13: the card makes the group valid and the campsite primitive again."""
    pending = state.pending
    assert isinstance(pending, RepairChoice)
    if action.card.face not in state.hands[action.player]:
        return IllegalActionError, f"{action.card.face} is not in hand", "UC-13"
    _, site = _damaged(state, pending)
    new = site.groups[pending.group].with_card(action.card)
    if not _repaired(face_of(state, site), site, pending.group, new):
        return IllegalActionError, "that card does not repair the campsite", "UC-13"
    return None


# ----------------------------------------------------------------------------- windows


def askers(work: Work, actor: int) -> tuple[int, ...]:
    """Who is asked to answer a window on actor's play, in seat order from actor's left."""
    seats = [(actor + i) % work.n for i in range(1, work.n)]
    if work.config.ask_everyone:
        return tuple(seats)
    # a set of the hand: its membership test hashes in C, where the tuple's compares
    # every card through Card.__eq__
    return tuple(p for p in seats if SPRAY in set(work.hands[p]))


def open_window(work: Work, play: Deniable) -> None:
    """After an action card or a squat, ask for Bear Spray, or resolve at once (UC-14).

    Going out waits until the play has taken its whole effect (UC-25, UC-27): a last card
    played by the owner of a complete campsite still opens its window.
    """
    waiting = askers(work, play.player)
    if waiting:
        work.pending = SprayWindow(play, (), waiting)
    else:
        work.pending = None
        resolve(work, play, denied=False)


def apply_play(work: Work, action: CardPlay) -> None:
    card = card_of(action)
    work.take(action.player, card)
    work.discard.append(card)
    work.action_played = True
    open_window(work, action)


def apply_squat(work: Work, action: Squat) -> None:
    work.take(action.player, action.card.face)
    place(work, action.owner, action.campsite, action.group, action.card)
    open_window(work, action)


def apply_spray(work: Work, action: BearSpray) -> None:
    window = work.pending
    assert isinstance(window, SprayWindow)
    work.take(action.player, SPRAY)
    work.discard.append(SPRAY)
    sprayers = (*window.sprayers, action.player)
    waiting = askers(work, action.player)
    if waiting:
        work.pending = SprayWindow(window.play, sprayers, waiting)
    else:
        work.pending = None
        resolve(work, window.play, denied=len(sprayers) % 2 == 1, sprays=len(sprayers))


def apply_decline(work: Work, action: Decline) -> None:
    window = work.pending
    assert isinstance(window, SprayWindow)
    if len(window.waiting) > 1:
        work.pending = SprayWindow(window.play, window.sprayers, window.waiting[1:])
        return
    work.pending = None
    sprays = len(window.sprayers)
    resolve(work, window.play, denied=sprays % 2 == 1, sprays=sprays)


# ----------------------------------------------------------------------------- effects


def resolve(work: Work, play: Deniable, denied: bool, sprays: int = 0) -> None:
    """Carry out a play once its window closes; a denied play has no effect (UC-14)."""
    if isinstance(play, Squat):
        if denied:
            _unsquat(work, play)
        else:
            work.draw(play.owner, 1)
        return
    if denied:
        return
    if isinstance(play, Smores):
        for i in range(work.n):
            work.draw((play.player + i) % work.n, 2)
    elif isinstance(play, Roasted):
        work.skips[play.target] += 1
    elif isinstance(play, GoFishing):
        # UC-17, UC-23: the target always chooses, even among one face, so that nobody
        # learns how many matching faces the target holds.
        if any(play.request.matches(c) for c in work.hands[play.target]):
            work.pending = FishingChoice(play.player, play.target, play.request)
    elif isinstance(play, LostCamper):
        waiting = frozenset(p for p in range(work.n) if work.hands[p])
        if waiting:
            work.pending = PassChoice((None,) * work.n, waiting)
    elif isinstance(play, TrashPanda):
        position = len(work.discard) - 2 - sprays - play.depth
        work.give(play.player, work.discard.pop(position))
    else:
        _bear_attack(work, play)


def _unsquat(work: Work, play: Squat) -> None:
    sites = work.table[play.owner]
    index = next(i for i, s in enumerate(sites) if s.campsite == play.campsite)
    site = sites[index]
    back = site.groups[play.group].without(play.card)
    mark_ok(work.config.catalogue[site.campsite], back)
    work.set_site(play.owner, index, Site(site.campsite, replace(site.groups, play.group, back)))
    work.give(play.player, play.card.face)


def _bear_attack(work: Work, play: BearAttack) -> None:
    sites = work.table[play.owner]
    index = next(i for i, s in enumerate(sites) if s.campsite == play.campsite)
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
    work.pending = RepairChoice(play.owner, site.campsite, play.group)


def _repairs(hand: tuple[Card, ...], face: Campsite, site: Site, group: int) -> Iterator[Placed]:
    damaged = site.groups[group]
    for card in sorted(set(hand)):
        for placed in candidates(card):
            if _repaired(face, site, group, damaged.with_card(placed)):
                yield placed


def _fall(work: Work, owner: int, index: int, group: int) -> None:
    """UC-13, UC-24: a broken group returns to hand; a campsite that no longer stands falls."""
    site = work.table[owner][index]
    face = work.config.catalogue[site.campsite]
    remaining = (*site.groups[:group], *site.groups[group + 1 :])
    if remaining and site_meets(face, remaining, complete=False):
        for card in site.groups[group].faces:
            work.give(owner, card)
        work.set_site(owner, index, Site(site.campsite, remaining))
        return
    for g in site.groups:
        for card in g.faces:
            work.give(owner, card)
    sites = work.table[owner]
    work.table[owner] = (*sites[:index], *sites[index + 1 :])
    work.campground = (*work.campground, site.campsite)


def apply_repair(work: Work, action: Repair) -> None:
    pending = work.pending
    assert isinstance(pending, RepairChoice)
    work.take(action.player, action.card.face)
    place(work, pending.owner, pending.campsite, pending.group, action.card)
    work.pending = None


def apply_fall(work: Work, action: LetFall) -> None:
    pending = work.pending
    assert isinstance(pending, RepairChoice)
    sites = work.table[pending.owner]
    index = next(i for i, s in enumerate(sites) if s.campsite == pending.campsite)
    work.pending = None
    _fall(work, pending.owner, index, pending.group)


def apply_give(work: Work, action: Give) -> None:
    pending = work.pending
    assert isinstance(pending, FishingChoice)
    work.take(action.player, action.card)
    work.give(pending.fisher, action.card)
    work.pending = None


def apply_pass_left(work: Work, action: PassLeft) -> None:
    pending = work.pending
    assert isinstance(pending, PassChoice)
    chosen = list(pending.chosen)
    chosen[action.player] = action.card
    waiting = pending.waiting - {action.player}
    if waiting:
        work.pending = PassChoice(tuple(chosen), waiting)
        return
    work.pending = None
    for player, card in enumerate(chosen):
        if card is not None:
            work.take(player, card)
    for player, card in enumerate(chosen):
        if card is not None:
            work.give((player + 1) % work.n, card)


# ----------------------------------------------------------------------------- enumeration


@cache
def _others(player: int, players: int) -> tuple[int, ...]:
    return tuple((player + i) % players for i in range(1, players))


@cache
def _fishing(player: int, players: int) -> tuple[GoFishing, ...]:
    targets = sorted(_others(player, players))
    return tuple(GoFishing(player, t, r) for t in targets for r in REQUESTS)


@cache
def _roasts(player: int, players: int) -> tuple[Roasted, ...]:
    return tuple(Roasted(player, t) for t in sorted(_others(player, players)))


@cache
def _alone(player: int) -> tuple[Smores, LostCamper]:
    return Smores(player), LostCamper(player)


_ATTACKS: dict[tuple[int, int], tuple[tuple[Site, ...], tuple[BearAttack, ...]]] = {}


def _attacks(player: int, owner: int, row: tuple[Site, ...]) -> tuple[BearAttack, ...]:
    """Every Bear Attack of player on one owner's table row (UC-13), kept for the last row
    asked about per (player, owner): a row is shared, unchanged, by the states in which its
    owner's table does not change, and its attacks do not depend on the attacker's hand.
    One slot per pair keeps the attacks of rows no longer played from piling up (they
    would only lengthen the garbage collector's walks)."""
    key = (player, owner)
    hit = _ATTACKS.get(key)
    if hit is not None and hit[0] is row:
        return hit[1]
    found = tuple(
        BearAttack(player, owner, site.campsite, gi, card)
        for site in row
        for gi, group in enumerate(site.groups)
        for card in group.edge()
    )
    _ATTACKS[key] = (row, found)
    return found


def card_plays(state: State, player: int) -> list[CardPlay]:
    """Every action card play open to the turn's player (none once one was played)."""
    hand = state.hands[player]
    out: list[CardPlay] = []
    if state.action_played:
        return out
    kinds = {c.action for c in hand if c.action is not None}
    if not kinds:
        return out
    if not keeps_a_card(state, player, 1):  # UC-31: a last card must bring one back
        kinds = {kind for kind in kinds if brings_a_card(state, player, kind)}
    players = state.num_players
    if ActionKind.BEAR_ATTACK in kinds:
        table = state.table
        for owner in _others(player, players):
            row = table[owner]
            if row:
                out.extend(_attacks(player, owner, row))
    alone = _alone(player)
    if ActionKind.SMORES in kinds:
        out.append(alone[0])
    if ActionKind.ROASTED in kinds:
        out.extend(_roasts(player, players))
    if ActionKind.GO_FISHING in kinds:
        out.extend(_fishing(player, players))
    if ActionKind.LOST_CAMPER in kinds:
        out.append(alone[1])
    if ActionKind.TRASH_PANDA in kinds:
        seen: set[Card] = set()
        discard = state.discard
        for depth in range(min(TRASH_DEPTH, len(discard))):
            under = discard[-1 - depth]
            if under not in seen:
                seen.add(under)
                out.append(TrashPanda(player, depth, under))
    return out


def decisions(state: State, player: int) -> list[
    BearSpray | Decline | Repair | LetFall | Give | PassLeft
]:
    """The answers open to an actor of the pending decision."""
    pending = state.pending
    hand = state.hands[player]
    if isinstance(pending, SprayWindow):
        out: list[BearSpray | Decline | Repair | LetFall | Give | PassLeft] = []
        if SPRAY in hand and (player != state.turn or keeps_a_card(state, player, 1)):
            out.append(BearSpray(player))
        out.append(Decline(player))
        return out
    if isinstance(pending, RepairChoice):
        _, site = _damaged(state, pending)
        face = face_of(state, site)
        found: list[BearSpray | Decline | Repair | LetFall | Give | PassLeft] = [
            Repair(player, placed) for placed in _repairs(hand, face, site, pending.group)
        ]
        found.append(LetFall(player))
        return found
    if isinstance(pending, FishingChoice):
        return [Give(player, c) for c in sorted(set(hand)) if pending.request.matches(c)]
    return [PassLeft(player, c) for c in sorted(set(hand))]

