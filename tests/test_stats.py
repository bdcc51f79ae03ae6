"""Player statistics (``croupier.statistics``): hands worked out by hand, every shipped file.

The first part plays small hands written here in PHH, each with a comment
giving the statistics worked out by hand (docs/stats.md has the definitions):
a walk, a limp, a 3-bet and a fold to it, c-bets made and missed, showdowns
(known, mucked, hidden), a heads-up all-in and a multi-way all-in with a side
pot on known cards (equities counted by hand), a stud 3-bet and c-bet, a Razz
all-in on sixth street, a fixed-limit hand, a file that stops early and money
in halves.  Each hand's statistics must be exactly the ones written down.

The second part runs over every shipped hand history (tests/data/phh: the
HandHQ sample and every WSOP file, the draw games' included): chips are
conserved hand by hand
and table by table, actual and all-in adjusted; statistics add up over files;
an executor (threads, processes) gives the serial result.  A property test
plays random hands on the engine and checks the counters are consistent.
"""

from __future__ import annotations

import dataclasses
import itertools
import multiprocessing
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import croupier
from croupier import NO_LIMIT, POT_LIMIT, Omaha, TexasHoldem, equity, phh
from croupier._simulation import POLICIES
from croupier.games import SevenCardStud
from croupier.replay import history_of, replay
from croupier.statistics import COLUMNS, PlayerStats, Stats, StatsError, stats
from croupier.statistics._allin import exact_shares

DATA = Path(__file__).resolve().parent / "data" / "phh"
HANDHQ = sorted((DATA / "handhq").glob("*.phhs"))
WSOP = sorted((DATA / "wsop").glob("*.phh"))
DRAW = ("N2L1D", "F2L3D")  # the draw games (docs/rules.md §5.7), replayed like the others
WSOP_VARIANT = {path: phh.load(path).variant for path in WSOP}
WSOP_PLAYED = list(WSOP)
WSOP_DRAW = [p for p in WSOP if WSOP_VARIANT[p] in DRAW]

NT3 = (  # three-handed no-limit hold'em, blinds 1/2: p1 small blind, p2 big blind, p3 button
    "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
)
NT2 = (  # heads-up, blinds 1/2: p2 is the button and posts the small blind, p1 the big blind
    "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
)


def hand(head: str, stacks: str, players: str, *actions: str) -> phh.HandHistory:
    text = head + f"starting_stacks = [{stacks}]\nplayers = [{players}]\n"
    text += "actions = [" + ", ".join(repr(a) for a in actions) + "]\n"
    return phh.loads(text)


def hidden(n: int) -> list[str]:
    return [f"d dh p{k} ????" for k in range(1, n + 1)]


# Each case: the hand, then each player's statistics as worked out by hand
# (the fields not given are 0; big_blinds is net / big blind; the all-in
# adjusted figures equal the actual ones unless given).
CASES: dict[str, tuple[phh.HandHistory, int, dict[str, dict[str, object]]]] = {}

# 1. A walk.  Cy (button) and Ann (small blind) fold: Bob's big blind wins the
#    small blind without a decision.  Bob: a hand, a walk (no VPIP chance), +1.
#    Ann: a hand, no VPIP, -1.  Cy: a hand, no VPIP, 0.
CASES["walk"] = (
    hand(NT3, "100, 100, 100", "'Ann', 'Bob', 'Cy'", *hidden(3), "p3 f", "p1 f"),
    2,
    {
        "Ann": {"hands": 1, "net": -1},
        "Bob": {"hands": 1, "walks": 1, "net": 1},
        "Cy": {"hands": 1},
    },
)

# 2. A limp.  Cy calls the big blind (VPIP, no PFR), Ann folds, Bob checks
#    (no VPIP).  Flop checked, Bob bets 4 on the turn, Cy folds.  Both saw the
#    flop; Bob made one bet after the flop (AF numerator), Cy none.  Nobody
#    raised pre-flop: no 3-bet or c-bet chance.  Pot 5: Bob +3, Cy -2, Ann -1.
CASES["limp"] = (
    hand(
        NT3,
        "100, 100, 100",
        "'Ann', 'Bob', 'Cy'",
        *hidden(3),
        "p3 cc",
        "p1 f",
        "p2 cc",
        "d db 2c7d9h",
        "p2 cc",
        "p3 cc",
        "d db Js",
        "p2 cbr 4",
        "p3 f",
    ),
    2,
    {
        "Ann": {"hands": 1, "net": -1},
        "Bob": {"hands": 1, "saw_flop": 1, "bets_and_raises": 1, "net": 3},
        "Cy": {"hands": 1, "vpip": 1, "saw_flop": 1, "net": -2},
    },
)

# 3. A 3-bet and a fold to it.  Cy opens to 6; Ann faces exactly one raise
#    and re-raises to 20 (a 3-bet chance taken); Bob then faces two raises (no
#    3-bet chance) and folds; Cy, the opener, faces the 3-bet and folds (a
#    fold-to-3-bet chance taken).  Ann's uncalled 14 come back: she wins
#    6 + 2 + her 6, +8; Bob -2, Cy -6.
CASES["3-bet"] = (
    hand(
        NT3,
        "100, 100, 100",
        "'Ann', 'Bob', 'Cy'",
        *hidden(3),
        "p3 cbr 6",
        "p1 cbr 20",
        "p2 f",
        "p3 f",
    ),
    2,
    {
        "Ann": {
            "hands": 1,
            "vpip": 1,
            "pfr": 1,
            "three_bets": 1,
            "three_bet_opportunities": 1,
            "net": 8,
        },
        "Bob": {"hands": 1, "net": -2},
        "Cy": {
            "hands": 1,
            "vpip": 1,
            "pfr": 1,
            "folds_to_three_bet": 1,
            "fold_to_three_bet_opportunities": 1,
            "net": -6,
        },
    },
)

