"""The rake (docs/rules.md §6.10): croupier.rake.Rake, taken from each pot before it is
awarded, in the settlement, the events, PHH (user fields) and the statistics."""

from __future__ import annotations

import dataclasses
import random
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

import croupier
from croupier import (
    FIXED_LIMIT,
    NO_LIMIT,
    POT_LIMIT,
    Badugi,
    CourchevelHiLo,
    DeuceToSevenTripleDraw,
    Game,
    Hand,
    Omaha,
    OmahaHiLo,
    Rake,
    Razz,
    SevenCardStud,
    SevenCardStudHiLo,
    ShortDeckHoldem,
    TexasHoldem,
    parse_cards,
    phh,
)
from croupier.errors import PHHError
from croupier.events import EventKind
from croupier.pots import Pot, Settlement, settle
from croupier.replay import history_of, replay
from croupier.statistics import stats
from croupier.table import Table, TableError


def deck(text: str) -> list[int]:
    """A deck from the top: ``text``, then every other card in code order."""
    top = parse_cards(text)
    return [*top, *(c for c in range(52) if c not in top)]


# -- the rule -------------------------------------------------------------------------


def test_percent_is_exact_in_every_form() -> None:
    same = [Rake(5), Rake("5"), Rake(Fraction(10, 2)), Rake(Decimal("5.0")), Rake("10/2")]
    assert all(r == same[0] for r in same)
    assert Rake("2.5").percent == Fraction(5, 2) and Rake("2.5").rate == Fraction(1, 40)
    assert hash(Rake(5, cap=3)) == hash(Rake("5", cap=3))
    assert Rake(5) != Rake(5, cap=3) != Rake(5, cap=3, no_flop_no_drop=False)
    assert Rake(5).no_flop_no_drop is True and Rake(5).cap is None


def test_rake_of_a_pot_rounds_down_then_caps() -> None:
    r = Rake(5)
    assert [r.of(a) for a in (0, 19, 20, 39, 40, 1000)] == [0, 0, 1, 1, 2, 50]
    capped = Rake(10, cap=3)
    assert [capped.of(a) for a in (29, 30, 31, 39, 40, 10**30)] == [2, 3, 3, 3, 3, 3]
    # 0.29 per cent of 10,000 is 29 exactly (a float would give 28.999...)
    assert Rake("0.29").of(10_000) == 29
    assert Rake(Fraction(1, 3)).of(299) == 0 and Rake(Fraction(1, 3)).of(300) == 1
    assert Rake(100).of(77) == 77 and Rake(0).of(77) == 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"percent": 2.5}, "must be exact"),
        ({"percent": True}, "must be exact"),
        ({"percent": -1}, "from 0 to 100"),
        ({"percent": "101"}, "from 0 to 100"),
        ({"percent": "five"}, "a number from 0 to 100"),
        ({"percent": "1/0"}, "a number from 0 to 100"),
        ({"percent": Decimal("NaN")}, "a number from 0 to 100"),
        ({"percent": None}, "rake percent"),
        ({"percent": 5, "cap": 0}, "positive number of chips"),
        ({"percent": 5, "cap": -3}, "positive number of chips"),
        ({"percent": 5, "cap": 2.0}, "rake cap must be an integer"),
        ({"percent": 5, "cap": True}, "rake cap must be an integer"),
        ({"percent": 5, "no_flop_no_drop": 1}, "no_flop_no_drop must be a bool"),
    ],
)
def test_bad_rake_is_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Rake(**kwargs)  # type: ignore[arg-type]


def test_bad_rake_of_a_game_or_table_is_refused() -> None:
    with pytest.raises(ValueError, match=r"rake must be a croupier\.Rake"):
        TexasHoldem(NO_LIMIT, (1, 2), rake=5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="has no option"):
        croupier.games.game(croupier.Variant.TEXAS_HOLDEM, rake_cap=3)
    with pytest.raises(TableError, match="rake must be"):
        Table(TexasHoldem(NO_LIMIT), [100, 100], rake="5%")  # type: ignore[arg-type]


