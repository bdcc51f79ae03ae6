"""The discrete actions of the environments and how each becomes a legal chip amount.

An action list is a tuple of :class:`Move` values and pot fractions:

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

Draw games add ``2 ** hole`` discard actions after the betting ones
(``Actions(kinds, hole=5)``; :func:`draw_hole` gives a game's ``hole``):
action ``bets + m`` discards the actor's cards whose bits are set in ``m``,
bit ``k`` standing for the ``k``-th of the cards held in increasing card code
(the order of the observation's ``own`` block), so ``bets + 0`` stands pat.
During a draw only the discard actions of at most ``hand.max_discards``
cards are legal, and no discard action is legal while players bet.

>>> from croupier import NO_LIMIT, TexasHoldem
>>> hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100], seed=1)
>>> actions = Actions()
>>> actions.mask(hand).tolist(), actions.amount(hand, 3)   # a pot raise: 2 + (3 + 1)
([1, 1, 1, 1, 1, 1], 6)
"""

from __future__ import annotations

import warnings
from enum import Enum

import numpy as np
import numpy.typing as npt

from croupier.env._rules import (
    ActionsError,
    as_action,
    betting_code,
    can_fold,
    check_or_call,
    fold,
    kind_code,
    mask_code,
    play,
    raise_amount,
)
from croupier.games import Game
from croupier.hand import Hand

__all__ = [
    "DEFAULT_ACTIONS",
    "Actions",
    "ActionsError",
    "Move",
    "apply_raw",
    "as_action",
    "can_fold",
    "draw_hole",
]

MAX_HOLE = 6
"""The most cards a hand of a draw game may hold for the discard actions (64 of them)."""


class Move(str, Enum):
    """The actions of a list that are not pot fractions.

    Its old name, ``ActionKind``, still works with a ``DeprecationWarning``
    (``croupier.phh.ActionKind`` is the kind of a PHH action, another thing).

    >>> Move.CHECK_CALL.value
    'check_call'
    """

    FOLD = "fold"
    CHECK_CALL = "check_call"
    MIN_RAISE = "min_raise"
    ALL_IN = "all_in"


Size = Move | float
DEFAULT_ACTIONS: tuple[Size, ...] = (
    Move.FOLD,
    Move.CHECK_CALL,
    Move.MIN_RAISE,
    1.0,
    0.5,
    Move.ALL_IN,
)
"""Fold, check/call, min-raise, pot, half pot, all-in."""


