/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * alltoallv.c - every catalogue alltoallv algorithm against MPI_Alltoallv, byte for byte.
 * See harness.h for the common options and the output. Own option:
 *   --patterns LIST   comma-separated count patterns (default: all of them):
 *     uniform    c elements from every rank to every rank
 *     zeros      ranks i = 1 (mod 3) send nothing and ranks j = 2 (mod 3) receive nothing
 *     heavy      rank 0 sends 9 (p - 1) l per block, the others l = c / (p - 1): rank 0 sends
 *                about 90% of the data (all of it when l = 0)
 *     random     between 0 and 2c per message, the same pseudo-random matrix on every rank
 *     irregular  c + (i + 2j) mod 3 per message, blocks placed in reverse rank order with gaps
 *                between them (displacements out of rank order)
 * c is the base count from --counts, in receive-type elements (the sender sends c * ratio
 * elements of its type). Every rank computes the whole matrix from (pattern, c, p), so the
 * counts agree. In-place cases use the symmetric matrix M[min(i,j)][max(i,j)] (the standard
 * requires the same counts both ways).
 */
#include <collalg/alltoallv.h>
#include "harness.h"

typedef int (*tv_fn)(const void *, const int *, const int *, MPI_Datatype, void *, const int *, const int *,
                     MPI_Datatype, MPI_Comm, int);

/* clang-format off */
#define TV_PLAIN(name)                                                                                     \
    static int run_##name(const void *sb, const int *sc, const int *sd, MPI_Datatype st, void *rb,          \
                          const int *rc, const int *rd, MPI_Datatype rt, MPI_Comm cm, int param)            \
    {                                                                                                      \
        (void)param;                                                                                       \
        return collalg_alltoallv_##name(sb, sc, sd, st, rb, rc, rd, rt, cm);                               \
    }
#define TV_PARAM(name)                                                                                     \
    static int run_##name(const void *sb, const int *sc, const int *sd, MPI_Datatype st, void *rb,          \
                          const int *rc, const int *rd, MPI_Datatype rt, MPI_Comm cm, int param)            \
    {                                                                                                      \
        return collalg_alltoallv_##name(sb, sc, sd, st, rb, rc, rd, rt, cm, param);                        \
    }
/* clang-format on */

TV_PLAIN(simple)
TV_PLAIN(spreading_simple)
TV_PARAM(scattered)
TV_PLAIN(ring)
TV_PLAIN(ring_light_barrier)
TV_PLAIN(ring_mpi_barrier)
TV_PARAM(ring_n_mpi_barriers)
TV_PLAIN(pair)
TV_PLAIN(pair_light_barrier)
TV_PLAIN(pair_mpi_barrier)
TV_PARAM(pair_n_mpi_barriers)
TV_PLAIN(pair_inplace)
TV_PLAIN(greedy)
TV_PLAIN(alltoall_based)

static const struct {
    const char *name;
    tv_fn fn;
    int param;
} algos[] = {
    {"simple", run_simple, 0},
    {"spreading_simple", run_spreading_simple, 0},
    {"scattered", run_scattered, 0},
    {"scattered(1)", run_scattered, 1},
    {"scattered(2)", run_scattered, 2},
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
    {"greedy", run_greedy, 0},
    {"alltoall_based", run_alltoall_based, 0},
};

/* ---- count patterns ---------------------------------------------------------------------- */

enum { PAT_UNIFORM, PAT_ZEROS, PAT_HEAVY, PAT_RANDOM, PAT_IRREGULAR, NPAT };
static const char *const pattern_names[NPAT] = {"uniform", "zeros", "heavy", "random", "irregular"};

/* Elements of the receive type rank i sends to rank j under pattern `pat` with base count c. */
static int pattern_count(int pat, int c, int p, int i, int j)
{
    switch (pat) {
    case PAT_ZEROS: return (i % 3 == 1 || j % 3 == 2) ? 0 : c;
    case PAT_HEAVY: {
        int l = p > 1 ? c / (p - 1) : c;
        if (i != 0)
            return l;
        return 9 * (p - 1) * l > c ? 9 * (p - 1) * l : c;
    }
    case PAT_RANDOM: {
        unsigned s = (unsigned)(i * 40009 + j * 613 + c * 7 + 1);
        th_rng(&s);
        return (int)(th_rng(&s) % (unsigned)(2 * c + 1));
    }
    case PAT_IRREGULAR: return c > 0 ? c + (i + 2 * j) % 3 : 0;
    default: return c;
    }
}

