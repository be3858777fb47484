"""The turn's draw and discard (UC-6): drawing from the deck or taking the discard pile's
top card, and the discard that ends the turn; their checks, effects and listing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from campers_rules._actions import Discard, Draw, TakeDiscard
from campers_rules._board import MAX_PLAYERS, PLAY
from campers_rules._cards import FACES
from campers_rules._checks import Problem
from campers_rules._errors import IllegalActionError
from campers_rules._work import Work

if TYPE_CHECKING:
    from campers_rules._state import State

_PLAY: Final = PLAY
"""The play phase, a constant of this module: the compiled build reads another module's
name as a Python attribute (a dict look-up)."""

# ----------------------------------------------------------------------------- checks


def check_draw(state: State, action: Draw) -> Problem | None:
    """UC-6: one or two cards from the deck."""
    if action.count not in (1, 2):
        return IllegalActionError, "draw 1 or 2 cards from the deck", "UC-6"
    return None


def check_take(state: State, action: TakeDiscard) -> Problem | None:
    """UC-6: the top card of a discard pile that holds one."""
    if not state.discard:
        return IllegalActionError, "the discard pile is empty", "UC-6"
    return None


def check_discard(state: State, action: Discard) -> Problem | None:
    """UC-6: a card from hand."""
    if action.card not in state.hands[action.player]:
        reason = f"player {action.player} holds no {action.card} (not in hand)"
        return IllegalActionError, reason, "UC-6"
    return None


# ----------------------------------------------------------------------------- effects


def apply_draw(work: Work, action: Draw) -> None:
    work.draw(action.player, action.count)
    work.phase = _PLAY


def apply_take(work: Work, action: TakeDiscard) -> None:
    work.give(action.player, work.pull_discard())
    work.phase = _PLAY


def apply_discard(work: Work, action: Discard) -> None:
    """The card goes to the discard pile; ``_rules.apply`` then ends the turn, unless the
    discard empties a hand that goes out (UC-8)."""
    card = action.card
    work.take(action.player, card)
    work.push_discard(card)


# ----------------------------------------------------------------------------- listing

DRAWS: Final[tuple[tuple[Draw | TakeDiscard, ...], ...]] = tuple(
    (Draw(seat, 1), Draw(seat, 2), TakeDiscard(seat)) for seat in range(MAX_PLAYERS)
)
"""Each seat's draws, built once: a table, not a cache. ``_ids.action_in`` hands out
these records for their ids too."""

DISCARDS: Final[tuple[tuple[Discard, ...], ...]] = tuple(
    tuple(Discard(seat, card) for card in FACES) for seat in range(MAX_PLAYERS)
)
"""Each seat's discard of each face, by the face's index (so ``_ids.action_in`` too)."""


def draws(state: State, player: int) -> tuple[Draw | TakeDiscard, ...]:
    """The draws open at the start of a turn: from the deck, then the discard pile's top."""
    options = DRAWS[player]
    return options if state.discard else options[:2]


def discards(state: State, player: int) -> list[Discard]:
    """One discard per face in hand, in hand order."""
    table = DISCARDS[player]
    out: list[Discard] = []
    previous = None
    for card in state.hands[player]:
        if card is not previous:
            face: int = card
            out.append(table[face])
            previous = card
    return out
