/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file catalogue.h
 * @ingroup selector
 * @brief THE CATALOGUE TABLE: one row for every algorithm of the catalogue, the single source of
 *        every list of algorithms the project keeps.
 *
 * @par The row
 * `X(collective, algorithm, restrictions, params, space, flags)`:
 * - `collective`, `algorithm`: bare names; the function is `collalg_<collective>_<algorithm>`,
 *   declared in `include/collalg/<collective>/<algorithm>.h`;
 * - `restrictions`: what the algorithm cannot serve, a bit set of the COLLALG_R_ kinds below (0:
 *   every call its MPI collective accepts; restrictions.h reads them for the selector);
 * - `params`: how many tuning parameters follow the MPI arguments (0 to 3); passing 0 (or NULL)
 *   for each selects the documented defaults;
 * - `space`: the values of the parameters the tuner tries, the name of a search space
 *   `tune_space_<space>` of `src/catalogue/space.h` (`none`: the defaults only). An int space
 *   sets the first parameter and leaves the others at 0; a space of another kind (inner
 *   algorithms, a program string, two packed fans) has a hand-written call in
 *   `src/catalogue/wrappers.h`;
 * - `flags`: #COLLALG_F_TOPOLOGY or 0.
 *
 * @par What is made from it
 * - restrictions.h: the constants `collalg_restrict_<collective>_<algorithm>` and the run-time
 *   lookup collalg_restrictions() (the selector, the PMPI library, the tuner);
 * - `src/catalogue/table.h`: the tuner's and the PMPI library's table of algorithms, each called
 *   through one signature with its search space (the tuner measures the rows, the PMPI library
 *   forces them by name: `COLLALG_<COLLECTIVE>=<algorithm>`);
 * - `tests/mpi/catalogue.h`: every algorithm behind the plain MPI signature of its collective, its
 *   parameters at their defaults, for the tests that run the whole catalogue;
 * - the reference's catalogue page (`make docs`: src/catalogue/page.c prints it);
 * - the rows of the per-call overhead benchmark (src/bench/overhead_gen.py).
 * tests/test_catalogue.c checks that the table lists exactly the headers of the collective
 * folders, that each header defines its function, and that each family's index page
 * (`include/collalg/<collective>.h`) includes and lists exactly its rows; the generated calls do
 * not compile when `params` is wrong. A new algorithm is one header and one row.
 *
 * @par Restriction kinds
 * | kind                   | the call must have                             |
 * |------------------------|------------------------------------------------|
 * | #COLLALG_R_COMMUTATIVE | a commutative operation (MPI_Op_commutative)   |
 * | #COLLALG_R_MAX_P       | p <= COLLALG_ALLTOALLV_MAX_P (46340) processes |
 * | #COLLALG_R_ONE_NODE    | every process on one node (machine/node.h)     |
 * | #COLLALG_R_ISOMORPHIC  | an isomorphic neighbourhood (neighbourhood collectives: a Cartesian communicator, or every rank the same offsets on a grid) |
 * Everything else (any p >= 1, count 0, derived datatypes, MPI_IN_PLACE, any root) every
 * algorithm serves; a parameter out of range is the caller's error (MPI_ERR_ARG), not a
 * restriction. Which algorithms have which kind: the table below, or the reference's catalogue
 * page.
 *
 * This header needs no MPI.
 */
#ifndef COLLALG_CATALOGUE_H
#define COLLALG_CATALOGUE_H

/** @brief Restriction kind: the reduction operation must be commutative (MPI_Op_commutative). */
#define COLLALG_R_COMMUTATIVE 1
/** @brief Restriction kind: at most COLLALG_R_MAX_P_VALUE (46340) processes: the algorithm's
 *         p x p message matrix is indexed by an int. */
#define COLLALG_R_MAX_P 2
/** @brief The largest p a #COLLALG_R_MAX_P algorithm serves (equals COLLALG_ALLTOALLV_MAX_P). */
#define COLLALG_R_MAX_P_VALUE 46340
/** @brief Restriction kind: every process on one node (one shared-memory domain, machine/node.h):
 *         the shared-memory family works through one MPI-3 shared window. */
#define COLLALG_R_ONE_NODE 4
/** @brief Restriction kind (neighbourhood collectives): an isomorphic neighbourhood, every rank
 *         the same relative offsets on a grid: a Cartesian communicator, or a graph or
 *         distributed-graph one whose offsets on the grid the algorithm's parameters give agree
 *         on every rank (family/neighbor_combining.h); else MPI_ERR_TOPOLOGY. */
