"""PettingZoo AEC environments for every Plateau game with an action space.

    import numpy as np
    from plateau.pettingzoo import env
    e = env("stratego", variant="barrage")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else \\
            int(np.flatnonzero(obs["action_mask"])[0])
        e.step(action)

Agents are ``player_0``, ``player_1`` (PettingZoo's naming; the players' own
names are ``env.game.player_names``, e.g. ``red``/``blue``). Each
observation is a dict of ``observation`` (the player's observation tensor,
float32, layout in ``env.game.observation_layout``; written from that
player's view only) and ``action_mask`` (int8, 1 at the legal action ids on
the player's turn, all zeros otherwise). Rewards are the game's returns at
the end (``Game::returns``, in [-1, 1]); a game stopped by a cap is a
truncation rather than a termination. The game is a ``plateau.Match``
(``env.match``) with one person seat per agent, each played by action id
on its own turn only; ``env.state`` is a copy of the whole state after the
last step (for inspection).

Free-form phases that have no action ids (a Stratego setup) are played for
the players by ``setup``: ``"random"`` (a uniformly random setup drawn from
the reset seed), or a callable ``setup(seat, player) -> str`` giving the
move in notation from the player's seat (a ``plateau.Seat`` of a copy of
the state: it answers only what that player may know).
"""

from __future__ import annotations

import random
from typing import Any, Callable

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import plateau

Setup = Callable[["plateau.Seat", int], str]


class PlateauAECEnv(AECEnv):
    """A Plateau game as a PettingZoo AEC environment (see the module)."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(
        self,
        game: str | plateau.Game,
        variant: str | None = None,
        set: dict[str, Any] | None = None,
        rules: Any = None,
        render_mode: str | None = None,
        setup: str | Setup = "random",
    ):
        super().__init__()
        self.game = game if isinstance(game, plateau.Game) else plateau.load(game, variant, set, rules)
        self.metadata = dict(self.metadata, name=f"plateau_{self.game.id}_v0")
        self.render_mode = render_mode
        self.setup = setup
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players)]
        self._index = {name: i for i, name in enumerate(self.possible_agents)}
        n = self.game.num_distinct_actions
        shape = tuple(self.game.observation_shape)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, np.inf, shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self.match: plateau.Match | None = None
        self.state: plateau.State | None = None
        self._rng = random.Random()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        self._rng = random.Random(seed)
        self.match = plateau.Match(self.game, seats=self.possible_agents, seed=seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._play_free_form()
        self._after_move()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        match = self._live()
        player = self._index[agent]
        return {
            "observation": match.observation_tensor(player),
            "action_mask": match.legal_action_mask(player),
        }

    def step(self, action: int | None) -> None:
        match = self._live()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: the action is an id, not None")
        self._cumulative_rewards[agent] = 0.0
        match.play_id(int(action), as_=self._index[agent])
        self._play_free_form()
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.state is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def _live(self) -> plateau.Match:
        if self.match is None:
            raise RuntimeError("no game yet: call reset() first")
        return self.match

    def _play_free_form(self) -> None:
        match = self._live()
        while not match.is_over:
            player = match.to_move
            assert player is not None  # the game is on
            if match.view(player)["moves_enumerable"]:
                break
            state = match.state()
            if callable(self.setup):
                move = self.setup(state.seat(player), player)
            else:
                random_move = state.random_move(self._rng.getrandbits(63))
                if random_move is None:
                    raise RuntimeError(f"{self.game.id}: no random move in a free-form phase")
                move = random_move
            match.play(move, as_=player)
        self.state = match.state()

    def _after_move(self) -> None:
        state = self.state
        assert state is not None  # set by _play_free_form
        self.rewards = {a: 0.0 for a in self.agents}
        if state.is_over:
            outcome = state.outcome
            assert outcome is not None  # the game is over
            returns = state.returns
            for a in self.agents:
                self.rewards[a] = float(returns[self._index[a]])
                if outcome["capped"]:
                    self.truncations[a] = True
                else:
                    self.terminations[a] = True
                self.infos[a] = {"outcome": outcome}
            # the last mover sees its result first; everyone is done
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[state.current_player()]


def env(game: str, variant: str | None = None, **kwargs: Any) -> PlateauAECEnv:
    """The AEC environment of `game` (any game with an action space:
    ``[g["id"] for g in plateau.games() if g["learning"]]``)."""
    return PlateauAECEnv(game, variant=variant, **kwargs)


def raw_env(game: str, variant: str | None = None, **kwargs: Any) -> PlateauAECEnv:
    """The same as `env` (PettingZoo's name for an unwrapped environment)."""
    return PlateauAECEnv(game, variant=variant, **kwargs)
