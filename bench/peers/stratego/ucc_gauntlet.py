#!/usr/bin/env python3
"""Plateau's Stratego agent against the sample AIs of the 2012 UCC Programming
Competition (braathwaate/strategoevaluator), with Plateau as the referee.

Python 3.11, standard library only. See README.md in this folder.

Each game runs one `plateau serve` and one external program that speaks the
UCC manager protocol (doc/manager_manual.txt, section PROTOCOL). Plateau
referees every move through the program's own seat; the program is shown only
its own side: its pieces, every enemy piece as '#', and the last move with its
outcome (with the ranks that combat revealed), as the UCC manager shows it.

Coordinates. UCC: x 0-9 left to right, y 0-9 top to bottom, RED on rows 0-3
(its back row is y=0), BLUE on rows 6-9, lakes at x 2,3,6,7 on y 4,5, RED
moves first. Plateau: files a-j, ranks 1-10, Red on ranks 1-4 (back row 1),
Blue on 7-10, lakes c5 d5 c6 d6 g5 h5 g6 h6, Red sets up first and moves
first. So UCC (x, y) is Plateau square file 'a'+x, rank y+1, and UCC RED is
Plateau red. UP is y-1 (rank-1), DOWN y+1 (rank+1).

Ranks. UCC 1 Marshal .. 9 Scout, s Spy, B, F; Plateau X (marshal, 10),
9 (general) .. 2 (scout), S, B, F.

A fault of the program (illegal move, malformed line, crash, timeout, bad
setup) ends the game; it is recorded apart and not counted as a win.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import math
import os
import queue
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

# Plateau piece name -> UCC token
NAME_TO_UCC = {
    "marshal": "1", "general": "2", "colonel": "3", "major": "4",
    "captain": "5", "lieutenant": "6", "sergeant": "7", "miner": "8",
    "scout": "9", "spy": "s", "bomb": "B", "flag": "F",
}
# UCC setup token -> Plateau setup symbol
UCC_TO_SYMBOL = {
    "1": "X", "2": "9", "3": "8", "4": "7", "5": "6", "6": "5", "7": "4",
    "8": "3", "9": "2", "s": "S", "B": "B", "F": "F",
}
DIRS = {"UP": (0, -1), "DOWN": (0, 1), "LEFT": (-1, 0), "RIGHT": (1, 0)}
LAKES = {(2, 4), (3, 4), (6, 4), (7, 4), (2, 5), (3, 5), (6, 5), (7, 5)}
SQUARE_RE = re.compile(r"^([a-j])(10|[1-9])$")

# The sample AIs of the repository: name -> (directory under agents/, argv).
# "{python}" and "{java}" are replaced by the interpreters given on the command line.
SAMPLE_AIS = {
    "basic_cpp": ("basic_cpp", ["./basic_cpp"]),
    "peternlewis": ("peternlewis", ["./peternlewis"]),
    "ramen": ("ramen", ["./ramen"]),
    "basic_java": ("basic_java", ["{java}", "BasicAI"]),
    "basic_python": ("basic_python", ["{python}", "-u", "basic_python.py"]),
    "asmodeus": ("asmodeus", ["{python}", "-u", "asmodeus.py"]),
    "vixen": ("vixen", ["{python}", "-u", "vixen.py"]),
    "hunter": ("hunter", ["{python}", "-u", "hunter.py"]),
    "celsius": ("celsius", ["{python}", "-u", "celsius.py"]),
    "celsius1.1": ("celsius1.1", ["{python}", "-u", "celsius.py"]),
}


def sq(x: int, y: int) -> str:
    return f"{chr(ord('a') + x)}{y + 1}"


def sq_xy(square: str) -> tuple[int, int]:
    m = SQUARE_RE.match(square)
    if not m:
        raise ValueError(f"bad square {square!r}")
    return ord(m.group(1)) - ord("a"), int(m.group(2)) - 1


def plateau_to_ucc_move(move: str) -> str:
    """'b4-b7' -> '1 3 DOWN 3' (the multiplier only when over 1)."""
    a, b = move.split("-")
    (x0, y0), (x1, y1) = sq_xy(a), sq_xy(b)
    dx, dy = x1 - x0, y1 - y0
    if dx and dy or not (dx or dy):
        raise ValueError(f"not a straight move: {move}")
    if dx:
        d, n = ("RIGHT" if dx > 0 else "LEFT"), abs(dx)
    else:
        d, n = ("DOWN" if dy > 0 else "UP"), abs(dy)
    return f"{x0} {y0} {d}" + (f" {n}" if n > 1 else "")


class Fault(Exception):
    """A fault of the external program: kind is one of illegal, malformed,
    crash, timeout, bad_setup."""

    def __init__(self, kind: str, detail: str):
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


def parse_ucc_move(line: str) -> tuple[str, str]:
    """A program's move line -> (Plateau move, normalised UCC text).
    Raises Fault('malformed') or Fault('illegal') (off the board)."""
    toks = line.split()
    if len(toks) not in (3, 4):
        raise Fault("malformed", f"expected 'X Y DIRECTION [MULTIPLIER]', got {line!r}")
    try:
        x, y = int(toks[0]), int(toks[1])
        n = int(toks[3]) if len(toks) == 4 else 1
    except ValueError:
        raise Fault("malformed", f"non-integer field in {line!r}") from None
    if toks[2] not in DIRS:
        raise Fault("malformed", f"unknown direction in {line!r}")
    if n < 1:
        raise Fault("malformed", f"multiplier must be at least 1 in {line!r}")
    dx, dy = DIRS[toks[2]]
    x1, y1 = x + n * dx, y + n * dy
    if not (0 <= x <= 9 and 0 <= y <= 9 and 0 <= x1 <= 9 and 0 <= y1 <= 9):
        raise Fault("illegal", f"move {line!r} leaves the board")
    return f"{sq(x, y)}-{sq(x1, y1)}", " ".join(toks)


def ucc_setup_to_plateau(rows: list[str], ucc_colour: str) -> str:
    """The program's 4 setup rows (top to bottom of the UCC board) -> a
    Plateau setup move (front row first, each row from file a)."""
    out = []
    for r in rows:
        r = r.strip()
        if len(r) != 10:
            raise Fault("bad_setup", f"setup row {r!r} is not 10 characters")
        row = []
        for c in r:
            if c == ".":
                row.append(".")
            elif c in UCC_TO_SYMBOL:
                row.append(UCC_TO_SYMBOL[c])
            else:
                raise Fault("bad_setup", f"unknown piece {c!r} in setup row {r!r}")
        out.append("".join(row))
    # RED: ROW1 is y=0 = rank 1 (back); Plateau wants rank 4 first.
    # BLUE: ROW1 is y=6 = rank 7 (front); Plateau wants rank 7 first.
    if ucc_colour == "RED":
        out.reverse()
    return "setup " + "/".join(out)


class Serve:
    """One `plateau serve` process."""

    def __init__(self, argv: list[str]):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def req(self, **kw) -> dict:
        self.p.stdin.write(json.dumps(kw) + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError("plateau serve ended unexpectedly")
        return json.loads(line)

    def ok(self, **kw) -> dict:
        r = self.req(**kw)
        if not r.get("ok"):
            raise RuntimeError(f"plateau serve refused {kw.get('cmd')}: {r.get('error')}")
        return r

    def close(self):
        try:
            self.req(cmd="quit")
        except Exception:
            pass
        try:
            self.p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.p.kill()


class Program:
    """The external UCC program, read line by line with a timeout."""

    def __init__(self, argv: list[str], cwd: str, stderr_path: str, taskset: list[str]):
        self.stderr_f = open(stderr_path, "w")
        self.stderr_path = stderr_path
        try:
            self.p = subprocess.Popen(taskset + argv, cwd=cwd, stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=self.stderr_f,
                                      text=True, bufsize=1, errors="replace")
        except OSError as e:
            raise Fault("crash", f"cannot start {argv}: {e}") from None
        self.q: queue.Queue = queue.Queue()
        self.t = threading.Thread(target=self._reader, daemon=True)
        self.t.start()
        self.sent: list[str] = []

    def _reader(self):
        for line in self.p.stdout:
            self.q.put(line)
        self.q.put(None)

    def send(self, *lines: str):
        try:
            for ln in lines:
                self.p.stdin.write(ln + "\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise Fault("crash", f"program exited (code {self.p.poll()}) before reading its input") from None

    def read(self, deadline: float) -> str:
        """The next non-empty line before the deadline (time.monotonic)."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Fault("timeout", "no answer in time")
            try:
                line = self.q.get(timeout=left)
            except queue.Empty:
                raise Fault("timeout", "no answer in time") from None
            if line is None:
                try:
                    code = self.p.wait(timeout=2)
                except subprocess.TimeoutExpired:
                    code = None
                raise Fault("crash", f"program closed its output (exit code {code})")
            line = line.strip()
            if line:
                return line

    def unread_output(self, n=20) -> list[str]:
        """Lines the program wrote that were not read (e.g. a message before it exited)."""
        out = []
        while True:
            try:
                ln = self.q.get_nowait()
            except queue.Empty:
                break
            if ln is not None and ln.strip():
                out.append(ln.rstrip("\n"))
        return out[-n:]

    def stderr_tail(self, n=1500) -> str:
        try:
            self.stderr_f.flush()
            with open(self.stderr_path, errors="replace") as f:
                return f.read()[-n:]
        except OSError:
            return ""

    def finish(self, quit_line: str | None):
        if quit_line is not None and self.p.poll() is None:
            try:
                self.send(quit_line)
            except Fault:
                pass
        try:
            self.p.stdin.close()
        except Exception:
            pass
        try:
            self.p.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
        self.stderr_f.close()


