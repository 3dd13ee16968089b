/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/steps.h
 * @brief A schedule as data: one rank's part of a collective as steps (send, receive, local
 *        copy, local reduction) with the steps each one waits for. No MPI.
 *
 * The nonblocking collectives are built from these: a builder (schedule/icoll.h) is a pure
 * function of (rank, p, root, counts, parameters) that appends steps; the executor
 * (core/nbc.h) starts every step whose dependencies are complete, without blocking, until all
 * are. The same builder runs twice: once on a counting schedule (collalg__steps_counting()),
 * which only counts steps and dependencies, then on one with exactly that room, so a builder
 * never allocates and never runs out of space.
 *
 * @par Buffers and pieces
 * A step names its data as a piece: a buffer, the first element and a number of elements.
 * Buffers are numbered: COLLALG_BUF_SEND (the send buffer, in elements of the send type),
 * COLLALG_BUF_RECV (the receive buffer, in elements of the receive type; the root's or every
 * rank's, as the collective defines) and COLLALG_BUF_TMP (scratch the executor allocates for
 * collalg__steps::tmp_count elements of the receive type). The executor turns a piece into an
 * address (base + first * extent) and a count of the buffer's datatype.
 *
 * @par Per-peer datatypes
 * A buffer may instead hold blocks of different datatypes (MPI_Alltoallw): its pieces then name
 * their datatype by an index into the buffer's table (block j: entry j), start at a byte offset,
 * and count elements of that datatype; COLLALG_TYPE_BYTES names raw bytes. COLLALG_BUF_TMP uses
 * the receive buffer's table.
 *
 * @par Operand order
 * A reduction step computes dst = src op dst (MPI_Reduce_local's inbuf op inoutbuf): src holds
 * the contribution of the lower ranks. Builders that keep the standard's rank order say so and
 * choose src and dst accordingly; the unit tests check the order with a non-commutative
 * operation (tests/test_steps.c).
 *
 * @par Ordering between steps
 * A step starts once every step it depends on has completed (a send or receive: its message has
 * been matched; a copy or reduction: done). Steps with no dependency start at once. Messages
 * between two ranks follow MPI's non-overtaking rule: two sends to the same peer are matched by
 * that peer's receives in the order each side started them, so a builder that starts several
 * messages to one peer at the same time relies on the start order (the executor starts ready
 * steps in index order).
 */
#ifndef COLLALG_SCHEDULE_STEPS_H
#define COLLALG_SCHEDULE_STEPS_H

/** @brief Kinds of step. */
enum collalg__step_kind {
    COLLALG_STEP_SEND = 1, /**< send piece src to peer */
    COLLALG_STEP_RECV,     /**< receive from peer into piece dst */
    COLLALG_STEP_COPY,     /**< copy piece src to piece dst (same number of elements) */
    COLLALG_STEP_REDUCE    /**< dst = src op dst, element by element */
};

/** @brief Buffers a piece may name (see the file comment). */
enum collalg__buf_id {
    COLLALG_BUF_SEND = 0, /**< the send buffer, in elements of the send type */
    COLLALG_BUF_RECV = 1, /**< the receive buffer, in elements of the receive type */
    COLLALG_BUF_TMP = 2,  /**< scratch of tmp_count elements of the receive type */
    COLLALG_NBUF = 3      /**< number of buffers */
};

/** @brief Part of a buffer: elements [first, first + count) of buffer buf. */
typedef struct collalg__piece {
    int buf;         /**< a collalg__buf_id */
    long long first; /**< first element (a byte offset in a buffer of per-peer datatypes) */
    long long count; /**< number of elements (>= 0) */
    int type;        /**< COLLALG_TYPE_BUFFER, COLLALG_TYPE_BYTES, or the index of a per-peer
                          datatype (see "Per-peer datatypes" above) */
} collalg__piece;

/** @brief A piece in elements of its buffer's datatype. */
#define COLLALG_TYPE_BUFFER (-1)
/** @brief A piece of raw bytes (MPI_BYTE). */
#define COLLALG_TYPE_BYTES (-2)

/** @brief One step of a schedule. */
typedef struct collalg__step {
    int kind;           /**< a collalg__step_kind */
    int peer;           /**< SEND and RECV: the other rank (in the communicator) */
    collalg__piece src; /**< SEND, COPY, REDUCE: the data read */
    collalg__piece dst; /**< RECV, COPY, REDUCE: the data written */
    int dep_first;      /**< this step waits for deps[dep_first .. dep_first + ndeps) */
    int ndeps;          /**< number of dependencies */
} collalg__step;

/**
 * @brief One rank's schedule. A counting schedule (steps == NULL) only counts; a filled one has
 *        room for exactly the steps and dependencies the counting run found.
 */
typedef struct collalg__steps {
    collalg__step *steps; /**< the steps, in start order; NULL while counting */
    int *deps;            /**< indices of earlier steps, per step a run of them */
    int nsteps;           /**< steps appended so far */
    int ndeps;            /**< dependencies appended so far */
    int round_first;      /**< first step of the open round (collalg__steps_round()) */
    int prev_first;       /**< first step of the round before it */
    long long tmp_count;  /**< elements of COLLALG_BUF_TMP the schedule uses (receive type) */
} collalg__steps;

/** @brief A piece: elements [first, first + count) of buffer @p buf. */
static inline collalg__piece collalg__pc(int buf, long long first, long long count)
{
    collalg__piece x;
    x.buf = buf;
    x.first = first;
    x.count = count;
    x.type = COLLALG_TYPE_BUFFER;
    return x;
}

/** @brief A piece of @p count elements of datatype @p type (an index, or COLLALG_TYPE_BYTES) at
 *         byte @p first of buffer @p buf. */
static inline collalg__piece collalg__pct(int buf, long long first, long long count, int type)
{
    collalg__piece x = collalg__pc(buf, first, count);
    x.type = type;
    return x;
}

/**
 * @brief Block @p r of a buffer @p buf: elements [displs[r], displs[r] + counts[r]), or, when
 *        @p counts is NULL, the @p uniform elements at r * uniform.
 */
static inline collalg__piece collalg__vblock(int buf, const int *counts, const int *displs, long long uniform, int r)
{
    return counts ? collalg__pc(buf, displs[r], counts[r]) : collalg__pc(buf, (long long)r * uniform, uniform);
}

/** @brief Clears @p s for a counting run (no storage). */
static inline void collalg__steps_counting(collalg__steps *s)
{
    s->steps = 0;
    s->deps = 0;
    s->nsteps = s->ndeps = s->round_first = s->prev_first = 0;
    s->tmp_count = 0;
}

/** @brief Clears @p s for a filling run into @p steps and @p deps (sized by a counting run). */
static inline void collalg__steps_filling(collalg__steps *s, collalg__step *steps, int *deps)
{
    collalg__steps_counting(s);
    s->steps = steps;
    s->deps = deps;
}

/** @brief Makes @p s need at least @p count elements of COLLALG_BUF_TMP. */
static inline void collalg__steps_tmp(collalg__steps *s, long long count)
{
    if (count > s->tmp_count)
        s->tmp_count = count;
}

/**
 * @brief Appends a step with no dependency yet.
 * @return its index (dependencies are added with collalg__steps_dep() before the next step).
 */
static inline int collalg__steps_add(collalg__steps *s, int kind, int peer, collalg__piece src, collalg__piece dst)
{
    if (s->steps) {
        collalg__step *t = &s->steps[s->nsteps];
        t->kind = kind;
        t->peer = peer;
        t->src = src;
        t->dst = dst;
        t->dep_first = s->ndeps;
        t->ndeps = 0;
    }
    return s->nsteps++;
}

/** @brief Makes the last appended step wait for step @p on (an earlier one; -1: no-op). */
static inline void collalg__steps_dep(collalg__steps *s, int on)
{
    if (on < 0)
        return;
    if (s->steps) {
        s->deps[s->ndeps] = on;
        s->steps[s->nsteps - 1].ndeps++;
    }
    s->ndeps++;
}

/** @brief Makes the last appended step wait for every step of the previous round. */
static inline void collalg__steps_after_round(collalg__steps *s)
{
    int i;
    for (i = s->prev_first; i < s->round_first; i++)
        collalg__steps_dep(s, i);
}

/**
 * @brief Closes the open round: the steps appended from now on form a new round and, through
 *        collalg__steps_after_round(), wait for the round just closed (libnbc's rounds). An empty
 *        round is not closed, so every round waits for a non-empty one and the rounds form a
 *        chain.
 */
static inline void collalg__steps_round(collalg__steps *s)
{
    if (s->round_first == s->nsteps) /* an empty round: the open one stays open */
        return;
    s->prev_first = s->round_first;
    s->round_first = s->nsteps;
}

/**
 * @def COLLALG_PIECE_MAX
 * @brief Most elements one step moves: an MPI call takes an int count, so a longer piece (a
 *        reduction of p blocks, several blocks in one message) becomes several steps of at most
 *        this many elements, in order; sender and receiver cut a message alike, as they see the
 *        same count. Define it smaller before the first include to exercise the cut (the unit
 *        tests do).
 */
#ifndef COLLALG_PIECE_MAX
#define COLLALG_PIECE_MAX 2147483647LL
#endif

/**
 * @brief Appends a step of @p kind after the previous round, cut into steps of at most
 *        COLLALG_PIECE_MAX elements when its pieces are longer (pieces in elements of their
 *        buffer's datatype; a copy or reduction between two such pieces of one length). Pieces
 *        of a per-peer datatype or of raw bytes are byte-addressed and never cut: their counts
 *        are an MPI call's ints, and raw copies come in chunks already. Each step it makes also
 *        waits for steps [@p on_first, @p on_first + @p on_n) (a dependency beside the rounds,
 *        e.g. a window of messages in flight; @p on_n 0: none).
 * @return the index of its last step.
 */
static inline int collalg__steps_append_after(collalg__steps *s, int kind, int peer, collalg__piece src,
                                              collalg__piece dst, int on_first, int on_n)
{
    long long n = kind == COLLALG_STEP_RECV ? dst.count : src.count, done = 0;
    long long most = (kind == COLLALG_STEP_RECV ? dst.type : src.type) == COLLALG_TYPE_BUFFER ? COLLALG_PIECE_MAX : n;
    int i, d;
    do {
        long long c = n - done > most ? most : n - done;
        collalg__piece a = src, b = dst;
        if (kind != COLLALG_STEP_RECV) {
            a.first += done;
            a.count = c;
        }
        if (kind != COLLALG_STEP_SEND) {
            b.first += done;
            b.count = kind == COLLALG_STEP_COPY && n <= most ? dst.count : c;
        }
        i = collalg__steps_add(s, kind, peer, a, b);
        collalg__steps_after_round(s);
        for (d = 0; d < on_n; d++)
            collalg__steps_dep(s, on_first + d);
        done += c;
    } while (done < n);
    return i;
}

/** @brief collalg__steps_append_after() with no dependency beside the previous round.
 *         @return the index of its last step. */
static inline int collalg__steps_append(collalg__steps *s, int kind, int peer, collalg__piece src, collalg__piece dst)
{
    return collalg__steps_append_after(s, kind, peer, src, dst, 0, 0);
}

/** @brief The number of steps collalg__steps_append() makes of a step of @p kind on pieces @p src
 *         and @p dst: 1, or more when it cuts a long piece. */
static inline int collalg__steps_npieces(int kind, collalg__piece src, collalg__piece dst)
{
    collalg__piece x = kind == COLLALG_STEP_RECV ? dst : src;
    if (x.type != COLLALG_TYPE_BUFFER || x.count <= COLLALG_PIECE_MAX)
        return 1;
    return (int)((x.count + COLLALG_PIECE_MAX - 1) / COLLALG_PIECE_MAX);
}

/** @brief Appends a send of @p src to @p peer after the previous round. @return its (last) index. */
static inline int collalg__steps_send(collalg__steps *s, int peer, collalg__piece src)
{
    return collalg__steps_append(s, COLLALG_STEP_SEND, peer, src, collalg__pc(0, 0, 0));
}

/** @brief Appends a receive from @p peer into @p dst after the previous round. @return its (last)
 *         index. */
static inline int collalg__steps_recv(collalg__steps *s, int peer, collalg__piece dst)
{
    return collalg__steps_append(s, COLLALG_STEP_RECV, peer, collalg__pc(0, 0, 0), dst);
}

/** @brief Appends a copy of @p src to @p dst after the previous round. @return its (last) index. */
static inline int collalg__steps_copy(collalg__steps *s, collalg__piece src, collalg__piece dst)
{
    return collalg__steps_append(s, COLLALG_STEP_COPY, -1, src, dst);
}

/** @brief Appends dst = src op dst after the previous round. @return its (last) index. */
static inline int collalg__steps_reduce(collalg__steps *s, collalg__piece src, collalg__piece dst)
{
    return collalg__steps_append(s, COLLALG_STEP_REDUCE, -1, src, dst);
}

#endif /* COLLALG_SCHEDULE_STEPS_H */
