/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file binomial.h
 * @ingroup gatherv
 * @brief Gatherv, binomial tree with aggregated messages; the subtree sizes first travel up the
 *        tree (after Träff, "Practical, distributed, low overhead algorithms for irregular gather
 *        and scatter collectives", EuroMPI 2017 / Parallel Computing 2018).
 *
 * @par Who knows what
 * Only the root knows every block's size (recvcounts); rank r knows only its own,
 * sendcount * size(sendtype) bytes. An interior rank of the tree must forward its whole subtree
 * in one message, so it must learn the byte size of each child's subtree before it can size its
 * scratch buffer and place each child's bytes. It learns them in a first round of small
 * messages up the tree (one 8-byte count per tree edge, except the edges into the root, which
 * computes its children's sizes from recvcounts): ceil(lg p) - 1 rounds of latency. The sizes
 * travel first rather than with the data (where a parent would have to probe every child's
 * message before it could allocate), so that the scratch buffer is allocated once, before any
 * data arrives, and each child's bytes are received straight to their place: no probe, no
 * staging buffer per child.
 *
 * @par Phases
 * Ranks are relative to the root, relrank = (rank - root) mod p, on the binomial tree of
 * schedule/common.h: the children of relrank are relrank + 2^k below its lowest set bit, and its
 * subtree is the relranks [relrank, relrank + lowbit) (clipped to p). Blocks are counted in bytes
 * of the type signature, so the ranks may use different datatypes with the same signature.
 * 1. Sizes: every non-root rank receives from each child, smallest subtree first, the byte size
 *    of the child's subtree, adds its own block's, and sends the sum to its parent unless the
 *    parent is the root.
 * 2. Data: every non-root rank packs its own block (MPI_Pack, memcpy for a type without gaps) at
 *    the start of a scratch buffer of its subtree's size, receives each child's subtree right
 *    after it (children in increasing relrank), and sends the whole buffer to its parent in one
 *    message (none when it is empty). Invariant: the scratch buffer of relrank holds the packed
 *    blocks of relranks relrank, relrank + 1, ... in that order, back to back. The root copies
 *    its own block into recvbuf (nothing with MPI_IN_PLACE), then receives each child's subtree
 *    into one scratch buffer and unpacks its blocks to their displacements in recvbuf; the gaps
 *    are never written.
 *
 * @par Trace, p = 6, root 0 (a -> b: a sends to b; [..] the relranks whose blocks travel)
 * @verbatim
   sizes:    3 -> 2 (n3),  5 -> 4 (n5)           (1, 2, 4 are the root's children: no sizes)
   data r1:  1 -> 0 [1],   3 -> 2 [3],  5 -> 4 [5]
   data r2:  2 -> 0 [2 3], 4 -> 0 [4 5]          (the root receives 1, then 2, then 4)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html gatherv_binomial_p6.svg
 * @image html gatherv_binomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n_j = recvcounts[j] * size of recvtype bytes in rank j's block, N = sum n_j:
 * sizes (ceil(lg p) - 1) alpha (8-byte messages), data ceil(lg p) alpha + (N - n_root) beta at
 * the root, whose link receives every non-root block once; a rank at depth d forwards the bytes
 * of its subtree. Local copies (packing each block once at its owner, unpacking at the root) are
 * not counted. Against the linear algorithm: ceil(lg p) instead of p - 1 messages at the root,
 * for 2 ceil(lg p) - 1 latencies on the critical path and each byte sent up to lg p times.
 *
 * @par Restrictions
 * None: any p >= 1, any root, counts 0 on any rank (a subtree of zero bytes sends no data),
 * any displacements (out of rank order, with gaps), MPI_IN_PLACE at the root, send types that
 * differ from the root's receive type with the same signature. A homogeneous system (packed data
 * is the bare signature; otherwise MPI_ERR_TYPE), as the splitting broadcasts assume.
 *
 * @par Memory
 * A non-root rank: the bytes of its subtree's blocks (a leaf: its own block, packed). The root:
 * the bytes of its largest child's subtree (at most N - n_root). Plus 8 bytes per child on the
 * stack.
 *
 * @par References
 * J. L. Träff, "Practical, distributed, low overhead algorithms for irregular gather and scatter
 * collectives", Parallel Computing, 2018 (EuroMPI 2017): irregular gather on a tree where only
 * the root knows all block sizes and the others learn their subtrees' sizes at low cost. MPICH
 * src/mpi/coll/gather/gather_intra_binomial.c (the regular binomial gather with aggregated
 * subtree messages).
 */
#ifndef COLLALG_GATHERV_BINOMIAL_H
#define COLLALG_GATHERV_BINOMIAL_H

#include "../family/gatherv.h"

/** @brief Most children of one rank in a binomial tree (ceil(lg p) <= 31 for an int p). */
#define COLLALG_GATHERV_MAX_CHILDREN 32

/**
 * @brief Phase 1 at a non-root rank: receives each child's subtree size (bytes) into
 *        @p csz[k] (k-th child, relrank + 2^k) and sends own + sum to the parent unless the parent
 *        is the root. *total receives that sum. @return MPI error code.
 */
COLLALG_INLINE int collalg__gatherv_binomial_sizes(const collalg__ctx *c, MPI_Aint own, int root, long long *csz,
                                                   MPI_Aint *total)
{
    int p = c->size, rel = collalg__relrank(c->rank, root, p), mask = collalg__binomial_mask(rel, p), m, k = 0;
    int parent = collalg__binomial_parent(rel), err = MPI_SUCCESS;
    long long sum = (long long)own;

    for (m = 1; m < mask && rel + m < p && err == MPI_SUCCESS; m *= 2, k++) {
        err = COLLALG_MPI(Recv)(&csz[k], 1, MPI_LONG_LONG, collalg__gatherv_abs(rel + m, root, p), COLLALG_TAG_DATA,
                                c->pcomm, MPI_STATUS_IGNORE);
        sum += csz[k];
    }
    *total = (MPI_Aint)sum;
    if (err == MPI_SUCCESS && parent != 0)
        err = COLLALG_MPI(Send)(&sum, 1, MPI_LONG_LONG, collalg__gatherv_abs(parent, root, p), COLLALG_TAG_DATA,
                                c->pcomm);
    return err;
}

/**
 * @brief Phase 2 at a non-root rank: packs the own block, receives the children's subtrees
 *        behind it, sends the whole subtree to the parent. @return MPI_SUCCESS, MPI_ERR_NO_MEM,
 *        MPI_ERR_TYPE (see collalg__gatherv_pack), or the MPI error code.
 */
COLLALG_INLINE int collalg__gatherv_binomial_forward(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                     MPI_Datatype sendtype, const collalg__typeinfo *st, int root,
                                                     const long long *csz, MPI_Aint total)
{
    int p = c->size, rel = collalg__relrank(c->rank, root, p), mask = collalg__binomial_mask(rel, p), m, k = 0;
    MPI_Aint off = collalg__gatherv_bytes(sendcount, st->size);
    void *buf = NULL;
    int err = collalg__scratch(c, total, &buf);

    if (err == MPI_SUCCESS)
        err = collalg__gatherv_pack(c, sendbuf, sendcount, sendtype, st, (char *)buf);
    for (m = 1; m < mask && rel + m < p && err == MPI_SUCCESS; m *= 2, k++) {
        err =
            collalg__gatherv_recv_bytes(c, (char *)buf + off, (MPI_Aint)csz[k], collalg__gatherv_abs(rel + m, root, p));
        off += (MPI_Aint)csz[k];
    }
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_send_bytes(c, (const char *)buf, total,
                                          collalg__gatherv_abs(collalg__binomial_parent(rel), root, p));
    return err;
}

/**
 * @brief The root: its own block into place, then each child's subtree received into one
 *        scratch buffer and unpacked block by block to displs[] of @p recvbuf.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, or the MPI error code.
 */
COLLALG_INLINE int collalg__gatherv_binomial_root(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                  MPI_Datatype sendtype, void *recvbuf, const int *recvcounts,
                                                  const int *displs, MPI_Datatype recvtype, int root)
{
    collalg__typeinfo rt;
    MPI_Aint pos, bytes;
    void *buf = NULL;
    int p = c->size, m, j, sub, src, err = collalg__typeinfo_get(recvtype, &rt);

    if (err == MPI_SUCCESS)
        err = collalg__copy(sendbuf, sendcount, sendtype, collalg__at(recvbuf, displs[root], rt.extent),
                            recvcounts[root], recvtype, c->pcomm);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, collalg__gatherv_child_max(recvcounts, rt.size, root, p), &buf);
    for (m = 1; m < p && err == MPI_SUCCESS; m = m > p / 2 ? p : 2 * m) {
        sub = collalg__binomial_subtree(m, p);
        bytes = collalg__gatherv_range(recvcounts, rt.size, m, sub, root, p);
        err = collalg__gatherv_recv_bytes(c, (char *)buf, bytes, collalg__gatherv_abs(m, root, p));
        for (j = m, pos = 0; j < m + sub && err == MPI_SUCCESS; j++) {
            src = collalg__gatherv_abs(j, root, p);
            err = collalg__gatherv_unpack(c, (char *)buf + pos, collalg__at(recvbuf, displs[src], rt.extent),
                                          recvcounts[src], recvtype, &rt);
            pos += collalg__gatherv_bytes(recvcounts[src], rt.size);
        }
    }
    return err;
}

/** @brief A non-root rank's two phases. @return as collalg__gatherv_binomial_forward(). */
COLLALG_INLINE int collalg__gatherv_binomial_nonroot(collalg__ctx *c, const void *sendbuf, int sendcount,
                                                     MPI_Datatype sendtype, int root)
{
    collalg__typeinfo st;
    long long csz[COLLALG_GATHERV_MAX_CHILDREN];
    MPI_Aint total = 0;
    int err = collalg__typeinfo_get(sendtype, &st);

    if (err == MPI_SUCCESS)
        err = collalg__gatherv_binomial_sizes(c, collalg__gatherv_bytes(sendcount, st.size), root, csz, &total);
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_binomial_forward(c, sendbuf, sendcount, sendtype, &st, root, csz, total);
    return err;
}

/**
 * @brief MPI_Gatherv by a binomial tree with aggregated messages (subtree sizes first).
 *
 * @param[in] sendbuf this rank's block, @p sendcount elements of @p sendtype; at the root it may
 *            be MPI_IN_PLACE, then the root's block is already in place as block root of
 *            @p recvbuf and @p sendcount, @p sendtype are ignored.
 * @param[in] sendcount the number of elements of @p sendtype in this rank's block, >= 0.
 * @param[in] sendtype the datatype of the send buffer's elements (any committed datatype).
 * @param[out] recvbuf (root only) the receive buffer: block r, recvcounts[r] elements of
 *             @p recvtype at element displacement displs[r], receives rank r's block; blocks may
 *             lie in any order with gaps, which are left untouched. Not read elsewhere.
 * @param[in] recvcounts (root only) p counts, >= 0; the signature of recvcounts[r] elements of
 *            @p recvtype must equal that of rank r's send block. Not read elsewhere (may be NULL).
 * @param[in] displs (root only) p displacements in extents of @p recvtype. Not read elsewhere.
 * @param[in] recvtype (root only) the datatype of the receive buffer's elements. Not read
 *            elsewhere (may be MPI_DATATYPE_NULL).
 * @param[in] root the rank that gathers, in [0, p).
 * @param[in] comm the intra-communicator (the messages travel on its private duplicate).
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ROOT (root outside [0, p)), MPI_ERR_COUNT,
 *         MPI_ERR_TYPE, MPI_ERR_BUFFER (also MPI_IN_PLACE at a non-root, or aliased buffers at the
 *         root), MPI_ERR_ARG (NULL recvcounts or displs at the root) for bad arguments
 *         (family/gatherv.h); MPI_ERR_NO_MEM when a scratch buffer cannot be allocated;
 *         MPI_ERR_TYPE when packed data is not the bare type signature (a heterogeneous system);
 *         or the class of an error raised by an MPI call. Errors go through @p comm's error
 *         handler.
 */
COLLALG_INLINE int collalg_gatherv_binomial(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                            const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                                            MPI_Comm comm)
{
    collalg__ctx c;
    int err =
        collalg__gatherv_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
    if (err == MPI_SUCCESS && c.rank == root)
        err = collalg__gatherv_binomial_root(&c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype,
                                             root);
    else if (err == MPI_SUCCESS)
        err = collalg__gatherv_binomial_nonroot(&c, sendbuf, sendcount, sendtype, root);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_GATHERV_BINOMIAL_H */
