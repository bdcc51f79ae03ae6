"""Hardening of the betting engine and the game objects (issue 12).

One regression test (or a few) per class of defect, then a fuzz:

* **Stuck hands.**  Stacks of any size play and settle exactly: beyond the
  64-bit kernels (contributions above ``2**62`` in total, hand values of
  ``2**63`` or more) ``croupier.pots`` takes an exact path in Python ints,
  checked here against the plain-Python twin ``pots_reference.py`` with huge
  amounts, and against the 64-bit kernels themselves on the same amounts.
* **Wrong exception types.**  Every bad argument of a game's construction
  and of ``Game.start`` (stacks, seed, deck, bring_in_seat) is a
  ``ValueError`` naming it, in stud and in blind games.
* **Silent acceptance.**  A structure given as text becomes the
  ``Structure``; unknown text, other types, and bad forced bets, caps and
  table sizes are refused.
* **Pot limit below the minimum.**  An opening bet above the pot is still
  allowed (docs/rules.md §4.2): ``min_raise_to <= max_raise_to`` always.
* **Illegal actions.**  A hypothesis fuzz over every game and structure,
  with huge stacks and unknown cards, tries legal and illegal actions: each
  illegal one raises ``IllegalAction`` and changes nothing, each legal one
  the hand reports works, chips are conserved and every hand ends.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import numpy as np
import pots_reference as ref
import pytest
from driving import state
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import croupier
from croupier import (
    FIXED_LIMIT,
    NO_LIMIT,
    POT_LIMIT,
    Game,
    Hand,
    IllegalAction,
    Structure,
    TexasHoldem,
    phh,
    pots,
)
from croupier.errors import WrongBringIn
from croupier.games import MAX_PLAYERS, game
from croupier.replay import replay
from croupier.variants import RULES, Variant

HUGE = [2**62, 2**62 + 1, 2**63, 2**64 + 5, 10**18 - 1, 10**30, 3**70]

# Every game croupier deals, in every structure it may be played in.
COMBOS = [
    (variant, structure)
    for variant, rules in RULES.items()
    if rules.value is not None
    for structure in (Structure if not rules.is_stud else (FIXED_LIMIT,))
]


def make_game(variant: Variant, structure: Structure, antes: int = 0) -> Game:
    if RULES[variant].is_stud:
        return game(variant, structure, antes=antes, bring_in=1, bets=(2, 4))
    options: dict[str, object] = {"blinds": (1, 2), "antes": antes}
    if structure is FIXED_LIMIT:
        options["bets"] = (2, 4)
    return game(variant, structure, **options)


# ---------------------------------------------------------------- stuck hands


def test_two_stacks_of_2_62_all_in_and_call_settle() -> None:
    hand = TexasHoldem(NO_LIMIT, (1, 2)).start([2**62, 2**62], seed=1)
    hand.all_in()
    hand.call()
    assert hand.is_over and hand.actor is None
    payoffs = hand.payoffs
    assert payoffs is not None and sum(payoffs) == 0
    assert sorted(payoffs) in ([-(2**62), 2**62], [0, 0])
    assert sum(hand.stacks) == 2**63
    settlement = hand.settlement
    assert settlement is not None and sum(settlement.payouts) == 2**63


@pytest.mark.parametrize(("variant", "structure"), COMBOS)
@pytest.mark.parametrize("stack", [2**62, 10**18 - 1, 10**30])
def test_huge_stacks_all_in_settle_exactly_in_every_game(
    variant: Variant, structure: Structure, stack: int
) -> None:
    g = make_game(variant, structure, antes=1)
    n = min(5, g.max_players)  # Kuhn and Leduc seat two
    hand = g.start([stack + k for k in range(n)], seed=stack % 997)
    steps = 0
    while hand.actor is not None:
        if hand.drawing:  # draw games: one card each draw
            hand.discard(hand.hole(hand.actor)[:1])
        elif hand.bring_in_pending:
            hand.bring_in()
        elif hand.can_raise:
            hand.raise_to(hand.max_raise_to)  # type: ignore[arg-type]
        else:
            hand.check_or_call()
        steps += 1
        assert steps < 500
    assert hand.is_over
    payoffs = hand.payoffs
    assert payoffs is not None and sum(payoffs) == 0
    assert sum(hand.stacks) == sum(stack + k for k in range(n))
    settlement = hand.settlement
    assert settlement is not None
    # The engine's settlement is the one pots gives for the same chips.
    assert sum(settlement.payouts) == sum(hand.contributions)


def test_five_stacks_of_10_18_minus_1_replay_from_phh() -> None:
    big = 10**18 - 1
    text = (
        "variant = 'NT'\nantes = [0, 0, 0, 0, 0]\nblinds_or_straddles = [1, 2, 0, 0, 0]\n"
        f"min_bet = 2\nstarting_stacks = [{big}, {big}, {big}, {big}, {big}]\n"
        "actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'd dh p3 QsQd', 'd dh p4 JsJd', "
        f"'d dh p5 TsTd', 'p3 cbr {big}', 'p4 cc', 'p5 cc', 'p1 cc', 'p2 cc', "
        "'d db 2c3c4d', 'd db 7h', 'd db 8h']\n"
    )
    replayed = replay(phh.loads(text))
    assert replayed.hand.payoffs == (4 * big, -big, -big, -big, -big)


def test_pots_past_64_bits_give_exact_results() -> None:
    f = False
    assert pots.award([2**62, 2**62], [f, f], [1, 2]) == [0, 2**63]
    assert pots.uncalled([10**30, 2**62]) == (0, 10**30 - 2**62)
    # 3 * 10**30 + 2 split three ways: the two odd chips to seats 0 and 1.
    share = (3 * 10**30 + 2) // 3
    assert pots.award([10**30 + 1, 10**30 + 1, 10**30], [f, f, f], [5, 5, 5]) == [
        share + 1,
        share + 1,
        share,
    ]
    # Hand values of 2**63 and more are read too (only their order matters).
    assert pots.award([5, 5], [f, f], [2**64, 2**63]) == [10, 0]
    assert pots.side_pots([1, 2**62], [f, f], dead=2**62) == [pots.Pot(2**62 + 2, (0, 1))]
    s = pots.settle([3 * 2**62, 2**62, 7], [f, f, True], [1, 2, None], dead=1)
    assert s.uncalled == (0, 2 * 2**62)
    assert s.pots == (pots.Pot(2 * 2**62 + 8, (0, 1)),)
    assert s.payouts == (2 * 2**62, 2 * 2**62 + 8, 0)
    assert s.net == (-(2**62), 2**62 + 8, -7)
    assert pots.distribute(iter([2**63, 1]), iter([f, f]), iter([1, 0])) == (
        [2**63 - 1 + 2, 0],
        [2**63 - 1, 0],
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (([2**62, 2**62, -1], [False] * 3, [1, 2, 3]), r"contributions\[2\] is negative"),
        (([2**62, 2**62, 1.5], [False] * 3, [1, 2, 3]), r"contributions\[2\]"),
        (([2**62, 2**62, True], [False] * 3, [1, 2, 3]), "bool"),
        (([2**62, 2**62], [False, 2], [1, 2]), r"folded\[1\]"),
        (([2**62, 2**62], [True, True], [1, 2]), "every player folded"),
        (([2**62, 2**62], [False, False], [1, None]), r"high\[1\]"),
        (([2**62, 2**62], [False, False], [1, -1]), r"high\[1\] is negative"),
        (([2**62, 2**62], [False, False, False], [1, 2]), "folded has 3"),
        (([2**62] * 65, [False] * 65, [1] * 65), "at most 64"),
        (([5, 5], [False, False], [2**63, -1]), r"high\[1\] is negative"),
    ],
)
def test_bad_input_beyond_64_bits_is_still_refused(args: tuple[object, ...], message: str) -> None:
    for f in (pots.award, pots.distribute, pots.settle):
        with pytest.raises(ValueError, match=message):
            f(*args)  # type: ignore[arg-type]


def test_bad_dead_money_beyond_64_bits_is_refused() -> None:
    with pytest.raises(ValueError, match="dead must be >= 0"):
        pots.award([2**62, 2**62], [False, False], [1, 2], dead=-1)
    with pytest.raises(ValueError, match="dead"):
        pots.side_pots([2**62, 2**62], [False, False], dead=1.5)  # type: ignore[arg-type]


amounts = st.one_of(
    st.integers(0, 12),
    st.integers(0, 2**80),
    st.sampled_from(HUGE),
    st.builds(lambda a, b: a + b, st.sampled_from(HUGE), st.integers(-3, 3)),
)


@st.composite
def big_hands(
    draw: st.DrawFn,
) -> tuple[list[int], list[bool], list[int], list[int] | None, int]:
    n = draw(st.integers(1, 8))
    contributions = draw(st.lists(amounts, min_size=n, max_size=n))
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if all(folded):
        folded[draw(st.integers(0, n - 1))] = False
    high = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    low = draw(st.one_of(st.none(), st.lists(st.integers(0, 2), min_size=n, max_size=n)))
    dead = draw(st.one_of(st.just(0), amounts))
    return contributions, folded, high, low, dead


@settings(max_examples=400, deadline=None)
@given(big_hands())
def test_exact_path_agrees_with_the_reference(
    h: tuple[list[int], list[bool], list[int], list[int] | None, int],
) -> None:
    contributions, folded, high, low, dead = h
    expected_pots, expected_uncalled, expected_payouts, expected_shares = ref.settle(
        contributions, folded, high, low, dead
    )
    s = pots.settle(contributions, folded, high, low, dead=dead)
    assert [(p.amount, p.eligible) for p in s.pots] == expected_pots
    assert s.uncalled == expected_uncalled
    assert list(s.payouts) == expected_payouts
    assert [list(row) for row in s.shares] == expected_shares
    assert list(s.returned) == ref.layers(contributions, folded, dead)[1]
    assert pots.award(contributions, folded, high, low, dead=dead) == expected_payouts
    payouts, returned = pots.distribute(contributions, folded, high, low, dead=dead)
    assert payouts == expected_payouts and returned == list(s.returned)
    assert [(p.amount, p.eligible) for p in pots.side_pots(contributions, folded, dead=dead)] == (
        expected_pots
    )
    assert pots.uncalled(contributions) == ref.uncalled(contributions)
    assert sum(payouts) == sum(contributions) + dead


@settings(max_examples=300, deadline=None)
@given(big_hands())
def test_exact_path_agrees_with_the_64_bit_kernels(
    h: tuple[list[int], list[bool], list[int], list[int] | None, int],
) -> None:
    # The same chips settled twice: as they are, and with every hand value
    # lifted past 2**63 (the order, and a low's 0 = "no low", kept), which
    # sends the same amounts down the exact path.
    contributions, folded, high, low, dead = h
    contributions = [c % 2**40 for c in contributions]
    dead %= 2**40
    lifted_high = [v + 2**63 for v in high]
    lifted_low = None if low is None else [v + 2**63 if v else 0 for v in low]
    fast = pots.settle(contributions, folded, high, low, dead=dead)
    exact = pots.settle(contributions, folded, lifted_high, lifted_low, dead=dead)
    assert exact == fast
    assert pots.distribute(contributions, folded, lifted_high, lifted_low, dead=dead) == (
        pots.distribute(contributions, folded, high, low, dead=dead)
    )


# ------------------------------------------------------- wrong exception types

STUD = croupier.SevenCardStud(antes=1)
HOLDEM = TexasHoldem(NO_LIMIT, (1, 2))
BAD_SEATS = [-1, 4, 9, 2**70, "a", "1", 1.0, True, np.bool_(True), [0]]


@pytest.mark.parametrize("seat", BAD_SEATS, ids=repr)
def test_bad_bring_in_seat_is_a_value_error_in_stud(seat: object) -> None:
    for deck in (None, [-1] * 52):  # known up cards, and a hand history's unknown ones
        with pytest.raises(ValueError, match="bring_in_seat"):
            STUD.start([50] * 4, seed=1, deck=deck, bring_in_seat=seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [*BAD_SEATS, 0, np.int64(1)], ids=repr)
def test_bring_in_seat_is_refused_in_blind_games(seat: object) -> None:
    with pytest.raises(ValueError, match="bring_in_seat is for stud games"):
        HOLDEM.start([50] * 4, seed=1, bring_in_seat=seat)  # type: ignore[arg-type]


def test_good_bring_in_seats_are_read_as_ints() -> None:
    hand = STUD.start([50] * 4, deck=[-1] * 52, bring_in_seat=np.int64(2))  # type: ignore[arg-type]
    assert hand.bring_in_seat == 2 and type(hand.bring_in_seat) is int and hand.actor == 2
    rules_seat = STUD.start([50] * 4, seed=1).bring_in_seat
    assert STUD.start([50] * 4, seed=1, bring_in_seat=rules_seat).bring_in_seat == rules_seat
    other = (rules_seat or 0) + 1
    with pytest.raises(WrongBringIn, match="brings in by the rules"):
        STUD.start([50] * 4, seed=1, bring_in_seat=other % 4)


def test_a_seat_all_in_on_the_ante_cannot_be_named_to_bring_in() -> None:
    with pytest.raises(ValueError, match="bring_in_seat 1 cannot bring in"):
        STUD.start([50, 1, 50], deck=[-1] * 52, bring_in_seat=1)
    # Unless nobody has chips: then the bring-in is nobody's choice to make.
    hand = STUD.start([1, 1, 1], deck=[-1] * 52, bring_in_seat=1)
    assert hand.is_over


@pytest.mark.parametrize(
    ("stacks", "message"),
    [
        ([0, 5], "stack of seat 0 must be a positive"),
        ([5, -1], "stack of seat 1 must be a positive"),
        ([True, 5], "stack of seat 0 must be an integer, got the bool"),
        ([5, 1.0], "stack of seat 1 must be an integer, got float"),
        ([5, "5"], "stack of seat 1 must be an integer"),
        ([5, None], "stack of seat 1"),
        ([5], "needs 2 to"),
        ([5] * 24, "needs 2 to 23 players, got 24"),
        ("55", "stacks must be a sequence"),
        (5, "stacks must be a sequence"),
        (None, "stacks must be a sequence"),
        (iter([5, 5]), "stacks must be a sequence"),
    ],
    ids=repr,
)
def test_bad_stacks_are_value_errors(stacks: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        HOLDEM.start(stacks, seed=1)  # type: ignore[arg-type]


def test_numpy_stacks_are_ints() -> None:
    hand = HOLDEM.start(np.array([50, 60]), seed=1)  # type: ignore[arg-type]
    assert hand.starting_stacks == (50, 60) and all(type(s) is int for s in hand.stacks)
    hand = HOLDEM.start([np.int32(50), np.uint64(2**63)], seed=1)  # type: ignore[list-item]
    assert hand.starting_stacks == (50, 2**63)


@pytest.mark.parametrize("seed", [1.5, "7", b"7", True, np.bool_(False), [1], 1j], ids=repr)
def test_bad_seed_is_a_value_error_even_with_a_deck(seed: object) -> None:
    for deck in (None, list(range(52))):
        with pytest.raises(ValueError, match="seed must be an integer"):
            HOLDEM.start([50, 50], seed=seed, deck=deck)  # type: ignore[arg-type]


def test_any_int_seed_deals() -> None:
    for seed in (0, -5, 2**100, np.int64(3)):
        assert len(HOLDEM.start([50, 50], seed=seed).hole(0)) == 2  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (list(range(8)), "needs at least 9 cards for 2 players, has 8"),
        ([0] * 9, "a card twice"),
        ([*range(8), 52], "deck card 52"),
        ([-2, *range(8)], "deck card -2"),
        (["As", *range(8)], "deck card 'As'"),
        ([1.0, *range(1, 9)], "deck card 1.0"),
        ([True, *range(1, 9)], "deck card True"),
        ([None, *range(1, 9)], "deck card None"),
        (5, "deck must be a sequence"),
        ("As Kd", "deck must be a sequence"),
        (set(range(9)), "deck must be a sequence"),
        (iter(range(9)), "deck must be a sequence"),
    ],
    ids=repr,
)
def test_bad_deck_is_a_value_error(deck: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        HOLDEM.start([50, 50], deck=deck)  # type: ignore[arg-type]


def test_decks_of_numpy_and_unknown_cards_deal() -> None:
    hand = HOLDEM.start([50, 50], deck=np.arange(9))  # type: ignore[arg-type]
    assert hand.hole(0) == (0, 1)
    hand = HOLDEM.start([50, 50], deck=[-1] * 9)
    assert hand.hole(1) == (-1, -1)


# ----------------------------------------------------------- silent acceptance


@pytest.mark.parametrize("text", ["no-limit", "pot-limit", "fixed-limit"])
def test_a_structure_given_as_text_is_the_structure(text: str) -> None:
    g = TexasHoldem(text, (1, 2), bets=(2, 4))
    assert g.structure is Structure(text)
    assert game("T", text, bets=(2, 4)).structure is Structure(text)


def test_stud_takes_fixed_limit_as_text() -> None:
    assert game("R", "fixed-limit").structure is FIXED_LIMIT
    with pytest.raises(ValueError, match="fixed limit"):
        game("R", "no-limit")


@pytest.mark.parametrize("structure", ["nolimit", "NO_LIMIT", "N", "", 5, 1.5, b"no-limit"])
def test_unknown_structures_are_refused_with_the_list(structure: object) -> None:
    with pytest.raises(ValueError, match="'no-limit', 'pot-limit', 'fixed-limit'"):
        TexasHoldem(structure)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"cap": "4"}, "cap must be an integer"),
        ({"cap": 1.5}, "cap must be an integer"),
        ({"cap": True}, "cap must be an integer, got the bool"),
        ({"cap": 0}, "cap must be at least 1"),
        ({"cap": None}, "cap must be an integer"),
        ({"bets": 5}, "bets must be a tuple"),
        ({"bets": (2,)}, r"bets must be \(small, big\)"),
        ({"bets": (2, 4, 8)}, r"bets must be \(small, big\)"),
        ({"bets": ()}, r"bets must be \(small, big\)"),
        ({"bets": (2.0, 4)}, "bets entry"),
        ({"bets": (True, 4)}, "bets entry"),
        ({"bets": (0, 4)}, "bets entry must be positive"),
        ({"bets": (2, -4)}, "bets entry must be positive"),
        ({"bets": None}, "fixed limit needs bets"),
        ({"blinds": None}, "blinds must be a tuple"),
        ({"blinds": 5}, "blinds must be a tuple"),
        ({"blinds": ()}, r"blinds must be \(small, big\)"),
        ({"blinds": (1,)}, r"blinds must be \(small, big\)"),
        ({"blinds": (1, 2, 3)}, r"blinds must be \(small, big\)"),
        ({"blinds": (1, 0)}, "positive big blind"),
        ({"blinds": (-1, 2)}, "blinds entry must be non-negative"),
        ({"blinds": (1.5, 2)}, "blinds entry"),
        ({"blinds": (True, 2)}, "blinds entry"),
        ({"antes": None}, "antes"),
        ({"antes": 1.5}, "antes"),
        ({"antes": True}, "antes"),
        ({"antes": -1}, "antes must be non-negative"),
        ({"antes": "1"}, "antes"),
        ({"antes": ()}, "antes per seat needs one entry per player"),
        ({"antes": (1,)}, "antes per seat needs one entry per player"),
        ({"antes": (1, -1)}, "antes entry must be non-negative"),
        ({"straddles": None}, "straddles must be a tuple"),
        ({"straddles": 4}, "straddles must be a tuple"),
        ({"straddles": (4.0,)}, "straddles entry"),
        ({"straddles": (True,)}, "straddles entry"),
        ({"straddles": (0,)}, "straddles entry must be positive"),
        ({"straddles": (-4,)}, "straddles entry must be positive"),
        ({"straddles": (4,) * 22}, "22 straddles"),
        ({"seat_blinds": 5}, "seat_blinds must be a tuple"),
        ({"seat_blinds": ()}, "seat_blinds per seat needs one entry per player"),
        ({"seat_blinds": (1.0, 2)}, "seat_blinds entry"),
        ({"seat_blinds": (True, 2)}, "seat_blinds entry"),
        ({"seat_blinds": (None, 2)}, "seat_blinds entry"),
        ({"opening_bet": 0}, "opening_bet must be positive"),
        ({"opening_bet": -2}, "opening_bet must be positive"),
        ({"opening_bet": 1.5}, "opening_bet"),
        ({"opening_bet": True}, "opening_bet"),
        ({"opening_bet": "2"}, "opening_bet"),
        ({"big_blind_ante": 1}, "big_blind_ante must be a bool"),
        ({"big_blind_ante": "yes"}, "big_blind_ante must be a bool"),
        ({"big_blind_ante": None}, "big_blind_ante must be a bool"),
    ],
    ids=repr,
)
def test_bad_options_of_blind_games_are_refused(options: dict[str, object], message: str) -> None:
    structure = FIXED_LIMIT if "bets" in options or "cap" in options else NO_LIMIT
    kwargs: dict[str, object] = {"bets": (2, 4)} if structure is FIXED_LIMIT else {}
    kwargs.update(options)
    with pytest.raises(ValueError, match=message):
        game("T", structure, **kwargs)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"antes": -1}, "antes must be non-negative"),
        ({"bring_in": 0}, "bring_in must be positive"),
        ({"bring_in": 1.5}, "bring_in"),
        ({"bring_in": True}, "bring_in"),
        ({"bring_in": 2}, "must be less than the small bet"),
        ({"bets": (2,)}, r"bets must be \(small, big\)"),
        ({"bets": None}, "fixed limit needs bets"),
        ({"cap": 1.5}, "cap must be an integer"),
        ({"cap": "4"}, "cap must be an integer"),
        ({"blinds": (1, 2)}, "has no option 'blinds'"),
    ],
    ids=repr,
)
def test_bad_options_of_stud_games_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        game("7S", **options)


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ({"min_players": 1}, "2 to 64 players"),
        ({"max_players": MAX_PLAYERS + 1}, "2 to 64 players"),
        ({"min_players": 5, "max_players": 4}, "min_players <= max_players"),
        ({"max_players": 4.0}, "max_players must be an integer"),
        ({"min_players": True}, "min_players must be an integer"),
    ],
)
def test_table_sizes_are_checked_when_the_game_is_made(
    players: dict[str, object], message: str
) -> None:
    base = TexasHoldem(NO_LIMIT)
    fields = {
        "variant": base.variant,
        "name": base.name,
        "structure": base.structure,
        "streets": base.streets,
        "value": base.value,
        "blinds": (1, 2),
    }
    with pytest.raises(ValueError, match=message):
        Game(**fields, **players)  # type: ignore[arg-type]


@pytest.mark.parametrize("hole", [5.0, True, "5", 7, 3])
def test_bad_hole_cards_are_refused(hole: object) -> None:
    with pytest.raises(ValueError, match=r"hole_cards must be an integer|deals 4 hole cards"):
        game("O", POT_LIMIT, hole_cards=hole)


def test_a_variant_given_as_text_is_the_variant() -> None:
    base = TexasHoldem(NO_LIMIT)
    g = Game(
        variant="T",  # type: ignore[arg-type]
        name=base.name,
        structure="no-limit",  # type: ignore[arg-type]
        streets=base.streets,
        value=base.value,
        blinds=(1, 2),
    )
    assert g.variant is Variant.TEXAS_HOLDEM and g.structure is NO_LIMIT


# --------------------------------------------------- pot limit below the minimum


def test_pot_limit_opening_bet_above_the_pot_is_both_minimum_and_maximum() -> None:
    # docs/rules.md §4.2: blinds 1/2, opening bet 12, heads-up.
    g = TexasHoldem(POT_LIMIT, (1, 2), opening_bet=12)
    hand = g.start([100, 100], seed=1)
    assert hand.can_raise and hand.min_raise_to == hand.max_raise_to == 14
    for bad in (6, 13, 15):
        before = state(hand)
        with pytest.raises(IllegalAction, match=r"14\.\.14"):
            hand.raise_to(bad)
        assert state(hand) == before
    hand.call()
    hand.check()
    assert hand.street == "flop" and hand.pot == 4
    assert hand.min_raise_to == hand.max_raise_to == 12
    hand.raise_to(12)
    # Over the bet of 12 the pot (4 + 12 + 12 = 28) allows a raise to 40, more
    # than the minimum of 24: the usual pot limit again.
    assert (hand.min_raise_to, hand.max_raise_to) == (24, 40)


def test_pot_limit_minimum_above_the_pot_is_capped_by_the_stack() -> None:
    g = TexasHoldem(POT_LIMIT, (1, 2), opening_bet=12)
    hand = g.start([10, 100], seed=1)
    assert hand.actor == 1  # heads-up: the button (seat 1) acts first pre-flop
    hand.call()
    assert hand.actor == 0 and hand.min_raise_to == hand.max_raise_to == 10  # all-in
    hand.all_in()
    assert hand.to_call == 8


def test_ante_only_pot_limit_game_opens_at_its_minimum() -> None:
    g = TexasHoldem(POT_LIMIT, antes=1, seat_blinds=(0, 0, 0), opening_bet=10)
    hand = g.start([100, 100, 100], seed=2)
    assert hand.pot == 3
    assert hand.min_raise_to == hand.max_raise_to == 10


# ------------------------------------------------------------------- the fuzz

Attempt = tuple[str, object]
STACKS = st.one_of(
    st.integers(1, 8),
    st.integers(1, 300),
    st.sampled_from(HUGE),
)


def discard_is_legal(hand: Hand, arg: object) -> bool:
    """Draw games: ``arg`` is a list of distinct codes the actor holds, few enough."""
    seat, most = hand.actor, hand.max_discards
    if seat is None or most is None or not isinstance(arg, list):
        return False
    hole = list(hand.hole(seat))
    known = [c for c in arg if c != -1]
    if len(set(known)) != len(known) or len(arg) > most:
        return False
    for card in arg:
        if card not in hole:
            return False
        hole.remove(card)
    return True


def predicted(hand: Hand, kind: str, arg: object) -> bool | None:
    """Whether the hand's reported options allow the attempt (None: not predicted)."""
    pending = hand.bring_in_pending
    if kind == "stand_pat":
        return hand.drawing
    if kind == "discard":
        return discard_is_legal(hand, arg)
    if hand.drawing:
        return False  # no betting during a draw
    if kind == "fold":
        return not pending
    if kind == "check":
        return hand.can_check
    if kind == "call":
        return hand.to_call > 0
    if kind == "check_or_call":
        return hand.can_check or hand.to_call > 0
    if kind == "bring_in":
        return pending
    if kind == "raise_to":
        if isinstance(arg, (bool, np.bool_, float, str)) or arg is None:
            return False
        lo, hi = hand.min_raise_to, hand.max_raise_to
        in_range = lo is not None and hi is not None and lo <= arg <= hi  # type: ignore[operator]
        return bool(hand.can_raise and in_range)
    return None  # all_in and complete: they choose among the others


