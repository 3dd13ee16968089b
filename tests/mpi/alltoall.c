/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * alltoall.c - every catalogue alltoall algorithm against MPI_Alltoall, byte for byte.
 * See harness.h for the options and the output. Options of this program:
 *   --cf-sync        also run the synchronised contention-free variants (light barrier, MPI
 *                    barrier, N MPI barriers); without it only contention_free runs of that family
 *                    (the others move the same messages in the same phases; the suite runs them on
 *                    a smaller matrix)
 *   --cf-switches K  run only the contention-free family, on a duplicate of MPI_COMM_WORLD with
 *                    an attached description: the hosts (processor names, in order of their
 *                    lowest rank) round-robin over K switches under a top switch. Checks first that
 *                    the cached topology is shared with the private communicator (what inner calls
 *                    see), that the contention-free alltoall works called on that private
 *                    communicator, that a second attach replaces the topology on both, and that
 *                    out-of-range N is rejected; frees the communicator at the end (valgrind: no
 *                    leak, no double free).
 */
#include <collalg/alltoall.h>
#include "harness.h"

TH_PLAIN(alltoall, simple)
TH_PLAIN(alltoall, spreading_simple)
TH_PARAM(alltoall, scattered)
TH_PLAIN(alltoall, mesh_2d)
TH_PLAIN(alltoall, mesh_3d)
TH_PLAIN(alltoall, recursive_doubling)
TH_PLAIN(alltoall, bruck)
TH_PARAM(alltoall, k_bruck)
TH_PLAIN(alltoall, bine)
TH_PLAIN(alltoall, ring)
TH_PLAIN(alltoall, ring_light_barrier)
TH_PLAIN(alltoall, ring_mpi_barrier)
TH_PARAM(alltoall, ring_n_mpi_barriers)
TH_PLAIN(alltoall, pair)
TH_PLAIN(alltoall, pair_light_barrier)
TH_PLAIN(alltoall, pair_mpi_barrier)
TH_PARAM(alltoall, pair_n_mpi_barriers)
TH_PLAIN(alltoall, pair_inplace)
TH_PLAIN(alltoall, contention_free)
TH_PLAIN(alltoall, contention_free_light_barrier)
TH_PLAIN(alltoall, contention_free_mpi_barrier)
TH_PARAM(alltoall, contention_free_n_mpi_barriers)
TH_PLAIN(alltoall, node_aware)

/* Parameter code: the largest N of the contention-free schedule (L - 1, L its phases). */
#define CF_MAXB (-3)

static const struct {
    const char *name;
    th_transport_fn fn;
    int param;
} algos[] = {
    {"simple", run_simple, 0},
    {"node_aware", run_node_aware, 0},
    {"spreading_simple", run_spreading_simple, 0},
    {"scattered", run_scattered, 0},
    {"scattered(1)", run_scattered, 1},
    {"scattered(2)", run_scattered, 2},
    {"mesh_2d", run_mesh_2d, 0},
    {"mesh_3d", run_mesh_3d, 0},
    {"recursive_doubling", run_recursive_doubling, 0},
    {"bruck", run_bruck, 0},
    {"k_bruck(0)", run_k_bruck, 0},
    {"k_bruck(3)", run_k_bruck, 3},
    {"k_bruck(1000)", run_k_bruck, 1000},
    {"bine", run_bine, 0},
    {"ring", run_ring, 0},
    {"ring_light_barrier", run_ring_light_barrier, 0},
    {"ring_mpi_barrier", run_ring_mpi_barrier, 0},
    {"ring_n_mpi_barriers(0)", run_ring_n_mpi_barriers, 0},
    {"ring_n_mpi_barriers(1)", run_ring_n_mpi_barriers, 1},
    {"ring_n_mpi_barriers(p-2)", run_ring_n_mpi_barriers, TH_MAXB},
    {"pair", run_pair, 0},
    {"pair_light_barrier", run_pair_light_barrier, 0},
    {"pair_mpi_barrier", run_pair_mpi_barrier, 0},
    {"pair_n_mpi_barriers(0)", run_pair_n_mpi_barriers, 0},
    {"pair_n_mpi_barriers(1)", run_pair_n_mpi_barriers, 1},
    {"pair_n_mpi_barriers(S-1)", run_pair_n_mpi_barriers, TH_MAXB_PAIR},
    {"pair_inplace", run_pair_inplace, 0},
    {"contention_free", run_contention_free, 0},
    {"contention_free_light_barrier", run_contention_free_light_barrier, 0},
    {"contention_free_mpi_barrier", run_contention_free_mpi_barrier, 0},
    {"contention_free_n_mpi_barriers(0)", run_contention_free_n_mpi_barriers, 0},
    {"contention_free_n_mpi_barriers(1)", run_contention_free_n_mpi_barriers, 1},
    {"contention_free_n_mpi_barriers(L-1)", run_contention_free_n_mpi_barriers, CF_MAXB},
};

/* The cached topology of comm (NULL when there is none) and, with a2a, its contention-free
 * schedule computed (collective then). */
