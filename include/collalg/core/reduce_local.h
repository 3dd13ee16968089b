/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/core/reduce_local.h
 * @brief The local reduction every reducing algorithm folds with: MPI_Reduce_local, with the
 *        common predefined (operation, datatype) pairs computed in line.
 *
 * A small reduction is dominated by the call, not by the arithmetic: MPICH 4.0's MPI_Reduce_local
 * executes about 1,500 instructions to add two ints (argument checks, the operation table, a
 * query of where the buffers live), about as much as the whole native MPI_Allreduce of 8 bytes
 * at p = 2 outside its wait loop. collalg__reduce_local() computes inout = in op inout itself for
 * the pairs below and calls MPI_Reduce_local for everything else (user operations, derived and
 * Fortran datatypes, MAXLOC/MINLOC, floating-point MIN/MAX, whose NaN convention is the
 * library's to choose, and unsigned MIN/MAX, which MPICH 4.0.2 compares as signed values: left to
 * the library, a tuned routine returns what the native collective returns):
 *
 * | operation                          | datatypes                                                     |
 * |------------------------------------|---------------------------------------------------------------|
 * | MPI_SUM, MPI_PROD                  | the C integers below, MPI_FLOAT, MPI_DOUBLE                   |
 * | MPI_MIN, MPI_MAX                   | the signed C integers below                                   |
 * | MPI_LAND, MPI_LOR, MPI_LXOR, MPI_BAND, MPI_BOR, MPI_BXOR | the C integers below                    |
 *
 * C integers: MPI_INT, MPI_UNSIGNED, MPI_LONG, MPI_UNSIGNED_LONG, MPI_LONG_LONG,
 * MPI_UNSIGNED_LONG_LONG, MPI_INT32_T, MPI_INT64_T, MPI_UINT32_T, MPI_UINT64_T. Every one of these
 * pairs is defined by the MPI standard (section 6.9.2), so collalg__reduce_local_known() also lets
 * the reducing algorithms skip their probe of the pair. The 8- and 16-bit integers are left to the
 * library as well: Open MPI 4.1.4's vectorised MPI_SUM saturates them where the scalar tail
 * wraps around, so no single rule reproduces it.
 *
 * The results are those of MPI_Reduce_local bit for bit: signed sums and products are computed
 * in the unsigned type of the same width (two's complement wrap-around, which is what MPI
 * libraries' C loops produce, without C's undefined signed overflow); floating-point sums and
 * products of two operands do not depend on their order (IEEE 754 addition and multiplication
 * are commutative), and the operand order of every other operation here is immaterial too.
 */
#ifndef COLLALG_CORE_REDUCE_LOCAL_H
#define COLLALG_CORE_REDUCE_LOCAL_H

#include "config.h"
#include <stdint.h>

/** @brief The operations collalg__reduce_local() computes in line. */
enum collalg__lop {
    COLLALG__LOP_NONE, /**< not computed in line: MPI_Reduce_local */
    COLLALG__LOP_SUM,  /**< MPI_SUM */
    COLLALG__LOP_PROD, /**< MPI_PROD */
    COLLALG__LOP_MIN,  /**< MPI_MIN */
    COLLALG__LOP_MAX,  /**< MPI_MAX */
    COLLALG__LOP_LAND, /**< MPI_LAND */
    COLLALG__LOP_LOR,  /**< MPI_LOR */
    COLLALG__LOP_LXOR, /**< MPI_LXOR */
    COLLALG__LOP_BAND, /**< MPI_BAND */
    COLLALG__LOP_BOR,  /**< MPI_BOR */
    COLLALG__LOP_BXOR  /**< MPI_BXOR */
};

