#!/usr/bin/env python3
"""Self-test of ucc_gauntlet.py's fault handling with fake_ucc.py.

    python3 selftest_faults.py [--plateau PATH]

Runs one or two games against each mode of the fake program (Plateau's agent
is `random:1`, to be quick) and checks that each game ends as it must: a
fault of the expected kind, never counted as a game; a resignation or a
finished game where there is no fault. Prints PASS or FAIL for each check.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# mode -> (games, expected result of every game, expected fault kind)
CASES = {
    "illegal": (2, "fault", "illegal"),
    "offboard": (2, "fault", "illegal"),
    "malformed": (2, "fault", "malformed"),
    "crash": (2, "fault", "crash"),
    "timeout": (2, "fault", "timeout"),
    "badsetup": (2, "fault", "bad_setup"),
    "surrender": (2, "win", None),
    "random": (2, None, None),   # any finished game, no fault
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plateau", default=os.path.join(HERE, "..", "..", "..", "target", "release", "plateau"))
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="ucc-selftest-")
    out = os.path.join(tmp, "results.json")
    cmd = [sys.executable, os.path.join(HERE, "ucc_gauntlet.py"), "--plateau", a.plateau,
           "--opponents", "", "--plateau-agent", "random:1", "--move-time", "0.5", "--grace", "0.5",
           "--startup", "3", "--jobs", "2", "--out", out, "--stderr-dir", os.path.join(tmp, "err")]
    games = max(g for g, _, _ in CASES.values())
    cmd += ["--games", str(games)]
    for mode in CASES:
        cmd += ["--program", f"fake_{mode}={sys.executable} {os.path.join(HERE, 'fake_ucc.py')} {mode} 3"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        print(p.stdout, p.stderr)
        print("FAIL: the gauntlet exited with", p.returncode)
        return 1
    res = json.load(open(out))
    ok = True
    for mode, (n, want, kind) in CASES.items():
        gs = [g for g in res["games"] if g["opponent"] == f"fake_{mode}"]
        s = res["summary"][f"fake_{mode}"]
        problems = []
        for g in gs:
            if want is None:
                if g["result"] not in ("win", "draw", "loss"):
                    problems.append(f"game {g['game']}: {g['result']} {g.get('fault') or g.get('error')}")
            elif g["result"] != want:
                problems.append(f"game {g['game']}: {g['result']} {g.get('fault') or g.get('error')}, want {want}")
            elif kind and g["fault"]["kind"] != kind:
                problems.append(f"game {g['game']}: fault {g['fault']['kind']}, want {kind}")
            if want == "win" and g["reason"] != "resignation":
                problems.append(f"game {g['game']}: reason {g['reason']}, want resignation")
        if want == "fault" and (s["counted"] != 0 or s["faults"] != len(gs)):
            problems.append(f"faults counted as games: {s}")
        if len(gs) != n:
            problems.append(f"{len(gs)} games, want {n}")
        detail = "; ".join(f"{g['program_colour']} {g['result']}" + (f" {g['fault']['kind']} ({g['fault']['detail'][:70]})" if g.get("fault") else f" {g.get('reason')}") for g in gs)
        print(("PASS" if not problems else "FAIL"), f"{mode:10s}", detail if not problems else "; ".join(problems))
        ok = ok and not problems
    print("all checks pass" if ok else "SOME CHECKS FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
