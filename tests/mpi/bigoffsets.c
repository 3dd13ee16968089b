/*
 * bigoffsets.c - offsets past 2 GiB: every algorithm on a sparse datatype whose blocks span more
 * than 1 GiB of address space, so that on p >= 3 ranks byte offsets exceed INT_MAX (an offset
 * computed in int would wrap and the result would differ from the native collective's).
 *
 * The type is one MPI_INT resized to an extent of 1 MiB. Buffers come from calloc, so the pages
 * that no element touches stay unmapped zero pages: a 3 GiB buffer costs a few MiB of memory.
 * Each receive buffer is compared with the native collective's over its whole span.
 */
#include <collalg/collalg.h>
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

typedef int (*transport_fn)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm);
#define WRAP_N(fam, name)                                                                                  \
    static int fam##_##name(const void *s, int sc, MPI_Datatype st, void *b, int rc, MPI_Datatype rt, MPI_Comm c) \
    {                                                                                                      \
        return collalg_##fam##_##name(s, sc, st, b, rc, rt, c, 0);                                         \
    }
WRAP_N(alltoall, ring_n_mpi_barriers)
WRAP_N(alltoall, pair_n_mpi_barriers)
WRAP_N(allgather, ring_n_mpi_barriers)
WRAP_N(allgather, pair_n_mpi_barriers)

static const struct {
    const char *name;
    transport_fn fn;
} alltoalls[] = {
    {"alltoall simple", collalg_alltoall_simple},
    {"alltoall spreading_simple", collalg_alltoall_spreading_simple},
    {"alltoall mesh_2d", collalg_alltoall_mesh_2d},
    {"alltoall mesh_3d", collalg_alltoall_mesh_3d},
    {"alltoall recursive_doubling", collalg_alltoall_recursive_doubling},
    {"alltoall bruck", collalg_alltoall_bruck},
    {"alltoall ring", collalg_alltoall_ring},
    {"alltoall ring_light_barrier", collalg_alltoall_ring_light_barrier},
    {"alltoall ring_mpi_barrier", collalg_alltoall_ring_mpi_barrier},
    {"alltoall ring_n_mpi_barriers", alltoall_ring_n_mpi_barriers},
    {"alltoall pair", collalg_alltoall_pair},
    {"alltoall pair_light_barrier", collalg_alltoall_pair_light_barrier},
    {"alltoall pair_mpi_barrier", collalg_alltoall_pair_mpi_barrier},
    {"alltoall pair_n_mpi_barriers", alltoall_pair_n_mpi_barriers},
}, allgathers[] = {
    {"allgather simple", collalg_allgather_simple},
    {"allgather spreading_simple", collalg_allgather_spreading_simple},
    {"allgather ring", collalg_allgather_ring},
    {"allgather ring_light_barrier", collalg_allgather_ring_light_barrier},
    {"allgather ring_mpi_barrier", collalg_allgather_ring_mpi_barrier},
    {"allgather ring_n_mpi_barriers", allgather_ring_n_mpi_barriers},
    {"allgather pair", collalg_allgather_pair},
    {"allgather pair_light_barrier", collalg_allgather_pair_light_barrier},
    {"allgather pair_mpi_barrier", collalg_allgather_pair_mpi_barrier},
    {"allgather pair_n_mpi_barriers", allgather_pair_n_mpi_barriers},
    {"allgather mesh_2d", collalg_allgather_mesh_2d},
    {"allgather mesh_3d", collalg_allgather_mesh_3d},
    {"allgather recursive_doubling", collalg_allgather_recursive_doubling},
    {"allgather bruck", collalg_allgather_bruck},
    {"allgather gather_bcast", collalg_allgather_gather_bcast},
};

