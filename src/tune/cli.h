/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file cli.h
 * @brief The tuner's command line (collalg-tune): the settings, their defaults and the parser.
 *        The options are described in the file comment of src/tune/collalg-tune.c.
 */
#ifndef COLLALG_SRC_TUNE_CLI_H
#define COLLALG_SRC_TUNE_CLI_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "decide.h"
#include "procs.h"
#include "stats.h"
#include "table.h"
#include "vcoll.h"

/** @brief Most sample sizes. */
#define TUNE_MAX_SIZES 64
/** @brief Largest message size the selector rules can name (bytes). */
#define TUNE_INF 2147483647L

/** @brief Command-line settings. */
typedef struct tune_opts {
    int want[TUNE_NALL];        /**< collectives to tune (the nonblocking ones: TUNE_I()) */
    long sizes[TUNE_MAX_SIZES]; /**< sample sizes (bytes), ascending */
    int nsizes;                 /**< used entries of sizes */
    double budget;              /**< wall-clock budget (s), 0 = none */
    const char *out;            /**< output directory */
    tune_rule rule;             /**< repetition rule */
    double precision;           /**< binary-search stop, relative */
    tune_test test;             /**< --alpha and --tolerance of the choice (decide.h) */
    int any_procs;              /**< emit COLLALG_RULE instead of COLLALG_RULE_P(pmin, pmax, ...) */
    int procs[TUNE_MAX_PROCS];  /**< --procs: communicator sizes to tune, as given (tune_procs_resolve()) */
    int nprocs;                 /**< used entries of procs; 0: --procs not given */
    const char *pattern;        /**< --pattern of the v-collectives (vcoll.h: tune_is_v) */
    int sizes_given;            /**< --sizes or --max-size was given */
    const char *topology;       /**< --topology FILE, else NULL */
    int native_only;            /**< --native-only: measure the native collectives only */
    const char *algos;          /**< --algorithms LIST: only these catalogue algorithms (NULL: all) */
    int han;                    /**< --han-model: 1, --han-exhaustive: 2 (tune/han.h), else 0 */
    int help;                   /**< --help: print the usage and stop */
    long max_size;              /**< --max-size (bytes), the end of the default size list */
    char cmdline[1024];         /**< the command line, for the header comment */
} tune_opts;

/** @brief Parses "64", "4K", "4M" (KiB, MiB); -1 when malformed. */
static long tune_parse_size(const char *s, char **end)
{
    long v = strtol(s, end, 10);
    if (*end == s || v < 0)
        return -1;
    if (**end == 'K' || **end == 'k')
        v *= 1024, (*end)++;
    else if (**end == 'M' || **end == 'm')
        v *= 1024 * 1024, (*end)++;
    return v;
}

/** @brief The paper's sample sizes (bytes), up to @p max (doubling past 256 KiB). */
static int tune_default_sizes(long max, long *sizes)
{
    static const long base[] = {1, 64, 256, 512};
    int n = 0, i;
    long s;
    for (i = 0; i < 4; i++)
        if (base[i] <= max)
            sizes[n++] = base[i];
    for (s = 1024; s <= max && n < TUNE_MAX_SIZES; s *= 2)
        sizes[n++] = s;
    return n;
}

