/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * alltoallw.c - every catalogue alltoallw algorithm against MPI_Alltoallw, byte for byte over
 * the whole receive allocation (gaps between blocks and inside derived types included).
 * See harness.h for the common options and the output (--max-bytes is not used here). Own option:
 *   --patterns LIST   comma-separated patterns (default: all of them):
 *     mixed   a different datatype per peer: message i -> j of kind (i + 2j + case) mod K over
 *             the --types kinds (int, double, vector, struct, int-vector: sent as 2n MPI_INT,
 *             received as n vectors), c + (i + 2j) mod 3 elements of it
 *     zeros   as mixed, but ranks i = 1 (mod 3) send nothing and ranks j = 2 (mod 3) receive
 *             nothing
 *     fft     the transpose of a 2-D FFT: a global matrix of doubles distributed by rows (rank i
 *             holds n_i rows, some ranks none), each rank sends to rank j the columns j will
 *             own (an MPI_Type_vector per peer) and receives them transposed with a resized
 *             column vector type per peer, count n_i (a row of padding makes gaps); not in place
 * c is the base count of --counts (0: every count is 0). Blocks sit at byte displacements in a
 * shuffled peer order with gaps of 8 to 24 bytes between them (never written). In-place cases
 * (mixed and zeros) use the symmetric kind and count of {i, j} and the receive types.
 * Every algorithm runs with its defaults; scattered also with max_requests 1 and 2. Besides the
 * matrix: count 0 everywhere with MPI_DATATYPE_NULL types (accepted, nothing written) and the
 * rejected arguments (error class, handler called, receive buffer untouched).
 */
#include <collalg/alltoallw.h>
#include "harness.h"

typedef int (*tw_fn)(const void *, const int *, const int *, const MPI_Datatype *, void *, const int *, const int *,
                     const MPI_Datatype *, MPI_Comm, int);

/* clang-format off */
#define TW_PLAIN(name)                                                                                     \
    static int run_##name(const void *sb, const int *sc, const int *sd, const MPI_Datatype *st, void *rb,   \
                          const int *rc, const int *rd, const MPI_Datatype *rt, MPI_Comm cm, int param)     \
    {                                                                                                      \
        (void)param;                                                                                       \
        return collalg_alltoallw_##name(sb, sc, sd, st, rb, rc, rd, rt, cm);                               \
    }
#define TW_PARAM(name)                                                                                     \
    static int run_##name(const void *sb, const int *sc, const int *sd, const MPI_Datatype *st, void *rb,   \
                          const int *rc, const int *rd, const MPI_Datatype *rt, MPI_Comm cm, int param)     \
    {                                                                                                      \
        return collalg_alltoallw_##name(sb, sc, sd, st, rb, rc, rd, rt, cm, param);                        \
    }
/* clang-format on */

TW_PARAM(scattered)
TW_PLAIN(ring)
TW_PLAIN(pair)
TW_PLAIN(pair_inplace)

static const struct {
    const char *name;
    tw_fn fn;
    int param;
} algos[] = {
    {"scattered", run_scattered, 0},
    {"scattered(1)", run_scattered, 1},
    {"scattered(2)", run_scattered, 2},
    {"ring", run_ring, 0},
    {"pair", run_pair, 0},
    {"pair_inplace", run_pair_inplace, 0},
};
#define NALGOS ((int)(sizeof algos / sizeof algos[0]))

enum { PAT_MIXED, PAT_ZEROS, PAT_FFT, NPAT };
static const char *const pattern_names[NPAT] = {"mixed", "zeros", "fft"};

/* ---- one case: the counts, displacements and types of this rank ------------------------------ */

typedef struct tw_case {
    int *sc, *sd, *rc, *rd; /* p counts and byte displacements */
    MPI_Datatype *st, *rt;  /* p datatypes */
    MPI_Datatype *own;      /* 2p types created for this case (fft), MPI_DATATYPE_NULL otherwise */
    size_t sbytes, rbytes;  /* allocation sizes */
} tw_case;

/* Bytes `count` elements of `type` touch from the block's address (true lb >= 0 here). */
static size_t region(int count, MPI_Datatype type)
{
    MPI_Aint lb, ext, tlb, text;
    if (count <= 0)
        return 0;
    MPI_Type_get_extent(type, &lb, &ext);
    MPI_Type_get_true_extent(type, &tlb, &text);
    return (size_t)((MPI_Aint)(count - 1) * ext + tlb + text);
}

/* Places the p blocks (counts[q] of types[q]) at byte displacements in the order q = perm(k),
 * with a gap of 8, 16 or 24 bytes before each; returns the allocation size. */
