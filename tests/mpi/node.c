/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * node.c - the node level (machine/node.h) against an independent computation of it.
 *
 * Expected nodes: ranks with the same processor name share a host (what
 * MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) gives under MPICH, Open MPI and SimGrid's SMPI); with
 * COLLALG_NODE_SIZE = K, the ranks of a host are cut into groups of K in rank order; with
 * COLLALG_NODE_ROUNDROBIN = M (and no K), the i-th rank of a host goes to group i mod M. From that, for
 * MPI_COMM_WORLD, a communicator of the odd ranks followed by the even ones (reversed order) and
 * MPI_COMM_SELF, every rank checks every field of collalg__node: node numbering in order of the
 * leaders, node_of, node_rank_of, first, members, consecutive, uniform, max_node_size, the node
 * communicator (size and rank) and the leaders' communicator (present exactly on leaders, rank =
 * node), and that a second call returns the cached object.
 */
#include <collalg/collalg.h>
#include <collalg/machine/node.h>
#include "harness.h"

/* leader[r]: the lowest rank of r's expected node: among the ranks with r's processor name, in
 * rank order, the first of r's group of k (k = 0: the first of them), or with m > 0 (and k = 0)
 * the first whose index on the host is r's modulo m. */
static void expected_leaders(const char *names, int len, int p, int k, int m, int *leader)
{
    int r, q, *idx = (int *)calloc((size_t)p, sizeof(int));
    for (r = 0; r < p; r++) {
        leader[r] = r;
        for (q = 0; q < r; q++)
            idx[r] += !strcmp(names + (size_t)q * len, names + (size_t)r * len); /* r's index on its host */
    }
    for (r = 0; r < p; r++) {
        int start = k ? idx[r] / k * k : m ? idx[r] % m : 0;
        for (q = 0; q <= r; q++)
            if (idx[q] == start && !strcmp(names + (size_t)q * len, names + (size_t)r * len)) {
                leader[r] = q;
                break;
            }
    }
    free(idx);
}

static void check_comm(th_result *res, const th_opts *o, MPI_Comm comm, const char *label)
{
    collalg__ctx c;
    const collalg__node *nd = NULL, *again = NULL;
    int p, me, r, len = MPI_MAX_PROCESSOR_NAME, nl = 0, bad = 0, err;
    int k = collalg__node_env(COLLALG_NODE_SIZE_ENV), m = k ? 0 : collalg__node_env(COLLALG_NODE_ROUNDROBIN_ENV);
    char *names;
    int *leader, *node_of, nnodes = 0, size, rank;
    char what[256];

    MPI_Comm_size(comm, &p);
    MPI_Comm_rank(comm, &me);
    names = (char *)calloc((size_t)p, (size_t)len);
    leader = (int *)malloc((size_t)p * sizeof(int));
    node_of = (int *)malloc((size_t)p * sizeof(int));
    MPI_Get_processor_name(names + (size_t)me * len, &nl);
    MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, names, len, MPI_CHAR, comm);
    expected_leaders(names, len, p, k, m, leader);
    for (r = 0; r < p; r++)
        node_of[r] = leader[r] == r ? nnodes++ : node_of[leader[r]];

    collalg__ctx_init(&c, comm);
    err = collalg__ctx_attach(&c);
    if (err == MPI_SUCCESS)
        err = collalg__node_get(&c, &nd);
    if (err == MPI_SUCCESS)
        err = collalg__node_get(&c, &again);
    bad |= err != MPI_SUCCESS || !nd || again != nd;
    if (!bad) {
        int consecutive = 1, maxsize = 0, n;
        bad |= nd->p != p || nd->nnodes != nnodes || nd->node != node_of[me];
        for (r = 0; r < p && !bad; r++) {
            int nr = 0, q;
            for (q = 0; q < r; q++)
                nr += node_of[q] == node_of[r];
            bad |= nd->node_of[r] != node_of[r] || nd->node_rank_of[r] != nr;
            bad |= nd->members[nd->first[node_of[r]] + nr] != r;
            if (r > 0 && node_of[r] != node_of[r - 1] && node_of[r] != node_of[r - 1] + 1)
                consecutive = 0;
            if (r > 0 && node_of[r] < node_of[r - 1])
                consecutive = 0;
        }
        for (n = 0; n < nnodes && !bad; n++) {
            int s = nd->first[n + 1] - nd->first[n];
            maxsize = s > maxsize ? s : maxsize;
        }
        bad |= nd->first[0] != 0 || nd->first[nnodes] != p;
        bad |= nd->consecutive != consecutive || nd->max_node_size != maxsize;
        bad |= nd->uniform != (maxsize * nnodes == p);
        bad |= nd->node_rank != nd->node_rank_of[me];
        bad |= nd->node_size != nd->first[nd->node + 1] - nd->first[nd->node];
        MPI_Comm_size(nd->nodecomm, &size);
        MPI_Comm_rank(nd->nodecomm, &rank);
        bad |= size != nd->node_size || rank != nd->node_rank;
        bad |= (nd->leaders != MPI_COMM_NULL) != (leader[me] == me);
        if (nd->leaders != MPI_COMM_NULL) {
            MPI_Comm_size(nd->leaders, &size);
            MPI_Comm_rank(nd->leaders, &rank);
            bad |= size != nnodes || rank != nd->node;
        }
    }
    snprintf(what, sizeof what, "node level of %s (p=%d, %d nodes expected, COLLALG_NODE_SIZE=%d, ROUNDROBIN=%d)",
             label, p, nnodes, k, m);
    th_record(res, o, what, bad);
    collalg__leave(&c, MPI_SUCCESS);
    free(names);
    free(leader);
    free(node_of);
}

int main(int argc, char **argv)
{
    th_opts o;
    th_result res;
    MPI_Comm reversed;
    int p, me, rc;

    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    memset(&res, 0, sizeof res);
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    check_comm(&res, &o, MPI_COMM_WORLD, "MPI_COMM_WORLD");
    /* odd ranks first, each parity in decreasing order: nodes neither consecutive nor in order */
    MPI_Comm_split(MPI_COMM_WORLD, 0, (me % 2 == 1 ? 0 : p) + (p - me), &reversed);
    check_comm(&res, &o, reversed, "odd-then-even reversed");
    MPI_Comm_free(&reversed);
    check_comm(&res, &o, MPI_COMM_SELF, "MPI_COMM_SELF");
    rc = th_finish(&res, "node");
    MPI_Finalize();
    return rc;
}
