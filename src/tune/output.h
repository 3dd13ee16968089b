/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file output.h
 * @brief The tuner's files (collalg-tune, rank 0, in --out DIR): the directory itself, the CSV of
 *        every measurement, the paste-ready header of selector rules, and per collective the data
 *        and gnuplot script of the time-against-size plot. What each file holds is described in
 *        the file comment of src/tune/collalg-tune.c.
 */
#ifndef COLLALG_SRC_TUNE_OUTPUT_H
#define COLLALG_SRC_TUNE_OUTPUT_H

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include "report.h"
#include "rules.h"
#include "run.h"

/**
 * @brief Creates directory @p path and its missing parents (mkdir(2) on each component, mode
 *        0777 less the umask), no shell. @return 0, or -1 with a message naming the path and
 *        strerror on stderr.
 */
static int tune_mkdir_p(const char *path)
{
    char part[1024];
    size_t i, n = strlen(path);
    struct stat st;
    if (n == 0 || n >= sizeof part) {
        fprintf(stderr, "collalg-tune: cannot create directory '%s': %s\n", path, n ? "name too long" : "empty name");
        return -1;
    }
    for (i = 1; i <= n; i++) {
        if (path[i] != '/' && path[i] != 0)
            continue;
        memcpy(part, path, i);
        part[i] = 0;
        if (mkdir(part, 0777) != 0 && errno != EEXIST) {
            fprintf(stderr, "collalg-tune: cannot create directory '%s': %s\n", part, strerror(errno));
            return -1;
        }
    }
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "collalg-tune: '%s' is not a directory\n", path);
        return -1;
    }
    return 0;
}

/** @brief Rank 0: creates the output directory and opens the CSV with its header line. */
static void tune_open_csv(tuner *T)
{
    char path[1200];
    if (T->rank != 0 || tune_mkdir_p(T->o.out) != 0)
        return;
    snprintf(path, sizeof path, "%s/collalg_tuned.csv", T->o.out);
    T->csv = fopen(path, "w");
    if (!T->csv)
        fprintf(stderr, "collalg-tune: cannot write %s: %s\n", path, strerror(errno));
    else
        fprintf(T->csv, "collective,phase,algorithm,param,bytes,procs,reps,median_s,mean_s,min_s,max_s,rse,status\n");
}

/** @brief Upper-case copy of @p s into @p buf. @return @p buf. */
static const char *tune_upper(const char *s, char *buf, size_t size)
{
    size_t i;
    for (i = 0; s[i] && i + 1 < size; i++)
        buf[i] = (char)(s[i] >= 'a' && s[i] <= 'z' ? s[i] - 'a' + 'A' : s[i]);
    buf[i] = 0;
    return buf;
}

/** @brief The header comment's lines on the sizes and the pattern of the v-collectives. */
static void tune_header_sizes(FILE *f, const tuner *T)
{
    fprintf(f, " * Sizes:       bytes compared as in collalg/select.h (alltoall: per-pair block, allgather,\n"
               " *              gather, scatter: per-process block, allreduce, bcast, reduce, scan, exscan,\n"
               " *              reduce_scatter_block, reduce_scatter: whole vector (the last two: all p\n"
               " *              blocks; reduce_scatter_block in multiples of 4 p bytes, reduce_scatter with\n"
               " *              even counts), alltoallv, alltoallw: mean per-pair block, allgatherv: mean\n"
               " *              per-process block, gatherv, scatterv: the root's mean per-process block;\n"
               " *              barrier: by process count; root 0 for the rooted collectives; the\n"
               " *              reductions run MPI_INT with MPI_SUM)\n");
    if (!tune_wants_v(T))
        return;
    fprintf(f,
            " * Pattern:     %s %s, checksum 0x%016llx (alltoallv, allgatherv, gatherv, scatterv,\n"
            " *              alltoallw; collalg-tune --pattern)\n",
            T->pat.kind == TUNE_PAT_FILE ? "file" : "built-in", T->pat.name, T->pat_sum);
    fprintf(f, " *              %s\n",
            T->pat.asis ? "used as is: rules from its own mean block, applied to every size"
                        : "scaled so that its mean block is each sample size");
}

