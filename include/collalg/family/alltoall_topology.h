/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/family/alltoall_topology.h
 * @brief The phases of the contention-free alltoall family (alltoall/contention_free*.h): the
 *        topology's contention-free phase schedule (machine/topology_comm.h,
 *        schedule/topology.h) run with one of the synchronisations of core/phase_sync.h.
 */
#ifndef COLLALG_FAMILY_ALLTOALL_TOPOLOGY_H
#define COLLALG_FAMILY_ALLTOALL_TOPOLOGY_H

#include "alltoall.h"
#include "../machine/topology_comm.h"

/** @brief The peer of the next event of a sorted (phase, peer) list @p ev of @p m events at
 *         cursor @p k when it falls in phase @p t, else MPI_PROC_NULL. */
COLLALG_INLINE int collalg__alltoall_topo_peer(const int *ev, int m, int k, int t)
{
    return k < m && ev[2 * k] == t ? ev[2 * k + 1] : MPI_PROC_NULL;
}

/**
 * @brief The contention-free alltoall: the own block copied locally, then phases t = 0 .. L-1 of
 *        the communicator's schedule (L = its number of phases), in each of which this rank sends
 *        its block for to[t] and receives the block of from[t] in one send-receive (either may be
 *        absent; a phase where this rank has neither is skipped), with the synchronisation
 *        @p kind between phases t and t + 1:
 *        - COLLALG_SYNC_NONE: none;
 *        - COLLALG_SYNC_LIGHT: a zero-byte token to from[t + 1] and one awaited from to[t + 1]
 *          (skipped when the rank is idle in phase t + 1);
 *        - COLLALG_SYNC_MPI: an MPI barrier (all L - 1 of them, idle phases included);
 *        - COLLALG_SYNC_NMPI: @p nbarriers MPI barriers spread evenly over the L - 1 gaps
 *          (collalg__nbarriers_resolve(): 0 = default, max(1, (L - 1) / 2)).
 * @return MPI_SUCCESS; MPI_ERR_ARG (on every rank, before any data moves) for a bad topology
 *         description or, with COLLALG_SYNC_NMPI, @p nbarriers < 0 or > L - 1 (L >= 2);
 *         MPI_ERR_NO_MEM (on every rank) when the schedule cannot be computed; or the MPI error
 *         code.
 */
COLLALG_INLINE int collalg__alltoall_contention_free(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                     MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                                     MPI_Datatype recvtype, enum collalg__sync_kind kind, int nbarriers)
{
    const collalg__topo_comm *t = NULL;
    collalg__phase_sync sync;
    MPI_Aint sext, rext, lb;
    const int *sends, *recvs;
    int err, n = 0, L, ph, si = 0, ri = 0, m = c->size - 1;

    if (kind == COLLALG_SYNC_NMPI && nbarriers < 0)
        return MPI_ERR_ARG;
    err = collalg__topo_comm_a2a(c, &t);
    if (err != MPI_SUCCESS)
        return err;
    L = t->a2a_nphases;
    if (kind == COLLALG_SYNC_NMPI)
        err = collalg__nbarriers_resolve(nbarriers, L, &n);
    err = collalg__first(err, COLLALG_MPI(Type_get_extent)(sendtype, &lb, &sext));
    err = collalg__first(err, COLLALG_MPI(Type_get_extent)(recvtype, &lb, &rext));
    if (err == MPI_SUCCESS)
        err = collalg__alltoall_self_copy(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
    collalg__phase_sync_init(&sync, kind, L, n);
    sends = t->a2a;
    recvs = t->a2a ? t->a2a + 2 * m : NULL;
    for (ph = 0; ph < L && err == MPI_SUCCESS; ph++) {
        int to = collalg__alltoall_topo_peer(sends, m, si, ph), from = collalg__alltoall_topo_peer(recvs, m, ri, ph);
        if (to != MPI_PROC_NULL || from != MPI_PROC_NULL)
            err = COLLALG_MPI(Sendrecv)(
                to != MPI_PROC_NULL ? collalg__alltoall_block(sendbuf, to, sendcount, sext) : sendbuf, sendcount,
                sendtype, to, COLLALG_TAG_DATA,
                from != MPI_PROC_NULL ? collalg__alltoall_block(recvbuf, from, recvcount, rext) : recvbuf, recvcount,
                recvtype, from, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
        si += to != MPI_PROC_NULL;
        ri += from != MPI_PROC_NULL;
        if (err == MPI_SUCCESS && ph + 1 < L && kind != COLLALG_SYNC_NONE) {
            int next_to = collalg__alltoall_topo_peer(sends, m, si, ph + 1);
            int next_from = collalg__alltoall_topo_peer(recvs, m, ri, ph + 1);
            if (kind != COLLALG_SYNC_LIGHT || next_to != MPI_PROC_NULL || next_from != MPI_PROC_NULL)
                err = collalg__phase_sync_between(&sync, ph, c->pcomm, next_from, next_to);
        }
    }
    return err;
}

#endif /* COLLALG_FAMILY_ALLTOALL_TOPOLOGY_H */