def pieces_by_square(state: dict) -> dict[str, tuple[str, str]]:
    return {p["square"]: (p["side"], p["piece"]) for p in state["pieces"]}


def outcome_text(before: dict, after: dict, move: str, status: dict) -> str:
    """The UCC OUTCOME of a move, from the referee's states before and after."""
    frm, to = move.split("-")
    b, a = pieces_by_square(before), pieces_by_square(after)
    side, att = b[frm]
    if status.get("over"):
        reason = status["outcome"]["reason"]
        if reason == "flag-captured":
            return "VICTORY_FLAG"
        if reason == "no-movable-pieces" and status["outcome"]["winner"] is not None:
            return "VICTORY_ATTRITION"
    if to not in b:
        return "OK"
    dfd = b[to][1]
    ranks = f"{NAME_TO_UCC[att]} {NAME_TO_UCC[dfd]}"
    if to not in a:
        return f"BOTHDIE {ranks}"
    if a[to][0] == side:
        return f"KILLS {ranks}"
    return f"DIES {ranks}"


def board_rows(view: dict, kinds: list[str]) -> list[str]:
    """The 10 UCC board rows (y=0 first) from a seat's view."""
    grid = [["."] * 10 for _ in range(10)]
    for i, s in enumerate(view["squares"]):
        x, y = i % 10, i // 10
        t = s["type"]
        if t == "own":
            grid[y][x] = NAME_TO_UCC[kinds[s["kind"]]]
        elif t == "opponent":
            grid[y][x] = "#"
        elif t == "lake":
            grid[y][x] = "+"
    return ["".join(r) for r in grid]


