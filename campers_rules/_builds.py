"""Playing a state by ids (issue 12): the legal ids of a seat, and the build steps that
spell a compound action id by id.

A build step is legal when it is the next step of a compound action the object listing
holds (UC-7, UC-11); the state carries the open build and its options, and a finished
build applies the compound action through ``_rules.apply``. The ids themselves, and the
steps that spell an action, are ``_ids``'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn

import attrs

from campers_rules import _rules
from campers_rules._action_cards import card_plays
from campers_rules._actions import CAMPSITES, Abandon, Action, AddGroup, Claim, Rearrange
from campers_rules._board import MAX_VERSION, PLAY
from campers_rules._checks import Problem, shape_problem
from campers_rules._claims import add_ids, rearrangements
from campers_rules._errors import (
    IllegalActionError,
    StaleActionError,
    StaleStepError,
)
from campers_rules._firsts import claimable_sites, compound_options, has_new_group
from campers_rules._ids import (
    ABANDON_ID,
    CLAIM_BASE,
    DISCARD_BASE,
    FINISH_ID,
    KNOWN_KINDS,
    NEW_GROUP_BASE,
    REARRANGE_ID,
    STARTS,
    STEP_IDS,
    STEP_KINDS,
    action_from_id,
    check_known,
    encode,
    encode_step,
    layout,
    listed_steps,
)
from campers_rules._solving import playing
from campers_rules._squats import squat_ids

if TYPE_CHECKING:
    from campers_rules._state import State


def _ready(state: State, player: object) -> Problem | None:
    """Why this seat may not take a build step now, the build itself aside (UC-6)."""
    problem = _rules.seat_problem(state, player)
    if problem is not None:
        return problem
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
        spelled = listed_steps(action, memo)
        if spelled[:n] == building:
            out.append((spelled, action))
    return tuple(out)


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
    check_known(action)
    _stale(state, action, version)
    if type(action) in STEP_KINDS:
        if _step_stale(state, action.player, version, build_step):
            raise StaleStepError(action, state.version, build_step, state.build_step)
        step_id = encode_step(action)
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
    if (type(action) not in KNOWN_KINDS or _rules.is_stale(state, version)
            or shape_problem(action) is not None):
        return False
    if type(action) in STEP_KINDS:
        if _step_stale(state, action.player, version, build_step):
            return False
        return _step_problem(state, action.player, encode_step(action))[0] is None
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
    space = layout(state.config)
    return sorted({encode(a, space) for a in _rules.legal_actions(state, player)})


def _play_ids(state: State, player: int) -> set[int]:
    """The turn player's ids in the play phase: those of the listing's first steps, asking
    only whether each claim and new group exists (UC-7, UC-9, UC-10, UC-11, UC-12)."""
    space = layout(state.config)
    hand = playing(state.hands[player])
    ids = {CLAIM_BASE + c for c in claimable_sites(state, player, hand)}
    for index, site in enumerate(state.table[player]):
        if has_new_group(state, player, hand, index):
            ids.add(NEW_GROUP_BASE + site.campsite)
    ids.update(add_ids(state, player, space))
    ids.update(squat_ids(state, player, space))
    if rearrangements(state, player):
        ids.add(REARRANGE_ID)
    ids.update(encode(a, space) for a in card_plays(state, player))
    ids.update(DISCARD_BASE + card for card in state.hands[player])
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
