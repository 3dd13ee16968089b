! persistent.f90 - an unmodified Fortran MPI program with include 'mpif.h' that
! tests/test_pmpi_fortran.c runs with and without libcollalg_pmpi.so: the persistent collectives
! of MPI-4 (MPI_ALLREDUCE_INIT ... under MPICH; the same calls with MPIX_ under Open MPI 4.1,
! whose pcollreq extension names them so: mk/pmpi.mk builds this file with -cpp, and with
! -DPM_MPIX for Open MPI), each started several times with new data between the starts and
! compared with the blocking collective after each start:
! - MPI_ALLREDUCE_INIT started with MPI_START, completed by MPI_WAIT;
! - MPI_ALLREDUCE_INIT with MPI_IN_PLACE, completed by an MPI_TEST loop;
! - MPI_BCAST_INIT and MPI_ALLTOALL_INIT with a persistent send and receive in one array, started
!   by MPI_STARTALL, completed by MPI_WAITALL (MPI_STATUSES_IGNORE);
! - the allreduce and the broadcast started in one order on even ranks and in the other on odd
!   ones, completed by an MPI_TESTALL loop;
! - every request freed while inactive by MPI_REQUEST_FREE (MPI_REQUEST_NULL afterwards), one of
!   them (MPI_BARRIER_INIT) never started;
! - the thirteen other inits (reduce, gather, gatherv, scatter, scatterv, allgather, allgatherv,
!   alltoallv, alltoallw, reduce_scatter_block, reduce_scatter, scan, exscan), each made, started
!   twice with new data, completed by MPI_WAIT, compared with its blocking collective and freed
!   (subroutine pm_others).
! Rank 0 prints one line per case ("<case>: ok" or "<case>: differs") and
! "fortran persistent p=<p>: done"; the program stops with code 1 when a case differs.
#ifdef PM_MPIX
#define PM_ALLREDUCE_INIT MPIX_ALLREDUCE_INIT
#define PM_BCAST_INIT MPIX_BCAST_INIT
#define PM_ALLTOALL_INIT MPIX_ALLTOALL_INIT
#define PM_BARRIER_INIT MPIX_BARRIER_INIT
#define PM_REDUCE_INIT MPIX_REDUCE_INIT
#define PM_GATHER_INIT MPIX_GATHER_INIT
#define PM_GATHERV_INIT MPIX_GATHERV_INIT
#define PM_SCATTER_INIT MPIX_SCATTER_INIT
#define PM_SCATTERV_INIT MPIX_SCATTERV_INIT
#define PM_ALLGATHER_INIT MPIX_ALLGATHER_INIT
#define PM_ALLGATHERV_INIT MPIX_ALLGATHERV_INIT
#define PM_ALLTOALLV_INIT MPIX_ALLTOALLV_INIT
#define PM_ALLTOALLW_INIT MPIX_ALLTOALLW_INIT
#define PM_REDUCE_SCATTER_BLOCK_INIT MPIX_REDUCE_SCATTER_BLOCK_INIT
#define PM_REDUCE_SCATTER_INIT MPIX_REDUCE_SCATTER_INIT
#define PM_SCAN_INIT MPIX_SCAN_INIT
#define PM_EXSCAN_INIT MPIX_EXSCAN_INIT
#else
#define PM_ALLREDUCE_INIT MPI_ALLREDUCE_INIT
#define PM_BCAST_INIT MPI_BCAST_INIT
#define PM_ALLTOALL_INIT MPI_ALLTOALL_INIT
#define PM_BARRIER_INIT MPI_BARRIER_INIT
#define PM_REDUCE_INIT MPI_REDUCE_INIT
#define PM_GATHER_INIT MPI_GATHER_INIT
#define PM_GATHERV_INIT MPI_GATHERV_INIT
#define PM_SCATTER_INIT MPI_SCATTER_INIT
#define PM_SCATTERV_INIT MPI_SCATTERV_INIT
#define PM_ALLGATHER_INIT MPI_ALLGATHER_INIT
#define PM_ALLGATHERV_INIT MPI_ALLGATHERV_INIT
#define PM_ALLTOALLV_INIT MPI_ALLTOALLV_INIT
#define PM_ALLTOALLW_INIT MPI_ALLTOALLW_INIT
#define PM_REDUCE_SCATTER_BLOCK_INIT MPI_REDUCE_SCATTER_BLOCK_INIT
#define PM_REDUCE_SCATTER_INIT MPI_REDUCE_SCATTER_INIT
#define PM_SCAN_INIT MPI_SCAN_INIT
#define PM_EXSCAN_INIT MPI_EXSCAN_INIT
#endif
program pm_persistent
  implicit none
  include 'mpif.h'
  integer, parameter :: n = 100, m = 5, rounds = 4
  integer :: ierr, rank, p, i, k, bad, left, right, comm
  integer :: rq_ar, rq_ip, rq_idle
  integer :: reqs(4), pair(2), status(MPI_STATUS_SIZE)
  integer :: wb(n), ob(n), cb(n)
  integer, asynchronous :: sb(n), rb(n), ib(n), bb(n), tok_s, tok_r
  integer, allocatable :: wa(:)
  integer, allocatable, asynchronous :: sa(:), ra(:)
  logical :: flag, good

  call MPI_INIT(ierr)
  comm = MPI_COMM_WORLD
  call MPI_COMM_RANK(comm, rank, ierr)
  call MPI_COMM_SIZE(comm, p, ierr)
  allocate(sa(m * p), ra(m * p), wa(m * p))
  left = mod(rank + p - 1, p)
  right = mod(rank + 1, p)
  bad = 0

  ! The allreduce: MPI_START and MPI_WAIT, new data at every start.
  call PM_ALLREDUCE_INIT(sb, rb, n, MPI_INTEGER, MPI_SUM, comm, MPI_INFO_NULL, rq_ar, ierr)
  good = ierr == MPI_SUCCESS .and. rq_ar /= MPI_REQUEST_NULL
  do k = 1, rounds
    do i = 1, n
      sb(i) = 1000 * rank + i + 37 * k
    end do
    rb = -1
    call MPI_START(rq_ar, ierr)
    good = good .and. ierr == MPI_SUCCESS
    call MPI_WAIT(rq_ar, status, ierr)
    call MPI_ALLREDUCE(sb, wb, n, MPI_INTEGER, MPI_SUM, comm, ierr)
    good = good .and. all(rb == wb) .and. rq_ar /= MPI_REQUEST_NULL
  end do
  call pm_case('allreduce_init start wait', good)

  ! In place, completed by MPI_TEST.
  call PM_ALLREDUCE_INIT(MPI_IN_PLACE, ib, n, MPI_INTEGER, MPI_MAX, comm, MPI_INFO_NULL, rq_ip, ierr)
  good = ierr == MPI_SUCCESS
  do k = 1, rounds
    do i = 1, n
      ib(i) = mod(7 * rank + i * k, 23) + 100 * k
    end do
    ob = ib
    call MPI_START(rq_ip, ierr)
    flag = .false.
    do while (.not. flag)
      call MPI_TEST(rq_ip, flag, MPI_STATUS_IGNORE, ierr)
    end do
    call MPI_ALLREDUCE(ob, wb, n, MPI_INTEGER, MPI_MAX, comm, ierr)
    good = good .and. all(ib == wb)
  end do
  call pm_case('allreduce_init in-place test', good)

  ! The broadcast and the all-to-all with a persistent send and receive: MPI_STARTALL, MPI_WAITALL.
  call PM_BCAST_INIT(bb, n, MPI_INTEGER, p - 1, comm, MPI_INFO_NULL, reqs(1), ierr)
  good = ierr == MPI_SUCCESS
  call PM_ALLTOALL_INIT(sa, m, MPI_INTEGER, ra, m, MPI_INTEGER, comm, MPI_INFO_NULL, reqs(2), ierr)
  good = good .and. ierr == MPI_SUCCESS
  call MPI_RECV_INIT(tok_r, 1, MPI_INTEGER, left, 7, comm, reqs(3), ierr)
  call MPI_SEND_INIT(tok_s, 1, MPI_INTEGER, right, 7, comm, reqs(4), ierr)
  do k = 1, rounds
    bb = -1
    if (rank == p - 1) bb = sb + k
    do i = 1, m * p
      sa(i) = 100000 * rank + i + 11 * k
    end do
    ra = -1
    tok_s = 10 * rank + k
    tok_r = -1
    call MPI_STARTALL(4, reqs, ierr)
    good = good .and. ierr == MPI_SUCCESS
    call MPI_WAITALL(4, reqs, MPI_STATUSES_IGNORE, ierr)
    cb = -1
    if (rank == p - 1) cb = sb + k
    call MPI_BCAST(cb, n, MPI_INTEGER, p - 1, comm, ierr)
    call MPI_ALLTOALL(sa, m, MPI_INTEGER, wa, m, MPI_INTEGER, comm, ierr)
    good = good .and. all(bb == cb) .and. all(ra == wa) .and. tok_r == 10 * left + k
    good = good .and. all(reqs /= MPI_REQUEST_NULL)
  end do
  call pm_case('bcast_init alltoall_init startall waitall', good)

  ! Started in different orders on even and odd ranks, completed by MPI_TESTALL.
  good = .true.
  do k = 1, rounds
    do i = 1, n
      sb(i) = 3 * rank - i + 5 * k
    end do
    bb = -2
    if (rank == p - 1) bb = 2 * sb + k
    if (mod(rank, 2) == 0) then
      pair = (/ rq_ar, reqs(1) /)
    else
      pair = (/ reqs(1), rq_ar /)
    end if
    call MPI_START(pair(1), ierr)
    call MPI_START(pair(2), ierr)
    flag = .false.
    do while (.not. flag)
      call MPI_TESTALL(2, pair, flag, MPI_STATUSES_IGNORE, ierr)
    end do
    call MPI_ALLREDUCE(sb, wb, n, MPI_INTEGER, MPI_SUM, comm, ierr)
    cb = -2
    if (rank == p - 1) cb = 2 * sb + k
    call MPI_BCAST(cb, n, MPI_INTEGER, p - 1, comm, ierr)
    good = good .and. all(rb == wb) .and. all(bb == cb)
  end do
  call pm_case('start order per rank testall', good)

  ! Every request freed while inactive, one never started.
  call PM_BARRIER_INIT(comm, MPI_INFO_NULL, rq_idle, ierr)
  good = ierr == MPI_SUCCESS .and. rq_idle /= MPI_REQUEST_NULL
  call MPI_REQUEST_FREE(rq_idle, ierr)
  good = good .and. ierr == MPI_SUCCESS .and. rq_idle == MPI_REQUEST_NULL
  call MPI_REQUEST_FREE(rq_ar, ierr)
  good = good .and. ierr == MPI_SUCCESS .and. rq_ar == MPI_REQUEST_NULL
  call MPI_REQUEST_FREE(rq_ip, ierr)
  good = good .and. ierr == MPI_SUCCESS .and. rq_ip == MPI_REQUEST_NULL
  do i = 1, 4
    call MPI_REQUEST_FREE(reqs(i), ierr)
    good = good .and. ierr == MPI_SUCCESS .and. reqs(i) == MPI_REQUEST_NULL
  end do
  call MPI_BARRIER(comm, ierr)
  call pm_case('request_free inactive', good)

  call pm_others(comm, rank, p)

  call pm_done('persistent')

