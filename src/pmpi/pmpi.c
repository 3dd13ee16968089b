/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file pmpi.c
 * @brief libcollalg_pmpi.so: the catalogue dropped into an MPI library through the profiling
 *        interface (PMPI). An unmodified MPI program gets the tuned collectives of a tuned header,
 *        or one algorithm forced per collective by an environment variable.
 *
 * @par Build and use
 * `make pmpi` builds build/lib/libcollalg_pmpi.so (MPICH) and `make pmpi-openmpi`
 * build/lib/libcollalg_pmpi_openmpi.so (the same source compiled with mpicc.openmpi, for programs
 * linked with Open MPI; mpiexec.openmpi passes LD_PRELOAD to the ranks with `-x`), each from the
 * tuned header `make tune` wrote
 * (build/tuned/collalg_tuned.h), or the one named by `make pmpi PMPI_TUNED=path/collalg_tuned.h`;
 * with neither, every tuned routine has no rule (the native collectives run unless an algorithm is
 * forced). Use it without recompiling the program:
 * @code
 *   LD_PRELOAD=build/lib/libcollalg_pmpi.so mpiexec -n 4 ./app
 *   COLLALG_ALLTOALL=bruck LD_PRELOAD=... mpiexec -n 4 ./app         # force one algorithm
 *   mpicc app.c -o app -Lbuild/lib -lcollalg_pmpi                   # or link it before -lmpi
 * @endcode
 * It defines MPI_Alltoall, MPI_Allgather, MPI_Allreduce, MPI_Bcast, MPI_Alltoallv, MPI_Allgatherv,
 * MPI_Barrier, MPI_Gather, MPI_Scatter, MPI_Gatherv, MPI_Scatterv, MPI_Alltoallw, MPI_Reduce, MPI_Scan,
 * MPI_Exscan, MPI_Reduce_scatter_block and MPI_Reduce_scatter
 * (each calls the tuned routine `collalg_tuned_<collective>` or the forced algorithm), and
 * MPI_Init and MPI_Init_thread (which call PMPI_Init* and then read the environment once). The
 * seventeen nonblocking collectives MPI_Ibarrier ... MPI_Iexscan are defined in nonblocking.c
 * (included below; see "Nonblocking collectives"), their persistent forms in persistent.c, and the
 * neighbourhood collectives, blocking, nonblocking and persistent, in neighbor.c (native unless an
 * algorithm is forced: `COLLALG_NEIGHBOR_ALLGATHER=combining`). The catalogue is compiled with COLLALG_USE_PMPI, so every MPI call inside it
 * (and the native fallback of the tuned routines) goes to PMPI_: nothing recurses into these
 * wrappers. Every other MPI function is the MPI library's own.
 *
 * @par SimGrid (make pmpi-smpi)
 * Under SMPI a preloaded library is never seen: smpirun loads the program, which smpicc links as a
 * shared object, once per simulated rank with dlopen (each rank gets its own copy of the globals,
 * SimGrid's privatization), and LD_PRELOAD only reaches smpirun's own process. So `make pmpi-smpi`
 * compiles this same file with smpicc into one object, build/lib/collalg_pmpi_smpi.o, which the
 * user links into the program:
 * @code
 *   smpicc app.c -o app build/lib/collalg_pmpi_smpi.o
 *   COLLALG_ALLTOALL=bruck COLLALG_SELECT_VERBOSE=1 smpirun -np 16 -platform ... ./app
 * @endcode
 * How the calls reach it: in SimGrid 3.32 the application's MPI_Alltoall ... are not macros (only
 * `smpicc -trace-call-location` wraps them in macros that still call MPI_Alltoall); smpi.h declares
 * each MPI_ function weak and libsimgrid defines MPI_ and PMPI_ alike. The object defines MPI_Init,
 * MPI_Alltoall ... inside the program's shared object, and the program's copy that smpirun opens
 * per rank binds its references to its own definitions first (SimGrid opens it with
 * RTLD_DEEPBIND; `LD_DEBUG=bindings` shows /tmp/app_<pid>_<rank>.so bound to itself for
 * MPI_Alltoall and to libsimgrid for PMPI_Alltoall), so the program's calls land here, while this
 * file's PMPI_ calls (COLLALG_USE_PMPI) go on to libsimgrid. It must be an
 * object, not an archive: the program's references are weak undefined symbols (the weak
 * declarations of smpi.h), which never pull a member out of an archive. The environment reaches
 * the simulated ranks as smpirun's own (they share its process), so COLLALG_<COLL>,
 * COLLALG_PMPI and COLLALG_SELECT_VERBOSE work as below; the Fortran entry points are compiled in
 * but not used by SMPI's Fortran programs (untested there).
 *
 * @par Nonblocking collectives
 * src/pmpi/nonblocking.c, included at the end of this file, defines MPI_Ibarrier, MPI_Ibcast,
 * MPI_Igather, MPI_Igatherv, MPI_Iscatter, MPI_Iscatterv, MPI_Iallgather, MPI_Iallgatherv,
 * MPI_Ialltoall, MPI_Ialltoallv, MPI_Ialltoallw, MPI_Ireduce, MPI_Iallreduce,
 * MPI_Ireduce_scatter_block, MPI_Ireduce_scatter, MPI_Iscan and MPI_Iexscan: each runs the
 * algorithm forced by `COLLALG_I<COLL>=name` (below), else the tuned routine
 * `collalg_tuned_i<coll>` (select.h's COLLALG_TUNED_I<COLL>; without rules in the tuned header:
 * native). Progress: with MPICH the application's MPI_Wait, MPI_Test and their array forms drive
 * the catalogue's requests themselves (core/nbc.h), and the library adds MPI_Request_get_status,
 * which MPICH 4.0 does not let poll them; without MPICH's extended generalized requests (Open MPI,
 * SimGrid) the library also defines MPI_Wait, MPI_Test, MPI_Waitall, MPI_Waitany, MPI_Waitsome,
 * MPI_Testall, MPI_Testany and MPI_Testsome (and Open MPI's Fortran forms of all nine,
 * fortran_nonblocking.c), which run collalg_progress() around the PMPI_ calls while a catalogue
 * operation is outstanding and are the PMPI_ calls at once when none is (nonblocking.c).
 *
 * @par Persistent collectives
 * src/pmpi/persistent.c, included after nonblocking.c, defines the seventeen `MPI_<Coll>_init`
 * (MPICH 4.0) or `MPIX_<Coll>_init` (Open MPI 4.1's pcollreq extension; SimGrid 3.32 has none),
 * which choose once, at init, as the nonblocking collectives do (`COLLALG_I<COLL>=name`, else
 * the tuned routine `collalg_tuned_i<coll>`, asked through COLLALG_SELECT_HOOK without starting
 * anything), and MPI_Start, MPI_Startall and MPI_Request_free for the catalogue's persistent
 * requests (core/persistent.h); the completion calls of nonblocking.c advance them under every
 * MPI, MPICH included.
 *
 * @par Environment (read once, at MPI_Init / MPI_Init_thread)
 * - `COLLALG_<COLL>=name[:param]` with COLL one of ALLTOALL, ALLGATHER, ALLREDUCE, BCAST,
 *   ALLTOALLV, ALLGATHERV, BARRIER, GATHER, SCATTER, GATHERV, SCATTERV, ALLTOALLW, REDUCE, SCAN, EXSCAN,
 *   REDUCE_SCATTER_BLOCK, REDUCE_SCATTER: run the catalogue algorithm `collalg_<coll>_<name>` for every
 *   call of that collective instead of the tuned routine. The names are those of the catalogue
 *   table (include/collalg/catalogue.h, called through src/catalogue/table.h), topology algorithms included (without a description they use
 *   the node level, see machine/topology_comm.h) and the shared-memory family (`shm`: on a
 *   communicator that spans several nodes it goes native, see "What goes native"). The parameter:
 *   - none: the algorithm's documented default (the value 0), or for a program parameter (bcast
 *     csm) the first program of the tuner's search space at the communicator's size (binomial);
 *   - an integer for an integer parameter (`pair_n_mpi_barriers:4`, `chain:8192`, `js:3`,
 *     `knomial:8` for gather and scatter, `linear_sync:256`, `linear_nb:4`, `scattered:1`,
 *     `pipeline:4096` for reduce, `linear:4096` for scan and exscan);
 *   - a program for bcast csm (`csm:S0 C1 M0`; a program fits one number of dimensions, so on a
 *     communicator of another size csm returns MPI_ERR_ARG);
 *   - otherwise one value of the tuner's search space, written as in a rule with spaces, quotes
 *     and the `collalg_allgather_` / `collalg_alltoall_` prefixes optional: `mcs:4,2`,
 *     `allgather_based:bruck`, `rabenseifner_var2:pair,ring`, reduce `knomial:8,0` and `chain:2,0`
 *     (radix or chains, with the default segment size).
 * - `COLLALG_I<COLL>=name[:param]` with COLL one of the seventeen above (COLLALG_IALLREDUCE, ...):
 *   run `collalg_i<coll>_<name>` of the COLLALG_NONBLOCKING table (catalogue.h; the dispatch
 *   table is generated from it) for every MPI_I<coll> call, and its persistent form for every
 *   MPI_<Coll>_init. The parameter, an integer, is the algorithm's one tuning parameter (a radix,
 *   a segment size in bytes, a window: the table's space column; 0 or none is its documented
 *   default); a parameter for an algorithm without one, or one that is not an integer, is
 *   rejected (one line on rank 0, e.g. `collalg: COLLALG_IBCAST=binomial:2: binomial takes no
 *   parameter; ibcast stays native`). The trace of a forced call reads
 *   `collalg: MPI_Iallreduce p=4 n=8 B -> ring (forced by COLLALG_IALLREDUCE)`, with a parameter
 *   `knomial(3) (forced by COLLALG_IBCAST)`; its n is the
 *   selector's (0 for ialltoallv, ialltoallw, igatherv and iscatterv, which select by p only).
 * - `COLLALG_PMPI=off` (or `0`): the library does nothing (every collective native, blocking and
 *   nonblocking; the completion calls stay as above).
 * - `COLLALG_SELECT_VERBOSE=1` (or 2: every rank): the selector's trace, one stderr line per call
 *   on rank 0 of the communicator, `collalg: collalg_tuned_alltoall p=4 n=8 B -> bruck`; a forced
 *   call prints `collalg: MPI_Alltoall p=4 n=8 B -> bruck (forced by COLLALG_ALLTOALL)`.
 *   The n of a forced call's trace is the size the selector compares (select.h), as far as the
 *   printing rank knows it: a forced gatherv or scatterv prints the root's mean block at the root
 *   and its own block elsewhere, a forced alltoallw this rank's mean receive block.
 *
 * An unknown name or a malformed parameter prints one line on rank 0's stderr at MPI_Init naming
 * the variable and the valid names (or values), e.g.
 * `collalg: COLLALG_ALLTOALL=foo: unknown algorithm; valid: simple spreading_simple ...; alltoall stays native`,
 * and that collective then stays native for the whole run: the program goes on and its exit code
 * is its own (0 for a correct program).
 *
 * @par What goes native
 * - every collective when COLLALG_PMPI=off, or when the environment named an invalid choice for it;
 * - intercommunicators (MPI_Comm_test_inter) and MPI_COMM_NULL (the native call reports the error);
 * - a forced algorithm on a call whose send and receive sides differ in datatype, or in count for
 *   alltoall and allgather (the tuner's table passes one type and count to both sides); the tuned
 *   routines serve such calls. Gather, scatter, gatherv, scatterv and alltoallw pass both sides
 *   (tune_call::rcount, rtype, stypes, rtypes), so a forced algorithm serves every such call
 *   (a rank-local test of the sides would let a root and the other ranks, whose receive or send
 *   arguments MPI ignores, take different paths);
 * - a forced encoded parameter (mcs, allgather_based, rabenseifner_var2) that is not in the search
 *   space at a communicator's size;
 * - a forced algorithm that does not apply to the call by its restrictions
 *   (the catalogue table's restrictions column, include/collalg/catalogue.h: a commutative-only
 *   algorithm with a non-commutative op, an algorithm limited to 46340 processes past them, the
 *   shared-memory family on a communicator of more than one node); the trace says
 *   `native (COLLALG_ALLREDUCE=ring does not apply: the operation must be commutative)`. The tuned
 *   routines skip such a rule to its alternative rule, else native (select.h);
 * - what the tuned routines send to MPI themselves (sizes outside their rules).
 *
 * @par Errors
 * Errors in the user's arguments are detected by the catalogue's entry step, which returns the MPI
 * error class a native collective returns for them (MPI_ERR_COUNT, MPI_ERR_TYPE, MPI_ERR_BUFFER,
 * MPI_ERR_COMM, MPI_ERR_ROOT, MPI_ERR_OP, ...) after calling the communicator's error handler, so
 * MPI_ERRORS_ARE_FATAL aborts as it would natively; they are returned as is. A forced parameter out
 * of range for the communicator (e.g. more barriers than phases) is MPI_ERR_ARG from the
 * algorithm: forcing a parameter is the user's choice.
 *
 * @par Limitations
 * Only the seventeen collectives above, their nonblocking forms (C and Fortran bindings, see
 * Fortran) and their persistent forms (C and Fortran bindings, persistent.c and
 * fortran_persistent.c; no neighbourhood collectives); the configuration is
 * per process and global (every communicator gets the same choice, and a parameter is applied on
 * every communicator size); it is read by the MPI_Init wrappers only (a program initialised
 * otherwise runs the tuned routines and ignores the COLLALG_<COLL> variables).
 *
 * @par Fortran
 * src/pmpi/fortran.c, included at the end of this file, defines the Fortran entry points of the
 * seventeen collectives and of MPI_INIT / MPI_INIT_THREAD for mpif.h and `use mpi` (the names
 * mpi_alltoall_, mpi_alltoall__, mpi_alltoall and MPI_ALLTOALL ...) and the `use mpi_f08` names
 * the MPIs export with a plain calling convention (mpi_alltoall_f08_ ...: all of them in Open MPI
 * 4.1; init, init_thread and barrier in MPICH 4.0, whose other f08 collectives already call the C
 * functions). Each converts the handles and Fortran's MPI_IN_PLACE / MPI_BOTTOM (looked up at run
 * time, so the library needs no Fortran runtime) and calls the C function above, so a Fortran
 * program gets the same algorithms and trace, and its MPI_INIT reads the environment once.
 * fortran_nonblocking.c adds MPI_IBARRIER ... MPI_IEXSCAN under the same names and, without
 * MPICH's extended generalized requests, the Fortran completion calls; fortran_persistent.c the
 * seventeen init calls (MPI_ALLREDUCE_INIT ... with MPICH, MPIX_ALLREDUCE_INIT ... with Open MPI)
 * and MPI_START, MPI_STARTALL and MPI_REQUEST_FREE (not under SimGrid, which has no persistent
 * collectives). Open
 * MPI's Fortran bindings call PMPI_ directly (open-mpi/ompi#3954): without these, a Fortran
 * program under Open MPI ran every collective natively.
 */
