"""Counting hands: what each player did in a replayed hand, added to their tally.

:class:`Run` is one ``stats`` run: it replays each history
(:func:`croupier.replay.replay`), watches every player action with a
:class:`_Betting` (what each seat faced and did, by street), reads the
finished hand's result (the engine's settlement; a showdown with hidden hands
by :mod:`._mucked`), adjusts all-in spots (:mod:`._allin`) and adds each
player's hand to a :class:`_Tally`, whose counters are :class:`PlayerStats`'
fields by name.

>>> from croupier import phh
>>> text = ("variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n"
...         "min_bet = 2\\nstarting_stacks = [50, 50]\\nactions = ['p2 cbr 6', 'p1 f']\\n")
>>> run = Run(None, all_in_ev=True)
>>> run.count(phh.loads(text))
>>> s = run.result()
>>> s["p2"].pfr, s["p2"].net, s["p1"].hands, s["p1"].vpip
(1, Fraction(2, 1), 1, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from croupier.errors import bounded
from croupier.replay import replay
from croupier.statistics._allin import AllIn
from croupier.statistics._mucked import settle_mucked
from croupier.statistics._players import COUNTERS, PROBLEMS_KEPT, PlayerStats, Stats
from croupier.variants import from_phh, rules_of

if TYPE_CHECKING:
    from croupier.actions import Action
    from croupier.hand import Hand
    from croupier.phh import HandHistory

__all__ = ["Run"]

_NOT_FOLDED = 99  # the street of a seat that did not fold: after every street


class _Tally:
    """One player's running counters, by name (``PlayerStats``' int fields: the slots
    are ``COUNTERS``, so a counter not of ``PlayerStats`` cannot be set); the net in
    units per (scale, big blind) of the hands (summed as ints, made fractions once);
    and the all-in corrections (fractions, made only for the hands adjusted)."""

    __slots__ = (*COUNTERS, "delta", "money")

    def __init__(self) -> None:
        self.hands = 0
        self.walks = 0
        self.vpip = 0
        self.pfr = 0
        self.three_bets = 0
        self.three_bet_opportunities = 0
        self.folds_to_three_bet = 0
        self.fold_to_three_bet_opportunities = 0
        self.cbets = 0
        self.cbet_opportunities = 0
        self.bets_and_raises = 0
        self.calls = 0
        self.saw_flop = 0
        self.showdowns = 0
        self.showdowns_won = 0
        self.unsettled = 0
        self.unsettled_showdowns = 0
        self.all_in_spots = 0
        self.money: dict[tuple[int, int], int] = {}
        self.delta: tuple[Fraction, Fraction] | None = None  # adjusted - actual: chips, bb

    def result(self, name: str) -> PlayerStats:
        net = bbs = Fraction(0)
        for (scale, big_blind), units in self.money.items():
            net += Fraction(units, scale)
            bbs += Fraction(units, big_blind)
        chips, blinds = self.delta or (Fraction(0), Fraction(0))
        return PlayerStats(
            name,
            **{counter: getattr(self, counter) for counter in COUNTERS},
            net=net,
            big_blinds=bbs,
            all_in_adjusted_net=net + chips,
            all_in_adjusted_big_blinds=bbs + blinds,
        )


class _Betting:
    """What each seat faced and did in one hand, filled in by :meth:`watch` (the
    replay's watcher) before each player action; seats are the engine's."""

    __slots__ = (
        "acted",
        "aggressive",
        "calls",
        "cbet_chance",
        "cbet_decided",
        "cbet_made",
        "faced_one_raise",
        "fold_chance",
        "fold_street",
        "folded_to_three",
        "last_raiser",
        "last_street",
        "opener",
        "pfr",
        "raises",
        "second_street_bets",
        "street_index",
        "three",
        "three_chance",
        "vpip",
    )

    def __init__(self, n: int, street_index: dict[str, int]) -> None:
        self.street_index = street_index
        self.acted = [False] * n
        self.vpip = [False] * n
        self.pfr = [False] * n
        self.faced_one_raise = [False] * n  # faced exactly one raise on the first street
        self.three_chance = [False] * n
        self.three = [False] * n
        self.fold_chance = [False] * n
        self.folded_to_three = [False] * n
        self.aggressive = [0] * n
        self.calls = [0] * n
        self.fold_street = [_NOT_FOLDED] * n
        self.raises = 0  # bets and raises on the first street
        self.opener = -1  # the first street's first raiser
        self.last_raiser = -1  # the first street's last raiser
        self.second_street_bets = 0
        self.cbet_decided = False
        self.cbet_chance = False
        self.cbet_made = False
        self.last_street = 0  # the street of the last betting action

    def watch(self, hand: Hand, seat: int, action: Action) -> None:
        """The replay's watcher: what ``seat`` faces and does (one method, no further
        calls: it runs before every action of every hand)."""
        kind = action.kind
        if kind == "sd":
            return  # a draw (docs/rules.md §5.7) is no betting action
        street = self.street_index[hand.street]
        self.last_street = street
        if street == 0:  # VPIP, PFR, 3-bets and folds to them
            self.acted[seat] = True
            raises = self.raises
            if raises == 1:
                if not self.faced_one_raise[seat] and seat != self.opener:
                    self.faced_one_raise[seat] = True
                    if hand.can_raise:
                        self.three_chance[seat] = True
                        self.three[seat] = kind == "cbr"
            elif raises == 2 and seat == self.opener and not self.fold_chance[seat]:
                self.fold_chance[seat] = True
                self.folded_to_three[seat] = kind == "f"
            if kind == "cbr":
                self.vpip[seat] = self.pfr[seat] = True
                if raises == 0:
                    self.opener = seat
                self.raises = raises + 1
                self.last_raiser = seat
            elif kind == "cc":
                if hand.to_call:
                    self.vpip[seat] = True
            elif kind == "f":
                self.fold_street[seat] = 0
            return
        # Later streets: the continuation bet, aggression (bets and raises, calls), folds.
        if street == 1 and not self.cbet_decided and seat == self.last_raiser:
            self.cbet_decided = True
            if not self.second_street_bets:
                self.cbet_chance = True
                self.cbet_made = kind == "cbr"
        if kind == "cbr":
            self.aggressive[seat] += 1
            if street == 1:
                self.second_street_bets += 1
        elif kind == "cc":
            if hand.to_call:
                self.calls[seat] += 1
        elif kind == "f":
            self.fold_street[seat] = street

    def add_to(self, c: _Tally, s: int, reached: int) -> None:
        """Seat ``s``'s betting counters, added to its player's tally (``reached``:
        the last street the hand got to)."""
        # One counter per line, by name: alike in shape, each its own statistic.
        c.hands += 1
        if not self.acted[s]:
            c.walks += 1
        if self.vpip[s]:
            c.vpip += 1
        if self.pfr[s]:
            c.pfr += 1
        if self.three_chance[s]:
            c.three_bet_opportunities += 1
            if self.three[s]:
                c.three_bets += 1
        if self.fold_chance[s]:
            c.fold_to_three_bet_opportunities += 1
            if self.folded_to_three[s]:
                c.folds_to_three_bet += 1
        if self.cbet_chance and s == self.last_raiser:
            c.cbet_opportunities += 1
            if self.cbet_made:
                c.cbets += 1
        aggressive = self.aggressive[s]
        if aggressive:
            c.bets_and_raises += aggressive
        calls = self.calls[s]
        if calls:
            c.calls += calls
        if reached >= 1 and self.fold_street[s] >= 1:
            c.saw_flop += 1


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


def _result(hand: Hand) -> tuple[Sequence[int], Sequence[int]] | None:
    """The hand's payoffs and winnings: the engine's, else (hidden hands at the
    showdown) each hidden hand taken as mucked; None when not known."""
    if not hand.is_over:
        return None
    if not hand.unsettled:
        payoffs, winnings = hand.payoffs, hand.winnings
        assert payoffs is not None and winnings is not None  # over and settled
        return payoffs, winnings
    return settle_mucked(hand)


class Run:
    """The state of one ``stats`` run: the tallies, the wanted players, the all-in
    adjustment (``None`` with ``all_in_ev=False``) and its cache.

    >>> Run(frozenset(["Ann"]), all_in_ev=False).result().hands
    0
    """

    def __init__(self, players: frozenset[str] | None, all_in_ev: bool) -> None:
        self.players = players
        self.all_in = AllIn() if all_in_ev else None
        self.tallies: dict[str, _Tally] = {}
        self.hands = 0
        self.skipped = 0
        self.all_in_spots = 0
        self.all_in_unadjusted = 0
        self.problems: list[str] = []

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
        index = _street_index(history.variant)
        n = len(history.starting_stacks)
        betting = _Betting(n, index)
        replayed = replay(history, betting.watch, check=False)
        hand = replayed.hand
        last = len(hand.game.streets) - 1
        reached = last if hand.showdown_order else index[hand.street]
        showdown = set(hand.showdown_order)
        result = _result(hand)
        adjusted = None
        if result is not None and len(showdown) > 1 and betting.last_street < last:
            adjusted = self._adjust(hand, result[1], betting.last_street)
        self.hands += 1
        names = history.players or tuple(f"p{k + 1}" for k in range(n))
        scale, big_blind = history.scale, _big_blind(history)
        key = (scale, big_blind)
        payoffs, winnings = result if result is not None else ((), ())
        wanted = self.players
        tallies = self.tallies
        for p, s in enumerate(replayed.seats):
            name = names[p]
            if wanted is not None and name not in wanted:
                continue
            tally = tallies.get(name)
            if tally is None:
                tally = tallies[name] = _Tally()
            betting.add_to(tally, s, reached)
            at_showdown = s in showdown
            if at_showdown:
                tally.showdowns += 1
            if result is None:
                tally.unsettled += 1
                if at_showdown:
                    tally.unsettled_showdowns += 1
                continue
            if at_showdown and winnings[s] > 0:
                tally.showdowns_won += 1
            units = payoffs[s]
            if units:
                money = tally.money
                money[key] = money.get(key, 0) + units
            if adjusted is not None and at_showdown:
                tally.all_in_spots += 1
                delta = adjusted[s]
                if delta:
                    chips, blinds = tally.delta or (Fraction(0), Fraction(0))
                    tally.delta = (chips + delta / scale, blinds + delta / big_blind)

    def _adjust(self, hand: Hand, winnings: Sequence[int], street: int) -> list[Fraction] | None:
        """The all-in corrections of a hand all in before its last street, counted as
        an all-in spot, or as unadjusted when they cannot be made (or are not wanted)."""
        adjusted = None if self.all_in is None else self.all_in.corrections(hand, winnings, street)
        if adjusted is None:
            self.all_in_unadjusted += 1
        else:
            self.all_in_spots += 1
        return adjusted
