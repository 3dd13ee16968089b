#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bench-topology.sh - `make bench-topology`: the topology-scheduled algorithms on the
# switched clusters, against SimGrid's own collective selectors and the link-load bound.
#
# Platforms (tests/platform/topology/; 100 Mb/s = 12.5e6 bytes/s cables, 50 us each):
#   a  16 hosts on one switch (switch-16.xml, hostfile-a, a.conf), p = 16
#   b  4 switches of 8 hosts under a top switch, ranks consecutive per switch
#      (switches-4x8.xml, hostfile-b, b.conf), p = 32
#   c  the same network, ranks round-robin over the switches (hostfile-c, c.conf), p = 32
# For each platform and collective (allgather, allreduce, bcast, alltoall):
#   1. the tuner (build/smpi-bin/collalg-tune --topology CONF) measures every catalogue
#      algorithm, the topology ones included, at the sample sizes, writes the tuned header and
#      re-measures the routine it defines: impl tuned (phase routine), best-catalogue (the
#      fastest algorithm at its best parameter: phases sample and param), smpi-default (phase
#      native, SimGrid's default selector);
#   2. the tuner with --native-only under --cfg=smpi/<coll>:mpich and :ompi: smpi-mpich, smpi-ompi;
#   3. bound: the link-load bound, the bytes the busiest directed link must carry divided by
#      12.5e6 bytes/s (no latency): allgather (p - 1) n (a host's cable in; n bytes per rank),
#      alltoall max((p - 1) n, k (p - k) n) (k hosts below a switch's uplink; n bytes per pair),
#      bcast n, allreduce 2 (p - 1) / p n (Patarasuk & Yuan's lower bound; n the vector).
# Output: build/bench/topology.csv (platform,collective,bytes,impl,ms), the tuners' own output
# under build/bench/topology/<platform>-<collective>/, a gnuplot figure per collective and
# platform (build/bench/topology-<collective>-<platform>.svg and .png), and
# build/bench/topology.md, the table of docs/benchmarks.md (the target sizes).
#
# SimGrid flags: --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 (no piecewise correction of
# bandwidth and latency), otherwise SimGrid 3.32's defaults (its TCP cross-traffic model included).
# The tuner measures the whole catalogue (no --algorithms shortlist: 16 and 32 ranks are cheap to
# simulate), so two_tree, circulant and knomial are in, and bcast topology_order runs with each
# inner broadcast of the catalogue's search spaces (src/catalogue/space.h, tune_inner_bcast: binomial, two_tree,
# knomial, circulant at their defaults, scatter_ring_allgather).
# Environment: BENCH_QUICK=1 takes the tuner's --quick repetition rule (the default here; the
# simulated clusters are deterministic up to a few percent); BENCH_PLATFORMS (default "a b c"),
# BENCH_COLLS (default "allgather allreduce bcast alltoall") to run a part (the CSV, figures and
# tables then hold that part only); BENCH_LOCK, a command prefix for every smpirun (e.g. "flock
# /tmp/some.lock": one simulation at a time on a shared machine); BENCH_TUNER, the tuner built for
# SimGrid (default build/smpi-bin/collalg-tune).
set -eu

OUT=build/bench
DIR=tests/platform/topology
TUNER=${BENCH_TUNER:-build/smpi-bin/collalg-tune}
PLATFORMS=${BENCH_PLATFORMS:-a b c}
COLLS=${BENCH_COLLS:-allgather allreduce bcast alltoall}
LOCK=${BENCH_LOCK:-}
BW=12500000
FLAGS="--log=root.thres:warning --cfg=smpi/display-timing:no --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1"

# Sizes (bytes as the selector compares them: per rank for allgather, per pair for alltoall,
# the whole vector for allreduce and bcast); the target sizes are 32K, 64K, 256K and 32K.
sizes() {
    case $1 in
    allgather) echo 8,512,4K,32K,128K ;;
    allreduce) echo 8,512,4K,64K,256K,1M ;;
    bcast) echo 8,512,4K,64K,256K,1M ;;
    alltoall) echo 8,512,4K,32K ;;
    esac
}

