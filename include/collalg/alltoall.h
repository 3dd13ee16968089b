/**
 * @file alltoall.h
 * @brief Every alltoall algorithm of the catalogue (family umbrella).
 */
#ifndef COLLALG_ALLTOALL_H
#define COLLALG_ALLTOALL_H

#include "alltoall/simple.h"
#include "alltoall/spreading_simple.h"
#include "alltoall/mesh_2d.h"
#include "alltoall/mesh_3d.h"
#include "alltoall/recursive_doubling.h"
#include "alltoall/bruck.h"
#include "alltoall/ring.h"
#include "alltoall/ring_light_barrier.h"
#include "alltoall/ring_mpi_barrier.h"
#include "alltoall/ring_n_mpi_barriers.h"
#include "alltoall/pair.h"
#include "alltoall/pair_light_barrier.h"
#include "alltoall/pair_mpi_barrier.h"
#include "alltoall/pair_n_mpi_barriers.h"

#endif /* COLLALG_ALLTOALL_H */
