#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check-apps.sh - `make check-apps`: real programs nobody on the project wrote, from Debian packages
# and unmodified, under the Open MPI build of the PMPI library.
#
# Programs (tests/apps/ holds their inputs):
#   hpcc     HPC Challenge 1.5.0 with tests/apps/hpccinf.txt (N = 1000; the Ps and Qs lines are
#            rewritten to a P x Q grid of the process count); compared: hpcc's own verification
#            lines (PASSED/FAILED, "Found 0 errors", "Solution Validates", "Node(s) with error 0",
#            HPL's scaled residual, the FFTs' max(|x-x0|), the sections that ran; not StarDGEMM's
#            scaled residual, which differs from one native run to the next: its matrices are
#            random) and the results of its summary that do not depend on timing (Success, the
#            HPL norms, PTRANS_residual, the RandomAccess errors, MPIFFT_maxErr; not the
#            RandomAccess updates executed, which its 60 s time bound cuts on a loaded machine):
#            see hpcc_result below
#   melt     lmp with lammps-examples' examples/melt/in.melt (Lennard-Jones melt), shortened by
#            lammps_input below: thermo every 25 steps without timings, 100 steps
#   peptide  lmp with examples/peptide/in.peptide, shortened the same way (thermo every 10 steps,
#            60 steps) and with `kspace_modify collective yes` after its kspace_style: PPPM's FFT
#            remaps call MPI_Alltoallv
#            LAMMPS: the thermo lines (every printed digit) and the loop line without its timing.
# Each at every process count of APPS_NP (2 and 4), runs:
#   native     the program alone, under tests/apps/count.c (libcount.so, which only counts: every
#              collective call, once per call by rank 0 of its communicator, with the
#              communicator's size and whether it is an intercommunicator); the reference output
#   native-2   the program alone again: the output must match too, else the program is not
#              deterministic and its comparisons say nothing (the report says so)
#   default    under build/lib/libcollalg_pmpi_openmpi.so as `make pmpi-openmpi` built it (the
#              tuned header of `make tune` if there was one, else no rule: every call traced native)
#   tuned      under the same library built with a tuned header: APPS_TUNED=path/collalg_tuned.h,
#              else one written here by the tuner compiled for Open MPI (quick, --any-procs, so that
#              its rules hold on every communicator size) on APPS_TUNE_NP processes. The library takes
#              its rules at build time only (src/pmpi/pmpi.c: COLLALG_PMPI_TUNED_HEADER; there is no
#              run-time rule file), so the script builds it with `make pmpi-openmpi
#              BUILD=build/apps/tuned-build PMPI_TUNED=...`
#   forced-K   every algorithm of every collective the program calls (the native run's counts)
#              that the library knows (the list it prints for an unknown name: tests/apps/probe.c),
#              forced through COLLALG_<COLL>=<algorithm> at its default parameter. APPS_MODE=combined
#              (the default): run K forces the K-th algorithm of every such collective at once (a
#              collective with fewer algorithms is not forced in the later runs), so the number of
#              runs is the longest list, not the sum; a run whose output does not match native is
#              run again with each of its forced algorithms alone (forced-K-<COLL>), which names
#              the culprit. APPS_MODE=separate: one run per collective and algorithm
#              (<COLL>-<algorithm>), the whole matrix.
# Every run of the library has COLLALG_SELECT_VERBOSE=1: its trace lines ("collalg: MPI_Bcast p=4
# n=8 B -> binomial (forced by COLLALG_BCAST)", "collalg: collalg_tuned_bcast p=4 n=8 B -> native")
# are counted per collective, communicator size and outcome (the algorithm that served the call,
# or native and the reason the trace gives; a tuned routine's bare "native" is a size no rule
# covers). A collective the program calls that the library does not wrap, and calls on
# intercommunicators, leave no trace line: the native run's counts name them.
#
# Output: build/apps/report.md (the tables), build/apps/runs/<program>-p<np>/<run>/ (stdout.txt,
# stderr.txt with the trace, result.txt: what is compared, trace.tsv, rc, seconds), runs.tsv.
# A run whose output is not the native run's is compared with the program alone under each of Open
# MPI's own algorithms of the collectives it forced (as_ompi below): "match (as native Open MPI with
# its allreduce algorithm nonoverlapping)" when one gives the same output, else MISMATCH.
# Exit status: 1 when a run crashed, timed out or matched neither, else 0.
#
# Environment: BUILD (build), APPS_NP ("2 4"), APPS_PROGRAMS ("melt peptide hpcc"), APPS_MODE
# (combined | separate), APPS_TUNED (a tuned header: no tuning run), APPS_TUNE_NP (4),
# APPS_TIMEOUT (seconds per run, 300), APPS_SLOT (a command every MPI run is prefixed with, e.g. a
# job-slot wrapper on a shared machine), MAKE (make); APPS_REPORT_ONLY=1 writes the report again
# from the runs of the last call, running nothing.
set -eu

