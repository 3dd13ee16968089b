#!/bin/sh
# bench-reductions.sh - `make bench-reductions`: the reduction collectives (issue 20) on the smp
# cluster and the seeds' switched clusters, against SimGrid's collective selectors and the
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
#        reduce, scan, exscan        n            (the root's unit, or the last rank's, must
#                                                  receive n bytes that depend on other units)
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
# its linear pipeline in 1 KiB segments of 1 MiB, 5 to 9 minutes); the full run was not made:
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
# build/bench/reductions.md, the table of the README (the issue's target sizes and 8 B).
# Environment: BENCH_QUICK=1 (above); BENCH_LOCK, a command prefix for every smpirun (e.g.
# "flock /tmp/some.lock": one simulation at a time on a shared machine); BENCH_KEEP=1 keeps what a
# former run completed (<platform>-<collective>.done) and redoes the rest, the CSV, figures and
# table; BENCH_PLATFORMS, BENCH_COLLS to run a part; BENCH_BUDGET, the tuner's --time-budget per
# run in seconds (default 1800); BENCH_SIZES, one --sizes list for every run (a smoke test);
# BENCH_OUT, the output folder (default build/bench); BENCH_TUNER, the tuner built for SimGrid
# (default build/smpi-bin/collalg-tune).
set -eu

NAME=reductions
OUT=${BENCH_OUT:-build/bench}
SMP=tests/platform/smp
TOPO=tests/platform/topology
TUNER=${BENCH_TUNER:-build/smpi-bin/collalg-tune}
FLAGS="--log=root.thres:warning --cfg=smpi/display-timing:no --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:no --cfg=smpi/allgather:mpich"
TARGS="--quick --precision 4 --time-budget ${BENCH_BUDGET:-1800}"
QUICK=${BENCH_QUICK:-0}
LOCK=${BENCH_LOCK:-}

platform() { # name -> np xml hostfile topology-conf|- bytes/s ranks-per-unit
    case $1 in
    smp-consecutive) echo "128 $SMP/smp.xml $SMP/hostfile-consecutive - 1250000000 8" ;;
    smp-roundrobin) echo "128 $SMP/smp.xml $SMP/hostfile-roundrobin - 1250000000 8" ;;
    a) echo "16 $TOPO/switch-16.xml $TOPO/hostfile-a $TOPO/a.conf 12500000 1" ;;
    b) echo "32 $TOPO/switches-4x8.xml $TOPO/hostfile-b $TOPO/b.conf 12500000 1" ;;
    c) echo "32 $TOPO/switches-4x8.xml $TOPO/hostfile-c $TOPO/c.conf 12500000 1" ;;
    esac
}

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

command -v smpirun >/dev/null || { echo "bench-$NAME: smpirun not found (make deps)"; exit 1; }
command -v gnuplot >/dev/null || { echo "bench-$NAME: gnuplot not found (make deps)"; exit 1; }
[ -x "$TUNER" ] || { echo "bench-$NAME: $TUNER missing (make tools)"; exit 1; }
mkdir -p "$OUT/$NAME"
CSV=$OUT/$NAME.csv
NOTES=$OUT/$NAME/notes.txt
: > "$NOTES"
start=$(date +%s)

# 0. The collectives the tuner knows (it stops with status 1 on an unknown name before -h).
KNOWN=""
for coll in $COLLS; do
    if $LOCK smpirun -np 1 -platform tests/platform/cluster.xml -hostfile tests/platform/hostfile $FLAGS \
        "$TUNER" --collectives $coll -h </dev/null >/dev/null 2>&1; then
        KNOWN="$KNOWN $coll"
    else
        echo "bench-$NAME: $coll skipped: the tuner does not know it yet"
        echo "$coll: skipped, the tuner ($TUNER) does not know it yet" >> "$NOTES"
    fi
done

