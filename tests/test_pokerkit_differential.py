"""croupier against PokerKit 0.7.7, hand by hand (the driver: tests/pokerkit_differential.py).

Random hands of every game both engines have must agree at every decision
point and at the end, except where a named rule of the driver explains the
difference (a convention of docs/rules.md, a known PokerKit bug, or a question
put to croupier).  Each rule is shown here on a hand built for it: the
engines really differ there, and without that rule the hand is an
unexplained difference.  The pot model the driver checks croupier against is
shown on the rules page's own examples.

PokerKit needs Python 3.11 or later; on older Pythons this module is skipped
(from 3.11 on, PokerKit is part of the test extra and must be installed).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from typing import Any

import pokerkit_differential as diff
import pytest

import croupier
from croupier import Hand, parse_cards

HANDS = 2000  # random hands per game: 2 ms (Hold'em) to 10 ms (Omaha Hi/Lo) each
SEED = 20260601
MIN_COMPARED = 0.9  # of the hands of every game, compared to the end

Action = diff.Action


def deck(text: str = "") -> tuple[int, ...]:
    """A deck from the top: ``text``, then every other card in code order."""
    top = parse_cards(text)
    return (*top, *(c for c in range(52) if c not in top))


def table(game: str, stacks: list[int], text: str = "", **forced: Any) -> diff.Table:
    return diff.Table(game, tuple(stacks), deck(text), **forced)


def act(method: str, amount: int | None = None) -> Action:
    return (method, amount)


FOLD, CALL, CHECK, ALL_IN, BRING_IN = (
    act(m) for m in ("fold", "call", "check", "all_in", "bring_in")
)


def raise_to(amount: int) -> Action:
    return act("raise_to", amount)


def croupier_script(t: diff.Table, policy: Callable[[Hand], Action]) -> list[Action]:
    """The actions ``policy`` takes on croupier alone, to replay on both engines."""
    hand = t.croupier_game().start(list(t.stacks), deck=list(t.deck))
    script = []
    while hand.actor is not None:
        script.append(policy(hand))
        diff._apply_croupier(hand, script[-1])
    return script


def _one_fold_on_sixth_street(hand: Hand) -> Action:
    """Check and call, except on sixth street: a bet, and one player folds."""
    if hand.bring_in_pending:
        return BRING_IN
    if hand.street == "sixth" and hand.can_check and hand.min_raise_to is not None:
        return raise_to(hand.min_raise_to)
    if hand.street == "sixth" and not hand.can_check and not any(hand.folded):
        return FOLD
    return CHECK if hand.can_check else CALL


BLINDS: dict[str, Any] = {"blinds": (1, 2)}
LIMIT: dict[str, Any] = {"blinds": (1, 2), "bets": (2, 4)}
STUD: dict[str, Any] = {"antes": 1, "bring_in": 2, "bets": (8, 16)}  # docs/rules.md §3.4's cases
RAZZ: dict[str, Any] = {"antes": 1, "bring_in": 1, "bets": (2, 4)}
# Stud up cards: seat 0 shows the 2c and brings in (lowest), then 9d, 9h.
STUD_DECK = "Ac Kc 2c Ad Kd 9d Ah Kh 9h"
_eight_razz = table("Razz", [100] * 8, **RAZZ)

# A hand for each rule: (table, actions; after them everyone checks and calls).
EXAMPLES: dict[str, tuple[diff.Table, list[Action]]] = {
    # §3.2: the big blind has 1 chip; the button still faces 2 (PokerKit: 1).
    "short_blind_counts_full": (table("NL Hold'em", [100, 1, 100], **BLINDS), []),
    # §3.4: seat 0's Ks must bring in at Razz but it is all-in on the ante: the
    # next card in order (seat 2's 8d) brings in; PokerKit asks seat 1.
    "stud_bring_in_all_in_on_ante": (
        table("Razz", [1, 50, 50], "Ac 2c Ks 3c 4c 5d 6c 7c 8d", **RAZZ),
        [],
    ),
    # §3.4's table, 2 chips left: the bring-in seat may only post its 2.
    "stud_short_bring_in_only_posts": (
        table("Seven-Card Stud", [3, 50, 50], STUD_DECK, **STUD),
        [],
    ),
    # §3.4's table, 1 chip left: it posts 1 all-in, the next player faces 2.
    "stud_short_bring_in_stands": (table("Seven-Card Stud", [2, 50, 50], STUD_DECK, **STUD), []),
    # §3.4's table, 3 chips left for the next player: all-in to 3 after the
    # bring-in of 2 is not the completion; seat 2 may complete to 8 (PokerKit: 11).
    "stud_all_in_below_completion": (
        table("Seven-Card Stud", [50, 4, 50], STUD_DECK, **STUD),
        [BRING_IN, ALL_IN],
    ),
    # §4.3: the big blind and three raises cap the pre-flop round.
    "limit_cap_counts_big_blind": (
        table("FL Hold'em", [100] * 4, **LIMIT),
        [raise_to(4), raise_to(6), raise_to(8)],
    ),
    # §4.3's example: turn, units 4: seat 0 bets 4, seat 1 calls, seat 2 is
    # all-in for 6 (+2, half a unit): seat 0 may raise again, to 10.
    "limit_half_bet_all_in_reopens": (
        table("FL Hold'em", [100, 100, 8], **LIMIT),
        [CALL, CALL, CHECK, CHECK, CHECK, CHECK, raise_to(4), CALL, ALL_IN],
    ),
    # §4.3: flop, units 4: seats 0 and 1 check, seat 2 bets its last chip (less
    # than half a unit): they may call 1 or fold.
    "limit_short_all_in_is_no_raise": (
        table("FL Hold'em", [100, 100, 5], blinds=(2, 4), bets=(4, 8)),
        [CALL, CALL, CHECK, CHECK, CHECK, ALL_IN],
    ),
    # §4.1's Choice: the same at no limit, blinds 1/2.
    "short_all_in_does_not_reopen": (
        table("NL Hold'em", [100, 100, 3], **BLINDS),
        [CALL, CALL, CHECK, CHECK, CHECK, ALL_IN],
    ),
    # §4.1, seed 000 situation 12 and one more short all-in: UTG to 6, all-ins
    # for 9, 11 and 12, the blinds call: 12 - 6 >= 4, UTG may raise.
    "pokerkit_short_all_ins_add_up": (
        table("NL Hold'em", [100, 100, 100, 9, 11, 12], **BLINDS),
        [raise_to(6), ALL_IN, ALL_IN, ALL_IN, CALL, CALL],
    ),
    # §5.5: the button folds and the small blind calls all-in: the big blind is
    # not asked to check (PokerKit asks).
    "no_pointless_check": (table("NL Hold'em", [2, 100, 100], **BLINDS), [FOLD, CALL]),
    # §5.4: eight players, one folds on sixth street: 4 cards left for 7.
    "stud_community_card": (_eight_razz, croupier_script(_eight_razz, _one_fold_on_sixth_street)),
    # §6.6: seat 0 (As 4d) has the only low and is all-in for 3; the side pot
    # of seats 1 to 3 has no low: seat 1's kings take all of it.
    "pokerkit_hilo_low_half_without_low": (
        table(
            "FL Omaha Hi/Lo",
            [3, 8, 100, 100],
            "As 4d 9s 9h Kd Kh Jc Tc Qd Qh Jd Td 9c 9d Js Ts 2c 3d 7h Kc Qs",
            **LIMIT,
        ),
        [raise_to(4), CALL, ALL_IN, CALL, raise_to(2), raise_to(4), CALL, CALL, raise_to(4), CALL],
    ),
    # §6.7: a royal flush on the board, three players share 14: 5, 5, 4.
    "odd_chips": (
        table("NL Hold'em", [100] * 4, "2c 3c 2d 3d 4h 5h 6d 7d As Ks Qs Js Ts", blinds=(2, 4)),
        [CALL, CALL, FOLD, CHECK],
    ),
    # §6.10: seat 0 is all-in for 20 (a main pot of 60), seats 1 and 2 bet 10
    # more on the flop (a side pot of 20); seat 2's aces win both.  10 %, at most
    # 1 a pot: croupier takes 1 from each pot, PokerKit 1 from the two merged.
    "pokerkit_rakes_merged_pots": (
        table(
            "NL Hold'em",
            [20, 100, 100],
            "2c 7d 3c 8d As Ad Kh 9s 4d Jc 6h",
            rake=croupier.Rake(10, cap=1),
            **BLINDS,
        ),
        [CALL, ALL_IN, CALL, CALL, raise_to(10), CALL],
    ),
    # §6.10: heads-up, the button raises to 6 and the big blind folds: a pot of
    # 4, half of it raked (croupier 2); PokerKit gives the 6 back and rakes the
    # big blind's 2 (1).
    "pokerkit_leaves_last_round_unraked": (
        table(
            "NL Hold'em",
            [100, 100],
            rake=croupier.Rake(50, no_flop_no_drop=False),
            **BLINDS,
        ),
        [raise_to(6), FOLD],
    ),
}


def test_every_rule_has_an_example() -> None:
    assert set(EXAMPLES) == set(diff.RULES_BY_NAME)
    for rule in diff.RULES:
        assert rule.applies.__doc__, rule.name
        assert rule.kind in (diff.CONVENTION, diff.POKERKIT_BUG, diff.QUESTION)
        assert rule.section.startswith("§")
        if rule.kind != diff.POKERKIT_BUG:  # a convention cites the rules page
            assert "docs/rules.md §" in rule.applies.__doc__, rule.name


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_rule_example_is_a_real_difference(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    t, actions = EXAMPLES[name]
    outcome = diff.play_hand(t, None, actions)
    assert outcome.kind != "difference", outcome.detail + "\n" + outcome.reproducer
    assert name in (outcome.rule, *outcome.resumed)
    # Without the rule the same hand is an unexplained difference: the engines
    # really differ there, and no other rule explains it.
    monkeypatch.setattr(diff, "RULES", tuple(r for r in diff.RULES if r.name != name))
    assert diff.play_hand(t, None, actions).kind == "difference"


def test_without_differences_a_hand_is_compared_to_the_end() -> None:
    # The examples' tables with the stacks that make no difference.
    for t, actions in (
        (table("NL Hold'em", [100, 2, 100], **BLINDS), []),  # the big blind is all-in, not short
        (table("Seven-Card Stud", [4, 50, 50], STUD_DECK, **STUD), []),  # 3 chips: a bring-in
        (table("Razz", [3, 50, 50], "Ac 2c Ks 3c 4c 5d 6c 7c 8d", **RAZZ), []),
        (table("FL Hold'em", [100] * 4, **LIMIT), [raise_to(4), raise_to(6), CALL]),
        # §4.1: the button calls 2 with 3 chips, the small blind moves all-in for
        # 50: nobody could put a chip into a raise, so the big blind may only call
        # or fold (both engines).
        (table("NL Hold'em", [50, 100, 3], **BLINDS), [CALL, ALL_IN]),
    ):
        outcome = diff.play_hand(t, None, actions)
        assert (outcome.kind, outcome.resumed) == ("compared", ()), outcome


@pytest.mark.parametrize("game", diff.GAMES)
def test_forced_bet_rules_need_short_stacks(game: str) -> None:
    """The rules about short blinds and bring-ins never fire at deep tables."""
    forced = {
        "short_blind_counts_full",
        "stud_bring_in_all_in_on_ante",
        "stud_short_bring_in_only_posts",
        "stud_short_bring_in_stands",
    }
    report = diff.Report()
    for t, rng in diff.hands(game, 100, SEED + 1):
        unit = t.blinds[1] or t.bets[0]
        deep = tuple((20 + 7 * i) * unit for i in range(t.n))
        report.add(game, diff.play_hand(dataclasses.replace(t, stacks=deep), rng))
    assert not report.differences, report.text()
    assert not forced & set(report.rule_counts()), report.text()


@pytest.fixture(scope="module")
def report() -> diff.Report:
    """The random hands of every game, played on (up to) two processes."""
    return diff.run(HANDS, SEED, jobs=min(2, os.cpu_count() or 1))


@pytest.mark.parametrize("game", diff.GAMES)
def test_random_hands_agree(game: str, report: diff.Report) -> None:
    assert report.hands(game) == HANDS
    assert not report.differences.get(game), report.text(examples=5)
    assert report.compared[game] >= MIN_COMPARED * HANDS, report.text()
    assert set(report.rule_counts()) <= set(EXAMPLES)


# ---------------------------------------------------------------------------
# The driver's pot model on the rules page's own examples (docs/rules.md §6)
# ---------------------------------------------------------------------------


def _received(
    contributions: list[int],
    folded: list[bool],
    high: list[int],
    low: list[int] | None = None,
) -> list[int]:
    splits, received = diff.docs_splits(contributions, folded, high, low)
    for s in splits:
        for k, i in enumerate(s.winners):
            received[i] += s.share + (1 if k < s.odd else 0)
    return received


def test_docs_model_layers_no_live_player_reached() -> None:
    # §6.3 (a): antes 5, seat 1 all-in for 3 on its ante, the others fold.
    assert _received([5, 3, 5], [True, False, True], [0, 0, 0]) == [2, 9, 2]
    # §6.3 (b): seat 1 all-in for 3 and seat 2 for 2; seat 1's aces win.
    assert _received([5, 3, 2, 5], [True, False, False, True], [0, 9, 1, 0]) == [2, 11, 0, 2]


def test_docs_model_side_pots() -> None:
    # §6.2, seed 001: A (seat 0) all-in 200, B 500, C 500, D folds 100.
    contributions, folded = [200, 500, 500, 100], [False, False, False, True]
    assert _received(contributions, folded, [3, 1, 2, 0]) == [700, 0, 600, 0]  # A > C > B
    assert _received(contributions, folded, [3, 2, 2, 0]) == [700, 300, 300, 0]  # A > B = C


def test_docs_model_hi_lo_and_odd_chips() -> None:
    # §6.6: three players put in 5 each, the high and the only low differ.
    assert _received([5, 5, 5], [False] * 3, [3, 2, 1], [0, 0, 7]) == [8, 0, 7]
    # §6.7: a high half of 7 tied three ways pays 3, 2, 2, the 3 to the lowest seat.
    high, low = [5, 1, 5, 1, 5, 1, 1], [0, 0, 0, 0, 0, 0, 9]
    assert _received([2] * 7, [False] * 7, high, low) == [3, 0, 2, 0, 2, 0, 7]
    # The odd chips of a pot one at a time: 14 shared three ways is 5, 5, 4.
    assert _received([2, 4, 4, 4], [True, False, False, False], [0, 1, 1, 1]) == [0, 5, 5, 4]


def test_rules_page_hand_is_settled_as_it_says() -> None:
    # §6.3 (a) played: the comparison with PokerKit stops at the short blind
    # (§3.2); croupier plays on alone and must pay (-3, +6, -3).
    t = table("NL Hold'em", [100, 3, 100], antes=5, **BLINDS)
    outcome = diff.play_hand(t, None, [FOLD, FOLD])
    assert (outcome.kind, outcome.rule) == ("filtered", "short_blind_counts_full"), outcome
    hand = croupier.TexasHoldem(croupier.NO_LIMIT, (1, 2), antes=5).start([100, 3, 100], seed=1)
    hand.fold()
    hand.fold()
    assert hand.payoffs == (-3, 6, -3)


def test_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert diff.main(["--hands", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    for game in diff.GAMES:
        assert f"{game}: 3 hands" in out