# 4. A c-bet.  Cy opens to 6, Ann folds and Bob calls (VPIP): both had a
#    3-bet chance (one raise faced) and did not take it.  Flop: Bob checks,
#    Cy (the pre-flop raiser, nobody bet before him) bets 8: a c-bet; Bob
#    calls.  Turn checked; river Bob bets 10, Cy folds.  AF: Cy 1 bet / 0
#    calls, Bob 1 bet / 1 call.  Pot 1 + 6 + 6 + 8 + 8 = 29 to Bob (his 10
#    uncalled): Bob +15, Cy -14, Ann -1.
CASES["c-bet"] = (
    hand(
        NT3,
        "100, 100, 100",
        "'Ann', 'Bob', 'Cy'",
        *hidden(3),
        "p3 cbr 6",
        "p1 f",
        "p2 cc",
        "d db 2c7d9h",
        "p2 cc",
        "p3 cbr 8",
        "p2 cc",
        "d db Js",
        "p2 cc",
        "p3 cc",
        "d db 3h",
        "p2 cbr 10",
        "p3 f",
    ),
    2,
    {
        "Ann": {"hands": 1, "three_bet_opportunities": 1, "net": -1},
        "Bob": {
            "hands": 1,
            "vpip": 1,
            "three_bet_opportunities": 1,
            "saw_flop": 1,
            "bets_and_raises": 1,
            "calls": 1,
            "net": 15,
        },
        "Cy": {
            "hands": 1,
            "vpip": 1,
            "pfr": 1,
            "cbet_opportunities": 1,
            "cbets": 1,
            "saw_flop": 1,
            "bets_and_raises": 1,
            "net": -14,
        },
    },
)

# 5. A c-bet missed, and a showdown.  Heads-up: Dee (button) opens to 6, Eve
#    calls (a 3-bet chance not taken).  Flop checked: Dee's c-bet chance is
#    not taken.  Turn: Eve bets 10, Dee calls; river checked.  Showdown:
#    Dee's queens beat Eve's ace-king (board 2c7d9h Jc 3s): Dee wins 32, +16.
CASES["showdown"] = (
    hand(
        NT2,
        "100, 100",
        "'Eve', 'Dee'",
        "d dh p1 AsKs",
        "d dh p2 QdQh",
        "p2 cbr 6",
        "p1 cc",
        "d db 2c7d9h",
        "p1 cc",
        "p2 cc",
        "d db Jc",
        "p1 cbr 10",
        "p2 cc",
        "d db 3s",
        "p1 cc",
        "p2 cc",
    ),
    2,
    {
        "Eve": {
            "hands": 1,
            "vpip": 1,
            "three_bet_opportunities": 1,
            "saw_flop": 1,
            "bets_and_raises": 1,
            "showdowns": 1,
            "net": -16,
        },
        "Dee": {
            "hands": 1,
            "vpip": 1,
            "pfr": 1,
            "cbet_opportunities": 1,
            "saw_flop": 1,
            "calls": 1,
            "showdowns": 1,
            "showdowns_won": 1,
            "net": 16,
        },
    },
)

# 6. A heads-up all-in on the flop, AA against KK.  Dee (AcAd) opens to 6, Eve
#    (KcKd) calls; flop 2h7s9c: Eve checks, Dee bets all-in (94, a c-bet),
#    Eve calls.  Turn 3d, river 4h: Dee wins 200, +100.
#    Counted by hand: 45 cards are left, C(45, 2) = 990 turn-and-river pairs.
#    KK wins with a king among them (990 - C(43, 2) = 87 pairs) unless the other
#    card is an ace (2 x 2 = 4 pairs: aces full beat kings full... trips of aces
#    beat trips of kings): 83.  No straight or flush can come (two cards to a
#    rainbow 2-7-9), no tie.  So AA 907/990, KK 83/990 of the 200 pot:
#    Dee 200 * 907/990 - 100 = 8240/99, Eve 200 * 83/990 - 100 = -8240/99.
CASES["heads-up all-in"] = (
    hand(
        NT2,
        "100, 100",
        "'Eve', 'Dee'",
        "d dh p1 KcKd",
        "d dh p2 AcAd",
        "p2 cbr 6",
        "p1 cc",
        "d db 2h7s9c",
        "p1 cc",
        "p2 cbr 94",
        "p1 cc",
        "d db 3d",
        "d db 4h",
    ),
    2,
    {
        "Eve": {
            "hands": 1,
            "vpip": 1,
            "three_bet_opportunities": 1,
            "saw_flop": 1,
            "calls": 1,
            "showdowns": 1,
            "all_in_spots": 1,
            "net": -100,
            "all_in_adjusted_net": Fraction(-8240, 99),
        },
        "Dee": {
            "hands": 1,
            "vpip": 1,
            "pfr": 1,
            "cbet_opportunities": 1,
            "cbets": 1,
            "saw_flop": 1,
            "bets_and_raises": 1,
            "showdowns": 1,
            "showdowns_won": 1,
            "all_in_spots": 1,
            "net": 100,
            "all_in_adjusted_net": Fraction(8240, 99),
        },
    },
)

