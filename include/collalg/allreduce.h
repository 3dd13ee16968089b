/**
 * @file allreduce.h
 * @brief Every allreduce algorithm of the catalogue (family umbrella).
 */
#ifndef COLLALG_ALLREDUCE_H
#define COLLALG_ALLREDUCE_H

#include "core/core.h"
#include "allreduce/reduce_bcast.h"
#include "allreduce/allgather_based.h"
#include "allreduce/recursive_doubling.h"
#include "allreduce/rabenseifner.h"
#include "allreduce/rabenseifner_var1.h"
#include "allreduce/rabenseifner_var2.h"
#include "allreduce/ring.h"
#include "allreduce/two_stage.h"

#endif /* COLLALG_ALLREDUCE_H */
