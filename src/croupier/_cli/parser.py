"""The command line's options: :func:`build_parser` (argparse), each usage error
on one line with status 2, the bounds of the numeric options.

>>> args = build_parser().parse_args(["equity", "AhKh", "QdQc", "--samples", "10"])
>>> args.samples, args.game, args.func is compute.equity
(10, 'holdem', True)
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import NoReturn

import croupier
import croupier._cli.compute as compute
import croupier._cli.convert as convert
import croupier._cli.icm as icm
import croupier._cli.replay as replay
import croupier._cli.stats as stats
from croupier._cli.compute import HOLDEM, KINDS, games
from croupier._cli.output import EXIT_USAGE

# Bounds of the numeric options (a larger value is a usage error, not a run of years).
MAX_THREADS = 1024  # the library uses at most the cores the process may run on
MAX_HANDS = 10**12


def _max_samples() -> int:
    """The library's bound of ``samples`` (read when ``--samples`` is given: the
    equity module loads numpy, which ``croupier eval`` does not need)."""
    from croupier._equity import MAX_SAMPLES

    return MAX_SAMPLES


class _Parser(argparse.ArgumentParser):
    """argparse, with each usage error on one line: ``croupier equity: error: ...``."""

    def error(self, message: str) -> NoReturn:
        text = " ".join(message.split())
        self.exit(EXIT_USAGE, f"{self.prog}: error: {text} (see '{self.prog} --help')\n")


def _integer(low: int, high: int | Callable[[], int] | None = None) -> Callable[[str], int]:
    """An argparse type: an integer from ``low`` to ``high`` (no bound when None; a
    function gives the bound when a value is read)."""

    def parse(text: str) -> int:
        top = high() if callable(high) else high
        bounds = f"from {low:,} to {top:,}" if top is not None else f"of at least {low:,}"
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (top is not None and value > top):
            shown = text if len(text) <= 40 else f"{text[:20]}...({len(text)} characters)"
            raise argparse.ArgumentTypeError(f"must be an integer {bounds}, got {shown!r}")
        return value

    return parse


def _target(text: str) -> float:
    """``--stderr``: a positive finite number."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number, got {text!r}")
    return value