/** @brief Prints the usage on stderr (rank 0): every option, its default, what it does. */
static void tune_usage(void)
{
    fprintf(stderr, "usage: mpiexec -n P collalg-tune [options]\n"
                    "  --collectives LIST  of alltoall,allgather,allreduce,bcast,alltoallv,allgatherv,barrier,\n"
                    "                      gather,scatter,gatherv,scatterv,alltoallw,reduce,scan,exscan,\n"
                    "                      reduce_scatter_block,reduce_scatter, their nonblocking forms\n"
                    "                      ialltoall,...,ireduce_scatter (start + wait), and the groups blocking,\n"
                    "                      nonblocking, all (blocking: the seventeen blocking ones)\n"
                    "  --sizes LIST        sample sizes in bytes, K and M suffixes (1,64,256,512,1K,2K..256K)\n"
                    "  --max-size BYTES    the default list cut at or doubled up to BYTES\n"
                    "  --pattern P         counts of alltoallv, allgatherv, gatherv, scatterv, alltoallw: uniform,\n"
                    "                      random[:SEED], heavy or a FILE (uniform)\n"
                    "  --time-budget S     wall-clock budget in seconds (none)\n"
                    "  --out DIR           output directory (build/tuned)\n"
                    "  --min-reps N --max-reps N --step N --rse T   repetitions: PGMPI's RSE rule (10, 100, 5, 0.05);\n"
                    "                      never fewer than 10 samples\n"
                    "  --quick             = --min-reps 3 --max-reps 15 --step 3 --rse 0.1\n"
                    "  --precision F       binary searches stop at an interval F times its lower end (0.05)\n"
                    "  --alpha A           level of the one-sided Wilcoxon rank-sum test (0.05)\n"
                    "  --tolerance F       relative margin of the choice (0.02): the fastest at each size; sizes\n"
                    "                      share one rule only where it is not slower than the fastest by more\n"
                    "                      than F significantly (level A); a rule is cut where the validated\n"
                    "                      routine's median is above (1 + F) times native's.\n"
                    "  --topology FILE     measure the topology algorithms too, with this description\n"
                    "  --algorithms LIST   only these catalogue algorithms (names, comma-separated; all)\n"
                    "  --native-only       measure the native collectives only (CSV, no header)\n"
                    "  --procs LIST        communicator sizes to tune, each 1..P, on the first q ranks; P always,\n"
                    "                      1 never (served by the smallest); rules cover every size 1..P, each\n"
                    "                      size going to the tuned size nearest in ratio (powers of two 2..P, and P)\n"
                    "  --any-procs         rules of P alone for every communicator size (not with --procs)\n"
                    "  --han-model         bcast han's and allreduce han's parameters by HAN's task model\n"
                    "                      instead (tune/han.h; the selected ones of the two)\n"
                    "  --han-exhaustive    --han-model and an exhaustive search of the same space, compared\n"
                    "  --help              this text\n");
}

/** @brief Sets want[c] for the collectives c in [@p from, @p to). */
static void tune_want_range(int *want, int from, int to)
{
    int c;
    for (c = from; c < to; c++)
        want[c] = 1;
}

/**
 * @brief Sets want[] from a comma-separated list of collective names ("alltoall", ...,
 *        "ialltoall", ...) and the group names `blocking` (the seventeen blocking collectives),
 *        `nonblocking` (their seventeen nonblocking forms) and `all` (both).
 * @return 0, or 1 for an unknown name.
 */
static int tune_parse_colls(const char *v, int *want)
{
    int c;
    for (c = 0; c < TUNE_NALL; c++)
        want[c] = 0;
    while (*v) {
        size_t len = strcspn(v, ",");
        for (c = 0; c < TUNE_NALL; c++)
            if (strlen(tune_coll_name[c]) == len && !strncmp(v, tune_coll_name[c], len))
                break;
        if (c < TUNE_NALL)
            want[c] = 1;
        else if (len == 8 && !strncmp(v, "blocking", len))
            tune_want_range(want, 0, TUNE_NCOLL);
        else if (len == 11 && !strncmp(v, "nonblocking", len))
            tune_want_range(want, TUNE_NCOLL, TUNE_NALL);
        else if (len == 3 && !strncmp(v, "all", len))
            tune_want_range(want, 0, TUNE_NALL);
        else
            return 1;
        v += len + (v[len] == ',');
    }
    return 0;
}

/** @brief 1 when @p name is one of the comma-separated names of @p list (NULL: every name). */
static int tune_listed(const char *list, const char *name)
{
    size_t len = strlen(name);
    if (!list)
        return 1;
    while (*list) {
        size_t n = strcspn(list, ",");
        if (n == len && !strncmp(list, name, len))
            return 1;
        list += n + (list[n] == ',');
    }
    return 0;
}

/** @brief Parses the --procs list @p v into @p o (checked against P later: tune_procs_resolve()).
 *         @return 0, or 1 when malformed or too long. */
