/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/machine/topology_comm.h
 * @brief The topology of a communicator: where its description comes from, how ranks are mapped
 *        to hosts, the check that every rank derives the same schedule, and the cache that keeps
 *        the result (rank tree and DFS logical ring) with the communicator.
 *
 * @par Where the description comes from
 * In this order:
 * 1. one attached with collalg_topology_attach() (text or a file, parsed when attached);
 * 2. else the file named by the environment variable `COLLALG_TOPOLOGY` (when set and not empty),
 *    read by the first topology algorithm called on the communicator;
 * 3. else only the node level: ranks with the same processor name share a host, hosts in order of
 *    their lowest rank under one switch (collalg__topo_node_tree()).
 *
 * @par Ranks and hosts
 * Every rank calls MPI_Get_processor_name; the names (MPI_MAX_PROCESSOR_NAME bytes each) are
 * allgathered on the private communicator, so every rank maps every rank. With a description a
 * name is looked up by collalg__topo_find_host() (exactly, else by the part before the first dot
 * when that is unambiguous); ranks of one host are leaves of that host in rank order.
 *
 * @par Agreement
 * Before any data moves, the ranks exchange in one MPI_Allreduce (maximum) whether the
 * description failed to parse, whether a host is missing, and the description's checksum and its
 * complement (whose maximum gives the minimum): the routines go on only when every rank parsed
 * the same description and found every host, and otherwise return MPI_ERR_ARG on every rank, with
 * one line on rank 0's stderr (the parser's `file:line: text`, the host missing, or the checksums
 * disagreeing). Nothing is cached on failure, so the next call tries again.
 *
 * @par Cache
 * The result (collalg__topo_comm) is an attribute of the user's communicator, a kind of its own
 * (core/attr.h), and the same object is also an attribute of
 * the communicator's private duplicate (core/comm.h): an algorithm that calls another catalogue
 * routine on its private communicator (e.g. allreduce/allgather_based.h with
 * collalg_allgather_topology_ring() as its inner allgather) finds there the topology of the
 * user's communicator, an attached description included. The object counts the communicators
 * holding it; each delete callback drops one and the last frees it, in whichever order MPI runs
 * them. The copy callback is MPI_COMM_NULL_COPY_FN (a duplicate finds its own).
 * collalg_topology_attach() replaces an earlier result on both communicators.
 *
 * @par The contention-free all-to-all schedule
 * The first contention-free alltoall on a communicator (collalg__topo_comm_a2a()) computes the
 * phase table of collalg__topo_a2a_phases() (p^2 ints, the same on every rank: it is
 * deterministic), keeps only this rank's part, 4 (p - 1) ints (its sends and its receives as
 * (phase, peer) pairs sorted by phase), frees the table, and checks in one MPI_Allreduce that no
 * rank ran out of memory: then every rank returns MPI_ERR_NO_MEM and nothing is kept, so the
 * next call tries again. Held with the communicator: 16 (p - 1) bytes (496 at p = 32, 16 KiB at
 * p = 1024), whatever the number of phases. While it is computed, the table: 4 p^2 bytes (4 KiB
 * at p = 32, 4 MiB at p = 1024), which is all the exact class of schedule/topology.h needs
 * (one switch, hosts of equal size on one switch, equal switches under one: the node level and
 * the platforms of tests/platform/); off that class the builder also takes 8 p^2 bytes and its
 * colouring and link occupancy (see there).
 */
#ifndef COLLALG_MACHINE_TOPOLOGY_COMM_H
#define COLLALG_MACHINE_TOPOLOGY_COMM_H

#include "../core/core.h"
#include "topology.h"
#include "../schedule/topology.h"

/** @brief Name of the environment variable naming a topology.conf file. */
#define COLLALG_TOPOLOGY_ENV "COLLALG_TOPOLOGY"

/** @brief A communicator's topology, computed once and cached (see the file comment). */
typedef struct collalg__topo_comm {
    int p;                   /**< ranks */
    int described;           /**< 1 when a description was used, 0 for the node level */
    int *ring;               /**< ring[i]: the rank at position i of the DFS logical ring */
    int *pos;                /**< pos[r]: the position of rank r in ring */
    collalg__topo_tree tree; /**< the rank tree (leaves 0 .. p-1 are the ranks) */
    int refs;                /**< communicators holding it as an attribute (the user's and its private one) */
    int a2a_nphases;         /**< phases of the contention-free all-to-all; -1 until computed */
    int *a2a;                /**< this rank's part of it (NULL until computed, or p = 1): p - 1 pairs
                                  (phase, destination) sorted by phase, then p - 1 pairs (phase, source) */
    MPI_Comm ordered;        /**< a duplicate of the private communicator with the ranks renumbered in
                                  ring order (rank i = ring position i); MPI_COMM_NULL until asked for
                                  (collalg__topo_comm_ordered()) */
} collalg__topo_comm;

