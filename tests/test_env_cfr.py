"""CFR on croupier's information-state keys: Kuhn poker and Leduc hold'em reach their values.

The game tree is built once by replaying action sequences on the engine, deal
by deal (every ordering of the cards that are dealt); the betting tree is the
same for every deal, so CFR+ runs on it with numpy vectors over the deals.
Published values for the first player: Kuhn -1/18 (Kuhn 1950), Leduc about
-0.0856 (OpenSpiel's CFR solutions).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from croupier import KuhnPoker, LeducHoldem
from croupier.env import info_state
from croupier.games import Game
from croupier.hand import Hand

STACKS = [100, 100]
Vector = npt.NDArray[np.float64]


def legal(hand: Hand) -> list[str]:
    moves = ["f"] if hand.to_call > 0 else []
    moves.append("c")
    if hand.can_raise:
        moves.append("r")
    return moves


def replay(game: Game, deck: tuple[int, ...], moves: tuple[str, ...]) -> Hand:
    hand = game.start(STACKS, deck=list(deck))
    for move in moves:
        if move == "f":
            hand.fold()
        elif move == "c":
            hand.check_or_call()
        else:
            assert hand.min_raise_to is not None
            hand.raise_to(hand.min_raise_to)
    return hand


@dataclass
class Node:
    player: int
    infosets: npt.NDArray[np.int64]  # per deal
    children: list[Node | Vector]  # a terminal: player 0's payoff per deal


def build(game: Game) -> tuple[Node, int]:
    dealt = sum(s.hole * 2 + s.board for s in game.streets)
    decks = list(itertools.permutations(game.deck, dealt))
    keys: dict[tuple[int, str], int] = {}

    def expand(moves: tuple[str, ...]) -> Node | Vector:
        hands = [replay(game, deck, moves) for deck in decks]
        if hands[0].is_over:
            assert all(h.is_over for h in hands)
            return np.array([h.payoffs[0] for h in hands if h.payoffs], dtype=np.float64)
        player = hands[0].actor
        assert player is not None and all(h.actor == player for h in hands)
        moves_here = legal(hands[0])
        assert all(legal(h) == moves_here for h in hands)
        ids = [keys.setdefault((player, info_state(h, player)), len(keys)) for h in hands]
        children = [expand((*moves, m)) for m in moves_here]
        return Node(player, np.array(ids), children)

    root = expand(())
    assert isinstance(root, Node)
    return root, len(keys)


def strategy(regrets: Vector, ids: npt.NDArray[np.int64], k: int) -> Vector:
    positive = np.maximum(regrets[ids, :k], 0.0)
    total = positive.sum(axis=1, keepdims=True)
    return np.where(total > 0, positive / np.where(total > 0, total, 1.0), 1.0 / k)


def solve(game: Game, iterations: int) -> float:
    """CFR+ (alternating updates, linear averaging); player 0's value of the average strategy."""
    root, n = build(game)
    regrets = np.zeros((n, 3))
    average = np.zeros((n, 3))

    def walk(node: Node | Vector, me: int, mine: Vector, theirs: Vector, weight: float) -> Vector:
        if not isinstance(node, Node):
            return node if me == 0 else -node
        k = len(node.children)
        probs = strategy(regrets, node.infosets, k)
        if node.player != me:
            return sum(
                probs[:, a] * walk(child, me, mine, theirs * probs[:, a], weight)
                for a, child in enumerate(node.children)
            )
        values = np.stack(
            [walk(c, me, mine * probs[:, a], theirs, weight) for a, c in enumerate(node.children)],
            axis=1,
        )
        value = (probs * values).sum(axis=1)
        regret = (values - value[:, None]) * theirs[:, None]
        np.add.at(increments, (node.infosets, slice(0, k)), regret)
        np.add.at(average, (node.infosets, slice(0, k)), weight * mine[:, None] * probs)
        return value

    ones = np.ones(len(root.infosets))
    for t in range(1, iterations + 1):
        for me in (0, 1):
            increments = np.zeros_like(regrets)
            walk(root, me, ones, ones, float(t))
            regrets = np.maximum(regrets + increments, 0.0)

    def value(node: Node | Vector) -> Vector:
        if not isinstance(node, Node):
            return node
        k = len(node.children)
        sums = average[node.infosets, :k]
        probs = sums / sums.sum(axis=1, keepdims=True)
        return sum(probs[:, a] * value(c) for a, c in enumerate(node.children))

    return float(value(root).mean())


def test_kuhn_cfr_reaches_minus_one_eighteenth() -> None:
    assert abs(solve(KuhnPoker(), 400) - (-1 / 18)) < 0.002


def test_leduc_cfr_reaches_its_published_value() -> None:
    assert abs(solve(LeducHoldem(), 500) - (-0.0856)) < 0.005
