"""What ``croupier replay`` prints for one hand: :func:`report` replays a hand
history and describes it street by street (text, or JSON).

The streets, the cards dealt, the draws and the showdown are the engine's
record of the hand (``Hand.events``, :mod:`croupier.events`); each player
action is put in words from what the player faced just before it (the replay's
watcher: the amount to call, their stack and bet, the largest bet).  Amounts
are the file's, written by :func:`croupier.actions.format_amount`.

>>> from croupier import phh
>>> fields = [
...     'variant = "NT"',
...     "antes = [0, 0]",
...     "blinds_or_straddles = [1, 2]",
...     "min_bet = 2",
...     "starting_stacks = [100, 100]",
...     'actions = ["d dh p1 AsKd", "d dh p2 7h2c", "p2 f"]',
... ]
>>> history = phh.loads("\\n".join(fields))
>>> print(report(history, 1).text())
NT: No-limit Texas Hold'em
players:
  p1  100
  p2  100
preflop
  p1 dealt AsKd
  p2 dealt 7h2c
  p2 folds
  pot 2
pots:
  main pot 2: p1
winnings:
  p1  2
payoffs:
  p1  +1
  p2  -1
finishing stacks:
  p1  101
  p2  99
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from croupier.actions import format_amount
from croupier.cards import card_texts
from croupier.events import CHIP_MOVES, EventKind

if TYPE_CHECKING:
    from croupier.actions import Action
    from croupier.events import Event
    from croupier.hand import Hand
    from croupier.phh import HandHistory

Money = Callable[[int], str]  # chips as the file writes them

__all__ = ["Report", "report"]

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
class Report:
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


@dataclass(frozen=True)
class _Faced:
    """What a player faced just before acting (shown to the replay's watcher)."""

    stack: int
    bet: int
    top: int  # the largest bet of the round
    first_stud_street: bool
    contributions: tuple[int, ...]


def _act(name: str, event: Event, faced: _Faced, bring_in: int, money: Money) -> _Act:
    """A player's action in words: what the engine recorded (``event``), with the
    chips it put in, measured against what the player faced."""
    kind = event.kind
    if kind is EventKind.FOLD or kind is EventKind.CHECK:
        return _Act(name, kind.value)
    if kind is EventKind.DRAW:  # the cards thrown away
        cards = card_texts(event.cards)
        return _Act(name, "discard", cards=cards) if cards else _Act(name, "stand_pat")
    assert event.amount is not None  # the seat's total bet in the round, after the action
    put = event.amount - faced.bet
    all_in = put == faced.stack
    if kind is EventKind.CALL:
        return _Act(name, "call", money(put), all_in=all_in)
    if kind is EventKind.BRING_IN:
        return _Act(name, "bring_in", money(put), all_in=all_in)
    if faced.first_stud_street and faced.top <= bring_in:
        return _Act(name, "complete", money(event.amount), all_in=all_in)
    return _Act(name, "bet" if faced.top == 0 else "raise", money(event.amount), all_in=all_in)


def report(history: HandHistory, number: int) -> Report:
    """Replay ``history`` once and describe it street by street.

    The engine's record of the hand gives the streets, the cards dealt (those
    shown later included), each action and the showdown; the replay shows
    each player action to a watcher just before it is played, for what the
    player faced (their stack and bet, the largest bet, the pot).
    """
    from croupier.replay import replay

    n = len(history.starting_stacks)
    names = list(history.players) if history.players else [f"p{k + 1}" for k in range(n)]
    unlimited = [s is None for s in history.starting_stacks]
    faced: list[_Faced] = []  # before each player action

    def watch(hand: Hand, seat: int, action: Action) -> None:
        first_stud_street = hand.game.is_stud and hand.street == hand.game.streets[0].name
        faced.append(
            _Faced(
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
        return format_amount(units, history.scale)

    def per_player(values: Sequence[int], stacks: bool = False) -> list[str]:
        return ["inf" if stacks and unlimited[p] else money(values[p]) for p in range(n)]

    # Walk the engine's record: each event names its street; a draw's
    # replacements are the deal that follows it.
    streets: list[_Street] = []
    showdown: list[_Act] = []
    pot = sum(faced[0].contributions if faced else hand.contributions)
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
            assert event.seat is not None
            name = names[player_of[event.seat]]
            streets[-1].actions.append(_act(name, event, faced[done], game.bring_in, money))
            done += 1  # the pot after it: the contributions before the next action
            pot = sum(faced[done].contributions if done < len(faced) else hand.contributions)
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
    return Report(
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
