/**
 * @file table.h
 * @brief THE ALGORITHM TABLE of the tuner (collalg-tune): every catalogue algorithm it measures,
 *        a wrapper with one uniform signature, and the search space of its parameter.
 *
 * To add an algorithm: write one wrapper line with the TUNE_* macro of its collective (PLAIN for
 * no parameter, INT for an int parameter), and one row in tune_table[] naming the wrapper and, for
 * a parameter, the function that lists the values to try (tune_space_fn). The name in the row is
 * the catalogue name the selector rules use (`collalg_<collective>_<name>`). A topology algorithm
 * (one that schedules by machine/topology_comm.h) has a fifth field 1: it is measured only when the run
 * has a topology. An algorithm with restrictions (restrictions.h) is measured only when the run's
 * communicator meets them (tune_runnable(): the shm family needs every rank on one node).
 *
 * Buffers: the tuner passes MPI_BYTE data (MPI_INT with MPI_SUM for the reductions: allreduce, reduce,
 * scan, exscan, reduce_scatter_block, reduce_scatter), count elements per block as MPI_<Collective>
 * defines them, root 0 for bcast, reduce, gather, scatter, gatherv and scatterv; reduce_scatter_block
 * gets the whole vector's ints / p as its recvcount, reduce_scatter the whole vector's ints split as
 * evenly as possible (the first ranks one more) as its recvcounts; alltoallv, allgatherv, gatherv, scatterv and alltoallw get the counts and offsets of
 * the communication pattern (tune/pattern.h) at the sample size (alltoallw: byte displacements
 * and MPI_BYTE for every peer). The rooted collectives and alltoallw pass the send and the
 * receive side separately (tune_call::rcount, rtype, stypes, rtypes), so that the PMPI library
 * can force their algorithms on any call.
 */
#ifndef COLLALG_SRC_TUNE_TABLE_H
#define COLLALG_SRC_TUNE_TABLE_H

#include <stdio.h>
#include <collalg/collalg.h>
#include <collalg/alltoallv.h>
#include <collalg/allgatherv.h>
#include <collalg/barrier.h>

/** @brief The collectives the tuner knows, in the order it tunes them. */
enum tune_coll {
    TUNE_ALLTOALL = 0,
    TUNE_ALLGATHER = 1,
    TUNE_ALLREDUCE = 2,
    TUNE_BCAST = 3,
    TUNE_ALLTOALLV = 4,
    TUNE_ALLGATHERV = 5,
    TUNE_BARRIER = 6,
    TUNE_GATHER = 7,
    TUNE_SCATTER = 8,
    TUNE_GATHERV = 9,
    TUNE_SCATTERV = 10,
    TUNE_ALLTOALLW = 11,
    TUNE_REDUCE = 12,
    TUNE_SCAN = 13,
    TUNE_EXSCAN = 14,
    TUNE_REDUCE_SCATTER_BLOCK = 15,
    TUNE_REDUCE_SCATTER = 16,
    TUNE_NCOLL = 17
};

/** @brief Names of enum tune_coll, as in `collalg_<name>_...` and `COLLALG_TUNED_<NAME>`. */
static const char *const tune_coll_name[TUNE_NCOLL] = {
    "alltoall",      "allgather",  "allreduce", "bcast",
    "alltoallv",     "allgatherv", "barrier",   "gather",
    "scatter",       "gatherv",    "scatterv",  "alltoallw",
    "reduce",        "scan",       "exscan",    "reduce_scatter_block",
    "reduce_scatter"};

/** @brief The arguments of one timed call (the union of the argument lists). */
typedef struct tune_call {
    const void *sbuf;           /**< send buffer (every collective with one) */
    void *rbuf;                 /**< receive buffer; the buffer of bcast */
    int count;                  /**< elements per block (alltoall: per pair, allgather: per process) or in
                                      all (reductions: the whole vector); allgatherv, gatherv: this rank's
                                      block; gather, scatter: the send side's count */
    MPI_Datatype type;          /**< element type (gather, scatter, gatherv, scatterv: of the send side) */
    int rcount;                 /**< gather, scatter, scatterv: the receive side's count; reduce_scatter_block:
                                      recvcount (count / p) */
    MPI_Datatype rtype;         /**< gather, scatter, gatherv, scatterv: the receive side's type */
    MPI_Op op;                  /**< reduction (allreduce, reduce, scan, exscan, reduce_scatter(_block)) */
    int root;                   /**< root (bcast, reduce, gather, scatter, gatherv, scatterv) */
    MPI_Comm comm;              /**< communicator */
    const int *scounts;         /**< alltoallv, alltoallw, scatterv: send counts (p) */
    const int *sdispls;         /**< alltoallv, alltoallw, scatterv: send offsets (p; alltoallw: bytes) */
    const int *rcounts;         /**< alltoallv, allgatherv, alltoallw, gatherv, reduce_scatter: receive counts (p) */
    const int *rdispls;         /**< alltoallv, allgatherv, alltoallw, gatherv: receive offsets (p) */
    const MPI_Datatype *stypes; /**< alltoallw: send type per peer (p) */
    const MPI_Datatype *rtypes; /**< alltoallw: receive type per peer (p) */
    int select_cost;            /**< 1: also run what the tuned routine adds before the algorithm (alltoallv,
                                      alltoallw: the selector's 8-byte MPI_Allreduce; gatherv, scatterv: its
                                      8-byte MPI_Bcast from the root; select.h) */
} tune_call;

/** @brief One value of an algorithm's parameter. */
typedef struct tune_choice {
    int i;          /**< integer value, or index into the wrapper's own list */
    char str[256];  /**< string value (bcast csm program), "" otherwise */
    char text[300]; /**< how the value is written in a selector rule: "4", "\"S0 M0\"", "" for none */
} tune_choice;

/** @brief Runs one algorithm with one parameter value (NULL for none). @return MPI error code. */
typedef int (*tune_run_fn)(const tune_call *c, const tune_choice *ch);

/**
 * @brief Lists the values to try for a parameter on @p p processes into @p out (at most @p max).
 * @return how many values were written (>= 1).
 */
typedef int (*tune_space_fn)(int p, tune_choice *out, int max);

/** @brief One row of the table. */
typedef struct tune_algo {
    enum tune_coll coll; /**< its collective */
    const char *name;    /**< catalogue name (`collalg_<coll>_<name>`) */
    tune_run_fn run;     /**< wrapper */
    tune_space_fn space; /**< parameter values to try; NULL: no parameter */
    int topo;            /**< 1: a topology algorithm (machine/topology_comm.h), measured only when the run has a
                              topology (collalg-tune --topology FILE or `COLLALG_TOPOLOGY`) */
} tune_algo;

/** @brief 1 for the reductions the tuner runs on MPI_INT with MPI_SUM (see the file comment). */
static int tune_is_reduction(enum tune_coll coll)
{
    return coll == TUNE_ALLREDUCE || coll == TUNE_REDUCE || coll == TUNE_SCAN || coll == TUNE_EXSCAN ||
           coll == TUNE_REDUCE_SCATTER_BLOCK || coll == TUNE_REDUCE_SCATTER;
}

/**
 * @brief The granule (bytes) of collective @p coll's sizes on @p p processes: sample sizes are
 *        rounded up to it and crossing points searched to it. 4 (one MPI_INT) for the reductions,
 *        4 p for reduce_scatter_block (one int per rank: the selector compares p * recvcount *
 *        size(datatype)), 1 for the others.
 */
static long tune_granule(enum tune_coll coll, int p)
{
    if (coll == TUNE_REDUCE_SCATTER_BLOCK)
        return 4L * (p > 0 ? p : 1);
    return tune_is_reduction(coll) ? 4 : 1;
}

/* ---- parameter spaces ---------------------------------------------------------------------- */

/** @brief Most values a parameter search tries (N MPI barriers beyond this are sampled evenly). */
#define TUNE_MAX_CHOICES 8

/** @brief Fills @p out with integers lo..hi, at most @p max of them spread evenly. */
static int tune_space_range(int lo, int hi, tune_choice *out, int max)
{
    int n = 0, k, span = hi - lo + 1, v, last = lo - 1;
    if (max > TUNE_MAX_CHOICES)
        max = TUNE_MAX_CHOICES;
    for (k = 0; k < (span < max ? span : max); k++) {
        v = span <= max ? lo + k : lo + (int)((long)k * (span - 1) / (max - 1));
        if (v == last)
            continue;
        memset(&out[n], 0, sizeof out[n]);
        out[n].i = last = v;
        snprintf(out[n].text, sizeof out[n].text, "%d", v);
        n++;
    }
    return n;
}

