"""The GPU path without a GPU (issue 29): the CUDA branch of the shared kernels,
compiled by the system's C++ compiler against a stand-in for CUDA's built-ins
(tests/data/cuda/standin.hpp) and run on the CPU grid by grid; ``croupier.gpu``'s
source assembly and device detection; and ``croupier.gpu`` and the hands functions
end to end with a stand-in for CuPy (tests/cupy_standin.py) whose kernels are that
build, bench/bench_gpu.py included.  The tests that need a real GPU and CuPy are in
tests/test_gpu_device.py.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import cupy_standin
import numpy as np
import pytest
from test_kernels_cpu import SEVEN_CARD_CATEGORIES, deal

import croupier._kernels_cpu as K
from croupier import gpu, hands


def pointer(a: np.ndarray) -> int:
    return int(a.ctypes.data)


@pytest.fixture(scope="module")
def device(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The GPU branch of gpu.source(), built as a shared library with the stand-in."""
    return cupy_standin.compile_standin(gpu.source(), tmp_path_factory.mktemp("cuda"))


def rows_on(device: Any, grid: int, block: int, kind: int, cards: np.ndarray) -> Any:
    cards = np.ascontiguousarray(cards, dtype=np.uint8)
    out = np.full(len(cards), 12345, dtype=np.uint16)
    bad = np.zeros(1, dtype=np.uint32)
    device.launch_rows(grid, block, kind, pointer(cards), len(cards), cards.shape[1],
                       pointer(out), pointer(bad))  # fmt: skip
    return out, bool(bad[0])


GRIDS = [(1, 1), (3, 32), (7, 64)]  # (blocks, threads a block): every row by some thread


@pytest.mark.parametrize(("grid", "block"), GRIDS)
@pytest.mark.parametrize(
    ("kind", "k"),
    [(K.HIGH, 7), (K.HIGH, 6), (K.ACE_TO_FIVE, 7), (K.EIGHT, 5), (K.DEUCE_TO_SEVEN, 7),
     (K.BADUGI, 4), (K.SHORT_DECK, 7), (K.SHORT_DECK_TRIPS, 6)],
)  # fmt: skip
def test_gpu_branch_rows_equal_the_cpu_build(
    device: Any, grid: int, block: int, kind: int, k: int
) -> None:
    rng = np.random.default_rng(kind * 31 + k + grid)
    cards = deal(rng, 50_000, k)
    if kind in (K.SHORT_DECK, K.SHORT_DECK_TRIPS):
        cards = cards[(cards >= 16).all(axis=1)]
    cards[:3] = cards[:3, ::-1]
    cards[5, 0] = cards[5, 1]  # one bad row: a repeat
    values, bad = rows_on(device, grid, block, kind, cards)
    expected, expected_bad = K.rows(kind, cards)
    assert bad and expected_bad
    assert np.array_equal(values, expected)
    assert values[5] == K.BAD_ROW


@pytest.mark.parametrize(("grid", "block"), GRIDS)
def test_gpu_branch_omaha_equals_the_cpu_build(device: Any, grid: int, block: int) -> None:
    rng = np.random.default_rng(grid)
    for nh, nb in ((4, 5), (6, 3), (5, 4)):
        block_ = deal(rng, 20_000, nh + nb)
        hole, board = np.ascontiguousarray(block_[:, :nh]), np.ascontiguousarray(block_[:, nh:])
        for low in (0, 1):
            out = np.zeros(len(hole), dtype=np.uint16)
            bad = np.zeros(1, dtype=np.uint32)
            device.launch_omaha_rows(grid, block, low, pointer(hole), nh, pointer(board), nb,
                                     len(hole), pointer(out), pointer(bad))  # fmt: skip
            expected, expected_bad = K.omaha_rows(bool(low), hole, board)
            assert np.array_equal(out, expected) and not bad and not expected_bad


@pytest.mark.slow
def test_gpu_branch_enumerates_every_seven_card_hand(device: Any) -> None:
    counts = np.zeros(9, dtype=np.uint64)
    # More threads than prefixes' stride would need; the atomics add every thread's counts.
    device.launch_enumerate_high7(1024, 128, pointer(counts))
    assert counts.tolist() == SEVEN_CARD_CATEGORIES


