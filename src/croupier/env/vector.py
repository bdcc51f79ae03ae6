"""Many tables stepped in one call, numpy in and out (:class:`VectorEnv`).

Each table plays one hand at a time of the same game with the same starting
stacks; a finished hand is replaced at once by a new one (auto-reset).  Every
call returns, per table, the observation and action mask of the player to act
(:class:`croupier.env.encoding.Encoder`, from that player's seat), which seat
that is, the chips each seat won or lost in the hand that just ended (zeros
otherwise) and whether a hand ended.

>>> from croupier import KuhnPoker
>>> venv = VectorEnv(KuhnPoker(), 4, [2, 2], seed=1)
>>> obs, mask, seat = venv.reset()
>>> obs.shape, mask.shape, seat.tolist()
((4, 34), (4, 6), [0, 0, 0, 0])
>>> obs, mask, seat, rewards, done = venv.step([1, 1, 1, 1])   # everyone checks
>>> obs, mask, seat, rewards, done = venv.step([1, 1, 1, 1])   # showdowns
>>> done.tolist(), rewards.sum(axis=1).tolist()
([True, True, True, True], [0.0, 0.0, 0.0, 0.0])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.env._fast import Kernel
from croupier.env.actions import DEFAULT_ACTIONS, Actions, Size, draw_hole
from croupier.env.encoding import Encoder
from croupier.games import Game
from croupier.hand import Hand

__all__ = ["VectorEnv"]


class VectorEnv:
    """``n_tables`` tables of ``game`` (see the module's documentation).

    ``fast=False`` steps the tables with the pure-Python :class:`Encoder` and
    :class:`Actions` instead of their compiled twin (:mod:`croupier.env._fast`):
    the same arrays, slower; the reference the compiled path is tested against.
    """

    def __init__(
        self,
        game: Game,
        n_tables: int,
        stacks: Sequence[int],
        *,
        actions: tuple[Size, ...] = DEFAULT_ACTIONS,
        seed: int | None = None,
        fast: bool = True,
    ) -> None:
        if n_tables < 1:
            raise ValueError(f"n_tables must be at least 1, got {n_tables}")
        self.game = game
        self.n_tables = n_tables
        self.stacks = [int(s) for s in stacks]
        self.n = len(self.stacks)
        game.start(self.stacks, seed=0)  # checks the stacks and the number of players
        self.encoder = Encoder(game, self.n)
        self.actions = Actions(actions, hole=draw_hole(game))
        self._rng = random.Random(seed)
        self.hands: list[Hand] = []
        self._summaries = np.zeros((n_tables, len(game.streets), self.n, 3), dtype=np.float32)
        self.observations = np.zeros((n_tables, self.encoder.size), dtype=np.float32)
        self.masks = np.zeros((n_tables, self.actions.size), dtype=np.int8)
        self.seats = np.zeros(n_tables, dtype=np.int64)
        self.rewards = np.zeros((n_tables, self.n), dtype=np.float32)
        self.dones = np.zeros(n_tables, dtype=bool)
        self._flat_summaries = self._summaries.reshape(-1)
        self._per_table = len(game.streets) * self.n * 3
        self._dones_bytes = self.dones.view(np.uint8)
        self._kernel = Kernel(self.encoder, self.actions) if fast else None
        self._mask_table = np.array(
            [
                self.actions.mask_for(fold, raise_)
                for fold in (False, True)
                for raise_ in (False, True)
            ]
        )

    def _new_hand(self, t: int) -> Hand:
        for _ in range(100):  # skip hands no one acts in (all-in on the forced bets)
            hand = self.game.start(self.stacks, seed=self._rng.getrandbits(64))
            if hand.actor is not None:
                self._summaries[t] = 0.0
                return hand
        raise ValueError(f"no one acts in hands with stacks {self.stacks}: too small")

    def _write(self) -> None:
        """Every table's actor: observations, masks and seats, in one batch."""
        hands = self.hands
        if self._kernel is not None:
            self._kernel.write(hands, self._summaries, self.observations, self.masks, self.seats)
            return
        self.encoder.encode_many(hands, self._summaries, self.observations)
        codes = [2 * (h.to_call > 0 and not h.bring_in_pending) + h.can_raise for h in hands]
        self.masks[:] = self._mask_table[codes]
        for t, hand in enumerate(hands):
            if hand.drawing:
                self.actions.fill_mask(hand, self.masks[t])
        self.seats[:] = [h.actor or 0 for h in hands]  # every table has an actor

    def reset(
        self, seed: int | None = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """New hands at every table: (observations, masks, seats to act)."""
        if seed is not None:
            self._rng.seed(seed)
        self.hands = [self._new_hand(t) for t in range(self.n_tables)]
        self._write()
        return self.observations, self.masks, self.seats

    def step(self, actions: Sequence[int] | npt.NDArray[Any]) -> tuple[Any, ...]:
        """Play one action at each table: (observations, masks, seats, rewards, dones).

        The arrays are the env's own buffers, overwritten by the next call.
        """
        if len(actions) != self.n_tables:
            raise ValueError(f"{len(actions)} actions for {self.n_tables} tables")
        rewards, dones = self.rewards, self.dones
        if self._kernel is not None:
            self._kernel.step(
                self.hands,
                actions.tolist() if isinstance(actions, np.ndarray) else actions,
                self.game.start,
                self.stacks,
                self._rng.getrandbits,
                self._summaries,
                rewards,
                self._dones_bytes,
            )
            self._write()
            return self.observations, self.masks, self.seats, rewards, dones
        rewards[:] = 0.0
        dones[:] = False
        apply, streets = self.actions.apply, self.encoder.streets
        flat = self._flat_summaries
        per_table, n, bb = self._per_table, self.n, self.encoder.bb
        for t, action in enumerate(
            actions.tolist() if isinstance(actions, np.ndarray) else actions
        ):
            hand = self.hands[t]
            seat = hand.actor
            assert seat is not None
            street = streets[hand.street]
            drawing = hand.drawing  # a discard: not counted in the betting summary
            raised = apply(hand, action)
            if hand.is_over:
                payoffs = hand.payoffs
                if payoffs is not None:
                    rewards[t] = payoffs
                dones[t] = True
                self.hands[t] = self._new_hand(t)
            elif not drawing and not hand.folded[seat]:  # Encoder.record, on the flat buffer
                at = t * per_table + (street * n + seat) * 3
                if raised is None:
                    flat[at] += 1.0
                else:
                    flat[at + 1] += 1.0
                    flat[at + 2] = max(flat[at + 2], raised / bb)
        self._write()
        return self.observations, self.masks, self.seats, rewards, dones
