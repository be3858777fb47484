"""The public entry points' logic: who acts, what is legal, and applying an action.

``apply`` always checks first and then hands the action to one private effect per kind.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from campers_rules._actions import (
    AddCard,
    AddGroup,
    BearAttack,
    BearSpray,
    Claim,
    Decline,
    Discard,
    Draw,
    Give,
    GoFishing,
    LetFall,
    LostCamper,
    PassLeft,
    Rearrange,
    Repair,
    Roasted,
    Smores,
    Squat,
    SwapWild,
    TakeDiscard,
    TrashPanda,
)
from campers_rules._cardplay import (
    apply_decline,
    apply_fall,
    apply_give,
    apply_pass_left,
    apply_play,
    apply_repair,
    apply_spray,
    apply_squat,
    card_plays,
    check_give,
    check_pass_left,
    check_play,
    check_repair,
    check_spray,
    decisions,
)
from campers_rules._cards import FACES
from campers_rules._checks import Problem, in_hand, shape_error, shape_problem
from campers_rules._errors import (
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    StaleActionError,
    quote,
)
from campers_rules._moves import (
    apply_add,
    apply_add_group,
    apply_claim,
    apply_rearrange,
    apply_swap,
    check_add,
    check_add_group,
    check_claim,
    check_rearrange,
    check_squat,
    check_swap,
    table_moves,
)
from campers_rules._pending import FishingChoice, PassChoice, RepairChoice, SprayWindow
from campers_rules._state import DRAW, OVER, PLAY, State
from campers_rules._work import Work

_NOBODY: frozenset[int] = frozenset()


@cache
def _solo(player: int) -> frozenset[int]:
    return frozenset((player,))


def actors(state: State) -> frozenset[int]:
    """The turn's player, or exactly the players a pending decision waits on."""
    if state.phase is OVER:
        return _NOBODY
    pending = state.pending
    if pending is None:
        return _solo(state.turn)
    if isinstance(pending, SprayWindow):
        return _solo(pending.waiting[0])
    if isinstance(pending, RepairChoice):
        return _solo(pending.owner)
    if isinstance(pending, FishingChoice):
        return _solo(pending.target)
    return pending.waiting


@cache
def _draws(player: int) -> tuple[Draw | TakeDiscard, ...]:
    return (Draw(player, 1), Draw(player, 2), TakeDiscard(player))


@cache
def _discards(player: int) -> tuple[Discard, ...]:
    """This seat's discard of each face, by the face's index."""
    return tuple(Discard(player, card) for card in FACES)


def no_seat(state: State, player: object) -> Problem:
    """Why a seat that does not exist in this game may not act (UC-2)."""
    reason = f"there is no seat {quote(player)} in a {state.num_players}-player game"
    return NotYourTurnError, reason, "UC-2"


def legal_actions(state: State, player: object) -> list[Any]:
    """Every legal action of this player, in the documented order.

    Raises:
        NotYourTurnError: ``player`` is not a seat of this game (as ``apply`` does).
    """
    if type(player) is not int or not 0 <= player < state.num_players:
        error, reason, ruling = no_seat(state, player)
        raise error(f"listing for {quote(player)}", reason, ruling)
    if state.phase is OVER or player not in actors(state):
        return []
    out: list[Any]
    if state.pending is not None:
        out = list(decisions(state, player))
    elif state.phase is DRAW:
        options = _draws(player)
        out = list(options if state.discard else options[:2])
    else:
        out = _play_options(state, player)
    return out


def _play_options(state: State, player: int) -> list[Any]:
    out: list[Any] = list(table_moves(state, player))
    out.extend(card_plays(state, player))
    discards = _discards(player)
    previous = None
    for card in state.hands[player]:
        if card is not previous:
            out.append(discards[card.index])
            previous = card
    return out


# ----------------------------------------------------------------------------- checks


def _check_draw(state: State, action: Draw) -> Problem | None:
    if action.count not in (1, 2):
        return IllegalActionError, "draw 1 or 2 cards from the deck", "UC-6"
    return None


def _check_take(state: State, action: TakeDiscard) -> Problem | None:
    if not state.discard:
        return IllegalActionError, "the discard pile is empty", "UC-6"
    return None


def _check_discard(state: State, action: Discard) -> Problem | None:
    if not in_hand(state.hands[action.player], action.card):
        reason = f"player {action.player} holds no {action.card} (not in hand)"
        return IllegalActionError, reason, "UC-6"
    return None


def _no_check(state: State, action: Any) -> Problem | None:
    return None


_DRAWS = (Draw, TakeDiscard)
_DECISIONS: dict[type[Any], tuple[type[Any], ...]] = {
    SprayWindow: (BearSpray, Decline),
    RepairChoice: (Repair, LetFall),
    FishingChoice: (Give,),
    PassChoice: (PassLeft,),
}
_DECISION_KINDS = frozenset(kind for kinds in _DECISIONS.values() for kind in kinds)
_WAITING: dict[type[Any], tuple[str, str]] = {
    SprayWindow: ("a Bear Spray window is open: answer it with a Bear Spray or decline", "UC-14"),
    RepairChoice: ("a campsite damaged by a Bear Attack waits on its owner to repair it or "
                   "let it fall", "UC-13"),
    FishingChoice: ("a Go Fishing waits on its target to hand over a matching card", "UC-17"),
    PassChoice: ("a Lost Camper waits on every player holding a card to choose one to pass "
                 "left", "UC-18"),
}
"""What each pending decision waits for, in words, with its ruling."""

