"""A bounded fuzz of the environments and of ``Table`` sessions (issue 22).

Every game, the compiled and the pure-Python paths: random legal actions mixed
with random bad ones (masked, out of range, not integers).  Checked at every
step: a refused action changes nothing, an agent that must act has a legal
action, observations are finite and in the space (0 or more), the rewards of
every hand add up to zero, and a session's chips are conserved (the stacks
plus the rebuys).  Seeded: the same run every time (about 25 s in all).
"""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest
from env_state import poker_state, vector_state

from croupier import (
    FIXED_LIMIT,
    NO_LIMIT,
    POT_LIMIT,
    Badugi,
    CourchevelHiLo,
    DeuceToSevenSingleDraw,
    DeuceToSevenTripleDraw,
    FiveCardDraw,
    IllegalAction,
    KuhnPoker,
    LeducHoldem,
    Omaha,
    OmahaHiLo,
    Razz,
    RoyalHoldem,
    SevenCardStud,
    SevenCardStudHiLo,
    ShortDeckHoldem,
    TexasHoldem,
)
from croupier.env import PokerEnv, VectorEnv
from croupier.env.actions import Actions, draw_hole
from croupier.table import Table, levels

GAMES: dict[str, tuple[Any, list[int]]] = {
    "holdem-nl": (TexasHoldem(NO_LIMIT, (1, 2)), [40, 25, 60, 3]),
    "holdem-pl-ante": (TexasHoldem(POT_LIMIT, (1, 2), antes=1), [30] * 5),
    "holdem-fl": (TexasHoldem(FIXED_LIMIT, (1, 2), bets=(2, 4)), [20, 9, 30]),
    "omaha": (Omaha(POT_LIMIT, (1, 2)), [50, 20, 35]),
    "omaha-hilo": (OmahaHiLo(POT_LIMIT, (1, 2)), [30] * 4),
    "courchevel": (CourchevelHiLo(POT_LIMIT, (1, 2)), [40] * 3),
    "short-deck": (ShortDeckHoldem(NO_LIMIT, antes=1, button_blind=2), [30, 12]),
    "royal": (RoyalHoldem(NO_LIMIT, (1, 2)), [25] * 4),
    "razz": (Razz(antes=1), [15, 30, 8]),
    "stud": (SevenCardStud(antes=1), [20] * 4),
    "stud-hilo": (SevenCardStudHiLo(antes=1), [25, 10, 25]),
    "kuhn": (KuhnPoker(), [2, 3]),
    "leduc": (LeducHoldem(), [10, 12]),
    "five-card-draw": (FiveCardDraw(NO_LIMIT, (1, 2)), [30] * 3),
    "single-draw": (DeuceToSevenSingleDraw(NO_LIMIT, (1, 2)), [30, 15]),
    "triple-draw": (DeuceToSevenTripleDraw(FIXED_LIMIT, (1, 2)), [20] * 3),
    "badugi": (Badugi(FIXED_LIMIT, (1, 2)), [16] * 4),
}

NOT_INTEGERS = [1.5, math.nan, math.inf, "1", b"1", True, np.float64(1.0), np.array([1]), [1]]


def bad_action(rng: random.Random, mask: np.ndarray[Any, Any], start: int) -> object:
    """A masked action, one outside the space, or something that is no integer."""
    masked = [k + start for k in np.flatnonzero(mask == 0).tolist()]
    pool: list[object] = [start - 1, start + len(mask), 10**20, -(10**20), *NOT_INTEGERS]
    if masked and rng.random() < 0.5:
        return rng.choice(masked)
    return rng.choice(pool)


def fuzz_poker_env(env: PokerEnv, rng: random.Random, steps: int) -> dict[str, int]:
    counts = {"played": 0, "refused": 0, "hands": 0}
    env.reset(seed=rng.getrandbits(32))
    total = sum(env.starting)
    won: dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
    for _ in range(steps):
        if not env.agents:
            assert sum(won.values()) == 0.0, won  # the episode's rewards: zero-sum
            won = dict.fromkeys(env.possible_agents, 0.0)
            counts["hands"] += 1
            env.reset()
        agent = env.agent_selection
        dead = env.terminations[agent] or env.truncations[agent]
        observation = env.observe(agent)
        mask = observation["action_mask"]
        if not dead:
            assert mask.any(), f"{agent} must act and has no legal action"
        vector = observation["observation"]
        assert np.isfinite(vector).all() and (vector >= 0).all()  # in the observation space
        if env.table is not None:  # a session: the chips of the table are conserved
            assert sum(env.table.stacks) == total + env.table.bought
        if rng.random() < 0.3:
            before = poker_state(env)
            action = 1 if dead else bad_action(rng, mask, env.action_start)
            with pytest.raises(ValueError):
                env.step(action)
            assert poker_state(env) == before, action
            counts["refused"] += 1
            continue
        if dead:
            env.step(None)
        else:
            legal = np.flatnonzero(mask)
            env.step(int(legal[rng.randrange(len(legal))]) + env.action_start)
            counts["played"] += 1
        for a, r in env.rewards.items():
            won[a] += r
    return counts


