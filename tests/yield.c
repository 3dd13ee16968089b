/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * yield.c - build/tests/libyield.so: lets MPICH ranks that outnumber the cores give up their core
 * while they wait, for the test runs only (tests/launch.h preloads it into every program a suite
 * launches).
 *
 * Debian's MPICH (ch4:ucx) waits by polling: MPI_Wait loops over its shared-memory queues and
 * ucp_worker_progress() without ever yielding (MPIR_CVAR_POLLS_BEFORE_YIELD is ch3's only). With
 * more ranks than cores, a rank that waits for a descheduled peer spins out its whole time slice,
 * so every communication phase costs a slice: tests/mpi/allgather.c's full matrix took 21.7 s at
 * p = 3 on 2 cores, where it takes 0.5 s at p = 2. When Hydra's MPI_LOCALNRANKS (the ranks on
 * this host) exceeds the online cores, this wrapper of ucp_worker_progress() calls sched_yield()
 * after each poll that found nothing, the behaviour Open MPI has built in for oversubscribed runs
 * (mpi_yield_when_idle): the same run takes 1.5 s (p = 4: 38.4 -> 7.5 s, p = 8: 191 -> 29 s).
 * With a core per rank it only forwards the call: yielding there cost tests/mpi/nonblocking.c at
 * p = 2 on 2 cores 12.8 -> 21.2 s (a system call per poll). Nothing else changes: every message
 * still goes through MPICH's own progress engine, and a process that never calls
 * ucp_worker_progress() (Open MPI with ob1, SimGrid, the compilers) never reaches this code.
 * Benchmarks do not load it.
 */
#define _GNU_SOURCE /* RTLD_NEXT */
#include <dlfcn.h>
#include <sched.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct ucp_worker *ucp_worker_h; /* UCX's opaque handle (ucp/api/ucp_def.h) */
typedef unsigned (*yield_progress_fn)(ucp_worker_h);

unsigned ucp_worker_progress(ucp_worker_h worker);

/* 1 when Hydra placed more ranks on this host than it has online cores. */
static int yield_oversubscribed(void)
{
    const char *ranks = getenv("MPI_LOCALNRANKS");
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return ranks && cores > 0 && atol(ranks) > cores;
}

/* UCX's ucp_worker_progress(), then, on a host with more ranks than cores, sched_yield() when it
 * reported no event. Returns the number of events it progressed, as UCX's does. */
unsigned ucp_worker_progress(ucp_worker_h worker)
{
    /* The next definition in the lookup order, libucp's, looked up once (every thread finds the
     * same one), with the oversubscription test (-1: not made yet). A function pointer does not
     * convert from void * in ISO C: hence the union. */
    static union {
        void *object;
        yield_progress_fn fn;
    } next;
    static int yield = -1;
    unsigned events;
    if (!next.object)
        next.object = dlsym(RTLD_NEXT, "ucp_worker_progress");
    if (!next.object)
        return 0;
    if (yield < 0)
        yield = yield_oversubscribed();
    events = next.fn(worker);
    if (events == 0 && yield)
        sched_yield();
    return events;
}
