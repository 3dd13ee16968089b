#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""nonblocking_report.py - the figures and the table of `make bench-nonblocking`.

Usage: nonblocking_report.py CSV OUTDIR TITLE REPS

CSV is src/bench/nonblocking.c's output (platform,collective,bytes,impl,algorithm,ms,overlap_pct).
For each collective it writes
  OUTDIR/nonblocking/<collective>-<impl>-<algorithm>.dat  bytes, ms, overlap_pct of one line;
  OUTDIR/nonblocking-<collective>.gp                     a gnuplot script of two panels: time
      against size (the native nonblocking call, each algorithm nonblocking and, dashed, blocking)
      and overlap against size (the native call and each nonblocking algorithm);
and OUTDIR/nonblocking.md: per collective and size, the native call's time and overlap, then per
algorithm `nonblocking ms / blocking ms, overlap %`, and per collective the targets of issue 31
(start + wait within 1.1x of blocking; faster than native from 64 KiB; overlap >= 80 % at 1 MiB)
for the best algorithm at each size. TITLE heads each figure (p and platform); REPS goes into the
table's note. The caller renders the .gp files (gnuplot -e "set terminal ...; set output ...").
"""
import collections
import csv
import os
import sys

XTICS = "('8' 8, '64' 64, '512' 512, '4K' 4096, '64K' 65536, '1M' 1048576, '4M' 4194304)"


def read(path):
    """{collective: {(impl, algorithm): {bytes: (ms, overlap or None)}}} in the CSV's order."""
    data = collections.OrderedDict()
    with open(path) as fh:
        for row in csv.DictReader(fh):
            line = data.setdefault(row["collective"], collections.OrderedDict()).setdefault(
                (row["impl"], row["algorithm"]), {})
            ov = row["overlap_pct"]
            line[int(row["bytes"])] = (float(row["ms"]), float(ov) if ov else None)
    return data


def fmt(ms):
    return "-" if ms is None else ("%.4f" % ms if ms < 0.1 else "%.3f" % ms)


def figure(outdir, coll, lines, title):
    """Writes the .dat files and the .gp script of one collective."""
    time_plots, overlap_plots = [], []
    for k, ((impl, alg), points) in enumerate(lines.items()):
        dat = os.path.join(outdir, "nonblocking", "%s-%s-%s.dat" % (coll, impl, alg))
        with open(dat, "w") as fh:
            for n in sorted(points):
                ms, ov = points[n]
                fh.write("%d %s %s\n" % (n, ms, "" if ov is None else ov))
        colour = 1 + [a for (_, a) in lines].index(alg) if impl != "native-nb" else 8
        label = "native" if impl == "native-nb" else "%s %s" % (alg, "blocking" if impl == "collalg-blocking" else "nb")
        dash = "dt 2" if impl == "collalg-blocking" else "dt 1"
        time_plots.append("'%s' using 1:2 with linespoints lc %d %s title '%s'" % (dat, colour, dash, label))
        if impl != "collalg-blocking":
            overlap_plots.append("'%s' using 1:3 with linespoints lc %d title '%s'" % (dat, colour, label))
    gp = os.path.join(outdir, "nonblocking-%s.gp" % coll)
    with open(gp, "w") as fh:
        fh.write("set termoption noenhanced\nset grid\nset logscale x\nset xtics %s\nset xlabel 'bytes'\n" % XTICS)
        fh.write("set key top left font ',8'\nset multiplot layout 1,2 title '%s, %s'\n" % (coll, title))
        fh.write("set logscale y\nset ylabel 'ms (start + wait)'\nset title 'time'\n")
        fh.write("plot " + ", \\\n     ".join(time_plots) + "\n")
        fh.write("unset logscale y\nset yrange [0:105]\nset ylabel 'overlap %'\n")
        fh.write("set title 'overlap (OSU: compute = start + wait time)'\nset key bottom left font ',8'\n")
        fh.write("plot " + ", \\\n     ".join(overlap_plots) + "\nunset multiplot\n")


def targets(coll, lines):
    """The issue's three targets for one collective, each as `met` or the sizes that miss it."""
    algs = [a for (i, a) in lines if i == "collalg-nb"]
    native = lines.get(("native-nb", "native"), {})
    slow, beaten, low = [], [], []
    for n in sorted(native):
        best = min((lines[("collalg-nb", a)][n][0], a) for a in algs if n in lines[("collalg-nb", a)])
        blocking = lines.get(("collalg-blocking", best[1]), {}).get(n)
        if blocking and best[0] > 1.1 * blocking[0]:
            slow.append("%d (%s %.2fx)" % (n, best[1], best[0] / blocking[0]))
        if n >= 65536 and best[0] >= native[n][0]:
            beaten.append("%d" % n)
        if n == 1048576:
            ov = max(lines[("collalg-nb", a)][n][1] or 0 for a in algs if n in lines[("collalg-nb", a)])
            if ov < 80:
                low.append("%.1f %%" % ov)
    return ["within 1.1x of blocking (fastest algorithm): " + (", ".join(slow) if slow else "met"),
            "faster than native from 64 KiB: " + ("not at " + ", ".join(beaten) if beaten else "met"),
            "overlap >= 80 % at 1 MiB (best algorithm): " + (", ".join(low) if low else "met")]


def table(data, reps):
    out = []
    for coll, lines in data.items():
        algs = [a for (i, a) in lines if i == "collalg-nb"]
        out += ["### %s" % coll, "",
                "| bytes | native ms | native overlap % | " + " | ".join("%s nb / blocking ms, overlap %%" % a
                                                                   for a in algs) + " |",
                "|---" * (3 + len(algs)) + "|"]
        native = lines.get(("native-nb", "native"), {})
        sizes = sorted({n for pts in lines.values() for n in pts})
        for n in sizes:
            ms, ov = native.get(n, (None, None))
            cells = ["%d" % n, fmt(ms), "-" if ov is None else "%.1f" % ov]
            for a in algs:
                nb = lines.get(("collalg-nb", a), {}).get(n, (None, None))
                bl = lines.get(("collalg-blocking", a), {}).get(n, (None, None))
                cells.append("%s / %s, %s" % (fmt(nb[0]), fmt(bl[0]), "-" if nb[1] is None else "%.1f" % nb[1]))
            out.append("| " + " | ".join(cells) + " |")
        out += [""] + ["- " + t for t in targets(coll, lines)] + [""]
    out.append("ms: start + wait (blocking: the call), the slowest rank, median of %s; overlap as OSU "
               "(src/bench/nonblocking.c)" % reps)
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    path, outdir, title, reps = sys.argv[1:]
    data = read(path)
    os.makedirs(os.path.join(outdir, "nonblocking"), exist_ok=True)
    for coll, lines in data.items():
        figure(outdir, coll, lines, title)
    with open(os.path.join(outdir, "nonblocking.md"), "w") as fh:
        fh.write(table(data, reps))


if __name__ == "__main__":
    main()
