# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, embedsignature=True
"""Hold'em equity kernels: every board (exact) or random boards, without the GIL.

Used by ``croupier.equity`` for Hold'em with known hole cards.  Boards are
enumerated with running sums: each added card adds its ``CARD_KEY`` (rank
multiplier and suit counter) and its bit in a per-suit rank mask, so a
player's seven-card value costs one add, one flush test and one hash lookup.
The first board card is shared out among the threads in chunks.

Both functions return, per player, the sums over all boards of: the share of
the pot won, the share of the high (same here), 0 for the low, 1 if the whole
pot was won alone, 1 if the high was tied, and the squared share (rows 0..5,
as ``croupier.equity_calc._evaluate_chunk``).
"""

from cython.parallel cimport parallel, prange, threadid
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free

from croupier._eval cimport (
    CROUPIER_CARD_KEY,
    CROUPIER_FLUSH,
    CROUPIER_FLUSH_BITS,
    CROUPIER_HIGH,
    CROUPIER_RANK,
    CROUPIER_SUIT_BIAS,
    CROUPIER_SUIT_SHIFT,
    croupier_ctz64,
    hash_slot,
)

__all__ = ["holdem_exact", "holdem_sampled"]

cdef enum:
    MAX_PLAYERS = 23
    ROWS = 6


cdef inline uint64_t suit_bit(uint8_t c) noexcept nogil:
    """The card's rank bit in a 64-bit mask of 16 bits per suit."""
    return (<uint64_t>1) << (16 * (c & 3) + CROUPIER_RANK[c])


cdef inline uint16_t value7(uint64_t key, uint64_t suits) noexcept nogil:
    """High value from a seven-card key sum (SUIT_BIAS included) and suit masks."""
    cdef uint64_t flush = key & CROUPIER_FLUSH_BITS
    cdef int s
    if flush:
        s = (croupier_ctz64(flush) - CROUPIER_SUIT_SHIFT) >> 2
        return CROUPIER_FLUSH[(suits >> (16 * s)) & 8191]
    return CROUPIER_HIGH[hash_slot(key)]


cdef inline void score(int n, const uint64_t* hole_key, const uint64_t* hole_suits,
                       uint64_t key, uint64_t suits, double* acc) noexcept nogil:
    """Add one board's shares to ``acc`` (ROWS x n)."""
    cdef uint16_t v[MAX_PLAYERS]
    cdef uint16_t best = 0
    cdef int p, winners = 0
    cdef double share
    for p in range(n):
        v[p] = value7(key + hole_key[p], suits | hole_suits[p])
        if v[p] > best:
            best = v[p]
            winners = 1
        elif v[p] == best:
            winners += 1
    share = 1.0 / winners
    for p in range(n):
        if v[p] == best:
            acc[p] += share
            acc[n + p] += share
            acc[5 * n + p] += share * share
            if winners == 1:
                acc[3 * n + p] += 1.0
            else:
                acc[4 * n + p] += 1.0


cdef void enumerate_from(int n, const uint64_t* hole_key, const uint64_t* hole_suits,
                         const uint8_t* stub, int m, int first, int depth, int missing,
                         uint64_t key, uint64_t suits, double* acc) noexcept nogil:
    """Every completion of ``missing - depth`` more cards from stub[first:]."""
    cdef int i
    cdef uint8_t c
    if depth == missing:
        score(n, hole_key, hole_suits, key, suits, acc)
        return
    if depth == missing - 1:  # the last card: a flat loop, no call per board
        for i in range(first, m):
            c = stub[i]
            score(n, hole_key, hole_suits, key + CROUPIER_CARD_KEY[c], suits | suit_bit(c), acc)
        return
    for i in range(first, m - (missing - depth) + 1):
        c = stub[i]
        enumerate_from(n, hole_key, hole_suits, stub, m, i + 1, depth + 1, missing,
                       key + CROUPIER_CARD_KEY[c], suits | suit_bit(c), acc)


cdef void prepare(const uint8_t[:, ::1] holes, const uint8_t[::1] board, uint64_t* hole_key,
                  uint64_t* hole_suits, uint64_t* key, uint64_t* suits) noexcept nogil:
    cdef Py_ssize_t p, j
    key[0] = CROUPIER_SUIT_BIAS
    suits[0] = 0
    for j in range(board.shape[0]):
        key[0] += CROUPIER_CARD_KEY[board[j]]
        suits[0] |= suit_bit(board[j])
    for p in range(holes.shape[0]):
        hole_key[p] = 0
        hole_suits[p] = 0
        for j in range(holes.shape[1]):
            hole_key[p] += CROUPIER_CARD_KEY[holes[p, j]]
            hole_suits[p] |= suit_bit(holes[p, j])


