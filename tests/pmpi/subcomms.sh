#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# tests/pmpi/subcomms.sh - the check of rules on every communicator size (make
# tune-subcomms, mk/tune.mk; outside make check: it takes minutes).
#
#   tests/pmpi/subcomms.sh [OUT]          (default build/subcomms)
#
# On 32 simulated ranks of platform (c) (tests/platform/topology/: switches-4x8.xml, ranks
# round-robin over the four switches by hostfile-c, the description c.conf), as
# scripts/bench-topology.sh runs it:
#   1. the SimGrid tuner (build/smpi-bin/collalg-tune) with --procs 4,8,32 --quick --collectives
#      alltoall,allreduce --topology c.conf into OUT/multi (the multi-size run), timed (wall and
#      CPU seconds: the CPU time does not depend on what else runs on the machine);
#   2. the same with --procs 32 into OUT/single (the single-size run), timed (SUBCOMMS_SINGLE=0
#      skips it);
#   3. the PMPI library for SimGrid (src/pmpi/pmpi.c, as `make pmpi-smpi` compiles it) from
#      OUT/multi/collalg_tuned.h into OUT/collalg_pmpi_smpi.o (not build/lib's object), linked into
#      tests/pmpi/subcomms.c: OUT/subcomms;
#   4. that program on the 32 ranks: four communicators of 8 run MPI_Alltoall, eight of 4 run
#      MPI_Allreduce, at sizes inside the rules of the sizes that serve 8 and 4 (read from the
#      header), with COLLALG_SELECT_VERBOSE=1 and COLLALG_TOPOLOGY=c.conf; the results are checked
#      by the program, and the trace must show every call on every communicator served by a
#      tuned rule (no "-> native").
# Writes OUT/report.txt: the wall times of the two tuning runs, the rule counts per tuned size
# and collective (from the header's comment), the sizes run, the trace's counts. Exit status 0
# when the program passed and no call went native, else 1.
# SUBCOMMS_LOCK: a command prefixed to each smpirun (e.g. a machine-wide slot); SUBCOMMS_ARGS:
# more tuner options (e.g. --time-budget 600).
set -u
OUT=${1:-build/subcomms}
TOPO=tests/platform/topology
TUNER=${SUBCOMMS_TUNER:-build/smpi-bin/collalg-tune}
LOCK=${SUBCOMMS_LOCK:-}
FLAGS="--log=root.thres:warning --cfg=smpi/display-timing:no --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:no --cfg=smpi/allgather:mpich"
RUN="$LOCK smpirun -np 32 -platform $TOPO/switches-4x8.xml -hostfile $TOPO/hostfile-c $FLAGS"
TARGS="--quick --collectives alltoall,allreduce --topology $TOPO/c.conf ${SUBCOMMS_ARGS:-}"
SMPICC=${SMPICC:-smpicc}
CFLAGS="-std=c99 -O2 -g -Wall -Wextra -Werror"

fail() { echo "subcomms: $*"; exit 1; }
[ -x "$TUNER" ] || fail "no $TUNER (make $TUNER)"
command -v smpirun >/dev/null || fail "smpirun not found (make deps)"
mkdir -p "$OUT" || exit 1

# tune NAME PROCS: one tuning run into $OUT/NAME; its wall time (s) into $OUT/NAME.seconds, its CPU
# time (user + system, s: the simulation's cost, which unlike the wall time does not grow when
# other jobs share the cores) into $OUT/NAME.cpu when GNU time (/usr/bin/time, package time) is there
tune() {
    rm -rf "${OUT:?}/$1" "$OUT/$1.time"
    echo "-" >"$OUT/$1.cpu"
    _time=""
    [ ! -x /usr/bin/time ] || _time="/usr/bin/time -f %U+%S -o $OUT/$1.time"
    _t0=$(date +%s)
    echo "subcomms: $RUN $TUNER --procs $2 $TARGS --out $OUT/$1"
    # shellcheck disable=SC2086 # word splitting of the option strings is intended
    $_time $RUN "$TUNER" --procs "$2" $TARGS --out "$OUT/$1" </dev/null >"$OUT/$1.log" 2>&1 ||
        { tail -20 "$OUT/$1.log"; fail "the tuner failed ($OUT/$1.log)"; }
    echo $(($(date +%s) - _t0)) >"$OUT/$1.seconds"
    [ ! -s "$OUT/$1.time" ] || awk -F+ '{ printf "%.1f\n", $1 + $2 }' "$OUT/$1.time" >"$OUT/$1.cpu"
}

tune multi 4,8,32
[ "${SUBCOMMS_SINGLE:-1}" = 0 ] || tune single 32
H=$OUT/multi/collalg_tuned.h

# 3. the library's object from the multi-size header, and the program linked with it
# shellcheck disable=SC2086 # CFLAGS is a list of options
$SMPICC $CFLAGS -fPIC -Iinclude -I"$OUT/multi" -DCOLLALG_PMPI_TUNED_HEADER='"collalg_tuned.h"' \
    -c src/pmpi/pmpi.c -o "$OUT/collalg_pmpi_smpi.o" 2>&1 | grep -v '^\[' || true
