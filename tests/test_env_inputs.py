"""Issue 22, items 1 to 5: the environments never hang, never play a refused or masked
action, refuse every bad input with a ``ValueError`` that leaves the state as it
was, and keep observations finite and raw masks small."""

from __future__ import annotations

import math
import pickle
import subprocess
import sys
import textwrap
import tracemalloc
from typing import Any

import numpy as np
import pytest
from env_state import poker_state, vector_state

from croupier import (
    FIXED_LIMIT,
    NO_LIMIT,
    KuhnPoker,
    LeducHoldem,
    Razz,
    SevenCardStud,
    TexasHoldem,
)
from croupier.actions import from_events
from croupier.env import PokerEnv, SingleAgentEnv, VectorEnv
from croupier.env.actions import ActionsError
from croupier.env.aec import RAW_MAX_AMOUNTS
from croupier.env.encoding import MAX_CHIPS

HOLDEM = TexasHoldem(NO_LIMIT, (1, 2))


def run_python(code: str, limit: float) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter, killed after ``limit`` seconds (a hang fails)."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=limit,
        check=False,
    )


# ------------------------------------------------------------------ 1. no hang


def test_an_agent_all_in_on_its_blind_is_refused_not_a_hang() -> None:
    # Seat 0 is the small blind with 1 chip: all-in on the blind in every hand.
    result = run_python(
        """
        from croupier import NO_LIMIT, TexasHoldem
        from croupier.env import SingleAgentEnv
        try:
            SingleAgentEnv(TexasHoldem(NO_LIMIT, (1, 2)), [1, 100], seat=0).reset(seed=1)
        except ValueError as e:
            print("refused:", e)
        """,
        limit=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("refused:") and "never act" in result.stdout


def test_opponents_that_always_end_the_hand_first_make_reset_give_up() -> None:
    # Heads-up the button (seat 1) posts the small blind and acts first; folding
    # every time, it never lets the big blind (the agent) decide.
    result = run_python(
        """
        from croupier import NO_LIMIT, TexasHoldem
        from croupier.env import SingleAgentEnv
        env = SingleAgentEnv(
            TexasHoldem(NO_LIMIT, (1, 2)), [100, 100], seat=0, opponents={1: lambda o: 0}
        )
        try:
            env.reset(seed=1)
        except ValueError as e:
            print("refused:", e)
        """,
        limit=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("refused:") and "no decision" in result.stdout


@pytest.mark.parametrize(
    ("game", "stacks", "seat"),
    [
        (HOLDEM, [1, 100], 1),
        (HOLDEM, [2, 2, 1], 2),
        (HOLDEM, [1, 1], 0),
        (TexasHoldem(FIXED_LIMIT, (1, 2), bets=(2, 4)), [3, 1, 5], 0),
        (Razz(antes=1), [1, 2, 1], 1),
        (SevenCardStud(antes=2), [2, 2], 0),
        (KuhnPoker(), [1, 1], 0),
        (LeducHoldem(), [1, 5], 1),
    ],
)
def test_reset_returns_or_refuses_for_tiny_stacks(game: Any, stacks: list[int], seat: int) -> None:
    code = f"""
        import pickle, sys
        game = pickle.loads({pickle.dumps(game)!r})
        from croupier.env import SingleAgentEnv, VectorEnv
        for make in (
            lambda: SingleAgentEnv(game, {stacks!r}, seat={seat}).reset(seed=3),
            lambda: SingleAgentEnv(game, {stacks!r}, seat={seat}, session=True).reset(seed=3),
            lambda: VectorEnv(game, 3, {stacks!r}, seed=3).reset(),
        ):
            try:
                make()
                print("ok")
            except ValueError as e:
                print("refused")
        """
    result = run_python(code, limit=90)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() and set(result.stdout.split()) <= {"ok", "refused"}


# ------------------------------------------- 2. a refused batch step changes nothing


@pytest.mark.parametrize("fast", [True, False])
def test_a_bad_action_at_the_last_table_changes_no_table(fast: bool) -> None:
    venv = VectorEnv(KuhnPoker(), 4, [2, 2], seed=5, fast=fast)
    venv.reset()
    venv.step([1, 1, 1, 1])  # everyone checks: the next checks end every hand
    before = vector_state(venv)
    with pytest.raises(ActionsError, match="table 3"):
        venv.step([1, 1, 1, 0])  # fold with nothing to call, at the last table
    assert vector_state(venv) == before
    _, _, _, rewards, dones = venv.step([1, 1, 1, 1])  # the hands end now, all four
    assert dones.all() and (rewards.sum(axis=1) == 0).all() and (rewards != 0).all()


@pytest.mark.parametrize("fast", [True, False])
@pytest.mark.parametrize(
    "bad",
    [
        [1, 1, 1.0],
        [1, 1, math.nan],
        [1, 1, "1"],
        [1, 1, True],
        [1, 1, None],
        [1, 1, 99],
        [1, 1, -1],
        [1, 1],
        [1, 1, 1, 1],
        np.ones(3),
        np.ones((3, 1), dtype=np.int64),
        np.array(1),
        np.array([True, True, True]),
        "111",
        b"\x01\x01\x01",
        {0: 1, 1: 1, 2: 1},
        None,
        7,
    ],
    ids=repr,
)
def test_vector_step_refuses_every_bad_batch_and_changes_nothing(fast: bool, bad: Any) -> None:
    venv = VectorEnv(HOLDEM, 3, [100, 100, 100], seed=2, fast=fast)
    venv.reset()
    before = vector_state(venv)
    with pytest.raises(ValueError):
        venv.step(bad)
    assert vector_state(venv) == before


@pytest.mark.parametrize("bad", [1.5, "2", True, None, 0, -3, np.float64(2.0)], ids=repr)
def test_vector_env_n_tables_must_be_a_positive_integer(bad: Any) -> None:
    with pytest.raises(ValueError, match="n_tables"):
        VectorEnv(HOLDEM, bad, [100, 100])
    assert VectorEnv(HOLDEM, np.int64(2), [100, 100]).n_tables == 2


# ----------------------------------------------------- 3. masked actions refused


def test_raw_fold_with_nothing_to_call_is_refused_like_the_discrete_fold() -> None:
    for raw, fold in ((True, -1), (False, 0)):
        env = PokerEnv(HOLDEM, [100, 100], raw=raw)
        env.reset(seed=1)
        env.step(0 if raw else 1)  # the small blind calls: the big blind has nothing to call
        agent = env.agent_selection
        assert env.hand is not None and env.hand.to_call == 0
        mask = env.observe(agent)["action_mask"]
        assert not mask[fold - env.action_start]
        history = env.hand.events
        with pytest.raises(ActionsError, match="nothing to call"):
            env.step(fold)
        assert env.hand.events == history and not env.hand.is_over
        assert env.agent_selection == agent


@pytest.mark.parametrize("amount", [-2, -(10**30), 10**30])
def test_raw_amounts_outside_the_space_are_refused(amount: int) -> None:
    env = PokerEnv(HOLDEM, [100, 100], raw=True)
    env.reset(seed=1)
    assert env.hand is not None
    history = env.hand.events
    with pytest.raises(ActionsError):
        env.step(amount)
    assert env.hand.events == history


# --------------------------------------------- 4. exception types, no conversions


@pytest.mark.parametrize("fast", [True, False])
@pytest.mark.parametrize("raw", [True, False])
@pytest.mark.parametrize(
    "bad",
    [
        math.inf,
        -math.inf,
        math.nan,
        1.7,
        1.0,
        "1",
        b"1",
        True,
        np.bool_(True),
        1 + 2j,
        np.array([1]),
        np.float64(1.0),
        object(),
        [1],
        10**40,
    ],
    ids=repr,
)
def test_poker_env_refuses_bad_actions_and_changes_nothing(fast: bool, raw: bool, bad: Any) -> None:
    env = PokerEnv(HOLDEM, [100, 100, 100], fast=fast, raw=raw)
    env.reset(seed=4)
    before = poker_state(env)
    with pytest.raises(ValueError):
        env.step(bad)
    assert poker_state(env) == before


def test_numpy_integers_are_actions() -> None:
    env = PokerEnv(HOLDEM, [100, 100, 100])
    env.reset(seed=4)
    env.step(np.int64(1))
    env.step(np.uint8(1))
    assert env.hand is not None and len(from_events(env.hand.events)) >= 2


def test_after_every_agent_has_left_step_and_last_say_so() -> None:
    env = PokerEnv(KuhnPoker(), [2, 2])
    env.reset(seed=1)
    env.step(1)
    env.step(1)
    for _ in range(2):
        env.step(None)
    assert env.agents == []
    for call in (lambda: env.step(None), lambda: env.step(1), env.last):
        with pytest.raises(ValueError, match="every agent has left"):
            call()
    with pytest.raises(ValueError, match="no agent"):
        env.observe("player_9")


@pytest.mark.parametrize("bad", [None, 1.5, "1", True, np.float32(1.0), np.array([1])], ids=repr)
def test_single_agent_step_refuses_non_integers(bad: Any) -> None:
    env = SingleAgentEnv(HOLDEM, [100, 100, 100], seat=0)
    env.reset(seed=2)
    before = poker_state(env.env)
    with pytest.raises(ValueError):
        env.step(bad)
    assert poker_state(env.env) == before


@pytest.mark.parametrize("seat", [1.5, "1", True, None, 3, -1], ids=repr)
def test_single_agent_seat_must_be_a_seat(seat: Any) -> None:
    with pytest.raises(ValueError, match="seat"):
        SingleAgentEnv(HOLDEM, [100, 100, 100], seat=seat)
    assert SingleAgentEnv(HOLDEM, [100, 100, 100], seat=np.int64(2)).agent == "player_2"


BAD_SEEDS = [1.5, "abc", math.nan, True, np.float64(3.0), b"3", [3], np.array([3])]
GOOD_SEEDS = [3, np.int64(3), np.uint32(3), -5, 2**70]


def envs() -> list[tuple[str, Any]]:
    return [
        ("PokerEnv", lambda seed: PokerEnv(HOLDEM, [50, 50]).reset(seed=seed)),
        ("VectorEnv", lambda seed: VectorEnv(HOLDEM, 2, [50, 50]).reset(seed=seed)),
        ("SingleAgentEnv", lambda seed: SingleAgentEnv(HOLDEM, [50, 50]).reset(seed=seed)),
    ]


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_every_environment_refuses_the_same_bad_seeds(seed: Any) -> None:
    for name, reset in envs():
        with pytest.raises(ValueError, match="seed"):
            reset(seed)
            pytest.fail(f"{name} took the seed {seed!r}")


@pytest.mark.parametrize("seed", GOOD_SEEDS, ids=repr)
def test_every_environment_takes_any_integer_seed_the_same_each_time(seed: Any) -> None:
    venv = VectorEnv(HOLDEM, 2, [50, 50])
    a = venv.reset(seed=seed)[0].copy()
    assert np.array_equal(venv.reset(seed=int(seed))[0], a)
    single = SingleAgentEnv(HOLDEM, [50, 50])
    assert np.array_equal(single.reset(seed=seed)[0], single.reset(seed=int(seed))[0])
    env = PokerEnv(HOLDEM, [50, 50])
    env.reset(seed=seed)
    assert env.hand is not None
    history = env.hand.events
    env.reset(seed=int(seed))
    assert env.hand.events == history


def test_a_refused_seed_changes_nothing() -> None:
    env = PokerEnv(HOLDEM, [50, 50])
    env.reset(seed=1)
    before = poker_state(env)
    with pytest.raises(ValueError):
        env.reset(seed=1.5)
    assert poker_state(env) == before


# ------------------------------------------------- 5. finite observations, small masks


def test_stacks_that_would_overflow_float32_are_refused() -> None:
    for make in (
        lambda: PokerEnv(HOLDEM, [10**39, 10**39]),
        lambda: VectorEnv(HOLDEM, 2, [10**39, 10**39]),
        lambda: SingleAgentEnv(HOLDEM, [10**39, 10**39]),
    ):
        with pytest.raises(ValueError, match="finite"):
            make()


@pytest.mark.parametrize("fast", [True, False])
def test_observations_at_the_largest_stacks_are_finite(fast: bool) -> None:
    stacks = [MAX_CHIPS // 2, MAX_CHIPS // 2]
    env = PokerEnv(HOLDEM, stacks, fast=fast)
    env.reset(seed=1)
    env.step(5)  # all-in
    env.step(1)  # called: the showdown
    for agent in env.possible_agents:
        assert np.isfinite(env.observe(agent)["observation"]).all()
    venv = VectorEnv(HOLDEM, 2, stacks, seed=1, fast=fast)
    obs, *_ = venv.reset()
    obs, _, _, rewards, _ = venv.step([5, 5])
    obs, _, _, rewards, _ = venv.step([1, 1])
    assert np.isfinite(obs).all() and np.isfinite(rewards).all()
    assert (rewards.sum(axis=1) == 0).all()


def test_raw_mode_refuses_stacks_whose_mask_would_be_large() -> None:
    with pytest.raises(ActionsError, match="raw mode"):
        PokerEnv(HOLDEM, [5 * 10**8, 5 * 10**8], raw=True)
    PokerEnv(HOLDEM, [5 * 10**8, 5 * 10**8])  # the discrete actions take them


def test_a_raw_observation_allocates_at_most_the_bounded_mask() -> None:
    half = (RAW_MAX_AMOUNTS - 2) // 2
    env = PokerEnv(HOLDEM, [half, half], raw=True)
    env.reset(seed=1)
    tracemalloc.start()
    try:
        env.observe(env.agent_selection)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < RAW_MAX_AMOUNTS + 64 * 1024


@pytest.mark.parametrize(
    "make",
    [
        lambda: PokerEnv(HOLDEM, [10, 10], raw="no"),
        lambda: PokerEnv(HOLDEM, [10, 10], session=1),
        lambda: PokerEnv(HOLDEM, [10, 10], fast=None),
        lambda: PokerEnv(HOLDEM, [10, 10], max_hands=1.5),
        lambda: PokerEnv(HOLDEM, [10, 10], max_hands=0),
        lambda: PokerEnv(HOLDEM, [10, 10], render_mode="rgb"),
        lambda: PokerEnv(HOLDEM, [10, 10], reward_unit="cents"),
        lambda: PokerEnv(None, [10, 10]),
        lambda: PokerEnv(HOLDEM, "10"),
        lambda: VectorEnv(HOLDEM, 2, [10, 10], fast="yes"),
        lambda: VectorEnv(HOLDEM, 2, [10, 10], seed=1.5),
        lambda: VectorEnv(None, 2, [10, 10]),
        lambda: SingleAgentEnv(HOLDEM, [10, 10], opponents={0: lambda o: 1}),
        lambda: SingleAgentEnv(HOLDEM, [10, 10], opponents={1: "fold"}),
    ],
)
def test_environment_switches_and_arguments_are_checked_not_converted(make: Any) -> None:
    with pytest.raises(ValueError):
        make()


@pytest.mark.parametrize("choice", [0, 99, 1.5, None, "x"], ids=repr)
def test_an_opponent_policy_s_illegal_action_is_played_as_check_or_call(choice: Any) -> None:
    # Seat 1 folds only where nothing is to call (0 is illegal there): check instead.
    env = SingleAgentEnv(HOLDEM, [100, 100, 100], seat=0, opponents={1: lambda o: choice})
    seen: set[int] = set()
    for seed in range(20):
        _, info = env.reset(seed=seed)
        done = False
        while not done:
            assert env.env.agent_selection == env.agent or env._over()
            seen.update(info["illegal_opponents"])
            _, _, done, _, info = env.step(1)
        seen.update(info["illegal_opponents"])
    assert seen == {1}
