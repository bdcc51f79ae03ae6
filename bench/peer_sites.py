"""Importing a poker site's hand histories: croupier against PokerKit, in one run.

    python bench/peer_sites.py [--quick]

The corpus: PokerStars No-Limit Hold'em cash hands (six-max and shorter, $0.05/$0.10,
5 % rake capped at $3, random play to the end, the hero's cards only), played on
croupier and written by croupier's own PokerStars writer
(``croupier.sites._stars_write.write_stars``), one text, deterministic.

* croupier: ``croupier.sites.load_all`` on the text: each hand read, made into a
  ``HandHistory``, replayed on the engine and checked against its recorded winnings
  net of the rake (the import, as a user gets it).
* PokerKit: ``pokerkit.notation.PokerStarsParser`` on the same text (money read as
  ``Decimal``), and each hand history iterated (every action applied to PokerKit's
  state machine): parse + replay.

Each entry is timed on this thread's CPU time, best of several rounds, the libraries
in alternating rounds (the machine may be shared); PokerKit on the first
:data:`PEER_HANDS` hands (it is about 100 times slower).  :func:`headline` gives
croupier ÷ PokerKit for ``compare_peers.py --check``.
"""

from __future__ import annotations

import argparse
import gc
import io
import random
import time
import warnings
from collections.abc import Callable
from decimal import Decimal

import croupier
from croupier import NO_LIMIT, Rake, sites
from croupier.sites._stars_write import write_stars

HANDS = 2000
PEER_HANDS = 200
NAMES = ("Hero", "Jürgen", "Ana_P", "bob 77", "x-ray", "玩家一")


def play(game: croupier.Game, rng: random.Random, seed: int) -> croupier.Hand:
    """A hand of ``game`` with random legal moves to its end."""
    stacks = [rng.randint(300, 3000) for _ in range(rng.randint(2, 6))]
    hand = game.start(stacks, seed=seed, auto_showdown=False)
    while not hand.is_over:
        r = rng.random()
        if hand.showing:
            hand.show() if r < 0.6 else hand.muck()
        elif r < 0.3:
            hand.fold()
        elif r < 0.85 or not hand.can_raise:
            hand.check_or_call()
        else:
            lo, hi = hand.min_raise_to, hand.max_raise_to
            assert lo is not None and hi is not None
            hand.raise_to(rng.randint(lo, min(hi, 4 * lo)))
    return hand


def corpus(count: int = HANDS) -> list[str]:
    """``count`` PokerStars hands (their texts), the same on every run."""
    game = croupier.TexasHoldem(NO_LIMIT, (5, 10), rake=Rake(5, cap=300))
    rng = random.Random(2026)
    texts = []
    for seed in range(count):
        hand = play(game, rng, seed)
        names = list(NAMES[: hand.n_players])
        texts.append(
            write_stars(
                hand,
                number=260_000_000_000 + seed,
                players=names,
                hero=0,
                scale=100,
                symbol="$",
                currency="USD",
                table="Bench I",
            )
        )
    return texts


def croupier_import(text: str) -> int:
    return len(sites.load_all(io.StringIO(text)))


def pokerkit_import(text: str) -> int:
    from pokerkit.notation import PokerStarsParser

    count = 0
    for history in PokerStarsParser()(text, parse_value=lambda s: Decimal(s.replace(",", ""))):
        for _state in history:
            pass
        count += 1
    return count


def best_seconds(fn: Callable[[], int], expected: int, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        gc.collect()
        start = time.thread_time()
        assert fn() == expected
        best = min(best, time.thread_time() - start)
    return best


def measure(quick: bool) -> dict[str, float]:
    """Hands per second of each entry (keys: "library: what")."""
    texts = corpus()
    ours = "\n\n\n".join(texts)
    theirs = "\n\n\n".join(texts[:PEER_HANDS])
    rounds = 3 if quick else 5
    entries: list[tuple[str, Callable[[], int], int]] = [
        ("croupier: import + replay", lambda: croupier_import(ours), len(texts)),
    ]
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        pass
    else:
        entries.append(("PokerKit: parse + replay", lambda: pokerkit_import(theirs), PEER_HANDS))
    best = dict.fromkeys([label for label, _, _ in entries], float("inf"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(rounds):
            for label, fn, expected in entries:
                best[label] = min(best[label], best_seconds(fn, expected, 1))
    return {label: expected / best[label] for label, _, expected in entries}


CHECK = "Import + replay PokerStars NLHE text, vs PokerKit PokerStarsParser + replay"


def headline(rates: dict[str, float]) -> dict[str, float]:
    """croupier ÷ PokerKit, import + replay (for ``--check``)."""
    theirs = rates.get("PokerKit: parse + replay")
    ours = rates.get("croupier: import + replay")
    return {} if theirs is None or ours is None else {CHECK: ours / theirs}


def report(rates: dict[str, float]) -> str:
    theirs = rates.get("PokerKit: parse + replay")
    lines = [
        "",
        f"### Site hand histories: PokerStars NLHE text ({HANDS:,} hands), one core",
        "",
        "| Entry | Hands/s | ÷ PokerKit parse + replay |",
        "|---|---:|---:|",
    ]
    for label, rate in rates.items():
        shown = f"{rate / theirs:,.1f}x" if theirs else "—"
        lines.append(f"| {label} | {rate:,.0f} | {shown} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 rounds instead of 5")
    args = parser.parse_args()
    print(report(measure(args.quick)))


if __name__ == "__main__":
    main()
