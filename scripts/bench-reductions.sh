#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench-reductions.sh - `make bench-reductions`: the reduction collectives on the smp
# cluster and the switched clusters (a), (b), (c), against SimGrid's collective selectors and the
# link-load bound.
#
# Platforms:
#   smp-consecutive, smp-roundrobin  tests/platform/smp/smp.xml, 16 nodes x 8 cores (node links
#       1.25 GB/s and 2 us, full duplex; backbone 100 GB/s), 128 ranks, 8 consecutive ranks per
#       node (hostfile-consecutive) or rank r on node r % 16 (hostfile-roundrobin)
#   a, b, c  tests/platform/topology/ (100 Mb/s = 12.5e6 bytes/s cables, 50 us each): (a) 16 hosts
#       on one switch, p = 16; (b) 4 switches of 8 hosts under a top switch, ranks consecutive per
#       switch, p = 32; (c) the same network, ranks round-robin over the switches, p = 32. The
#       tuner gets the platform's topology.conf (--topology), so topology algorithms compete.
# For each platform and collective (reduce, reduce_scatter_block, scan; exscan and reduce_scatter
# with BENCH_COLLS):
#   0. a collective the tuner (build/smpi-bin/collalg-tune) does not know is skipped, with a note
#      in the table (asked with `collalg-tune --collectives NAME -h` on one simulated rank);
#   1. the tuner (--quick, coarse binary searches) measures the algorithms of a shortlist (algos()
#      below; names missing from the tuner's table are ignored, so the shortlist already names
#      algorithms still being written) at the sample sizes, writes the tuned header and
#      re-measures the routine it defines: impl tuned (phase routine), best-catalogue (the fastest
#      shortlisted algorithm at its best parameter), each shortlisted algorithm at its best
#      parameter (impl = its catalogue name), smpi-default (phase native: SimGrid's default);
#   2. the tuner with --native-only under --cfg=smpi/<coll>:mpich, :ompi and :mvapich2 where
#      SimGrid has selectors (reduce, reduce_scatter; not reduce_scatter_block, scan, exscan):
#      smpi-mpich, smpi-ompi, smpi-mvapich2 (a selector run that fails leaves its column empty);
#   3. bound: the link-load bound, the bytes the busiest directed link must carry divided by its
#      bandwidth (no latency, no computation). A unit is a node (smp: N = 16 nodes of 8 ranks, node
#      link 1.25e9 B/s) or a host (a, b, c: N = p, cable 12.5e6 B/s); n is the size as the
#      selector compares it, the whole vector of one rank (reduce_scatter_block: p * recvcount):
#        reduce                      n            (the root's unit must receive n bytes that
#                                                  depend on other units)
#        scan, exscan                k n          (k = the most ranks of one group that each
#                                                  need a new n-byte part of their prefix from
#                                                  outside it: 1 on consecutive placements, 8 on
#                                                  smp round-robin and on (c), whose switch
#                                                  uplinks count as a group's link; see BOUND_AWK)
#        reduce_scatter(_block)      (N - 1) / N n (every unit must send out what the other units'
#                                                  blocks need of its vector: Patarasuk & Yuan's
#                                                  reduce-scatter half, units as the processes)
# Sizes: 8 B to 4 MiB (8, 512, 4K, 64K, 256K, 1M, 4M) everywhere but scan and exscan on smp, which
# stop at 1 MiB (the target size; the default SimGrid scan is a chain of 127 dependent steps).
# BENCH_QUICK=1 measures only the targets' sizes (smp: reduce and reduce_scatter_block 8 B and
# 4 MiB, scan 8 B and 1 MiB; (c): reduce and reduce_scatter_block 8 B and 256 KiB, scan 8 B and
# 64 KiB) on the platforms with targets (c smp-consecutive smp-roundrobin).
# Time (2 cores shared with other jobs, SimGrid runs taking turns): the quick run took 32 minutes
# (1935 s, a third of it waiting for a turn; the longest single runs: the scan tuner at 128 ranks,
# its linear pipeline in 1 KiB segments of 1 MiB, 5 to 9 minutes); from a clean clone beside one
# other SimGrid job, 22 and 15 minutes (the 128-rank reduce runs 5.5 to 8 minutes each, the (c)
# runs seconds); the full run was not made:
# estimated 1.5 to 3 hours (seven sizes and their binary searches at 128 ranks).
# Memory: SimGrid runs every rank in one process; the tuner's buffers are shared by the simulated
# ranks (SMPI_SHARED_MALLOC), the algorithms' scratch is not: at most about two vectors per rank
# (SimGrid's own reduces allocate one), 128 x 2 x 4 MiB = 1 GiB at 128 ranks and 4 MiB; under 3 GiB.
# SimGrid flags: --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 (no piecewise correction),
# --cfg=smpi/simulate-computation:no (the reductions' arithmetic is not timed: the bound has no
# gamma, and the real CPU time of a shared machine would make the simulation noisy), and
# --cfg=smpi/allgather:mpich (SimGrid's default MPI_Allgather is pathologically slow at 128 ranks,
# and the node level of the hierarchical algorithms calls it once; see bench-hierarchical.sh).
# Output: build/bench/reductions.csv (platform,collective,bytes,impl,ms), the tuners' own output
# under build/bench/reductions/<platform>-<collective>/, a gnuplot figure per collective (every
# platform side by side: build/bench/reductions-<collective>.svg and .png) and
# build/bench/reductions.md, the table of docs/benchmarks.md (the target sizes and 8 B).
# Environment: BENCH_QUICK=1 (above); BENCH_LOCK, a command prefix for every smpirun (e.g.
# "flock /tmp/some.lock": one simulation at a time on a shared machine); BENCH_KEEP=1 keeps what a
# former run completed (<platform>-<collective>.done) and redoes the rest, the CSV, figures and
# table; BENCH_PLATFORMS, BENCH_COLLS to run a part; BENCH_BUDGET, the tuner's --time-budget per
# run in seconds (default 1800); BENCH_SIZES, one --sizes list for every run (a smoke test);
# BENCH_OUT, the output folder (default build/bench); BENCH_TUNER, the tuner built for SimGrid
# (default build/smpi-bin/collalg-tune).
set -eu

