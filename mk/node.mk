# SPDX-License-Identifier: BSD-3-Clause
# mk/node.mk - the real-node benchmark, included by the top Makefile. A benchmark, not a
# test: it asserts nothing.
#
#   make bench-node       install what is missing (as root), then for each MPI of NODE_MPIS: tune on
#                         the local node with NODE_NP processes (make tune-run MPI=<mpi>, sizes 1 B ..
#                         1 MiB, into build/node/<mpi>/), then measure again, interleaved, the native
#                         collective, the tuned routine and the best single catalogue algorithm of
#                         that run at every collective and size (src/bench/node.c); writes
#                         build/bench/node.csv, build/bench/node.md (the table) and a figure per
#                         collective and MPI under build/bench/node/ (src/bench/node_report.py).
#                         scripts/bench-node.sh says how; docs/bench-node.md what it measures.
#   make bench-node-run   the same without the dependency step
#   make bench-node-one   one MPI's measurement alone (MPI=mpich|openmpi, NODE_DIR = the tuner's
#                         output folder; the script calls it after each tuner run)
#
# Variables: NODE_NP (default: nproc), NODE_MPIS (default 'mpich openmpi'), NODE_ARGS (extra tuner
# options, also given to the measurement, e.g. --collectives or --pattern), NODE_BUDGET (the
# tuner's --time-budget per MPI in seconds, default 240), NODE_REPS (samples per implementation
# and point, default 40, at least 30).

NODE_NP     ?= $(shell nproc 2>/dev/null || echo 2)
NODE_MPIS   ?= mpich openmpi
NODE_ARGS   ?=
NODE_BUDGET ?= 240
NODE_REPS   ?= 40
NODE_DIR    ?= $(BUILD)/node/$(MPI)
# The sizes of the table: the tuner's default list cut at 1 MiB (15 sizes).
NODE_SIZES  := --max-size 1M

.PHONY: bench-node bench-node-run bench-node-one

bench-node: deps
	@$(MAKE) --no-print-directory bench-node-run

bench-node-run:
	@NODE_NP='$(NODE_NP)' NODE_MPIS='$(NODE_MPIS)' NODE_ARGS='$(NODE_ARGS)' NODE_BUDGET='$(NODE_BUDGET)' \
	 NODE_SIZES='$(NODE_SIZES)' MAKE='$(MAKE)' BUILD='$(BUILD)' sh scripts/bench-node.sh

# One MPI's measurement, with that MPI's compiler and launcher (TUNE_MPICC, TUNE_MPIEXEC: mk/tune.mk),
# against the header and CSV of the tuner run in NODE_DIR; rows appended to build/bench/node.csv.
bench-node-one:
	@test -f $(NODE_DIR)/collalg_tuned.h || { echo "bench-node: no $(NODE_DIR)/collalg_tuned.h (run the tuner first)"; exit 1; }
	@mkdir -p $(BUILD)/bench/node
	$(TUNE_MPICC) $(TUNE_CHECK_FLAGS) -I$(NODE_DIR) src/bench/node.c -o $(NODE_DIR)/node_bench
	$(TUNE_MPIEXEC) -n $(NODE_NP) $(NODE_DIR)/node_bench --mpi $(MPI) --reps $(NODE_REPS) \
	    --tuned-csv $(NODE_DIR)/collalg_tuned.csv --out $(BUILD)/bench/node.csv \
	    --choices $(BUILD)/bench/node/choices.csv -- $(NODE_SIZES) $(NODE_ARGS) </dev/null
