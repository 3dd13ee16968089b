# SPDX-License-Identifier: BSD-3-Clause
# collalg - header-only catalogue of MPI collective algorithms.
#
# `make help` lists the targets, in groups (use, test, benchmark, docs, install), one line each;
# the mk/*.mk file that defines a target describes it and its variables in its header comment.

PREFIX  ?= /usr/local
BUILD   := build
MPICC   ?= mpicc
OMPICC  ?= mpicc.openmpi
SMPICC  ?= smpicc
CC      ?= cc
TESTCFLAGS ?= -std=c99 -O2 -g -Wall -Wextra -Werror
# The Open MPI builds of the test programs (mk/openmpi.mk): unoptimised, five times faster to
# compile (tests/mpi/allgather.c: 0.9 s of CPU against 4.4 s), as their runs are short; the MPICH
# and SimGrid builds keep -O2 and the warnings only the optimiser finds (-Wmaybe-uninitialized).
OMPI_TESTCFLAGS ?= $(patsubst -O%,-O0,$(TESTCFLAGS))
STRICT  := -std=c99 -pedantic -Wall -Wextra -Werror
CRITERION_FLAGS ?= --jobs 1

HEADERS   := $(shell find include -name '*.h' | sort)
MPI_PROGS := $(sort $(basename $(notdir $(wildcard tests/mpi/*.c))))
CR_SUITES := $(sort $(basename $(notdir $(wildcard tests/test_*.c))))
EXAMPLES  := $(sort $(basename $(notdir $(wildcard examples/*.c))))
# The programs built from the catalogue (src/): the tuner, its result check and the guideline
# check, each from its own folder; the PMPI library is mk/pmpi.mk's.
TOOLS     := collalg-tune tuned_check collalg-guidelines
TUNE_SRC  := $(wildcard src/tune/*.h src/catalogue/*.h)
TEST_DEPS := $(HEADERS) $(wildcard tests/mpi/*.h)

# The mk/*.mk files are read before this Makefile's first rule, and some of them have rules: `all`
# stays the default goal (make with no target builds everything make check uses).
.DEFAULT_GOAL := all

# Extra targets (e.g. the tuner: mk/tune.mk).
-include $(wildcard mk/*.mk)

.PHONY: all help deps deps-tune deps-tune-smpi build check check-large check-prep check-run check-suites check-quick \
        format-check headers pure-headers layout-check examples tools docs docs-internal install uninstall valgrind clean

all: build

# `make help`: every target a user runs, one line each (a target added to a mk/*.mk file gets its
# line here: tests/test_install.c checks that every .PHONY target but the -run twins is listed).
define HELP_TEXT
collalg - header-only C99 catalogue of MPI collective algorithms.
make [TARGET] [VARIABLE=value ...]; make help: this list; mk/<file>.mk: its targets' variables.

Use
  all (default)        build every program, suite and library make check uses (= make build)
  deps                 install what make check needs and is missing (as root; else names it)
  examples             the example programs of examples/ (build/examples)
  tools                the tuner, tuned_check and collalg-guidelines in build/bin
  tune                 tune on this MPICH (TUNE_NP ranks) into build/tuned/collalg_tuned.h, checked
  tune MPI=openmpi     the same on Open MPI: build/tuned-openmpi (mk/tune.mk)
  tune-smpi            the same under SimGrid (TUNE_SMPI_NP simulated hosts): build/tuned-smpi
  tune-subcomms        rules for every communicator size, tuned and checked under SimGrid
  guidelines           the PGMPI guideline check of make tune's header (mk/guidelines.mk)
  guidelines-smpi      the same for make tune-smpi's header, under SimGrid
  pmpi                 PMPI library for MPICH programs: build/lib/libcollalg_pmpi.so (mk/pmpi.mk)
  pmpi-openmpi         the same for Open MPI programs: build/lib/libcollalg_pmpi_openmpi.so
  pmpi-smpi            the same for SimGrid: build/lib/collalg_pmpi_smpi.o, linked into the program
  deps-tune            install only what make tune needs (deps-tune-smpi: what make tune-smpi needs)
  clean                remove build/

Test
  check                install what is missing, build, run every check and suite (~24 min, 2 cores)
  check-large          the same with the larger matrix (MPICH p = 4 .. 8, SimGrid p = 31, 32, 64)
  check-run            check without deps = check-prep (all but the suites), then check-suites
  check-quick FAMILY=f one family's suite, MPICH tests only, building only what they need
  valgrind             the valgrind tests of tests/test_core.c: memcheck on every rank, MPICH
  check-apps           hpcc and LAMMPS under the Open MPI PMPI library, ~30 min (mk/apps.mk)
  deps-apps            install only what make check-apps needs
  headers              each header alone (gcc, MPICH), all together with clang, Open MPI, SimGrid, g++
  pure-headers         each pure schedule header without MPI
  layout-check         which folder of include/collalg includes which (scripts/check-layout.sh)
  format-check         every C file follows .clang-format (clang-format 14); the SPDX lines

Benchmark (each writes build/bench/<name>.csv, figures and a .md table; none asserts)
  bench-topology       topology algorithms vs SimGrid's selectors, switched clusters (mk/bench.mk)
  bench-hierarchical   the hierarchical algorithms on the 16 x 8-core simulated cluster
  bench-reductions     reduce, reduce_scatter_block and scan on the smp and switched clusters
  bench-rooted         gather, scatter, gatherv, scatterv and alltoallw on the same platforms
  bench-flat           bcast and allreduce on flat clusters of 32, 128 and 512 hosts
  bench-newalgs        the newest algorithms (Swing, Bine, radix k) on tori, Dragonfly, fat tree
  bench-nonblocking    nonblocking collectives: time and overlap vs native and blocking (mk/bench-nonblocking.mk)
  bench-nonblocking-smp  the same on the smp platform, p = 128 (a subset)
  bench-nonblocking-c  the same on switched platform (c), p = 32 (a subset)
  bench-neighborhood   neighbourhood collectives: combining vs linear, persistent vs blocking (mk/bench-neighborhood.mk)
  bench-overhead       per-call overhead: instructions outside MPI, MPI calls (mk/overhead.mk)
  bench-node           tuned vs native vs best algorithm on this node, both MPIs (mk/node.mk)
  bench-node-one       bench-node's measurement for one MPI (MPI=mpich|openmpi NODE_DIR=...)

Docs
  docs                 the Doxygen reference in build/docs, with the figures (any warning fails)
  docs-internal        the same with the private helpers and the tuner's internals
  figures              every algorithm's messages recorded under SimGrid and drawn (build/figures)

Install (PREFIX=/usr/local; DESTDIR=<staging root>)
  install              headers, tuner, PMPI libraries, pkg-config and CMake files (built first)
  uninstall            remove what make install installed (share/collalg/install-manifest.txt)

Targets that install packages first have a twin without that step: tune-run, tune-smpi-run,
check-apps-run, bench-node-run, bench-<name>-run.
endef

help:
	$(info $(HELP_TEXT))
	@:

deps:
	@sh scripts/install-deps.sh

# What make tune and make tune-smpi need, only (mk/tune.mk): MPICH, or SimGrid, and gcc; gnuplot
# for the plots. As a user who is not root: nothing installed, the missing packages named.
deps-tune:
	@sh scripts/install-deps.sh tune

deps-tune-smpi:
	@sh scripts/install-deps.sh tune-smpi

build: $(MPI_PROGS:%=$(BUILD)/mpich/%) $(MPI_PROGS:%=$(BUILD)/smpi/%) $(CR_SUITES:%=$(BUILD)/tests/%) \
       $(EXAMPLES:%=$(BUILD)/examples/%) $(TOOLS:%=$(BUILD)/bin/%)

$(BUILD)/mpich/%: tests/mpi/%.c $(TEST_DEPS)
	@mkdir -p $(@D)
	$(MPICC) $(TESTCFLAGS) -Iinclude $< -o $@

$(BUILD)/smpi/%: tests/mpi/%.c $(TEST_DEPS)
	@mkdir -p $(@D)
	$(SMPICC) $(TESTCFLAGS) -Iinclude $< -o $@ 2>&1 | grep -v '^\[' || true
	@test -x $@

$(BUILD)/tests/%: tests/%.c $(wildcard tests/*.h) $(HEADERS) | $(BUILD)/tests/libyield.so
	@mkdir -p $(@D)
	$(CC) $(TESTCFLAGS) -Iinclude -Itests $< -o $@ -lcriterion

# What every suite preloads into the programs it launches (tests/launch.h): oversubscribed MPICH
# ranks yield the core while they wait (tests/yield.c).
$(BUILD)/tests/libyield.so: tests/yield.c
	@mkdir -p $(@D)
	$(CC) $(TESTCFLAGS) -fPIC -shared $< -o $@ -ldl

$(BUILD)/examples/%: examples/%.c $(HEADERS)
	@mkdir -p $(@D)
	$(MPICC) $(TESTCFLAGS) -Iinclude $< -o $@

# Test programs that are another one compiled with a macro (exscan.c includes scan.c, ...).
$(BUILD)/mpich/exscan $(BUILD)/smpi/exscan $(BUILD)/openmpi/exscan: tests/mpi/scan.c
$(BUILD)/mpich/reduce_scatter_block $(BUILD)/smpi/reduce_scatter_block $(BUILD)/openmpi/reduce_scatter_block: \
    tests/mpi/reduce_scatter.c

$(BUILD)/bin/collalg-tune: src/tune/collalg-tune.c
$(BUILD)/bin/tuned_check: src/tune/tuned_check.c
$(BUILD)/bin/collalg-guidelines: src/guidelines/collalg-guidelines.c
$(TOOLS:%=$(BUILD)/bin/%): $(HEADERS) $(TUNE_SRC)
	@mkdir -p $(@D)
	$(MPICC) $(TESTCFLAGS) -Iinclude $(filter %.c,$^) -o $@

# The README's test command. Installs what is missing first, then (in sub-makes, so that the
# compilers the first step installed are found) builds and checks everything that is not a suite,
# CHECK_JOBS recipes at a time (the compiles, header checks and figures are independent), and
# runs the suites (check-suites: the simulated tests CHECK_JOBS suites at a time, then the others
# one after the other: they launch MPI jobs that share the cores).
CHECK_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
check: deps
	@$(MAKE) --no-print-directory -j$(CHECK_JOBS) check-prep
	@$(MAKE) --no-print-directory check-suites

# The larger matrix (tests/launch.h, cl_large): run before resolving an issue.
check-large: deps
	@COLLALG_CHECK_LARGE=1 $(MAKE) --no-print-directory -j$(CHECK_JOBS) check-prep
	@COLLALG_CHECK_LARGE=1 $(MAKE) --no-print-directory check-suites

check-prep: format-check layout-check build headers pure-headers docs

# Both steps in one make (no deps step, one recipe at a time unless -j is given).
check-run: check-prep
	@$(MAKE) --no-print-directory check-suites

# The suites alone (check-prep done), in two passes:
#  1. the simulated tests (named smp* or *smpi*: one smpirun each, a single-threaded process),
#     CHECK_JOBS suites at a time (check-sim/<suite>; a suite's own tests one after the other,
#     as some of them share a log directory); each suite's output is printed when it ends;
#  2. every other test (MPICH, Open MPI, valgrind, unit tests), one suite and one test at a time
#     (an MPICH rank waits by polling: ranks beyond the cores yield them, tests/yield.c, but two
#     ranks beside a simulation would busy-poll against it), but for CR_PURE_SUITES.
# Each pass writes JUnit reports (every test's status and seconds): build/reports/<suite>-sim.xml
# and build/reports/<suite>.xml. On the idle 2-core machine the passes took 508 s and 1257 s
# before the yield library and the cuts of 2026-11-29, 309 s and 632 s after them, 303 s and
# 652 s with more tests and the SimGrid waits of that evening, 313 s and 557 s with bigoffsets cut
# (clean clones; docs/testing.md).
# Both at once took 1110 s: the machine is saturated either way, and the MPICH runs suffered most.
CR_SIM_TESTS := @(*/smp*|*smpi*)
# Suites that start no MPI program (the schedules simulated in one process): their tests run
# CHECK_JOBS at a time in the second pass (test_steps: 185 s one at a time beside a benchmark).
CR_PURE_SUITES := test_steps
# `make -n` runs a recipe line that names $(MAKE) (check-suites' first line, for check-sim), so the
# suites it would start are printed instead (DRY_RUN is "echo" under make -n).
DRY_RUN = $(if $(findstring n,$(firstword -$(MAKEFLAGS))),echo)
check-suites:
	@mkdir -p $(BUILD)/reports; start=$$(date +%s); fail=0; \
	$(MAKE) --no-print-directory -k -j$(CHECK_JOBS) $(CR_SUITES:%=check-sim/%) || fail=1; \
	echo "== simulated tests finished in $$(( $$(date +%s) - start )) s"; \
	for s in $(CR_SUITES); do \
	  t0=$$(date +%s); echo "== $$s"; \
	  $(DRY_RUN) $(BUILD)/tests/$$s $(CRITERION_FLAGS) $$(case ' $(CR_PURE_SUITES) ' in *" $$s "*) echo --jobs $(CHECK_JOBS) ;; esac) \
	    --filter='!$(patsubst @%,%,$(CR_SIM_TESTS))' \
	    --xml=$(BUILD)/reports/$$s.xml || fail=1; \
	  echo "== $$s: $$(( $$(date +%s) - t0 )) s"; \
	done; \
	echo "== all suites finished in $$(( $$(date +%s) - start )) s"; \
	exit $$fail

check-sim/%:
	@t0=$$(date +%s); log=$(BUILD)/reports/$*-sim.log; \
	$(BUILD)/tests/$* $(CRITERION_FLAGS) --filter='$(CR_SIM_TESTS)' --xml=$(BUILD)/reports/$*-sim.xml >$$log 2>&1; \
	rc=$$?; echo "== $* (simulated)"; cat $$log; echo "== $* (simulated): $$(( $$(date +%s) - t0 )) s"; exit $$rc

# A fast loop on one family: make check-quick FAMILY=allreduce builds the family's suite and the
# MPICH programs it names (build/mpich/<program>), and runs the suite's MPICH tests alone
# (--filter '*/mpich*': p = 1 .. 3 and the node-split runs; the check-large ones are skipped).
# The families: the suites that launch MPICH runs of a program of tests/mpi/ of their name.
QUICK_FAMILIES = $(sort $(filter $(MPI_PROGS),$(patsubst tests/test_%.c,%,$(shell grep -lE 'cl_mpich|CL_MATRIX' tests/test_*.c))))
check-quick:
	@test -n '$(FAMILY)' || { echo "check-quick: name a family: make check-quick FAMILY=<family>, one of:"; \
	  echo "  $(QUICK_FAMILIES)"; exit 2; }
	@case ' $(QUICK_FAMILIES) ' in *' $(FAMILY) '*) ;; *) \
	  echo "check-quick: unknown FAMILY=$(FAMILY) (no tests/test_$(FAMILY).c with MPICH runs of tests/mpi/$(FAMILY).c); one of:"; \
	  echo "  $(QUICK_FAMILIES)"; exit 2 ;; esac
	@progs=$$(for p in $$(grep -o '"[a-z_]*"' tests/test_$(FAMILY).c | tr -d '"' | sort -u); do \
	  case ' $(MPI_PROGS) ' in *" $$p "*) echo $(BUILD)/mpich/$$p ;; esac; done); \
	$(MAKE) --no-print-directory $(BUILD)/tests/test_$(FAMILY) $$progs
	@t0=$$(date +%s); $(BUILD)/tests/test_$(FAMILY) $(CRITERION_FLAGS) --filter='*/mpich*'; rc=$$?; \
	echo "check-quick: $(FAMILY), MPICH tests: $$(( $$(date +%s) - t0 )) s"; exit $$rc

