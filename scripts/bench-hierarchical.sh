#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench-hierarchical.sh - `make bench-hierarchical`: the hierarchical algorithms on the 16 x 8-core
# cluster, against the catalogue, SimGrid's collective selectors and the node-link bound.
#
# Platform: tests/platform/smp/smp.xml, 16 nodes x 8 cores (node links 1.25 GB/s and 2 us, backbone
# 100 GB/s, loopback 10 GB/s and 0.2 us), 128 ranks placed
#   smp-consecutive  8 consecutive ranks per node (hostfile-consecutive)
#   smp-roundrobin   rank r on node r % 16 (hostfile-roundrobin)
# For each placement and collective (bcast, allreduce, allgather, alltoall):
#   1. the tuner (build/smpi-bin/collalg-tune --quick) measures the algorithms of a shortlist
#      (ALGOS below: at 128 ranks SimGrid costs ~130 us of real time per simulated message, so the
#      whole catalogue, e.g. every barrier variant of the ring and pair all-to-alls with 16256
#      messages per call, would take hours) at the sample sizes, writes the tuned header and
#      re-measures the routine it defines: impl tuned (phase routine), best-catalogue (the
#      fastest shortlisted algorithm at its best parameter, hierarchical ones included), each
#      hierarchical algorithm of the shortlist at its best parameter (impl = its name: han,
#      hierarchical, node_aware), smpi-default (phase native: SimGrid's default selector; not for
#      allgather, see below);
#   2. the tuner with --native-only under --cfg=smpi/<coll>:mpich, :ompi and :mvapich2:
#      smpi-mpich, smpi-ompi, smpi-mvapich2;
#   3. bound: the node-link load bound, bytes the busiest node link must carry / 1.25e9 B/s (no
#      latency), N = 16 nodes of ppn = 8 ranks, p = 128: bcast n (each non-root node receives the
#      message once); allreduce 2 (N - 1) / N n (Patarasuk & Yuan's bound with nodes as the units:
#      each node must send and receive (N - 1) / N of the vector twice, reduce-scatter and
#      allgather); allgather (p - ppn) n (a node receives every other node's blocks; n per rank);
#      alltoall ppn (p - ppn) n (a node's ranks receive from every rank of the other nodes; n per
#      pair).
# SimGrid's default MPI_Allgather is pathologically slow at p = 128 on this platform (~100 s of
# real time per call), and the node level of every hierarchical algorithm (machine/node.h) calls
# MPI_Allgather once: every run pins --cfg=smpi/allgather:mpich, so smpi-default is left out for
# allgather (its column would be smpi-mpich again).
# Memory: the tuner's buffers are p times the largest size for allgather and alltoall, the size
# alone for bcast and allreduce: at 128 ranks in one process about 1 GiB (bcast, allreduce 4 MiB;
# alltoall 32 KiB per pair) and 4 GiB (allgather 128 KiB per rank). Not
# --cfg=smpi/shared-malloc:global with smpi/auto-shared-malloc-thresh: with it, SimGrid 3.32
# reports a deadlock inside the first han call (p = 24 on 3 nodes already).
# Output: build/bench/hierarchical.csv (platform,collective,bytes,impl,ms), the tuners' own output
# under build/bench/hierarchical/<platform>-<collective>/, one gnuplot figure per collective (both
# placements side by side: build/bench/hierarchical-<collective>.svg and .png) and
# build/bench/hierarchical.md, the table of docs/benchmarks.md (the target sizes and 8 B).
# Environment: BENCH_KEEP=1 keeps the measurements of a placement and collective that a former run
# completed (build/bench/hierarchical/<platform>-<collective>.done) and only redoes the others
# and the CSV, figures and table; BENCH_LOCK, a command prefix for every smpirun (e.g. "flock /tmp/some.lock": one
# simulation at a time on a shared machine, others may run between them); BENCH_PLATFORMS (default "consecutive roundrobin"), BENCH_COLLS (default
# "bcast allreduce allgather alltoall") to run a part; BENCH_QUICK=1 measures only the
# target sizes (bcast and allreduce 8 B and 4 MiB, allgather 128 KiB, alltoall 32 KiB);
# BENCH_TUNER, the tuner built for SimGrid (default build/smpi-bin/collalg-tune); BENCH_SELECTORS
# (default "mpich ompi mvapich2"; empty: none) the SimGrid selectors to run.
# Topology: the tuner gets --topology with a description written to
# build/bench/hierarchical/smp.conf (the 16 nodes under one switch), so that the topology
# algorithms of the shortlist (bcast topology_order: the inner broadcast on the ranks grouped by
# node, each node's ranks consecutive; on smp-roundrobin that turns every tree into one whose
# subtrees are whole nodes) are measured too; the node level they find is the same as without it.
set -eu

