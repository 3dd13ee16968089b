/**
 * @file allgatherv_schedule.h
 * @brief Pure schedule functions of the allgatherv recursive doubling for any p
 *        (allgatherv/recursive_doubling.h). No MPI calls.
 *
 * Step with mask m (m = 1, 2, 4, ... below p): rank r belongs to the group G = [g, g + m) of m
 * consecutive ranks (g = r with its low bits below m cleared), clipped to p; its partner group
 * is G' = [g XOR m, + m), clipped to p. When G' is empty the rank is idle in this step. Otherwise
 * r exchanges the blocks of G for those of G' with r XOR m, when that rank exists. When G is the
 * lower group and G' holds only q < m ranks, the members g + i with i >= q have no partner: in
 * forwarding round t = 0, 1, ... (h = q 2^t < m) member i < h sends G' to member i + h (when
 * i + h < m) and member h <= i < 2h receives it from i - h.
 */
#ifndef COLLALG_CORE_ALLGATHERV_SCHEDULE_H
#define COLLALG_CORE_ALLGATHERV_SCHEDULE_H

/**
 * @brief Groups of rank @p r in the step with mask @p m: G = [*g, *g + *gn), G' = [*pg, *pg + *pgn).
 * @return 0 when G' is empty (r is idle in the step; *pgn is then 0), else 1.
 */
static inline int collalg__allgatherv_rdb_groups(int r, int p, int m, int *g, int *gn, int *pg, int *pgn)
{
    *g = r & ~(m - 1);
    *pg = *g ^ m;
    *gn = *g + m < p ? m : p - *g;
    *pgn = *pg >= p ? 0 : (*pg + m < p ? m : p - *pg);
    return *pgn > 0;
}

/** @brief Exchange partner of rank @p r in the step with mask @p m, or -1 when it has none. */
static inline int collalg__allgatherv_rdb_partner(int r, int p, int m)
{
    int partner = r ^ m;
    return partner < p ? partner : -1;
}

/**
 * @brief Forwarding rounds that follow the exchange of the step with mask @p m in rank @p r's
 *        group: ceil(lg(m / q)) when G is the lower group and G' holds q < m ranks, else 0
 *        (the same for every member of G).
 */
static inline int collalg__allgatherv_rdb_rounds(int r, int p, int m)
{
    int g, gn, pg, pgn, h, n = 0;
    if (!collalg__allgatherv_rdb_groups(r, p, m, &g, &gn, &pg, &pgn) || pg < g)
        return 0;
    for (h = pgn; h < m; h <<= 1)
        n++;
    return n;
}

/**
 * @brief Peers of rank @p r in forwarding round @p t (0 <= t < collalg__allgatherv_rdb_rounds())
 *        of the step with mask @p m: *to receives G' from r, *from sends G' to r (-1: none).
 */
static inline void collalg__allgatherv_rdb_forward(int r, int p, int m, int t, int *to, int *from)
{
    int g, gn, pg, pgn, i, h;
    collalg__allgatherv_rdb_groups(r, p, m, &g, &gn, &pg, &pgn);
    i = r - g;
    h = pgn << t;
    *to = i < h && i + h < m ? r + h : -1;
    *from = i >= h && i < 2 * h ? r - h : -1;
}

#endif /* COLLALG_CORE_ALLGATHERV_SCHEDULE_H */
