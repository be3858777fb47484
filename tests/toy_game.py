"""A tiny game with the project's API shape, used to test the conformance harness itself.

Players take turns removing one or two counters from a pile whose size comes from the
seed; whoever takes the last counter scores a point. ``broken`` switches on one defect
at a time, so the tests can show that the harness catches each kind of defect. The game
offers the embedding API too: versions, a stale-action error, action JSON, views that
list their seat's moves.
"""

from __future__ import annotations

import itertools
import json
import random

import attrs


class ToyError(ValueError):
    """Root error of the toy game."""


class StaleActionError(ToyError):
    """An action sent against an earlier version of the state."""


@attrs.frozen
class Take:
    player: int
    count: int


@attrs.frozen
class ToyView:
    """One seat's view: the whole (public) state, and the seat's moves."""

    player: int
    state: ToyState

    @property
    def version(self) -> int:
        return self.state.version

    def legal_actions(self) -> list[Take]:
        if self.state.broken == "view-actions":
            return []
        return self.state.legal_actions(self.player)


@attrs.frozen
class ToyState:
    num_players: int
    pile: int
    turn: int
    scores: tuple[int, ...]
    broken: str = ""
    version: int = 0

    @property
    def is_over(self) -> bool:
        return self.pile == 0

    @property
    def actors(self) -> frozenset[int]:
        if self.broken == "no-end":
            return frozenset({self.turn})
        return frozenset() if self.is_over else frozenset({self.turn})

    @property
    def winners(self) -> frozenset[int]:
        best = max(self.scores)
        return frozenset(p for p, s in enumerate(self.scores) if s == best)

    def legal_actions(self, player: int) -> list[Take]:
        if self.broken == "everyone" and not self.is_over:
            return [Take(player, 1)]
        if player not in self.actors:
            return []
        options = [Take(player, n) for n in (1, 2) if n <= self.pile]
        if self.broken == "duplicates":
            options = options + options[:1]
        if self.broken == "no-end" and self.pile == 0:
            options = [Take(player, 0)]
        return options

    def _stale(self, version: int | None) -> bool:
        return version is not None and version != self.version and self.broken != "no-stale"

    def is_legal(self, action: Take, version: int | None = None) -> bool:
        return not self._stale(version) and action in self.legal_actions(action.player)

    def apply(self, action: Take, version: int | None = None) -> ToyState:
        if self._stale(version):
            raise StaleActionError(f"stale: {action} against {version}, now {self.version}")
        if self.broken != "accepts-illegal" and not self.is_legal(action):
            raise ToyError(f"illegal: {action}")
        pile = max(0, self.pile - action.count)
        scores = list(self.scores)
        if pile == 0 and self.pile > 0:
            scores[action.player] += 1
        nxt = (self.turn + 1) % self.num_players
        return attrs.evolve(
            self, pile=pile, turn=nxt, scores=tuple(scores), version=self.version + 1
        )

    def view(self, player: int) -> ToyView:
        return ToyView(player, self)


_CALLS = itertools.count()


def new_game(players: int, seed: int, broken: str = "") -> ToyState:
    pile = random.Random(seed).randint(3, 12)
    if broken == "unseeded":
        pile = 3 + next(_CALLS) % 10
    return ToyState(players, pile, 0, (0,) * players, broken)


def dumps(obj: ToyState | ToyView | Take) -> str:
    if isinstance(obj, Take):
        return json.dumps({"type": "Take", **attrs.asdict(obj)})
    if isinstance(obj, ToyView):
        return json.dumps({"player": obj.player, "state": attrs.asdict(obj.state)})
    return json.dumps(attrs.asdict(obj))


def loads_action(text: str, broken: str = "") -> Take:
    data = json.loads(text)
    if data.pop("type") != "Take":
        raise ToyError(f"not an action: {text}")
    if broken == "lossy-action-json":
        data["count"] = 1
    return Take(**data)


def loads(text: str) -> ToyState:
    data = json.loads(text)
    if data["broken"] == "lossy-json":
        data["scores"] = [0] * data["num_players"]
    data["scores"] = tuple(data["scores"])
    return ToyState(**data)
