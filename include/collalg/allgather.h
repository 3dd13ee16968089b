/**
 * @file allgather.h
 * @brief Every allgather algorithm of the catalogue (family umbrella).
 */
#ifndef COLLALG_ALLGATHER_H
#define COLLALG_ALLGATHER_H

#include "core/core.h"

#endif /* COLLALG_ALLGATHER_H */
