"""The shared kernels of ``croupier/kernels`` (the GPU's code) compiled for the CPU.

Typed interface of the Cython module ``croupier._kernels_cpu`` (see ``_kernels_cpu.pyx``).
"""

import numpy as np
import numpy.typing as npt

HIGH: int
ACE_TO_FIVE: int
EIGHT: int
DEUCE_TO_SEVEN: int
BADUGI: int
SHORT_DECK: int
SHORT_DECK_TRIPS: int
BAD_ROW: int
PREFIXES: int

def rows(kind: int, cards: npt.NDArray[np.uint8]) -> tuple[npt.NDArray[np.uint16], bool]:
    """``ck_rows``: each row's value of a kind (``BAD_ROW`` for a bad row), and whether
    there was one."""

def omaha_rows(
    low: bool, hole: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8]
) -> tuple[npt.NDArray[np.uint16], bool]:
    """``ck_omaha_rows``: the best Omaha high (or eight-or-better low), row by row."""

def enumerate_high7() -> npt.NDArray[np.uint64]:
    """``ck_enumerate_high7``: every 7-card hand counted by high category."""

MAX_PLAYERS: int
SHARE_UNIT: int
TALLIES: int

def holdem_tallies(
    holes: npt.NDArray[np.uint8],
    board: npt.NDArray[np.uint8],
    base: int,
    multisets: npt.NDArray[np.uint64],
    per: int,
) -> npt.NDArray[np.int64]:
    """``ck_holdem_exact``: each match-up's integer tallies over every completion."""

def holdem_sampled_tallies(
    combos: npt.NDArray[np.uint8],
    starts: npt.NDArray[np.int64],
    cum: npt.NDArray[np.uint64],
    board: npt.NDArray[np.uint8],
    base: int,
    key: int,
    first: int,
    samples: int,
    per: int,
) -> tuple[npt.NDArray[np.int64], bool]:
    """``ck_holdem_sampled``: the integer tallies of deals ``first`` .. and whether one
    was given up."""
