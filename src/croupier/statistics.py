r"""Player statistics from hand histories: VPIP, PFR, 3-bet, c-bet, aggression,
showdowns, net won and all-in adjusted winnings.

``stats(hands)`` replays each :class:`~croupier.phh.HandHistory` on the engine
(:func:`croupier.replay.replay`, which shows every player action to a watcher
with the :class:`~croupier.Hand` as it stands) and counts, per player, what
the common trackers count.  The result is a :class:`Stats`: a mapping of
player name to :class:`PlayerStats`, whose counters add up (``a + b``), so
files can be counted apart — in processes, or on any
``concurrent.futures.Executor`` — and summed.  Every definition, with a
worked example, is in ``docs/stats.md``.

>>> from croupier import phh
>>> text = (
...     "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
...     "starting_stacks = [100, 100, 100]\nplayers = ['Ann', 'Bob', 'Cy']\n"
...     "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 f',"
...     " 'p2 cc', 'd db 2c7d9h', 'p2 cc', 'p3 cbr 8', 'p2 f']\n"
... )
>>> s = stats([phh.loads(text)])
>>> cy = s["Cy"]
>>> cy.vpip, cy.pfr, cy.cbets, cy.cbet_opportunities, cy.net
(1, 1, 1, 1, Fraction(7, 1))
>>> s["Bob"].vpip_percent, s["Bob"].net, sum(p.net for p in s.values())
(100.0, Fraction(-6, 1), Fraction(0, 1))

Choices (``docs/stats.md`` has them all):

* Players are named by the history's ``players``; a history without them
  names its players ``p1``, ``p2``, ... — positions of that file only, so
  ``p1`` of two files without names are counted as one "player".
* Results are the engine's settlement: the files' own ``winnings`` and
  ``finishing_stacks`` are not read (some are net of a rake the file does
  not describe), so chips are conserved, hand by hand.  A hand whose game
  has a rake (the ``_rake_*`` user fields, docs/rules.md §6.10) is settled
  with it: ``net`` is after the rake, and the chips the house took are the
  players' losses (the payoffs add up to minus the rake).  A hand shown at showdown as ``????``
  (or not shown) is taken as mucked: it wins nothing.  A hand whose result
  still depends on hidden cards, or a file that stops before the end, is
  counted (``unsettled``) but gives no result.
* Money is exact: :class:`~fractions.Fraction` amounts of the files' own unit
  (``1.5`` in a file is ``Fraction(3, 2)``), never binary floats.
"""

from __future__ import annotations

import importlib
import math
import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Union, cast

from croupier import phh
from croupier.errors import bounded
from croupier.phh import HandHistory
from croupier.pots import award
from croupier.replay import replay
from croupier.variants import from_phh, rules_of

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

    from croupier.actions import Action
    from croupier.games import Game
    from croupier.hand import Hand

__all__ = ["COLUMNS", "PlayerStats", "Stats", "StatsError", "stats"]

Source = Union[HandHistory, str, "os.PathLike[str]"]
Errors = Literal["raise", "skip"]

# The most deals an all-in spot's exact equity may enumerate (croupier.equity's own
# limit: a stud all-in on third street is beyond it).  Such spots keep their result.
MAX_DEALS = 2_000_000_000
HANDS_PER_TASK = 500  # HandHistory objects given to an executor at a time
PROBLEMS_KEPT = 20  # messages of skipped hands kept in Stats.problems


