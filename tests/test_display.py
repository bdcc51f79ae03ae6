"""repr and _repr_html_ of Hand, HandHistory, EquityResult and Stats (croupier._display)."""

from __future__ import annotations

import random
import re

import croupier
from croupier import NO_LIMIT
from croupier.cards import format_card
from croupier.phh import Action, HandHistory
from croupier.statistics import PlayerStats, Stats


def seat_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("  seat ")]


def test_a_hand_shows_every_seat_its_cards_and_the_actors_choices() -> None:
    hand = croupier.TexasHoldem(NO_LIMIT).start([200, 150, 300], seed=11)
    text = repr(hand)
    assert text.splitlines()[0] == "Hand: Texas Hold'em, no-limit, 3 players, preflop, pot 3"
    lines = seat_lines(text)
    assert len(lines) == 3
    for seat, line in enumerate(lines):
        assert f"stack {hand.stacks[seat]} " in line and f"bet {hand.bets[seat]} " in line
        assert " ".join(format_card(c) for c in hand.hole(seat)) in line
    actor = hand.actor
    assert actor is not None
    assert lines[actor].endswith("to act: fold, call 2, raise to 4..300")
    assert sum("to act" in line for line in lines) == 1


def test_the_listed_choices_are_the_hands_own_at_every_step_of_random_play() -> None:
    rng = random.Random(5)
    for n in range(40):
        hand = croupier.TexasHoldem(NO_LIMIT).start([rng.randint(3, 60) for _ in range(3)], seed=n)
        while not hand.is_over:
            (line,) = [x for x in seat_lines(repr(hand)) if "to act" in x]
            choices = line.split("to act: ")[1].split(", ")
            assert choices[0] == "fold"
            assert choices[1] == ("check" if hand.can_check else f"call {hand.to_call}")
            if hand.can_raise:
                low, high = hand.min_raise_to, hand.max_raise_to
                assert choices[2] == (
                    f"raise to {low}" if low == high else f"raise to {low}..{high}"
                )
            else:
                assert len(choices) == 2
            pick = rng.random()
            if pick < 0.15:
                hand.fold()
            elif pick < 0.35 and hand.can_raise:
                assert hand.min_raise_to is not None and hand.max_raise_to is not None
                hand.raise_to(rng.randint(hand.min_raise_to, hand.max_raise_to))
            else:
                hand.check_or_call()
        text = repr(hand)
        assert ", over, " in text.splitlines()[0] and "to act" not in text
        net = [now - then for now, then in zip(hand.stacks, hand.starting_stacks, strict=True)]
        assert text.splitlines()[-1] == "  net  " + " ".join(f"{x:+d}" for x in net)


def test_folded_and_all_in_seats_say_so() -> None:
    hand = croupier.TexasHoldem(NO_LIMIT).start([50, 100, 100], seed=2)
    hand.all_in()  # seat 2, first to act three-handed
    hand.fold()
    lines = seat_lines(repr(hand))
    assert lines[2].endswith("all in") and lines[0].endswith("folded")


def test_draws_bring_ins_showdowns_and_runs_name_their_choices() -> None:
    stud = croupier.SevenCardStud().start([100] * 3, seed=2)
    line = next(x for x in seat_lines(repr(stud)) if "to act" in x)
    assert line.endswith("to act: bring in, complete")
    assert re.search(r"\(\w\w \w\w\) \w\w", line)  # down cards in parentheses, then up
    draw = croupier.DeuceToSevenTripleDraw().start([100, 100], seed=3)
    while not draw.drawing:
        draw.check_or_call()
    assert f"to act: discard up to {draw.max_discards}, stand pat" in repr(draw)
    shown = croupier.TexasHoldem(NO_LIMIT).start([100, 100], seed=4, auto_showdown=False)
    while not shown.showing:
        shown.check_or_call()
    assert "to act: show, muck" in repr(shown)
    twice = croupier.TexasHoldem(NO_LIMIT).start([100, 100], seed=6, runs=2)
    twice.all_in()
    twice.call()
    text = repr(twice)
    assert "  board 1  " in text and "  board 2  " in text


def test_cards_nobody_saw_show_as_question_marks() -> None:
    from croupier import phh
    from croupier.replay import replay

    text = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [100, 100]\nactions = ['d dh p1 AsAd', 'd dh p2 ????', 'p2 cc']\n"
    )
    hand = replay(phh.loads(text)).hand
    lines = seat_lines(repr(hand))
    assert "As Ad" in lines[0] and "?? ??" in lines[1]
    assert "?? ??" in hand._repr_html_()


def test_a_hands_html_is_a_table_of_its_seats() -> None:
    hand = croupier.TexasHoldem(NO_LIMIT).start([100, 100, 100, 100], seed=1)
    page = hand._repr_html_()
    assert page.startswith("<table>") and page.count("<tr>") == 5  # a head and four seats
    assert "to act: fold, call 2" in page


def test_a_hand_history_shows_only_what_is_set_and_escapes_names_in_html() -> None:
    history = HandHistory(
        variant="NT",
        antes=(0, 0),
        blinds_or_straddles=(1, 2),
        min_bet=2,
        starting_stacks=(200, 200),
        actions=(Action("f", actor=1),),
        players=("Ann", "<b>Bob</b>"),
    )
    text = repr(history)
    assert text.startswith("HandHistory(variant='NT', ")
    assert "ante_trimming_status" not in text and "bring_in" not in text  # None: not set
    assert "players=('Ann', '<b>Bob</b>')" in text and "scale" not in text
    page = history._repr_html_()
    assert "&lt;b&gt;Bob&lt;/b&gt;" in page and "<b>Bob" not in page
    assert page.count("<tr>") == 3


def test_an_equity_result_prints_percentages_and_its_html_has_every_column() -> None:
    exact = croupier.equity(croupier.TexasHoldem(NO_LIMIT), ["AhAd", "KhKd"], board="2c3c4d5h")
    assert str(exact).splitlines() == [
        "hand 0  equity 93.18%  win 86.36%  tie 13.64%",
        "hand 1  equity 6.82%  win 0.00%  tie 13.64%",
        "44 deals, exact",
    ]
    hilo = croupier.equity(
        croupier.OmahaHiLo(croupier.POT_LIMIT), ["As2s3hKh", "QcQdJcTd"], samples=2000, seed=1
    )
    lines = str(hilo).splitlines()
    assert all(" high " in x and " low " in x and " ± " in x for x in lines[:2])
    assert lines[2] == "2,000 deals, Monte Carlo"
    page = hilo._repr_html_()
    assert page.count("<tr>") == 3 and "std. error" in page


def test_stats_show_a_line_a_player_up_to_twenty_and_html_shows_all() -> None:
    players = tuple(PlayerStats(f"p{i:02d}", hands=10, vpip=i % 10, net=i) for i in range(25))
    stats = Stats(players, hands=10)
    lines = repr(stats).splitlines()
    assert lines[0] == "Stats: 10 hands, 0 skipped, 25 players"
    assert lines[1] == "  p00  hands 10  VPIP 0.0%  PFR 0.0%  net 0  bb/100 0.00"
    assert len(lines) == 22 and lines[-1] == "  … 5 more (to_records(), to_dataframe())"
    escaped = Stats((PlayerStats("<i>x</i>", hands=1),), hands=1)._repr_html_()
    assert "&lt;i&gt;x&lt;/i&gt;" in escaped
    assert stats._repr_html_().count("<tr>") == 26
