"""pytest-benchmark: the training environments, croupier.env (issue 15).

Six-player no-limit Hold'em (blinds 1/2, stacks 200), uniformly random legal
actions, the loops of ``bench/peer_env.py``: ``PokerEnv`` driven as a
PettingZoo AEC environment (``agent_iter``, ``last``, a masked random action,
``step``; issue 15's target: 20x PettingZoo's ``texas_holdem_no_limit_v6``
hands/s, compared in ``peer_env.py``), and ``VectorEnv`` with 256 tables
(target: 200,000 decisions/s on one core).  Each prints its rate and keeps it
in ``extra_info``; with ``--benchmark-disable`` each runs once and checks its
result.
"""

from __future__ import annotations

from typing import Any

import peer_env

from croupier import NO_LIMIT, TexasHoldem
from croupier.env import PokerEnv

HANDS = 500
STEPS = 40
ROUNDS = 5


def test_poker_env_random_play(benchmark: Any) -> None:
    env = PokerEnv(TexasHoldem(NO_LIMIT, (1, 2)), [200] * 6)
    decisions: int = benchmark.pedantic(
        peer_env.aec_hands, args=(env, HANDS), rounds=ROUNDS, iterations=1
    )
    assert decisions >= 2 * HANDS  # at least the two blinds' opponents act
    if benchmark.stats is not None:
        best = benchmark.stats.stats.min
        benchmark.extra_info.update(
            hands=HANDS, hands_per_second=HANDS / best, decisions_per_second=decisions / best
        )
        print(f"\nPokerEnv: {HANDS / best:,.0f} hands/s, {decisions / best:,.0f} decisions/s")


def test_vector_env_256_tables(benchmark: Any) -> None:
    venv = peer_env.vector_env(256)
    venv.reset()
    decisions: int = benchmark.pedantic(
        peer_env.vector_steps, args=(venv, STEPS), rounds=ROUNDS, iterations=1
    )
    assert decisions == STEPS * 256
    assert venv.masks.any(axis=1).all()  # every table has a legal action
    if benchmark.stats is not None:
        rate = decisions / benchmark.stats.stats.min
        benchmark.extra_info.update(decisions=decisions, decisions_per_second=rate)
        print(f"\nVectorEnv (256 tables): {rate:,.0f} decisions/s")