def play_game(cfg, opp_name: str, argv: list[str], cwd: str, game_no: int, core: int | None) -> dict:
    prog_colour = "BLUE" if game_no % 2 == 0 else "RED"   # colours alternate, Plateau red first
    prog_player = 0 if prog_colour == "RED" else 1
    plat_player = 1 - prog_player
    taskset = ["taskset", "-c", str(core)] if core is not None else []
    res = {"opponent": opp_name, "game": game_no, "program_colour": prog_colour,
           "plateau_colour": "BLUE" if prog_colour == "RED" else "RED",
           "plateau_agent": cfg.plateau_agent, "result": None, "reason": None,
           "plies": 0, "fault": None, "seconds": 0.0}
    t0 = time.monotonic()
    limit = cfg.move_time + cfg.grace
    serve = Serve(taskset + [cfg.plateau, "serve"])
    err_dir = cfg.stderr_dir
    err_path = os.path.join(err_dir, f"{opp_name}.{game_no}.stderr")
    prog = None
    quit_line = "QUIT"
    try:
        new = serve.ok(cmd="new", game="stratego", variant="original",
                       set={"two_square_limit": 0, "chase_rule": False,
                            "max_plies": cfg.max_plies},
                       seed=cfg.seed + game_no)
        ref = new["id"]
        prog_id = serve.ok(cmd="join", id=ref, player=prog_player)["id"]
        plat_id = serve.ok(cmd="join", id=ref, player=plat_player)["id"]

        prog = Program(argv, cwd, err_path, taskset)
        # 1. Setup
        prog.send(f"{prog_colour} {cfg.opponent_name} 10 10")
        deadline = time.monotonic() + limit + cfg.startup
        rows = [prog.read(deadline) for _ in range(4)]
        setup = ucc_setup_to_plateau(rows, prog_colour)

        def play_prog_setup():
            r = serve.req(cmd="play", id=prog_id, move=setup, describe=False)
            if not r["ok"]:
                raise Fault("bad_setup", f"{rows}: {r['error']['message']}")

        def play_plat_setup():
            serve.ok(cmd="genmove", id=plat_id, agent=cfg.plateau_agent, play=True, describe=False)

        if prog_player == 0:
            play_prog_setup(); play_plat_setup()
        else:
            play_plat_setup(); play_prog_setup()

        state = serve.ok(cmd="state", id=ref)
        kinds = [k["name"] for k in state["state"]["kinds"]]
        status = state["status"]
        pending = "START" if prog_player == 0 else None   # the line before the board
        while not status["over"]:
            before = state["state"]
            if status["to_move"] == prog_player:
                view = serve.ok(cmd="view", id=prog_id)["view"]
                shown = board_rows(view, kinds)
                if rows is not None:
                    # the mapping's check: the program's first board shows its setup where it put it
                    home = shown[0:4] if prog_colour == "RED" else shown[6:10]
                    if status["moves_played"] <= 3 and home != [r.strip() for r in rows]:
                        raise RuntimeError(f"setup mapping check failed: sent {rows}, shown {home}")
                    rows = None
                prog.send(pending if pending is not None else "START", *shown)
                line = prog.read(time.monotonic() + limit)
                if line.strip() == "SURRENDER":
                    r = serve.ok(cmd="resign", id=prog_id)
                    status = r["status"]
                    quit_line = "QUIT SURRENDER"
                    break
                move, text = parse_ucc_move(line)
                r = serve.req(cmd="play", id=prog_id, move=move, describe=False)
                if not r["ok"]:
                    kind = r["error"]["kind"]
                    raise Fault("illegal", f"{line!r} = {move}: {kind}: {r['error']['message']}")
                status = r["status"]
            else:
                r = serve.ok(cmd="genmove", id=plat_id, agent=cfg.plateau_agent, play=True,
                             describe=False)
                move = r["move"]
                text = plateau_to_ucc_move(move)
                status = r["status"]
            state = serve.ok(cmd="state", id=ref)
            out = outcome_text(before, state["state"], move, status)
            echo = f"{text} {out}"
            if status["over"]:
                break
            if status["to_move"] == prog_player:
                # the opponent's move, shown before the board
                pending = echo
            else:
                # the manager echoes the program's own move with its outcome
                prog.send(echo)
        oc = status["outcome"]
        res["plies"] = status["moves_played"] - 2
        res["reason"] = oc["reason"]
        if oc["winner"] is None:
            res["result"] = "draw"
        elif oc["winner"] == plat_player:
            res["result"] = "win"
        else:
            res["result"] = "loss"
        if quit_line == "QUIT":
            quit_line = f"QUIT {status.get('result', '')}".strip()
        if cfg.records_dir:
            rec = serve.ok(cmd="record", id=ref)["record"]
            with open(os.path.join(cfg.records_dir, f"{opp_name}.{game_no}.json"), "w") as f:
                json.dump(rec, f)
    except Fault as f:
        res["result"] = "fault"
        res["fault"] = {"kind": f.kind, "detail": f.detail,
                        "unread_stdout": prog.unread_output() if prog else [],
                        "stderr_tail": prog.stderr_tail() if prog else ""}
        try:
            res["plies"] = serve.ok(cmd="status", id=ref)["status"]["moves_played"] - 2
        except Exception:
            pass
        quit_line = "QUIT ILLEGAL"
    finally:
        if prog:
            prog.finish(quit_line)
        serve.close()
    res["seconds"] = round(time.monotonic() - t0, 2)
    return res


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(games: list[dict]) -> dict:
    s = {"games": len(games), "wins": 0, "draws": 0, "losses": 0, "faults": 0,
         "fault_kinds": {}, "reasons": {}, "plies": []}
    for g in games:
        r = g["result"]
        if r == "fault":
            s["faults"] += 1
            k = g["fault"]["kind"]
            s["fault_kinds"][k] = s["fault_kinds"].get(k, 0) + 1
            continue
        s[{"win": "wins", "draw": "draws", "loss": "losses"}[r]] += 1
        key = f"{r}:{g['reason']}"
        s["reasons"][key] = s["reasons"].get(key, 0) + 1
        s["plies"].append(g["plies"])
    n = s["wins"] + s["draws"] + s["losses"]
    s["counted"] = n
    s["score"] = (s["wins"] + 0.5 * s["draws"]) / n if n else None
    lo, hi = wilson(s["wins"] + 0.5 * s["draws"], n)
    s["score_ci95"] = [round(lo, 3), round(hi, 3)] if n else None
    s["mean_plies"] = round(sum(s["plies"]) / len(s["plies"]), 1) if s["plies"] else None
    del s["plies"]
    return s


