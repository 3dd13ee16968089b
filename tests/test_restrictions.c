/*
 * test_restrictions.c - include/collalg/restrictions.h: the table lists exactly the algorithm
 * headers of include/collalg/<collective>/ (one entry each, none missing, none extra), the
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

#define ENTRY(coll, alg, r) {#coll, #alg, r},
static const entry table[] = {COLLALG_ALGORITHMS(ENTRY)};
#define NTABLE ((int)(sizeof table / sizeof *table))

static const char *const colls[] = {"alltoall",  "allgather",  "allreduce", "bcast",
                                    "alltoallv", "allgatherv", "barrier"};

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
    int c, i, j;
    for (c = 0; c < (int)(sizeof colls / sizeof *colls); c++) {
        char dir[128];
        struct dirent *e;
        int headers = 0;
        DIR *d;
        snprintf(dir, sizeof dir, "include/collalg/%s", colls[c]);
        d = opendir(dir);
        cr_assert(d != NULL, "%s: run from the repository root", dir);
        while ((e = readdir(d)) != NULL) {
            char alg[128];
            size_t n = strlen(e->d_name);
            if (n < 3 || strcmp(e->d_name + n - 2, ".h") != 0 || n - 2 >= sizeof alg)
                continue;
            memcpy(alg, e->d_name, n - 2);
            alg[n - 2] = 0;
            headers++;
            cr_expect(collalg_restrictions(colls[c], alg) >= 0, "%s/%s.h has no entry in restrictions.h", colls[c],
                      alg);
        }
        closedir(d);
        cr_expect_eq(table_count(colls[c]), headers, "%s: %d table entries, %d headers", colls[c],
                     table_count(colls[c]), headers);
    }
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
    cr_expect_eq(collalg_restrict_allreduce_rabenseifner, 0);
    cr_expect_eq(collalg_restrict_alltoallv_greedy, COLLALG_R_MAX_P);
    cr_expect_eq(collalg_restrictions("allreduce", "no_such_algorithm"), -1);
    cr_expect_eq(collalg_restrictions("reduce", "ring"), -1);
    cr_expect_eq(collalg_restrictions(NULL, "ring"), -1);
    cr_expect_eq(collalg_restrictions("allreduce", NULL), -1);
    cr_expect_str_eq(collalg_restriction_text(COLLALG_R_COMMUTATIVE), "the operation must be commutative");
    cr_expect_str_eq(collalg_restriction_text(0), "");
}