def test_source_is_whole_and_carries_the_generated_tables() -> None:
    text = gpu.source()
    assert '#include "' not in text
    for name in ("ck_rows", "ck_omaha_rows", "ck_enumerate_high7", "CROUPIER_HIGH[",
                 "CROUPIER_OMAHA_HIGH[", "CROUPIER_TABLE"):  # fmt: skip
        assert name in text
    assert "#pragma once" not in text  # each header written in once
    assert text.index("typedef unsigned char uint8_t") < text.index("CROUPIER_CARD_KEY[256]")


class StandinDeviceArray:
    """An object that says it lives in CUDA memory (as CuPy and Numba arrays do)."""

    __cuda_array_interface__: ClassVar[dict[str, Any]] = {
        "shape": (1, 7),
        "typestr": "|u1",
        "data": (0, False),
    }


class StandinDLPack:
    def __init__(self, device_type: int) -> None:
        self.device_type = device_type

    def __dlpack_device__(self) -> tuple[int, int]:
        return (self.device_type, 0)


def test_on_device_reads_the_array_protocols() -> None:
    assert gpu.on_device(StandinDeviceArray())
    assert gpu.on_device(StandinDLPack(2))  # kDLCUDA
    assert gpu.on_device(StandinDLPack(13))  # kDLCUDAManaged
    assert not gpu.on_device(StandinDLPack(1))  # kDLCPU
    assert not gpu.on_device(np.zeros((2, 7), dtype=np.uint8))
    assert not gpu.on_device("As Ks Qs Js Ts")


needs_no_cupy = pytest.mark.skipif(
    importlib.util.find_spec("cupy") is not None,
    reason="CuPy is installed here: test_gpu_device tests the GPU path instead",
)


@needs_no_cupy
@pytest.mark.parametrize(
    "call",
    [
        lambda x: hands.high(x),
        lambda x: hands.ace_to_five_low(x),
        lambda x: hands.eight_or_better_low(x),
        lambda x: hands.deuce_to_seven_low(x),
        lambda x: hands.badugi(x),
        lambda x: hands.short_deck_high(x, trips_beat_straight=True),
        lambda x: hands.omaha_high(x, x),
        lambda x: hands.omaha_eight_or_better_low(x, x),
    ],
)
def test_a_device_array_without_cupy_names_the_extra(call: Any) -> None:
    with pytest.raises(ImportError, match=r"needs the 'gpu' extra: pip install \"\.\[gpu\]\""):
        call(StandinDeviceArray())


def test_a_device_array_still_has_its_threads_checked() -> None:
    with pytest.raises(ValueError, match="threads must be"):
        hands.high(StandinDeviceArray(), threads=0)


