/*
 * catalogue.h - every algorithm of the catalogue behind the plain MPI signature of its collective
 * (parameterised algorithms with their default parameters), for the test programs that exercise
 * the whole catalogue the same way (errors.c, isolation.c, bigoffsets.c, select.c).
 */
#ifndef COLLALG_TESTS_CATALOGUE_H
#define COLLALG_TESTS_CATALOGUE_H

#include <collalg/collalg.h>

/* A transport collective: alltoall and allgather share MPI's argument list. */
typedef int (*tc_transport_fn)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm);

/* clang-format off */
#define TC_DEFAULT_N(fam, name)                                                                            \
    static inline int tc_##fam##_##name(const void *s, int sc, MPI_Datatype st, void *b, int rc, MPI_Datatype rt, \
                                        MPI_Comm c)                                                        \
    {                                                                                                      \
        return collalg_##fam##_##name(s, sc, st, b, rc, rt, c, 0);                                         \
    }
/* clang-format on */
TC_DEFAULT_N(alltoall, ring_n_mpi_barriers)
TC_DEFAULT_N(alltoall, pair_n_mpi_barriers)
TC_DEFAULT_N(alltoall, contention_free_n_mpi_barriers)
TC_DEFAULT_N(allgather, ring_n_mpi_barriers)
TC_DEFAULT_N(allgather, pair_n_mpi_barriers)
#undef TC_DEFAULT_N

