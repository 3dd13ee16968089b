/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * nonblocking.c - an unmodified MPI program (tests/test_pmpi.c runs it with and without
 * libcollalg_pmpi.so): the seventeen nonblocking collectives on MPI_COMM_WORLD and a split
 * communicator, 3 and 257 ints per block, completed in every way an application may:
 * MPI_Wait (with a status and with MPI_STATUS_IGNORE), MPI_Waitall on an array that mixes an
 * MPI_Irecv, an MPI_Isend, MPI_REQUEST_NULL and two collectives, an MPI_Test loop, an MPI_Testany
 * loop, MPI_Waitany (until it answers MPI_UNDEFINED), an MPI_Waitsome loop with
 * MPI_STATUSES_IGNORE, and an MPI_Request_get_status loop; an MPI_Iallreduce with a
 * non-commutative operation (a forced ring must leave it to the native one). Each result is
 * compared with the blocking collective's on the same data (which the library leaves native when
 * no blocking algorithm is forced) and dumped; the point-to-point message and its status are
 * checked too. Prints "nonblocking p=<p>: <k> checks, <f> failed" and exits 1 when one failed.
 */
#include "pm_common.h"

static int nb_checks, nb_failed;

/* MPI_STATUSES_IGNORE through a volatile pointer (GCC 12 takes MPICH's sentinel address for an
 * array of size 0 and warns at -O2). */
static MPI_Status *nb_statuses_ignore(void)
{
    MPI_Status *volatile s = MPI_STATUSES_IGNORE;
    return s;
}

/* Compares `bytes` of the nonblocking result `got` with the blocking one `want`, dumps `got`. */
static void nb_check(const char *label, const void *got, const void *want, size_t bytes, int err)
{
    nb_checks++;
    if (err != MPI_SUCCESS || memcmp(got, want, bytes) != 0) {
        nb_failed++;
        fprintf(stderr, "nonblocking: [%d] %s: %s\n", pm_world_rank, label,
                err != MPI_SUCCESS ? "error" : "differs from the blocking collective");
    }
    pm_dump(label, got, bytes, err);
}

/* The buffers of one round: n ints per block, p blocks (and room for the v-collectives). */
typedef struct nb_bufs {
    int n, p, rank, left, right;
    MPI_Comm comm;
    int *s, *r[8], *w[8]; /* send data; nonblocking results; blocking results */
    int *counts, *displs; /* v-collectives: n + j ints from/to rank j */
    int *pair;            /* alltoallv, alltoallw: n + (rank + j) % 3 ints to and from rank j */
    MPI_Datatype *types;  /* alltoallw: MPI_INT per peer */
    int *bdispls;         /* alltoallw: displs in bytes */
} nb_bufs;

static int *nb_alloc(size_t ints, int fill)
{
    int *b = (int *)malloc(ints * sizeof(int) + 1);
    size_t k;
    if (!b)
        MPI_Abort(MPI_COMM_WORLD, 2);
    for (k = 0; k < ints; k++)
        b[k] = fill;
    return b;
}

/* Sizes: every buffer holds p blocks of n + p ints. */
static size_t nb_ints(const nb_bufs *b)
{
    return (size_t)b->p * (size_t)(b->n + b->p);
}

static void nb_reset(nb_bufs *b)
{
    size_t k, all = nb_ints(b);
    int i;
    for (i = 0; i < 8; i++)
        for (k = 0; k < all; k++)
            b->r[i][k] = b->w[i][k] = -1;
}

