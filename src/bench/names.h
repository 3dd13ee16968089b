/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * names.h - the benchmark programs' parser of a comma-separated list of names (-c, -i, ...
 * options of src/bench/nonblocking.c and src/bench/neighborhood.c).
 */
#ifndef COLLALG_BENCH_NAMES_H
#define COLLALG_BENCH_NAMES_H

#include <string.h>

/* Parses the comma-separated names in arg, each one of names[0 .. count), into the flags on[]
 * (1: listed); @return 0, or 1 on an unknown name. */
static int bench_names(const char *arg, const char *const *names, int count, int *on)
{
    int i;
    for (i = 0; i < count; i++)
        on[i] = 0;
    while (*arg) {
        size_t len = strcspn(arg, ",");
        for (i = 0; i < count && (strlen(names[i]) != len || strncmp(arg, names[i], len) != 0); i++)
            ;
        if (i == count)
            return 1;
        on[i] = 1;
        arg += len;
        if (*arg == ',')
            arg++;
    }
    return 0;
}

#endif /* COLLALG_BENCH_NAMES_H */
