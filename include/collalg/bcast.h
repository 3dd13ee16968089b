/**
 * @file bcast.h
 * @brief Every bcast algorithm of the catalogue (family umbrella).
 */
#ifndef COLLALG_BCAST_H
#define COLLALG_BCAST_H

#include "core/core.h"

#endif /* COLLALG_BCAST_H */
