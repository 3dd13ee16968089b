/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * test_restrictions.c - include/collalg/restrictions.h: the tables (blocking, nonblocking,
 * neighbourhood)
 * list exactly the algorithm headers of include/collalg/<collective>/ (one entry each, none
 * missing, none extra), the
 * run-time lookup agrees with the compile-time constants, and unknown names are -1. Whether each
 * entry is true of its algorithm is checked under MPI (tests/mpi/select.c).
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <collalg/restrictions.h>

typedef struct entry {
    const char *coll;
    const char *alg;
    int r;
} entry;

#define ENTRY(coll, alg, r, params, space, flags) {#coll, #alg, r},
static const entry table[] = {COLLALG_CATALOGUE(ENTRY) COLLALG_NONBLOCKING(ENTRY) COLLALG_NEIGHBOR(ENTRY)};
#define NTABLE ((int)(sizeof table / sizeof *table))

/* The folders of include/collalg that hold no algorithms (docs/layout.md); every other folder
 * is a collective whose headers are its algorithms. */
static const char *const not_colls[] = {"core", "schedule", "machine", "family"};

/* 1 when include/collalg/<name> is a collective's folder. */
static int is_collective(const char *name)
{
    int i;
    if (name[0] == '.')
        return 0;
    for (i = 0; i < (int)(sizeof not_colls / sizeof *not_colls); i++)
        if (!strcmp(name, not_colls[i]))
            return 0;
    return 1;
}

/* Entries of the table for `coll`. */
static int table_count(const char *coll)
{
    int i, n = 0;
    for (i = 0; i < NTABLE; i++)
        n += !strcmp(table[i].coll, coll);
    return n;
}

Test(restrictions, table_lists_every_header_once)
{
    int i, j, folders = 0, listed = 0;
    struct dirent *f;
    DIR *top = opendir("include/collalg");
    cr_assert(top != NULL, "include/collalg: run from the repository root");
    while ((f = readdir(top)) != NULL) {
        char dir[512];
        struct dirent *e;
        int headers = 0;
        DIR *d;
        if (!is_collective(f->d_name) || strlen(f->d_name) > 128)
            continue;
        snprintf(dir, sizeof dir, "include/collalg/%s", f->d_name);
        d = opendir(dir);
        if (d == NULL) /* a file, not a folder */
            continue;
        folders++;
        while ((e = readdir(d)) != NULL) {
            char alg[128];
            size_t n = strlen(e->d_name);
            if (n < 3 || strcmp(e->d_name + n - 2, ".h") != 0 || n - 2 >= sizeof alg)
                continue;
            memcpy(alg, e->d_name, n - 2);
            alg[n - 2] = 0;
            headers++;
            cr_expect(collalg_restrictions(f->d_name, alg) >= 0, "%s/%s.h has no entry in restrictions.h", f->d_name,
                      alg);
        }
        closedir(d);
        cr_expect_eq(table_count(f->d_name), headers, "%s: %d table entries, %d headers", f->d_name,
                     table_count(f->d_name), headers);
        listed += headers;
    }
    closedir(top);
    cr_expect(folders >= 7, "only %d collective folders found", folders);
    cr_expect_eq(listed, NTABLE, "%d headers in the collective folders, %d table entries", listed, NTABLE);
    for (i = 0; i < NTABLE; i++)
        for (j = i + 1; j < NTABLE; j++)
            cr_expect(strcmp(table[i].coll, table[j].coll) || strcmp(table[i].alg, table[j].alg), "%s %s twice",
                      table[i].coll, table[i].alg);
}

Test(restrictions, lookup_agrees_with_constants)
{
    int i;
    for (i = 0; i < NTABLE; i++)
        cr_expect_eq(collalg_restrictions(table[i].coll, table[i].alg), table[i].r, "%s %s", table[i].coll,
                     table[i].alg);
    cr_expect_eq(collalg_restrict_allreduce_ring, COLLALG_R_COMMUTATIVE);
    cr_expect_eq(collalg_restrict_iallreduce_ring, COLLALG_R_COMMUTATIVE);
    cr_expect_eq(collalg_restrictions("iallreduce", "recursive_doubling"), 0);
    cr_expect_eq(collalg_restrict_allreduce_rabenseifner, 0);
    cr_expect_eq(collalg_restrict_alltoallv_greedy, COLLALG_R_MAX_P);
    cr_expect_eq(collalg_restrictions("allreduce", "no_such_algorithm"), -1);
    cr_expect_eq(collalg_restrictions("reduce", "ring"), -1);
    cr_expect_eq(collalg_restrictions(NULL, "ring"), -1);
    cr_expect_eq(collalg_restrictions("allreduce", NULL), -1);
    cr_expect_str_eq(collalg_restriction_text(COLLALG_R_COMMUTATIVE), "the operation must be commutative");
    cr_expect_str_eq(collalg_restriction_text(0), "");
}
