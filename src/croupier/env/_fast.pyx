# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""The compiled hot paths of the environments: observations, masks and actions in C.

:class:`Kernel` is the same observation layout as :class:`croupier.env.encoding.Encoder`
and the same action list as :class:`croupier.env.actions.Actions`, written
straight into numpy buffers from the fields of the compiled ``Hand`` (read
only, through ``croupier/hand.pxd``); the rules it needs (``to_call``,
``min_raise_to``, ``max_raise_to``, the actions themselves) are the engine's
own properties and methods.  The pure-Python ``Encoder`` and ``Actions`` are
its reference: ``tests/test_env_fast.py`` checks that both give identical
arrays.  :meth:`Kernel.step` is one whole :meth:`croupier.env.VectorEnv.step`.

>>> from croupier import KuhnPoker
>>> from croupier.env import Actions, Encoder
>>> import numpy as np
>>> enc = Encoder(KuhnPoker(), 2)
>>> kernel = Kernel(enc, Actions())
>>> hand = KuhnPoker().start([2, 2], deck=[44, 36, 40])
>>> out = np.empty(enc.size, dtype=np.float32)
>>> kernel.encode(hand, 0, enc.new_summary(), out)
>>> bool((out == enc.encode(hand, 0, enc.new_summary())).all())
True
"""

cimport numpy as cnp
from cpython.long cimport PyLong_AsDouble, PyLong_AsLongLongAndOverflow
from libc.string cimport memset

from croupier.env._rules cimport (
    betting_code,
    counts,
    deal_acting,
    fold_legal,
    mask_code,
    play,
    record,
)
from croupier.hand cimport Hand

from croupier.events import EventKind

cdef int _DRAW = EventKind.DRAW.code  # hand.py records an event's kind as its code

cnp.import_array()

cdef inline double _real(object x) except? -1.0:
    """``float(x)`` of a chip amount (an int: exactly as Python rounds it)."""
    if type(x) is int:
        return PyLong_AsDouble(x)
    return <double>x


cdef double _pot(list amounts) except? -1.0:
    """``float(sum(amounts))``: in C while the ints and their sum fit in 62 bits."""
    cdef long long total = 0, x
    cdef int overflow
    for amount in amounts:
        if type(amount) is not int:
            return <double>sum(amounts)
        x = PyLong_AsLongLongAndOverflow(amount, &overflow)
        if overflow or not -(1LL << 62) < x < (1LL << 62):
            return _real(sum(amounts))
        total += x
        if not -(1LL << 62) < total < (1LL << 62):
            return _real(sum(amounts))
    return <double>total


cdef inline int _mod(int a, int m) noexcept nogil:
    """Python's ``a % m`` for ``m > 0`` (never negative)."""
    cdef int r = a % m
    return r + m if r < 0 else r


