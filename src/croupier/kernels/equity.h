/* Exact Hold'em equity of many match-ups, shared by the GPU and the CPU
 * (croupier_device.h says how each compiler reads it).
 *
 * The Cython core's algorithm (_equity_kernels.pyx, spot_exact): ranks first,
 * suits after.  A board is first scored as if nobody could make a flush, so one
 * multiset of ranks stands for all the boards with those ranks (prod C(avail, m)
 * of them); then, for each suit, the boards with enough cards of that suit for
 * someone's flush have their real score put in place of the rank-only one.  The
 * Cython kernel walks the flush boards as (ranks of the suit) x (multiset of the
 * other ranks); here they are grouped by the board's whole rank multiset R instead
 * (the ranks of the suit are a subset S of R's ranks), so that one work item is one
 * (match-up, slice of rank multisets) and needs no scratch memory: the same boards,
 * the same weights.
 *
 * The sums are integers, so the answer does not depend on the order the GPU's
 * threads add them in: a board won alone adds its weight w times L = 2520
 * (lcm(1..10): a split among up to 10 players is L / winners exactly), and the square
 * of the share is counted times L * L.  Ten players at most (L * L * C(48, 5) fits
 * in 64 bits many times over).
 */
#pragma once
#include "eval.h"

#define CK_MAX_PLAYERS 10
#define CK_SHARE_UNIT 2520 /* lcm(1..10) */
/* Tallies per player: the share sum (x L), the squared share sum (x L^2), boards won
 * alone, boards split. */
#define CK_TALLIES 4

/* C(a, b) for 0 <= a, b <= 4 (cards of a rank), read from a table: no division in the
 * inner loops; a b past a (or negative a) reads 0. */
CROUPIER_TABLE uint8_t CK_CHOOSE[5][5] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};
/* The number of bits of a 5-bit set (places in a multiset's list of at most 5 ranks):
 * a table, since a build without -mpopcnt makes popcount a library call. */
CROUPIER_TABLE uint8_t CK_BITS5[32] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                       1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5};
CROUPIER_FN int64_t ck_choose4(int a, int b) {
  return (a < 0 || b < 0 || a > 4 || b > 4) ? 0 : (int64_t)CK_CHOOSE[a][b];
}

/* The rank multiplier of rank r (the low 32 bits of a card's key). */
CROUPIER_FN uint32_t ck_rank_key(int r) { return (uint32_t)CROUPIER_CARD_KEY[4 * r]; }

/* Add w boards on which the players hold values v to the tallies t (CK_TALLIES x n). */
CROUPIER_FN void ck_score(int n, const uint16_t* v, int64_t w, int64_t* t) {
  uint16_t best = 0;
  int winners = 0;
  for (int p = 0; p < n; p++) {
    if (v[p] > best) {
      best = v[p];
      winners = 1;
    } else if (v[p] == best) {
      winners++;
    }
  }
  int64_t share = CK_SHARE_UNIT / winners;
  for (int p = 0; p < n; p++) {
    if (v[p] != best) continue;
    t[p] += w * share;
    t[n + p] += w * share * share;
    t[(winners == 1 ? 2 : 3) * n + p] += w;
  }
}

/* Every match-up's tallies over every completion of the board.
 *
 * holes: matchups x n x 2 card codes; board: nb (0..5) cards; base: the bits of the
 * board's and the dead cards; multisets: every multiset of 5 - nb ranks (13 counts
 * of 3 bits each, rank 0 lowest; at most 4 of a rank), count of them, sliced per
 * items of `per` multisets; tallies: matchups x CK_TALLIES x n, added to.  Item
 * i is match-up i / slices, slice i % slices. */
