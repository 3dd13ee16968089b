/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/swing.h
 * @brief The Swing allreduce schedule of De Sensi, Bonato, Saam and Hoefler (NSDI 2024) over
 *        q = 2^k ranks, as pure functions of (rank, q, step): the peers, and the block ranges of
 *        the bandwidth-optimal form's reduce-scatter and allgather. No MPI calls.
 *
 * @par Peers
 * rho(s) = sum over i = 0 .. s of (-2)^i = (1 - (-2)^(s+1)) / 3 = 1, -1, 3, -5, 11, -21, ...;
 * in step s = 0 .. k - 1 rank r talks to pi(r, s) = r + rho(s) mod q when r is even, r - rho(s)
 * mod q when r is odd (collalg__swing_peer()). rho(s) is odd, so the peer has the other parity
 * and pi(pi(r, s), s) = r: each step is a perfect matching. |rho(s)| = (2^(s+1) + (-1)^s) / 3 is
 * about two thirds of recursive doubling's 2^s, and the sign alternates ("swings") between the
 * two directions of a ring: on a torus the peers are fewer hops away.
 *
 * @par Groups and block sets (q a power of two)
 * G(r, s), the ranks whose data r holds before step s: G(r, 0) = {r},
 * G(r, s + 1) = G(r, s) + G(pi(r, s), s). B(r, s), the ranks whose blocks r is still responsible
 * for in step s: B(r, k) = {r}, B(r, s) = B(r, s + 1) + B(pi(r, s), s + 1). Both unions are
 * disjoint, B(r, 0) and G(r, k) are all q ranks, and both families are laminar: the sets of one
 * level partition the ranks and pi(., s) maps the set of r onto the set of its peer
 * (B(pi(r, s), s) = B(r, s)). Behind this: the moves of steps t > s change a rank by +-rho(t),
 * and rho(t) = rho(s + 1) mod 2^(s+2), so B(r, s + 1) is the set of ranks congruent mod 2^(s+2)
 * to r (same parity as r) or to pi(r, s + 1) (the other parity). tests/test_swing.c checks all of
 * it for q = 2 .. 1024.
 *
 * @par Contiguous blocks
 * The paper sends in step s of the reduce-scatter the blocks of B(pi(r, s), s + 1) and keeps
 * those of B(r, s + 1): sets of ranks that are not runs. Because the family is laminar, the
 * blocks can be laid out so that every set is a run of consecutive blocks: in step s the two
 * peers hold the same range [lo, hi) of blocks (that of B(r, s)); the one with
 * collalg__swing_upper() = 1 keeps the upper half [mid, hi), the other the lower half
 * [lo, mid), mid = lo + (hi - lo) / 2 (collalg__swing_halve()). The bit is a function of the set
 * B(r, s + 1) (the smaller of its two residues mod 2^(s+2), compared with the peer's; in the
 * last step the ranks themselves), so every rank of the set agrees on its range. After k steps
 * rank r holds block collalg__swing_block(r, q) = the bits upper(r, 0 .. k - 1) read from the
 * most significant: the allreduce cuts the vector into q blocks in this order, so every message
 * of both phases is one contiguous piece of the vector.
 *
 * @par Example, q = 8 (rho = 1, -1, 3)
 * @verbatim
   step 0: 0-1 2-3 4-5 6-7        B(r, 1): {0,3,4,7} {1,2,5,6}
   step 1: 0-7 1-2 3-4 5-6        B(r, 2): {0,3} {4,7} {1,6} {2,5}
   step 2: 0-3 1-6 2-5 4-7        B(r, 3): {r}
   blocks: rank 0 1 2 3 4 5 6 7
           block 0 4 6 1 2 7 5 3
   @endverbatim
 *
 * @par References
 * D. De Sensi, T. Bonato, D. Saam, T. Hoefler, "Swing: Short-cutting Rings for Higher Bandwidth
 * Allreduce", NSDI 2024 (arXiv 2401.09356), §3 (the peers pi(r, s) and rho(s), the latency- and
 * bandwidth-optimal forms, the blocks sent in each step).
 */
#ifndef COLLALG_SCHEDULE_SWING_H
#define COLLALG_SCHEDULE_SWING_H

/** @brief Most Swing steps: q = 2^30 ranks, the largest power of two an int holds. */
#define COLLALG_SWING_MAX_STEPS 30

/** @brief rho(@p s) = (1 - (-2)^(s+1)) / 3, 0 <= s <= COLLALG_SWING_MAX_STEPS (64-bit). */
static inline long long collalg__swing_rho(int s)
{
    long long m = 1;
    int i;
    for (i = 0; i <= s; i++)
        m *= -2;
    return (1 - m) / 3;
}

