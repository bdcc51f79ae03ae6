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
(``--board``, ``--dead``, ``--game``, ``--exact``/``--samples``/``--stderr``,
``--seed``, ``--threads``, ``--scheduler``, ``--progress``, ``--json``)::

    $ croupier equity AhKh QdQc --board 2c7d9h
    AhKh  equity  28.28%  win  28.28%  tie   0.00%
    QdQc  equity  71.72%  win  71.72%  tie   0.00%
    990 deals, exact

``croupier simulate`` plays many hands with a built-in policy and prints each
seat's net chips and hands won.  ``croupier stats PATHS...`` replays hand
histories (files, directories, globs) and prints a table of each player's
statistics (``croupier.statistics``, defined in docs/stats.md; ``--player``,
``--json``/``--csv``, ``--skip-errors``, ``--jobs N`` processes).
``croupier --version`` prints the version.

**Exit status.**  0: done.  2: the command could not run as asked, with one
line on stderr and no traceback: a usage error (an unknown option or game,
``--samples``/``--threads``/``--hands`` outside their bounds, not a number),
bad cards or ranges, a card given twice, a missing, malformed or illegal hand
history, an unsupported variant, ``--scheduler`` without Dask installed or a
scheduler that cannot be reached (a malformed address or a refused port at
once, a port that does not answer after 5 s).  Error lines quote at most a
short excerpt of the input (500 characters in all).  1: stdout was closed
early (``croupier replay big.phhs | head``).  130: interrupted (Ctrl-C): the
work stops, one line ``croupier: interrupted`` is printed, and the program
ends at once (``os._exit`` after flushing its output, so that no thread still
finishing a chunk holds the exit up; a second Ctrl-C changes nothing;
``main(argv)`` called from Python returns 130 instead).  The same while the
command is still starting (``croupier._sigint``), and ``stats --jobs N``
leaves nothing running: its workers ignore Ctrl-C and are killed, its
forkserver and resource tracker end with it (``croupier._cli_run.processes``).

**Seeds.**  A Monte Carlo ``equity`` run and every ``simulate`` run use a seed:
``--seed S``, or one drawn at random when none is given.  The seed used is
printed (the last line of text, and ``"seed"`` in ``--json``; ``null`` for an
exact equity), so any run can be repeated with ``--seed``.  With a seed the
result does not depend on ``--threads`` or ``--scheduler``.

**Progress.**  ``--progress`` (``equity``, ``simulate``, ``replay``, ``stats``) shows how
far a run is on stderr, and ends at 100 %: on a terminal one line redrawn in
place, elsewhere (a file, a pipe) no redraws, a plain line every 10 s at most
and a last one (``croupier._cli_run``).  Exact and fixed-size Monte Carlo
equity runs count their chunks as they finish (on an executor of the
command's own, or Dask's), ``--stderr`` runs report the library's rounds
(deals done of deals planned), ``simulate`` and ``replay`` count hands,
``stats`` the bytes of its files.

