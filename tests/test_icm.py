"""croupier.icm against its slow twin (every finishing order, each weighted by the
Malmuth-Harville product, in exact fractions) and worked examples; the sampled method
against the exact one (PokerKit's ``calculate_icm``: tests/test_pokerkit_icm.py)."""

from __future__ import annotations

import itertools
import math
import random
from decimal import Decimal
from fractions import Fraction

import pytest

import croupier
from croupier import icm, icm_all_in


def twin(stacks: list[int], payouts: list[int]) -> tuple[list[Fraction], list[list[Fraction]]]:
    """Each player's equity and chance of each place, over every finishing order of the
    players with chips (the busted ones last, sharing the places below them)."""
    n = len(stacks)
    alive = [i for i in range(n) if stacks[i] > 0]
    busted = [i for i in range(n) if stacks[i] == 0]
    prizes = [Fraction(p) for p in payouts[:n]] + [Fraction(0)] * (n - len(payouts))
    equity = [Fraction(0)] * n
    places = [[Fraction(0)] * n for _ in range(n)]
    for order in itertools.permutations(alive):
        prob, left = Fraction(1), Fraction(sum(stacks))
        for player in order:
            prob *= Fraction(stacks[player]) / left
            left -= stacks[player]
        for place, player in enumerate(order):
            equity[player] += prob * prizes[place]
            places[player][place] += prob
    for player in busted:
        equity[player] = sum(prizes[len(alive) :], Fraction(0)) / len(busted)
    return equity, places


def close(a: float, b: float | Fraction, tol: float = 1e-9) -> bool:
    return abs(a - float(b)) <= tol * max(1.0, abs(float(b)))


def check_against_twin(stacks: list[int], payouts: list[int]) -> None:
    result = icm(stacks, payouts)
    equity, places = twin(stacks, payouts)
    assert result.exact
    assert all(close(a, b) for a, b in zip(result.equity, equity, strict=True)), (stacks, payouts)
    for i in range(len(stacks)):
        if stacks[i] > 0:
            for k, p in enumerate(result.places[i]):
                assert close(p, places[i][k]), (stacks, payouts, i, k)
    paid = sum(payouts[: len(stacks)])
    assert close(sum(result.equity), paid)  # every prize is someone's


def non_increasing(rng: random.Random, count: int) -> list[int]:
    return sorted((rng.randint(0, 100) for _ in range(count)), reverse=True)


def test_every_small_stack_vector_equals_the_twin() -> None:
    rng = random.Random(26)
    cases = 0
    for n in range(1, 6):
        for stacks in itertools.product(range(0, 4 if n < 5 else 3), repeat=n):
            if not any(stacks):
                continue
            payouts = non_increasing(rng, rng.randint(1, n + 1))
            check_against_twin(list(stacks), payouts)
            cases += 1
    assert cases == sum(4**n - 1 for n in range(1, 5)) + 3**5 - 1


def test_six_players_random_stacks_and_payouts_equal_the_twin() -> None:
    rng = random.Random(6)
    for _ in range(60):
        stacks = [rng.choice([0, 1, 2, 5, 40, 1000, rng.randint(1, 10**6)]) for _ in range(6)]
        if not any(stacks):
            stacks[0] = 1
        check_against_twin(stacks, non_increasing(rng, rng.randint(1, 7)))


def test_worked_examples() -> None:
    # 5,000 / 3,000 / 2,000 chips, 50 / 30 / 20 paid (docs/icm.md works it by hand):
    # the leader wins with 1/2, is second with 3/10*5/7 + 2/10*5/8 = 19/56.
    r = icm([5000, 3000, 2000], [50, 30, 20])
    assert close(r.places[0][1], Fraction(19, 56))
    assert [round(e, 2) for e in r.equity] == [38.39, 32.75, 28.86]

    # PokerKit's documented examples of calculate_icm (its docstring):
    def cut(values: tuple[float, ...]) -> list[float]:  # as printed there: 45.17...
        return [math.floor(v * 100 + 1e-9) / 100 for v in values]

    assert cut(icm([50, 30, 20], [70, 30]).equity) == [45.17, 32.25, 22.57]
    assert cut(icm([25, 87, 88], [50, 30, 20]).equity) == [25.69, 37.08, 37.21]
    assert cut(icm([198, 1, 1], [50, 30, 20]).equity) == [49.79, 25.1, 25.1]
    # Equal stacks share equally; one player left takes first.
    assert icm([7, 7, 7, 7], [40, 30, 20, 10]).equity == (25.0, 25.0, 25.0, 25.0)
    assert icm([0, 9, 0], [50, 30, 20]).equity == (25.0, 50.0, 25.0)


