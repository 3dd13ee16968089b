/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/nonblocking.h
 * @ingroup nonblocking
 * @brief Every nonblocking collective algorithm of the catalogue (family umbrella), its
 *        persistent form, collalg_progress(), collalg_start(), collalg_startall() and
 *        collalg_request_free().
 */

/**
 * @defgroup nonblocking Nonblocking collectives
 * @brief MPI_Ibarrier, MPI_Ibcast, MPI_Igather(v), MPI_Iscatter(v), MPI_Iallgather(v),
 *        MPI_Ialltoall(v,w), MPI_Ireduce, MPI_Iallreduce, MPI_Iscan, MPI_Iexscan,
 *        MPI_Ireduce_scatter(_block): a schedule run behind a real MPI_Request.
 *
 * Every function takes exactly the arguments of its `MPI_I<collective>`. It checks them, builds the
 * calling rank's schedule (schedule/icoll.h: steps with dependencies, a pure function of rank,
 * p, root and counts, checked without MPI in tests/test_steps.c), starts what can start, and
 * returns. The executor (core/nbc.h) advances the schedule without blocking: under MPICH inside
 * the application's own MPI_Test and MPI_Wait (extended generalized requests), under any MPI in
 * collalg_progress(). The request completes with the operation's error, if any.
 *
 * Each header also defines the persistent form of its algorithm (MPI-4's `MPI_<Coll>_init`):
 * `collalg_<collective>_init_<algorithm>()`, with the arguments of `MPI_<Coll>_init`, builds the
 * schedule once and returns a persistent request that collalg_start() runs again and again and
 * collalg_request_free() releases (core/persistent.h says why MPI_Start alone cannot, and what
 * the PMPI library will do about it).
 *
 * | function | cost (leading terms) | restrictions |
 * |---|---|---|
 * | collalg_ibarrier_dissemination() | ceil(lg p) alpha | none |
 * | collalg_ibarrier_k_dissemination() | ceil(log_k p) alpha, k - 1 messages per rank and round; radix k (default 4) | none |
 * | collalg_ibarrier_recexch() | (log_k p' + 2) alpha, p' the largest power of k <= p, k - 1 messages per step; radix k (default 2) | none |
 * | collalg_ibcast_binomial() | ceil(lg p) (alpha + n beta) | none |
 * | collalg_ibcast_knomial() | (k - 1) ceil(log_k p) (alpha + n beta) on the longest path; radix k (default 4) | none |
 * | collalg_iallgather_ring() | (p - 1) alpha + (p - 1)/p n beta | none |
 * | collalg_iallgather_recursive_doubling() | ceil(lg p) alpha + (p - 1)/p n beta (p a power of two; forwarding rounds otherwise) | none |
 * | collalg_iallgather_bruck() | ceil(lg p) alpha + (p - 1)/p n beta, + a rotation of n bytes | none |
 * | collalg_iallgather_k_bruck() | ceil(log_k p) alpha + (p - 1)/p n beta, k - 1 messages per rank and round, + a rotation of n bytes; radix k (default 2) | none |
 * | collalg_iallgather_recexch_doubling() | log_k p' alpha + (p' - 1)/p' n beta, p' the largest power of k <= p, k - 1 messages per step, + 2 alpha and up to (k - 1) n beta for the other ranks; radix k (default 2) | none |
 * | collalg_iallgather_recexch_halving() | as recexch_doubling, spans in the reverse order, + copies of n bytes through scratch when p' > k; radix k (default 2) | none |
 * | collalg_iallgather_neighbor_exchange() | (p / 2) alpha + (p - 1)/p n beta between ring neighbours (p even; odd p runs the ring) | none |
 * | collalg_iallgather_sparbit() | ceil(lg p) alpha + (p - 1)/p n beta, one message per block, distances halving | none |
 * | collalg_iallgather_circulant() | ceil(lg p) alpha + (p - 1)/p n beta, runs of blocks over the circulant skips, in place | none |
 * | collalg_iallgather_linear() | alpha + (p - 1)/p n beta, every message at once | none |
 * | collalg_ialltoall_bruck() | ceil(lg p) (alpha + n/2 beta), + copies of about (2 + ceil(lg p)) n bytes | none |
 * | collalg_ialltoall_k_bruck() | ceil(log_k p) (alpha + (k - 1)/k n beta), k - 1 messages per rank and round, + copies of about (2 + 2 ceil(log_k p) (k - 1)/k) n bytes; radix k (default 2) | none |
 * | collalg_ialltoall_pair() | (p - 1) alpha + (p - 1)/p n beta, one message in and out at a time | none |
 * | collalg_ialltoall_linear() | alpha + n beta with every message in flight at once | none |
 * | collalg_ialltoall_scattered(), collalg_ialltoallv_scattered(), collalg_ialltoallw_scattered() | ceil((p - 1)/w) alpha + n beta, at most w messages in and w out at a time; window w (default 32) | none |
 * | collalg_ialltoall_ring(), collalg_ialltoallv_ring(), collalg_ialltoallw_ring() | (p - 1) alpha + n beta, phase i to rank + i, one message in and out at a time | none |
 * | collalg_ialltoallv_pair(), collalg_ialltoallw_pair() | (p - 1) alpha + n beta (p alpha for p odd), one message in and out at a time | none |
 * | collalg_ialltoall_pair_inplace(), collalg_ialltoallv_pair_inplace(), collalg_ialltoallw_pair_inplace() | as pair, + a copy of each block; in place with one block of scratch | none |
 * | collalg_ibcast_scatter_ring_allgather() | (ceil(lg p) + p - 1) alpha + 2 (p - 1)/p n beta | none |
 * | collalg_ibcast_scatter_rdb_allgather() | 2 lg p alpha + 2 (p - 1)/p n beta (p a power of two; forwarding rounds otherwise) | none |
 * | collalg_ibcast_chain() | (p + s - 2)(alpha + n/s beta), s segments of segsize bytes (default 4096) | none |
 * | collalg_ibcast_binary_tree() | 2 (floor(lg p) + s - 1)(alpha + n/s beta), s segments of segsize bytes (default 4096) | none |
 * | collalg_ibcast_pipelined_tree() | (L + s - 1) c (alpha + n/s beta) for s segments, L the tree height, c the most children of a rank; segment size in bytes (default 4096), tree k-ary (default) or k-nomial, radix k (default 2) | none |
 * | collalg_ibcast_scatterv_recexch_allgatherv() | (ceil(lg p) + log_k p) alpha + 2 (p - 1)/p n beta, k - 1 messages per allgather step (p a power of k; + 2 alpha and up to (k - 1) n beta otherwise); radix k (default 2) | none |
 * | collalg_ibcast_smp() | (ceil(lg N) + ceil(lg q) + s)(alpha + n/s beta), N nodes of q ranks, s segments (default 4096 bytes); node level built on the first call | none |
 * | collalg_ibcast_linear() | alpha + (p - 1) n beta, the root's p - 1 sends at once on its link | none |
 * | collalg_igather_linear(), collalg_igatherv_linear() | alpha + n beta at the root | none |
 * | collalg_igather_binomial() | ceil(lg p) alpha + (p - 1) n beta at the root | none |
 * | collalg_igather_knomial() | (k - 1) ceil(log_k p) alpha + (p - 1) n beta at the root; radix k (default 4) | none |
 * | collalg_iscatter_linear(), collalg_iscatterv_linear() | alpha + n beta at the root | none |
 * | collalg_iscatter_binomial() | ceil(lg p) alpha + (p - 1) n beta at the root | none |
 * | collalg_iscatter_knomial() | (k - 1) ceil(log_k p) alpha + (p - 1) n beta at the root; radix k (default 4) | none |
 * | collalg_iallgatherv_ring() | (p - 1) alpha + (p - 1) m beta, m the largest block | none |
 * | collalg_iallgatherv_linear() | alpha + max(n - m, (p - 1) m) beta, m the own block, every message at once | none |
 * | collalg_iallgatherv_recursive_doubling() | ceil(lg p) alpha + (p - 1)/p n beta for equal blocks (p a power of two; forwarding rounds otherwise), + copies of n bytes unless the blocks lie in rank order | none |
 * | collalg_iallgatherv_bruck() | ceil(lg p) alpha + (p - 1)/p n beta for equal blocks, + copies of about 2 n bytes | none |
 * | collalg_iallgatherv_circulant() | ceil(lg p) rounds over the circulant skips, one message per block, blocks in place | none |
 * | collalg_iallgatherv_k_bruck() | ceil(log_k p) alpha + (p - 1)/p n beta for equal blocks, k - 1 messages per rank and round, + copies of about 2 n bytes; radix k (default 2) | none |
 * | collalg_iallgatherv_recexch_doubling() | as iallgather recexch_doubling for equal blocks, + copies of n bytes unless the blocks lie in rank order; radix k (default 2) | none |
 * | collalg_iallgatherv_recexch_halving() | as iallgather recexch_halving for equal blocks, + copies of n bytes through scratch; radix k (default 2) | none |
 * | collalg_ialltoallv_linear(), collalg_ialltoallw_linear() | alpha + n beta with every message in flight at once | none |
 * | collalg_ireduce_binomial() | ceil(lg p) (alpha + n beta + n gamma), + alpha + n beta for root != 0 | none (rank order kept) |
 * | collalg_ireduce_knomial() | (k - 1) ceil(log_k p) (alpha + n beta + n gamma) on the longest path, + alpha + n beta for root != 0; radix k (default 4) | none (rank order kept) |
 * | collalg_ireduce_rabenseifner() | 2 lg p alpha + 2 (p - 1)/p n beta + (p - 1)/p n gamma (p a power of two; fold, and a hand-off to a folded root, otherwise) | none (rank order kept) |
 * | collalg_ireduce_pipeline() | (p + s - 2)(alpha + n/s beta + n/s gamma) for s segments, + alpha + n beta for a non-commutative op and root != 0; segment size in bytes (default 64 KiB) | none (rank order kept) |
 * | collalg_ireduce_pipelined_tree() | about (L + s - 1) c (alpha + n/s beta + n/s gamma) for s segments, L the tree height, c the most children of a rank, + alpha + n/s beta for a non-commutative op and root != 0; segment size in bytes (default 64 KiB), tree k-nomial (default) or k-ary, radix k (default 2) | none (rank order kept) |
 * | collalg_ireduce_smp() | ceil(lg q) (alpha + n beta + n gamma) inside the nodes + ceil(lg N) (alpha + n beta + n gamma) among them (N nodes of at most q ranks), + alpha + n beta for a non-commutative op and root != 0 | none (rank order kept: nodes cut into runs of consecutive ranks when needed) |
 * | collalg_iallreduce_recursive_doubling() | (lg p + 2) (alpha + n beta) + (lg p + 1) n gamma | none (rank order kept) |
 * | collalg_iallreduce_ring() | 2 (p - 1) alpha + 2 (p - 1)/p n beta + (p - 1)/p n gamma | commutative operations |
 * | collalg_iallreduce_circulant_reduce_scatter_allgather() | 2 ceil(lg p) alpha + 2 (p - 1)/p n beta + (p - 1)/p n gamma for any p, no fold | commutative operations |
 * | collalg_iallreduce_rabenseifner() | 2 lg p alpha + 2 (p - 1)/p n beta + (p - 1)/p n gamma (p a power of two; fold and unfold otherwise) | none (rank order kept) |
 * | collalg_iallreduce_recursive_multiplying() | log_k p (alpha + n beta) + (k - 1) log_k p n gamma, k - 1 messages per rank and step (p a power of k; fold and unfold otherwise); radix k (default 4) | none (rank order kept) |
 * | collalg_iallreduce_reduce_bcast() | 2 (k - 1) ceil(log_k p) (alpha + n beta) + (k - 1) ceil(log_k p) n gamma on the longest path; radix k (default 2) | none (rank order kept) |
 * | collalg_iallreduce_recexch_reduce_scatter_allgather() | 2 log_k p alpha + 2 (p - 1)/p n beta + (p - 1)/p n gamma, k - 1 messages per rank and step (p a power of k; fold and unfold otherwise); radix k (default 2) | none (rank order kept) |
 * | collalg_iallreduce_pipelined_tree() | about (2 L + s - 1) c (alpha + n/s beta) + (L + s - 1) c n/s gamma for s segments, L the tree height, c the most children of a rank; segment size in bytes (default 64 KiB), tree k-nomial (default) or k-ary, radix k (default 2) | none (rank order kept) |
 * | collalg_iallreduce_smp() | 2 ceil(lg q) (alpha + n beta) + ceil(lg q) n gamma inside the nodes + (floor(lg N) + 2) (alpha + n beta) + (floor(lg N) + 1) n gamma among the leaders (N nodes of at most q ranks) | none (rank order kept: nodes cut into runs of consecutive ranks when needed) |
 * | collalg_iscan_recursive_doubling() | ceil(lg p) (alpha + n beta + 2 n gamma) | none (rank order kept) |
 * | collalg_iscan_smp() | ceil(lg q) (alpha + n beta + 2 n gamma) inside the nodes + ceil(lg N) (alpha + n beta + 2 n gamma) among them + ceil(lg q) (alpha + n beta) + n gamma (N nodes of at most q ranks) | none (rank order kept: nodes cut into runs of consecutive ranks when needed) |
 * | collalg_iscan_linear() | (p - 1)(alpha + n beta + n gamma), a chain | none (rank order kept) |
 * | collalg_iexscan_recursive_doubling() | ceil(lg p) (alpha + n beta + 2 n gamma) | none (rank order kept) |
 * | collalg_iexscan_linear() | (p - 1)(alpha + n beta) + (p - 2) n gamma, a chain | none (rank order kept) |
 * | collalg_ireduce_scatter_block_reduce_scatterv() | ceil(lg p) (alpha + n beta + n gamma) + alpha + (p - 1)/p n beta | none (rank order kept) |
 * | collalg_ireduce_scatter_reduce_scatterv() | ceil(lg p) (alpha + n beta + n gamma) + alpha + (n - n_0) beta | none (rank order kept) |
 * | collalg_ireduce_scatter_block_recursive_halving(), collalg_ireduce_scatter_recursive_halving() | lg p alpha + (p - 1)/p n (beta + gamma) (p a power of two; fold and delivery otherwise) | commutative operations |
 * | collalg_ireduce_scatter_block_pairwise(), collalg_ireduce_scatter_pairwise() | (p - 1)(alpha + n/p beta + n/p gamma) | commutative operations |
 * | collalg_ireduce_scatter_block_circulant(), collalg_ireduce_scatter_circulant() | ceil(lg p) alpha + (p - 1)/p n (beta + gamma), any p: the circulant graph backwards | commutative operations |
 * | collalg_ireduce_scatter_block_recursive_doubling(), collalg_ireduce_scatter_recursive_doubling() | 2 lg p alpha + (lg p - (p - 1)/p) n (beta + gamma) (p a power of two; fold and delivery otherwise) | none (rank order kept) |
 * | collalg_ireduce_scatter_block_butterfly(), collalg_ireduce_scatter_butterfly() | lg p alpha + (p - 1)/p n (beta + gamma) + alpha + n/p beta for the bit-reversal swap (p a power of two; fold and delivery otherwise) | none (rank order kept) |
 * | collalg_ireduce_scatter_block_recexch(), collalg_ireduce_scatter_recexch() | log_k p alpha + (p - 1)/p n (beta + gamma), k - 1 messages per rank and step (p a power of k; fold and delivery otherwise); radix k (default 2) | none (rank order kept) |
 *
 * Not yet: more than one algorithm for most collectives; the selector, the tuner and
 * the PMPI library's MPI_I* and MPI_*_init entry points.
 */
