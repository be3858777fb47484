"""The public entry points' logic: the gates every action and build step passes, and
the dispatch of each to its family's check, effect and listing.

The families: the turn's draw and discard (``_turn``), claims and table moves on one's
own campsites (``_claims``), squats and wild swaps (``_squats``), the action cards
(``_action_cards``), the answers to what they leave waiting (``_responses``), going out
and scoring (``_scoring``), and the build steps of the id path (``_builds``). There is
one check, :func:`why_illegal`, for every action and build step in every state, a build
open or not: ``State.is_legal`` reads it, and ``apply`` always checks with it first, then
hands an action to its family's effect on a scratch copy (``_work``) and a step to
``_builds.take_step``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, get_args

from campers_rules import _builds
from campers_rules._action_cards import apply_play, card_plays, check_play
from campers_rules._actions import (
    Action,
    AddCard,
    AddGroup,
    BearSpray,
    Claim,
    Decline,
    Discard,
    Draw,
    Finish,
    Give,
    LetFall,
    PassLeft,
    Rearrange,
    Repair,
    Squat,
    Step,
    SwapWild,
    TakeDiscard,
)
from campers_rules._board import DRAW, OVER, PLAY
from campers_rules._checks import (
    Problem,
    actors,
    check_seat,
    is_stale,
    limit_problem,
    refuses_seat,
    seat_problem,
    shape_error,
    shape_problem,
)
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
    rearranged,
)
from campers_rules._errors import (
    FutureVersionError,
    IllegalActionError,
    StaleActionError,
    StaleStepError,
    version_error,
)
from campers_rules._hands import face_mask
from campers_rules._ids import STEP_KINDS, action_in, encode, layout
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
from campers_rules._squats import (
    apply_squat,
    apply_swap,
    check_squat,
    check_swap,
    squat_moves,
    table_of,
)
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

def legal_actions(state: State, player: object) -> list[Any]:
    """Every legal action of this player, in the documented order; while a build is open,
    the builder's are the compound actions that complete it, then abandon (``_builds``).

    Raises:
        SeatError: ``player`` is no seat of this game (as ``apply`` refuses it, UC-2).
    """
    check_seat(state, player, "listing for")
    if limit_problem(state) is not None:
        return []
    turn: int = state.turn
    if player == turn and state.building:
        return _builds.completions(state, player)
    phase = state.phase
    pending = state.pending
    if phase is _OVER:
        return []
    if pending is not None:
        return list(decisions(state, player)) if player in actors(state) else []
    if player != turn:
        return []
    if phase is _DRAW:
        return list(draws(state, player))
    out: list[Any] = table_moves(state, player)
    out.extend(card_plays(state, player))
    out.extend(discards(state, player))
    return out


def legal_action_ids(state: State, player: object) -> list[int]:
    """The ids of this seat's legal actions and build steps, sorted: in the turn player's
    play phase those of the first steps (``_builds``), else those of the listed actions
    (outside the play phase: no compound action)."""
    if type(player) is int and player == state.turn and limit_problem(state) is None:
        if state.building:
            return _builds.next_ids(state)
        if state.phase is PLAY and state.pending is None:
            return _builds.play_listing(state, player)
    space = layout(state.config)
    return sorted({encode(a, space) for a in legal_actions(state, player)})


def table_moves(state: State, player: int) -> list[Any]:
    """The turn player's table moves in the documented order: claims, adds and new groups
    (``_claims``), squats and wild swaps (``_squats``), then the rearrangement subset. Both
    first families read the hand's faces as one mask (``_hands.face_mask``), and the adds
    and the rearrangements the player's row table (``_squats.table_of``), both got here
    once."""
    faces = face_mask(state.hands[player])
    row = state.table[player]
    own = table_of(player, row, state.config.catalogue) if row else None
    out: list[Any] = claim_moves(state, player, faces, own)
    out.extend(squat_moves(state, player, faces))
    if own is not None:
        out.extend(rearranged(state, player, own))
    return out


# ----------------------------------------------------------------------------- gates


# What the gates and ``apply`` compare at every step, as constants of this module: the
# compiled build reads another module's name as a Python attribute (a dict look-up).
_DRAW: Final = DRAW
_PLAY: Final = PLAY
_OVER: Final = OVER
_FINISH: Final = Finish

_DECISIONS: Final[dict[type[Any], tuple[type[Any], ...]]] = {
    SprayWindow: (BearSpray, Decline),
    RepairChoice: (Repair, LetFall),
    FishingChoice: (Give,),
    PassChoice: (PassLeft,),
}
_DECISION_KINDS: Final = frozenset(kind for kinds in _DECISIONS.values() for kind in kinds)
_WAITING: Final[dict[type[Any], tuple[str, str]]] = {
    SprayWindow: ("a Bear Spray window is open: answer it with a Bear Spray or decline", "UC-14"),
    RepairChoice: ("a campsite damaged by a Bear Attack waits on its owner to repair it or "
                   "let it fall", "UC-13"),
    FishingChoice: ("a Go Fishing waits on its target to hand over a matching card", "UC-17"),
    PassChoice: ("a Lost Camper waits on every player holding a card to choose one to pass "
                 "left", "UC-18"),
}
"""What each pending decision waits for, in words, with its ruling."""

_ACTIONS: Final = frozenset(get_args(Action))
"""The action classes of the vocabulary: each has its family's check in :func:`_check`
and its effect in :func:`_effect` (``tests/campers/test_dispatch.py`` holds the two
chains to every class)."""
# The action classes as constants of this module, which :func:`_check` and :func:`_effect`
# compare the action's class with (compiled: native loads, then direct calls).
_DRAW_KIND: Final = Draw
_TAKE_KIND: Final = TakeDiscard
_DISCARD_KIND: Final = Discard
_CLAIM_KIND: Final = Claim
_ADD_KIND: Final = AddCard
_ADD_GROUP_KIND: Final = AddGroup
_SQUAT_KIND: Final = Squat
_SWAP_KIND: Final = SwapWild
_REARRANGE_KIND: Final = Rearrange
_SPRAY_KIND: Final = BearSpray
_DECLINE_KIND: Final = Decline
_REPAIR_KIND: Final = Repair
_FALL_KIND: Final = LetFall
_GIVE_KIND: Final = Give
_PASS_KIND: Final = PassLeft


def _check(state: State, action: Any, kind: type[Any]) -> Problem | None:
    """The check of the action's family (``kind`` its class, one of :data:`_ACTIONS`):
    an if-chain on the class, the commonest first, each branch a direct call."""
    if kind is _DISCARD_KIND:
        return check_discard(state, action)
    if kind is _DRAW_KIND:
        return check_draw(state, action)
    if kind is _TAKE_KIND:
        return check_take(state, action)
    if kind is _SQUAT_KIND:
        return check_squat(state, action)
    if kind is _ADD_KIND:
        return check_add(state, action)
    if kind is _DECLINE_KIND or kind is _FALL_KIND:
        return no_condition(state, action)
    if kind is _SPRAY_KIND:
        return check_spray(state, action)
    if kind is _SWAP_KIND:
        return check_swap(state, action)
    if kind is _CLAIM_KIND:
        return check_claim(state, action)
    if kind is _ADD_GROUP_KIND:
        return check_add_group(state, action)
    if kind is _REARRANGE_KIND:
        return check_rearrange(state, action)
    if kind is _REPAIR_KIND:
        return check_repair(state, action)
    if kind is _GIVE_KIND:
        return check_give(state, action)
    if kind is _PASS_KIND:
        return check_pass_left(state, action)
    return check_play(state, action)  # the six action cards


_STEPS: Final = frozenset(STEP_KINDS)


def _stale(state: State, action: object, version: object) -> Problem:
    """A stale version, or one ahead of the state (:func:`version_error`), UC-32."""
    error = version_error(action, version, state.version)
    return type(error), error.reason, "UC-32"


def why_illegal(state: State, action: Any, version: object = None, build_step: object = None
                ) -> Problem | None:
    """Why this action or build step (sent against ``version``, a step against
    ``build_step``) may not be applied now, or ``None``; it never raises.

    After the action's own kind and shape, the stale check comes first (UC-32), so a late
    action to a finished game is reported as stale; then a running game at the last
    version a document can carry refuses every move (UC-32). A build step then goes to its family,
    ``_builds`` (:func:`_step_check`). An action of the builder while a build is open must
    be a compound action the build starts (UC-7); then come the gates every action passes
    (game over, seat, who may act, the phase and any pending decision), then its family's
    own check.
    """
    kind = type(action)
    if kind not in _ACTIONS:
        if kind in _STEPS:
            return _step_check(state, action, version, build_step)[0]
        return IllegalActionError, "not an Unhappy Campers action", ""
    problem = shape_problem(action)
    if problem is not None:
        return problem
    if is_stale(state, version):
        return _stale(state, action, version)
    problem = limit_problem(state)
    if problem is not None:
        return problem
    player: int = action.player  # an int: its shape is checked
    turn: int = state.turn
    if player == turn and state.building:
        problem = _builds.build_problem(state, action)
        if problem is not None:
            return problem
    phase = state.phase
    pending = state.pending
    if refuses_seat(state, phase, pending, player, turn):
        return seat_problem(state, player)
    if pending is not None:
        if kind not in _DECISIONS[type(pending)]:
            return IllegalActionError, *_WAITING[type(pending)]
    elif phase is _DRAW:
        if kind is not _DRAW_KIND and kind is not _TAKE_KIND:
            return (IllegalActionError, f"player {player} must draw first: 1 or 2 cards from "
                    "the deck, or the top card of the discard pile", "UC-6")
    elif kind is _DRAW_KIND or kind is _TAKE_KIND:
        return IllegalActionError, f"player {player} has already drawn this turn", "UC-6"
    elif kind in _DECISION_KINDS:
        return (IllegalActionError, "nothing is waiting for an answer: no Bear Spray window "
                "or choice is open", "UC-6")
    return _check(state, action, kind)


def _step_check(state: State, step: Step, version: object, build_step: object
                ) -> tuple[Problem | None, tuple[_builds.Option, ...]]:
    """:func:`why_illegal` of a build step, with the options of the build it makes: its
    shape, a stale version, a stale build step (UC-32), then the step's own check."""
    problem = shape_problem(step)
    if problem is None:
        problem = (_stale(state, step, version) if is_stale(state, version)
                   else _builds.step_stale(state, step, version, build_step)
                   or limit_problem(state))
    if problem is not None:
        return problem, ()
    return _builds.step_problem(state, step)


