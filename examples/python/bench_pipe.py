#!/usr/bin/env python3
"""The round trip through the pipe: random games of Hus played from Python,
with one `legal` and one `play` request per ply. Prints plies per second.

    cargo build --release -p plateau-cli
    python3 examples/python/bench_pipe.py [--plies 200000] [--game hus] [--seed 0]
                                          [--no-describe]

The moves are drawn in Python from the `legal` list, so every ply is two
full round trips (request, response) through the server's pipes. Where the
moves cannot be listed (a Stratego setup), the server's random agent plays
the move (`genmove`). With
--no-describe the `play` requests ask for no description of the move
(`"describe": false`), as a client that only needs the status would.
"""

import argparse
import random
import sys
import time

from plateau_client import Client, run_main


def bench(plateau, game, target_plies, seed, describe=True):
    """Plays games until `target_plies` plies; returns (plies, games, seconds)."""
    rng = random.Random(seed)
    choice = rng.choice
    legal = plateau.legal
    play = plateau.play
    plies = games = 0
    start = time.perf_counter()
    while plies < target_plies:
        game_id = plateau.new(game, seed=seed + games)["id"]
        games += 1
        while True:
            moves = legal(game_id)
            if moves:
                status = play(game_id, choice(moves), None, describe)["status"]
            elif plateau.status(game_id)["over"]:
                break
            else:  # a free-form move, e.g. a Stratego setup: ask the server
                status = plateau.genmove(game_id, agent=f"random:{seed}", play=True,
                                         describe=describe)["status"]
            plies += 1
            if status["over"]:
                break
        plateau.close_game(game_id)
    return plies, games, time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plies", type=int, default=200_000)
    parser.add_argument("--game", default="hus")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-describe", action="store_true")
    args = parser.parse_args()
    describe = not args.no_describe
    with Client() as plateau:
        plies, games, seconds = bench(plateau, args.game, args.plies, args.seed, describe)
    mode = "legal + play" if describe else "legal + play without descriptions"
    print(f"{args.game}: {plies} plies in {games} games, {seconds:.2f} s: "
          f"{plies / seconds:,.0f} plies/s ({mode})")


if __name__ == "__main__":
    sys.exit(run_main(main))
