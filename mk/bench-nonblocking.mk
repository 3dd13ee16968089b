# SPDX-License-Identifier: BSD-3-Clause
# mk/bench-nonblocking.mk - the nonblocking collectives' benchmark (not a test: it asserts nothing),
# included by the top Makefile.
#
#   make bench-nonblocking  iallreduce, ibcast, iallgather, ialltoall and ireduce_scatter_block
#                         under SimGrid, p = 16 on tests/platform/cluster.xml, 8 B to 4 MiB: two
#                         or three of the catalogue's nonblocking algorithms per collective
#                         (collalg-nb: start + collalg_progress() and MPI_Test until done), each
#                         with the blocking algorithm of the same schedule (collalg-blocking),
#                         SimGrid's native MPI_I<collective> (native-nb: start + MPI_Wait), and
#                         the overlap of the nonblocking ones as OSU's osu_i* benchmarks define it
#                         (src/bench/nonblocking.c says how each number is made and lists the
#                         algorithms); writes build/bench/nonblocking.csv
#                         (platform,collective,bytes,impl,algorithm,ms,overlap_pct), one figure per
#                         collective (build/bench/nonblocking-<collective>.svg and .png: time and
#                         overlap against size) and the table build/bench/nonblocking.md with the
#                         issue's targets per collective (src/bench/nonblocking_report.py).
#                         About 75 minutes on 2 cores beside other jobs (one smpirun per
#                         collective; ialltoall, 22 minutes, the longest).
#
# Variables: NB_NP (16), NB_XML and NB_HOSTFILE (tests/platform/cluster.xml, tests/platform/hostfile),
# NB_PLATFORM (the CSV's platform column, cluster-16), NB_SIZES (comma-separated bytes), NB_REPS
# (samples per measurement, 3: the simulation is deterministic), NB_COLLS (comma-separated),
# NB_ALGS (comma-separated algorithm names, empty: all), NB_OUT (the output directory, build/bench),
# NB_SMPI_FLAGS (below), BENCH_LOCK (a command prefix for smpirun, as in mk/bench.mk).
#
# SimGrid flags: --cfg=smpi/bw-factor:0:1 --cfg=smpi/lat-factor:0:1 as the other benchmarks;
# --cfg=smpi/simulate-computation:yes, without which smpi_execute_flops (the overlap test's
# computation) burns nothing; and --cfg=smpi/test:1e-7 --cfg=smpi/grow-injected-times:no. SimGrid
# makes every MPI_Test sleep (so that a loop of tests lets simulated time advance): by default
# 1e-4 s times a counter that grows with every unsuccessful test and is shared by all the
# simulated ranks (a static variable of SimGrid 3.32's Request::test), and MPI_Testsome and the
# test of a native nonblocking collective sleep once per request they test. With the defaults a
# polled 8-byte ibcast measured 1.2 ms (blocking: 0.02 ms): the polling, not the algorithm. 1e-7 s
# a request, constant, is about what a real MPI_Test costs; it still ends every polling loop.

NB_NP       ?= 16
NB_XML      ?= tests/platform/cluster.xml
NB_HOSTFILE ?= tests/platform/hostfile
NB_PLATFORM ?= cluster-16
NB_SIZES    ?= 8,64,512,4096,16384,65536,262144,1048576,4194304
NB_REPS     ?= 3
NB_COLLS    ?= iallreduce,ibcast,iallgather,ialltoall,ireduce_scatter_block
NB_SMPI_FLAGS ?= --log=root.thres:warning --cfg=smpi/display-timing:no --cfg=smpi/bw-factor:0:1 \
                 --cfg=smpi/lat-factor:0:1 --cfg=smpi/simulate-computation:yes --cfg=smpi/test:1e-7 \
                 --cfg=smpi/grow-injected-times:no
NB_OUT  ?= $(BUILD)/bench
NB_PROG := $(BUILD)/smpi-bench/nonblocking
# One smpirun per collective c of NB_COLLS, at NB_SIZES_<c> (default NB_SIZES) with the algorithms
# NB_ALGS_<c> (default NB_ALGS, empty: all): the words c:sizes:algorithms the recipe loops over.
nb_comma := ,
NB_RUNS = $(foreach c,$(subst $(nb_comma), ,$(NB_COLLS)),$(c):$(or $(NB_SIZES_$(c)),$(NB_SIZES)):$(or $(NB_ALGS_$(c)),$(NB_ALGS),all))

.PHONY: bench-nonblocking bench-nonblocking-run bench-nonblocking-smp bench-nonblocking-c

# make build compiles it too (so that it never rots); only bench-nonblocking runs it.
build: $(NB_PROG)

$(NB_PROG): src/bench/nonblocking.c src/bench/names.h $(HEADERS)
	@mkdir -p $(@D)
	$(SMPICC) $(TESTCFLAGS) -Iinclude $< -o $@ 2>&1 | grep -v '^\[' || true
	@test -x $@

bench-nonblocking: deps
	@$(MAKE) --no-print-directory bench-nonblocking-run

