/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/reduce_scatter_block.h
 * @ingroup reduce_scatter_block
 * @brief Every reduce_scatter_block algorithm of the catalogue (family umbrella).
 */

/**
 * @defgroup reduce_scatter_block MPI_Reduce_scatter_block
 * @brief MPI_Reduce_scatter_block: the vector v_0 op v_1 op ... op v_(p-1) (elementwise) is cut
 *        into p equal blocks, block i (recvcount elements) goes to rank i.
 *
 * Every function takes exactly MPI_Reduce_scatter_block's arguments. n is the whole vector in
 * bytes (p * recvcount times the size of datatype); gamma is the computation time per byte of
 * a reduction; pof2 is the largest power of two <= p. Symbols as in @ref cost_model. Each file
 * listed below is an algorithm's page: phases, a trace, the cost, two figures of its messages.
 * MPI_IN_PLACE is accepted on every rank (the whole input vector is then in recvbuf, the block
 * returns at its start). Each algorithm runs the body of its reduce_scatter namesake
 * (@ref reduce_scatter) on equal blocks.
 *
 * Algorithms marked "commutative only" return MPI_ERR_OP, before any message, for an op that
 * MPI_Op_commutative reports as non-commutative; the others keep the standard's operand order.
 *
 * | function | cost (leading terms) | operand order |
 * |---|---|---|
 * | collalg_reduce_scatter_block_recursive_halving() | lg(pof2) alpha + (pof2 - 1)/pof2 n (beta + gamma), plus 2 alpha + n (beta + gamma) unless p = pof2 | commutative only |
 * | collalg_reduce_scatter_block_swing() | lg(pof2) alpha + (pof2 - 1)/pof2 n (beta + gamma), plus 2 alpha + n (beta + gamma) unless p = pof2; the n / 2^(s+1) bytes of step s at distance abs(rho(s)) = 1, 1, 3, 5, 11, ... (Swing) | commutative only |
 * | collalg_reduce_scatter_block_pairwise() | (p - 1)(alpha + n/p beta + n/p gamma) | commutative only |
 * | collalg_reduce_scatter_block_ring() | (p - 1)(alpha + n/p beta + n/p gamma) | commutative only |
 * | collalg_reduce_scatter_block_recursive_doubling() | lg(pof2) alpha + (lg(pof2) - (pof2 - 1)/pof2) n (beta + gamma), plus 2 alpha + n (beta + gamma) unless p = pof2 | kept |
 * | collalg_reduce_scatter_block_reduce_scatterv() | ceil(lg p)(alpha + n beta + n gamma) + (p - 1) alpha + (p - 1)/p n beta | kept |
 * | collalg_reduce_scatter_block_hierarchical() | in s chunks of m = n/s bytes (s = ceil(n / 256 KiB), at most 4): (q - 1)(alpha + m (beta + gamma)) node reduction of the first chunk at the leader, s times the inter algorithm among the N leaders over m bytes (the next chunks' node reductions overlapped with it), (q - 1) alpha + (q - 1)/p m beta scatter of the last chunk | kept (recursive doubling among leaders for a non-commutative op; flat recursive doubling when nodes are not consecutive); inter-node reduce-scatter (NULL: recursive halving) |
 * | collalg_reduce_scatter_block_topology_ring() | (p - 1)(alpha + n/p beta + n/p gamma) along the topology's DFS ring, contention free on a tree | commutative only; topology as bcast's topology_chain |
 * | collalg_reduce_scatter_block_butterfly() | lg(p) alpha + (p - 1)/p n (beta + gamma) + alpha + n/p beta for p a power of two (Träff's order-keeping halving, then a bit-reversal swap); a fold adds alpha + n (beta + gamma) otherwise | kept |
 * | collalg_reduce_scatter_block_pat() | (lg A + min(M, p) - 1) alpha + (p - 1) n (beta + gamma), n one block, A the blocks per message (a power of two, up to 2^(ceil(lg p) - 1)) and M = 2^ceil(lg p) / A; near peers first | commutative only; scratch bound in bytes (default 1 MiB), (lg M + 2) A blocks of scratch |
 * | collalg_reduce_scatter_block_recexch() | log_k(pofk) alpha + (pofk - 1)/pofk n (beta + gamma) with the k - 1 messages of a step overlapping, pofk the largest power of k <= p; a fold adds 2 alpha + n beta + (k - 1) n gamma unless p = pofk | kept; radix k (default 2, >= 2); min(k, p) vectors of scratch on the leaders |
 * | collalg_reduce_scatter_block_bine() | lg(q) alpha + (q - 1)/q n (beta + gamma), q the largest power of two <= p, plus 2 alpha + n (beta + gamma) + n/p beta unless p = q; the n / 2^(s+1) bytes of step s at distance abs(rho(s)) = 1, 1, 3, 5, 11, ..., the nearest first (Bine butterfly) | commutative only; two vectors of scratch |
 * | collalg_reduce_scatter_block_circulant() | q alpha + (p - 1)/p n (beta + gamma) for any p, q = ceil(lg p) (Träff's circulant graph: skips halved with rounding up, the farthest first) | commutative only; the whole vector plus ceil(p / 2) blocks of scratch |
 */
#ifndef COLLALG_REDUCE_SCATTER_BLOCK_H
#define COLLALG_REDUCE_SCATTER_BLOCK_H

#include "core/core.h"
#include "reduce_scatter_block/recursive_halving.h"
#include "reduce_scatter_block/swing.h"
#include "reduce_scatter_block/pairwise.h"
#include "reduce_scatter_block/ring.h"
#include "reduce_scatter_block/recursive_doubling.h"
#include "reduce_scatter_block/reduce_scatterv.h"
#include "reduce_scatter_block/hierarchical.h"
#include "reduce_scatter_block/topology_ring.h"
#include "reduce_scatter_block/butterfly.h"
#include "reduce_scatter_block/recexch.h"
#include "reduce_scatter_block/pat.h"
#include "reduce_scatter_block/bine.h"
#include "reduce_scatter_block/circulant.h"

#endif /* COLLALG_REDUCE_SCATTER_BLOCK_H */
