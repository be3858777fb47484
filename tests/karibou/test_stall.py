"""Bot games end or say why not (issue 27, item 2): the heuristic bot signs its family
again until the round ends (the rulebook's "The Signs", KC-7, KC-19), ``play_game`` calls a
table that goes round without moving on stalled, and a bad noticing model is refused at
the call."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

import pytest

import karibou_rules as kc
from campers_rules._cli import main
from karibou_rules._play import STALL_LAPS
from tests.karibou.strategies import (
    BEAR,
    DUCK,
    ELK,
    MARMOT,
    POLECAT,
    RACCOON,
    SQUIRREL,
    F,
    P,
    V,
    rest_of_deck,
)

ACTIONS_BOUND = 5_000
"""Actions a heuristic game stays under: the longest of 750 simulated games (150 for
each of 3 to 7 players, simulation seed 3) took 940."""


class RevealOrPassBot(kc.Bot):
    """Reveals the center, then passes, and nothing else: the table goes round for ever."""

    def choose(
        self, view: kc.View, legal: Sequence[kc.Action], rng: random.Random
    ) -> kc.Action | None:
        return next((a for a in legal if isinstance(a, kc.Reveal | kc.Pass)), None)


OnAction = Callable[[kc.State, kc.Action, kc.State], None]
DEFAULT_NOTICING = kc.NoticingModel()


def _play(
    state: kc.State, bots: Sequence[kc.Bot], seed: int, on_action: OnAction | None = None,
    noticing: kc.NoticingModel | None = DEFAULT_NOTICING,
) -> kc.State:
    """``play_game`` stopped after :data:`ACTIONS_BOUND` actions."""
    return kc.play_game(state, bots, seed, on_action, noticing=noticing,
                        max_actions=ACTIONS_BOUND)


@pytest.mark.parametrize("players", range(3, 8))
def test_heuristic_self_play_ends_within_the_bound(players: int) -> None:
    """The rulebook's "The Signs", KC-19: heuristic tables end their games, over many
    seeds (and the simulation games that stalled before: seed 1, game 49 of 4 players)."""
    seeds = [kc.game_seed(11, index) for index in range(12)] + [kc.game_seed(1, 49)]
    for seed in seeds:
        final = _play(kc.new_game(players, seed), [kc.HeuristicBot()] * players, seed)
        assert final.is_over, (players, seed)


def _unnoticed_families(players: int) -> kc.State:
    """Every seat holds a family and has signed it, noticed by nobody (a legal KC-19 draw)."""
    teams = [V, V, P, P, F, F][:players]
    hands = [(species,) * 5 for species in (BEAR, SQUIRREL, MARMOT, POLECAT, RACCOON, ELK)]
    hands = hands[:players]
    center = (DUCK,) * (4 if players == 4 else 5)
    state = kc.from_position(teams, hands, center, rest_of_deck(*hands, center))
    for seat, hand in enumerate(hands):
        state = state.apply(kc.Sign(seat, hand[0], frozenset()))
    return state


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("seed", range(4))
def test_an_unnoticed_family_is_signed_again_until_the_round_ends(
    players: int, seed: int
) -> None:
    """The rulebook's "The Signs" (a player holding a family must signal it), KC-19:
    when every seat holds a family and nobody noticed its sign, the bots sign again
    each new center; someone notices and the round ends with a placement."""
    state = _unnoticed_families(players)
    bots = [kc.HeuristicBot()] * players
    signs: list[kc.Sign] = []

    def record(before: kc.State, action: kc.Action, after: kc.State) -> None:
        if isinstance(action, kc.Sign) and not before.round_results:
            signs.append(action)

    final = _play(state, bots, seed, record)
    assert final.round_results, "the round never ended"
    assert final.round_results[0].reason in (kc.RoundEnd.CLAIM, kc.RoundEnd.ACCUSATION)
    assert signs and {sign.species for sign in signs} <= {hand[0] for hand in state.hands}


def test_the_heuristic_signs_again_once_the_table_moves_on() -> None:
    """The rulebook's "The Signs": after its sign the bot passes; after a cleanup (a new
    version, KC-17) it signs again, once. A sign it chose that was not applied is chosen
    again (one bot may serve every seat, KC-12: it decides from the view)."""
    state = _unnoticed_families(4)
    bot, rng = kc.HeuristicBot(), random.Random(0)
    for _ in range(2):  # the same view gets the same answer while the sign has not landed
        assert bot.choose(state.view(0), state.legal_actions(0), rng) == kc.Sign(0, BEAR)
    state = state.apply(kc.Sign(0, BEAR, frozenset()))
    assert bot.choose(state.view(0), state.legal_actions(0), rng) == kc.Pass(0)
    for seat in range(4):
        state = state.apply(kc.Pass(seat))  # the fourth pass clears the center
    assert state.phase is kc.Phase.DEALT
    assert bot.choose(state.view(0), state.legal_actions(0), rng) == kc.Sign(0, BEAR)
    state = state.apply(kc.Sign(0, BEAR, frozenset()))
    assert bot.choose(state.view(0), state.legal_actions(0), rng) == kc.Reveal(0)


@pytest.mark.parametrize(("players", "seed"), [(3, 0), (4, 5), (5, 2**40), (6, 2**64 - 7), (7, 3)])
def test_a_stalled_table_raises_naming_the_seed_and_the_position(
    players: int, seed: int
) -> None:
    """Bots that only reveal and pass go round for ever: ``play_game`` raises
    ``StalledGameError`` after ``STALL_LAPS`` laps (each a reveal and at most one pass a
    seat), naming the seed and the position, and leaves the state it stalled in."""
    start = kc.new_game(players, seed)
    count = 0

    def counter(*_: object) -> None:
        nonlocal count
        count += 1

    with pytest.raises(kc.StalledGameError) as raised:
        kc.play_game(start, [RevealOrPassBot()] * players, seed, counter)
    error = raised.value
    assert isinstance(error, kc.KaribouError)
    assert error.seed == seed and isinstance(error.state, kc.State)
    assert error.state.version == start.version + 2 * STALL_LAPS
    assert count <= STALL_LAPS * (players + 1)
    message = str(error)
    assert f"seed {seed}" in message and f"version {error.state.version}" in message
    hands = error.state.hands
    assert all(kc.format_cards(hand) in message for hand in hands)


def test_a_stalled_simulation_names_the_game_and_the_cli_exits_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A simulation whose bots stall raises ``StalledGameError`` naming the game and its
    seed; ``camp-rules simulate`` reports it in one line with exit status 1 (a failure
    while running, not bad input)."""
    monkeypatch.setitem(kc.BOTS, "passer", RevealOrPassBot)
    records = kc.simulate(games=3, players=4, bots=("passer",), seed=9)
    with pytest.raises(kc.StalledGameError) as raised:
        list(records)
    assert str(raised.value).startswith("game 0: ")
    assert f"seed {kc.game_seed(9, 0)}" in str(raised.value)
    code = main(["simulate", "karibou", "--bots", "passer", "--games", "2", "--players",
                 "5", "--seed", "4", "--quiet"])
    err = capsys.readouterr().err
    assert code == 1
    assert len(err.strip().splitlines()) == 1
    assert "stalled" in err and f"seed {kc.game_seed(4, 0)}" in err