static const collalg__topo_comm *cf_topology(MPI_Comm comm, int a2a)
{
    collalg__ctx c;
    collalg__topo_comm *t = NULL;
    const collalg__topo_comm *ct = NULL;
    collalg__ctx_init(&c, comm);
    if (collalg__ctx_attach(&c) != MPI_SUCCESS)
        return NULL;
    if (a2a)
        collalg__topo_comm_a2a(&c, &ct);
    else
        collalg__topo_comm_cached(&c, &t), ct = t;
    return ct;
}

/* The private communicator of comm (core/comm.h). */
static MPI_Comm cf_private(MPI_Comm comm)
{
    MPI_Comm priv = MPI_COMM_NULL;
    collalg__private_comm(comm, &priv);
    return priv;
}

/* A description with the hosts of MPI_COMM_WORLD (processor names, in order of their lowest
 * rank) round-robin over k switches under a top switch (one switch for k = 1 or one host);
 * caller frees. */
static char *cf_description(int k)
{
    int p, rank, len, i, j, h, nhosts = 0;
    char *names, *text, *at;
    int *first;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    names = (char *)calloc((size_t)p, MPI_MAX_PROCESSOR_NAME);
    first = (int *)malloc((size_t)p * sizeof *first);
    text = (char *)malloc((size_t)(p + k + 2) * (MPI_MAX_PROCESSOR_NAME + 32));
    if (!names || !first || !text)
        MPI_Abort(MPI_COMM_WORLD, 2);
    MPI_Get_processor_name(names + (size_t)rank * MPI_MAX_PROCESSOR_NAME, &len);
    MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, names, MPI_MAX_PROCESSOR_NAME, MPI_CHAR, MPI_COMM_WORLD);
    for (i = 0; i < p; i++) {
        for (j = 0; j < nhosts && strcmp(names + (size_t)first[j] * MPI_MAX_PROCESSOR_NAME,
                                         names + (size_t)i * MPI_MAX_PROCESSOR_NAME) != 0;
             j++)
            ;
        if (j == nhosts)
            first[nhosts++] = i;
    }
    at = text;
    k = k < nhosts ? k : nhosts; /* no switch without hosts */
    for (i = 0; i < k; i++) {
        at += sprintf(at, "SwitchName=s%d Nodes=", i);
        for (h = i, j = 0; h < nhosts; h += k, j++)
            at += sprintf(at, "%s%s", j ? "," : "", names + (size_t)first[h] * MPI_MAX_PROCESSOR_NAME);
        at += sprintf(at, "\n");
    }
    if (k > 1) {
        at += sprintf(at, "SwitchName=top Switches=");
        for (i = 0; i < k; i++)
            at += sprintf(at, "%ss%d", i ? "," : "", i);
        at += sprintf(at, "\n");
    }
    free(names);
    free(first);
    return text;
}

/* --cf-switches: attaches the description to a duplicate of MPI_COMM_WORLD and checks the cache
 * (see the file comment); returns the duplicate. */
