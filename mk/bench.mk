# mk/bench.mk - benchmarks (not tests: they assert nothing), included by the top Makefile.
#
#   make bench-topology   the topology-scheduled algorithms on the seeds' switched clusters (a),
#                         (b), (c) under SimGrid: tuner, SimGrid's selectors and the link-load
#                         bound; writes build/bench/topology.csv, figures and topology.md
#                         (scripts/bench-topology.sh says how each number is made)
#   make bench-hierarchical  the hierarchical algorithms (issue 8) on the 16 x 8-core cluster of
#                         tests/platform/smp/, 128 ranks consecutive and round-robin: tuner,
#                         SimGrid's selectors and the node-link bound; writes
#                         build/bench/hierarchical.csv, a figure per collective and
#                         hierarchical.md (scripts/bench-hierarchical.sh says how)

ifeq ($(.DEFAULT_GOAL),)
.DEFAULT_GOAL := all
endif

.PHONY: bench-topology bench-topology-run bench-hierarchical bench-hierarchical-run

bench-topology: deps
	@$(MAKE) --no-print-directory bench-topology-run

bench-topology-run: $(BUILD)/smpi-bin/collalg-tune
	@sh scripts/bench-topology.sh

bench-hierarchical: deps
	@$(MAKE) --no-print-directory bench-hierarchical-run

bench-hierarchical-run: $(BUILD)/smpi-bin/collalg-tune
	@sh scripts/bench-hierarchical.sh
