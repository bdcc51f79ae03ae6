"""``simulate(..., records=True)``: one record a hand, the same however the work is split,
adding up to the totals; ``to_records`` and ``to_dataframe`` of the result."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from blocked import run_without

import croupier
from croupier import FIXED_LIMIT, NO_LIMIT, cards
from croupier._simulation import HandRecord

GAMES = {
    "holdem": (croupier.TexasHoldem(NO_LIMIT), [200] * 6, 2),
    "razz": (croupier.Razz(1, 1, (2, 4)), [100] * 4, 2),
    "omaha-hilo": (croupier.OmahaHiLo(FIXED_LIMIT, (1, 2), bets=(2, 4)), [150] * 3, 2),
    "draw": (croupier.DeuceToSevenTripleDraw(bets=(2, 4)), [100] * 3, 2),
}


@pytest.mark.parametrize("policy", ["random", "all-in"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_records_add_up_to_the_totals(name: str, policy: str) -> None:
    game, stacks, big_blind = GAMES[name]
    result = croupier.simulate(game, 150, stacks, policy=policy, seed=3, records=True)
    records = result.hand_records
    assert [r.hand for r in records] == list(range(150))
    assert [r.seed for r in records] == [3 + k for k in range(150)]
    n = len(stacks)
    assert tuple(sum(r.payoffs[i] for r in records) for i in range(n)) == result.net
    assert tuple(sum(r.won[i] for r in records) for i in range(n)) == result.won
    assert all(sum(r.payoffs) == 0 for r in records)
    assert result.big_blind == big_blind
    # The fast path keeps the same totals and no records.
    plain = croupier.simulate(game, 150, stacks, policy=policy, seed=3)
    assert (plain.net, plain.won, plain.hand_records) == (result.net, result.won, ())


def test_a_record_is_the_hand_its_seed_deals_again() -> None:
    game, stacks, _ = GAMES["holdem"]
    result = croupier.simulate(game, 40, stacks, policy="check-down", seed=11, records=True)
    for record in result.hand_records:
        hand = game.start(stacks, seed=record.seed)
        while hand.actor is not None:
            hand.check_or_call()
        assert record.payoffs == hand.payoffs and record.winnings == hand.winnings
        assert record.holes == tuple(
            "".join(cards.card_texts(hand.hole(s))) for s in range(len(stacks))
        )
        assert record.board == "".join(cards.card_texts(hand.board)) and len(record.board) == 10
        assert record.showdown and not record.all_in  # everyone checks down, deep stacks


def test_all_in_and_showdown_are_told_apart() -> None:
    game = croupier.TexasHoldem(NO_LIMIT)
    shoved = croupier.simulate(game, 30, [100, 100], policy="all-in", seed=2, records=True)
    assert all(r.all_in and r.showdown for r in shoved.hand_records)

    def fold(hand: croupier.Hand, rng: object) -> None:
        hand.check() if hand.can_check else hand.fold()

    folded = croupier.simulate(game, 5, [100, 100], policy=fold, records=True)
    assert not any(r.showdown or r.all_in for r in folded.hand_records)
    assert all(r.board == "" for r in folded.hand_records)


def test_the_records_are_the_same_on_an_executor_and_in_chunks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game, stacks, _ = GAMES["holdem"]
    local = croupier.simulate(game, 2300, stacks, policy="random", seed=9, records=True)
    with ThreadPoolExecutor(2) as pool:
        spread = croupier.simulate(
            game, 2300, stacks, policy="random", seed=9, executor=pool, records=True
        )
    monkeypatch.setattr("croupier._simulation.CHUNK", 7)
    small = croupier.simulate(game, 2300, stacks, policy="random", seed=9, records=True)
    assert len(local.hand_records) == 2300
    assert spread.hand_records == local.hand_records == small.hand_records
    assert spread.net == local.net == small.net


def test_to_records_per_seat_and_per_hand() -> None:
    game, stacks, _ = GAMES["holdem"]
    result = croupier.simulate(game, 100, stacks, seed=5, records=True)
    rows = result.to_records()
    assert [r["seat"] for r in rows] == list(range(6))
    assert [r["net"] for r in rows] == list(result.net)
    assert [r["won"] for r in rows] == list(result.won)
    assert [r["bb_per_100"] for r in rows] == [100 * n / 2 / 100 for n in result.net]
    per_hand = result.to_records(per_hand=True)
    assert len(per_hand) == 600
    assert [(r["hand"], r["seat"]) for r in per_hand[:7]] == [(0, s) for s in range(6)] + [(1, 0)]
    for seat in range(6):
        mine = [r for r in per_hand if r["seat"] == seat]
        assert [r["payoff"] for r in mine] == [h.payoffs[seat] for h in result.hand_records]
        assert sum(r["won"] is True for r in mine) == result.won[seat]
    first: HandRecord = result.hand_records[0]
    assert per_hand[1]["hole"] == first.holes[1] and per_hand[1]["board"] == first.board


def test_per_hand_without_records_says_how_to_keep_them() -> None:
    result = croupier.simulate(croupier.TexasHoldem(NO_LIMIT), 10, [100, 100])
    with pytest.raises(ValueError, match=r"records=True"):
        result.to_records(per_hand=True)
    with pytest.raises(ValueError, match=r"records=True"):
        result.to_dataframe(per_hand=True)


def test_bb_per_100_is_none_without_a_big_blind() -> None:
    result = croupier.SimulationResult(10, (5, -5), (6, 4), 0.1)
    assert result.bb_per_100 is None
    assert result.to_records()[0] == {"seat": 0, "net": 5, "won": 6, "bb_per_100": None}


def test_to_dataframe_matches_to_records() -> None:
    import pandas  # the test extra installs it

    game, stacks, _ = GAMES["razz"]
    result = croupier.simulate(game, 60, stacks, seed=1, records=True)
    frame = result.to_dataframe()
    assert isinstance(frame, pandas.DataFrame)
    assert frame.shape == (4, 3) and list(frame.index) == [0, 1, 2, 3]
    assert frame.index.name == "seat"
    assert frame.reset_index().to_dict("records") == result.to_records()
    hands = result.to_dataframe(per_hand=True)
    assert hands.shape == (240, 8) and hands.index.names == ["hand", "seat"]
    assert hands.reset_index().to_dict("records") == result.to_records(per_hand=True)
    assert tuple(hands.groupby(level="seat")["payoff"].sum()) == result.net
    assert int(hands.loc[(59, 3), "seed"]) == 1 + 59


def test_to_records_works_without_pandas_and_to_dataframe_says_what_to_install() -> None:
    code = (
        "import croupier\n"
        "r = croupier.simulate(croupier.TexasHoldem(croupier.NO_LIMIT), 20, [50, 50],"
        " records=True)\n"
        "assert len(r.to_records()) == 2 and len(r.to_records(per_hand=True)) == 40\n"
        "r.to_dataframe(per_hand=True)\n"
    )
    assert run_without("pandas", code) == (
        "ModuleNotFoundError: SimulationResult.to_dataframe needs the 'pandas' extra: "
        'pip install ".[pandas]" in croupier\'s folder, or pip install pandas; '
        "SimulationResult.to_records() gives the same data as plain dicts"
    )
