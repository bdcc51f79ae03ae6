# C types for the pure-Python module _start_args.py (Cython "augmenting .pxd"):
# cimported by hand.pxd, so a hand checks its arguments through C calls.

cpdef list _checked_stacks(object game, object stacks)
cpdef object _checked_bring_in_seat(object game, object bring_in_seat, object n)
cpdef object _check_runs(object game, object runs)
