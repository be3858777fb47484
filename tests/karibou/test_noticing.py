"""Who notices a sign in bot games (KC-19), the scheduler of bot games, and the
round-endings measurement that shows their effect."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import karibou_rules as kc

Script = Callable[[kc.View, Sequence[kc.Action]], "kc.Action | None"]


def test_round_endings_count_every_round_of_the_simulation() -> None:
    """round_endings tallies the RoundEnd of every round that simulate plays."""
    records = list(kc.simulate(games=6, players=5, bots=("heuristic", "random"), seed=4))
    expected = Counter(end for record in records for end in record.round_ends)
    assert kc.round_endings(games=6, players=5, bots=("heuristic", "random"), seed=4) == expected
    assert expected.total() == sum(record.rounds for record in records)


def test_endings_table_has_one_column_per_player_count_summing_to_all_rounds() -> None:
    """endings_table: one row per RoundEnd, shares of each column add up to 100%."""
    table = kc.endings_table(games=3, seed=2, players=[3, 6]).splitlines()
    rows = {line.split()[0]: line.split()[1:] for line in table if not line.startswith("=")}
    assert rows["round"] == ["ends", "3", "p", "6", "p"]
    assert set(rows) - {"round", "rounds"} == {end.value for end in kc.RoundEnd}
    for column in range(2):
        shares = [float(rows[end.value][column].rstrip("%")) for end in kc.RoundEnd]
        assert abs(sum(shares) - 100) < 0.5
        rounds = kc.round_endings(games=3, players=[3, 6][column], seed=2).total()
        assert int(rows["rounds"][column]) == rounds


def _team_layouts() -> list[tuple[kc.Team, ...]]:
    return [kc.team_cards(players) for players in range(3, 8)]


def test_kc19_noticing_is_seeded_and_reproducible() -> None:
    """KC-19: the same model and seed draw the same noticers; the draws vary with the
    seed; a bot game's recorded signs are the same for the same seed."""
    model = kc.NoticingModel()
    for teams in _team_layouts():
        for signer in range(len(teams)):
            first = [model.draw(teams, signer, random.Random(9)) for _ in range(3)]
            again = [model.draw(teams, signer, random.Random(9)) for _ in range(3)]
            assert first == again
            stream = random.Random(9)
            series = [model.draw(teams, signer, stream) for _ in range(40)]
            assert len(set(series)) > 1
            assert all(signer not in seen and seen <= set(range(len(teams))) for seen in series)

    def signs(seed: int) -> list[kc.SignRecord]:
        records: list[kc.SignRecord] = []

        def keep(before: kc.State, action: kc.Action, after: kc.State) -> None:
            records.extend(after.signs[len(before.signs) :])

        kc.play_game(kc.new_game(5, seed), [kc.HeuristicBot()] * 5, seed, keep)
        return records

    assert signs(3) == signs(3) and signs(3)
    assert signs(3) != signs(4)


@pytest.mark.parametrize(("teammate", "opponent"), [(0.8, 0.3), (0.5, 0.1), (1.0, 0.0)])
def test_kc19_teammate_notices_more_often_than_each_opponent(
    teammate: float, opponent: float
) -> None:
    """KC-19: over many seeded draws the teammate notices with about its chance and more
    often than each opponent, who notices with about the opponent chance; the Coyote's
    signs are seen by everyone with the opponent chance."""
    model = kc.NoticingModel(teammate=teammate, opponent=opponent)
    draws = 4000
    for teams in _team_layouts():
        rng = random.Random(19)
        for signer in range(len(teams)):
            seen = Counter(seat for _ in range(draws) for seat in model.draw(teams, signer, rng))
            partner = next(
                (s for s, team in enumerate(teams) if team is teams[signer] and s != signer
                 and team is not kc.Team.COYOTE),
                None,
            )  # fmt: skip
            for seat in range(len(teams)):
                share = seen[seat] / draws
                if seat == signer:
                    assert share == 0
                elif seat == partner:
                    assert abs(share - teammate) < 0.04, (teams, signer, seat, share)
                else:
                    assert abs(share - opponent) < 0.04, (teams, signer, seat, share)
                    if partner is not None:
                        assert seen[partner] > seen[seat]


@pytest.mark.parametrize(
    ("teammate", "opponent"), [(0.3, 0.3), (0.2, 0.5), (1.5, 0.1), (0.8, -0.1), ("0.8", 0.1),
                               (True, 0.0)]
)  # fmt: skip
def test_kc19_model_validates_its_chances(teammate: object, opponent: object) -> None:
    """KC-19: chances lie in [0, 1] and the teammate is more likely than an opponent."""
    with pytest.raises(ValueError, match="KC-19"):
        kc.NoticingModel(teammate=teammate, opponent=opponent)  # type: ignore[arg-type]


