/* One component counted: see dpll.h. */

#include "dpll.h"
#include "graph.h"
#include "path.h"
#include "wide.h"

/* ========================================================================== */
/* A component's constraints                                                  */
/* ========================================================================== */


static Status graph_make(const Position *p, int k, Solver *s, Graph *g) {
    Arena *a = s->scratch;
    int first = p->comp_first_box[k], B = p->comp_nboxes[k];
    g->B = B;
    g->ncons = 0;
    long incidences = 0;
    for (int b = 0; b < B; b++)
        incidences += p->boxes[first + b].neq;
    g->size = arena_alloc(a, (size_t)B, sizeof(int));
    g->fixed = arena_alloc(a, (size_t)B, sizeof(int));
    g->bc_start = arena_alloc(a, (size_t)B + 1, sizeof(int));
    g->bc_list = arena_alloc(a, (size_t)incidences, sizeof(int));
    g->cb_list = arena_alloc(a, (size_t)incidences, sizeof(int));
    /* every equation of the component sees one of its boxes: at most `incidences` of them */
    g->cb_start = arena_alloc(a, (size_t)incidences + 1, sizeof(int));
    g->lo = arena_alloc(a, (size_t)incidences, sizeof(int));
    g->hi = arena_alloc(a, (size_t)incidences, sizeof(int));
    g->wbits = arena_alloc(a, (size_t)incidences, sizeof(int));
    g->w = arena_alloc(a, (size_t)incidences, sizeof(count_t *));
    int *eq_of = arena_alloc(a, (size_t)incidences, sizeof(int));
    if (a->failed)
        return FAILED;
    for (int b = 0; b < B; b++) {
        const Box *bx = &p->boxes[first + b];
        g->size[b] = bx->size;
        g->fixed[b] = -1;
        g->bc_start[b + 1] = g->bc_start[b] + bx->neq;
        for (int t = 0; t < bx->neq; t++) {
            int q = bx->eqs[t];
            if (s->local[q] < 0) {
                int c = g->ncons++;
                s->local[q] = c;
                eq_of[c] = q;
                g->lo[c] = p->eqs[q].lo;
                g->hi[c] = p->eqs[q].hi;
                g->w[c] = p->eqs[q].w;
                g->wbits[c] = p->eqs[q].wbits;
                g->weighted |= g->w[c] != NULL;
            }
            g->bc_list[g->bc_start[b] + t] = s->local[q];
            g->cb_start[s->local[q] + 1]++;
        }
    }
    for (int c = 0; c < g->ncons; c++)
        g->cb_start[c + 1] += g->cb_start[c];
    int *fill = arena_alloc(a, (size_t)g->ncons, sizeof(int));
    if (!fill)
        return FAILED;
    for (int b = 0; b < B; b++)
        for (int t = g->bc_start[b]; t < g->bc_start[b + 1]; t++) {
            int c = g->bc_list[t];
            g->cb_list[g->cb_start[c] + fill[c]++] = b;
        }
    for (int c = 0; c < g->ncons; c++) /* the next component starts from a clean table */
        s->local[eq_of[c]] = -1;
    return DONE;
}

/* ========================================================================== */
/* Propagation at the root                                                    */
/* ========================================================================== */

/* Settle what the constraints force, constraint by constraint until nothing changes, starting
   from constraints first.. (the rest have settled what they can already). */
static Status graph_propagate(Graph *g, Arena *a, int first) {
    int ncons = g->ncons, cap = ncons + 1, head = 0, tail = 0;
    int *queue = arena_alloc(a, (size_t)cap, sizeof(int));
    char *queued = arena_alloc(a, (size_t)ncons, 1);
    if (!queue || !queued)
        return FAILED;
    for (int c = first; c < ncons; c++) {
        queue[tail++] = c;
        queued[c] = 1;
    }
    while (head != tail) {
        int c = queue[head];
        head = (head + 1) % cap;
        queued[c] = 0;
        int sum = 0, room = 0, open = 0;
        for (int t = g->cb_start[c]; t < g->cb_start[c + 1]; t++) {
            int b = g->cb_list[t];
            if (g->fixed[b] >= 0)
                sum += g->fixed[b];
            else {
                room += g->size[b];
                open++;
            }
        }
        if (sum > g->hi[c] || sum + room < g->lo[c])
            return NO_LAYOUT;
        if (!open)
            continue;
        int rule = sum == g->hi[c] ? 0 : sum + room == g->lo[c] ? 1 : -1;
        if (rule < 0 && (open != 1 || g->lo[c] != g->hi[c]))
            continue;
        for (int t = g->cb_start[c]; t < g->cb_start[c + 1]; t++) {
            int b = g->cb_list[t];
            if (g->fixed[b] >= 0)
                continue;
            g->fixed[b] = rule == 0 ? 0 : rule == 1 ? g->size[b] : g->lo[c] - sum;
            assert(0 <= g->fixed[b] && g->fixed[b] <= g->size[b]);
            for (int u = g->bc_start[b]; u < g->bc_start[b + 1]; u++) {
                int d = g->bc_list[u];
                if (!queued[d]) {
                    queued[d] = 1;
                    queue[tail] = d;
                    tail = (tail + 1) % cap;
                    assert(tail != head); /* each constraint is queued once at a time */
                }
            }
        }
    }
    return DONE;
}

/* A weighing number whose boxes are all settled weighs the same in every layout: into the
   position's constant. */
static Status graph_settled_weights(const Graph *g, Position *p) {
    for (int c = 0; c < g->ncons; c++) {
        if (!g->w[c])
            continue;
        int sum = 0, open = 0;
        for (int t = g->cb_start[c]; t < g->cb_start[c + 1]; t++) {
            int b = g->cb_list[t];
            if (g->fixed[b] >= 0)
                sum += g->fixed[b];
            else
                open = 1;
        }
        if (open)
            continue;
        count_t x = g->w[c][sum - g->lo[c]];
        if (!x)
            return NO_LAYOUT;
        if (x != 1) {
            PyObject *f = count_to_long(x), *next = f ? PyNumber_Multiply(p->constant, f) : NULL;
            Py_XDECREF(f);
            if (!next)
                return FAILED;
            Py_SETREF(p->constant, next);
        }
    }
    return DONE;
}

/* ========================================================================== */
/* Constraints implied by pairs                                               */
/* ========================================================================== */

/* What one constraint asks of its open boxes once propagation has settled the rest: their
   sorted list and the range their sum may take. */
typedef struct {
    int n, lo, hi, room;
    const int *box;
} Residual;

static void residual_of(const Graph *g, int c, int *buf, Residual *r) {
    int settled = 0;
    r->n = r->room = 0;
    r->box = buf;
    for (int t = g->cb_start[c]; t < g->cb_start[c + 1]; t++) {
        int b = g->cb_list[t];
        if (g->fixed[b] >= 0)
            settled += g->fixed[b];
        else {
            buf[r->n++] = b;
            r->room += g->size[b];
        }
    }
    r->lo = g->lo[c] - settled;
    r->hi = g->hi[c] - settled;
}

/* Whether the sorted boxes of a all lie among the sorted boxes of b. */
static int residual_within(const Residual *a, const Residual *b) {
    int j = 0;
    for (int i = 0; i < a->n; i++) {
        while (j < b->n && b->box[j] < a->box[i])
            j++;
        if (j == b->n || b->box[j] != a->box[i])
            return 0;
        j++;
    }
    return 1;
}

/* The constraints graph_derive found (constraint k over the open boxes of from[2k + 1] that are
   not from[2k]'s, its sums within lo[k] .. hi[k]) appended to the graph's lists. */
static Status graph_append(Graph *g, Arena *a, const Residual *r, const int *from, const int *lo, const int *hi,
                           int nd, int dinc, int *extra) {
    int ncons = g->ncons, B = g->B, N = ncons + nd, inc = g->bc_start[B] + dinc;
    int *bc_start = arena_alloc(a, (size_t)B + 1, sizeof(int)), *bc_list = arena_alloc(a, (size_t)inc, sizeof(int));
    int *cb_start = arena_alloc(a, (size_t)N + 1, sizeof(int)), *cb_list = arena_alloc(a, (size_t)inc, sizeof(int));
    int *nlo = arena_alloc(a, (size_t)N, sizeof(int)), *nhi = arena_alloc(a, (size_t)N, sizeof(int));
    int *wbits = arena_alloc(a, (size_t)N, sizeof(int));
    const count_t **w = arena_alloc(a, (size_t)N, sizeof(count_t *));
    if (a->failed)
        return FAILED;
    memcpy(nlo, g->lo, sizeof(int) * (size_t)ncons);
    memcpy(nhi, g->hi, sizeof(int) * (size_t)ncons);
    memcpy(wbits, g->wbits, sizeof(int) * (size_t)ncons); /* the appended: 0 and NULL (arena_alloc zeroes) */
    memcpy(w, g->w, sizeof(count_t *) * (size_t)ncons);
    memcpy(cb_start, g->cb_start, sizeof(int) * ((size_t)ncons + 1));
    memcpy(cb_list, g->cb_list, sizeof(int) * (size_t)g->bc_start[B]);
    int at = g->cb_start[ncons];
    for (int k = 0; k < nd; k++) {
        const Residual *small = &r[from[2 * k]], *large = &r[from[2 * k + 1]];
        for (int i = 0, j = 0; i < large->n; i++) { /* large's boxes but small's, ascending */
            if (j < small->n && small->box[j] == large->box[i])
                j++;
            else {
                cb_list[at++] = large->box[i];
                extra[large->box[i]]++;
            }
        }
        cb_start[ncons + k + 1] = at;
        nlo[ncons + k] = lo[k], nhi[ncons + k] = hi[k];
    }
    for (int b = 0; b < B; b++) { /* each box's own constraints, then the appended it is in */
        bc_start[b + 1] = bc_start[b] + g->bc_start[b + 1] - g->bc_start[b] + extra[b];
        memcpy(bc_list + bc_start[b], g->bc_list + g->bc_start[b],
               sizeof(int) * (size_t)(g->bc_start[b + 1] - g->bc_start[b]));
        extra[b] = bc_start[b] + g->bc_start[b + 1] - g->bc_start[b]; /* now: where the next goes */
    }
    for (int c = ncons; c < N; c++)
        for (int t = cb_start[c]; t < cb_start[c + 1]; t++)
            bc_list[extra[cb_list[t]]++] = c;
    g->ncons = N;
    g->bc_start = bc_start, g->bc_list = bc_list, g->cb_start = cb_start, g->cb_list = cb_list;
    g->lo = nlo, g->hi = nhi, g->w = w, g->wbits = wbits;
    return DONE;
}

