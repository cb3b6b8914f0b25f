#!/usr/bin/env python3
"""Trains the learned evaluation of Oware or Hus: a small network (an MLP
over the pits) fitted by regression to deeper searches' values, and writes
the weights that the game ships (games/GAME/weights/eval-mlp.json) with
fixtures that the Rust forward pass is tested against.

Seeded and reproducible: the same seed and options give the same weights.
Needs the `plateau` Python module (pip install ./python) and numpy.

  python3 scripts/train-eval.py oware            # about 3 minutes on one core
  python3 scripts/train-eval.py hus

How. Positions come from self-play: `alphabeta:depth=2` moves with a
quarter of random moves (so that the positions spread), each labelled with
the value `alphabeta:depth=D` finds for the side to move (D = 7 in Oware,
6 in Hus), with the hand evaluation at its leaves. The network sees the
position from the side to move: its houses, then the opponent's, then (in
Oware) both stores, each count divided by a fixed scale (below: FEATURES).
It is trained with Adam on the squared error of its tanh output. So the
learned evaluation is the search's value of a position brought to the
leaves of a search: a deeper look for the price of a forward pass.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

import numpy as np

import plateau

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# What the network sees of a position, from the side to move: the same in
# games/oware/src/eval.rs and games/hus/src/eval.rs (`features`).
HOUSE_SCALE = {"oware": 12.0, "hus": 8.0}
STORE_SCALE = 24.0
LABEL_DEPTH = {"oware": 9, "hus": 7}


def features(game_id: str, state_json: dict) -> list[float]:
    """The network's input: the mover's pits, the opponent's, (Oware) the stores."""
    mover = state_json["to_move"]
    other = "north" if mover == "south" else "south"
    scale = HOUSE_SCALE[game_id]
    x = [n / scale for n in state_json[mover]] + [n / scale for n in state_json[other]]
    if game_id == "oware":
        stores = state_json["stores"]
        x += [stores[mover] / STORE_SCALE, stores[other] / STORE_SCALE]
    return x


def positions(game_id: str, count: int, seed: int) -> tuple[np.ndarray, np.ndarray, list]:
    """`count` positions of self-play, their labels and their states' JSON."""
    game = plateau.load(game_id)
    rng = random.Random(seed)
    mover = plateau.Agent("alphabeta:depth=2", seed=seed, game=game)
    label = plateau.Agent(f"alphabeta:depth={LABEL_DEPTH[game_id]}", seed=seed, game=game)
    xs, ys, states = [], [], []
    started = time.time()
    while len(xs) < count:
        state = game.new(rng.getrandbits(32))
        while not state.is_over and len(xs) < count:
            js = state.state_json()
            value = label.analyse(state)["value"]
            xs.append(features(game_id, js))
            states.append({k: js[k] for k in ("south", "north", "stores", "to_move") if k in js})
            ys.append(max(-1.0, min(1.0, value)))
            if rng.random() < 0.25:
                state.play(rng.choice(state.legal_moves()))
            else:
                state.play(mover.choose(state))
        if len(xs) % 1000 < 50:
            print(f"  {len(xs)} positions, {time.time() - started:.0f} s", file=sys.stderr)
    return np.array(xs, dtype=np.float32), np.array(ys, dtype=np.float32), states


