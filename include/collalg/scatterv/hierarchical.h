/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file hierarchical.h
 * @ingroup scatterv
 * @brief Scatterv in two levels, as Open MPI's han scatterv: the sizes of a node's blocks gathered
 *        at one member per node first, then the root's blocks reordered into node order, a linear
 *        scatterv of the node runs to the members and a linear scatterv inside every node.
 *
 * @par Levels
 * As gather/hierarchical.h: node i holds the ranks members[first[i] .. first[i+1] - 1] (any
 * placement); its *member* is the root in the root's node, the node's lowest rank elsewhere; the
 * other ranks are *local* ranks.
 *
 * @par What every rank must know
 * Only the root knows the counts (sendbuf, sendcounts, displs and sendtype are not read
 * elsewhere); rank r knows its own block, b_r = recvcount * size(recvtype) bytes of the type
 * signature. A member other than the root must know the b_r of its node to cut its run, so it
 * learns them from its local ranks (8 bytes each) while the root prepares the data; the root
 * knows every b_r from sendcounts, so the local ranks of the root's node send no size and no size
 * crosses a node boundary: q - 1 messages of 8 bytes inside each other node, alpha_intra each,
 * and nothing at the root (the alternative, the root sending each member its node's sizes, would
 * put N - 1 more messages on the root's link).
 *
 * @par Phases
 * Blocks travel as bytes of the signature (family/gatherv.h: a gap-free type in place, any other
 * packed; messages cut at INT_MAX bytes). A block of 0 bytes is not sent.
 * 1. Sizes: every local rank of a node other than the root's sends b_r to its member, which
 *    receives them in node-rank order and computes the offsets of its run.
 * 2. Reorder: the root packs every block but its own from displs[r] of sendbuf into its stage,
 *    in node order (position k: rank members[k]); its own block is copied to recvbuf (nothing in
 *    place).
 * 3. Inter-node scatterv (linear): the root sends each other node's run (the sum of its b_r) to
 *    the node's member in one message, and each local rank of its own node its block; one wait.
 * 4. Node scatterv (linear): every other member receives its run, sends each local rank its block
 *    (posted together) and unpacks its own; a local rank receives its block straight into recvbuf
 *    (a gap-free type) or into scratch and unpacks it.
 *
 * @par Trace, p = 6 round-robin on 2 nodes {0, 2, 4} and {1, 3, 5}, root 3
 * @verbatim
   phase 1:   2 -> 0 (b_2), 4 -> 0 (b_4)
   phase 2:   3 packs ranks 0, 2, 4 | 1, 5 into its stage; copies its own block
   phase 3:   3 -> 0 run [0 2 4];   3 -> 1, 3 -> 5
   phase 4:   0 -> 2, 0 -> 4;  0 unpacks its own block
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html scatterv_hierarchical_p6.svg
 * @image html scatterv_hierarchical_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model. With N nodes of at most q ranks, n the total of all
 * blocks in bytes and n_i the total of node i: phase 1 (q - 1) alpha_intra at a member (overlaps
 * phase 2); phase 2 n bytes of local packing at the root; phase 3 (N + q - 2) alpha +
 * (n - b_root) beta at the root (the root-link bound), N - 1 messages crossing its node link
 * instead of p - q; phase 4 (q - 1) alpha_intra + n_i beta_intra at node i's member.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any placement of ranks on nodes, any counts (0 on some or all
 * ranks), displacements in any order with gaps, any datatypes with matching signatures,
 * MPI_IN_PLACE at the root. Packed data must be the bare signature (a homogeneous system:
 * checked, else MPI_ERR_TYPE).
 *
 * @par Memory
 * The root: the stage, the sum of all blocks but its own in bytes, p + 1 MPI_Aint offsets and a
 * request per message it sends. Another member: its run (n_i bytes), q + 1 offsets and its
 * requests. A local rank: b_r bytes when its receive type has gaps. The node level
 * (machine/node.h) is kept with the communicator.
 *
 * @par References
 * Open MPI ompi/mca/coll/han/coll_han_scatterv.c (the node leaders learn their node's sizes by a
 * low gather before the data, the root's local peers send none; Open MPI falls back to another
 * component unless every node holds the same number of ranks, consecutive: here any
 * placement); X. Luo et al., "HAN: a Hierarchical AutotuNed Collective Communication
 * Framework", IEEE CLUSTER 2020, §III.
 */
#ifndef COLLALG_SCATTERV_HIERARCHICAL_H
#define COLLALG_SCATTERV_HIERARCHICAL_H

#include "../family/scatterv.h"
#include "../gatherv/hierarchical.h"

