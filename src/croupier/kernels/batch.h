/* Row kernels and the 7-card enumeration, shared by the GPU and the CPU
 * (croupier_device.h says how each compiler reads them).
 *
 * Every kernel is one CROUPIER_FOR_EACH loop: on the GPU one thread an item,
 * on the CPU one loop on the calling thread.  Rows are C-contiguous uint8 codes.
 */
#pragma once
#include "eval.h"

/* n rows of k cards of a kind (CK_*) -> n values; CROUPIER_BAD_ROW for a row that
 * is not a hand of that deck (a code past 51, a repeat, a card below six in the
 * short deck), and then *bad is set to 1.  k: 4 for badugi, 5..7 otherwise (the
 * caller checks). */
CROUPIER_KERNEL ck_rows(int kind, const uint8_t* CROUPIER_RESTRICT cards, int64_t n, int k,
                        uint16_t* CROUPIER_RESTRICT out, uint32_t* bad) {
  const uint64_t refused = (kind == CK_SHORT_DECK || kind == CK_SHORT_DECK_TRIPS)
                               ? CK_SHORT_DECK_REFUSED
                               : CK_FULL_DECK_REFUSED;
  CROUPIER_FOR_EACH(i, n) {
    uint8_t row[7];
    for (int j = 0; j < k; j++) row[j] = cards[i * k + j];
    if (ck_valid(row, k, refused)) {
      out[i] = ck_value(kind, row, k);
    } else {
      out[i] = (uint16_t)CROUPIER_BAD_ROW;
      CROUPIER_SET_FLAG(bad);
    }
  }
}

/* n Omaha rows: nh (4..6) hole and nb (3..5) board cards each -> the best high
 * (low = 0) or eight-or-better low (low = 1); CROUPIER_BAD_ROW for a bad row, and
 * then *bad is set to 1. */
CROUPIER_KERNEL ck_omaha_rows(int low, const uint8_t* CROUPIER_RESTRICT hole, int nh,
                              const uint8_t* CROUPIER_RESTRICT board, int nb, int64_t n,
                              uint16_t* CROUPIER_RESTRICT out, uint32_t* bad) {
  CROUPIER_FOR_EACH(i, n) {
    uint8_t row[11];
    for (int j = 0; j < nh; j++) row[j] = hole[i * nh + j];
    for (int j = 0; j < nb; j++) row[nh + j] = board[i * nb + j];
    if (!ck_valid(row, nh + nb, CK_FULL_DECK_REFUSED)) {
      out[i] = (uint16_t)CROUPIER_BAD_ROW;
      CROUPIER_SET_FLAG(bad);
    } else
      out[i] = low ? ck_omaha_low(row, nh, row + nh, nb) : ck_omaha_high(row, nh, row + nh, nb);
  }
}

/* C(n, k), 0 outside 0 <= k <= n (n <= 52: every partial product fits). */
CROUPIER_FN uint64_t ck_binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  uint64_t r = 1;
  for (int i = 1; i <= k; i++) r = r * (uint64_t)(n - k + i) / (uint64_t)i;
  return r;
}

/* The k cards (ascending) of the k-card hand of colex rank r: the hand
 * c0 < c1 < ... has rank C(c0, 1) + C(c1, 2) + ... + C(c(k-1), k). */
CROUPIER_FN void ck_unrank(uint64_t r, int k, uint8_t* out) {
  int c = 52;
  for (int j = k; j >= 1; j--) {
    c--;
    while (ck_binomial(c, j) > r) c--;
    out[j - 1] = (uint8_t)c;
    r -= ck_binomial(c, j);
  }
}

/* Every 7-card hand's high value, counted by category (counts[0..8], added to):
 * item p is the 4-card prefix of colex rank p (C(52, 4) = 270,725 of them), and
 * its thread runs every three cards above the prefix's highest, adding each
 * card's key to the prefix's sum. */
#define CK_PREFIXES 270725
CROUPIER_KERNEL ck_enumerate_high7(uint64_t* counts) {
  CROUPIER_FOR_EACH(p, CK_PREFIXES) {
    uint8_t c[7];
    uint64_t local[9];
    for (int t = 0; t < 9; t++) local[t] = 0;
    ck_unrank((uint64_t)p, 4, c);
    uint64_t k4 = CROUPIER_SUIT_BIAS + CROUPIER_CARD_KEY[c[0]] + CROUPIER_CARD_KEY[c[1]] +
                  CROUPIER_CARD_KEY[c[2]] + CROUPIER_CARD_KEY[c[3]];
    for (int e = c[3] + 1; e < 52; e++) {
      c[4] = (uint8_t)e;
      uint64_t k5 = k4 + CROUPIER_CARD_KEY[e];
      for (int f = e + 1; f < 52; f++) {
        c[5] = (uint8_t)f;
        uint64_t k6 = k5 + CROUPIER_CARD_KEY[f];
        for (int g = f + 1; g < 52; g++) {
          c[6] = (uint8_t)g;
          uint16_t v = ck_high_from_key(k6 + CROUPIER_CARD_KEY[g], c, 7);
          local[CROUPIER_HIGH_DECODE[v] >> 20]++;
        }
      }
    }
    for (int t = 0; t < 9; t++)
      if (local[t]) CROUPIER_ADD_COUNT(&counts[t], local[t]);
  }
}
