/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/recursive_doubling.h
 * @brief Pure schedule functions of recursive doubling: for any p without folding (groups,
 *        exchange partners and the forwarding rounds that complete a group whose partner group
 *        is partial), or over the largest power of two after a fold; and the one step iterator
 *        every recursive-doubling loop of the catalogue walks (collalg__rdb_begin()). No MPI
 *        calls.
 *
 * Without a fold: allgather/recursive_doubling.h, allgatherv/recursive_doubling.h and
 * bcast/scatter_rdb_allgather.h (the allgather of p blocks, block j first held by rank j);
 * scan/recursive_doubling.h (the exchanges only). With a fold (see "The fold" below): the
 * allreduce, reduce-scatter and reduce families (family/allreduce.h), alltoall/recursive_doubling.h,
 * barrier/pairwise_exchange.h.
 *
 * Step with mask = 1, 2, 4, ... below p: rank r belongs to the group G = [g, g + mask) of mask
 * consecutive ranks (g = r with its bits below mask cleared), clipped to p; its partner group is
 * G' = [g XOR mask, + mask), clipped to p. Invariant: before the step every member of G holds the
 * blocks of all ranks of G; after it, of all ranks of G and G'.
 * - G' empty (g XOR mask >= p): r is idle in this step (G is already its whole group of 2 mask
 *   ranks).
 * - Otherwise r sends the blocks of G to r XOR mask and receives those of G' from it, when that
 *   rank exists (it always does when G is the upper group, as the lower group is full).
 * - When G is the lower group and G' holds only q < mask ranks, the members g + i with i >= q have
 *   no partner: in forwarding round t = 0, 1, ... (h = q 2^t < mask) member i < h sends the blocks
 *   of G' to member i + h (when i + h < mask) and member h <= i < 2h receives them from i - h.
 *
 * Every rank thus receives every other rank's block exactly once, and nobody resends the whole
 * result (unlike the fold of the extra ranks onto a power-of-two subset). Steps: ceil(lg p)
 * exchanges plus, at each step whose partner group holds q < mask ranks, ceil(lg(mask / q))
 * forwarding rounds (tests/test_rdb_schedule.c checks all of this for p = 1 .. 130).
 */
#ifndef COLLALG_SCHEDULE_RECURSIVE_DOUBLING_H
#define COLLALG_SCHEDULE_RECURSIVE_DOUBLING_H

/**
 * @brief Groups of rank @p r (0 <= r < p) in the step with mask @p mask (a power of two < p):
 *        G = [*g, *g + *gn) and G' = [*pg, *pg + *pgn), both clipped to p.
 * @return 0 when G' is empty (r is idle in the step; *pgn is then 0), else 1.
 */
static inline int collalg__rdb_groups(int r, int p, int mask, int *g, int *gn, int *pg, int *pgn)
{
    *g = r & ~(mask - 1);
    *pg = *g ^ mask;
    *gn = p - *g > mask ? mask : p - *g;
    *pgn = *pg >= p ? 0 : (p - *pg > mask ? mask : p - *pg);
    return *pgn > 0;
}

/** @brief Exchange partner of rank @p r in the step with mask @p mask: r XOR mask, or -1 when >= p. */
static inline int collalg__rdb_partner(int r, int p, int mask)
{
    int partner = r ^ mask;
    return partner < p ? partner : -1;
}

/**
 * @brief Forwarding rounds that follow the exchange of the step with mask @p mask in rank @p r's
 *        group: ceil(lg(mask / q)) when G is the lower group and G' holds q < mask ranks, else 0
 *        (the same for every member of G).
 */
static inline int collalg__rdb_rounds(int r, int p, int mask)
{
    int g, gn, pg, pgn, h, n = 0;
    if (!collalg__rdb_groups(r, p, mask, &g, &gn, &pg, &pgn) || pg < g)
        return 0;
    for (h = pgn; h < mask; h <<= 1)
        n++;
    return n;
}

/**
 * @brief Peers of rank @p r in forwarding round @p t (0 <= t < collalg__rdb_rounds()) of the
 *        step with mask @p mask: *to is the rank r sends the blocks of G' to, *from the rank it
 *        receives them from (-1: none; a rank never does both in one round).
 */
static inline void collalg__rdb_forward(int r, int p, int mask, int t, int *to, int *from)
{
    int g, gn, pg, pgn, i, h;
    collalg__rdb_groups(r, p, mask, &g, &gn, &pg, &pgn);
    i = r - g;
    h = pgn << t;
    *to = i < h && i + h < mask ? r + h : -1;
    *from = i >= h && i < 2 * h ? r - h : -1;
}

