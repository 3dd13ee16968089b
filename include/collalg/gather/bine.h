/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file bine.h
 * @ingroup gather
 * @brief Gather, Bine tree (De Sensi et al., SC 2025): the Bine broadcast tree walked from the
 *        leaves to the root, every subtree's blocks one run of a tree order, the largest
 *        messages |rho| = 1, 1, 3, 5, ... ranks from their receiver.
 *
 * @par Phases
 * Ranks are taken relative to the root, v = (rank - root) mod p; the tree and the tree order of
 * the blocks are schedule/bine.h's: the binomial tree on the negabinary labels of the q = 2^k
 * core ranks at offsets [lo_k, hi_k] from the root, the p - q extra ranks (p not a power of two)
 * leaves under the core ranks at offsets lo_k .. lo_k + p - q - 1; the order lists the offsets
 * from lo_k up, each extra right after its parent, and every subtree is one run of it
 * (collalg__bine_subtree(); the node itself sits inside its run, not at its start).
 * 1. Each rank packs its own block into a scratch buffer of its run (at its position), receives
 *    each child's run right into place, in the broadcast's reverse order (the extra first, then
 *    the smallest subtree first: distance doubling), and sends the whole run to its parent in
 *    one message. A leaf with a gap-free type sends in place.
 * 2. The root copies its own block, receives each child's run straight into recvbuf when those
 *    blocks are consecutive ranks there (a gap-free receive type, no extra in between, no
 *    wrap-around past rank p - 1), else into scratch, and unpacks each block to its rank.
 * Blocks travel as bytes of the type signature, so every rank may pass its own datatype.
 *
 * @par Trace, p = 6, root 0 (tree order of ranks 4 2 5 3 0 1; a -> b [ranks sent])
 * @verbatim
   round 0:  2 -> 4 [2],  3 -> 5 [3]
   round 1:  1 -> 0 [1],  4 -> 5 [4 2]
   round 2:  5 -> 0 [4 2 5 3]   (unpacked at the root: not consecutive ranks)
   @endverbatim
 * With p = 8 (order 6 7 0 1 2 3 4 5): 1 -> 0, 6 -> 7, 2 -> 3, 5 -> 4 [1 block each]; 7 -> 0
 * [6 7], 4 -> 3 [4 5]; 3 -> 0 [2 3 4 5]: the 4-block message travels 3 ranks, the binomial
 * gather's 4.
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html gather_bine_p6.svg
 * @image html gather_bine_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With p processes and n = sendcount * size of sendtype bytes (one rank's block):
 * ceil(lg p) alpha + (p - 1) n beta (for p = 2^k the root receives runs of p n / 2, p n / 4,
 * ..., n bytes, the round-r one from |rho(k - 1 - r)| ranks away), plus local packing of up to
 * p n bytes at the root for a type with gaps, extras, or a wrap-around past rank p - 1.
 *
 * @par Restrictions
 * None: any p >= 1, any root, any datatypes with matching signatures, count 0, MPI_IN_PLACE at the
 * root. A block of more than INT_MAX bytes is gathered by the linear algorithm instead (one
 * MPI_Pack cannot describe it). Packed data must be the bare signature (a homogeneous system:
 * checked, else MPI_ERR_TYPE).
 *
 * @par Memory
 * A rank whose run has s blocks (not a leaf with a gap-free type): s n bytes. The root: the
 * largest child run it cannot receive in place, at most p n / 2 bytes.
 *
 * @par References
 * D. De Sensi, S. Pasqualoni, L. Piarulli, T. Bonato, S. Kumar, T. Hoefler, "Bine Trees:
 * Enhancing Collective Operations by Optimizing Communication Locality", SC 2025 (arXiv
 * 2508.17311), §3 (Bine trees) and §4 (gather and scatter, the blocks of a subtree contiguous).
 */
#ifndef COLLALG_GATHER_BINE_H
#define COLLALG_GATHER_BINE_H

#include "../family/gather.h"
#include "../schedule/bine.h"

/**
 * @brief 1 when the @p n blocks at positions [@p first, @p first + n) of the tree order are the
 *        blocks of consecutive ranks, without wrap-around, in the root's buffer of type @p ti.
 */