platform() { # name -> xml hostfile conf p k(hosts per switch)
    case $1 in
    a) echo "switch-16.xml hostfile-a a.conf 16 16" ;;
    b) echo "switches-4x8.xml hostfile-b b.conf 32 8" ;;
    c) echo "switches-4x8.xml hostfile-c c.conf 32 8" ;;
    esac
}

command -v smpirun >/dev/null || { echo "bench-topology: smpirun not found (make deps)"; exit 1; }
command -v gnuplot >/dev/null || { echo "bench-topology: gnuplot not found (make deps)"; exit 1; }
mkdir -p "$OUT/topology"
CSV=$OUT/topology.csv
echo "platform,collective,bytes,impl,ms" > "$CSV"
start=$(date +%s)

for pf in $PLATFORMS; do
    set -- $(platform $pf)
    xml=$1 hf=$2 conf=$3 np=$4 k=$5
    for coll in $COLLS; do
        d=$OUT/topology/$pf-$coll
        run="$LOCK smpirun -np $np -platform $DIR/$xml -hostfile $DIR/$hf $FLAGS"
        echo "bench-topology: ($pf) $coll: tuner"
        $run "$TUNER" --quick --procs $np --collectives $coll --sizes "$(sizes $coll)" --topology "$DIR/$conf" \
            --out "$d/tuned" </dev/null > "$d.log" 2>&1 || { cat "$d.log"; exit 1; }
        for sel in mpich ompi; do
            echo "bench-topology: ($pf) $coll: SimGrid's $sel selector"
            $run --cfg=smpi/$coll:$sel "$TUNER" --quick --native-only --collectives $coll \
                --sizes "$(sizes $coll)" --out "$d/$sel" </dev/null >> "$d.log" 2>&1 || { cat "$d.log"; exit 1; }
        done
        # The tuner's CSV: collective,phase,algorithm,"param",bytes,procs,reps,median_s,... ,status
        awk -v pf=$pf -v coll=$coll -v p=$np -v k=$k -v bw=$BW -v d="$d" '
            function row(f, impl, sel) {
                while ((getline line < f) > 0) {
                    gsub(/"[^"]*"/, "Q", line)
                    n = split(line, x, ",")
                    if (x[1] != coll || x[n] != "ok") continue
                    b = x[5] + 0; t = x[8] * 1000
                    if (sel != "") { if (x[2] == "native") val[b, sel] = t; continue }
                    if (x[2] == "native") val[b, "smpi-default"] = t
                    else if (x[2] == "routine") { val[b, "tuned"] = t; sz[b] = 1 }
                    else if (x[2] == "sample" || x[2] == "param") {
                        if (!((b, "best-catalogue") in val) || t < val[b, "best-catalogue"]) {
                            val[b, "best-catalogue"] = t; best[b] = x[3]
                        }
                    }
                }
                close(f)
            }
            BEGIN {
                row(d "/tuned/collalg_tuned.csv", "", "")
                row(d "/mpich/collalg_tuned.csv", "", "smpi-mpich")
                row(d "/ompi/collalg_tuned.csv", "", "smpi-ompi")
                split("tuned best-catalogue smpi-default smpi-mpich smpi-ompi", impl, " ")
                for (b in sz) {
                    if (coll == "allgather") load = (p - 1) * b
                    else if (coll == "alltoall") { load = (p - 1) * b; if (k < p && k * (p - k) * b > load) load = k * (p - k) * b }
                    else if (coll == "bcast") load = b
                    else load = 2 * (p - 1) / p * b
                    val[b, "bound"] = load / bw * 1000
                    for (i = 1; i <= 5; i++)
                        if ((b, impl[i]) in val) printf "%s,%s,%d,%s,%.4f\n", pf, coll, b, impl[i], val[b, impl[i]]
                    printf "%s,%s,%d,bound,%.4f\n", pf, coll, b, val[b, "bound"]
                    printf "%s %s %d %s\n", pf, coll, b, best[b] > (d "/best.txt")
                }
            }' < /dev/null | sort -t, -k3,3n -k4,4 >> "$CSV"
    done