def attempts(hand: Hand, rng: random.Random) -> list[Attempt]:
    """Candidate actions for the actor, legal and illegal, in random order."""
    seat = hand.actor
    assert seat is not None
    everything = hand.bets[seat] + hand.stacks[seat]
    lo, hi = hand.min_raise_to, hand.max_raise_to
    amounts: list[object] = [0, -1, everything, everything + 1, hand.bets[seat], 2**200]
    amounts += ["10", 2.0, True, None, np.int64(min(everything, 2**62))]
    if lo is not None and hi is not None:
        amounts += [lo, hi, lo - 1, hi + 1, rng.randint(lo, hi), np.int64(lo) if lo < 2**62 else lo]
    out: list[Attempt] = [("raise_to", rng.choice(amounts)) for _ in range(2)]
    out += [(kind, None) for kind in ("fold", "check", "call", "check_or_call", "all_in")]
    out += [(kind, None) for kind in ("bring_in", "complete")]
    # The draw: a random part of the hand, and cards that are not (or twice) in it.
    hole = list(hand.hole(seat))
    others = [c for c in range(52) if c not in hole]
    out.append(("discard", rng.sample(hole, rng.randint(0, len(hole)))))
    out.append(("discard", rng.sample(hole, rng.randint(0, len(hole)))))
    out.append(("discard", [*hole[:1], rng.choice(others)]))
    out.append(("discard", hole[:1] * 2 if hole and hole[0] != -1 else [52]))
    out += [("discard", ["As"]), ("discard", [53]), ("stand_pat", None)]
    rng.shuffle(out)
    return out


