/* Hand evaluators on card codes, shared by the GPU and the CPU (croupier_device.h).
 *
 * The same algorithms and the same generated tables (croupier_tables.h, written
 * by tools/gen_tables.py) as the Cython core's _eval.pxd, written as plain C so
 * that NVRTC can compile them: a rank-multiset key summed from CARD_KEY, a hash
 * into HIGH / LOW_A5, FLUSH by the rank bits of the flush suit, the Omaha
 * triple x pair tables, and so on (docs/rules.md says what each value means).
 *
 * Unlike the Cython kernels these check their cards themselves:
 * ``ck_valid`` says whether a row is a hand (every code in the deck, none
 * repeated), and the row kernels write CROUPIER_BAD_ROW for one that is not.
 * Every table index is bounded for any byte (the tables are padded), so a
 * row is read safely before it is judged.
 */
#pragma once
#include "croupier_device.h"
#include "croupier_tables.h"

/* Cards refused besides repeats, as card bits: codes past 51 all map to bit 63;
 * the short deck also refuses every card below six (codes 0..15). */
#define CK_FULL_DECK_REFUSED 0xFFF0000000000000ULL
#define CK_SHORT_DECK_REFUSED 0xFFF000000000FFFFULL

/* True when the n codes are distinct and none is refused: the sum of the cards'
 * bits equals their union only when no bit was added twice. */
CROUPIER_FN int ck_valid(const uint8_t* c, int n, uint64_t refused) {
  uint64_t total = 0, all = 0;
  for (int j = 0; j < n; j++) {
    uint64_t b = CROUPIER_CARD_BIT[c[j]];
    total += b;
    all |= b;
  }
  return total == all && !(all & refused);
}

CROUPIER_FN uint32_t ck_hash_slot(uint64_t key) {
  uint32_t k = (uint32_t)key;
  return (k & CROUPIER_HASH_MASK) + CROUPIER_HASH_OFFSETS[k >> CROUPIER_HASH_SHIFT];
}

/* The suit of five or more cards of a key sum (plus SUIT_BIAS), or -1. */
CROUPIER_FN int ck_flush_suit(uint64_t key) {
  uint64_t flush = key & CROUPIER_FLUSH_BITS;
  return flush ? (croupier_ctz64(flush) - CROUPIER_SUIT_SHIFT) >> 2 : -1;
}

/* High value (1..7462) of n <= 7 cards whose CARD_KEY sum plus SUIT_BIAS is key.
 * With at most seven cards a flush beats whatever the other two make. */
CROUPIER_FN uint16_t ck_high_from_key(uint64_t key, const uint8_t* c, int n) {
  int suit = ck_flush_suit(key);
  if (suit >= 0) {
    uint32_t ranks = 0;
    for (int i = 0; i < n; i++)
      if ((c[i] & 3) == suit) ranks |= 1u << CROUPIER_RANK[c[i]];
    return CROUPIER_FLUSH[ranks & 8191];
  }
  return CROUPIER_HIGH[ck_hash_slot(key)];
}

/* High value of 5 to 7 distinct cards. */
CROUPIER_FN uint16_t ck_high(const uint8_t* c, int n) {
  uint64_t key = CROUPIER_SUIT_BIAS;
  for (int i = 0; i < n; i++) key += CROUPIER_CARD_KEY[c[i]];
  return ck_high_from_key(key, c, n);
}

/* Ace-to-five low (1..6175, larger is better) of 5 to 7 cards. */
CROUPIER_FN uint16_t ck_ace_to_five(const uint8_t* c, int n) {
  uint64_t key = 0;
  for (int i = 0; i < n; i++) key += CROUPIER_CARD_KEY[c[i]];
  return CROUPIER_LOW_A5[ck_hash_slot(key)];
}

/* Eight-or-better low (0 = none, 1..56) of any number of cards. */
CROUPIER_FN uint16_t ck_eight_low(const uint8_t* c, int n) {
  uint32_t mask = 0;
  for (int i = 0; i < n; i++) mask |= CROUPIER_LOW8_BIT[c[i]];
  return CROUPIER_LOW8[mask & 255];
}

/* Deuce-to-seven value of the five of n cards left when c[i] and c[j] are out
 * (j = -1: only c[i]; i = j = -1: none); key: their CARD_KEY sum + SUIT_BIAS. */