class StatsError(ValueError):
    """A hand that cannot be counted, named by its file and its place in the file.

    >>> from croupier import phh
    >>> bad = phh.loads("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n"
    ...                 "min_bet = 2\\nstarting_stacks = [50, 50]\\nactions = ['p1 f']\\n")
    >>> stats([bad])
    Traceback (most recent call last):
    ...
    croupier.statistics.StatsError: hand 1: action 0 (p1 f): it is not seat 0's turn (actor: 1)

    Its message is at most ``croupier.errors.MESSAGE_LIMIT`` characters (an action
    line of megabytes is cut, its start and its end kept).
    """

    def __init__(self, message: str) -> None:
        super().__init__(bounded(message))


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
    hands: int = 0
    """Hands dealt in."""
    walks: int = 0
    """Hands without a decision on the first street (a walk in the big blind)."""
    vpip: int = 0
    """Hands where the player put money in voluntarily on the first street."""
    pfr: int = 0
    """Hands where the player bet or raised on the first street."""
    three_bets: int = 0
    three_bet_opportunities: int = 0
    folds_to_three_bet: int = 0
    fold_to_three_bet_opportunities: int = 0
    cbets: int = 0
    cbet_opportunities: int = 0
    bets_and_raises: int = 0
    """Bets and raises after the first street (the aggression factor's numerator)."""
    calls: int = 0
    """Calls after the first street (checks are not calls)."""
    saw_flop: int = 0
    """Hands still in when the second street was dealt (stud: fourth street)."""
    showdowns: int = 0
    showdowns_won: int = 0
    """Showdowns where the player won chips from a pot (a share of one too)."""
    unsettled: int = 0
    """Hands whose result is not known (hidden cards decide it, or the file stops early)."""
    unsettled_showdowns: int = 0
    all_in_spots: int = 0
    """Hands whose result the all-in adjustment replaced for this player."""
    net: Fraction = Fraction(0)
    big_blinds: Fraction = Fraction(0)
    all_in_adjusted_net: Fraction = Fraction(0)
    all_in_adjusted_big_blinds: Fraction = Fraction(0)

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
        return _percent(self.three_bets, self.three_bet_opportunities)

    @property
    def fold_to_three_bet_percent(self) -> float | None:
        return _percent(self.folds_to_three_bet, self.fold_to_three_bet_opportunities)

    @property
    def cbet_percent(self) -> float | None:
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
        return _merge([self, other])

    def __radd__(self, other: object) -> Stats:
        if other == 0:  # sum() starts from 0
            return self
        return NotImplemented

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
        try:
            pandas = importlib.import_module("pandas")
        except ImportError:
            raise ImportError(
                "Stats.to_dataframe needs pandas (pip install pandas); "
                "Stats.to_records() gives the same data as plain dicts"
            ) from None
        frame = pandas.DataFrame.from_records(self.to_records(), columns=list(COLUMNS))
        return frame.set_index("player")


def _merge(parts: Iterable[Stats]) -> Stats:
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


# -- counting one hand ----------------------------------------------------------------

# Counter slots of a player's running tally (the int fields of PlayerStats, in order).
_INT_FIELDS = tuple(f.name for f in _SUMMED if f.type in ("int", int))
(
    HANDS,
    WALKS,
    VPIP,
    PFR,
    THREE_BETS,
    THREE_BET_CHANCES,
    FOLDS_TO_THREE,
    FOLD_TO_THREE_CHANCES,
    CBETS,
    CBET_CHANCES,
    AGGRESSIVE,
    CALLS,
    SAW_FLOP,
    SHOWDOWNS,
    SHOWDOWNS_WON,
    UNSETTLED,
    UNSETTLED_SHOWDOWNS,
    ALL_IN_SPOTS,
) = range(18)
assert len(_INT_FIELDS) == 18


class _Tally:
    """One player's running counters: ints, the net in units per (scale, big
    blind) of the hands (summed as ints, made fractions once), and the all-in
    corrections (fractions, made only for the hands adjusted)."""

    __slots__ = ("counts", "delta", "money")

    def __init__(self) -> None:
        self.counts = [0] * 18
        self.money: dict[tuple[int, int], int] = {}
        self.delta: tuple[Fraction, Fraction] | None = None  # adjusted - actual: chips, bb

    def result(self, name: str) -> PlayerStats:
        net = bbs = Fraction(0)
        for (scale, big_blind), units in self.money.items():
            net += Fraction(units, scale)
            bbs += Fraction(units, big_blind)
        chips, blinds = self.delta or (Fraction(0), Fraction(0))
        values: dict[str, Any] = dict(zip(_INT_FIELDS, self.counts, strict=True))
        return PlayerStats(
            name,
            **values,
            net=net,
            big_blinds=bbs,
            all_in_adjusted_net=net + chips,
            all_in_adjusted_big_blinds=bbs + blinds,
        )


