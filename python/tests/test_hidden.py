"""Hidden information: seats answer only for their player, and nothing
hidden reaches a player's view or observation tensor."""

import random

import numpy as np
import pytest

import plateau
from conftest import play_free_form


def test_seats_refuse_the_state_record_and_undo_in_stratego():
    state = plateau.load("stratego", variant="barrage").new(seed=1)
    play_free_form(state, random.Random(1))
    seat = state.seat("red")
    for request in (seat.record, seat.state_json, seat.state, seat.undo):
        with pytest.raises(plateau.HiddenInformationError, match="hidden information"):
            request()
    other = state.seat(1 - state.to_move)
    assert other.legal_moves() == [] and other.legal_action_ids() == []
    assert other.legal_action_mask().sum() == 0
    with pytest.raises(plateau.IllegalMoveError, match="turn"):
        other.play(state.legal_moves()[0])
    me = state.seat(state.to_move)
    assert me.legal_moves() == state.legal_moves()
    me.play_id(me.legal_action_ids()[0])
    assert state.num_moves == 3


def test_seats_of_perfect_information_games_allow_the_record_and_undo():
    state = plateau.load("hus").new(seed=1)
    seat = state.seat(0)
    seat.play(seat.legal_moves()[0])
    assert seat.record()["moves"] == state.record()["moves"]
    assert seat.undo() and state.num_moves == 0


def _permuted_setup(setup, rng, symbols=None):
    """`setup ROWS` with the pieces (or those of `symbols`) permuted among their squares."""
    body = setup[len("setup "):]
    where = [i for i, c in enumerate(body) if c not in "./" and (symbols is None or c in symbols)]
    pieces = [body[i] for i in where]
    rng.shuffle(pieces)
    chars = list(body)
    for i, c in zip(where, pieces):
        chars[i] = c
    return "setup " + "".join(chars)


def _seen_by(state, player):
    """Everything `player` is given: the view, the tensor, the rendering and
    (on its turn) the legal moves, action ids and mask, through the state
    and through the player's seat."""
    seat = state.seat(player)
    assert seat.view() == state.view(player)
    assert np.array_equal(seat.observation_tensor(), state.observation_tensor(player))
    turn = (state.legal_moves(), state.legal_action_ids(), state.legal_action_mask().tolist()) \
        if state.to_move == player else None
    assert seat.legal_action_mask().tolist() == (turn[2] if turn else [0] * state.game.num_distinct_actions)
    return state.view(player), state.observation_tensor(player), state.render(player), turn


# The games of hidden information and the tests below that permute what a
# player cannot see: a new such game must come with its own.
PERMUTATION_TESTS = {"stratego": "test_views_and_observations_ignore_a_permutation_of_unrevealed_pieces"}


def test_every_game_with_hidden_information_has_a_permutation_test():
    hidden = {g["id"] for g in plateau.games() if g["hidden_information"]}
    assert "stratego" in hidden
    assert hidden <= set(PERMUTATION_TESTS), f"no permutation test for {sorted(hidden - set(PERMUTATION_TESTS))}"
    for name in PERMUTATION_TESTS.values():
        assert callable(globals()[name])


@pytest.mark.parametrize("variant", ["barrage", "original"])
def test_views_and_observations_ignore_a_permutation_of_unrevealed_pieces(variant):
    game = plateau.load("stratego", variant=variant)
    rng = random.Random(7)
    for seed in range(3):
        base = game.new(seed)
        setups = [base.random_move(rng.getrandbits(63))]
        base.play(setups[0])
        setups.append(base.random_move(rng.getrandbits(63)))
        base.play(setups[1])
        for viewer in (0, 1):
            hidden = 1 - viewer
            # Right after the setups nothing of the opponent's is revealed:
            # any permutation of its army looks the same (S6).
            for _ in range(3):
                other = game.new(seed)
                moves = list(setups)
                moves[hidden] = _permuted_setup(setups[hidden], rng)
                for m in moves:
                    other.play(m)
                a, b = _seen_by(base, viewer), _seen_by(other, viewer)
                assert a[0] == b[0] and np.array_equal(a[1], b[1]) and a[2] == b[2]
            # During play: the opponent's bombs and flag never move; swapped
            # among themselves they stay unseen until one is attacked.
            other = game.new(seed)
            moves = list(setups)
            moves[hidden] = _permuted_setup(setups[hidden], rng, symbols="BF")
            for m in moves:
                other.play(m)
            play_rng = random.Random(seed)
            compared = 0
            for _ in range(150):
                if base.is_over:
                    break
                a, b = _seen_by(base, viewer), _seen_by(other, viewer)
                if a[0] != b[0]:
                    # only right after a swapped piece was attacked (S6.2: it is revealed)
                    last = a[0]["history"][-1]
                    assert last["type"] == "move" and last["player"] == viewer and "combat" in last
                    break
                assert np.array_equal(a[1], b[1]) and a[2] == b[2] and a[3] == b[3]
                compared += 1
                move = play_rng.choice(base.legal_moves())
                base.play(move)
                try:
                    other.play(move)
                except plateau.IllegalMoveError:
                    break
            assert compared > 0
            base = plateau.load_record(base.record())
            while base.num_moves > 2:
                base.undo()