/** @brief The results of tuned size @p i (T->procs[i]) in @p res: TUNE_NALL of them. */
static const tune_result *tune_res_of(const tune_result *res, int i)
{
    return res + (size_t)i * TUNE_NALL;
}

/** @brief "alltoall 1, allgather 3, ..." : the primary rules per tuned collective of one size, 4 a line. */
static void tune_rule_counts(const tune_result *res, char *buf, size_t size)
{
    int c, k = 0;
    buf[0] = 0;
    for (c = 0; c < TUNE_NALL; c++) {
        tune_flat fl[TUNE_MAX_SEGS];
        size_t len = strlen(buf);
        if (!res[c].tuned)
            continue;
        snprintf(buf + len, size - len, "%s%s %d",
                 k == 0  ? ""
                 : k % 4 ? ", "
                         : ",\n *                ",
                 tune_coll_name[c], tune_flatten(&res[c], fl, TUNE_MAX_SEGS));
        k++;
    }
    if (k == 0)
        snprintf(buf, size, "none (not reached: interrupted or out of budget)");
}

/** @brief The header comment's lines on the communicator sizes: which tuned size serves which
 *         sizes, and the primary rules of each. */
static void tune_header_procs(FILE *f, const tuner *T, const tune_result *res)
{
    char counts[1024];
    int i, pmin, pmax;
    if (T->o.any_procs) {
        tune_rule_counts(tune_res_of(res, 0), counts, sizeof counts);
        fprintf(f, " *              %s\n", counts);
        return;
    }
    fprintf(f, " *              per tuned size q (communicator sizes served):\n");
    for (i = 0; i < T->nprocs; i++) {
        tune_procs_range(T->procs, T->nprocs, i, T->P, &pmin, &pmax);
        tune_rule_counts(tune_res_of(res, i), counts, sizeof counts);
        fprintf(f, " *              q = %d (%d .. %d): %s\n", T->procs[i], pmin, pmax, counts);
    }
    fprintf(f,
            " * Sizes of p:  each tuned size q ran the whole procedure on a communicator of the first q\n"
            " *              ranks (collalg-tune --procs); a communicator of p processes runs the rules of\n"
            " *              the tuned size nearest to p in ratio (boundary floor(sqrt(q_i q_i+1)): costs\n"
            " *              grow with lg p and (p - 1) / p, so p behaves most like the q of least |lg p/q|);\n"
            " *              the ranges cover 1 .. %d without overlap, the selector runs the first rule\n"
            " *              that matches p and n (collalg/select.h), so exactly one size's rules apply.\n"
            " *              Communicators of more than %d processes: no rule (native MPI). A parameter\n"
            " *              not valid at some p of a range (N barriers, csm programs) is the algorithm's\n"
            " *              default (0, NULL) there: those p have rules of their own.\n",
            T->P, T->P);
}

