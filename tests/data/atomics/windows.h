/* A stand-in for <windows.h> with the documented semantics of the few calls
   src/croupier/_atomics.h makes (Interlocked*: Destination, Exchange, Comparand;
   each returns the old value), so that its MSVC branch compiles and runs under GCC
   or Clang (tests/test_atomics.py).  Not Windows: a check of how _atomics.h calls it. */
#include <sched.h>
#include <time.h>
#include <unistd.h>
typedef long long LONG64;
typedef int LONG;
typedef union { long long QuadPart; } LARGE_INTEGER;
#define __forceinline inline
static inline LONG64 InterlockedCompareExchange64(LONG64 volatile *d, LONG64 x, LONG64 c) { __atomic_compare_exchange_n((LONG64*)d, &c, x, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); return c; }
static inline LONG64 InterlockedExchangeAdd64(LONG64 volatile *d, LONG64 v) { return __atomic_fetch_add((LONG64*)d, v, __ATOMIC_SEQ_CST); }
static inline LONG64 InterlockedExchange64(LONG64 volatile *d, LONG64 v) { return __atomic_exchange_n((LONG64*)d, v, __ATOMIC_SEQ_CST); }
static inline LONG InterlockedCompareExchange(LONG volatile *d, LONG x, LONG c) { __atomic_compare_exchange_n((LONG*)d, &c, x, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); return c; }
static inline LONG InterlockedExchange(LONG volatile *d, LONG v) { return __atomic_exchange_n((LONG*)d, v, __ATOMIC_SEQ_CST); }
static inline char _InterlockedCompareExchange8(char volatile *d, char x, char c) { __atomic_compare_exchange_n((char*)d, &c, x, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); return c; }
static inline char _InterlockedExchange8(char volatile *d, char v) { return __atomic_exchange_n((char*)d, v, __ATOMIC_SEQ_CST); }
static inline int SwitchToThread(void) { return sched_yield() == 0; }
static inline void Sleep(unsigned ms) { usleep(ms * 1000); }
static inline int QueryPerformanceCounter(LARGE_INTEGER *t) { struct timespec s; clock_gettime(CLOCK_MONOTONIC, &s); t->QuadPart = s.tv_sec * 1000000000LL + s.tv_nsec; return 1; }
static inline int QueryPerformanceFrequency(LARGE_INTEGER *f) { f->QuadPart = 1000000000LL; return 1; }
