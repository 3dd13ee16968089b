/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file contention_free.h
 * @ingroup alltoall
 * @brief Alltoall, contention-free phases on the topology tree (Faraj & Yuan, "Message
 *        scheduling for all-to-all personalized communication on Ethernet switched clusters",
 *        IPDPS 2005, IEEE TPDS 2007; ICS'05 §3.3, step 2), without synchronisation.
 *
 * @par Phases
 * The communicator's topology (machine/topology_comm.h: an attached description, else the file of
 * `COLLALG_TOPOLOGY`, else the node level) is a tree of switches, hosts and ranks. Its schedule
 * (schedule/topology.h, collalg__topo_a2a_phases()) puts each of the p (p - 1) messages
 * s -> d in one of L phases so that in each phase every rank sends at most one message, receives
 * at most one, and no directed link of the tree carries two. L = max over links of |A| |B| (A, B
 * the ranks on the link's two sides), the lower bound: the busiest link must carry |A| |B|
 * messages one after another; L = p - 1 on one switch. The own block is copied locally first;
 * then in phase t = 0 .. L - 1 this rank sends its block for to[t] and receives the block of
 * from[t] in one send-receive (either may be absent: ranks away from the busiest link idle in some phases,
 * and skip them). Nothing keeps the phases in step (the variants contention_free_light_barrier.h,
 * contention_free_mpi_barrier.h and contention_free_n_mpi_barriers.h do). The first call on a
 * communicator computes the topology and the schedule and caches this rank's part of it.
 *
 * @par Trace, two switches (a -> b: a sends its block for b)
 * Description `SwitchName=s0 Nodes=n[0-2]`, `SwitchName=s1 Nodes=n[3-4]`,
 * `SwitchName=top Switches=s[0-1]`; p = 5, ranks round-robin over the switches: rank 0 on n0,
 * 1 on n3, 2 on n1, 3 on n4, 4 on n2 (s0 holds ranks 0, 2, 4; s1 ranks 1, 3). The link between
 * s0 and top carries 3 * 2 = 6 messages each way, so L = 6; each phase crosses it at most once
 * each way (e.g. phase 0: 0 -> 1 up, 3 -> 2 down), the other messages stay inside a switch.
 * @verbatim
   phase 0:  0 -> 1,  1 -> 3,  2 -> 4,  3 -> 2,  4 -> 0
   phase 1:  0 -> 2,  1 -> 0,  3 -> 1,  4 -> 3
   phase 2:  0 -> 4,  1 -> 2,  2 -> 0,  4 -> 1
   phase 3:  0 -> 3,  3 -> 0,  4 -> 2
   phase 4:  1 -> 4,  2 -> 3
   phase 5:  2 -> 1,  3 -> 4
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8,
 * without a description and one rank per host: one switch, p - 1 phases.
 * @image html alltoall_contention_free_p6.svg
 * @image html alltoall_contention_free_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n = sendcount * size of sendtype bytes per pair and L phases (the bound
 * max over links |A| |B|, p - 1 on one switch; beta the time per byte of one link):
 * L (alpha + n beta) + (L - 1) theta + kappa_n + kappa_s + kappa_l, with no link shared by two
 * messages of one phase; nothing keeps the phases in step, so the contention terms remain. The
 * first call on a communicator adds the topology's (allgather of p * MPI_MAX_PROCESSOR_NAME
 * bytes, allreduce of 40 bytes, the parse of the description), the schedule's construction (O(p^2)
 * on one switch and the test platforms (a), (b), (c), see schedule/topology.h) and an allreduce of an int.
 *
 * @par Restrictions
 * None: any p >= 1, any datatypes, MPI_IN_PLACE, count 0. Without a description the schedule is
 * that of the node level (ranks grouped by host, the hosts on one switch). A bad description, a
 * host missing in it, or ranks disagreeing on it give MPI_ERR_ARG on every rank before any data
 * moves; a schedule that cannot be built for want of memory, MPI_ERR_NO_MEM on every rank.
 *
 * @par Memory
 * No scratch, except p * recvcount elements of recvtype when sendbuf is MPI_IN_PLACE. Cached
 * with the communicator until it is freed: the topology (machine/topology_comm.h; rank tree, 2 p ints)
 * and this rank's schedule, 4 (p - 1) ints (496 bytes at p = 32, 16 KiB at p = 1024); the first
 * call also holds the p^2-int phase table while it builds them (4 MiB at p = 1024).
 *
 * @par References
 * A. Faraj, X. Yuan, "Message Scheduling for All-to-All Personalized Communication on Ethernet
 * Switched Clusters", IPDPS 2005; A. Faraj, P. Patarasuk, X. Yuan, "A Message Scheduling Scheme
 * for All-to-All Personalized Communication on Ethernet Switched Clusters", IEEE TPDS 18(2), 2007;
 * A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication Routines",
 * ICS'05, §3.3 (step 2: routines generated from the topology).
 */
#ifndef COLLALG_ALLTOALL_CONTENTION_FREE_H
#define COLLALG_ALLTOALL_CONTENTION_FREE_H

#include "../family/alltoall_topology.h"

/**
 * @brief MPI_Alltoall by the topology's contention-free phases, without synchronisation.
 *
 * @alltoall_args
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for bad
 *         arguments (core/args.h); MPI_ERR_ARG on every rank, receive buffer untouched, when the
 *         description of `COLLALG_TOPOLOGY` is malformed or unreadable, lacks a host of @p comm,
 *         or differs between ranks (one line on rank 0's stderr); MPI_ERR_NO_MEM when in-place
 *         staging, the topology or (on every rank) the schedule cannot be allocated; or the class
 *         of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_alltoall_contention_free(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                    void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    collalg__ctx c;
    int err = collalg__alltoall_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, comm);
    if (err == MPI_SUCCESS)
        err = collalg__alltoall_contention_free(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                                                COLLALG_SYNC_NONE, 0);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_ALLTOALL_CONTENTION_FREE_H */
