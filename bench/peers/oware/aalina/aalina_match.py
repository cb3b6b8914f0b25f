#!/usr/bin/env python3
"""Plateau's Oware agent against Aalina (Joan Sala Soler's Oware Abapa engine),
with Plateau as the referee. Not part of the Plateau workspace or CI; see
README.md beside this file for building Aalina outside the project tree.

Plateau plays through `plateau serve` (one JSON line a request,
docs/PROTOCOL.md): the game is opened there, Plateau's moves come from
`genmove` with a budget in ms, and every move of Aalina is played there
(`play`), so that Plateau checks it and decides when and how the game ends.

Aalina plays through its own engine protocol (`service`, a UCI dialect):
`position startpos moves FfAa` (the moves written one after the other, no
spaces) and `go movetime MS`, answered by `bestmove X [ponder Y]`. With
`debug on` it also prints `info string moves ...`, its own legal moves, which
are compared with Plateau's before every move of Aalina; when the game is over
for Plateau, Aalina is asked once more and must answer `bestmove 0000` (the
game is over for it too). A game where the two disagree is a *disagreement*:
it ends there and is counted neither as a result nor as a fault.

A move of Aalina that Plateau refuses, a line it cannot read, the engine
ending, or no `bestmove` within the time plus the grace (--grace-ms) ends the
game as a *fault* of Aalina: kept apart, not counted as a win of Plateau. The
engine is started afresh after a fault.

Both sides get the same time a move (--time-ms): Plateau as its `genmove`
budget, Aalina as `go movetime`. Colours alternate: Plateau is South (moves
first) in games 1, 3, 5, ...

Example:
  python3 aalina_match.py --games 2 --time-ms 100
"""

import argparse
import json
import math
import os
import queue
import re
import shlex
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[3]
DEFAULT_PLATEAU = os.environ.get("PLATEAU", str(REPO / "target" / "release" / "plateau"))
AALINA_HOME = Path(os.environ.get("AALINA_HOME", str(Path.home() / "peers" / "oware-aalina")))
DEFAULT_AALINA = os.environ.get("AALINA_CMD", f"{shlex.quote(str(AALINA_HOME / 'build' / 'aalina'))} service")
MOVE = re.compile(r"^[A-Fa-f]$")
PLAYERS = ("south", "north")


class Fault(Exception):
    """Aalina broke the protocol: kind is illegal, malformed, crash or timeout."""

    def __init__(self, kind, detail):
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


class Disagreement(Exception):
    """Aalina's rules and Plateau's disagree on the position."""