_STREET_INDEX: dict[str, dict[str, int]] = {}


def _street_index(variant: str) -> dict[str, int]:
    """Street name -> its number (0: the first betting round) of a PHH variant code."""
    index = _STREET_INDEX.get(variant)
    if index is None:
        streets = rules_of(from_phh(variant)[1]).streets
        index = _STREET_INDEX[variant] = {s.name: i for i, s in enumerate(streets)}
    return index


def _big_blind(history: HandHistory) -> int:
    """The hand's big blind in its units: the larger of the small and big blind
    entries (later entries are straddles); without blinds, the small bet (stud,
    fixed limit) or the minimum bet."""
    blinds = history.blinds_or_straddles or ()
    big = max([b for b in blinds[:2] if b > 0] or [b for b in blinds if b > 0] or [0])
    if history.bring_in is not None or not big:
        big = history.small_bet or history.min_bet or 1
    return big


class _Run:
    """The state of one ``stats`` run: the tallies, the wanted players, the equity cache."""

    def __init__(self, players: frozenset[str] | None, all_in_ev: bool) -> None:
        self.players = players
        self.all_in_ev = all_in_ev
        self.tallies: dict[str, _Tally] = {}
        self.hands = 0
        self.skipped = 0
        self.all_in_spots = 0
        self.all_in_unadjusted = 0
        self.problems: list[str] = []
        self.cache: dict[tuple[object, ...], tuple[Fraction, ...] | None] = {}

    def skip(self, message: str) -> None:
        self.skipped += 1
        if len(self.problems) < PROBLEMS_KEPT:
            self.problems.append(bounded(message))

    def result(self) -> Stats:
        return Stats(
            tuple(t.result(name) for name, t in self.tallies.items()),
            hands=self.hands,
            skipped=self.skipped,
            all_in_spots=self.all_in_spots,
            all_in_unadjusted=self.all_in_unadjusted,
            problems=tuple(self.problems),
        )

    def count(self, history: HandHistory) -> None:
        """Replay one hand and add what each player did to the tallies."""
        n = len(history.starting_stacks)
        names = history.players or tuple(f"p{k + 1}" for k in range(n))
        # Per seat of the engine (seats are filled in when the replay knows them).
        acted = [False] * n
        vpip = [False] * n
        pfr = [False] * n
        faced_one = [False] * n  # faced exactly one raise on the first street
        three_chance = [False] * n
        three = [False] * n
        fold_chance = [False] * n
        folded_to_three = [False] * n
        aggressive = [0] * n
        calls = [0] * n
        fold_street = [99] * n
        # raises on the first street, opener, last raiser there, bets on the
        # second street, whether the c-bet chance was decided, street of the last action
        state = [0, -1, -1, 0, False, 0]
        cbet = [False, False]  # chance, made
        index = _street_index(history.variant)

        def watch(hand: Hand, seat: int, action: Action) -> None:
            kind = action.kind
            if kind == "sd":
                return  # a draw (docs/rules.md §5.7) is no betting action
            street = index[hand.street]
            state[5] = street
            if street == 0:
                acted[seat] = True
                raises = state[0]
                if raises == 1:
                    if not faced_one[seat] and seat != state[1]:
                        faced_one[seat] = True
                        if hand.can_raise:
                            three_chance[seat] = True
                            three[seat] = kind == "cbr"
                elif raises == 2 and seat == state[1] and not fold_chance[seat]:
                    fold_chance[seat] = True
                    folded_to_three[seat] = kind == "f"
                if kind == "cbr":
                    vpip[seat] = pfr[seat] = True
                    if raises == 0:
                        state[1] = seat
                    state[0] = raises + 1
                    state[2] = seat
                elif kind == "cc":
                    if hand.to_call:
                        vpip[seat] = True
                elif kind == "f":
                    fold_street[seat] = 0
                return
            if street == 1 and not state[4] and seat == state[2]:
                state[4] = True
                if not state[3]:
                    cbet[0] = True
                    cbet[1] = kind == "cbr"
            if kind == "cbr":
                aggressive[seat] += 1
                if street == 1:
                    state[3] += 1
            elif kind == "cc":
                if hand.to_call:
                    calls[seat] += 1
            elif kind == "f":
                fold_street[seat] = street

        result = replay(history, watch, check=False)
        hand = result.hand
        seats = result.seats
        game = hand.game
        last = len(game.streets) - 1
        reached = last if hand.showdown_order else index[hand.street]
        showdown = set(hand.showdown_order)

        payoffs: Sequence[int] | None = None
        winnings: Sequence[int] | None = None
        if hand.is_over:
            if not hand.unsettled:
                payoffs, winnings = hand.payoffs, hand.winnings
            else:
                settled = _mucked(hand)
                if settled is not None:
                    payoffs, winnings = settled

        adjusted: list[Fraction] | None = None
        if showdown and winnings is not None and state[5] < last and len(showdown) > 1:
            adjusted = self._all_in(hand, winnings, state[5]) if self.all_in_ev else None
            if adjusted is None:
                self.all_in_unadjusted += 1
            else:
                self.all_in_spots += 1

        scale = history.scale
        big_blind = _big_blind(history)
        key = (scale, big_blind)
        wanted = self.players
        tallies = self.tallies
        self.hands += 1
        aggressor = state[2] if cbet[0] else -1
        for p in range(n):
            name = names[p]
            if wanted is not None and name not in wanted:
                continue
            tally = tallies.get(name)
            if tally is None:
                tally = tallies[name] = _Tally()
            c = tally.counts
            s = seats[p]
            c[HANDS] += 1
            if not acted[s]:
                c[WALKS] += 1
            if vpip[s]:
                c[VPIP] += 1
            if pfr[s]:
                c[PFR] += 1
            if three_chance[s]:
                c[THREE_BET_CHANCES] += 1
                if three[s]:
                    c[THREE_BETS] += 1
            if fold_chance[s]:
                c[FOLD_TO_THREE_CHANCES] += 1
                if folded_to_three[s]:
                    c[FOLDS_TO_THREE] += 1
            if s == aggressor:
                c[CBET_CHANCES] += 1
                if cbet[1]:
                    c[CBETS] += 1
            c[AGGRESSIVE] += aggressive[s]
            c[CALLS] += calls[s]
            if reached >= 1 and fold_street[s] >= 1:
                c[SAW_FLOP] += 1
            at_showdown = s in showdown
            if at_showdown:
                c[SHOWDOWNS] += 1
            if payoffs is None or winnings is None:
                c[UNSETTLED] += 1
                if at_showdown:
                    c[UNSETTLED_SHOWDOWNS] += 1
                continue
            if at_showdown and winnings[s] > 0:
                c[SHOWDOWNS_WON] += 1
            units = payoffs[s]
            if units:
                money = tally.money
                money[key] = money.get(key, 0) + units
            if adjusted is not None and at_showdown:
                c[ALL_IN_SPOTS] += 1
                delta = adjusted[s]
                if delta:
                    chips, blinds = tally.delta or (Fraction(0), Fraction(0))
                    tally.delta = (chips + delta / scale, blinds + delta / big_blind)

    def _all_in(self, hand: Hand, winnings: Sequence[int], street: int) -> list[Fraction] | None:
        """Each seat's all-in correction (expected winnings - actual winnings), in
        units, when every hand still in is known at the end of ``street``'s betting;
        else None."""
        game = cast("Game", hand.game)
        rules = rules_of(game.variant)
        if rules.equity is None:
            return None
        n = hand.n_players
        streets = game.streets[: street + 1]
        dealt = sum(s.hole + s.up for s in streets)
        board = hand.board[: sum(s.board for s in streets)]
        if -1 in board:
            return None
        folded = hand.folded
        cards = [hand.hole(seat)[:dealt] for seat in range(n)]
        if any(-1 in cards[seat] for seat in range(n) if not folded[seat]):
            return None
        pots = hand.pots
        settlement = hand.settlement
        taken = settlement.rake if settlement is not None else ()
        if len(taken) != len(pots):
            taken = (0,) * len(pots)  # no rake (or pots otherwise than settled: see below)
        # What the winners share of each pot: the rake is taken first (§6.10).
        amounts = [pot.amount - rake for pot, rake in zip(pots, taken, strict=True)]
        if sum(amounts) != sum(winnings):
            return None  # chips given back otherwise than the pots say: keep the result
        expected = [Fraction(0)] * n
        for pot, amount in zip(pots, amounts, strict=True):
            eligible = pot.eligible
            if len(eligible) == 1:
                expected[eligible[0]] += amount
                continue
            inside = set(eligible)
            dead = [c for seat in range(n) if seat not in inside for c in cards[seat] if c >= 0]
            shares = self._shares(game, [cards[s] for s in eligible], board, dead)
            if shares is None:
                return None
            for seat, share in zip(eligible, shares, strict=True):
                expected[seat] += amount * share
        return [expected[s] - winnings[s] for s in range(n)]

    def _shares(
        self,
        game: Game,
        holes: list[tuple[int, ...]],
        board: tuple[int, ...],
        dead: list[int],
    ) -> tuple[Fraction, ...] | None:
        """Exact pot shares of ``holes`` (``croupier.equity``, exact), cached."""
        key = (game.variant, tuple(tuple(sorted(h)) for h in holes), board, tuple(sorted(dead)))
        if key in self.cache:
            return self.cache[key]
        shares = _exact_shares(game, holes, board, dead)
        self.cache[key] = shares
        return shares