done

# One figure per collective and platform: time against size, log-log, every impl.
for pf in $PLATFORMS; do
    for coll in $COLLS; do
        f=$OUT/topology-$coll-$pf
        for impl in tuned best-catalogue smpi-default smpi-mpich smpi-ompi bound; do
            awk -F, -v pf=$pf -v coll=$coll -v impl=$impl '$1 == pf && $2 == coll && $4 == impl { print $3, $5 }' \
                "$CSV" | sort -n > "$OUT/topology/$pf-$coll-$impl.dat"
        done
        cat > "$f.gp" <<EOF
set title "$coll on platform ($pf), SimGrid, $(platform $pf | cut -d' ' -f4) ranks"
set xlabel "bytes (per rank: allgather; per pair: alltoall; vector: allreduce, bcast)"
set ylabel "ms"
set logscale xy
set key top left
set grid
plot for [i in "tuned best-catalogue smpi-default smpi-mpich smpi-ompi bound"] \
     "$OUT/topology/$pf-$coll-".i.".dat" using 1:2 with linespoints title i
EOF
        gnuplot -e "set terminal svg size 720,480; set output '$f.svg'" "$f.gp"
        gnuplot -e "set terminal pngcairo size 720,480; set output '$f.png'" "$f.gp" 2>/dev/null ||
            gnuplot -e "set terminal png size 720,480; set output '$f.png'" "$f.gp"
    done
done

# The table of docs/benchmarks.md: the target sizes.
awk -F, '
    NR > 1 { v[$1 "," $2 "," $3 "," $4] = $5 }
    END {
        print "| platform | collective | bytes | tuned | best catalogue | SimGrid default | SimGrid mpich | SimGrid ompi | bound |"
        print "|---|---|---|---|---|---|---|---|---|"
        n = split("allgather,32768 allreduce,65536 bcast,262144 alltoall,32768", t, " ")
        split("a b c", pfs, " ")
        for (j = 1; j <= 3; j++)
            for (i = 1; i <= n; i++) {
                key = pfs[j] "," t[i]
                printf "| %s | %s | %s |", pfs[j], substr(t[i], 1, index(t[i], ",") - 1), substr(t[i], index(t[i], ",") + 1)
                split("tuned best-catalogue smpi-default smpi-mpich smpi-ompi bound", im, " ")
                for (m = 1; m <= 6; m++) printf " %s |", ((key "," im[m]) in v) ? sprintf("%.1f", v[key "," im[m]]) : "-"
                printf "\n"
            }
    }' "$CSV" > "$OUT/topology.md"
# The tuned routine against the best single algorithm, at every sample size.
awk -F, '
    NR > 1 && $4 == "tuned" { t[$1 "," $2 "," $3] = $5 }
    NR > 1 && $4 == "best-catalogue" { b[$1 "," $2 "," $3] = $5 }
    END {
        for (k in t) if (k in b) {
            split(k, f, ","); g = f[1] "," f[2]; r = t[k] / b[k]
            if (!(g in worst) || r > worst[g]) { worst[g] = r; at[g] = f[3] }
        }
        print ""
        print "| platform | collective | worst tuned / best single algorithm | at bytes |"
        print "|---|---|---|---|"
        n = split("a b c", pfs, " "); split("allgather allreduce bcast alltoall", cs, " ")
        for (j = 1; j <= 3; j++) for (i = 1; i <= 4; i++) {
            g = pfs[j] "," cs[i]
            if (g in worst) printf "| %s | %s | %.3f | %s |\n", pfs[j], cs[i], worst[g], at[g]
        }
    }' "$CSV" >> "$OUT/topology.md"
cat "$OUT/topology.md"
echo "bench-topology: $CSV, $OUT/topology-*.svg, $OUT/topology.md in $(( $(date +%s) - start )) s"