def holdem_exact(const uint8_t[:, ::1] holes, const uint8_t[::1] board,
                 const uint8_t[::1] stub, int missing, int threads):
    """Sums of shares over every completion of ``board`` with ``missing`` cards of ``stub``.

    ``holes`` is (players, 2) uint8, all cards valid and distinct (checked by the
    caller).  Returns a list of ROWS lists of floats.
    """
    cdef int n = <int>holes.shape[0], m = <int>stub.shape[0]
    cdef uint64_t hole_key[MAX_PLAYERS]
    cdef uint64_t hole_suits[MAX_PLAYERS]
    cdef uint64_t key, suits
    cdef double* acc
    cdef double* mine
    cdef int i, t, r, nt = max(1, threads)
    # Each thread sums into its own block, a few cache lines apart (no false sharing).
    cdef int stride = ((ROWS * n + 63) // 64 + 1) * 64
    if n > MAX_PLAYERS or n < 2:
        raise ValueError(f"equity kernels take 2 to {MAX_PLAYERS} players, got {n}")
    if missing < 0 or missing > 5 or missing > m:
        raise ValueError(f"cannot deal {missing} board cards from {m}")
    acc = <double*>calloc(nt * stride, sizeof(double))
    if acc == NULL:
        raise MemoryError()
    try:
        with nogil:
            prepare(holes, board, hole_key, hole_suits, &key, &suits)
            if missing == 0:
                score(n, hole_key, hole_suits, key, suits, acc)
            else:
                with parallel(num_threads=nt):
                    t = threadid()
                    for i in prange(m - missing + 1, schedule="dynamic"):
                        enumerate_from(n, hole_key, hole_suits, &stub[0], m, i + 1, 1, missing,
                                       key + CROUPIER_CARD_KEY[stub[i]],
                                       suits | suit_bit(stub[i]), acc + t * stride)
        out = []
        for r in range(ROWS):
            row = []
            for i in range(n):
                total = 0.0
                for t in range(nt):
                    total += acc[t * stride + r * n + i]
                row.append(total)
            out.append(row)
        return out
    finally:
        free(acc)


cdef inline uint64_t splitmix(uint64_t* state) noexcept nogil:
    cdef uint64_t z
    state[0] += 0x9E3779B97F4A7C15ULL
    z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


def holdem_sampled(const uint8_t[:, ::1] holes, const uint8_t[::1] board,
                   const uint8_t[::1] stub, int missing, uint64_t seed, Py_ssize_t samples):
    """Sums of shares over ``samples`` random completions (one thread, reproducible).

    Cards are drawn without replacement by rejection from ``stub`` with a
    SplitMix64 generator seeded with ``seed``; the caller splits big jobs into
    chunks with their own seeds (so the result does not depend on threads).
    """
    cdef int n = <int>holes.shape[0], m = <int>stub.shape[0]
    cdef uint64_t hole_key[MAX_PLAYERS]
    cdef uint64_t hole_suits[MAX_PLAYERS]
    cdef uint64_t key, suits, k2, s2, used, bit, state = seed
    cdef double* acc
    cdef Py_ssize_t s
    cdef int d, j, i
    if n > MAX_PLAYERS or n < 2:
        raise ValueError(f"equity kernels take 2 to {MAX_PLAYERS} players, got {n}")
    if missing < 0 or missing > 5 or missing > m or m > 64:
        raise ValueError(f"cannot deal {missing} board cards from {m}")
    acc = <double*>calloc(ROWS * n, sizeof(double))
    if acc == NULL:
        raise MemoryError()
    try:
        with nogil:
            prepare(holes, board, hole_key, hole_suits, &key, &suits)
            for s in range(samples):
                k2 = key
                s2 = suits
                used = 0
                d = 0
                while d < missing:
                    j = <int>((splitmix(&state) >> 32) * <uint64_t>m >> 32)
                    bit = (<uint64_t>1) << j
                    if used & bit:
                        continue
                    used |= bit
                    k2 += CROUPIER_CARD_KEY[stub[j]]
                    s2 |= suit_bit(stub[j])
                    d += 1
                score(n, hole_key, hole_suits, k2, s2, acc)
        return [[acc[r * n + i] for i in range(n)] for r in range(ROWS)]
    finally:
        free(acc)