BUILD=${BUILD:-build}
ROOT=$(pwd)
OUT=$ROOT/$BUILD/apps
NPS=${APPS_NP:-2 4}
PROGS=${APPS_PROGRAMS:-melt peptide hpcc}
MODE=${APPS_MODE:-combined}
TUNE_NP=${APPS_TUNE_NP:-4}
TIMEOUT=${APPS_TIMEOUT:-300}
SLOT=${APPS_SLOT:-}
MAKE=${MAKE:-make}
LIB=$ROOT/$BUILD/lib/libcollalg_pmpi_openmpi.so
TUNED_LIB=$OUT/tuned-build/lib/libcollalg_pmpi_openmpi.so
COUNT=$OUT/libcount.so
EXAMPLES=/usr/share/lammps/examples
PEPTIDE_DATA=$EXAMPLES/peptide/data.peptide
# As tests/launch.h's CL_OPENMPI_EXEC: oversubscribed (p = 4 on 2 cores), shared-memory transport
# without single-copy (containers).
EXEC="mpiexec.openmpi --oversubscribe --bind-to none --mca pml ob1 --mca btl self,vader"
EXEC="$EXEC --mca btl_vader_single_copy_mechanism none"
[ "$(id -u)" != 0 ] || EXEC="$EXEC --allow-run-as-root"
# lammps_input PROG: the example's input as the runs use it, on stdout: the installed
# examples/PROG/in.PROG with its thermo output made deterministic (a custom thermo_style without
# timings), printed more often, and its run shortened; peptide's PPPM made collective.
lammps_input() {
    case $1 in
    melt)
        sed -e 's/^thermo[[:space:]].*/thermo_style custom step temp epair emol etotal press\nthermo 25/' \
            -e 's/^run[[:space:]].*/run 100/' "$EXAMPLES/melt/in.melt"
        ;;
    peptide)
        sed -e 's/^thermo_style[[:space:]].*/thermo_style custom step temp press pe ke etotal evdwl ecoul elong ebond eangle edihed/' \
            -e 's/^thermo[[:space:]][[:space:]]*[0-9].*/thermo 10/' \
            -e 's/^\(kspace_style[[:space:]].*\)/\1\nkspace_modify collective yes/' \
            -e 's/^run[[:space:]].*/run 60/' "$EXAMPLES/peptide/in.peptide"
        ;;
    esac
}

# Every MPI collective the library could wrap (COLLALG_<name>).
ALL_COLLS="BARRIER BCAST GATHER GATHERV SCATTER SCATTERV ALLGATHER ALLGATHERV ALLTOALL ALLTOALLV ALLTOALLW
REDUCE ALLREDUCE REDUCE_SCATTER REDUCE_SCATTER_BLOCK SCAN EXSCAN"

TAB=$(printf '\t')
say() { echo "check-apps: $*"; }
die() {
    echo "check-apps: $*" >&2
    exit 2
}

for f in "$LIB" "$COUNT" "$OUT/probe"; do
    [ -e "$f" ] || die "$f is missing (make check-apps builds it)"
done
for c in hpcc lmp mpiexec.openmpi; do
    command -v $c >/dev/null 2>&1 || die "$c is missing (make check-apps installs it as root)"
done
[ -r "$PEPTIDE_DATA" ] || die "$PEPTIDE_DATA is missing (package lammps-examples)"

start_all=$(date +%s)
if [ -z "${APPS_REPORT_ONLY:-}" ]; then
    rm -rf "$OUT/runs" "$OUT/report.md" "$OUT/runs.tsv"
    mkdir -p "$OUT/runs"
    : >"$OUT/runs.tsv"
fi

# An MPI job: $SLOT timeout mpiexec.openmpi -n NP ... (in the current directory).
mpirun_() {
    np=$1
    shift
    # shellcheck disable=SC2086 # EXEC and SLOT are word lists
    $SLOT timeout -k 10 "$TIMEOUT" $EXEC -n "$np" "$@"
}

# The P x Q grid of hpcc on NP processes: P the largest divisor <= sqrt(NP).
grid() {
    P=1
    i=1
    while [ $((i * i)) -le "$1" ]; do
        [ $(($1 % i)) -ne 0 ] || P=$i
        i=$((i + 1))
    done
    Q=$(($1 / P))
}

