/*
 * bigoffsets.c - offsets past 2 GiB: every algorithm on a sparse datatype whose blocks span 720 MiB
 * of address space, so that on p >= 3 ranks byte offsets exceed INT_MAX (an offset
 * computed in int would wrap and the result would differ from the native collective's).
 *
 * The type is one MPI_INT resized to an extent of 1 MiB. Buffers come from calloc, so the pages
 * that no element touches stay unmapped zero pages: a 3 GiB buffer costs a few MiB of memory.
 * Each receive buffer is compared with the native collective's over its whole span.
 *
 * The rooted collectives (gather, scatter, gatherv, scatterv, reduce) run at root 0, whose buffer
 * holds the p blocks (reduce: the vector of n * p elements, summed by the user op, as allreduce);
 * alltoallw, whose byte displacements are int, carries the offsets in its datatypes (see
 * alltoallws()).
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

/* Runs every wanted algorithm of `table` with the argument list `call`, in which `got` names a fresh
 * zero mapping of `bytes` (memset would commit every page), and compares `got` with `want`. */
#define RUN_TABLE(table, bytes, want, call)                              \
    do {                                                                 \
        int i_;                                                          \
        for (i_ = 0; i_ < TC_COUNT(table); i_++) {                       \
            void *got = NULL;                                            \
            if (!th_want_algo(&o, table[i_].name))                       \
                continue;                                                \
            got = zalloc(bytes);                                         \
            th_expect(&r, &o, table[i_].name, (table[i_].fn call) == 0); \
            th_check(&r, &o, table[i_].name, got, want, bytes);          \
            free(got);                                                   \
        }                                                                \
    } while (0)

/* gather and gatherv at root 0: rank j's block (the first n elements of its send buffer) lands at
 * element j * n of the root's buffer, which spans p * n elements. A non-root's receive buffer is
 * not significant: one int there, compared untouched. */
static void gathers(int p, int rank, int n, const void *send, const int *counts, const int *displs)
{
    size_t bytes = rank == 0 ? span((long)n * p) : sizeof(int);
    void *want = zalloc(bytes);
    MPI_Gather(send, n, sparse, want, n, sparse, 0, MPI_COMM_WORLD);
    RUN_TABLE(tc_gathers, bytes, want, (send, n, sparse, got, n, sparse, 0, MPI_COMM_WORLD));
    free(want);
    want = zalloc(bytes);
    MPI_Gatherv(send, n, sparse, want, counts, displs, sparse, 0, MPI_COMM_WORLD);
    RUN_TABLE(tc_gathervs, bytes, want, (send, n, sparse, got, counts, displs, sparse, 0, MPI_COMM_WORLD));
    free(want);
}

/* scatter and scatterv from root 0: block j of the root's send buffer (element j * n) goes to
 * rank j, n elements. */
static void scatters(int n, const void *send, const int *counts, const int *displs)
{
    size_t bytes = span(n);
    void *want = zalloc(bytes);
    MPI_Scatter(send, n, sparse, want, n, sparse, 0, MPI_COMM_WORLD);
    RUN_TABLE(tc_scatters, bytes, want, (send, n, sparse, got, n, sparse, 0, MPI_COMM_WORLD));
    free(want);
    want = zalloc(bytes);
    MPI_Scatterv(send, counts, displs, sparse, want, n, sparse, 0, MPI_COMM_WORLD);
    RUN_TABLE(tc_scattervs, bytes, want, (send, counts, displs, sparse, got, n, sparse, 0, MPI_COMM_WORLD));
    free(want);
}

/* reduce at root 0: the vector of n * p elements (as allreduce's) summed by the user op `sum`; a
 * non-root's receive buffer is not significant: one int there, compared untouched. */
static void reduces(int p, int rank, int n, const void *send, MPI_Op sum)
{
    size_t bytes = rank == 0 ? span((long)n * p) : sizeof(int);
    void *want = zalloc(bytes);
    MPI_Reduce(send, want, n * p, sparse, sum, 0, MPI_COMM_WORLD);
    RUN_TABLE(tc_reduces, bytes, want, (send, got, n * p, sparse, sum, 0, MPI_COMM_WORLD));
    free(want);
}

/* alltoallw: its displacements are int bytes, so a byte displacement cannot pass 2 GiB through
 * MPI_Alltoallw's interface at all. The offsets travel in the datatypes instead: peer j's type is
 * one block of n sparse elements starting j * n * EXT bytes (an MPI_Aint) from the buffer's address
 * (MPI_Type_create_hindexed, so its lower bound carries the offset), with count 1 and byte
 * displacement 0: the blocks of alltoall above. */
static void alltoallws(int p, int n, const void *send)
{
    size_t bytes = span((long)n * p);
    MPI_Datatype *types = (MPI_Datatype *)th_alloc(sizeof(MPI_Datatype) * (size_t)p);
    int *ones = (int *)th_alloc(sizeof(int) * (size_t)p), *zeros = (int *)th_alloc(sizeof(int) * (size_t)p), j;
    void *want;
    for (j = 0; j < p; j++) {
        MPI_Aint at = (MPI_Aint)j * n * EXT;
        MPI_Type_create_hindexed(1, &n, &at, sparse, &types[j]);
        MPI_Type_commit(&types[j]);
        ones[j] = 1;
        zeros[j] = 0;
    }
    want = zalloc(bytes);
    MPI_Alltoallw(send, ones, zeros, types, want, ones, zeros, types, MPI_COMM_WORLD);
    RUN_TABLE(tc_alltoallws, bytes, want, (send, ones, zeros, types, got, ones, zeros, types, MPI_COMM_WORLD));
    free(want);
    for (j = 0; j < p; j++)
        MPI_Type_free(&types[j]);
    free(types);
    free(ones);
    free(zeros);
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
    free(want);

    /* the rooted collectives (root 0), reduce among them, and alltoallw */
    {
        int *counts = (int *)th_alloc(sizeof(int) * (size_t)p), *displs = (int *)th_alloc(sizeof(int) * (size_t)p);
        for (i = 0; i < p; i++) {
            counts[i] = n;
            displs[i] = i * n;
        }
        gathers(p, rank, n, send, counts, displs);
        scatters(n, send, counts, displs);
        free(counts);
        free(displs);
    }
    reduces(p, rank, n, send, sum);
    alltoallws(p, n, send);
    free(send);
    MPI_Op_free(&sum);
    MPI_Type_free(&sparse);
    status = th_finish(&r, "bigoffsets");
    MPI_Finalize();
    return status;
}
