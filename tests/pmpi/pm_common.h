/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * pm_common.h - shared helpers of the unmodified MPI programs of tests/pmpi/ (they call MPI only,
 * no collalg header): the communicators and datatypes every program loops over, buffer filling,
 * and the dump of results that tests/test_pmpi.c compares between a native run and runs with
 * libcollalg_pmpi.so.
 *
 * Output: one line per case, "<case>: <hash of rank 0> <hash of rank 1> ...", each hash the FNV-1a
 * of the rank's whole receive allocation (gaps of the vector type included) and of the error code
 * class of the call's error code; then "<prog> p=<p>: done". Nothing in it depends on the algorithm that ran.
 */
#ifndef PM_COMMON_H
#define PM_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

/* Communicators: MPI_COMM_WORLD and a split (two colours, ranks reversed within each). */
#define PM_NCOMMS 2
/* Datatypes: int, double, and a vector of 2 ints with stride 3 (a gap of 2 ints after each). */
#define PM_NTYPES 3

static MPI_Comm pm_comm[PM_NCOMMS];
static const char *const pm_comm_name[PM_NCOMMS] = {"world", "split"};
static MPI_Datatype pm_type[PM_NTYPES];
static const char *const pm_type_name[PM_NTYPES] = {"int", "double", "vector"};
static int pm_world_rank, pm_world_size;

static inline void pm_init(int *argc, char ***argv)
{
    MPI_Datatype vec;
    MPI_Init(argc, argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &pm_world_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &pm_world_size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    pm_comm[0] = MPI_COMM_WORLD;
    MPI_Comm_split(MPI_COMM_WORLD, pm_world_rank % 2, -pm_world_rank, &pm_comm[1]);
    MPI_Comm_set_errhandler(pm_comm[1], MPI_ERRORS_RETURN);
    pm_type[0] = MPI_INT;
    pm_type[1] = MPI_DOUBLE;
    MPI_Type_vector(2, 1, 3, MPI_INT, &vec);
    MPI_Type_create_resized(vec, 0, (MPI_Aint)(6 * sizeof(int)), &pm_type[2]);
    MPI_Type_free(&vec);
    MPI_Type_commit(&pm_type[2]);
}

/* Extent in bytes of one element of type t. */
static inline size_t pm_extent(int t)
{
    MPI_Aint lb, ext;
    MPI_Type_get_extent(pm_type[t], &lb, &ext);
    return (size_t)ext;
}

/* Fills `n` elements of type t at buf: every int (or double) slot gets a value made of `seed`
 * and its index; integer-valued doubles so that sums are exact in any order. Gaps of the vector
 * type get the same treatment (they are part of the allocation the dump hashes). */
static inline void pm_fill(void *buf, int t, size_t n, int seed)
{
    size_t k, slots;
    if (t == 1) {
        double *d = (double *)buf;
        for (k = 0; k < n; k++)
            d[k] = (double)((seed * 131 + (int)k * 7) % 1000);
        return;
    }
    slots = n * (pm_extent(t) / sizeof(int));
    for (k = 0; k < slots; k++)
        ((int *)buf)[k] = (seed * 131 + (int)k * 7) % 1000;
}

/* Elements of type t held by `bytes` of allocation. */
static inline void *pm_alloc(int t, size_t n)
{
    void *p = malloc(n * pm_extent(t) + 1);
    if (!p)
        MPI_Abort(MPI_COMM_WORLD, 2);
    return p;
}

static inline unsigned long long pm_hash(const void *buf, size_t bytes, int err)
{
    const unsigned char *b = (const unsigned char *)buf;
    unsigned long long h = 14695981039346656037ULL;
    size_t k;
    int cls = err;
    if (err != MPI_SUCCESS)
        MPI_Error_class(err, &cls); /* MPICH's error codes differ from run to run; classes do not */
    err = cls;
    for (k = 0; k < bytes; k++)
        h = (h ^ b[k]) * 1099511628211ULL;
    return (h ^ (unsigned long long)err) * 1099511628211ULL;
}

/* The cases so far: labels and this rank's hashes, printed by pm_finish (one gather for all). */
#define PM_MAX_CASES 400
static char pm_label[PM_MAX_CASES][128];
static unsigned long long pm_hashes[PM_MAX_CASES];
static int pm_ncases;

/* Records case `label`: this rank's hash of its buffer and error class (every rank runs the same
 * cases in the same order). */
static inline void pm_dump(const char *label, const void *buf, size_t bytes, int err)
{
    if (pm_ncases == PM_MAX_CASES)
        MPI_Abort(MPI_COMM_WORLD, 3);
    snprintf(pm_label[pm_ncases], sizeof pm_label[0], "%s", label);
    pm_hashes[pm_ncases++] = pm_hash(buf, bytes, err);
}

/* Prints "<label>: h0 h1 ..." on world rank 0 for every case, with every world rank's hash. */
static inline void pm_print(void)
{
    unsigned long long *all = NULL;
    int r, k;
    if (pm_world_rank == 0)
        all = (unsigned long long *)malloc(sizeof *all * (size_t)pm_world_size * PM_MAX_CASES);
    MPI_Gather(pm_hashes, PM_MAX_CASES, MPI_UNSIGNED_LONG_LONG, all, PM_MAX_CASES, MPI_UNSIGNED_LONG_LONG, 0,
               MPI_COMM_WORLD);
    if (pm_world_rank != 0)
        return;
    for (k = 0; k < pm_ncases; k++) {
        printf("%s:", pm_label[k]);
        for (r = 0; r < pm_world_size; r++)
            printf(" %016llx", all[(size_t)r * PM_MAX_CASES + (size_t)k]);
        printf("\n");
    }
    free(all);
}

static inline void pm_finish(const char *prog)
{
    pm_print();
    MPI_Type_free(&pm_type[2]);
    MPI_Comm_free(&pm_comm[1]);
    if (pm_world_rank == 0)
        printf("%s p=%d: done\n", prog, pm_world_size);
    MPI_Finalize();
}

/* The end of a program that counts its own checks: prints "<prog> p=<p>: <k> checks, <f> failed"
 * (the sums over the ranks), then what pm_finish prints; returns the exit status (1 when one
 * failed). */
static inline int pm_summary(const char *prog, int checks, int failed)
{
    int mine[2], total[2];
    mine[0] = checks, mine[1] = failed;
    MPI_Allreduce(mine, total, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (pm_world_rank == 0)
        printf("%s p=%d: %d checks, %d failed\n", prog, pm_world_size, total[0], total[1]);
    pm_finish(prog);
    return total[1] ? 1 : 0;
}
/* The user operations of the reduction programs (allreduce.c, reduce.c, reduce_scatter.c, scan.c).
 * pm_vsum, pm_vmax: the two ints of each element of the vector type (offsets 0 and 3 ints, extent
 * 6 ints). */
static inline void pm_vsum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    int k, *a = (int *)in, *b = (int *)inout;
    (void)type;
    for (k = 0; k < *len; k++)
        b[6 * k] += a[6 * k], b[6 * k + 3] += a[6 * k + 3];
}

static inline void pm_vmax(void *in, void *inout, int *len, MPI_Datatype *type)
{
    int k, j, *a = (int *)in, *b = (int *)inout;
    (void)type;
    for (k = 0; k < *len; k++)
        for (j = 0; j < 4; j += 3)
            if (a[6 * k + j] > b[6 * k + j])
                b[6 * k + j] = a[6 * k + j];
}

/* a op b = a: associative, not commutative (MPI passes the left operand as `in`). */
static inline void pm_left(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    memcpy(inout, in, (size_t)*len * sizeof(int));
}

#endif
