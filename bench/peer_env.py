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
from collections.abc import Callable
from typing import Any

import numpy as np

from croupier import NO_LIMIT, TexasHoldem
from croupier.env import PokerEnv, VectorEnv


def run_aec(
    env: Any, seconds: float, seed: int = 1, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, float]:
    """(hands/s, decisions/s) of random legal play for about ``seconds``."""
    rng = np.random.default_rng(seed)
    hands = decisions = 0
    start = clock()
    while clock() - start < seconds:
        decisions += play_hand(env, rng, seed + hands)
        hands += 1
    elapsed = clock() - start
    return hands / elapsed, decisions / elapsed


def play_hand(env: Any, rng: np.random.Generator, seed: int) -> int:
    """One hand (an episode) of uniformly random legal play; the decisions made."""
    decisions = 0
    env.reset(seed=seed)
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
        decisions += 1
    return decisions


def aec_hands(env: Any, hands: int, seed: int = 1) -> int:
    """``hands`` hands of run_aec's loop (the same calls); the decisions made."""
    rng = np.random.default_rng(seed)
    return sum(play_hand(env, rng, seed + hand) for hand in range(hands))


def vector_env(tables: int) -> VectorEnv:
    """The bench's VectorEnv: six-player no-limit Hold'em, blinds 1/2, stacks 200."""
    return VectorEnv(TexasHoldem(NO_LIMIT, (1, 2)), tables, [200] * 6, seed=1)


def vector_steps(venv: VectorEnv, steps: int, seed: int = 0) -> int:
    """``steps`` calls of ``venv.step`` with random legal actions chosen in numpy; the
    decisions made (one per table a step)."""
    mask = venv.masks
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        _, mask, _, _, _ = venv.step(actions)
    return steps * venv.n_tables


def run_vector(
    tables: int, seconds: float, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Decisions/s of VectorEnv with random legal actions chosen in numpy."""
    venv = vector_env(tables)
    _, mask, _ = venv.reset()
    rng = np.random.default_rng(0)
    steps = 0
    start = clock()
    while clock() - start < seconds:
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        _, mask, _, _, _ = venv.step(actions)
        steps += 1
    return steps * tables / (clock() - start)


CHECK_AEC = "PokerEnv hands/s (6-max NL, random play), vs PettingZoo texas_holdem_no_limit_v6"
CHECK_VECTOR = "VectorEnv decisions/s (256 tables), vs PettingZoo texas_holdem_no_limit_v6"


def headline(quick: bool) -> dict[str, float]:
    """croupier ÷ PettingZoo for ``compare_peers.py --check``: PokerEnv's hands/s and
    VectorEnv's decisions/s against the AEC peer's, in alternating rounds on this
    thread's CPU time, best round of each ({} when PettingZoo's classic games are
    not installed)."""
    import warnings

    try:
        from pettingzoo.classic import texas_holdem_no_limit_v6
    except ImportError:
        return {}
    seconds = 0.5 if quick else 1.5
    best = [0.0, 0.0, 0.0]  # ours hands/s, theirs (hands/s, decisions/s)
    vector = 0.0
    with warnings.catch_warnings():  # gymnasium's notes on PettingZoo's spaces
        warnings.simplefilter("ignore")
        ours = PokerEnv(TexasHoldem(NO_LIMIT, (1, 2)), [200] * 6)
        theirs = texas_holdem_no_limit_v6.env(num_players=6)
        for _ in range(3):
            best[0] = max(best[0], run_aec(ours, seconds, clock=time.thread_time)[0])
            hands, decisions = run_aec(theirs, seconds, clock=time.thread_time)
            best[1], best[2] = max(best[1], hands), max(best[2], decisions)
            vector = max(vector, run_vector(256, seconds, clock=time.thread_time))
    return {CHECK_AEC: best[0] / best[1], CHECK_VECTOR: vector / best[2]}


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
