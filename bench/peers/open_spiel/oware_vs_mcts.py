"""Plateau's Oware agent against OpenSpiel's MCTS bot, the same wall-clock
time a move (docs/AI.md "Strength runs"). Not part of the Plateau workspace
or CI.

Plateau plays through `plateau serve` (one JSON line a request, `genmove`
with a budget in ms, docs/PROTOCOL.md); OpenSpiel's bot is its C++
`pyspiel.MCTSBot` with random rollouts (`pyspiel.RandomRolloutEvaluator`,
one rollout a leaf), UCT c = 2, the solver on, and `max_wall_clock_time` as
its budget. Both rule sets are Abapa with the same end rules (RULES.md O5);
every move is played in both and the two games must end together with the
same winner. Sides alternate: Plateau is South in the even games.

Usage: python3 oware_vs_mcts.py PLATEAU [GAMES] [MS] [SPEC] [SEED]
  PLATEAU  the `plateau` binary (a release build)
  GAMES    games (default 20); MS  time a move of both (default 100)
  SPEC     Plateau's agent (default `ai`); SEED  the first seed (default 1)
"""

import json
import subprocess
import sys
import time

import pyspiel


class Serve:
    def __init__(self, binary):
        self.proc = subprocess.Popen(
            [binary, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def ask(self, **request):
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        if not answer.get("ok"):
            raise RuntimeError(f"{request}: {answer}")
        return answer

    def close(self):
        self.proc.stdin.write(json.dumps({"cmd": "quit"}) + "\n")
        self.proc.stdin.flush()
        self.proc.wait(timeout=10)


def play_game(serve, game, number, ms, spec, seed):
    plateau_player = number % 2  # South (0) in the even games
    bot = pyspiel.MCTSBot(
        game,
        pyspiel.RandomRolloutEvaluator(1, seed + number),
        2.0,
        10**9,
        2000,
        True,
        seed + number,
        False,
        pyspiel.ChildSelectionPolicy.UCT,
        ms / 1000.0,
    )
    gid = serve.ask(cmd="new", game="oware")["id"]
    state = game.new_initial_state()
    times = {"plateau": [], "open_spiel": []}
    sims = []
    agent = f"{spec}:seed={seed + number}"
    while not state.is_terminal():
        player = state.current_player()
        names = {state.action_to_string(player, a): a for a in state.legal_actions()}
        start = time.perf_counter()
        if player == plateau_player:
            answer = serve.ask(
                cmd="genmove", id=gid, agent=agent, budget={"ms": ms}, play=True
            )
            times["plateau"].append(time.perf_counter() - start)
            move = answer["move"]
            state.apply_action(names[move])
        else:
            action = bot.step(state)
            times["open_spiel"].append(time.perf_counter() - start)
            move = state.action_to_string(player, action)
            serve.ask(cmd="play", id=gid, move=move)
            state.apply_action(action)
    status = serve.ask(cmd="status", id=gid)
    serve.ask(cmd="close", id=gid)
    returns = state.returns()
    outcome = status.get("outcome") or status.get("status", {}).get("outcome")
    # Both engines must agree on the end and its winner.
    expected = 0 if returns[0] > 0 else 1 if returns[0] < 0 else None
    if outcome is None or outcome.get("winner") != expected:
        raise RuntimeError(f"game {number}: open_spiel returns {returns}, plateau {status}")
    return plateau_player, returns, outcome, times, state.move_number()


def main():
    binary = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    ms = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    spec = sys.argv[4] if len(sys.argv) > 4 else "ai"
    seed = int(sys.argv[5]) if len(sys.argv) > 5 else 1
    game = pyspiel.load_game("oware")
    serve = Serve(binary)
    wins = draws = losses = 0
    all_times = {"plateau": [], "open_spiel": []}
    plies = 0
    for number in range(games):
        me, returns, outcome, times, length = play_game(serve, game, number, ms, spec, seed)
        r = returns[me]
        wins += r > 0
        draws += r == 0
        losses += r < 0
        plies += length
        for k in all_times:
            all_times[k] += times[k]
        side = "south" if me == 0 else "north"
        print(
            f"game {number}: plateau {side}, returns {returns}, {length} plies, plateau outcome {outcome}",
            flush=True,
        )
    serve.close()
    mean = lambda xs: 1000 * sum(xs) / max(1, len(xs))
    print(
        f"plateau {spec} ({ms} ms a move) against open_spiel MCTSBot ({ms} ms a move, random rollouts): "
        f"{wins}-{draws}-{losses} (W-D-L) in {games} games, score {(wins + draws / 2) / games:.3f}; "
        f"mean length {plies / games:.1f} plies; ms a move plateau {mean(all_times['plateau']):.1f}, "
        f"open_spiel {mean(all_times['open_spiel']):.1f}"
    )


if __name__ == "__main__":
    main()
