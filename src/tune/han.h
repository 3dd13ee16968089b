/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file han.h
 * @brief The tuner's HAN mode (collalg-tune --han-model [--han-exhaustive]): HAN's task-based
 *        cost model (Luo et al., CLUSTER 2020, §III-C; tune/han_model.h) for the parameters of
 *        collalg_bcast_han() and collalg_allreduce_han(), against an exhaustive search of the
 *        same space.
 *
 * @par The spaces
 * - bcast han: segsize in {16, 64, 256, 1024} KiB x inter in {chain (pipelined chain in 8 KiB
 *   segments), psa (the pipelined scatter-allgather, the header's default for segments past
 *   4 KiB among the leaders), binomial, native MPI_Bcast} x intra in {NULL (MPI_Ibcast,
 *   overlapped with ib), binomial (blocking)}: 32 combinations.
 * - allreduce han: segsize in {64, 256, 1024, 4096} KiB x inter in {exchange (one all-to-all
 *   exchange), recursive doubling, Rabenseifner, ring, native MPI_Allreduce}: 20 combinations (the
 *   node tasks are fixed: a linear reduction to the leader and MPI_Ibcast).
 *
 * @par Model (--han-model)
 * 1. Tasks, once per segment length L (every min(n, segsize) over the sample sizes n and the
 *    segment sizes, duplicates once) and per inner choice, as one interleaved batch per L, each
 *    also twice back to back (what a second segment adds: the steady state, han_model.h):
 *    - bcast: ib = the inter algorithm on L bytes among the node leaders (root the leader of node
 *      0); sb = the intra algorithm on L bytes in every node at once (MPI_Bcast for the
 *      MPI_Ibcast choice).
 *    - allreduce: ir = the inter algorithm on L bytes among the leaders (in place); node = sr then
 *      sb in every node at once: the header's own linear reduction to the leader
 *      (collalg__han_sr_start / collalg__han_sr_finish) and MPI_Bcast (for MPI_Ibcast).
 * 2. Prediction at each sample size n (han_model.h, tune_han_predict_steady()): s = ceil(n /
 *    segsize) segments, two stages, the inter task and the node task, overlapped:
 *    T = sum first + (s - 1) max next, which for allreduce is HAN's T = T_sr + T_ir + T_sb +
 *    (s - 1) max(T_ir, T_sr + T_sb). A blocking bcast intra choice makes one stage {ib + sb} (a
 *    leader runs them in turn). Redundant segment sizes (one segment, as a smaller one gives) are
 *    left out.
 * 3. The #TUNE_HAN_TOP best predictions are measured (the collective itself, one batch per size);
 *    the fastest measured is the model's pick.
 *
 * @par Exhaustive (--han-exhaustive, with --han-model)
 * Every distinct call of the space measured at every sample size (one batch per size, less the
 * segment sizes that give one segment as a smaller one does); its winner is the fastest. The
 * model's pick agrees when its exhaustive time is within 5% of the winner's.
 *
 * @par Cost accounting
 * Measurement time = the MPI_Wtime the measurements take on rank 0 (under SimGrid the simulated
 * time: what the search would cost on the simulated cluster), also the calls made and the real
 * seconds. The report prints both searches, the saving 1 - model / exhaustive, and the agreement.
 * Every measurement is in collalg_tuned.csv (phases han-task, han-model, han-exhaustive).
 */
#ifndef COLLALG_SRC_TUNE_HAN_H
#define COLLALG_SRC_TUNE_HAN_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <mpi.h>
#include <collalg/allreduce/han.h>
#include <collalg/allreduce/ring.h>
#include <collalg/bcast/han.h>
#include <collalg/bcast/binomial.h>
#include "han_model.h"
#include "measure.h"

/** @brief Segment sizes of a space. */
#define TUNE_HAN_NSEGS 4
/** @brief Most inter-node choices of a space. */
#define TUNE_HAN_MAXINTER 5
/** @brief Most intra-node choices of a space. */
#define TUNE_HAN_MAXINTRA 2
/** @brief Most combinations of a space. */
#define TUNE_HAN_MAXCOMBO (TUNE_HAN_NSEGS * TUNE_HAN_MAXINTER * TUNE_HAN_MAXINTRA)
/** @brief Predictions measured per size. */
#define TUNE_HAN_TOP 3
/** @brief Agreement tolerance of the model's pick (relative). */
#define TUNE_HAN_AGREE 0.05