def _amount(text: str) -> float:
    """A stack or a prize: a finite number >= 0."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a number >= 0, got {text[:40]!r}")
    return value


def _add_run_options(
    p: argparse.ArgumentParser, what: str, command: Callable[[argparse.Namespace], int]
) -> None:
    """The last options of ``equity`` and ``simulate`` (``--progress``,
    ``--scheduler``, ``--json``), and the function that runs the command."""
    p.add_argument("--progress", action="store_true", help=f"show how far the {what} is on stderr")
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on this Dask cluster (tcp://host:8786; needs the dask extra)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(func=command)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="croupier", description="croupier: a poker rules engine.")
    parser.add_argument("--version", action="version", version=f"croupier {croupier.__version__}")
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
    p_eval.set_defaults(func=compute.evaluate)

    p_replay = sub.add_parser(
        "replay",
        help="replay a PHH hand history or a poker site's file street by street",
        description=(
            "Replay a PHH hand history (.phh, or every hand of a .phhs file) or a poker "
            "site's hand history file (PokerStars, GGPoker, ...) and print "
            "the cards dealt, each action, the pot after each street, the pots, the "
            "winnings and the net results. Amounts are in the file's units."
        ),
    )
    p_replay.add_argument(
        "file", help="a .phh file, a .phhs file of several hands, or a poker site's file"
    )
    p_replay.add_argument(
        "--hand", type=int, metavar="N", help="replay only hand N (1-based) of a .phhs file"
    )
    p_replay.add_argument(
        "--json", action="store_true", help="print one JSON document per hand (one per line)"
    )
    p_replay.add_argument(
        "--progress", action="store_true", help="show how many hands are done on stderr"
    )
    p_replay.set_defaults(func=replay.run)

    p_equity = sub.add_parser(
        "equity",
        help="equity of two or more hands or ranges (Hold'em, or Omaha with --game)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Print each hand's equity (its expected share of the pot), how often it wins\n"
            "alone and how often it ties, and in hi/lo games its shares from the high and\n"
            "the low halves. Every deal is enumerated when there are at most 2,000,000 of\n"
            "them, in Hold'em for any hands and for ranges of up to 1,000 pre-flop\n"
            "match-ups after grouping those alike up to suits (or with --exact); else\n"
            "deals are sampled (Monte Carlo, with the standard error and the seed used)."
        ),
        epilog=(
            "examples:\n"
            "  croupier equity AhKh QdQc --board 2c7d9h\n"
            '  croupier equity "TT+, AKs" AhKh --samples 50000 --seed 1\n'
            "  croupier equity As2d3cKh4s QdQc8h9hTs --game courchevel --board 5c\n"
            '  croupier equity AsAhKdQd "KK**ds, QQJJ:0.5" --game omaha --samples 200000\n'
            "  croupier equity AhKh QdQc --stderr 0.0005 --scheduler tcp://127.0.0.1:8786"
        ),
    )
    p_equity.add_argument(
        "hands",
        nargs="*",
        metavar="HAND",
        help='hole cards such as AhKh, or (Hold\'em) a range such as "TT+, AKs"; two or more',
    )
    p_equity.add_argument("--board", default="", metavar="CARDS", help="board cards, e.g. 2c7d9h")
    p_equity.add_argument(
        "--dead", default="", metavar="CARDS", help="cards out of the deck (folded, burnt, seen)"
    )
    p_equity.add_argument(
        "--game",
        choices=tuple(games()),
        default=HOLDEM,
        help="the game (default: holdem); in stud games a hand is the cards held so far",
    )
    how = p_equity.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every deal")
    how.add_argument(
        "--samples",
        type=_integer(1, _max_samples),
        metavar="N",
        help="sample N deals (Monte Carlo; as many as croupier.equity allows)",
    )
    p_equity.add_argument(
        "--stderr",
        type=_target,
        metavar="E",
        help="sample until every standard error is at most E (at most --samples deals, "
        "default 10,000,000)",
    )
    p_equity.add_argument(
        "--seed",
        type=_integer(0),
        metavar="S",
        help="seed of the Monte Carlo deals (default: drawn at random, and printed)",
    )
    p_equity.add_argument(
        "--threads",
        type=_integer(1, MAX_THREADS),
        metavar="T",
        help="threads to use (default: every core)",
    )
    # (Each command declares its own options: the argparse calls look alike.)
    _add_run_options(p_equity, "run", compute.equity)

    p_sim = sub.add_parser(
        "simulate",
        help="play many hands with a policy",
        description=(
            "Play HANDS hands with a built-in policy (check-down, random legal actions, or\n"
            "all-in) and print each seat's net chips, hands won, the speed and the seed.\n"
            "Hand k is dealt from seed + k, so a run repeats exactly with --seed."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example:\n  croupier simulate --game razz --players 8 --hands 10000 --seed 1",
    )
    p_sim.add_argument(
        "--game", choices=tuple(games()), default=HOLDEM, help=f"(default: {HOLDEM})"
    )
    p_sim.add_argument(
        "--players", type=_integer(2, 10), default=6, help="seats, 2 to 10 (default: 6)"
    )
    p_sim.add_argument(
        "--hands",
        type=_integer(1, MAX_HANDS),
        default=1000,
        help="hands to play (default: 1000)",
    )
    p_sim.add_argument("--stack", type=_integer(1), default=200, help="chips each (default: 200)")
    p_sim.add_argument(
        "--policy",
        choices=("check-down", "random", "all-in"),
        default="random",
        help="how every player acts (default: random)",
    )
    p_sim.add_argument(
        "--seed",
        type=_integer(0),
        metavar="S",
        help="seed of the first hand (default: drawn at random, and printed)",
    )
    _add_run_options(p_sim, "simulation", compute.simulate)

    p_icm = sub.add_parser(
        "icm",
        help="prize equity of tournament stacks (ICM)",
        description=(
            "Each player's expected prize from its chips, by the Malmuth-Harville model\n"
            "(docs/icm.md): exact by default, sampled with --samples."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example:\n  croupier icm 5000 3000 2000 --payouts 50 30 20",
    )
    p_icm.add_argument(
        "stacks", nargs="+", type=_amount, metavar="STACK", help="each player's chips"
    )
    p_icm.add_argument(
        "--payouts",
        nargs="+",
        type=_amount,
        required=True,
        metavar="PRIZE",
        help="the prize of 1st, 2nd ... place",
    )
    p_icm.add_argument(
        "--samples",
        type=_integer(1, 10**9),
        metavar="N",
        help="sample N finishing orders instead of the exact sum",
    )
    p_icm.add_argument("--seed", type=_integer(0), metavar="S", help="seed of the sampling")
    p_icm.add_argument("--json", action="store_true", help="print one JSON document")
    p_icm.set_defaults(func=icm.icm)

    p_stats = sub.add_parser(
        "stats",
        help="player statistics of PHH hand histories and poker sites' files",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Replay hand histories (PHH, or poker sites' files: PokerStars, GGPoker, ...)\n"
            "and print each player's statistics: hands, VPIP,\n"
            "PFR, 3-bet, fold to 3-bet, c-bet (%), aggression factor, went to and won at\n"
            "showdown (%), net won and big blinds per 100 hands, actual and all-in\n"
            "adjusted (exact equity where the money went in before the last street with\n"
            "every hand known). Results are the engine's, rake-free (docs/stats.md)."
        ),
        epilog=(
            "examples:\n"
            "  croupier stats hands/ --progress\n"
            "  croupier stats 'logs/*.phhs' --player Alice --json\n"
            "  croupier stats a.phhs b.phhs --csv --jobs 2 > stats.csv"
        ),
    )
    p_stats.add_argument(
        "paths",
        nargs="+",
        metavar="PATH",
        help=".phh or .phhs files, sites' .txt or .xml files, directories or globs",
    )
    p_stats.add_argument(
        "--player", action="append", metavar="NAME", help="only this player (repeatable)"
    )
    output = p_stats.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print one JSON document")
    output.add_argument("--csv", action="store_true", help="print CSV, one row per player")
    p_stats.add_argument(
        "--skip-errors",
        action="store_true",
        help="leave out hands that cannot be replayed (counted, the first named on stderr)",
    )
    p_stats.add_argument(
        "--progress", action="store_true", help="show how far the run is on stderr"
    )
    p_stats.add_argument(
        "--jobs",
        type=_integer(1, MAX_THREADS),
        default=1,
        metavar="N",
        help="count the files in N processes (default: 1)",
    )
    p_stats.set_defaults(func=stats.run)

    p_convert = sub.add_parser(
        "convert",
        help="convert poker sites' hand histories (and PHH) to PHH or PokerStars text",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Read hand histories (poker sites' files, PHH files, directories or globs),\n"
            "check every hand by replaying it, and write them all to OUT: PHH when OUT\n"
            "ends in .phhs, PokerStars text when it ends in .txt."
        ),
        epilog=(
            "examples:\n"
            "  croupier convert ~/PokerStars/HandHistory -o hands.phhs --skip-errors\n"
            "  croupier convert hands.phhs -o hands.txt"
        ),
    )
    p_convert.add_argument(
        "paths", nargs="+", metavar="SRC", help="files, directories or globs to read"
    )
    p_convert.add_argument(
        "-o", "--output", required=True, metavar="OUT", help="the file to write (.phhs or .txt)"
    )
    p_convert.add_argument(
        "--skip-errors",
        action="store_true",
        help="leave out hands that cannot be read or replayed (counted, the first named)",
    )
    p_convert.add_argument(
        "--progress", action="store_true", help="show how many hands are done on stderr"
    )
    p_convert.set_defaults(func=convert.run)
    return parser
