/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file alltoallw_fft.c
 * @brief Benchmark (make bench-rooted): MPI_Alltoallw with the datatypes of a 2D FFT transpose, SimGrid's
 *        native MPI_Alltoallw against every catalogue alltoallw algorithm (collalg/alltoallw.h).
 *
 * @par What it measures
 * The transpose between the two 1D FFT passes of a 2D FFT: an Nx x Ny matrix of doubles is
 * distributed by rows over p ranks (rank r holds rows r br .. r br + br - 1, whole rows of Ny
 * elements, row-major), and one MPI_Alltoallw leaves the Ny x Nx transpose distributed by rows
 * (rank r holds rows r bc .. r bc + bc - 1 of the transpose, i.e. columns of the matrix), with
 * Nx = p br and Ny = p bc. The block of one pair is br x bc doubles, n = 8 br bc bytes: the size
 * on the command line (bytes per pair; br the largest divisor of n / 8 not above its square root,
 * bc = n / 8 / br, so 32 KiB is the square 64 x 64 block of a 2048 x 2048 matrix at p = 32, 8 B a
 * single element, 1 MiB 256 x 512).
 *
 * @par The datatypes (the same for every peer here; the call passes one per peer)
 * - send to peer q: 1 element of `vector(br, bc, Ny, MPI_DOUBLE)` (the columns q bc .. q bc +
 *   bc - 1 of the rank's br rows, non-contiguous), resized to extent bc doubles, at byte
 *   displacement 8 q bc;
 * - receive from peer q: br elements of `column`, `vector(bc, 1, Nx, MPI_DOUBLE)` (one element in
 *   each of the bc rows of the transpose) resized to extent one double, at byte displacement
 *   8 q br: the i-th row of q's block lands in column q br + i of the transpose. The local
 *   transpose happens in the receive type, as FFT codes do it (no pack or unpack pass).
 * Send and receive types differ with the same signature (br bc doubles).
 *
 * @par Timing (as the tuner's, src/tune/collalg-tune.c)
 * One untimed call first (it also creates the catalogue's private communicator); then each sample
 * is one call: every rank leaves an MPI_Barrier, times the call with MPI_Wtime, and the sample is
 * the maximum over the ranks (an MPI_Allreduce after the call, outside the timed region). The
 * reported time is the median of --reps samples (default 5; SimGrid's runs are deterministic).
 * The scattered algorithm is measured at max_requests 1, 4 and 32 (the tuner's search space) and
 * reported at its best value; pair_inplace runs out of place (then exactly pair, as the tuner
 * calls it: an in-place transpose with these types is not the FFT's data movement).
 *
 * @par Check
 * Where the buffers are private (every rank's p n bytes of send plus receive buffer, p^2 2 n in
 * all, at most 256 MiB), the receive buffer is filled with -1 before the untimed call of each
 * implementation and the whole transpose compared with the expected values (element (i, j) of the
 * matrix holds i Ny + j). Above that, under SimGrid, the buffers are SMPI_SHARED_MALLOC (one
 * buffer for all simulated ranks; SMPI does not copy its contents) and only the time is taken.
 * A failed check or call is reported and the program exits with status 1.
 *
 * @par Usage
 * @code
 *   smpirun -np P ... alltoallw_fft [--sizes LIST] [--reps N] [--platform NAME] [--csv FILE]
 * @endcode
 * --sizes: bytes per pair, comma-separated, multiples of 8, K and M suffixes (default
 * 8,512,4K,32K,128K,1M); --platform: the first CSV column (default "smpi"); --csv: the file
 * rank 0 writes (default none).
 *
 * @par Output
 * On stdout (rank 0) one line per size and implementation: bytes, impl, ms (and scattered's
 * best max_requests), then "checked" or "unchecked" per size. The CSV rows are those of
 * build/bench/rooted.csv, `platform,alltoallw-fft,bytes,impl,ms` with impl smpi-default (the native
 * MPI_Alltoallw), best-catalogue (the fastest catalogue algorithm) and each algorithm's name (no
 * header line: scripts/bench-rooted.sh merges them into rooted.csv and adds the bound).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>
#include <collalg/alltoallw.h>

/** @brief Largest per-rank buffer pair (bytes, all ranks) kept private so that results are checked. */
#define FFT_CHECK_LIMIT (256L * 1024 * 1024)

/** @brief One transpose: the matrix shape, buffers, counts, displacements and types of the call. */
typedef struct fft_case {
    int p, rank;
    int br, bc;    /**< rows and columns of one pair's block */
    long nx, ny;   /**< matrix Nx = p br rows, Ny = p bc columns */
    int shared;    /**< 1: SMPI_SHARED_MALLOC buffers, not checked */
    int committed; /**< 1: block and column exist */
    double *a, *t; /**< the rank's rows of the matrix and of its transpose */
    int *scounts, *sdispls, *rcounts, *rdispls;
    MPI_Datatype block, column;    /**< send type, receive type (resized) */
    MPI_Datatype *stypes, *rtypes; /**< one per peer */
} fft_case;

/** @brief An implementation: SimGrid's native call or a catalogue algorithm (with a parameter). */
typedef int (*fft_fn)(const fft_case *k, int param);

static int fft_native(const fft_case *k, int param)
{
    (void)param;
    return MPI_Alltoallw(k->a, k->scounts, k->sdispls, k->stypes, k->t, k->rcounts, k->rdispls, k->rtypes,
                         MPI_COMM_WORLD);
}

static int fft_scattered(const fft_case *k, int param)
{
    return collalg_alltoallw_scattered(k->a, k->scounts, k->sdispls, k->stypes, k->t, k->rcounts, k->rdispls, k->rtypes,
                                       MPI_COMM_WORLD, param);
}

static int fft_pair(const fft_case *k, int param)
{
    (void)param;
    return collalg_alltoallw_pair(k->a, k->scounts, k->sdispls, k->stypes, k->t, k->rcounts, k->rdispls, k->rtypes,
                                  MPI_COMM_WORLD);
}

static int fft_ring(const fft_case *k, int param)
{
    (void)param;
    return collalg_alltoallw_ring(k->a, k->scounts, k->sdispls, k->stypes, k->t, k->rcounts, k->rdispls, k->rtypes,
                                  MPI_COMM_WORLD);
}

static int fft_pair_inplace(const fft_case *k, int param)
{
    (void)param;
    return collalg_alltoallw_pair_inplace(k->a, k->scounts, k->sdispls, k->stypes, k->t, k->rcounts, k->rdispls,
                                          k->rtypes, MPI_COMM_WORLD);
}

/** @brief The implementations in the order measured; the catalogue's follow the native call. */
static const struct {
    const char *name;
    fft_fn fn;
    int params[3]; /**< parameter values to try (0 ends the list early; the first is always run) */
} fft_impls[] = {
    {"smpi-default", fft_native, {0, 0, 0}},
    {"scattered", fft_scattered, {1, 4, 32}},
    {"pair", fft_pair, {0, 0, 0}},
    {"ring", fft_ring, {0, 0, 0}},
    {"pair_inplace", fft_pair_inplace, {0, 0, 0}},
};
#define FFT_NIMPL (int)(sizeof fft_impls / sizeof fft_impls[0])

static void *fft_alloc(size_t bytes, int shared)
{
#ifdef SMPI_SHARED_MALLOC
    if (shared)
        return SMPI_SHARED_MALLOC(bytes ? bytes : 1);
#else
    (void)shared;
#endif
    return malloc(bytes ? bytes : 1);
}

static void fft_free(void *ptr, int shared)
{
#ifdef SMPI_SHARED_MALLOC
    if (shared) {
        SMPI_SHARED_FREE(ptr);
        return;
    }
#else
    (void)shared;
#endif
    free(ptr);
}

/** @brief Sets up the transpose of blocks of @p bytes bytes (a multiple of 8) on @p p ranks. */
static int fft_setup(fft_case *k, long bytes, int p, int rank)
{
    long e = bytes / 8, i, j;
    int q;
    MPI_Datatype v, col;
    memset(k, 0, sizeof *k);
    k->p = p, k->rank = rank;
    for (k->br = 1, i = 1; i * i <= e; i++)
        if (e % i == 0)
            k->br = (int)i;
    k->bc = (int)(e / k->br);
    k->nx = (long)p * k->br, k->ny = (long)p * k->bc;
    k->shared = 2.0 * (double)p * p * (double)bytes > (double)FFT_CHECK_LIMIT;
#ifndef SMPI_SHARED_MALLOC
    k->shared = 0;
#endif
    k->a = (double *)fft_alloc((size_t)k->br * k->ny * sizeof(double), k->shared);
    k->t = (double *)fft_alloc((size_t)k->bc * k->nx * sizeof(double), k->shared);
    k->scounts = (int *)malloc(4 * (size_t)p * sizeof(int));
    k->stypes = (MPI_Datatype *)malloc(2 * (size_t)p * sizeof(MPI_Datatype));
    if (!k->a || !k->t || !k->scounts || !k->stypes)
        return 1;
    k->sdispls = k->scounts + p, k->rcounts = k->scounts + 2 * p, k->rdispls = k->scounts + 3 * p;
    k->rtypes = k->stypes + p;
    /* send: the bc columns of peer q's block in the rank's br rows */
    MPI_Type_vector(k->br, k->bc, (int)k->ny, MPI_DOUBLE, &v);
    MPI_Type_create_resized(v, 0, (MPI_Aint)k->bc * (MPI_Aint)sizeof(double), &k->block);
    /* receive: one element in each of the bc rows of the transpose, extent one double */
    MPI_Type_vector(k->bc, 1, (int)k->nx, MPI_DOUBLE, &col);
    MPI_Type_create_resized(col, 0, (MPI_Aint)sizeof(double), &k->column);
    MPI_Type_free(&v);
    MPI_Type_free(&col);
    MPI_Type_commit(&k->block);
    MPI_Type_commit(&k->column);
    k->committed = 1;
    for (q = 0; q < p; q++) {
        k->scounts[q] = 1, k->sdispls[q] = (int)((long)q * k->bc * (long)sizeof(double));
        k->rcounts[q] = k->br, k->rdispls[q] = (int)((long)q * k->br * (long)sizeof(double));
        k->stypes[q] = k->block, k->rtypes[q] = k->column;
    }
    if (!k->shared)
        for (i = 0; i < k->br; i++)
            for (j = 0; j < k->ny; j++)
                k->a[i * k->ny + j] = (double)(((long)rank * k->br + i) * k->ny + j);
    return 0;
}

static void fft_teardown(fft_case *k)
{
    if (k->committed) {
        MPI_Type_free(&k->block);
        MPI_Type_free(&k->column);
    }
    if (k->a)
        fft_free(k->a, k->shared);
    if (k->t)
        fft_free(k->t, k->shared);
    free(k->scounts);
    free(k->stypes);
}

/** @brief Fills the transpose with -1 (before a checked call). */
static void fft_clear(fft_case *k)
{
    long i;
    if (!k->shared)
        for (i = 0; i < k->bc * k->nx; i++)
            k->t[i] = -1;
}

/** @brief 1 when the rank's rows of the transpose are right (element (j, i) = matrix (i, j)). */
static int fft_correct(const fft_case *k)
{
    long i, j;
    for (j = 0; j < k->bc; j++)
        for (i = 0; i < k->nx; i++)
            if (k->t[j * k->nx + i] != (double)(i * k->ny + (long)k->rank * k->bc + j))
                return 0;
    return 1;
}

static int fft_cmp(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

/**
 * @brief The untimed (checked) call, then @p reps timed ones; the median of the maxima over the
 *        ranks in @p ms. @return 0, or 1 after a failed call or check (every rank alike).
 */
static int fft_measure(fft_case *k, fft_fn fn, int param, int reps, double *ms, double *samples)
{
    int err, bad, allbad, r;
    double t, tmax;
    fft_clear(k);
    err = fn(k, param);
    bad = err != MPI_SUCCESS || (!k->shared && !fft_correct(k));
    MPI_Allreduce(&bad, &allbad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (allbad)
        return 1;
    for (r = 0; r < reps; r++) {
        MPI_Barrier(MPI_COMM_WORLD);
        t = MPI_Wtime();
        err = fn(k, param);
        t = MPI_Wtime() - t;
        MPI_Allreduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        bad = err != MPI_SUCCESS;
        MPI_Allreduce(&bad, &allbad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        if (allbad)
            return 1;
        samples[r] = tmax;
    }
    qsort(samples, (size_t)reps, sizeof *samples, fft_cmp);
    *ms = 1000 * (reps % 2 ? samples[reps / 2] : (samples[reps / 2 - 1] + samples[reps / 2]) / 2);
    return 0;
}

/** @brief Parses "8,4K,1M" into @p sizes (at most @p max); @return the number, or -1. */
static int fft_sizes(const char *s, long *sizes, int max)
{
    int n = 0;
    char *end;
    while (*s && n < max) {
        long v = strtol(s, &end, 10);
        if (*end == 'K')
            v *= 1024, end++;
        else if (*end == 'M')
            v *= 1024 * 1024, end++;
        if (end == s || v <= 0 || v % 8 || (*end && *end != ','))
            return -1;
        sizes[n++] = v;
        s = *end ? end + 1 : end;
    }
    return *s ? -1 : n;
}

/** @brief Measures every implementation at one size; rank 0 prints and writes the CSV rows. */
static int fft_size(long bytes, int p, int rank, int reps, const char *platform, FILE *csv)
{
    fft_case k;
    double ms, best_ms = -1, *samples = (double *)malloc((size_t)reps * sizeof(double));
    int i, v, failed = 0, ok, allok;
    const char *best = "";
    memset(&k, 0, sizeof k);
    ok = samples && fft_setup(&k, bytes, p, rank) == 0;
    MPI_Allreduce(&ok, &allok, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!allok) {
        if (rank == 0)
            fprintf(stderr, "alltoallw_fft: out of memory at %ld bytes per pair\n", bytes);
        failed = 1;
    }
    for (i = 0; i < FFT_NIMPL && !failed; i++) {
        double best_i = -1;
        int best_v = 0;
        for (v = 0; v < 3 && (v == 0 || fft_impls[i].params[v]); v++) {
            if (fft_measure(&k, fft_impls[i].fn, fft_impls[i].params[v], reps, &ms, samples)) {
                if (rank == 0)
                    fprintf(stderr, "alltoallw_fft: %s (%d) failed at %ld bytes per pair\n", fft_impls[i].name,
                            fft_impls[i].params[v], bytes);
                failed = 1;
                break;
            }
            if (best_i < 0 || ms < best_i)
                best_i = ms, best_v = fft_impls[i].params[v];
        }
        if (failed)
            break;
        if (rank == 0) {
            if (best_v)
                printf("%ld %s %.4f (max_requests %d)\n", bytes, fft_impls[i].name, best_i, best_v);
            else
                printf("%ld %s %.4f\n", bytes, fft_impls[i].name, best_i);
            if (csv)
                fprintf(csv, "%s,alltoallw-fft,%ld,%s,%.4f\n", platform, bytes, fft_impls[i].name, best_i);
        }
        if (i > 0 && (best_ms < 0 || best_i < best_ms))
            best_ms = best_i, best = fft_impls[i].name;
    }
    if (rank == 0 && !failed) {
        printf("%ld best-catalogue %.4f (%s); %s, %d x %d blocks of a %ld x %ld matrix\n", bytes, best_ms, best,
               k.shared ? "unchecked" : "checked", k.br, k.bc, k.nx, k.ny);
        if (csv)
            fprintf(csv, "%s,alltoallw-fft,%ld,best-catalogue,%.4f\n", platform, bytes, best_ms);
        fflush(stdout);
    }
    fft_teardown(&k);
    free(samples);
    return failed;
}

int main(int argc, char **argv)
{
    long sizes[64];
    int nsizes = 0, reps = 5, p, rank, i, failed = 0;
    const char *platform = "smpi", *csvname = NULL, *list = "8,512,4K,32K,128K,1M";
    FILE *csv = NULL;
    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    for (i = 1; i < argc; i++) {
        if (i + 1 < argc && !strcmp(argv[i], "--sizes"))
            list = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--reps"))
            reps = atoi(argv[++i]);
        else if (i + 1 < argc && !strcmp(argv[i], "--platform"))
            platform = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--csv"))
            csvname = argv[++i];
        else
            reps = 0;
    }
    nsizes = fft_sizes(list, sizes, 64);
    if (nsizes <= 0 || reps < 1) {
        if (rank == 0)
            fprintf(stderr, "usage: alltoallw_fft [--sizes 8,512,4K (bytes per pair, multiples of 8)] [--reps N >= 1]"
                            " [--platform NAME] [--csv FILE]\n");
        MPI_Finalize();
        return 1;
    }
    if (rank == 0 && csvname && !(csv = fopen(csvname, "w")))
        fprintf(stderr, "alltoallw_fft: cannot write %s\n", csvname);
    for (i = 0; i < nsizes && !failed; i++)
        failed = fft_size(sizes[i], p, rank, reps, platform, csv);
    if (csv)
        fclose(csv);
    MPI_Finalize();
    return failed;
}