# 7. A three-way all-in on the turn with a side pot.  Ann (AcAd, 50 chips,
#    small blind) completes, Bob (KcKd, 100, big blind) checks, Cy (QcQd, 200,
#    button) limped first: Ann and Cy VPIP, Bob not.  Flop 2c7d9h checked.
#    Turn Js: Ann bets 48 all-in, Bob raises to 98 all-in, Cy calls.  Main pot
#    150 (all three), side pot 100 (Bob and Cy).  River 3h: Ann's aces take
#    the main pot (+100), Bob's kings the side pot (0), Cy -100.
#    Counted by hand: 42 rivers.  Main pot: a king (Kh, Ks) for Bob, a queen
#    (Qh, Qs) for Cy, any other card for Ann (no straight or flush can come):
#    Ann 38/42, Bob 2/42, Cy 2/42.  Side pot (Ann's cards dead): Cy only with a
#    queen, 2/42; Bob 40/42.  Expected: Ann 150 * 38/42 - 50 = 600/7,
#    Bob 150 * 2/42 + 100 * 40/42 - 100 = 50/21, Cy 150 * 2/42 + 100 * 2/42 - 100
#    = -1850/21 (they add up to 0).
CASES["side pot all-in"] = (
    hand(
        NT3,
        "50, 100, 200",
        "'Ann', 'Bob', 'Cy'",
        "d dh p1 AcAd",
        "d dh p2 KcKd",
        "d dh p3 QcQd",
        "p3 cc",
        "p1 cc",
        "p2 cc",
        "d db 2c7d9h",
        "p1 cc",
        "p2 cc",
        "p3 cc",
        "d db Js",
        "p1 cbr 48",
        "p2 cbr 98",
        "p3 cc",
        "d db 3h",
    ),
    2,
    {
        "Ann": {
            "hands": 1,
            "vpip": 1,
            "saw_flop": 1,
            "bets_and_raises": 1,
            "showdowns": 1,
            "showdowns_won": 1,
            "all_in_spots": 1,
            "net": 100,
            "all_in_adjusted_net": Fraction(600, 7),
        },
        "Bob": {
            "hands": 1,
            "saw_flop": 1,
            "bets_and_raises": 1,
            "showdowns": 1,
            "showdowns_won": 1,
            "all_in_spots": 1,
            "net": 0,
            "all_in_adjusted_net": Fraction(50, 21),
        },
        "Cy": {
            "hands": 1,
            "vpip": 1,
            "saw_flop": 1,
            "calls": 1,
            "showdowns": 1,
            "all_in_spots": 1,
            "net": -100,
            "all_in_adjusted_net": Fraction(-1850, 21),
        },
    },
)

STUD = (  # fixed-limit seven-card stud: antes 1, bring-in 1, bets 2/4
    "variant = 'F7S'\nantes = [1, 1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n"
)

# 8. Stud: the completion is the open, a raise of it a 3-bet, a bet on fourth
#    street by the last third-street raiser a c-bet.  Up cards 2c (Ann), Kd
#    (Bob), Ah (Cy): Ann brings in (forced: no VPIP), Bob completes to 2 (VPIP,
#    PFR), Cy raises to 4 (a 3-bet: one raise faced), Ann folds, Bob calls the
#    3-bet (a fold-to-3-bet chance not taken).  Fourth street: Cy's A-Q board
#    acts first and bets 2 (a c-bet), Bob folds.  Cy wins the antes 3, Ann's 1
#    and Bob's 4 with his own 5 (his 2 come back): Cy +7, Bob -5, Ann -2.  The
#    big blind of a stud hand is its small bet: 2.
CASES["stud"] = (
    hand(
        STUD,
        "50, 50, 50",
        "'Ann', 'Bob', 'Cy'",
        "d dh p1 3s4s2c",
        "d dh p2 8h9hKd",
        "d dh p3 5d6dAh",
        "p1 pb",
        "p2 cbr 2",
        "p3 cbr 4",
        "p1 f",
        "p2 cc",
        "d dh p2 Tc",
        "d dh p3 Qs",
        "p3 cbr 2",
        "p2 f",
    ),
    2,
    {
        "Ann": {"hands": 1, "net": -2},
        "Bob": {
            "hands": 1,
            "vpip": 1,
            "pfr": 1,
            "fold_to_three_bet_opportunities": 1,
            "saw_flop": 1,
            "net": -5,
        },
        "Cy": {
            "hands": 1,
            "vpip": 1,
            "pfr": 1,
            "three_bets": 1,
            "three_bet_opportunities": 1,
            "cbets": 1,
            "cbet_opportunities": 1,
            "saw_flop": 1,
            "bets_and_raises": 1,
            "net": 7,
        },
    },
)

RAZZ = "variant = 'FR'\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n"