class _Waiter(kc.Bot):
    def choose(
        self, view: kc.View, legal: Sequence[kc.Action], rng: random.Random
    ) -> kc.Action | None:
        return None


def test_a_simulated_game_whose_bots_all_wait_is_stalled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """KC-19: ``play_game`` stops when every seat waits; a simulation cannot record such a
    game and raises ``StalledGameError`` naming the game, its seed and the position."""
    monkeypatch.setitem(kc.BOTS, "waiter", _Waiter)
    stopped = r"^game 0: the bots stopped short of the end, every seat waiting"
    with pytest.raises(kc.StalledGameError, match=stopped) as raised:
        list(kc.simulate(games=1, players=3, bots=("waiter",), seed=2))
    assert raised.value.seed == kc.game_seed(2, 0)
    assert raised.value.state == kc.new_game(3, kc.game_seed(2, 0))


def _broken_model(teammate: object, opponent: object) -> kc.NoticingModel:
    """A model whose chances were changed behind its validators' back."""
    model = kc.NoticingModel()
    object.__setattr__(model, "teammate", teammate)
    object.__setattr__(model, "opponent", opponent)
    return model


BAD_NOTICING = [
    "x", 0.8, 1, 0, True, False, math.nan, math.inf, (0.8, 0.3), {"teammate": 0.8},
    kc.NoticingModel, kc.HeuristicBot(), _broken_model(math.nan, 0.3),
    _broken_model(1.5, 0.3), _broken_model(0.3, 0.8), _broken_model(True, 0.0),
]  # fmt: skip


@pytest.mark.parametrize(
    "noticing", BAD_NOTICING, ids=[f"{i}-{type(v).__name__}" for i, v in enumerate(BAD_NOTICING)]
)
def test_a_bad_noticing_model_is_refused_at_the_call(noticing: object) -> None:
    """KC-19: ``noticing`` is a ``NoticingModel`` (valid chances) or ``None``; anything
    else is refused with ``KaribouError`` before any game is played (it used to be an
    ``AttributeError`` at the first sign)."""
    state = kc.new_game(4, 1)
    bots = [kc.HeuristicBot()] * 4
    with pytest.raises(kc.KaribouError, match="KC-19"):
        kc.play_game(state, bots, 1, noticing=noticing)  # type: ignore[call-overload]
    with pytest.raises(kc.KaribouError, match="KC-19"):
        kc.simulate(games=2, players=4, noticing=noticing)  # type: ignore[arg-type]
    with pytest.raises(kc.KaribouError, match="KC-19"):
        kc.round_endings(2, 4, noticing=noticing)  # type: ignore[arg-type]


@pytest.mark.parametrize("noticing", [None, kc.NoticingModel(1.0, 0.0), kc.NoticingModel(0.5, 0)])
def test_good_noticing_models_play(noticing: kc.NoticingModel | None) -> None:
    """KC-19, KC-7: a model (ints among its chances) or ``None`` is accepted and plays."""
    final = _play(kc.new_game(5, 3), [kc.HeuristicBot()] * 5, 3, noticing=noticing)
    assert final.is_over
