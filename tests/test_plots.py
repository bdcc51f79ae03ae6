"""croupier.plots (the plot extra): the lines drawn are the numbers croupier computes;
``croupier.statistics.stats_by_hand`` adds up to ``stats``; a missing matplotlib is one
line naming the extra."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import matplotlib
import pytest
from blocked import run_without

matplotlib.use("Agg")

import matplotlib.pyplot as plt

import croupier
from croupier import NO_LIMIT, TexasHoldem, phh, plots
from croupier.replay import history_of, replay
from croupier.statistics import stats, stats_by_hand

DATA = Path(__file__).resolve().parent / "data" / "phh"
HANDHQ = sorted((DATA / "handhq").glob("*.phhs"))


@pytest.fixture(autouse=True)
def _close_figures() -> object:
    yield None
    plt.close("all")


def all_in_hands(count: int, players: int = 2, seed: int = 0) -> list[phh.HandHistory]:
    """Hold'em hands where someone often moves all-in before the river."""
    game = TexasHoldem(NO_LIMIT, (1, 2))
    histories = []
    for k in range(count):
        rng = random.Random(seed + k)
        hand = game.start([100] * players, seed=seed + k)
        while hand.actor is not None:
            if rng.random() < 0.2 and hand.can_raise:
                hand.all_in()
            else:
                hand.check_or_call()
        histories.append(history_of(hand))
    return histories


def test_equity_by_street_draws_each_seats_equity_street_by_street() -> None:
    hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100, 100], seed=8)
    hand.all_in()
    hand.call()
    hand.call()
    ax = plots.equity_by_street(hand, players=["Ann", "Bob", "Cy"])
    lines = ax.get_lines()
    assert [line.get_label() for line in lines] == ["Ann", "Bob", "Cy"]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["preflop", "flop", "turn", "river"]
    board = hand.board
    holes = [hand.hole(s) for s in range(3)]
    for k, shown in enumerate((0, 3, 4, 5)):
        expected = croupier.equity(hand.game, holes, board[:shown], seed=0).equity
        assert [float(line.get_ydata()[k]) for line in lines] == pytest.approx(expected)
    river = [float(line.get_ydata()[3]) for line in lines]
    assert sum(river) == pytest.approx(1.0)
    winners = [s for s in range(3) if hand.winnings[s] > 0]  # type: ignore[index]
    assert all(river[s] > 0 for s in winners)


def test_a_folded_seat_has_no_equity_after_the_street_it_folded_on() -> None:
    hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100, 100], seed=3)
    hand.fold()  # the button, seat 2, folds pre-flop
    hand.call()
    hand.check()
    shown = plots.street_equity(hand)
    assert [street for street, _ in shown] == ["preflop", "flop"]  # the turn is not dealt
    holes = [hand.hole(s) for s in range(3)]
    assert shown[0][1] == pytest.approx(croupier.equity(hand.game, holes).equity)
    flop = croupier.equity(hand.game, holes[:2], hand.board[:3]).equity
    assert shown[1][1] == pytest.approx((*flop, 0.0))
    ax = plots.equity_by_street(hand)  # a running hand: the streets dealt so far
    assert [list(line.get_ydata()) for line in ax.get_lines()][2] == [shown[0][1][2], 0.0]


def test_a_hand_won_by_a_fold_ends_on_the_street_of_the_fold() -> None:
    hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100], seed=1)
    hand.call()
    hand.check()
    hand.raise_to(10)  # the flop: the big blind bets, the button folds
    hand.fold()
    holes = [hand.hole(s) for s in range(2)]
    flop = croupier.equity(hand.game, holes, hand.board).equity
    assert plots.street_equity(hand)[-1] == ("flop", pytest.approx(flop))
    assert len(plots.street_equity(hand)) == 2


def test_a_stud_hand_plots_its_streets() -> None:
    hand = croupier.SevenCardStud(bring_in=1, bets=(2, 4)).start([100] * 3, seed=2)
    while hand.actor is not None:
        hand.bring_in() if hand.bring_in_pending else hand.check_or_call()
    ax = plots.equity_by_street(hand, samples=20_000, seed=1)
    assert len(ax.get_lines()) == 3 and len(ax.get_xticklabels()) == 5
    assert [float(line.get_ydata()[-1]) for line in ax.get_lines()] == pytest.approx(
        [1.0 if w > 0 else 0.0 for w in hand.winnings]  # type: ignore[union-attr]
    )


