# SPDX-License-Identifier: BSD-3-Clause
# mk/guidelines.mk - PGMPI guideline verification of a tuned header (src/guidelines/collalg-guidelines.c),
# included by the top Makefile.
#
#   make guidelines        build src/guidelines/collalg-guidelines.c against $(TUNE_OUT)/collalg_tuned.h
#                          (from an earlier make tune) and run it on TUNE_NP MPICH processes
#                          (MPI=openmpi: Open MPI's, against $(BUILD)/tuned-openmpi, as mk/tune.mk):
#                          the violations and a summary on stdout, every check in
#                          $(TUNE_OUT)/guidelines.csv
#   make guidelines-smpi   the same under SimGrid against $(TUNE_SMPI_OUT)/collalg_tuned.h
#                          (make tune-smpi) on TUNE_SMPI_NP simulated hosts
# make tune-run and tune-smpi-run (mk/tune.mk) run the same step right after tuned_check.
# Variables: GUIDELINES_ARGS, GUIDELINES_SMPI_ARGS (the program's options), e.g.
# make guidelines GUIDELINES_ARGS='--reps 100 --alpha 0.01 --all'.

GUIDELINES_ARGS      ?=
GUIDELINES_SMPI_ARGS ?=

# The step itself, one shell line each (TUNE_* come from mk/tune.mk, read after this file).
# The native run's step uses mk/tune.mk's MPI choice (TUNE_MPICC, TUNE_MPIEXEC: MPICH unless MPI=openmpi).
GL_MPICH_STEP = rm -f $(TUNE_OUT)/collalg-guidelines; \
  $(TUNE_MPICC) $(TUNE_CHECK_FLAGS) -I$(TUNE_OUT) src/guidelines/collalg-guidelines.c -o $(TUNE_OUT)/collalg-guidelines || exit 1; \
  echo "guidelines: $(TUNE_MPIEXEC) -n $(TUNE_NP) $(TUNE_OUT)/collalg-guidelines --out $(TUNE_OUT) $(GUIDELINES_ARGS)"; \
  $(TUNE_MPIEXEC) -n $(TUNE_NP) $(TUNE_OUT)/collalg-guidelines --out $(TUNE_OUT) $(GUIDELINES_ARGS) </dev/null || exit 1
GL_SMPI_STEP = rm -f $(TUNE_SMPI_OUT)/collalg-guidelines; \
  $(SMPICC) $(TUNE_CHECK_FLAGS) -I$(TUNE_SMPI_OUT) src/guidelines/collalg-guidelines.c \
    -o $(TUNE_SMPI_OUT)/collalg-guidelines 2>&1 | grep -v '^\['; \
  test -x $(TUNE_SMPI_OUT)/collalg-guidelines || exit 1; \
  echo "guidelines: smpirun -np $(TUNE_SMPI_NP) $(TUNE_SMPI_OUT)/collalg-guidelines --out $(TUNE_SMPI_OUT) $(GUIDELINES_SMPI_ARGS)"; \
  $(TUNE_SMPIRUN) -np $(TUNE_SMPI_NP) $(TUNE_SMPI_OUT)/collalg-guidelines --out $(TUNE_SMPI_OUT) \
    $(GUIDELINES_SMPI_ARGS) </dev/null || exit 1

.PHONY: guidelines guidelines-smpi

guidelines:
	@test -f $(TUNE_OUT)/collalg_tuned.h || { echo "guidelines: no $(TUNE_OUT)/collalg_tuned.h (run make tune first)"; exit 1; }
	@$(GL_MPICH_STEP)

guidelines-smpi:
	@test -f $(TUNE_SMPI_OUT)/collalg_tuned.h || \
	  { echo "guidelines-smpi: no $(TUNE_SMPI_OUT)/collalg_tuned.h (run make tune-smpi first)"; exit 1; }
	@$(GL_SMPI_STEP)

# The program alone ($(BUILD)/bin/collalg-guidelines, the Makefile's rule for the programs of
# src/: no tuned header, it checks the native collectives) is rebuilt when src/tune/ changes.

# tests/test_guidelines.c runs the program built against the fixed header tests/guidelines/collalg_tuned.h,
# for MPICH and for SimGrid; `make build` (hence `make check`) builds both with the suite.
GL_TEST_DIR  := $(BUILD)/guidelines-test
GL_TEST_DEPS := src/guidelines/collalg-guidelines.c tests/guidelines/collalg_tuned.h $(TUNE_SRC) $(HEADERS)
GL_TEST_FLAGS = $(TESTCFLAGS) -Iinclude -Itests/guidelines -DCOLLALG_TUNED_HEADER='"collalg_tuned.h"'

$(BUILD)/tests/test_guidelines: $(GL_TEST_DIR)/mpich/collalg-guidelines $(GL_TEST_DIR)/smpi/collalg-guidelines

$(GL_TEST_DIR)/mpich/collalg-guidelines: $(GL_TEST_DEPS)
	@mkdir -p $(@D)
	$(MPICC) $(GL_TEST_FLAGS) $< -o $@

$(GL_TEST_DIR)/smpi/collalg-guidelines: $(GL_TEST_DEPS)
	@mkdir -p $(@D)
	rm -f $@; $(SMPICC) $(GL_TEST_FLAGS) $< -o $@ 2>&1 | grep -v '^\[' || true
	@test -x $@
