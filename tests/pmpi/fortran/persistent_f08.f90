! persistent_f08.f90 - an unmodified Fortran MPI program with `use mpi_f08` that
! tests/test_pmpi_fortran.c runs with and without libcollalg_pmpi.so: persistent collectives with
! the f08 handle types (MPI-4's MPI_<Coll>_init under MPICH; Open MPI 4.1's MPIX_<Coll>_init from
! `use mpi_f08_ext`: mk/pmpi.mk builds this file with -cpp, and with -DPM_MPIX for Open MPI), each
! result compared with the blocking collective, the optional ierror left out of some calls:
! - MPI_ALLREDUCE_INIT started twice with new data (MPI_START, MPI_WAIT);
! - MPI_BCAST_INIT and MPI_ALLTOALL_INIT started together (MPI_STARTALL, MPI_WAITALL), twice;
! - MPI_BARRIER_INIT started once (MPI_START, then an MPI_TEST loop);
! - MPI_NEIGHBOR_ALLGATHER_INIT on a periodic ring (a 1-D Cartesian communicator), started twice;
! - every request freed while inactive (MPI_REQUEST_FREE: MPI_REQUEST_NULL afterwards).
! Under Open MPI these reach the library only through its f08 entry points
! (mpix_allreduce_init_f08_, mpi_start_f08_, mpi_wait_f08_ ...). Rank 0 prints one line per case
! ("<case>: ok" or "<case>: differs") and "fortran persistent_f08 p=<p>: done"; the program stops
! with code 1 when a case differs.
#ifdef PM_MPIX
#define PM_ALLREDUCE_INIT MPIX_Allreduce_init
#define PM_BCAST_INIT MPIX_Bcast_init
#define PM_ALLTOALL_INIT MPIX_Alltoall_init
#define PM_BARRIER_INIT MPIX_Barrier_init
#define PM_NEIGHBOR_ALLGATHER_INIT MPIX_Neighbor_allgather_init
#else
#define PM_ALLREDUCE_INIT MPI_Allreduce_init
#define PM_BCAST_INIT MPI_Bcast_init
#define PM_ALLTOALL_INIT MPI_Alltoall_init
#define PM_BARRIER_INIT MPI_Barrier_init
#define PM_NEIGHBOR_ALLGATHER_INIT MPI_Neighbor_allgather_init
#endif
program pm_persistent_f08
  use mpi_f08
#ifdef PM_MPIX
  use mpi_f08_ext
#endif
  implicit none
  integer, parameter :: n = 40
  integer :: ierr, rank, p, i, s, bad, dims(1)
  type(MPI_Comm) :: ring
  type(MPI_Request) :: reqs(4)
  logical :: periods(1), flag
  integer :: sb(n), rb(n), wb(n), bb(n), cb(n)
  integer, allocatable :: ab(:), aw(:), asb(:)

  call MPI_INIT()
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, p, ierr)
  bad = 0
  allocate(ab(n * p), aw(n * p), asb(n * p))

  call PM_ALLREDUCE_INIT(sb, rb, n, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, reqs(1), ierr)
  do s = 1, 2
    call pm_fill(s)
    rb = -1
    call MPI_START(reqs(1))
    call MPI_WAIT(reqs(1), MPI_STATUS_IGNORE, ierr)
    call MPI_ALLREDUCE(sb, wb, n, MPI_INTEGER, MPI_SUM, MPI_COMM_WORLD)
    call pm_case('allreduce_init start', all(rb == wb))
  end do

  call PM_BCAST_INIT(bb, n, MPI_INTEGER, p - 1, MPI_COMM_WORLD, MPI_INFO_NULL, reqs(2), ierr)
  call PM_ALLTOALL_INIT(asb, 1, MPI_INTEGER, ab, 1, MPI_INTEGER, MPI_COMM_WORLD, MPI_INFO_NULL, reqs(3))
  do s = 1, 2
    call pm_fill(s)
    bb = -1
    if (rank == p - 1) bb = sb
    ab = -1
    call MPI_STARTALL(2, reqs(2:3), ierr)
    call MPI_WAITALL(2, reqs(2:3), MPI_STATUSES_IGNORE, ierr)
    cb = -1
    if (rank == p - 1) cb = sb
    call MPI_BCAST(cb, n, MPI_INTEGER, p - 1, MPI_COMM_WORLD)
    call MPI_ALLTOALL(asb, 1, MPI_INTEGER, aw, 1, MPI_INTEGER, MPI_COMM_WORLD, ierr)
    call pm_case('bcast_init alltoall_init startall', all(bb == cb) .and. all(ab(1:p) == aw(1:p)))
  end do

  call PM_BARRIER_INIT(MPI_COMM_WORLD, MPI_INFO_NULL, reqs(4), ierr)
  call MPI_START(reqs(4), ierr)
  flag = .false.
  do while (.not. flag)
    call MPI_TEST(reqs(4), flag, MPI_STATUS_IGNORE, ierr)
  end do
  call pm_case('barrier_init test', flag)

  do i = 1, 4
    call MPI_REQUEST_FREE(reqs(i), ierr)
  end do
  call pm_case('request_free', all(reqs == MPI_REQUEST_NULL))

  dims(1) = p
  periods(1) = .true.
  call MPI_CART_CREATE(MPI_COMM_WORLD, 1, dims, periods, .false., ring, ierr)
  call PM_NEIGHBOR_ALLGATHER_INIT(sb, n, MPI_INTEGER, ab, n, MPI_INTEGER, ring, MPI_INFO_NULL, reqs(1), ierr)
  do s = 1, 2
    call pm_fill(s)
    ab = -1
    call MPI_START(reqs(1), ierr)
    call MPI_WAIT(reqs(1), MPI_STATUS_IGNORE, ierr)
    aw = -1
    call MPI_NEIGHBOR_ALLGATHER(sb, n, MPI_INTEGER, aw, n, MPI_INTEGER, ring, ierr)
    call pm_case('neighbor_allgather_init start', all(ab(1:2 * n) == aw(1:2 * n)))
  end do
  call MPI_REQUEST_FREE(reqs(1), ierr)
  call MPI_COMM_FREE(ring, ierr)

  deallocate(ab, aw, asb)
  call pm_done('persistent_f08')

contains

  ! Round s's data: this rank's vector and its alltoall block for each peer.
  subroutine pm_fill(s)
    integer, intent(in) :: s
    do i = 1, n
      sb(i) = 1000 * rank + i + 7 * s
    end do
    do i = 1, p
      asb(i) = 100 * rank + i + 7 * s
    end do
  end subroutine pm_fill

  include 'pm_case.inc'
end program pm_persistent_f08
