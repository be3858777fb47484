"""The build steps of the id path (issue 12): a claim, a new group or a rearrangement
spelled id by id, as a family of rules with its check, its effect and its listings.

A build step is legal when it is the next step of a compound action the object listing
holds (UC-7, UC-11). ``_rules.why_illegal`` asks :func:`step_stale` and
:func:`step_problem` of a step, and :func:`build_problem` of any other action of the
builder while a build is open; ``_rules.apply`` takes a step with :func:`take_step` (a
finish applies the compound action through ``_rules.apply``). The state carries the open
build and the options it starts, which only :func:`take_step` sets: each option is the
steps of a listed compound action, spelled without building the action
(``_firsts.compound_options``), once for each build opened from a position
(:func:`opened`); the action is built from its steps only when asked (a
finish, :func:`completions`, :func:`build_problem`). The ids themselves, and the steps
that spell an action and the action they spell, are ``_ids``'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, cast

from campers_rules._action_cards import card_play_ids
from campers_rules._actions import Abandon, Action, Step
from campers_rules._board import MAX_VERSION, PLAY
from campers_rules._cards import FACE_COUNT, Card
from campers_rules._checks import Problem, seat_problem
from campers_rules._claims import add_ids, rearrangements
from campers_rules._counted import HandCounts
from campers_rules._errors import IllegalActionError, StaleStepError
from campers_rules._firsts import (
    claimable_sites,
    compound_options,
    hand_reach,
    has_new_group,
)
from campers_rules._ids import (
    ABANDON_ID,
    CLAIM_BASE,
    DISCARD_BASE,
    NEW_GROUP_BASE,
    REARRANGE_ID,
    STARTS,
    STEP_IDS,
    compound_of,
    encode_step,
    layout,
)
from campers_rules._squats import squat_ids
from campers_rules._work import Work, with_build

if TYPE_CHECKING:
    from campers_rules._state import State


_PLAY: Final = PLAY
"""The play phase, a constant of this module: the compiled build reads another module's
name as a Python attribute (a dict look-up)."""


def _ready(state: State, player: object) -> Problem | None:
    """Why this seat may not take a build step now, the build itself aside (UC-6)."""
    problem = seat_problem(state, player)
    if problem is not None:
        return problem
    if state.pending is not None or state.phase is not _PLAY:
        return (IllegalActionError, "a claim, a new group or a rearrangement is built in the "
                "play phase of one's own turn, with no decision waiting", "UC-6")
    return None


_DISCARD_IDS: Final[tuple[object, ...]] = tuple(DISCARD_BASE + face for face in range(FACE_COUNT))
"""Each face's discard id, an int object made once at import: compiled, an int worked out
and put in a list is boxed anew, an allocation a card; an object goes in as it is."""
_ABANDON: Final[object] = ABANDON_ID
"""Abandon's id as an object, for the same reason."""


Option = tuple[int, ...]
"""A listed compound action as its steps, from its first to finish (the action itself is
built from them only when asked: :func:`completed`)."""


def options(state: State, building: tuple[int, ...]) -> tuple[Option, ...]:
    """The steps of the turn player's listed compound actions that start with
    ``building``, a build of one step or more: the open build's own or one step on
    (UC-7, UC-11).

    A state built by a step carries its build's options (:func:`take_step`): the build's
    own are those, one step on are those of them with that next step (the very options:
    copies cost more; each is spelled past the open build, as it ends with a finish,
    which no build holds). Other builds list those of the build's first step
    (:func:`opened`).
    """
    n = len(building)
    carried: tuple[Option, ...] | None = state.build_options
    m = len(state.building)
    if carried is not None and building[:m] == state.building:
        if n == m:
            return carried
        if n == m + 1:
            step = building[m]
            return tuple([option for option in carried if option[m] == step])
    first = building[0]
    if first not in STARTS:
        return ()
    spelled = opened(state, first)
    if n == 1:  # every option of the opened kind and campsite starts with its first step
        return spelled
    return tuple([option for option in spelled if option[:n] == building])


def opened(state: State, first: int) -> tuple[Option, ...]:
    """The turn player's options that start with ``first``, a start id
    (``_firsts.compound_options``), kept on the scratch copy the state was frozen from
    (``_work.Work.opened``, by ``first``): random id play abandons most builds it opens
    (UC-23) and opens one again from the very copy its abandon returns to
    (``_work.with_build``), whose position never changes after, so its options are
    spelled once. A state made any other way (no copy) spells them afresh."""
    made = getattr(state, "_work", None)
    if not isinstance(made, Work):
        return tuple(compound_options(state, first))
    kept = made.opened
    if kept is None:
        kept = {}
        made.opened = kept
    spelled = kept.get(first)
    if spelled is None:
        spelled = tuple(compound_options(state, first))
        kept[first] = spelled
    return spelled


def step_stale(state: State, step: Any, version: object, build_step: object
               ) -> Problem | None:
    """UC-32: why the turn player's build step, sent with a version or a build step, is
    stale (sent against another build step than the state's, or against none), or
    ``None``. The version itself is checked before."""
    if step.player != state.turn or (version is None and build_step is None):
        return None
    if type(build_step) is int and build_step == state.build_step:
        return None
    error = StaleStepError(step, state.version, build_step, state.build_step)
    return StaleStepError, error.reason, "UC-32"


