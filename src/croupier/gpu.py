"""Hand values on a CUDA GPU, for card arrays that live there (CuPy, PyTorch, JAX).

``croupier.hands``' evaluators take such arrays as they are: an array with
``__cuda_array_interface__`` (CuPy, Numba, PyTorch) or whose ``__dlpack_device__`` is a
CUDA device (PyTorch, JAX) is evaluated on its device, with no copy to the host, and
the values come back on that device, in the same kind of array (a CuPy array for
CuPy, a ``torch.Tensor`` for PyTorch, a JAX array for JAX)::

    import cupy, croupier
    deals = cupy.asarray(my_deals, dtype=cupy.uint8)   # (n, 7) card codes
    values = croupier.hands.high(deals)                 # a cupy.ndarray of uint16

The answers are the CPU's, value for value (``croupier.hands`` says what they mean).
So are the errors: when a row is not a hand (a code outside 0..51, a card twice),
the array is copied to the host once and the CPU evaluator raises its
``ValueError``, naming the first bad row.  Checking costs one flag the kernel sets,
read back after the kernel (the one synchronisation of a call).

What it needs: the ``gpu`` extra (CuPy: ``pip install ".[gpu]"`` in croupier's folder,
or ``pip install cupy-cuda12x``; ``cupy-cuda11x`` for CUDA 11 drivers) and an NVIDIA
GPU.  No CUDA toolkit is needed to build or install croupier: the kernels are CUDA C
source shipped in the package (``croupier/kernels``) with the hand-evaluation tables
the build generated, compiled at first use by NVRTC (through CuPy; a second or so,
then cached by CuPy on disk).  ``import croupier`` never imports CuPy; this module
imports it on first use.

The kernels are plain C written once for both targets: the macro layer
``kernels/croupier_device.h`` makes them CUDA for NVRTC or C for the C compiler,
which builds them into ``croupier._kernels_cpu`` with the package.  The test suite
holds that CPU build equal to the Cython core on all 133,784,560 seven-card hands and
the other evaluators, and compiles the GPU branch of the same source with a C++
compiler and a stand-in for CUDA's thread indices and atomics, so that a machine
without a GPU runs the code the GPU runs.

>>> available() in (True, False)
True
>>> "ck_rows" in source()
True
"""

from __future__ import annotations

import math
import posixpath
import re
import threading
from functools import cache
from importlib import resources
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier._extras import require

__all__ = ["available", "category_counts7", "holdem_exact", "holdem_sampled", "source"]

# ck_rows' kinds (kernels/croupier_device.h's CK_*), numbered as croupier.hands numbers
# its evaluators (the tests evaluate each kind through hands on both paths).
BADUGI = 4
BAD_ROW = 0xFFFF  # CROUPIER_BAD_ROW
PREFIXES = 270725  # CK_PREFIXES: the 4-card prefixes of ck_enumerate_high7
THREADS_PER_BLOCK = 256
# NVRTC's options: C++14; warning 177 ("declared but never referenced") silenced, for
# the generated tables the GPU's kernels do not read (the describe() tables).
NVRTC_OPTIONS = ("-std=c++14", "--diag-suppress=177")

# DLPack device types read as CUDA memory: kDLCUDA, kDLCUDAManaged.
_CUDA_DLPACK = (2, 13)
_INCLUDE = re.compile(r'^#include "([^"]+)"$', re.MULTILINE)
_lock = threading.Lock()


def on_device(x: object) -> bool:
    """Whether ``x`` is an array in CUDA memory (``__cuda_array_interface__``, or a
    ``__dlpack_device__`` of a CUDA device).  numpy arrays and host tensors are not.

    >>> import numpy as np
    >>> on_device(np.zeros((2, 7), dtype=np.uint8)), on_device([1, 2])
    (False, False)
    """
    kind = type(x)
    if hasattr(kind, "__cuda_array_interface__"):
        return True
    device = getattr(x, "__dlpack_device__", None)
    if device is None:
        return False
    try:
        return int(device()[0]) in _CUDA_DLPACK
    except Exception:  # a host array whose __dlpack_device__ refuses: not ours
        return False