def test_every_constructor_takes_a_rake() -> None:
    rake = Rake(5, cap=3)
    games = [
        TexasHoldem(NO_LIMIT, rake=rake),
        ShortDeckHoldem(rake=rake),
        croupier.RoyalHoldem(rake=rake),
        Omaha(POT_LIMIT, rake=rake),
        OmahaHiLo(FIXED_LIMIT, bets=(2, 4), rake=rake),
        CourchevelHiLo(NO_LIMIT, rake=rake),
        Razz(rake=rake),
        SevenCardStud(rake=rake),
        SevenCardStudHiLo(rake=rake),
        croupier.DeuceToSevenSingleDraw(rake=rake),
        DeuceToSevenTripleDraw(rake=rake),
        Badugi(rake=rake),
        croupier.FiveCardDraw(rake=rake),
        croupier.KuhnPoker(rake=rake),
        croupier.LeducHoldem(rake=rake),
        croupier.games.game(croupier.Variant.TEXAS_HOLDEM, rake=rake),
    ]
    assert all(g.rake == rake for g in games)
    assert TexasHoldem(NO_LIMIT).rake is None
    assert TexasHoldem(NO_LIMIT, rake=rake) != TexasHoldem(NO_LIMIT)


# -- settlement -----------------------------------------------------------------------


def test_no_rake_leaves_the_settlement_as_it_was() -> None:
    s = settle([200, 500, 500, 100], [False, False, False, True], [3, 1, 2, 0])
    assert s.rake == ()
    assert "rake" not in repr(s)
    assert s.__reduce__()[1] == (s.pots, s.uncalled, s.returned, s.payouts, s.shares, s.net)
    hand = TexasHoldem(NO_LIMIT).start([100, 100], seed=3)
    hand.raise_to(20)
    hand.call()
    hand.raise_to(30)
    hand.fold()
    assert hand.rake == 0 and sum(hand.payoffs or ()) == 0
    assert hand.settlement is not None and hand.settlement.rake == ()
    assert EventKind.RAKE not in {e.kind for e in hand.events}


def test_settlement_value_with_rake() -> None:
    s = Rake(10, cap=50).settle([200, 500, 500, 100], [False, False, False, True], [3, 1, 2, 0])
    assert s.pots == (Pot(700, (0, 1, 2)), Pot(600, (1, 2)))
    assert s.rake == (50, 50)
    assert s.shares == ((650, 0, 0, 0), (0, 0, 550, 0))
    assert s.payouts == (650, 0, 550, 0)
    assert s.net == (450, -500, 50, -100)
    assert "rake=(50, 50)" in repr(s)
    assert s == Settlement(*s.__reduce__()[1]) and hash(s) == hash(Settlement(*s.__reduce__()[1]))
    assert s != settle([200, 500, 500, 100], [False, False, False, True], [3, 1, 2, 0])


def test_odd_chips_of_what_is_left_go_to_the_lowest_seat() -> None:
    # A pot of 30, 10 % taken: 27 left for a tie between seats 1 and 2.
    s = Rake(10).settle([10, 10, 10], [False, False, False], [1, 2, 2])
    assert s.rake == (3,) and s.payouts == (0, 14, 13)


def test_hi_lo_halves_are_of_what_is_left() -> None:
    # A pot of 60, 5 % (3) taken: 57 left, the high half 29, the low half 28.
    s = Rake(5).settle([20, 20, 20], [False] * 3, [3, 1, 2], [0, 5, 0])
    assert s.rake == (3,) and s.payouts == (29, 28, 0)
    unraked = settle([20, 20, 20], [False] * 3, [3, 1, 2], [0, 5, 0])
    assert unraked.payouts == (30, 30, 0)


def test_returned_chips_and_uncalled_bets_are_not_raked() -> None:
    # Seat 0 is all-in for 100; seat 1 put in 300: 200 of it nobody matched.
    s = Rake(10).settle([100, 300], [False, False], [2, 1])
    assert s.uncalled == (1, 200) and s.returned == (0, 200)
    assert s.pots == (Pot(200, (0, 1)),) and s.rake == (20,)
    assert s.payouts == (180, 200)


def test_nothing_is_raked_on_the_first_street_with_no_flop_no_drop() -> None:
    r = Rake(10)
    s = r.settle([10, 30], [True, False], [0, 0], street=0)
    assert s.rake == (0,) and s.payouts == (0, 40)
    assert Rake(10, no_flop_no_drop=False).settle([10, 30], [True, False], [0, 0], street=0).rake
    # The 20 nobody called goes back unraked: the pot is 20.
    assert r.settle([10, 30], [True, False], [0, 0], street=1).rake == (2,)


