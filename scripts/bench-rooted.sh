#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench-rooted.sh - `make bench-rooted`: the rooted data-movement collectives and alltoallw
# gather and scatter, gatherv and scatterv on two irregular patterns, on the smp
# cluster and the switched clusters (a), (b), (c), against SimGrid's collective selectors, the best single
# algorithm and the root-link bound; alltoallw with a 2D FFT transpose's datatypes on (c) against
# SimGrid's MPI_Alltoallw.
#
# Platforms:
#   smp-consecutive, smp-roundrobin  tests/platform/smp/smp.xml, 16 nodes x 8 cores (node links
#       1.25 GB/s and 2 us, full duplex; backbone 100 GB/s), 128 ranks, 8 consecutive ranks per
#       node (hostfile-consecutive) or rank r on node r % 16 (hostfile-roundrobin)
#   a, b, c  tests/platform/topology/ (100 Mb/s = 12.5e6 bytes/s cables, 50 us each): (a) 16 hosts
#       on one switch, p = 16; (b) 4 switches of 8 hosts under a top switch, ranks consecutive per
#       switch, p = 32; (c) the same network, ranks round-robin over the switches, p = 32. The
#       tuner gets the platform's topology.conf (--topology), so topology algorithms compete.
# Collectives (the CSV's collective column; BENCH_COLLS picks some):
#   gather, scatter        uniform blocks;
#   gatherv-PAT, scatterv-PAT  the tuner's gatherv / scatterv on pattern PAT (BENCH_PATTERNS,
#       default "heavy random"): the root's row of counts is a pattern file made here
#       ($OUT/rooted/patterns/PAT-P.txt, one line of P weights; the tuner scales it so that the
#       mean block is each sample size, the size the selector compares):
#       heavy      the LAST rank's block holds 90% of the bytes (9 (p - 1) against 1 for each
#                  other rank). The tuner's built-in `heavy` gives the 90% to rank 0, the root
#                  itself: its block is a local copy and the others are uniform blocks of a ninth
#                  of the mean, the uniform case at a tenth of the size, so the off-root rank is
#                  the case worth measuring: the large block must cross the root's link, and
#                  rank p - 1 is the deepest leaf of a binomial tree rooted at 0 (it is relayed
#                  lg p times there) and on another node (smp) or switch (c). The tuner can only
#                  place it there through a FILE (its root is always 0, its `heavy` always rank
#                  0's block); that is what this script does.
#       heavyroot  the tuner's built-in heavy as a file (90% at the root), for comparison;
#       random     each weight uniform in 0 .. 65536 (Park and Miller's generator, seed 1, in
#                  awk: the same file on every machine);
#       uniform    every block alike (as `gatherv` without a pattern: the tuner's default).
#       A bare gatherv or scatterv in BENCH_COLLS runs the tuner's uniform pattern, as before.
#   alltoallw-fft (on (c) only) src/bench/alltoallw_fft.c (build/smpi-bench/alltoallw_fft, made by
#       mk/bench.mk): the transpose of an Nx x Ny matrix of doubles distributed by rows (send
#       type per peer: a vector of br rows x bc columns, resized; receive type: a one-column vector
#       resized to one double, br of them, so the local transpose happens in the type), SimGrid's
#       MPI_Alltoallw against every catalogue alltoallw algorithm (scattered at its best
#       max_requests of 1, 4, 32), the result checked once per algorithm where the buffers fit
#       (up to 128 KiB per pair at p = 32); bytes = one pair's block, 8 br bc (32 KiB: a 2048 x
#       2048 matrix).
# For each platform and tuner collective, root 0:
#   0. a collective the tuner (build/smpi-bin/collalg-tune) does not know is skipped, with a note
#      in the table (asked with `collalg-tune --collectives NAME -h` on one simulated rank);
#   1. the tuner (--quick, coarse binary searches) measures the algorithms of a shortlist (algos()
#      below; names missing from the tuner's table are ignored, so the shortlist already names
#      algorithms still being written) at the sample sizes, writes the tuned header and
#      re-measures the routine it defines: impl tuned (phase routine), best-catalogue (the fastest
#      shortlisted algorithm at its best parameter), each shortlisted algorithm at its best
#      parameter (impl = its catalogue name), smpi-default (phase native: SimGrid's default);
#   2. the tuner with --native-only under --cfg=smpi/<coll>:mpich, :ompi and :mvapich2 (gather and
#      scatter; SimGrid has no selector for gatherv, scatterv and alltoallw): smpi-mpich,
#      smpi-ompi, smpi-mvapich2 (a selector run that fails leaves its column empty);
#   3. bound: the root-link bound, the bytes the root's link must carry divided by its bandwidth
#      (no latency): (p - u) n, n the block of one rank (bytes as the selector compares them) and
#      u the ranks that share the root's link (smp: the root node's 8 ranks, node link 1.25e9 B/s;
#      a, b, c: the root alone, cable 12.5e6 B/s): every block of a rank behind another link must
#      cross the root's link once, into the root (gather) or out of it (scatter); for a pattern,
#      its share of the weight off the root's link times p n. alltoallw-fft: the busiest link of
#      (c), a switch's uplink, 8 (p - 8) n / 12.5e6 B/s.
# Targets (rooted.md): gather and scatter <= 1.03 bound at the target sizes and 1 MiB, 8 B on smp
# below every selector; gatherv-* and scatterv-* tuned <= 1.05 best single algorithm at every
# sample size (the table shows 8 B, the target size and 1 MiB; the last table gives the worst
# ratio over all sizes); alltoallw-fft at 32 KiB: best catalogue algorithm <= SimGrid's native.
# Sizes: 8 B to 1 MiB per rank (8, 512, 4K, 32K, 128K, 1M) on every platform. BENCH_QUICK=1
# measures only the targets' sizes (smp: 8 B and 128 KiB; (c): 8 B and 32 KiB) on the platforms
# with targets (smp-consecutive smp-roundrobin c).
# Time (2 cores shared with other jobs, SimGrid runs taking turns through BENCH_LOCK): the quick
# run took 101 s; the full run's gatherv / scatterv (2 patterns) and alltoallw-fft part took 54
# minutes (3262 s), nearly all of it waiting for a turn: each tuner run of a v-collective simulates
# in 2-15 s, but alltoallw-fft took 780 s of its own, most of it at 1 MiB per pair (32 x 32
# messages of 1 MiB non-contiguous blocks per call, which SMPI packs and unpacks; BENCH_SIZES
# without 1M skips it); gather and scatter alone took 22 minutes (1331 s) in the former full run
# (the quick run above includes them; their full run was not repeated with this version).
# Memory: SimGrid runs every rank in one process; the tuner's buffers are shared by the simulated
# ranks (SMPI_SHARED_MALLOC: p times the largest block, 128 MiB), the algorithms' scratch is not: a
# binomial gather of 1 MiB blocks at 128 ranks holds p lg p / 2 blocks in all, 448 MiB (the
# binomial gatherv of the heavy pattern relays the 90% block, 115 MiB, through lg p = 7 ranks); under
# 1 GiB. alltoallw-fft: private buffers up to 128 KiB per pair (2 p^2 n = 256 MiB in all), shared
# above (SMPI_SHARED_MALLOC); `free` showed under 2 GB used machine-wide while its 1 MiB size ran
# (ps shows a resident size of 2-3 GB, counting the shared buffers' mappings once per rank).
# SimGrid flags: --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 (no piecewise correction),
# --cfg=smpi/simulate-computation:no (the real CPU time of a shared machine would make the
# simulation noisy) and --cfg=smpi/allgather:mpich (SimGrid's default MPI_Allgather is
# pathologically slow at 128 ranks, and the node level of the hierarchical algorithms calls it
# once; see bench-hierarchical.sh).
# Output: build/bench/rooted.csv (platform,collective,bytes,impl,ms), the tuners' own output
# under build/bench/rooted/<platform>-<collective>/ (alltoallw-fft: c-alltoallw-fft/rows.csv and
# c-alltoallw-fft.log), a gnuplot figure per collective (every platform side by side:
# build/bench/rooted-<collective>.svg and .png) and build/bench/rooted.md, the table of
# docs/benchmarks.md (the target sizes and 8 B).
# Environment: BENCH_QUICK=1 (above); BENCH_LOCK, a command prefix for every smpirun (e.g.
# "flock /tmp/some.lock": one simulation at a time on a shared machine); BENCH_KEEP=1 keeps what a
# former run completed (<platform>-<collective>.done) and redoes the rest, the CSV, figures and
# table; BENCH_PLATFORMS, BENCH_COLLS, BENCH_PATTERNS to run a part; BENCH_BUDGET, the tuner's
# --time-budget per run in seconds (default 1800); BENCH_SIZES, one --sizes list for every run (a
# smoke test; multiples of 8 for alltoallw-fft); BENCH_OUT, the output folder (default
# build/bench); BENCH_TUNER, the tuner built for SimGrid (default build/smpi-bin/collalg-tune);
# BENCH_FFT, the alltoallw program (default build/smpi-bench/alltoallw_fft).
set -eu

