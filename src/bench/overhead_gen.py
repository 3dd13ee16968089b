#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""overhead_gen.py - the generated lists of the per-call overhead benchmark (make bench-overhead).

Usage: overhead_gen.py MPICC OUTDIR

Writes two headers into OUTDIR, both from existing lists, none by hand:

  overhead_algs.h  OVERHEAD_ALGORITHMS(X): X(collective, algorithm, restrictions, zeros, COLLECTIVE) for
                   every row of the catalogue's table (COLLALG_CATALOGUE in
                   include/collalg/catalogue.h), where `zeros` is OVH_P0 .. OVH_P3: the number
                   of tuning parameters the algorithm appends to its MPI argument list (the
                   table's `params` column; each passed as 0, the documented default), and
                   COLLECTIVE the collective's name
                   in capitals (COLLALG_TUNED_<COLLECTIVE>);
                   OVERHEAD_COLLECTIVES(X): X(collective, Mpi_name, COLLECTIVE) once per collective of
                   the table, in its order (MPI_<Mpi_name> is the native call);
                   OVERHEAD_NB_ALGORITHMS(X) and OVERHEAD_NB_COLLECTIVES(X): the same for the
                   nonblocking table (COLLALG_NONBLOCKING), each row with one more column, the
                   blocking collective whose arguments the call takes before its MPI_Request.
  overhead_mpi.h   OVERHEAD_MPI_FUNCTIONS(X): X(Name, (prototype parameters), (argument names)) for
                   every MPI function the catalogue calls (`COLLALG_MPI(Name)` in include/), plus the
                   point-to-point and one-sided sends the counting library counts as messages,
                   with the prototypes of MPICC's mpi.h (so one generator serves MPICH and Open MPI).
"""
import os
import re
import subprocess
import sys

INCLUDE = "include"
# Sends the counting library counts as messages even when the catalogue does not call them today.
EXTRA_SENDS = ["Send", "Isend", "Ssend", "Issend", "Rsend", "Sendrecv", "Sendrecv_replace", "Put", "Get",
               "Accumulate"]


def split_top(text):
    """Splits a parameter list at its top-level commas (parentheses may nest)."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def mpi_prototypes(mpicc):
    """{Name: [parameter declarations]} of every `int MPI_Name(...)` in the preprocessed mpi.h."""
    text = subprocess.run([mpicc, "-E", "-x", "c", "-"], input="#include <mpi.h>\n", capture_output=True,
                          text=True, check=True).stdout
    text = re.sub(r"^#.*$", "", text, flags=re.M)
    text = re.sub(r"__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)", "", text)
    protos = {}
    for m in re.finditer(r"\bint\s+MPI_(\w+)\s*\(([^;{]*?)\)\s*;", text):
        protos[m.group(1)] = split_top(" ".join(m.group(2).split()))
    return protos


def arg_name(decl):
    """The parameter name of a declaration such as `const int sendcounts[]`."""
    names = re.findall(r"[A-Za-z_]\w*", re.sub(r"\[[^\]]*\]", "", decl))
    return names[-1]


def catalogue_calls():
    """The MPI function names the catalogue calls through COLLALG_MPI(Name)."""
    names = set()
    for root, _, files in os.walk(INCLUDE):
        for f in files:
            if f.endswith(".h"):
                with open(os.path.join(root, f)) as fh:
                    names.update(re.findall(r"COLLALG_MPI\((\w+)\)", fh.read()))
    names -= {"fn", "Coll"}  # macro parameters: COLLALG_MPI's own definition, select.h's native calls
    return names


def table_rows(table):
    """(collective, algorithm, restrictions, params) of every row of the catalogue's table `table`."""
    with open(os.path.join(INCLUDE, "collalg", "catalogue.h")) as fh:
        text = fh.read()
    body = text[text.index("#define %s(X)" % table):]
    body = body[:body.index("/* clang-format on */")]
    return re.findall(r"X\((\w+),\s*(\w+),\s*(\w+),\s*(\d+),", body)


def macros(table, prefix, protos, nonblocking):
    """The two macros of one table: its algorithms and its collectives (see the file comment)."""
    lines, colls = [], {}
    for coll, alg, restr, params in table_rows(table):
        mpi_name = coll.capitalize()
        if mpi_name not in protos:
            sys.exit("overhead_gen.py: no prototype of MPI_%s in mpi.h" % mpi_name)
        base = ", " + coll[1:] if nonblocking else ""
        colls.setdefault(coll, "    X(%s, %s, %s%s)" % (coll, mpi_name, coll.upper(), base))
        lines.append("    X(%s, %s, %s, OVH_P%d, %s%s)" % (coll, alg, restr.strip(), int(params), coll.upper(), base))
    return ("#define OVERHEAD_%sALGORITHMS(X) \\\n" % prefix + " \\\n".join(lines) + "\n" +
            "#define OVERHEAD_%sCOLLECTIVES(X) \\\n" % prefix + " \\\n".join(colls.values()) + "\n", len(lines))


def write_algs(out, protos):
    """overhead_algs.h: both tables with each algorithm's number of parameters."""
    blocking, n = macros("COLLALG_CATALOGUE", "", protos, False)
    nonblocking, nb = macros("COLLALG_NONBLOCKING", "NB_", protos, True)
    with open(os.path.join(out, "overhead_algs.h"), "w") as fh:
        fh.write("/* Generated by src/bench/overhead_gen.py from include/collalg/catalogue.h: do not edit. */\n")
        fh.write(blocking + nonblocking)
    return n + nb


def write_mpi(out, protos):
    """overhead_mpi.h: the MPI functions to wrap, with their prototypes."""
    lines = []
    for name in sorted(catalogue_calls() | set(EXTRA_SENDS)):
        if name not in protos:
            sys.exit("overhead_gen.py: no prototype of MPI_%s in mpi.h" % name)
        decls = protos[name]
        lines.append("    X(%s, (%s), (%s))" % (name, ", ".join(decls), ", ".join(arg_name(d) for d in decls)))
    with open(os.path.join(out, "overhead_mpi.h"), "w") as fh:
        fh.write("/* Generated by src/bench/overhead_gen.py from COLLALG_MPI() in include/ and mpi.h: do not edit. */\n")
        fh.write("#define OVERHEAD_MPI_FUNCTIONS(X) \\\n" + " \\\n".join(lines) + "\n")
    return len(lines)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    mpicc, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    protos = mpi_prototypes(mpicc)
    nalg = write_algs(out, protos)
    nmpi = write_mpi(out, protos)
    print("overhead_gen.py: %d algorithms, %d MPI functions -> %s" % (nalg, nmpi, out))


if __name__ == "__main__":
    main()