#define COLLALG_USE_PMPI 1

/* The persistent collectives (persistent.c) take the tuned routine's choice at init without
 * starting anything: while pm_probing is set, the selector's hook (select.h, called on every rank
 * just before the chosen algorithm, or the native call, would start) records the algorithm's name
 * and returns from the tuned routine. */
static int pm_probing;
static const char *pm_probe_choice;
#define COLLALG_SELECT_HOOK(routine, algorithm, bytes, procs) \
    do {                                                      \
        if (pm_probing) {                                     \
            pm_probe_choice = (algorithm);                    \
            return MPI_SUCCESS;                               \
        }                                                     \
    } while (0)

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mpi.h>

#ifdef COLLALG_PMPI_TUNED_HEADER
#include COLLALG_PMPI_TUNED_HEADER
#endif
#include <collalg/collalg.h>
#include <collalg/alltoallv.h>
#include <collalg/allgatherv.h>
#include <collalg/barrier.h>
#include <collalg/reduce.h>
#include <collalg/scan.h>
#include <collalg/exscan.h>
#include <collalg/reduce_scatter_block.h>
#include <collalg/reduce_scatter.h>
#include <collalg/select.h>
#include <collalg/neighbor.h>

/* The catalogue's algorithm table, shared with the tuner (src/catalogue). */
#include "../catalogue/table.h"

