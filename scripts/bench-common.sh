# SPDX-License-Identifier: BSD-3-Clause
# bench-common.sh - what bench-reductions.sh, bench-rooted.sh and bench-flat.sh share: sourced by
# them (`. scripts/bench-common.sh`, from the top of the tree) after they set NAME; each script
# keeps its own platforms, sizes, shortlists, selectors, bound formula and targets.
#
# Sourcing sets OUT (BENCH_OUT, default build/bench), TUNER (BENCH_TUNER, default
# build/smpi-bin/collalg-tune), FLAGS (SimGrid's flags, the scripts' headers say why), TARGS (the
# tuner's --quick --precision 4 --time-budget BENCH_BUDGET, default 1800 s), QUICK (BENCH_QUICK,
# default 0) and LOCK (BENCH_LOCK, default empty), and defines the functions below. They use the
# scripts' globals NAME, OUT, TUNER, FLAGS, TARGS, LOCK, and those set by bench_start (CSV, NOTES,
# start); their own variables start with _ (sh has no local variables).
#
# A collective of COLLS may be a variant COLL-VARIANT (bench-rooted.sh: gatherv-heavy): the tuner
# measures COLL (the name up to the first '-'; no collective name has one) with the extra tuner
# arguments the script's function tuner_args PF NAME prints (default: none; e.g. --pattern FILE),
# and NAME is the collective column of CSV, the figures, the tables and the run folders.
#
# bench_start
#     Stops (status 1) without smpirun, gnuplot or the tuner; creates $OUT/$NAME/ and sets
#     CSV=$OUT/$NAME.csv, NOTES=$OUT/$NAME/notes.txt (emptied) and start (the time, for the last
#     line of bench_tables).
# bench_known
#     Sets KNOWN to the collectives of COLLS the tuner knows, asked with `collalg-tune
#     --collectives NAME -h` on one simulated rank (smpirun, even with BENCH_KEEP=1; a variant:
#     its COLL); a collective it does not know gets a line in NOTES.
# bench_tune PF COLL DIR NP XML HOSTFILE SIZES ALGOS TOPO SELECTORS LABEL [EXTRA]
#     One tuner run (on NP ranks only: --procs NP, not the tuner's default of every power of two)
#     and its selector runs: with BENCH_KEEP=1 and DIR.done, nothing (says "kept");
#     otherwise removes DIR and DIR.done, runs the tuner on NP ranks of XML / HOSTFILE over ALGOS at
#     SIZES (TOPO: empty or "--topology FILE", split into words; EXTRA: more tuner arguments, split
#     into words, given to the selector runs too) into DIR/tuned, then the tuner with
#     --native-only under --cfg=smpi/COLL:SEL for each SEL of SELECTORS into DIR/SEL (a failed one is
#     removed and noted in NOTES as "PF LABEL: SimGrid's SEL selector failed"); the log is DIR.log,
#     the time DIR.done. LABEL names the run in the messages (COLL, or COLL and SIZES). Exits 1 if
#     the tuner fails or deadlocks.
# platform PF
#     The platforms of bench-reductions.sh and bench-rooted.sh (their headers describe them):
#     smp-consecutive, smp-roundrobin (tests/platform/smp/), a, b, c (tests/platform/topology/).
#     Writes "np xml hostfile topology-conf|- bytes/s ranks-per-unit" (the bandwidth of a unit's
#     link, a unit being a node of ranks-per-unit ranks or a host).
# bench_tune_platforms
#     bench_tune for every platform of PLATFORMS and collective of KNOWN, DIR $OUT/$NAME/PF-COLL,
#     with platform PF and the script's functions sizes PF COLL, algos PF COLL, selectors COLL and
#     tuner_args PF COLL.
# bench_rows PF COLL NP PPN BW DIR BESTFILE APPEND
#     Writes to stdout the CSV rows (platform,collective,bytes,impl,ms; unsorted) of one tuner run
#     DIR: tuned, best-catalogue, smpi-default, smpi-mpich, smpi-ompi, smpi-mvapich2, each
#     shortlisted algorithm and bound, at every size the tuned routine was measured at, from
#     DIR/tuned/collalg_tuned.csv and DIR/{mpich,ompi,mvapich2}/collalg_tuned.csv (their rows of
#     COLL's tuner collective, tc). The bound is load(b) / BW * 1000 ms, load the awk function in
#     BOUND_AWK (the script's; it sees pf = PF, p = NP, ppn = PPN, bw = BW, coll and tc). The
#     fastest algorithm of each size goes to BESTFILE as
#     "PF COLL bytes algorithm" (APPEND 0: the file is rewritten, 1: appended to).
# bench_csv_platforms
#     Writes CSV: its header line, then bench_rows for every platform of PLATFORMS and collective of
#     KNOWN that has a tuner CSV ($OUT/$NAME/PF-COLL, best in PF-COLL/best.txt), each sorted by
#     bytes and impl; uses the script's platform (as bench_tune_platforms).
# bench_figures XLABEL TITLE
#     One gnuplot figure per collective of KNOWN with rows in CSV: $OUT/$NAME-COLL.gp, .svg and .png,
#     time against size (log-log, x axis XLABEL), one panel per platform of PLATFORMS, title
#     "COLL, TITLE"; the data of each line in $OUT/$NAME/PF-COLL-IMPL.dat.
# bench_tables BESTSUFFIX NOTE
#     Writes $OUT/$NAME.md: the table of the rows of $OUT/$NAME/targets.txt ("platform collective
#     bytes target...", the script's) that have a bound in CSV, the best algorithm's name read from
#     $OUT/$NAME/PF-COLL BESTSUFFIX ("/best.txt" or "-best.txt"), the footnote "ms per call (...);
#     NOTE" and the lines of NOTES; then the worst tuned / best-catalogue ratio per platform and
#     collective ($OUT/$NAME/worst.txt). Prints the .md and the closing line. Targets understood
#     (met: yes, no, or - when unmeasured): "<= X" (tuned <= X ms), "<= 1.03 bound" (tuned <= 1.03
#     bound), "< every selector" (tuned below SimGrid's default and every selector measured),
#     "<= 1.01 every selector" (tuned <= 1.01 times each of them), "best <= 1.3 bound" (the
#     best-catalogue <= 1.3 bound), "<= X best" (tuned <= X times best-catalogue), "best <= native"
#     (best-catalogue <= SimGrid's default); another non-empty target is "yes" when the tuned
#     routine and a selector were measured.

