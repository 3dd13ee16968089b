/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * isolation.c - catalogue traffic never matches the application's own receives.
 *
 * Before running one algorithm of every family (alltoallv and allgatherv with uniform counts,
 * checked against the alltoall and allgather references, which their native versions equal), and
 * every algorithm of gather, scatter, gatherv, scatterv and alltoallw (uniform counts: checked
 * against the gather, scatter and alltoall references), of reduce (root p - 1; a commutative op,
 * and a non-commutative one, whose result travels from the tree's top to the root), and of scan,
 * exscan, reduce_scatter_block and reduce_scatter (a commutative op, and the non-commutative one
 * where restrictions.h allows it) on a communicator, every rank posts a receive with MPI_ANY_SOURCE
 * and MPI_ANY_TAG on that same communicator. If any catalogue message travelled on the user's
 * communicator it would be caught there (and the collective would then hang or give a wrong
 * result). Afterwards each rank sends the application's own message to its right neighbour; the
 * posted receive must get exactly that message. Also checks that the private communicator is
 * created once per communicator (same handle on the second call), that a duplicate of the user's
 * communicator gets its own, and that freeing the user's communicator frees the private one
 * (valgrind runs of this program show no leaked communicator).
 */
#include "catalogue.h"
#include "harness.h"

#define APP_TAG 4242

static th_opts o;
static th_result r = {0, 0, NULL, NULL};

/* Native references first: MPICH 4.0.2's own MPI_Alltoall on one process hangs while a wildcard
 * receive is posted on its communicator, so no native collective runs while ours is pending. */
typedef struct refs {
    int n, p;
    int *send, *a2a, *ag, *ar, *bc;
    int *gat, *sca;        /* gather and scatter at root 0 (gat: p blocks at the root, all -1 elsewhere) */
    int *red, *red1;       /* reduce at root p - 1 with MPI_SUM and with `first` (all -1 elsewhere) */
    int *scan, *scan1;     /* scan with MPI_SUM and with `first` (rank 0's vector everywhere) */
    int *exscan, *exscan1; /* the same for exscan (rank 0: all -1, its recvbuf is never written) */
    int *rs, *rs1;         /* reduce_scatter(_block), n per block, with MPI_SUM and with `first` */
    MPI_Op first;          /* a op b = a: associative, not commutative */
    int *counts, *displs;  /* n and i * n for rank i: the v-collectives' uniform arguments */
    int *bdispls;          /* i * n * sizeof(int): alltoallw's byte displacements */
    MPI_Datatype *types;   /* MPI_INT for every peer: alltoallw's datatypes */
} refs;

/* The non-commutative op of the reduce runs: in op inout = in, so the result is rank 0's vector. */
static void first_op(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    memcpy(inout, in, sizeof(int) * (size_t)*len);
}

/* The references of scan, exscan and reduce_scatter(_block): MPI_SUM natively (MPI_Reduce_scatter
 * with uniform counts equals MPI_Reduce_scatter_block); `first` by hand, since rank 0's vector is
 * send[i] = i (SimGrid's native scan is wrong for user operations). */
static void make_scan_refs(refs *f, MPI_Comm comm, int rank)
{
    size_t vec = sizeof(int) * (size_t)f->n;
    int i;
    MPI_Scan(f->send, f->scan, f->n, MPI_INT, MPI_SUM, comm);
    memset(f->exscan, 0xff, vec);
    MPI_Exscan(f->send, f->exscan, f->n, MPI_INT, MPI_SUM, comm);
    MPI_Reduce_scatter(f->send, f->rs, f->counts, MPI_INT, MPI_SUM, comm);
    for (i = 0; i < f->n; i++) {
        f->scan1[i] = i;
        f->exscan1[i] = i;
        f->rs1[i] = rank * f->n + i; /* block `rank` of rank 0's vector */
    }
    if (rank == 0) { /* undefined there: the catalogue leaves it untouched */
        memset(f->exscan, 0xff, vec);
        memset(f->exscan1, 0xff, vec);
    }
}

static void make_refs(refs *f, MPI_Comm comm, int p, int rank)
{
    int i;
    f->n = 5;
    f->p = p;
    f->send = (int *)th_alloc(sizeof(int) * (size_t)(f->n * p));
    f->a2a = (int *)th_alloc(sizeof(int) * (size_t)(f->n * p));
    f->ag = (int *)th_alloc(sizeof(int) * (size_t)(f->n * p));
    f->ar = (int *)th_alloc(sizeof(int) * (size_t)f->n);
    f->bc = (int *)th_alloc(sizeof(int) * (size_t)f->n);
    f->gat = (int *)th_alloc(sizeof(int) * (size_t)(f->n * p));
    f->sca = (int *)th_alloc(sizeof(int) * (size_t)f->n);
    f->red = (int *)th_alloc(sizeof(int) * (size_t)f->n);
    f->red1 = (int *)th_alloc(sizeof(int) * (size_t)f->n);
    f->scan = (int *)th_alloc(sizeof(int) * (size_t)f->n);
    f->scan1 = (int *)th_alloc(sizeof(int) * (size_t)f->n);
    f->exscan = (int *)th_alloc(sizeof(int) * (size_t)f->n);
    f->exscan1 = (int *)th_alloc(sizeof(int) * (size_t)f->n);
    f->rs = (int *)th_alloc(sizeof(int) * (size_t)f->n);
    f->rs1 = (int *)th_alloc(sizeof(int) * (size_t)f->n);
    f->counts = (int *)th_alloc(sizeof(int) * (size_t)p);
    f->displs = (int *)th_alloc(sizeof(int) * (size_t)p);
    f->bdispls = (int *)th_alloc(sizeof(int) * (size_t)p);
    f->types = (MPI_Datatype *)th_alloc(sizeof(MPI_Datatype) * (size_t)p);
    for (i = 0; i < p; i++) {
        f->counts[i] = f->n;
        f->displs[i] = i * f->n;
        f->bdispls[i] = i * f->n * (int)sizeof(int);
        f->types[i] = MPI_INT;
    }
    for (i = 0; i < f->n * p; i++)
        f->send[i] = rank * 1000 + i;
    MPI_Alltoall(f->send, f->n, MPI_INT, f->a2a, f->n, MPI_INT, comm);
    MPI_Allgather(f->send, f->n, MPI_INT, f->ag, f->n, MPI_INT, comm);
    MPI_Allreduce(f->send, f->ar, f->n, MPI_INT, MPI_SUM, comm);
    memcpy(f->bc, f->send, sizeof(int) * (size_t)f->n);
    MPI_Bcast(f->bc, f->n, MPI_INT, p - 1, comm);
    memset(f->gat, 0xff, sizeof(int) * (size_t)(f->n * p));
    MPI_Gather(f->send, f->n, MPI_INT, f->gat, f->n, MPI_INT, 0, comm);
    MPI_Scatter(f->send, f->n, MPI_INT, f->sca, f->n, MPI_INT, 0, comm);
    memset(f->red, 0xff, sizeof(int) * (size_t)f->n);
    MPI_Reduce(f->send, f->red, f->n, MPI_INT, MPI_SUM, p - 1, comm);
    MPI_Op_create(first_op, 0, &f->first);
    memset(f->red1, 0xff, sizeof(int) * (size_t)f->n);
    MPI_Reduce(f->send, f->red1, f->n, MPI_INT, f->first, p - 1, comm);
    make_scan_refs(f, comm, rank);
}

static void free_refs(refs *f)
{
    free(f->send);
    free(f->a2a);
    free(f->ag);
    free(f->ar);
    free(f->bc);
    free(f->gat);
    free(f->sca);
    free(f->red);
    free(f->red1);
    free(f->scan);
    free(f->scan1);
    free(f->exscan);
    free(f->exscan1);
    free(f->rs);
    free(f->rs1);
    MPI_Op_free(&f->first);
    free(f->counts);
    free(f->displs);
    free(f->bdispls);
    free(f->types);
}

/* One algorithm of each family on comm, each checked against its native reference. */
static void run_families(MPI_Comm comm, const refs *f)
{
    size_t blocks = sizeof(int) * (size_t)(f->n * f->p), vec = sizeof(int) * (size_t)f->n;
    int *b = (int *)th_alloc(blocks);

    collalg_alltoall_pair_light_barrier(f->send, f->n, MPI_INT, b, f->n, MPI_INT, comm);
    th_check(&r, &o, "isolation: alltoall pair_light_barrier", b, f->a2a, blocks);
    collalg_allgather_bruck(f->send, f->n, MPI_INT, b, f->n, MPI_INT, comm);
    th_check(&r, &o, "isolation: allgather bruck", b, f->ag, blocks);
    collalg_allreduce_rabenseifner(f->send, b, f->n, MPI_INT, MPI_SUM, comm);
    th_check(&r, &o, "isolation: allreduce rabenseifner", b, f->ar, vec);
    memcpy(b, f->send, vec);
    collalg_bcast_binomial(b, f->n, MPI_INT, f->p - 1, comm);
    th_check(&r, &o, "isolation: bcast binomial", b, f->bc, vec);
    /* uniform v-collectives move what alltoall and allgather move */
    collalg_alltoallv_greedy(f->send, f->counts, f->displs, MPI_INT, b, f->counts, f->displs, MPI_INT, comm);
    th_check(&r, &o, "isolation: alltoallv greedy", b, f->a2a, blocks);
    collalg_allgatherv_logical_ring(f->send, f->n, MPI_INT, b, f->counts, f->displs, MPI_INT, comm);
    th_check(&r, &o, "isolation: allgatherv logical_ring", b, f->ag, blocks);
    th_expect(&r, &o, "isolation: barrier dissemination", collalg_barrier_dissemination(comm) == MPI_SUCCESS);
    free(b);
}

/* Records `what` (prefixed "isolation: ") as a case: the call's result `err` and the first `bytes`
 * of `got` against `want`. */
static void check_call(const char *what, int err, const int *got, const int *want, size_t bytes)
{
    char text[160];
    snprintf(text, sizeof text, "isolation: %s", what);
    th_check(&r, &o, text, got, want, bytes);
    snprintf(text, sizeof text, "isolation: %s returned MPI_SUCCESS", what);
    th_expect(&r, &o, text, err == MPI_SUCCESS);
}

/* Every reduce algorithm at root p - 1 into b (n ints): MPI_SUM, then the non-commutative `first`
 * (unless restrictions.h says commutative only), then `first` again with one int per segment for the segmented ones (n segments in flight). */
static void run_reduces(MPI_Comm comm, const refs *f, int *b)
{
    size_t vec = sizeof(int) * (size_t)f->n;
    int i, err, root = f->p - 1, seg = (int)sizeof(int);
    char what[120];
    TC_EACH (reduce, i) {
        memset(b, 0xff, vec);
        err = TC_FN(reduce, i)(f->send, b, f->n, MPI_INT, MPI_SUM, root, comm);
        check_call(tc_catalogue[i].name, err, b, f->red, vec);
        if (tc_restrictions(tc_catalogue[i].name) & COLLALG_R_COMMUTATIVE)
            continue;
        memset(b, 0xff, vec);
        err = TC_FN(reduce, i)(f->send, b, f->n, MPI_INT, f->first, root, comm);
        snprintf(what, sizeof what, "%s, non-commutative", tc_catalogue[i].name);
        check_call(what, err, b, f->red1, vec);
    }
    for (i = 0; i < 5; i++) {
        static const char *const names[] = {"in_order_binary", "binary_tree", "chain", "pipeline", "knomial"};
        memset(b, 0xff, vec);
        if (i == 0)
            err = collalg_reduce_in_order_binary(f->send, b, f->n, MPI_INT, f->first, root, comm, seg);
        else if (i == 1)
            err = collalg_reduce_binary_tree(f->send, b, f->n, MPI_INT, f->first, root, comm, seg);
        else if (i == 2)
            err = collalg_reduce_chain(f->send, b, f->n, MPI_INT, f->first, root, comm, 0, seg);
        else if (i == 3)
            err = collalg_reduce_pipeline(f->send, b, f->n, MPI_INT, f->first, root, comm, seg);
        else
            err = collalg_reduce_knomial(f->send, b, f->n, MPI_INT, f->first, root, comm, 0, seg);
        snprintf(what, sizeof what, "reduce %s, non-commutative, segsize 4", names[i]);
        check_call(what, err, b, f->red1, vec);
    }
}

/* One scan or exscan algorithm into b (n ints, -1 before each call): MPI_SUM against `sum`, the
 * non-commutative `first` against `first`. */
static void run_scan(MPI_Comm comm, const refs *f, int *b, const char *name, collalg_scan_fn fn, const int *sum,
                     const int *first)
{
    size_t vec = sizeof(int) * (size_t)f->n;
    char what[160];
    int err;
    memset(b, 0xff, vec);
    err = fn(f->send, b, f->n, MPI_INT, MPI_SUM, comm);
    check_call(name, err, b, sum, vec);
    memset(b, 0xff, vec);
    err = fn(f->send, b, f->n, MPI_INT, f->first, comm);
    snprintf(what, sizeof what, "%s, non-commutative", name);
    check_call(what, err, b, first, vec);
}

/* Every scan, exscan, reduce_scatter_block and reduce_scatter algorithm into b: MPI_SUM, and the
 * non-commutative `first` where restrictions.h allows it; the linear pipelines also with one int
 * per segment (n segments in flight). Reduce_scatter takes the uniform counts (n per rank). */
static void run_scans(MPI_Comm comm, const refs *f, int *b)
{
    size_t vec = sizeof(int) * (size_t)f->n;
    int i, err, seg = (int)sizeof(int);
    char what[160];
    TC_EACH (scan, i)
        run_scan(comm, f, b, tc_catalogue[i].name, TC_FN(scan, i), f->scan, f->scan1);
    TC_EACH (exscan, i)
        run_scan(comm, f, b, tc_catalogue[i].name, TC_FN(exscan, i), f->exscan, f->exscan1);
    memset(b, 0xff, vec);
    err = collalg_scan_linear(f->send, b, f->n, MPI_INT, f->first, comm, seg);
    check_call("scan linear, non-commutative, segsize 4", err, b, f->scan1, vec);
    memset(b, 0xff, vec);
    err = collalg_exscan_linear(f->send, b, f->n, MPI_INT, f->first, comm, seg);
    check_call("exscan linear, non-commutative, segsize 4", err, b, f->exscan1, vec);
    TC_EACH (reduce_scatter_block, i) {
        const char *name = tc_catalogue[i].name;
        collalg_reduce_scatter_block_fn fn = TC_FN(reduce_scatter_block, i);
        memset(b, 0xff, vec);
        err = fn(f->send, b, f->n, MPI_INT, MPI_SUM, comm);
        check_call(name, err, b, f->rs, vec);
        if (tc_restrictions(name) & COLLALG_R_COMMUTATIVE)
            continue;
        memset(b, 0xff, vec);
        err = fn(f->send, b, f->n, MPI_INT, f->first, comm);
        snprintf(what, sizeof what, "%s, non-commutative", name);
        check_call(what, err, b, f->rs1, vec);
    }
    TC_EACH (reduce_scatter, i) {
        const char *name = tc_catalogue[i].name;
        collalg_reduce_scatter_fn fn = TC_FN(reduce_scatter, i);
        memset(b, 0xff, vec);
        err = fn(f->send, b, f->counts, MPI_INT, MPI_SUM, comm);
        check_call(name, err, b, f->rs, vec);
        if (tc_restrictions(name) & COLLALG_R_COMMUTATIVE)
            continue;
        memset(b, 0xff, vec);
        err = fn(f->send, b, f->counts, MPI_INT, f->first, comm);
        snprintf(what, sizeof what, "%s, non-commutative", name);
        check_call(what, err, b, f->rs1, vec);
    }
}

/* Every algorithm of the rooted families (root 0; reduce: root p - 1), of alltoallw and of the scans
 * and reduce-scatters on comm.
 * Receive buffers start at -1, so that a non-root's gather and reduce buffers must stay as the
 * reference's. */
static void run_new_families(MPI_Comm comm, const refs *f)
{
    size_t blocks = sizeof(int) * (size_t)(f->n * f->p), vec = sizeof(int) * (size_t)f->n;
    int *b = (int *)th_alloc(blocks), i, err;
    const int *c = f->counts, *d = f->displs, *bd = f->bdispls;

    TC_EACH (gather, i) {
        memset(b, 0xff, blocks);
        err = TC_FN(gather, i)(f->send, f->n, MPI_INT, b, f->n, MPI_INT, 0, comm);
        check_call(tc_catalogue[i].name, err, b, f->gat, blocks);
    }
    TC_EACH (gatherv, i) {
        memset(b, 0xff, blocks);
        err = TC_FN(gatherv, i)(f->send, f->n, MPI_INT, b, c, d, MPI_INT, 0, comm);
        check_call(tc_catalogue[i].name, err, b, f->gat, blocks);
    }
    TC_EACH (scatter, i) {
        memset(b, 0xff, vec);
        err = TC_FN(scatter, i)(f->send, f->n, MPI_INT, b, f->n, MPI_INT, 0, comm);
        check_call(tc_catalogue[i].name, err, b, f->sca, vec);
    }
    TC_EACH (scatterv, i) {
        memset(b, 0xff, vec);
        err = TC_FN(scatterv, i)(f->send, c, d, MPI_INT, b, f->n, MPI_INT, 0, comm);
        check_call(tc_catalogue[i].name, err, b, f->sca, vec);
    }
    TC_EACH (alltoallw, i) {
        memset(b, 0xff, blocks);
        err = TC_FN(alltoallw, i)(f->send, c, bd, f->types, b, c, bd, f->types, comm);
        check_call(tc_catalogue[i].name, err, b, f->a2a, blocks);
    }
    run_reduces(comm, f, b);
    run_scans(comm, f, b);
    memcpy(b, f->send, blocks); /* and pair_inplace's own path: the in-place swaps */
    err = collalg_alltoallw_pair_inplace(MPI_IN_PLACE, NULL, NULL, NULL, b, c, bd, f->types, comm);
    check_call("alltoallw pair_inplace, in place", err, b, f->a2a, blocks);
    free(b);
}

/* One round: wildcard receive posted first, the seventeen families, then the application message. */
static void round_on(MPI_Comm comm, const char *label)
{
    int p, rank, got = -1, ok, flag = 0, one = 1, all = 0, mine;
    MPI_Request req;
    MPI_Status st;
    char what[160];
    refs f;
    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &rank);
    make_refs(&f, comm, p, rank);
    MPI_Irecv(&got, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &req);
    run_families(comm, &f);
    run_new_families(comm, &f);
    MPI_Test(&req, &flag, &st);
    /* a catalogue allreduce as the barrier: no application message is sent before every rank has
     * tested its wildcard receive */
    collalg_allreduce_recursive_doubling(&one, &all, 1, MPI_INT, MPI_SUM, comm);
    if (flag)
        fprintf(stderr, "rank %d: the wildcard receive caught a message from %d, tag %d, value %d\n", rank,
                st.MPI_SOURCE, st.MPI_TAG, got);
    snprintf(what, sizeof what, "%s: wildcard receive still pending after the collectives", label);
    th_expect(&r, &o, what, !flag && all == p);
    mine = 7000 + rank;
    MPI_Send(&mine, 1, MPI_INT, (rank + 1) % p, APP_TAG, comm);
    MPI_Wait(&req, &st);
    ok = got == 7000 + (rank + p - 1) % p && st.MPI_SOURCE == (rank + p - 1) % p && st.MPI_TAG == APP_TAG;
    snprintf(what, sizeof what, "%s: wildcard receive got the application's message", label);
    th_expect(&r, &o, what, ok);
    free_refs(&f);
}

