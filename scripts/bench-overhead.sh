#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The per-call software overhead benchmark (make bench-overhead, mk/overhead.mk).
#
#   OVERHEAD_MPIS='mpich openmpi' OVERHEAD_PS='2 4' sh scripts/bench-overhead.sh
#
# For each MPI and each p, two runs of $BUILD/bench/<mpi>/overhead (src/bench/overhead.c: every
# native collective, catalogue algorithm and tuned routine, one measured 8-byte call each):
#   1. counted: LD_PRELOAD=$BUILD/bench/<mpi>/libmpicount.so (src/bench/mpicount.c): the program's
#      rows with the MPI calls, messages and collectives summed over the ranks
#      ($BUILD/bench/overhead/<mpi>-<p>/rows.txt);
#   2. callgrind: every rank under valgrind --tool=callgrind, one dump file per measured call and
#      rank ($BUILD/bench/overhead/<mpi>-<p>/cg/cg.<pid>.<part>).
# Then src/bench/overhead_report.py writes $BUILD/bench/overhead.csv (the maximum over the ranks of
# the instructions; an `mpi` column first when several MPIs ran), overhead-ranks.csv (every rank)
# and overhead.md. Nothing is timed: the numbers are instruction and call counts, the same on
# every run of the same build (up to the MPI library's own choices, e.g. a rank that polls once
# more before a message arrives does not count: polling is inside the MPI library).
#
# Run time on the 2-core machine: about 1 s (counted) and 15 s (callgrind) at p = 2, 25 s and 25 s
# at p = 4 for MPICH; Open MPI similar. Standard input is /dev/null for every mpiexec.
set -eu
BUILD="${BUILD:-build}"
MPIS="${OVERHEAD_MPIS:-mpich openmpi}"
PS="${OVERHEAD_PS:-2 4}"
OUT="$BUILD/bench"
# Open MPI as CI runs it (tests/launch.h, CL_OPENMPI_EXEC): as root, more ranks than cores, the
# ob1 layer over the self and shared-memory transports, no single-copy mechanism.
OMPI_EXEC="mpiexec.openmpi --oversubscribe --allow-run-as-root --bind-to none --mca pml ob1 --mca btl self,vader \
--mca btl_vader_single_copy_mechanism none"

# run MPI P PRELOAD-OR-EMPTY PROGRAM...: launches PROGRAM on P ranks of MPI, the library preloaded.
run() {
    mpi="$1" p="$2" preload="$3"
    shift 3
    if [ "$mpi" = openmpi ]; then
        if [ -n "$preload" ]; then
            $OMPI_EXEC -n "$p" -x LD_PRELOAD="$preload" "$@" </dev/null
        else
            $OMPI_EXEC -n "$p" "$@" </dev/null
        fi
    elif [ -n "$preload" ]; then
        mpiexec -n "$p" env LD_PRELOAD="$preload" "$@" </dev/null
    else
        mpiexec -n "$p" "$@" </dev/null
    fi
}

runs=""
for mpi in $MPIS; do
    bin="$BUILD/bench/$mpi/overhead"
    lib="$(pwd)/$BUILD/bench/$mpi/libmpicount.so"
    for p in $PS; do
        dir="$OUT/overhead/$mpi-$p"
        rm -rf "$dir"
        mkdir -p "$dir/cg"
        t0=$(date +%s)
        # Phase 1: the counted run (MPI calls, messages, collectives).
        run "$mpi" "$p" "$lib" "$bin" >"$dir/rows.txt" 2>"$dir/counted.err" ||
            { cat "$dir/counted.err"; echo "bench-overhead: the counted run failed ($mpi, p = $p)"; exit 1; }
        t1=$(date +%s)
        # Phase 2: the callgrind run (instructions outside the MPI library), one dump per call and rank.
        run "$mpi" "$p" "" valgrind -q --tool=callgrind --callgrind-out-file="$dir/cg/cg.%p" "$bin" \
            >"$dir/callgrind.txt" 2>"$dir/callgrind.err" ||
            { tail -20 "$dir/callgrind.err"; echo "bench-overhead: the callgrind run failed ($mpi, p = $p)"; exit 1; }
        echo "bench-overhead: $mpi p=$p: $(grep -c '^row,' "$dir/rows.txt") calls counted in $((t1 - t0)) s," \
            "$(find "$dir/cg" -name 'cg.*.*' | wc -l) callgrind dumps in $(($(date +%s) - t1)) s"
        runs="$runs $mpi:$p:$dir/rows.txt:$dir/cg"
    done
done
# shellcheck disable=SC2086 # one word per run
OVERHEAD_COMMAND="OVERHEAD_MPIS='$MPIS' OVERHEAD_PS='$PS' make bench-overhead" \
    python3 src/bench/overhead_report.py "$OUT/overhead.csv" "$OUT/overhead.md" $runs
