/* Bit counting for croupier's kernels (hands, pots, equity): one place for both.
 *
 * GCC and Clang have builtins that compile to one instruction; other compilers
 * (MSVC) get the portable versions below, and so does any build with
 * CROUPIER_PORTABLE_BITS defined (CMake: -DCROUPIER_PORTABLE_BITS=ON, which CI's
 * Python 3.10 leg uses so that the portable code runs the whole test suite).
 * CROUPIER_BITS_PORTABLE says which was compiled (croupier.hands._portable_bits).
 */
#ifndef CROUPIER_BITS_H
#define CROUPIER_BITS_H

#if !defined(CROUPIER_PORTABLE_BITS) && (defined(__GNUC__) || defined(__clang__))

#define CROUPIER_BITS_PORTABLE 0

static inline int croupier_popcount64(unsigned long long x) { return __builtin_popcountll(x); }

/* The number of trailing zero bits; x must not be 0 (as for __builtin_ctzll). */
static inline int croupier_ctz64(unsigned long long x) { return __builtin_ctzll(x); }

#else

#define CROUPIER_BITS_PORTABLE 1

/* Bits counted in pairs, nibbles and bytes, the bytes summed by a multiply. */
static inline int croupier_popcount64(unsigned long long x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* The lowest set bit times a de Bruijn sequence: its top six bits name the bit's
 * place (the table inverts that).  x must not be 0. */
static inline int croupier_ctz64(unsigned long long x) {
    static const unsigned char place[64] = {
        0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38, 29, 17, 4,
        62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
        63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
        46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6};
    return place[((x & (0ULL - x)) * 0x03F79D71B4CB0A89ULL) >> 58];
}

#endif

#endif /* CROUPIER_BITS_H */