/** @brief N MPI barriers of the ring algorithms: 1 .. p - 2 (only the default 0 for p <= 2). */
static int tune_space_ring_barriers(int p, tune_choice *out, int max)
{
    return p <= 2 ? tune_space_range(0, 0, out, max) : tune_space_range(1, p - 2, out, max);
}

/** @brief N MPI barriers of the pair algorithms: 1 .. nsteps - 1 (only 0 with one step). */
static int tune_space_pair_barriers(int p, tune_choice *out, int max)
{
    int phases = collalg__pair_nsteps(p);
    return phases <= 1 ? tune_space_range(0, 0, out, max) : tune_space_range(1, phases - 1, out, max);
}

/** @brief The choices @p v[0 .. nv - 1] (at most @p max), each written in a rule as the value
 *         followed by @p tail (the inner algorithms left at their defaults). */
static int tune_space_list(const int *v, int nv, const char *tail, tune_choice *out, int max)
{
    int n;
    for (n = 0; n < nv && n < max; n++) {
        memset(&out[n], 0, sizeof out[n]);
        out[n].i = v[n];
        snprintf(out[n].text, sizeof out[n].text, "%d%s", v[n], tail);
    }
    return n;
}

/** @brief Segment sizes in bytes of the pipelined bcasts. */
static int tune_space_segsize(int p, tune_choice *out, int max)
{
    static const int seg[] = {1024, 4096, 16384, 65536};
    (void)p;
    return tune_space_list(seg, 4, "", out, max);
}

/** @brief Chunk sizes of the pipelined scatter-allgather bcast (32 KiB .. 512 KiB). */
static int tune_space_chunk(int p, tune_choice *out, int max)
{
    static const int chunk[] = {32768, 131072, 524288};
    (void)p;
    return tune_space_list(chunk, 3, "", out, max);
}

/** @brief Segment sizes of the HAN bcast (256 KiB .. 4 MiB), written with the default inner
 *         algorithms (NULL, NULL) in a rule. */
static int tune_space_han(int p, tune_choice *out, int max)
{
    static const int seg[] = {262144, 1048576, 2097152, 4194304};
    (void)p;
    return tune_space_list(seg, 4, ", NULL, NULL", out, max);
}

/** @brief Segment sizes of the HAN allreduce (256 KiB .. 2 MiB), written with the default inter
 *         algorithm (NULL) in a rule. */
static int tune_space_han_allreduce(int p, tune_choice *out, int max)
{
    static const int seg[] = {262144, 1048576, 2097152};
    (void)p;
    return tune_space_list(seg, 3, ", NULL", out, max);
}

/** @brief The HAN reduce: the segment sizes of tune_space_han_allreduce() with the default inter
 *         algorithm (NULL), and the default segment size with the linear reduce among the leaders
 *         (str "linear", written "0, collalg_reduce_linear"): its root posts every receive at
 *         once for small vectors, one latency among the leaders instead of the binomial's lg(N). */
static int tune_space_han_reduce(int p, tune_choice *out, int max)
{
    int n = tune_space_han_allreduce(p, out, max);
    if (n < max) {
        memset(&out[n], 0, sizeof out[n]);
        snprintf(out[n].str, sizeof out[n].str, "linear");
        snprintf(out[n].text, sizeof out[n].text, "0, collalg_reduce_linear");
        n++;
    }
    return n;
}

/** @brief Intra-node broadcasts of the hierarchical allgather: 0 its default (pipelined chain),
 *         1 the native MPI_Bcast, written COLLALG_MPI(Bcast) so that inside the PMPI library
 *         (COLLALG_USE_PMPI) the rule calls PMPI_Bcast and does not re-enter the library's own
 *         MPI_Bcast wrapper; the inter-node algorithms stay the header's defaults (NULL). */
static int tune_space_hierarchical(int p, tune_choice *out, int max)
{
    static const char *const intra[] = {"NULL", "COLLALG_MPI(Bcast)"};
    int n;
    (void)p;
    for (n = 0; n < 2 && n < max; n++) {
        memset(&out[n], 0, sizeof out[n]);
        out[n].i = n;
        snprintf(out[n].text, sizeof out[n].text, "NULL, NULL, %s", intra[n]);
    }
    return n;
}

/** @brief Block sizes of the two-stage allreduce: 2, 4, 8, ... up to p (one block). */
static int tune_space_block(int p, tune_choice *out, int max)
{
    int n = 0, b;
    for (b = 2; n < max; b *= 2) {
        memset(&out[n], 0, sizeof out[n]);
        out[n].i = b < p ? b : p;
        snprintf(out[n].text, sizeof out[n].text, "%d", out[n].i);
        n++;
        if (b >= p)
            break;
    }
    return n;
}

/** @brief Fan-in x fan-out of the MCS barrier: {2, 4, 8, 16} x {2, 4}, fans capped at max(2, p - 1)
 *         (larger ones behave the same), duplicates dropped; i = 256 * fanin + fanout. */
static int tune_space_mcs(int p, tune_choice *out, int max)
{
    static const int fin[] = {2, 4, 8, 16}, fout[] = {2, 4};
    int n = 0, a, b, k, cap = p - 1 > 2 ? p - 1 : 2;
    for (a = 0; a < 4; a++)
        for (b = 0; b < 2 && n < max; b++) {
            int fi = fin[a] < cap ? fin[a] : cap, fo = fout[b] < cap ? fout[b] : cap, dup = 0;
            for (k = 0; k < n; k++)
                dup |= out[k].i == 256 * fi + fo;
            if (dup)
                continue;
            memset(&out[n], 0, sizeof out[n]);
            out[n].i = 256 * fi + fo;
            snprintf(out[n].text, sizeof out[n].text, "%d, %d", fi, fo);
            n++;
        }
    return n;
}

/** @brief Group sizes of the JS barrier: 2, 4, 8 and ceil(sqrt p), capped at p, duplicates dropped. */
static int tune_space_js(int p, tune_choice *out, int max)
{
    int g[4] = {2, 4, 8, 1}, n = 0, a, k;
    while (g[3] * g[3] < p)
        g[3]++;
    for (a = 0; a < 4 && n < max; a++) {
        int v = g[a] < p ? g[a] : p, dup = 0;
        for (k = 0; k < n; k++)
            dup |= out[k].i == v;
        if (dup || v < 1)
            continue;
        memset(&out[n], 0, sizeof out[n]);
        out[n].i = v;
        snprintf(out[n].text, sizeof out[n].text, "%d", v);
        n++;
    }
    return n;
}

/**
 * @brief The choices 0 .. @p count - 1 of an inner-algorithm table (at most @p max), each written
 *        in a rule as its name: @p table holds @p count entries of @p stride bytes, each starting
 *        with its name (const char *), as tune_inner_allgather, tune_inner_allreduce and
 *        tune_inner_bcast do. TUNE_SPACE_TABLE() passes a table's stride and length.
 */
static int tune_space_table(const void *table, size_t stride, int count, tune_choice *out, int max)
{
    int n;
    for (n = 0; n < count && n < max; n++) {
        memset(&out[n], 0, sizeof out[n]);
        out[n].i = n;
        snprintf(out[n].text, sizeof out[n].text, "%s", *(const char *const *)((const char *)table + n * stride));
    }
    return n;
}

/** @brief tune_space_table() over the whole array @p t. */
#define TUNE_SPACE_TABLE(t, out, max) tune_space_table((t), sizeof(t)[0], (int)(sizeof(t) / sizeof(t)[0]), (out), (max))

/** @brief Inner allgathers the allreduce variants may use (index = tune_choice::i). */
static const struct {
    const char *name;
    collalg_allgather_fn fn;
} tune_inner_allgather[] = {
    {"collalg_allgather_ring", collalg_allgather_ring},
    {"collalg_allgather_recursive_doubling", collalg_allgather_recursive_doubling},
    {"collalg_allgather_bruck", collalg_allgather_bruck},
    {"collalg_allgather_pair", collalg_allgather_pair},
};

/** @brief Inner alltoalls of rabenseifner_var2 (index = tune_choice::i / 4). */
static const struct {
    const char *name;
    collalg_alltoall_fn fn;
} tune_inner_alltoall[] = {
    {"collalg_alltoall_ring", collalg_alltoall_ring},
    {"collalg_alltoall_pair", collalg_alltoall_pair},
    {"collalg_alltoall_simple", collalg_alltoall_simple},
};

