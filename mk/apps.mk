# SPDX-License-Identifier: BSD-3-Clause
# mk/apps.mk - make check-apps: real programs from Debian packages, unmodified, under the Open MPI
# build of the PMPI library (scripts/check-apps.sh; docs/pmpi.md).
#
#   make check-apps      install what is missing (as root: hpcc, lammps, lammps-examples, Open MPI),
#                        build the Open MPI library and the helpers, run hpcc and LAMMPS natively and
#                        under the library (its defaults, a tuned header, every algorithm of every
#                        collective they call forced in turn) at p = 2 and 4, and write
#                        $(BUILD)/apps/report.md. Not part of make check (about 30 minutes here).
#   make check-apps-run  the same without the dependency step
#
# Variables (passed to the script): APPS_NP ("2 4"), APPS_PROGRAMS ("melt peptide hpcc"),
# APPS_MODE (combined: the K-th algorithm of every collective in run K; separate: one run per
# algorithm), APPS_TUNED (a tuned header instead of the quick tuning run), APPS_TUNE_NP (4),
# APPS_TIMEOUT (300 s per run), APPS_SLOT (a command prefixed to every MPI run), APPS_REPORT_ONLY=1
# (the report again from the last runs, nothing run).
# Helpers, built with mpicc.openmpi into $(BUILD)/apps: libcount.so (tests/apps/count.c, counts the
# program's collective calls in the native run), probe (tests/apps/probe.c, makes the library name
# its algorithms) and collalg-tune (the tuner for Open MPI, which writes the tuned header).

APPS_DIR     := $(BUILD)/apps
APPS_HELPERS := $(APPS_DIR)/libcount.so $(APPS_DIR)/probe $(APPS_DIR)/collalg-tune
APPS_VARS    := APPS_NP APPS_PROGRAMS APPS_MODE APPS_TUNED APPS_TUNE_NP APPS_TIMEOUT APPS_SLOT APPS_REPORT_ONLY

.PHONY: check-apps check-apps-run deps-apps

deps-apps:
	@sh scripts/install-deps.sh apps

check-apps: deps-apps
	@$(MAKE) --no-print-directory check-apps-run

# The Open MPI build of the PMPI library by its path: mk/pmpi.mk, which names it PMPI_OMPI_LIB and
# has its rule, is read after this file (a prerequisite list is expanded as it is read).
check-apps-run: $(BUILD)/lib/libcollalg_pmpi_openmpi.so $(APPS_HELPERS)
	@BUILD=$(BUILD) MAKE='$(MAKE)' $(foreach v,$(APPS_VARS),$(if $($(v)),$(v)='$($(v))')) sh scripts/check-apps.sh

$(APPS_DIR)/libcount.so: tests/apps/count.c
	@mkdir -p $(@D)
	$(OMPICC) $(TESTCFLAGS) -fPIC -shared $< -o $@

$(APPS_DIR)/probe: tests/apps/probe.c
	@mkdir -p $(@D)
	$(OMPICC) $(TESTCFLAGS) $< -o $@

$(APPS_DIR)/collalg-tune: src/tune/collalg-tune.c $(HEADERS) $(TUNE_SRC)
	@mkdir -p $(@D)
	$(OMPICC) $(TESTCFLAGS) -Iinclude $< -o $@