NAME=reductions
. scripts/bench-common.sh  # platform (the platforms above), bench_* (the steps)

# Sample sizes per platform and collective (bytes as the selector compares them).
sizes() {
    if [ -n "${BENCH_SIZES:-}" ]; then echo "$BENCH_SIZES"; return; fi
    case $1 in smp-*) big=4M scan=1M t1=4M ts=1M ;; *) big=4M scan=4M t1=256K ts=64K ;; esac
    if [ "$QUICK" = 1 ]; then
        case $2 in scan | exscan) echo 8,$ts ;; *) echo 8,$t1 ;; esac
    else
        case $2 in scan | exscan) echo 8,512,4K,64K,256K,1M$([ $scan = 4M ] && echo ,4M) ;; *) echo 8,512,4K,64K,256K,1M,$big ;; esac
    fi
}

# The shortlist per platform and collective: the catalogue's candidates at this scale, and the
# algorithms other engineers are adding (ignored until they are in the tuner's table: two_tree,
# circulant, han, topology_chain, topology_order; butterfly, hierarchical, topology_ring; ...).
# Left out everywhere: the linear reduce (p - 1 whole vectors into the root). Left out at 128
# ranks: the segmented tree reduces pipeline, binary_tree and in_order_binary. The tuner tries
# them with 1 KiB segments, and a 4 MiB call is then 4096 segments on every edge of a 127-edge
# tree, thousands of flows in flight at once: SimGrid's bandwidth-sharing solver took over 15
# minutes of real time on binary_tree's first 4 MiB measurement before it was stopped. chain (the
# tuner varies its fan-out at the default segment size) stands for them.
algos() {
    case $1,$2 in
    smp-*,reduce) echo binomial,knomial,chain,rabenseifner,two_tree,circulant,han,topology_chain,topology_order ;;
    *,reduce) echo binomial,knomial,chain,pipeline,binary_tree,in_order_binary,rabenseifner,two_tree,circulant,han,topology_chain,topology_order ;;
    *,reduce_scatter_block | *,reduce_scatter) echo recursive_halving,pairwise,ring,recursive_doubling,reduce_scatterv,butterfly,hierarchical,topology_ring ;;
    *,scan | *,exscan) echo linear,recursive_doubling,binary_tree,two_tree,hierarchical,topology_chain ;;
    esac
}

