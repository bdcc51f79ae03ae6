# C types for the pure-Python module _stud_order.py (Cython "augmenting .pxd"):
# cimported by hand.pxd, so the engine calls these as C functions.

cpdef object _bring_in_seat(object key, list up, list folded, list stacks, object forced)
cpdef int _best_board_seat(object key, list up, list folded) except -1