/** @brief The inner allgathers (allgather_based, rabenseifner_var1). */
static int tune_space_inner_allgather(int p, tune_choice *out, int max)
{
    (void)p;
    return TUNE_SPACE_TABLE(tune_inner_allgather, out, max);
}

/** @brief Inner allreduces of topology_order (index = tune_choice::i). */
static const struct {
    const char *name;
    collalg_allreduce_fn fn;
} tune_inner_allreduce[] = {
    {"collalg_allreduce_rabenseifner", collalg_allreduce_rabenseifner},
    {"collalg_allreduce_recursive_doubling", collalg_allreduce_recursive_doubling},
};

/** @brief Inner allreduces of topology_order: the two of tune_inner_allreduce. */
static int tune_space_inner_allreduce(int p, tune_choice *out, int max)
{
    (void)p;
    return TUNE_SPACE_TABLE(tune_inner_allreduce, out, max);
}

/** @brief Inner broadcasts of bcast topology_order (index = tune_choice::i): every catalogue tree
 *         whose subtrees are ranges of consecutive ranks, or that moves blocks along the rank
 *         order, each at its default parameter (bcast/topology_order.h's adapters); the chain on
 *         the DFS order is topology_chain, a row of its own. */
static const struct {
    const char *name;
    collalg_bcast_fn fn;
} tune_inner_bcast[] = {
    {"collalg_bcast_binomial", collalg_bcast_binomial},
    {"collalg__bcast_two_tree_default", collalg__bcast_two_tree_default},
    {"collalg__bcast_knomial_default", collalg__bcast_knomial_default},
    {"collalg__bcast_circulant_default", collalg__bcast_circulant_default},
    {"collalg_bcast_scatter_ring_allgather", collalg_bcast_scatter_ring_allgather},
};

/** @brief Inner broadcasts of bcast topology_order: the five of tune_inner_bcast. */
static int tune_space_inner_bcast(int p, tune_choice *out, int max)
{
    (void)p;
    return TUNE_SPACE_TABLE(tune_inner_bcast, out, max);
}

/** @brief (alltoall, allgather) pairs of rabenseifner_var2: i = 4 * alltoall + allgather. */
static int tune_space_inner_pair(int p, tune_choice *out, int max)
{
    static const int pairs[][2] = {{0, 0}, {1, 0}, {2, 1}, {1, 2}};
    int n;
    (void)p;
    for (n = 0; n < 4 && n < max; n++) {
        memset(&out[n], 0, sizeof out[n]);
        out[n].i = 4 * pairs[n][0] + pairs[n][1];
        snprintf(out[n].text, sizeof out[n].text, "%s, %s", tune_inner_alltoall[pairs[n][0]].name,
                 tune_inner_allgather[pairs[n][1]].name);
    }
    return n;
}

/** @brief Radices of the k-nomial gather and scatter: 2 (binomial), 3, 4 (the default), 8. */
static int tune_space_radix(int p, tune_choice *out, int max)
{
    static const int radix[] = {2, 3, 4, 8};
    (void)p;
    return tune_space_list(radix, 4, "", out, max);
}

/** @brief Requests in flight of scatter linear_nb and alltoallw scattered: 1, 4, 32 (the default). */
static int tune_space_requests(int p, tune_choice *out, int max)
{
    static const int req[] = {1, 4, 32};
    (void)p;
    return tune_space_list(req, 3, "", out, max);
}

/** @brief First segment (bytes) of gather linear_sync: 256, 1024 (the default), 8192. */
static int tune_space_first_segment(int p, tune_choice *out, int max)
{
    static const int seg[] = {256, 1024, 8192};
    (void)p;
    return tune_space_list(seg, 3, "", out, max);
}

/** @brief Radices of the k-nomial reduce (2, 3, 4: the default, 8), written with the default
 *         segment size (0) in a rule. */
static int tune_space_reduce_radix(int p, tune_choice *out, int max)
{
    static const int radix[] = {2, 3, 4, 8};
    (void)p;
    return tune_space_list(radix, 4, ", 0", out, max);
}

/** @brief Chains of the chain reduce (1, 2, 4: the default, 8), written with the default segment
 *         size (0) in a rule. */
static int tune_space_reduce_fanout(int p, tune_choice *out, int max)
{
    static const int fanout[] = {1, 2, 4, 8};
    (void)p;
    return tune_space_list(fanout, 4, ", 0", out, max);
}

/** @brief Block sizes (bytes) of the circulant-graph algorithms: 8 KiB, 64 KiB (the default),
 *         256 KiB. */
static int tune_space_blocksize(int p, tune_choice *out, int max)
{
    static const int block[] = {8192, 65536, 262144};
    (void)p;
    return tune_space_list(block, 3, "", out, max);
}

/** @brief One choice written as @p text: the inner algorithms of a parameterised algorithm left at
 *         their defaults (NULL). */
static int tune_space_text(const char *text, tune_choice *out, int max)
{
    if (max < 1)
        return 0;
    memset(&out[0], 0, sizeof out[0]);
    snprintf(out[0].text, sizeof out[0].text, "%s", text);
    return 1;
}

/** @brief One inner algorithm at its default: "NULL". */
static int tune_space_null(int p, tune_choice *out, int max)
{
    (void)p;
    return tune_space_text("NULL", out, max);
}

/** @brief Two inner algorithms at their defaults: "NULL, NULL". */
static int tune_space_null2(int p, tune_choice *out, int max)
{
    (void)p;
    return tune_space_text("NULL, NULL", out, max);
}

/** @brief Copy/Split/Merge programs: Hybrid1(j) for j = -1 (binomial) .. k-1 (van de Geijn). */
static int tune_space_csm(int p, tune_choice *out, int max)
{
    int n = 0, j, k = collalg_bcast_csm_dims(p);
    for (j = -1; j <= k - 1 && n < max; j++) {
        memset(&out[n], 0, sizeof out[n]);
        if (collalg_bcast_csm_hybrid1(p, j, COLLALG_BCAST_CSM_ASCENDING, out[n].str, sizeof out[n].str) < 0)
            continue;
        out[n].i = j;
        snprintf(out[n].text, sizeof out[n].text, "\"%s\"", out[n].str);
        n++;
    }
    return n;
}

/* ---- wrappers ------------------------------------------------------------------------------ */

/** @cond TUNE_WRAPPERS */
/* clang-format off */
#define TUNE_A2A(alg)                                                                                       \
    static int tune_alltoall_##alg(const tune_call *c, const tune_choice *ch)                               \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_alltoall_##alg(c->sbuf, c->count, c->type, c->rbuf, c->count, c->type, c->comm);     \
    }
#define TUNE_A2A_INT(alg)                                                                                   \
    static int tune_alltoall_##alg(const tune_call *c, const tune_choice *ch)                               \
    {                                                                                                       \
        return collalg_alltoall_##alg(c->sbuf, c->count, c->type, c->rbuf, c->count, c->type, c->comm, ch->i); \
    }
#define TUNE_AG(alg)                                                                                        \
    static int tune_allgather_##alg(const tune_call *c, const tune_choice *ch)                              \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_allgather_##alg(c->sbuf, c->count, c->type, c->rbuf, c->count, c->type, c->comm);    \
    }
#define TUNE_AG_INT(alg)                                                                                    \
    static int tune_allgather_##alg(const tune_call *c, const tune_choice *ch)                              \
    {                                                                                                       \
        return collalg_allgather_##alg(c->sbuf, c->count, c->type, c->rbuf, c->count, c->type, c->comm, ch->i); \
    }
#define TUNE_AR(alg)                                                                                        \
    static int tune_allreduce_##alg(const tune_call *c, const tune_choice *ch)                              \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_allreduce_##alg(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm);                \
    }
#define TUNE_AR_INT(alg)                                                                                    \
    static int tune_allreduce_##alg(const tune_call *c, const tune_choice *ch)                              \
    {                                                                                                       \
        return collalg_allreduce_##alg(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm, ch->i);         \
    }
#define TUNE_BC(alg)                                                                                        \
    static int tune_bcast_##alg(const tune_call *c, const tune_choice *ch)                                  \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_bcast_##alg(c->rbuf, c->count, c->type, c->root, c->comm);                           \
    }
#define TUNE_BC_INT(alg)                                                                                    \
    static int tune_bcast_##alg(const tune_call *c, const tune_choice *ch)                                  \
    {                                                                                                       \
        return collalg_bcast_##alg(c->rbuf, c->count, c->type, c->root, c->comm, ch->i);                    \
    }

