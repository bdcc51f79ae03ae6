"""The sort of a shuffle: cards ordered by 32-bit keys read from a key stream.

Typed interface of the Cython module ``croupier._shuffle`` (see ``_shuffle.pyx``).
"""

from typing import TypeVar

_T = TypeVar("_T")

MAX_ITEMS: int

def order_by_keys(stream: bytes, items: list[_T], key_index: list[int], need: int) -> list[_T]:
    """The first ``need`` of ``items`` sorted by key, ties in the order given."""
