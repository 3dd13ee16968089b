/**
 * @file bcast.h
 * @brief Every bcast algorithm of the catalogue (family umbrella).
 */
#ifndef COLLALG_BCAST_H
#define COLLALG_BCAST_H

#include "core/core.h"
#include "bcast/linear.h"
#include "bcast/chain.h"
#include "bcast/binary_tree.h"
#include "bcast/binomial.h"
#include "bcast/scatter_rdb_allgather.h"
#include "bcast/scatter_ring_allgather.h"
#include "bcast/csm.h"

#endif /* COLLALG_BCAST_H */
