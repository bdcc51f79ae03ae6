"""The GPU path on a real GPU (issue 29): CuPy arrays in, CuPy arrays out, the CPU's
answers and errors.  Skipped, with the reason, where CuPy or a CUDA device is missing
(CI has neither); bench/bench_gpu.py checks the same and more on a GPU machine.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from croupier import gpu, hands

if not gpu.available():
    pytest.skip(
        "no CUDA GPU with CuPy here: the device tests run where one is "
        '(pip install ".[gpu]" on a GPU machine)',
        allow_module_level=True,
    )

import cupy  # type: ignore[import-not-found, unused-ignore]
from test_kernels_cpu import SEVEN_CARD_CATEGORIES, deal


@pytest.mark.parametrize(
    ("name", "k"),
    [("high", 7), ("high", 5), ("ace_to_five_low", 7), ("eight_or_better_low", 6),
     ("deuce_to_seven_low", 7), ("badugi", 4), ("short_deck_high", 7)],
)  # fmt: skip
def test_device_values_equal_the_cpu(name: str, k: int) -> None:
    rng = np.random.default_rng(k)
    cards = deal(rng, 1_000_000, k)
    if name == "short_deck_high":
        cards = cards[(cards >= 16).all(axis=1)]
    fn: Any = getattr(hands, name)
    on_device = fn(cupy.asarray(cards).reshape(-1, 10, k)[: len(cards) // 10])
    assert isinstance(on_device, cupy.ndarray) and on_device.dtype == np.uint16
    expected = fn(cards[: len(cards) // 10 * 10].reshape(-1, 10, k))
    assert np.array_equal(cupy.asnumpy(on_device), expected)


def test_device_omaha_equals_the_cpu() -> None:
    cards = deal(np.random.default_rng(9), 200_000, 9)
    hole, board = cards[:, :4], cards[:, 4:]
    for fn in (hands.omaha_high, hands.omaha_eight_or_better_low):
        got = fn(cupy.asarray(hole), cupy.asarray(board))
        assert np.array_equal(cupy.asnumpy(got), fn(hole, board))


def test_device_errors_are_the_cpus() -> None:
    cards = deal(np.random.default_rng(3), 1000, 7).astype(np.int16)
    cards[417, 3] = cards[417, 5]
    with pytest.raises(ValueError) as cpu_error:
        hands.high(cards)
    with pytest.raises(ValueError) as device_error:
        hands.high(cupy.asarray(cards))
    assert str(device_error.value) == str(cpu_error.value)
    with pytest.raises(ValueError, match="needs 5 to 7 cards"):
        hands.high(cupy.zeros((3, 4), dtype=cupy.uint8))


def test_device_counts_every_seven_card_hand() -> None:
    assert gpu.category_counts7().tolist() == SEVEN_CARD_CATEGORIES