COLLALG_INLINE int collalg__gather_bine_direct(const collalg__bine *t, const collalg__typeinfo *ti, int first, int n,
                                               int root)
{
    int a = collalg__gather_abs(collalg__bine_at(t, first), root, t->p),
        b = collalg__gather_abs(collalg__bine_at(t, first + n - 1), root, t->p);
    return ti->dense && (t->e == 0 || first >= 2 * t->e) && b == a + n - 1;
}

/**
 * @brief Moves the @p n blocks at positions [@p first, @p first + n) of the tree order between the
 *        byte run @p run and their ranks' places in the root's buffer @p buf (@p count elements of
 *        @p type per block): unpacks when @p to_user (gather), packs otherwise (scatter).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__gather_bine_place(const collalg__ctx *c, const collalg__bine *t, char *run, int first,
                                              int n, const void *buf, int count, MPI_Datatype type,
                                              const collalg__typeinfo *ti, MPI_Aint bytes, int root, int to_user)
{
    int j, err = MPI_SUCCESS;
    for (j = 0; j < n && err == MPI_SUCCESS; j++) {
        int rank = collalg__gather_abs(collalg__bine_at(t, first + j), root, t->p);
        void *block = collalg__at(buf, (MPI_Aint)rank * count, ti->extent);
        if (to_user)
            err = collalg__gather_unpack(c, run + (MPI_Aint)j * bytes, bytes, block, count, type, ti);
        else
            err = collalg__gather_pack(c, block, count, type, ti, run + (MPI_Aint)j * bytes, bytes);
    }
    return err;
}

/**
 * @brief Scratch blocks for the root's child runs that cannot land in (gather) or leave from
 *        (scatter) the root's buffer directly: the largest one. @return the blocks.
 */
COLLALG_INLINE int collalg__gather_bine_staging(const collalg__bine *t, const collalg__typeinfo *ti, int root)
{
    int i, round, first, n, most = 0;
    for (i = 0; i < collalg__bine_nchildren(t, 0); i++) {
        collalg__bine_subtree(t, collalg__bine_child(t, 0, i, &round), &first, &n);
        if (!collalg__gather_bine_direct(t, ti, first, n, root) && n > most)
            most = n;
    }
    return most;
}

