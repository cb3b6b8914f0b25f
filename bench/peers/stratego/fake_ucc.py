#!/usr/bin/env python3
"""A fake UCC Stratego program, to test ucc_gauntlet.py's fault handling.

    fake_ucc.py MODE [AFTER]

It sets up like the basic_python sample, then plays random one-square moves
read off the board rows it is sent, and after AFTER moves (default 3) does
what MODE says:

    random     nothing: goes on playing random legal moves to the end
    illegal    moves one of its bombs (legal form, illegal move)
    offboard   moves a piece off the board
    malformed  answers a line that is not a move
    crash      exits with code 3 without answering
    timeout    never answers (sleeps)
    badsetup   (AFTER ignored) sets up with two flags and no spy
    surrender  answers SURRENDER (a resignation, not a fault)
"""

import random
import sys
import time

MODE = sys.argv[1] if len(sys.argv) > 1 else "random"
AFTER = int(sys.argv[2]) if len(sys.argv) > 2 else 3
RED_ROWS = ["FB8sB479B8", "BB31555583", "6724898974", "967B669999"]
DIRS = {"UP": (0, -1), "DOWN": (0, 1), "LEFT": (-1, 0), "RIGHT": (1, 0)}


def readline():
    line = sys.stdin.readline()
    if not line or line.startswith("QUIT"):
        sys.exit(0)
    return line.rstrip("\n")


def out(s):
    sys.stdout.write(s + "\n")
    sys.stdout.flush()


def main():
    colour = readline().split()[0]
    rows = list(RED_ROWS)
    if MODE == "badsetup":
        rows[0] = rows[0].replace("s", "F")
    if colour == "BLUE":
        rows.reverse()
    for r in rows:
        out(r)
    rng = random.Random(7)
    moves = 0
    while True:
        readline()                      # START or the opponent's move
        board = [readline() for _ in range(10)]
        if moves >= AFTER and MODE != "random":
            if MODE == "illegal":
                # a bomb never moves
                x, y = next((x, y) for y in range(10) for x in range(10) if board[y][x] == "B")
                out(f"{x} {y} {'DOWN' if y < 9 else 'UP'}")
            elif MODE == "offboard":
                y = 0 if colour == "RED" else 9
                x = next(x for x in range(10) if board[y][x] not in ".#+")
                out(f"{x} {y} {'UP' if colour == 'RED' else 'DOWN'}")
            elif MODE == "malformed":
                out("MOVE PLEASE")
            elif MODE == "crash":
                sys.exit(3)
            elif MODE == "timeout":
                time.sleep(3600)
            elif MODE == "surrender":
                out("SURRENDER")
                readline()
                return
        options = []
        for y in range(10):
            for x in range(10):
                c = board[y][x]
                if c in ".#+BF":
                    continue
                for d, (dx, dy) in DIRS.items():
                    nx, ny = x + dx, y + dy
                    if 0 <= nx < 10 and 0 <= ny < 10 and board[ny][nx] in ".#":
                        options.append(f"{x} {y} {d}")
        out(rng.choice(options) if options else "SURRENDER")
        moves += 1
        readline()                      # the echo of our move with its outcome


if __name__ == "__main__":
    main()
