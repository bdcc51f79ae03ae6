"""Every hand played on croupier is written as PHH, read back and replayed to the same end.

``history_of(hand)`` -> ``phh.dumps`` -> ``phh.loads`` -> ``replay`` must give
the payoffs, the finishing stacks and the action history of the hand as it was
played, for every game croupier deals (``croupier.variants.playable``), with
every kind of forced bet it knows and any number of players.  What PHH has no
field for is written as a user field that the replay reads (docs/rules.md
§7.1): the fixed-limit cap (``_cap``) when it is not 4, and heads-up, the
button's player (``_button``) when the button posts more than the other
player (a button blind), which the blinds alone would seat the other way.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import croupier
from croupier import FIXED_LIMIT, IllegalAction, phh
from croupier.actions import from_events
from croupier.errors import PHHError, WrongBringIn
from croupier.games import Game, game
from croupier.hand import Hand
from croupier.history_game import BUTTON_FIELD, CAP_FIELD, seats_for
from croupier.replay import Replay, history_of, replay
from croupier.structures import Structure
from croupier.variants import Variant, playable, rules_of

HANDS_PER_VARIANT = 250


def round_trip(hand: Hand) -> tuple[phh.HandHistory, str, Replay]:
    """The hand's history, its text, and the replay of the text read back (checked)."""
    history = history_of(hand)
    text = phh.dumps(history)
    back = phh.loads(text)
    assert back == history
    assert phh.dumps(back) == text
    again = replay(back)
    assert again.hand.events == hand.events
    assert again.stacks == hand.stacks
    assert again.is_over == hand.is_over
    assert again.payoffs == hand.payoffs
    if hand.is_over:
        assert back.finishing_stacks == hand.stacks
    return history, text, again


Chooser = Callable[[Hand], None]


def aggressive(hand: Hand) -> None:
    """Raise whenever the rules allow it (so a round reaches its cap), else call."""
    if hand.can_raise:
        lo = hand.min_raise_to
        assert lo is not None
        hand.raise_to(lo)
    else:
        hand.check_or_call()


def play_out(hand: Hand, choose: Chooser, log: list[bool] | None = None) -> Hand:
    """Play ``choose`` until the hand ends; ``log`` gets ``can_raise`` before each action."""
    while not hand.is_over:
        if log is not None:
            log.append(hand.can_raise)
        choose(hand)
    return hand


# -- fixed-limit caps -------------------------------------------------------------------


def bets_in_first_round(hand: Hand) -> int:
    """The bets and raises of the pre-flop round, the big blind counted as the bet."""
    count = 1
    for action in from_events(hand.events):
        if action.kind == "db":
            break
        if action.kind == "cbr":
            count += 1
    return count


@pytest.mark.parametrize("cap", [1, 2, 3, 4, 5, 7, 50])
def test_a_fixed_limit_cap_is_written_and_replayed(cap: int) -> None:
    game_ = croupier.TexasHoldem(FIXED_LIMIT, (1, 2), bets=(2, 4), cap=cap)
    log: list[bool] = []
    hand = play_out(game_.start([2000, 1500, 2500], seed=cap), aggressive, log)
    # Pre-flop went to the cap (the big blind is its first bet; 50 is as good as uncapped).
    assert bets_in_first_round(hand) == cap
    history, text, _ = round_trip(hand)
    assert history.extra.get(CAP_FIELD) == (None if cap == 4 else cap)
    assert (f"{CAP_FIELD} = {cap}\n" in text) == (cap != 4)
    # The replay faces the same choices: it may raise exactly when the hand could.
    seen: list[bool] = []
    replay(phh.loads(text), lambda h, seat, action: seen.append(h.can_raise))
    assert seen == log


@pytest.mark.parametrize("cap", [5, 7, 50])
def test_without_its_cap_field_a_hand_over_the_cap_of_4_is_refused(cap: int) -> None:
    # The field is what makes these hands replay: PHH's own reading (a cap of 4) refuses them.
    hand = play_out(
        croupier.TexasHoldem(FIXED_LIMIT, (1, 2), bets=(2, 4), cap=cap).start([900, 900], seed=1),
        aggressive,
    )
    text = phh.dumps(history_of(hand))
    plain = "".join(line for line in text.splitlines(True) if not line.startswith(CAP_FIELD))
    with pytest.raises(IllegalAction, match="may not raise"):
        replay(phh.loads(plain))


