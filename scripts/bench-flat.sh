#!/bin/sh
# bench-flat.sh - `make bench-flat`: bcast and allreduce on a flat cluster (issue 23), where the
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
#      (phase native: SimGrid's default). The sizes are measured in two bands, each its own tuner
#      run (the tuned routine of a size is its band's): up to 64 KiB with the whole shortlist,
#      from 256 KiB without chain and binary_tree (the tuner tries 1 KiB segments: a 16 MiB call
#      is 16384 segments on each of 127 edges). SimGrid's bandwidth-sharing solver slows down with
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
# Sizes: 8, 512, 4K, 64K (first band), 256K, 1M, 4M, 16M (second band) at 32 and 128 ranks; 1M
# at 512. BENCH_QUICK=1 measures only the targets' sizes: 128 ranks 8 B, 64 KiB (first band),
# 1 MiB and 16 MiB (second band), 512 ranks 1 MiB (flat-32 has no target: left out).
# Shortlist at 512 ranks: the second band's without scatter_ring_allgather and ring (p (p - 1) =
# 261 632 messages per call).
# Time (2 cores shared with other jobs, SimGrid runs taking turns): the quick run took 12 minutes
# (716 s; 8 of them for the 128-rank bcast of the first band, chain and binary_tree in 1 KiB
# segments); the full run was not made: estimated 30 to 45 minutes (flat-32 and the other sizes
# of flat-128 add little: the large band ran in seconds).
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
# build/bench/flat/<platform>-<collective>[-large]/, a gnuplot figure per collective (the
# platforms side by side: build/bench/flat-<collective>.svg and .png) and build/bench/flat.md,
# the table of the README (every size of flat-128 and flat-32, 1 MiB of flat-512, with the
# issue's targets).
# Environment: BENCH_QUICK=1 (above); BENCH_LOCK, a command prefix for every smpirun (e.g.
# "flock /tmp/some.lock": one simulation at a time on a shared machine); BENCH_KEEP=1 keeps what a
# former run completed (<platform>-<collective>[-large].done) and redoes the rest, the CSV, figures
# and table; BENCH_PLATFORMS, BENCH_COLLS to run a part; BENCH_BUDGET, the tuner's --time-budget
# per run in seconds (default 1800); BENCH_SIZES, one --sizes list for every run of the first band
# (a smoke test; no second band); BENCH_OUT, the output folder (default build/bench); BENCH_TUNER,
# the tuner built for SimGrid (default build/smpi-bin/collalg-tune).
set -eu

NAME=flat
OUT=${BENCH_OUT:-build/bench}
DIR=tests/platform/flat
TUNER=${BENCH_TUNER:-build/smpi-bin/collalg-tune}
BW=1250000000
FLAGS="--log=root.thres:warning --cfg=smpi/display-timing:no --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:no --cfg=smpi/allgather:mpich"
TARGS="--quick --precision 4 --time-budget ${BENCH_BUDGET:-1800}"
QUICK=${BENCH_QUICK:-0}
LOCK=${BENCH_LOCK:-}

np_of() { echo "${1#flat-}"; }

# Sample sizes per platform and band (small: up to 64 KiB; large: from 256 KiB); empty: no run.
sizes() {
    if [ -n "${BENCH_SIZES:-}" ]; then
        [ "$2" = small ] && echo "$BENCH_SIZES"
        return 0
    fi
    case $1,$2,$QUICK in
    flat-512,small,*) ;;
    flat-512,large,*) echo 1M ;;
    *,small,1) echo 8,64K ;;
    *,large,1) echo 1M,16M ;;
    *,small,*) echo 8,512,4K,64K ;;
    *,large,*) echo 256K,1M,4M,16M ;;
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
    flat-512,allreduce,*) echo recursive_doubling,rabenseifner,reduce_bcast,two_tree,circulant ;;
    flat-32,bcast,small) echo binomial,chain,binary_tree,pipelined_scatter_allgather,scatter_rdb_allgather,scatter_ring_allgather,two_tree,circulant,knomial ;;
    flat-32,bcast,large) echo binomial,pipelined_scatter_allgather,scatter_rdb_allgather,scatter_ring_allgather,two_tree,circulant,knomial ;;
    flat-32,allreduce,*) echo recursive_doubling,rabenseifner,rabenseifner_var1,rabenseifner_var2,ring,reduce_bcast,two_tree,circulant ;;
    *,bcast,small) echo binomial,chain,binary_tree,scatter_rdb_allgather,scatter_ring_allgather,two_tree,circulant,knomial ;;
    *,bcast,large) echo binomial,scatter_rdb_allgather,scatter_ring_allgather,two_tree,circulant,knomial ;;
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

command -v smpirun >/dev/null || { echo "bench-$NAME: smpirun not found (make deps)"; exit 1; }
command -v gnuplot >/dev/null || { echo "bench-$NAME: gnuplot not found (make deps)"; exit 1; }
[ -x "$TUNER" ] || { echo "bench-$NAME: $TUNER missing (make tools)"; exit 1; }
mkdir -p "$OUT/$NAME"
CSV=$OUT/$NAME.csv
NOTES=$OUT/$NAME/notes.txt
: > "$NOTES"
start=$(date +%s)
KNOWN=$COLLS

