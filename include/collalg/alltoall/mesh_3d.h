/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file mesh_3d.h
 * @ingroup alltoall
 * @brief Alltoall, 3D mesh algorithm (Faraj & Yuan, ICS'05, §3.1 "3D mesh algorithm"), as a
 *        dimension-by-dimension store-and-forward exchange.
 *
 * @par Phases
 * The p ranks form a logical x * y * z mesh, p = x * y * z with x <= y <= z as close to
 * cbrt(p) as p's divisors allow (schedule/common.h collalg__mesh3d); rank r has coordinates
 * (r mod x, (r / x) mod y, r / (x y)). Three phases, along x, then y, then z: in each, a rank
 * sends each partner of that dimension exactly the blocks whose final destination has the
 * partner's coordinate in that dimension, p / d blocks per partner in one message (the engine
 * and its slot invariant are described in mesh_2d.h). Dimensions of size 1 are skipped.
 *
 * @par Trace, p = 12 (x = 2, y = 2, z = 3)
 * @verbatim
   phase x: rank 0 <-> 1 (6 blocks each way: those for ranks with x coordinate 1)
   phase y: rank 0 <-> 2 (6 blocks: for ranks with y = 1, x = 0, collected from ranks 0 and 1)
   phase z: rank 0 <-> 4 and 0 <-> 8 (4 blocks each: for rank 4 resp. 8, from ranks 0..3)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html alltoall_mesh_3d_p6.svg
 * @image html alltoall_mesh_3d_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = sendcount * size of sendtype bytes per pair. The paper models each
 * phase as an allgather (x = y = z = cbrt(p)): 3(cbrt(p) - 1) alpha + (p - 1) p n beta +
 * 2 theta + kappa. This implementation forwards only the blocks a partner needs:
 * (x + y + z - 3) alpha + ((x - 1) p / x + (y - 1) p / y + (z - 1) p / z) n beta + 2 theta +
 * kappa, i.e. 3(cbrt(p) - 1) alpha + 3(p - p^(2/3)) n beta + 2 theta + kappa for a cube.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE. When p has no three factors > 1 the mesh
 * degenerates: p = q1 q2 gives a 1 x q1 x q2 mesh (the 2D algorithm), prime p gives 1 x 1 x p,
 * one dimension: a single phase of direct exchanges (the spreading simple algorithm).
 *
 * @par Memory
 * p * recvcount elements of recvtype (the intermediate buffer; none when only one dimension is
 * larger than 1), 2 (z - 1) MPI_Request handles, plus p * recvcount elements of recvtype when
 * sendbuf is MPI_IN_PLACE.
 *
 * @par References
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.1, Algorithms for MPI_Alltoall (3D mesh).
 */
#ifndef COLLALG_ALLTOALL_MESH_3D_H
#define COLLALG_ALLTOALL_MESH_3D_H

#include "mesh_2d.h"

/**
 * @brief MPI_Alltoall by the 3D mesh algorithm.
 *
 * @alltoall_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad arguments
 *         (core/args.h); MPI_ERR_NO_MEM when the scratch buffers cannot be allocated; or the class
 *         of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoall_mesh_3d(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    int dims[3];
    int err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS) {
        collalg__mesh3d(c.size, &dims[0], &dims[1], &dims[2]);
        err = collalg__alltoall_mesh(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, 3, dims);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_MESH_3D_H */
