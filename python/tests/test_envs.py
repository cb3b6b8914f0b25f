"""The PettingZoo and Gymnasium environments."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test  # noqa: E402

from conftest import LEARNING_GAMES  # noqa: E402
from plateau.gym import SingleAgentEnv  # noqa: E402
from plateau.pettingzoo import env  # noqa: E402


# Every game; Stratego both as Original (40 pieces a side, every home square
# filled) and as Barrage (8 pieces). Each runs in well under a second.
@pytest.mark.parametrize("game,variant", LEARNING_GAMES)
def test_pettingzoo_api_test_passes(game, variant):
    api_test(env(game, variant=variant), num_cycles=200)


def test_pettingzoo_episode_with_masks_and_final_rewards():
    e = env("stratego", variant="barrage", set={"max_plies": 400})
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    steps = 0
    for agent in e.agent_iter(max_iter=2000):
        obs, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            legal = np.flatnonzero(obs["action_mask"])
            assert len(legal) > 0
            assert e.state.to_move == e.possible_agents.index(agent)
            action = int(rng.choice(legal))
            steps += 1
        e.step(action)
    assert e.state.is_over and steps > 0
    assert [s["occupant"]["kind"] for s in e.match.seats] == ["person", "person"]
    assert e.match.record()["players"] == [{"name": "player_0"}, {"name": "player_1"}]
    assert not e.agents
    # rewards of the finished game are the returns
    assert sorted(e.state.returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_setup_policy_is_called_for_free_form_phases():
    calls = []

    def setup(seat, player):
        calls.append(player)
        return seat.game.new(0).random_move(player + 11)

    e = env("stratego", variant="barrage", setup=setup)
    e.reset(seed=1)
    assert sorted(calls) == [0, 1]
    assert e.state.moves_enumerable


def test_gymnasium_single_agent_env_against_an_agent():
    from gymnasium.utils.env_checker import check_env

    check_env(SingleAgentEnv("hus", opponent="greedy", illegal_action="lose"), skip_render_check=True)
    environment = SingleAgentEnv("hus", opponent="greedy", player=1)
    obs, info = environment.reset(seed=2)
    assert obs.shape == (3, 16) and environment.state.to_move == 1
    # the game is a Match: the learner a person's seat, the opponent an agent's
    seats = [s["occupant"] for s in environment.match.seats]
    assert seats == [{"kind": "agent", "spec": "greedy"}, {"kind": "person", "name": "learner"}]
    done, reward, steps = False, 0.0, 0
    while not done:
        obs, reward, terminated, truncated, info = environment.step(info["legal_actions"][0])
        done = terminated or truncated
        steps += 1
        if not done:
            assert environment.state.to_move == 1
            assert info["action_mask"].sum() == len(info["legal_actions"])
    assert reward in (-1.0, 0.0, 1.0) and steps > 0
    assert reward == environment.state.returns[1]
    with pytest.raises(ValueError, match="illegal move"):
        environment.reset(seed=2)
        illegal = next(a for a in range(16) if a not in environment.state.legal_action_ids())
        environment.step(illegal)