/** @brief Frees @p t and everything it holds (NULL allowed). */
COLLALG_INLINE void collalg__topo_comm_free(collalg__topo_comm *t)
{
    if (!t)
        return;
    collalg__topo_tree_free(&t->tree);
    COLLALG_FREE(t->ring);
    COLLALG_FREE(t->pos);
    COLLALG_FREE(t->a2a);
    if (t->ordered != MPI_COMM_NULL)
        COLLALG_MPI(Comm_free)(&t->ordered);
    COLLALG_FREE(t);
}

/**
 * @brief Attribute delete callback: drops one reference to the cached topology, freeing it with
 *        the last.
 * @param comm   the communicator (unused)
 * @param keyval the keyval (unused)
 * @param attr   the topology (collalg__topo_comm *)
 * @param extra  unused
 * @return MPI_SUCCESS.
 */
COLLALG_INLINE int collalg__topo_comm_delete(MPI_Comm comm, int keyval, void *attr, void *extra)
{
    collalg__topo_comm *t = (collalg__topo_comm *)attr;
    (void)comm;
    (void)keyval;
    (void)extra;
    if (t && --t->refs <= 0)
        collalg__topo_comm_free(t);
    return MPI_SUCCESS;
}

/** @brief The kind of the cached topology (core/attr.h; one per translation unit). */
COLLALG_INLINE collalg__attr_kind *collalg__topo_comm_attr(void)
{
    static collalg__attr_kind kind = {MPI_KEYVAL_INVALID, collalg__topo_comm_delete, NULL};
    return &kind;
}

/** @brief qsort order of pointers to processor names: by name, then by address (rank order). */
COLLALG_INLINE int collalg__topo_name_cmp(const void *a, const void *b)
{
    const char *x = *(const char *const *)a, *y = *(const char *const *)b;
    int d = strcmp(x, y);
    return d != 0 ? d : (x < y ? -1 : x > y);
}

/**
 * @brief Computes the topology of @p c's communicator from the parsed description @p desc (NULL:
 *        the node level), checks that all ranks agree, and returns it in *@p out (caller frees).
 *        Collective over c->pcomm. @p perr is the parse result of this rank (0 when @p desc is
 *        NULL or parsed), @p msg its message.
 * @return MPI_SUCCESS; MPI_ERR_ARG on every rank when a rank failed to parse, a host is missing
 *         or ambiguous, or the checksums differ (rank 0 prints one line); MPI_ERR_NO_MEM; or the
 *         MPI error code.
 */
