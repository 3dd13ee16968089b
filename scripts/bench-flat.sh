#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench-flat.sh - `make bench-flat`: bcast and allreduce on a flat cluster, where the
# pipelined trees (two_tree, circulant, knomial) should shine, against every algorithm of a
# shortlist, SimGrid's collective selectors and the link bound.
#
# Platform: tests/platform/flat/flat.xml, one non-blocking switch (FATPIPE backbone 100 GB/s, 1 us)
# and 512 hosts on their own full-duplex cables of 1.25 GB/s and 2 us (the file's comment says
# why); one rank per host, rank i on node-i (tests/platform/flat/hostfile):
#   flat-32, flat-128  32 and 128 ranks: tuner, SimGrid's selectors, bound, 8 B to 16 MiB;
#   flat-512           512 ranks: bcast 1 MiB and allreduce 1 MiB, the algorithms alone (the
#                      tuner measures them; no selector runs).
# For each platform and collective:
#   1. the tuner (build/smpi-bin/collalg-tune --quick, coarse binary searches) measures the
#      algorithms of a shortlist (algos() below; names missing from the tuner's table are
#      ignored, so the shortlist already names two_tree, circulant and knomial) at the sample
#      sizes, writes the tuned header and re-measures the routine it defines: impl tuned (phase
#      routine), best-catalogue (the fastest shortlisted algorithm at its best parameter), each
#      shortlisted algorithm at its best parameter (impl = its catalogue name), smpi-default
#      (phase native: SimGrid's default). The sizes are measured in three bands, each its own tuner
#      run (the tuned routine of a size is its band's): up to 64 KiB with the whole shortlist,
#      256 KiB and 1 MiB without chain and binary_tree (the tuner tries 1 KiB segments: a 16 MiB
#      call is 16384 segments on each of 127 edges), 4 and 16 MiB also without circulant at 128
#      ranks (its 16 MiB call in 64 KiB blocks, 262 rounds of 128 messages, costs minutes of real
#      time per repetition: the tuner's first measurement there ran over 40 minutes; one call at
#      32 ranks took 35 s, at 32 KiB blocks 29 s, at 256 KiB 5.5 s). SimGrid's bandwidth-sharing solver slows down with
#      the number of flows in flight: a 128-rank 4 MiB reduce in 1 KiB segments (bench-
#      reductions.sh) ran over 15 minutes of real time without finishing its first measurement.
#      For the same reason the algorithms that post p (p - 1) messages at once are measured at 32
#      ranks only: pipelined_scatter_allgather (bcast; at 128 ranks its first 64 KiB measurement
#      ran over 5 minutes), rabenseifner_var1 and rabenseifner_var2 (allreduce: allgather or
#      alltoall of blocks);
#   2. the tuner with --native-only under --cfg=smpi/<coll>:mpich, :ompi and :mvapich2:
#      smpi-mpich, smpi-ompi, smpi-mvapich2 (a selector run that fails leaves its column empty);
#   3. bound: the link bound, the bytes the busiest cable must carry divided by 1.25e9 B/s (no
#      latency; the FATPIPE backbone is never the bottleneck), n the whole vector: bcast n (every
#      rank but the root receives the message once), allreduce 2 (p - 1) / p n (Patarasuk & Yuan's
#      lower bound: every rank sends and receives (p - 1) / p of the vector twice).
# Sizes: 8, 512, 4K, 64K (first band), 256K, 1M (second band), 4M, 16M (third band) at 32 and 128
# ranks; 1M at 512. BENCH_QUICK=1 measures only the targets' sizes: 128 ranks 8 B, 64 KiB (first
# band), 1 MiB (second), 16 MiB (third), 512 ranks 1 MiB (flat-32 has no target: left out).
# Shortlist at 512 ranks: the second band's without scatter_ring_allgather and ring (p (p - 1) =
# 261 632 messages per call), and for allreduce without two_tree (its first 1 MiB measurement at
# 512 ranks ran over 26 minutes of real time, past the tuner's 1800 s budget, so that run
# recorded nothing; at 512 ranks the two-tree bcast measured 4.38 ms against circulant's 1.43).
# Time (2 cores shared with other jobs, SimGrid runs taking turns): the quick run took 12 minutes
# (716 s; 8 of them for the 128-rank bcast of the first band, chain and binary_tree in 1 KiB
# segments) before two_tree, circulant and knomial joined the tuner; with them, 118 minutes
# beside other jobs (flat-128: 50, 44, 1194, 71 and 1413 s for the bands of bcast and allreduce,
# the 16 MiB ones the long ones; flat-512 bcast 1878 s; flat-512 allreduce 2462 s, two_tree
# included); the full run was not made.
# Memory: SimGrid runs every rank in one process; the tuner's buffers are shared by the simulated
# ranks (SMPI_SHARED_MALLOC), the algorithms' scratch is not: at most about one vector per rank
# (allreduce; SimGrid's own allreduces allocate as much), 128 x 16 MiB = 2 GiB at 128 ranks and
# 16 MiB, 512 x 1 MiB at 512 ranks: under 3 GiB.
# SimGrid flags: --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 (no piecewise correction),
# --cfg=smpi/simulate-computation:no (allreduce's arithmetic is not timed: the bound has no gamma,
# and the real CPU time of a shared machine would make the simulation noisy) and
# --cfg=smpi/allgather:mpich (the tuner checks restrictions on the node level of machine/node.h,
# built with one MPI_Allgather, and SimGrid's default
# one took 5 minutes of real time at 128 ranks on this platform; no allgather is measured here).
# Output: build/bench/flat.csv (platform,collective,bytes,impl,ms), the tuners' own output under
# build/bench/flat/<platform>-<collective>[-large|-huge]/, a gnuplot figure per collective (the
# platforms side by side: build/bench/flat-<collective>.svg and .png) and build/bench/flat.md,
# the table of docs/benchmarks.md (every size of flat-128 and flat-32, 1 MiB of flat-512, with
# the target sizes).
# Environment: BENCH_QUICK=1 (above); BENCH_LOCK, a command prefix for every smpirun (e.g.
# "flock /tmp/some.lock": one simulation at a time on a shared machine); BENCH_KEEP=1 keeps what a
# former run completed (<platform>-<collective>[-large|-huge].done) and redoes the rest, the CSV, figures
# and table; BENCH_PLATFORMS, BENCH_COLLS to run a part; BENCH_BUDGET, the tuner's --time-budget
# per run in seconds (default 1800); BENCH_SIZES, one --sizes list for every run of the first band
# (a smoke test; no second band); BENCH_OUT, the output folder (default build/bench); BENCH_TUNER,
# the tuner built for SimGrid (default build/smpi-bin/collalg-tune).
set -eu

