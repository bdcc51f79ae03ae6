"""croupier.env._fast, the compiled observations and actions, against their pure-Python twins.

The compiled :class:`~croupier.env._fast.Kernel` must give exactly the arrays
of :class:`~croupier.env.encoding.Encoder` and the moves of
:class:`~croupier.env.actions.Actions`: observations, masks, seats, rewards
and done flags, bit for bit, over many random hands of many games, and the
same errors for actions that are not legal.
"""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from croupier import (
    FIXED_LIMIT,
    NO_LIMIT,
    POT_LIMIT,
    Badugi,
    CourchevelHiLo,
    DeuceToSevenTripleDraw,
    FiveCardDraw,
    Game,
    Hand,
    KuhnPoker,
    LeducHoldem,
    OmahaHiLo,
    Razz,
    RoyalHoldem,
    SevenCardStud,
    SevenCardStudHiLo,
    ShortDeckHoldem,
    TexasHoldem,
    _impl,
)
from croupier.env import PokerEnv, VectorEnv
from croupier.env.actions import Actions, ActionsError, Move, draw_hole
from croupier.env.encoding import Encoder
from croupier.table import Table

if not _impl.PURE:  # compiled only: under pure, conftest deselects the kernel's tests
    from croupier.env._fast import Kernel

BETTING_GAMES: dict[str, tuple[Game, list[int]]] = {
    "holdem-nl": (TexasHoldem(NO_LIMIT, (1, 2)), [200] * 6),
    "holdem-nl-short": (TexasHoldem(NO_LIMIT, (1, 2)), [3, 40, 9, 200, 2, 17]),
    "holdem-nl-thirds": (TexasHoldem(NO_LIMIT, (1, 3), antes=1), [301, 97, 1000, 55]),
    "holdem-nl-deep": (TexasHoldem(NO_LIMIT, (7, 13)), [10**15 + 7, 2**60 + 3, 33_554_433]),
    "holdem-pl": (TexasHoldem(POT_LIMIT, (1, 2)), [100] * 4),
    "holdem-fl": (TexasHoldem(FIXED_LIMIT, (1, 2), bets=(2, 4)), [60] * 3),
    "omaha-hilo": (OmahaHiLo(POT_LIMIT, (1, 2)), [100] * 4),
    "courchevel": (CourchevelHiLo(POT_LIMIT, (1, 2)), [100] * 3),
    "short-deck": (ShortDeckHoldem(NO_LIMIT, antes=1, button_blind=2), [80] * 5),
    "royal": (RoyalHoldem(NO_LIMIT, (1, 2)), [50] * 4),
    "razz": (Razz(antes=1), [50] * 4),
    "stud": (SevenCardStud(antes=1), [50, 3, 50, 20, 50]),
    "stud-hilo": (SevenCardStudHiLo(antes=2, bring_in=1, bets=(3, 6)), [70] * 6),
    "kuhn": (KuhnPoker(), [2, 2]),
    "leduc": (LeducHoldem(), [100, 100]),
}
DRAW_GAMES: dict[str, tuple[Game, list[int]]] = {
    "five-card-draw": (FiveCardDraw(NO_LIMIT, (1, 2)), [100] * 5),
    "triple-draw": (DeuceToSevenTripleDraw(FIXED_LIMIT, (1, 2)), [40] * 4),
    "badugi": (Badugi(FIXED_LIMIT, (1, 2)), [30] * 3),
}
ACTION_LISTS = [
    Actions(),
    Actions((Move.CHECK_CALL, Move.FOLD, 0.33, 2.5, 0.75, Move.MIN_RAISE)),
    Actions((Move.ALL_IN, Move.CHECK_CALL, 7.0)),
]


def with_draws(actions: Actions, game: Game) -> Actions:
    """``actions`` with the discard actions of ``game`` (none when it is not a draw game)."""
    return Actions(actions.kinds, hole=draw_hole(game))


def vector_pair(
    game: Game, stacks: list[int], tables: int, seed: int, actions: Actions
) -> tuple[VectorEnv, VectorEnv]:
    kinds = actions.kinds
    return (
        VectorEnv(game, tables, stacks, seed=seed, actions=kinds),
        VectorEnv(game, tables, stacks, seed=seed, actions=kinds, fast=False),
    )


def same(a: tuple[np.ndarray, ...], b: tuple[np.ndarray, ...]) -> None:
    assert len(a) == len(b)
    for x, y in zip(a, b, strict=True):
        assert x.dtype == y.dtype and x.shape == y.shape
        assert np.array_equal(x, y), (x, y)
        assert x.tobytes() == y.tobytes()  # bit for bit: no -0.0 for 0.0