contains

  ! The thirteen other inits: rank r contributes r + 1 integers where the counts may differ (the
  ! gatherv, scatterv, allgatherv, reduce_scatter), ranks r and q exchange r + q + 1 integers in
  ! the alltoallv, m where the counts may not differ; every buffer is refilled before each start.
  subroutine pm_others(comm, rank, p)
    integer, intent(in) :: comm, rank, p
    integer, parameter :: m = 3, root = 0
    integer :: rq(13), ierr, i, j, k, tot
    integer, allocatable :: cnt(:), dsp(:), typ(:), wcnt(:), wdsp(:), vc(:), vd(:)
    integer, allocatable, asynchronous :: s(:), r(:, :)
    integer, allocatable :: ref(:)
    logical :: good, ok(13)
    character(len=26), parameter :: names(13) = (/ character(len=26) :: 'reduce_init', 'gather_init', &
      'gatherv_init', 'scatter_init', 'scatterv_init', 'allgather_init', 'allgatherv_init', &
      'alltoallv_init', 'alltoallw_init', 'reduce_scatter_block_init', 'reduce_scatter_init', &
      'scan_init', 'exscan_init' /)

    allocate(cnt(p), dsp(p), typ(p), wcnt(p), wdsp(p), vc(p), vd(p))
    do i = 1, p
      cnt(i) = i
      dsp(i) = (i - 1) * i / 2
      vc(i) = rank + i
      vd(i) = rank * (i - 1) + dsp(i)
      typ(i) = MPI_INTEGER
      wcnt(i) = m
      wdsp(i) = 4 * m * (i - 1)
    end do
    tot = p * (p + 1) / 2
    k = m * p + tot + p * p
    allocate(s(k), r(k, 13), ref(k))
    call PM_REDUCE_INIT(s, r(1, 1), m, MPI_INTEGER, MPI_SUM, root, comm, MPI_INFO_NULL, rq(1), ierr)
    call PM_GATHER_INIT(s, m, MPI_INTEGER, r(1, 2), m, MPI_INTEGER, root, comm, MPI_INFO_NULL, rq(2), ierr)
    call PM_GATHERV_INIT(s, rank + 1, MPI_INTEGER, r(1, 3), cnt, dsp, MPI_INTEGER, root, comm, &
      MPI_INFO_NULL, rq(3), ierr)
    call PM_SCATTER_INIT(s, m, MPI_INTEGER, r(1, 4), m, MPI_INTEGER, root, comm, MPI_INFO_NULL, rq(4), ierr)
    call PM_SCATTERV_INIT(s, cnt, dsp, MPI_INTEGER, r(1, 5), rank + 1, MPI_INTEGER, root, comm, &
      MPI_INFO_NULL, rq(5), ierr)
    call PM_ALLGATHER_INIT(s, m, MPI_INTEGER, r(1, 6), m, MPI_INTEGER, comm, MPI_INFO_NULL, rq(6), ierr)
    call PM_ALLGATHERV_INIT(s, rank + 1, MPI_INTEGER, r(1, 7), cnt, dsp, MPI_INTEGER, comm, &
      MPI_INFO_NULL, rq(7), ierr)
    call PM_ALLTOALLV_INIT(s, vc, vd, MPI_INTEGER, r(1, 8), vc, vd, MPI_INTEGER, comm, &
      MPI_INFO_NULL, rq(8), ierr)
    call PM_ALLTOALLW_INIT(s, wcnt, wdsp, typ, r(1, 9), wcnt, wdsp, typ, comm, MPI_INFO_NULL, rq(9), ierr)
    call PM_REDUCE_SCATTER_BLOCK_INIT(s, r(1, 10), m, MPI_INTEGER, MPI_SUM, comm, MPI_INFO_NULL, rq(10), ierr)
    call PM_REDUCE_SCATTER_INIT(s, r(1, 11), cnt, MPI_INTEGER, MPI_SUM, comm, MPI_INFO_NULL, rq(11), ierr)
    call PM_SCAN_INIT(s, r(1, 12), m, MPI_INTEGER, MPI_SUM, comm, MPI_INFO_NULL, rq(12), ierr)
    call PM_EXSCAN_INIT(s, r(1, 13), m, MPI_INTEGER, MPI_SUM, comm, MPI_INFO_NULL, rq(13), ierr)
    ok = all(rq /= MPI_REQUEST_NULL)
    do k = 1, 2
      do j = 1, 13
        do i = 1, size(s)
          s(i) = 1000 * rank + 7 * i + 101 * k + j
        end do
        r = -1
        call MPI_START(rq(j), ierr)
        good = ierr == MPI_SUCCESS
        call MPI_WAIT(rq(j), MPI_STATUS_IGNORE, ierr)
        good = good .and. ierr == MPI_SUCCESS
        ref = -1
        select case (j)
        case (1)
          call MPI_REDUCE(s, ref, m, MPI_INTEGER, MPI_SUM, root, comm, ierr)
          if (rank == root) good = good .and. all(r(1:m, j) == ref(1:m))
        case (2)
          call MPI_GATHER(s, m, MPI_INTEGER, ref, m, MPI_INTEGER, root, comm, ierr)
          if (rank == root) good = good .and. all(r(1:m * p, j) == ref(1:m * p))
        case (3)
          call MPI_GATHERV(s, rank + 1, MPI_INTEGER, ref, cnt, dsp, MPI_INTEGER, root, comm, ierr)
          if (rank == root) good = good .and. all(r(1:tot, j) == ref(1:tot))
        case (4)
          call MPI_SCATTER(s, m, MPI_INTEGER, ref, m, MPI_INTEGER, root, comm, ierr)
          good = good .and. all(r(1:m, j) == ref(1:m))
        case (5)
          call MPI_SCATTERV(s, cnt, dsp, MPI_INTEGER, ref, rank + 1, MPI_INTEGER, root, comm, ierr)
          good = good .and. all(r(1:rank + 1, j) == ref(1:rank + 1))
        case (6)
          call MPI_ALLGATHER(s, m, MPI_INTEGER, ref, m, MPI_INTEGER, comm, ierr)
          good = good .and. all(r(1:m * p, j) == ref(1:m * p))
        case (7)
          call MPI_ALLGATHERV(s, rank + 1, MPI_INTEGER, ref, cnt, dsp, MPI_INTEGER, comm, ierr)
          good = good .and. all(r(1:tot, j) == ref(1:tot))
        case (8)
          call MPI_ALLTOALLV(s, vc, vd, MPI_INTEGER, ref, vc, vd, MPI_INTEGER, comm, ierr)
          good = good .and. all(r(1:p * rank + tot, j) == ref(1:p * rank + tot))
        case (9)
          call MPI_ALLTOALLW(s, wcnt, wdsp, typ, ref, wcnt, wdsp, typ, comm, ierr)
          good = good .and. all(r(1:m * p, j) == ref(1:m * p))
        case (10)
          call MPI_REDUCE_SCATTER_BLOCK(s, ref, m, MPI_INTEGER, MPI_SUM, comm, ierr)
          good = good .and. all(r(1:m, j) == ref(1:m))
        case (11)
          call MPI_REDUCE_SCATTER(s, ref, cnt, MPI_INTEGER, MPI_SUM, comm, ierr)
          good = good .and. all(r(1:rank + 1, j) == ref(1:rank + 1))
        case (12)
          call MPI_SCAN(s, ref, m, MPI_INTEGER, MPI_SUM, comm, ierr)
          good = good .and. all(r(1:m, j) == ref(1:m))
        case (13)
          call MPI_EXSCAN(s, ref, m, MPI_INTEGER, MPI_SUM, comm, ierr)
          if (rank > 0) good = good .and. all(r(1:m, j) == ref(1:m))
        end select
        ok(j) = ok(j) .and. good
      end do
    end do
    do j = 1, 13
      call MPI_REQUEST_FREE(rq(j), ierr)
      call pm_case(trim(names(j)) // ' start wait', ok(j) .and. ierr == MPI_SUCCESS .and. rq(j) == MPI_REQUEST_NULL)
    end do
    deallocate(cnt, dsp, typ, wcnt, wdsp, vc, vd, s, r, ref)
  end subroutine pm_others

  include 'pm_case.inc'
end program pm_persistent