def refusal(state: State, action: Any, version: object, build_step: object, problem: Problem
            ) -> IllegalActionError:
    """The typed error of a refused action or step: a stale one carries both versions
    (UC-32), a stale step both build steps, a malformed one is shown by its repr
    (:func:`~campers_rules._checks.shape_error`)."""
    error, reason, ruling = problem
    if error is StaleActionError or error is FutureVersionError:
        return version_error(action, version, state.version)
    if error is StaleStepError:
        return StaleStepError(action, state.version, build_step, state.build_step)
    kind = type(action)
    if (kind in _ACTIONS or kind in _STEPS) and shape_problem(action) is not None:
        return shape_error(action, problem)
    return error(action, reason, ruling)


# ----------------------------------------------------------------------------- effects

_PASS_CHOICE: Final = PassChoice
_SPRAY_WINDOW: Final = SprayWindow
"""The decisions that still wait after an answer without a new version: a Lost Camper
pass after a choice (its choices share one version, UC-18), a Bear Spray window after a
decline (its declines too, UC-14)."""

def _effect(work: Work, action: Any, kind: type[Any]) -> None:
    """The effect of the action's family (``kind`` its class, one of :data:`_ACTIONS`) on
    the scratch copy: an if-chain on the class as :func:`_check`'s."""
    if kind is _DISCARD_KIND:
        apply_discard(work, action)
    elif kind is _DRAW_KIND:
        apply_draw(work, action)
    elif kind is _TAKE_KIND:
        apply_take(work, action)
    elif kind is _SQUAT_KIND:
        apply_squat(work, action)
    elif kind is _ADD_KIND:
        apply_add(work, action)
    elif kind is _DECLINE_KIND:
        apply_decline(work, action)
    elif kind is _FALL_KIND:
        apply_fall(work, action)
    elif kind is _SPRAY_KIND:
        apply_spray(work, action)
    elif kind is _SWAP_KIND:
        apply_swap(work, action)
    elif kind is _CLAIM_KIND:
        apply_claim(work, action)
    elif kind is _ADD_GROUP_KIND:
        apply_add_group(work, action)
    elif kind is _REARRANGE_KIND:
        apply_rearrange(work, action)
    elif kind is _REPAIR_KIND:
        apply_repair(work, action)
    elif kind is _GIVE_KIND:
        apply_give(work, action)
    elif kind is _PASS_KIND:
        apply_pass_left(work, action)
    else:
        apply_play(work, action)  # the six action cards