# 1, 2. The tuner and SimGrid's selectors.
for pf in $PLATFORMS; do
    set -- $(platform $pf)
    np=$1 xml=$2 hf=$3 conf=$4
    topo=""
    [ "$conf" = - ] || topo="--topology $conf"
    for coll in $KNOWN; do
        d=$OUT/$NAME/$pf-$coll
        run="$LOCK smpirun -np $np -platform $xml -hostfile $hf $FLAGS"
        if [ "${BENCH_KEEP:-0}" = 1 ] && [ -f "$d.done" ]; then
            echo "bench-$NAME: ($pf) $coll: kept from a former run"
            continue
        fi
        rm -rf "$d.done" "$d"
        t0=$(date +%s)
        echo "bench-$NAME: ($pf) $coll $(sizes $pf $coll): tuner over $(algos $pf $coll)"
        $run "$TUNER" $TARGS --collectives $coll --sizes "$(sizes $pf $coll)" --algorithms "$(algos $pf $coll)" \
            $topo --out "$d/tuned" </dev/null > "$d.log" 2>&1 || { cat "$d.log"; exit 1; }
        ! grep -q "Deadlock detected" "$d.log" || { cat "$d.log"; exit 1; }
        for sel in $(selectors $coll); do
            echo "bench-$NAME: ($pf) $coll: SimGrid's $sel selector"
            if ! $run --cfg=smpi/$coll:$sel "$TUNER" $TARGS --native-only --collectives $coll \
                --sizes "$(sizes $pf $coll)" --out "$d/$sel" </dev/null >> "$d.log" 2>&1 ||
                grep -q "Deadlock detected" "$d.log"; then
                echo "bench-$NAME: ($pf) $coll: SimGrid's $sel selector failed (see $d.log)"
                echo "$pf $coll: SimGrid's $sel selector failed" >> "$NOTES"
                rm -rf "$d/$sel"
            fi
        done
        echo "bench-$NAME: ($pf) $coll: $(( $(date +%s) - t0 )) s" | tee "$d.done"
    done
done

# 3. The CSV: every measured impl and the bound.
echo "platform,collective,bytes,impl,ms" > "$CSV"
for pf in $PLATFORMS; do
    set -- $(platform $pf)
    np=$1 bw=$5 ppn=$6
    for coll in $KNOWN; do
        d=$OUT/$NAME/$pf-$coll
        [ -f "$d/tuned/collalg_tuned.csv" ] || continue
        # The tuner's CSV: collective,phase,algorithm,"param",bytes,procs,reps,median_s,... ,status
        awk -v pf=$pf -v coll=$coll -v p=$np -v ppn=$ppn -v bw=$bw -v d="$d" '
            function row(f, sel) {
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
                        if (!((b, x[3]) in val) || t < val[b, x[3]]) { val[b, x[3]] = t; alg[x[3]] = 1 }
                    }
                }
                close(f)
            }
            BEGIN {
                row(d "/tuned/collalg_tuned.csv", "")
                row(d "/mpich/collalg_tuned.csv", "smpi-mpich")
                row(d "/ompi/collalg_tuned.csv", "smpi-ompi")
                row(d "/mvapich2/collalg_tuned.csv", "smpi-mvapich2")
                ni = split("tuned best-catalogue smpi-default smpi-mpich smpi-ompi smpi-mvapich2", impl, " ")
                nn = p / ppn
                for (b in sz) {
                    if (coll == "reduce_scatter_block" || coll == "reduce_scatter") load = (nn - 1) / nn * b
                    else load = b
                    val[b, "bound"] = load / bw * 1000
                    for (i = 1; i <= ni; i++)
                        if ((b, impl[i]) in val) printf "%s,%s,%d,%s,%.4f\n", pf, coll, b, impl[i], val[b, impl[i]]
                    for (a in alg)
                        if ((b, a) in val) printf "%s,%s,%d,%s,%.4f\n", pf, coll, b, a, val[b, a]
                    printf "%s,%s,%d,bound,%.4f\n", pf, coll, b, val[b, "bound"]
                    printf "%s %s %d %s\n", pf, coll, b, best[b] > (d "/best.txt")
                }
            }' < /dev/null | sort -t, -k3,3n -k4,4 >> "$CSV"
    done
done

# One figure per collective: time against size, log-log, every impl, the platforms side by side.
MAIN="tuned best-catalogue smpi-default smpi-mpich smpi-ompi smpi-mvapich2 bound"
for coll in $KNOWN; do
    f=$OUT/$NAME-$coll
    np=0
    for pf in $PLATFORMS; do
        grep -q "^$pf,$coll," "$CSV" && np=$((np + 1))
    done
    [ $np -gt 0 ] || continue
    {
        echo "set termoption noenhanced"
        echo "set xlabel 'bytes (the whole vector of one rank)'"
        echo "set ylabel 'ms'"
        echo "set logscale xy"
        echo "set format x '%.0s%c'"
        echo "set key top left font ',7'"
        echo "set grid"
        echo "set multiplot layout 1,$np title '$coll, SimGrid (smp: 128 ranks on 16 x 8 cores; a: 16, b, c: 32 hosts)'"
        # One line type per impl, the same in every panel (dashed from the ninth: 8 colours).
        impls="$MAIN $(awk -F, -v coll=$coll -v main=" $MAIN " \
            '$2 == coll && index(main, " " $4 " ") == 0 { print $4 }' "$CSV" | sort -u)"
        for pf in $PLATFORMS; do
            grep -q "^$pf,$coll," "$CSV" || continue
            echo "set title '$pf'"
            printf 'plot'
            sep=" "
            lt=0
            for impl in $impls; do
                lt=$((lt + 1))
                dat=$OUT/$NAME/$pf-$coll-$impl.dat
                awk -F, -v pf=$pf -v coll=$coll -v impl=$impl '$1 == pf && $2 == coll && $4 == impl { print $3, $5 }' \
                    "$CSV" | sort -n > "$dat"
                if [ -s "$dat" ]; then
                    printf '%s"%s" using 1:2 with linespoints lt %d dt %d title "%s"' "$sep" "$dat" $lt $(((lt - 1) / 8 + 1)) "$impl"
                    sep=", "
                fi
            done
            echo
        done
        echo "unset multiplot"
    } > "$f.gp"
    gnuplot -e "set terminal svg size $((400 * np + 200)),480; set output '$f.svg'" "$f.gp"
    gnuplot -e "set terminal pngcairo size $((400 * np + 200)),480; set output '$f.png'" "$f.gp" 2>/dev/null ||
        gnuplot -e "set terminal png size $((400 * np + 200)),480; set output '$f.png'" "$f.gp"
