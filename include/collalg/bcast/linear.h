/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file linear.h
 * @ingroup bcast
 * @brief Bcast, linear algorithm ("sequential" in Vadhiyar et al., listed in Imamura's slides
 *        "Collective Communication": Broadcast - Seq.).
 *
 * @par Phases
 * One phase: the root posts a non-blocking send of the whole message to every other rank, in
 * the order root+1, root+2, ... (mod p), and waits for all of them; every other rank receives
 * the message from the root.
 *
 * @par Trace, p = 3, root 1
 * @verbatim
   1 -> 2, 1 -> 0   (both posted at once; the root's link serialises them)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html bcast_linear_p6.svg
 * @image html bcast_linear_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = count * size of datatype bytes: (p - 1)(alpha + n beta) at the root.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any datatype; the ranks may pass different datatypes with the
 * same signature (e.g. 2n MPI_INT at the root, n pairs of ints elsewhere).
 *
 * @par Memory
 * p - 1 MPI_Request at the root, none elsewhere.
 *
 * @par References
 * T. Imamura, "Automatic Tuning for Collective Communication Operations" (slides), "Collective
 * Communication" table (Broadcast: Seq.), after Vadhiyar, Fagg, Dongarra (2004).
 */
#ifndef COLLALG_BCAST_LINEAR_H
#define COLLALG_BCAST_LINEAR_H

#include "../family/bcast.h"

/** @brief The root's sends (or a receive from the root) of the linear bcast. @return MPI error code. */
COLLALG_INLINE int collalg__bcast_linear_phase(collalg__ctx *c, void *buffer, int count, MPI_Datatype datatype,
                                               int root)
{
    MPI_Request *req;
    void *raw;
    int i, err;

    if (c->size == 1 || count == 0)
        return MPI_SUCCESS;
    if (c->rank != root)
        return COLLALG_MPI(Recv)(buffer, count, datatype, root, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    err = collalg__scratch(c, (MPI_Aint)sizeof(MPI_Request) * (c->size - 1), &raw);
    req = (MPI_Request *)raw;
    for (i = 0; i < c->size - 1 && err == MPI_SUCCESS; i++)
        req[i] = MPI_REQUEST_NULL;
    for (i = 1; i < c->size && err == MPI_SUCCESS; i++)
        err = COLLALG_MPI(Isend)(buffer, count, datatype, collalg__bcast_abs(i, root, c->size), COLLALG_TAG_DATA,
                                 c->pcomm, &req[i - 1]);
    if (err == MPI_SUCCESS)
        err = collalg__waitall(c->size - 1, req);
    return err;
}

/**
 * @brief MPI_Bcast by the linear algorithm: the root sends the message to every rank.
 *
 * @bcast_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT
 *         for bad arguments (core/args.h); MPI_ERR_NO_MEM when the root's requests cannot be
 *         allocated; or the class of an error raised by an MPI call. Errors go through @p comm's
 *         error handler.
 */
COLLALG_INLINE int collalg_bcast_linear(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__bcast_linear_phase(&c, buffer, count, datatype, root);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_LINEAR_H */
