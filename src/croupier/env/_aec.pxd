# C fields and types for the pure-Python module env/_aec.py (Cython "augmenting
# .pxd"): compiled, AECCore is an extension type whose state is C fields and whose
# internal methods are C methods; it cimports the kernel here only (under
# CROUPIER_IMPL=pure the .py runs without it).

cimport cython

from croupier.env._fast cimport Kernel
from croupier.hand cimport Hand

cdef unsigned long long _MASK, _GOLDEN, _SEED_SALT

@cython.locals(z=cython.ulonglong)
cdef unsigned long long _mix(unsigned long long z) noexcept
cdef unsigned long long _seed_state(object seed) except? 0


cdef class AECCore:
    # What PettingZoo reads (the AEC protocol's attributes).
    cdef public list agents, possible_agents
    cdef public dict rewards, _cumulative_rewards, terminations, truncations, infos
    cdef public object agent_selection, _skip_agent_selection
    # The episode: the hand being played and, in a session, its table.
    cdef public Hand hand
    cdef public object table, _first_table, game, starting, max_hands, _summary
    cdef public tuple _seats
    # Set up by PokerEnv.__init__.
    cdef public Kernel _kernel
    cdef public bint raw, session, _inline, _rewarded
    cdef public double scale
    cdef public int _width
    cdef public list _seat_agent
    cdef public dict _agent_seat, _index, _zeros, _falses
    cdef public unsigned long long _state
    # The thread inside reset, step, last or observe (0: none): see _enter.
    cdef unsigned long _owner
    cdef int _depth

    @cython.locals(me=cython.ulong)
    cdef int _enter(self, str what) except -1
    cdef void _leave(self) noexcept
    @cython.locals(cumulative=dict)
    cdef int _accumulate(self) except -1
    cdef int _reset(self, seed) except -1
    @cython.locals(seats=tuple)
    cdef int _deal(self) except -1
    cdef tuple _last(self, bint observe)
    cdef int _require_agents(self) except -1
    cdef int _step(self, action) except -1
    @cython.locals(hand=Hand, rewards=dict)
    cdef int _end_hand(self) except -1


cdef class _Claim:
    cdef AECCore env
    cdef str what


cdef class _AgentIter:
    cdef AECCore env
    cdef long long left
