#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# run.sh - runs a program under SimGrid the way the figures are recorded (mk/figures.mk and
# tests/test_figures.c both use it): run.sh NP PROGRAM [ARGS...]
#
# docs/figures/platform.xml: a message costs its latency alone (5 us), whatever its size;
# smpi/send-is-detached-thresh:0: every send completes only when it is received (no eager
#   buffering, so one blocking send is one round, as in the papers' one-port model);
# smpi/simulate-computation:no and smpi/wtime:0: no simulated time passes outside messages,
#   so posting times fall on the rounds (steps) of the algorithm;
# smpi/test:1e-8 and smpi/grow-injected-times:no: an MPI_Test (the nonblocking algorithms'
#   completion loop) lets 10 ns pass, constant, so a message is noticed well within a step's
#   rounding (0.1 us) and the loop still lets simulated time reach the next arrival.
dir=$(dirname "$0")
np=$1
shift
exec smpirun -np "$np" -platform "$dir/platform.xml" -hostfile "$dir/hostfile" \
    --log=root.thres:warning --cfg=smpi/display-timing:no --cfg=smpi/simulate-computation:no \
    --cfg=smpi/send-is-detached-thresh:0 --cfg=smpi/wtime:0 --cfg=smpi/test:1e-8 --cfg=smpi/grow-injected-times:no \
    --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 "$@"
