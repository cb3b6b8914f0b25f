"""Random playouts written in Python: Plateau's module against OpenSpiel's,
side by side in one run, and Plateau's native playouts against `plateau bench`.

    python python/bench/python_loop.py --game oware --games 2000 --runs 3 \
        --plateau-bin target/release/plateau

Each figure is the median of `--runs` runs (plies per second), the loops
interleaved (one run of each per round). The Python
loops draw with `random.Random(seed).choice` and play each ply with
`legal_action_ids()` + `play_id()` (Plateau; `--strings` also times
`legal_moves()` + `play()` in notation) and `legal_actions()` +
`apply_action()` (OpenSpiel, `pyspiel.load_game(NAME)`).
"""

import argparse
import json
import random
import statistics
import subprocess
import time
from typing import Any

import plateau


def plateau_loop(game, games, seed, notation=False):
    """Plateau's loop by action ids, or in notation if `notation` (the
    choice made once a game, so that each ply runs the same code)."""
    choice = random.Random(seed).choice
    plies = 0
    start = time.perf_counter()
    for i in range(games):
        state = game.new(seed + i)
        if notation:
            while not state.is_over:
                state.play(choice(state.legal_moves()))
                plies += 1
        else:
            while not state.is_over:
                state.play_id(choice(state.legal_action_ids()))
                plies += 1
    return plies / (time.perf_counter() - start)


def openspiel(game, games, seed):
    choice = random.Random(seed).choice
    plies = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            plies += 1
    return plies / (time.perf_counter() - start)


def native_playouts(game, games, seed, max_plies=2000):
    start = time.perf_counter()
    outcomes = game.playouts(games, seed, max_plies)
    seconds = time.perf_counter() - start
    # timed: the call and its result (a native `Playouts`); reading it and
    # freeing it, whenever the caller does, are not part of the call
    assert len(outcomes) == games
    return int(outcomes.plies.sum()) / seconds


def cli_bench(binary, game_id, games, seed, max_plies=2000):
    out = subprocess.run([binary, "bench", game_id, "--games", str(games), "--seed", str(seed),
                          "--max-plies", str(max_plies), "--json"],
                         check=True, capture_output=True, text=True).stdout
    report = json.loads(out)
    return report["plies"] / report["seconds"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="oware")
    parser.add_argument("--openspiel", default=None, help="OpenSpiel's game name (default: --game)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--native-games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--strings", action="store_true")
    parser.add_argument("--plateau-bin", default=None, help="the plateau binary, for plateau bench")
    args = parser.parse_args()

    game = plateau.load(args.game)
    loops: list[tuple[str, Any, tuple[Any, ...]]] = [("plateau python loop (ids)", plateau_loop, (game, args.games, args.seed))]
    if args.strings:
        loops.append(("plateau python loop (notation)", plateau_loop, (game, args.games, args.seed, True)))
    try:
        import pyspiel
    except ImportError:
        print("pyspiel is not installed: pip install open-spiel")
    else:
        loops.append(("openspiel python loop", openspiel,
                      (pyspiel.load_game(args.openspiel or args.game), args.games, args.seed)))
    loops.append(("plateau game.playouts", native_playouts, (game, args.native_games, args.seed)))
    if args.plateau_bin:
        loops.append(("plateau bench (cli)", cli_bench, (args.plateau_bin, args.game, args.native_games, args.seed)))

    # Interleaved: each round runs every loop once, so that a change of the
    # machine's load during the run touches all of them alike.
    measured: dict[str, list[float]] = {name: [] for name, _, _ in loops}
    for _ in range(args.runs):
        for name, f, a in loops:
            measured[name].append(f(*a))
    rows = {name: (statistics.median(runs), runs) for name, runs in measured.items()}

    for name, (median, runs) in rows.items():
        print(f"{name:34} {median:12,.0f} plies/s   runs: {', '.join(f'{r:,.0f}' for r in runs)}")


if __name__ == "__main__":
    main()