# 9. Razz, all-in on sixth street.  Bob's Kc brings in, Ann completes (VPIP,
#    PFR), Bob calls (VPIP; a 3-bet chance not taken).  Ann bets fourth (a
#    c-bet), fifth and sixth street, Bob calls each, the last all-in (13 chips
#    each in all, pot 26).  Ann holds the wheel A-2-3-4-5 on sixth street: she
#    cannot lose; Bob (A-2-3-4 and two kings) ties with a five on seventh
#    street, nothing else.  Counted by hand: 40 cards unseen, 3 fives among
#    them, so Bob's card is a five 3/40 of the time: Bob's share 3/80, Ann's
#    77/80.  Expected: Ann 26 * 77/80 - 13 = 481/40, Bob -481/40.  Seventh
#    street gives Bob the 7c: Ann wins 26, +13.
CASES["razz all-in"] = (
    hand(
        RAZZ,
        "20, 13",
        "'Ann', 'Bob'",
        "d dh p1 As2s5s",
        "d dh p2 Ah2hKc",
        "p2 pb",
        "p1 cbr 2",
        "p2 cc",
        "d dh p1 3s",
        "d dh p2 3h",
        "p1 cbr 2",
        "p2 cc",
        "d dh p1 4s",
        "d dh p2 4h",
        "p1 cbr 4",
        "p2 cc",
        "d dh p1 9c",
        "d dh p2 Kd",
        "p1 cbr 4",
        "p2 cc",
        "d dh p1 Qh",
        "d dh p2 7c",
    ),
    2,
    {
        "Ann": {
            "hands": 1,
            "vpip": 1,
            "pfr": 1,
            "cbets": 1,
            "cbet_opportunities": 1,
            "saw_flop": 1,
            "bets_and_raises": 3,
            "showdowns": 1,
            "showdowns_won": 1,
            "all_in_spots": 1,
            "net": 13,
            "all_in_adjusted_net": Fraction(481, 40),
        },
        "Bob": {
            "hands": 1,
            "vpip": 1,
            "three_bet_opportunities": 1,
            "saw_flop": 1,
            "calls": 3,
            "showdowns": 1,
            "all_in_spots": 1,
            "net": -13,
            "all_in_adjusted_net": Fraction(-481, 40),
        },
    },
)

# 10. A mucked hand at showdown (HandHQ's "????").  Dee limps (VPIP), Eve
#     checks; checked to the river, where Eve bets 4 and Dee calls.  Eve shows
#     aces, Dee does not show: taken as mucked, Eve wins the 12: Eve +6, Dee -6.
CASES["mucked"] = (
    hand(
        NT2,
        "100, 100",
        "'Eve', 'Dee'",
        *hidden(2),
        "p2 cc",
        "p1 cc",
        "d db 2c7d9h",
        "p1 cc",
        "p2 cc",
        "d db Js",
        "p1 cc",
        "p2 cc",
        "d db 3h",
        "p1 cbr 4",
        "p2 cc",
        "p1 sm AsAh",
        "p2 sm ????",
    ),
    2,
    {
        "Eve": {
            "hands": 1,
            "saw_flop": 1,
            "bets_and_raises": 1,
            "showdowns": 1,
            "showdowns_won": 1,
            "net": 6,
        },
        "Dee": {"hands": 1, "vpip": 1, "saw_flop": 1, "calls": 1, "showdowns": 1, "net": -6},
    },
)

# 11. A showdown of hidden hands only: the result is unknown, for everyone
#     (Ann folded, but the hand is counted as one of unknown result for all).
#     Cy opens to 6, Ann folds, Bob calls (both had a 3-bet chance); Cy's flop c-bet of 6 is called;
#     turn and river checked; neither shows.
CASES["unsettled"] = (
    hand(
        NT3,
        "100, 100, 100",
        "'Ann', 'Bob', 'Cy'",
        *hidden(3),
        "p3 cbr 6",
        "p1 f",
        "p2 cc",
        "d db 2c7d9h",
        "p2 cc",
        "p3 cbr 6",
        "p2 cc",
        "d db Js",
        "p2 cc",
        "p3 cc",
        "d db 3h",
        "p2 cc",
        "p3 cc",
        "p2 sm ????",
        "p3 sm ????",
    ),
    2,
    {
        "Ann": {"hands": 1, "three_bet_opportunities": 1, "unsettled": 1},
        "Bob": {
            "hands": 1,
            "vpip": 1,
            "three_bet_opportunities": 1,
            "saw_flop": 1,
            "calls": 1,
            "showdowns": 1,
            "unsettled": 1,
            "unsettled_showdowns": 1,
        },
        "Cy": {
            "hands": 1,
            "vpip": 1,
            "pfr": 1,
            "cbets": 1,
            "cbet_opportunities": 1,
            "saw_flop": 1,
            "bets_and_raises": 1,
            "showdowns": 1,
            "unsettled": 1,
            "unsettled_showdowns": 1,
        },
    },
)

# 12. A file that stops on the flop: the statistics of what was played
#     (everyone limped or checked and saw the flop), no result.
CASES["stops early"] = (
    hand(
        NT3,
        "100, 100, 100",
        "'Ann', 'Bob', 'Cy'",
        *hidden(3),
        "p3 cc",
        "p1 cc",
        "p2 cc",
        "d db 2c7d9h",
    ),
    2,
    {
        "Ann": {"hands": 1, "vpip": 1, "saw_flop": 1, "unsettled": 1},
        "Bob": {"hands": 1, "saw_flop": 1, "unsettled": 1},
        "Cy": {"hands": 1, "vpip": 1, "saw_flop": 1, "unsettled": 1},
    },
)