static MPI_Comm cf_attach(th_result *r, const th_opts *o, int k)
{
    MPI_Comm comm, priv;
    MPI_Errhandler eh;
    const collalg__topo_comm *t1, *t2;
    char *text = cf_description(k), what[160];
    int p, rank, i, err, L, bad[2], nbad, *sbuf, *got, *want;

    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    th_expect(r, o, "cf attach", collalg_topology_attach(comm, text, 0) == MPI_SUCCESS);
    priv = cf_private(comm);
    t1 = cf_topology(comm, 0);
    th_expect(r, o, "cf topology shared with the private communicator",
              t1 && t1->described && cf_topology(priv, 0) == t1 && t1->refs == 2);
    /* an inner call: the contention-free alltoall on the private communicator */
    sbuf = (int *)malloc((size_t)p * sizeof(int));
    got = (int *)malloc((size_t)p * sizeof(int));
    want = (int *)malloc((size_t)p * sizeof(int));
    for (i = 0; i < p; i++)
        sbuf[i] = rank * 1000 + i, want[i] = i * 1000 + rank, got[i] = -1;
    err = collalg_alltoall_contention_free(sbuf, 1, MPI_INT, got, 1, MPI_INT, priv);
    th_expect(r, o, "cf inner call succeeded", err == MPI_SUCCESS);
    th_check(r, o, "cf inner call", got, want, (size_t)p * sizeof(int));
    th_expect(r, o, "cf inner call used the attached topology", cf_topology(priv, 0) == t1 && t1->a2a_nphases >= 0);
    /* a second attach replaces it on both */
    th_expect(r, o, "cf attach again", collalg_topology_attach(comm, text, 0) == MPI_SUCCESS);
    t2 = cf_topology(comm, 0);
    th_expect(r, o, "cf attach again replaces on both",
              t2 && t2->a2a_nphases == -1 && cf_topology(priv, 0) == t2 && t2->refs == 2);
    /* out-of-range N, on a duplicate with a recording handler and the same description */
    t2 = cf_topology(comm, 1);
    th_expect(r, o, "cf schedule computed", t2 != NULL);
    L = t2 ? t2->a2a_nphases : 0;
    {
        MPI_Comm rc = th_recording_comm(&eh);
        th_expect(r, o, "cf attach to the recording communicator", collalg_topology_attach(rc, text, 0) == 0);
        bad[0] = -1, bad[1] = L, nbad = L >= 2 ? 2 : 1;
        for (i = 0; i < nbad; i++) {
            for (int j = 0; j < p; j++)
                got[j] = -1;
            err = collalg_alltoall_contention_free_n_mpi_barriers(sbuf, 1, MPI_INT, got, 1, MPI_INT, rc, bad[i]);
            snprintf(what, sizeof what, "cf n_mpi_barriers(%d) rejected, L=%d", bad[i], L);
            th_expect_rejected(r, o, what, err, got[0] == -1 && got[p - 1] == -1);
        }
        th_recording_comm_free(&rc, &eh);
    }
    free(sbuf);
    free(got);
    free(want);
    free(text);
    return comm;
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result r = {0, 0, NULL, NULL};
    th_types types[TH_NTYPES];
    int p, rank, a, ci, ti, inplace, status, i, cf_sync = 0, cf_switches = 0, maxl;
    MPI_Comm comm = MPI_COMM_WORLD;

    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    th_types_init(types);
    for (i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--cf-sync"))
            cf_sync = 1;
        else if (!strcmp(argv[i], "--cf-switches") && i + 1 < argc)
            cf_switches = atoi(argv[++i]);
    }
    if (cf_switches > 0)
        comm = cf_attach(&r, &o, cf_switches);
    /* L - 1 of the contention-free schedule of comm (computing it here is collective) */
    {
        const collalg__topo_comm *t = cf_topology(comm, 1); /* NULL: the cases below report it */
        maxl = t && t->a2a_nphases >= 2 ? t->a2a_nphases - 1 : 0;
    }

    /* One native reference per (type, count, in place); every algorithm is compared with it. */
    for (ti = 0; ti < TH_NTYPES; ti++) {
        const th_types *t = &types[ti];
        if (!th_want_type(&o, t->name))
            continue;
        for (ci = 0; ci < o.ncounts; ci++) {
            int rcount = o.counts[ci] < 0 ? th_big_count(t->rtype) : o.counts[ci];
            int scount = rcount * t->ratio;
            size_t sbytes = th_bytes((long)scount * p, t->stype), rbytes = th_bytes((long)rcount * p, t->rtype);
            if ((double)(sbytes > rbytes ? sbytes : rbytes) > o.max_bytes)
                continue;
            for (inplace = 0; inplace <= (o.inplace && t->stype == t->rtype); inplace++) {
                void *sbuf = th_alloc(sbytes), *want = th_alloc(rbytes), *got = th_alloc(rbytes);
                void *input = th_alloc(rbytes);
                unsigned seed = (unsigned)(rank * 7919 + ci * 31 + ti);
                th_fill(sbuf, sbytes, seed);
                if (inplace) {
                    /* The input lives in the receive buffer. The reference is the native
                     * out-of-place alltoall of a copy of it: MPICH 4.0.2's in-place alltoall
                     * fails (MPI_ERR_TRUNCATE) for the resized struct type. */
                    th_fill(input, rbytes, seed + 1);
                    memcpy(want, input, rbytes);
                    MPI_Alltoall(input, rcount, t->rtype, want, rcount, t->rtype, MPI_COMM_WORLD);
                } else {
                    memset(input, 0xA5, rbytes);
                    memcpy(want, input, rbytes);
                    MPI_Alltoall(sbuf, scount, t->stype, want, rcount, t->rtype, MPI_COMM_WORLD);
                }
                for (a = 0; a < (int)(sizeof algos / sizeof algos[0]); a++) {
                    char what[160];
                    int err, cf = strncmp(algos[a].name, "contention_free", 15) == 0;
                    int param = algos[a].param == CF_MAXB ? maxl : th_resolve_nbarriers(algos[a].param, p);
                    if (!th_want_algo(&o, algos[a].name) || (cf_switches > 0 && !cf) ||
                        (cf && !cf_sync && strcmp(algos[a].name, "contention_free") != 0))
                        continue;
                    memcpy(got, input, rbytes);
                    if (inplace)
                        err = algos[a].fn(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, got, rcount, t->rtype, comm, param);
                    else
                        err = algos[a].fn(sbuf, scount, t->stype, got, rcount, t->rtype, comm, param);
                    snprintf(what, sizeof what, "alltoall %s p=%d type=%s count=%d%s%s", algos[a].name, p, t->name,
                             rcount, inplace ? " in-place" : "", cf_switches > 0 ? " described" : "");
                    th_expect(&r, &o, what, err == MPI_SUCCESS);
                    th_check(&r, &o, what, got, want, rbytes);
                }
                free(sbuf);
                free(want);
                free(got);
                free(input);
            }
        }
    }
    th_types_free(types);
    if (comm != MPI_COMM_WORLD)
        MPI_Comm_free(&comm);
    status = th_finish(&r, "alltoall");
    MPI_Finalize();
    return status;
}
