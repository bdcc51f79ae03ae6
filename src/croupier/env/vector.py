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

A step checks every table's action first (an integer, legal at that table now:
its row of the mask) and then plays them all: a refused step raises
:class:`~croupier.env.actions.ActionsError` and changes no table.

>>> venv.step([1, 0, 1, 1])                   # fold: nothing to call at table 1
Traceback (most recent call last):
...
croupier.env.actions.ActionsError: table 1: action 0 is not legal now (legal: [1, 2, 3, 4, 5])

Hands in which no one acts (every player but one all-in on the forced bets)
are skipped: a new hand is dealt until someone acts, at most
:data:`DEAL_TRIES` times (the constructor refuses stacks with which no one
ever acts).  A ``VectorEnv`` belongs to one thread at a time
(:class:`croupier.errors.ConcurrentUse` for a second thread).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

import croupier._impl as _impl
from croupier._guard import Guard
from croupier._validate import as_int
from croupier.env._rules import (
    check_fast,
    checked_actions,
    counts,
    deal_acting,
    mask_code,
    record,
)
from croupier.env.actions import DEFAULT_ACTIONS, Actions, ActionsError, Size, draw_hole
from croupier.env.encoding import Encoder, check_chips
from croupier.games import Game
from croupier.hand import Hand

if TYPE_CHECKING:
    from croupier.env._fast import Kernel

__all__ = ["DEAL_TRIES", "VectorEnv"]

DEAL_TRIES = 1000
"""The most hands dealt in a row to find one in which someone acts."""