static size_t place(int p, int shift, int stride, const int *counts, const MPI_Datatype *types, int *displs)
{
    size_t at = 0;
    int k, q;
    for (k = 0; k < p; k++) {
        q = (int)(((long)k * stride + shift) % p);
        at += 8 * (size_t)(1 + (q + k) % 3);
        displs[q] = (int)at;
        at += (region(counts[q], types[q]) + 7) / 8 * 8;
    }
    return at + 16;
}

/* The kind (index into the enabled types) and count of message i -> j for mixed / zeros. */
static void message(int pat, int c, int ci, int nkinds, int i, int j, int *kind, int *count)
{
    *kind = (i + 2 * j + ci) % nkinds;
    *count = c > 0 ? c + (i + 2 * j) % 3 : 0;
    if (pat == PAT_ZEROS && (i % 3 == 1 || j % 3 == 2))
        *count = 0;
}

/* Builds the mixed and zeros cases. Not in place: send kinds[K(me, q)].stype, receive
 * kinds[K(q, me)].rtype. In place: kind and count of {min, max}, receive types both ways. */
static void build_mixed(tw_case *w, int pat, int c, int ci, const th_types *const *kinds, int nkinds, int p, int me,
                        int inplace)
{
    int q, k, n;
    for (q = 0; q < p; q++) {
        int lo = me < q ? me : q, hi = me < q ? q : me;
        message(pat, c, ci, nkinds, inplace ? lo : me, inplace ? hi : q, &k, &n);
        w->st[q] = kinds[k]->stype;
        w->sc[q] = n * kinds[k]->ratio;
        message(pat, c, ci, nkinds, inplace ? lo : q, inplace ? hi : me, &k, &n);
        w->rt[q] = kinds[k]->rtype;
        w->rc[q] = n;
        w->own[q] = w->own[p + q] = MPI_DATATYPE_NULL;
    }
    w->sbytes = place(p, me, 1, w->sc, w->st, w->sd);
    w->rbytes = place(p, me + 1, p > 2 ? p - 1 : 1, w->rc, w->rt, w->rd);
}

/* Rows of the global matrix rank i holds in the fft case (every fourth rank none). */
static int fft_rows(int c, int i)
{
    if (c == 0 || i % 4 == 3)
        return 0;
    return (c < 12 ? c : 12) + (c + i) % 3;
}

/* Builds the fft case: N = sum of rows, rows padded to ld = N + 1 doubles. Send to j: the n_j
 * columns j owns of my n_me rows, MPI_Type_vector(n_me, n_j, ld), count 1, at column off_j.
 * Receive from i: n_i columns of my transposed n_me x ld matrix, each a column vector of n_me
 * doubles at stride ld resized to extent 8 (one per peer, as an FFT code builds it), count n_i,
 * at column off_i. */
static void build_fft(tw_case *w, int c, int p, int me)
{
    int q, nme = fft_rows(c, me), N = 0, ld, off = 0;
    for (q = 0; q < p; q++)
        N += fft_rows(c, q);
    ld = N + 1;
    for (q = 0; q < p; q++) {
        int nq = fft_rows(c, q);
        MPI_Datatype col;
        w->own[q] = w->own[p + q] = MPI_DATATYPE_NULL;
        w->st[q] = w->rt[q] = MPI_DOUBLE;
        w->sc[q] = w->rc[q] = 0;
        w->sd[q] = w->rd[q] = off * 8;
        if (nme > 0 && nq > 0) {
            MPI_Type_vector(nme, nq, ld, MPI_DOUBLE, &w->own[q]);
            MPI_Type_commit(&w->own[q]);
            MPI_Type_vector(nme, 1, ld, MPI_DOUBLE, &col);
            MPI_Type_create_resized(col, 0, (MPI_Aint)sizeof(double), &w->own[p + q]);
            MPI_Type_commit(&w->own[p + q]);
            MPI_Type_free(&col);
            w->st[q] = w->own[q];
            w->sc[q] = 1;
            w->rt[q] = w->own[p + q];
            w->rc[q] = nq;
        }
        off += nq;
    }
    w->sbytes = w->rbytes = (size_t)nme * (size_t)ld * sizeof(double) + 16;
}

static void free_case(tw_case *w, int p)
{
    int q;
    for (q = 0; q < 2 * p; q++)
        if (w->own[q] != MPI_DATATYPE_NULL)
            MPI_Type_free(&w->own[q]);
}

/* ---- one case: native reference, then every algorithm ------------------------------------------ */

