/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file mesh_2d.h
 * @ingroup allgather
 * @brief Allgather, 2D mesh algorithm (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Allgather", 2D mesh).
 *
 * @par Phases
 * The p ranks form a logical x * y mesh, x <= y the most nearly square factorisation of p
 * (collalg__mesh2d), rank r at column r mod x of row r / x, so a row holds the consecutive
 * ranks x * row .. x * row + x - 1.
 * - Phase 0: the own block is copied into slot r of recvbuf.
 * - Phase 1 (x dimension): the x ranks of each row all-gather their own blocks. Invariant
 *   after it: rank r holds the x consecutive blocks of its row, slots x * row .. x * row + x - 1.
 * - Phase 2 (y dimension): the y ranks of each column all-gather their rows' x-block ranges.
 *   Since a row's blocks are consecutive in recvbuf, each message is one contiguous range of
 *   x blocks: no derived datatype and no packing (the choice the rank layout allows).
 *
 * Inside a phase every rank posts all its receives and sends at once, staggered as in
 * spreading_simple.h (core of collalg__allgather_mesh in family/allgather.h).
 *
 * @par Generalisation to any p
 * Any p is factorised exactly, p = x * y with x the largest divisor of p not above sqrt(p); no
 * rank is left over. For prime p this is the degenerate 1 x p mesh: phase 1 is empty and
 * phase 2 is the spreading simple algorithm over all ranks.
 *
 * @par Trace, p = 6 (x = 2, y = 3; rows {0,1} {2,3} {4,5}, columns {0,2,4} {1,3,5})
 * @verbatim
   phase 1:  0 <-> 1,  2 <-> 3,  4 <-> 5           (one block each)
   phase 2:  0, 2, 4 all-gather blocks [0,2) [2,4) [4,6);  likewise 1, 3, 5
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_mesh_2d_p6.svg
 * @image html allgather_mesh_2d_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = recvcount * size of recvtype bytes per block and x = y = sqrt(p):
 * (x - 1)(alpha + n beta) + (y - 1)(alpha + x n beta) + theta + kappa
 * = 2 (sqrt(p) - 1) alpha + (p - 1) n beta + theta + kappa.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0.
 *
 * @par Memory
 * 2 (p - 1) MPI_Request and MPI_Status; a contiguous datatype (collalg__blocks) only when
 * p * recvcount exceeds INT_MAX.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Alltoall, "2D mesh algorithm", and
 * Algorithms for MPI_Allgather (its cost).
 */
#ifndef COLLALG_ALLGATHER_MESH_2D_H
#define COLLALG_ALLGATHER_MESH_2D_H

#include "../family/allgather.h"

/**
 * @brief MPI_Allgather by the 2D mesh algorithm.
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler. Also MPI_ERR_NO_MEM when the request array cannot be allocated.
 */
COLLALG_INLINE int collalg_allgather_mesh_2d(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                             int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    int dims[2];
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__mesh2d(c.size, &dims[0], &dims[1]);
        err = collalg__allgather_mesh(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, dims, 2);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_MESH_2D_H */
