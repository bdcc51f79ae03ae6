"""Games as data: streets, cards, forced bets and hand values on one shared engine.

A :class:`Game` says what is dealt on each street, which forced bets are
posted, how a hand is valued at showdown and which betting structure applies.
``Game.start`` deals a :class:`croupier.hand.Hand` that enforces the rules.

>>> from croupier import NO_LIMIT, TexasHoldem
>>> game = TexasHoldem(NO_LIMIT, blinds=(1, 2))
>>> hand = game.start([200, 200, 200], seed=7)
>>> hand.actor, hand.to_call, hand.min_raise_to, hand.max_raise_to
(2, 2, 4, 200)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from croupier import hands
from croupier.structures import FIXED_LIMIT, Structure

if TYPE_CHECKING:
    from croupier.hand import Hand

__all__ = [
    "CourchevelHiLo",
    "Game",
    "Omaha",
    "OmahaHiLo",
    "Razz",
    "SevenCardStud",
    "SevenCardStudHiLo",
    "Street",
    "TexasHoldem",
]

Cards = tuple[int, ...]
Evaluator = Callable[[Cards, Cards], int]


@dataclass(frozen=True, slots=True)
class Street:
    """One betting round and the cards dealt before it.

    ``hole``: cards each player still in gets face down; ``up``: face up
    (stud); ``board``: community cards; ``big_bet``: fixed-limit rounds that
    use the big bet.
    """

    name: str
    hole: int = 0
    board: int = 0
    big_bet: bool = False
    up: int = 0


def holdem_high(hole: Cards, board: Cards) -> int:
    """Best five of hole + board (Hold'em): ``croupier.hands.high``."""
    return hands.high(hole + board)


@dataclass(frozen=True, slots=True)
class Game:
    """A poker game: streets, forced bets, structure and showdown values.

    ``value`` gives each player's hand value at showdown (larger wins);
    ``low_value``, for hi/lo games, the low half's value (0 = no low).

    Forced bets: ``blinds=(small, big)`` are posted by seats 0 and 1 (heads-up:
    the button, seat 1, posts the small blind); ``straddles`` by the seats after
    the big blind.  ``antes`` is what every player antes, or, with
    ``big_blind_ante``, what the big blind pays for the whole table.  Any
    table can instead give ``seat_blinds`` and ``antes`` per seat (as PHH files
    do; a negative blind is posted dead).  Fixed limit needs
    ``bets=(small, big)``; no- and pot-limit open at ``opening_bet`` (default:
    the big blind).
    """

    name: str
    structure: Structure
    streets: tuple[Street, ...]
    value: Evaluator
    low_value: Evaluator | None = None
    blinds: tuple[int, ...] = ()
    straddles: tuple[int, ...] = ()
    antes: int | tuple[int, ...] = 0
    big_blind_ante: bool = False
    seat_blinds: tuple[int, ...] | None = None
    opening_bet: int | None = None
    bets: tuple[int, int] | None = None
    cap: int = 4
    min_players: int = 2
    max_players: int = 10
    bring_in: int = 0
    bring_in_key: Callable[[int], tuple[int, ...]] | None = None
    board_key: Callable[[Cards], tuple[int, ...]] | None = None
    extra: dict[str, object] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        for name, amounts in (("blinds", self.blinds), ("straddles", self.straddles)):
            for a in amounts:
                _check_amount(f"{name} entry", a)
        for a in self.antes if isinstance(self.antes, tuple) else (self.antes,):
            _check_amount("antes", a)
        if self.seat_blinds is not None:
            for a in self.seat_blinds:
                _check_amount("seat_blinds entry", abs(a) if type(a) is int else a)
        elif self.bring_in_key is not None:
            _check_amount("bring_in", self.bring_in, positive=True)
            if self.structure is not FIXED_LIMIT:
                raise ValueError("stud games here are fixed limit (bring-in and completion)")
            if self.bets is not None and self.bring_in >= self.bets[0]:
                raise ValueError(
                    f"the bring-in ({self.bring_in}) must be less than the small bet "
                    f"({self.bets[0]}): the bring-in seat may complete up to it"
                )
        elif len(self.blinds) != 2 or self.blinds[1] <= 0:
            raise ValueError(
                f"blinds must be (small, big) with a positive big blind, got {self.blinds!r}"
            )
        if self.opening_bet is not None:
            _check_amount("opening_bet", self.opening_bet, positive=True)
        if self.structure is FIXED_LIMIT:
            if self.bets is None:
                raise ValueError("fixed limit needs bets=(small, big)")
            for a in self.bets:
                _check_amount("bets entry", a, positive=True)
        elif self.min_bet <= 0:
            raise ValueError("no- and pot-limit need a positive big blind or opening_bet")
        if self.cap < 1:
            raise ValueError(f"cap must be at least 1, got {self.cap}")

    @property
    def min_bet(self) -> int:
        """The smallest bet of a no- or pot-limit round: the big blind unless ``opening_bet``.

        (Pre-flop a straddle raises the opening bet of that round only.)
        """
        if self.opening_bet is not None:
            return self.opening_bet
        if self.seat_blinds is not None:
            return max(self.seat_blinds[:2], default=0)  # small and big blind seats
        if not self.blinds:
            return self.bets[0] if self.bets else 0
        return self.blinds[1]

    def forced_bets(self, n: int) -> tuple[list[int], list[int]]:
        """Per seat of an ``n``-handed table: the ante, and the blind (negative: dead).

        >>> from croupier import NO_LIMIT, TexasHoldem
        >>> TexasHoldem(NO_LIMIT, (1, 2), antes=1, big_blind_ante=True).forced_bets(4)
        ([0, 1, 0, 0], [1, 2, 0, 0])
        >>> TexasHoldem(NO_LIMIT, (1, 2)).forced_bets(2)  # heads-up: the button posts the SB
        ([0, 0], [2, 1])
        """
        if isinstance(self.antes, tuple):
            if len(self.antes) != n:
                raise ValueError(f"antes has {len(self.antes)} entries for {n} players")
            antes = list(self.antes)
        elif self.big_blind_ante:
            antes = [0] * n
            antes[0 if n == 2 else 1] = self.antes
        else:
            antes = [self.antes] * n
        if self.seat_blinds is not None:
            if len(self.seat_blinds) != n:
                raise ValueError(f"seat_blinds has {len(self.seat_blinds)} entries for {n} players")
            blinds = list(self.seat_blinds)
        elif not self.blinds:
            blinds = [0] * n
        elif n == 2:
            blinds = [self.blinds[1], self.blinds[0]]
        else:
            blinds = [self.blinds[0], self.blinds[1], *self.straddles[: n - 2]]
            blinds += [0] * (n - len(blinds))
        return antes, blinds

    def unit(self, street: int) -> int:
        """The fixed-limit bet size of a street (``bets[0]`` or ``bets[1]``)."""
        assert self.bets is not None
        return self.bets[1] if self.streets[street].big_bet else self.bets[0]

    def start(
        self,
        stacks: Sequence[int],
        seed: int | None = None,
        deck: Sequence[int] | None = None,
        bring_in_seat: int | None = None,
    ) -> Hand:
        """Deal a new hand: a shuffle from ``seed``, or the given ``deck`` order.

        ``deck`` lists the cards from the top: each street deals the hole cards
        player by player from seat 0 (all of one player's cards together),
        then the board cards; no burn cards.  Any card may be ``-1``
        (unknown): hands whose showdown depends on one are left unsettled.
        ``bring_in_seat`` names the stud bring-in when unknown up cards hide it
        (a hand history); otherwise it must agree with the rules.
        """
        from croupier.hand import Hand

        return Hand(self, stacks, seed=seed, deck=deck, bring_in_seat=bring_in_seat)


def _check_amount(name: str, value: object, positive: bool = False) -> None:
    if type(value) is not int:
        raise ValueError(f"{name} must be an int number of chips, got {value!r}")
    if value < 0 or (positive and value == 0):
        raise ValueError(
            f"{name} must be {'positive' if positive else 'non-negative'}, got {value}"
        )


HOLDEM_STREETS = (
    Street("preflop", hole=2),
    Street("flop", board=3),
    Street("turn", board=1, big_bet=True),
    Street("river", board=1, big_bet=True),
)


def _blind_game(
    name: str,
    streets: tuple[Street, ...],
    value: Evaluator,
    low_value: Evaluator | None,
    max_players: int,
    structure: Structure,
    blinds: tuple[int, int],
    antes: int | tuple[int, ...],
    big_blind_ante: bool,
    straddles: Sequence[int],
    bets: tuple[int, int] | None,
    cap: int,
    seat_blinds: Sequence[int] | None,
    opening_bet: int | None,
) -> Game:
    return Game(
        name=name,
        structure=structure,
        streets=streets,
        value=value,
        low_value=low_value,
        blinds=tuple(blinds),
        straddles=tuple(straddles),
        antes=antes,
        big_blind_ante=big_blind_ante,
        bets=bets,
        cap=cap,
        seat_blinds=None if seat_blinds is None else tuple(seat_blinds),
        opening_bet=opening_bet,
        max_players=max_players,
    )


def TexasHoldem(
    structure: Structure,
    blinds: tuple[int, int] = (1, 2),
    *,
    antes: int | tuple[int, ...] = 0,
    big_blind_ante: bool = False,
    straddles: Sequence[int] = (),
    bets: tuple[int, int] | None = None,
    cap: int = 4,
    seat_blinds: Sequence[int] | None = None,
    opening_bet: int | None = None,
) -> Game:
    """Texas Hold'em with any betting structure.

    >>> from croupier import FIXED_LIMIT
    >>> TexasHoldem(FIXED_LIMIT, (1, 2), bets=(2, 4)).name
    "Texas Hold'em"
    """
    return _blind_game(
        "Texas Hold'em",
        HOLDEM_STREETS,
        holdem_high,
        None,
        23,
        structure,
        blinds,
        antes,
        big_blind_ante,
        straddles,
        bets,
        cap,
        seat_blinds,
        opening_bet,
    )


def omaha_value(hole: Cards, board: Cards) -> int:
    """Best high with exactly two hole and three board cards (``hands.omaha_high``)."""
    return hands.omaha_high(hole, board)


def omaha_low_value(hole: Cards, board: Cards) -> int:
    """Best eight-or-better low, two hole and three board cards (0 = no low)."""
    return hands.omaha_eight_or_better_low(hole, board)


def _omaha_streets(hole: int) -> tuple[Street, ...]:
    return (Street("preflop", hole=hole), *HOLDEM_STREETS[1:])


def Omaha(
    structure: Structure,
    blinds: tuple[int, int] = (1, 2),
    *,
    hole_cards: int = 4,
    antes: int | tuple[int, ...] = 0,
    big_blind_ante: bool = False,
    straddles: Sequence[int] = (),
    bets: tuple[int, int] | None = None,
    cap: int = 4,
    seat_blinds: Sequence[int] | None = None,
    opening_bet: int | None = None,
) -> Game:
    """Omaha: four (or five) hole cards, exactly two of them with three of the board.

    >>> from croupier import POT_LIMIT
    >>> Omaha(POT_LIMIT, (1, 2)).streets[0]
    Street(name='preflop', hole=4, board=0, big_bet=False, up=0)
    """
    if hole_cards not in (4, 5, 6):
        raise ValueError(f"Omaha deals 4, 5 or 6 hole cards, not {hole_cards}")
    return _blind_game(
        "Omaha" if hole_cards == 4 else f"{hole_cards}-card Omaha",
        _omaha_streets(hole_cards),
        omaha_value,
        None,
        min(10, (52 - 5) // hole_cards),
        structure,
        blinds,
        antes,
        big_blind_ante,
        straddles,
        bets,
        cap,
        seat_blinds,
        opening_bet,
    )


def OmahaHiLo(
    structure: Structure,
    blinds: tuple[int, int] = (1, 2),
    *,
    hole_cards: int = 4,
    antes: int | tuple[int, ...] = 0,
    big_blind_ante: bool = False,
    straddles: Sequence[int] = (),
    bets: tuple[int, int] | None = None,
    cap: int = 4,
    seat_blinds: Sequence[int] | None = None,
    opening_bet: int | None = None,
) -> Game:
    """Omaha hi/lo eight-or-better: each pot split between the best high and the best low.

    >>> from croupier import FIXED_LIMIT
    >>> OmahaHiLo(FIXED_LIMIT, (1, 2), bets=(2, 4)).low_value is not None
    True
    """
    if hole_cards not in (4, 5, 6):
        raise ValueError(f"Omaha deals 4, 5 or 6 hole cards, not {hole_cards}")
    return _blind_game(
        "Omaha Hi/Lo",
        _omaha_streets(hole_cards),
        omaha_value,
        omaha_low_value,
        min(10, (52 - 5) // hole_cards),
        structure,
        blinds,
        antes,
        big_blind_ante,
        straddles,
        bets,
        cap,
        seat_blinds,
        opening_bet,
    )


COURCHEVEL_STREETS = (
    Street("preflop", hole=5, board=1),  # the first flop card is shown before the betting
    Street("flop", board=2),
    Street("turn", board=1, big_bet=True),
    Street("river", board=1, big_bet=True),
)


def CourchevelHiLo(
    structure: Structure,
    blinds: tuple[int, int] = (1, 2),
    *,
    antes: int | tuple[int, ...] = 0,
    big_blind_ante: bool = False,
    straddles: Sequence[int] = (),
    bets: tuple[int, int] | None = None,
    cap: int = 4,
    seat_blinds: Sequence[int] | None = None,
    opening_bet: int | None = None,
) -> Game:
    """Courchevel Hi/Lo: five hole cards, the first flop card dealt before the pre-flop
    betting, exactly two hole and three board cards, eight-or-better low.

    >>> from croupier import NO_LIMIT
    >>> hand = CourchevelHiLo(NO_LIMIT, (1, 2)).start([100] * 3, seed=2)
    >>> len(hand.hole(0)), len(hand.board), hand.street
    (5, 1, 'preflop')
    """
    return _blind_game(
        "Courchevel Hi/Lo",
        COURCHEVEL_STREETS,
        omaha_value,
        omaha_low_value,
        9,
        structure,
        blinds,
        antes,
        big_blind_ante,
        straddles,
        bets,
        cap,
        seat_blinds,
        opening_bet,
    )


# ---------------------------------------------------------------------------
# Stud: antes, a bring-in, up cards, best board first (RULES.md §3, §5)
# ---------------------------------------------------------------------------

STUD_STREETS = (
    Street("third", hole=2, up=1),
    Street("fourth", up=1),
    Street("fifth", up=1, big_bet=True),
    Street("sixth", up=1, big_bet=True),
    Street("seventh", hole=1, big_bet=True),
)


def _low_rank(code: int) -> int:
    """Ace-to-five rank of a card: ace 1, deuce 2, ..., king 13."""
    rank = code >> 2
    return 1 if rank == 12 else rank + 2


def razz_bring_in_key(card: int) -> tuple[int, ...]:
    """Razz: the highest up card brings in (ace low), spades > hearts > diamonds > clubs."""
    return (_low_rank(card), card & 3)


def stud_bring_in_key(card: int) -> tuple[int, ...]:
    """Stud: the lowest up card brings in (ace high), clubs lowest."""
    return (-(card >> 2), -(card & 3))


def _groups(ranks: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(counts, ranks) grouped by count then rank, both descending."""
    counts = {r: ranks.count(r) for r in set(ranks)}
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return tuple(counts[r] for r in order), tuple(order)


def _pairing(counts: tuple[int, ...]) -> int:
    """0 no pair, 1 one pair, 2 two pair, 3 trips, 4 quads (at most four up cards)."""
    if counts[0] >= 3:
        return counts[0]
    return sum(1 for c in counts if c == 2)


@functools.cache
def _razz_key(ranks: tuple[int, ...]) -> tuple[int, ...]:
    counts, order = _groups(list(ranks))
    return (-_pairing(counts), *(-r for r in order))


@functools.cache
def _stud_key(ranks: tuple[int, ...]) -> tuple[int, ...]:
    counts, order = _groups(list(ranks))
    return (_pairing(counts), *order)


_LOW_RANKS = tuple(_low_rank(c) for c in range(52))
_HIGH_RANKS = tuple(c >> 2 for c in range(52))


def razz_board_key(up: Cards) -> tuple[int, ...]:
    """Razz: the lowest ace-to-five board acts first (larger key acts first).

    >>> from croupier import parse_cards
    >>> razz_board_key(parse_cards("Kc 5d")) > razz_board_key(parse_cards("Kd Kh"))  # no pair
    True
    """
    return _razz_key(tuple(sorted([_LOW_RANKS[c] for c in up])))


def stud_board_key(up: Cards) -> tuple[int, ...]:
    """Stud: the highest poker board acts first (pairs and more; ace high)."""
    return _stud_key(tuple(sorted([_HIGH_RANKS[c] for c in up])))


def seven_card_high(hole: Cards, board: Cards) -> int:
    """Best five of a player's seven cards (with the community card, if any)."""
    return hands.high(hole + board)


def seven_card_ace_to_five(hole: Cards, board: Cards) -> int:
    return hands.ace_to_five_low(hole + board)


def seven_card_eight_low(hole: Cards, board: Cards) -> int:
    return hands.eight_or_better_low(hole + board)


def _stud(
    name: str,
    value: Evaluator,
    low_value: Evaluator | None,
    bring_in_key: Callable[[int], tuple[int, ...]],
    board_key: Callable[[Cards], tuple[int, ...]],
    antes: int | tuple[int, ...],
    bring_in: int,
    bets: tuple[int, int],
    cap: int,
) -> Game:
    return Game(
        name=name,
        structure=FIXED_LIMIT,
        streets=STUD_STREETS,
        value=value,
        low_value=low_value,
        antes=antes,
        bets=bets,
        cap=cap,
        bring_in=bring_in,
        bring_in_key=bring_in_key,
        board_key=board_key,
        max_players=8,
    )


def Razz(
    antes: int | tuple[int, ...] = 0,
    bring_in: int = 1,
    bets: tuple[int, int] = (2, 4),
    *,
    cap: int = 4,
) -> Game:
    """Razz: seven-card stud for the best ace-to-five low, fixed limit.

    >>> hand = Razz(antes=1, bring_in=1, bets=(2, 4)).start([50] * 3, seed=4)
    >>> hand.street, len(hand.up_cards(0)), hand.actor == hand.bring_in_seat
    ('third', 1, True)
    """
    return _stud(
        "Razz",
        seven_card_ace_to_five,
        None,
        razz_bring_in_key,
        razz_board_key,
        antes,
        bring_in,
        bets,
        cap,
    )


def SevenCardStud(
    antes: int | tuple[int, ...] = 0,
    bring_in: int = 1,
    bets: tuple[int, int] = (2, 4),
    *,
    cap: int = 4,
) -> Game:
    """Seven-card stud (high), fixed limit: the lowest up card brings in."""
    return _stud(
        "Seven-Card Stud",
        seven_card_high,
        None,
        stud_bring_in_key,
        stud_board_key,
        antes,
        bring_in,
        bets,
        cap,
    )


def SevenCardStudHiLo(
    antes: int | tuple[int, ...] = 0,
    bring_in: int = 1,
    bets: tuple[int, int] = (2, 4),
    *,
    cap: int = 4,
) -> Game:
    """Seven-card stud hi/lo eight-or-better, fixed limit."""
    return _stud(
        "Seven-Card Stud Hi/Lo",
        seven_card_high,
        seven_card_eight_low,
        stud_bring_in_key,
        stud_board_key,
        antes,
        bring_in,
        bets,
        cap,
    )
