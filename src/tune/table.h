/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file table.h
 * @brief The tuner's side of the algorithm table: the catalogue's table (src/catalogue/table.h,
 *        shared with the PMPI library), the sizes the tuner samples (tune_granule()), and the
 *        timed call itself, native or an algorithm (tune_native(), tune_run()), which call MPI_
 *        names and so belong to the tuner alone.
 */
#ifndef COLLALG_SRC_TUNE_TABLE_H
#define COLLALG_SRC_TUNE_TABLE_H

#include "../catalogue/table.h"

/**
 * @brief The granule (bytes) of collective @p coll's sizes on @p p processes: sample sizes are
 *        rounded up to it and crossing points searched to it. 4 (one MPI_INT) for the reductions,
 *        4 p for reduce_scatter_block (one int per rank: the selector compares p * recvcount *
 *        size(datatype)), 1 for the others; a nonblocking collective's are its twin's.
 */
static long tune_granule(enum tune_coll coll, int p)
{
    if (tune_twin(coll) == TUNE_REDUCE_SCATTER_BLOCK)
        return 4L * (p > 0 ? p : 1);
    return tune_is_reduction(coll) ? 4 : 1;
}

/** @brief Starts the native nonblocking collective TUNE_I(@p twin) with the arguments of @p c into
 *         @p req. @return MPI error code. */
static int tune_native_start(enum tune_coll twin, const tune_call *c, MPI_Request *req)
{
    switch (twin) {
    case TUNE_ALLTOALL: return MPI_Ialltoall(c->sbuf, c->count, c->type, c->rbuf, c->count, c->type, c->comm, req);
    case TUNE_ALLGATHER: return MPI_Iallgather(c->sbuf, c->count, c->type, c->rbuf, c->count, c->type, c->comm, req);
    case TUNE_ALLREDUCE: return MPI_Iallreduce(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm, req);
    case TUNE_ALLTOALLV:
        return MPI_Ialltoallv(c->sbuf, c->scounts, c->sdispls, c->type, c->rbuf, c->rcounts, c->rdispls, c->type,
                              c->comm, req);
    case TUNE_ALLGATHERV:
        return MPI_Iallgatherv(c->sbuf, c->count, c->type, c->rbuf, c->rcounts, c->rdispls, c->type, c->comm, req);
    case TUNE_BARRIER: return MPI_Ibarrier(c->comm, req);
    case TUNE_GATHER:
        return MPI_Igather(c->sbuf, c->count, c->type, c->rbuf, c->rcount, c->rtype, c->root, c->comm, req);
    case TUNE_SCATTER:
        return MPI_Iscatter(c->sbuf, c->count, c->type, c->rbuf, c->rcount, c->rtype, c->root, c->comm, req);
    case TUNE_GATHERV:
        return MPI_Igatherv(c->sbuf, c->count, c->type, c->rbuf, c->rcounts, c->rdispls, c->rtype, c->root, c->comm,
                            req);
    case TUNE_SCATTERV:
        return MPI_Iscatterv(c->sbuf, c->scounts, c->sdispls, c->type, c->rbuf, c->rcount, c->rtype, c->root, c->comm,
                             req);
    case TUNE_REDUCE: return MPI_Ireduce(c->sbuf, c->rbuf, c->count, c->type, c->op, c->root, c->comm, req);
    case TUNE_SCAN: return MPI_Iscan(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm, req);
    case TUNE_EXSCAN: return MPI_Iexscan(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm, req);
    case TUNE_REDUCE_SCATTER_BLOCK:
        return MPI_Ireduce_scatter_block(c->sbuf, c->rbuf, c->rcount, c->type, c->op, c->comm, req);
    case TUNE_REDUCE_SCATTER: return MPI_Ireduce_scatter(c->sbuf, c->rbuf, c->rcounts, c->type, c->op, c->comm, req);
    case TUNE_ALLTOALLW:
        return MPI_Ialltoallw(c->sbuf, c->scounts, c->sdispls, c->stypes, c->rbuf, c->rcounts, c->rdispls, c->rtypes,
                              c->comm, req);
    default: return MPI_Ibcast(c->rbuf, c->count, c->type, c->root, c->comm, req);
    }
}

