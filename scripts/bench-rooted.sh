#!/bin/sh
# bench-rooted.sh - `make bench-rooted`: the rooted data-movement collectives (issue 21), gather and
# scatter, on the smp cluster and the seeds' switched clusters, against SimGrid's collective
# selectors and the root-link bound.
#
# Platforms:
#   smp-consecutive, smp-roundrobin  tests/platform/smp/smp.xml, 16 nodes x 8 cores (node links
#       1.25 GB/s and 2 us, full duplex; backbone 100 GB/s), 128 ranks, 8 consecutive ranks per
#       node (hostfile-consecutive) or rank r on node r % 16 (hostfile-roundrobin)
#   a, b, c  tests/platform/topology/ (100 Mb/s = 12.5e6 bytes/s cables, 50 us each): (a) 16 hosts
#       on one switch, p = 16; (b) 4 switches of 8 hosts under a top switch, ranks consecutive per
#       switch, p = 32; (c) the same network, ranks round-robin over the switches, p = 32. The
#       tuner gets the platform's topology.conf (--topology), so topology algorithms compete.
# For each platform and collective (gather, scatter; gatherv and scatterv with BENCH_COLLS, on the
# tuner's uniform pattern), root 0:
#   0. a collective the tuner (build/smpi-bin/collalg-tune) does not know is skipped, with a note
#      in the table (asked with `collalg-tune --collectives NAME -h` on one simulated rank);
#   1. the tuner (--quick, coarse binary searches) measures the algorithms of a shortlist (algos()
#      below; names missing from the tuner's table are ignored, so the shortlist already names
#      algorithms still being written) at the sample sizes, writes the tuned header and
#      re-measures the routine it defines: impl tuned (phase routine), best-catalogue (the fastest
#      shortlisted algorithm at its best parameter), each shortlisted algorithm at its best
#      parameter (impl = its catalogue name), smpi-default (phase native: SimGrid's default);
#   2. the tuner with --native-only under --cfg=smpi/<coll>:mpich, :ompi and :mvapich2 (gather and
#      scatter; SimGrid has no selector for gatherv and scatterv): smpi-mpich, smpi-ompi,
#      smpi-mvapich2 (a selector run that fails leaves its column empty);
#   3. bound: the root-link bound, the bytes the root's link must carry divided by its bandwidth
#      (no latency): (p - u) n, n the block of one rank (bytes as the selector compares them) and
#      u the ranks that share the root's link (smp: the root node's 8 ranks, node link 1.25e9 B/s;
#      a, b, c: the root alone, cable 12.5e6 B/s): every block of a rank behind another link must
#      cross the root's link once, into the root (gather) or out of it (scatter).
# Sizes: 8 B to 1 MiB per rank (8, 512, 4K, 32K, 128K, 1M) on every platform. BENCH_QUICK=1
# measures only the targets' sizes (smp: 8 B and 128 KiB; (c): 8 B and 32 KiB) on the platforms
# with targets (smp-consecutive smp-roundrobin c).
# Time (2 cores shared with other jobs, SimGrid runs taking turns): the quick run took 1 minute,
# the full run 22 minutes (1331 s, most of it waiting for a turn; the simulations themselves take
# seconds: a rooted call is p - 1 messages or a tree of them).
# Memory: SimGrid runs every rank in one process; the tuner's buffers are shared by the simulated
# ranks (SMPI_SHARED_MALLOC: p times the largest block, 128 MiB), the algorithms' scratch is not: a
# binomial gather of 1 MiB blocks at 128 ranks holds p lg p / 2 blocks in all, 448 MiB; under 1 GiB.
# SimGrid flags: --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 (no piecewise correction),
# --cfg=smpi/simulate-computation:no (the real CPU time of a shared machine would make the
# simulation noisy) and --cfg=smpi/allgather:mpich (SimGrid's default MPI_Allgather is
# pathologically slow at 128 ranks, and the node level of the hierarchical algorithms calls it
# once; see bench-hierarchical.sh).
# Output: build/bench/rooted.csv (platform,collective,bytes,impl,ms), the tuners' own output
# under build/bench/rooted/<platform>-<collective>/, a gnuplot figure per collective (every
# platform side by side: build/bench/rooted-<collective>.svg and .png) and build/bench/rooted.md,
# the table of the README (the target sizes and 8 B).
# Environment: BENCH_QUICK=1 (above); BENCH_LOCK, a command prefix for every smpirun (e.g.
# "flock /tmp/some.lock": one simulation at a time on a shared machine); BENCH_KEEP=1 keeps what a
# former run completed (<platform>-<collective>.done) and redoes the rest, the CSV, figures and
# table; BENCH_PLATFORMS, BENCH_COLLS to run a part; BENCH_BUDGET, the tuner's --time-budget per
# run in seconds (default 1800); BENCH_SIZES, one --sizes list for every run (a smoke test);
# BENCH_OUT, the output folder (default build/bench); BENCH_TUNER, the tuner built for SimGrid
# (default build/smpi-bin/collalg-tune).
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
    case $2 in
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
COLLS=${BENCH_COLLS:-gather scatter}

# The root-link bound (bench-common.sh's bench_rows): the blocks of the ranks off the root's link.
BOUND_AWK='
    function load(b) { return (p - ppn) * b }'

bench_start
bench_known
bench_tune_platforms
bench_csv_platforms
bench_figures "bytes (the block of one rank)" "SimGrid (smp: 128 ranks on 16 x 8 cores; a: 16, b, c: 32 hosts)"

# The README table: the targets (smp 128 KiB, c 32 KiB, the largest size 1 MiB on every
# platform), 32 KiB on a and b, and 8 B.
for pf in $PLATFORMS; do
    for coll in $KNOWN; do
        case $pf in smp-*) big=131072 ;; *) big=32768 ;; esac
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
bench_tables /best.txt "bytes = the block of one rank, root 0; - = not measured (no SimGrid selector for the collective, or a selector run failed)."
