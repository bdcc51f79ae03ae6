"""The cards a hand deals: a shuffle drawn from its seed, a deck given in order, or the
cards a dealer names (a hand history's), each checked when the hand starts.

>>> _shuffled(7, 5) == _shuffled(7, 5), len(_shuffled(None, 52))
(True, 52)
>>> _text(51), _text(-1)
('As', '??')
"""

from __future__ import annotations

import os

try:  # the C module behind hashlib.blake2b, without importing hashlib (and OpenSSL)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - other Pythons
    from hashlib import blake2b
from typing import TYPE_CHECKING

from croupier._deal_plan import deal_order
from croupier._event_records import _DEAL_BOARD, _DEAL_HOLE, _RUN
from croupier._shuffle import key_stream, order_by_keys
from croupier._validate import as_int, is_int
from croupier.cards import UNKNOWN

if TYPE_CHECKING:
    from collections.abc import Sequence

    from croupier._deal_plan import Game, _Plan
    from croupier.dealer import Dealer
    from croupier.variants import Street

DECK_SIZE = 52


def _text(card: int) -> str:
    return "??" if card == UNKNOWN else "23456789TJQKA"[card >> 2] + "cdhs"[card & 3]


def _key_material(seed: int | None) -> bytes:
    """The BLAKE2b key of a hand's shuffles: its seed's digits (random without a seed)."""
    if seed is None:
        return os.urandom(32)
    material = str(seed if type(seed) is int else as_int(seed, "seed")).encode()
    if len(material) > 64:
        material = blake2b(material).digest()
    return material


def _reshuffled(seed: int | None, index: int, cards: list[int]) -> list[int]:
    """``cards`` in an order drawn from the hand's seed: the stub of reshuffle ``index``.

    As ``_shuffled``: a 32-bit BLAKE2b key per card (keyed by the seed, with
    the reshuffle's number in each block), sorted; 16 keys a block.
    """
    counter = index.to_bytes(4, "little")
    stream = _key_stream(seed, b"croupier-draw", counter, (len(cards) + 15) >> 4)
    return order_by_keys(stream, list(cards), list(range(len(cards))), len(cards))


def _shuffled(seed: int | None, need: int, cards: Sequence[int] = range(52)) -> list[int]:
    """The top ``need`` cards of a shuffled deck of ``cards``, the same for the same ``seed``.

    Every card gets a 32-bit key from BLAKE2b (keyed by the seed, in counter
    mode) and the deck is sorted by key: a uniform shuffle (two equal keys,
    about 3 in 10 million decks, keep card order), faster than seeding a
    Mersenne Twister per hand, and the same on every platform.
    """
    deck = cards if type(cards) is list else list(cards)
    stream = _key_stream(seed, b"croupier-deck", b"", _DECK_BLOCKS)
    return order_by_keys(stream, deck, deck, need)  # keyed by card code


_DECK_BLOCKS = 4  # 64 keys: one for each card of a full deck


def _key_stream(seed: int | None, person: bytes, prefix: bytes, blocks: int) -> bytes:
    """``blocks`` 64-byte BLAKE2b digests of ``prefix`` + the block's counter, keyed by
    the seed (16 keys of 32 bits each): the key stream of the shuffles (in C:
    ``croupier._shuffle.key_stream``, hashlib's digests)."""
    return key_stream(_key_material(seed), person, prefix, blocks)


