"""plateau.Match: a game with its seats, driven through the match layer."""

import json
import random

import pytest

import plateau
from test_hidden import _permuted_setup


def _other(player):
    return 1 - player


def test_a_seat_playing_out_of_turn_is_refused_with_a_kind():
    match = plateau.Match("hus", seats=["ann", "bob"], seed=1)
    mover = match.to_move
    with pytest.raises(plateau.MatchError, match="turn") as refused:
        match.play(0, as_=_other(mover))
    assert refused.value.kind == "not_your_turn"
    assert match.num_moves == 0
    # a spectator is refused too; the seat to move plays (by index or notation)
    with pytest.raises(plateau.MatchError) as refused:
        match.play(0, as_="spectator")
    assert refused.value.kind == "not_allowed"
    first = match.legal_moves(mover)[0]
    report = match.play(0, as_=mover)
    assert report["notation"] == first and report["mover"] == mover
    assert match.legal_moves(mover) == [] and match.legal_moves(_other(mover))
    # bad input is a ValueError (IllegalMoveError) with the kind too
    with pytest.raises(plateau.IllegalMoveError) as bad:
        match.play("zz99", as_=_other(mover))
    assert isinstance(bad.value, ValueError) and bad.value.kind == "bad_move"
    with pytest.raises(plateau.IllegalMoveError) as bad:
        match.play(999, as_=_other(mover))
    assert bad.value.kind == "bad_index"


def test_undo_against_an_agent_takes_back_the_reply_and_the_move():
    match = plateau.Match("oware", seats=["ann", "random"], seed=3, agent_seed=1)
    match.play_agents()
    start = match.num_moves
    assert match.to_move == 0
    match.play(0, as_="ann")
    replies = match.play_agents()
    assert len(replies) == 1 and match.num_moves == start + 2 and match.to_move == 0
    assert match.request_undo("ann") == {"result": "done", "plies": 2}
    assert match.num_moves == start and match.to_move == 0
    assert match.view("ann")["your_turn"]
    # the agent's seat is not a person's: it asks nothing
    with pytest.raises(plateau.MatchError) as refused:
        match.request_undo(1)
    assert refused.value.kind == "not_allowed"


def test_undo_between_two_people_needs_the_other_ones_consent():
    match = plateau.Match("hus", seats=["ann", "bob"], seed=2)
    first = match.to_move
    match.play(0, as_=first)
    assert match.request_undo(first) == {"result": "pending", "plies": 1}
    assert match.num_moves == 1
    assert match.view(_other(first))["undo_request"]["by"] == first
    with pytest.raises(plateau.MatchError) as refused:
        match.answer_undo(first, True)
    assert refused.value.kind in ("not_allowed", "no_request")
    assert match.answer_undo(_other(first), False) == {"result": "declined"}
    assert match.num_moves == 1
    match.request_undo(first)
    assert match.answer_undo(_other(first), True) == {"result": "done", "plies": 1}
    assert match.num_moves == 0 and match.to_move == first
    # nothing left to take back
    with pytest.raises(plateau.MatchError) as refused:
        match.request_undo(first)
    assert refused.value.kind == "undo_refused"


def test_draws_resignation_and_hints_go_through_the_match():
    match = plateau.Match("hus", seats=["ann", "bob"], seed=4)
    mover = match.to_move
    hint = match.hint(mover, "random")
    assert hint["move"] in match.legal_moves(mover)
    assert match.offer_draw(mover) == "pending"
    assert match.answer_draw(_other(mover), True) == "agreed"
    assert match.is_over and match.outcome["winner"] is None
    with pytest.raises(plateau.MatchError) as refused:
        match.play(0, as_=mover)
    assert refused.value.kind == "game_over"
    other = plateau.Match("hus", seats=["ann", "bob"], seed=4)
    outcome = other.resign("ann")
    assert outcome["winner"] == 1 and other.is_over


