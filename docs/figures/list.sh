#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# list.sh - prints the algorithm table of docs/figures/record.c: one line
#   REC_ALG(collective, algorithm, collalg_<collective>_<algorithm>(REC_ARGS_<collective>, 0, ...))
# for every public algorithm of include/collalg/<collective>/*.h, its tuning parameters (whatever
# follows the MPI function's arguments) passed as 0 / NULL, i.e. at their defaults. The
# shared-memory algorithms (shm.h) are left out: they send no message, and the recording
# platform has one rank per host, where they do not apply (COLLALG_R_ONE_NODE).
# Usage: sh docs/figures/list.sh [INCLUDE_DIR] > build/figures/algorithms.h
inc=${1:-include}
for coll in alltoall allgather allreduce bcast alltoallv allgatherv barrier reduce gather scatter gatherv scatterv \
    alltoallw reduce_scatter_block reduce_scatter scan exscan; do
    case $coll in
    alltoall | allgather) nstd=7 ;;
    allreduce) nstd=6 ;;
    bcast) nstd=5 ;;
    alltoallv) nstd=9 ;;
    allgatherv) nstd=8 ;;
    barrier) nstd=1 ;;
    reduce) nstd=7 ;;
    gather | scatter) nstd=8 ;;
    gatherv | scatterv | alltoallw) nstd=9 ;;
    reduce_scatter_block | reduce_scatter | scan | exscan) nstd=6 ;;
    esac
    for h in "$inc"/collalg/$coll/*.h; do
        [ -f "$h" ] || continue
        [ "$(basename "$h")" = shm.h ] && continue
        # The signature: from "COLLALG_INLINE int collalg_<coll>_<alg>(" to the closing ")",
        # joined; the number of parameters is one more than its commas.
        awk -v coll="$coll" -v nstd="$nstd" '
            $0 ~ "^COLLALG_INLINE int collalg_" coll "_[a-z0-9_]*\\(" { sig = ""; on = 1 }
            on { sig = sig " " $0; if (index($0, ")")) { on = 0; emit(sig) } }
            function emit(s,   name, args, n, extra, call, i) {
                match(s, /collalg_[a-z0-9_]*\(/); name = substr(s, RSTART + 8, RLENGTH - 9)
                alg = substr(name, length(coll) + 2)
                args = s; sub(/^[^(]*\(/, "", args); sub(/\).*$/, "", args)
                n = split(args, parts, ",")
                extra = n - nstd
                if (extra < 0) return
                call = "collalg_" name "(REC_ARGS_" coll
                for (i = 0; i < extra; i++) call = call ", 0"
                printf "REC_ALG(%s, %s, %s))\n", coll, alg, call
            }' "$h"
    done
done
