/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/schedule/csm_program.h
 * @ingroup bcast
 * @brief Copy/Split/Merge broadcast programs without MPI: syntax, validation, the state of each
 *        rank after each step, named presets and the enumeration of every program
 *        (Imamura's slides, "Simple re-definition of the binary algorithms").
 *
 * This header makes no MPI call and includes no MPI header, so the tuner and the unit tests can
 * use it alone; bcast/csm.h executes the programs.
 *
 * @par Programs
 * For p = 2^k ranks, taken relative to the root (v = (rank - root) mod p), dimension d
 * (0 <= d < k) pairs v with v XOR 2^d. A program is a word over three primitives:
 * - C(d), Copy: every rank holding data sends all it holds to its partner across d;
 * - S(d), Split: every rank holding data keeps the lower half of its range and sends the upper
 *   half to its partner across d, which becomes responsible for it;
 * - M(d), Merge: the partners across d exchange their halves, so both hold the union.
 *
 * @par Syntax
 * A program string is a sequence of tokens, each a letter C, S or M (either case) followed by
 * the dimension in decimal, optionally in parentheses; tokens may be separated by blanks or
 * commas: "C0 S1 S2 M2 M1", "c0s1s2m2m1" and "C(0),S(1),S(2),M(2),M(1)" are the same program.
 * The array form is collalg_bcast_csm_step[] (collalg_bcast_csm_parse() fills one;
 * collalg_bcast_csm_format() prints one). The programs this header writes use the first form.
 *
 * @par Validity
 * A program is valid for p = 2^k when each dimension 0 .. k-1 appears either in exactly one C
 * step or in exactly one S step and one later M step, and the S/M pairs nest like parentheses
 * (M(d) always closes the most recent S that is still open). For p = 1 (k = 0) only the empty
 * program is valid. A program has at most 2k <= COLLALG_BCAST_CSM_MAX_STEPS steps.
 *
 * @par Semantics (the state of every rank before and after each step)
 * Before step t, call "opened" the dimensions of the C and S steps before t, and "open splits"
 * the S steps before t not yet merged, in order d_1, ..., d_j (a stack, d_j on top).
 * - Rank v holds data before step t exactly when v's bits in all dimensions not yet opened are 0
 *   (the root alone at t = 0).
 * - The range of a rank v is [0, count) halved once per open split, in stack order: for d_i it
 *   keeps the lower half [lo, mid) if bit d_i of v is 0, the upper half [mid, hi) if it is 1,
 *   with mid = lo + ceil((hi - lo) / 2) (collalg_bcast_csm_split()). A rank that holds data
 *   holds exactly its range.
 * - C(d) (d not opened): every holder v (bit d of v is 0) sends its range to v + 2^d, whose range
 *   is the same (the two differ only in bit d, which is not among the open splits).
 * - S(d) (d not opened): every holder v sends the upper half of its range to v + 2^d; d is
 *   pushed, so v's range becomes the lower half and v + 2^d's the upper half.
 * - M(d) (d on top of the stack): every holder v exchanges its range with v XOR 2^d; d is popped
 *   and both ranges become their union, the range before S(d).
 *
 * Each step keeps both facts true (by the nesting rule, M(d) only ever undoes the innermost
 * split, so the two halves it joins are exactly the partners' ranges). After the last step of
 * a valid program every dimension is opened and no split is open, so every rank holds
 * [0, count): every valid program is a correct broadcast, and the bytes it moves are the
 * root's, since a rank only ever sends a range it holds.
 *
 * @par Counting and rank orderings
 * Renaming the dimensions of a valid program by a permutation of 0 .. k-1 gives another valid
 * program: the same algorithm on a different rank ordering. The slides count the programs up to
 * this renaming (6, 22, 90 for p = 4, 8, 16): a program is canonical when its C/S steps open the
 * dimensions in the order 0, 1, ..., k-1 (ascending: near-first, partners at distance 1 first) or
 * k-1, ..., 0 (descending: far-first). The number of canonical programs is
 * sum_j Catalan(j) * binomial(k + j, k - j) over j = 0 .. k S/M pairs; with every renaming, k!
 * times as many (12, 132, 2160).
 */
#ifndef COLLALG_BCAST_CSM_PROGRAM_H
#define COLLALG_BCAST_CSM_PROGRAM_H

#include <stddef.h>
#include <string.h>

/** @brief Most dimensions a program can have (p <= INT_MAX, so k <= 30). */
#define COLLALG_BCAST_CSM_MAX_DIMS 30
/** @brief Most steps of a program (2 per dimension). */
#define COLLALG_BCAST_CSM_MAX_STEPS (2 * COLLALG_BCAST_CSM_MAX_DIMS)
/** @brief Buffer size that holds any program this header writes (tokens "X12 ", NUL). */
#define COLLALG_BCAST_CSM_MAX_TEXT (4 * COLLALG_BCAST_CSM_MAX_STEPS + 1)

/** @brief Dimension order of presets and of the enumeration. */
enum collalg_bcast_csm_order {
    COLLALG_BCAST_CSM_ASCENDING = 0,  /**< dimensions opened 0, 1, ..., k-1 (near-first) */
    COLLALG_BCAST_CSM_DESCENDING = 1, /**< dimensions opened k-1, ..., 0 (far-first) */
    COLLALG_BCAST_CSM_ALL_ORDERS = 2  /**< enumeration only: every renaming of the dimensions */
};

/** @brief One step of a program (the array form). */
typedef struct collalg_bcast_csm_step {
    char op; /**< 'C', 'S' or 'M' */
    int dim; /**< hypercube dimension, 0 <= dim < k */
} collalg_bcast_csm_step;

/**
 * @brief k with p' = 2^k for the power of two p' <= @p p the programs run on.
 * @param[in] p the number of processes, >= 1.
 * @return k = floor(log2 p).
 */
static inline int collalg_bcast_csm_dims(int p)
{
    int k = 0;
    while (k < COLLALG_BCAST_CSM_MAX_DIMS && (1L << (k + 1)) <= (long)p)
        k++;
    return k;
}

/**
 * @brief Checks the array form: @p n steps valid for 2^@p k ranks (see Validity).
 * @param[in] steps the program, @p n steps.
 * @param[in] n the number of steps, >= 0.
 * @param[in] k the number of hypercube dimensions, 0 <= k <= COLLALG_BCAST_CSM_MAX_DIMS.
 * @return 1 when valid, 0 otherwise.
 */
static inline int collalg_bcast_csm_valid(const collalg_bcast_csm_step *steps, int n, int k)
{
    int used[COLLALG_BCAST_CSM_MAX_DIMS], stack[COLLALG_BCAST_CSM_MAX_DIMS];
    int i, depth = 0;
    if (k < 0 || k > COLLALG_BCAST_CSM_MAX_DIMS || n < 0 || n > 2 * k)
        return 0;
    for (i = 0; i < k; i++)
        used[i] = 0;
    for (i = 0; i < n; i++) {
        int d = steps[i].dim;
        if (d < 0 || d >= k)
            return 0;
        if (steps[i].op == 'M') {
            if (depth == 0 || stack[depth - 1] != d)
                return 0;
            depth--;
        } else if (steps[i].op == 'C' || steps[i].op == 'S') {
            if (used[d])
                return 0;
            used[d] = 1;
            if (steps[i].op == 'S')
                stack[depth++] = d;
        } else {
            return 0;
        }
    }
    for (i = 0; i < k; i++)
        if (!used[i])
            return 0;
    return depth == 0;
}

/**
 * @brief Parses the string form (see Syntax) and validates it for 2^@p k ranks.
 * @param[in] text the program as a NUL-terminated string, e.g. "S0 C1 M0".
 * @param[in] k the number of hypercube dimensions, 0 <= k <= COLLALG_BCAST_CSM_MAX_DIMS.
 * @param[out] steps receives up to COLLALG_BCAST_CSM_MAX_STEPS steps
 * @param[out] n receives the number of steps
 * @return 0 when @p text is a valid program, -1 otherwise (syntax, or see Validity).
 */
static inline int collalg_bcast_csm_parse(const char *text, int k, collalg_bcast_csm_step *steps, int *n)
{
    const char *s = text;
    *n = 0;
    if (!s)
        return -1;
    for (;;) {
        char op;
        int d = 0, digits = 0, paren = 0;
        while (*s == ' ' || *s == ',' || *s == '\t' || *s == '\n')
            s++;
        if (!*s)
            break;
        op = *s >= 'a' && *s <= 'z' ? (char)(*s - 'a' + 'A') : *s;
        if ((op != 'C' && op != 'S' && op != 'M') || *n == COLLALG_BCAST_CSM_MAX_STEPS)
            return -1;
        s++;
        if (*s == '(') {
            paren = 1;
            s++;
        }
        for (; *s >= '0' && *s <= '9'; s++, digits++) {
            if (d > COLLALG_BCAST_CSM_MAX_DIMS)
                return -1;
            d = 10 * d + (*s - '0');
        }
        if (digits == 0 || (paren && *s++ != ')'))
            return -1;
        steps[*n].op = op;
        steps[*n].dim = d;
        (*n)++;
    }
    return collalg_bcast_csm_valid(steps, *n, k) ? 0 : -1;
}

/**
 * @brief Prints @p n steps as "C0 S1 M1" into @p buf of @p size bytes (NUL-terminated).
 * @param[in] steps the program, @p n steps.
 * @param[in] n the number of steps, >= 0.
 * @param[out] buf receives the string form.
 * @param[in] size bytes of @p buf.
 * @return the length written, or -1 when @p buf is too small (COLLALG_BCAST_CSM_MAX_TEXT always
 *         suffices for a valid program).
 */
static inline int collalg_bcast_csm_format(const collalg_bcast_csm_step *steps, int n, char *buf, size_t size)
{
    size_t len = 0;
    int i;
    if (size == 0)
        return -1;
    buf[0] = '\0';
    for (i = 0; i < n; i++) {
        char tok[16];
        int t = 0, d = steps[i].dim, div = 1;
        if (i > 0)
            tok[t++] = ' ';
        tok[t++] = steps[i].op;
        if (d < 0 || d > 99)
            return -1;
        while (d / div >= 10)
            div *= 10;
        for (; div > 0; div /= 10)
            tok[t++] = (char)('0' + d / div % 10);
        if (len + (size_t)t + 1 > size)
            return -1;
        memcpy(buf + len, tok, (size_t)t);
        len += (size_t)t;
        buf[len] = '\0';
    }
    return (int)len;
}

/**
 * @brief The split point of range [lo, hi): lo + ceil((hi - lo) / 2) (lower half the larger).
 * @param[in] lo the first element of the range.
 * @param[in] hi one past the last element of the range, >= @p lo.
 * @return the first element of the upper half.
 */
static inline long long collalg_bcast_csm_split(long long lo, long long hi)
{
    return lo + (hi - lo + 1) / 2;
}

/**
 * @brief The state of relative rank @p v before step @p t (0 <= t <= n) of a valid program of
 *        @p n steps, on a message of @p count elements (see Semantics).
 * @param[in] steps a valid program of @p n steps.
 * @param[in] n the number of steps.
 * @param[in] t the step, 0 <= t <= n (t = n: the state after the program).
 * @param[in] v the relative rank (rank - root) mod p', 0 <= v < p'.
 * @param[in] count the number of elements of the message, >= 0.
 * @param[out] lo receives the first element of v's range
 * @param[out] hi receives one past the last element of v's range
 * @return 1 when v holds data (its range) before step t, 0 when it holds nothing yet.
 */
static inline int collalg_bcast_csm_state(const collalg_bcast_csm_step *steps, int n, int t, int v, int count,
                                          long long *lo, long long *hi)
{
    long long slo[COLLALG_BCAST_CSM_MAX_DIMS], shi[COLLALG_BCAST_CSM_MAX_DIMS];
    unsigned long opened = 0;
    int i, depth = 0;
    *lo = 0;
    *hi = count;
    for (i = 0; i < t && i < n; i++) {
        int d = steps[i].dim;
        if (steps[i].op == 'S') {
            long long mid = collalg_bcast_csm_split(*lo, *hi);
            slo[depth] = *lo;
            shi[depth++] = *hi;
            if ((v >> d) & 1)
                *lo = mid;
            else
                *hi = mid;
        } else if (steps[i].op == 'M' && depth > 0) {
            *lo = slo[--depth];
            *hi = shi[depth];
        }
        if (steps[i].op != 'M')
            opened |= 1UL << d;
    }
    return ((unsigned long)v & ~opened) == 0;
}

/* ---- Presets ------------------------------------------------------------------------------ */

/**
 * @brief Hybrid1(j) of the slides for p' = 2^k (the power of two <= @p p): S steps on the
 *        first j + 1 dimensions, C steps on the others, then the M steps closing the splits:
 *        ascending, "S0 .. Sj C(j+1) .. C(k-1) Mj .. M0"; descending, the same with every
 *        dimension d renamed k-1-d. j = -1 is the binomial tree (all C), j = k-1 van de Geijn
 *        (all S then all M).
 * @param[in] p the number of processes, >= 1.
 * @param[in] j -1 <= j <= k-1
 * @param[in] order COLLALG_BCAST_CSM_ASCENDING or COLLALG_BCAST_CSM_DESCENDING
 * @param[out] buf receives the program (COLLALG_BCAST_CSM_MAX_TEXT bytes always suffice)
 * @param[in] size bytes of @p buf
 * @return the program's length, or -1 for p < 1, j or order out of range, or a short buffer.
 */
static inline int collalg_bcast_csm_hybrid1(int p, int j, int order, char *buf, size_t size)
{
    collalg_bcast_csm_step steps[COLLALG_BCAST_CSM_MAX_STEPS];
    int i, n = 0, k;
    if (p < 1 || (order != COLLALG_BCAST_CSM_ASCENDING && order != COLLALG_BCAST_CSM_DESCENDING))
        return -1;
    k = collalg_bcast_csm_dims(p);
    if (j < -1 || j > k - 1)
        return -1;
    for (i = 0; i < k; i++) {
        steps[n].op = i <= j ? 'S' : 'C';
        steps[n++].dim = i;
    }
    for (i = j; i >= 0; i--) {
        steps[n].op = 'M';
        steps[n++].dim = i;
    }
    if (order == COLLALG_BCAST_CSM_DESCENDING)
        for (i = 0; i < n; i++)
            steps[i].dim = k - 1 - steps[i].dim;
    return collalg_bcast_csm_format(steps, n, buf, size);
}

/**
 * @brief The binomial tree (all C), i.e. Hybrid1(-1).
 * @param[in] p the number of processes, >= 1.
 * @param[in] order COLLALG_BCAST_CSM_ASCENDING or COLLALG_BCAST_CSM_DESCENDING
 * @param[out] buf receives the program (COLLALG_BCAST_CSM_MAX_TEXT bytes always suffice)
 * @param[in] size bytes of @p buf
 * @return the program's length, or -1 for p < 1, order out of range, or a short buffer.
 */
static inline int collalg_bcast_csm_binomial(int p, int order, char *buf, size_t size)
{
    return collalg_bcast_csm_hybrid1(p, -1, order, buf, size);
}

/**
 * @brief Van de Geijn (all S then all M), i.e. Hybrid1(k-1).
 * @param[in] p the number of processes, >= 1.
 * @param[in] order COLLALG_BCAST_CSM_ASCENDING or COLLALG_BCAST_CSM_DESCENDING
 * @param[out] buf receives the program (COLLALG_BCAST_CSM_MAX_TEXT bytes always suffice)
 * @param[in] size bytes of @p buf
 * @return the program's length, or -1 for p < 1, order out of range, or a short buffer.
 */
static inline int collalg_bcast_csm_van_de_geijn(int p, int order, char *buf, size_t size)
{
    return collalg_bcast_csm_hybrid1(p, collalg_bcast_csm_dims(p > 0 ? p : 1) - 1, order, buf, size);
}

/* ---- Enumeration -------------------------------------------------------------------------- */

/**
 * @brief Called once per program by collalg_bcast_csm_enumerate().
 * @param[in] program the program, NUL-terminated (valid only during the call)
 * @param[in] arg the caller's pointer
 * @return 0 to go on, non-zero to stop the enumeration.
 */
typedef int (*collalg_bcast_csm_visit)(const char *program, void *arg);

/** @brief State of one enumeration (private). */
typedef struct collalg__csm_enum {
    int k;                                   /**< dimensions */
    int order;                               /**< an enum collalg_bcast_csm_order */
    collalg_bcast_csm_visit visit;           /**< callback, or NULL to count only */
    void *arg;                               /**< callback argument */
    long count;                              /**< programs visited so far */
    int stop;                                /**< set when the callback asked to stop */
    char shape[COLLALG_BCAST_CSM_MAX_STEPS]; /**< 'C', 'S', 'M' of the current word */
    int unit[COLLALG_BCAST_CSM_MAX_STEPS];   /**< opening index (0 .. k-1) of each step's dimension */
    int perm[COLLALG_BCAST_CSM_MAX_DIMS];    /**< dimension given to each opening index */
} collalg__csm_enum;

/** @brief Next permutation of @p a[0..n) in lexicographic order; 0 after the last one. */
static inline int collalg__csm_next_perm(int *a, int n)
{
    int i = n - 2, j, t;
    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i < 0)
        return 0;
    for (j = n - 1; a[j] <= a[i]; j--)
        ;
    t = a[i];
    a[i] = a[j];
    a[j] = t;
    for (i++, j = n - 1; i < j; i++, j--) {
        t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
    return 1;
}

/** @brief Visits the complete word in e->shape (length @p n) under the dimension naming(s). */
static inline void collalg__csm_emit(collalg__csm_enum *e, int n)
{
    collalg_bcast_csm_step steps[COLLALG_BCAST_CSM_MAX_STEPS];
    char text[COLLALG_BCAST_CSM_MAX_TEXT];
    int i, more = 1;
    for (i = 0; i < e->k; i++)
        e->perm[i] = e->order == COLLALG_BCAST_CSM_DESCENDING ? e->k - 1 - i : i;
    while (more && !e->stop) {
        e->count++;
        if (e->visit) {
            for (i = 0; i < n; i++) {
                steps[i].op = e->shape[i];
                steps[i].dim = e->perm[e->unit[i]];
            }
            collalg_bcast_csm_format(steps, n, text, sizeof text);
            e->stop = e->visit(text, e->arg) != 0;
        }
        more = e->order == COLLALG_BCAST_CSM_ALL_ORDERS && collalg__csm_next_perm(e->perm, e->k);
    }
}

/**
 * @brief Extends the word e->shape[0..n) (@p opened units so far, @p depth open splits whose
 *        opening indices are in @p stack) by every possible next step, depth first.
 */
static inline void collalg__csm_grow(collalg__csm_enum *e, int n, int opened, int depth, int *stack)
{
    if (e->stop)
        return;
    if (opened == e->k && depth == 0) {
        collalg__csm_emit(e, n);
        return;
    }
    if (opened < e->k) {
        e->shape[n] = 'C';
        e->unit[n] = opened;
        collalg__csm_grow(e, n + 1, opened + 1, depth, stack);
        e->shape[n] = 'S';
        e->unit[n] = opened;
        stack[depth] = opened;
        collalg__csm_grow(e, n + 1, opened + 1, depth + 1, stack);
    }
    if (depth > 0) {
        e->shape[n] = 'M';
        e->unit[n] = stack[depth - 1];
        collalg__csm_grow(e, n + 1, opened, depth - 1, stack);
        stack[depth - 1] = e->unit[n];
    }
}

/**
 * @brief Enumerates the programs for p' = 2^k, the largest power of two <= @p p (the programs
 *        collalg_bcast_csm() runs on p ranks).
 *
 * Canonical programs (see Counting) come in a fixed order: depth first, at each position C
 * before S before M. With COLLALG_BCAST_CSM_ALL_ORDERS each canonical program is followed by its
 * k! - 1 other dimension namings (every valid program exactly once).
 * @param[in] p number of ranks, >= 1
 * @param[in] order COLLALG_BCAST_CSM_ASCENDING (canonical, dimensions opened 0, 1, ...),
 *        COLLALG_BCAST_CSM_DESCENDING (canonical, k-1, k-2, ...) or COLLALG_BCAST_CSM_ALL_ORDERS
 * @param[in] visit called with each program; NULL only counts
 * @param[in] arg passed to @p visit
 * @return the number of programs visited (6, 22, 90 canonical programs for p = 4, 8, 16; 1 for
 *         p = 1; 2 for p = 2), fewer if @p visit stopped early; -1 for p < 1 or a bad @p order.
 */
static inline long collalg_bcast_csm_enumerate(int p, int order, collalg_bcast_csm_visit visit, void *arg)
{
    collalg__csm_enum e;
    int stack[COLLALG_BCAST_CSM_MAX_DIMS];
    if (p < 1 || order < COLLALG_BCAST_CSM_ASCENDING || order > COLLALG_BCAST_CSM_ALL_ORDERS)
        return -1;
    memset(&e, 0, sizeof e);
    e.k = collalg_bcast_csm_dims(p);
    e.order = order;
    e.visit = visit;
    e.arg = arg;
    collalg__csm_grow(&e, 0, 0, 0, stack);
    return e.count;
}

#endif /* COLLALG_BCAST_CSM_PROGRAM_H */