/* Waitall on a mixed array: irecv, ialltoall, MPI_REQUEST_NULL, isend, iallgather. */
static void nb_waitall(nb_bufs *b, const char *tag)
{
    MPI_Request q[5];
    MPI_Status st[5];
    int msg = 1000 + b->rank, got = -1, err, e1, e2;
    char label[160];
    nb_reset(b);
    MPI_Irecv(&got, 1, MPI_INT, b->left, 7, b->comm, &q[0]);
    e1 = MPI_Ialltoall(b->s, b->n, MPI_INT, b->r[0], b->n, MPI_INT, b->comm, &q[1]);
    q[2] = MPI_REQUEST_NULL;
    MPI_Isend(&msg, 1, MPI_INT, b->right, 7, b->comm, &q[3]);
    e2 = MPI_Iallgather(b->s, b->n, MPI_INT, b->r[1], b->n, MPI_INT, b->comm, &q[4]);
    err = MPI_Waitall(5, q, st);
    MPI_Alltoall(b->s, b->n, MPI_INT, b->w[0], b->n, MPI_INT, b->comm);
    MPI_Allgather(b->s, b->n, MPI_INT, b->w[1], b->n, MPI_INT, b->comm);
    snprintf(label, sizeof label, "%s waitall ialltoall", tag);
    nb_check(label, b->r[0], b->w[0], nb_ints(b) * sizeof(int), err ? err : e1);
    snprintf(label, sizeof label, "%s waitall iallgather", tag);
    nb_check(label, b->r[1], b->w[1], nb_ints(b) * sizeof(int), err ? err : e2);
    nb_checks++;
    if (got != 1000 + b->left || st[0].MPI_SOURCE != b->left || st[0].MPI_TAG != 7 || q[0] != MPI_REQUEST_NULL ||
        q[1] != MPI_REQUEST_NULL || q[4] != MPI_REQUEST_NULL) {
        nb_failed++;
        fprintf(stderr, "nonblocking: [%d] %s waitall: point-to-point message %d from %d tag %d\n", pm_world_rank, tag,
                got, st[0].MPI_SOURCE, st[0].MPI_TAG);
    }
}

/* MPI_Wait: iallreduce (sum, with a status), iallreduce in place (max, MPI_STATUS_IGNORE), ibcast. */
static void nb_wait(nb_bufs *b, const char *tag)
{
    MPI_Request q;
    MPI_Status st;
    int err, e;
    char label[160];
    nb_reset(b);
    e = MPI_Iallreduce(b->s, b->r[0], b->n, MPI_INT, MPI_SUM, b->comm, &q);
    err = MPI_Wait(&q, &st);
    MPI_Allreduce(b->s, b->w[0], b->n, MPI_INT, MPI_SUM, b->comm);
    snprintf(label, sizeof label, "%s wait iallreduce", tag);
    nb_check(label, b->r[0], b->w[0], (size_t)b->n * sizeof(int), err ? err : e);

    memcpy(b->r[1], b->s, (size_t)b->n * sizeof(int));
    memcpy(b->w[1], b->s, (size_t)b->n * sizeof(int));
    e = MPI_Iallreduce(MPI_IN_PLACE, b->r[1], b->n, MPI_INT, MPI_MAX, b->comm, &q);
    err = MPI_Wait(&q, MPI_STATUS_IGNORE);
    MPI_Allreduce(MPI_IN_PLACE, b->w[1], b->n, MPI_INT, MPI_MAX, b->comm);
    snprintf(label, sizeof label, "%s wait iallreduce in-place", tag);
    nb_check(label, b->r[1], b->w[1], (size_t)b->n * sizeof(int), err ? err : e);

    if (b->rank == b->p - 1)
        memcpy(b->r[2], b->s, (size_t)b->n * sizeof(int)), memcpy(b->w[2], b->s, (size_t)b->n * sizeof(int));
    e = MPI_Ibcast(b->r[2], b->n, MPI_INT, b->p - 1, b->comm, &q);
    err = MPI_Wait(&q, MPI_STATUS_IGNORE);
    MPI_Bcast(b->w[2], b->n, MPI_INT, b->p - 1, b->comm);
    snprintf(label, sizeof label, "%s wait ibcast", tag);
    nb_check(label, b->r[2], b->w[2], (size_t)b->n * sizeof(int), err ? err : e);
}

