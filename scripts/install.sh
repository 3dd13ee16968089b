#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# scripts/install.sh - make install and make uninstall (the Makefile passes the variables).
#
#   sh scripts/install.sh install     copies into $DESTDIR$PREFIX what a user runs (make builds it
#                                     first) and lists every file it installed and every directory
#                                     it created in share/collalg/install-manifest.txt; an earlier
#                                     installation at the same place (its manifest) is removed first
#   sh scripts/install.sh uninstall   removes the files of that list, the list, and the directories
#                                     the installation created once they are empty: nothing else
#
# What is installed, under PREFIX:
#   include/collalg/...                       the headers
#   bin/collalg-tune                          the tuner, MPICH build (mpiexec -n P collalg-tune --help)
#   bin/collalg-tune-openmpi                  the tuner, Open MPI build (OMPI=1)
#   lib/libcollalg_pmpi.so                    the PMPI library for MPICH programs
#   lib/libcollalg_pmpi_openmpi.so            the PMPI library for Open MPI programs (OMPI=1)
#   lib/pkgconfig/collalg.pc                  Cflags, and the variables pmpi_library,
#                                             pmpi_openmpi_library, bindir, srcdir (collalg.pc.in)
#   lib/pkgconfig/collalg-pmpi.pc             Libs that link the MPICH PMPI library (before -lmpi)
#   lib/pkgconfig/collalg-pmpi-openmpi.pc     the same for Open MPI (OMPI=1)
#   lib/cmake/collalg/collalgConfig.cmake     find_package(collalg): the targets collalg::collalg
#   lib/cmake/collalg/collalgConfigVersion.cmake  (headers), collalg::pmpi, collalg::pmpi_openmpi
#                                             (cmake/collalgConfig.cmake.in, ...Version.cmake.in)
#   share/collalg/src/tune/tuned_check.c      the tuner's companions as source, each compiled
#   share/collalg/src/guidelines/collalg-guidelines.c   against the header a tuner run wrote (as
#   share/collalg/src/...                     make tune does), and the private headers they include
#                                             (listed by $MPICC -MM)
#   share/collalg/install-manifest.txt        the list: "f PATH" a file, "d PATH" a directory
#                                             created, PATH relative to PREFIX ("." PREFIX itself)
#
# Variables: PREFIX (absolute), DESTDIR (a staging root; the installed files name PREFIX only),
# VERSION, BUILD (the build folder), MPICC, OMPI (1: install the Open MPI builds too), OMPICC
# (named when OMPI is empty).
set -eu
mode="${1:-}"
: "${PREFIX:?PREFIX is not set}"
VERSION="${VERSION:-0.0.0}"
BUILD="${BUILD:-build}"
MPICC="${MPICC:-mpicc}"
OMPI="${OMPI:-}"
OMPICC="${OMPICC:-mpicc.openmpi}"
DESTDIR="${DESTDIR:-}"
case "$PREFIX" in
/*) ;;
*)
    echo "$mode: PREFIX=$PREFIX is not an absolute path" >&2
    exit 2
    ;;
esac
root="$DESTDIR$PREFIX"
manifest_rel=share/collalg/install-manifest.txt
manifest="$root/$manifest_rel"

# do_uninstall [quiet]: removes what the manifest lists (quiet: no message when there is none).
do_uninstall() {
    if [ ! -f "$manifest" ]; then
        if [ -d "$root/include/collalg" ] || [ -f "$root/lib/pkgconfig/collalg.pc" ]; then
            # Installed by an earlier make install, which wrote no manifest: its two entries.
            rm -rf "$root/include/collalg" "$root/lib/pkgconfig/collalg.pc"
            echo "uninstall: $root had no $manifest_rel (an older installation):" \
                "removed include/collalg and lib/pkgconfig/collalg.pc"
        elif [ -z "${1:-}" ]; then
            echo "uninstall: nothing of collalg in $root (no $manifest_rel)"
        fi
        return 0
    fi
    n=0
    dirs=""
    files=""
    while read -r kind path; do
        case "$path" in
        '' | /* | .. | ../* | */.. | */../*)
            echo "uninstall: '$path' in $manifest_rel is not inside PREFIX: left alone" >&2
            continue
            ;;
        esac
        case "$kind" in
        f)
            files="$files$path
"
            n=$((n + 1))
            ;;
        d) dirs="$dirs$path
" ;;
        esac
    done <"$manifest"
    # One rm for all (paths relative to the prefix, one a line).
    printf '%s' "$files" | (cd "$root" && tr '\n' '\0' | xargs -0 rm -f)
    rm -f "$manifest"
    # Deepest first (a reverse sort puts a folder after everything inside it); rmdir leaves a
    # folder that holds anything else.
    printf '%s' "$dirs" | sort -r | while read -r path; do
        if [ "$path" = . ]; then rmdir "$root"; else rmdir "$root/$path"; fi 2>/dev/null || true
    done
    [ -n "${1:-}" ] || echo "uninstall: $n files of collalg removed from $root"
}

# --- install ----------------------------------------------------------------------------------
list="" # the manifest being written (a temporary file)

record() { echo "$1 $2" >>"$list"; }

# mkdirs REL: creates $root/REL and its missing parents below $root, recording each it creates.
mkdirs() {
    if [ ! -d "$root" ]; then
        mkdir -p "$root"
        record d .
    fi
    cur=""
    old_ifs=$IFS
    IFS=/
    for part in $1; do
        [ "$part" != . ] || continue
        cur="${cur:+$cur/}$part"
        if [ ! -d "$root/$cur" ]; then
            mkdir "$root/$cur"
            record d "$cur"
        fi
    done
    IFS=$old_ifs
}

# put SRC REL MODE: copies SRC to $root/REL (through a temporary name, so that a library in use
# is replaced, not overwritten in place).
put() {
    case "$2" in */*) mkdirs "${2%/*}" ;; esac
    install -m "$3" "$1" "$root/$2.new"
    mv -f "$root/$2.new" "$root/$2"
    record f "$2"
}