/** @brief What one job of the HAN mode runs: the whole collective, or the inter task or the node
 *         task (once, or twice back to back). */
enum tune_han_task { TUNE_HAN_WHOLE, TUNE_HAN_INTER, TUNE_HAN_NODE, TUNE_HAN_INTER2, TUNE_HAN_NODE2 };

/** @brief One space of the HAN mode: the collective, its choices and the algorithms that run them. */
typedef struct tune_han_space {
    const char *title;             /**< the report's name: "bcast han", "allreduce han" */
    const long *segs;              /**< TUNE_HAN_NSEGS segment sizes, ascending (bytes) */
    const char *const *inter_name; /**< inter choices */
    int ninter;                    /**< their number */
    const char *const *intra_name; /**< intra choices (the first overlaps the inter task) */
    int nintra;                    /**< their number */
    int steady;                    /**< 1: every task also timed twice back to back, for the steady
                                        state (an inter algorithm that pipelines inside itself);
                                        0: HAN's own model, a further segment costs the first's */
    const tune_algo *algo[5];      /**< by enum tune_han_task */
} tune_han_space;

/** @brief This rank's node level and the node task's scratch, owned by one study (tune_han). */
typedef struct tune_han_level {
    MPI_Comm node;    /**< duplicate of this rank's node communicator (machine/node.h) */
    MPI_Comm leaders; /**< duplicate of the leaders' communicator, MPI_COMM_NULL on other ranks */
    int q;            /**< ranks in this node */
    char *tmp;        /**< allreduce, leader: (q - 1) x the largest size, for sr */
    MPI_Request *rq;  /**< allreduce: q requests for sr */
} tune_han_level;

/** @brief A parameter value of the HAN mode: a tune_choice (first member: the wrapper gets it back
 *         by a cast) with this rank's node level, so no state is global. */
typedef struct tune_han_choice {
    tune_choice ch;           /**< what the CSV shows */
    enum tune_han_task task;  /**< the whole collective or one task */
    int seg, inter, intra;    /**< indices into the space */
    long segsize;             /**< the segment size, bytes */
    const tune_han_level *lv; /**< the study's node level */
} tune_han_choice;

/* ---- bcast han ---- */

static const long tune_han_bcast_segs[TUNE_HAN_NSEGS] = {16384, 65536, 262144, 1048576};
static const char *const tune_han_bcast_inter[] = {"chain", "psa", "binomial", "native"};
static const char *const tune_han_bcast_intra[] = {"ibcast", "binomial"};

/** @brief MPI_Bcast as a collalg_bcast_fn (root, buffer as given). */
static int tune_han_native_bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    return MPI_Bcast(buf, count, type, root, comm);
}

/** @brief The bcast inter-node function of choice @p i. */
static collalg_bcast_fn tune_han_bcast_inter_fn(int i)
{
    static const collalg_bcast_fn fn[] = {collalg__bcast_han_inter_chain, collalg__bcast_han_inter_psa,
                                          collalg_bcast_binomial, tune_han_native_bcast};
    return fn[i];
}

/** @brief Task ib (@p inter 1) or sb (0) of bcast han once, on L = c->count bytes, root 0. */
static int tune_han_bcast_task(const tune_call *c, const tune_han_choice *x, int inter)
{
    if (inter)
        return x->lv->leaders == MPI_COMM_NULL
                   ? MPI_SUCCESS
                   : tune_han_bcast_inter_fn(x->inter)(c->rbuf, c->count, c->type, 0, x->lv->leaders);
    return x->intra == 0 ? MPI_Bcast(c->rbuf, c->count, c->type, 0, x->lv->node)
                         : collalg_bcast_binomial(c->rbuf, c->count, c->type, 0, x->lv->node);
}

/* ---- allreduce han ---- */

