/* src/croupier/_seedseq.h run by tests/test_seedseq.py.
 *
 * check            each stdin line "w0 w1 ... ; k" (a root's words, a child's k) gives
 *                  one output line: the child's seed, by croupier_seedseq_child and by
 *                  croupier_seedseq_root_init + croupier_seedseq_root_child, which must
 *                  agree (else "MISMATCH").
 * check time N     N children of one root by each way, timed (CPU seconds).
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "_seedseq.h"

#define MAX_WORDS 256

static int run_lines(void) {
    static char line[1 << 14];
    uint32_t words[MAX_WORDS];
    while (fgets(line, sizeof line, stdin)) {
        char *semi = strchr(line, ';'), *p = line, *end;
        int n = 0;
        uint64_t k, a, b;
        croupier_seedseq_root root;
        if (!semi) {
            fprintf(stderr, "no ';' in %s", line);
            return 2;
        }
        *semi = '\0';
        for (;;) {
            unsigned long long w = strtoull(p, &end, 10);
            if (end == p) break;
            if (n == MAX_WORDS || w > 0xFFFFFFFFull) {
                fprintf(stderr, "too many words or a word too large\n");
                return 2;
            }
            words[n++] = (uint32_t)w;
            p = end;
        }
        k = (uint64_t)strtoull(semi + 1, NULL, 10);
        a = croupier_seedseq_child(words, n, k);
        croupier_seedseq_root_init(&root, words, n);
        b = croupier_seedseq_root_child(&root, k);
        if (a != b) {
            printf("MISMATCH %" PRIu64 " %" PRIu64 "\n", a, b);
        } else {
            printf("%" PRIu64 "\n", a);
        }
    }
    return 0;
}

static int run_timing(long count) {
    /* The root of SeedSequence(None): 4 words of entropy. */
    const uint32_t words[4] = {0x9e3779b9u, 0x7f4a7c15u, 0x12345678u, 0xdeadbeefu};
    croupier_seedseq_root root;
    uint64_t sum_child = 0, sum_root = 0;
    clock_t start;
    double child_s, root_s;
    long k;
    start = clock();
    for (k = 0; k < count; k++) sum_child ^= croupier_seedseq_child(words, 4, (uint64_t)k);
    child_s = (double)(clock() - start) / CLOCKS_PER_SEC;
    start = clock();
    croupier_seedseq_root_init(&root, words, 4);
    for (k = 0; k < count; k++) sum_root ^= croupier_seedseq_root_child(&root, (uint64_t)k);
    root_s = (double)(clock() - start) / CLOCKS_PER_SEC;
    printf("children %ld child %.6f s root_child %.6f s checksum %" PRIu64 " %s\n", count,
           child_s, root_s, sum_child, sum_child == sum_root ? "agree" : "DISAGREE");
    return sum_child == sum_root ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "time") == 0) return run_timing(atol(argv[2]));
    return run_lines();
}