NAME=flat
DIR=tests/platform/flat
BW=1250000000
. scripts/bench-common.sh  # bench_* (the steps)

np_of() { echo "${1#flat-}"; }

# Sample sizes per platform and band (small: up to 64 KiB; large: 256 KiB and 1 MiB; huge: from
# 4 MiB); empty: no run.
sizes() {
    if [ -n "${BENCH_SIZES:-}" ]; then
        [ "$2" = small ] && echo "$BENCH_SIZES"
        return 0
    fi
    case $1,$2,$QUICK in
    flat-512,small,*) ;;
    flat-512,large,*) echo 1M ;;
    flat-512,huge,*) ;;
    *,small,1) echo 8,64K ;;
    *,large,1) echo 1M ;;
    *,huge,1) echo 16M ;;
    *,small,*) echo 8,512,4K,64K ;;
    *,large,*) echo 256K,1M ;;
    *,huge,*) echo 4M,16M ;;
    esac
}

# The shortlist per platform, collective and band: the catalogue's algorithms for one rank per
# host (not the node-level ones: han, hierarchical, shm, two_stage; not topology_*: no topology
# here; not csm's programs, nor linear; not the allgather_based allreduce, whose p vectors per
# rank are 1 GiB of scratch at 128 ranks and 64 KiB), and the ones other engineers are adding
# (two_tree, circulant, knomial; ignored until they are in the tuner's table).
algos() {
    case $1,$2,$3 in
    flat-512,bcast,*) echo binomial,scatter_rdb_allgather,two_tree,circulant,knomial ;;
    flat-512,allreduce,*) echo recursive_doubling,rabenseifner,reduce_bcast,circulant ;;
    flat-32,bcast,small) echo binomial,chain,binary_tree,pipelined_scatter_allgather,scatter_rdb_allgather,scatter_ring_allgather,two_tree,circulant,knomial ;;
    flat-32,bcast,large | flat-32,bcast,huge) echo binomial,pipelined_scatter_allgather,scatter_rdb_allgather,scatter_ring_allgather,two_tree,circulant,knomial ;;
    flat-32,allreduce,*) echo recursive_doubling,rabenseifner,rabenseifner_var1,rabenseifner_var2,ring,reduce_bcast,two_tree,circulant ;;
    *,bcast,small) echo binomial,chain,binary_tree,scatter_rdb_allgather,scatter_ring_allgather,two_tree,circulant,knomial ;;
    *,bcast,large) echo binomial,scatter_rdb_allgather,scatter_ring_allgather,two_tree,circulant,knomial ;;
    *,bcast,huge) echo binomial,scatter_rdb_allgather,scatter_ring_allgather,two_tree,knomial ;;
    *,allreduce,huge) echo recursive_doubling,rabenseifner,ring,reduce_bcast,two_tree ;;
    *,allreduce,*) echo recursive_doubling,rabenseifner,ring,reduce_bcast,two_tree,circulant ;;
    esac
}

