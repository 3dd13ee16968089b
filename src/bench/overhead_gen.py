#!/usr/bin/env python3
"""overhead_gen.py - the generated lists of the per-call overhead benchmark (make bench-overhead).

Usage: overhead_gen.py MPICC OUTDIR

Writes two headers into OUTDIR, both from existing lists, none by hand:

  overhead_algs.h  OVERHEAD_ALGORITHMS(X): X(collective, algorithm, restrictions, zeros, COLLECTIVE) for
                   every row of the catalogue's table (COLLALG_ALGORITHMS in
                   include/collalg/restrictions.h), where `zeros` is OVH_P0 .. OVH_P6: the number
                   of tuning parameters the algorithm's header appends to its MPI argument list
                   (each passed as 0, the documented default; the header's parameter count minus
                   the MPI function's, from the mpi.h of MPICC), and COLLECTIVE the collective's name
                   in capitals (COLLALG_TUNED_<COLLECTIVE>);
                   OVERHEAD_COLLECTIVES(X): X(collective, Mpi_name, COLLECTIVE) once per collective of
                   the table, in its order (MPI_<Mpi_name> is the native call).
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
    names.discard("fn")  # the macro's own definition
    return names


def table_rows():
    """(collective, algorithm, restrictions) of every row of COLLALG_ALGORITHMS."""
    with open(os.path.join(INCLUDE, "collalg", "restrictions.h")) as fh:
        text = fh.read()
    body = text[text.index("#define COLLALG_ALGORITHMS(X)"):]
    body = body[:body.index("/* clang-format on */")]
    return re.findall(r"X\((\w+),\s*(\w+),\s*([^)]*)\)", body)


def header_params(coll, alg):
    """Number of parameters of collalg_<coll>_<alg> in its header."""
    path = os.path.join(INCLUDE, "collalg", coll, alg + ".h")
    with open(path) as fh:
        text = fh.read()
    m = re.search(r"\bint\s+collalg_%s_%s\s*\(([^{;]*?)\)\s*\{" % (coll, alg), text)
    if not m:
        sys.exit("overhead_gen.py: no definition of collalg_%s_%s in %s" % (coll, alg, path))
    return len(split_top(" ".join(m.group(1).split())))


def write_algs(out, protos):
    """overhead_algs.h: the table with each algorithm's number of parameters."""
    lines, colls = [], {}
    for coll, alg, restr in table_rows():
        mpi_name = coll.capitalize()
        colls.setdefault(coll, "    X(%s, %s, %s)" % (coll, mpi_name, coll.upper()))
        zeros = header_params(coll, alg) - len(protos[mpi_name])
        if zeros < 0 or zeros > 6:
            sys.exit("overhead_gen.py: collalg_%s_%s has %d parameters beyond MPI_%s's" % (coll, alg, zeros, mpi_name))
        lines.append("    X(%s, %s, %s, OVH_P%d, %s)" % (coll, alg, restr.strip(), zeros, coll.upper()))
    with open(os.path.join(out, "overhead_algs.h"), "w") as fh:
        fh.write("/* Generated by src/bench/overhead_gen.py from include/collalg/restrictions.h: do not edit. */\n")
        fh.write("#define OVERHEAD_ALGORITHMS(X) \\\n" + " \\\n".join(lines) + "\n")
        fh.write("#define OVERHEAD_COLLECTIVES(X) \\\n" + " \\\n".join(colls.values()) + "\n")
    return len(lines)


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