# What is compared of one hpcc run (hpccoutf.txt): see the file comment.
hpcc_result() {
    [ -s "$1/hpccoutf.txt" ] || {
        echo "no hpccoutf.txt"
        return
    }
    awk '
    /^(Success|CommWorldProcs|HPL_N|HPL_RnormI|HPL_Anorm1|HPL_AnormI|HPL_Xnorm1|HPL_XnormI|HPL_BnormI|PTRANS_residual|PTRANS_n)=/ { print; next }
    /^MPIRandomAccess_(LCG_)?(N|Errors|ErrorsFraction)=/ { print; next }
    /^(MPIFFT_N|MPIFFT_maxErr)=/ { print; next }
    /^(WALL|CPU) / && /PASSED|FAILED/ { print "PTRANS", $1, $2, $3, $4, $5, $6, $7, $9, $11; next }
    /^(Begin of .* section|End of HPC Challenge tests)/ { print; next }
    /PASSED|FAILED|Validates|Node\(s\) with error|max\(\|x-x0\|\)|Found .* errors|tests completed/ { print }
    ' "$1/hpccoutf.txt"
}

# What is compared of one LAMMPS run (stdout): thermo lines, the loop line without its time, errors.
lammps_result() {
    awk '
    /^ERROR/ { print }
    /^ *Step / { on = 1 }
    on && /^Loop time/ { on = 0; sub(/^Loop time of [^ ]+ /, "Loop "); print; next }
    on { print }
    ' "$1/stdout.txt"
}

# The trace lines of one run, counted: "routine<TAB>p<TAB>served|native<TAB>algorithm or reason<TAB>calls".
trace_tsv() {
    awk '
    /^collalg: / && / -> / {
        r = $2
        if (r ~ /^collalg_tuned_/) { r = substr(r, 15); r = "MPI_" toupper(substr(r, 1, 1)) substr(r, 2) }
        p = $3; sub(/^p=/, "", p)
        w = $0; sub(/^[^>]*-> /, "", w)
        if (w ~ /^native/) {
            k = "native"; sub(/^native */, "", w); gsub(/^\(|\)$/, "", w)
            if (w == "") w = "no rule for this size"
        } else { k = "served"; sub(/ \(forced by [A-Z_]*\)$/, "", w) }
        n[r "\t" p "\t" k "\t" w]++
    }
    END { for (x in n) print x "\t" n[x] }
    ' "$1/stderr.txt" | sort
}

# The verdict of the run in $dir (program $prog, $np processes, run $label, exit status $rc) against
# the native run, in VERDICT; the differences in $dir/diff.txt.
verdict() {
    ref=$OUT/runs/$prog-p$np/native/result.txt
    rm -f "$dir/diff.txt"
    if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
        VERDICT="timeout"
    elif [ "$rc" != 0 ]; then
        VERDICT="crash (exit $rc)"
    elif [ ! -s "$dir/result.txt" ]; then
        VERDICT="no output"
    elif [ "$label" = native ]; then
        VERDICT="reference"
    elif cmp -s "$ref" "$dir/result.txt"; then
        VERDICT="match"
    else
        VERDICT="MISMATCH"
        diff "$ref" "$dir/result.txt" >"$dir/diff.txt" || true
        alt=$(as_ompi)
        [ -z "$alt" ] || VERDICT="match ($alt)"
    fi
}