# put_headers: the headers, one install command per folder.
put_headers() {
    for d in $(find include/collalg -type d | sort); do
        mkdirs "$d"
        files=$(find "$d" -maxdepth 1 -type f | sort)
        [ -n "$files" ] || continue
        # shellcheck disable=SC2086 # one word per file: the headers' names have no spaces
        install -m 644 $files "$root/$d/"
        for f in $files; do record f "$f"; done
    done
}

# subst TEMPLATE REL: TEMPLATE with @PREFIX@, @VERSION@ and @PMPI_OPENMPI_LIBRARY@ (empty
# without the Open MPI build) replaced.
subst() {
    ompi_lib=""
    # shellcheck disable=SC2016 # ${libdir} is pkg-config's
    [ -z "$OMPI" ] || ompi_lib='${libdir}/libcollalg_pmpi_openmpi.so'
    sed -e "s|@PREFIX@|$PREFIX|g" -e "s|@VERSION@|$VERSION|g" -e "s|@PMPI_OPENMPI_LIBRARY@|$ompi_lib|g" \
        "$1" >"$tmpdir/out"
    put "$tmpdir/out" "$2" 644
}

# pmpi_pc NAME LIB MPI: the pkg-config file that links the PMPI library LIB.
pmpi_pc() {
    cat >"$tmpdir/pc" <<EOF
# pkg-config file of collalg's PMPI library for $3 programs (written by make install). Link it
# before the MPI library, so that the program's MPI collectives are the library's:
#   mpicc app.c -o app \$(pkg-config --libs $1)
# or preload it without relinking: LD_PRELOAD=\${libdir}/lib$2.so (pkg-config --variable=libdir $1).
prefix=$PREFIX
libdir=\${prefix}/lib

Name: $1
Description: collalg's MPI collectives for unmodified $3 programs (PMPI interposition)
Version: $VERSION
Requires: collalg
Libs: -L\${libdir} -Wl,-rpath,\${libdir} -l$2
EOF
    put "$tmpdir/pc" "lib/pkgconfig/$1.pc" 644
}

