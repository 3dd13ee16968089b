# SPDX-License-Identifier: BSD-3-Clause
# mk/bench.mk - benchmarks (not tests: they assert nothing), included by the top Makefile.
#
#   make bench-topology   the topology-scheduled algorithms on the simulated switched clusters (a),
#                         (b), (c) under SimGrid: tuner, SimGrid's selectors and the link-load
#                         bound; writes build/bench/topology.csv, figures and topology.md
#                         (scripts/bench-topology.sh says how each number is made)
#   make bench-hierarchical  the hierarchical algorithms on the 16 x 8-core cluster of
#                         tests/platform/smp/, 128 ranks consecutive and round-robin: tuner,
#                         SimGrid's selectors and the node-link bound; writes
#                         build/bench/hierarchical.csv, a figure per collective and
#                         hierarchical.md (scripts/bench-hierarchical.sh says how)
#   make bench-reductions the reductions (reduce, reduce_scatter_block, scan) on the smp
#                         cluster (128 ranks, both placements) and the switched clusters (a), (b),
#                         (c): tuner, SimGrid's selectors and the link-load bound; writes
#                         build/bench/reductions.csv, a figure per collective and reductions.md
#   make bench-rooted     gather, scatter, and gatherv and scatterv with one rank holding 90% of
#                         the data and with random counts, on the same platforms:
#                         tuner, SimGrid's selectors and the root-link bound; alltoallw with a 2D
#                         FFT transpose's datatypes on (c) against SimGrid's MPI_Alltoallw
#                         ($(BUILD)/smpi-bench/alltoallw_fft, src/bench/alltoallw_fft.c, built with
#                         smpicc, also by make build); writes build/bench/rooted.csv,
#                         figures and rooted.md
#   make bench-flat       bcast and allreduce on a flat cluster of 32, 128 and 512
#                         hosts (tests/platform/flat/): every shortlisted algorithm, tuner,
#                         SimGrid's selectors and the link bound; writes build/bench/flat.csv,
#                         figures and flat.md
#   make bench-newalgs    the algorithms of issue 33 (Swing, Bine, recursive exchange, radix-k
#                         Bruck, ...) on a 2-D and a 3-D torus, a Dragonfly, a tapered fat tree,
#                         the flat and the smp clusters (tests/platform/newalgs/, ...): tuner,
#                         SimGrid's selectors and the injection bound; writes
#                         build/bench/newalgs.csv, figures and newalgs.md with the issue's targets
#                         (scripts/bench-newalgs.sh says how)
# They take BENCH_QUICK=1 (only the issues' target sizes), BENCH_LOCK (a command prefix for
# every smpirun), BENCH_KEEP=1, BENCH_PLATFORMS and BENCH_COLLS; each script's header gives its
# platforms, bound, run time and memory.

.PHONY: bench-topology bench-topology-run bench-hierarchical bench-hierarchical-run \
        bench-reductions bench-reductions-run bench-rooted bench-rooted-run bench-flat bench-flat-run \
        bench-newalgs bench-newalgs-run

bench-topology: deps
	@$(MAKE) --no-print-directory bench-topology-run

bench-topology-run: $(BUILD)/smpi-bin/collalg-tune
	@sh scripts/bench-topology.sh

bench-hierarchical: deps
	@$(MAKE) --no-print-directory bench-hierarchical-run

bench-hierarchical-run: $(BUILD)/smpi-bin/collalg-tune
	@sh scripts/bench-hierarchical.sh

bench-reductions: deps
	@$(MAKE) --no-print-directory bench-reductions-run

bench-reductions-run: $(BUILD)/smpi-bin/collalg-tune
	@sh scripts/bench-reductions.sh

bench-rooted: deps
	@$(MAKE) --no-print-directory bench-rooted-run

bench-rooted-run: $(BUILD)/smpi-bin/collalg-tune $(BUILD)/smpi-bench/alltoallw_fft
	@sh scripts/bench-rooted.sh

# make build compiles it too (so that it never rots); only bench-rooted runs it.
build: $(BUILD)/smpi-bench/alltoallw_fft

$(BUILD)/smpi-bench/alltoallw_fft: src/bench/alltoallw_fft.c $(HEADERS)
	@mkdir -p $(@D)
	$(SMPICC) $(TESTCFLAGS) -Iinclude $< -o $@ 2>&1 | grep -v '^\[' || true
	@test -x $@

bench-flat: deps
	@$(MAKE) --no-print-directory bench-flat-run

bench-flat-run: $(BUILD)/smpi-bin/collalg-tune
	@sh scripts/bench-flat.sh

bench-newalgs: deps
	@$(MAKE) --no-print-directory bench-newalgs-run

bench-newalgs-run: $(BUILD)/smpi-bin/collalg-tune
	@sh scripts/bench-newalgs.sh
