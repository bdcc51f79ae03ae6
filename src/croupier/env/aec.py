"""The PettingZoo AEC environment of any croupier game (:class:`PokerEnv`).

Agents are ``player_0`` … ``player_{n-1}``.  With ``session=False`` (the
default) an episode is one hand from ``stacks`` and agent ``player_i`` sits
in engine seat ``i`` (the last seat is the button); ``table`` is None.  With
``session=True`` an episode is a :class:`croupier.table.Table` session (the
``table`` attribute): the button moves after each hand, stacks carry over, a
busted player is terminated (or rebuys, ``rebuy=``), and the episode ends
when one player is left or after ``max_hands``.

The turn-by-turn bookkeeping (``reset``, ``last``, ``step``, ``agent_iter``
and the dictionaries PettingZoo reads) is compiled, in
:class:`croupier.env._aec.AECCore`; this module sets it up and holds the
observation and move of the pure-Python and raw modes.

Each observation is a dict: ``observation`` (the float32 vector of
:class:`croupier.env.encoding.Encoder`) and ``action_mask`` (int8, 1 for each
legal action).  Actions are the indices of an :class:`~croupier.env.actions.Actions`
list; with ``raw=True`` they are chip amounts (``-1`` fold, ``0`` check or
call, a positive amount: bet or raise to it; the mask has one entry per
amount from ``-1`` to the total of the stacks, so raw mode takes tables of at
most :data:`RAW_MAX_AMOUNTS` amounts: a mask of at most 1 MiB).  Rewards are
given when a hand ends: the chips won or lost, in big blinds with
``reward_unit="bb"``.  A table holds at most
:data:`croupier.env.encoding.MAX_CHIPS` chips, so that every observation is
finite.

Every refused call (an action that is not an integer, not in the list, or not
legal now; a step after every agent has left) raises a ``ValueError``
(:class:`~croupier.env.actions.ActionsError` for actions) and changes nothing.

A ``PokerEnv`` belongs to one thread at a time: a call made while another
thread is inside ``reset``, ``step``, ``last`` or ``observe`` of the same
environment is refused with :class:`croupier.errors.ConcurrentUse` (nothing
changes); use one environment per thread.

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
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

import croupier._impl as _impl
from croupier._validate import as_bool, as_int
from croupier.env._aec import AECCore
from croupier.env._rules import can_fold, check_fast, counts
from croupier.env.actions import (
    DEFAULT_ACTIONS,
    Actions,
    ActionsError,
    Size,
    apply_raw,
    draw_hole,
)
from croupier.env.encoding import MAX_CHIPS, Encoder, check_chips
from croupier.games import Game
from croupier.hand import Hand
from croupier.table import Table

__all__ = ["RAW_MAX_AMOUNTS", "PokerEnv"]

RAW_MAX_AMOUNTS = 1 << 20
"""The most actions of a raw-mode action space (chip amounts from -1 up): the
mask an observation carries has one int8 entry each, so at most 1 MiB."""


class PokerEnv(AECCore, AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment on a croupier game (see the module's documentation).

    ``fast=False`` observes and plays with the pure-Python :class:`Encoder` and
    :class:`Actions` instead of their compiled twin (:mod:`croupier.env._fast`):
    the same observations, masks and rewards, slower; the reference the
    compiled path is tested against.  It is the default under ``CROUPIER_IMPL=pure``
    (:mod:`croupier._impl`), where ``fast=True`` is a ``ValueError``.

    >>> from croupier import KuhnPoker
    >>> env = PokerEnv(KuhnPoker(), [2, 2])
    >>> env.reset(seed=1)
    >>> env.agents, env.agent_selection
    (['player_0', 'player_1'], 'player_0')
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
        fast: bool = _impl.FAST_DEFAULT,
    ) -> None:
        super().__init__()
        if reward_unit not in ("chips", "bb"):
            raise ActionsError(f"reward_unit must be 'chips' or 'bb', got {reward_unit!r}")
        raw, session, fast = as_bool(raw, "raw"), as_bool(session, "session"), check_fast(fast)
        if max_hands is not None and as_int(max_hands, "max_hands") < 1:
            raise ValueError(f"max_hands must be at least 1, got {max_hands}")
        if render_mode not in (None, "human"):
            raise ValueError(f"render_mode must be None or 'human', got {render_mode!r}")
        # checks the game, the stacks and the number of players; reset starts each
        # episode from it
        self._first_table = Table(game, stacks, rebuy=rebuy)
        self.game = game
        self.starting = self._first_table.initial
        check_chips(self.starting, rebuy)
        self.n = len(self.starting)
        self.encoder = Encoder(game, self.n)
        self.actions = Actions(actions, hole=draw_hole(game))
        if raw and self.actions.hole:
            raise ActionsError("raw mode has no discard actions: play draw games with raw=False")
        self.raw = raw
        self.session = session
        self.rebuy = rebuy
        self.max_hands = max_hands
        self.scale = 1.0 if reward_unit == "chips" else 1.0 / game.min_bet
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.n)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        width = sum(self.starting) + (rebuy or 0) * 10_000 + 2 if raw else self.actions.size
        if width > RAW_MAX_AMOUNTS:
            raise ActionsError(
                f"raw mode has one action per chip amount: the stacks make {width:,}, "
                f"more than {RAW_MAX_AMOUNTS:,} (use the discrete actions, raw=False)"
            )
        self._width = width
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    # every entry is a count, a flag or chips in big blinds: 0 to MAX_CHIPS
                    0.0,
                    float(MAX_CHIPS),
                    shape=(self.encoder.size,),
                    dtype=np.float32,
                ),
                "action_mask": spaces.Box(0, 1, shape=(width,), dtype=np.int8),
            }
        )
        act_space: spaces.Space[Any] = (
            spaces.Discrete(width, start=-1) if raw else spaces.Discrete(width)
        )
        self.action_start = -1 if raw else 0
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self._state = int.from_bytes(os.urandom(8), "little")  # of the hands' seeds
        self.table = None  # a session's Table, made by reset
        self.hand = None
        self._summary = self.encoder.new_summary()
        self._seats = tuple(range(self.n))
        self._kernel = None
        if fast:
            from croupier.env import _fast  # compiled only (check_fast)

            self._kernel = _fast.Kernel(self.encoder, self.actions)
            self._kernel.bind(self._summary)  # filled with zeros in place for each hand
        # last() may observe with the kernel itself (not raw, observe not overridden).
        self._inline = (
            self._kernel is not None and not raw and type(self).observe is PokerEnv.observe
        )
        # The agent in each seat of the hand, and the seat of each agent dealt in.
        self._seat_agent = self.possible_agents[:]
        self._agent_seat = dict(self._index)
        self._rewarded = True  # self.rewards may hold a reward (cleared on the next step)
        self._skip_agent_selection = None
        self._zeros = dict.fromkeys(self.possible_agents, 0.0)  # reset's new dictionaries
        self._falses = dict.fromkeys(self.possible_agents, False)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _seat_of(self, agent: str) -> int | None:
        seat = self._agent_seat.get(agent)
        if seat is None and agent not in self._index:
            raise ValueError(f"no agent {agent!r}: the agents are {self.possible_agents}")
        return seat

    def observe(self, agent: str) -> dict[str, Any]:
        with self._guarded("observe"):
            return self._observe_agent(agent)

    def _observe_agent(self, agent: str) -> dict[str, Any]:
        hand = self.hand
        if hand is None:
            raise ValueError("no episode yet: call reset() first")
        if type(agent) is not str or agent not in self._index:
            raise ValueError(f"no agent {agent!r}: the agents are {self.possible_agents}")
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
        if can_fold(hand):
            mask[0] = 1
        mask[1] = 1
        lo, hi = hand.min_raise_to, hand.max_raise_to
        if lo is not None and hi is not None:
            mask[lo + 1 : hi + 2] = 1

    def _play(self, action: int) -> None:
        """The selected agent's move without the compiled kernel (raw amounts, or the
        pure-Python :class:`Actions`), counted in the betting summary (AECCore.step)."""
        hand = self.hand
        assert hand is not None and hand.actor is not None
        seat = hand.actor
        street = self.encoder.streets[hand.street]
        drawing = hand.drawing  # a discard: not counted in the betting summary
        if self.raw:
            if not -1 <= action < self._width - 1:
                raise ActionsError(f"no raw action {action}: the space is -1..{self._width - 2}")
            apply_raw(hand, action)
            raised = action if action > 0 else None
        else:
            raised = self.actions.apply(hand, action)
        if counts(hand, seat, drawing):
            self.encoder.record(self._summary, street, seat, raised)

    def render(self) -> None:
        """``render_mode="human"``: print the hand so far, one event a line."""
        if self.render_mode == "human" and self.hand is not None:
            print("\n".join(map(str, self.hand.events)))

    def close(self) -> None:
        pass
