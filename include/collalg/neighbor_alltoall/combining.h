/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file neighbor_alltoall/combining.h
 * @ingroup neighbor
 * @brief MPI_Neighbor_alltoall by message combining on a Cartesian layout (Träff, Carpen-Amarie,
 *        Hunold, Rougier; Träff, Hunold): for isomorphic neighbourhoods, every block routed
 *        dimension by dimension, the blocks that cross a dimension by the same step in one
 *        message; blocking, nonblocking and persistent from one schedule
 *        (collalg__neighbor_alltoall_combining_steps(), schedule/neighbor_combining.h).
 *
 * The name is the papers' ("message-combining algorithms"). The neighbourhood must be isomorphic:
 * every rank sends block j to the rank at the same relative offset on a grid, and receives block
 * i from the rank at the same relative offset. A Cartesian communicator is (±1 per dimension,
 * holes at non-periodic borders); a graph or distributed-graph communicator is when its source and
 * destination lists, read as offsets on the torus given by the parameters (@p ndims, @p dims; 0,
 * NULL: the ring of the p ranks), are the same on every rank, in the same order: a stencil with
 * diagonals (9 or 27 points), any list of offsets. The check is collective
 * (family/neighbor_combining.h); a neighbourhood that fails it is an error, MPI_ERR_TOPOLOGY on
 * every rank with nothing sent (restriction #COLLALG_R_ISOMORPHIC), not a silent fall-back to the
 * linear algorithm.
 *
 * @par Phases
 * Let t_j be destination j's offset: the way send block j travels. It moves along dimension 0 by
 * t_j[0], then along dimension 1 by t_j[1], and so on. For each dimension k and each distinct
 * non-zero value c of the t_j's component k (a round), rank r sends to r + c e_k one message with
 * every block it holds that must move by c along k (its own blocks j with t_j[0 .. k) = 0 and
 * t_j[k] = c, and those it received in earlier dimensions on their way), and receives the
 * matching one from r - c e_k. Unlike allgather's blocks, every block is distinct and takes its
 * own route: a block is forwarded once per non-zero component of its offset. Every receive is
 * posted at once and each send waits only for the receives of the blocks it carries, so on the
 * plain Cartesian neighbourhood (every block one hop) the schedule is the linear algorithm's.
 * Blocks that go no further and fill consecutive receive blocks are received in place; the others
 * through scratch, then copied (a message of blocks from several places is packed by copies
 * first). A block whose offset is 0 (a self loop; a periodic dimension of size 1) is a local copy.
 *
 * @par Trace
 * @verbatim
   9-point stencil (offsets {-1,0,1}^2, j = (x + 1) + 3 (y + 1), centre included) as both lists,
   3 x 3 torus, rank 4 at (1,1); send block j fills receive block 8 - j at its destination:
   dim 0, c = -1: send own blocks 0, 3, 6 to (0,1); receive from (2,1) its blocks 0, 3, 6
   dim 0, c = +1: send own blocks 2, 5, 8 to (2,1); receive from (0,1) its blocks 2, 5, 8
   dim 1, c = -1: send {block 0 of (2,1), own block 1, block 2 of (0,1)} (packed) to (1,0);
                  receive 3 blocks from (1,2): blocks 0, 1, 2 of (2,2), (1,2), (0,2)
   dim 1, c = +1: the same with blocks 6, 7, 8 towards (1,2), from (1,0)
   4 messages, 12 blocks (linear: 8 messages, 8 blocks); own block 4 to receive block 4 by a copy
   @endverbatim
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; s the number of neighbours, m the bytes of one block, R
 * the rounds: the number of distinct non-zero values per dimension, summed (2 d for offsets in
 * {-1, 0, 1}^d). R messages instead of s; in all, sum over j of the non-zero components of t_j
 * blocks (the 27-point stencil: 6 messages of 54 blocks instead of 26 messages of 26 blocks).
 * Time about d alpha + (blocks of the longest message chain) m beta plus copies: a block waits
 * for the dimensions before its own. Träff et al. trade the latency of s - R messages for the
 * extra volume (at most d times the linear one), the point at small blocks; for large blocks the
 * linear algorithm wins. On a graph communicator the check adds two MPI_Allreduce of 2 and
 * 2 (in + out) d ints to the first call with a grid on a communicator (the answer is cached).
 *
 * @par Forms
 * - collalg_neighbor_alltoall_combining(): blocking, the schedule run in place
 *   (collalg__nbc_run());
 * - collalg_ineighbor_alltoall_combining(): nonblocking (collalg__nbc_launch(), core/nbc.h says
 *   who advances it); the first call on a graph communicator (or with another grid) runs the
 *   collective check, so that one returns only when every rank has called it;
 * - collalg_neighbor_alltoall_init_combining(): persistent, the check and the schedule made once;
 *   collalg_start() runs it, collalg_request_free() releases it (core/persistent.h).
 *
 * @par Restrictions
 * #COLLALG_R_ISOMORPHIC: a Cartesian communicator, or a graph or distributed-graph one whose
 * every rank has the same source and the same destination offsets on the torus @p ndims x
 * @p dims (else MPI_ERR_TOPOLOGY on every rank, nothing sent). Any counts, zero counts, derived
 * datatypes (send and receive types of one signature, any layout), self loops and repeated
 * offsets (the k-th edge to an offset fills the k-th source at its opposite, as MPI orders
 * repeated edges; on a Cartesian communicator block j fills block j ^ 1, MPI-4.1 Example 8.10).
 * No MPI_IN_PLACE (MPI has none for these collectives).
 *
 * @par Memory
 * Scratch of (blocks received not in place + packed blocks) blocks of the receive type, at most
 * 2 d s; the schedule about 80 bytes per step (R sends, R receives, up to (d + 1) s copies);
 * 4 d s ints while it is built.
 *
 * @par References
 * J. L. Träff, A. Carpen-Amarie, S. Hunold, A. Rougier, "Message-Combining Algorithms for
 * Isomorphic, Sparse Collective Communication", arXiv:1606.07676, 2016 (the alltoall routed
 * dimension by dimension); J. L. Träff, S. Hunold, "Cartesian Collective Communication", ICPP
 * 2019; T. Hoefler, J. L. Träff, "Sparse Collective Operations for MPI", IPDPS workshops (HIPS)
 * 2009; MPI Forum, MPI-4.1, §8.6.
 */
