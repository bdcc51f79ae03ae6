"""Short-deck and royal hold'em on the engine: their decks, the button blind, showdowns,
PHH, and equity (exact and Monte Carlo) against a slow enumeration in Python.

The hand rankings themselves are checked exhaustively in tests/test_hands_draw.py;
here the games deal from the right cards and use them.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from croupier import FIXED_LIMIT, NO_LIMIT, POT_LIMIT, equity, hands, phh
from croupier.cards import parse_cards
from croupier.games import Game, RoyalHoldem, ShortDeckHoldem
from croupier.games import game as game_of
from croupier.replay import history_of, replay
from croupier.variants import Variant, phh_codes


def play_randomly(game: Game, players: int, seed: int) -> tuple[int, ...]:
    """A complete hand of random legal actions; the payoffs."""
    rng = random.Random(seed)
    hand = game.start([rng.randint(5, 60) for _ in range(players)], seed=seed)
    while hand.actor is not None:
        choice = rng.random()
        if choice < 0.15:
            hand.fold()
        elif choice < 0.35 and hand.can_raise:
            lo, hi = hand.min_raise_to, hand.max_raise_to
            assert lo is not None and hi is not None
            hand.raise_to(rng.randint(lo, hi))
        else:
            hand.check_or_call()
    assert hand.is_over and hand.payoffs is not None
    assert sum(hand.payoffs) == 0  # chips conserved
    dealt = [c for seat in range(players) for c in hand.hole(seat)] + list(hand.board)
    assert len(set(dealt)) == len(dealt)
    assert set(dealt) <= set(game.deck)
    return hand.payoffs


GAMES = {
    "short-deck NL, antes and a button blind": ShortDeckHoldem(NO_LIMIT, antes=1, button_blind=2),
    "short-deck PL, blinds": ShortDeckHoldem(POT_LIMIT, (1, 2)),
    "short-deck FL": ShortDeckHoldem(FIXED_LIMIT, (1, 2), bets=(2, 4)),
    "royal NL": RoyalHoldem(NO_LIMIT),
    "royal PL": RoyalHoldem(POT_LIMIT),
    "royal FL": RoyalHoldem(FIXED_LIMIT, bets=(2, 4)),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_random_hands_deal_only_the_games_cards_and_conserve_chips(name: str) -> None:
    game = GAMES[name]
    lowest = 16 if name.startswith("short") else 32
    assert min(game.deck) == lowest and len(game.deck) == 52 - lowest
    for seed in range(150):
        play_randomly(game, 2 + seed % (game.max_players - 1), seed)


def test_the_decks_and_the_table_sizes() -> None:
    assert ShortDeckHoldem().deck == tuple(range(16, 52))
    assert RoyalHoldem().deck == tuple(range(32, 52))
    # 20 cards: five on the board and two for each of at most seven players.
    assert RoyalHoldem().max_players == 7
    with pytest.raises(ValueError, match="needs 2 to 7 players"):
        RoyalHoldem().start([10] * 8, seed=1)


def test_the_button_blind_structure_as_played() -> None:
    # Every player antes 1, the button (the last seat) posts a button blind of 2:
    # the opening bet; the player left of the button acts first and the button last.
    game = ShortDeckHoldem(antes=1, button_blind=2)
    hand = game.start([50, 50, 50, 50], seed=7)
    assert hand.contributions == (1, 1, 1, 3) and hand.to_call == 2
    order = []
    while hand.street == "preflop" and hand.actor is not None:
        order.append(hand.actor)
        hand.check_or_call()
    assert order == [0, 1, 2, 3]  # the button checks its option last
    assert hand.street == "flop" and hand.pot == 12 and hand.actor == 0
    with pytest.raises(ValueError, match="no option 'button_blind'"):
        game_of(Variant.RAZZ, button_blind=1)


def test_a_short_deck_flush_beats_a_full_house_at_showdown() -> None:
    game = ShortDeckHoldem(antes=1, button_blind=2)
    # Seat 0 holds Ah Kh for the heart flush, seat 1 Qs Qc for queens full of nines.
    holes = parse_cards("Ah Kh") + parse_cards("Qs Qc")
    board = parse_cards("Qh 9h 9s 6h 7d")
    hand = game.start([20, 20], deck=holes + board)
    while hand.actor is not None:
        hand.check_or_call()
    assert hand.payoffs == (3, -3)
    assert hands.short_deck_high(holes[:2] + board) > hands.short_deck_high(holes[2:] + board)


def test_a_6_7_8_9_a_is_the_lowest_short_deck_straight_at_showdown() -> None:
    game = ShortDeckHoldem(antes=1, button_blind=2)
    # Seat 0's A-6-7-8-9 (the ace plays low) beats seat 1's trip nines.
    holes = parse_cards("As 8c") + parse_cards("9c 9d")
    board = parse_cards("6d 7h 9s Kc Qd")
    hand = game.start([20, 20], deck=holes + board)
    while hand.actor is not None:
        hand.check_or_call()
    assert hand.payoffs == (3, -3)


def test_cards_outside_the_deck_are_refused() -> None:
    with pytest.raises(ValueError, match="not in the Short-deck Hold'em deck"):
        ShortDeckHoldem().start([20, 20], deck=parse_cards("5s 8c 9c 9d 6d 7h 9s Kc Qd"))
    with pytest.raises(ValueError, match="not in the Royal Hold'em deck"):
        RoyalHoldem().start([20, 20], deck=parse_cards("9s Ac Kc Kd Qd Jh Ts Kh Qs"))
    with pytest.raises(ValueError, match="not in the Short-deck Hold'em deck"):
        equity(ShortDeckHoldem(), ["AhKh", "5d5c"])
    with pytest.raises(ValueError, match="not in the Royal Hold'em deck"):
        equity(RoyalHoldem(), ["AhKh", "QdQc"], board="9h")


@pytest.mark.parametrize("make", [ShortDeckHoldem, RoyalHoldem], ids=["short-deck", "royal"])
def test_phh_round_trip_of_random_hands(make: object) -> None:
    game = make(NO_LIMIT)  # type: ignore[operator]
    for seed in range(40):
        rng = random.Random(seed)
        hand = game.start([rng.randint(5, 60) for _ in range(3)], seed=seed)
        while hand.actor is not None:
            if rng.random() < 0.3 and hand.can_raise:
                hand.raise_to(hand.min_raise_to)
            else:
                hand.check_or_call()
        history = phh.loads(phh.dumps(history_of(hand)))
        assert history.variant in phh_codes(game.variant)
        assert replay(history).payoffs == hand.payoffs


def test_a_royal_hold_em_straight_is_ace_high_and_a_flush_is_royal() -> None:
    game = RoyalHoldem()
    holes = parse_cards("Ah Kh") + parse_cards("Ac Ad")
    board = parse_cards("Qh Jh Th As Ks")  # seat 0: a royal flush; seat 1: three aces
    hand = game.start([20, 20], deck=holes + board)
    while hand.actor is not None:
        hand.check_or_call()
    assert hand.payoffs == (2, -2)
    assert hands.describe(hands.high(holes[:2] + board)) == "Royal flush"


# -- equity --------------------------------------------------------------------------


def slow_equity(game: Game, holes: list[str], board: str) -> list[Fraction]:
    """Each hand's share of the pot over every completion of the board, in Python."""
    cards = [parse_cards(h) for h in holes]
    known = parse_cards(board)
    gone = {c for h in cards for c in h} | set(known)
    stub = [c for c in game.deck if c not in gone]
    shares = [Fraction(0)] * len(cards)
    count = 0
    for rest in itertools.combinations(stub, 5 - len(known)):
        full = tuple(known) + rest
        values = [game.value(tuple(h), full) for h in cards]
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        for i in winners:
            shares[i] += Fraction(1, len(winners))
        count += 1
    return [s / count for s in shares]


