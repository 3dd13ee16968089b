/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/neighbor.h
 * @brief Schedules of the neighbourhood collectives (MPI_Neighbor_allgather(v),
 *        MPI_Neighbor_alltoall(v,w)), linear algorithm: every receive and every send posted at
 *        once. Pure functions of the neighbour lists; no MPI.
 *
 * @par Neighbour lists
 * A rank's neighbourhood is two arrays, as MPI's topology queries give them (core/neighbor.h
 * reads them): @p sources (@p indegree entries; receive block i comes from sources[i]) and
 * @p dests (@p outdegree entries; send block i goes to dests[i]). A negative entry is a hole
 * (MPI_PROC_NULL, a Cartesian neighbour beyond a non-periodic border): its block is neither sent
 * nor received and its receive block is left untouched. A rank may appear several times
 * (repeated edges, self loops, periodic Cartesian dimensions of size 1 and 2).
 *
 * @par Which message matches which receive
 * All messages of one operation have one tag, so between two ranks they match in the order each
 * side posts them (MPI's non-overtaking rule; the executor starts ready steps in index order,
 * schedule/steps.h). The steps are: the receives, then the sends, each in list order, except:
 * - graph and distributed graph: list order on both sides, so the k-th edge from rank a to rank
 *   b matches the k-th edge into b from a (MPI-4.1 §8.6, the reference code posts the receives in
 *   list order);
 * - Cartesian (@p cart 1): MPI-4.1 §8.6 (Example 8.10 and its advice to implementors, the
 *   erratum of mpi-forum/mpi-issues#153) wants block s of the sender in block s ^ 1 of the
 *   receiver (what goes to the negative neighbour of dimension d arrives in that neighbour's
 *   positive slot 2 d + 1). In a periodic dimension of size 2 (or 1) the same rank is both
 *   neighbours, so the order decides: the receives of each pair (2 d, 2 d + 1) are posted in
 *   swapped order (2 d + 1 first) while the sends keep list order, so the first message
 *   (block 2 d, negative direction) lands in slot 2 d + 1 and the second in slot 2 d. The swap
 *   is per pair, not a reversal of the whole list: with several dimensions of size 1 every
 *   block goes to self, and a whole reversal would pair blocks of different dimensions. Where
 *   the two neighbours differ the order changes nothing.
 *
 * @par Blocks
 * A side's blocks (collalg__nbr_blocks) are one of: @p uniform elements at i * uniform (the
 * receive side of allgather and alltoall, the send side of alltoall); the same @p uniform
 * elements at 0 for every block (@p same, the send side of the allgathers); @p counts[i] elements
 * at element displacement @p displs[i] (the v forms); or, @p typed, @p counts[i] elements of
 * per-block datatype i at byte displacement @p displs[i] (alltoallw, a piece of datatype index
 * i, schedule/steps.h "Per-peer datatypes").
 */
#ifndef COLLALG_SCHEDULE_NEIGHBOR_H
#define COLLALG_SCHEDULE_NEIGHBOR_H

#include "steps.h"

/** @brief The blocks of one side of a neighbourhood collective (see the file comment). */
typedef struct collalg__nbr_blocks {
    const int *counts;      /**< per block, or NULL: @p uniform elements each */
    const int *displs;      /**< per block, in elements, with @p counts (not @p typed) */
    const long long *bytes; /**< per block, in bytes, with @p counts (@p typed) */
    long long uniform;      /**< elements per block when @p counts is NULL */
    int same;               /**< with @p counts NULL: every block is the elements [0, uniform) */
    int typed;              /**< block i has datatype index i and a byte displacement */
} collalg__nbr_blocks;

/** @brief Blocks of @p uniform elements, block i at i * uniform (@p same 0) or all at 0 (1). */
static inline collalg__nbr_blocks collalg__nbr_uniform(long long uniform, int same)
{
    collalg__nbr_blocks b;
    b.counts = 0;
    b.displs = 0;
    b.bytes = 0;
    b.uniform = uniform;
    b.same = same;
    b.typed = 0;
    return b;
}

/** @brief Blocks of @p counts[i] elements at element @p displs[i]. */
static inline collalg__nbr_blocks collalg__nbr_vector(const int *counts, const int *displs)
{
    collalg__nbr_blocks b = collalg__nbr_uniform(0, 0);
    b.counts = counts;
    b.displs = displs;
    return b;
}

/** @brief Blocks of @p counts[i] elements of datatype index i at byte @p bytes[i]. */
static inline collalg__nbr_blocks collalg__nbr_typed(const int *counts, const long long *bytes)
{
    collalg__nbr_blocks b = collalg__nbr_uniform(0, 0);
    b.counts = counts;
    b.bytes = bytes;
    b.typed = 1;
    return b;
}

/** @brief Block @p i of @p b in buffer @p buf, as a piece. */
static inline collalg__piece collalg__nbr_piece(int buf, collalg__nbr_blocks b, int i)
{
    if (b.typed)
        return collalg__pct(buf, b.bytes[i], b.counts[i], i);
    if (b.counts)
        return collalg__pc(buf, b.displs[i], b.counts[i]);
    return collalg__pc(buf, b.same ? 0 : (long long)i * b.uniform, b.uniform);
}