/* An MPI_Test loop on ireduce, then on iscan. */
static void nb_test(nb_bufs *b, const char *tag)
{
    MPI_Request q[2];
    int err = MPI_SUCCESS, e0, e1, flag = 0, k;
    char label[160];
    nb_reset(b);
    e0 = MPI_Ireduce(b->s, b->r[0], b->n, MPI_INT, MPI_SUM, 0, b->comm, &q[0]);
    e1 = MPI_Iscan(b->s, b->r[1], b->n, MPI_INT, MPI_SUM, b->comm, &q[1]);
    for (k = 0; k < 2; k++)
        for (flag = 0; !flag && err == MPI_SUCCESS;)
            err = MPI_Test(&q[k], &flag, MPI_STATUS_IGNORE);
    MPI_Reduce(b->s, b->w[0], b->n, MPI_INT, MPI_SUM, 0, b->comm);
    MPI_Scan(b->s, b->w[1], b->n, MPI_INT, MPI_SUM, b->comm);
    snprintf(label, sizeof label, "%s test ireduce", tag);
    nb_check(label, b->r[0], b->w[0], (size_t)b->n * sizeof(int), err ? err : e0);
    snprintf(label, sizeof label, "%s test iscan", tag);
    nb_check(label, b->r[1], b->w[1], (size_t)b->n * sizeof(int), err ? err : e1);
}

/* An MPI_Testany loop on iexscan and ireduce_scatter_block (until no request is active). */
static void nb_testany(nb_bufs *b, const char *tag)
{
    MPI_Request q[2];
    int err = MPI_SUCCESS, e0, e1, flag = 0, index = 0, done = 0;
    char label[160];
    nb_reset(b);
    e0 = MPI_Iexscan(b->s, b->r[0], b->n, MPI_INT, MPI_SUM, b->comm, &q[0]);
    e1 = MPI_Ireduce_scatter_block(b->s, b->r[1], b->n, MPI_INT, MPI_SUM, b->comm, &q[1]);
    while (err == MPI_SUCCESS && done < 3) {
        err = MPI_Testany(2, q, &index, &flag, MPI_STATUS_IGNORE);
        if (flag)
            done += index == MPI_UNDEFINED ? 3 : 1;
    }
#ifdef SMPI_H
    /* SimGrid 3.32's MPI_Testany reports its own nonblocking collectives inactive at once (the
     * native run shows it): complete them here, and do not count. */
    if (err == MPI_SUCCESS)
        err = MPI_Waitall(2, q, nb_statuses_ignore());
    done = 5;
#endif
    MPI_Exscan(b->s, b->w[0], b->n, MPI_INT, MPI_SUM, b->comm);
    MPI_Reduce_scatter_block(b->s, b->w[1], b->n, MPI_INT, MPI_SUM, b->comm);
    snprintf(label, sizeof label, "%s testany iexscan", tag); /* rank 0's result is undefined */
    nb_check(label, b->r[0], b->w[0], b->rank ? (size_t)b->n * sizeof(int) : 0, err ? err : e0);
    snprintf(label, sizeof label, "%s testany ireduce_scatter_block", tag);
    nb_check(label, b->r[1], b->w[1], (size_t)b->n * sizeof(int), err ? err : e1);
    nb_checks++;
    if (done != 5) {
        nb_failed++;
        fprintf(stderr, "nonblocking: [%d] %s testany: %d completions, expected 2\n", pm_world_rank, tag, done - 3);
    }
}

/* MPI_Waitany on igather (root 0) and iscatter (root p - 1), then once more: MPI_UNDEFINED. */
static void nb_waitany(nb_bufs *b, const char *tag)
{
    MPI_Request q[2];
    int err = MPI_SUCCESS, e0, e1, index = -1, k, seen = 0;
    char label[160];
    nb_reset(b);
    e0 = MPI_Igather(b->s, b->n, MPI_INT, b->r[0], b->n, MPI_INT, 0, b->comm, &q[0]);
    e1 = MPI_Iscatter(b->s, b->n, MPI_INT, b->r[1], b->n, MPI_INT, b->p - 1, b->comm, &q[1]);
    for (k = 0; k < 3 && err == MPI_SUCCESS; k++) {
        err = MPI_Waitany(2, q, &index, MPI_STATUS_IGNORE);
        seen |= index == MPI_UNDEFINED ? 4 : 1 << index;
    }
    MPI_Gather(b->s, b->n, MPI_INT, b->w[0], b->n, MPI_INT, 0, b->comm);
    MPI_Scatter(b->s, b->n, MPI_INT, b->w[1], b->n, MPI_INT, b->p - 1, b->comm);
    snprintf(label, sizeof label, "%s waitany igather", tag);
    nb_check(label, b->r[0], b->w[0], nb_ints(b) * sizeof(int), err ? err : e0);
    snprintf(label, sizeof label, "%s waitany iscatter", tag);
    nb_check(label, b->r[1], b->w[1], nb_ints(b) * sizeof(int), err ? err : e1);
    nb_checks++;
    if (seen != 7) {
        nb_failed++;
        fprintf(stderr, "nonblocking: [%d] %s waitany: indices seen %#x\n", pm_world_rank, tag, seen);
    }
}

