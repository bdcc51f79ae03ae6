# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""The rules of the training environments, each written once.

The compiled kernel (:mod:`croupier.env._fast`) cimports them through
``_rules.pxd`` and calls them in C; the pure-Python paths (``Actions``,
``apply_raw``, ``Encoder.record``, ``PokerEnv``'s raw and pure moves,
``VectorEnv(fast=False)``) call the same functions from Python:

* :func:`can_fold`: fold is legal only facing a bet and while no bring-in is due;
* :func:`mask_code`: which of an action list's four betting masks is the actor's;
* :func:`play`, :func:`raise_amount`, :func:`fold`, :func:`check_or_call`: a
  betting action played, its errors (:class:`ActionsError`) and the "raise to"
  of a pot fraction;
* :func:`record` and :func:`counts`: an action counted in the betting summary;
* :func:`deal_acting`: hands in which no one acts are skipped.

>>> from croupier import KuhnPoker
>>> hand = KuhnPoker().start([2, 2], seed=1)
>>> can_fold(hand), mask_code(hand)      # nothing to call; a bet is legal
(False, 1)
"""

from cpython.long cimport PyLong_AsDouble

from croupier.hand cimport Hand


class ActionsError(ValueError):
    """A bad action list, or an action the hand does not allow now."""

    __module__ = "croupier.env.actions"  # its documented home, where it is re-exported


_CODES = {"fold": FOLD, "check_call": CHECK_CALL, "min_raise": MIN_RAISE, "all_in": ALL_IN}


def kind_code(kind):
    """The C code of an action list's entry: an ``Move`` (a ``str``) or a pot fraction.

    >>> kind_code("fold"), kind_code(0.5)
    (0, 4)
    """
    if isinstance(kind, str):
        return _CODES[getattr(kind, "value", kind)]  # a Move hashes as its name
    return FRACTION


cpdef bint can_fold(Hand hand) except -1:
    """Whether the actor may fold: there is a bet to call (and no bring-in is due).

    The one rule of both action modes' masks and moves: folding with nothing to
    call is refused (check instead).

    >>> from croupier import KuhnPoker
    >>> hand = KuhnPoker().start([2, 2], seed=1)
    >>> can_fold(hand), hand.raise_to(1), can_fold(hand)
    (False, None, True)
    """
    return fold_legal(hand._to_call(), hand._bring_in_pending)


cpdef int betting_code(bint fold, bint raise_) noexcept:
    """The mask code of an actor who may (or may not) fold and raise: ``2 * fold + raise_``.

    >>> betting_code(True, False)
    2
    """
    return 2 * fold + raise_


cpdef int mask_code(Hand hand) except -2:
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


cpdef object fold(Hand hand):
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


cpdef object check_or_call(Hand hand):
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


cpdef object raise_amount(Hand hand, int index, int code, double fraction, object kind):
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
        return lo
    hi = hand._max_raise(actor)
    if code == ALL_IN:
        return hi
    to_call = hand._to_call()
    target = hand._bets[actor] + to_call + int(
        fraction * (<double>(sum(hand._contributed) + to_call))
    )
    return min(max(target, lo), hi)


cpdef object play(Hand hand, int index, int code, double fraction, object kind):
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


cdef int record_into(float* row, object raised, double bb) except -1:
    """:func:`record` into a seat's 3 entries at ``row``."""
    cdef float value
    if raised is None:
        row[0] += 1.0
    else:
        row[1] += 1.0
        # float(raised) / bb, as Python divides an int by a float
        value = <float>((PyLong_AsDouble(raised) if type(raised) is int else <double>raised) / bb)
        if value > row[2]:
            row[2] = value
    return 0


cpdef int record(float[:, :, ::1] summary, int street, int seat, object raised, double bb) except -1:
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
    return record_into(&summary[street, seat, 0], raised, bb)


cpdef bint counts(Hand hand, int seat, bint drawing) except -1:
    """Whether the move ``seat`` just made counts in the betting summary: not a
    discard (``drawing`` before it) and not a fold.

    >>> from croupier import KuhnPoker
    >>> hand = KuhnPoker().start([2, 2], seed=1)
    >>> hand.raise_to(1); hand.fold(); counts(hand, 1, False)
    False
    """
    return not drawing and not hand._folded[seat]


cpdef Hand deal_acting(object start, object stacks, object bits, int tries):
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
    cdef Hand hand
    for _ in range(tries):
        hand = <Hand?>start(stacks, bits(64))
        if hand.actor is not None:
            return hand
    raise ValueError(f"no one acts in {tries} hands with stacks {stacks} in a row")
