/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file bine.h
 * @ingroup scatter
 * @brief Scatter, Bine tree (De Sensi et al., SC 2025): the Bine broadcast tree, each rank
 *        forwarding only its subtree's blocks, one run of a tree order; the largest messages go
 *        |rho| = 1, 1, 3, 5, ... ranks instead of the binomial tree's 2^r.
 *
 * @par Phases
 * Ranks are taken relative to the root, v = (rank - root) mod p; the tree and the tree order of
 * the blocks are schedule/bine.h's (as for collalg_gather_bine(): the core offsets from lo_k up,
 * each extra right after its parent; every subtree one run, the node inside it).
 * 1. The root copies its own block and sends each child, in the broadcast's order (largest
 *    subtree first: distance halving; the extra last), that child's run in one message: straight
 *    from sendbuf when the run is consecutive ranks there (a gap-free send type, no extra in
 *    between, no wrap-around past rank p - 1), else packed into scratch first.
 * 2. Every other rank receives its run from its parent into scratch, sends each child's part of
 *    it in the same order, and unpacks its own block. A leaf with a gap-free type receives in
 *    place.
 * Blocks travel as bytes of the type signature, so every rank may pass its own datatype.
 *
 * @par Trace, p = 6, root 0 (tree order of ranks 4 2 5 3 0 1; a -> b [ranks sent])
 * @verbatim
   round 0:  0 -> 5 [4 2 5 3]   (packed at the root: not consecutive ranks)
   round 1:  0 -> 1 [1],  5 -> 4 [4 2]
   round 2:  4 -> 2 [2],  5 -> 3 [3]
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html scatter_bine_p6.svg
 * @image html scatter_bine_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = recvcount * size of recvtype bytes (one rank's block):
 * ceil(lg p) alpha + (p - 1) n beta (for p = 2^k the root sends runs of p n / 2, p n / 4, ...,
 * n bytes, the round-r one |rho(k - 1 - r)| ranks away), plus local packing of up to p n bytes at
 * the root for a type with gaps, extras, or a wrap-around past rank p - 1.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any datatypes with matching signatures, count 0, MPI_IN_PLACE at the
 * root. A block of more than INT_MAX bytes is scattered by the linear algorithm instead (one
 * MPI_Pack cannot describe it). Packed data must be the bare signature (a homogeneous system:
 * checked, else MPI_ERR_TYPE).
 *
 * @par Memory
 * A rank whose run has s blocks (not a leaf with a gap-free type): s n bytes. The root: the
 * largest child run it cannot send in place, at most p n / 2 bytes.
 *
 * @par References
 * D. De Sensi, S. Pasqualoni, L. Piarulli, T. Bonato, S. Kumar, T. Hoefler, "Bine Trees:
 * Enhancing Collective Operations by Optimizing Communication Locality", SC 2025 (arXiv
 * 2508.17311), §3 (Bine trees) and §4 (gather and scatter, the blocks of a subtree contiguous).
 */
#ifndef COLLALG_SCATTER_BINE_H
#define COLLALG_SCATTER_BINE_H

#include "../family/scatter.h"
#include "../gather/bine.h"

