#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench-newalgs.sh - `make bench-newalgs`: the algorithms of issue 33 (Swing, Bine, recursive
# exchange and multiplying, radix-k Bruck, ...) on the platforms where each family is meant to win,
# against the catalogue's algorithms from before, SimGrid's collective selectors and the injection
# bound.
#
# Platforms (tests/platform/newalgs/, one rank per host, rank i on node-i; every cable 1.25 GB/s
# and 2 us, full duplex):
#   torus2d    64 hosts, a 2-D torus 8 x 8 (SimGrid's TORUS cluster), allreduce: Swing's home;
#   torus3d    64 hosts, a 3-D torus 4 x 4 x 4, allreduce;
#   dragonfly  64 hosts, 4 groups x 4 routers x 4 hosts (DRAGONFLY), the eight collectives Bine
#              covers (bcast, reduce, gather, scatter, allgather, allreduce, reduce_scatter_block,
#              alltoall);
#   fattree    128 hosts, a two-level fat tree tapered 2:1 (FAT_TREE: 8 leaves of 16 hosts, 8
#              uplinks each), the same eight;
#   flat-128   tests/platform/flat/ (one switch, 128 hosts): allreduce, allgather and barrier at
#              small sizes, where the radix-k algorithms save rounds;
#   smp        tests/platform/smp/ (16 nodes x 8 cores, ranks consecutive), allreduce: the
#              node-level compositions.
# For each platform and collective (scripts/bench-common.sh's steps): the tuner measures the
# shortlist (algos() below: the new algorithms and the ones they are weighed against; a name the
# tuner does not know yet is ignored, so the list already names those being added) and the tuned
# routine; SimGrid's mpich, ompi and mvapich2 selectors where SimGrid has them.
# Bound: the injection bound, the bytes one host must send or receive over its cables divided by
# their bandwidth (a torus host has 2 d cables, the others one); no latency, and not the
# bisection of the tapered fat tree or the Dragonfly's global links (a schedule-dependent load).
# Bytes are the tuner's (docs/selector.md): allreduce, bcast, reduce, reduce_scatter_block the
# whole vector b; allgather, gather, scatter one rank's block b; alltoall the block of one pair b.
# Loads: allreduce 2 (p - 1) / p b, bcast and reduce b, reduce_scatter_block (p - 1) / p b,
# allgather, gather, scatter and alltoall (p - 1) b, barrier 0.
# Targets (issue 33), checked by this script into the notes under the table:
#   - torus2d allreduce 1 MiB and 16 MiB: the faster Swing >= 1.5x the faster of rabenseifner
#     and ring;
#   - dragonfly and fattree: a Bine algorithm fastest for >= 4 of the 8 collectives at some size
#     from 64 KiB;
#   - flat-128 8 B: recursive_multiplying allreduce >= 1.3x recursive_doubling, k_bruck allgather
#     >= 1.3x bruck;
#   - smp 4 MiB allreduce: a multi-leader or full-lane composition beats han (and is within 1.05x
#     of the node-link bound);
#   - the tuned routine within 2% of the best single algorithm (the table's "<= 1.02 best").
# Sizes: 8, 64K, 1M, 16M on the tori; 8, 64K, 1M elsewhere (4M on smp); BENCH_QUICK=1 the
# targets' sizes only. Run time and memory: see the closing lines of each run (SimGrid runs every
# rank in one process; the scratch of the allreduces is at most one vector per rank, 64 x 16 MiB).
# SimGrid flags, output and environment (BENCH_QUICK, BENCH_LOCK, BENCH_KEEP, BENCH_PLATFORMS,
# BENCH_COLLS, BENCH_BUDGET, BENCH_SIZES, BENCH_OUT, BENCH_TUNER) as bench-flat.sh: output
# build/bench/newalgs.csv (platform,collective,bytes,impl,ms), figures build/bench/newalgs-<coll>.svg
# and .png, the table build/bench/newalgs.md.
set -eu

NAME=newalgs
. scripts/bench-common.sh  # bench_* (the steps)

