# C types for the pure-Python module env/_rules.py (Cython "augmenting .pxd"): the
# environments' rules, one definition each, cimported by the compiled kernel
# (_fast.pyx) and called from Python by the pure paths (actions.py, encoding.py,
# aec.py, vector.py).

cimport cython

from croupier.hand cimport Hand

cpdef object as_action(object value)
cdef bint fold_legal(object to_call, bint bring_in_pending) except -1
cpdef bint can_fold(Hand hand) except -1
cpdef int betting_code(bint fold, bint raise_) noexcept
cpdef int mask_code(Hand hand) except -2
cpdef object play(Hand hand, int index, int code, double fraction, object kind)
cpdef object raise_amount(Hand hand, int index, int code, double fraction, object kind)
cpdef object fold(Hand hand)
cpdef object check_or_call(Hand hand)
@cython.locals(value=cython.float)
cpdef int record(float[:, :, ::1] summary, int street, int seat, object raised, double bb) except -1
cpdef bint counts(Hand hand, int seat, bint drawing) except -1
@cython.locals(hand=Hand)
cpdef Hand deal_acting(object start, object stacks, object bits, int tries)
@cython.locals(t=Py_ssize_t, count=Py_ssize_t, width=Py_ssize_t, a=Py_ssize_t)
cpdef list checked_actions(list actions, const signed char[:, ::1] legal)
cpdef bint check_fast(object fast) except -1
