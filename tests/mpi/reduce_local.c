/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * reduce_local.c - the in-line local reduction (core/reduce_local.h) against MPI_Reduce_local.
 *
 * Every predefined operation (MAX, MIN, SUM, PROD, LAND, BAND, LOR, BOR, LXOR, BXOR, MAXLOC,
 * MINLOC) on every datatype of the in-line table and on two that are not in it (MPI_BYTE,
 * MPI_2INT), for the pairs the MPI standard defines (section 6.9.2; an undefined pair is not
 * called: MPICH 4.0.2 aborts on some, e.g. MPI_LAND on MPI_BYTE): collalg__reduce_local(in,
 * inout) and MPI_Reduce_local(in, inout) run on copies of the same operands and must both succeed
 * and leave the same bytes. The operands are pseudo-random bit patterns with every fifth element
 * zero (so signed sums and products overflow, and signs, zeros and extremes occur),
 * floating-point ones finite numbers of mixed signs and magnitudes. collalg__reduce_local_known()
 * must hold for defined pairs only. Each rank runs alone (p >= 1; rank r's generator starts from r).
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "catalogue.h"
#include "harness.h"

#define RL_COUNT 67   /* elements per case: an odd count, not a multiple of any vector width */
#define RL_BYTES 1024 /* room for RL_COUNT elements of the widest type (8 bytes) */

static th_opts o;
static th_result r = {0, 0, NULL, NULL};

/* 64 pseudo-random bits (xorshift64*). */
static uint64_t rl_next(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

/* Fills `bytes` bytes with random bits; a floating-point kind (size 4 or 8, `fp`) gets finite
 * values of mixed sign and magnitude instead. */
static void rl_fill(unsigned char *buf, size_t bytes, int fp, size_t width, uint64_t *s)
{
    size_t i;
    if (fp == 4)
        for (i = 0; i + sizeof(float) <= bytes; i += sizeof(float)) {
            float v = (float)((int64_t)(rl_next(s) % 2000001) - 1000000) / 977.0f;
            memcpy(buf + i, &v, sizeof v);
        }
    else if (fp == 8)
        for (i = 0; i + sizeof(double) <= bytes; i += sizeof(double)) {
            double v = (double)((int64_t)(rl_next(s) % 2000000001) - 1000000000) / 12345.678;
            memcpy(buf + i, &v, sizeof v);
        }
    else
        for (i = 0; i < bytes; i++)
            buf[i] = (unsigned char)(rl_next(s) >> 56);
    /* small values too, so that LAND / LOR see zeros and MIN / MAX see ties */
    if (!fp && width > 0)
        for (i = 0; i + width <= bytes; i += 5 * width)
            memset(buf + i, 0, width);
}

/* The classes of datatypes of the standard's table of predefined operations. */
enum rl_class { RL_INT, RL_FP, RL_BYTE, RL_PAIR };

typedef struct rl_type {
    const char *name;
    MPI_Datatype type;
    enum rl_class cls;
    int fp; /* 4: float, 8: double, 0: filled with random bits */
} rl_type;

typedef struct rl_op {
    const char *name;
    MPI_Op op;
    unsigned classes; /* the classes the standard defines it on (bit 1 << rl_class) */
} rl_op;

#define RL_ARITH ((1u << RL_INT) | (1u << RL_FP))
#define RL_LOGICAL (1u << RL_INT)
#define RL_BITWISE ((1u << RL_INT) | (1u << RL_BYTE))
#define RL_LOC (1u << RL_PAIR)

/* One case: both reductions on copies of the same operands. */
static void rl_case(const rl_type *t, const rl_op *op, uint64_t *seed)
{
    unsigned char in[RL_BYTES], a[RL_BYTES], b[RL_BYTES];
    char what[160];
    int ea, eb, size, defined = (op->classes >> t->cls) & 1u, known = collalg__reduce_local_known(op->op, t->type);
    MPI_Type_size(t->type, &size);
    snprintf(what, sizeof what, "%s on %s: in line only when the standard defines it", op->name, t->name);
    th_expect(&r, &o, what, defined || !known);
    if (!defined)
        return;
    rl_fill(in, sizeof in, t->fp, (size_t)size, seed);
    rl_fill(a, sizeof a, t->fp, (size_t)size, seed);
    memcpy(b, a, sizeof b);
    ea = collalg__reduce_local(in, a, RL_COUNT, t->type, op->op);
    eb = MPI_Reduce_local(in, b, RL_COUNT, t->type, op->op);
    snprintf(what, sizeof what, "%s on %s, %d elements (%s)", op->name, t->name, RL_COUNT,
             known ? "in line" : "MPI_Reduce_local");
    if (ea == MPI_SUCCESS && eb == MPI_SUCCESS)
        th_check(&r, &o, what, a, b, sizeof a);
    else
        th_expect(&r, &o, what, 0);
}

int main(int argc, char **argv)
{
    int rank, i, j;
    uint64_t seed;
    const rl_type types[] = {
        {"int", MPI_INT, RL_INT, 0},
        {"unsigned", MPI_UNSIGNED, RL_INT, 0},
        {"long", MPI_LONG, RL_INT, 0},
        {"unsigned long", MPI_UNSIGNED_LONG, RL_INT, 0},
        {"long long", MPI_LONG_LONG, RL_INT, 0},
        {"unsigned long long", MPI_UNSIGNED_LONG_LONG, RL_INT, 0},
        {"short", MPI_SHORT, RL_INT, 0},
        {"unsigned short", MPI_UNSIGNED_SHORT, RL_INT, 0},
        {"signed char", MPI_SIGNED_CHAR, RL_INT, 0},
        {"unsigned char", MPI_UNSIGNED_CHAR, RL_INT, 0},
        {"int8_t", MPI_INT8_T, RL_INT, 0},
        {"int16_t", MPI_INT16_T, RL_INT, 0},
        {"int32_t", MPI_INT32_T, RL_INT, 0},
        {"int64_t", MPI_INT64_T, RL_INT, 0},
        {"uint8_t", MPI_UINT8_T, RL_INT, 0},
        {"uint16_t", MPI_UINT16_T, RL_INT, 0},
        {"uint32_t", MPI_UINT32_T, RL_INT, 0},
        {"uint64_t", MPI_UINT64_T, RL_INT, 0},
        {"float", MPI_FLOAT, RL_FP, 4},
        {"double", MPI_DOUBLE, RL_FP, 8},
        {"byte", MPI_BYTE, RL_BYTE, 0},
        {"2int", MPI_2INT, RL_PAIR, 0},
    };
    const rl_op ops[] = {
        {"MPI_MAX", MPI_MAX, RL_ARITH},     {"MPI_MIN", MPI_MIN, RL_ARITH},     {"MPI_SUM", MPI_SUM, RL_ARITH},
        {"MPI_PROD", MPI_PROD, RL_ARITH},   {"MPI_LAND", MPI_LAND, RL_LOGICAL}, {"MPI_LOR", MPI_LOR, RL_LOGICAL},
        {"MPI_LXOR", MPI_LXOR, RL_LOGICAL}, {"MPI_BAND", MPI_BAND, RL_BITWISE}, {"MPI_BOR", MPI_BOR, RL_BITWISE},
        {"MPI_BXOR", MPI_BXOR, RL_BITWISE}, {"MPI_MAXLOC", MPI_MAXLOC, RL_LOC}, {"MPI_MINLOC", MPI_MINLOC, RL_LOC},
    };
    int ntypes = (int)(sizeof types / sizeof types[0]), nops = (int)(sizeof ops / sizeof ops[0]);
    MPI_Init(&argc, &argv);
    th_parse(argc, argv, &o);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    /* A failing MPI_Reduce_local is a failed case, not an abort. */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    seed = 0x9E3779B97F4A7C15ULL + (uint64_t)rank;
    for (i = 0; i < ntypes; i++)
        for (j = 0; j < nops; j++)
            rl_case(&types[i], &ops[j], &seed);
    i = th_finish(&r, "reduce_local");
    MPI_Finalize();
    return i;
}