# 13. An all-in with a hidden hand: Dee moves all-in pre-flop, Eve calls and
#     shows kings, Dee does not show (mucked): Eve wins 200.  The all-in cannot
#     be adjusted (a hand is hidden): the actual result stands.  Eve faced one
#     raise but could not re-raise (a call took her whole stack): no 3-bet
#     chance.  Both saw the flop (all-in, cards run out) and went to showdown.
CASES["hidden all-in"] = (
    hand(
        NT2,
        "100, 100",
        "'Eve', 'Dee'",
        *hidden(2),
        "p2 cbr 100",
        "p1 cc",
        "d db 2c7d9h",
        "d db Js",
        "d db 3h",
        "p1 sm KhKs",
        "p2 sm ????",
    ),
    2,
    {
        "Eve": {
            "hands": 1,
            "vpip": 1,
            "saw_flop": 1,
            "showdowns": 1,
            "showdowns_won": 1,
            "net": 100,
        },
        "Dee": {"hands": 1, "vpip": 1, "pfr": 1, "saw_flop": 1, "showdowns": 1, "net": -100},
    },
)

# 14. Fixed-limit hold'em: the big blind is the one posted (2; a big bet is 4).
#     Cy raises to 4, the blinds fold (each had a 3-bet chance): Cy +3 = 3/2
#     big blinds.
CASES["fixed limit"] = (
    hand(
        "variant = 'FT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\n"
        "big_bet = 4\n",
        "100, 100, 100",
        "'Ann', 'Bob', 'Cy'",
        *hidden(3),
        "p3 cbr 4",
        "p1 f",
        "p2 f",
    ),
    2,
    {
        "Ann": {"hands": 1, "three_bet_opportunities": 1, "net": -1},
        "Bob": {"hands": 1, "three_bet_opportunities": 1, "net": -2},
        "Cy": {"hands": 1, "vpip": 1, "pfr": 1, "net": 3},
    },
)

# 15. Money in halves (blinds 0.50/1, a walk): exact fractions, not floats.
#     Bob +1/2 (half a big blind), Ann -1/2.
CASES["halves"] = (
    hand(
        "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [0.50, 1, 0]\nmin_bet = 1\n",
        "100, 100, 100",
        "'Ann', 'Bob', 'Cy'",
        *hidden(3),
        "p3 f",
        "p1 f",
    ),
    1,
    {
        "Ann": {"hands": 1, "net": Fraction(-1, 2)},
        "Bob": {"hands": 1, "walks": 1, "net": Fraction(1, 2)},
        "Cy": {"hands": 1},
    },
)


def expected(name: str, big_blind: int, counts: dict[str, object]) -> PlayerStats:
    values = dict(counts)
    net = Fraction(values.pop("net", 0))  # type: ignore[arg-type]
    adjusted = Fraction(values.pop("all_in_adjusted_net", net))  # type: ignore[arg-type]
    return PlayerStats(
        name,
        **values,  # type: ignore[arg-type]
        net=net,
        big_blinds=net / big_blind,
        all_in_adjusted_net=adjusted,
        all_in_adjusted_big_blinds=adjusted / big_blind,
    )


@pytest.mark.parametrize("case", list(CASES))
def test_each_hand_gives_the_statistics_worked_out_by_hand(case: str) -> None:
    history, big_blind, players = CASES[case]
    result = stats([history])
    assert set(result) == set(players)
    for name, counts in players.items():
        assert result[name] == expected(name, big_blind, counts)
    assert result.hands == 1 and result.skipped == 0
    # Chips are conserved, actual and all-in adjusted (a hand of known result).
    if not any(p.unsettled for p in result.values()):
        assert sum(p.net for p in result.values()) == 0
        assert sum(p.all_in_adjusted_net for p in result.values()) == 0


def test_all_in_spots_are_counted_by_the_run() -> None:
    adjusted = [CASES[c][0] for c in ("heads-up all-in", "side pot all-in", "razz all-in")]
    result = stats([*adjusted, CASES["hidden all-in"][0], CASES["showdown"][0]])
    assert (result.all_in_spots, result.all_in_unadjusted) == (3, 1)
    without = stats(adjusted, all_in_ev=False)
    assert (without.all_in_spots, without.all_in_unadjusted) == (0, 3)
    for p in without.values():
        assert p.all_in_adjusted_net == p.net and p.all_in_spots == 0


def test_a_stud_all_in_on_third_street_keeps_its_result() -> None:
    # All-in on third street: 18,265,297,050 ways to complete both hands, more
    # than an exact enumeration takes (croupier.equity refuses them): the
    # actual result stands, counted as an all-in not adjusted.  Ann (2c) brings
    # in with 1 of her last 2 chips, Bob completes, Ann calls all-in; Bob's
    # kings beat Ann's queens.
    seven = ["d dh p1 QsQh2c", "d dh p2 KsKh7d"] + [
        f"d dh p{k} {card}"
        for pair in zip(["3h", "7h", "9d", "Jd"], ["8c", "4c", "Tc", "5s"], strict=True)
        for k, card in zip((1, 2), pair, strict=True)
    ]
    history = hand(
        "variant = 'F7S'\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n",
        "3, 50",
        "'Ann', 'Bob'",
        *seven[:2],
        "p1 pb",
        "p2 cbr 2",
        "p1 cc",
        *seven[2:],
    )
    result = stats([history])
    assert (result.all_in_spots, result.all_in_unadjusted) == (0, 1)
    ann = result["Ann"]
    assert ann.net == -3 and ann.all_in_adjusted_net == -3 and ann.showdowns == 1


