# cython: language_level=3
"""Chunks of a parallel job, claimed without the GIL (the pool is ``croupier._parallel``).

A job of ``count`` chunks has three counters: the next chunk to hand out,
the chunks done (run, or skipped after a cancel), and a stop flag.  Any
thread claims the next chunk with one atomic add, so chunks go to whichever
thread is free; the calling thread waits until ``done == count``.  ``Job``
(``_chunks.pyx``) drives those counters for ``croupier._parallel.run``; the
jobs of ``hands.pyx`` and ``_equity_kernels.pyx`` are its subclasses and own
every buffer their chunks touch.

A chunk may also have a publication flag (``croupier_flag_*``): whoever
finishes the chunk first (a pool thread, or the calling thread running it
again because that thread is late) claims the flag and publishes its
result; the other attempt stops or is discarded.
"""

cdef extern from *:
    """
    #include "_atomics.h"  /* the compiler's atomics: GCC/Clang builtins or MSVC's */

    typedef struct {
        Py_ssize_t count;  /* chunks in the job */
        Py_ssize_t next;   /* the next chunk to hand out (may run past count) */
        Py_ssize_t done;   /* chunks run or cancelled */
        int stop;          /* set by a cancel: no more chunks */
    } croupier_chunks;

    static inline void croupier_chunks_init(croupier_chunks *c, Py_ssize_t count) {
        c->count = count;
        c->next = 0;
        c->done = 0;
        c->stop = 0;
    }

    /* The next chunk to run, or -1 when none is left. */
    static inline Py_ssize_t croupier_chunks_claim(croupier_chunks *c) {
        Py_ssize_t i;
        if (croupier_load_int(&c->stop)) return -1;
        i = croupier_fetch_add_ssize(&c->next, 1);
        return i < c->count ? i : -1;
    }

    /* A claimed chunk is finished (its writes are visible to whoever sees it done). */
    static inline void croupier_chunks_done(croupier_chunks *c) {
        croupier_fetch_add_ssize(&c->done, 1);
    }

    /* Hand out no more chunks; the ones never claimed count as done. */
    static inline void croupier_chunks_cancel(croupier_chunks *c) {
        Py_ssize_t old;
        croupier_store_int(&c->stop, 1);
        old = croupier_exchange_ssize(&c->next, c->count);
        if (old < c->count) croupier_fetch_add_ssize(&c->done, c->count - old);
    }

    static inline int croupier_chunks_finished(croupier_chunks *c) {
        return croupier_load_ssize(&c->done) >= c->count;
    }

    /* Wait until every chunk is done, at most `seconds`; 1 when done.  Spins
       (yielding the core) for the first 200 microseconds, as the chunks left
       usually end sooner than a sleep would, then naps (50 microseconds; a
       millisecond on Windows) at a time. */
    static inline int croupier_chunks_wait(croupier_chunks *c, double seconds) {
        double t0 = croupier_now(), waited;
        long spins = 0;
        while (!croupier_chunks_finished(c)) {
            if ((++spins & 63) == 0) {
                waited = croupier_now() - t0;
                if (waited >= seconds) return 0;
                if (waited >= 200e-6) {
                    croupier_nap();
                    continue;
                }
            }
            croupier_yield();
        }
        return 1;
    }

    static inline void croupier_atomic_add(Py_ssize_t *total, Py_ssize_t value) {
        croupier_fetch_add_ssize(total, value);
    }

    static inline void croupier_atomic_add64(long long *total, long long value) {
        croupier_fetch_add_ll(total, value);
    }

    /* A chunk's publication flag: 0 not yet, 2 being published, 1 published. */
    static inline int croupier_flag_get(const unsigned char *flag) {
        return croupier_load_u8(flag);
    }
    static inline int croupier_flag_claim(unsigned char *flag) {
        return croupier_cas_u8(flag, 0, 2);
    }
    static inline void croupier_flag_set(unsigned char *flag) {
        croupier_store_u8(flag, 1);
    }
    static inline int croupier_chunks_stopped(croupier_chunks *c) {
        return croupier_load_int(&c->stop);
    }
    """
    ctypedef struct croupier_chunks:
        Py_ssize_t count
    void croupier_chunks_init(croupier_chunks* c, Py_ssize_t count) noexcept nogil
    Py_ssize_t croupier_chunks_claim(croupier_chunks* c) noexcept nogil
    void croupier_chunks_done(croupier_chunks* c) noexcept nogil
    void croupier_chunks_cancel(croupier_chunks* c) noexcept nogil
    bint croupier_chunks_finished(croupier_chunks* c) noexcept nogil
    bint croupier_chunks_wait(croupier_chunks* c, double seconds) noexcept nogil
    void croupier_atomic_add(Py_ssize_t* total, Py_ssize_t value) noexcept nogil
    void croupier_atomic_add64(long long* total, long long value) noexcept nogil
    int croupier_flag_get(const unsigned char* flag) noexcept nogil
    bint croupier_flag_claim(unsigned char* flag) noexcept nogil
    void croupier_flag_set(unsigned char* flag) noexcept nogil
    bint croupier_chunks_stopped(croupier_chunks* c) noexcept nogil


cdef class Job:
    cdef croupier_chunks work
    cdef size_t scratch_size  # bytes of scratch a thread needs for a chunk (0: none)
    cdef void* mine           # the calling thread's scratch
    cdef int start(self, Py_ssize_t chunks) except -1
    cdef void chunk(self, Py_ssize_t c, void* scratch) noexcept nogil
    cdef Py_ssize_t late_chunk(self) noexcept nogil
