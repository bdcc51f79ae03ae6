"""The ``croupier`` command line.

``croupier eval CARDS`` prints the value and description of a hand::

    $ croupier eval "As Ks Qs Js Ts 2c 3d"
    high 7462  Royal flush

``croupier replay FILE`` replays a PHH hand history (``.phh``, or every hand
of a ``.phhs`` file; ``--hand N`` picks one) and prints it street by street:
the cards dealt, each action in words, the pot after each street, then the
pots, the winnings and the net results (``--json``: one JSON document per
hand and per line, amounts as exact decimal strings)::

    $ croupier replay hand.phh
    NT: No-limit Texas hold 'em
    players:
      p1  100
      ...
    preflop
      p1 dealt AsKd
      p3 raises to 2.5
      ...

``croupier equity HAND HAND [HAND ...]`` prints the equity of each hand
(cards, or Hold'em ranges such as ``"TT+, AKs"``), exact or by Monte Carlo
(``--board``, ``--dead``, ``--game``, ``--exact``/``--samples``, ``--seed``,
``--threads``, ``--json``)::

    $ croupier equity AhKh QdQc --board 2c7d9h
    AhKh  equity  28.28%  win  28.28%  tie   0.00%
    QdQc  equity  71.72%  win  71.72%  tie   0.00%
    990 deals, exact

Errors (a missing or malformed file, an unsupported variant, an illegal
action in the file, bad cards or ranges, a card given twice) print one line
to stderr and exit with status 2, without a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Literal

from croupier import hands
from croupier.cards import card_texts, format_card, format_cards, parse_cards
from croupier.variants import Variant, playable, rules_of

Kind = Literal["high", "ace_to_five", "eight_or_better"]
KINDS: tuple[Kind, ...] = ("high", "ace_to_five", "eight_or_better")

TYPE_CHECKING = False
if TYPE_CHECKING:
    from croupier.games import Game
    from croupier.hand import Hand
    from croupier.phh import HandHistory
    from croupier.ranges import Range


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


# ------------------------------------------------------------------ replay

# Action codes (JSON) and their words (text).
_WORDS = {
    "fold": "folds",
    "check": "checks",
    "call": "calls",
    "bet": "bets",
    "raise": "raises to",
    "complete": "completes to",
    "bring_in": "brings in",
    "show": "shows",
    "muck": "mucks",
}


def _card_list(cards: Sequence[int | None]) -> list[str]:
    return card_texts(cards)


@dataclass
class _Act:
    """One action of the replayed hand, in words."""

    player: str
    action: str  # a key of _WORDS
    amount: str | None = None
    cards: list[str] | None = None
    all_in: bool = False

    def text(self) -> str:
        words = [self.player, _WORDS[self.action]]
        if self.amount is not None:
            words.append(self.amount)
        if self.cards is not None:
            words.append("".join(self.cards))
        if self.all_in:
            words.append("(all-in)")
        return " ".join(words)

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"player": self.player, "action": self.action}
        out["amount"] = self.amount
        if self.cards is not None:
            out["cards"] = self.cards
        out["all_in"] = self.all_in
        out["text"] = self.text()
        return out


@dataclass
class _Street:
    name: str
    hole: list[tuple[str, list[str]]] = field(default_factory=list)
    board: list[str] = field(default_factory=list)
    actions: list[_Act] = field(default_factory=list)
    pot: str = "0"

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "hole": [{"player": p, "cards": c} for p, c in self.hole],
            "board": self.board,
            "actions": [a.to_json() for a in self.actions],
            "pot": self.pot,
        }


@dataclass
class _Report:
    """What ``croupier replay`` prints for one hand."""

    number: int
    variant: str
    players: list[str]
    starting_stacks: list[str]
    streets: list[_Street]
    showdown: list[_Act]
    pots: list[tuple[str, list[str]]]
    winnings: list[str] | None
    payoffs: list[str] | None
    finishing_stacks: list[str] | None
    unsettled: bool

    def to_json(self) -> dict[str, object]:
        return {
            "hand": self.number,
            "variant": self.variant,
            "players": self.players,
            "starting_stacks": self.starting_stacks,
            "streets": [s.to_json() for s in self.streets],
            "showdown": [a.to_json() for a in self.showdown],
            "pots": [{"amount": a, "eligible": e} for a, e in self.pots],
            "winnings": self.winnings,
            "payoffs": self.payoffs,
            "finishing_stacks": self.finishing_stacks,
            "unsettled": self.unsettled,
        }

    def text(self) -> str:
        from croupier.phh import VARIANTS

        lines = [f"{self.variant}: {VARIANTS.get(self.variant, self.variant)}", "players:"]
        width = max(len(p) for p in self.players)
        for name, stack in zip(self.players, self.starting_stacks, strict=True):
            lines.append(f"  {name:<{width}}  {stack}")
        for street in self.streets:
            lines.append(street.name)
            for name, cards in street.hole:
                lines.append(f"  {name} dealt {''.join(cards)}")
            if street.board:
                lines.append(f"  board {''.join(street.board)}")
            lines.extend(f"  {a.text()}" for a in street.actions)
            lines.append(f"  pot {street.pot}")
        if self.showdown:
            lines.append("showdown")
            lines.extend(f"  {a.text()}" for a in self.showdown)
        lines.append("pots:")
        for k, (amount, eligible) in enumerate(self.pots):
            label = "main pot" if k == 0 else f"side pot {k}"
            lines.append(f"  {label} {amount}: {', '.join(eligible)}")
        if self.unsettled or self.winnings is None or self.payoffs is None:
            lines.append("result: unsettled (unknown cards)")
            return "\n".join(lines)
        lines.append("winnings:")
        for name, won in zip(self.players, self.winnings, strict=True):
            if Decimal(won) > 0:
                lines.append(f"  {name:<{width}}  {won}")
        lines.append("payoffs:")
        for name, net in zip(self.players, self.payoffs, strict=True):
            sign = "+" if Decimal(net) > 0 else ""
            lines.append(f"  {name:<{width}}  {sign}{net}")
        if self.finishing_stacks is not None:
            lines.append("finishing stacks:")
            for name, stack in zip(self.players, self.finishing_stacks, strict=True):
                lines.append(f"  {name:<{width}}  {stack}")
        return "\n".join(lines)


def _report(history: HandHistory, number: int) -> _Report:
    """Replay ``history`` once and describe it street by street.

    The replay shows each player action to a watcher just before it is
    played (what the player faced: the amount to call, their stack and bet,
    the pot); the engine's record of the hand then gives the streets, the
    cards dealt (those shown later included) and the showdown.
    """
    from croupier.actions import Action
    from croupier.replay import replay

    n = len(history.starting_stacks)
    names = list(history.players) if history.players else [f"p{k + 1}" for k in range(n)]
    unlimited = [s is None for s in history.starting_stacks]
    # Before each player action: (seat, action, to call, stack, bet, largest bet,
    # first stud street, contributions).
    seen: list[tuple[int, Action, int, int, int, int, bool, tuple[int, ...]]] = []

    def watch(hand: Hand, seat: int, action: Action) -> None:
        first_stud_street = hand.game.is_stud and hand.street == hand.game.streets[0].name
        seen.append(
            (
                seat,
                action,
                hand.to_call,
                hand.stacks[seat],
                hand.bets[seat],
                max(hand.bets),
                first_stud_street,
                hand.contributions,
            )
        )

    result = replay(history, watch=watch)
    hand, game = result.hand, result.hand.game
    player_of = {seat: player for player, seat in enumerate(result.seats)}

    def money(units: int) -> str:
        return str(history.to_decimal(units))

    def per_player(values: Sequence[int], stacks: bool = False) -> list[str]:
        return ["inf" if stacks and unlimited[p] else money(values[p]) for p in range(n)]

    acts: list[tuple[_Act, int]] = []  # each player action, and the pot after it
    for k, (seat, action, to_call, stack, bet, top, first_stud, before) in enumerate(seen):
        after = seen[k + 1][7] if k + 1 < len(seen) else hand.contributions
        name = names[player_of[seat]]
        if action.kind == "f":
            act = _Act(name, "fold")
        elif action.kind == "cc":
            if to_call:
                act = _Act(name, "call", money(to_call), all_in=to_call == stack)
            else:
                act = _Act(name, "check")
        elif action.kind == "pb":
            put = after[seat] - before[seat]
            act = _Act(name, "bring_in", money(put), all_in=put == stack)
        else:
            assert action.amount is not None
            if first_stud and top <= game.bring_in:
                what = "complete"
            else:
                what = "bet" if top == 0 else "raise"
            act = _Act(name, what, money(action.amount), all_in=action.amount - bet == stack)
        acts.append((act, sum(after)))

    # Walk what happened: a street begins with its deal lines (the hole cards
    # seat by seat, then the board), after the actions of the street before.
    streets: list[_Street] = []
    showdown: list[_Act] = []
    pot = sum(seen[0][7]) if seen else sum(hand.contributions)
    done, previous, last_seat = 0, "", n
    for entry in hand.actions:
        if entry.kind in ("dh", "db"):
            seat = entry.target if entry.target is not None else -1
            new = previous != "dh" or (entry.kind == "dh" and seat <= last_seat)
            if new:
                if streets:
                    streets[-1].pot = money(pot)
                k = len(streets)
                streets.append(_Street(game.streets[min(k, len(game.streets) - 1)].name))
            if entry.kind == "dh":
                streets[-1].hole.append((names[player_of[seat]], _card_list(entry.cards)))
                last_seat = seat
            else:
                streets[-1].board.extend(_card_list(entry.cards))
            previous = entry.kind
        elif entry.kind == "sm":
            assert entry.actor is not None
            who = names[player_of[entry.actor]]
            if entry.cards:
                showdown.append(_Act(who, "show", cards=_card_list(entry.cards)))
            else:
                showdown.append(_Act(who, "muck"))
            previous = "sm"
        else:
            act, pot = acts[done]
            done += 1
            streets[-1].actions.append(act)
            previous = entry.kind
    if streets:
        streets[-1].pot = money(pot)
    if hand.unsettled:
        # No showdown was settled: what the file says was shown.
        for action in history.actions:
            if action.kind == "sm" and action.actor is not None:
                who = names[action.actor]
                if action.cards:
                    showdown.append(_Act(who, "show", cards=_card_list(action.cards)))
                else:
                    showdown.append(_Act(who, "muck"))

    settled = result.payoffs is not None and result.winnings is not None
    return _Report(
        number=number,
        variant=history.variant,
        players=names,
        starting_stacks=per_player(result.starting_stacks, stacks=True),
        streets=streets,
        showdown=showdown,
        pots=[(money(p.amount), [names[player_of[s]] for s in p.eligible]) for p in hand.pots],
        winnings=per_player(result.winnings) if result.winnings is not None else None,
        payoffs=per_player(result.payoffs) if result.payoffs is not None else None,
        finishing_stacks=per_player(result.stacks, stacks=True) if settled else None,
        unsettled=not settled,
    )


def _replay(args: argparse.Namespace) -> int:
    from croupier import phh

    path: str = args.file
    try:
        histories = phh.load_all(path) if path.endswith(".phhs") else [phh.load(path)]
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None
    numbers = list(range(1, len(histories) + 1))
    if args.hand is not None:
        if not 1 <= args.hand <= len(histories):
            raise ValueError(f"--hand {args.hand}: {path} has {len(histories)} hand(s)")
        numbers = [args.hand]
    for k, number in enumerate(numbers):
        try:
            report = _report(histories[number - 1], number)
        except ValueError as exc:
            where = f"{path}, hand {number}" if len(histories) > 1 else path
            raise ValueError(f"{where}: {exc}") from None
        if args.json:
            print(json.dumps(report.to_json()))
        else:
            if k:
                print()
            if len(histories) > 1:
                print(f"hand {number}")
            print(report.text())
    return 0


# ------------------------------------------------------------------ equity


_HOLDEM = rules_of(Variant.TEXAS_HOLDEM).command  # the default --game


def _games() -> dict[str, Variant]:
    """The ``--game`` choices of ``equity`` and ``simulate``: every variant croupier deals."""
    return {rules_of(v).command: v for v in playable()}


def _game(name: str) -> Game:
    """The game of ``--game NAME`` in its usual structure (blinds 1/2 and bets 2/4, or
    antes 1, bring-in 1 and bets 2/4; the structure does not matter for equity)."""
    from croupier.games import game

    variant = _games()[name]
    if rules_of(variant).is_stud:
        return game(variant, antes=1, bring_in=1, bets=(2, 4))
    return game(variant, blinds=(1, 2), bets=(2, 4) if rules_of(variant).usual == "F" else None)


def _equity_hand(text: str, number: int, hole: int) -> tuple[str, list[int] | Range]:
    """The label and the cards (or the Hold'em range) of hand ``number``."""
    from croupier.ranges import parse_range

    try:
        cards = parse_cards(text)
    except ValueError as exc:
        if hole != 2:
            raise ValueError(f"hand {number} {text!r}: {exc}") from None
        try:
            return " ".join(text.split()), parse_range(text)
        except ValueError as exc:
            raise ValueError(f"hand {number} {text!r}: {exc}") from None
    if hole and len(cards) != hole:
        raise ValueError(f"hand {number} {text!r} has {len(cards)} cards; the game deals {hole}")
    return "".join(format_card(c) for c in cards), cards


def _progress_bar(done: int, total: int) -> None:
    """A one-line progress bar on stderr, redrawn in place."""
    width = 30
    filled = width * done // max(total, 1)
    print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done:,} deals", end="", file=sys.stderr)
    sys.stderr.flush()


