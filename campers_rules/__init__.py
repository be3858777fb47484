"""Rules engine for the card game *Unhappy Campers*.

>>> import random
>>> import campers_rules as uc
>>> state = uc.new_game(players=4, seed=42, config=uc.Config(rounds=1))
>>> rng = random.Random(0)
>>> while not state.is_over:
...     player = min(state.actors)
...     state = state.apply(rng.choice(state.legal_actions(player)))
>>> len(state.round_results), len(state.scores)
(1, 4)
"""

from __future__ import annotations

import importlib.metadata as _metadata
import sys as _sys
from importlib.machinery import EXTENSION_SUFFIXES as _EXTENSION_SUFFIXES

from campers_rules._actions import (
    REQUESTS,
    Abandon,
    Action,
    AddCard,
    AddGroup,
    BearAttack,
    BearSpray,
    Claim,
    Decline,
    Discard,
    Draw,
    EndGroup,
    Finish,
    Give,
    GoFishing,
    Lay,
    LetFall,
    LostCamper,
    PassLeft,
    Rearrange,
    Repair,
    Request,
    RequestKind,
    Roasted,
    Smores,
    Squat,
    StartClaim,
    StartGroup,
    StartRearrange,
    StartSite,
    Step,
    SwapWild,
    TakeDiscard,
    TrashPanda,
    parse_action,
)
from campers_rules._board import MAX_VERSION
from campers_rules._bots import BOTS, Bot, HeuristicBot, RandomBot, play_game
from campers_rules._cards import (
    DECK,
    FACES,
    WILD,
    ActionKind,
    Card,
    Color,
    action_card,
    format_cards,
    natural,
    parse_cards,
)
from campers_rules._catalogue import (
    CATALOGUE,
    Campsite,
    campsite,
    parse_campsite,
    parse_catalogue,
)
from campers_rules._config import Config
from campers_rules._describe import describe_action, describe_table
from campers_rules._errors import (
    CampersError,
    FutureVersionError,
    GameOverError,
    IllegalActionError,
    NotYourTurnError,
    ParseError,
    PositionError,
    SeatError,
    SerializationError,
    StaleActionError,
    StaleStepError,
    VersionLimitError,
)
from campers_rules._events import Event, EventKind, loads_event, seat_events
from campers_rules._groups import MAX_SIZE, MIN_SIZE, Group, GroupKind, Placed
from campers_rules._ids import (
    action_from_id,
    action_id,
    action_steps,
    max_legal_ids,
    num_distinct_actions,
)
from campers_rules._pending import FishingChoice, PassChoice, Pending, RepairChoice, SprayWindow
from campers_rules._record import (
    MAX_MOVES,
    Record,
    RecordError,
    dumps_record,
    loads_record,
    move_digest,
    replay,
)
from campers_rules._requirements import GroupSpec, Matching, Requirement
from campers_rules._results import RoundEnd, RoundResult
from campers_rules._rng import MAX_SEED
from campers_rules._serial import FORMAT, MAX_BYTES, dumps, loads, loads_action, loads_view
from campers_rules._setup import from_position, new_game
from campers_rules._simulate import GameRecord, game_seed, seat_bots, simulate
from campers_rules._state import Phase, Site, State, View
from campers_rules._svg import to_svg
from campers_rules.solver._errors import DeadlineError

COMPILED: bool = any(
    str(getattr(module, "__file__", "")).endswith(tuple(_EXTENSION_SUFFIXES))
    for name, module in list(_sys.modules.items()) if name.startswith(f"{__name__}."))
"""True when the Unhappy Campers engine runs compiled: its core modules, as imported, are
the extension modules mypyc built at install time (docs/compiled.rst); False for the
pure-Python sources."""

try:
    __version__ = _metadata.version("camp-rules")
    """The installed distribution's version (``0+unknown`` in a checkout never installed)."""
except _metadata.PackageNotFoundError:  # a checkout run without installing it
    __version__ = "0+unknown"

__all__ = [
    "BOTS",
    "CATALOGUE",
    "COMPILED",
    "DECK",
    "FACES",
    "FORMAT",
    "MAX_BYTES",
    "MAX_MOVES",
    "MAX_SEED",
    "MAX_SIZE",
    "MAX_VERSION",
    "MIN_SIZE",
    "REQUESTS",
    "WILD",
    "Abandon",
    "Action",
    "ActionKind",
    "AddCard",
    "AddGroup",
    "BearAttack",
    "BearSpray",
    "Bot",
    "CampersError",
    "Campsite",
    "Card",
    "Claim",
    "Color",
    "Config",
    "DeadlineError",
    "Decline",
    "Discard",
    "Draw",
    "EndGroup",
    "Event",
    "EventKind",
    "Finish",
    "FishingChoice",
    "FutureVersionError",
    "GameOverError",
    "GameRecord",
    "Give",
    "GoFishing",
    "Group",
    "GroupKind",
    "GroupSpec",
    "HeuristicBot",
    "IllegalActionError",
    "Lay",
    "LetFall",
    "LostCamper",
    "Matching",
    "NotYourTurnError",
    "ParseError",
    "PassChoice",
    "PassLeft",
    "Pending",
    "Phase",
    "Placed",
    "PositionError",
    "RandomBot",
    "Rearrange",
    "Record",
    "RecordError",
    "Repair",
    "RepairChoice",
    "Request",
    "RequestKind",
    "Requirement",
    "Roasted",
    "RoundEnd",
    "RoundResult",
    "SeatError",
    "SerializationError",
    "Site",
    "Smores",
    "SprayWindow",
    "Squat",
    "StaleActionError",
    "StaleStepError",
    "StartClaim",
    "StartGroup",
    "StartRearrange",
    "StartSite",
    "State",
    "Step",
    "SwapWild",
    "TakeDiscard",
    "TrashPanda",
    "VersionLimitError",
    "View",
    "action_card",
    "action_from_id",
    "action_id",
    "action_steps",
    "campsite",
    "describe_action",
    "describe_table",
    "dumps",
    "dumps_record",
    "format_cards",
    "from_position",
    "game_seed",
    "loads",
    "loads_action",
    "loads_event",
    "loads_record",
    "loads_view",
    "max_legal_ids",
    "move_digest",
    "natural",
    "new_game",
    "num_distinct_actions",
    "parse_action",
    "parse_campsite",
    "parse_cards",
    "parse_catalogue",
    "play_game",
    "replay",
    "seat_bots",
    "seat_events",
    "simulate",
    "to_svg",
]

# Tracebacks, reprs and doctests name each error by its public path
# (``campers_rules.CampersError``), not by the private module that defines it.
for _error in (globals()[name] for name in __all__):
    if isinstance(_error, type) and issubclass(_error, CampersError):
        _error.__module__ = __name__