#define TUNE_A2AV(alg)                                                                                      \
    static int tune_alltoallv_##alg(const tune_call *c, const tune_choice *ch)                              \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_alltoallv_##alg(c->sbuf, c->scounts, c->sdispls, c->type, c->rbuf, c->rcounts,       \
                                       c->rdispls, c->type, c->comm);                                       \
    }
#define TUNE_A2AV_INT(alg)                                                                                  \
    static int tune_alltoallv_##alg(const tune_call *c, const tune_choice *ch)                              \
    {                                                                                                       \
        return collalg_alltoallv_##alg(c->sbuf, c->scounts, c->sdispls, c->type, c->rbuf, c->rcounts,       \
                                       c->rdispls, c->type, c->comm, ch->i);                                \
    }
#define TUNE_AGV(alg)                                                                                       \
    static int tune_allgatherv_##alg(const tune_call *c, const tune_choice *ch)                             \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_allgatherv_##alg(c->sbuf, c->count, c->type, c->rbuf, c->rcounts, c->rdispls, c->type, \
                                        c->comm);                                                           \
    }
#define TUNE_AGV_INT(alg)                                                                                   \
    static int tune_allgatherv_##alg(const tune_call *c, const tune_choice *ch)                             \
    {                                                                                                       \
        return collalg_allgatherv_##alg(c->sbuf, c->count, c->type, c->rbuf, c->rcounts, c->rdispls, c->type, \
                                        c->comm, ch->i);                                                    \
    }
#define TUNE_GA(alg)                                                                                        \
    static int tune_gather_##alg(const tune_call *c, const tune_choice *ch)                                 \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_gather_##alg(c->sbuf, c->count, c->type, c->rbuf, c->rcount, c->rtype, c->root, c->comm); \
    }
#define TUNE_GA_INT(alg)                                                                                    \
    static int tune_gather_##alg(const tune_call *c, const tune_choice *ch)                                 \
    {                                                                                                       \
        return collalg_gather_##alg(c->sbuf, c->count, c->type, c->rbuf, c->rcount, c->rtype, c->root, c->comm, \
                                    ch->i);                                                                 \
    }
#define TUNE_SC(alg)                                                                                        \
    static int tune_scatter_##alg(const tune_call *c, const tune_choice *ch)                                \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_scatter_##alg(c->sbuf, c->count, c->type, c->rbuf, c->rcount, c->rtype, c->root, c->comm); \
    }
#define TUNE_SC_INT(alg)                                                                                    \
    static int tune_scatter_##alg(const tune_call *c, const tune_choice *ch)                                \
    {                                                                                                       \
        return collalg_scatter_##alg(c->sbuf, c->count, c->type, c->rbuf, c->rcount, c->rtype, c->root, c->comm, \
                                     ch->i);                                                                \
    }
#define TUNE_GAV(alg)                                                                                       \
    static int tune_gatherv_##alg(const tune_call *c, const tune_choice *ch)                                \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_gatherv_##alg(c->sbuf, c->count, c->type, c->rbuf, c->rcounts, c->rdispls, c->rtype,  \
                                     c->root, c->comm);                                                     \
    }
#define TUNE_SCV(alg)                                                                                       \
    static int tune_scatterv_##alg(const tune_call *c, const tune_choice *ch)                               \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_scatterv_##alg(c->sbuf, c->scounts, c->sdispls, c->type, c->rbuf, c->rcount, c->rtype, \
                                      c->root, c->comm);                                                    \
    }
#define TUNE_A2AW(alg)                                                                                      \
    static int tune_alltoallw_##alg(const tune_call *c, const tune_choice *ch)                              \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_alltoallw_##alg(c->sbuf, c->scounts, c->sdispls, c->stypes, c->rbuf, c->rcounts,     \
                                       c->rdispls, c->rtypes, c->comm);                                     \
    }
#define TUNE_A2AW_INT(alg)                                                                                  \
    static int tune_alltoallw_##alg(const tune_call *c, const tune_choice *ch)                              \
    {                                                                                                       \
        return collalg_alltoallw_##alg(c->sbuf, c->scounts, c->sdispls, c->stypes, c->rbuf, c->rcounts,     \
                                       c->rdispls, c->rtypes, c->comm, ch->i);                              \
    }
#define TUNE_RED(alg)                                                                                       \
    static int tune_reduce_##alg(const tune_call *c, const tune_choice *ch)                                 \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_reduce_##alg(c->sbuf, c->rbuf, c->count, c->type, c->op, c->root, c->comm);          \
    }
#define TUNE_RED_INT(alg)                                                                                   \
    static int tune_reduce_##alg(const tune_call *c, const tune_choice *ch)                                 \
    {                                                                                                       \
        return collalg_reduce_##alg(c->sbuf, c->rbuf, c->count, c->type, c->op, c->root, c->comm, ch->i);   \
    }
/* reduce knomial (radix) and chain (fanout) at the default segment size */
#define TUNE_RED_INT0(alg)                                                                                  \
    static int tune_reduce_##alg(const tune_call *c, const tune_choice *ch)                                 \
    {                                                                                                       \
        return collalg_reduce_##alg(c->sbuf, c->rbuf, c->count, c->type, c->op, c->root, c->comm, ch->i, 0); \
    }
#define TUNE_SCAN(coll, alg)                                                                                \
    static int tune_##coll##_##alg(const tune_call *c, const tune_choice *ch)                               \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_##coll##_##alg(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm);                \
    }
#define TUNE_SCAN_INT(coll, alg)                                                                            \
    static int tune_##coll##_##alg(const tune_call *c, const tune_choice *ch)                               \
    {                                                                                                       \
        return collalg_##coll##_##alg(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm, ch->i);         \
    }
#define TUNE_RSB(alg)                                                                                       \
    static int tune_reduce_scatter_block_##alg(const tune_call *c, const tune_choice *ch)                   \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_reduce_scatter_block_##alg(c->sbuf, c->rbuf, c->rcount, c->type, c->op, c->comm);    \
    }
#define TUNE_RS(alg)                                                                                        \
    static int tune_reduce_scatter_##alg(const tune_call *c, const tune_choice *ch)                         \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_reduce_scatter_##alg(c->sbuf, c->rbuf, c->rcounts, c->type, c->op, c->comm);         \
    }
#define TUNE_BAR(alg)                                                                                       \
    static int tune_barrier_##alg(const tune_call *c, const tune_choice *ch)                                \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_barrier_##alg(c->comm);                                                              \
    }
#define TUNE_BAR_INT(alg)                                                                                   \
    static int tune_barrier_##alg(const tune_call *c, const tune_choice *ch)                                \
    {                                                                                                       \
        return collalg_barrier_##alg(c->comm, ch->i);                                                       \
    }
/* clang-format on */

TUNE_A2A(node_aware)
TUNE_A2A(contention_free)
TUNE_A2A(contention_free_light_barrier)
TUNE_A2A(contention_free_mpi_barrier)
TUNE_A2A_INT(contention_free_n_mpi_barriers)
TUNE_A2A(simple)
TUNE_A2A(spreading_simple)
TUNE_A2A(mesh_2d)
TUNE_A2A(mesh_3d)
TUNE_A2A(recursive_doubling)
TUNE_A2A(bruck)
TUNE_A2A(ring)
TUNE_A2A(ring_light_barrier)
TUNE_A2A(ring_mpi_barrier)
TUNE_A2A_INT(ring_n_mpi_barriers)
TUNE_A2A(pair)
TUNE_A2A(pair_light_barrier)
TUNE_A2A(pair_mpi_barrier)
TUNE_A2A_INT(pair_n_mpi_barriers)

TUNE_AG(simple)
TUNE_AG(spreading_simple)
TUNE_AG(ring)
TUNE_AG(ring_light_barrier)
TUNE_AG(ring_mpi_barrier)
TUNE_AG_INT(ring_n_mpi_barriers)
TUNE_AG(pair)
TUNE_AG(pair_light_barrier)
TUNE_AG(pair_mpi_barrier)
TUNE_AG_INT(pair_n_mpi_barriers)
TUNE_AG(mesh_2d)
TUNE_AG(mesh_3d)
TUNE_AG(recursive_doubling)
TUNE_AG(bruck)
TUNE_AG(gather_bcast)
TUNE_AG(logical_ring)
TUNE_AG(topology_ring)