static const long tune_han_allreduce_segs[TUNE_HAN_NSEGS] = {65536, 262144, 1048576, 2097152};
static const char *const tune_han_allreduce_inter[] = {"exchange", "recursive_doubling", "rabenseifner", "ring",
                                                       "native"};
static const char *const tune_han_allreduce_intra[] = {"linear+ibcast"};

/** @brief MPI_Allreduce as a collalg_allreduce_fn. */
static int tune_han_native_allreduce(const void *s, void *r, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    return MPI_Allreduce(s, r, count, type, op, comm);
}

/** @brief The allreduce inter-node function of choice @p i. */
static collalg_allreduce_fn tune_han_allreduce_inter_fn(int i)
{
    static const collalg_allreduce_fn fn[] = {collalg__allreduce_han_inter_exchange,
                                              collalg_allreduce_recursive_doubling, collalg_allreduce_rabenseifner,
                                              collalg_allreduce_ring, tune_han_native_allreduce};
    return fn[i];
}

/** @brief The node task of allreduce han once on c->count elements: sr, the header's linear
 *         reduction to the leader, then sb (MPI_Bcast for its MPI_Ibcast). */
static int tune_han_allreduce_node(const tune_call *c, const tune_han_choice *x)
{
    const tune_han_level *lv = x->lv;
    collalg__han_allreduce h;
    MPI_Aint lb;
    int err;
    if (c->count == 0)
        return MPI_SUCCESS;
    memset(&h, 0, sizeof h);
    MPI_Type_get_extent(c->type, &lb, &h.ext);
    h.send = (const char *)c->sbuf, h.recv = (char *)c->rbuf, h.type = c->type, h.op = c->op;
    h.count = h.seg = c->count, h.q = lv->q, h.leader = lv->leaders != MPI_COMM_NULL;
    h.nodecomm = h.pcomm = lv->node, h.tmp = lv->tmp, h.rq = lv->rq, h.sb = MPI_REQUEST_NULL;
    err = collalg__han_sr_start(&h, 0);
    err = collalg__han_sr_finish(&h, 0, err);
    return err != MPI_SUCCESS ? err : MPI_Bcast(c->rbuf, c->count, c->type, 0, lv->node);
}

/** @brief Task ir (@p inter 1) or the node task (0) of allreduce han once. */
static int tune_han_allreduce_task(const tune_call *c, const tune_han_choice *x, int inter)
{
    if (inter)
        return x->lv->leaders == MPI_COMM_NULL ? MPI_SUCCESS
                                               : tune_han_allreduce_inter_fn(x->inter)(MPI_IN_PLACE, c->rbuf, c->count,
                                                                                       c->type, c->op, x->lv->leaders);
    return tune_han_allreduce_node(c, x);
}

/* ---- the tune_algo wrappers ---- */

/** @brief Runs task @p x->task of either collective with @p one (a task once). */
static int tune_han_run_task(const tune_call *c, const tune_han_choice *x,
                             int (*one)(const tune_call *, const tune_han_choice *, int))
{
    int inter = x->task == TUNE_HAN_INTER || x->task == TUNE_HAN_INTER2, err = one(c, x, inter);
    if (err == MPI_SUCCESS && (x->task == TUNE_HAN_INTER2 || x->task == TUNE_HAN_NODE2))
        err = one(c, x, inter);
    return err;
}

/** @brief The bcast wrapper (MPI_BYTE, root 0). */
static int tune_han_bcast_run(const tune_call *c, const tune_choice *ch)
{
    const tune_han_choice *x = (const tune_han_choice *)ch;
    if (x->task != TUNE_HAN_WHOLE)
        return tune_han_run_task(c, x, tune_han_bcast_task);
    return collalg_bcast_han(c->rbuf, c->count, c->type, 0, c->comm, (int)x->segsize, tune_han_bcast_inter_fn(x->inter),
                             x->intra == 0 ? NULL : collalg_bcast_binomial);
}

