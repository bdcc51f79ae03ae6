"""The ``croupier`` command line.

``croupier eval CARDS`` prints the value and description of a hand::

    $ croupier eval "As Ks Qs Js Ts 2c 3d"
    high 7462  Royal flush

Errors (bad cards, wrong counts) print one line to stderr and exit with
status 2, without a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Literal

from croupier import hands
from croupier.cards import format_cards, parse_cards

Kind = Literal["high", "ace_to_five", "eight_or_better"]
KINDS: tuple[Kind, ...] = ("high", "ace_to_five", "eight_or_better")


def _eval(args: argparse.Namespace) -> int:
    cards = parse_cards(" ".join(args.cards))
    kinds: tuple[Kind, ...] = KINDS if args.kind == "all" else (args.kind,)
    results = []
    for kind in kinds:
        if kind == "high":
            value = hands.high(cards)
        elif kind == "ace_to_five":
            value = hands.ace_to_five_low(cards)
        else:
            value = hands.eight_or_better_low(cards)
        text = hands.describe(value, kind)
        results.append({"kind": kind, "value": value, "description": text})
    if args.json:
        print(json.dumps({"cards": format_cards(cards), "results": results}))
    else:
        for r in results:
            print(f"{r['kind']} {r['value']}  {r['description']}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="croupier", description="croupier: a poker rules engine.")
    sub = parser.add_subparsers(dest="command", required=True)
    p_eval = sub.add_parser(
        "eval",
        help="evaluate a hand of 5 to 7 cards",
        description="Print the value (larger is better) and the description of a hand.",
    )
    p_eval.add_argument("cards", nargs="+", help='cards, e.g. "As Ks Qs Js Ts 2c 3d"')
    p_eval.add_argument(
        "--kind", choices=(*KINDS, "all"), default="high", help="hand type (default: high)"
    )
    p_eval.add_argument("--json", action="store_true", help="print JSON")
    p_eval.set_defaults(func=_eval)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    >>> main(["eval", "As Ks Qs Js Ts 2c 3d"])
    high 7462  Royal flush
    0
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except ValueError as exc:
        print(f"croupier: error: {exc}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