static void run_case(th_result *r, const th_opts *o, const tw_case *w, int inplace, unsigned seed, const char *label)
{
    void *sbuf = th_alloc(w->sbytes), *want = th_alloc(w->rbytes), *got = th_alloc(w->rbytes);
    void *input = th_alloc(w->rbytes);
    int a, err;

    th_fill(sbuf, w->sbytes, seed);
    if (inplace) {
        /* The input lives in the receive buffer; the reference is the native out-of-place
         * alltoallw of a copy of it. */
        th_fill(input, w->rbytes, seed + 1);
        memcpy(want, input, w->rbytes);
        MPI_Alltoallw(input, w->rc, w->rd, w->rt, want, w->rc, w->rd, w->rt, MPI_COMM_WORLD);
    } else {
        memset(input, 0xA5, w->rbytes);
        memcpy(want, input, w->rbytes);
        MPI_Alltoallw(sbuf, w->sc, w->sd, w->st, want, w->rc, w->rd, w->rt, MPI_COMM_WORLD);
    }
    for (a = 0; a < NALGOS; a++) {
        char what[256];
        if (!th_want_algo(o, algos[a].name))
            continue;
        memcpy(got, input, w->rbytes);
        if (inplace)
            err = algos[a].fn(MPI_IN_PLACE, NULL, NULL, NULL, got, w->rc, w->rd, w->rt, MPI_COMM_WORLD, algos[a].param);
        else
            err = algos[a].fn(sbuf, w->sc, w->sd, w->st, got, w->rc, w->rd, w->rt, MPI_COMM_WORLD, algos[a].param);
        snprintf(what, sizeof what, "alltoallw %s %s%s", algos[a].name, label, inplace ? " in-place" : "");
        th_expect_same(r, o, what, err, got, want, w->rbytes);
    }
    free(sbuf);
    free(want);
    free(got);
    free(input);
}

/* ---- count 0 everywhere with MPI_DATATYPE_NULL types: accepted, nothing written ---------------- */

static void check_null_types(th_result *r, const th_opts *o, int p)
{
    int *zero = (int *)calloc((size_t)p, sizeof(int)), a, inplace;
    MPI_Datatype *nul = (MPI_Datatype *)th_alloc((size_t)p * sizeof(MPI_Datatype));
    unsigned char in[8] = {1, 2, 3, 4, 5, 6, 7, 8}, out[8];
    for (a = 0; a < p; a++)
        nul[a] = MPI_DATATYPE_NULL;
    for (a = 0; a < NALGOS; a++)
        for (inplace = 0; inplace <= o->inplace; inplace++) {
            char what[200];
            int err;
            if (!th_want_algo(o, algos[a].name))
                continue;
            memset(out, 0x5A, sizeof out);
            err = algos[a].fn(inplace ? MPI_IN_PLACE : (const void *)in, zero, zero, nul, out, zero, zero, nul,
                              MPI_COMM_WORLD, algos[a].param);
            snprintf(what, sizeof what, "alltoallw %s p=%d count 0, MPI_DATATYPE_NULL types%s: success, untouched",
                     algos[a].name, p, inplace ? " in-place" : "");
            th_expect(r, o, what, err == MPI_SUCCESS && out[0] == 0x5A && out[7] == 0x5A);
        }
    free(zero);
    free(nul);
}

/* ---- rejected arguments --------------------------------------------------------------------------- */

static void check_errors(th_result *r, const th_opts *o, int p)
{
    MPI_Comm ec;
    MPI_Errhandler eh;
    int *ones = (int *)th_alloc((size_t)p * sizeof(int)), *disp = (int *)th_alloc((size_t)p * sizeof(int));
    int *neg = (int *)th_alloc((size_t)p * sizeof(int)), *in = (int *)th_alloc((size_t)p * sizeof(int));
    int *out = (int *)th_alloc((size_t)p * sizeof(int)), *copy = (int *)th_alloc((size_t)p * sizeof(int));
    MPI_Datatype *ints = (MPI_Datatype *)th_alloc((size_t)p * sizeof(MPI_Datatype));
    MPI_Datatype *nul = (MPI_Datatype *)th_alloc((size_t)p * sizeof(MPI_Datatype));
    size_t bytes = (size_t)p * sizeof(int);
    int q, a, k;

    for (q = 0; q < p; q++) {
        ones[q] = 1;
        neg[q] = q == p - 1 ? -1 : 1;
        disp[q] = q * (int)sizeof(int);
        in[q] = q;
        ints[q] = MPI_INT;
        nul[q] = q == 0 ? MPI_DATATYPE_NULL : MPI_INT;
    }
    ec = th_recording_comm(&eh);
    for (a = 0; a < NALGOS; a++) {
        if (!th_want_algo(o, algos[a].name))
            continue;
        for (k = 0; k < 7; k++) {
            static const char *const cases[7] = {
                "NULL recvcounts: MPI_ERR_ARG",    "NULL sendtypes: MPI_ERR_ARG",
                "a negative count: MPI_ERR_COUNT", "MPI_DATATYPE_NULL with count 1: MPI_ERR_TYPE",
                "NULL recvbuf: MPI_ERR_BUFFER",    "sendbuf == recvbuf: MPI_ERR_BUFFER",
                "max_requests -1: MPI_ERR_ARG"};
            static const int classes[7] = {MPI_ERR_ARG,    MPI_ERR_ARG,    MPI_ERR_COUNT, MPI_ERR_TYPE,
                                           MPI_ERR_BUFFER, MPI_ERR_BUFFER, MPI_ERR_ARG};
            char what[200];
            int err = MPI_SUCCESS;
            if (k == 6 && algos[a].fn != run_scattered)
                continue;
            memset(out, 0x5A, bytes);
            memcpy(copy, out, bytes);
            switch (k) {
            case 0: err = algos[a].fn(in, ones, disp, ints, out, NULL, disp, ints, ec, algos[a].param); break;
            case 1: err = algos[a].fn(in, ones, disp, NULL, out, ones, disp, ints, ec, algos[a].param); break;
            case 2: err = algos[a].fn(in, ones, disp, ints, out, neg, disp, ints, ec, algos[a].param); break;
            case 3: err = algos[a].fn(in, ones, disp, ints, out, ones, disp, nul, ec, algos[a].param); break;
            case 4: err = algos[a].fn(in, ones, disp, ints, NULL, ones, disp, ints, ec, algos[a].param); break;
            case 5: err = algos[a].fn(out, ones, disp, ints, out, ones, disp, ints, ec, algos[a].param); break;
            default: err = algos[a].fn(in, ones, disp, ints, out, ones, disp, ints, ec, -1); break;
            }
            snprintf(what, sizeof what, "alltoallw %s p=%d %s, handler called, recvbuf untouched", algos[a].name, p,
                     cases[k]);
            th_expect_class(r, o, what, err, classes[k], memcmp(out, copy, bytes) == 0);
        }
    }
    th_recording_comm_free(&ec, &eh);
    free(ones);
    free(disp);
    free(neg);
    free(in);
    free(out);
    free(copy);
    free(ints);
    free(nul);
}

