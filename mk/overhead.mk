# SPDX-License-Identifier: BSD-3-Clause
# mk/overhead.mk - the per-call software overhead benchmark, included by the top Makefile.
#
#   make bench-overhead   one 8-byte call of every native collective, every catalogue algorithm called
#                         directly and the tuned routine that runs it, at p = 2 and 4: instructions
#                         outside the MPI library (valgrind --tool=callgrind) and MPI calls, messages
#                         and collectives (an LD_PRELOAD counting library); writes
#                         build/bench/overhead.csv, overhead-ranks.csv and overhead.md
#                         (scripts/bench-overhead.sh; docs/overhead.md explains the method)
#   OVERHEAD_MPIS='mpich openmpi' (the default) or 'mpich'; OVERHEAD_PS='2 4' (the default)
#
# The programs, one build per MPI (mpich: $(MPICC), openmpi: $(OMPICC)), in $(BUILD)/bench/<mpi>/:
#   overhead          src/bench/overhead.c with the generated overhead_algs.h (the catalogue's table)
#   libmpicount.so    src/bench/mpicount.c with the generated overhead_mpi.h (the MPI calls it wraps)
# Both are also prerequisites of `make build`, so that they keep compiling.

OVERHEAD_MPIS ?= mpich openmpi
OVERHEAD_PS   ?= 2 4
OVH_CC_mpich   := $(MPICC)
OVH_CC_openmpi := $(OMPICC)
OVH_PROGS := $(foreach m,mpich openmpi,$(BUILD)/bench/$(m)/overhead $(BUILD)/bench/$(m)/libmpicount.so)

.PHONY: bench-overhead bench-overhead-run

build: $(OVH_PROGS)

bench-overhead: deps
	@$(MAKE) --no-print-directory bench-overhead-run

bench-overhead-run: $(foreach m,$(OVERHEAD_MPIS),$(BUILD)/bench/$(m)/overhead $(BUILD)/bench/$(m)/libmpicount.so)
	@OVERHEAD_MPIS='$(OVERHEAD_MPIS)' OVERHEAD_PS='$(OVERHEAD_PS)' BUILD='$(BUILD)' sh scripts/bench-overhead.sh

# The generated lists (src/bench/overhead_gen.py): both headers in one run.
$(BUILD)/bench/%/overhead_algs.h: src/bench/overhead_gen.py $(HEADERS)
	@mkdir -p $(@D)
	python3 src/bench/overhead_gen.py $(OVH_CC_$*) $(@D)

$(BUILD)/bench/%/overhead_mpi.h: $(BUILD)/bench/%/overhead_algs.h
	@test -f $@ && touch $@

$(BUILD)/bench/%/overhead: src/bench/overhead.c $(BUILD)/bench/%/overhead_algs.h $(HEADERS)
	$(OVH_CC_$*) $(TESTCFLAGS) -Iinclude -I$(@D) $< -o $@ -ldl

$(BUILD)/bench/%/libmpicount.so: src/bench/mpicount.c $(BUILD)/bench/%/overhead_mpi.h
	$(OVH_CC_$*) $(TESTCFLAGS) -fPIC -shared -I$(@D) $< -o $@

# Kept: make would delete them as intermediate files, and every run would generate them again.
.SECONDARY: $(foreach m,mpich openmpi,$(BUILD)/bench/$(m)/overhead_algs.h $(BUILD)/bench/$(m)/overhead_mpi.h)
