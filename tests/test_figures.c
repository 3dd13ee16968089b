/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Criterion suite: the figures of `make figures` (mk/figures.mk) show what the algorithms send.
 *
 * Each test runs the recorder (docs/figures/record.c, built by `make build` as
 * build/figures/record) under SimGrid through docs/figures/run.sh, as `make figures` does, into
 * build/figures-test/ (not under build/figures, where Doxygen looks for the pages' images);
 * checks the recorded message list against what the algorithm must send (peers from the pure
 * schedule functions of core/, steps, sizes); then draws the list with
 * docs/figures/draw.gp and checks that the SVG has exactly one arrow per message: one plot group
 * titled "step S: A -> B, N B", holding a path, per line of the list.
 */
#include "launch.h"
#include <collalg/schedule/common.h>
#include <collalg/schedule/barrier.h>

#define TF_DIR "build/figures-test"
#define TF_MAX 1024
#define TF_PMAX 16

typedef struct {
    int step, src, dst;
    long long bytes;
} tf_msg;

/* One recorded message list: header, messages, native collective entries. */
typedef struct {
    int p, nsteps, n, nnative;
    tf_msg m[TF_MAX];
    int native_step[TF_MAX], native_rank[TF_MAX];
} tf_list;

/* Records the algorithms `names` (space-separated collective_algorithm) on p ranks. */
static void tf_record(int p, const char *names)
{
    char launcher[128], args[512], label[64];
    cr_assert_eq(system("mkdir -p " TF_DIR), 0);
    snprintf(launcher, sizeof launcher, "sh docs/figures/run.sh %d", p);
    snprintf(args, sizeof args, TF_DIR " %s", names);
    snprintf(label, sizeof label, "figures-%.40s", names);
    for (char *c = label; *c; c++)
        if (*c == ' ')
            *c = '+';
    cl_launch_as(launcher, "figures", label, "record", p, args, 1);
}

/* Reads TF_DIR/<name>_p<p>.msgs into l, checking its header against its lines. */
static void tf_load(tf_list *l, const char *name, int p)
{
    char path[256], line[256], hname[128], nname[64];
    int hp = -1, hmsgs = -1;
    FILE *f;
    snprintf(path, sizeof path, TF_DIR "/%s_p%d.msgs", name, p);
    f = fopen(path, "r");
    cr_assert(f, "no message list %s", path);
    memset(l, 0, sizeof *l);
    l->nsteps = -1;
    cr_assert(fgets(line, sizeof line, f));
    cr_assert_eq(sscanf(line, "# %127s p=%d steps=%d messages=%d", hname, &hp, &l->nsteps, &hmsgs), 4,
                 "bad header in %s: %s", path, line);
    cr_assert_eq(hp, p);
    l->p = p;
    while (fgets(line, sizeof line, f)) {
        tf_msg *m = &l->m[l->n];
        if (strncmp(line, "# native ", 9) == 0) {
            cr_assert_eq(
                sscanf(line + 9, "%d %d %63s", &l->native_step[l->nnative], &l->native_rank[l->nnative], nname), 3);
            l->nnative++;
            continue;
        }
        if (line[0] == '#')
            continue;
        cr_assert(l->n < TF_MAX);
        cr_assert_eq(sscanf(line, "%d %d %d %lld", &m->step, &m->src, &m->dst, &m->bytes), 4, "bad line in %s: %s",
                     path, line);
        cr_assert(m->step >= 0 && m->step < l->nsteps && m->src >= 0 && m->src < p && m->dst >= 0 && m->dst < p,
                  "%s: out of range: %s", path, line);
        l->n++;
    }
    fclose(f);
    cr_assert_eq(l->n, hmsgs, "%s: %d message lines, header says %d", path, l->n, hmsgs);
}

/* Counts the non-overlapping occurrences of `needle` in `hay`. */
static int tf_count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *at = strstr(hay, needle); at; at = strstr(at + strlen(needle), needle))
        n++;
    return n;
}

