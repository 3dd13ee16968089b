# SPDX-License-Identifier: BSD-3-Clause
# mk/pmpi.mk - the PMPI library (src/pmpi/pmpi.c), included by the top Makefile.
#
#   make pmpi                      build $(BUILD)/lib/libcollalg_pmpi.so from the tuned header of
#                                  `make tune` ($(BUILD)/tuned/collalg_tuned.h) when it exists,
#                                  else with no rule (native collectives unless one is forced)
#   make pmpi PMPI_TUNED=path/collalg_tuned.h    the same from another tuned header
#
#   make pmpi-openmpi              the same library for Open MPI programs (compiled with mpicc.openmpi:
#                                  Open MPI's handles are pointers), $(BUILD)/lib/libcollalg_pmpi_openmpi.so,
#                                  from the header of `make tune MPI=openmpi` ($(BUILD)/tuned-openmpi/)
#                                  when it exists (PMPI_OMPI_TUNED), else as make pmpi
#
#   make pmpi-smpi                 the same source for SimGrid's SMPI programs (compiled with smpicc):
#                                  $(BUILD)/lib/collalg_pmpi_smpi.o, one object to link into the
#                                  program (`smpicc app.c -o app $(BUILD)/lib/collalg_pmpi_smpi.o`);
#                                  a preloaded library is not seen by the simulated ranks
#
# Use: LD_PRELOAD=$(BUILD)/lib/libcollalg_pmpi.so mpiexec -n 4 ./app (see src/pmpi/pmpi.c for the
# COLLALG_<COLL>, COLLALG_PMPI and COLLALG_SELECT_VERBOSE variables). `make build` (hence
# `make check`) also builds both libraries and the unmodified MPI programs of tests/pmpi/ (with
# mpicc and with mpicc.openmpi) that tests/test_pmpi.c runs with and without them. Under Open MPI
# give the library to the ranks only: mpiexec.openmpi -x LD_PRELOAD=... -x COLLALG_BCAST=... ./app.

PMPI_LIB    := $(BUILD)/lib/libcollalg_pmpi.so
PMPI_OMPI_LIB := $(BUILD)/lib/libcollalg_pmpi_openmpi.so
PMPI_SMPI_LIB := $(BUILD)/lib/collalg_pmpi_smpi.o
PMPI_TUNED  ?= $(wildcard $(BUILD)/tuned/collalg_tuned.h)
# Open MPI's library takes the header tuned on Open MPI (make tune MPI=openmpi) when it exists and
# no PMPI_TUNED is given, else PMPI_TUNED's (PMPI_OMPI_TUNED=path chooses its own).
PMPI_OMPI_TUNED ?= $(if $(filter command line environment,$(origin PMPI_TUNED)),$(PMPI_TUNED),$\
                   $(or $(wildcard $(BUILD)/tuned-openmpi/collalg_tuned.h),$(PMPI_TUNED)))