COLLALG_INLINE int collalg__topo_comm_build(collalg__ctx *c, const collalg__topo *desc, int perr, const char *msg,
                                            collalg__topo_comm **out)
{
    int p = c->size, r, len = 0, err, missing = -1, nomem = 0;
    const int L = MPI_MAX_PROCESSOR_NAME;
    char *names = NULL, **sorted = NULL;
    int *ids = NULL;
    unsigned long long flags[5] = {0, 0, 0, 0, 0};
    unsigned long long all[5];
    collalg__topo_comm *t = (collalg__topo_comm *)COLLALG_MALLOC(sizeof *t);

    *out = NULL;
    names = (char *)COLLALG_MALLOC((size_t)p * (size_t)L);
    ids = (int *)COLLALG_MALLOC((size_t)p * sizeof *ids);
    if (t) {
        memset(t, 0, sizeof *t);
        t->p = p;
        t->a2a_nphases = -1;
        t->ordered = MPI_COMM_NULL;
        t->ring = (int *)COLLALG_MALLOC((size_t)p * sizeof(int));
        t->pos = (int *)COLLALG_MALLOC((size_t)p * sizeof(int));
    }
    nomem = !t || !names || !ids || !t->ring || !t->pos;
    err = MPI_SUCCESS;
    if (!nomem) {
        /* every rank's processor name, fixed size, on the private communicator */
        memset(names + (size_t)c->rank * (size_t)L, 0, (size_t)L);
        err = COLLALG_MPI(Get_processor_name)(names + (size_t)c->rank * (size_t)L, &len);
        names[(size_t)c->rank * (size_t)L + (size_t)L - 1] = 0;
    }
    /* nomem ranks take part with a dummy block so the collective matches on every rank */
    if (err == MPI_SUCCESS && !nomem)
        err = COLLALG_MPI(Allgather)(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, names, L, MPI_CHAR, c->pcomm);
    else if (err == MPI_SUCCESS) {
        char *dummy = (char *)COLLALG_MALLOC((size_t)p * (size_t)L);
        if (!dummy)
            err = MPI_ERR_NO_MEM; /* cannot even take part; nothing sensible left */
        else {
            memset(dummy, 0, (size_t)p * (size_t)L);
            err = COLLALG_MPI(Allgather)(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, dummy, L, MPI_CHAR, c->pcomm);
            COLLALG_FREE(dummy);
        }
    }
    if (err == MPI_SUCCESS && !nomem && perr == 0) {
        if (desc) {
            for (r = 0; r < p && missing < 0; r++) {
                ids[r] = collalg__topo_find_host(desc, names + (size_t)r * (size_t)L);
                if (ids[r] < 0)
                    missing = r;
            }
            if (missing < 0)
                nomem = collalg__topo_rank_tree(desc, p, ids, &t->tree) != COLLALG__TOPO_OK;
        } else {
            /* node level: a host is known by its lowest rank */
            sorted = (char **)COLLALG_MALLOC((size_t)p * sizeof *sorted);
            nomem = !sorted;
            if (sorted) {
                for (r = 0; r < p; r++)
                    sorted[r] = names + (size_t)r * (size_t)L;
                qsort(sorted, (size_t)p, sizeof *sorted, collalg__topo_name_cmp);
                for (r = 0; r < p; r++) {
                    int first = r > 0 && strcmp(sorted[r], sorted[r - 1]) == 0 ? ids[(int)((sorted[r - 1] - names) / L)]
                                                                               : (int)((sorted[r] - names) / L);
                    ids[(int)((sorted[r] - names) / L)] = first;
                }
                nomem = collalg__topo_node_tree(p, ids, &t->tree) != COLLALG__TOPO_OK;
            }
        }
    }
    if (err == MPI_SUCCESS) {
        flags[0] = perr != 0;
        flags[1] = missing >= 0;
        flags[2] = (unsigned long long)nomem;
        flags[3] = desc && perr == 0 ? desc->checksum : 0;
        flags[4] = ~flags[3];
        err = COLLALG_MPI(Allreduce)(flags, all, 5, MPI_UNSIGNED_LONG_LONG, MPI_MAX, c->pcomm);
    }
    if (err == MPI_SUCCESS) {
        if (all[0]) {
            err = MPI_ERR_ARG;
            if (c->rank == 0)
                fprintf(stderr, "collalg: %s\n", perr ? msg : "topology: the description is invalid on another rank");
        } else if (all[3] != ~all[4]) {
            err = MPI_ERR_ARG;
            if (c->rank == 0)
                fprintf(stderr, "collalg: topology: ranks hold different descriptions (checksums differ)\n");
        } else if (all[1]) {
            err = MPI_ERR_ARG;
            if (c->rank == 0 && missing >= 0)
                fprintf(stderr, "collalg: topology: host %s (rank %d) is %s in the description\n",
                        names + (size_t)missing * (size_t)L, missing, ids[missing] == -2 ? "ambiguous" : "missing");
            else if (c->rank == 0)
                fprintf(stderr, "collalg: topology: a host is missing in the description\n");
        } else if (all[2])
            err = MPI_ERR_NO_MEM;
    }
    if (err == MPI_SUCCESS) {
        collalg__topo_dfs_ring(&t->tree, t->ring);
        for (r = 0; r < p; r++)
            t->pos[t->ring[r]] = r;
        t->described = desc != NULL;
        *out = t;
        t = NULL;
    }
    collalg__topo_comm_free(t);
    COLLALG_FREE(names);
    COLLALG_FREE(ids);
    COLLALG_FREE(sorted);
    return err;
}