/* Draws l (TF_DIR/<name>_p<p>.msgs) into an SVG and checks one arrow per message. */
static void tf_check_svg(const tf_list *l, const char *name)
{
    char cmd[512], path[256], title[128];
    char *svg;
    long size;
    FILE *f;
    snprintf(path, sizeof path, TF_DIR "/%s_p%d.svg", name, l->p);
    snprintf(cmd, sizeof cmd, "gnuplot -e \"msgs='" TF_DIR "/%s_p%d.msgs'; out='%s'\" docs/figures/draw.gp", name, l->p,
             path);
    cr_assert_eq(system(cmd), 0, "%s failed", cmd);
    f = fopen(path, "r");
    cr_assert(f, "no figure %s", path);
    fseek(f, 0, SEEK_END);
    size = ftell(f);
    rewind(f);
    svg = (char *)malloc((size_t)size + 1);
    cr_assert(svg);
    cr_assert_eq(fread(svg, 1, (size_t)size, f), (size_t)size);
    svg[size] = 0;
    fclose(f);
    /* Exactly one arrow group per message... */
    cr_assert_eq(tf_count(svg, "<title>step "), l->n, "%s: %d arrows for %d messages", path,
                 tf_count(svg, "<title>step "), l->n);
    /* ... each one for a message of the list, as often as the list has it, and drawn. */
    for (int i = 0; i < l->n; i++) {
        const tf_msg *m = &l->m[i];
        int times = 0;
        const char *at, *next;
        for (int j = 0; j < l->n; j++)
            times +=
                l->m[j].step == m->step && l->m[j].src == m->src && l->m[j].dst == m->dst && l->m[j].bytes == m->bytes;
        snprintf(title, sizeof title, "<title>step %d: %d -> %d, %lld B</title>", m->step, m->src, m->dst, m->bytes);
        cr_assert_eq(tf_count(svg, title), times, "%s: %s drawn %d times, listed %d times", path, title,
                     tf_count(svg, title), times);
        at = strstr(svg, title);
        next = strstr(at + 1, "<g id=\"gnuplot_plot_");
        at = strstr(at, "<path");
        cr_assert(at && (!next || at < next), "%s: %s has no path", path, title);
    }
    free(svg);
}

/* Per step, how many messages each rank sends and receives. */
static void tf_degrees(const tf_list *l, int step, int out[TF_PMAX], int in[TF_PMAX])
{
    memset(out, 0, sizeof(int) * TF_PMAX);
    memset(in, 0, sizeof(int) * TF_PMAX);
    for (int i = 0; i < l->n; i++)
        if (l->m[i].step == step) {
            out[l->m[i].src]++;
            in[l->m[i].dst]++;
        }
}

/* Bytes from rank i to rank j: 1 KiB (alltoall), or the recorder's uneven alltoallv pattern. */
static long long tf_bytes_alltoall(int i, int j)
{
    (void)i;
    (void)j;
    return 1024;
}

static long long tf_bytes_alltoallv(int i, int j)
{
    return 512 * (1 + (i + j) % 3);
}

/* Pair algorithms (`name` = alltoall_pair or alltoallv_pair): every ordered pair exactly once,
 * with the sizes of `bytes`, each rank sending to its partners in the order of the steps of
 * collalg__pair_peer. For even p the recorded steps are the schedule's, each a perfect matching.
 * For odd p a rank idle in a step does not wait for it (nothing in the algorithm makes it), so
 * it runs ahead and its messages come one step early: only the order is checked there. */
