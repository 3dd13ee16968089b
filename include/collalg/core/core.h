/**
 * @file core.h
 * @brief All shared building blocks of the catalogue (what every algorithm header includes).
 */
#ifndef COLLALG_CORE_CORE_H
#define COLLALG_CORE_CORE_H

#include "config.h"
#include "schedule.h"
#include "tags.h"
#include "comm.h"
#include "datatype.h"
#include "context.h"
#include "args.h"
#include "barrier.h"
#include "request.h"
#include "fn.h"

#endif /* COLLALG_CORE_CORE_H */