static int tune_parse_procs(const char *v, tune_opts *o)
{
    char *end;
    o->nprocs = 0;
    while (*v) {
        long q = strtol(v, &end, 10);
        if (end == v || q < 1 || q > 1 << 30 || (*end && *end != ',') || o->nprocs == TUNE_MAX_PROCS)
            return 1;
        o->procs[o->nprocs++] = (int)q;
        v = *end == ',' ? end + 1 : end;
    }
    return o->nprocs == 0;
}

/** @brief 1 when @p spec names a built-in pattern (tune/pattern.h), 0 for a file. */
static int tune_pattern_builtin_name(const char *spec)
{
    return !strcmp(spec, "uniform") || !strcmp(spec, "heavy") || !strcmp(spec, "random") ||
           !strncmp(spec, "random:", 7);
}

/** @brief 1 when some wanted collective of @p o is one of the v-collectives a pattern shapes
 *         (vcoll.h: tune_is_v(), their nonblocking forms included). */
static int tune_opts_want_v(const tune_opts *o)
{
    int c, any = 0;
    for (c = 0; c < TUNE_NALL; c++)
        any |= o->want[c] && tune_is_v((enum tune_coll)c);
    return any;
}

/**
 * @brief The communicator sizes a run on @p P processes tunes, ascending, into @p q: --procs
 *        (sorted, duplicates and 1 dropped, P added), else by default the powers of two from 2
 *        up to P, and P. Only P with --any-procs, --native-only without --procs, the HAN modes,
 *        and a pattern file for a wanted v-collective (its p x p counts fit P only).
 * @return how many (>= 1), or 0 (rank 0 has said why) for a size outside 1..P or --procs naming
 *         a size other than P together with --any-procs, a HAN mode, or a pattern file.
 */
static int tune_procs_resolve(const tune_opts *o, int P, int rank, int *q)
{
    int i, only_p = 1; /* --procs names no size but P (and 1, never tuned): always allowed */
    const char *why = NULL;
    int file = tune_opts_want_v(o) && !tune_pattern_builtin_name(o->pattern);
    for (i = 0; i < o->nprocs; i++)
        only_p = only_p && (o->procs[i] == P || o->procs[i] == 1);
    if (o->nprocs > 0 && !only_p && (o->any_procs || o->han || file))
        why = o->any_procs ? "--any-procs tunes P alone for every size"
              : o->han     ? "the HAN modes tune P alone"
                           : "a pattern file holds the counts of P processes only";
    for (i = 0; i < o->nprocs && !why; i++)
        if (o->procs[i] > P)
            why = "a size is larger than the number of processes";
    if (why) {
        if (rank == 0)
            fprintf(stderr, "collalg-tune: --procs: %s\n", why);
        return 0;
    }
    return tune_procs_list(o->procs, o->nprocs, P, !o->any_procs && !o->native_only && !o->han && !file, q);
}

/** @brief Parses the --sizes list @p v into @p o. @return 0, or 1 when malformed. */
static int tune_parse_sizes(const char *v, tune_opts *o)
{
    char *end;
    o->nsizes = 0;
    o->sizes_given = 1;
    while (*v && o->nsizes < TUNE_MAX_SIZES) {
        long sz = tune_parse_size(v, &end);
        if (sz < 0 || sz > TUNE_INF / 2 || (*end && *end != ','))
            return 1;
        o->sizes[o->nsizes++] = sz;
        v = *end == ',' ? end + 1 : end;
    }
    return 0;
}

/** @brief The defaults of every setting, and the command line recorded for the header. */
static void tune_opts_defaults(tune_opts *o, int argc, char **argv)
{
    int i;
    memset(o, 0, sizeof *o);
    tune_want_range(o->want, 0, TUNE_NCOLL); /* the nonblocking forms: --collectives nonblocking or all */
    o->out = "build/tuned";
    o->rule.min_reps = 10;
    o->rule.max_reps = 100;
    o->rule.step = 5;
    o->rule.threshold = 0.05;
    o->precision = 0.05;
    o->test.alpha = 0.05;
    o->test.tol = 0.02;
    o->pattern = "uniform";
    o->max_size = 256 * 1024;
    for (i = 0; i < argc; i++) {
        size_t len = strlen(o->cmdline);
        snprintf(o->cmdline + len, sizeof o->cmdline - len, "%s%s", i ? " " : "", argv[i]);
    }
}

