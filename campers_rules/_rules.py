"""The public entry points' logic: who acts, the gates every action passes, and the
dispatch of each action kind to its family's check, effect and listing.

The families: the turn's draw and discard (``_turn``), claims and table moves on one's
own campsites (``_claims``), squats and wild swaps (``_squats``), the action cards
(``_action_cards``), the answers to what they leave waiting (``_responses``), and going
out and scoring (``_scoring``). ``apply`` always checks first (:func:`why_illegal`) and
then hands the action to its family's effect on a scratch copy (``_work``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from campers_rules._action_cards import apply_play, card_plays, check_play
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
from campers_rules._board import DRAW, MAX_PLAYERS, OVER, PLAY
from campers_rules._checks import Problem, shape_error, shape_problem
from campers_rules._claims import (
    apply_add,
    apply_add_group,
    apply_claim,
    apply_rearrange,
    check_add,
    check_add_group,
    check_claim,
    check_rearrange,
    claim_moves,
    rearrangements,
)
from campers_rules._errors import (
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    StaleActionError,
    quote,
)
from campers_rules._pending import FishingChoice, PassChoice, RepairChoice, SprayWindow
from campers_rules._responses import (
    apply_decline,
    apply_fall,
    apply_give,
    apply_pass_left,
    apply_repair,
    apply_spray,
    check_give,
    check_pass_left,
    check_repair,
    check_spray,
    decisions,
    no_condition,
)
from campers_rules._scoring import end_turn, settle
from campers_rules._squats import apply_squat, apply_swap, check_squat, check_swap, squat_moves
from campers_rules._turn import (
    apply_discard,
    apply_draw,
    apply_take,
    check_discard,
    check_draw,
    check_take,
    discards,
    draws,
)
from campers_rules._work import Work

if TYPE_CHECKING:
    from campers_rules._state import State

_NOBODY: frozenset[int] = frozenset()
_SOLO: tuple[frozenset[int], ...] = tuple(frozenset((seat,)) for seat in range(MAX_PLAYERS))
"""Each seat alone, built once: a table, not a cache."""


def actors(state: State) -> frozenset[int]:
    """The turn's player, or exactly the players a pending decision waits on."""
    if state.phase is OVER:
        return _NOBODY
    pending = state.pending
    if pending is None:
        return _SOLO[state.turn]
    if isinstance(pending, SprayWindow):
        return _SOLO[pending.waiting[0]]
    if isinstance(pending, RepairChoice):
        return _SOLO[pending.owner]
    if isinstance(pending, FishingChoice):
        return _SOLO[pending.target]
    return pending.waiting


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
    if state.pending is not None:
        return list(decisions(state, player))
    if state.phase is DRAW:
        return list(draws(state, player))
    out: list[Any] = table_moves(state, player)
    out.extend(card_plays(state, player))
    out.extend(discards(state, player))
    return out


def table_moves(state: State, player: int) -> list[Any]:
    """The turn player's table moves in the documented order: claims, adds and new groups
    (``_claims``), squats and wild swaps (``_squats``), then the rearrangement subset."""
    out: list[Any] = claim_moves(state, player)
    out.extend(squat_moves(state, player))
    out.extend(rearrangements(state, player))
    return out


# ----------------------------------------------------------------------------- gates


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
    Draw: check_draw,
    TakeDiscard: check_take,
    Discard: check_discard,
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
    Decline: no_condition,
    Repair: check_repair,
    LetFall: no_condition,
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
    player = action.player
    problem = seat_problem(state, player)
    if problem is not None:
        return problem
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


def seat_problem(state: State, player: object) -> Problem | None:
    """Why this seat may not act now whatever it sends, or ``None``: the game is over
    (UC-21), there is no such seat (UC-2), or it is not among the actors (UC-6)."""
    if state.phase is OVER:
        return GameOverError, "the game is over", "UC-21"
    if type(player) is not int or not 0 <= player < state.num_players:
        return no_seat(state, player)
    if player not in actors(state):
        return NotYourTurnError, f"player {player} may not act now", "UC-6"
    return None


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

_EFFECTS: dict[type[Any], Callable[[Work, Any], None]] = {
    Draw: apply_draw,
    TakeDiscard: apply_take,
    Discard: apply_discard,
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
    """Check the action, carry it out on a scratch copy, settle going out (UC-8) and end
    the turn after a discard or an emptied hand (UC-6).

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
    if not settle(work) and work.pending is None and (
        kind is Discard or (work.phase is PLAY and not work.hands[work.turn])
    ):
        end_turn(work)  # the discard ends the turn; an emptied hand has nothing to discard
    return work.freeze()