/* The constraints two constraints imply (the subset rule of Minesweeper solvers): where one's
   open boxes all lie among another's, the other's remaining boxes hold the difference of their
   sums, within [lo2 - hi1, hi2 - lo1].  Every layout meets them already, so the counts are the
   same; propagation and the search's branches get more to settle from them: a 3D number's 26
   cells share most of their boxes with its neighbours'.  Weighing numbers are left out (their
   weights are the layouts', not a bound's).  Appended after the component's constraints, at
   most as many.  The Python search does without them: the same counts, more nodes.  Measured on the 99 positions of benchmarks.topologies' 3D play and their
   square partners, both builds in one process, best of 50 calls each: 3D 151 ms in all before,
   88 ms with this (the median ratio of a position's two times 0.986), the square grid's median
   ratio 1.005; the knotted ball of tests/reference.py 0.69 to 0.55 s; the cnf/ corpus the same
   within noise. */
static Status graph_derive(Graph *g, Arena *a) {
    int ncons = g->ncons, B = g->B, nd = 0, dinc = 0, open = 0;
    for (int b = 0; b < B; b++)
        open += g->fixed[b] < 0;
    if (open < 2)
        return DONE;
    Residual *r = arena_alloc(a, (size_t)ncons, sizeof(Residual));
    int *buf = arena_alloc(a, (size_t)g->bc_start[B], sizeof(int));
    int *from = arena_alloc(a, 2 * (size_t)ncons, sizeof(int)), *lo = arena_alloc(a, (size_t)ncons, sizeof(int)),
        *hi = arena_alloc(a, (size_t)ncons, sizeof(int)), *extra = arena_alloc(a, (size_t)B, sizeof(int));
    if (a->failed)
        return FAILED;
    for (int c = 0; c < ncons; c++)
        residual_of(g, c, buf + g->cb_start[c], &r[c]);
    for (int c1 = 0; c1 < ncons && nd < ncons; c1++) {
        if (g->w[c1] || !r[c1].n)
            continue;
        int b0 = r[c1].box[0]; /* every list holding c1's holds its first box */
        for (int t = g->bc_start[b0]; t < g->bc_start[b0 + 1] && nd < ncons; t++) {
            int c2 = g->bc_list[t];
            if (g->w[c2] || r[c2].n <= r[c1].n || !residual_within(&r[c1], &r[c2]))
                continue;
            int room = r[c2].room - r[c1].room, dlo = r[c2].lo - r[c1].hi, dhi = r[c2].hi - r[c1].lo;
            dlo = dlo > 0 ? dlo : 0;
            dhi = dhi < room ? dhi : room;
            if (dlo > dhi)
                return NO_LAYOUT;
            if (dlo == 0 && dhi == room)
                continue; /* implies nothing */
            from[2 * nd] = c1, from[2 * nd + 1] = c2, lo[nd] = dlo, hi[nd] = dhi;
            nd++;
            dinc += r[c2].n - r[c1].n;
        }
    }
    if (!nd)
        return DONE;
    return graph_append(g, a, r, from, lo, hi, nd, dinc, extra);
}

/* ========================================================================== */
/* The search's state and scratch                                             */
/* ========================================================================== */

/* The search's scratch is a stack of chunks: each call of dpll_count takes what it needs on
   top and gives it back when it returns, so a search of many small nodes asks the allocator
   for memory only when the stack grows past its largest size so far. */
typedef struct Chunk {
    struct Chunk *prev;
    size_t used, cap;
    _Alignas(16) char data[];
} Chunk;

typedef struct {
    Chunk *chunk;
    size_t used;
} StackMark;

/* A group of open boxes met before, with its counts.  A group is closed under shared
   constraints, so its counts depend only on its boxes and on the sum each of their
   constraints has reached (which fixes the constraint's residual range, and, under noisy
   clues, the weight it will take): that is the key.  Under exact clues propagation forces
   most boxes and groups rarely repeat; under noisy clues the same far half of a frontier is
   met again for every value of the boxes near the branch, which is the cost the memo
   removes, as countsweep.counting.dpll's cache does for the Python search. */
typedef struct {
    uint64_t hash;
    int klen, cells, n;
    int lo, width; /* the mine counts kept, lo .. lo + width - 1: every other count is 0 */
    int *key;
    count_t *total, *marg; /* by mine count in the window; marg row by row */
} Memo;

/* Per part, at most; a full memo is emptied and filled again, as the groups met lately are
   the ones met again (kept closed once full, a knotted 3D part of 148 cells counted anew the
   groups it met after the first 32 MB and passed 50 million nodes; emptied at 32 MB it took 13
   s, at 64 MB 9 s, at 256 MB 6 s).  An entry larger than a quarter of it is not kept. */
#define MEMO_BYTES ((size_t)64 << 20)

typedef struct {
    const Graph *g;
    int *val;                /* by box: its value, -1 open */
    int *pending;            /* by box: the value propagation will give it, -1 none */
    int *sum, *room, *nopen; /* by constraint: assigned sum, open cells, open boxes */
    int *trail, ntrail;
    int *queue;              /* boxes waiting to be given their pending value */
    int *closed, cstamp;     /* by constraint: its weight is taken (stamps) */
    int *mark, stamp;        /* scratch marks for splitting and sweeps */
    int *cmark;              /* by constraint: its boxes taken in the sweep or split at work
                                (stamp): each constraint's list is read once, not once per box,
                                as the Python search does (the knotted ball: 4.6 s to 3.3 s) */
    int *sweep_queue, *sweep_parent;
    int *pos;                /* box -> its index in the boxes of the call at work */
    int *key;                /* scratch for a group's key */
    Chunk *chunk, *spare;
    long long nodes, max_nodes;
    PyObject *stop;          /* see Solver */
    long long path_nodes;    /* see Solver */
    int enum_boxes;          /* see Solver */
    Memo *memo;
    size_t memo_cap, memo_len, memo_bytes;
    count_t mod;             /* 0: counts as they are; else a prime below 2**62 they are taken modulo */
    int wraps;               /* may counts pass a count_t (their residues then): no value is tested */
} Dpll;

static StackMark stack_mark(const Dpll *d) {
    StackMark m = {d->chunk, d->chunk ? d->chunk->used : 0};
    return m;
}

/* count * size bytes on top of the stack, zeroed when asked; NULL when memory runs out */
static void *push(Dpll *d, size_t count, size_t size, int zero) {
    size_t bytes = count * size, need = ((bytes + 15) & ~(size_t)15) + REDZONE;
    if (!d->chunk || d->chunk->used + need > d->chunk->cap) {
        Chunk *c = d->spare;
        if (c && c->cap >= need)
            d->spare = NULL;
        else {
            size_t cap = need > 65536 ? need : 65536;
            c = PyMem_Malloc(sizeof(Chunk) + cap);
            if (!c)
                return NULL;
            c->cap = cap;
            POISON(c->data, cap);
        }
        c->used = 0;
        c->prev = d->chunk;
        d->chunk = c;
    }
    void *out = d->chunk->data + d->chunk->used;
    d->chunk->used += need;
    UNPOISON(out, bytes);
    if (zero)
        memset(out, 0, REDZONE ? bytes : need);
#ifdef COUNTSWEEP_DEBUG
    else /* poisoned: a count read where nothing was written is a huge one, and the differential
            tests of the debug build fail on it */
        memset(out, 0xA5, REDZONE ? bytes : need);
#endif
    return out;
}

static void chunk_free(Chunk *c) {
    if (c)
        UNPOISON(c->data, c->cap);
    PyMem_Free(c);
}

static void release(Dpll *d, StackMark m) {
    while (d->chunk != m.chunk) {
        Chunk *c = d->chunk;
        assert(c);
        d->chunk = c->prev;
        POISON(c->data, c->cap);
        if (!d->spare || d->spare->cap < c->cap) {
            chunk_free(d->spare);
            d->spare = c;
        } else
            chunk_free(c);
    }
    if (d->chunk) {
        POISON(d->chunk->data + m.used, d->chunk->used - m.used);
        d->chunk->used = m.used;
    }
}

