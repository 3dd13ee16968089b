/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * persistent.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): the seventeen persistent collectives (MPI-4's MPI_<Coll>_init under MPICH,
 * Open MPI 4.1's MPIX_<Coll>_init), an in-place allreduce and an allreduce with a non-commutative
 * operation, on MPI_COMM_WORLD and a split communicator, 3 and 100 ints per block. Each request is
 * initialised once and started in four rounds, the send data changed before each (the result must
 * follow the contents at the start, not at init): round 0 MPI_Start and MPI_Wait one by one;
 * rounds 1 to 3 one MPI_Startall on an array that mixes them with a persistent point-to-point
 * receive and send (MPI_Recv_init, MPI_Send_init), completed by MPI_Waitall (statuses), by
 * MPI_Waitany and by MPI_Waitsome (MPI_STATUSES_IGNORE), each request once. Each result is compared with the blocking collective's on the same data and
 * dumped; then every request is freed while inactive (MPI_Request_free must set it to
 * MPI_REQUEST_NULL), and one more is initialised and freed without a start. Prints
 * "persistent p=<p>: <k> checks, <f> failed" and exits 1 when one failed.
 */
#include "pm_common.h"
#if defined(OPEN_MPI) && OPEN_MPI
#include <mpi-ext.h>
#define PS_INIT(Name) MPIX_##Name##_init
#else
#define PS_INIT(Name) MPI_##Name##_init
#endif

/* The collective requests: the seventeen, allreduce in place (max), allreduce non-commutative. */
enum {
    PS_BARRIER,
    PS_BCAST,
    PS_GATHER,
    PS_GATHERV,
    PS_SCATTER,
    PS_SCATTERV,
    PS_ALLGATHER,
    PS_ALLGATHERV,
    PS_ALLTOALL,
    PS_ALLTOALLV,
    PS_ALLTOALLW,
    PS_REDUCE,
    PS_ALLREDUCE,
    PS_REDUCE_SCATTER_BLOCK,
    PS_REDUCE_SCATTER,
    PS_SCAN,
    PS_EXSCAN,
    PS_ALLREDUCE_INPLACE,
    PS_ALLREDUCE_LEFT,
    PS_N
};
static const char *const ps_name[PS_N] = {"barrier",
                                          "bcast",
                                          "gather",
                                          "gatherv",
                                          "scatter",
                                          "scatterv",
                                          "allgather",
                                          "allgatherv",
                                          "alltoall",
                                          "alltoallv",
                                          "alltoallw",
                                          "reduce",
                                          "allreduce",
                                          "reduce_scatter_block",
                                          "reduce_scatter",
                                          "scan",
                                          "exscan",
                                          "allreduce in-place",
                                          "allreduce non-commutative"};

static int ps_checks, ps_failed;

/* MPI_STATUSES_IGNORE through a volatile pointer (GCC 12 warns on MPICH's sentinel at -O2). */
static MPI_Status *ps_statuses_ignore(void)
{
    MPI_Status *volatile s = MPI_STATUSES_IGNORE;
    return s;
}

/* One communicator's buffers: n ints per block, p blocks (and room for the v-collectives). */
typedef struct ps_bufs {
    int n, p, rank, left, right;
    MPI_Comm comm;
    MPI_Op left_op;
    int *s;                  /* send data, refilled before each start */
    int *r[PS_N], *w[PS_N];  /* persistent results; blocking results */
    int *counts, *displs;    /* v-collectives: n + j ints from/to rank j */
    int *pair, *bdispls;     /* alltoallv, alltoallw: n + (rank + j) % 3 ints to and from rank j */
    MPI_Datatype *types;     /* alltoallw: MPI_INT per peer */
    int msg, got;            /* the point-to-point pair's buffers */
    MPI_Request q[PS_N + 2]; /* the collectives, then the receive and the send */
} ps_bufs;

static int *ps_alloc(size_t ints)
{
    int *b = (int *)malloc(ints * sizeof(int) + 1);
    if (!b)
        MPI_Abort(MPI_COMM_WORLD, 2);
    return b;
}

static size_t ps_ints(const ps_bufs *b)
{
    return (size_t)b->p * (size_t)(b->n + b->p);
}

/* Initialises every request once (the buffers' addresses are fixed; their contents change). */
static void ps_init_all(ps_bufs *b, int *err)
{
    MPI_Info info = MPI_INFO_NULL;
    int root = b->p - 1;
    err[PS_BARRIER] = PS_INIT(Barrier)(b->comm, info, &b->q[PS_BARRIER]);
    err[PS_BCAST] = PS_INIT(Bcast)(b->r[PS_BCAST], b->n, MPI_INT, root, b->comm, info, &b->q[PS_BCAST]);
    err[PS_GATHER] =
        PS_INIT(Gather)(b->s, b->n, MPI_INT, b->r[PS_GATHER], b->n, MPI_INT, 0, b->comm, info, &b->q[PS_GATHER]);
    err[PS_GATHERV] = PS_INIT(Gatherv)(b->s, b->counts[b->rank], MPI_INT, b->r[PS_GATHERV], b->counts, b->displs,
                                       MPI_INT, 0, b->comm, info, &b->q[PS_GATHERV]);
    err[PS_SCATTER] =
        PS_INIT(Scatter)(b->s, b->n, MPI_INT, b->r[PS_SCATTER], b->n, MPI_INT, root, b->comm, info, &b->q[PS_SCATTER]);
    err[PS_SCATTERV] = PS_INIT(Scatterv)(b->s, b->counts, b->displs, MPI_INT, b->r[PS_SCATTERV], b->counts[b->rank],
                                         MPI_INT, root, b->comm, info, &b->q[PS_SCATTERV]);
    err[PS_ALLGATHER] =
        PS_INIT(Allgather)(b->s, b->n, MPI_INT, b->r[PS_ALLGATHER], b->n, MPI_INT, b->comm, info, &b->q[PS_ALLGATHER]);
    err[PS_ALLGATHERV] = PS_INIT(Allgatherv)(b->s, b->counts[b->rank], MPI_INT, b->r[PS_ALLGATHERV], b->counts,
                                             b->displs, MPI_INT, b->comm, info, &b->q[PS_ALLGATHERV]);
    err[PS_ALLTOALL] =
        PS_INIT(Alltoall)(b->s, b->n, MPI_INT, b->r[PS_ALLTOALL], b->n, MPI_INT, b->comm, info, &b->q[PS_ALLTOALL]);
    err[PS_ALLTOALLV] = PS_INIT(Alltoallv)(b->s, b->pair, b->displs, MPI_INT, b->r[PS_ALLTOALLV], b->pair, b->displs,
                                           MPI_INT, b->comm, info, &b->q[PS_ALLTOALLV]);
    err[PS_ALLTOALLW] = PS_INIT(Alltoallw)(b->s, b->pair, b->bdispls, b->types, b->r[PS_ALLTOALLW], b->pair, b->bdispls,
                                           b->types, b->comm, info, &b->q[PS_ALLTOALLW]);
    err[PS_REDUCE] = PS_INIT(Reduce)(b->s, b->r[PS_REDUCE], b->n, MPI_INT, MPI_SUM, 0, b->comm, info, &b->q[PS_REDUCE]);
    err[PS_ALLREDUCE] =
        PS_INIT(Allreduce)(b->s, b->r[PS_ALLREDUCE], b->n, MPI_INT, MPI_SUM, b->comm, info, &b->q[PS_ALLREDUCE]);
    err[PS_REDUCE_SCATTER_BLOCK] = PS_INIT(Reduce_scatter_block)(
        b->s, b->r[PS_REDUCE_SCATTER_BLOCK], b->n, MPI_INT, MPI_SUM, b->comm, info, &b->q[PS_REDUCE_SCATTER_BLOCK]);
    err[PS_REDUCE_SCATTER] = PS_INIT(Reduce_scatter)(b->s, b->r[PS_REDUCE_SCATTER], b->counts, MPI_INT, MPI_SUM,
                                                     b->comm, info, &b->q[PS_REDUCE_SCATTER]);
    err[PS_SCAN] = PS_INIT(Scan)(b->s, b->r[PS_SCAN], b->n, MPI_INT, MPI_SUM, b->comm, info, &b->q[PS_SCAN]);
    err[PS_EXSCAN] = PS_INIT(Exscan)(b->s, b->r[PS_EXSCAN], b->n, MPI_INT, MPI_SUM, b->comm, info, &b->q[PS_EXSCAN]);
    err[PS_ALLREDUCE_INPLACE] = PS_INIT(Allreduce)(MPI_IN_PLACE, b->r[PS_ALLREDUCE_INPLACE], b->n, MPI_INT, MPI_MAX,
                                                   b->comm, info, &b->q[PS_ALLREDUCE_INPLACE]);
    err[PS_ALLREDUCE_LEFT] = PS_INIT(Allreduce)(b->s, b->r[PS_ALLREDUCE_LEFT], b->n, MPI_INT, b->left_op, b->comm, info,
                                                &b->q[PS_ALLREDUCE_LEFT]);
    MPI_Recv_init(&b->got, 1, MPI_INT, b->left, 7, b->comm, &b->q[PS_N]);
    MPI_Send_init(&b->msg, 1, MPI_INT, b->right, 7, b->comm, &b->q[PS_N + 1]);
}

/* The blocking collectives on the data of this round, into w. */
static void ps_blocking_all(ps_bufs *b)
{
    int root = b->p - 1;
    MPI_Barrier(b->comm);
    MPI_Bcast(b->w[PS_BCAST], b->n, MPI_INT, root, b->comm);
    MPI_Gather(b->s, b->n, MPI_INT, b->w[PS_GATHER], b->n, MPI_INT, 0, b->comm);
    MPI_Gatherv(b->s, b->counts[b->rank], MPI_INT, b->w[PS_GATHERV], b->counts, b->displs, MPI_INT, 0, b->comm);
    MPI_Scatter(b->s, b->n, MPI_INT, b->w[PS_SCATTER], b->n, MPI_INT, root, b->comm);
    MPI_Scatterv(b->s, b->counts, b->displs, MPI_INT, b->w[PS_SCATTERV], b->counts[b->rank], MPI_INT, root, b->comm);
    MPI_Allgather(b->s, b->n, MPI_INT, b->w[PS_ALLGATHER], b->n, MPI_INT, b->comm);
    MPI_Allgatherv(b->s, b->counts[b->rank], MPI_INT, b->w[PS_ALLGATHERV], b->counts, b->displs, MPI_INT, b->comm);
    MPI_Alltoall(b->s, b->n, MPI_INT, b->w[PS_ALLTOALL], b->n, MPI_INT, b->comm);
    MPI_Alltoallv(b->s, b->pair, b->displs, MPI_INT, b->w[PS_ALLTOALLV], b->pair, b->displs, MPI_INT, b->comm);
    MPI_Alltoallw(b->s, b->pair, b->bdispls, b->types, b->w[PS_ALLTOALLW], b->pair, b->bdispls, b->types, b->comm);
    MPI_Reduce(b->s, b->w[PS_REDUCE], b->n, MPI_INT, MPI_SUM, 0, b->comm);
    MPI_Allreduce(b->s, b->w[PS_ALLREDUCE], b->n, MPI_INT, MPI_SUM, b->comm);
    MPI_Reduce_scatter_block(b->s, b->w[PS_REDUCE_SCATTER_BLOCK], b->n, MPI_INT, MPI_SUM, b->comm);
    MPI_Reduce_scatter(b->s, b->w[PS_REDUCE_SCATTER], b->counts, MPI_INT, MPI_SUM, b->comm);
    MPI_Scan(b->s, b->w[PS_SCAN], b->n, MPI_INT, MPI_SUM, b->comm);
    MPI_Exscan(b->s, b->w[PS_EXSCAN], b->n, MPI_INT, MPI_SUM, b->comm);
    MPI_Allreduce(MPI_IN_PLACE, b->w[PS_ALLREDUCE_INPLACE], b->n, MPI_INT, MPI_MAX, b->comm);
    MPI_Allreduce(b->s, b->w[PS_ALLREDUCE_LEFT], b->n, MPI_INT, b->left_op, b->comm);
}

/* New contents for round `round`: the send data, the broadcast root's and the in-place buffers
 * (in both r and w), every other result -1. */
static void ps_refill(ps_bufs *b, int round)
{
    size_t k, all = ps_ints(b);
    int i;
    for (k = 0; k < all; k++)
        b->s[k] = (1000 * b->rank + 7 * (int)k + 389 * round) % 997;
    for (i = 0; i < PS_N; i++)
        for (k = 0; k < all; k++)
            b->r[i][k] = b->w[i][k] = -1;
    for (k = 0; k < (size_t)b->n; k++) {
        b->r[PS_ALLREDUCE_INPLACE][k] = b->w[PS_ALLREDUCE_INPLACE][k] = b->s[k];
        if (b->rank == b->p - 1)
            b->r[PS_BCAST][k] = b->w[PS_BCAST][k] = b->s[k];
    }
    b->msg = 1000 * b->rank + round;
    b->got = -1;
}

/* The bytes of result i to compare: whole allocations, exscan's undefined rank 0 excepted. */
static size_t ps_bytes(const ps_bufs *b, int i)
{
    if (i == PS_EXSCAN && b->rank == 0)
        return 0;
    return ps_ints(b) * sizeof(int);
}

/* Compares every result of round `round` with the blocking one and dumps it. */
static void ps_check_all(ps_bufs *b, const char *tag, int round, const int *err)
{
    char label[120];
    int i;
    ps_blocking_all(b);
    for (i = 0; i < PS_N; i++) {
        snprintf(label, sizeof label, "%s round %d %s", tag, round, ps_name[i]);
        ps_checks++;
        if (err[i] != MPI_SUCCESS || memcmp(b->r[i], b->w[i], ps_bytes(b, i)) != 0) {
            ps_failed++;
            fprintf(stderr, "persistent: [%d] %s: %s\n", pm_world_rank, label,
                    err[i] != MPI_SUCCESS ? "error" : "differs from the blocking collective");
        }
        pm_dump(label, b->r[i], ps_bytes(b, i), err[i]);
    }
}

/* Checks the point-to-point message of round `round` (and its status when `st` is not NULL). */
static void ps_check_p2p(const ps_bufs *b, const char *tag, int round, const MPI_Status *st)
{
    ps_checks++;
    if (b->got != 1000 * b->left + round || (st && (st->MPI_SOURCE != b->left || st->MPI_TAG != 7))) {
        ps_failed++;
        fprintf(stderr, "persistent: [%d] %s round %d: point-to-point message %d\n", pm_world_rank, tag, round, b->got);
    }
}

/* Round 0: each collective started and waited for alone. */
static void ps_round_wait(ps_bufs *b, const char *tag, int round)
{
    int err[PS_N], i;
    ps_refill(b, round);
    for (i = 0; i < PS_N; i++) {
        err[i] = MPI_Start(&b->q[i]);
        if (err[i] == MPI_SUCCESS)
            err[i] = MPI_Wait(&b->q[i], MPI_STATUS_IGNORE);
    }
    ps_check_all(b, tag, round, err);
}

/* Rounds 1 to 3: one MPI_Startall of the receive, the collectives and the send, completed by
 * MPI_Waitall (round 1), MPI_Waitany (2) or MPI_Waitsome (3) until no request is active. */
static void ps_round_all(ps_bufs *b, const char *tag, int round)
{
    MPI_Status st[PS_N + 2];
    int err[PS_N], e, i, index, out, idx[PS_N + 2], done = 0;
    char seen[PS_N + 2];
    memset(seen, 0, sizeof seen);
    ps_refill(b, round);
    e = MPI_Startall(PS_N + 2, b->q);
    if (e == MPI_SUCCESS && round == 1)
        e = MPI_Waitall(PS_N + 2, b->q, st), done = PS_N + 2;
    /* Until every request has completed once, counting each index once, not until
     * MPI_UNDEFINED: MPICH 4.0.2's own MPI_Waitany and MPI_Waitsome do not take a completed
     * persistent collective request for an inactive one (they report it again, or wait for it
     * forever). */
    while (e == MPI_SUCCESS && round == 2 && done < PS_N + 2) {
        e = MPI_Waitany(PS_N + 2, b->q, &index, MPI_STATUS_IGNORE);
        if (index == MPI_UNDEFINED)
            break;
        done += !seen[index];
        seen[index] = 1;
    }
    while (e == MPI_SUCCESS && round == 3 && done < PS_N + 2) {
        e = MPI_Waitsome(PS_N + 2, b->q, &out, idx, ps_statuses_ignore());
        if (out == MPI_UNDEFINED)
            break;
        for (i = 0; i < out; i++) {
            done += !seen[idx[i]];
            seen[idx[i]] = 1;
        }
    }
    for (i = 0; i < PS_N; i++)
        err[i] = e;
    ps_check_all(b, tag, round, err);
    ps_check_p2p(b, tag, round, round == 1 ? &st[PS_N] : NULL);
    ps_checks++;
    if (done != PS_N + 2) {
        ps_failed++;
        fprintf(stderr, "persistent: [%d] %s round %d: %d completions, expected %d\n", pm_world_rank, tag, round, done,
                PS_N + 2);
    }
}

/* Frees every request (inactive) and checks that each is MPI_REQUEST_NULL; then one more
 * allreduce initialised and freed without a start. */
static void ps_free_all(ps_bufs *b, const char *tag)
{
    MPI_Request extra;
    int i, bad = 0, e;
    for (i = 0; i < PS_N + 2; i++)
        if (MPI_Request_free(&b->q[i]) != MPI_SUCCESS || b->q[i] != MPI_REQUEST_NULL)
            bad++;
    e = PS_INIT(Allreduce)(b->s, b->r[0], b->n, MPI_INT, MPI_SUM, b->comm, MPI_INFO_NULL, &extra);
    if (e != MPI_SUCCESS || MPI_Request_free(&extra) != MPI_SUCCESS || extra != MPI_REQUEST_NULL)
        bad++;
    ps_checks++;
    if (bad) {
        ps_failed++;
        fprintf(stderr, "persistent: [%d] %s: %d requests not freed\n", pm_world_rank, tag, bad);
    }
}

/* Sets up the buffers of communicator `comm` with n ints per block (layouts as in
 * nonblocking.c: block j of the v-collectives n + j ints, of alltoallv/w n + (rank + j) % 3). */
static void ps_setup(ps_bufs *b, MPI_Comm comm, int n)
{
    int i, j, *lay;
    memset(b, 0, sizeof *b);
    b->comm = comm;
    b->n = n;
    MPI_Comm_rank(comm, &b->rank);
    MPI_Comm_size(comm, &b->p);
    b->left = (b->rank + b->p - 1) % b->p;
    b->right = (b->rank + 1) % b->p;
    MPI_Op_create(pm_left, 0, &b->left_op);
    b->s = ps_alloc(ps_ints(b));
    for (i = 0; i < PS_N; i++) {
        b->r[i] = ps_alloc(ps_ints(b));
        b->w[i] = ps_alloc(ps_ints(b));
    }
    lay = ps_alloc(4 * (size_t)b->p); /* counts, displs, pair, bdispls in one block */
    b->types = (MPI_Datatype *)malloc((size_t)b->p * sizeof(MPI_Datatype));
    b->counts = lay, b->displs = lay + b->p, b->pair = lay + 2 * b->p, b->bdispls = lay + 3 * b->p;
    for (j = 0; j < b->p; j++) {
        lay[j] = n + j;
        lay[b->p + j] = j * (n + b->p);
        lay[2 * b->p + j] = n + (b->rank + j) % 3;
        lay[3 * b->p + j] = lay[b->p + j] * (int)sizeof(int);
        b->types[j] = MPI_INT;
    }
}

static void ps_teardown(ps_bufs *b)
{
    int i;
    MPI_Op_free(&b->left_op);
    for (i = 0; i < PS_N; i++) {
        free(b->r[i]);
        free(b->w[i]);
    }
    free(b->s);
    free(b->counts);
    free(b->types);
}

int main(int argc, char **argv)
{
    static const int ns[2] = {3, 100};
    ps_bufs b;
    int c, k, i, round, err[PS_N];
    char tag[64];
    pm_init(&argc, &argv);
    for (c = 0; c < PM_NCOMMS; c++)
        for (k = 0; k < 2; k++) {
            ps_setup(&b, pm_comm[c], ns[k]);
            snprintf(tag, sizeof tag, "%s n=%d", pm_comm_name[c], b.n);
            ps_init_all(&b, err);
            for (i = 0; i < PS_N; i++)
                if (err[i] != MPI_SUCCESS) {
                    fprintf(stderr, "persistent: [%d] %s: %s init failed\n", pm_world_rank, tag, ps_name[i]);
                    MPI_Abort(MPI_COMM_WORLD, 4);
                }
            ps_round_wait(&b, tag, 0);
            for (round = 1; round <= 3; round++)
                ps_round_all(&b, tag, round);
            ps_free_all(&b, tag);
            ps_teardown(&b);
        }
    return pm_summary("persistent", ps_checks, ps_failed);
}
