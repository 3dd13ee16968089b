/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/core/datatype.h
 * @brief Datatype building blocks: extents, typed offsets, local copies, block types.
 *
 * Conventions used by every algorithm:
 * - A "block" is `count` elements of one datatype; block i of a buffer starts at byte offset
 *   `i * count * extent` from the buffer's address. Offsets are computed in MPI_Aint, so totals
 *   past 2 GiB do not overflow an int.
 * - Scratch buffers hold data in the receive datatype's layout (gaps included), so every message
 *   of an algorithm uses the user's datatypes and MPI does the packing.
 */
#ifndef COLLALG_CORE_DATATYPE_H
#define COLLALG_CORE_DATATYPE_H

#include "config.h"

/** @brief Extent-related facts about one datatype, gathered once per call. */
typedef struct collalg__typeinfo {
    MPI_Aint lb;       /**< lower bound (bytes) */
    MPI_Aint extent;   /**< extent (bytes): the stride between consecutive elements */
    MPI_Aint true_lb;  /**< true lower bound (bytes): first byte actually touched */
    MPI_Aint true_ext; /**< true extent (bytes): span of the bytes actually touched */
    int size;          /**< type size (bytes of data, gaps excluded) */
    int dense;         /**< 1 when the type has no gaps: size == extent == true extent, lb == true lb */
} collalg__typeinfo;

/**
 * @brief Size in bytes of @p type when it is one of the common predefined C datatypes (MPI_BYTE,
 *        MPI_CHAR, the C integers, MPI_FLOAT, MPI_DOUBLE), else 0. Such a type has no gaps, lower
 *        bound 0 and extent = size = sizeof its C type, so its facts need no MPI call (three
 *        queries cost 150 to 250 instructions in MPICH 4.0 and Open MPI 4.1).
 */
COLLALG_INLINE int collalg__basic_size(MPI_Datatype type)
{
    if (type == MPI_BYTE || type == MPI_CHAR || type == MPI_SIGNED_CHAR || type == MPI_UNSIGNED_CHAR ||
        type == MPI_INT8_T || type == MPI_UINT8_T)
        return 1;
    if (type == MPI_INT || type == MPI_UNSIGNED)
        return (int)sizeof(int);
    if (type == MPI_DOUBLE)
        return (int)sizeof(double);
    if (type == MPI_FLOAT)
        return (int)sizeof(float);
    if (type == MPI_LONG || type == MPI_UNSIGNED_LONG)
        return (int)sizeof(long);
    if (type == MPI_LONG_LONG || type == MPI_UNSIGNED_LONG_LONG)
        return (int)sizeof(long long);
    if (type == MPI_SHORT || type == MPI_UNSIGNED_SHORT)
        return (int)sizeof(short);
    if (type == MPI_INT32_T || type == MPI_UINT32_T)
        return 4;
    if (type == MPI_INT64_T || type == MPI_UINT64_T)
        return 8;
    if (type == MPI_INT16_T || type == MPI_UINT16_T)
        return 2;
    return 0;
}

/**
 * @brief MPI_Type_size(@p type, @p size), without the call for the types of collalg__basic_size().
 * @return MPI_SUCCESS or the error code of MPI_Type_size.
 */
COLLALG_INLINE int collalg__type_size(MPI_Datatype type, int *size)
{
    int basic = collalg__basic_size(type);
    if (basic > 0) {
        *size = basic;
        return MPI_SUCCESS;
    }
    return COLLALG_MPI(Type_size)(type, size);
}

/**
 * @brief Fills @p ti for @p type: without an MPI call for the types of collalg__basic_size(),
 *        else from MPI_Type_get_extent, MPI_Type_get_true_extent and MPI_Type_size.
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__typeinfo_get(MPI_Datatype type, collalg__typeinfo *ti)
{
    int err, basic = collalg__basic_size(type);
    if (basic > 0) {
        ti->lb = ti->true_lb = 0;
        ti->extent = ti->true_ext = basic;
        ti->size = basic;
        ti->dense = 1;
        return MPI_SUCCESS;
    }
    err = COLLALG_MPI(Type_get_extent)(type, &ti->lb, &ti->extent);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Type_get_true_extent)(type, &ti->true_lb, &ti->true_ext);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Type_size)(type, &ti->size);
    if (err != MPI_SUCCESS)
        return err;
    ti->dense = (MPI_Aint)ti->size == ti->extent && ti->extent == ti->true_ext && ti->lb == ti->true_lb;
    return MPI_SUCCESS;
}

/** @brief Address of element @p index of a buffer of elements of extent @p extent (bytes). */
COLLALG_INLINE char *collalg__at(const void *buf, MPI_Aint index, MPI_Aint extent)
{
    return (char *)buf + index * extent;
}

/**
 * @brief Bytes of memory spanned by @p count elements of a type (what a scratch buffer needs).
 * @return `(count - 1) * extent + true_extent` for count > 0 (at least 1 byte), 0 for count 0.
 */
