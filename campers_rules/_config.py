"""Every option of a game of Unhappy Campers, in one frozen object with documented defaults."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from campers_rules._catalogue import CATALOGUE, Campsite
from campers_rules._errors import CampersError, PositionError, quote
from campers_rules.solver import Backend

DEFAULT_ROUNDS = 5
"""The rulebook's suggested number of rounds (UC-21)."""
DEFAULT_TURN_CAP = 200
"""Turns per round after which the stalemate guard ends the round (UC-22)."""
BACKENDS = ("native", "z3")
"""The meld solver backends a game may use."""
DEFAULT_CLAIM_LIMIT = 128
"""Claims per campsite that ``legal_actions`` lists at most for one hand."""
MAX_ROUNDS = 100
"""The most rounds a game may have."""
MAX_TURN_CAP = 10_000
"""The highest turn cap (UC-22): a round of random play rarely passes 300 turns."""
MAX_CLAIM_LIMIT = 10_000
"""The highest ``claim_limit``."""
DEFAULT_Z3_DEADLINE_MS = 5_000
"""Milliseconds one call of a game under the z3 backend may spend in z3 (issue 27)."""
MAX_Z3_DEADLINE_MS = 3_600_000
"""The longest ``z3_deadline_ms``: an hour."""


def _bounded(maximum: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    """A validator: an int (not a bool) from 1 to ``maximum``."""

    def check(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or not 1 <= value <= maximum:
            shown = quote(value)[:40]
            raise CampersError(f"{attribute.name} must be an int from 1 to {maximum}, got {shown}")

    return check


def _fifteen(
    instance: object, attribute: attrs.Attribute[tuple[Campsite, ...]], value: tuple[Campsite, ...]
) -> None:
    if len(value) != 15:
        raise CampersError(f"a catalogue holds 15 campsites, got {len(value)} (UC-1, UC-3)")
    ids = [site.id for site in value]
    if ids != [f"c{i:02d}" for i in range(1, 16)]:
        raise CampersError(f"a catalogue's campsites are c01..c15 in order, got {ids} (UC-3)")


def _interned(catalogue: tuple[Campsite, ...]) -> tuple[Campsite, ...]:
    """:data:`CATALOGUE` itself for a catalogue equal to it (a loaded, unpickled or copied
    game's), so that what is compiled once for the project's catalogue (the id layout) is
    read, not compiled again; any other catalogue as given (UC-3)."""
    if (catalogue is not CATALOGUE and type(catalogue) is tuple
            and len(catalogue) == len(CATALOGUE)
            and all(type(site) is Campsite for site in catalogue) and catalogue == CATALOGUE):
        return CATALOGUE
    return catalogue


def _backend(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    if value not in BACKENDS:
        raise CampersError(f"backend must be one of {', '.join(BACKENDS)}, got {quote(value)[:40]}")


def _flag(instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if type(value) is not bool:
        raise CampersError(f"{attribute.name} must be True or False, got {quote(value)[:40]}")


@attrs.frozen
class Config:
    """The options of a game.

    Every number is an int from 1 to its documented maximum (:data:`MAX_ROUNDS` 100,
    :data:`MAX_TURN_CAP` 10,000, :data:`MAX_CLAIM_LIMIT` 10,000,
    :data:`MAX_Z3_DEADLINE_MS` 3,600,000); anything else (a bool too) raises
    :class:`CampersError`, so a loaded document cannot ask for an endless round.

    Attributes:
        rounds: Rounds in a game (UC-21); default 5.
        catalogue: The 15 campsite faces (UC-3), with the ids ``c01`` .. ``c15`` in order;
            default the project's catalogue. One equal to it is the project's
            :data:`CATALOGUE` object itself (a loaded, unpickled or copied game's too), so
            what is compiled for that catalogue serves every such game.
        turn_cap: Turns per round before the stalemate guard ends it (UC-22); default 200.
        backend: The meld solver backend, ``"native"`` (default) or ``"z3"``.
        ask_everyone: Ask every other player to answer each Bear Spray window, holders or
            not, so that waiting reveals nothing (UC-14); default ``False`` (only holders).
        claim_limit: Most claims per campsite, and most new groups per own campsite, that
            ``legal_actions`` lists for one hand (default 128). Only huge hands reach it;
            every claim beyond it is still legal through ``is_legal`` and ``apply``.
        z3_deadline_ms: Under ``backend="z3"``, the time one public call (``legal_actions``,
            ``legal_action_ids``, ``is_legal``, ``apply``, ``apply_action_id``) may spend
            in z3, all its questions together (default 5,000); past it the call raises
            :class:`~campers_rules.solver.DeadlineError` and the state is as it was. The
            native backend ignores it (it counts steps, the same on every machine).

    >>> Config().rounds, Config().turn_cap, Config().ask_everyone
    (5, 200, False)
    """

    rounds: int = attrs.field(default=DEFAULT_ROUNDS, validator=_bounded(MAX_ROUNDS))
    catalogue: tuple[Campsite, ...] = attrs.field(
        factory=lambda: CATALOGUE, converter=_interned, validator=_fifteen, repr=False
    )
    turn_cap: int = attrs.field(default=DEFAULT_TURN_CAP, validator=_bounded(MAX_TURN_CAP))
    backend: Backend = attrs.field(default="native", validator=_backend)
    ask_everyone: bool = attrs.field(default=False, validator=_flag)
    claim_limit: int = attrs.field(
        default=DEFAULT_CLAIM_LIMIT, validator=_bounded(MAX_CLAIM_LIMIT)
    )
    z3_deadline_ms: int = attrs.field(
        default=DEFAULT_Z3_DEADLINE_MS, validator=_bounded(MAX_Z3_DEADLINE_MS)
    )

    def __reduce__(self) -> tuple[type[Config], tuple[object, ...]]:
        """Pickle and copy through the constructor, so that an unpickled or copied game's
        catalogue is interned as a loaded one's is."""
        return Config, attrs.astuple(self, recurse=False)


def config_or_default(config: object) -> Config:
    """The options a caller gave, or the defaults for ``None``; anything that is not a
    :class:`Config` is refused here, with the package's error, before a game is built on it.

    Raises:
        PositionError: ``config`` is neither ``None`` nor a :class:`Config`.
    """
    if config is None:
        return Config()
    if not isinstance(config, Config):
        raise PositionError("config must be a Config")
    return config