/** @brief A local rank: its size to its member (unless that is the root), then its block. */
COLLALG_INLINE int collalg__scatterv_hier_local(collalg__ctx *c, const collalg__gatherv_hier *h, void *recvbuf,
                                                int recvcount, MPI_Datatype recvtype)
{
    long long b = (long long)h->own;
    void *raw = NULL;
    int err = MPI_SUCCESS;
    if (h->member != h->root)
        err = COLLALG_MPI(Send)(&b, 1, MPI_LONG_LONG, h->member, COLLALG_TAG_DATA, c->pcomm);
    if (err != MPI_SUCCESS || h->own == 0)
        return err;
    if (h->ti.dense)
        return collalg__gatherv_recv_bytes(c, (char *)recvbuf + h->ti.lb, h->own, h->member);
    err = collalg__scratch(c, h->own, &raw);
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_recv_bytes(c, (char *)raw, h->own, h->member);
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_unpack(c, (const char *)raw, recvbuf, recvcount, recvtype, &h->ti);
    return err;
}

/** @brief A member other than the root: phase 1, its run, then phase 4. @return MPI error code. */
COLLALG_INLINE int collalg__scatterv_hier_leader(collalg__ctx *c, const collalg__gatherv_hier *h, void *recvbuf,
                                                 int recvcount, MPI_Datatype recvtype)
{
    MPI_Aint *off = NULL;
    void *raw = NULL;
    int err = collalg__gatherv_hier_sizes(c, h, &off);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, off[h->nd->node_size], &raw);
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_recv_bytes(c, (char *)raw, off[h->nd->node_size], h->root);
    if (err == MPI_SUCCESS)
        err =
            collalg__gatherv_unpack(c, (const char *)raw + off[h->nd->node_rank], recvbuf, recvcount, recvtype, &h->ti);
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_hier_exchange(c, h, (char *)raw, off, 1, 0);
    return err;
}

/** @brief The root: phase 2, then phase 3. @return MPI error code. */
COLLALG_INLINE int collalg__scatterv_hier_root(collalg__ctx *c, const collalg__gatherv_hier *h, const void *sendbuf,
                                               const int *sendcounts, const int *displs, MPI_Datatype sendtype)
{
    MPI_Aint *off = NULL;
    void *raw = NULL;
    int k, r, err = collalg__gatherv_hier_root_offsets(c, h, sendcounts, &off);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, off[h->nd->p], &raw);
    for (k = 0; k < h->nd->p && err == MPI_SUCCESS; k++) {
        r = h->nd->members[k];
        if (r != h->root)
            err = collalg__gatherv_pack(c, collalg__at(sendbuf, displs[r], h->ti.extent), sendcounts[r], sendtype,
                                        &h->ti, (char *)raw + off[k]);
    }
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_hier_exchange(c, h, (char *)raw, off, 1, 1);
    return err;
}

/**
 * @brief MPI_Scatterv in two levels: the sizes of each node's blocks learnt by its member, a
 *        scatterv of the node runs from the root to one member per node, a scatterv inside every
 *        node.
 *
 * @param sendbuf    the root's send buffer (significant at the root only)
 * @param sendcounts elements of @p sendtype for each rank (p entries; root only)
 * @param displs     element displacement of each rank's block in @p sendbuf (p entries; root only)
 * @param sendtype   datatype of the sent elements (root only)
 * @param recvbuf    this rank's block (MPI_IN_PLACE at the root: its block stays in @p sendbuf)
 * @param recvcount  elements of @p recvtype in the block
 * @param recvtype   datatype of the block's elements
 * @param root       rank that scatters, 0 <= root < p
 * @param comm       intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER (also
 *         MPI_IN_PLACE at a non-root, or aliased buffers at the root), MPI_ERR_ARG (NULL
 *         @p sendcounts or @p displs at the root), MPI_ERR_ROOT for bad arguments
 *         (family/scatterv.h); MPI_ERR_NO_MEM when the node level (on every rank), the stage, a
 *         run, the offsets or the requests (on the rank that cannot allocate them) cannot be
 *         allocated; MPI_ERR_TYPE when packed data is not the bare signature; or the class of an
 *         error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_scatterv_hierarchical(const void *sendbuf, const int sendcounts[], const int displs[],
                                                 MPI_Datatype sendtype, void *recvbuf, int recvcount,
                                                 MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__gatherv_hier h;
    int err =
        collalg__scatterv_enter(&c, sendbuf, sendcounts, displs, sendtype, &recvbuf, &recvcount, &recvtype, root, comm);
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_hier_begin(&c, &h, recvcount, recvtype, root);
    if (err == MPI_SUCCESS && c.rank == root) {
        collalg__typeinfo st;
        err = collalg__typeinfo_get(sendtype, &st);
        if (err == MPI_SUCCESS)
            err = collalg__copy(collalg__at(sendbuf, displs[root], st.extent), sendcounts[root], sendtype, recvbuf,
                                recvcount, recvtype, c.pcomm);
        h.ti = st;
        if (err == MPI_SUCCESS)
            err = collalg__scatterv_hier_root(&c, &h, sendbuf, sendcounts, displs, sendtype);
    } else if (err == MPI_SUCCESS)
        err = h.member == c.rank ? collalg__scatterv_hier_leader(&c, &h, recvbuf, recvcount, recvtype)
                                 : collalg__scatterv_hier_local(&c, &h, recvbuf, recvcount, recvtype);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_SCATTERV_HIERARCHICAL_H */
