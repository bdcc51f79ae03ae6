# The C interface of croupier.env._fast (cimported by croupier.env._aec): the
# compiled observation and action kernel.

from croupier.hand cimport Hand

cdef enum:
    # The sizes of the kernel's tables.
    MAX_ACTIONS = 64
    MAX_STREETS = 16
    MAX_SEATS = 64  # croupier.games.MAX_PLAYERS


cdef class Kernel:
    cdef readonly object encoder, actions
    cdef tuple kinds  # the actions' kinds (for the errors' texts)
    cdef readonly int n, size
    cdef int d, s, n_actions, n_bets, draw_rounds
    cdef int off_board, off_up, off_seats, off_pot, off_street, off_position, off_turn
    cdef int off_betting, off_draws
    cdef bint stud
    cdef double bb
    cdef int index[52]
    cdef int street_map[MAX_STREETS]
    cdef int kind[MAX_ACTIONS]
    cdef double fraction[MAX_ACTIONS]
    cdef signed char masks[4][MAX_ACTIONS]
    # Of the last _encode whose seat was the actor: 2 * can fold + can raise, 4 a draw.
    cdef int code
    cdef float[:, :, ::1] summary  # PokerEnv's betting summary (bind)
    cdef bint bound

    cdef int _cards(self, float* out, list cards, int at) except -1
    cdef int _encode(
        self, Hand hand, int seat, const float* summary, float* out
    ) except -1
    cdef int _draws(self, Hand hand, int seat, float* out) except -1
    cdef int _fill_mask(self, signed char* row, Hand hand, int code) except -1
    cdef object _apply(self, Hand hand, object index)
    cdef dict _observe(self, Hand hand, int seat, int width, bint live)
    cdef object _play(self, Hand hand, object index)