# as_ompi: for a run ($dir) that forced algorithms ($forced) and whose output differs from the
# native run's, whether native Open MPI gives the same output with one of its own algorithms of a
# forced collective: a reduction's result depends on the order in which its operands are combined
# (floating-point addition is not associative), MPI leaves that order to the implementation, and
# Open MPI's own algorithms differ in it. The reference runs, runs/PROG-pNP/ompi-<coll>-<name>, are
# the program alone with Open MPI's coll/tuned component forced to that algorithm
# (coll_tuned_use_dynamic_rules 1, coll_tuned_<coll>_algorithm N), made once each and not under
# APPS_REPORT_ONLY. Prints "as native Open MPI with its <coll> algorithm <name>" for the first one
# whose output is the same, nothing when none is. Runs in a subshell ($(as_ompi)): it changes rc.
as_ompi() {
    for w in $forced; do
        c=$(echo "${w%%=*}" | tr '[:upper:]' '[:lower:]')
        # shellcheck disable=SC2013 # the words of one line: N:name pairs
        for a in $(awk -v c="$c" '$1 == c { $1 = ""; print }' "$OUT/ompi-algorithms.txt"); do
            rd=$OUT/runs/$prog-p$np/ompi-$c-${a#*:}
            if [ ! -e "$rd/rc" ] && [ -z "${APPS_REPORT_ONLY:-}" ]; then
                mkdir -p "$rd"
                app_inputs "$rd"
                app_launch "$rd" -x OMP_NUM_THREADS=1 --mca coll_tuned_use_dynamic_rules 1 \
                    --mca "coll_tuned_${c}_algorithm" "${a%%:*}"
                if [ "$rc" = 0 ]; then app_result "$rd" >"$rd/result.txt"; else : >"$rd/result.txt"; fi
                echo "$rc" >"$rd/rc"
            fi
            if [ -s "$rd/result.txt" ] && cmp -s "$rd/result.txt" "$dir/result.txt"; then
                echo "as native Open MPI with its $c algorithm ${a#*:}"
                return 0
            fi
        done
    done
}

# Open MPI's own algorithms of each collective, one line each: "<coll> <N>:<name> ...", the values
# of coll_tuned_<coll>_algorithm that ompi_info lists but 0 ("ignore": the component's own choice).
ompi_algorithms() {
    ompi_info --param coll tuned --level 9 2>/dev/null | awk '
    /parameter "coll_tuned_[a-z_]*_algorithm"/ { c = $0; sub(/.*"coll_tuned_/, "", c); sub(/_algorithm".*/, "", c); next }
    c != "" && /Valid values:/ { v = $0; sub(/.*Valid values: */, "", v); gsub(/"/, "", v); gsub(/, */, " ", v)
        out = ""; n = split(v, w, " "); for (i = 1; i <= n; i++) if (w[i] !~ /^0:/) out = out " " w[i]
        print c out; c = "" }'
}

# app_inputs DIR: the input files of program $prog on $np processes in DIR.
app_inputs() {
    case $prog in
    hpcc)
        grid "$np"
        sed "11s/.*/$P            Ps/; 12s/.*/$Q            Qs/" "$ROOT/tests/apps/hpccinf.txt" >"$1/hpccinf.txt"
        ;;
    *)
        ln -s "$PEPTIDE_DATA" "$1/data.peptide"
        lammps_input "$prog" >"$1/in.$prog"
        ;;
    esac
}

# app_launch DIR [MPIEXEC ARGS ...]: program $prog on $np processes in DIR (stdout.txt, stderr.txt);
# its exit status in rc.
app_launch() {
    d_=$1
    shift
    rc=0
    case $prog in
    hpcc) (cd "$d_" && mpirun_ "$np" "$@" hpcc </dev/null >stdout.txt 2>stderr.txt) || rc=$? ;;
    *)
        (cd "$d_" && mpirun_ "$np" "$@" lmp -in "in.$prog" -log none -nocite </dev/null >stdout.txt 2>stderr.txt) ||
            rc=$?
        ;;
    esac
}

# app_result DIR: what is compared of the run in DIR, on stdout.
app_result() {
    case $prog in
    hpcc) hpcc_result "$1" ;;
    *) lammps_result "$1" ;;
    esac
}

# run_app PROG NP LABEL PRELOAD [VAR=VALUE ...]: one run into runs/PROG-pNP/LABEL; its verdict
# against the native run (the native run itself: "reference") in the global VERDICT.
run_app() {
    prog=$1 np=$2 label=$3 preload=$4
    shift 4
    dir=$OUT/runs/$prog-p$np/$label
    rm -rf "$dir"
    mkdir -p "$dir/cnt"
    set -- -x OMP_NUM_THREADS=1 ${preload:+-x LD_PRELOAD=$preload} "$@"
    forced=""
    app_inputs "$dir"
    t0=$(date +%s)
    app_launch "$dir" "$@"
    echo "$rc" >"$dir/rc"
    echo $(($(date +%s) - t0)) >"$dir/seconds"
    app_result "$dir" >"$dir/result.txt"
    trace_tsv "$dir" >"$dir/trace.tsv"
    grep '^collalg: COLLALG_' "$dir/stderr.txt" >"$dir/config.txt" || true
    for arg_ in "$@"; do
        case $arg_ in
        COLLALG_SELECT_VERBOSE=* | COLLALG_COUNT_DIR=*) ;;
        COLLALG_[A-Z]*=*) forced="$forced ${arg_#COLLALG_}" ;;
        esac
    done
    forced=${forced# }
    verdict
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$prog" "$np" "$label" "${forced:--}" "$rc" "$(cat "$dir/seconds")" \
        "$VERDICT" >>"$OUT/runs.tsv"
    say "$prog p=$np $label${forced:+ ($forced)}: $VERDICT, $(cat "$dir/seconds") s"
}

