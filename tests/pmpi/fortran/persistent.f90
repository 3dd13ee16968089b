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
!   them (MPI_BARRIER_INIT) never started.
! Rank 0 prints one line per case ("<case>: ok" or "<case>: differs") and
! "fortran persistent p=<p>: done"; the program stops with code 1 when a case differs.
#ifdef PM_MPIX
#define PM_ALLREDUCE_INIT MPIX_ALLREDUCE_INIT
#define PM_BCAST_INIT MPIX_BCAST_INIT
#define PM_ALLTOALL_INIT MPIX_ALLTOALL_INIT
#define PM_BARRIER_INIT MPIX_BARRIER_INIT
#else
#define PM_ALLREDUCE_INIT MPI_ALLREDUCE_INIT
#define PM_BCAST_INIT MPI_BCAST_INIT
#define PM_ALLTOALL_INIT MPI_ALLTOALL_INIT
#define PM_BARRIER_INIT MPI_BARRIER_INIT
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

  call pm_done('persistent')

contains

  include 'pm_case.inc'
end program pm_persistent