@pytest.mark.parametrize(
    "make",
    [
        lambda cap: croupier.Razz(1, 1, (2, 4), cap=cap),
        lambda cap: croupier.SevenCardStudHiLo(2, 1, (2, 4), cap=cap),
        lambda cap: croupier.Badugi(blinds=(1, 2), cap=cap),
        lambda cap: croupier.OmahaHiLo(FIXED_LIMIT, (1, 2), bets=(2, 4), cap=cap),
    ],
    ids=["razz", "stud-hilo", "badugi", "omaha-hilo"],
)
@pytest.mark.parametrize("cap", [3, 5])
def test_stud_and_draw_caps_round_trip(make: Callable[[int], Game], cap: int) -> None:
    g = make(cap)
    for seed in range(5):
        hand = g.start([400] * 4, seed=seed)
        while not hand.is_over:
            if hand.drawing:
                assert hand.actor is not None
                hand.discard(hand.hole(hand.actor)[:1])
            elif hand.bring_in_pending:
                hand.complete()
            else:
                aggressive(hand)
        history, _, _ = round_trip(hand)
        assert history.extra[CAP_FIELD] == cap


def test_kuhn_and_leduc_write_their_caps() -> None:
    for g, cap in ((croupier.KuhnPoker(), 1), (croupier.LeducHoldem(), 2)):
        hand = play_out(g.start([10, 10], seed=3), aggressive)
        history, _, _ = round_trip(hand)
        assert history.extra[CAP_FIELD] == cap


# -- heads-up button blind --------------------------------------------------------------


def sometimes_raising(rng: random.Random) -> Chooser:
    """Raise now and then (the smallest raise), else check or call."""

    def choose(hand: Hand) -> None:
        if hand.can_raise and rng.random() < 0.3:
            aggressive(hand)
        else:
            hand.check_or_call()

    return choose


@pytest.mark.parametrize("structure", ["no-limit", "pot-limit", "fixed-limit"])
def test_heads_up_short_deck_with_antes_and_a_button_blind(structure: str) -> None:
    bets = (2, 4) if structure == "fixed-limit" else None
    g = croupier.ShortDeckHoldem(structure, antes=1, button_blind=2, bets=bets)
    for seed in range(10):
        hand = g.start([60, 45], seed=seed)  # seat 1, the button, posts the button blind
        first = hand.actor
        play_out(hand, sometimes_raising(random.Random(seed)))
        assert first == 0  # the player left of the button acts first
        history, text, again = round_trip(hand)
        assert history.blinds_or_straddles == (2, 0)  # PHH heads-up: p2's blind first
        assert history.extra[BUTTON_FIELD] == 2
        assert f"{BUTTON_FIELD} = 2\n" in text
        assert again.seats == (0, 1)


def test_without_its_button_field_a_button_blind_hand_is_another_hand() -> None:
    # The blinds alone put p1 on the button: after the flop p2 would act first.
    g = croupier.ShortDeckHoldem(antes=1, button_blind=2)
    hand = play_out(g.start([60, 45], seed=1), lambda h: h.check_or_call())
    text = phh.dumps(history_of(hand))
    plain = phh.loads(text.replace(f"{BUTTON_FIELD} = 2\n", ""))
    assert plain.extra == {}
    assert seats_for(plain) == [1, 0]
    with pytest.raises(IllegalAction, match="not seat 1's turn"):
        replay(plain)


def test_a_stud_history_whose_wrong_seat_brings_in_is_refused() -> None:
    # Razz: the highest up card brings in, p2's 3d (seat 1), not p1's 2c.
    text = (
        "variant = 'FR'\nantes = [0, 0]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\n"
        "starting_stacks = [100, 100]\n"
        "actions = ['d dh p1 AsKs2c', 'd dh p2 QhJh3d', '{} pb']\n"
    )
    assert replay(phh.loads(text.format("p2"))).hand.bring_in_seat == 1
    with pytest.raises(IllegalAction) as refused:
        replay(phh.loads(text.format("p1")))
    assert str(refused.value) == "the wrong seat brings in: seat 1 brings in by the rules, not 0"
    assert refused.value.__cause__ is None and refused.value.__suppress_context__
    # The engine's own error, which replay turns into IllegalAction, is a ValueError.
    razz = croupier.Razz(bring_in=1, bets=(2, 4))
    deck = [*croupier.parse_cards("As Ks 2c Qh Jh 3d"), *[-1] * 8]
    with pytest.raises(WrongBringIn, match="seat 1 brings in by the rules, not 0"):
        razz.start([100, 100], deck=deck, bring_in_seat=0)
    assert issubclass(WrongBringIn, ValueError) and not issubclass(WrongBringIn, IllegalAction)