@pytest.mark.kernel
@pytest.mark.parametrize("name", [*BETTING_GAMES, *DRAW_GAMES])
def test_vector_env_fast_and_pure_give_identical_arrays(name: str) -> None:
    game, stacks = {**BETTING_GAMES, **DRAW_GAMES}[name]
    for k, actions in enumerate(ACTION_LISTS):
        fast, pure = vector_pair(game, stacks, 12, 10 + k, actions)
        same(fast.reset(), pure.reset())
        rng = np.random.default_rng(k)
        mask = fast.masks
        finished = 0
        for _ in range(120):
            choice = (rng.random(mask.shape) * mask).argmax(axis=1)
            out = fast.step(choice)
            same(out, pure.step(choice.tolist() if k == 1 else choice))
            mask = out[1]
            finished += int(out[4].sum())
        assert finished > 12
        for a, b in zip(fast.hands, pure.hands, strict=True):
            assert a.events == b.events


def random_move(hand: Hand, rng: random.Random, actions: Actions) -> None:
    """A random legal move: a draw (discard some cards or stand pat) or a listed action."""
    if hand.drawing:
        held = hand.hole(hand.actor or 0)
        limit = hand.max_discards or 0
        hand.discard(rng.sample(held, rng.randint(0, min(limit, len(held)))))
        return
    legal = np.flatnonzero(actions.mask(hand))
    actions.apply(hand, int(rng.choice(legal)))


@pytest.mark.kernel
@pytest.mark.parametrize("name", [*BETTING_GAMES, *DRAW_GAMES])
def test_kernel_encodes_every_seat_as_the_encoder_does(name: str) -> None:
    game, stacks = {**BETTING_GAMES, **DRAW_GAMES}[name]
    n = len(stacks)
    actions = with_draws(ACTION_LISTS[1], game)
    encoder = Encoder(game, n)
    kernel = Kernel(encoder, actions)
    rng = random.Random(name)
    out = np.full(encoder.size, np.nan, dtype=np.float32)
    mask = np.full(actions.size, 9, dtype=np.int8)
    checked = 0
    for seed in range(40):
        hand = game.start(stacks, seed=seed)
        summary = encoder.new_summary()
        while True:
            for seat in range(n):
                kernel.encode(hand, seat, summary, out)
                assert out.tobytes() == encoder.encode(hand, seat, summary).tobytes()
                checked += 1
            kernel.fill_mask(hand, mask)
            assert np.array_equal(mask, actions.mask(hand))
            if hand.is_over:
                break
            seat, street = hand.actor, encoder.streets[hand.street]
            assert seat is not None
            random_move(hand, rng, actions)
            if not hand.folded[seat] and not hand.drawing:
                encoder.record(summary, street, seat, rng.choice([None, rng.randint(1, 99)]))
    assert checked > 40 * n


@pytest.mark.kernel
def test_kernel_encodes_the_short_handed_hands_of_a_session() -> None:
    """A session's later hands have fewer players than the layout's seats."""
    game = TexasHoldem(NO_LIMIT, (5, 10))
    encoder = Encoder(game, 6)
    actions = Actions()
    kernel = Kernel(encoder, actions)
    table = Table(game, [30, 60, 25, 80, 40, 70])
    rng = random.Random(5)
    out = np.empty(encoder.size, dtype=np.float32)
    sizes = set()
    while not table.is_over and table.hands_played < 300:
        hand = table.deal(seed=table.hands_played)
        sizes.add(hand.n_players)
        summary = encoder.new_summary()
        while True:
            for seat in range(hand.n_players):
                kernel.encode(hand, seat, summary, out)
                assert out.tobytes() == encoder.encode(hand, seat, summary).tobytes()
            if hand.is_over:
                break
            seat = hand.actor
            assert seat is not None
            street = encoder.streets[hand.street]
            raised = kernel.apply(hand, int(rng.choice(np.flatnonzero(actions.mask(hand)))))
            if not hand.folded[seat]:
                encoder.record(summary, street, seat, raised)
        table.end_hand()
    assert len(sizes) >= 3  # players left: hands of several sizes were encoded


@pytest.mark.kernel
@pytest.mark.parametrize(
    "name", ["holdem-nl", "holdem-nl-deep", "holdem-pl", "stud", "leduc", *DRAW_GAMES]
)
def test_kernel_plays_each_action_as_actions_does(name: str) -> None:
    game, stacks = {**BETTING_GAMES, **DRAW_GAMES}[name]
    rng = random.Random(name)
    for actions in (with_draws(listed, game) for listed in ACTION_LISTS):
        kernel = Kernel(Encoder(game, len(stacks)), actions)
        for seed in range(30):
            ours, theirs = game.start(stacks, seed=seed), game.start(stacks, seed=seed)
            while not ours.is_over:
                index = rng.randrange(-1, actions.size + 1)
                try:
                    expected: object = actions.apply(theirs, index)
                except ActionsError as error:
                    with pytest.raises(ActionsError, match=f"^{re.escape(str(error))}$"):
                        kernel.apply(ours, index)
                else:
                    assert kernel.apply(ours, index) == expected
                assert ours.events == theirs.events
            assert ours.payoffs == theirs.payoffs


