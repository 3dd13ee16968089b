/**
 * @file restrictions.h
 * @ingroup selector
 * @brief What each algorithm of the catalogue cannot do, in one machine-readable table (in the
 *        spirit of MPICH's `coll_algorithms.txt`): the selector (select.h) skips a rule whose
 *        algorithm does not apply to the call, the PMPI library sends such a call to the native
 *        collective, and the tuner writes an alternative rule after a restricted one.
 *
 * @par The table
 * COLLALG_ALGORITHMS(X) expands `X(collective, algorithm, restrictions)` once for every algorithm
 * of the catalogue, in the order of the directories `include/collalg/<collective>/`: the
 * collective and the algorithm are bare names (`allreduce`, `ring`: the function is
 * `collalg_allreduce_ring`), the restrictions a bit set of the COLLALG_R_ kinds below (0: the
 * algorithm serves every call its MPI collective accepts). A test (tests/test_restrictions.c)
 * checks that the table lists exactly the headers of those directories, and the select test
 * (tests/mpi/select.c) that an allreduce returns MPI_ERR_OP for a non-commutative operation
 * exactly when the table says #COLLALG_R_COMMUTATIVE.
 *
 * @par Restriction kinds
 * | kind                   | the call must have                           | algorithms |
 * |------------------------|----------------------------------------------|------------|
 * | #COLLALG_R_COMMUTATIVE | a commutative operation (MPI_Op_commutative) | allreduce ring, topology_ring, topology_order, circulant; reduce topology_order, circulant; reduce_scatter and reduce_scatter_block recursive_halving, pairwise, ring, topology_ring |
 * | #COLLALG_R_MAX_P       | p <= COLLALG_ALLTOALLV_MAX_P (46340) processes | alltoallv greedy, alltoall_based |
 * | #COLLALG_R_ONE_NODE    | every process on one node (machine/node.h)      | the shared-memory family (`shm`) |
 * Everything else (any p >= 1, count 0, derived datatypes, MPI_IN_PLACE, any root) every
 * algorithm serves; a parameter out of range is the caller's error (MPI_ERR_ARG), not a
 * restriction. A call outside an algorithm's restrictions makes it return an error before any
 * message (MPI_ERR_OP, MPI_ERR_NO_MEM, MPI_ERR_ARG): the selector never lets it get there.
 *
 * @par Algorithms outside the catalogue
 * A rule may name a function `collalg_<collective>_<name>` of your own: declare its restrictions
 * beside it, `enum { collalg_restrict_<collective>_<name> = 0 };`.
 *
 * This header needs no MPI: the checks that look at a call are in select.h.
 */
#ifndef COLLALG_RESTRICTIONS_H
#define COLLALG_RESTRICTIONS_H

#include <string.h>

/** @brief Restriction kind: the reduction operation must be commutative (MPI_Op_commutative). */
#define COLLALG_R_COMMUTATIVE 1
/** @brief Restriction kind: at most COLLALG_ALLTOALLV_MAX_P (46340) processes: the algorithm's
 *         p x p message matrix is indexed by an int. */
#define COLLALG_R_MAX_P 2
/** @brief The largest p a #COLLALG_R_MAX_P algorithm serves (equals COLLALG_ALLTOALLV_MAX_P). */
#define COLLALG_R_MAX_P_VALUE 46340
/** @brief Restriction kind: every process on one node (one shared-memory domain, machine/node.h):
 *         the shared-memory family works through one MPI-3 shared window. */
#define COLLALG_R_ONE_NODE 4

/* clang-format off */
/**
 * @brief The table: `X(collective, algorithm, restrictions)` for every algorithm of the
 *        catalogue (see the file comment).
 */