/** @brief The allreduce wrapper. */
static int tune_han_allreduce_run(const tune_call *c, const tune_choice *ch)
{
    const tune_han_choice *x = (const tune_han_choice *)ch;
    if (x->task != TUNE_HAN_WHOLE)
        return tune_han_run_task(c, x, tune_han_allreduce_task);
    return collalg_allreduce_han(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm, (int)x->segsize,
                                 tune_han_allreduce_inter_fn(x->inter));
}

static const tune_algo tune_han_bcast_algo[5] = {{TUNE_BCAST, "han", tune_han_bcast_run, NULL, 0},
                                                 {TUNE_BCAST, "han-ib", tune_han_bcast_run, NULL, 0},
                                                 {TUNE_BCAST, "han-sb", tune_han_bcast_run, NULL, 0},
                                                 {TUNE_BCAST, "han-ib-twice", tune_han_bcast_run, NULL, 0},
                                                 {TUNE_BCAST, "han-sb-twice", tune_han_bcast_run, NULL, 0}};
static const tune_algo tune_han_allreduce_algo[5] = {
    {TUNE_ALLREDUCE, "han", tune_han_allreduce_run, NULL, 0},
    {TUNE_ALLREDUCE, "han-ir", tune_han_allreduce_run, NULL, 0},
    {TUNE_ALLREDUCE, "han-node", tune_han_allreduce_run, NULL, 0},
    {TUNE_ALLREDUCE, "han-ir-twice", tune_han_allreduce_run, NULL, 0},
    {TUNE_ALLREDUCE, "han-node-twice", tune_han_allreduce_run, NULL, 0}};

/** @brief The bcast han space. */
static const tune_han_space tune_han_bcast_space = {"bcast han",
                                                    tune_han_bcast_segs,
                                                    tune_han_bcast_inter,
                                                    4,
                                                    tune_han_bcast_intra,
                                                    2,
                                                    1,
                                                    {&tune_han_bcast_algo[0], &tune_han_bcast_algo[1],
                                                     &tune_han_bcast_algo[2], &tune_han_bcast_algo[3],
                                                     &tune_han_bcast_algo[4]}};

/** @brief The allreduce han space. */
static const tune_han_space tune_han_allreduce_space = {"allreduce han",
                                                        tune_han_allreduce_segs,
                                                        tune_han_allreduce_inter,
                                                        5,
                                                        tune_han_allreduce_intra,
                                                        1,
                                                        0,
                                                        {&tune_han_allreduce_algo[0], &tune_han_allreduce_algo[1],
                                                         &tune_han_allreduce_algo[2], &tune_han_allreduce_algo[3],
                                                         &tune_han_allreduce_algo[4]}};

/* ---- one study ---- */

/** @brief The state of one HAN study. */
typedef struct tune_han {
    const tune_han_space *sp;                 /**< the space */
    tune_han_level lv;                        /**< this rank's node level, which every choice points to */
    int nnodes;                               /**< nodes */
    tune_han_choice combo[TUNE_HAN_MAXCOMBO]; /**< the space's combinations */
    int ncombo;                               /**< their number */
    double wtime, real;                       /**< measurement time of the current search (MPI_Wtime s, real s) */
    long calls;                               /**< collective calls of the current search */
} tune_han;

/** @brief Index of combination (seg, inter, intra). */
static int tune_han_index(const tune_han *h, int seg, int inter, int intra)
{
    return (seg * h->sp->ninter + inter) * h->sp->nintra + intra;
}

/** @brief Fills @p x as task or combination (seg, inter, intra) of @p h. */
static void tune_han_set(const tune_han *h, tune_han_choice *x, enum tune_han_task task, int seg, int inter, int intra)
{
    const tune_han_space *sp = h->sp;
    memset(x, 0, sizeof *x);
    x->task = task, x->seg = seg, x->inter = inter, x->intra = intra, x->segsize = sp->segs[seg];
    x->lv = &h->lv;
    if (task == TUNE_HAN_INTER || task == TUNE_HAN_INTER2)
        snprintf(x->ch.text, sizeof x->ch.text, "%s", sp->inter_name[inter]);
    else if (task == TUNE_HAN_NODE || task == TUNE_HAN_NODE2)
        snprintf(x->ch.text, sizeof x->ch.text, "%s", sp->intra_name[intra]);
    else if (sp->nintra > 1)
        snprintf(x->ch.text, sizeof x->ch.text, "%ld, %s, %s", sp->segs[seg], sp->inter_name[inter],
                 sp->intra_name[intra]);
    else
        snprintf(x->ch.text, sizeof x->ch.text, "%ld, %s", sp->segs[seg], sp->inter_name[inter]);
}

