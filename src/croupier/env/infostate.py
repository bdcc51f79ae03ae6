"""Information-state keys: what one player knows of a hand, as text (for tabular methods).

The key is the player's own cards, the board, the up cards of every seat in
stud games, and the public actions so far street by street, like
OpenSpiel's information-state strings: two hands a player cannot tell apart
have the same key, and two it can tell apart have different keys.  In draw
games the actions include each draw: how many cards a seat threw, and for
the player's own draws which ones.

>>> from croupier import LeducHoldem
>>> hand = LeducHoldem().start([10, 10], deck=[46, 39, 38])   # Kh, Js; the board Jh
>>> hand.raise_to(2); hand.call(); hand.check()
>>> info_state(hand, 1)
'Js|Jh|r2c/c'
"""

from __future__ import annotations

from croupier.cards import card_texts, format_cards
from croupier.events import EventKind
from croupier.hand import Hand

__all__ = ["info_state"]

_LETTERS = {
    EventKind.CHECK: "c",
    EventKind.CALL: "c",
    EventKind.FOLD: "f",
    EventKind.BRING_IN: "b",
}


def info_state(hand: Hand, seat: int) -> str:
    """The information-state key of ``seat`` in ``hand`` (see the module's documentation).

    Fields are separated by ``|``: own cards, board, (stud) every seat's up
    cards separated by ``,``, and the actions:
    ``c`` check or call, ``f`` fold, ``b`` bring-in, ``r`` and the amount
    for a bet or raise to it (``cbr`` in PHH), ``d`` and the number of cards
    discarded for a draw (``d0``: stood pat; the player's own draw adds the
    cards, ``d2(Kh7c)``); ``/`` separates the streets (a street where no
    one acted, all-in, has no part).

    >>> from croupier import NO_LIMIT, FiveCardDraw
    >>> hand = FiveCardDraw(NO_LIMIT, (1, 2)).start([100, 100], seed=4)
    >>> hand.check_or_call(); hand.check_or_call(); hand.discard([3, 13]); hand.stand_pat()
    >>> info_state(hand, 0), info_state(hand, 1)
    ('3sKh2c9hJd||cc/d2(2s5d)d0', '8cTh4cJc6d||cc/d2d0')
    """
    own = format_cards(hand.hole(seat)).replace(" ", "")
    board = format_cards(hand.board).replace(" ", "")
    parts = [own, board]
    if hand.game.is_stud:
        parts.append(
            ",".join(format_cards(hand.up_cards(s)).replace(" ", "") for s in range(hand.n_players))
        )
    streets: dict[int, str] = {}  # the actions of each street where someone acted
    for event in hand.events:
        kind = event.kind
        if kind is EventKind.BET_RAISE:
            text = f"r{event.amount}"
        elif kind is EventKind.DRAW:
            text = f"d{len(event.cards)}"
            if event.seat == seat and event.cards:
                text += f"({''.join(card_texts(event.cards))})"
        elif kind in _LETTERS:
            text = _LETTERS[kind]
        else:
            continue
        streets[event.street] = streets.get(event.street, "") + text
    betting = list(streets.values())
    parts.append("/".join(betting))
    return "|".join(parts)