static int ar_agb(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    return collalg_allreduce_allgather_based(s, b, n, t, op, c, NULL);
}
static int ar_var1(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    return collalg_allreduce_rabenseifner_var1(s, b, n, t, op, c, NULL);
}
static int ar_var2(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    return collalg_allreduce_rabenseifner_var2(s, b, n, t, op, c, NULL, NULL);
}
static int ar_two_stage(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    return collalg_allreduce_two_stage(s, b, n, t, op, c, 0);
}
static int bc_chain(void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{
    return collalg_bcast_chain(b, n, t, root, c, 0);
}
static int bc_tree(void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{
    return collalg_bcast_binary_tree(b, n, t, root, c, 0);
}
static int bc_csm(void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{
    return collalg_bcast_csm(b, n, t, root, c, NULL);
}

static const struct {
    const char *name;
    collalg_allreduce_fn fn;
} allreduces[] = {
    {"allreduce reduce_bcast", collalg_allreduce_reduce_bcast},
    {"allreduce allgather_based", ar_agb},
    {"allreduce recursive_doubling", collalg_allreduce_recursive_doubling},
    {"allreduce rabenseifner", collalg_allreduce_rabenseifner},
    {"allreduce rabenseifner_var1", ar_var1},
    {"allreduce rabenseifner_var2", ar_var2},
    {"allreduce ring", collalg_allreduce_ring},
    {"allreduce two_stage", ar_two_stage},
};

static const struct {
    const char *name;
    collalg_bcast_fn fn;
} bcasts[] = {
    {"bcast linear", collalg_bcast_linear},
    {"bcast chain", bc_chain},
    {"bcast binary_tree", bc_tree},
    {"bcast binomial", collalg_bcast_binomial},
    {"bcast scatter_rdb_allgather", collalg_bcast_scatter_rdb_allgather},
    {"bcast scatter_ring_allgather", collalg_bcast_scatter_ring_allgather},
    {"bcast csm", bc_csm},
};

int main(int argc, char **argv)
{
    int p, rank, i, status, n = 1100; /* elements per block: a block spans > 1 GiB */
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
    for (i = 0; i < (int)(sizeof alltoalls / sizeof alltoalls[0]); i++) {
        if (!th_want_algo(&o, alltoalls[i].name))
            continue;
        got = zalloc(rbytes);
        th_expect(&r, &o, alltoalls[i].name, alltoalls[i].fn(send, n, sparse, got, n, sparse, MPI_COMM_WORLD) == 0);
        th_check(&r, &o, alltoalls[i].name, got, want, rbytes);
        free(got);
    }
    free(want); /* a fresh zero mapping: memset would commit every page */
    want = zalloc(rbytes);
    MPI_Allgather(send, n, sparse, want, n, sparse, MPI_COMM_WORLD);
    for (i = 0; i < (int)(sizeof allgathers / sizeof allgathers[0]); i++) {
        if (!th_want_algo(&o, allgathers[i].name))
            continue;
        got = zalloc(rbytes);
        th_expect(&r, &o, allgathers[i].name, allgathers[i].fn(send, n, sparse, got, n, sparse, MPI_COMM_WORLD) == 0);
        th_check(&r, &o, allgathers[i].name, got, want, rbytes);
        free(got);
    }

    /* allreduce and bcast: one vector of n * p elements */
    free(want);
    want = zalloc(rbytes);
    MPI_Op_create(sparse_sum, 1, &sum);
    MPI_Allreduce(send, want, n * p, sparse, sum, MPI_COMM_WORLD);
    for (i = 0; i < (int)(sizeof allreduces / sizeof allreduces[0]); i++) {
        if (!th_want_algo(&o, allreduces[i].name))
            continue;
        got = zalloc(rbytes);
        th_expect(&r, &o, allreduces[i].name,
                  allreduces[i].fn(send, got, n * p, sparse, sum, MPI_COMM_WORLD) == 0);
        th_check(&r, &o, allreduces[i].name, got, want, rbytes);
        free(got);
    }
    free(want);
    want = zalloc(rbytes);
    put(want, (long)n * p, rank * 100000);
    MPI_Bcast(want, n * p, sparse, p - 1, MPI_COMM_WORLD);
    for (i = 0; i < (int)(sizeof bcasts / sizeof bcasts[0]); i++) {
        if (!th_want_algo(&o, bcasts[i].name))
            continue;
        got = zalloc(rbytes);
        put(got, (long)n * p, rank * 100000);
        th_expect(&r, &o, bcasts[i].name, bcasts[i].fn(got, n * p, sparse, p - 1, MPI_COMM_WORLD) == 0);
        th_check(&r, &o, bcasts[i].name, got, want, rbytes);
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
