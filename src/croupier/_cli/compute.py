"""The commands that compute: ``croupier eval`` (a hand's value), ``croupier equity``
(the equity of hands or Hold'em ranges) and ``croupier simulate`` (many hands
played with a policy).  Each is the library's function (``croupier.hands``,
``croupier._equity.equity``, ``croupier._simulation.simulate``) and its result
in words or JSON.

>>> evaluate(argparse.Namespace(cards=["As Ks Qs Js Ts"], kind="all", json=False))
high 7462  Royal flush
ace_to_five 4897  King-queen low
eight_or_better 0  No low
0
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

import croupier.hands as hands
from croupier._cli.executors import cluster, counted
from croupier._cli.output import UsageError, plus_minus
from croupier._cli.progress import progress
from croupier.cards import format_card, format_cards, parse_cards
from croupier.variants import Variant, playable, rules_of

if TYPE_CHECKING:
    from croupier.games import Game
    from croupier.omaha_ranges import OmahaRange
    from croupier.ranges import Range

Kind = Literal["high", "ace_to_five", "eight_or_better"]
KINDS: tuple[Kind, ...] = ("high", "ace_to_five", "eight_or_better")


def evaluate(args: argparse.Namespace) -> int:
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


HOLDEM = rules_of(Variant.TEXAS_HOLDEM).command  # the default --game


def games() -> dict[str, Variant]:
    """The ``--game`` choices of ``equity`` and ``simulate``: every variant croupier deals."""
    return {rules_of(v).command: v for v in playable()}


def _game(name: str) -> Game:
    """The game of ``--game NAME`` in its usual structure (blinds 1/2 and bets 2/4, or
    antes 1, bring-in 1 and bets 2/4; the structure does not matter for equity)."""
    from croupier.games import game

    variant = games()[name]
    if rules_of(variant).is_stud:
        return game(variant, antes=1, bring_in=1, bets=(2, 4))
    return game(variant, blinds=(1, 2), bets=(2, 4) if rules_of(variant).usual == "F" else None)


def _hand(text: str, number: int, game: Game) -> tuple[str, list[int] | Range | OmahaRange]:
    """The label and the cards (or the Hold'em or Omaha range) of hand ``number``, read
    by the library's rule (``croupier._equity_hands.hand_of``); an error quotes the text given."""
    from croupier._equity_hands import hand_of, is_holdem, is_omaha
    from croupier.omaha_ranges import OmahaRange
    from croupier.ranges import Range

    prefix = f"hand {number}"
    try:
        if game.is_stud:  # the cards held so far, 0 to 7 (equity checks the count)
            nothing = text.strip().lower() in ("random", "any")
            value: list[int] | Range | OmahaRange = [] if nothing else parse_cards(text)
        else:
            hole = game.streets[0].hole
            value = hand_of(text, number - 1, hole, is_holdem(game), is_omaha(game))
    except ValueError as exc:
        said = str(exc)
        rest = said[len(prefix) :] if said.startswith(f"{prefix} ") else f": {said}"
        raise ValueError(f"{prefix} {text!r}{rest}") from None
    if isinstance(value, Range | OmahaRange) or not value:
        return " ".join(text.split()), value
    return "".join(format_card(c) for c in value), value


def _percent(x: float) -> str:
    return f"{100 * x:6.2f}%"


def _seed(given: int | None) -> int:
    """``--seed``, or a seed drawn from the OS (32 bits: short to type again)."""
    return given if given is not None else int.from_bytes(os.urandom(4), "little")


def equity(args: argparse.Namespace) -> int:
    from croupier._equity import equity

    if len(args.hands) < 2:
        raise ValueError(f"equity needs at least two hands, got {len(args.hands)}")
    if args.exact and args.stderr is not None:
        raise UsageError("--stderr is a Monte Carlo target: it does not go with --exact")
    game = _game(args.game)
    parsed = [_hand(text, k + 1, game) for k, text in enumerate(args.hands)]
    labels = [label for label, _ in parsed]
    board: list[int] = []
    dead: list[int] = []
    for option, text, cards in (("--board", args.board, board), ("--dead", args.dead, dead)):
        try:
            cards.extend(parse_cards(text))
        except ValueError as exc:
            raise ValueError(f"{option} {text!r}: {exc}") from None
    seed = _seed(args.seed)
    target = args.stderr is not None
    threads = args.threads
    if threads is not None:  # more threads than cores would only share them
        from croupier._parallel import usable_cores

        threads = min(threads, usable_cores())
    with (
        cluster(args.scheduler) as remote,
        progress(args.progress, "deals" if target else "") as bar,
        # A run to a target reports its rounds; any other counts its chunks.
        counted(remote, threads, None if target else bar) as executor,
    ):
        result = equity(
            game,
            [h for _, h in parsed],
            board,
            dead,
            exact=True if args.exact else None,
            samples=args.samples,
            stderr=args.stderr,
            seed=seed,
            threads=threads,
            executor=executor,
            progress=bar.update if bar is not None and target else None,
        )
        if bar is not None:
            bar.finish("" if target else f"{result.deals:,} deals")
    used = None if result.exact else seed
    n = len(labels)
    stderr: Sequence[float | None] = result.stderr if result.stderr is not None else [None] * n
    if args.json:
        doc = {
            "game": args.game,
            "board": "".join(format_card(c) for c in board),
            "dead": "".join(format_card(c) for c in dead),
            "hands": [
                {
                    "hand": labels[i],
                    "equity": result.equity[i],
                    "win": result.win[i],
                    "tie": result.tie[i],
                    "high": result.high[i],
                    "low": result.low[i],
                    "stderr": stderr[i],
                }
                for i in range(n)
            ],
            "deals": result.deals,
            "exact": result.exact,
            "seed": used,
        }
        print(json.dumps(doc))
        return 0
    width = max(len(label) for label in labels)
    for i, label in enumerate(labels):
        line = (
            f"{label:<{width}}  equity {_percent(result.equity[i])}"
            f"  win {_percent(result.win[i])}  tie {_percent(result.tie[i])}"
        )
        if game.low_value is not None:
            line += f"  high {_percent(result.high[i])}  low {_percent(result.low[i])}"
        print(line)
    if result.stderr is None:
        print(f"{result.deals} deals, exact")
    else:
        worst = 100 * max(result.stderr)
        error = f"{plus_minus()}{worst:.2f}%" if worst >= 0.01 else f"{plus_minus()}{worst:.4f}%"
        print(f"{result.deals} deals, Monte Carlo, {error} (std. error), seed {used}")
    return 0


# ------------------------------------------------------------------ simulate


def simulate(args: argparse.Namespace) -> int:
    from croupier._simulation import simulate

    seed = _seed(args.seed)
    with cluster(args.scheduler) as executor, progress(args.progress, "hands") as bar:
        result = simulate(
            _game(args.game),
            args.hands,
            [args.stack] * args.players,
            policy=args.policy,
            seed=seed,
            executor=executor,
            progress=None if bar is None else bar.update,
        )
        if bar is not None:
            bar.finish()
    if args.json:
        document = {
            "game": args.game,
            "policy": args.policy,
            "hands": result.hands,
            "seed": seed,
            "net": list(result.net),
            "won": list(result.won),
            "seconds": result.seconds,
            "hands_per_second": result.hands_per_second,
        }
        print(json.dumps(document))
        return 0
    for seat, (net, won) in enumerate(zip(result.net, result.won, strict=True)):
        print(f"seat {seat}  net {net:+d}  won {won} of {result.hands} hands")
    print(
        f"{result.hands} hands in {result.seconds:.2f} s"
        f" ({result.hands_per_second:,.0f} hands/s), seed {seed}"
    )
    return 0