def train(x: np.ndarray, y: np.ndarray, hidden: int, epochs: int, seed: int):
    """A one-hidden-layer MLP (ReLU, tanh output) by Adam on the squared error."""
    rng = np.random.default_rng(seed)
    n, d = x.shape
    w1 = rng.normal(0, np.sqrt(2.0 / d), (hidden, d)).astype(np.float32)
    b1 = np.zeros(hidden, dtype=np.float32)
    w2 = rng.normal(0, np.sqrt(1.0 / hidden), (1, hidden)).astype(np.float32)
    b2 = np.zeros(1, dtype=np.float32)
    params = [w1, b1, w2, b2]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    lr, beta1, beta2, eps, batch = 1e-3, 0.9, 0.999, 1e-8, 256
    order = np.arange(n)
    split = int(n * 0.9)
    step = 0
    for epoch in range(epochs):
        rng.shuffle(order[:split])
        for start in range(0, split, batch):
            idx = order[start:start + batch]
            xb, yb = x[idx], y[idx]
            h = np.maximum(0, xb @ w1.T + b1)
            out = np.tanh(h @ w2.T + b2)[:, 0]
            g_out = (2.0 / len(idx)) * (out - yb) * (1 - out * out)
            g_w2 = g_out[None, :] @ h
            g_b2 = np.array([g_out.sum()], dtype=np.float32)
            g_h = g_out[:, None] * w2 * (h > 0)
            g_w1 = g_h.T @ xb
            g_b1 = g_h.sum(axis=0)
            step += 1
            for i, g in enumerate([g_w1, g_b1, g_w2, g_b2]):
                m[i] = beta1 * m[i] + (1 - beta1) * g
                v[i] = beta2 * v[i] + (1 - beta2) * g * g
                mh = m[i] / (1 - beta1 ** step)
                vh = v[i] / (1 - beta2 ** step)
                params[i] -= (lr * mh / (np.sqrt(vh) + eps)).astype(np.float32)
        if epoch % 10 == 9 or epoch == epochs - 1:
            def loss(lo, hi):
                h = np.maximum(0, x[order[lo:hi]] @ w1.T + b1)
                return float(np.mean((np.tanh(h @ w2.T + b2)[:, 0] - y[order[lo:hi]]) ** 2))
            print(f"  epoch {epoch + 1}: train {loss(0, split):.4f}, held out {loss(split, n):.4f}",
                  file=sys.stderr)
    return params


def forward(params, x: np.ndarray) -> np.ndarray:
    w1, b1, w2, b2 = params
    return np.tanh(np.maximum(0, x @ w1.T + b1) @ w2.T + b2)[:, 0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", choices=["oware", "hus"])
    ap.add_argument("--positions", type=int, default=30000)
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--epochs", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=None, help="default: games/GAME/weights/")
    args = ap.parse_args()
    out = args.out or os.path.join(ROOT, "games", args.game, "weights")
    os.makedirs(out, exist_ok=True)
    started = time.time()
    x, y, states = positions(args.game, args.positions, args.seed)
    generated = time.time() - started
    params = train(x, y, args.hidden, args.epochs, args.seed)
    trained = time.time() - started - generated
    w1, b1, w2, b2 = params
    net = {
        "format": "plateau-mlp-1",
        "inputs": int(x.shape[1]),
        "layers": [
            {"weights": w1.tolist(), "bias": b1.tolist()},
            {"weights": w2.tolist(), "bias": b2.tolist()},
        ],
        "trained": {
            "game": args.game, "positions": args.positions, "hidden": args.hidden,
            "epochs": args.epochs, "seed": args.seed, "label": f"alphabeta:depth={LABEL_DEPTH[args.game]}",
            "seconds": {"positions": round(generated), "training": round(trained)},
        },
    }
    with open(os.path.join(out, "eval-mlp.json"), "w") as f:
        json.dump(net, f)
        f.write("\n")
    # Fixtures: positions, their inputs and the network's values, for the
    # Rust forward pass to match.
    rng = np.random.default_rng(args.seed + 1)
    pick = rng.choice(len(x), size=16, replace=False)
    fixtures = [{"state": states[i], "input": x[i].tolist(),
                 "value": float(forward(params, x[i:i + 1])[0])} for i in pick]
    with open(os.path.join(out, "eval-mlp-fixtures.json"), "w") as f:
        json.dump(fixtures, f, indent=0)
        f.write("\n")
    print(f"{args.game}: {args.positions} positions in {generated:.0f} s, trained in {trained:.0f} s; "
          f"wrote {out}/eval-mlp.json", file=sys.stderr)


if __name__ == "__main__":
    main()