static void stack_free(Dpll *d) {
    release(d, (StackMark){NULL, 0});
    chunk_free(d->spare);
    d->spare = NULL;
}

/* ========================================================================== */
/* The memo                                                                   */
/* ========================================================================== */

/* The key of a group (its boxes sorted in place first, so that one set of boxes always lists
   its boxes, and so its marginals, in one order); its length. */
static int memo_key(Dpll *d, int *group, int n) {
    const Graph *g = d->g;
    for (int i = 1; i < n; i++) { /* insertion sort: groups are small */
        int x = group[i], j = i;
        for (; j > 0 && group[j - 1] > x; j--)
            group[j] = group[j - 1];
        group[j] = x;
    }
    int len = 0;
    d->key[len++] = n;
    for (int i = 0; i < n; i++) {
        int b = group[i];
        d->key[len++] = b;
        for (int t = g->bc_start[b]; t < g->bc_start[b + 1]; t++)
            d->key[len++] = d->sum[g->bc_list[t]];
    }
    return len;
}

static uint64_t memo_hash(const int *key, int len) {
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < len; i++) {
        h ^= (uint32_t)key[i];
        h *= 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
    }
    return MEMO_HASH(h); /* a debug build may keep it short, so that the tests make keys meet */
}

/* The entry for the key in d->key, or the empty slot where it would go (NULL: no memo, made
   here at the first look-up of a part's search; none when memory is short: it only saves work). */
static Memo *memo_find(Dpll *d, int len, uint64_t hash) {
    if (!d->memo) {
        if (d->memo_cap)
            return NULL; /* memory was short */
        d->memo_cap = 64;
        d->memo = PyMem_Calloc(d->memo_cap, sizeof(Memo));
        if (!d->memo)
            return NULL;
    }
    size_t mask = d->memo_cap - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
        Memo *m = &d->memo[i];
#ifdef COUNTSWEEP_DEBUG
        /* a key whose hash meets another's, told apart by the comparison alone: the tests count them */
        if (m->key && m->hash == hash && (m->klen != len || memcmp(m->key, d->key, sizeof(int) * (size_t)len)))
            MEMO_MET();
#endif
        if (!m->key || (m->hash == hash && m->klen == len && !memcmp(m->key, d->key, sizeof(int) * (size_t)len)))
            return m;
    }
}

static int memo_grow(Dpll *d) {
    size_t cap = 2 * d->memo_cap;
    Memo *grown = PyMem_Calloc(cap, sizeof(Memo));
    if (!grown)
        return -1;
    for (size_t i = 0; i < d->memo_cap; i++) {
        Memo *m = &d->memo[i];
        if (!m->key)
            continue;
        size_t j = m->hash & (cap - 1);
        while (grown[j].key)
            j = (j + 1) & (cap - 1);
        grown[j] = *m;
    }
    PyMem_Free(d->memo);
    d->memo = grown;
    d->memo_cap = cap;
    return 0;
}

static void memo_free(Dpll *d) {
    for (size_t i = 0; d->memo && i < d->memo_cap; i++)
        PyMem_Free(d->memo[i].key); /* the entry's block starts with its key */
    PyMem_Free(d->memo);
    d->memo = NULL;
    d->memo_cap = d->memo_len = d->memo_bytes = 0;
}

/* The mine counts where a group's total or a marginal is not 0: lo, and the width (0 where none
   is).  Counted exactly, a marginal is at most its box's size times the total, so the total's
   window is the group's; residues (exact is 0) may be 0 in a total and not in a marginal. */
static int counts_window(const count_t *total, const count_t *marg, int n, int W, int exact, int *lo) {
    int first = W, last = -1;
    for (int r = 0; r <= (exact ? 0 : n); r++) {
        const count_t *row = r ? marg + (size_t)(r - 1) * (size_t)W : total;
        for (int m = 0; m < first; m++)
            if (row[m]) {
                first = m;
                break;
            }
        for (int m = W - 1; m > last; m--)
            if (row[m]) {
                last = m;
                break;
            }
    }
    *lo = last < 0 ? 0 : first;
    return last < 0 ? 0 : last - first + 1;
}

/* Keep the counts of a group (sorted by memo_key) under its key, worked out again (its hash is
   the caller's, from its look-up): the search of the group used d->key and may have moved the
   memo.  Only the window of mine counts where
   they are not 0 (lo, width: counts_window) is kept: a group of 100 boxes and 150 cells holds 25
   to 40 mines, and whole rows of 151 counts would fill the memo ten times sooner.  0, or -1 when
   memory runs out. */
static int memo_store(Dpll *d, int *group, int n, int cells, uint64_t hash, const count_t *total,
                      const count_t *marg, int lo, int width) {
    int len = memo_key(d, group, n);
    assert(hash == memo_hash(d->key, len));
    Memo *slot = memo_find(d, len, hash);
    if (slot && slot->key)
        return 0; /* kept already (a group's search meets only smaller groups) */
    int W = cells + 1;
    size_t head = (sizeof(int) * (size_t)len + 15) & ~(size_t)15;
    size_t bytes = head + sizeof(count_t) * ((size_t)width * ((size_t)n + 1));
    if (bytes > MEMO_BYTES / 4)
        return 0;
    if (d->memo_bytes + bytes > MEMO_BYTES) {
        memo_free(d); /* full: start afresh, the groups met lately are the ones met again */
        slot = memo_find(d, len, hash);
    }
    if (!slot)
        return 0; /* no memo: memory was short */
    if (2 * (d->memo_len + 1) > d->memo_cap) { /* grow, keeping at most half full */
        if (memo_grow(d) < 0)
            return 0;
        slot = memo_find(d, len, hash);
        assert(slot && !slot->key);
    }
    char *block = PyMem_Malloc(bytes);
    if (!block)
        return -1;
    count_t *counts = (count_t *)(block + head);
    slot->hash = hash;
    slot->klen = len;
    slot->cells = cells;
    slot->n = n;
    slot->lo = lo;
    slot->width = width;
    slot->key = memcpy(block, d->key, sizeof(int) * (size_t)len);
    slot->total = counts;
    slot->marg = counts + width;
    memcpy(slot->total, total + lo, sizeof(count_t) * (size_t)width);
    for (int q = 0; q < n; q++)
        memcpy(slot->marg + (size_t)q * (size_t)width, marg + (size_t)q * (size_t)W + lo,
               sizeof(count_t) * (size_t)width);
    d->memo_len++;
    d->memo_bytes += bytes;
    return 0;
}

/* A kept group's counts into total and marg (cells + 1 counts a row): its window only, which is
   all count_with reads of them (the rest is not cleared). */
static void memo_load(const Memo *m, count_t *total, count_t *marg) {
    size_t W = (size_t)m->cells + 1, width = (size_t)m->width;
    memcpy(total + m->lo, m->total, sizeof(count_t) * width);
    for (int q = 0; q < m->n; q++)
        memcpy(marg + (size_t)q * W + m->lo, m->marg + (size_t)q * width, sizeof(count_t) * width);
}

/* ========================================================================== */
/* Assignment and propagation                                                 */
/* ========================================================================== */

/* Give box b the value x and propagate; 0 on conflict (undo is the caller's).  A box forced by
   a constraint waits in the queue with its pending value, so each box is queued once. */
static int assign(Dpll *d, int b, int x) {
    const Graph *g = d->g;
    int head = 0, tail = 0, conflict = 0;
    if (d->val[b] >= 0)
        return d->val[b] == x;
    d->pending[b] = x;
    d->queue[tail++] = b;
    while (head < tail && !conflict) {
        int u = d->queue[head++], y = d->pending[u];
        d->pending[u] = -1;
        assert(d->val[u] < 0);
        d->val[u] = y;
        d->trail[d->ntrail++] = u;
        int s = g->size[u];
        for (int k = g->bc_start[u]; k < g->bc_start[u + 1]; k++) {
            int c = g->bc_list[k];
            d->sum[c] += y;
            d->room[c] -= s;
            d->nopen[c]--;
            int t = d->sum[c], f = d->room[c], lo = g->lo[c], hi = g->hi[c];
            if (t > hi || t + f < lo) {
                conflict = 1;
                continue;
            }
            if (!f || conflict)
                continue;
            int rule = t == hi ? 0 : t + f == lo ? 1 : d->nopen[c] == 1 && lo == hi ? 2 : -1;
            if (rule < 0)
                continue;
            for (int q = g->cb_start[c]; q < g->cb_start[c + 1]; q++) {
                int w = g->cb_list[q];
                if (d->val[w] >= 0)
                    continue;
                int want = rule == 0 ? 0 : rule == 1 ? g->size[w] : lo - t;
                if (d->pending[w] >= 0) {
                    conflict |= d->pending[w] != want;
                    continue;
                }
                d->pending[w] = want;
                d->queue[tail++] = w;
                assert(tail <= g->B);
            }
        }
    }
    while (head < tail) /* what a conflict left waiting */
        d->pending[d->queue[head++]] = -1;
    return !conflict;
}

