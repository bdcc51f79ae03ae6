# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, embedsignature=True
"""Equity kernels: every deal (exact) or random deals, without the GIL.

Used by ``croupier.equity`` for every game: Texas Hold'em, Omaha, Omaha
Hi/Lo, Courchevel Hi/Lo, Razz, Seven-Card Stud and Stud Hi/Lo.

``holdem_exact`` does not deal the 1.7 million boards of a pre-flop match-up
one by one.  Without flushes a board's outcome depends only on its ranks, so
it scores each multiset of board ranks once (at most 6,175 of them) and
weights it by the number of boards with those ranks.  Then it corrects the
boards on which someone makes a flush: those have three or more cards of
one suit, which it enumerates as (the ranks of that suit) x (a multiset of
the other ranks).  About 45,000 classes instead of 1.7 million boards.
Match-ups (for ranges) are handed out in chunks to the threads.

``holdem_sampled`` draws boards with a partial Fisher-Yates shuffle and
evaluates them with running key sums: each card adds its ``CARD_KEY`` (rank
multiplier and suit counter) and its bit in a per-suit rank mask, so a
player's seven-card value costs one add, one flush test and one lookup.
``holdem_range_sampled`` first picks a combination per player from weighted
ranges (Vose's alias method).

``omaha_exact`` and ``omaha_sampled`` deal every board or random boards and
value each hand with the ``omaha_high_k`` / ``omaha_low8_k`` kernels of
``_eval.pxd``, splitting hi/lo pots in halves.

``stud_exact`` and ``stud_sampled`` complete each stud player's seven cards
(every way, or at random) and value them with ``high_n``, ``ace_to_five_n``
and ``eight_low_n``.

Per player the results are, in rows 0..5: the share of the pot won, the
share of the high, the share of the low, 1 if the whole pot was won alone,
1 if the high was tied, and the squared share.

Threads: the exact kernels cut their work into chunks (match-ups; boards or
deals by their first cards) and run them on croupier's one thread pool
(``croupier._parallel``; no OpenMP), the calling thread included, checking
for Ctrl-C between chunks.  ``omaha_exact`` and ``stud_exact`` count each
deal in integers (``tally_pot``) and turn the counts into sums at the end,
so the numbers do not depend on how the chunks fall on the threads.  The
sampled kernels run on one thread each; ``croupier.equity`` runs chunks of
samples, each with its own seed, on the pool.

Why one file of over a thousand lines: the kernels of every game share
``cdef`` helpers (``value7``, ``pot_winners``, ``split_pot``, ``tally_pot``,
the rank multisets, the SplitMix64 stream, the chunked job ``_Job``): plain C
calls within one translation unit, which the C compiler inlines into the
innermost loops.  Split per game, each would become a call through a
function pointer exported by a ``.pxd``, or move to a ``.pxd`` compiled again
into every module.  The module is private: ``croupier.equity`` is its face,
``_eval.pxd`` holds the evaluation kernels and ``_chunks.pyx`` the chunk
protocol it shares with ``croupier.hands``.
"""

cimport cython
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.math cimport NAN
from libc.string cimport memcpy, memset

import math

import numpy as np

from croupier._chunks cimport (
    Job,
    croupier_atomic_add64,
    croupier_chunks_done,
    croupier_chunks_stopped,
    croupier_flag_claim,
    croupier_flag_get,
    croupier_flag_set,
)
from croupier._eval cimport (
    CROUPIER_CARD_KEY,
    CROUPIER_SHORT_DECK_REFUSED,
    CROUPIER_FLUSH,
    CROUPIER_HIGH,
    CROUPIER_RANK,
    CROUPIER_SUIT_BIAS,
    croupier_ctz64,
    croupier_popcount64,
    flush_suit,
    ace_to_five_n,
    eight_low_n,
    hash_slot,
    high_n,
    high7,
    omaha_high_k,
    omaha_low8_k,
    short_deck7,
    valid_cards,
    valid_in_deck,
)

from croupier._parallel import run as _run_parallel, thread_count

# Repeated in _equity_kernels.pyi, the stub type checkers read (they cannot read a .pyx).
__all__ = [
    "holdem_exact",
    "holdem_range_sampled",
    "holdem_range_sampled_chunks",
    "holdem_sampled",
    "holdem_sampled_chunks",
    "omaha_exact",
    "omaha_sampled",
    "omaha_sampled_chunks",
    "stud_exact",
    "stud_sampled",
    "stud_sampled_chunks",
]

cdef enum:
    MAX_PLAYERS = 23
    ROWS = 6
    BATCH = 64  # Monte Carlo boards dealt before they are scored
    CHUNK_DEALS = 250000  # about this many deals (or less) per chunk of an exact enumeration


# ----------------------------------------------------------------------------
# Jobs for the pool of croupier._parallel
# ----------------------------------------------------------------------------

cdef class _Job(Job):
    """An exact enumeration cut into chunks, a ``Job`` (``_chunks.pyx``).

    A subclass says how to compute chunk ``c`` into a thread's private
    scratch (``attempt``, which gives up when the chunk's flag shows it
    published) and how to put that result into the job's output
    (``publish``), and how many bytes of scratch a thread needs
    (``scratch_size``; the calling thread's is ``mine``).  Whoever finishes a
    chunk first publishes it: when no chunk is left to hand out, the calling
    thread runs again the chunks a pool thread still holds (``late_chunk``: a
    thread on a core another process keeps busy can be minutes late by a
    chunk's standards), so the call never waits for a slow thread.  The
    results are the same whoever computes them.  A job owns every buffer its
    chunks write, so a chunk still running after an interrupt writes into
    live memory.
    """

    cdef unsigned char* flags  # per chunk: 0 not published, 2 being published, 1 published
    cdef Py_ssize_t late       # the calling thread looks for late chunks from here
    cdef object keep  # the arrays behind the job's pointers

    def __dealloc__(self):
        free(self.flags)

    cdef int start(self, Py_ssize_t chunks) except -1:
        """Make ``chunks`` chunks, their flags and the calling thread's scratch."""
        Job.start(self, chunks)
        self.flags = <unsigned char*>calloc(chunks, 1)
        if self.flags == NULL:
            raise MemoryError()
        return 0

    cdef bint attempt(self, Py_ssize_t c, void* scratch, const unsigned char* flag) noexcept nogil:
        return True

    cdef void publish(self, Py_ssize_t c, void* scratch) noexcept nogil:
        pass

    cdef void chunk(self, Py_ssize_t c, void* scratch) noexcept nogil:
        """Compute chunk ``c``; publish it unless another thread was first."""
        if self.attempt(c, scratch, &self.flags[c]) and croupier_flag_claim(&self.flags[c]):
            self.publish(c, scratch)
            croupier_flag_set(&self.flags[c])
            croupier_chunks_done(&self.work)

    cdef Py_ssize_t late_chunk(self) noexcept nogil:
        """A chunk handed out to a pool thread and not yet published, or -1.
        (Called once every chunk is handed out.)"""
        cdef Py_ssize_t c
        if croupier_chunks_stopped(&self.work):
            return -1
        for c in range(self.late, self.work.count):
            if croupier_flag_get(&self.flags[c]) == 0:
                self.late = c + 1
                return c
        self.late = self.work.count
        return -1


cdef inline Py_ssize_t tally_size(int n) noexcept nogil:
    """Counters per player of a tally (see ``tally_pot``)."""
    return (n + 1) * (n + 1) * 2


cdef inline void merge_tally(int n, const int64_t* counts, int64_t* total) noexcept nogil:
    """Add a chunk's tally into the job's (other threads add theirs at the same time)."""
    cdef Py_ssize_t i
    for i in range(n * tally_size(n)):
        if counts[i]:
            croupier_atomic_add64(<long long*>&total[i], counts[i])


cdef inline uint64_t suit_bit(uint8_t c) noexcept nogil:
    """The card's rank bit in a 64-bit mask of 16 bits per suit."""
    return (<uint64_t>1) << (16 * (c & 3) + CROUPIER_RANK[c])


cdef inline uint16_t value7(uint64_t key, uint64_t suits) noexcept nogil:
    """High value from a seven-card key sum (SUIT_BIAS included) and suit masks."""
    cdef int s = flush_suit(key)
    if s >= 0:
        return CROUPIER_FLUSH[(suits >> (16 * s)) & 8191]
    return CROUPIER_HIGH[hash_slot(key)]


cdef extern from *:
    """
    static const double croupier_choose[5][6] = {
        {1, 0, 0, 0, 0, 0}, {1, 1, 0, 0, 0, 0}, {1, 2, 1, 0, 0, 0},
        {1, 3, 3, 1, 0, 0}, {1, 4, 6, 4, 1, 0}};
    """
    const double croupier_choose[5][6]


cdef enum:
    MULTISETS = 6188  # multisets of at most 5 of the 13 ranks, 4 of a rank at most
    SUBSETS = 1716    # the most subsets of one size of a 13-rank suit


cdef struct Scratch:
    uint32_t keys[MULTISETS]
    double weights[MULTISETS]
    uint32_t other_keys[MULTISETS]
    double other_weights[MULTISETS]
    uint32_t subset_masks[SUBSETS]
    uint32_t subset_keys[SUBSETS]


cdef inline uint32_t rank_key(int r) noexcept nogil:
    """Rank multiplier of rank ``r`` (the low 32 bits of a card's key; no suit counter)."""
    return <uint32_t>CROUPIER_CARD_KEY[4 * r]


