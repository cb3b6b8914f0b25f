"""Self-play training data: games of an agent against itself, one sample per
move with an action id.

    import plateau
    from plateau.selfplay import selfplay
    data = selfplay(plateau.load("oware"), "mcts:iters=100", games=8, seed=7)
    data["observations"].shape      # (samples, *game.observation_shape)

Game ``i`` of a run starts from the position of seed ``start`` and gives the
agent of each player a seed of its own, all three from
``plateau.game_seeds(seed, i)`` (the derivation ``plateau arena`` uses), and
every game gets fresh agents. So a game's samples depend on the run's seed
and its index only (with iteration budgets; time budgets depend on the
machine's speed), and shard ``I`` of ``N`` (``shard=(I, N)``: the games whose
index is ``I`` modulo ``N``) holds exactly those games of the unsharded run.
`merge` joins shards in the order of the games: the merged data of any
number of shards is the data of one unsharded run, array for array.
``plateau.distributed.ray_selfplay`` runs the shards as Ray tasks.

A result is a dict:

- ``observations``: float32 ``(samples, *observation_shape)``, the tensor of
  the player to move, written from that player's view only;
- ``action_masks``: int8 ``(samples, num_distinct_actions)``, 1 at the legal
  ids (only with ``masks=True``, the default);
- ``actions``: int64 ``(samples,)``, the id the agent chose;
- ``players``: int8 ``(samples,)``, the player who moved;
- ``returns``: float32 ``(samples,)``, that player's return at the end of
  the game (``State.returns``, in [-1, 1]; 0 for a game stopped at
  ``max_plies``);
- ``game_index`` (int64) and ``ply`` (int32), ``(samples,)``: the game and
  the number of moves played before the sample;
- ``games``: one dict per game, in index order: ``index``, ``seed`` (of the
  start position), ``plies``, ``samples``, ``truncated`` (stopped at
  ``max_plies``), ``outcome`` (None when truncated) and ``returns``;
- ``records``: the games' records (with ``records=True``);
- ``run``: what identifies the run (``game``, ``variant``, ``params``,
  ``agent``, ``seed``, ``games``, ``max_plies``, ``masks``) and ``shards``:
  ``{"count": N, "indices": [...]}``.

Moves of free-form phases, which have no action id (a Stratego setup), are
played by the agent and give no sample.
"""

from __future__ import annotations

import sys
import types
from typing import Any, Iterable

import numpy as np

import plateau

ARRAYS = ("observations", "action_masks", "actions", "players", "returns", "game_index", "ply")


