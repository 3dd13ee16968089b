/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/machine/lanes.h
 * @brief The lanes of a communicator (Träff and Hunold's multi-lane decomposition): lane j holds
 *        node rank j of every node, one rank per node in node order, so that the q ranks of a node
 *        can drive q inter-node communications at once. Built once on top of the node level
 *        (machine/node.h) and cached with the private communicator.
 *
 * @par Lanes
 * q is the number of ranks of the smallest node (every node has node ranks 0 .. q-1; with
 * uniform nodes, all of them). Lane j (0 <= j < q) is a communicator of nnodes ranks: node rank j
 * of node 0, of node 1, ..., so its rank i is on node i. A rank whose node rank is q or more (a
 * node larger than the smallest) is in no lane: its `lane` is MPI_COMM_NULL, and the algorithms
 * that use lanes let it contribute and receive through its node.
 *
 * @par Cache
 * Built by the first call that asks for it on a communicator: after the node level, one
 * MPI_Allreduce (every rank agrees that it could allocate) and one MPI_Comm_split on the private
 * communicator; kept as an attribute of the private communicator (core/attr.h), the lane freed with
 * the communicator. q comes from the node level's tables without a message.
 *
 * @par Memory
 * One communicator (on ranks in a lane) and 16 bytes per rank.
 *
 * @par References
 * J. L. Träff, S. Hunold, "Decomposing MPI Collectives for Exploiting Multi-lane Communication",
 * IEEE CLUSTER 2020, §II (the lane decomposition of a regular communicator: a node communicator
 * and a lane communicator per node rank).
 */
#ifndef COLLALG_MACHINE_LANES_H
#define COLLALG_MACHINE_LANES_H

#include "node.h"

/** @brief The lanes of a communicator (see the file comment). */
typedef struct collalg__lanes {
    int q;         /**< lanes: ranks of the smallest node */
    MPI_Comm lane; /**< this rank's lane (node rank < q; rank i is on node i), else MPI_COMM_NULL */
} collalg__lanes;

/** @brief What collalg__lanes_build() needs: the private communicator and its node level. */
typedef struct collalg__lanes_arg {
    MPI_Comm pcomm;          /**< the private communicator */
    const collalg__node *nd; /**< its node level */
} collalg__lanes_arg;

/** @brief Frees @p l and its lane (NULL allowed). */
COLLALG_INLINE void collalg__lanes_free(collalg__lanes *l)
{
    if (!l)
        return;
    if (l->lane != MPI_COMM_NULL)
        COLLALG_MPI(Comm_free)(&l->lane);
    COLLALG_FREE(l);
}

/**
 * @brief Attribute delete callback of the cached lanes.
 * @param comm   the private communicator (unused)
 * @param keyval the keyval (unused)
 * @param attr   the lanes (collalg__lanes *)
 * @param extra  unused
 * @return MPI_SUCCESS.
 */
COLLALG_INLINE int collalg__lanes_delete(MPI_Comm comm, int keyval, void *attr, void *extra)
{
    (void)comm;
    (void)keyval;
    (void)extra;
    collalg__lanes_free((collalg__lanes *)attr);
    return MPI_SUCCESS;
}

/** @brief The ranks of the smallest node of @p nd. */
COLLALG_INLINE int collalg__lanes_q(const collalg__node *nd)
{
    int i, q = nd->first[1] - nd->first[0];
    for (i = 1; i < nd->nnodes; i++)
        if (nd->first[i + 1] - nd->first[i] < q)
            q = nd->first[i + 1] - nd->first[i];
    return q;
}

/**
 * @brief Builds the lanes (collalg__attr_get() builder; @p arg a collalg__lanes_arg): collective
 *        over the private communicator.
 * @return MPI_SUCCESS; MPI_ERR_NO_MEM on every rank when one cannot allocate; or the error code of
 *         an MPI call.
 */
COLLALG_INLINE int collalg__lanes_build(const void *arg, void **out)
{
    const collalg__lanes_arg *a = (const collalg__lanes_arg *)arg;
    collalg__lanes *l = (collalg__lanes *)COLLALG_MALLOC(sizeof *l);
    int nomem = !l, any_nomem = 0, err;
    *out = NULL;
    /* agree first, so that either every rank splits or none does */
    err = COLLALG_MPI(Allreduce)(&nomem, &any_nomem, 1, MPI_INT, MPI_MAX, a->pcomm);
    if (err == MPI_SUCCESS && any_nomem)
        err = MPI_ERR_NO_MEM;
    if (l) {
        l->q = collalg__lanes_q(a->nd);
        l->lane = MPI_COMM_NULL;
    }
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Comm_split)(a->pcomm, a->nd->node_rank < l->q ? a->nd->node_rank : MPI_UNDEFINED, a->nd->node,
                                      &l->lane);
    if (err == MPI_SUCCESS && l->lane != MPI_COMM_NULL)
        err = COLLALG_MPI(Comm_set_errhandler)(l->lane, MPI_ERRORS_RETURN);
    if (err == MPI_SUCCESS)
        *out = l;
    else
        collalg__lanes_free(l);
    return err;
}

/** @brief The kind of the cached lanes (core/attr.h; one per translation unit). */
COLLALG_INLINE collalg__attr_kind *collalg__lanes_attr(void)
{
    static collalg__attr_kind kind = {MPI_KEYVAL_INVALID, collalg__lanes_delete, collalg__lanes_build};
    return &kind;
}

/**
 * @brief The lanes of @p c's communicator, with its node level: built on the first call (collective
 *        over c->pcomm then only) and cached with the private communicator. Callers must not free
 *        either.
 * @return MPI_SUCCESS; MPI_ERR_NO_MEM on every rank when a rank cannot allocate; or the MPI error
 *         code of the calls that build them.
 */
COLLALG_INLINE int collalg__lanes_get(collalg__ctx *c, const collalg__node **nd, const collalg__lanes **out)
{
    collalg__lanes_arg arg;
    void *value = NULL;
    int err = collalg__node_get(c, nd);
    *out = NULL;
    if (err != MPI_SUCCESS)
        return err;
    arg.pcomm = c->pcomm;
    arg.nd = *nd;
    err = collalg__attr_get(c->pcomm, collalg__lanes_attr(), &arg, &value);
    *out = (const collalg__lanes *)value;
    return err;
}

#endif /* COLLALG_MACHINE_LANES_H */