/**
 * @brief The receive block posted @p k-th of @p n (see "Which message matches which receive"):
 *        k itself, or, on a Cartesian neighbourhood (@p cart), its partner k ^ 1 of the pair.
 */
static inline int collalg__nbr_recv_slot(int k, int n, int cart)
{
    return cart && (k ^ 1) < n ? k ^ 1 : k;
}

/**
 * @brief The linear schedule of every neighbourhood collective: one receive per non-hole source
 *        into its receive block (@p indegree of them, Cartesian pairs swapped), then one send per
 *        non-hole destination from its send block (@p outdegree), all without dependencies.
 * @param s         the schedule (counting or filling)
 * @param indegree  entries of @p sources (>= 0)
 * @param sources   receive block i comes from sources[i]; negative: a hole
 * @param outdegree entries of @p dests (>= 0)
 * @param dests     send block i goes to dests[i]; negative: a hole
 * @param cart      1 for a Cartesian neighbourhood (sources == dests, 2 per dimension)
 * @param sb        the send blocks (buffer COLLALG_BUF_SEND)
 * @param rb        the receive blocks (buffer COLLALG_BUF_RECV)
 */
static inline void collalg__neighbor_linear_steps(collalg__steps *s, int indegree, const int *sources, int outdegree,
                                                  const int *dests, int cart, collalg__nbr_blocks sb,
                                                  collalg__nbr_blocks rb)
{
    int k;
    collalg__piece none = collalg__pc(COLLALG_BUF_RECV, 0, 0);
    for (k = 0; k < indegree; k++) {
        int i = collalg__nbr_recv_slot(k, indegree, cart);
        if (sources[i] >= 0)
            collalg__steps_add(s, COLLALG_STEP_RECV, sources[i], none, collalg__nbr_piece(COLLALG_BUF_RECV, rb, i));
    }
    for (k = 0; k < outdegree; k++)
        if (dests[k] >= 0)
            collalg__steps_add(s, COLLALG_STEP_SEND, dests[k], collalg__nbr_piece(COLLALG_BUF_SEND, sb, k), none);
}

/** @brief MPI_Neighbor_allgather: the @p scount elements of the send buffer to every
 *         destination, block i (@p rcount elements at i * rcount) from sources[i]. */
static inline void collalg__neighbor_allgather_linear_steps(collalg__steps *s, int indegree, const int *sources,
                                                            int outdegree, const int *dests, int cart, long long scount,
                                                            long long rcount)
{
    collalg__neighbor_linear_steps(s, indegree, sources, outdegree, dests, cart, collalg__nbr_uniform(scount, 1),
                                   collalg__nbr_uniform(rcount, 0));
}

/** @brief MPI_Neighbor_allgatherv: as collalg__neighbor_allgather_linear_steps(), block i
 *         received into @p rcounts[i] elements at @p rdispls[i]. */
static inline void collalg__neighbor_allgatherv_linear_steps(collalg__steps *s, int indegree, const int *sources,
                                                             int outdegree, const int *dests, int cart,
                                                             long long scount, const int *rcounts, const int *rdispls)
{
    collalg__neighbor_linear_steps(s, indegree, sources, outdegree, dests, cart, collalg__nbr_uniform(scount, 1),
                                   collalg__nbr_vector(rcounts, rdispls));
}

/** @brief MPI_Neighbor_alltoall: send block i (@p scount elements at i * scount) to dests[i],
 *         receive block i (@p rcount at i * rcount) from sources[i]. */
static inline void collalg__neighbor_alltoall_linear_steps(collalg__steps *s, int indegree, const int *sources,
                                                           int outdegree, const int *dests, int cart, long long scount,
                                                           long long rcount)
{
    collalg__neighbor_linear_steps(s, indegree, sources, outdegree, dests, cart, collalg__nbr_uniform(scount, 0),
                                   collalg__nbr_uniform(rcount, 0));
}

/** @brief MPI_Neighbor_alltoallv: send block i (@p scounts[i] elements at @p sdispls[i]) to
 *         dests[i], receive block i (@p rcounts[i] at @p rdispls[i]) from sources[i]. */
static inline void collalg__neighbor_alltoallv_linear_steps(collalg__steps *s, int indegree, const int *sources,
                                                            int outdegree, const int *dests, int cart,
                                                            const int *scounts, const int *sdispls, const int *rcounts,
                                                            const int *rdispls)
{
    collalg__neighbor_linear_steps(s, indegree, sources, outdegree, dests, cart, collalg__nbr_vector(scounts, sdispls),
                                   collalg__nbr_vector(rcounts, rdispls));
}

/** @brief MPI_Neighbor_alltoallw: as collalg__neighbor_alltoallv_linear_steps() with per-block
 *         datatypes (index i) and byte displacements. */
static inline void collalg__neighbor_alltoallw_linear_steps(collalg__steps *s, int indegree, const int *sources,
                                                            int outdegree, const int *dests, int cart,
                                                            const int *scounts, const long long *sdispls,
                                                            const int *rcounts, const long long *rdispls)
{
    collalg__neighbor_linear_steps(s, indegree, sources, outdegree, dests, cart, collalg__nbr_typed(scounts, sdispls),
                                   collalg__nbr_typed(rcounts, rdispls));
}

#endif /* COLLALG_SCHEDULE_NEIGHBOR_H */