#define COLLALG_R_ISOMORPHIC 8

/** @brief Flag: the algorithm schedules by the machine's topology description
 *         (machine/topology_comm.h); the tuner measures it only when the run has a topology
 *         (`collalg-tune --topology FILE` or `COLLALG_TOPOLOGY`). */
#define COLLALG_F_TOPOLOGY 1

/* clang-format off */
/**
 * @brief The table: `X(collective, algorithm, restrictions, params, space, flags)` for every
 *        algorithm of the catalogue, grouped by collective (see the file comment).
 */
#define COLLALG_CATALOGUE(X)                                                                                         \
    X(alltoall, simple, 0, 0, none, 0)                                                                              \
    X(alltoall, spreading_simple, 0, 0, none, 0)                                                                    \
    X(alltoall, scattered, 0, 1, requests, 0)                                                                       \
    X(alltoall, mesh_2d, 0, 0, none, 0)                                                                             \
    X(alltoall, mesh_3d, 0, 0, none, 0)                                                                             \
    X(alltoall, recursive_doubling, 0, 0, none, 0)                                                                  \
    X(alltoall, bruck, 0, 0, none, 0)                                                                               \
    X(alltoall, k_bruck, 0, 1, radix, 0)                                                                            \
    X(alltoall, bine, 0, 0, none, 0)                                                                                \
    X(alltoall, ring, 0, 0, none, 0)                                                                                \
    X(alltoall, ring_light_barrier, 0, 0, none, 0)                                                                  \
    X(alltoall, ring_mpi_barrier, 0, 0, none, 0)                                                                    \
    X(alltoall, ring_n_mpi_barriers, 0, 1, ring_barriers, 0)                                                        \
    X(alltoall, pair, 0, 0, none, 0)                                                                                \
    X(alltoall, pair_light_barrier, 0, 0, none, 0)                                                                  \
    X(alltoall, pair_mpi_barrier, 0, 0, none, 0)                                                                    \
    X(alltoall, pair_n_mpi_barriers, 0, 1, pair_barriers, 0)                                                        \
    X(alltoall, pair_inplace, 0, 0, none, 0)                                                                        \
    X(alltoall, node_aware, 0, 0, none, 0)                                                                          \
    X(alltoall, shm, COLLALG_R_ONE_NODE, 0, none, 0)                                                                \
    X(alltoall, contention_free, 0, 0, none, COLLALG_F_TOPOLOGY)                                                    \
    X(alltoall, contention_free_light_barrier, 0, 0, none, COLLALG_F_TOPOLOGY)                                      \
    X(alltoall, contention_free_mpi_barrier, 0, 0, none, COLLALG_F_TOPOLOGY)                                        \
    X(alltoall, contention_free_n_mpi_barriers, 0, 1, ring_barriers, COLLALG_F_TOPOLOGY)                            \
    X(allgather, simple, 0, 0, none, 0)                                                                             \
    X(allgather, spreading_simple, 0, 0, none, 0)                                                                   \
    X(allgather, ring, 0, 0, none, 0)                                                                               \
    X(allgather, ring_light_barrier, 0, 0, none, 0)                                                                 \
    X(allgather, ring_mpi_barrier, 0, 0, none, 0)                                                                   \
    X(allgather, ring_n_mpi_barriers, 0, 1, ring_barriers, 0)                                                       \
    X(allgather, pair, 0, 0, none, 0)                                                                               \
    X(allgather, pair_light_barrier, 0, 0, none, 0)                                                                 \
    X(allgather, pair_mpi_barrier, 0, 0, none, 0)                                                                   \
    X(allgather, pair_n_mpi_barriers, 0, 1, pair_barriers, 0)                                                       \
    X(allgather, mesh_2d, 0, 0, none, 0)                                                                            \
    X(allgather, mesh_3d, 0, 0, none, 0)                                                                            \
    X(allgather, recursive_doubling, 0, 0, none, 0)                                                                 \
    X(allgather, swing, 0, 0, none, 0)                                                                              \
    X(allgather, logical_ring, 0, 0, none, 0)                                                                       \
    X(allgather, topology_ring, 0, 0, none, COLLALG_F_TOPOLOGY)                                                     \
    X(allgather, bruck, 0, 0, none, 0)                                                                              \
    X(allgather, gather_bcast, 0, 0, none, 0)                                                                       \
    X(allgather, hierarchical, 0, 3, hierarchical, 0)                                                               \
    X(allgather, shm, COLLALG_R_ONE_NODE, 0, none, 0)                                                               \
    X(allgather, circulant, 0, 0, none, 0)                                                                          \
    X(allgather, k_bruck, 0, 1, radix, 0)                                                                           \
    X(allgather, sparbit, 0, 0, none, 0)                                                                            \
    X(allgather, neighbor_exchange, 0, 0, none, 0)                                                                  \
    X(allgather, recexch_doubling, 0, 1, radix, 0)                                                                  \
    X(allgather, recexch_halving, 0, 1, radix, 0)                                                                   \
    X(allgather, pat, 0, 1, chunk, 0)                                                                               \
    X(allgather, bine, 0, 0, none, 0)                                                                               \
    X(allreduce, reduce_bcast, 0, 0, none, 0)                                                                       \
    X(allreduce, allgather_based, 0, 1, inner_allgather, 0)                                                         \
    X(allreduce, recursive_doubling, 0, 0, none, 0)                                                                 \
    X(allreduce, recursive_multiplying, 0, 1, radix, 0)                                                             \
    X(allreduce, rabenseifner, 0, 0, none, 0)                                                                       \
    X(allreduce, rabenseifner_var1, 0, 1, inner_allgather, 0)                                                       \
    X(allreduce, rabenseifner_var2, 0, 2, inner_pair, 0)                                                            \
    X(allreduce, ring, COLLALG_R_COMMUTATIVE, 0, none, 0)                                                           \
    X(allreduce, segmented_ring, COLLALG_R_COMMUTATIVE, 1, ring_segsize, 0)                                         \
    X(allreduce, topology_ring, COLLALG_R_COMMUTATIVE, 0, none, COLLALG_F_TOPOLOGY)                                 \
    X(allreduce, topology_order, COLLALG_R_COMMUTATIVE, 1, inner_allreduce, COLLALG_F_TOPOLOGY)                     \
    X(allreduce, two_stage, 0, 1, block, 0)                                                                         \
    X(allreduce, han, 0, 2, han_allreduce, 0)                                                                       \
    X(allreduce, shm, COLLALG_R_ONE_NODE, 0, none, 0)                                                               \
    X(allreduce, two_tree, 0, 1, segsize, 0)                                                                        \
    X(allreduce, circulant, COLLALG_R_COMMUTATIVE, 1, blocksize, 0)                                                 \
    X(allreduce, swing_latency, COLLALG_R_COMMUTATIVE, 0, none, 0)                                                  \
    X(allreduce, swing_bandwidth, COLLALG_R_COMMUTATIVE, 0, none, 0)                                                \
    X(allreduce, bine, COLLALG_R_COMMUTATIVE, 0, none, 0)                                                           \
    X(allreduce, pipelined_tree, 0, 3, segsize, 0)                                                                  \
    X(allreduce, full_lane, 0, 1, inner_allreduce, 0)                                                               \
    X(allreduce, pipelined_full_lane, 0, 1, ring_segsize, 0)                                                        \
    X(allreduce, circulant_reduce_scatter_allgather, COLLALG_R_COMMUTATIVE, 0, none, 0)                             \
    X(bcast, linear, 0, 0, none, 0)                                                                                 \
    X(bcast, chain, 0, 1, segsize, 0)                                                                               \
    X(bcast, pipelined_scatter_allgather, 0, 1, chunk, 0)                                                           \
    X(bcast, hierarchical, 0, 1, chunk, 0)                                                                          \
    X(bcast, topology_chain, 0, 1, segsize, COLLALG_F_TOPOLOGY)                                                     \
    X(bcast, binary_tree, 0, 1, segsize, 0)                                                                         \
    X(bcast, split_binary_tree, 0, 1, segsize, 0)                                                                   \
    X(bcast, binomial, 0, 0, none, 0)                                                                               \
    X(bcast, bine, 0, 0, none, 0)                                                                                   \
    X(bcast, scatter_rdb_allgather, 0, 0, none, 0)                                                                  \
    X(bcast, scatter_ring_allgather, 0, 0, none, 0)                                                                 \
    X(bcast, csm, 0, 1, csm, 0)                                                                                     \
    X(bcast, han, 0, 3, han, 0)                                                                                     \
    X(bcast, shm, COLLALG_R_ONE_NODE, 0, none, 0)                                                                   \
    X(bcast, knomial, 0, 1, radix, 0)                                                                               \
    X(bcast, two_tree, 0, 1, segsize, 0)                                                                            \
    X(bcast, circulant, 0, 1, blocksize, 0)                                                                         \
    X(bcast, topology_order, 0, 1, inner_bcast, COLLALG_F_TOPOLOGY)                                                 \
    X(bcast, pipelined_tree, 0, 3, segsize, 0)                                                                      \
    X(alltoallv, simple, 0, 0, none, 0)                                                                             \
    X(alltoallv, spreading_simple, 0, 0, none, 0)                                                                   \
    X(alltoallv, scattered, 0, 1, requests, 0)                                                                      \
    X(alltoallv, ring, 0, 0, none, 0)                                                                               \
    X(alltoallv, ring_light_barrier, 0, 0, none, 0)                                                                 \
    X(alltoallv, ring_mpi_barrier, 0, 0, none, 0)                                                                   \
    X(alltoallv, ring_n_mpi_barriers, 0, 1, ring_barriers, 0)                                                       \
    X(alltoallv, pair, 0, 0, none, 0)                                                                               \
    X(alltoallv, pair_light_barrier, 0, 0, none, 0)                                                                 \
    X(alltoallv, pair_mpi_barrier, 0, 0, none, 0)                                                                   \
    X(alltoallv, pair_n_mpi_barriers, 0, 1, pair_barriers, 0)                                                       \
    X(alltoallv, pair_inplace, 0, 0, none, 0)                                                                       \
    X(alltoallv, greedy, COLLALG_R_MAX_P, 0, none, 0)                                                               \
    X(alltoallv, alltoall_based, COLLALG_R_MAX_P, 0, none, 0)                                                       \
    X(allgatherv, simple, 0, 0, none, 0)                                                                            \
    X(allgatherv, spreading_simple, 0, 0, none, 0)                                                                  \
    X(allgatherv, ring, 0, 0, none, 0)                                                                              \
    X(allgatherv, ring_light_barrier, 0, 0, none, 0)                                                                \
    X(allgatherv, ring_mpi_barrier, 0, 0, none, 0)                                                                  \
    X(allgatherv, ring_n_mpi_barriers, 0, 1, ring_barriers, 0)                                                      \
    X(allgatherv, pair, 0, 0, none, 0)                                                                              \
    X(allgatherv, pair_light_barrier, 0, 0, none, 0)                                                                \
    X(allgatherv, pair_mpi_barrier, 0, 0, none, 0)                                                                  \
    X(allgatherv, pair_n_mpi_barriers, 0, 1, pair_barriers, 0)                                                      \
    X(allgatherv, recursive_doubling, 0, 0, none, 0)                                                                \
    X(allgatherv, swing, 0, 0, none, 0)                                                                             \
    X(allgatherv, bruck, 0, 0, none, 0)                                                                             \
    X(allgatherv, gather_bcast, 0, 0, none, 0)                                                                      \
    X(allgatherv, logical_ring, 0, 0, none, 0)                                                                      \
    X(allgatherv, topology_ring, 0, 0, none, COLLALG_F_TOPOLOGY)                                                    \
    X(allgatherv, recexch_doubling, 0, 1, radix, 0)                                                                 \
    X(allgatherv, recexch_halving, 0, 1, radix, 0)                                                                  \
    X(allgatherv, pat, 0, 1, chunk, 0)                                                                              \
    X(allgatherv, circulant, 0, 0, none, 0)                                                                         \
    X(barrier, dissemination, 0, 0, none, 0)                                                                        \
    X(barrier, pairwise_exchange, 0, 0, none, 0)                                                                    \
    X(barrier, binomial, 0, 0, none, 0)                                                                             \
    X(barrier, mcs, 0, 2, mcs, 0)                                                                                   \
    X(barrier, js, 0, 1, js, 0)                                                                                     \
    X(barrier, light_weight, 0, 0, none, 0)                                                                         \
    X(barrier, shm, COLLALG_R_ONE_NODE, 0, none, 0)                                                                 \
    X(barrier, knomial, 0, 1, radix, 0)                                                                             \
    X(barrier, k_dissemination, 0, 1, radix, 0)                                                                     \
    X(barrier, double_ring, 0, 0, none, 0)                                                                          \
    X(barrier, recexch, 0, 1, radix, 0)                                                                             \
    X(gather, linear, 0, 0, none, 0)                                                                                \
    X(gather, linear_sync, 0, 1, first_segment, 0)                                                                  \
    X(gather, binomial, 0, 0, none, 0)                                                                              \
    X(gather, bine, 0, 0, none, 0)                                                                                  \
    X(gather, knomial, 0, 1, radix, 0)                                                                              \
    X(gather, hierarchical, 0, 0, none, 0)                                                                          \
    X(gather, topology, 0, 0, none, COLLALG_F_TOPOLOGY)                                                             \
    X(gather, shm, COLLALG_R_ONE_NODE, 0, none, 0)                                                                  \
    X(scatter, linear, 0, 0, none, 0)                                                                               \
    X(scatter, linear_nb, 0, 1, requests, 0)                                                                        \
    X(scatter, binomial, 0, 0, none, 0)                                                                             \
    X(scatter, bine, 0, 0, none, 0)                                                                                 \
    X(scatter, knomial, 0, 1, radix, 0)                                                                             \
    X(scatter, hierarchical, 0, 0, none, 0)                                                                         \
    X(scatter, topology, 0, 0, none, COLLALG_F_TOPOLOGY)                                                            \
    X(scatter, shm, COLLALG_R_ONE_NODE, 0, none, 0)                                                                 \
    X(gatherv, linear, 0, 0, none, 0)                                                                               \
    X(gatherv, binomial, 0, 0, none, 0)                                                                             \
    X(gatherv, hierarchical, 0, 0, none, 0)                                                                         \
    X(scatterv, linear, 0, 0, none, 0)                                                                              \
    X(scatterv, binomial, 0, 0, none, 0)                                                                            \
    X(scatterv, hierarchical, 0, 0, none, 0)                                                                        \
    X(alltoallw, scattered, 0, 1, requests, 0)                                                                      \
    X(alltoallw, pair, 0, 0, none, 0)                                                                               \
    X(alltoallw, ring, 0, 0, none, 0)                                                                               \
    X(alltoallw, pair_inplace, 0, 0, none, 0)                                                                       \
    X(reduce, linear, 0, 0, none, 0)                                                                                \
    X(reduce, binomial, 0, 0, none, 0)                                                                              \
    X(reduce, bine, COLLALG_R_COMMUTATIVE, 0, none, 0)                                                              \
    X(reduce, knomial, 0, 2, reduce_radix, 0)                                                                       \
    X(reduce, chain, 0, 2, reduce_fanout, 0)                                                                        \
    X(reduce, pipeline, 0, 1, segsize, 0)                                                                           \
    X(reduce, binary_tree, 0, 1, segsize, 0)                                                                        \
    X(reduce, in_order_binary, 0, 1, segsize, 0)                                                                    \
    X(reduce, rabenseifner, 0, 0, none, 0)                                                                          \
    X(reduce, two_tree, 0, 1, segsize, 0)                                                                           \
    X(reduce, circulant, COLLALG_R_COMMUTATIVE, 1, blocksize, 0)                                                    \
    X(reduce, han, 0, 2, han_reduce, 0)                                                                             \
    X(reduce, topology_chain, 0, 1, segsize, COLLALG_F_TOPOLOGY)                                                    \
    X(reduce, topology_order, COLLALG_R_COMMUTATIVE, 1, null, COLLALG_F_TOPOLOGY)                                   \
    X(reduce, shm, COLLALG_R_ONE_NODE, 0, none, 0)                                                                  \
    X(reduce, pipelined_tree, 0, 3, segsize, 0)                                                                     \
    X(scan, linear, 0, 1, segsize, 0)                                                                               \
    X(scan, recursive_doubling, 0, 0, none, 0)                                                                      \
    X(scan, binary_tree, 0, 0, none, 0)                                                                             \
    X(scan, hierarchical, 0, 2, null2, 0)                                                                           \
    X(exscan, linear, 0, 1, segsize, 0)                                                                             \
    X(exscan, recursive_doubling, 0, 0, none, 0)                                                                    \
    X(exscan, binary_tree, 0, 0, none, 0)                                                                           \
    X(exscan, hierarchical, 0, 2, null2, 0)                                                                         \
    X(reduce_scatter_block, recursive_halving, COLLALG_R_COMMUTATIVE, 0, none, 0)                                   \
    X(reduce_scatter_block, swing, COLLALG_R_COMMUTATIVE, 0, none, 0)                                               \
    X(reduce_scatter_block, pairwise, COLLALG_R_COMMUTATIVE, 0, none, 0)                                            \
    X(reduce_scatter_block, ring, COLLALG_R_COMMUTATIVE, 0, none, 0)                                                \
    X(reduce_scatter_block, recursive_doubling, 0, 0, none, 0)                                                      \
    X(reduce_scatter_block, reduce_scatterv, 0, 0, none, 0)                                                         \
    X(reduce_scatter_block, hierarchical, 0, 1, null, 0)                                                            \
    X(reduce_scatter_block, topology_ring, COLLALG_R_COMMUTATIVE, 0, none, COLLALG_F_TOPOLOGY)                      \
    X(reduce_scatter_block, butterfly, 0, 0, none, 0)                                                               \
    X(reduce_scatter_block, recexch, 0, 1, radix, 0)                                                                \
    X(reduce_scatter_block, pat, COLLALG_R_COMMUTATIVE, 1, chunk, 0)                                                \
    X(reduce_scatter_block, bine, COLLALG_R_COMMUTATIVE, 0, none, 0)                                                \
    X(reduce_scatter_block, circulant, COLLALG_R_COMMUTATIVE, 0, none, 0)                                           \
    X(reduce_scatter, recursive_halving, COLLALG_R_COMMUTATIVE, 0, none, 0)                                         \
    X(reduce_scatter, swing, COLLALG_R_COMMUTATIVE, 0, none, 0)                                                     \
    X(reduce_scatter, pairwise, COLLALG_R_COMMUTATIVE, 0, none, 0)                                                  \
    X(reduce_scatter, ring, COLLALG_R_COMMUTATIVE, 0, none, 0)                                                      \
    X(reduce_scatter, recursive_doubling, 0, 0, none, 0)                                                            \
    X(reduce_scatter, reduce_scatterv, 0, 0, none, 0)                                                               \
    X(reduce_scatter, hierarchical, 0, 1, null, 0)                                                                  \
    X(reduce_scatter, topology_ring, COLLALG_R_COMMUTATIVE, 0, none, COLLALG_F_TOPOLOGY)                            \
    X(reduce_scatter, butterfly, 0, 0, none, 0)                                                                     \
    X(reduce_scatter, pat, COLLALG_R_COMMUTATIVE, 1, chunk, 0)                                                      \
    X(reduce_scatter, recexch, 0, 1, radix, 0)                                                                      \
    X(reduce_scatter, bine, COLLALG_R_COMMUTATIVE, 0, none, 0)                                                      \
    X(reduce_scatter, circulant, COLLALG_R_COMMUTATIVE, 0, none, 0)
