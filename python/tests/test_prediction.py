"""plateau.predict: how often an agent chooses the moves of a record, as
`plateau predict` does, checked against the agent's own choices."""

import plateau


def _oware_record(moves=12, seed=5):
    state = plateau.load("oware").new(seed=seed)
    agent = plateau.agent("random", seed=seed)
    for _ in range(moves):
        state.play(agent.choose(state))
    return state.record()


def test_agreements_are_the_agents_own_choices():
    record = _oware_record()
    p = plateau.predict(record, agent="alphabeta:depth=3", opening=4, ending=4)
    assert [x["played"] for x in p["plies"]] == record["moves"]
    assert [x["phase"] for x in p["plies"]] == ["opening"] * 4 + ["middle"] * 4 + ["ending"] * 4
    # Each choice is what the same agent chooses from that position.
    state = plateau.load("oware").new(seed=5)
    agent = plateau.agent("alphabeta:depth=3")
    agree = 0
    for ply, move in zip(p["plies"], record["moves"]):
        assert ply["chosen"] == agent.choose(state)
        assert ply["top1"] == (ply["chosen"] == move)
        agree += ply["top1"]
        state.play(move)
    s = p["summary"]
    assert s["all"]["positions"] == 12
    assert s["all"]["top1"] == agree
    assert s["opening"]["positions"] == s["middle"]["positions"] == s["ending"]["positions"] == 4
    # Alpha-beta gives no distribution.
    assert all(x["probability"] is None for x in p["plies"])


def test_a_visit_count_gives_probabilities():
    p = plateau.predict(_oware_record(4), agent="mcts:iters=200", seed=1)
    for x in p["plies"]:
        assert 0.0 < x["probability"] < 1.0
    s = p["summary"]["all"]
    assert s["with_probability"] == 4
    assert s["log_likelihood"] < 0.0


def test_bad_input_raises():
    import pytest

    with pytest.raises(plateau.AgentError):
        plateau.predict(_oware_record(2), agent="alphabeta:depth=x")
    with pytest.raises(plateau.RecordError):
        plateau.predict({"format": 1, "game": "oware", "moves": ["Z"]})
