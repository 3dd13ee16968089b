/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file csm.h
 * @ingroup bcast
 * @brief Bcast, any Copy/Split/Merge program (Imamura's slides, "Simple re-definition of the
 *        binary algorithms" and "Bcast (broadcast)": Binomial, V.Geijn, Hybrid1, Hybrid2).
 *
 * The programs, their syntax, their validity rule, the exact range each rank holds before and
 * after each step, the presets (binomial, van de Geijn, Hybrid1(j), ascending or descending
 * dimensions) and the enumeration of all programs (6, 22, 90 for p = 4, 8, 16) are in
 * schedule/csm_program.h, which this header includes; it adds the executor.
 *
 * @par Phases
 * Ranks are taken relative to the root, relrank = (rank - root) mod p; pof2 = 2^k is the largest
 * power of two <= p.
 * -# Validation: the program is parsed and checked for k dimensions (schedule/csm_program.h, Validity)
 *    before any message; an invalid program gives MPI_ERR_ARG on every rank.
 * -# Program (ranks relrank < pof2): step t moves, between relrank and relrank XOR 2^d, exactly the
 *    ranges collalg_bcast_csm_state() gives: C(d), a holder sends its range to its partner; S(d), a
 *    holder sends the partner's new range (the upper half of its own); M(d), the partners
 *    exchange their ranges. Invariant: before step t, rank relrank holds its
 *    collalg_bcast_csm_state() range if that function says it holds data. Empty ranges are not
 *    sent.
 * -# Fold (only when p is not a power of two): relrank < p - pof2 sends the whole message to
 *    relrank + pof2.
 *
 * @par Trace, p = 6 (pof2 = 4), program "S1 C0 M1", count 4 = elements e0..e3
 * @verbatim
   S1:  0 -> 2: e2 e3          holds: 0 [e0 e1], 2 [e2 e3]
   C0:  0 -> 1: e0 e1,  2 -> 3: e2 e3    holds: 1 [e0 e1], 3 [e2 e3] too
   M1:  0 <-> 2, 1 <-> 3 (halves)        holds: 0..3 all
   fold: 0 -> 4, 1 -> 5 (all)
   @endverbatim
 *
 * @par Figure
 * Who sends to whom in each step, recorded from this code (see @ref figures), p = 6 and p = 8:
 * @image html bcast_csm_p6.svg
 * @image html bcast_csm_p8.svg
 *
 * @par Cost
 * Symbols as defined in @ref cost_model.
 * With n = count * size of datatype bytes: a C step with j splits open costs
 * alpha + (n / 2^j) beta; an S step with j splits open before it, alpha + (n / 2^(j+1)) beta;
 * an M step closing the (j+1)-th split, alpha + (n / 2^(j+1)) beta (a bidirectional exchange).
 * The binomial tree ("C0 .. C(k-1)") costs k(alpha + n beta); van de Geijn
 * ("S0 .. S(k-1) M(k-1) .. M0") 2k alpha + 2 ((pof2 - 1) / pof2) n beta. The fold adds alpha + n
 * beta when p != pof2.
 *
 * @par Restrictions
 * Any p >= 1, any root, any datatype; ranks may pass different datatypes with the same type
 * signature (the message is cut in bytes of the signature: family/bcast.h,
 * collalg__bcast_view). Every rank must pass the same program.
 *
 * @par Memory
 * The program is parsed into a fixed array of COLLALG_BCAST_CSM_MAX_STEPS steps on the stack.
 * For a datatype with gaps, count * size bytes of scratch (the byte view of family/bcast.h).
 *
 * @par References
 * T. Imamura, "Automatic Tuning for Collective Communication Operations" (slides), primitives
 * C^(d), S^(d), M^(d); "Bcast (broadcast)" 1-4; "Optimization": N_binary(4) = 6,
 * N_binary(8) = 22, N_binary(16) = 90; rank orderings NFFL / FFNL.
 */
#ifndef COLLALG_BCAST_CSM_H
#define COLLALG_BCAST_CSM_H

#include "../family/bcast.h"
#include "../schedule/csm_program.h"

/**
 * @brief Step @p t of a parsed program on relative rank @p relrank < pof2 (see the file comment).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__bcast_csm_exec_step(const collalg__ctx *c, void *buf, int count, MPI_Datatype type,
                                                MPI_Aint ext, int root, const collalg_bcast_csm_step *steps, int n,
                                                int t, int relrank)
{
    long long lo, hi, wlo, whi;
    int w = relrank ^ (1 << steps[t].dim), peer = collalg__bcast_abs(w, root, c->size);
    int holds = collalg_bcast_csm_state(steps, n, t, relrank, count, &lo, &hi);

    if (steps[t].op == 'M') {
        /* Only holders take part; the partner holds the other half of the split being closed. */
        if (!holds)
            return MPI_SUCCESS;
        collalg_bcast_csm_state(steps, n, t, w, count, &wlo, &whi);
        return collalg__bcast_exchange(c, buf, (MPI_Aint)lo, (MPI_Aint)hi, (MPI_Aint)wlo, (MPI_Aint)whi, type, ext,
                                       peer);
    }
    if (holds) {
        /* C or S: send the partner's range after the step. */
        collalg_bcast_csm_state(steps, n, t + 1, w, count, &wlo, &whi);
        return collalg__bcast_send(c, buf, (MPI_Aint)wlo, (MPI_Aint)whi, type, ext, peer);
    }
    if (collalg_bcast_csm_state(steps, n, t + 1, relrank, count, &lo, &hi))
        return collalg__bcast_recv(c, buf, (MPI_Aint)lo, (MPI_Aint)hi, type, ext, peer);
    return MPI_SUCCESS;
}

