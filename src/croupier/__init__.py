"""croupier: a poker rules engine with a Cython core.

>>> import croupier
>>> croupier.hands.high(croupier.parse_cards("As Ks Qs Js Ts"))
7462
"""

from croupier import hands, pots
from croupier.cards import format_card, format_cards, parse_cards

__version__ = "0.1.0"

__all__ = ["__version__", "format_card", "format_cards", "hands", "parse_cards", "pots"]