/** @brief The native MPI collective @p coll with the arguments of @p c; a nonblocking one started
 *         and waited for (MPI_I<Coll> + MPI_Wait). @return MPI error code. */
static int tune_native(enum tune_coll coll, const tune_call *c)
{
    MPI_Request req;
    int err;
    if (tune_is_nonblocking(coll)) {
        err = tune_native_start(tune_twin(coll), c, &req);
        return err == MPI_SUCCESS ? MPI_Wait(&req, MPI_STATUS_IGNORE) : err;
    }
    switch (coll) {
    case TUNE_ALLTOALL: return MPI_Alltoall(c->sbuf, c->count, c->type, c->rbuf, c->count, c->type, c->comm);
    case TUNE_ALLGATHER: return MPI_Allgather(c->sbuf, c->count, c->type, c->rbuf, c->count, c->type, c->comm);
    case TUNE_ALLREDUCE: return MPI_Allreduce(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm);
    case TUNE_ALLTOALLV:
        return MPI_Alltoallv(c->sbuf, c->scounts, c->sdispls, c->type, c->rbuf, c->rcounts, c->rdispls, c->type,
                             c->comm);
    case TUNE_ALLGATHERV:
        return MPI_Allgatherv(c->sbuf, c->count, c->type, c->rbuf, c->rcounts, c->rdispls, c->type, c->comm);
    case TUNE_BARRIER: return MPI_Barrier(c->comm);
    case TUNE_GATHER: return MPI_Gather(c->sbuf, c->count, c->type, c->rbuf, c->rcount, c->rtype, c->root, c->comm);
    case TUNE_SCATTER: return MPI_Scatter(c->sbuf, c->count, c->type, c->rbuf, c->rcount, c->rtype, c->root, c->comm);
    case TUNE_GATHERV:
        return MPI_Gatherv(c->sbuf, c->count, c->type, c->rbuf, c->rcounts, c->rdispls, c->rtype, c->root, c->comm);
    case TUNE_SCATTERV:
        return MPI_Scatterv(c->sbuf, c->scounts, c->sdispls, c->type, c->rbuf, c->rcount, c->rtype, c->root, c->comm);
    case TUNE_REDUCE: return MPI_Reduce(c->sbuf, c->rbuf, c->count, c->type, c->op, c->root, c->comm);
    case TUNE_SCAN: return MPI_Scan(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm);
    case TUNE_EXSCAN: return MPI_Exscan(c->sbuf, c->rbuf, c->count, c->type, c->op, c->comm);
    case TUNE_REDUCE_SCATTER_BLOCK:
        return MPI_Reduce_scatter_block(c->sbuf, c->rbuf, c->rcount, c->type, c->op, c->comm);
    case TUNE_REDUCE_SCATTER: return MPI_Reduce_scatter(c->sbuf, c->rbuf, c->rcounts, c->type, c->op, c->comm);
    case TUNE_ALLTOALLW:
        return MPI_Alltoallw(c->sbuf, c->scounts, c->sdispls, c->stypes, c->rbuf, c->rcounts, c->rdispls, c->rtypes,
                             c->comm);
    default: return MPI_Bcast(c->rbuf, c->count, c->type, c->root, c->comm);
    }
}

/**
 * @brief One timed call: algorithm @p a with value @p ch (NULL @p a: the native collective), after
 *        what the tuned routine adds when c->select_cost is set. @return MPI error code.
 */
static int tune_run(enum tune_coll coll, const tune_algo *a, const tune_call *c, const tune_choice *ch)
{
    if (c->select_cost && (coll == TUNE_ALLTOALLV || coll == TUNE_ALLTOALLW)) {
        long long mine = 0, all = 0;
        int err = MPI_Allreduce(&mine, &all, 1, MPI_LONG_LONG, MPI_SUM, c->comm);
        if (err != MPI_SUCCESS)
            return err;
    }
    if (c->select_cost && (coll == TUNE_GATHERV || coll == TUNE_SCATTERV)) {
        long long n = 0;
        int err = MPI_Bcast(&n, 1, MPI_LONG_LONG, c->root, c->comm);
        if (err != MPI_SUCCESS)
            return err;
    }
    return a ? a->run(c, ch) : tune_native(coll, c);
}

#endif /* COLLALG_SRC_TUNE_TABLE_H */
