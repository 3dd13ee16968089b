/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * bigoffsets.c - offsets past 2 GiB: every algorithm on a sparse datatype whose blocks span 720 MiB
 * of address space, so that on p >= 3 ranks byte offsets exceed INT_MAX (an offset
 * computed in int would wrap and the result would differ from the native collective's).
 *
 * The type is one MPI_INT resized to an extent of 8 MiB (90 elements per block). Buffers come from
 * calloc, so the pages that no element touches stay unmapped zero pages: a 3 GiB buffer costs a
 * few hundred KiB of memory. Each receive buffer is compared with the native collective's over its
 * whole span (big_check: on Linux without swap, stretches on pages that neither buffer has touched
 * are known to be zero in both and are skipped, which saves reading gigabytes of zero pages). What
 * remains is one page fault per element written (about 40 us each on a virtual machine): at p = 3
 * under MPICH the program took 183 s with plain memcmp and an extent of 1 MiB (720 elements per
 * block), 84 s with big_check, 24 s with the extent of 8 MiB beside another test run.
 *
 * The rooted collectives (gather, scatter, gatherv, scatterv, reduce) run at root 0, whose buffer
 * holds the p blocks (reduce: the vector of n * p elements, summed by the user op, as allreduce);
 * alltoallw, whose byte displacements are int, carries the offsets in its datatypes (see
 * alltoallws()). Scan and exscan take the vector of n * p elements on every rank (the linear
 * pipelines also in segments that start past 2 GiB); reduce_scatter_block and reduce_scatter a send
 * vector whose last block starts past 2 GiB (see reduce_scatters()). Each algorithm runs once: at
 * p = 3 every rank stays under 35 MB resident (about 12 GiB of mostly untouched address space).
 */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE /* mincore, sysconf, sysinfo */
#endif
#include "catalogue.h"
#include "harness.h"
#if defined(__linux__)
#include <stdint.h>
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <unistd.h>
#endif

#define EXT ((MPI_Aint)1 << 23)                       /* bytes between consecutive elements */
#define ELEMS_2GIB ((int)(((MPI_Aint)1 << 31) / EXT)) /* the first element at an offset of 2 GiB */

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

#if defined(__linux__)
/* 1 when the byte ranges [a, a + bytes) and [b, b + bytes) are equal, skipping every stretch that lies
 * on a page neither buffer has touched: such pages of a fresh anonymous mapping read as zero in
 * both (mincore reports them absent; without swap a written page never leaves memory). -1 when
 * that cannot be relied on (swap configured, mincore failing): the caller compares every byte. */
static int same_untouched_zero(const char *a, const char *b, size_t bytes)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), x = 0, end;
    uintptr_t a0 = (uintptr_t)a & ~(uintptr_t)(page - 1), b0 = (uintptr_t)b & ~(uintptr_t)(page - 1);
    size_t na = ((uintptr_t)a + bytes - a0 + page - 1) / page, nb = ((uintptr_t)b + bytes - b0 + page - 1) / page;
    unsigned char *va = (unsigned char *)malloc(na), *vb = (unsigned char *)malloc(nb);
    struct sysinfo si;
    int same = 1;
    if (!va || !vb || sysinfo(&si) != 0 || si.totalswap != 0 || mincore((void *)a0, na * page, va) != 0 ||
        mincore((void *)b0, nb * page, vb) != 0) {
        free(va);
        free(vb);
        return -1;
    }
    while (same && x < bytes) { /* [x, end): within one page of each buffer */
        size_t pa = ((uintptr_t)a + x - a0) / page, pb = ((uintptr_t)b + x - b0) / page;
        size_t ea = (pa + 1) * page - ((uintptr_t)a - a0), eb = (pb + 1) * page - ((uintptr_t)b - b0);
        end = ea < eb ? ea : eb;
        end = end < bytes ? end : bytes;
        if ((va[pa] & 1) || (vb[pb] & 1))
            same = memcmp(a + x, b + x, end - x) == 0;
        x = end;
    }
    free(va);
    free(vb);
    return same;
}
#endif