/** @brief The header comment: where, when, how and on what the rules were tuned. */
static void tune_header_about(FILE *f, const tuner *T, const tune_result *res)
{
    char when[64];
    time_t now = time(NULL);
    int i;
    strftime(when, sizeof when, "%Y-%m-%d %H:%M:%S %Z", localtime(&now));
    fprintf(f, "/*\n * collalg_tuned.h - collectives tuned by collalg-tune (paste it, or include it).\n *\n");
    fprintf(f, " * Tuned on:    %s, %s\n * Processes:   %d", T->host, when, T->P);
    if (T->o.any_procs)
        fprintf(f, " (rules apply to every communicator size)\n");
    else {
        fprintf(f, " (rules for communicator sizes 1 .. %d from the tuned size%s", T->P, T->nprocs > 1 ? "s" : "");
        for (i = 0; i < T->nprocs; i++)
            fprintf(f, "%s %d", i ? "," : "", T->procs[i]);
        fprintf(f, "; larger ones use native MPI)\n");
    }
    fprintf(f, " * MPI:         %s\n * Command:     %s\n", T->mpi, T->o.cmdline);
    fprintf(f,
            " * Timing:      median of per-call maxima over ranks; repetitions by RSE < %g (%d..%d, step %d;\n"
            " *              never fewer than %d, also when the budget hurries)\n",
            T->o.rule.threshold, T->o.rule.min_reps, T->o.rule.max_reps, T->o.rule.step, TUNE_MIN_SAMPLES);
    fprintf(f,
            " * Choice:      at each sample size the fastest algorithm and parameter value (every\n"
            " *              measurement >= %d samples); neighbouring sizes share one only where it is\n"
            " *              not significantly slower than the fastest at any size it covers (slower by\n"
            " *              more than %g%% and one-sided Wilcoxon rank-sum p < %g); equal rules merge.\n"
            " * Validation:  at every sample size the routine (with the v-collectives' agreement\n"
            " *              collective where it pays one) against native, interleaved, as many samples\n"
            " *              as the first measurements had (>= %d); where its median is above (1 + %g)\n"
            " *              times native's the rule is cut over the range that size stands for (native\n"
            " *              runs there; so where the budget left a size unvalidated). alltoallv,\n"
            " *              alltoallw, gatherv and scatterv: size-dependent rules cost an agreement\n"
            " *              collective at every call (select.h); where they are slower than native at\n"
            " *              any size they are replaced by the best size-independent choice (one rule\n"
            " *              [0, COLLALG_INF) of one algorithm, validated, or none: native).\n"
            " * Rules:       after a rule whose algorithm has restrictions (collalg/restrictions.h)\n"
            " *              follows an alternative rule with the same range: the unrestricted\n"
            " *              algorithm closest to the fastest there (or the comment\n"
            " *              `alternative: native` where that is the native collective, which the\n"
            " *              selector runs when it skips the rule). Primary rules (alternatives not\n"
            " *              counted)%s\n",
            TUNE_MIN_SAMPLES, 100 * T->o.test.tol, T->o.test.alpha, TUNE_MIN_SAMPLES, T->o.test.tol,
            T->o.any_procs ? ":" : ",");
    tune_header_procs(f, T, res);
    tune_header_sizes(f, T);
    if (T->topo)
        fprintf(
            f,
            " * Topology:    %s, checksum 0x%016llx (collalg-tune --topology or COLLALG_TOPOLOGY).\n"
            " *              The topology algorithms in the rules schedule by the topology of the\n"
            " *              communicator they are called on: give them this one with the environment\n"
            " *              variable COLLALG_TOPOLOGY or collalg_topology_attach(comm, COLLALG_TUNED_TOPOLOGY, 1).\n",
            T->topo, T->topo_sum);
    if (T->stopped)
        fprintf(f, " * NOTE:        the run was %s; collectives not tuned have no rules (native).\n",
                T->stopped == 1 ? "interrupted" : "stopped by its time budget");
}

/** @brief The header comment's line of sample size @p i of @p r: validated tuned / native times,
 *         samples, ratios and p-values, the runner-up, a cut. */
static void tune_header_size_line(FILE *f, const tune_result *r, int i)
{
    static const char *const cut[] = {"", "  CUT: native runs", "  NOT VALIDATED: native runs"};
    char a[32], b[32], c[32];
    double tn = 0, tr = 0;
    tune_final_ratios(r, i, &tn, &tr);
    fprintf(f, " *    %8ld B  %s/%s us  n %d  t/native %.3f p %.2g  t/next %.3f p %.2g (%s %s us)%s\n", r->sz[i],
            tune_us(r->routine[i], a, sizeof a), tune_us(r->vnative[i], b, sizeof b), r->nval[i], tn, r->native_p[i],
            tr, r->rival_p[i], r->rival_name[i][0] ? r->rival_name[i] : "-", tune_us(r->rival[i], c, sizeof c),
            cut[r->cut[i]]);
}

