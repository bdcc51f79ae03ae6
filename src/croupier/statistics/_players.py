"""Player statistics' values: one player's counters (:class:`PlayerStats`) and many
players' (:class:`Stats`), which add up; ``COLUMNS``, the keys of a record.

>>> (PlayerStats("Ann", hands=1, vpip=1) + PlayerStats("Ann", hands=1)).vpip_percent
50.0
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Any

from croupier._display import stats_html, stats_text
from croupier._frames import dataframe_of

__all__ = ["COLUMNS", "COUNTERS", "PROBLEMS_KEPT", "PlayerStats", "Stats", "merge"]

PROBLEMS_KEPT = 20  # messages of skipped hands kept in Stats.problems


# -- one player's counters -----------------------------------------------------------


def _percent(part: int, whole: int) -> float | None:
    return None if whole == 0 else 100.0 * part / whole


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's counters (they add up: ``a + b`` for the same player).

    The counters are what the percentages are made of; the properties give
    the percentages (``None`` when their denominator is 0).  Money is exact
    (``Fraction``), in the files' own unit; ``big_blinds`` is each hand's net
    divided by that hand's big blind, summed.  ``docs/stats.md`` defines each.

    >>> a = PlayerStats("Ann", hands=2, vpip=1, pfr=1, net=Fraction(5, 2), big_blinds=Fraction(5))
    >>> b = PlayerStats("Ann", hands=2, net=Fraction(-1), big_blinds=Fraction(-1))
    >>> (a + b).hands, (a + b).vpip_percent, (a + b).net, (a + b).bb_per_100
    (4, 25.0, Fraction(3, 2), 100.0)
    """

    player: str
    """The player's name, as the files write it."""
    hands: int = 0
    """Hands dealt in."""
    walks: int = 0
    """Hands without a decision on the first street (a walk in the big blind)."""
    vpip: int = 0
    """Hands where the player put money in voluntarily on the first street."""
    pfr: int = 0
    """Hands where the player bet or raised on the first street."""
    three_bets: int = 0
    """Of ``three_bet_opportunities``, the hands where the player re-raised."""
    three_bet_opportunities: int = 0
    """Hands where the player, on the first street, faced exactly one raise and could
    re-raise (docs/stats.md)."""
    folds_to_three_bet: int = 0
    """Of ``fold_to_three_bet_opportunities``, the hands where the player folded."""
    fold_to_three_bet_opportunities: int = 0
    """Hands where the player made the first raise and then faced a 3-bet."""
    cbets: int = 0
    """Of ``cbet_opportunities``, the hands where the player bet."""
    cbet_opportunities: int = 0
    """Hands where the player made the first street's last raise and could bet first on
    the second street (nobody bet before them)."""
    bets_and_raises: int = 0
    """Bets and raises after the first street (the aggression factor's numerator)."""
    calls: int = 0
    """Calls after the first street (checks are not calls)."""
    saw_flop: int = 0
    """Hands still in when the second street was dealt (stud: fourth street)."""
    showdowns: int = 0
    """Hands the player took to showdown (still in when the hand ended with two or
    more players)."""
    showdowns_won: int = 0
    """Showdowns where the player won chips from a pot (a share of one too)."""
    unsettled: int = 0
    """Hands whose result is not known (hidden cards decide it, or the file stops early)."""
    unsettled_showdowns: int = 0
    """Of ``showdowns``, those whose result is not known."""
    all_in_spots: int = 0
    """Hands whose result the all-in adjustment replaced for this player."""
    net: Fraction = Fraction(0)
    """Chips won (+) or lost (-) over the settled hands, in the files' unit."""
    big_blinds: Fraction = Fraction(0)
    """Each settled hand's net divided by its big blind, summed."""
    all_in_adjusted_net: Fraction = Fraction(0)
    """``net`` with each all-in spot's result replaced by its equity share."""
    all_in_adjusted_big_blinds: Fraction = Fraction(0)
    """``big_blinds`` with each all-in spot's result replaced by its equity share."""

    def __add__(self, other: PlayerStats) -> PlayerStats:
        if not isinstance(other, PlayerStats):
            return NotImplemented
        if other.player != self.player:
            raise ValueError(
                f"cannot add the statistics of {other.player!r} to those of {self.player!r}"
            )
        values = {f.name: getattr(self, f.name) + getattr(other, f.name) for f in _SUMMED}
        return PlayerStats(self.player, **values)

    @property
    def settled_hands(self) -> int:
        """Hands whose result is known (``hands - unsettled``): bb/100's denominator."""
        return self.hands - self.unsettled

    @property
    def vpip_percent(self) -> float | None:
        """``100 * vpip / (hands - walks)``."""
        return _percent(self.vpip, self.hands - self.walks)

    @property
    def pfr_percent(self) -> float | None:
        """``100 * pfr / (hands - walks)``."""
        return _percent(self.pfr, self.hands - self.walks)

    @property
    def three_bet_percent(self) -> float | None:
        """``100 * three_bets / three_bet_opportunities``."""
        return _percent(self.three_bets, self.three_bet_opportunities)

    @property
    def fold_to_three_bet_percent(self) -> float | None:
        """``100 * folds_to_three_bet / fold_to_three_bet_opportunities``."""
        return _percent(self.folds_to_three_bet, self.fold_to_three_bet_opportunities)

    @property
    def cbet_percent(self) -> float | None:
        """``100 * cbets / cbet_opportunities``."""
        return _percent(self.cbets, self.cbet_opportunities)

    @property
    def aggression_factor(self) -> float | None:
        """``bets_and_raises / calls`` after the first street (None without a call)."""
        return None if self.calls == 0 else self.bets_and_raises / self.calls

    @property
    def went_to_showdown_percent(self) -> float | None:
        """WTSD: ``100 * showdowns / saw_flop``."""
        return _percent(self.showdowns, self.saw_flop)

    @property
    def won_at_showdown_percent(self) -> float | None:
        """W$SD: ``100 * showdowns_won / (showdowns - unsettled_showdowns)``."""
        return _percent(self.showdowns_won, self.showdowns - self.unsettled_showdowns)

    @property
    def bb_per_100(self) -> float | None:
        """Big blinds won per 100 hands of known result."""
        hands = self.settled_hands
        return None if hands == 0 else float(100 * self.big_blinds / hands)

    @property
    def all_in_adjusted_bb_per_100(self) -> float | None:
        """The all-in adjusted big blinds per 100 hands of known result."""
        hands = self.settled_hands
        return None if hands == 0 else float(100 * self.all_in_adjusted_big_blinds / hands)

    def to_record(self, exact: bool = False) -> dict[str, object]:
        """The counters, the money and the percentages as one plain ``dict``.

        Money is ``float`` unless ``exact`` (then ``Fraction``).

        >>> PlayerStats("Ann", hands=1, net=Fraction(1, 2)).to_record()["net"]
        0.5
        """
        record: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            record[f.name] = float(value) if isinstance(value, Fraction) and not exact else value
        for name in _RATES:
            record[name] = getattr(self, name)
        return record