def test_import_croupier_needs_no_cupy() -> None:
    code = (
        "import sys, croupier, croupier.hands, croupier.gpu\n"
        "croupier.hands.high('As Ks Qs Js Ts')\n"
        "assert 'cupy' not in sys.modules, 'cupy imported'\n"
        "print(croupier.gpu.available() in (True, False))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "True"


@pytest.fixture
def standin_cupy(monkeypatch: pytest.MonkeyPatch) -> Any:
    """croupier.gpu on the CuPy stand-in (its kernels: the GPU branch built for the CPU)."""
    monkeypatch.setitem(sys.modules, "cupy", cupy_standin)
    monkeypatch.setattr(gpu, "_compiled", None)
    gpu._multiprocessors.cache_clear()
    yield cupy_standin
    gpu._multiprocessors.cache_clear()


@pytest.mark.parametrize(
    ("name", "k", "options"),
    [("high", 7, {}), ("high", 5, {}), ("ace_to_five_low", 6, {}),
     ("eight_or_better_low", 7, {}), ("deuce_to_seven_low", 7, {}), ("badugi", 4, {}),
     ("short_deck_high", 7, {}), ("short_deck_high", 6, {"trips_beat_straight": True})],
)  # fmt: skip
def test_hands_on_a_device_array_are_the_cpus(
    standin_cupy: Any, name: str, k: int, options: dict[str, bool]
) -> None:
    rng = np.random.default_rng(k)
    cards = deal(rng, 6_000, k).astype(np.int16)
    if name == "short_deck_high":
        cards = cards[(cards >= 16).all(axis=1)][:5_000]
    fn: Any = getattr(hands, name)
    shaped = cards[: len(cards) // 10 * 10].reshape(-1, 10, k)
    got = fn(standin_cupy.asarray(shaped), **options)
    assert isinstance(got, standin_cupy.ndarray) and got.dtype == np.uint16
    assert np.array_equal(standin_cupy.asnumpy(got), fn(shaped, **options))


def test_omaha_on_device_arrays_is_the_cpus(standin_cupy: Any) -> None:
    cards = deal(np.random.default_rng(5), 4_000, 10)
    hole, board = cards[:, :5], cards[:, 5:]
    for fn in (hands.omaha_high, hands.omaha_eight_or_better_low):
        got = fn(standin_cupy.asarray(hole), standin_cupy.asarray(board))
        assert np.array_equal(standin_cupy.asnumpy(got), fn(hole, board))


@pytest.mark.parametrize(
    ("change", "call"),
    [
        (lambda c: c.__setitem__((417, 3), c[417, 5]), hands.high),  # a repeat
        (lambda c: c.__setitem__((9, 0), 52), hands.high),  # past 51
        (lambda c: c.__setitem__((9, 0), -1), hands.ace_to_five_low),  # negative
        (lambda c: c.__setitem__((30, 6), 3), lambda x: hands.short_deck_high(x)),
    ],
)
def test_device_errors_are_the_cpus_word_for_word(
    standin_cupy: Any, change: Any, call: Any
) -> None:
    cards = deal(np.random.default_rng(3), 1000, 7).astype(np.int16) % 36 + 16
    cards = cards[[len(set(r)) == 7 for r in cards.tolist()]]
    change(cards)
    with pytest.raises(ValueError) as cpu_error:
        call(cards)
    with pytest.raises(ValueError) as device_error:
        call(standin_cupy.asarray(cards))
    assert str(device_error.value) == str(cpu_error.value)


def test_device_shape_and_dtype_errors_are_the_cpus(standin_cupy: Any) -> None:
    for bad in (np.zeros((3, 4), dtype=np.uint8), np.zeros((3, 7), dtype=np.float32)):
        with pytest.raises(ValueError) as cpu_error:
            hands.high(bad)
        with pytest.raises(ValueError) as device_error:
            hands.high(standin_cupy.asarray(bad))
        assert str(device_error.value) == str(cpu_error.value)
    hole = standin_cupy.asarray(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(ValueError, match="same leading shape"):
        hands.omaha_high(hole, standin_cupy.asarray(np.zeros((2, 5), dtype=np.uint8)))


def test_an_empty_device_array_gives_an_empty_one(standin_cupy: Any) -> None:
    got = hands.high(standin_cupy.asarray(np.zeros((0, 4, 7), dtype=np.uint8)))
    assert isinstance(got, standin_cupy.ndarray) and got.shape == (0, 4)


@pytest.mark.slow
def test_category_counts_and_the_benchmark_on_the_standin(
    standin_cupy: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    standin_cupy.RawModule.compiled = 0
    assert gpu.category_counts7().tolist() == SEVEN_CARD_CATEGORIES
    bench = Path(__file__).resolve().parent.parent / "bench"
    monkeypatch.syspath_prepend(str(bench))
    import bench_gpu

    monkeypatch.setattr(sys, "argv", ["bench_gpu.py", "--rows", "20000", "--repeat", "1"])
    assert bench_gpu.main() == 0
    table = capsys.readouterr().out
    assert "| every 7-card hand by category" in table and "| NO |" not in table
    assert table.count("| yes |") == 12
    assert standin_cupy.RawModule.compiled == 1  # compiled once, at first use


HOLDEM_REQUESTS = [
    (["AhKh", "QdQc"], "", {}),
    (["QQ+, AKs", "TT, 99, 88, AQs, KQs"], "", {"exact": True}),
    (["QQ+, AKs", "TT, 99, 88, AQs, KQs"], "Ks7d2c", {}),
    (["AhKh", "QdQc", "JsTs", "22"], "2c7d", {"dead": "3s"}),
    (["AA:0.5, KK", "random"], "Ah7d2c9s", {}),
]


@pytest.mark.parametrize(("hands_", "board", "options"), HOLDEM_REQUESTS)
def test_exact_equity_on_the_device_is_the_cpus(
    standin_cupy: Any, hands_: list[str], board: str, options: dict[str, Any]
) -> None:
    from croupier import NO_LIMIT, TexasHoldem, equity

    game = TexasHoldem(NO_LIMIT)
    cpu = equity(game, hands_, board=board, **options)
    device = equity(game, hands_, board=board, device="cuda", **options)
    assert device.exact and device.deals == cpu.deals
    for name in ("equity", "win", "tie"):
        assert np.allclose(getattr(device, name), getattr(cpu, name), rtol=0, atol=1e-12)


def test_monte_carlo_on_the_device_repeats_with_the_seed_and_matches_the_cpu_build(
    standin_cupy: Any,
) -> None:
    from croupier import NO_LIMIT, TexasHoldem, equity, gpu, parse_range

    game = TexasHoldem(NO_LIMIT)
    request = (game, ["AKs, QQ+:0.5", "22+"])
    first = equity(*request, board="Jc8d", samples=30_000, seed=11, device="cuda")
    again = equity(*request, board="Jc8d", samples=30_000, seed=11, device="cuda")
    other = equity(*request, board="Jc8d", samples=30_000, seed=12, device="cuda")
    assert first == again and first != other and not first.exact and first.deals == 30_000
    exact = equity(*request, board="Jc8d", exact=True)
    assert first.stderr is not None
    for p in range(2):
        assert abs(first.equity[p] - exact.equity[p]) < 4.5 * first.stderr[p]
    # The GPU branch (the stand-in) and the CPU build of the kernel: the same sums.
    ranges = [parse_range(r).without([36, 25]) for r in request[1]]
    combos = np.array([c for r in ranges for c, _ in r], dtype=np.uint8)
    starts = np.cumsum([0] + [len(r) for r in ranges])
    weights = np.array([w for r in ranges for _, w in r])
    board, dead = np.array([36, 25], np.uint8), np.zeros(0, np.uint8)
    on_device = gpu.holdem_sampled(combos, starts, weights, board, dead, 5_000, 3)
    on_cpu = gpu.holdem_sampled(combos, starts, weights, board, dead, 5_000, 3, on_device=False)
    assert np.array_equal(on_device[0], on_cpu[0])


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"device": "gpu"}, "device must be None"),
        ({"device": "cuda", "threads": 2}, "does not go with threads="),
        ({"device": "cuda", "stderr": 0.01}, "does not go with stderr="),
    ],
)
def test_device_options_are_checked(options: dict[str, Any], message: str) -> None:
    from croupier import NO_LIMIT, TexasHoldem, equity

    with pytest.raises(ValueError, match=message):
        equity(TexasHoldem(NO_LIMIT), ["AhKh", "QdQc"], **options)


