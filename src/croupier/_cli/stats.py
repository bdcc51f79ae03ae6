"""``croupier stats PATHS...``: replay hand histories (files, directories, globs)
and print each player's statistics (:mod:`croupier.statistics`, defined in
docs/stats.md) as a table, JSON or CSV; ``--jobs N`` counts the files in N
worker processes (:func:`croupier._cli.executors.processes`).
"""

from __future__ import annotations

import argparse
import json
import sys
from contextlib import nullcontext
from decimal import Decimal
from fractions import Fraction
from typing import Literal

from croupier._cli.executors import processes
from croupier._cli.progress import progress

# The text table: heading, width, the PlayerStats property (or field) shown.
# (Rows of data: heading, width, field.)
_STATS_COLUMNS = (
    ("hands", 7, "hands"),
    ("VPIP", 6, "vpip_percent"),
    ("PFR", 6, "pfr_percent"),
    ("3B", 6, "three_bet_percent"),
    ("F3B", 6, "fold_to_three_bet_percent"),
    ("CB", 6, "cbet_percent"),
    ("AF", 5, "aggression_factor"),
    ("WTSD", 6, "went_to_showdown_percent"),
    ("W$SD", 6, "won_at_showdown_percent"),
    ("net", 12, "net"),
    ("bb/100", 9, "bb_per_100"),
    ("AI net", 12, "all_in_adjusted_net"),
    ("AI bb/100", 9, "all_in_adjusted_bb_per_100"),
)
MONEY_PLACES = 6  # decimals of an amount that is not an exact decimal (JSON, CSV)


def money_text(value: Fraction, places: int = MONEY_PLACES) -> str:
    """An amount as text: exact when it is a decimal number (written by
    :func:`croupier.actions.format_amount`), else rounded to ``places`` decimals.

    >>> money_text(Fraction(-3, 2)), money_text(Fraction(1, 3)), money_text(Fraction(1, 3), 2)
    ('-1.5', '0.333333', '0.33')
    """
    from croupier.actions import format_amount

    denominator, twos, fives = value.denominator, 0, 0
    while denominator % 2 == 0:
        denominator, twos = denominator // 2, twos + 1
    while denominator % 5 == 0:
        denominator, fives = denominator // 5, fives + 1
    if denominator == 1:  # a decimal number: exactly, shortest
        scale = 10 ** max(twos, fives)
        return format_amount(value.numerator * scale // value.denominator, scale)
    rounded = round(value, places)
    return format(Decimal(rounded.numerator) / Decimal(rounded.denominator), f".{places}f")


def _stats_cell(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, Fraction):
        return money_text(value, 2)
    if isinstance(value, float):
        return f"{value:.1f}"
    return f"{value:,}" if isinstance(value, int) else str(value)


def _stats_record(record: dict[str, object]) -> dict[str, object]:
    """A record for JSON and CSV: amounts as decimal strings (exact when they are)."""
    return {k: money_text(v) if isinstance(v, Fraction) else v for k, v in record.items()}


def run(args: argparse.Namespace) -> int:
    from croupier.statistics import stats

    jobs: int = args.jobs
    errors: Literal["raise", "skip"] = "skip" if args.skip_errors else "raise"
    with progress(args.progress, "") as bar:
        # --jobs N: N worker processes, killed on an error or Ctrl-C (nothing outlives
        # the command: croupier._cli.executors.processes).
        with processes(jobs) if jobs > 1 else nullcontext() as executor:
            result = stats(
                args.paths,
                player=args.player,
                errors=errors,
                executor=executor,
                progress=None if bar is None else bar.update,
            )
        if bar is not None:
            bar.finish(f"{result.hands:,} hands")
    if result.skipped:
        first = f"; the first: {result.problems[0]}" if result.problems else ""
        print(f"croupier: skipped {result.skipped:,} hand(s){first}", file=sys.stderr)
    players = sorted(result.values(), key=lambda p: (-p.hands, p.player))
    if args.json:
        document = {
            "hands": result.hands,
            "skipped": result.skipped,
            "all_in_spots": result.all_in_spots,
            "all_in_unadjusted": result.all_in_unadjusted,
            "problems": list(result.problems),
            "players": [_stats_record(p.to_record(exact=True)) for p in players],
        }
        print(json.dumps(document))
        return 0
    if args.csv:
        import csv

        from croupier.statistics import COLUMNS

        writer = csv.DictWriter(sys.stdout, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        for p in players:
            record = _stats_record(p.to_record(exact=True))
            writer.writerow({k: "" if v is None else v for k, v in record.items()})
        return 0
    width = max([len("player"), *(len(p.player) for p in players)])
    header = f"{'player':<{width}}" + "".join(f" {h:>{w}}" for h, w, _ in _STATS_COLUMNS)
    print(header)
    for p in players:
        cells = (_stats_cell(getattr(p, name)).rjust(w) for _, w, name in _STATS_COLUMNS)
        print(f"{p.player:<{width}} " + " ".join(cells))
    adjusted = f"all-in adjusted: {result.all_in_spots:,} hand(s)"
    if result.all_in_unadjusted:
        adjusted += f" ({result.all_in_unadjusted:,} more kept their result: hidden cards)"
    print(f"{result.hands:,} hands, {len(players):,} players; {adjusted}")
    return 0