def _make_deck(
    game: Game, n: int, plan: _Plan, seed: int | None, deck: Sequence[int] | None, runs: int = 1
) -> list[int]:
    need, draws = plan[5], plan[3]
    if runs > 1:  # the boards of the other runs (the first run's deck is unchanged)
        need = min(len(game.deck), need + (runs - 1) * sum([s.board for s in game.streets[1:]]))
    cards_of_game = game.deck
    if deck is None:
        # Draw games: the whole deck, the stub of the draws (docs/rules.md §5.7).
        return _shuffled(seed, len(cards_of_game) if draws else need, plan[9])[::-1]
    else:
        if isinstance(deck, (str, bytes, dict, set, frozenset)) or not hasattr(deck, "__len__"):
            raise ValueError(
                f"deck must be a sequence of card codes (see croupier.parse_cards), got {deck!r}"
            )
        given = list(deck)  # read once
        cards = given
        if not all([type(c) is int and -1 <= c < 52 for c in given]):
            cards = []  # numpy integers, or a bad card: one by one
            for c in given:
                if not is_int(c) or not -1 <= c < 52:
                    raise ValueError(f"deck card {c!r} is not a card code 0..51 (or -1)")
                cards.append(as_int(c, "deck card"))
        # Draw games: the deck goes on with the draws' cards, where a card discarded
        # and reshuffled may come again (checked when dealt, §5.7).
        known = [c for c in (cards[:need] if draws else cards) if c != UNKNOWN]
        if len(set(known)) != len(known):
            raise ValueError("deck has a card twice")
        if len(cards_of_game) < 52:
            outside = [c for c in known if c not in cards_of_game]
            if outside:
                raise ValueError(f"deck card {outside[0]} is not in the {game.name} deck")
    if len(cards) < need:
        raise ValueError(f"the deck needs at least {need} cards for {n} players, has {len(cards)}")
    cards.reverse()  # deal by popping from the end
    return cards


def _streams_of(
    game: Game, n: int, draws: bool, dealer: Dealer
) -> tuple[tuple[tuple[int, ...], ...], list[int], tuple[tuple[int, ...], ...]]:
    """What ``dealer`` deals each seat and the board (read once and checked here), how
    many of each are dealt (none yet), and what each seat reveals at the end."""
    dealt, shows = dealer.read(n)
    if type(dealt) is not list or len(dealt) != n + 1 or type(shows) is not list or len(shows) != n:
        raise ValueError(
            f"Dealer.read({n}) must give a list of {n + 1} card sequences and a list of {n}"
        )
    streams: list[tuple[int, ...]] = []
    known: list[int] = []
    for seat in range(n + 1):
        cards = _dealer_cards(game, dealt[seat], seat, n)
        known += cards
        streams.append(cards)
    revealed: list[tuple[int, ...]] = []
    for seat in range(n):
        shown = shows[seat]
        if shown or (type(shown) is not tuple and type(shown) is not list):
            cards = _dealer_cards(game, shown, seat, n, "revealed cards")
            own = streams[seat]
            known += [c for c in cards if c not in own]
            revealed.append(cards)
        else:
            revealed.append(())
    # Draw games: a card discarded may be dealt again after a reshuffle (§5.7;
    # checked when it is dealt).
    if not draws:
        seen = [c for c in known if c != UNKNOWN]
        if len(set(seen)) != len(seen):
            for c in seen:
                if seen.count(c) > 1:
                    raise ValueError(f"the dealer deals {_text(c)} twice")
    return tuple(streams), [0] * (n + 1), tuple(revealed)


def _dealer_cards(
    game: Game, values: object, seat: int, n: int, what: str = "cards"
) -> tuple[int, ...]:
    """A dealer's answer for ``seat`` (``n``: the board) as a tuple of the game's card
    codes."""
    kind = type(values)
    if kind is not list and kind is not tuple:
        if isinstance(values, (str, bytes, dict, set, frozenset)) or not hasattr(values, "__len__"):
            raise ValueError(
                f"the dealer's {_whose(seat, n, what)} must be a sequence of card codes, "
                f"got {values!r}"
            )
        values = list(values)  # type: ignore[call-overload]
    cards: tuple[int, ...] = tuple(values)  # type: ignore[arg-type]
    for c in cards:
        if type(c) is not int or not -1 <= c < DECK_SIZE:
            return _dealer_cards_slowly(game, cards, seat, n, what)
    in_game = game.deck
    if len(in_game) < DECK_SIZE:
        for c in cards:
            if c != UNKNOWN and c not in in_game:
                raise ValueError(
                    f"the dealer's {_whose(seat, n, what)}: {_text(c)} is not in the "
                    f"{game.name} deck"
                )
    return cards


def _dealer_cards_slowly(
    game: Game, cards: tuple[object, ...], seat: int, n: int, what: str
) -> tuple[int, ...]:
    """Numpy integers are cards too; anything else is named in a ``ValueError``."""
    codes: list[int] = []
    for c in cards:
        if not is_int(c) or not -1 <= c < DECK_SIZE:  # type: ignore[operator]
            raise ValueError(
                f"the dealer's {_whose(seat, n, what)}: {c!r} is not a card code 0..51 (or -1)"
            )
        codes.append(as_int(c, "card"))
    return _dealer_cards(game, codes, seat, n, what)