def test_cap_is_per_pot() -> None:
    # Three pots of 300, 400 and 200 (seed 001's kind of all-ins), 10 % capped at 25.
    s = Rake(10, cap=25).settle([100, 300, 400, 400], [False] * 4, [4, 3, 2, 1])
    assert [p.amount for p in s.pots] == [400, 600, 200]
    assert s.rake == (25, 25, 20)
    assert sum(s.net) == -70


# -- hands ----------------------------------------------------------------------------


def test_hand_with_a_cap() -> None:
    game = TexasHoldem(NO_LIMIT, (1, 2), rake=Rake(5, cap=3))
    hand = game.start([500, 500], deck=deck("As Ad Kc Kd 2c 7d 9h 4s 3h"))
    hand.all_in()
    hand.call()  # a pot of 1,000: 5 % is 50, capped at 3
    assert hand.rake == 3
    assert hand.payoffs == (497, -500)
    assert hand.stacks == (997, 0)
    assert hand.winnings == (997, 0)
    settlement = hand.settlement
    assert settlement is not None and settlement.rake == (3,) and settlement.payouts == (997, 0)


def test_no_flop_no_drop_in_a_hand() -> None:
    rake = Rake(10)
    folded = TexasHoldem(NO_LIMIT, (1, 2), rake=rake).start([100] * 3, seed=1)
    folded.raise_to(6)
    folded.fold()
    folded.fold()  # the blinds fold before the flop: no rake
    assert folded.street == "preflop" and folded.rake == 0
    assert sum(folded.payoffs or ()) == 0
    assert EventKind.RAKE not in {e.kind for e in folded.events}
    flopped = TexasHoldem(NO_LIMIT, (1, 2), rake=rake).start([100] * 3, seed=1)
    flopped.raise_to(6)
    flopped.call()
    flopped.call()  # 18 in the pot; the flop
    flopped.check()
    flopped.raise_to(10)
    flopped.fold()
    flopped.fold()  # the pot of 18 won on the flop: 1 chip
    assert flopped.street == "flop" and flopped.rake == 1
    assert sum(flopped.payoffs or ()) == -1
    always = TexasHoldem(NO_LIMIT, (1, 2), rake=Rake(10, no_flop_no_drop=False))
    hand = always.start([100] * 3, seed=1)
    hand.raise_to(20)
    hand.call()
    hand.raise_to(60)
    hand.fold()
    hand.fold()  # the 40 nobody called goes back; a pot of 60 before the flop: 6 chips
    assert hand.street == "preflop" and hand.rake == 6 and sum(hand.payoffs or ()) == -6


def test_no_flop_no_drop_in_stud_and_draw() -> None:
    """Stud: no rake when the hand ends on third street; draw: before the first draw."""
    for make in (lambda r: Razz(1, 1, (2, 4), rake=r), lambda r: SevenCardStud(1, rake=r)):
        hand = make(Rake(10)).start([50] * 3, seed=4)
        hand.bring_in()
        hand.raise_to(2)
        hand.fold()
        hand.fold()
        assert hand.street == "third" and hand.is_over and hand.rake == 0
        hand = make(Rake(10)).start([50] * 3, seed=4)
        hand.bring_in()
        hand.call()
        hand.call()  # fourth street
        hand.raise_to(2)
        hand.fold()
        hand.fold()  # 3 antes + 3 x 1 = 6: 10 % is 0; raise the stakes
        assert hand.street == "fourth" and hand.rake == 0
        hand = make(Rake(50)).start([50] * 3, seed=4)
        hand.bring_in()
        hand.call()
        hand.call()
        hand.raise_to(2)
        hand.fold()
        hand.fold()
        assert hand.rake == 3 and sum(hand.payoffs or ()) == -3
    draw = DeuceToSevenTripleDraw(rake=Rake(50))
    hand = draw.start([100, 100], seed=4)
    hand.raise_to(4)
    hand.fold()
    assert hand.street == "predraw" and hand.rake == 0
    hand = draw.start([100, 100], seed=4)
    hand.call()
    hand.check()  # the first draw
    hand.stand_pat()
    hand.stand_pat()
    hand.raise_to(2)
    hand.fold()
    assert hand.rake == 2 and hand.payoffs == (0, -2)  # a pot of 4, half of it raked


