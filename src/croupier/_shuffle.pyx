# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, embedsignature=True
"""The key stream and the sort of a shuffle: cards ordered by 32-bit keys.

The engine's shuffles (``croupier._deck._shuffled`` and ``_reshuffled``) give
each card a 32-bit key from a BLAKE2b stream keyed by the hand's seed and sort
the cards by key, ties in the order given (docs/rules.md §1.5).  This module is
both in C.

:func:`key_stream` is the stream: blocks of keyed BLAKE2b-512 (RFC 7693) of
a prefix and the block's number, the key block compressed once.  It is
BLAKE2b written out here, not hashlib's, because the hashlib objects cost
more than the hashing: a deck's four blocks took 2.7 µs through
``blake2b(key=…, person=…)``, ``copy``, ``update`` and ``digest``, and take
1.4 µs here (a seeded Hold'em deal: 7.2 → 6.1 µs).  ``tests/test_shuffle.py``
holds it to hashlib's digests over thousands of keys, personalisations and
prefixes.

:func:`order_by_keys` is the sort: one key per card read from the stream
(little-endian), the key and the card's place packed in one 64-bit integer,
an insertion sort of at most 64 of them that keeps only the first ``need``.
It gives exactly ``sorted(items, key=...)`` (a stable sort) and runs in about
half a microsecond for a 52-card deck, against 3.7 µs for Python's
``sorted`` with a key function.
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

cdef uint64_t _IV[8]
_IV[:] = [
    0x6A09E667F3BCC908ULL, 0xBB67AE8584CAA73BULL, 0x3C6EF372FE94F82BULL, 0xA54FF53A5F1D36F1ULL,
    0x510E527FADE682D1ULL, 0x9B05688C2B3E6C1FULL, 0x1F83D9ABFB41BD6BULL, 0x5BE0CD19137E2179ULL,
]
cdef uint8_t _SIGMA[10][16]  # the message schedule; rounds 10 and 11 reuse rows 0 and 1
_SIGMA[:] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
    [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
    [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
    [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
    [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
    [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
    [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
    [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
    [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
]

MAX_KEY = 64
MAX_PERSON = 16
MAX_BLOCKS = 256


cdef inline uint64_t _load64(const uint8_t* p) noexcept nogil:
    """The little-endian 64-bit word at ``p`` (on any host)."""
    return (<uint64_t>p[0] | (<uint64_t>p[1] << 8) | (<uint64_t>p[2] << 16)
            | (<uint64_t>p[3] << 24) | (<uint64_t>p[4] << 32) | (<uint64_t>p[5] << 40)
            | (<uint64_t>p[6] << 48) | (<uint64_t>p[7] << 56))


cdef inline uint64_t _rotr(uint64_t x, int n) noexcept nogil:
    return (x >> n) | (x << (64 - n))


cdef inline void _g(
    uint64_t* v, int a, int b, int c, int d, uint64_t x, uint64_t y
) noexcept nogil:
    """BLAKE2b's mixing function G (RFC 7693 §3.1)."""
    v[a] = v[a] + v[b] + x
    v[d] = _rotr(v[d] ^ v[a], 32)
    v[c] = v[c] + v[d]
    v[b] = _rotr(v[b] ^ v[c], 24)
    v[a] = v[a] + v[b] + y
    v[d] = _rotr(v[d] ^ v[a], 16)
    v[c] = v[c] + v[d]
    v[b] = _rotr(v[b] ^ v[c], 63)


cdef void _compress(uint64_t* h, const uint8_t* block, uint64_t counter, bint last) noexcept nogil:
    """BLAKE2b's compression function F (RFC 7693 §3.2) of one 128-byte block."""
    cdef uint64_t v[16]
    cdef uint64_t m[16]
    cdef int i, r
    cdef const uint8_t* s
    for i in range(16):
        m[i] = _load64(block + 8 * i)
    for i in range(8):
        v[i] = h[i]
        v[i + 8] = _IV[i]
    v[12] ^= counter
    if last:
        v[14] = ~v[14]
    for r in range(12):
        s = _SIGMA[r % 10]
        _g(v, 0, 4, 8, 12, m[s[0]], m[s[1]])
        _g(v, 1, 5, 9, 13, m[s[2]], m[s[3]])
        _g(v, 2, 6, 10, 14, m[s[4]], m[s[5]])
        _g(v, 3, 7, 11, 15, m[s[6]], m[s[7]])
        _g(v, 0, 5, 10, 15, m[s[8]], m[s[9]])
        _g(v, 1, 6, 11, 12, m[s[10]], m[s[11]])
        _g(v, 2, 7, 8, 13, m[s[12]], m[s[13]])
        _g(v, 3, 4, 9, 14, m[s[14]], m[s[15]])
    for i in range(8):
        h[i] ^= v[i] ^ v[i + 8]


