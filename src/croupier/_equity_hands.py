"""The hands of an equity request: specific cards, or a range (Texas Hold'em's
``croupier.ranges``, the Omaha games' ``croupier.omaha_ranges``), read and checked
once for ``croupier.equity`` and the command line.

>>> from croupier import POT_LIMIT, Omaha
>>> hand_of("AsAhKsKh", 0, 4, False, True), len(hand_of("AA**ds", 1, 4, False, True))
([51, 50, 47, 46], 864)
>>> twice([51, 50, 51], "hands")
Traceback (most recent call last):
...
ValueError: As is given twice (hands must differ)
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier._game import Game
from croupier.cards import as_cards, format_card, parse_cards
from croupier.omaha_ranges import OmahaRange, parse_omaha_range
from croupier.ranges import Range, parse_range
from croupier.variants import rules_of

__all__ = ["Cards", "cards_of", "hand_of", "is_holdem", "is_omaha", "twice"]

Cards = Sequence[int] | str


def cards_of(value: Cards, what: str) -> list[int]:
    """Card codes from text or numbers, read as everywhere (``croupier.cards.as_cards``)."""
    return as_cards(value, what)


def twice(cards: list[int], where: str) -> None:
    """ValueError naming a card that ``cards`` holds twice, if any."""
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise ValueError(f"{format_card(c)} is given twice ({where} must differ)")
        seen.add(c)


def hand_of(
    value: Cards | Range | OmahaRange, i: int, hole_count: int, holdem: bool, omaha: bool = False
) -> list[int] | Range | OmahaRange:
    """Specific cards (a list) or a range (Texas Hold'em, or the Omaha games' ranges of
    :mod:`croupier.omaha_ranges`), for hand ``i``."""
    if isinstance(value, Range):
        if not holdem:
            raise ValueError(f"hand {i + 1}: ranges are for Texas Hold'em")
        return value
    if isinstance(value, OmahaRange):
        if not omaha:
            raise ValueError(f"hand {i + 1}: Omaha ranges are for the Omaha games")
        return value
    if isinstance(value, str):
        try:
            cards = parse_cards(value)
        except ValueError:
            if omaha:
                return parse_omaha_range(value, hole_count)
            if not holdem:
                raise
            return parse_range(value)
    else:
        cards = cards_of(value, f"hand {i + 1}")
    if len(cards) != hole_count:
        raise ValueError(f"hand {i + 1} has {len(cards)} cards; the game deals {hole_count}")
    return list(cards)  # parse_cards and _cards give codes in 0..51


def is_omaha(game: Game) -> bool:
    """True for the games of Omaha's two-plus-three kernel (4 to 6 hole cards)."""
    return rules_of(game.variant).equity == "omaha" and game.streets[0].hole >= 4


def is_holdem(game: Game) -> bool:
    """True for the games of the Hold'em kernel (two hole cards, five on the board, high)."""
    return rules_of(game.variant).equity == "holdem"
