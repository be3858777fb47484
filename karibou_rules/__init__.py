"""Rules engine for the card game *Karibou Camp*.

A real-time team game (KC-13): every seat may act at every moment, so a state has no
current player; :attr:`State.actors` is everyone until the game ends.

>>> import random
>>> import karibou_rules as kc
>>> state = kc.new_game(players=5, seed=42)
>>> rng = random.Random(0)
>>> while not state.is_over:
...     player = rng.choice(sorted(state.actors))
...     state = state.apply(rng.choice(state.legal_actions(player)))
>>> max(state.scores) >= 9, len(state.winners) >= 1
(True, True)
"""

from __future__ import annotations

import importlib.metadata as _metadata
import sys as _sys
from importlib.machinery import EXTENSION_SUFFIXES as _EXTENSION_SUFFIXES

from karibou_rules._actions import (
    Action,
    CompleteHand,
    Exchange,
    Pass,
    PlacePawn,
    PlayScout,
    Reveal,
    Sign,
    parse_action,
)
from karibou_rules._bots import BOTS, Bot, HeuristicBot, RandomBot
from karibou_rules._cards import (
    ALL_ANIMALS,
    DECK,
    PILE,
    SIGNS,
    SPECIES,
    TILES,
    AllAnimals,
    Card,
    Pile,
    Team,
    Tile,
    center_size,
    family_of,
    format_cards,
    hand_size,
    parse_cards,
    parse_tile,
    team_cards,
)
from karibou_rules._config import Config
from karibou_rules._deal import MAX_SEED
from karibou_rules._describe import describe_action, describe_teams, round_teams
from karibou_rules._errors import (
    FutureVersionError,
    GameOverError,
    IllegalActionError,
    KaribouError,
    NotYourTurnError,
    ParseError,
    PositionError,
    SeatError,
    SerializationError,
    StaleActionError,
    StalledGameError,
    VersionLimitError,
)
from karibou_rules._events import Event, EventKind, loads_event, seat_events
from karibou_rules._ids import action_from_id, action_id, max_legal_ids, num_distinct_actions
from karibou_rules._noticing import NoticingModel
from karibou_rules._play import next_actor, play_game
from karibou_rules._record import (
    MAX_MOVES,
    Record,
    RecordError,
    dumps_record,
    loads_record,
    move_digest,
    replay,
)
from karibou_rules._results import RoundEnd, RoundResult, RoundSummary
from karibou_rules._round import MAX_VERSION, Phase, SignRecord, SignSeen
from karibou_rules._serial import FORMAT, MAX_BYTES, dumps, loads, loads_action, loads_view
from karibou_rules._simulate import (
    GameRecord,
    endings_table,
    game_seed,
    round_endings,
    seat_bots,
    simulate,
)
from karibou_rules._state import State, from_position, new_game
from karibou_rules._svg import to_svg
from karibou_rules._view import View

COMPILED: bool = any(
    str(getattr(module, "__file__", "")).endswith(tuple(_EXTENSION_SUFFIXES))
    for name, module in list(_sys.modules.items()) if name.startswith(f"{__name__}."))
"""Whether Karibou Camp's engine runs compiled (True: the modules imported include the
extension modules mypyc built at install time) or as pure-Python sources (False); the same
games either way (docs/compiled.rst)."""

try:
    __version__ = _metadata.version("camp-rules")
    """The installed distribution's version (``0+unknown`` in a checkout never installed)."""
except _metadata.PackageNotFoundError:  # a checkout run without installing it
    __version__ = "0+unknown"

__all__ = [
    "ALL_ANIMALS",
    "BOTS",
    "COMPILED",
    "DECK",
    "FORMAT",
    "MAX_BYTES",
    "MAX_MOVES",
    "MAX_SEED",
    "MAX_VERSION",
    "PILE",
    "SIGNS",
    "SPECIES",
    "TILES",
    "Action",
    "AllAnimals",
    "Bot",
    "Card",
    "CompleteHand",
    "Config",
    "Event",
    "EventKind",
    "Exchange",
    "FutureVersionError",
    "GameOverError",
    "GameRecord",
    "HeuristicBot",
    "IllegalActionError",
    "KaribouError",
    "NotYourTurnError",
    "NoticingModel",
    "ParseError",
    "Pass",
    "Phase",
    "Pile",
    "PlacePawn",
    "PlayScout",
    "PositionError",
    "RandomBot",
    "Record",
    "RecordError",
    "Reveal",
    "RoundEnd",
    "RoundResult",
    "RoundSummary",
    "SeatError",
    "SerializationError",
    "Sign",
    "SignRecord",
    "SignSeen",
    "StaleActionError",
    "StalledGameError",
    "State",
    "Team",
    "Tile",
    "VersionLimitError",
    "View",
    "action_from_id",
    "action_id",
    "center_size",
    "describe_action",
    "describe_teams",
    "dumps",
    "dumps_record",
    "endings_table",
    "family_of",
    "format_cards",
    "from_position",
    "game_seed",
    "hand_size",
    "loads",
    "loads_action",
    "loads_event",
    "loads_record",
    "loads_view",
    "max_legal_ids",
    "move_digest",
    "new_game",
    "next_actor",
    "num_distinct_actions",
    "parse_action",
    "parse_cards",
    "parse_tile",
    "play_game",
    "replay",
    "round_endings",
    "round_teams",
    "seat_bots",
    "seat_events",
    "simulate",
    "team_cards",
    "to_svg",
]

# Tracebacks, reprs and doctests name each error by its public path
# (``karibou_rules.KaribouError``), not by the private module that defines it.
for _error in (globals()[name] for name in __all__):
    if isinstance(_error, type) and issubclass(_error, KaribouError):
        _error.__module__ = __name__