OUT=build/bench
DIR=tests/platform/smp
TUNER=${BENCH_TUNER:-build/smpi-bin/collalg-tune}
QUICK=${BENCH_QUICK:-0}
CONF=$OUT/hierarchical/smp.conf
BW=1250000000
NP=128
PPN=8
NODES=16
# An MPI_Test costs 100 ns (see scripts/bench-common.sh): pipelined_full_lane polls its phases.
FLAGS="--log=root.thres:warning --cfg=smpi/display-timing:no --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=smpi/test:1e-7 --cfg=smpi/grow-injected-times:no"

# The tuner: PGMPI's quick repetition rule (SimGrid is deterministic), coarse binary searches.
TARGS="--quick --precision 4 --time-budget 900"
HIER="han hierarchical node_aware full_lane pipelined_full_lane"

# Sizes (bytes as the selector compares them: per rank for allgather, per pair for alltoall, the
# whole vector for allreduce and bcast). The target sizes: bcast 4M, allreduce 4M, allgather
# 128K, 8 B for allreduce and bcast. Alltoall stops at 32K per pair (p * 32K = 4 MiB per rank; a
# ring or pair call already costs ~2 s of real time).
sizes() {
    if [ "$QUICK" = 1 ]; then
        case $1 in
        bcast | allreduce) echo 8,4M ;;
        allgather) echo 128K ;;
        alltoall) echo 32K ;;
        esac
        return 0
    fi
    case $1 in
    bcast) echo 8,4K,64K,1M,4M ;;
    allreduce) echo 8,4K,64K,1M,4M ;;
    allgather) echo 8,4K,128K ;;
    alltoall) echo 8,4K,32K ;;
    esac
}

# The shortlist per collective: the catalogue's best candidates at this scale, the pipelined
# trees of bench-flat (two_tree, circulant, knomial; bcast topology_order with the tuner's inner
# broadcasts) plus the hierarchical ones (names missing from the tuner's table are ignored).
algos() {
    case $1 in
    bcast) echo chain,binomial,scatter_ring_allgather,han,hierarchical,two_tree,circulant,knomial,topology_order ;;
    allreduce) echo recursive_doubling,rabenseifner,han,full_lane,pipelined_full_lane,two_tree,circulant ;;
    allgather) echo ring,recursive_doubling,bruck,hierarchical ;;
    alltoall) echo bruck,pair,node_aware ;;
    esac
}

command -v smpirun >/dev/null || { echo "bench-hierarchical: smpirun not found (make deps)"; exit 1; }
command -v gnuplot >/dev/null || { echo "bench-hierarchical: gnuplot not found (make deps)"; exit 1; }
PLATFORMS=${BENCH_PLATFORMS:-consecutive roundrobin}
COLLS=${BENCH_COLLS:-bcast allreduce allgather alltoall}
mkdir -p "$OUT/hierarchical"
echo "SwitchName=sw Nodes=node-[0-15]" > "$CONF"
CSV=$OUT/hierarchical.csv
echo "platform,collective,bytes,impl,ms" > "$CSV"
start=$(date +%s)

