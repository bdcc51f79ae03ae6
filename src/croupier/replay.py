"""Replay a PHH hand history on croupier's betting-state machine.

``replay(history)`` builds the game the file describes, deals the cards it
records, plays every action through :class:`croupier.Hand` (so an action the
rules forbid raises :class:`croupier.IllegalAction`) and returns the hand,
finished when the file is complete.

Choices (PHH leaves them to the reader):

* Player ``pK`` sits at seat ``K - 1`` (seats count from the left of the
  button).  Heads-up, PHH lists the blinds as ``[small, big]`` but the button
  posts the small blind: the player posting the smaller blind is put on the
  button seat (seat 1), whatever its ``pK``.
* An unlimited stack (``inf``) plays as ``UNLIMITED`` chips.
* Unknown cards (``??``) stay unknown unless the player shows them later
  (``sm``); a showdown that depends on an unknown card leaves the hand
  ``unsettled`` (payoffs ``None``), never guessed.
* Hole and board cards are checked against what the engine deals; ``sm``
  lines are accepted after the hand is settled (cards speak).
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.errors import IllegalAction
from croupier.games import Game, TexasHoldem
from croupier.hand import UNKNOWN, Hand
from croupier.structures import FIXED_LIMIT, NO_LIMIT, POT_LIMIT, Structure

TYPE_CHECKING = False
if TYPE_CHECKING:
    from croupier.phh import HandHistory

__all__ = ["UNLIMITED", "game_for", "replay", "seats_for"]

UNLIMITED = 10**17
"""Chips given to a player whose PHH stack is ``inf``."""

HOLDEM_VARIANTS: dict[str, Structure] = {"NT": NO_LIMIT, "PT": POT_LIMIT, "FT": FIXED_LIMIT}


def seats_for(history: HandHistory) -> list[int]:
    """The seat of each PHH player (index ``K - 1`` of ``pK``)."""
    n = len(history.starting_stacks)
    blinds = history.blinds_or_straddles
    if n == 2 and blinds is not None and blinds[1] < blinds[0]:
        return [1, 0]  # p1 posts the small blind (PHH lists heads-up blinds reversed)
    return list(range(n))


def _per_seat(values: Sequence[int], seat_of: Sequence[int]) -> tuple[int, ...]:
    out = [0] * len(seat_of)
    for player, seat in enumerate(seat_of):
        out[seat] = values[player]
    return tuple(out)


def game_for(history: HandHistory) -> tuple[Game, list[int]]:
    """The :class:`Game` a hand history describes, and the seat of each player."""
    variant = history.variant
    structure = HOLDEM_VARIANTS.get(variant)
    if structure is None:
        raise ValueError(f"variant {variant!r} cannot be replayed yet")
    n = len(history.starting_stacks)
    seat_of = seats_for(history)
    blinds = history.blinds_or_straddles or (0,) * n
    if n == 2:
        # PHH heads-up: player 1 posts the second entry, player 2 the first.
        blinds = (blinds[1], blinds[0])
    seat_blinds = _per_seat(blinds, seat_of)
    antes = _per_seat(history.antes, seat_of)
    bets = None
    if structure is FIXED_LIMIT:
        if history.small_bet is None or history.big_bet is None:
            raise ValueError("a fixed-limit hand needs small_bet and big_bet")
        bets = (history.small_bet, history.big_bet)
    opening = history.min_bet if structure is not FIXED_LIMIT else None
    game = TexasHoldem(
        structure,
        antes=antes,
        seat_blinds=seat_blinds,
        opening_bet=opening or None,
        bets=bets,
    )
    return game, seat_of


def _deck(history: HandHistory, game: Game, seat_of: Sequence[int]) -> list[int]:
    """The engine's dealing order filled with the cards the history records."""
    n = len(seat_of)
    holes: list[list[int]] = [[] for _ in range(n)]
    shown: dict[int, list[int]] = {}
    board: list[int] = []
    for action in history.actions:
        cards = [UNKNOWN if c is None else c for c in action.cards]
        if action.kind == "dh" and action.target is not None:
            holes[seat_of[action.target]].extend(cards)
        elif action.kind == "db":
            board.extend(cards)
        elif action.kind == "sm" and action.actor is not None and cards:
            shown[seat_of[action.actor]] = cards
    for seat, cards in shown.items():
        hole = holes[seat]
        if len(cards) == len(hole):
            for k, (dealt, seen) in enumerate(zip(hole, cards, strict=True)):
                if dealt == UNKNOWN:
                    hole[k] = seen
                elif seen not in (dealt, UNKNOWN) and sorted(hole) != sorted(cards):
                    raise ValueError(f"seat {seat} shows {cards} but was dealt {hole}")
    per_street_hole = [s.hole for s in game.streets]
    per_street_board = [s.board for s in game.streets]
    deck: list[int] = []
    taken = [0] * n
    b = 0
    for hole_count, board_count in zip(per_street_hole, per_street_board, strict=True):
        for seat in range(n):
            for _ in range(hole_count):
                deck.append(holes[seat][taken[seat]] if taken[seat] < len(holes[seat]) else UNKNOWN)
                taken[seat] += 1
        for _ in range(board_count):
            deck.append(board[b] if b < len(board) else UNKNOWN)
            b += 1
    return deck


def replay(history: HandHistory) -> Hand:
    """Play a hand history's actions and return the hand (finished if the file is).

    Raises :class:`croupier.IllegalAction` (naming the action) for an action the
    rules do not allow, ``ValueError`` for a history that cannot be set up.
    """
    game, seat_of = game_for(history)
    stacks = [UNLIMITED if s is None else s for s in history.starting_stacks]
    hand = game.start(list(_per_seat(stacks, seat_of)), deck=_deck(history, game, seat_of))
    for index, action in enumerate(history.actions):
        if action.actor is None or action.kind == "sm":
            continue  # dealing (done from the deck) and showing (cards speak)
        seat = seat_of[action.actor]
        where = f"action {index} ({action.to_text(scale=history.scale)})"
        if hand.actor != seat:
            raise IllegalAction(f"{where}: it is not seat {seat}'s turn (actor: {hand.actor})")
        try:
            if action.kind == "f":
                hand.fold()
            elif action.kind == "cc":
                hand.check_or_call()
            elif action.kind == "cbr":
                assert action.amount is not None
                hand.raise_to(action.amount)
            else:
                raise IllegalAction(f"{where}: {action.kind!r} is not an action of this game")
        except IllegalAction as exc:
            raise IllegalAction(f"{where}: {exc}") from None
    return hand
