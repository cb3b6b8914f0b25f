"""Simulations a second of OpenSpiel's C++ MCTS bot on Oware from the start
position, one thread (random rollouts, one a leaf; UCT c = 2; the solver
on): the peer of `plateau bench oware --agent mcts:iters=N --positions 1`
(docs/PERFORMANCE.md "Agents"). Not part of the Plateau workspace or CI.

Usage: python3 oware_mcts_speed.py [SIMULATIONS] [RUNS] [SEED]
"""

import sys
import time

import pyspiel


def main():
    sims = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    game = pyspiel.load_game("oware")
    for run in range(runs):
        bot = pyspiel.MCTSBot(
            game, pyspiel.RandomRolloutEvaluator(1, seed + run), 2.0, sims, 4000, True, seed + run, False
        )
        start = time.perf_counter()
        bot.step(game.new_initial_state())
        seconds = time.perf_counter() - start
        print(f"open_spiel oware MCTSBot: {sims} simulations in {seconds:.3f} s: {sims / seconds:.0f}/s")


if __name__ == "__main__":
    main()
