"""Hand histories that lie or stretch the limits: checked finishing stacks, unknown stacks.

(issue 12: a tampered file replayed silently; an ``inf`` stack was 10**17 units
whatever the scale, so at a fine scale it could be shorter than a real stack.)
"""

from __future__ import annotations

import pytest

from croupier import phh
from croupier.errors import PHHError
from croupier.history_game import unlimited_stack
from croupier.replay import replay

ACTIONS = [
    "d dh p1 AsKd", "d dh p2 QhQd", "p2 cbr 10", "p1 cc", "d db 2c3c4c", "p1 cc", "p2 cc",
    "d db 5d", "p1 cc", "p2 cc", "d db 9h", "p1 cc", "p2 cc",
]  # fmt: skip
HAND = (
    "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
    "starting_stacks = [{stacks}]\n"
    "actions = [" + ", ".join(f"'{a}'" for a in ACTIONS) + "]\n"
)


def test_true_finishing_stacks_replay() -> None:
    history = phh.loads(HAND.format(stacks="100, 100") + "finishing_stacks = [110, 90]\n")
    # p1 (AsKd) makes the wheel straight A-2-3-4-5 and wins p2's 10.
    assert replay(history).stacks == (110, 90)


@pytest.mark.parametrize("finishing", ["[100, 100]", "[90, 110]", "[110, 89]"])
def test_tampered_finishing_stacks_are_refused(finishing: str) -> None:
    history = phh.loads(HAND.format(stacks="100, 100") + f"finishing_stacks = {finishing}\n")
    with pytest.raises(PHHError, match=r"finishing_stacks.*p[12] ends the hand with"):
        replay(history)
    assert replay(history, check=False).stacks == (110, 90)  # the check can be turned off


def test_finishing_stacks_of_a_file_that_stops_early_are_not_checked() -> None:
    text = HAND.format(stacks="100, 100").replace(", 'p1 cc', 'p2 cc']", "]")
    history = phh.loads(text + "finishing_stacks = [1, 1]\n")
    assert not replay(history).is_over


def test_an_unknown_stack_is_never_the_short_one_at_any_scale() -> None:
    # At scale 100 the real stack is 10**18 units, more than the old fixed 10**17.
    text = HAND.format(stacks="inf, 9999999999999999.99").replace(
        "'p2 cbr 10'", "'p2 cbr 9999999999999999.99'"
    )
    text = text.replace(
        ", 'p1 cc', 'p2 cc', 'd db 5d', 'p1 cc', 'p2 cc', 'd db 9h'", ", 'd db 5d', 'd db 9h'"
    )
    history = phh.loads(text.replace(", 'p1 cc', 'p2 cc']", "]"))
    assert history.scale == 100
    assert unlimited_stack(history) > 2 * history.starting_stacks[1]
    result = replay(history)
    assert result.is_over
    # p1 calls the whole stack and wins it: the unknown stack covered the bet.
    assert result.payoffs == (history.starting_stacks[1], -history.starting_stacks[1])


def test_the_finishing_stack_of_an_unknown_stack_is_not_checked() -> None:
    history = phh.loads(HAND.format(stacks="inf, 100") + "finishing_stacks = [0, 90]\n")
    assert replay(history).stacks[1] == 90


@pytest.mark.parametrize("stack", [10**18, 2**63 - 1, 2**63, 2**64 + 1, 10**40 - 1])
def test_amounts_beyond_64_bits_are_written_and_read_back_exactly(stack: int) -> None:
    history = phh.HandHistory(
        variant="NT",
        antes=(0, 0),
        blinds_or_straddles=(1, 2),
        min_bet=2,
        starting_stacks=(stack, stack - 1),
        actions=(phh.Action("cbr", actor=1, amount=stack - 1),),
    )
    text = phh.dumps(history)
    # TOML integers have 64 bits: larger whole amounts are written as exact decimals.
    written = f"{stack}.0" if stack >= 2**63 else str(stack)
    assert f"starting_stacks = [{written}, " in text
    assert phh.loads(text) == history


def test_a_fractional_amount_beyond_64_bits_keeps_its_places() -> None:
    text = HAND.format(stacks="12345678901234567890.5, 100")
    history = phh.loads(text)
    assert history.scale == 10 and history.starting_stacks[0] == 123456789012345678905
    assert phh.loads(phh.dumps(history)) == history


@pytest.mark.parametrize(
    "stacks",
    ["1" + "0" * 40 + ", 100", "1e40, 100", "10000000000000000000000.000000000000000001, 100"],
)
def test_amounts_of_10_to_the_40_units_or_more_are_refused(stacks: str) -> None:
    with pytest.raises(PHHError, match=r"line 5: field 'starting_stacks'.*(too large|10\*\*40)"):
        phh.loads(HAND.format(stacks=stacks))


@pytest.mark.parametrize("hole_cards", [5, 6])
@pytest.mark.parametrize("hi_lo", [False, True])
def test_five_and_six_card_omaha_have_codes_and_round_trip(hole_cards: int, hi_lo: bool) -> None:
    from croupier import POT_LIMIT, Omaha, OmahaHiLo
    from croupier.replay import history_of

    make = OmahaHiLo if hi_lo else Omaha
    game = make(POT_LIMIT, (1, 2), hole_cards=hole_cards)
    assert game.variant == f"{hole_cards}O" + ("/8" if hi_lo else "")
    hand = game.start([100, 100, 100], seed=hole_cards)
    while not hand.is_over:
        hand.check_or_call()
    text = phh.dumps(history_of(hand))
    assert f"variant = 'P{hole_cards}O" in text
    again = replay(phh.loads(text))
    assert again.payoffs == hand.payoffs
    assert [len(again.hole(p)) for p in range(3)] == [hole_cards] * 3


@pytest.mark.parametrize("who", ["p" + "9" * 5000, "p" + "1" * 10])
def test_a_player_number_beyond_any_table_is_a_phh_error_with_its_line(who: str) -> None:
    # (found by tests/test_fuzz.py: int() refused the 5,000 digits with a bare ValueError)
    text = HAND.format(stacks="100, 100").replace("'p2 cbr 10'", f"'{who} cbr 10'")
    with pytest.raises(
        PHHError, match=r"^line 6: actions\[2\].*player number p\d+\.\.\. is too large"
    ):
        phh.loads(text)


@pytest.mark.parametrize("stacks", [[10**18] * 5, [2**63, 2**64, 2**62], [10**39, 10**39 + 7]])
def test_every_hand_the_engine_plays_round_trips_through_phh(stacks: list[int]) -> None:
    from croupier import NO_LIMIT, TexasHoldem
    from croupier.replay import history_of

    hand = TexasHoldem(NO_LIMIT, (1, 2)).start(stacks, seed=len(stacks))
    while not hand.is_over:
        hand.all_in() if hand.can_raise else hand.check_or_call()
    again = replay(phh.loads(phh.dumps(history_of(hand))))
    assert again.payoffs == hand.payoffs and again.stacks == hand.stacks


def test_stacks_beyond_what_can_be_written_are_refused_when_the_hand_starts() -> None:
    from croupier import NO_LIMIT, TexasHoldem

    with pytest.raises(ValueError, match=r"stacks add up to 10\*\*40 chips or more"):
        TexasHoldem(NO_LIMIT, (1, 2)).start([10**40 // 2, 10**40 // 2])
