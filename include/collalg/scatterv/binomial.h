/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file binomial.h
 * @ingroup scatterv
 * @brief Scatterv, binomial tree with aggregated messages; each subtree's block sizes travel
 *        down with its data (after Träff, "Practical, distributed, low overhead algorithms for
 *        irregular gather and scatter collectives", EuroMPI 2017 / Parallel Computing 2018).
 *
 * @par Who knows what
 * Only the root knows every block's size (sendcounts); rank r knows only its own,
 * recvcount * size(recvtype) bytes. An interior rank forwards to each child the blocks of the
 * child's subtree, so it must learn the byte size of every block of its own subtree. The root
 * sends each child, before the data, an array of the byte sizes of the blocks of the child's
 * subtree (8 bytes per rank of it; a leaf knows its size and gets none); the child forwards the
 * slices of that array to its own children. Learning costs one extra message per tree edge into
 * an interior rank: ceil(lg p) alpha more on the critical path and 8 (p - 1) bytes more at the root.
 *
 * @par Phases
 * Ranks are relative to the root, relrank = (rank - root) mod p, on the binomial tree of
 * schedule/common.h: the children of relrank are relrank + 2^k below its lowest set bit, and its
 * subtree is the relranks [relrank, relrank + lowbit) (clipped to p). Blocks are counted in bytes
 * of the type signature, so the ranks may use different datatypes with the same signature.
 * 1. The root copies its own block into recvbuf (nothing with MPI_IN_PLACE). For each child,
 *    largest subtree first, it sends the sizes array of the child's subtree (unless the child is
 *    a leaf), packs the blocks of the child's subtree in relrank order into one scratch buffer
 *    (MPI_Pack, memcpy for a type without gaps) and sends it in one message (none when empty).
 * 2. A non-root rank receives its sizes array (a leaf: its own size), then the packed blocks of
 *    its subtree into a scratch buffer of their total size, sends each child, largest subtree
 *    first, its slice of the sizes and of the bytes, and last unpacks its own block (the first
 *    bytes of the buffer) into recvbuf. Invariant: the buffer of relrank holds the packed blocks
 *    of relranks relrank, relrank + 1, ... in that order, back to back, so a child's subtree is
 *    one contiguous slice.
 *
 * @par Trace, p = 6, root 0 (a -> b: a sends to b; [..] the relranks whose blocks travel)
 * @verbatim
   round 1:  0 -> 4 sizes (n4 n5), [4 5]
   round 2:  0 -> 2 sizes (n2 n3), [2 3];  4 -> 5 [5]
   round 3:  0 -> 1 [1];                   2 -> 3 [3]      (leaves get no sizes)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html scatterv_binomial_p6.svg
 * @image html scatterv_binomial_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes, n_j = sendcounts[j] * size of sendtype bytes in rank j's block, N = sum n_j:
 * 2 ceil(lg p) alpha + (N - n_root + 8 (p - 1)) beta at the root, whose link sends every non-root
 * block once; a rank forwards the bytes of its subtree. Local copies (packing at the root,
 * unpacking each block once at its owner) are not counted. Against the linear algorithm:
 * ceil(lg p) instead of p - 1 messages from the root, each byte sent up to lg p times.
 *
 * @par Restrictions
 * None: any p >= 1, any root, counts 0 on any rank (a subtree of zero bytes gets no data), any
 * displacements (they are only read: out of rank order, with gaps, overlapping), MPI_IN_PLACE at
 * the root, receive types that differ from the root's send type with the same signature. A
 * homogeneous system (packed data is the bare signature; otherwise MPI_ERR_TYPE), as the
 * splitting broadcasts assume.
 *
 * @par Memory
 * The root: 8 p bytes of sizes and the bytes of its largest child's subtree (at most N - n_root).
 * A non-root rank: 8 bytes per rank of its subtree (none for a leaf) and the bytes of its
 * subtree's blocks.
 *
 * @par References
 * J. L. Träff, "Practical, distributed, low overhead algorithms for irregular gather and scatter
 * collectives", Parallel Computing, 2018 (EuroMPI 2017): irregular scatter on a tree where only
 * the root knows all block sizes and passes each subtree's sizes down with its data. MPICH
 * src/mpi/coll/scatter/scatter_intra_binomial.c (the regular binomial scatter with aggregated
 * subtree messages).
 */
