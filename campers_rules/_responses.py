"""Answers to what a play leaves waiting (UC-13, UC-14, UC-17, UC-18, UC-24, UC-25): a
Bear Spray or a decline in a window, repairing a campsite a Bear Attack damaged or letting
it fall, the card a Go Fishing target gives, the card each player passes left on a Lost
Camper; their checks, effects and the listing of the decisions open to an actor. Which
decision is waiting, and who answers it, are gates of ``_rules``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Final

from campers_rules._action_cards import SPRAY, SPRAY_FACE, askers, holds_action_card, resolve_play
from campers_rules._actions import BearSpray, Decline, Give, LetFall, PassLeft, Repair, Squat
from campers_rules._board import MAX_PLAYERS, Site, row_index
from campers_rules._cards import FACES, Card
from campers_rules._catalogue import Campsite
from campers_rules._checks import Problem, face_of, keeps_a_card, no_card_left
from campers_rules._errors import IllegalActionError
from campers_rules._frozen import new_pending
from campers_rules._groups import Group, Placed
from campers_rules._pending import (
    Deniable,
    FishingChoice,
    PassChoice,
    RepairChoice,
    SprayWindow,
)
from campers_rules._squats import resolve_squat
from campers_rules._table import candidates, group_ok, replace, site_meets
from campers_rules._work import Work

if TYPE_CHECKING:
    from campers_rules._state import State

# ----------------------------------------------------------------------------- checks


def check_spray(state: State, action: BearSpray) -> Problem | None:
    """UC-14: a holder answers the window; the turn's player keeps a card (UC-8)."""
    if not holds_action_card(state.hands[action.player], SPRAY_FACE):
        return IllegalActionError, f"player {action.player} holds no Bear Spray", "UC-14"
    if action.player == state.turn and not keeps_a_card(state, action.player, 1):
        return IllegalActionError, no_card_left(action.player), "UC-8"
    return None


def check_give(state: State, action: Give) -> Problem | None:
    """UC-17: the target hands over a card that matches the request."""
    pending = state.pending
    assert isinstance(pending, FishingChoice)
    if action.card not in state.hands[action.player] or not pending.request.matches(
            action.card):
        reason = f"{action.card} is not a held card matching {pending.request}"
        return IllegalActionError, reason, "UC-17"
    return None


def check_pass_left(state: State, action: PassLeft) -> Problem | None:
    """UC-18: the chosen card is in hand."""
    if action.card not in state.hands[action.player]:
        return IllegalActionError, f"{action.card} is not in hand", "UC-18"
    return None


def _damaged(state: State, pending: RepairChoice) -> tuple[int, Site]:
    row = state.table[pending.owner]
    index = row_index(row, pending.campsite)
    return index, row[index]


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


def no_condition(state: State, action: Any) -> Problem | None:
    """Decline and LetFall: open to the decision's actor whenever the gates let them act."""
    return None


# ----------------------------------------------------------------------------- effects


def _resolve(work: Work, play: Deniable, denied: bool, sprays: int) -> None:
    """The window on this play has closed: resolve the squat or the action card."""
    if isinstance(play, Squat):
        resolve_squat(work, play, denied)
    else:
        resolve_play(work, play, denied, sprays)


def apply_spray(work: Work, action: BearSpray) -> None:
    """A spray denies the play, a spray on a spray restores it; the window then asks the
    sprayer's left again (UC-14)."""
    window = work.pending
    assert isinstance(window, SprayWindow)
    work.take(action.player, SPRAY)
    work.push_discard(SPRAY)
    sprayers = (*window.sprayers, action.player)
    waiting = askers(work, action.player)
    if waiting:
        work.pending = new_pending(SprayWindow, window.play, sprayers, waiting)
    else:
        work.pending = None
        _resolve(work, window.play, denied=len(sprayers) % 2 == 1, sprays=len(sprayers))


def apply_decline(work: Work, action: Decline) -> None:
    window = work.pending
    assert isinstance(window, SprayWindow)
    if len(window.waiting) > 1:
        work.pending = new_pending(SprayWindow, window.play, window.sprayers,
                                   window.waiting[1:])
        return
    work.pending = None
    sprays = len(window.sprayers)
    _resolve(work, window.play, denied=sprays % 2 == 1, sprays=sprays)


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
    work.place(pending.owner, pending.campsite, pending.group, action.card)
    work.pending = None


def apply_fall(work: Work, action: LetFall) -> None:
    pending = work.pending
    assert isinstance(pending, RepairChoice)
    index = work.site_index(pending.owner, pending.campsite)
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
        work.pending = new_pending(PassChoice, tuple(chosen), waiting)
        return
    work.pending = None
    for player, card in enumerate(chosen):
        if card is not None:
            work.take(player, card)
    for player, card in enumerate(chosen):
        if card is not None:
            work.give((player + 1) % work.n, card)


# ----------------------------------------------------------------------------- listing


def _repairs(hand: tuple[Card, ...], face: Campsite, site: Site, group: int) -> Iterator[Placed]:
    damaged = site.groups[group]
    for card in sorted(set(hand)):
        for placed in candidates(card):
            if _repaired(face, site, group, damaged.with_card(placed)):
                yield placed


Answer = BearSpray | Decline | Repair | LetFall | Give | PassLeft
# By seat (then by face id): the answers that name no table card, made once at import,
# as the draws and discards are (``_turn``).
_SPRAYS: Final = tuple(BearSpray(seat) for seat in range(MAX_PLAYERS))
_DECLINES: Final = tuple(Decline(seat) for seat in range(MAX_PLAYERS))
_FALLS: Final = tuple(LetFall(seat) for seat in range(MAX_PLAYERS))
_GIVES: Final = tuple(tuple(Give(seat, face) for face in FACES) for seat in range(MAX_PLAYERS))
_PASSES: Final = tuple(
    tuple(PassLeft(seat, face) for face in FACES) for seat in range(MAX_PLAYERS))


def decisions(state: State, player: int) -> list[Answer]:
    """The answers open to an actor of the pending decision."""
    pending = state.pending
    hand = state.hands[player]
    if isinstance(pending, SprayWindow):
        out: list[Answer] = []
        if holds_action_card(hand, SPRAY_FACE) and (player != state.turn
                                          or keeps_a_card(state, player, 1)):
            out.append(_SPRAYS[player])
        out.append(_DECLINES[player])
        return out
    if isinstance(pending, RepairChoice):
        _, site = _damaged(state, pending)
        face = face_of(state, site)
        found: list[Answer] = [
            Repair(player, placed) for placed in _repairs(hand, face, site, pending.group)
        ]
        found.append(_FALLS[player])
        return found
    if isinstance(pending, FishingChoice):
        gives = _GIVES[player]
        request = pending.request
        return [gives[c] for c in _faces_held(hand) if request.matches(FACES[c])]
    passes = _PASSES[player]
    return [passes[c] for c in _faces_held(hand)]


def _faces_held(hand: tuple[Card, ...]) -> list[int]:
    """The distinct face ids of a sorted hand, in order (``sorted(set(hand))``)."""
    out: list[int] = []
    previous = -1
    for card in hand:
        face: int = card
        if face != previous:
            out.append(face)
            previous = face
    return out

