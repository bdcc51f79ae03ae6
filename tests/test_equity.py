"""Equity against a slow, independent enumeration (tests/reference.py) and known values."""

from __future__ import annotations

import itertools
import math
import random
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import pytest
import reference as ref

import croupier
from croupier import NO_LIMIT, POT_LIMIT, parse_cards
from croupier._equity import equity

HOLDEM = croupier.TexasHoldem(NO_LIMIT)
OMAHA_HILO = croupier.OmahaHiLo(POT_LIMIT)
COURCHEVEL = croupier.CourchevelHiLo(POT_LIMIT)


def slow_shares(
    hands: list[str], board: str, omaha: bool, hilo: bool, dead: list[int] | None = None
) -> tuple[list[Fraction], list[Fraction], list[Fraction]]:
    """Every remaining board, hand keys from the reference evaluators, exact shares.

    Returns per player the equity, the fraction of boards won alone and the
    fraction of boards with a tied high.
    """
    holes = [parse_cards(h) for h in hands]
    known = parse_cards(board)
    used = {c for h in holes for c in h} | set(known) | set(dead or ())
    rest = [c for c in range(52) if c not in used]
    totals = [Fraction(0)] * len(holes)
    alone = [0] * len(holes)
    tied = [0] * len(holes)
    boards = list(itertools.combinations(rest, 5 - len(known)))
    for extra in boards:
        full = known + list(extra)
        if omaha:
            highs = [ref.omaha_high_key(h, full) for h in holes]
            lows = [ref.omaha_low8_key(h, full) for h in holes] if hilo else None
        else:
            highs = [ref.high_key(h + full) for h in holes]
            lows = None
        best = max(highs)
        high_winners = [i for i, k in enumerate(highs) if k == best]
        share = [Fraction(0)] * len(holes)
        qualifying = [k for k in lows if k is not None] if lows else []
        if qualifying:
            best_low = min(qualifying)
            low_winners = [i for i, k in enumerate(lows or []) if k == best_low]
            for i in high_winners:
                share[i] += Fraction(1, 2 * len(high_winners))
            for i in low_winners:
                share[i] += Fraction(1, 2 * len(low_winners))
        else:
            for i in high_winners:
                share[i] += Fraction(1, len(high_winners))
        for i in range(len(holes)):
            totals[i] += share[i]
            alone[i] += share[i] == 1
            tied[i] += i in high_winners and len(high_winners) > 1
    count = len(boards)
    return (
        [t / count for t in totals],
        [Fraction(a, count) for a in alone],
        [Fraction(t, count) for t in tied],
    )


def slow_equity(hands: list[str], board: str, omaha: bool, hilo: bool) -> list[Fraction]:
    return slow_shares(hands, board, omaha, hilo)[0]


def test_ahkh_against_qdqc_preflop_is_the_known_exact_value() -> None:
    # The pinned value: 0.462144572... over all 1,712,304 boards.
    result = equity(HOLDEM, ["AhKh", "QdQc"], exact=True)
    assert result.deals == 1_712_304
    assert result.equity[0] == pytest.approx(0.462144572, abs=5e-10)
    assert sum(result.equity) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("game", "hands", "board", "omaha", "hilo"),
    [
        (HOLDEM, ["AhKh", "QdQc"], "2c7d9h", False, False),
        (HOLDEM, ["AsAd", "7h8h", "KcQc"], "9h6hQd", False, False),
        (HOLDEM, ["5c5d", "AhKs"], "Ad5h2s9c", False, False),
        (OMAHA_HILO, ["As2d3cKh", "QdQc8h9h"], "4h7s8d", True, True),
        (COURCHEVEL, ["As2d3cKh4s", "QdQc8h9hTs"], "5c7sJd", True, True),
    ],
)
def test_exact_equity_matches_a_slow_independent_enumeration(
    game: croupier.Game, hands: list[str], board: str, omaha: bool, hilo: bool
) -> None:
    result = equity(game, hands, board=board, exact=True)
    expected = slow_equity(hands, board, omaha, hilo)
    assert result.equity == pytest.approx([float(x) for x in expected], abs=1e-12)


