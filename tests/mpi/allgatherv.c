/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * allgatherv.c - every catalogue allgatherv algorithm against MPI_Allgatherv, byte for byte over
 * the whole receive allocation (gaps between blocks and inside derived types included).
 * See harness.h for the common options and the output. One more option:
 *   --patterns LIST  comma-separated block patterns (default: all of them):
 *     uniform   every rank c elements, blocks back to back in rank order
 *     zeros     every third rank (0, 3, 6, ...) contributes 0 elements, the others c
 *     uneven    rank p / 2 holds about 90 % of the data, the others c / 10 each
 *     random    counts uniform in [0, 2c], back to back in rank order
 *     reverse   counts c or c + 1, blocks in reverse rank order with one-element gaps
 *     permuted  counts uniform in [0, 2c], blocks in a shuffled rank order with gaps of 0-2
 * c is the base count of --counts; count 0 makes every pattern all-zero (run once, as uniform,
 * when uniform is among the patterns). Every rank computes the same recvcounts and displs from
 * (pattern, c, p).
 */
#include <collalg/allgatherv.h>
#include "harness.h"

typedef int (*tv_fn)(const void *, int, MPI_Datatype, void *, const int *, const int *, MPI_Datatype, MPI_Comm, int);

/* clang-format off */
#define TV_PLAIN(name)                                                                                     \
    static int run_##name(const void *sb, int sc, MPI_Datatype st, void *rb, const int *rc, const int *rd,  \
                          MPI_Datatype rt, MPI_Comm cm, int param)                                         \
    {                                                                                                      \
        (void)param;                                                                                       \
        return collalg_allgatherv_##name(sb, sc, st, rb, rc, rd, rt, cm);                                  \
    }
#define TV_PARAM(name)                                                                                     \
    static int run_##name(const void *sb, int sc, MPI_Datatype st, void *rb, const int *rc, const int *rd,  \
                          MPI_Datatype rt, MPI_Comm cm, int param)                                         \
    {                                                                                                      \
        return collalg_allgatherv_##name(sb, sc, st, rb, rc, rd, rt, cm, param);                           \
    }
/* clang-format on */

TV_PLAIN(simple)
TV_PLAIN(spreading_simple)
TV_PLAIN(ring)
TV_PLAIN(ring_light_barrier)
TV_PLAIN(ring_mpi_barrier)
TV_PARAM(ring_n_mpi_barriers)
TV_PLAIN(pair)
TV_PLAIN(pair_light_barrier)
TV_PLAIN(pair_mpi_barrier)
TV_PARAM(pair_n_mpi_barriers)
TV_PLAIN(recursive_doubling)
TV_PLAIN(bruck)
TV_PLAIN(gather_bcast)
TV_PLAIN(logical_ring)
TV_PLAIN(topology_ring)

static const struct {
    const char *name;
    tv_fn fn;
    int param;
} algos[] = {
    {"simple", run_simple, 0},
    {"spreading_simple", run_spreading_simple, 0},
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
    {"recursive_doubling", run_recursive_doubling, 0},
    {"bruck", run_bruck, 0},
    {"gather_bcast", run_gather_bcast, 0},
    {"logical_ring", run_logical_ring, 0},
    {"topology_ring", run_topology_ring, 0},
};

static const char *const patterns[] = {"uniform", "zeros", "uneven", "random", "reverse", "permuted"};
#define NPATTERNS ((int)(sizeof patterns / sizeof patterns[0]))

/* Fills counts[p] and displs[p] for pattern `pat` and base count c; returns the number of
 * elements the receive buffer must span (the largest displs[j] + counts[j]). */
static long make_pattern(int pat, int c, int p, int *counts, int *displs, int *order)
{
    unsigned seed = (unsigned)(c * 131 + p * 7 + pat);
    long pos = 0, end = 0;
    int j, k, light;

    for (j = 0; j < p; j++) {
        order[j] = j;
        switch (pat) {
        case 0: counts[j] = c; break;
        case 1: counts[j] = j % 3 == 0 ? 0 : c; break;
        case 2:
            light = c / 10;
            counts[j] = j == p / 2 ? c * p - light * (p - 1) : light;
            break;
        case 4: counts[j] = c + j % 2 * (c > 0); break;
        default: counts[j] = (int)(th_rng(&seed) % (unsigned)(2 * c + 1)); break;
        }
    }
    if (pat == 4)
        for (j = 0; j < p; j++)
            order[j] = p - 1 - j;
    if (pat == 5)
        for (j = p - 1; j > 0; j--) {
            int t, r = (int)(th_rng(&seed) % (unsigned)(j + 1));
            t = order[j];
            order[j] = order[r];
            order[r] = t;
        }
    for (k = 0; k < p; k++) {
        j = order[k];
        if (pat == 4)
            pos += 1;
        else if (pat == 5)
            pos += k % 3;
        displs[j] = (int)pos;
        pos += counts[j];
        if (pos > end)
            end = pos;
    }
    return end;
}