def selfplay(
    game: plateau.Game | str,
    agent: str = "mcts:iters=100",
    games: int = 1,
    seed: int = 0,
    shard: tuple[int, int] = (0, 1),
    max_plies: int = 10_000,
    masks: bool = True,
    records: bool = False,
) -> dict[str, Any]:
    """Plays the games of shard ``shard`` (``(I, N)``; the whole run by
    default) of a self-play run of `agent` (a spec string such as
    ``"mcts:iters=200"``) and returns their samples (see the module).
    `game` is a ``plateau.Game`` or a game's name (its first variant)."""
    if isinstance(game, str):
        game = plateau.load(game)
    index, count = shard
    if count < 1 or not 0 <= index < count:
        raise ValueError(f"shard {index}/{count}: expected 0 <= I < N")
    if games < 0 or max_plies < 1:
        raise ValueError("games must be at least 0 and max_plies at least 1")
    plateau.agent(agent, game=game)  # checks the spec now (AgentError)
    shape = tuple(game.observation_shape)
    n = game.num_distinct_actions
    columns: dict[str, list[Any]] = {name: [] for name in ARRAYS}
    results, kept = [], []
    for i in range(index, games, count):
        start, *agent_seeds = plateau.game_seeds(seed, i)
        agents = [plateau.agent(agent, seed=s, game=game) for s in agent_seeds]
        state = game.new(start)
        first = len(columns["actions"])
        plies = 0
        while not state.is_over and plies < max_plies:
            player = state.current_player()
            move = agents[player % len(agents)].choose(state)
            if state.moves_enumerable:
                columns["observations"].append(state.observation_tensor(player))
                if masks:
                    columns["action_masks"].append(state.legal_action_mask())
                columns["actions"].append(state.action_id(move))
                columns["players"].append(player)
                columns["game_index"].append(i)
                columns["ply"].append(plies)
            state.play(move)
            plies += 1
        truncated = not state.is_over
        returns = [0.0] * game.num_players if truncated else [float(r) for r in state.returns]
        samples = len(columns["actions"]) - first
        columns["returns"].extend(returns[p] for p in columns["players"][first:])
        results.append({
            "index": i,
            "seed": start,
            "plies": plies,
            "samples": samples,
            "truncated": truncated,
            "outcome": None if truncated else state.outcome,
            "returns": returns,
        })
        if records:
            kept.append(state.record())
    result: dict[str, Any] = {
        "observations": np.array(columns["observations"], dtype=np.float32).reshape((-1, *shape)),
        "actions": np.array(columns["actions"], dtype=np.int64),
        "players": np.array(columns["players"], dtype=np.int8),
        "returns": np.array(columns["returns"], dtype=np.float32),
        "game_index": np.array(columns["game_index"], dtype=np.int64),
        "ply": np.array(columns["ply"], dtype=np.int32),
        "games": results,
        "run": {
            "game": game.id,
            "variant": game.variant,
            "params": game.params,
            "agent": agent,
            "seed": seed,
            "games": games,
            "max_plies": max_plies,
            "masks": masks,
        },
        "shards": {"count": count, "indices": [index]},
    }
    if masks:
        result["action_masks"] = np.array(columns["action_masks"], dtype=np.int8).reshape((-1, n))
    if records:
        result["records"] = kept
    return result


def merge(results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Joins results of shards of one run, as ``plateau arena merge`` joins
    arena shards: it refuses results of different runs (game, rules, agent,
    seed, number of games, ``max_plies``, masks), of different shard counts,
    and shards held twice. The games and their samples come in index order,
    so the merge of every shard is the unsharded run's result."""
    results = list(results)
    if not results:
        raise ValueError("nothing to merge: no result given")
    run, count = results[0]["run"], results[0]["shards"]["count"]
    indices: list[int] = []
    for k, r in enumerate(results):
        if r["run"] != run:
            differs = sorted(key for key in run if r["run"].get(key) != run[key])
            raise ValueError(f"result {k + 1} is of another run: its {', '.join(differs)} differ(s)")
        if r["shards"]["count"] != count:
            raise ValueError(f"result {k + 1} has shards of {r['shards']['count']}, result 1 of {count}")
        held = set(indices) & set(r["shards"]["indices"])
        if held:
            raise ValueError(f"result {k + 1} holds shard(s) {sorted(held)} of {count} a second time")
        indices.extend(r["shards"]["indices"])
    games = sorted((g for r in results for g in r["games"]), key=lambda g: g["index"])
    game_index = np.concatenate([r["game_index"] for r in results])
    # stable: the samples of one game keep their order (by ply)
    order = np.argsort(game_index, kind="stable")
    merged: dict[str, Any] = {
        name: np.concatenate([r[name] for r in results])[order] for name in ARRAYS if name in results[0]
    }
    merged["games"] = games
    merged["run"] = run
    merged["shards"] = {"count": count, "indices": sorted(indices)}
    if "records" in results[0]:
        by_index = {g["index"]: rec for r in results for g, rec in zip(r["games"], r["records"])}
        merged["records"] = [by_index[g["index"]] for g in games]
    return merged


class _CallableModule(types.ModuleType):
    """The module ``plateau.selfplay`` called as its function:
    ``plateau.selfplay("hus")`` is ``plateau.selfplay.selfplay("hus")``."""

    def __call__(self, *args: Any, **kwargs: Any) -> dict[str, Any]:
        return selfplay(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