/** @brief The in-line operation of @p op (COLLALG__LOP_NONE for the others). */
COLLALG_INLINE enum collalg__lop collalg__lop_of(MPI_Op op)
{
    if (op == MPI_SUM)
        return COLLALG__LOP_SUM;
    if (op == MPI_PROD)
        return COLLALG__LOP_PROD;
    if (op == MPI_MAX)
        return COLLALG__LOP_MAX;
    if (op == MPI_MIN)
        return COLLALG__LOP_MIN;
    if (op == MPI_BAND)
        return COLLALG__LOP_BAND;
    if (op == MPI_BOR)
        return COLLALG__LOP_BOR;
    if (op == MPI_BXOR)
        return COLLALG__LOP_BXOR;
    if (op == MPI_LAND)
        return COLLALG__LOP_LAND;
    if (op == MPI_LOR)
        return COLLALG__LOP_LOR;
    if (op == MPI_LXOR)
        return COLLALG__LOP_LXOR;
    return COLLALG__LOP_NONE;
}

/** @brief The element kinds computed in line: C integers by width and signedness, float, double. */
enum collalg__lkind {
    COLLALG__LK_NONE, /**< not computed in line */
    COLLALG__LK_INT,  /**< a C integer (signedness matters for MIN and MAX only) */
    COLLALG__LK_FLT,  /**< MPI_FLOAT */
    COLLALG__LK_DBL   /**< MPI_DOUBLE */
};

/**
 * @brief Kind of @p type for the in-line reduction; for a C integer also its width in bytes
 *        (*@p width) and whether it is signed (*@p sign).
 */
COLLALG_INLINE enum collalg__lkind collalg__lkind_of(MPI_Datatype type, int *width, int *sign)
{
    *sign = 1;
    if (type == MPI_INT || type == MPI_INT32_T)
        return *width = (int)sizeof(int), COLLALG__LK_INT;
    if (type == MPI_DOUBLE)
        return *width = 0, COLLALG__LK_DBL;
    if (type == MPI_FLOAT)
        return *width = 0, COLLALG__LK_FLT;
    if (type == MPI_LONG_LONG || type == MPI_INT64_T)
        return *width = 8, COLLALG__LK_INT;
    if (type == MPI_LONG)
        return *width = (int)sizeof(long), COLLALG__LK_INT;
    *sign = 0;
    if (type == MPI_UNSIGNED || type == MPI_UINT32_T)
        return *width = (int)sizeof(unsigned), COLLALG__LK_INT;
    if (type == MPI_UNSIGNED_LONG_LONG || type == MPI_UINT64_T)
        return *width = 8, COLLALG__LK_INT;
    if (type == MPI_UNSIGNED_LONG)
        return *width = (int)sizeof(unsigned long), COLLALG__LK_INT;
    return *width = 0, COLLALG__LK_NONE;
}

/**
 * @brief How collalg__reduce_local() computes (@p op, @p type): the element kind, with the
 *        operation in *@p o and, for a C integer, its width and signedness; COLLALG__LK_NONE
 *        when the pair is not in the file comment's table (MPI_Reduce_local computes it).
 */
COLLALG_INLINE enum collalg__lkind collalg__lplan(MPI_Op op, MPI_Datatype type, enum collalg__lop *o, int *width,
                                                  int *sign)
{
    enum collalg__lkind k;
    *width = *sign = 0;
    *o = collalg__lop_of(op);
    if (*o == COLLALG__LOP_NONE)
        return COLLALG__LK_NONE;
    k = collalg__lkind_of(type, width, sign);
    if (k == COLLALG__LK_INT && (*sign || (*o != COLLALG__LOP_MIN && *o != COLLALG__LOP_MAX)))
        return k;
    if (k != COLLALG__LK_NONE && k != COLLALG__LK_INT && (*o == COLLALG__LOP_SUM || *o == COLLALG__LOP_PROD))
        return k;
    return COLLALG__LK_NONE;
}

/**
 * @brief 1 when collalg__reduce_local() computes (@p op, @p type) in line (the table in the file
 *        comment), which also means the MPI standard defines the pair; else 0.
 */
COLLALG_INLINE int collalg__reduce_local_known(MPI_Op op, MPI_Datatype type)
{
    enum collalg__lop o;
    int width, sign;
    return collalg__lplan(op, type, &o, &width, &sign) != COLLALG__LK_NONE;
}

