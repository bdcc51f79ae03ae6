"""Kuhn poker, Leduc hold'em (docs/rules.md §5.3b) and sessions (croupier.table)."""

from __future__ import annotations

import random

import pytest

from croupier import NO_LIMIT, KuhnPoker, LeducHoldem, Razz, TexasHoldem
from croupier.hand import Hand
from croupier.table import Level, Table, TableError, levels


def play_randomly(hand: Hand, rng: random.Random) -> None:
    while hand.actor is not None:
        r = rng.random()
        if hand.bring_in_pending:
            hand.bring_in()
        elif r < 0.15 and hand.to_call:
            hand.fold()
        elif r < 0.3 and hand.can_raise:
            assert hand.max_raise_to is not None
            hand.raise_to(hand.max_raise_to)
        elif r < 0.5 and hand.can_raise:
            assert hand.min_raise_to is not None
            hand.raise_to(hand.min_raise_to)
        else:
            hand.check_or_call()


def test_kuhn_deals_one_of_three_cards_and_caps_at_one_bet() -> None:
    game = KuhnPoker()
    assert len(game.deck) == 3 and game.max_players == 2
    for seed in range(30):
        hand = game.start([2, 2], seed=seed)
        assert hand.actor == 0 and hand.pot == 2
        a, b = hand.hole(0)[0], hand.hole(1)[0]
        hand.check()
        hand.raise_to(1)
        assert not hand.can_raise
        hand.call()
        assert hand.payoffs == ((2, -2) if a > b else (-2, 2))


def test_kuhn_fold_to_a_bet_loses_the_ante() -> None:
    hand = KuhnPoker().start([5, 5], seed=1)
    hand.raise_to(1)
    hand.fold()
    assert hand.payoffs == (1, -1)


def test_leduc_pair_beats_high_card_and_equal_ranks_split() -> None:
    game = LeducHoldem()
    seen = {"pair": 0, "split": 0, "high": 0}
    for seed in range(300):
        hand = game.start([20, 20], seed=seed)
        hand.check()
        hand.check()
        assert hand.street == "flop" and hand.min_raise_to == 4
        hand.check()
        hand.check()
        board = hand.board[0] >> 2
        r0, r1 = hand.hole(0)[0] >> 2, hand.hole(1)[0] >> 2
        assert hand.payoffs is not None
        if r0 == r1:
            seen["split"] += 1
            assert hand.payoffs == (0, 0)
        elif board in (r0, r1):
            seen["pair"] += 1
            assert (hand.payoffs[0] > 0) == (board == r0)
        else:
            seen["high"] += 1
            assert (hand.payoffs[0] > 0) == (r0 > r1)
    assert min(seen.values()) > 0


def test_leduc_two_bets_a_round() -> None:
    hand = LeducHoldem().start([50, 50], seed=4)
    hand.raise_to(2)
    hand.raise_to(4)
    assert not hand.can_raise
    hand.call()
    hand.raise_to(4)
    hand.raise_to(8)
    assert not hand.can_raise
    hand.call()
    assert hand.is_over and sorted(hand.payoffs or ()) in ([-13, 13], [0, 0])


@pytest.mark.parametrize("rebuy", [None, 200])
def test_session_of_random_hands_moves_the_button_and_conserves_chips(rebuy: int | None) -> None:
    blinds = (1, 2, 5, 10, 25, 50, 100)
    schedule = levels([TexasHoldem(NO_LIMIT, (b, 2 * b)) for b in blinds], 1500)
    table = Table(schedule[0].game, [200] * 6, schedule=schedule[1:], rebuy=rebuy)
    rng = random.Random(5)
    left: list[int] = []
    hands = 0
    while not table.is_over and hands < 10_000:
        before = table.players
        button = table.button
        hand = table.deal(seed=hands)
        assert table.seats[-1] == button or len(before) == 2
        level = min(hands // 1500, len(blinds) - 1)
        assert hand.game is schedule[level].game  # the blinds rise on time
        play_randomly(hand, rng)
        table.end_hand()
        hands += 1
        assert sum(table.stacks) == 1200 + table.bought
        gone = [p for p in before if p not in table.players]
        left += gone
        if table.players and len(before) == len(table.players) > 2:
            # the button moved one player clockwise
            k = before.index(button)
            assert table.button == before[(k + 1) % len(before)]
    if rebuy is None:  # busted players left until one had every chip
        assert left and all(table.stacks[p] == 0 for p in left)
        assert len(table.players) == 1
    else:  # ten thousand hands, nobody left, every level reached
        assert hands == 10_000 and not left and table.bought > 0
        assert table.game is schedule[-1].game
    assert table.hands_played == hands


def test_rebuy_keeps_everyone_and_counts_the_chips() -> None:
    table = Table(TexasHoldem(NO_LIMIT, (5, 10)), [30] * 4, rebuy=30)
    rng = random.Random(2)
    for seed in range(300):
        play_randomly(table.deal(seed=seed), rng)
        table.end_hand()
        assert len(table.players) == 4
        assert sum(table.stacks) == 120 + table.bought
    assert table.bought > 0


def test_stud_seats_stay_put() -> None:
    table = Table(Razz(antes=1), [50] * 3)
    rng = random.Random(3)
    for seed in range(20):
        if table.is_over:
            break
        play_randomly(table.deal(seed=seed), rng)
        assert table.seats == table.players
        table.end_hand()


def test_table_refuses_bad_setups() -> None:
    game = TexasHoldem(NO_LIMIT, (1, 2))
    with pytest.raises(TableError, match="positive"):
        Table(game, [10, 0])
    with pytest.raises(TableError, match="must increase"):
        Table(game, [10, 10], schedule=[Level(5, game), Level(3, game)])
    with pytest.raises(TableError, match="rebuy"):
        Table(game, [10, 10], rebuy=0)
    table = Table(game, [10, 10])
    with pytest.raises(TableError, match="no finished hand"):
        table.end_hand()
    table.deal(seed=1)
    with pytest.raises(TableError, match="not ended"):
        table.deal()
