/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file collalg/machine/topology.h
 * @brief A network topology description: a parser of Slurm's `topology.conf` (tree plugin), the
 *        switch and host tree it describes, host-name lookup, a checksum, and the rank tree the
 *        topology-scheduled algorithms work on. Pure C99, no MPI calls, no static state.
 *
 * @par Format
 * Slurm's `topology.conf` for the tree plugin, one switch per line:
 * `SwitchName=s0 Nodes=node[0-7]` and `SwitchName=top Switches=s[0-3]`.
 * - Keys are case-insensitive (as in Slurm). A line holds one `SwitchName=` (a plain name) and
 *   at most one each of `Nodes=`, `Switches=` (hostlist expressions, below) and `LinkSpeed=`.
 *   `LinkSpeed` is accepted and ignored (every link is taken as equal); any other key is an error
 *   (so that a misspelt `Node=` cannot silently drop hosts). As in Slurm's configuration parser,
 *   a pair is `Key=Value` with optional blanks around `=`, the value plain (up to a blank) or in
 *   double quotes.
 * - As in Slurm's parser, `#` starts a comment up to the end of the line (also after text), and
 *   a line that ends (before any comment and trailing blanks) in an odd number of backslashes
 *   continues on the next line: the last backslash is removed and the next line appended as it
 *   is. Blank lines are skipped. Unlike Slurm, backslash escapes (`\#`, `\\`) are not
 *   interpreted. Messages name the line a logical line starts on.
 * - A switch may have both hosts and child switches (hosts on inner switches); a switch with
 *   neither is allowed. Host names and switch names are separate name spaces.
 * - Hostlist expressions, as Slurm's: comma-separated items; an item is text with any number of
 *   bracket groups, each a comma-separated list of numbers `7` or ranges `lo-hi` (lo <= hi, at
 *   most 9 digits). A number is printed with as many digits as `lo` has (zero padding kept:
 *   `n[001-003]` is n001 n002 n003; `n[8-10]` is n8 n9 n10). Several groups give their product
 *   in order (`r[1-2]n[1-2]` is r1n1 r1n2 r2n1 r2n2); text around them is kept
 *   (`rack1-n[1-2]-ib`). Empty items, empty or nested or unbalanced brackets, `hi < lo`, non-digits
 *   in a group and more than 2^22 names from one expression are errors.
 *
 * @par Errors
 * collalg__topo_parse() returns 0 or one of the COLLALG__TOPO_E* codes and writes a one-line
 * message `file:line: text` (no newline): syntax errors, a switch defined twice, a switch named in
 * `Switches=` but never defined, a host under two switches (or twice under one), a switch under
 * two switches, a cycle among switches, no switch at all, and more than one root switch. Several
 * roots (a forest) are an error, not joined under an implicit switch: the schedules assume one
 * switched fabric, and two fabrics usually mean the file describes another partition.
 *
 * @par The tree
 * Vertices 0 .. nswitch-1 are the switches in definition order, nswitch .. n-1 the hosts in
 * order of first appearance. The children of a switch are its child switches (in the order of its
 * `Switches=` list) followed by its hosts (in the order of `Nodes=`). The checksum is FNV-1a
 * (64 bits) over a canonical serialisation (for each vertex in index order: kind, name, parent),
 * so ranks can compare that they hold the same description.
 *
 * @par Host lookup
 * collalg__topo_find_host() matches a name exactly; failing that, it compares the part before the
 * first dot on both sides (`node-3.cluster.local` finds `node-3`, and `node-3` finds
 * `node-3.cluster.local`), and answers only if exactly one host matches that way.
 *
 * @par The rank tree
 * collalg__topo_tree is the tree the schedules of schedule/topology.h take: vertices 0 .. p-1 are
 * the ranks (leaves), the others are hosts and switches. collalg__topo_rank_tree() builds it from
 * a parsed description and each rank's host (ranks of one host become leaves under that host, in
 * rank order; hosts and switches without a rank below them are left out);
 * collalg__topo_node_tree() builds the node-level tree used without a description (ranks under
 * their host, hosts under one switch); collalg__topo_tree_from_parents() builds it from any
 * parent array.
 *
 * @par Use by the MPI layer
 * Parse once (collalg__topo_parse() or collalg__topo_parse_file(); map any non-zero code to
 * MPI_ERR_ARG and print the message on rank 0), compare collalg__topo::checksum across ranks,
 * map each rank's processor name with collalg__topo_find_host() (allgather the names or the
 * vertex numbers: every rank needs all of them), build collalg__topo_rank_tree() and keep it
 * with the communicator; without a description, build the node-level tree with
 * collalg__topo_node_tree(). The schedules are in schedule/topology.h.
 *
 * @par References
 * Slurm, topology.conf(5) (tree plugin) and the hostlist expression syntax of its configuration
 * files. A. Faraj, X. Yuan, "Automatic Generation and Tuning of MPI Collective Communication
 * Routines", ICS'05, section 3.1 (routines generated from a topology description).
 */