def _exact_shares(
    game: Game, holes: list[tuple[int, ...]], board: tuple[int, ...], dead: list[int]
) -> tuple[Fraction, ...] | None:
    """Each hand's exact expected share of a pot, from ``croupier.equity(exact=True)``.

    The kernels count every deal; a share of a deal is a multiple of ``1 /
    lcm(1..k)`` (``k`` hands tie at most; half that in hi/lo games), so the
    float equity times ``deals * lcm`` is a whole number, rounded back here
    to an exact fraction (the shares then add up to exactly one pot).
    """
    from croupier._equity import equity

    rules = rules_of(game.variant)
    if game.is_stud:
        left = 52 - sum(len(h) for h in holes) - len(dead)
        deals = 1
        for h in holes:
            need = 7 - len(h)
            if need > left:
                return None  # the deck cannot complete every hand (seventh street's rule)
            deals *= math.comb(left, need)
            left -= need
        if deals > MAX_DEALS:
            return None
        result = equity(game, list(holes), dead=dead, exact=True)
    else:
        result = equity(game, list(holes), board, dead=dead, exact=True)
    unit = math.lcm(*range(1, len(holes) + 1)) * (2 if rules.low_value is not None else 1)
    whole = result.deals * unit
    counts = [round(e * whole) for e in result.equity]
    if sum(counts) == whole and all(
        abs(e * whole - k) < 0.01 for e, k in zip(result.equity, counts, strict=True)
    ):
        return tuple(Fraction(k, whole) for k in counts)
    # Not expected: keep the floats' own values, made to add up to one.
    exact = [Fraction(e) for e in result.equity]
    total = sum(exact, Fraction(0))
    return tuple(e / total for e in exact)


