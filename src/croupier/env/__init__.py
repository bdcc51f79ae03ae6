"""Training environments on croupier's engine: PettingZoo, Gymnasium, vectorized tables.

Install the ``rl`` extra (PettingZoo and Gymnasium): ``pip install ".[rl]"`` in
croupier's folder; without it they raise a ``ModuleNotFoundError`` that says so.
``croupier.env.encoding``, ``actions`` and ``infostate`` need only numpy;
:class:`PokerEnv` (PettingZoo AEC), :class:`SingleAgentEnv` (Gymnasium) and
:class:`VectorEnv` are imported on first use.  Under ``CROUPIER_IMPL=pure``
(:mod:`croupier._impl`) they run on the pure-Python engine, ``fast=False`` (the
compiled kernel, :mod:`croupier.env._fast`, is left out).

>>> from croupier import KuhnPoker
>>> from croupier.env import info_state
>>> hand = KuhnPoker().start([2, 2], deck=[44, 36, 40])
>>> info_state(hand, 0), info_state(hand, 1)
('Kc||', 'Jc||')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from croupier.env.actions import DEFAULT_ACTIONS, Actions, Move
from croupier.env.encoding import Encoder
from croupier.env.infostate import info_state

if TYPE_CHECKING:
    from croupier.env.aec import PokerEnv
    from croupier.env.gym import SingleAgentEnv
    from croupier.env.vector import VectorEnv

__all__ = [
    "DEFAULT_ACTIONS",
    "Actions",
    "Encoder",
    "Move",
    "PokerEnv",
    "SingleAgentEnv",
    "VectorEnv",
    "info_state",
]

_LAZY = {
    "PokerEnv": "croupier.env.aec",
    "SingleAgentEnv": "croupier.env.gym",
    "VectorEnv": "croupier.env.vector",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        try:
            module = importlib.import_module(_LAZY[name])
        except ModuleNotFoundError as error:
            if (error.name or "").partition(".")[0] not in ("pettingzoo", "gymnasium"):
                raise
            from croupier._extras import needs

            raise ModuleNotFoundError(
                needs("rl", f"croupier.env.{name}"), name=error.name
            ) from None
        return getattr(module, name)
    if name == "ActionKind":  # the old name of Move (deprecated; warns)
        from croupier.env import actions

        return actions.ActionKind
    raise AttributeError(f"module 'croupier.env' has no attribute {name!r}")