# 1, 2. The tuner and SimGrid's selectors, per platform, collective and band.
for pf in $PLATFORMS; do
    np=$(np_of $pf)
    run="$LOCK smpirun -np $np -platform $DIR/flat.xml -hostfile $DIR/hostfile $FLAGS"
    for coll in $COLLS; do
        for band in small large; do
            sz=$(sizes $pf $band)
            [ -n "$sz" ] || continue
            d=$OUT/$NAME/$pf-$coll
            [ $band = small ] || d=$d-large
            if [ "${BENCH_KEEP:-0}" = 1 ] && [ -f "$d.done" ]; then
                echo "bench-$NAME: ($pf) $coll $sz: kept from a former run"
                continue
            fi
            rm -rf "$d.done" "$d"
            t0=$(date +%s)
            echo "bench-$NAME: ($pf) $coll $sz: tuner over $(algos $pf $coll $band)"
            $run "$TUNER" $TARGS --collectives $coll --sizes "$sz" --algorithms "$(algos $pf $coll $band)" \
                --out "$d/tuned" </dev/null > "$d.log" 2>&1 || { cat "$d.log"; exit 1; }
            ! grep -q "Deadlock detected" "$d.log" || { cat "$d.log"; exit 1; }
            for sel in $(selectors $pf); do
                echo "bench-$NAME: ($pf) $coll $sz: SimGrid's $sel selector"
                if ! $run --cfg=smpi/$coll:$sel "$TUNER" $TARGS --native-only --collectives $coll \
                    --sizes "$sz" --out "$d/$sel" </dev/null >> "$d.log" 2>&1 ||
                    grep -q "Deadlock detected" "$d.log"; then
                    echo "bench-$NAME: ($pf) $coll: SimGrid's $sel selector failed (see $d.log)"
                    echo "$pf $coll $sz: SimGrid's $sel selector failed" >> "$NOTES"
                    rm -rf "$d/$sel"
                fi
            done
            echo "bench-$NAME: ($pf) $coll $sz: $(( $(date +%s) - t0 )) s" | tee "$d.done"
        done
    done
done

# 3. The CSV: every measured impl and the bound.
echo "platform,collective,bytes,impl,ms" > "$CSV"
rm -f "$OUT/$NAME"/*-best.txt
for pf in $PLATFORMS; do
    np=$(np_of $pf)
    for coll in $COLLS; do
        for d in $OUT/$NAME/$pf-$coll $OUT/$NAME/$pf-$coll-large; do
            [ -f "$d/tuned/collalg_tuned.csv" ] || continue
            # The tuner's CSV: collective,phase,algorithm,"param",bytes,procs,reps,median_s,... ,status
            awk -v pf=$pf -v coll=$coll -v p=$np -v bw=$BW -v d="$d" '
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
                    for (b in sz) {
                        load = coll == "bcast" ? b : 2 * (p - 1) / p * b
                        val[b, "bound"] = load / bw * 1000
                        for (i = 1; i <= ni; i++)
                            if ((b, impl[i]) in val) printf "%s,%s,%d,%s,%.4f\n", pf, coll, b, impl[i], val[b, impl[i]]
                        for (a in alg)
                            if ((b, a) in val) printf "%s,%s,%d,%s,%.4f\n", pf, coll, b, a, val[b, a]
                        printf "%s,%s,%d,bound,%.4f\n", pf, coll, b, val[b, "bound"]
                        printf "%s %s %d %s\n", pf, coll, b, best[b] >> (d "/../" pf "-" coll "-best.txt")
                    }
                }' < /dev/null
        done
    done
done | sort -t, -k1,1 -k2,2 -k3,3n -k4,4 >> "$CSV"

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
        echo "set xlabel 'bytes (the whole vector)'"
        echo "set ylabel 'ms'"
        echo "set logscale xy"
        echo "set format x '%.0s%c'"
        echo "set key top left font ',7'"
        echo "set grid"
        echo "set multiplot layout 1,$np title '$coll, SimGrid, flat cluster (one rank per host)'"
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

# The README table: every size of flat-128 and flat-32, 1 MiB of flat-512, with the issue's targets.
awk -F, 'NR > 1 { print $1, $2, $3 }' "$CSV" | sort -u | sort -k1,1 -k2,2 -k3,3n | while read -r pf coll b; do
    case $pf in
    flat-128) if [ "$b" -ge 65536 ]; then tg="< every selector"; else tg="<= 1.01 every selector"; fi ;;
    flat-512) tg="best <= 1.3 bound" ;;
    *) tg="" ;;
    esac
    echo "$pf $coll $b $tg"
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
            bf = d "/" t[1] "-" t[2] "-best.txt"
            while ((getline bl < bf) > 0) { split(bl, w, " "); if (w[3] == t[3]) bestn = w[4] }
            close(bf)
            printf "| %s | %s | %s |", t[1], t[2], t[3]
            for (m = 1; m <= ni; m++) {
                s = ((key "," im[m]) in v) ? f(v[key "," im[m]]) : "-"
                if (im[m] == "best-catalogue" && bestn != "") s = s " (" bestn ")"
                printf " %s |", s
            }
            met = "-"
            if (tg == "best <= 1.3 bound" && (key ",best-catalogue") in v)
                met = v[key ",best-catalogue"] <= 1.3 * v[key ",bound"] ? "yes" : "no"
            else if ((key ",tuned") in v && tg != "") {
                x = v[key ",tuned"]
                met = "yes"; ns = 0
                for (m = 3; m <= 6; m++) if ((key "," im[m]) in v) {
                    ns++
                    if (tg == "< every selector" && v[key "," im[m]] <= x) met = "no"
                    if (tg == "<= 1.01 every selector" && 1.01 * v[key "," im[m]] < x) met = "no"
                }
                if (ns == 0) met = "-"
            }
            printf " %s | %s |\n", tg == "" ? "-" : tg, met
        }
        print ""
        print "ms per call (median, SimGrid 3.32, scripts/bench-" "'$NAME'" ".sh); bytes = the whole vector; - = not measured (no selector runs at 512 ranks, or a selector run failed); tuned from 256 KiB: the tuned routine of the second band, without chain and binary_tree (see the script)."
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
