/**
 * @file allgather.h
 * @brief Every allgather algorithm of the catalogue (family umbrella).
 */
#ifndef COLLALG_ALLGATHER_H
#define COLLALG_ALLGATHER_H

#include "core/core.h"
#include "allgather/simple.h"
#include "allgather/spreading_simple.h"
#include "allgather/ring.h"
#include "allgather/ring_light_barrier.h"
#include "allgather/ring_mpi_barrier.h"
#include "allgather/ring_n_mpi_barriers.h"
#include "allgather/pair.h"
#include "allgather/pair_light_barrier.h"
#include "allgather/pair_mpi_barrier.h"
#include "allgather/pair_n_mpi_barriers.h"
#include "allgather/mesh_2d.h"
#include "allgather/mesh_3d.h"
#include "allgather/recursive_doubling.h"
#include "allgather/bruck.h"
#include "allgather/gather_bcast.h"

#endif /* COLLALG_ALLGATHER_H */
