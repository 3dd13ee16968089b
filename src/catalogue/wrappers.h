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
 */
#ifndef COLLALG_SRC_CATALOGUE_WRAPPERS_H
#define COLLALG_SRC_CATALOGUE_WRAPPERS_H

#include "space.h"

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

#define TUNE_ZEROS_0
#define TUNE_ZEROS_1 , 0
#define TUNE_ZEROS_2 , 0, 0
#define TUNE_ZEROS_3 , 0, 0, 0

#define TUNE_WRAP_ZERO(coll, alg, zeros)                                                                    \
    static int tune_##coll##_##alg(const tune_call *c, const tune_choice *ch)                               \
    {                                                                                                       \
        (void)ch;                                                                                           \
        return collalg_##coll##_##alg(TUNE_ARGS_##coll(c) zeros);                                           \
    }
#define TUNE_WRAP_INT(coll, alg, zeros)                                                                     \
    static int tune_##coll##_##alg(const tune_call *c, const tune_choice *ch)                               \
    {                                                                                                       \
        return collalg_##coll##_##alg(TUNE_ARGS_##coll(c), ch->i zeros);                                    \
    }
#define TUNE_WRAP_ZERO_0(coll, alg) TUNE_WRAP_ZERO(coll, alg, TUNE_ZEROS_0)
#define TUNE_WRAP_ZERO_1(coll, alg) TUNE_WRAP_ZERO(coll, alg, TUNE_ZEROS_1)
#define TUNE_WRAP_ZERO_2(coll, alg) TUNE_WRAP_ZERO(coll, alg, TUNE_ZEROS_2)
#define TUNE_WRAP_ZERO_3(coll, alg) TUNE_WRAP_ZERO(coll, alg, TUNE_ZEROS_3)
#define TUNE_WRAP_INT_1(coll, alg) TUNE_WRAP_INT(coll, alg, TUNE_ZEROS_0)
#define TUNE_WRAP_INT_2(coll, alg) TUNE_WRAP_INT(coll, alg, TUNE_ZEROS_1)
#define TUNE_WRAP_INT_3(coll, alg) TUNE_WRAP_INT(coll, alg, TUNE_ZEROS_2)
#define TUNE_WRAP_OWN_1(coll, alg)
#define TUNE_WRAP_OWN_2(coll, alg)
#define TUNE_WRAP_OWN_3(coll, alg)
#define TUNE_WRAP_3(kind, params, coll, alg) TUNE_WRAP_##kind##_##params(coll, alg)
#define TUNE_WRAP_2(kind, params, coll, alg) TUNE_WRAP_3(kind, params, coll, alg)
/* One row of the catalogue: its generated wrapper, or nothing for an OWN one. */
#define TUNE_WRAP(coll, alg, r, params, space, flags) TUNE_WRAP_2(TUNE_KIND_##space, params, coll, alg)
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