def available() -> bool:
    """Whether the GPU path can run here: CuPy imports and sees a CUDA device.

    >>> isinstance(available(), bool)
    True
    """
    try:
        import cupy  # type: ignore[import-not-found, unused-ignore]

        return int(cupy.cuda.runtime.getDeviceCount()) > 0
    except Exception:  # no CuPy, no driver, no device: the CPU path only
        return False


def _read(name: str) -> str:
    """A file of the package by its path from ``croupier/kernels`` (``../_bits.h`` too)."""
    path = posixpath.normpath(posixpath.join("kernels", name))
    return resources.files("croupier").joinpath(*path.split("/")).read_text(encoding="utf-8")


@cache
def source() -> str:
    """The CUDA source NVRTC compiles: ``kernels/device.cu`` with every header it
    includes written in (the generated tables among them), so the text itself is the
    whole kernel (CuPy caches compiled kernels by their source text).

    >>> text = source()
    >>> '#include "' in text, "CROUPIER_HIGH[" in text
    (False, True)
    """
    seen: set[str] = set()

    def expand(name: str) -> str:
        if name in seen:  # every header is #pragma once
            return ""
        seen.add(name)
        return _INCLUDE.sub(lambda m: expand(m.group(1)), _read(name))

    # One text: each header is written in once, so its "#pragma once" has done its
    # work (left in, a compiler may warn of it in the main file).
    return "\n".join(
        line for line in expand("device.cu").splitlines() if line.strip() != "#pragma once"
    )


def _cupy() -> Any:
    return require("gpu", "croupier's GPU path", "cupy", " (cupy-cuda11x for CUDA 11 drivers)")


_compiled: Any = None  # the RawModule, compiled on first use (one compile per process)


def _module() -> Any:
    global _compiled
    with _lock:  # two threads' first calls compile once
        if _compiled is None:
            _compiled = _cupy().RawModule(code=source(), options=NVRTC_OPTIONS)
        return _compiled


def _kernel(name: str) -> Any:
    return _module().get_function(name)


@cache
def _multiprocessors(device: int) -> int:
    return int(_cupy().cuda.Device(device).attributes["MultiProcessorCount"])