# SimGrid's selectors, not at 512 ranks (the algorithms alone there).
selectors() {
    case $1 in flat-512) echo "" ;; *) echo mpich ompi mvapich2 ;; esac
}

if [ "$QUICK" = 1 ]; then DEFP="flat-128 flat-512"; else DEFP="flat-32 flat-128 flat-512"; fi
PLATFORMS=${BENCH_PLATFORMS:-$DEFP}
COLLS=${BENCH_COLLS:-bcast allreduce}

bench_start
KNOWN=$COLLS

# 1, 2. The tuner and SimGrid's selectors, per platform, collective and band.
for pf in $PLATFORMS; do
    np=$(np_of $pf)
    for coll in $COLLS; do
        for band in small large huge; do
            sz=$(sizes $pf $band)
            [ -n "$sz" ] || continue
            d=$OUT/$NAME/$pf-$coll
            [ $band = small ] || d=$d-$band
            bench_tune $pf $coll "$d" $np $DIR/flat.xml $DIR/hostfile "$sz" "$(algos $pf $coll $band)" "" \
                "$(selectors $pf)" "$coll $sz"
        done
    done
done

# 3. The CSV: every measured impl and the bound (the link bound: bench-common.sh's bench_rows).
BOUND_AWK='
    function load(b) { return coll == "bcast" ? b : 2 * (p - 1) / p * b }'
echo "platform,collective,bytes,impl,ms" > "$CSV"
rm -f "$OUT/$NAME"/*-best.txt
for pf in $PLATFORMS; do
    np=$(np_of $pf)
    for coll in $COLLS; do
        for d in $OUT/$NAME/$pf-$coll $OUT/$NAME/$pf-$coll-large $OUT/$NAME/$pf-$coll-huge; do
            [ -f "$d/tuned/collalg_tuned.csv" ] || continue
            bench_rows $pf $coll $np 1 $BW "$d" "$OUT/$NAME/$pf-$coll-best.txt" 1
        done
    done
done | sort -t, -k1,1 -k2,2 -k3,3n -k4,4 >> "$CSV"

bench_figures "bytes (the whole vector)" "SimGrid, flat cluster (one rank per host)"

# The table of docs/benchmarks.md: every size of flat-128 and flat-32, 1 MiB of flat-512, targets.
awk -F, 'NR > 1 { print $1, $2, $3 }' "$CSV" | sort -u | sort -k1,1 -k2,2 -k3,3n | while read -r pf coll b; do
    case $pf in
    flat-128) if [ "$b" -ge 65536 ]; then tg="< every selector"; else tg="<= 1.01 every selector"; fi ;;
    flat-512) tg="best <= 1.3 bound" ;;
    *) tg="" ;;
    esac
    echo "$pf $coll $b $tg"
done > "$OUT/$NAME/targets.txt"
bench_tables -best.txt "bytes = the whole vector; - = not measured (no selector runs at 512 ranks, or a selector run failed); tuned from 256 KiB: the tuned routine of the second band (256 KiB, 1 MiB), without chain and binary_tree, and from 4 MiB of the third, also without circulant at 128 ranks (see the script)."
