"""The two games as the server reaches them: through each package's public names only.

>>> rules = RULES["karibou"]
>>> state = rules.new_game(4, 7, None)
>>> rules.parse({"type": "Reveal", "player": 0}), rules.parse("p1 pass")
(Reveal(player=0), Pass(player=1))
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from types import ModuleType
from typing import Any

import attrs

import campers_rules
import karibou_rules
from camp_server._storage import StoredGame

MAX_SEED = min(campers_rules.MAX_SEED, karibou_rules.MAX_SEED)
"""The largest seed a game may be created with."""


class RequestError(ValueError):
    """A request the server cannot read: the server answers 400 with its message."""


@attrs.frozen
class Rules:
    """One game's package, and what the server asks of it.

    Attributes:
        name: ``"campers"`` or ``"karibou"``.
        package: ``campers_rules`` or ``karibou_rules``.
        error: The package's root error (``CampersError`` or ``KaribouError``).
        format: The package's ``FORMAT``, stored with each game it starts.
    """

    name: str
    package: ModuleType
    error: type[ValueError]
    format: str

    def new_game(self, players: int, seed: int, rounds: int | None) -> Any:
        """The seeded deal. An Unhappy Campers game asks every seat in each Bear Spray
        window, so that waiting tells nobody who holds one (UC-14).

        Raises:
            CampersError | KaribouError: No game of this many players, or bad rounds.
            RequestError: ``rounds`` given for Karibou Camp (its games play to 9 points).
        """
        if self.name == "karibou":
            if rounds is not None:
                raise RequestError("karibou games have no rounds option (they play to 9)")
            return self.package.new_game(players, seed)
        config = campers_rules.Config(ask_everyone=True)
        if rounds is not None:
            config = campers_rules.Config(rounds=rounds, ask_everyone=True)
        return self.package.new_game(players, seed, config)

    def parse(self, sent: object) -> Any:
        """The action a seat sent: its text, or its JSON object (``dumps(action)``).

        Raises:
            RequestError: Neither text nor an object, unreadable, or a build step of
                Unhappy Campers (the server takes whole actions, UC-7).
        """
        try:
            if isinstance(sent, str):
                action = self.package.parse_action(sent)
            elif isinstance(sent, dict):
                action = self.package.loads_action(json.dumps(sent))
            else:
                raise RequestError("an action is its text or its JSON object")
        except self.error as error:
            raise RequestError(str(error)) from None
        if not isinstance(action, self.package.Action):
            raise RequestError(f"{action} is a build step: send the whole action (UC-7)")
        return action

    def bot(self, kind: str) -> Any:
        """A new bot of this kind (``"bot:heuristic"`` or ``"bot:random"``).

        Raises:
            KeyError: No such bot.
        """
        return self.package.BOTS[kind.removeprefix("bot:")]()

    def noticed(self, state: Any, action: Any, rng: random.Random) -> Any:
        """The action as applied: a Karibou Camp sign gets who noticed it from the seeded
        noticing model (KC-19), whatever the sender said; other actions are themselves."""
        if not isinstance(action, karibou_rules.Sign):
            return action
        seen = karibou_rules.NoticingModel().draw(state.teams, action.player, rng)
        return karibou_rules.Sign(action.player, action.species, seen)

    def events(self, before: Any, action: Any, after: Any, seat: int) -> list[Any]:
        """What ``seat`` learns from the action, each event as a JSON object."""
        return [json.loads(self.package.dumps(event))
                for event in self.package.seat_events(before, action, after, seat)]

    def start(self, stored: StoredGame) -> Any:
        """The stored game's start: its start position, or its seeded deal.

        Raises:
            CampersError | KaribouError: The position does not load, or (as
                :meth:`new_game`) no such game.
            RequestError: As :meth:`new_game`.
        """
        if stored.start is not None:
            return self.package.loads(stored.start)
        return self.new_game(stored.players, int(stored.seed or 0), stored.rounds)

    def record(self, start: Any, actions: Sequence[Any], seed: int | None,
               players: Sequence[str]) -> str:
        """The game's record (``dumps_record``).

        Raises:
            RecordError: An action does not apply where it stands.
        """
        text: str = self.package.dumps_record(start, actions, seed=seed, players=players)
        return text


RULES = {
    "campers": Rules("campers", campers_rules, campers_rules.CampersError,
                     campers_rules.FORMAT),
    "karibou": Rules("karibou", karibou_rules, karibou_rules.KaribouError,
                     karibou_rules.FORMAT),
}
"""The games the server hosts, by name."""

KINDS = ("human", *(f"bot:{name}" for name in sorted(campers_rules.BOTS)))
"""What may sit at a seat."""