def _percent(x: float) -> str:
    return f"{100 * x:6.2f}%"


def _equity(args: argparse.Namespace) -> int:
    from croupier._equity import equity

    if len(args.hands) < 2:
        raise ValueError(f"equity needs at least two hands, got {len(args.hands)}")
    if args.samples is not None and args.samples < 1:
        raise ValueError(f"--samples must be positive, got {args.samples}")
    if args.threads is not None and args.threads < 1:
        raise ValueError(f"--threads must be positive, got {args.threads}")
    if args.seed is not None and args.seed < 0:
        raise ValueError(f"--seed must be non-negative, got {args.seed}")
    if args.exact and args.stderr is not None:
        raise ValueError("--stderr is a Monte Carlo target: it does not go with --exact")
    game = _game(args.game)
    # Stud hands are the cards a player holds so far (1 to 7): no fixed count.
    hole = 0 if game.is_stud else game.streets[0].hole
    parsed = [_equity_hand(text, k + 1, hole) for k, text in enumerate(args.hands)]
    labels = [label for label, _ in parsed]
    board: list[int] = []
    dead: list[int] = []
    for option, text, cards in (("--board", args.board, board), ("--dead", args.dead, dead)):
        try:
            cards.extend(parse_cards(text))
        except ValueError as exc:
            raise ValueError(f"{option} {text!r}: {exc}") from None
    result = equity(
        game,
        [h for _, h in parsed],
        board,
        dead,
        exact=True if args.exact else None,
        samples=args.samples,
        stderr=args.stderr,
        seed=args.seed,
        threads=args.threads,
        progress=_progress_bar if args.progress else None,
    )
    if args.progress:
        print(file=sys.stderr)
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
        print(f"{result.deals} deals, Monte Carlo, ±{100 * max(result.stderr):.2f}% (std. error)")
    return 0


