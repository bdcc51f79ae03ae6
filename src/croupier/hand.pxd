# C types for the pure-Python module hand.py (Cython "augmenting .pxd"):
# compiled, Hand is an extension type whose attributes are typed slots.
# Amounts stay Python ints (of any size); counts and seats are C ints.

cimport cython

cpdef list deal_order(object street, object seats, Py_ssize_t cards_left=*)
cdef tuple _plain(int which, int seat, int street)
@cython.locals(seat=Py_ssize_t)
cpdef tuple _streams_of(object game, int n, bint draws, object dealer)
cdef tuple _dealer_cards(object game, object values, int seat, int n, str what=*)


cdef class Hand:
    cdef public object game
    cdef public object actor
    cdef public bint unsettled
    cdef bint _bring_in_pending, _fixed, _stud, _draws, _drawing, _given, _shown_early
    cdef object _unit
    cdef object _bring_in_seat, _forced_bring_in
    cdef list _up
    cdef int _n, _live, _able, _street, _raises, _last_blind_seat, _reshuffles, _free
    cdef list _acted, _bets, _board, _contributed, _dead, _deck, _folded, _history, _holes, _stacks
    cdef list _muck
    cdef object _streams, _revealed, _taken
    cdef bint _auto, _showing
    cdef int _show_k
    cdef object _values
    cdef object _lows, _best_high, _best_low, _mucked
    cdef int _runs
    cdef tuple _boards, _run_values
    cdef object _seed
    cdef object _aggressor, _previous_aggressor, _first_actor, _full_level, _increment
    cdef object _to_match, _blind_level, _settlement, _settle_inputs, _winnings
    cdef object _payoffs, _received, _showdown, _starting
    cdef bint _busy
    cdef tuple _plan
    cdef object _min_bet

    # Internal methods become C methods (no Python call on the hot path).
    cdef _claim(self, str what)
    cdef _call_act(self)
    cdef _raise_act(self, object total)
    cdef _bring_in_act(self)
    cdef int _require_actor(self, str what) except -1
    cdef bint _raise_is_answerable(self, int i) except -1
    cdef object _all_in_amount(self, int i)
    cdef _put(self, int i, object total)
    cdef bint _is_full_raise(self, object total, object increment) except -1
    @cython.locals(n=int, k=int, i=int)
    cdef _find_actor(self, int start)
    cdef _advance(self, int last)
    cdef _return_uncalled(self)
    cdef _end_street(self)
    @cython.locals(n=int)
    cdef _begin_betting(self, bint first)
    cdef _start_draw(self)
    cdef _next_drawer(self, int start)
    @cython.locals(k=Py_ssize_t)
    cdef _draw(self, int i, list discards)
    cdef int _free_cards(self) except -1
    cdef int _require_drawer(self, str what) except -1
    @cython.locals(k=Py_ssize_t, unknown=Py_ssize_t, seen=cython.ulonglong, bit=cython.ulonglong)
    cdef list _discards_of(self, int i, object cards)
    cdef object _to_call(self)
    cdef bint _can_raise(self) except -1
    cdef object _min_raise(self, int i)
    cdef object _max_raise(self, int i)
    cdef _check(self, int i)
    cdef _call(self, int i)
    cdef _refuse_during_bring_in(self, int i, str what)
    cdef object _fixed_limit_target(self)
    cdef _post_forced_bets(self)
    cdef _post_ante(self, int seat, object amount, bint dead, int kind)
    cdef _begin_street(self, bint first=*)
    @cython.locals(k=Py_ssize_t, count=Py_ssize_t)
    cdef _deal(self, object street)
    cdef _bring_in_start(self)
    cdef _best_board_seat(self)
    cdef _show_before_run_out(self)
    @cython.locals(k=Py_ssize_t)
    cdef _reveal(self, list live)
    cdef _settle(self, bint showdown)
    cdef int _require_shower(self, str what) except -1
    cdef _walk_showdown(self)
    cdef bint _beats_best(self, int i) except -1
    cdef _open_hand(self, int i)
    cdef _award(self)
    cdef _run_again(self, int start, int shared)
    @cython.locals(p=Py_ssize_t, j=Py_ssize_t, stream=tuple)
    cdef list _take(self, Py_ssize_t k, Py_ssize_t count)
    cdef list _split_runs(self, list money, list folded, list values, object lows, object dead, list returned, object rake)
    cdef list _live_money(self)
    @cython.locals(k=Py_ssize_t, i=Py_ssize_t, n=Py_ssize_t)
    cdef tuple _showdown_order(self, list live)