/* clang-format on */

/* clang-format off */
/**
 * @brief The nonblocking algorithms (include/collalg/nonblocking.h), one row each:
 *        `X(collective, algorithm, restrictions, params, space, flags)` as COLLALG_CATALOGUE's,
 *        the collective named with its `i` (iallreduce, ...); a tuning parameter (the radix of
 *        the k-nomial ones) follows the `MPI_Request *` argument, with its search space as in
 *        COLLALG_CATALOGUE. Made from this table: the restrictions (restrictions.h, which the
 *        selector's COLLALG_TUNED_I macros read), the tuner's nonblocking rows (src/catalogue),
 *        the PMPI library's forced names `COLLALG_I<COLL>=name` and its dispatch table
 *        (src/pmpi/nonblocking.c), and the check that it lists exactly the headers of the
 *        nonblocking folders (tests/test_restrictions.c).
 */
#define COLLALG_NONBLOCKING(X)                                                                                      \
    X(ibarrier, dissemination, 0, 0, none, 0)                                                                       \
    X(ibarrier, k_dissemination, 0, 1, radix, 0)                                                                    \
    X(ibarrier, recexch, 0, 1, radix, 0)                                                                            \
    X(ibcast, binomial, 0, 0, none, 0)                                                                              \
    X(ibcast, knomial, 0, 1, radix, 0)                                                                              \
    X(ibcast, scatter_ring_allgather, 0, 0, none, 0)                                                                \
    X(ibcast, scatter_rdb_allgather, 0, 0, none, 0)                                                                 \
    X(ibcast, chain, 0, 1, segsize, 0)                                                                              \
    X(ibcast, binary_tree, 0, 1, segsize, 0)                                                                        \
    X(ibcast, pipelined_tree, 0, 3, segsize, 0)                                                                     \
    X(ibcast, scatterv_recexch_allgatherv, 0, 1, radix, 0)                                                          \
    X(ibcast, smp, 0, 1, segsize, 0)                                                                                \
    X(ibcast, linear, 0, 0, none, 0)                                                                                \
    X(igather, linear, 0, 0, none, 0)                                                                               \
    X(igather, binomial, 0, 0, none, 0)                                                                             \
    X(igather, knomial, 0, 1, radix, 0)                                                                             \
    X(igatherv, linear, 0, 0, none, 0)                                                                              \
    X(iscatter, linear, 0, 0, none, 0)                                                                              \
    X(iscatter, binomial, 0, 0, none, 0)                                                                            \
    X(iscatter, knomial, 0, 1, radix, 0)                                                                            \
    X(iscatterv, linear, 0, 0, none, 0)                                                                             \
    X(iallgather, ring, 0, 0, none, 0)                                                                              \
    X(iallgather, recursive_doubling, 0, 0, none, 0)                                                                \
    X(iallgather, bruck, 0, 0, none, 0)                                                                             \
    X(iallgather, k_bruck, 0, 1, radix, 0)                                                                          \
    X(iallgather, recexch_doubling, 0, 1, radix, 0)                                                                 \
    X(iallgather, recexch_halving, 0, 1, radix, 0)                                                                  \
    X(iallgather, neighbor_exchange, 0, 0, none, 0)                                                                 \
    X(iallgather, sparbit, 0, 0, none, 0)                                                                           \
    X(iallgather, circulant, 0, 0, none, 0)                                                                         \
    X(iallgather, linear, 0, 0, none, 0)                                                                            \
    X(iallgatherv, ring, 0, 0, none, 0)                                                                             \
    X(iallgatherv, recursive_doubling, 0, 0, none, 0)                                                               \
    X(iallgatherv, bruck, 0, 0, none, 0)                                                                            \
    X(iallgatherv, k_bruck, 0, 1, radix, 0)                                                                         \
    X(iallgatherv, recexch_doubling, 0, 1, radix, 0)                                                                \
    X(iallgatherv, recexch_halving, 0, 1, radix, 0)                                                                 \
    X(iallgatherv, linear, 0, 0, none, 0)                                                                           \
    X(iallgatherv, circulant, 0, 0, none, 0)                                                                        \
    X(ialltoall, linear, 0, 0, none, 0)                                                                             \
    X(ialltoall, pair, 0, 0, none, 0)                                                                               \
    X(ialltoall, bruck, 0, 0, none, 0)                                                                              \
    X(ialltoall, k_bruck, 0, 1, radix, 0)                                                                           \
    X(ialltoall, scattered, 0, 1, requests, 0)                                                                      \
    X(ialltoall, ring, 0, 0, none, 0)                                                                               \
    X(ialltoall, pair_inplace, 0, 0, none, 0)                                                                       \
    X(ialltoallv, linear, 0, 0, none, 0)                                                                            \
    X(ialltoallv, scattered, 0, 1, requests, 0)                                                                     \
    X(ialltoallv, ring, 0, 0, none, 0)                                                                              \
    X(ialltoallv, pair, 0, 0, none, 0)                                                                              \
    X(ialltoallv, pair_inplace, 0, 0, none, 0)                                                                      \
    X(ialltoallw, linear, 0, 0, none, 0)                                                                            \
    X(ialltoallw, scattered, 0, 1, requests, 0)                                                                     \
    X(ialltoallw, ring, 0, 0, none, 0)                                                                              \
    X(ialltoallw, pair, 0, 0, none, 0)                                                                              \
    X(ialltoallw, pair_inplace, 0, 0, none, 0)                                                                      \
    X(ireduce, binomial, 0, 0, none, 0)                                                                             \
    X(ireduce, knomial, 0, 1, radix, 0)                                                                             \
    X(ireduce, rabenseifner, 0, 0, none, 0)                                                                         \
    X(ireduce, pipeline, 0, 1, segsize, 0)                                                                          \
    X(ireduce, pipelined_tree, 0, 3, segsize, 0)                                                                    \
    X(ireduce, smp, 0, 0, none, 0)                                                                                  \
    X(iallreduce, recursive_doubling, 0, 0, none, 0)                                                                \
    X(iallreduce, ring, COLLALG_R_COMMUTATIVE, 0, none, 0)                                                          \
    X(iallreduce, rabenseifner, 0, 0, none, 0)                                                                      \
    X(iallreduce, recursive_multiplying, 0, 1, radix, 0)                                                            \
    X(iallreduce, reduce_bcast, 0, 1, radix, 0)                                                                     \
    X(iallreduce, recexch_reduce_scatter_allgather, 0, 1, radix, 0)                                                 \
    X(iallreduce, pipelined_tree, 0, 3, segsize, 0)                                                                 \
    X(iallreduce, smp, 0, 0, none, 0)                                                                               \
    X(iallreduce, circulant_reduce_scatter_allgather, COLLALG_R_COMMUTATIVE, 0, none, 0)                            \
    X(iscan, recursive_doubling, 0, 0, none, 0)                                                                     \
    X(iscan, smp, 0, 0, none, 0)                                                                                    \
    X(iscan, linear, 0, 0, none, 0)                                                                                 \
    X(iexscan, recursive_doubling, 0, 0, none, 0)                                                                   \
    X(iexscan, linear, 0, 0, none, 0)                                                                               \
    X(ireduce_scatter_block, reduce_scatterv, 0, 0, none, 0)                                                        \
    X(ireduce_scatter_block, recursive_halving, COLLALG_R_COMMUTATIVE, 0, none, 0)                                  \
    X(ireduce_scatter_block, pairwise, COLLALG_R_COMMUTATIVE, 0, none, 0)                                           \
    X(ireduce_scatter_block, circulant, COLLALG_R_COMMUTATIVE, 0, none, 0)                                          \
    X(ireduce_scatter_block, recursive_doubling, 0, 0, none, 0)                                                     \
    X(ireduce_scatter_block, butterfly, 0, 0, none, 0)                                                              \
    X(ireduce_scatter_block, recexch, 0, 1, radix, 0)                                                               \
    X(ireduce_scatter, reduce_scatterv, 0, 0, none, 0)                                                              \
    X(ireduce_scatter, recursive_halving, COLLALG_R_COMMUTATIVE, 0, none, 0)                                        \
    X(ireduce_scatter, pairwise, COLLALG_R_COMMUTATIVE, 0, none, 0)                                                 \
    X(ireduce_scatter, circulant, COLLALG_R_COMMUTATIVE, 0, none, 0)                                                \
    X(ireduce_scatter, recursive_doubling, 0, 0, none, 0)                                                           \
    X(ireduce_scatter, butterfly, 0, 0, none, 0)                                                                    \
    X(ireduce_scatter, recexch, 0, 1, radix, 0)
