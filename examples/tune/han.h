/**
 * @file han.h
 * @brief The tuner's HAN mode (collalg-tune --han-model [--han-exhaustive]): HAN's task-based
 *        cost model (Luo et al., CLUSTER 2020, §III-C; tune/han_model.h) for collalg_bcast_han()'s
 *        parameters, against an exhaustive search of the same space.
 *
 * @par The space
 * segsize in {16, 64, 256, 1024} KiB x inter in {chain (pipelined chain in 8 KiB segments, the
 * header's default before the pipelined scatter-allgather, which this space does not hold yet),
 * binomial, native MPI_Bcast} x intra in {NULL (MPI_Ibcast, overlapped with ib), binomial
 * (blocking)}: 24 combinations.
 *
 * @par Model (--han-model)
 * 1. Tasks, once per segment length L (every min(n, segsize) over the sample sizes n and the
 *    segment sizes, duplicates once) and per inner choice, as one interleaved batch per L: ib =
 *    the inter algorithm on L bytes among the node leaders (root the leader of node 0), sb = the
 *    intra algorithm on L bytes in every node at once (MPI_Bcast for the MPI_Ibcast choice), each
 *    also twice back to back (what a second segment adds: the steady state, han_model.h).
 * 2. Prediction at each sample size n (han_model.h, tune_han_predict_steady()): s = ceil(n /
 *    segsize) segments, stages {ib, sb} (overlapped) with the non-blocking intra choice, one stage
 *    {ib + sb} with a blocking one (a leader runs them in turn); T = sum first + (s - 1) max next.
 *    Redundant segment sizes (one segment, as a smaller one gives) are left out.
 * 3. The #TUNE_HAN_TOP best predictions are measured (collalg_bcast_han(), one batch per size);
 *    the fastest measured is the model's pick.
 *
 * @par Exhaustive (--han-exhaustive, with --han-model)
 * Every distinct call of the space measured at every sample size (one batch per size: the 24
 * combinations, less the segment sizes that give one segment as a smaller one does); its winner
 * is the fastest. The model's pick agrees when its exhaustive time is within 5% of the winner's.
 *
 * @par Cost accounting
 * Measurement time = the MPI_Wtime the measurements take on rank 0 (under SimGrid the simulated
 * time: what the search would cost on the simulated cluster), also the calls made and the real
 * seconds. The report prints both searches, the saving 1 - model / exhaustive, and the agreement.
 * Every measurement is in collalg_tuned.csv (phases han-ib, han-sb, han-model, han-exhaustive).
 */
#ifndef COLLALG_EXAMPLES_TUNE_HAN_H
#define COLLALG_EXAMPLES_TUNE_HAN_H

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <mpi.h>
#include <collalg/bcast/han.h>
#include <collalg/bcast/binomial.h>
#include "han_model.h"
#include "measure.h"

/** @brief Segment sizes of the space (bytes). */
#define TUNE_HAN_NSEGS 4
/** @brief Inter-node choices: chain, binomial, native. */
#define TUNE_HAN_NINTER 3
/** @brief Intra-node choices: MPI_Ibcast (NULL), binomial. */
#define TUNE_HAN_NINTRA 2
/** @brief Combinations of the space. */
#define TUNE_HAN_NCOMBO (TUNE_HAN_NSEGS * TUNE_HAN_NINTER * TUNE_HAN_NINTRA)
/** @brief Predictions measured per size. */
#define TUNE_HAN_TOP 3
/** @brief Agreement tolerance of the model's pick (relative). */
#define TUNE_HAN_AGREE 0.05

static const long tune_han_segs[TUNE_HAN_NSEGS] = {16384, 65536, 262144, 1048576};
static const char *const tune_han_inter_name[TUNE_HAN_NINTER] = {"chain", "binomial", "native"};
static const char *const tune_han_intra_name[TUNE_HAN_NINTRA] = {"ibcast", "binomial"};

/** @brief MPI_Bcast as a collalg_bcast_fn (root, buffer as given). */
static int tune_han_native_bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    return MPI_Bcast(buf, count, type, root, comm);
}

/** @brief The inter-node function of choice @p i. */
static collalg_bcast_fn tune_han_inter_fn(int i)
{
    return i == 0 ? collalg__bcast_han_inter_chain : i == 1 ? collalg_bcast_binomial : tune_han_native_bcast;
}

/** @brief What one job of the HAN mode runs. */
enum tune_han_task { TUNE_HAN_WHOLE, TUNE_HAN_IB, TUNE_HAN_SB, TUNE_HAN_IB2, TUNE_HAN_SB2 };