/* Tuned routines with no rule (native) for what the header does not define (no header, or a header
 * written before the v-collectives, before gather, scatter, gatherv, scatterv, alltoallw and reduce,
 * or before scan, exscan, reduce_scatter_block and reduce_scatter). */
#ifndef COLLALG_TUNED_ALLTOALL_BOUNDS
COLLALG_TUNED_ALLTOALL(collalg_tuned_alltoall, )
#endif
#ifndef COLLALG_TUNED_ALLGATHER_BOUNDS
COLLALG_TUNED_ALLGATHER(collalg_tuned_allgather, )
#endif
#ifndef COLLALG_TUNED_ALLREDUCE_BOUNDS
COLLALG_TUNED_ALLREDUCE(collalg_tuned_allreduce, )
#endif
#ifndef COLLALG_TUNED_BCAST_BOUNDS
COLLALG_TUNED_BCAST(collalg_tuned_bcast, )
#endif
#ifndef COLLALG_TUNED_ALLTOALLV_BOUNDS
COLLALG_TUNED_ALLTOALLV(collalg_tuned_alltoallv, )
#endif
#ifndef COLLALG_TUNED_ALLGATHERV_BOUNDS
COLLALG_TUNED_ALLGATHERV(collalg_tuned_allgatherv, )
#endif
#ifndef COLLALG_TUNED_BARRIER_BOUNDS
COLLALG_TUNED_BARRIER(collalg_tuned_barrier, )
#endif
#ifndef COLLALG_TUNED_GATHER_BOUNDS
COLLALG_TUNED_GATHER(collalg_tuned_gather, )
#endif
#ifndef COLLALG_TUNED_SCATTER_BOUNDS
COLLALG_TUNED_SCATTER(collalg_tuned_scatter, )
#endif
#ifndef COLLALG_TUNED_GATHERV_BOUNDS
COLLALG_TUNED_GATHERV(collalg_tuned_gatherv, )
#endif
#ifndef COLLALG_TUNED_SCATTERV_BOUNDS
COLLALG_TUNED_SCATTERV(collalg_tuned_scatterv, )
#endif
#ifndef COLLALG_TUNED_ALLTOALLW_BOUNDS
COLLALG_TUNED_ALLTOALLW(collalg_tuned_alltoallw, )
#endif
#ifndef COLLALG_TUNED_REDUCE_BOUNDS
COLLALG_TUNED_REDUCE(collalg_tuned_reduce, )
#endif
#ifndef COLLALG_TUNED_SCAN_BOUNDS
COLLALG_TUNED_SCAN(collalg_tuned_scan, )
#endif
#ifndef COLLALG_TUNED_EXSCAN_BOUNDS
COLLALG_TUNED_EXSCAN(collalg_tuned_exscan, )
#endif
#ifndef COLLALG_TUNED_REDUCE_SCATTER_BLOCK_BOUNDS
COLLALG_TUNED_REDUCE_SCATTER_BLOCK(collalg_tuned_reduce_scatter_block, )
#endif
#ifndef COLLALG_TUNED_REDUCE_SCATTER_BOUNDS
COLLALG_TUNED_REDUCE_SCATTER(collalg_tuned_reduce_scatter, )
#endif

