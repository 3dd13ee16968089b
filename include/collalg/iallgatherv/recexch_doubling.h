/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file iallgatherv/recexch_doubling.h
 * @ingroup nonblocking
 * @brief MPI_Iallgatherv, recursive exchange of radix k with distance doubling (MPICH's
 *        iallgatherv tsp_recexch_doubling): the steps of collalg_iallgather_recexch_doubling()
 *        on blocks of any size at any displacement.
 *
 * @par Phases
 * With k clamped to p, pofk = the largest power of k <= p ranks take part (the survivors); the
 * p ranks are cut into pofk runs of 1 .. k consecutive ranks, the first rank of each (its
 * leader) a survivor (collalg__recmult, schedule/kradix.h). The blocks are worked on back to
 * back in rank order, so that the blocks of a run of consecutive ranks are one piece: in the
 * receive buffer itself when its non-empty blocks lie so (displs[b] = displs[0] +
 * recvcounts[0] + ... + recvcounts[b - 1]), else in a scratch vector of sum(recvcounts)
 * elements.
 * 1. A member sends its block to its leader, which places it (and its own) in the vector.
 * 2. Steps t = 0 .. log_k pofk - 1 (span k^t): the survivors that differ in base-k digit t only
 *    form a group of k; each sends the blocks it holds (the runs of its aligned k^t survivors)
 *    to the k - 1 others, one message, and receives theirs.
 * 3. The leader sends the whole vector to each member.
 * 4. From the scratch vector only: every rank copies each block to its place.
 * Empty messages (zero counts) are left out: every rank knows every count.
 *
 * @par Trace, p = 5, radix 2, recvcounts {2, 0, 1, 1, 3} (held blocks, message sizes)
 * @verbatim
   pofk = 4, runs [0 1] [2] [3] [4]: survivors 0, 2, 3, 4
   phase 1:          1 -> 0 left out (0 elements)
   step 0 (span 1):  0 <-> 2 (2 | 1), 3 <-> 4 (1 | 3)     0, 2: 0-2   3, 4: 3-4
   step 1 (span 2):  0 <-> 3, 2 <-> 4 (3 | 4)             all: 0-4
   phase 3:          0 -> 1 (7 elements)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html iallgatherv_recexch_doubling_p6.svg
 * @image html iallgatherv_recexch_doubling_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n = sum(recvcounts) elements. As
 * collalg_iallgather_recexch_doubling() for equal blocks: log_k pofk alpha (overlapped) +
 * n (pofk - 1) / pofk beta, and 2 alpha + up to (k - 1) n beta more when p is not a power of k;
 * irregular blocks: a step lasts as long as its heaviest group. Blocks not back to back in rank
 * order add two local copies of about n elements (the own block in, all blocks out).
 *
 * @par Restrictions
 * None: any p >= 1, zero counts, any displacements; MPI_IN_PLACE as the send buffer; the radix
 * must be the same on every rank.
 *
 * @par Memory
 * sum(recvcounts) elements of the receive datatype when the blocks do not lie back to back in
 * rank order, none otherwise; plus the operation (about 60 bytes per step, at most
 * 2 (k - 1) (log_k pofk + 1) + p, and 300 bytes), until the request completes.
 *
 * @par References
 * R. Thakur, R. Rabenseifner, W. Gropp, "Optimization of Collective Communication Operations in
 * MPICH", IJHPCA 19(1), 2005 (recursive doubling allgather); M. Ruefenacht, M. Bull, S. Booth,
 * "Generalisation of recursive doubling for allreduce: Now with simulation", Parallel Computing
 * 69, 2017 (groups of k); MPICH src/mpi/coll/iallgatherv (tsp_recexch).
 */
#ifndef COLLALG_IALLGATHERV_RECEXCH_DOUBLING_H
#define COLLALG_IALLGATHERV_RECEXCH_DOUBLING_H

#include "../core/persistent.h"
#include "../schedule/recexch.h"

/**
 * @def COLLALG_IALLGATHERV_RECEXCH_RADIX_DEFAULT
 * @brief The radix radix 0 selects in collalg_iallgatherv_recexch_doubling() and
 *        collalg_iallgatherv_recexch_halving(): 2, as MPICH's
 *        `MPIR_CVAR_IALLGATHERV_RECEXCH_KVAL`. Define it before the include to change it.
 */
