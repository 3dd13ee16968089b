# mk/bench.mk - benchmarks (not tests: they assert nothing), included by the top Makefile.
#
#   make bench-topology   the topology-scheduled algorithms on the seeds' switched clusters (a),
#                         (b), (c) under SimGrid: tuner, SimGrid's selectors and the link-load
#                         bound; writes build/bench/topology.csv, figures and topology.md
#                         (scripts/bench-topology.sh says how each number is made)

ifeq ($(.DEFAULT_GOAL),)
.DEFAULT_GOAL := all
endif

.PHONY: bench-topology bench-topology-run

bench-topology: deps
	@$(MAKE) --no-print-directory bench-topology-run

bench-topology-run: $(BUILD)/smpi-examples/collalg-tune
	@sh scripts/bench-topology.sh
