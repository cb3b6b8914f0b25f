"""Fixtures and functions shared by the Python tests."""

import random

import pytest

import plateau

LEARNING_GAMES = [
    ("hus", None),
    ("oware", None),
    ("quinque", "basic"),
    ("quinque", "advanced"),
    ("stratego", "barrage"),
    ("stratego", "original"),
]


@pytest.fixture(params=LEARNING_GAMES, ids=lambda p: p[0] + (f"-{p[1]}" if p[1] else ""))
def learning_game(request):
    game, variant = request.param
    return plateau.load(game, variant=variant)


def play_free_form(state, rng):
    """Plays random moves while the position's moves cannot be listed (setups)."""
    while not state.is_over and not state.moves_enumerable:
        state.play(state.random_move(rng.getrandbits(63)))


def random_plies(state, plies, seed):
    """Plays up to `plies` random moves (setups included) and returns them."""
    rng = random.Random(seed)
    played = []
    for _ in range(plies):
        if state.is_over:
            break
        if state.moves_enumerable:
            move = rng.choice(state.legal_moves())
        else:
            move = state.random_move(rng.getrandbits(63))
        state.play(move)
        played.append(move)
    return played
