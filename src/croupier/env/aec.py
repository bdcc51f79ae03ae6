"""The PettingZoo AEC environment of any croupier game (:class:`PokerEnv`).

Agents are ``player_0`` … ``player_{n-1}``.  With ``session=False`` (the
default) an episode is one hand and agent ``player_i`` sits in engine seat
``i`` (the last seat is the button).  With ``session=True`` an episode is a
:class:`croupier.table.Table` session: the button moves after each hand,
stacks carry over, a busted player is terminated (or rebuys, ``rebuy=``),
and the episode ends when one player is left or after ``max_hands``.

Each observation is a dict: ``observation`` (the float32 vector of
:class:`croupier.env.encoding.Encoder`) and ``action_mask`` (int8, 1 for each
legal action).  Actions are the indices of an :class:`~croupier.env.actions.Actions`
list; with ``raw=True`` they are chip amounts (``-1`` fold, ``0`` check or
call, a positive amount: bet or raise to it; the mask has one entry per
amount from ``-1`` to the total of the stacks).  Rewards are given when a hand
ends: the chips won or lost, in big blinds with ``reward_unit="bb"``.

>>> from croupier import KuhnPoker
>>> env = PokerEnv(KuhnPoker(), [2, 2])
>>> env.reset(seed=1)
>>> env.agent_selection, env.observe("player_0")["action_mask"].tolist()
('player_0', [0, 1, 1, 1, 1, 1])
>>> env.step(1); env.step(1)          # check, check: showdown
>>> sorted(env.rewards.values()), all(env.terminations.values())
([-1.0, 1.0], True)
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from hashlib import blake2b
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from croupier._validate import as_int
from croupier.env._fast import Kernel
from croupier.env.actions import DEFAULT_ACTIONS, Actions, ActionsError, Size, apply_raw
from croupier.env.encoding import Encoder
from croupier.games import Game
from croupier.hand import Hand
from croupier.table import Table

__all__ = ["PokerEnv"]


class PokerEnv(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment on a croupier game (see the module's documentation).

    ``fast=False`` observes and plays with the pure-Python :class:`Encoder` and
    :class:`Actions` instead of their compiled twin (:mod:`croupier.env._fast`):
    the same observations, masks and rewards, slower; the reference the
    compiled path is tested against.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "croupier_poker_v0",
        "render_modes": ["human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Game,
        stacks: Sequence[int],
        *,
        actions: tuple[Size, ...] = DEFAULT_ACTIONS,
        raw: bool = False,
        reward_unit: str = "chips",
        session: bool = False,
        rebuy: int | None = None,
        max_hands: int | None = None,
        render_mode: str | None = None,
        fast: bool = True,
    ) -> None:
        super().__init__()
        if reward_unit not in ("chips", "bb"):
            raise ActionsError(f"reward_unit must be 'chips' or 'bb', got {reward_unit!r}")
        self.game = game
        self.starting = tuple(int(s) for s in stacks)
        # checks the stacks and the number of players; reset starts each episode from it
        self._first_table = Table(game, self.starting, rebuy=rebuy)
        self.n = len(self.starting)
        self.encoder = Encoder(game, self.n)
        self.actions = Actions(actions)
        self.raw = raw
        self.session = session
        self.rebuy = rebuy
        self.max_hands = max_hands
        self.scale = 1.0 if reward_unit == "chips" else 1.0 / game.min_bet
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.n)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        width = sum(self.starting) + (rebuy or 0) * 10_000 + 2 if raw else self.actions.size
        self._width = width
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    -np.inf, np.inf, shape=(self.encoder.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, shape=(width,), dtype=np.int8),
            }
        )
        act_space: spaces.Space[Any] = (
            spaces.Discrete(width, start=-1) if raw else spaces.Discrete(width)
        )
        self.action_start = -1 if raw else 0
        self.observation_spaces: dict[str, spaces.Dict] = {
            a: obs_space for a in self.possible_agents
        }
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self._state = int.from_bytes(os.urandom(8), "little")  # of the hands' seeds
        self.table: Table | None = None
        self.hand: Hand | None = None
        self._summary = self.encoder.new_summary()
        self._seats: tuple[int, ...] = tuple(range(self.n))
        self._kernel = Kernel(self.encoder, self.actions) if fast else None
        if self._kernel is not None:
            self._kernel.bind(self._summary)  # filled with zeros in place for each hand
        # last() may observe with the kernel itself (not raw, observe not overridden).
        self._inline = (
            self._kernel is not None and not raw and type(self).observe is PokerEnv.observe
        )
        # The agent in each seat of the hand, and the seat of each agent dealt in.
        self._seat_agent = self.possible_agents[:]
        self._agent_seat = dict(self._index)
        self._rewarded = True  # self.rewards may hold a reward (cleared on the next step)
        self._skip_agent_selection: str | None = None
        self._zeros = dict.fromkeys(self.possible_agents, 0.0)  # reset's new dictionaries
        self._falses = dict.fromkeys(self.possible_agents, False)

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        """The agent to act, step after step, while any agent is left (at most ``max_iter``)."""
        return _AgentIter(self, max_iter)

    def _clear_rewards(self) -> None:
        rewards = self.rewards
        for agent in rewards:
            rewards[agent] = 0

    def _accumulate_rewards(self) -> None:
        cumulative = self._cumulative_rewards
        for agent, reward in self.rewards.items():
            cumulative[agent] += reward

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._state = _seed_state(as_int(seed, "seed"))
        agents = self.possible_agents
        self.agents = agents[:]
        zeros, falses = self._zeros, self._falses  # copied: 5 times faster than fromkeys
        self.rewards = zeros.copy()
        self._cumulative_rewards = zeros.copy()
        self.terminations = falses.copy()
        self.truncations = falses.copy()
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        self._skip_agent_selection = None
        self.table = self._first_table._fresh()  # Table(game, starting, rebuy=rebuy)
        self.agent_selection = self.agents[0]
        self._deal()
        assert self.hand is not None
        if self.hand.is_over:  # all-in on the forced bets: no one acts
            self._end_hand()
            self._accumulate_rewards()
        else:
            self._select()

    def _deal(self) -> None:
        assert self.table is not None
        state = self._state = (self._state + _GOLDEN) & _MASK
        self.hand = self.table.deal(seed=_mix(state))
        seats = self.table.seats
        self._summary.fill(0.0)
        if seats != self._seats:  # else the maps of the last hand hold
            self._seats = seats
            agents = self.possible_agents
            self._seat_agent = [agents[player] for player in seats]
            self._agent_seat = {agent: seat for seat, agent in enumerate(self._seat_agent)}

    def _select(self) -> None:
        hand = self.hand
        assert hand is not None
        if hand.actor is not None:
            self.agent_selection = self._seat_agent[hand.actor]

    def _seat_of(self, agent: str) -> int | None:
        seat = self._agent_seat.get(agent)
        if seat is None:
            self._index[agent]  # a KeyError for a name that is not an agent's
        return seat

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's (observation, cumulative reward, terminated, truncated, info)."""
        agent = self.agent_selection
        terminated = self.terminations[agent]
        observation: dict[str, Any] | None = None
        if observe:
            seat = self._agent_seat.get(agent) if self._inline else None
            kernel, hand = self._kernel, self.hand
            if seat is not None and kernel is not None and hand is not None:  # observe, inlined
                observation = kernel.observe(hand, seat, self._width, not terminated)
            else:
                observation = self.observe(agent)
        return (
            observation,
            self._cumulative_rewards[agent],
            terminated,
            self.truncations[agent],
            self.infos[agent],
        )

    def _was_dead_step(self, action: Any) -> None:
        """The step of a terminated or truncated agent: it leaves ``agents`` and every
        dictionary; the next such agent is selected, or else the one it stood in for."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        terminations, truncations = self.terminations, self.truncations
        if not (terminations[agent] or truncations[agent]):
            raise ValueError(f"{agent} is not terminated or truncated: it cannot be removed")
        del terminations[agent]
        del truncations[agent]
        del self.rewards[agent]
        del self._cumulative_rewards[agent]
        del self.infos[agent]
        agents = self.agents
        agents.remove(agent)
        for other in agents:
            if terminations[other] or truncations[other]:
                if self._skip_agent_selection is None:
                    self._skip_agent_selection = agent
                self.agent_selection = other
                break
        else:
            skipped = self._skip_agent_selection
            if skipped is not None:
                self.agent_selection = skipped
            self._skip_agent_selection = None
        if self._rewarded or any(self.rewards.values()):  # else every reward is 0 already
            self._clear_rewards()
            self._rewarded = False

    def observe(self, agent: str) -> dict[str, Any]:
        hand = self.hand
        assert hand is not None
        seat = self._agent_seat.get(agent)
        kernel = self._kernel
        if kernel is not None and seat is not None and not self.raw:
            live = not self.terminations.get(agent, True)
            observation: dict[str, Any] = kernel.observe(hand, seat, self._width, live)
            return observation
        seat = self._seat_of(agent)
        mask = np.zeros(self._width, dtype=np.int8)
        if seat is None:
            obs = np.zeros(self.encoder.size, dtype=np.float32)
            return {"observation": obs, "action_mask": mask}
        if kernel is not None:
            obs = np.empty(self.encoder.size, dtype=np.float32)
            kernel.encode(hand, seat, self._summary, obs)
        else:
            obs = self.encoder.encode(hand, seat, self._summary)
        if hand.actor == seat and not self.terminations.get(agent, True):
            if self.raw:
                self._raw_mask(hand, mask)
            else:
                self.actions.fill_mask(hand, mask)
        return {"observation": obs, "action_mask": mask}

    def _raw_mask(self, hand: Hand, mask: np.ndarray[Any, Any]) -> None:
        if hand.to_call > 0 and not hand.bring_in_pending:
            mask[0] = 1
        mask[1] = 1
        lo, hi = hand.min_raise_to, hand.max_raise_to
        if lo is not None and hi is not None:
            mask[lo + 1 : hi + 2] = 1

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self.hand
        assert hand is not None and action is not None
        action = int(action)
        kernel = self._kernel
        if kernel is not None and not self.raw:
            kernel.play(hand, action)
            self._cumulative_rewards[agent] = 0.0
            if self._rewarded or any(self.rewards.values()):  # else every reward is 0
                self._clear_rewards()
                self._rewarded = False
            if hand.is_over:
                self._end_hand()
                self._accumulate_rewards()
            elif hand.actor is not None:
                self.agent_selection = self._seat_agent[hand.actor]
            return
        seat = hand.actor
        assert seat is not None
        street = self.encoder.streets[hand.street]
        if self.raw:
            apply_raw(hand, action)
            raised = action if action > 0 else None
        else:
            raised = self.actions.apply(hand, action)
        if not hand.folded[seat]:
            self.encoder.record(self._summary, street, seat, raised)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if hand.is_over:
            self._end_hand()
        else:
            self._select()
        self._accumulate_rewards()

    def _end_hand(self) -> None:
        """Reward the finished hand; in a session deal on (hands no one acts in too)."""
        table = self.table
        assert table is not None
        self._rewarded = True
        while True:
            hand = self.hand
            assert hand is not None
            payoffs = hand.payoffs
            if payoffs is not None:  # else unsettled: no one wins or loses
                rewards, scale = self.rewards, self.scale
                for agent, payoff in zip(self._seat_agent, payoffs, strict=True):
                    rewards[agent] += payoff * scale
            table.end_hand()
            over = (
                not self.session
                or table.is_over
                or (self.max_hands is not None and table.hands_played >= self.max_hands)
            )
            if over:
                terminations = self.terminations
                for a in self.agents:
                    terminations[a] = True
                return
            self._deal()
            assert self.hand is not None
            if not self.hand.is_over:
                break
        busted = [
            a for a in self.agents if not self.terminations[a] and table.stacks[self._index[a]] == 0
        ]
        for a in busted:
            self.terminations[a] = True
        self._select()
        if busted:
            self._skip_agent_selection = self.agent_selection
            self.agent_selection = busted[0]

    def render(self) -> None:
        if self.render_mode == "human" and self.hand is not None:
            print("\n".join(self.hand.history))

    def close(self) -> None:
        pass


class _AgentIter:
    """``agent_iter``'s iterator (PettingZoo's semantics, in the compiled module)."""

    __slots__ = ("env", "left")

    def __init__(self, env: PokerEnv, max_iter: int) -> None:
        self.env, self.left = env, max_iter

    def __iter__(self) -> _AgentIter:
        return self

    def __next__(self) -> str:
        env = self.env
        if not env.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        agent: str = env.agent_selection
        return agent


# The seeds of the hands: SplitMix64 (Steele, Lea and Flood, 2014) over a state
# set by reset(seed) (a 64-bit seed mixed by SplitMix64's output function, any
# other int by a BLAKE2b digest); one addition and a few multiplications a hand,
# where seeding a Mersenne Twister per reset costs microseconds.
_GOLDEN = 0x9E3779B97F4A7C15
_MASK = (1 << 64) - 1
_SEED_SALT = 0x63726F7570696572  # "croupier"


def _seed_state(seed: int) -> int:
    if 0 <= seed <= _MASK:
        return _mix(seed ^ _SEED_SALT)
    digest = blake2b(str(seed).encode(), digest_size=8, person=b"croupier-env").digest()
    return int.from_bytes(digest, "little")


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)
