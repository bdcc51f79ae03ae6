"""The rake against PokerKit's engine: random raked hands of every game it has.

An oracle file (tests/conftest.py ORACLE): PokerKit 0.7.7 needs Python 3.11, so
this file is not collected on 3.10 rather than skipped.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from test_rake import random_rake

PK_HANDS = 200  # random raked hands per game (about 3 ms each)


def test_pokerkit_agrees_on_raked_hands() -> None:
    """Random hands of every game PokerKit has, with random rakes, on both engines
    (tests/pokerkit_differential.py; PokerKit's rake function floors like
    croupier's).  No unexplained difference; a rake taken in most of them."""
    import pokerkit_differential as diff

    report = diff.Report()
    raked: Counter[str] = Counter()
    for game in diff.GAMES:
        for k, (table, rng) in enumerate(diff.hands(game, PK_HANDS, seed=20261205)):
            rake = random_rake(random.Random(f"pokerkit rake:{game}:{k}"))
            outcome = diff.play_hand(dataclasses.replace(table, rake=rake), rng)
            report.add(game, outcome)
            raked[game] += outcome.rake > 0
    assert not report.differences, report.text()
    for game in diff.GAMES:
        assert report.compared[game] >= 0.55 * PK_HANDS, report.text()
        assert raked[game] >= 0.25 * PK_HANDS, (game, raked[game])
    rules = report.rule_counts()
    assert rules["pokerkit_rakes_merged_pots"] and rules["pokerkit_leaves_last_round_unraked"]