#ifndef COLLALG_SCATTERV_BINOMIAL_H
#define COLLALG_SCATTERV_BINOMIAL_H

#include "../family/scatterv.h"

/** @brief Sum of @p n sizes (bytes) @p cnt[0 .. n). */
COLLALG_INLINE MPI_Aint collalg__scatterv_binomial_sum(const long long *cnt, int n)
{
    MPI_Aint sum = 0;
    int i;
    for (i = 0; i < n; i++)
        sum += (MPI_Aint)cnt[i];
    return sum;
}

/**
 * @brief Sends the child of relative rank @p crel its subtree: the sizes @p ccnt[0 .. sub) of
 *        the blocks of relranks crel .. crel + sub - 1 unless the child is a leaf (sub = 1), then
 *        their packed bytes at @p bytes (none when there are none). @return MPI error code.
 */
COLLALG_INLINE int collalg__scatterv_binomial_send(const collalg__ctx *c, int crel, int root, const long long *ccnt,
                                                   const char *bytes)
{
    int p = c->size, sub = collalg__binomial_subtree(crel, p), child = collalg__gatherv_abs(crel, root, p);
    int err = MPI_SUCCESS;
    if (sub > 1)
        err = COLLALG_MPI(Send)(ccnt, sub, MPI_LONG_LONG, child, COLLALG_TAG_DATA, c->pcomm);
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_send_bytes(c, bytes, collalg__scatterv_binomial_sum(ccnt, sub), child);
    return err;
}

/**
 * @brief The root: its own block into recvbuf, the sizes of every block (relrank order), then
 *        each child, largest subtree first, its sizes and its subtree's blocks packed into one
 *        scratch buffer. @return MPI_SUCCESS, MPI_ERR_NO_MEM, MPI_ERR_TYPE (see
 *        collalg__gatherv_pack), or the MPI error code.
 */
COLLALG_INLINE int collalg__scatterv_binomial_root(collalg__ctx *c, const void *sendbuf, const int *sendcounts,
                                                   const int *displs, MPI_Datatype sendtype, void *recvbuf,
                                                   int recvcount, MPI_Datatype recvtype, int root)
{
    collalg__typeinfo st;
    long long *cnt = NULL;
    void *raw = NULL, *buf = NULL;
    MPI_Aint pos;
    int p = c->size, m, j, dst, err = collalg__typeinfo_get(sendtype, &st);

    if (err == MPI_SUCCESS)
        err = collalg__copy(collalg__at(sendbuf, displs[root], st.extent), sendcounts[root], sendtype, recvbuf,
                            recvcount, recvtype, c->pcomm);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, (MPI_Aint)sizeof(long long) * p, &raw);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, collalg__gatherv_child_max(sendcounts, st.size, root, p), &buf);
    cnt = (long long *)raw;
    for (j = 0; j < p && err == MPI_SUCCESS; j++)
        cnt[j] = (long long)collalg__gatherv_bytes(sendcounts[collalg__gatherv_abs(j, root, p)], st.size);
    for (m = collalg__binomial_mask(0, p) / 2; m >= 1 && err == MPI_SUCCESS; m /= 2) {
        for (j = m, pos = 0; j < m + collalg__binomial_subtree(m, p) && err == MPI_SUCCESS; j++) {
            dst = collalg__gatherv_abs(j, root, p);
            err = collalg__gatherv_pack(c, collalg__at(sendbuf, displs[dst], st.extent), sendcounts[dst], sendtype, &st,
                                        (char *)buf + pos);
            pos += (MPI_Aint)cnt[j];
        }
        if (err == MPI_SUCCESS)
            err = collalg__scatterv_binomial_send(c, m, root, cnt + m, (const char *)buf);
    }
    return err;
}

/**
 * @brief A non-root rank: receives its sizes (a leaf: its own size) and its subtree's bytes,
 *        forwards each child's slices, largest subtree first, and unpacks its own block last.
 * @return MPI_SUCCESS, MPI_ERR_NO_MEM, MPI_ERR_TRUNCATE (the root's count for this rank is not
 *         recvcount's size in bytes), or the MPI error code.
 */
