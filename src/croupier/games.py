"""Games as data: streets, cards, forced bets and hand values on one shared engine.

A :class:`Game` says what is dealt on each street, which forced bets are
posted, how a hand is valued at showdown and which betting structure applies.
``Game.start`` deals a :class:`croupier.hand.Hand` that enforces the rules.
``game`` makes the Game of any variant; the named constructors
(``TexasHoldem``, ``Razz`` …) are ``game`` with the variant filled in.

This module is the public home of those names: ``Game`` and ``game`` are
written in ``croupier._game``, the constructors in ``croupier._constructors``.

>>> from croupier import NO_LIMIT, TexasHoldem
>>> game = TexasHoldem(NO_LIMIT, blinds=(1, 2))
>>> hand = game.start([200, 200, 200], seed=7)
>>> hand.actor, hand.to_call, hand.min_raise_to, hand.max_raise_to
(2, 2, 4, 200)
"""

from __future__ import annotations

from croupier._constructors import (
    Badugi,
    CourchevelHiLo,
    DeuceToSevenSingleDraw,
    DeuceToSevenTripleDraw,
    FiveCardDraw,
    KuhnPoker,
    LeducHoldem,
    Omaha,
    OmahaHiLo,
    Razz,
    RoyalHoldem,
    SevenCardStud,
    SevenCardStudHiLo,
    ShortDeckHoldem,
    TexasHoldem,
)
from croupier._game import FULL_DECK, MAX_PLAYERS, Game, as_structure, game
from croupier.variants import Street, Variant

__all__ = [
    "FULL_DECK",
    "MAX_PLAYERS",
    "Badugi",
    "CourchevelHiLo",
    "DeuceToSevenSingleDraw",
    "DeuceToSevenTripleDraw",
    "FiveCardDraw",
    "Game",
    "KuhnPoker",
    "LeducHoldem",
    "Omaha",
    "OmahaHiLo",
    "Razz",
    "RoyalHoldem",
    "SevenCardStud",
    "SevenCardStudHiLo",
    "ShortDeckHoldem",
    "Street",
    "TexasHoldem",
    "Variant",
    "as_structure",
    "game",
]
