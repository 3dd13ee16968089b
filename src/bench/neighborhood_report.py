#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""neighborhood_report.py - the figures and the table of `make bench-neighborhood`.

Usage: neighborhood_report.py CSV OUTDIR

CSV is src/bench/neighborhood.c's output, several runs joined
(platform,p,stencil,neighbours,collective,bytes,impl,algorithm,us). For each platform and
collective it writes
  OUTDIR/neighborhood/<platform>-<collective>-<stencil>-<impl>-<algorithm>.dat  bytes, us;
  OUTDIR/neighborhood-<platform>-<collective>.gp  a gnuplot script of four panels (one per
      stencil): time per call against block size, each algorithm blocking (solid) and
      persistent (dashed) where measured;
and OUTDIR/neighborhood.md: per platform and collective, the time of every algorithm and form
at each stencil and size with the combining algorithm's speed-up over the linear one, then the
issue's targets (27-point neighbor_allgather at 8 B on the 128-rank platform at least 3x faster
by combining than linear; persistent start + wait no slower than the blocking call of the same
algorithm at any size and faster at 8 B). The caller renders the .gp files.
"""
import collections
import csv
import os
import sys

STENCILS = ["5-point", "9-point", "7-point", "27-point"]
XTICS = "('8' 8, '64' 64, '512' 512, '4K' 4096, '64K' 65536)"
COLOURS = {"linear": 1, "combining": 2, "native": 8}


def read(path):
    """{(platform, p): {collective: {stencil: {(impl, alg): {bytes: us}}}}}, in the CSV's order."""
    data = collections.OrderedDict()
    with open(path) as fh:
        for row in csv.DictReader(fh):
            key = (row["platform"], int(row["p"]))
            line = (data.setdefault(key, collections.OrderedDict())
                    .setdefault(row["collective"], collections.OrderedDict())
                    .setdefault(row["stencil"], collections.OrderedDict())
                    .setdefault((row["impl"], row["algorithm"]), {}))
            line[int(row["bytes"])] = float(row["us"])
    return data


def fmt(us):
    if us is None:
        return "-"
    if us < 0:
        return "failed"
    return "%.2f" % us if us < 100 else "%.0f" % us


def figure(outdir, platform, p, coll, stencils):
    """Writes the .dat files and the .gp script of one platform and collective."""
    gp = os.path.join(outdir, "neighborhood-%s-%s.gp" % (platform, coll))
    with open(gp, "w") as fh:
        fh.write("set termoption noenhanced\nset grid\nset logscale xy\nset xrange [5:100000]\nset xtics %s\n" % XTICS)
        fh.write("set xlabel 'bytes per block'\nset ylabel 'us per call'\nset key top left font ',8'\n")
        fh.write("set multiplot layout 2,2 title '%s, %s, p = %d'\n" % (coll, platform, p))
        for st in STENCILS:
            lines = stencils.get(st)
            if not lines:
                continue
            plots = []
            for (impl, alg), points in lines.items():
                dat = os.path.join(outdir, "neighborhood", "%s-%s-%s-%s-%s.dat" % (platform, coll, st, impl, alg))
                with open(dat, "w") as out:
                    for n in sorted(points):
                        if points[n] > 0:
                            out.write("%d %s\n" % (n, points[n]))
                plots.append("'%s' using 1:2 with linespoints lc %d dt %d title '%s %s'" %
                             (dat, COLOURS.get(alg, 3), 2 if impl == "persistent" else 1, alg, impl))
            fh.write("set title '%s'\nplot %s\n" % (st, ", \\\n     ".join(plots)))
        fh.write("unset multiplot\n")


def table(md, platform, p, coll, stencils):
    """The time of every measured line at each stencil and size, and combining's speed-up."""
    lines = []
    for st in STENCILS:
        for key in stencils.get(st, {}):
            if key not in lines:
                lines.append(key)
    md.write("\n### %s, %s, p = %d\n\n" % (coll, platform, p))
    md.write("| stencil | bytes | %s | linear / combining |\n" % " | ".join("%s %s us" % (a, i) for (i, a) in lines))
    md.write("|---|---:|%s---:|\n" % ("---:|" * len(lines)))
    for st in STENCILS:
        if st not in stencils:
            continue
        sizes = sorted({n for pts in stencils[st].values() for n in pts})
        for n in sizes:
            vals = [stencils[st].get(k, {}).get(n) for k in lines]
            lin = stencils[st].get(("blocking", "linear"), {}).get(n)
            comb = stencils[st].get(("blocking", "combining"), {}).get(n)
            ratio = "%.2fx" % (lin / comb) if lin and comb and lin > 0 and comb > 0 else "-"
            md.write("| %s | %d | %s | %s |\n" % (st, n, " | ".join(fmt(v) for v in vals), ratio))


def targets(md, data):
    """The issue's two targets, each met or not with the numbers."""
    md.write("\n### Targets\n\n")
    found = False
    for (platform, p), colls in data.items():
        st = colls.get("neighbor_allgather", {}).get("27-point", {})
        lin = st.get(("blocking", "linear"), {}).get(8)
        comb = st.get(("blocking", "combining"), {}).get(8)
        if p != 128 or not lin or not comb:
            continue
        found = True
        ratio = lin / comb
        md.write("- 27-point neighbor_allgather, 8 B, %s, p = %d: linear %s us, combining %s us: %.2fx "
                 "(target >= 3x: %s)\n" % (platform, p, fmt(lin), fmt(comb), ratio, "met" if ratio >= 3 else "not met"))
    if not found:
        md.write("- 27-point neighbor_allgather at p = 128: not measured in this run\n")
    for (platform, p), colls in data.items():
        for coll, stencils in colls.items():
            for alg in ("linear", "combining", "native"):
                slower, small = [], []
                for st, lines in stencils.items():
                    blocking, persistent = lines.get(("blocking", alg), {}), lines.get(("persistent", alg), {})
                    for n in sorted(set(blocking) & set(persistent)):
                        b, q = blocking[n], persistent[n]
                        if q > b:
                            slower.append("%s %d B (%.2fx)" % (st, n, q / b))
                        if n == 8:
                            small.append(q / b)
                if not small:
                    continue
                verdict = "met" if not slower and max(small) < 1 else "not met"
                md.write("- persistent vs blocking, %s %s, %s p = %d: persistent / blocking at 8 B %.2f .. %.2fx; "
                         "slower at %s (target: never slower, faster at 8 B: %s)\n" %
                         (coll, alg, platform, p, min(small), max(small), ", ".join(slower) or "no size", verdict))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    data = read(sys.argv[1])
    outdir = sys.argv[2]
    os.makedirs(os.path.join(outdir, "neighborhood"), exist_ok=True)
    with open(os.path.join(outdir, "neighborhood.md"), "w") as md:
        md.write("## Neighbourhood collectives (make bench-neighborhood)\n\n")
        md.write("Microseconds per call (persistent: per start + completion); SimGrid platforms blocking "
                 "only (no software cost is simulated); the real runs the fastest of 11 samples of 100 calls.\n")
        for (platform, p), colls in data.items():
            for coll, stencils in colls.items():
                figure(outdir, platform, p, coll, stencils)
                table(md, platform, p, coll, stencils)
        targets(md, data)


if __name__ == "__main__":
    main()
