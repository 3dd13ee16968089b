/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/machine/node.h
 * @brief The node level of a communicator: which ranks share a node (shared memory), the node
 *        communicator and the leaders' communicator, built once and cached with the private
 *        communicator. The hierarchical algorithms (HAN, Träff et al.'s two-level schemes) and
 *        the shared-memory family start here.
 *
 * @par Nodes
 * A node is a set of ranks that MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) puts together: the
 * ranks of one host under MPICH and Open MPI. Under SimGrid's SMPI, the ranks of one simulated
 * host, found by processor name (#COLLALG_NODE_BY_NAME). For
 * tests and experiments the environment variable `COLLALG_NODE_SIZE` = K (K >= 1) splits every
 * such node further into groups of K ranks consecutive in node rank (the last group may be
 * smaller), so that one machine can play several nodes (the groups still share memory);
 * `COLLALG_NODE_ROUNDROBIN` = M (M >= 1) splits it into M nodes round-robin instead (node rank i
 * goes to node i mod M: a placement whose nodes do not hold consecutive ranks), unless
 * `COLLALG_NODE_SIZE` is set too. They must be the same on every rank; read once, when the node
 * level is built.
 *
 * @par Numbering
 * Within a node, ranks keep the order of their ranks in the communicator: node rank 0 is the
 * node's lowest rank, its *leader*. Nodes are numbered 0 .. nnodes-1 in the order of their
 * leaders' ranks, so node 0 holds rank 0. The leaders' communicator holds the leaders in that
 * order (leader of node i = rank i there). Any placement works: consecutive, round-robin,
 * uneven numbers of ranks per node, one node, one rank per node, p = 1.
 *
 * @par Tables
 * Every rank knows every rank's node (one MPI_Allgather of p ints when the level is built):
 * node_of[r], node_rank_of[r]; the members of node i are members[first[i] .. first[i+1]-1] in
 * increasing rank order, so members[first[i]] is its leader. `consecutive` says whether every
 * node holds a block of consecutive ranks (then node i holds ranks first[i] .. first[i+1]-1): the
 * condition under which a hierarchical reduction keeps the rank order of a non-commutative
 * operation. `uniform` says whether all nodes have the same number of ranks.
 *
 * @par Cache
 * The level is built by the first call that asks for it on a communicator (collective over the
 * private communicator: one MPI_Comm_split_type, one MPI_Comm_split, one MPI_Allgather and one
 * MPI_Allreduce; by name, an MPI_Allgather of the names and an MPI_Comm_split instead of the
 * MPI_Comm_split_type) and kept as an attribute of the private communicator (core/comm.h); its delete
 * callback frees the two communicators and the tables when the user frees the communicator. If
 * one rank fails to allocate, every rank returns MPI_ERR_NO_MEM and nothing is kept.
 *
 * @par Memory
 * 16 p + 4 bytes per rank (four tables of ints) and two communicators (one on non-leaders); while
 * it is built by name, p * MPI_MAX_PROCESSOR_NAME bytes more.
 */
#ifndef COLLALG_MACHINE_NODE_H
#define COLLALG_MACHINE_NODE_H

#include "../core/core.h"

/** @brief Environment variable that splits every shared-memory node into groups of K ranks. */
#define COLLALG_NODE_SIZE_ENV "COLLALG_NODE_SIZE"

/** @brief Environment variable that splits every shared-memory node into M nodes round-robin. */
#define COLLALG_NODE_ROUNDROBIN_ENV "COLLALG_NODE_ROUNDROBIN"

/** @brief The node level of a communicator (see the file comment). */
typedef struct collalg__node {
    int p;             /**< ranks of the communicator */
    int nnodes;        /**< nodes */
    int node;          /**< this rank's node (0 .. nnodes-1) */
    int node_rank;     /**< this rank's rank in its node (0: the leader) */
    int node_size;     /**< ranks in this rank's node */
    int max_node_size; /**< ranks in the largest node */
    int consecutive;   /**< 1 when every node holds consecutive ranks */
    int uniform;       /**< 1 when every node holds max_node_size ranks */
    MPI_Comm nodecomm; /**< this rank's node, ranks in communicator order (errors return) */
    MPI_Comm leaders;  /**< the leaders, node i = rank i; MPI_COMM_NULL on the other ranks */
    int *node_of;      /**< node_of[r]: the node of rank r (p ints) */
    int *node_rank_of; /**< node_rank_of[r]: the rank of r in its node (p ints) */
    int *first;        /**< first[i]: where node i starts in members (nnodes + 1 ints) */
    int *members;      /**< the ranks node by node, increasing within a node (p ints) */
} collalg__node;

/** @brief Frees @p nd and everything it holds (NULL allowed). */
COLLALG_INLINE void collalg__node_free(collalg__node *nd)
{
    if (!nd)
        return;
    if (nd->nodecomm != MPI_COMM_NULL)
        COLLALG_MPI(Comm_free)(&nd->nodecomm);
    if (nd->leaders != MPI_COMM_NULL)
        COLLALG_MPI(Comm_free)(&nd->leaders);
    COLLALG_FREE(nd->node_of);
    COLLALG_FREE(nd->node_rank_of);
    COLLALG_FREE(nd->first);
    COLLALG_FREE(nd->members);
    COLLALG_FREE(nd);
}

/**
 * @brief Attribute delete callback of the cached node level.
 * @param comm   the private communicator (unused; MPI_COMM_NULL for a level never attached)
 * @param keyval the keyval (unused)
 * @param attr   the node level (collalg__node *)
 * @param extra  unused
 * @return MPI_SUCCESS.
 */
COLLALG_INLINE int collalg__node_delete(MPI_Comm comm, int keyval, void *attr, void *extra)
{
    (void)comm;
    (void)keyval;
    (void)extra;
    collalg__node_free((collalg__node *)attr);
    return MPI_SUCCESS;
}

/** @brief The positive number in environment variable @p name (0 when unset, empty or not a
 *         positive number): K of `COLLALG_NODE_SIZE`, M of `COLLALG_NODE_ROUNDROBIN`. */
COLLALG_INLINE int collalg__node_env(const char *name)
{
    const char *v = getenv(name);
    long k = v && *v ? strtol(v, NULL, 10) : 0;
    return k > 0 && k < 1L << 30 ? (int)k : 0;
}

/**
 * @brief 1 when nodes are found by processor name rather than by
 *        MPI_Comm_split_type(MPI_COMM_TYPE_SHARED). Default: 1 under SimGrid's SMPI, whose
 *        MPI_Comm_split_type (3.32) groups the ranks of a communicator other than MPI_COMM_WORLD
 *        wrongly when their order differs from MPI_COMM_WORLD's (seen: a reversed split of 6 ranks
 *        on 3 hosts gave nodes of 1 and 2 ranks on one host); 0 elsewhere.
 */
#ifndef COLLALG_NODE_BY_NAME
#ifdef SMPI_SHARED_MALLOC
#define COLLALG_NODE_BY_NAME 1
#else
#define COLLALG_NODE_BY_NAME 0
#endif
#endif

/**
 * @brief The shared-memory node of @p pcomm, rank order kept: MPI_Comm_split_type, or with
 *        #COLLALG_NODE_BY_NAME a split by processor name (@p names: p * MPI_MAX_PROCESSOR_NAME bytes
 *        of scratch, allgathered here; color = the lowest rank with the same name).
 *        Collective over @p pcomm. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__node_shared(MPI_Comm pcomm, int rank, char *names, MPI_Comm *shared)
{
    const int L = MPI_MAX_PROCESSOR_NAME;
    int err, len = 0, color = rank, r;
    if (!COLLALG_NODE_BY_NAME)
        return COLLALG_MPI(Comm_split_type)(pcomm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, shared);
    memset(names + (size_t)rank * (size_t)L, 0, (size_t)L);
    err = COLLALG_MPI(Get_processor_name)(names + (size_t)rank * (size_t)L, &len);
    names[(size_t)rank * (size_t)L + (size_t)L - 1] = 0;
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Allgather)(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, names, L, MPI_CHAR, pcomm);
    for (r = 0; err == MPI_SUCCESS && r < rank; r++)
        if (strcmp(names + (size_t)r * (size_t)L, names + (size_t)rank * (size_t)L) == 0) {
            color = r;
            break;
        }
    return err == MPI_SUCCESS ? COLLALG_MPI(Comm_split)(pcomm, color, rank, shared) : err;
}

/**
 * @brief The node communicator of @p pcomm (rank order kept), with the `COLLALG_NODE_SIZE` or
 *        `COLLALG_NODE_ROUNDROBIN` split applied. @p names as collalg__node_shared(). Collective
 *        over @p pcomm.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__node_split(MPI_Comm pcomm, int rank, char *names, MPI_Comm *nodecomm)
{
    MPI_Comm shared = MPI_COMM_NULL;
    int k = collalg__node_env(COLLALG_NODE_SIZE_ENV), m = collalg__node_env(COLLALG_NODE_ROUNDROBIN_ENV), nrank = 0;
    int err = collalg__node_shared(pcomm, rank, names, &shared);
    if (err != MPI_SUCCESS || (k == 0 && m == 0)) {
        *nodecomm = shared;
        return err;
    }
    err = COLLALG_MPI(Comm_rank)(shared, &nrank);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Comm_split)(shared, k ? nrank / k : nrank % m, rank, nodecomm);
    COLLALG_MPI(Comm_free)(&shared);
    return err;
}

/**
 * @brief Fills the tables of @p nd from leader_of[r] (the rank of r's node leader, for every
 *        rank r). No MPI call.
 */
COLLALG_INLINE void collalg__node_tables(collalg__node *nd, const int *leader_of, int me)
{
    int r, i, p = nd->p;
    /* nodes in order of their leaders: a rank that is its own leader opens the next node */
    nd->nnodes = 0;
    for (r = 0; r < p; r++)
        if (leader_of[r] == r)
            nd->node_of[r] = nd->nnodes++;
    for (i = 0; i <= nd->nnodes; i++)
        nd->first[i] = 0;
    for (r = 0; r < p; r++) {
        nd->node_of[r] = nd->node_of[leader_of[r]];
        nd->first[nd->node_of[r] + 1]++;
    }
    for (i = 0; i < nd->nnodes; i++)
        nd->first[i + 1] += nd->first[i];
    /* members in increasing rank order; first[i] is advanced while filling, then restored */
    for (r = 0; r < p; r++) {
        int n = nd->node_of[r];
        nd->members[nd->first[n]++] = r;
    }
    for (i = nd->nnodes; i > 0; i--)
        nd->first[i] = nd->first[i - 1];
    nd->first[0] = 0;
    nd->max_node_size = 0;
    nd->consecutive = 1;
    for (i = 0; i < nd->nnodes; i++) {
        int size = nd->first[i + 1] - nd->first[i], j;
        if (size > nd->max_node_size)
            nd->max_node_size = size;
        for (j = 0; j < size; j++) {
            int m = nd->members[nd->first[i] + j];
            nd->node_rank_of[m] = j;
            if (m != nd->first[i] + j)
                nd->consecutive = 0;
        }
    }
    nd->uniform = nd->nnodes * nd->max_node_size == p;
    nd->node = nd->node_of[me];
    nd->node_rank = nd->node_rank_of[me];
    nd->node_size = nd->first[nd->node + 1] - nd->first[nd->node];
}

/**
 * @brief Builds the node level of a communicator (the builder of collalg__node_get()'s cache).
 *        Collective over c->pcomm.
 * @param arg the call's context (a const collalg__ctx *: c->pcomm, c->size, c->rank)
 * @param out out: the node level (a collalg__node *; freed with collalg__node_free())
 * @return MPI_SUCCESS; MPI_ERR_NO_MEM on every rank when a rank cannot allocate the tables; or
 *         the MPI error code.
 */
COLLALG_INLINE int collalg__node_build(const void *arg, void **out)
{
    const collalg__ctx *c = (const collalg__ctx *)arg;
    int p = c->size, err, nomem, any_nomem = 0, leader = 0;
    int *leader_of = NULL;
    char *names = NULL;
    MPI_Group ng = MPI_GROUP_NULL, pg = MPI_GROUP_NULL;
    collalg__node *nd = (collalg__node *)COLLALG_MALLOC(sizeof *nd);

    *out = NULL;
    if (nd) {
        memset(nd, 0, sizeof *nd);
        nd->p = p;
        nd->nodecomm = MPI_COMM_NULL;
        nd->leaders = MPI_COMM_NULL;
        nd->node_of = (int *)COLLALG_MALLOC((size_t)p * sizeof(int));
        nd->node_rank_of = (int *)COLLALG_MALLOC((size_t)p * sizeof(int));
        nd->first = (int *)COLLALG_MALLOC(((size_t)p + 1) * sizeof(int));
        nd->members = (int *)COLLALG_MALLOC((size_t)p * sizeof(int));
    }
    leader_of = (int *)COLLALG_MALLOC((size_t)p * sizeof(int));
    if (COLLALG_NODE_BY_NAME)
        names = (char *)COLLALG_MALLOC((size_t)p * MPI_MAX_PROCESSOR_NAME);
    nomem = !nd || !nd->node_of || !nd->node_rank_of || !nd->first || !nd->members || !leader_of ||
            (COLLALG_NODE_BY_NAME && !names);
    /* agree first, so that either every rank builds the communicators or none does */
    err = COLLALG_MPI(Allreduce)(&nomem, &any_nomem, 1, MPI_INT, MPI_MAX, c->pcomm);
    if (err == MPI_SUCCESS && any_nomem)
        err = MPI_ERR_NO_MEM;
    if (err == MPI_SUCCESS)
        err = collalg__node_split(c->pcomm, c->rank, names, &nd->nodecomm);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Comm_set_errhandler)(nd->nodecomm, MPI_ERRORS_RETURN);
    /* this rank's leader: node rank 0, translated to a rank of the communicator */
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Comm_group)(nd->nodecomm, &ng);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Comm_group)(c->pcomm, &pg);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Group_translate_ranks)(ng, 1, &leader, pg, &leader_of[c->rank]);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Allgather)(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, leader_of, 1, MPI_INT, c->pcomm);
    if (err == MPI_SUCCESS)
        err =
            COLLALG_MPI(Comm_split)(c->pcomm, leader_of[c->rank] == c->rank ? 0 : MPI_UNDEFINED, c->rank, &nd->leaders);
    if (err == MPI_SUCCESS && nd->leaders != MPI_COMM_NULL)
        err = COLLALG_MPI(Comm_set_errhandler)(nd->leaders, MPI_ERRORS_RETURN);
    if (ng != MPI_GROUP_NULL)
        COLLALG_MPI(Group_free)(&ng);
    if (pg != MPI_GROUP_NULL)
        COLLALG_MPI(Group_free)(&pg);
    if (err == MPI_SUCCESS) {
        collalg__node_tables(nd, leader_of, c->rank);
        *out = nd;
    } else
        collalg__node_free(nd);
    COLLALG_FREE(leader_of);
    COLLALG_FREE(names);
    return err;
}

