#!/usr/bin/env python3
"""Two builds of `plateau` side by side in one run: random games per second of
every game and the agents' iterations per second, each measurement taken in
turn with both binaries (interleaved, so that a noisy neighbour slows both),
repeated, and reported as the median of each with the ratio after/before.

    python3 bench/compare_builds.py BEFORE AFTER [--rounds 5] [--markdown]
    python3 bench/compare_builds.py BEFORE AFTER --instructions [--markdown]

BEFORE and AFTER are paths to `plateau` binaries (release builds), for example
the one of the last commit before a change and the one of the change. The
ratio is AFTER / BEFORE: above 1 the change is faster.

With --instructions each case runs once per binary under valgrind's callgrind
(Debian's `valgrind`) and the instructions executed are compared instead: a
count that does not depend on what else the machine is doing, so on a shared,
noisy machine it tells a real change from noise. The ratio is then
BEFORE / AFTER instructions (above 1: the change does less work). Budgets are
smaller there, callgrind being about fifty times slower.
"""

import argparse
import json
import statistics
import subprocess
import sys

# (label, arguments of `plateau bench`, the JSON field that is the rate)
CASES = [
    ("hus random games", ["hus", "--games", "100000"], "games_per_second"),
    ("oware random games", ["oware", "--games", "100000"], "games_per_second"),
    ("quinque random games", ["quinque", "--games", "5000"], "games_per_second"),
    ("quinque advanced random games", ["quinque", "--variant", "advanced", "--games", "5000"], "games_per_second"),
    ("stratego random games", ["stratego", "--games", "1000"], "games_per_second"),
    ("stratego barrage random games", ["stratego", "--variant", "barrage", "--games", "3000"], "games_per_second"),
    ("hus mcts iterations", ["hus", "--agent", "mcts:iters=40000"], "iterations_per_second"),
    ("hus alphabeta nodes", ["hus", "--agent", "alphabeta:depth=9"], "iterations_per_second"),
    ("oware mcts iterations", ["oware", "--agent", "mcts:iters=40000"], "iterations_per_second"),
    ("oware alphabeta nodes", ["oware", "--agent", "alphabeta:depth=11"], "iterations_per_second"),
    ("quinque mcts iterations", ["quinque", "--agent", "mcts:iters=5000"], "iterations_per_second"),
    ("stratego ismcts iterations", ["stratego", "--agent", "ismcts:iters=5000"], "iterations_per_second"),
    ("stratego ai (pimc) iterations", ["stratego", "--variant", "barrage", "--agent", "ai:iters=100000"], "iterations_per_second"),
]


def rate(binary, args, field):
    out = subprocess.run(
        [binary, "bench", *args, "--json"], check=True, capture_output=True, text=True
    ).stdout
    return float(json.loads(out)[field])


# Smaller budgets for the instruction counts; agents searched on one position.
INSTRUCTION_CASES = [
    ("hus random games", ["hus", "--games", "20000"]),
    ("oware random games", ["oware", "--games", "20000"]),
    ("quinque random games", ["quinque", "--games", "1000"]),
    ("stratego random games", ["stratego", "--games", "200"]),
    ("hus mcts", ["hus", "--agent", "mcts:iters=20000", "--positions", "1"]),
    ("hus alphabeta", ["hus", "--agent", "alphabeta:depth=8", "--positions", "1"]),
    ("oware mcts", ["oware", "--agent", "mcts:iters=20000", "--positions", "1"]),
    ("oware alphabeta", ["oware", "--agent", "alphabeta:depth=10", "--positions", "1"]),
    ("quinque mcts", ["quinque", "--agent", "mcts:iters=3000", "--positions", "1"]),
    ("stratego ismcts", ["stratego", "--agent", "ismcts:iters=2000,seed=1", "--positions", "1"]),
    ("stratego ai (pimc), barrage", ["stratego", "--variant", "barrage", "--agent", "ai:iters=30000,seed=1", "--positions", "1"]),
]


def instructions(binary, args):
    err = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", binary, "bench", *args],
        check=True, capture_output=True, text=True,
    ).stderr
    for line in err.splitlines():
        if "Collected :" in line:
            return int(line.split(":")[-1])
    raise RuntimeError(f"callgrind printed no count: {err[-500:]}")


def report(rows, markdown, unit, ratio_name, number, ratio_digits):
    """Prints the rows (label, command, before, after, ratio) as a Markdown
    table or as JSON."""
    if markdown:
        print(f"| measurement | command | before ({unit}) | after ({unit}) | {ratio_name} |")
        print("| --- | --- | ---: | ---: | ---: |")
        for label, cmd, b, a, r in rows:
            print(f"| {label} | `{cmd}` | {b:{number}} | {a:{number}} | {r:.{ratio_digits}f} |")
    else:
        print(json.dumps([dict(zip(["case", "command", "before", "after", "ratio"], r)) for r in rows], indent=1))


def compare_instructions(opts):
    rows = []
    for label, args in INSTRUCTION_CASES:
        b, a = instructions(opts.before, args), instructions(opts.after, args)
        rows.append((label, "plateau bench " + " ".join(args), b, a, b / a))
        print(f"{label}: before {b:,}, after {a:,}, before/after {b / a:.4f}", file=sys.stderr)
    report(rows, opts.markdown, "instructions", "before / after", ",", 4)


def compare_rates(opts):
    rows = []
    for label, args, field in CASES:
        before, after = [], []
        for i in range(opts.rounds):
            # Alternate which binary goes first, so neither always runs warm.
            order = [(opts.before, before), (opts.after, after)]
            if i % 2:
                order.reverse()
            for binary, into in order:
                into.append(rate(binary, args, field))
        b, a = statistics.median(before), statistics.median(after)
        rows.append((label, "plateau bench " + " ".join(args), b, a, a / b))
        print(f"{label}: before {b:,.0f}, after {a:,.0f}, ratio {a / b:.3f}", file=sys.stderr)
    report(rows, opts.markdown, "median/s", "after / before", ",.0f", 3)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--instructions", action="store_true")
    opts = parser.parse_args()
    if opts.instructions:
        compare_instructions(opts)
    else:
        compare_rates(opts)


if __name__ == "__main__":
    main()