if [ -z "${APPS_REPORT_ONLY:-}" ]; then
ompi_algorithms >"$OUT/ompi-algorithms.txt"
# 1. The algorithms the library knows, per collective (it names them for an unknown one).
say "the algorithms of $LIB"
set --
for c in $ALL_COLLS; do set -- "$@" -x "COLLALG_$c=__list__"; done
mkdir -p "$OUT/probe-run"
(cd "$OUT/probe-run" && mpirun_ 1 -x LD_PRELOAD="$LIB" "$@" "$OUT/probe" </dev/null >stdout.txt 2>stderr.txt) ||
    die "the probe run failed: $OUT/probe-run/stderr.txt"
sed -n 's/^collalg: COLLALG_\([A-Z_]*\)=__list__: unknown algorithm; valid: \([^;]*\);.*/\1 \2/p' \
    "$OUT/probe-run/stderr.txt" >"$OUT/algorithms.txt"
[ -s "$OUT/algorithms.txt" ] || die "the library named no algorithm: $OUT/probe-run/stderr.txt"
algos_of() { awk -v c="$1" '$1 == c { $1 = ""; sub(/^ /, ""); print }' "$OUT/algorithms.txt"; }

# 2. The tuned library.
if [ -n "${APPS_TUNED:-}" ]; then
    TUNED_H=$(cd "$(dirname "$APPS_TUNED")" && pwd)/$(basename "$APPS_TUNED")
    TUNE_SAY="the given header $APPS_TUNED"
else
    TUNED_H=$OUT/tuned/collalg_tuned.h
    colls=$(awk '{ printf "%s%s", (NR > 1 ? "," : ""), tolower($1) }' "$OUT/algorithms.txt")
    say "tuning on $TUNE_NP Open MPI processes (quick, --any-procs): $colls"
    rm -rf "$OUT/tuned"
    mkdir -p "$OUT/tuned"
    t0=$(date +%s)
    # No --time-budget: the budget is wall-clock time, and on a busy machine a 120 s budget ran out
    # before the first collective was tuned (a header without a rule: every "tuned" call native).
    # The quick search is bounded by itself (36 s on the idle machine).
    mpirun_ "$TUNE_NP" "$OUT/collalg-tune" --quick --any-procs --collectives "$colls" --max-size 64K \
        --out "$OUT/tuned" </dev/null >"$OUT/tuned/tune.log" 2>&1 ||
        die "the tuner failed: $OUT/tuned/tune.log"
    TUNE_SAY="written here: collalg-tune (Open MPI) --quick --any-procs --max-size 64K on $TUNE_NP processes, $(($(date +%s) - t0)) s"
fi
grep -q 'COLLALG_RULE' "$TUNED_H" || die "$TUNED_H has no rule: the tuned runs would all be native"
say "the tuned library: $TUNED_LIB from $TUNED_H ($(grep -c 'COLLALG_RULE' "$TUNED_H") rules)"
$MAKE --no-print-directory pmpi-openmpi BUILD="$BUILD/apps/tuned-build" PMPI_TUNED="$TUNED_H" >"$OUT/tuned-build.log" 2>&1 ||
    die "building the tuned library failed: $OUT/tuned-build.log"