def test_shares_are_exact_fractions_even_for_three_way_ties() -> None:
    # Board As Ks Qs Jd, three hands of a deuce and a trey: every river ties
    # the three ways (a ten: three straights; a deuce or trey: three pairs; else
    # the board plays): exactly 1/3 each, not 0.333... floats.
    game = TexasHoldem(NO_LIMIT, (1, 2))
    holes = [tuple(croupier.parse_cards(h)) for h in ("2c3c", "2d3d", "2h3h")]
    board = tuple(croupier.parse_cards("AsKsQsJd"))
    assert exact_shares(game, holes, board, []) == (Fraction(1, 3),) * 3
    # Hi/lo halves and quarters are exact too: Omaha Hi/Lo, one low split two ways.
    o8 = croupier.OmahaHiLo(POT_LIMIT, (1, 2))
    hands = [tuple(croupier.parse_cards(h)) for h in ("Ac2cKdKh", "Ad2dQhQs", "JcJdTcTd")]
    shares = exact_shares(o8, hands, tuple(croupier.parse_cards("3h4s8c9h")), [])
    assert shares is not None and sum(shares) == 1
    result = equity(o8, [list(h) for h in hands], "3h4s8c9h", exact=True)
    assert [float(x) for x in shares] == pytest.approx(result.equity, abs=1e-12)
    assert all((result.deals * 12) % x.denominator == 0 for x in shares)


def test_shares_that_do_not_round_exactly_still_add_up_to_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import croupier._equity

    real = croupier._equity.equity

    def off(*args: object, **kwargs: object) -> croupier.EquityResult:
        r = real(*args, **kwargs)  # type: ignore[arg-type]
        skewed = (r.equity[0] + 0.1, r.equity[1] - 0.05)
        return dataclasses.replace(r, equity=skewed)

    monkeypatch.setattr(croupier._equity, "equity", off)
    game = TexasHoldem(NO_LIMIT, (1, 2))
    holes = [tuple(croupier.parse_cards(h)) for h in ("AcAd", "KcKd")]
    shares = exact_shares(game, holes, tuple(croupier.parse_cards("2h7s9c")), [])
    assert shares is not None and sum(shares) == 1


def test_the_side_pot_shares_are_croupiers_equity_among_its_players() -> None:
    # The side pot of case 7 is Bob against Cy with Ann's cards dead: croupier's
    # equity says 40/42 for Bob, the count made by hand above.
    game = TexasHoldem(NO_LIMIT, (1, 2))
    side = equity(game, ["KcKd", "QcQd"], "2c7d9hJs", dead="AcAd", exact=True)
    assert side.deals == 42 and round(side.equity[0] * 42) == 40


def test_the_percentages_of_many_hands() -> None:
    histories = [CASES[c][0] for c in CASES if "Cy" in CASES[c][2]]
    result = stats(histories)
    cy = result["Cy"]
    # Cy, hand by hand (cases 1, 2, 3, 4, 7, 8, 11, 12, 14, 15): 10 hands, none a
    # walk; VPIP in 2, 3, 4, 7, 8, 11, 12, 14 (8), PFR in 3, 4, 8, 11, 14 (5);
    # c-bets 3 of 3 chances (4, 8, 11); a 3-bet in 1 chance (8); folded to the
    # one 3-bet faced (3); AF 3 bets and raises (4, 8, 11) / 1 call (7);
    # flops seen 2, 4, 7, 8, 11, 12 (6), showdowns 7, 11 (2), none won, one
    # of unknown result (11).
    assert (cy.hands, cy.walks, cy.vpip, cy.pfr) == (10, 0, 8, 5)
    assert cy.vpip_percent == 80.0 and cy.pfr_percent == 50.0
    assert cy.cbet_percent == 100.0 and cy.three_bet_percent == 100.0
    assert cy.fold_to_three_bet_percent == 100.0
    assert cy.aggression_factor == 3.0
    assert cy.went_to_showdown_percent == pytest.approx(100 * 2 / 6)
    assert cy.won_at_showdown_percent == 0.0  # 0 of the 1 showdown of known result
    # Net: -2, -6, -14, -100, +7, +3 and 0 (cases 2, 3, 4, 7, 8, 14, 1 and 15),
    # in big blinds of 2 (case 15: of 1, 0 won): -112 chips = -56 big blinds
    # over 8 hands of known result (11 and 12 are not): -700 bb/100.
    assert cy.net == -112 and cy.big_blinds == -56 and cy.settled_hands == 8
    assert cy.bb_per_100 == -700.0
    bob = result["Bob"]
    # Bob: walks in cases 1 and 15, so VPIP is over the 8 other hands (4, 8, 11).
    assert (bob.hands, bob.walks, bob.vpip) == (10, 2, 3)
    assert bob.vpip_percent == 100 * 3 / 8


def test_a_ratio_without_its_denominator_is_none() -> None:
    p = PlayerStats("Ann")
    for name in ("vpip_percent", "cbet_percent", "aggression_factor", "bb_per_100"):
        assert getattr(p, name) is None
    assert PlayerStats("Ann", bets_and_raises=2).aggression_factor is None
    assert PlayerStats("Ann", bets_and_raises=3, calls=2).aggression_factor == 1.5


def test_players_without_names_are_named_by_position() -> None:
    text = NT2 + "starting_stacks = [50, 50]\nactions = ['p2 f']\n"
    result = stats([phh.loads(text)])
    assert sorted(result) == ["p1", "p2"] and result["p1"].net == 1


