"""A Gymnasium single-agent environment: one player of a Plateau game
against a Plateau agent.

    from plateau.gym import SingleAgentEnv
    env = SingleAgentEnv("hus", opponent="mcts:iters=200", player=0)
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(int(info["legal_actions"][0]))

The game is a ``plateau.Match``: the learner's seat is a person's, played by
action id, the others are the opponent's agent seats (the spec is checked
when the environment is made: a bad one raises ``plateau.AgentError``, a
ValueError). The observation is the learner's observation tensor (float32,
written from its view only); ``info["action_mask"]`` and
``info["legal_actions"]`` give the legal action ids. The opponent chooses
from its own seat (its view only). The reward is the learner's return at the end, 0 before. An illegal
action raises ``plateau.IllegalMoveError``; with ``illegal_action="lose"``
it ends the episode instead with reward -1 and ``info["illegal"]`` (for
agents that ignore the mask, and Gymnasium's checker). The learner's
free-form phases (a Stratego setup) are played at random from the reset
seed; the opponent's agent plays its own. ``env.state`` is a copy of the
whole state after the last step (for inspection).
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

import plateau


class SingleAgentEnv(gymnasium.Env):
    """`player` of `game` against the agent of spec `opponent`."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        game: str | plateau.Game,
        variant: str | None = None,
        set: dict[str, Any] | None = None,
        rules: Any = None,
        opponent: str = "random",
        player: int | str = 0,
        render_mode: str | None = None,
        illegal_action: str = "raise",
    ):
        if illegal_action not in ("raise", "lose"):
            raise ValueError(f"illegal_action is 'raise' or 'lose', not {illegal_action!r}")
        self.illegal_action = illegal_action
        self.game = game if isinstance(game, plateau.Game) else plateau.load(game, variant, set, rules)
        names = self.game.player_names
        self.player = player if isinstance(player, int) else names.index(player.lower())
        # A bad spec fails here, naming the agent and the option.
        plateau.Agent(opponent, game=self.game)
        self.opponent_spec = opponent
        self.render_mode = render_mode
        n = self.game.num_distinct_actions
        self.action_space = spaces.Discrete(n)
        self.observation_space = spaces.Box(0.0, np.inf, tuple(self.game.observation_shape), np.float32)
        self.match: plateau.Match | None = None
        self.state: plateau.State | None = None
        self._rng = random.Random()

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        self._rng = random.Random(seed)
        seats: list[str | None] = [self.opponent_spec] * self.game.num_players
        seats[self.player] = "learner"
        self.match = plateau.Match(self.game, seats=seats, seed=seed, agent_seed=self._rng.getrandbits(63))
        self._advance()
        return self._observation(), self._info()

    def step(self, action: int):
        match = self._live()
        if self.illegal_action == "lose" and int(action) not in match.legal_action_ids(self.player):
            info = self._info()
            info["illegal"] = True
            return self._observation(), -1.0, True, False, info
        match.play_id(int(action), as_=self.player)
        self._advance()
        assert self.state is not None
        over = match.is_over
        outcome = match.outcome
        capped = outcome is not None and outcome["capped"]
        reward = float(self.state.returns[self.player]) if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, over and not capped, capped, self._info()

    def render(self):
        text = self.match.view(self.player)["text"] if self.match is not None else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _live(self) -> plateau.Match:
        if self.match is None:
            raise RuntimeError("no game yet: call reset() first")
        return self.match

    def _advance(self) -> None:
        """Plays the opponent's seats and the learner's free-form phases
        until the learner has an action to choose or the game is over."""
        match = self._live()
        while True:
            match.play_agents()
            if match.is_over or match.view(self.player)["moves_enumerable"]:
                break
            if match.to_move != self.player:
                raise RuntimeError(f"{self.game.id}: seat {match.to_move} has no agent to play it")
            move = match.state().random_move(self._rng.getrandbits(63))
            if move is None:
                raise RuntimeError(f"{self.game.id}: no random move in a free-form phase")
            match.play(move, as_=self.player)
        self.state = match.state()

    def _observation(self) -> np.ndarray:
        return self._live().observation_tensor(self.player)

    def _info(self) -> dict[str, Any]:
        match = self._live()
        info: dict[str, Any] = {
            "action_mask": match.legal_action_mask(self.player),
            "legal_actions": match.legal_action_ids(self.player),
        }
        if match.is_over:
            info["outcome"] = match.outcome
        return info
