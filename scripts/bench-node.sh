#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench-node.sh - the real-node benchmark of `make bench-node` (mk/node.mk): do the tuned
# routines keep their promise against the MPI library on this node? Run from the top of the tree
# (make bench-node does); a benchmark, it asserts nothing.
#
# For each MPI of NODE_MPIS (mpich, openmpi):
#   1. the tuner on this node with NODE_NP processes, every core by default:
#        make tune-run MPI=<mpi> TUNE_NP=NODE_NP TUNE_OUT=build/node/<mpi>
#             TUNE_ARGS='--max-size 1M --time-budget NODE_BUDGET NODE_ARGS'
#      (mk/tune.mk: the tuner built with that MPI's compiler, run with its mpiexec, then
#      tuned_check and the guideline check on the header it wrote); its log build/node/<mpi>.log;
#   2. the independent measurement (make bench-node-one MPI=<mpi>: src/bench/node.c built against
#      that header with that MPI): at every collective and sample size, the native collective, the
#      tuned routine and the best single algorithm of the tuner's CSV, interleaved, >= 30 samples
#      each (NODE_REPS, default 40), median of the per-call maxima over the ranks; rows appended
#      to build/bench/node.csv (mpi,collective,bytes,impl,us; impl native, tuned, best:<algorithm>),
#      the algorithms the tuned routine ran to build/bench/node/choices.csv; log build/node/<mpi>-bench.log.
# Then src/bench/node_report.py writes build/bench/node.md (the tables, dated, with the command and
# the machine) and build/bench/node/<mpi>-<collective>.png (gnuplot, log-log).
#
# An MPI whose tuner run fails is left out (said in node.md); one that is not installed too.
# Run time at p = 2 on a 2-core VM: about 1 to 2 minutes per MPI for the tuner (most of it the
# 512 KiB and 1 MiB sizes, tuned_check and the guideline check), well under a minute for the
# measurement.
#
# Environment (set by mk/node.mk): NODE_NP, NODE_MPIS, NODE_ARGS, NODE_BUDGET, NODE_SIZES, MAKE, BUILD.

set -u
NODE_NP=${NODE_NP:-$(nproc 2>/dev/null || echo 2)}
NODE_MPIS=${NODE_MPIS:-mpich openmpi}
NODE_ARGS=${NODE_ARGS:-}
NODE_BUDGET=${NODE_BUDGET:-240}
NODE_SIZES=${NODE_SIZES:---max-size 1M}
MAKE=${MAKE:-make}
BUILD=${BUILD:-build}
OUT=$BUILD/bench
start=$(date +%s)

mkdir -p "$OUT/node" "$BUILD/node"
rm -f "$OUT/node.csv" "$OUT/node/choices.csv" "$OUT/node/"*.png "$OUT/node/"*.gp "$OUT/node/"*.dat
: >"$OUT/node/notes.txt"

# node_compiler MPI: the compiler mk/tune.mk builds that MPI's programs with.
node_compiler() {
    case $1 in
    openmpi) echo mpicc.openmpi ;;
    *) echo mpicc ;;
    esac
}

# node_one MPI: the tuner run, then the measurement; a failure is noted and the next MPI runs.
node_one() {
    _mpi=$1
    _dir=$BUILD/node/$_mpi
    if ! command -v "$(node_compiler "$_mpi")" >/dev/null 2>&1; then
        echo "$_mpi: not installed ($(node_compiler "$_mpi") missing), left out" | tee -a "$OUT/node/notes.txt"
        return
    fi
    rm -rf "$_dir"
    _t0=$(date +%s)
    echo "bench-node: $_mpi: tuning on $NODE_NP processes (log $BUILD/node/$_mpi.log)"
    $MAKE --no-print-directory tune-run MPI="$_mpi" TUNE_NP="$NODE_NP" TUNE_OUT="$_dir" \
        TUNE_ARGS="$NODE_SIZES --time-budget $NODE_BUDGET $NODE_ARGS" >"$BUILD/node/$_mpi.log" 2>&1
    _st=$?
    if [ ! -f "$_dir/collalg_tuned.h" ] || [ ! -f "$_dir/collalg_tuned.csv" ]; then
        echo "$_mpi: the tuner wrote no header (status $_st; see $BUILD/node/$_mpi.log), left out" |
            tee -a "$OUT/node/notes.txt"
        return
    fi
    [ "$_st" = 0 ] || echo "$_mpi: make tune-run ended with status $_st after writing the header (tuned_check or the guideline check: see $BUILD/node/$_mpi.log)" |
        tee -a "$OUT/node/notes.txt"
    _t1=$(date +%s)
    echo "bench-node: $_mpi: measuring (log $BUILD/node/$_mpi-bench.log)"
    if ! $MAKE --no-print-directory bench-node-one MPI="$_mpi" NODE_NP="$NODE_NP" NODE_DIR="$_dir" \
        NODE_ARGS="$NODE_ARGS" NODE_SIZES="$NODE_SIZES" >"$BUILD/node/$_mpi-bench.log" 2>&1; then
        echo "$_mpi: the measurement failed (see $BUILD/node/$_mpi-bench.log)" | tee -a "$OUT/node/notes.txt"
    fi
    _t2=$(date +%s)
    echo "$_mpi: tuner $((_t1 - _t0)) s, measurement $((_t2 - _t1)) s" >>"$OUT/node/notes.txt"
    grep -m1 '^ \* MPI:' "$_dir/collalg_tuned.h" | sed "s/^ \* MPI: */$_mpi version: /" >>"$OUT/node/notes.txt"
}

for mpi in $NODE_MPIS; do
    node_one "$mpi"
done

echo "make bench-node NODE_NP=$NODE_NP NODE_MPIS='$NODE_MPIS' NODE_BUDGET=$NODE_BUDGET NODE_ARGS='$NODE_ARGS'; $(($(date +%s) - start)) s in all" \
    >>"$OUT/node/notes.txt"
python3 src/bench/node_report.py --csv "$OUT/node.csv" --choices "$OUT/node/choices.csv" \
    --notes "$OUT/node/notes.txt" --np "$NODE_NP" --md "$OUT/node.md" --figures "$OUT/node" || exit 1
echo "bench-node: $OUT/node.csv, $OUT/node.md, figures in $OUT/node/ ($(($(date +%s) - start)) s)"