def fmt_table(summary: dict[str, dict]) -> tuple[str, str]:
    hdr = ["opponent", "games", "W", "D", "L", "score", "95% CI", "faults", "mean plies", "endings"]
    rows = []
    for name, s in summary.items():
        sc = f"{s['score']:.3f}" if s["score"] is not None else "-"
        ci = f"[{s['score_ci95'][0]:.2f}, {s['score_ci95'][1]:.2f}]" if s["score_ci95"] else "-"
        faults = str(s["faults"])
        if s["fault_kinds"]:
            faults += " (" + ", ".join(f"{k} {v}" for k, v in sorted(s["fault_kinds"].items())) + ")"
        ends = ", ".join(f"{k} {v}" for k, v in sorted(s["reasons"].items()))
        rows.append([name, str(s["games"]), str(s["wins"]), str(s["draws"]), str(s["losses"]),
                     sc, ci, faults, str(s["mean_plies"] if s["mean_plies"] is not None else "-"), ends])
    w = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(hdr)]
    text = "  ".join(h.ljust(w[i]) for i, h in enumerate(hdr)) + "\n"
    text += "\n".join("  ".join(c.ljust(w[i]) for i, c in enumerate(r)) for r in rows)
    md = "| " + " | ".join(hdr) + " |\n|" + "---|" * len(hdr) + "\n"
    md += "\n".join("| " + " | ".join(r) + " |" for r in rows)
    return text, md


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--plateau", default=os.path.join(HERE, "..", "..", "..", "target", "release", "plateau"),
                    help="the plateau binary (default: target/release/plateau of this tree)")
    ap.add_argument("--ucc-home", default=os.environ.get("UCC_HOME", os.path.expanduser("~/peers/strategoevaluator")),
                    help="the built copy of strategoevaluator (default $UCC_HOME or ~/peers/strategoevaluator)")
    ap.add_argument("--opponents", default="all",
                    help="comma-separated sample AIs (%s), or 'all'" % ", ".join(SAMPLE_AIS))
    ap.add_argument("--program", action="append", default=[], metavar="NAME=COMMAND",
                    help="another UCC program: a name and a shell-quoted command, run in the current directory (repeatable)")
    ap.add_argument("--games", type=int, default=2, help="games against each opponent (colours alternate)")
    ap.add_argument("--plateau-agent", default="ai:time=1s", help="Plateau's agent spec (default ai:time=1s)")
    ap.add_argument("--move-time", type=float, default=2.0,
                    help="seconds a move for the external program (the UCC manager's default -T 2)")
    ap.add_argument("--grace", type=float, default=3.0, help="extra seconds before a timeout fault")
    ap.add_argument("--startup", type=float, default=5.0, help="extra seconds for the program's start and setup")
    ap.add_argument("--max-plies", type=int, default=2000,
                    help="Plateau's max_plies: a draw (move-cap) after that many moves, setups not counted")
    ap.add_argument("--jobs", type=int, default=1, help="games at once, one core each")
    ap.add_argument("--cores", default=None, help="comma-separated cores to pin games to (default: all allowed)")
    ap.add_argument("--seed", type=int, default=1, help="first game seed")
    ap.add_argument("--python", default="python3", help="interpreter for the Python AIs")
    ap.add_argument("--java", default="java", help="java launcher for basic_java")
    ap.add_argument("--opponent-name", default="plateau", help="the $OPPONENT string sent to the programs")
    ap.add_argument("--out", default="ucc_gauntlet_results.json", help="JSON results file")
    ap.add_argument("--records-dir", default=None, help="write each finished game's Plateau record here")
    ap.add_argument("--stderr-dir", default=None, help="keep the programs' stderr here (default: a temp dir)")
    cfg = ap.parse_args(argv)

    cfg.plateau = os.path.abspath(cfg.plateau)
    if not os.access(cfg.plateau, os.X_OK):
        ap.error(f"no plateau binary at {cfg.plateau}")
    if cfg.stderr_dir is None:
        cfg.stderr_dir = tempfile.mkdtemp(prefix="ucc-stderr-")
    os.makedirs(cfg.stderr_dir, exist_ok=True)
    if cfg.records_dir:
        os.makedirs(cfg.records_dir, exist_ok=True)

    opponents: list[tuple[str, list[str], str]] = []
    names = list(SAMPLE_AIS) if cfg.opponents == "all" else [n for n in cfg.opponents.split(",") if n]
    for n in names:
        if n not in SAMPLE_AIS:
            ap.error(f"unknown sample AI {n!r}")
        d, av = SAMPLE_AIS[n]
        av = [a.format(python=cfg.python, java=cfg.java) for a in av]
        opponents.append((n, av, os.path.join(cfg.ucc_home, "agents", d)))
    for spec in cfg.program:
        n, _, cmd = spec.partition("=")
        if not n or not cmd:
            ap.error(f"--program wants NAME=COMMAND, got {spec!r}")
        opponents.append((n, shlex.split(cmd), os.getcwd()))

    if shutil.which("taskset"):
        cores = [int(c) for c in cfg.cores.split(",")] if cfg.cores else sorted(os.sched_getaffinity(0))
    else:
        cores = []
    free: queue.Queue = queue.Queue()
    for i in range(max(1, cfg.jobs)):
        free.put(cores[i % len(cores)] if cores else None)

    jobs = [(n, av, cwd, g) for (n, av, cwd) in opponents for g in range(cfg.games)]
    results: list[dict] = []
    lock = threading.Lock()

    def run(job):
        n, av, cwd, g = job
        core = free.get()
        try:
            try:
                r = play_game(cfg, n, av, cwd, g, core)
            except Exception as e:  # a failure of the harness or of plateau, not of the program
                r = {"opponent": n, "game": g, "result": "error", "error": repr(e)}
        finally:
            free.put(core)
        with lock:
            results.append(r)
            tag = r["result"] + (f" ({r['fault']['kind']}: {r['fault']['detail'][:120]})" if r.get("fault") else
                                 f" ({r.get('reason')}, {r.get('plies')} plies)" if r["result"] != "error" else f" {r['error']}")
            print(f"[{len(results)}/{len(jobs)}] {n} game {g} program {r.get('program_colour')}: Plateau {tag}",
                  file=sys.stderr, flush=True)
        return r

    t0 = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, cfg.jobs)) as ex:
        list(ex.map(run, jobs))
    results.sort(key=lambda r: (r["opponent"], r["game"]))

    summary = {}
    for n, _, _ in opponents:
        gs = [r for r in results if r["opponent"] == n and r["result"] != "error"]
        summary[n] = summarise(gs)
        summary[n]["harness_errors"] = sum(1 for r in results if r["opponent"] == n and r["result"] == "error")
    text, md = fmt_table(summary)
    out = {
        "date": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "plateau": cfg.plateau, "plateau_agent": cfg.plateau_agent,
        "rules": {"variant": "original", "two_square_limit": 0, "chase_rule": False,
                  "max_plies": cfg.max_plies},
        "program_move_time_s": cfg.move_time, "grace_s": cfg.grace, "jobs": cfg.jobs,
        "games_per_opponent": cfg.games, "wall_seconds": round(time.monotonic() - t0, 1),
        "summary": summary, "games": results,
    }
    with open(cfg.out, "w") as f:
        json.dump(out, f, indent=1)
    print(f"Plateau agent {cfg.plateau_agent}; Original Stratego, two_square_limit=0, chase_rule=false, "
          f"max_plies={cfg.max_plies}; program limit {cfg.move_time}s+{cfg.grace}s a move; "
          f"W/D/L and score are Plateau's; faults not counted.")
    print(text)
    print()
    print(md)
    errs = sum(s["harness_errors"] for s in summary.values())
    if errs:
        print(f"\n{errs} game(s) failed in the harness or in plateau (see {cfg.out})")
    print(f"\nresults: {cfg.out}; program stderr: {cfg.stderr_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
