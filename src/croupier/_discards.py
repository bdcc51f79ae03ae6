"""A draw's discards (docs/rules.md §5.7): read from text or card codes and checked
against the hand that throws them and the cards that replace them.

>>> _parse_discards("Kh 7c, ??")
[46, 20, -1]
>>> _discard_codes(0, "Kh", [46, 20], 5)
[46]
>>> _discard_codes(0, [21], [46, 20], 5)
Traceback (most recent call last):
...
croupier.errors.IllegalAction: seat 0 cannot discard 7d: it does not hold it
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier._deck import DECK_SIZE, _text
from croupier._validate import as_int, is_int
from croupier.cards import UNKNOWN, UNKNOWN_TEXT, parse_cards
from croupier.errors import IllegalAction

if TYPE_CHECKING:
    from collections.abc import Sequence


def _discard_codes(i: int, cards: object, hole: list[int], free: int) -> list[int]:
    """The codes of the cards seat ``i`` discards from its ``hole`` cards, checked
    (IllegalAction): at most the ``free`` cards a draw can be served from (§5.7)."""
    if type(cards) is list or type(cards) is tuple:
        codes = list(cards)
    elif isinstance(cards, str):
        codes = _parse_discards(cards)
    else:
        if isinstance(cards, (bytes, dict, set, frozenset)) or not hasattr(cards, "__iter__"):
            raise IllegalAction(
                f"seat {i} discards cards: text or a sequence of card codes, got {cards!r}"
            )
        codes = list(cards)
    unknown = 0
    seen = 0  # a bit per card code
    for k in range(len(codes)):
        c = codes[k]
        if type(c) is not int or c < 0 or c >= DECK_SIZE:
            c = codes[k] = _discard_code(c)
            if c == UNKNOWN:
                unknown += 1
                continue
        bit = 1 << c
        if seen & bit:
            raise IllegalAction(f"seat {i} cannot discard {_text(c)} twice")
        seen |= bit
        if c not in hole:
            raise IllegalAction(f"seat {i} cannot discard {_text(c)}: it does not hold it")
    if unknown and unknown > hole.count(UNKNOWN):
        raise IllegalAction(
            f"seat {i} cannot discard {unknown} unknown cards: it holds {hole.count(UNKNOWN)}"
        )
    if len(codes) > free:
        raise IllegalAction(
            f"seat {i} cannot draw {len(codes)} cards: the stub and the discards "
            f"hold {free} (docs/rules.md §5.7)"
        )
    return codes


def _check_given_deal(
    i: int,
    discards: list[int],
    deck: list[int],
    streams: tuple[tuple[int, ...], ...] | None,
    dealt: list[int] | None,
    folded: list[bool],
    holes: list[list[int]],
) -> None:
    """A given deck's (or dealer's: ``streams``, of which ``dealt`` cards are out) next
    cards may not be held by a seat still in, or be ``discards`` (§5.7)."""
    k, n = len(discards), len(folded)
    if streams is not None:
        assert dealt is not None
        coming: Sequence[int] = streams[i][dealt[i] : dealt[i] + k]
    else:
        coming = [deck[-1 - m] for m in range(min(k, len(deck)))]
    taken = set(discards)
    for j in range(n):
        if not folded[j]:
            taken.update(holes[j])
    for m, c in enumerate(coming):
        if c == UNKNOWN:
            continue
        if c in discards:
            raise IllegalAction(
                f"the deck deals {_text(c)} back to seat {i}, which has just discarded it"
            )
        if c in taken or c in coming[:m]:
            holder = i  # the seat still in that holds it
            for j in range(n):
                if not folded[j] and c in holes[j]:
                    holder = j
                    break
            raise IllegalAction(
                f"the deck deals {_text(c)} to seat {i}, but seat {holder} holds it"
            )


def _discard_code(card: object) -> int:
    """One discarded card given as a number: a code 0..51, or ``-1`` (unknown)."""
    if is_int(card):
        code = as_int(card, "card")
        if -1 <= code < DECK_SIZE:
            return code
    raise IllegalAction(f"a discarded card must be a card code 0..51 (or -1), got {card!r}")


def _parse_discards(text: str) -> list[int]:
    """Discards written as text; ``??`` is an unknown card (a hand history)."""
    codes: list[int] = []
    for chunk in text.replace(",", " ").split():
        rest = chunk
        while rest:
            cut = rest.find(UNKNOWN_TEXT)
            if cut < 0:
                cut = len(rest)
            try:
                codes.extend(parse_cards(rest[:cut]))
            except ValueError as exc:
                raise IllegalAction(f"cannot discard {text!r}: {exc}") from None
            if cut < len(rest):
                codes.append(UNKNOWN)
            rest = rest[cut + len(UNKNOWN_TEXT) :]
    return codes


def _free_cards(in_game: Sequence[int], folded: list[bool], holes: list[list[int]]) -> int:
    """The cards of the game (``in_game``) that no player still in holds: what a draw can
    be served from (§5.7)."""
    held = 0
    for j in range(len(folded)):
        if not folded[j]:
            held += len(holes[j])
    return len(in_game) - held