def test_side_pots_with_rake() -> None:
    # Seed 001's all-ins: A 200, B 500, C 500, D folds 100; A > C > B.
    game = TexasHoldem(NO_LIMIT, (50, 100), rake=Rake(10, cap=60))
    cards = "Ah Ad 2c 7d Kh Kd 3c 3d 4s 9s Jc 8h 5c"  # A: aces, B: 72, C: kings, D: 33
    hand = game.start([200, 500, 500, 300], deck=deck(cards))
    hand.call()  # C calls 100 (seat 2: first to act)
    hand.call()  # D calls 100 (the button)
    hand.all_in()  # A (small blind) all-in 200
    hand.all_in()  # B (big blind) all-in 500
    hand.call()  # C calls 500
    hand.fold()  # D folds
    assert hand.is_over
    settlement = hand.settlement
    assert settlement is not None
    assert settlement.pots == (Pot(700, (0, 1, 2)), Pot(600, (1, 2)))
    assert settlement.rake == (60, 60)
    assert hand.rake == 120
    assert hand.winnings == (640, 0, 540, 0)
    assert hand.payoffs == (440, -500, 40, -100)
    assert sum(hand.payoffs) == -hand.rake
    events = hand.events
    kinds = [e.kind for e in events]
    rake_at = kinds.index(EventKind.RAKE)
    assert events[rake_at].seat is None and events[rake_at].amount == 120
    assert all(k is EventKind.AWARD for k in kinds[rake_at + 1 :])
    assert str(events[rake_at]) == "rake 120 (street 3)"


# -- conservation over random hands ---------------------------------------------------

GAMES = {
    "NL Hold'em": lambda r: TexasHoldem(NO_LIMIT, (1, 2), antes=1, rake=r),
    "PL Omaha": lambda r: Omaha(POT_LIMIT, (1, 2), rake=r),
    "FL Omaha Hi/Lo": lambda r: OmahaHiLo(FIXED_LIMIT, (1, 2), bets=(2, 4), rake=r),
    "Courchevel": lambda r: CourchevelHiLo(NO_LIMIT, (1, 2), rake=r),
    "Short-deck": lambda r: ShortDeckHoldem(antes=1, button_blind=2, rake=r),
    "Big-blind ante": lambda r: TexasHoldem(NO_LIMIT, (1, 2), antes=2, big_blind_ante=True, rake=r),
    "Stud": lambda r: SevenCardStud(1, 1, (2, 4), rake=r),
    "Stud Hi/Lo": lambda r: SevenCardStudHiLo(1, 1, (2, 4), rake=r),
    "Razz": lambda r: Razz(1, 1, (2, 4), rake=r),
    "Badugi": lambda r: Badugi(rake=r),
    "2-7 triple draw": lambda r: DeuceToSevenTripleDraw(rake=r),
}


def random_rake(rng: random.Random) -> Rake:
    percent = rng.choice((1, 5, 10, "2.5", Fraction(1, 3), 50, 100))
    cap = rng.choice((None, None, 1, 3, 5, 40))
    return Rake(percent, cap, rng.random() < 0.8)


