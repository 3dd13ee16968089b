! nonblocking.f90 - an unmodified Fortran MPI program with include 'mpif.h' that
! tests/test_pmpi_fortran.c runs with and without libcollalg_pmpi.so: MPI_IALLREDUCE completed by
! MPI_WAIT, MPI_IALLREDUCE in place completed by an MPI_TEST loop, and MPI_IBCAST with
! MPI_IALLREDUCE completed by MPI_WAITALL (MPI_STATUSES_IGNORE), each compared with the blocking
! collective. Rank 0 prints one line per case ("<case>: ok" or "<case>: differs") and
! "fortran nonblocking p=<p>: done"; the program stops with code 1 when a case differs.
program pm_nonblocking
  implicit none
  include 'mpif.h'
  integer, parameter :: n = 100
  integer :: ierr, rank, p, i, req, bad
  integer :: reqs(2), status(MPI_STATUS_SIZE)
  integer :: sb(n), rb(n), wb(n), bb(n), cb(n)
  logical :: flag

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, p, ierr)
  do i = 1, n
    sb(i) = 1000 * rank + i
  end do
  bad = 0

  rb = -1
  call MPI_IALLREDUCE(sb, rb, n, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, req, ierr)
  call MPI_WAIT(req, status, ierr)
  call MPI_ALLREDUCE(sb, wb, n, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call pm_case('iallreduce wait', all(rb == wb) .and. ierr == MPI_SUCCESS .and. req == MPI_REQUEST_NULL)

  rb = sb
  call MPI_IALLREDUCE(MPI_IN_PLACE, rb, n, MPI_INTEGER, MPI_MAX, MPI_COMM_WORLD, req, ierr)
  flag = .false.
  do while (.not. flag)
    call MPI_TEST(req, flag, MPI_STATUS_IGNORE, ierr)
  end do
  call MPI_ALLREDUCE(sb, wb, n, MPI_INTEGER, MPI_MAX, MPI_COMM_WORLD, ierr)
  call pm_case('iallreduce in-place test', all(rb == wb))

  bb = -1
  if (rank == p - 1) bb = sb
  rb = -1
  call MPI_IBCAST(bb, n, MPI_INTEGER, p - 1, MPI_COMM_WORLD, reqs(1), ierr)
  call MPI_IALLREDUCE(sb, rb, n, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, reqs(2), ierr)
  call MPI_WAITALL(2, reqs, MPI_STATUSES_IGNORE, ierr)
  cb = -1
  if (rank == p - 1) cb = sb
  call MPI_BCAST(cb, n, MPI_INTEGER, p - 1, MPI_COMM_WORLD, ierr)
  call MPI_ALLREDUCE(sb, wb, n, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, ierr)
  call pm_case('ibcast iallreduce waitall', all(bb == cb) .and. all(rb == wb))

  call pm_done('nonblocking')

contains

  include 'pm_case.inc'
end program pm_nonblocking