#ifndef COLLALG_IALLGATHERV_RECEXCH_RADIX_DEFAULT
#define COLLALG_IALLGATHERV_RECEXCH_RADIX_DEFAULT 2
#endif

/** @brief The start of collalg_iallgatherv_recexch_doubling() (@p halving 0) and
 *         collalg_iallgatherv_recexch_halving() (1), nonblocking (@p persistent 0) or persistent
 *         (1): checks (the radix too), schedule, buffers, then collalg__nbc_launch(). */
COLLALG_INLINE int collalg__iallgatherv_recexch(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                void *recvbuf, const int recvcounts[], const int displs[],
                                                MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request, int radix,
                                                int halving, int persistent)
{
    collalg__ctx c;
    collalg__nbc *op = NULL;
    int inplace = sendbuf == MPI_IN_PLACE, p, rank;
    int k = radix ? radix : COLLALG_IALLGATHERV_RECEXCH_RADIX_DEFAULT;
    int err =
        collalg__allgatherv_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcounts, displs, recvtype, comm);
    err = collalg__nbc_enter(&c, err, request, &p, &rank);
    if (err == MPI_SUCCESS && (radix < 0 || radix == 1))
        err = MPI_ERR_ARG;
    COLLALG__NBC_BUILD(err, op, collalg__iallgatherv_recexch_steps,
                       (rank, p, sendcount, 0, recvcounts, displs, inplace, k, halving));
    if (err == MPI_SUCCESS)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, recvbuf, recvtype);
    if (err == MPI_SUCCESS && !inplace)
        err = collalg__nbc_buffer(op, COLLALG_BUF_SEND, sendbuf, sendtype);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/**
 * @brief MPI_Iallgatherv by recursive exchange of radix k, spans 1, k, k^2, ...
 * @param sendbuf    @p sendcount elements of @p sendtype, or MPI_IN_PLACE (the own block is then
 *                   already at @p displs[rank] of @p recvbuf)
 * @param sendcount  elements this rank contributes (>= 0)
 * @param sendtype   committed datatype of @p sendbuf
 * @param recvbuf    block b is @p recvcounts[b] elements of @p recvtype at element @p displs[b]
 * @param recvcounts p counts (>= 0); read during the call only
 * @param displs     p displacements, in elements of @p recvtype; read during the call only
 * @param recvtype   committed datatype of @p recvbuf
 * @param comm       intracommunicator
 * @param request    out: the request (see core/nbc.h for who advances it)
 * @param radix      k >= 2, the size of the exchange groups; 0 selects
 *                   COLLALG_IALLGATHERV_RECEXCH_RADIX_DEFAULT (2); a radix above p acts as p;
 *                   the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_ARG for NULL arrays, a negative radix or radix 1
 *         (nothing is sent); MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER for a bad (buffer,
 *         count, type) or aliased buffers; MPI_ERR_REQUEST when @p request is NULL;
 *         MPI_ERR_NO_MEM; or the error class of a failing MPI call while starting.
 */
COLLALG_INLINE int collalg_iallgatherv_recexch_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                        void *recvbuf, const int recvcounts[], const int displs[],
                                                        MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request,
                                                        int radix)
{
    return collalg__iallgatherv_recexch(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                        request, radix, 0, 0);
}

/**
 * @brief MPI_Allgatherv_init by the algorithm of collalg_iallgatherv_recexch_doubling(): a
 *        persistent request whose every collalg_start() runs that schedule once, reading the
 *        buffers then (core/persistent.h); the counts and displacements are read at the init.
 * @copydetails collalg_iallgatherv_recexch_doubling()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_allgatherv_init_recexch_doubling(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                                            void *recvbuf, const int recvcounts[], const int displs[],
                                                            MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info,
                                                            MPI_Request *request, int radix)
{
    (void)info;
    return collalg__iallgatherv_recexch(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm,
                                        request, radix, 0, 1);
}

#endif /* COLLALG_IALLGATHERV_RECEXCH_DOUBLING_H */