class _Scripted(kc.Bot):
    """A bot that follows a script: its first listed wish that is legal, else it waits."""

    def __init__(self, script: Script) -> None:
        self.script = script

    def choose(
        self, view: kc.View, legal: Sequence[kc.Action], rng: random.Random
    ) -> kc.Action | None:
        return self.script(view, legal)


def _waits(view: kc.View, legal: Sequence[kc.Action]) -> kc.Action | None:
    return None


def _first(legal: Sequence[kc.Action], kind: type) -> kc.Action:
    return next(action for action in legal if isinstance(action, kind))


def _steps(
    state: kc.State, bots: Sequence[kc.Bot], seed: int, max_actions: int = 50, **options: object
) -> list[tuple[kc.State, kc.Action, kc.State]]:
    steps: list[tuple[kc.State, kc.Action, kc.State]] = []
    kc.play_game(state, bots, seed, lambda *step: steps.append(step), max_actions=max_actions,
                 **options)  # type: ignore[call-overload]  # fmt: skip
    return steps


@pytest.mark.parametrize("claimed", [frozenset(), None, "everyone"])
def test_kc19_the_signer_never_chooses_who_noticed(claimed: object) -> None:
    """KC-19: whatever ``noticed_by`` a bot puts on its sign, the driver replaces it by a
    draw of the noticing model (here: the teammate always, opponents never)."""
    model = kc.NoticingModel(teammate=1.0, opponent=0.0)
    for players in range(3, 8):
        state = kc.new_game(players, seed=players)

        def signs(view: kc.View, legal: Sequence[kc.Action]) -> kc.Action:
            everyone = frozenset(range(view.num_players))
            noticed = everyone - {view.player} if claimed == "everyone" else claimed
            return kc.Sign(view.player, kc.Card.DUCK, noticed)  # type: ignore[arg-type]

        steps = _steps(state, [_Scripted(signs)] * players, seed=1, max_actions=40,
                       noticing=model)  # fmt: skip
        assert len(steps) == 40
        for before, action, after in steps:
            mate = before.teammate(action.player)
            assert after.signs[-1].noticed_by == (frozenset() if mate is None else {mate})
            assert isinstance(action, kc.Sign)
            assert action.noticed_by == after.signs[-1].noticed_by


def test_kc19_without_a_model_every_other_seat_notices() -> None:
    """KC-19 with ``noticing=None``: the KC-7 default, every other seat notices."""
    state = kc.new_game(4, seed=2)
    bots = [_Scripted(lambda view, legal: kc.Sign(view.player, kc.Card.ELK, frozenset()))] * 4
    for _, action, after in _steps(state, bots, seed=5, max_actions=12, noticing=None):
        assert after.signs[-1].noticed_by == frozenset(range(4)) - {action.player}


@pytest.mark.parametrize("players", range(3, 8))
def test_kc19_the_scheduler_asks_a_seat_that_passed(players: int) -> None:
    """KC-19: in a bot game a seat that passed is still asked: it may sign, then place
    the pawn (the other seats wait throughout)."""
    for seat in range(players):

        def script(view: kc.View, legal: Sequence[kc.Action]) -> kc.Action | None:
            if view.phase is kc.Phase.DEALT:
                return kc.Reveal(view.player)
            if view.player not in view.passed:
                return kc.Pass(view.player)
            if not view.signs:
                return kc.Sign(view.player, kc.Card.BEAR)
            return _first(legal, kc.PlacePawn)

        bots = [_Scripted(script) if s == seat else _Scripted(_waits) for s in range(players)]
        steps = _steps(kc.new_game(players, seed=seat), bots, seed=seat)
        kinds = [type(action) for _, action, _ in steps]
        assert kinds[:4] == [kc.Reveal, kc.Pass, kc.Sign, kc.PlacePawn]
        assert all(seat in before.passed for before, _, _ in steps[2:4])
        assert steps[3][2].round_results[-1].placed_by == seat


def _scout_game(players: int) -> tuple[kc.State, int]:
    """A new game and a seat holding a Scout in it."""
    for seed in range(100):
        state = kc.new_game(players, seed)
        holders = [s for s, hand in enumerate(state.hands) if kc.Card.SCOUT in hand]
        if holders:
            return state, holders[0]
    raise AssertionError("no Scout dealt")


