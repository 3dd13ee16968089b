#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# list.sh - prints the algorithm table of docs/figures/record.c: one line
#   REC_ALG(collective, algorithm, collalg_<collective>_<algorithm>(REC_ARGS_<collective>, 0, ...))
# for every public algorithm of include/collalg/<collective>/*.h, its tuning parameters (whatever
# follows the MPI function's arguments) passed as 0 / NULL, i.e. at their defaults; and for every
# nonblocking one of include/collalg/i<collective>/*.h
#   REC_ALG(icollective, algorithm, rec_wait(b, collalg_i<collective>_<algorithm>(REC_ARGS_<collective>,
#           &b->req, 0, ...))) The
# shared-memory algorithms (shm.h) are left out: they send no message, and the recording
# platform has one rank per host, where they do not apply (COLLALG_R_ONE_NODE).
# Usage: sh docs/figures/list.sh [INCLUDE_DIR] > build/figures/algorithms.h
inc=${1:-include}
# nstd COLL: the number of MPI arguments of collective COLL (a nonblocking one: its blocking
# form's and the request).
nstd() {
    case $1 in
    i*) echo $(($(nstd "${1#i}") + 1)) ;;
    alltoall | allgather) echo 7 ;;
    allreduce) echo 6 ;;
    bcast) echo 5 ;;
    alltoallv) echo 9 ;;
    allgatherv) echo 8 ;;
    barrier) echo 1 ;;
    reduce) echo 7 ;;
    gather | scatter) echo 8 ;;
    gatherv | scatterv | alltoallw) echo 9 ;;
    reduce_scatter_block | reduce_scatter | scan | exscan) echo 6 ;;
    esac
}
blocking="alltoall allgather allreduce bcast alltoallv allgatherv barrier reduce gather scatter gatherv scatterv \
    alltoallw reduce_scatter_block reduce_scatter scan exscan"
# The nonblocking ones (include/collalg/i<collective>/): started with the blocking form's
# arguments (REC_ARGS_<collective>) and the run's request, and completed by rec_wait().
for coll in $blocking $(for c in $blocking; do echo "i$c"; done); do
    case $coll in
    i*) base=${coll#i} ;;
    *) base=$coll ;;
    esac
    for h in "$inc"/collalg/$coll/*.h; do
        [ -f "$h" ] || continue
        [ "$(basename "$h")" = shm.h ] && continue
        # The signature: from "COLLALG_INLINE int collalg_<coll>_<alg>(" to the closing ")",
        # joined; the number of parameters is one more than its commas.
        awk -v coll="$coll" -v base="$base" -v nstd="$(nstd "$coll")" '
            $0 ~ "^COLLALG_INLINE int collalg_" coll "_[a-z0-9_]*\\(" { sig = ""; on = 1 }
            on { sig = sig " " $0; if (index($0, ")")) { on = 0; emit(sig) } }
            function emit(s,   name, args, n, extra, call, i) {
                match(s, /collalg_[a-z0-9_]*\(/); name = substr(s, RSTART + 8, RLENGTH - 9)
                alg = substr(name, length(coll) + 2)
                args = s; sub(/^[^(]*\(/, "", args); sub(/\).*$/, "", args)
                n = split(args, parts, ",")
                extra = n - nstd
                if (extra < 0) return
                call = "collalg_" name "(REC_ARGS_" base (coll != base ? ", &b->req" : "")
                for (i = 0; i < extra; i++) call = call ", 0"
                if (coll != base)
                    printf "REC_ALG(%s, %s, rec_wait(b, %s)))\n", coll, alg, call
                else
                    printf "REC_ALG(%s, %s, %s))\n", coll, alg, call
            }' "$h"
    done
done