done

# The README table: the issue's targets (smp, c) and the same sizes on a and b, and 8 B.
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
awk -F, -v tf="$OUT/$NAME/targets.txt" -v nf="$NOTES" -v d="$OUT/$NAME" '
    function f(x) { return x < 0.1 ? sprintf("%.4f", x) : sprintf("%.3f", x) }
    NR > 1 { v[$1 "," $2 "," $3 "," $4] = $5 }
    END {
        ni = split("tuned best-catalogue smpi-default smpi-mpich smpi-ompi smpi-mvapich2 bound", im, " ")
        print "| platform | collective | bytes | tuned | best catalogue | SimGrid default | SimGrid mpich | SimGrid ompi | SimGrid mvapich2 | bound | target | met |"
        print "|---|---|---|---|---|---|---|---|---|---|---|---|"
        while ((getline line < tf) > 0) {
            n = split(line, t, " ")
            key = t[1] "," t[2] "," t[3]
            if (!((key ",bound") in v)) continue
            tg = ""; for (i = 4; i <= n; i++) tg = tg (i > 4 ? " " : "") t[i]
            bestn = ""
            bf = d "/" t[1] "-" t[2] "/best.txt"
            while ((getline bl < bf) > 0) { split(bl, w, " "); if (w[3] == t[3]) bestn = w[4] }
            close(bf)
            printf "| %s | %s | %s |", t[1], t[2], t[3]
            for (m = 1; m <= ni; m++) {
                s = ((key "," im[m]) in v) ? f(v[key "," im[m]]) : "-"
                if (im[m] == "best-catalogue" && bestn != "") s = s " (" bestn ")"
                printf " %s |", s
            }
            met = "-"
            if ((key ",tuned") in v && tg != "") {
                x = v[key ",tuned"]
                if (substr(tg, 1, 2) == "<=") met = (x <= substr(tg, 4) + 0) ? "yes" : "no"
                else {
                    met = "yes"; ns = 0
                    for (m = 3; m <= 6; m++) if ((key "," im[m]) in v) { ns++; if (v[key "," im[m]] <= x) met = "no" }
                    if (ns == 0) met = "-"
                }
            }
            printf " %s | %s |\n", tg == "" ? "-" : tg, met
        }
        print ""
        print "ms per call (median, SimGrid 3.32, scripts/bench-" "'$NAME'" ".sh); bytes = the whole vector of one rank; - = not measured (no SimGrid selector for the collective, or a selector run failed)."
        while ((getline line < nf) > 0) print "- " line
    }' "$CSV" > "$OUT/$NAME.md"
# The tuned routine against the best single algorithm, at every sample size.
awk -F, '
    NR > 1 && $4 == "tuned" { t[$1 "," $2 "," $3] = $5 }
    NR > 1 && $4 == "best-catalogue" { b[$1 "," $2 "," $3] = $5 }
    END {
        for (k in t) if (k in b) {
            split(k, f, ","); g = f[1] "," f[2]; r = t[k] / b[k]
            if (!(g in worst) || r > worst[g]) { worst[g] = r; at[g] = f[3] }
        }
        for (g in worst) { split(g, f, ","); printf "| %s | %s | %.3f | %s |\n", f[1], f[2], worst[g], at[g] }
    }' "$CSV" | sort > "$OUT/$NAME/worst.txt"
{
    echo
    echo "| platform | collective | worst tuned / best single algorithm | at bytes |"
    echo "|---|---|---|---|"
    cat "$OUT/$NAME/worst.txt"
} >> "$OUT/$NAME.md"
cat "$OUT/$NAME.md"
echo "bench-$NAME: $CSV, $OUT/$NAME-*.svg, $OUT/$NAME.md in $(( $(date +%s) - start )) s"