def test_numbers_of_every_kind_and_payouts_past_the_players() -> None:
    import numpy as np

    base = icm([3, 2, 1], [6, 3, 1]).equity
    assert icm((Decimal(3), 2.0, np.int64(1)), np.array([6, 3, 1])).equity == base
    assert icm(np.array([3.0, 2.0, 1.0]), [6, 3, 1, 1, 1]).equity == base  # 4th, 5th: paid
    assert icm(iter([3, 2, 1]), (6, 3, 1)).equity == base


@pytest.mark.parametrize(
    ("stacks", "payouts", "message"),
    [
        ([10, -1], [1], r"stacks\[1\] must be a finite number >= 0, got -1"),
        ([10, float("nan")], [1], r"stacks\[1\] must be a finite number >= 0"),
        ([10, True], [1], r"stacks\[1\] must be a number, got bool"),
        ([10, "5"], [1], r"stacks\[1\] must be a number, got str"),
        ([0, 0], [1], "at least one player with chips"),
        ([], [1], "at least one player with chips"),
        ([1, 2], [1, 2], "payouts must not increase: place 2 pays more than place 1"),
        ([1, 2], [float("inf")], r"payouts\[0\] must be a finite number"),
        ({1, 2}, [1], "stacks must be a sequence, got set"),
    ],
)
def test_bad_input_names_the_problem(stacks: object, payouts: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        icm(stacks, payouts)


def test_bad_options() -> None:
    with pytest.raises(ValueError, match="samples must be at least 1"):
        icm([1, 2], [1], exact=False, samples=0)
    with pytest.raises(ValueError, match="samples must be an integer"):
        icm([1, 2], [1], samples=1.5)
    with pytest.raises(ValueError, match="exact must be True, False or None"):
        icm([1, 2], [1], exact=1)  # type: ignore[arg-type]


def test_sampling_is_within_its_error_of_the_exact_sum_and_repeatable() -> None:
    rng = random.Random(3)
    misses = 0
    for _ in range(12):
        n = rng.randint(3, 9)
        stacks = [rng.randint(1, 100) for _ in range(n)]
        payouts = non_increasing(rng, rng.randint(1, n))
        exact = icm(stacks, payouts)
        sampled = icm(stacks, payouts, exact=False, samples=40_000, seed=rng.randint(0, 99))
        assert not sampled.exact and sampled.samples == 40_000
        for a, b, err in zip(sampled.equity, exact.equity, sampled.stderr, strict=True):
            if err == 0:
                assert a == b == 0 or close(a, b)
            elif abs(a - b) > 4 * err:
                misses += 1
        for k in range(len(sampled.places[0])):
            assert close(sum(row[k] for row in sampled.places), 1.0)
    assert misses <= 1  # 4 standard errors: about one miss in 16,000 draws
    again = icm([5, 3, 2], [5, 3], exact=False, samples=1000, seed=9)
    assert again == icm([5, 3, 2], [5, 3], exact=False, samples=1000, seed=9)


def test_a_large_field_is_sampled_and_a_large_field_with_few_places_is_exact() -> None:
    assert not icm(list(range(1, 201)), [100] * 20, samples=2000, seed=1).exact
    stacks = list(range(1, 61))
    few = icm(stacks, [50, 30, 20])
    assert few.exact and close(sum(few.equity), 100.0)
    # the first place alone: each player's chance of winning is its share of the chips
    first = icm(stacks, [1])
    assert all(close(e, s / sum(stacks)) for e, s in zip(first.equity, stacks, strict=True))


def test_all_in_is_the_chance_weighted_icm_of_its_outcomes() -> None:
    stacks, payouts = [50, 30, 20], [70, 30]
    result = icm_all_in(stacks, payouts, (2, 1), win=0.4, tie=0.1)
    win = icm([50, 10, 40], payouts).equity
    lose = icm([50, 50, 0], payouts).equity
    same = icm(stacks, payouts).equity
    for i in range(3):
        assert close(result.equity[i], 0.4 * win[i] + 0.5 * lose[i] + 0.1 * same[i])
    assert close(sum(result.equity), 100.0) and result.exact
    assert croupier.icm_all_in is icm_all_in and croupier.ICMResult is type(result)
    with pytest.raises(ValueError, match="two different player indices"):
        icm_all_in(stacks, payouts, (1, 1), win=0.5)
    with pytest.raises(ValueError, match="summing to at most 1"):
        icm_all_in(stacks, payouts, (0, 1), win=0.9, tie=0.2)
    with pytest.raises(ValueError, match="has no chips"):
        icm_all_in([5, 0, 3], payouts, (0, 1), win=0.5)


def test_records() -> None:
    records = icm([3, 1], [3, 1]).to_records()
    assert records[0] == {
        "player": 0,
        "equity": 2.5,
        "stderr": 0.0,
        "place_1": 0.75,
        "place_2": 0.25,
    }
    assert math.isclose(records[1]["equity"], 1.5)  # type: ignore[arg-type]
