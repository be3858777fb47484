"""OpenSpiel's MCTS bot against uniform random bots on Karibou Camp (needs the ``rl`` extra).

A baseline, with tiny settings so that it runs in a few seconds: 3 players, games to
3 points, 40 simulations per move. The MCTS bot (seat 0) searches on the true state
(it sees every hand: OpenSpiel's MCTS is a perfect-information search), so this only
shows the bridge working, not a fair bot. Chance (deals, draws, who notices a sign) is
sampled from the game's explicit chance nodes.

    python examples/karibou_mcts.py
"""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts

import karibou_rules.openspiel  # noqa: F401  (registers python_karibou_camp)

GAMES = 3
SIMULATIONS = 40


def main() -> None:
    game = pyspiel.load_game(
        "python_karibou_camp", {"players": 3, "winning_score": 3, "max_turns": 300}
    )
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=200)
    totals = np.zeros(3)
    for game_number in range(GAMES):
        bots = [
            mcts.MCTSBot(game, uct_c=2.0, max_simulations=SIMULATIONS, evaluator=evaluator,
                         random_state=rng),
            pyspiel.make_uniform_random_bot(1, 100 + game_number),
            pyspiel.make_uniform_random_bot(2, 200 + game_number),
        ]  # fmt: skip
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        totals += returns
        print(f"game {game_number + 1}: scores {[int(r) for r in returns]} (MCTS is p0)")
    mean = totals / GAMES
    print(f"mean scores over {GAMES} games: p0 (MCTS) {mean[0]:.1f}, "
          f"p1 (random) {mean[1]:.1f}, p2 (random) {mean[2]:.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