/* ---- the matrix --------------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    th_opts o;
    th_result r = {0, 0, NULL, NULL};
    th_types types[TH_NTYPES];
    const th_types *kinds[TH_NTYPES], *same[TH_NTYPES];
    const char *patterns = NULL;
    tw_case w;
    int p, rank, ci, pat, inplace, status, i, nkinds = 0, nsame = 0;

    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    for (i = 1; i + 1 < argc; i++)
        if (!strcmp(argv[i], "--patterns"))
            patterns = argv[i + 1];
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    th_types_init(types);
    for (i = 0; i < TH_NTYPES; i++)
        if (th_want_type(&o, types[i].name)) {
            kinds[nkinds++] = &types[i];
            if (types[i].stype == types[i].rtype)
                same[nsame++] = &types[i];
        }
    w.sc = (int *)th_alloc((size_t)p * sizeof(int));
    w.sd = (int *)th_alloc((size_t)p * sizeof(int));
    w.rc = (int *)th_alloc((size_t)p * sizeof(int));
    w.rd = (int *)th_alloc((size_t)p * sizeof(int));
    w.st = (MPI_Datatype *)th_alloc((size_t)p * sizeof(MPI_Datatype));
    w.rt = (MPI_Datatype *)th_alloc((size_t)p * sizeof(MPI_Datatype));
    w.own = (MPI_Datatype *)th_alloc(2 * (size_t)p * sizeof(MPI_Datatype));

    for (ci = 0; ci < o.ncounts; ci++) {
        int c = o.counts[ci] < 0 ? th_big_count(MPI_INT) : o.counts[ci];
        for (pat = 0; pat < NPAT; pat++) {
            if (patterns && !th_in_list(patterns, pattern_names[pat]))
                continue;
            if (pat != PAT_FFT && nkinds == 0)
                continue;
            for (inplace = 0; inplace <= (o.inplace && pat != PAT_FFT && nsame > 0); inplace++) {
                char label[160];
                unsigned seed = (unsigned)(rank * 7919 + ci * 31 + pat * 131 + inplace * 17);
                if (pat == PAT_FFT)
                    build_fft(&w, c, p, rank);
                else
                    build_mixed(&w, pat, c, ci, inplace ? same : kinds, inplace ? nsame : nkinds, p, rank, inplace);
                snprintf(label, sizeof label, "p=%d count=%d pattern=%s%s%s", p, c, pattern_names[pat],
                         pat != PAT_FFT && o.types ? " types=" : "", pat != PAT_FFT && o.types ? o.types : "");
                run_case(&r, &o, &w, inplace, seed, label);
                free_case(&w, p);
            }
        }
    }
    check_null_types(&r, &o, p);
    check_errors(&r, &o, p);
    free(w.sc);
    free(w.sd);
    free(w.rc);
    free(w.rd);
    free(w.st);
    free(w.rt);
    free(w.own);
    th_types_free(types);
    status = th_finish(&r, "alltoallw");
    MPI_Finalize();
    return status;
}
