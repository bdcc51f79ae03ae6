"""Hands played on croupier, written as PokerStars text, read back and replayed: the
same hand, event by event, for every game PokerStars deals."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

import croupier
from croupier import FIXED_LIMIT, NO_LIMIT, POT_LIMIT, Rake, Variant
from croupier.events import Event, EventKind
from croupier.games import Game, game
from croupier.replay import replay
from croupier.sites import SUFFIXES, iter_histories, load_all
from croupier.sites._stars_write import write_history, write_stars

GAMES: dict[str, Game] = {
    "holdem-nl": croupier.TexasHoldem(NO_LIMIT, (1, 2)),
    "holdem-pl": croupier.TexasHoldem(POT_LIMIT, (1, 2)),
    "holdem-fl": croupier.TexasHoldem(FIXED_LIMIT, (1, 2), bets=(2, 4)),
    "holdem-nl-antes": game(Variant.TEXAS_HOLDEM, NO_LIMIT, blinds=(10, 20), antes=3),
    "holdem-nl-straddle": game(Variant.TEXAS_HOLDEM, NO_LIMIT, blinds=(1, 2), straddles=(4,)),
    "holdem-nl-rake": croupier.TexasHoldem(NO_LIMIT, (1, 2), rake=Rake(5, cap=3)),
    "omaha-pl": croupier.Omaha(POT_LIMIT, (1, 2)),
    "omaha-nl": croupier.Omaha(NO_LIMIT, (1, 2)),
    "omaha-hilo-pl": croupier.OmahaHiLo(POT_LIMIT, (1, 2)),
    "omaha-hilo-fl": croupier.OmahaHiLo(FIXED_LIMIT, (1, 2), bets=(2, 4)),
    "omaha5-pl": game(Variant.OMAHA_5, POT_LIMIT, blinds=(1, 2)),
    "omaha5-hilo-pl": game(Variant.OMAHA_5_HI_LO, POT_LIMIT, blinds=(1, 2)),
    "omaha6-pl": game(Variant.OMAHA_6, POT_LIMIT, blinds=(1, 2)),
    "courchevel-pl": croupier.CourchevelHiLo(POT_LIMIT, (1, 2)),
    "short-deck-nl": game(Variant.SHORT_DECK_HOLDEM, NO_LIMIT, blinds=(1, 2)),
    "stud": croupier.SevenCardStud(1, 1, (2, 4)),
    "stud-hilo": croupier.SevenCardStudHiLo(1, 1, (2, 4)),
    "razz": croupier.Razz(1, 1, (2, 4)),
    "27-triple-fl": croupier.DeuceToSevenTripleDraw(FIXED_LIMIT, (1, 2), bets=(2, 4)),
    "27-single-nl": croupier.DeuceToSevenSingleDraw(NO_LIMIT, (1, 2)),
    "badugi-fl": croupier.Badugi(FIXED_LIMIT, (1, 2), bets=(2, 4)),
    "five-card-draw-nl": croupier.FiveCardDraw(NO_LIMIT, (1, 2)),
}


def play(g: Game, rng: random.Random, seed: int, runs: int = 1) -> croupier.Hand:
    """A hand of ``g`` played with random legal moves (draws, shows and mucks too)."""
    most = min(6, g.max_players) if not g.is_stud else 8
    stacks = [rng.randint(5, 300) for _ in range(rng.randint(2, most))]
    hand = g.start(stacks, seed=seed, runs=runs, auto_showdown=False)
    while not hand.is_over:
        r = rng.random()
        if hand.showing:
            hand.show() if r < 0.7 else hand.muck()
        elif hand.drawing:
            seat = hand.actor
            assert seat is not None
            held = list(hand.hole(seat))
            k = rng.randint(0, min(hand.max_discards, len(held)))
            hand.discard(rng.sample(held, k)) if k else hand.stand_pat()
        elif hand.bring_in_pending:
            hand.bring_in() if r < 0.7 else hand.complete()
        elif r < 0.1:
            hand.fold()
        elif r < 0.75 or not hand.can_raise:
            hand.check_or_call()
        else:
            lo, hi = hand.min_raise_to, hand.max_raise_to
            assert lo is not None and hi is not None
            hand.raise_to(hi if r > 0.95 else rng.randint(lo, hi))
    return hand


def read_back(text: str) -> croupier.Hand:
    (history,) = load_all(io.StringIO(text))
    return replay(history).hand


def played(events: tuple[Event, ...]) -> list[Event]:
    """The events but the rake and the awards (a site's rake is an amount, not a rule)."""
    return [e for e in events if e.kind not in (EventKind.RAKE, EventKind.AWARD)]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_round_trips_event_by_event(name: str) -> None:
    rng = random.Random(name)
    for seed in range(60):
        hand = play(GAMES[name], rng, seed)
        text = write_stars(hand, number=seed + 1)
        if hand.game.rake is None:
            assert read_back(text).events == hand.events, text
        else:  # the site's rake: the same play, the stacks net of the rake
            (history,) = load_all(io.StringIO(text))
            assert played(replay(history).hand.events) == played(hand.events), text
            assert history.finishing_stacks == hand.stacks
            assert sum(history.finishing_stacks) == sum(hand.starting_stacks) - hand.rake


def test_run_it_twice_and_three_times_round_trip() -> None:
    rng = random.Random(7)
    runs_seen = set()
    for seed in range(200):
        runs = 2 + seed % 2
        hand = play(GAMES["holdem-nl"], rng, seed, runs=runs)
        runs_seen.add(len(hand.boards))
        text = write_stars(hand, number=seed)
        assert read_back(text).events == hand.events, text
    assert runs_seen == {1, 2, 3}


def test_cents_and_a_currency_round_trip() -> None:
    g = croupier.TexasHoldem(NO_LIMIT, (1, 2), rake=Rake(5, cap=300))
    rng = random.Random(3)
    for seed in range(40):
        hand = play(g, rng, seed)
        text = write_stars(hand, number=seed, scale=100, symbol="$", currency="USD")
        assert "($0.01/$0.02 USD)" in text.splitlines()[0]
        (history,) = load_all(io.StringIO(text))
        assert history.currency == "USD" and history.currency_symbol == "$"
        factor = 100 // history.scale  # the hand read back is normalized
        assert history.finishing_stacks is not None and history.winnings is not None
        assert [c * factor for c in history.finishing_stacks] == list(hand.stacks)
        assert [w * factor for w in history.winnings] == list(hand.winnings or ())
        assert history.extra.get("_rake", 0) * 100 == hand.rake


def test_hero_only_text_keeps_the_others_cards_unknown_until_shown() -> None:
    rng = random.Random(11)
    for seed in range(60):
        hand = play(GAMES["holdem-nl"], rng, seed)
        text = write_stars(hand, number=seed, hero=0)
        (history,) = load_all(io.StringIO(text))
        back = replay(history)
        assert back.payoffs == hand.payoffs
        shown = {e.seat for e in hand.events if e.kind.value == "show"}
        for seat in range(hand.n_players):
            cards = back.hand.hole(seat)
            if seat == 0 or seat in shown:
                assert cards == hand.hole(seat)
            else:
                assert set(cards) == {-1}


def test_a_game_pokerstars_does_not_deal_is_refused() -> None:
    hand = croupier.KuhnPoker().start([2, 2], seed=1)
    with pytest.raises(ValueError, match="does not deal Kuhn"):
        write_stars(hand)


SITE_DATA = Path(__file__).resolve().parent / "data" / "sites"


def test_every_site_test_hand_round_trips_through_pokerstars_text() -> None:
    """Each test file's hand of every site, written as PokerStars text (its players, money,
    rake and tournament) and read back: the same events, winnings and stacks."""
    count = 0
    for history in iter_histories(SITE_DATA):
        text = write_history(history)
        (back,) = load_all(io.StringIO(text))
        assert replay(back).hand.events == replay(history).hand.events, text
        assert back.players == history.players, text
        assert back.winnings == history.winnings, text
        assert back.finishing_stacks == history.finishing_stacks, text
        assert back.extra.get("_rake") == history.extra.get("_rake"), text
        count += 1
    sites_seen = {p.parent.name for p in SITE_DATA.rglob("*.*") if p.suffix in SUFFIXES}
    assert count >= 60 and len(sites_seen) == 6