def step_problem(state: State, step: Step) -> tuple[Problem | None, tuple[Option, ...]]:
    """Why this (well-formed, not stale) build step is refused, or ``None``, and the
    options of the build after it: an id for its fields (UC-1, UC-5), the seat and phase
    (UC-6), then the build (UC-7)."""
    try:
        step_id = encode_step(step)
    except IllegalActionError as error:  # a field no id names
        return (type(error), error.reason, error.ruling), ()
    problem = _ready(state, step.player)
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


def build_problem(state: State, action: Any) -> Problem | None:
    """Why the builder may not take this (non-step) action while a build is open: it is
    none of the compound actions the build starts (UC-7)."""
    player = state.turn
    if any(compound_of(player, option) == action
           for option in options(state, state.building)):
        return None
    return (IllegalActionError, f"player {state.turn} has a build open: take its next step, "
            "finish or abandon it, or apply a compound action that it starts", "UC-7")


def take_step(state: State, step: Step, after: tuple[Option, ...]) -> State:
    """The state after a checked build step other than finish (``after``: the options of
    the build it makes, from :func:`step_problem`): an abandon closes the build, any
    other step extends it and carries its options, derived from this state."""
    if type(step) is Abandon:
        return with_build(state, (), state.build_step + 1)
    building = after[0][:len(state.building) + 1]  # the steps every option starts with
    new = with_build(state, building, state.build_step + 1)
    object.__setattr__(new, "build_options", after)  # not an init field: set here alone
    return new


def completed(player: int, after: tuple[Option, ...]) -> Action:
    """The compound action a checked finish completes (``after``: the options of the
    build it makes, from :func:`step_problem`, which hold that action alone)."""
    return compound_of(player, after[0])


def completions(state: State, player: int) -> list[Any]:
    """:meth:`State.legal_actions` of the builder while a build is open: the compound
    actions that complete it, then :class:`Abandon`."""
    return [compound_of(player, option) for option in options(state, state.building)
            ] + [Abandon(player)]


def next_ids(state: State) -> list[int]:
    """The builder's ids while a build is open: the listed next steps, and abandon, each
    the int object its option holds (compiled, an int read as an int is boxed anew to go
    into the set)."""
    building = state.building
    n = len(building)
    ids: set[object] = {_ABANDON}
    for spelled in options(state, building):
        row: tuple[object, ...] = spelled
        ids.add(row[n])
    return sorted(cast("set[int]", ids))


def play_listing(state: State, player: int) -> list[int]:
    """:func:`play_ids` sorted, kept on the scratch copy the state was frozen from
    (``_work.Work.listed``): random id play abandons most builds it opens (UC-23), and
    the state after an abandon is frozen again from the very copy of the state before the
    build (``_work.with_build``), which never changes after, so it lists that copy's ids
    again. The hand's counts come from the copy too (``_work.Work.counted``); a state made
    any other way (no copy) is listed and counted afresh."""
    made = getattr(state, "_work", None)
    if not isinstance(made, Work):
        return play_ids(state, player)
    kept = made.listed
    if kept is not None:
        return list(kept)
    ids = play_ids(state, player, made.counted(player))
    made.listed = tuple(ids)
    return ids


def play_ids(state: State, player: int, counts: HandCounts | None = None) -> list[int]:
    """The turn player's ids in the play phase, sorted: those of the listing's first
    steps, asking only whether each claim and new group exists (UC-7, UC-9, UC-10, UC-11,
    UC-12). The hand is read once (``counts``, its ``_counted.HandCounts``, counted here
    when not given) for every part of the listing; the ids go to one list, sorted once."""
    space = layout(state.config)
    if counts is None:
        counts = HandCounts(bytes(state.hands[player]))
    faces = counts.faces
    most = hand_reach(counts)
    ids: list[int] = []
    for campsite in claimable_sites(state, player, counts, most, space):
        ids.append(CLAIM_BASE + campsite)
    row = state.table[player]
    if row:  # a player who owns no campsite adds no card, group or rearrangement
        for index, site in enumerate(row):
            if has_new_group(state, player, most, index):
                ids.append(NEW_GROUP_BASE + site.campsite)
        ids.extend(add_ids(state, player, space, faces))
        if rearrangements(state, player):
            ids.append(REARRANGE_ID)
    ids.extend(squat_ids(state, player, space, faces))
    ids.extend(card_play_ids(state, player, space))
    return distinct(_discards(state.hands[player]), ids)


def _discards(hand: tuple[Card, ...]) -> list[int]:
    """The discard ids of a sorted hand, sorted, each once: the lowest play-phase ids
    (:data:`_DISCARD_IDS`)."""
    out: list[object] = []
    last = -1
    for card in hand:
        face: int = card  # a card is its face id: a native int in the compiled build
        if face != last:
            out.append(_DISCARD_IDS[face])
            last = face
    return cast("list[int]", out)


def distinct(lowest: list[int], ids: list[int]) -> list[int]:
    """``lowest`` (sorted, distinct ids, each below every one of ``ids``), then ``ids``
    sorted, each once: the sub-listings name each action once, so the sorted ids are
    taken whole, unless one repeats."""
    ids.sort()
    last = -1
    for i in ids:
        if i == last:
            return lowest + sorted(set(ids))
        last = i
    lowest.extend(ids)
    return lowest


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
        _, reason, _ = problem
        return f"build steps taken outside the turn player's play phase: {reason}"
    n = len(building)
    if n and not any(len(spelled) > n for spelled in options(state, building)):
        return "the build is not the start of a listed claim, new group or rearrangement"
    return None
