/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file mesh_3d.h
 * @ingroup allgather
 * @brief Allgather, 3D mesh algorithm (Faraj & Yuan, ICS'05, §3.1 "Algorithms for
 *        MPI_Allgather", 3D mesh).
 *
 * @par Phases
 * The p ranks form a logical x * y * z mesh, x <= y <= z the most nearly cubic factorisation of
 * p (collalg__mesh3d), rank r = a + x (b + y c) at coordinates (a, b, c).
 * - Phase 0: the own block is copied into slot r of recvbuf.
 * - Phase 1 (x dimension): the x ranks sharing (b, c) all-gather their own blocks. Invariant:
 *   rank r then holds the x consecutive blocks of its line, slots starting at r - a.
 * - Phase 2 (y dimension): the y ranks sharing (a, c) all-gather their lines' x-block ranges.
 *   Invariant: rank r then holds the x * y consecutive blocks of its plane c.
 * - Phase 3 (z dimension): the z ranks sharing (a, b) all-gather their planes' x * y-block
 *   ranges.
 *
 * The rank layout makes every range consecutive in recvbuf, so each message is one contiguous
 * run of blocks: no derived datatype and no packing. Inside a phase every rank posts all its
 * receives and sends at once, staggered as in spreading_simple.h (collalg__allgather_mesh in
 * family/allgather.h).
 *
 * @par Generalisation to any p
 * Any p is factorised exactly: x is the largest divisor of p not above cbrt(p), then (y, z) the
 * most nearly square factorisation of p / x; no rank is left over. Dimensions of size 1 are
 * skipped: for prime p the mesh is 1 x 1 x p and the algorithm is spreading simple over all
 * ranks; for p = q * prime with small q it is effectively a 2D mesh.
 *
 * @par Trace, p = 12 (x = 2, y = 2, z = 3)
 * @verbatim
   phase 1:  {0,1} {2,3} {4,5} {6,7} {8,9} {10,11}     exchange 1 block
   phase 2:  {0,2} {1,3} {4,6} {5,7} {8,10} {9,11}     exchange 2 blocks
   phase 3:  {0,4,8} {1,5,9} {2,6,10} {3,7,11}         exchange 4 blocks
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html allgather_mesh_3d_p6.svg
 * @image html allgather_mesh_3d_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = recvcount * size of recvtype bytes per block and x = y = z = cbrt(p):
 * (x - 1)(alpha + n beta) + (y - 1)(alpha + x n beta) + (z - 1)(alpha + x y n beta) + 2 theta
 * + kappa = 3 (cbrt(p) - 1) alpha + (p - 1) n beta + 2 theta + kappa.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0.
 *
 * @par Memory
 * 2 (p - 1) MPI_Request and MPI_Status; a contiguous datatype (collalg__blocks) only when
 * p * recvcount exceeds INT_MAX.
 *
 * @par References
 * A. Faraj, X. Yuan, ICS'05, §3.1, Algorithms for MPI_Alltoall, "3D mesh algorithm", and
 * Algorithms for MPI_Allgather (its cost).
 */
#ifndef COLLALG_ALLGATHER_MESH_3D_H
#define COLLALG_ALLGATHER_MESH_3D_H

#include "../family/allgather.h"

/**
 * @brief MPI_Allgather by the 3D mesh algorithm.
 *
 * @allgather_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); or the class of an error raised by an MPI call. Errors go through
 *         @p comm's error handler. Also MPI_ERR_NO_MEM when the request array cannot be allocated.
 */
COLLALG_INLINE int collalg_allgather_mesh_3d(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                             int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    int dims[3];
    int err = collalg__allgather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__mesh3d(c.size, &dims[0], &dims[1], &dims[2]);
        err = collalg__allgather_mesh(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, dims, 3);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLGATHER_MESH_3D_H */