static void undo(Dpll *d, int mark) {
    const Graph *g = d->g;
    while (d->ntrail > mark) {
        int u = d->trail[--d->ntrail], y = d->val[u], s = g->size[u];
        d->val[u] = -1;
        for (int k = g->bc_start[u]; k < g->bc_start[u + 1]; k++) {
            int c = g->bc_list[k];
            d->sum[c] -= y;
            d->room[c] += s;
            d->nopen[c]++;
        }
    }
}

/* BFS over the open boxes from start: the last one reached; parent[] filled when given. */
static int sweep(Dpll *d, int start, int *queue, int *parent) {
    const Graph *g = d->g;
    int head = 0, tail = 0, last = start;
    d->stamp++;
    d->mark[start] = d->stamp;
    queue[tail++] = start;
    if (parent)
        parent[start] = start;
    while (head < tail) {
        int u = queue[head++];
        last = u;
        for (int k = g->bc_start[u]; k < g->bc_start[u + 1]; k++) {
            int c = g->bc_list[k];
            if (d->cmark[c] == d->stamp)
                continue;
            d->cmark[c] = d->stamp;
            for (int q = g->cb_start[c]; q < g->cb_start[c + 1]; q++) {
                int w = g->cb_list[q];
                if (d->val[w] < 0 && d->mark[w] != d->stamp) {
                    d->mark[w] = d->stamp;
                    if (parent)
                        parent[w] = u;
                    queue[tail++] = w;
                }
            }
        }
    }
    return last;
}

/* A part no wider than SHORT_PART steps between its farthest boxes has no middle worth
   splitting at: a 3D grid's numbers see 26 cells, and their frontiers knot into a ball.  There
   the box that links the most open constraints (the fewest cells on a tie) is branched on: it
   gives propagation the most to settle.  Measured on 166 positions of seeded 3D play (4 layers
   of 8x8, 40 mines): 21.0 s in all before, 3.7 s with this (the slowest 8.1 s to 1.7 s; 20
   positions 1.3 times faster or more, 9 slower, the worst 25 to 56 ms; median 0.093 to 0.089
   ms); square positions and the cnf/ corpus unchanged.  Limits of 4 and 6 steps kept more of
   the slow positions; 12 steps, or every part, did no better than 8.
   Only parts of at most SHORT_BOXES boxes, since: where a knotted part is too wide for the path
   (a ball of 148 cells, 99 boxes and 34 numbers from seeded 3D play, tests/reference.py BALL),
   branching on the most linked box at every size took 61 s, the middle at every size 9 s (as
   the Python search, 187 000 decisions), the middle above 24 boxes 11 s; on 164 positions of
   3D play the median kernel call took 20.5, 27.0 and 20.6 us, all of them 217, 210 and 194 ms.
   Above 40 boxes: 19 s on the ball; above 12: a median of 21.6 us. */
#define SHORT_PART 8
#define SHORT_BOXES 24

static int most_linked(const Dpll *d, const int *boxes, int n) {
    const Graph *g = d->g;
    int best = boxes[0], best_links = -1;
    for (int i = 0; i < n; i++) {
        int u = boxes[i], links = 0;
        for (int k = g->bc_start[u]; k < g->bc_start[u + 1]; k++)
            links += d->nopen[g->bc_list[k]] > 1;
        if (links > best_links || (links == best_links && g->size[u] < g->size[best])) {
            best = u;
            best_links = links;
        }
    }
    assert(best_links >= 0);
    return best;
}

/* Branch near the middle of the part (the midpoint of a double BFS sweep): a long thin
   frontier splits in halves, so the depth grows with the logarithm of its length. */
static int midpoint(Dpll *d, const int *boxes, int n) {
    if (n < 3)
        return boxes[0];
    int *queue = d->sweep_queue, *parent = d->sweep_parent;
    int a = sweep(d, boxes[0], queue, parent);
    /* no box is farther from a than twice a's distance from boxes[0]: when that is short
       already, so is the second sweep's path (a ball, as 3D frontiers are), and it is skipped */
    int reach = 0;
    for (int u = a; u != boxes[0]; u = parent[u])
        reach++;
    if (n <= SHORT_BOXES && 2 * reach + 1 <= SHORT_PART)
        return most_linked(d, boxes, n);
    int b = sweep(d, a, queue, parent);
    int len = 1;
    for (int u = b; u != a; u = parent[u])
        len++;
    if (n <= SHORT_BOXES && len <= SHORT_PART)
        return most_linked(d, boxes, n);
    int u = b;
    for (int i = 0; i < len / 2; i++)
        u = parent[u];
    return u;
}

/* ========================================================================== */
/* Counting                                                                   */
/* ========================================================================== */

/* acc (0 past degree deg) times the polynomial p (0 outside lo..hi), in place, through the
 * scratch row next; both rows hold W coefficients, and acc stays 0 past the product's degree,
 * which is returned.  Only the window is read: a group of 150 cells holds 25 to 40 mines. */
static ALWAYS_INLINE int times_poly(count_t *acc, int deg, const count_t *p, int lo, int hi, count_t *next, int W,
                                    count_t mod) {
    int top = deg + hi;
    assert(lo <= hi && top < W);
    (void)W;
    memset(next, 0, sizeof(count_t) * (size_t)(top + 1));
    for (int i = 0; i <= deg; i++)
        if (acc[i])
            for (int j = lo; j <= hi; j++)
                if (p[j])
                    next[i + j] = mac(next[i + j], acc[i], p[j], mod);
    memcpy(acc, next, sizeof(count_t) * (size_t)(top + 1));
    return top;
}

static int count_plain(Dpll *d, const int *boxes, int n, int cells, count_t *total, count_t *marg);
static int count_modular(Dpll *d, const int *boxes, int n, int cells, count_t *total, count_t *marg);

/* The weight of what the branch fixed since mark: C(s, v) a box, and under noisy clues the
   weight of the sum each number it closed reached (a number closes once on the way down, when
   its last open box is given a value); its mines in *shift.  *none when a number closed on a
   sum no true number shows (the weight itself may be 0 modulo a prime). */
static ALWAYS_INLINE count_t branch_weight(Dpll *d, int mark, int *shift, int *none, count_t mod) {
    const Graph *g = d->g;
    count_t weight = 1;
    *shift = 0;
    *none = 0;
    for (int t = mark; t < d->ntrail; t++) {
        int u = d->trail[t];
        count_t c = binomial(g->size[u], d->val[u]);
        weight = mac(0, weight, mod ? c % mod : c, mod);
        *shift += d->val[u];
    }
    if (!g->weighted)
        return weight;
    d->cstamp++;
    for (int t = mark; t < d->ntrail; t++) {
        int u = d->trail[t];
        for (int k = g->bc_start[u]; k < g->bc_start[u + 1]; k++) {
            int c = g->bc_list[k];
            if (d->nopen[c] || !g->w[c] || d->closed[c] == d->cstamp)
                continue;
            d->closed[c] = d->cstamp;
            count_t x = g->w[c][d->sum[c] - g->lo[c]];
            if (!x) {
                *none = 1;
                return 0;
            }
            weight = mac(0, weight, mod ? x % mod : x, mod);
        }
    }
    return weight;
}

/* The open boxes among boxes[0..n), in groups linked by constraints (BFS): group g is
   group[gstart[g] .. gstart[g + 1]) of gcells[g] cells.  The number of groups. */
static int open_groups(Dpll *d, const int *boxes, int n, int *group, int *gstart, int *gcells) {
    const Graph *g = d->g;
    int nrest = 0, ngroups = 0;
    d->stamp++;
    for (int i = 0; i < n; i++) {
        int b0 = boxes[i];
        if (d->val[b0] >= 0 || d->mark[b0] == d->stamp)
            continue;
        gstart[ngroups] = nrest;
        gcells[ngroups] = 0;
        d->mark[b0] = d->stamp;
        group[nrest++] = b0;
        for (int h = gstart[ngroups]; h < nrest; h++) {
            int u = group[h];
            gcells[ngroups] += g->size[u];
            for (int k = g->bc_start[u]; k < g->bc_start[u + 1]; k++) {
                int c = g->bc_list[k];
                if (d->cmark[c] == d->stamp)
                    continue;
                d->cmark[c] = d->stamp;
                for (int q = g->cb_start[c]; q < g->cb_start[c + 1]; q++) {
                    int w = g->cb_list[q];
                    if (d->val[w] < 0 && d->mark[w] != d->stamp) {
                        d->mark[w] = d->stamp;
                        group[nrest++] = w;
                    }
                }
            }
        }
        ngroups++;
    }
    gstart[ngroups] = nrest;
    return ngroups;
}

/* The groups' indices, fewest boxes first (ties in their order), into by_size: the Python
   search counts the components of a branch in this order too (the knotted ball of
   tests/reference.py: 4.6 s, against 5.7 s in the order found; the median 3D call the same). */
static void groups_by_size(const int *gstart, int ngroups, int *by_size) {
    for (int k = 0; k < ngroups; k++) { /* insertion sort: a branch has few groups */
        int len = gstart[k + 1] - gstart[k], j = k;
        for (; j > 0 && gstart[by_size[j - 1] + 1] - gstart[by_size[j - 1]] > len; j--)
            by_size[j] = by_size[j - 1];
        by_size[j] = k;
    }
}