#ifndef COLLALG_MACHINE_TOPOLOGY_H
#define COLLALG_MACHINE_TOPOLOGY_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/** @brief Parse result: success. */
#define COLLALG__TOPO_OK 0
/** @brief Parse result: out of memory. */
#define COLLALG__TOPO_ENOMEM 1
/** @brief Parse result: syntax error (token, key, hostlist expression). */
#define COLLALG__TOPO_ESYNTAX 2
/** @brief Parse result: a switch defined on two lines. */
#define COLLALG__TOPO_EDUP 3
/** @brief Parse result: a switch named in `Switches=` but never defined. */
#define COLLALG__TOPO_EUNDEF 4
/** @brief Parse result: a host or a switch under two switches. */
#define COLLALG__TOPO_ETWICE 5
/** @brief Parse result: a cycle among switches. */
#define COLLALG__TOPO_ECYCLE 6
/** @brief Parse result: more than one root switch. */
#define COLLALG__TOPO_EFOREST 7
/** @brief Parse result: no switch defined. */
#define COLLALG__TOPO_EEMPTY 8
/** @brief Tree result: a parent array that is not a tree with ranks as leaves. */
#define COLLALG__TOPO_EINVAL 9
/** @brief Parse result: the file cannot be opened or read. */
#define COLLALG__TOPO_EIO 10

/** @brief Most names one hostlist expression may give (a guard against `n[0-999999999]`). */
#define COLLALG__TOPO_MAX_EXPAND (1 << 22)

/** @brief A parsed topology description: switches and hosts as one tree (see the file comment). */
typedef struct collalg__topo {
    int nswitch;                 /**< switches: vertices 0 .. nswitch-1 */
    int nhost;                   /**< hosts: vertices nswitch .. n-1 */
    int n;                       /**< vertices, nswitch + nhost */
    int root;                    /**< the root switch */
    int *parent;                 /**< parent[v], -1 for the root */
    int *first;                  /**< children of v: child[first[v] .. first[v+1]) (n + 1 entries) */
    int *child;                  /**< the children lists */
    int *line;                   /**< line of the definition (switch) or first mention (host) of v */
    int *sorted;                 /**< host vertices sorted by name (binary search) */
    char **name;                 /**< name[v], NUL-terminated */
    char *names;                 /**< storage of the names */
    unsigned long long checksum; /**< FNV-1a 64 of the canonical serialisation */
} collalg__topo;

/** @brief A rooted tree whose leaves 0 .. p-1 are ranks; vertices p .. n-1 are hosts/switches. */
typedef struct collalg__topo_tree {
    int p;       /**< ranks: vertices 0 .. p-1, all leaves */
    int n;       /**< vertices */
    int root;    /**< the root (a rank only when p == 1 and n == 1) */
    int *parent; /**< parent[v], -1 for the root */
    int *first;  /**< children of v: child[first[v] .. first[v+1]) (n + 1 entries) */
    int *child;  /**< the children lists, each in increasing vertex order */
    int *idx;    /**< idx[v]: position of v in child[] (-1 for the root) */
    int *size;   /**< size[v]: ranks in the subtree of v */
} collalg__topo_tree;

/* ---- small growable buffers ------------------------------------------------------------- */

/** @brief Growable byte buffer of the parser. */
typedef struct collalg__topo_sbuf {
    char *p;    /**< bytes */
    size_t n;   /**< used */
    size_t cap; /**< allocated */
} collalg__topo_sbuf;

/** @brief Growable int array of the parser. */
typedef struct collalg__topo_ibuf {
    int *p;     /**< values */
    size_t n;   /**< used */
    size_t cap; /**< allocated */
} collalg__topo_ibuf;

/** @brief Appends @p len bytes at @p s to @p b. @return 0, or -1 when out of memory. */
static inline int collalg__topo_sput(collalg__topo_sbuf *b, const char *s, size_t len)
{
    if (b->n + len + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        char *q;
        while (cap < b->n + len + 1)
            cap *= 2;
        q = (char *)realloc(b->p, cap);
        if (!q)
            return -1;
        b->p = q;
        b->cap = cap;
    }
    memcpy(b->p + b->n, s, len);
    b->n += len;
    b->p[b->n] = '\0';
    return 0;
}

/** @brief Appends @p v to @p b. @return 0, or -1 when out of memory. */
static inline int collalg__topo_iput(collalg__topo_ibuf *b, int v)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 16;
        int *q = (int *)realloc(b->p, cap * sizeof(int));
        if (!q)
            return -1;
        b->p = q;
        b->cap = cap;
    }
    b->p[b->n++] = v;
    return 0;
}

/* ---- hostlist expressions ------------------------------------------------------------------ */

/**
 * @brief Expands the item [@p s, @p e) (no top-level comma) after the prefix @p cur[0 .. @p clen)
 *        and appends each name, NUL-terminated, to @p out; *@p count counts the names.
 * @return 0, COLLALG__TOPO_ESYNTAX (malformed item or too many names) or COLLALG__TOPO_ENOMEM.
 */