/* An MPI_Waitsome loop (MPI_STATUSES_IGNORE) on the other seven collectives. */
static void nb_waitsome(nb_bufs *b, const char *tag)
{
    static const char *const name[7] = {"ibarrier",   "ireduce_scatter", "iallgatherv", "ialltoallv",
                                        "ialltoallw", "igatherv",        "iscatterv"};
    MPI_Request q[7];
    int e[7], err = MPI_SUCCESS, out = 0, idx[7], k, total = 0;
    size_t bytes = nb_ints(b) * sizeof(int);
    char label[160];
    nb_reset(b);
    e[0] = MPI_Ibarrier(b->comm, &q[0]);
    e[1] = MPI_Ireduce_scatter(b->s, b->r[1], b->counts, MPI_INT, MPI_SUM, b->comm, &q[1]);
    e[2] = MPI_Iallgatherv(b->s, b->counts[b->rank], MPI_INT, b->r[2], b->counts, b->displs, MPI_INT, b->comm, &q[2]);
    e[3] = MPI_Ialltoallv(b->s, b->pair, b->displs, MPI_INT, b->r[3], b->pair, b->displs, MPI_INT, b->comm, &q[3]);
    e[4] = MPI_Ialltoallw(b->s, b->pair, b->bdispls, b->types, b->r[4], b->pair, b->bdispls, b->types, b->comm, &q[4]);
    e[5] = MPI_Igatherv(b->s, b->counts[b->rank], MPI_INT, b->r[5], b->counts, b->displs, MPI_INT, 0, b->comm, &q[5]);
    e[6] = MPI_Iscatterv(b->s, b->counts, b->displs, MPI_INT, b->r[6], b->counts[b->rank], MPI_INT, b->p - 1, b->comm,
                         &q[6]);
    while (err == MPI_SUCCESS) {
        err = MPI_Waitsome(7, q, &out, idx, nb_statuses_ignore());
        if (out == MPI_UNDEFINED)
            break;
        total += out;
    }
    MPI_Barrier(b->comm);
    MPI_Reduce_scatter(b->s, b->w[1], b->counts, MPI_INT, MPI_SUM, b->comm);
    MPI_Allgatherv(b->s, b->counts[b->rank], MPI_INT, b->w[2], b->counts, b->displs, MPI_INT, b->comm);
    MPI_Alltoallv(b->s, b->pair, b->displs, MPI_INT, b->w[3], b->pair, b->displs, MPI_INT, b->comm);
    MPI_Alltoallw(b->s, b->pair, b->bdispls, b->types, b->w[4], b->pair, b->bdispls, b->types, b->comm);
    MPI_Gatherv(b->s, b->counts[b->rank], MPI_INT, b->w[5], b->counts, b->displs, MPI_INT, 0, b->comm);
    MPI_Scatterv(b->s, b->counts, b->displs, MPI_INT, b->w[6], b->counts[b->rank], MPI_INT, b->p - 1, b->comm);
    for (k = 0; k < 7; k++) {
        snprintf(label, sizeof label, "%s waitsome %s", tag, name[k]);
        nb_check(label, b->r[k], b->w[k], bytes, err ? err : e[k]);
    }
    nb_checks++;
    if (total != 7) {
        nb_failed++;
        fprintf(stderr, "nonblocking: [%d] %s waitsome: %d completions, expected 7\n", pm_world_rank, tag, total);
    }
}

/* MPI_Request_get_status until complete (it frees nothing), then MPI_Wait; and a non-commutative
 * operation (a op b = a). */
