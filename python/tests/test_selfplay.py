"""Self-play data: samples of every move, the same whatever the sharding."""

import numpy as np
import pytest

import plateau
from plateau.selfplay import ARRAYS, merge, selfplay


def _same(a, b):
    for name in ARRAYS:
        assert (name in a) == (name in b), name
        if name in a:
            assert a[name].dtype == b[name].dtype and np.array_equal(a[name], b[name]), name
    assert a["games"] == b["games"] and a.get("records") == b.get("records")


def test_samples_follow_the_games():
    game = plateau.load("hus")
    data = selfplay(game, "random", games=3, seed=5, records=True)
    n = len(data["actions"])
    assert data["observations"].shape == (n, 3, 16) and data["action_masks"].shape == (n, 16)
    assert [g["index"] for g in data["games"]] == [0, 1, 2]
    assert sum(g["samples"] for g in data["games"]) == n
    # each sample's action is legal under its mask, and replaying the
    # actions of game 0 from its seed gives its record
    assert np.all(data["action_masks"][np.arange(n), data["actions"]] == 1)
    first = data["game_index"] == 0
    state = game.new(data["games"][0]["seed"])
    for ply, player, action, obs in zip(data["ply"][first], data["players"][first], data["actions"][first],
                                        data["observations"][first]):
        assert state.num_moves == ply and state.to_move == player
        assert np.array_equal(state.observation_tensor(player), obs)
        state.play_id(int(action))
    assert state.record() == data["records"][0]
    # returns: the mover's result at the end of its game
    returns = data["games"][0]["returns"]
    assert np.array_equal(data["returns"][first], np.array([returns[p] for p in data["players"][first]],
                                                           dtype=np.float32))
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


@pytest.mark.parametrize("game,variant,agent", [("oware", None, "mcts:iters=20"), ("quinque", "basic", "random"),
                                                ("stratego", "barrage", "random")])
def test_any_sharding_merges_to_the_unsharded_run(game, variant, agent):
    g = plateau.load(game, variant=variant)
    whole = selfplay(g, agent, games=5, seed=3, max_plies=60, records=True)
    assert whole["shards"] == {"count": 1, "indices": [0]}
    for count in (2, 3, 7):
        parts = [selfplay(g, agent, games=5, seed=3, shard=(i, count), max_plies=60, records=True)
                 for i in reversed(range(count))]
        merged = merge(parts)
        _same(merged, whole)
        assert merged["shards"] == {"count": count, "indices": list(range(count))}
    assert any(r["truncated"] for r in whole["games"]) or game == "oware"


def test_merge_refuses_other_runs_and_shards_held_twice():
    game = plateau.load("hus")
    a = selfplay(game, "random", games=4, seed=1, shard=(0, 2))
    with pytest.raises(ValueError, match="another run: its seed differ"):
        merge([a, selfplay(game, "random", games=4, seed=2, shard=(1, 2))])
    with pytest.raises(ValueError, match="shards of 3"):
        merge([a, selfplay(game, "random", games=4, seed=1, shard=(1, 3))])
    with pytest.raises(ValueError, match=r"holds shard\(s\) \[0\]"):
        merge([a, a])
    with pytest.raises(ValueError, match="shard 2/2"):
        selfplay(game, "random", games=4, shard=(2, 2))
    with pytest.raises(plateau.AgentError):
        selfplay(game, "nosuchagent", games=1)


def test_selfplay_is_reachable_from_the_package_and_takes_a_game_name():
    # `plateau.selfplay("hus")` raised TypeError (a module is not callable).
    data = plateau.selfplay("hus", "random", games=2, seed=4)
    assert len(data["games"]) == 2
    assert data["run"]["game"] == "hus"
    assert data["observations"].shape[0] == len(data["actions"]) > 0
    # `games` is one unless given.
    assert len(plateau.selfplay("oware", "random")["games"]) == 1