/* The counts of one case as rank `me` sees them: rcounts[i] (receive-type elements from i) and
 * scounts[j] (send-type elements to j, ratio per receive element), with their displacements:
 * rank order without gaps, or for the irregular pattern reverse rank order with 1 to 3 elements
 * of gap before each block. Returns the send and receive lengths in elements (the end of the
 * last block). */
static void layout(int pat, int c, int p, int me, int ratio, int sym, int *scounts, int *sdispls, int *rcounts,
                   int *rdispls, long *slen, long *rlen)
{
    long so = 0, ro = 0;
    int k, q;
    for (k = 0; k < p; k++) {
        q = pat == PAT_IRREGULAR ? p - 1 - k : k;
        scounts[q] = ratio * (sym ? pattern_count(pat, c, p, me < q ? me : q, me < q ? q : me)
                                  : pattern_count(pat, c, p, me, q));
        rcounts[q] = sym ? pattern_count(pat, c, p, me < q ? me : q, me < q ? q : me) : pattern_count(pat, c, p, q, me);
        if (pat == PAT_IRREGULAR) {
            so += 1 + q % 3;
            ro += 1 + q % 3;
        }
        sdispls[q] = (int)so;
        rdispls[q] = (int)ro;
        so += scounts[q];
        ro += rcounts[q];
    }
    *slen = so;
    *rlen = ro;
}

/* ---- errors -------------------------------------------------------------------------------- */

/* The N of the N-barrier algorithms outside its range: the communicator's error handler is
 * called, the call returns MPI_ERR_ARG and the receive buffer is untouched. The handler is a
 * recording one rather than MPI_ERRORS_RETURN: SimGrid 3.32's MPI_Comm_call_errhandler crashes
 * on a communicator whose handler is MPI_ERRORS_RETURN. */
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
    int i, k, q, *in = (int *)th_alloc((size_t)p * sizeof(int)), *out = (int *)th_alloc((size_t)p * sizeof(int));
    int *copy = (int *)th_alloc((size_t)p * sizeof(int)), *ones = (int *)th_alloc((size_t)p * sizeof(int));
    int *displs = (int *)th_alloc((size_t)p * sizeof(int));

    for (q = 0; q < p; q++) {
        in[q] = q;
        ones[q] = 1;
        displs[q] = q;
    }
    ec = th_recording_comm(&eh);
    for (i = 0; i < 2; i++) {
        int values[2], nvalues = th_bad_nbarriers(bad[i].pair, p, values);
        if (!th_want_algo(o, bad[i].name))
            continue;
        for (k = 0; k < nvalues; k++) {
            char what[160];
            int err;
            memset(out, 0x5A, (size_t)p * sizeof(int));
            memcpy(copy, out, (size_t)p * sizeof(int));
            err = bad[i].fn(in, ones, displs, MPI_INT, out, ones, displs, MPI_INT, ec, values[k]);
            snprintf(what, sizeof what,
                     "alltoallv %s p=%d nbarriers=%d: MPI_ERR_ARG, handler called, recvbuf untouched", bad[i].name, p,
                     values[k]);
            th_expect_rejected(r, o, what, err, memcmp(out, copy, (size_t)p * sizeof(int)) == 0);
        }
    }
    th_recording_comm_free(&ec, &eh);
    free(in);
    free(out);
    free(copy);
    free(ones);
    free(displs);
}

