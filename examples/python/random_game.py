#!/usr/bin/env python3
"""Plays one random game of every registered game through `plateau serve`,
with `legal` and `play`, and prints each outcome.

    python3 examples/python/random_game.py [--seed N] [--max-plies N]

Where the moves cannot be listed (a Stratego setup), the move comes from the
server's random agent (`genmove`).
"""

import argparse
import random
import sys

from plateau_client import Client, run_main


def play_random_game(plateau, game, seed, max_plies):
    """Plays a random game; returns (status, plies)."""
    rng = random.Random(seed)
    game_id = plateau.new(game, seed=seed)["id"]
    status = plateau.status(game_id)
    plies = 0
    while not status["over"] and plies < max_plies:
        moves = plateau.legal(game_id)
        if moves:
            move = rng.choice(moves)
        else:  # a free-form move, e.g. a setup: ask the random agent
            move = plateau.genmove(game_id, agent=f"random:{seed}")["move"]
        status = plateau.play(game_id, move)["status"]
        plies += 1
    plateau.close_game(game_id)
    return status, plies


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=20000)
    args = parser.parse_args()
    with Client() as plateau:
        for game in plateau.games():
            status, plies = play_random_game(plateau, game["game"], args.seed, args.max_plies)
            if status["over"]:
                print(f"{game['game']}: {status['result']} after {plies} plies")
            else:
                print(f"{game['game']}: stopped after {plies} plies, "
                      f"{status['to_move_name']} to move")


if __name__ == "__main__":
    sys.exit(run_main(main))
