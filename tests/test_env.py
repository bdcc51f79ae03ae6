"""croupier.env: the PettingZoo, Gymnasium and vectorized environments (the ``rl`` extra)."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from croupier import (
    FIXED_LIMIT,
    NO_LIMIT,
    POT_LIMIT,
    Badugi,
    CourchevelHiLo,
    DeuceToSevenSingleDraw,
    DeuceToSevenTripleDraw,
    FiveCardDraw,
    KuhnPoker,
    LeducHoldem,
    OmahaHiLo,
    Razz,
    SevenCardStud,
    TexasHoldem,
)
from croupier.actions import lines as phh_lines
from croupier.cards import format_cards
from croupier.env import PokerEnv, SingleAgentEnv, VectorEnv, info_state
from croupier.env.actions import Actions, ActionsError, Move

GAMES = {
    "holdem-nl": (TexasHoldem(NO_LIMIT, (1, 2)), [200] * 6),
    "holdem-pl": (TexasHoldem(POT_LIMIT, (1, 2)), [100] * 4),
    "holdem-fl": (TexasHoldem(FIXED_LIMIT, (1, 2), bets=(2, 4)), [60] * 3),
    "omaha-hilo": (OmahaHiLo(POT_LIMIT, (1, 2)), [100] * 4),
    "courchevel": (CourchevelHiLo(POT_LIMIT, (1, 2)), [100] * 3),
    "razz": (Razz(antes=1), [50] * 4),
    "stud": (SevenCardStud(antes=1), [50] * 5),
    "kuhn": (KuhnPoker(), [2, 2]),
    "leduc": (LeducHoldem(), [100, 100]),
    "five-card-draw": (FiveCardDraw(NO_LIMIT, (1, 2)), [100] * 5),
    "single-draw": (DeuceToSevenSingleDraw(NO_LIMIT, (1, 2)), [100] * 3),
    "triple-draw": (DeuceToSevenTripleDraw(FIXED_LIMIT, (1, 2)), [40] * 4),
    "badugi": (Badugi(FIXED_LIMIT, (1, 2)), [30] * 6),
}


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", list(GAMES))
def test_pettingzoo_api(name: str) -> None:
    game, stacks = GAMES[name]
    api_test(PokerEnv(game, stacks), num_cycles=300)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_api_raw_and_session_modes() -> None:
    api_test(PokerEnv(TexasHoldem(NO_LIMIT, (1, 2)), [50] * 3, raw=True), num_cycles=200)
    api_test(
        PokerEnv(TexasHoldem(NO_LIMIT, (5, 10)), [40] * 4, session=True, reward_unit="bb"),
        num_cycles=500,
    )


def random_episode(env: PokerEnv, seed: int) -> tuple[list[int], dict[str, float]]:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken: list[int] = []
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        action = int(legal[rng.integers(len(legal))]) + int(env.action_space(agent).start)
        taken.append(action)
        env.step(action)
    return taken, totals


@pytest.mark.parametrize("name", ["holdem-nl", "razz", "leduc", "triple-draw"])
def test_seeded_reset_reproduces_the_hand_and_rewards_sum_to_zero(name: str) -> None:
    game, stacks = GAMES[name]
    env = PokerEnv(game, stacks)
    for seed in range(20):
        first = random_episode(env, seed)
        assert random_episode(env, seed) == first
        assert sum(first[1].values()) == 0


def test_session_episode_conserves_chips_and_ends_with_one_player() -> None:
    env = PokerEnv(TexasHoldem(NO_LIMIT, (5, 10)), [60] * 4, session=True)
    _, totals = random_episode(env, 7)
    assert sum(totals.values()) == 0
    assert env.table is not None and len(env.table.players) == 1
    assert sorted(totals.values())[-1] == 180


def test_rewards_in_big_blinds() -> None:
    game, stacks = GAMES["holdem-nl"]
    chips = random_episode(PokerEnv(game, stacks), 3)[1]
    bbs = random_episode(PokerEnv(game, stacks, reward_unit="bb"), 3)[1]
    assert {a: v / 2 for a, v in chips.items()} == bbs


def test_pot_fraction_maps_into_the_legal_range() -> None:
    hand = TexasHoldem(NO_LIMIT, (1, 2)).start([100, 100, 100], seed=1)
    actions = Actions((Move.CHECK_CALL, 0.5, 1.0, 3.0, 100.0))
    # pot 3, to call 2 (button): raise to 2 + f * (3 + 2)
    assert [actions.amount(hand, k) for k in range(5)] == [None, 4, 7, 17, 100]
    hand = TexasHoldem(POT_LIMIT, (1, 2)).start([100, 100, 100], seed=1)
    assert actions.amount(hand, 4) == hand.max_raise_to == 7
    with pytest.raises(ActionsError, match="CHECK_CALL"):
        Actions((0.5,))


def test_gymnasium_checker_and_a_training_loop() -> None:
    env = SingleAgentEnv(TexasHoldem(NO_LIMIT, (1, 2)), [200] * 3, seat=1)
    check_env(env, skip_render_check=True)
    check_env(SingleAgentEnv(KuhnPoker(), [2, 2]), skip_render_check=True)
    obs, info = env.reset(seed=4)
    total, hands = 0.0, 0
    while hands < 200:
        action = int(np.flatnonzero(info["action_mask"])[-1])  # always the largest
        obs, reward, done, _, info = env.step(action)
        assert not info["illegal"] and obs.shape == env.observation_space.shape
        total += reward
        if done:
            hands += 1
            obs, info = env.reset()
    assert total != 0


def test_vector_env_matches_the_single_env_rules() -> None:
    game, stacks = GAMES["holdem-nl"]
    venv = VectorEnv(game, 16, stacks, seed=2)
    obs, mask, _ = venv.reset()
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(500):
        assert obs.shape == (16, venv.encoder.size) and mask.any(axis=1).all()
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        assert mask[np.arange(16), actions].all()
        obs, mask, _, rewards, done = venv.step(actions)
        assert (rewards.sum(axis=1) == 0).all()
        assert not rewards[~done].any()
        finished += int(done.sum())
    assert finished > 100
    with pytest.raises(ValueError, match="actions for 16 tables"):
        venv.step([1])


def test_info_states_hide_the_other_card() -> None:
    game = KuhnPoker()
    a = game.start([2, 2], deck=[44, 36, 40])
    b = game.start([2, 2], deck=[44, 40, 36])
    for hand in (a, b):
        hand.check()
        hand.raise_to(1)
    assert info_state(a, 0) == info_state(b, 0) == "Kc||cr1"
    assert info_state(a, 1) != info_state(b, 1)


def test_import_croupier_never_imports_the_rl_packages() -> None:
    import subprocess
    import sys

    code = (
        "import sys, croupier, croupier.env, croupier.table;"
        "assert not {'pettingzoo', 'gymnasium'} & set(sys.modules), sorted(sys.modules)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


DEEP = (TexasHoldem(NO_LIMIT, (7, 13)), [10**15 + 7, 2**60 + 3, 33_554_433])  # not float32


@pytest.mark.parametrize("fast", [True, False])
@pytest.mark.parametrize("name", ["holdem-nl", "razz", "leduc", "omaha-hilo", "badugi", "deep"])
def test_vector_batch_encoding_is_the_single_encoding(name: str, fast: bool) -> None:
    game, stacks = DEEP if name == "deep" else GAMES[name]
    venv = VectorEnv(game, 8, stacks, seed=3, fast=fast)
    obs, mask, seats = venv.reset()
    rng = np.random.default_rng(2)
    for _ in range(150):
        for t, hand in enumerate(venv.hands):
            assert seats[t] == hand.actor
            single = venv.encoder.encode(hand, int(seats[t]), venv._summaries[t])
            assert single.tobytes() == obs[t].tobytes()  # bit for bit, deep stacks too
            assert np.array_equal(venv.actions.mask(hand), mask[t])
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        obs, mask, seats, _, _ = venv.step(actions)


def to_the_draw(game_name: str, seed: int) -> PokerEnv:
    """A PokerEnv of a draw game whose seats all checked or called to the first draw."""
    game, stacks = GAMES[game_name]
    env = PokerEnv(game, stacks)
    env.reset(seed=seed)
    while not env.hand.drawing:  # type: ignore[union-attr]
        env.step(env.actions.passive(env.hand))  # type: ignore[arg-type]
    return env


def test_a_discard_action_throws_the_cards_of_its_bits() -> None:
    env = to_the_draw("five-card-draw", 3)
    hand, actions = env.hand, env.actions
    assert hand is not None and hand.actor is not None and actions.hole == 5
    mask = env.last()[0]["action_mask"]
    assert mask[: actions.bets].sum() == 0 and mask[actions.bets :].all()  # 32 ways to draw
    with pytest.raises(ActionsError, match="a draw is under way"):
        env.step(1)  # check/call: not while drawing
    seat = hand.actor
    held = sorted(hand.hole(seat))
    env.step(actions.bets + 0b10110)  # the 2nd, 3rd and 5th lowest cards
    kept = set(hand.hole(seat))
    assert kept & set(held) == {held[0], held[3]} and len(kept) == 5
    assert phh_lines(hand.events)[-2] == f"p{seat + 1} sd " + "".join(
        format_cards([c]) for c in (held[1], held[2], held[4])
    )
    # the draws block: every seat sees that seat drew three
    for other in range(hand.n_players):
        observation = env.observe(env.possible_agents[other])["observation"]
        at = env.encoder.offsets["draws"] + ((seat - other) % hand.n_players) * 2
        assert observation[at : at + 2].tolist() == [1.0, 3.0]
    while hand.drawing:  # the others stand pat
        env.step(actions.bets)
    assert not hand.drawing
    with pytest.raises(ActionsError, match="no draw"):
        env.step(actions.bets + 1)
    observation = env.last()[0]
    assert observation["action_mask"][actions.bets :].sum() == 0


def test_the_discard_mask_follows_max_discards() -> None:
    actions = Actions(hole=4)
    most = [int(m.bit_count()) for m in range(16)]
    for limit in range(5):
        row = actions.draw_mask(limit)
        assert row[: actions.bets].sum() == 0
        assert row[actions.bets :].tolist() == [int(k <= limit) for k in most]
    with pytest.raises(ActionsError, match="hole must be 0 to 6"):
        Actions(hole=7)
    hand = FiveCardDraw(NO_LIMIT, (1, 2)).start([100, 100], seed=4)
    hand.check_or_call()
    hand.check_or_call()
    with pytest.raises(ActionsError, match="no discard actions"):
        Actions().mask(hand)


def test_draw_games_and_raw_mode() -> None:
    with pytest.raises(ActionsError, match="raw mode has no discard actions"):
        PokerEnv(FiveCardDraw(NO_LIMIT, (1, 2)), [100] * 3, raw=True)


def test_every_deck_is_in_card_order() -> None:
    """The discard actions count a hand's cards in card order: the ``own`` block's."""
    from croupier import RoyalHoldem, ShortDeckHoldem

    games = [g for g, _ in GAMES.values()]
    games += [ShortDeckHoldem(NO_LIMIT, antes=1, button_blind=2), RoyalHoldem(NO_LIMIT, (1, 2))]
    for dealt in games:
        assert list(dealt.deck) == sorted(dealt.deck), dealt.name


def test_gymnasium_wrapper_on_a_draw_game() -> None:
    env = SingleAgentEnv(DeuceToSevenTripleDraw(FIXED_LIMIT, (1, 2)), [40] * 3, seat=2)
    check_env(env, skip_render_check=True)
    env.reset(seed=2)
    drew = illegal = 0
    for _ in range(400):
        if env.env.hand is not None and env.env.hand.drawing:
            drew += 1
        _, _, done, _, info = env.step(1)  # check/call: illegal in a draw, played as stand pat
        illegal += info["illegal"]
        if done:
            env.reset()
    assert illegal == drew > 10


def test_an_env_refuses_to_play_before_reset() -> None:
    env = PokerEnv(KuhnPoker(), [2, 2])
    for call in (lambda: env.step(1), lambda: env.last(), lambda: env.observe("player_0")):
        with pytest.raises(ValueError, match=r"call reset\(\) first"):
            call()
    env.reset(seed=1)
    assert env.last()[0]["action_mask"].tolist() == [0, 1, 1, 1, 1, 1]


def test_info_states_of_a_draw_game_tell_the_draws_apart() -> None:
    """How many cards an opponent drew is public; which ones the player threw, its own."""
    game = FiveCardDraw(NO_LIMIT, (1, 2))
    keys = []
    for thrown in (0, 1, 2, 3):
        hand = game.start([100, 100], seed=4)
        hand.check_or_call()
        hand.check_or_call()
        hand.discard(hand.hole(0)[:thrown])  # seat 0 draws first
        keys.append((info_state(hand, 0), info_state(hand, 1)))
    assert len({own for own, _ in keys}) == 4 and len({other for _, other in keys}) == 4
    # The draw is the second street's first action (events carry their street).
    assert keys[0][1].endswith("|cc/d0") and keys[2][1].endswith("|cc/d2")
    assert keys[2][0].endswith(
        "|cc/d2(" + format_cards(game.start([100, 100], seed=4).hole(0)[:2]).replace(" ", "") + ")"
    )


@pytest.mark.parametrize("raw", [False, True])
def test_the_wrapper_plays_an_illegal_action_as_check_or_call(raw: bool) -> None:
    """Wherever the list puts CHECK_CALL, and in raw mode (amount 0), never a fold."""
    kinds = (Move.CHECK_CALL, Move.FOLD, Move.ALL_IN)
    env = SingleAgentEnv(TexasHoldem(NO_LIMIT, (1, 2)), [50] * 3, seat=0, actions=kinds, raw=raw)
    for seed in range(20):
        env.reset(seed=seed)
        hand = env.env.hand
        assert hand is not None and hand.actor == 0
        before = len(phh_lines(hand.events))
        _, _, _, _, info = env.step(10**6)  # no such action or amount
        assert info["illegal"]
        assert phh_lines(hand.events)[before].endswith(" cc")  # p1 calls (or checks): not a fold


def test_the_old_name_of_move_still_works_with_a_warning() -> None:
    import croupier.env
    import croupier.env.actions

    for module in (croupier.env, croupier.env.actions):
        with pytest.warns(DeprecationWarning, match="ActionKind is now Move"):
            assert module.ActionKind is Move
    with pytest.raises(AttributeError):
        croupier.env.actions.NoSuchName  # noqa: B018