/**
 * @brief MPI_Bcast by a Copy/Split/Merge program.
 *
 * @bcast_args
 * @param[in] program the program as a string (syntax and validity in schedule/csm_program.h), valid
 *        for k = log2 pof2 dimensions, pof2 the largest power of two <= p (so for p = 6 a
 *        2-dimension program such as "S0 C1 M0"); NULL = the binomial tree "C0 C1 .. C(k-1)".
 *        Presets: collalg_bcast_csm_binomial(), collalg_bcast_csm_van_de_geijn(),
 *        collalg_bcast_csm_hybrid1(); all programs: collalg_bcast_csm_enumerate().
 * @return MPI_SUCCESS; MPI_ERR_COMM, MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER, MPI_ERR_ROOT for
 *         bad arguments (core/args.h); MPI_ERR_NO_MEM when the scratch buffer of a datatype with
 *         gaps (family/bcast.h) cannot be allocated; or the class of an error raised by an
 *         MPI call. Errors go through @p comm's error handler. Also MPI_ERR_ARG when @p program is
 *         not a valid program for k dimensions (checked before any message).
 */
COLLALG_INLINE int collalg_bcast_csm(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm,
                                     const char *program)
{
    collalg__ctx c;
    collalg__bcast_view w;
    collalg_bcast_csm_step steps[COLLALG_BCAST_CSM_MAX_STEPS];
    int t, n = 0, k, pof2, relrank, err = collalg__bcast_enter(&c, buffer, count, datatype, root, comm);
    if (err == MPI_SUCCESS) {
        k = collalg_bcast_csm_dims(c.size);
        pof2 = 1 << k;
        if (!program)
            for (n = 0; n < k; n++) {
                steps[n].op = 'C';
                steps[n].dim = n;
            }
        else if (collalg_bcast_csm_parse(program, k, steps, &n) != 0)
            err = MPI_ERR_ARG;
        err = collalg__bcast_view_begin(&c, buffer, count, datatype, root, &w, err);
        if (err == MPI_SUCCESS && w.count > 0) {
            relrank = collalg__relrank(c.rank, root, c.size);
            for (t = 0; t < n && relrank < pof2 && err == MPI_SUCCESS; t++)
                err = collalg__bcast_csm_exec_step(&c, w.buf, w.count, w.type, w.extent, root, steps, n, t, relrank);
            if (err == MPI_SUCCESS)
                err = collalg__bcast_fold(&c, w.buf, w.count, w.type, w.extent, root, relrank, pof2);
        }
        err = collalg__bcast_view_end(&c, &w, err);
    }
    return collalg__leave(&c, err);
}

#endif /* COLLALG_BCAST_CSM_H */
