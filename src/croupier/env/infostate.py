"""Information-state keys: what one player knows of a hand, as text (for tabular methods).

The key is the player's own cards, the board, the up cards of every seat in
stud games, and the public actions so far street by street, like
OpenSpiel's information-state strings: two hands a player cannot tell apart
have the same key.

>>> from croupier import LeducHoldem
>>> hand = LeducHoldem().start([10, 10], deck=[46, 39, 38])   # Kh, Js; the board Jh
>>> hand.raise_to(2); hand.call(); hand.check()
>>> info_state(hand, 1)
'Js|Jh|r2c/c'
"""

from __future__ import annotations

from croupier.cards import format_cards
from croupier.hand import Hand

__all__ = ["info_state"]

_LETTERS = {"cc": "c", "f": "f", "pb": "b"}


def info_state(hand: Hand, seat: int) -> str:
    """The information-state key of ``seat`` in ``hand`` (see the module's documentation).

    Fields are separated by ``|``: own cards, board, (stud) every seat's up
    cards separated by ``,``, and the betting:
    ``c`` check or call, ``f`` fold, ``b`` bring-in, ``r`` and the amount
    for a bet or raise to it (``cbr`` in PHH); a street ends with ``/``.
    streets separated by ``/``.
    """
    own = format_cards(hand.hole(seat)).replace(" ", "")
    board = format_cards(hand.board).replace(" ", "")
    parts = [own, board]
    if hand.game.is_stud:
        parts.append(
            ",".join(format_cards(hand.up_cards(s)).replace(" ", "") for s in range(hand.n_players))
        )
    betting: list[str] = []
    street = ""
    started = separated = False
    for action in hand.actions:
        kind = action.kind
        if action.actor is None:  # a deal: after any betting, a new street
            if started and not separated:
                betting.append(street)
                street, separated = "", True
            continue
        started, separated = True, False
        if kind == "cbr":
            street += f"r{action.amount}"
        elif kind in _LETTERS:
            street += _LETTERS[kind]
    if started and not separated:
        betting.append(street)
    parts.append("/".join(betting))
    return "|".join(parts)