/* ---- The fold onto a power of two --------------------------------------------------------------
 * A group of n members (member j is rank j * stride); pof2 = the largest power of two <= n,
 * rem = n - pof2. The steps run among q members, the *survivors*, numbered 0 .. q-1 (new index):
 * - COLLALG__RDB_FOLD_NONE: no fold, q = n; survivor i is member i (the schedule above).
 * - COLLALG__RDB_FOLD_PAIRS (MPICH's, order-keeping): q = pof2. Members j < 2 rem pair up: the even
 *   member j folds onto j + 1 and waits; the odd one goes on as survivor j / 2. Members j >= 2 rem
 *   go on as survivor j - rem. Survivor i is member 2i + 1 (i < rem) or i + rem: the survivors keep
 *   the members' order, and each stands for a run of consecutive members.
 * - COLLALG__RDB_FOLD_HIGH: q = pof2; the extra members j >= pof2 fold onto member j - pof2;
 *   survivor i is member i.
 * A folded member and the survivor it folds onto are each other's fold partner: the folded member
 * sends in before the steps and receives the result after them (the unfold).
 *
 * Steps: s = 0 .. ceil(lg q) - 1 with mask = 2^s (or from the last down to 0), survivor i and
 * survivor i XOR mask; after the step with mask, survivor i has (transitively) the contributions of
 * the aligned group of 2 mask survivors containing i, so the partner's group lies wholly below
 * (upper = 1: bit mask of i is set) or wholly above this one's. Without a fold a lower group
 * whose partner group is partial completes it in collalg__rdb_rounds() rounds of
 * collalg__rdb_forward().
 */

/** @brief No fold: every member takes part in the steps (partial groups, forwarding rounds). */
#define COLLALG__RDB_FOLD_NONE 0
/** @brief MPICH's fold: the even member of each of the first rem pairs folds onto the odd one. */
#define COLLALG__RDB_FOLD_PAIRS 1
/** @brief The extra members j >= pof2 fold onto member j - pof2. */
#define COLLALG__RDB_FOLD_HIGH 2

/** @brief One member's view of a recursive doubling over a group of n members, with its fold (see
 *         above); collalg__rdb_fold_init() fills it in. */
typedef struct collalg__rdb_fold {
    int stride;  /**< member j is rank j * stride */
    int style;   /**< COLLALG__RDB_FOLD_NONE, COLLALG__RDB_FOLD_PAIRS or COLLALG__RDB_FOLD_HIGH */
    int pof2;    /**< largest power of two <= n */
    int rem;     /**< n - pof2 */
    int q;       /**< survivors: members taking part in the steps (n, or pof2 with a fold) */
    int steps;   /**< steps, ceil(lg q) */
    int pairs;   /**< folded pairs (rem with COLLALG__RDB_FOLD_PAIRS, else 0): survivor i is member
                      2i + 1 for i < pairs, else i + pairs */
    int newrank; /**< this member's survivor index, -1 for a folded member */
    int partner; /**< rank of the fold partner (the survivor this member folds onto, or the member
                      folded onto this survivor), -1 for none */
} collalg__rdb_fold;

/**
 * @brief Fills @p f for member @p idx of a group of @p n >= 1 members at stride @p stride, fold
 *        @p style (COLLALG__RDB_FOLD_NONE, COLLALG__RDB_FOLD_PAIRS, COLLALG__RDB_FOLD_HIGH).
 */
static inline void collalg__rdb_fold_init(collalg__rdb_fold *f, int n, int stride, int idx, int style)
{
    int pof2 = 1, lg = 0, rem;
    while (pof2 <= n / 2) { /* pof2 = 2^lg, the largest power of two <= n */
        pof2 *= 2;
        lg++;
    }
    rem = n - pof2;
    f->stride = stride;
    f->style = style;
    f->pof2 = pof2;
    f->rem = rem;
    f->q = style == COLLALG__RDB_FOLD_NONE ? n : pof2;
    f->steps = lg + (f->q > pof2); /* ceil(lg q): one more step when q is not a power of two */
    f->pairs = style == COLLALG__RDB_FOLD_PAIRS ? rem : 0;
    f->newrank = idx;
    f->partner = -1;
    if (style == COLLALG__RDB_FOLD_PAIRS && idx < 2 * rem) { /* in one of the pairs (2i, 2i + 1), i < rem */
        f->newrank = idx % 2 ? idx / 2 : -1;
        f->partner = (idx ^ 1) * stride; /* the pair's other member */
    } else if (style == COLLALG__RDB_FOLD_PAIRS) {
        f->newrank = idx - rem;
    } else if (style == COLLALG__RDB_FOLD_HIGH && idx >= pof2) { /* an extra member */
        f->newrank = -1;
        f->partner = (idx - pof2) * stride;
    } else if (style == COLLALG__RDB_FOLD_HIGH && idx < rem) { /* an extra member folds onto it */
        f->partner = (idx + pof2) * stride;
    }
}