[ -f "$OUT/collalg_pmpi_smpi.o" ] || fail "the PMPI object did not build"
# shellcheck disable=SC2086
$SMPICC $CFLAGS tests/pmpi/subcomms.c -o "$OUT/subcomms" "$OUT/collalg_pmpi_smpi.o" 2>&1 | grep -v '^\[' || true
[ -x "$OUT/subcomms" ] || fail "tests/pmpi/subcomms.c did not build"

# sizes COLL P GRANULE: one size (bytes, a multiple of GRANULE) inside each rule of collective COLL
# whose communicator range holds P (its lower bound rounded up, or GRANULE * 2 for a rule from 0),
# comma-separated; empty when the size P has no rule.
sizes() {
    awk -v coll="$1" -v p="$2" -v g="$3" '
        /^COLLALG_TUNED_/ { inside = index($0, "(collalg_tuned_" coll ",") > 0; next }
        inside && /COLLALG_RULE_P\(/ {
            s = $0; sub(/.*COLLALG_RULE_P\(/, "", s); split(s, f, /, */)
            if (f[1] + 0 > p || f[2] + 0 < p) next
            lo = f[3] + 0; hi = f[4] == "COLLALG_INF" ? 2147483647 : f[4] + 0
            n = lo == 0 ? 2 * g : int((lo + g - 1) / g) * g
            if (n >= hi || seen[n]++) next
            out = out (out == "" ? "" : ",") n
        }
        END { print out }' "$H"
}
A2A=$(sizes alltoall 8 1)
AR=$(sizes allreduce 4 4)
[ -n "$A2A" ] || fail "no alltoall rule serves communicators of 8 processes ($H)"
[ -n "$AR" ] || fail "no allreduce rule serves communicators of 4 processes ($H)"

# 4. the program, traced
echo "subcomms: $RUN $OUT/subcomms --alltoall $A2A --allreduce $AR"
# shellcheck disable=SC2086
COLLALG_SELECT_VERBOSE=1 COLLALG_TOPOLOGY=$TOPO/c.conf $RUN "$OUT/subcomms" --alltoall "$A2A" --allreduce "$AR" \
    </dev/null >"$OUT/run.log" 2>"$OUT/trace.log"
st=$?
na2a=$(echo "$A2A" | tr ',' '\n' | wc -l)
nar=$(echo "$AR" | tr ',' '\n' | wc -l)
t_a2a=$(grep -c 'collalg_tuned_alltoall p=8 .*-> ' "$OUT/trace.log")
t_ar=$(grep -c 'collalg_tuned_allreduce p=4 .*-> ' "$OUT/trace.log")
native=$(grep -c -- '-> native' "$OUT/trace.log")
{
    echo "# tune-subcomms: rules on every communicator size, 32 simulated ranks of platform (c)"
    echo "tuner options: $TARGS"
    echo "multi-size tuning (--procs 4,8,32): $(cat "$OUT/multi.seconds") s wall, $(cat "$OUT/multi.cpu") s CPU; $(grep '^wrote ' "$OUT/multi.log")"
    [ -f "$OUT/single.seconds" ] &&
        echo "single-size tuning (--procs 32):   $(cat "$OUT/single.seconds") s wall, $(cat "$OUT/single.cpu") s CPU; $(grep '^wrote ' "$OUT/single.log")"
    echo "primary rules per tuned size (communicator sizes served): collective count"
    grep '^ \*              q = ' "$H" | sed 's/^ \*  */  /'
    [ -f "$OUT/single/collalg_tuned.h" ] && { echo "single-size run:"; grep '^ \*              q = ' "$OUT/single/collalg_tuned.h" | sed 's/^ \*  */  /'; }
    echo "program: alltoall on 4 communicators of 8 at $A2A B, allreduce on 8 communicators of 4 at $AR B"
    echo "result: $(grep 'subcomms p=' "$OUT/run.log") (exit status $st)"
    echo "trace: $t_a2a alltoall calls on p=8 (expected $((4 * na2a))), $t_ar allreduce calls on p=4 (expected $((8 * nar))), $native native"
    echo "served by:"
    sed -n 's/^collalg: \(collalg_tuned_[a-z]* p=[0-9]*\) n=\([0-9]*\) B -> \(.*\)$/  \1 n=\2 -> \3/p' "$OUT/trace.log" | sort | uniq -c
} >"$OUT/report.txt"
cat "$OUT/report.txt"
if [ "$st" != 0 ] || ! grep -q 'subcomms p=32: [0-9]* passed, 0 failed' "$OUT/run.log" || [ "$native" != 0 ] ||
    [ "$t_a2a" != $((4 * na2a)) ] || [ "$t_ar" != $((8 * nar)) ]; then
    fail "FAILED (see $OUT/report.txt)"
fi
echo "subcomms: every call on every communicator ran a tuned rule; results correct"