**Dask.**  ``equity`` and ``simulate`` take ``--scheduler ADDRESS``
(``tcp://host:8786``): the work goes to that cluster through its
``concurrent.futures`` executor (``pip install "croupier[dask]"``), with the
same result as a local run.

**ASCII.**  When stdout cannot encode ``±`` (``PYTHONIOENCODING=ascii``, an
ASCII locale), the standard error is written ``+/-`` and any other character
the stream cannot encode (a player's name in a hand history) is written as a
backslash escape instead of failing.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from contextlib import nullcontext, suppress
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Literal, NoReturn

import croupier
from croupier import hands
from croupier._cli_run import (
    UsageError,
    ascii_safe,
    cluster,
    counted,
    one_line,
    plus_minus,
    processes,
    progress,
)
from croupier.cards import card_texts, format_card, format_cards, parse_cards
from croupier.events import CHIP_MOVES, EventKind
from croupier.variants import Variant, playable, rules_of

if TYPE_CHECKING:
    from croupier.games import Game
    from croupier.hand import Hand
    from croupier.phh import HandHistory
    from croupier.ranges import Range

Kind = Literal["high", "ace_to_five", "eight_or_better"]
KINDS: tuple[Kind, ...] = ("high", "ace_to_five", "eight_or_better")

EXIT_PIPE = 1  # stdout closed early
EXIT_USAGE = 2  # bad arguments or input: one line on stderr
EXIT_INTERRUPTED = 130  # Ctrl-C (128 + SIGINT)

# Bounds of the numeric options (a larger value is a usage error, not a run of years).
MAX_SAMPLES = 10**12
MAX_THREADS = 1024  # the library uses at most the cores the process may run on
MAX_HANDS = 10**12


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
    "discard": "discards",
    "stand_pat": "stands pat",
    "draw": "draws",
}


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
    rake: str | None = None  # the house's chips (docs/rules.md §6.10), when any were taken

    def to_json(self) -> dict[str, object]:
        rake: dict[str, object] = {} if self.rake is None else {"rake": self.rake}
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
            **rake,
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
        if self.rake is not None:
            lines.append(f"rake: {self.rake}")
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
        elif action.kind == "sd":
            cards = card_texts(action.cards)
            act = _Act(name, "discard", cards=cards) if cards else _Act(name, "stand_pat")
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

    # Walk the engine's record: each event names its street; a draw's
    # replacements are the deal that follows it.
    streets: list[_Street] = []
    showdown: list[_Act] = []
    pot = sum(seen[0][7]) if seen else sum(hand.contributions)
    done, current, run = 0, -1, ""
    previous: EventKind | None = None
    for event in hand.events:
        kind = event.kind
        if kind in CHIP_MOVES:  # shown as the pots, the rake and the winnings
            continue
        if kind is EventKind.RUN:  # the board run out again: its streets follow
            run, current = f" (run {event.amount})", -1
            continue
        if kind is EventKind.SHOW or kind is EventKind.MUCK:
            assert event.seat is not None
            who = names[player_of[event.seat]]
            cards = card_texts(event.cards)
            showdown.append(_Act(who, "show", cards=cards) if cards else _Act(who, "muck"))
            previous = kind
            continue
        if event.street != current:
            if streets:
                streets[-1].pot = money(pot)
            streets.append(_Street(game.streets[event.street].name + run))
            current = event.street
        if kind is EventKind.DEAL_HOLE:
            assert event.seat is not None
            who = names[player_of[event.seat]]
            if previous is EventKind.DRAW:
                streets[-1].actions.append(_Act(who, "draw", cards=card_texts(event.cards)))
            else:
                streets[-1].hole.append((who, card_texts(event.cards)))
        elif kind is EventKind.DEAL_BOARD:
            streets[-1].board.extend(card_texts(event.cards))
        else:  # a player's action, in the order the watcher saw them
            act, pot = acts[done]
            done += 1
            streets[-1].actions.append(act)
        previous = kind
    if streets:
        streets[-1].pot = money(pot)
    if hand.unsettled:
        # No showdown was settled: what the file says was shown.
        for action in history.actions:
            if action.kind == "sm" and action.actor is not None:
                who = names[action.actor]
                if action.cards:
                    showdown.append(_Act(who, "show", cards=card_texts(action.cards)))
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
        rake=money(hand.rake) if settled and hand.rake else None,
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
    with progress(args.progress, "hands") as bar:
        for k, number in enumerate(numbers):
            try:
                report = _report(histories[number - 1], number)
            except ValueError as exc:
                where = f"{path}, hand {number}" if len(histories) > 1 else path
                raise ValueError(f"{where}: {exc}") from None
            if bar is not None:
                bar.clear()  # stdout may be the same terminal
            if args.json:
                print(json.dumps(report.to_json()))
            else:
                if k:
                    print()
                if len(histories) > 1:
                    print(f"hand {number}")
                print(report.text())
            if bar is not None:
                sys.stdout.flush()
                bar.update(k + 1, len(numbers))
        if bar is not None:
            bar.finish()
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


def _percent(x: float) -> str:
    return f"{100 * x:6.2f}%"


def _seed(given: int | None) -> int:
    """``--seed``, or a seed drawn from the OS (32 bits: short to type again)."""
    return given if given is not None else int.from_bytes(os.urandom(4), "little")


def _equity(args: argparse.Namespace) -> int:
    from croupier._equity import equity

    if len(args.hands) < 2:
        raise ValueError(f"equity needs at least two hands, got {len(args.hands)}")
    if args.exact and args.stderr is not None:
        raise UsageError("--stderr is a Monte Carlo target: it does not go with --exact")
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


def _simulate(args: argparse.Namespace) -> int:
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


# ------------------------------------------------------------------ stats

# The text table: heading, width, the PlayerStats property (or field) shown.
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


def _exact_decimal(value: Fraction) -> Decimal | None:
    """``value`` as an exact Decimal when its denominator is a power of ten's divisor."""
    d = value.denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1:
        return None
    places = max(twos, fives)
    return Decimal(value.numerator * 10**places // value.denominator).scaleb(-places)


def _money_text(value: Fraction, places: int = MONEY_PLACES) -> str:
    """An amount as text: exact when it is a decimal number, else rounded to ``places``."""
    exact = _exact_decimal(value)
    if exact is not None:
        return format(exact.normalize() if exact else Decimal(0), "f")
    rounded = round(value, places)
    return format(Decimal(rounded.numerator) / Decimal(rounded.denominator), f".{places}f")


def _stats_cell(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, Fraction):
        return _money_text(value, 2)
    if isinstance(value, float):
        return f"{value:.1f}"
    return f"{value:,}" if isinstance(value, int) else str(value)


def _stats_record(record: dict[str, object]) -> dict[str, object]:
    """A record for JSON and CSV: amounts as decimal strings (exact when they are)."""
    return {k: _money_text(v) if isinstance(v, Fraction) else v for k, v in record.items()}


def _stats(args: argparse.Namespace) -> int:
    from croupier.statistics import stats

    jobs: int = args.jobs
    errors: Literal["raise", "skip"] = "skip" if args.skip_errors else "raise"
    with progress(args.progress, "") as bar:
        # --jobs N: N worker processes, killed on an error or Ctrl-C (nothing outlives
        # the command: croupier._cli_run.processes).
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


# ------------------------------------------------------------------ parser


class _Parser(argparse.ArgumentParser):
    """argparse, with each usage error on one line: ``croupier equity: error: ...``."""

    def error(self, message: str) -> NoReturn:
        text = " ".join(message.split())
        self.exit(EXIT_USAGE, f"{self.prog}: error: {text} (see '{self.prog} --help')\n")


def _integer(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: an integer from ``low`` to ``high`` (no bound when None)."""

    def parse(text: str) -> int:
        bounds = f"from {low:,} to {high:,}" if high is not None else f"of at least {low:,}"
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < low or (high is not None and value > high):
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


def _add_run_options(p: argparse.ArgumentParser, what: str) -> None:
    """``--progress`` and ``--scheduler``, shared by ``equity`` and ``simulate``."""
    p.add_argument("--progress", action="store_true", help=f"show how far the {what} is on stderr")
    p.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on this Dask cluster (tcp://host:8786; needs croupier[dask])",
    )


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
    p_replay.add_argument(
        "--progress", action="store_true", help="show how many hands are done on stderr"
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
            "deals are sampled (Monte Carlo, with the standard error and the seed used)."
        ),
        epilog=(
            "examples:\n"
            "  croupier equity AhKh QdQc --board 2c7d9h\n"
            '  croupier equity "TT+, AKs" AhKh --samples 50000 --seed 1\n'
            "  croupier equity As2d3cKh4s QdQc8h9hTs --game courchevel --board 5c\n"
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
        choices=tuple(_games()),
        default=_HOLDEM,
        help="the game (default: holdem); in stud games a hand is the cards held so far",
    )
    how = p_equity.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", help="enumerate every deal")
    how.add_argument(
        "--samples",
        type=_integer(1, MAX_SAMPLES),
        metavar="N",
        help="sample N deals (Monte Carlo; at most 10**12)",
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
    _add_run_options(p_equity, "run")
    p_equity.add_argument("--json", action="store_true", help="print one JSON document")
    p_equity.set_defaults(func=_equity)

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
        "--game", choices=tuple(_games()), default=_HOLDEM, help=f"(default: {_HOLDEM})"
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
    _add_run_options(p_sim, "simulation")
    p_sim.add_argument("--json", action="store_true", help="print one JSON document")
    p_sim.set_defaults(func=_simulate)

    p_stats = sub.add_parser(
        "stats",
        help="player statistics of PHH hand histories",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Replay PHH hand histories and print each player's statistics: hands, VPIP,\n"
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
        "paths", nargs="+", metavar="PATH", help=".phh or .phhs files, directories or globs"
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
    p_stats.set_defaults(func=_stats)
    return parser


def _on_sigint(signum: int, frame: object) -> None:
    """The program's Ctrl-C: later ones are ignored (the first one is already
    stopping everything), then ``KeyboardInterrupt`` as usual."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def _release_semaphores() -> None:
    """Run multiprocessing's exit-time clean-up that ``os._exit`` skips.

    ``stats --jobs`` made a process pool whose queues hold five named
    semaphores; each is unlinked by a finalizer that runs when its object is
    collected or at a normal exit.  Without this, whether they had been
    collected before ``os._exit`` was a race, and multiprocessing's resource
    tracker, outliving the program, printed "5 leaked semaphore objects" after
    ``croupier: interrupted`` (seen on a loaded CI machine).  The finalizers
    run here are the ones a normal exit runs first (priority 0 and above:
    unlink the semaphores, tell the tracker, close the queues); none of them
    waits for a process or a thread.
    """
    util = sys.modules.get("multiprocessing.util")
    run = getattr(util, "_run_finalizers", None)
    if callable(run):
        with suppress(Exception):
            run(0)


def _interrupted(program: bool) -> int:
    """Ctrl-C: one line, status 130; the program itself ends at once."""
    with suppress(OSError, ValueError):
        sys.stdout.flush()
    print("croupier: interrupted", file=sys.stderr)
    sys.stderr.flush()
    if program:
        # Worker threads may still be finishing a chunk (or draining a queue):
        # nothing of theirs is wanted now, so do not wait for them.
        _release_semaphores()
        os._exit(EXIT_INTERRUPTED)
    return EXIT_INTERRUPTED


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (``argv``, else ``sys.argv[1:]``); returns the exit status.

    >>> main(["eval", "As Ks Qs Js Ts 2c 3d"])
    high 7462  Royal flush
    0
    """
    program = argv is None
    args_given = sys.argv[1:] if argv is None else list(argv)
    if program:
        import signal

        with suppress(ValueError):  # not the main thread: keep Python's handler
            signal.signal(signal.SIGINT, _on_sigint)
    try:
        ascii_safe(sys.stdout)
        parser = build_parser()
        if not args_given:
            parser.print_usage(sys.stderr)
        args = parser.parse_args(args_given)
        status: int = args.func(args)
        sys.stdout.flush()
    except SystemExit as exc:  # argparse: --help, --version, a usage error
        if exc.code is None:
            return 0
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    except KeyboardInterrupt:
        return _interrupted(program)
    except BrokenPipeError:
        # The reader went away (``croupier replay big.phhs | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_PIPE
    except (ValueError, OverflowError, OSError) as exc:
        print(f"croupier: error: {one_line(exc)}", file=sys.stderr)
        return EXIT_USAGE
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