/**
 * @brief The header comment's validation table, per tuned size and collective: each sample size
 *        (tune_header_size_line(); t/native and t/next are the header's routine, native where a
 *        rule was cut), the collective's summary, and the run's summary (tune_sum_text()).
 */
static void tune_header_times(FILE *f, const tuner *T, const tune_result *all)
{
    tune_sum run;
    char text[300];
    int c, i, k;
    memset(&run, 0, sizeof run);
    for (k = 0; k < T->nprocs; k++) {
        const tune_result *res = tune_res_of(all, k);
        fprintf(f,
                " *\n * Validation at the sample sizes, %d processes (tuned/native median, microseconds;\n"
                " * n samples each; p: one-sided Wilcoxon that native, or next, is faster than tuned):\n",
                T->procs[k]);
        for (c = 0; c < TUNE_NALL; c++) {
            tune_sum one;
            if (!res[c].tuned)
                continue;
            memset(&one, 0, sizeof one);
            tune_sum_add(&one, &res[c]);
            tune_sum_add(&run, &res[c]);
            fprintf(f, " *   %s", tune_coll_name[c]);
            if (res[c].vfix != TUNE_VFIX_NONE)
                fprintf(f, " (%s: %s)", res[c].vfix == TUNE_VFIX_SINGLE ? "one rule" : "native",
                        tune_vfix_why((enum tune_coll)c));
            fprintf(f, ": %s\n", tune_sum_text(&one, text, sizeof text));
            for (i = 0; i < res[c].ns; i++)
                tune_header_size_line(f, &res[c], i);
        }
    }
    fprintf(f, " *\n * Run: %s\n */\n", tune_sum_text(&run, text, sizeof text));
}

/** @brief One rule's algorithm and parameter as the header writes them (tune_header_rule()). */
typedef struct tune_rule_alg {
    const tune_algo *algo; /**< the algorithm */
    const tune_choice *ch; /**< its parameter value, NULL without one */
    const char *text;      /**< "alg" or "alg, param" */
} tune_rule_alg;

/** @brief The text of @p ra on @p p processes into @p buf: its own, or with the algorithm's
 *         default parameter where its value is not valid there (tune_choice_valid()). */
static const char *tune_rule_alg_text(const tune_rule_alg *ra, int p, char *buf, size_t size)
{
    if (tune_choice_valid(ra->algo, ra->ch, p))
        return ra->text;
    snprintf(buf, size, "%s, %s", ra->algo->name, tune_choice_fallback(ra->algo));
    return buf;
}

/** @brief One rule line: communicator sizes [@p pmin, @p pmax], bytes [@p lo, @p hi), @p text. */
static void tune_header_line(FILE *f, const tuner *T, int pmin, int pmax, long lo, long hi, const char *text)
{
    char hs[32];
    if (hi >= TUNE_INF)
        snprintf(hs, sizeof hs, "COLLALG_INF");
    else
        snprintf(hs, sizeof hs, "%ld", hi);
    if (T->o.any_procs)
        fprintf(f, "\n    COLLALG_RULE(%ld, %s, %s)", lo, hs, text);
    else
        fprintf(f, "\n    COLLALG_RULE_P(%d, %d, %ld, %s, %s)", pmin, pmax, lo, hs, text);
}

/**
 * @brief The rule @p fl for the communicator sizes [@p pmin, @p pmax], followed by its alternative
 *        @p alt (NULL: none) over the same range. Where a parameter value is not valid on some
 *        sizes of the range (tune_choice_valid()), the range is cut into runs of sizes alike, each
 *        with its own rule (and alternative): the algorithm at its default parameter where the
 *        value is not valid.
 */