cdef int fill_multisets(const int* avail, int r, int left, uint32_t key, double weight,
                        uint32_t* keys, double* weights, int count) noexcept nogil:
    """Append every multiset of ``left`` more ranks from ``r`` up, with its number of deals.

    ``avail[r]`` cards of rank ``r`` are left; a multiset taking ``m`` of them
    stands for C(avail[r], m) sets of cards.
    """
    cdef int m, top
    if left == 0:
        keys[count] = key
        weights[count] = weight
        return count + 1
    if r == 13:
        return count
    top = avail[r] if avail[r] < left else left
    for m in range(top + 1):
        count = fill_multisets(avail, r + 1, left - m, key + <uint32_t>m * rank_key(r),
                               weight * croupier_choose[avail[r]][m], keys, weights, count)
    return count


cdef int fill_subsets(uint32_t mask, int k, uint32_t chosen, uint32_t key,
                      uint32_t* masks, uint32_t* keys, int count) noexcept nogil:
    """Append every ``k``-subset of the rank bits ``mask`` (with the ranks' key sum)."""
    cdef int low
    if k == 0:
        masks[count] = chosen
        keys[count] = key
        return count + 1
    if croupier_popcount64(mask) < k:
        return count
    low = croupier_ctz64(mask)
    count = fill_subsets(mask & (mask - 1), k - 1, chosen | (1u << low), key + rank_key(low),
                         masks, keys, count)
    return fill_subsets(mask & (mask - 1), k, chosen, key, masks, keys, count)


cdef inline void score_weighted(int n, const uint16_t* v, double w, double* acc) noexcept nogil:
    """Add ``w`` boards on which the players hold values ``v`` to ``acc`` (ROWS x n)."""
    cdef uint16_t best = 0
    cdef int p, winners = 0
    cdef double share
    for p in range(n):
        if v[p] > best:
            best = v[p]
            winners = 1
        elif v[p] == best:
            winners += 1
    share = 1.0 / winners
    for p in range(n):
        if v[p] == best:
            acc[p] += w * share
            acc[n + p] += w * share
            acc[5 * n + p] += w * share * share
            if winners == 1:
                acc[3 * n + p] += w
            else:
                acc[4 * n + p] += w


cdef double spot_exact(int n, const uint8_t* holes, const uint8_t* board, int nb,
                       uint64_t gone, Scratch* s, double* acc,
                       const unsigned char* flag) noexcept nogil:
    """Sums of shares over every board completing ``board``; returns the number of boards,
    or -1 as soon as ``flag`` (a chunk's publication flag) is set: someone else was first.

    Ranks first, suits after.  Every board is first scored as if nobody
    could make a flush: boards with the same ranks score alike, so one
    multiset of ranks stands for all its C(avail, m) boards.  Then, suit by
    suit, the boards with enough cards of that suit for someone's flush (at
    least three on the board; two suits cannot both have three of five) are
    enumerated as (which ranks of the suit) x (multiset of the other ranks),
    and the difference between their real score and the rank-only score is
    added.  ``gone`` has the bits of every card not in the deck.
    """
    cdef uint32_t hole_rank[MAX_PLAYERS]
    cdef uint32_t hole_mask[4][MAX_PLAYERS]
    cdef int hole_count[4][MAX_PLAYERS]
    cdef uint32_t board_mask[4]
    cdef int board_count[4]
    cdef uint32_t stub_mask[4]
    cdef int avail[13]
    cdef int other[13]
    cdef uint16_t flush[MAX_PLAYERS]
    cdef uint16_t real[MAX_PLAYERS]
    cdef uint16_t plain[MAX_PLAYERS]
    cdef uint32_t board_rank = 0, key, mask
    cdef int missing = 5 - nb
    cdef int p, j, i, c, r, suit, k, kmin, kmax, most, count, subsets, others, suited
    cdef double boards = 0.0, w
    for suit in range(4):
        board_mask[suit] = 0
        board_count[suit] = 0
        stub_mask[suit] = 0
        for p in range(n):
            hole_mask[suit][p] = 0
            hole_count[suit][p] = 0
    for p in range(n):
        hole_rank[p] = 0
        for j in range(2):
            c = holes[2 * p + j]
            hole_rank[p] += rank_key(c >> 2)
            hole_mask[c & 3][p] |= 1u << (c >> 2)
            hole_count[c & 3][p] += 1
    for j in range(nb):
        c = board[j]
        board_rank += rank_key(c >> 2)
        board_mask[c & 3] |= 1u << (c >> 2)
        board_count[c & 3] += 1
    for r in range(13):
        avail[r] = 0
    for c in range(52):
        if not (gone >> c) & 1:
            avail[c >> 2] += 1
            stub_mask[c & 3] |= 1u << (c >> 2)

    # Every board as if no flush were possible.
    count = fill_multisets(avail, 0, missing, board_rank, 1.0, s.keys, s.weights, 0)
    for i in range(count):
        for p in range(n):
            plain[p] = CROUPIER_HIGH[hash_slot(s.keys[i] + hole_rank[p])]
        score_weighted(n, plain, s.weights[i], acc)
        boards += s.weights[i]

    # The boards on which somebody has a flush: replace their rank-only score.
    for suit in range(4):
        if croupier_flag_get(flag):
            return -1.0
        most = 0
        for p in range(n):
            if hole_count[suit][p] > most:
                most = hole_count[suit][p]
        kmin = max(0, max(3 - board_count[suit], 5 - board_count[suit] - most))
        kmax = min(missing, croupier_popcount64(stub_mask[suit]))
        for r in range(13):
            other[r] = avail[r] - <int>((stub_mask[suit] >> r) & 1)
        for k in range(kmin, kmax + 1):
            if croupier_flag_get(flag):
                return -1.0
            subsets = fill_subsets(stub_mask[suit], k, 0, 0, s.subset_masks, s.subset_keys, 0)
            others = fill_multisets(other, 0, missing - k, board_rank, 1.0,
                                    s.other_keys, s.other_weights, 0)
            suited = board_count[suit] + k
            for j in range(subsets):
                mask = board_mask[suit] | s.subset_masks[j]
                for p in range(n):
                    flush[p] = 0
                    if hole_count[suit][p] + suited >= 5:
                        # Seven cards with five of a suit make nothing better than the flush.
                        flush[p] = CROUPIER_FLUSH[mask | hole_mask[suit][p]]
                for i in range(others):
                    key = s.other_keys[i] + s.subset_keys[j]
                    w = s.other_weights[i]
                    for p in range(n):
                        plain[p] = CROUPIER_HIGH[hash_slot(key + hole_rank[p])]
                        real[p] = flush[p] if flush[p] else plain[p]
                    score_weighted(n, real, w, acc)
                    score_weighted(n, plain, -w, acc)
    return boards


@cython.final
cdef class _HoldemExact(_Job):
    """Chunk ``c``: match-ups ``c * per`` to ``(c + 1) * per``, each alone (``spot_exact``).

    A thread's scratch is a ``Scratch`` and then the chunk's means and board
    counts, copied into the job's arrays when published."""

    cdef const uint8_t* holes
    cdef const uint8_t* board
    cdef int n, nb
    cdef uint64_t base
    cdef Py_ssize_t m_count, per
    cdef double* means
    cdef double* boards

    cdef bint attempt(self, Py_ssize_t c, void* scratch, const unsigned char* flag) noexcept nogil:
        cdef Py_ssize_t m, first = c * self.per, stop = min(first + self.per, self.m_count)
        cdef int i, rows = ROWS * self.n
        cdef double* means = <double*>(<char*>scratch + sizeof(Scratch))
        cdef double* boards = means + self.per * rows
        cdef const uint8_t* hole
        cdef double* mean
        cdef uint64_t gone
        for m in range(first, stop):
            hole = self.holes + 2 * self.n * m
            mean = means + rows * (m - first)
            memset(mean, 0, rows * sizeof(double))
            gone = self.base
            for i in range(2 * self.n):
                gone = gone | ((<uint64_t>1) << hole[i])
            boards[m - first] = spot_exact(self.n, hole, self.board, self.nb, gone,
                                           <Scratch*>scratch, mean, flag)
            if boards[m - first] < 0:
                return False
            for i in range(rows):
                mean[i] = mean[i] / boards[m - first]
        return True

    cdef void publish(self, Py_ssize_t c, void* scratch) noexcept nogil:
        cdef Py_ssize_t first = c * self.per, size = min(first + self.per, self.m_count) - first
        cdef int rows = ROWS * self.n
        cdef double* means = <double*>(<char*>scratch + sizeof(Scratch))
        memcpy(self.means + rows * first, means, size * rows * sizeof(double))
        memcpy(self.boards + first, means + self.per * rows, size * sizeof(double))


