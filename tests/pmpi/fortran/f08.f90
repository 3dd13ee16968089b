! f08.f90 - an unmodified Fortran MPI program with `use mpi_f08` that tests/test_pmpi_fortran.c
! runs with and without libcollalg_pmpi.so: the cases of pm_body.inc (the same lines, so the same
! output as mpifh.f90 and usempi.f90) with the f08 handle types, and the optional ierror left out
! of MPI_Init, MPI_Alltoall, MPI_Bcast and MPI_Barrier (the library then gets a null pointer).
program pm_f08
  use mpi_f08
  implicit none
  integer, parameter :: ns(2) = (/ 3, 200 /)
  character(len=5), parameter :: cname(2) = (/ 'world', 'split' /)
  integer :: ierr, wrank, wsize, c, k, n, i, j, rank, p, nbuf, at
  type(MPI_Comm) :: comm, comms(2)
  type(MPI_Datatype) :: vec
  type(MPI_Op) :: usum
  integer, allocatable :: sb(:), rb(:), sc(:), sd(:), rc(:), rd(:)
  type(MPI_Datatype), allocatable :: ty(:)
  double precision, allocatable :: db(:)
  procedure(MPI_User_function) :: pm_usum08

  call MPI_INIT()
  call MPI_COMM_RANK(MPI_COMM_WORLD, wrank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, wsize, ierr)
  comms(1) = MPI_COMM_WORLD
  call MPI_COMM_SPLIT(MPI_COMM_WORLD, mod(wrank, 2), -wrank, comms(2), ierr)
  call MPI_OP_CREATE(pm_usum08, .true., usum, ierr)
  do c = 1, 2
    comm = comms(c)
    call MPI_COMM_RANK(comm, rank, ierr)
    call MPI_COMM_SIZE(comm, p, ierr)
    do k = 1, 2
      n = ns(k)
      nbuf = 2 * n * (p + 1) + 2 * p
      allocate(sb(nbuf), rb(nbuf), sc(p), sd(p), rc(p), rd(p), db(n), ty(p))
      do i = 1, nbuf
        sb(i) = 1000 * rank + i
      end do

      rb = -1
      call MPI_ALLTOALL(sb, n, MPI_INTEGER, rb, n, MPI_INTEGER, comm)
      ierr = 0
      call pm_report('alltoall', rb, ierr)
      rb = -1
      rb(1:n * p) = sb(1:n * p)
      call MPI_ALLTOALL(MPI_IN_PLACE, 0, MPI_INTEGER, rb, n, MPI_INTEGER, comm, ierr)
      call pm_report('alltoall in-place', rb, ierr)

      rb = -1
      call MPI_ALLGATHER(sb, n, MPI_INTEGER, rb, n, MPI_INTEGER, comm, ierr)
      call pm_report('allgather', rb, ierr)
      rb = -1
      rb(rank * n + 1:rank * n + n) = sb(1:n)
      call MPI_ALLGATHER(MPI_IN_PLACE, 0, MPI_INTEGER, rb, n, MPI_INTEGER, comm, ierr)
      call pm_report('allgather in-place', rb, ierr)

      rb = -1
      call MPI_ALLREDUCE(sb, rb, n, MPI_INTEGER, MPI_SUM, comm, ierr)
      call pm_report('allreduce sum', rb, ierr)
      rb = -1
      rb(1:n) = sb(1:n)
      call MPI_ALLREDUCE(MPI_IN_PLACE, rb, n, MPI_INTEGER, MPI_SUM, comm, ierr)
      call pm_report('allreduce sum in-place', rb, ierr)
      do i = 1, n
        db(i) = dble(mod(37 * rank + 11 * i, 101))
      end do
      call MPI_ALLREDUCE(MPI_IN_PLACE, db, n, MPI_DOUBLE_PRECISION, MPI_MAX, comm, ierr)
      rb = -1
      rb(1:n) = int(db)
      call pm_report('allreduce max double in-place', rb, ierr)
      rb = -1
      call MPI_ALLREDUCE(sb, rb, n, MPI_INTEGER, usum, comm, ierr)
      call pm_report('allreduce user-op', rb, ierr)

      call MPI_TYPE_VECTOR(n, 1, 2, MPI_INTEGER, vec, ierr)
      call MPI_TYPE_COMMIT(vec, ierr)
      rb = -1
      if (rank == p - 1) rb(1:2 * n) = sb(1:2 * n)
      call MPI_BCAST(rb, 1, vec, p - 1, comm)
      ierr = 0
      call pm_report('bcast vector', rb, ierr)
      call MPI_TYPE_FREE(vec, ierr)

      ! alltoallv: rank r sends (mod(r + j, 3) + 1) * n / 3 integers to rank j (so it receives as
      ! many from j), one integer of gap after each block on both sides
      at = 0
      do j = 1, p
        sc(j) = (mod(rank + j - 1, 3) + 1) * n / 3
        sd(j) = at
        at = at + sc(j) + 1
      end do
      rc = sc
      rd = sd
      rb = -1
      call MPI_ALLTOALLV(sb, sc, sd, MPI_INTEGER, rb, rc, rd, MPI_INTEGER, comm, ierr)
      call pm_report('alltoallv', rb, ierr)
      rb = -1
      do j = 1, p
        rb(rd(j) + 1:rd(j) + rc(j)) = sb(sd(j) + 1:sd(j) + sc(j)) + 7
      end do
      call MPI_ALLTOALLV(MPI_IN_PLACE, sc, sd, MPI_INTEGER, rb, rc, rd, MPI_INTEGER, comm, ierr)
      call pm_report('alltoallv in-place', rb, ierr)

      ! allgatherv: rank j gives (mod(j, 3) + 1) * n / 3 integers, two integers of gap after each
      at = 0
      do j = 1, p
        rc(j) = (mod(j - 1, 3) + 1) * n / 3
        rd(j) = at
        at = at + rc(j) + 2
      end do
      rb = -1
      call MPI_ALLGATHERV(sb, rc(rank + 1), MPI_INTEGER, rb, rc, rd, MPI_INTEGER, comm, ierr)
      call pm_report('allgatherv', rb, ierr)
      rb = -1
      rb(rd(rank + 1) + 1:rd(rank + 1) + rc(rank + 1)) = sb(1:rc(rank + 1))
      call MPI_ALLGATHERV(MPI_IN_PLACE, 0, MPI_INTEGER, rb, rc, rd, MPI_INTEGER, comm, ierr)
      call pm_report('allgatherv in-place', rb, ierr)

      ! reduce: integer sum to the last rank, then in place there
      rb = -1
      call MPI_REDUCE(sb, rb, n, MPI_INTEGER, MPI_SUM, p - 1, comm, ierr)
      call pm_report('reduce sum', rb, ierr)
      rb = -1
      if (rank == p - 1) then
        rb(1:n) = sb(1:n)
        call MPI_REDUCE(MPI_IN_PLACE, rb, n, MPI_INTEGER, MPI_SUM, p - 1, comm, ierr)
      else
        call MPI_REDUCE(sb, rb, n, MPI_INTEGER, MPI_SUM, p - 1, comm, ierr)
      end if
      call pm_report('reduce sum in-place', rb, ierr)

      ! scan and exscan: integer sum, then in place (exscan: rank 0's buffer is undefined, reset)
      rb = -1
      call MPI_SCAN(sb, rb, n, MPI_INTEGER, MPI_SUM, comm, ierr)
      call pm_report('scan sum', rb, ierr)
      rb = -1
      rb(1:n) = sb(1:n)
      call MPI_SCAN(MPI_IN_PLACE, rb, n, MPI_INTEGER, MPI_SUM, comm, ierr)
      call pm_report('scan sum in-place', rb, ierr)
      rb = -1
      call MPI_EXSCAN(sb, rb, n, MPI_INTEGER, MPI_SUM, comm, ierr)
      if (rank == 0) rb = -1
      call pm_report('exscan sum', rb, ierr)
      rb = -1
      rb(1:n) = sb(1:n)
      call MPI_EXSCAN(MPI_IN_PLACE, rb, n, MPI_INTEGER, MPI_SUM, comm, ierr)
      if (rank == 0) rb = -1
      call pm_report('exscan sum in-place', rb, ierr)

      ! reduce_scatter_block (blocks of n) and reduce_scatter (allgatherv's counts): integer sum,
      ! then in place (the whole vector in rb; what follows this rank's block is reset)
      rb = -1
      call MPI_REDUCE_SCATTER_BLOCK(sb, rb, n, MPI_INTEGER, MPI_SUM, comm, ierr)
      call pm_report('reduce_scatter_block sum', rb, ierr)
      rb = -1
      rb(1:n * p) = sb(1:n * p)
      call MPI_REDUCE_SCATTER_BLOCK(MPI_IN_PLACE, rb, n, MPI_INTEGER, MPI_SUM, comm, ierr)
      rb(n + 1:) = -1
      call pm_report('reduce_scatter_block sum in-place', rb, ierr)
      rb = -1
      call MPI_REDUCE_SCATTER(sb, rb, rc, MPI_INTEGER, MPI_SUM, comm, ierr)
      call pm_report('reduce_scatter sum', rb, ierr)
      rb = -1
      rb(1:sum(rc)) = sb(1:sum(rc))
      call MPI_REDUCE_SCATTER(MPI_IN_PLACE, rb, rc, MPI_INTEGER, MPI_SUM, comm, ierr)
      rb(rc(rank + 1) + 1:) = -1
      call pm_report('reduce_scatter sum in-place', rb, ierr)

      ! gather and scatter: the last rank the root, blocks of n integers; then in place at the root
      rb = -1
      call MPI_GATHER(sb, n, MPI_INTEGER, rb, n, MPI_INTEGER, p - 1, comm, ierr)
      call pm_report('gather', rb, ierr)
      rb = -1
      if (rank == p - 1) then
        rb(rank * n + 1:rank * n + n) = sb(1:n)
        call MPI_GATHER(MPI_IN_PLACE, 0, MPI_INTEGER, rb, n, MPI_INTEGER, p - 1, comm, ierr)
      else
        call MPI_GATHER(sb, n, MPI_INTEGER, rb, n, MPI_INTEGER, p - 1, comm, ierr)
      end if
      call pm_report('gather in-place', rb, ierr)
      rb = -1
      call MPI_SCATTER(sb, n, MPI_INTEGER, rb, n, MPI_INTEGER, p - 1, comm, ierr)
      call pm_report('scatter', rb, ierr)
      rb = -1
      if (rank == p - 1) then
        rb(1:n * p) = sb(1:n * p)
        call MPI_SCATTER(rb, n, MPI_INTEGER, MPI_IN_PLACE, 0, MPI_INTEGER, p - 1, comm, ierr)
      else
        call MPI_SCATTER(sb, n, MPI_INTEGER, rb, n, MPI_INTEGER, p - 1, comm, ierr)
      end if
      call pm_report('scatter in-place', rb, ierr)

      ! gatherv and scatterv: rank 0 the root, the counts and gaps of allgatherv
      rb = -1
      call MPI_GATHERV(sb, rc(rank + 1), MPI_INTEGER, rb, rc, rd, MPI_INTEGER, 0, comm, ierr)
      call pm_report('gatherv', rb, ierr)
      rb = -1
      call MPI_SCATTERV(sb, rc, rd, MPI_INTEGER, rb, rc(rank + 1), MPI_INTEGER, 0, comm, ierr)
      call pm_report('scatterv', rb, ierr)

      ! alltoallw: the counts of alltoallv, byte displacements, MPI_INTEGER for every peer
      at = 0
      do j = 1, p
        sc(j) = (mod(rank + j - 1, 3) + 1) * n / 3
        sd(j) = 4 * at
        at = at + sc(j) + 1
        ty(j) = MPI_INTEGER
      end do
      rb = -1
      call MPI_ALLTOALLW(sb, sc, sd, ty, rb, sc, sd, ty, comm, ierr)
      call pm_report('alltoallw', rb, ierr)
      rb = -1
      do j = 1, p
        rb(sd(j) / 4 + 1:sd(j) / 4 + sc(j)) = sb(sd(j) / 4 + 1:sd(j) / 4 + sc(j)) + 5
      end do
      call MPI_ALLTOALLW(MPI_IN_PLACE, sc, sd, ty, rb, sc, sd, ty, comm, ierr)
      call pm_report('alltoallw in-place', rb, ierr)

      call MPI_BARRIER(comm)
      ierr = 0
      rb = 0
      call pm_report('barrier', rb, ierr)
      deallocate(sb, rb, sc, sd, rc, rd, db, ty)
    end do
  end do
  call MPI_OP_FREE(usum, ierr)
  call MPI_COMM_FREE(comms(2), ierr)
  if (wrank == 0) write (*, '(a, i0, a)') 'fortran p=', wsize, ': done'
  call MPI_FINALIZE(ierr)

contains

  ! One line on rank 0: the case, the communicator, n, then each world rank's checksum of buf
  ! (every element, with its position) and of its ierror.
  subroutine pm_report(label, buf, err)
    character(len=*), intent(in) :: label
    integer, intent(in) :: buf(:), err
    integer(kind=8) :: sum, all(64)
    integer :: e, i
    sum = int(err, 8) * 1000000007_8
    do i = 1, size(buf)
      sum = mod(sum * 31_8 + int(buf(i), 8) + 1000003_8 + int(i, 8), 2147483647_8)
    end do
    all = 0
    call MPI_GATHER(sum, 1, MPI_INTEGER8, all, 1, MPI_INTEGER8, 0, MPI_COMM_WORLD, e)
    if (wrank == 0) write (*, '(a, 1x, a, 1x, a, i0, a, 64(1x, i0))') label, cname(c), 'n=', n, ':', &
      all(1:min(wsize, 64))
  end subroutine pm_report

end program

! The user-defined operation: an integer sum (commutative), with the f08 MPI_User_function interface.
subroutine pm_usum08(invec, inoutvec, len, datatype)
  use, intrinsic :: iso_c_binding, only : c_ptr, c_f_pointer
  use mpi_f08, only : MPI_Datatype
  implicit none
  type(c_ptr), value :: invec, inoutvec
  integer :: len
  type(MPI_Datatype) :: datatype
  integer, pointer :: a(:), b(:)
  call c_f_pointer(invec, a, (/ len /))
  call c_f_pointer(inoutvec, b, (/ len /))
  if (datatype%MPI_VAL == -12345) return ! never: the argument is only there for MPI's interface
  b = b + a
end subroutine pm_usum08