#define COLLALG_ALGORITHMS(X)                                                                            \
    X(alltoall, bruck, 0)                                                                                \
    X(alltoall, contention_free, 0)                                                                      \
    X(alltoall, contention_free_light_barrier, 0)                                                        \
    X(alltoall, contention_free_mpi_barrier, 0)                                                          \
    X(alltoall, contention_free_n_mpi_barriers, 0)                                                       \
    X(alltoall, mesh_2d, 0)                                                                              \
    X(alltoall, mesh_3d, 0)                                                                              \
    X(alltoall, pair, 0)                                                                                 \
    X(alltoall, pair_light_barrier, 0)                                                                   \
    X(alltoall, pair_mpi_barrier, 0)                                                                     \
    X(alltoall, pair_n_mpi_barriers, 0)                                                                  \
    X(alltoall, recursive_doubling, 0)                                                                   \
    X(alltoall, ring, 0)                                                                                 \
    X(alltoall, ring_light_barrier, 0)                                                                   \
    X(alltoall, ring_mpi_barrier, 0)                                                                     \
    X(alltoall, ring_n_mpi_barriers, 0)                                                                  \
    X(alltoall, node_aware, 0)                                                                           \
    X(alltoall, shm, COLLALG_R_ONE_NODE)                                                                 \
    X(alltoall, simple, 0)                                                                               \
    X(alltoall, spreading_simple, 0)                                                                     \
    X(allgather, bruck, 0)                                                                               \
    X(allgather, gather_bcast, 0)                                                                        \
    X(allgather, circulant, 0)                                                                           \
    X(allgather, hierarchical, 0)                                                                        \
    X(allgather, logical_ring, 0)                                                                        \
    X(allgather, mesh_2d, 0)                                                                             \
    X(allgather, mesh_3d, 0)                                                                             \
    X(allgather, pair, 0)                                                                                \
    X(allgather, pair_light_barrier, 0)                                                                  \
    X(allgather, pair_mpi_barrier, 0)                                                                    \
    X(allgather, pair_n_mpi_barriers, 0)                                                                 \
    X(allgather, recursive_doubling, 0)                                                                  \
    X(allgather, ring, 0)                                                                                \
    X(allgather, ring_light_barrier, 0)                                                                  \
    X(allgather, ring_mpi_barrier, 0)                                                                    \
    X(allgather, ring_n_mpi_barriers, 0)                                                                 \
    X(allgather, shm, COLLALG_R_ONE_NODE)                                                                \
    X(allgather, simple, 0)                                                                              \
    X(allgather, spreading_simple, 0)                                                                    \
    X(allgather, topology_ring, 0)                                                                       \
    X(allreduce, allgather_based, 0)                                                                     \
    X(allreduce, han, 0)                                                                                 \
    X(allreduce, rabenseifner, 0)                                                                        \
    X(allreduce, rabenseifner_var1, 0)                                                                   \
    X(allreduce, rabenseifner_var2, 0)                                                                   \
    X(allreduce, recursive_doubling, 0)                                                                  \
    X(allreduce, reduce_bcast, 0)                                                                        \
    X(allreduce, ring, COLLALG_R_COMMUTATIVE)                                                            \
    X(allreduce, shm, COLLALG_R_ONE_NODE)                                                                \
    X(allreduce, topology_order, COLLALG_R_COMMUTATIVE)                                                  \
    X(allreduce, topology_ring, COLLALG_R_COMMUTATIVE)                                                   \
    X(allreduce, two_stage, 0)                                                                           \
    X(allreduce, circulant, COLLALG_R_COMMUTATIVE)                                                       \
    X(allreduce, two_tree, 0)                                                                            \
    X(bcast, binary_tree, 0)                                                                             \
    X(bcast, binomial, 0)                                                                                \
    X(bcast, chain, 0)                                                                                   \
    X(bcast, pipelined_scatter_allgather, 0)                                                             \
    X(bcast, csm, 0)                                                                                     \
    X(bcast, han, 0)                                                                                     \
    X(bcast, hierarchical, 0)                                                                            \
    X(bcast, linear, 0)                                                                                  \
    X(bcast, scatter_rdb_allgather, 0)                                                                   \
    X(bcast, scatter_ring_allgather, 0)                                                                  \
    X(bcast, shm, COLLALG_R_ONE_NODE)                                                                    \
    X(bcast, topology_chain, 0)                                                                          \
    X(bcast, topology_order, 0)                                                                          \
    X(bcast, knomial, 0)                                                                                 \
    X(bcast, circulant, 0)                                                                               \
    X(bcast, two_tree, 0)                                                                                \
    X(alltoallv, alltoall_based, COLLALG_R_MAX_P)                                                        \
    X(alltoallv, greedy, COLLALG_R_MAX_P)                                                                \
    X(alltoallv, pair, 0)                                                                                \
    X(alltoallv, pair_light_barrier, 0)                                                                  \
    X(alltoallv, pair_mpi_barrier, 0)                                                                    \
    X(alltoallv, pair_n_mpi_barriers, 0)                                                                 \
    X(alltoallv, ring, 0)                                                                                \
    X(alltoallv, ring_light_barrier, 0)                                                                  \
    X(alltoallv, ring_mpi_barrier, 0)                                                                    \
    X(alltoallv, ring_n_mpi_barriers, 0)                                                                 \
    X(alltoallv, simple, 0)                                                                              \
    X(alltoallv, spreading_simple, 0)                                                                    \
    X(allgatherv, bruck, 0)                                                                              \
    X(allgatherv, gather_bcast, 0)                                                                       \
    X(allgatherv, logical_ring, 0)                                                                       \
    X(allgatherv, pair, 0)                                                                               \
    X(allgatherv, pair_light_barrier, 0)                                                                 \
    X(allgatherv, pair_mpi_barrier, 0)                                                                   \
    X(allgatherv, pair_n_mpi_barriers, 0)                                                                \
    X(allgatherv, recursive_doubling, 0)                                                                 \
    X(allgatherv, ring, 0)                                                                               \
    X(allgatherv, ring_light_barrier, 0)                                                                 \
    X(allgatherv, ring_mpi_barrier, 0)                                                                   \
    X(allgatherv, ring_n_mpi_barriers, 0)                                                                \
    X(allgatherv, simple, 0)                                                                             \
    X(allgatherv, spreading_simple, 0)                                                                   \
    X(allgatherv, topology_ring, 0)                                                                      \
    X(barrier, binomial, 0)                                                                              \
    X(barrier, knomial, 0)                                                                               \
    X(barrier, dissemination, 0)                                                                         \
    X(barrier, js, 0)                                                                                    \
    X(barrier, light_weight, 0)                                                                          \
    X(barrier, mcs, 0)                                                                                   \
    X(barrier, pairwise_exchange, 0)                                                                     \
    X(barrier, shm, COLLALG_R_ONE_NODE)                                                                  \
    X(alltoallw, pair, 0)                                                                                \
    X(alltoallw, pair_inplace, 0)                                                                        \
    X(alltoallw, ring, 0)                                                                                \
    X(alltoallw, scattered, 0)                                                                           \
    X(gather, binomial, 0)                                                                               \
    X(gather, knomial, 0)                                                                                \
    X(gather, hierarchical, 0)                                                                           \
    X(gather, topology, 0)                                                                               \
    X(gather, shm, COLLALG_R_ONE_NODE)                                                                   \
    X(gather, linear, 0)                                                                                 \
    X(gather, linear_sync, 0)                                                                            \
    X(scatter, binomial, 0)                                                                              \
    X(scatter, knomial, 0)                                                                               \
    X(scatter, hierarchical, 0)                                                                          \
    X(scatter, topology, 0)                                                                              \
    X(scatter, shm, COLLALG_R_ONE_NODE)                                                                  \
    X(scatter, linear, 0)                                                                                \
    X(scatter, linear_nb, 0)                                                                             \
    X(gatherv, binomial, 0)                                                                              \
    X(gatherv, hierarchical, 0)                                                                          \
    X(gatherv, linear, 0)                                                                                \
    X(scatterv, binomial, 0)                                                                             \
    X(scatterv, hierarchical, 0)                                                                         \
    X(scatterv, linear, 0)                                                                               \
    X(reduce, binary_tree, 0)                                                                            \
    X(reduce, binomial, 0)                                                                               \
    X(reduce, chain, 0)                                                                                  \
    X(reduce, in_order_binary, 0)                                                                        \
    X(reduce, knomial, 0)                                                                                \
    X(reduce, linear, 0)                                                                                 \
    X(reduce, pipeline, 0)                                                                               \
    X(reduce, rabenseifner, 0)                                                                           \
    X(reduce, topology_order, COLLALG_R_COMMUTATIVE)                                                     \
    X(reduce, circulant, COLLALG_R_COMMUTATIVE)                                                          \
    X(reduce, two_tree, 0)                                                                               \
    X(reduce, han, 0)                                                                                    \
    X(reduce, topology_chain, 0)                                                                         \
    X(reduce, shm, COLLALG_R_ONE_NODE)                                                                   \
    X(scan, binary_tree, 0)                                                                              \
    X(scan, linear, 0)                                                                                   \
    X(scan, recursive_doubling, 0)                                                                       \
    X(scan, hierarchical, 0)                                                                             \
    X(exscan, binary_tree, 0)                                                                            \
    X(exscan, linear, 0)                                                                                 \
    X(exscan, recursive_doubling, 0)                                                                     \
    X(exscan, hierarchical, 0)                                                                           \
    X(reduce_scatter, pairwise, COLLALG_R_COMMUTATIVE)                                                   \
    X(reduce_scatter, recursive_doubling, 0)                                                             \
    X(reduce_scatter, hierarchical, 0)                                                                   \
    X(reduce_scatter, topology_ring, COLLALG_R_COMMUTATIVE)                                              \
    X(reduce_scatter, butterfly, 0)                                                                      \
    X(reduce_scatter, recursive_halving, COLLALG_R_COMMUTATIVE)                                          \
    X(reduce_scatter, reduce_scatterv, 0)                                                                \
    X(reduce_scatter, ring, COLLALG_R_COMMUTATIVE)                                                       \
    X(reduce_scatter_block, pairwise, COLLALG_R_COMMUTATIVE)                                             \
    X(reduce_scatter_block, recursive_doubling, 0)                                                       \
    X(reduce_scatter_block, hierarchical, 0)                                                             \
    X(reduce_scatter_block, topology_ring, COLLALG_R_COMMUTATIVE)                                        \
    X(reduce_scatter_block, butterfly, 0)                                                                \
    X(reduce_scatter_block, recursive_halving, COLLALG_R_COMMUTATIVE)                                    \
    X(reduce_scatter_block, reduce_scatterv, 0)                                                          \
    X(reduce_scatter_block, ring, COLLALG_R_COMMUTATIVE)
