/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ibcast/smp.h
 * @ingroup nonblocking
 * @brief MPI_Ibcast, node-aware and segmented (MPICH's ibcast sched_smp; the hierarchical HAN
 *        scheme of Luo et al. with the leaders' and the nodes' phases overlapped): root to its
 *        node's leader, a binomial tree among the leaders, a binomial tree inside each node, run
 *        segment by segment by the nonblocking executor (core/nbc.h).
 *
 * @par Phases
 * Nodes are machine/node.h's (shared memory, or `COLLALG_NODE_SIZE` / `COLLALG_NODE_ROUNDROBIN`
 * for tests); the leader of a node is its lowest rank. The whole schedule is written in the
 * communicator's ranks (collalg__ibcast_smp_steps()), so it runs on the one private communicator.
 * The buffer is cut into s segments. For each segment: (1) the root sends it to its node's leader
 * when it is not that leader; (2) a binomial tree over the leaders, node indices relative to the
 * root's node, carries it to every leader; (3) a binomial tree over the node ranks of each node,
 * rooted at the leader, carries it to every member (in the root's node the root receives nothing:
 * its parent skips it, and it sends to its own children). Each rank posts the receives of all
 * segments at once; its leader-tree sends and its node-tree sends form two chains, each send after
 * the previous one of its chain and after its segment arrived: the leaders send segment i while
 * the nodes pass on segment i - 1. One segment (segsize at least the message) is MPICH's plain
 * smp broadcast.
 *
 * @par Trace, p = 6, nodes {0,1,2} {3,4,5}, root 4, 2 segments (a -s-> b: segment s)
 * @verbatim
   step 1:  4 -0-> 3                               root to its leader
   step 2:  3 -0-> 0,  3 -0-> 5,  4 -1-> 3         leaders' tree, node tree; segment 1 follows
   step 3:  3 -1-> 0,  3 -1-> 5,  0 -0-> 2
   step 4:  0 -0-> 1                               (0's node-tree sends form one chain)
   step 5:  0 -1-> 2
   step 6:  0 -1-> 1
   @endverbatim
 *
 * @par Segments
 * A segment is `segsize` bytes rounded down to whole elements of the datatype (at least one
 * element), as for collalg_ibcast_chain(). segsize 0 cuts the message into
 * #COLLALG_IBCAST_SMP_SEGMENTS segments of at least #COLLALG_IBCAST_SMP_SEGSIZE_MIN bytes: every
 * segment costs each leader ceil(lg N) + ceil(lg q) message latencies, while the gain of segments
 * is only the overlap of the leaders' tree with the node trees, which a few segments give. Under
 * SimGrid on tests/platform/smp/ (4 nodes of 8 ranks, start + wait): 1 MiB in 4 KiB segments
 * 2.67 ms, 64 KiB 1.85, 256 KiB (the default) 1.80, one segment 2.01; 64 KiB in 4 KiB segments
 * 0.178 ms, in one (the default) 0.134.
 *
 * @par Cost
 * Symbols as defined in @ref cost_model; n bytes, N nodes of at most q ranks, s segments:
 * about (1 + ceil(lg N) + ceil(lg q) + s - 1)(alpha + (n / s) beta) when the leaders' sends and
 * the nodes' sends of successive segments overlap (a leader sends ceil(lg N) + ceil(lg q)
 * segments per segment, so its link bounds the pipeline at s (ceil(lg N) + ceil(lg q)) n / s
 * beta); the inter-node part carries n bytes ceil(lg N) times on the longest path.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any node layout (consecutive or not, uneven, one node, one rank per
 * node). The node level is built by the first call on a communicator (collective, cached;
 * machine/node.h), as the private communicator is; the segment size and the node environment
 * must be the same on every rank, and ranks passing different datatypes must pass ones of the
 * same size per element.
 *
 * @par Memory
 * No scratch. The node level (16 p bytes per rank, cached); the operation: about 60 bytes per
 * step (s (2 + ceil(lg N) + ceil(lg q)) steps at most) plus 300 bytes.
 *
 * @par References
 * MPICH, src/mpi/coll/ibcast (sched_smp: root to leader, leaders' broadcast, node broadcast);
 * X. Luo, W. Wu, G. Bosilca, Y. Pei, Q. Cao, T. Patinyasakdikul, D. Zhong, J. Dongarra, "HAN: a
 * Hierarchical AutotuNed Collective Communication Framework", IEEE Cluster 2020 (segments whose
 * inter-node and intra-node phases overlap).
 */
#ifndef COLLALG_IBCAST_SMP_H
#define COLLALG_IBCAST_SMP_H

#include "chain.h"
#include "../schedule/icoll_smp.h"
#include "../machine/node.h"