/** @brief collalg_allgather_hierarchical() with the intra-node broadcast ch->i of
 *         tune_space_hierarchical() (the native one through COLLALG_MPI: PMPI_Bcast inside the PMPI
 *         library, not its own MPI_Bcast). */
static int tune_allgather_hierarchical(const tune_call *c, const tune_choice *ch)
{
    return collalg_allgather_hierarchical(c->sbuf, c->count, c->type, c->rbuf, c->count, c->type, c->comm, NULL, NULL,
                                          ch->i ? COLLALG_MPI(Bcast) : NULL);
}

TUNE_AR(reduce_bcast)
TUNE_AR(recursive_doubling)
TUNE_AR(rabenseifner)
TUNE_AR(ring)
TUNE_AR(topology_ring)
TUNE_AR_INT(two_stage)

/** @brief collalg_allreduce_han() at segment size ch->i, the header's default inter algorithm. */
static int tune_allreduce_han(const tune_call *c, const tune_choice *ch)
{
    return collalg_allreduce_han(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm, ch->i, NULL);
}

TUNE_BC(linear)

/** @brief collalg_bcast_han() at segment size ch->i, the header's default inter and intra algorithms. */
static int tune_bcast_han(const tune_call *c, const tune_choice *ch)
{
    return collalg_bcast_han(c->rbuf, c->count, c->type, c->root, c->comm, ch->i, NULL, NULL);
}
TUNE_BC_INT(chain)
TUNE_BC_INT(topology_chain)
TUNE_BC_INT(binary_tree)
TUNE_BC_INT(pipelined_scatter_allgather)
TUNE_BC_INT(hierarchical)
TUNE_BC(binomial)
TUNE_BC(scatter_rdb_allgather)
TUNE_BC(scatter_ring_allgather)

TUNE_A2AV(simple)
TUNE_A2AV(spreading_simple)
TUNE_A2AV(ring)
TUNE_A2AV(ring_light_barrier)
TUNE_A2AV(ring_mpi_barrier)
TUNE_A2AV_INT(ring_n_mpi_barriers)
TUNE_A2AV(pair)
TUNE_A2AV(pair_light_barrier)
TUNE_A2AV(pair_mpi_barrier)
TUNE_A2AV_INT(pair_n_mpi_barriers)
TUNE_A2AV(greedy)
TUNE_A2AV(alltoall_based)

TUNE_AGV(simple)
TUNE_AGV(spreading_simple)
TUNE_AGV(ring)
TUNE_AGV(ring_light_barrier)
TUNE_AGV(ring_mpi_barrier)
TUNE_AGV_INT(ring_n_mpi_barriers)
TUNE_AGV(pair)
TUNE_AGV(pair_light_barrier)
TUNE_AGV(pair_mpi_barrier)
TUNE_AGV_INT(pair_n_mpi_barriers)
TUNE_AGV(recursive_doubling)
TUNE_AGV(bruck)
TUNE_AGV(gather_bcast)
TUNE_AGV(logical_ring)
TUNE_AGV(topology_ring)

TUNE_BAR(dissemination)
TUNE_BAR(pairwise_exchange)
TUNE_BAR(binomial)
TUNE_BAR_INT(js)
TUNE_BAR(light_weight)

TUNE_GA(linear)
TUNE_GA_INT(linear_sync)
TUNE_GA(binomial)
TUNE_GA_INT(knomial)

TUNE_SC(linear)
TUNE_SC_INT(linear_nb)
TUNE_SC(binomial)
TUNE_SC_INT(knomial)

TUNE_GAV(linear)
TUNE_GAV(binomial)

TUNE_SCV(linear)
TUNE_SCV(binomial)

TUNE_A2AW_INT(scattered)
TUNE_A2AW(pair)
TUNE_A2AW(ring)
TUNE_A2AW(pair_inplace)

TUNE_RED(linear)
TUNE_RED(binomial)
TUNE_RED_INT0(knomial)
TUNE_RED_INT0(chain)
TUNE_RED_INT(pipeline)
TUNE_RED_INT(binary_tree)
TUNE_RED_INT(in_order_binary)
TUNE_RED(rabenseifner)

TUNE_SCAN_INT(scan, linear)
TUNE_SCAN(scan, recursive_doubling)
TUNE_SCAN(scan, binary_tree)
TUNE_SCAN_INT(exscan, linear)
TUNE_SCAN(exscan, recursive_doubling)
TUNE_SCAN(exscan, binary_tree)

TUNE_RSB(recursive_halving)
TUNE_RSB(pairwise)
TUNE_RSB(ring)
TUNE_RSB(recursive_doubling)
TUNE_RSB(reduce_scatterv)

TUNE_RS(recursive_halving)
TUNE_RS(pairwise)
TUNE_RS(ring)
TUNE_RS(recursive_doubling)
TUNE_RS(reduce_scatterv)

/* The shared-memory family: measured only when every rank is on one node (COLLALG_R_ONE_NODE). */
TUNE_A2A(shm)
TUNE_AG(shm)
TUNE_AR(shm)
TUNE_BC(shm)
TUNE_BAR(shm)

/* The two-tree, circulant-graph, k-nomial, hierarchical, topology and butterfly algorithms
 * (issues 20, 21, 23); the inner algorithms of the parameterised ones at their defaults. */
TUNE_BC_INT(knomial)
TUNE_BC_INT(two_tree)
TUNE_BC_INT(circulant)
TUNE_AR_INT(two_tree)
TUNE_AR_INT(circulant)
TUNE_AG(circulant)
TUNE_BAR_INT(knomial)
TUNE_GA(hierarchical)
TUNE_GA(topology)
TUNE_GA(shm)
TUNE_SC(hierarchical)
TUNE_SC(topology)
TUNE_SC(shm)
TUNE_GAV(hierarchical)
TUNE_SCV(hierarchical)
TUNE_RED_INT(two_tree)
TUNE_RED_INT(circulant)
TUNE_RED_INT(topology_chain)
TUNE_RED(shm)
TUNE_RSB(topology_ring)
TUNE_RSB(butterfly)
TUNE_RS(topology_ring)
TUNE_RS(butterfly)
/** @endcond */

/** @brief The MCS barrier with fan-in ch->i / 256 and fan-out ch->i % 256. */
static int tune_barrier_mcs(const tune_call *c, const tune_choice *ch)
{
    return collalg_barrier_mcs(c->comm, ch->i / 256, ch->i % 256);
}

/** @brief allgather_based with the inner allgather number ch->i of tune_inner_allgather. */
static int tune_allreduce_allgather_based(const tune_call *c, const tune_choice *ch)
{
    return collalg_allreduce_allgather_based(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm,
                                             tune_inner_allgather[ch->i].fn);
}

/** @brief rabenseifner_var1 with the inner allgather number ch->i. */
static int tune_allreduce_rabenseifner_var1(const tune_call *c, const tune_choice *ch)
{
    return collalg_allreduce_rabenseifner_var1(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm,
                                               tune_inner_allgather[ch->i].fn);
}

/** @brief rabenseifner_var2 with inner alltoall ch->i / 4 and inner allgather ch->i % 4. */
/** @brief topology_order with the inner allreduce tune_inner_allreduce[ch->i]. */
static int tune_allreduce_topology_order(const tune_call *c, const tune_choice *ch)
{
    return collalg_allreduce_topology_order(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm,
                                            tune_inner_allreduce[ch->i].fn);
}

/** @brief bcast topology_order with the inner bcast tune_inner_bcast[ch->i]. */
static int tune_bcast_topology_order(const tune_call *c, const tune_choice *ch)
{
    return collalg_bcast_topology_order(c->rbuf, c->count, c->type, c->root, c->comm, tune_inner_bcast[ch->i].fn);
}

/** @brief reduce topology_order with its default inner reduce (binomial). */
static int tune_reduce_topology_order(const tune_call *c, const tune_choice *ch)
{
    (void)ch;
    return collalg_reduce_topology_order(c->sbuf, c->rbuf, c->count, c->type, c->op, c->root, c->comm, NULL);
}

/** @brief reduce han with segment size ch->i and its default inter-node reduce, or the linear
 *         reduce among the leaders when ch->str is "linear" (tune_space_han_reduce()). */
static int tune_reduce_han(const tune_call *c, const tune_choice *ch)
{
    collalg_reduce_fn inter = ch->str[0] ? collalg_reduce_linear : NULL;
    return collalg_reduce_han(c->sbuf, c->rbuf, c->count, c->type, c->op, c->root, c->comm, ch->i, inter);
}

