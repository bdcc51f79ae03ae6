# cython: language_level=3
"""Side-pot and settlement kernels: ``noexcept nogil`` functions on C arrays.

Other Cython modules of croupier (the betting state machine, the equity
calculator) ``cimport`` these to settle hands without touching Python
objects.  Conventions shared by every kernel:

* ``n`` players, ``1 <= n <= POTS_MAX_SEATS`` (64); seat ``i`` is bit ``i``
  of a ``uint64_t`` mask.  Seats are numbered from the left of the button, so
  a lower seat is nearer the left of the button (it gets odd chips first).
* ``contrib[i]`` (int64) is everything seat ``i`` put in this hand, every
  entry ``>= 0`` and the total at most ``2**62`` (so no sum can overflow).
* ``folded`` is the mask of folded seats; at least one seat of ``0..n-1``
  must not be folded.
* Hand values (``high``, ``low``) are int64 ``>= 0``, larger is better; a low
  of 0 means "no qualifying low".  Entries of folded seats are never read.

The kernels trust their input: ``croupier.pots`` validates it first.  The
rules they implement are written out in ``pots.pyx``.
"""

from libc.stdint cimport int64_t, uint64_t


cdef enum:
    POTS_MAX_SEATS = 64


cdef int64_t uncalled_k(const int64_t* contrib, int n, int* seat) noexcept nogil
# The part of the single largest contribution that nobody matched.
#
# Returns the amount (0 if the largest contribution is shared, or everything is
# 0) and stores its seat in ``seat[0]`` (-1 when the amount is 0).

cdef int side_pots_k(const int64_t* contrib, uint64_t folded, int n,
                     int64_t* amounts, uint64_t* eligible, int64_t* returned) noexcept nogil
# Build the pots, main pot first; returns their number (0..n).
#
# ``amounts`` and ``eligible`` need room for ``n`` pots.  Every pot amount is
# ``> 0`` and every eligible mask non-empty; eligible masks strictly shrink from
# one pot to the next.  ``returned[i]`` (``n`` entries, all written) receives
# the chips seat ``i`` gets back: the uncalled part (``uncalled_k``) and its
# chips above the largest amount put in by a seat still in (only folded seats
# have such chips: layers nobody still in contested).

cdef int add_dead_k(int64_t dead, uint64_t folded, int n, int m,
                    int64_t* amounts, uint64_t* eligible) noexcept nogil
# Add ``dead`` chips (nobody's bet) to the main pot of ``m`` pots from
# ``side_pots_k``, or, when not every seat still in is eligible for it, insert
# them as a first pot for every seat still in (``amounts``/``eligible`` need
# room for ``m + 1`` pots); returns the new number of pots.

cdef int award_k(const int64_t* contrib, uint64_t folded, int n,
                 const int64_t* high, const int64_t* low,
                 int64_t* payouts, int64_t* shares, int64_t dead,
                 int64_t* returned=*) noexcept nogil
# Settle a hand: ``payouts[i]`` (``n`` entries) receives seat ``i``'s chips.
#
# ``low`` is NULL for a high-only game.  ``shares``, if not NULL, needs
# ``n * n`` entries; row ``k`` receives what each seat wins from pot ``k``
# (rows of pots that do not exist are left untouched).  Returns the number of
# pots.  ``payouts`` include the chips given back (``returned`` of
# ``side_pots_k``), which are also copied to ``returned`` when it is not NULL.
