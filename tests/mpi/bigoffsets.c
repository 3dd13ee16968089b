/*
 * bigoffsets.c - offsets past 2 GiB: every algorithm on a sparse datatype whose blocks span 720 MiB
 * of address space, so that on p >= 3 ranks byte offsets exceed INT_MAX (an offset
 * computed in int would wrap and the result would differ from the native collective's).
 *
 * The type is one MPI_INT resized to an extent of 1 MiB. Buffers come from calloc, so the pages
 * that no element touches stay unmapped zero pages: a 3 GiB buffer costs a few MiB of memory.
 * Each receive buffer is compared with the native collective's over its whole span.
 */
#include "catalogue.h"
#include "harness.h"

#define EXT ((MPI_Aint)1 << 20) /* bytes between consecutive elements */

static th_opts o;
static th_result r = {0, 0, NULL, NULL};
static MPI_Datatype sparse;

static size_t span(long count)
{
    return count > 0 ? (size_t)((count - 1) * EXT + 4) : 4;
}

static void *zalloc(size_t bytes)
{
    void *p = calloc(bytes, 1);
    if (!p) {
        fprintf(stderr, "bigoffsets: cannot map %zu bytes\n", bytes);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return p;
}

static void put(void *buf, long count, int base)
{
    long k;
    for (k = 0; k < count; k++)
        *(int *)((char *)buf + k * EXT) = base + (int)k;
}

/* MPI_SUM is defined on predefined types only; this user op sums the sparse type's ints. */
static void sparse_sum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    long k;
    (void)type;
    for (k = 0; k < *len; k++)
        *(int *)((char *)inout + k * EXT) += *(const int *)((const char *)in + k * EXT);
}

int main(int argc, char **argv)
{
    int p, rank, i, status, n = 720; /* elements per block: 720 MiB, so 3 blocks span > 2 GiB */
    MPI_Datatype one;
    MPI_Op sum;
    void *send, *want, *got;
    size_t sbytes, rbytes;

    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_contiguous(1, MPI_INT, &one);
    MPI_Type_create_resized(one, 0, EXT, &sparse);
    MPI_Type_commit(&sparse);
    MPI_Type_free(&one);

    /* alltoall and allgather: p blocks of n elements in the receive buffer */
    sbytes = span((long)n * p);
    rbytes = span((long)n * p);
    send = zalloc(sbytes);
    put(send, (long)n * p, rank * 100000);
    want = zalloc(rbytes);
    MPI_Alltoall(send, n, sparse, want, n, sparse, MPI_COMM_WORLD);
    for (i = 0; i < TC_COUNT(tc_alltoalls); i++) {
        if (!th_want_algo(&o, tc_alltoalls[i].name))
            continue;
        got = zalloc(rbytes);
        th_expect(&r, &o, tc_alltoalls[i].name,
                  tc_alltoalls[i].fn(send, n, sparse, got, n, sparse, MPI_COMM_WORLD) == 0);
        th_check(&r, &o, tc_alltoalls[i].name, got, want, rbytes);
        free(got);
    }
    free(want); /* a fresh zero mapping: memset would commit every page */
    want = zalloc(rbytes);
    MPI_Allgather(send, n, sparse, want, n, sparse, MPI_COMM_WORLD);
    for (i = 0; i < TC_COUNT(tc_allgathers); i++) {
        if (!th_want_algo(&o, tc_allgathers[i].name))
            continue;
        got = zalloc(rbytes);
        th_expect(&r, &o, tc_allgathers[i].name,
                  tc_allgathers[i].fn(send, n, sparse, got, n, sparse, MPI_COMM_WORLD) == 0);
        th_check(&r, &o, tc_allgathers[i].name, got, want, rbytes);
        free(got);
    }

    /* alltoallv and allgatherv: the same blocks, described by counts n and displacements j * n */
    {
        int *counts = (int *)th_alloc(sizeof(int) * (size_t)p), *displs = (int *)th_alloc(sizeof(int) * (size_t)p);
        for (i = 0; i < p; i++) {
            counts[i] = n;
            displs[i] = i * n;
        }
        free(want);
        want = zalloc(rbytes);
        MPI_Alltoallv(send, counts, displs, sparse, want, counts, displs, sparse, MPI_COMM_WORLD);
        for (i = 0; i < TC_COUNT(tc_alltoallvs); i++) {
            if (!th_want_algo(&o, tc_alltoallvs[i].name))
                continue;
            got = zalloc(rbytes);
            th_expect(&r, &o, tc_alltoallvs[i].name,
                      tc_alltoallvs[i].fn(send, counts, displs, sparse, got, counts, displs, sparse, MPI_COMM_WORLD) ==
                          0);
            th_check(&r, &o, tc_alltoallvs[i].name, got, want, rbytes);
            free(got);
        }
        free(want);
        want = zalloc(rbytes);
        MPI_Allgatherv(send, n, sparse, want, counts, displs, sparse, MPI_COMM_WORLD);
        for (i = 0; i < TC_COUNT(tc_allgathervs); i++) {
            if (!th_want_algo(&o, tc_allgathervs[i].name))
                continue;
            got = zalloc(rbytes);
            th_expect(&r, &o, tc_allgathervs[i].name,
                      tc_allgathervs[i].fn(send, n, sparse, got, counts, displs, sparse, MPI_COMM_WORLD) == 0);
            th_check(&r, &o, tc_allgathervs[i].name, got, want, rbytes);
            free(got);
        }
        free(counts);
        free(displs);
    }

    /* allreduce and bcast: one vector of n * p elements */
    free(want);
    want = zalloc(rbytes);
    MPI_Op_create(sparse_sum, 1, &sum);
    MPI_Allreduce(send, want, n * p, sparse, sum, MPI_COMM_WORLD);
    for (i = 0; i < TC_COUNT(tc_allreduces); i++) {
        if (!th_want_algo(&o, tc_allreduces[i].name))
            continue;
        got = zalloc(rbytes);
        th_expect(&r, &o, tc_allreduces[i].name,
                  tc_allreduces[i].fn(send, got, n * p, sparse, sum, MPI_COMM_WORLD) == 0);
        th_check(&r, &o, tc_allreduces[i].name, got, want, rbytes);
        free(got);
    }
    free(want);
    want = zalloc(rbytes);
    put(want, (long)n * p, rank * 100000);
    MPI_Bcast(want, n * p, sparse, p - 1, MPI_COMM_WORLD);
    for (i = 0; i < TC_COUNT(tc_bcasts); i++) {
        if (!th_want_algo(&o, tc_bcasts[i].name))
            continue;
        got = zalloc(rbytes);
        put(got, (long)n * p, rank * 100000);
        th_expect(&r, &o, tc_bcasts[i].name, tc_bcasts[i].fn(got, n * p, sparse, p - 1, MPI_COMM_WORLD) == 0);
        th_check(&r, &o, tc_bcasts[i].name, got, want, rbytes);
        free(got);
    }
    free(send);
    free(want);
    MPI_Op_free(&sum);
    MPI_Type_free(&sparse);
    status = th_finish(&r, "bigoffsets");
    MPI_Finalize();
    return status;
}
