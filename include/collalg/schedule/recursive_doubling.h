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

/** @brief One member's view of a recursive doubling over a group, with its fold (see above). */
typedef struct collalg__rdb_fold {
    int n;       /**< members of the group */
    int stride;  /**< member j is rank j * stride */
    int idx;     /**< this rank's member index */
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
    int lg = 0;
    f->n = n;
    f->stride = stride;
    f->idx = idx;
    f->style = style;
    for (f->pof2 = 1; f->pof2 <= n / 2; f->pof2 *= 2)
        lg++;
    f->rem = n - f->pof2;
    f->q = style == COLLALG__RDB_FOLD_NONE ? n : f->pof2;
    f->steps = lg + (f->q > f->pof2); /* ceil(lg q) */
    f->pairs = style == COLLALG__RDB_FOLD_PAIRS ? f->rem : 0;
    f->newrank = idx;
    f->partner = -1;
    if (style == COLLALG__RDB_FOLD_PAIRS) {
        f->newrank = idx >= 2 * f->rem ? idx - f->rem : (idx % 2 ? idx / 2 : -1);
        if (idx < 2 * f->rem)
            f->partner = (idx % 2 ? idx - 1 : idx + 1) * stride;
    } else if (style == COLLALG__RDB_FOLD_HIGH) {
        f->newrank = idx < f->pof2 ? idx : -1;
        if (idx >= f->pof2 || idx < f->rem)
            f->partner = (idx >= f->pof2 ? idx - f->pof2 : idx + f->pof2) * stride;
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
 */

/** @brief One step of a survivor (see the file comment and "The fold"). */
typedef struct collalg__rdb_step {
    int s;     /**< the step: mask = 2^s */
    int mask;  /**< 1, 2, 4, ... below q (or down from the largest); 0 when the walk is over */
    int down;  /**< 1 when the walk goes from the last step down to step 0 */
    int peer;  /**< the partner's survivor index, newrank XOR mask (without a fold it may be >= q:
                    then there is no partner) */
    int rank;  /**< the partner's rank (collalg__rdb_rank()); -1 when there is none */
    int upper; /**< 1 when bit mask of newrank is set: the partner's group lies below this one's */
} collalg__rdb_step;

/** @brief Fills in the partner of step st->mask of @p f's survivor (meaningless once the walk is
 *         over: mask 0). */
static inline void collalg__rdb_partner_of(const collalg__rdb_fold *f, collalg__rdb_step *st)
{
    st->peer = f->newrank ^ st->mask;
    st->upper = (f->newrank & st->mask) != 0;
    st->rank = st->peer < f->q ? collalg__rdb_rank(f, st->peer) : -1;
}

/** @brief Starts the walk of @p f's steps at the first (@p down = 0: mask 1 up) or the last
 *         (@p down = 1: mask 2^(steps-1) down) step; a folded member, or q = 1, has none. */
static inline void collalg__rdb_begin(const collalg__rdb_fold *f, collalg__rdb_step *st, int down)
{
    st->down = down;
    st->s = down ? f->steps - 1 : 0;
    st->mask = f->newrank < 0 || f->steps == 0 ? 0 : 1 << st->s;
    collalg__rdb_partner_of(f, st);
}

/** @brief 1 while @p st is a step of the walk. */
static inline int collalg__rdb_more(const collalg__rdb_fold *f, const collalg__rdb_step *st)
{
    (void)f;
    return st->mask != 0;
}

/** @brief Moves @p st to the next step of the walk. */
static inline void collalg__rdb_next(const collalg__rdb_fold *f, collalg__rdb_step *st)
{
    st->s += st->down ? -1 : 1;
    if (st->down)
        st->mask >>= 1;
    else
        st->mask = st->mask < f->q - st->mask ? st->mask << 1 : 0; /* 2 mask < q, without overflow */
    collalg__rdb_partner_of(f, st);
}

#endif /* COLLALG_SCHEDULE_RECURSIVE_DOUBLING_H */
