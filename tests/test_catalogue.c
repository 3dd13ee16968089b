/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_catalogue.c - include/collalg/catalogue.h, the one table behind every list (the rows of
 * COLLALG_CATALOGUE and COLLALG_NEIGHBOR): each row's
 * header defines its function with the MPI collective's arguments and exactly `params` tuning
 * parameters after them; each family's index header (include/collalg/<collective>.h) includes
 * exactly the table's headers of that collective and lists exactly its rows in its index table;
 * the search-space and flag columns are well formed. (That the table lists exactly the headers of
 * the collective folders: test_restrictions.c.) No MPI.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <collalg/catalogue.h>

typedef struct row {
    const char *coll;
    const char *alg;
    int params;
    const char *space;
    int flags;
} row;

#define ROW(coll, alg, r, params, space, flags) {#coll, #alg, params, #space, flags},
static const row rows[] = {COLLALG_CATALOGUE(ROW) COLLALG_NEIGHBOR(ROW)};
#define NROWS ((int)(sizeof rows / sizeof *rows))

/* The number of arguments of each MPI collective. */
static const struct {
    const char *coll;
    int args;
} mpi_args[] = {{"alltoall", 7},
                {"allgather", 7},
                {"allreduce", 6},
                {"bcast", 5},
                {"alltoallv", 9},
                {"allgatherv", 8},
                {"barrier", 1},
                {"gather", 8},
                {"scatter", 8},
                {"gatherv", 9},
                {"scatterv", 9},
                {"alltoallw", 9},
                {"reduce", 7},
                {"scan", 6},
                {"exscan", 6},
                {"reduce_scatter_block", 6},
                {"reduce_scatter", 6},
                {"neighbor_allgather", 7},
                {"neighbor_allgatherv", 8},
                {"neighbor_alltoall", 7},
                {"neighbor_alltoallv", 9},
                {"neighbor_alltoallw", 9}};

static int args_of(const char *coll)
{
    int i;
    for (i = 0; i < (int)(sizeof mpi_args / sizeof *mpi_args); i++)
        if (!strcmp(mpi_args[i].coll, coll))
            return mpi_args[i].args;
    return -1;
}

/* The whole file at `path` (NUL-terminated, to be freed), NULL when it cannot be read. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *text;
    long n;
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    rewind(f);
    text = malloc((size_t)n + 1);
    if (text && fread(text, 1, (size_t)n, f) != (size_t)n) {
        free(text);
        text = NULL;
    }
    if (text)
        text[n] = 0;
    fclose(f);
    return text;
}

/* The number of parameters of the definition `int <name>(...)` in `text`, -1 when absent. */
static int params_of(const char *text, const char *name)
{
    char key[200];
    const char *s;
    int depth = 1, n = 1;
    snprintf(key, sizeof key, "int %s(", name);
    s = strstr(text, key);
    if (s == NULL)
        return -1;
    for (s += strlen(key); *s && depth > 0; s++) {
        if (*s == '(')
            depth++;
        else if (*s == ')')
            depth--;
        else if (*s == ',' && depth == 1)
            n++;
    }
    return n;
}

Test(catalogue, every_row_defines_its_function_with_its_parameters)
{
    int i;
    for (i = 0; i < NROWS; i++) {
        char path[300], fn[200];
        char *text;
        snprintf(path, sizeof path, "include/collalg/%s/%s.h", rows[i].coll, rows[i].alg);
        snprintf(fn, sizeof fn, "collalg_%s_%s", rows[i].coll, rows[i].alg);
        text = slurp(path);
        cr_assert(text != NULL, "%s: cannot read (run from the repository root)", path);
        cr_expect(args_of(rows[i].coll) > 0, "%s: not an MPI collective", rows[i].coll);
        cr_expect_eq(params_of(text, fn), args_of(rows[i].coll) + rows[i].params,
                     "%s: %d parameters, the table says %d MPI arguments + %d tuning parameters", fn,
                     params_of(text, fn), args_of(rows[i].coll), rows[i].params);
        free(text);
    }
}

/* 1 when `text` has the line `prefix``alg``suffix`. */
static int has(const char *text, const char *prefix, const char *alg, const char *suffix)
{
    char key[700];
    snprintf(key, sizeof key, "%s%s%s", prefix, alg, suffix);
    return strstr(text, key) != NULL;
}

/* How many times `key` occurs in `text`. */
static int occurrences(const char *text, const char *key)
{
    int n = 0;
    for (text = strstr(text, key); text; text = strstr(text + 1, key))
        n++;
    return n;
}

Test(catalogue, family_index_pages_list_exactly_the_rows)
{
    int i, j;
    for (i = 0; i < NROWS; i = j) {
        char path[300], inc[300], cell[300];
        char *text;
        int n = 0;
        snprintf(path, sizeof path, "include/collalg/%s.h", rows[i].coll);
        text = slurp(path);
        cr_assert(text != NULL, "%s: cannot read", path);
        for (j = i; j < NROWS && !strcmp(rows[j].coll, rows[i].coll); j++, n++) {
            snprintf(inc, sizeof inc, "#include \"%s/", rows[j].coll);
            snprintf(cell, sizeof cell, " * | collalg_%s_", rows[j].coll);
            cr_expect(has(text, inc, rows[j].alg, ".h\"\n"), "%s does not include %s/%s.h", path, rows[j].coll,
                      rows[j].alg);
            cr_expect(has(text, cell, rows[j].alg, "() |"), "%s: no index row for collalg_%s_%s()", path, rows[j].coll,
                      rows[j].alg);
        }
        snprintf(inc, sizeof inc, "#include \"%s/", rows[i].coll);
        snprintf(cell, sizeof cell, " * | collalg_%s_", rows[i].coll);
        cr_expect_eq(occurrences(text, inc), n, "%s: %d algorithm includes, %d rows", path, occurrences(text, inc), n);
        cr_expect_eq(occurrences(text, cell), n, "%s: %d index rows, %d table rows", path, occurrences(text, cell), n);
        free(text);
    }
}

Test(catalogue, columns_are_well_formed)
{
    int i, j;
    for (i = 0; i < NROWS; i++) {
        cr_expect(rows[i].params >= 0 && rows[i].params <= 3, "%s %s: %d parameters", rows[i].coll, rows[i].alg,
                  rows[i].params);
        cr_expect(strcmp(rows[i].space, "none") == 0 || rows[i].params > 0,
                  "%s %s: a search space for an algorithm without parameters", rows[i].coll, rows[i].alg);
        cr_expect((rows[i].flags & ~COLLALG_F_TOPOLOGY) == 0, "%s %s: unknown flags", rows[i].coll, rows[i].alg);
        /* rows of one collective stand together */
        for (j = i + 2; j < NROWS; j++)
            cr_expect(strcmp(rows[j].coll, rows[i].coll) || !strcmp(rows[j - 1].coll, rows[i].coll),
                      "%s: rows not together (%s)", rows[i].coll, rows[j].alg);
    }
}