/* Records the case `what`: `got` equals `want` over `bytes` bytes (th_check, which reads every byte:
 * about 3 s of page faults for 2 GiB of untouched pages, so big buffers go through
 * same_untouched_zero first, and th_check runs only to report a difference or where the shortcut
 * does not apply). */
static void big_check(const char *what, const void *got, const void *want, size_t bytes)
{
    int same = -1;
#if defined(__linux__)
    if (bytes >= ((size_t)1 << 24))
        same = same_untouched_zero((const char *)got, (const char *)want, bytes);
#endif
    if (same == 1)
        th_expect(&r, &o, what, 1);
    else
        th_check(&r, &o, what, got, want, bytes);
}

/* MPI_SUM is defined on predefined types only; this user op sums the sparse type's ints. */
static void sparse_sum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    long k;
    (void)type;
    for (k = 0; k < *len; k++)
        *(int *)((char *)inout + k * EXT) += *(const int *)((const char *)in + k * EXT);
}

/* Runs every wanted algorithm of collective `coll` (catalogue.h) with the argument list `call`, in which `got` names a fresh
 * zero mapping of `bytes` (memset would commit every page), and compares `got` with `want`. */
#define RUN_TABLE(coll, bytes, want, call)                                         \
    do {                                                                           \
        int i_;                                                                    \
        TC_EACH (coll, i_) {                                                       \
            void *got = NULL;                                                      \
            if (!th_want_algo(&o, tc_catalogue[i_].name))                          \
                continue;                                                          \
            got = zalloc(bytes);                                                   \
            th_expect(&r, &o, tc_catalogue[i_].name, (TC_FN(coll, i_) call) == 0); \
            big_check(tc_catalogue[i_].name, got, want, bytes);                    \
            free(got);                                                             \
        }                                                                          \
    } while (0)

/* Runs one call `call` (an expression in which `got` names a fresh zero mapping of `bytes`) as the
 * case `what` and compares `got` with `want`. */
#define RUN_ONE(what, bytes, want, call)      \
    do {                                      \
        void *got = zalloc(bytes);            \
        th_expect(&r, &o, what, (call) == 0); \
        big_check(what, got, want, bytes);    \
        free(got);                            \
    } while (0)

/* gather and gatherv at root 0: rank j's block (the first n elements of its send buffer) lands at
 * element j * n of the root's buffer, which spans p * n elements. A non-root's receive buffer is
 * not significant: one int there, compared untouched. */
static void gathers(int p, int rank, int n, const void *send, const int *counts, const int *displs)
{
    size_t bytes = rank == 0 ? span((long)n * p) : sizeof(int);
    void *want = zalloc(bytes);
    MPI_Gather(send, n, sparse, want, n, sparse, 0, MPI_COMM_WORLD);
    RUN_TABLE(gather, bytes, want, (send, n, sparse, got, n, sparse, 0, MPI_COMM_WORLD));
    free(want);
    want = zalloc(bytes);
    MPI_Gatherv(send, n, sparse, want, counts, displs, sparse, 0, MPI_COMM_WORLD);
    RUN_TABLE(gatherv, bytes, want, (send, n, sparse, got, counts, displs, sparse, 0, MPI_COMM_WORLD));
    free(want);
}

/* scatter and scatterv from root 0: block j of the root's send buffer (element j * n) goes to
 * rank j, n elements. */
static void scatters(int n, const void *send, const int *counts, const int *displs)
{
    size_t bytes = span(n);
    void *want = zalloc(bytes);
    MPI_Scatter(send, n, sparse, want, n, sparse, 0, MPI_COMM_WORLD);
    RUN_TABLE(scatter, bytes, want, (send, n, sparse, got, n, sparse, 0, MPI_COMM_WORLD));
    free(want);
    want = zalloc(bytes);
    MPI_Scatterv(send, counts, displs, sparse, want, n, sparse, 0, MPI_COMM_WORLD);
    RUN_TABLE(scatterv, bytes, want, (send, counts, displs, sparse, got, n, sparse, 0, MPI_COMM_WORLD));
    free(want);
}

