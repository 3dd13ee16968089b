#!/bin/sh
# Installs what collalg's build, tests and tuner need, when it is missing (Debian 12).
# Run as root (CI is); otherwise it only says what is missing. Idempotent and quiet when
# everything is there.
set -eu
missing=""
need() { # need COMMAND-OR-FILE PACKAGE
    case "$1" in
    /*) [ -e "$1" ] || missing="$missing $2" ;;
    *) command -v "$1" >/dev/null 2>&1 || missing="$missing $2" ;;
    esac
}
need mpicc "mpich libmpich-dev"
need smpicc libsimgrid-dev
need /usr/include/criterion/criterion.h libcriterion-dev
need doxygen doxygen
need gnuplot gnuplot-nox
need valgrind valgrind
need pkg-config pkg-config
need g++ g++
need clang clang
need clang-format clang-format
[ -n "$missing" ] || exit 0
if [ "$(id -u)" != 0 ]; then
    echo "install-deps: missing packages:$missing (run 'make deps' as root, or apt-get install them)" >&2
    exit 1
fi
echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q </dev/null
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing </dev/null
