/**
 * @file alltoall.h
 * @brief Every alltoall algorithm of the catalogue (family umbrella).
 */
#ifndef COLLALG_ALLTOALL_H
#define COLLALG_ALLTOALL_H

#include "alltoall/ring.h"
#include "alltoall/ring_light_barrier.h"
#include "alltoall/ring_mpi_barrier.h"
#include "alltoall/ring_n_mpi_barriers.h"

#endif /* COLLALG_ALLTOALL_H */
