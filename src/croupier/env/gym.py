"""A single-agent Gymnasium environment: one seat against fixed opponent policies.

:class:`SingleAgentEnv` wraps :class:`croupier.env.aec.PokerEnv`: the agent
plays seat ``seat`` (in per-hand episodes), every other seat's action comes
from its policy (a callable of the observation dict, returning an action;
by default a uniform random legal action from the env's own generator, so a
seeded reset reproduces the episode).  The observation is the float32 vector;
the legal actions are in ``info["action_mask"]``.  An action that is not
legal now is played as check or call, or standing pat in a draw (and
``info["illegal"]`` is True); a
step after the end of the episode changes nothing.  A hand that ends before
the agent's first turn (everyone folds to its big blind) is skipped by
``reset``: each episode has at least one decision of the agent.

>>> from croupier import KuhnPoker
>>> env = SingleAgentEnv(KuhnPoker(), [2, 2], seat=1)
>>> obs, info = env.reset(seed=3)
>>> obs.shape, int(info["action_mask"][1])          # check/call is always legal
((34,), 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np

from croupier.env.aec import PokerEnv
from croupier.games import Game

__all__ = ["SingleAgentEnv"]

Policy = Callable[[dict[str, Any]], int]


class SingleAgentEnv(gymnasium.Env[np.ndarray[Any, Any], int]):
    """One seat of a :class:`PokerEnv` against fixed policies (see the module's documentation)."""

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012

    def __init__(
        self,
        game: Game,
        stacks: Sequence[int],
        *,
        seat: int = 0,
        opponents: dict[int, Policy] | None = None,
        **options: Any,
    ) -> None:
        self.env = PokerEnv(game, stacks, **options)
        if not 0 <= seat < self.env.n:
            raise ValueError(f"seat {seat} is not a seat of a {self.env.n}-handed game")
        self.agent = self.env.possible_agents[seat]
        self.opponents = dict(opponents or {})
        space = self.env.observation_spaces[self.agent]
        self.observation_space = space["observation"]
        self.action_space = self.env.action_spaces[self.agent]
        self._start = self.env.action_start
        self._np_random_local = np.random.default_rng()

    def _random(self, observation: dict[str, Any]) -> int:
        legal = np.flatnonzero(observation["action_mask"])
        start = self._start
        return int(legal[self._np_random_local.integers(len(legal))]) + start

    def _play_others(self) -> float:
        """Opponents act until it is the agent's turn or the hand is over; the agent's reward."""
        env = self.env
        while not all(env.terminations.values()) and env.agent_selection != self.agent:
            other = env.agent_selection
            observation = env.observe(other)
            policy = self.opponents.get(env.possible_agents.index(other), self._random)
            env.step(policy(observation))
        return float(env._cumulative_rewards.get(self.agent, 0.0))

    def _out(self) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        observation = self.env.observe(self.agent)
        return observation["observation"], {"action_mask": observation["action_mask"]}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._np_random_local = np.random.default_rng(seed)
        self.env.reset(seed=seed)
        self._play_others()
        while all(self.env.terminations.values()):  # the hand ended before the agent acted
            self.env.reset()
            self._play_others()
        return self._out()

    def step(self, action: int) -> tuple[np.ndarray[Any, Any], float, bool, bool, dict[str, Any]]:
        env = self.env
        if all(env.terminations.values()):  # the episode is over: nothing changes
            observation, info = self._out()
            return observation, 0.0, True, False, info
        mask = env.observe(self.agent)["action_mask"]
        index = int(action) - self._start
        illegal = not 0 <= index < len(mask) or not mask[index]
        if illegal:  # played as check or call (standing pat in a draw); raw: amount 0
            assert env.hand is not None
            action = 0 if env.raw else env.actions.passive(env.hand)
        env.step(int(action))
        reward = float(env._cumulative_rewards.get(self.agent, 0.0))
        if not all(env.terminations.values()):
            reward = self._play_others()
        done = all(env.terminations.values())
        observation, info = self._out()
        info["illegal"] = illegal
        return observation, reward, done, False, info