/**
 * @brief A non-root rank: its run from the parent, the children's parts passed on, its own block
 *        unpacked (phase 2). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__scatter_bine_node(collalg__ctx *c, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                              const collalg__typeinfo *ti, MPI_Aint bytes, int root)
{
    collalg__bine t = collalg__bine_shape(c->size);
    int v = collalg__relrank(c->rank, root, c->size),
        parent = collalg__gather_abs(collalg__bine_parent(&t, v), root, t.p);
    int i, round, first, n, cf, cn, nc = collalg__bine_nchildren(&t, v), err;
    collalg__blocks bt;
    void *raw = NULL;
    char *buf;

    collalg__bine_subtree(&t, v, &first, &n);
    err = collalg__ctx_blocks(c, (int)bytes, MPI_BYTE, t.p, &bt);
    if (err == MPI_SUCCESS && n == 1 && ti->dense)
        return COLLALG_MPI(Recv)((char *)recvbuf + ti->lb, bt.per_block, bt.type, parent, COLLALG_TAG_DATA, c->pcomm,
                                 MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, (MPI_Aint)n * bytes, &raw);
    buf = (char *)raw;
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Recv)(buf, n * bt.per_block, bt.type, parent, COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    for (i = 0; i < nc && err == MPI_SUCCESS; i++) {
        int child = collalg__bine_child(&t, v, i, &round);
        collalg__bine_subtree(&t, child, &cf, &cn);
        err = COLLALG_MPI(Send)(buf + (MPI_Aint)(cf - first) * bytes, cn * bt.per_block, bt.type,
                                collalg__gather_abs(child, root, t.p), COLLALG_TAG_DATA, c->pcomm);
    }
    if (err == MPI_SUCCESS)
        err = collalg__gather_unpack(c, buf + (MPI_Aint)(collalg__bine_pos(&t, v) - first) * bytes, bytes, recvbuf,
                                     recvcount, recvtype, ti);
    return err;
}

/**
 * @brief The root: each child's run straight from @p sendbuf or packed into scratch (phase 1; the
 *        own block was copied by the caller). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__scatter_bine_root(collalg__ctx *c, const void *sendbuf, int sendcount,
                                              MPI_Datatype sendtype, const collalg__typeinfo *ti, MPI_Aint bytes,
                                              int root)
{
    collalg__bine t = collalg__bine_shape(c->size);
    int i, round, first, n, nc = collalg__bine_nchildren(&t, 0), err;
    collalg__blocks bt;
    void *raw = NULL;
    char *stage;

    err = collalg__ctx_blocks(c, (int)bytes, MPI_BYTE, t.p, &bt);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, (MPI_Aint)collalg__gather_bine_staging(&t, ti, root) * bytes, &raw);
    stage = (char *)raw;
    for (i = 0; i < nc && err == MPI_SUCCESS; i++) {
        int child = collalg__bine_child(&t, 0, i, &round), direct;
        const char *from;
        collalg__bine_subtree(&t, child, &first, &n);
        direct = collalg__gather_bine_direct(&t, ti, first, n, root);
        from = direct ? collalg__at(sendbuf,
                                    (MPI_Aint)collalg__gather_abs(collalg__bine_at(&t, first), root, t.p) * sendcount,
                                    ti->extent) +
                            ti->lb
                      : stage;
        if (!direct)
            err = collalg__gather_bine_place(c, &t, stage, first, n, sendbuf, sendcount, sendtype, ti, bytes, root, 0);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Send)(from, n * bt.per_block, bt.type, collalg__gather_abs(child, root, t.p),
                                    COLLALG_TAG_DATA, c->pcomm);
    }
    return err;
}

/**
 * @brief MPI_Scatter by the Bine tree.
 *
 * @param sendbuf   the root's blocks, p blocks of @p sendcount elements of @p sendtype in rank
 *                  order (significant at the root only)
 * @param sendcount elements of @p sendtype per block (root only)
 * @param sendtype  datatype of the sent elements (root only)
 * @param recvbuf   this rank's block (MPI_IN_PLACE at the root: its block stays in @p sendbuf)
 * @param recvcount elements of @p recvtype in the block
 * @param recvtype  datatype of the block's elements
 * @param root      rank that scatters, 0 <= root < p
 * @param comm      intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER (also
 *         MPI_IN_PLACE at a non-root, or aliased buffers at the root), MPI_ERR_ROOT for bad
 *         arguments (family/scatter.h); MPI_ERR_NO_MEM when scratch cannot be allocated;
 *         MPI_ERR_TYPE when packed data is not the bare signature; or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_scatter_bine(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                        int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__typeinfo ti;
    MPI_Aint bytes = 0;
    int is_root = 0,
        err = collalg__scatter_enter(&c, sendbuf, sendcount, sendtype, &recvbuf, &recvcount, &recvtype, root, comm);
    if (err == MPI_SUCCESS) {
        is_root = c.rank == root;
        err = collalg__gather_block(is_root ? sendcount : recvcount, is_root ? sendtype : recvtype, &ti, &bytes);
    }
    if (err == MPI_SUCCESS && bytes > (MPI_Aint)INT_MAX)
        err =
            collalg__scatter_linear_phase(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, c.size);
    else if (err == MPI_SUCCESS && !is_root && bytes > 0)
        err = collalg__scatter_bine_node(&c, recvbuf, recvcount, recvtype, &ti, bytes, root);
    else if (err == MPI_SUCCESS && is_root) {
        err = collalg__scatter_own(&c, sendbuf, sendcount, sendtype, ti.extent, recvbuf, recvcount, recvtype, root);
        if (err == MPI_SUCCESS && bytes > 0 && c.size > 1)
            err = collalg__scatter_bine_root(&c, sendbuf, sendcount, sendtype, &ti, bytes, root);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_SCATTER_BINE_H */
