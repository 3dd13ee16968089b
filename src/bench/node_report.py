#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""node_report.py - the table and figures of `make bench-node` (scripts/bench-node.sh) from
build/bench/node.csv.

Input: the CSV (mpi,collective,bytes,impl,us; impl native, tuned, best:<algorithm>), the side CSV
of the algorithms the tuned routine ran (mpi,collective,bytes,tuned_algorithm,best) and the notes of
the run (MPI versions, times, what was left out).

Output:
- node.md: per MPI, over every point (collective, size) that has all three times, the geometric
  means of tuned/native and best/native, the points where tuned/native > 1.05 and where
  tuned/best > 1.05, a table per collective, and the worst points by tuned/native; dated, with
  the command and the machine (cores, CPU model from /proc/cpuinfo, MPI versions).
- one figure per collective and MPI (<figures>/<mpi>-<collective>.png): time against size,
  native, tuned and best, log-log (the barrier, one size, on a linear axis), made by gnuplot.
"""
import argparse
import csv
import math
import os
import platform
import subprocess
import time

LIMIT = 1.05  # a point "over" when the ratio exceeds it (the tuner's 5% tolerance)
WORST = 10  # worst points listed per MPI


def read_points(path):
    """{mpi: {(collective, bytes): {"native": us, "tuned": us, "best": us, "best_name": str}}}."""
    pts = {}
    with open(path) as f:
        for row in csv.DictReader(f):
            p = pts.setdefault(row["mpi"], {}).setdefault((row["collective"], int(row["bytes"])), {})
            impl = row["impl"]
            if impl.startswith("best"):
                p["best"], p["best_name"] = float(row["us"]), impl.partition(":")[2]
            else:
                p[impl] = float(row["us"])
    return pts


def read_choices(path):
    """{(mpi, collective, bytes): the algorithm the tuned routine ran}."""
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        return {(r["mpi"], r["collective"], int(r["bytes"])): r["tuned_algorithm"] for r in csv.DictReader(f)}


def geomean(xs):
    """Geometric mean of positive ratios (nan for none)."""
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def measured(points):
    """The points with a native and a tuned time (positive)."""
    return {k: p for k, p in points.items() if p.get("native", 0) > 0 and p.get("tuned", 0) > 0}


def summary(points):
    """Geometric means and counts over @points (measured ones): tuned/native over every point,
    best/native and tuned/best over the points with a best algorithm."""
    tn = [p["tuned"] / p["native"] for p in points.values()]
    withbest = [p for p in points.values() if p.get("best", 0) > 0]
    bn = [p["best"] / p["native"] for p in withbest]
    tb = [p["tuned"] / p["best"] for p in withbest]
    return {
        "n": len(tn),
        "nbest": len(withbest),
        "tn": geomean(tn),
        "bn": geomean(bn),
        "over_native": sum(r > LIMIT for r in tn),
        "over_best": sum(r > LIMIT for r in tb),
        "best_over_native": sum(r > LIMIT for r in bn),
    }


def size_text(n):
    """1 B, 64 B, 4 KiB, 1 MiB."""
    for unit, div in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= div and n % div == 0:
            return "%d %s" % (n // div, unit)
    return "%d B" % n


def machine():
    """Cores and CPU model of this machine (/proc/cpuinfo), and its load averages."""
    model = platform.processor() or "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        with open("/proc/loadavg") as f:
            load = " ".join(f.read().split()[:3])
    except OSError:
        load = "unknown"
    return os.cpu_count(), model, load


def over_split(mpi, points, choices):
    """Where the points over LIMIT are: how many under 1 us (where the selector's own cost, tens of
    nanoseconds, passes 5%) and how many where the tuned routine ran the native collective."""
    def split(ref):
        over = [(k, p) for k, p in points.items() if p.get(ref, 0) > 0 and p["tuned"] / p[ref] > LIMIT]
        small = sum(p[ref] < 1 for _, p in over)
        nat = sum(choices.get((mpi,) + k) == "native" for k, _ in over)
        diff = sorted(p["tuned"] - p[ref] for _, p in over)
        med = diff[len(diff) // 2] if diff else 0
        return len(over), small, nat, med
    n, small, nat, med = split("native")
    b, bsmall, bnat, bmed = split("best")
    return ("Of the %d points over %.2f x native, %d have native under 1 us and at %d the tuned routine ran the "
            "native collective (median excess %.3f us); of the %d over %.2f x best, %d have best under 1 us and at "
            "%d the tuned routine ran native (median excess %.3f us)." % (n, LIMIT, small, nat, med, b, LIMIT, bsmall,
                                                                          bnat, bmed))


def mpi_table(mpi, points, choices):
    """The markdown section of one MPI: summary, per collective, worst points."""
    full = measured(points)
    s = summary(full)
    out = ["## %s" % mpi, ""]
    out.append(
        "Over %d points (%d with a best algorithm): geometric mean tuned/native **%.3f**, best/native **%.3f**; "
        "tuned > %.2f x native at **%d** points, tuned > %.2f x best at **%d** points "
        "(best > %.2f x native at %d)."
        % (s["n"], s["nbest"], s["tn"], s["bn"], LIMIT, s["over_native"], LIMIT, s["over_best"], LIMIT,
           s["best_over_native"])
    )
    out += ["", over_split(mpi, full, choices)]
    if s["nbest"] < s["n"]:
        out.append("")
        out.append("%d points have no best algorithm: the tuner's CSV has no measurement of that collective at "
                   "that size (its time budget ran out before it), and its tuned routine runs the native "
                   "collective there." % (s["n"] - s["nbest"]))
    out += ["", "| collective | points (with best) | tuned/native | best/native | tuned > 1.05 native | tuned > 1.05 best "
            "| worst tuned/native |", "|---|---:|---:|---:|---:|---:|---|"]
    for coll in sorted({c for c, _ in full}, key=lambda c: min(i for i, k in enumerate(full) if k[0] == c)):
        sub = {k: p for k, p in full.items() if k[0] == coll}
        cs = summary(sub)
        (wc, wb), wp = max(sub.items(), key=lambda kv: kv[1]["tuned"] / kv[1]["native"])
        out.append("| %s | %d (%d) | %.3f | %s | %d | %d | %.3f at %s |" % (
            coll, cs["n"], cs["nbest"], cs["tn"], "%.3f" % cs["bn"] if cs["nbest"] else "-", cs["over_native"], cs["over_best"], wp["tuned"] / wp["native"],
            size_text(wb)))
    out += ["", "Worst points by tuned/native (times in microseconds; `tuned ran`: the algorithm the selector "
            "chose on rank 0):", "",
            "| collective | size | native | tuned | best | tuned/native | tuned/best | tuned ran | best algorithm |",
            "|---|---:|---:|---:|---:|---:|---:|---|---|"]
    worst = sorted(full.items(), key=lambda kv: -kv[1]["tuned"] / kv[1]["native"])[:WORST]
    for (coll, b), p in worst:
        best = p.get("best", 0)
        out.append("| %s | %s | %.2f | %.2f | %s | %.3f | %s | %s | %s |" % (
            coll, size_text(b), p["native"], p["tuned"], "%.2f" % best if best else "-", p["tuned"] / p["native"],
            "%.3f" % (p["tuned"] / best) if best else "-", choices.get((mpi, coll, b), "?"), p.get("best_name", "-")))
    return out


def gnuplot_terminal():
    """pngcairo when this gnuplot has it, else png."""
    try:
        r = subprocess.run(["gnuplot", "-e", "set terminal pngcairo"], capture_output=True, timeout=30)
        return "pngcairo" if r.returncode == 0 and not r.stderr else "png"
    except (OSError, subprocess.SubprocessError):
        return None


def figure(term, folder, mpi, coll, points):
    """<folder>/<mpi>-<coll>.png: native, tuned, best against size (log-log)."""
    base = os.path.join(folder, "%s-%s" % (mpi, coll))
    rows = sorted((b, p) for (c, b), p in points.items() if c == coll)
    with open(base + ".dat", "w") as f:
        f.write("# bytes native_us tuned_us best_us\n")
        for b, p in rows:
            f.write("%d %s %s %s\n" % (b, *(p.get(i, "NaN") for i in ("native", "tuned", "best"))))
    barrier = all(b == 0 for b, _ in rows)
    gp = [
        "set terminal %s size 800,520" % term,
        "set output '%s.png'" % base,
        "set title '%s, %s: median time per call (max over ranks)'" % (coll.replace("_", "\\_"), mpi),
        "set ylabel 'time (us)'",
        "set logscale y",
        "set grid",
        "set key top left",
    ]
    if barrier:
        gp += ["set xrange [-1:1]", "unset xtics", "set xlabel '(no size)'"]
    else:
        top = max(b for b, _ in rows)
        tics = ", ".join('"%s" %d' % (size_text(1 << k), 1 << k) for k in range(0, 64, 4) if 1 << k <= 2 * top)
        gp += ["set logscale x 2", "set xtics (%s)" % tics, "set xlabel 'bytes'"]
    gp.append("plot '{0}.dat' u 1:2 w lp pt 7 t 'native', '' u 1:3 w lp pt 5 t 'tuned', "
              "'' u 1:4 w lp pt 9 t 'best single algorithm'".format(base))
    with open(base + ".gp", "w") as f:
        f.write("\n".join(gp) + "\n")
    subprocess.run(["gnuplot", base + ".gp"], check=False)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--csv", required=True)
    ap.add_argument("--choices", default="")
    ap.add_argument("--notes", default="")
    ap.add_argument("--np", default="?")
    ap.add_argument("--md", required=True)
    ap.add_argument("--figures", required=True)
    a = ap.parse_args()
    pts = read_points(a.csv) if os.path.exists(a.csv) else {}
    choices = read_choices(a.choices) if a.choices else {}
    notes = open(a.notes).read().splitlines() if a.notes and os.path.exists(a.notes) else []
    cores, model, load = machine()
    md = ["# bench-node: tuned routines against the MPI library on one node", "",
          "- Date: %s" % time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
          "- Machine: %s, %s cores, %s; load average at the end %s" % (platform.node(), cores, model, load),
          "- Processes: %s" % a.np]
    md += ["- " + n for n in notes]
    md += ["", "Ratios per point (collective, size) of the medians measured by src/bench/node.c; a point is over "
           "when the ratio exceeds %.2f. Geometric means over all points of the MPI (best/native over the points "
           "with a best algorithm)." % LIMIT, ""]
    if pts:
        md += ["| MPI | points (with best) | tuned/native | best/native | tuned > 1.05 native | tuned > 1.05 best |",
               "|---|---:|---:|---:|---:|---:|"]
        for mpi in pts:
            s = summary(measured(pts[mpi]))
            md.append("| %s | %d (%d) | %.3f | %.3f | %d | %d |" % (mpi, s["n"], s["nbest"], s["tn"], s["bn"],
                                                                     s["over_native"], s["over_best"]))
        md.append("")
    for mpi in pts:
        md += mpi_table(mpi, pts[mpi], choices) + [""]
    term = gnuplot_terminal()
    if term:
        os.makedirs(a.figures, exist_ok=True)
        for mpi in pts:
            for coll in sorted({c for c, _ in pts[mpi]}):
                figure(term, a.figures, mpi, coll, pts[mpi])
        md.append("Figures: %s/<mpi>-<collective>.png" % a.figures)
    else:
        md.append("No figures: gnuplot not found.")
    with open(a.md, "w") as f:
        f.write("\n".join(md) + "\n")
    print("\n".join(line for line in md if line.startswith("| ") and " | points |" not in line[:40]))


if __name__ == "__main__":
    main()
