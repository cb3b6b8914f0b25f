#!/usr/bin/env python3
"""Writes games/stratego/src/setup_prior/tables.rs: how people set up their
flag in Stratego, from the human setups of the Gravon archive in
../shared/acceptance/stratego-records/setups/ (gravon-classic-setups.txt,
gravon-barrage-setups.txt: one 40-character setup a line, front row first,
`M` the flag and `B` a bomb).

Two likelihood ratios a table, people's setups against random ones:
- by the flag's square (row from the front, file; the files averaged with
  their mirror images, so that both sides read the same table);
- by the own bombs beside the flag (0 to 4), given how many of its
  neighbours are off the board (0 to 2: a side, a corner), the random
  frequencies counted over random setups of the same army.

The whole army too (the belief `army`):
- by each kind's square (row from the front, file, mirrored files averaged):
  how much more often people's setups have that kind there than a random
  setup would (its share of the army);
- by whether an unrevealed piece of each kind still on the board has moved,
  after how many moves of its side: the share that had, counted at every
  move of both sides of the real games in ../shared/acceptance/stratego-records/gravon-xml/
  (21 classic games; Barrage's 4 are too few, so Barrage shares the classic
  shares), smoothed towards the share over all kinds with 4 games' weight.

Usage: scripts/stratego-setup-prior.py [SETUPS_DIR] > games/stratego/src/setup_prior/tables.rs
"""
import glob
import re
import collections
import os
import random
import sys

here = os.path.dirname(os.path.abspath(__file__))
setups = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    here, "..", "..", "shared", "acceptance", "stratego-records", "setups")
records = os.path.join(os.path.dirname(os.path.abspath(setups)), "gravon-xml")

# Gravon's letters of the kinds, strongest first as the tables' rows: the
# marshal to the spy, then the bomb and the flag.
KINDS = "LKJIHGFEDCBM"
# The moves of a side after which the `moved` shares are counted: a share
# for each span [MOVED_SPANS[i], MOVED_SPANS[i + 1]).
MOVED_SPANS = [0, 5, 10, 20, 40, 80, 160]


def guarded(s, i):
    """The flag's neighbours off the board, and its bombs."""
    r, c = divmod(i, 10)
    off = bombs = 0
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        rr, cc = r + dr, c + dc
        if rr > 3 or cc < 0 or cc > 9:
            off += 1
        elif rr >= 0 and s[rr * 10 + cc] == "B":
            bombs += 1
    return off, bombs