CROUPIER_KERNEL ck_holdem_exact(const uint8_t* CROUPIER_RESTRICT holes, int64_t matchups,
                                int n, const uint8_t* CROUPIER_RESTRICT board, int nb,
                                uint64_t base, const uint64_t* CROUPIER_RESTRICT multisets,
                                int64_t count, int64_t per, int64_t* tallies) {
  const int64_t slices = (count + per - 1) / per;
  CROUPIER_FOR_EACH(item, matchups * slices) {
    const int64_t m = item / slices;
    const int64_t first = (item % slices) * per;
    const int64_t last = first + per < count ? first + per : count;
    const uint8_t* hole = holes + 2 * n * m;
    uint32_t hole_rank[CK_MAX_PLAYERS], hole_mask[4][CK_MAX_PLAYERS];
    int hole_count[4][CK_MAX_PLAYERS];
    uint32_t board_mask[4] = {0, 0, 0, 0}, stub_mask[4] = {0, 0, 0, 0};
    int board_count[4] = {0, 0, 0, 0}, avail[13], most[4] = {0, 0, 0, 0};
    uint32_t board_rank = 0;
    uint64_t gone = base;
    int64_t t[CK_TALLIES * CK_MAX_PLAYERS];
    for (int i = 0; i < CK_TALLIES * n; i++) t[i] = 0;
    for (int s = 0; s < 4; s++)
      for (int p = 0; p < n; p++) {
        hole_mask[s][p] = 0;
        hole_count[s][p] = 0;
      }
    for (int p = 0; p < n; p++) {
      hole_rank[p] = 0;
      for (int j = 0; j < 2; j++) {
        int c = hole[2 * p + j];
        gone |= 1ULL << c;
        hole_rank[p] += ck_rank_key(c >> 2);
        hole_mask[c & 3][p] |= 1u << (c >> 2);
        hole_count[c & 3][p]++;
      }
    }
    for (int s = 0; s < 4; s++)
      for (int p = 0; p < n; p++) most[s] = hole_count[s][p] > most[s] ? hole_count[s][p] : most[s];
    for (int j = 0; j < nb; j++) {
      int c = board[j];
      board_rank += ck_rank_key(c >> 2);
      board_mask[c & 3] |= 1u << (c >> 2);
      board_count[c & 3]++;
    }
    for (int r = 0; r < 13; r++) avail[r] = 0;
    for (int c = 0; c < 52; c++)
      if (!((gone >> c) & 1)) {
        avail[c >> 2]++;
        stub_mask[c & 3] |= 1u << (c >> 2);
      }
    for (int64_t i = first; i < last; i++) {
      const uint64_t packed = multisets[i];
      uint32_t key = board_rank;
      int64_t w = 1;
      int rr[5], mm[5], nr = 0; /* the multiset's ranks and counts (at most 5 ranks) */
      for (int r = 0; r < 13; r++) {
        int k = (int)((packed >> (3 * r)) & 7);
        if (!k) continue;
        key += (uint32_t)k * ck_rank_key(r);
        rr[nr] = r;
        mm[nr++] = k;
        w *= ck_choose4(avail[r], k);
      }
      if (!w) continue; /* not enough cards of a rank left */
      uint16_t plain[CK_MAX_PLAYERS], real[CK_MAX_PLAYERS];
      for (int p = 0; p < n; p++) plain[p] = CROUPIER_HIGH[ck_hash_slot(key + hole_rank[p])];
      ck_score(n, plain, w, t);
      /* The boards of these ranks on which a suit has enough cards for a flush:
       * S, the ranks that take suit s, is a subset of the ranks of R left in s
       * (as a subset of the places 0..nr-1 of rr). */
      for (int s = 0; s < 4; s++) {
        int kmin = 3 - board_count[s];
        if (5 - board_count[s] - most[s] > kmin) kmin = 5 - board_count[s] - most[s];
        uint32_t candidates = 0;
        for (int j = 0; j < nr; j++) candidates |= ((stub_mask[s] >> rr[j]) & 1u) << j;
        if (CK_BITS5[candidates] < kmin) continue;
        for (uint32_t sub = candidates;; sub = (sub - 1) & candidates) {
          const int k = CK_BITS5[sub];
          if (k >= kmin) {
            uint32_t mask = board_mask[s];
            int64_t ws = 1;
            for (int j = 0; j < nr; j++) {
              if ((sub >> j) & 1) {
                mask |= 1u << rr[j];
                ws *= ck_choose4(avail[rr[j]] - 1, mm[j] - 1);
              } else {
                ws *= ck_choose4(avail[rr[j]] - (int)((stub_mask[s] >> rr[j]) & 1), mm[j]);
              }
            }
            const int suited = board_count[s] + k;
            int any = 0;
            for (int p = 0; p < n && ws; p++) {
              uint16_t f = 0;
              /* seven cards with five of a suit make nothing better than the flush */
              if (hole_count[s][p] + suited >= 5) f = CROUPIER_FLUSH[(mask | hole_mask[s][p]) & 8191];
              real[p] = f ? f : plain[p];
              any |= f != 0;
            }
            if (ws && any) {
              ck_score(n, real, ws, t);
              ck_score(n, plain, -ws, t);
            }
          }
          if (!sub) break;
        }
      }
    }
    int64_t* out = tallies + CK_TALLIES * n * m;
    for (int i = 0; i < CK_TALLIES * n; i++)
      if (t[i]) CROUPIER_ADD_COUNT(&out[i], t[i]);
  }
}

/* ------------------------------------------------------------------------------
 * Monte Carlo Hold'em equity of ranges, with counter-based random numbers: deal g
 * draws from its own stream, a hash of (key, g), so its cards do not depend on which
 * thread deals it, nor in what order; the tallies are integers.  Any grid, any
 * number of CPU or GPU threads: the same answer, bit for bit.
 * ------------------------------------------------------------------------------ */