NAME=rooted
. scripts/bench-common.sh  # platform (the platforms above), bench_* (the steps)

# Sample sizes per platform and collective (bytes of one rank's block).
sizes() {
    if [ -n "${BENCH_SIZES:-}" ]; then echo "$BENCH_SIZES"; return; fi
    case $1 in smp-*) t=128K ;; *) t=32K ;; esac
    if [ "$QUICK" = 1 ]; then echo 8,$t; else echo 8,512,4K,32K,128K,1M; fi
}

# The shortlist per collective: the whole catalogue (a rooted call is p - 1 messages or a tree of
# them: cheap to simulate), and the algorithms other engineers are adding (ignored until they are
# in the tuner's table: hierarchical, topology, shm).
algos() {
    case ${2%%-*} in
    gather) echo linear,linear_sync,binomial,knomial,hierarchical,topology,shm ;;
    scatter) echo linear,linear_nb,binomial,knomial,hierarchical,topology,shm ;;
    gatherv | scatterv) echo linear,binomial,hierarchical,topology ;;
    esac
}

# SimGrid's selectors for a collective (smpi/<coll>:<selector>); none for the others.
selectors() {
    case $1 in
    gather | scatter) echo mpich ompi mvapich2 ;;
    *) echo "" ;;
    esac
}