def key_stream(bytes key, bytes person, bytes prefix, Py_ssize_t blocks):
    """``blocks`` 64-byte digests: keyed BLAKE2b-512 of ``prefix`` + the block's number
    (one byte), with ``person`` as its personalisation; what
    ``b"".join(blake2b(prefix + bytes([b]), key=key, digest_size=64,
    person=person).digest() for b in range(blocks))`` gives.

    >>> from hashlib import blake2b
    >>> key_stream(b"7", b"croupier-deck", b"", 2) == b"".join(
    ...     blake2b(bytes([b]), key=b"7", digest_size=64, person=b"croupier-deck").digest()
    ...     for b in range(2))
    True
    >>> key_stream(b"", b"", b"", 1)
    Traceback (most recent call last):
    ...
    ValueError: the key must be 1 to 64 bytes, got 0
    """
    cdef Py_ssize_t n_key = len(key), n_person = len(person), n_prefix = len(prefix), b, i
    cdef uint64_t keyed[8]
    cdef uint64_t h[8]
    cdef uint8_t block[128]
    cdef uint8_t param[16]
    if not 1 <= n_key <= MAX_KEY:
        raise ValueError(f"the key must be 1 to {MAX_KEY} bytes, got {n_key}")
    if n_person > MAX_PERSON:
        raise ValueError(f"person must be at most {MAX_PERSON} bytes, got {n_person}")
    if n_prefix >= 128:
        raise ValueError(f"prefix must be at most 127 bytes, got {n_prefix}")
    if not 0 <= blocks <= MAX_BLOCKS:
        raise ValueError(f"blocks must be 0 to {MAX_BLOCKS}, got {blocks}")
    out = PyBytes_FromStringAndSize(NULL, 64 * blocks)
    cdef uint8_t* dest = <uint8_t*>PyBytes_AS_STRING(out)
    # The parameter block: digest length 64, the key's length, fanout 1, depth 1,
    # no salt; the personalisation in its last 16 bytes.
    memset(param, 0, 16)
    memcpy(param, PyBytes_AS_STRING(person), n_person)
    for i in range(8):
        keyed[i] = _IV[i]
    keyed[0] ^= 0x01010040ULL | (<uint64_t>n_key << 8)
    keyed[6] ^= _load64(param)
    keyed[7] ^= _load64(param + 8)
    memset(block, 0, 128)
    memcpy(block, PyBytes_AS_STRING(key), n_key)
    _compress(keyed, block, 128, False)  # the key block, never the last one
    for b in range(blocks):
        memset(block, 0, 128)
        memcpy(block, PyBytes_AS_STRING(prefix), n_prefix)
        block[n_prefix] = <uint8_t>b
        memcpy(h, keyed, sizeof(h))
        _compress(h, block, 128 + n_prefix + 1, True)
        for i in range(64):
            dest[64 * b + i] = <uint8_t>(h[i >> 3] >> (8 * (i & 7)))
    return out

MAX_ITEMS = 64


def order_by_keys(bytes stream, list items, list key_index, Py_ssize_t need):
    """The first ``need`` of ``items`` sorted by key, ties in the order given.

    Item ``i``'s key is the little-endian 32-bit word number ``key_index[i]``
    of ``stream`` (an int; ``list(range(len(items)))`` keys the items by their
    place).  At most 64 items; every key index must lie inside the stream.

    >>> stream = bytes([3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0])
    >>> order_by_keys(stream, ["a", "b", "c", "d"], [0, 1, 2, 3], 4)
    ['b', 'd', 'c', 'a']
    >>> order_by_keys(stream, ["a", "b"], [0, 9], 2)
    Traceback (most recent call last):
    ...
    ValueError: key index 9 is outside the key stream (4 keys)
    """
    cdef Py_ssize_t n = len(items)
    cdef Py_ssize_t keys = len(stream) >> 2
    cdef Py_ssize_t i, j, k
    cdef uint64_t packed[64]
    cdef uint64_t v
    cdef const unsigned char* data = stream
    cdef object index
    if n > MAX_ITEMS or len(key_index) != n:
        raise ValueError(f"{n} items and {len(key_index)} key indices (at most {MAX_ITEMS} items)")
    if not 0 <= need <= n:
        raise ValueError(f"need must be in 0..{n}, got {need}")
    for i in range(n):
        index = key_index[i]
        k = -1
        if type(index) is int:
            try:
                k = index
            except OverflowError:
                k = -1
        if not 0 <= k < keys:
            raise ValueError(f"key index {index!r} is outside the key stream ({keys} keys)")
        v = (<uint64_t>data[4 * k]
             | (<uint64_t>data[4 * k + 1] << 8)
             | (<uint64_t>data[4 * k + 2] << 16)
             | (<uint64_t>data[4 * k + 3] << 24))
        packed[i] = (v << 6) | <uint64_t>i  # the key, then the place: a stable order
    # Insertion sort that keeps only the smallest ``need`` (the cards dealt):
    # packed[0:m] holds the smallest seen so far, in order.
    cdef Py_ssize_t m = 0
    for i in range(n):
        v = packed[i]
        if m == need and (need == 0 or v >= packed[m - 1]):
            continue  # not among the smallest need
        j = m - 1 if m < need else m - 2  # when full, the largest kept drops out
        while j >= 0 and packed[j] > v:
            packed[j + 1] = packed[j]
            j -= 1
        packed[j + 1] = v
        if m < need:
            m += 1
    return [items[<Py_ssize_t>(packed[i] & 63)] for i in range(need)]