class Serve:
    """`plateau serve`, the referee and Plateau's agent."""

    def __init__(self, binary):
        self.proc = subprocess.Popen(
            [binary, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def request(self, **request):
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"plateau serve ended on {request}")
        return json.loads(line)

    def ask(self, **request):
        answer = self.request(**request)
        if not answer.get("ok"):
            raise RuntimeError(f"plateau serve refused {request}: {answer}")
        return answer

    def close(self):
        try:
            self.proc.stdin.write(json.dumps({"cmd": "quit"}) + "\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


class Aalina:
    """Aalina's engine as a subprocess, spoken to through its UCI dialect."""

    def __init__(self, command, log_path):
        self.command = command
        self.log_path = log_path
        self.proc = None
        self.lines = None
        self.starts = 0

    def start(self, warmup_ms):
        self.stop()
        self.starts += 1
        log = open(self.log_path, "a")
        log.write(f"--- start {self.starts}: {shlex.join(self.command)}\n")
        log.flush()
        self.proc = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=log,
            text=True,
            bufsize=1,
        )
        log.close()
        self.lines = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc, self.lines), daemon=True).start()
        self.send("uci")
        self.expect("uciok", 60.0)
        self.send("debug on")
        self.send("isready")
        self.expect("readyok", 60.0)
        # One search out of the book, so that the JVM has compiled the search
        # before the first timed move.
        self.send("position startpos moves FfAaBbCc")
        self.send(f"go movetime {warmup_ms}")
        self.expect("bestmove", 60.0 + warmup_ms / 1000.0)

    @staticmethod
    def _read(proc, lines):
        for line in proc.stdout:
            lines.put(line.rstrip("\r\n"))
        lines.put(None)

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except OSError as e:
            raise Fault("crash", f"cannot write to the engine: {e}") from e

    def readline(self, deadline):
        left = deadline - time.monotonic()
        if left <= 0:
            raise Fault("timeout", "no answer in time")
        try:
            line = self.lines.get(timeout=left)
        except queue.Empty:
            raise Fault("timeout", "no answer in time") from None
        if line is None:
            self.proc.wait()
            raise Fault("crash", f"the engine ended (exit code {self.proc.returncode})")
        return line

    def expect(self, word, seconds):
        deadline = time.monotonic() + seconds
        while True:
            line = self.readline(deadline)
            if line.split()[:1] == [word]:
                return line

    def drain(self):
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return
            if line is None:
                self.lines.put(None)
                return

    def new_game(self, side):
        self.drain()
        self.send(f"setoption name EngineTurn value {side}")
        self.send("ucinewgame")
        self.send("isready")
        self.expect("readyok", 30.0)

    def go(self, moves, movetime_ms, limit_ms):
        """Aalina's answer for the position after `moves`: (move or None, its
        legal moves as it listed them or None, milliseconds taken)."""
        self.drain()
        self.send("position startpos" + (f" moves {''.join(moves)}" if moves else ""))
        self.send(f"go movetime {movetime_ms}")
        start = time.monotonic()
        deadline = start + limit_ms / 1000.0
        listed = None
        while True:
            line = self.readline(deadline)
            words = line.split()
            if not words:
                continue
            if words[0] == "bestmove":
                ms = (time.monotonic() - start) * 1000.0
                if len(words) not in (2, 4) or (len(words) == 4 and words[2] != "ponder"):
                    raise Fault("malformed", f"line {line!r}")
                if words[1] == "0000":
                    return None, listed, ms
                if not MOVE.match(words[1]):
                    raise Fault("malformed", f"line {line!r}")
                return words[1], listed, ms
            if words[0] == "info":
                if words[1:3] == ["string", "moves"]:
                    listed = words[3:]
                continue
            if words[0] in ("readyok", "uciok", "id", "option"):
                continue
            raise Fault("malformed", f"line {line!r}")

    def stop(self):
        if self.proc is None:
            return
        try:
            self.proc.stdin.write("quit\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        self.proc = None


def agent_spec(spec, seed):
    if seed is None or "seed=" in spec:
        return spec
    return f"{spec}{',' if ':' in spec else ':'}seed={seed}"


def play_game(serve, aalina, number, args):
    """One game; Plateau is South in the odd-numbered games (1, 3, ...)."""
    plateau_player = (number - 1) % 2
    aalina_side = PLAYERS[1 - plateau_player]
    spec = agent_spec(args.plateau_agent, None if args.seed is None else args.seed + number)
    record = {
        "game": number,
        "plateau": PLAYERS[plateau_player],
        "plateau_agent": spec,
        "moves": [],
        "ms": {"plateau": [], "aalina": []},
        "legal_checks": 0,
    }
    gid = serve.ask(cmd="new", game="oware")["id"]
    status = serve.ask(cmd="status", id=gid)["status"]
    try:
        aalina.new_game(aalina_side)
        while not status["over"]:
            if status["to_move"] == plateau_player:
                start = time.monotonic()
                answer = serve.ask(
                    cmd="genmove", id=gid, agent=spec, budget={"ms": args.time_ms},
                    play=True, describe=False,
                )
                record["ms"]["plateau"].append(round((time.monotonic() - start) * 1000.0, 1))
                record["moves"].append(answer["move"])
                status = answer["status"]
                continue
            legal = serve.ask(cmd="legal", id=gid)["moves"]
            move, listed, ms = aalina.go(record["moves"], args.time_ms, args.time_ms + args.grace_ms)
            record["ms"]["aalina"].append(round(ms, 1))
            if listed is not None:
                record["legal_checks"] += 1
                if sorted(listed) != sorted(legal):
                    raise Disagreement(
                        f"after {len(record['moves'])} plies Aalina's legal moves are "
                        f"{' '.join(listed)}, Plateau's {' '.join(legal)}"
                    )
            if move is None:
                raise Disagreement(
                    f"after {len(record['moves'])} plies Aalina answers bestmove 0000 (game over), "
                    f"Plateau's legal moves are {' '.join(legal)}"
                )
            answer = serve.request(cmd="play", id=gid, move=move, describe=False)
            if not answer.get("ok"):
                raise Fault("illegal", f"{move}: {answer['error']['message']}")
            record["moves"].append(move)
            status = answer["status"]
        # The game is over for Plateau: it must be over for Aalina too.
        move, _, _ = aalina.go(record["moves"], 10, 10_000)
        if move is not None:
            raise Disagreement(
                f"Plateau ended the game ({status['outcome']['reason']}) after "
                f"{len(record['moves'])} plies; Aalina still plays {move}"
            )
        outcome = status["outcome"]
        record["reason"] = outcome["reason"]
        record["scores"] = outcome["scores"]
        winner = outcome["winner"]
        record["result"] = "draw" if winner is None else "win" if winner == plateau_player else "loss"
        record["described"] = status["result"]
    except Fault as fault:
        record["result"] = "fault"
        record["reason"] = f"fault-{fault.kind}"
        record["fault"] = {"kind": fault.kind, "detail": fault.detail, "ply": len(record["moves"])}
        aalina.start(args.time_ms)
    except Disagreement as disagreement:
        record["result"] = "disagreement"
        record["reason"] = "disagreement"
        record["disagreement"] = str(disagreement)
    finally:
        serve.ask(cmd="close", id=gid)
    record["plies"] = len(record["moves"])
    return record


def wilson(score, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    denominator = 1 + z * z / n
    centre = (score + z * z / (2 * n)) / denominator
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(records):
    counted = [r for r in records if r["result"] in ("win", "draw", "loss")]
    tally = Counter(r["result"] for r in records)
    n = len(counted)
    score = (tally["win"] + tally["draw"] / 2) / n if n else 0.0
    low, high = wilson(score, n)
    sides = {}
    for side in PLAYERS:
        c = Counter(r["result"] for r in counted if r["plateau"] == side)
        sides[side] = {"win": c["win"], "draw": c["draw"], "loss": c["loss"]}
    ms = {k: [m for r in records for m in r["ms"][k]] for k in ("plateau", "aalina")}
    return {
        "games": len(records),
        "counted": n,
        "plateau_wins": tally["win"],
        "draws": tally["draw"],
        "plateau_losses": tally["loss"],
        "faults": tally["fault"],
        "disagreements": tally["disagreement"],
        "score": score,
        "score_wilson95": [low, high],
        "by_plateau_side": sides,
        "mean_plies": sum(r["plies"] for r in counted) / n if n else None,
        "endings": dict(Counter(r["reason"] for r in records)),
        "ms_a_move": {
            k: {"mean": sum(v) / len(v) if v else None, "max": max(v) if v else None}
            for k, v in ms.items()
        },
        "legal_checks": sum(r["legal_checks"] for r in records),
    }


def print_table(summary, args, commit):
    s = summary
    fmt = lambda x: "-" if x is None else f"{x:.1f}"
    rows = [
        ("games", f"{s['games']}"),
        ("counted", f"{s['counted']} (faults of Aalina {s['faults']}, rule disagreements {s['disagreements']})"),
        ("Plateau W / D / L", f"{s['plateau_wins']} / {s['draws']} / {s['plateau_losses']}"),
        ("Plateau score", f"{s['score']:.3f}, 95% Wilson interval [{s['score_wilson95'][0]:.3f}, {s['score_wilson95'][1]:.3f}]"),
    ]
    for side in PLAYERS:
        d = s["by_plateau_side"][side]
        rows.append((f"  Plateau as {side}", f"{d['win']} / {d['draw']} / {d['loss']}"))
    rows += [
        ("mean plies", fmt(s["mean_plies"])),
        ("endings", ", ".join(f"{k} {v}" for k, v in sorted(s["endings"].items()))),
        ("ms a move (mean/max)",
         f"Plateau {fmt(s['ms_a_move']['plateau']['mean'])}/{fmt(s['ms_a_move']['plateau']['max'])}, "
         f"Aalina {fmt(s['ms_a_move']['aalina']['mean'])}/{fmt(s['ms_a_move']['aalina']['max'])}"),
        ("legal-move checks", f"{s['legal_checks']} positions, all equal" if not s["disagreements"] else f"{s['legal_checks']} positions"),
    ]
    print(f"Plateau {args.plateau_agent} against Aalina, {args.time_ms} ms a move each "
          f"(Aalina's grace {args.grace_ms} ms)")
    print(f"Aalina built from {commit}")
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        print(f"  {key.ljust(width)}  {value}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--time-ms", type=int, default=1000, help="time a move of both sides (default 1000)")
    parser.add_argument("--grace-ms", type=int, default=500,
                        help="Aalina's bestmove may come this much after --time-ms before it is a fault (default 500)")
    parser.add_argument("--plateau-agent", default="ai:time=1s",
                        help="Plateau's agent spec; its time is replaced by --time-ms (default ai:time=1s)")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed=SEED+GAME is added to the agent spec unless it has a seed (default 1)")
    parser.add_argument("--plateau", default=DEFAULT_PLATEAU, help="the plateau binary (default: target/release/plateau)")
    parser.add_argument("--aalina-cmd", default=DEFAULT_AALINA,
                        help="command starting Aalina's engine service (default: $AALINA_HOME/build/aalina service)")
    parser.add_argument("--out", default="aalina_match_results.json", help="results file (JSON)")
    args = parser.parse_args()

    commit_file = AALINA_HOME / "build" / "COMMIT"
    commit = commit_file.read_text().strip() if commit_file.exists() else "(commit unknown)"
    log_path = str(Path(args.out).with_suffix(".aalina.log"))
    Path(log_path).write_text("")
    serve = Serve(args.plateau)
    aalina = Aalina(shlex.split(args.aalina_cmd), log_path)
    aalina.start(args.time_ms)
    warnings = [l for l in Path(log_path).read_text().splitlines() if "Cannot" in l]
    if warnings:
        print("Aalina's warnings:", *warnings, sep="\n  ", file=sys.stderr)
    results = {
        "config": {
            "games": args.games, "time_ms": args.time_ms, "grace_ms": args.grace_ms,
            "plateau_agent": args.plateau_agent, "seed": args.seed,
            "plateau": args.plateau, "aalina_cmd": args.aalina_cmd, "aalina_commit": commit,
        },
        "games": [],
    }
    try:
        for number in range(1, args.games + 1):
            record = play_game(serve, aalina, number, args)
            results["games"].append(record)
            results["summary"] = summarize(results["games"])
            Path(args.out).write_text(json.dumps(results, indent=1) + "\n")
            if "fault" in record:
                extra = f"{record['fault']['kind']} at ply {record['fault']['ply']}: {record['fault']['detail']}"
            else:
                extra = record.get("disagreement") or record.get("described", "")
            print(f"game {number}: Plateau {record['plateau']}, {record['result']}, "
                  f"{record['plies']} plies, {record['reason']}: {extra}", flush=True)
    finally:
        aalina.stop()
        serve.close()
    print_table(results["summary"], args, commit)
    print(f"results: {args.out}")


if __name__ == "__main__":
    main()