static inline int collalg__topo_expand_item(const char *s, const char *e, char *cur, size_t clen,
                                            collalg__topo_sbuf *out, long *count)
{
    const char *lb = s, *rb, *q;
    while (lb < e && *lb != '[' && *lb != ']')
        lb++;
    if (lb < e && *lb == ']')
        return COLLALG__TOPO_ESYNTAX;
    memcpy(cur + clen, s, (size_t)(lb - s));
    clen += (size_t)(lb - s);
    if (lb == e) {
        if (clen == 0 || ++*count > COLLALG__TOPO_MAX_EXPAND)
            return COLLALG__TOPO_ESYNTAX;
        return collalg__topo_sput(out, cur, clen) || collalg__topo_sput(out, "", 1) ? COLLALG__TOPO_ENOMEM : 0;
    }
    for (rb = lb + 1; rb < e && *rb != ']'; rb++)
        if (*rb == '[')
            return COLLALG__TOPO_ESYNTAX;
    if (rb == e || rb == lb + 1)
        return COLLALG__TOPO_ESYNTAX;
    for (q = lb + 1; q < rb;) {
        size_t lolen = 0, hilen = 0;
        long a = 0, b, v;
        int err;
        while (q < rb && *q >= '0' && *q <= '9')
            a = a * 10 + (*q++ - '0'), lolen++;
        b = a;
        if (q < rb && *q == '-') {
            ++q;
            b = 0;
            while (q < rb && *q >= '0' && *q <= '9')
                b = b * 10 + (*q++ - '0'), hilen++;
            if (hilen == 0 || hilen > 9)
                return COLLALG__TOPO_ESYNTAX;
        }
        if (lolen == 0 || lolen > 9 || b < a || (q < rb && *q != ','))
            return COLLALG__TOPO_ESYNTAX;
        if (q < rb && ++q == rb)
            return COLLALG__TOPO_ESYNTAX; /* trailing comma */
        if (b - a >= COLLALG__TOPO_MAX_EXPAND)
            return COLLALG__TOPO_ESYNTAX;
        for (v = a; v <= b; v++) {
            char num[24];
            int len = snprintf(num, sizeof num, "%0*ld", (int)lolen, v);
            memcpy(cur + clen, num, (size_t)len);
            err = collalg__topo_expand_item(rb + 1, e, cur, clen + (size_t)len, out, count);
            if (err)
                return err;
        }
    }
    return 0;
}

/**
 * @brief Expands the hostlist expression [@p s, @p s + @p len) (see the file comment) into
 *        NUL-terminated names appended to @p out; *@p count receives the number of names.
 * @return 0, COLLALG__TOPO_ESYNTAX (malformed expression) or COLLALG__TOPO_ENOMEM.
 */
static inline int collalg__topo_hostlist(const char *s, size_t len, collalg__topo_sbuf *out, long *count)
{
    const char *e = s + len, *it = s;
    char *cur;
    int err = 0;
    *count = 0;
    if (len == 0)
        return COLLALG__TOPO_ESYNTAX;
    cur = (char *)malloc(3 * len + 16);
    if (!cur)
        return COLLALG__TOPO_ENOMEM;
    while (!err) {
        const char *ie = it;
        int depth = 0;
        while (ie < e && (depth || *ie != ',')) {
            if (*ie == '[')
                depth++;
            else if (*ie == ']')
                depth--;
            ie++;
        }
        if (ie == it)
            err = COLLALG__TOPO_ESYNTAX;
        else
            err = collalg__topo_expand_item(it, ie, cur, 0, out, count);
        if (ie == e)
            break;
        it = ie + 1;
        if (it == e)
            err = COLLALG__TOPO_ESYNTAX;
    }
    free(cur);
    return err;
}

/* ---- the parser ------------------------------------------------------------------------------ */

/** @brief Case-insensitive comparison of [@p s, @p s + @p len) with the lower-case word @p w. */
static inline int collalg__topo_keyis(const char *s, size_t len, const char *w)
{
    size_t i;
    if (strlen(w) != len)
        return 0;
    for (i = 0; i < len; i++) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != w[i])
            return 0;
    }
    return 1;
}

/** @brief A host name with the switch it hangs under, for the duplicate check (sorted by name). */
typedef struct collalg__topo_hent {
    const char *name; /**< the name */
    int sw;           /**< its switch */
    int order;        /**< order of appearance */
    int line;         /**< line of the `Nodes=` */
} collalg__topo_hent;

/** @brief qsort order of collalg__topo_hent: by name, then order of appearance. */
static inline int collalg__topo_hent_cmp(const void *a, const void *b)
{
    const collalg__topo_hent *x = (const collalg__topo_hent *)a, *y = (const collalg__topo_hent *)b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->order > y->order) - (x->order < y->order);
}

/** @brief Writes `file:line: ` and the printf-formatted @p fmt into @p msg (when not NULL); returns @p code. */
static inline int collalg__topo_err(char *msg, size_t msglen, const char *file, int line, int code, const char *fmt,
                                    ...)
{
    if (msg && msglen) {
        va_list ap;
        int k = snprintf(msg, msglen, "%s:%d: ", file ? file : "topology", line);
        if (k >= 0 && (size_t)k < msglen) {
            va_start(ap, fmt);
            vsnprintf(msg + k, msglen - (size_t)k, fmt, ap);
            va_end(ap);
        }
    }
    return code;
}

/** @brief Frees everything collalg__topo_parse() allocated in @p t (which may be zeroed); idempotent. */
static inline void collalg__topo_free(collalg__topo *t)
{
    free(t->parent);
    free(t->first);
    free(t->child);
    free(t->line);
    free(t->sorted);
    free(t->name);
    free(t->names);
    memset(t, 0, sizeof *t);
}

/** @brief FNV-1a 64 of @p len bytes at @p s, continuing from @p h. */
static inline unsigned long long collalg__topo_fnv(unsigned long long h, const void *s, size_t len)
{
    const unsigned char *c = (const unsigned char *)s;
    size_t i;
    for (i = 0; i < len; i++) {
        h ^= c[i];
        h *= 1099511628211ULL;
    }
    return h;
}

/** @brief Per-switch line fields found by the parser (offsets into the text copy). */
typedef struct collalg__topo_sw {
    size_t name, nodes, switches;             /**< offsets (of the values) */
    size_t name_len, nodes_len, switches_len; /**< lengths (0: key absent) */
    int line;                                 /**< line the switch is defined on */
} collalg__topo_sw;