/** @brief reduce_scatter_block hierarchical with its default inter-node reduce-scatter. */
static int tune_reduce_scatter_block_hierarchical(const tune_call *c, const tune_choice *ch)
{
    (void)ch;
    return collalg_reduce_scatter_block_hierarchical(c->sbuf, c->rbuf, c->rcount, c->type, c->op, c->comm, NULL);
}

/** @brief reduce_scatter hierarchical with its default inter-node reduce-scatter. */
static int tune_reduce_scatter_hierarchical(const tune_call *c, const tune_choice *ch)
{
    (void)ch;
    return collalg_reduce_scatter_hierarchical(c->sbuf, c->rbuf, c->rcounts, c->type, c->op, c->comm, NULL);
}

/** @brief scan hierarchical with its default intra and inter algorithms. */
static int tune_scan_hierarchical(const tune_call *c, const tune_choice *ch)
{
    (void)ch;
    return collalg_scan_hierarchical(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm, NULL, NULL);
}

/** @brief exscan hierarchical with its default intra and inter algorithms. */
static int tune_exscan_hierarchical(const tune_call *c, const tune_choice *ch)
{
    (void)ch;
    return collalg_exscan_hierarchical(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm, NULL, NULL);
}

static int tune_allreduce_rabenseifner_var2(const tune_call *c, const tune_choice *ch)
{
    return collalg_allreduce_rabenseifner_var2(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm,
                                               tune_inner_alltoall[ch->i / 4].fn, tune_inner_allgather[ch->i % 4].fn);
}

/** @brief csm with the program in ch->str. */
static int tune_bcast_csm(const tune_call *c, const tune_choice *ch)
{
    return collalg_bcast_csm(c->rbuf, c->count, c->type, c->root, c->comm, ch->str);
}

/* ==== THE TABLE ============================================================================== */

