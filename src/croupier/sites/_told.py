"""What a poker site's text has told of a hand so far: the state a
:class:`~croupier.sites._builder.HandBuilder` collects (the reader's calls) and
:func:`croupier.sites._finish.make_history` makes into PHH, and the errors that name
the file, the hand and the line.

>>> t = Told("Example", "7", line=3, path="a.txt")
>>> t.line = 5
>>> str(t.error("a problem"))
'a.txt: Example hand 7, line 5: a problem'
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from croupier.errors import SiteError
from croupier.variants import VariantRules

__all__ = ["Cancelled", "Post", "Seat", "Told", "bad_header"]

Post = Literal["sb", "bb", "straddle", "ante"]

ZERO = Decimal(0)


class Cancelled(Exception):
    """Raised by a site's reader for a hand the site cancelled (skipped and counted)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A player dealt in: its seat's number, its name, its stack."""

    number: int
    name: str
    stack: Decimal


# An item of the hand, in the order told: (kind, name or None, payload, line).
# kinds: "dh" (cards: list of str or None), "db" (cards), "f", "cc", "cbr" (Decimal to),
# "pb", "sd" (cards), "sm" (cards or None), "run" (int).
Item = tuple[str, "str | None", object, int]


class Told:
    """One site hand as told so far (see the module); not thread-safe.  Amounts are
    :class:`~decimal.Decimal` money as the site writes it."""

    def __init__(self, site: str, number: str, *, line: int = 1, path: str | None = None) -> None:
        self.site, self.number, self.first_line, self.path = site, number, line, path
        self.line = line  # the line being read (errors name it)
        self.number_value: int | str = number  # the PHH ``hand`` field (an int where it is one)
        self.code: str | None = None
        self._rules: VariantRules | None = None
        self.small_blind: Decimal | None = None
        self.big_blind: Decimal | None = None
        self.small_bet: Decimal | None = None
        self.big_bet: Decimal | None = None
        self.bring_in_amount: Decimal | None = None
        self.button: int | None = None
        self.seat_count: int | None = None
        self.table: str | None = None
        self.time: _dt.datetime | None = None
        self.time_zone: str | None = None
        self.event: str | None = None
        self.level: int | None = None
        self.hero: str | None = None
        self.currency: str | None = None
        self.currency_symbol: str | None = None
        self._total: Decimal | None = None
        self._total_line = line
        self.rake = ZERO
        self.extra: dict[str, object] = {}
        self._seats: dict[str, Seat] = {}
        self._posts: dict[str, dict[str, Decimal]] = {}
        self._items: list[Item] = []
        self._street = 0
        self._street_bets: dict[str, Decimal] = {}
        self._put_in: dict[str, Decimal] = {}
        self._collected: dict[str, Decimal] = {}
        self._dealt: dict[str, int] = {}  # cards dealt so far (stud)
        self._folded: set[str] = set()
        self._runs = 1
        self._board_cards = 0
        self._cashouts: dict[str, Decimal] = {}
        self._pending_draw: dict[str, int] = {}  # a draw's unknown replacements' item

    @property
    def total(self) -> Decimal | None:
        """The site's total pot (what the players put in, less uncalled bets), if written."""
        return self._total

    @total.setter
    def total(self, amount: Decimal | None) -> None:
        self._total, self._total_line = amount, self.line

    def error(self, message: str, line: int | None = None) -> SiteError:
        """A :class:`SiteError` naming the file, the hand and the line (``line`` or the
        line being read)."""
        line = self.line if line is None else line
        where = f"{self.path}: " if self.path else ""
        return SiteError(
            f"{where}{self.site} hand {self.number}, line {line}: {message}",
            site=self.site,
            hand=self.number,
            path=self.path,
            line=line,
        )

    @property
    def is_stud(self) -> bool:
        """Whether the game (told by :meth:`game`) is a stud game."""
        return self._rules is not None and self._rules.is_stud

    def is_seated(self, name: str) -> bool:
        """Whether ``name`` is a player of the hand."""
        return name in self._seats


def bad_header(site: str, path: str | None, line: int, text: str) -> SiteError:
    """The error of a hand whose header line ``text`` (at ``line``) is not the site's.

    >>> str(bad_header("PokerStars", "a.txt", 3, "Hello"))
    "a.txt: PokerStars hand at line 3: bad header 'Hello'"
    """
    return SiteError(
        f"{path + ': ' if path else ''}{site} hand at line {line}: bad header {text[:80]!r}",
        site=site,
        path=path,
        line=line,
    )