int main(int argc, char **argv)
{
    MPI_Comm dup, split, priv1 = MPI_COMM_NULL, priv2 = MPI_COMM_NULL, privdup = MPI_COMM_NULL;
    int rank, p, status, cmp = MPI_UNEQUAL;

    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &p);

    round_on(MPI_COMM_WORLD, "MPI_COMM_WORLD");
    round_on(MPI_COMM_WORLD, "MPI_COMM_WORLD again");

    /* The private communicator is cached: the same handle on every call. */
    collalg__private_comm(MPI_COMM_WORLD, &priv1);
    collalg__private_comm(MPI_COMM_WORLD, &priv2);
    th_expect(&r, &o, "private communicator cached", priv1 == priv2 && priv1 != MPI_COMM_NULL);
    MPI_Comm_compare(priv1, MPI_COMM_WORLD, &cmp);
    th_expect(&r, &o, "private communicator is a duplicate (congruent, not identical)", cmp == MPI_CONGRUENT);

    /* A duplicate of the user's communicator does not inherit the cached one. */
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    round_on(dup, "a duplicate of MPI_COMM_WORLD");
    collalg__private_comm(dup, &privdup);
    th_expect(&r, &o, "duplicate has its own private communicator", privdup != priv1);
    MPI_Comm_free(&dup); /* frees privdup through the attribute's delete callback */

    /* A sub-communicator with ranks reordered. */
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, p - rank, &split);
    round_on(split, "a split communicator, reversed ranks");
    MPI_Comm_free(&split);

    status = th_finish(&r, "isolation");
    MPI_Finalize();
    return status;
}