COLLALG_INLINE MPI_Aint collalg__span(MPI_Aint count, const collalg__typeinfo *ti)
{
    MPI_Aint ext = ti->extent > 0 ? ti->extent : -ti->extent;
    if (count <= 0)
        return 0;
    return (count - 1) * ext + (ti->true_ext > 0 ? ti->true_ext : 1);
}

/**
 * @brief Copies @p scount elements of @p stype at @p src into @p rcount elements of @p rtype at
 *        @p dst, within one process, on the private communicator @p pcomm.
 *
 * Same dense type and count: one memcpy. Otherwise a send-receive to self on the private
 * communicator, which lets MPI pack and unpack any pair of types with matching signatures and
 * leaves the gaps of @p dst untouched. A copy of a buffer onto itself is a no-op.
 * @return MPI_SUCCESS or the MPI error code (e.g. MPI_ERR_TRUNCATE when @p dst is too small).
 */
COLLALG_INLINE int collalg__copy(const void *src, int scount, MPI_Datatype stype, void *dst, int rcount,
                                 MPI_Datatype rtype, MPI_Comm pcomm)
{
    collalg__typeinfo ti;
    int err, self;

    if (scount == 0 && rcount == 0)
        return MPI_SUCCESS;
    if (src == dst && stype == rtype && scount == rcount)
        return MPI_SUCCESS;
    if (stype == rtype && scount == rcount) {
        err = collalg__typeinfo_get(stype, &ti);
        if (err != MPI_SUCCESS)
            return err;
        if (ti.dense) {
            memcpy((char *)dst + ti.lb, (const char *)src + ti.lb, (size_t)((MPI_Aint)scount * ti.extent));
            return MPI_SUCCESS;
        }
    }
    err = COLLALG_MPI(Comm_rank)(pcomm, &self);
    if (err != MPI_SUCCESS)
        return err;
    return COLLALG_MPI(Sendrecv)(src, scount, stype, self, 0, dst, rcount, rtype, self, 0, pcomm, MPI_STATUS_IGNORE);
}

/**
 * @brief Swaps @p count elements of @p type at @p buf with the block of the same signature that
 *        rank @p peer swaps back, in place: the block packed (MPI_Pack) into the first @p bytes
 *        of @p tmp, exchanged for the peer's packed block (received into the next @p bytes, both
 *        sides MPI_PACKED) and unpacked (MPI_Unpack) over @p buf. @p bytes is at least
 *        MPI_Pack_size(count, type). What MPI_Sendrecv_replace does, without its failure in
 *        MPICH 4.0 (MPI_ERR_TRUNCATE for a resized struct type of a few thousand bytes).
 * @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__swap_packed(void *buf, int count, MPI_Datatype type, int peer, int tag, void *tmp,
                                        int bytes, MPI_Comm pcomm)
{
    int pos = 0, err = COLLALG_MPI(Pack)(buf, count, type, tmp, bytes, &pos, pcomm);
    char *in = (char *)tmp + bytes;
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Sendrecv)(tmp, pos, MPI_PACKED, peer, tag, in, bytes, MPI_PACKED, peer, tag, pcomm,
                                    MPI_STATUS_IGNORE);
    pos = 0;
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Unpack)(in, bytes, &pos, buf, count, type, pcomm);
    return err;
}

/**
 * @brief How to express "k consecutive blocks of `count` elements" in one message without
 *        overflowing an int count.
 *
 * When `count * max_blocks` fits an int, @c type is the element type and @c per_block is
 * `count`; otherwise @c type is a committed MPI_Type_contiguous(count, elem) and @c per_block
 * is 1. A message of k blocks is then `k * per_block` elements of @c type.
 */
typedef struct collalg__blocks {
    MPI_Datatype type; /**< datatype to send and receive blocks with */
    int per_block;     /**< elements of @c type per block */
    int owned;         /**< 1 when @c type was created here and must be freed */
} collalg__blocks;

/**
 * @brief Sets up @p b for blocks of @p count elements of @p elem, messages of at most
 *        @p max_blocks blocks. @return MPI_SUCCESS or the MPI error code.
 */
COLLALG_INLINE int collalg__blocks_init(collalg__blocks *b, int count, MPI_Datatype elem, MPI_Aint max_blocks)
{
    int err;
    b->type = elem;
    b->per_block = count;
    b->owned = 0;
    if ((MPI_Aint)count * max_blocks <= (MPI_Aint)INT_MAX)
        return MPI_SUCCESS;
    err = COLLALG_MPI(Type_contiguous)(count, elem, &b->type);
    if (err == MPI_SUCCESS)
        err = COLLALG_MPI(Type_commit)(&b->type);
    if (err != MPI_SUCCESS) {
        b->type = elem;
        return err;
    }
    b->per_block = 1;
    b->owned = 1;
    return MPI_SUCCESS;
}

/** @brief Frees the datatype @p b created, if any. Safe to call twice. */
COLLALG_INLINE void collalg__blocks_free(collalg__blocks *b)
{
    if (b->owned) {
        COLLALG_MPI(Type_free)(&b->type);
        b->owned = 0;
    }
}

#endif /* COLLALG_CORE_DATATYPE_H */
