# C types for the pure-Python module _refusals.py (Cython "augmenting .pxd"):
# cimported by hand.pxd.

cpdef object _refusal(str what, str need, object actor, bint over, bint drawing, bint showing)
