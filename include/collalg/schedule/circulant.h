/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/circulant.h
 * @brief Träff's round-optimal n-block broadcast schedule on a circulant graph, as pure
 *        functions of (relative rank, p, n). No MPI calls.
 *
 * @par The graph
 * q = ceil(log2 p) skips: skip[q] = p and skip[k] = ceil(skip[k + 1] / 2), so skip[0] = 1 and
 * skip[k] is 2^k when p is a power of two. Rounds go k = 0, 1, ..., q - 1, 0, 1, ...: in a round
 * of index k every relative rank r sends to r + skip[k] and receives from r - skip[k] (mod p), so
 * every rank sends at most one block and receives at most one block per round.
 *
 * @par Baseblocks
 * Relative rank r in [skip[k], skip[k + 1]) is first reached in round k, from r - skip[k]
 * (which lies in [0, skip[k])). Its baseblock b(r) is the block it receives then: b(skip[k]) = k
 * (sent by the root, which sends block k in round k), b(r) = b(r - skip[k]) otherwise, and the
 * root's is q. Equivalently: write r greedily as a sum of skips from the largest down; b(r) is
 * the index of the last skip taken.
 *
 * @par Receive and send schedules (one entry per round index k)
 * recv[k], the block rank r receives in round k of the first q rounds, is chosen among the
 * baseblocks of the ranks in the window (r - skip[k + 1], r - skip[k]] (the ranks whose blocks
 * can have travelled to r by then): the largest one not yet chosen in rounds 0 .. k-1 and not
 * b(r) itself; when the window holds no such baseblock, the baseblock of r - skip[k + 1]. A
 * chosen baseblock e stands for block e - q (received in the previous q rounds, i.e. negative:
 * nothing in the first q rounds), except e = q (the root's), which stands for b(r). send[k] is
 * what the receiver r + skip[k] receives: send[k] = recv(r + skip[k])[k], so sends and receives
 * agree by construction. The root's send schedule comes out as send[k] = k.
 *
 * @par Rounds for n blocks
 * The q-entry schedules repeat with the block numbers raised by q every q rounds. The n - 1 + q
 * rounds are rounds x .. x + n - 2 + q of that repetition, x = (q - (n - 1) mod q) mod q, so that
 * the last q rounds are one whole repetition; in round i (k = i mod q) the block numbers are
 * recv[k] + q floor(i / q) - x. Negative numbers are no message; numbers above n - 1 are block
 * n - 1 (only in the last repetition, where exactly one block per rank is above n - 2).
 * Invariants (checked by tests/test_circulant.c for p = 1 .. 300 and many n): every non-root
 * rank receives every block exactly once, from a rank that received it in an earlier round (or
 * the root); the root receives nothing; the broadcast takes n - 1 + q rounds, the lower bound for
 * n indivisible blocks in the one-ported, bidirectional model.
 *
 * @par Cost of the schedule
 * The largest unused baseblock of a window is found without visiting its ranks, from the
 * recursive layout of the baseblocks (collalg__circulant_window_max): O(q^2) steps per window,
 * O(q^3) per receive schedule, and the send schedule takes the receive schedules of the q
 * receivers (up to their round k): O(log^4 p) steps per rank in all, a few thousand for p in the
 * millions. Träff's paper computes both schedules in O(log p); this catalogue keeps the direct
 * definition above (tests/test_circulant.c checks the fast window search against a scan of
 * every rank of the window).
 *
 * @par Example, p = 6 (q = 3, skips 1 2 3 6), relative ranks; block numbers of the first q rounds
 * @verbatim
   rank      0   1   2   3   4   5
   baseblk   3   0   1   2   0   1
   recv[0]   .   0  -3  -2  -1  -3      (from r - 1)
   recv[1]   .  -2   1  -3  -2  -1      (from r - 2)
   recv[2]   .  -1  -1   2   0   1      (from r - 3)
   send[0]   0  -3  -2  -1  -3   .      (to r + 1; rank 5 would send to the root: nothing)
   send[1]   1  -3  -2  -1   .  -2      (to r + 2)
   send[2]   2   0   1   .  -1  -1      (to r + 3)
   n = 3 blocks: x = 1, rounds i = 1 .. 5 (k = i mod 3), a -> b:block
   round 1 (k 1):  0->2:0
   round 2 (k 2):  0->3:1  2->5:0
   round 3 (k 0):  0->1:2  2->3:0  3->4:1
   round 4 (k 1):  0->2:2  2->4:0  3->5:1  5->1:0
   round 5 (k 2):  0->3:2  1->4:2  2->5:2  4->1:1  5->2:1
   @endverbatim
 */
#ifndef COLLALG_SCHEDULE_CIRCULANT_H
#define COLLALG_SCHEDULE_CIRCULANT_H

/** @brief Largest q = ceil(log2 p) for an int p, the length of the schedules. */
#define COLLALG_CIRCULANT_MAXQ 32

/** @brief The schedule of one relative rank (collalg__circulant_init). */
typedef struct collalg__circulant {
    int p;                                /**< number of ranks */
    int q;                                /**< ceil(log2 p): skips, rounds per repetition */
    int rel;                              /**< this relative rank (the root is 0) */
    int skip[COLLALG_CIRCULANT_MAXQ + 1]; /**< skip[0 .. q], skip[q] = p */
    int recv[COLLALG_CIRCULANT_MAXQ];     /**< block received in round k of the first q */
    int send[COLLALG_CIRCULANT_MAXQ];     /**< block sent in round k of the first q */
} collalg__circulant;

/** @brief Fills skip[0 .. q] for @p p >= 1 (see the file comment). @return q = ceil(log2 p). */
static inline int collalg__circulant_skips(int p, int *skip)
{
    int q = 0, k;
    while (q < 31 && (1L << q) < p)
        q++;
    skip[q] = p;
    for (k = q - 1; k >= 0; k--)
        skip[k] = skip[k + 1] / 2 + skip[k + 1] % 2;
    return q;
}

/** @brief Baseblock of relative rank @p r in [0, p) (q for the root). */
static inline int collalg__circulant_baseblock(int r, const int *skip, int q)
{
    int k;
    if (r == 0)
        return q;
    for (k = q - 1; k > 0 && r != skip[k]; k--)
        if (r > skip[k])
            r -= skip[k];
    return k;
}

/** @brief @p x reduced into [0, p) for x in [-p, 2p). */
static inline int collalg__circulant_mod(long long x, int p)
{
    return (int)(x < 0 ? x + p : x >= p ? x - p : x);
}

/**
 * @brief The largest baseblock not in @p used among the relative ranks [0, h) (@p with_root = 1)
 *        or [1, h) (@p with_root = 0), -1 if none. The baseblocks of [1, h) are exactly the k
 *        with skip[k] < h (b(skip[k]) = k, and r >= skip[b(r)]); rank 0's is q.
 */
static inline int collalg__circulant_prefix_max(int h, int with_root, const int *skip, int q, unsigned long long used)
{
    int k;
    if (with_root && h > 0 && !(used >> q & 1ULL))
        return q;
    for (k = q - 1; k >= 0; k--)
        if (skip[k] < h && !(used >> k & 1ULL))
            return k;
    return -1;
}

/**
 * @brief The largest baseblock not in @p used among the relative ranks [lo, hi) (0 <= lo, hi <= p),
 *        -1 if none, in O(q^2) steps.
 *
 * The baseblocks of [skip[K], skip[K + 1]) are K (at skip[K]) followed by those of
 * [1, skip[K + 1] - skip[K]). So for K with skip[K] < hi <= skip[K + 1]: a range above skip[K]
 * is the range skip[K] lower; a range reaching down to skip[K] or below is rank skip[K], the
 * prefix [1, hi - skip[K]) (collalg__circulant_prefix_max) and the rest [lo, skip[K]), which the
 * loop goes on with. A range starting at 0 or 1 is a prefix.
 */
static inline int collalg__circulant_window_max(int lo, int hi, const int *skip, int q, unsigned long long used)
{
    int best = -1, K = q - 1, e;
    while (lo < hi) {
        if (lo <= 1) {
            e = collalg__circulant_prefix_max(hi, lo == 0, skip, q, used);
            return e > best ? e : best;
        }
        while (K > 0 && skip[K] >= hi)
            K--;
        if (lo > skip[K]) {
            lo -= skip[K];
            hi -= skip[K];
            continue;
        }
        if (K > best && !(used >> K & 1ULL))
            best = K;
        e = collalg__circulant_prefix_max(hi - skip[K], 0, skip, q, used);
        best = e > best ? e : best;
        hi = skip[K];
    }
    return best;
}

/**
 * @brief recv[0 .. last] of relative rank @p rel (file comment), as block numbers of the first q
 *        rounds (negative: a block of the repetition before). O(q^3) steps at most.
 */
static inline void collalg__circulant_recv_schedule(int rel, int p, const int *skip, int q, int last, int *recv)
{
    int b = collalg__circulant_baseblock(rel, skip, q), k;
    unsigned long long used = 1ULL << b;
    for (k = 0; k <= last; k++) {
        /* the window (rel - skip[k + 1], rel - skip[k]] as [lo, hi), then cut into [0, p) */
        long long lo = (long long)rel - skip[k + 1] + 1, hi = (long long)rel - skip[k] + 1;
        int best, e;
        if (hi <= 0)
            best = collalg__circulant_window_max((int)(lo + p), (int)(hi + p), skip, q, used);
        else if (lo < 0) {
            best = collalg__circulant_window_max((int)(lo + p), p, skip, q, used);
            e = collalg__circulant_window_max(0, (int)hi, skip, q, used);
            best = e > best ? e : best;
        } else
            best = collalg__circulant_window_max((int)lo, (int)hi, skip, q, used);
        if (best < 0)
            best = collalg__circulant_baseblock(collalg__circulant_mod(lo - 1, p), skip, q);
        used |= 1ULL << best;
        recv[k] = best == q ? b : best - q;
    }
}

/** @brief Computes the schedule of relative rank @p rel in [0, p) of a circulant broadcast over @p p >= 1 ranks. */
static inline void collalg__circulant_init(collalg__circulant *s, int p, int rel)
{
    int k, tmp[COLLALG_CIRCULANT_MAXQ];
    s->p = p;
    s->rel = rel;
    s->q = collalg__circulant_skips(p, s->skip);
    collalg__circulant_recv_schedule(rel, p, s->skip, s->q, s->q - 1, s->recv);
    for (k = 0; k < s->q; k++) { /* what the receiver of round k takes */
        collalg__circulant_recv_schedule(collalg__circulant_mod((long long)rel + s->skip[k], p), p, s->skip, s->q, k,
                                         tmp);
        s->send[k] = tmp[k];
    }
}

/** @brief Rounds of a broadcast of @p n blocks: n - 1 + q (0 when p = 1 or n = 0). */
static inline int collalg__circulant_rounds(const collalg__circulant *s, int n)
{
    return s->q == 0 || n <= 0 ? 0 : n - 1 + s->q;
}

/** @brief Relative rank this rank sends to in round @p j (0 .. rounds-1). */
static inline int collalg__circulant_to(const collalg__circulant *s, int n, int j)
{
    int x = (s->q - (n - 1) % s->q) % s->q;
    return collalg__circulant_mod((long long)s->rel + s->skip[(j + x) % s->q], s->p);
}

/** @brief Relative rank this rank receives from in round @p j (0 .. rounds-1). */
static inline int collalg__circulant_from(const collalg__circulant *s, int n, int j)
{
    int x = (s->q - (n - 1) % s->q) % s->q;
    return collalg__circulant_mod((long long)s->rel - s->skip[(j + x) % s->q], s->p);
}

/** @brief Block number of a schedule entry @p v in round i = j + x, clipped (-1: none). */
static inline int collalg__circulant_block(int v, int n, int j, int q)
{
    int x = (q - (n - 1) % q) % q;
    long long i = (long long)j + x, b = v + (i / q) * q - x;
    return b < 0 ? -1 : b > n - 1 ? n - 1 : (int)b;
}

/**
 * @brief The block this rank receives in round @p j (0 .. rounds-1) of a broadcast of @p n blocks
 *        from relative rank 0, or -1 for none (always -1 at the root).
 */
static inline int collalg__circulant_recv_block(const collalg__circulant *s, int n, int j)
{
    int x = (s->q - (n - 1) % s->q) % s->q;
    if (s->rel == 0)
        return -1;
    return collalg__circulant_block(s->recv[(j + x) % s->q], n, j, s->q);
}

/**
 * @brief The block this rank sends in round @p j (0 .. rounds-1) of a broadcast of @p n blocks,
 *        or -1 for none (always -1 when the receiver is the root).
 */
static inline int collalg__circulant_send_block(const collalg__circulant *s, int n, int j)
{
    int x = (s->q - (n - 1) % s->q) % s->q;
    if (collalg__circulant_to(s, n, j) == 0)
        return -1;
    return collalg__circulant_block(s->send[(j + x) % s->q], n, j, s->q);
}

#endif /* COLLALG_SCHEDULE_CIRCULANT_H */
