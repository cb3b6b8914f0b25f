"""An outside UCC program as a seat of a match (`ucc:cmd=...`): a small
program written here, honest or faulty, refereed by Plateau."""

import sys
import textwrap

import pytest

import plateau

# Steps one square to an empty square or an enemy piece, read from the
# board it is shown; the manual's setup. It keeps no state: the referee
# tells it everything it may know.
HONEST = textwrap.dedent(
    """
    import random, sys
    rng = random.Random(int(sys.argv[1]))
    colour = sys.stdin.readline().split()[0]
    print("FB8sB479B8\\nBB31555583\\n6724898974\\n967B669999", flush=True)
    while True:
        first = sys.stdin.readline()
        if not first or first.startswith("QUIT"):
            break
        rows = [sys.stdin.readline().strip() for _ in range(10)]
        moves = []
        for y, row in enumerate(rows):
            for x, c in enumerate(row):
                if c in "123456789s":
                    for d, (dx, dy) in {"UP": (0, -1), "DOWN": (0, 1), "LEFT": (-1, 0), "RIGHT": (1, 0)}.items():
                        tx, ty = x + dx, y + dy
                        if 0 <= tx < 10 and 0 <= ty < 10 and rows[ty][tx] in ".#":
                            moves.append(f"{x} {y} {d}")
        print(rng.choice(moves), flush=True)
        echo = sys.stdin.readline()
        if not echo or echo.startswith("QUIT"):
            break
    """
)


def _program(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def _rules():
    return plateau.load("stratego", set={"two_square_limit": 0, "chase_rule": False})


def test_an_honest_program_plays_a_whole_game_as_a_seat(tmp_path):
    path = _program(tmp_path, "honest.py", HONEST)
    spec = f"ucc:cmd={sys.executable},args={path} 7,time=5s"
    match = plateau.Match(_rules(), seats=[spec, "random"], seed=3, agent_seed=4)
    while not match.is_over:
        assert match.play_agents(), "the agents made no move"
    record = match.record()
    assert record["players"][0] == {"agent": spec}
    assert record["outcome"]["reason"] in ("flag-captured", "no-movable-pieces", "no-legal-move", "move-cap")


def test_a_faulty_program_stops_its_seat_with_the_reason(tmp_path):
    path = _program(
        tmp_path,
        "faulty.py",
        "import sys\nsys.stdin.readline()\n"
        "print('FB8sB479B8\\nBB31555583\\n6724898974\\n967B669999', flush=True)\n"
        "for _ in range(11): sys.stdin.readline()\nprint('take the flag', flush=True)\n"
        "sys.stdin.readline()\n",
    )
    spec = f"ucc:cmd={sys.executable},args={path},time=5s"
    match = plateau.Match(_rules(), seats=[spec, "random"], seed=3)
    with pytest.raises(plateau.MatchError) as failed:
        while not match.is_over:
            match.play_agents()
    assert "malformed" in str(failed.value) and "take the flag" in str(failed.value)
    assert not match.is_over
