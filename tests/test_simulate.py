"""Simulations give the same records whatever executor runs them (issue 6)."""

from __future__ import annotations

import re
from concurrent.futures import ProcessPoolExecutor

import pytest

import karibou_rules as kc
from campers_rules._summary import summarize, win_standings


def test_karibou_process_pool_matches_serial() -> None:
    """Two worker processes give exactly the records of a plain serial run."""
    serial = list(kc.simulate(games=10, players=5, bots=("heuristic", "random"), seed=3))
    with ProcessPoolExecutor(2) as pool:
        pooled = list(
            kc.simulate(games=10, players=5, bots=("heuristic", "random"), seed=3, executor=pool)
        )
    assert pooled == serial
    assert [r.index for r in serial] == list(range(10))


def test_dask_two_workers_match_one() -> None:
    """A Dask LocalCluster with 2 workers gives the records of one with 1 worker."""
    distributed = pytest.importorskip("distributed")

    def run(workers: int) -> list[kc.GameRecord]:
        with (
            distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,
            distributed.Client(cluster) as client,
        ):
            return list(kc.simulate(games=12, players=4, bots=("heuristic",), seed=5,
                                    executor=client))

    assert run(2) == run(1)


def test_seats_rotate_and_seeds_differ() -> None:
    records = list(kc.simulate(games=3, players=3, bots=("heuristic", "random"), seed=0))
    assert records[0].bots == ("heuristic", "random", "heuristic")
    assert records[1].bots == ("random", "heuristic", "random")
    assert len({r.seed for r in records}) == 3


def test_bad_arguments_are_typed_errors_at_the_call() -> None:
    """simulate checks its arguments when called, before any game is played."""
    with pytest.raises(kc.KaribouError, match="unknown bots"):
        kc.simulate(games=1, players=3, bots=("nobody",))
    with pytest.raises(kc.KaribouError, match="games"):
        kc.simulate(games=-1, players=3)
    with pytest.raises(kc.PositionError):
        kc.simulate(games=1, players=9)


def test_interval_has_width_when_every_game_ends_alike() -> None:
    """Wilson floor: a bot that won every game still gets an interval below 1."""
    records = [
        kc.GameRecord(index=i, seed=i, bots=("heuristic", "random"), scores=(9, 0),
                      winners=frozenset({0}), actions=10, round_points=((9, 0),),
                      round_ends=())
        for i in range(6)
    ]
    best, worst = sorted(win_standings(records), key=lambda s: -s.win_rate)
    assert best.win_rate == 1.0 and best.low < 0.7
    assert worst.win_rate == 0.0 and worst.high > 0.3


def test_win_standings_share_ties_and_bound_interval() -> None:
    """A tie shares the win; the interval contains the rate and stays in [0, 1]."""
    records = list(kc.simulate(games=30, players=4, bots=("heuristic", "random"), seed=9))
    standings = {s.bot: s for s in win_standings(records)}
    total_wins = sum(s.win_rate * s.seats for s in standings.values())
    assert total_wins == pytest.approx(len(records))
    for s in standings.values():
        assert 0.0 <= s.low <= s.win_rate <= s.high <= 1.0
    summary = summarize(records, {})
    assert summary.games == 30
    assert summary.mean_rounds == pytest.approx(sum(r.rounds for r in records) / 30)


def test_campers_process_pool_matches_serial() -> None:
    """Unhappy Campers simulations do not depend on the executor either."""
    import campers_rules as cr

    serial = list(cr.simulate(games=2, players=2, bots=("heuristic", "random"), seed=4))
    with ProcessPoolExecutor(2) as pool:
        pooled = list(
            cr.simulate(games=2, players=2, bots=("heuristic", "random"), seed=4, executor=pool)
        )
    assert pooled == serial
    assert all(r.rounds == 5 for r in serial)
    assert all(set(r.completed) <= set(r.claimed) for r in serial)


def test_turns_are_summarised_for_campers_only() -> None:
    """Unhappy Campers has turns (UC-6); Karibou Camp has none (KC-13)."""
    import campers_rules as cr

    campers = list(cr.simulate(games=1, players=2, bots=("heuristic",), seed=2))
    assert campers[0].turns > 0
    assert summarize(campers, {}).mean_turns == campers[0].turns
    karibou = list(kc.simulate(games=1, players=3, bots=("heuristic",), seed=2))
    assert summarize(karibou, {}).mean_turns is None


def test_campers_summary_counts_every_action_kind_and_the_turn_cap() -> None:
    """Issue 11: the summary tallies the kind of every action played (zeros included) and the
    share of rounds ended by the UC-22 turn cap; a game without a cap reports none."""
    import campers_rules as cr
    from campers_rules._summary import format_summary

    records = list(cr.simulate(games=3, players=3, bots=("heuristic", "random"), seed=1,
                               config=cr.Config(rounds=2)))
    assert all(r.rounds == 2 for r in records)
    summary = summarize(records, {})
    assert sum(summary.plays.values()) == sum(r.actions for r in records)
    assert summary.plays["Rearrange"] >= 0 and "Smores" in summary.plays
    assert set(summary.unplayed) == {k.value for k in cr.ActionKind}
    capped = [end for r in records for end in r.round_ends if end is cr.RoundEnd.TURN_CAP]
    assert summary.rounds == 6 and summary.capped_rounds == len(capped)
    text = format_summary(summary)
    assert "action mix:" in text and "per game" in text
    draws = summary.plays["Draw"]
    assert re.search(rf"\n  Draw +{draws} +{draws / 3:.2f}\n", text)
    assert "rounds ended by the turn cap (UC-22)" in text
    assert summarize(list(kc.simulate(games=1, players=3, seed=2)), {}).capped_share is None


def test_campers_summary_cap_share_when_every_round_stalls() -> None:
    """UC-22: with a one-turn cap every round ends by the cap, and the summary says so."""
    import campers_rules as cr

    records = list(cr.simulate(games=2, players=2, seed=3,
                               config=cr.Config(rounds=3, turn_cap=1)))
    assert all(r.round_ends == (cr.RoundEnd.TURN_CAP,) * 3 for r in records)
    assert summarize(records, {}).capped_share == 1.0
