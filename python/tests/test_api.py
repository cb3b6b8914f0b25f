"""The OpenSpiel-like API over every registered game."""

import json
import pickle

import numpy as np
import pytest

import plateau
from conftest import random_plies


def test_games_lists_every_game_with_its_variants():
    games = {g["id"]: g for g in plateau.games()}
    assert {"hus", "oware", "quinque", "stratego"} <= set(games)
    assert games["stratego"]["hidden_information"] is True
    assert games["hus"]["hidden_information"] is False
    assert "barrage" in [v["name"] for v in games["stratego"]["variants"]]
    for g in games.values():
        for v in g["variants"]:
            game = plateau.load(g["id"], variant=v["name"])
            assert game.variant == v["name"]
            assert game.num_players == 2


def test_unknown_game_and_variant_are_rules_errors():
    with pytest.raises(plateau.RulesError, match="unknown game 'chess'; games: hus"):
        plateau.load("chess")
    with pytest.raises(plateau.RulesError, match="nosuch"):
        plateau.load("stratego", variant="nosuch")
    assert issubclass(plateau.RulesError, plateau.PlateauError)
    assert issubclass(plateau.PlateauError, ValueError)


def test_overrides_and_rules_text():
    game = plateau.load("hus", set={"max_plies": 40})
    assert game.params["max_plies"] == 40
    with pytest.raises(plateau.RulesError, match="max_sowings = 0: must be at least 1"):
        plateau.load("hus", set={"max_sowings": 0})
    with pytest.raises(plateau.RulesError, match="unknown parameter"):
        plateau.load("hus", set={"no.such": 1})
    again = plateau.load("hus", rules=game.params_toml)
    assert again.params == game.params


def test_rules_for_players_are_numbered_as_errors_cite_them():
    assert "**H3.1**" in plateau.load("hus").rules_text
    assert "**S4.3**" in plateau.load("stratego", variant="Barrage").rules_text


def test_rules_file_path(tmp_path):
    path = tmp_path / "short.toml"
    path.write_text(plateau.load("oware", set={"seeds": 3}).params_toml)
    assert plateau.load("oware", rules=path).params["seeds"] == 3
    with pytest.raises(plateau.RulesError, match="cannot read rules file"):
        plateau.load("oware", rules=tmp_path / "missing.toml")


def test_play_undo_clone_and_illegal_moves():
    game = plateau.load("hus")
    state = game.new(seed=1)
    start = state.legal_moves()
    assert state.to_move == 0 and not state.is_over and state.outcome is None
    assert state.returns == [0.0, 0.0]
    copy = state.clone()
    state.play(start[0])
    assert state.num_moves == 1 and copy.num_moves == 0
    assert copy.legal_moves() == start
    with pytest.raises(plateau.IllegalMoveError, match="cannot read move 'z9'"):
        state.play("z9")
    before = state.render()
    with pytest.raises(plateau.IllegalMoveError, match="illegal move"):
        state.play("b1")  # b1 of north is empty (H2.1)
    assert state.render() == before
    assert state.undo() and state.num_moves == 0
    assert state.legal_moves() == start
    assert not state.undo()


def test_a_game_to_the_end_has_an_outcome_and_returns():
    state = plateau.load("oware").new(seed=3)
    random_plies(state, 10_000, seed=3)
    assert state.is_over
    outcome = state.outcome
    assert outcome["reason"]
    assert state.to_move is None and state.current_player() == -4
    returns = state.returns
    if outcome["winner"] is None:
        assert returns == [0.0, 0.0]
    else:
        assert returns[outcome["winner"]] == 1.0 and returns[1 - outcome["winner"]] == -1.0
    with pytest.raises(plateau.IllegalMoveError, match="the game is over"):
        state.play("A")


def test_records_round_trip_as_dict_and_text():
    for gid, variant in [("hus", None), ("quinque", None), ("stratego", "barrage")]:
        state = plateau.load(gid, variant=variant).new(seed=5)
        random_plies(state, 30, seed=5)
        record = state.record()
        assert record["game"] == gid and len(record["moves"]) == state.num_moves
        for replayed in (plateau.load_record(record), plateau.load_record(state.record_json()),
                         state.game.from_record(record)):
            assert replayed.render() == state.render()
            assert replayed.legal_moves() == state.legal_moves()
            assert replayed.record() == record


def test_bad_records_are_record_errors_naming_the_move():
    state = plateau.load("hus").new(seed=2)
    random_plies(state, 3, seed=2)
    record = state.record()
    record["moves"][1] = "q7"
    with pytest.raises(plateau.RecordError, match="move 2 of the record"):
        plateau.load_record(record)
    with pytest.raises(plateau.RecordError, match="not a game record"):
        plateau.load_record("{}")
    with pytest.raises(plateau.RecordError, match="not of oware"):
        plateau.load("oware").from_record(state.record())