if [ "$QUICK" = 1 ]; then DEFP="smp-consecutive smp-roundrobin c"; else DEFP="smp-consecutive smp-roundrobin a b c"; fi
PLATFORMS=${BENCH_PLATFORMS:-$DEFP}
PATTERNS=${BENCH_PATTERNS:-heavy random}
DEFC="gather scatter"
for _v in gatherv scatterv; do
    for _pat in $PATTERNS; do DEFC="$DEFC $_v-$_pat"; done
done
DEFC="$DEFC alltoallw-fft"
# alltoallw-fft is FFT's program, not the tuner's: COLLS keeps the tuner's collectives.
FFT=0 COLLS=""
for _c in ${BENCH_COLLS:-$DEFC}; do
    if [ "$_c" = alltoallw-fft ]; then FFT=1; else COLLS="$COLLS $_c"; fi
done
PATDIR=$OUT/$NAME/patterns
FFTPROG=${BENCH_FFT:-build/smpi-bench/alltoallw_fft}
FFTD=$OUT/$NAME/c-alltoallw-fft

# alltoallw with a 2D FFT transpose's datatypes on (c) (src/bench/alltoallw_fft.c): its CSV rows
# in $FFTD/rows.csv, its output in $FFTD.log, the time in $FFTD.done.
fft_run() {
    if [ "${BENCH_KEEP:-0}" = 1 ] && [ -f "$FFTD.done" ]; then
        echo "bench-$NAME: (c) alltoallw-fft: kept from a former run"
        return 0
    fi
    [ -x "$FFTPROG" ] || { echo "bench-$NAME: $FFTPROG missing (make $FFTPROG)"; exit 1; }
    rm -rf "$FFTD" "$FFTD.done"
    mkdir -p "$FFTD"
    _sz=$(sizes c alltoallw-fft)
    _t0=$(date +%s)
    echo "bench-$NAME: (c) alltoallw-fft $_sz: SimGrid's MPI_Alltoallw and the catalogue's"
    # shellcheck disable=SC2046,SC2086 # platform's words; LOCK and FLAGS are word lists
    set -- $(platform c)
    # shellcheck disable=SC2086
    $LOCK smpirun -np "$1" -platform "$2" -hostfile "$3" $FLAGS "$FFTPROG" --sizes "$_sz" --platform c \
        --csv "$FFTD/rows.csv" </dev/null > "$FFTD.log" 2>&1 || { cat "$FFTD.log"; exit 1; }
    ! grep -q "Deadlock detected" "$FFTD.log" || { cat "$FFTD.log"; exit 1; }
    echo "bench-$NAME: (c) alltoallw-fft: $(( $(date +%s) - _t0 )) s" | tee "$FFTD.done"
}