# 3. The runs.
TRACE="-x COLLALG_SELECT_VERBOSE=1"
for prog in $PROGS; do
    for np in $NPS; do
        run_app "$prog" "$np" native "$COUNT" -x COLLALG_COUNT_DIR="$OUT/runs/$prog-p$np/native/cnt"
        cat "$OUT/runs/$prog-p$np/native/cnt"/count.*.txt 2>/dev/null |
            awk '{ n[$1 "\t" substr($2, 3) "\t" substr($3, 7)] += substr($4, 7) } END { for (k in n) print k "\t" n[k] }' |
            sort >"$OUT/runs/$prog-p$np/counts.tsv"
        run_app "$prog" "$np" native-2 ""
        # shellcheck disable=SC2086
        run_app "$prog" "$np" default "$LIB" $TRACE
        # shellcheck disable=SC2086
        run_app "$prog" "$np" tuned "$TUNED_LIB" $TRACE
        # The collectives this program calls that the library knows, with their algorithms.
        called=$(awk '$3 == 0 { r = toupper(substr($1, 5)); print r }' "$OUT/runs/$prog-p$np/counts.tsv" | sort -u)
        : >"$OUT/runs/$prog-p$np/forcing.txt"
        for c in $called; do
            a=$(algos_of "$c")
            [ -z "$a" ] || echo "$c $a" >>"$OUT/runs/$prog-p$np/forcing.txt"
        done
        if [ "$MODE" = separate ]; then
            while read -r c list; do
                for a in $list; do
                    # shellcheck disable=SC2086
                    run_app "$prog" "$np" "$c-$a" "$LIB" $TRACE -x "COLLALG_$c=$a"
                done
            done <"$OUT/runs/$prog-p$np/forcing.txt"
            continue
        fi
        kmax=$(awk '{ if (NF - 1 > m) m = NF - 1 } END { print m + 0 }' "$OUT/runs/$prog-p$np/forcing.txt")
        k=1
        while [ "$k" -le "$kmax" ]; do
            set --
            while read -r c list; do
                a=$(echo "$list" | awk -v k="$k" '{ print $k }')
                [ -z "$a" ] || set -- "$@" -x "COLLALG_$c=$a"
            done <"$OUT/runs/$prog-p$np/forcing.txt"
            # shellcheck disable=SC2086
            run_app "$prog" "$np" "forced-$k" "$LIB" $TRACE "$@"
            if [ "$VERDICT" != match ]; then # each forced algorithm of the run alone (also for "match (as ...)")
                for x in "$@"; do
                    case $x in
                    COLLALG_*=*)
                        c=${x%%=*}
                        c=${c#COLLALG_}
                        # shellcheck disable=SC2086
                        run_app "$prog" "$np" "forced-$k-$c" "$LIB" $TRACE -x "$x"
                        ;;
                    esac
                done
            fi
            k=$((k + 1))
        done
    done
done
echo $(($(date +%s) - start_all)) >"$OUT/seconds"
echo "$TUNE_SAY" >"$OUT/tuned.txt"
else # APPS_REPORT_ONLY: what is compared and the verdicts again, from the outputs of the runs
    cp "$OUT/runs.tsv" "$OUT/runs.tsv.old"
    while IFS="$TAB" read -r prog np label forced rc secs _; do
        dir=$OUT/runs/$prog-p$np/$label
        app_result "$dir" >"$dir/result.txt"
        verdict
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$prog" "$np" "$label" "$forced" "$rc" "$secs" "$VERDICT"
    done <"$OUT/runs.tsv.old" >"$OUT/runs.tsv"
fi # APPS_REPORT_ONLY
elapsed=$(cat "$OUT/seconds")
TUNE_SAY=$(cat "$OUT/tuned.txt")

# 4. The report.
# Every run's trace counts, in the order of the runs: program, p, run, then trace_tsv's columns.
while IFS="$TAB" read -r prog np label _; do
    awk -v pr="$prog" -v np="$np" -v l="$label" '{ print pr "\t" np "\t" l "\t" $0 }' \
        "$OUT/runs/$prog-p$np/$label/trace.tsv"
done <"$OUT/runs.tsv" >"$OUT/traces.tsv"
for prog in $PROGS; do
    for np in $NPS; do
        awk -v pr="$prog" -v np="$np" '{ print pr "\t" np "\t" $0 }' "$OUT/runs/$prog-p$np/counts.tsv"
    done
done >"$OUT/counts.tsv"

{
    echo "# make check-apps: hpcc and LAMMPS under the collalg PMPI library (Open MPI)"
    echo
    echo "- $(date -u '+%Y-%m-%d %H:%M UTC'), $(mpiexec.openmpi --version 2>/dev/null | head -n 1), $(dpkg-query -W -f '${Package} ${Version}' hpcc 2>/dev/null), $(dpkg-query -W -f '${Package} ${Version}' lammps 2>/dev/null)"
    echo "- library: $LIB (default runs); tuned runs: $TUNED_LIB, header $TUNE_SAY"
    echo "- process counts: $NPS; forcing mode: $MODE; whole run: $elapsed s (the times below include waiting for a job slot)"
    echo "- native = the program under tests/apps/count.c only (it counts, once per call, on rank 0 of the communicator); native-2 = the program alone"
    echo
    echo "## Algorithms the library knows"
    echo
    echo "| collective | algorithms |"
    echo "|---|---|"
    awk '{ c = $1; $1 = ""; print "| " c " |" $0 " |" }' "$OUT/algorithms.txt"
    echo
    echo "## Runs: output against the native run"
    echo
    echo "match: the output is the native run's; as Open MPI: it differs from the native run's and is"
    echo "the output of the program alone with one of Open MPI's own algorithms of a forced collective"
    echo "(a reduction combining its operands in another order; the reference runs are listed below)."
    echo
    echo "| program | p | runs | match | as Open MPI | mismatch | crash/timeout/no output | runs not identical to native |"
    echo "|---|---|---|---|---|---|---|---|"
    awk -F'\t' '
    $3 != "native" { k = $1 "\t" $2; if (!(k in n)) o[++m] = k; n[k]++
        if ($7 == "match") ok[k]++; else if ($7 ~ /^match/) as[k]++; else if ($7 == "MISMATCH") bad[k]++; else fail[k]++
        if ($7 != "match") l[k] = l[k] (l[k] == "" ? "" : "; ") $3 " (" $4 "): " $7 }
    END { for (i = 1; i <= m; i++) { k = o[i]; split(k, a, "\t")
        printf "| %s | %s | %d | %d | %d | %d | %d | %s |\n", a[1], a[2], n[k], ok[k], as[k], bad[k], fail[k], (l[k] == "" ? "-" : l[k]) } }
    ' "$OUT/runs.tsv"
    if ls -d "$OUT"/runs/*/ompi-* >/dev/null 2>&1; then
        echo
        echo "### Reference runs: native Open MPI with its own algorithm of a collective"
        echo
        echo "Made for the runs whose output differs from the native run's (scripts/check-apps.sh, as_ompi)."
        echo
        echo "| program | p | Open MPI algorithm | exit | output vs the native run |"
        echo "|---|---|---|---|---|"
        for d in "$OUT"/runs/*/ompi-*; do
            pp=$(basename "$(dirname "$d")")
            ref=$(dirname "$d")/native/result.txt
            if [ ! -s "$d/result.txt" ]; then v="no output"
            elif cmp -s "$ref" "$d/result.txt"; then v="same"
            else v="differs in $(diff "$ref" "$d/result.txt" | grep -c '^>') lines"; fi
            echo "| ${pp%-p*} | ${pp##*-p} | $(basename "$d" | sed 's/^ompi-//') | $(cat "$d/rc") | $v |"
        done
    fi
    for prog in $PROGS; do
        echo
        echo "## $prog"
        echo
        echo "### Collective calls of the native run (tests/apps/count.c)"
        echo
        echo "| collective | p of the run | calls by communicator size | intercommunicator calls | the library |"
        echo "|---|---|---|---|---|"
        awk -F'\t' -v pr="$prog" -v known="$(awk '{ printf "%s ", $1 }' "$OUT/algorithms.txt")" '
        BEGIN { split(known, kk, " "); for (i in kk) K[kk[i]] = 1 }
        FILENAME == ARGV[1] { if ($1 == pr) { r = $3 "\t" $2; if (!(r in seen)) o[++m] = r; seen[r] = 1
            if ($5 == 1) inter[r] += $6; else by[r] = by[r] (by[r] == "" ? "" : ", ") "p=" $4 ": " $6 } ; next }
        $1 == pr { traced[$4 "\t" $2] = 1 }
        END { for (i = 1; i <= m; i++) { split(o[i], a, "\t"); c = toupper(substr(a[1], 5))
            if (o[i] in traced) s = "wraps it (trace lines)"
            else if (c in K) s = "knows its algorithms, but no trace line: native"
            else s = "does not wrap it: native"
            printf "| %s | %s | %s | %d | %s |\n", a[1], a[2], (by[o[i]] == "" ? "-" : by[o[i]]), inter[o[i]], s } }
        ' "$OUT/counts.tsv" "$OUT/traces.tsv" | sort
        echo
        echo "### Summary per collective"
        echo
        echo "calls: the native run's count (intracommunicators); default, tuned: the trace of those runs;"
        echo "forced: the algorithms forced, how many served every traced call of the collective, which"
        echo "did not (the trace's reason) and which runs did not match native (forced-K-<COLL>: alone)."
        echo
        echo "| collective | p | calls | default | tuned | forced: served all | went native | output not identical to native |"
        echo "|---|---|---|---|---|---|---|---|"
        awk -F'\t' -v pr="$prog" '
        FILENAME == ARGV[1] { if ($1 != pr) next; V[$2 SUBSEP $3] = $7; L[$2] = L[$2] " " $3
            n = split($4, w, " "); for (i = 1; i <= n; i++) { split(w[i], kv, "="); F[$2 SUBSEP $3 SUBSEP kv[1]] = kv[2] }
            next }
        FILENAME == ARGV[2] { if ($1 != pr) next; c = toupper(substr($4, 5)); k = $2 SUBSEP $3 SUBSEP c
            if ($6 == "served") { S[k] += $8; if (!index(SW[k], $7)) SW[k] = SW[k] (SW[k] == "" ? "" : ", ") $7 }
            else { N[k] += $8; if (!index(NW[k], $7)) NW[k] = NW[k] (NW[k] == "" ? "" : ", ") $7 }
            next }
        $1 == pr && $5 == 0 { k = $2 SUBSEP toupper(substr($3, 5)); if (!(k in C)) o[++m] = k; C[k] += $6; R[k] = $3 }
        function run(np, l, c,   k) { k = np SUBSEP l SUBSEP c
            if (!((np SUBSEP l) in V)) return "not run"
            if (S[k] + N[k] == 0) return "no trace line"
            return (S[k] ? S[k] " served (" SW[k] ")" : "") (S[k] && N[k] ? ", " : "") (N[k] ? N[k] " native (" NW[k] ")" : "") }
        END { for (i = 1; i <= m; i++) { split(o[i], a, SUBSEP); np = a[1]; c = a[2]; all = 0; nall = 0; partly = ""; bad = ""
            nl = split(L[np], labels, " ")
            for (j = 1; j <= nl; j++) { l = labels[j]; f = F[np SUBSEP l SUBSEP c]; if (f == "") continue
                k = np SUBSEP l SUBSEP c
                if (l !~ /^forced-[0-9]+-/ && l ~ /^forced-|-/) { nall++; if (S[k] > 0 && N[k] == 0) all++
                    else partly = partly (partly == "" ? "" : "; ") f ": " (S[k] + N[k] == 0 ? "no trace line" : N[k] " native (" NW[k] ")") }
                if (V[np SUBSEP l] != "match") bad = bad (bad == "" ? "" : "; ") f " in " l ": " V[np SUBSEP l] }
            printf "| %s | %s | %d | %s | %s | %d of %d | %s | %s |\n", R[o[i]], np, C[o[i]], run(np, "default", c), run(np, "tuned", c),
                all, nall, (partly == "" ? "-" : partly), (bad == "" ? "-" : bad) } }
        ' "$OUT/runs.tsv" "$OUT/traces.tsv" "$OUT/counts.tsv" | sort -t'|' -k2,2 -k3,3n
        echo
        echo "### Runs"
        echo
        echo "| p | run | forced | exit | s | output vs native |"
        echo "|---|---|---|---|---|---|"
        awk -F'\t' -v pr="$prog" '$1 == pr { printf "| %s | %s | %s | %s | %s | %s |\n", $2, $3, $4, $5, $6, $7 }' "$OUT/runs.tsv"
        echo
        echo "### Calls per collective and run (trace lines of COLLALG_SELECT_VERBOSE=1)"
        echo
        echo "served: the catalogue algorithm that ran (calls); native: the reason the trace gives (calls)."
        echo
        echo "| collective | p | run | served | native | output |"
        echo "|---|---|---|---|---|---|"
        awk -F'\t' -v pr="$prog" '
        FILENAME == ARGV[1] { if ($1 == pr) v[$2 "\t" $3] = $7; next }
        $1 == pr { k = $4 "\t" $2 "\t" $3; if (!(k in seen)) o[++m] = k; seen[k] = 1
            e = $7 " (p=" $5 "): " $8
            if ($6 == "served") s[k] = s[k] (s[k] == "" ? "" : "; ") e; else n[k] = n[k] (n[k] == "" ? "" : "; ") e }
        END { for (i = 1; i <= m; i++) { split(o[i], a, "\t")
            printf "| %s | %s | %s | %s | %s | %s |\n", a[1], a[2], a[3], (s[o[i]] == "" ? "-" : s[o[i]]), (n[o[i]] == "" ? "-" : n[o[i]]), v[a[2] "\t" a[3]] } }
        ' "$OUT/runs.tsv" "$OUT/traces.tsv" | sort -t'|' -k2,2 -k3,3n -s
        if cat "$OUT/runs/$prog"-p*/*/config.txt 2>/dev/null | grep -q .; then
            echo
            echo "### Configuration messages of the library"
            echo
            for f in "$OUT/runs/$prog"-p*/*/config.txt; do
                [ -s "$f" ] || continue
                sed "s|^|- $(basename "$(dirname "$(dirname "$f")")")/$(basename "$(dirname "$f")"): |" "$f"
            done
        fi
    done
} >"$OUT/report.md"
say "$OUT/report.md written, $elapsed s"
if awk -F'\t' '$3 != "native" && $7 !~ /^match/ { bad = 1 } END { exit !bad }' "$OUT/runs.tsv"; then
    say "some runs did not match native (see the report)"
    exit 1
fi
exit 0
