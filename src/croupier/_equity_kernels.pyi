"""Type stub of the compiled module ``croupier._equity_kernels`` (see _equity_kernels.pyx).

The exact kernels run in chunks on croupier's thread pool (``croupier._parallel``):
``threads`` is how many of its threads a call may use (None: every core; clamped to
the cores), with the same numbers on any of them.  The sampled ones run on the calling
thread; their ``*_chunks`` forms run many chunks, each seeded with a child of a root
SeedSequence (``words``: ``croupier._seedseq.root_words``), as one job on the pool.
"""

import numpy as np
import numpy.typing as npt

# The kernels' signatures: look-alike parameter lists (and the module's __all__,
# as a stub must repeat it); each function is its own kernel.
__all__ = [
    "holdem_exact",
    "holdem_range_sampled",
    "holdem_range_sampled_chunks",
    "holdem_sampled",
    "holdem_sampled_chunks",
    "omaha_exact",
    "omaha_sampled",
    "omaha_sampled_chunks",
    "stud_exact",
    "stud_sampled",
    "stud_sampled_chunks",
]

def holdem_exact(
    holes: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    dead: npt.NDArray[np.uint8],
    threads: int | None,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """Per match-up of ``holes`` (match-ups, players, 2): mean shares over every board, boards."""

def holdem_sampled(
    holes: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    stub: npt.NDArray[np.uint8],
    missing: int,
    seed: int,
    samples: int,
) -> list[list[float]]:
    """Sums of shares over ``samples`` random completions (SplitMix64 seeded with ``seed``)."""

def holdem_range_sampled(
    combos: npt.NDArray[np.uint8],
    starts: npt.NDArray[np.int64],
    weights: npt.NDArray[np.float64],
    board: npt.NDArray[np.uint8],
    dead: npt.NDArray[np.uint8],
    seed: int,
    samples: int,
) -> list[list[float]]:
    """Sums of shares over ``samples`` random deals of weighted ranges (SplitMix64, ``seed``)."""

def omaha_exact(
    holes: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    stub: npt.NDArray[np.uint8],
    missing: int,
    hilo: bool,
    threads: int | None,
    kind: int = 0,
) -> list[list[float]]:
    """Omaha (hi or hi/lo eight-or-better) sums of shares over every completion of ``board``;
    ``kind`` 1: short-deck hold'em, 2: hold'em ranked high (royal hold'em)."""

def omaha_sampled(
    holes: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    stub: npt.NDArray[np.uint8],
    missing: int,
    hilo: bool,
    seed: int,
    samples: int,
    kind: int = 0,
) -> list[list[float]]:
    """Omaha sums of shares over ``samples`` random completions (SplitMix64, ``seed``);
    ``kind`` as in ``omaha_exact``."""

def stud_exact(
    cards: npt.NDArray[np.uint8],
    starts: npt.NDArray[np.int64],
    stub: npt.NDArray[np.uint8],
    razz: bool,
    hilo: bool,
    threads: int | None = 1,
) -> tuple[list[list[float]], int]:
    """Stud sums of shares over every way to complete each player's seven cards, and the deals."""

def stud_sampled(
    cards: npt.NDArray[np.uint8],
    starts: npt.NDArray[np.int64],
    stub: npt.NDArray[np.uint8],
    razz: bool,
    hilo: bool,
    seed: int,
    samples: int,
) -> list[list[float]]:
    """Stud sums of shares over ``samples`` random completions (SplitMix64, ``seed``)."""

def holdem_sampled_chunks(
    holes: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    stub: npt.NDArray[np.uint8],
    missing: int,
    words: list[int],
    samples: int,
    size: int,
    threads: int | None,
) -> npt.NDArray[np.float64]:
    """``holdem_sampled`` over ``samples`` deals in chunks of ``size`` on the pool; (ROWS, n)."""

def holdem_range_sampled_chunks(
    combos: npt.NDArray[np.uint8],
    starts: npt.NDArray[np.int64],
    weights: npt.NDArray[np.float64],
    board: npt.NDArray[np.uint8],
    dead: npt.NDArray[np.uint8],
    words: list[int],
    samples: int,
    size: int,
    threads: int | None,
) -> npt.NDArray[np.float64]:
    """``holdem_range_sampled`` in chunks on the pool, as ``holdem_sampled_chunks``."""

def omaha_sampled_chunks(
    holes: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    stub: npt.NDArray[np.uint8],
    missing: int,
    hilo: bool,
    words: list[int],
    samples: int,
    size: int,
    threads: int | None,
    kind: int = 0,
) -> npt.NDArray[np.float64]:
    """``omaha_sampled`` in chunks on the pool, as ``holdem_sampled_chunks``."""

def stud_sampled_chunks(
    cards: npt.NDArray[np.uint8],
    starts: npt.NDArray[np.int64],
    stub: npt.NDArray[np.uint8],
    razz: bool,
    hilo: bool,
    words: list[int],
    samples: int,
    size: int,
    threads: int | None,
) -> npt.NDArray[np.float64]:
    """``stud_sampled`` in chunks on the pool, as ``holdem_sampled_chunks``."""