CROUPIER_FN uint16_t ck_deuce_to_seven_of(const uint8_t* c, int n, uint64_t key, int i, int j) {
  int suit = ck_flush_suit(key);
  if (suit >= 0) {
    uint32_t ranks = 0;
    for (int k = 0; k < n; k++)
      if (k != i && k != j && (c[k] & 3) == suit) ranks |= 1u << CROUPIER_RANK[c[k]];
    return CROUPIER_D27[CROUPIER_FLUSH[ranks & 8191]];
  }
  return CROUPIER_D27[CROUPIER_HIGH[ck_hash_slot(key)]];
}

/* Deuce-to-seven value (1..7462) of 5 cards, or of the best five of 6 or 7. */
CROUPIER_FN uint16_t ck_deuce_to_seven(const uint8_t* c, int n) {
  uint64_t total = CROUPIER_SUIT_BIAS;
  uint16_t best = 0, v;
  for (int i = 0; i < n; i++) total += CROUPIER_CARD_KEY[c[i]];
  if (n == 5) return ck_deuce_to_seven_of(c, n, total, -1, -1);
  for (int i = 0; i < n; i++) {
    if (n == 6) {
      v = ck_deuce_to_seven_of(c, n, total - CROUPIER_CARD_KEY[c[i]], i, -1);
      best = v > best ? v : best;
      continue;
    }
    for (int j = i + 1; j < n; j++) {
      v = ck_deuce_to_seven_of(
          c, n, total - CROUPIER_CARD_KEY[c[i]] - CROUPIER_CARD_KEY[c[j]], i, j);
      best = v > best ? v : best;
    }
  }
  return best;
}

/* Badugi value (1..1092) of four cards: the best subset whose BADUGI_CODEs
 * (a suit bit and an ace-low rank bit each) share no bit, scored
 * size << 13 | (ranks ^ 0x1FFF); its ranks index BADUGI. */
CROUPIER_FN uint16_t ck_badugi(const uint8_t* c) {
  const uint32_t m = 0x1FFF;
  uint32_t code[4], best = 0;
  for (int i = 0; i < 4; i++) code[i] = CROUPIER_BADUGI_CODE[c[i]];
  for (uint32_t subset = 1; subset < 16; subset++) {
    uint32_t seen = 0, size = 0;
    int clash = 0;
    for (int i = 0; i < 4; i++) {
      if (!((subset >> i) & 1)) continue;
      clash |= (seen & code[i]) != 0;
      seen |= code[i];
      size++;
    }
    uint32_t score = (size << 13) | ((seen & m) ^ m);
    if (!clash && score > best) best = score;
  }
  return CROUPIER_BADUGI[(best & m) ^ m];
}

CROUPIER_FN uint32_t ck_short_hash_slot(uint64_t key) {
  uint32_t k = (uint32_t)key;
  return (k & CROUPIER_SHORT_HASH_MASK) + CROUPIER_SHORT_HASH_OFFSETS[k >> CROUPIER_SHORT_HASH_SHIFT];
}

/* Short-deck high (1..1404) of 5 to 7 cards, each six or higher; trips: three
 * of a kind beats a straight. */
CROUPIER_FN uint16_t ck_short_deck(const uint8_t* c, int n, int trips) {
  uint64_t key = CROUPIER_SUIT_BIAS;
  for (int i = 0; i < n; i++) key += CROUPIER_SHORT_KEY[c[i]];
  int suit = ck_flush_suit(key);
  if (suit >= 0) {
    uint32_t ranks = 0;
    for (int i = 0; i < n; i++)
      if ((c[i] & 3) == suit) ranks |= CROUPIER_SHORT_RANK_BIT[c[i]];
    return CROUPIER_SHORT_FLUSH[ranks & 511];
  }
  return trips ? CROUPIER_SHORT_TRIPS_HIGH[ck_short_hash_slot(key)]
               : CROUPIER_SHORT_HIGH[ck_short_hash_slot(key)];
}

/* Best high of exactly two of nh (4..6) hole cards and three of nb (3..5) board
 * cards: the board-triple x hole-pair table for non-flushes, FLUSH for each suit
 * with three board and two hole cards (found with CARD_KEY's suit counters). */