def holdem_exact(const uint8_t[:, :, ::1] holes, const uint8_t[::1] board,
                 const uint8_t[::1] dead, threads):
    """Exact Hold'em shares of one or many match-ups, over every completion of ``board``.

    ``holes`` is (match-ups, players, 2) uint8 and ``dead`` the cards out of
    the deck besides the board and the hands.  Returns ``(means, boards)``:
    ``means[m]`` is (ROWS, players), match-up ``m``'s shares averaged over its
    boards, and ``boards[m]`` their number.  Each match-up is computed alone,
    the match-ups in chunks on up to ``threads`` threads of croupier's pool
    (the same numbers on any number of ``threads``; None means every core).
    A match-up whose cards are not valid and distinct from each other, the
    board and the dead cards raises ValueError.

    >>> import numpy as np
    >>> from croupier import parse_cards
    >>> holes = np.array([[parse_cards("AhKh"), parse_cards("QdQc")]], dtype=np.uint8)
    >>> board = np.array(parse_cards("2c7d9hKs"), dtype=np.uint8)
    >>> means, boards = holdem_exact(holes, board, np.zeros(0, np.uint8), 1)
    >>> int(boards[0]), [round(44 * share) for share in means[0][0]]  # QdQc needs a queen
    (44, [42, 2])
    """
    cdef Py_ssize_t m_count = holes.shape[0], m
    cdef int n = <int>holes.shape[1], nb = <int>board.shape[0]
    cdef int nt = thread_count(threads)
    cdef uint64_t base = 0, seen
    cdef double[:, :, ::1] means
    cdef double[::1] boards
    cdef _HoldemExact job
    if n > MAX_PLAYERS or n < 2:
        raise ValueError(f"equity kernels take 2 to {MAX_PLAYERS} players, got {n}")
    if holes.shape[2] != 2:
        raise ValueError(f"Hold'em hands have 2 cards, not {holes.shape[2]}")
    if nb > 5:
        raise ValueError(f"the board has 5 cards, not {nb}")
    if not valid_cards(&board[0] if nb else NULL, nb, &base):
        raise ValueError("the board has a card that is not in 0..51 or is given twice")
    if not valid_cards(&dead[0] if dead.shape[0] else NULL, <int>dead.shape[0], &base):
        raise ValueError("a dead card is not in 0..51, is on the board or is given twice")
    for m in range(m_count):
        seen = base
        if (not valid_cards(&holes[m, 0, 0], 2 * n, &seen)
                or 52 - croupier_popcount64(seen) < 5 - nb):
            raise ValueError(f"match-up {m}: a hole card is not in 0..51 or is given twice, "
                             "or too few cards are left for the board")
    result = np.zeros((m_count, ROWS, n))
    count = np.zeros(m_count)
    means = result
    boards = count
    if m_count == 0:
        return result, count.astype(np.int64)
    job = _HoldemExact()
    job.keep = (holes, board, result, count)
    job.holes = &holes[0, 0, 0]
    job.board = &board[0] if nb else NULL
    job.n = n
    job.nb = nb
    job.base = base
    job.m_count = m_count
    job.means = &means[0, 0, 0]
    job.boards = &boards[0]
    # Some 100,000 board classes (rank multisets and flush corrections) per
    # chunk, and 64 match-ups at most: a pre-flop match-up has about 45,000,
    # so it is a chunk alone; a flop match-up has fewer than 990.
    deals = math.comb(52 - croupier_popcount64(base) - 2 * n, 5 - nb)
    job.per = min(64, max(1, 100_000 // (min(deals, 50_000) * n)))
    job.scratch_size = sizeof(Scratch) + job.per * (ROWS * n + 1) * sizeof(double)
    job.start((m_count + job.per - 1) // job.per)
    _run_parallel(job, nt)
    return result, count.astype(np.int64)


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


cdef inline uint64_t splitmix(uint64_t* state) noexcept nogil:
    cdef uint64_t z
    state[0] += 0x9E3779B97F4A7C15ULL
    z = state[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef inline uint8_t deal_next(uint8_t* order, int d, int m, uint64_t* x,
                              uint64_t* state) noexcept nogil:
    """Step ``d`` of a partial Fisher-Yates shuffle of ``order[:m]``: the next card dealt.

    A random one of ``order[d:m]`` is swapped into place ``d`` and returned.
    Each SplitMix64 number gives two 32-bit draws (``x`` keeps the spare
    half for the odd steps), mapped onto the ``m - d`` cards left by a
    multiply and shift (a bias below ``m / 2**32``).
    """
    cdef int j
    cdef uint8_t c
    if d & 1 == 0:
        x[0] = splitmix(state)
    else:
        x[0] = x[0] >> 32
    j = d + <int>(((x[0] & 0xFFFFFFFFULL) * <uint64_t>(m - d)) >> 32)
    c = order[j]
    order[j] = order[d]
    order[d] = c
    return c


cdef inline void tally(int n, const uint64_t* hole_key, const uint64_t* hole_suits,
                       uint64_t key, uint64_t suits, int64_t* counts) noexcept nogil:
    """Count one board: ``counts[p * (n + 1) + k] += 1`` for each of the ``k`` winners ``p``."""
    cdef uint16_t v[MAX_PLAYERS]
    cdef uint16_t best = 0
    cdef int p, winners = 0
    if n == 2:  # heads-up, branch-free
        v[0] = value7(key + hole_key[0], suits | hole_suits[0])
        v[1] = value7(key + hole_key[1], suits | hole_suits[1])
        counts[1] += v[0] > v[1]
        counts[4] += v[1] > v[0]
        counts[2] += v[0] == v[1]
        counts[5] += v[0] == v[1]
        return
    for p in range(n):
        v[p] = value7(key + hole_key[p], suits | hole_suits[p])
        if v[p] > best:
            best = v[p]
            winners = 1
        elif v[p] == best:
            winners += 1
    for p in range(n):
        counts[p * (n + 1) + winners] += v[p] == best


cdef void rows_into(int n, const int64_t* counts, double* rows) noexcept nogil:
    """The ROWS sums (``rows[r * n + p]``) from ``counts[p * (n + 1) + k]``: boards player
    ``p`` won among ``k``.  Each count is exact in a double, so ``c / k`` is the correctly
    rounded quotient, as Python's ``int / int`` gives it."""
    cdef int i, k
    cdef int64_t c
    memset(rows, 0, ROWS * n * sizeof(double))
    for i in range(n):
        for k in range(1, n + 1):
            c = counts[i * (n + 1) + k]
            rows[i] += <double>c / k
            rows[n + i] += <double>c / k
            rows[5 * n + i] += <double>c / (k * k)
            rows[(3 if k == 1 else 4) * n + i] += <double>c


cdef list rows_of(int n, const int64_t* counts):
    """``rows_into`` as a list of ROWS lists of ``n`` floats."""
    cdef double rows[ROWS * MAX_PLAYERS]
    rows_into(n, counts, rows)
    return [[rows[r * n + i] for i in range(n)] for r in range(ROWS)]


cdef struct HoldemDeals:
    # A Hold'em Monte Carlo set up once (``holdem_deals_setup``), dealt by any thread.
    int n, m, missing
    uint64_t key, suits                   # the board's running key sum and suit bits
    uint64_t hole_key[MAX_PLAYERS]
    uint64_t hole_suits[MAX_PLAYERS]
    uint64_t stub_key[64]
    uint64_t stub_bit[64]


cdef int holdem_deals_setup(HoldemDeals* h, const uint8_t[:, ::1] holes,
                            const uint8_t[::1] board, const uint8_t[::1] stub,
                            int missing) except -1:
    """Check the hands, board and stub (ValueError) and fill ``h``."""
    cdef int n = <int>holes.shape[0], m = <int>stub.shape[0], j
    cdef uint64_t seen = 0
    if n > MAX_PLAYERS or n < 2:
        raise ValueError(f"equity kernels take 2 to {MAX_PLAYERS} players, got {n}")
    if missing < 0 or missing > 5 or missing > m or m > 64:
        raise ValueError(f"cannot deal {missing} board cards from {m}")
    if holes.shape[1] != 2 or board.shape[0] + missing != 5:
        raise ValueError("Hold'em takes 2 hole cards a player and a board of 5")
    if not (valid_cards(&holes[0, 0], 2 * n, &seen)
            and valid_cards(&board[0] if board.shape[0] else NULL, <int>board.shape[0], &seen)
            and valid_cards(&stub[0] if m else NULL, m, &seen)):
        raise ValueError("a card is not in 0..51 or is given twice (hands, board and stub)")
    h.n = n
    h.m = m
    h.missing = missing
    prepare(holes, board, h.hole_key, h.hole_suits, &h.key, &h.suits)
    for j in range(m):
        h.stub_key[j] = CROUPIER_CARD_KEY[stub[j]]
        h.stub_bit[j] = suit_bit(stub[j])
    return 0


cdef void holdem_deals(const HoldemDeals* shared, uint64_t seed, Py_ssize_t samples,
                       int64_t* counts) noexcept nogil:
    """Count ``samples`` random boards into ``counts`` (``n * (n + 1)``, zeroed here).

    The set-up is copied onto this thread's stack first: read through the shared
    pointer, every write into ``counts`` would make the compiler load it again (the
    build does not assume strict aliasing), 7.5 % more instructions a deal."""
    cdef HoldemDeals local = shared[0]
    cdef uint8_t order[64]
    cdef uint64_t keys[BATCH]
    cdef uint64_t masks[BATCH]
    cdef uint64_t k2, s2, x = 0, state = seed, key = local.key, suits = local.suits
    cdef Py_ssize_t s = 0
    cdef int b, batch, d, i, j, n = local.n, m = local.m, missing = local.missing
    memset(counts, 0, n * (n + 1) * sizeof(int64_t))
    for j in range(m):
        order[j] = j
    while s < samples:
        # Deal a batch of boards first, then score it: the table lookups of
        # one board no longer wait behind the shuffling of the next.
        batch = BATCH if samples - s > BATCH else <int>(samples - s)
        for b in range(batch):
            k2 = key
            s2 = suits
            for d in range(missing):
                i = deal_next(order, d, m, &x, &state)
                k2 += local.stub_key[i]
                s2 |= local.stub_bit[i]
            keys[b] = k2
            masks[b] = s2
        for b in range(batch):
            tally(n, local.hole_key, local.hole_suits, keys[b], masks[b], counts)
        s += batch


def holdem_sampled(const uint8_t[:, ::1] holes, const uint8_t[::1] board,
                   const uint8_t[::1] stub, int missing, uint64_t seed, Py_ssize_t samples):
    """Sums of shares over ``samples`` random completions (one thread, reproducible).

    Each board is the first ``missing`` cards of a partial Fisher-Yates
    shuffle of ``stub`` (kept shuffled from one board to the next, which
    leaves every board equally likely), with a SplitMix64 generator seeded
    with ``seed``: two 32-bit numbers per step, each mapped onto the cards
    left by a multiply and shift (a bias below ``m / 2**32``).  The caller
    splits big jobs into chunks with their own seeds, so the result does not
    depend on threads.  Boards are counted in integers by number of winners
    and turned into the ROWS sums at the end.
    """
    cdef HoldemDeals h
    cdef int64_t* counts
    holdem_deals_setup(&h, holes, board, stub, missing)
    counts = <int64_t*>calloc(h.n * (h.n + 1), sizeof(int64_t))
    if counts == NULL:
        raise MemoryError()
    try:
        with nogil:
            holdem_deals(&h, seed, samples, counts)
        return rows_of(h.n, counts)
    finally:
        free(counts)


cdef inline double unit(uint64_t* state) noexcept nogil:
    """A uniform double in [0, 1) (53 random bits)."""
    return (splitmix(state) >> 11) * (1.0 / 9007199254740992.0)


cdef void alias_tables(const double* weights, Py_ssize_t start, Py_ssize_t size,
                       double* prob, Py_ssize_t* alias, Py_ssize_t* stack) noexcept nogil:
    """Vose's alias tables for rows ``start:start + size``: pick a row ``r`` uniformly,
    keep it with probability ``prob[r]``, else take ``alias[r]``."""
    cdef double total = 0.0
    cdef Py_ssize_t k, small = 0, large = size, sm, lg
    for k in range(start, start + size):
        total += weights[k]
    for k in range(start, start + size):  # small ones from the bottom, large from the top
        prob[k] = weights[k] * size / total
        alias[k] = k
        if prob[k] < 1.0:
            stack[small] = k
            small += 1
        else:
            large -= 1
            stack[large] = k
    while small > 0 and large < size:
        small -= 1
        sm = stack[small]
        lg = stack[large]
        alias[sm] = lg
        prob[lg] = (prob[lg] + prob[sm]) - 1.0
        if prob[lg] < 1.0:
            large += 1
            stack[small] = lg
            small += 1
    for k in range(small):  # rounding leftovers
        prob[stack[k]] = 1.0
    for k in range(large, size):
        prob[stack[k]] = 1.0


cdef struct RangeDeals:
    # A Monte Carlo of weighted Hold'em ranges set up once (``range_deals_setup``).
    int n, missing
    Py_ssize_t k_count
    const uint8_t* combos     # (k_count, 2)
    const int64_t* starts     # n + 1
    const double* prob        # Vose's alias tables (owned by the caller)
    const Py_ssize_t* alias
    uint64_t base             # the board and dead cards
    uint64_t key, suits       # the board's running key sum and suit bits


cdef int range_deals_setup(RangeDeals* r, const uint8_t[:, ::1] combos,
                           const int64_t[::1] starts, const double[::1] weights,
                           const uint8_t[::1] board, const uint8_t[::1] dead) except -1:
    """Check the ranges, board and dead cards (ValueError) and fill ``r``, but for its
    alias tables (``alias_tables`` for each player, into arrays of ``k_count``)."""
    cdef int n = <int>starts.shape[0] - 1, nb = <int>board.shape[0], p, j
    cdef Py_ssize_t k_count = combos.shape[0], k
    cdef uint64_t base = 0, seen
    if n > MAX_PLAYERS or n < 2:
        raise ValueError(f"equity kernels take 2 to {MAX_PLAYERS} players, got {n}")
    if nb > 5 or combos.shape[1] != 2:
        raise ValueError("Hold'em takes 2 hole cards a player and a board of 5")
    if weights.shape[0] != k_count or starts[0] != 0 or starts[n] != k_count:
        raise ValueError("starts and weights must cover the combinations")
    for p in range(n):  # increasing from 0 to k_count: every block inside ``combos``
        if starts[p + 1] <= starts[p]:
            raise ValueError(f"player {p + 1} has no combination")
    for p in range(n):
        for k in range(starts[p], starts[p + 1]):
            if not (0.0 < weights[k] < float("inf")):
                raise ValueError(f"player {p + 1}: weights must be positive and finite")
    for k in range(k_count):
        seen = 0
        if not valid_cards(&combos[k, 0], 2, &seen):
            raise ValueError(f"combination {k}: a card is not in 0..51 or is given twice")
    if not (valid_cards(&board[0] if nb else NULL, nb, &base)
            and valid_cards(&dead[0] if dead.shape[0] else NULL, <int>dead.shape[0], &base)):
        raise ValueError("a board or dead card is not in 0..51 or is given twice")
    r.n = n
    r.missing = 5 - nb
    r.k_count = k_count
    r.combos = &combos[0, 0]
    r.starts = &starts[0]
    r.base = base
    r.key = CROUPIER_SUIT_BIAS
    r.suits = 0
    for j in range(nb):
        r.key += CROUPIER_CARD_KEY[board[j]]
        r.suits |= suit_bit(board[j])
    return 0


cdef int range_deals(const RangeDeals* shared, uint64_t seed, Py_ssize_t samples,
                     int64_t* counts) noexcept nogil:
    """Count ``samples`` random deals into ``counts`` (``n * (n + 1)``, zeroed here);
    1 when 1,000,000 tries in a row found no deal (0 when done).  The set-up is read
    from a copy on this thread's stack (see ``holdem_deals``)."""
    cdef RangeDeals local = shared[0]
    cdef RangeDeals* r = &local
    cdef const uint8_t* combos = local.combos
    cdef const int64_t* starts = local.starts
    cdef const double* prob = local.prob
    cdef const Py_ssize_t* alias = local.alias
    cdef int n = r.n, missing = r.missing
    cdef Py_ssize_t s, lo, tries, size, pick
    cdef uint64_t used, k2, s2, bits, x, state = seed
    cdef double u
    cdef int p, d, j, b, half, batch
    cdef uint64_t keys[BATCH]
    cdef uint64_t masks[BATCH]
    cdef uint64_t hand_keys[BATCH * MAX_PLAYERS]
    cdef uint64_t hand_suits[BATCH * MAX_PLAYERS]
    cdef uint8_t c0, c1
    memset(counts, 0, n * (n + 1) * sizeof(int64_t))
    s = 0
    tries = 0
    while s < samples:
        # Deal a batch of (hands, board), then score it (as holdem_deals).
        batch = 0
        while batch < BATCH and s + batch < samples:
            tries += 1
            if tries > 1000000:
                return 1
            used = r.base
            for p in range(n):
                lo = starts[p]
                size = starts[p + 1] - lo
                if size > 1:
                    u = unit(&state) * size
                    pick = <Py_ssize_t>u
                    if pick >= size:  # u rounded up to size
                        pick = size - 1
                    lo += pick
                    if u - pick >= prob[lo]:
                        lo = alias[lo]
                c0 = combos[2 * lo]
                c1 = combos[2 * lo + 1]
                bits = ((<uint64_t>1) << c0) | ((<uint64_t>1) << c1)
                if used & bits:
                    break
                used |= bits
                hand_keys[batch * n + p] = CROUPIER_CARD_KEY[c0] + CROUPIER_CARD_KEY[c1]
                hand_suits[batch * n + p] = suit_bit(c0) | suit_bit(c1)
            else:
                if 52 - croupier_popcount64(used) < missing:
                    continue
                tries = 0
                k2 = r.key
                s2 = r.suits
                d = 0
                while d < missing:
                    x = splitmix(&state)
                    for half in range(2):
                        j = <int>(((x & 0xFFFFFFFFULL) * 52) >> 32)
                        x = x >> 32
                        if d < missing and not (used >> j) & 1:
                            used |= (<uint64_t>1) << j
                            k2 += CROUPIER_CARD_KEY[j]
                            s2 |= suit_bit(<uint8_t>j)
                            d += 1
                keys[batch] = k2
                masks[batch] = s2
                batch += 1
        for b in range(batch):
            tally(n, &hand_keys[b * n], &hand_suits[b * n], keys[b], masks[b], counts)
        s += batch
    return 0


cdef class _AliasTables:
    """Vose's alias tables of a ``RangeDeals`` (freed with this object)."""

    cdef double* prob
    cdef Py_ssize_t* alias

    def __dealloc__(self):
        free(self.prob)
        free(self.alias)

    cdef int fill(self, RangeDeals* r, const double[::1] weights) except -1:
        cdef Py_ssize_t* stack
        cdef int p
        self.prob = <double*>malloc(max(r.k_count, 1) * sizeof(double))
        self.alias = <Py_ssize_t*>malloc(max(r.k_count, 1) * sizeof(Py_ssize_t))
        stack = <Py_ssize_t*>malloc(max(r.k_count, 1) * sizeof(Py_ssize_t))
        if self.prob == NULL or self.alias == NULL or stack == NULL:
            free(stack)
            raise MemoryError()
        for p in range(r.n):
            alias_tables(&weights[0], r.starts[p], r.starts[p + 1] - r.starts[p], self.prob,
                         self.alias, stack)
        free(stack)
        r.prob = self.prob
        r.alias = self.alias
        return 0


def holdem_range_sampled(const uint8_t[:, ::1] combos, const int64_t[::1] starts,
                         const double[::1] weights, const uint8_t[::1] board,
                         const uint8_t[::1] dead, uint64_t seed, Py_ssize_t samples):
    """Sums of shares over ``samples`` random deals of ranges (one thread, reproducible).

    ``combos`` (K, 2) holds every player's combinations one block after the
    other: player ``p`` owns rows ``starts[p]:starts[p + 1]``, with
    ``weights``.  Each deal picks a combination per player in proportion to
    its weight (Vose's alias method: one random number, two loads) and starts
    again if two of them share a card or one holds a board or dead card; then
    the board is completed from the cards left (by rejection).  Raises
    ValueError when 1,000,000 tries in a row find no deal.
    """
    cdef RangeDeals r
    cdef _AliasTables tables = _AliasTables()
    cdef int64_t* counts
    cdef int failed
    range_deals_setup(&r, combos, starts, weights, board, dead)
    tables.fill(&r, weights)
    counts = <int64_t*>calloc(r.n * (r.n + 1), sizeof(int64_t))
    if counts == NULL:
        raise MemoryError()
    try:
        with nogil:
            failed = range_deals(&r, seed, samples, counts)
        if failed:
            raise ValueError("the ranges cannot be dealt together: 1,000,000 tries found no deal")
        return rows_of(r.n, counts)
    finally:
        free(counts)


cdef inline void pot_winners(int n, const uint16_t* high, const uint8_t* low, bint hilo,
                             uint16_t* best, int* winners, uint8_t* best_low,
                             int* low_winners) noexcept nogil:
    """The best high and how many hold it; with ``hilo`` the best low and how many
    hold it (``best_low`` 0: nobody has an eight-or-better low).  Shared by
    ``split_pot`` and ``tally_pot``."""
    cdef int p
    best[0] = 0
    winners[0] = 0
    best_low[0] = 0
    low_winners[0] = 0
    for p in range(n):
        if high[p] > best[0]:
            best[0] = high[p]
            winners[0] = 1
        elif high[p] == best[0]:
            winners[0] += 1
        if hilo:
            if low[p] > best_low[0]:
                best_low[0] = low[p]
                low_winners[0] = 1
            elif low[p] == best_low[0] and low[p]:
                low_winners[0] += 1


cdef void split_pot(int n, const uint16_t* high, const uint8_t* low, bint hilo,
                    double* acc) noexcept nogil:
    """Add one deal's shares (ROWS x n) from each player's high and (``hilo``) low value.

    The best high takes the pot, or half of it when somebody has an
    eight-or-better low (``low`` > 0); ties split each half (an odd chip is
    not counted).
    """
    cdef uint16_t best = 0
    cdef uint8_t best_low = 0
    cdef int p, winners = 0, low_winners = 0
    cdef double high_share, low_share, share
    pot_winners(n, high, low, hilo, &best, &winners, &best_low, &low_winners)
    high_share = (0.5 if best_low else 1.0) / winners
    low_share = 0.5 / low_winners if best_low else 0.0
    for p in range(n):
        share = 0.0
        if high[p] == best:
            share = high_share
            acc[n + p] += high_share
            if winners > 1:
                acc[4 * n + p] += 1.0
        if best_low and low[p] == best_low:
            share += low_share
            acc[2 * n + p] += low_share
        acc[p] += share
        acc[5 * n + p] += share * share
        if share == 1.0:
            acc[3 * n + p] += 1.0


cdef void tally_pot(int n, const uint16_t* high, const uint8_t* low, bint hilo,
                    int64_t* counts) noexcept nogil:
    """Count one deal as ``split_pot`` would share it, in integers.

    Player ``p``'s counter ``p * tally_size(n) + (w * (n + 1) + lw) * 2 + l``
    counts the deals on which they took a ``1 / w`` share of the high
    (``w = 0``: none), a ``1 / lw`` share of the low (``lw = 0``: none), with
    (``l = 1``) or without a qualifying low.  Integer counts add up the same
    in any order, so an enumeration split among threads gives the same sums
    as one thread (``rows_of_tally``).
    """
    cdef uint16_t best = 0
    cdef uint8_t best_low = 0
    cdef int p, w, lw, winners = 0, low_winners = 0
    cdef Py_ssize_t size = tally_size(n)
    pot_winners(n, high, low, hilo, &best, &winners, &best_low, &low_winners)
    for p in range(n):
        w = winners if high[p] == best else 0
        lw = low_winners if best_low and low[p] == best_low else 0
        counts[p * size + (w * (n + 1) + lw) * 2 + (best_low != 0)] += 1


cdef list rows_of_tally(int n, const int64_t* counts):
    """The ROWS sums of ``split_pot`` from a ``tally_pot`` tally."""
    cdef int p, w, lw, has_low
    cdef Py_ssize_t size = tally_size(n)
    cdef int64_t c
    cdef double high, low, share
    rows = [[0.0] * n for _ in range(ROWS)]
    for p in range(n):
        for w in range(n + 1):
            for lw in range(n + 1):
                for has_low in range(2):
                    c = counts[p * size + (w * (n + 1) + lw) * 2 + has_low]
                    if not c:
                        continue
                    high = ((0.5 if has_low else 1.0) / w) if w else 0.0
                    low = (0.5 / lw) if lw else 0.0
                    share = high + low
                    rows[0][p] += c * share
                    rows[1][p] += c * high
                    rows[2][p] += c * low
                    if share == 1.0:
                        rows[3][p] += c
                    if w > 1:
                        rows[4][p] += c
                    rows[5][p] += c * share * share
    return rows


cdef enum:
    # How a hand plays a five-card board (the ``kind`` of omaha_exact / omaha_sampled).
    BOARD_OMAHA = 0       # exactly two hole cards and three of the board
    BOARD_SHORT_DECK = 1  # best five of two hole cards and the board, short-deck ranking
    BOARD_HIGH = 2        # best five of two hole cards and the board, high (royal hold'em)


cdef inline void omaha_values(int n, int nh, const uint8_t* holes, const uint8_t* board,
                              bint hilo, int kind, uint16_t* high, uint8_t* low) noexcept nogil:
    """Each hand's high and (``hilo``) eight-or-better low on a five-card board."""
    cdef int p, j
    cdef uint8_t seven[7]
    if kind != BOARD_OMAHA:  # two hole cards and the five of the board
        for j in range(5):
            seven[2 + j] = board[j]
        for p in range(n):
            seven[0] = holes[2 * p]
            seven[1] = holes[2 * p + 1]
            high[p] = short_deck7(seven, False) if kind == BOARD_SHORT_DECK else high7(seven)
            low[p] = 0
        return
    for p in range(n):
        high[p] = omaha_high_k(holes + p * nh, nh, board, 5)
        low[p] = omaha_low8_k(holes + p * nh, nh, board, 5) if hilo else 0


cdef void omaha_score(int n, int nh, const uint8_t* holes, const uint8_t* board, bint hilo,
                      int kind, double* acc) noexcept nogil:
    """Add one five-card board's shares (ROWS x n) for hands of ``nh`` cards."""
    cdef uint16_t high[MAX_PLAYERS]
    cdef uint8_t low[MAX_PLAYERS]
    omaha_values(n, nh, holes, board, hilo, kind, high, low)
    split_pot(n, high, low, hilo, acc)


cdef int check_omaha(const uint8_t[:, ::1] holes, const uint8_t[::1] board,
                     const uint8_t[::1] stub, int missing, int kind) except -1:
    """ValueError unless the hands, board and stub are valid, distinct and deal five."""
    cdef int n = <int>holes.shape[0], nh = <int>holes.shape[1], nb = <int>board.shape[0]
    cdef int m = <int>stub.shape[0]
    cdef uint64_t seen = 0
    if n > MAX_PLAYERS or n < 2:
        raise ValueError(f"equity kernels take 2 to {MAX_PLAYERS} players, got {n}")
    if kind not in (BOARD_OMAHA, BOARD_SHORT_DECK, BOARD_HIGH):
        raise ValueError(f"unknown board kind {kind}")
    if kind != BOARD_OMAHA and nh != 2:
        raise ValueError(f"hold'em hands have 2 cards, not {nh}")
    if nh < 2 or nh > 6:
        raise ValueError(f"Omaha hands have 2 to 6 cards, not {nh}")
    if missing < 0 or nb + missing != 5 or missing > m or m > 52:
        raise ValueError(f"cannot complete a board of {nb} with {missing} of {m} cards")
    if not (valid_cards(&holes[0, 0], n * nh, &seen)
            and valid_cards(&board[0] if nb else NULL, nb, &seen)
            and valid_cards(&stub[0] if m else NULL, m, &seen)):
        raise ValueError("a card is not in 0..51 or is given twice (hands, board and stub)")
    seen = 0
    if kind == BOARD_SHORT_DECK and not (
            valid_in_deck(&holes[0, 0], n * nh, &seen, CROUPIER_SHORT_DECK_REFUSED)
            and valid_in_deck(&board[0] if nb else NULL, nb, &seen, CROUPIER_SHORT_DECK_REFUSED)
            and valid_in_deck(&stub[0] if m else NULL, m, &seen, CROUPIER_SHORT_DECK_REFUSED)):
        raise ValueError("a card below six is not in the short deck (hands, board and stub)")
    return 0


cdef void omaha_from(int n, int nh, const uint8_t* holes, bint hilo, int kind,
                     const uint8_t* stub, int m, int first, uint8_t* cards, int depth,
                     int64_t* counts) noexcept nogil:
    """Tally every completion of ``cards`` (a five-card board, ``depth`` cards set) from
    stub[first:]."""
    cdef uint16_t high[MAX_PLAYERS]
    cdef uint8_t low[MAX_PLAYERS]
    cdef int i
    if depth == 5:
        omaha_values(n, nh, holes, cards, hilo, kind, high, low)
        tally_pot(n, high, low, hilo, counts)
        return
    for i in range(first, m - (4 - depth)):
        cards[depth] = stub[i]
        omaha_from(n, nh, holes, hilo, kind, stub, m, i + 1, cards, depth + 1, counts)


@cython.final
cdef class _OmahaExact(_Job):
    """Chunk ``c``: the boards whose first ``depth`` new cards are ``prefixes[c]``."""

    cdef const uint8_t* holes
    cdef const uint8_t* board
    cdef const uint8_t* stub
    cdef const uint8_t* prefixes
    cdef int n, nh, nb, m, depth, kind
    cdef bint hilo
    cdef int64_t* total

    cdef bint attempt(self, Py_ssize_t c, void* scratch, const unsigned char* flag) noexcept nogil:
        cdef int64_t* counts = <int64_t*>scratch
        cdef uint8_t cards[5]
        cdef int j, first = 0
        if croupier_flag_get(flag):
            return False
        memset(counts, 0, self.scratch_size)
        for j in range(self.nb):
            cards[j] = self.board[j]
        for j in range(self.depth):
            first = self.prefixes[c * self.depth + j]
            cards[self.nb + j] = self.stub[first]
            first += 1
        omaha_from(self.n, self.nh, self.holes, self.hilo, self.kind, self.stub, self.m, first,
                   cards, self.nb + self.depth, counts)
        return True

    cdef void publish(self, Py_ssize_t c, void* scratch) noexcept nogil:
        merge_tally(self.n, <int64_t*>scratch, self.total)


def omaha_exact(const uint8_t[:, ::1] holes, const uint8_t[::1] board,
                const uint8_t[::1] stub, int missing, bint hilo, threads, int kind=0):
    """Sums of shares over every completion of ``board`` with ``missing`` cards of ``stub``.

    ``holes`` is (players, hole cards), 2 to 6 cards (Omaha: exactly two of
    them with three of the board); ``hilo`` splits each pot with the best
    eight-or-better low.  ``kind`` 1 and 2 are the hold'em games of other
    decks: two hole cards, the best five of seven, ranked for the short deck
    (1) or as high hands (2, royal hold'em); the stub is then what is left of
    their deck.  The boards are cut into chunks by their first one
    or two new cards, run on up to ``threads`` threads of croupier's pool
    (None: every core), and counted in integers (``tally_pot``): the same
    sums on any number of threads.  Returns the ROWS lists of sums.
    """
    cdef int n = <int>holes.shape[0], nh = <int>holes.shape[1], nb = <int>board.shape[0]
    cdef int m = <int>stub.shape[0], depth, i, j, top
    cdef int nt = thread_count(threads)
    cdef int64_t[::1] total
    cdef uint8_t[::1] prefix_view
    cdef _OmahaExact job
    check_omaha(holes, board, stub, missing, kind)
    # Small enumerations are one chunk; big ones are cut by their first one or
    # two new cards (at most 1,326 chunks of at most C(50, 3) boards each).
    depth = 0 if math.comb(m, missing) * n <= CHUNK_DEALS else min(2, missing)
    top = m - missing + 1  # the first new card is stub[i] for i < top
    pairs = []
    if depth == 1:
        pairs = [i for i in range(top)]
    elif depth == 2:
        pairs = [k for i in range(top) for j in range(i + 1, top + 1) for k in (i, j)]
    prefixes = np.array(pairs if depth else [0], dtype=np.uint8)
    tally = np.zeros(n * tally_size(n), dtype=np.int64)
    total = tally
    prefix_view = prefixes
    job = _OmahaExact()
    job.keep = (holes, board, stub, prefixes, tally)
    job.holes = &holes[0, 0]
    job.board = &board[0] if nb else NULL
    job.stub = &stub[0] if m else NULL
    job.prefixes = &prefix_view[0]
    job.n = n
    job.nh = nh
    job.nb = nb
    job.m = m
    job.depth = depth
    job.hilo = hilo
    job.kind = kind
    job.total = &total[0]
    job.scratch_size = n * tally_size(n) * sizeof(int64_t)
    job.start(len(pairs) // depth if depth else 1)
    _run_parallel(job, nt)
    return rows_of_tally(n, &total[0])


cdef struct BoardDeals:
    # An Omaha (or short-deck, royal) Monte Carlo set up once (``board_deals_setup``).
    int n, nh, nb, m, missing, kind
    bint hilo
    const uint8_t* holes      # (n, nh), owned by the caller
    uint8_t board[5]
    uint8_t stub[52]


cdef int board_deals_setup(BoardDeals* bd, const uint8_t[:, ::1] holes,
                           const uint8_t[::1] board, const uint8_t[::1] stub, int missing,
                           bint hilo, int kind) except -1:
    """Check (``check_omaha``: ValueError) and fill ``bd``."""
    cdef int j
    check_omaha(holes, board, stub, missing, kind)
    bd.n = <int>holes.shape[0]
    bd.nh = <int>holes.shape[1]
    bd.nb = <int>board.shape[0]
    bd.m = <int>stub.shape[0]
    bd.missing = missing
    bd.kind = kind
    bd.hilo = hilo
    bd.holes = &holes[0, 0]
    for j in range(bd.nb):
        bd.board[j] = board[j]
    for j in range(bd.m):
        bd.stub[j] = stub[j]
    return 0


cdef void board_deals(const BoardDeals* shared, uint64_t seed, Py_ssize_t samples,
                      double* acc) noexcept nogil:
    """The ROWS x n sums of ``samples`` random boards into ``acc`` (zeroed here); the
    set-up read from a copy on this thread's stack (see ``holdem_deals``)."""
    cdef BoardDeals local = shared[0]
    cdef BoardDeals* bd = &local
    cdef uint8_t order[52]
    cdef uint8_t cards[5]
    cdef uint64_t x = 0, state = seed
    cdef Py_ssize_t s
    cdef int d, j
    memset(acc, 0, ROWS * bd.n * sizeof(double))
    for j in range(bd.nb):
        cards[j] = bd.board[j]
    for j in range(bd.m):
        order[j] = bd.stub[j]
    for s in range(samples):
        for d in range(bd.missing):
            cards[bd.nb + d] = deal_next(order, d, bd.m, &x, &state)
        omaha_score(bd.n, bd.nh, bd.holes, cards, bd.hilo, bd.kind, acc)


def omaha_sampled(const uint8_t[:, ::1] holes, const uint8_t[::1] board,
                  const uint8_t[::1] stub, int missing, bint hilo, uint64_t seed,
                  Py_ssize_t samples, int kind=0):
    """Sums of shares over ``samples`` random completions (one thread, reproducible).

    Boards are drawn as in ``holdem_sampled`` (a partial Fisher-Yates shuffle
    of ``stub`` with SplitMix64 seeded with ``seed``); ``kind`` as in
    ``omaha_exact``.
    """
    cdef BoardDeals bd
    cdef double* acc
    board_deals_setup(&bd, holes, board, stub, missing, hilo, kind)
    acc = <double*>calloc(ROWS * bd.n, sizeof(double))
    if acc == NULL:
        raise MemoryError()
    try:
        with nogil:
            board_deals(&bd, seed, samples, acc)
        return [[acc[r * bd.n + i] for i in range(bd.n)] for r in range(ROWS)]
    finally:
        free(acc)


cdef enum:
    STUD_HIGH = 0  # Seven-Card Stud (and Stud Hi/Lo's high)
    STUD_RAZZ = 1  # ace-to-five low, the whole pot


cdef struct Stud:
    int n                      # players
    int kind                   # STUD_HIGH or STUD_RAZZ
    bint hilo                  # split with the eight-or-better low
    int m                      # cards in the stub
    int need[MAX_PLAYERS]      # cards each player still gets
    int have[MAX_PLAYERS]      # cards each player holds
    uint8_t hands[7 * MAX_PLAYERS]  # seven cards a player, the known ones first
    double deals


cdef inline void stud_values(Stud* st, uint16_t* high, uint8_t* low) noexcept nogil:
    """Each player's high (or Razz low) and (``hilo``) eight-or-better low of their seven cards."""
    cdef int p
    for p in range(st.n):
        if st.kind == STUD_RAZZ:
            high[p] = ace_to_five_n(&st.hands[7 * p], 7)
        else:
            high[p] = high_n(&st.hands[7 * p], 7)
        low[p] = eight_low_n(&st.hands[7 * p], 7) if st.hilo else 0


cdef void stud_score(Stud* st, double* acc) noexcept nogil:
    """Add one deal's shares: every player's seven cards are in ``st.hands``."""
    cdef uint16_t high[MAX_PLAYERS]
    cdef uint8_t low[MAX_PLAYERS]
    stud_values(st, high, low)
    split_pot(st.n, high, low, st.hilo, acc)
    st.deals += 1


cdef void stud_from(Stud* st, const uint8_t* stub, int p, int slot, int first, uint64_t used,
                    int64_t* counts) noexcept nogil:
    """Tally every way to give player ``p`` (from card ``slot`` on) and the players
    after them their missing cards from the stub cards not in ``used``."""
    cdef uint16_t high[MAX_PLAYERS]
    cdef uint8_t low[MAX_PLAYERS]
    cdef int i
    while p < st.n and slot == st.need[p]:
        p += 1
        slot = 0
        first = 0
    if p == st.n:
        stud_values(st, high, low)
        tally_pot(st.n, high, low, st.hilo, counts)
        st.deals += 1
        return
    for i in range(first, st.m):
        if not (used >> i) & 1:
            st.hands[7 * p + st.have[p] + slot] = stub[i]
            stud_from(st, stub, p, slot + 1, i + 1, used | ((<uint64_t>1) << i), counts)


cdef Py_ssize_t stud_prefixes(Stud* st, int p, int slot, int first, uint64_t used, int depth,
                              int top, uint8_t* picks, uint8_t* out,
                              Py_ssize_t count) noexcept nogil:
    """The first ``top`` stub cards dealt, in ``stud_from``'s order, of every deal:
    written to ``out`` (``top`` a prefix) unless it is NULL; returns how many."""
    cdef int i
    while p < st.n and slot == st.need[p]:
        p += 1
        slot = 0
        first = 0
    if depth == top or p == st.n:
        if out != NULL:
            for i in range(top):
                out[count * top + i] = picks[i]
        return count + 1
    for i in range(first, st.m):
        if not (used >> i) & 1:
            picks[depth] = <uint8_t>i
            count = stud_prefixes(st, p, slot + 1, i + 1, used | ((<uint64_t>1) << i), depth + 1,
                                  top, picks, out, count)
    return count


@cython.final
cdef class _StudExact(_Job):
    """Chunk ``c``: the deals whose first ``depth`` stub cards are ``prefixes[c]``."""

    cdef Stud st
    cdef const uint8_t* stub
    cdef const uint8_t* prefixes
    cdef int depth
    cdef int64_t* total
    cdef int64_t deals

    cdef bint attempt(self, Py_ssize_t c, void* scratch, const unsigned char* flag) noexcept nogil:
        cdef Stud st = self.st
        cdef int64_t* counts = <int64_t*>scratch  # the tally, then the number of deals
        cdef int d, i, p = 0, slot = 0, first = 0
        cdef uint64_t used = 0
        if croupier_flag_get(flag):
            return False
        memset(counts, 0, self.scratch_size)
        for d in range(self.depth):  # deal the prefix as stud_from would
            while p < st.n and slot == st.need[p]:
                p += 1
                slot = 0
                first = 0
            i = self.prefixes[c * self.depth + d]
            st.hands[7 * p + st.have[p] + slot] = self.stub[i]
            slot += 1
            first = i + 1
            used |= (<uint64_t>1) << i
        st.deals = 0
        stud_from(&st, self.stub, p, slot, first, used, counts)
        counts[st.n * tally_size(st.n)] = <int64_t>st.deals
        return True

    cdef void publish(self, Py_ssize_t c, void* scratch) noexcept nogil:
        cdef int64_t* counts = <int64_t*>scratch
        merge_tally(self.st.n, counts, self.total)
        croupier_atomic_add64(<long long*>&self.deals, counts[self.st.n * tally_size(self.st.n)])


cdef int stud_setup(Stud* st, const uint8_t[::1] cards, const int64_t[::1] starts,
                    const uint8_t[::1] stub, bint razz, bint hilo) except -1:
    """Fill ``st`` from the players' known cards (``cards[starts[p]:starts[p + 1]]``)."""
    cdef int n = <int>starts.shape[0] - 1, m = <int>stub.shape[0], p, j, total = 0
    cdef uint64_t seen = 0
    if n > MAX_PLAYERS or n < 2:
        raise ValueError(f"equity kernels take 2 to {MAX_PLAYERS} players, got {n}")
    if starts[0] != 0 or starts[n] != cards.shape[0]:
        raise ValueError("starts must cover the cards")
    for p in range(n):
        if not 0 <= starts[p + 1] - starts[p] <= 7:
            raise ValueError(f"player {p + 1} must hold 0 to 7 cards")
    if m > 52 or not (valid_cards(&cards[0] if cards.shape[0] else NULL, <int>cards.shape[0],
                                  &seen)
                      and valid_cards(&stub[0] if m else NULL, m, &seen)):
        raise ValueError("a card is not in 0..51 or is given twice (hands and stub)")
    st.n = n
    st.m = m
    st.kind = STUD_RAZZ if razz else STUD_HIGH
    st.hilo = hilo
    st.deals = 0
    for p in range(n):
        st.have[p] = <int>(starts[p + 1] - starts[p])
        st.need[p] = 7 - st.have[p]
        total += st.need[p]
        for j in range(st.have[p]):
            st.hands[7 * p + j] = cards[starts[p] + j]
    if total > m:
        raise ValueError("the deck cannot complete every hand (no community card here)")
    return total


def stud_exact(const uint8_t[::1] cards, const int64_t[::1] starts, const uint8_t[::1] stub,
               bint razz, bint hilo, threads=1):
    """Sums of shares over every way to complete each player's seven cards from ``stub``.

    Player ``p`` holds ``cards[starts[p]:starts[p + 1]]`` (0 to 7 cards: 0 for a hand
    of which nothing is known).  The
    high is Seven-Card Stud's, or with ``razz`` the ace-to-five low (the whole
    pot); ``hilo`` splits the pot with the eight-or-better low.  Returns
    ``(rows, deals)``.  The deals are cut into chunks by their first stub
    cards (about CHUNK_DEALS deals a chunk, on average), run on up to
    ``threads`` threads of croupier's pool (None: every core), and counted in
    integers (``tally_pot``): the same sums on any number of threads.

    Razz on seventh street: seat 0 has six cards and one of 5s, 6s, Qs to
    come; seat 1's nine-eight low wins only when the queen comes.

    >>> import numpy as np
    >>> from croupier import parse_cards
    >>> cards = np.array(parse_cards("As 2d 3c 4h Kc Kd 5c 6d 7h 8s 9c Ts Js"), dtype=np.uint8)
    >>> starts = np.array([0, 6, 13], dtype=np.int64)
    >>> stub = np.array(parse_cards("5s 6s Qs"), dtype=np.uint8)
    >>> rows, deals = stud_exact(cards, starts, stub, True, False)
    >>> rows[0], deals  # pot shares summed over the deals
    ([2.0, 1.0], 3)
    """
    cdef Stud st
    cdef uint8_t picks[4]
    cdef int total_need, depth, n, left, p
    cdef int64_t[::1] total
    cdef uint8_t[::1] prefix_view
    cdef _StudExact job
    cdef int nt = thread_count(threads)
    total_need = stud_setup(&st, cards, starts, stub, razz, hilo)
    n = st.n
    deals = 1
    left = st.m
    for p in range(n):
        deals *= math.comb(left, st.need[p])
        left -= st.need[p]
    # The fewest first cards that cut the deals into chunks of CHUNK_DEALS on
    # average (at most 4 cards: a few hundred thousand chunks).
    depth = 0
    count = 1
    while depth < min(total_need, 4) and deals > count * CHUNK_DEALS:
        depth += 1
        count = stud_prefixes(&st, 0, 0, 0, 0, 0, depth, picks, NULL, 0)
    prefixes = np.zeros(max(1, count * depth), dtype=np.uint8)
    prefix_view = prefixes
    if depth:
        stud_prefixes(&st, 0, 0, 0, 0, 0, depth, picks, &prefix_view[0], 0)
    tally = np.zeros(n * tally_size(n), dtype=np.int64)
    total = tally
    job = _StudExact()
    job.keep = (stub, prefixes, tally)
    job.st = st
    job.stub = &stub[0] if st.m else NULL
    job.prefixes = &prefix_view[0]
    job.depth = depth
    job.total = &total[0]
    job.scratch_size = (n * tally_size(n) + 1) * sizeof(int64_t)
    job.start(count)
    _run_parallel(job, nt)
    return rows_of_tally(n, &total[0]), int(job.deals)


cdef struct StudDeals:
    # A stud Monte Carlo set up once (``stud_deals_setup``); each deal works on a copy of st.
    Stud st
    int total                     # cards dealt a deal
    int slot[7 * MAX_PLAYERS]     # where each of them goes in st.hands
    uint8_t stub[52]


cdef int stud_deals_setup(StudDeals* sd, const uint8_t[::1] cards, const int64_t[::1] starts,
                          const uint8_t[::1] stub, bint razz, bint hilo) except -1:
    """Check (``stud_setup``: ValueError) and fill ``sd``."""
    cdef int p, j, d = 0
    sd.total = stud_setup(&sd.st, cards, starts, stub, razz, hilo)
    for p in range(sd.st.n):
        for j in range(sd.st.need[p]):
            sd.slot[d] = 7 * p + sd.st.have[p] + j
            d += 1
    for j in range(sd.st.m):
        sd.stub[j] = stub[j]
    return 0


cdef void stud_deals(const StudDeals* shared, uint64_t seed, Py_ssize_t samples,
                     double* acc) noexcept nogil:
    """The ROWS x n sums of ``samples`` random completions into ``acc`` (zeroed here); the
    set-up read from a copy on this thread's stack (see ``holdem_deals``)."""
    cdef StudDeals local = shared[0]
    cdef StudDeals* sd = &local
    cdef Stud st = sd.st
    cdef uint8_t order[52]
    cdef uint64_t x = 0, state = seed
    cdef Py_ssize_t s
    cdef int d, j
    memset(acc, 0, ROWS * st.n * sizeof(double))
    for j in range(st.m):
        order[j] = sd.stub[j]
    for s in range(samples):
        for d in range(sd.total):
            st.hands[sd.slot[d]] = deal_next(order, d, st.m, &x, &state)
        stud_score(&st, acc)


def stud_sampled(const uint8_t[::1] cards, const int64_t[::1] starts, const uint8_t[::1] stub,
                 bint razz, bint hilo, uint64_t seed, Py_ssize_t samples):
    """Sums of shares over ``samples`` random completions (one thread, reproducible).

    The missing cards are the first ones of a partial Fisher-Yates shuffle of
    ``stub`` (as in ``holdem_sampled``), given out player after player.
    """
    cdef StudDeals sd
    cdef double* acc
    cdef int n
    stud_deals_setup(&sd, cards, starts, stub, razz, hilo)
    n = sd.st.n
    acc = <double*>calloc(ROWS * n, sizeof(double))
    if acc == NULL:
        raise MemoryError()
    try:
        with nogil:
            stud_deals(&sd, seed, samples, acc)
        return [[acc[r * n + j] for j in range(n)] for r in range(ROWS)]
    finally:
        free(acc)


# ----------------------------------------------------------------------------
# Monte Carlo as one job: every chunk's seed derived without the GIL
# ----------------------------------------------------------------------------

cdef extern from "_seedseq.h":  # numpy's SeedSequence children, in C (see the header)
    ctypedef struct croupier_seedseq_root:
        pass
    void croupier_seedseq_root_init(croupier_seedseq_root* r, const uint32_t* words,
                                    int n) noexcept nogil
    uint64_t croupier_seedseq_root_child(const croupier_seedseq_root* root,
                                         uint64_t k) noexcept nogil

cdef enum:
    DEALS_HOLDEM = 0
    DEALS_RANGES = 1
    DEALS_BOARD = 2
    DEALS_STUD = 3
    SAMPLED_WINDOW = 4096  # chunks whose sums one job keeps before they are added up


@cython.final
cdef class _Sampled(_Job):
    """Monte Carlo cut into chunks, all of it without the GIL: chunk ``c`` deals
    ``size`` deals (fewer in the last) with the seed of the root SeedSequence's child
    ``first + c`` (``_seedseq.h``: what numpy's ``SeedSequence.spawn`` would give) and
    publishes its ROWS x n sums into ``out``; the caller adds the chunks up in order.
    The same chunks, seeds and order as ``_equity_chunks.kernel_chunks`` gives a
    Python loop over the one-chunk kernels, so the sums are the same bit for bit,
    on any number of threads."""

    cdef int what, n
    cdef HoldemDeals holdem
    cdef RangeDeals ranges
    cdef BoardDeals board
    cdef StudDeals stud
    cdef croupier_seedseq_root root
    cdef Py_ssize_t samples, size, first
    cdef double* out

    def __dealloc__(self):
        free(self.out)

    cdef bint attempt(self, Py_ssize_t c, void* scratch, const unsigned char* flag) noexcept nogil:
        cdef Py_ssize_t done = (self.first + c) * self.size
        cdef Py_ssize_t size = min(self.size, self.samples - done)
        cdef uint64_t seed = croupier_seedseq_root_child(&self.root, <uint64_t>(self.first + c))
        cdef double* rows = <double*>scratch
        cdef int64_t* counts = <int64_t*>(rows + ROWS * self.n)
        if self.what == DEALS_HOLDEM:
            holdem_deals(&self.holdem, seed, size, counts)
            rows_into(self.n, counts, rows)
        elif self.what == DEALS_RANGES:
            if range_deals(&self.ranges, seed, size, counts):
                rows[0] = NAN  # no deal found: the caller raises
            else:
                rows_into(self.n, counts, rows)
        elif self.what == DEALS_BOARD:
            board_deals(&self.board, seed, size, rows)
        else:
            stud_deals(&self.stud, seed, size, rows)
        return True

    cdef void publish(self, Py_ssize_t c, void* scratch) noexcept nogil:
        memcpy(self.out + c * ROWS * self.n, scratch, ROWS * self.n * sizeof(double))


cdef object _run_sampled(_Sampled template, list words, Py_ssize_t samples, Py_ssize_t size,
                         object threads):
    """Every chunk of ``template``'s Monte Carlo on the pool, in windows of
    SAMPLED_WINDOW chunks, the chunks' sums added up in order: a (ROWS, n) array."""
    cdef int n = template.n, nt = thread_count(threads)
    cdef Py_ssize_t chunks, first, count, c, i
    cdef uint32_t* buffer
    cdef _Sampled job
    cdef double[:, ::1] total
    cdef double* t
    if samples < 1 or size < 1:
        raise ValueError(f"samples and size must be positive, got {samples} and {size}")
    buffer = <uint32_t*>malloc(max(len(words), 1) * sizeof(uint32_t))
    if buffer == NULL:
        raise MemoryError()
    try:
        for i, word in enumerate(words):
            if not 0 <= word <= 0xFFFFFFFF:
                raise ValueError(f"seed words are 32-bit, got {word!r}")
            buffer[i] = word
        croupier_seedseq_root_init(&template.root, buffer, len(words))
    finally:
        free(buffer)
    result = np.zeros((ROWS, n))
    total = result
    chunks = (samples + size - 1) // size
    for first in range(0, chunks, SAMPLED_WINDOW):
        count = min(<Py_ssize_t>SAMPLED_WINDOW, chunks - first)
        job = _Sampled()
        job.what = template.what
        job.n = n
        job.holdem = template.holdem
        job.ranges = template.ranges
        job.board = template.board
        job.stud = template.stud
        job.root = template.root
        job.samples = samples
        job.size = size
        job.first = first
        job.keep = template.keep
        job.out = <double*>malloc(count * ROWS * n * sizeof(double))
        if job.out == NULL:
            raise MemoryError()
        job.scratch_size = ROWS * n * sizeof(double) + n * (n + 1) * sizeof(int64_t)
        job.start(count)
        _run_parallel(job, nt)
        t = &total[0, 0]
        with nogil:
            for c in range(count):
                if first == 0 and c == 0:
                    memcpy(t, job.out, ROWS * n * sizeof(double))
                    continue
                for i in range(ROWS * n):
                    t[i] = t[i] + job.out[c * ROWS * n + i]
        if template.what == DEALS_RANGES and result[0, 0] != result[0, 0]:  # NaN
            raise ValueError("the ranges cannot be dealt together: 1,000,000 tries found no deal")
    return result


def holdem_sampled_chunks(const uint8_t[:, ::1] holes, const uint8_t[::1] board,
                          const uint8_t[::1] stub, int missing, list words,
                          Py_ssize_t samples, Py_ssize_t size, threads):
    """``holdem_sampled`` over ``samples`` deals in chunks of ``size`` on the pool, chunk
    ``k`` seeded with the SeedSequence child ``k`` of the root whose words are ``words``
    (``croupier._seedseq.root_words``), the chunks' sums added in order: a (ROWS,
    players) array, the same on any number of ``threads``.

    >>> import numpy as np
    >>> from croupier import parse_cards
    >>> from croupier._seedseq import root_words
    >>> holes = np.array([parse_cards("AhKh"), parse_cards("QdQc")], dtype=np.uint8)
    >>> stub = np.array([c for c in range(52) if c not in holes], dtype=np.uint8)
    >>> words = root_words(np.random.SeedSequence(1))
    >>> sums = holdem_sampled_chunks(holes, np.zeros(0, np.uint8), stub, 5, words, 60_000,
    ...                              25_000, 2)
    >>> one = holdem_sampled_chunks(holes, np.zeros(0, np.uint8), stub, 5, words, 60_000,
    ...                             25_000, 1)
    >>> bool((sums == one).all()), round(float(sums[0].sum()))   # every deal shared out
    (True, 60000)
    """
    cdef _Sampled job = _Sampled()
    holdem_deals_setup(&job.holdem, holes, board, stub, missing)
    job.what = DEALS_HOLDEM
    job.n = job.holdem.n
    job.keep = (holes, board, stub)
    return _run_sampled(job, words, samples, size, threads)


def holdem_range_sampled_chunks(const uint8_t[:, ::1] combos, const int64_t[::1] starts,
                                const double[::1] weights, const uint8_t[::1] board,
                                const uint8_t[::1] dead, list words, Py_ssize_t samples,
                                Py_ssize_t size, threads):
    """``holdem_range_sampled`` in chunks on the pool, as ``holdem_sampled_chunks``.

    >>> import numpy as np
    >>> from croupier._seedseq import root_words
    >>> combos = np.array([[51, 47], [50, 46], [43, 39]], dtype=np.uint8)  # AsKs AhKh QsJs
    >>> starts, weights = np.array([0, 2, 3]), np.ones(3)
    >>> none = np.zeros(0, np.uint8)
    >>> sums = holdem_range_sampled_chunks(combos, starts, weights, none, none,
    ...                                    root_words(np.random.SeedSequence(3)), 1_000, 400, 2)
    >>> round(float(sums[0].sum()))
    1000
    """
    cdef _Sampled job = _Sampled()
    cdef _AliasTables tables = _AliasTables()
    range_deals_setup(&job.ranges, combos, starts, weights, board, dead)
    tables.fill(&job.ranges, weights)
    job.what = DEALS_RANGES
    job.n = job.ranges.n
    job.keep = (combos, starts, weights, board, dead, tables)
    return _run_sampled(job, words, samples, size, threads)


def omaha_sampled_chunks(const uint8_t[:, ::1] holes, const uint8_t[::1] board,
                         const uint8_t[::1] stub, int missing, bint hilo, list words,
                         Py_ssize_t samples, Py_ssize_t size, threads, int kind=0):
    """``omaha_sampled`` in chunks on the pool, as ``holdem_sampled_chunks``.

    >>> import numpy as np
    >>> from croupier import parse_cards
    >>> from croupier._seedseq import root_words
    >>> holes = np.array([parse_cards("AsAhKsKh"), parse_cards("JcTc9d8d")], dtype=np.uint8)
    >>> stub = np.array([c for c in range(52) if c not in holes], dtype=np.uint8)
    >>> sums = omaha_sampled_chunks(holes, np.zeros(0, np.uint8), stub, 5, False,
    ...                             root_words(np.random.SeedSequence(1)), 2_000, 500, 2)
    >>> round(float(sums[0].sum()))
    2000
    """
    cdef _Sampled job = _Sampled()
    board_deals_setup(&job.board, holes, board, stub, missing, hilo, kind)
    job.what = DEALS_BOARD
    job.n = job.board.n
    job.keep = (holes, board, stub)
    return _run_sampled(job, words, samples, size, threads)


def stud_sampled_chunks(const uint8_t[::1] cards, const int64_t[::1] starts,
                        const uint8_t[::1] stub, bint razz, bint hilo, list words,
                        Py_ssize_t samples, Py_ssize_t size, threads):
    """``stud_sampled`` in chunks on the pool, as ``holdem_sampled_chunks``.

    >>> import numpy as np
    >>> from croupier import parse_cards
    >>> from croupier._seedseq import root_words
    >>> held = np.array(parse_cards("As Ad Kc Qh Qd Js"), dtype=np.uint8)
    >>> stub = np.array([c for c in range(52) if c not in held], dtype=np.uint8)
    >>> sums = stud_sampled_chunks(held, np.array([0, 3, 6]), stub, False, False,
    ...                            root_words(np.random.SeedSequence(1)), 1_000, 300, 2)
    >>> round(float(sums[0].sum()))
    1000
    """
    cdef _Sampled job = _Sampled()
    stud_deals_setup(&job.stud, cards, starts, stub, razz, hilo)
    job.what = DEALS_STUD
    job.n = job.stud.st.n
    job.keep = (cards, starts, stub)
    return _run_sampled(job, words, samples, size, threads)
