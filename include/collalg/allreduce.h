/**
 * @file allreduce.h
 * @brief Every allreduce algorithm of the catalogue (family umbrella).
 */
#ifndef COLLALG_ALLREDUCE_H
#define COLLALG_ALLREDUCE_H

#include "core/core.h"

#endif /* COLLALG_ALLREDUCE_H */