/**
 * @brief Parses a topology.conf text into @p t.
 * @param text  the file's contents, NUL-terminated
 * @param file  file name used in messages (NULL: "topology")
 * @param t     receives the tree; on error it is left zeroed (nothing to free)
 * @param msg   receives a one-line message `file:line: text` on error (may be NULL)
 * @param msglen size of @p msg
 * @return COLLALG__TOPO_OK; COLLALG__TOPO_ESYNTAX for a malformed line, key or expression;
 *         COLLALG__TOPO_EDUP for a switch defined twice; COLLALG__TOPO_EUNDEF for an undefined
 *         switch in `Switches=`; COLLALG__TOPO_ETWICE for a host or switch under two switches;
 *         COLLALG__TOPO_ECYCLE for a cycle; COLLALG__TOPO_EFOREST for several roots;
 *         COLLALG__TOPO_EEMPTY for no switch; COLLALG__TOPO_ENOMEM.
 */
static inline int collalg__topo_parse(const char *text, const char *file, collalg__topo *t, char *msg, size_t msglen)
{
    collalg__topo_sbuf txt = {0, 0, 0}, exp = {0, 0, 0}, nm = {0, 0, 0};
    collalg__topo_sw *sw = 0;
    collalg__topo_hent *he = 0;
    size_t nsw = 0, capsw = 0, nhe = 0, caphe = 0, i, j;
    int err = 0, lineno = 1, *cnt = 0;
    const char *s = text;
    memset(t, 0, sizeof *t);
    if (msg && msglen)
        msg[0] = '\0';

    /* 1. Logical lines (comments cut, continuations joined) into txt, each tokenised as it ends;
     *    a switch record keeps the line the logical line starts on. */
    while (*s && !err) {
        int start = lineno;
        size_t begin = txt.n;
        for (;;) {
            const char *e = s, *c;
            while (*e && *e != '\n')
                e++;
            for (c = s; c < e && *c != '#'; c++)
                ;
            while (c > s && (c[-1] == ' ' || c[-1] == '\t' || c[-1] == '\r'))
                c--;
            {
                const char *b = c;
                while (b > s && b[-1] == '\\')
                    b--;
                if ((c - b) % 2 == 1) { /* an odd number of trailing backslashes: continued */
                    if (collalg__topo_sput(&txt, s, (size_t)(c - 1 - s)))
                        err = COLLALG__TOPO_ENOMEM;
                    s = *e ? e + 1 : e;
                    lineno++;
                    if (!*s || err)
                        break;
                    continue;
                }
            }
            if (collalg__topo_sput(&txt, s, (size_t)(c - s)))
                err = COLLALG__TOPO_ENOMEM;
            s = *e ? e + 1 : e;
            lineno++;
            break;
        }
        if (err)
            break;
        {
            /* tokens of the logical line [begin, txt.n) */
            size_t k = begin, end = txt.n;
            collalg__topo_sw rec;
            int any = 0;
            memset(&rec, 0, sizeof rec);
            rec.line = start;
            while (k < end && !err) {
                size_t ts, te, vs, ve;
                while (k < end && (txt.p[k] == ' ' || txt.p[k] == '\t' || txt.p[k] == '\r'))
                    k++;
                if (k == end)
                    break;
                /* Key [blanks] = [blanks] Value, Value plain or in double quotes (as Slurm's) */
                ts = k;
                while (k < end && ((txt.p[k] >= 'a' && txt.p[k] <= 'z') || (txt.p[k] >= 'A' && txt.p[k] <= 'Z') ||
                                   (txt.p[k] >= '0' && txt.p[k] <= '9') || txt.p[k] == '_' || txt.p[k] == '.'))
                    k++;
                te = k;
                while (k < end && (txt.p[k] == ' ' || txt.p[k] == '\t'))
                    k++;
                vs = ve = 0;
                if (te > ts && k < end && txt.p[k] == '=') {
                    k++;
                    while (k < end && (txt.p[k] == ' ' || txt.p[k] == '\t'))
                        k++;
                    if (k < end && txt.p[k] == '"') {
                        vs = ++k;
                        while (k < end && txt.p[k] != '"')
                            k++;
                        ve = k;
                        if (k < end)
                            k++;
                        else
                            ve = vs; /* unterminated quote */
                    } else {
                        vs = k;
                        while (k < end && txt.p[k] != ' ' && txt.p[k] != '\t' && txt.p[k] != '\r')
                            k++;
                        ve = k;
                    }
                }
                if (ve == vs || (k < end && txt.p[k] != ' ' && txt.p[k] != '\t' && txt.p[k] != '\r')) {
                    char tok[64];
                    size_t l = 0;
                    while (ts + l < end && l < sizeof tok - 1 && txt.p[ts + l] != ' ' && txt.p[ts + l] != '\t')
                        tok[l] = txt.p[ts + l], l++;
                    tok[l] = '\0';
                    err = collalg__topo_err(msg, msglen, file, start, COLLALG__TOPO_ESYNTAX,
                                            "expected Key=Value, found '%s'", tok);
                    break;
                }
                any = 1;
                {
                    const char *key = txt.p + ts;
                    size_t kl = te - ts, *off = 0, *len = 0;
                    if (collalg__topo_keyis(key, kl, "switchname"))
                        off = &rec.name, len = &rec.name_len;
                    else if (collalg__topo_keyis(key, kl, "nodes"))
                        off = &rec.nodes, len = &rec.nodes_len;
                    else if (collalg__topo_keyis(key, kl, "switches"))
                        off = &rec.switches, len = &rec.switches_len;
                    else if (!collalg__topo_keyis(key, kl, "linkspeed")) {
                        char tok[64];
                        size_t l = kl < sizeof tok - 1 ? kl : sizeof tok - 1;
                        memcpy(tok, key, l);
                        tok[l] = '\0';
                        err = collalg__topo_err(msg, msglen, file, start, COLLALG__TOPO_ESYNTAX,
                                                "unknown key '%s' (SwitchName, Switches, Nodes, LinkSpeed)", tok);
                        break;
                    }
                    if (len && *len) {
                        char tok[64];
                        size_t l = kl < sizeof tok - 1 ? kl : sizeof tok - 1;
                        memcpy(tok, key, l);
                        tok[l] = '\0';
                        err = collalg__topo_err(msg, msglen, file, start, COLLALG__TOPO_ESYNTAX, "key '%s' given twice",
                                                tok);
                        break;
                    }
                    if (len)
                        *off = vs, *len = ve - vs;
                }
            }
            if (!err && any && !rec.name_len)
                err = collalg__topo_err(msg, msglen, file, start, COLLALG__TOPO_ESYNTAX, "line without SwitchName=");
            if (!err && rec.name_len) {
                for (i = rec.name; i < rec.name + rec.name_len; i++)
                    if (txt.p[i] == '[' || txt.p[i] == ']' || txt.p[i] == ',')
                        err = collalg__topo_err(msg, msglen, file, start, COLLALG__TOPO_ESYNTAX,
                                                "SwitchName= takes one plain name");
                if (!err) {
                    if (nsw == capsw) {
                        collalg__topo_sw *q;
                        capsw = capsw ? 2 * capsw : 16;
                        q = (collalg__topo_sw *)realloc(sw, capsw * sizeof *sw);
                        if (!q)
                            err = COLLALG__TOPO_ENOMEM;
                        else
                            sw = q;
                    }
                    if (!err)
                        sw[nsw++] = rec;
                }
            }
            if (collalg__topo_sput(&txt, "\n", 1))
                err = COLLALG__TOPO_ENOMEM;
        }
    }
    if (!err && nsw == 0)
        err = collalg__topo_err(msg, msglen, file, lineno > 1 ? lineno - 1 : 1, COLLALG__TOPO_EEMPTY,
                                "no SwitchName= line");

    /* 2. Switch names: copy to nm (NUL-terminated, in order), check duplicates. */
    if (!err) {
        const char *nq;
        t->nswitch = (int)nsw;
        for (i = 0; i < nsw && !err; i++)
            if (collalg__topo_sput(&nm, txt.p + sw[i].name, sw[i].name_len) || collalg__topo_sput(&nm, "", 1))
                err = COLLALG__TOPO_ENOMEM;
        for (i = 0, nq = nm.p; i < nsw && !err; nq += strlen(nq) + 1, i++)
            for (j = 0; j < i && !err; j++)
                if (sw[i].name_len == sw[j].name_len &&
                    !memcmp(txt.p + sw[i].name, txt.p + sw[j].name, sw[i].name_len)) {
                    err = collalg__topo_err(msg, msglen, file, sw[i].line, COLLALG__TOPO_EDUP,
                                            "switch '%s' defined twice (first on line %d)", nq, sw[j].line);
                }
    }

    /* 3. Switches= lists: the parent of each switch (cnt[j] = parent + 1, 0 for none). */
    if (!err) {
        cnt = (int *)calloc(nsw, sizeof(int)); /* parent of each switch + 1 */
        if (!cnt)
            err = COLLALG__TOPO_ENOMEM;
    }
    for (i = 0; i < nsw && !err; i++) {
        long count, c;
        const char *q;
        if (!sw[i].switches_len)
            continue;
        exp.n = 0;
        err = collalg__topo_hostlist(txt.p + sw[i].switches, sw[i].switches_len, &exp, &count);
        if (err == COLLALG__TOPO_ESYNTAX)
            err = collalg__topo_err(msg, msglen, file, sw[i].line, err, "malformed hostlist in Switches=");
        for (c = 0, q = exp.p; c < count && !err; c++, q += strlen(q) + 1) {
            const char *nq = nm.p;
            for (j = 0; j < nsw; j++, nq += strlen(nq) + 1)
                if (!strcmp(nq, q))
                    break;
            if (j == nsw)
                err = collalg__topo_err(msg, msglen, file, sw[i].line, COLLALG__TOPO_EUNDEF,
                                        "unknown switch '%s' in Switches=", q);
            else if (j == i)
                err = collalg__topo_err(msg, msglen, file, sw[i].line, COLLALG__TOPO_ECYCLE,
                                        "switch '%s' lists itself in Switches=", q);
            else if (cnt[j])
                err = collalg__topo_err(msg, msglen, file, sw[i].line, COLLALG__TOPO_ETWICE,
                                        "switch '%s' is under two switches", q);
            else
                cnt[j] = (int)i + 1;
        }
    }
    /* 4. Nodes= lists: hosts, duplicates by sorting. */
    for (i = 0; i < nsw && !err; i++) {
        long count, c;
        if (!sw[i].nodes_len)
            continue;
        exp.n = 0;
        err = collalg__topo_hostlist(txt.p + sw[i].nodes, sw[i].nodes_len, &exp, &count);
        if (err == COLLALG__TOPO_ESYNTAX)
            err = collalg__topo_err(msg, msglen, file, sw[i].line, err, "malformed hostlist in Nodes=");
        if (!err && collalg__topo_sput(&nm, exp.p, exp.n))
            err = COLLALG__TOPO_ENOMEM;
        for (c = 0; c < count && !err; c++) {
            if (nhe == caphe) {
                collalg__topo_hent *q;
                caphe = caphe ? 2 * caphe : 64;
                q = (collalg__topo_hent *)realloc(he, caphe * sizeof *he);
                if (!q) {
                    err = COLLALG__TOPO_ENOMEM;
                    break;
                }
                he = q;
            }
            he[nhe].name = 0; /* set in step 6, once the names no longer move */
            he[nhe].sw = (int)i;
            he[nhe].order = (int)nhe;
            he[nhe].line = sw[i].line;
            nhe++;
        }
    }

    /* 5. Roots and cycles: every switch must reach the single root through its parents. */
    if (!err) {
        int root = -1;
        for (i = 0; i < nsw && !err; i++)
            if (!cnt[i]) {
                if (root >= 0) {
                    err = collalg__topo_err(msg, msglen, file, sw[i].line, COLLALG__TOPO_EFOREST,
                                            "second root switch (under no switch; the first is on line %d)",
                                            sw[root].line);
                } else
                    root = (int)i;
            }
        for (i = 0; i < nsw && !err; i++) {
            size_t steps = 0;
            int v = (int)i;
            while (cnt[v] && steps <= nsw)
                v = cnt[v] - 1, steps++;
            if (cnt[v]) {
                const char *nq = nm.p;
                for (j = 0; j < i; j++)
                    nq += strlen(nq) + 1;
                err = collalg__topo_err(msg, msglen, file, sw[i].line, COLLALG__TOPO_ECYCLE,
                                        "cycle among switches through '%s'", nq);
            }
        }
        if (!err && root < 0)
            err = collalg__topo_err(msg, msglen, file, sw[0].line, COLLALG__TOPO_ECYCLE,
                                    "cycle among switches (no root switch)");
        t->root = root;
    }

    /* 6. The tree. */
    if (!err) {
        size_t n = nsw + nhe, off;
        int v;
        t->nhost = (int)nhe;
        t->n = (int)n;
        t->parent = (int *)malloc(n * sizeof(int));
        t->first = (int *)calloc(n + 1, sizeof(int));
        t->child = (int *)malloc((n > 1 ? n - 1 : 1) * sizeof(int));
        t->line = (int *)malloc(n * sizeof(int));
        t->sorted = (int *)malloc((nhe ? nhe : 1) * sizeof(int));
        t->name = (char **)malloc(n * sizeof(char *));
        if (!t->parent || !t->first || !t->child || !t->line || !t->sorted || !t->name)
            err = COLLALG__TOPO_ENOMEM;
        if (!err) {
            t->names = nm.p;
            nm.p = 0;
            for (off = 0, v = 0; v < (int)n; v++) {
                t->name[v] = t->names + off;
                off += strlen(t->names + off) + 1;
            }
            for (i = 0; i < nsw; i++) {
                t->parent[i] = cnt[i] - 1;
                t->line[i] = sw[i].line;
            }
            for (i = 0; i < nhe; i++) {
                he[i].name = t->name[nsw + i];
                t->parent[nsw + i] = he[i].sw;
                t->line[nsw + i] = he[i].line;
            }
            qsort(he, nhe, sizeof *he, collalg__topo_hent_cmp);
            for (i = 0; i < nhe && !err; i++) {
                t->sorted[i] = (int)nsw + he[i].order;
                if (i > 0 && !strcmp(he[i].name, he[i - 1].name)) {
                    err =
                        collalg__topo_err(msg, msglen, file, he[i].line, COLLALG__TOPO_ETWICE,
                                          "host '%s' is under two switches (also line %d)", he[i].name, he[i - 1].line);
                }
            }
        }
        if (!err) {
            /* children: each switch's child switches (Switches= order), then its hosts */
            int k = 0;
            for (i = 0; i < nsw && !err; i++) {
                long count, c;
                const char *q;
                t->first[i] = k;
                if (sw[i].switches_len) {
                    exp.n = 0;
                    err = collalg__topo_hostlist(txt.p + sw[i].switches, sw[i].switches_len, &exp, &count);
                    for (c = 0, q = exp.p; c < count && !err; c++, q += strlen(q) + 1) {
                        for (j = 0; j < nsw; j++)
                            if (!strcmp(t->name[j], q))
                                break;
                        t->child[k++] = (int)j;
                    }
                }
                for (j = 0; j < nhe; j++)
                    if (t->parent[nsw + j] == (int)i)
                        t->child[k++] = (int)(nsw + j);
            }
            for (i = nsw; i <= n; i++)
                t->first[i] = k;
        }
        if (!err) {
            unsigned long long h = 14695981039346656037ULL;
            for (v = 0; v < (int)n; v++) {
                unsigned char kind = v < (int)nsw ? 'S' : 'H';
                unsigned char pb[4];
                unsigned int pv = (unsigned int)t->parent[v];
                pb[0] = (unsigned char)pv, pb[1] = (unsigned char)(pv >> 8);
                pb[2] = (unsigned char)(pv >> 16), pb[3] = (unsigned char)(pv >> 24);
                h = collalg__topo_fnv(h, &kind, 1);
                h = collalg__topo_fnv(h, t->name[v], strlen(t->name[v]) + 1);
                h = collalg__topo_fnv(h, pb, 4);
            }
            t->checksum = h;
        }
    }
    free(txt.p);
    free(exp.p);
    free(nm.p);
    free(sw);
    free(he);
    free(cnt);
    if (err) {
        if (err == COLLALG__TOPO_ENOMEM)
            collalg__topo_err(msg, msglen, file, 0, err, "out of memory");
        collalg__topo_free(t);
    }
    return err;
}

