/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/core/phase_sync.h
 * @brief The two synchronisations of Faraj & Yuan (ICS'05, §3.1, cost model): the light-weight
 *        barrier (delta_l) and the MPI barrier (delta_h).
 *
 * Light-weight barrier: before a phase, a rank tells the rank that will send to it in that
 * phase that it has finished receiving the previous phase, and waits for the same word from the
 * rank it will send to. Only pairs that could contend at a receiver synchronise; a sender never
 * reaches a receiver still busy with the previous phase, so node contention disappears without
 * a system-wide barrier. MPI barrier: MPI_Barrier over the private communicator, which makes the
 * phases run in lock step.
 */
#ifndef COLLALG_CORE_PHASE_SYNC_H
#define COLLALG_CORE_PHASE_SYNC_H

#include "config.h"
#include "tags.h"
#include "../schedule/common.h"

/**
 * @brief Light-weight barrier before a phase: zero-byte token to @p next_from (the rank this
 *        rank receives from in the coming phase), token awaited from @p next_to (the rank it
 *        sends to). Call it only after this rank's receive of the previous phase completed.
 *        Ranks equal to MPI_PROC_NULL are skipped. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__light_barrier(MPI_Comm pcomm, int next_from, int next_to)
{
    return COLLALG_MPI(Sendrecv)(NULL, 0, MPI_BYTE, next_from, COLLALG_TAG_TOKEN, NULL, 0, MPI_BYTE, next_to,
                                 COLLALG_TAG_TOKEN, pcomm, MPI_STATUS_IGNORE);
}

/** @brief The heavy-weight barrier: MPI_Barrier on the private communicator. */
COLLALG_INLINE int collalg__mpi_barrier(MPI_Comm pcomm)
{
    return COLLALG_MPI(Barrier)(pcomm);
}

/**
 * @brief Barriers of the "N MPI barriers" variants, one phase at a time.
 *
 * Usage: `collalg__nbarrier nb; collalg__nbarrier_init(&nb, nphases, N);` then after each phase
 * s (0-based) `err = collalg__nbarrier_after_phase(&nb, s, pcomm);`. The N barriers go after
 * the phases given by collalg__barrier_after() (schedule/common.h): evenly spread, never after the
 * last phase.
 */
typedef struct collalg__nbarrier {
    int nphases; /**< phases of the algorithm */
    int n;       /**< barriers to place, 0 <= n <= nphases - 1 */
    int next;    /**< index (1-based) of the next barrier to place */
} collalg__nbarrier;

/** @brief Starts placing @p n barriers among @p nphases phases. */
COLLALG_INLINE void collalg__nbarrier_init(collalg__nbarrier *nb, int nphases, int n)
{
    nb->nphases = nphases;
    nb->n = n;
    nb->next = 1;
}

/** @brief Runs the MPI barrier that follows phase @p s, if any. @return MPI error code. */
COLLALG_INLINE int collalg__nbarrier_after_phase(collalg__nbarrier *nb, int s, MPI_Comm pcomm)
{
    int err = MPI_SUCCESS;
    while (nb->next <= nb->n && collalg__barrier_after(nb->next, nb->nphases, nb->n) == s) {
        err = collalg__mpi_barrier(pcomm);
        nb->next++;
        if (err != MPI_SUCCESS)
            break;
    }
    return err;
}

/** @brief How a phased algorithm synchronises between its phases (the ring and pair families). */
enum collalg__sync_kind {
    COLLALG_SYNC_NONE = 0,  /**< phases run asynchronously */
    COLLALG_SYNC_LIGHT = 1, /**< light-weight barrier between phases (p - 2 of them for p - 1 phases) */
    COLLALG_SYNC_MPI = 2,   /**< MPI barrier between every two phases */
    COLLALG_SYNC_NMPI = 3   /**< N MPI barriers spread over the phases */
};

/** @brief Synchronisation state of one phased call. */
typedef struct collalg__phase_sync {
    enum collalg__sync_kind kind; /**< which synchronisation */
    collalg__nbarrier nb;         /**< barrier placement (COLLALG_SYNC_NMPI) */
} collalg__phase_sync;

/**
 * @brief Sets up @p ps for @p nphases phases; @p nbarriers is N for COLLALG_SYNC_NMPI (already
 *        checked to lie in [0, nphases - 1]) and ignored otherwise.
 */
COLLALG_INLINE void collalg__phase_sync_init(collalg__phase_sync *ps, enum collalg__sync_kind kind, int nphases,
                                             int nbarriers)
{
    ps->kind = kind;
    collalg__nbarrier_init(&ps->nb, nphases, kind == COLLALG_SYNC_NMPI ? nbarriers : 0);
}

/**
 * @brief The synchronisation between phase @p s and phase s + 1 (0-based; call it for
 *        s = 0 .. nphases - 2, after phase s completed on this rank). @p next_from and
 *        @p next_to are this rank's peers in phase s + 1 (MPI_PROC_NULL when it is idle).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__phase_sync_between(collalg__phase_sync *ps, int s, MPI_Comm pcomm, int next_from,
                                               int next_to)
{
    switch (ps->kind) {
    case COLLALG_SYNC_LIGHT: return collalg__light_barrier(pcomm, next_from, next_to);
    case COLLALG_SYNC_MPI: return collalg__mpi_barrier(pcomm);
    case COLLALG_SYNC_NMPI: return collalg__nbarrier_after_phase(&ps->nb, s, pcomm);
    default: return MPI_SUCCESS;
    }
}

/**
 * @brief Checks N of an "N MPI barriers" algorithm with @p nphases phases, resolving the
 *        default: N = 0 selects max(1, (nphases - 1) / 2) barriers (none when nphases < 2).
 * @return MPI_SUCCESS with *n_out set, or MPI_ERR_ARG when N < 0 or N > nphases - 1 (and
 *         nphases >= 2; for fewer phases any N >= 0 means "no barrier").
 */
COLLALG_INLINE int collalg__nbarriers_resolve(int n, int nphases, int *n_out)
{
    int gaps = nphases > 1 ? nphases - 1 : 0;
    *n_out = 0;
    if (n < 0 || (gaps > 0 && n > gaps))
        return MPI_ERR_ARG;
    if (gaps == 0)
        return MPI_SUCCESS;
    *n_out = n > 0 ? n : (gaps / 2 > 1 ? gaps / 2 : 1);
    return MPI_SUCCESS;
}

#endif /* COLLALG_CORE_PHASE_SYNC_H */
