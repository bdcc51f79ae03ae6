"""Issue 22, item 6: ``Table`` refuses every bad set-up with a ``TableError``, and a
``Table``, a ``Hand`` and the environments refuse a second thread (``ConcurrentUse``)
instead of letting two threads change them at once."""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable, Iterator

import numpy as np
import pytest

from croupier import (
    NO_LIMIT,
    ConcurrentUse,
    IllegalAction,
    KuhnPoker,
    RoyalHoldem,
    TexasHoldem,
)
from croupier.actions import from_events
from croupier.env import PokerEnv, SingleAgentEnv, VectorEnv
from croupier.table import Level, Table, TableError, levels

HOLDEM = TexasHoldem(NO_LIMIT, (1, 2))
TRIALS = 1000


@pytest.mark.parametrize(
    "make",
    [
        lambda: Table(HOLDEM, None),  # type: ignore[arg-type]
        lambda: Table(None, [100, 100]),  # type: ignore[arg-type]
        lambda: Table(HOLDEM, [100, 100], schedule=[5]),  # type: ignore[list-item]
        lambda: Table(HOLDEM, [100, 100], schedule=[(5,)]),  # type: ignore[list-item]
        lambda: Table(HOLDEM, [100, 100], schedule=5),  # type: ignore[arg-type]
        lambda: Table(HOLDEM, [100, 100], schedule=[(5, None)]),  # type: ignore[list-item]
        lambda: Table(HOLDEM, [100, 100], schedule=[(1.5, HOLDEM)]),
        lambda: Table(HOLDEM, [100, 100], schedule=[(-1, HOLDEM)]),
        lambda: Table(HOLDEM, [100, 100], schedule=["ab"]),  # type: ignore[list-item]
        lambda: Table(HOLDEM, "100"),  # type: ignore[arg-type]
        lambda: Table(HOLDEM, [100, 1.5]),  # type: ignore[list-item]
        lambda: Table(HOLDEM, [100, 100], rebuy=2.5),  # type: ignore[arg-type]
        lambda: Table(HOLDEM, [100, 100], rebuy=0),
        lambda: levels(HOLDEM, 5),  # type: ignore[arg-type]
        lambda: levels([HOLDEM], 2.5),  # type: ignore[arg-type]
        lambda: levels([HOLDEM, None], 5),  # type: ignore[list-item]
        lambda: Level(0, None),  # type: ignore[arg-type]
        lambda: Level("0", HOLDEM),  # type: ignore[arg-type]
    ],
)
def test_a_bad_table_is_a_table_error(make: Callable[[], object]) -> None:
    with pytest.raises(TableError):
        make()


def test_a_schedule_game_that_cannot_seat_the_table_is_refused_at_once() -> None:
    royal = RoyalHoldem(NO_LIMIT, (1, 2))  # at most 7 players (20 cards)
    assert royal.max_players < 9
    with pytest.raises(TableError, match="from hand 10"):
        Table(HOLDEM, [100] * 9, schedule=[(10, royal)])
    with pytest.raises(TableError, match="from hand 10"):
        Table(HOLDEM, [100] * 9, schedule=levels([HOLDEM, royal], 10))
    table = Table(HOLDEM, [100] * 7, schedule=levels([HOLDEM, royal], 1))
    for seed in range(3):  # the royal level deals
        hand = table.deal(seed=seed)
        while hand.actor is not None:
            hand.check_or_call()
        table.end_hand()
    assert table.game is royal and sum(table.stacks) == 700


def test_a_refused_deal_changes_nothing() -> None:
    table = Table(HOLDEM, [100, 100, 100])
    hand = table.deal(seed=1)
    while hand.actor is not None:
        hand.check_or_call()
    table.end_hand()
    state = (table.button, table.seats, table.stacks, table.hands_played)
    with pytest.raises(ValueError):
        table.deal(seed=1.5)  # type: ignore[arg-type]
    assert (table.button, table.seats, table.stacks, table.hands_played) == state
    assert table.hand is None


