#!/usr/bin/env python3
"""A small match between two agents through `plateau serve` (`genmove`).

    python3 examples/python/match.py [--game hus] [--games 10] [--seed 0]
                                     [--budget-ms N] [AGENT_A] [AGENT_B]

Agents are spec strings such as `random` or `random:7` (default: random:1
against random:2). The agents change seats every game; the score counts a win
as 1 and a draw as 1/2.
"""

import argparse
import sys

from plateau_client import Client, run_main


def play_one(plateau, game, seed, seats, budget):
    """Plays one game; seats[p] is the agent of player p. Returns the status."""
    game_id = plateau.new(game, seed=seed)["id"]
    status = plateau.status(game_id)
    while not status["over"]:
        agent = seats[status["to_move"]]
        status = plateau.genmove(game_id, agent=agent, budget=budget, play=True)["status"]
    plateau.close_game(game_id)
    return status


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("agent_a", nargs="?", default="random:1")
    parser.add_argument("agent_b", nargs="?", default="random:2")
    parser.add_argument("--game", default="hus")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget-ms", type=int, default=None,
                        help="thinking time per move, for agents that use one")
    args = parser.parse_args()
    budget = {"ms": args.budget_ms} if args.budget_ms is not None else None
    agents = [args.agent_a, args.agent_b]
    score = [0.0, 0.0]
    wins, draws = [0, 0], 0
    with Client() as plateau:
        for i in range(args.games):
            # Agent A takes player 0 in even games, player 1 in odd ones.
            seats = agents if i % 2 == 0 else agents[::-1]
            status = play_one(plateau, args.game, args.seed + i, seats, budget)
            winner = status["outcome"]["winner"]
            if winner is None:
                draws += 1
                score[0] += 0.5
                score[1] += 0.5
                who = "draw"
            else:
                a_won = (winner == 0) == (i % 2 == 0)
                idx = 0 if a_won else 1
                wins[idx] += 1
                score[idx] += 1
                who = f"{agents[idx]} ({status['outcome']['winner_name']})"
            print(f"game {i + 1}: {who}: {status['result']}")
    print(f"{agents[0]} {score[0]:g} - {score[1]:g} {agents[1]} "
          f"(wins {wins[0]}-{wins[1]}, draws {draws}) over {args.games} games of {args.game}")


if __name__ == "__main__":
    sys.exit(run_main(main))