/* One call's scratch for its branches: the open groups a branch leaves (group g is
   group[gstart[g] .. gstart[g + 1]) of gcells[g] cells), each group's counts (gt, gm: its total
   and its boxes' marginals) and their window of mine counts (glo .. ghi), and three rows of the
   call's width for the products. */
typedef struct {
    int ngroups;
    int *group, *gstart, *gcells, *by_size, *glo, *ghi;
    count_t **gt, **gm;
    count_t *acc, *tmp, *next;
} Branches;

/* The scratch of a call over n boxes and W mine counts, on the stack; 0, or -1 when memory runs
   out (the caller releases what was pushed either way). */
static int branches_push(Dpll *d, int n, int W, Branches *br) {
    br->ngroups = 0;
    br->group = push(d, (size_t)n, sizeof(int), 0);
    br->gstart = push(d, (size_t)n + 1, sizeof(int), 0);
    br->gcells = push(d, (size_t)n + 1, sizeof(int), 0);
    br->by_size = push(d, (size_t)n, sizeof(int), 0);
    br->glo = push(d, (size_t)n, sizeof(int), 0);
    br->ghi = push(d, (size_t)n, sizeof(int), 0);
    br->gt = push(d, (size_t)n, sizeof(count_t *), 1);
    br->gm = push(d, (size_t)n, sizeof(count_t *), 1);
    br->acc = push(d, (size_t)W, sizeof(count_t), 0);
    br->tmp = push(d, (size_t)W, sizeof(count_t), 0);
    br->next = push(d, (size_t)W, sizeof(count_t), 0);
    return br->group && br->gstart && br->gcells && br->by_size && br->glo && br->ghi && br->gt && br->gm &&
                   br->acc && br->tmp && br->next
               ? 0
               : -1;
}

/* Group k of the branch counted into br->gt[k] and br->gm[k] (pushed here), from the memo where
   it was met before, and its window set; *dead when no count of it is anything but 0 (counted
   exactly: no layout; residues: every one a multiple of the prime).  0, 1 past the node limit,
   -1 error. */
static ALWAYS_INLINE int count_group(Dpll *d, Branches *br, int k, int *dead, count_t mod) {
    int *grp = br->group + br->gstart[k], ng = br->gstart[k + 1] - br->gstart[k], cells = br->gcells[k];
    int len = memo_key(d, grp, ng);
    uint64_t hash = memo_hash(d->key, len);
    Memo *slot = memo_find(d, len, hash);
    int lo, width, kept = slot && slot->key, status = 0;
    /* counted here, the rows are sums from 0; from the memo, only the window is written and read
       (a group of 100 boxes and 150 cells: 240 kB not cleared) */
    br->gt[k] = push(d, (size_t)cells + 1, sizeof(count_t), !kept);
    br->gm[k] = push(d, (size_t)ng * ((size_t)cells + 1), sizeof(count_t), !kept);
    if (!br->gt[k] || !br->gm[k])
        return -1;
    if (kept) {
        assert(slot->cells == cells && slot->n == ng);
        memo_load(slot, br->gt[k], br->gm[k]);
        lo = slot->lo, width = slot->width;
    } else {
        status = mod ? count_modular(d, grp, ng, cells, br->gt[k], br->gm[k])
                     : count_plain(d, grp, ng, cells, br->gt[k], br->gm[k]);
        if (status)
            return status;
        width = counts_window(br->gt[k], br->gm[k], ng, cells + 1, !mod && !d->wraps, &lo);
        if (memo_store(d, grp, ng, cells, hash, br->gt[k], br->gm[k], lo, width) < 0)
            return -1;
    }
    br->glo[k] = lo, br->ghi[k] = lo + width - 1;
    *dead = !width;
    return 0;
}

/* Every open group of the branch counted, smallest first: a group with no layout kills the
   branch (*dead), and is found the sooner.  0, 1 past the node limit, -1 error. */
static ALWAYS_INLINE int count_groups(Dpll *d, Branches *br, int *dead, count_t mod) {
    groups_by_size(br->gstart, br->ngroups, br->by_size);
    *dead = 0;
    int status = 0;
    for (int kk = 0; kk < br->ngroups && !*dead && !status; kk++)
        status = count_group(d, br, br->by_size[kk], dead, mod);
    return status;
}

/* weight * x^shift times every group's total but group `skip`'s (-1: none), into row (W
   coefficients, 0 past the degree returned; before, 0 past `was`, so only row[0..was] is
   cleared); only each group's window is read. */
static ALWAYS_INLINE int groups_product(const Branches *br, count_t weight, int shift, int skip, count_t *row,
                                        int was, int W, count_t mod) {
    memset(row, 0, sizeof(count_t) * (size_t)(was + 1));
    row[shift] = weight;
    int deg = shift;
    for (int h = 0; h < br->ngroups; h++)
        if (h != skip)
            deg = times_poly(row, deg, br->gt[h], br->glo[h], br->ghi[h], br->next, W, mod);
    return deg;
}

/* What a counted branch adds: its total (weight * x^shift * the groups' totals) to total, each
   box it fixed that many times to its marginal, and each group's marginals times everything
   else.  Boxes are rows of marg by their index in boxes[0..n). */
static ALWAYS_INLINE void branch_add(Dpll *d, const Branches *br, const int *boxes, int n, int mark, count_t weight,
                                     int shift, int W, count_t *total, count_t *marg, count_t mod) {
    int *pos = d->pos;
    int deg = groups_product(br, weight, shift, -1, br->acc, W - 1, W, mod);
    for (int m = 0; m <= deg; m++)
        total[m] = mac(total[m], br->acc[m], 1, mod);
    for (int i = 0; i < n; i++) /* the groups' own calls used pos for their boxes */
        pos[boxes[i]] = i;
    for (int t = mark; t < d->ntrail; t++) {
        int u = d->trail[t], y = d->val[u];
        if (!y)
            continue;
        count_t *row = marg + (size_t)pos[u] * (size_t)W;
        for (int m = 0; m <= deg; m++)
            row[m] = mac(row[m], (count_t)y, br->acc[m], mod);
    }
    for (int k = 0, odeg = W - 1; k < br->ngroups; k++) {
        odeg = groups_product(br, weight, shift, k, br->tmp, odeg, W, mod);
        int ng = br->gstart[k + 1] - br->gstart[k], Wg = br->gcells[k] + 1, lo = br->glo[k], hi = br->ghi[k];
        for (int q = 0; q < ng; q++) {
            const count_t *src = br->gm[k] + (size_t)q * (size_t)Wg;
            count_t *row = marg + (size_t)pos[br->group[br->gstart[k] + q]] * (size_t)W;
            for (int i = 0; i <= odeg; i++)
                if (br->tmp[i])
                    for (int j = lo; j <= hi; j++)
                        if (src[j])
                            row[i + j] = mac(row[i + j], br->tmp[i], src[j], mod);
        }
    }
}

/* Whether the search is to stop here: past the node limit (1), or, every 1024 nodes, at a
   signal (-1: Ctrl-C) or when the stop callback says so (a deadline: 1; -1 when it raised).  A
   node of a knotted 3D ball (tests/reference.py's BALL) takes up to 30 us: every 65536 nodes, a
   deadline of 0.2 s was met 1.6 s late; a check costs less than a node of the smallest part. */
static int node_limit(Dpll *d) {
    if (++d->nodes > d->max_nodes)
        return 1;
    if (d->nodes & 0x3ff)
        return 0;
    if (PyErr_CheckSignals() < 0)
        return -1;
    if (!d->stop)
        return 0;
    PyObject *r = PyObject_CallObject(d->stop, NULL);
    int stop = r ? PyObject_IsTrue(r) : -1;
    Py_XDECREF(r);
    return stop ? (stop < 0 ? -1 : 1) : 0; /* the deadline passed: declined, the caller says so */
}

/* total[k] (length cells + 1) and marg[i][k] for the open boxes[0..n), counted over their
   fillings; both arrays zeroed by the caller.  0 done, 1 past the node limit, -1 error.
   Every step is a sum of products, so counting modulo a prime (or modulo 2**128, past it)
   gives the counts' residues; the one test on a value, whether any count of a group is not 0,
   holds for residues too (a group whose residues are all 0 adds 0 to every sum), and only its
   window (counts_window) reads the total alone, where the counts are exact.  Compiled twice:
   mod a constant 0 (plain) and mod d->mod. */
static ALWAYS_INLINE int count_with(Dpll *d, const int *boxes, int n, int cells, count_t *total, count_t *marg,
                                    count_t mod) {
    int W = cells + 1;
    if (!n) {
        total[0] = 1;
        return 0;
    }
    int status = node_limit(d);
    if (status)
        return status;
    int pick = midpoint(d, boxes, n);
    StackMark base = stack_mark(d); /* scratch of this call, given back on every way out */
    Branches br;
    status = branches_push(d, n, W, &br);
    for (int x = 0; x <= d->g->size[pick] && !status; x++) {
        int mark = d->ntrail, shift, none, dead;
        if (!assign(d, pick, x)) {
            undo(d, mark);
            continue;
        }
        count_t weight = branch_weight(d, mark, &shift, &none, mod);
        if (!none) {
            StackMark groups_mark = stack_mark(d);
            br.ngroups = open_groups(d, boxes, n, br.group, br.gstart, br.gcells);
            status = count_groups(d, &br, &dead, mod);
            if (!dead && !status)
                branch_add(d, &br, boxes, n, mark, weight, shift, W, total, marg, mod);
            for (int k = 0; k < br.ngroups; k++)
                br.gt[k] = br.gm[k] = NULL;
            release(d, groups_mark);
        }
        undo(d, mark);
    }
    release(d, base);
    return status;
}