#ifndef COLLALG_NEIGHBOR_ALLTOALL_COMBINING_H
#define COLLALG_NEIGHBOR_ALLTOALL_COMBINING_H

#include "../family/neighbor_combining.h"

/** @brief The three forms of the algorithm: @p mode a collalg__nbr_mode. */
COLLALG_INLINE int collalg__neighbor_alltoall_combining(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                        void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                        MPI_Comm comm, MPI_Request *request, int ndims, const int *dims,
                                                        int mode)
{
    collalg__ctx c;
    collalg__nbc *op = NULL;
    collalg__nbrs n;
    collalg__nbr_grid g;
    MPI_Request dummy = MPI_REQUEST_NULL;
    int p = 0, rank = 0, err, *work = NULL, *pair = NULL;
    const int *offs = NULL;
    memset(&g, 0, sizeof g);
    err = collalg__nbr_comb_begin(&c, comm, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, &n, &p, &rank);
    if (err == MPI_SUCCESS)
        err = collalg__nbr_a2a_grid_get(comm, p, rank, &n, ndims, dims, &g);
    err = collalg__nbc_enter(&c, err, mode == COLLALG_NBR_BLOCKING ? &dummy : request, &p, &rank);
    if (err == MPI_SUCCESS)
        err = collalg__nbr_a2a_pairing(c.pcomm, &n, &g, &offs, &pair);
    if (err == MPI_SUCCESS) {
        work = (int *)COLLALG_MALLOC((size_t)collalg__nbr_a2a_work(n.outdegree, g.nd) * sizeof(int));
        err = work ? MPI_SUCCESS : MPI_ERR_NO_MEM;
    }
    COLLALG__NBC_BUILD(err, op, collalg__neighbor_alltoall_combining_steps,
                       (rank, g.nd, g.dims, g.periods, n.outdegree, offs, pair, sendcount, recvcount, work));
    collalg__nbrs_free(&n);
    collalg__nbr_grid_free(&g);
    COLLALG_FREE(work);
    COLLALG_FREE(pair);
    return collalg__nbr_comb_end(op, err, &c, sendbuf, sendtype, recvbuf, recvtype, request, mode);
}

/**
 * @brief MPI_Neighbor_alltoall by message combining on a Cartesian layout (blocking).
 * @param sendbuf   block j (@p sendcount elements at j * sendcount) goes to destination j
 * @param sendcount elements per destination (>= 0)
 * @param sendtype  committed datatype
 * @param recvbuf   block i (@p recvcount elements at i * recvcount) comes from source i
 * @param recvcount elements per source (>= 0)
 * @param recvtype  committed datatype
 * @param comm      a Cartesian communicator, or a graph or distributed-graph one with an
 *                  isomorphic neighbourhood on the torus @p ndims x @p dims
 * @param ndims     a graph communicator's torus: dimensions (0: the ring of the p ranks); on a
 *                  Cartesian communicator 0 or its own
 * @param dims      their sizes, row-major (product p), or NULL with @p ndims 0
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_TOPOLOGY without a topology or for a neighbourhood
 *         that is not isomorphic (on every rank); MPI_ERR_ARG for a grid that does not fit;
 *         MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad (buffer, count, type) or
 *         MPI_IN_PLACE; MPI_ERR_NO_MEM; or the error class of a failing MPI call. On an error
 *         nothing is sent.
 */
COLLALG_INLINE int collalg_neighbor_alltoall_combining(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                       void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                       MPI_Comm comm, int ndims, const int *dims)
{
    return collalg__neighbor_alltoall_combining(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, NULL,
                                                ndims, dims, COLLALG_NBR_BLOCKING);
}

/**
 * @brief `MPI_Ineighbor_alltoall` by the algorithm of collalg_neighbor_alltoall_combining():
 *        returns with a request (see core/nbc.h for who advances it; the first call on a graph
 *        communicator after the collective isomorphism check).
 * @copydetails collalg_neighbor_alltoall_combining()
 * @param request out: the request; MPI_REQUEST_NULL after an error
 * @return besides, MPI_ERR_REQUEST when @p request is NULL.
 */
COLLALG_INLINE int collalg_ineighbor_alltoall_combining(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                        void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                        MPI_Comm comm, MPI_Request *request, int ndims, const int *dims)
{
    return collalg__neighbor_alltoall_combining(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                                                request, ndims, dims, COLLALG_NBR_NONBLOCKING);
}

/**
 * @brief `MPI_Neighbor_alltoall_init` by the algorithm of collalg_neighbor_alltoall_combining():
 *        the isomorphism check and the schedule made once; every collalg_start() runs it,
 *        reading the buffers then (core/persistent.h).
 * @copydetails collalg_ineighbor_alltoall_combining()
 * @param info ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_neighbor_alltoall_init_combining(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                            void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                                            MPI_Comm comm, MPI_Info info, MPI_Request *request,
                                                            int ndims, const int *dims)
{
    (void)info;
    return collalg__neighbor_alltoall_combining(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm,
                                                request, ndims, dims, COLLALG_NBR_PERSISTENT);
}

#endif /* COLLALG_NEIGHBOR_ALLTOALL_COMBINING_H */
