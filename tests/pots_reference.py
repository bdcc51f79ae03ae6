"""Slow, plain-Python reference for side pots and settlement (docs/rules.md §6).

Written straight from the rules, with no attention to speed, to check the
Cython kernel of ``croupier.pots`` against.  Two independent procedures:

* ``settle``: the dealer's method (seed 001, and seed 002's "dealer view"):
  give back the uncalled chips, cut layers at every amount anyone put in,
  keep as pots the layers someone still in can win (merging neighbours with
  the same eligible players), give every other layer back to the players
  who put it in (nobody still in contested it), and award each pot to its
  best hands;
* ``award_by_opponents``: seed 002's player-by-player method for a strict
  order of hands (no ties, no hi/lo): the best hand takes from every other
  player up to what they still have in front of them, capped by what the
  winner still has in, then the next best does the same, and so on; a
  player who has been paid keeps their own chips (no weaker hand can take
  them), and whatever is left at the end is given back.

Amounts are Python ints of any size (the kernel's exact path beyond 64 bits
is checked against these functions too).  ``dead`` money (docs/rules.md §6.5) is
nobody's bet: it joins the main pot for every player still in.
"""

from __future__ import annotations

from collections.abc import Sequence

Pot = tuple[int, tuple[int, ...]]  # (amount, eligible seats)


def uncalled(contributions: Sequence[int]) -> tuple[int, int] | None:
    """(seat, amount) of the part of the largest contribution nobody else matched."""
    if len(contributions) == 0:
        return None
    top = max(contributions)
    at_top = [i for i, c in enumerate(contributions) if c == top]
    if top == 0 or len(at_top) > 1:
        return None
    seat = at_top[0]
    others = [c for i, c in enumerate(contributions) if i != seat]
    second = max(others) if others else 0
    return (seat, top - second)


def layers(
    contributions: Sequence[int], folded: Sequence[bool], dead: int = 0
) -> tuple[list[Pot], list[int]]:
    """(pots, chips given back per seat): main pot first; the uncalled chips are in no pot."""
    n = len(contributions)
    put = list(contributions)
    returned = [0] * n
    back = uncalled(contributions)
    if back is not None:
        put[back[0]] -= back[1]
        returned[back[0]] += back[1]
    still_in = [i for i in range(n) if not folded[i]]

    # Cut a layer at every distinct amount anyone put in, smallest first.  The
    # layer (below, level] takes from each player the part of their chips in it.
    pots: list[Pot] = []
    below = 0
    for level in sorted(set(put)):
        if level == 0:
            continue
        part = [max(0, min(c, level) - below) for c in put]
        eligible = tuple(i for i in still_in if put[i] >= level)
        if not eligible:
            # Nobody still in reached this layer: every player who put chips
            # into it folded.  Nobody wins it; each gets their own part back.
            for i in range(n):
                returned[i] += part[i]
        elif pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + sum(part), eligible)
        else:
            pots.append((sum(part), eligible))
        below = level
    if dead:
        # Dead money is in the main pot, which every player still in may win;
        # if the main pot is not open to all of them (one put in no live
        # chips), the dead money is a pot of its own before it.
        everyone = tuple(still_in)
        if pots and pots[0][1] == everyone:
            pots[0] = (pots[0][0] + dead, everyone)
        else:
            pots.insert(0, (dead, everyone))
    return pots, returned


def side_pots(contributions: Sequence[int], folded: Sequence[bool], dead: int = 0) -> list[Pot]:
    """Main pot first, then side pots; chips given back are in none of them."""
    return layers(contributions, folded, dead)[0]


def returned(contributions: Sequence[int], folded: Sequence[bool]) -> list[int]:
    """Chips each seat gets back: the uncalled part and layers nobody still in contested."""
    return layers(contributions, folded)[1]


def split(amount: int, winners: Sequence[int], payouts: list[int]) -> None:
    """Equal shares; the odd chips one at a time to the lowest seats first."""
    seats = sorted(winners)
    for seat in seats:
        payouts[seat] += amount // len(seats)
    for k in range(amount % len(seats)):
        payouts[seats[k]] += 1


def best(values: Sequence[int], seats: Sequence[int]) -> list[int]:
    top = max(values[i] for i in seats)
    return [i for i in seats if values[i] == top]


def settle(
    contributions: Sequence[int],
    folded: Sequence[bool],
    high: Sequence[int],
    low: Sequence[int] | None = None,
    dead: int = 0,
) -> tuple[list[Pot], tuple[int, int] | None, list[int], list[list[int]]]:
    """(pots, uncalled, payouts, shares per pot)."""
    n = len(contributions)
    pots, payouts = layers(contributions, folded, dead)
    back = uncalled(contributions)
    shares = []
    for amount, eligible in pots:
        row = [0] * n
        with_low = [i for i in eligible if low is not None and low[i] > 0]
        if low is not None and with_low:
            low_half = amount // 2
            high_half = amount - low_half  # the odd chip goes to the high half
            split(low_half, best(low, with_low), row)
            split(high_half, best(high, eligible), row)
        else:
            split(amount, best(high, eligible), row)
        shares.append(row)
        for i in range(n):
            payouts[i] += row[i]
    return pots, back, payouts, shares


def award(
    contributions: Sequence[int],
    folded: Sequence[bool],
    high: Sequence[int],
    low: Sequence[int] | None = None,
    dead: int = 0,
) -> list[int]:
    return settle(contributions, folded, high, low, dead)[2]


def award_by_opponents(
    contributions: Sequence[int], folded: Sequence[bool], high: Sequence[int]
) -> list[int]:
    """Seed 002's procedure, for hands whose high values are all different.

    Whatever no player still in could take (the uncalled chips, and chips
    above everyone still in) is left in front of its owner and given back.
    """
    n = len(contributions)
    left = list(contributions)  # what each player still has in front of them
    got = [0] * n
    still_in = [i for i in range(n) if not folded[i]]
    for winner in sorted(still_in, key=lambda i: high[i], reverse=True):
        cap = left[winner]
        for other in range(n):
            if other != winner:
                take = min(cap, left[other])
                left[other] -= take
                got[winner] += take
        # The winner's own chips stay theirs; nobody weaker can take them.
        got[winner] += left[winner]
        left[winner] = 0
    return [got[i] + left[i] for i in range(n)]