# The tuned header a PMPI library was built from (mk/pmpi.mk's stamp), for the closing message.
rules_of() {
    t=$(cat "$BUILD/lib/$1" 2>/dev/null || true)
    if [ -n "$t" ]; then echo "the rules of $t"; else echo "no tuned rules (native unless COLLALG_<COLL> forces)"; fi
}

do_install() {
    for f in "$BUILD/bin/collalg-tune" "$BUILD/lib/libcollalg_pmpi.so" \
        ${OMPI:+"$BUILD/openmpi-bin/collalg-tune" "$BUILD/lib/libcollalg_pmpi_openmpi.so"}; do
        [ -f "$f" ] || {
            echo "install: $f is missing (make install builds it first)" >&2
            exit 1
        }
    done
    if [ -e "$root" ] && [ ! -d "$root" ]; then
        echo "install: $root exists and is not a directory" >&2
        exit 1
    fi
    do_uninstall quiet
    tmpdir=$(mktemp -d)
    list="$tmpdir/manifest"
    : >"$list"
    # Whatever happens, the manifest lists what was installed, so that make uninstall removes it.
    trap 'mkdirs share/collalg; cp "$list" "$manifest"; rm -rf "$tmpdir"' EXIT

    put_headers
    put "$BUILD/bin/collalg-tune" bin/collalg-tune 755
    put "$BUILD/lib/libcollalg_pmpi.so" lib/libcollalg_pmpi.so 755
    if [ -n "$OMPI" ]; then
        put "$BUILD/openmpi-bin/collalg-tune" bin/collalg-tune-openmpi 755
        put "$BUILD/lib/libcollalg_pmpi_openmpi.so" lib/libcollalg_pmpi_openmpi.so 755
    fi
    subst collalg.pc.in lib/pkgconfig/collalg.pc
    pmpi_pc collalg-pmpi collalg_pmpi MPICH
    [ -z "$OMPI" ] || pmpi_pc collalg-pmpi-openmpi collalg_pmpi_openmpi "Open MPI"
    subst cmake/collalgConfig.cmake.in lib/cmake/collalg/collalgConfig.cmake
    subst cmake/collalgConfigVersion.cmake.in lib/cmake/collalg/collalgConfigVersion.cmake
    # The companions and the private headers they include, at the same relative paths (so that
    # collalg-guidelines.c's "../tune/wilcoxon.h" resolves); "a/b/../c" written "a/c".
    companions=$($MPICC -MM -Iinclude src/tune/tuned_check.c src/guidelines/collalg-guidelines.c |
        tr -s ' \134' '\n' | grep '^src/' | sed -e ':a' -e 's|[^/]*/\.\./||' -e 'ta' | sort -u)
    [ -n "$companions" ] || {
        echo "install: $MPICC -MM listed no source of the tuner's companions" >&2
        exit 1
    }
    for f in $companions; do
        put "$f" "share/collalg/$f" 644
    done

    echo "install: $(grep -c '^f ' "$list") files in $root: include/collalg, bin/collalg-tune${OMPI:+ and -openmpi}," \
        "lib/libcollalg_pmpi${OMPI:+ and _openmpi}.so, pkg-config (collalg, collalg-pmpi${OMPI:+, collalg-pmpi-openmpi})," \
        "CMake (lib/cmake/collalg), share/collalg/src (the tuner's companions)"
    echo "install: libcollalg_pmpi.so carries $(rules_of pmpi-tuned.txt)"
    if [ -n "$OMPI" ]; then
        echo "install: libcollalg_pmpi_openmpi.so carries $(rules_of pmpi-openmpi-tuned.txt)"
    else
        echo "install: $OMPICC (Open MPI) not found: libcollalg_pmpi_openmpi.so and collalg-tune-openmpi not installed"
    fi
}

case "$mode" in
install) do_install ;;
uninstall) do_uninstall ;;
*)
    echo "usage: sh scripts/install.sh install|uninstall (make install, make uninstall)" >&2
    exit 2
    ;;
esac
