/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file topology_ring.h
 * @ingroup reduce_scatter_block
 * @brief Reduce_scatter_block, ring along the topology's depth-first logical ring: p - 1 steps,
 *        each block travelling round the contention-free ring of Faraj, Patarasuk & Yuan
 *        (Cluster 2005) to its owner, every rank on the way folding in its part.
 *
 * The body is reduce_scatter/topology_ring.h's, run on p blocks of recvcount elements.
 *
 * @par Phases
 * ring[i] is the rank at position i of the DFS ring of the topology (machine/topology_comm.h;
 * computed by the first call on a communicator and cached); on a tree network the messages of
 * one step never share a link. The rank at position j sends to position j + 1 and receives from
 * j - 1 (mod p):
 * 1. Step 0: it sends its input block of the rank at position j - 1 and receives the partial
 *    block of the rank at position j - 2, folding its own input block in.
 * 2. Steps s = 1 .. p-2: it forwards the partial block received in step s - 1 and receives the
 *    one of the rank at position j - s - 2. Invariant: after step s that block holds positions
 *    j - s - 1 .. j; after step p-2 the rank holds its own block fully reduced.
 * 3. Copy it into recvbuf.
 *
 * @par Trace, p = 6 without a description, one rank per host (the ring is the rank order)
 * @verbatim
   step 0:  j -> j+1 its input block j-1     0 holds block 4 of [5,0]
   step 1:  j -> j+1 partial block j-2       0 holds block 3 of [4,5,0]
   step 4:                                   0 holds block 0 of all six
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html reduce_scatter_block_topology_ring_p6.svg
 * @image html reduce_scatter_block_topology_ring_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With p processes and n = p * recvcount * size of
 * datatype bytes (the whole vector): (p - 1)(alpha + n/p beta + n/p gamma), no link carrying two
 * messages of a step on a tree network; the first call adds the topology's set-up.
 *
 * @par Restrictions
 * Commutative operations only (MPI_ERR_OP before any message otherwise). Any p >= 1, any
 * recvcount, any datatype MPI_Reduce_local accepts with @c op, MPI_IN_PLACE. A bad description,
 * a host missing in it, or ranks disagreeing on it give MPI_ERR_ARG on every rank.
 *
 * @par Memory
 * Two blocks of recvcount elements; the topology cached with the communicator.
 *
 * @par References
 * A. Faraj, P. Patarasuk and X. Yuan, "Bandwidth efficient all-to-all broadcast on switched
 * clusters", IEEE Cluster 2005, §3; P. Patarasuk and X. Yuan, "Bandwidth optimal all-reduce
 * algorithms for clusters of workstations", JPDC 2009, §3.
 */
#ifndef COLLALG_REDUCE_SCATTER_BLOCK_TOPOLOGY_RING_H
#define COLLALG_REDUCE_SCATTER_BLOCK_TOPOLOGY_RING_H

#include "../reduce_scatter/topology_ring.h"

/**
 * @brief MPI_Reduce_scatter_block around the topology's DFS ring (see the file comment).
 *
 * @param[in] sendbuf   this rank's input: p * recvcount elements of datatype, block i for rank i
 *                      (MPI_IN_PLACE: the input is in recvbuf)
 * @param[out] recvbuf  block rank of the result, recvcount elements (with MPI_IN_PLACE: the whole
 *                      input vector on entry, the block at its start on return)
 * @param[in] recvcount elements of every rank's block (the same on every rank)
 * @param[in] datatype  datatype of the elements (the same on every rank)
 * @param[in] op        the reduction; commutative only
 * @param[in] comm      intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_OP
 *         (MPI_OP_NULL) for bad arguments (family/reduce_scatter.h); MPI_ERR_OP for a
 *         non-commutative op, or the error of MPI_Reduce_local when a predefined @p op is not
 *         defined for @p datatype, before any message; MPI_ERR_ARG on every rank when the
 *         description of `COLLALG_TOPOLOGY` is malformed, lacks a host or differs between ranks;
 *         MPI_ERR_NO_MEM; or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler.
 */
COLLALG_INLINE int collalg_reduce_scatter_block_topology_ring(const void *sendbuf, void *recvbuf, int recvcount,
                                                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__rs l;
    int err = collalg__reduce_scatter_block_enter(&c, &sendbuf, recvbuf, recvcount, datatype, op, comm);
    if (err == MPI_SUCCESS)
        err = collalg__reduce_scatter_topo_ring(&c, &l, NULL, recvcount, datatype, op, sendbuf, recvbuf);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_REDUCE_SCATTER_BLOCK_TOPOLOGY_RING_H */
