"""The public frozen records the rules make at every step (:class:`State`, the
:class:`RoundResult` of each round and the :class:`SignRecord` of each sign), built field
by field.

attrs' ``__init__`` of a frozen class is interpreted Python that sets each field through
``object.__setattr__``: called from compiled code it is the dearest part of a step but the
deal. Compiled (mypyc makes each ``object.__setattr__`` one C call), these functions set
the slots themselves, about four times cheaper; pure, they call the class, whose
``__init__`` is the cheaper there. Either way the record is the one the class makes: the
classes have no validator, converter or post-init to skip, and
``tests/karibou/test_frozen.py`` holds each function to every field of its class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from karibou_rules._cards import Card, Team, Tile
from karibou_rules._config import Config
from karibou_rules._results import RoundEnd, RoundResult
from karibou_rules._round import Phase, SignRecord

if TYPE_CHECKING:
    from karibou_rules._state import State

COMPILED: Final = not __file__.endswith(".py")
"""Whether this module runs compiled (its file is an extension module)."""
_ROUND_RESULT: Final = RoundResult
_SIGN_RECORD: Final = SignRecord
"""The record classes, read as C statics when compiled (a class imported from a module
that is not compiled is a global looked up in a dict at each read)."""
_NEW: Final = object.__new__
"""``object.__new__``, read as a C static when compiled (``object`` is a builtin looked up,
and ``__new__`` a method looked up on it)."""


def new_state(
    cls: type[State],
    num_players: int,
    config: Config,
    seed: int,
    chance: int,
    teams: tuple[Team, ...],
    hands: tuple[tuple[Card, ...], ...],
    center: tuple[Card, ...],
    pile: tuple[Card, ...],
    discard: tuple[Card, ...],
    phase: Phase,
    scout_player: int | None,
    passed: frozenset[int],
    signs: tuple[SignRecord, ...],
    scores: tuple[int, ...],
    round_results: tuple[RoundResult, ...],
    version: int,
) -> State:
    """``cls(...)`` of these fields (``cls`` the state's class, :class:`State`)."""
    if not COMPILED:
        return cls(num_players, config, seed, chance, teams, hands, center, pile, discard,
                   phase, scout_player, passed, signs, scores, round_results, version)
    state = _NEW(cls)
    object.__setattr__(state, "num_players", num_players)
    object.__setattr__(state, "config", config)
    object.__setattr__(state, "seed", seed)
    object.__setattr__(state, "chance", chance)
    object.__setattr__(state, "teams", teams)
    object.__setattr__(state, "hands", hands)
    object.__setattr__(state, "center", center)
    object.__setattr__(state, "pile", pile)
    object.__setattr__(state, "discard", discard)
    object.__setattr__(state, "phase", phase)
    object.__setattr__(state, "scout_player", scout_player)
    object.__setattr__(state, "passed", passed)
    object.__setattr__(state, "signs", signs)
    object.__setattr__(state, "scores", scores)
    object.__setattr__(state, "round_results", round_results)
    object.__setattr__(state, "version", version)
    return state


def round_result(
    number: int,
    teams: tuple[Team, ...],
    placed_by: int,
    tile: Tile,
    named: int,
    hand: tuple[Card, ...],
    family: Card | None,
    reason: RoundEnd,
    points: tuple[int, ...],
) -> RoundResult:
    """``RoundResult(...)`` of these fields."""
    if not COMPILED:
        return RoundResult(number, teams, placed_by, tile, named, hand, family, reason, points)
    result = _NEW(_ROUND_RESULT)
    object.__setattr__(result, "number", number)
    object.__setattr__(result, "teams", teams)
    object.__setattr__(result, "placed_by", placed_by)
    object.__setattr__(result, "tile", tile)
    object.__setattr__(result, "named", named)
    object.__setattr__(result, "hand", hand)
    object.__setattr__(result, "family", family)
    object.__setattr__(result, "reason", reason)
    object.__setattr__(result, "points", points)
    return result


def sign_record(player: int, species: Card, noticed_by: frozenset[int]) -> SignRecord:
    """``SignRecord(...)`` of these fields (its ``seen``, a cached property, is left to
    be made on the first view, as the class's ``__init__`` leaves it)."""
    if not COMPILED:
        return SignRecord(player, species, noticed_by)
    record = _NEW(_SIGN_RECORD)
    object.__setattr__(record, "player", player)
    object.__setattr__(record, "species", species)
    object.__setattr__(record, "noticed_by", noticed_by)
    return record