@pytest.mark.parametrize(
    ("make", "holes", "board"),
    [
        (ShortDeckHoldem, ["AhKh", "QdQc"], "6h7h8c"),
        (ShortDeckHoldem, ["AsKd", "9c9d", "7h8h"], "6sTc"),
        (ShortDeckHoldem, ["AhKh", "QdQc"], ""),
        (RoyalHoldem, ["AhKh", "QdQc"], "Js"),
        (RoyalHoldem, ["AhKd", "AcKs", "QhQs"], ""),
    ],
)
def test_exact_equity_equals_a_slow_enumeration(make: object, holes: list[str], board: str) -> None:
    game = make()  # type: ignore[operator]
    result = equity(game, holes, board=board)
    assert result.exact
    expected = slow_equity(game, holes, board)
    for got, want in zip(result.equity, expected, strict=True):
        assert got == pytest.approx(float(want), abs=1e-12)


def test_monte_carlo_equity_is_close_to_exact_and_repeats_with_its_seed() -> None:
    game = ShortDeckHoldem()
    exact = equity(game, ["AhKh", "QdQc"])
    sampled = equity(game, ["AhKh", "QdQc"], samples=200_000, seed=5)
    again = equity(game, ["AhKh", "QdQc"], samples=200_000, seed=5, threads=1)
    assert not sampled.exact and sampled.equity == again.equity
    assert sampled.stderr is not None
    for got, want, err in zip(sampled.equity, exact.equity, sampled.stderr, strict=True):
        assert abs(got - want) < 5 * err
