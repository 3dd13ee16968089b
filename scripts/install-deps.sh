#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Installs what collalg needs, when it is missing (Debian 12).
#
#   sh scripts/install-deps.sh            everything of make check (make deps)
#   sh scripts/install-deps.sh tune       what make tune needs: MPICH's mpicc and mpiexec, gcc
#   sh scripts/install-deps.sh tune-smpi  what make tune-smpi needs: SimGrid's smpicc and smpirun, gcc
#   sh scripts/install-deps.sh apps       what make check-apps needs: Open MPI, gcc and the programs
#                                         it runs (hpcc, lammps, lammps-examples)
#
# Run as root (CI is), it installs what is missing. Run as another user, it installs nothing: it
# names the missing packages and the command that installs them, and fails. Idempotent, and quiet
# when everything is there. The tune profiles also want gnuplot (the tuner draws its plots with
# it); without it they only say so: the tuner still writes its header, CSV and plot scripts.
#
# Open MPI is installed beside MPICH under its own names (mpicc.openmpi, mpiexec.openmpi) for the
# Open MPI part of make check; MPICH stays the default mpicc, mpiexec and mpirun: the Debian
# alternatives that installing Open MPI may move (mpi, mpirun, mpi-<arch>, libmpi*) are set back
# to MPICH's entries.
set -eu
profile="${1:-check}"
missing=""  # packages without which the target cannot run
optional="" # packages the target uses when they are there
need() {    # need COMMAND-OR-PATH PACKAGES (a path may hold a *: the architecture)
    case "$1" in
    /*) # shellcheck disable=SC2086 # the pattern is expanded on purpose
        ls $1 >/dev/null 2>&1 || missing="$missing $2" ;;
    *) command -v "$1" >/dev/null 2>&1 || missing="$missing $2" ;;
    esac
}
want() { # want COMMAND PACKAGES
    command -v "$1" >/dev/null 2>&1 || optional="$optional $2"
}
is_root() { [ "$(id -u)" = 0 ]; }

# The alternatives groups of the MPI implementations whose current choice is not MPICH's entry,
# one "GROUP MPICH-ENTRY" a line (none when MPICH is the default or not installed).
not_mpich() {
    command -v update-alternatives >/dev/null 2>&1 || return 0
    update-alternatives --get-selections 2>/dev/null | while read -r group _ value; do
        case "$group" in
        mpi | mpirun | mpi-* | libmpi*) ;;
        *) continue ;;
        esac
        entry=$(update-alternatives --list "$group" 2>/dev/null | grep mpich | head -n 1) || true
        [ -z "$entry" ] || [ "$entry" = "$value" ] || echo "$group $entry"
    done
}

# MPICH as the default mpicc/mpiexec: set back (as root) or reported (otherwise).
mpich_default() {
    moved=$(not_mpich)
    [ -n "$moved" ] || return 0
    if is_root; then
        echo "$moved" | while read -r group entry; do
            update-alternatives --quiet --set "$group" "$entry"
            echo "install-deps: alternative $group set back to $entry (MPICH stays the default)"
        done
    else
        echo "install-deps: the default MPI is not MPICH for: $(echo "$moved" | cut -d' ' -f1 | xargs)" \
            "(make check expects MPICH's mpicc and mpiexec; as root, make deps sets them back)" >&2
    fi
}

case "$profile" in
check)
    need mpicc.mpich "mpich libmpich-dev"
    need '/usr/include/*/mpich/mpi.h' libmpich-dev
    need mpicc.openmpi "openmpi-bin libopenmpi-dev"
    need '/usr/lib/*/openmpi/include/mpi.h' libopenmpi-dev
    need smpicc libsimgrid-dev
    need /usr/include/criterion/criterion.h libcriterion-dev
    need doxygen doxygen
    need gnuplot gnuplot-nox
    need valgrind valgrind
    need pkg-config pkg-config
    need cmake cmake # tests/test_install.c builds a CMake project against make install's files
    need gcc gcc
    need g++ g++
    need clang clang
    need clang-format clang-format
    need gfortran gfortran
    ;;
tune)
    need gcc gcc
    need mpicc "mpich libmpich-dev"
    need mpiexec "mpich libmpich-dev"
    want gnuplot gnuplot-nox
    ;;
tune-smpi)
    need gcc gcc
    need smpicc libsimgrid-dev
    need smpirun libsimgrid-dev
    want gnuplot gnuplot-nox
    ;;
apps)
    need gcc gcc
    need make make
    need mpicc.openmpi "openmpi-bin libopenmpi-dev"
    need '/usr/lib/*/openmpi/include/mpi.h' libopenmpi-dev
    need hpcc hpcc
    need lmp lammps
    need /usr/share/lammps/examples/peptide/data.peptide lammps-examples
    ;;
*)
    echo "install-deps: unknown profile '$profile' (check, tune, tune-smpi or apps)" >&2
    exit 2
    ;;
esac
# Each package once, in order.
missing=$(echo "$missing" | tr ' ' '\n' | awk 'NF && !seen[$0]++' | tr '\n' ' ')
missing=${missing% }
optional=${optional# }

if ! is_root; then
    case "$profile" in check | apps) mpich_default ;; esac
    if [ -n "$missing" ]; then
        target=deps
        [ "$profile" = check ] || target="deps-$profile"
        goal=$profile
        [ "$profile" != apps ] || goal=check-apps
        echo "install-deps: make $goal needs packages that are missing: $missing" >&2
        echo "install-deps: install them with:  sudo apt-get install -y $missing${optional:+ $optional}" >&2
        echo "install-deps: (or, as root:  make $target)" >&2
        exit 1
    fi
    if [ -n "$optional" ]; then
        echo "install-deps: $optional is missing: the tuner writes its plot data and gnuplot scripts but no images" >&2
        echo "install-deps: (for the images:  sudo apt-get install -y $optional)" >&2
    fi
    exit 0
fi

missing=${missing:+$missing }$optional
if [ -n "${missing% }" ]; then
    echo "install-deps: installing ${missing% }"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q </dev/null
    # shellcheck disable=SC2086
    apt-get install -y -q --no-install-recommends $missing </dev/null
fi
# Installing Open MPI (or a program linked with it) may move the MPI alternatives.
case "$profile" in check | apps) mpich_default ;; esac