def _mucked(hand: Hand) -> tuple[list[int], list[int]] | None:
    """Payoffs and winnings (per seat) of a showdown with hidden hands, each
    taken as mucked (it wins nothing: docs/rules.md §6.8); None when a pot has
    only hidden hands, the board is hidden, or chips went back outside the pots."""
    game = hand.game
    n = hand.n_players
    board = hand.board
    if -1 in board:
        return None
    contributions = hand.contributions
    pots = hand.pots
    if sum(p.amount for p in pots) != sum(contributions):
        return None
    folded = hand.folded
    known = [False] * n
    high: list[int | None] = [None] * n
    low: list[int | None] | None = None if game.low_value is None else [None] * n
    for seat in range(n):
        if folded[seat]:
            continue
        hole = hand.hole(seat)
        known[seat] = -1 not in hole
        high[seat] = game.value(hole, board) + 1 if known[seat] else 0
        if low is not None and game.low_value is not None:
            low[seat] = game.low_value(hole, board) if known[seat] else 0
    received = [0] * n
    zeros = [0] * n
    rake = game.rake
    if rake is not None and not rake.applies(len(game.streets) - 1):
        rake = None  # at showdown the hand is on its last street
    for pot in pots:
        inside = pot.eligible
        if not any(known[seat] for seat in inside):
            return None
        outside = [seat not in inside for seat in range(n)]
        amount = pot.amount if rake is None else pot.amount - rake.of(pot.amount)
        got = award(zeros, outside, high, low, dead=amount)
        received = [r + g for r, g in zip(received, got, strict=True)]
    payoffs = [r - c for r, c in zip(received, contributions, strict=True)]
    return payoffs, received


