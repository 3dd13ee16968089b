/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * smpi_topo.h - the process topology calls SimGrid 3.32's SMPI lacks, for the programs that run
 * the neighbourhood collectives under SimGrid (src/bench/neighborhood.c). Not part of the
 * library, and included only when compiling with smpicc (SMPI_SHARED_MALLOC is defined).
 *
 * SMPI 3.32 implements Cartesian communicators (MPI_Cart_create, MPI_Cart_shift, MPI_Cartdim_get)
 * but aborts in MPI_Topo_test ("not yet implemented"), which core/neighbor.h calls to read a
 * communicator's neighbour lists, and in the distributed-graph calls, which the 9- and 27-point
 * stencils need. SMPI declares every MPI_ function weak, so a program may define them; this
 * header defines, for the program that includes it:
 *   MPI_Topo_test                   MPI_DIST_GRAPH for a communicator made below, MPI_CART when
 *                                   MPI_Cartdim_get succeeds, else MPI_UNDEFINED;
 *   MPI_Dist_graph_create_adjacent  an MPI_Comm_dup of the old communicator with the two lists
 *                                   kept in an attribute (reorder ignored, as MPI allows; the
 *                                   weights are not kept);
 *   MPI_Dist_graph_neighbors_count, MPI_Dist_graph_neighbors
 *                                   the lists as given (weighted is 0; weight arrays other than
 *                                   MPI_UNWEIGHTED get 1s).
 * Every other topology call is SMPI's own. The keyval is made once by the first simulated rank
 * that needs it (SMPI runs the ranks one at a time in one process; with its default privatization
 * each rank has its own copy of the variable and makes its own, which works as well).
 */
#ifndef COLLALG_BENCH_SMPI_TOPO_H
#define COLLALG_BENCH_SMPI_TOPO_H

#include <mpi.h>
#include <stdlib.h>
#include <string.h>

/** @brief The lists of a distributed-graph communicator: indegree sources, then outdegree
 *         destinations. */
typedef struct smpi_topo_graph {
    int indegree, outdegree;
    int list[1]; /* indegree + outdegree entries */
} smpi_topo_graph;

static int smpi_topo_keyval = MPI_KEYVAL_INVALID;

static int smpi_topo_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm;
    (void)keyval;
    (void)extra;
    free(value);
    return MPI_SUCCESS;
}

/* MPI_Comm_dup keeps the topology: the copy gets its own lists. */
static int smpi_topo_copy(MPI_Comm comm, int keyval, void *extra, void *in, void *out, int *flag)
{
    const smpi_topo_graph *g = (const smpi_topo_graph *)in;
    size_t size = sizeof *g + (size_t)(g->indegree + g->outdegree) * sizeof(int);
    void *copy = malloc(size);
    (void)comm;
    (void)keyval;
    (void)extra;
    if (!copy)
        return MPI_ERR_NO_MEM;
    memcpy(copy, g, size);
    *(void **)out = copy;
    *flag = 1;
    return MPI_SUCCESS;
}

/* The graph of comm, or NULL. */
static const smpi_topo_graph *smpi_topo_graph_of(MPI_Comm comm)
{
    void *value = NULL;
    int flag = 0;
    if (smpi_topo_keyval == MPI_KEYVAL_INVALID || comm == MPI_COMM_NULL)
        return NULL;
    MPI_Comm_get_attr(comm, smpi_topo_keyval, &value, &flag);
    return flag ? (const smpi_topo_graph *)value : NULL;
}

int MPI_Topo_test(MPI_Comm comm, int *status)
{
    MPI_Errhandler handler;
    int ndims, err;
    if (!status)
        return MPI_ERR_ARG;
    if (comm == MPI_COMM_NULL)
        return MPI_ERR_COMM;
    if (smpi_topo_graph_of(comm)) {
        *status = MPI_DIST_GRAPH;
        return MPI_SUCCESS;
    }
    /* SMPI's MPI_Cartdim_get returns an error on a communicator without a Cartesian topology. */
    MPI_Comm_get_errhandler(comm, &handler);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
    err = MPI_Cartdim_get(comm, &ndims);
    MPI_Comm_set_errhandler(comm, handler);
    *status = err == MPI_SUCCESS ? MPI_CART : MPI_UNDEFINED;
    return MPI_SUCCESS;
}

int MPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[], const int sourceweights[],
                                   int outdegree, const int destinations[], const int destweights[], MPI_Info info,
                                   int reorder, MPI_Comm *comm_dist_graph)
{
    smpi_topo_graph *g;
    int err;
    (void)sourceweights;
    (void)destweights;
    (void)info;
    (void)reorder;
    if (!comm_dist_graph || indegree < 0 || outdegree < 0 || (indegree && !sources) || (outdegree && !destinations))
        return MPI_ERR_ARG;
    if (smpi_topo_keyval == MPI_KEYVAL_INVALID) {
        err = MPI_Comm_create_keyval(smpi_topo_copy, smpi_topo_delete, &smpi_topo_keyval, NULL);
        if (err != MPI_SUCCESS)
            return err;
    }
    g = (smpi_topo_graph *)malloc(sizeof *g + (size_t)(indegree + outdegree) * sizeof(int));
    if (!g)
        return MPI_ERR_NO_MEM;
    g->indegree = indegree;
    g->outdegree = outdegree;
    if (indegree)
        memcpy(g->list, sources, (size_t)indegree * sizeof(int));
    if (outdegree)
        memcpy(g->list + indegree, destinations, (size_t)outdegree * sizeof(int));
    err = MPI_Comm_dup(comm_old, comm_dist_graph);
    if (err == MPI_SUCCESS)
        err = MPI_Comm_set_attr(*comm_dist_graph, smpi_topo_keyval, g);
    if (err != MPI_SUCCESS)
        free(g);
    return err;
}

int MPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indegree, int *outdegree, int *weighted)
{
    const smpi_topo_graph *g = smpi_topo_graph_of(comm);
    if (!g)
        return MPI_ERR_TOPOLOGY;
    *indegree = g->indegree;
    *outdegree = g->outdegree;
    *weighted = 0;
    return MPI_SUCCESS;
}

int MPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[], int sourceweights[], int maxoutdegree,
                             int destinations[], int destweights[])
{
    const smpi_topo_graph *g = smpi_topo_graph_of(comm);
    int i;
    if (!g)
        return MPI_ERR_TOPOLOGY;
    for (i = 0; i < maxindegree && i < g->indegree; i++) {
        sources[i] = g->list[i];
        if (sourceweights != MPI_UNWEIGHTED)
            sourceweights[i] = 1;
    }
    for (i = 0; i < maxoutdegree && i < g->outdegree; i++) {
        destinations[i] = g->list[g->indegree + i];
        if (destweights != MPI_UNWEIGHTED)
            destweights[i] = 1;
    }
    return MPI_SUCCESS;
}

#endif /* COLLALG_BENCH_SMPI_TOPO_H */