PMPI_CFLAGS ?= -std=c99 -O2 -g -Wall -Wextra -Werror -fPIC
# The private headers the library's source includes: what the tuner and the library share
# (src/catalogue/) and, for now, the tuner's (src/tune/).
PMPI_SRC_DEPS := $(wildcard src/tune/*.h src/catalogue/*.h)
# The files pmpi.c includes: the nonblocking collectives and completion calls, the Fortran entry
# points (both are in every library).
PMPI_PARTS  := src/pmpi/nonblocking.c src/pmpi/persistent.c src/pmpi/neighbor.c src/pmpi/fortran.c src/pmpi/fortran_nonblocking.c \
               src/pmpi/fortran_persistent.c src/pmpi/fortran_neighbor.c
PMPI_PROGS  := $(sort $(basename $(notdir $(wildcard tests/pmpi/*.c))))
# The header in use is recorded, so that another PMPI_TUNED rebuilds the library.
PMPI_STAMP  := $(BUILD)/lib/pmpi-tuned.txt
PMPI_OMPI_STAMP := $(BUILD)/lib/pmpi-openmpi-tuned.txt

.PHONY: pmpi pmpi-openmpi pmpi-smpi pmpi-force

pmpi: $(PMPI_LIB)

pmpi-openmpi: $(PMPI_OMPI_LIB)

pmpi-smpi: $(PMPI_SMPI_LIB)

$(PMPI_STAMP): pmpi-force
	@mkdir -p $(@D)
	@echo '$(PMPI_TUNED)' | cmp -s - $@ || echo '$(PMPI_TUNED)' > $@

$(PMPI_OMPI_STAMP): pmpi-force
	@mkdir -p $(@D)
	@echo '$(PMPI_OMPI_TUNED)' | cmp -s - $@ || echo '$(PMPI_OMPI_TUNED)' > $@

$(PMPI_LIB): src/pmpi/pmpi.c $(HEADERS) $(PMPI_SRC_DEPS) $(PMPI_TUNED) $(PMPI_STAMP)
	@mkdir -p $(@D)
	$(MPICC) $(PMPI_CFLAGS) -shared -Iinclude \
	    $(if $(PMPI_TUNED),-I$(dir $(PMPI_TUNED)) -DCOLLALG_PMPI_TUNED_HEADER='"$(notdir $(PMPI_TUNED))"') \
	    src/pmpi/pmpi.c -o $@

$(PMPI_OMPI_LIB): src/pmpi/pmpi.c $(HEADERS) $(PMPI_SRC_DEPS) $(PMPI_OMPI_TUNED) $(PMPI_OMPI_STAMP)
	@mkdir -p $(@D)
	$(OMPICC) $(PMPI_CFLAGS) -shared -Iinclude \
	    $(if $(PMPI_OMPI_TUNED),-I$(dir $(PMPI_OMPI_TUNED)) -DCOLLALG_PMPI_TUNED_HEADER='"$(notdir $(PMPI_OMPI_TUNED))"') \
	    src/pmpi/pmpi.c -o $@

# SimGrid: smpicc builds each program as a shared object that smpirun loads once per simulated rank
# (dlopen), so LD_PRELOAD never reaches it; the library's object is linked into the program
# instead, whose own MPI_<Coll> then serve its calls (src/pmpi/pmpi.c, "SimGrid"). An object, not
# an archive: smpi.h declares every MPI_ function weak, so the program's references are weak
# undefined symbols, which never pull a member out of an archive.
$(PMPI_SMPI_LIB): src/pmpi/pmpi.c $(PMPI_PARTS) $(HEADERS) $(PMPI_SRC_DEPS) $(PMPI_TUNED) $(PMPI_STAMP)
	@mkdir -p $(@D)
	$(SMPICC) $(PMPI_CFLAGS) -Iinclude \
	    $(if $(PMPI_TUNED),-I$(dir $(PMPI_TUNED)) -DCOLLALG_PMPI_TUNED_HEADER='"$(notdir $(PMPI_TUNED))"') \
	    -c src/pmpi/pmpi.c -o $@ 2>&1 | grep -v '^\[' || true
	@test -f $@

# The SimGrid programs tests/test_pmpi.c runs: linked with the library (build/pmpi-smpi/) and
# without it (build/pmpi-smpi-native/, the reference).
PMPI_SMPI_PROGS := alltoall allreduce reduce_scatter_block nonblocking
$(BUILD)/pmpi-smpi/%: tests/pmpi/%.c tests/pmpi/pm_common.h $(PMPI_SMPI_LIB)
	@mkdir -p $(@D)
	$(SMPICC) $(TESTCFLAGS) $< -o $@ $(PMPI_SMPI_LIB) 2>&1 | grep -v '^\[' || true
	@test -x $@

$(BUILD)/pmpi-smpi-native/%: tests/pmpi/%.c tests/pmpi/pm_common.h
	@mkdir -p $(@D)
	$(SMPICC) $(TESTCFLAGS) $< -o $@ 2>&1 | grep -v '^\[' || true
	@test -x $@

build: $(PMPI_SMPI_PROGS:%=$(BUILD)/pmpi-smpi/%) $(PMPI_SMPI_PROGS:%=$(BUILD)/pmpi-smpi-native/%)
$(BUILD)/pmpi-smpi/reduce_scatter_block $(BUILD)/pmpi-smpi-native/reduce_scatter_block: tests/pmpi/reduce_scatter.c

# The test programs only call MPI (no collalg header): built with plain mpicc.
$(BUILD)/pmpi/%: tests/pmpi/%.c tests/pmpi/pm_common.h
	@mkdir -p $(@D)
	$(MPICC) $(TESTCFLAGS) $< -o $@

$(BUILD)/pmpi-openmpi/%: tests/pmpi/%.c tests/pmpi/pm_common.h
	@mkdir -p $(@D)
	$(OMPICC) $(OMPI_TESTCFLAGS) $< -o $@

# exscan.c and reduce_scatter_block.c are scan.c and reduce_scatter.c with one macro set.
$(BUILD)/pmpi/exscan $(BUILD)/pmpi-openmpi/exscan: tests/pmpi/scan.c
$(BUILD)/pmpi/reduce_scatter_block $(BUILD)/pmpi-openmpi/reduce_scatter_block: tests/pmpi/reduce_scatter.c

build: $(PMPI_LIB) $(PMPI_PROGS:%=$(BUILD)/pmpi/%) $(PMPI_OMPI_LIB) $(PMPI_PROGS:%=$(BUILD)/pmpi-openmpi/%)

# Fortran. src/pmpi/fortran.c (included by pmpi.c) holds the Fortran entry points of both
# libraries. The unmodified Fortran programs of tests/pmpi/fortran/ (mpifh.f90: include 'mpif.h',
# usempi.f90: use mpi, f08.f90: use mpi_f08) are built with mpif90 (MPICH) into
# $(BUILD)/pmpi-fortran/ and with mpif90.openmpi into $(BUILD)/pmpi-fortran-openmpi/ for
# tests/test_pmpi_fortran.c. -fallow-argument-mismatch: mpif.h declares no interfaces, and gfortran
# >= 10 rejects one routine called with buffers of different types without it; neither has MPICH's
# `use mpi` for the buffer routines (-w for mpifh and usempi: the warnings left are that mismatch). Debian 12's mpif90.openmpi links -lmpi from a
# directory that does not exist, so the linker found the default MPI's libmpi.so (MPICH): Open
# MPI's library directory (as mpicc.openmpi reports it) goes first.
PMPI_FC     ?= mpif90
PMPI_OMPIFC ?= mpif90.openmpi
PMPI_FFLAGS ?= -O1 -g -Wall -fallow-argument-mismatch
PMPI_FPROGS := $(sort $(basename $(notdir $(wildcard tests/pmpi/fortran/*.f90))))
PMPI_FDEPS  := $(wildcard tests/pmpi/fortran/*.inc)
PMPI_OMPI_LIBDIRS := $(shell $(OMPICC) --showme:libdirs 2>/dev/null)

$(PMPI_LIB) $(PMPI_OMPI_LIB): $(PMPI_PARTS)

$(foreach d,pmpi-fortran pmpi-fortran-openmpi,$(BUILD)/$(d)/mpifh $(BUILD)/$(d)/usempi $(BUILD)/$(d)/nonblocking): PMPI_FFLAGS += -w
# persistent.f90 calls MPI_<COLL>_INIT under MPICH and MPIX_<COLL>_INIT under Open MPI 4.1 (its
# pcollreq extension's names): preprocessed, with PM_MPIX defined for Open MPI.
# neighbor.f90 and persistent_f08.f90 (use mpi_f08, and mpi_f08_ext under Open MPI) likewise.
$(foreach d,pmpi-fortran pmpi-fortran-openmpi,$(BUILD)/$(d)/persistent $(BUILD)/$(d)/persistent_f08 $(BUILD)/$(d)/neighbor): PMPI_FFLAGS += -w -cpp
$(foreach f,persistent persistent_f08 neighbor,$(BUILD)/pmpi-fortran-openmpi/$(f)): PMPI_FFLAGS += -DPM_MPIX

$(BUILD)/pmpi-fortran/%: tests/pmpi/fortran/%.f90 $(PMPI_FDEPS)
	@mkdir -p $(@D)
	$(PMPI_FC) $(PMPI_FFLAGS) $< -o $@

$(BUILD)/pmpi-fortran-openmpi/%: tests/pmpi/fortran/%.f90 $(PMPI_FDEPS)
	@mkdir -p $(@D)
	$(PMPI_OMPIFC) $(PMPI_FFLAGS) $(addprefix -L,$(PMPI_OMPI_LIBDIRS)) $< -o $@

build: $(PMPI_FPROGS:%=$(BUILD)/pmpi-fortran/%) $(PMPI_FPROGS:%=$(BUILD)/pmpi-fortran-openmpi/%)