for pl in $PLATFORMS; do
    pf=smp-$pl
    for coll in $COLLS; do
        d=$OUT/hierarchical/$pf-$coll
        run="${BENCH_LOCK:-} smpirun -np $NP -platform $DIR/smp.xml -hostfile $DIR/hostfile-$pl $FLAGS --cfg=smpi/allgather:mpich"
        if [ "${BENCH_KEEP:-0}" = 1 ] && [ -f "$d.done" ]; then
            echo "bench-hierarchical: ($pf) $coll: kept from a former run"
            continue
        fi
        rm -f "$d.done"
        t0=$(date +%s)
        echo "bench-hierarchical: ($pf) $coll: tuner over $(algos $coll)"
        $run "$TUNER" $TARGS --procs $NP --collectives $coll --sizes "$(sizes $coll)" --algorithms "$(algos $coll)" \
            --topology "$CONF" --out "$d/tuned" </dev/null > "$d.log" 2>&1 || { cat "$d.log"; exit 1; }
        ! grep -q "Deadlock detected" "$d.log" || { cat "$d.log"; exit 1; }
        for sel in ${BENCH_SELECTORS-mpich ompi mvapich2}; do
            echo "bench-hierarchical: ($pf) $coll: SimGrid's $sel selector"
            $run --cfg=smpi/$coll:$sel "$TUNER" $TARGS --native-only --collectives $coll \
                --sizes "$(sizes $coll)" --out "$d/$sel" </dev/null >> "$d.log" 2>&1 || { cat "$d.log"; exit 1; }
            ! grep -q "Deadlock detected" "$d.log" || { cat "$d.log"; exit 1; }
        done
        echo "bench-hierarchical: ($pf) $coll: $(( $(date +%s) - t0 )) s" | tee "$d.done"
    done
done

for pl in $PLATFORMS; do
    pf=smp-$pl
    for coll in $COLLS; do
        d=$OUT/hierarchical/$pf-$coll
        # The tuner's CSV: collective,phase,algorithm,"param",bytes,procs,reps,median_s,... ,status
        awk -v pf=$pf -v coll=$coll -v p=$NP -v ppn=$PPN -v nn=$NODES -v bw=$BW -v d="$d" -v hier="$HIER" '
            function row(f, sel) {
                while ((getline line < f) > 0) {
                    gsub(/"[^"]*"/, "Q", line)
                    n = split(line, x, ",")
                    if (x[1] != coll || x[n] != "ok") continue
                    b = x[5] + 0; t = x[8] * 1000
                    if (sel != "") { if (x[2] == "native") val[b, sel] = t; continue }
                    if (x[2] == "native" && coll != "allgather") val[b, "smpi-default"] = t
                    else if (x[2] == "routine") { val[b, "tuned"] = t; sz[b] = 1 }
                    else if (x[2] == "sample" || x[2] == "param") {
                        if (!((b, "best-catalogue") in val) || t < val[b, "best-catalogue"]) {
                            val[b, "best-catalogue"] = t; best[b] = x[3]
                        }
                        if (x[3] in ishier && (!((b, x[3]) in val) || t < val[b, x[3]])) val[b, x[3]] = t
                    }
                }
                close(f)
            }
            BEGIN {
                nh = split(hier, h, " ")
                for (i = 1; i <= nh; i++) ishier[h[i]] = 1
                row(d "/tuned/collalg_tuned.csv", "")
                row(d "/mpich/collalg_tuned.csv", "smpi-mpich")
                row(d "/ompi/collalg_tuned.csv", "smpi-ompi")
                row(d "/mvapich2/collalg_tuned.csv", "smpi-mvapich2")
                ni = split("tuned best-catalogue " hier " smpi-default smpi-mpich smpi-ompi smpi-mvapich2", impl, " ")
                for (b in sz) {
                    if (coll == "allgather") load = (p - ppn) * b
                    else if (coll == "alltoall") load = ppn * (p - ppn) * b
                    else if (coll == "bcast") load = b
                    else load = 2 * (nn - 1) / nn * b
                    val[b, "bound"] = load / bw * 1000
                    for (i = 1; i <= ni; i++)
                        if ((b, impl[i]) in val) printf "%s,%s,%d,%s,%.4f\n", pf, coll, b, impl[i], val[b, impl[i]]
                    printf "%s,%s,%d,bound,%.4f\n", pf, coll, b, val[b, "bound"]
                    printf "%s %s %d %s\n", pf, coll, b, best[b] > (d "/best.txt")
                }
            }' < /dev/null | sort -t, -k3,3n -k4,4 >> "$CSV"
    done
