/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file wrappers.h
 * @brief Every algorithm of the catalogue behind one signature, `int tune_<collective>_<algorithm>
 *        (const tune_call *c, const tune_choice *ch)`: generated from the catalogue table
 *        (include/collalg/catalogue.h) for the algorithms whose parameters are plain ints, written
 *        here by hand for the others.
 *
 * The generated call passes the MPI arguments of the collective from @p c (TUNE_ARGS_<collective>),
 * then the parameters by the kind of the row's search space (TUNE_KIND_<space>):
 * - ZERO: every parameter 0 (the defaults; `none`, and the spaces that only write the inner
 *   algorithms' defaults into a rule: `null`, `null2`);
 * - INT: the first parameter ch->i, the others 0;
 * - OWN: a hand-written wrapper below (inner algorithms from a list, a program string, two fans
 *   packed in one int).
 *
 * The nonblocking algorithms (catalogue.h's COLLALG_NONBLOCKING) get `int tune_i<collective>_<algorithm>
 * (const tune_call *c, const tune_choice *ch)` the same way (TUNE_IWRAP): their blocking twin's
 * arguments from @p c, the request, the parameters by kind; the wrapper starts the algorithm and
 * completes its request (tune_wait()), so that a nonblocking algorithm is timed, and can be
 * called, as a blocking one: start + wait.
 */
#ifndef COLLALG_SRC_CATALOGUE_WRAPPERS_H
#define COLLALG_SRC_CATALOGUE_WRAPPERS_H

#include "space.h"

/**
 * @brief Completes the request of a nonblocking algorithm just started with error code @p err:
 *        MPI_Wait where the MPI advances our requests itself (MPICH's extended generalized
 *        requests, core/nbc.h: COLLALG_NBC_MPIX), else collalg_progress() and MPI_Test in a loop.
 *        Through COLLALG_MPI: PMPI_Wait and PMPI_Test inside the PMPI library.
 * @return @p err when the start failed, else the error of the completion (the operation's own).
 */
static int tune_wait(int err, MPI_Request *req)
{
    int done = 0;
    if (err != MPI_SUCCESS)
        return err;
    if (COLLALG_NBC_MPIX)
        return COLLALG_MPI(Wait)(req, MPI_STATUS_IGNORE);
    while (!done && err == MPI_SUCCESS) {
        collalg_progress();
        err = COLLALG_MPI(Test)(req, &done, MPI_STATUS_IGNORE);
    }
    return err;
}

/** @cond TUNE_WRAPPERS */
/* clang-format off */
#define TUNE_ARGS_alltoall(c) (c)->sbuf, (c)->count, (c)->type, (c)->rbuf, (c)->count, (c)->type, (c)->comm
#define TUNE_ARGS_allgather(c) TUNE_ARGS_alltoall(c)
#define TUNE_ARGS_allreduce(c) (c)->sbuf, (c)->rbuf, (c)->count, (c)->type, (c)->op, (c)->comm
#define TUNE_ARGS_bcast(c) (c)->rbuf, (c)->count, (c)->type, (c)->root, (c)->comm
#define TUNE_ARGS_alltoallv(c) \
    (c)->sbuf, (c)->scounts, (c)->sdispls, (c)->type, (c)->rbuf, (c)->rcounts, (c)->rdispls, (c)->type, (c)->comm
#define TUNE_ARGS_allgatherv(c) \
    (c)->sbuf, (c)->count, (c)->type, (c)->rbuf, (c)->rcounts, (c)->rdispls, (c)->type, (c)->comm
#define TUNE_ARGS_barrier(c) (c)->comm
#define TUNE_ARGS_gather(c) \
    (c)->sbuf, (c)->count, (c)->type, (c)->rbuf, (c)->rcount, (c)->rtype, (c)->root, (c)->comm
#define TUNE_ARGS_scatter(c) TUNE_ARGS_gather(c)
#define TUNE_ARGS_gatherv(c) \
    (c)->sbuf, (c)->count, (c)->type, (c)->rbuf, (c)->rcounts, (c)->rdispls, (c)->rtype, (c)->root, (c)->comm
#define TUNE_ARGS_scatterv(c) \
    (c)->sbuf, (c)->scounts, (c)->sdispls, (c)->type, (c)->rbuf, (c)->rcount, (c)->rtype, (c)->root, (c)->comm
#define TUNE_ARGS_alltoallw(c) \
    (c)->sbuf, (c)->scounts, (c)->sdispls, (c)->stypes, (c)->rbuf, (c)->rcounts, (c)->rdispls, (c)->rtypes, (c)->comm
#define TUNE_ARGS_reduce(c) (c)->sbuf, (c)->rbuf, (c)->count, (c)->type, (c)->op, (c)->root, (c)->comm
#define TUNE_ARGS_scan(c) TUNE_ARGS_allreduce(c)
#define TUNE_ARGS_exscan(c) TUNE_ARGS_allreduce(c)
#define TUNE_ARGS_reduce_scatter_block(c) (c)->sbuf, (c)->rbuf, (c)->rcount, (c)->type, (c)->op, (c)->comm
#define TUNE_ARGS_reduce_scatter(c) (c)->sbuf, (c)->rbuf, (c)->rcounts, (c)->type, (c)->op, (c)->comm

#define TUNE_KIND_none ZERO
#define TUNE_KIND_null ZERO
#define TUNE_KIND_null2 ZERO
#define TUNE_KIND_ring_barriers INT
#define TUNE_KIND_pair_barriers INT
#define TUNE_KIND_segsize INT
#define TUNE_KIND_ring_segsize INT
#define TUNE_KIND_chunk INT
#define TUNE_KIND_han INT
#define TUNE_KIND_han_allreduce INT
#define TUNE_KIND_block INT
#define TUNE_KIND_js INT
#define TUNE_KIND_radix INT
#define TUNE_KIND_requests INT
#define TUNE_KIND_first_segment INT
#define TUNE_KIND_reduce_radix INT
#define TUNE_KIND_reduce_fanout INT
#define TUNE_KIND_blocksize INT
#define TUNE_KIND_han_reduce OWN
#define TUNE_KIND_hierarchical OWN
#define TUNE_KIND_mcs OWN
#define TUNE_KIND_inner_allgather OWN
#define TUNE_KIND_inner_allreduce OWN
#define TUNE_KIND_inner_bcast OWN
#define TUNE_KIND_inner_pair OWN
#define TUNE_KIND_csm OWN

/* The parameters after the MPI arguments, by kind and number of parameters: ZERO all 0, INT the
 * first ch->i and the others 0. */
#define TUNE_VALS_ZERO_0
#define TUNE_VALS_ZERO_1 , 0
#define TUNE_VALS_ZERO_2 , 0, 0
#define TUNE_VALS_ZERO_3 , 0, 0, 0
#define TUNE_VALS_INT_1 , ch->i
#define TUNE_VALS_INT_2 , ch->i, 0
#define TUNE_VALS_INT_3 , ch->i, 0, 0

#define TUNE_WRAP_FN(coll, alg, vals)                                                                       \
    static int tune_##coll##_##alg(const tune_call *c, const tune_choice *ch)                               \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_##coll##_##alg(TUNE_ARGS_##coll(c) vals);                                            \
    }
#define TUNE_WRAP_ZERO(coll, alg, params) TUNE_WRAP_FN(coll, alg, TUNE_VALS_ZERO_##params)
#define TUNE_WRAP_INT(coll, alg, params) TUNE_WRAP_FN(coll, alg, TUNE_VALS_INT_##params)
#define TUNE_WRAP_OWN(coll, alg, params)
#define TUNE_WRAP_3(kind, params, coll, alg) TUNE_WRAP_##kind(coll, alg, params)
#define TUNE_WRAP_2(kind, params, coll, alg) TUNE_WRAP_3(kind, params, coll, alg)
/* One row of the catalogue: its generated wrapper, or nothing for an OWN one. */
#define TUNE_WRAP(coll, alg, r, params, space, flags) TUNE_WRAP_2(TUNE_KIND_##space, params, coll, alg)

/* The nonblocking algorithms (COLLALG_NONBLOCKING): the blocking twin of each collective, whose
 * arguments (TUNE_ARGS_<twin>) come before the request, and the wrapper = start + tune_wait(). */
#define TUNE_TWIN_ibarrier barrier
#define TUNE_TWIN_ibcast bcast
#define TUNE_TWIN_igather gather
#define TUNE_TWIN_igatherv gatherv
#define TUNE_TWIN_iscatter scatter
#define TUNE_TWIN_iscatterv scatterv
#define TUNE_TWIN_iallgather allgather
#define TUNE_TWIN_iallgatherv allgatherv
#define TUNE_TWIN_ialltoall alltoall
#define TUNE_TWIN_ialltoallv alltoallv
#define TUNE_TWIN_ialltoallw alltoallw
#define TUNE_TWIN_ireduce reduce
#define TUNE_TWIN_iallreduce allreduce
#define TUNE_TWIN_iscan scan
#define TUNE_TWIN_iexscan exscan
#define TUNE_TWIN_ireduce_scatter_block reduce_scatter_block
#define TUNE_TWIN_ireduce_scatter reduce_scatter
#define TUNE_IARGS_2(twin, c) TUNE_ARGS_##twin(c)
#define TUNE_IARGS(twin, c) TUNE_IARGS_2(twin, c)
#define TUNE_IWRAP_FN(icoll, alg, vals)                                                                     \
    static int tune_##icoll##_##alg(const tune_call *c, const tune_choice *ch)                              \
    {                                                                                                       \
        MPI_Request req = MPI_REQUEST_NULL;                                                                 \
        (void)ch;                                                                                           \
        return tune_wait(collalg_##icoll##_##alg(TUNE_IARGS(TUNE_TWIN_##icoll, c), &req vals), &req);       \
    }
#define TUNE_IWRAP_ZERO(icoll, alg, params) TUNE_IWRAP_FN(icoll, alg, TUNE_VALS_ZERO_##params)
#define TUNE_IWRAP_INT(icoll, alg, params) TUNE_IWRAP_FN(icoll, alg, TUNE_VALS_INT_##params)
#define TUNE_IWRAP_OWN(icoll, alg, params)
#define TUNE_IWRAP_3(kind, params, icoll, alg) TUNE_IWRAP_##kind(icoll, alg, params)
#define TUNE_IWRAP_2(kind, params, icoll, alg) TUNE_IWRAP_3(kind, params, icoll, alg)
/* One row of COLLALG_NONBLOCKING: its generated wrapper (start + wait), or nothing for an OWN one. */
#define TUNE_IWRAP(icoll, alg, r, params, space, flags) TUNE_IWRAP_2(TUNE_KIND_##space, params, icoll, alg)
/* clang-format on */
/** @endcond */

/* ---- the hand-written wrappers (space kind OWN) ------------------------------------------------ */

/** @brief collalg_allgather_hierarchical() with the intra-node broadcast ch->i of
 *         tune_space_hierarchical() (the native one through COLLALG_MPI: PMPI_Bcast inside the PMPI
 *         library, not its own MPI_Bcast). */
static int tune_allgather_hierarchical(const tune_call *c, const tune_choice *ch)
{
    return collalg_allgather_hierarchical(TUNE_ARGS_allgather(c), NULL, NULL, ch->i ? COLLALG_MPI(Bcast) : NULL);
}

/** @brief The MCS barrier with fan-in ch->i / 256 and fan-out ch->i % 256. */
static int tune_barrier_mcs(const tune_call *c, const tune_choice *ch)
{
    return collalg_barrier_mcs(c->comm, ch->i / 256, ch->i % 256);
}

/** @brief allgather_based with the inner allgather number ch->i of tune_inner_allgather. */
static int tune_allreduce_allgather_based(const tune_call *c, const tune_choice *ch)
{
    return collalg_allreduce_allgather_based(TUNE_ARGS_allreduce(c), tune_inner_allgather[ch->i].fn);
}

/** @brief rabenseifner_var1 with the inner allgather number ch->i. */
static int tune_allreduce_rabenseifner_var1(const tune_call *c, const tune_choice *ch)
{
    return collalg_allreduce_rabenseifner_var1(TUNE_ARGS_allreduce(c), tune_inner_allgather[ch->i].fn);
}

/** @brief rabenseifner_var2 with inner alltoall ch->i / 4 and inner allgather ch->i % 4. */
static int tune_allreduce_rabenseifner_var2(const tune_call *c, const tune_choice *ch)
{
    return collalg_allreduce_rabenseifner_var2(TUNE_ARGS_allreduce(c), tune_inner_alltoall[ch->i / 4].fn,
                                               tune_inner_allgather[ch->i % 4].fn);
}

/** @brief topology_order with the inner allreduce tune_inner_allreduce[ch->i]. */
static int tune_allreduce_topology_order(const tune_call *c, const tune_choice *ch)
{
    return collalg_allreduce_topology_order(TUNE_ARGS_allreduce(c), tune_inner_allreduce[ch->i].fn);
}

/** @brief full_lane with the lanes' allreduce tune_inner_allreduce[ch->i]. */
static int tune_allreduce_full_lane(const tune_call *c, const tune_choice *ch)
{
    return collalg_allreduce_full_lane(TUNE_ARGS_allreduce(c), tune_inner_allreduce[ch->i].fn);
}

/** @brief bcast topology_order with the inner bcast tune_inner_bcast[ch->i]. */
static int tune_bcast_topology_order(const tune_call *c, const tune_choice *ch)
{
    return collalg_bcast_topology_order(TUNE_ARGS_bcast(c), tune_inner_bcast[ch->i].fn);
}

/** @brief csm with the program in ch->str. */
static int tune_bcast_csm(const tune_call *c, const tune_choice *ch)
{
    return collalg_bcast_csm(TUNE_ARGS_bcast(c), ch->str);
}

/** @brief reduce han with segment size ch->i and its default inter-node reduce, or the linear
 *         reduce among the leaders when ch->str is "linear" (tune_space_han_reduce()). */
static int tune_reduce_han(const tune_call *c, const tune_choice *ch)
{
    collalg_reduce_fn inter = ch->str[0] ? collalg_reduce_linear : NULL;
    return collalg_reduce_han(TUNE_ARGS_reduce(c), ch->i, inter);
}

#endif /* COLLALG_SRC_CATALOGUE_WRAPPERS_H */