/** @brief A parameter value of the HAN mode: a tune_choice (first member: the wrapper gets it back
 *         by a cast) with the node communicators of this rank, so no state is global. */
typedef struct tune_han_choice {
    tune_choice ch;          /**< what the CSV shows */
    enum tune_han_task task; /**< the whole collective or one task */
    int seg, inter, intra;   /**< indices into the space */
    MPI_Comm node;           /**< this rank's node (sb) */
    MPI_Comm leaders;        /**< the leaders (ib), MPI_COMM_NULL on other ranks */
} tune_han_choice;

/** @brief The tune_algo wrapper of the HAN mode (MPI_BYTE, root 0). */
static int tune_han_run(const tune_call *c, const tune_choice *ch)
{
    const tune_han_choice *x = (const tune_han_choice *)ch;
    int err;
    switch (x->task) {
    case TUNE_HAN_IB2:
    case TUNE_HAN_SB2: /* the task twice, back to back */
        if (x->task == TUNE_HAN_IB2 && x->leaders == MPI_COMM_NULL)
            return MPI_SUCCESS;
        err = x->task == TUNE_HAN_IB2 ? tune_han_inter_fn(x->inter)(c->rbuf, c->count, c->type, 0, x->leaders)
              : x->intra == 0         ? MPI_Bcast(c->rbuf, c->count, c->type, 0, x->node)
                                      : collalg_bcast_binomial(c->rbuf, c->count, c->type, 0, x->node);
        if (err != MPI_SUCCESS)
            return err;
        return x->task == TUNE_HAN_IB2 ? tune_han_inter_fn(x->inter)(c->rbuf, c->count, c->type, 0, x->leaders)
               : x->intra == 0         ? MPI_Bcast(c->rbuf, c->count, c->type, 0, x->node)
                                       : collalg_bcast_binomial(c->rbuf, c->count, c->type, 0, x->node);
    case TUNE_HAN_IB:
        return x->leaders == MPI_COMM_NULL ? MPI_SUCCESS
                                           : tune_han_inter_fn(x->inter)(c->rbuf, c->count, c->type, 0, x->leaders);
    case TUNE_HAN_SB:
        return x->intra == 0 ? MPI_Bcast(c->rbuf, c->count, c->type, 0, x->node)
                             : collalg_bcast_binomial(c->rbuf, c->count, c->type, 0, x->node);
    default:
        return collalg_bcast_han(c->rbuf, c->count, c->type, 0, c->comm, (int)tune_han_segs[x->seg],
                                 tune_han_inter_fn(x->inter), x->intra == 0 ? NULL : collalg_bcast_binomial);
    }
}

static const tune_algo tune_han_algo = {TUNE_BCAST, "han", tune_han_run, NULL, 0};
static const tune_algo tune_han_ib_algo = {TUNE_BCAST, "han-ib", tune_han_run, NULL, 0};
static const tune_algo tune_han_sb_algo = {TUNE_BCAST, "han-sb", tune_han_run, NULL, 0};
static const tune_algo tune_han_ib2_algo = {TUNE_BCAST, "han-ib-twice", tune_han_run, NULL, 0};
static const tune_algo tune_han_sb2_algo = {TUNE_BCAST, "han-sb-twice", tune_han_run, NULL, 0};

/** @brief The state of one HAN run. */
typedef struct tune_han {
    MPI_Comm node, leaders;                 /**< duplicates of core/node.h's communicators */
    int nnodes;                             /**< nodes */
    tune_han_choice combo[TUNE_HAN_NCOMBO]; /**< the space */
    double wtime, real;                     /**< measurement time of the current search (MPI_Wtime s, real s) */
    long calls;                             /**< collective calls of the current search */
} tune_han;

/** @brief Index of combination (seg, inter, intra). */
static int tune_han_index(int seg, int inter, int intra)
{
    return (seg * TUNE_HAN_NINTER + inter) * TUNE_HAN_NINTRA + intra;
}

/** @brief Fills @p x as task or combination (seg, inter, intra) of @p h. */
static void tune_han_set(const tune_han *h, tune_han_choice *x, enum tune_han_task task, int seg, int inter, int intra)
{
    memset(x, 0, sizeof *x);
    x->task = task, x->seg = seg, x->inter = inter, x->intra = intra;
    x->node = h->node, x->leaders = h->leaders;
    if (task == TUNE_HAN_IB || task == TUNE_HAN_IB2)
        snprintf(x->ch.text, sizeof x->ch.text, "%s", tune_han_inter_name[inter]);
    else if (task == TUNE_HAN_SB || task == TUNE_HAN_SB2)
        snprintf(x->ch.text, sizeof x->ch.text, "%s", tune_han_intra_name[intra]);
    else
        snprintf(x->ch.text, sizeof x->ch.text, "%ld, %s, %s", tune_han_segs[seg], tune_han_inter_name[inter],
                 tune_han_intra_name[intra]);
}