/** @brief How a forced algorithm's parameter is read (see the file comment). */
enum pm_kind {
    PM_NONE = 0, /**< no parameter (space NULL) */
    PM_INT,      /**< integer parameter: tune_choice::i */
    PM_STRING,   /**< program parameter: tune_choice::str */
    PM_ENCODED   /**< one value of the search space, matched by its text */
};

/** @brief What runs for one collective. */
typedef struct pm_force {
    const tune_algo *algo; /**< forced algorithm, NULL: the tuned routine */
    int native;            /**< 1: always the native collective (off, or an invalid choice) */
    enum pm_kind kind;     /**< how the parameter is read */
    int has_param;         /**< a parameter was given */
    char param[256];       /**< it, as given */
    char var[32];          /**< the variable's name, COLLALG_<COLL> */
    int restrictions;      /**< the algorithm's COLLALG_R_* (looked up once: the lookup compares names) */
} pm_force;

/** @brief The configuration, set once by MPI_Init / MPI_Init_thread. */
static pm_force pm_cfg[TUNE_NCOLL];

/** @brief Copies @p s into @p out without spaces, quotes and the inner-routine prefixes. */
static void pm_normalise(const char *s, char *out, size_t size)
{
    static const char *const drop[] = {"collalg_allgather_", "collalg_alltoall_"};
    size_t n = 0, k;
    while (*s && n + 1 < size) {
        int skipped = 0;
        for (k = 0; k < 2; k++)
            if (strncmp(s, drop[k], strlen(drop[k])) == 0) {
                s += strlen(drop[k]);
                skipped = 1;
            }
        if (skipped)
            continue;
        if (*s != ' ' && *s != '"' && *s != '\t')
            out[n++] = *s;
        s++;
    }
    out[n] = 0;
}

/** @brief 1 when @p s is a whole decimal integer (optional sign), its value in *v. */
static int pm_integer(const char *s, int *v)
{
    char *end;
    long x;
    if (!*s)
        return 0;
    x = strtol(s, &end, 10);
    if (*end || x < -2147483647L || x > 2147483647L)
        return 0;
    *v = (int)x;
    return 1;
}

/** @brief How algorithm @p a reads its parameter (its search space at @p p processes decides). */
static enum pm_kind pm_kind_of(const tune_algo *a, int p)
{
    tune_choice ch[TUNE_MAX_CHOICES];
    int v;
    if (!a->space)
        return PM_NONE;
    memset(ch, 0, sizeof ch);
    if (a->space(p, ch, TUNE_MAX_CHOICES) < 1)
        return PM_ENCODED;
    if (ch[0].str[0])
        return PM_STRING;
    return pm_integer(ch[0].text, &v) ? PM_INT : PM_ENCODED;
}

/**
 * @brief The tune_choice of forced entry @p f on @p p processes into @p ch; the catalogue call's
 *        text (for the trace) into @p text. @return 0, or -1 when an encoded parameter is not in
 *        the search space at @p p.
 */
static int pm_choice(const pm_force *f, int p, tune_choice *ch, char *text, size_t size)
{
    tune_choice all[TUNE_MAX_CHOICES];
    char want[256], have[300];
    int n, k;
    memset(ch, 0, sizeof *ch);
    if (text)
        snprintf(text, size, "%s", f->algo->name);
    if (f->kind == PM_NONE || (!f->has_param && f->kind != PM_STRING))
        return 0;
    if (f->kind == PM_INT) {
        pm_integer(f->param, &ch->i);
        if (text)
            snprintf(text, size, "%s(%d)", f->algo->name, ch->i);
        return 0;
    }
    if (f->kind == PM_STRING && f->has_param) {
        snprintf(ch->str, sizeof ch->str, "%s", f->param);
        if (text)
            snprintf(text, size, "%s(\"%s\")", f->algo->name, ch->str);
        return 0;
    }
    memset(all, 0, sizeof all);
    n = f->algo->space(p, all, TUNE_MAX_CHOICES);
    if (f->kind == PM_STRING) { /* no parameter: the first program of the space */
        if (n < 1)
            return -1;
        *ch = all[0];
        if (text)
            snprintf(text, size, "%s(%s)", f->algo->name, ch->text);
        return 0;
    }
    pm_normalise(f->param, want, sizeof want);
    for (k = 0; k < n; k++) {
        pm_normalise(all[k].text, have, sizeof have);
        if (strcmp(want, have) == 0) {
            *ch = all[k];
            if (text)
                snprintf(text, size, "%s(%s)", f->algo->name, ch->text);
            return 0;
        }
    }
    return -1;
}