def apply(state: State, action: Any, version: object = None, build_step: object = None
          ) -> State:
    """Check the action or build step (:func:`why_illegal`), then carry it out: a step
    through ``_builds.take_step``, a finish by applying the compound action it completes;
    an action on a scratch copy, settling going out (UC-8) and ending the turn after a
    discard or an emptied hand (UC-6).

    The result's version moves on (UC-32), except while a Lost Camper pass still waits on
    choices after this one, or a Bear Spray window on answers after a decline: the choices
    of one pass share one version (UC-18), and so do the answers of one window, so that
    the version never counts who holds a Bear Spray (UC-14).
    """
    kind = type(action)
    if kind in _STEPS:
        problem, after = _step_check(state, action, version, build_step)
        if problem is not None:
            raise refusal(state, action, version, build_step, problem)
        if kind is _FINISH:
            return apply(state, _builds.completed(action.player, after))
        return _builds.take_step(state, action, after)
    problem = why_illegal(state, action, version)
    if problem is not None:
        raise refusal(state, action, version, None, problem)
    work = Work(state)
    _effect(work, action, kind)
    if not ((kind is _PASS_KIND and type(work.pending) is _PASS_CHOICE)
            or (kind is _DECLINE_KIND and type(work.pending) is _SPRAY_WINDOW)):
        work.version += 1
    if not settle(work) and work.pending is None and (
        kind is _DISCARD_KIND or (work.phase is _PLAY and not work.hands[work.turn])
    ):
        end_turn(work)  # the discard ends the turn; an emptied hand has nothing to discard
    return work.freeze()


def apply_action_id(state: State, player: Any, action_id: Any, version: object = None,
                    build_step: object = None) -> State:
    """Apply the action or build step the id names for this seat, checked as ``apply``;
    a stale version is refused before the id is read (UC-32). Its arguments are a
    caller's, unchecked (compiled, an ``int`` annotation would raise TypeError):
    ``action_in`` refuses a seat or id that names no action."""
    if is_stale(state, version):
        raise version_error(action_id, version, state.version)
    action = action_in(player, action_id, layout(state.config))
    return apply(state, action, version, build_step)
