! neighbor.f90 - an unmodified Fortran MPI program with include 'mpif.h' that
! tests/test_pmpi_fortran.c runs with and without libcollalg_pmpi.so: the neighbourhood collectives
! on a periodic ring (a 1-D Cartesian communicator of the p >= 3 ranks, so the two neighbours
! differ: source and destination 1 is rank - 1, 2 is rank + 1), each result compared with the
! values the ring implies (block j of rank r's send buffer holds 1000 r + 100 j + i):
! - MPI_NEIGHBOR_ALLGATHER, and MPI_INEIGHBOR_ALLGATHER completed by an MPI_TEST loop;
! - MPI_NEIGHBOR_ALLGATHERV with the two blocks in reverse order;
! - MPI_NEIGHBOR_ALLTOALL, and MPI_INEIGHBOR_ALLTOALL completed by MPI_WAIT;
! - MPI_NEIGHBOR_ALLTOALLV and MPI_NEIGHBOR_ALLTOALLW (byte displacements of kind
!   MPI_ADDRESS_KIND), both with the blocks in reverse order on both sides;
! - MPI_NEIGHBOR_ALLGATHER_INIT and MPI_NEIGHBOR_ALLTOALL_INIT (MPIX_ under Open MPI 4.1:
!   mk/pmpi.mk builds this file with -cpp, and with -DPM_MPIX for Open MPI), each started twice
!   with new data, completed by MPI_WAIT, then freed while inactive.
! Rank 0 prints one line per case ("<case>: ok" or "<case>: differs") and
! "fortran neighbor p=<p>: done"; the program stops with code 1 when a case differs.
#ifdef PM_MPIX
#define PM_NEIGHBOR_ALLGATHER_INIT MPIX_NEIGHBOR_ALLGATHER_INIT
#define PM_NEIGHBOR_ALLTOALL_INIT MPIX_NEIGHBOR_ALLTOALL_INIT
#else
#define PM_NEIGHBOR_ALLGATHER_INIT MPI_NEIGHBOR_ALLGATHER_INIT
#define PM_NEIGHBOR_ALLTOALL_INIT MPI_NEIGHBOR_ALLTOALL_INIT
#endif
program pm_neighbor
  implicit none
  include 'mpif.h'
  integer, parameter :: n = 50
  integer :: ierr, rank, p, ring, left, right, req, bad, i, start
  integer :: dims(1), counts(2), displs(2), types(2)
  integer(kind=MPI_ADDRESS_KIND) :: bytes(2)
  logical :: periods(1), flag
  integer :: sb(n, 2), rb(n, 2), ag(n, 2), a2a(n, 2)

  call MPI_INIT(ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, p, ierr)
  dims(1) = p
  periods(1) = .true.
  call MPI_CART_CREATE(MPI_COMM_WORLD, 1, dims, periods, .false., ring, ierr)
  call MPI_COMM_RANK(ring, rank, ierr)
  left = modulo(rank - 1, p)
  right = modulo(rank + 1, p)
  bad = 0
  call pm_fill(0)
  counts = n
  displs(1) = n
  displs(2) = 0
  types = MPI_INTEGER
  bytes(1) = 4 * n
  bytes(2) = 0

  rb = -1
  call MPI_NEIGHBOR_ALLGATHER(sb, n, MPI_INTEGER, rb, n, MPI_INTEGER, ring, ierr)
  call pm_case('neighbor_allgather', all(rb == ag) .and. ierr == MPI_SUCCESS)
  rb = -1
  call MPI_INEIGHBOR_ALLGATHER(sb, n, MPI_INTEGER, rb, n, MPI_INTEGER, ring, req, ierr)
  flag = .false.
  do while (.not. flag)
    call MPI_TEST(req, flag, MPI_STATUS_IGNORE, ierr)
  end do
  call pm_case('ineighbor_allgather test', all(rb == ag))
  rb = -1
  call MPI_NEIGHBOR_ALLGATHERV(sb, n, MPI_INTEGER, rb, counts, displs, MPI_INTEGER, ring, ierr)
  call pm_case('neighbor_allgatherv reversed', all(rb(:, 2) == ag(:, 1)) .and. all(rb(:, 1) == ag(:, 2)))

  rb = -1
  call MPI_NEIGHBOR_ALLTOALL(sb, n, MPI_INTEGER, rb, n, MPI_INTEGER, ring, ierr)
  call pm_case('neighbor_alltoall', all(rb == a2a))
  rb = -1
  call MPI_INEIGHBOR_ALLTOALL(sb, n, MPI_INTEGER, rb, n, MPI_INTEGER, ring, req, ierr)
  call MPI_WAIT(req, MPI_STATUS_IGNORE, ierr)
  call pm_case('ineighbor_alltoall wait', all(rb == a2a) .and. req == MPI_REQUEST_NULL)
  ! the send blocks in reverse order too: block j of the reversed buffer goes to neighbour 3 - j
  call pm_fill(0)
  sb = sb(:, [2, 1])
  rb = -1
  call MPI_NEIGHBOR_ALLTOALLV(sb, counts, displs, MPI_INTEGER, rb, counts, displs, MPI_INTEGER, ring, ierr)
  call pm_case('neighbor_alltoallv reversed', all(rb(:, [2, 1]) == a2a))
  rb = -1
  call MPI_NEIGHBOR_ALLTOALLW(sb, counts, bytes, types, rb, counts, bytes, types, ring, ierr)
  call pm_case('neighbor_alltoallw reversed', all(rb(:, [2, 1]) == a2a))

  call PM_NEIGHBOR_ALLGATHER_INIT(sb, n, MPI_INTEGER, rb, n, MPI_INTEGER, ring, MPI_INFO_NULL, req, ierr)
  do start = 1, 2
    call pm_fill(start)
    rb = -1
    call MPI_START(req, ierr)
    call MPI_WAIT(req, MPI_STATUS_IGNORE, ierr)
    call pm_case('neighbor_allgather_init start', all(rb == ag))
  end do
  call MPI_REQUEST_FREE(req, ierr)
  call pm_case('neighbor_allgather_init free', req == MPI_REQUEST_NULL)
  call PM_NEIGHBOR_ALLTOALL_INIT(sb, n, MPI_INTEGER, rb, n, MPI_INTEGER, ring, MPI_INFO_NULL, req, ierr)
  do start = 1, 2
    call pm_fill(start)
    rb = -1
    call MPI_START(req, ierr)
    call MPI_WAIT(req, MPI_STATUS_IGNORE, ierr)
    call pm_case('neighbor_alltoall_init start', all(rb == a2a))
  end do
  call MPI_REQUEST_FREE(req, ierr)

  call MPI_COMM_FREE(ring, ierr)
  call pm_done('neighbor')

contains

  ! The send buffer of this rank (round s), and what the allgather (ag) and the alltoall (a2a)
  ! must deliver: from the left neighbour its block (allgather) or its block 2 (alltoall, the one
  ! it sends right), from the right neighbour its block or its block 1.
  subroutine pm_fill(s)
    integer, intent(in) :: s
    integer :: j
    do j = 1, 2
      do i = 1, n
        sb(i, j) = 1000 * rank + 100 * j + i + 7 * s
        ag(i, j) = 1000 * merge(left, right, j == 1) + 100 + i + 7 * s
        a2a(i, j) = 1000 * merge(left, right, j == 1) + 100 * (3 - j) + i + 7 * s
      end do
    end do
  end subroutine pm_fill

  include 'pm_case.inc'
end program pm_neighbor
