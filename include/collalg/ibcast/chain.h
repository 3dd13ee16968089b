/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ibcast/chain.h
 * @ingroup nonblocking
 * @brief MPI_Ibcast, pipelined chain (LibNBC's chain broadcast, MPICH's ibcast tsp_ring): the
 *        chain of collalg_bcast_chain() run by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * Ranks are taken relative to the root, rel = (rank - root) mod p, and form the chain
 * 0 -> 1 -> ... -> p - 1. The buffer is cut into s segments of `seg` elements (the last one
 * shorter). A non-root posts the receives of all s segments from rel - 1 at the start; a rank
 * before the end of the chain sends segment i to rel + 1 as soon as segment i is in and its send
 * of segment i - 1 is done (so the sends to one peer start in segment order, whatever order the
 * receives complete in). Invariant: segment i leaves rel only after it has arrived there, and
 * segment i reaches rel + 1 after segments 0 .. i - 1 did.
 *
 * @par Trace, p = 3, root 1, 2 segments (a -s-> b: segment s)
 * @verbatim
   step 1:  1 -0-> 2
   step 2:  1 -1-> 2,  2 -0-> 0
   step 3:             2 -1-> 0
   @endverbatim
 *
 * @par Segments
 * A segment is `segsize` bytes rounded down to whole elements of the datatype (at least one
 * element), as for collalg_bcast_chain(); segsize 0 selects COLLALG_BCAST_SEGSIZE_DEFAULT (4096
 * bytes; family/bcast.h).
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html ibcast_chain_p6.svg
 * @image html ibcast_chain_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes, s = ceil(n / segment bytes) segments:
 * (p + s - 2)(alpha + (n / s) beta), one segment per link at a time (a send waits for the
 * previous one's completion: immediate for eager segments, the transfer for rendezvous ones).
 *
 * @par Restrictions
 * Any p >= 1, any root, any count (nothing is sent for count 0). The buffer is cut in elements,
 * so ranks passing different datatypes must pass ones of the same size and signature per element
 * (else their segments differ); the segment size must be the same on every rank.
 *
 * @par Memory
 * No scratch. The operation: about 60 bytes per step (2 s steps per rank) plus 300 bytes.
 *
 * @par References
 * T. Hoefler, A. Lumsdaine, W. Rehm, "Implementation and Performance Analysis of Non-Blocking
 * Collective Operations for MPI", SC'07 (LibNBC's broadcasts); S. S. Vadhiyar, G. E. Fagg,
 * J. Dongarra, "Automatically Tuned Collective Communications", SC'00 (segmented chain
 * broadcast).
 */
#ifndef COLLALG_IBCAST_CHAIN_H
#define COLLALG_IBCAST_CHAIN_H

#include "../core/persistent.h"
#include "../schedule/icoll.h"
#include "../family/bcast.h"

/** @brief The checks of a segmented ibcast (the blocking broadcast's, then collalg__nbc_enter()'s)
 *         and its segment in elements (collalg__bcast_seg_elems()): *@p p, *@p rank, *@p seg.
 *         @return MPI_SUCCESS or the first error. */
COLLALG_INLINE int collalg__ibcast_seg_enter(collalg__ctx *c, void *buffer, int count, MPI_Datatype datatype, int root,
                                             MPI_Comm comm, MPI_Request *request, int segsize, int *p, int *rank,
                                             int *seg)
{
    int size = 0, err = collalg__bcast_enter(c, buffer, count, datatype, root, comm);
    err = collalg__nbc_enter(c, err, request, p, rank);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Type_size)(datatype, &size);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_seg_elems(segsize, size, count, seg);
    return err;
}

/** @brief The start of collalg_ibcast_chain() (@p fanout 1) and collalg_ibcast_binary_tree() (2)
 *         (@p persistent 0), and of their persistent forms (1): checks, segment size, schedule
 *         (collalg__ibcast_pipeline_steps()), buffers, then collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ibcast_pipeline(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                            MPI_Request *request, int segsize, int fanout, int persistent)
{
    collalg__ctx c; /* for the checks of the blocking broadcasts */
    collalg__nbc *op = NULL;
    int p, rank,
        seg = 1,
        err = collalg__ibcast_seg_enter(&c, buffer, count, datatype, root, comm, request, segsize, &p, &rank, &seg);
    COLLALG__NBC_BUILD(err, op, collalg__ibcast_pipeline_steps, (rank, p, root, count, seg, fanout));
    if (err == MPI_SUCCESS)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, buffer, datatype);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/**
 * @brief MPI_Ibcast by a pipelined chain.
 * @param buffer   count elements of @p datatype: the data at @p root, where it lands elsewhere
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param root     rank of the root in @p comm
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @param segsize  bytes per segment, rounded down to whole elements (at least one); 0 selects
 *                 COLLALG_BCAST_SEGSIZE_DEFAULT (4096); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT when @p count < 0; MPI_ERR_TYPE for an
 *         invalid datatype; MPI_ERR_BUFFER for a NULL buffer with count > 0; MPI_ERR_ROOT when
 *         @p root is outside [0, p); MPI_ERR_ARG when @p segsize < 0; MPI_ERR_REQUEST when
 *         @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting. Nothing is sent when an argument is refused.
 */
COLLALG_INLINE int collalg_ibcast_chain(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                        MPI_Request *request, int segsize)
{
    return collalg__ibcast_pipeline(buffer, count, datatype, root, comm, request, segsize, 1, 0);
}

/**
 * @brief MPI_Bcast_init by the algorithm of collalg_ibcast_chain(): a persistent request whose
 *        every collalg_start() runs that schedule once, reading the buffer then
 *        (core/persistent.h).
 * @copydetails collalg_ibcast_chain()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_bcast_init_chain(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                            MPI_Info info, MPI_Request *request, int segsize)
{
    (void)info;
    return collalg__ibcast_pipeline(buffer, count, datatype, root, comm, request, segsize, 1, 1);
}

#endif /* COLLALG_IBCAST_CHAIN_H */
