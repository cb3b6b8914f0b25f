"""plateau.analyse: a recorded game analysed move by move, as `plateau
analyse` does; from one seat's view in a game of hidden information."""

import json

import pytest

import plateau


def _hus_record(moves=6, seed=3):
    state = plateau.load("hus").new(seed=seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.play(state.legal_moves()[0])
    return state.record()


def test_each_ply_has_a_value_a_best_move_and_a_loss():
    record = _hus_record()
    a = plateau.analyse(record, agent="alphabeta:depth=2")
    assert a["game"] == "hus"
    assert [p["played"] for p in a["plies"]] == record["moves"]
    for p in a["plies"][:-1]:
        assert -1.0 <= p["value"] <= 1.0
        assert isinstance(p["best"], str)
        assert p["loss"] >= 0.0
    # The same as from JSON text, and deterministic with an iteration budget.
    assert plateau.analyse(json.dumps(record), agent="alphabeta:depth=2") == a


def test_hidden_information_needs_a_seat_and_keeps_the_other_secret():
    state = plateau.load("stratego", variant="barrage").new(seed=2)
    for i in range(8):
        move = state.random_move(i)
        if move is None:
            break
        state.play(move)
    record = state.record()
    assert len(record["moves"]) >= 3
    with pytest.raises(ValueError, match="one seat's view"):
        plateau.analyse(record, agent="ismcts:iters=50")
    with pytest.raises(ValueError, match="green"):
        plateau.analyse(record, agent="ismcts:iters=50", seat="green")
    a = plateau.analyse(record, agent="ismcts:iters=50", seat="red")
    blue_setup = record["moves"][1]
    assert blue_setup not in json.dumps(a)
    assert a["plies"][1]["played"] == "(secret)"
    assert all(p["mover"] == "red" for p in a["plies"] if p["searched"])


def test_bad_input_is_named():
    with pytest.raises(plateau.AgentError, match="tme"):
        plateau.analyse(_hus_record(4), agent="mcts:tme=1s")
    with pytest.raises(plateau.RecordError):
        plateau.analyse({"format": 1})