/**
 * @brief Reads the file @p path and parses it with collalg__topo_parse() (messages name @p path).
 * @param path   the file
 * @param t      receives the tree; on error it is left zeroed
 * @param msg    receives a one-line message on error (may be NULL)
 * @param msglen size of @p msg
 * @return as collalg__topo_parse(), or COLLALG__TOPO_EIO (message `path: cannot read`) when the
 *         file cannot be opened or read.
 */
static inline int collalg__topo_parse_file(const char *path, collalg__topo *t, char *msg, size_t msglen)
{
    FILE *f = fopen(path, "rb");
    collalg__topo_sbuf b = {0, 0, 0};
    char chunk[4096];
    size_t got;
    int err = 0;
    memset(t, 0, sizeof *t);
    if (!f) {
        if (msg && msglen)
            snprintf(msg, msglen, "%s: cannot read", path);
        return COLLALG__TOPO_EIO;
    }
    while (!err && (got = fread(chunk, 1, sizeof chunk, f)) > 0)
        if (collalg__topo_sput(&b, chunk, got))
            err = COLLALG__TOPO_ENOMEM;
    if (!err && ferror(f))
        err = COLLALG__TOPO_EIO;
    fclose(f);
    if (!err && collalg__topo_sput(&b, "", 0))
        err = COLLALG__TOPO_ENOMEM;
    if (!err)
        err = collalg__topo_parse(b.p, path, t, msg, msglen);
    else if (msg && msglen)
        snprintf(msg, msglen, "%s: %s", path, err == COLLALG__TOPO_EIO ? "cannot read" : "out of memory");
    free(b.p);
    return err;
}

