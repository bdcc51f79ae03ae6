/* Four threads claim 200,000 slots through src/croupier/_atomics.h: each slot once,
   its flag claimed once, the sums exact; then the store, load, exchange, yield, nap
   and clock.  Exit status 0 when all holds (tests/test_atomics.py builds it twice:
   the GCC/Clang branch, and the MSVC branch on the stand-in windows.h). */
#include <pthread.h>
#include <stdio.h>
#include <sys/types.h>
typedef ssize_t Py_ssize_t;
#ifdef FAKE_MSVC
#define _MSC_VER 1940
#endif
#include "_atomics.h"  /* src/croupier, on the include path */
#define N 200000
static Py_ssize_t next = 0, total = 0; static long long sum = 0; static unsigned char flags[N];
static int claimed[N];
static void *work(void *arg) {
    for (;;) {
        Py_ssize_t i = croupier_fetch_add_ssize(&next, 1);
        if (i >= N) break;
        croupier_fetch_add_ll(&sum, i);
        if (croupier_cas_u8(&flags[i], 0, 2)) { claimed[i]++; croupier_store_u8(&flags[i], 1); }
        if (croupier_cas_u8(&flags[i], 0, 2)) claimed[i] += 100;  /* never: already 1 */
        croupier_fetch_add_ssize(&total, 1);
    }
    return arg;
}
int main(void) {
    pthread_t t[4]; int i, bad = 0; int stop = 0; double t0 = croupier_now();
    for (i = 0; i < 4; i++) pthread_create(&t[i], NULL, work, NULL);
    for (i = 0; i < 4; i++) pthread_join(t[i], NULL);
    for (i = 0; i < N; i++) bad += claimed[i] != 1 || croupier_load_u8(&flags[i]) != 1;
    croupier_store_int(&stop, 1); croupier_yield(); croupier_nap();
    printf("%s: total %zd sum %lld (want %lld) bad %d stop %d exchange %zd load %zd %.6f s\n",
           CROUPIER_ATOMICS, croupier_load_ssize(&total), sum, (long long)N * (N - 1) / 2, bad,
           croupier_load_int(&stop), croupier_exchange_ssize(&next, 7), croupier_load_ssize(&next),
           croupier_now() - t0);
    return !(total == N && sum == (long long)N * (N - 1) / 2 && bad == 0 && stop == 1 && next == 7);
}