def _grid(n: int) -> tuple[int]:
    """Blocks for ``n`` items: one thread an item, at most 32 blocks a multiprocessor
    (the grid-stride loops take the rest)."""
    sms = _multiprocessors(int(_cupy().cuda.Device().id))
    return (max(1, min((n + THREADS_PER_BLOCK - 1) // THREADS_PER_BLOCK, sms * 32)),)


def _as_cupy(x: object) -> Any:
    cupy = _cupy()
    if isinstance(x, cupy.ndarray):
        return x
    if hasattr(type(x), "__cuda_array_interface__"):
        return cupy.asarray(x)
    return cupy.from_dlpack(x)


def _like(x: object, values: Any) -> Any:
    """``values`` (a CuPy array) as the kind of array ``x`` is: CuPy stays CuPy; PyTorch
    and JAX get their own array through DLPack (no copy)."""
    package = type(x).__module__.split(".")[0]
    if package == "torch":
        import torch  # type: ignore[import-not-found, unused-ignore]

        return torch.from_dlpack(values)
    if package in ("jax", "jaxlib"):
        import jax.dlpack  # type: ignore[import-not-found, unused-ignore]

        return jax.dlpack.from_dlpack(values)
    return values


def _codes(cupy: Any, flat: Any) -> Any:
    """The uint8 codes of an integer array on the device, C-contiguous: a value outside
    0..51 becomes 255, which the kernel's row check refuses."""
    if flat.dtype != cupy.uint8:
        flat = cupy.where((flat < 0) | (flat > 51), 255, flat).astype(cupy.uint8)
    return cupy.ascontiguousarray(flat)


def _cpu_error(cpu: Any, *arrays: Any, **options: Any) -> None:
    """Raise the CPU evaluator's ValueError for arrays the GPU refused (copied to the host)."""
    cupy = _cupy()
    cpu(*(cupy.asnumpy(a) for a in arrays), **options)
    raise ValueError("the GPU refused a row the CPU accepts (did the array change?)")


def _rows(name: str, n: int, *args: Any) -> Any:
    """Row kernel ``name`` over ``n`` rows (its arguments up to the values and the flag):
    the values, or None when a row was not a hand (the kernel set the flag)."""
    cupy = _cupy()
    out = cupy.empty(n, dtype=cupy.uint16)
    bad = cupy.zeros(1, dtype=cupy.uint32)
    if n:
        _kernel(name)(_grid(n), (THREADS_PER_BLOCK,), (*args, out, bad))
        if int(bad[0]):  # the one read-back of a call
            return None
    return out


def evaluate(kind: int, cards: object, cpu: Any, **options: Any) -> Any:
    """The values of ``croupier.hands``' evaluator of kernel ``kind`` for an array on a CUDA
    device (``cpu``: that evaluator, which raises the errors, called with ``options``)."""
    cupy = _cupy()
    arr = _as_cupy(cards)
    lo, hi = (4, 4) if kind == BADUGI else (5, 7)
    if arr.dtype.kind not in "iu" or arr.ndim < 1 or not lo <= arr.shape[-1] <= hi:
        _cpu_error(cpu, arr, **options)
    k = int(arr.shape[-1])
    lead = arr.shape[:-1]
    codes = _codes(cupy, arr.reshape(-1, k))
    n = int(codes.shape[0])
    out = _rows("ck_rows", n, cupy.int32(kind), codes, cupy.int64(n), cupy.int32(k))
    if out is None:
        _cpu_error(cpu, arr, **options)
    return _like(cards, out.reshape(lead))


def evaluate_omaha(low: bool, hole: object, board: object, cpu: Any) -> Any:
    """``croupier.hands.omaha_high`` (or the low) for arrays on a CUDA device."""
    cupy = _cupy()
    h, b = _as_cupy(hole), _as_cupy(board)
    if (
        h.dtype.kind not in "iu"
        or b.dtype.kind not in "iu"
        or h.ndim < 1
        or b.ndim < 1
        or h.shape[:-1] != b.shape[:-1]
        or not 4 <= h.shape[-1] <= 6
        or not 3 <= b.shape[-1] <= 5
    ):
        _cpu_error(cpu, h, b)
    nh, nb = int(h.shape[-1]), int(b.shape[-1])
    hc, bc = _codes(cupy, h.reshape(-1, nh)), _codes(cupy, b.reshape(-1, nb))
    n = int(hc.shape[0])
    out = _rows(
        "ck_omaha_rows", n, cupy.int32(low), hc, cupy.int32(nh), bc, cupy.int32(nb), cupy.int64(n)
    )
    if out is None:
        _cpu_error(cpu, h, b)
    return _like(hole, out.reshape(h.shape[:-1]))


def category_counts7() -> Any:
    """How many of the 133,784,560 seven-card hands fall in each high ``Category``, counted
    on the GPU (a numpy array of 9 counts, high card first).  Needs CuPy and a GPU.

    The same kernel compiled for the CPU is ``croupier._kernels_cpu.enumerate_high7``,
    which gives the counts on any machine (in about half a second):

    >>> import croupier._kernels_cpu
    >>> counts = croupier._kernels_cpu.enumerate_high7()
    >>> int(counts[8])  # straight flushes, royal ones included
    41584
    """
    cupy = _cupy()
    counts = cupy.zeros(9, dtype=cupy.uint64)
    _kernel("ck_enumerate_high7")(_grid(PREFIXES), (THREADS_PER_BLOCK,), (counts,))
    return cupy.asnumpy(counts)


# ----------------------------------------------------------------------------
# Exact Hold'em equity (kernels/equity.h)
# ----------------------------------------------------------------------------

MAX_PLAYERS = 10  # CK_MAX_PLAYERS: shares are counted in units of 1 / lcm(1..10)
SHARE_UNIT = 2520  # CK_SHARE_UNIT
ROWS = 6  # the rows of _equity_kernels.holdem_exact's means
# Rank multisets a work item of ck_holdem_exact scores: enough to keep every GPU
# thread busy for tens of microseconds, few enough that a match-up spreads over many.
MULTISETS_PER_ITEM = 64
PIECE_ITEMS = 1 << 20  # work items a kernel launch (Ctrl-C is checked between launches)
DEALS_PER_ITEM = 256  # Monte Carlo deals a work item of ck_holdem_sampled deals


@cache
def rank_multisets(k: int) -> npt.NDArray[np.uint64]:
    """Every multiset of ``k`` of the 13 ranks with at most 4 of a rank, packed as 13
    counts of 3 bits (rank 0, the deuce, lowest): the rank patterns of ``k`` board cards.

    >>> len(rank_multisets(5)), len(rank_multisets(2))
    (6175, 91)
    >>> int(rank_multisets(1).max()) == 1 << 36  # one ace (rank 12: bits 36..38)
    True
    """
    found: list[int] = []

    def fill(rank: int, left: int, packed: int) -> None:
        if left == 0:
            found.append(packed)
            return
        if rank == 13:
            return
        for count in range(min(4, left) + 1):
            fill(rank + 1, left - count, packed | (count << (3 * rank)))

    fill(0, k, 0)
    table = np.array(found, dtype=np.uint64)
    table.flags.writeable = False
    return table


def card_bits(cards: npt.NDArray[np.uint8]) -> int:
    """The 64-bit mask of a set of card codes (0..51).

    >>> card_bits(np.array([0, 51], dtype=np.uint8)) == 1 | 1 << 51
    True
    """
    bits = 0
    for c in cards.tolist():
        bits |= 1 << c
    return bits


def _checked(
    holes: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8], dead: npt.NDArray[np.uint8]
) -> int:
    """The board's and dead cards' bits, after the checks (and errors) of
    ``_equity_kernels.holdem_exact``."""
    m, n = holes.shape[0], holes.shape[1]
    if n > MAX_PLAYERS or n < 2:
        raise ValueError(f"the GPU's exact Hold'em takes 2 to {MAX_PLAYERS} players, got {n}")
    if holes.shape[2] != 2:
        raise ValueError(f"Hold'em hands have 2 cards, not {holes.shape[2]}")
    if len(board) > 5:
        raise ValueError(f"the board has 5 cards, not {len(board)}")
    if (board > 51).any() or len(set(board.tolist())) < len(board):
        raise ValueError("the board has a card that is not in 0..51 or is given twice")
    base = card_bits(board)
    if (dead > 51).any() or len(set(dead.tolist())) < len(dead) or card_bits(dead) & base:
        raise ValueError("a dead card is not in 0..51, is on the board or is given twice")
    base |= card_bits(dead)
    if m:
        cards = holes.reshape(m, 2 * n)
        ordered = np.sort(cards, axis=1)
        in_base = np.zeros(64, dtype=bool)
        in_base[[c for c in range(52) if base >> c & 1]] = True
        bad = (cards > 51).any(axis=1) | (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        bad |= in_base[np.minimum(cards, 63)].any(axis=1)
        bad |= 52 - bin(base).count("1") - 2 * n < 5 - len(board)
        if bad.any():
            first = int(np.flatnonzero(bad)[0])
            raise ValueError(
                f"match-up {first}: a hole card is not in 0..51 or is given twice, "
                "or too few cards are left for the board"
            )
    return base


def holdem_exact(
    holes: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    dead: npt.NDArray[np.uint8],
    *,
    on_device: bool = True,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """Exact Hold'em shares of many match-ups over every completion of ``board``: the
    answer of ``croupier._equity_kernels.holdem_exact`` (``means``, ``(m, 6, n)``, and
    ``boards``, ``(m,)``), computed by ``kernels/equity.h`` on the GPU, or with
    ``on_device=False`` by the same kernel built for the CPU (one thread).

    ``croupier.equity(..., device="cuda")`` calls it for Hold'em.  The sums are integers
    (a share in units of 1 / 2520), so they do not depend on the order the GPU adds
    them in; the CPU kernel's floating-point sums agree to about 1e-13.  2 to 10 players.

    >>> from croupier import parse_cards
    >>> holes = np.array([[parse_cards("AhKh"), parse_cards("QdQc")]], dtype=np.uint8)
    >>> board = np.array(parse_cards("2c7d9hKs"), dtype=np.uint8)
    >>> means, boards = holdem_exact(holes, board, np.zeros(0, np.uint8), on_device=False)
    >>> int(boards[0]), [round(44 * share) for share in means[0][0]]  # QdQc needs a queen
    (44, [42, 2])
    """
    holes = np.ascontiguousarray(holes, dtype=np.uint8)
    board = np.ascontiguousarray(board, dtype=np.uint8)
    dead = np.ascontiguousarray(dead, dtype=np.uint8)
    base = _checked(holes, board, dead)
    m, n = holes.shape[0], holes.shape[1]
    multisets = rank_multisets(5 - len(board))
    # In pieces of match-ups, so that Ctrl-C stops the call between two (a GPU kernel
    # cannot be interrupted): about a million work items a piece.
    per = MULTISETS_PER_ITEM
    slices = -(-len(multisets) // per)
    step = max(1, PIECE_ITEMS // slices)
    tallies = np.zeros((m, 4, n), dtype=np.int64)
    if on_device and m:  # what every piece reads, copied to the device once
        cupy = _cupy()
        board_d, multisets_d = cupy.asarray(board), cupy.asarray(multisets)
    for start in range(0, m, step):
        part = holes[start : start + step]
        if on_device:
            out = cupy.zeros((len(part), 4, n), dtype=cupy.int64)
            _kernel("ck_holdem_exact")(
                _grid(len(part) * slices),
                (THREADS_PER_BLOCK,),
                (cupy.asarray(part), cupy.int64(len(part)), cupy.int32(n), board_d,
                 cupy.int32(len(board)), cupy.uint64(base), multisets_d,
                 cupy.int64(len(multisets)), cupy.int64(per), out),
            )  # fmt: skip
            tallies[start : start + step] = cupy.asnumpy(out)
        else:
            import croupier._kernels_cpu as _kernels_cpu

            tallies[start : start + step] = _kernels_cpu.holdem_tallies(
                part, board, base, multisets, per
            )
    left = 52 - bin(base).count("1") - 2 * n
    boards = np.full(m, math.comb(left, 5 - len(board)), dtype=np.int64)
    return _shares(tallies, boards[:, None].astype(np.float64)), boards


def _shares(tallies: npt.NDArray[np.int64], divisor: Any) -> npt.NDArray[np.float64]:
    """The rows of ``_equity_kernels`` (equity, high, low, win, tie, equity squared) from
    the kernels' integer tallies (``(..., 4, n)``: shares x 2520, squared shares x 2520^2,
    won alone, split), each divided by ``divisor`` (the boards, or 1 for sums)."""
    rows = np.zeros((*tallies.shape[:-2], ROWS, tallies.shape[-1]))
    rows[..., 0, :] = tallies[..., 0, :] / (divisor * SHARE_UNIT)
    rows[..., 1, :] = rows[..., 0, :]
    rows[..., 3, :] = tallies[..., 2, :] / divisor
    rows[..., 4, :] = tallies[..., 3, :] / divisor
    rows[..., 5, :] = tallies[..., 1, :] / (divisor * SHARE_UNIT * SHARE_UNIT)
    return rows


def thresholds(weights: npt.NDArray[np.float64]) -> npt.NDArray[np.uint64]:
    """A range's cumulative weights as integer thresholds out of 2^53 (the last one
    exactly 2^53): a uniform 53-bit number below threshold ``i`` and not below the one
    before picks combination ``i``.  Computed once on the host, so the GPU and the CPU
    pick alike.

    >>> thresholds(np.array([1.0, 0.0, 3.0])).tolist() == [2**51, 2**51, 2**53]
    True
    """
    prefix = np.cumsum(np.asarray(weights, dtype=np.float64))
    cum: npt.NDArray[np.uint64] = np.floor(prefix / prefix[-1] * float(1 << 53)).astype(np.uint64)
    cum[-1] = np.uint64(1 << 53)
    return cum


def holdem_sampled(
    combos: npt.NDArray[np.uint8],
    starts: npt.NDArray[np.int64],
    weights: npt.NDArray[np.float64],
    board: npt.NDArray[np.uint8],
    dead: npt.NDArray[np.uint8],
    samples: int,
    seed: int | None,
    *,
    on_device: bool = True,
) -> tuple[npt.NDArray[np.float64], int]:
    """Monte Carlo Hold'em equity of ranges (2 to 10): ``samples`` deals, each player's
    combination drawn by weight (``combos[starts[p]:starts[p + 1]]``, with ``weights``),
    a deal whose hands share a card drawn again, the board completed at random.
    Returns the summed rows of ``croupier._equity_result.result_of`` and the deals.

    Deal ``g`` uses random numbers hashed from the seed and ``g`` alone
    (``kernels/equity.h``), and the sums are integers: the same answer for a seed on
    the GPU and on the CPU build of the same kernel (``on_device=False``), on any grid.
    Its random numbers are not numpy's, so a seed gives other deals than
    ``croupier.equity`` on the CPU (the same distribution).

    >>> combos = np.array([[51, 47], [43, 42]], dtype=np.uint8)  # AsKs v QsQh
    >>> starts = np.array([0, 1, 2])
    >>> sums, deals = holdem_sampled(combos, starts, np.ones(2), np.zeros(0, np.uint8),
    ...                              np.zeros(0, np.uint8), 2000, seed=1, on_device=False)
    >>> deals, bool(abs(sums[0][0] / deals - 0.46) < 0.05)
    (2000, True)
    """
    combos = np.ascontiguousarray(combos, dtype=np.uint8).reshape(-1, 2)
    starts = np.ascontiguousarray(starts, dtype=np.int64)
    weights = np.asarray(weights, dtype=np.float64)
    board = np.ascontiguousarray(board, dtype=np.uint8)
    dead = np.ascontiguousarray(dead, dtype=np.uint8)
    n = len(starts) - 1
    if not 2 <= n <= MAX_PLAYERS:
        raise ValueError(f"the GPU's Monte Carlo takes 2 to {MAX_PLAYERS} ranges, got {n}")
    holes = np.zeros((0, n, 2), dtype=np.uint8)
    base = _checked(holes, board, dead)
    if len(weights) != len(combos) or (combos > 51).any() or (weights < 0).any():
        raise ValueError("each combination needs two card codes in 0..51 and a weight >= 0")
    cum = np.concatenate([thresholds(weights[starts[p] : starts[p + 1]]) for p in range(n)]).astype(
        np.uint64
    )
    key = int(np.random.SeedSequence(seed).generate_state(1, np.uint64)[0])
    tallies = np.zeros((4, n), dtype=np.int64)
    failed = False
    step = PIECE_ITEMS * DEALS_PER_ITEM
    if on_device:  # what every piece reads, copied to the device once
        cupy = _cupy()
        combos_d, starts_d, cum_d, board_d = (cupy.asarray(a) for a in (combos, starts, cum, board))
    for first in range(0, samples, step):
        count = min(step, samples - first)
        if on_device:
            out = cupy.zeros((4, n), dtype=cupy.int64)
            flag = cupy.zeros(1, dtype=cupy.uint32)
            _kernel("ck_holdem_sampled")(
                _grid(-(-count // DEALS_PER_ITEM)),
                (THREADS_PER_BLOCK,),
                (combos_d, starts_d, cum_d, cupy.int32(n), board_d, cupy.int32(len(board)),
                 cupy.uint64(base), cupy.uint64(key), cupy.int64(first), cupy.int64(count),
                 cupy.int64(DEALS_PER_ITEM), out, flag),
            )  # fmt: skip
            tallies += cupy.asnumpy(out)
            failed |= bool(int(flag[0]))
        else:
            import croupier._kernels_cpu as _kernels_cpu

            part, gave_up = _kernels_cpu.holdem_sampled_tallies(
                combos, starts, cum, board, base, key, first, count, DEALS_PER_ITEM
            )
            tallies += part
            failed |= gave_up
    if failed:
        raise ValueError(
            "the ranges share cards too often: a deal was drawn again 4,096 times without "
            "hands that fit together (run it on the CPU: device=None)"
        )
    return _shares(tallies, np.float64(1.0)), samples