class VectorEnv:
    """``n_tables`` tables of ``game`` (see the module's documentation).

    ``fast=False`` steps the tables with the pure-Python :class:`Encoder` and
    :class:`Actions` instead of their compiled twin (:mod:`croupier.env._fast`):
    the same arrays, slower; the reference the compiled path is tested against.
    It is the default under ``CROUPIER_IMPL=pure`` (:mod:`croupier._impl`), where
    ``fast=True`` is a ``ValueError``.

    >>> from croupier import KuhnPoker
    >>> venv = VectorEnv(KuhnPoker(), 2, [2, 2], seed=1)
    >>> obs, mask, seat = venv.reset()
    >>> obs.shape, seat.tolist()
    ((2, 34), [0, 0])
    """

    def __init__(
        self,
        game: Game,
        n_tables: int,
        stacks: Sequence[int],
        *,
        actions: tuple[Size, ...] = DEFAULT_ACTIONS,
        seed: int | None = None,
        fast: bool = _impl.FAST_DEFAULT,
    ) -> None:
        n_tables = as_int(n_tables, "n_tables")
        fast = check_fast(fast)
        if n_tables < 1:
            raise ValueError(f"n_tables must be at least 1, got {n_tables}")
        if not isinstance(game, Game):
            raise ValueError(f"game must be a croupier Game, got {type(game).__name__}")
        self.game = game
        self.n_tables = n_tables
        self.stacks = list(game.start(stacks, seed=0).starting_stacks)  # checks them
        self.n = len(self.stacks)
        check_chips(self.stacks)
        self.encoder = Encoder(game, self.n)
        self.actions = Actions(actions, hole=draw_hole(game))
        self._rng = random.Random(None if seed is None else as_int(seed, "seed"))
        self._guard = Guard("the VectorEnv")
        self.hands: list[Hand] = []
        self._summaries = np.zeros((n_tables, len(game.streets), self.n, 3), dtype=np.float32)
        self.observations = np.zeros((n_tables, self.encoder.size), dtype=np.float32)
        self.masks = np.zeros((n_tables, self.actions.size), dtype=np.int8)
        self._legal = self.masks.copy()  # the masks step checks (self.masks is the caller's)
        self.seats = np.zeros(n_tables, dtype=np.int64)
        self.rewards = np.zeros((n_tables, self.n), dtype=np.float32)
        self.dones = np.zeros(n_tables, dtype=bool)
        self._dones_bytes = self.dones.view(np.uint8)
        self._kernel: Kernel | None = None
        if fast:
            from croupier.env import _fast  # compiled only (check_fast)

            self._kernel = _fast.Kernel(self.encoder, self.actions)
        # The masks by mask code (env/_rules.py): four betting masks, then a draw's
        # row (each draw's mask is the list's own, filled per table).
        self._mask_table = np.array([*self.actions._masks, self.actions.draw_mask(0)])

        # Stacks with which no one ever acts are refused here, not in a step.
        probe = random.Random(0)
        for _ in range(DEAL_TRIES):
            if game.start(self.stacks, seed=probe.getrandbits(64)).actor is not None:
                break
        else:
            raise ValueError(f"no one acts in hands with stacks {self.stacks}: too small")

    def _deal(self) -> Hand:
        """A new hand in which someone acts (those no one acts in are skipped)."""
        return deal_acting(self.game.start, self.stacks, self._rng.getrandbits, DEAL_TRIES)

    def _write(self) -> None:
        """Every table's actor: observations, masks and seats, in one batch."""
        hands = self.hands
        if self._kernel is not None:
            self._kernel.write(hands, self._summaries, self.observations, self.masks, self.seats)
            np.copyto(self._legal, self.masks)
            return
        self.encoder.encode_many(hands, self._summaries, self.observations)
        codes = [mask_code(h) for h in hands]
        self.masks[:] = self._mask_table[codes]
        for t, hand in enumerate(hands):
            if hand.drawing:
                self.actions.fill_mask(hand, self.masks[t])
        self.seats[:] = [h.actor or 0 for h in hands]  # every table has an actor
        np.copyto(self._legal, self.masks)

    def reset(
        self, seed: int | None = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """New hands at every table: (observations, masks, seats to act).

        ``seed``: a Python or numpy integer (anything else is a ``ValueError`` and
        changes nothing)."""
        with self._guard:
            if seed is not None:
                self._rng.seed(as_int(seed, "seed"))
            self.hands = [self._deal() for _ in range(self.n_tables)]
            self._summaries[:] = 0.0
            self._write()
            return self.observations, self.masks, self.seats

    def _checked(self, actions: object) -> list[int]:
        """The step's actions as ints, each legal at its table, or an ``ActionsError``."""
        if not self.hands:
            raise ValueError("no hands yet: call reset() first")
        if isinstance(actions, np.ndarray):
            if actions.ndim != 1 or actions.dtype.kind not in "iu":
                raise ActionsError(
                    "actions must be a 1-D integer array (one action a table), got "
                    f"{actions.ndim}-D {actions.dtype}"
                )
            listed: list[Any] = actions.tolist()
        elif isinstance(actions, list | tuple):
            listed = list(actions)
        else:
            raise ActionsError(
                f"actions must be a list, tuple or 1-D integer array, got {type(actions).__name__}"
            )
        return checked_actions(listed, self._legal)

    def step(self, actions: Sequence[int] | npt.NDArray[Any]) -> tuple[Any, ...]:
        """Play one action at each table: (observations, masks, seats, rewards, dones).

        Every action is checked before any is played: a refused step raises an
        :class:`~croupier.env.actions.ActionsError` and changes nothing.  The
        arrays are the env's own buffers, overwritten by the next call.
        """
        with self._guard:
            return self._step(self._checked(actions))

    def _step(self, actions: list[int]) -> tuple[Any, ...]:
        rewards, dones = self.rewards, self.dones
        if self._kernel is not None:
            self._kernel.step(
                self.hands,
                actions,
                self.game.start,
                self.stacks,
                self._rng.getrandbits,
                DEAL_TRIES,  # the loop of _deal, in C
                self._summaries,
                rewards,
                self._dones_bytes,
            )
            self._write()
            return self.observations, self.masks, self.seats, rewards, dones
        rewards[:] = 0.0
        dones[:] = False
        apply, streets, bb = self.actions.apply, self.encoder.streets, self.encoder.bb
        for t, action in enumerate(actions):
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
                self.hands[t] = self._deal()
                self._summaries[t] = 0.0
            elif counts(hand, seat, drawing):
                record(self._summaries[t], street, seat, raised, bb)
        self._write()
        return self.observations, self.masks, self.seats, rewards, dones
