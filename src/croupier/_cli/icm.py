"""``croupier icm``: each player's prize equity of tournament stacks (croupier.icm).

>>> import argparse
>>> icm(argparse.Namespace(stacks=[5000.0, 3000.0, 2000.0], payouts=[50.0, 30.0, 20.0],
...                        samples=None, seed=None, json=False))
player 1  stack 5000  equity 38.39  places 50.0% 33.9% 16.1%
player 2  stack 3000  equity 32.75  places 30.0% 37.5% 32.5%
player 3  stack 2000  equity 28.86  places 20.0% 28.6% 51.4%
exact, Malmuth-Harville model, prize pool 100
0
"""

from __future__ import annotations

import argparse
import json


def _number(value: float) -> str:
    return f"{value:.0f}" if value == int(value) else f"{value:g}"


def icm(args: argparse.Namespace) -> int:
    from croupier._icm import icm as compute

    options: dict[str, object] = {}
    if args.samples is not None:  # sampling asked for
        options.update(exact=False, samples=args.samples, seed=args.seed)
    result = compute(args.stacks, args.payouts, **options)  # type: ignore[arg-type]
    if args.json:
        print(
            json.dumps(
                {
                    "stacks": args.stacks,
                    "payouts": args.payouts,
                    "exact": result.exact,
                    "samples": result.samples,
                    "seed": args.seed,
                    "equity": list(result.equity),
                    "stderr": list(result.stderr),
                    "places": [list(row) for row in result.places],
                }
            )
        )
        return 0
    for i, (stack, equity) in enumerate(zip(args.stacks, result.equity, strict=True)):
        places = " ".join(f"{p:.1%}" for p in result.places[i])
        error = f" ± {result.stderr[i]:.2f}" if not result.exact else ""
        print(
            f"player {i + 1}  stack {_number(stack)}  equity {equity:.2f}{error}  places {places}"
        )
    pool = _number(sum(args.payouts[: len(args.stacks)]))
    how = "exact" if result.exact else f"sampled ({result.samples:,} orders, seed {args.seed})"
    print(f"{how}, Malmuth-Harville model, prize pool {pool}")
    return 0