# The issue's two other platforms, each a subset (SimGrid at p = 128 takes about a minute per
# algorithm, size and measurement): the smp platform (16 nodes of 8 cores, ranks placed
# consecutively) and platform (c) of the topology guide (4 switches of 8 hosts, the hosts of a
# switch interleaved in rank order by hostfile-c). The algorithms: the fastest of each collective
# at p = 16 and the one it is weighed against. ialltoall and iallgather stop at 64 KiB at p = 128
# (p^2 messages of the size each; the CSV has the reason) and their Bruck forms are left out
# (p blocks of scratch per rank: 128 x 1 MiB x 128 ranks in one process).
NB_SMP_VARS = NB_NP=128 NB_XML=tests/platform/smp/smp.xml NB_HOSTFILE=tests/platform/smp/hostfile-consecutive \
  NB_PLATFORM=smp-16x8 NB_OUT=$(BUILD)/bench/nonblocking-smp NB_REPS=1 NB_SIZES=8,65536,1048576 \
  NB_ALGS_iallreduce=rabenseifner,recursive_multiplying,recursive_doubling \
  NB_ALGS_ibcast=binomial,scatter_ring_allgather,smp \
  NB_SIZES_iallgather=8,8192,65536 NB_ALGS_iallgather=ring,recursive_doubling \
  NB_SIZES_ialltoall=8,8192,65536 NB_ALGS_ialltoall=linear,pair \
  NB_ALGS_ireduce_scatter_block=recursive_halving,reduce_scatterv
bench-nonblocking-smp: deps
	@$(MAKE) --no-print-directory bench-nonblocking-run $(NB_SMP_VARS)

NB_C_VARS = NB_NP=32 NB_XML=tests/platform/topology/switches-4x8.xml NB_HOSTFILE=tests/platform/topology/hostfile-c \
  NB_PLATFORM=c-4x8 NB_OUT=$(BUILD)/bench/nonblocking-c NB_REPS=1 NB_SIZES=8,4096,65536,1048576 \
  NB_ALGS_iallreduce=rabenseifner,recursive_multiplying,recursive_doubling \
  NB_ALGS_ibcast=binomial,scatter_ring_allgather,knomial \
  NB_ALGS_iallgather=ring,recursive_doubling,bruck NB_ALGS_ialltoall=linear,pair,bruck \
  NB_ALGS_ireduce_scatter_block=recursive_halving,reduce_scatterv
bench-nonblocking-c: deps
	@$(MAKE) --no-print-directory bench-nonblocking-run $(NB_C_VARS)

# 1. the measurements, one smpirun per collective (SimGrid slows down as a long run goes on: in one
# run of all five, ireduce_scatter_block at 256 KiB took 8 minutes, alone 4 s), each into
# build/bench/nonblocking/<collective>.csv and .log; 2. src/bench/nonblocking_report.py: the data
# of each line (build/bench/nonblocking/<collective>-<impl>-<algorithm>.dat), a gnuplot script per
# collective (time, log-log, and overlap against size) and the table with the targets; 3. gnuplot
# draws each script as .svg and .png.
bench-nonblocking-run: $(NB_PROG)
	@command -v smpirun >/dev/null || { echo "bench-nonblocking: smpirun not found (make deps)"; exit 1; }
	@command -v gnuplot >/dev/null || { echo "bench-nonblocking: gnuplot not found (make deps)"; exit 1; }
	@mkdir -p $(NB_OUT)/nonblocking
	@t0=$$(date +%s); csv=$(NB_OUT)/nonblocking.csv; \
	echo "bench-nonblocking: p = $(NB_NP) on $(NB_XML), sizes $(NB_SIZES)"; \
	for run in $(NB_RUNS); do \
	  c=$${run%%:*}; rest=$${run#*:}; sizes=$${rest%%:*}; algs=$${rest#*:}; \
	  t1=$$(date +%s); log=$(NB_OUT)/nonblocking/$$c.log; \
	  $(BENCH_LOCK) smpirun -np $(NB_NP) -platform $(NB_XML) -hostfile $(NB_HOSTFILE) $(NB_SMPI_FLAGS) \
	    $(NB_PROG) -o $(NB_OUT)/nonblocking/$$c.csv -P $(NB_PLATFORM) -r $(NB_REPS) -s $$sizes -c $$c \
	    $$( [ "$$algs" = all ] || echo "-a $$algs" ) </dev/null 2>$$log || { cat $$log; exit 1; }; \
	  echo "bench-nonblocking: $$c ($$sizes; $$algs): $$(( $$(date +%s) - t1 )) s"; \
	done; \
	echo "platform,collective,bytes,impl,algorithm,ms,overlap_pct" > $$csv; \
	for c in $$(echo $(NB_COLLS) | tr ',' ' '); do tail -n +2 $(NB_OUT)/nonblocking/$$c.csv >> $$csv; done; \
	python3 src/bench/nonblocking_report.py $$csv $(NB_OUT) 'p = $(NB_NP), $(NB_PLATFORM) (SimGrid)' $(NB_REPS) || exit 1; \
	for c in $$(awk -F, 'NR > 1 { print $$2 }' $$csv | uniq); do \
	  f=$(NB_OUT)/nonblocking-$$c; \
	  gnuplot -e "set terminal svg size 1100,460; set output '$$f.svg'" $$f.gp || exit 1; \
	  gnuplot -e "set terminal pngcairo size 1100,460; set output '$$f.png'" $$f.gp 2>/dev/null || \
	    gnuplot -e "set terminal png size 1100,460; set output '$$f.png'" $$f.gp || exit 1; \
	done; \
	cat $(NB_OUT)/nonblocking.md; \
	echo "bench-nonblocking: $$csv, $(NB_OUT)/nonblocking-*.svg, $(NB_OUT)/nonblocking.md in $$(( $$(date +%s) - t0 )) s"
