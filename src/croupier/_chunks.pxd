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
    #include <sched.h>
    #include <time.h>

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
        if (__atomic_load_n(&c->stop, __ATOMIC_ACQUIRE)) return -1;
        i = __atomic_fetch_add(&c->next, 1, __ATOMIC_ACQ_REL);
        return i < c->count ? i : -1;
    }

    /* A claimed chunk is finished (its writes are visible to whoever sees it done). */
    static inline void croupier_chunks_done(croupier_chunks *c) {
        __atomic_fetch_add(&c->done, 1, __ATOMIC_ACQ_REL);
    }

    /* Hand out no more chunks; the ones never claimed count as done. */
    static inline void croupier_chunks_cancel(croupier_chunks *c) {
        Py_ssize_t old;
        __atomic_store_n(&c->stop, 1, __ATOMIC_RELEASE);
        old = __atomic_exchange_n(&c->next, c->count, __ATOMIC_ACQ_REL);
        if (old < c->count) __atomic_fetch_add(&c->done, c->count - old, __ATOMIC_ACQ_REL);
    }

    static inline int croupier_chunks_finished(croupier_chunks *c) {
        return __atomic_load_n(&c->done, __ATOMIC_ACQUIRE) >= c->count;
    }

    static inline double croupier_seconds_since(const struct timespec *t0) {
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        return (double)(t.tv_sec - t0->tv_sec) + 1e-9 * (double)(t.tv_nsec - t0->tv_nsec);
    }

    /* Wait until every chunk is done, at most `seconds`; 1 when done.  Spins
       (yielding the core) for the first 200 microseconds, as the chunks left
       usually end sooner than a sleep would, then sleeps 50 microseconds at a
       time. */
    static inline int croupier_chunks_wait(croupier_chunks *c, double seconds) {
        struct timespec t0, nap = {0, 50000};
        double waited;
        long spins = 0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        while (!croupier_chunks_finished(c)) {
            if ((++spins & 63) == 0) {
                waited = croupier_seconds_since(&t0);
                if (waited >= seconds) return 0;
                if (waited >= 200e-6) {
                    nanosleep(&nap, NULL);
                    continue;
                }
            }
            sched_yield();
        }
        return 1;
    }

    static inline void croupier_atomic_add(Py_ssize_t *total, Py_ssize_t value) {
        __atomic_fetch_add(total, value, __ATOMIC_ACQ_REL);
    }

    static inline void croupier_atomic_add64(long long *total, long long value) {
        __atomic_fetch_add(total, value, __ATOMIC_ACQ_REL);
    }

    /* A chunk's publication flag: 0 not yet, 2 being published, 1 published. */
    static inline int croupier_flag_get(const unsigned char *flag) {
        return __atomic_load_n(flag, __ATOMIC_ACQUIRE);
    }
    static inline int croupier_flag_claim(unsigned char *flag) {
        unsigned char expected = 0;
        return __atomic_compare_exchange_n(flag, &expected, 2, 0, __ATOMIC_ACQ_REL,
                                           __ATOMIC_ACQUIRE);
    }
    static inline void croupier_flag_set(unsigned char *flag) {
        __atomic_store_n(flag, 1, __ATOMIC_RELEASE);
    }
    static inline int croupier_chunks_stopped(croupier_chunks *c) {
        return __atomic_load_n(&c->stop, __ATOMIC_ACQUIRE);
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
