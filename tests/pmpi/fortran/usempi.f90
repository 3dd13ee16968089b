! usempi.f90 - an unmodified Fortran MPI program with `use mpi` and MPI_INIT_THREAD (see pm_body.inc).
program pm_usempi
  use mpi
  implicit none
  logical, parameter :: pm_threaded = .true.
  include 'pm_body.inc'