/** @brief The node level of T->comm (core/node.h), duplicated into @p h. @return MPI error code. */
static int tune_han_setup(tuner *T, tune_han *h)
{
    collalg__ctx c;
    const collalg__node *nd = NULL;
    int err = collalg__barrier_enter(&c, T->comm), s, i, a;
    memset(h, 0, sizeof *h);
    h->node = h->leaders = MPI_COMM_NULL;
    if (err == MPI_SUCCESS)
        err = collalg__node_get(&c, &nd);
    if (err == MPI_SUCCESS) {
        h->nnodes = nd->nnodes;
        err = MPI_Comm_dup(nd->nodecomm, &h->node);
        if (err == MPI_SUCCESS && nd->leaders != MPI_COMM_NULL)
            err = MPI_Comm_dup(nd->leaders, &h->leaders);
    }
    err = collalg__leave(&c, err);
    for (s = 0; s < TUNE_HAN_NSEGS; s++)
        for (i = 0; i < TUNE_HAN_NINTER; i++)
            for (a = 0; a < TUNE_HAN_NINTRA; a++)
                tune_han_set(h, &h->combo[tune_han_index(s, i, a)], TUNE_HAN_WHOLE, s, i, a);
    return err;
}

/** @brief Frees the duplicates of @p h. */
static void tune_han_free(tune_han *h)
{
    if (h->node != MPI_COMM_NULL)
        MPI_Comm_free(&h->node);
    if (h->leaders != MPI_COMM_NULL)
        MPI_Comm_free(&h->leaders);
}

