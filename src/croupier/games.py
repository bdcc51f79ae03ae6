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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from croupier import hands
from croupier.structures import FIXED_LIMIT, Structure

if TYPE_CHECKING:
    from croupier.hand import Hand

__all__ = ["Game", "Street", "TexasHoldem"]

Cards = tuple[int, ...]
Evaluator = Callable[[Cards, Cards], int]


@dataclass(frozen=True, slots=True)
class Street:
    """One betting round and the cards dealt before it.

    ``hole``: cards each player gets face down; ``board``: community cards;
    ``big_bet``: fixed-limit rounds that use the big bet.
    """

    name: str
    hole: int = 0
    board: int = 0
    big_bet: bool = False


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
    ) -> Hand:
        """Deal a new hand: a shuffle from ``seed``, or the given ``deck`` order.

        ``deck`` lists the cards from the top: each street deals the hole cards
        player by player from seat 0 (all of one player's cards together),
        then the board cards; no burn cards.  Any card may be ``-1``
        (unknown): hands whose showdown depends on one are left unsettled.
        """
        from croupier.hand import Hand

        return Hand(self, stacks, seed=seed, deck=deck)


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
    return Game(
        name="Texas Hold'em",
        structure=structure,
        streets=HOLDEM_STREETS,
        value=holdem_high,
        blinds=tuple(blinds),
        straddles=tuple(straddles),
        antes=antes,
        big_blind_ante=big_blind_ante,
        bets=bets,
        cap=cap,
        seat_blinds=None if seat_blinds is None else tuple(seat_blinds),
        opening_bet=opening_bet,
        max_players=23,
    )