/**
 * @brief Makes @p t the topology attribute of @p comm under @p keyval, dropping an earlier one
 *        (which the delete callback frees with its last reference); counts the new reference.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__topo_comm_set(MPI_Comm comm, int keyval, collalg__topo_comm *t)
{
    int found = 0, err;
    void *attr = NULL;
    err = COLLALG_MPI(Comm_get_attr)(comm, keyval, &attr, &found);
    if (err == MPI_SUCCESS && found)
        err = COLLALG_MPI(Comm_delete_attr)(comm, keyval);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Comm_set_attr)(comm, keyval, t);
    if (err == MPI_SUCCESS)
        t->refs++;
    return err;
}

/**
 * @brief Stores @p t as the topology of @p c's communicator and of its private duplicate
 *        (c->pcomm), replacing earlier ones on both (see the file comment); frees @p t when
 *        neither holds it.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__topo_comm_store(const collalg__ctx *c, collalg__topo_comm *t)
{
    int keyval, err = collalg__attr_keyval(collalg__topo_comm_attr(), &keyval);
    t->refs = 0;
    if (err == MPI_SUCCESS)
        err = collalg__topo_comm_set(c->comm, keyval, t);
    if (err == MPI_SUCCESS && c->pcomm != MPI_COMM_NULL && c->pcomm != c->comm)
        err = collalg__topo_comm_set(c->pcomm, keyval, t);
    if (t->refs == 0)
        collalg__topo_comm_free(t);
    return err;
}

/**
 * @brief The topology cached on @p c's communicator, or NULL in *@p out when there is none yet.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__topo_comm_cached(const collalg__ctx *c, collalg__topo_comm **out)
{
    void *value = NULL;
    int err = collalg__attr_find(c->comm, collalg__topo_comm_attr(), &value);
    *out = (collalg__topo_comm *)value;
    return err;
}

/**
 * @brief The topology of @p c's communicator: the cached one, else computed from the environment
 *        variable's file or the node level and cached (see the file comment). Collective over
 *        c->pcomm on the first call (and on every call after a failure).
 * @param c   the call's context (after the enter step)
 * @param out receives the topology (owned by the communicator; do not free)
 * @return MPI_SUCCESS; MPI_ERR_ARG (on every rank) for a bad description, a missing host or
 *         disagreeing ranks; MPI_ERR_NO_MEM; or the MPI error code.
 */
COLLALG_INLINE int collalg__topo_comm_get(collalg__ctx *c, const collalg__topo_comm **out)
{
    int perr = 0, err;
    const char *path;
    char msg[512] = "";
    collalg__topo desc;
    collalg__topo_comm *t = NULL;

    *out = NULL;
    err = collalg__topo_comm_cached(c, &t);
    if (err != MPI_SUCCESS || t) {
        *out = t;
        return err;
    }
    memset(&desc, 0, sizeof desc);
    path = getenv(COLLALG_TOPOLOGY_ENV);
    if (path && *path)
        perr = collalg__topo_parse_file(path, &desc, msg, sizeof msg);
    err = collalg__topo_comm_build(c, path && *path ? &desc : NULL, perr, msg, &t);
    collalg__topo_free(&desc);
    if (err == MPI_SUCCESS)
        err = collalg__topo_comm_store(c, t);
    if (err == MPI_SUCCESS)
        *out = t;
    return err;
}

/**
 * @brief The topology of @p c's communicator (as collalg__topo_comm_get()) with this rank's part
 *        of the contention-free all-to-all schedule (a2a, a2a_nphases), computed and cached on
 *        the first call (see the file comment). Collective over c->pcomm on the first call (one
 *        MPI_Allreduce of an int after the topology's own messages) and after a failure.
 * @param c   the call's context (after the enter step)
 * @param out receives the topology (owned by the communicator; do not free)
 * @return as collalg__topo_comm_get(); MPI_ERR_NO_MEM on every rank when the schedule could not
 *         be computed for want of memory on some rank.
 */
COLLALG_INLINE int collalg__topo_comm_a2a(collalg__ctx *c, const collalg__topo_comm **out)
{
    const collalg__topo_comm *ct = NULL;
    collalg__topo_comm *t = NULL;
    int *table = NULL, *list = NULL, np = 0, bad, any = 0, p, err = collalg__topo_comm_get(c, &ct);

    *out = NULL;
    if (err != MPI_SUCCESS)
        return err;
    err = collalg__topo_comm_cached(c, &t); /* the same object, writable */
    if (err != MPI_SUCCESS)
        return err;
    if (t->a2a_nphases >= 0) {
        *out = t;
        return MPI_SUCCESS;
    }
    p = t->p;
    if (p > 1) {
        table = (int *)COLLALG_MALLOC((size_t)p * (size_t)p * sizeof(int));
        list = (int *)COLLALG_MALLOC(4 * ((size_t)p - 1) * sizeof(int));
        np = table && list ? collalg__topo_a2a_phases(&t->tree, table) : -1;
        if (np >= 0)
            collalg__topo_a2a_rank_events(p, table, c->rank, list, list + 2 * (p - 1));
        COLLALG_FREE(table);
    }
    bad = np < 0;
    err = COLLALG_MPI(Allreduce)(&bad, &any, 1, MPI_INT, MPI_MAX, c->pcomm);
    if (err == MPI_SUCCESS && any)
        err = MPI_ERR_NO_MEM;
    if (err != MPI_SUCCESS) {
        COLLALG_FREE(list);
        return err;
    }
    t->a2a = list;
    t->a2a_nphases = np;
    *out = t;
    return MPI_SUCCESS;
}

