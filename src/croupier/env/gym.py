"""A single-agent Gymnasium environment: one seat against fixed opponent policies.

:class:`SingleAgentEnv` wraps :class:`croupier.env.aec.PokerEnv`: the agent
plays seat ``seat`` (in per-hand episodes), every other seat's action comes
from its policy (a callable of the observation dict, returning an action;
by default a uniform random legal action from the env's own generator, so a
seeded reset reproduces the episode).  The observation is the float32 vector;
the legal actions are in ``info["action_mask"]``.  An action that is not
legal now is played as check or call, or standing pat in a draw (and
``info["illegal"]`` is True); so is an opponent policy's illegal action (its
seat is in ``info["illegal_opponents"]``); an action that is no integer at all (None, a
float, a string) is refused with a ``ValueError`` and changes nothing.  A
step after the end of the episode changes nothing.  A hand that ends before
the agent's first turn (everyone folds to its big blind) is skipped by
``reset``: each episode has at least one decision of the agent.  Stacks with
which the agent's seat is all-in on the forced bets (it never acts) are
refused by the constructor, and ``reset`` gives up with a ``ValueError`` after
:data:`RESET_TRIES` hands in a row without a decision of the agent (the
opponents' policies always end the hand first).  In a session
(``session=True``) the episode ends when the agent's seat busts or the
session ends.  A ``SingleAgentEnv`` belongs to one thread at a time
(:class:`croupier.errors.ConcurrentUse` for a second thread).

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

from croupier._guard import Guard
from croupier._validate import as_int
from croupier.env.actions import as_action
from croupier.env.aec import PokerEnv
from croupier.games import Game
from croupier.hand import Hand

__all__ = ["RESET_TRIES", "SingleAgentEnv"]

RESET_TRIES = 1000
"""The most hands ``reset`` deals in a row to find a decision of the agent."""

Policy = Callable[[dict[str, Any]], int]


class SingleAgentEnv(gymnasium.Env[np.ndarray[Any, Any], int]):
    """One seat of a :class:`PokerEnv` against fixed policies (see the module's documentation).

    >>> from croupier import KuhnPoker
    >>> env = SingleAgentEnv(KuhnPoker(), [2, 2], seat=0)
    >>> obs, info = env.reset(seed=3)
    >>> obs.shape, int(env.action_space.n)
    ((34,), 6)
    """

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
        seat = as_int(seat, "seat")
        if not 0 <= seat < self.env.n:
            raise ValueError(f"seat {seat} is not a seat of a {self.env.n}-handed game")
        self.agent = self.env.possible_agents[seat]
        self.opponents = dict(opponents or {})
        for other, policy in self.opponents.items():
            if type(other) is not int or not 0 <= other < self.env.n or other == seat:
                raise ValueError(f"opponents: {other!r} is not an opponent's seat")
            if not callable(policy):
                raise ValueError(f"opponents: the policy of seat {other} is not callable")
        if not self.env.session:  # the agent keeps its seat: all-in on the blinds every hand
            probe = Hand(game, list(self.env.starting), seed=0)
            if probe.stacks[seat] == 0:
                raise ValueError(
                    f"seat {seat} is all-in on the forced bets with stacks "
                    f"{list(self.env.starting)}: the agent would never act"
                )
        self._guard = Guard("the SingleAgentEnv")
        space = self.env.observation_spaces[self.agent]
        self.observation_space = space["observation"]
        self.action_space = self.env.action_spaces[self.agent]
        self._start = self.env.action_start
        self._np_random_local = np.random.default_rng()
        self._illegal_opponents: set[int] = set()  # seats whose policy chose an illegal action

    def _random(self, observation: dict[str, Any]) -> int:
        legal = np.flatnonzero(observation["action_mask"])
        start = self._start
        return int(legal[self._np_random_local.integers(len(legal))]) + start

    def _over(self) -> bool:
        """Whether the agent's episode is over (its hand, its session, or its chips)."""
        env, agent = self.env, self.agent
        return agent not in env.agents or env.terminations[agent] or env.truncations[agent]

    def _play_others(self) -> float:
        """Opponents act (and terminated opponents leave) until it is the agent's turn
        or its episode is over; the agent's reward."""
        env, agent = self.env, self.agent
        while env.agents:
            other = env.agent_selection
            if env.terminations[other] or env.truncations[other]:
                if other == agent:
                    break
                env.step(None)  # a terminated opponent leaves
                continue
            if other == agent:
                break
            observation = env.observe(other)
            seat = env.possible_agents.index(other)
            action = self.opponents.get(seat, self._random)(observation)
            if not self._legal(action, observation["action_mask"]):
                self._illegal_opponents.add(seat)  # played as check or call, like the agent's
                action = self._passive()
            env.step(action)
        return float(env._cumulative_rewards.get(agent, 0.0))

    def _legal(self, action: object, mask: np.ndarray[Any, Any]) -> bool:
        """Whether ``action`` is an integer whose mask entry is 1."""
        try:
            index = as_action(action) - self._start
        except ValueError:
            return False
        return 0 <= index < len(mask) and bool(mask[index])

    def _passive(self) -> int:
        """The action always legal for the actor: check or call (raw: 0), standing pat."""
        env = self.env
        assert env.hand is not None
        return 0 if env.raw else env.actions.passive(env.hand)

    def _out(self) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        observation = self.env.observe(self.agent)
        info = {
            "action_mask": observation["action_mask"],
            "illegal_opponents": sorted(self._illegal_opponents),
        }
        return observation["observation"], info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        with self._guard:
            return self._reset(None if seed is None else as_int(seed, "seed"))

    def _reset(self, seed: int | None) -> tuple[np.ndarray[Any, Any], dict[str, Any]]:
        # Gymnasium's generator takes a non-negative int: every integer maps to one.
        own = None if seed is None else seed % (1 << 128)
        super().reset(seed=own)
        if own is not None:
            self._np_random_local = np.random.default_rng(own)
        self.env.reset(seed=seed)
        self._illegal_opponents = set()
        for _ in range(RESET_TRIES):
            self._play_others()
            if not self._over():
                return self._out()
            self.env.reset()  # the hand ended before the agent acted: the next one
        raise ValueError(
            f"{self.agent} had no decision in {RESET_TRIES} hands in a row: the hands "
            "end before its turn (the opponents' policies, or too few chips)"
        )

    def step(self, action: int) -> tuple[np.ndarray[Any, Any], float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the learning seat, then the opponents until the seat acts
        again or the hand ends: ``(observation, reward, terminated, truncated, info)``.

        An illegal action is played as check or call (standing pat in a draw) and
        ``info["illegal"]`` says so; after the end of the hand nothing changes.
        """
        with self._guard:
            return self._step(as_action(action))

    def _step(self, action: int) -> tuple[np.ndarray[Any, Any], float, bool, bool, dict[str, Any]]:
        env = self.env
        if env.hand is None:
            raise ValueError("no episode yet: call reset() first")
        if self._over():  # the episode is over: nothing changes
            observation, info = self._out()
            return observation, 0.0, True, False, info
        illegal = not self._legal(action, env.observe(self.agent)["action_mask"])
        if illegal:  # played as check or call (standing pat in a draw); raw: amount 0
            action = self._passive()
        self._illegal_opponents = set()
        env.step(action)
        reward = self._play_others()
        done = self._over()
        observation, info = self._out()
        info["illegal"] = illegal
        return observation, reward, done, False, info
