/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * catalogue.h - every algorithm of the catalogue behind the plain MPI signature of its collective,
 * its tuning parameters at their defaults (0 or NULL), generated from the catalogue table
 * (COLLALG_CATALOGUE, include/collalg/catalogue.h), for the test programs that exercise the whole
 * catalogue the same way (errors.c, isolation.c, bigoffsets.c, select.c). A new row of the table
 * is tested by them without an edit here.
 *
 *   int i;
 *   TC_EACH(allreduce, i)
 *       err = TC_FN(allreduce, i)(sendbuf, recvbuf, n, MPI_INT, MPI_SUM, comm);   (tc_catalogue[i].name: "allreduce ring")
 *
 * TC_EACH skips the shared-memory family (COLLALG_R_ONE_NODE), which tests/mpi/shm.c tests on
 * one node.
 */
#ifndef COLLALG_TESTS_CATALOGUE_H
#define COLLALG_TESTS_CATALOGUE_H

#include <string.h>
#include <collalg/collalg.h>

/* clang-format off */
/* The parameters and arguments of each collective's MPI signature. */
#define TC_PARAMS_alltoall (const void *s, int sc, MPI_Datatype st, void *r, int rc, MPI_Datatype rt, MPI_Comm c)
#define TC_ARGS_alltoall s, sc, st, r, rc, rt, c
#define TC_PARAMS_allgather TC_PARAMS_alltoall
#define TC_ARGS_allgather TC_ARGS_alltoall
#define TC_PARAMS_allreduce (const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
#define TC_ARGS_allreduce s, r, n, t, op, c
#define TC_PARAMS_scan TC_PARAMS_allreduce
#define TC_ARGS_scan TC_ARGS_allreduce
#define TC_PARAMS_exscan TC_PARAMS_allreduce
#define TC_ARGS_exscan TC_ARGS_allreduce
#define TC_PARAMS_bcast (void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
#define TC_ARGS_bcast b, n, t, root, c
#define TC_PARAMS_alltoallv \
    (const void *s, const int *sc, const int *sd, MPI_Datatype st, void *r, const int *rc, const int *rd, \
     MPI_Datatype rt, MPI_Comm c)
#define TC_ARGS_alltoallv s, sc, sd, st, r, rc, rd, rt, c
#define TC_PARAMS_allgatherv \
    (const void *s, int sc, MPI_Datatype st, void *r, const int *rc, const int *rd, MPI_Datatype rt, MPI_Comm c)
#define TC_ARGS_allgatherv s, sc, st, r, rc, rd, rt, c
#define TC_PARAMS_barrier (MPI_Comm c)
#define TC_ARGS_barrier c
#define TC_PARAMS_gather \
    (const void *s, int sc, MPI_Datatype st, void *r, int rc, MPI_Datatype rt, int root, MPI_Comm c)
#define TC_ARGS_gather s, sc, st, r, rc, rt, root, c
#define TC_PARAMS_scatter TC_PARAMS_gather
#define TC_ARGS_scatter TC_ARGS_gather
#define TC_PARAMS_gatherv \
    (const void *s, int sc, MPI_Datatype st, void *r, const int *rc, const int *rd, MPI_Datatype rt, int root, \
     MPI_Comm c)
#define TC_ARGS_gatherv s, sc, st, r, rc, rd, rt, root, c
#define TC_PARAMS_scatterv \
    (const void *s, const int *sc, const int *sd, MPI_Datatype st, void *r, int rc, MPI_Datatype rt, int root, \
     MPI_Comm c)
#define TC_ARGS_scatterv s, sc, sd, st, r, rc, rt, root, c
#define TC_PARAMS_alltoallw \
    (const void *s, const int *sc, const int *sd, const MPI_Datatype *st, void *r, const int *rc, const int *rd, \
     const MPI_Datatype *rt, MPI_Comm c)