# Its rows in CSV with the bound, the busiest link's bytes over its bandwidth: on (c) a switch's
# uplink, which carries the blocks of its h = 8 ranks for the p - h ranks on other switches,
# h (p - h) n (192 n at p = 32; a rank's own cable carries only (p - 1) n); the fastest algorithm
# per size in $FFTD/best.txt.
fft_csv() {
    [ -f "$FFTD/rows.csv" ] || return 0
    # shellcheck disable=SC2046 # platform's words
    set -- $(platform c)
    awk -F, -v p="$1" -v bw="$5" -v bf="$FFTD/best.txt" '
        { print; b[$3] = 1 }
        $4 != "best-catalogue" && $4 != "smpi-default" { if (!($3 in bt) || $5 < bt[$3]) { bt[$3] = $5; bn[$3] = $4 } }
        END {
            h = 8
            for (x in b) { printf "c,alltoallw-fft,%d,bound,%.4f\n", x, h * (p - h) * x / bw * 1000; print "c alltoallw-fft", x, bn[x] > bf }
        }' "$FFTD/rows.csv" | sort -t, -k3,3n -k4,4 >> "$CSV"
    KNOWN="$KNOWN alltoallw-fft"
}

# Pattern files (the tuner's --pattern FILE: one line of p weights, the root's row of counts,
# scaled by the tuner to each sample size), one per pattern and process count.
pattern_file() { # pattern p -> writes $PATDIR/pattern-p.txt
    case $1 in heavy | heavyroot | random | uniform) ;; *)
        echo "bench-$NAME: unknown pattern $1 (heavy, heavyroot, random, uniform)"
        exit 1
        ;;
    esac
    awk -v pat="$1" -v p="$2" 'BEGIN {
        x = 1  # Park and Miller minimal standard generator, seed 1 (exact in doubles)
        printf "# %s pattern for p = %d (scripts/bench-rooted.sh)\n", pat, p
        for (i = 0; i < p; i++) {
            if (pat == "random") { x = (16807 * x) % 2147483647; w = x % 65537 }
            else if (pat == "heavy") w = (p > 1 && i == p - 1) ? 9 * (p - 1) : 1
            else if (pat == "heavyroot") w = (p > 1 && i == 0) ? 9 * (p - 1) : 1
            else w = 1
            printf "%s%d", i ? " " : "", w
        }
        print ""
    }' > "$PATDIR/$1-$2.txt"
}

