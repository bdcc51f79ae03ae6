# C types for the pure-Python module hand.py (Cython "augmenting .pxd"):
# compiled, Hand is an extension type whose attributes are typed slots.
# Amounts stay Python ints (of any size); counts and seats are C ints.
# The functions hand.py calls from its modules are cimported: C calls.

cimport cython

from croupier._deal_plan cimport _forced_bets, _plan
from croupier._betting cimport _answerable, _first_to_act, _give_back, _post_forced, _put_chips
from croupier._deck cimport _deal_street, _make_deck, _run_boards, _streams_of, _stub_draw, _take
from croupier._discards cimport _check_given_deal, _discard_codes, _free_cards
from croupier._event_records cimport _events, _plain
from croupier._refusals cimport _refusal
from croupier._showdown cimport _award_values, _payouts, _show_early, _showdown_order, _showdown_values
from croupier._start_args cimport _check_runs, _checked_bring_in_seat, _checked_stacks
from croupier._stud_order cimport _best_board_seat, _bring_in_seat


cdef class Hand:
    cdef public object game
    # The seat to act (None: nobody); the hand's showdown depends on an unknown card.
    cdef public object actor
    cdef public bint unsettled
    # An action is under way (Hand._claim).
    cdef bint _busy
    # The game's plan for this table size (_deal_plan._plan), its number of seats,
    # whether the engine shows down by itself, the times the board is run out.
    cdef tuple _plan
    cdef int _n
    cdef bint _auto
    cdef int _runs
    # Stud, fixed limit, a draw game (from the plan); the fixed-limit bet of the
    # current street; the smallest bet.
    cdef bint _stud, _fixed, _draws
    cdef object _unit, _min_bet
    # A draw is under way: the actor discards or stands pat.  During a draw: the
    # cards no player still in holds.  The discards and folded hands a reshuffle
    # may use (seeded decks), how many reshuffles there were, and the seed they
    # are drawn from.
    cdef bint _drawing
    cdef int _free
    cdef list _muck
    cdef int _reshuffles
    cdef object _seed
    # The stub (its end is its top); a deck or dealer was given (its cards are
    # checked when a draw deals them).  A dealer's cards: each seat's, then the
    # board's (tuples), how many of each are dealt, and what each seat reveals at
    # the end.
    cdef list _deck
    cdef bint _given
    cdef object _streams, _taken, _revealed
    # Chips behind, at the start, in front of each seat this round, put in this
    # hand, and of those the dead money (no one's bet).
    cdef list _stacks
    cdef object _starting
    cdef list _bets, _contributed, _dead
    # Each seat's cards and up cards (stud; a game without them shares one list of
    # empty tuples), folded seats, and the board.
    cdef list _holes, _up, _folded, _board
    # Run it N times: the boards of the runs after the first (docs/rules.md §6.11),
    # and the hands' values and lows on each.  (Tuples, not lists: a hand that keeps
    # them has no more objects for the garbage collector to follow.)
    cdef tuple _boards, _run_values
    # Stud: the seat that had to bring in; the bring-in is due; the seat a hand
    # history says brought in.
    cdef object _bring_in_seat
    cdef bint _bring_in_pending
    cdef object _forced_bring_in
    # Events as light tuples (kind, seat, street, amount, cards), made into Event
    # values (and PHH actions) only when asked for (_event_records).
    cdef list _history
    # Players who have not folded; of those, who have chips behind.
    cdef int _live, _able
    # Once settled: net payoffs, what each seat received, the settlement (built on
    # first use), what settled it (contributions, folded, values, lows, dead money,
    # chips given back), and the winnings (built on first use).
    cdef object _payoffs, _received, _settlement, _settle_inputs, _winnings
    # The showdown (docs/rules.md §6.8): its order; every hand still in was turned
    # up before a run-out; under way and waiting for the actor to show or muck
    # (auto_showdown=False); its next hand (index into the showdown order); the
    # hands' values and lows; the best high and low shown so far; which hands were
    # mucked.
    cdef object _showdown
    cdef bint _shown_early, _showing
    cdef int _show_k
    cdef object _values, _lows, _best_high, _best_low, _mucked, _unknown
    # The betting round (set by _begin_betting): the street's index, what each seat
    # faced when it last acted (-1: not yet), the amount to match, the last full
    # raise increment, the amount after the last full raise, bets and raises made,
    # the last to bet or raise (and of the round before), the first to act; the
    # largest live blind and its seat.
    cdef int _street
    cdef list _acted
    cdef object _to_match, _increment, _full_level
    cdef int _raises
    cdef object _aggressor, _previous_aggressor, _first_actor
    cdef int _last_blind_seat
    cdef object _blind_level

    # Internal methods become C methods (no Python call on the hot path).
    cdef _claim(self, str what)
    cdef _call_act(self)
    cdef _raise_act(self, object total)
    cdef _bring_in_act(self)
    cdef int _require_actor(self, str what) except -1
    cdef object _all_in_amount(self, int i)
    cdef _put(self, int i, object total)
    cdef bint _is_full_raise(self, object total, object increment) except -1
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
    cdef int _require_drawer(self, str what) except -1
    cdef object _to_call(self)
    cdef bint _can_raise(self) except -1
    cdef object _min_raise(self, int i)
    cdef object _max_raise(self, int i)
    cdef _check(self, int i)
    cdef _call(self, int i)
    cdef _refuse_during_bring_in(self, int i, str what)
    cdef object _fixed_limit_target(self)
    cdef _post_forced_bets(self)
    cdef _begin_street(self, bint first=*)
    cdef _deal(self, object street)
    cdef _bring_in_start(self)
    cdef _settle(self, bint showdown)
    cdef int _require_shower(self, str what) except -1
    cdef _walk_showdown(self)
    cdef bint _beats_best(self, int i) except -1
    cdef _open_hand(self, int i)
    cdef _award(self)
    cdef list _live_money(self)