@pytest.mark.kernel
def test_kernel_refuses_what_actions_refuses() -> None:
    game = TexasHoldem(NO_LIMIT, (1, 2))
    hand = game.start([100, 100], seed=1)
    kernel = Kernel(Encoder(game, 2), Actions())
    hand.check_or_call()  # the small blind calls: the big blind may check, not fold
    with pytest.raises(ActionsError, match="fold is not legal now"):
        kernel.apply(hand, 0)
    with pytest.raises(ActionsError, match="no action 6: the list has 6"):
        kernel.apply(hand, 6)
    hand.raise_to(100)  # all in: the small blind may only call or fold
    with pytest.raises(ActionsError, match="not legal now: no raise allowed"):
        kernel.apply(hand, 3)
    with pytest.raises(ValueError, match="out has 3 entries"):
        kernel.encode(hand, 0, Encoder(game, 2).new_summary(), np.zeros(3, dtype=np.float32))
    with pytest.raises(TypeError):
        kernel.apply(None, 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no betting summary"):
        kernel.observe(hand, 0, 6, True)


def test_the_encoder_sees_the_cards_drawn() -> None:
    """The pure encoder's card cache knows a draw (the same street, new cards)."""
    game = FiveCardDraw(NO_LIMIT, (1, 2))
    encoder = Encoder(game, 2)
    hand = game.start([100, 100], seed=4)
    hand.check_or_call()
    hand.check_or_call()
    assert hand.drawing and hand.actor is not None
    seat = hand.actor
    before = encoder.encode(hand, seat, encoder.new_summary())
    hand.discard(hand.hole(seat)[:3])
    after = encoder.encode(hand, seat, encoder.new_summary())
    held = np.zeros(len(game.deck), dtype=np.float32)
    held[[encoder.deck_index[c] for c in hand.hole(seat)]] = 1.0
    assert np.array_equal(after[: len(game.deck)], held)
    assert not np.array_equal(before[: len(game.deck)], held)


def drive(env: PokerEnv, seed: int, steps: list[tuple[object, ...]]) -> None:
    """A random episode; every ``last()``, every dictionary and the agents after each step."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter(max_iter=5000):
        observation, reward, terminated, truncated, info = env.last()
        steps.append(
            (
                agent,
                observation["observation"].tobytes(),
                observation["action_mask"].tobytes(),
                reward,
                terminated,
                truncated,
                info,
            )
        )
        other = env.possible_agents[-1]
        seen = env.observe(other)  # any agent may look, in turn or not
        steps.append((seen["observation"].tobytes(), seen["action_mask"].tobytes()))
        if terminated or truncated:
            env.step(None)
        else:
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]) + int(env.action_space(agent).start))
        steps.append(
            (
                tuple(env.agents),
                env.agent_selection,
                dict(env.rewards),
                dict(env._cumulative_rewards),
                dict(env.terminations),
                dict(env.truncations),
            )
        )


AEC_CASES: dict[str, tuple[Game, list[int], dict[str, object]]] = {
    "holdem-nl": (TexasHoldem(NO_LIMIT, (1, 2)), [200] * 6, {}),
    "holdem-nl-bb": (TexasHoldem(NO_LIMIT, (1, 3)), [20, 300, 7, 90], {"reward_unit": "bb"}),
    "holdem-nl-raw": (TexasHoldem(NO_LIMIT, (1, 2)), [30] * 3, {"raw": True}),
    "holdem-pl": (TexasHoldem(POT_LIMIT, (1, 2)), [100] * 4, {}),
    "holdem-fl": (TexasHoldem(FIXED_LIMIT, (1, 2), bets=(2, 4)), [60] * 3, {}),
    "omaha-hilo": (OmahaHiLo(POT_LIMIT, (1, 2)), [100] * 4, {}),
    "razz": (Razz(antes=1), [50] * 4, {}),
    "stud-hilo": (SevenCardStudHiLo(antes=2), [40] * 5, {}),
    "kuhn": (KuhnPoker(), [2, 2], {}),
    "leduc": (LeducHoldem(), [100, 100], {}),
    "five-card-draw": (FiveCardDraw(NO_LIMIT, (1, 2)), [100] * 5, {}),
    "triple-draw": (DeuceToSevenTripleDraw(FIXED_LIMIT, (1, 2)), [40] * 4, {}),
    "badugi-session": (Badugi(FIXED_LIMIT, (1, 2)), [12, 20, 9], {"session": True}),
    "session": (TexasHoldem(NO_LIMIT, (5, 10)), [60, 30, 45, 80], {"session": True}),
    "session-rebuy": (
        SevenCardStud(antes=1),
        [20, 8, 30],
        {"session": True, "rebuy": 25, "max_hands": 40},
    ),
}


@pytest.mark.kernel
@pytest.mark.parametrize("name", list(AEC_CASES))
def test_poker_env_fast_and_pure_agree_step_by_step(name: str) -> None:
    game, stacks, options = AEC_CASES[name]
    fast_env = PokerEnv(game, stacks, **options)  # type: ignore[arg-type]
    pure_env = PokerEnv(game, stacks, fast=False, **options)  # type: ignore[arg-type]
    for seed in range(6 if options.get("session") else 40):
        ours: list[tuple[object, ...]] = []
        theirs: list[tuple[object, ...]] = []
        drive(fast_env, seed, ours)
        drive(pure_env, seed, theirs)
        assert ours == theirs
        assert len(ours) > 6