/** @cond COLLALG_REDUCE_LOCAL_LOOPS */
/* inout[i] = in[i] op inout[i] over n elements of type T; U is the unsigned type of T's width,
 * in which sums, products and bitwise operations run (no undefined signed overflow). */
#define COLLALG__LOOP(T, expr)          \
    do {                                \
        const T *x_ = (const T *)in;    \
        T *y_ = (T *)inout;             \
        MPI_Aint i_;                    \
        for (i_ = 0; i_ < n; i_++) {    \
            T a_ = x_[i_], b_ = y_[i_]; \
            y_[i_] = (T)(expr);         \
        }                               \
    } while (0)
#define COLLALG__INT_OPS(T, U)                                             \
    switch (o) {                                                           \
    case COLLALG__LOP_SUM: COLLALG__LOOP(T, (U)a_ + (U)b_); break;         \
    case COLLALG__LOP_PROD: COLLALG__LOOP(T, (U)a_ *(U)b_); break;         \
    case COLLALG__LOP_MIN: COLLALG__LOOP(T, a_ < b_ ? a_ : b_); break;     \
    case COLLALG__LOP_MAX: COLLALG__LOOP(T, a_ > b_ ? a_ : b_); break;     \
    case COLLALG__LOP_LAND: COLLALG__LOOP(T, a_ &&b_); break;              \
    case COLLALG__LOP_LOR: COLLALG__LOOP(T, a_ || b_); break;              \
    case COLLALG__LOP_LXOR: COLLALG__LOOP(T, !a_ != !b_); break;           \
    case COLLALG__LOP_BAND: COLLALG__LOOP(T, (U)a_ &(U)b_); break;         \
    case COLLALG__LOP_BOR: COLLALG__LOOP(T, (U)a_ | (U)b_); break;         \
    case COLLALG__LOP_BXOR: COLLALG__LOOP(T, (U)a_ ^ (U)b_); break;        \
    default: return COLLALG_MPI(Reduce_local)(in, inout, count, type, op); \
    }
/** @endcond */

/**
 * @brief inout = in op inout over @p count elements of @p type, as MPI_Reduce_local(@p in,
 *        @p inout, @p count, @p type, @p op): in line for the pairs of the file comment, else by
 *        MPI_Reduce_local itself.
 * @return MPI_SUCCESS, or the error code of MPI_Reduce_local (e.g. MPI_ERR_OP for a predefined
 *         operation that the standard does not define on @p type).
 */
COLLALG_INLINE int collalg__reduce_local(const void *in, void *inout, int count, MPI_Datatype type, MPI_Op op)
{
    int width, sign;
    MPI_Aint n = count;
    enum collalg__lop o;
    enum collalg__lkind k = collalg__lplan(op, type, &o, &width, &sign);
    if (k == COLLALG__LK_NONE || count < 0)
        return COLLALG_MPI(Reduce_local)(in, inout, count, type, op);
    if (k == COLLALG__LK_DBL) {
        if (o == COLLALG__LOP_SUM)
            COLLALG__LOOP(double, a_ + b_);
        else
            COLLALG__LOOP(double, a_ *b_);
    } else if (k == COLLALG__LK_FLT) {
        if (o == COLLALG__LOP_SUM)
            COLLALG__LOOP(float, a_ + b_);
        else
            COLLALG__LOOP(float, a_ *b_);
    } else if (width == 4 && sign) {
        COLLALG__INT_OPS(int32_t, uint32_t)
    } else if (width == 4) {
        COLLALG__INT_OPS(uint32_t, uint32_t)
    } else if (width == 8 && sign) {
        COLLALG__INT_OPS(int64_t, uint64_t)
    } else {
        COLLALG__INT_OPS(uint64_t, uint64_t)
    }
    return MPI_SUCCESS;
}
#undef COLLALG__INT_OPS
#undef COLLALG__LOOP

#endif /* COLLALG_CORE_REDUCE_LOCAL_H */