/** @brief Applies option @p a without a value. @return 1 when @p a is one, else 0. */
static int tune_parse_flag(const char *a, tune_opts *o)
{
    if (!strcmp(a, "--any-procs"))
        o->any_procs = 1;
    else if (!strcmp(a, "--native-only"))
        o->native_only = 1;
    else if (!strcmp(a, "--han-model"))
        o->han = o->han ? o->han : 1;
    else if (!strcmp(a, "--han-exhaustive"))
        o->han = 2;
    else if (!strcmp(a, "--help") || !strcmp(a, "-h"))
        o->help = 1;
    else if (!strcmp(a, "--quick"))
        o->rule.min_reps = 3, o->rule.max_reps = 15, o->rule.step = 3, o->rule.threshold = 0.1;
    else
        return 0;
    return 1;
}

/** @brief Applies option @p a with value @p v. @return 0, or 1 for an unknown option or a bad value. */
static int tune_parse_valued(const char *a, const char *v, tune_opts *o)
{
    char *end;
    if (!strcmp(a, "--collectives"))
        return tune_parse_colls(v, o->want);
    if (!strcmp(a, "--sizes"))
        return tune_parse_sizes(v, o);
    if (!strcmp(a, "--max-size")) {
        o->max_size = tune_parse_size(v, &end);
        o->sizes_given = 1;
        return o->max_size < 1 || *end || o->max_size > TUNE_INF / 2;
    }
    if (!strcmp(a, "--procs"))
        return tune_parse_procs(v, o);
    if (!strcmp(a, "--pattern"))
        o->pattern = v;
    else if (!strcmp(a, "--time-budget"))
        o->budget = atof(v);
    else if (!strcmp(a, "--out"))
        o->out = v;
    else if (!strcmp(a, "--topology"))
        o->topology = v;
    else if (!strcmp(a, "--algorithms"))
        o->algos = v;
    else if (!strcmp(a, "--min-reps"))
        o->rule.min_reps = atoi(v);
    else if (!strcmp(a, "--max-reps"))
        o->rule.max_reps = atoi(v);
    else if (!strcmp(a, "--step"))
        o->rule.step = atoi(v);
    else if (!strcmp(a, "--rse"))
        o->rule.threshold = atof(v);
    else if (!strcmp(a, "--precision"))
        o->precision = atof(v);
    else if (!strcmp(a, "--alpha"))
        o->test.alpha = atof(v);
    else if (!strcmp(a, "--tolerance"))
        o->test.tol = atof(v);
    else
        return 1;
    return 0;
}

/**
 * @brief Parses the command line into @p o.
 * @return 0, 1 on an error (usage printed by rank 0), 2 for --help (usage printed by rank 0).
 */
static int tune_parse(int argc, char **argv, tune_opts *o, int rank)
{
    int i, bad = 0;
    tune_opts_defaults(o, argc, argv);
    for (i = 1; i < argc && !bad; i++) {
        if (tune_parse_flag(argv[i], o))
            continue;
        bad = i + 1 >= argc || tune_parse_valued(argv[i], argv[i + 1], o);
        i++;
    }
    if (!bad && o->nsizes == 0)
        o->nsizes = tune_default_sizes(o->max_size, o->sizes);
    for (i = 1; i < o->nsizes; i++)
        bad |= o->sizes[i] <= o->sizes[i - 1];
    bad |= !(o->test.alpha > 0 && o->test.alpha <= 1) || !(o->test.tol >= 0 && o->test.tol < 1);
    bad |= o->rule.min_reps < 1 || o->rule.max_reps < o->rule.min_reps || o->rule.step < 1 || o->nsizes < 1;
    if ((bad || o->help) && rank == 0)
        tune_usage();
    return bad ? 1 : o->help ? 2 : 0;
}

#endif /* COLLALG_SRC_TUNE_CLI_H */