static int count_plain(Dpll *d, const int *boxes, int n, int cells, count_t *total, count_t *marg) {
    return count_with(d, boxes, n, cells, total, marg, 0);
}

static int count_modular(Dpll *d, const int *boxes, int n, int cells, count_t *total, count_t *marg) {
    return count_with(d, boxes, n, cells, total, marg, d->mod);
}

/* One pass over a part: its counts (zeroed by the caller), as they are or modulo d->mod. */
static int count_pass(Dpll *d, const int *boxes, int n, int cells, count_t *total, count_t *marg) {
    d->nodes = 0;
    int status = d->mod ? count_modular(d, boxes, n, cells, total, marg)
                        : count_plain(d, boxes, n, cells, total, marg);
    stack_free(d);
    memo_free(d); /* parts share no box, and passes no residue: a memo for each */
    return status;
}

static void counts_clear(count_t *total, count_t *marg, int n, int cells) {
    memset(total, 0, sizeof(count_t) * ((size_t)cells + 1));
    memset(marg, 0, sizeof(count_t) * ((size_t)cells + 1) * (size_t)n);
}

/* ========================================================================== */
/* Small parts, enumerated                                                    */
/* ========================================================================== */

/* The limit in force: ENUM_NODES but in the debug build, where the tests set it (and count the
   parts that passed it, which the search then counted). */
#ifdef COUNTSWEEP_DEBUG
static long enum_nodes = ENUM_NODES, enum_passed = 0;

long dpll_set_enum_nodes(long nodes) {
    enum_nodes = nodes > 0 ? nodes : ENUM_NODES;
    long passed = enum_passed;
    enum_passed = 0;
    return passed;
}
#else
#define enum_nodes ENUM_NODES
#endif

/* A part's fillings, one box after another in the part's order, each box given the values its
   constraints still allow: at most each one's sum left, at least what its other open boxes
   cannot hold.  No propagation, components or memo: where a small part takes the search a few
   nodes, each node's own bookkeeping (choosing a box, splitting the groups, their keys and
   products) costs more than the fillings it counts.  The counts are plain (count_t), unweighted. */
typedef struct {
    Dpll *d;
    const int *boxes;
    int n, W;
    count_t *total, *marg; /* as count_with's */
    long long nodes, limit;
    int value[ENUM_BOXES_MAX]; /* by step: the value its box was given */
} Fillings;

/* A filling of every box: its weight to total[mines] and, times each box's value, to its
   marginal. */
static void filling_add(Fillings *f, count_t weight, int mines) {
    f->total[mines] += weight;
    for (int q = 0; q < f->n; q++)
        if (f->value[q])
            f->marg[(size_t)q * (size_t)f->W + (size_t)mines] += weight * (count_t)f->value[q];
}

/* The fillings of boxes[i..n) after the first i, of the given weight and mines: 0, or 1 past
   f->limit nodes.  The constraints' sums and rooms are d's, as assign keeps them, and are
   given back as they were. */
static int fillings_from(Fillings *f, int i, count_t weight, int mines) {
    if (++f->nodes > f->limit)
        return 1;
    if (i == f->n) {
        filling_add(f, weight, mines);
        return 0;
    }
    Dpll *d = f->d;
    const Graph *g = d->g;
    int u = f->boxes[i], size = g->size[u], lo = 0, hi = size, status = 0;
    for (int k = g->bc_start[u]; k < g->bc_start[u + 1]; k++) {
        int c = g->bc_list[k], sum = d->sum[c], rest = d->room[c] - size;
        hi = g->hi[c] - sum < hi ? g->hi[c] - sum : hi;
        lo = g->lo[c] - sum - rest > lo ? g->lo[c] - sum - rest : lo;
    }
    if (lo > hi)
        return 0;
    for (int k = g->bc_start[u]; k < g->bc_start[u + 1]; k++) {
        d->room[g->bc_list[k]] -= size;
        d->sum[g->bc_list[k]] += lo;
    }
    int x = lo;
    for (;;) {
        f->value[i] = x;
        status = fillings_from(f, i + 1, weight * binomial(size, x), mines + x);
        if (status || x == hi)
            break;
        x++;
        for (int k = g->bc_start[u]; k < g->bc_start[u + 1]; k++)
            d->sum[g->bc_list[k]]++;
    }
    for (int k = g->bc_start[u]; k < g->bc_start[u + 1]; k++) {
        d->room[g->bc_list[k]] += size;
        d->sum[g->bc_list[k]] -= x;
    }
    return status;
}

/* The part's counts (zeroed by the caller) by its fillings: 0, or 1 past ENUM_NODES nodes or the
   search's own limit, whichever is less (the counts then partial: the caller clears them; a
   caller that gives the kernel a few nodes, as check does before it turns to SAT, bounds this
   too).  Only where counts are plain: a product of binomials may wrap on a filling that goes
   nowhere, as the search's branch weights may, and is never added. */
static int count_fillings(Dpll *d, const int *boxes, int n, int cells, count_t *total, count_t *marg) {
    assert(n <= ENUM_BOXES_MAX && !d->mod && !d->wraps && !d->g->weighted);
    long long limit = enum_nodes < d->max_nodes ? enum_nodes : d->max_nodes;
    Fillings f = {d, boxes, n, cells + 1, total, marg, 0, limit, {0}};
    int passed = fillings_from(&f, 0, 1, 0);
#ifdef COUNTSWEEP_DEBUG
    enum_passed += passed;
#endif
    return passed;
}

/* One pass over a part by the method its first pass chose (*method: 0 not yet, 1 search, 2
   along a path; order is the path's, see path.h): 0 done, 1 past the node limit (or stopped),
   -1 error.  A part of PATH_MIN_BOXES boxes or more whose search passes d->path_nodes nodes is
   counted along a path instead, and searched in full only if the path declines (unless it has
   more than PLAIN_CELLS cells: then the general path counts it, see kernel.h): where the search
   finds no middle to split at (a 3D frontier knots into a ball), it meets the same sums again
   under ever new branches, and the path meets each once.  See PATH_NODES in dpll.h for what it
   was worth.  Before either, a part of at most d->enum_boxes boxes has its fillings enumerated
   (plain counts only, and not where every part goes along a path); past ENUM_NODES nodes its
   half-made counts are cleared and the methods above count it (ENUM_BOXES in dpll.h). */
static int part_pass(Dpll *d, const int *boxes, int n, int cells, count_t *total, count_t *marg, int *method,
                     int *order) {
    if (n <= d->enum_boxes && d->path_nodes && !d->mod && !d->wraps && !d->g->weighted) {
        if (!count_fillings(d, boxes, n, cells, total, marg))
            return 0;
        counts_clear(total, marg, n, cells);
    }
    if (!*method && d->path_nodes >= 0 && (n >= PATH_MIN_BOXES || !d->path_nodes)) {
        if (d->path_nodes > 0) {
            long long budget = d->max_nodes;
            d->max_nodes = d->path_nodes < budget ? d->path_nodes : budget;
            int status = count_pass(d, boxes, n, cells, total, marg);
            d->max_nodes = budget;
            if (status != 1 || d->path_nodes >= budget) {
                *method = 1;
                return status;
            }
            counts_clear(total, marg, n, cells);
        }
        *method = 2;
    }
    if (*method == 2) {
        int status = path_count_part(d->g, boxes, n, cells, d->mod, d->stop, order, total, marg);
        if (status != PATH_DECLINE)
            return status == PATH_STOPPED ? 1 : status;
        if (cells > PLAIN_CELLS)
            return 1; /* a long part past the path's limits: left to the general path, not searched */
        counts_clear(total, marg, n, cells); /* too many states: searched in full */
    }
    *method = 1;
    return count_pass(d, boxes, n, cells, total, marg);
}

/* ========================================================================== */
/* Parts                                                                      */
/* ========================================================================== */

static Status dpll_init(Dpll *d, const Graph *g, long long max_nodes, PyObject *stop, Arena *a) {
    memset(d, 0, sizeof(*d));
    int B = g->B, ncons = g->ncons;
    d->g = g;
    d->max_nodes = max_nodes;
    d->stop = stop;
    d->val = arena_alloc(a, (size_t)B, sizeof(int));
    d->pending = arena_alloc(a, (size_t)B, sizeof(int));
    d->sum = arena_alloc(a, (size_t)ncons, sizeof(int));
    d->room = arena_alloc(a, (size_t)ncons, sizeof(int));
    d->nopen = arena_alloc(a, (size_t)ncons, sizeof(int));
    d->trail = arena_alloc(a, (size_t)B, sizeof(int));
    d->queue = arena_alloc(a, (size_t)B, sizeof(int));
    d->closed = arena_alloc(a, (size_t)ncons, sizeof(int));
    d->mark = arena_alloc(a, (size_t)B, sizeof(int));
    d->cmark = arena_alloc(a, (size_t)ncons, sizeof(int));
    d->sweep_queue = arena_alloc(a, (size_t)B, sizeof(int));
    d->sweep_parent = arena_alloc(a, (size_t)B, sizeof(int));
    d->pos = arena_alloc(a, (size_t)B, sizeof(int));
    d->key = arena_alloc(a, 1 + (size_t)B + (size_t)g->bc_start[B], sizeof(int));
    if (a->failed)
        return FAILED;
    for (int b = 0; b < B; b++) {
        d->val[b] = g->fixed[b];
        d->pending[b] = -1;
    }
    for (int c = 0; c < ncons; c++)
        for (int t = g->cb_start[c]; t < g->cb_start[c + 1]; t++) {
            int b = g->cb_list[t];
            if (g->fixed[b] >= 0)
                d->sum[c] += g->fixed[b];
            else {
                d->room[c] += g->size[b];
                d->nopen[c]++;
            }
        }
    return DONE;
}

