"""Words for hand values (used by ``croupier.hands.describe``).

Ranks arrive as the evaluator's decode tables store them: for high,
short-deck and deuce-to-seven hands, rank codes (0 = deuce ... 12 = ace) most
significant first; for ace-low hands (ace-to-five, eight-or-better, badugi),
the ace-to-five rank minus one (0 = ace, 1 = deuce ... 12 = king).
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier._ranking import Category, rank_of_low

NAMES = (
    "deuce",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
    "ace",
)
PLURALS = (
    "deuces",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
)


def _code_of_low(r: int) -> int:
    """Rank code of an ace-to-five rank minus one (as the decode tables store lows)."""
    return rank_of_low(r + 1)


# One sentence per category (the branches look alike to the duplicates tool;
# each says its own words).
def describe_high(category: int, ranks: Sequence[int]) -> str:
    """``describe_high(6, [11, 7])`` -> ``'Full house, kings over nines'``."""
    a, b = ranks[0], ranks[1]
    if category == Category.STRAIGHT_FLUSH:
        return "Royal flush" if a == 12 else f"Straight flush, {NAMES[a]} high"
    if category == Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {PLURALS[a]}"
    if category == Category.FULL_HOUSE:
        return f"Full house, {PLURALS[a]} over {PLURALS[b]}"
    if category == Category.FLUSH:
        return f"Flush, {NAMES[a]} high"
    if category == Category.STRAIGHT:
        return f"Straight, {NAMES[a]} high"
    if category == Category.THREE_OF_A_KIND:
        return f"Three of a kind, {PLURALS[a]}"
    if category == Category.TWO_PAIR:
        return f"Two pair, {PLURALS[a]} and {PLURALS[b]}"
    if category == Category.PAIR:
        return f"Pair of {PLURALS[a]}"
    return f"High card, {NAMES[a]}"


def describe_low(ranks: Sequence[int]) -> str:
    """A no-pair low by its two highest cards: ``'Seven-five low'``."""
    top, second = (_code_of_low(r) for r in ranks[:2])
    return f"{NAMES[top].capitalize()}-{NAMES[second]} low"


def describe_ace_to_five(category: int, ranks: Sequence[int]) -> str:
    """An ace-to-five low: ``'Seven-five low'``, or its pairing: ``'Pair of fours'``."""
    if category == Category.HIGH_CARD:
        return describe_low(ranks)
    codes = [_code_of_low(r) for r in ranks]
    return describe_high(category, codes)


def describe_deuce_to_seven(category: int, ranks: Sequence[int]) -> str:
    """A deuce-to-seven hand: ``'Seven-five low'`` without a pair, straight or flush,
    else as a high hand: ``'Pair of deuces'``, ``'Straight, six high'``."""
    if category == Category.HIGH_CARD:
        return f"{NAMES[ranks[0]].capitalize()}-{NAMES[ranks[1]]} low"
    return describe_high(category, ranks)


SIZES = ("", "One-card hand", "Two-card hand", "Three-card hand", "Four-card badugi")


def describe_badugi(size: int, ranks: Sequence[int]) -> str:
    """A badugi hand by its size and two highest cards: ``'Four-card badugi, seven-five'``,
    ``'Three-card hand, four-three'``; one card: ``'One-card hand, king'``."""
    top = NAMES[_code_of_low(ranks[0])]
    if size == 1:
        return f"{SIZES[size]}, {top}"
    return f"{SIZES[size]}, {top}-{NAMES[_code_of_low(ranks[1])]}"