# The valgrind tests of tests/test_core.c (valgrind/<program>_p<n>): memcheck on every rank of an
# MPICH run, no invalid access and no definite or indirect leak outside the MPI library
# (tests/valgrind.supp); COLLALG_CHECK_LARGE=1 adds the families make check leaves out.
valgrind: $(BUILD)/tests/test_core $(MPI_PROGS:%=$(BUILD)/mpich/%)
	@command -v valgrind >/dev/null || { echo "valgrind: valgrind is not installed (make deps, as root)"; exit 1; }
	@t0=$$(date +%s); $(BUILD)/tests/test_core $(CRITERION_FLAGS) --filter='valgrind/*'; rc=$$?; \
	echo "valgrind: $$(( $$(date +%s) - t0 )) s"; exit $$rc

# Every C file follows .clang-format (clang-format 14).
FORMAT_FILES := $(sort $(shell find include src tests examples docs/figures -name '*.[ch]'))
format-check:
	@sh scripts/spdx.sh
	@clang-format --dry-run --Werror $(FORMAT_FILES)
	@echo "format-check: $(words $(FORMAT_FILES)) files follow .clang-format"

# Each header alone, included twice (self-contained, guarded): with gcc and MPICH's mpi.h, one stamp
# per header (build/headers/<header>.ok) so that make -j checks several at once; then every header
# in one translation unit, twice, with each other compiler: clang with MPICH's mpi.h, gcc and clang
# with Open MPI's (mpicc.openmpi, installed beside MPICH by make deps), smpicc (SimGrid's mpi.h) and
# g++ as C++. Whether a header includes what it uses does not depend on the compiler, and the
# single translation unit sees every line under each of them. COLLALG_CHECK_LARGE=1 (make
# check-large) checks each header alone with all six (stamps <header>.all.ok).
HEADER_STAMP := $(if $(COLLALG_CHECK_LARGE),all.ok,ok)
HEADER_OKS := $(HEADERS:include/%=$(BUILD)/headers/%.$(HEADER_STAMP))
HEADER_CXX := $(shell $(MPICC) -show 2>/dev/null | tr ' ' '\n' | grep '^-I' | tr '\n' ' ')
# $(call header_cc,<source>,<what>): the five compilers other than gcc with MPICH on one file.
define header_cc
MPICH_CC=clang $(MPICC) $(STRICT) -Iinclude -c $(1) -o $(1:.c=.o) || { echo "headers: $(2) with clang (MPICH)"; exit 1; }; \
OMPI_CC=gcc $(OMPICC) $(STRICT) -Iinclude -c $(1) -o $(1:.c=.o) || { echo "headers: $(2) with $(OMPICC) (Open MPI)"; exit 1; }; \
OMPI_CC=clang $(OMPICC) $(STRICT) -Iinclude -c $(1) -o $(1:.c=.o) || { echo "headers: $(2) with $(OMPICC) and clang (Open MPI)"; exit 1; }; \
rm -f $(1:.c=.o); $(SMPICC) $(STRICT) -Iinclude -c $(1) -o $(1:.c=.o) 2>&1 | grep -v '^\[' ; \
test -s $(1:.c=.o) || { echo "headers: $(2) with $(SMPICC) (SimGrid)"; exit 1; }; \
cp $(1) $(1:.c=.cpp); \
g++ -std=c++11 -pedantic -Wall -Wextra -Werror $(HEADER_CXX) -Iinclude -c $(1:.c=.cpp) -o $(1:.c=.o) || { echo "headers: $(2) with g++"; exit 1; }
endef
headers: $(HEADER_OKS) $(BUILD)/headers/every.ok
	@mkdir -p $(BUILD)/headers
	@printf '#include <collalg/collalg.h>\nint main(void){return 0;}\n' > $(BUILD)/headers/u.c; \
	$(MPICC) $(STRICT) -DCOLLALG_USE_PMPI -Iinclude -c $(BUILD)/headers/u.c -o $(BUILD)/headers/u.o || exit 1; \
	$(MPICC) $(STRICT) -DCOLLALG_NO_ARG_CHECKS -Iinclude -c $(BUILD)/headers/u.c -o $(BUILD)/headers/u.o || exit 1; \
	$(OMPICC) $(STRICT) -DCOLLALG_USE_PMPI -Iinclude -c $(BUILD)/headers/u.c -o $(BUILD)/headers/u.o || exit 1; \
	$(OMPICC) $(STRICT) -DCOLLALG_NO_ARG_CHECKS -Iinclude -c $(BUILD)/headers/u.c -o $(BUILD)/headers/u.o || exit 1; \
	echo "headers: $(words $(HEADERS)) headers compile alone with gcc and MPICH$(if $(COLLALG_CHECK_LARGE), and alone with the five others,), all together with clang, Open MPI (gcc, clang), smpicc and g++; PMPI and no-checks builds compile"