class Actions:
    """A discrete action list (see the module's documentation).

    ``kinds`` are the betting actions (``bets`` of them); ``hole`` is the size
    of a draw game's hand, which adds its ``2 ** hole`` discard actions
    (``size`` counts both).

    >>> Actions((Move.FOLD, Move.CHECK_CALL, 0.75)).size
    3
    >>> Actions(hole=5).size                     # six betting actions, 32 discards
    38
    >>> Actions((0.0,))
    Traceback (most recent call last):
    ...
    croupier.env.actions.ActionsError: a pot fraction must be positive, got 0.0
    """

    __slots__ = (
        "_codes",
        "_draw_masks",
        "_fractions",
        "_masks",
        "_sizes",
        "bets",
        "hole",
        "kinds",
        "size",
    )

    def __init__(self, kinds: tuple[Size, ...] = DEFAULT_ACTIONS, hole: int = 0) -> None:
        checked: list[Size] = []
        for kind in kinds:
            if isinstance(kind, Move):
                checked.append(kind)
            elif isinstance(kind, float | int) and not isinstance(kind, bool):
                if not kind > 0:
                    raise ActionsError(f"a pot fraction must be positive, got {kind!r}")
                checked.append(float(kind))
            else:
                raise ActionsError(f"an action is an Move or a pot fraction, got {kind!r}")
        if Move.CHECK_CALL not in checked:
            raise ActionsError("the action list needs CHECK_CALL (always legal)")
        if type(hole) is not int or not 0 <= hole <= MAX_HOLE:
            raise ActionsError(f"hole must be 0 to {MAX_HOLE} cards, got {hole!r}")
        self.kinds = tuple(checked)
        self.bets = len(checked)
        self.hole = hole
        discards = 1 << hole if hole else 0
        self.size = self.bets + discards
        self._fractions = [k for k in checked if isinstance(k, float)]
        # Each action's C code and pot fraction (0.0: none), for env/_rules.py's play.
        self._codes: tuple[int, ...] = tuple(kind_code(k) for k in checked)
        self._sizes = tuple(k if isinstance(k, float) else 0.0 for k in checked)
        # The mask for each (can fold, can raise), at its betting_code.
        masks: dict[int, npt.NDArray[np.int8]] = {}
        for may_fold in (False, True):
            for raise_ in (False, True):
                masks[betting_code(may_fold, raise_)] = np.array(
                    [
                        may_fold if k is Move.FOLD else k is Move.CHECK_CALL or raise_
                        for k in checked
                    ]
                    + [False] * discards,
                    dtype=np.int8,
                )
        self._masks = [masks[code] for code in range(4)]
        # The mask of a draw for each number of cards that may be discarded.
        self._draw_masks = [
            np.array(
                [False] * self.bets + [m.bit_count() <= most for m in range(discards)],
                dtype=np.int8,
            )
            for most in range(hole + 1)
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
        return self._masks[betting_code(fold, raise_)]

    def draw_mask(self, most: int) -> npt.NDArray[np.int8]:
        """The mask of a draw where at most ``most`` cards may be discarded.

        >>> Actions((Move.CHECK_CALL,), hole=2).draw_mask(1).tolist()   # not both
        [0, 1, 1, 1, 0]
        """
        return self._draw_masks[min(most, self.hole)]

    def fill_mask(self, hand: Hand, out: npt.NDArray[np.int8]) -> None:
        """Write :meth:`mask` into ``out`` (a row of a batch)."""
        code = mask_code(hand)
        if code < 0:
            out[:] = 0
        elif hand.drawing:
            out[:] = self.draw_mask(self._max_discards(hand))
        else:
            out[:] = self._masks[code]

    def passive(self, hand: Hand) -> int:
        """The action that is always legal for the actor: check/call, or standing pat
        during a draw.

        >>> from croupier import DeuceToSevenTripleDraw
        >>> hand, actions = DeuceToSevenTripleDraw().start([20, 20], seed=9), Actions(hole=5)
        >>> actions.passive(hand); hand.call(); hand.check(); actions.passive(hand)
        1
        6
        """
        return self.bets if hand.drawing else self.kinds.index(Move.CHECK_CALL)

    def _max_discards(self, hand: Hand) -> int:
        most = hand.max_discards
        assert most is not None  # a draw is under way
        if not self.hole:
            raise ActionsError("a draw is under way: the list has no discard actions (hole=0)")
        return most

    def amount(self, hand: Hand, index: int) -> int | None:
        """The "raise to" amount action ``index`` stands for now (None: fold, check/call,
        a discard)."""
        if index >= self.bets:
            return None
        kind = self.kinds[index]
        if kind is Move.FOLD or kind is Move.CHECK_CALL:
            return None
        return raise_amount(hand, index, self._codes[index], self._sizes[index], kind)

    def apply(self, hand: Hand, index: int) -> int | None:
        """Play action ``index`` on the hand (an ``ActionsError`` if it is not legal);
        the "raise to" amount it bet or raised to (None: fold, check or call)."""
        if type(index) is not int:
            index = as_action(index)
        if not 0 <= index < self.size:
            raise ActionsError(f"no action {index}: the list has {self.size}")
        if index >= self.bets:
            self._discard(hand, index - self.bets)
            return None
        result: int | None = play(
            hand, index, self._codes[index], self._sizes[index], self.kinds[index]
        )
        return result

    def _discard(self, hand: Hand, bits: int) -> None:
        """Discard action ``bits`` (see the module's documentation)."""
        actor = hand.actor
        if actor is None or not hand.drawing:
            raise ActionsError(f"discard action {self.bets + bits} is not legal now: no draw")
        held = sorted(hand.hole(actor))
        if len(held) != self.hole:
            raise ActionsError(
                f"seat {actor} holds {len(held)} cards: the discard actions are for {self.hole}"
            )
        chosen = [card for k, card in enumerate(held) if bits >> k & 1]
        most = self._max_discards(hand)
        if len(chosen) > most:
            raise ActionsError(f"seat {actor} may discard {most} cards now, not {len(chosen)}")
        hand.discard(chosen)


def draw_hole(game: Game) -> int:
    """The cards of a hand of draw game ``game`` (its discard actions' ``hole``), else 0.

    >>> from croupier import Badugi, KuhnPoker
    >>> draw_hole(Badugi()), draw_hole(KuhnPoker())
    (4, 0)
    """
    if not game.is_draw:
        return 0
    return sum(street.hole for street in game.streets)


def apply_raw(hand: Hand, amount: object) -> None:
    """Raw mode: ``-1`` folds, ``0`` checks or calls (or brings in), a positive amount
    bets or raises to it (it must be legal); anything else, or a fold with nothing
    to call, is an :class:`ActionsError` and changes nothing.

    >>> from croupier import KuhnPoker
    >>> hand = KuhnPoker().start([2, 2], seed=1)
    >>> apply_raw(hand, -1)
    Traceback (most recent call last):
    ...
    croupier.env.actions.ActionsError: fold is not legal now (nothing to call)
    >>> apply_raw(hand, 1); apply_raw(hand, -1); hand.payoffs
    (1, -1)
    """
    amount = as_action(amount)
    if hand.drawing:
        raise ActionsError("a draw is under way: raw mode has no discard actions")
    if amount < -1:
        raise ActionsError(f"no raw action {amount}: -1 folds, 0 checks or calls, more raises")
    if amount == -1:
        fold(hand)
    elif amount == 0:
        check_or_call(hand)
    else:
        lo, hi = hand.min_raise_to, hand.max_raise_to
        if lo is None or hi is None or not lo <= amount <= hi:
            raise ActionsError(f"raise to {amount} is not legal now (range {lo}..{hi})")
        hand.raise_to(amount)


def __getattr__(name: str) -> object:
    """``ActionKind``: the old name of :class:`Move` (deprecated)."""
    if name == "ActionKind":
        warnings.warn(
            "croupier.env.actions.ActionKind is now Move (ActionKind is the kind of a PHH "
            "action, croupier.phh.ActionKind)",
            DeprecationWarning,
            stacklevel=2,
        )
        return Move
    raise AttributeError(f"module 'croupier.env.actions' has no attribute {name!r}")
