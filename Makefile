# collalg - header-only catalogue of MPI collective algorithms.
#
#   make check              install missing packages (as root), build and run every test
#   make check-large        the same with the larger matrix (every family also at MPICH p = 5 .. 8 and SimGrid
#                           p = 31, 32, 64; more valgrind and PMPI runs)
#   make headers            compile each header alone (twice; make -j checks several at once), strict C99 and C++, gcc and clang,
#                           against MPICH's, Open MPI's and SimGrid's mpi.h
#   make layout-check       which folder of include/collalg includes which (README, "Layout")
#   make pure-headers       compile each pure schedule header (schedule/, machine/topology.h)
#                           without MPI: an mpi.h that stops the compiler comes first on the path
#   make examples           build the example programs (examples/)
#   make tools              build the tuner and its companions (src/tune, src/guidelines: build/bin)
#   make docs               Doxygen HTML in build/docs (zero warnings, strict), with the figures of make figures
#   make docs-internal      the same with the private helpers and the tuner's internals (build/docs-internal)
#   make figures            every algorithm's messages recorded under SimGrid and drawn (build/figures)
#   make bench-topology     topology algorithms vs SimGrid's selectors on switched clusters (build/bench)
#   make bench-hierarchical the hierarchical algorithms on the 16 x 8-core cluster (build/bench)
#   make bench-reductions   reduce, reduce_scatter_block, scan on the smp and switched clusters (build/bench)
#   make bench-rooted       gather and scatter on the same platforms (build/bench)
#   make bench-flat         bcast and allreduce on flat clusters of 32, 128, 512 hosts (build/bench)
#   make bench-overhead     per-call software overhead of every algorithm and tuned routine at 8 B, p = 2, 4:
#                           instructions outside MPI (callgrind) and MPI calls (mk/overhead.mk, docs/overhead.md)
#   make bench-node         the tuner on every core of this node, then native, tuned and best single algorithm
#                           at every collective and size for MPICH and Open MPI (mk/node.mk, docs/bench-node.md)
#   make pmpi               the PMPI library build/lib/libcollalg_pmpi.so (mk/pmpi.mk, src/pmpi/pmpi.c);
#                           make pmpi-openmpi: the same for Open MPI programs
#   make install PREFIX=... headers and collalg.pc
#   make valgrind           a subset of the algorithms under valgrind (leaks and errors)

PREFIX  ?= /usr/local
BUILD   := build
MPICC   ?= mpicc
OMPICC  ?= mpicc.openmpi
SMPICC  ?= smpicc
CC      ?= cc
TESTCFLAGS ?= -std=c99 -O2 -g -Wall -Wextra -Werror
STRICT  := -std=c99 -pedantic -Wall -Wextra -Werror
CRITERION_FLAGS ?= --jobs 1