@pytest.mark.parametrize("seed", range(24))
def test_holdem_exact_by_rank_classes_and_flush_corrections_matches_every_board(
    seed: int,
) -> None:
    # The Hold'em kernel scores rank multisets and corrects flush boards suit by
    # suit; dealing every board must agree.  Dead cards keep the reference fast
    # and often leave a deck crowded with one suit, so flushes are common.
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    players = rng.randint(2, 4)
    holes = [deck[2 * p : 2 * p + 2] for p in range(players)]
    known = deck[2 * players : 2 * players + rng.choice([0, 0, 3, 4, 5])]
    rest = deck[2 * players + len(known) :]
    if rng.random() < 0.5:
        suit = rng.randrange(4)
        rest.sort(key=lambda c: (c % 4 != suit, rng.random()))  # that suit first
    keep = {0: rng.randint(11, 13), 3: rng.randint(20, 40), 4: 40, 5: 40}[len(known)]
    dead = rest[keep:]
    hands = ["".join(croupier.format_card(c) for c in h) for h in holes]
    board = "".join(croupier.format_card(c) for c in known)
    result = equity(HOLDEM, hands, board=board, dead=dead, exact=True)
    shares, alone, tied = slow_shares(hands, board, omaha=False, hilo=False, dead=dead)
    assert result.deals == math.comb(len(rest) - len(dead), 5 - len(known))
    assert result.equity == pytest.approx([float(x) for x in shares], abs=1e-12)
    assert result.win == pytest.approx([float(x) for x in alone], abs=1e-12)
    assert result.tie == pytest.approx([float(x) for x in tied], abs=1e-12)


def test_monte_carlo_lands_within_four_standard_errors_of_the_exact_value() -> None:
    exact = equity(OMAHA_HILO, ["As2d3cKh", "QdQc8h9h"], board="4h7s", exact=True)
    sampled = equity(OMAHA_HILO, ["As2d3cKh", "QdQc8h9h"], board="4h7s", samples=20_000, seed=7)
    assert not sampled.exact and sampled.stderr is not None
    for e, m, se in zip(exact.equity, sampled.equity, sampled.stderr, strict=True):
        assert abs(m - e) <= 4 * se


@pytest.mark.parametrize(
    ("game", "hands", "options"),
    [
        (HOLDEM, ["AhKh", "QdQc", "7s7c"], {"samples": 450_000, "seed": 3}),
        (HOLDEM, ["TT+", "AKs, 76s"], {"samples": 60_000, "seed": 3}),
        (COURCHEVEL, ["As2d3cKh4s", "QdQc8h9hTs"], {"samples": 60_000, "seed": 3}),
        (croupier.Razz(1, 1, (2, 4)), ["As2d3c", "KhQhJh"], {"samples": 120_000, "seed": 3}),
        (croupier.Razz(1, 1, (2, 4)), ["As2d3c4h5s", "KhQhJh2c3d"], {"exact": True}),
    ],
)
def test_an_executor_gives_the_same_result_for_the_same_seed(
    game: croupier.Game, hands: list[str], options: dict[str, object]
) -> None:
    local = equity(game, hands, **options)  # type: ignore[arg-type]
    with ThreadPoolExecutor(2) as pool:
        spread = equity(game, hands, executor=pool, **options)  # type: ignore[arg-type]
    assert spread == local