$(BUILD)/headers/%.ok: include/% $(HEADERS)
	@d=$(basename $@).d; h=$*; mkdir -p $$d; \
	printf '#include <%s>\n#include <%s>\nint main(void){return 0;}\n' $$h $$h > $$d/t.c; \
	MPICH_CC=gcc $(MPICC) $(STRICT) -Iinclude -c $$d/t.c -o $$d/t.o || { echo "headers: $$h (gcc, MPICH)"; exit 1; }; \
	rm -rf $$d; touch $@

$(BUILD)/headers/%.all.ok: $(BUILD)/headers/%.ok
	@command -v $(OMPICC) >/dev/null || { echo "headers: $(OMPICC) is missing (Open MPI): run make deps as root"; exit 1; }
	@d=$(basename $(basename $@)).all; h=$*; mkdir -p $$d; \
	printf '#include <%s>\n#include <%s>\nint main(void){return 0;}\n' $$h $$h > $$d/t.c; \
	$(call header_cc,$$d/t.c,$$h); \
	rm -rf $$d; touch $@

$(BUILD)/headers/every.ok: $(HEADERS)
	@command -v $(OMPICC) >/dev/null || { echo "headers: $(OMPICC) is missing (Open MPI): run make deps as root"; exit 1; }
	@mkdir -p $(@D)
	@for i in 1 2; do for h in $(HEADERS:include/%=%); do echo "#include <$$h>"; done; done > $(@D)/every.c; \
	echo 'int main(void){return 0;}' >> $(@D)/every.c; \
	$(call header_cc,$(@D)/every.c,every header together); \
	touch $@