@pytest.mark.parametrize(
    "make",
    [
        lambda spec: plateau.Match("hus", seats=["ann", spec]),
        lambda spec: plateau.Agent(spec),
        lambda spec: plateau.agent(spec),
        lambda spec: plateau.Agent(spec, game=plateau.load("hus")),
        lambda spec: plateau.arena(plateau.load("hus"), "random", spec, 2),
        lambda spec: __import__("plateau.selfplay").selfplay.selfplay(plateau.load("hus"), spec, 1),
        lambda spec: __import__("plateau.gym").gym.SingleAgentEnv("hus", opponent=spec),
    ],
    ids=["match-seat", "Agent", "agent", "Agent-with-game", "arena", "selfplay", "gym"],
)
def test_a_bad_agent_spec_is_refused_when_the_agent_is_made(make):
    with pytest.raises(ValueError, match="agent 'alphabeta' has no option 'depthh'"):
        make("alphabeta:depthh=3")
    with pytest.raises(ValueError, match="unknown agent 'mtcs'"):
        make("mtcs:iters=10")


def test_a_bad_match_seat_names_the_seat_and_nothing_is_made():
    with pytest.raises(plateau.AgentError, match="north") as refused:
        plateau.Match("hus", seats=["ann", "mcts:iters=zero"])
    assert refused.value.kind == "bad_agent"
    with pytest.raises(plateau.MatchError) as refused:
        plateau.Match("hus", seats=["ann"])
    assert refused.value.kind == "bad_seats"


def test_an_agent_of_another_game_is_accepted_without_a_game():
    # ismcts plays only games of hidden information: it is an agent of Plateau
    agent = plateau.Agent("ismcts:iters=50", seed=1)
    state = plateau.load("stratego", variant="barrage").new(seed=1)
    assert agent.choose(state.seat(state.to_move))


def test_the_record_holds_the_players():
    match = plateau.Match("hus", seats=["ann", "greedy"], seed=5, agent_seed=2)
    match.play_agents()
    match.play(0, as_="ann")
    match.play_agents()
    record = match.record()
    assert record["players"] == [{"name": "ann"}, {"agent": "greedy"}]
    assert json.loads(match.record_json())["players"] == record["players"]
    assert len(record["moves"]) == match.num_moves
    replayed = plateau.load_record(record)
    assert replayed.num_moves == match.num_moves
    # a player's seat may read the record of a game of perfect information
    assert match.record("ann")["moves"] == record["moves"]


def _stratego_after_setups(setups):
    match = plateau.Match("stratego", variant="barrage", seats=["ann", "bob"], seed=1)
    for _ in range(2):
        player = match.to_move
        match.play(setups[player], as_=player)
    return match


def test_a_stratego_seat_sees_no_hidden_rank_of_the_opponent():
    rng = random.Random(11)
    base = plateau.load("stratego", variant="barrage").new(seed=1)
    setups = {}
    for _ in range(2):
        player = base.to_move
        setups[player] = base.random_move(rng.getrandbits(63))
        base.play(setups[player])
    match = _stratego_after_setups(setups)
    # a seat's record would show the opponent's setup: refused
    with pytest.raises(plateau.MatchError) as refused:
        match.record("red")
    assert refused.value.kind == "not_allowed"
    assert match.record()["moves"][:2] == [setups[0], setups[1]]
    for viewer in (0, 1):
        hidden = _other(viewer)
        seen = json.dumps(match.view(viewer), sort_keys=True)
        events = json.dumps(match.events_since(viewer, 0), sort_keys=True)
        for _ in range(3):
            permuted = dict(setups)
            permuted[hidden] = _permuted_setup(setups[hidden], rng)
            assert permuted[hidden] != setups[hidden]
            other = _stratego_after_setups(permuted)
            # the opponent's army permuted looks the same to the seat and to
            # a spectator, not to the referee (who sees everything)
            assert json.dumps(other.view(viewer), sort_keys=True) == seen
            assert json.dumps(other.events_since(viewer, 0), sort_keys=True) == events
            assert other.view() == match.view()
            assert other.view("referee") != match.view("referee")
        assert match.view(viewer)["legal_moves"] == (
            base.legal_moves() if base.to_move == viewer else []
        )