/** @brief Frees what @p h holds. */
static void tune_han_free(tune_han *h)
{
    if (h->lv.node != MPI_COMM_NULL)
        MPI_Comm_free(&h->lv.node);
    if (h->lv.leaders != MPI_COMM_NULL)
        MPI_Comm_free(&h->lv.leaders);
    free(h->lv.tmp);
    free(h->lv.rq);
}

/** @brief The node level of T->comm (machine/node.h), duplicated into @p h, the node task's scratch
 *         (allreduce) and the combinations of @p sp. @return MPI error code (MPI_ERR_NO_MEM: the
 *         scratch, on this rank). */
static int tune_han_setup(tuner *T, tune_han *h, const tune_han_space *sp)
{
    collalg__ctx c;
    const collalg__node *nd = NULL;
    long maxbytes = 0;
    int err = collalg__barrier_enter(&c, T->comm), s, i, a, k;
    memset(h, 0, sizeof *h);
    h->sp = sp;
    h->lv.node = h->lv.leaders = MPI_COMM_NULL;
    if (err == MPI_SUCCESS)
        err = collalg__node_get(&c, &nd);
    if (err == MPI_SUCCESS) {
        h->nnodes = nd->nnodes, h->lv.q = nd->node_size;
        err = MPI_Comm_dup(nd->nodecomm, &h->lv.node);
        if (err == MPI_SUCCESS && nd->leaders != MPI_COMM_NULL)
            err = MPI_Comm_dup(nd->leaders, &h->lv.leaders);
    }
    err = collalg__leave(&c, err);
    for (k = 0; k < T->o.nsizes; k++)
        maxbytes = T->o.sizes[k] > maxbytes ? T->o.sizes[k] : maxbytes;
    if (err == MPI_SUCCESS && sp->algo[0]->coll == TUNE_ALLREDUCE) {
        tune_han_level *lv = &h->lv;
        lv->rq = (MPI_Request *)malloc((size_t)lv->q * sizeof(MPI_Request));
        lv->tmp = lv->leaders != MPI_COMM_NULL ? (char *)malloc((size_t)(lv->q - 1) * (size_t)maxbytes + 1) : NULL;
        if (!lv->rq || (lv->leaders != MPI_COMM_NULL && !lv->tmp))
            err = MPI_ERR_NO_MEM;
    }
    for (s = 0; s < TUNE_HAN_NSEGS; s++)
        for (i = 0; i < sp->ninter; i++)
            for (a = 0; a < sp->nintra; a++)
                tune_han_set(h, &h->combo[tune_han_index(h, s, i, a)], TUNE_HAN_WHOLE, s, i, a);
    h->ncombo = TUNE_HAN_NSEGS * sp->ninter * sp->nintra;
    return err;
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
    if (tune_measure_batch(T, h->sp->algo[0]->coll, bytes, jobs, n)) {
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
    j->min_n = j->cost = 0;
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

/** @brief Most tasks timed per segment length: the inter task and the node task of each choice,
 *         once and twice. */
#define TUNE_HAN_MAXTASK (2 * TUNE_HAN_MAXINTER + 2 * TUNE_HAN_MAXINTRA)

/** @brief Index of a task in a row of tune_han_tasks(): inter choice @p i (twice: @p twice = 1). */
static int tune_han_inter_at(const tune_han_space *sp, int i, int twice)
{
    return twice * sp->ninter + i;
}

/** @brief Index of a task in a row of tune_han_tasks(): intra choice @p a (twice: @p twice = 1). */
static int tune_han_node_at(const tune_han_space *sp, int a, int twice)
{
    return 2 * sp->ninter + twice * sp->nintra + a;
}

/** @brief Tasks timed per segment length in space @p sp: the inter task of each inter choice and
 *         the node task of each intra choice, each also twice when sp->steady. */
static int tune_han_ntask(const tune_han_space *sp)
{
    return (sp->ninter + sp->nintra) * (sp->steady ? 2 : 1);
}

/**
 * @brief Step 1 of the model: at every segment length @p len[l] (the distinct min(n, segsize)),
 *        every task once (and twice back to back when sp->steady), one batch per length; @p t[l]
 *        the medians (s), indexed by tune_han_inter_at() and tune_han_node_at() (the twice entries
 *        stay 0 without sp->steady). @return the number of lengths.
 */
static int tune_han_tasks(tuner *T, tune_han *h, long *len, double (*t)[TUNE_HAN_MAXTASK])
{
    const tune_han_space *sp = h->sp;
    int nl = 0, k, s, i, a, w;
    for (k = 0; k < T->o.nsizes; k++)
        for (s = 0; s < TUNE_HAN_NSEGS; s++)
            tune_han_add_len(len, &nl, tune_han_seglen(T->o.sizes[k], sp->segs[s]));
    for (k = 0; k < nl; k++) {
        tune_han_choice x[TUNE_HAN_MAXTASK];
        tune_meas m[TUNE_HAN_MAXTASK];
        tune_job jobs[TUNE_HAN_MAXTASK];
        int at[TUNE_HAN_MAXTASK], n = 0;
        for (w = 0; w < (sp->steady ? 2 : 1); w++) {
            for (i = 0; i < sp->ninter; i++, n++) {
                at[n] = tune_han_inter_at(sp, i, w);
                tune_han_set(h, &x[n], w ? TUNE_HAN_INTER2 : TUNE_HAN_INTER, 0, i, 0);
                tune_han_job(&jobs[n], sp->algo[w ? TUNE_HAN_INTER2 : TUNE_HAN_INTER], &x[n], &m[n], "han-task");
            }
            for (a = 0; a < sp->nintra; a++, n++) {
                at[n] = tune_han_node_at(sp, a, w);
                tune_han_set(h, &x[n], w ? TUNE_HAN_NODE2 : TUNE_HAN_NODE, 0, 0, a);
                tune_han_job(&jobs[n], sp->algo[w ? TUNE_HAN_NODE2 : TUNE_HAN_NODE], &x[n], &m[n], "han-task");
            }
        }
        tune_han_batch(T, h, len[k], jobs, n);
        memset(t[k], 0, sizeof t[k]);
        for (i = 0; i < n; i++)
            t[k][at[i]] = m[i].median, tune_meas_free(&m[i]);
    }
    return nl;
}

/** @brief Step 2: the prediction of every combination at @p bytes into @p pred (redundant ones 1e300). */
static void tune_han_predict_all(const tune_han *h, long bytes, const long *len, int nl, double (*t)[TUNE_HAN_MAXTASK],
                                 double *pred)
{
    const tune_han_space *sp = h->sp;
    int s, i, a, l;
    for (s = 0; s < TUNE_HAN_NSEGS; s++) {
        long L = tune_han_seglen(bytes, sp->segs[s]), ns = tune_han_nseg(bytes, sp->segs[s]);
        for (l = 0; l < nl && len[l] != L; l++)
            ;
        for (i = 0; i < sp->ninter; i++)
            for (a = 0; a < sp->nintra; a++) {
                double first[2] = {1e300, 1e300}, next[2] = {1e300, 1e300};
                int c = tune_han_index(h, s, i, a);
                if (l < nl) {
                    first[0] = t[l][tune_han_inter_at(sp, i, 0)], first[1] = t[l][tune_han_node_at(sp, a, 0)];
                    next[0] = sp->steady ? t[l][tune_han_inter_at(sp, i, 1)] - first[0] : first[0];
                    next[1] = sp->steady ? t[l][tune_han_node_at(sp, a, 1)] - first[1] : first[1];
                }
                if (a != 0 && l < nl) /* blocking intra: a leader runs the two tasks in turn, one stage */
                    first[0] += first[1], next[0] += next[1];
                pred[c] = tune_han_redundant(bytes, sp->segs, s)
                              ? 1e300
                              : tune_han_predict_steady(first, next, a == 0 ? 2 : 1, ns);
            }
    }
}

/** @brief Measures the combinations @p idx[0..n) at @p bytes (phase @p phase) into @p med. */
static void tune_han_measure(tuner *T, tune_han *h, long bytes, const int *idx, int n, const char *phase, double *med)
{
    tune_meas m[TUNE_HAN_MAXCOMBO];
    tune_job jobs[TUNE_HAN_MAXCOMBO];
    int k;
    for (k = 0; k < n; k++)
        tune_han_job(&jobs[k], h->sp->algo[TUNE_HAN_WHOLE], &h->combo[idx[k]], &m[k], phase);
    tune_han_batch(T, h, bytes, jobs, n);
    for (k = 0; k < n; k++)
        med[k] = m[k].median, tune_meas_free(&m[k]);
}

/** @brief The results of one study, per sample size. */
typedef struct tune_han_result {
    int pick[TUNE_MAX_SIZES], best[TUNE_MAX_SIZES]; /**< the model's pick, the exhaustive winner */
    double pickt[TUNE_MAX_SIZES];                   /**< the pick's time in the model's measurement */
    double bestt[TUNE_MAX_SIZES];                   /**< the winner's exhaustive time */
    double pick_ex[TUNE_MAX_SIZES];                 /**< the pick's exhaustive time */
    int agree;                                      /**< sizes where they agree */
    double mw, mr, ew, er;                          /**< measurement times: model, exhaustive (MPI_Wtime, real) */
    long mc, ec;                                    /**< calls: model, exhaustive */
    int nl;                                         /**< segment lengths whose tasks were timed */
} tune_han_result;

/** @brief Steps 2 and 3 at every sample size. */
static void tune_han_model_search(tuner *T, tune_han *h, const long *len, int nl, double (*t)[TUNE_HAN_MAXTASK],
                                  tune_han_result *r)
{
    int k, j;
    for (k = 0; k < T->o.nsizes && !T->stopped; k++) {
        double pred[TUNE_HAN_MAXCOMBO], med[TUNE_HAN_TOP];
        int top[TUNE_HAN_TOP], nt;
        tune_han_predict_all(h, T->o.sizes[k], len, nl, t, pred);
        nt = tune_han_top(pred, h->ncombo, TUNE_HAN_TOP, top);
        tune_han_measure(T, h, T->o.sizes[k], top, nt, "han-model", med);
        r->pick[k] = nt ? top[0] : 0, r->pickt[k] = nt ? med[0] : HUGE_VAL;
        for (j = 1; j < nt; j++)
            if (med[j] < r->pickt[k])
                r->pick[k] = top[j], r->pickt[k] = med[j];
    }
}

/** @brief The exhaustive search of the same space at every sample size. */
static void tune_han_exhaustive_search(tuner *T, tune_han *h, tune_han_result *r)
{
    int k, j;
    for (k = 0; k < T->o.nsizes && !T->stopped; k++) {
        double med[TUNE_HAN_MAXCOMBO];
        int idx[TUNE_HAN_MAXCOMBO], n = 0, at = 0;
        for (j = 0; j < h->ncombo; j++) /* the distinct calls of the space at this size */
            if (!tune_han_redundant(T->o.sizes[k], h->sp->segs, h->combo[j].seg))
                idx[n++] = j;
        tune_han_measure(T, h, T->o.sizes[k], idx, n, "han-exhaustive", med);
        for (j = 1; j < n; j++)
            if (med[j] < med[at])
                at = j;
        r->best[k] = idx[at], r->bestt[k] = med[at], r->pick_ex[k] = HUGE_VAL;
        for (j = 0; j < n; j++)
            if (idx[j] == r->pick[k])
                r->pick_ex[k] = med[j];
        r->agree += tune_han_agrees(r->pick_ex[k], r->bestt[k], TUNE_HAN_AGREE);
    }
}

/** @brief Rank 0's report of one study. */
static void tune_han_report(const tuner *T, const tune_han *h, const tune_han_result *r, int exhaustive)
{
    int k, ntask = tune_han_ntask(h->sp);
    printf("\n%s on %d processes, %d nodes: HAN's task model (%d segment lengths x %d tasks, top %d measured)%s\n",
           h->sp->title, T->p, h->nnodes, r->nl, ntask, TUNE_HAN_TOP,
           exhaustive ? " against the exhaustive search of the same space" : "");
    printf("  %10s  %-40s %11s", "bytes",
           h->sp->nintra > 1 ? "model pick (segsize, inter, intra)" : "model pick (segsize, inter)", "pick (us)");
    if (exhaustive)
        printf("  %-40s %11s %11s %6s", "exhaustive winner", "best (us)", "pick@ex(us)", "agree");
    printf("\n");
    for (k = 0; k < T->o.nsizes; k++) {
        printf("  %10ld  %-40s %11.2f", T->o.sizes[k], h->combo[r->pick[k]].ch.text, r->pickt[k] * 1e6);
        if (exhaustive)
            printf("  %-40s %11.2f %11.2f %6s", h->combo[r->best[k]].ch.text, r->bestt[k] * 1e6, r->pick_ex[k] * 1e6,
                   tune_han_agrees(r->pick_ex[k], r->bestt[k], TUNE_HAN_AGREE) ? "yes" : "NO");
        printf("\n");
    }
    printf("  han-model: measurement time %.6f s (MPI_Wtime), %ld calls, %.2f s CPU\n", r->mw, r->mc, r->mr);
    if (exhaustive) {
        printf("  han-exhaustive: measurement time %.6f s (MPI_Wtime), %ld calls, %.2f s CPU\n", r->ew, r->ec, r->er);
        printf("  han-summary: saving %.1f%% of the measurement time (%.1f%% of the calls), same winner within "
               "%.0f%% at %d of %d sizes (%.0f%%)\n",
               100 * tune_han_saving(r->mw, r->ew), 100 * tune_han_saving((double)r->mc, (double)r->ec),
               100 * TUNE_HAN_AGREE, r->agree, T->o.nsizes, 100.0 * r->agree / T->o.nsizes);
    }
    fflush(stdout);
}

/** @brief One HAN study over space @p sp (the file comment); rank 0 prints the report.
 *         @return 0, or 1 on an MPI error. */
static int tune_han_study(tuner *T, const tune_han_space *sp, int exhaustive)
{
    tune_han h;
    long len[TUNE_MAX_SIZES * TUNE_HAN_NSEGS];
    double t[TUNE_MAX_SIZES * TUNE_HAN_NSEGS][TUNE_HAN_MAXTASK];
    tune_han_result r;
    memset(&r, 0, sizeof r);
    if (tune_han_setup(T, &h, sp) != MPI_SUCCESS) {
        if (T->rank == 0)
            fprintf(stderr, "collalg-tune: --han-model: the node level or the scratch of %s failed\n", sp->title);
        tune_han_free(&h);
        return 1;
    }
    r.nl = tune_han_tasks(T, &h, len, t);
    tune_han_model_search(T, &h, len, r.nl, t, &r);
    r.mw = h.wtime, r.mr = h.real, r.mc = h.calls;
    if (exhaustive) {
        h.wtime = h.real = 0, h.calls = 0;
        tune_han_exhaustive_search(T, &h, &r);
        r.ew = h.wtime, r.er = h.real, r.ec = h.calls;
    }
    if (T->rank == 0 && !T->stopped)
        tune_han_report(T, &h, &r, exhaustive);
    tune_han_free(&h);
    return 0;
}

/** @brief The HAN mode: the study of bcast han and of allreduce han, for those of the two that
 *         --collectives selects. @return 0, or 1 when a study failed. */
static int tune_han_mode(tuner *T, int exhaustive)
{
    int status = 0;
    if (T->o.want[TUNE_BCAST])
        status |= tune_han_study(T, &tune_han_bcast_space, exhaustive);
    if (T->o.want[TUNE_ALLREDUCE] && !T->stopped)
        status |= tune_han_study(T, &tune_han_allreduce_space, exhaustive);
    return status;
}

#endif /* COLLALG_SRC_TUNE_HAN_H */