#ifndef COLLALG_IBCAST_SMP_SEGMENTS
/** @brief Segments of collalg_ibcast_smp() when segsize is 0 (each at least
 *         #COLLALG_IBCAST_SMP_SEGSIZE_MIN bytes). */
#define COLLALG_IBCAST_SMP_SEGMENTS 4
#endif
#ifndef COLLALG_IBCAST_SMP_SEGSIZE_MIN
/** @brief The smallest default segment of collalg_ibcast_smp(), in bytes. */
#define COLLALG_IBCAST_SMP_SEGSIZE_MIN 65536
#endif

/** @brief The start of collalg_ibcast_smp() (@p persistent 0) and of collalg_bcast_init_smp()
 *         (1): checks, node level, segment size, schedule, buffers, then collalg__nbc_launch(). */
COLLALG_INLINE int collalg__ibcast_smp(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                       MPI_Request *request, int segsize, int persistent)
{
    collalg__ctx c; /* for the checks of the blocking broadcasts */
    collalg__nbc *op = NULL;
    const collalg__node *nd = NULL;
    collalg__smp_layout nl = {1, NULL, NULL, NULL};
    int p, rank, seg = 1,
                 err = collalg__ibcast_seg_enter(&c, buffer, count, datatype, root, comm, request,
                                                 segsize ? segsize : COLLALG_IBCAST_SMP_SEGSIZE_MIN, &p, &rank, &seg);
    if (err == MPI_SUCCESS && segsize == 0) { /* the default: a quarter of the message, or more */
        int share = count / COLLALG_IBCAST_SMP_SEGMENTS + (count % COLLALG_IBCAST_SMP_SEGMENTS != 0);
        seg = share > seg ? share : seg;
    }
    if (err == MPI_SUCCESS)
        err = collalg__node_get(&c, &nd);
    if (err == MPI_SUCCESS) {
        nl.nnodes = nd->nnodes;
        nl.node_of = nd->node_of;
        nl.first = nd->first;
        nl.members = nd->members;
    }
    COLLALG__NBC_BUILD(err, op, collalg__ibcast_smp_steps, (rank, p, root, count, seg, &nl));
    if (err == MPI_SUCCESS)
        err = collalg__nbc_buffer(op, COLLALG_BUF_RECV, buffer, datatype);
    return collalg__nbc_launch(op, err, &c, request, persistent);
}

/**
 * @brief MPI_Ibcast, node-aware: root to its leader, binomial tree among the node leaders,
 *        binomial tree inside each node, in segments whose phases overlap.
 * @param buffer   count elements of @p datatype: the data at @p root, where it lands elsewhere
 * @param count    number of elements (>= 0)
 * @param datatype committed datatype
 * @param root     rank of the root in @p comm
 * @param comm     intracommunicator
 * @param request  out: the request (see core/nbc.h for who advances it)
 * @param segsize  bytes per segment, rounded down to whole elements (at least one); 0 selects
 *                 #COLLALG_IBCAST_SMP_SEGMENTS segments of at least
 *                 #COLLALG_IBCAST_SMP_SEGSIZE_MIN bytes (65536); the same on every rank
 * @return MPI_SUCCESS; MPI_ERR_COMM; MPI_ERR_COUNT when @p count < 0; MPI_ERR_TYPE for an
 *         invalid datatype; MPI_ERR_BUFFER for a NULL buffer with count > 0; MPI_ERR_ROOT when
 *         @p root is outside [0, p); MPI_ERR_ARG when @p segsize < 0; MPI_ERR_REQUEST when
 *         @p request is NULL; MPI_ERR_NO_MEM; or the error class of a failing MPI call while
 *         starting (the node level's, on the first call). Nothing is sent when an argument is
 *         refused.
 */
COLLALG_INLINE int collalg_ibcast_smp(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                      MPI_Request *request, int segsize)
{
    return collalg__ibcast_smp(buffer, count, datatype, root, comm, request, segsize, 0);
}

/**
 * @brief MPI_Bcast_init by the algorithm of collalg_ibcast_smp(): a persistent request whose
 *        every collalg_start() runs that schedule once, reading the buffer then
 *        (core/persistent.h). The node level is built here, not at the starts.
 * @copydetails collalg_ibcast_smp()
 * @param info     ignored (the algorithm reads no info key); MPI_INFO_NULL is fine
 * @return besides, the error code of MPI_Comm_dup / MPI_Recv_init; the request returned is
 *         persistent and inactive until collalg_start(), and nothing is sent before.
 */
COLLALG_INLINE int collalg_bcast_init_smp(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                          MPI_Info info, MPI_Request *request, int segsize)
{
    (void)info;
    return collalg__ibcast_smp(buffer, count, datatype, root, comm, request, segsize, 1);
}

#endif /* COLLALG_IBCAST_SMP_H */