_SUMMED = tuple(f for f in fields(PlayerStats) if f.name != "player")
_RATES = (
    "vpip_percent",
    "pfr_percent",
    "three_bet_percent",
    "fold_to_three_bet_percent",
    "cbet_percent",
    "aggression_factor",
    "went_to_showdown_percent",
    "won_at_showdown_percent",
    "bb_per_100",
    "all_in_adjusted_bb_per_100",
)


# -- many players ---------------------------------------------------------------------


@dataclass(frozen=True)
class Stats(Mapping[str, PlayerStats]):
    """Player name -> :class:`PlayerStats`, with what the run counted besides.

    ``hands``: hands counted; ``skipped``: hands (or unreadable files) left out
    with ``errors="skip"``, the first of their messages in ``problems``;
    ``all_in_spots``: hands whose results the all-in adjustment replaced;
    ``all_in_unadjusted``: hands that went all-in before the last street but
    keep their actual result (hidden cards, a game without an equity
    kernel, too many deals to enumerate; every such hand with
    ``all_in_ev=False``).  Two ``Stats`` add up.

    >>> a = Stats((PlayerStats("Ann", hands=1),), hands=1)
    >>> b = Stats((PlayerStats("Ann", hands=2), PlayerStats("Bob", hands=2)), hands=2)
    >>> total = a + b
    >>> total.hands, {name: p.hands for name, p in total.items()}
    (3, {'Ann': 3, 'Bob': 2})
    """

    players: tuple[PlayerStats, ...] = ()
    hands: int = 0
    skipped: int = 0
    all_in_spots: int = 0
    all_in_unadjusted: int = 0
    problems: tuple[str, ...] = ()
    _index: dict[str, PlayerStats] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.players, key=lambda p: p.player))
        object.__setattr__(self, "players", ordered)
        index = {p.player: p for p in ordered}
        if len(index) != len(ordered):
            raise ValueError("Stats holds each player once")
        object.__setattr__(self, "_index", index)

    def __getitem__(self, name: str) -> PlayerStats:
        return self._index[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._index)

    def __len__(self) -> int:
        return len(self._index)

    def __add__(self, other: Stats) -> Stats:
        if not isinstance(other, Stats):
            return NotImplemented
        return merge([self, other])

    def __radd__(self, other: object) -> Stats:
        if other == 0:  # sum() starts from 0
            return self
        return NotImplemented

    def __repr__(self) -> str:
        """What the run counted and a line a player (see :func:`croupier._display.stats_text`).

        >>> Stats((PlayerStats("Ann", hands=4, vpip=1, net=5),), hands=4)
        Stats: 4 hands, 0 skipped, 1 players
          Ann  hands 4  VPIP 25.0%  PFR 0.0%  net 5  bb/100 0.00
        """
        return stats_text(self)

    def _repr_html_(self) -> str:
        """Every player's main statistics as an HTML table, which Jupyter shows.

        >>> Stats((PlayerStats("Ann", hands=4),), hands=4)._repr_html_().count("<tr>")
        2
        """
        return stats_html(self)

    def to_records(self, exact: bool = False) -> list[dict[str, object]]:
        """One plain ``dict`` per player (:meth:`PlayerStats.to_record`), by name.

        >>> Stats((PlayerStats("Bob", hands=3),)).to_records()[0]["hands"]
        3
        """
        return [p.to_record(exact) for p in self.players]

    def to_dataframe(self) -> Any:
        """The records as a ``pandas.DataFrame`` indexed by player (needs pandas).

        Raises :class:`ImportError` saying how to install pandas when it is missing.

        >>> try:
        ...     frame = Stats((PlayerStats("Ann", hands=1),)).to_dataframe()
        ... except ImportError:  # pandas is optional
        ...     frame = None
        >>> frame is None or (list(frame.index), int(frame.loc["Ann", "hands"])) == (["Ann"], 1)
        True
        """
        return dataframe_of(self.to_records(), "player", "Stats", COLUMNS)


def merge(parts: Iterable[Stats]) -> Stats:
    """The sum of several ``Stats``, in one pass (each player added once per part)."""
    players: dict[str, PlayerStats] = {}
    hands = skipped = spots = unadjusted = 0
    problems: list[str] = []
    for part in parts:
        for p in part.players:
            mine = players.get(p.player)
            players[p.player] = p if mine is None else mine + p
        hands += part.hands
        skipped += part.skipped
        spots += part.all_in_spots
        unadjusted += part.all_in_unadjusted
        problems.extend(part.problems[: PROBLEMS_KEPT - len(problems)])
    return Stats(
        tuple(players.values()),
        hands=hands,
        skipped=skipped,
        all_in_spots=spots,
        all_in_unadjusted=unadjusted,
        problems=tuple(problems),
    )


COLUMNS = (*(f.name for f in fields(PlayerStats)), *_RATES)
"""The keys of a record (:meth:`PlayerStats.to_record`), in order."""

# The names of PlayerStats' counters (its int fields), in order: a tally counts by them.
COUNTERS = tuple(f.name for f in _SUMMED if f.type in ("int", int))
