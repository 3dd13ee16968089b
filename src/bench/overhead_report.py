#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""overhead_report.py - reads the per-call overhead runs (make bench-overhead) and writes the tables.

Usage: overhead_report.py OUT_CSV OUT_MD RUN [RUN...]
       overhead_report.py --explain DUMP...    where one measured call's instructions go
  RUN = mpi:p:rows_file:callgrind_dir
        rows_file: the benchmark's `row,...` lines of the run under the counting library (mpicount.c)
        callgrind_dir: the dump files of the run under valgrind --tool=callgrind (cg.<pid>.<part>)

Instructions of one measured call on one rank (from the dump whose description is the call's label
`ovh|collective|impl|runs|p|bytes|rank`):
  the self cost (Ir) of every function of the benchmark's own object (the executable: the header-only
  catalogue compiles into it)
  + the inclusive cost of every call from those functions into an object that is not an MPI library
    (libc's malloc, free, memcpy, getenv, ...)
  - the inclusive cost of calls from such objects back into the executable (qsort's comparators:
    already counted as the executable's self cost; the C start-up's calls of main and `(below main)`
    are not calls back)
Everything inside the MPI library's objects (MPI_LIBS below) is left out, busy polling included.
Per call the CSV has the maximum over the ranks; OUT_CSV with `-ranks` before `.csv` has every rank.
"""
import collections
import datetime
import glob
import os
import re
import sys

# The objects of the MPI libraries and what they load (MPICH, Open MPI, their transports).
MPI_LIBS = re.compile(r"/(libmpi|libmpich|libmca_|libopen-pal|libopen-rte|libuc[mpst]|libhwloc|libfabric|libpmix"
                      r"|libevent|libpsm|libibverbs|librdmacm|libnl|libnuma|libxpmem|libknem)[^/]*$"
                      r"|/openmpi/.*/mca_[^/]*$|/pmix[0-9]*/|/hwloc/|/libfabric/|/ucx/")
# The C start-up routines around main: their calls are the whole program, not a measured call.
STARTUP = re.compile(r"^(main$|\(below main\)$|__libc_start|_start$)")
TARGET_ABS, TARGET_REL = 300, 0.02
TRIGGER = "desc: Trigger: Client Request: "


class Dump:
    """One callgrind dump file, reduced to the benchmark's definition of instructions."""

    def __init__(self, path, names):
        self.label, self.exe, self.cost = None, None, 0
        self.own = collections.Counter()  # function of the executable -> self + foreign inclusive
        self.foreign = collections.Counter()  # callee outside the executable and MPI -> inclusive
        self._parse(path, names)

    @staticmethod
    def _name(value, table):
        """Resolves callgrind's name compression: `(id) name` defines, `(id)` refers."""
        m = re.match(r"\((\d+)\)\s*(.*)$", value)
        if not m:
            return value
        if m.group(2):
            table[m.group(1)] = m.group(2)
        return table.get(m.group(1), "?")

    def _parse(self, path, names):
        ob = fn = cob = cfn = None
        inclusive = False
        with open(path) as fh:
            for line in fh:
                line = line.rstrip("\n")
                if not line or line[0] == "#":
                    continue
                if inclusive:  # the cost line after calls=: the callee's inclusive cost
                    inclusive = False
                    self._call(ob, fn, cob or ob, cfn, _ir(line))
                    cob = None
                    continue
                key, _, value = line.partition("=")
                if key in ("ob", "fn", "cob", "cfn"):
                    value = self._name(value, names.setdefault(key[-2:], {}))
                if key in ("ob", "cob"):
                    value = _real(value)
                if key == "ob":
                    ob = value
                elif key == "fn":
                    fn = value
                elif key == "cob":
                    cob = value
                elif key == "cfn":
                    cfn = value
                elif key == "calls":
                    inclusive = True
                elif line.startswith("cmd:"):
                    self.exe = _real(line[4:].split()[0])
                elif line.startswith(TRIGGER):
                    self.label = line[len(TRIGGER):]
                elif line[0] in "0123456789+-*" and ob == self.exe:
                    self.own[fn] += _ir(line)
        self.cost = sum(self.own.values())

    def _call(self, ob, fn, cob, cfn, ir):
        """Accounts one call record: from the executable into a non-MPI object counts; a call back
        from such an object into the executable is subtracted (its self cost is counted already)."""
        if STARTUP.match(fn or "") or STARTUP.match(cfn or ""):
            return  # the program's start-up around main, not a measured call
        if ob == self.exe and cob != self.exe and not MPI_LIBS.search(cob or ""):
            self.own[fn] += ir
            self.foreign[cfn] += ir
        elif cob == self.exe and ob != self.exe and not MPI_LIBS.search(ob or ""):
            self.own[fn] -= ir


def _real(path, cache={}):
    """An object's path made absolute and canonical (the command line may name it relatively: the
    report runs in the directory the benchmark ran in)."""
    if path not in cache:
        cache[path] = os.path.realpath(path) if path.startswith((".", "/")) or "/" in path else path
    return cache[path]


def _ir(line):
    """The Ir of a cost line `<position> <Ir>` (0 when the event is left out)."""
    parts = line.split()
    return int(parts[1]) if len(parts) > 1 else 0


def read_dumps(directory):
    """{(collective, impl, runs, p, bytes): {rank: instructions}} of every labelled dump."""
    out = collections.defaultdict(dict)
    byproc = collections.defaultdict(list)
    for path in glob.glob(os.path.join(directory, "cg.*.*")):
        pid, part = path.rsplit(".", 2)[-2:]
        byproc[pid].append((int(part), path))
    for pid, parts in byproc.items():
        names = {}  # the compression table of one process's files, in dump order
        for _, path in sorted(parts):
            d = Dump(path, names)
            if d.label and d.label.startswith("ovh|"):
                _, coll, impl, runs, p, nbytes, rank = d.label.split("|")
                out[(coll, impl, runs, p, nbytes)][int(rank)] = d.cost
    return out


def read_rows(path):
    """[(collective, impl, runs, p, bytes, status, calls, messages, collectives)] of a counted run."""
    rows = []
    with open(path) as fh:
        for line in fh:
            if line.startswith("row,"):
                rows.append(line.strip().split(",")[1:])
    return rows


def meets(tuned, direct):
    """The target: tuned <= direct + max(2 % of direct, 300) instructions, no extra message or collective."""
    return (tuned["instr"] <= direct["instr"] + max(TARGET_REL * direct["instr"], TARGET_ABS)
            and tuned["messages"] <= direct["messages"] and tuned["colls"] <= direct["colls"])


def collect(runs):
    """Every measured call of every RUN as a dict, and the per-rank instruction rows."""
    table, ranks = [], []
    for run in runs:
        mpi, p, rows_file, cg_dir = run.split(":")
        instr = read_dumps(cg_dir)
        for coll, impl, runs_alg, pp, nbytes, status, calls, msgs, colls in read_rows(rows_file):
            per_rank = instr.get((coll, impl, runs_alg, pp, nbytes), {})
            for rank in sorted(per_rank):
                ranks.append((mpi, coll, impl, runs_alg, pp, rank, per_rank[rank]))
            table.append(dict(mpi=mpi, coll=coll, impl=impl, runs=runs_alg, p=int(pp), bytes=int(nbytes),
                              status=status, instr=max(per_rank.values()) if per_rank else -1,
                              calls=int(calls), messages=int(msgs), colls=int(colls)))
    return table, ranks


def write_csv(path, table, ranks, with_mpi):
    """overhead.csv (maximum over ranks; mpi column first when several MPIs ran) and the per-rank file."""
    head = "collective,impl,runs,p,bytes,instructions,mpi_calls,messages"
    with open(path, "w") as fh:
        fh.write(("mpi," if with_mpi else "") + head + "\n")
        for r in table:
            if r["status"] != "ok":
                continue
            fields = [r["coll"], r["impl"], r["runs"], r["p"], r["bytes"], r["instr"], r["calls"], r["messages"]]
            fh.write(",".join(str(f) for f in ([r["mpi"]] if with_mpi else []) + fields) + "\n")
    with open(path.replace(".csv", "-ranks.csv"), "w") as fh:
        fh.write("mpi,collective,impl,runs,p,rank,instructions\n")
        for row in ranks:
            fh.write(",".join(str(f) for f in row) + "\n")


def pairs(table):
    """(direct, tuned) rows of every algorithm that ran, keyed by (mpi, p, collective, algorithm)."""
    direct = {(r["mpi"], r["p"], r["coll"], r["runs"]): r for r in table if r["impl"] != "tuned"}
    out = []
    for r in table:
        d = direct.get((r["mpi"], r["p"], r["coll"], r["runs"]))
        if r["impl"] == "tuned" and d and r["status"] == "ok" and d["status"] == "ok":
            out.append((d, r))
    return out


def md_collective(lines, coll, table, mpis, ps):
    """One collective's table: native, fall-through, then every algorithm direct vs tuned."""
    lines += ["", "### %s" % coll, ""]
    cols = ["%s p=%d" % (m, p) for m in mpis for p in ps]
    lines.append("| impl | " + " | ".join("%s: direct / tuned (tuned - direct) instr, msgs, colls, target" % c
                                       for c in cols) + " |")
    lines.append("|---" * (1 + len(cols)) + "|")
    by = {(r["mpi"], r["p"], r["impl"], r["runs"]): r for r in table if r["coll"] == coll}
    algs = [r["runs"] for r in table if r["coll"] == coll and r["impl"] not in ("tuned", "native")]
    for alg in ["native"] + list(dict.fromkeys(algs)):
        cells = []
        for m in mpis:
            for p in ps:
                d, t = by.get((m, p, alg, alg)), by.get((m, p, "tuned", alg))
                cells.append(md_cell(d, t))
        lines.append("| %s | %s |" % (alg, " | ".join(cells)))


def md_cell(d, t):
    """`direct / tuned (diff), messages, collectives, yes|NO` (native: the fall-through as tuned)."""
    if not d or not t:
        return "-"
    if d["status"] != "ok" or t["status"] != "ok":
        return "skipped: " + (d["status"] if d["status"] != "ok" else t["status"])
    ok = "yes" if meets(t, d) else "**NO**"
    return "%d / %d (%+d), %d/%d msgs, %d/%d colls, %s" % (d["instr"], t["instr"], t["instr"] - d["instr"],
                                                          d["messages"], t["messages"], d["colls"], t["colls"], ok)


def md_overview(lines, table, pr):
    """Per collective, MPI and p: native, the fall-through, the algorithms' spread, the worst difference."""
    lines += ["", "### Per collective: native, direct, tuned (instructions per call, maximum over ranks)", "",
              "| collective | mpi | p | native | tuned, no rule | direct: min / median / max | tuned - direct: "
              "median / max (algorithm) | MPI calls: native / fewest direct |", "|---|---|---|---|---|---|---|---|"]
    keys = list(dict.fromkeys((r["coll"], r["mpi"], r["p"]) for r in table))
    for coll, mpi, p in keys:
        sel = [(d, t) for d, t in pr if (d["coll"], d["mpi"], d["p"]) == (coll, mpi, p)]
        nat = [(d, t) for d, t in sel if d["impl"] == "native"]
        alg = sorted([(d, t) for d, t in sel if d["impl"] != "native"], key=lambda x: x[0]["instr"])
        if not nat or not alg:
            continue
        diffs = sorted(alg, key=lambda x: x[1]["instr"] - x[0]["instr"])
        worst = diffs[-1]
        lines.append("| %s | %s | %d | %d | %d | %d / %d / %d | %+d / %+d (%s) | %d / %d |" % (
            coll, mpi, p, nat[0][0]["instr"], nat[0][1]["instr"], alg[0][0]["instr"], alg[len(alg) // 2][0]["instr"],
            alg[-1][0]["instr"], diffs[len(diffs) // 2][1]["instr"] - diffs[len(diffs) // 2][0]["instr"],
            worst[1]["instr"] - worst[0]["instr"], worst[0]["runs"], nat[0][0]["calls"],
            min(d["calls"] for d, _ in alg)))


def md_summary(lines, table):
    """The largest direct costs, the worst tuned - direct differences, the misses and the skips."""
    pr = pairs(table)
    lines += ["", "## Summary", ""]
    miss = [(d, t) for d, t in pr if not meets(t, d)]
    lines.append("- %d tuned routines measured against their algorithm; %d meet the target, %d do not." %
                 (len(pr), len(pr) - len(miss), len(miss)))
    skipped = [r for r in table if r["status"] != "ok"]
    lines.append("- skipped (the call returned an error): %s" %
                 (", ".join("%s %s %s p=%d (%s)" % (r["mpi"], r["coll"], r["impl"], r["p"], r["status"])
                            for r in skipped) or "none"))
    md_overview(lines, table, pr)
    lines += ["", "### The largest per-call instruction counts (direct calls)", "",
              "| mpi | p | collective | algorithm | instructions | MPI calls | messages | collectives |",
              "|---|---|---|---|---|---|---|---|"]
    for d, _ in sorted(pr, key=lambda x: -x[0]["instr"])[:15]:
        lines.append("| %s | %d | %s | %s | %d | %d | %d | %d |" % (d["mpi"], d["p"], d["coll"], d["runs"], d["instr"],
                                                                   d["calls"], d["messages"], d["colls"]))
    lines += ["", "### The worst tuned - direct differences", "",
              "| mpi | p | collective | algorithm | direct | tuned | tuned - direct | extra messages | extra collectives |",
              "|---|---|---|---|---|---|---|---|---|"]
    for d, t in sorted(pr, key=lambda x: -(x[1]["instr"] - x[0]["instr"]))[:15]:
        lines.append("| %s | %d | %s | %s | %d | %d | %+d | %+d | %+d |" % (
            d["mpi"], d["p"], d["coll"], d["runs"], d["instr"], t["instr"], t["instr"] - d["instr"],
            t["messages"] - d["messages"], t["colls"] - d["colls"]))
    if miss:
        lines += ["", "Missing the target: " + ", ".join("%s %s %s p=%d (%+d instr, %+d msgs, %+d colls)" % (
            d["mpi"], d["coll"], d["runs"], d["p"], t["instr"] - d["instr"], t["messages"] - d["messages"],
            t["colls"] - d["colls"]) for d, t in miss)]


def write_md(path, table, command):
    """overhead.md: the summary first, then one table per collective."""
    mpis = list(dict.fromkeys(r["mpi"] for r in table))
    ps = sorted(set(r["p"] for r in table))
    lines = ["# Per-call software overhead (make bench-overhead)", "",
             "Measured %s with `%s`. One call of 8 bytes (barrier: 0; reduce_scatter_block: 1 int per rank "
             "at p > 2) after two warm-up calls on the same communicator. instructions: Ir outside the MPI "
             "library (the benchmark's own code, the header-only catalogue in it, and the libc it calls), the "
             "maximum over the ranks, from callgrind; msgs, colls and MPI calls: summed over the ranks, from "
             "the PMPI counting library. Target: tuned <= direct + max(2 %% of direct, 300) instructions and no "
             "extra message or collective. docs/overhead.md explains the method." % (
                 datetime.datetime.utcnow().strftime("%Y-%m-%d %H:%M UTC"), command)]
    md_summary(lines, table)
    lines += ["", "## Per collective", "",
              "Each cell: direct / tuned instructions (tuned - direct), messages direct/tuned, collectives "
              "direct/tuned, target met. The native row: MPI's collective vs the tuned routine with no rule "
              "(its fall-through)."]
    for coll in dict.fromkeys(r["coll"] for r in table):
        md_collective(lines, coll, table, mpis, ps)
    with open(path, "w") as fh:
        fh.write("\n".join(lines) + "\n")


def explain(paths):
    """--explain: where one dump's instructions go, by function of the executable (self cost plus
    its calls out of it) and by function called outside it (libc)."""
    for path in paths:
        d = Dump(path, {})
        print("%s: %s: %d instructions" % (path, d.label, d.cost))
        for fn, ir in d.own.most_common():
            print("  %7d  %s" % (ir, fn))
        for fn, ir in d.foreign.most_common():
            print("  %7d  (of which, outside the executable) %s" % (ir, fn))


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--explain":
        try:
            explain(sys.argv[2:])
        except BrokenPipeError:  # piped into head
            pass
        return
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    table, ranks = collect(sys.argv[3:])
    mpis = set(r["mpi"] for r in table)
    write_csv(sys.argv[1], table, ranks, len(mpis) > 1)
    write_md(sys.argv[2], table, os.environ.get("OVERHEAD_COMMAND", "make bench-overhead"))
    print("overhead_report.py: %d calls -> %s, %s" % (len(table), sys.argv[1], sys.argv[2]))


if __name__ == "__main__":
    main()