/** @brief Every algorithm the tuner measures (the catalogue's contract names). */
static const tune_algo tune_table[] = {
    {TUNE_ALLTOALL, "simple", tune_alltoall_simple, NULL, 0},
    {TUNE_ALLTOALL, "spreading_simple", tune_alltoall_spreading_simple, NULL, 0},
    {TUNE_ALLTOALL, "mesh_2d", tune_alltoall_mesh_2d, NULL, 0},
    {TUNE_ALLTOALL, "mesh_3d", tune_alltoall_mesh_3d, NULL, 0},
    {TUNE_ALLTOALL, "recursive_doubling", tune_alltoall_recursive_doubling, NULL, 0},
    {TUNE_ALLTOALL, "bruck", tune_alltoall_bruck, NULL, 0},
    {TUNE_ALLTOALL, "ring", tune_alltoall_ring, NULL, 0},
    {TUNE_ALLTOALL, "ring_light_barrier", tune_alltoall_ring_light_barrier, NULL, 0},
    {TUNE_ALLTOALL, "ring_mpi_barrier", tune_alltoall_ring_mpi_barrier, NULL, 0},
    {TUNE_ALLTOALL, "ring_n_mpi_barriers", tune_alltoall_ring_n_mpi_barriers, tune_space_ring_barriers, 0},
    {TUNE_ALLTOALL, "pair", tune_alltoall_pair, NULL, 0},
    {TUNE_ALLTOALL, "pair_light_barrier", tune_alltoall_pair_light_barrier, NULL, 0},
    {TUNE_ALLTOALL, "pair_mpi_barrier", tune_alltoall_pair_mpi_barrier, NULL, 0},
    {TUNE_ALLTOALL, "pair_n_mpi_barriers", tune_alltoall_pair_n_mpi_barriers, tune_space_pair_barriers, 0},
    {TUNE_ALLTOALL, "node_aware", tune_alltoall_node_aware, NULL, 0},
    {TUNE_ALLTOALL, "shm", tune_alltoall_shm, NULL, 0},
    {TUNE_ALLTOALL, "contention_free", tune_alltoall_contention_free, NULL, 1},
    {TUNE_ALLTOALL, "contention_free_light_barrier", tune_alltoall_contention_free_light_barrier, NULL, 1},
    {TUNE_ALLTOALL, "contention_free_mpi_barrier", tune_alltoall_contention_free_mpi_barrier, NULL, 1},
    /* 1 .. p - 2 barriers: valid on any topology (it has at least p - 1 phases) */
    {TUNE_ALLTOALL, "contention_free_n_mpi_barriers", tune_alltoall_contention_free_n_mpi_barriers,
     tune_space_ring_barriers, 1},

    {TUNE_ALLGATHER, "simple", tune_allgather_simple, NULL, 0},
    {TUNE_ALLGATHER, "spreading_simple", tune_allgather_spreading_simple, NULL, 0},
    {TUNE_ALLGATHER, "ring", tune_allgather_ring, NULL, 0},
    {TUNE_ALLGATHER, "ring_light_barrier", tune_allgather_ring_light_barrier, NULL, 0},
    {TUNE_ALLGATHER, "ring_mpi_barrier", tune_allgather_ring_mpi_barrier, NULL, 0},
    {TUNE_ALLGATHER, "ring_n_mpi_barriers", tune_allgather_ring_n_mpi_barriers, tune_space_ring_barriers, 0},
    {TUNE_ALLGATHER, "pair", tune_allgather_pair, NULL, 0},
    {TUNE_ALLGATHER, "pair_light_barrier", tune_allgather_pair_light_barrier, NULL, 0},
    {TUNE_ALLGATHER, "pair_mpi_barrier", tune_allgather_pair_mpi_barrier, NULL, 0},
    {TUNE_ALLGATHER, "pair_n_mpi_barriers", tune_allgather_pair_n_mpi_barriers, tune_space_pair_barriers, 0},
    {TUNE_ALLGATHER, "mesh_2d", tune_allgather_mesh_2d, NULL, 0},
    {TUNE_ALLGATHER, "mesh_3d", tune_allgather_mesh_3d, NULL, 0},
    {TUNE_ALLGATHER, "recursive_doubling", tune_allgather_recursive_doubling, NULL, 0},
    {TUNE_ALLGATHER, "logical_ring", tune_allgather_logical_ring, NULL, 0},
    {TUNE_ALLGATHER, "topology_ring", tune_allgather_topology_ring, NULL, 1},
    {TUNE_ALLGATHER, "bruck", tune_allgather_bruck, NULL, 0},
    {TUNE_ALLGATHER, "gather_bcast", tune_allgather_gather_bcast, NULL, 0},
    {TUNE_ALLGATHER, "hierarchical", tune_allgather_hierarchical, tune_space_hierarchical, 0},
    {TUNE_ALLGATHER, "shm", tune_allgather_shm, NULL, 0},
    {TUNE_ALLGATHER, "circulant", tune_allgather_circulant, NULL, 0},

    {TUNE_ALLREDUCE, "reduce_bcast", tune_allreduce_reduce_bcast, NULL, 0},
    {TUNE_ALLREDUCE, "allgather_based", tune_allreduce_allgather_based, tune_space_inner_allgather, 0},
    {TUNE_ALLREDUCE, "recursive_doubling", tune_allreduce_recursive_doubling, NULL, 0},
    {TUNE_ALLREDUCE, "rabenseifner", tune_allreduce_rabenseifner, NULL, 0},
    {TUNE_ALLREDUCE, "rabenseifner_var1", tune_allreduce_rabenseifner_var1, tune_space_inner_allgather, 0},
    {TUNE_ALLREDUCE, "rabenseifner_var2", tune_allreduce_rabenseifner_var2, tune_space_inner_pair, 0},
    {TUNE_ALLREDUCE, "ring", tune_allreduce_ring, NULL, 0},
    {TUNE_ALLREDUCE, "topology_ring", tune_allreduce_topology_ring, NULL, 1},
    {TUNE_ALLREDUCE, "topology_order", tune_allreduce_topology_order, tune_space_inner_allreduce, 1},
    {TUNE_ALLREDUCE, "two_stage", tune_allreduce_two_stage, tune_space_block, 0},
    {TUNE_ALLREDUCE, "han", tune_allreduce_han, tune_space_han_allreduce, 0},
    {TUNE_ALLREDUCE, "shm", tune_allreduce_shm, NULL, 0},
    {TUNE_ALLREDUCE, "two_tree", tune_allreduce_two_tree, tune_space_segsize, 0},
    {TUNE_ALLREDUCE, "circulant", tune_allreduce_circulant, tune_space_blocksize, 0},

    {TUNE_BCAST, "linear", tune_bcast_linear, NULL, 0},
    {TUNE_BCAST, "chain", tune_bcast_chain, tune_space_segsize, 0},
    {TUNE_BCAST, "pipelined_scatter_allgather", tune_bcast_pipelined_scatter_allgather, tune_space_chunk, 0},
    {TUNE_BCAST, "hierarchical", tune_bcast_hierarchical, tune_space_chunk, 0},
    {TUNE_BCAST, "topology_chain", tune_bcast_topology_chain, tune_space_segsize, 1},
    {TUNE_BCAST, "binary_tree", tune_bcast_binary_tree, tune_space_segsize, 0},
    {TUNE_BCAST, "binomial", tune_bcast_binomial, NULL, 0},
    {TUNE_BCAST, "scatter_rdb_allgather", tune_bcast_scatter_rdb_allgather, NULL, 0},
    {TUNE_BCAST, "scatter_ring_allgather", tune_bcast_scatter_ring_allgather, NULL, 0},
    {TUNE_BCAST, "csm", tune_bcast_csm, tune_space_csm, 0},
    {TUNE_BCAST, "han", tune_bcast_han, tune_space_han, 0},
    {TUNE_BCAST, "shm", tune_bcast_shm, NULL, 0},
    {TUNE_BCAST, "knomial", tune_bcast_knomial, tune_space_radix, 0},
    {TUNE_BCAST, "two_tree", tune_bcast_two_tree, tune_space_segsize, 0},
    {TUNE_BCAST, "circulant", tune_bcast_circulant, tune_space_blocksize, 0},
    {TUNE_BCAST, "topology_order", tune_bcast_topology_order, tune_space_inner_bcast, 1},

    {TUNE_ALLTOALLV, "simple", tune_alltoallv_simple, NULL, 0},
    {TUNE_ALLTOALLV, "spreading_simple", tune_alltoallv_spreading_simple, NULL, 0},
    {TUNE_ALLTOALLV, "ring", tune_alltoallv_ring, NULL, 0},
    {TUNE_ALLTOALLV, "ring_light_barrier", tune_alltoallv_ring_light_barrier, NULL, 0},
    {TUNE_ALLTOALLV, "ring_mpi_barrier", tune_alltoallv_ring_mpi_barrier, NULL, 0},
    {TUNE_ALLTOALLV, "ring_n_mpi_barriers", tune_alltoallv_ring_n_mpi_barriers, tune_space_ring_barriers, 0},
    {TUNE_ALLTOALLV, "pair", tune_alltoallv_pair, NULL, 0},
    {TUNE_ALLTOALLV, "pair_light_barrier", tune_alltoallv_pair_light_barrier, NULL, 0},
    {TUNE_ALLTOALLV, "pair_mpi_barrier", tune_alltoallv_pair_mpi_barrier, NULL, 0},
    {TUNE_ALLTOALLV, "pair_n_mpi_barriers", tune_alltoallv_pair_n_mpi_barriers, tune_space_pair_barriers, 0},
    {TUNE_ALLTOALLV, "greedy", tune_alltoallv_greedy, NULL, 0},
    {TUNE_ALLTOALLV, "alltoall_based", tune_alltoallv_alltoall_based, NULL, 0},

    {TUNE_ALLGATHERV, "simple", tune_allgatherv_simple, NULL, 0},
    {TUNE_ALLGATHERV, "spreading_simple", tune_allgatherv_spreading_simple, NULL, 0},
    {TUNE_ALLGATHERV, "ring", tune_allgatherv_ring, NULL, 0},
    {TUNE_ALLGATHERV, "ring_light_barrier", tune_allgatherv_ring_light_barrier, NULL, 0},
    {TUNE_ALLGATHERV, "ring_mpi_barrier", tune_allgatherv_ring_mpi_barrier, NULL, 0},
    {TUNE_ALLGATHERV, "ring_n_mpi_barriers", tune_allgatherv_ring_n_mpi_barriers, tune_space_ring_barriers, 0},
    {TUNE_ALLGATHERV, "pair", tune_allgatherv_pair, NULL, 0},
    {TUNE_ALLGATHERV, "pair_light_barrier", tune_allgatherv_pair_light_barrier, NULL, 0},
    {TUNE_ALLGATHERV, "pair_mpi_barrier", tune_allgatherv_pair_mpi_barrier, NULL, 0},
    {TUNE_ALLGATHERV, "pair_n_mpi_barriers", tune_allgatherv_pair_n_mpi_barriers, tune_space_pair_barriers, 0},
    {TUNE_ALLGATHERV, "recursive_doubling", tune_allgatherv_recursive_doubling, NULL, 0},
    {TUNE_ALLGATHERV, "bruck", tune_allgatherv_bruck, NULL, 0},
    {TUNE_ALLGATHERV, "gather_bcast", tune_allgatherv_gather_bcast, NULL, 0},
    {TUNE_ALLGATHERV, "logical_ring", tune_allgatherv_logical_ring, NULL, 0},
    {TUNE_ALLGATHERV, "topology_ring", tune_allgatherv_topology_ring, NULL, 1},

    {TUNE_BARRIER, "dissemination", tune_barrier_dissemination, NULL, 0},
    {TUNE_BARRIER, "pairwise_exchange", tune_barrier_pairwise_exchange, NULL, 0},
    {TUNE_BARRIER, "binomial", tune_barrier_binomial, NULL, 0},
    {TUNE_BARRIER, "mcs", tune_barrier_mcs, tune_space_mcs, 0},
    {TUNE_BARRIER, "js", tune_barrier_js, tune_space_js, 0},
    {TUNE_BARRIER, "light_weight", tune_barrier_light_weight, NULL, 0},
    {TUNE_BARRIER, "shm", tune_barrier_shm, NULL, 0},
    {TUNE_BARRIER, "knomial", tune_barrier_knomial, tune_space_radix, 0},

    {TUNE_GATHER, "linear", tune_gather_linear, NULL, 0},
    {TUNE_GATHER, "linear_sync", tune_gather_linear_sync, tune_space_first_segment, 0},
    {TUNE_GATHER, "binomial", tune_gather_binomial, NULL, 0},
    {TUNE_GATHER, "knomial", tune_gather_knomial, tune_space_radix, 0},
    {TUNE_GATHER, "hierarchical", tune_gather_hierarchical, NULL, 0},
    {TUNE_GATHER, "topology", tune_gather_topology, NULL, 1},
    {TUNE_GATHER, "shm", tune_gather_shm, NULL, 0},

    {TUNE_SCATTER, "linear", tune_scatter_linear, NULL, 0},
    {TUNE_SCATTER, "linear_nb", tune_scatter_linear_nb, tune_space_requests, 0},
    {TUNE_SCATTER, "binomial", tune_scatter_binomial, NULL, 0},
    {TUNE_SCATTER, "knomial", tune_scatter_knomial, tune_space_radix, 0},
    {TUNE_SCATTER, "hierarchical", tune_scatter_hierarchical, NULL, 0},
    {TUNE_SCATTER, "topology", tune_scatter_topology, NULL, 1},
    {TUNE_SCATTER, "shm", tune_scatter_shm, NULL, 0},

    {TUNE_GATHERV, "linear", tune_gatherv_linear, NULL, 0},
    {TUNE_GATHERV, "binomial", tune_gatherv_binomial, NULL, 0},
    {TUNE_GATHERV, "hierarchical", tune_gatherv_hierarchical, NULL, 0},

    {TUNE_SCATTERV, "linear", tune_scatterv_linear, NULL, 0},
    {TUNE_SCATTERV, "binomial", tune_scatterv_binomial, NULL, 0},
    {TUNE_SCATTERV, "hierarchical", tune_scatterv_hierarchical, NULL, 0},

    {TUNE_ALLTOALLW, "scattered", tune_alltoallw_scattered, tune_space_requests, 0},
    {TUNE_ALLTOALLW, "pair", tune_alltoallw_pair, NULL, 0},
    {TUNE_ALLTOALLW, "ring", tune_alltoallw_ring, NULL, 0},
    {TUNE_ALLTOALLW, "pair_inplace", tune_alltoallw_pair_inplace, NULL, 0},

    {TUNE_REDUCE, "linear", tune_reduce_linear, NULL, 0},
    {TUNE_REDUCE, "binomial", tune_reduce_binomial, NULL, 0},
    {TUNE_REDUCE, "knomial", tune_reduce_knomial, tune_space_reduce_radix, 0},
    {TUNE_REDUCE, "chain", tune_reduce_chain, tune_space_reduce_fanout, 0},
    {TUNE_REDUCE, "pipeline", tune_reduce_pipeline, tune_space_segsize, 0},
    {TUNE_REDUCE, "binary_tree", tune_reduce_binary_tree, tune_space_segsize, 0},
    {TUNE_REDUCE, "in_order_binary", tune_reduce_in_order_binary, tune_space_segsize, 0},
    {TUNE_REDUCE, "rabenseifner", tune_reduce_rabenseifner, NULL, 0},
    {TUNE_REDUCE, "two_tree", tune_reduce_two_tree, tune_space_segsize, 0},
    {TUNE_REDUCE, "circulant", tune_reduce_circulant, tune_space_blocksize, 0},
    {TUNE_REDUCE, "han", tune_reduce_han, tune_space_han_reduce, 0},
    {TUNE_REDUCE, "topology_chain", tune_reduce_topology_chain, tune_space_segsize, 1},
    {TUNE_REDUCE, "topology_order", tune_reduce_topology_order, tune_space_null, 1},
    {TUNE_REDUCE, "shm", tune_reduce_shm, NULL, 0},

    {TUNE_SCAN, "linear", tune_scan_linear, tune_space_segsize, 0},
    {TUNE_SCAN, "recursive_doubling", tune_scan_recursive_doubling, NULL, 0},
    {TUNE_SCAN, "binary_tree", tune_scan_binary_tree, NULL, 0},
    {TUNE_SCAN, "hierarchical", tune_scan_hierarchical, tune_space_null2, 0},

    {TUNE_EXSCAN, "linear", tune_exscan_linear, tune_space_segsize, 0},
    {TUNE_EXSCAN, "recursive_doubling", tune_exscan_recursive_doubling, NULL, 0},
    {TUNE_EXSCAN, "binary_tree", tune_exscan_binary_tree, NULL, 0},
    {TUNE_EXSCAN, "hierarchical", tune_exscan_hierarchical, tune_space_null2, 0},

    /* recursive_halving, pairwise, ring: commutative operations only (restrictions.h); the tuner
     * measures them with MPI_SUM and writes an alternative rule after each of their rules */
    {TUNE_REDUCE_SCATTER_BLOCK, "recursive_halving", tune_reduce_scatter_block_recursive_halving, NULL, 0},
    {TUNE_REDUCE_SCATTER_BLOCK, "pairwise", tune_reduce_scatter_block_pairwise, NULL, 0},
    {TUNE_REDUCE_SCATTER_BLOCK, "ring", tune_reduce_scatter_block_ring, NULL, 0},
    {TUNE_REDUCE_SCATTER_BLOCK, "recursive_doubling", tune_reduce_scatter_block_recursive_doubling, NULL, 0},
    {TUNE_REDUCE_SCATTER_BLOCK, "reduce_scatterv", tune_reduce_scatter_block_reduce_scatterv, NULL, 0},
    {TUNE_REDUCE_SCATTER_BLOCK, "hierarchical", tune_reduce_scatter_block_hierarchical, tune_space_null, 0},
    {TUNE_REDUCE_SCATTER_BLOCK, "topology_ring", tune_reduce_scatter_block_topology_ring, NULL, 1},
    {TUNE_REDUCE_SCATTER_BLOCK, "butterfly", tune_reduce_scatter_block_butterfly, NULL, 0},

    {TUNE_REDUCE_SCATTER, "recursive_halving", tune_reduce_scatter_recursive_halving, NULL, 0},
    {TUNE_REDUCE_SCATTER, "pairwise", tune_reduce_scatter_pairwise, NULL, 0},
    {TUNE_REDUCE_SCATTER, "ring", tune_reduce_scatter_ring, NULL, 0},
    {TUNE_REDUCE_SCATTER, "recursive_doubling", tune_reduce_scatter_recursive_doubling, NULL, 0},
    {TUNE_REDUCE_SCATTER, "reduce_scatterv", tune_reduce_scatter_reduce_scatterv, NULL, 0},
    {TUNE_REDUCE_SCATTER, "hierarchical", tune_reduce_scatter_hierarchical, tune_space_null, 0},
    {TUNE_REDUCE_SCATTER, "topology_ring", tune_reduce_scatter_topology_ring, NULL, 1},
    {TUNE_REDUCE_SCATTER, "butterfly", tune_reduce_scatter_butterfly, NULL, 0},
};