# The platforms: "np xml hostfile topology-conf|- bytes/s ranks-per-unit" (bench-common.sh's
# format; bytes/s is a host's injection bandwidth, over all its cables).
platform() {
    _n=tests/platform/newalgs
    case $1 in
    torus2d) echo "64 $_n/torus2d.xml $_n/hostfile-64 - 5000000000 1" ;;
    torus3d) echo "64 $_n/torus3d.xml $_n/hostfile-64 - 7500000000 1" ;;
    dragonfly) echo "64 $_n/dragonfly.xml $_n/hostfile-64 - 1250000000 1" ;;
    fattree) echo "128 $_n/fattree.xml $_n/hostfile-128 - 1250000000 1" ;;
    flat-128) echo "128 tests/platform/flat/flat.xml tests/platform/flat/hostfile - 1250000000 1" ;;
    smp) echo "128 tests/platform/smp/smp.xml tests/platform/smp/hostfile-consecutive - 1250000000 8" ;;
    esac
}

# The collectives measured on each platform.
colls_of() {
    case $1 in
    torus2d | torus3d) echo allreduce ;;
    dragonfly | fattree) echo bcast reduce gather scatter allgather allreduce reduce_scatter_block alltoall ;;
    flat-128) echo allreduce allgather barrier ;;
    smp) echo allreduce ;;
    esac
}

sizes() {
    if [ -n "${BENCH_SIZES:-}" ]; then echo "$BENCH_SIZES"; return; fi
    case $1,$2,$QUICK in
    *,barrier,*) echo 0 ;;
    torus*,*,1) echo 1M,16M ;;
    torus*,*,*) echo 8,64K,1M,16M ;;
    flat-128,*,1) echo 8 ;;
    flat-128,*,*) echo 8,512,4K,64K ;;
    smp,*,1) echo 4M ;;
    smp,*,*) echo 8,64K,1M,4M ;;
    *,*,1) echo 64K,1M ;;
    *) echo 8,64K,1M ;;
    esac
}

# The shortlist: the new algorithms and the ones they are weighed against.
algos() {
    case $1,$2 in
    torus*,allreduce) echo swing_latency,swing_bandwidth,rabenseifner,ring,recursive_doubling,recursive_multiplying,two_tree ;;
    *,bcast) echo bine,binomial,knomial,scatter_rdb_allgather,two_tree ;;
    *,reduce) echo bine,binomial,knomial,rabenseifner,two_tree ;;
    *,gather) echo bine,binomial,knomial ;;
    *,scatter) echo bine,binomial,knomial ;;
    flat-128,allgather) echo bruck,k_bruck,recursive_doubling,recexch_doubling,recexch_halving,sparbit,pat ;;
    *,allgather) echo bine,swing,pat,bruck,k_bruck,recursive_doubling,recexch_doubling,recexch_halving,sparbit,ring ;;
    flat-128,allreduce) echo recursive_doubling,recursive_multiplying,rabenseifner,swing_latency ;;
    smp,allreduce) echo han,rabenseifner,ring,two_stage,hierarchical,full_lane,pipelined_full_lane,multi_leader ;;
    *,allreduce) echo bine,swing_latency,swing_bandwidth,rabenseifner,recursive_doubling,recursive_multiplying ;;
    *,reduce_scatter_block) echo bine,swing,pat,circulant,recursive_halving,recexch,pairwise,ring ;;
    *,alltoall) echo bine,bruck,k_bruck,pair,spreading_simple,scattered ;;
    *,barrier) echo dissemination,k_dissemination,recexch,binomial ;;
    esac
}

# SimGrid's selectors (smpi/<coll>:<selector>) for the collectives it has them for.
selectors() {
    case $1 in
    allreduce | bcast | reduce | allgather | alltoall | gather | scatter | barrier) echo mpich ompi mvapich2 ;;
    *) echo "" ;;
    esac
}

BOUND_AWK='
    function load(b) {
        if (coll == "allreduce") return 2 * (p - 1) / p * b
        if (coll == "bcast" || coll == "reduce") return b
        if (coll == "reduce_scatter_block") return (p - 1) / p * b
        if (coll == "barrier") return 0
        return (p - 1) * b
    }'