OUT=${BENCH_OUT:-build/bench}
TUNER=${BENCH_TUNER:-build/smpi-bin/collalg-tune}
# smpi/test:1e-7 without growth: an MPI_Test costs 100 ns, as on a node, not SimGrid's default 100 us
# growing with each test of a loop; the algorithms that drive nonblocking phases by polling
# (allreduce pipelined_full_lane) would otherwise pay a tenth of a millisecond per test.
FLAGS="--log=root.thres:warning --cfg=smpi/display-timing:no --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:no --cfg=smpi/allgather:mpich --cfg=smpi/test:1e-7 --cfg=smpi/grow-injected-times:no"
TARGS="--quick --precision 4 --time-budget ${BENCH_BUDGET:-1800}"
# shellcheck disable=SC2034 # QUICK is read by the scripts (sizes, DEFP)
QUICK=${BENCH_QUICK:-0}
LOCK=${BENCH_LOCK:-}

tuner_args() { :; } # PF COLL -> extra tuner arguments (the script may redefine it)

platform() { # name -> np xml hostfile topology-conf|- bytes/s ranks-per-unit
    _smp=tests/platform/smp _topo=tests/platform/topology
    case $1 in
    smp-consecutive) echo "128 $_smp/smp.xml $_smp/hostfile-consecutive - 1250000000 8" ;;
    smp-roundrobin) echo "128 $_smp/smp.xml $_smp/hostfile-roundrobin - 1250000000 8" ;;
    a) echo "16 $_topo/switch-16.xml $_topo/hostfile-a $_topo/a.conf 12500000 1" ;;
    b) echo "32 $_topo/switches-4x8.xml $_topo/hostfile-b $_topo/b.conf 12500000 1" ;;
    c) echo "32 $_topo/switches-4x8.xml $_topo/hostfile-c $_topo/c.conf 12500000 1" ;;
    esac
}

bench_start() {
    command -v smpirun >/dev/null || { echo "bench-$NAME: smpirun not found (make deps)"; exit 1; }
    command -v gnuplot >/dev/null || { echo "bench-$NAME: gnuplot not found (make deps)"; exit 1; }
    [ -x "$TUNER" ] || { echo "bench-$NAME: $TUNER missing (make tools)"; exit 1; }
    mkdir -p "$OUT/$NAME"
    CSV=$OUT/$NAME.csv
    NOTES=$OUT/$NAME/notes.txt
    : > "$NOTES"
    start=$(date +%s)
}

# 0. The collectives the tuner knows (it stops with status 1 on an unknown name before -h).
bench_known() {
    KNOWN=""
    for _c in $COLLS; do
        if $LOCK smpirun -np 1 -platform tests/platform/cluster.xml -hostfile tests/platform/hostfile $FLAGS \
            "$TUNER" --collectives ${_c%%-*} -h </dev/null >/dev/null 2>&1; then
            KNOWN="$KNOWN $_c"
        else
            echo "bench-$NAME: $_c skipped: the tuner does not know it yet"
            echo "$_c: skipped, the tuner ($TUNER) does not know it yet" >> "$NOTES"
        fi
    done
}