def test_player_keeps_only_the_players_asked_for() -> None:
    histories = [CASES[c][0] for c in CASES]
    assert list(stats(histories, player="Cy")) == ["Cy"]
    both = stats(histories, player=["Ann", "Eve"])
    assert sorted(both) == ["Ann", "Eve"]
    assert both["Ann"] == stats(histories)["Ann"]
    assert len(stats(histories, player="nobody")) == 0


def test_player_stats_add_up_and_refuse_another_player() -> None:
    a = stats([CASES["walk"][0]])["Bob"]
    b = stats([CASES["limp"][0]])["Bob"]
    total = a + b
    assert total == stats([CASES["walk"][0], CASES["limp"][0]])["Bob"]
    assert total.hands == 2 and total.net == 4
    with pytest.raises(ValueError, match="'Ann'"):
        _ = a + PlayerStats("Ann")


def test_stats_add_up_and_sum() -> None:
    first, second = [CASES[c][0] for c in ("walk", "limp")], [CASES["c-bet"][0]]
    together = stats(first + second)
    assert stats(first) + stats(second) == together
    assert sum([stats(first), stats(second)]) == together
    assert together.hands == 3


def test_records_and_the_data_frame() -> None:
    result = stats([CASES["heads-up all-in"][0]])
    records = result.to_records()
    assert [r["player"] for r in records] == ["Dee", "Eve"]
    dee = records[0]
    assert list(dee) == list(COLUMNS)
    assert dee["net"] == 100.0 and dee["all_in_adjusted_net"] == pytest.approx(8240 / 99)
    assert dee["vpip_percent"] == 100.0 and dee["aggression_factor"] is None
    assert result.to_records(exact=True)[0]["all_in_adjusted_net"] == Fraction(8240, 99)
    try:
        import pandas
    except ImportError:  # pandas is optional: then the frame is refused (next test)
        with pytest.raises(ImportError, match="pip install pandas"):
            result.to_dataframe()
        return
    frame = result.to_dataframe()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.index) == ["Dee", "Eve"] and frame.loc["Eve", "net"] == -100.0
    assert list(frame.columns) == list(COLUMNS[1:])


def test_the_data_frame_without_pandas(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas fails
    with pytest.raises(ImportError, match="pip install pandas"):
        stats([CASES["walk"][0]]).to_dataframe()


def test_a_bad_hand_raises_naming_the_file_and_hand_or_is_skipped(tmp_path: Path) -> None:
    good = CASES["walk"][0]
    bad = hand(NT2, "100, 100", "'Eve', 'Dee'", *hidden(2), "p1 f")  # not p1's turn
    path = tmp_path / "two.phhs"
    phh.dump_all([good, bad], path)
    with pytest.raises(StatsError, match=r"two\.phhs, hand 2: .*turn"):
        stats(path)
    result = stats(path, errors="skip")
    assert result.skipped == 1 and result.hands == 1 and "hand 2" in result.problems[0]
    with pytest.raises(StatsError, match="hand 2"):
        stats([good, bad])
    assert stats([good, bad], errors="skip").skipped == 1


def test_unreadable_files_raise_or_are_skipped(tmp_path: Path) -> None:
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = 'NT'\nantes = [0, 0\n", encoding="utf-8")
    with pytest.raises(StatsError, match=r"broken\.phh"):
        stats(broken)
    with pytest.raises(StatsError, match=r"missing\.phh"):
        stats(tmp_path / "missing.phh")
    assert stats([broken, tmp_path / "missing.phh"], errors="skip").skipped == 2


def test_bad_arguments_are_value_errors() -> None:
    with pytest.raises(ValueError, match="errors"):
        stats([], errors="ignore")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="HandHistory or a path"):
        stats([3])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="executor"):
        stats([], executor=object())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="iterable"):
        stats(3)  # type: ignore[arg-type]


def test_paths_directories_and_globs(tmp_path: Path) -> None:
    histories = [CASES[c][0] for c in CASES]
    phh.dump_all(histories[:5], tmp_path / "a.phhs")
    (tmp_path / "sub").mkdir()
    for k, h in enumerate(histories[5:]):
        phh.dump(h, tmp_path / "sub" / f"{k}.phh")
    every = stats(histories)
    assert stats(tmp_path) == every
    assert stats(str(tmp_path / "*.phhs")) + stats(tmp_path / "sub") == every
    assert stats([tmp_path / "a.phhs", *histories[5:]]) == every
    seen: list[tuple[int, int]] = []
    stats(tmp_path, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1][0] == seen[-1][1] and all(a <= b for (a, _), (b, _) in itertools.pairwise(seen))


# -- every shipped hand history -------------------------------------------------------


def played_histories() -> list[tuple[str, phh.HandHistory]]:
    out = [(f"{p.name}[{k}]", h) for p in HANDHQ for k, h in enumerate(phh.load_all(p), 1)]
    return out + [(p.name, phh.load(p)) for p in WSOP_PLAYED]


def test_every_wsop_file_is_counted_the_draw_games_too() -> None:
    assert len(HANDHQ) == 4 and len(WSOP) == 97 and len(WSOP_DRAW) == 14
    result = stats(WSOP, errors="skip")
    assert result.skipped == 0 and result.hands == 97 and not result.problems


