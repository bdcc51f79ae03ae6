"""A Monte Carlo chunk's seed from its job's root ``SeedSequence``, as numpy derives it.

Chunk ``k`` of a job seeded by ``root = np.random.SeedSequence(seed)`` runs on

    SeedSequence(root.entropy, spawn_key=(*root.spawn_key, k), pool_size=4)
        .generate_state(1, np.uint64)[0]

``_seedseq.h`` computes that 64-bit number in C, without the GIL, from the root's
words (:func:`root_words`, read once in Python) and ``k``; :func:`child_seed` is its
slow pure-Python twin, numpy's algorithm step by step (the specification both follow
is ``numpy.random.SeedSequence``; the tests compare all three).

The algorithm, in numpy's terms:

* the entropy (an int, or a sequence of them) and the spawn key are each made
  little-endian 32-bit words: an int ``n`` is ``n & 0xFFFFFFFF``, then
  ``n >> 32`` and so on (``0`` is one word ``[0]``);
* with a spawn key, the entropy's words are padded with zeros to the pool size (4)
  first, so that ``(entropy, key)`` never reads as a longer entropy; the key's
  words follow;
* those words are hashed into a pool of 4 words (``hashmix``, one running hash
  constant from ``INIT_A``) and mixed every pool word into every other (``mix``),
  the words past the fourth then mixed into each pool word in turn;
* ``generate_state`` hashes the pool words in a cycle (a second running constant
  from ``INIT_B``): two 32-bit words, low first, make the 64-bit seed.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

__all__ = ["POOL_SIZE", "child_seed", "int_words", "root_words"]

MASK32 = 0xFFFFFFFF
POOL_SIZE = 4
INIT_A = 0x43B0D7E5
MULT_A = 0x931E8875
INIT_B = 0x8B51F9DD
MULT_B = 0x58F38DED
MIX_MULT_L = 0xCA01F9DD
MIX_MULT_R = 0x4973F715
XSHIFT = 16  # half a 32-bit word


def int_words(n: int) -> list[int]:
    """A non-negative int as numpy's ``SeedSequence`` reads it: 32-bit words, low first.

    >>> int_words(0), int_words(5), int_words(2**32), int_words(2**64 - 1)
    ([0], [5], [0, 1], [4294967295, 4294967295])
    """
    if n < 0:
        raise ValueError(f"a seed's words come from a non-negative int, got {n}")
    words = [n & MASK32]
    n >>= 32
    while n:
        words.append(n & MASK32)
        n >>= 32
    return words


def _words(value: object) -> list[int]:
    """Entropy or a spawn key as words: an int, or a (nested) sequence of them."""
    if isinstance(value, (int, np.integer)):
        return int_words(int(value))
    if isinstance(value, np.ndarray) and value.dtype == np.uint32:
        return [int(w) for w in value.ravel()]
    if isinstance(value, (Sequence, np.ndarray)) and not isinstance(value, (str, bytes)):
        return [w for item in value for w in _words(item)]
    raise TypeError(f"a SeedSequence's entropy as ints only, got {type(value).__name__}")


def root_words(root: np.random.SeedSequence) -> list[int]:
    """The words every child of ``root`` starts with: its entropy's words padded with
    zeros to the pool size (a child always has a spawn key), then its own spawn key's.

    A child ``k`` hashes these words and then ``int_words(k)``.

    >>> root_words(np.random.SeedSequence(42))
    [42, 0, 0, 0]
    >>> root_words(np.random.SeedSequence(2**32 + 1, spawn_key=(3,)))
    [1, 1, 0, 0, 3]
    >>> root_words(np.random.SeedSequence(7, pool_size=8))
    Traceback (most recent call last):
    ...
    ValueError: croupier's chunk seeds need a pool of 4 words, got 8
    """
    if root.pool_size != POOL_SIZE:
        raise ValueError(
            f"croupier's chunk seeds need a pool of {POOL_SIZE} words, got {root.pool_size}"
        )
    entropy = _words(root.entropy)
    entropy += [0] * (POOL_SIZE - len(entropy))
    return entropy + _words(list(root.spawn_key))


def _hashmix(value: int, hash_const: list[int]) -> int:
    """numpy's ``hashmix``: the running constant advances by ``MULT_A`` each call."""
    value = (value ^ hash_const[0]) & MASK32
    hash_const[0] = (hash_const[0] * MULT_A) & MASK32
    value = (value * hash_const[0]) & MASK32
    return value ^ (value >> XSHIFT)


def _mix(x: int, y: int) -> int:
    """numpy's ``mix`` of two words."""
    result = (MIX_MULT_L * x - MIX_MULT_R * y) & MASK32
    return result ^ (result >> XSHIFT)


def _pool(entropy: list[int]) -> list[int]:
    """numpy's ``mix_entropy``: the words hashed into a pool of ``POOL_SIZE``."""
    hash_const = [INIT_A]
    pool = [_hashmix(entropy[i] if i < len(entropy) else 0, hash_const) for i in range(POOL_SIZE)]
    for i_src in range(POOL_SIZE):
        for i_dst in range(POOL_SIZE):
            if i_src != i_dst:
                pool[i_dst] = _mix(pool[i_dst], _hashmix(pool[i_src], hash_const))
    for word in entropy[POOL_SIZE:]:
        for i_dst in range(POOL_SIZE):
            pool[i_dst] = _mix(pool[i_dst], _hashmix(word, hash_const))
    return pool


def child_seed(words: list[int], k: int) -> int:
    """The first 64-bit word of ``generate_state`` of the child ``k`` of the root whose
    :func:`root_words` are ``words`` (the pure-Python twin of ``_seedseq.h``).

    >>> root = np.random.SeedSequence(42)
    >>> child = np.random.SeedSequence(root.entropy, spawn_key=(7,), pool_size=4)
    >>> child_seed(root_words(root), 7) == int(child.generate_state(1, np.uint64)[0])
    True
    >>> child_seed(root_words(root), 7)
    16176970332176372554
    """
    entropy = [*words, *[0] * (POOL_SIZE - len(words)), *int_words(k)]
    pool = _pool(entropy)
    hash_const = INIT_B
    state = []
    for i in range(2):  # one uint64: two uint32 words, low first
        value = pool[i % POOL_SIZE] ^ hash_const
        hash_const = (hash_const * MULT_B) & MASK32
        value = (value * hash_const) & MASK32
        state.append(value ^ (value >> XSHIFT))
    return state[0] | state[1] << 32