# smp: a description of the cluster (one switch over node-0 .. node-15, written by this script to
# $OUT/$NAME/smp.conf) so that the topology algorithms compete there too: without one their ring
# is already the node-level order (ranks grouped by node), but the tuner measures them only when
# it has a description (--topology).
tuner_args() {
    case $1 in smp-*) echo "--topology $OUT/$NAME/smp.conf" ;; esac
}

# SimGrid's selectors for a collective (smpi/<coll>:<selector>); none for the others.
selectors() {
    case $1 in
    reduce | reduce_scatter) echo mpich ompi mvapich2 ;;
    *) echo "" ;;
    esac
}

if [ "$QUICK" = 1 ]; then DEFP="c smp-consecutive smp-roundrobin"; else DEFP="a b c smp-consecutive smp-roundrobin"; fi
PLATFORMS=${BENCH_PLATFORMS:-$DEFP}
COLLS=${BENCH_COLLS:-reduce reduce_scatter_block scan}

# The link-load bound (bench-common.sh's bench_rows): N units of ppn ranks.
# scan and exscan: a group of ranks behind one link (a node on smp; a host, or on (b) and (c) a
# switch, whose uplink is one cable as fast as a host's) must receive, for each of its ranks r
# that has a rank of another group between it and the group's previous rank (or before it, for
# the group's first rank), the part of r's prefix that comes from those ranks: a vector of n
# bytes that no earlier one determines (for a generic op on generic data). Consecutive groups
# have one such rank (bound n); round-robin ones nearly all theirs (smp round-robin: 8 n on
# nodes 1..15; (c): 8 n on switches s1..s3, whose 8 ranks alternate with the other switches').
BOUND_AWK='
    function unit(r) { return pf ~ /roundrobin/ ? r % (p / ppn) : int(r / ppn) }
    function swtch(r) { return pf == "c" ? r % 4 : (pf == "b" ? int(r / 8) : -1) }
    function runs(lvl,    r, g, m, cnt, last) {
        m = 0
        for (r = 0; r < p; r++) {
            g = lvl == 1 ? unit(r) : swtch(r)
            if (g < 0) return m
            if (r - (g in last ? last[g] : -1) > 1 && ++cnt[g] > m) m = cnt[g]
            last[g] = r
        }
        return m
    }
    function load(b,    nn, k, k2) {
        nn = p / ppn
        if (coll == "reduce_scatter_block" || coll == "reduce_scatter") return (nn - 1) / nn * b
        if (coll == "scan" || coll == "exscan") {
            k = runs(1); k2 = runs(2)
            if (k2 > k) k = k2
            return (k > 1 ? k : 1) * b
        }
        return b
    }'

bench_start
echo "SwitchName=smp Nodes=node-[0-15]" > "$OUT/$NAME/smp.conf"
bench_known
bench_tune_platforms
bench_csv_platforms
bench_figures "bytes (the whole vector of one rank)" "SimGrid (smp: 128 ranks on 16 x 8 cores; a: 16, b, c: 32 hosts)"

# The table of docs/benchmarks.md: the targets (smp, c) and the same sizes on a and b, and 8 B.
for pf in $PLATFORMS; do
    for t in reduce,8 scan,8 reduce,262144 reduce_scatter_block,262144 scan,65536 reduce,4194304 \
        reduce_scatter_block,4194304 scan,1048576 exscan,8 exscan,65536 exscan,1048576 \
        reduce_scatter,262144 reduce_scatter,4194304; do
        coll=${t%,*} b=${t#*,}
        case $pf,$b in smp-*,262144 | smp-*,65536 | [abc],4194304 | [abc],1048576) continue ;; esac
        case $pf,$coll,$b in
        smp-*,reduce,4194304) tg="<= 3.8" ;;
        smp-*,reduce_scatter_block,4194304) tg="<= 3.6" ;;
        smp-*,scan,1048576) tg="<= 2.0" ;;
        c,reduce,262144 | c,reduce_scatter_block,262144) tg="<= 25" ;;
        c,scan,65536) tg="<= 15" ;;
        *,reduce,8 | *,scan,8) tg="< every selector" ;;
        *) tg="" ;;
        esac
        echo "$pf $coll $b $tg"
    done
done > "$OUT/$NAME/targets.txt"
bench_tables /best.txt "bytes = the whole vector of one rank; - = not measured (no SimGrid selector for the collective, or a selector run failed)."
