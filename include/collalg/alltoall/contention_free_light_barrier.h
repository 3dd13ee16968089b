/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file contention_free_light_barrier.h
 * @ingroup alltoall
 * @brief Alltoall, contention-free phases on the topology tree with a light-weight barrier between
 *        phases (Faraj & Yuan, IPDPS 2005, IEEE TPDS 2007; ICS'05 §3.1, §3.3).
 *
 * @par Phases
 * The phases of contention_free.h: the own block copied locally, then in phase t = 0 .. L - 1
 * this rank sends its block for to[t] and receives the block of from[t] (either may be absent).
 * Between phases t and t + 1 a rank with a message in phase t + 1 sends a zero-byte token to
 * from[t + 1] once its phase-t receive is complete, and waits for the token of to[t + 1] before
 * sending (core/phase_sync.h); a rank idle in phase t + 1 goes on. So a message of phase t + 1
 * reaches only a receiver done with phase t: no node contention, and the phases drift apart only
 * as far as the tokens allow, without a system-wide barrier.
 *
 * @par Trace, two switches (a -> b: a sends its block for b; d ~> s: token from d to s)
 * The example of contention_free.h: description `SwitchName=s0 Nodes=n[0-2]`,
 * `SwitchName=s1 Nodes=n[3-4]`, `SwitchName=top Switches=s[0-1]`; p = 5, rank 0 on n0, 1 on n3,
 * 2 on n1, 3 on n4, 4 on n2; L = 6 phases.
 * @verbatim
   phase 0:  0 -> 1,  1 -> 3,  2 -> 4,  3 -> 2,  4 -> 0
   tokens:   2 ~> 0,  0 ~> 1,  1 ~> 3,  3 ~> 4
   phase 1:  0 -> 2,  1 -> 0,  3 -> 1,  4 -> 3
   tokens:   4 ~> 0,  2 ~> 1,  0 ~> 2,  1 ~> 4
   phase 2:  0 -> 4,  1 -> 2,  2 -> 0,  4 -> 1
   tokens:   3 ~> 0,  0 ~> 3,  2 ~> 4
   phase 3:  0 -> 3,  3 -> 0,  4 -> 2
   tokens:   4 ~> 1,  3 ~> 2
   phase 4:  1 -> 4,  2 -> 3
   tokens:   1 ~> 2,  4 ~> 3
   phase 5:  2 -> 1,  3 -> 4
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8,
 * without a description and one rank per host: one switch, p - 1 phases.
 * @image html alltoall_contention_free_light_barrier_p6.svg
 * @image html alltoall_contention_free_light_barrier_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = sendcount * size of sendtype bytes per pair and L phases (the bound
 * max over links |A| |B|, p - 1 on one switch; beta the time per byte of one link):
 * L (alpha + n beta) + (L - 1) delta_l + kappa_s + kappa_l, with no link shared by two messages
 * of one phase (a token costs a message of zero bytes, delta_l, and goes only between the two
 * ranks of a message of the next phase). The first call on a communicator adds the topology's and
 * the schedule's construction (contention_free.h).
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0. Without a description the schedule is
 * that of the node level (ranks grouped by host, the hosts on one switch). A bad description, a
 * host missing in it, or ranks disagreeing on it give MPI_ERR_ARG on every rank before any data
 * moves; a schedule that cannot be built for want of memory, MPI_ERR_NO_MEM on every rank.
 *
 * @par Memory
 * As contention_free.h: no scratch, except p * recvcount elements of recvtype for MPI_IN_PLACE;
 * cached with the communicator, the topology and this rank's schedule, 4 (p - 1) ints (496 bytes
 * at p = 32, 16 KiB at p = 1024).
 *
 * @par References
 * A. Faraj, X. Yuan, "Message Scheduling for All-to-All Personalized Communication on Ethernet
 * Switched Clusters", IPDPS 2005; A. Faraj, P. Patarasuk, X. Yuan, IEEE TPDS 18(2), 2007
 * (synchronisation between phases: light-weight pairwise, MPI barrier); A. Faraj, X. Yuan,
 * ICS'05, §3.1 (the same choices for the ring and pair families; cost model) and §3.3 step 2.
 */
#ifndef COLLALG_ALLTOALL_CONTENTION_FREE_LIGHT_BARRIER_H
#define COLLALG_ALLTOALL_CONTENTION_FREE_LIGHT_BARRIER_H

#include "../family/alltoall_topology.h"

/**
 * @brief MPI_Alltoall by the topology's contention-free phases with a light-weight barrier between them.
 *
 * @alltoall_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); MPI_ERR_ARG on every rank, receive buffer untouched, when the
 *         description of `COLLALG_TOPOLOGY` is malformed or unreadable, lacks a host of @p comm,
 *         or differs between ranks (one line on rank 0's stderr); MPI_ERR_NO_MEM when
 *         in-place staging, the topology or (on every rank) the schedule cannot be allocated; or
 *         the class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoall_contention_free_light_barrier(const void *sendbuf, int sendcount,
                                                                  MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                                                  MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__alltoall_contention_free(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                                COLLALG_SYNC_LIGHT, 0);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_CONTENTION_FREE_LIGHT_BARRIER_H */