@pytest.mark.parametrize("fast", [True, False], ids=["fast", "pure"])
@pytest.mark.parametrize("name", list(GAMES))
def test_fuzz_poker_env(name: str, fast: bool) -> None:
    game, stacks = GAMES[name]
    rng = random.Random(f"{name}-{fast}")
    counts = fuzz_poker_env(PokerEnv(game, stacks, fast=fast), rng, 3000)
    session = PokerEnv(game, stacks, fast=fast, session=True, rebuy=min(stacks), max_hands=60)
    counts2 = fuzz_poker_env(session, rng, 3000)
    assert counts["played"] > 1000 and counts["refused"] > 500 and counts["hands"] > 50
    assert counts2["played"] > 1000 and counts2["refused"] > 500


@pytest.mark.parametrize("name", ["holdem-nl", "holdem-fl", "raw-omaha", "stud"])
def test_fuzz_raw_mode(name: str) -> None:
    game, stacks = GAMES["omaha" if name == "raw-omaha" else name]
    rng = random.Random(name)
    counts = fuzz_poker_env(PokerEnv(game, stacks, raw=True), rng, 4000)
    assert counts["played"] > 1000 and counts["refused"] > 500


@pytest.mark.parametrize("fast", [True, False], ids=["fast", "pure"])
@pytest.mark.parametrize("name", list(GAMES))
def test_fuzz_vector_env(name: str, fast: bool) -> None:
    game, stacks = GAMES[name]
    rng = random.Random(f"vector-{name}-{fast}")
    venv = VectorEnv(game, 6, stacks, seed=rng.getrandbits(32), fast=fast)
    _, masks, _ = venv.reset()
    refused = ended = 0
    for _ in range(600):
        assert masks.any(axis=1).all(), "a table whose actor has no legal action"
        assert np.isfinite(venv.observations).all() and (venv.observations >= 0).all()
        actions = [int(rng.choice(np.flatnonzero(row))) for row in masks]
        if rng.random() < 0.3:
            t = rng.randrange(len(actions))
            bad: list[object] = list(actions)
            bad[t] = bad_action(rng, masks[t], 0)
            before = vector_state(venv)
            with pytest.raises(ValueError):
                venv.step(bad)
            assert vector_state(venv) == before
            refused += 1
            continue
        _, masks, _, rewards, dones = venv.step(np.array(actions, dtype=np.int64))
        assert (rewards[~dones] == 0).all()
        assert (rewards.sum(axis=1) == 0).all()  # zero-sum, every table
        ended += int(dones.sum())
    assert refused > 100 and ended > 50


@pytest.mark.parametrize("name", list(GAMES))
def test_fuzz_table_sessions(name: str) -> None:
    """Sessions on the engine itself: random legal play, random refused actions,
    a schedule of rising stakes, rebuys; the chips are conserved hand after hand."""
    game, stacks = GAMES[name]
    rng = random.Random(f"table-{name}")
    schedule = levels([game, game], 15)
    table = Table(game, stacks, schedule=schedule, rebuy=max(stacks))
    actions = Actions(hole=draw_hole(game))
    total = sum(stacks)
    for _ in range(200):
        hand = table.deal(seed=rng.getrandbits(64))
        while hand.actor is not None:
            mask = actions.mask(hand)
            if rng.random() < 0.2:
                history = hand.events
                with pytest.raises(IllegalAction):
                    if hand.drawing:
                        hand.raise_to(10**9)
                    else:
                        hand.raise_to(-1)
                assert hand.events == history
            legal = np.flatnonzero(mask)
            actions.apply(hand, int(legal[rng.randrange(len(legal))]))
        assert hand.payoffs is None or sum(hand.payoffs) == 0
        table.end_hand()
        assert sum(table.stacks) == total + table.bought
        assert all(s >= 0 for s in table.stacks)
    assert table.hands_played == 200
