"""Issue 23: a session keeps the last hands (``Table.history``, 50 by default, as
the screen of seed 003), each a hand history that replays and round-trips PHH."""

from __future__ import annotations

import random

import pytest

from croupier import NO_LIMIT, Razz, TexasHoldem, phh
from croupier.hand import Hand
from croupier.replay import replay
from croupier.table import Table, TableError

HOLDEM = TexasHoldem(NO_LIMIT, (1, 2))


def play(hand: Hand, rng: random.Random) -> None:
    """Random legal play to the end of the hand."""
    while not hand.is_over:
        x = rng.random()
        if x < 0.15 and hand.to_call:
            hand.fold()
        elif x < 0.35 and hand.can_raise:
            low, high = hand.min_raise_to, hand.max_raise_to
            assert low is not None and high is not None
            hand.raise_to(rng.randint(low, min(high, 3 * low)))
        elif hand.bring_in_pending:
            hand.bring_in()
        else:
            hand.check_or_call()


def session(table: Table, hands: int, seed: int) -> list[tuple[tuple[int, ...], Hand]]:
    """Play ``hands`` hands; each hand's seats (players) and the hand, in order."""
    rng = random.Random(seed)
    played = []
    for k in range(hands):
        if table.is_over:
            break
        hand = table.deal(seed=seed * 1000 + k)
        play(hand, rng)
        played.append((table.seats, hand))
        table.end_hand()
    return played


def test_a_60_hand_session_keeps_the_last_50_oldest_first() -> None:
    table = Table(HOLDEM, [200] * 4, rebuy=200)
    played = session(table, 60, seed=1)
    assert len(played) == 60
    kept = table.history
    assert len(kept) == 50
    assert [h.hand for h in kept] == list(range(11, 61))  # hand numbers from 1
    for history, (seats, hand) in zip(kept, played[10:], strict=True):
        assert history.players == tuple(f"player {p}" for p in seats)
        assert history.seats == tuple(p + 1 for p in seats) and history.seat_count == 4
        again = replay(history)
        assert again.payoffs == hand.payoffs  # the engine's seats are the file's players
        assert again.hand.events == hand.events


def test_each_kept_hand_round_trips_through_phh() -> None:
    table = Table(Razz(antes=1, bring_in=1, bets=(2, 4)), [60] * 3, rebuy=60)
    session(table, 12, seed=2)
    kept = table.history
    text = phh.dumps_all(kept) if hasattr(phh, "dumps_all") else None
    for history in kept:
        back = phh.loads(phh.dumps(history))
        assert back == history
        assert replay(back).payoffs == replay(history).payoffs
    if text is not None:
        assert tuple(phh.loads_all(text)) == kept


def test_the_kept_hands_account_for_every_chip_they_moved() -> None:
    table = Table(HOLDEM, [3000, 3000, 3000], keep=5)
    played = session(table, 9, seed=3)
    assert len(played) == 9 and len(table.history) == 5
    before = [3000, 3000, 3000]
    for seats, hand in played[:4]:
        assert hand.payoffs is not None
        for seat, player in enumerate(seats):
            before[player] += hand.payoffs[seat]
    moved = [0, 0, 0]
    for history in table.history:
        payoffs = replay(history).payoffs
        assert history.players is not None and payoffs is not None
        for name, payoff in zip(history.players, payoffs, strict=True):
            moved[int(name.split()[1])] += payoff
    assert [b + m for b, m in zip(before, moved, strict=True)] == list(table.stacks)
    assert sum(moved) == 0


def test_keep_zero_keeps_nothing_and_an_unfinished_hand_is_not_kept() -> None:
    table = Table(HOLDEM, [100, 100], keep=0)
    session(table, 3, seed=4)
    assert table.history == ()
    table = Table(HOLDEM, [100, 100])
    assert table.history == ()
    table.deal(seed=1)
    assert table.history == ()  # the hand is not over, nor ended


@pytest.mark.parametrize("keep", [-1, 1.5, "50", True, None])
def test_a_bad_keep_is_a_table_error(keep: object) -> None:
    with pytest.raises(TableError, match="keep"):
        Table(HOLDEM, [100, 100], keep=keep)  # type: ignore[arg-type]