# Extra tuner arguments of a variant COLL-PATTERN: its pattern file.
tuner_args() { # platform collective
    case $2 in *-*) echo "--pattern $PATDIR/${2#*-}-$(platform "$1" | cut -d' ' -f1).txt" ;; esac
}

# The root-link bound (bench-common.sh's bench_rows): the bytes of the ranks off the root's link
# (the root's node on smp: ranks 0-7 consecutive, every 16th rank round-robin; the root alone on a,
# b, c). Uniform blocks: (p - ppn) b; a pattern: its share of weight off the root's link times the
# p b bytes of the call (the tuner scales the pattern to a mean block b).
BOUND_AWK='
    function unit(r) { return pf ~ /roundrobin/ ? r % (p / ppn) : int(r / ppn) }
    function load(b,   f, l, w, nw, i, tot, off) {
        if (coll == tc) return (p - ppn) * b
        f = "'"$PATDIR"'/" substr(coll, length(tc) + 2) "-" p ".txt"
        tot = off = 0
        while ((getline l < f) > 0) {
            if (l ~ /^#/) continue
            nw = split(l, w, " ")
            for (i = 1; i <= nw; i++) { tot += w[i]; if (unit(i - 1) != unit(0)) off += w[i] }
        }
        close(f)
        return tot > 0 ? off / tot * p * b : 0
    }'

bench_start
rm -rf "$PATDIR"
mkdir -p "$PATDIR"
for _p in $PLATFORMS; do
    for _c in $COLLS; do
        case $_c in *-*) pattern_file "${_c#*-}" "$(platform "$_p" | cut -d' ' -f1)" ;; esac
    done
done
bench_known
bench_tune_platforms
FFTON=0
case " $PLATFORMS " in *" c "*) FFTON=$FFT ;; esac
[ $FFTON = 0 ] || fft_run
bench_csv_platforms
[ $FFTON = 0 ] || fft_csv
bench_figures "bytes (the block of one rank)" "SimGrid (smp: 128 ranks on 16 x 8 cores; a: 16, b, c: 32 hosts)"

# The table of docs/benchmarks.md: the targets (smp 128 KiB, c 32 KiB, the largest size 1 MiB on every
# platform), 32 KiB on a and b, and 8 B.
bytes() { # 8,4K,1M -> 8 4096 1048576
    for _s in $(echo "$1" | tr , ' '); do
        case $_s in *K) echo $((${_s%K} * 1024)) ;; *M) echo $((${_s%M} * 1048576)) ;; *) echo "$_s" ;; esac
    done
}
for pf in $PLATFORMS; do
    for coll in $KNOWN; do
        case $coll in
        alltoallw-fft)
            [ "$pf" = c ] || continue
            for b in $(bytes "$(sizes c alltoallw-fft)"); do
                if [ "$b" = 32768 ]; then echo "c $coll $b best <= native"; else echo "c $coll $b"; fi
            done
            continue
            ;;
        esac
        case $pf in smp-*) big=131072 ;; *) big=32768 ;; esac
        case $coll in *-*)
            for b in 8 $big 1048576; do echo "$pf $coll $b <= 1.05 best"; done
            continue
            ;;
        esac
        case $pf in smp-*) small="< every selector" ;; *) small="" ;; esac
        case $pf,$coll in
        smp-*,gather | smp-*,scatter | c,gather | c,scatter) tg="<= 1.03 bound" ;;
        *) tg="" small="" ;;
        esac
        echo "$pf $coll 8 $small"
        echo "$pf $coll $big $tg"
        echo "$pf $coll 1048576 <= 1.03 bound"
    done
done > "$OUT/$NAME/targets.txt"
bench_tables /best.txt "bytes = the block of one rank (gatherv, scatterv: the root's mean block; alltoallw-fft: one pair's block), root 0; - = not measured (no SimGrid selector for the collective, or a selector run failed). gatherv and scatterv: 8 B, the target size and 1 MiB here; the last table checks their target at every sample size (worst tuned / best single algorithm <= 1.05)."