# ------------------------------------------------------------------ threads


@pytest.fixture
def switch_often() -> Iterator[None]:
    """Threads switch every microsecond: a race, if there is one, shows."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def at_once(calls: list[Callable[[], object]]) -> list[object]:
    """Run the calls in threads started together: each one's result or exception."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(k: int) -> None:
        barrier.wait()
        try:
            results[k] = calls[k]()
        except Exception as exc:
            results[k] = exc

    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.usefixtures("switch_often")
def test_two_threads_dealing_at_one_table_give_one_hand() -> None:
    table = Table(HOLDEM, [100] * 6, rebuy=100)
    for trial in range(TRIALS):
        deal = functools.partial(table.deal, seed=trial)
        results = at_once([deal, deal])
        dealt = [r for r in results if not isinstance(r, Exception)]
        refused = [r for r in results if isinstance(r, (TableError, ConcurrentUse))]
        assert len(dealt) == 1 and len(refused) == 1, results
        assert dealt[0] is table.hand
        hand = table.hand
        assert hand is not None
        while hand.actor is not None:
            hand.check_or_call() if trial % 3 else hand.fold()
        table.end_hand()
        assert sum(table.stacks) == 600 + table.bought
    assert table.hands_played == TRIALS


@pytest.mark.usefixtures("switch_often")
def test_two_threads_acting_on_one_hand_act_one_at_a_time() -> None:
    for trial in range(TRIALS):
        hand = HOLDEM.start([100] * 6, seed=trial)
        results = at_once([hand.check_or_call, hand.check_or_call])
        done = sum(r is None for r in results)
        assert all(r is None or isinstance(r, ConcurrentUse) for r in results), results
        assert done >= 1
        assert sum(1 for a in from_events(hand.events) if a.kind == "cc") == done
        assert sum(hand.stacks) + hand.pot == 600


def refused_or_done(results: list[object]) -> int:
    """How many of the calls went through; every other one was refused."""
    assert all(not isinstance(r, Exception) or isinstance(r, ConcurrentUse) for r in results), (
        results
    )
    done = sum(not isinstance(r, ConcurrentUse) for r in results)
    assert done >= 1
    return done


@pytest.mark.usefixtures("switch_often")
def test_two_threads_stepping_one_environment_step_one_at_a_time() -> None:
    env = PokerEnv(HOLDEM, [100] * 6)
    for trial in range(TRIALS):
        env.reset(seed=trial)
        assert env.hand is not None
        start = len(from_events(env.hand.events))
        done = refused_or_done(at_once([lambda: env.step(1), lambda: env.step(1)]))
        assert len(from_events(env.hand.events)) == start + done

    venv = VectorEnv(KuhnPoker(), 8, [2, 2], seed=1)
    venv.reset()
    ones = np.ones(8, dtype=np.int64)
    for _ in range(TRIALS // 2):
        refused_or_done(at_once([lambda: venv.step(ones), lambda: venv.step(ones)]))

    single = SingleAgentEnv(HOLDEM, [100] * 3, seat=0)
    single.reset(seed=1)
    for _ in range(TRIALS // 2):
        results = at_once([lambda: single.step(1), lambda: single.step(1)])
        refused_or_done(results)
        if any(isinstance(r, tuple) and r[2] for r in results):
            single.reset()


def test_guards_do_not_outlive_a_refusal() -> None:
    """After an error inside a call (of any kind) the object is free again."""
    table = Table(KuhnPoker(), [2, 2])
    with pytest.raises(TableError):
        table.end_hand()
    table.deal(seed=1)
    hand = table.hand
    assert hand is not None
    with pytest.raises(IllegalAction):
        hand.raise_to(10**6)
    hand.check()
    env = PokerEnv(KuhnPoker(), [2, 2])
    env.reset(seed=1)
    with pytest.raises(ValueError):
        env.step(99)
    env.step(1)
