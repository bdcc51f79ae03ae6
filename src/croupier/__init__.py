"""croupier: a poker rules engine with a Cython core.

>>> import croupier
>>> croupier.hands.high(croupier.parse_cards("As Ks Qs Js Ts"))
7462
>>> game = croupier.TexasHoldem(croupier.NO_LIMIT, blinds=(1, 2))
>>> game.start([100, 100], seed=1).actor   # heads-up: the button acts first
1
"""

from typing import TYPE_CHECKING

# _impl first: under CROUPIER_IMPL=pure, importing it puts in place the finder that
# loads the modules compiled from Python from their sources, before any is imported.
# _sigint next: a Ctrl-C while the command starts is one line, status 130.
from croupier import _impl, _sigint, hands, pots  # noqa: F401
from croupier.cards import format_card, format_cards, parse_cards
from croupier.dealer import Dealer
from croupier.errors import ConcurrentUse, IllegalAction
from croupier.games import (  # the games' names as games.py hands them on: names, no logic
    Badugi,
    CourchevelHiLo,
    DeuceToSevenSingleDraw,
    DeuceToSevenTripleDraw,
    FiveCardDraw,
    Game,
    KuhnPoker,
    LeducHoldem,
    Omaha,
    OmahaHiLo,
    Razz,
    RoyalHoldem,
    SevenCardStud,
    SevenCardStudHiLo,
    ShortDeckHoldem,
    Street,
    TexasHoldem,
)
from croupier.hand import Hand
from croupier.rake import Rake
from croupier.structures import FIXED_LIMIT, NO_LIMIT, POT_LIMIT, Structure
from croupier.variants import Variant

if TYPE_CHECKING:
    # What ``__getattr__`` below hands out on first use, for type checkers: mypy and
    # the editors see the real signatures, while at run time ``import croupier``
    # still imports neither numpy nor these modules.
    from croupier._equity import EquityResult, equity
    from croupier._icm import ICMResult, icm, icm_all_in
    from croupier._simulation import HandRecord, SimulationResult, simulate
    from croupier.ranges import Range, parse_range
    from croupier.statistics import stats

# The one place the version is written: pyproject.toml reads it from here
# (scikit-build-core's regex metadata provider).
__version__ = "0.1.0"

__all__ = [
    "FIXED_LIMIT",
    "NO_LIMIT",
    "POT_LIMIT",
    "Badugi",
    "ConcurrentUse",
    "CourchevelHiLo",
    "Dealer",
    "DeuceToSevenSingleDraw",
    "DeuceToSevenTripleDraw",
    "EquityResult",
    "FiveCardDraw",
    "Game",
    "Hand",
    "HandRecord",
    "ICMResult",
    "IllegalAction",
    "KuhnPoker",
    "LeducHoldem",
    "Omaha",
    "OmahaHiLo",
    "Rake",
    "Range",
    "Razz",
    "RoyalHoldem",
    "SevenCardStud",
    "SevenCardStudHiLo",
    "ShortDeckHoldem",
    "SimulationResult",
    "Street",
    "Structure",
    "TexasHoldem",
    "Variant",
    "__version__",
    "equity",
    "format_card",
    "format_cards",
    "hands",
    "icm",
    "icm_all_in",
    "parse_cards",
    "parse_range",
    "pots",
    "simulate",
    "stats",
]


def __getattr__(name: str) -> object:
    """``croupier.equity``, ``EquityResult`` (they need numpy, which ``import
    croupier`` does not load), ``icm``, ``icm_all_in``, ``ICMResult``, ``simulate``,
    ``SimulationResult``, ``HandRecord``, ``parse_range``, ``Range`` and ``stats``
    (``croupier.statistics``), imported on first use."""
    if name in ("equity", "EquityResult"):
        from croupier import _equity

        return getattr(_equity, name)
    if name in ("icm", "icm_all_in", "ICMResult"):
        from croupier import _icm

        return getattr(_icm, name)
    if name in ("simulate", "SimulationResult", "HandRecord"):
        from croupier import _simulation

        return getattr(_simulation, name)
    if name in ("parse_range", "Range"):
        from croupier import ranges

        return getattr(ranges, name)
    if name == "stats":
        from croupier import statistics

        return statistics.stats
    raise AttributeError(f"module 'croupier' has no attribute {name!r}")
