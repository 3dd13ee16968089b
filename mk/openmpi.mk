# mk/openmpi.mk - Open MPI beside MPICH, included by the top Makefile.
#
# scripts/install-deps.sh installs Open MPI under its own names (mpicc.openmpi, mpiexec.openmpi);
# MPICH stays the default mpicc and mpiexec. `make headers` compiles every header with $(OMPICC)
# (set in the Makefile) too, and `make build` (hence `make check`) builds, with it, one test
# program per collective family and two of the core into $(BUILD)/openmpi/, and examples/hello.c
# into $(BUILD)/openmpi-examples/; tests/test_openmpi.c runs them under mpiexec.openmpi.

# This file is read before the Makefile's first rule: keep `all` the default goal.
ifeq ($(.DEFAULT_GOAL),)
.DEFAULT_GOAL := all
endif

# One program per collective family, and the error classes and the private communicator of the
# core. Not barrier and select: their timed checks compare MPI_Wtime readings of different ranks,
# and Open MPI's MPI_Wtime counts from each process's own start (their headers still compile with
# Open MPI in make headers).
OPENMPI_PROGS := $(filter alltoall allgather allreduce bcast alltoallv allgatherv barrier alltoallw gather scatter gatherv scatterv reduce scan exscan reduce_scatter_block reduce_scatter select select_rooted errors isolation node shm reduce_local,$(MPI_PROGS))

$(BUILD)/openmpi/%: tests/mpi/%.c $(TEST_DEPS)
	@mkdir -p $(@D)
	$(OMPICC) $(TESTCFLAGS) -Iinclude $< -o $@

$(BUILD)/openmpi-examples/%: examples/%.c $(HEADERS)
	@mkdir -p $(@D)
	$(OMPICC) $(TESTCFLAGS) -Iinclude $< -o $@

build: $(OPENMPI_PROGS:%=$(BUILD)/openmpi/%) $(BUILD)/openmpi-examples/hello