def test_chips_are_conserved_hand_by_hand_actual_and_all_in_adjusted() -> None:
    settled = adjusted = 0
    for label, history in played_histories():
        result = stats([history])
        players = list(result.values())
        assert sum(p.hands for p in players) == history.player_count, label
        if any(p.unsettled for p in players):
            assert all(p.unsettled == 1 for p in players), label
            continue
        settled += 1
        assert sum(p.net for p in players) == 0, label
        assert sum(p.all_in_adjusted_net for p in players) == 0, label
        adjusted += result.all_in_spots
    assert settled > 2800 and adjusted > 50


def test_chips_are_conserved_table_by_table() -> None:
    tables: dict[tuple[str, object], list[phh.HandHistory]] = defaultdict(list)
    for path in HANDHQ:
        for history in phh.load_all(path):
            tables[path.name, history.table].append(history)
    assert len(tables) > 50
    for key, histories in tables.items():
        result = stats(histories)
        assert sum(p.net for p in result.values()) == 0, key
        assert sum(p.all_in_adjusted_net for p in result.values()) == 0, key
        assert sum(p.all_in_adjusted_big_blinds - p.big_blinds for p in result.values()) == 0


def test_the_handhq_sample_in_numbers() -> None:
    result = stats(HANDHQ)
    assert result.hands == 2954 and result.skipped == 0
    # Every hand counts each of its players once; shown-down hands are settled
    # with hidden hands mucked, so only the files that stop early stay unknown.
    seats = sum(h.player_count for p in HANDHQ for h in phh.load_all(p))
    assert sum(p.hands for p in result.values()) == seats
    unknown = {id(h) for p in HANDHQ for h in phh.load_all(p) if not replay(h).is_over}
    assert len(unknown) == 35
    assert sum(p.unsettled_showdowns for p in result.values()) == 0
    assert result.all_in_spots > 0 and result.all_in_unadjusted > 0
    for p in result.values():
        assert p.vpip >= p.pfr and p.saw_flop >= p.showdowns >= p.showdowns_won
        assert p.three_bets <= p.three_bet_opportunities and p.cbets <= p.cbet_opportunities


@pytest.mark.parametrize("left", range(1, 4))
def test_statistics_add_up_over_files(left: int) -> None:
    a, b = HANDHQ[:left], HANDHQ[left:]
    assert stats(a) + stats(b) == stats(HANDHQ)


def test_an_executor_gives_the_serial_result() -> None:
    files = [*HANDHQ, *WSOP_PLAYED]
    serial = stats(files)
    with ThreadPoolExecutor(2) as threads:
        assert stats(files, executor=threads) == serial
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=context) as processes:
        assert stats(files, executor=processes) == serial
        histories = [h for p in HANDHQ[:1] for h in phh.load_all(p)]
        assert stats(histories, executor=processes) == stats(histories)


def test_a_dask_cluster_gives_the_serial_result() -> None:
    import distributed  # the test extra has it (dask[distributed])

    files = [*HANDHQ, *WSOP_PLAYED[:10]]
    serial = stats(files)
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert stats(files, executor=client.get_executor()) == serial


def test_an_executor_reports_a_bad_hand_like_the_serial_run(tmp_path: Path) -> None:
    bad = []
    for k, path in enumerate(WSOP_DRAW[:2]):  # a player stands pat before the draw
        bad.append(tmp_path / f"bad{k}.phh")
        bad[-1].write_text(path.read_text().replace("'p3 f'", "'p3 sd'", 1))
    files = [*WSOP_PLAYED[:3], *bad]
    with ThreadPoolExecutor(2) as threads:
        assert stats(files, executor=threads, errors="skip") == stats(files, errors="skip")
        with pytest.raises(StatsError, match="no draw now"):
            stats(files, executor=threads)


# -- random hands played on the engine ---------------------------------------------------

GAMES = {
    "holdem": (TexasHoldem(NO_LIMIT, (1, 2)), 60),
    "omaha": (Omaha(POT_LIMIT, (1, 2)), 200),
    "stud": (SevenCardStud(antes=1, bring_in=1, bets=(2, 4)), 1000),
}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(sorted(GAMES)),
    players=st.integers(2, 6),
    seeds=st.lists(st.integers(0, 2**32), min_size=1, max_size=6),
)
def test_random_hands_give_consistent_counters(game: str, players: int, seeds: list[int]) -> None:
    rules, stack = GAMES[game]
    play = POLICIES["random"]
    import random

    histories = []
    for seed in seeds:
        h = rules.start([stack] * players, seed=seed)
        rng = random.Random(seed)
        while not h.is_over:
            play(h, rng)
        histories.append(history_of(h))
    result = stats(histories)
    assert result.hands == len(seeds) and result.skipped == 0
    players_stats = list(result.values())
    assert sum(p.hands for p in players_stats) == players * len(seeds)
    assert sum(p.net for p in players_stats) == 0
    assert sum(p.all_in_adjusted_net for p in players_stats) == 0
    for p in players_stats:
        assert p.unsettled == 0  # every card is known
        assert p.hands >= p.vpip >= p.pfr
        assert p.hands - p.walks >= p.vpip
        assert p.saw_flop >= p.showdowns >= p.showdowns_won
        assert p.three_bet_opportunities >= p.three_bets
        assert p.fold_to_three_bet_opportunities >= p.folds_to_three_bet
        assert p.cbet_opportunities >= p.cbets
        assert p.pfr >= p.cbet_opportunities and p.pfr >= p.fold_to_three_bet_opportunities
        assert p.showdowns >= p.all_in_spots
    # The same hands in one call or one by one.
    assert sum((stats([h]) for h in histories), Stats()) == result