static void tune_header_rule(FILE *f, const tuner *T, int pmin, int pmax, const tune_flat *fl, const tune_rule_alg *alt)
{
    tune_rule_alg pr;
    char b1[420], b2[420];
    int p = pmin;
    pr.algo = fl->algo, pr.ch = fl->ch, pr.text = fl->text;
    if (T->o.any_procs) { /* COLLALG_RULE: every size, the values of P */
        tune_header_line(f, T, pmin, pmax, fl->lo, fl->hi, fl->text);
        if (alt)
            tune_header_line(f, T, pmin, pmax, fl->lo, fl->hi, alt->text);
        return;
    }
    while (p <= pmax) {
        int end = p, v1 = tune_choice_valid(pr.algo, pr.ch, p), v2 = alt ? tune_choice_valid(alt->algo, alt->ch, p) : 1;
        while (end < pmax && tune_choice_valid(pr.algo, pr.ch, end + 1) == v1 &&
               (!alt || tune_choice_valid(alt->algo, alt->ch, end + 1) == v2))
            end++;
        tune_header_line(f, T, p, end, fl->lo, fl->hi, tune_rule_alg_text(&pr, p, b1, sizeof b1));
        if (alt)
            tune_header_line(f, T, p, end, fl->lo, fl->hi, tune_rule_alg_text(alt, p, b2, sizeof b2));
        p = end + 1;
    }
}

/** @brief The rules of collective @p c of tuned size @p k (result @p r). @return how many primary rules. */
static int tune_header_size_rules(FILE *f, const tuner *T, enum tune_coll c, int k, const tune_result *r)
{
    tune_flat fl[TUNE_MAX_SEGS];
    int i, pmin, pmax, nf = r->tuned ? tune_flatten(r, fl, TUNE_MAX_SEGS) : 0;
    tune_procs_range(T->procs, T->nprocs, k, T->P, &pmin, &pmax);
    for (i = 0; i < nf; i++) {
        char alt[400];
        tune_rule_alg ra;
        int has_alt = tune_restricted(c, fl[i].algo)
                          ? tune_alternative(r, c, fl[i].lo, fl[i].hi, alt, sizeof alt, &ra.algo, &ra.ch)
                          : 0;
        ra.text = alt;
        tune_header_rule(f, T, pmin, pmax, &fl[i], has_alt == 1 ? &ra : NULL);
        if (has_alt == 2)
            fprintf(f, "\n    /* alternative: native */");
    }
    return nf;
}

