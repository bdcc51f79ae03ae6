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

import re
import threading
from functools import cache
from importlib import resources
from typing import Any

from croupier._extras import require

__all__ = ["available", "category_counts7", "source"]

# ck_rows' kinds (kernels/croupier_device.h's CK_*), numbered as croupier.hands numbers
# its evaluators (the tests evaluate each kind through hands on both paths).
BADUGI = 4
BAD_ROW = 0xFFFF  # CROUPIER_BAD_ROW
PREFIXES = 270725  # CK_PREFIXES: the 4-card prefixes of ck_enumerate_high7
THREADS_PER_BLOCK = 256

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
    return resources.files("croupier").joinpath("kernels", name).read_text(encoding="utf-8")


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
        text = _read(name) if not name.startswith("../") else _parent(name[3:])
        return _INCLUDE.sub(lambda m: expand(m.group(1)), text)

    return expand("device.cu")


def _parent(name: str) -> str:
    return resources.files("croupier").joinpath(name).read_text(encoding="utf-8")


def _cupy() -> Any:
    return require("gpu", "croupier's GPU path", "cupy", " (cupy-cuda11x for CUDA 11 drivers)")


@cache
def _module() -> Any:
    cupy = _cupy()
    with _lock:
        return cupy.RawModule(code=source(), options=("-std=c++14",))


def _kernel(name: str) -> Any:
    return _module().get_function(name)


def _grid(n: int) -> tuple[int]:
    cupy = _cupy()
    device = cupy.cuda.Device()
    sms = int(device.attributes["MultiProcessorCount"])
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
    out = cupy.empty(n, dtype=cupy.uint16)
    bad = cupy.zeros(1, dtype=cupy.uint32)
    if n:
        _kernel("ck_rows")(
            _grid(n),
            (THREADS_PER_BLOCK,),
            (cupy.int32(kind), codes, cupy.int64(n), cupy.int32(k), out, bad),
        )
        if int(bad[0]):
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
    out = cupy.empty(n, dtype=cupy.uint16)
    bad = cupy.zeros(1, dtype=cupy.uint32)
    if n:
        _kernel("ck_omaha_rows")(
            _grid(n),
            (THREADS_PER_BLOCK,),
            (cupy.int32(low), hc, cupy.int32(nh), bc, cupy.int32(nb), cupy.int64(n), out, bad),
        )
        if int(bad[0]):
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