/**
 * @brief The communicator of @p c with its ranks renumbered in the order of the topology's DFS
 *        ring (rank i = the rank at ring position i), for algorithms that run a rank-order
 *        algorithm in topology order. Made on the first call by one MPI_Comm_split of c->pcomm
 *        (key = ring position; its error handler MPI_ERRORS_RETURN) and cached with the topology
 *        until the communicator is freed. Collective over c->pcomm on the first call.
 * @param c       the call's context (after the enter step)
 * @param ordered receives the communicator (owned by the cache; do not free)
 * @return as collalg__topo_comm_get(), or the error of MPI_Comm_split.
 */
COLLALG_INLINE int collalg__topo_comm_ordered(collalg__ctx *c, MPI_Comm *ordered)
{
    const collalg__topo_comm *ct = NULL;
    collalg__topo_comm *t = NULL;
    int err = collalg__topo_comm_get(c, &ct);

    *ordered = MPI_COMM_NULL;
    if (err == MPI_SUCCESS)
        err = collalg__topo_comm_cached(c, &t); /* the same object, writable */
    if (err == MPI_SUCCESS && t->ordered == MPI_COMM_NULL) {
        err = COLLALG_MPI(Comm_split)(c->pcomm, 0, t->pos[c->rank], &t->ordered);
        if (err == MPI_SUCCESS)
            err = COLLALG_MPI(Comm_set_errhandler)(t->ordered, MPI_ERRORS_RETURN);
    }
    if (err == MPI_SUCCESS)
        *ordered = t->ordered;
    return err;
}

/**
 * @brief Attaches a topology description (Slurm topology.conf, tree plugin; see machine/topology.h
 *        for the format and how hosts are matched) to @p comm: every topology algorithm called on
 *        @p comm from then on schedules its messages on it, in preference to the file named by
 *        the environment variable `COLLALG_TOPOLOGY`. Collective over @p comm; every rank passes
 *        the same description (the ranks check that they agree). The description is parsed, each
 *        rank mapped to a host by MPI_Get_processor_name, and the result cached with @p comm
 *        (freed when @p comm is freed; a later attach replaces it). Calls of the catalogue's
 *        algorithms on the private communicator of @p comm (inner calls of parameterised
 *        algorithms) see the same description.
 * @param comm         the intracommunicator
 * @param text_or_path the description's text (NUL-terminated), or the name of a file holding it
 * @param is_path      non-zero when @p text_or_path is a file name
 * @return MPI_SUCCESS; MPI_ERR_COMM for MPI_COMM_NULL; MPI_ERR_ARG, on every rank and with one
 *         line on rank 0's stderr, for a NULL @p text_or_path, a malformed or unreadable
 *         description (the message names the file and line), a host of @p comm missing in it (or
 *         matched ambiguously), or ranks holding different descriptions; MPI_ERR_NO_MEM; or the
 *         class of an error raised by an MPI call. Errors go through @p comm's error handler.
 */
COLLALG_INLINE int collalg_topology_attach(MPI_Comm comm, const char *text_or_path, int is_path)
{
    collalg__ctx c;
    collalg__topo desc;
    collalg__topo_comm *t = NULL;
    char msg[512] = "";
    int perr = 0, err;

    collalg__ctx_init(&c, comm);
    memset(&desc, 0, sizeof desc);
    err = COLLALG_ARG_CHECKS ? collalg__check_comm(comm) : MPI_SUCCESS;
    if (err == MPI_SUCCESS)
        err = collalg__ctx_attach(&c);
    if (err == MPI_SUCCESS) {
        if (!text_or_path) {
            perr = COLLALG__TOPO_ESYNTAX;
            snprintf(msg, sizeof msg, "topology: no description (NULL)");
        } else if (is_path)
            perr = collalg__topo_parse_file(text_or_path, &desc, msg, sizeof msg);
        else
            perr = collalg__topo_parse(text_or_path, "topology", &desc, msg, sizeof msg);
        err = collalg__topo_comm_build(&c, &desc, perr, msg, &t);
    }
    collalg__topo_free(&desc);
    if (err == MPI_SUCCESS)
        err = collalg__topo_comm_store(&c, t);
    return collalg__leave(&c, err);
}

#endif /* COLLALG_MACHINE_TOPOLOGY_COMM_H */
