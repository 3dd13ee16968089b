/**
 * @file collalg/barrier.h
 * @brief Every barrier algorithm of the catalogue (family umbrella). Not to be confused with
 *        core/barrier.h, the light-weight barrier primitive used between phases.
 */
#ifndef COLLALG_BARRIER_H
#define COLLALG_BARRIER_H

#include "barrier/dissemination.h"
#include "barrier/pairwise_exchange.h"
#include "barrier/binomial.h"
#include "barrier/mcs.h"
#include "barrier/js.h"
#include "barrier/light_weight.h"

#endif /* COLLALG_BARRIER_H */
