# SPDX-License-Identifier: BSD-3-Clause
# mk/bench-neighborhood.mk - the neighbourhood collectives' benchmark (not a test: it asserts
# nothing), included by the top Makefile.
#
#   make bench-neighborhood  neighbor_allgather and neighbor_alltoall on 5-, 9-, 7- and 27-point
#                            stencils (src/bench/neighborhood.c): the linear and message-combining
#                            algorithms under SimGrid on the smp platform (p = 128) and platform
#                            (c) (p = 32), blocking; then blocking against persistent, with the MPI
#                            library's own calls, under MPICH and Open MPI at p = 2 on this machine
#                            (scripts/bench-neighborhood.sh says why each run is what it is).
#                            Writes build/bench/neighborhood.csv
#                            (platform,p,stencil,neighbours,collective,bytes,impl,algorithm,us),
#                            build/bench/neighborhood-<platform>-<collective>.svg and the table
#                            build/bench/neighborhood.md with the issue's targets
#                            (src/bench/neighborhood_report.py). About 15 minutes.
#
# Variables: NH_SIZES, NH_REAL_SIZES, NH_RUNS, NH_OUT (scripts/bench-neighborhood.sh), BENCH_LOCK.
#
# The program, one build per MPI: $(BUILD)/smpi-bench/neighborhood (smpicc: it then defines the
# topology calls SimGrid 3.32 lacks, src/bench/smpi_topo.h), $(BUILD)/bench/mpich/neighborhood,
# $(BUILD)/bench/openmpi/neighborhood. make build compiles all three, so that they never rot.

NH_PROGS := $(BUILD)/smpi-bench/neighborhood $(BUILD)/bench/mpich/neighborhood $(BUILD)/bench/openmpi/neighborhood
NH_SRC   := src/bench/neighborhood.c src/bench/smpi_topo.h src/bench/names.h $(HEADERS)

.PHONY: bench-neighborhood bench-neighborhood-run

build: $(NH_PROGS)

$(BUILD)/smpi-bench/neighborhood: $(NH_SRC)
	@mkdir -p $(@D)
	$(SMPICC) $(TESTCFLAGS) -Iinclude $< -o $@ 2>&1 | grep -v '^\[' || true
	@test -x $@

$(BUILD)/bench/mpich/neighborhood: $(NH_SRC)
	@mkdir -p $(@D)
	$(MPICC) $(TESTCFLAGS) -Iinclude $< -o $@

$(BUILD)/bench/openmpi/neighborhood: $(NH_SRC)
	@mkdir -p $(@D)
	$(OMPICC) $(TESTCFLAGS) -Iinclude $< -o $@

bench-neighborhood: deps
	@$(MAKE) --no-print-directory bench-neighborhood-run

bench-neighborhood-run: $(NH_PROGS)
	@command -v smpirun >/dev/null || { echo "bench-neighborhood: smpirun not found (make deps)"; exit 1; }
	@command -v gnuplot >/dev/null || { echo "bench-neighborhood: gnuplot not found (make deps)"; exit 1; }
	@BUILD='$(BUILD)' BENCH_LOCK='$(BENCH_LOCK)' sh scripts/bench-neighborhood.sh
