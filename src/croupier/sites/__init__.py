"""Poker sites' hand histories: the text a site's client writes, read into
:class:`~croupier.phh.HandHistory` hands and checked by the rules.

>>> import io
>>> from croupier import sites
>>> from croupier.sites._stars import EXAMPLE
>>> sites.detect(EXAMPLE)
'PokerStars'
>>> hand = sites.load_all(io.StringIO(EXAMPLE))[0]
>>> hand.venue, hand.hand, hand.players, hand.extra["_hero"]
('PokerStars', 1001, ('Bob', 'Cat', 'Ann'), 'Ann')
>>> hand.to_decimal(hand.winnings[2]), hand.extra["_rake"]
(Decimal('0.7'), Decimal('0.03'))

Every hand is replayed on the engine (:func:`croupier.replay.replay`) as it
is read: an action the rules forbid, or recorded results the engine does not
reach (each player's stack after the hand, net of the site's rake), is a
:class:`~croupier.errors.SiteError` naming the file, the hand and the line.
What each site's reader takes from the text, and the choices where the
sites are silent, are in docs/rules.md §7.4.

The package's modules: ``_money`` (amounts as written), ``_builder`` (a site's
hand told event by event, made into a checked ``HandHistory``), ``_split``
(files cut into hands), ``_registry`` (the sites), ``_load`` (:func:`iter_load`
and the rest of this face), one module per site (``_stars`` …) and
``_stars_write`` (:func:`write_stars`, PokerStars text of any hand).
"""

from __future__ import annotations

from croupier.errors import SiteError
from croupier.sites._load import (
    HISTORY_SUFFIXES,
    SUFFIXES,
    Import,
    detect,
    history_files,
    iter_histories,
    iter_load,
    load_all,
    site_files,
)
from croupier.sites._registry import SITES
from croupier.sites._stars_write import write_history, write_stars

__all__ = [
    "HISTORY_SUFFIXES",
    "SITES",
    "SUFFIXES",
    "Import",
    "SiteError",
    "detect",
    "history_files",
    "iter_histories",
    "iter_load",
    "load_all",
    "site_files",
    "write_history",
    "write_stars",
]