/* The open boxes linked to b0 by shared constraints (BFS), in order[]; their number.  Each
   constraint's boxes are read once (expanded[c]), not once for each of its boxes: a 3D number's
   dozen boxes would be read a dozen times.  A constraint with open boxes lies in one part. */
static int part_of(const Graph *g, int b0, int *placed, char *expanded, int *order) {
    int n = 0, h = 0;
    order[n++] = b0;
    placed[b0] = 1;
    while (h < n) {
        int u = order[h++];
        for (int k = g->bc_start[u]; k < g->bc_start[u + 1]; k++) {
            int c = g->bc_list[k];
            if (expanded[c])
                continue;
            expanded[c] = 1;
            for (int t = g->cb_start[c]; t < g->cb_start[c + 1]; t++) {
                int b = g->cb_list[t];
                if (g->fixed[b] < 0 && !placed[b]) {
                    placed[b] = 1;
                    order[n++] = b;
                }
            }
        }
    }
    return n;
}

/* What a part's cells may take, bounded through constraints no two of which share an open box:
   the sum of each such constraint's cost (BY_WAYS: the bits of its ways to reach its residual
   range; BY_SPAN: the width of that range) and of the cells outside them (a bit, or a mine count,
   each).  The constraints that save the most (their open cells less their cost) are taken first,
   where they share no box with one taken before. */
typedef enum { BY_WAYS, BY_SPAN } Cost;

static int cover(const Dpll *d, const int *order, int n, int cells, int *seen, int *covered, int *cand, int stamp,
                 Cost how) {
    const Graph *g = d->g;
    int ncand = 0, sum = 0, outside = cells;
    for (int q = 0; q < n; q++) /* each constraint's cost, where less than its cells */
        for (int k = g->bc_start[order[q]]; k < g->bc_start[order[q] + 1]; k++) {
            int c = g->bc_list[k], base = d->sum[c], room = d->room[c]; /* at the root: settled, open */
            if (seen[c] == stamp)
                continue;
            seen[c] = stamp;
            int lo = g->lo[c] - base > 0 ? g->lo[c] - base : 0, hi = g->hi[c] - base < room ? g->hi[c] - base : room;
            int cost = hi - lo;
            if (how == BY_WAYS) {
                if (room > MAX_BOX)
                    continue;
                count_t ways = 0; /* at most 2**room: it fits */
                for (int x = lo; x <= hi; x++)
                    ways += binomial(room, x);
                if (!ways)
                    continue; /* none: propagation has refused the part already */
                cost = count_bits(ways);
            } else if (hi < lo)
                continue;
            if (cost >= room)
                continue; /* no tighter */
            int saves = room - cost, at = ncand++; /* by what it saves, the most first (insertion) */
            for (; at > 0 && cand[3 * (at - 1) + 2] < saves; at--)
                memcpy(cand + 3 * at, cand + 3 * (at - 1), 3 * sizeof(int));
            cand[3 * at] = c;
            cand[3 * at + 1] = cost;
            cand[3 * at + 2] = saves;
        }
    for (int i = 0; i < ncand; i++) { /* the constraints that save the most and share no open box */
        int c = cand[3 * i], shared = 0;
        for (int t = g->cb_start[c]; t < g->cb_start[c + 1] && !shared; t++)
            shared = g->fixed[g->cb_list[t]] < 0 && covered[g->cb_list[t]] == stamp;
        if (shared)
            continue;
        for (int t = g->cb_start[c]; t < g->cb_start[c + 1]; t++)
            covered[g->cb_list[t]] = stamp;
        sum += cand[3 * i + 1];
        outside -= cand[3 * i + 1] + cand[3 * i + 2];
    }
    return sum + outside;
}

/* The bits an unweighted part's layouts may need (cover, BY_WAYS): every layout gives each chosen
   constraint's open cells one of its ways to reach its residual range, and any values to the cells
   outside them, so the layouts number at most the product of those ways times 2 to the outside
   cells.  Every count the search or the path meets on the way is one of fewer layouts (a group's,
   a branch's, a path state's: each extends injectively to the constraint's ways), so it fits too.
   2**cells alone is loose: a 3D number's 26 cells holding 3 mines have 2600 ways, 12 bits, and a
   3D part of 130 cells was counted twice, modulo a prime too, for nothing.  The constraints that
   save the most bits are taken first: taken in the part's order, the knotted 3D ball of
   tests/reference.py stayed past 128 bits and took 11.4 s, against 4.6 s. */
static int cover_bits(const Dpll *d, const int *order, int n, int cells, int *seen, int *covered, int *cand,
                      int stamp) {
    return cover(d, order, n, cells, seen, covered, cand, stamp, BY_WAYS);
}

/* How many mine counts the part's layouts may span, at most (cover, BY_SPAN): each chosen
   constraint holds its residual range of mines, and the cells outside them any number.  A part's
   rows are cells + 1 counts wide whatever its window, so past PLAIN_CELLS a part whose span is a
   small share of its cells goes to the general path, which keeps only the window: the band of
   benchmarks.scaling (a mine in every column, 800 cells in one part under its total) spans one
   mine count, and took the kernel 0.11 s and 59 MB of rows against the Python path's 0.016 s. */
static int window_bound(const Dpll *d, const int *order, int n, int cells, int *seen, int *covered, int *cand,
                        int stamp) {
    return cover(d, order, n, cells, seen, covered, cand, stamp, BY_SPAN) + 1;
}

/* The bits a part's counts may need: its layouts (at most 2**cells, or cover_bits, into *layouts)
   times its numbers' largest weights, and a box's marginal up to its size times that.  The
   layouts' bound is the same weighted or not: cover_bits reads the numbers' ranges only. */
static int part_bits(const Dpll *d, const int *order, int n, int cells, int *seen, int *covered, int *cand,
                     int *stamp, int *layouts) {
    const Graph *g = d->g;
    int wsum = 0, largest = 1;
    for (int q = 0; q < n; q++)
        largest = g->size[order[q]] > largest ? g->size[order[q]] : largest;
    int marginal = count_bits((count_t)(largest - 1));
    *layouts = cells;
    if (cells + marginal > 8 * (int)sizeof(count_t))
        *layouts = cover_bits(d, order, n, cells, seen, covered, cand, ++*stamp);
    if (g->weighted) {
        ++*stamp;
        for (int q = 0; q < n; q++)
            for (int k = g->bc_start[order[q]]; k < g->bc_start[order[q] + 1]; k++) {
                int c = g->bc_list[k];
                if (seen[c] != *stamp) {
                    seen[c] = *stamp;
                    wsum += g->wbits[c];
                }
            }
    }
    return *layouts + marginal + wsum; /* below largest * layouts * weights */
}

/* The counts' residues of one part: rt[r] (W = cells + 1 coefficients) and rm[r] (a row of W
   for each box), r = 0 as they are (modulo 2**(8 sizeof(count_t))), r >= 1 modulo PRIMES[r - 1]. */
typedef struct {
    int nmod;
    count_t *rt[1 + NPRIMES], *rm[1 + NPRIMES];
} Residues;

/* The bits a weighted part's counts need, where its bound on the layouts (part_bits) is too
   loose: its layouts counted first, unweighted (the numbers' ranges alone) and plainly, into the
   rows of r = 0, cleared after; *bits becomes their bits plus `rest` (the weights' and a
   marginal's).  Only where that bound is below the native width (the caller's test): a part of
   340 3D cells whose layouts passed 2**128 had them wrap, and its weighted counts, bounded by the
   wrapped number's bits, wrapped too (tests/test_kernel.py).  0, 1 past the node limit, -1 error. */
static int weighted_bits(Dpll *d, const int *order, int n, int cells, Residues *res, int *method, int *path_order,
                         int rest, int *bits) {
    const Graph *g = d->g;
    Graph plain = *g;
    plain.weighted = 0;
    d->g = &plain;
    d->mod = 0;
    int status = part_pass(d, order, n, cells, res->rt[0], res->rm[0], method, path_order);
    d->g = g;
    if (status)
        return status;
    count_t layouts = 0;
    for (int m = 0; m <= cells; m++)
        layouts += res->rt[0][m];
    *bits = count_bits(layouts) + rest;
    counts_clear(res->rt[0], res->rm[0], n, cells);
    return 0;
}

/* The limit in force: PART_BYTES but in the debug build, where the tests set it (and count the
   parts that passed it). */