# -- reading --------------------------------------------------------------------------


def _count_file(
    run: _Run, path: Path, errors: Errors, progress: Callable[[int, int], object] | None = None
) -> None:
    """Count every hand of one file, streamed (``phh.iter_load``: one hand in memory at
    a time); ``progress(done, size)`` in bytes of the file read, after each hand."""
    try:
        f = phh._open(path)  # closed below; tell() gives the progress
    except (OSError, ValueError) as exc:  # ValueError: not a regular file (a FIFO...)
        message = f"{path}: {_one_line(exc)}" if isinstance(exc, OSError) else str(exc)
        if errors == "raise":
            raise StatsError(message) from None
        run.skip(message)
        return
    with f:
        size = max(1, os.fstat(f.fileno()).st_size)
        hands = phh.iter_load(f, errors=errors, on_error=lambda error: run.skip(str(error)))
        k = 0
        while True:
            try:
                history = next(hands, None)
            except ValueError as exc:  # a hand that cannot be read (errors="raise")
                raise StatsError(_one_line(exc)) from None
            if history is None:
                break
            k += 1
            try:
                run.count(history)
            except ValueError as exc:
                message = f"{path}, hand {k}: {exc}"
                if errors == "raise":
                    raise StatsError(message) from None
                run.skip(message)
            if progress is not None:
                progress(min(f.tell(), size), size)


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc)


def _count_hands(run: _Run, hands: Iterable[HandHistory], first: int, errors: Errors) -> None:
    for k, history in enumerate(hands, first):
        try:
            run.count(history)
        except ValueError as exc:
            message = f"hand {k}: {exc}"
            if errors == "raise":
                raise StatsError(message) from None
            run.skip(message)


@dataclass(frozen=True)
class _Options:
    players: frozenset[str] | None
    errors: Errors
    all_in_ev: bool


def _file_stats(path: str, options: _Options) -> Stats:
    """One file's statistics (the task an executor runs: top level, so it pickles)."""
    run = _Run(options.players, options.all_in_ev)
    _count_file(run, Path(path), options.errors)
    return run.result()


def _hands_stats(hands: list[HandHistory], first: int, options: _Options) -> Stats:
    """The statistics of some hands (an executor's task)."""
    run = _Run(options.players, options.all_in_ev)
    _count_hands(run, hands, first, options.errors)
    return run.result()


def _sources(hands: Iterable[Source] | Source) -> list[Path | list[HandHistory]]:
    """Files and runs of hands, in the order given."""
    if isinstance(hands, (str, os.PathLike, HandHistory)):
        hands = [hands]
    if not isinstance(hands, Iterable):
        raise ValueError(
            "hands must be hand histories, paths or an iterable of them, "
            f"got {type(hands).__name__}"
        )
    out: list[Path | list[HandHistory]] = []
    for item in hands:
        if isinstance(item, HandHistory):
            if not out or not isinstance(out[-1], list):
                out.append([])
            last = out[-1]
            assert isinstance(last, list)
            last.append(item)
        elif isinstance(item, (str, os.PathLike)):
            try:
                out.extend(phh.files(item))
            except FileNotFoundError:
                out.append(Path(item))  # counting it says what is wrong (or skips it)
        else:
            raise ValueError(
                f"expected a HandHistory or a path, got {type(item).__name__} ({item!r:.60})"
            )
    return out


