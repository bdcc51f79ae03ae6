"""Snapshots of an environment's state, shared by the environment tests: two equal
snapshots mean that a refused call changed nothing."""

from __future__ import annotations

from typing import Any

from croupier.env import PokerEnv, VectorEnv


def poker_state(env: PokerEnv) -> tuple[Any, ...]:
    """Everything of a ``PokerEnv`` a call may change (the selected agent's view too)."""
    assert env.hand is not None
    agent = env.agent_selection
    obs = env.observe(agent) if env.agents else {}
    return (
        env.hand.events,
        agent,
        dict(env.rewards),
        dict(env._cumulative_rewards),
        dict(env.terminations),
        list(env.agents),
        env._summary.tobytes(),
        obs["observation"].tobytes() if obs else None,
        obs["action_mask"].tobytes() if obs else None,
        env.table.stacks if env.table is not None else None,
        env._state,
    )


def vector_state(venv: VectorEnv) -> tuple[Any, ...]:
    """Everything of a ``VectorEnv`` a step may change."""
    return (
        [h.events for h in venv.hands],
        venv.observations.tobytes(),
        venv.masks.tobytes(),
        venv.seats.tobytes(),
        venv._summaries.tobytes(),
        venv._rng.getstate(),
    )
