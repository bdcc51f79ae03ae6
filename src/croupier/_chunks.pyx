# cython: language_level=3
"""``Job``: a job of ``croupier._parallel.run`` cut into chunks (declared in ``_chunks.pxd``).

The protocol, written once for every parallel kernel: a pool thread runs
``help`` (claim a chunk, run it, until none is left), the calling thread
runs ``step`` (one chunk at a time, so it checks for Ctrl-C between chunks;
once every chunk is handed out it may run again a chunk a pool thread still
holds, ``late_chunk``), then ``wait`` and, after an interrupt, ``cancel``.
A subclass says how to run chunk ``c`` (``chunk``, which must count it done
with ``croupier_chunks_done``) and may ask for per-thread scratch
(``scratch_size`` bytes).  ``hands._Batch`` and ``_equity_kernels._Job``
are the subclasses.

A job of no chunks is done at once:

>>> job = Job()
>>> job.chunks, job.step(), job.wait(0.0)
(0, False, True)
"""

from libc.stdlib cimport free, malloc


cdef class Job:
    """Chunks claimed one at a time by whichever thread is free (see the module).

    >>> Job().chunks
    0
    """

    def __dealloc__(self):
        free(self.mine)

    cdef int start(self, Py_ssize_t chunks) except -1:
        """Make ``chunks`` chunks and the calling thread's scratch."""
        croupier_chunks_init(&self.work, chunks)
        if self.scratch_size:
            self.mine = malloc(self.scratch_size)
            if self.mine == NULL:
                raise MemoryError()
        return 0

    cdef void chunk(self, Py_ssize_t c, void* scratch) noexcept nogil:
        """Run chunk ``c`` with a thread's ``scratch`` and count it done (a subclass's)."""
        pass

    cdef Py_ssize_t late_chunk(self) noexcept nogil:
        """A chunk to run again on the calling thread once none is left to hand out, or -1."""
        return -1

    @property
    def chunks(self):
        """How many chunks the job has."""
        return self.work.count

    def help(self):
        """Run chunks until none is left to claim (a pool thread's part)."""
        cdef void* scratch = NULL
        cdef Py_ssize_t c
        with nogil:
            if self.scratch_size:
                scratch = malloc(self.scratch_size)
            if scratch != NULL or not self.scratch_size:
                c = croupier_chunks_claim(&self.work)
                while c >= 0:
                    self.chunk(c, scratch)
                    c = croupier_chunks_claim(&self.work)
            free(scratch)

    def step(self):
        """Run one chunk on the calling thread (a late one when none is left); False when
        there was none."""
        cdef Py_ssize_t c
        with nogil:
            c = croupier_chunks_claim(&self.work)
            if c < 0:
                c = self.late_chunk()
            if c >= 0:
                self.chunk(c, self.mine)
        return c >= 0

    def wait(self, double seconds):
        """Wait at most ``seconds`` for every chunk to be done; True when they are."""
        cdef bint done
        with nogil:
            done = croupier_chunks_wait(&self.work, seconds)
        return done

    def cancel(self):
        """Hand out no more chunks (those never claimed count as done)."""
        croupier_chunks_cancel(&self.work)