if [ "$QUICK" = 1 ]; then DEFP="torus2d dragonfly fattree flat-128 smp"; else DEFP="torus2d torus3d dragonfly fattree flat-128 smp"; fi
PLATFORMS=${BENCH_PLATFORMS:-$DEFP}
COLLS=${BENCH_COLLS:-bcast reduce gather scatter allgather allreduce reduce_scatter_block alltoall barrier}

bench_start
bench_known

# 1, 2. The tuner and the selectors, per platform and the collectives of COLLS it measures there.
for pf in $PLATFORMS; do
    set -- $(platform $pf)
    for coll in $(colls_of $pf); do
        case " $KNOWN " in *" $coll "*) ;; *) continue ;; esac
        bench_tune $pf $coll "$OUT/$NAME/$pf-$coll" $1 $2 $3 "$(sizes $pf $coll)" "$(algos $pf $coll)" "" \
            "$(selectors $coll)" $coll
    done
done

# 3. The CSV (bench_csv_platforms runs every collective of KNOWN; absent runs are skipped there).
bench_csv_platforms
bench_figures "bytes (docs/selector.md: the vector, or the block of one rank)" "SimGrid (newalgs platforms)"

# The targets: rows of the table, and the checks the table cannot express, as notes.
for pf in $PLATFORMS; do
    for coll in $(colls_of $pf); do
        for b in $(awk -F, -v pf=$pf -v c=$coll '$1 == pf && $2 == c && $4 == "bound" { print $3 }' "$CSV"); do
            echo "$pf $coll $b <= 1.02 best"
        done
    done
done > "$OUT/$NAME/targets.txt"
awk -F, '
    NR > 1 { v[$1 "," $2 "," $3 "," $4] = $5; sz[$1 "," $2 "," $3] = 1 }
    function min2(a, b) { return a == "" ? b : (b == "" ? a : (a + 0 < b + 0 ? a : b)) }
    function get(k) { return (k in v) ? v[k] : "" }
    function ratio(name, slow, fast) {
        if (slow == "" || fast == "") printf "%s: not measured\n", name
        else printf "%s: %.2fx\n", name, slow / fast
    }
    END {
        for (b = 1048576; b <= 16777216; b *= 16) {
            k = "torus2d,allreduce," b
            ratio("torus2d allreduce " b " B, best of rabenseifner and ring / best Swing (target >= 1.5)",
                  min2(get(k ",rabenseifner"), get(k ",ring")), min2(get(k ",swing_latency"), get(k ",swing_bandwidth")))
        }
        ratio("flat-128 allreduce 8 B, recursive_doubling / recursive_multiplying (target >= 1.3)",
              get("flat-128,allreduce,8,recursive_doubling"), get("flat-128,allreduce,8,recursive_multiplying"))
        ratio("flat-128 allgather 8 B, bruck / k_bruck (target >= 1.3)",
              get("flat-128,allgather,8,bruck"), get("flat-128,allgather,8,k_bruck"))
        ratio("smp allreduce 4 MiB, han / multi_leader (target > 1)",
              get("smp,allreduce,4194304,han"), get("smp,allreduce,4194304,multi_leader"))
    }' "$CSV" >> "$NOTES"
for pf in dragonfly fattree; do
    case " $PLATFORMS " in *" $pf "*) ;; *) continue ;; esac
    n=$(awk -v pf=$pf '$1 == pf && $3 >= 65536 && $4 ~ /^bine/ { print $2 }' "$OUT/$NAME"/$pf-*/best.txt 2>/dev/null | sort -u | wc -l)
    echo "$pf: a Bine algorithm is the fastest for $n of the 8 collectives at some size from 64 KiB (target >= 4)" >> "$NOTES"
done
bench_tables /best.txt "bytes as docs/selector.md (the vector; one rank's block for allgather, gather, scatter; one pair's for alltoall); bound: the injection bound (see the script); - = not measured."