/** @brief Rank of survivor @p i (0 <= i < q) of the fold @p f. */
static inline int collalg__rdb_rank(const collalg__rdb_fold *f, int i)
{
    return (i < f->pairs ? 2 * i + 1 : i + f->pairs) * f->stride;
}

/** @brief The survivor index that stands for member @p j (0 <= j < n) of the fold @p f: j's own,
 *         or that of the survivor j folds onto. */
static inline int collalg__rdb_survivor(const collalg__rdb_fold *f, int j)
{
    if (f->style == COLLALG__RDB_FOLD_PAIRS)
        return j < 2 * f->rem ? j / 2 : j - f->rem;
    if (f->style == COLLALG__RDB_FOLD_HIGH && j >= f->pof2)
        return j - f->pof2;
    return j;
}

/* ---- The step iterator ------------------------------------------------------------------------
 *     collalg__rdb_step st;
 *     for (collalg__rdb_begin(&f, &st, 0); collalg__rdb_more(&f, &st); collalg__rdb_next(&f, &st))
 *         exchange with st.rank, ...
 * A folded member (newrank -1) has no step. The groups of a step are collalg__rdb_groups()'s
 * (newrank, q, st.mask); with a fold they are whole (mask survivors each) and the partner always
 * exists; without one a step may be idle for a survivor (the partner group is empty:
 * collalg__rdb_groups() returns 0), and a survivor of a partial group may have no partner
 * (st.rank = -1).
 *
 * The walk is only the step number s; collalg__rdb_more() fills in the rest of a step (mask,
 * partner) once it knows there is one, so no partner is computed past the last step. Every
 * field is a plain int of a local struct, so that after inlining the compiler keeps them all in
 * registers: the walk costs about what the hand-written `for (mask = 1; mask < q; mask <<= 1)`
 * loop did (make bench-overhead).
 */

/** @brief One step of a survivor (see the file comment and "The fold"). */
typedef struct collalg__rdb_step {
    int s;     /**< the step, 0 .. steps - 1 while the walk goes on (then out of that range) */
    int ds;    /**< +1: the walk goes up from step 0; -1: down from the last step */
    int mask;  /**< 2^s: 1, 2, 4, ... below q */
    int peer;  /**< the partner's survivor index, newrank XOR mask (without a fold it may be >= q:
                    then there is no partner) */
    int rank;  /**< the partner's rank (collalg__rdb_rank()); -1 when there is none */
    int upper; /**< 1 when bit mask of newrank is set: the partner's group lies below this one's */
} collalg__rdb_step;

/** @brief Starts the walk of @p f's steps at the first (@p down = 0: mask 1 up) or the last
 *         (@p down = 1: mask 2^(steps-1) down) step; a folded member, or q = 1, has none. */
static inline void collalg__rdb_begin(const collalg__rdb_fold *f, collalg__rdb_step *st, int down)
{
    st->ds = down ? -1 : 1;
    st->s = f->newrank < 0 ? -1 : (down ? f->steps - 1 : 0); /* -1: no step at all */
    st->mask = 0; /* no step yet: collalg__rdb_more() fills in the mask and the partner */
    st->peer = st->rank = -1;
    st->upper = 0;
}

/**
 * @brief 1 while @p st is a step of the walk (0 <= s < steps), and then fills in its mask and
 *        partner; 0 once the walk is over (the other fields are then left as they were).
 */
static inline int collalg__rdb_more(const collalg__rdb_fold *f, collalg__rdb_step *st)
{
    if ((unsigned)st->s >= (unsigned)f->steps) /* s < 0 or s >= steps, in one comparison */
        return 0;
    st->mask = 1 << st->s;
    st->peer = f->newrank ^ st->mask;
    st->upper = (f->newrank & st->mask) != 0;
    st->rank = st->peer < f->q ? collalg__rdb_rank(f, st->peer) : -1;
    return 1;
}

/** @brief Moves @p st to the next step of the walk (collalg__rdb_more() says whether there is one). */
static inline void collalg__rdb_next(const collalg__rdb_fold *f, collalg__rdb_step *st)
{
    (void)f;
    st->s += st->ds;
}

/** @brief The lg(@p pof2) low bits of @p i in reverse order: in the butterfly reduce-scatters
 *         (reduce_scatter/butterfly.h) the survivor that ends the halving holding super-block i,
 *         and the super-block survivor i ends with. */
static inline int collalg__rdb_bitrev(int i, int pof2)
{
    int r = 0, m;
    for (m = 1; m < pof2; m <<= 1)
        r = (r << 1) | ((i & m) != 0);
    return r;
}

#endif /* COLLALG_SCHEDULE_RECURSIVE_DOUBLING_H */
