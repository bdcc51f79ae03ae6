/* Atomic counters, flags and a short wait for croupier's chunked jobs
 * (_chunks.pxd): the one place that knows the compiler.
 *
 * GCC and Clang (Linux, macOS, MinGW): their __atomic builtins, with the memory
 * orders _chunks.pxd asks for, and POSIX sched_yield, nanosleep and the monotonic
 * clock.  MSVC (Windows): the Interlocked intrinsics, which are full barriers (at
 * least as strong as the orders asked for), and Win32's SwitchToThread, Sleep and
 * QueryPerformanceCounter.  Only 64-bit Windows is built (Py_ssize_t is 64 bits).
 */
#ifndef CROUPIER_ATOMICS_H
#define CROUPIER_ATOMICS_H

#if defined(_MSC_VER) && !defined(__clang__)

#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#include <intrin.h>

#define CROUPIER_ATOMICS "msvc"

/* Compile-time checks that C89 can read: a negative array size fails the build. */
typedef char croupier_windows_is_64_bit[sizeof(Py_ssize_t) == 8 ? 1 : -1];
typedef char croupier_int_is_a_long[sizeof(int) == sizeof(LONG) ? 1 : -1];

static __forceinline Py_ssize_t croupier_load_ssize(Py_ssize_t *p) {
    return (Py_ssize_t)InterlockedCompareExchange64((LONG64 volatile *)p, 0, 0);
}
static __forceinline Py_ssize_t croupier_fetch_add_ssize(Py_ssize_t *p, Py_ssize_t v) {
    return (Py_ssize_t)InterlockedExchangeAdd64((LONG64 volatile *)p, (LONG64)v);
}
static __forceinline Py_ssize_t croupier_exchange_ssize(Py_ssize_t *p, Py_ssize_t v) {
    return (Py_ssize_t)InterlockedExchange64((LONG64 volatile *)p, (LONG64)v);
}
static __forceinline long long croupier_fetch_add_ll(long long *p, long long v) {
    return (long long)InterlockedExchangeAdd64((LONG64 volatile *)p, (LONG64)v);
}
static __forceinline int croupier_load_int(int *p) {
    return (int)InterlockedCompareExchange((LONG volatile *)p, 0, 0);
}
static __forceinline void croupier_store_int(int *p, int v) {
    InterlockedExchange((LONG volatile *)p, (LONG)v);
}
static __forceinline int croupier_load_u8(const unsigned char *p) {
    return (unsigned char)_InterlockedCompareExchange8((char volatile *)p, 0, 0);
}
/* Sets *p to `desired` if it is `expected`; 1 when it did. */
static __forceinline int croupier_cas_u8(unsigned char *p, unsigned char expected,
                                         unsigned char desired) {
    return (unsigned char)_InterlockedCompareExchange8((char volatile *)p, (char)desired,
                                                       (char)expected) == expected;
}
static __forceinline void croupier_store_u8(unsigned char *p, unsigned char v) {
    _InterlockedExchange8((char volatile *)p, (char)v);
}
static inline void croupier_yield(void) { SwitchToThread(); }
/* A short sleep: Windows sleeps in whole milliseconds. */
static inline void croupier_nap(void) { Sleep(1); }
static inline double croupier_now(void) {
    LARGE_INTEGER t, f;
    QueryPerformanceCounter(&t);
    QueryPerformanceFrequency(&f);
    return (double)t.QuadPart / (double)f.QuadPart;
}

#else /* GCC, Clang */

#include <sched.h>
#include <time.h>

#define CROUPIER_ATOMICS "gnu"

static inline Py_ssize_t croupier_load_ssize(Py_ssize_t *p) {
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}
static inline Py_ssize_t croupier_fetch_add_ssize(Py_ssize_t *p, Py_ssize_t v) {
    return __atomic_fetch_add(p, v, __ATOMIC_ACQ_REL);
}
static inline Py_ssize_t croupier_exchange_ssize(Py_ssize_t *p, Py_ssize_t v) {
    return __atomic_exchange_n(p, v, __ATOMIC_ACQ_REL);
}
static inline long long croupier_fetch_add_ll(long long *p, long long v) {
    return __atomic_fetch_add(p, v, __ATOMIC_ACQ_REL);
}
static inline int croupier_load_int(int *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
static inline void croupier_store_int(int *p, int v) { __atomic_store_n(p, v, __ATOMIC_RELEASE); }
static inline int croupier_load_u8(const unsigned char *p) {
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}
/* Sets *p to `desired` if it is `expected`; 1 when it did. */
static inline int croupier_cas_u8(unsigned char *p, unsigned char expected,
                                  unsigned char desired) {
    return __atomic_compare_exchange_n(p, &expected, desired, 0, __ATOMIC_ACQ_REL,
                                       __ATOMIC_ACQUIRE);
}
static inline void croupier_store_u8(unsigned char *p, unsigned char v) {
    __atomic_store_n(p, v, __ATOMIC_RELEASE);
}
static inline void croupier_yield(void) { sched_yield(); }
/* A short sleep: 50 microseconds. */
static inline void croupier_nap(void) {
    struct timespec nap = {0, 50000};
    nanosleep(&nap, NULL);
}
static inline double croupier_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

#endif
#endif /* CROUPIER_ATOMICS_H */
