# SPDX-License-Identifier: BSD-3-Clause
# mk/tune.mk - the tuner (src/tune/collalg-tune.c), included by the top Makefile.
#
#   make tune         install what is missing (as root), build, tune on the local MPICH with
#                     TUNE_NP = number of cores, write $(TUNE_OUT)/collalg_tuned.h + CSV + plots,
#                     then build src/tune/tuned_check.c against that header and run it, then
#                     src/guidelines/collalg-guidelines.c (PGMPI guidelines: report, $(TUNE_OUT)/guidelines.csv)
#   make tune-smpi    the same under SimGrid's smpirun on tests/platform/cluster.xml
#                     (TUNE_SMPI_NP simulated hosts), into $(TUNE_SMPI_OUT)
#   make tune-run / tune-smpi-run   the same without the dependency step
#   make tune MPI=openmpi / make tune-run MPI=openmpi   the same on Open MPI: the tuner, tuned_check
#                     and the guideline check built with mpicc.openmpi into $(BUILD)/openmpi-bin/ (the
#                     MPICH binaries stay) and run with mpiexec.openmpi (root allowed, oversubscribed,
#                     unbound, as tests/launch.h runs it: TUNE_MPIEXEC overrides), default TUNE_OUT
#                     $(BUILD)/tuned-openmpi; MPI=mpich (the default) is the MPICH run above
#   make tune-subcomms  rules for every communicator size (minutes, not in make
#                     check): tests/pmpi/subcomms.sh tunes 32 simulated ranks of platform (c) with
#                     --procs 4,8,32 and with --procs 32 (timed), builds the PMPI library for SimGrid
#                     from the multi-size header, and runs tests/pmpi/subcomms.c (alltoall on four
#                     communicators of 8, allreduce on eight of 4) with the selector's trace:
#                     every call must run a tuned rule; $(BUILD)/subcomms/report.txt
#   make guidelines / guidelines-smpi   only the guideline check, against the header of an earlier
#                     make tune / tune-smpi (mk/guidelines.mk; options in GUIDELINES_ARGS,
#                     GUIDELINES_SMPI_ARGS)
#
# The tuner tunes the communicator sizes of --procs (default the powers of two up to the number of
# processes, and that number: TUNE_NP = 2 tunes 2 alone); tuned_check checks the rules of each on
# communicators of that size.
# Variables: TUNE_NP, TUNE_ARGS (tuner options), TUNE_OUT; TUNE_SMPI_NP, TUNE_SMPI_ARGS,
# TUNE_SMPI_OUT. Examples: make tune TUNE_ARGS='--collectives alltoall --max-size 4M';
# make tune-smpi TUNE_SMPI_ARGS='--quick --collectives alltoallv,allgatherv,barrier --pattern random'.

TUNE_NP        ?= $(shell nproc 2>/dev/null || echo 2)
# The native MPI the tuner runs on (MPI=mpich or MPI=openmpi): its compiler, launcher, the folder
# of the tuner's binary and the default output folder.
MPI            ?= mpich
ifeq ($(MPI),openmpi)
TUNE_MPICC     := $(OMPICC)
TUNE_MPIEXEC   ?= mpiexec.openmpi --oversubscribe --allow-run-as-root --bind-to none --mca pml ob1 \
                  --mca btl self,vader --mca btl_vader_single_copy_mechanism none
TUNE_BIN       := $(BUILD)/openmpi-bin
TUNE_OUT       ?= $(BUILD)/tuned-openmpi
else ifeq ($(MPI),mpich)
TUNE_MPICC     := $(MPICC)
TUNE_MPIEXEC   ?= mpiexec
TUNE_BIN       := $(BUILD)/bin
TUNE_OUT       ?= $(BUILD)/tuned
else
$(error MPI=$(MPI): mk/tune.mk knows MPI=mpich and MPI=openmpi)
endif
# The plan of `make tune`: the paper's sizes (1 B .. 256 KiB), PGMPI's RSE rule with the tuner's
# defaults (10..100 repetitions, RSE < 0.05; never fewer than 10) and a wall-clock budget well
# inside 10 minutes: each collective gets a share, past it measurements take 10 samples (a
# validation as many as the first measurement), past the whole budget the run writes what it has
# (sizes not validated get no rule: native). Each collective ends with a validation against the
# native collective at every sample size: rules are cut where the tuned routine is slower, and
# the v-collectives' size-dependent rules give way to one rule or none where their agreement
# collective does not pay (src/tune/collalg-tune.c, steps 4-5). About 2 to 3 min at P = 2 on a
# 2-core machine.
TUNE_ARGS      ?= --time-budget 420
TUNE_SMPI_NP   ?= 16
TUNE_SMPI_OUT  ?= $(BUILD)/tuned-smpi
TUNE_SMPI_ARGS ?= --quick --max-size 65536 --time-budget 420
TUNE_SMPIRUN   := smpirun -platform tests/platform/cluster.xml -hostfile tests/platform/hostfile \
                  --log=root.thres:warning --cfg=smpi/display-timing:no --cfg=smpi/alltoall:basic_linear
