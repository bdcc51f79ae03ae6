"""Type stub of the compiled module ``croupier.hands`` (see hands.pyx).

``threads``: a numpy batch runs on at most that many threads of croupier's one pool
(``croupier._parallel``); None means every core this process may use, and a larger
number is clamped to that.
"""

from collections.abc import Sequence
from typing import Literal, SupportsIndex, overload

import numpy as np
import numpy.typing as npt

from croupier._ranking import Category as Category

# Text, or card codes: ints or numpy integers in 0..51 (croupier.cards.as_card).
Cards = str | Sequence[SupportsIndex]
CardArray = npt.NDArray[np.integer]
Kind = Literal[
    "high",
    "ace_to_five",
    "eight_or_better",
    "deuce_to_seven",
    "badugi",
    "short_deck",
    "short_deck_trips",
]
CategoryKind = Literal["high", "ace_to_five", "deuce_to_seven", "short_deck", "short_deck_trips"]

__all__ = [
    "Category",
    "ace_to_five_low",
    "badugi",
    "category",
    "describe",
    "deuce_to_seven_low",
    "eight_or_better_low",
    "high",
    "omaha_eight_or_better_low",
    "omaha_high",
    "short_deck_high",
]

@overload
def high(cards: Cards, *, threads: int | None = None) -> int: ...
@overload
def high(cards: CardArray, *, threads: int | None = None) -> npt.NDArray[np.uint16]: ...
@overload
def ace_to_five_low(cards: Cards, *, threads: int | None = None) -> int: ...
@overload
def ace_to_five_low(cards: CardArray, *, threads: int | None = None) -> npt.NDArray[np.uint16]: ...
@overload
def eight_or_better_low(cards: Cards, *, threads: int | None = None) -> int: ...
@overload
def eight_or_better_low(
    cards: CardArray, *, threads: int | None = None
) -> npt.NDArray[np.uint16]: ...
@overload
def deuce_to_seven_low(cards: Cards, *, threads: int | None = None) -> int: ...
@overload
def deuce_to_seven_low(
    cards: CardArray, *, threads: int | None = None
) -> npt.NDArray[np.uint16]: ...
@overload
def badugi(cards: Cards, *, threads: int | None = None) -> int: ...
@overload
def badugi(cards: CardArray, *, threads: int | None = None) -> npt.NDArray[np.uint16]: ...
@overload
def short_deck_high(
    cards: Cards, *, trips_beat_straight: bool = False, threads: int | None = None
) -> int: ...
@overload
def short_deck_high(
    cards: CardArray, *, trips_beat_straight: bool = False, threads: int | None = None
) -> npt.NDArray[np.uint16]: ...
@overload
def omaha_high(hole: Cards, board: Cards, *, threads: int | None = None) -> int: ...
@overload
def omaha_high(
    hole: CardArray, board: CardArray, *, threads: int | None = None
) -> npt.NDArray[np.uint16]: ...
@overload
def omaha_eight_or_better_low(hole: Cards, board: Cards, *, threads: int | None = None) -> int: ...
@overload
def omaha_eight_or_better_low(
    hole: CardArray, board: CardArray, *, threads: int | None = None
) -> npt.NDArray[np.uint16]: ...
@overload
def category(value: int, kind: CategoryKind = "high") -> Category: ...
@overload
def category(
    value: npt.NDArray[np.integer], kind: CategoryKind = "high"
) -> npt.NDArray[np.uint8]: ...
def describe(value: int, kind: Kind = "high") -> str:
    """Text of a hand value, e.g. 'Full house, kings over nines' or 'Seven-five low'."""
