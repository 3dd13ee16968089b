/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/bine_butterfly.h
 * @brief The Bine butterfly of De Sensi et al. (SC 2025) on q = 2^k ranks: the peers, the
 *        negabinary block order that makes every message of its reduce-scatter and allgather one
 *        run of blocks, and which half each rank keeps; plus the layout of the super-blocks of a
 *        fold, for any p >= 1, and the alltoall's row order. No MPI calls.
 *
 * @par Peers
 * In step s = 0 .. k - 1 rank r talks to pi(r, s) = r + rho(s) mod q for an even r, r - rho(s)
 * mod q for an odd one, rho(s) = sum_{i <= s} (-2)^i = 1, -1, 3, -5, 11, ... (schedule/swing.h,
 * collalg__swing_peer()): each step is a perfect matching, and the partners are |rho(s)| ~
 * 2^(s+1) / 3 ranks apart instead of the binomial butterfly's 2^s; the paper derives them from
 * the negabinary labels of its trees (schedule/bine.h), and they are Swing's. A reduce-scatter runs the
 * steps in this order (distance doubling: the large early messages travel short distances); an
 * allgather runs them backwards (distance halving: the large late messages travel short ones).
 *
 * @par The block order (the paper's "remap")
 * Let x(r) be r's mirrored coordinate: the representative in [lo_k, hi_k] (the k-digit
 * negabinary numbers, schedule/bine.h) of r mod q for an odd r and of -r mod q for an even r
 * (collalg__bine_bf_coord()); c(r) = collalg__bine_label(x(r)), its Gray-coded negabinary digits,
 * and nu(r) = c(r)'s k bits reversed (collalg__bine_nu()). The property the algorithms rest on:
 * r and pi(r, s) agree on the bits 0 .. s - 1 of c and differ in bit s. So when the q blocks of
 * the vector are laid out in the order nu (position nu(r) for the block that ends at rank r),
 * before step s of the reduce-scatter the two partners hold the same run of 2^(k-s) positions
 * (those agreeing with nu(r) on its top s bits), and the one whose bit s of c is 0 keeps the
 * lower half (collalg__bine_bf_halve()): every message is one contiguous piece, and after k
 * steps rank r holds position nu(r). tests/test_bine_butterfly.c checks the property for every
 * q = 2^k <= 2^16 and simulates both phases. (For q = 8 the order nu is 0 4 6 1 3 7 5 2 for
 * ranks 0 .. 7; schedule/swing.h finds another order with the same property by comparing keys.)
 *
 * @par Any p: the fold and its super-blocks
 * The paper's butterfly needs p = 2^k. For other p the ranks are folded in pairs as in recursive
 * doubling and Rabenseifner (schedule/recursive_doubling.h, COLLALG__RDB_FOLD_PAIRS): q = the
 * largest power of two <= p, rem = p - q; each even rank 2i < 2 rem hands its data to 2i + 1,
 * survivor i, which stands for ranks 2i and 2i + 1; rank j >= 2 rem is survivor j - rem. The q
 * survivors run the butterfly on "super-blocks": survivor i's is the run of MPI blocks of the
 * ranks it stands for, [sb(i), sb(i + 1)) (sb(i) = 2i for i < rem, i + rem above). In the block
 * order super-block i sits at position nu(i); collalg__bine_bf_first() gives the first MPI block
 * of each position, so a run of positions is a run of whole blocks in the staged vector.
 *
 * @par The alltoall
 * The same steps carry whole blocks instead of partial sums (collalg_alltoall_bine()): survivor r
 * holds a matrix, one row per source, one column per destination in the block order; in step s
 * it keeps the half of the columns it would keep in the reduce-scatter and appends the peer's rows
 * of that half below its own. Its rows are then its group's sources in the order
 * collalg__bine_bf_source() gives (its own group, then the peer's, recursively), and
 * collalg__bine_a2a_step() gives each step's shape; tests/test_bine_butterfly.c simulates it for
 * p = 1 .. 160.
 *
 * @par Example, q = 8
 * @verbatim
   step 0 (rho 1):  0-1 2-3 4-5 6-7     step 1 (rho -1):  0-7 1-2 3-4 5-6
   step 2 (rho 3):  0-3 1-6 2-5 4-7
   rank  0 1 2 3 4 5 6 7
   nu    0 4 6 1 3 7 5 2
   reduce-scatter, rank 0: keeps positions 0-3 (sends 4-7 to 1), keeps 0-1 (sends 2-3 to 7),
   keeps 0 (sends 1 to 3)
   @endverbatim
 *
 * @par References
 * D. De Sensi, S. Pasqualoni, L. Piarulli, T. Bonato, S. Ba, M. Turisini, J. Domke, T. Hoefler,
 * "Bine Trees: Enhancing Collective Operations by Optimizing Communication Locality", SC 2025
 * (arXiv 2508.17311), §4 (Bine butterflies: the peers, the reduce-scatter and allgather, the
 * remapping of the blocks so that every message is contiguous; power-of-two p); D. De Sensi,
 * T. Bonato, D. Saam, T. Hoefler, "Swing", NSDI 2024 (the same peers for the allreduce).
 */
#ifndef COLLALG_SCHEDULE_BINE_BUTTERFLY_H
#define COLLALG_SCHEDULE_BINE_BUTTERFLY_H

#include "bine.h"

/** @brief The mirrored coordinate x(@p r) in [lo_k, hi_k] of rank @p r of @p q = 2^k ranks. */
static inline long long collalg__bine_bf_coord(int r, int q, int k)
{
    long long v = r % 2 ? r : (q - r) % q;
    return v <= collalg__bine_hi(k) ? v : v - q;
}

/** @brief The k bits of @p c reversed. */
static inline unsigned collalg__bine_bf_reverse(unsigned c, int k)
{
    unsigned out = 0;
    int i;
    for (i = 0; i < k; i++)
        out |= (c >> i & 1u) << (k - 1 - i);
    return out;
}

/** @brief c(@p r): the Gray-coded negabinary label of r's mirrored coordinate (q = 2^k ranks). */
static inline unsigned collalg__bine_bf_label(int r, int q, int k)
{
    return collalg__bine_label(collalg__bine_bf_coord(r, q, k));
}

/** @brief nu(@p r): the position (0 .. q - 1) of rank @p r's block in the block order, q = 2^k. */
static inline int collalg__bine_nu(int r, int q, int k)
{
    return (int)collalg__bine_bf_reverse(collalg__bine_bf_label(r, q, k), k);
}

/** @brief The rank at position @p pos of the block order (the inverse of collalg__bine_nu()). */
static inline int collalg__bine_nu_rank(int pos, int q, int k)
{
    long long x = collalg__bine_unlabel(collalg__bine_bf_reverse((unsigned)pos, k));
    int v = (int)(x < 0 ? x + q : x);
    return v % 2 ? v : (q - v) % q;
}

/**
 * @brief Step @p s (0 .. k - 1) of the reduce-scatter for rank @p r of @p q = 2^k ranks: on
 *        entry [*lo, *hi) is the run of positions r and its peer collalg__swing_peer(r, q, s)
 *        both hold; on return it is the half r keeps (the lower one when bit s of c(r) is 0) and
 *        [*glo, *ghi) the half it sends (which the peer keeps).
 */
static inline void collalg__bine_bf_halve(int r, int q, int k, int s, int *lo, int *hi, int *glo, int *ghi)
{
    int mid = *lo + (*hi - *lo) / 2;
    if (collalg__bine_bf_label(r, q, k) >> s & 1u) {
        *glo = *lo;
        *ghi = mid;
        *lo = mid;
    } else {
        *glo = mid;
        *ghi = *hi;
        *hi = mid;
    }
}

/**
 * @brief The run of positions rank @p r of @p q = 2^k ranks holds after step @p s of the
 *        reduce-scatter (s = -1: before the first step, the whole [0, q)): the 2^(k-s-1)
 *        positions agreeing with nu(r) on its top s + 1 bits. The allgather holds the same runs,
 *        visited backwards.
 */
static inline void collalg__bine_bf_run(int r, int q, int k, int s, int *lo, int *hi)
{
    int size = q >> (s + 1);
    *lo = collalg__bine_nu(r, q, k) & ~(size - 1);
    *hi = *lo + size;
}

/**
 * @brief The layout of the super-blocks of a pair fold of @p p ranks onto @p q (the largest
 *        power of two <= p, q = 2^k): fills @p first[0 .. q] with the first MPI block of each
 *        position of the block order (first[q] = p). Survivor i (super-block [sb(i), sb(i + 1)),
 *        two blocks for i < p - q, one above) sits at position nu(i).
 */
static inline void collalg__bine_bf_first(int p, int q, int k, int *first)
{
    int pos, rem = p - q;
    first[0] = 0;
    for (pos = 0; pos < q; pos++)
        first[pos + 1] = first[pos] + 1 + (collalg__bine_nu_rank(pos, q, k) < rem);
}

/* ---- the alltoall: the butterfly's store-and-forward form ------------------------------------ */

/**
 * @brief The @p m-th survivor (0 <= m < 2^(s+1)) whose blocks survivor @p r of @p q = 2^k holds
 *        after step @p s (-1 .. k - 1) of the Bine alltoall, in the order of its rows: before
 *        step s it holds its own group (m < 2^s) and receives its peer's, appended in the peer's
 *        order. So the list is r's own for s = -1, and group(r, s) = group(r, s - 1) followed by
 *        group(pi(r, s), s - 1): bit t of m (from s down to 0) says whether the path from r takes
 *        the peer of step t.
 */
static inline int collalg__bine_bf_source(int r, int q, int s, int m)
{
    int t, y = r;
    for (t = s; t >= 0; t--)
        if (m >> t & 1)
            y = collalg__swing_peer(y, q, t);
    return y;
}

/** @brief One step of the Bine alltoall for one survivor (collalg__bine_a2a_step()): a matrix of
 *         @c rows source ranks by @c width columns (destination blocks) before it. */
typedef struct collalg__bine_a2a {
    int peer;  /**< the peer survivor, pi(r, s) */
    int rows;  /**< rows held before the step (the sources of the own group, in order) */
    int width; /**< columns held before the step: the blocks of the run of positions */
    int give;  /**< first column sent, relative to the run's first */
    int gw;    /**< columns sent: every row's [give, give + gw), the peer's half */
    int keep;  /**< first column kept, relative to the run's first */
    int kw;    /**< columns kept */
    int prow;  /**< rows received: the peer's group, appended below the own rows */
} collalg__bine_a2a;

/**
 * @brief Step @p s (0 .. k - 1) of the Bine alltoall for survivor @p r of @p q = 2^k, with
 *        @p first from collalg__bine_bf_first() and @p rowstart[m] = the source ranks of the
 *        first m survivors of collalg__bine_bf_source(r, q, k - 1, .) (m = 0 .. q).
 */
static inline void collalg__bine_a2a_step(int r, int q, int k, int s, const int *first, const int *rowstart,
                                          collalg__bine_a2a *st)
{
    int lo, hi, glo, ghi;
    collalg__bine_bf_run(r, q, k, s - 1, &lo, &hi);
    st->peer = collalg__swing_peer(r, q, s);
    st->rows = rowstart[1 << s];
    st->prow = rowstart[2 << s] - st->rows;
    st->width = first[hi] - first[lo];
    collalg__bine_bf_halve(r, q, k, s, &lo, &hi, &glo, &ghi);
    st->give = first[glo] - first[lo < glo ? lo : glo];
    st->gw = first[ghi] - first[glo];
    st->keep = first[lo] - first[lo < glo ? lo : glo];
    st->kw = first[hi] - first[lo];
}

#endif /* COLLALG_SCHEDULE_BINE_BUTTERFLY_H */
