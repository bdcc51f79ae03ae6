"""The rake: the chips the house takes from each pot before it is awarded.

A :class:`Rake` is part of a :class:`~croupier.games.Game` (``rake=``): every
hand of that game is settled with it (docs/rules.md §6.10).  From each pot,
main pot and side pots alike, the house takes ``percent`` per cent, rounded
down to the chip, and at most ``cap`` chips; the winners of the pot share
what is left by the usual rules (ties, odd chips, hi/lo halves).  Chips given
back (an uncalled bet, a layer only folded players put chips into) are no pot
and are never raked.  With ``no_flop_no_drop`` (the default) a hand that ends
on its first street is not raked at all: before the flop in hold'em and
Omaha, on third street in stud, before the first draw in the draw games.

>>> from croupier import NO_LIMIT, Rake, TexasHoldem
>>> game = TexasHoldem(NO_LIMIT, (1, 2), rake=Rake(5, cap=3))
>>> hand = game.start([100, 100], seed=3)
>>> hand.raise_to(20); hand.call()         # a pot of 40; then the flop
>>> hand.raise_to(30); hand.fold()         # seat 0's bet of 30 is not called
>>> hand.rake, hand.payoffs, sum(hand.payoffs) + hand.rake
(2, (18, -20), 0)
>>> Rake(5).of(1000), Rake(5, cap=3).of(1000), Rake("2.5").of(99)
(50, 3, 2)

The rake is one value: percent is exact (:class:`~fractions.Fraction`), so
``Rake(5) == Rake("5") == Rake(Fraction(10, 2))``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from croupier._validate import as_int, is_bool, shown
from croupier.pots import Settlement, award, settle

__all__ = ["Rake"]

_HUNDRED = Fraction(100)


@dataclass(frozen=True, init=False)
class Rake:
    """A rake rule: ``percent`` of each pot, rounded down, at most ``cap`` chips a pot.

    ``percent`` is exact: an ``int``, a :class:`~fractions.Fraction`, a
    :class:`~decimal.Decimal` or a decimal string (``"2.5"``, ``"1/3"``), from
    0 to 100; a float is refused (``0.1`` is no exact number).  ``cap`` is a
    positive number of chips, or ``None`` for no cap; it applies to each pot
    on its own (as PokerKit's ``rake``).  ``no_flop_no_drop``: a hand that
    ends on its first street pays no rake.  Anything else is a ``ValueError``
    naming the argument.

    >>> Rake(5, cap=3)
    Rake(percent=Fraction(5, 1), cap=3, no_flop_no_drop=True)
    >>> Rake("2.5").rate, Rake(Fraction(1, 3)).of(3000)
    (Fraction(1, 40), 10)
    >>> Rake(120)
    Traceback (most recent call last):
    ...
    ValueError: rake percent must be from 0 to 100, got 120
    >>> Rake(5, cap=0)
    Traceback (most recent call last):
    ...
    ValueError: rake cap must be a positive number of chips or None, got 0
    """

    percent: Fraction
    cap: int | None
    no_flop_no_drop: bool

    def __init__(
        self,
        percent: int | Fraction | Decimal | str,
        cap: int | None = None,
        no_flop_no_drop: bool = True,
    ) -> None:
        object.__setattr__(self, "percent", _percent(percent))
        if cap is not None:
            cap = as_int(cap, "rake cap")
            if cap <= 0:
                raise ValueError(f"rake cap must be a positive number of chips or None, got {cap}")
        object.__setattr__(self, "cap", cap)
        if not is_bool(no_flop_no_drop):
            raise ValueError(f"no_flop_no_drop must be a bool, got {shown(no_flop_no_drop)}")
        object.__setattr__(self, "no_flop_no_drop", bool(no_flop_no_drop))

    @property
    def rate(self) -> Fraction:
        """The part of a pot taken (``percent / 100``), before the cap.

        >>> Rake(5).rate
        Fraction(1, 20)
        """
        return self.percent / _HUNDRED

    def of(self, amount: int) -> int:
        """The chips taken from a pot of ``amount`` chips: ``floor(amount * rate)``,
        at most ``cap``.

        >>> Rake(10, cap=5).of(49), Rake(10, cap=5).of(70), Rake(10).of(9)
        (4, 5, 0)
        """
        percent = self.percent
        taken = amount * percent.numerator // (100 * percent.denominator)
        cap = self.cap
        return taken if cap is None or taken < cap else cap

    def applies(self, street: int) -> bool:
        """Whether a hand that ended on ``street`` (an index of ``game.streets``; 0 is
        the first) is raked: always without ``no_flop_no_drop``, else from the
        second street on.

        >>> Rake(5).applies(0), Rake(5).applies(1), Rake(5, no_flop_no_drop=False).applies(0)
        (False, True, True)
        """
        return street > 0 or not self.no_flop_no_drop

    def settle(
        self,
        contributions: Sequence[int],
        folded: Sequence[bool],
        high: Sequence[int | None],
        low: Sequence[int | None] | None = None,
        *,
        dead: int = 0,
        street: int = 1,
    ) -> Settlement:
        """:func:`croupier.pots.settle` with this rake taken from each pot first.

        The pots, uncalled and returned chips are ``settle``'s; each pot's rake
        (``Settlement.rake``, one entry a pot, main pot first) is taken before
        the pot is awarded, and ``shares``, ``payouts`` and ``net`` are what the
        winners get of the rest.  ``street`` is the street the hand ended on
        (for ``no_flop_no_drop``).

        >>> s = Rake(10, cap=50).settle([200, 500, 500, 100], [False, False, False, True],
        ...                             [3, 1, 2, 0])
        >>> s.pots, s.rake
        ((Pot(amount=700, eligible=(0, 1, 2)), Pot(amount=600, eligible=(1, 2))), (50, 50))
        >>> s.payouts, sum(s.net) + sum(s.rake)
        ((650, 0, 550, 0), 0)
        """
        unraked = settle(contributions, folded, high, low, dead=dead)
        pots = unraked.pots
        if not self.applies(street):
            taken = [0] * len(pots)
        else:
            taken = [self.of(pot.amount) for pot in pots]
        if not any(taken):
            return Settlement(
                pots,
                unraked.uncalled,
                unraked.returned,
                unraked.payouts,
                unraked.shares,
                unraked.net,
                taken,
            )
        n = len(unraked.payouts)
        zeros = [0] * n
        payouts = list(unraked.returned)
        shares: list[tuple[int, ...] | list[int]] = []
        for k, pot in enumerate(pots):
            if not taken[k]:
                row: tuple[int, ...] | list[int] = unraked.shares[k]
            else:
                # The rest of the pot, awarded alone: dead money of a hand that
                # only the pot's eligible seats are still in (croupier.pots'
                # own rules for ties, odd chips and hi/lo halves).
                outside = [True] * n
                for seat in pot.eligible:
                    outside[seat] = False
                row = award(zeros, outside, high, low, dead=pot.amount - taken[k])
            shares.append(row)
            for i in range(n):
                payouts[i] += row[i]
        # net: payouts less contributions (those of the unraked settlement).
        net = [payouts[i] - unraked.payouts[i] + unraked.net[i] for i in range(n)]
        return Settlement(pots, unraked.uncalled, unraked.returned, payouts, shares, net, taken)


def _percent(value: object) -> Fraction:
    """``value`` as an exact percentage from 0 to 100 (``ValueError`` otherwise)."""
    if is_bool(value) or isinstance(value, float):
        raise ValueError(
            "rake percent must be exact: an int, a Fraction, a Decimal or a decimal "
            f"string such as '2.5', got {shown(value)}"
        )
    try:
        if isinstance(value, Fraction | Decimal | str):
            percent = Fraction(value)
        else:
            percent = Fraction(as_int(value, "rake percent"))
    except (ValueError, ZeroDivisionError, ArithmeticError):
        raise ValueError(
            f"rake percent must be a number from 0 to 100, got {shown(value)}"
        ) from None
    if not 0 <= percent <= 100:
        raise ValueError(f"rake percent must be from 0 to 100, got {value}")
    return percent