TUNE_CHECK_FLAGS = $(TESTCFLAGS) -Iinclude -DCOLLALG_TUNED_HEADER='"collalg_tuned.h"'

.PHONY: tune tune-run tune-smpi tune-smpi-run tune-subcomms

# $(BUILD)/bin/collalg-tune is built by the Makefile's rule for the programs of src/ (TOOLS);
# $(BUILD)/openmpi-bin/collalg-tune, the same program for Open MPI, here.
$(BUILD)/openmpi-bin/collalg-tune: src/tune/collalg-tune.c $(TUNE_SRC) $(HEADERS)
	@mkdir -p $(@D)
	$(OMPICC) $(TESTCFLAGS) -Iinclude $< -o $@

$(BUILD)/smpi-bin/collalg-tune: src/tune/collalg-tune.c $(TUNE_SRC) $(HEADERS)
	@mkdir -p $(@D)
	$(SMPICC) $(TESTCFLAGS) -Iinclude $< -o $@ 2>&1 | grep -v '^\[' || true
	@test -x $@

tune: deps-tune
	@$(MAKE) --no-print-directory tune-run

tune-run: $(TUNE_BIN)/collalg-tune
	@start=$$(date +%s); mkdir -p $(TUNE_OUT); \
	echo "tune ($(MPI)): $(TUNE_MPIEXEC) -n $(TUNE_NP) $(TUNE_BIN)/collalg-tune --out $(TUNE_OUT) $(TUNE_ARGS)"; \
	$(TUNE_MPIEXEC) -n $(TUNE_NP) $(TUNE_BIN)/collalg-tune --out $(TUNE_OUT) $(TUNE_ARGS) </dev/null || exit 1; \
	$(TUNE_MPICC) $(TUNE_CHECK_FLAGS) -I$(TUNE_OUT) src/tune/tuned_check.c -o $(TUNE_OUT)/tuned_check || exit 1; \
	$(TUNE_MPIEXEC) -n $(TUNE_NP) $(TUNE_OUT)/tuned_check </dev/null || exit 1; \
	$(GL_MPICH_STEP); \
	echo "tune ($(MPI)): $(TUNE_OUT)/collalg_tuned.h checked against native MPI; $$(( $$(date +%s) - start )) s in all"

tune-smpi: deps-tune-smpi
	@$(MAKE) --no-print-directory tune-smpi-run

tune-smpi-run: $(BUILD)/smpi-bin/collalg-tune
	@start=$$(date +%s); \
	echo "tune-smpi: $(TUNE_SMPIRUN) -np $(TUNE_SMPI_NP) $(BUILD)/smpi-bin/collalg-tune --out $(TUNE_SMPI_OUT) $(TUNE_SMPI_ARGS)"; \
	$(TUNE_SMPIRUN) -np $(TUNE_SMPI_NP) $(BUILD)/smpi-bin/collalg-tune --out $(TUNE_SMPI_OUT) $(TUNE_SMPI_ARGS) </dev/null || exit 1; \
	$(SMPICC) $(TUNE_CHECK_FLAGS) -I$(TUNE_SMPI_OUT) src/tune/tuned_check.c -o $(TUNE_SMPI_OUT)/tuned_check 2>&1 | grep -v '^\[' ; \
	test -x $(TUNE_SMPI_OUT)/tuned_check || exit 1; \
	$(TUNE_SMPIRUN) -np $(TUNE_SMPI_NP) $(TUNE_SMPI_OUT)/tuned_check </dev/null || exit 1; \
	$(GL_SMPI_STEP); \
	echo "tune-smpi: $(TUNE_SMPI_OUT)/collalg_tuned.h checked against SMPI's collectives; $$(( $$(date +%s) - start )) s in all"

tune-subcomms: $(BUILD)/smpi-bin/collalg-tune
	@sh tests/pmpi/subcomms.sh $(BUILD)/subcomms

# `make build` (hence `make check`) also builds the SimGrid tuner that tests/test_tune.c runs and
# the Open MPI tuner that make install installs (bin/collalg-tune-openmpi), and the tuner's suite
# is rebuilt when the tuner's private headers change.
build: $(BUILD)/smpi-bin/collalg-tune $(BUILD)/openmpi-bin/collalg-tune
$(BUILD)/tests/test_tune: $(TUNE_SRC)
$(BUILD)/tests/test_wilcoxon: src/tune/wilcoxon.h
