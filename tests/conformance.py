"""One API conformance check that every game of this project is run through.

It plays random legal games from many seeds and checks, at every step, the invariants
that the reference engines' harnesses check (OpenSpiel's random-simulation test,
PettingZoo's API and seed tests, pgx's API test):

* legal actions are unique, each belongs to its player, each passes ``is_legal`` and
  each can be applied;
* a player who is not among ``state.actors`` has no legal action, and a finished game
  has no actor and no legal action;
* a state equals its JSON round trip, and every player's view serializes;
* an action that is not legal now raises the package's typed error and leaves the state
  unchanged (the candidates are actions that were legal earlier in the game);
* the same seed and the same actions give equal states;
* the game ends within a bound of steps;
* versions (UC-32, KC-17): every listed action applies when sent with the state's
  version, and the same action sent with an older version raises the package's
  ``StaleActionError``, ``is_legal`` says False, and the state is left equal; every view
  carries the state's version;
* every listed action survives its JSON round trip (``loads_action(dumps(action))``);
* every seat's view lists exactly the seat's legal actions (``view.legal_actions()``).

A game plugs in by describing itself with :class:`GameUnderTest`. Its module must offer
the shared API shape: ``new_game(players, seed)``, a frozen ``State`` with
``num_players``, ``actors``, ``legal_actions(player)``, ``is_legal(action)``,
``apply(action)``, ``view(player)``, ``is_over``, ``scores``, ``winners``, actions with a
``player`` attribute, and ``dumps``/``loads``; and the embedding API (EMBED_API):
``state.version``, ``apply(action, version)``, ``is_legal(action, version)``,
``view(p).version`` and ``view(p).legal_actions()``, ``dumps(action)``, and, unless given
in :class:`GameUnderTest`, ``loads_action`` and ``StaleActionError`` exported by the
package (or module) that defines the game's State class.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import attrs


@attrs.frozen
class GameUnderTest:
    """How the harness reaches one game."""

    name: str
    new_game: Callable[[int, int], Any]
    """Builds a game from (number of players, seed)."""
    player_counts: Sequence[int]
    dumps: Callable[[Any], str]
    loads: Callable[[str], Any]
    error: type[Exception]
    """The package's root error: every rejection must be an instance of it."""
    max_steps: int = 20_000
    """A random game must be over within this many applied actions."""
    apply_all_limit: int = 40
    """Apply every legal action when there are at most this many, else a sample of it."""
    roundtrip_every: int = 1
    """Check the JSON round trip every this many steps (1: every step)."""
    choose_actor: Callable[[Any, random.Random], int] | None = None
    """Optional scheduler; by default a uniformly random actor acts next."""
    loads_action: Callable[[str], Any] | None = None
    """Reads an action's JSON; by default the game package's ``loads_action``."""
    stale_error: type[Exception] | None = None
    """The error of a stale action; by default the game package's ``StaleActionError``."""


def _package_api(game: GameUnderTest, state: Any, name: str) -> Any:
    """The given hook, else ``name`` from the module or package defining the State class."""
    given = game.loads_action if name == "loads_action" else game.stale_error
    if given is not None:
        return given
    module = type(state).__module__
    for where in (module, module.split(".")[0]):
        found = getattr(importlib.import_module(where), name, None)
        if found is not None:
            return found
    raise AssertionError(f"{game.name}: the package of {type(state).__name__} has no {name}")


@attrs.frozen
class PlayedGame:
    """A finished random game: its seed, the actions applied and the states seen."""

    seed: int
    players: int
    actions: tuple[Any, ...]
    final: Any


def play_random_game(
    game: GameUnderTest, players: int, seed: int, *, check: bool = True
) -> PlayedGame:
    """Play one game by uniformly random legal actions, checking every invariant."""
    rng = random.Random(seed * 7919 + players)
    state = game.new_game(players, seed)
    played: list[Any] = []
    earlier: dict[Hashable, Any] = {}
    for _ in range(game.max_steps):
        if check:
            _check_state(game, state, rng, earlier)
        if state.is_over:
            return PlayedGame(seed, players, tuple(played), state)
        actor = _pick_actor(game, state, rng)
        options = list(state.legal_actions(actor))
        assert options, f"{game.name}: actor {actor} has no legal action"
        action = rng.choice(options)
        for option in options[:8]:
            earlier.setdefault(option, option)
        state = state.apply(action)
        played.append(action)
    raise AssertionError(f"{game.name}: game with seed {seed} not over after {game.max_steps}")