COLLALG_INLINE int collalg__scatterv_binomial_nonroot(collalg__ctx *c, void *recvbuf, int recvcount,
                                                      MPI_Datatype recvtype, int root)
{
    collalg__typeinfo rt;
    long long own = 0, *cnt = &own;
    void *raw = NULL, *buf = NULL;
    int p = c->size, rel = collalg__relrank(c->rank, root, p), sub = collalg__binomial_subtree(rel, p), m;
    int parent = collalg__gatherv_abs(collalg__binomial_parent(rel), root, p),
        err = collalg__typeinfo_get(recvtype, &rt);

    own = (long long)collalg__gatherv_bytes(recvcount, rt.size);
    if (err == MPI_SUCCESS && sub > 1) {
        err = collalg__scratch(c, (MPI_Aint)sizeof(long long) * sub, &raw);
        cnt = (long long *)raw;
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Recv)(cnt, sub, MPI_LONG_LONG, parent, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    }
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, collalg__scatterv_binomial_sum(cnt, sub), &buf);
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_recv_bytes(c, (char *)buf, collalg__scatterv_binomial_sum(cnt, sub), parent);
    for (m = collalg__binomial_mask(rel, p) / 2; m >= 1 && err == MPI_SUCCESS; m /= 2)
        if (rel + m < p)
            err = collalg__scatterv_binomial_send(c, rel + m, root, cnt + m,
                                                  (const char *)buf + collalg__scatterv_binomial_sum(cnt, m));
    if (err == MPI_SUCCESS && cnt[0] != own)
        err = MPI_ERR_TRUNCATE;
    if (err == MPI_SUCCESS)
        err = collalg__gatherv_unpack(c, (const char *)buf, recvbuf, recvcount, recvtype, &rt);
    return err;
}

/**
 * @brief MPI_Scatterv by a binomial tree with aggregated messages (subtree sizes with the data).
 *
 * @param[in] sendbuf (root only) the send buffer: block r, sendcounts[r] elements of @p sendtype
 *            at element displacement displs[r], goes to rank r; blocks may lie in any order.
 *            Not read elsewhere.
 * @param[in] sendcounts (root only) p counts, >= 0; the signature of sendcounts[r] elements of
 *            @p sendtype must equal that of rank r's receive block. Not read elsewhere (may be
 *            NULL).
 * @param[in] displs (root only) p displacements in extents of @p sendtype. Not read elsewhere.
 * @param[in] sendtype (root only) the datatype of the send buffer's elements. Not read elsewhere
 *            (may be MPI_DATATYPE_NULL).
 * @param[out] recvbuf this rank's block, @p recvcount elements of @p recvtype (gaps left
 *             untouched); at the root it may be MPI_IN_PLACE, then the root's block stays in
 *             @p sendbuf and @p recvcount, @p recvtype are ignored.
 * @param[in] recvcount the number of elements of @p recvtype in this rank's block, >= 0.
 * @param[in] recvtype the datatype of the receive buffer's elements (any committed datatype).
 * @param[in] root the rank that scatters, in [0, p).
 * @param[in] comm the intra-communicator (the messages travel on its private duplicate).
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_ROOT (root outside [0, p)), MPI_ERR_COUNT,
 *         MPI_ERR_TYPE, MPI_ERR_BUFFER (also MPI_IN_PLACE at a non-root, or aliased buffers at the
 *         root), MPI_ERR_ARG (NULL sendcounts or displs at the root) for bad arguments
 *         (family/scatterv.h); MPI_ERR_NO_MEM when a scratch buffer cannot be allocated;
 *         MPI_ERR_TYPE when packed data is not the bare type signature (a heterogeneous system);
 *         MPI_ERR_TRUNCATE when the root's block for this rank has another size in bytes than
 *         recvcount elements of recvtype (mismatched signatures); or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_scatterv_binomial(const void *sendbuf, const int sendcounts[], const int displs[],
                                             MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                             int root, MPI_Comm comm)
{
    collalg__ctx c;
    int err =
        collalg__scatterv_enter(&c, sendbuf, sendcounts, displs, sendtype, &recvbuf, &recvcount, &recvtype, root, comm);
    if (err == MPI_SUCCESS && c.rank == root)
        err = collalg__scatterv_binomial_root(&c, sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype,
                                              root);
    else if (err == MPI_SUCCESS)
        err = collalg__scatterv_binomial_nonroot(&c, recvbuf, recvcount, recvtype, root);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_SCATTERV_BINOMIAL_H */