static void tf_pair(const char *name, int p, long long (*bytes)(int, int))
{
    tf_list *l = (tf_list *)malloc(sizeof *l);
    int seen[TF_PMAX][TF_PMAX] = {{0}}, out[TF_PMAX], in[TF_PMAX];
    tf_record(p, name);
    tf_load(l, name, p);
    cr_assert_eq(l->nsteps, collalg__pair_nsteps(p), "p=%d: %d steps", p, l->nsteps);
    cr_assert_eq(l->n, p * (p - 1));
    for (int i = 0; i < l->n; i++) {
        const tf_msg *m = &l->m[i];
        cr_assert_eq(m->bytes, bytes(m->src, m->dst), "p=%d: %d -> %d carries %lld bytes, not %lld", p, m->src, m->dst,
                     m->bytes, bytes(m->src, m->dst));
        cr_assert_neq(m->src, m->dst);
        seen[m->src][m->dst]++;
        if (p % 2 == 0)
            cr_assert_eq(m->dst, collalg__pair_peer(m->src, p, m->step), "p=%d step %d: %d -> %d, schedule says %d", p,
                         m->step, m->src, m->dst, collalg__pair_peer(m->src, p, m->step));
    }
    for (int a = 0; a < p; a++)
        for (int b = 0; b < p; b++)
            cr_assert_eq(seen[a][b], a != b, "p=%d: %d -> %d sent %d times", p, a, b, seen[a][b]);
    /* Each rank's messages (the list is sorted by step) follow the schedule's order. */
    for (int r = 0; r < p; r++) {
        int s = 0;
        for (int i = 0; i < l->n; i++) {
            if (l->m[i].src != r)
                continue;
            while (collalg__pair_peer(r, p, s) == r)
                s++;
            cr_assert_eq(l->m[i].dst, collalg__pair_peer(r, p, s), "p=%d: rank %d's message %d -> %d, schedule says %d",
                         p, r, r, l->m[i].dst, collalg__pair_peer(r, p, s));
            s++;
        }
    }
    if (p % 2 == 0)
        for (int s = 0; s < l->nsteps; s++) {
            tf_degrees(l, s, out, in);
            for (int r = 0; r < p; r++) {
                cr_assert_eq(out[r], 1, "p=%d step %d: rank %d sends %d messages", p, s, r, out[r]);
                cr_assert_eq(in[r], 1, "p=%d step %d: rank %d receives %d messages", p, s, r, in[r]);
            }
        }
    tf_check_svg(l, name);
    free(l);
}

/* clang-format off */
Test(figures, alltoall_pair_p6) { tf_pair("alltoall_pair", 6, tf_bytes_alltoall); }
Test(figures, alltoall_pair_p8) { tf_pair("alltoall_pair", 8, tf_bytes_alltoall); }
Test(figures, alltoallv_pair_p6) { tf_pair("alltoallv_pair", 6, tf_bytes_alltoallv); }
Test(figures, alltoallv_pair_p7) { tf_pair("alltoallv_pair", 7, tf_bytes_alltoallv); }
/* clang-format on */

/* Ring allgather (Faraj & Yuan's all-to-all ring, no forwarding): p - 1 steps; in step s every
 * rank r sends its own 1 KiB block to r + s + 1 (collalg__ring_to) and receives one. */
static void tf_allgather_ring(int p)
{
    tf_list *l = (tf_list *)malloc(sizeof *l);
    int out[TF_PMAX], in[TF_PMAX];
    tf_record(p, "allgather_ring");
    tf_load(l, "allgather_ring", p);
    cr_assert_eq(l->nsteps, p - 1);
    cr_assert_eq(l->n, p * (p - 1));
    for (int i = 0; i < l->n; i++) {
        cr_assert_eq(l->m[i].dst, collalg__ring_to(l->m[i].src, p, l->m[i].step + 1), "p=%d step %d: %d -> %d", p,
                     l->m[i].step, l->m[i].src, l->m[i].dst);
        cr_assert_eq(l->m[i].bytes, 1024);
    }
    for (int s = 0; s < l->nsteps; s++) {
        tf_degrees(l, s, out, in);
        for (int r = 0; r < p; r++)
            cr_assert(out[r] == 1 && in[r] == 1, "p=%d step %d rank %d: %d out, %d in", p, s, r, out[r], in[r]);
    }
    tf_check_svg(l, "allgather_ring");
    free(l);
}

/* clang-format off */
Test(figures, allgather_ring_p6) { tf_allgather_ring(6); }
Test(figures, allgather_ring_p7) { tf_allgather_ring(7); }
/* clang-format on */

/* Logical-ring allgatherv (neighbour forwarding) at p = 6 with the recorder's uneven blocks
 * (block j has 512 * (1 + j mod 3) bytes): in step s rank r sends block (r - s) mod p to r + 1. */
Test(figures, allgatherv_logical_ring_p6)
{
    tf_list *l = (tf_list *)malloc(sizeof *l);
    tf_record(6, "allgatherv_logical_ring");
    tf_load(l, "allgatherv_logical_ring", 6);
    cr_assert_eq(l->nsteps, 5);
    cr_assert_eq(l->n, 30);
    for (int i = 0; i < l->n; i++) {
        const tf_msg *m = &l->m[i];
        int block = collalg__mod(m->src - m->step, 6);
        cr_assert_eq(m->dst, (m->src + 1) % 6, "step %d: %d -> %d", m->step, m->src, m->dst);
        cr_assert_eq(m->bytes, 512 * (1 + block % 3), "step %d: %d -> %d carries %lld bytes, block %d has %d", m->step,
                     m->src, m->dst, m->bytes, block, 512 * (1 + block % 3));
    }
    tf_check_svg(l, "allgatherv_logical_ring");
    free(l);
}