/** @brief Number of steps k = lg q of @p q (a power of two >= 1). */
static inline int collalg__swing_steps(int q)
{
    int k = 0;
    while ((1LL << k) < q)
        k++;
    return k;
}

/**
 * @brief Peer pi(@p r, @p s) of rank @p r (0 <= r < q) in step @p s among @p q ranks (q even):
 *        r + rho(s) mod q for an even r, r - rho(s) mod q for an odd one.
 */
static inline int collalg__swing_peer(int r, int q, int s)
{
    long long d = r % 2 ? -collalg__swing_rho(s) : collalg__swing_rho(s), x = ((long long)r + d) % q;
    return (int)(x < 0 ? x + q : x);
}

/** @brief The key of B(@p r, @p s + 1) for s + 1 < k: the smaller of r and pi(r, s + 1) mod 2^(s+2). */
static inline int collalg__swing_key(int r, int q, int s)
{
    int m = (int)(1LL << (s + 2)) - 1, a = r & m, b = collalg__swing_peer(r, q, s + 1) & m;
    return a < b ? a : b;
}

/**
 * @brief 1 when rank @p r keeps the upper half of the common block range in step @p s of
 *        @p k = lg q steps (the peer then keeps the lower half); see the file comment.
 */
static inline int collalg__swing_upper(int r, int q, int k, int s)
{
    int peer = collalg__swing_peer(r, q, s);
    if (s + 1 >= k)
        return r > peer;
    return collalg__swing_key(r, q, s) > collalg__swing_key(peer, q, s);
}

/**
 * @brief Step @p s of the reduce-scatter for rank @p r of @p q = 2^k ranks: on entry [*lo, *hi)
 *        is the block range r and its peer hold; on return it is the half r keeps, and
 *        [*glo, *ghi) the half it gives to the peer (which keeps it).
 */
static inline void collalg__swing_halve(int r, int q, int k, int s, int *lo, int *hi, int *glo, int *ghi)
{
    int mid = *lo + (*hi - *lo) / 2;
    if (collalg__swing_upper(r, q, k, s)) {
        *glo = *lo;
        *ghi = mid;
        *lo = mid;
    } else {
        *glo = mid;
        *ghi = *hi;
        *hi = mid;
    }
}

/** @brief The block (0 .. q - 1) rank @p r of @p q = 2^k ranks holds after the reduce-scatter. */
static inline int collalg__swing_block(int r, int q)
{
    int k = collalg__swing_steps(q), s, b = 0;
    for (s = 0; s < k; s++)
        b = 2 * b + collalg__swing_upper(r, q, k, s);
    return b;
}

/**
 * @brief The inverse of collalg__swing_block() for @p q = 2^k ranks: fills @p owner[b], b = 0 ..
 *        q - 1, with the rank that holds block b after the reduce-scatter (and starts the
 *        allgather with it). The reduce-scatter and allgather of an MPI vector in rank order use
 *        it to lay the user's blocks out in Swing order (block b of that layout is rank
 *        owner[b]'s), so that every message is one run of that layout (reduce_scatter/swing.h,
 *        allgatherv/swing.h). O(q lg q) operations: rho is tabled once, not recomputed per step.
 */
static inline void collalg__swing_owners(int q, int *owner)
{
    long long rho[COLLALG_SWING_MAX_STEPS + 1];
    int k = collalg__swing_steps(q), r, s;
    for (s = 0; s <= k && s <= COLLALG_SWING_MAX_STEPS; s++)
        rho[s] = collalg__swing_rho(s) % q; /* |rho mod q| < q: r +- rho stays in a long long */
    for (r = 0; r < q; r++) {
        int b = 0;
        for (s = 0; s < k; s++) {
            /* pi(x, t) = x +- rho(t) mod q; upper as collalg__swing_upper(), without its rho loops */
            long long d = r % 2 ? -rho[s] : rho[s], x = ((long long)r + d) % q;
            int peer = (int)(x < 0 ? x + q : x), up;
            if (s + 1 >= k)
                up = r > peer;
            else {
                long long m = (1LL << (s + 2)) - 1, d1 = r % 2 ? -rho[s + 1] : rho[s + 1];
                long long a = r & m, ap = (((long long)r + d1) % q + q) & m, kr = a < ap ? a : ap;
                long long e = peer & m, ep = (((long long)peer - d1) % q + q) & m, kp = e < ep ? e : ep;
                up = kr > kp; /* the peer has the other parity: its step-(s+1) move is -d1 */
            }
            b = 2 * b + up;
        }
        owner[b] = r;
    }
}

#endif /* COLLALG_SCHEDULE_SWING_H */