/* reduce at root 0: the vector of n * p elements (as allreduce's) summed by the user op `sum`; a
 * non-root's receive buffer is not significant: one int there, compared untouched. */
static void reduces(int p, int rank, int n, const void *send, MPI_Op sum)
{
    size_t bytes = rank == 0 ? span((long)n * p) : sizeof(int);
    void *want = zalloc(bytes);
    MPI_Reduce(send, want, n * p, sparse, sum, 0, MPI_COMM_WORLD);
    RUN_TABLE(reduce, bytes, want, (send, got, n * p, sparse, sum, 0, MPI_COMM_WORLD));
    free(want);
}

/* scan and exscan: the vector of count = n * p elements on every rank (as allreduce's), summed by
 * the user op `sum`; exscan leaves rank 0's buffer as it was (compared untouched: all zero). The
 * linear pipelines run again with segments of SCAN_SEG elements, whose starts pass 2 GiB. */
#define SCAN_SEG 10
#define BO_STR_(x) #x
#define BO_STR(x) BO_STR_(x)
static void scans(int rank, int count, const void *send, MPI_Op sum)
{
    size_t bytes = span(count);
    int seg = SCAN_SEG * (int)sizeof(int); /* bytes: the sparse type's size is one int */
    void *want = zalloc(bytes);
    MPI_Scan(send, want, count, sparse, sum, MPI_COMM_WORLD);
    RUN_TABLE(scan, bytes, want, (send, got, count, sparse, sum, MPI_COMM_WORLD));
    if (th_want_algo(&o, "scan linear, segsize"))
        RUN_ONE("scan linear, segsize " BO_STR(SCAN_SEG) " elements", bytes, want,
                collalg_scan_linear(send, got, count, sparse, sum, MPI_COMM_WORLD, seg));
    free(want);
    want = zalloc(bytes);
    MPI_Exscan(send, want, count, sparse, sum, MPI_COMM_WORLD);
    if (rank == 0) { /* not significant there */
        free(want);
        want = zalloc(bytes);
    }
    RUN_TABLE(exscan, bytes, want, (send, got, count, sparse, sum, MPI_COMM_WORLD));
    if (th_want_algo(&o, "exscan linear, segsize"))
        RUN_ONE("exscan linear, segsize " BO_STR(SCAN_SEG) " elements", bytes, want,
                collalg_exscan_linear(send, got, count, sparse, sum, MPI_COMM_WORLD, seg));
    free(want);
}

/* reduce_scatter_block and reduce_scatter: a send vector of p blocks of about m elements, m chosen
 * so that the last block starts past 2 GiB (m * (p - 1) > ELEMS_2GIB + 6, the 6 for the uneven
 * counts), summed by the user op `sum`. reduce_scatter's counts are m - i % 3 (uneven blocks: the
 * prefix sums matter). */
static void reduce_scatters(int p, int rank, MPI_Op sum)
{
    int m = (ELEMS_2GIB + 6) / (p > 1 ? p - 1 : 1) + 1, *counts = (int *)th_alloc(sizeof(int) * (size_t)p), i;
    long total = (long)m * p;
    size_t bytes = span(m);
    void *send = zalloc(span(total)), *want = zalloc(bytes);
    put(send, total, rank * 100000);
    MPI_Reduce_scatter_block(send, want, m, sparse, sum, MPI_COMM_WORLD);
    RUN_TABLE(reduce_scatter_block, bytes, want, (send, got, m, sparse, sum, MPI_COMM_WORLD));
    free(want);
    for (i = 0; i < p; i++)
        counts[i] = m - i % 3;
    bytes = span(counts[rank]);
    want = zalloc(bytes);
    MPI_Reduce_scatter(send, want, counts, sparse, sum, MPI_COMM_WORLD);
    RUN_TABLE(reduce_scatter, bytes, want, (send, got, counts, sparse, sum, MPI_COMM_WORLD));
    free(want);
    free(send);
    free(counts);
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
    RUN_TABLE(alltoallw, bytes, want, (send, ones, zeros, types, got, ones, zeros, types, MPI_COMM_WORLD));
    free(want);
    for (j = 0; j < p; j++)
        MPI_Type_free(&types[j]);
    free(types);
    free(ones);
    free(zeros);
}