/* ---- lookup ------------------------------------------------------------------------------------ */

/** @brief Length of @p s up to its first dot (or its whole length). */
static inline size_t collalg__topo_short_len(const char *s)
{
    const char *d = strchr(s, '.');
    return d ? (size_t)(d - s) : strlen(s);
}

/**
 * @brief The host vertex named @p name: matched exactly, else by the part before the first dot on
 *        both sides when exactly one host matches so (see the file comment).
 * @param t    a parsed description
 * @param name a host name, e.g. from MPI_Get_processor_name
 * @return the host's vertex (nswitch <= v < n), -1 when no host matches, -2 when the short name
 *         matches several hosts.
 */
static inline int collalg__topo_find_host(const collalg__topo *t, const char *name)
{
    int lo = 0, hi = t->nhost - 1, v, found = -1;
    size_t sl = collalg__topo_short_len(name);
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2, c = strcmp(t->name[t->sorted[mid]], name);
        if (!c)
            return t->sorted[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    for (v = t->nswitch; v < t->n; v++)
        if (collalg__topo_short_len(t->name[v]) == sl && !memcmp(t->name[v], name, sl)) {
            if (found >= 0)
                return -2;
            found = v;
        }
    return found;
}

/* ---- the rank tree ------------------------------------------------------------------------------ */

/** @brief Frees the arrays of @p rt (which may be zeroed); idempotent. */
static inline void collalg__topo_tree_free(collalg__topo_tree *rt)
{
    free(rt->parent);
    free(rt->first);
    free(rt->child);
    free(rt->idx);
    free(rt->size);
    memset(rt, 0, sizeof *rt);
}

/**
 * @brief Builds a rank tree from a parent array: vertices 0 .. @p p - 1 are the ranks, @p p ..
 *        @p n - 1 inner vertices; children are listed in increasing vertex order.
 * @param n      vertices (n >= p >= 1)
 * @param p      ranks
 * @param parent parent[v] for each vertex, -1 for exactly one root
 * @param rt     receives the tree (free with collalg__topo_tree_free()); zeroed on error
 * @return COLLALG__TOPO_OK; COLLALG__TOPO_EINVAL when the array is not one tree (no root or
 *         several, a cycle, an index out of range) or a rank has a child; COLLALG__TOPO_ENOMEM.
 */
static inline int collalg__topo_tree_from_parents(int n, int p, const int *parent, collalg__topo_tree *rt)
{
    int v, root = -1, err = 0;
    memset(rt, 0, sizeof *rt);
    if (p < 1 || n < p)
        return COLLALG__TOPO_EINVAL;
    rt->parent = (int *)malloc((size_t)n * sizeof(int));
    rt->first = (int *)calloc((size_t)n + 1, sizeof(int));
    rt->child = (int *)malloc((size_t)n * sizeof(int));
    rt->idx = (int *)malloc((size_t)n * sizeof(int));
    rt->size = (int *)calloc((size_t)n, sizeof(int));
    if (!rt->parent || !rt->first || !rt->child || !rt->idx || !rt->size)
        err = COLLALG__TOPO_ENOMEM;
    for (v = 0; v < n && !err; v++) {
        int q = parent[v];
        if (q < -1 || q >= n || q == v || (q >= 0 && q < p))
            err = COLLALG__TOPO_EINVAL;
        else if (q < 0) {
            if (root >= 0)
                err = COLLALG__TOPO_EINVAL;
            root = v;
        }
    }
    if (!err && root < 0)
        err = COLLALG__TOPO_EINVAL;
    if (!err) {
        int k = 0;
        rt->p = p;
        rt->n = n;
        rt->root = root;
        memcpy(rt->parent, parent, (size_t)n * sizeof(int));
        for (v = 0; v < n; v++)
            if (parent[v] >= 0)
                rt->first[parent[v] + 1]++;
        for (v = 0; v < n; v++)
            rt->first[v + 1] += rt->first[v];
        for (v = 0; v < n; v++)
            rt->idx[v] = -1;
        /* fill in increasing child order: rt->size as a temporary cursor */
        for (v = 0; v < n; v++)
            if (parent[v] >= 0) {
                k = rt->first[parent[v]] + rt->size[parent[v]]++;
                rt->child[k] = v;
                rt->idx[v] = k;
            }
        memset(rt->size, 0, (size_t)n * sizeof(int));
        /* every vertex must reach the root (no cycle): walk up, at most n steps */
        for (v = 0; v < p && !err; v++) {
            int u = v, steps = 0;
            while (u >= 0 && steps <= n) {
                rt->size[u]++;
                u = parent[u];
                steps++;
            }
            if (u >= 0)
                err = COLLALG__TOPO_EINVAL;
        }
        for (v = p; v < n && !err; v++) {
            int u = v, steps = 0;
            while (u >= 0 && steps <= n)
                u = parent[u], steps++;
            if (u >= 0)
                err = COLLALG__TOPO_EINVAL;
        }
    }
    if (err)
        collalg__topo_tree_free(rt);
    return err;
}

/**
 * @brief The node-level rank tree, for a communicator without a description: ranks under their
 *        host, hosts under one switch (the root). Hosts are told apart by @p host_id (any
 *        integers, equal for ranks on one host, e.g. the lowest rank with the same processor
 *        name) and numbered in order of their lowest rank.
 * @param p       ranks (p >= 1)
 * @param host_id for each rank an identifier of its host
 * @param rt      receives the tree (free with collalg__topo_tree_free())
 * @return COLLALG__TOPO_OK or COLLALG__TOPO_ENOMEM.
 */
static inline int collalg__topo_node_tree(int p, const int *host_id, collalg__topo_tree *rt)
{
    int *par = (int *)malloc(((size_t)2 * p + 1) * sizeof(int)), *first = 0, r, q, nh = 0, err;
    memset(rt, 0, sizeof *rt);
    if (!par)
        return COLLALG__TOPO_ENOMEM;
    first = par + p + 1; /* first[h]: lowest rank of host h (p entries at most) */
    for (r = 0; r < p; r++) {
        for (q = 0; q < nh; q++)
            if (host_id[first[q]] == host_id[r])
                break;
        if (q == nh)
            first[nh++] = r;
        par[r] = p + q;
    }
    for (q = 0; q < nh; q++)
        par[p + q] = p + nh;
    par[p + nh] = -1;
    err = collalg__topo_tree_from_parents(p + nh + 1, p, par, rt);
    free(par);
    return err;
}

/**
 * @brief The rank tree of a communicator on a parsed description: rank r is a leaf under the
 *        host vertex @p host_of_rank[r]; hosts and switches with no rank below them are left out.
 *        Inner vertices are numbered p, p+1, ... in the order of their vertex in @p t (switches,
 *        then hosts), so children keep that order and ranks of one host are in rank order.
 * @param t            a parsed description
 * @param p            ranks (p >= 1)
 * @param host_of_rank for each rank its host vertex (collalg__topo_find_host())
 * @param rt           receives the tree (free with collalg__topo_tree_free())
 * @return COLLALG__TOPO_OK; COLLALG__TOPO_EINVAL when a host_of_rank entry is not a host of
 *         @p t; COLLALG__TOPO_ENOMEM.
 */
static inline int collalg__topo_rank_tree(const collalg__topo *t, int p, const int *host_of_rank,
                                          collalg__topo_tree *rt)
{
    int *map = (int *)malloc(((size_t)t->n + 1) * sizeof(int)), *par = 0, r, v, n = p, err = 0;
    memset(rt, 0, sizeof *rt);
    if (!map)
        return COLLALG__TOPO_ENOMEM;
    for (v = 0; v < t->n; v++)
        map[v] = 0;
    for (r = 0; r < p && !err; r++) {
        int h = host_of_rank[r];
        if (h < t->nswitch || h >= t->n)
            err = COLLALG__TOPO_EINVAL;
        else
            for (v = h; v >= 0 && !map[v]; v = t->parent[v])
                map[v] = 1;
    }
    if (!err) {
        for (v = 0; v < t->n; v++)
            map[v] = map[v] ? n++ : -1;
        par = (int *)malloc((size_t)n * sizeof(int));
        if (!par)
            err = COLLALG__TOPO_ENOMEM;
    }
    if (!err) {
        for (r = 0; r < p; r++)
            par[r] = map[host_of_rank[r]];
        for (v = 0; v < t->n; v++)
            if (map[v] >= 0)
                par[map[v]] = t->parent[v] >= 0 ? map[t->parent[v]] : -1;
        err = collalg__topo_tree_from_parents(n, p, par, rt);
    }
    free(map);
    free(par);
    return err;
}

#endif /* COLLALG_MACHINE_TOPOLOGY_H */