def test_heads_up_blinds_and_a_button_blind_seat_the_button_by_the_field() -> None:
    # Blinds 1/2 and a button blind of 2: the button (seat 1) posts 3, seat 0 posts 2.
    g = game("T", "no-limit", blinds=(1, 2), button_blind=2)
    assert g.forced_bets(2) == ([0, 0], [2, 3])
    hand = g.start([100, 100], seed=5)
    hand.raise_to(10)
    hand.check_or_call()
    play_out(hand, lambda h: h.check_or_call())
    history, _, again = round_trip(hand)
    assert history.extra[BUTTON_FIELD] == 2 and again.seats == (0, 1)


def test_heads_up_blinds_as_usual_write_no_user_field() -> None:
    hand = play_out(
        croupier.TexasHoldem(croupier.NO_LIMIT, (1, 2)).start([50, 80], seed=2),
        lambda h: h.check_or_call(),
    )
    history, text, _ = round_trip(hand)
    assert dict(history.extra) == {}
    assert not [line for line in text.splitlines() if line.startswith("_")]


# -- the user fields, read ---------------------------------------------------------------

BASE = (
    "variant = '{variant}'\nantes = [0, 0{more}]\n{forced}\n"
    "starting_stacks = [100, 100{stack}]\nactions = [{actions}]\n"
)


def text_of(variant: str, players: int = 2, extra: str = "") -> str:
    more = ", 0" * (players - 2)
    if variant.startswith("F") and variant not in ("FR", "F7S"):
        forced = f"blinds_or_straddles = [1, 2{more}]\nsmall_bet = 2\nbig_bet = 4"
    elif variant in ("FR", "F7S"):
        forced = "bring_in = 1\nsmall_bet = 2\nbig_bet = 4"
    else:
        forced = f"blinds_or_straddles = [1, 2{more}]\nmin_bet = 2"
    # Stud: the up cards say who brings in (p1's deuce), so the replay can begin.
    actions = "'d dh p1 AsKs2c', 'd dh p2 QhJh3d'" if variant in ("FR", "F7S") else ""
    stacks = ", 100" * (players - 2)
    text = BASE.format(variant=variant, more=more, forced=forced, stack=stacks, actions=actions)
    return text + extra


@pytest.mark.parametrize(
    ("variant", "players", "field", "message"),
    [
        ("FT", 2, "_cap = 0", "must be a positive int"),
        ("FT", 2, "_cap = -3", "must be a positive int"),
        ("FT", 2, "_cap = 2.5", "must be a positive int"),
        ("FT", 2, "_cap = 3.0", "must be a positive int"),
        ("FT", 2, "_cap = true", "must be a positive int"),
        ("FT", 2, "_cap = '3'", "must be a positive int"),
        ("NT", 2, "_cap = 3", "not fixed-limit"),
        ("NT", 2, "_button = 3", "must be the number of a player, 1 to 2"),
        ("NT", 2, "_button = 0", "must be the number of a player"),
        ("NT", 2, "_button = true", "must be the number of a player"),
        ("NT", 2, "_button = '2'", "must be the number of a player"),
        ("NT", 3, "_button = 1", "must be 3"),
        ("FR", 2, "_button = 2", "has no button"),
    ],
)
def test_bad_user_fields_are_refused_by_name(
    variant: str, players: int, field: str, message: str
) -> None:
    good = phh.loads(text_of(variant, players))
    replay(good)  # the same hand without the field replays
    history = phh.loads(text_of(variant, players, field + "\n"))
    name = field.split(" ")[0]
    with pytest.raises(PHHError, match=message) as info:
        replay(history)
    assert info.value.field == name
    assert name in str(info.value)


def test_a_refused_field_is_refused_again_after_a_good_one_of_equal_value() -> None:
    # The replay caches games by stakes: _cap = 1 must not answer for _cap = true.
    replay(phh.loads(text_of("FT", 2, "_cap = 1\n")))
    with pytest.raises(PHHError, match="_cap"):
        replay(phh.loads(text_of("FT", 2, "_cap = true\n")))


def test_button_field_names_either_player() -> None:
    # Blinds [1, 2]: p1 posts the big blind at seat 0; _button = 1 puts p1 on the button.
    assert seats_for(phh.loads(text_of("NT"))) == [0, 1]
    assert seats_for(phh.loads(text_of("NT", extra="_button = 1\n"))) == [1, 0]
    assert seats_for(phh.loads(text_of("NT", extra="_button = 2\n"))) == [0, 1]
    assert seats_for(phh.loads(text_of("NT", 3, "_button = 3\n"))) == [0, 1, 2]


def test_a_cap_field_limits_the_replay() -> None:
    text = text_of("FT", 3, "_cap = 2\n").replace(
        "actions = []", "actions = ['p3 cbr 4', 'p1 cbr 6']"
    )
    with pytest.raises(IllegalAction, match="may not raise"):
        replay(phh.loads(text))  # the blind and one raise: capped at 2
    assert replay(phh.loads(text.replace("_cap = 2\n", ""))).hand.actor == 1