/* SplitMix64's finaliser: a 64-bit mix, the hash of every random number here. */
CROUPIER_FN uint64_t ck_mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

#define CK_GOLDEN 0x9E3779B97F4A7C15ULL
/* Deals that must be drawn again (two hands sharing a card) before one is given up. */
#define CK_MAX_REDRAWS 4096

/* The first index i of cum[lo..hi) with u < cum[i] (cum ends at 2^53, u below it). */
CROUPIER_FN int64_t ck_pick(const uint64_t* cum, int64_t lo, int64_t hi, uint64_t u) {
  while (lo + 1 < hi) {
    int64_t mid = lo + (hi - lo) / 2;
    if (u < cum[mid - 1]) hi = mid;
    else lo = mid;
  }
  return lo;
}

/* Deals first .. first + samples - 1 of stream `key`: each player's hand drawn from
 * its range by weight (combos: 2 codes a combination, player p's from starts[p] to
 * starts[p + 1]; cum: each range's cumulative weights as thresholds out of 2^53),
 * the whole deal drawn again while two hands share a card, then the board completed
 * from the cards left (a partial Fisher-Yates shuffle; an index from 32 random
 * bits: a bias below 1e-8).  Tallies (CK_TALLIES x n) are added to; a deal still
 * in conflict after CK_MAX_REDRAWS draws sets *failed and counts nothing. */
CROUPIER_KERNEL ck_holdem_sampled(const uint8_t* CROUPIER_RESTRICT combos,
                                  const int64_t* CROUPIER_RESTRICT starts,
                                  const uint64_t* CROUPIER_RESTRICT cum, int n,
                                  const uint8_t* CROUPIER_RESTRICT board, int nb, uint64_t base,
                                  uint64_t key, int64_t first, int64_t samples, int64_t per,
                                  int64_t* tallies, uint32_t* failed) {
  const int64_t slices = (samples + per - 1) / per;
  CROUPIER_FOR_EACH(item, slices) {
    int64_t t[CK_TALLIES * CK_MAX_PLAYERS];
    for (int i = 0; i < CK_TALLIES * n; i++) t[i] = 0;
    const int64_t stop = (item + 1) * per < samples ? (item + 1) * per : samples;
    for (int64_t d = item * per; d < stop; d++) {
      const uint64_t stream = ck_mix(key ^ ck_mix((uint64_t)(first + d) + CK_GOLDEN));
      uint64_t counter = 0;
      uint8_t hole[CK_MAX_PLAYERS][2];
      uint64_t taken = base;
      int dealt = 0;
      for (int attempt = 0; attempt < CK_MAX_REDRAWS && !dealt; attempt++) {
        taken = base;
        dealt = 1;
        for (int p = 0; p < n; p++) {
          const uint64_t u = ck_mix(stream + (++counter) * CK_GOLDEN) >> 11;
          const int64_t i = ck_pick(cum, starts[p], starts[p + 1], u);
          const uint8_t a = combos[2 * i], b = combos[2 * i + 1];
          if (((taken >> a) | (taken >> b)) & 1) {
            dealt = 0;
            break;
          }
          taken |= (1ULL << a) | (1ULL << b);
          hole[p][0] = a;
          hole[p][1] = b;
        }
      }
      if (!dealt) {
        CROUPIER_SET_FLAG(failed);
        continue;
      }
      uint8_t deck[52], row[7];
      int left = 0;
      for (int c = 0; c < 52; c++)
        if (!((taken >> c) & 1)) deck[left++] = (uint8_t)c;
      for (int j = 0; j < nb; j++) row[j] = board[j];
      for (int j = nb; j < 5; j++) {
        const uint64_t x = ck_mix(stream + (++counter) * CK_GOLDEN) >> 32;
        const int i = (int)((x * (uint64_t)left) >> 32);
        row[j] = deck[i];
        deck[i] = deck[--left];
      }
      uint64_t board_key = CROUPIER_SUIT_BIAS;
      for (int j = 0; j < 5; j++) board_key += CROUPIER_CARD_KEY[row[j]];
      uint16_t v[CK_MAX_PLAYERS];
      for (int p = 0; p < n; p++) {
        row[5] = hole[p][0];
        row[6] = hole[p][1];
        v[p] = ck_high_from_key(
            board_key + CROUPIER_CARD_KEY[row[5]] + CROUPIER_CARD_KEY[row[6]], row, 7);
      }
      ck_score(n, v, 1, t);
    }
    for (int i = 0; i < CK_TALLIES * n; i++)
      if (t[i]) CROUPIER_ADD_COUNT(&tallies[i], t[i]);
  }
}
