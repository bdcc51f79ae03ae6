# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""The rules of the training environments, each written once.

Plain Python, compiled with the C types of ``_rules.pxd`` (Cython's pure-Python
mode; under ``CROUPIER_IMPL=pure`` it runs as written).  The compiled kernel
(:mod:`croupier.env._fast`) cimports them through ``_rules.pxd`` and calls them
in C; the pure-Python paths (``Actions``,
``apply_raw``, ``Encoder.record``, ``PokerEnv``'s raw and pure moves,
``VectorEnv(fast=False)``) call the same functions from Python:

* :func:`can_fold`: fold is legal only facing a bet and while no bring-in is due;
* :func:`mask_code`: which of an action list's four betting masks is the actor's;
* :func:`play`, :func:`raise_amount`, :func:`fold`, :func:`check_or_call`: a
  betting action played, its errors (:class:`ActionsError`) and the "raise to"
  of a pot fraction;
* :func:`record` and :func:`counts`: an action counted in the betting summary;
* :func:`deal_acting`: hands in which no one acts are skipped;
* :func:`checked_actions`: a batch step checks every action before playing any;
* :func:`check_fast`: ``fast=True`` (the compiled kernel) is refused under
  ``CROUPIER_IMPL=pure``, where the kernel cannot be imported.