#ifdef COUNTSWEEP_DEBUG
static size_t part_bytes = PART_BYTES;
static long part_passed = 0;

long dpll_set_part_bytes(long long bytes) {
    part_bytes = bytes > 0 ? (size_t)bytes : PART_BYTES;
    long passed = part_passed;
    part_passed = 0;
    return passed;
}
#define PART_PASSED() (part_passed++)
#else
#define part_bytes PART_BYTES
#define PART_PASSED() ((void)0)
#endif

/* Do `sets` sets of a part's rows (its total and n boxes' marginals, W coefficients each) fit
   part_bytes?  Past it the part declines (PART_BYTES in dpll.h). */
static int rows_fit(int n, int W, int sets) {
    double bytes = (double)sets * (double)(n + 1) * (double)W * (double)sizeof(count_t);
    if (bytes <= (double)part_bytes)
        return 1;
    PART_PASSED();
    return 0;
}

/* One pass over the part for each residue, as many moduli as `bits` need beside the native
   width.  DONE, DECLINE (past the node limit, more moduli than there are, or rows past
   part_bytes), FAILED. */
static Status residues_count(Dpll *d, const int *order, int n, int cells, int bits, Residues *res, int *method,
                             int *path_order, Arena *a) {
    int W = cells + 1, native = 8 * (int)sizeof(count_t);
    res->nmod = 0;
    while (native + PRIME_BITS * res->nmod < bits)
        res->nmod++;
    if (res->nmod > NPRIMES || !rows_fit(n, W, 1 + res->nmod))
        return DECLINE;
    for (int r = 1; r <= res->nmod; r++) {
        res->rt[r] = arena_alloc(a, (size_t)W, sizeof(count_t));
        res->rm[r] = arena_alloc(a, (size_t)n * (size_t)W, sizeof(count_t));
    }
    if (a->failed)
        return FAILED;
    d->wraps = res->nmod > 0;
    int status = 0;
    for (int r = 0; r <= res->nmod && !status; r++) {
        d->mod = r ? PRIMES[r - 1] : 0;
        status = part_pass(d, order, n, cells, res->rt[r], res->rm[r], method, path_order);
    }
    d->mod = 0;
    d->wraps = 0;
    return status ? (status < 0 ? FAILED : DECLINE) : DONE;
}

/* The part's window: the mine counts some layout holds, *lo .. *hi (*hi -1: none).  A count is 0
   where every residue is (it is below the moduli's product), and a box's marginal at m sums its
   mines over the layouts of m mines, so nothing outside the window is kept: the median component
   of 3D play (4 layers of 8x8) has 49 cells and 3 mine counts, its rows a twelfth as long. */
static void residues_window(const Residues *res, int n, int W, int *lo, int *hi) {
    *lo = W, *hi = -1;
    for (int m = 0; m < W; m++) {
        int some = 0;
        for (int r = 0; r <= res->nmod; r++)
            some |= res->rt[r][m] != 0;
        *lo = some && m < *lo ? m : *lo;
        *hi = some ? m : *hi;
    }
#ifndef NDEBUG
    for (int r = 0; r <= res->nmod; r++)
        for (size_t e = 0; e < (size_t)n * (size_t)W; e++)
            assert(res->rm[r][e] == 0 || ((int)(e % (size_t)W) >= *lo && (int)(e % (size_t)W) <= *hi));
#else
    (void)n;
#endif
}

/* The part's window of counts, into wide naturals (through the residues), kept in the solver's
   next Part for the combination.  DONE, FAILED. */
static Status part_keep(Solver *s, int first, const int *order, int n, int W, const Residues *res, int lo,
                        int hi) {
    int nmod = res->nmod, native = 8 * (int)sizeof(count_t), width = hi - lo + 1;
    int pw = nmod ? (native + 62 * nmod) / 64 + 2 : (int)(sizeof(count_t) / sizeof(limb));
    Part *part = &s->parts[s->nparts];
    part->total = arena_alloc(s->keep, (size_t)width * (size_t)pw, sizeof(limb));
    part->marg = arena_alloc(s->keep, (size_t)n * (size_t)width * (size_t)pw, sizeof(limb));
    part->box = arena_alloc(s->keep, (size_t)n, sizeof(int));
    Crt crt;
    if (!part->total || !part->marg || !part->box || crt_init(&crt, nmod, pw, s->keep) != DONE)
        return FAILED;
    count_t r_of[1 + NPRIMES];
    for (int row = 0; row <= n; row++) { /* the total, then each box's marginal */
        limb *out = row ? part->marg + (size_t)(row - 1) * (size_t)width * (size_t)pw : part->total;
        for (int m = lo; m <= hi; m++, out += pw) {
            for (int r = 0; r <= nmod; r++)
                r_of[r] = row ? res->rm[r][(size_t)(row - 1) * (size_t)W + (size_t)m] : res->rt[r][m];
            crt_solve(&crt, r_of, out);
        }
    }
    part->nbox = n;
    part->lo = lo;
    part->nsize = width;
    part->pw = pw;
    for (int q = 0; q < n; q++)
        part->box[q] = first + order[q];
    s->nparts++;
    return DONE;
}

/* Count the part order[0..n) of `cells` cells into a Part of the solver, its counts below
   2**bits and its layouts below 2**layouts (part_bits).  DONE, DECLINE, NO_LAYOUT, FAILED. */
static Status part_count(Dpll *d, int first, const int *order, int n, int cells, int bits, int layouts,
                         Solver *s) {
    Arena *a = s->scratch;
    int W = cells + 1, method = 0, lo, hi;
    Residues res; /* one set of rows fits PART_BYTES under MAX_CELLS (69 MB at most): residues_count checks all */
    res.rt[0] = arena_alloc(a, (size_t)W, sizeof(count_t));
    res.rm[0] = arena_alloc(a, (size_t)n * (size_t)W, sizeof(count_t));
    int *path_order = arena_alloc(a, (size_t)n, sizeof(int));
    if (a->failed)
        return FAILED;
    path_order[0] = PATH_UNCHOSEN;
    /* the layouts counted plainly fit only below the native width */
    if (bits > 8 * (int)sizeof(count_t) && d->g->weighted && layouts < 8 * (int)sizeof(count_t)) {
        int status = weighted_bits(d, order, n, cells, &res, &method, path_order, bits - layouts, &bits);
        if (status)
            return status < 0 ? FAILED : DECLINE; /* past the node limit: the general path counts it */
    }
    Status status = residues_count(d, order, n, cells, bits, &res, &method, path_order, a);
    if (status != DONE)
        return status;
    residues_window(&res, n, W, &lo, &hi);
    if (hi < 0)
        return NO_LAYOUT;
    return part_keep(s, first, order, n, W, &res, lo, hi);
}

Status component_solve(Position *p, int k, Solver *s) {
    Arena *a = s->scratch;
    int first = p->comp_first_box[k];
    Graph g;
    memset(&g, 0, sizeof(g));
    Status status = graph_make(p, k, s, &g);
    if (status == DONE)
        status = graph_propagate(&g, a, 0);
    int ncons = g.ncons;
    if (status == DONE)
        status = graph_derive(&g, a);
    if (status == DONE && g.ncons > ncons)
        status = graph_propagate(&g, a, ncons);
    if (status != DONE)
        return status;
    for (int b = 0; b < g.B; b++) /* settled boxes: the same mines in every layout (combine.c) */
        p->settled[first + b] = g.fixed[b];
    if ((status = graph_settled_weights(&g, p)) != DONE)
        return status;
    Dpll d;
    if (dpll_init(&d, &g, s->max_nodes, s->stop, a) != DONE)
        return FAILED;
    d.path_nodes = s->path_nodes;
    d.enum_boxes = s->enum_boxes;
    int *order = arena_alloc(a, (size_t)g.B, sizeof(int));
    int *placed = arena_alloc(a, (size_t)g.B, sizeof(int));
    char *expanded = arena_alloc(a, (size_t)g.ncons, 1);
    int *seen = arena_alloc(a, (size_t)g.ncons, sizeof(int)), stamp = 0;
    int *covered = arena_alloc(a, (size_t)g.B, sizeof(int));
    int *cand = arena_alloc(a, 3 * (size_t)g.ncons, sizeof(int));
    if (!expanded || a->failed)
        return FAILED;
    for (int b0 = 0; b0 < g.B && status == DONE; b0++) {
        if (g.fixed[b0] >= 0 || placed[b0])
            continue;
        int n = part_of(&g, b0, placed, expanded, order), cells = 0;
        for (int q = 0; q < n; q++)
            cells += g.size[order[q]];
        if (cells > s->max_cells) /* at most MAX_CELLS, or PLAIN_CELLS: analyze_position's */
            return DECLINE;
        for (int q = 0; q < n; q++)
            if (g.size[order[q]] > MAX_BOX)
                return DECLINE; /* its C(size, value) would not fit a count_t */
        if (cells > PLAIN_CELLS && WINDOW_SHARE * window_bound(&d, order, n, cells, seen, covered, cand, ++stamp) <
                                       cells + 1)
            return DECLINE; /* a narrow window in wide rows: see window_bound */
        int layouts, bits = part_bits(&d, order, n, cells, seen, covered, cand, &stamp, &layouts);
        status = part_count(&d, first, order, n, cells, bits, layouts, s);
    }
    return status;
}