CROUPIER_FN uint16_t ck_omaha_high(const uint8_t* hole, int nh, const uint8_t* board, int nb) {
  uint32_t tri[10];
  uint8_t pair[15];
  int nt = 0, np = 0;
  uint16_t best = 0;
  uint64_t bsum = 0, hsum = 0;
  for (int i = 0; i < nb; i++) {
    bsum += CROUPIER_CARD_KEY[board[i]];
    for (int j = i + 1; j < nb; j++)
      for (int l = j + 1; l < nb; l++)
        tri[nt++] = (uint32_t)CROUPIER_OMAHA_TRI[CROUPIER_RANK[board[i]] * 169 +
                                                 CROUPIER_RANK[board[j]] * 13 +
                                                 CROUPIER_RANK[board[l]]] * 91;
  }
  for (int i = 0; i < nh; i++) {
    hsum += CROUPIER_CARD_KEY[hole[i]];
    for (int j = i + 1; j < nh; j++)
      pair[np++] = CROUPIER_OMAHA_PAIR[CROUPIER_RANK[hole[i]] * 13 + CROUPIER_RANK[hole[j]]];
  }
  for (int i = 0; i < nt; i++)
    for (int j = 0; j < np; j++) {
      uint16_t v = CROUPIER_OMAHA_HIGH[tri[i] + pair[j]];
      best = v > best ? v : best;
    }
  /* Suit counters, 4 bits a suit: board count + 5 reaches 8 at three cards,
   * hole count + 6 at two. */
  uint64_t suits = ((bsum >> CROUPIER_SUIT_SHIFT) + 0x5555) & ((hsum >> CROUPIER_SUIT_SHIFT) + 0x6666);
  suits &= 0x8888;
  while (suits) {
    int s = croupier_ctz64(suits) >> 2;
    uint32_t bbits[5], hbits[6];
    int nbs = 0, nhs = 0;
    suits &= suits - 1;
    for (int i = 0; i < nb; i++)
      if ((board[i] & 3) == s) bbits[nbs++] = 1u << CROUPIER_RANK[board[i]];
    for (int i = 0; i < nh; i++)
      if ((hole[i] & 3) == s) hbits[nhs++] = 1u << CROUPIER_RANK[hole[i]];
    for (int i = 0; i < nbs; i++)
      for (int j = i + 1; j < nbs; j++)
        for (int l = j + 1; l < nbs; l++) {
          uint32_t m3 = bbits[i] | bbits[j] | bbits[l];
          for (int a = 0; a < nhs; a++)
            for (int b = a + 1; b < nhs; b++) {
              uint16_t v = CROUPIER_FLUSH[(m3 | hbits[a] | hbits[b]) & 8191];
              best = v > best ? v : best;
            }
        }
  }
  return best;
}

/* Best eight-or-better low (0 = none) of two hole and three board cards: for a
 * hole pair p, the three lowest board ranks not in p (LOWEST3). */
CROUPIER_FN uint16_t ck_omaha_low(const uint8_t* hole, int nh, const uint8_t* board, int nb) {
  uint32_t board_mask = 0;
  uint8_t best = 0;
  for (int i = 0; i < nb; i++) board_mask |= CROUPIER_LOW8_BIT[board[i]];
  if (CROUPIER_POPCOUNT8[board_mask & 255] < 3) return 0;
  for (int i = 0; i < nh; i++)
    for (int j = i + 1; j < nh; j++) {
      uint32_t p = CROUPIER_LOW8_BIT[hole[i]] | CROUPIER_LOW8_BIT[hole[j]];
      uint8_t v = CROUPIER_LOW8[(p | CROUPIER_LOWEST3[board_mask & ~p & 255]) & 255];
      best = v > best ? v : best;
    }
  return best;
}

/* The value of one row of n cards of a kind (CK_*). */
CROUPIER_FN uint16_t ck_value(int kind, const uint8_t* c, int n) {
  switch (kind) {
    case CK_HIGH: return ck_high(c, n);
    case CK_ACE_TO_FIVE: return ck_ace_to_five(c, n);
    case CK_EIGHT: return ck_eight_low(c, n);
    case CK_DEUCE_TO_SEVEN: return ck_deuce_to_seven(c, n);
    case CK_BADUGI: return ck_badugi(c);
    case CK_SHORT_DECK: return ck_short_deck(c, n, 0);
    default: return ck_short_deck(c, n, 1);
  }
}
