"""The key stream and the sort of a shuffle: cards ordered by 32-bit keys.

Typed interface of the Cython module ``croupier._shuffle`` (see ``_shuffle.pyx``).
"""

from typing import TypeVar

_T = TypeVar("_T")

MAX_ITEMS: int
MAX_KEY: int
MAX_PERSON: int
MAX_BLOCKS: int

def key_stream(key: bytes, person: bytes, prefix: bytes, blocks: int) -> bytes:
    """``blocks`` 64-byte digests: keyed BLAKE2b-512 of ``prefix`` + the block's number."""

def order_by_keys(stream: bytes, items: list[_T], key_index: list[int], need: int) -> list[_T]:
    """The first ``need`` of ``items`` sorted by key, ties in the order given."""