# Which folder of include/collalg may include which (README, "Layout"; scripts/check-layout.sh).
layout-check:
	@sh scripts/check-layout.sh include

# The pure schedules and the topology description they walk need no MPI: each compiles alone with
# plain gcc and clang (C99 and C++), an mpi.h that is an #error first on the include path.
PURE_HEADERS := $(sort $(wildcard include/collalg/schedule/*.h)) include/collalg/machine/topology.h
pure-headers:
	@mkdir -p $(BUILD)/pure-headers/poison
	@echo '#error "a pure header includes mpi.h"' > $(BUILD)/pure-headers/poison/mpi.h
	@for h in $(PURE_HEADERS:include/%=%); do \
	  printf '#include <%s>\n#include <%s>\nint main(void){return 0;}\n' $$h $$h > $(BUILD)/pure-headers/t.c; \
	  cp $(BUILD)/pure-headers/t.c $(BUILD)/pure-headers/t.cpp; \
	  for cc in gcc clang; do \
	    $$cc $(STRICT) -I$(BUILD)/pure-headers/poison -Iinclude -c $(BUILD)/pure-headers/t.c -o $(BUILD)/pure-headers/t.o \
	      || { echo "pure-headers: $$h does not compile without MPI ($$cc)"; exit 1; }; \
	  done; \
	  g++ -std=c++11 -pedantic -Wall -Wextra -Werror -I$(BUILD)/pure-headers/poison -Iinclude \
	      -c $(BUILD)/pure-headers/t.cpp -o $(BUILD)/pure-headers/t.o || exit 1; \
	done; \
	echo "pure-headers: $(words $(PURE_HEADERS)) headers compile without MPI (gcc, clang, g++)"

examples: $(EXAMPLES:%=$(BUILD)/examples/%)

tools: $(TOOLS:%=$(BUILD)/bin/%)

# The reference embeds the communication figures (mk/figures.mk), so they are drawn first.
# Strict: every public parameter documented (WARN_NO_PARAMDOC, WARN_IF_INCOMPLETE_DOC); any warning
# fails the target, and make check runs it. The html directory is rebuilt from scratch so that no
# page of a removed or hidden symbol survives.
# The reference's catalogue page, printed from the catalogue table (src/catalogue/page.c; no MPI).
$(BUILD)/docs/catalogue.md: src/catalogue/page.c include/collalg/catalogue.h
	@mkdir -p $(@D)
	$(CC) $(STRICT) -Iinclude $< -o $(BUILD)/docs/catalogue-page
	$(BUILD)/docs/catalogue-page > $@

docs: figures $(BUILD)/docs/catalogue.md
	@rm -rf $(BUILD)/docs/html
	@mkdir -p $(BUILD)/docs
	doxygen docs/Doxyfile 2> $(BUILD)/docs/warnings.txt
	@if [ -s $(BUILD)/docs/warnings.txt ]; then cat $(BUILD)/docs/warnings.txt; exit 1; fi
	@echo "docs: $(BUILD)/docs/html/index.html (no warnings)"

# The internal reference (private collalg__ helpers, the tuner's internals); warnings are kept in
# build/docs-internal/warnings.txt and do not fail.
docs-internal: figures $(BUILD)/docs/catalogue.md
	@rm -rf $(BUILD)/docs-internal/html
	@mkdir -p $(BUILD)/docs-internal
	doxygen docs/Doxyfile.internal 2> $(BUILD)/docs-internal/warnings.txt
	@echo "docs-internal: $(BUILD)/docs-internal/html/index.html ($$(wc -l < $(BUILD)/docs-internal/warnings.txt) warning lines)"

# make install PREFIX=... [DESTDIR=...]: what a user runs, built first when missing or out of date;
# scripts/install.sh copies it (its header lists every file), writes the pkg-config and CMake files
# (collalg.pc.in, cmake/*.in) and the list of what it installed, which make uninstall removes.
# The Open MPI builds (the PMPI library and the tuner) are installed when $(OMPICC) exists
# (make install INSTALL_OMPI= leaves them out).
VERSION        := 0.1.0
INSTALL_OMPI   := $(if $(shell command -v $(OMPICC) 2>/dev/null),1)
INSTALL_BUILT  := $(BUILD)/bin/collalg-tune $(PMPI_LIB) \
                  $(if $(INSTALL_OMPI),$(BUILD)/openmpi-bin/collalg-tune $(PMPI_OMPI_LIB))
INSTALL_SCRIPT  = DESTDIR='$(DESTDIR)' PREFIX='$(PREFIX)' VERSION='$(VERSION)' BUILD='$(BUILD)' \
                  MPICC='$(MPICC)' OMPI='$(INSTALL_OMPI)' OMPICC='$(OMPICC)' sh scripts/install.sh

install: $(INSTALL_BUILT)
	@$(INSTALL_SCRIPT) install

uninstall:
	@$(INSTALL_SCRIPT) uninstall

clean:
	rm -rf $(BUILD)
