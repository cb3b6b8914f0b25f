"""A Gymnasium single-agent environment: one player of a Plateau game
against a Plateau agent.

    from plateau.gym import SingleAgentEnv
    env = SingleAgentEnv("hus", opponent="mcts:iters=200", player=0)
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(int(info["legal_actions"][0]))

The observation is the learner's observation tensor (float32, written from
its view only); ``info["action_mask"]`` and ``info["legal_actions"]`` give
the legal action ids. The opponent chooses from its own seat (its view
only). The reward is the learner's return at the end, 0 before. An illegal
action raises ``plateau.IllegalMoveError``; with ``illegal_action="lose"``
it ends the episode instead with reward -1 and ``info["illegal"]`` (for
agents that ignore the mask, and Gymnasium's checker). Free-form phases (a Stratego
setup) are played at random from the reset seed for both sides.
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
        self.opponent_spec = opponent
        self.render_mode = render_mode
        n = self.game.num_distinct_actions
        self.action_space = spaces.Discrete(n)
        self.observation_space = spaces.Box(0.0, np.inf, tuple(self.game.observation_shape), np.float32)
        self.state: plateau.State | None = None
        self._rng = random.Random()
        self._opponent: plateau.Agent | None = None

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        self._rng = random.Random(seed)
        self._opponent = plateau.agent(self.opponent_spec, seed=self._rng.getrandbits(63), game=self.game)
        self.state = self.game.new(seed)
        self._advance()
        return self._observation(), self._info()

    def step(self, action: int):
        assert self.state is not None
        seat = self.state.seat(self.player)
        if self.illegal_action == "lose" and int(action) not in seat.legal_action_ids():
            info = self._info()
            info["illegal"] = True
            return self._observation(), -1.0, True, False, info
        seat.play_id(int(action))
        self._advance()
        over = self.state.is_over
        outcome = self.state.outcome
        capped = outcome is not None and outcome["capped"]
        reward = float(self.state.returns[self.player]) if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, over and not capped, capped, self._info()

    def render(self):
        text = self.state.seat(self.player).render() if self.state is not None else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _live(self) -> plateau.State:
        if self.state is None or self._opponent is None:
            raise RuntimeError("no game yet: call reset() first")
        return self.state

    def _advance(self) -> None:
        """Plays free-form phases and the opponent until it is the learner's turn."""
        state = self._live()
        assert self._opponent is not None
        while not state.is_over:
            if not state.moves_enumerable:
                move = state.random_move(self._rng.getrandbits(63))
                if move is None:
                    raise RuntimeError(f"{self.game.id}: no random move in a free-form phase")
                state.play(move)
            elif state.to_move != self.player:
                seat = state.seat(state.current_player())
                seat.play(self._opponent.choose(seat))
            else:
                return

    def _observation(self) -> np.ndarray:
        return self._live().seat(self.player).observation_tensor()

    def _info(self) -> dict[str, Any]:
        state = self._live()
        seat = state.seat(self.player)
        info: dict[str, Any] = {
            "action_mask": seat.legal_action_mask(),
            "legal_actions": seat.legal_action_ids(),
        }
        if state.is_over:
            info["outcome"] = state.outcome
        return info