/** @brief qsort comparator of longs (ascending), for the bounds. */
static int tune_cmp_bound(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

/** @brief The tuned routine of collective @p c: the rules of every tuned size (each over the
 *         communicator sizes it serves) and its COLLALG_TUNED_<COLL>_BOUNDS (the rules' lower
 *         bounds over all sizes, sorted, without duplicates, 0 first). */
static void tune_header_rules(FILE *f, const tuner *T, enum tune_coll c, const tune_result *all)
{
    long bounds[TUNE_MAX_SEGS * (TUNE_MAX_PROCS + 1) + 1];
    char up[32];
    int i, k, nb = 0, tuned = 0;
    for (k = 0; k < T->nprocs; k++)
        tuned |= tune_res_of(all, k)[c].tuned;
    fprintf(f, "%sCOLLALG_TUNED_%s(collalg_tuned_%s,", tuned ? "" : "/* not tuned: native */\n",
            tune_upper(tune_coll_name[c], up, sizeof up), tune_coll_name[c]);
    for (k = 0; k < T->nprocs; k++)
        tune_header_size_rules(f, T, c, k, &tune_res_of(all, k)[c]);
    bounds[nb++] = 0;
    for (k = 0; k < T->nprocs; k++) {
        const tune_result *r = &tune_res_of(all, k)[c];
        tune_flat fl[TUNE_MAX_SEGS];
        int nf = r->tuned ? tune_flatten(r, fl, TUNE_MAX_SEGS) : 0;
        for (i = 0; i < nf; i++)
            bounds[nb++] = fl[i].lo;
    }
    qsort(bounds, (size_t)nb, sizeof *bounds, tune_cmp_bound);
    fprintf(f, ")\n/** Lower bounds (bytes) of the rules of collalg_tuned_%s. */\n#define COLLALG_TUNED_%s_BOUNDS 0",
            tune_coll_name[c], up);
    for (i = 1; i < nb; i++)
        if (bounds[i] != bounds[i - 1])
            fprintf(f, ", %ld", bounds[i]);
    fprintf(f, "\n\n");
}

/** @brief The header's macros of the process counts, the sample sizes (which collalg-guidelines
 *         checks) and (with one) the topology description. */
static void tune_header_macros(FILE *f, const tuner *T)
{
    int i, pmin, pmax;
    fprintf(f, "/** Processes the tuner ran on (the largest size tuned). */\n#define COLLALG_TUNED_PROCS %d\n\n", T->P);
    fprintf(f, "/** Communicator sizes tuned (each on the first q ranks). */\n#define COLLALG_TUNED_PROCS_LIST");
    for (i = 0; i < T->nprocs; i++)
        fprintf(f, "%s %d", i ? "," : "", T->procs[i]);
    fprintf(f, "\n\n/** The communicator sizes each tuned size serves: pmin, pmax of each in turn. */\n"
               "#define COLLALG_TUNED_PROCS_RANGES");
    for (i = 0; i < T->nprocs; i++) {
        tune_procs_range(T->procs, T->nprocs, i, T->P, &pmin, &pmax);
        if (T->o.any_procs)
            pmin = 1, pmax = COLLALG_INF;
        fprintf(f, "%s %d, %d", i ? "," : "", pmin, pmax);
    }
    fprintf(f, "\n\n/** Sample sizes (bytes) the tuner measured. */\n#define COLLALG_TUNED_SIZES");
    for (i = 0; i < T->o.nsizes; i++)
        fprintf(f, "%s %ld", i ? "," : "", T->o.sizes[i]);
    fprintf(f, "\n\n");
    if (!T->topo)
        return;
    fprintf(f, "/** The topology description (a file name) the rules were tuned with. */\n"
               "#define COLLALG_TUNED_TOPOLOGY \"");
    for (i = 0; T->topo[i]; i++)
        fprintf(f, "%s%c", T->topo[i] == '"' || T->topo[i] == '\\' ? "\\" : "", T->topo[i]);
    fprintf(f,
            "\"\n/** Its checksum (machine/topology.h: FNV-1a 64 of the parsed description). */\n"
            "#define COLLALG_TUNED_TOPOLOGY_CHECKSUM 0x%016llxULL\n\n",
            T->topo_sum);
}

/** @brief The comment on the nonblocking collectives the run did not tune, whose routines the header
 *         leaves out (the PMPI library defines them without rules, native). */
static void tune_header_untuned_nonblocking(FILE *f, const tuner *T)
{
    int c, k = 0;
    for (c = TUNE_NCOLL; c < TUNE_NALL; c++)
        if (!T->o.want[c])
            fprintf(f, "%s%s", k++ ? ", " : "/* Not tuned, no routine here (collalg-tune --collectives nonblocking): ",
                    tune_coll_name[c]);
    if (k)
        fprintf(f, ". */\n\n");
}

/** @brief Writes the paste-ready header from the results @p res of every tuned size (TUNE_NALL
 *         per size, in the order of T->procs): the routine of every blocking collective, and of
 *         every nonblocking one the run tuned (wanted). @return 0, or 2 when the file cannot be
 *         written. */
static int tune_write_header(const tuner *T, const tune_result *res)
{
    char path[1200];
    FILE *f;
    int c;
    snprintf(path, sizeof path, "%s/collalg_tuned.h", T->o.out);
    f = fopen(path, "w");
    if (!f)
        return 2;
    tune_header_about(f, T, res);
    tune_header_times(f, T, res);
    fprintf(f, "#ifndef COLLALG_TUNED_H\n#define COLLALG_TUNED_H\n\n#include <collalg/collalg.h>\n"
               "#include <collalg/alltoallv.h>\n#include <collalg/allgatherv.h>\n#include <collalg/barrier.h>\n"
               "#include <collalg/gather.h>\n#include <collalg/scatter.h>\n#include <collalg/gatherv.h>\n"
               "#include <collalg/scatterv.h>\n#include <collalg/alltoallw.h>\n#include <collalg/reduce.h>\n"
               "#include <collalg/scan.h>\n#include <collalg/exscan.h>\n#include <collalg/reduce_scatter_block.h>\n"
               "#include <collalg/reduce_scatter.h>\n#include <collalg/nonblocking.h>\n"
               "#include <collalg/select.h>\n\n");
    for (c = 0; c < TUNE_NALL; c++)
        if (!tune_is_nonblocking((enum tune_coll)c) || T->o.want[c])
            tune_header_rules(f, T, (enum tune_coll)c, res);
    tune_header_untuned_nonblocking(f, T);
    tune_header_macros(f, T);
    fprintf(f, "#endif /* COLLALG_TUNED_H */\n");
    return fclose(f) == 0 ? 0 : 2;
}

/** @brief `<coll>.dat`: per sample size the native, tuned and each algorithm's time. @return 0 or 2. */
static int tune_plot_data(const tuner *T, const char *name, const tune_result *r)
{
    char path[1200];
    FILE *f;
    int i, k;
    snprintf(path, sizeof path, "%s/%s.dat", T->o.out, name);
    if (!(f = fopen(path, "w")))
        return 2;
    fprintf(f, "bytes native tuned"); /* the native candidate (last) is the native column */
    for (k = 0; k < r->ncand - 1; k++)
        fprintf(f, " %s", r->cand[k].algo->name);
    fprintf(f, "\n");
    for (i = 0; i < r->ns; i++) {
        fprintf(f, "%ld", r->sz[i]);
        fprintf(f, r->native[i] < HUGE_VAL ? " %.9g" : " ?", r->native[i]);
        fprintf(f, r->routine[i] < HUGE_VAL ? " %.9g" : " ?", r->routine[i]);
        for (k = 0; k < r->ncand - 1; k++)
            fprintf(f, r->cand[k].best[i] < HUGE_VAL ? " %.9g" : " ?", r->cand[k].best[i]);
        fprintf(f, "\n");
    }
    return fclose(f) == 0 ? 0 : 2;
}

/** @brief `<base>.gp` (@p base: `<coll>` or `<coll>-p<q>`): the gnuplot script of `<base>.dat`, the
 *         chosen ranges marked. @return 0 or 2. */
static int tune_plot_script(const tuner *T, enum tune_coll coll, const char *base, const tune_result *r)
{
    static const char *const axis[TUNE_NCOLL] = {"per-pair block",
                                                 "per-process block",
                                                 "whole vector",
                                                 "whole vector",
                                                 "mean per-pair block",
                                                 "mean per-process block",
                                                 "",
                                                 "per-process block",
                                                 "per-process block",
                                                 "mean per-process block at the root",
                                                 "mean per-process block at the root",
                                                 "mean per-pair block",
                                                 "whole vector",
                                                 "whole vector",
                                                 "whole vector",
                                                 "whole vector (p blocks)",
                                                 "whole vector (p blocks)"};
    char path[1200], mpi1[80];
    const char *name = tune_coll_name[coll];
    tune_flat fl[TUNE_MAX_SEGS];
    FILE *f;
    int i, nf = tune_flatten(r, fl, TUNE_MAX_SEGS);
    snprintf(mpi1, sizeof mpi1, "%.79s", T->mpi);
    mpi1[strcspn(mpi1, "\n,")] = 0;
    snprintf(path, sizeof path, "%s/%s.gp", T->o.out, base);
    if (!(f = fopen(path, "w")))
        return 2;
    fprintf(f, "# gnuplot script written by collalg-tune: time against size for MPI_%s\n", name);
    fprintf(f, "set termoption noenhanced\nset datafile missing '?'\nset logscale x 2\nset logscale y 10\n");
    fprintf(f, "set xlabel 'message size (bytes, %s)'\nset ylabel 'time per call (s, median of max over ranks)'\n",
            axis[tune_twin(coll)]);
    fprintf(
        f, "set title '%s on %d processes, %s: algorithms (parameterised ones at their chosen value), native, tuned'\n",
        name, T->p, mpi1);
    fprintf(f, "set key outside right top\nset grid\nset xrange [%g:%g]\n", (double)r->sz[0] / 1.5,
            (double)r->sz[r->ns - 1] * 1.5);
    for (i = 0; i < nf; i++) {
        double lo = fl[i].lo > r->sz[0] ? (double)fl[i].lo : (double)r->sz[0];
        double hi = fl[i].hi < r->sz[r->ns - 1] ? (double)fl[i].hi : (double)r->sz[r->ns - 1];
        if (fl[i].lo > 0)
            fprintf(f, "set arrow from %ld, graph 0 to %ld, graph 1 nohead dashtype 2 linecolor rgb 'gray40'\n",
                    fl[i].lo, fl[i].lo);
        fprintf(f, "set label %d '%s' at %g, graph 0.02 rotate by 90 left front font ',8' textcolor rgb 'gray20'\n",
                i + 1, fl[i].text, hi > lo ? tune_sqrt(lo * hi) : lo);
    }
    fprintf(
        f,
        "plot for [i=4:%d] '%s.dat' using 1:i with linespoints linewidth 1 pointsize 0.6 title columnheader(i), \\\n"
        "     '%s.dat' using 1:2 with linespoints linewidth 3 linecolor rgb 'black' title 'native MPI', \\\n"
        "     '%s.dat' using 1:3 with linespoints linewidth 3 dashtype 3 linecolor rgb 'red' title 'tuned'\n",
        2 + r->ncand, base, base, base);
    return fclose(f) == 0 ? 0 : 2;
}

/**
 * @brief @p s as one single-quoted shell word ('...', each ' written '\\''), into @p buf.
 * @return @p buf, or NULL when it does not fit.
 */
static const char *tune_shell_word(const char *s, char *buf, size_t size)
{
    size_t n = 0;
    if (size < 3)
        return NULL;
    buf[n++] = '\'';
    for (; *s; s++) {
        if (n + 5 >= size)
            return NULL;
        if (*s == '\'') {
            memcpy(buf + n, "'\\''", 4);
            n += 4;
        } else
            buf[n++] = *s;
    }
    buf[n++] = '\'';
    buf[n] = 0;
    return buf;
}

/** @brief Writes the data and gnuplot script of @p coll on T->p processes as `<base>.dat` and
 *         `<base>.gp` and runs gnuplot (`<base>.png`, `<base>.svg`). @return 0 or 2. */
static int tune_write_plot(const tuner *T, enum tune_coll coll, const char *base, const tune_result *r)
{
    char cmd[4600], dir[4100];
    const char *name = base;
    if (tune_plot_data(T, name, r) || tune_plot_script(T, coll, base, r))
        return 2;
    if (!tune_shell_word(T->o.out, dir, sizeof dir))
        return 0;
    snprintf(cmd, sizeof cmd,
             "cd %s && gnuplot -e \"set terminal pngcairo size 1400,800; set output '%s.png'\" %s.gp && "
             "gnuplot -e \"set terminal svg size 1400,800 dynamic; set output '%s.svg'\" %s.gp",
             dir, name, name, name, name);
    if (system(cmd) != 0)
        fprintf(stderr, "collalg-tune: gnuplot failed for %s (data and script are in %s)\n", name, T->o.out);
    return 0;
}

#endif /* COLLALG_SRC_TUNE_OUTPUT_H */
