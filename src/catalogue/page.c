/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file page.c
 * @brief Prints the reference's catalogue page (Markdown for Doxygen) from the catalogue table
 *        (include/collalg/catalogue.h): every algorithm with its restrictions, parameters, the
 *        tuner's search space and flags, and the number of algorithms per collective. `make docs`
 *        runs it into build/docs/catalogue.md. Needs no MPI.
 *
 * Usage: collalg-catalogue-page > catalogue.md
 */
#include <stdio.h>
#include <string.h>
#include <collalg/catalogue.h>

/** @brief One row of the table, as strings. */
typedef struct row {
    const char *coll;  /**< collective */
    const char *alg;   /**< algorithm */
    int restrictions;  /**< COLLALG_R_ kinds */
    int params;        /**< tuning parameters */
    const char *space; /**< the tuner's search space */
    int flags;         /**< COLLALG_F_ flags */
} row;

/** @cond PAGE_ROWS */
#define PAGE_ROW(coll, alg, r, params, space, flags) {#coll, #alg, r, params, #space, flags},
/** @endcond */
static const row rows[] = {COLLALG_CATALOGUE(PAGE_ROW)};
#define NROWS ((int)(sizeof rows / sizeof rows[0]))

/** @brief The restriction kinds of @p r in words ("none" for 0). */
static void print_restrictions(int r)
{
    const char *sep = "";
    if (!r)
        printf("none");
    if (r & COLLALG_R_COMMUTATIVE)
        printf("%scommutative op", sep), sep = ", ";
    if (r & COLLALG_R_MAX_P)
        printf("%sp <= %d", sep, COLLALG_R_MAX_P_VALUE), sep = ", ";
    if (r & COLLALG_R_ONE_NODE)
        printf("%sone node", sep), sep = ", ";
    if (r & COLLALG_R_ISOMORPHIC)
        printf("%sisomorphic neighbourhood", sep);
}

/** @brief Prints the page. @return 0 */
int main(void)
{
    int i, j, n;
    printf("# The catalogue {#catalogue}\n\n");
    printf("Every algorithm of the catalogue, one row of the catalogue table (`COLLALG_CATALOGUE` in\n"
           "include/collalg/catalogue.h); this page is generated from that table by `make docs`.\n"
           "Restrictions: what a call must have for the algorithm to serve it (restrictions.h; the\n"
           "selector and the PMPI library send other calls elsewhere). Parameters: how many tuning\n"
           "parameters follow the MPI arguments (0 or NULL for each: the documented defaults). Search\n"
           "space: the values the tuner tries (`tune_space_<name>` in src/catalogue/space.h). Topology:\n"
           "the algorithm schedules by the machine's topology description.\n\n");
    printf("| collective | algorithms |\n|---|---|\n");
    for (i = 0; i < NROWS; i = j) {
        for (j = i, n = 0; j < NROWS && !strcmp(rows[j].coll, rows[i].coll); j++)
            n++;
        printf("| MPI_%c%s | %d |\n", rows[i].coll[0] - 'a' + 'A', rows[i].coll + 1, n);
    }
    printf("| all | %d |\n\n", NROWS);
    printf("| collective | algorithm | restrictions | parameters | search space | topology |\n");
    printf("|---|---|---|---|---|---|\n");
    for (i = 0; i < NROWS; i++) {
        printf("| %s | collalg_%s_%s() | ", rows[i].coll, rows[i].coll, rows[i].alg);
        print_restrictions(rows[i].restrictions);
        printf(" | %d | %s | %s |\n", rows[i].params, strcmp(rows[i].space, "none") ? rows[i].space : "-",
               rows[i].flags & COLLALG_F_TOPOLOGY ? "yes" : "");
    }
    return 0;
}
