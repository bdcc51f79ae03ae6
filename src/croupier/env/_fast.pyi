"""The compiled hot paths of the environments (typed interface of ``croupier.env._fast``).

:class:`Kernel` writes the observations of :class:`croupier.env.encoding.Encoder`
and plays the actions of :class:`croupier.env.actions.Actions` in C; the
documentation is in ``_fast.pyx``.
"""

from collections.abc import Callable
from typing import Any, final

import numpy as np
import numpy.typing as npt

from croupier.env.actions import Actions
from croupier.env.encoding import Encoder
from croupier.hand import Hand

@final
class Kernel:
    encoder: Encoder
    actions: Actions
    n: int
    size: int
    def __init__(self, encoder: Encoder, actions: Actions) -> None: ...
    def encode(
        self,
        hand: Hand,
        seat: int,
        summary: npt.NDArray[np.float32],
        out: npt.NDArray[np.float32],
    ) -> None: ...
    def fill_mask(self, hand: Hand, out: npt.NDArray[np.int8]) -> None: ...
    def apply(self, hand: Hand, index: int) -> int | None: ...
    def bind(self, summary: npt.NDArray[np.float32]) -> None: ...
    def observe(self, hand: Hand, seat: int, width: int, live: bool) -> dict[str, Any]: ...
    def play(self, hand: Hand, index: int) -> int | None: ...
    def write(
        self,
        hands: list[Hand],
        summaries: npt.NDArray[np.float32],
        observations: npt.NDArray[np.float32],
        masks: npt.NDArray[np.int8],
        seats: npt.NDArray[np.int64],
    ) -> None: ...
    def step(
        self,
        hands: list[Hand],
        actions: list[int],
        start: Callable[[list[int], int], Hand],
        stacks: list[int],
        bits: Callable[[int], int],
        tries: int,
        summaries: npt.NDArray[np.float32],
        rewards: npt.NDArray[np.float32],
        dones: npt.NDArray[np.uint8],
    ) -> None: ...
