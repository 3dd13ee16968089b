/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file space.h
 * @brief The parameter search spaces of the catalogue table (include/collalg/catalogue.h, its
 *        `space` column): `tune_space_<space>(p, out, max)` lists the values of an algorithm's
 *        tuning parameters the tuner tries on p processes, each with the text a selector rule
 *        writes for it; the PMPI library accepts a forced value only from the same list.
 */
#ifndef COLLALG_SRC_CATALOGUE_SPACE_H
#define COLLALG_SRC_CATALOGUE_SPACE_H

#include "call.h"

/** @brief The `space` of an algorithm without a search (its parameters at their defaults). */
#define tune_space_none NULL

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

/** @brief Segment sizes of the segmented ring allreduce (16 KiB .. 1 MiB, its default): a vector
 *         whose blocks fit in one segment runs the plain ring. */
static int tune_space_ring_segsize(int p, tune_choice *out, int max)
{
    static const int seg[] = {16384, 65536, 262144, 1048576};
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

/** @brief Inner allreduces of topology_order and full_lane (index = tune_choice::i). */
static const struct {
    const char *name;
    collalg_allreduce_fn fn;
} tune_inner_allreduce[] = {
    {"collalg_allreduce_rabenseifner", collalg_allreduce_rabenseifner},
    {"collalg_allreduce_recursive_doubling", collalg_allreduce_recursive_doubling},
};

/** @brief Inner allreduces of topology_order and full_lane: the two of tune_inner_allreduce. */
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

#endif /* COLLALG_SRC_CATALOGUE_SPACE_H */
