"""Cards as integer codes, and their text form.

A card is an ``int`` code in ``0..51``: ``code = 4 * rank + suit`` with rank
``0`` = deuce ... ``12`` = ace and suit ``0`` = clubs, ``1`` = diamonds,
``2`` = hearts, ``3`` = spades.  So ``2c`` is 0 and ``As`` is 51.

>>> parse_cards("As Kd 10h")
[51, 45, 34]
>>> format_cards([51, 45, 34])
'As Kd Th'

Card codes given as numbers are read the same way by every public call
(``as_card``, ``as_cards``, ``as_card_array``): a Python ``int`` or a numpy
integer in ``0..51`` is a card; a bool (``True`` is no card, though numpy
before 2.4 reads ``numpy.True_`` as 1), a float (even ``51.0``), a string of
digits (``"43"``), a one-element array or a masked array is a
``ValueError`` that names the value.

>>> as_cards([51, 45])
[51, 45]
>>> as_card(51.9)
Traceback (most recent call last):
...
ValueError: card: a card code must be an integer in 0..51, got float 51.9
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, SupportsIndex, cast

from croupier._validate import as_int, as_sequence, int_array, is_bool, shown

if TYPE_CHECKING:
    import numpy.typing as npt

RANKS = "23456789TJQKA"
SUITS = "cdhs"

__all__ = [
    "RANKS",
    "SUITS",
    "UNKNOWN",
    "UNKNOWN_TEXT",
    "as_card",
    "as_card_array",
    "as_cards",
    "card_code",
    "card_texts",
    "format_card",
    "format_cards",
    "parse_cards",
    "rank_code",
]

UNKNOWN = -1
"""The code of a card nobody saw (a hand history's ``??``): the one unknown-card
value of the engine, its events, hand histories and replay."""

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
    if not isinstance(text, str):
        raise ValueError(f"a rank must be given as a str, got {type(text).__name__}")
    return _RANK_OF.get(text)


def card_code(token: str) -> int:
    """The code of one card written as rank + suit (``"As"``, ``"td"``, ``"10h"``).

    >>> card_code("2c"), card_code("As"), card_code("10h")
    (0, 51, 34)
    """
    if not isinstance(token, str):
        raise ValueError(f"a card must be given as a str, got {type(token).__name__}")
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
                raise ValueError(
                    f"bad card {token!r}: incomplete card at the end of {shown(chunk)}"
                )
            codes.append(card_code(token))
            i += width
    return codes


def format_card(code: SupportsIndex) -> str:
    """Text of one card code (read as ``as_card``).

    >>> format_card(51)
    'As'
    """
    value = as_card(code, "card")
    return RANKS[value >> 2] + SUITS[value & 3]


def card_texts(codes: Iterable[SupportsIndex]) -> list[str]:
    """Text of each card, ``??`` for an unknown one (:data:`UNKNOWN`, or any negative code).

    >>> card_texts([51, UNKNOWN, 0])
    ['As', '??', '2c']
    """
    return [
        UNKNOWN_TEXT
        if (type(c) is int and c < 0) or (_integer(c) and as_int(c, "card") < 0)
        else format_card(cast(SupportsIndex, c))
        for c in as_sequence(codes, "cards")
    ]


def format_cards(codes: Iterable[SupportsIndex]) -> str:
    """Text of several card codes (read as ``as_cards``), separated by spaces.

    >>> format_cards([0, 1, 2, 3])
    '2c 2d 2h 2s'
    """
    return " ".join(RANKS[c >> 2] + SUITS[c & 3] for c in as_cards(codes, "cards"))


# ---------------------------------------------------------------- card codes as numbers


def _integer(value: object) -> bool:
    """An integer type other than int and bool (numpy integers, ...)."""
    return type(value) is not int and not is_bool(value) and hasattr(type(value), "__index__")


def as_card(value: object, what: str = "card") -> int:
    """The code of one card given as a number: an int or numpy integer in 0..51.

    ``what`` names the input in the ``ValueError`` for anything else.

    >>> import numpy as np
    >>> as_card(51), as_card(np.uint8(7))
    (51, 7)
    >>> as_card(True, "board")
    Traceback (most recent call last):
    ...
    ValueError: board: a card code must be an integer in 0..51, got the bool True
    >>> as_card(52)
    Traceback (most recent call last):
    ...
    ValueError: card: card code 52 is outside 0..51
    """
    if type(value) is not int:
        if is_bool(value):
            raise ValueError(
                f"{what}: a card code must be an integer in 0..51, got the bool {shown(value)}"
            )
        try:
            value = as_int(value, what)
        except ValueError:
            raise ValueError(
                f"{what}: a card code must be an integer in 0..51, "
                f"got {type(value).__name__} {shown(value)}"
            ) from None
    if 0 <= value <= 51:
        return value
    raise ValueError(f"{what}: card code {shown(value)} is outside 0..51")


def as_cards(values: object, what: str = "cards") -> list[int]:
    """Card codes from text (``parse_cards``), a sequence of codes or a 1-d integer array.

    The sequence is read once (``croupier._validate.as_sequence``), each item
    with ``as_card``.  Repeats are not checked here.

    >>> import numpy as np
    >>> as_cards("As Kd"), as_cards((51, 45)), as_cards(np.array([51, 45], dtype=np.int8))
    ([51, 45], [51, 45], [51, 45])
    >>> as_cards([51, "43"], "hand 1")
    Traceback (most recent call last):
    ...
    ValueError: hand 1: a card code must be an integer in 0..51, got str '43'
    """
    if isinstance(values, str):
        return parse_cards(values)
    np = sys.modules.get("numpy")
    if np is not None and isinstance(values, np.ndarray):
        array = as_card_array(values, what)
        if array.ndim != 1:
            raise ValueError(
                f"{what}: cards are one axis of codes, got an array of shape {array.shape}"
            )
        items: Iterable[object] = array.tolist()
    else:
        items = as_sequence(values, what, "a str or a sequence of card codes")
    return [as_card(v, what) for v in items]


def as_card_array(values: object, what: str = "cards") -> npt.NDArray[Any]:
    """A numpy array of card codes as a plain ``ndarray`` of an integer dtype (any byte
    order and layout: ``croupier._validate.int_array``); values are not checked here.

    >>> import numpy as np
    >>> as_card_array(np.array([51, 50], dtype=np.uint16)).dtype
    dtype('uint16')
    >>> as_card_array(np.ma.array([51, 50], mask=[0, 1]))
    Traceback (most recent call last):
    ...
    ValueError: cards: masked arrays are not read (their masked entries are no input); \
pass .filled(...) or .compressed()
    """
    return int_array(values, what)