/** @brief The kind of the cached node level (core/attr.h; one per translation unit). */
COLLALG_INLINE collalg__attr_kind *collalg__node_attr(void)
{
    static collalg__attr_kind kind = {MPI_KEYVAL_INVALID, collalg__node_delete, collalg__node_build};
    return &kind;
}

/**
 * @brief The node level cached with the private communicator @p pcomm, if it was built: *@p out is
 *        it, or NULL when it is not built yet (one attribute lookup, no message).
 * @return MPI_SUCCESS, or the error code of MPI_Comm_create_keyval / MPI_Comm_get_attr.
 */
COLLALG_INLINE int collalg__node_cached(MPI_Comm pcomm, const collalg__node **out)
{
    void *value = NULL;
    int err = collalg__attr_find(pcomm, collalg__node_attr(), &value);
    *out = (const collalg__node *)value;
    return err;
}

/**
 * @brief The node level of @p c's communicator, built on the first call and cached with the
 *        private communicator (see the file comment). Collective over c->pcomm on the first call
 *        only. The result stays valid until the user's communicator is freed; callers must not
 *        free it.
 * @return MPI_SUCCESS; MPI_ERR_NO_MEM on every rank when a rank cannot allocate; or the MPI error
 *         code of the calls that build it.
 */
COLLALG_INLINE int collalg__node_get(collalg__ctx *c, const collalg__node **out)
{
    void *value = NULL;
    int err = collalg__attr_get(c->pcomm, collalg__node_attr(), c, &value);
    *out = (const collalg__node *)value;
    return err;
}

/**
 * @brief The node level for a call whose blocks are @p count elements of @p type, when @p err is
 *        MPI_SUCCESS: *@p size = the size of @p type, and *@p out = NULL when the call moves no data
 *        (count or size 0: then it needs no node level and must return at once), else the node
 *        level (collalg__node_get()). @return @p err, or the first error of the two steps.
 */
COLLALG_INLINE int collalg__node_get_for(collalg__ctx *c, int count, MPI_Datatype type, int *size,
                                         const collalg__node **out, int err)
{
    *out = NULL;
    *size = 0;
    if (err == MPI_SUCCESS)
        err = collalg__type_size(type, size);
    if (err != MPI_SUCCESS || count == 0 || *size == 0)
        return err;
    return collalg__node_get(c, out);
}

#endif /* COLLALG_MACHINE_NODE_H */
