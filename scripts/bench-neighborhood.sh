#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# The neighbourhood collectives' benchmark (make bench-neighborhood, mk/bench-neighborhood.mk).
#
#   BUILD=build sh scripts/bench-neighborhood.sh
#
# Runs src/bench/neighborhood.c (5-, 9-, 7- and 27-point stencils; neighbor_allgather and
# neighbor_alltoall; the linear and message-combining algorithms) four times:
#   1. SimGrid, the smp platform (16 nodes of 8 cores, ranks placed consecutively), p = 128;
#   2. SimGrid, platform (c) of the topology guide (4 switches of 8 hosts, hostfile-c), p = 32;
#      both blocking only, one call after an untimed one (the simulation is deterministic, and
#      with simulate-computation off it charges no software, so a persistent start would time
#      the same schedule on the same network; the real runs below are where persistence shows);
#   3. MPICH, p = 2 on this machine: blocking against persistent (100 starts per sample, the
#      fastest of 11 samples) for the linear and combining algorithms and MPICH's own
#      MPI_Neighbor_* and MPI_Neighbor_*_init;
#   4. Open MPI, p = 2: the same (Open MPI 4.1's persistent calls are MPIX_Neighbor_*_init).
# Each run writes $OUT/neighborhood/<run>.csv and .log; then the CSVs are joined into
# $OUT/neighborhood.csv and src/bench/neighborhood_report.py writes the figures' scripts and
# $OUT/neighborhood.md, which gnuplot draws as $OUT/neighborhood-<platform>-<collective>.svg.
#
# Variables: BUILD (build), NH_OUT ($BUILD/bench), NH_SIZES (8,64,512,4096,32768,65536),
# NH_REAL_SIZES (8,512,4096,65536), NH_RUNS (smp c mpich openmpi: any subset), BENCH_LOCK (a
# command prefix for smpirun, as in mk/bench.mk). Standard input is /dev/null for every launch.
# About 15 minutes on the 2-core machine, most of it the SimGrid runs at 64 KiB.
set -eu
BUILD="${BUILD:-build}"
OUT="${NH_OUT:-$BUILD/bench}"
SIZES="${NH_SIZES:-8,64,512,4096,32768,65536}"
REAL_SIZES="${NH_REAL_SIZES:-8,512,4096,65536}"
RUNS="${NH_RUNS:-smp c mpich openmpi}"
LOCK="${BENCH_LOCK:-}"
# SimGrid as the other benchmarks run it; smpi/test and grow-injected-times as in
# mk/bench-nonblocking.mk (SimGrid makes every MPI_Test and each request of an MPI_Waitsome sleep,
# by default for a time that grows with every unsuccessful test).
SMPI_FLAGS="--log=root.thres:warning --cfg=smpi/display-timing:no --cfg=smpi/bw-factor:0:1 \
--cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:no --cfg=smpi/test:1e-7 --cfg=smpi/grow-injected-times:no"
OMPI_EXEC="mpiexec.openmpi --oversubscribe --allow-run-as-root --bind-to none --mca pml ob1 --mca btl self,vader"

mkdir -p "$OUT/neighborhood"
t0=$(date +%s)
for run in $RUNS; do
    csv="$OUT/neighborhood/$run.csv" log="$OUT/neighborhood/$run.log"
    t1=$(date +%s)
    case "$run" in
    smp)
        $LOCK smpirun -np 128 -platform tests/platform/smp/smp.xml -hostfile tests/platform/smp/hostfile-consecutive \
            $SMPI_FLAGS "$BUILD/smpi-bench/neighborhood" -o "$csv" -P smp-16x8 -r 1 -k 1 -s "$SIZES" \
            -a linear,combining -i blocking </dev/null 2>"$log" ;;
    c)
        $LOCK smpirun -np 32 -platform tests/platform/topology/switches-4x8.xml \
            -hostfile tests/platform/topology/hostfile-c $SMPI_FLAGS "$BUILD/smpi-bench/neighborhood" -o "$csv" \
            -P c-4x8 -r 1 -k 1 -s "$SIZES" -a linear,combining -i blocking </dev/null 2>"$log" ;;
    mpich)
        mpiexec -n 2 "$BUILD/bench/mpich/neighborhood" -o "$csv" -P mpich-here -r 11 -k 100 -s "$REAL_SIZES" \
            </dev/null 2>"$log" ;;
    openmpi)
        $OMPI_EXEC -n 2 "$BUILD/bench/openmpi/neighborhood" -o "$csv" -P openmpi-here -r 11 -k 100 \
            -s "$REAL_SIZES" </dev/null 2>"$log" ;;
    *)
        echo "bench-neighborhood: unknown run '$run' (smp, c, mpich, openmpi)"
        exit 1 ;;
    esac || { cat "$log"; echo "bench-neighborhood: the $run run failed"; exit 1; }
    echo "bench-neighborhood: $run in $(($(date +%s) - t1)) s"
done

all="$OUT/neighborhood.csv"
echo "platform,p,stencil,neighbours,collective,bytes,impl,algorithm,us" >"$all"
for run in $RUNS; do
    tail -n +2 "$OUT/neighborhood/$run.csv" >>"$all"
done
python3 src/bench/neighborhood_report.py "$all" "$OUT"
for gp in "$OUT"/neighborhood-*.gp; do
    gnuplot -e "set terminal svg size 1100,800; set output '${gp%.gp}.svg'" "$gp"
done
cat "$OUT/neighborhood.md"
echo "bench-neighborhood: $all, $OUT/neighborhood-*.svg, $OUT/neighborhood.md in $(($(date +%s) - t0)) s"