>>> from croupier import KuhnPoker
>>> hand = KuhnPoker().start([2, 2], seed=1)
>>> can_fold(hand), mask_code(hand)      # nothing to call; a bet is legal
(False, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import croupier._impl as _impl
from croupier._validate import as_bool, as_int
from croupier.hand import Hand

# The kinds of betting action of a list (Actions._codes); used in this module only.
FOLD = 0
CHECK_CALL = 1
MIN_RAISE = 2
ALL_IN = 3
FRACTION = 4
# The mask codes besides 2 * may fold + may raise (0 to 3).
NO_ACTOR = -1
DRAW = 4


class ActionsError(ValueError):
    """A bad action list, or an action the hand does not allow now.

    >>> try:
    ...     as_action("call")
    ... except ActionsError as error:
    ...     print(isinstance(error, ValueError), error)
    True an action must be an integer, got str 'call'
    """

    __module__ = "croupier.env.actions"  # its documented home, where it is re-exported


def as_action(value: object) -> int:
    """An action as a Python ``int``: a Python or numpy integer, nothing else.

    Floats, strings, bools, arrays and None are refused, never converted: an
    :class:`ActionsError` names what was given.  The one reading of an action
    for every environment (discrete indices and raw chip amounts alike).

    >>> import numpy as np
    >>> as_action(np.int64(3)), as_action(2)
    (3, 2)
    >>> as_action(1.7)
    Traceback (most recent call last):
    ...
    croupier.env.actions.ActionsError: an action must be an integer, got float 1.7
    """
    if type(value) is int:
        return value
    try:
        return as_int(value, "an action")
    except ValueError as exc:
        raise ActionsError(str(exc)) from None


_CODES = {"fold": FOLD, "check_call": CHECK_CALL, "min_raise": MIN_RAISE, "all_in": ALL_IN}


def kind_code(kind: object) -> int:
    """The C code of an action list's entry: an ``Move`` (a ``str``) or a pot fraction.

    >>> kind_code("fold"), kind_code(0.5)
    (0, 4)
    """
    if isinstance(kind, str):
        return _CODES[getattr(kind, "value", kind)]  # a Move hashes as its name
    return FRACTION


def fold_legal(to_call: Any, bring_in_pending: bool) -> bool:
    """The fold rule: folding is legal only facing a bet, and not while a bring-in is due
    (compiled, a C function: the kernel cimports it; :func:`can_fold` is its Python face)."""
    return to_call > 0 and not bring_in_pending  # type: ignore[no-any-return]


def can_fold(hand: Hand) -> bool:
    """Whether the actor may fold: there is a bet to call (and no bring-in is due).

    The one rule of both action modes' masks and moves: folding with nothing to
    call is refused (check instead).

    >>> from croupier import KuhnPoker
    >>> hand = KuhnPoker().start([2, 2], seed=1)
    >>> can_fold(hand), hand.raise_to(1), can_fold(hand)
    (False, None, True)
    """
    return fold_legal(hand._to_call(), hand._bring_in_pending)


def betting_code(fold: bool, raise_: bool) -> int:
    """The mask code of an actor who may (or may not) fold and raise: ``2 * fold + raise_``.

    >>> betting_code(True, False)
    2
    """
    return 2 * fold + raise_


def mask_code(hand: Hand) -> int:
    """The actor's mask code: -1 no one acts, 4 a draw, else :func:`betting_code`.

    >>> from croupier import KuhnPoker
    >>> hand = KuhnPoker().start([2, 2], seed=1)
    >>> hand.raise_to(1); mask_code(hand)      # may fold, may not raise (all-in)
    2
    """
    if hand.actor is None:
        return NO_ACTOR
    if hand._drawing:
        return DRAW
    return betting_code(can_fold(hand), hand._can_raise())


def fold(hand: Hand) -> None:
    """Fold for the actor, or an :class:`ActionsError` when :func:`can_fold` says no.

    >>> from croupier import KuhnPoker
    >>> fold(KuhnPoker().start([2, 2], seed=1))
    Traceback (most recent call last):
    ...
    croupier.env.actions.ActionsError: fold is not legal now (nothing to call)
    """
    if not can_fold(hand):
        raise ActionsError("fold is not legal now (nothing to call)")
    hand.fold()


def check_or_call(hand: Hand) -> None:
    """Check or call for the actor; in stud, the bring-in seat posts the bring-in.

    >>> from croupier import KuhnPoker
    >>> hand = KuhnPoker().start([2, 2], seed=1)
    >>> check_or_call(hand); hand.actor
    1
    """
    if hand._bring_in_pending:
        hand.bring_in()
    else:
        hand.check_or_call()


def raise_amount(hand: Hand, index: int, code: int, fraction: float, kind: object) -> int:
    """The "raise to" of betting action ``index`` (``code`` MIN_RAISE, ALL_IN or
    FRACTION of ``fraction`` times the pot after calling, clamped into the legal
    range), or an :class:`ActionsError` naming it (``kind``) when no raise is legal.

    >>> from croupier import NO_LIMIT, TexasHoldem
    >>> hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100], seed=1)
    >>> raise_amount(hand, 3, kind_code(1.0), 1.0, 1.0)        # 2 + (3 + 1)
    6
    """
    actor = hand.actor
    if actor is None or not hand._can_raise():
        raise ActionsError(f"action {index} ({kind}) is not legal now: no raise allowed")
    lo = hand._min_raise(actor)
    if code == MIN_RAISE:
        return lo  # type: ignore[no-any-return]
    hi = hand._max_raise(actor)
    if code == ALL_IN:
        return hi  # type: ignore[no-any-return]
    to_call = hand._to_call()
    pot = float(sum(hand._contributed) + to_call)
    target = hand._bets[actor] + to_call + int(fraction * pot)
    return min(max(target, lo), hi)  # type: ignore[no-any-return]


def play(hand: Hand, index: int, code: int, fraction: float, kind: object) -> int | None:
    """Play betting action ``index`` of the list (its ``code``, ``fraction`` and
    ``kind``); the "raise to" amount it bet or raised to (None: fold, check or call).

    >>> from croupier import KuhnPoker
    >>> hand = KuhnPoker().start([2, 2], seed=1)
    >>> play(hand, 2, kind_code("min_raise"), 0.0, "min_raise"), hand.to_call
    (1, 1)
    """
    if hand._drawing:
        raise ActionsError(f"action {index} is a bet: a draw is under way (discard)")
    if code == CHECK_CALL:
        check_or_call(hand)
        return None
    if code == FOLD:
        fold(hand)
        return None
    amount = raise_amount(hand, index, code, fraction, kind)
    hand.raise_to(amount)
    return amount


def record(summary: Any, street: int, seat: int, raised: int | None, bb: float) -> int:
    """Count an action of ``seat`` on street number ``street`` in ``summary`` (streets x
    seats x 3: checks and calls, bets and raises, the largest "raise to" in units of
    ``bb``): a check or call (``raised`` None) or a bet or raise to ``raised``.

    >>> import numpy as np
    >>> summary = np.zeros((1, 2, 3), dtype=np.float32)
    >>> record(summary, 0, 1, 6, 2.0), record(summary, 0, 1, None, 2.0)
    (0, 0)
    >>> summary[0, 1].tolist()
    [1.0, 1.0, 3.0]
    """
    if not (0 <= street < summary.shape[0] and 0 <= seat < summary.shape[1]):
        raise ValueError(f"no street {street} or seat {seat} in the summary")
    if summary.shape[2] != 3:
        raise ValueError("summary is not streets x seats x 3")
    if raised is None:
        summary[street, seat, 0] += 1.0
    else:
        summary[street, seat, 1] += 1.0
        # float(raised) / bb in double, as Python divides an int by a float; stored
        # as float32 (compiled: value is a C float)
        value = float(raised) / bb
        if value > summary[street, seat, 2]:
            summary[street, seat, 2] = value
    return 0


def counts(hand: Hand, seat: int, drawing: bool) -> bool:
    """Whether the move ``seat`` just made counts in the betting summary: not a
    discard (``drawing`` before it) and not a fold.

    >>> from croupier import KuhnPoker
    >>> hand = KuhnPoker().start([2, 2], seed=1)
    >>> hand.raise_to(1); hand.fold(); counts(hand, 1, False)
    False
    """
    return not drawing and not hand._folded[seat]


def deal_acting(
    start: Callable[[Sequence[int], int], Hand],
    stacks: Sequence[int],
    bits: Callable[[int], int],
    tries: int,
) -> Hand:
    """A new hand ``start(stacks, bits(64))`` in which someone acts: hands no one
    acts in (all-in on the forced bets) are skipped, at most ``tries`` in a row.

    >>> import random
    >>> from croupier import KuhnPoker
    >>> deal_acting(KuhnPoker().start, [2, 2], random.Random(1).getrandbits, 10).actor
    0
    >>> deal_acting(KuhnPoker().start, [1, 1], random.Random(1).getrandbits, 10)
    Traceback (most recent call last):
    ...
    ValueError: no one acts in 10 hands with stacks [1, 1] in a row
    """
    for _ in range(tries):
        hand = start(stacks, bits(64))  # compiled: a typed local, so checked a Hand
        if hand.actor is not None:
            return hand
    raise ValueError(f"no one acts in {tries} hands with stacks {stacks} in a row")


def checked_actions(actions: list[Any], legal: Any) -> list[int]:
    """The actions of a :meth:`croupier.env.VectorEnv.step` as ints (in ``actions``
    itself: numpy integers are replaced by ints), each checked against its table's
    mask (``legal[t, a] == 1``) before any is played, or an
    :class:`~croupier.env.actions.ActionsError` naming the first bad one.

    >>> import numpy as np
    >>> legal = np.array([[0, 1, 1], [1, 1, 0]], dtype=np.int8)
    >>> checked_actions([np.int64(2), 0], legal)
    [2, 0]
    >>> checked_actions([2, 2], legal)
    Traceback (most recent call last):
    ...
    croupier.env.actions.ActionsError: table 1: action 2 is not legal now (legal: [0, 1])
    """
    count = len(actions)
    width = legal.shape[1]
    if count != legal.shape[0]:
        raise ActionsError(f"{count} actions for {legal.shape[0]} tables")
    for t in range(count):
        action = actions[t]
        if type(action) is not int:
            action = actions[t] = as_action(action)
        a = action if 0 <= action < width else width  # width: out of range, never legal
        if a == width or not legal[t, a]:
            allowed = [k for k in range(width) if legal[t, k]]
            raise ActionsError(f"table {t}: action {action} is not legal now (legal: {allowed})")
    return actions


def check_fast(fast: object) -> bool:
    """An environment's ``fast=`` switch (a bool): the compiled kernel
    (:mod:`croupier.env._fast`) is there only as built, so ``fast=True`` under
    ``CROUPIER_IMPL=pure`` (:mod:`croupier._impl`) is a ``ValueError``.

    >>> check_fast(False)
    False
    >>> check_fast(1)
    Traceback (most recent call last):
    ...
    ValueError: fast must be True or False, got int 1
    """
    fast = as_bool(fast, "fast")
    if fast and _impl.PURE:
        raise ValueError(
            "fast=True needs the compiled kernel (croupier.env._fast), which "
            "CROUPIER_IMPL=pure leaves out: use fast=False (the default under pure)"
        )
    return fast