/**
 * @brief A non-root rank: its own block and its children's runs into one scratch run, sent to the
 *        parent (phase 1). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__gather_bine_node(collalg__ctx *c, const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                                             const collalg__typeinfo *ti, MPI_Aint bytes, int root)
{
    collalg__bine t = collalg__bine_shape(c->size);
    int v = collalg__relrank(c->rank, root, c->size),
        parent = collalg__gather_abs(collalg__bine_parent(&t, v), root, t.p);
    int i, round, first, n, cf, cn, err;
    collalg__blocks bt;
    void *raw = NULL;
    char *buf;

    collalg__bine_subtree(&t, v, &first, &n);
    err = collalg__ctx_blocks(c, (int)bytes, MPI_BYTE, t.p, &bt);
    if (err == MPI_SUCCESS && n == 1 && ti->dense)
        return COLLALG_MPI(Send)((const char *)sendbuf + ti->lb, bt.per_block, bt.type, parent, COLLALG_TAG_DATA,
                                 c->pcomm);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, (MPI_Aint)n * bytes, &raw);
    buf = (char *)raw;
    if (err == MPI_SUCCESS)
        err = collalg__gather_pack(c, sendbuf, sendcount, sendtype, ti,
                                   buf + (MPI_Aint)(collalg__bine_pos(&t, v) - first) * bytes, bytes);
    for (i = collalg__bine_nchildren(&t, v) - 1; i >= 0 && err == MPI_SUCCESS; i--) {
        int child = collalg__bine_child(&t, v, i, &round);
        collalg__bine_subtree(&t, child, &cf, &cn);
        err = COLLALG_MPI(Recv)(buf + (MPI_Aint)(cf - first) * bytes, cn * bt.per_block, bt.type,
                                collalg__gather_abs(child, root, t.p), COLLALG_TAG_DATA, c->pcomm, MPI_STATUS_IGNORE);
    }
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Send)(buf, n * bt.per_block, bt.type, parent, COLLALG_TAG_DATA, c->pcomm);
    return err;
}

/**
 * @brief The root: each child's run straight into @p recvbuf or through scratch (phase 2; the own
 *        block was copied by the caller). @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__gather_bine_root(collalg__ctx *c, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                                             const collalg__typeinfo *ti, MPI_Aint bytes, int root)
{
    collalg__bine t = collalg__bine_shape(c->size);
    int i, round, first, n, err;
    collalg__blocks bt;
    void *raw = NULL;
    char *stage;

    err = collalg__ctx_blocks(c, (int)bytes, MPI_BYTE, t.p, &bt);
    if (err == MPI_SUCCESS)
        err = collalg__scratch(c, (MPI_Aint)collalg__gather_bine_staging(&t, ti, root) * bytes, &raw);
    stage = (char *)raw;
    for (i = collalg__bine_nchildren(&t, 0) - 1; i >= 0 && err == MPI_SUCCESS; i--) {
        int child = collalg__bine_child(&t, 0, i, &round), direct;
        char *to;
        collalg__bine_subtree(&t, child, &first, &n);
        direct = collalg__gather_bine_direct(&t, ti, first, n, root);
        to = direct ? collalg__at(recvbuf,
                                  (MPI_Aint)collalg__gather_abs(collalg__bine_at(&t, first), root, t.p) * recvcount,
                                  ti->extent) +
                          ti->lb
                    : stage;
        err = COLLALG_MPI(Recv)(to, n * bt.per_block, bt.type, collalg__gather_abs(child, root, t.p), COLLALG_TAG_DATA,
                                c->pcomm, MPI_STATUS_IGNORE);
        if (err == MPI_SUCCESS && !direct)
            err = collalg__gather_bine_place(c, &t, stage, first, n, recvbuf, recvcount, recvtype, ti, bytes, root, 1);
    }
    return err;
}

/**
 * @brief MPI_Gather by the Bine tree.
 *
 * @param sendbuf   this rank's block (MPI_IN_PLACE at the root: its block is already in place in
 *                  @p recvbuf)
 * @param sendcount elements of @p sendtype in the block
 * @param sendtype  datatype of the block's elements
 * @param recvbuf   the root's receive buffer, p blocks of @p recvcount elements of @p recvtype in
 *                  rank order (significant at the root only)
 * @param recvcount elements of @p recvtype per block (root only)
 * @param recvtype  datatype of the received elements (root only)
 * @param root      rank that gathers, 0 <= root < p
 * @param comm      intracommunicator
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER (also
 *         MPI_IN_PLACE at a non-root, or aliased buffers at the root), MPI_ERR_ROOT for bad
 *         arguments (family/gather.h); MPI_ERR_NO_MEM when scratch cannot be allocated;
 *         MPI_ERR_TYPE when packed data is not the bare signature; or the class of an error
 *         raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_gather_bine(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                                       int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    collalg__ctx c;
    collalg__typeinfo ti;
    MPI_Aint bytes = 0;
    int is_root = 0,
        err = collalg__gather_enter(&c, &sendbuf, &sendcount, &sendtype, recvbuf, recvcount, recvtype, root, comm);
    if (err == MPI_SUCCESS) {
        is_root = c.rank == root;
        err = collalg__gather_block(is_root ? recvcount : sendcount, is_root ? recvtype : sendtype, &ti, &bytes);
    }
    if (err == MPI_SUCCESS && bytes > (MPI_Aint)INT_MAX)
        err = collalg__gather_linear_phase(&c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root);
    else if (err == MPI_SUCCESS && !is_root && bytes > 0)
        err = collalg__gather_bine_node(&c, sendbuf, sendcount, sendtype, &ti, bytes, root);
    else if (err == MPI_SUCCESS && is_root) {
        err = collalg__copy(sendbuf, sendcount, sendtype, collalg__at(recvbuf, (MPI_Aint)root * recvcount, ti.extent),
                            recvcount, recvtype, c.pcomm);
        if (err == MPI_SUCCESS && bytes > 0 && c.size > 1)
            err = collalg__gather_bine_root(&c, recvbuf, recvcount, recvtype, &ti, bytes, root);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_GATHER_BINE_H */