/* The reference: MPI_Allgatherv, except on one process, where MPICH 4.0.2's MPI_Allgatherv
 * ignores displs (it copies the block to the start of recvbuf); there the reference is the one
 * block copied by a send-receive to self. */
static void native_allgatherv(const void *sbuf, int scount, MPI_Datatype stype, void *rbuf, const int *counts,
                              const int *displs, MPI_Datatype rtype, int p)
{
    MPI_Aint lb, ext;
    if (p > 1) {
        MPI_Allgatherv(sbuf, scount, stype, rbuf, counts, displs, rtype, MPI_COMM_WORLD);
        return;
    }
    MPI_Type_get_extent(rtype, &lb, &ext);
    MPI_Sendrecv(sbuf, scount, stype, 0, 99, (char *)rbuf + (MPI_Aint)displs[0] * ext, counts[0], rtype, 0, 99,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* The N of the N-barrier algorithms outside its range: the communicator's error handler is
 * called, the call returns MPI_ERR_ARG and the receive buffer is untouched (see
 * tests/mpi/allgather.c for why the handler is a recording one). */
static void check_bad_nbarriers(th_result *r, const th_opts *o, int p)
{
    static const struct {
        const char *name;
        tv_fn fn;
        int pair;
    } bad[] = {{"ring_n_mpi_barriers", run_ring_n_mpi_barriers, 0},
               {"pair_n_mpi_barriers", run_pair_n_mpi_barriers, 1}};
    MPI_Comm ec;
    MPI_Errhandler eh;
    int i, k, j, in = 7, out[64], copy[64], counts[64], displs[64];

    for (j = 0; j < 64; j++) {
        counts[j] = p <= 64 ? 1 : 0;
        displs[j] = j;
    }
    ec = th_recording_comm(&eh);
    for (i = 0; i < 2; i++) {
        int values[2], nvalues = th_bad_nbarriers(bad[i].pair, p, values);
        if (!th_want_algo(o, bad[i].name) || p > 64)
            continue;
        for (k = 0; k < nvalues; k++) {
            char what[160];
            int err;
            memset(out, 0x5A, sizeof out);
            memcpy(copy, out, sizeof out);
            err = bad[i].fn(&in, 1, MPI_INT, out, counts, displs, MPI_INT, ec, values[k]);
            snprintf(what, sizeof what,
                     "allgatherv %s p=%d nbarriers=%d: MPI_ERR_ARG, handler called, recvbuf untouched", bad[i].name, p,
                     values[k]);
            th_expect_rejected(r, o, what, err, memcmp(out, copy, sizeof out) == 0);
        }
    }
    th_recording_comm_free(&ec, &eh);
}

/* A block set of more than INT_MAX elements (two back-to-back blocks of INT_MAX - 1 and 5 ints)
 * becomes one hindexed element spanning all of them, never an overflowing int count; a set that
 * fits and lies back to back stays a plain count. Only datatypes are built: no buffer. SimGrid
 * 3.32 computes the extent of such a type in an int (it reports a negative one), so there only
 * the shape of the message is checked. */
static void check_big_set(th_result *r, const th_opts *o)
{
    int counts[3] = {INT_MAX - 1, 5, 7}, len[3];
    MPI_Aint displs[3] = {0, (MPI_Aint)INT_MAX - 1, (MPI_Aint)INT_MAX + 4}, disp[3], lb = 0, ext = 0;
    collalg__vset s;
    collalg__vmsg m;
    int err;

    s.elem = MPI_INT;
    s.ext = (MPI_Aint)sizeof(int);
    s.counts = counts;
    s.displs = displs;
    s.len = len;
    s.disp = disp;
    err = collalg__vmsg_make(&s, NULL, 0, 2, &m);
    if (err == MPI_SUCCESS && m.owned)
        MPI_Type_get_true_extent(m.type, &lb, &ext);
#ifdef SMPI_H
    ext = ((MPI_Aint)INT_MAX + 4) * (MPI_Aint)sizeof(int);
#endif
    th_expect(r, o, "allgatherv block set past INT_MAX: one hindexed element spanning every block",
              err == MPI_SUCCESS && m.owned && m.count == 1 && lb == 0 &&
                  ext == ((MPI_Aint)INT_MAX + 4) * (MPI_Aint)sizeof(int));
    collalg__vmsg_free(&m);
    err = collalg__vmsg_make(&s, NULL, 1, 2, &m);
    th_expect(r, o, "allgatherv block set of back-to-back blocks: a plain count of the element type",
              err == MPI_SUCCESS && !m.owned && m.count == 12 && m.type == MPI_INT);
    collalg__vmsg_free(&m);
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result r = {0, 0, NULL, NULL};
    th_types types[TH_NTYPES];
    const char *pats = NULL;
    int p, rank, a, i, ci, ti, pi, inplace, status, *counts, *displs, *order;

    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    for (i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--patterns"))
            pats = argv[i + 1];
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    th_types_init(types);
    counts = (int *)th_alloc(sizeof(int) * (size_t)p);
    displs = (int *)th_alloc(sizeof(int) * (size_t)p);
    order = (int *)th_alloc(sizeof(int) * (size_t)p);

    /* One native reference per (type, count, pattern, in place); every algorithm is compared
     * with it. */
    for (ti = 0; ti < TH_NTYPES; ti++) {
        const th_types *t = &types[ti];
        MPI_Aint lb, ext;
        if (!th_want_type(&o, t->name))
            continue;
        MPI_Type_get_extent(t->rtype, &lb, &ext);
        for (ci = 0; ci < o.ncounts; ci++) {
            int c = o.counts[ci] < 0 ? th_big_count(t->rtype) : o.counts[ci];
            for (pi = 0; pi < NPATTERNS; pi++) {
                long span;
                int scount;
                size_t sbytes, rbytes;
                if (pats && !th_in_list(pats, patterns[pi]))
                    continue;
                if (c == 0 && pi > 0 && (!pats || th_in_list(pats, patterns[0])))
                    continue; /* count 0: every pattern is the all-zero one, run once */
                span = make_pattern(pi, c, p, counts, displs, order);
                scount = counts[rank] * t->ratio;
                sbytes = th_bytes((long)scount, t->stype);
                rbytes = th_bytes(span, t->rtype);
                if ((double)(sbytes > rbytes ? sbytes : rbytes) > o.max_bytes)
                    continue;
                for (inplace = 0; inplace <= (o.inplace && t->stype == t->rtype); inplace++) {
                    void *sbuf = th_alloc(sbytes), *want = th_alloc(rbytes), *got = th_alloc(rbytes);
                    void *input = th_alloc(rbytes);
                    unsigned seed = (unsigned)(rank * 7919 + ci * 31 + ti + pi * 1009);
                    th_fill(sbuf, sbytes, seed);
                    if (inplace) {
                        /* The own block lives in the receive buffer (at displs[rank], the rest is
                         * garbage the call overwrites, gaps excepted). The reference is the
                         * native out-of-place allgatherv of that own block. */
                        th_fill(input, rbytes, seed + 1);
                        memcpy(want, input, rbytes);
                        native_allgatherv((char *)input + (MPI_Aint)displs[rank] * ext, counts[rank], t->rtype, want,
                                          counts, displs, t->rtype, p);
                    } else {
                        memset(input, 0xA5, rbytes);
                        memcpy(want, input, rbytes);
                        native_allgatherv(sbuf, scount, t->stype, want, counts, displs, t->rtype, p);
                    }
                    for (a = 0; a < (int)(sizeof algos / sizeof algos[0]); a++) {
                        char what[200];
                        int err, param = th_resolve_nbarriers(algos[a].param, p);
                        if (!th_want_algo(&o, algos[a].name))
                            continue;
                        memcpy(got, input, rbytes);
                        if (inplace)
                            err = algos[a].fn(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, got, counts, displs, t->rtype,
                                              MPI_COMM_WORLD, param);
                        else
                            err = algos[a].fn(sbuf, scount, t->stype, got, counts, displs, t->rtype, MPI_COMM_WORLD,
                                              param);
                        snprintf(what, sizeof what, "allgatherv %s p=%d type=%s count=%d pattern=%s%s", algos[a].name,
                                 p, t->name, c, patterns[pi], inplace ? " in-place" : "");
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
    }
    check_bad_nbarriers(&r, &o, p);
    check_big_set(&r, &o);
    free(counts);
    free(displs);
    free(order);
    th_types_free(types);
    status = th_finish(&r, "allgatherv");
    MPI_Finalize();
    return status;
}