/* clang-format on */

/* clang-format off */
/**
 * @brief The neighbourhood collectives (include/collalg/neighbor.h), one row each:
 *        `X(collective, algorithm, restrictions, params, space, flags)` as COLLALG_CATALOGUE's,
 *        the collective named as MPI's without `MPI_` (neighbor_allgather, ...). The row's header
 *        `include/collalg/<collective>/<algorithm>.h` defines the blocking function with the
 *        arguments of `MPI_Neighbor_<coll>`, the nonblocking `collalg_i<collective>_<algorithm>`
 *        and the persistent `collalg_<collective>_init_<algorithm>`. A communicator with a
 *        topology is MPI's own requirement of these calls, not a restriction. Made from this table:
 *        the restrictions (restrictions.h) and the checks that it lists exactly the headers of
 *        the neighbourhood folders (tests/test_restrictions.c) and that each family's index page
 *        lists its rows (tests/test_catalogue.c), and the PMPI library's forced algorithms
 *        (src/pmpi/neighbor.c). Not yet made from it: the tuner's rows (src/catalogue) and the
 *        overhead benchmark, whose generated calls run on plain communicators (a neighbourhood
 *        call needs a topology).
 */
#define COLLALG_NEIGHBOR(X)                                                                                         \
    X(neighbor_allgather, linear, 0, 0, none, 0)                                                                    \
    X(neighbor_allgather, combining, COLLALG_R_ISOMORPHIC, 2, none, 0)                                              \
    X(neighbor_allgatherv, linear, 0, 0, none, 0)                                                                   \
    X(neighbor_alltoall, linear, 0, 0, none, 0)                                                                     \
    X(neighbor_alltoall, combining, COLLALG_R_ISOMORPHIC, 2, none, 0)                                               \
    X(neighbor_alltoallv, linear, 0, 0, none, 0)                                                                    \
    X(neighbor_alltoallw, linear, 0, 0, none, 0)
/* clang-format on */

#endif /* COLLALG_CATALOGUE_H */
