/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/recursive_doubling.h
 * @brief Pure schedule functions of recursive doubling for any p without folding: groups,
 *        exchange partners and the forwarding rounds that complete a group whose partner group
 *        is partial. No MPI calls.
 *
 * Used by allgather/recursive_doubling.h and bcast/scatter_rdb_allgather.h (the allgather of
 * p blocks, block j first held by rank j); the same schedule as allgatherv/recursive_doubling.h.
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

#endif /* COLLALG_SCHEDULE_RECURSIVE_DOUBLING_H */
