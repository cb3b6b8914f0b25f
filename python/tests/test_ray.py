"""Arena runs sharded over Ray, merged exactly as `plateau arena merge`."""

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