cdef class Kernel:
    """An :class:`~croupier.env.encoding.Encoder`'s layout and an
    :class:`~croupier.env.actions.Actions` list, compiled (see the module's documentation)."""

    # The fields are declared in _fast.pxd.

    def __init__(self, encoder, actions):
        cdef int k, code
        self.encoder, self.actions = encoder, actions
        game = encoder.game
        self.n = encoder.n
        self.size = encoder.size
        self.d = len(game.deck)
        self.s = len(game.streets)
        if self.s > MAX_STREETS or actions.size > MAX_ACTIONS:
            raise ValueError("too many streets or actions for the compiled kernel")
        off = encoder.offsets
        self.off_board = off["board"]
        self.off_up = off["up"]
        self.off_seats = off["seats"]
        self.off_pot = off["pot"]
        self.off_street = off["street"]
        self.off_position = off["position"]
        self.off_turn = off["turn"]
        self.off_betting = off["betting"]
        self.off_draws = off["draws"]
        self.draw_rounds = (self.size - self.off_draws) // (2 * self.n)
        self.stud = encoder.stud
        self.bb = encoder.bb
        for k in range(52):
            self.index[k] = -1
        for card, k in encoder.deck_index.items():
            self.index[card] = k
        for k, street in enumerate(game.streets):
            self.street_map[k] = encoder.streets[street.name]
        if self.n > MAX_SEATS:
            raise ValueError(f"{self.n} seats: the compiled kernel has room for {MAX_SEATS}")
        self.n_actions = actions.size
        self.n_bets = actions.bets
        self.kinds = actions.kinds
        for k in range(self.n_bets):  # each action's code and fraction: Actions'
            self.kind[k] = actions._codes[k]
            self.fraction[k] = actions._sizes[k]
        for fold in (False, True):
            for raise_ in (False, True):
                row = actions.mask_for(fold, raise_)
                code = betting_code(fold, raise_)
                for k in range(self.n_actions):
                    self.masks[code][k] = row[k]

    # ------------------------------------------------------------ observation

    cdef int _cards(self, float* out, list cards, int at) except -1:
        cdef int c, i
        for card in cards:
            c = card
            if c >= 0:
                i = self.index[c]
                if i < 0:
                    raise ValueError(f"card {c} is not in the game's deck")
                out[at + i] = 1.0
        return 0

    cdef int _encode(
        self, Hand hand, int seat, const float* summary, float* out
    ) except -1:
        """Encoder.encode of ``seat`` into ``out``."""
        cdef int n = self.n, np_ = hand._n, k, other, st, j, a, base
        cdef double bb = self.bb, stack
        cdef bint fold, raise_
        cdef float* row
        cdef const float* src
        memset(out, 0, self.size * sizeof(float))
        self._cards(out, hand._holes[seat], 0)
        self._cards(out, hand._board, self.off_board)
        if self.stud:
            for k in range(np_):
                self._cards(out, hand._up[_mod(seat + k, np_)], self.off_up + k * self.d)
        stacks, bets, put, folded = hand._stacks, hand._bets, hand._contributed, hand._folded
        row = out + self.off_seats
        for k in range(np_):
            other = _mod(seat + k, np_)
            stack = _real(stacks[other])
            row[0] = <float>(stack / bb)
            row[1] = <float>(_real(bets[other]) / bb)
            row[2] = <float>(_real(put[other]) / bb)
            if folded[other]:
                row[3] = 1.0
            elif stack == 0.0:
                row[4] = 1.0
            row[5] = 1.0
            row += 6
        row = out + self.off_pot
        row[0] = <float>((0.0 if hand._payoffs is not None else _pot(put)) / bb)
        actor = hand.actor
        self.code = -1
        if actor is not None:
            a = actor
            if a == seat and hand._drawing:
                self.code = 4
                out[self.off_turn + n] = 1.0
            elif a == seat:
                to_call = hand._to_call()
                row[1] = <float>(_real(to_call) / bb)
                raise_ = hand._can_raise()
                if raise_:  # hand.min_raise_to and max_raise_to
                    row[2] = <float>(_real(hand._min_raise(a)) / bb)
                    row[3] = <float>(_real(hand._max_raise(a)) / bb)
                fold = fold_legal(to_call, hand._bring_in_pending)
                self.code = betting_code(fold, raise_)
                out[self.off_turn + n] = 1.0
            out[self.off_turn + _mod(a - seat, np_)] = 1.0
        out[self.off_street + self.street_map[hand._street]] = 1.0
        out[self.off_position + seat] = 1.0
        row = out + self.off_betting
        for st in range(self.s):
            for k in range(np_):
                src = summary + (st * n + _mod(seat + k, np_)) * 3
                base = (st * n + k) * 3
                for j in range(3):
                    row[base + j] = src[j]
        if self.draw_rounds:
            self._draws(hand, seat, out)
        return 0

    cdef int _draws(self, Hand hand, int seat, float* out) except -1:
        """Encoder._draws: the ``k``-th ``sd`` entry of a seat's history is its ``k``-th draw."""
        cdef int rounds[MAX_SEATS]
        cdef int np_ = hand._n, other, at
        memset(rounds, 0, sizeof(rounds))
        for entry in hand._history:  # (kind, seat, street, amount, cards): hand.py's events
            if entry[0] == _DRAW:
                other = entry[1]
                if not 0 <= other < np_ or rounds[other] >= self.draw_rounds:
                    raise ValueError(f"a draw of seat {other} that the layout has no room for")
                at = self.off_draws + (rounds[other] * self.n + _mod(other - seat, np_)) * 2
                out[at] = 1.0
                out[at + 1] = len(entry[4])
                rounds[other] += 1
        return 0

    def encode(self, Hand hand not None, int seat, const float[:, :, ::1] summary, float[::1] out):
        """:meth:`Encoder.encode` of ``seat`` into ``out`` (``summary``: streets x seats x 3)."""
        if out.shape[0] != self.size:
            raise ValueError(f"out has {out.shape[0]} entries, the layout {self.size}")
        if not 0 <= seat < hand._n:
            raise ValueError(f"seat {seat} is not a seat of the hand")
        if summary.shape[0] != self.s or summary.shape[1] != self.n or summary.shape[2] != 3:
            raise ValueError("summary is not streets x seats x 3")
        if hand._n > self.n:
            raise ValueError(f"a hand of {hand._n} players for a layout of {self.n}")
        self._encode(hand, seat, &summary[0, 0, 0], &out[0])

    cdef int _fill_mask(self, signed char* row, Hand hand, int code) except -1:
        """The actor's mask into ``row`` for its ``code`` (a draw: Actions.mask's)."""
        cdef int k
        cdef const signed char[::1] drawn
        if code == 4:  # one observation a seat and draw: the list's own rule
            drawn = self.actions.mask(hand)
            for k in range(self.n_actions):
                row[k] = drawn[k]
        elif code >= 0:
            for k in range(self.n_actions):
                row[k] = self.masks[code][k]
        else:
            memset(row, 0, self.n_actions)
        return 0

    def fill_mask(self, Hand hand not None, signed char[::1] out):
        """:meth:`Actions.fill_mask` into ``out`` (the first ``size`` entries)."""
        if out.shape[0] < self.n_actions:
            raise ValueError("the mask buffer is too short")
        self._fill_mask(&out[0], hand, mask_code(hand))

    # ---------------------------------------------------------------- actions

    cdef object _apply(self, Hand hand, object index):
        """Actions.apply: the "raise to" amount, or None (fold, check, call)."""
        cdef int i
        if type(index) is not int or not 0 <= index < self.n_bets:
            # Actions' reading of index and its range, or a discard (one a seat and draw)
            return self.actions.apply(hand, index)
        i = index
        return play(hand, i, self.kind[i], self.fraction[i], self.kinds[i])

    def apply(self, Hand hand not None, index):
        """:meth:`Actions.apply`: play action ``index``; the "raise to" amount or None."""
        return self._apply(hand, index)

    # ------------------------------------------------------------- PokerEnv

    def bind(self, float[:, :, ::1] summary):
        """Keep ``summary`` (streets x seats x 3) as the betting summary that
        :meth:`observe` reads and :meth:`play` counts in (PokerEnv's)."""
        if summary.shape[0] != self.s or summary.shape[1] != self.n or summary.shape[2] != 3:
            raise ValueError("summary is not streets x seats x 3")
        self.summary = summary
        self.bound = True

    def observe(self, Hand hand not None, int seat, int width, bint live):
        """PokerEnv.observe of ``seat``: ``{"observation": ..., "action_mask": ...}``, new
        arrays; the mask (``width`` entries) is the actions' when ``live`` and ``seat`` acts."""
        return self._observe(hand, seat, width, live)

    cdef dict _observe(self, Hand hand, int seat, int width, bint live):
        cdef cnp.npy_intp dims[1]
        if not self.bound:
            raise ValueError("no betting summary: bind one first")
        if not 0 <= seat < hand._n or hand._n > self.n or width < self.n_actions:
            raise ValueError(f"seat {seat} of a hand of {hand._n} players, mask width {width}")
        dims[0] = self.size
        obs = cnp.PyArray_EMPTY(1, dims, cnp.NPY_FLOAT32, 0)
        self._encode(hand, seat, &self.summary[0, 0, 0], <float*>cnp.PyArray_DATA(obs))
        dims[0] = width
        mask = cnp.PyArray_ZEROS(1, dims, cnp.NPY_INT8, 0)
        if live and self.code >= 0:
            self._fill_mask(<signed char*>cnp.PyArray_DATA(mask), hand, self.code)
        return {"observation": obs, "action_mask": mask}

    def play(self, Hand hand not None, object index):
        """PokerEnv.step's move: play action ``index`` of the actor and count it in the
        bound summary (unless it folded); the "raise to" amount or None."""
        return self._play(hand, index)

    cdef object _play(self, Hand hand, object index):
        cdef int seat, street
        cdef bint drawing
        if not self.bound:
            raise ValueError("no betting summary: bind one first")
        actor = hand.actor
        if actor is None:
            raise ValueError("no one acts in the hand")
        seat = actor
        street = self.street_map[hand._street]
        drawing = hand._drawing  # a discard: not counted in the betting summary
        raised = self._apply(hand, index)
        if counts(hand, seat, drawing):
            record(self.summary, street, seat, raised, self.bb)
        return raised

    # -------------------------------------------------------- vectorized step

    def write(
        self,
        list hands,
        const float[:, :, :, ::1] summaries,
        float[:, ::1] observations,
        signed char[:, ::1] masks,
        long long[::1] seats,
    ):
        """VectorEnv's observations, masks and seats of every table's actor."""
        cdef Py_ssize_t t, count = len(hands)
        cdef int seat
        cdef Hand hand
        if (
            summaries.shape[0] != count
            or summaries.shape[1] != self.s
            or summaries.shape[2] != self.n
            or summaries.shape[3] != 3
            or observations.shape[0] != count
            or observations.shape[1] != self.size
            or masks.shape[0] != count
            or masks.shape[1] != self.n_actions
            or seats.shape[0] != count
        ):
            raise ValueError("buffers of the wrong shape for the tables")
        for t in range(count):
            hand = <Hand?>hands[t]
            if hand.actor is None or hand._n != self.n:
                raise ValueError(f"table {t}: no one to act, or not {self.n} players")
            seat = hand.actor
            self._encode(hand, seat, &summaries[t, 0, 0, 0], &observations[t, 0])
            self._fill_mask(&masks[t, 0], hand, self.code)
            seats[t] = seat

    def step(
        self,
        list hands,
        list actions,
        object start,
        object stacks,
        object bits,
        int tries,
        float[:, :, :, ::1] summaries,
        float[:, ::1] rewards,
        unsigned char[::1] dones,
    ):
        """VectorEnv.step's loop: play each table's action (checked already:
        :func:`checked_actions`); a finished hand's payoffs go to ``rewards`` and
        ``dones``, and a new hand replaces it (VectorEnv._deal, in C:
        ``start(stacks, bits(64))`` until someone acts, at most ``tries`` times);
        otherwise the action is counted in the table's betting summary."""
        cdef Py_ssize_t t, count = len(hands)
        cdef int seat, street, k
        cdef bint drawing
        cdef Hand hand
        if (
            len(actions) != count
            or rewards.shape[0] != count
            or rewards.shape[1] != self.n
            or dones.shape[0] != count
            or summaries.shape[0] != count
        ):
            raise ValueError("buffers of the wrong shape for the tables")
        memset(&rewards[0, 0], 0, count * self.n * sizeof(float))
        memset(&dones[0], 0, count)
        for t, action in enumerate(actions):
            hand = <Hand?>hands[t]
            actor = hand.actor
            if actor is None:
                raise ValueError(f"table {t}: no one to act")
            seat = actor
            street = self.street_map[hand._street]
            drawing = hand._drawing  # a discard: not counted in the betting summary
            raised = self._apply(hand, action)
            if hand._received is not None:
                payoffs = hand._payoffs
                if payoffs is not None:
                    for k in range(self.n):
                        rewards[t, k] = <float>_real(payoffs[k])
                dones[t] = 1
                hands[t] = deal_acting(start, stacks, bits, tries)
                memset(&summaries[t, 0, 0, 0], 0, self.s * self.n * 3 * sizeof(float))
            elif counts(hand, seat, drawing):
                record(summaries[t], street, seat, raised, self.bb)
