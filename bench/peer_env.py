"""croupier's training environments against PettingZoo's ``texas_holdem_no_limit_v6``.

Six players, no-limit Texas Hold'em, uniformly random legal actions, both
environments driven the same way (``agent_iter``, ``last``, a masked random
action, ``step``), one process, one core.  Prints hands/s and decisions/s of
each AEC environment, their ratio (target: croupier at least 20x), and the
decisions/s of ``croupier.env.VectorEnv`` (target: at least 200,000).

PettingZoo's classic environments need RLCard (``pip install
'pettingzoo[classic]'``): a peer here only, never a dependency of croupier.

    python bench/peer_env.py [--seconds 5] [--tables 256]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from croupier import NO_LIMIT, TexasHoldem
from croupier.env import PokerEnv, VectorEnv


def run_aec(env: Any, seconds: float, seed: int = 1) -> tuple[float, float]:
    """(hands/s, decisions/s) of random legal play for about ``seconds``."""
    rng = np.random.default_rng(seed)
    hands = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed + hands)
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            decisions += 1
        hands += 1
    elapsed = time.perf_counter() - start
    return hands / elapsed, decisions / elapsed


def run_vector(tables: int, seconds: float) -> float:
    """Decisions/s of VectorEnv with random legal actions chosen in numpy."""
    venv = VectorEnv(TexasHoldem(NO_LIMIT, (1, 2)), tables, [200] * 6, seed=1)
    _, mask, _ = venv.reset()
    rng = np.random.default_rng(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        _, mask, _, _, _ = venv.step(actions)
        steps += 1
    return steps * tables / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--tables", type=int, default=256)
    args = parser.parse_args()
    ours = run_aec(PokerEnv(TexasHoldem(NO_LIMIT, (1, 2)), [200] * 6), args.seconds)
    print(f"croupier PokerEnv:            {ours[0]:10,.0f} hands/s {ours[1]:10,.0f} decisions/s")
    try:
        import warnings

        from pettingzoo.classic import texas_holdem_no_limit_v6

        warnings.filterwarnings("ignore")
        theirs = run_aec(texas_holdem_no_limit_v6.env(num_players=6), args.seconds)
        print(
            f"PettingZoo texas_holdem_no_limit_v6: {theirs[0]:7,.0f} hands/s "
            f"{theirs[1]:10,.0f} decisions/s"
        )
        print(f"ratio (hands/s): {ours[0] / theirs[0]:.1f}x (target >= 20x)")
    except ImportError as error:
        print(f"PettingZoo's classic environments are not installed ({error})")
    vector = run_vector(args.tables, args.seconds)
    print(
        f"croupier VectorEnv ({args.tables} tables): {vector:10,.0f} decisions/s "
        "(target >= 200,000)"
    )


if __name__ == "__main__":
    main()
