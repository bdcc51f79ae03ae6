"""Type stub of the compiled module ``croupier.hands`` (see hands.pyx).

``threads``: a numpy batch runs on at most that many threads of croupier's one pool
(``croupier._parallel``); None means every core this process may use, and a larger
number is clamped to that.
"""

from collections.abc import Sequence
from typing import Any, Literal, Protocol, SupportsIndex, overload

import numpy as np
import numpy.typing as npt

from croupier._ranking import Category as Category

# Text, or card codes: ints or numpy integers in 0..51 (croupier.cards.as_card).
_Cards = str | Sequence[SupportsIndex]
_CardArray = npt.NDArray[np.integer]

# An array in CUDA memory (croupier.gpu): CuPy, Numba and PyTorch arrays have
# __cuda_array_interface__, JAX arrays a CUDA __dlpack_device__; the values come back
# in the same kind of array, on the device.
class _CudaArray(Protocol):
    @property
    def __cuda_array_interface__(self) -> dict[str, Any]: ...

class _DLPackArray(Protocol):
    def __dlpack_device__(self) -> tuple[int, int]: ...

_DeviceArray = _CudaArray | _DLPackArray
_Kind = Literal[
    "high",
    "ace_to_five",
    "eight_or_better",
    "deuce_to_seven",
    "badugi",
    "short_deck",
    "short_deck_trips",
]
_CategoryKind = Literal["high", "ace_to_five", "deuce_to_seven", "short_deck", "short_deck_trips"]

# Three overloads per evaluator (a list in, an int out; a numpy array in, a numpy
# array out; a device array in, a device array out), and the module's __all__, as a
# stub must repeat them.
__all__ = [
    "Category",
    "ace_to_five_low",
    "badugi",
    "category",
    "describe",
    "deuce_to_seven_low",
    "eight_or_better_low",
    "high",
    "omaha_eight_or_better_low",
    "omaha_high",
    "short_deck_high",
]

@overload
def high(cards: _Cards, *, threads: int | None = None) -> int: ...
@overload
def high(cards: _CardArray, *, threads: int | None = None) -> npt.NDArray[np.uint16]: ...
@overload
def high(cards: _DeviceArray, *, threads: int | None = None) -> Any: ...
@overload
def ace_to_five_low(cards: _Cards, *, threads: int | None = None) -> int: ...
@overload
def ace_to_five_low(cards: _CardArray, *, threads: int | None = None) -> npt.NDArray[np.uint16]: ...
@overload
def ace_to_five_low(cards: _DeviceArray, *, threads: int | None = None) -> Any: ...
@overload
def eight_or_better_low(cards: _Cards, *, threads: int | None = None) -> int: ...
@overload
def eight_or_better_low(
    cards: _CardArray, *, threads: int | None = None
) -> npt.NDArray[np.uint16]: ...
@overload
def eight_or_better_low(cards: _DeviceArray, *, threads: int | None = None) -> Any: ...
@overload
def deuce_to_seven_low(cards: _Cards, *, threads: int | None = None) -> int: ...
@overload
def deuce_to_seven_low(
    cards: _CardArray, *, threads: int | None = None
) -> npt.NDArray[np.uint16]: ...
@overload
def deuce_to_seven_low(cards: _DeviceArray, *, threads: int | None = None) -> Any: ...
@overload
def badugi(cards: _Cards, *, threads: int | None = None) -> int: ...
@overload
def badugi(cards: _CardArray, *, threads: int | None = None) -> npt.NDArray[np.uint16]: ...
@overload
def badugi(cards: _DeviceArray, *, threads: int | None = None) -> Any: ...
@overload
def short_deck_high(
    cards: _Cards, *, trips_beat_straight: bool = False, threads: int | None = None
) -> int: ...
@overload
def short_deck_high(
    cards: _CardArray, *, trips_beat_straight: bool = False, threads: int | None = None
) -> npt.NDArray[np.uint16]: ...
@overload
def short_deck_high(
    cards: _DeviceArray, *, trips_beat_straight: bool = False, threads: int | None = None
) -> Any: ...
@overload
def omaha_high(hole: _Cards, board: _Cards, *, threads: int | None = None) -> int: ...
@overload
def omaha_high(
    hole: _CardArray, board: _CardArray, *, threads: int | None = None
) -> npt.NDArray[np.uint16]: ...
@overload
def omaha_high(hole: _DeviceArray, board: _DeviceArray, *, threads: int | None = None) -> Any: ...
@overload
def omaha_eight_or_better_low(
    hole: _Cards, board: _Cards, *, threads: int | None = None
) -> int: ...
@overload
def omaha_eight_or_better_low(
    hole: _CardArray, board: _CardArray, *, threads: int | None = None
) -> npt.NDArray[np.uint16]: ...
@overload
def omaha_eight_or_better_low(
    hole: _DeviceArray, board: _DeviceArray, *, threads: int | None = None
) -> Any: ...
@overload
def category(value: int, kind: _CategoryKind = "high") -> Category: ...
@overload
def category(
    value: npt.NDArray[np.integer], kind: _CategoryKind = "high"
) -> npt.NDArray[np.uint8]: ...
def describe(value: int, kind: _Kind = "high") -> str:
    """Text of a hand value, e.g. 'Full house, kings over nines' or 'Seven-five low'."""
