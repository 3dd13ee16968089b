/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * count.c - libcount.so, a PMPI interposer of scripts/check-apps.sh (not part of collalg): preloaded
 * under an unmodified program's native run, it counts the program's calls of every MPI collective
 * (blocking and nonblocking), so that the report can tell the calls the collalg PMPI library
 * traced from the calls it never saw (a collective it does not wrap).
 *
 * A call is counted once, by rank 0 of its communicator (rank 0 of the local group of an
 * intercommunicator), as the library's trace (COLLALG_SELECT_VERBOSE=1) prints it. At MPI_Finalize
 * every rank that counted something writes "<routine> p=<size> inter=<0|1> calls=<n>" lines to
 * $COLLALG_COUNT_DIR/count.<world rank>.txt (nothing when the variable is unset).
 *
 * The counters are per process: the program runs under mpiexec, one process per rank.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

/* Routines counted, in the order of the output. */
/* clang-format off */
#define CNT_ROUTINES(X) \
    X(Barrier) X(Bcast) X(Gather) X(Gatherv) X(Scatter) X(Scatterv) X(Allgather) X(Allgatherv) X(Alltoall) \
    X(Alltoallv) X(Alltoallw) X(Reduce) X(Allreduce) X(Reduce_scatter) X(Reduce_scatter_block) X(Scan)     \
    X(Exscan) X(Ibarrier) X(Ibcast) X(Igather) X(Igatherv) X(Iscatter) X(Iscatterv) X(Iallgather)          \
    X(Iallgatherv) X(Ialltoall) X(Ialltoallv) X(Ialltoallw) X(Ireduce) X(Iallreduce) X(Ireduce_scatter)    \
    X(Ireduce_scatter_block) X(Iscan) X(Iexscan)
/* clang-format on */

#define CNT_ENUM(name) CNT_##name,
enum { CNT_ROUTINES(CNT_ENUM) CNT_N };
#define CNT_NAME(name) "MPI_" #name,
static const char *const cnt_name[CNT_N] = {CNT_ROUTINES(CNT_NAME)};

/* Communicator sizes told apart (a larger one is counted as p = CNT_MAXP). */
#define CNT_MAXP 64
static long cnt_calls[CNT_N][2][CNT_MAXP + 1];

/* Counts one call of routine r on comm when this rank is rank 0 of comm (or of its local group). */
static void cnt_hit(int r, MPI_Comm comm)
{
    int rank = -1, size = 0, inter = 0;
    if (comm == MPI_COMM_NULL || PMPI_Comm_rank(comm, &rank) != MPI_SUCCESS || rank != 0)
        return;
    PMPI_Comm_test_inter(comm, &inter);
    PMPI_Comm_size(comm, &size);
    cnt_calls[r][inter ? 1 : 0][size > CNT_MAXP ? CNT_MAXP : size]++;
}

int MPI_Finalize(void)
{
    const char *dir = getenv("COLLALG_COUNT_DIR");
    char path[4096];
    int rank = 0, r, i, p, any = 0;
    FILE *f;
    for (r = 0; r < CNT_N; r++)
        for (i = 0; i < 2; i++)
            for (p = 0; p <= CNT_MAXP; p++)
                any |= cnt_calls[r][i][p] != 0;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (dir && any) {
        snprintf(path, sizeof path, "%s/count.%d.txt", dir, rank);
        if ((f = fopen(path, "w")) != NULL) {
            for (r = 0; r < CNT_N; r++)
                for (i = 0; i < 2; i++)
                    for (p = 0; p <= CNT_MAXP; p++)
                        if (cnt_calls[r][i][p])
                            fprintf(f, "%s p=%d inter=%d calls=%ld\n", cnt_name[r], p, i, cnt_calls[r][i][p]);
            fclose(f);
        }
    }
    return PMPI_Finalize();
}

