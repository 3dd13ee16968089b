/**
 * @file alltoallv.h
 * @brief Every alltoallv algorithm of the catalogue (family umbrella).
 */
#ifndef COLLALG_ALLTOALLV_H
#define COLLALG_ALLTOALLV_H

#include "alltoallv/simple.h"
#include "alltoallv/spreading_simple.h"
#include "alltoallv/ring.h"
#include "alltoallv/ring_light_barrier.h"
#include "alltoallv/ring_mpi_barrier.h"
#include "alltoallv/ring_n_mpi_barriers.h"
#include "alltoallv/pair.h"
#include "alltoallv/pair_light_barrier.h"
#include "alltoallv/pair_mpi_barrier.h"
#include "alltoallv/pair_n_mpi_barriers.h"
#include "alltoallv/greedy.h"
#include "alltoallv/alltoall_based.h"

#endif /* COLLALG_ALLTOALLV_H */