static void nb_get_status(nb_bufs *b, const char *tag)
{
    MPI_Request q;
    MPI_Op left;
    int err = MPI_SUCCESS, e, flag = 0;
    char label[160];
    nb_reset(b);
    e = MPI_Iallreduce(b->s, b->r[0], b->n, MPI_INT, MPI_MIN, b->comm, &q);
    while (!flag && err == MPI_SUCCESS)
        err = MPI_Request_get_status(q, &flag, MPI_STATUS_IGNORE);
    if (err == MPI_SUCCESS)
        err = MPI_Wait(&q, MPI_STATUS_IGNORE);
    MPI_Allreduce(b->s, b->w[0], b->n, MPI_INT, MPI_MIN, b->comm);
    snprintf(label, sizeof label, "%s get_status iallreduce", tag);
    nb_check(label, b->r[0], b->w[0], (size_t)b->n * sizeof(int), err ? err : e);

    MPI_Op_create(pm_left, 0, &left);
    e = MPI_Iallreduce(b->s, b->r[1], b->n, MPI_INT, left, b->comm, &q);
    err = MPI_Wait(&q, MPI_STATUS_IGNORE);
    MPI_Allreduce(b->s, b->w[1], b->n, MPI_INT, left, b->comm);
    snprintf(label, sizeof label, "%s wait iallreduce non-commutative", tag);
#ifdef SMPI_H
    /* SimGrid 3.32's own MPI_Iallreduce does not keep the operand order (the native run differs
     * from its MPI_Allreduce): only dumped, compared with the native run's by the test. */
    memcpy(b->w[1], b->r[1], (size_t)b->n * sizeof(int));
#endif
    nb_check(label, b->r[1], b->w[1], (size_t)b->n * sizeof(int), err ? err : e);
    MPI_Op_free(&left);
}

int main(int argc, char **argv)
{
    static const int ns[2] = {3, 257};
    nb_bufs b;
    int c, k, i, j;
    char tag[64];
    pm_init(&argc, &argv);
    for (c = 0; c < PM_NCOMMS; c++)
        for (k = 0; k < 2; k++) {
            memset(&b, 0, sizeof b);
            b.comm = pm_comm[c];
            b.n = ns[k];
            MPI_Comm_rank(b.comm, &b.rank);
            MPI_Comm_size(b.comm, &b.p);
            b.left = (b.rank + b.p - 1) % b.p;
            b.right = (b.rank + 1) % b.p;
            b.s = nb_alloc(nb_ints(&b), 0);
            for (j = 0; j < (int)nb_ints(&b); j++)
                b.s[j] = (1000 * b.rank + 7 * j) % 997;
            for (i = 0; i < 8; i++)
                b.r[i] = nb_alloc(nb_ints(&b), -1), b.w[i] = nb_alloc(nb_ints(&b), -1);
            b.counts = nb_alloc((size_t)b.p, 0);
            b.displs = nb_alloc((size_t)b.p, 0);
            b.pair = nb_alloc((size_t)b.p, 0);
            b.bdispls = nb_alloc((size_t)b.p, 0);
            b.types = (MPI_Datatype *)malloc((size_t)b.p * sizeof(MPI_Datatype));
            for (j = 0; j < b.p; j++) {
                b.counts[j] = b.n + j;
                b.pair[j] = b.n + (b.rank + j) % 3;
                b.displs[j] = j * (b.n + b.p);
                b.bdispls[j] = b.displs[j] * (int)sizeof(int);
                b.types[j] = MPI_INT;
            }
            snprintf(tag, sizeof tag, "%s n=%d", pm_comm_name[c], b.n);
            nb_wait(&b, tag);
            nb_waitall(&b, tag);
            nb_test(&b, tag);
            nb_testany(&b, tag);
            nb_waitany(&b, tag);
            nb_waitsome(&b, tag);
            nb_get_status(&b, tag);
            for (i = 0; i < 8; i++)
                free(b.r[i]), free(b.w[i]);
            free(b.s), free(b.counts), free(b.pair), free(b.displs), free(b.bdispls), free(b.types);
        }
    return pm_summary("nonblocking", nb_checks, nb_failed);
}