/* clang-format on */

/** @cond COLLALG_INTERNAL */
#define COLLALG__R_ENUM(coll, alg, r) collalg_restrict_##coll##_##alg = (r),
#define COLLALG__R_LOOKUP(coll, alg, r)                         \
    if (!strcmp(collective, #coll) && !strcmp(algorithm, #alg)) \
        return (r);
/** @endcond */

/** @brief The table as constants `collalg_restrict_<collective>_<algorithm>` (what the selector's
 *         rules read at compile time). */
enum collalg_restrict { COLLALG_ALGORITHMS(COLLALG__R_ENUM) collalg_restrict_end_ = 0 };

/**
 * @brief The restrictions of an algorithm by name, at run time (the PMPI library and the tuner).
 * @param collective a collective's bare name: "alltoall", "allgather", "allreduce", "bcast",
 *        "alltoallv", "allgatherv", "barrier", "reduce", "gather", "scatter", "gatherv",
 *        "scatterv", "alltoallw", "scan", "exscan", "reduce_scatter" or "reduce_scatter_block"
 * @param algorithm an algorithm's bare name, e.g. "ring"
 * @return the bit set of COLLALG_R_ kinds (0: none), or -1 when the table has no such algorithm
 *         (or either name is NULL).
 */
static inline int collalg_restrictions(const char *collective, const char *algorithm)
{
    if (!collective || !algorithm)
        return -1;
    COLLALG_ALGORITHMS(COLLALG__R_LOOKUP)
    return -1;
}

/**
 * @brief The restriction kinds in @p r in words, for the selector's trace.
 * @param r a bit set of COLLALG_R_ kinds
 * @return a string literal: the first kind set in @p r, e.g. "the operation must be commutative";
 *         "" for 0.
 */
static inline const char *collalg_restriction_text(int r)
{
    if (r & COLLALG_R_COMMUTATIVE)
        return "the operation must be commutative";
    if (r & COLLALG_R_MAX_P)
        return "at most 46340 processes";
    if (r & COLLALG_R_ONE_NODE)
        return "every process must be on one node";
    return "";
}

#endif /* COLLALG_RESTRICTIONS_H */
