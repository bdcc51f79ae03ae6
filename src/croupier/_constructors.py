"""The named constructors of games (``TexasHoldem``, ``Razz`` …), public as ``croupier.games``.

Each constructor is :func:`croupier.games.game` with its variant filled in.
The table options they share are written once, as the options types below
(one key each, with its type): a constructor takes them as ``**options``,
and :func:`_constructor` spells them out in its signature, each with the
default of the :class:`~croupier.games.Game` field of that name (what
:func:`~croupier.games.game` leaves them at when they are not given), in the
order of ``croupier._game.BLIND_OPTIONS``.  What each option means and how
it is checked is :class:`~croupier.games.Game`'s.

>>> import inspect
>>> str(inspect.signature(RoyalHoldem))
"(structure: 'Structure | str' = 'no-limit', blinds: 'tuple[int, int]' = (1, 2), *, \
antes: 'int | tuple[int, ...]' = 0, bets: 'tuple[int, int] | None' = None, cap: 'int' = 4, \
seat_blinds: 'Sequence[int] | None' = None, opening_bet: 'int | None' = None, \
rake: 'Rake | None' = None) -> 'Game'"
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ForwardRef, ParamSpec, TypedDict

from croupier._game import BLIND_OPTIONS, BLINDS, BRING_IN, STUD_BETS, Game, game
from croupier.rake import Rake
from croupier.structures import FIXED_LIMIT, Structure
from croupier.variants import Variant

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "Badugi",
    "BlindOptions",
    "ButtonBlindOptions",
    "CourchevelHiLo",
    "DeuceToSevenSingleDraw",
    "DeuceToSevenTripleDraw",
    "FiveCardDraw",
    "KuhnPoker",
    "LeducHoldem",
    "Omaha",
    "OmahaHiLo",
    "RakeOption",
    "Razz",
    "RoyalHoldem",
    "SevenCardStud",
    "SevenCardStudHiLo",
    "ShortDeckHoldem",
    "StudOptions",
    "TableOptions",
    "TexasHoldem",
]

P = ParamSpec("P")


class RakeOption(TypedDict, total=False):
    """The keyword option of every game (Kuhn poker, Leduc hold'em).

    >>> list(RakeOption.__annotations__)
    ['rake']
    """

    rake: Rake | None


class StudOptions(RakeOption, total=False):
    """And the most bets of a round (the stud games).

    >>> list(StudOptions.__annotations__)
    ['rake', 'cap']
    """

    cap: int


class TableOptions(StudOptions, total=False):
    """And the antes and bets of the flop and draw games (royal hold'em).

    >>> list(TableOptions.__annotations__)[2:]
    ['antes', 'bets', 'seat_blinds', 'opening_bet']
    """

    antes: int | tuple[int, ...]
    bets: tuple[int, int] | None
    seat_blinds: Sequence[int] | None
    opening_bet: int | None


class BlindOptions(TableOptions, total=False):
    """And the big blind ante and straddles (hold'em, Omaha, Courchevel, the draw games).

    >>> list(BlindOptions.__annotations__)[6:]
    ['big_blind_ante', 'straddles']
    """

    big_blind_ante: bool
    straddles: Sequence[int]


class ButtonBlindOptions(TableOptions, total=False):
    """And the button blind (short-deck hold'em).

    >>> list(ButtonBlindOptions.__annotations__)[6:]
    ['button_blind']
    """

    button_blind: int


_UNPACKED = {
    f"Unpack[{kind.__name__}]": kind
    for kind in (RakeOption, StudOptions, TableOptions, BlindOptions, ButtonBlindOptions)
}
_DEFAULTS = {field.name: field.default for field in dataclasses.fields(Game)}


def _constructor(make: Callable[P, Game]) -> Callable[P, Game]:
    """``make`` with its ``**options`` spelled out, and held to them.

    The options type that ``make``'s ``**options`` unpacks gives one
    keyword-only parameter per key, in the order of ``BLIND_OPTIONS``, with
    the default of the Game field of that name: the signature that
    ``inspect.signature``, ``help`` and ``typing.get_type_hints`` see.  A
    keyword that is not a parameter is a ``TypeError``, as in any function.
    """
    signature = inspect.signature(make)
    *named, options = signature.parameters.values()
    kind = _UNPACKED[str(options.annotation)]
    hints = kind.__annotations__
    spelled = [
        inspect.Parameter(
            key,
            inspect.Parameter.KEYWORD_ONLY,
            default=_DEFAULTS[key],
            annotation=_text(hints[key]),
        )
        for key in sorted(hints, key=BLIND_OPTIONS.index)
    ]
    parameters = [*named, *spelled]
    keywords = frozenset(p.name for p in parameters if p.kind is not p.POSITIONAL_ONLY)

    @functools.wraps(make)
    def checked(*args: P.args, **kwargs: P.kwargs) -> Game:
        for key in kwargs:
            if key not in keywords:
                raise TypeError(f"{make.__name__}() got an unexpected keyword argument {key!r}")
        return make(*args, **kwargs)

    checked.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]
    checked.__annotations__ = {p.name: p.annotation for p in parameters} | {"return": "Game"}
    return checked


def _text(annotation: object) -> object:
    """An options type's annotation as the text written (a ForwardRef's text)."""
    return annotation.__forward_arg__ if isinstance(annotation, ForwardRef) else annotation


@_constructor
def TexasHoldem(
    structure: Structure | str, blinds: tuple[int, int] = BLINDS, **options: Unpack[BlindOptions]
) -> Game:
    """Texas Hold'em with any betting structure.

    >>> from croupier import FIXED_LIMIT
    >>> TexasHoldem(FIXED_LIMIT, (1, 2), bets=(2, 4)).name
    "Texas Hold'em"
    """
    return game(Variant.TEXAS_HOLDEM, structure, blinds=blinds, **options)


@_constructor
def ShortDeckHoldem(
    structure: Structure | str = "no-limit",
    blinds: tuple[int, int] | None = None,
    **options: Unpack[ButtonBlindOptions],
) -> Game:
    """Short-deck (six-plus) hold'em: 36 cards, sixes to aces; a flush beats a full house
    and A-6-7-8-9 is the lowest straight (``croupier.hands.short_deck_high``).

    As it is played: every player antes and the button posts a button blind
    (``antes=1, button_blind=1``; the player left of the button acts first);
    with ``blinds=(small, big)`` it is dealt like Texas Hold'em.

    >>> game = ShortDeckHoldem(antes=1, button_blind=2)
    >>> game.forced_bets(3), len(game.deck)
    (([1, 1, 1], [0, 0, 2]), 36)
    >>> hand = game.start([100] * 3, seed=1)
    >>> hand.actor, min(hand.hole(0) + hand.hole(1)) >= 16   # seat 0 first; no card below six
    (0, True)
    """
    return game(Variant.SHORT_DECK_HOLDEM, structure, **_given(blinds=blinds, **options))


@_constructor
def RoyalHoldem(
    structure: Structure | str = "no-limit",
    blinds: tuple[int, int] = BLINDS,
    **options: Unpack[TableOptions],
) -> Game:
    """Royal hold'em: Texas Hold'em dealt from the 20 cards ten to ace (high hands: the one
    straight is ace-high, every flush a royal flush); up to seven players.

    >>> game = RoyalHoldem()
    >>> game.deck[:4], game.max_players
    ((32, 33, 34, 35), 7)
    """
    return game(Variant.ROYAL_HOLDEM, structure, **_given(blinds=blinds, **options))


# The constructors share their options (BlindOptions, TableOptions ...): what
# repeats from one to the next is each signature's first lines and its call of
# game(), the variant and its own defaults being what each says.


def _given(**options: object) -> dict[str, object]:
    """The options a constructor was given (``None``: left to ``game``'s default)."""
    return {key: value for key, value in options.items() if value is not None}


@_constructor
def Omaha(
    structure: Structure | str,
    blinds: tuple[int, int] = BLINDS,
    *,
    hole_cards: int = 4,
    **options: Unpack[BlindOptions],
) -> Game:
    """Omaha: four (or five or six) hole cards, exactly two of them with three of the board.

    >>> from croupier import POT_LIMIT
    >>> Omaha(POT_LIMIT, (1, 2)).streets[0]
    Street(name='preflop', hole=4, board=0, big_bet=False, up=0, draw=False)
    >>> Omaha(POT_LIMIT, (1, 2), hole_cards=5).name
    '5-card Omaha'
    """
    return game(Variant.OMAHA, structure, blinds=blinds, hole_cards=hole_cards, **options)


@_constructor
def OmahaHiLo(
    structure: Structure | str,
    blinds: tuple[int, int] = BLINDS,
    *,
    hole_cards: int = 4,
    **options: Unpack[BlindOptions],
) -> Game:
    """Omaha hi/lo eight-or-better: each pot split between the best high and the best low.

    >>> from croupier import FIXED_LIMIT
    >>> OmahaHiLo(FIXED_LIMIT, (1, 2), bets=(2, 4)).low_value is not None
    True
    """
    return game(Variant.OMAHA_HI_LO, structure, blinds=blinds, hole_cards=hole_cards, **options)


@_constructor
def CourchevelHiLo(
    structure: Structure | str, blinds: tuple[int, int] = BLINDS, **options: Unpack[BlindOptions]
) -> Game:
    """Courchevel Hi/Lo: five hole cards, the first flop card dealt before the pre-flop
    betting, exactly two hole and three board cards, eight-or-better low.

    >>> from croupier import NO_LIMIT
    >>> hand = CourchevelHiLo(NO_LIMIT, (1, 2)).start([100] * 3, seed=2)
    >>> len(hand.hole(0)), len(hand.board), hand.street
    (5, 1, 'preflop')
    """
    return game(Variant.COURCHEVEL_HI_LO, structure, blinds=blinds, **options)


@_constructor
def Razz(
    antes: int | tuple[int, ...] = 0,
    bring_in: int = BRING_IN,
    bets: tuple[int, int] = STUD_BETS,
    **options: Unpack[StudOptions],
) -> Game:
    """Razz: seven-card stud for the best ace-to-five low, fixed limit.

    >>> hand = Razz(antes=1, bring_in=1, bets=(2, 4)).start([50] * 3, seed=4)
    >>> hand.street, len(hand.up_cards(0)), hand.actor == hand.bring_in_seat
    ('third', 1, True)
    """
    return game(Variant.RAZZ, FIXED_LIMIT, antes=antes, bring_in=bring_in, bets=bets, **options)


@_constructor
def SevenCardStud(
    antes: int | tuple[int, ...] = 0,
    bring_in: int = BRING_IN,
    bets: tuple[int, int] = STUD_BETS,
    **options: Unpack[StudOptions],
) -> Game:
    """Seven-card stud (high), fixed limit: the lowest up card brings in.

    >>> SevenCardStud(antes=1).start([50] * 4, seed=1).street
    'third'
    """
    return game(
        Variant.SEVEN_CARD_STUD, FIXED_LIMIT, antes=antes, bring_in=bring_in, bets=bets, **options
    )


@_constructor
def SevenCardStudHiLo(
    antes: int | tuple[int, ...] = 0,
    bring_in: int = BRING_IN,
    bets: tuple[int, int] = STUD_BETS,
    **options: Unpack[StudOptions],
) -> Game:
    """Seven-card stud hi/lo eight-or-better, fixed limit.

    >>> SevenCardStudHiLo(antes=1).low_value is not None
    True
    """
    variant = Variant.SEVEN_CARD_STUD_HI_LO
    return game(variant, FIXED_LIMIT, antes=antes, bring_in=bring_in, bets=bets, **options)


@_constructor
def DeuceToSevenSingleDraw(
    structure: Structure | str | None = None,
    blinds: tuple[int, int] = BLINDS,
    **options: Unpack[BlindOptions],
) -> Game:
    """Deuce-to-seven single draw ("Kansas City lowball"): five cards, one draw, the
    best deuce-to-seven low wins (no-limit unless ``structure`` says otherwise).

    Fixed limit without ``bets``: the big blind is the small bet, twice it the big bet.

    >>> hand = DeuceToSevenSingleDraw().start([100] * 3, seed=1)
    >>> hand.street, len(hand.hole(0)), hand.game.structure.value
    ('predraw', 5, 'no-limit')
    """
    return game(Variant.DEUCE_TO_SEVEN_SINGLE_DRAW, structure, blinds=blinds, **options)


@_constructor
def DeuceToSevenTripleDraw(
    structure: Structure | str | None = None,
    blinds: tuple[int, int] = BLINDS,
    **options: Unpack[BlindOptions],
) -> Game:
    """Deuce-to-seven triple draw: five cards, three draws, the best deuce-to-seven low
    wins (fixed-limit unless ``structure`` says otherwise: the small bet before and
    after the first draw, the big bet after the second and the third).

    >>> game = DeuceToSevenTripleDraw(blinds=(1, 2))
    >>> game.bets, [game.unit(k) for k in range(4)]
    ((2, 4), [2, 2, 4, 4])
    """
    return game(Variant.DEUCE_TO_SEVEN_TRIPLE_DRAW, structure, blinds=blinds, **options)


@_constructor
def Badugi(
    structure: Structure | str | None = None,
    blinds: tuple[int, int] = BLINDS,
    **options: Unpack[BlindOptions],
) -> Game:
    """Badugi: four cards, three draws, the best badugi wins (fixed-limit unless
    ``structure`` says otherwise; bets as in triple draw).

    >>> hand = Badugi().start([50, 50], seed=2)
    >>> len(hand.hole(0)), hand.street
    (4, 'predraw')
    """
    return game(Variant.BADUGI, structure, blinds=blinds, **options)


@_constructor
def FiveCardDraw(
    structure: Structure | str | None = None,
    blinds: tuple[int, int] = BLINDS,
    **options: Unpack[BlindOptions],
) -> Game:
    """Five-card draw (high): five cards, one draw, the best high hand wins
    (fixed-limit unless ``structure`` says otherwise; no opening requirement).

    >>> from croupier import POT_LIMIT
    >>> FiveCardDraw(POT_LIMIT).start([100] * 4, seed=3).actor   # left of the big blind
    2
    """
    return game(Variant.FIVE_CARD_DRAW, structure, blinds=blinds, **options)


@_constructor
def KuhnPoker(antes: int = 1, bet: int = 1, **options: Unpack[RakeOption]) -> Game:
    """Kuhn poker: three cards (J, Q, K), one each, antes of 1, one round with at most
    one bet of 1 (fixed limit, ``cap=1``), the higher card wins (docs/rules.md §5.3b).

    >>> hand = KuhnPoker().start([2, 2], seed=3)
    >>> hand.actor, hand.pot, len(hand.hole(0)), hand.min_raise_to
    (0, 2, 1, 1)
    >>> hand.raise_to(1); hand.can_raise
    False
    """
    return game(
        Variant.KUHN, FIXED_LIMIT, blinds=(), antes=antes, bets=(bet, bet), cap=1, **options
    )


@_constructor
def LeducHoldem(
    antes: int = 1, bets: tuple[int, int] = (2, 4), **options: Unpack[RakeOption]
) -> Game:
    """Leduc hold'em: six cards (J, Q, K in two suits), antes of 1, one hole card, a round
    of bets of 2, one board card, a round of bets of 4, at most two bets a round; a pair
    with the board wins, else the higher card, equal ranks split (docs/rules.md §5.3b).

    >>> hand = LeducHoldem().start([100, 100], seed=1)
    >>> hand.raise_to(2); hand.raise_to(4); hand.can_raise   # a bet and a raise: capped
    False
    >>> hand.call(); hand.street, len(hand.board), hand.min_raise_to
    ('flop', 1, 4)
    """
    return game(Variant.LEDUC, FIXED_LIMIT, blinds=(), antes=antes, bets=bets, cap=2, **options)