_CHECKS: dict[type[Any], Callable[[State, Any], Problem | None]] = {
    Draw: _check_draw,
    TakeDiscard: _check_take,
    Discard: _check_discard,
    Claim: check_claim,
    AddCard: check_add,
    AddGroup: check_add_group,
    Squat: check_squat,
    SwapWild: check_swap,
    Rearrange: check_rearrange,
    BearAttack: check_play,
    Smores: check_play,
    Roasted: check_play,
    GoFishing: check_play,
    LostCamper: check_play,
    TrashPanda: check_play,
    BearSpray: check_spray,
    Decline: _no_check,
    Repair: check_repair,
    LetFall: _no_check,
    Give: check_give,
    PassLeft: check_pass_left,
}


def is_stale(state: State, version: object) -> bool:
    """Whether an action sent against ``version`` is stale here (UC-32); ``None`` is
    never stale."""
    return version is not None and (type(version) is not int or version != state.version)


def why_illegal(state: State, action: Any, version: object = None) -> Problem | None:
    """Why this action (sent against ``version``) may not be applied now, or ``None``.

    After the action's own kind and shape, the stale check comes first (UC-32), so a late
    action to a finished game is reported as stale; then the gates every action passes
    (game over, seat, who may act, the phase and any pending decision), then its family's
    own check.
    """
    kind = type(action)
    family = _CHECKS.get(kind)
    if family is None:
        return IllegalActionError, "not an Unhappy Campers action", ""
    problem = shape_problem(action)
    if problem is not None:
        return problem
    if is_stale(state, version):
        return StaleActionError, StaleActionError(action, version, state.version).reason, "UC-32"
    if state.phase is OVER:
        return GameOverError, "the game is over", "UC-21"
    player = action.player
    if not 0 <= player < state.num_players:
        return no_seat(state, player)
    if player not in actors(state):
        return NotYourTurnError, f"player {player} may not act now", "UC-6"
    pending = state.pending
    if pending is not None:
        if kind not in _DECISIONS[type(pending)]:
            return IllegalActionError, *_WAITING[type(pending)]
    elif state.phase is DRAW:
        if kind not in _DRAWS:
            return (IllegalActionError, f"player {player} must draw first: 1 or 2 cards from "
                    "the deck, or the top card of the discard pile", "UC-6")
    elif kind in _DRAWS:
        return IllegalActionError, f"player {player} has already drawn this turn", "UC-6"
    elif kind in _DECISION_KINDS:
        return (IllegalActionError, "nothing is waiting for an answer: no Bear Spray window "
                "or choice is open", "UC-6")
    return family(state, action)


def refusal(state: State, action: Any, version: object, problem: Problem) -> IllegalActionError:
    """The typed error of a refused action: a stale one carries both versions (UC-32), a
    malformed one is shown by its repr (:func:`~campers_rules._checks.shape_error`)."""
    error, reason, ruling = problem
    if error is StaleActionError:
        return StaleActionError(action, version, state.version)
    if type(action) in _CHECKS and shape_problem(action) is not None:
        return shape_error(action, problem)
    return error(action, reason, ruling)


def check(state: State, action: Any, version: object = None) -> None:
    """Raise the typed error that rejects this action (:func:`why_illegal`), or return."""
    problem = why_illegal(state, action, version)
    if problem is not None:
        raise refusal(state, action, version, problem)


# ----------------------------------------------------------------------------- effects


def _apply_draw(work: Work, action: Draw) -> None:
    work.draw(action.player, action.count)
    work.phase = PLAY


def _apply_take(work: Work, action: TakeDiscard) -> None:
    work.give(action.player, work.discard.pop())
    work.phase = PLAY


def _apply_discard(work: Work, action: Discard) -> None:
    work.take(action.player, action.card)
    work.discard.append(action.card)
    if not work.settle():
        work.end_turn()


_EFFECTS: dict[type[Any], Callable[[Work, Any], None]] = {
    Draw: _apply_draw,
    TakeDiscard: _apply_take,
    Discard: _apply_discard,
    Claim: apply_claim,
    AddCard: apply_add,
    AddGroup: apply_add_group,
    Squat: apply_squat,
    SwapWild: apply_swap,
    Rearrange: apply_rearrange,
    BearAttack: apply_play,
    Smores: apply_play,
    Roasted: apply_play,
    GoFishing: apply_play,
    LostCamper: apply_play,
    TrashPanda: apply_play,
    BearSpray: apply_spray,
    Decline: apply_decline,
    Repair: apply_repair,
    LetFall: apply_fall,
    Give: apply_give,
    PassLeft: apply_pass_left,
}


def apply(state: State, action: Any, version: object = None) -> State:
    """Check the action, carry it out on a scratch copy, settle going out (UC-8).

    The result's version moves on (UC-32), except while a Lost Camper pass still waits on
    choices after this one, or a Bear Spray window on answers after a decline: the choices
    of one pass share one version (UC-18), and so do the answers of one window, so that
    the version never counts who holds a Bear Spray (UC-14).
    """
    check(state, action, version)
    work = Work(state)
    kind = type(action)
    _EFFECTS[kind](work, action)
    waits = type(work.pending)
    shared = (kind is PassLeft and waits is PassChoice) or (
        kind is Decline and waits is SprayWindow
    )
    if not shared:
        work.version += 1
    if (
        not work.settle()
        and work.pending is None
        and work.phase is PLAY
        and not work.hands[work.turn]
    ):
        work.end_turn()  # UC-8: an emptied hand has nothing to discard
    return work.freeze()