/* Binomial bcast from root 0 at p = 8: p - 1 = 7 messages of the whole 8 KiB vector in 3 steps;
 * in step s every rank that has the data (a multiple of 2 * m, m = 4 >> s) sends to rank + m. */
Test(figures, bcast_binomial_p8)
{
    tf_list *l = (tf_list *)malloc(sizeof *l);
    int got[8] = {0};
    tf_record(8, "bcast_binomial");
    tf_load(l, "bcast_binomial", 8);
    cr_assert_eq(l->n, 7);
    cr_assert_eq(l->nsteps, 3);
    for (int i = 0; i < l->n; i++) {
        const tf_msg *m = &l->m[i];
        int mask = 4 >> m->step;
        cr_assert_eq(m->bytes, 8192);
        cr_assert(m->src % (2 * mask) == 0 && m->dst == m->src + mask, "step %d: %d -> %d", m->step, m->src, m->dst);
        got[m->dst]++;
    }
    for (int r = 0; r < 8; r++)
        cr_assert_eq(got[r], r != 0, "rank %d receives %d times", r, got[r]);
    tf_check_svg(l, "bcast_binomial");
    free(l);
}

/* Dissemination barrier at p = 6: ceil(lg 6) = 3 steps of 6 zero-byte tokens, r -> r + 2^k. */
Test(figures, barrier_dissemination_p6)
{
    tf_list *l = (tf_list *)malloc(sizeof *l);
    tf_record(6, "barrier_dissemination");
    tf_load(l, "barrier_dissemination", 6);
    cr_assert_eq(l->nsteps, collalg__dissemination_nrounds(6));
    cr_assert_eq(l->nsteps, 3);
    cr_assert_eq(l->n, 18);
    for (int i = 0; i < l->n; i++) {
        const tf_msg *m = &l->m[i];
        cr_assert_eq(m->bytes, 0);
        cr_assert_eq(m->dst, collalg__dissemination_to(m->src, 6, m->step), "round %d: %d -> %d", m->step, m->src,
                     m->dst);
    }
    tf_check_svg(l, "barrier_dissemination");
    free(l);
}

/* Pair alltoall with an MPI_Barrier between steps, p = 6: the pair messages, and between each
 * two consecutive message steps one native MPI_Barrier entered by every rank. */
Test(figures, alltoall_pair_mpi_barrier_p6)
{
    tf_list *l = (tf_list *)malloc(sizeof *l);
    int msgstep[16], nms = 0, s;
    tf_record(6, "alltoall_pair_mpi_barrier");
    tf_load(l, "alltoall_pair_mpi_barrier", 6);
    cr_assert_eq(l->n, 30);
    cr_assert_eq(l->nnative, 6 * 4, "%d native calls", l->nnative);
    for (s = 0; s < l->nsteps; s++) {
        int out[TF_PMAX], in[TF_PMAX], any = 0;
        tf_degrees(l, s, out, in);
        for (int r = 0; r < 6; r++)
            any += out[r];
        if (any) {
            cr_assert(nms < 16);
            msgstep[nms++] = s;
        }
    }
    cr_assert_eq(nms, 5);
    for (int i = 0; i < l->n; i++) {
        int k = 0;
        while (msgstep[k] != l->m[i].step)
            k++;
        cr_assert_eq(l->m[i].dst, collalg__pair_peer(l->m[i].src, 6, k));
    }
    for (int k = 0; k + 1 < nms; k++) {
        int ranks = 0;
        for (int i = 0; i < l->nnative; i++)
            ranks += l->native_step[i] > msgstep[k] && l->native_step[i] < msgstep[k + 1];
        cr_assert_eq(ranks, 6, "between pair steps %d and %d: %d native barrier entries", k, k + 1, ranks);
    }
    tf_check_svg(l, "alltoall_pair_mpi_barrier");
    free(l);
}