def test_device_equity_is_for_texas_holdem() -> None:
    from croupier import POT_LIMIT, Omaha, equity

    with pytest.raises(ValueError, match="computes Texas Hold'em equity"):
        equity(Omaha(POT_LIMIT), ["AhKhQdQc", "2c3c4d5d"], device="cuda")


def test_nvrtc_compiles_the_kernels_for_the_gpu() -> None:
    """NVRTC itself (the nvidia-cuda-nvrtc-cu12 wheel of the test extra, no GPU needed)
    compiles gpu.source() with croupier.gpu's options, for an H100 (compute_90) and an
    A100 (compute_80), without a warning, and the PTX has every kernel."""
    import ctypes

    nvrtc_package = pytest.importorskip(
        "nvidia.cuda_nvrtc", reason="NVRTC's wheel is in the test extra on Linux only"
    )
    folder = Path(next(iter(nvrtc_package.__path__))) / "lib"
    nvrtc = ctypes.CDLL(str(sorted(folder.glob("libnvrtc.so.*"))[0]))
    for arch in (b"compute_90", b"compute_80"):
        program = ctypes.c_void_p()
        code = gpu.source().encode()
        assert (
            nvrtc.nvrtcCreateProgram(ctypes.byref(program), code, b"device.cu", 0, None, None) == 0
        )
        options = [o.encode() for o in gpu.NVRTC_OPTIONS] + [b"--gpu-architecture=" + arch]
        status = nvrtc.nvrtcCompileProgram(
            program, len(options), (ctypes.c_char_p * len(options))(*options)
        )
        size = ctypes.c_size_t()
        nvrtc.nvrtcGetProgramLogSize(program, ctypes.byref(size))
        log = ctypes.create_string_buffer(size.value)
        nvrtc.nvrtcGetProgramLog(program, log)
        assert status == 0, log.value.decode()
        assert not log.value.strip(), log.value.decode()  # no warning either
        nvrtc.nvrtcGetPTXSize(program, ctypes.byref(size))
        ptx = ctypes.create_string_buffer(size.value)
        nvrtc.nvrtcGetPTX(program, ptx)
        for kernel in ("ck_rows", "ck_omaha_rows", "ck_enumerate_high7", "ck_holdem_exact",
                       "ck_holdem_sampled"):  # fmt: skip
            assert f".entry {kernel}(".encode() in ptx.value, kernel
        nvrtc.nvrtcDestroyProgram(ctypes.byref(program))
