"""A bot tournament: every bot pairing, many seeded games, a standings table per game.

Seats get the bots in rotation so no bot keeps the first seat; results are the same on
any machine for the same seed. Pass a process pool (or a Dask client) as ``executor`` to
``simulate`` to spread the games over cores or a cluster.

Run: ``python examples/tournament.py``
"""

from __future__ import annotations

import itertools
from typing import Any

import campers_rules
import karibou_rules
from campers_rules._summary import format_summary, summarize

GAMES_PER_PAIRING = {"karibou": 60, "campers": 6}
PLAYERS = {"karibou": 5, "campers": 3}
TITLES = {"karibou": "Karibou Camp", "campers": "Unhappy Campers"}


def tournament(name: str, game: Any) -> None:
    bots = sorted(game.BOTS)
    for pairing in itertools.combinations_with_replacement(bots, 2):
        records = list(
            game.simulate(
                games=GAMES_PER_PAIRING[name], players=PLAYERS[name], bots=pairing, seed=2026
            )
        )
        print(f"== {TITLES[name]}: {' vs '.join(pairing)}")
        print(format_summary(summarize(records, {})))
        print()


if __name__ == "__main__":
    tournament("karibou", karibou_rules)
    tournament("campers", campers_rules)