def tables(lines):
    n = 0
    square = collections.Counter()
    guards = collections.Counter()
    army = None
    for line in lines:
        s = line.strip()
        if len(s) != 40 or s.count("M") != 1:
            continue
        i = s.index("M")
        n += 1
        square[i] += 1
        square[(i // 10) * 10 + 9 - i % 10] += 1
        guards[guarded(s, i)] += 1
        army = army or sorted(s)
    rng = random.Random(1)
    trials = 200_000
    random_guards = collections.Counter()
    pool = list(army)
    for _ in range(trials):
        rng.shuffle(pool)
        random_guards[guarded(pool, pool.index("M"))] += 1
    flag = [[square[r * 10 + c] / (2 * n) * 40 for c in range(10)] for r in range(4)]
    def ratio(off, bombs):
        people = sum(v for (o, _), v in guards.items() if o == off)
        chance = sum(v for (o, _), v in random_guards.items() if o == off)
        if not people or not random_guards[(off, bombs)]:
            return 1.0
        return (guards[(off, bombs)] / people) / (random_guards[(off, bombs)] / chance)

    guard = [[ratio(off, bombs) for bombs in range(5)] for off in range(3)]
    return n, flag, guard


def army_table(lines):
    """For each kind (KINDS), by the square (front row first), the ratio of
    people's frequency to the kind's share of the army."""
    counts = collections.Counter()
    at = collections.Counter()
    n = 0
    for line in lines:
        s = line.strip()
        if len(s) != 40 or s.count("M") != 1:
            continue
        n += 1
        for i, ch in enumerate(s):
            if ch in KINDS:
                at[(ch, i)] += 0.5
                at[(ch, (i // 10) * 10 + 9 - i % 10)] += 0.5
        if not counts:
            counts = collections.Counter(c for c in s if c in KINDS)
    table = []
    for ch in KINDS:
        c = counts[ch]
        table.append([at[(ch, i)] / n / (c / 40) if c else 1.0 for i in range(40)])
    return table


def strength(letter):
    """Red's letter B-M of a kind as its row in KINDS."""
    return KINDS.index(letter)


def fight(a, d):
    """Who survives an attack of kind `a` on kind `d` (rows of KINDS): 'a',
    'd' or '' (both removed); the flag is taken by any piece (S5)."""
    flag, bomb, spy, marshal, miner = 11, 10, 9, 0, 7
    if d == flag:
        return "a"
    if d == bomb:
        return "a" if a == miner else "d"
    if a == spy and d == marshal:
        return "a"
    if a == d:
        return ""
    sa = -1 if a == spy else 10 - a
    sd = -1 if d == spy else 10 - d
    return "a" if sa > sd else "d"


def moved_table(paths):
    """By kind and span of the side's moves made, the share of its
    unrevealed pieces on the board that had moved, smoothed."""
    files = "ABCDEFGHIK"
    seen = collections.Counter()
    moved = collections.Counter()
    games = 0
    for path in paths:
        text = open(path).read()
        field = re.search(r'content="([^"]+)"', text).group(1)
        board = {}
        for i, ch in enumerate(field):
            side = 0 if "B" <= ch <= "M" else 1 if "N" <= ch <= "Y" else None
            if side is None:
                continue
            kind = strength(chr(ord(ch) - 12 * side))
            board[i] = {"side": side, "kind": kind, "moved": False, "revealed": False}
        games += 1
        made = [0, 0]
        # Rank 10 is written `:`.
        rank = {str(r): r for r in range(1, 10)} | {":": 10}
        steps = re.findall(r'source="([A-K])([1-9:])" target="([A-K])([1-9:])"', text)
        for a, b, c, d in steps:
            src, dst = (a, rank[b]), (c, rank[d])
            f = (src[1] - 1) * 10 + files.index(src[0])
            t = (dst[1] - 1) * 10 + files.index(dst[0])
            piece = board.get(f)
            if piece is None:
                sys.exit(f"{path}: no piece on {a}{b}")
            side = piece["side"]
            span = sum(1 for m in MOVED_SPANS if made[side] >= m) - 1
            for p in board.values():
                if p["side"] == side and not p["revealed"]:
                    seen[(p["kind"], span)] += 1
                    moved[(p["kind"], span)] += p["moved"]
            made[side] += 1
            piece["moved"] = True
            if abs(f - t) not in (1, 10):
                piece["revealed"] = True
            del board[f]
            target = board.get(t)
            if target is None:
                board[t] = piece
                continue
            piece["revealed"] = target["revealed"] = True
            won = fight(piece["kind"], target["kind"])
            if won == "a":
                board[t] = piece
            elif won == "":
                del board[t]
            if target["kind"] == 11:
                break
    table = []
    for k in range(len(KINDS)):
        row = []
        for span in range(len(MOVED_SPANS)):
            all_seen = sum(seen[(j, span)] for j in range(10))
            all_moved = sum(moved[(j, span)] for j in range(10))
            if k >= 10:
                row.append(0.0)
                continue
            mean = all_moved / all_seen if all_seen else 0.5
            weight = 40
            row.append((moved[(k, span)] + weight * mean) / (seen[(k, span)] + weight))
        table.append(row)
    return games, table


def rows(table, indent, labels=None):
    """A table's rows as Rust array lines, each after its label's comment."""
    out = []
    for i, row in enumerate(table):
        if labels:
            out.append(f"{indent}// {labels[i]}")
        out.append(indent + "[" + ", ".join(f"{x:.3}" for x in row) + "],")
    return out


def rust(name, doc, n, flag, guard, army):
    out = [f"/// {doc} ({n} setups).", "#[rustfmt::skip]", f"pub(super) const {name}: SetupPrior = SetupPrior {{"]
    for field, table, labels in [("flag", flag, None), ("bombs", guard, None), ("army", army, KINDS)]:
        out.append(f"    {field}: [")
        out.extend(rows(table, "        ", labels))
        out.append("    ],")
    out.append("    moved: MOVED,")
    out.append("};")
    return "\n".join(out)


print("//! Generated by scripts/stratego-setup-prior.py from the human setups of the")
print("//! Gravon archive; do not edit by hand.")
print()
print("use super::SetupPrior;")
print()
print("/// The moves of a side from which each column of `moved` counts.")
print(f"pub(super) const MOVED_SPANS: [u32; {len(MOVED_SPANS)}] = {MOVED_SPANS};")
games, moved = moved_table(sorted(glob.glob(os.path.join(records, "classic-*.xml"))))
print()
print(f"/// By kind (the marshal first, then the bomb and the flag), the share of people's")
print(f"/// unrevealed pieces on the board that had moved, by span of moves ({games} classic")
print("/// games; Barrage shares them).")
print("#[rustfmt::skip]")
print(f"const MOVED: [[f64; {len(MOVED_SPANS)}]; {len(KINDS)}] = [")
print("\n".join(rows(moved, "    ", KINDS)))
print("];")
for name, file, doc in [
    ("CLASSIC", "gravon-classic-setups.txt", "People's setups of the 40-piece army"),
    ("BARRAGE", "gravon-barrage-setups.txt", "People's setups of the 8-piece Barrage army"),
]:
    with open(os.path.join(setups, file)) as f:
        lines = f.readlines()
    n, flag, guard = tables(lines)
    army = army_table(lines)
    print()
    print(rust(name, doc, n, flag, guard, army))