/** @brief Real seconds (monotonic where the MPI library does not replace the clock). */
static double tune_han_now(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

/** @brief Measures @p n jobs at @p bytes as one batch, adding its cost to @p h. */
static void tune_han_batch(tuner *T, tune_han *h, long bytes, tune_job *jobs, int n)
{
    double w0, r0;
    int i;
    MPI_Barrier(T->comm);
    w0 = MPI_Wtime(), r0 = tune_han_now();
    if (tune_measure_batch(T, TUNE_BCAST, bytes, jobs, n)) {
        fprintf(stderr, "collalg-tune: out of memory\n");
        MPI_Abort(T->comm, 2);
    }
    MPI_Barrier(T->comm);
    h->wtime += MPI_Wtime() - w0, h->real += tune_han_now() - r0;
    for (i = 0; i < n; i++)
        h->calls += jobs[i].n + 1;
}

/** @brief One job: algorithm @p a with choice @p x into @p m, phase @p phase. */
static void tune_han_job(tune_job *j, const tune_algo *a, const tune_han_choice *x, tune_meas *m, const char *phase)
{
    j->a = a, j->ch = &x->ch, j->phase = phase, j->out = m;
}

/** @brief Adds @p len to the ascending set @p set[0..*n) unless present. */
static void tune_han_add_len(long *set, int *n, long len)
{
    int i, j;
    for (i = 0; i < *n && set[i] < len; i++)
        ;
    if (i < *n && set[i] == len)
        return;
    for (j = *n; j > i; j--)
        set[j] = set[j - 1];
    set[i] = len, (*n)++;
}

/** @brief Tasks timed per segment length: ib and ib twice of each inter choice, sb and sb twice
 *         of each intra choice. */
#define TUNE_HAN_NTASK (2 * TUNE_HAN_NINTER + 2 * TUNE_HAN_NINTRA)

/** @brief Index of a task in a row of tune_han_tasks(): ib of inter @p i (twice: @p twice = 1). */
static int tune_han_ib_at(int i, int twice)
{
    return twice * TUNE_HAN_NINTER + i;
}

/** @brief Index of a task in a row of tune_han_tasks(): sb of intra @p a (twice: @p twice = 1). */
static int tune_han_sb_at(int a, int twice)
{
    return 2 * TUNE_HAN_NINTER + twice * TUNE_HAN_NINTRA + a;
}

/**
 * @brief Step 1 of the model: at every segment length @p len[l] (the distinct min(n, segsize)),
 *        every task once and twice back to back, one batch per length; @p t[l] the medians (s),
 *        indexed by tune_han_ib_at() and tune_han_sb_at(). @return the number of lengths.
 */
static int tune_han_tasks(tuner *T, tune_han *h, long *len, double (*t)[TUNE_HAN_NTASK])
{
    int nl = 0, k, s, i, a, w;
    for (k = 0; k < T->o.nsizes; k++)
        for (s = 0; s < TUNE_HAN_NSEGS; s++)
            tune_han_add_len(len, &nl, tune_han_seglen(T->o.sizes[k], tune_han_segs[s]));
    for (k = 0; k < nl; k++) {
        tune_han_choice x[TUNE_HAN_NTASK];
        tune_meas m[TUNE_HAN_NTASK];
        tune_job jobs[TUNE_HAN_NTASK];
        for (w = 0; w < 2; w++) {
            for (i = 0; i < TUNE_HAN_NINTER; i++) {
                int j = tune_han_ib_at(i, w);
                tune_han_set(h, &x[j], w ? TUNE_HAN_IB2 : TUNE_HAN_IB, 0, i, 0);
                tune_han_job(&jobs[j], w ? &tune_han_ib2_algo : &tune_han_ib_algo, &x[j], &m[j], "han-task");
            }
            for (a = 0; a < TUNE_HAN_NINTRA; a++) {
                int j = tune_han_sb_at(a, w);
                tune_han_set(h, &x[j], w ? TUNE_HAN_SB2 : TUNE_HAN_SB, 0, 0, a);
                tune_han_job(&jobs[j], w ? &tune_han_sb2_algo : &tune_han_sb_algo, &x[j], &m[j], "han-task");
            }
        }
        tune_han_batch(T, h, len[k], jobs, TUNE_HAN_NTASK);
        for (i = 0; i < TUNE_HAN_NTASK; i++)
            t[k][i] = m[i].median, tune_meas_free(&m[i]);
    }
    return nl;
}

/** @brief Step 2: the prediction of every combination at @p bytes into @p pred (redundant ones 1e300). */
static void tune_han_predict_all(long bytes, const long *len, int nl, double (*t)[TUNE_HAN_NTASK], double *pred)
{
    int s, i, a, l;
    for (s = 0; s < TUNE_HAN_NSEGS; s++) {
        long L = tune_han_seglen(bytes, tune_han_segs[s]), ns = tune_han_nseg(bytes, tune_han_segs[s]);
        for (l = 0; l < nl && len[l] != L; l++)
            ;
        for (i = 0; i < TUNE_HAN_NINTER; i++)
            for (a = 0; a < TUNE_HAN_NINTRA; a++) {
                double first[2] = {1e300, 1e300}, next[2] = {1e300, 1e300};
                int c = tune_han_index(s, i, a);
                if (l < nl) {
                    first[0] = t[l][tune_han_ib_at(i, 0)], first[1] = t[l][tune_han_sb_at(a, 0)];
                    next[0] = t[l][tune_han_ib_at(i, 1)] - first[0], next[1] = t[l][tune_han_sb_at(a, 1)] - first[1];
                }
                if (a != 0 && l < nl) /* blocking intra: a leader runs ib and sb in turn, one stage */
                    first[0] += first[1], next[0] += next[1];
                pred[c] = tune_han_redundant(bytes, tune_han_segs, s)
                              ? 1e300
                              : tune_han_predict_steady(first, next, a == 0 ? 2 : 1, ns);
            }
    }
}

/** @brief Measures the combinations @p idx[0..n) at @p bytes (phase @p phase) into @p med. */
static void tune_han_measure(tuner *T, tune_han *h, long bytes, const int *idx, int n, const char *phase, double *med)
{
    tune_meas m[TUNE_HAN_NCOMBO];
    tune_job jobs[TUNE_HAN_NCOMBO];
    int k;
    for (k = 0; k < n; k++)
        tune_han_job(&jobs[k], &tune_han_algo, &h->combo[idx[k]], &m[k], phase);
    tune_han_batch(T, h, bytes, jobs, n);
    for (k = 0; k < n; k++)
        med[k] = m[k].median, tune_meas_free(&m[k]);
}

/** @brief The bcast HAN study (the file comment); rank 0 prints the report. @return 0, or 1 on an MPI error. */
static int tune_han_bcast(tuner *T, int exhaustive)
{
    tune_han h;
    long len[TUNE_MAX_SIZES * TUNE_HAN_NSEGS];
    double t[TUNE_MAX_SIZES * TUNE_HAN_NSEGS][TUNE_HAN_NTASK];
    int pick[TUNE_MAX_SIZES], best[TUNE_MAX_SIZES], nl, k, j, agree = 0;
    double pickt[TUNE_MAX_SIZES], bestt[TUNE_MAX_SIZES], pick_ex[TUNE_MAX_SIZES];
    double mw, mr, ew = 0, er = 0;
    long mc, ec = 0;
    if (tune_han_setup(T, &h) != MPI_SUCCESS) {
        if (T->rank == 0)
            fprintf(stderr, "collalg-tune: --han-model: the node level failed\n");
        tune_han_free(&h);
        return 1;
    }
    nl = tune_han_tasks(T, &h, len, t);
    for (k = 0; k < T->o.nsizes && !T->stopped; k++) {
        double pred[TUNE_HAN_NCOMBO], med[TUNE_HAN_TOP];
        int top[TUNE_HAN_TOP], nt;
        tune_han_predict_all(T->o.sizes[k], len, nl, t, pred);
        nt = tune_han_top(pred, TUNE_HAN_NCOMBO, TUNE_HAN_TOP, top);
        tune_han_measure(T, &h, T->o.sizes[k], top, nt, "han-model", med);
        pick[k] = nt ? top[0] : 0, pickt[k] = nt ? med[0] : HUGE_VAL;
        for (j = 1; j < nt; j++)
            if (med[j] < pickt[k])
                pick[k] = top[j], pickt[k] = med[j];
    }
    mw = h.wtime, mr = h.real, mc = h.calls;
    if (exhaustive) {
        h.wtime = h.real = 0, h.calls = 0;
        for (k = 0; k < T->o.nsizes && !T->stopped; k++) {
            double med[TUNE_HAN_NCOMBO];
            int idx[TUNE_HAN_NCOMBO], n = 0, at = 0;
            for (j = 0; j < TUNE_HAN_NCOMBO; j++) /* the distinct calls of the space at this size */
                if (!tune_han_redundant(T->o.sizes[k], tune_han_segs, h.combo[j].seg))
                    idx[n++] = j;
            tune_han_measure(T, &h, T->o.sizes[k], idx, n, "han-exhaustive", med);
            for (j = 1; j < n; j++)
                if (med[j] < med[at])
                    at = j;
            best[k] = idx[at], bestt[k] = med[at], pick_ex[k] = HUGE_VAL;
            for (j = 0; j < n; j++)
                if (idx[j] == pick[k])
                    pick_ex[k] = med[j];
            agree += tune_han_agrees(pick_ex[k], bestt[k], TUNE_HAN_AGREE);
        }
        ew = h.wtime, er = h.real, ec = h.calls;
    }
    if (T->rank == 0 && !T->stopped) {
        printf("\nbcast han on %d processes, %d nodes: HAN's task model (%d segment lengths x %d tasks, top %d "
               "measured)%s\n",
               T->p, h.nnodes, nl, TUNE_HAN_NTASK, TUNE_HAN_TOP,
               exhaustive ? " against the exhaustive search of the same space" : "");
        printf("  %10s  %-32s %11s", "bytes", "model pick (segsize, inter, intra)", "pick (us)");
        if (exhaustive)
            printf("  %-32s %11s %11s %6s", "exhaustive winner", "best (us)", "pick@ex(us)", "agree");
        printf("\n");
        for (k = 0; k < T->o.nsizes; k++) {
            printf("  %10ld  %-32s %11.2f", T->o.sizes[k], h.combo[pick[k]].ch.text, pickt[k] * 1e6);
            if (exhaustive)
                printf("  %-32s %11.2f %11.2f %6s", h.combo[best[k]].ch.text, bestt[k] * 1e6, pick_ex[k] * 1e6,
                       tune_han_agrees(pick_ex[k], bestt[k], TUNE_HAN_AGREE) ? "yes" : "NO");
            printf("\n");
        }
        printf("  han-model: measurement time %.6f s (MPI_Wtime), %ld calls, %.2f s CPU\n", mw, mc, mr);
        if (exhaustive) {
            printf("  han-exhaustive: measurement time %.6f s (MPI_Wtime), %ld calls, %.2f s CPU\n", ew, ec, er);
            printf("  han-summary: saving %.1f%% of the measurement time (%.1f%% of the calls), same winner within "
                   "%.0f%% at %d of %d sizes (%.0f%%)\n",
                   100 * tune_han_saving(mw, ew), 100 * tune_han_saving((double)mc, (double)ec), 100 * TUNE_HAN_AGREE,
                   agree, T->o.nsizes, 100.0 * agree / T->o.nsizes);
        }
        fflush(stdout);
    }
    tune_han_free(&h);
    return 0;
}

#endif /* COLLALG_EXAMPLES_TUNE_HAN_H */
