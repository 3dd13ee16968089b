# SPDX-License-Identifier: BSD-3-Clause
# mk/openmpi.mk - Open MPI beside MPICH, included by the top Makefile.
#
# scripts/install-deps.sh installs Open MPI under its own names (mpicc.openmpi, mpiexec.openmpi);
# MPICH stays the default mpicc and mpiexec. `make headers` compiles every header with $(OMPICC)
# (set in the Makefile) too, and `make build` (hence `make check`) builds, with it, the test
# programs of OPENMPI_PROGS below into $(BUILD)/openmpi/ and examples/hello.c into
# $(BUILD)/openmpi-examples/; tests/test_openmpi.c runs them under mpiexec.openmpi.

# The program of every collective family (barrier included), the selector's (select,
# select_rooted), the node level and the shared-memory family (node, shm), and of the core the
# error classes, the private communicator and the local reduction (errors, isolation,
# reduce_local). Left out: bigoffsets (offsets past 2 GiB) and topology (tests/test_topology_mpi.c
# runs it under MPICH and SimGrid only). The barrier's and the selector's timed checks compare
# clock readings of different ranks: Open MPI's MPI_Wtime counts from each process's own start,
# so under Open MPI they read CLOCK_MONOTONIC, one clock for the whole host (th_stamp,
# tests/mpi/harness.h).
OPENMPI_PROGS := $(filter alltoall allgather allreduce bcast alltoallv allgatherv barrier alltoallw gather scatter gatherv scatterv reduce scan exscan reduce_scatter_block reduce_scatter select select_rooted errors isolation node shm reduce_local nonblocking neighbor,$(MPI_PROGS))

$(BUILD)/openmpi/%: tests/mpi/%.c $(TEST_DEPS)
	@mkdir -p $(@D)
	$(OMPICC) $(OMPI_TESTCFLAGS) -Iinclude $< -o $@

$(BUILD)/openmpi-examples/%: examples/%.c $(HEADERS)
	@mkdir -p $(@D)
	$(OMPICC) $(OMPI_TESTCFLAGS) -Iinclude $< -o $@

build: $(OPENMPI_PROGS:%=$(BUILD)/openmpi/%) $(BUILD)/openmpi-examples/hello