/** @brief Rows of tune_table. */
#define TUNE_NALGOS ((int)(sizeof tune_table / sizeof tune_table[0]))

/* ==== END OF THE TABLE ======================================================================= */

/** @brief The native MPI collective @p coll with the arguments of @p c. @return MPI error code. */
static int tune_native(enum tune_coll coll, const tune_call *c)
{
    switch (coll) {
    case TUNE_ALLTOALL: return MPI_Alltoall(c->sbuf, c->count, c->type, c->rbuf, c->count, c->type, c->comm);
    case TUNE_ALLGATHER: return MPI_Allgather(c->sbuf, c->count, c->type, c->rbuf, c->count, c->type, c->comm);
    case TUNE_ALLREDUCE: return MPI_Allreduce(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm);
    case TUNE_ALLTOALLV:
        return MPI_Alltoallv(c->sbuf, c->scounts, c->sdispls, c->type, c->rbuf, c->rcounts, c->rdispls, c->type,
                             c->comm);
    case TUNE_ALLGATHERV:
        return MPI_Allgatherv(c->sbuf, c->count, c->type, c->rbuf, c->rcounts, c->rdispls, c->type, c->comm);
    case TUNE_BARRIER: return MPI_Barrier(c->comm);
    case TUNE_GATHER: return MPI_Gather(c->sbuf, c->count, c->type, c->rbuf, c->rcount, c->rtype, c->root, c->comm);
    case TUNE_SCATTER: return MPI_Scatter(c->sbuf, c->count, c->type, c->rbuf, c->rcount, c->rtype, c->root, c->comm);
    case TUNE_GATHERV:
        return MPI_Gatherv(c->sbuf, c->count, c->type, c->rbuf, c->rcounts, c->rdispls, c->rtype, c->root, c->comm);
    case TUNE_SCATTERV:
        return MPI_Scatterv(c->sbuf, c->scounts, c->sdispls, c->type, c->rbuf, c->rcount, c->rtype, c->root, c->comm);
    case TUNE_REDUCE: return MPI_Reduce(c->sbuf, c->rbuf, c->count, c->type, c->op, c->root, c->comm);
    case TUNE_SCAN: return MPI_Scan(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm);
    case TUNE_EXSCAN: return MPI_Exscan(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm);
    case TUNE_REDUCE_SCATTER_BLOCK:
        return MPI_Reduce_scatter_block(c->sbuf, c->rbuf, c->rcount, c->type, c->op, c->comm);
    case TUNE_REDUCE_SCATTER: return MPI_Reduce_scatter(c->sbuf, c->rbuf, c->rcounts, c->type, c->op, c->comm);
    case TUNE_ALLTOALLW:
        return MPI_Alltoallw(c->sbuf, c->scounts, c->sdispls, c->stypes, c->rbuf, c->rcounts, c->rdispls, c->rtypes,
                             c->comm);
    default: return MPI_Bcast(c->rbuf, c->count, c->type, c->root, c->comm);
    }
}

/**
 * @brief One timed call: algorithm @p a with value @p ch (NULL @p a: the native collective), after
 *        what the tuned routine adds when c->select_cost is set. @return MPI error code.
 */
static int tune_run(enum tune_coll coll, const tune_algo *a, const tune_call *c, const tune_choice *ch)
{
    if (c->select_cost && (coll == TUNE_ALLTOALLV || coll == TUNE_ALLTOALLW)) {
        long long mine = 0, all = 0;
        int err = MPI_Allreduce(&mine, &all, 1, MPI_LONG_LONG, MPI_SUM, c->comm);
        if (err != MPI_SUCCESS)
            return err;
    }
    if (c->select_cost && (coll == TUNE_GATHERV || coll == TUNE_SCATTERV)) {
        long long n = 0;
        int err = MPI_Bcast(&n, 1, MPI_LONG_LONG, c->root, c->comm);
        if (err != MPI_SUCCESS)
            return err;
    }
    return a ? a->run(c, ch) : tune_native(coll, c);
}

#endif /* COLLALG_SRC_TUNE_TABLE_H */