# ------------------------------------------------------------------ parser


def _simulate(args: argparse.Namespace) -> int:
    from croupier._simulation import simulate

    if not 2 <= args.players <= 10:
        raise ValueError(f"--players must be 2 to 10, got {args.players}")
    if args.stack < 1:
        raise ValueError(f"--stack must be positive, got {args.stack}")
    result = simulate(
        _game(args.game),
        args.hands,
        [args.stack] * args.players,
        policy=args.policy,
        seed=args.seed,
    )
    if args.json:
        document = {
            "game": args.game,
            "policy": args.policy,
            "hands": result.hands,
            "seed": args.seed,
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
        f"{result.hands} hands in {result.seconds:.2f} s ({result.hands_per_second:,.0f} hands/s)"
    )
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

    p_replay = sub.add_parser(
        "replay",
        help="replay a PHH hand history street by street",
        description=(
            "Replay a PHH hand history (.phh, or every hand of a .phhs file) and print "
            "the cards dealt, each action, the pot after each street, the pots, the "
            "winnings and the net results. Amounts are in the file's units."
        ),
    )
    p_replay.add_argument("file", help="a .phh file, or a .phhs file of several hands")
    p_replay.add_argument(
        "--hand", type=int, metavar="N", help="replay only hand N (1-based) of a .phhs file"
    )
    p_replay.add_argument(
        "--json", action="store_true", help="print one JSON document per hand (one per line)"
    )
    p_replay.set_defaults(func=_replay)

    p_equity = sub.add_parser(
        "equity",
        help="equity of two or more hands or Hold'em ranges",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Print each hand's equity (its expected share of the pot), how often it wins\n"
            "alone and how often it ties, and in hi/lo games its shares from the high and\n"
            "the low halves. Every deal is enumerated when there are at most 2,000,000 of\n"
            "them, in Hold'em for any hands and for ranges of up to 1,000 pre-flop\n"
            "match-ups after grouping those alike up to suits (or with --exact); else\n"
            "deals are sampled (Monte Carlo, with the standard error)."
        ),
        epilog=(
            "examples:\n"
            "  croupier equity AhKh QdQc --board 2c7d9h\n"
            '  croupier equity "TT+, AKs" AhKh --samples 50000 --seed 1\n'
            "  croupier equity As2d3cKh4s QdQc8h9hTs --game courchevel --board 5c"
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
        choices=tuple(_games()),
        default=_HOLDEM,
        help="the game (default: holdem); in stud games a hand is the cards held so far",
    )
    how = p_equity.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every deal")
    how.add_argument("--samples", type=int, metavar="N", help="sample N deals (Monte Carlo)")
    p_equity.add_argument(
        "--stderr",
        type=float,
        metavar="E",
        help="sample until every standard error is at most E (capped by --samples)",
    )
    p_equity.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    p_equity.add_argument("--seed", type=int, metavar="S", help="seed of the Monte Carlo deals")
    p_equity.add_argument(
        "--threads", type=int, metavar="T", help="threads to use (default: every core)"
    )
    p_equity.add_argument("--json", action="store_true", help="print one JSON document")
    p_equity.set_defaults(func=_equity)

    p_sim = sub.add_parser(
        "simulate",
        help="play many hands with a policy",
        description=(
            "Play HANDS hands with a built-in policy (check-down, random legal actions, or\n"
            "all-in) and print each seat's net chips, hands won, and the speed. Hand k is\n"
            "dealt from seed + k, so a run repeats exactly."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example:\n  croupier simulate --game razz --players 8 --hands 10000 --seed 1",
    )
    p_sim.add_argument(
        "--game", choices=tuple(_games()), default=_HOLDEM, help=f"(default: {_HOLDEM})"
    )
    p_sim.add_argument("--players", type=int, default=6, help="seats (default: 6)")
    p_sim.add_argument("--hands", type=int, default=1000, help="hands to play (default: 1000)")
    p_sim.add_argument("--stack", type=int, default=200, help="chips each (default: 200)")
    p_sim.add_argument(
        "--policy",
        choices=("check-down", "random", "all-in"),
        default="random",
        help="how every player acts (default: random)",
    )
    p_sim.add_argument("--seed", type=int, default=0, help="seed of the first hand (default: 0)")
    p_sim.add_argument("--json", action="store_true", help="print one JSON document")
    p_sim.set_defaults(func=_simulate)
    return parser


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        text = exc.strerror if exc.filename is None else f"{exc.strerror}: {exc.filename}"
    else:
        text = str(exc) or type(exc).__name__
    return " ".join(text.split())


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
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (``croupier replay big.phhs | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except (ValueError, OSError) as exc:
        print(f"croupier: error: {_one_line(exc)}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
