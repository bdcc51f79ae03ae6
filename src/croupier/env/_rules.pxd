# The C interface of croupier.env._rules: the environments' rules, one definition
# each, cimported by the compiled kernel (_fast.pyx) and called from Python by the
# pure paths (actions.py, encoding.py, aec.py, vector.py).

from croupier.hand cimport Hand

cdef enum:
    # The kinds of betting action of a list, in C (Actions._codes).
    FOLD = 0
    CHECK_CALL = 1
    MIN_RAISE = 2
    ALL_IN = 3
    FRACTION = 4

cdef enum:
    # The mask codes besides 2 * may fold + may raise (0 to 3).
    NO_ACTOR = -1
    DRAW = 4


cdef inline bint fold_legal(object to_call, bint bring_in_pending) except -1:
    """The fold rule: folding is legal only facing a bet, and not while a bring-in is due."""
    return to_call > 0 and not bring_in_pending


cpdef bint can_fold(Hand hand) except -1
cpdef int betting_code(bint fold, bint raise_) noexcept
cpdef int mask_code(Hand hand) except -2
cpdef object play(Hand hand, int index, int code, double fraction, object kind)
cpdef object raise_amount(Hand hand, int index, int code, double fraction, object kind)
cpdef object fold(Hand hand)
cpdef object check_or_call(Hand hand)
cdef int record_into(float* row, object raised, double bb) except -1
cpdef int record(float[:, :, ::1] summary, int street, int seat, object raised, double bb) except -1
cpdef bint counts(Hand hand, int seat, bint drawing) except -1
cpdef Hand deal_acting(object start, object stacks, object bits, int tries)
