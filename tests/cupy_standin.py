"""A stand-in for the CuPy calls croupier.gpu and bench/bench_gpu.py make: arrays are
numpy arrays that say they live in CUDA memory, and ``RawModule`` compiles the CUDA
source with the system's C++ compiler against tests/data/cuda/standin.hpp, so each
kernel launch runs the GPU branch of croupier's kernels on the CPU, grid and all.
It lets the test suite run croupier.gpu's own code (conversions, launches, the bad-row
read-back, the CPU's errors) on a machine without a GPU; tests/test_gpu_device.py is
the same on a real one.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import tempfile
import types
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

STANDIN = Path(__file__).parent / "data" / "cuda" / "standin.hpp"
__version__ = "standin"

uint8, uint16, uint32, uint64 = np.uint8, np.uint16, np.uint32, np.uint64
int32, int64 = np.int32, np.int64


class ndarray:
    """An array "in CUDA memory": a numpy array inside (not a numpy array, as CuPy's
    are not), with the few methods croupier.gpu uses."""

    def __init__(self, a: np.ndarray) -> None:
        self._a = a

    @property
    def __cuda_array_interface__(self) -> dict[str, Any]:
        return dict(self._a.__array_interface__, version=3)

    dtype = property(lambda self: self._a.dtype)
    shape = property(lambda self: self._a.shape)
    ndim = property(lambda self: self._a.ndim)

    def reshape(self, *shape: Any) -> ndarray:
        return ndarray(self._a.reshape(*shape))

    def astype(self, dtype: Any) -> ndarray:
        return ndarray(self._a.astype(dtype))

    def __getitem__(self, index: Any) -> Any:
        item = self._a[index]
        return ndarray(item) if isinstance(item, np.ndarray) else item

    def __lt__(self, other: Any) -> ndarray:
        return ndarray(self._a < other)

    def __gt__(self, other: Any) -> ndarray:
        return ndarray(self._a > other)

    def __or__(self, other: ndarray) -> ndarray:
        return ndarray(self._a | other._a)


def _host(a: Any) -> np.ndarray:
    return a._a if isinstance(a, ndarray) else np.asarray(a)


def asarray(a: Any, dtype: Any = None) -> ndarray:
    return a if isinstance(a, ndarray) else ndarray(np.array(a, dtype=dtype, copy=True))


def from_dlpack(a: Any) -> ndarray:
    return ndarray(np.from_dlpack(a))


def asnumpy(a: Any) -> np.ndarray:
    return np.array(_host(a))


def empty(shape: Any, dtype: Any) -> ndarray:
    return ndarray(np.full(shape, 0xA5, dtype=dtype))  # not zeros: a kernel must write all


def zeros(shape: Any, dtype: Any) -> ndarray:
    return ndarray(np.zeros(shape, dtype=dtype))


def where(condition: Any, x: Any, y: Any) -> ndarray:
    return ndarray(np.where(_host(condition), _host(x), _host(y)))


def ascontiguousarray(a: Any) -> ndarray:
    return ndarray(np.ascontiguousarray(_host(a)))


def compile_standin(code: str, folder: Path) -> ctypes.CDLL:
    """The GPU branch of ``code`` built with the stand-in as a shared library."""
    compiler = shutil.which(os.environ.get("CXX", "c++")) or shutil.which("g++")
    assert compiler, "no C++ compiler: set CXX (the GPU branch is compiled with one)"
    source = folder / "device.cu"
    source.write_text(code)
    library = folder / "device.so"
    subprocess.run(
        [compiler, "-std=c++14", "-O2", "-shared", "-fPIC", "-Wall", "-Werror",
         "-Wno-unused-function", f"-DCROUPIER_KERNEL_SOURCE=\"{source}\"",
         "-x", "c++", str(STANDIN), "-o", str(library)],
        check=True,
    )  # fmt: skip
    lib = ctypes.CDLL(str(library))
    u, i, i64, p = ctypes.c_uint, ctypes.c_int, ctypes.c_int64, ctypes.c_void_p
    lib.launch_rows.argtypes = [u, u, i, p, i64, i, p, p]
    lib.launch_omaha_rows.argtypes = [u, u, i, p, i, p, i, i64, p, p]
    lib.launch_enumerate_high7.argtypes = [u, u, p]
    u64 = ctypes.c_uint64
    lib.launch_holdem_exact.argtypes = [u, u, p, i64, i, p, i, u64, p, i64, i64, p]
    lib.launch_holdem_sampled.argtypes = [u, u, p, p, p, i, p, i, u64, u64, i64, i64, i64, p, p]
    return lib


class RawModule:
    compiled = 0  # how many modules were asked for (croupier.gpu asks once)
    _built: ClassVar[dict[str, tuple[ctypes.CDLL, Any]]] = {}  # by source: one build a run

    def __init__(self, code: str, options: tuple[str, ...] = ()) -> None:
        if code not in RawModule._built:
            folder = tempfile.TemporaryDirectory()
            RawModule._built[code] = (compile_standin(code, Path(folder.name)), folder)
        self._lib = RawModule._built[code][0]
        RawModule.compiled += 1

    def get_function(self, name: str) -> Any:
        launch = getattr(self._lib, "launch_" + name.removeprefix("ck_"))

        def kernel(grid: tuple[int], block: tuple[int], args: tuple[Any, ...]) -> None:
            values = [a._a.ctypes.data if isinstance(a, ndarray) else int(a) for a in args]
            launch(grid[0], block[0], *values)

        return kernel


class _Device:
    attributes: ClassVar[dict[str, int]] = {"MultiProcessorCount": 2}

    def __init__(self, device: int = 0) -> None:
        self.id = device

    def synchronize(self) -> None:
        pass


cuda = types.SimpleNamespace(
    Device=_Device,
    runtime=types.SimpleNamespace(
        getDeviceCount=lambda: 1,
        getDeviceProperties=lambda n: {"name": b"stand-in GPU (the CPU)"},
    ),
)
