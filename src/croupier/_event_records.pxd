# C types for the pure-Python module _event_records.py (Cython "augmenting .pxd"):
# cimported by hand.pxd, so the engine records its events through C calls.

cpdef tuple _plain(int which, int seat, int street)
cpdef tuple _events(list history, object received, int street)