# 1, 2. The tuner and SimGrid's selectors, one run.
bench_tune() {
    _pf=$1 _coll=$2 _d=$3 _sz=$7 _al=$8 _topo=$9
    _sels=${10} _label=${11} _extra=${12:-} _tc=${2%%-*}
    _run="$LOCK smpirun -np $4 -platform $5 -hostfile $6 $FLAGS" _np=$4
    if [ "${BENCH_KEEP:-0}" = 1 ] && [ -f "$_d.done" ]; then
        echo "bench-$NAME: ($_pf) $_label: kept from a former run"
        return 0
    fi
    rm -rf "$_d.done" "$_d"
    _t0=$(date +%s)
    echo "bench-$NAME: ($_pf) $_coll $_sz: tuner over $_al"
    $_run "$TUNER" $TARGS --procs $_np --collectives $_tc --sizes "$_sz" --algorithms "$_al" \
        $_topo $_extra --out "$_d/tuned" </dev/null > "$_d.log" 2>&1 || { cat "$_d.log"; exit 1; }
    ! grep -q "Deadlock detected" "$_d.log" || { cat "$_d.log"; exit 1; }
    for _sel in $_sels; do
        echo "bench-$NAME: ($_pf) $_label: SimGrid's $_sel selector"
        if ! $_run --cfg=smpi/$_tc:$_sel "$TUNER" $TARGS --native-only --collectives $_tc \
            --sizes "$_sz" $_extra --out "$_d/$_sel" </dev/null >> "$_d.log" 2>&1 ||
            grep -q "Deadlock detected" "$_d.log"; then
            echo "bench-$NAME: ($_pf) $_coll: SimGrid's $_sel selector failed (see $_d.log)"
            echo "$_pf $_label: SimGrid's $_sel selector failed" >> "$NOTES"
            rm -rf "$_d/$_sel"
        fi
    done
    echo "bench-$NAME: ($_pf) $_label: $(( $(date +%s) - _t0 )) s" | tee "$_d.done"
}

bench_tune_platforms() {
    for _p in $PLATFORMS; do
        set -- $(platform $_p)
        _tp=""
        [ "$4" = - ] || _tp="--topology $4"
        for _k in $KNOWN; do
            bench_tune $_p $_k "$OUT/$NAME/$_p-$_k" $1 $2 $3 "$(sizes $_p $_k)" "$(algos $_p $_k)" \
                "$_tp" "$(selectors $_k)" $_k "$(tuner_args $_p $_k)"
        done
    done
}