/* One wrapper: count, then the MPI library's own routine. */
#define CNT_WRAP(name, params, args) \
    int MPI_##name params            \
    {                                \
        cnt_hit(CNT_##name, comm);   \
        return PMPI_##name args;     \
    }

#define CB const void *sendbuf
#define RB void *recvbuf
#define DT MPI_Datatype
#define CI const int

CNT_WRAP(Barrier, (MPI_Comm comm), (comm))
CNT_WRAP(Bcast, (void *b, int n, DT t, int root, MPI_Comm comm), (b, n, t, root, comm))
CNT_WRAP(Gather, (CB, int sc, DT st, RB, int rc, DT rt, int root, MPI_Comm comm),
         (sendbuf, sc, st, recvbuf, rc, rt, root, comm))
CNT_WRAP(Gatherv, (CB, int sc, DT st, RB, CI rc[], CI d[], DT rt, int root, MPI_Comm comm),
         (sendbuf, sc, st, recvbuf, rc, d, rt, root, comm))
CNT_WRAP(Scatter, (CB, int sc, DT st, RB, int rc, DT rt, int root, MPI_Comm comm),
         (sendbuf, sc, st, recvbuf, rc, rt, root, comm))
CNT_WRAP(Scatterv, (CB, CI sc[], CI d[], DT st, RB, int rc, DT rt, int root, MPI_Comm comm),
         (sendbuf, sc, d, st, recvbuf, rc, rt, root, comm))
CNT_WRAP(Allgather, (CB, int sc, DT st, RB, int rc, DT rt, MPI_Comm comm), (sendbuf, sc, st, recvbuf, rc, rt, comm))
CNT_WRAP(Allgatherv, (CB, int sc, DT st, RB, CI rc[], CI d[], DT rt, MPI_Comm comm),
         (sendbuf, sc, st, recvbuf, rc, d, rt, comm))
CNT_WRAP(Alltoall, (CB, int sc, DT st, RB, int rc, DT rt, MPI_Comm comm), (sendbuf, sc, st, recvbuf, rc, rt, comm))
CNT_WRAP(Alltoallv, (CB, CI sc[], CI sd[], DT st, RB, CI rc[], CI rd[], DT rt, MPI_Comm comm),
         (sendbuf, sc, sd, st, recvbuf, rc, rd, rt, comm))
CNT_WRAP(Alltoallw, (CB, CI sc[], CI sd[], const DT st[], RB, CI rc[], CI rd[], const DT rt[], MPI_Comm comm),
         (sendbuf, sc, sd, st, recvbuf, rc, rd, rt, comm))
CNT_WRAP(Reduce, (CB, RB, int n, DT t, MPI_Op op, int root, MPI_Comm comm), (sendbuf, recvbuf, n, t, op, root, comm))
CNT_WRAP(Allreduce, (CB, RB, int n, DT t, MPI_Op op, MPI_Comm comm), (sendbuf, recvbuf, n, t, op, comm))
CNT_WRAP(Reduce_scatter, (CB, RB, CI rc[], DT t, MPI_Op op, MPI_Comm comm), (sendbuf, recvbuf, rc, t, op, comm))
CNT_WRAP(Reduce_scatter_block, (CB, RB, int rc, DT t, MPI_Op op, MPI_Comm comm), (sendbuf, recvbuf, rc, t, op, comm))
CNT_WRAP(Scan, (CB, RB, int n, DT t, MPI_Op op, MPI_Comm comm), (sendbuf, recvbuf, n, t, op, comm))
CNT_WRAP(Exscan, (CB, RB, int n, DT t, MPI_Op op, MPI_Comm comm), (sendbuf, recvbuf, n, t, op, comm))

#define RQ MPI_Request *req
CNT_WRAP(Ibarrier, (MPI_Comm comm, RQ), (comm, req))
CNT_WRAP(Ibcast, (void *b, int n, DT t, int root, MPI_Comm comm, RQ), (b, n, t, root, comm, req))
CNT_WRAP(Igather, (CB, int sc, DT st, RB, int rc, DT rt, int root, MPI_Comm comm, RQ),
         (sendbuf, sc, st, recvbuf, rc, rt, root, comm, req))
CNT_WRAP(Igatherv, (CB, int sc, DT st, RB, CI rc[], CI d[], DT rt, int root, MPI_Comm comm, RQ),
         (sendbuf, sc, st, recvbuf, rc, d, rt, root, comm, req))
CNT_WRAP(Iscatter, (CB, int sc, DT st, RB, int rc, DT rt, int root, MPI_Comm comm, RQ),
         (sendbuf, sc, st, recvbuf, rc, rt, root, comm, req))
CNT_WRAP(Iscatterv, (CB, CI sc[], CI d[], DT st, RB, int rc, DT rt, int root, MPI_Comm comm, RQ),
         (sendbuf, sc, d, st, recvbuf, rc, rt, root, comm, req))
CNT_WRAP(Iallgather, (CB, int sc, DT st, RB, int rc, DT rt, MPI_Comm comm, RQ),
         (sendbuf, sc, st, recvbuf, rc, rt, comm, req))
CNT_WRAP(Iallgatherv, (CB, int sc, DT st, RB, CI rc[], CI d[], DT rt, MPI_Comm comm, RQ),
         (sendbuf, sc, st, recvbuf, rc, d, rt, comm, req))
CNT_WRAP(Ialltoall, (CB, int sc, DT st, RB, int rc, DT rt, MPI_Comm comm, RQ),
         (sendbuf, sc, st, recvbuf, rc, rt, comm, req))
CNT_WRAP(Ialltoallv, (CB, CI sc[], CI sd[], DT st, RB, CI rc[], CI rd[], DT rt, MPI_Comm comm, RQ),
         (sendbuf, sc, sd, st, recvbuf, rc, rd, rt, comm, req))
CNT_WRAP(Ialltoallw, (CB, CI sc[], CI sd[], const DT st[], RB, CI rc[], CI rd[], const DT rt[], MPI_Comm comm, RQ),
         (sendbuf, sc, sd, st, recvbuf, rc, rd, rt, comm, req))
CNT_WRAP(Ireduce, (CB, RB, int n, DT t, MPI_Op op, int root, MPI_Comm comm, RQ),
         (sendbuf, recvbuf, n, t, op, root, comm, req))
CNT_WRAP(Iallreduce, (CB, RB, int n, DT t, MPI_Op op, MPI_Comm comm, RQ), (sendbuf, recvbuf, n, t, op, comm, req))
CNT_WRAP(Ireduce_scatter, (CB, RB, CI rc[], DT t, MPI_Op op, MPI_Comm comm, RQ),
         (sendbuf, recvbuf, rc, t, op, comm, req))
CNT_WRAP(Ireduce_scatter_block, (CB, RB, int rc, DT t, MPI_Op op, MPI_Comm comm, RQ),
         (sendbuf, recvbuf, rc, t, op, comm, req))
CNT_WRAP(Iscan, (CB, RB, int n, DT t, MPI_Op op, MPI_Comm comm, RQ), (sendbuf, recvbuf, n, t, op, comm, req))
CNT_WRAP(Iexscan, (CB, RB, int n, DT t, MPI_Op op, MPI_Comm comm, RQ), (sendbuf, recvbuf, n, t, op, comm, req))