/** @brief Appends the valid names (or values) for a message to @p buf. */
static void pm_valid_names(enum tune_coll coll, char *buf, size_t size)
{
    int i;
    size_t len;
    buf[0] = 0;
    for (i = 0; i < TUNE_NALGOS; i++) {
        if (tune_table[i].coll != coll)
            continue;
        len = strlen(buf);
        snprintf(buf + len, size - len, "%s%s", len ? " " : "", tune_table[i].name);
    }
}

/** @brief The variable `COLLALG_<COLL>` of collective @p coll ("alltoall", "iallreduce", ...) into
 *         @p var. */
static void pm_var_name(const char *coll, char *var, size_t size)
{
    size_t k;
    snprintf(var, size, "COLLALG_");
    for (k = 0; coll[k] && 8 + k + 1 < size; k++)
        var[8 + k] = (char)toupper((unsigned char)coll[k]);
    var[8 + k] = 0;
}

/** @brief Parses `COLLALG_<COLL>` for @p coll into pm_cfg (world size @p p); a message into @p msg
 *         when the value is invalid (the collective then stays native). */
static void pm_parse_one(enum tune_coll coll, int p, char *msg, size_t size)
{
    pm_force *f = &pm_cfg[coll];
    const char *val, *colon;
    char name[128], list[2048];
    size_t len;
    int i, v;
    tune_choice ch;
    msg[0] = 0;
    pm_var_name(tune_coll_name[coll], f->var, sizeof f->var);
    val = getenv(f->var);
    if (!val || !*val)
        return;
    colon = strchr(val, ':');
    len = colon ? (size_t)(colon - val) : strlen(val);
    snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), val);
    for (i = 0; i < TUNE_NALGOS; i++)
        if (tune_table[i].coll == coll && strcmp(tune_table[i].name, name) == 0)
            break;
    if (i == TUNE_NALGOS) {
        pm_valid_names(coll, list, sizeof list);
        snprintf(msg, size, "collalg: %s=%s: unknown algorithm; valid: %s; %s stays native", f->var, val, list,
                 tune_coll_name[coll]);
        f->native = 1;
        return;
    }
    f->algo = &tune_table[i];
    f->restrictions = collalg_restrictions(tune_coll_name[coll], f->algo->name);
    f->kind = pm_kind_of(f->algo, p);
    f->has_param = colon != NULL;
    snprintf(f->param, sizeof f->param, "%s", colon ? colon + 1 : "");
    if (f->has_param && f->kind == PM_NONE)
        snprintf(msg, size, "collalg: %s=%s: %s takes no parameter; %s stays native", f->var, val, name,
                 tune_coll_name[coll]);
    else if (f->has_param && f->kind == PM_INT && !pm_integer(f->param, &v))
        snprintf(msg, size, "collalg: %s=%s: the parameter of %s is an integer; %s stays native", f->var, val, name,
                 tune_coll_name[coll]);
    else if (f->has_param && f->kind == PM_STRING && !f->param[0])
        snprintf(msg, size, "collalg: %s=%s: empty program for %s; %s stays native", f->var, val, name,
                 tune_coll_name[coll]);
    else if (f->kind == PM_ENCODED && pm_choice(f, p, &ch, list, sizeof list) != 0) {
        tune_choice all[TUNE_MAX_CHOICES];
        int n = f->algo->space(p, all, TUNE_MAX_CHOICES);
        list[0] = 0;
        for (i = 0; i < n; i++) {
            len = strlen(list);
            snprintf(list + len, sizeof list - len, "%s'%s'", i ? " " : "", all[i].text);
        }
        snprintf(msg, size, "collalg: %s=%s: unknown parameter of %s; valid on %d processes: %s; %s stays native",
                 f->var, val, name, p, list, tune_coll_name[coll]);
    }
    if (msg[0]) {
        f->algo = NULL;
        f->native = 1;
    }
}

static void pm_nb_configure(int off, int rank);
static void pm_nbr_configure(int off, int rank);

/** @brief Reads the environment once, after PMPI_Init*; rank 0 of MPI_COMM_WORLD prints the
 *         messages. */
static void pm_configure(void)
{
    const char *off = getenv("COLLALG_PMPI");
    char msg[3072];
    int c, rank = 0, p = 1;
    memset(pm_cfg, 0, sizeof pm_cfg);
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &p);
    pm_nb_configure(off && (strcmp(off, "off") == 0 || strcmp(off, "0") == 0), rank);
    pm_nbr_configure(off && (strcmp(off, "off") == 0 || strcmp(off, "0") == 0), rank);
    if (off && (strcmp(off, "off") == 0 || strcmp(off, "0") == 0)) {
        for (c = 0; c < TUNE_NCOLL; c++)
            pm_cfg[c].native = 1;
        return;
    }
    for (c = 0; c < TUNE_NCOLL; c++) {
        pm_parse_one((enum tune_coll)c, p, msg, sizeof msg);
        if (msg[0] && rank == 0)
            fprintf(stderr, "%s\n", msg);
    }
}

/** @brief 1 when @p comm must go to the native collective (null or an intercommunicator). */
static int pm_not_intra(MPI_Comm comm)
{
    int inter = 0;
    if (comm == MPI_COMM_NULL)
        return 1;
    return PMPI_Comm_test_inter(comm, &inter) != MPI_SUCCESS || inter;
}

/** @brief Runs the forced algorithm of @p coll with @p call, after the trace line; *ran = 0 when it
 *         cannot serve the call (the caller goes native). @return its error code. */