int main(int argc, char **argv)
{
    int p, rank, i, status, n = 90; /* elements per block: 720 MiB, so 3 blocks span > 2 GiB */
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
    TC_EACH (alltoall, i) {
        if (!th_want_algo(&o, tc_catalogue[i].name))
            continue;
        got = zalloc(rbytes);
        th_expect(&r, &o, tc_catalogue[i].name,
                  TC_FN(alltoall, i)(send, n, sparse, got, n, sparse, MPI_COMM_WORLD) == 0);
        big_check(tc_catalogue[i].name, got, want, rbytes);
        free(got);
    }
    free(want); /* a fresh zero mapping: memset would commit every page */
    want = zalloc(rbytes);
    MPI_Allgather(send, n, sparse, want, n, sparse, MPI_COMM_WORLD);
    TC_EACH (allgather, i) {
        if (!th_want_algo(&o, tc_catalogue[i].name))
            continue;
        got = zalloc(rbytes);
        th_expect(&r, &o, tc_catalogue[i].name,
                  TC_FN(allgather, i)(send, n, sparse, got, n, sparse, MPI_COMM_WORLD) == 0);
        big_check(tc_catalogue[i].name, got, want, rbytes);
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
        TC_EACH (alltoallv, i) {
            if (!th_want_algo(&o, tc_catalogue[i].name))
                continue;
            got = zalloc(rbytes);
            th_expect(&r, &o, tc_catalogue[i].name,
                      TC_FN(alltoallv, i)(send, counts, displs, sparse, got, counts, displs, sparse, MPI_COMM_WORLD) ==
                          0);
            big_check(tc_catalogue[i].name, got, want, rbytes);
            free(got);
        }
        free(want);
        want = zalloc(rbytes);
        MPI_Allgatherv(send, n, sparse, want, counts, displs, sparse, MPI_COMM_WORLD);
        TC_EACH (allgatherv, i) {
            if (!th_want_algo(&o, tc_catalogue[i].name))
                continue;
            got = zalloc(rbytes);
            th_expect(&r, &o, tc_catalogue[i].name,
                      TC_FN(allgatherv, i)(send, n, sparse, got, counts, displs, sparse, MPI_COMM_WORLD) == 0);
            big_check(tc_catalogue[i].name, got, want, rbytes);
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
    TC_EACH (allreduce, i) {
        if (!th_want_algo(&o, tc_catalogue[i].name))
            continue;
        got = zalloc(rbytes);
        th_expect(&r, &o, tc_catalogue[i].name,
                  TC_FN(allreduce, i)(send, got, n * p, sparse, sum, MPI_COMM_WORLD) == 0);
        big_check(tc_catalogue[i].name, got, want, rbytes);
        free(got);
    }
    free(want);
    want = zalloc(rbytes);
    put(want, (long)n * p, rank * 100000);
    MPI_Bcast(want, n * p, sparse, p - 1, MPI_COMM_WORLD);
    TC_EACH (bcast, i) {
        if (!th_want_algo(&o, tc_catalogue[i].name))
            continue;
        got = zalloc(rbytes);
        put(got, (long)n * p, rank * 100000);
        th_expect(&r, &o, tc_catalogue[i].name, TC_FN(bcast, i)(got, n * p, sparse, p - 1, MPI_COMM_WORLD) == 0);
        big_check(tc_catalogue[i].name, got, want, rbytes);
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
    scans(rank, n * p, send, sum);
    reduce_scatters(p, rank, sum);
    alltoallws(p, n, send);
    free(send);
    MPI_Op_free(&sum);
    MPI_Type_free(&sparse);
    status = th_finish(&r, "bigoffsets");
    MPI_Finalize();
    return status;
}
