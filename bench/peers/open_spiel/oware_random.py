"""Random Oware playouts of OpenSpiel (`pyspiel.load_game("oware")`) on one
thread: the peer figures of docs/PERFORMANCE.md "Oware". Not part of the
Plateau workspace or CI.

Two loops over the same game:
- `cpp`: `pyspiel.evaluate_bots` with two `pyspiel.make_uniform_random_bot`
  bots, so the whole game runs in OpenSpiel's C++ (one Python call a game);
- `python`: a Python loop of `state.legal_actions()`, `random.choice` and
  `state.apply_action` (what a Python user of OpenSpiel writes).

Usage: python3 oware_random.py [cpp|python|both] [GAMES] [SEED]
"""

import random
import sys
import time

import pyspiel


def cpp_loop(game, games, seed):
    bots = [
        pyspiel.make_uniform_random_bot(0, seed),
        pyspiel.make_uniform_random_bot(1, seed + 1),
    ]
    results = {"south": 0, "north": 0, "draw": 0}
    start = time.perf_counter()
    for i in range(games):
        returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, seed + i)
        results["south" if returns[0] > 0 else "north" if returns[0] < 0 else "draw"] += 1
    seconds = time.perf_counter() - start
    return seconds, None, results


def python_loop(game, games, seed):
    rng = random.Random(seed)
    plies = 0
    results = {"south": 0, "north": 0, "draw": 0}
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            plies += 1
        r = state.returns()[0]
        results["south" if r > 0 else "north" if r < 0 else "draw"] += 1
    seconds = time.perf_counter() - start
    return seconds, plies, results


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else "both"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    game = pyspiel.load_game("oware")
    loops = {"cpp": cpp_loop, "python": python_loop}
    for name in ["cpp", "python"] if which == "both" else [which]:
        seconds, plies, results = loops[name](game, games, seed)
        line = f"open_spiel oware {name}: {games} games in {seconds:.3f} s: {games / seconds:.0f} games/s"
        if plies is not None:
            line += f", {plies / seconds:.0f} plies/s, mean length {plies / games:.1f} plies"
        print(f"{line}, results {results}")


if __name__ == "__main__":
    main()