static int pm_forced(enum tune_coll coll, tune_call *call, long long n, int *ran)
{
    const pm_force *f = &pm_cfg[coll];
    tune_choice ch;
    char text[400], line[512], routine[32];
    int p = 0, k, broken, say = collalg__select_verbose() > 0;
    PMPI_Comm_size(call->comm, &p);
    if (!say) { /* no trace: none of its text (snprintf costs about 2,000 instructions a call) */
        *ran =
            pm_choice(f, p, &ch, NULL, 0) == 0 &&
            !collalg__select_broken(f->restrictions, tune_is_reduction(coll) ? call->op : MPI_OP_NULL, p, call->comm);
        return *ran ? f->algo->run(call, &ch) : MPI_SUCCESS;
    }
    snprintf(routine, sizeof routine, "MPI_%s", tune_coll_name[coll]);
    routine[4] = (char)toupper((unsigned char)routine[4]);
    if (pm_choice(f, p, &ch, text, sizeof text) != 0) {
        snprintf(line, sizeof line, "native (%s=%s: parameter not valid on %d processes)", f->var, f->param, p);
        collalg__select_say(routine, line, n, p, call->comm);
        *ran = 0;
        return MPI_SUCCESS;
    }
    for (k = 0; text[k]; k++) /* the trace shows the parameter as the rules write it */
        if (text[k] == '"')
            text[k] = '\'';
    broken = collalg__select_broken(f->restrictions, tune_is_reduction(coll) ? call->op : MPI_OP_NULL, p, call->comm);
    if (broken) {
        snprintf(line, sizeof line, "native (%s=%s does not apply: %s)", f->var, f->algo->name,
                 collalg_restriction_text(broken));
        collalg__select_say(routine, line, n, p, call->comm);
        *ran = 0;
        return MPI_SUCCESS;
    }
    snprintf(line, sizeof line, "%s (forced by %s)", text, f->var);
    collalg__select_say(routine, line, n, p, call->comm);
    *ran = 1;
    return f->algo->run(call, &ch);
}

/** @brief Traces that a forced collective went native for @p why. */
static void pm_say_native(enum tune_coll coll, const char *why, long long n, MPI_Comm comm)
{
    char routine[32], line[256];
    int p = 0;
    PMPI_Comm_size(comm, &p);
    snprintf(routine, sizeof routine, "MPI_%s", tune_coll_name[coll]);
    routine[4] = (char)toupper((unsigned char)routine[4]);
    snprintf(line, sizeof line, "native (%s)", why);
    collalg__select_say(routine, line, n, p, comm);
}

/** @brief Bytes of @p count elements of @p type (-1 when unknown), for the trace. */
static long long pm_bytes(int count, MPI_Datatype type)
{
    int size = 0;
    if (type == MPI_DATATYPE_NULL || PMPI_Type_size(type, &size) != MPI_SUCCESS)
        return -1;
    return (long long)count * size;
}

/** @brief The mean of this rank's @p p counts of @p type in bytes, for the trace. */
static long long pm_mean_bytes(const int *counts, MPI_Datatype type, MPI_Comm comm)
{
    long long sum = 0;
    int p = 0, i;
    PMPI_Comm_size(comm, &p);
    if (!counts || p < 1)
        return -1;
    for (i = 0; i < p; i++)
        sum += counts[i];
    return pm_bytes(1, type) * sum / p;
}

/** @brief This rank's rank in @p comm (0 when it cannot be queried), for the trace. */
static int pm_rank(MPI_Comm comm)
{
    int rank = 0;
    PMPI_Comm_rank(comm, &rank);
    return rank;
}

/** @brief The mean of this rank's @p p counts of alltoallw in bytes (each of its own type), for the
 *         trace; -1 when unknown. */
static long long pm_mean_bytes_w(const int *counts, const MPI_Datatype *types, MPI_Comm comm)
{
    long long sum = 0, b;
    int p = 0, i;
    PMPI_Comm_size(comm, &p);
    if (!counts || !types || p < 1)
        return -1;
    for (i = 0; i < p; i++) {
        if ((b = pm_bytes(counts[i], types[i])) < 0)
            return -1;
        sum += b;
    }
    return sum / p;
}

int MPI_Init(int *argc, char ***argv)
{
    int err = PMPI_Init(argc, argv);
    if (err == MPI_SUCCESS)
        pm_configure();
    return err;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    int err = PMPI_Init_thread(argc, argv, required, provided);
    if (err == MPI_SUCCESS)
        pm_configure();
    return err;
}

/**
 * @brief MPI_Alltoall and MPI_Allgather (one argument list): native when the library is off for
 *        @p coll or @p comm is not an intracommunicator, the forced algorithm when there is one
 *        (native when the two sides differ, which the tuner's table cannot pass), else the tuned
 *        routine.
 */
