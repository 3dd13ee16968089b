#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check-layout.sh - the include rules of docs/layout.md's table, checked on every quoted
# #include of include/collalg (make check runs it through make layout-check):
#
#   schedule/   pure schedules: the C library, schedule/, and machine/topology.h (the MPI-free
#               description of a switch tree that the topology schedules walk)
#   core/       the contract every algorithm goes through: core/ and schedule/
#   machine/    the machine model: core/, schedule/, machine/
#   family/     what one family's algorithms share: core/, schedule/, machine/, family/
#   <collective>/  the algorithms: any of the above and other algorithms
#
# A rule broken prints "FILE includes TARGET (FOLDER may include: ...)" and fails.
# Usage: sh scripts/check-layout.sh [INCLUDE_DIR]
set -eu
inc=${1:-include}/collalg
fail=0
allowed() { # allowed FOLDER: the folders FOLDER may include
    case "$1" in
    schedule) echo "schedule machine/topology.h" ;;
    core) echo "core schedule" ;;
    machine) echo "core schedule machine" ;;
    family) echo "core schedule machine family" ;;
    *) echo "*" ;;
    esac
}
for f in "$inc"/*/*.h; do
    dir=$(dirname "$f")
    folder=$(basename "$dir")
    ok=$(allowed "$folder")
    [ "$ok" = "*" ] && continue
    for t in $(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f"); do
        # The target relative to include/collalg: FOLDER/NAME.h
        case "$t" in
        ../*) rel=${t#../} ;;
        */*) rel="$folder/$t" ;;
        *) rel="$folder/$t" ;;
        esac
        tf=${rel%%/*}
        pass=0
        for a in $ok; do
            if [ "$a" = "$tf" ] || [ "$a" = "$rel" ]; then pass=1; fi
        done
        if [ $pass = 0 ]; then
            echo "layout: ${f#"$inc"/} includes $rel ($folder/ may include: $ok)"
            fail=1
        fi
    done
done
[ $fail = 0 ] && echo "layout: every include of $inc follows the layout's rules"
exit $fail
