! mpifh.f90 - an unmodified Fortran MPI program with include 'mpif.h' and MPI_INIT (see pm_body.inc).
program pm_mpifh
  implicit none
  include 'mpif.h'
  logical, parameter :: pm_threaded = .false.
  include 'pm_body.inc'
