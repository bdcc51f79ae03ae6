"""PokerEnv's turn-by-turn state, compiled (typed interface of ``croupier.env._aec``).

:class:`AECCore` holds the attributes of PettingZoo's AEC protocol and runs
``reset``, ``last``, ``step`` and ``agent_iter``; the documentation is in
``_aec.py`` (compiled with ``_aec.pxd``).
"""

from collections.abc import Iterator
from contextlib import AbstractContextManager
from typing import Any

import numpy as np
import numpy.typing as npt
from typing_extensions import disjoint_base

from croupier.env._fast import Kernel
from croupier.games import Game
from croupier.hand import Hand
from croupier.table import Table

@disjoint_base  # a C extension type with C fields
class AECCore:
    agents: list[str]
    possible_agents: list[str]
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]
    agent_selection: str
    _skip_agent_selection: str | None
    hand: Hand | None
    table: Table | None
    _first_table: Table
    game: Game
    starting: tuple[int, ...]
    max_hands: int | None
    _summary: npt.NDArray[np.float32]
    _seats: tuple[int, ...]
    _kernel: Kernel | None
    raw: bool
    session: bool
    _inline: bool
    _rewarded: bool
    scale: float
    _width: int
    _seat_agent: list[str]
    _agent_seat: dict[str, int]
    _index: dict[str, int]
    _zeros: dict[str, float]
    _falses: dict[str, bool]
    _state: int
    def __init__(self) -> None: ...
    def _guarded(self, what: str) -> AbstractContextManager[None]: ...
    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]: ...
    def _clear_rewards(self) -> None: ...
    def _accumulate_rewards(self) -> None: ...
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None: ...
    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]: ...
    def _was_dead_step(self, action: Any) -> None: ...
    def step(self, action: int | None) -> None: ...