static int pm_transport(enum tune_coll coll, collalg_alltoall_fn native, collalg_alltoall_fn tuned, const void *sendbuf,
                        int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                        MPI_Comm comm)
{
    const pm_force *f = &pm_cfg[coll];
    if (f->native || pm_not_intra(comm))
        return native(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    if (f->algo) {
        tune_call c;
        int ran, err;
        long long n = pm_bytes(recvcount, recvtype);
        if (sendbuf != MPI_IN_PLACE && (sendtype != recvtype || sendcount != recvcount)) {
            pm_say_native(coll, "send and receive sides differ", n, comm);
            return native(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
        }
        memset(&c, 0, sizeof c);
        c.sbuf = sendbuf, c.rbuf = recvbuf, c.count = recvcount, c.type = recvtype, c.comm = comm;
        err = pm_forced(coll, &c, n, &ran);
        return ran ? err : native(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    }
    return tuned(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm)
{
    return pm_transport(TUNE_ALLTOALL, PMPI_Alltoall, collalg_tuned_alltoall, sendbuf, sendcount, sendtype, recvbuf,
                        recvcount, recvtype, comm);
}

int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm)
{
    return pm_transport(TUNE_ALLGATHER, PMPI_Allgather, collalg_tuned_allgather, sendbuf, sendcount, sendtype, recvbuf,
                        recvcount, recvtype, comm);
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const pm_force *f = &pm_cfg[TUNE_ALLREDUCE];
    if (f->native || pm_not_intra(comm))
        return PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
    if (f->algo) {
        tune_call c;
        int ran, err;
        memset(&c, 0, sizeof c);
        c.sbuf = sendbuf, c.rbuf = recvbuf, c.count = count, c.type = datatype, c.op = op, c.comm = comm;
        err = pm_forced(TUNE_ALLREDUCE, &c, pm_bytes(count, datatype), &ran);
        if (ran)
            return err;
        return PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
    }
    return collalg_tuned_allreduce(sendbuf, recvbuf, count, datatype, op, comm);
}

int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    const pm_force *f = &pm_cfg[TUNE_BCAST];
    if (f->native || pm_not_intra(comm))
        return PMPI_Bcast(buffer, count, datatype, root, comm);
    if (f->algo) {
        tune_call c;
        int ran, err;
        memset(&c, 0, sizeof c);
        c.rbuf = buffer, c.count = count, c.type = datatype, c.root = root, c.comm = comm;
        err = pm_forced(TUNE_BCAST, &c, pm_bytes(count, datatype), &ran);
        if (ran)
            return err;
        return PMPI_Bcast(buffer, count, datatype, root, comm);
    }
    return collalg_tuned_bcast(buffer, count, datatype, root, comm);
}

int MPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                  void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const pm_force *f = &pm_cfg[TUNE_ALLTOALLV];
    if (f->native || pm_not_intra(comm))
        return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
    if (f->algo) {
        tune_call c;
        int ran, err;
        long long n = pm_mean_bytes(recvcounts, recvtype, comm);
        if (sendbuf != MPI_IN_PLACE && sendtype != recvtype) {
            pm_say_native(TUNE_ALLTOALLV, "send and receive types differ", n, comm);
            return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
        }
        memset(&c, 0, sizeof c);
        c.sbuf = sendbuf, c.rbuf = recvbuf, c.type = recvtype, c.comm = comm;
        c.scounts = sendcounts, c.sdispls = sdispls, c.rcounts = recvcounts, c.rdispls = rdispls;
        err = pm_forced(TUNE_ALLTOALLV, &c, n, &ran);
        if (ran)
            return err;
        return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
    }
    return collalg_tuned_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype,
                                   comm);
}

int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                   const int displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const pm_force *f = &pm_cfg[TUNE_ALLGATHERV];
    if (f->native || pm_not_intra(comm))
        return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
    if (f->algo) {
        tune_call c;
        int ran, err;
        long long n = pm_mean_bytes(recvcounts, recvtype, comm);
        if (sendbuf != MPI_IN_PLACE && sendtype != recvtype) {
            pm_say_native(TUNE_ALLGATHERV, "send and receive types differ", n, comm);
            return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
        }
        memset(&c, 0, sizeof c);
        c.sbuf = sendbuf, c.rbuf = recvbuf, c.count = sendcount, c.type = recvtype, c.comm = comm;
        c.rcounts = recvcounts, c.rdispls = displs;
        err = pm_forced(TUNE_ALLGATHERV, &c, n, &ran);
        if (ran)
            return err;
        return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
    }
    return collalg_tuned_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
}

int MPI_Barrier(MPI_Comm comm)
{
    const pm_force *f = &pm_cfg[TUNE_BARRIER];
    if (f->native || pm_not_intra(comm))
        return PMPI_Barrier(comm);
    if (f->algo) {
        tune_call c;
        int ran, err;
        memset(&c, 0, sizeof c);
        c.comm = comm;
        err = pm_forced(TUNE_BARRIER, &c, 0, &ran);
        if (ran)
            return err;
        return PMPI_Barrier(comm);
    }
    return collalg_tuned_barrier(comm);
}

int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm)
{
    const pm_force *f = &pm_cfg[TUNE_REDUCE];
    if (f->native || pm_not_intra(comm))
        return PMPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
    if (f->algo) {
        tune_call c;
        int ran, err;
        memset(&c, 0, sizeof c);
        c.sbuf = sendbuf, c.rbuf = recvbuf, c.count = count, c.type = datatype, c.op = op, c.root = root;
        c.comm = comm;
        err = pm_forced(TUNE_REDUCE, &c, pm_bytes(count, datatype), &ran);
        if (ran)
            return err;
        return PMPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
    }
    return collalg_tuned_reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
}

int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const pm_force *f = &pm_cfg[TUNE_GATHER];
    if (f->native || pm_not_intra(comm))
        return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
    if (f->algo) {
        tune_call c;
        int ran, err;
        long long n = sendbuf == MPI_IN_PLACE ? pm_bytes(recvcount, recvtype) : pm_bytes(sendcount, sendtype);
        memset(&c, 0, sizeof c);
        c.sbuf = sendbuf, c.count = sendcount, c.type = sendtype, c.rbuf = recvbuf, c.rcount = recvcount;
        c.rtype = recvtype, c.root = root, c.comm = comm;
        err = pm_forced(TUNE_GATHER, &c, n, &ran);
        if (ran)
            return err;
        return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
    }
    return collalg_tuned_gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const pm_force *f = &pm_cfg[TUNE_SCATTER];
    if (f->native || pm_not_intra(comm))
        return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
    if (f->algo) {
        tune_call c;
        int ran, err;
        long long n = recvbuf == MPI_IN_PLACE ? pm_bytes(sendcount, sendtype) : pm_bytes(recvcount, recvtype);
        memset(&c, 0, sizeof c);
        c.sbuf = sendbuf, c.count = sendcount, c.type = sendtype, c.rbuf = recvbuf, c.rcount = recvcount;
        c.rtype = recvtype, c.root = root, c.comm = comm;
        err = pm_forced(TUNE_SCATTER, &c, n, &ran);
        if (ran)
            return err;
        return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
    }
    return collalg_tuned_scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const pm_force *f = &pm_cfg[TUNE_GATHERV];
    if (f->native || pm_not_intra(comm))
        return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
    if (f->algo) {
        tune_call c;
        int ran, err;
        /* the trace: the root's mean block at the root (only it has the counts), elsewhere its own */
        long long n = pm_rank(comm) == root ? pm_mean_bytes(recvcounts, recvtype, comm) : pm_bytes(sendcount, sendtype);
        memset(&c, 0, sizeof c);
        c.sbuf = sendbuf, c.count = sendcount, c.type = sendtype, c.rbuf = recvbuf, c.rcounts = recvcounts;
        c.rdispls = displs, c.rtype = recvtype, c.root = root, c.comm = comm;
        err = pm_forced(TUNE_GATHERV, &c, n, &ran);
        if (ran)
            return err;
        return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
    }
    return collalg_tuned_gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
}