# 3. The CSV rows of one tuner run.
# The tuner's CSV: collective,phase,algorithm,"param",bytes,procs,reps,median_s,... ,status
bench_rows() {
    awk -v pf=$1 -v coll=$2 -v tc=${2%%-*} -v p=$3 -v ppn=$4 -v bw=$5 -v d="$6" -v bf="$7" -v app=$8 '
        function row(f, sel) {
            while ((getline line < f) > 0) {
                gsub(/"[^"]*"/, "Q", line)
                n = split(line, x, ",")
                if (x[1] != tc || x[n] != "ok") continue
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
        '"$BOUND_AWK"'
        BEGIN {
            row(d "/tuned/collalg_tuned.csv", "")
            row(d "/mpich/collalg_tuned.csv", "smpi-mpich")
            row(d "/ompi/collalg_tuned.csv", "smpi-ompi")
            row(d "/mvapich2/collalg_tuned.csv", "smpi-mvapich2")
            ni = split("tuned best-catalogue smpi-default smpi-mpich smpi-ompi smpi-mvapich2", impl, " ")
            for (b in sz) {
                val[b, "bound"] = load(b) / bw * 1000
                for (i = 1; i <= ni; i++)
                    if ((b, impl[i]) in val) printf "%s,%s,%d,%s,%.4f\n", pf, coll, b, impl[i], val[b, impl[i]]
                for (a in alg)
                    if ((b, a) in val) printf "%s,%s,%d,%s,%.4f\n", pf, coll, b, a, val[b, a]
                printf "%s,%s,%d,bound,%.4f\n", pf, coll, b, val[b, "bound"]
                if (app == 1) printf "%s %s %d %s\n", pf, coll, b, best[b] >> bf
                else printf "%s %s %d %s\n", pf, coll, b, best[b] > bf
            }
        }' < /dev/null
}

bench_csv_platforms() {
    echo "platform,collective,bytes,impl,ms" > "$CSV"
    for _p in $PLATFORMS; do
        set -- $(platform $_p)
        for _k in $KNOWN; do
            _d=$OUT/$NAME/$_p-$_k
            [ -f "$_d/tuned/collalg_tuned.csv" ] || continue
            bench_rows $_p $_k $1 $6 $5 "$_d" "$_d/best.txt" 0 | sort -t, -k3,3n -k4,4 >> "$CSV"
        done
    done
}

# One figure per collective: time against size, log-log, every impl, the platforms side by side.
bench_figures() {
    _main="tuned best-catalogue smpi-default smpi-mpich smpi-ompi smpi-mvapich2 bound"
    for _k in $KNOWN; do
        _f=$OUT/$NAME-$_k
        _n=0
        for _p in $PLATFORMS; do
            grep -q "^$_p,$_k," "$CSV" && _n=$((_n + 1))
        done
        [ $_n -gt 0 ] || continue
        {
            echo "set termoption noenhanced"
            echo "set xlabel '$1'"
            echo "set ylabel 'ms'"
            echo "set logscale xy"
            echo "set format x '%.0s%c'"
            echo "set key top left font ',7'"
            echo "set grid"
            echo "set multiplot layout 1,$_n title '$_k, $2'"
            # One line type per impl, the same in every panel (dashed from the ninth: 8 colours).
            _impls="$_main $(awk -F, -v coll=$_k -v main=" $_main " \
                '$2 == coll && index(main, " " $4 " ") == 0 { print $4 }' "$CSV" | sort -u)"
            for _p in $PLATFORMS; do
                grep -q "^$_p,$_k," "$CSV" || continue
                echo "set title '$_p'"
                printf 'plot'
                _sep=" "
                _lt=0
                for _i in $_impls; do
                    _lt=$((_lt + 1))
                    _dat=$OUT/$NAME/$_p-$_k-$_i.dat
                    awk -F, -v pf=$_p -v coll=$_k -v impl=$_i '$1 == pf && $2 == coll && $4 == impl { print $3, $5 }' \
                        "$CSV" | sort -n > "$_dat"
                    if [ -s "$_dat" ]; then
                        printf '%s"%s" using 1:2 with linespoints lt %d dt %d title "%s"' "$_sep" "$_dat" $_lt $(((_lt - 1) / 8 + 1)) "$_i"
                        _sep=", "
                    fi
                done
                echo
            done
            echo "unset multiplot"
        } > "$_f.gp"
        gnuplot -e "set terminal svg size $((400 * _n + 200)),480; set output '$_f.svg'" "$_f.gp"
        gnuplot -e "set terminal pngcairo size $((400 * _n + 200)),480; set output '$_f.png'" "$_f.gp" 2>/dev/null ||
            gnuplot -e "set terminal png size $((400 * _n + 200)),480; set output '$_f.png'" "$_f.gp"
    done
}

# The benchmark table (docs/benchmarks.md) of the rows of targets.txt, the worst tuned / best ratios, the closing line.
bench_tables() {
    awk -F, -v tf="$OUT/$NAME/targets.txt" -v nf="$NOTES" -v d="$OUT/$NAME" -v bs="$1" -v name="$NAME" -v note="$2" '
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
                bf = d "/" t[1] "-" t[2] bs
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
                else if (tg == "best <= native" && (key ",best-catalogue") in v && (key ",smpi-default") in v)
                    met = v[key ",best-catalogue"] <= v[key ",smpi-default"] ? "yes" : "no"
                else if (tg ~ /^<= [0-9.]+ best$/ && (key ",tuned") in v && (key ",best-catalogue") in v)
                    met = v[key ",tuned"] <= substr(tg, 4) * v[key ",best-catalogue"] ? "yes" : "no"
                else if ((key ",tuned") in v && tg != "") {
                    x = v[key ",tuned"]
                    if (tg == "<= 1.03 bound") met = (x <= 1.03 * v[key ",bound"]) ? "yes" : "no"
                    else if (tg ~ /^<= [0-9.]+$/) met = (x <= substr(tg, 4) + 0) ? "yes" : "no"
                    else {
                        met = "yes"; ns = 0
                        for (m = 3; m <= 6; m++) if ((key "," im[m]) in v) {
                            ns++
                            if (tg == "< every selector" && v[key "," im[m]] <= x) met = "no"
                            if (tg == "<= 1.01 every selector" && 1.01 * v[key "," im[m]] < x) met = "no"
                        }
                        if (ns == 0) met = "-"
                    }
                }
                printf " %s | %s |\n", tg == "" ? "-" : tg, met
            }
            print ""
            print "ms per call (median, SimGrid 3.32, scripts/bench-" name ".sh); " note
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
}
