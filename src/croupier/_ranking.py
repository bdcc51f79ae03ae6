"""The vocabulary of hand ranking, defined once: categories and the ace-to-five rank.

Pure Python with no imports from croupier, so that the table generator
(``tools/gen_tables.py``, run at build time before croupier exists) loads this
file by its path and builds the tables with the same definitions that
``croupier.hands`` (``Category``), the words of ``describe`` and the stud
games use.

>>> Category.FULL_HOUSE, low_rank(12), rank_of_low(1)
(<Category.FULL_HOUSE: 6>, 1, 12)
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["Category", "low_rank", "rank_of_low"]


class Category(IntEnum):
    """Category of a high hand, weakest first (``croupier.hands.category(value)``).

    For an ace-to-five low, ``HIGH_CARD`` means no pair and the others name
    its pairing (``PAIR`` … ``FOUR_OF_A_KIND``).

    >>> Category.FLUSH > Category.STRAIGHT, Category(6).name
    (True, 'FULL_HOUSE')
    """

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


def low_rank(rank: int) -> int:
    """Ace-to-five rank of a rank code (0 = deuce … 12 = ace): ace 1, deuce 2 … king 13."""
    return 1 if rank == 12 else rank + 2


def rank_of_low(low: int) -> int:
    """The rank code of an ace-to-five rank (the inverse of ``low_rank``)."""
    return 12 if low == 1 else low - 2