def stats(
    hands: Iterable[Source] | Source,
    *,
    player: str | Iterable[str] | None = None,
    errors: Errors = "raise",
    executor: Executor | None = None,
    all_in_ev: bool = True,
    progress: Callable[[int, int], object] | None = None,
) -> Stats:
    """The statistics of every player of ``hands`` (:class:`Stats`).

    ``hands``: hand histories, paths of ``.phh``/``.phhs`` files, directories
    (their ``.phh`` and ``.phhs`` files, sorted) or globs, or an iterable of
    them.  ``player`` keeps only that player (or those players).  A hand that
    cannot be replayed raises :class:`StatsError` naming its file and its
    place in the file (``errors="raise"``), or is left out and counted in
    ``Stats.skipped`` (``errors="skip"``).  ``all_in_ev=False`` leaves out
    the all-in equity (the adjusted figures then equal the actual ones).

    With an ``executor`` (any ``concurrent.futures.Executor``: threads,
    processes, Dask's ``client.get_executor()``), each file is counted by a
    task of its own (hand histories, 500 at a time) and the results are
    summed: the same result as without it.  ``progress(done, total)`` is
    called as work is done (bytes of the files, a hand history counting 1).

    >>> from croupier import phh
    >>> text = ("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n"
    ...         "min_bet = 2\\nstarting_stacks = [50, 50]\\nactions = ['p2 f']\\n")
    >>> s = stats([phh.loads(text)] * 3)
    >>> s["p1"].walks, s["p1"].vpip_percent, s["p1"].net, s["p2"].bb_per_100
    (3, None, Fraction(3, 1), -50.0)
    """
    if errors not in ("raise", "skip"):
        raise ValueError(f"errors must be 'raise' or 'skip', got {errors!r}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(
            f"executor must be a concurrent.futures.Executor, got {type(executor).__name__}"
        )
    wanted: frozenset[str] | None = None
    if player is not None:
        wanted = frozenset([player] if isinstance(player, str) else player)
        if not all(isinstance(name, str) for name in wanted):
            raise ValueError(f"player must be a name or names, got {player!r}")
    sources = _sources(hands)
    sizes = [_size(s) for s in sources]
    options = _Options(wanted, errors, bool(all_in_ev))
    if executor is not None:
        return _on_executor(executor, sources, sizes, options, progress)
    run = _Run(wanted, options.all_in_ev)
    total = sum(sizes)
    done = 0
    first = 1
    for source, size in zip(sources, sizes, strict=True):
        if isinstance(source, Path):
            step = None
            if progress is not None:
                step = _part(progress, done, size, total)
            _count_file(run, source, errors, step)
        else:
            _count_hands(run, source, first, errors)
            first += len(source)
        done += size
        if progress is not None:
            progress(done, total)
    return run.result()


def _size(source: Path | list[HandHistory]) -> int:
    """The work of a source for ``progress``: a file's bytes, or its number of hands."""
    if isinstance(source, list):
        return len(source)
    try:
        return max(1, source.stat().st_size)
    except OSError:
        return 1  # reading it will say what is wrong


def _part(
    progress: Callable[[int, int], object], base: int, size: int, total: int
) -> Callable[[int, int], object]:
    """Progress within one file: hand ``k`` of ``n`` done is ``k / n`` of its bytes."""

    def step(k: int, n: int) -> object:
        return progress(base + size * k // n, total)

    return step


def _on_executor(
    executor: Executor,
    sources: list[Path | list[HandHistory]],
    sizes: list[int],
    options: _Options,
    progress: Callable[[int, int], object] | None,
) -> Stats:
    tasks: list[tuple[Future[Stats], int]] = []
    first = 1
    for source, size in zip(sources, sizes, strict=True):
        if isinstance(source, Path):
            tasks.append((executor.submit(_file_stats, str(source), options), size))
            continue
        for start in range(0, len(source), HANDS_PER_TASK):
            chunk = source[start : start + HANDS_PER_TASK]
            tasks.append((executor.submit(_hands_stats, chunk, first, options), len(chunk)))
            first += len(chunk)
    total = sum(sizes)

    def results() -> Iterator[Stats]:
        done = 0
        for future, size in tasks:  # in order: problems keep the order of the input
            yield future.result()
            done += size
            if progress is not None:
                progress(done, total)

    return _merge(results())