HEADERS   := $(shell find include -name '*.h' | sort)
MPI_PROGS := $(sort $(basename $(notdir $(wildcard tests/mpi/*.c))))
CR_SUITES := $(sort $(basename $(notdir $(wildcard tests/test_*.c))))
EXAMPLES  := $(sort $(basename $(notdir $(wildcard examples/*.c))))
# The programs built from the catalogue (src/): the tuner, its result check and the guideline
# check, each from its own folder; the PMPI library is mk/pmpi.mk's.
TOOLS     := collalg-tune tuned_check collalg-guidelines
TUNE_SRC  := $(wildcard src/tune/*.h)
TEST_DEPS := $(HEADERS) $(wildcard tests/mpi/*.h)

# Extra targets (e.g. the tuner: mk/tune.mk).
-include $(wildcard mk/*.mk)

.PHONY: all deps deps-tune deps-tune-smpi build check check-large check-prep check-run check-suites format-check headers pure-headers layout-check examples tools docs docs-internal install uninstall valgrind clean

all: build

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

$(BUILD)/tests/%: tests/%.c tests/launch.h $(HEADERS)
	@mkdir -p $(@D)
	$(CC) $(TESTCFLAGS) -Iinclude -Itests $< -o $@ -lcriterion

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
#  2. every other test (MPICH, Open MPI, valgrind, unit tests), one suite and one test at a time:
#     MPICH past 2 ranks already busy-polls on more ranks than cores.
# Each pass writes JUnit reports (every test's status and seconds): build/reports/<suite>-sim.xml
# and build/reports/<suite>.xml. On the idle 2-core machine the suites took 1342 s in one pass and
# 908 s in these two (simulated 364 s, the others 544 s).
CR_SIM_TESTS := @(*/smp*|*smpi*)
check-suites:
	@mkdir -p $(BUILD)/reports; start=$$(date +%s); fail=0; \
	$(MAKE) --no-print-directory -k -j$(CHECK_JOBS) $(CR_SUITES:%=check-sim/%) || fail=1; \
	echo "== simulated tests finished in $$(( $$(date +%s) - start )) s"; \
	for s in $(CR_SUITES); do \
	  t0=$$(date +%s); echo "== $$s"; \
	  $(BUILD)/tests/$$s $(CRITERION_FLAGS) --filter='!$(patsubst @%,%,$(CR_SIM_TESTS))' \
	    --xml=$(BUILD)/reports/$$s.xml || fail=1; \
	  echo "== $$s: $$(( $$(date +%s) - t0 )) s"; \
	done; \
	echo "== all suites finished in $$(( $$(date +%s) - start )) s"; \
	exit $$fail

check-sim/%:
	@t0=$$(date +%s); log=$(BUILD)/reports/$*-sim.log; \
	$(BUILD)/tests/$* $(CRITERION_FLAGS) --filter='$(CR_SIM_TESTS)' --xml=$(BUILD)/reports/$*-sim.xml >$$log 2>&1; \
	rc=$$?; echo "== $* (simulated)"; cat $$log; echo "== $* (simulated): $$(( $$(date +%s) - t0 )) s"; exit $$rc

# Every C file follows .clang-format (clang-format 14).
FORMAT_FILES := $(sort $(shell find include src tests examples docs/figures -name '*.[ch]'))
format-check:
	@clang-format --dry-run --Werror $(FORMAT_FILES)
	@echo "format-check: $(words $(FORMAT_FILES)) files follow .clang-format"

# Each header alone, included twice: gcc and clang as strict C99 with MPICH's mpi.h and with Open
# MPI's (mpicc.openmpi, installed beside MPICH by make deps), smpicc (SimGrid's mpi.h), and g++ as
# C++; one stamp per header (build/headers/<header>.ok), so that make -j checks several at once.
HEADER_OKS := $(HEADERS:include/%=$(BUILD)/headers/%.ok)
HEADER_CXX := $(shell $(MPICC) -show 2>/dev/null | tr ' ' '\n' | grep '^-I' | tr '\n' ' ')
headers: $(HEADER_OKS)
	@mkdir -p $(BUILD)/headers
	@printf '#include <collalg/collalg.h>\nint main(void){return 0;}\n' > $(BUILD)/headers/u.c; \
	$(MPICC) $(STRICT) -DCOLLALG_USE_PMPI -Iinclude -c $(BUILD)/headers/u.c -o $(BUILD)/headers/u.o || exit 1; \
	$(MPICC) $(STRICT) -DCOLLALG_NO_ARG_CHECKS -Iinclude -c $(BUILD)/headers/u.c -o $(BUILD)/headers/u.o || exit 1; \
	$(OMPICC) $(STRICT) -DCOLLALG_USE_PMPI -Iinclude -c $(BUILD)/headers/u.c -o $(BUILD)/headers/u.o || exit 1; \
	$(OMPICC) $(STRICT) -DCOLLALG_NO_ARG_CHECKS -Iinclude -c $(BUILD)/headers/u.c -o $(BUILD)/headers/u.o || exit 1; \
	echo "headers: $(words $(HEADERS)) headers compile alone (gcc, clang, with MPICH and Open MPI; smpicc; g++); PMPI and no-checks builds compile"

$(BUILD)/headers/%.ok: include/% $(HEADERS)
	@command -v $(OMPICC) >/dev/null || { echo "headers: $(OMPICC) is missing (Open MPI): run make deps as root"; exit 1; }
	@d=$(basename $@).d; h=$*; mkdir -p $$d; \
	printf '#include <%s>\n#include <%s>\nint main(void){return 0;}\n' $$h $$h > $$d/t.c; \
	cp $$d/t.c $$d/t.cpp; \
	MPICH_CC=gcc $(MPICC) $(STRICT) -Iinclude -c $$d/t.c -o $$d/t.o || exit 1; \
	MPICH_CC=clang $(MPICC) $(STRICT) -Iinclude -c $$d/t.c -o $$d/t.o || exit 1; \
	OMPI_CC=gcc $(OMPICC) $(STRICT) -Iinclude -c $$d/t.c -o $$d/t.o || { echo "headers: $$h with $(OMPICC) (Open MPI)"; exit 1; }; \
	OMPI_CC=clang $(OMPICC) $(STRICT) -Iinclude -c $$d/t.c -o $$d/t.o || { echo "headers: $$h with $(OMPICC) and clang (Open MPI)"; exit 1; }; \
	rm -f $$d/t.o; $(SMPICC) $(STRICT) -Iinclude -c $$d/t.c -o $$d/t.o 2>&1 | grep -v '^\[' ; \
	test -s $$d/t.o || { echo "headers: $$h with $(SMPICC) (SimGrid)"; exit 1; }; \
	g++ -std=c++11 -pedantic -Wall -Wextra -Werror $(HEADER_CXX) -Iinclude -c $$d/t.cpp -o $$d/t.o || exit 1; \
	rm -rf $$d; touch $@

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
docs: figures
	@rm -rf $(BUILD)/docs/html
	@mkdir -p $(BUILD)/docs
	doxygen docs/Doxyfile 2> $(BUILD)/docs/warnings.txt
	@if [ -s $(BUILD)/docs/warnings.txt ]; then cat $(BUILD)/docs/warnings.txt; exit 1; fi
	@echo "docs: $(BUILD)/docs/html/index.html (no warnings)"

# The internal reference (private collalg__ helpers, the tuner's internals); warnings are kept in
# build/docs-internal/warnings.txt and do not fail.
docs-internal: figures
	@rm -rf $(BUILD)/docs-internal/html
	@mkdir -p $(BUILD)/docs-internal
	doxygen docs/Doxyfile.internal 2> $(BUILD)/docs-internal/warnings.txt
	@echo "docs-internal: $(BUILD)/docs-internal/html/index.html ($$(wc -l < $(BUILD)/docs-internal/warnings.txt) warning lines)"

install:
	@mkdir -p $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig
	cp -R include/collalg $(DESTDIR)$(PREFIX)/include/
	sed 's|@PREFIX@|$(PREFIX)|g' collalg.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/collalg.pc

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/include/collalg $(DESTDIR)$(PREFIX)/lib/pkgconfig/collalg.pc

clean:
	rm -rf $(BUILD)