def _whose(seat: int, n: int, what: str) -> str:
    return "board's cards" if seat == n else f"{what} of seat {seat}"


def _take(
    streams: tuple[tuple[int, ...], ...] | None, taken: list[int] | None, k: int, count: int
) -> list[int]:
    """The next ``count`` cards of a dealer's stream ``k`` (a seat, or ``n``: the
    board), unknown ones once it runs out; ``taken`` counts the cards dealt of each."""
    assert streams is not None and taken is not None
    stream = streams[k]
    p = taken[k]
    taken[k] = p + count
    if p + count <= len(stream):
        return [stream[p + j] for j in range(count)]
    return [stream[p + j] if p + j < len(stream) else UNKNOWN for j in range(count)]


def _deal_street(
    game: Game,
    street: Street,
    k: int,
    deck: list[int],
    streams: tuple[tuple[int, ...], ...] | None,
    taken: list[int] | None,
    folded: list[bool],
    holes: list[list[int]],
    up: list[list[int]],
    board: list[int],
    history: list[tuple[object, ...]],
) -> None:
    """Deal street ``k`` (``street``) of a hand: its cards go to the ``holes`` (and ``up``
    cards) of the seats still in and to the ``board``, from the ``deck`` (its end is
    its top) or a dealer's ``streams``, each recorded in ``history``."""
    n = len(folded)
    left = len(deck) if streams is None else DECK_SIZE
    seats: list[int] = []
    if street.hole or street.up:  # the players still in get cards
        seats = [i for i in range(n) if not folded[i]]
        if streams is not None and game.is_stud:  # the cards left (seventh street)
            left = len(game.deck) - len(board)
            for hole in holes:
                left -= len(hole)
    for seat, count in deal_order(street, seats, left):
        if streams is not None:
            cards = _take(streams, taken, n if seat is None else seat, count)
        else:
            cards = [deck.pop() for _ in range(count)]
        if seat is None:
            board.extend(cards)
            history.append((_DEAL_BOARD, None, k, None, cards))
        else:
            holes[seat].extend(cards)
            if street.up:
                up[seat].extend(cards[street.hole :])
            history.append((_DEAL_HOLE, seat, k, None, cards))


def _run_boards(
    game: Game,
    start: int,
    last: int,
    runs: int,
    shared: list[int],
    deck: list[int],
    streams: tuple[tuple[int, ...], ...] | None,
    taken: list[int] | None,
    history: list[tuple[object, ...]],
) -> tuple[list[int], ...]:
    """Run it N times (docs/rules.md §6.11): the boards of the runs after the first.  The
    board after the last betting round (street ``start``) is dealt again for each,
    from the same deck (or the dealer's board stream); the cards already out
    (``shared``) are every run's."""
    streets = game.streets
    boards: tuple[list[int], ...] = ()
    for run in range(2, runs + 1):
        history.append((_RUN, None, last, run, None))
        board = list(shared)
        for k in range(start + 1, last + 1):
            count = streets[k].board
            if count:
                if streams is not None:
                    cards = _take(streams, taken, len(streams) - 1, count)
                else:
                    cards = [deck.pop() if deck else UNKNOWN for _ in range(count)]
                board.extend(cards)
                history.append((_DEAL_BOARD, None, k, None, cards))
        boards += (board,)
    return boards


def _stub_draw(
    k: int, deck: list[int], muck: list[int], seed: int | None, reshuffles: int
) -> tuple[list[int], int]:
    """A seeded hand's draw of ``k`` cards from its stub ``deck`` (its end is its top),
    and how many reshuffles there were since.  A stub that cannot serve the draw is
    first shuffled with the ``muck`` (not the cards just thrown) into a new stub,
    drawn from the seed (§5.7), and the muck is emptied."""
    if len(deck) < k:
        deck.extend(muck)
        deck[:] = _reshuffled(seed, reshuffles, deck)
        reshuffles += 1
        muck.clear()
    new = deck[-k:]
    del deck[-k:]
    new.reverse()
    return new, reshuffles
