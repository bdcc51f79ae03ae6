/* A Monte Carlo chunk's 64-bit seed, derived in C without the GIL, bit for bit as
 * numpy derives it:
 *
 *     SeedSequence(root.entropy, spawn_key=(*root.spawn_key, k), pool_size=4)
 *         .generate_state(1, np.uint64)[0]
 *
 * The specification this reproduces is numpy.random.SeedSequence (numpy's
 * bit_generator.pyx, itself after Melissa O'Neill's seed_seq alternative); this is
 * a fresh C99 writing of it, checked against numpy by tests/test_seedseq.py, and
 * _seedseq.py holds its pure-Python twin (child_seed) and root_words, which reads
 * a root SeedSequence's words in Python once.
 *
 * The algorithm:
 *
 * 1. Words.  The entropy and the spawn key become little-endian 32-bit words (an
 *    int n: n & 0xFFFFFFFF, then n >> 32 and so on while non-zero; 0 is one word
 *    0).  With a spawn key, which every child has, the entropy's words are padded
 *    with zeros to the pool size, 4; the spawn key's words follow.  root_words
 *    gives the root's padded entropy and its own spawn key; k's words (one word
 *    below 2**32, else two) come last.
 * 2. Pool.  One running hash constant h starts at INIT_A; hashmix(v) is
 *    v ^= h; h *= MULT_A; v *= h; v ^= v >> 16.  The pool's 4 words are
 *    hashmix(word i) for i = 0..3 (0 past the end).  Then every pool word src is
 *    mixed into every other dst, src by src, in place: pool[dst] =
 *    mix(pool[dst], hashmix(pool[src])), with mix(x, y) = r ^ (r >> 16) for
 *    r = MIX_MULT_L * x - MIX_MULT_R * y.  Each word past the fourth is then mixed
 *    into pool words 0..3 the same way (hashmix(word), once per pool word).
 * 3. Output.  A second constant g starts at INIT_B; the output words are the pool
 *    words in a cycle, each v ^= g; g *= MULT_B; v *= g; v ^= v >> 16.  A uint64
 *    is two such words, the first the low half.
 *
 * All arithmetic is modulo 2**32.  The first two steps of the pool depend on the
 * first 4 words only, always the root's, so a root's state (the pool and h after
 * its words) is computed once and each child only mixes in k's words:
 * croupier_seedseq_root_init, then croupier_seedseq_root_child per chunk.
 */
#ifndef CROUPIER_SEEDSEQ_H
#define CROUPIER_SEEDSEQ_H

#include <stdint.h>

#define CROUPIER_SEEDSEQ_POOL_SIZE 4

#define CROUPIER_SEEDSEQ_INIT_A 0x43b0d7e5u
#define CROUPIER_SEEDSEQ_MULT_A 0x931e8875u
#define CROUPIER_SEEDSEQ_INIT_B 0x8b51f9ddu
#define CROUPIER_SEEDSEQ_MULT_B 0x58f38dedu
#define CROUPIER_SEEDSEQ_MIX_MULT_L 0xca01f9ddu
#define CROUPIER_SEEDSEQ_MIX_MULT_R 0x4973f715u
#define CROUPIER_SEEDSEQ_XSHIFT 16

/* A root SeedSequence's words, hashed: what each of its children starts from. */
typedef struct {
    uint32_t pool[CROUPIER_SEEDSEQ_POOL_SIZE];
    uint32_t hash_const;
} croupier_seedseq_root;

static inline uint32_t croupier_seedseq_hashmix(uint32_t value, uint32_t *hash_const) {
    value ^= *hash_const;
    *hash_const *= CROUPIER_SEEDSEQ_MULT_A;
    value *= *hash_const;
    return value ^ (value >> CROUPIER_SEEDSEQ_XSHIFT);
}

static inline uint32_t croupier_seedseq_mix(uint32_t x, uint32_t y) {
    uint32_t r = CROUPIER_SEEDSEQ_MIX_MULT_L * x - CROUPIER_SEEDSEQ_MIX_MULT_R * y;
    return r ^ (r >> CROUPIER_SEEDSEQ_XSHIFT);
}

/* One entropy word past the pool's first 4, mixed into each pool word. */
static inline void croupier_seedseq_mix_in(croupier_seedseq_root *r, uint32_t word) {
    int dst;
    for (dst = 0; dst < CROUPIER_SEEDSEQ_POOL_SIZE; dst++) {
        r->pool[dst] = croupier_seedseq_mix(r->pool[dst],
                                            croupier_seedseq_hashmix(word, &r->hash_const));
    }
}

/* words: the root's words (_seedseq.root_words: its entropy's words padded with
   zeros to 4, then its own spawn key's), n of them; fewer than 4 read as padded
   with zeros. */
static inline void croupier_seedseq_root_init(croupier_seedseq_root *r, const uint32_t *words,
                                              int n) {
    int i, src, dst;
    r->hash_const = CROUPIER_SEEDSEQ_INIT_A;
    for (i = 0; i < CROUPIER_SEEDSEQ_POOL_SIZE; i++) {
        r->pool[i] = croupier_seedseq_hashmix(i < n ? words[i] : 0u, &r->hash_const);
    }
    for (src = 0; src < CROUPIER_SEEDSEQ_POOL_SIZE; src++) {
        for (dst = 0; dst < CROUPIER_SEEDSEQ_POOL_SIZE; dst++) {
            if (src != dst) {
                r->pool[dst] = croupier_seedseq_mix(
                    r->pool[dst], croupier_seedseq_hashmix(r->pool[src], &r->hash_const));
            }
        }
    }
    for (i = CROUPIER_SEEDSEQ_POOL_SIZE; i < n; i++) {
        croupier_seedseq_mix_in(r, words[i]);
    }
}

/* The first uint64 of generate_state of the root's child with spawn key (..., k). */
static inline uint64_t croupier_seedseq_root_child(const croupier_seedseq_root *root,
                                                   uint64_t k) {
    croupier_seedseq_root r = *root;
    uint32_t g = CROUPIER_SEEDSEQ_INIT_B, out[2];
    int i;
    croupier_seedseq_mix_in(&r, (uint32_t)k); /* k's words, as numpy reads an int */
    if (k >> 32) {
        croupier_seedseq_mix_in(&r, (uint32_t)(k >> 32));
    }
    for (i = 0; i < 2; i++) {
        uint32_t v = r.pool[i % CROUPIER_SEEDSEQ_POOL_SIZE] ^ g;
        g *= CROUPIER_SEEDSEQ_MULT_B;
        v *= g;
        out[i] = v ^ (v >> CROUPIER_SEEDSEQ_XSHIFT);
    }
    return (uint64_t)out[0] | (uint64_t)out[1] << 32;
}

/* The same from the root's words directly (the root hashed again each call). */
static inline uint64_t croupier_seedseq_child(const uint32_t *words, int n, uint64_t k) {
    croupier_seedseq_root r;
    croupier_seedseq_root_init(&r, words, n);
    return croupier_seedseq_root_child(&r, k);
}

#endif /* CROUPIER_SEEDSEQ_H */
