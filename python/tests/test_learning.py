"""The fixed action spaces and observation tensors."""

import random

import numpy as np
import pytest

import plateau
from conftest import play_free_form


def test_action_ids_match_the_legal_moves(learning_game):
    game = learning_game
    n = game.num_distinct_actions
    rng = random.Random(1)
    for seed in range(3):
        state = game.new(seed)
        for _ in range(60):
            play_free_form(state, rng)
            if state.is_over:
                break
            moves = state.legal_moves()
            ids = state.legal_action_ids()
            assert len(ids) == len(moves) and len(set(ids)) == len(ids)
            assert all(0 <= a < n for a in ids)
            for move, a in zip(moves, ids):
                assert state.action_id(move) == a
                assert state.action_to_string(a) == move
            mask = state.legal_action_mask()
            assert mask.dtype == np.int8 and mask.shape == (n,)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids)
            a = rng.choice(ids)
            expected = moves[ids.index(a)]
            copy = state.clone()
            copy.play(expected)
            state.play_id(a)
            assert state.record() == copy.record()


def test_illegal_and_unknown_action_ids_are_refused(learning_game):
    state = learning_game.new(0)
    play_free_form(state, random.Random(0))
    n = learning_game.num_distinct_actions
    rng = random.Random(0)
    while len(state.legal_action_ids()) == n:  # Oware starts with every house legal
        state.play_id(rng.choice(state.legal_action_ids()))
    illegal = next(a for a in range(n) if a not in state.legal_action_ids())
    with pytest.raises(plateau.IllegalMoveError, match="not a legal move"):
        state.play_id(illegal)
    with pytest.raises(plateau.IllegalMoveError, match=f"no such action: ids are 0 to {n - 1}"):
        state.play_id(n)
    with pytest.raises(IndexError):
        learning_game.action_to_string(n)


def test_observations_have_the_documented_shape(learning_game):
    game = learning_game
    shape = tuple(game.observation_shape)
    assert len(game.observation_layout) == shape[0]
    state = game.new(0)
    play_free_form(state, random.Random(0))
    for player in range(game.num_players):
        obs = state.observation_tensor(player)
        assert obs.dtype == np.float32 and obs.shape == shape
        assert np.all(obs >= 0)
        assert np.array_equal(obs, state.seat(player).observation_tensor())


def test_hus_observation_layout():
    state = plateau.load("hus").new(seed=0)  # H2.1: 2 stones in 24 pits
    obs = state.observation_tensor(0)
    start = [2] * 8 + [0] * 4 + [2] * 4
    assert obs[0].tolist() == start and obs[1].tolist() == start
    assert obs[2].tolist() == [1.0] * 16
    assert state.observation_tensor(1)[2].tolist() == [0.0] * 16
    assert plateau.load("hus").action_to_string(0) == "a8"


def test_oware_actions_are_openspiels_houses():
    state = plateau.load("oware").new(seed=0)
    assert state.game.num_distinct_actions == 6
    assert state.legal_action_ids() == [0, 1, 2, 3, 4, 5]
    obs = state.observation_tensor(0)
    assert obs[0].tolist() == [4.0] * 6 and obs[2].tolist() == [0.0] * 6


def test_stratego_setups_are_outside_the_action_space():
    game = plateau.load("stratego", variant="barrage")
    state = game.new(seed=1)
    assert not state.moves_enumerable and state.legal_action_ids() == []
    play_free_form(state, random.Random(1))
    assert state.moves_enumerable and state.legal_action_ids()
    cells = game.params["board"]["files"] * game.params["board"]["ranks"]
    kinds = game.observation_shape[0] // 4 - 2
    assert game.num_distinct_actions == cells * cells + kinds * cells + 1
    assert game.action_to_string(game.num_distinct_actions - 1) == "skip"
    assert game.action_to_string(1 * cells + 11) == "b1-b2"
    obs = state.observation_tensor(state.to_move)
    layout = game.observation_layout
    lakes = obs[layout.index(next(line for line in layout if line.endswith(": lakes")))]
    assert lakes.sum() == 8  # S1.2: two lakes of four squares


def test_quinque_ids_are_relative_to_the_formation():
    game = plateau.load("quinque")
    assert {g["id"]: g for g in plateau.games()}["quinque"]["learning"]
    # G = 16 + 2 cells and P = 36 points on a side: marks, moves, end, pass
    assert game.num_distinct_actions == 36 * 36 + 18 * 18 * 8 * 17 + 2
    assert game.observation_shape == [10, 36, 36]
    state = game.new(0)
    # Q3.1: the opening marks one of the four parachutists of the first tile;
    # the frame's cell (0,0) is (-1,-1), so point (0,0) is frame point (2,2)
    assert sorted(state.action_to_string(a) for a in state.legal_action_ids()) == [
        "mark 0,0", "mark 0,1", "mark 1,0", "mark 1,1"]
    assert state.action_id("mark 0,0") == 2 * 36 + 2
    assert game.action_to_string(2 * 36 + 2) == "mark frame point 2,2"
    with pytest.raises(plateau.IllegalMoveError, match=r"mark -2,-2 \(action 0\).*not a legal move"):
        state.play_id(0)
    state.play("mark 0,1")
    assert state.action_to_string(game.num_distinct_actions - 2) == "end"
    obs = state.observation_tensor("red")
    layout = game.observation_layout
    assert obs[0].sum() == 4 and obs[1][3, 2] == 1 and obs[2].sum() == 0
    assert state.observation_tensor("orange")[2][3, 2] == 1
    assert layout[8].startswith("plane 8: all ones at the second action") and obs[8].all()