#define TC_ARGS_alltoallw s, sc, sd, st, r, rc, rd, rt, c
#define TC_PARAMS_reduce (const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c)
#define TC_ARGS_reduce s, r, n, t, op, root, c
#define TC_PARAMS_reduce_scatter_block (const void *s, void *r, int rc, MPI_Datatype t, MPI_Op op, MPI_Comm c)
#define TC_ARGS_reduce_scatter_block s, r, rc, t, op, c
#define TC_PARAMS_reduce_scatter (const void *s, void *r, const int *rc, MPI_Datatype t, MPI_Op op, MPI_Comm c)
#define TC_ARGS_reduce_scatter s, r, rc, t, op, c

#define TC_ZEROS_0
#define TC_ZEROS_1 , 0
#define TC_ZEROS_2 , 0, 0
#define TC_ZEROS_3 , 0, 0, 0

/* tc_<collective>_<algorithm>: the algorithm with its `params` parameters 0 (the defaults). */
#define TC_WRAP(coll, alg, r, params, space, flags)                                                        \
    static inline int tc_##coll##_##alg TC_PARAMS_##coll                                                   \
    {                                                                                                      \
        return collalg_##coll##_##alg(TC_ARGS_##coll TC_ZEROS_##params);                                   \
    }
#define TC_ENTRY(coll, alg, r, params, space, flags) {#coll, #coll " " #alg, (void (*)(void))tc_##coll##_##alg, r},
/* clang-format on */
COLLALG_CATALOGUE(TC_WRAP)

/* Alltoall and allgather share MPI's argument list (the "transport" collectives). */
typedef collalg_alltoall_fn tc_transport_fn;

/* One algorithm: its collective, "<collective> <algorithm>", its wrapper (cast back to
 * collalg_<collective>_fn by TC_FN) and its restrictions (COLLALG_R_ kinds). */
typedef struct tc_entry {
    const char *coll;
    const char *name;
    void (*fn)(void);
    int restrictions;
} tc_entry;

static const tc_entry tc_catalogue[] = {COLLALG_CATALOGUE(TC_ENTRY)};

#define TC_COUNT(table) ((int)(sizeof(table) / sizeof((table)[0])))

/* The row after row `i` (-1: the first) of collective `coll` that runs on any communicator; -1
 * after the last. */
static inline int tc_next(const char *coll, int i)
{
    for (i++; i < TC_COUNT(tc_catalogue); i++)
        if (!strcmp(tc_catalogue[i].coll, coll) && !(tc_catalogue[i].restrictions & COLLALG_R_ONE_NODE))
            return i;
    return -1;
}

/* Every row of collective `coll` (a bare name) but the one-node family, in table order. */
#define TC_EACH(coll, i) for ((i) = tc_next(#coll, -1); (i) >= 0; (i) = tc_next(#coll, (i)))
/* Row i's function as the collective's function type. */
#define TC_FN(coll, i) ((collalg_##coll##_fn)tc_catalogue[i].fn)

/* The restrictions (COLLALG_R_ kinds) of row name "<collective> <algorithm>", -1 when the
 * catalogue has no such row. */
static inline int tc_restrictions(const char *row)
{
    int i;
    for (i = 0; i < TC_COUNT(tc_catalogue); i++)
        if (!strcmp(tc_catalogue[i].name, row))
            return tc_catalogue[i].restrictions;
    return -1;
}

/* 1 when the reduce_scatter(_block) algorithm of row `i` moves the whole vector (the sum of the
 * counts) with int counts, so that it returns MPI_ERR_COUNT, before any message, when that sum
 * exceeds INT_MAX (its header says so under Restrictions); 0: no such limit. */
static inline int tc_int_total(int i)
{
    static const char *const whole[] = {"recursive_doubling", "recursive_halving", "reduce_scatterv", "hierarchical",
                                        "butterfly"};
    const char *alg = strchr(tc_catalogue[i].name, ' ') + 1;
    int k;
    for (k = 0; k < TC_COUNT(whole); k++)
        if (!strcmp(alg, whole[k]))
            return 1;
    return 0;
}

#endif /* COLLALG_TESTS_CATALOGUE_H */