/* ---- the matrix ---------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    th_opts o;
    th_result r = {0, 0, NULL, NULL};
    th_types types[TH_NTYPES];
    const char *patterns = NULL;
    int p, rank, a, ci, ti, pat, inplace, status, i;
    int *sc, *sd, *rc, *rd;

    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    for (i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--patterns"))
            patterns = argv[i + 1];
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    th_types_init(types);
    sc = (int *)th_alloc((size_t)p * sizeof(int));
    sd = (int *)th_alloc((size_t)p * sizeof(int));
    rc = (int *)th_alloc((size_t)p * sizeof(int));
    rd = (int *)th_alloc((size_t)p * sizeof(int));

    /* One native reference per (type, count, pattern, in place); every algorithm is compared
     * with it. */
    for (ti = 0; ti < TH_NTYPES; ti++) {
        const th_types *t = &types[ti];
        if (!th_want_type(&o, t->name))
            continue;
        for (ci = 0; ci < o.ncounts; ci++) {
            int c = o.counts[ci] < 0 ? th_big_count(t->rtype) : o.counts[ci];
            for (pat = 0; pat < NPAT; pat++) {
                if (patterns && !th_in_list(patterns, pattern_names[pat]))
                    continue;
                for (inplace = 0; inplace <= (o.inplace && t->stype == t->rtype); inplace++) {
                    size_t sbytes, rbytes, most = 0;
                    long slen, rlen;
                    void *sbuf, *want, *got, *input;
                    unsigned seed = (unsigned)(rank * 7919 + ci * 31 + ti + pat * 131 + inplace * 17);
                    int q;
                    /* Every rank skips the same cases: the largest buffer of any rank decides. */
                    for (q = 0; q < p; q++) {
                        layout(pat, c, p, q, t->ratio, inplace, sc, sd, rc, rd, &slen, &rlen);
                        sbytes = th_bytes(slen, t->stype);
                        rbytes = th_bytes(rlen, t->rtype);
                        most = sbytes > most ? sbytes : most;
                        most = rbytes > most ? rbytes : most;
                    }
                    if ((double)most > o.max_bytes)
                        continue;
                    layout(pat, c, p, rank, t->ratio, inplace, sc, sd, rc, rd, &slen, &rlen);
                    sbytes = th_bytes(slen, t->stype);
                    rbytes = th_bytes(rlen, t->rtype);
                    sbuf = th_alloc(sbytes);
                    want = th_alloc(rbytes);
                    got = th_alloc(rbytes);
                    input = th_alloc(rbytes);
                    th_fill(sbuf, sbytes, seed);
                    if (inplace) {
                        /* The input lives in the receive buffer. The reference is the native
                         * out-of-place alltoallv of a copy of it (MPICH 4.0.2's in-place
                         * alltoall has bugs with the resized struct type). */
                        th_fill(input, rbytes, seed + 1);
                        memcpy(want, input, rbytes);
                        MPI_Alltoallv(input, rc, rd, t->rtype, want, rc, rd, t->rtype, MPI_COMM_WORLD);
                    } else {
                        memset(input, 0xA5, rbytes);
                        memcpy(want, input, rbytes);
                        MPI_Alltoallv(sbuf, sc, sd, t->stype, want, rc, rd, t->rtype, MPI_COMM_WORLD);
                    }
                    for (a = 0; a < (int)(sizeof algos / sizeof algos[0]); a++) {
                        char what[200];
                        int err, param = th_resolve_nbarriers(algos[a].param, p);
                        if (!th_want_algo(&o, algos[a].name))
                            continue;
                        memcpy(got, input, rbytes);
                        if (inplace)
                            err = algos[a].fn(MPI_IN_PLACE, NULL, NULL, MPI_DATATYPE_NULL, got, rc, rd, t->rtype,
                                              MPI_COMM_WORLD, param);
                        else
                            err = algos[a].fn(sbuf, sc, sd, t->stype, got, rc, rd, t->rtype, MPI_COMM_WORLD, param);
                        snprintf(what, sizeof what, "alltoallv %s p=%d type=%s count=%d pattern=%s%s", algos[a].name, p,
                                 t->name, c, pattern_names[pat], inplace ? " in-place" : "");
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
    free(sc);
    free(sd);
    free(rc);
    free(rd);
    th_types_free(types);
    status = th_finish(&r, "alltoallv");
    MPI_Finalize();
    return status;
}