static inline int tc_allreduce_allgather_based(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    return collalg_allreduce_allgather_based(s, b, n, t, op, c, NULL);
}
static inline int tc_allreduce_rabenseifner_var1(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    return collalg_allreduce_rabenseifner_var1(s, b, n, t, op, c, NULL);
}
static inline int tc_allreduce_rabenseifner_var2(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    return collalg_allreduce_rabenseifner_var2(s, b, n, t, op, c, NULL, NULL);
}
static inline int tc_allreduce_topology_order(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    return collalg_allreduce_topology_order(s, b, n, t, op, c, NULL);
}
static inline int tc_allreduce_han(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    return collalg_allreduce_han(s, b, n, t, op, c, 0, NULL);
}
static inline int tc_allreduce_two_stage(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    return collalg_allreduce_two_stage(s, b, n, t, op, c, 0);
}
static inline int tc_allgather_hierarchical(const void *s, int sc, MPI_Datatype st, void *b, int rc, MPI_Datatype rt,
                                            MPI_Comm c)
{
    return collalg_allgather_hierarchical(s, sc, st, b, rc, rt, c, NULL, NULL, NULL);
}
static inline int tc_bcast_chain(void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{
    return collalg_bcast_chain(b, n, t, root, c, 0);
}
static inline int tc_bcast_topology_chain(void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{
    return collalg_bcast_topology_chain(b, n, t, root, c, 0);
}
static inline int tc_bcast_han(void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{
    return collalg_bcast_han(b, n, t, root, c, 0, NULL, NULL);
}
static inline int tc_bcast_pipelined_scatter_allgather(void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{
    return collalg_bcast_pipelined_scatter_allgather(b, n, t, root, c, 0);
}
static inline int tc_bcast_hierarchical(void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{
    return collalg_bcast_hierarchical(b, n, t, root, c, 0);
}
static inline int tc_bcast_binary_tree(void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{
    return collalg_bcast_binary_tree(b, n, t, root, c, 0);
}
/* clang-format off */
#define TC_DEFAULT_V(name)                                                                                 \
    static inline int tc_alltoallv_##name(const void *s, const int *sc, const int *sd, MPI_Datatype st, void *b, \
                                          const int *rc, const int *rd, MPI_Datatype rt, MPI_Comm c)       \
    {                                                                                                      \
        return collalg_alltoallv_##name(s, sc, sd, st, b, rc, rd, rt, c, 0);                               \
    }                                                                                                      \
    static inline int tc_allgatherv_##name(const void *s, int sc, MPI_Datatype st, void *b, const int *rc,  \
                                           const int *rd, MPI_Datatype rt, MPI_Comm c)                     \
    {                                                                                                      \
        return collalg_allgatherv_##name(s, sc, st, b, rc, rd, rt, c, 0);                                  \
    }
/* clang-format on */
TC_DEFAULT_V(ring_n_mpi_barriers)
TC_DEFAULT_V(pair_n_mpi_barriers)
#undef TC_DEFAULT_V

static inline int tc_barrier_mcs(MPI_Comm c)
{
    return collalg_barrier_mcs(c, 0, 0);
}
static inline int tc_barrier_js(MPI_Comm c)
{
    return collalg_barrier_js(c, 0);
}
static inline int tc_bcast_csm(void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{
    return collalg_bcast_csm(b, n, t, root, c, NULL);
}
static inline int tc_bcast_knomial(void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{
    return collalg_bcast_knomial(b, n, t, root, c, 0);
}
static inline int tc_bcast_circulant(void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{
    return collalg_bcast_circulant(b, n, t, root, c, 0);
}
static inline int tc_bcast_topology_order(void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{
    return collalg_bcast_topology_order(b, n, t, root, c, NULL);
}
static inline int tc_bcast_two_tree(void *b, int n, MPI_Datatype t, int root, MPI_Comm c)
{
    return collalg_bcast_two_tree(b, n, t, root, c, 0);
}
static inline int tc_allreduce_two_tree(const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    return collalg_allreduce_two_tree(s, r, n, t, op, c, 0);
}
static inline int tc_barrier_knomial(MPI_Comm c)
{
    return collalg_barrier_knomial(c, 0);
}
static inline int tc_allreduce_circulant(const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c)
{
    return collalg_allreduce_circulant(s, r, n, t, op, c, 0);
}

typedef struct tc_transport {
    const char *name;
    tc_transport_fn fn;
} tc_transport;

typedef struct tc_allreduce {
    const char *name;
    collalg_allreduce_fn fn;
} tc_allreduce;

typedef struct tc_bcast {
    const char *name;
    collalg_bcast_fn fn;
} tc_bcast;

static const tc_transport tc_alltoalls[] = {
    {"alltoall simple", collalg_alltoall_simple},
    {"alltoall node_aware", collalg_alltoall_node_aware},
    {"alltoall spreading_simple", collalg_alltoall_spreading_simple},
    {"alltoall mesh_2d", collalg_alltoall_mesh_2d},
    {"alltoall mesh_3d", collalg_alltoall_mesh_3d},
    {"alltoall recursive_doubling", collalg_alltoall_recursive_doubling},
    {"alltoall bruck", collalg_alltoall_bruck},
    {"alltoall ring", collalg_alltoall_ring},
    {"alltoall ring_light_barrier", collalg_alltoall_ring_light_barrier},
    {"alltoall ring_mpi_barrier", collalg_alltoall_ring_mpi_barrier},
    {"alltoall ring_n_mpi_barriers", tc_alltoall_ring_n_mpi_barriers},
    {"alltoall pair", collalg_alltoall_pair},
    {"alltoall pair_light_barrier", collalg_alltoall_pair_light_barrier},
    {"alltoall pair_mpi_barrier", collalg_alltoall_pair_mpi_barrier},
    {"alltoall pair_n_mpi_barriers", tc_alltoall_pair_n_mpi_barriers},
    {"alltoall contention_free", collalg_alltoall_contention_free},
    {"alltoall contention_free_light_barrier", collalg_alltoall_contention_free_light_barrier},
    {"alltoall contention_free_mpi_barrier", collalg_alltoall_contention_free_mpi_barrier},
    {"alltoall contention_free_n_mpi_barriers", tc_alltoall_contention_free_n_mpi_barriers},
};

static const tc_transport tc_allgathers[] = {
    {"allgather simple", collalg_allgather_simple},
    {"allgather spreading_simple", collalg_allgather_spreading_simple},
    {"allgather ring", collalg_allgather_ring},
    {"allgather ring_light_barrier", collalg_allgather_ring_light_barrier},
    {"allgather ring_mpi_barrier", collalg_allgather_ring_mpi_barrier},
    {"allgather ring_n_mpi_barriers", tc_allgather_ring_n_mpi_barriers},
    {"allgather pair", collalg_allgather_pair},
    {"allgather pair_light_barrier", collalg_allgather_pair_light_barrier},
    {"allgather pair_mpi_barrier", collalg_allgather_pair_mpi_barrier},
    {"allgather pair_n_mpi_barriers", tc_allgather_pair_n_mpi_barriers},
    {"allgather mesh_2d", collalg_allgather_mesh_2d},
    {"allgather mesh_3d", collalg_allgather_mesh_3d},
    {"allgather recursive_doubling", collalg_allgather_recursive_doubling},
    {"allgather bruck", collalg_allgather_bruck},
    {"allgather gather_bcast", collalg_allgather_gather_bcast},
    {"allgather hierarchical", tc_allgather_hierarchical},
    {"allgather logical_ring", collalg_allgather_logical_ring},
    {"allgather topology_ring", collalg_allgather_topology_ring},
    {"allgather circulant", collalg_allgather_circulant},
};

static const tc_allreduce tc_allreduces[] = {
    {"allreduce reduce_bcast", collalg_allreduce_reduce_bcast},
    {"allreduce allgather_based", tc_allreduce_allgather_based},
    {"allreduce recursive_doubling", collalg_allreduce_recursive_doubling},
    {"allreduce rabenseifner", collalg_allreduce_rabenseifner},
    {"allreduce rabenseifner_var1", tc_allreduce_rabenseifner_var1},
    {"allreduce rabenseifner_var2", tc_allreduce_rabenseifner_var2},
    {"allreduce han", tc_allreduce_han},
    {"allreduce ring", collalg_allreduce_ring},
    {"allreduce topology_ring", collalg_allreduce_topology_ring},
    {"allreduce topology_order", tc_allreduce_topology_order},
    {"allreduce two_stage", tc_allreduce_two_stage},
    {"allreduce circulant", tc_allreduce_circulant},
    {"allreduce two_tree", tc_allreduce_two_tree},
};

static const tc_bcast tc_bcasts[] = {
    {"bcast linear", collalg_bcast_linear},
    {"bcast chain", tc_bcast_chain},
    {"bcast topology_chain", tc_bcast_topology_chain},
    {"bcast binary_tree", tc_bcast_binary_tree},
    {"bcast pipelined_scatter_allgather", tc_bcast_pipelined_scatter_allgather},
    {"bcast han", tc_bcast_han},
    {"bcast hierarchical", tc_bcast_hierarchical},
    {"bcast binomial", collalg_bcast_binomial},
    {"bcast scatter_rdb_allgather", collalg_bcast_scatter_rdb_allgather},
    {"bcast scatter_ring_allgather", collalg_bcast_scatter_ring_allgather},
    {"bcast csm", tc_bcast_csm},
    {"bcast knomial", tc_bcast_knomial},
    {"bcast circulant", tc_bcast_circulant},
    {"bcast topology_order", tc_bcast_topology_order},
    {"bcast two_tree", tc_bcast_two_tree},
};

typedef struct tc_alltoallv {
    const char *name;
    collalg_alltoallv_fn fn;
} tc_alltoallv;

typedef struct tc_allgatherv {
    const char *name;
    collalg_allgatherv_fn fn;
} tc_allgatherv;

typedef struct tc_barrier {
    const char *name;
    collalg_barrier_fn fn;
} tc_barrier;

static const tc_alltoallv tc_alltoallvs[] = {
    {"alltoallv simple", collalg_alltoallv_simple},
    {"alltoallv spreading_simple", collalg_alltoallv_spreading_simple},
    {"alltoallv ring", collalg_alltoallv_ring},
    {"alltoallv ring_light_barrier", collalg_alltoallv_ring_light_barrier},
    {"alltoallv ring_mpi_barrier", collalg_alltoallv_ring_mpi_barrier},
    {"alltoallv ring_n_mpi_barriers", tc_alltoallv_ring_n_mpi_barriers},
    {"alltoallv pair", collalg_alltoallv_pair},
    {"alltoallv pair_light_barrier", collalg_alltoallv_pair_light_barrier},
    {"alltoallv pair_mpi_barrier", collalg_alltoallv_pair_mpi_barrier},
    {"alltoallv pair_n_mpi_barriers", tc_alltoallv_pair_n_mpi_barriers},
    {"alltoallv greedy", collalg_alltoallv_greedy},
    {"alltoallv alltoall_based", collalg_alltoallv_alltoall_based},
};

static const tc_allgatherv tc_allgathervs[] = {
    {"allgatherv simple", collalg_allgatherv_simple},
    {"allgatherv spreading_simple", collalg_allgatherv_spreading_simple},
    {"allgatherv ring", collalg_allgatherv_ring},
    {"allgatherv ring_light_barrier", collalg_allgatherv_ring_light_barrier},
    {"allgatherv ring_mpi_barrier", collalg_allgatherv_ring_mpi_barrier},
    {"allgatherv ring_n_mpi_barriers", tc_allgatherv_ring_n_mpi_barriers},
    {"allgatherv pair", collalg_allgatherv_pair},
    {"allgatherv pair_light_barrier", collalg_allgatherv_pair_light_barrier},
    {"allgatherv pair_mpi_barrier", collalg_allgatherv_pair_mpi_barrier},
    {"allgatherv pair_n_mpi_barriers", tc_allgatherv_pair_n_mpi_barriers},
    {"allgatherv recursive_doubling", collalg_allgatherv_recursive_doubling},
    {"allgatherv bruck", collalg_allgatherv_bruck},
    {"allgatherv gather_bcast", collalg_allgatherv_gather_bcast},
    {"allgatherv logical_ring", collalg_allgatherv_logical_ring},
    {"allgatherv topology_ring", collalg_allgatherv_topology_ring},
};

static const tc_barrier tc_barriers[] = {
    {"barrier dissemination", collalg_barrier_dissemination},
    {"barrier pairwise_exchange", collalg_barrier_pairwise_exchange},
    {"barrier binomial", collalg_barrier_binomial},
    {"barrier mcs", tc_barrier_mcs},
    {"barrier js", tc_barrier_js},
    {"barrier light_weight", collalg_barrier_light_weight},
    {"barrier knomial", tc_barrier_knomial},
};

/* The rooted collectives and alltoallw: tuning parameter 0 selects the documented default
 * (radix 4, first segment 1024 bytes, 32 requests in flight). */
static inline int tc_gather_linear_sync(const void *s, int sc, MPI_Datatype st, void *b, int rc, MPI_Datatype rt,
                                        int root, MPI_Comm c)
{
    return collalg_gather_linear_sync(s, sc, st, b, rc, rt, root, c, 0);
}
static inline int tc_gather_knomial(const void *s, int sc, MPI_Datatype st, void *b, int rc, MPI_Datatype rt, int root,
                                    MPI_Comm c)
{
    return collalg_gather_knomial(s, sc, st, b, rc, rt, root, c, 0);
}
static inline int tc_scatter_linear_nb(const void *s, int sc, MPI_Datatype st, void *b, int rc, MPI_Datatype rt,
                                       int root, MPI_Comm c)
{
    return collalg_scatter_linear_nb(s, sc, st, b, rc, rt, root, c, 0);
}
static inline int tc_scatter_knomial(const void *s, int sc, MPI_Datatype st, void *b, int rc, MPI_Datatype rt, int root,
                                     MPI_Comm c)
{
    return collalg_scatter_knomial(s, sc, st, b, rc, rt, root, c, 0);
}
static inline int tc_alltoallw_scattered(const void *s, const int *sc, const int *sd, const MPI_Datatype *st, void *b,
                                         const int *rc, const int *rd, const MPI_Datatype *rt, MPI_Comm c)
{
    return collalg_alltoallw_scattered(s, sc, sd, st, b, rc, rd, rt, c, 0);
}

typedef struct tc_gather {
    const char *name;
    collalg_gather_fn fn;
} tc_gather;

typedef struct tc_scatter {
    const char *name;
    collalg_scatter_fn fn;
} tc_scatter;

typedef struct tc_gatherv {
    const char *name;
    collalg_gatherv_fn fn;
} tc_gatherv;

typedef struct tc_scatterv {
    const char *name;
    collalg_scatterv_fn fn;
} tc_scatterv;

typedef struct tc_alltoallw {
    const char *name;
    collalg_alltoallw_fn fn;
} tc_alltoallw;

static const tc_gather tc_gathers[] = {
    {"gather linear", collalg_gather_linear},
    {"gather linear_sync", tc_gather_linear_sync},
    {"gather binomial", collalg_gather_binomial},
    {"gather knomial", tc_gather_knomial},
    {"gather hierarchical", collalg_gather_hierarchical},
    {"gather topology", collalg_gather_topology},
};

static const tc_scatter tc_scatters[] = {
    {"scatter linear", collalg_scatter_linear},
    {"scatter linear_nb", tc_scatter_linear_nb},
    {"scatter binomial", collalg_scatter_binomial},
    {"scatter knomial", tc_scatter_knomial},
    {"scatter hierarchical", collalg_scatter_hierarchical},
    {"scatter topology", collalg_scatter_topology},
};

static const tc_gatherv tc_gathervs[] = {
    {"gatherv linear", collalg_gatherv_linear},
    {"gatherv binomial", collalg_gatherv_binomial},
    {"gatherv hierarchical", collalg_gatherv_hierarchical},
};

static const tc_scatterv tc_scattervs[] = {
    {"scatterv linear", collalg_scatterv_linear},
    {"scatterv binomial", collalg_scatterv_binomial},
    {"scatterv hierarchical", collalg_scatterv_hierarchical},
};

/* pair_inplace runs the pair exchange unless sendbuf is MPI_IN_PLACE. */
static const tc_alltoallw tc_alltoallws[] = {
    {"alltoallw scattered", tc_alltoallw_scattered},
    {"alltoallw pair", collalg_alltoallw_pair},
    {"alltoallw ring", collalg_alltoallw_ring},
    {"alltoallw pair_inplace", collalg_alltoallw_pair_inplace},
};

/* Reduce: tuning parameter 0 selects the documented default (segsize 64 KiB, chain fan-out 4,
 * k-nomial radix 4). */
/* clang-format off */
#define TC_REDUCE_SEG(name)                                                                                \
    static inline int tc_reduce_##name(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, int root, \
                                       MPI_Comm c)                                                         \
    {                                                                                                      \
        return collalg_reduce_##name(s, b, n, t, op, root, c, 0);                                          \
    }
/* clang-format on */
TC_REDUCE_SEG(in_order_binary)
TC_REDUCE_SEG(binary_tree)
TC_REDUCE_SEG(pipeline)
#undef TC_REDUCE_SEG
static inline int tc_reduce_chain(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c)
{
    return collalg_reduce_chain(s, b, n, t, op, root, c, 0, 0);
}
static inline int tc_reduce_knomial(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c)
{
    return collalg_reduce_knomial(s, b, n, t, op, root, c, 0, 0);
}
static inline int tc_reduce_circulant(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c)
{
    return collalg_reduce_circulant(s, b, n, t, op, root, c, 0);
}
static inline int tc_reduce_two_tree(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c)
{
    return collalg_reduce_two_tree(s, b, n, t, op, root, c, 0);
}
static inline int tc_reduce_han(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm c)
{
    return collalg_reduce_han(s, b, n, t, op, root, c, 0, NULL);
}
static inline int tc_reduce_topology_chain(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, int root,
                                           MPI_Comm c)
{
    return collalg_reduce_topology_chain(s, b, n, t, op, root, c, 0);
}
static inline int tc_reduce_topology_order(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, int root,
                                           MPI_Comm c)
{
    return collalg_reduce_topology_order(s, b, n, t, op, root, c, NULL);
}

typedef struct tc_reduce {
    const char *name;
    collalg_reduce_fn fn;
} tc_reduce;

static const tc_reduce tc_reduces[] = {
    {"reduce linear", collalg_reduce_linear},
    {"reduce binomial", collalg_reduce_binomial},
    {"reduce in_order_binary", tc_reduce_in_order_binary},
    {"reduce binary_tree", tc_reduce_binary_tree},
    {"reduce chain", tc_reduce_chain},
    {"reduce pipeline", tc_reduce_pipeline},
    {"reduce knomial", tc_reduce_knomial},
    {"reduce rabenseifner", collalg_reduce_rabenseifner},
    {"reduce circulant", tc_reduce_circulant},
    {"reduce topology_order", tc_reduce_topology_order},
    {"reduce two_tree", tc_reduce_two_tree},
    {"reduce han", tc_reduce_han},
    {"reduce topology_chain", tc_reduce_topology_chain},
};

/* Scan, exscan, reduce_scatter and reduce_scatter_block. Adding an algorithm is one row in its
 * table: "<collective> <algorithm>" (the names of restrictions.h, which the tests read for the
 * algorithm's restrictions: a #COLLALG_R_COMMUTATIVE algorithm must return MPI_ERR_OP for a
 * non-commutative operation) and the function; a parameterised algorithm adds one TC_*_DEFAULTS
 * line above its row, e.g. TC_SCAN_DEFAULTS(scan, linear, 0) defines tc_scan_linear, which calls
 * collalg_scan_linear(..., 0). Tuning parameter 0 selects the documented default (linear: segsize
 * 64 KiB). */
/* clang-format off */
#define TC_SCAN_DEFAULTS(coll, name, ...)                                                                  \
    static inline int tc_##coll##_##name(const void *s, void *b, int n, MPI_Datatype t, MPI_Op op, MPI_Comm c) \
    {                                                                                                      \
        return collalg_##coll##_##name(s, b, n, t, op, c, __VA_ARGS__);                                    \
    }
#define TC_RS_DEFAULTS(name, ...)                                                                          \
    static inline int tc_reduce_scatter_##name(const void *s, void *b, const int *rc, MPI_Datatype t, MPI_Op op, \
                                               MPI_Comm c)                                                 \
    {                                                                                                      \
        return collalg_reduce_scatter_##name(s, b, rc, t, op, c, __VA_ARGS__);                             \
    }
#define TC_RSB_DEFAULTS(name, ...)                                                                         \
    static inline int tc_reduce_scatter_block_##name(const void *s, void *b, int rc, MPI_Datatype t, MPI_Op op, \
                                                     MPI_Comm c)                                           \
    {                                                                                                      \
        return collalg_reduce_scatter_block_##name(s, b, rc, t, op, c, __VA_ARGS__);                       \
    }
/* clang-format on */
TC_SCAN_DEFAULTS(scan, linear, 0)
TC_SCAN_DEFAULTS(exscan, linear, 0)
TC_SCAN_DEFAULTS(scan, hierarchical, NULL, NULL)
TC_SCAN_DEFAULTS(exscan, hierarchical, NULL, NULL)
TC_RS_DEFAULTS(hierarchical, NULL)
TC_RSB_DEFAULTS(hierarchical, NULL)

typedef struct tc_scan {
    const char *name;
    collalg_scan_fn fn;
} tc_scan;

typedef struct tc_exscan {
    const char *name;
    collalg_exscan_fn fn;
} tc_exscan;

/* int_total = 1: the algorithm moves the whole vector (the sum of the counts) with int counts, so
 * it returns MPI_ERR_COUNT, before any message, when that sum exceeds INT_MAX (its header says so
 * under Restrictions); 0: no such limit. */
typedef struct tc_reduce_scatter {
    const char *name;
    collalg_reduce_scatter_fn fn;
    int int_total;
} tc_reduce_scatter;

typedef struct tc_reduce_scatter_block {
    const char *name;
    collalg_reduce_scatter_block_fn fn;
    int int_total;
} tc_reduce_scatter_block;

static const tc_scan tc_scans[] = {
    {"scan binary_tree", collalg_scan_binary_tree},
    {"scan linear", tc_scan_linear},
    {"scan recursive_doubling", collalg_scan_recursive_doubling},
    {"scan hierarchical", tc_scan_hierarchical},
};

static const tc_exscan tc_exscans[] = {
    {"exscan binary_tree", collalg_exscan_binary_tree},
    {"exscan linear", tc_exscan_linear},
    {"exscan recursive_doubling", collalg_exscan_recursive_doubling},
    {"exscan hierarchical", tc_exscan_hierarchical},
};

static const tc_reduce_scatter tc_reduce_scatters[] = {
    {"reduce_scatter pairwise", collalg_reduce_scatter_pairwise, 0},
    {"reduce_scatter recursive_doubling", collalg_reduce_scatter_recursive_doubling, 1},
    {"reduce_scatter recursive_halving", collalg_reduce_scatter_recursive_halving, 1},
    {"reduce_scatter reduce_scatterv", collalg_reduce_scatter_reduce_scatterv, 1},
    {"reduce_scatter ring", collalg_reduce_scatter_ring, 0},
    {"reduce_scatter hierarchical", tc_reduce_scatter_hierarchical, 1},
    {"reduce_scatter topology_ring", collalg_reduce_scatter_topology_ring, 0},
    {"reduce_scatter butterfly", collalg_reduce_scatter_butterfly, 1},
};

static const tc_reduce_scatter_block tc_reduce_scatter_blocks[] = {
    {"reduce_scatter_block pairwise", collalg_reduce_scatter_block_pairwise, 0},
    {"reduce_scatter_block recursive_doubling", collalg_reduce_scatter_block_recursive_doubling, 1},
    {"reduce_scatter_block recursive_halving", collalg_reduce_scatter_block_recursive_halving, 1},
    {"reduce_scatter_block reduce_scatterv", collalg_reduce_scatter_block_reduce_scatterv, 1},
    {"reduce_scatter_block ring", collalg_reduce_scatter_block_ring, 0},
    {"reduce_scatter_block hierarchical", tc_reduce_scatter_block_hierarchical, 1},
    {"reduce_scatter_block topology_ring", collalg_reduce_scatter_block_topology_ring, 0},
    {"reduce_scatter_block butterfly", collalg_reduce_scatter_block_butterfly, 1},
};

/* The restrictions (restrictions.h) of the algorithm a row's name "<collective> <algorithm>"
 * names: a bit set of COLLALG_R_ kinds, or -1 when restrictions.h does not list it. */
static inline int tc_restrictions(const char *row)
{
    char coll[64];
    const char *space = strchr(row, ' ');
    size_t n = space ? (size_t)(space - row) : sizeof coll;
    if (n >= sizeof coll)
        return -1;
    memcpy(coll, row, n);
    coll[n] = '\0';
    return collalg_restrictions(coll, space + 1);
}

#define TC_COUNT(table) ((int)(sizeof(table) / sizeof((table)[0])))

#endif /* COLLALG_TESTS_CATALOGUE_H */