@pytest.mark.parametrize(
    ("hands", "board", "message"),
    [
        (["AhKh"], "", "two hands"),
        (["AhKh", "AhQc"], "", "twice"),
        (["AhKh", "QdQcJc"], "", "hand 2 has 3 cards"),
        (["AhKh", "QdQc"], "2c3c4c5c6c7c", "board cards"),
        (["AhKh", "QdXc"], "", "'QdXc'"),
        (["AhKh", "TT+,"], "", "empty"),
    ],
)
def test_bad_equity_input_is_a_value_error(hands: list[str], board: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        equity(HOLDEM, hands, board=board)


@pytest.mark.parametrize(
    "options",
    [
        {"samples": 0},
        {"samples": True},
        {"samples": 1.5},
        {"samples": float("nan")},
        {"seed": -1},
        {"seed": "x"},
        {"threads": 0},
        {"threads": -2},
        {"threads": 2.5},
    ],
)
def test_bad_equity_options_are_value_errors_that_name_the_option(
    options: dict[str, object],
) -> None:
    (name,) = options
    for game, hands in (
        (HOLDEM, ["AhKh", "QdQc"]),
        (croupier.Razz(1, 1, (2, 4)), ["As2d", "KhQh"]),
    ):
        with pytest.raises(ValueError, match=f"^{name} must be an int"):
            equity(game, hands, **options)  # type: ignore[arg-type]


def slow_range_equity(ranges: list[str], board: str) -> list[Fraction]:
    """Average of the exact equity of every pair of combos that share no card."""
    from croupier.ranges import parse_range

    known = set(parse_cards(board))
    picks = [[c for c, _ in parse_range(r) if not set(c) & known] for r in ranges]
    totals = [Fraction(0)] * len(ranges)
    count = 0
    for combo in itertools.product(*picks):
        cards = [c for pair in combo for c in pair]
        if len(set(cards)) != len(cards):
            continue
        hands = ["".join(croupier.format_card(c) for c in pair) for pair in combo]
        for i, e in enumerate(slow_equity(hands, board, omaha=False, hilo=False)):
            totals[i] += e
        count += 1
    return [t / count for t in totals]


def test_range_equity_is_the_average_over_every_combination_pair() -> None:
    # Every combination of QQ+ against AKs and 76s (card removal counts).
    ranges, board = ["QQ+", "AKs, 76s"], "2c7d9hTc"
    result = equity(HOLDEM, ranges, board=board, exact=True)
    expected = slow_range_equity(ranges, board)
    assert result.equity == pytest.approx([float(x) for x in expected], abs=1e-12)


@pytest.mark.parametrize("seed", range(18))
def test_omaha_kernels_match_every_board_of_a_slow_enumeration(seed: int) -> None:
    # Omaha, Omaha Hi/Lo and Courchevel on the nogil kernel (exact), and its
    # Monte Carlo twin within 4 standard errors; dead cards keep it small.
    rng = random.Random(1000 + seed)
    game, hole, hilo = [
        (croupier.Omaha(POT_LIMIT), 4, False),
        (OMAHA_HILO, 4, True),
        (COURCHEVEL, 5, True),
    ][seed % 3]
    deck = list(range(52))
    rng.shuffle(deck)
    players = rng.randint(2, 3)
    holes = [deck[hole * p : hole * p + hole] for p in range(players)]
    known = deck[hole * players : hole * players + rng.choice([0, 1, 3, 4])]
    rest = deck[hole * players + len(known) :]
    if rng.random() < 0.5:  # low cards first: more lows, more split pots
        rest.sort(key=lambda c: (c // 4 > 6 and c // 4 != 12, rng.random()))
    keep = min({0: 12, 1: 14, 3: 30, 4: 40}[len(known)], len(rest))
    dead = rest[keep:]
    hands = ["".join(croupier.format_card(c) for c in h) for h in holes]
    board = "".join(croupier.format_card(c) for c in known)
    result = equity(game, hands, board=board, dead=dead, exact=True)
    shares, alone, tied = slow_shares(hands, board, omaha=True, hilo=hilo, dead=dead)
    assert result.deals == math.comb(keep, 5 - len(known))
    assert result.equity == pytest.approx([float(x) for x in shares], abs=1e-12)
    assert result.win == pytest.approx([float(x) for x in alone], abs=1e-12)
    assert result.tie == pytest.approx([float(x) for x in tied], abs=1e-12)
    sampled = equity(game, hands, board=board, dead=dead, samples=40_000, seed=seed)
    assert sampled.stderr is not None
    for e, m, se in zip(result.equity, sampled.equity, sampled.stderr, strict=True):
        assert abs(m - e) <= 4 * se + 1e-12


@pytest.mark.parametrize(
    ("ranges", "board", "dead"),
    [
        (["AA", "KK"], "", []),
        (["AKs", "QQ", "JTs"], "", parse_cards("2h")),
        (["AA", "KQs"], "Ah7c2d", []),
        (["TT+", "AKo"], "", parse_cards("3c4c")),
    ],
)
def test_range_match_ups_alike_up_to_suits_are_computed_once_with_the_same_result(
    ranges: list[str], board: str, dead: list[int]
) -> None:
    # Pre-flop the reference is croupier's own one-match-up result, averaged
    # here over every pair of combinations (each one a separate call).
    from croupier.ranges import parse_range

    gone = set(parse_cards(board)) | set(dead)
    picks = [[c for c, _ in parse_range(r) if not set(c) & gone] for r in ranges]
    totals = [0.0] * len(ranges)
    count = deals = 0
    for combo in itertools.product(*picks):
        cards = [c for pair in combo for c in pair]
        if len(set(cards)) == len(cards):
            single = equity(HOLDEM, [list(pair) for pair in combo], board=board, dead=dead)
            totals = [t + e for t, e in zip(totals, single.equity, strict=True)]
            count += 1
            deals += single.deals
    result = equity(HOLDEM, ranges, board=board, dead=dead, exact=True)
    assert result.deals == deals
    assert result.equity == pytest.approx([t / count for t in totals], abs=1e-12)


@pytest.mark.parametrize(
    ("ranges", "board", "dead"),
    [
        (["TT+, AKs", "AhKh, 98s"], "2c7d9h", ""),
        (["50%(AA), KK", "QQ, 25%(AKs)"], "", ""),  # weights, pre-flop
        (["JJ+", "AKs, 20%(AQo)", "7c7d, 65s"], "", "Ks"),  # three ways, a dead card
        (["22+", "AhKh"], "Kc8d3s", ""),
    ],
)
def test_range_monte_carlo_lands_within_four_standard_errors_of_the_exact_value(
    ranges: list[str], board: str, dead: str
) -> None:
    exact = equity(HOLDEM, ranges, board=board, dead=dead, exact=True)
    sampled = equity(HOLDEM, ranges, board=board, dead=dead, samples=200_000, seed=5)
    assert sampled.stderr is not None and sampled.deals == 200_000
    for e, m, se in zip(exact.equity, sampled.equity, sampled.stderr, strict=True):
        assert abs(m - e) <= 4 * se


@pytest.mark.parametrize(
    ("hands", "board", "exact"),
    [
        (["AhKh", "random"], "", True),  # 1,326 match-ups, a few hundred up to suits
        (["AA", "KK"], "", True),
        (["22+, A2s+, K9s+", "random"], "", False),  # over 1,000 even grouped: sampled
        (["22+, A2+, K2+", "22+, A2+, K2+"], "", False),  # too many to look at
        (["TT+, AK", "random"], "2c7d9hJs", True),  # 44 rivers each on the turn
    ],
)
def test_equity_picks_exact_for_ranges_when_the_match_ups_up_to_suits_are_few(
    hands: list[str], board: str, exact: bool
) -> None:
    result = equity(HOLDEM, hands, board=board)
    assert result.exact is exact
    assert sum(result.equity) == pytest.approx(1.0)


def test_ranges_that_cannot_be_dealt_together_are_refused_exact_and_sampled() -> None:
    # Both players need the only two aces left: no deal exists.
    for options in ({"exact": True}, {"samples": 1_000, "seed": 1}):
        with pytest.raises(ValueError, match="cannot be dealt together"):
            equity(HOLDEM, ["AhAs", "AA"], board="AcAd2c", **options)  # type: ignore[arg-type]


def slow_stud_equity(hands: list[str], dead: str, kind: str) -> list[Fraction]:
    """Every way to complete each seven-card hand, valued by the reference evaluators."""
    known = [parse_cards(h) for h in hands]
    used = {c for h in known for c in h} | set(parse_cards(dead))
    rest = [c for c in range(52) if c not in used]
    needs = [7 - len(h) for h in known]
    totals = [Fraction(0)] * len(hands)
    count = 0

    def deals(p: int, free: list[int]) -> list[list[tuple[int, ...]]]:
        if p == len(needs):
            return [[]]
        out = []
        for cards in itertools.combinations(free, needs[p]):
            rest_free = [c for c in free if c not in cards]
            out += [[cards, *tail] for tail in deals(p + 1, rest_free)]
        return out

    for extra in deals(0, rest):
        full = [h + list(e) for h, e in zip(known, extra, strict=True)]
        if kind == "razz":
            keys = [ref.a5_key(h) for h in full]
            best = min(keys)  # a5 keys: smaller is the better low
            winners = [i for i, k in enumerate(keys) if k == best]
            lows = None
        else:
            keys = [ref.high_key(h) for h in full]
            best = max(keys)
            winners = [i for i, k in enumerate(keys) if k == best]
            lows = [ref.low8_key(h) for h in full] if kind == "stud8" else None
        qualifying = [k for k in lows if k is not None] if lows else []
        if qualifying:
            best_low = min(qualifying)
            low_winners = [i for i, k in enumerate(lows or []) if k == best_low]
            for i in winners:
                totals[i] += Fraction(1, 2 * len(winners))
            for i in low_winners:
                totals[i] += Fraction(1, 2 * len(low_winners))
        else:
            for i in winners:
                totals[i] += Fraction(1, len(winners))
        count += 1
    return [t / count for t in totals]


@pytest.mark.parametrize(
    ("game", "hands", "dead", "kind"),
    [
        (croupier.Razz(1, 1, (2, 4)), ["As2d5h7c8s3c", "2c3h4d6s9hKd"], "Qs Jd", "razz"),
        (croupier.Razz(1, 1, (2, 4)), ["As2d5h7c8sKc", "2c3h4d6sKhQd", "3s4s6h9c9dTd"], "", "razz"),
        (croupier.SevenCardStud(1, 1, (2, 4)), ["KhKd4c7s9s2h", "QcQs5d5h8c3d"], "Kc", "stud"),
        (croupier.SevenCardStudHiLo(1, 1, (2, 4)), ["As2d3c9h9dTc", "KhKs7d6c5h4s"], "", "stud8"),
    ],
)
def test_stud_equity_matches_a_slow_independent_enumeration(
    game: croupier.Game, hands: list[str], dead: str, kind: str
) -> None:
    result = equity(game, hands, dead=dead, exact=True)
    expected = slow_stud_equity(hands, dead, kind)
    assert result.equity == pytest.approx([float(x) for x in expected], abs=1e-12)


@pytest.mark.parametrize("seed", range(18))
def test_stud_kernels_match_every_deal_of_a_slow_enumeration(seed: int) -> None:
    # Razz, Stud and Stud Hi/Lo on the nogil kernel (every completion), and its
    # Monte Carlo twin within 4 standard errors; dead cards keep it small.
    rng = random.Random(2000 + seed)
    kind = ("razz", "stud", "stud8")[seed % 3]
    game = {
        "razz": croupier.Razz(1, 1, (2, 4)),
        "stud": croupier.SevenCardStud(1, 1, (2, 4)),
        "stud8": croupier.SevenCardStudHiLo(1, 1, (2, 4)),
    }[kind]
    deck = list(range(52))
    rng.shuffle(deck)
    if rng.random() < 0.5:  # low cards first: more lows, more split pots
        deck.sort(key=lambda c: (c // 4 > 6 and c // 4 != 12, rng.random()))
    players = rng.randint(2, 3)
    held = [rng.randint(5, 6) for _ in range(players)]
    known, at = [], 0
    for k in held:
        known.append(deck[at : at + k])
        at += k
    dead = deck[at + 10 :]  # ten cards left to complete the hands
    hands = ["".join(croupier.format_card(c) for c in h) for h in known]
    dead_text = "".join(croupier.format_card(c) for c in dead)
    result = equity(game, hands, dead=dead_text, exact=True)
    expected = slow_stud_equity(hands, dead_text, kind)
    deals, left = 1, 10
    for k in held:
        deals *= math.comb(left, 7 - k)
        left -= 7 - k
    assert result.deals == deals
    assert result.equity == pytest.approx([float(x) for x in expected], abs=1e-12)
    sampled = equity(game, hands, dead=dead_text, samples=40_000, seed=seed)
    assert sampled.stderr is not None
    for e, m, se in zip(result.equity, sampled.equity, sampled.stderr, strict=True):
        assert abs(m - e) <= 4 * se + 1e-12


def test_stud_monte_carlo_lands_within_four_standard_errors() -> None:
    razz = croupier.Razz(1, 1, (2, 4))
    hands = ["As2d5h7c8s", "2c3h4d6sKh"]
    exact = equity(razz, hands, exact=True)
    sampled = equity(razz, hands, samples=20_000, seed=2)
    assert sampled.stderr is not None
    for e, m, se in zip(exact.equity, sampled.equity, sampled.stderr, strict=True):
        assert abs(m - e) <= 4 * se


def test_monte_carlo_stops_at_the_target_standard_error_and_reports_progress() -> None:
    seen: list[tuple[int, int]] = []
    result = equity(
        HOLDEM, ["AhKh", "QdQc"], stderr=0.002, seed=4, progress=lambda d, t: seen.append((d, t))
    )
    assert result.stderr is not None and max(result.stderr) <= 0.002
    assert not result.exact and result.deals == seen[-1][0]
    assert [d for d, _ in seen] == sorted({d for d, _ in seen})  # rounds grow
    # The same seed gives the same rounds and the same answer.
    assert equity(HOLDEM, ["AhKh", "QdQc"], stderr=0.002, seed=4) == result
    # A cap on samples wins over the target.
    capped = equity(HOLDEM, ["AhKh", "QdQc"], stderr=1e-9, samples=50_000, seed=4)
    assert capped.deals == 50_000


@pytest.mark.parametrize("bad", [0, -0.1, float("nan"), True])
def test_a_bad_target_standard_error_is_refused(bad: float) -> None:
    with pytest.raises(ValueError, match="stderr"):
        equity(HOLDEM, ["AhKh", "QdQc"], stderr=bad)