def play_randomly(rng: random.Random, hands: list[Hand]) -> None:
    """The same random legal actions on every hand (which are dealt alike)."""
    first = hands[0]
    while first.actor is not None:
        if first.drawing:
            held = first.hole(first.actor)
            k = rng.randint(0, first.max_discards or 0)
            cards = rng.sample(held, k)
            for hand in hands:
                hand.discard(cards) if cards else hand.stand_pat()
            continue
        r = rng.random()
        if first.bring_in_pending:
            move = ("bring_in", None)
        elif first.to_call and r < 0.2:
            move = ("fold", None)
        elif first.can_raise and r < 0.45:
            lo, hi = first.min_raise_to, first.max_raise_to
            assert lo is not None and hi is not None
            move = ("raise_to", rng.choice((lo, hi, rng.randint(lo, hi))))
        else:
            move = ("check_or_call", None)
        for hand in hands:
            method, amount = move
            getattr(hand, method)(*(() if amount is None else (amount,)))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_chips_are_conserved_with_the_house(name: str) -> None:
    rng = random.Random(f"rake:{name}")
    raked_hands = 0
    for _ in range(40):
        rake = random_rake(rng)
        game = GAMES[name](rake)
        n = rng.randint(2, min(6, game.max_players))
        start = [rng.choice((rng.randint(1, 30), rng.randint(30, 400))) for _ in range(n)]
        seed = rng.randrange(2**32)
        hand = game.start(start, seed=seed)
        twin = dataclasses.replace(game, rake=None).start(start, seed=seed)
        play_randomly(rng, [hand, twin])
        assert hand.is_over and twin.is_over and not hand.unsettled
        payoffs, unraked = hand.payoffs, twin.payoffs
        assert payoffs is not None and unraked is not None
        taken = hand.rake
        assert sum(payoffs) + taken == 0
        assert sum(hand.stacks) + taken == sum(start)
        assert sum(unraked) == 0
        # The same hand: the rake only takes from the winners.
        assert hand.contributions == twin.contributions
        assert all(p <= q for p, q in zip(payoffs, unraked, strict=True))
        assert sum(unraked) - sum(payoffs) == taken
        settlement = hand.settlement
        assert settlement is not None and len(settlement.rake) == len(settlement.pots)
        reached = [s.name for s in game.streets].index(hand.street)
        for pot, chips in zip(settlement.pots, settlement.rake, strict=True):
            assert chips == (rake.of(pot.amount) if rake.applies(reached) else 0)
        if rake.no_flop_no_drop and reached == 0:
            assert taken == 0
        winnings = hand.winnings
        assert winnings is not None
        assert sum(winnings) == sum(p.amount for p in settlement.pots) - taken
        events = [e for e in hand.events if e.kind is EventKind.RAKE]
        assert [e.amount for e in events] == ([taken] if taken else [])
        assert croupier.actions.lines(hand.events) == croupier.actions.lines(twin.events)
        raked_hands += taken > 0
    assert raked_hands >= 5


# -- PHH ------------------------------------------------------------------------------


def _raked_hand(rake: Rake) -> Hand:
    game = OmahaHiLo(POT_LIMIT, (1, 2), rake=rake)
    hand = game.start([300, 120, 80], seed=11)
    while hand.actor is not None:
        if hand.can_raise and hand.street != "river":
            hand.raise_to(hand.max_raise_to)  # type: ignore[arg-type]
        else:
            hand.check_or_call()
    return hand


@pytest.mark.parametrize(
    ("rake", "written"),
    [
        (Rake(5, cap=3), {"_rake_percent": 5, "_rake_cap": 3, "_rake_no_flop_no_drop": True}),
        (Rake("2.5"), {"_rake_percent": Decimal("2.5"), "_rake_no_flop_no_drop": True}),
        (
            Rake(Fraction(10, 3), 7, False),
            {"_rake_percent": "10/3", "_rake_cap": 7, "_rake_no_flop_no_drop": False},
        ),
    ],
)
def test_phh_round_trip(rake: Rake, written: dict[str, object]) -> None:
    hand = _raked_hand(rake)
    assert hand.rake > 0
    history = history_of(hand)
    assert dict(history.extra) == written
    text = phh.dumps(history)
    back = phh.loads(text)
    assert dict(back.extra) == written
    result = replay(back)
    assert result.hand.game.rake == rake
    assert result.payoffs == hand.payoffs
    assert result.stacks == hand.stacks == back.finishing_stacks
    assert result.hand.rake == hand.rake
    assert result.hand.settlement == hand.settlement


def test_phh_without_the_fields_is_not_raked() -> None:
    hand = _raked_hand(Rake(10))
    history = dataclasses.replace(history_of(hand), extra={}, finishing_stacks=None)
    result = replay(history)
    assert result.hand.game.rake is None and result.hand.rake == 0
    assert sum(result.payoffs or ()) == 0
    # The raked file's finishing stacks do not match an unraked replay.
    with pytest.raises(PHHError, match="finishing_stacks"):
        replay(dataclasses.replace(history, finishing_stacks=hand.stacks))


