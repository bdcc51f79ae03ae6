"""Cards as integer codes, and their text form.

A card is an ``int`` code in ``0..51``: ``code = 4 * rank + suit`` with rank
``0`` = deuce ... ``12`` = ace and suit ``0`` = clubs, ``1`` = diamonds,
``2`` = hearts, ``3`` = spades.  So ``2c`` is 0 and ``As`` is 51.

>>> parse_cards("As Kd 10h")
[51, 45, 34]
>>> format_cards([51, 45, 34])
'As Kd Th'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import SupportsIndex

RANKS = "23456789TJQKA"
SUITS = "cdhs"

__all__ = [
    "RANKS",
    "SUITS",
    "UNKNOWN_TEXT",
    "card_code",
    "card_texts",
    "format_card",
    "format_cards",
    "parse_cards",
    "rank_code",
]

UNKNOWN_TEXT = "??"
"""How an unknown card is written (hand histories, a hand's history lines)."""

# docs/rules.md §1: ranks in upper or lower case (and 10 for ten), suits in lower case.
_RANK_OF = (
    {r: i for i, r in enumerate(RANKS)} | {r.lower(): i for i, r in enumerate(RANKS)} | {"10": 8}
)
_SUIT_OF = {s: i for i, s in enumerate(SUITS)}


def rank_code(text: str) -> int | None:
    """The rank code (0 = deuce … 12 = ace) of a rank's text, or None.

    Upper or lower case, and ``10`` for ten.

    >>> rank_code("A"), rank_code("t"), rank_code("10"), rank_code("1")
    (12, 8, 8, None)
    """
    return _RANK_OF.get(text)


def card_code(token: str) -> int:
    """The code of one card written as rank + suit (``"As"``, ``"td"``, ``"10h"``).

    >>> card_code("2c"), card_code("As"), card_code("10h")
    (0, 51, 34)
    """
    rank_text, suit_text = token[:-1], token[-1:]
    rank = _RANK_OF.get(rank_text)
    suit = _SUIT_OF.get(suit_text)
    if rank is None or suit is None:
        raise ValueError(
            f"bad card {token!r}: expected a rank of {RANKS} (or 10) and a suit of {SUITS}"
        )
    return 4 * rank + suit


def parse_cards(text: str) -> list[int]:
    """Parse cards written together or apart: ``"AsKd"``, ``"As Kd"``, ``"as,kd"``.

    Ranks may be upper or lower case, ``10`` means ten; suits are ``c d h s``.

    Raises ``ValueError`` naming the first token that is not a card.  Repeats are
    not checked here (a deck or a hand evaluator does that).

    >>> parse_cards("AsKd qh 10c")
    [51, 45, 42, 32]
    >>> parse_cards("Ax")
    Traceback (most recent call last):
    ...
    ValueError: bad card 'Ax': expected a rank of 23456789TJQKA (or 10) and a suit of cdhs
    """
    if not isinstance(text, str):
        raise ValueError(f"cards must be given as a str, got {type(text).__name__}")
    codes: list[int] = []
    for chunk in text.replace(",", " ").split():
        i = 0
        while i < len(chunk):
            width = 3 if chunk.startswith("10", i) else 2
            token = chunk[i : i + width]
            if len(token) < width:
                raise ValueError(f"bad card {token!r}: incomplete card at the end of {chunk!r}")
            codes.append(card_code(token))
            i += width
    return codes


def format_card(code: SupportsIndex) -> str:
    """Text of one card code.

    >>> format_card(51)
    'As'
    """
    if isinstance(code, bool) or not hasattr(code, "__index__"):
        raise ValueError(f"card code must be an int in 0..51, got {code!r}")
    value = code.__index__()
    if not 0 <= value < 52:
        raise ValueError(f"card code must be an int in 0..51, got {code!r}")
    return RANKS[value >> 2] + SUITS[value & 3]


def card_texts(codes: Iterable[int | None]) -> list[str]:
    """Text of each card, ``??`` for an unknown one (``None`` or a negative code).

    >>> card_texts([51, None, -1, 0])
    ['As', '??', '??', '2c']
    """
    return [UNKNOWN_TEXT if c is None or c < 0 else format_card(c) for c in codes]


def format_cards(codes: Iterable[SupportsIndex]) -> str:
    """Text of several card codes, separated by spaces.

    >>> format_cards([0, 1, 2, 3])
    '2c 2d 2h 2s'
    """
    return " ".join(
        format_card(int(c)) if not isinstance(c, int) else format_card(c) for c in codes
    )