# -- every game, random forced bets and play --------------------------------------------


def random_game(rng: random.Random, variant: Variant) -> tuple[Game, int]:
    """A game of ``variant`` with random stakes and forced bets, and a number of players."""
    rules = rules_of(variant)
    letter = rng.choice(rules.structures)
    fixed = letter == "F"
    probe = game(variant, Structure.from_letter(letter), **({"bets": (2, 4)} if fixed else {}))
    n = rng.randint(2, min(probe.max_players, 9))
    options: dict[str, object] = {}

    def antes() -> int | tuple[int, ...]:
        r = rng.random()
        if r < 0.4:
            return 0
        if r < 0.8:
            return rng.randint(1, 3)
        return tuple(rng.randint(0, 3) for _ in range(n))

    if rules.is_stud:
        small = rng.randint(2, 6)
        options |= {"bring_in": rng.randint(1, small - 1), "bets": (small, 2 * small)}
        options["antes"] = antes()
    else:
        kind = rng.choice(["blinds", "blinds", "button", "antes", "seats"])
        if kind == "button":
            options |= {"button_blind": rng.randint(1, 4), "antes": antes()}
            if rng.random() < 0.3:
                options["blinds"] = (rng.randint(0, 2), rng.randint(2, 3))
        elif kind == "antes":
            options |= {"blinds": (), "antes": rng.randint(1, 3)}
            if not fixed:
                options["opening_bet"] = rng.randint(1, 4)
        elif kind == "seats":  # per seat, as hand histories give them; negative: dead
            blinds = tuple(rng.choice([0, 0, 1, 2, 4, -1, -2]) for _ in range(n))
            options |= {"seat_blinds": blinds, "antes": antes()}
            if not fixed and max(blinds[:2]) <= 0:
                options["opening_bet"] = rng.randint(1, 4)
        else:
            small = rng.randint(0, 2)
            big = rng.randint(max(small, 1), 4)
            options["blinds"] = (small, big)
            if n > 2 and rng.random() < 0.3:
                count = rng.randint(1, n - 2)
                options["straddles"] = tuple(big * 2 ** (k + 1) for k in range(count))
            ante = antes()
            if ante:
                options["antes"] = ante
                options["big_blind_ante"] = isinstance(ante, int) and rng.random() < 0.4
        if fixed:
            small = rng.randint(1, 6)
            options["bets"] = (small, 2 * small)
        elif rng.random() < 0.3:
            options["opening_bet"] = rng.randint(1, 6)
    if fixed:
        options["cap"] = rng.choice([4, 4, 1, 2, 3, 5, 10])
    return game(variant, Structure.from_letter(letter), **options), n


def random_play(hand: Hand, rng: random.Random, stop: int | None) -> None:
    """Random legal actions until the hand ends (or ``stop`` actions were made)."""
    made = 0
    while not hand.is_over and made != stop:
        made += 1
        r = rng.random()
        if hand.drawing:
            seat = hand.actor
            assert seat is not None
            hole = hand.hole(seat)
            k = rng.randint(0, min(len(hole), hand.max_discards or 0))
            hand.discard(rng.sample(hole, k)) if k else hand.stand_pat()
        elif hand.bring_in_pending:
            hand.bring_in() if r < 0.7 else hand.complete()
        elif r < 0.1:
            hand.fold()
        elif r < 0.7 or not hand.can_raise:
            hand.check_or_call()
        else:
            lo, hi = hand.min_raise_to, hand.max_raise_to
            assert lo is not None and hi is not None
            hand.raise_to(rng.choice([lo, hi, rng.randint(lo, hi)]))


@pytest.mark.parametrize("variant", playable(), ids=str)
def test_every_game_round_trips_with_random_forced_bets_and_play(variant: Variant) -> None:
    rng = random.Random(f"round trip {variant.value}")
    fields: set[str] = set()
    finished = 0
    for _ in range(HANDS_PER_VARIANT):
        g, n = random_game(rng, variant)
        size = rng.choice([5, 30, 200, 10**20])
        stacks = [rng.randint(1, size) for _ in range(n)]
        hand = g.start(stacks, seed=rng.randrange(1 << 32))
        random_play(hand, rng, None if rng.random() < 0.9 else rng.randint(0, 12))
        history, _, _ = round_trip(hand)
        fields |= set(history.extra)
        finished += hand.is_over
    assert finished > HANDS_PER_VARIANT // 2
    # The user fields were needed, and written, where the game can need them.
    rules = rules_of(variant)
    assert (CAP_FIELD in fields) == ("F" in rules.structures)
    assert (BUTTON_FIELD in fields) == (not rules.is_stud)