# How often each kind of legal action is chosen (folds rarely: long hands).
WEIGHTS = {"fold": 1, "check": 4, "call": 4, "check_or_call": 4, "raise_to": 3}
WEIGHTS |= {"all_in": 1, "bring_in": 4, "complete": 1, "discard": 4, "stand_pat": 2}


def do(hand: Hand, kind: str, arg: object) -> None:
    method: Callable[..., None] = getattr(hand, kind)
    method(arg) if kind in ("raise_to", "discard") else method()


def check_end(hand: Hand, start: Sequence[int]) -> None:
    assert hand.is_over and hand.actor is None
    assert sum(hand.stacks) + hand.pot == sum(start)
    if hand.unsettled:  # the showdown needed an unknown card
        assert hand.payoffs is None and hand.settlement is None
        return
    assert hand.pot == 0
    payoffs = hand.payoffs
    assert payoffs is not None and sum(payoffs) == 0
    for i, p in enumerate(payoffs):
        assert hand.stacks[i] == start[i] + p
        assert -start[i] <= p
    settlement = hand.settlement
    assert settlement is not None
    in_pots = sum(pot.amount for pot in settlement.pots)
    assert sum(settlement.payouts) == in_pots + sum(settlement.returned)


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    combo=st.sampled_from(COMBOS),
    antes=st.sampled_from([0, 1, 3]),
    stacks=st.lists(STACKS, min_size=2, max_size=7),
    unknown=st.sampled_from([0, 0, 0, 1, 5, 52]),
    seed=st.integers(0, 2**32),
)
def test_random_legal_and_illegal_play(
    combo: tuple[Variant, Structure], antes: int, stacks: list[int], unknown: int, seed: int
) -> None:
    variant, structure = combo
    g = make_game(variant, structure, antes=antes)
    stacks = stacks[: g.max_players]
    rng = random.Random(seed)
    deck: list[int] | None = None
    if unknown:
        deck = list(g.deck)  # the game's own cards (36 in short-deck, 3 in Kuhn poker)
        rng.shuffle(deck)
        for k in rng.sample(range(len(deck)), min(unknown, len(deck))):
            deck[k] = -1
    hand = None
    for bring_in_seat in (None, *range(len(stacks))):
        try:
            hand = g.start(stacks, seed=seed, deck=deck, bring_in_seat=bring_in_seat)
            break
        except ValueError as error:  # unknown up cards: try the seats in turn
            assert "bring" in str(error)
    assert hand is not None
    total = sum(stacks)
    steps = 0
    while hand.actor is not None:
        steps += 1
        assert steps < 400, "the hand did not end"
        lo, hi = hand.min_raise_to, hand.max_raise_to
        assert hand.can_raise == (lo is not None)
        if lo is not None and hi is not None:
            assert lo <= hi <= hand.bets[hand.actor] + hand.stacks[hand.actor]
        calm = steps > 40  # then only checks, calls and bring-ins: the hand ends
        legal: list[Attempt] = []
        for kind, arg in attempts(hand, rng):
            allowed = predicted(hand, kind, arg)
            if allowed is False:
                before = state(hand)
                with pytest.raises(IllegalAction):
                    do(hand, kind, arg)
                assert state(hand) == before, (kind, arg)
            elif not (calm and kind in ("raise_to", "all_in", "complete")):
                legal.append((kind, arg))
        # One action, the hand's options say which are legal (all_in and
        # complete may still be refused: then nothing changes).
        while True:
            assert legal, "no action was legal"
            kind, arg = rng.choices(legal, [WEIGHTS[k] for k, _ in legal])[0]
            before = state(hand)
            try:
                do(hand, kind, arg)
            except IllegalAction:
                assert predicted(hand, kind, arg) is None, (kind, arg)
                assert state(hand) == before, (kind, arg)
                legal.remove((kind, arg))
                continue
            break
        assert sum(hand.stacks) + hand.pot == total
    check_end(hand, stacks)
    event("unsettled" if hand.unsettled else "showdown" if hand.showdown_order else "folded")
    event("huge stacks" if max(stacks) >= 2**62 else "small stacks")
    event(f"actions: {'<5' if steps < 5 else '<20' if steps < 20 else '20+'}")


def test_a_small_blind_larger_than_the_big_blind_is_refused() -> None:
    # (issue 12: heads-up with small blind > big blind replayed with the seats swapped)
    from croupier import NO_LIMIT, TexasHoldem

    with pytest.raises(ValueError, match="no smaller than the small blind"):
        TexasHoldem(NO_LIMIT, (5, 2))
    assert TexasHoldem(NO_LIMIT, (2, 2)).blinds == (2, 2)  # equal blinds are a game
