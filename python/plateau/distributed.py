"""Arena runs and self-play data sharded over a Ray cluster, merged exactly
(as ``plateau arena merge`` merges arena shards).

    import ray, plateau
    from plateau.distributed import ray_arena
    ray.init()                      # locally, or address="auto" on a cluster
    result = ray_arena(plateau.load("hus"), "mcts:iters=50", "greedy", games=16, seed=7, shards=4)
    print(result["summary"])

Shard ``i`` of ``n`` plays the games whose index is ``i`` modulo ``n``, each
game seeded from the run's seed and its index, so the merged result holds
the same games as one local run of ``plateau.arena`` (or ``plateau arena``)
with the same seed, whatever the number of shards (with iteration budgets;
time budgets depend on the machines' speed). Each shard runs natively on one
thread of its Ray worker (``threads`` to change it). ``ray_shards`` gives
the shards' results unmerged, e.g. to store them as ``plateau arena
--shard I/N -o FILE`` would.
"""

from __future__ import annotations

from typing import Any

import plateau
from plateau import selfplay as _selfplay


def _play_shard(game: plateau.Game, a: str, b: str, games: int, seed: int, index: int, count: int,
                max_plies: int, threads: int, records: bool) -> dict[str, Any]:
    return plateau.arena(game, a, b, games, seed=seed, shard=(index, count), max_plies=max_plies,
                         threads=threads, records=records)


def _cluster_shards(shards: int | None) -> int:
    import ray

    if shards is None:
        shards = max(1, int(ray.available_resources().get("CPU", 1)))
    if shards < 1:
        raise ValueError(f"shards must be at least 1, not {shards}")
    return shards


def ray_shards(game: plateau.Game, a: str, b: str, games: int, seed: int = 0, shards: int | None = None,
               max_plies: int = 10_000, threads: int = 1, records: bool = False) -> list[dict[str, Any]]:
    """The results of the `shards` shards of an arena run, each played by a
    Ray task (default: one shard per CPU of the cluster)."""
    import ray

    for spec in (a, b):
        plateau.agent(spec, game=game)  # a bad spec fails here, not in every task
    shards = _cluster_shards(shards)
    play = ray.remote(num_cpus=threads)(_play_shard)
    futures = [play.remote(game, a, b, games, seed, i, shards, max_plies, threads, records)
               for i in range(shards)]
    return ray.get(futures)


def ray_arena(game: plateau.Game, a: str, b: str, games: int, seed: int = 0, shards: int | None = None,
              max_plies: int = 10_000, threads: int = 1, records: bool = False) -> dict[str, Any]:
    """An arena run of `a` against `b` sharded over Ray and merged with
    `plateau.arena_merge` (the records, if asked for, are joined in the
    order of the games)."""
    results = ray_shards(game, a, b, games, seed, shards, max_plies, threads, records)
    merged = plateau.arena_merge(results)
    if records:
        by_index = {}
        for result in results:
            for g, record in zip(result["games"], result["records"]):
                by_index[g["index"]] = record
        merged["records"] = [by_index[g["index"]] for g in merged["games"]]
    return merged


def ray_selfplay_shards(game: plateau.Game, agent: str, games: int, seed: int = 0, shards: int | None = None,
                        max_plies: int = 10_000, masks: bool = True, records: bool = False) -> list[dict[str, Any]]:
    """The results of the `shards` shards of a self-play run, each played by
    a Ray task (default: one shard per CPU of the cluster), unmerged."""
    import ray

    shards = _cluster_shards(shards)
    plateau.agent(agent, game=game)  # a bad spec fails here, not in every task
    play = ray.remote(num_cpus=1)(_selfplay.selfplay)
    futures = [play.remote(game, agent, games, seed, (i, shards), max_plies, masks, records)
               for i in range(shards)]
    return ray.get(futures)


def ray_selfplay(game: plateau.Game, agent: str, games: int, seed: int = 0, shards: int | None = None,
                 max_plies: int = 10_000, masks: bool = True, records: bool = False) -> dict[str, Any]:
    """Self-play data of `agent` against itself (see ``plateau.selfplay``),
    sharded over Ray and merged with ``plateau.selfplay.merge``: the same
    data as an unsharded run with the same seed."""
    return _selfplay.merge(ray_selfplay_shards(game, agent, games, seed, shards, max_plies, masks, records))