#ifndef COLLALG_NONBLOCKING_H
#define COLLALG_NONBLOCKING_H

#include "core/nbc.h"
#include "core/persistent.h"
#include "ibarrier/dissemination.h"
#include "ibarrier/k_dissemination.h"
#include "ibarrier/recexch.h"
#include "ibcast/binomial.h"
#include "ibcast/knomial.h"
#include "ibcast/scatter_ring_allgather.h"
#include "ibcast/scatter_rdb_allgather.h"
#include "ibcast/chain.h"
#include "ibcast/binary_tree.h"
#include "ibcast/pipelined_tree.h"
#include "ibcast/scatterv_recexch_allgatherv.h"
#include "ibcast/smp.h"
#include "ibcast/linear.h"
#include "iallgather/ring.h"
#include "iallgather/recursive_doubling.h"
#include "iallgather/bruck.h"
#include "iallgather/k_bruck.h"
#include "iallgather/recexch_doubling.h"
#include "iallgather/recexch_halving.h"
#include "iallgather/neighbor_exchange.h"
#include "iallgather/sparbit.h"
#include "iallgather/circulant.h"
#include "iallgather/linear.h"
#include "ialltoall/linear.h"
#include "ialltoall/pair.h"
#include "ialltoall/bruck.h"
#include "ialltoall/k_bruck.h"
#include "ialltoall/scattered.h"
#include "ialltoall/ring.h"
#include "ialltoall/pair_inplace.h"
#include "igather/linear.h"
#include "igather/binomial.h"
#include "igather/knomial.h"
#include "igatherv/linear.h"
#include "iscatter/linear.h"
#include "iscatter/binomial.h"
#include "iscatter/knomial.h"
#include "iscatterv/linear.h"
#include "iallgatherv/ring.h"
#include "iallgatherv/recursive_doubling.h"
#include "iallgatherv/bruck.h"
#include "iallgatherv/k_bruck.h"
#include "iallgatherv/recexch_doubling.h"
#include "iallgatherv/recexch_halving.h"
#include "iallgatherv/linear.h"
#include "iallgatherv/circulant.h"
#include "ialltoallv/linear.h"
#include "ialltoallv/scattered.h"
#include "ialltoallv/ring.h"
#include "ialltoallv/pair.h"
#include "ialltoallv/pair_inplace.h"
#include "ialltoallw/linear.h"
#include "ialltoallw/scattered.h"
#include "ialltoallw/ring.h"
#include "ialltoallw/pair.h"
#include "ialltoallw/pair_inplace.h"
#include "ireduce/binomial.h"
#include "ireduce/knomial.h"
#include "ireduce/rabenseifner.h"
#include "ireduce/pipeline.h"
#include "ireduce/pipelined_tree.h"
#include "ireduce/smp.h"
#include "iallreduce/recursive_doubling.h"
#include "iallreduce/ring.h"
#include "iallreduce/circulant_reduce_scatter_allgather.h"
#include "iallreduce/rabenseifner.h"
#include "iallreduce/recursive_multiplying.h"
#include "iallreduce/reduce_bcast.h"
#include "iallreduce/recexch_reduce_scatter_allgather.h"
#include "iallreduce/pipelined_tree.h"
#include "iallreduce/smp.h"
#include "iscan/recursive_doubling.h"
#include "iscan/smp.h"
#include "iscan/linear.h"
#include "iexscan/recursive_doubling.h"
#include "iexscan/linear.h"
#include "ireduce_scatter_block/reduce_scatterv.h"
#include "ireduce_scatter/reduce_scatterv.h"
#include "ireduce_scatter_block/recursive_halving.h"
#include "ireduce_scatter/recursive_halving.h"
#include "ireduce_scatter_block/pairwise.h"
#include "ireduce_scatter/pairwise.h"
#include "ireduce_scatter_block/circulant.h"
#include "ireduce_scatter/circulant.h"
#include "ireduce_scatter_block/recursive_doubling.h"
#include "ireduce_scatter/recursive_doubling.h"
#include "ireduce_scatter_block/butterfly.h"
#include "ireduce_scatter/butterfly.h"
#include "ireduce_scatter_block/recexch.h"
#include "ireduce_scatter/recexch.h"

#endif /* COLLALG_NONBLOCKING_H */
