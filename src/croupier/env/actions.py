"""The discrete actions of the environments and how each becomes a legal chip amount.

An action list is a tuple of :class:`ActionKind` values and pot fractions:

* ``FOLD`` (legal when there is a bet to call), ``CHECK_CALL`` (always legal;
  in stud, the bring-in seat's ``CHECK_CALL`` posts the bring-in);
* ``MIN_RAISE``: the smallest legal bet or raise (``hand.min_raise_to``;
  in stud, completing the bring-in);
* a float ``f``: a bet or raise of ``f`` times the pot after calling, i.e.
  raise to ``to_match + f * (pot + to_call)`` rounded down, then clamped into
  ``[min_raise_to, max_raise_to]`` (so in fixed limit every size is the one
  legal amount, and in pot limit ``1.0`` is the pot);
* ``ALL_IN``: raise to ``max_raise_to`` (all the chips in no-limit).

Every bet or raise is legal exactly when ``hand.can_raise``.

>>> from croupier import NO_LIMIT, TexasHoldem
>>> hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100], seed=1)
>>> actions = Actions()
>>> actions.mask(hand).tolist(), actions.amount(hand, 3)   # a pot raise: 2 + (3 + 1)
([1, 1, 1, 1, 1, 1], 6)
"""

from __future__ import annotations

from enum import Enum

import numpy as np
import numpy.typing as npt

from croupier.hand import Hand

__all__ = ["DEFAULT_ACTIONS", "ActionKind", "Actions", "ActionsError", "apply_raw"]


class ActionsError(ValueError):
    """A bad action list, or an action the hand does not allow now."""


class ActionKind(str, Enum):
    """The actions of a list that are not pot fractions."""

    FOLD = "fold"
    CHECK_CALL = "check_call"
    MIN_RAISE = "min_raise"
    ALL_IN = "all_in"


Size = ActionKind | float
DEFAULT_ACTIONS: tuple[Size, ...] = (
    ActionKind.FOLD,
    ActionKind.CHECK_CALL,
    ActionKind.MIN_RAISE,
    1.0,
    0.5,
    ActionKind.ALL_IN,
)
"""Fold, check/call, min-raise, pot, half pot, all-in."""


class Actions:
    """A discrete action list (see the module's documentation).

    >>> Actions((ActionKind.FOLD, ActionKind.CHECK_CALL, 0.75)).size
    3
    >>> Actions((0.0,))
    Traceback (most recent call last):
    ...
    croupier.env.actions.ActionsError: a pot fraction must be positive, got 0.0
    """

    __slots__ = ("_fractions", "_masks", "kinds", "size")

    def __init__(self, kinds: tuple[Size, ...] = DEFAULT_ACTIONS) -> None:
        checked: list[Size] = []
        for kind in kinds:
            if isinstance(kind, ActionKind):
                checked.append(kind)
            elif isinstance(kind, float | int) and not isinstance(kind, bool):
                if not kind > 0:
                    raise ActionsError(f"a pot fraction must be positive, got {kind!r}")
                checked.append(float(kind))
            else:
                raise ActionsError(f"an action is an ActionKind or a pot fraction, got {kind!r}")
        if ActionKind.CHECK_CALL not in checked:
            raise ActionsError("the action list needs CHECK_CALL (always legal)")
        self.kinds = tuple(checked)
        self.size = len(checked)
        self._fractions = [k for k in checked if isinstance(k, float)]
        # The mask for each (can fold, can raise): index 2 * fold + raise.
        self._masks = [
            np.array(
                [
                    fold if k is ActionKind.FOLD else k is ActionKind.CHECK_CALL or raise_
                    for k in checked
                ],
                dtype=np.int8,
            )
            for fold in (False, True)
            for raise_ in (False, True)
        ]

    def mask(self, hand: Hand) -> npt.NDArray[np.int8]:
        """1 for each legal action of the hand's actor (all 0 once the hand is over)."""
        out = np.zeros(self.size, dtype=np.int8)
        self.fill_mask(hand, out)
        return out

    def mask_for(self, fold: bool, raise_: bool) -> npt.NDArray[np.int8]:
        """The mask when folding and raising are (or are not) legal (check/call always is).

        >>> Actions().mask_for(False, True).tolist()
        [0, 1, 1, 1, 1, 1]
        """
        return self._masks[2 * fold + raise_]

    def fill_mask(self, hand: Hand, out: npt.NDArray[np.int8]) -> None:
        """Write :meth:`mask` into ``out`` (a row of a batch)."""
        if hand.actor is None:
            out[:] = 0
            return
        can_fold = hand.to_call > 0 and not hand.bring_in_pending
        out[:] = self._masks[2 * can_fold + hand.can_raise]

    def amount(self, hand: Hand, index: int) -> int | None:
        """The "raise to" amount action ``index`` stands for now (None: fold, check/call)."""
        kind = self.kinds[index]
        if kind is ActionKind.FOLD or kind is ActionKind.CHECK_CALL:
            return None
        lo, hi = hand.min_raise_to, hand.max_raise_to
        if lo is None or hi is None:
            raise ActionsError(f"action {index} ({kind}) is not legal now: no raise allowed")
        if kind is ActionKind.MIN_RAISE:
            return lo
        if kind is ActionKind.ALL_IN:
            return hi
        assert isinstance(kind, float)
        actor = hand.actor
        assert actor is not None
        to_match = hand.bets[actor] + hand.to_call
        target = to_match + int(kind * (hand.pot + hand.to_call))
        return min(max(target, lo), hi)

    def apply(self, hand: Hand, index: int) -> int | None:
        """Play action ``index`` on the hand (an ``ActionsError`` if it is not legal);
        the "raise to" amount it bet or raised to (None: fold, check or call)."""
        if not 0 <= index < self.size:
            raise ActionsError(f"no action {index}: the list has {self.size}")
        kind = self.kinds[index]
        if kind is ActionKind.FOLD:
            if hand.to_call <= 0 or hand.bring_in_pending:
                raise ActionsError("fold is not legal now (nothing to call)")
            hand.fold()
            return None
        if kind is ActionKind.CHECK_CALL:
            if hand.bring_in_pending:
                hand.bring_in()
            else:
                hand.check_or_call()
            return None
        amount = self.amount(hand, index)
        assert amount is not None
        hand.raise_to(amount)
        return amount


def apply_raw(hand: Hand, amount: int) -> None:
    """Raw mode: ``-1`` folds, ``0`` checks or calls (or brings in), a positive amount
    bets or raises to it (it must be legal).

    >>> from croupier import KuhnPoker
    >>> hand = KuhnPoker().start([2, 2], seed=1)
    >>> apply_raw(hand, 1); apply_raw(hand, -1); hand.payoffs
    (1, -1)
    """
    if amount == -1:
        hand.fold()
    elif amount == 0:
        if hand.bring_in_pending:
            hand.bring_in()
        else:
            hand.check_or_call()
    else:
        lo, hi = hand.min_raise_to, hand.max_raise_to
        if lo is None or hi is None or not lo <= amount <= hi:
            raise ActionsError(f"raise to {amount} is not legal now (range {lo}..{hi})")
        hand.raise_to(int(amount))