int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const pm_force *f = &pm_cfg[TUNE_SCATTERV];
    if (f->native || pm_not_intra(comm))
        return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
    if (f->algo) {
        tune_call c;
        int ran, err;
        long long n = pm_rank(comm) == root ? pm_mean_bytes(sendcounts, sendtype, comm) : pm_bytes(recvcount, recvtype);
        memset(&c, 0, sizeof c);
        c.sbuf = sendbuf, c.scounts = sendcounts, c.sdispls = displs, c.type = sendtype, c.rbuf = recvbuf;
        c.rcount = recvcount, c.rtype = recvtype, c.root = root, c.comm = comm;
        err = pm_forced(TUNE_SCATTERV, &c, n, &ran);
        if (ran)
            return err;
        return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
    }
    return collalg_tuned_scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

int MPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[],
                  void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[],
                  MPI_Comm comm)
{
    const pm_force *f = &pm_cfg[TUNE_ALLTOALLW];
    if (f->native || pm_not_intra(comm))
        return PMPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm);
    if (f->algo) {
        tune_call c;
        int ran, err;
        memset(&c, 0, sizeof c);
        c.sbuf = sendbuf, c.scounts = sendcounts, c.sdispls = sdispls, c.stypes = sendtypes, c.rbuf = recvbuf;
        c.rcounts = recvcounts, c.rdispls = rdispls, c.rtypes = recvtypes, c.comm = comm;
        err = pm_forced(TUNE_ALLTOALLW, &c, pm_mean_bytes_w(recvcounts, recvtypes, comm), &ran);
        if (ran)
            return err;
        return PMPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm);
    }
    return collalg_tuned_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes,
                                   comm);
}

/**
 * @brief MPI_Scan and MPI_Exscan (one argument list): native when the library is off for @p coll
 *        or @p comm is not an intracommunicator, the forced algorithm when there is one, else the
 *        tuned routine.
 */
static int pm_scan(enum tune_coll coll, int (*native)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm),
                   int (*tuned)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm), const void *sendbuf,
                   void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const pm_force *f = &pm_cfg[coll];
    if (f->native || pm_not_intra(comm))
        return native(sendbuf, recvbuf, count, datatype, op, comm);
    if (f->algo) {
        tune_call c;
        int ran, err;
        memset(&c, 0, sizeof c);
        c.sbuf = sendbuf, c.rbuf = recvbuf, c.count = count, c.type = datatype, c.op = op, c.comm = comm;
        err = pm_forced(coll, &c, pm_bytes(count, datatype), &ran);
        return ran ? err : native(sendbuf, recvbuf, count, datatype, op, comm);
    }
    return tuned(sendbuf, recvbuf, count, datatype, op, comm);
}

int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    return pm_scan(TUNE_SCAN, PMPI_Scan, collalg_tuned_scan, sendbuf, recvbuf, count, datatype, op, comm);
}

int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    return pm_scan(TUNE_EXSCAN, PMPI_Exscan, collalg_tuned_exscan, sendbuf, recvbuf, count, datatype, op, comm);
}

int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op,
                             MPI_Comm comm)
{
    const pm_force *f = &pm_cfg[TUNE_REDUCE_SCATTER_BLOCK];
    if (f->native || pm_not_intra(comm))
        return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm);
    if (f->algo) {
        tune_call c;
        int ran, err, p = 0;
        PMPI_Comm_size(comm, &p);
        memset(&c, 0, sizeof c);
        c.sbuf = sendbuf, c.rbuf = recvbuf, c.rcount = recvcount, c.type = datatype, c.op = op, c.comm = comm;
        /* the trace: the whole vector, p blocks (select.h) */
        err = pm_forced(TUNE_REDUCE_SCATTER_BLOCK, &c,
                        pm_bytes(recvcount, datatype) < 0 ? -1 : pm_bytes(recvcount, datatype) * p, &ran);
        if (ran)
            return err;
        return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm);
    }
    return collalg_tuned_reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm);
}

int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op,
                       MPI_Comm comm)
{
    const pm_force *f = &pm_cfg[TUNE_REDUCE_SCATTER];
    if (f->native || pm_not_intra(comm))
        return PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm);
    if (f->algo) {
        tune_call c;
        int ran, err, p = 0, i;
        long long n = 0;
        PMPI_Comm_size(comm, &p);
        for (i = 0; recvcounts && i < p; i++) /* the trace: the whole vector (select.h) */
            n += recvcounts[i];
        memset(&c, 0, sizeof c);
        c.sbuf = sendbuf, c.rbuf = recvbuf, c.rcounts = recvcounts, c.type = datatype, c.op = op, c.comm = comm;
        err = pm_forced(TUNE_REDUCE_SCATTER, &c, recvcounts ? pm_bytes(1, datatype) * n : -1, &ran);
        if (ran)
            return err;
        return PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm);
    }
    return collalg_tuned_reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm);
}

/* The nonblocking collectives and, without MPICH's extended generalized requests, the completion
 * calls that drive them. */
#include "nonblocking.c"
#include "persistent.c"
/* The neighbourhood collectives, blocking, nonblocking and persistent. */
#include "neighbor.c"

/* The Fortran entry points (mpif.h, use mpi, use mpi_f08), calling the C functions above. */
#include "fortran.c"
#include "fortran_nonblocking.c"
#include "fortran_persistent.c"
#include "fortran_neighbor.c"