done

# One figure per collective: time against size, log-log, every impl, the two placements side by side.
IMPLS="tuned best-catalogue $HIER smpi-default smpi-mpich smpi-ompi smpi-mvapich2 bound"
for coll in $COLLS; do
    f=$OUT/hierarchical-$coll
    plots=""
    for pl in $PLATFORMS; do
        pf=smp-$pl
        for impl in $IMPLS; do
            awk -F, -v pf=$pf -v coll=$coll -v impl=$impl '$1 == pf && $2 == coll && $4 == impl { print $3, $5 }' \
                "$CSV" | sort -n > "$OUT/hierarchical/$pf-$coll-$impl.dat"
        done
    done
    {
        echo "set xlabel 'bytes (per rank: allgather; per pair: alltoall; vector: allreduce, bcast)'"
        echo "set ylabel 'ms'"
        echo "set logscale xy"
        echo "set key top left font ',8'"
        echo "set grid"
        echo "set multiplot layout 1,$(echo $PLATFORMS | wc -w) title '$coll, SimGrid, 128 ranks on 16 nodes x 8 cores'"
        for pl in $PLATFORMS; do
            pf=smp-$pl
            echo "set title '$pf'"
            printf 'plot'
            sep=" "
            for impl in $IMPLS; do
                if [ -s "$OUT/hierarchical/$pf-$coll-$impl.dat" ]; then
                    printf '%s"%s" using 1:2 with linespoints title "%s"' "$sep" "$OUT/hierarchical/$pf-$coll-$impl.dat" "$impl"
                    sep=", "
                fi
            done
            echo
        done
        echo "unset multiplot"
    } > "$f.gp"
    gnuplot -e "set terminal svg size 1200,480; set output '$f.svg'" "$f.gp"
    gnuplot -e "set terminal pngcairo size 1200,480; set output '$f.png'" "$f.gp" 2>/dev/null ||
        gnuplot -e "set terminal png size 1200,480; set output '$f.png'" "$f.gp"
done

# The table of docs/benchmarks.md: the target sizes and 8 B.
awk -F, -v hier="$HIER" '
    NR > 1 { v[$1 "," $2 "," $3 "," $4] = $5 }
    END {
        ni = split("tuned best-catalogue " hier " smpi-default smpi-mpich smpi-ompi smpi-mvapich2 bound", im, " ")
        printf "| platform | collective | bytes |"
        for (m = 1; m <= ni; m++) printf " %s |", im[m]
        printf "\n|---|---|---|"
        for (m = 1; m <= ni; m++) printf "---|"
        printf "\n"
        n = split("bcast,8 bcast,4194304 allreduce,8 allreduce,4194304 allgather,131072 alltoall,32768", t, " ")
        split("smp-consecutive smp-roundrobin", pfs, " ")
        for (j = 1; j <= 2; j++)
            for (i = 1; i <= n; i++) {
                key = pfs[j] "," t[i]
                if (!((key ",bound") in v)) continue
                printf "| %s | %s | %s |", pfs[j], substr(t[i], 1, index(t[i], ",") - 1), substr(t[i], index(t[i], ",") + 1)
                for (m = 1; m <= ni; m++) printf " %s |", ((key "," im[m]) in v) ? sprintf(v[key "," im[m]] < 0.1 ? "%.4f" : "%.3f", v[key "," im[m]]) : "-"
                printf "\n"
            }
        print ""
        print "ms per call (median); - = not measured (smpi-default for allgather: SimGrid pinned to mpich, see scripts/bench-hierarchical.sh; a hierarchical algorithm of another collective)."
    }' "$CSV" > "$OUT/hierarchical.md"
cat "$OUT/hierarchical.md"
echo "bench-hierarchical: $CSV, $OUT/hierarchical-*.svg, $OUT/hierarchical.md in $(( $(date +%s) - start )) s"