def test_equity_by_street_refuses_what_it_cannot_draw() -> None:
    draw = croupier.DeuceToSevenTripleDraw(bets=(2, 4)).start([100, 100], seed=1)
    with pytest.raises(ValueError, match="draw game"):
        plots.equity_by_street(draw)
    hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100], seed=1)
    with pytest.raises(ValueError, match="players names 1 seats, the hand has 2"):
        plots.equity_by_street(hand, players=["Ann"])
    text = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [50, 50]\nactions = ['d dh p1 ????', 'd dh p2 AsKs', 'p2 cc']\n"
    )
    with pytest.raises(ValueError, match="seat 0's cards are not known"):
        plots.street_equity(replay(phh.loads(text)).hand)


def test_winnings_draws_the_running_totals_of_net_and_all_in_adjusted() -> None:
    histories = all_in_hands(120)
    per_hand = list(stats_by_hand(histories))
    ax = plots.winnings(histories, "p1")
    net, adjusted = ax.get_lines()
    assert (net.get_label(), adjusted.get_label()) == ("net", "all-in adjusted")
    running = [float(sum(s["p1"].net for s in per_hand[: k + 1])) for k in range(120)]
    assert list(net.get_ydata()) == pytest.approx(running)
    assert list(net.get_xdata()) == list(range(1, 121))
    total = stats(histories)["p1"]
    assert net.get_ydata()[-1] == pytest.approx(float(total.net))
    assert adjusted.get_ydata()[-1] == pytest.approx(float(total.all_in_adjusted_net))
    assert total.all_in_spots > 0 and total.all_in_adjusted_net != total.net
    assert ax.get_ylabel() == "chips" and ax.get_title() == "p1: winnings over 120 hands"
    blinds = plots.winnings(histories, "p1", big_blinds=True, all_in_ev=False)
    lines = blinds.get_lines()
    assert lines[1].get_ydata()[-1] == pytest.approx(float(total.big_blinds))
    assert list(lines[0].get_ydata()) == list(lines[1].get_ydata())  # no adjustment asked


def test_winnings_counts_only_the_hands_the_player_was_dealt_in() -> None:
    two = all_in_hands(10, players=2)
    three = all_in_hands(5, players=3, seed=50)
    nets, _ = plots.cumulative_winnings([*two, *three], "p3")
    assert len(nets) == 5
    assert nets[-1] == pytest.approx(float(stats(three)["p3"].net))
    with pytest.raises(ValueError, match="'Zed' is dealt in none of the hands"):
        plots.winnings(two, "Zed")


def test_winnings_draws_on_a_given_axes() -> None:
    _, axes = plt.subplots(1, 2)
    drawn = plots.winnings(all_in_hands(5), "p2", ax=axes[1])
    assert drawn is axes[1] and len(axes[1].get_lines()) == 2 and not axes[0].get_lines()


def test_stats_by_hand_adds_up_to_stats_on_a_file() -> None:
    path = HANDHQ[0]
    per_hand = list(stats_by_hand(path))
    assert len(per_hand) == stats(path).hands and all(s.hands == 1 for s in per_hand)
    assert sum(per_hand) == stats(path)
    assert sum(stats_by_hand(path, player="p1", all_in_ev=False)) == stats(
        path, player="p1", all_in_ev=False
    )


def test_stats_by_hand_skips_what_it_cannot_count(tmp_path: Path) -> None:
    good = all_in_hands(3)
    bad = phh.loads(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [50, 50]\nactions = ['p1 f']\n"
    )
    missing = tmp_path / "none.phh"
    per_hand = list(stats_by_hand([good[0], bad, good[1], missing], errors="skip"))
    assert [s.skipped for s in per_hand] == [0, 1, 0, 1]
    assert "hand 2" in per_hand[1].problems[0] and "none.phh" in per_hand[3].problems[0]
    assert sum(per_hand) == stats([good[0], bad, good[1], missing], errors="skip")
    with pytest.raises(ValueError, match="errors must be"):
        stats_by_hand(good, errors="ignore")  # type: ignore[arg-type]
    with pytest.raises(croupier.statistics.StatsError, match="hand 2"):
        list(stats_by_hand([good[0], bad]))
    assert Fraction(0) == sum(p.net for s in stats_by_hand(good) for p in s.values())


def test_without_matplotlib_a_plot_says_to_install_the_extra() -> None:
    code = (
        "import croupier, croupier.plots as plots\n"
        "hand = croupier.TexasHoldem(croupier.NO_LIMIT).start([100, 100])\n"
        "assert plots.street_equity(hand)\n"
        "plots.equity_by_street(hand)\n"
    )
    assert run_without("matplotlib", code) == (
        "ModuleNotFoundError: croupier.plots.equity_by_street needs the 'plot' extra: "
        'pip install ".[plot]" in croupier\'s folder, or pip install matplotlib'
    )
