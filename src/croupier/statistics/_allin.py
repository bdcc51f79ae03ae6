"""The all-in adjustment: each seat's expected share of the pots, in place of its
actual winnings, when every hand still in is known once the money is all in.

A spot is adjusted when the hand reaches a showdown after its last betting
action came before the last street, and every hand still in is known then
(``docs/stats.md``).  Each pot's expected shares are exact pot shares from
``croupier.equity(exact=True)`` (cached per run, by the hands, board and dead
cards); the rake is taken from each pot first (docs/rules.md §6.10).

>>> from croupier import NO_LIMIT, TexasHoldem, parse_cards
>>> game = TexasHoldem(NO_LIMIT, (1, 2))
>>> holes = [tuple(parse_cards("AsAd")), tuple(parse_cards("AhAc"))]
>>> exact_shares(game, holes, tuple(parse_cards("2c7d9h")), [])
(Fraction(1, 2), Fraction(1, 2))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from croupier.variants import rules_of

if TYPE_CHECKING:
    from croupier.games import Game
    from croupier.hand import Hand

__all__ = ["AllIn", "exact_shares"]

Shares = tuple[Fraction, ...]


class AllIn:
    """The all-in corrections of one run's hands, with the run's cache of pot shares.

    >>> AllIn().cache
    {}
    """

    __slots__ = ("cache",)

    def __init__(self) -> None:
        self.cache: dict[tuple[object, ...], Shares | None] = {}

    def corrections(
        self, hand: Hand, winnings: Sequence[int], street: int
    ) -> list[Fraction] | None:
        """Each seat's all-in correction (expected winnings - actual winnings), in
        units, when every hand still in is known at the end of ``street``'s betting;
        else None.

        >>> from croupier import NO_LIMIT, TexasHoldem
        >>> hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100], seed=1)
        >>> hand.raise_to(100); hand.call()
        >>> fix = AllIn().corrections(hand, hand.winnings, 0)
        >>> len(fix), sum(fix)
        (2, Fraction(0, 1))
        """
        game = cast("Game", hand.game)
        if rules_of(game.variant).equity is None:
            return None
        n = hand.n_players
        streets = game.streets[: street + 1]
        dealt = sum(s.hole + s.up for s in streets)
        board = hand.board[: sum(s.board for s in streets)]
        if -1 in board:
            return None
        folded = hand.folded
        cards = [hand.hole(seat)[:dealt] for seat in range(n)]
        if any(-1 in cards[seat] for seat in range(n) if not folded[seat]):
            return None
        pots = hand.pots
        settlement = hand.settlement
        taken = settlement.rake if settlement is not None else ()
        if len(taken) != len(pots):
            taken = (0,) * len(pots)  # no rake (or pots otherwise than settled: see below)
        # What the winners share of each pot: the rake is taken first (§6.10).
        amounts = [pot.amount - rake for pot, rake in zip(pots, taken, strict=True)]
        if sum(amounts) != sum(winnings):
            return None  # chips given back otherwise than the pots say: keep the result
        expected = [Fraction(0)] * n
        for pot, amount in zip(pots, amounts, strict=True):
            eligible = pot.eligible
            if len(eligible) == 1:
                expected[eligible[0]] += amount
                continue
            inside = set(eligible)
            dead = [c for seat in range(n) if seat not in inside for c in cards[seat] if c >= 0]
            shares = self._shares(game, [cards[s] for s in eligible], board, dead)
            if shares is None:
                return None
            for seat, share in zip(eligible, shares, strict=True):
                expected[seat] += amount * share
        return [expected[s] - winnings[s] for s in range(n)]

    def _shares(
        self, game: Game, holes: list[tuple[int, ...]], board: tuple[int, ...], dead: list[int]
    ) -> Shares | None:
        """Exact pot shares of ``holes`` (:func:`exact_shares`), cached."""
        key = (game.variant, tuple(tuple(sorted(h)) for h in holes), board, tuple(sorted(dead)))
        if key in self.cache:
            return self.cache[key]
        shares = exact_shares(game, holes, board, dead)
        self.cache[key] = shares
        return shares


def exact_shares(
    game: Game, holes: list[tuple[int, ...]], board: tuple[int, ...], dead: list[int]
) -> Shares | None:
    """Each hand's exact expected share of a pot, from ``croupier.equity(exact=True)``;
    None for a stud spot that equity cannot enumerate (the deck cannot complete every
    hand, or more than ``_equity.EXACT_MAX_DEALS`` deals: such spots keep their result).

    The kernels count every deal; a share of a deal is a multiple of ``1 /
    lcm(1..k)`` (``k`` hands tie at most; half that in hi/lo games), so the
    float equity times ``deals * lcm`` is a whole number, rounded back here
    to an exact fraction (the shares then add up to exactly one pot).

    >>> from croupier import SevenCardStud, parse_cards
    >>> stud = SevenCardStud(bring_in=1, bets=(2, 4))
    >>> third_street = [tuple(parse_cards("AsAd2c")), tuple(parse_cards("KsKd3c"))]
    >>> exact_shares(stud, third_street, (), []) is None  # more deals than equity enumerates
    True
    """
    from croupier._equity import EXACT_MAX_DEALS, equity, stud_deals  # numpy: on first use

    rules = rules_of(game.variant)
    if game.is_stud:
        deals = stud_deals([len(h) for h in holes], 52 - sum(map(len, holes)) - len(dead))
        if deals is None or deals > EXACT_MAX_DEALS:
            return None
        result = equity(game, list(holes), dead=dead, exact=True)
    else:
        result = equity(game, list(holes), board, dead=dead, exact=True)
    unit = math.lcm(*range(1, len(holes) + 1)) * (2 if rules.low_value is not None else 1)
    whole = result.deals * unit
    counts = [round(e * whole) for e in result.equity]
    if sum(counts) == whole and all(
        abs(e * whole - k) < 0.01 for e, k in zip(result.equity, counts, strict=True)
    ):
        return tuple(Fraction(k, whole) for k in counts)
    # Not expected: keep the floats' own values, made to add up to one.
    exact = [Fraction(e) for e in result.equity]
    total = sum(exact, Fraction(0))
    return tuple(e / total for e in exact)
