"""Every game croupier knows, named once (:class:`Variant`), and the one table of its rules.

A :class:`Variant` is the identity of a game; its value is the game's code in
the PHH format (a PHH ``variant`` is a structure letter and this code: ``NT``
is no-limit ``T``).  :data:`RULES` holds, for each variant, what the rest of
croupier needs to know about it: its title, its ``--game`` name on the command
line, the structures it is written in, its streets, how a hand is valued at
showdown, the stud bring-in and who acts first, and which equity kernel
computes it.  Every module dispatches on this table (``rules_of``), so adding
a variant means adding one member and one row here.

Every variant of the table is dealt by croupier: each row gives its streets.
The draw games have draw streets (``Street.draw``): before such a street's
betting every player still in discards and is dealt replacements
(docs/rules.md §5.7).

>>> Variant("O/8"), rules_of(Variant.OMAHA_HI_LO).title
(<Variant.OMAHA_HI_LO: 'O/8'>, 'Omaha Hi/Lo')
>>> rules_of(Variant.RAZZ).is_stud, phh_codes(Variant.RAZZ)
(True, ('FR',))
>>> " ".join(v.value for v in playable())
'T O O/8 5O 5O/8 6O 6O/8 C/8 7S 7S/8 R S RH 2L1D 2L3D B 5CD KP LH'
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from types import MappingProxyType
from typing import Literal

import croupier.hands as hands
from croupier._ranking import low_rank

__all__ = [
    "RULES",
    "Street",
    "Variant",
    "VariantRules",
    "as_variant",
    "from_phh",
    "phh_codes",
    "playable",
    "razz_bring_in_key",
    "rules_of",
    "with_hole_cards",
]

Cards = tuple[int, ...]
Evaluator = Callable[[Cards, Cards], int]
EquityKernel = Literal["holdem", "omaha", "stud", "razz", "short_deck", "royal"]


class Variant(str, Enum):
    """A poker game; the value is its PHH game code (the ``variant`` less its structure letter).

    >>> Variant.TEXAS_HOLDEM == "T", str(Variant.SEVEN_CARD_STUD_HI_LO)
    (True, '7S/8')
    """

    TEXAS_HOLDEM = "T"
    OMAHA = "O"
    OMAHA_HI_LO = "O/8"
    OMAHA_5 = "5O"
    OMAHA_5_HI_LO = "5O/8"
    OMAHA_6 = "6O"
    OMAHA_6_HI_LO = "6O/8"
    COURCHEVEL_HI_LO = "C/8"
    SEVEN_CARD_STUD = "7S"
    SEVEN_CARD_STUD_HI_LO = "7S/8"
    RAZZ = "R"
    SHORT_DECK_HOLDEM = "S"
    ROYAL_HOLDEM = "RH"
    DEUCE_TO_SEVEN_SINGLE_DRAW = "2L1D"
    DEUCE_TO_SEVEN_TRIPLE_DRAW = "2L3D"
    BADUGI = "B"
    FIVE_CARD_DRAW = "5CD"
    KUHN = "KP"
    LEDUC = "LH"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Street:
    """One betting round and the cards dealt before it.

    ``name``: the round's name (``"flop"``, ``"third"``, ``"draw"`` …); ``hole``:
    cards each player still in gets face down; ``up``: face up
    (stud); ``board``: community cards; ``big_bet``: fixed-limit rounds that
    use the big bet; ``draw``: before the round's betting, each player still
    in discards any number of cards and is dealt as many (draw games,
    docs/rules.md §5.7).

    >>> Street("flop", board=3)
    Street(name='flop', hole=0, board=3, big_bet=False, up=0, draw=False)
    """

    name: str
    hole: int = 0
    board: int = 0
    big_bet: bool = False
    up: int = 0
    draw: bool = False


# ---------------------------------------------------------------------------
# Hand values at showdown (docs/rules.md §2)
# ---------------------------------------------------------------------------


def holdem_high(hole: Cards, board: Cards) -> int:
    """Best five of hole + board (Hold'em): ``croupier.hands.high``."""
    return hands.high(hole + board)


def omaha_value(hole: Cards, board: Cards) -> int:
    """Best high with exactly two hole and three board cards (``hands.omaha_high``)."""
    return hands.omaha_high(hole, board)


def omaha_low_value(hole: Cards, board: Cards) -> int:
    """Best eight-or-better low, two hole and three board cards (0 = no low)."""
    return hands.omaha_eight_or_better_low(hole, board)


def short_deck_high(hole: Cards, board: Cards) -> int:
    """Best five of hole + board, short-deck ranking (``croupier.hands.short_deck_high``)."""
    return hands.short_deck_high(hole + board)


def seven_card_high(hole: Cards, board: Cards) -> int:
    """Best five of a player's seven cards (with the community card, if any)."""
    return hands.high(hole + board)


def seven_card_ace_to_five(hole: Cards, board: Cards) -> int:
    """Best ace-to-five low of a player's seven cards (Razz)."""
    return hands.ace_to_five_low(hole + board)


def seven_card_eight_low(hole: Cards, board: Cards) -> int:
    """Best eight-or-better low of a player's seven cards (0 = no low)."""
    return hands.eight_or_better_low(hole + board)


def five_card_high(hole: Cards, board: Cards) -> int:
    """The high value of a five-card hand (Five-Card Draw): ``hands.high``."""
    return hands.high(hole)


def deuce_to_seven_value(hole: Cards, board: Cards) -> int:
    """Deuce-to-seven low of five cards, larger is better (``hands.deuce_to_seven_low``).

    >>> from croupier import parse_cards
    >>> best = deuce_to_seven_value(tuple(parse_cards("7c 5d 4h 3s 2c")), ())
    >>> best > deuce_to_seven_value(tuple(parse_cards("8c 5d 4h 3s 2c")), ())
    True
    """
    return hands.deuce_to_seven_low(hole)


def badugi_value(hole: Cards, board: Cards) -> int:
    """Badugi value of four cards, larger is better (``hands.badugi``).

    >>> from croupier import parse_cards
    >>> three = badugi_value(tuple(parse_cards("Ac 2d 3h 3c")), ())
    >>> three > badugi_value(tuple(parse_cards("Kc Qd Jh Ts")), ())   # four cards beat three
    False
    """
    return hands.badugi(hole)


def kuhn_value(hole: Cards, board: Cards) -> int:
    """Kuhn poker: the higher card wins (its rank).

    >>> from croupier import parse_cards
    >>> kuhn_value(tuple(parse_cards("Ks")), ()) > kuhn_value(tuple(parse_cards("Qs")), ())
    True
    """
    return hole[0] >> 2


def leduc_value(hole: Cards, board: Cards) -> int:
    """Leduc hold'em: a pair with the board beats any unpaired card, else the higher rank.

    >>> from croupier import parse_cards
    >>> J, Q, K = (tuple(parse_cards(c)) for c in ("Js", "Qh", "Kh"))
    >>> leduc_value(J, tuple(parse_cards("Jh"))) > leduc_value(K, tuple(parse_cards("Jh")))
    True
    >>> leduc_value(Q, J) < leduc_value(K, J)
    True
    """
    rank = hole[0] >> 2
    return rank + 13 if board and board[0] >> 2 == rank else rank


KUHN_DECK = (36, 40, 44)  # Jc Qc Kc
LEDUC_DECK = (38, 39, 42, 43, 46, 47)  # J, Q, K of hearts and spades


# ---------------------------------------------------------------------------
# Stud: who brings in, who acts first (docs/rules.md §3, §5)
# ---------------------------------------------------------------------------


def _low_rank(code: int) -> int:
    """Ace-to-five rank of a card: ace 1, deuce 2, ..., king 13."""
    return low_rank(code >> 2)


def razz_bring_in_key(card: int) -> tuple[int, ...]:
    """Razz: the highest up card brings in (ace low), spades > hearts > diamonds > clubs.

    >>> from croupier import parse_cards
    >>> max(parse_cards("Qd Qs Ac"), key=razz_bring_in_key) == parse_cards("Qs")[0]
    True
    """
    return (_low_rank(card), card & 3)


def stud_bring_in_key(card: int) -> tuple[int, ...]:
    """Stud: the lowest up card brings in (ace high), clubs lowest.

    >>> from croupier import parse_cards
    >>> max(parse_cards("2d 2c Ah"), key=stud_bring_in_key) == parse_cards("2c")[0]
    True
    """
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
    """Stud: the highest poker board acts first (pairs and more; ace high).

    >>> from croupier import parse_cards
    >>> stud_board_key(parse_cards("2c 2d")) > stud_board_key(parse_cards("Ac Kd"))  # a pair
    True
    """
    return _stud_key(tuple(sorted([_HIGH_RANKS[c] for c in up])))


# ---------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------

HOLDEM_STREETS = (
    Street("preflop", hole=2),
    Street("flop", board=3),
    Street("turn", board=1, big_bet=True),
    Street("river", board=1, big_bet=True),
)

OMAHA_STREETS = (Street("preflop", hole=4), *HOLDEM_STREETS[1:])
OMAHA_5_STREETS = (Street("preflop", hole=5), *HOLDEM_STREETS[1:])
OMAHA_6_STREETS = (Street("preflop", hole=6), *HOLDEM_STREETS[1:])

COURCHEVEL_STREETS = (
    Street("preflop", hole=5, board=1),  # the first flop card is shown before the betting
    Street("flop", board=2),
    Street("turn", board=1, big_bet=True),
    Street("river", board=1, big_bet=True),
)

# Draw games: the hand is dealt before the first round; each later round
# begins with a draw.  Fixed limit: the small bet before the (first two) draws.
SINGLE_DRAW_STREETS = (
    Street("predraw", hole=5),
    Street("draw", big_bet=True, draw=True),
)
TRIPLE_DRAW_STREETS = (
    Street("predraw", hole=5),
    Street("first draw", draw=True),
    Street("second draw", big_bet=True, draw=True),
    Street("third draw", big_bet=True, draw=True),
)
BADUGI_STREETS = (Street("predraw", hole=4), *TRIPLE_DRAW_STREETS[1:])
KUHN_STREETS = (Street("preflop", hole=1),)
LEDUC_STREETS = (Street("preflop", hole=1), Street("flop", board=1, big_bet=True))

STUD_STREETS = (
    Street("third", hole=2, up=1),
    Street("fourth", up=1),
    Street("fifth", up=1, big_bet=True),
    Street("sixth", up=1, big_bet=True),
    Street("seventh", hole=1, big_bet=True),
)


@dataclass(frozen=True, slots=True)
class VariantRules:
    """What croupier knows of one variant (a row of :data:`RULES`).

    * ``title``: the game's name (``Game.name``); ``command``: its ``--game``
      name on the command line;
    * ``phh``: the structure letters the PHH specification writes it with
      (``N`` no-limit, ``P`` pot-limit, ``F`` fixed-limit); ``own``: the
      structures croupier plays it in too, written in the same pattern
      (codes of croupier's own, e.g. ``PT``, ``NC/8``); ``usual``: the
      structure it is usually played in (``croupier.games.game``'s default);
    * ``streets`` (draw games have draw streets), ``value`` and
      ``low_value`` (hi/lo games) at showdown, ``max_players``;
    * stud games: ``bring_in_key`` (the largest up card brings in) and
      ``board_key`` (the largest board acts first from fourth street);
    * ``equity``: the equity kernel: ``holdem`` (two hole cards, five on the
      board), ``omaha`` (two hole and three board cards; hi/lo with a
      ``low_value``), ``stud`` (seven cards, high; hi/lo with a ``low_value``)
      or ``razz`` (seven cards, ace-to-five low), ``short_deck`` and ``royal``
      (two hole cards, five on the board, of those decks); ``None``: no equity yet;
    * ``lowest_rank``: the deck is every card of that rank and up (0, deuces:
      52 cards; 4, sixes: the 36-card short deck; 8, tens: royal hold'em's 20);
      ``cards``, when given, is the deck itself (Kuhn poker's three cards,
      Leduc hold'em's six) and overrides ``lowest_rank``.

    >>> rules = rules_of(Variant.TEXAS_HOLDEM)
    >>> rules.title, rules.command, rules.phh, rules.usual, rules.equity
    ("Texas Hold'em", 'holdem', 'NF', 'N', 'holdem')
    """

    title: str
    command: str
    phh: str
    streets: tuple[Street, ...]
    own: str = ""
    usual: str = "F"
    value: Evaluator | None = None
    low_value: Evaluator | None = None
    max_players: int = 10
    bring_in_key: Callable[[int], tuple[int, ...]] | None = None
    board_key: Callable[[Cards], tuple[int, ...]] | None = None
    equity: EquityKernel | None = None
    lowest_rank: int = 0
    cards: Cards | None = None

    @property
    def deck(self) -> Cards:
        """The cards the game is dealt from (card codes, lowest first).

        >>> len(rules_of(Variant.SHORT_DECK_HOLDEM).deck), rules_of("RH").deck[0]
        (36, 32)
        """
        if self.cards is not None:
            return self.cards
        return tuple(range(4 * self.lowest_rank, 52))

    @property
    def short_deck(self) -> bool:
        """Dealt from fewer than 52 cards (short-deck and royal hold'em)."""
        return self.lowest_rank > 0 or self.cards is not None

    @property
    def is_stud(self) -> bool:
        """Antes, a bring-in, up cards; fixed limit (no blinds, no button)."""
        return self.bring_in_key is not None

    @property
    def is_draw(self) -> bool:
        """A draw game: some street begins with a draw (docs/rules.md §5.7)."""
        return any(street.draw for street in self.streets)

    @property
    def structures(self) -> str:
        """The structure letters of every code it is written with (``phh`` then ``own``)."""
        return self.phh + self.own


RULES: Mapping[Variant, VariantRules] = MappingProxyType(
    {
        Variant.TEXAS_HOLDEM: VariantRules(
            "Texas Hold'em", "holdem", "NF", own="P", usual="N", streets=HOLDEM_STREETS,
            value=holdem_high, max_players=23, equity="holdem",
        ),
        Variant.OMAHA: VariantRules(
            "Omaha", "omaha", "P", own="NF", usual="P", streets=OMAHA_STREETS,
            value=omaha_value, equity="omaha",
        ),
        Variant.OMAHA_HI_LO: VariantRules(
            "Omaha Hi/Lo", "omaha-hilo", "F", own="NP", usual="P", streets=OMAHA_STREETS,
            value=omaha_value, low_value=omaha_low_value, equity="omaha",
        ),
        # (Rows of one table: the Omaha games differ in names, hole cards, seats.)
        Variant.OMAHA_5: VariantRules(
            "5-card Omaha", "omaha5", "", own="NPF", usual="P", streets=OMAHA_5_STREETS,
            value=omaha_value, max_players=9, equity="omaha",
        ),
        Variant.OMAHA_5_HI_LO: VariantRules(
            "5-card Omaha Hi/Lo", "omaha5-hilo", "", own="NPF", usual="P",
            streets=OMAHA_5_STREETS, value=omaha_value, low_value=omaha_low_value,
            max_players=9, equity="omaha",
        ),
        Variant.OMAHA_6: VariantRules(
            "6-card Omaha", "omaha6", "", own="NPF", usual="P", streets=OMAHA_6_STREETS,
            value=omaha_value, max_players=7, equity="omaha",
        ),
        Variant.OMAHA_6_HI_LO: VariantRules(
            "6-card Omaha Hi/Lo", "omaha6-hilo", "", own="NPF", usual="P",
            streets=OMAHA_6_STREETS, value=omaha_value, low_value=omaha_low_value,
            max_players=7, equity="omaha",
        ),
        Variant.COURCHEVEL_HI_LO: VariantRules(
            "Courchevel Hi/Lo", "courchevel", "", own="NPF", usual="P", streets=COURCHEVEL_STREETS,
            value=omaha_value, low_value=omaha_low_value, max_players=9, equity="omaha",
        ),
        Variant.SEVEN_CARD_STUD: VariantRules(
            "Seven-Card Stud", "stud", "F", streets=STUD_STREETS, value=seven_card_high,
            max_players=8, bring_in_key=stud_bring_in_key, board_key=stud_board_key,
            equity="stud",
        ),
        Variant.SEVEN_CARD_STUD_HI_LO: VariantRules(
            "Seven-Card Stud Hi/Lo", "stud-hilo", "F", streets=STUD_STREETS,
            value=seven_card_high, low_value=seven_card_eight_low, max_players=8,
            bring_in_key=stud_bring_in_key, board_key=stud_board_key, equity="stud",
        ),
        Variant.RAZZ: VariantRules(
            "Razz", "razz", "F", streets=STUD_STREETS, value=seven_card_ace_to_five,
            max_players=8, bring_in_key=razz_bring_in_key, board_key=razz_board_key,
            equity="razz",
        ),
        Variant.SHORT_DECK_HOLDEM: VariantRules(
            "Short-deck Hold'em", "short-deck", "N", own="PF", usual="N", streets=HOLDEM_STREETS,
            value=short_deck_high, max_players=9, equity="short_deck", lowest_rank=4,
        ),
        Variant.ROYAL_HOLDEM: VariantRules(
            "Royal Hold'em", "royal", "", own="NPF", usual="N", streets=HOLDEM_STREETS,
            value=holdem_high, max_players=7, equity="royal", lowest_rank=8,
        ),
        Variant.DEUCE_TO_SEVEN_SINGLE_DRAW: VariantRules(
            "Deuce-to-Seven Single Draw", "2-7-single-draw", "N", own="PF", usual="N",
            streets=SINGLE_DRAW_STREETS, value=deuce_to_seven_value,
        ),
        Variant.DEUCE_TO_SEVEN_TRIPLE_DRAW: VariantRules(
            "Deuce-to-Seven Triple Draw", "2-7-triple-draw", "F", own="PN",
            streets=TRIPLE_DRAW_STREETS, value=deuce_to_seven_value,
        ),
        Variant.BADUGI: VariantRules(
            "Badugi", "badugi", "F", own="PN", streets=BADUGI_STREETS, value=badugi_value
        ),
        Variant.FIVE_CARD_DRAW: VariantRules(
            "Five-Card Draw", "five-card-draw", "", own="FPN", usual="F",
            streets=SINGLE_DRAW_STREETS, value=five_card_high,
        ),
        Variant.KUHN: VariantRules(
            "Kuhn Poker", "kuhn", "", own="F", streets=KUHN_STREETS, value=kuhn_value,
            max_players=2, cards=KUHN_DECK,
        ),
        Variant.LEDUC: VariantRules(
            "Leduc Hold'em", "leduc", "", own="F", streets=LEDUC_STREETS, value=leduc_value,
            max_players=2, cards=LEDUC_DECK,
        ),
    }
)  # fmt: skip
"""The one table: every variant's rules (see :class:`VariantRules`)."""


def playable() -> list[Variant]:
    """The variants croupier deals (every row of :data:`RULES`), in table order.

    >>> [v.value for v in playable()][:3]
    ['T', 'O', 'O/8']
    """
    return list(RULES)


def phh_codes(variant: Variant) -> tuple[str, ...]:
    """Every PHH ``variant`` code of a game: a structure letter and the game's code.

    >>> phh_codes(Variant.TEXAS_HOLDEM)
    ('NT', 'FT', 'PT')
    """
    return tuple(letter + variant for letter in rules_of(variant).structures)


def from_phh(code: str) -> tuple[str, Variant]:
    """The structure letter and the variant of a PHH ``variant`` code.

    >>> from_phh("FO/8")
    ('F', <Variant.OMAHA_HI_LO: 'O/8'>)
    >>> from_phh("PR")
    Traceback (most recent call last):
    ...
    ValueError: unknown variant code 'PR'
    """
    if isinstance(code, str) and code:
        letter, rest = code[:1], code[1:]
        for variant, rules in RULES.items():
            if variant == rest and letter in rules.structures:
                return letter, variant
    raise ValueError(f"unknown variant code {code!r}")


def with_hole_cards(variant: Variant, hole: int) -> Variant:
    """The game of ``variant``'s family dealt ``hole`` hole cards (Omaha: 4, 5 or 6).

    >>> with_hole_cards(Variant.OMAHA_HI_LO, 5)
    <Variant.OMAHA_5_HI_LO: '5O/8'>
    >>> with_hole_cards(Variant.TEXAS_HOLDEM, 3)
    Traceback (most recent call last):
    ...
    ValueError: Texas Hold'em deals 2 hole cards, not 3
    """
    rules = rules_of(variant)
    streets = rules.streets
    if streets[0].hole == hole:
        return variant
    for other, row in RULES.items():
        if (
            row.streets[1:] == streets[1:]
            and row.streets[0] == replace(streets[0], hole=hole)
            and (row.value, row.low_value, row.equity)
            == (rules.value, rules.low_value, rules.equity)
        ):
            return other
    raise ValueError(f"{rules.title} deals {streets[0].hole} hole cards, not {hole!r}")


def as_variant(code: Variant | str) -> Variant:
    """``code`` as a :class:`Variant` (a row of :data:`RULES` that is no member stays itself).

    >>> as_variant("7S")
    <Variant.SEVEN_CARD_STUD: '7S'>
    """
    rules_of(code)  # type: ignore[arg-type]
    try:
        return Variant(code)
    except ValueError:  # a row added to RULES without a member (the tests' toy games)
        return code  # type: ignore[return-value]


def rules_of(variant: Variant) -> VariantRules:
    """The row of :data:`RULES` for ``variant`` (a :class:`Variant` or its code).

    >>> rules_of("C/8").command
    'courchevel'
    >>> rules_of("X")
    Traceback (most recent call last):
    ...
    ValueError: unknown variant 'X'
    """
    try:
        return RULES[variant]
    except KeyError:
        raise ValueError(f"unknown variant {variant!r}") from None
