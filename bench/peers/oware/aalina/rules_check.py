#!/usr/bin/env python3
"""Checks that Aalina and Plateau play Oware by the same rules (README.md,
"The rules"): GAMES games of uniformly random moves (seeded) are played in
`plateau serve`; at every position Aalina (`debug on`, its book off,
`go depth 1`) must list the same legal moves as Plateau's `legal`, and at the
end it must answer `bestmove 0000`. Prints the mismatches and a summary.

Usage: python3 rules_check.py [GAMES] [SEED]   (default 300 games, seed 5)
"""

import random
import shlex
import sys
import time
from collections import Counter

import aalina_match as m


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    serve = m.Serve(m.DEFAULT_PLATEAU)
    aalina = m.Aalina(shlex.split(m.DEFAULT_AALINA), "/dev/null")
    aalina.start(50)
    aalina.send("setoption name OwnBook value false")
    rng = random.Random(seed)
    endings = Counter()
    positions = mismatches = 0
    for game in range(games):
        gid = serve.ask(cmd="new", game="oware")["id"]
        moves = []
        status = serve.ask(cmd="status", id=gid)["status"]
        while not status["over"]:
            legal = serve.ask(cmd="legal", id=gid)["moves"]
            aalina.drain()
            aalina.send("position startpos" + (f" moves {''.join(moves)}" if moves else ""))
            aalina.send("go depth 1")
            listed = None
            while True:
                words = aalina.readline(time.monotonic() + 10).split()
                if words[:1] == ["bestmove"]:
                    break
                if words[:3] == ["info", "string", "moves"]:
                    listed = words[3:]
            positions += 1
            if listed is None or sorted(listed) != sorted(legal):
                mismatches += 1
                print(f"game {game}: after {''.join(moves)} Aalina lists {listed}, Plateau {legal}")
            move = rng.choice(legal)
            status = serve.ask(cmd="play", id=gid, move=move, describe=False)["status"]
            moves.append(move)
        move, _, _ = aalina.go(moves, 10, 10_000)
        if move is not None:
            mismatches += 1
            print(f"game {game}: over for Plateau ({status['result']}), Aalina plays {move}")
        endings[status["outcome"]["reason"]] += 1
        serve.ask(cmd="close", id=gid)
    aalina.stop()
    serve.close()
    print(f"{games} random games (seed {seed}), {positions} positions, {mismatches} mismatches; "
          f"endings {dict(sorted(endings.items()))}")
    sys.exit(1 if mismatches else 0)


if __name__ == "__main__":
    main()