@pytest.mark.parametrize("players", range(3, 8))
def test_kc19_during_a_scout_cleanup_other_seats_sign_and_place_the_pawn(players: int) -> None:
    """KC-19: while the Scout's player has not completed the hand, the other seats are
    asked too: each may sign, and one places the pawn."""
    state, scout = _scout_game(players)

    def scouting(view: kc.View, legal: Sequence[kc.Action]) -> kc.Action | None:
        if view.phase is kc.Phase.DEALT:
            return kc.Reveal(view.player)
        scout_now = view.phase is kc.Phase.EXCHANGE and kc.Card.SCOUT in view.hand
        return kc.PlayScout(view.player) if scout_now else None

    def watcher(view: kc.View, legal: Sequence[kc.Action]) -> kc.Action | None:
        if view.phase is not kc.Phase.SCOUT:
            return None
        if not any(sign.player == view.player for sign in view.signs):
            return kc.Sign(view.player, kc.Card.RACCOON)
        if len({sign.player for sign in view.signs}) == players - 1:
            return _first(legal, kc.PlacePawn)
        return None

    bots = [_Scripted(scouting if s == scout else watcher) for s in range(players)]
    steps = _steps(state, bots, seed=players, noticing=None)
    steps = steps[: next(i for i, step in enumerate(steps) if step[2].round_results) + 1]
    during = [(before, action) for before, action, _ in steps if before.phase is kc.Phase.SCOUT]
    signers = {action.player for _, action in during if isinstance(action, kc.Sign)}
    assert signers == set(range(players)) - {scout}
    pawns = [action for _, action in during if isinstance(action, kc.PlacePawn)]
    assert len(pawns) == 1 and pawns[0].player != scout


def test_kc19_play_stops_when_every_seat_waits() -> None:
    """KC-19 scheduler: a seat that waits is not asked again until an action; when all
    seats have waited since the last action, play stops (the bots are stuck)."""
    asked: list[int] = []

    def script(view: kc.View, legal: Sequence[kc.Action]) -> kc.Action | None:
        asked.append(view.player)
        return kc.Reveal(view.player) if view.player == 2 and view.phase is kc.Phase.DEALT else None

    start = kc.new_game(5, seed=1)
    final = kc.play_game(start, [_Scripted(script)] * 5, seed=3)
    assert final == start.apply(kc.Reveal(2))
    before_reveal = asked[: asked.index(2) + 1]
    assert len(before_reveal) == len(set(before_reveal))
    after_reveal = asked[len(before_reveal) :]
    assert sorted(after_reveal) == [0, 1, 2, 3, 4]


class _Claiming(kc.HeuristicBot):
    """The heuristic bot, writing its own choice of noticers on every sign it makes."""

    def __init__(self, claim: frozenset[int]) -> None:
        super().__init__()
        self.claim = claim

    def choose(
        self, view: kc.View, legal: Sequence[kc.Action], rng: random.Random
    ) -> kc.Action | None:
        action = super().choose(view, legal, rng)
        if isinstance(action, kc.Sign):
            return kc.Sign(action.player, action.species, self.claim - {view.player})
        return action


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(3, 7),
    seed=st.integers(0, 2**32),
    claims=st.lists(st.frozensets(st.integers(0, 6)), min_size=2, max_size=2),
)
def test_kc19_what_a_signer_writes_never_changes_the_game(
    players: int, seed: int, claims: list[frozenset[int]]
) -> None:
    """KC-19: bots that write different noticers on their signs play the same game,
    sign for sign, as the plain heuristic bot: only the driver's draw counts."""
    games = []
    for bots in (
        [_Claiming(frozenset(c for c in claims[0] if c < players))] * players,
        [_Claiming(frozenset(c for c in claims[1] if c < players))] * players,
        [kc.HeuristicBot()] * players,
    ):
        games.append(kc.play_game(kc.new_game(players, seed), bots, seed, max_actions=400))
    assert games[0] == games[1] == games[2]


def test_kc19_a_bot_signs_only_for_its_own_seat() -> None:
    """KC-19: the driver draws the noticers of the asked seat's sign, so a bot may not
    act (sign or otherwise) for another seat; the game refuses it with a typed error."""
    impostor = _Scripted(lambda view, legal: kc.Sign((view.player + 1) % 3, kc.Card.DUCK))
    with pytest.raises(kc.NotYourTurnError, match="own seat"):
        kc.play_game(kc.new_game(3, seed=1), [impostor] * 3, seed=1)