def _pick_actor(game: GameUnderTest, state: Any, rng: random.Random) -> int:
    if game.choose_actor is not None:
        return game.choose_actor(state, rng)
    return int(rng.choice(sorted(state.actors)))


def _check_state(
    game: GameUnderTest, state: Any, rng: random.Random, earlier: dict[Hashable, Any]
) -> None:
    actors = set(state.actors)
    assert actors <= set(range(state.num_players)), f"unknown actors {actors}"
    if state.is_over:
        assert not actors, "a finished game has actors"
        assert len(state.scores) == state.num_players
        assert state.winners, "a finished game has winners"
    for player in range(state.num_players):
        options = list(state.legal_actions(player))
        assert len(options) == len(set(options)), f"duplicate legal actions for {player}"
        if player not in actors:
            assert not options, f"player {player} is not an actor but has legal actions"
        for option in options:
            assert option.player == player, f"{option} listed for player {player}"
            assert state.is_legal(option), f"{option} listed but not is_legal"
        view = state.view(player)
        assert view.version == state.version, f"view of {player} has another version"
        assert list(view.legal_actions()) == options, f"view of {player} lists other actions"
        _check_action_json(game, state, options)
        if len(options) > game.apply_all_limit:
            options = rng.sample(options, game.apply_all_limit)
        for option in options:
            assert state.apply(option, state.version) == state.apply(option), (
                f"{option} sent with the current version gives another state"
            )
        _check_stale_rejected(game, state, options)
    if actors:
        assert any(list(state.legal_actions(p)) for p in actors), "no actor can act"
    if rng.randrange(game.roundtrip_every) == 0:
        text = game.dumps(state)
        assert game.loads(text) == state, "state differs from its JSON round trip"
        for player in range(state.num_players):
            game.dumps(state.view(player))
    _check_illegal_actions_rejected(game, state, earlier)


def _check_action_json(game: GameUnderTest, state: Any, options: Sequence[Any]) -> None:
    """Every listed action reads back equal from its JSON."""
    loads_action = _package_api(game, state, "loads_action")
    for option in options:
        assert loads_action(game.dumps(option)) == option, f"{option} differs from its JSON"


def _check_stale_rejected(game: GameUnderTest, state: Any, options: Sequence[Any]) -> None:
    """Sent with an older version, an action is stale: refused, the state left equal."""
    version = state.version
    assert type(version) is int and version >= 0, f"version {version!r} is not an int >= 0"
    if version == 0:
        return
    stale = _package_api(game, state, "StaleActionError")
    before = game.dumps(state)
    for option in options:
        assert not state.is_legal(option, version - 1), f"stale {option} is_legal"
        try:
            state.apply(option, version - 1)
        except stale:
            pass
        else:
            raise AssertionError(f"{option} sent with version {version - 1} was applied")
        assert game.dumps(state) == before, f"refusing stale {option} changed the state"


def _check_illegal_actions_rejected(
    game: GameUnderTest, state: Any, earlier: dict[Hashable, Any]
) -> None:
    before = game.dumps(state)
    for action in list(earlier.values())[-24:]:
        if state.is_legal(action):
            continue
        try:
            state.apply(action)
        except game.error:
            pass
        else:
            raise AssertionError(f"illegal {action} was applied")
        assert game.dumps(state) == before, f"rejecting {action} changed the state"


def check_determinism(game: GameUnderTest, players: int, seed: int) -> None:
    """Replaying the same actions from the same seed gives equal states."""
    first = play_random_game(game, players, seed, check=False)
    state = game.new_game(players, seed)
    assert state == game.new_game(players, seed), "new_game is not deterministic"
    for action in first.actions:
        state = state.apply(action)
    assert state == first.final, "replay from the same seed gave another state"
    second = play_random_game(game, players, seed, check=False)
    assert second.actions == first.actions, "random play with the same seed diverged"


def run_conformance(game: GameUnderTest, seeds: Sequence[int]) -> list[PlayedGame]:
    """Run every check for every player count and seed; return the games played."""
    games = []
    for players in game.player_counts:
        for seed in seeds:
            games.append(play_random_game(game, players, seed))
        check_determinism(game, players, seeds[0])
    return games
