"""Arena runs and self-play data sharded over Ray, merged exactly (as
`plateau arena merge` does)."""

import json

import pytest

import plateau

ray = pytest.importorskip("ray")


def _without_times(result):
    result = json.loads(json.dumps(result))
    for g in result["games"]:
        g.pop("time_us", None)
    result["summary"].pop("ms_per_move", None)
    return result


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_sharded_arena_over_ray_is_the_local_run(local_ray):
    from plateau.distributed import ray_arena, ray_shards

    game = plateau.load("oware")
    local = plateau.arena(game, "mcts:iters=30", "random", 16, seed=11, threads=1, records=True)
    merged = ray_arena(game, "mcts:iters=30", "random", 16, seed=11, shards=3, records=True)
    assert merged["shards"] == local["shards"]  # all shards: the whole run
    local_records = local.pop("records")
    assert merged.pop("records") == local_records
    # the same games as one local run; only the timings differ
    assert _without_times(merged)["games"] == _without_times(local)["games"]
    assert _without_times(merged)["summary"] == _without_times(local)["summary"]
    shards = ray_shards(game, "mcts:iters=30", "random", 16, seed=11, shards=4)
    assert [s["shards"]["indices"] for s in shards] == [[0], [1], [2], [3]]
    assert _without_times(plateau.arena_merge(shards))["games"] == _without_times(local)["games"]


def test_selfplay_over_ray_is_the_unsharded_run(local_ray):
    import numpy as np

    from plateau.distributed import ray_selfplay, ray_selfplay_shards
    from plateau.selfplay import ARRAYS, selfplay

    game = plateau.load("oware")
    local = selfplay(game, "mcts:iters=20", games=6, seed=9, max_plies=80, records=True)
    for shards in (2, 3):
        merged = ray_selfplay(game, "mcts:iters=20", games=6, seed=9, shards=shards, max_plies=80, records=True)
        for name in ARRAYS:
            assert np.array_equal(merged[name], local[name]), name
        assert merged["games"] == local["games"] and merged["records"] == local["records"]
        assert merged["shards"] == {"count": shards, "indices": list(range(shards))}
    parts = ray_selfplay_shards(game, "mcts:iters=20", games=6, seed=9, shards=4, max_plies=80)
    assert [p["shards"]["indices"] for p in parts] == [[0], [1], [2], [3]]
    assert [g["index"] for g in parts[1]["games"]] == [1, 5]
