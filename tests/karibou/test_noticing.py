"""Who notices a sign in bot games (KC-19), the scheduler of bot games, and the
round-endings measurement that shows their effect."""

from __future__ import annotations

from collections import Counter

import karibou_rules as kc


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