def test_views_and_renders():
    state = plateau.load("hus").new(seed=0)
    view = state.view("north")
    assert view["seat"] == "north"
    assert state.view(1) == view
    assert "south" in state.render(0)
    with pytest.raises(IndexError):
        state.view(2)
    with pytest.raises(plateau.PlateauError, match="no player 'east'; players: south, north"):
        state.view("east")


def test_playouts_are_seeded_and_native():
    game = plateau.load("hus")
    a = game.playouts(50, seed=9)
    assert len(a) == 50 and a == game.playouts(50, seed=9)
    assert a != game.playouts(50, seed=10)
    assert all(o["winner"] in (0, 1) for o in a)
    capped = game.playouts(5, seed=1, max_plies=3)
    assert all(o["capped"] and o["winner"] is None for o in capped)
    assert capped.capped.all() and (capped.winners == -1).all()
    assert (capped.plies == 3).all() and capped.counts()["plies"] == 15


def test_playouts_read_as_a_sequence_with_numpy_columns():
    game = plateau.load("oware")
    games = game.playouts(40, seed=3, max_plies=2000)
    assert isinstance(games, plateau.Playouts) and games.seed == 3
    listed = games.tolist()
    assert list(games) == listed and games == listed and games[:] == listed
    assert games[-1] == listed[39] and games[5:9] == listed[5:9] and games[::7] == listed[::7]
    with pytest.raises(IndexError, match="game 40 is out of range: 40 games"):
        games[40]
    # The columns agree with the dicts, and with the same games played one
    # by one from their seeds (game i is the game of seed 3 + i).
    assert games.winners.dtype == np.int64 and games.winners.shape == (40,)
    assert list(games.winners) == [-1 if o["winner"] is None else o["winner"] for o in listed]
    assert list(games.scores[:, 0]) == [o["scores"][0] for o in listed]
    assert games.plies.sum() == game.bench(40, seed=3, max_plies=2000)["plies"]
    counts = games.counts()
    assert counts["south"] + counts["north"] + counts["draws"] == 40
    assert counts["south"] == int((games.winners == 0).sum())
    assert repr(games).startswith("<Playouts: 40 games from seed 3, ")
    # Stratego does not score: no scores column.
    stratego = plateau.load("stratego", variant="barrage").playouts(3, max_plies=40)
    assert all(o["scores"] is None for o in stratego) and stratego.scores is None
    report = game.bench(20, seed=0)
    assert report["games"] == 20 and report["plies"] > 0


def test_games_and_states_pickle():
    game = plateau.load("stratego", variant="barrage", set={"max_plies": 300})
    again = pickle.loads(pickle.dumps(game))
    assert again.params == game.params and again.variant == "barrage"
    state = game.new(seed=4)
    random_plies(state, 12, seed=4)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.record() == state.record()


def test_agents_choose_legal_moves_from_state_or_seat():
    game = plateau.load("hus")
    state = game.new(seed=1)
    names = [a["name"] for a in plateau.agents(game)]
    assert {"random", "greedy", "mcts", "alphabeta"} <= set(names)
    agent = plateau.agent("mcts:iters=100", seed=1, game=game)
    assert agent.choose(state) in state.legal_moves()
    analysis = agent.analyse(state.seat(0))
    assert analysis["move"] in state.legal_moves() and analysis["iterations"] == 100
    with pytest.raises(plateau.IllegalMoveError, match="not north's turn"):
        agent.choose(state.seat(1))
    with pytest.raises(plateau.AgentError, match="no option 'depthh'"):
        plateau.agent("alphabeta:depthh=3", game=game)
    # an agent plays a hidden-information game through a seat
    stratego = plateau.load("stratego", variant="barrage").new(seed=2)
    random_agent = plateau.agent("random", seed=3)
    for _ in range(6):
        seat = stratego.seat(stratego.to_move)
        seat.play(random_agent.choose(seat))
    assert stratego.num_moves == 6


def _without_times(result):
    result = json.loads(json.dumps(result))
    for g in result["games"]:
        g.pop("time_us", None)
    result["summary"].pop("ms_per_move", None)
    return result


def test_arena_shards_merge_exactly_into_the_whole_run():
    game = plateau.load("hus")
    whole = plateau.arena(game, "random", "greedy", 12, seed=5, threads=1)
    shards = [plateau.arena(game, "random", "greedy", 12, seed=5, shard=(i, 3), threads=1)
              for i in range(3)]
    merged = plateau.arena_merge(reversed(shards))
    assert _without_times(merged) == _without_times(whole)
    assert merged["summary"]["games"] == 12
    with pytest.raises(plateau.PlateauError, match="shard 0/3 is also in"):
        plateau.arena_merge([shards[0], shards[0]])
    other = plateau.arena(game, "random", "random", 12, seed=5, shard=(1, 3))
    with pytest.raises(plateau.PlateauError, match="not the same arena run"):
        plateau.arena_merge([shards[0], other])
    with_records = plateau.arena(game, "random", "greedy", 4, seed=5, records=True)
    for g, record in zip(with_records["games"], with_records["records"]):
        assert len(plateau.load_record(record).record()["moves"]) == g["plies"]