def test_phh_rake_cap_is_in_the_files_money() -> None:
    text = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.5, 1]\nmin_bet = 1\n"
        "starting_stacks = [100, 100]\n"
        "actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'p2 cbr 20', 'p1 cc', 'd db 2c7d9h',"
        " 'p1 cbr 10', 'p2 f']\n"
        "_rake_percent = 5\n_rake_cap = 1.5\n"
    )
    history = phh.loads(text)
    assert history.scale == 10
    result = replay(history)
    assert result.hand.game.rake == Rake(5, cap=15)  # 1.5 in units of 1/10
    assert result.hand.rake == 15  # 5 % of 40 (400 units) is 20 units: capped at 15
    assert result.payoffs == (185, -200)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ("_rake_cap = 3\n", "needs the rake's percentage"),
        ("_rake_no_flop_no_drop = false\n", "needs the rake's percentage"),
        ("_rake_percent = 150\n", "from 0 to 100"),
        ("_rake_percent = [5]\n", "must be a number or a string"),
        ("_rake_percent = 5\n_rake_cap = 0\n", "positive amount"),
        ("_rake_percent = 5\n_rake_cap = 0.25\n", "positive amount"),
        ("_rake_percent = 5\n_rake_cap = 'x'\n", "positive amount"),
        ("_rake_percent = 5\n_rake_no_flop_no_drop = 1\n", "true or false"),
    ],
)
def test_bad_phh_rake_fields_are_refused(fields: str, message: str) -> None:
    text = (
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [100, 100]\nactions = []\n" + fields
    )
    with pytest.raises(PHHError, match=message):
        replay(phh.loads(text))


# -- statistics, tables ---------------------------------------------------------------


def test_statistics_net_is_after_the_rake(tmp_path: Path) -> None:
    hands = [_raked_hand(Rake(5, cap=3)), _raked_hand(Rake(10))]
    taken = sum(h.rake for h in hands)
    assert taken > 0
    path = tmp_path / "raked.phhs"
    path.write_text(
        "".join(f"[{k + 1}]\n{phh.dumps(history_of(h))}\n" for k, h in enumerate(hands))
    )
    result = stats([str(path)])
    assert sum(p.net for p in result.values()) == -taken
    for seat, name in enumerate(("p1", "p2", "p3")):
        assert result[name].net == sum((h.payoffs or ())[seat] for h in hands)


def test_statistics_all_in_adjustment_with_rake() -> None:
    game = TexasHoldem(NO_LIMIT, (1, 2), rake=Rake(10, cap=5))
    hand = game.start([100, 100], deck=deck("As Ad Kc Kd 2c 7d 9h 4s 3h"))
    hand.all_in()
    hand.call()  # all-in before the flop: the pot of 200 less 5 is shared by equity
    result = stats([history_of(hand)])
    assert result.all_in_spots == 1
    total = sum(p.all_in_adjusted_net for p in result.values())
    assert total == -5 == sum(p.net for p in result.values())


def test_table_takes_the_rake_from_every_hand() -> None:
    table = Table(TexasHoldem(NO_LIMIT, (1, 2)), [200] * 4, rebuy=200, rake=Rake(10, cap=4))
    taken = 0
    rng = random.Random(5)
    for k in range(30):
        hand = table.deal(seed=k)
        play_randomly(rng, [hand])
        taken += hand.rake
        table.end_hand()
    assert taken > 0
    assert sum(table.stacks) + taken + 0 == 800 + table.bought
    last = table.history[-1]
    assert last.extra["_rake_percent"] == 10 and last.extra["_rake_cap"] == 4
    assert table.game.rake == Rake(10, cap=4)


def test_replayed_game_keeps_other_fields() -> None:
    game = TexasHoldem(FIXED_LIMIT, (1, 2), bets=(2, 4), cap=3, rake=Rake(5))
    hand = game.start([50, 50], seed=2)
    history = history_of(hand)
    assert history.extra["_cap"] == 3 and history.extra["_rake_percent"] == 5
    replayed = replay(history).hand.game
    assert replayed.rake == game.rake and replayed.cap == 3


def test_game_equality_and_replace() -> None:
    game = TexasHoldem(NO_LIMIT, rake=Rake(5))
    assert isinstance(game, Game)
    assert dataclasses.replace(game, rake=None) == TexasHoldem(NO_LIMIT)


def test_command_line_replay_reports_the_rake(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from croupier import _cli

    hand = _raked_hand(Rake(5, cap=3))
    path = tmp_path / "raked.phh"
    path.write_text(phh.dumps(history_of(hand)))
    assert _cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"rake: {hand.rake}" in out
    assert _cli.main(["replay", "--json", str(path)]) == 0
    assert f'"rake": "{hand.rake}"' in capsys.readouterr().out
    unraked = dataclasses.replace(history_of(hand), extra={}, finishing_stacks=None)
    path.write_text(phh.dumps(unraked))
    assert _cli.main(["replay", "--json", str(path)]) == 0
    assert '"rake"' not in capsys.readouterr().out
