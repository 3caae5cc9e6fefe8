/* One part counted along a linear order of its boxes: see path.h. */

#include "path.h"
#include <limits.h>
#include <math.h>

#define MAX_SLOTS 64 /* open constraints at once, at most: a state is this many bytes or fewer */

/* The limits in force (path.h): constants but in the debug build, where the tests set them. */
#ifdef COUNTSWEEP_DEBUG
static long max_states = PATH_MAX_STATES;
static size_t max_coefs = PATH_MAX_COEFS;

static long given_taken, first_taken;    /* see path_given_tally */
static long guessed_tried, guessed_taken; /* see path_guessed_tally */

void path_given_tally(long *given, long *first) {
    *given = given_taken, *first = first_taken;
    given_taken = first_taken = 0;
}

void path_guessed_tally(long *tried, long *taken) {
    *tried = guessed_tried, *taken = guessed_taken;
    guessed_tried = guessed_taken = 0;
}

void path_set_limits(long states, size_t coefs) {
    max_states = states > 0 ? states : PATH_MAX_STATES;
    max_coefs = coefs > 0 ? coefs : PATH_MAX_COEFS;
}
#else
#define max_states PATH_MAX_STATES
#define max_coefs PATH_MAX_COEFS
#endif

/* ========================================================================== */
/* The plan: an order of the boxes, and what each step does to the state     */
/* ========================================================================== */

/* A constraint the step's box is in: where its sum sits in the state (-1: it opens and closes
   at this step), whether it opens or closes here, its sum before the part's boxes (its settled
   boxes), and the cells of its boxes after this step. */
typedef struct {
    int c, slot, opens, closes, base, room;
} Touch;

typedef struct {
    const Graph *g;
    int n, K;       /* steps; bytes of a state */
    int *box;       /* by step: its box */
    int *where;     /* by step: the box's index in the caller's boxes */
    int *tstart;    /* by step: its touches, touch[tstart[i] .. tstart[i + 1]) */
    Touch *touch;
    int *cstart;    /* by step: its box's binomials, choose[cstart[i] + x] = C(size, x) */
    count_t *choose;
} Plan;

/* A part's boxes (by their indices into boxes[]) and their neighbours: the boxes each shares a
   constraint with, each listed once, box i's at list[start[i] .. start[i + 1]). */
typedef struct {
    int *start, *list;
    int *block; /* what holds them all */
} Adjacency;

static void adjacency_free(Adjacency *adj) {
    PyMem_Free(adj->block);
    PyMem_Free(adj->list);
    memset(adj, 0, sizeof(*adj));
}

/* The part's adjacency, its lists made once for the breadth-first orders to walk: 0, -1 out of
   memory. */
static int adjacency_make(const Graph *g, const int *boxes, int n, Adjacency *adj) {
    memset(adj, 0, sizeof(*adj));
    adj->block = PyMem_Malloc(sizeof(int) * (2 * (size_t)n + 1 + (size_t)g->B));
    if (!adj->block)
        return PyErr_NoMemory(), -1;
    int *mark = adj->block, *start = adj->block + n, *idx = start + n + 1;
    adj->start = start; /* idx (by box number: its index in the part, or -1) serves the making only */
    for (int i = 0; i < n; i++)
        for (int k = g->bc_start[boxes[i]]; k < g->bc_start[boxes[i] + 1]; k++) {
            int c = g->bc_list[k];
            for (int t = g->cb_start[c]; t < g->cb_start[c + 1]; t++)
                idx[g->cb_list[t]] = -1;
        }
    for (int i = 0; i < n; i++) {
        idx[boxes[i]] = i;
        mark[i] = -1;
    }
    size_t cap = 16 * (size_t)n + 16, used = 0;
    for (int i = 0; i < n; i++) {
        start[i] = (int)used;
        for (int k = g->bc_start[boxes[i]]; k < g->bc_start[boxes[i] + 1]; k++) {
            int c = g->bc_list[k];
            for (int t = g->cb_start[c]; t < g->cb_start[c + 1]; t++) {
                int j = idx[g->cb_list[t]];
                if (j < 0 || j == i || mark[j] == i)
                    continue;
                mark[j] = i;
                if (!adj->list || used == cap) {
                    cap = adj->list ? 2 * cap : cap;
                    int *grown = PyMem_Realloc(adj->list, sizeof(int) * cap);
                    if (!grown) {
                        adjacency_free(adj);
                        return PyErr_NoMemory(), -1;
                    }
                    adj->list = grown;
                }
                adj->list[used++] = j;
            }
        }
    }
    start[n] = (int)used;
    return 0;
}

/* The boxes (as indices into boxes[]) in breadth-first order from start, the neighbours of
   each taken fewest neighbours first (Cuthill-McKee), into order; the last one reached. */
static int bfs_order(const Adjacency *adj, const int *boxes, int n, int start, int *order, char *seen) {
    const int *first = adj->start;
    int head = 0, tail = 0;
    memset(seen, 0, (size_t)n);
    order[tail++] = start;
    seen[start] = 1;
    while (head < tail) {
        int i = order[head++], from = tail;
        for (int k = first[i]; k < first[i + 1]; k++) {
            int j = adj->list[k];
            if (!seen[j]) {
                seen[j] = 1;
                order[tail++] = j;
            }
        }
        for (int a = from + 1; a < tail; a++) { /* the new ones, fewest neighbours first */
            int x = order[a], b = a, dx = first[x + 1] - first[x];
            for (; b > from; b--) {
                int y = order[b - 1], dy = first[y + 1] - first[y];
                if (dy < dx || (dy == dx && boxes[y] < boxes[x]))
                    break;
                order[b] = y;
            }
            order[b] = x;
        }
    }
    assert(tail == n); /* a part is linked */
    return order[n - 1];
}

#define NORDERS 3 /* orders tried on every part */
/* Where every one of the NORDERS orders still counting has passed this many states (or none
   fits a state), a fourth joins them, guessed from MAX_STARTS breadth-first orders
   (guessed_order): see choose_order for what it is worth. */
#define GUESS_STATES 50000
#define MAX_STARTS 64

/* The boxes in the order of their first cells (a board's rows, one after the other; a rule
   set's cells as its payload first names them), into order (as indices into boxes[]).  On a
   board of 2x2 rules (a variant puzzle's "every 2x2 holds a mine") every breadth-first order
   sweeps corner to corner and holds a diagonal's worth of constraints open at once, twice a
   row's: an 8x8 board took 0.33 s and 0.044 s along this order, a 10x10 one was declined after
   2.3 s and takes 0.50 s.  pairs: 2n ints of scratch. */
static int by_box(const void *x, const void *y) {
    const int *a = x, *b = y;
    return (a[0] > b[0]) - (a[0] < b[0]);
}

static void given_order(const int *boxes, int n, int *order, int *pairs) {
    for (int i = 0; i < n; i++)
        pairs[2 * i] = boxes[i], pairs[2 * i + 1] = i;
    qsort(pairs, (size_t)n, 2 * sizeof(int), by_box);
    for (int i = 0; i < n; i++)
        order[i] = pairs[2 * i + 1];
}

/* Each constraint's first and last step along order (indices into boxes[]), into first and last
   (by constraint). */
static void constraint_steps(const Graph *g, const int *boxes, int n, const int *order, int *first, int *last) {
    for (int i = 0; i < n; i++)
        for (int k = g->bc_start[boxes[order[i]]]; k < g->bc_start[boxes[order[i]] + 1]; k++)
            first[g->bc_list[k]] = -1;
    for (int i = 0; i < n; i++)
        for (int k = g->bc_start[boxes[order[i]]]; k < g->bc_start[boxes[order[i]] + 1]; k++) {
            int c = g->bc_list[k];
            first[c] = first[c] < 0 ? i : first[c];
            last[c] = i;
        }
}

/* The most constraints open at once along order (indices into boxes[]): a constraint is open
   from the step of its first box to the step of its last, and a state holds each open one's
   sum.  span: 2 ncons + n + 1 ints of scratch. */
static int most_open(const Graph *g, const int *boxes, int n, const int *order, int *span) {
    int *first = span, *last = span + g->ncons, *opened = span + 2 * g->ncons;
    constraint_steps(g, boxes, n, order, first, last);
    memset(opened, 0, sizeof(int) * ((size_t)n + 1)); /* by step: constraints opened less closed */
    for (int i = 0; i < n; i++) /* a box lists a constraint once: each is met at its first step once */
        for (int k = g->bc_start[boxes[order[i]]]; k < g->bc_start[boxes[order[i]] + 1]; k++) {
            int c = g->bc_list[k];
            if (first[c] == i) {
                opened[i]++;
                opened[last[c] + 1]--;
            }
        }
    int open = 0, most = 0;
    for (int i = 0; i < n; i++) {
        open += opened[i];
        most = open > most ? open : most;
    }
    return most;
}

/* Orders of the boxes that keep few constraints open, into orders[k * n ..]: breadth-first from
   one end of the part (the far end of a double sweep, as countsweep.counting.path.linear_order
   takes them), from the other end, and from the first box, or the boxes as given (given_order)
   where those keep fewer constraints open at once (most_open).  Which keeps the fewest states
   varies from part to part (on 3D frontiers up to five times fewer one way than another; the
   reversed orders were always worse), so each is tried (probe).  What it was worth, with three
   breadth-first orders, on 166 positions of 3D play: 648 ms in all against 672 ms with the
   first order alone, the slowest 115 against 129 ms: the probes cost nearly what the better
   orders save.  The given order in place of the first box's, always, cost the 99 3D positions
   of benchmarks.topologies 267 ms in all against 163 (the slowest 132 against 49 ms: 4 layers
   of 8x8 swept a layer at a time hold a layer's constraints open); as a fourth order, about a
   fifth more everywhere (its probe costs about the best order's states).  Taken where it keeps
   fewer open, side by side in one process: those 99 positions 167 ms, seed 11's 512 3D
   positions 11.4 s (11.9 s either way), the 2x2 rules as above.  -1 out of memory. */
static int linear_orders(const Graph *g, const int *boxes, int n, const Adjacency *adj, int *orders) {
    /* the given order, then given_order's pairs or most_open's scratch */
    int *given = PyMem_Malloc(sizeof(int) * (3 * (size_t)n + 2 * (size_t)g->ncons + 1));
    char *seen = PyMem_Malloc((size_t)n + 1);
    if (!given || !seen) {
        PyMem_Free(given);
        PyMem_Free(seen);
        return PyErr_NoMemory(), -1;
    }
    int a = bfs_order(adj, boxes, n, 0, orders, seen);
    int end = bfs_order(adj, boxes, n, a, orders, seen);
    const int starts[] = {end, a, 0};
    _Static_assert((size_t)NORDERS == sizeof(starts) / sizeof(starts[0]), "a start for every order");
    for (int k = 0; k < NORDERS; k++)
        bfs_order(adj, boxes, n, starts[k], orders + (size_t)k * (size_t)n, seen);
    int *last = orders + (size_t)(NORDERS - 1) * (size_t)n;
    given_order(boxes, n, given, given + n);
    int taken = most_open(g, boxes, n, given, given + n) < most_open(g, boxes, n, last, given + n);
    if (taken)
        memcpy(last, given, sizeof(int) * (size_t)n);
#ifdef COUNTSWEEP_DEBUG
    given_taken += taken;
    first_taken += !taken;
#endif
    PyMem_Free(given);
    PyMem_Free(seen);
    return 0;
}

/* Scratch by constraint while a plan is made (each ncons long): its first and last step, its
   slot in a state, its settled sum, and the cells of its boxes after a step. */
typedef struct {
    int *first, *last, *slot, *base, *left;
} Spans;

/* The plan's arrays (one block of ints, the touches, the binomials; blocks[] holds them for the
   caller to free) and the steps' boxes and binomials; 0, -1 out of memory. */
static int plan_alloc(const Graph *g, const int *boxes, int n, const int *where, Plan *pl, Spans *sp,
                      void **blocks) {
    int ncons = g->ncons;
    size_t touches = 0, binomials = 0;
    for (int i = 0; i < n; i++) {
        touches += (size_t)(g->bc_start[boxes[i] + 1] - g->bc_start[boxes[i]]);
        binomials += (size_t)g->size[boxes[i]] + 1;
    }
    int *ints = PyMem_Malloc(sizeof(int) * (4 * (size_t)n + 2 + 5 * (size_t)ncons));
    Touch *touch = PyMem_Malloc(sizeof(Touch) * (touches + 1));
    count_t *choose = PyMem_Malloc(sizeof(count_t) * binomials);
    blocks[0] = ints;
    blocks[1] = touch;
    blocks[2] = choose;
    if (!ints || !touch || !choose) {
        PyErr_NoMemory();
        return -1;
    }
    pl->g = g;
    pl->n = n;
    pl->box = ints;
    pl->where = ints + n;
    pl->tstart = ints + 2 * n;
    pl->cstart = ints + 3 * n + 1;
    pl->choose = choose;
    pl->touch = touch;
    sp->left = ints + 4 * n + 2;
    sp->first = sp->left + ncons;
    sp->last = sp->first + ncons;
    sp->slot = sp->last + ncons;
    sp->base = sp->slot + ncons;
    memcpy(pl->where, where, sizeof(int) * (size_t)n);
    pl->cstart[0] = 0;
    for (int i = 0; i < n; i++) {
        pl->box[i] = boxes[pl->where[i]];
        int size = g->size[pl->box[i]];
        pl->cstart[i + 1] = pl->cstart[i] + size + 1;
        for (int x = 0; x <= size; x++)
            choose[pl->cstart[i] + x] = binomial(size, x);
    }
    return 0;
}

/* Each constraint's first and last step, and its settled sum; 0, 1 when a sum could pass the
   byte a state keeps for it. */
static int plan_spans(const Plan *pl, Spans *sp) {
    const Graph *g = pl->g;
    int n = pl->n;
    for (int i = 0; i < n; i++)
        for (int k = g->bc_start[pl->box[i]]; k < g->bc_start[pl->box[i] + 1]; k++) {
            int c = g->bc_list[k];
            sp->first[c] = n;
            sp->last[c] = -1;
        }
    for (int i = 0; i < n; i++)
        for (int k = g->bc_start[pl->box[i]]; k < g->bc_start[pl->box[i] + 1]; k++) {
            int c = g->bc_list[k];
            sp->first[c] = i < sp->first[c] ? i : sp->first[c];
            sp->last[c] = i > sp->last[c] ? i : sp->last[c];
            if (g->hi[c] > 255)
                return 1;
            if (sp->first[c] == i) {
                sp->base[c] = 0;
                for (int t = g->cb_start[c]; t < g->cb_start[c + 1]; t++)
                    sp->base[c] += g->fixed[g->cb_list[t]] > 0 ? g->fixed[g->cb_list[t]] : 0;
            }
        }
    return 0;
}

/* Each step's touches, and their slots: a constraint holds one from the step it opens to the
   step it closes, and its slot is free again for the steps after that; the slots used (*used),
   0, or 1 when more than MAX_SLOTS are open at once. */
static int plan_slots(Plan *pl, Spans *sp, int *used) {
    const Graph *g = pl->g;
    int free_slots[MAX_SLOTS], nfree = 0, nt = 0;
    *used = 0;
    for (int i = 0; i < pl->n; i++) {
        int u = pl->box[i], freed[MAX_SLOTS], nfreed = 0;
        pl->tstart[i] = nt;
        for (int k = g->bc_start[u]; k < g->bc_start[u + 1]; k++) {
            int c = g->bc_list[k];
            Touch *t = &pl->touch[nt++];
            t->c = c;
            t->opens = sp->first[c] == i;
            t->closes = sp->last[c] == i;
            t->base = sp->base[c];
            t->room = 0;
            if (t->opens && !t->closes) {
                if (nfree)
                    sp->slot[c] = free_slots[--nfree];
                else if (*used < MAX_SLOTS)
                    sp->slot[c] = (*used)++;
                else
                    return 1;
            }
            t->slot = t->opens && t->closes ? -1 : sp->slot[c];
            if (t->closes && !t->opens)
                freed[nfreed++] = sp->slot[c];
        }
        for (int f = 0; f < nfreed; f++) /* free for the next steps, not this one */
            free_slots[nfree++] = freed[f];
    }
    pl->tstart[pl->n] = nt;
    return 0;
}

/* Each touch's room: the cells of its constraint's boxes after the step (set at the last). */
static void plan_rooms(Plan *pl, Spans *sp) {
    const Graph *g = pl->g;
    int *room = sp->left;
    for (int i = pl->n - 1; i >= 0; i--) {
        int u = pl->box[i];
        for (int t = pl->tstart[i]; t < pl->tstart[i + 1]; t++) {
            Touch *tc = &pl->touch[t];
            if (tc->closes)
                room[tc->c] = 0;
            tc->room = room[tc->c];
            room[tc->c] += g->size[u];
        }
    }
}

/* The plan of the part in the order where (indices into boxes); 0, 1 when it does not fit a
   state, -1 out of memory. */
static int plan_make(const Graph *g, const int *boxes, int n, const int *where, Plan *pl, void **blocks) {
    Spans sp;
    int used;
    if (plan_alloc(g, boxes, n, where, pl, &sp, blocks) < 0)
        return -1;
    if (plan_spans(pl, &sp) || plan_slots(pl, &sp, &used))
        return 1;
    plan_rooms(pl, &sp);
    pl->K = used ? (used + 7) & ~7 : 8; /* whole words: see key_hash */
    return 0;
}

/* The state after giving step i's box x mines in state key, into out: 0 when a constraint can
   no longer reach its range; else 1, with the step's weight (C(size, x), times the weight of
   the sum each number it closes reaches, under noisy clues) in *weight. */
static ALWAYS_INLINE int transition(const Plan *pl, int i, const uint8_t *key, int x, uint8_t *out, count_t *weight,
                                    count_t mod) {
    const Graph *g = pl->g;
    memcpy(out, key, (size_t)pl->K);
    count_t c = pl->choose[pl->cstart[i] + x], w = mod ? c % mod : c;
    for (int t = pl->tstart[i]; t < pl->tstart[i + 1]; t++) {
        const Touch *tc = &pl->touch[t];
        int v = (tc->opens ? tc->base : key[tc->slot]) + x;
        if (v > g->hi[tc->c] || v + tc->room < g->lo[tc->c])
            return 0;
        if (!tc->closes) {
            out[tc->slot] = (uint8_t)v;
            continue;
        }
        if (tc->slot >= 0)
            out[tc->slot] = 0;
        if (g->weighted && g->w[tc->c]) { /* a part's layouts are counted unweighted first (dpll.c) */
            count_t y = g->w[tc->c][v - g->lo[tc->c]];
            w = mac(0, w, mod ? y % mod : y, mod);
        }
    }
    *weight = w;
    return 1;
}

/* Between layers, and every POLL_STATES states within one: PATH_STOPPED when stop() says so, -1 on
   an error (Ctrl-C), else 0.  A layer may hold up to PATH_MAX_STATES states, each with its own
   polynomial: checked between layers only, a deadline would wait for the whole layer. */
#define POLL_STATES 2048

static int interrupted(PyObject *stop) {
    if (PyErr_CheckSignals() < 0)
        return -1;
    if (!stop)
        return 0;
    PyObject *r = PyObject_CallObject(stop, NULL);
    int yes = r ? PyObject_IsTrue(r) : -1;
    Py_XDECREF(r);
    return yes < 0 ? -1 : yes ? PATH_STOPPED : 0;
}

/* interrupted(), at state s of a layer: only every POLL_STATES states (a Python call costs more
   than a state's moves). */
static int interrupted_at(PyObject *stop, int s) {
    return s && !(s % POLL_STATES) ? interrupted(stop) : 0;
}

/* ========================================================================== */
/* A guessed order, for the parts the three leave large                       */
/* ========================================================================== */

static double log2_of[258]; /* log2_of[k] = log2(k), for the sums a state's byte holds (k <= 257) */

/* The states an order's layers may hold in all, estimated without making one: at each step, the
   product over the constraints open after it of the sums each may have reached (at most what its
   boxes placed so far hold and its number less its settled sum allows, at least what its number
   needs less what its boxes still to come may add), summed over the steps.  span: 6 ncons ints
   of scratch. */
static double estimated_states(const Graph *g, const int *boxes, int n, const int *order, int *span) {
    int *first = span, *last = span + g->ncons, *placed = span + 2 * g->ncons;
    int *cells = span + 3 * g->ncons, *settled = span + 4 * g->ncons, *open = span + 5 * g->ncons;
    constraint_steps(g, boxes, n, order, first, last);
    for (int i = 0; i < n; i++)
        for (int k = g->bc_start[boxes[order[i]]]; k < g->bc_start[boxes[order[i]] + 1]; k++) {
            int c = g->bc_list[k];
            if (first[c] != i) /* each constraint once, at its first step: its open cells and settled sum */
                continue;
            placed[c] = cells[c] = settled[c] = 0;
            for (int t = g->cb_start[c]; t < g->cb_start[c + 1]; t++) {
                int b = g->cb_list[t];
                if (g->fixed[b] >= 0)
                    settled[c] += g->fixed[b];
                else
                    cells[c] += g->size[b];
            }
        }
    int nopen = 0;
    double states = 0;
    for (int i = 0; i < n; i++) {
        int u = boxes[order[i]];
        for (int k = g->bc_start[u]; k < g->bc_start[u + 1]; k++) {
            int c = g->bc_list[k];
            if (first[c] == i && last[c] != i)
                open[nopen++] = c;
            placed[c] += g->size[u];
        }
        double bits = 0;
        for (int j = 0; j < nopen; j++) {
            int c = open[j];
            if (last[c] == i) { /* closed: out of the list, the last one in its place */
                open[j--] = open[--nopen];
                continue;
            }
            int most = g->hi[c] - settled[c] < placed[c] ? g->hi[c] - settled[c] : placed[c];
            int least = g->lo[c] - settled[c] - (cells[c] - placed[c]);
            least = least > 0 ? least : 0;
            if (most > least) /* a state's byte holds at most 256 sums (plan_spans) */
                bits += log2_of[most - least + 1 < 257 ? most - least + 1 : 257];
        }
        states += exp2(bits);
    }
    return states;
}

/* The breadth-first order with the fewest estimated states (estimated_states) of those from
   MAX_STARTS starts spread over the part's boxes (from each box of a smaller part), into order:
   0, -1 out of memory. */
static int guessed_order(const Graph *g, const int *boxes, int n, const Adjacency *adj, int *order) {
    int *ints = PyMem_Malloc(sizeof(int) * ((size_t)n + 6 * ((size_t)g->ncons + 1)));
    char *seen = PyMem_Malloc((size_t)n + 1);
    if (!ints || !seen) {
        PyMem_Free(ints);
        PyMem_Free(seen);
        return PyErr_NoMemory(), -1;
    }
    if (!log2_of[2])
        for (int k = 1; k < 258; k++)
            log2_of[k] = log2(k);
    int *tried = ints, *span = ints + n;
    double fewest = INFINITY;
    int tries = n < MAX_STARTS ? n : MAX_STARTS;
    for (int k = 0; k < tries; k++) {
        bfs_order(adj, boxes, n, (int)((long long)k * n / tries), tried, seen);
        double states = estimated_states(g, boxes, n, tried, span);
        if (k == 0 || states < fewest) {
            fewest = states;
            memcpy(order, tried, sizeof(int) * (size_t)n);
        }
    }
    PyMem_Free(ints);
    PyMem_Free(seen);
    return 0;
}

/* ========================================================================== */
/* Layers of states                                                           */
/* ========================================================================== */

/* A layer: its states' keys, each state's polynomial (degrees lo..hi, hi < lo while none), and
   a hash table from key to state. */
typedef struct {
    int n, cap;
    uint8_t *key;
    uint64_t *hash; /* by state: its key's */
    int *lo, *hi;
    size_t *off;
    int *table; /* state + 1, 0 empty */
    size_t tcap;
    /* the moves from each state to the next layer's (forward layers only): state s's are
       moves mstart[s] .. mstart[s + 1], each to state `to` with x mines and, under noisy clues,
       its weight (else the step's binomial: move_weight) */
    int *mstart, *to, nmoves, mcap;
    unsigned char *x;
    count_t *weight;
    /* a forward layer's polynomials (NULL while not kept: see Work), poly + off[s] state s's */
    count_t *poly;
    size_t npoly;
} Layer;

/* A state's key is K bytes, K a multiple of 8: hashed a word at a time. */
static ALWAYS_INLINE uint64_t key_hash(const uint8_t *key, int K) {
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < K; i += 8) {
        uint64_t word;
        memcpy(&word, key + i, 8);
        h = (h ^ word) * 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
    }
    return h;
}

static void layer_free(Layer *L) {
    PyMem_Free(L->key);
    PyMem_Free(L->hash);
    PyMem_Free(L->lo);
    PyMem_Free(L->hi);
    PyMem_Free(L->off);
    PyMem_Free(L->table);
    PyMem_Free(L->mstart);
    PyMem_Free(L->to);
    PyMem_Free(L->x);
    PyMem_Free(L->weight);
    PyMem_Free(L->poly);
    memset(L, 0, sizeof(*L));
}

/* The table grown to twice its size (64 slots at first), every state placed again by its hash. */
static int layer_grow_table(Layer *L) {
    size_t cap = L->tcap ? 2 * L->tcap : 64;
    int *table = PyMem_Calloc(cap, sizeof(int));
    if (!table)
        return -1;
    for (int s = 0; s < L->n; s++) {
        size_t j = L->hash[s] & (cap - 1);
        while (table[j])
            j = (j + 1) & (cap - 1);
        table[j] = s + 1;
    }
    PyMem_Free(L->table);
    L->table = table;
    L->tcap = cap;
    return 0;
}

/* Room for cap states' polynomials (their ranges and places): 0, -1 out of memory */
static int ranges_reserve(Layer *L, int cap) {
    int *lo = PyMem_Realloc(L->lo, sizeof(int) * (size_t)cap);
    if (lo)
        L->lo = lo;
    int *hi = lo ? PyMem_Realloc(L->hi, sizeof(int) * (size_t)cap) : NULL;
    if (hi)
        L->hi = hi;
    size_t *off = hi ? PyMem_Realloc(L->off, sizeof(size_t) * (size_t)cap) : NULL;
    if (!off)
        return -1;
    L->off = off;
    L->cap = cap;
    return 0;
}

/* Room for cap states, keys and all: 0, -1 out of memory */
static int layer_reserve(Layer *L, int cap, int K) {
    uint8_t *k = PyMem_Realloc(L->key, (size_t)cap * (size_t)K);
    if (k)
        L->key = k;
    uint64_t *h = k ? PyMem_Realloc(L->hash, sizeof(uint64_t) * (size_t)cap) : NULL;
    if (h)
        L->hash = h;
    return h ? ranges_reserve(L, cap) : -1;
}

/* The state with this key, added when new (its range empty); -1 out of memory, -2 too many */
static int layer_add(Layer *L, const uint8_t *key, int K) {
    if (2 * ((size_t)L->n + 1) > L->tcap && layer_grow_table(L) < 0)
        return -1;
    uint64_t h = key_hash(key, K);
    size_t mask = L->tcap - 1, j = h & mask;
    for (;; j = (j + 1) & mask) {
        int s = L->table[j] - 1;
        if (s < 0)
            break;
        if (L->hash[s] == h && !memcmp(L->key + (size_t)s * (size_t)K, key, (size_t)K))
            return s;
    }
    if (L->n >= max_states)
        return -2;
    if (L->n == L->cap && layer_reserve(L, L->cap ? 2 * L->cap : 16, K) < 0)
        return -1;
    int s = L->n++;
    memcpy(L->key + (size_t)s * (size_t)K, key, (size_t)K);
    L->hash[s] = h;
    L->lo[s] = INT32_MAX;
    L->hi[s] = -1;
    L->table[j] = s + 1;
    return s;
}

/* A move from L's state at work to the next layer's state t, its weight kept when weighted (a
   sixteen-byte count a move, most of a move's memory, where the step's binomial gives it); -1
   out of memory */
static int move_add(Layer *L, int t, int x, count_t weight, int weighted) {
    if (L->nmoves == L->mcap) {
        int cap = L->mcap ? 2 * L->mcap : 64;
        int *to = PyMem_Realloc(L->to, sizeof(int) * (size_t)cap);
        if (to)
            L->to = to;
        unsigned char *xs = to ? PyMem_Realloc(L->x, (size_t)cap) : NULL;
        if (xs)
            L->x = xs;
        count_t *ws = xs && weighted ? PyMem_Realloc(L->weight, sizeof(count_t) * (size_t)cap) : NULL;
        if (!xs || (weighted && !ws))
            return -1;
        if (weighted)
            L->weight = ws;
        L->mcap = cap;
    }
    L->to[L->nmoves] = t;
    L->x[L->nmoves] = (unsigned char)x;
    if (weighted)
        L->weight[L->nmoves] = weight;
    L->nmoves++;
    return 0;
}

/* Move m's weight from step i's layer L: as kept, or C(size, x), reduced by the pass's modulus
   already (path_count_part) */
static ALWAYS_INLINE count_t move_weight(const Plan *pl, const Layer *L, int i, int m) {
    return L->weight ? L->weight[m] : pl->choose[pl->cstart[i] + L->x[m]];
}

/* Each state's place among L's coefficients (its range long), from `from` on: where they end. */
static size_t layer_offsets(Layer *L, size_t from) {
    for (int s = 0; s < L->n; s++) {
        L->off[s] = from;
        from += L->hi[s] >= L->lo[s] ? (size_t)(L->hi[s] - L->lo[s] + 1) : 0;
    }
    return from;
}

/* Coefficients for every state of L from the pool (each state's range), zeroed: -1 out of
   memory, -2 past PATH_MAX_COEFS. */
static int layer_place(Layer *L, count_t **pool, size_t *used, size_t *cap) {
    size_t need = layer_offsets(L, *used);
    if (need > max_coefs)
        return -2;
    if (need > *cap) {
        size_t grown = *cap ? *cap : 4096;
        while (grown < need)
            grown *= 2;
        count_t *p = PyMem_Realloc(*pool, sizeof(count_t) * grown);
        if (!p)
            return -1;
        *pool = p;
        *cap = grown;
    }
    memset(*pool + *used, 0, sizeof(count_t) * (need - *used));
    *used = need;
    return 0;
}

/* ========================================================================== */
/* Counting                                                                   */
/* ========================================================================== */

/* The forward layers keep their polynomials (the layouts of the boxes before, by mines) only at
   every `every`-th step, the checkpoints, and the backward pass makes the others again a stretch
   at a time from the checkpoint before them: about 2 sqrt(n) layers' polynomials live at once
   instead of n, for a second forward pass over the polynomials.  On the knotted 3D balls of
   play, at the same limits, the peak went from 225 to 174 MB (path.h has the measurements);
   live counts the coefficients kept, held to PATH_MAX_COEFS. */
typedef struct {
    Plan plan;
    Layer *layers;   /* n + 1 of them: the states after each step */
    int every;
    size_t live;
    Layer back[2];   /* the completions of two layers' states (keys unused) */
    count_t *bwd[2];
    size_t bwd_used[2], bwd_cap[2];
    uint8_t *scratch;
} Work;

/* Layer L's polynomials, zeroed, each state's range long: 0, -1 out of memory, -2 past
   PATH_MAX_COEFS live. */
static int layer_polys(Work *w, Layer *L) {
    size_t need = layer_offsets(L, 0);
    if (w->live + need > max_coefs)
        return -2;
    assert(!L->poly);
    if (!(L->poly = PyMem_Calloc(need ? need : 1, sizeof(count_t))))
        return -1;
    L->npoly = need;
    w->live += need;
    return 0;
}

static void layer_polys_free(Work *w, Layer *L) {
    PyMem_Free(L->poly);
    L->poly = NULL;
    w->live -= L->npoly;
    L->npoly = 0;
}

/* Step i + 1's polynomials from step i's, along step i's moves: 0, 1 declined, -1 error. */
static int propagate(Work *w, int i, count_t mod, PyObject *stop) {
    const Plan *pl = &w->plan;
    Layer *L = &w->layers[i], *N = &w->layers[i + 1];
    assert(L->poly && !N->poly);
    int placed = layer_polys(w, N), why;
    if (placed < 0)
        return placed == -2 ? PATH_DECLINE : (PyErr_NoMemory(), -1);
    for (int s = 0; s < L->n; s++) {
        if ((why = interrupted_at(stop, s)) != 0)
            return why;
        const count_t *src = L->poly + L->off[s];
        int len = L->hi[s] - L->lo[s] + 1;
        for (int m = L->mstart[s]; m < L->mstart[s + 1]; m++) {
            int t = L->to[m];
            count_t wt = move_weight(pl, L, i, m), *dst = N->poly + N->off[t] + (L->lo[s] + L->x[m] - N->lo[t]);
            for (int j = 0; j < len; j++)
                if (src[j])
                    dst[j] = mac(dst[j], src[j], wt, mod);
        }
    }
    return 0;
}

/* Forward: the layers, and the moves between them, with the checkpoints' polynomials and the
   last layer's; 0, 1 declined, -1 out of memory. */
static int forward(Work *w, count_t mod, PyObject *stop) {
    const Plan *pl = &w->plan;
    int K = pl->K, weighted = pl->g->weighted;
    uint8_t *zero = w->scratch, *out = w->scratch + K;
    memset(zero, 0, (size_t)K);
    Layer *L0 = &w->layers[0];
    if (layer_add(L0, zero, K) < 0)
        return PyErr_NoMemory(), -1;
    L0->lo[0] = L0->hi[0] = 0;
    if (layer_polys(w, L0) < 0)
        return PyErr_NoMemory(), -1;
    L0->poly[0] = 1;
    for (int i = 0; i < pl->n; i++) {
        int why = interrupted(stop);
        if (why)
            return why;
        Layer *L = &w->layers[i], *N = &w->layers[i + 1];
        int size = pl->g->size[pl->box[i]];
        count_t weight;
        L->mstart = PyMem_Malloc(sizeof(int) * ((size_t)L->n + 1));
        if (!L->mstart)
            return PyErr_NoMemory(), -1;
        for (int s = 0; s < L->n; s++) { /* the states reached, with their ranges */
            if ((why = interrupted_at(stop, s)) != 0) {
                L->mstart[s] = L->nmoves; /* the moves listed so far stay freeable */
                return why;
            }
            L->mstart[s] = L->nmoves;
            for (int x = 0; x <= size; x++) {
                if (!transition(pl, i, L->key + (size_t)s * (size_t)K, x, out, &weight, mod))
                    continue;
                int t = layer_add(N, out, K);
                if (t < 0)
                    return t == -2 ? PATH_DECLINE : (PyErr_NoMemory(), -1);
                if (move_add(L, t, x, weight, weighted) < 0)
                    return PyErr_NoMemory(), -1;
                N->lo[t] = L->lo[s] + x < N->lo[t] ? L->lo[s] + x : N->lo[t];
                N->hi[t] = L->hi[s] + x > N->hi[t] ? L->hi[s] + x : N->hi[t];
            }
        }
        L->mstart[L->n] = L->nmoves;
        /* this layer's keys and table are done with */
        PyMem_Free(L->key);
        PyMem_Free(L->hash);
        PyMem_Free(L->table);
        L->key = NULL;
        L->hash = NULL;
        L->table = NULL;
        L->tcap = 0;
        if ((why = propagate(w, i, mod, stop)) != 0)
            return why;
        if (i % w->every) /* not a checkpoint: made again when the backward pass reaches it */
            layer_polys_free(w, L);
    }
    return 0;
}

/* Step i's polynomials, made again from the checkpoint before it where they were let go. */
static int layer_again(Work *w, int i, count_t mod, PyObject *stop) {
    if (w->layers[i].poly)
        return 0;
    int why = 0;
    for (int j = i - i % w->every; j < i && !why; j++)
        if (!w->layers[j + 1].poly)
            why = propagate(w, j, mod, stop);
    return why;
}

/* The last layer's completions: its one state (every constraint closed) completed by nothing;
   0, -1 out of memory. */
static int back_last(Work *w) {
    const Plan *pl = &w->plan;
    Layer *B = &w->back[pl->n & 1];
    B->n = 0;
    if (!w->layers[pl->n].n)
        return 0;
    if (B->cap < 1 && ranges_reserve(B, 1) < 0)
        return PyErr_NoMemory(), -1;
    B->n = 1;
    B->lo[0] = B->hi[0] = 0;
    w->bwd_used[pl->n & 1] = 0;
    if (layer_place(B, &w->bwd[pl->n & 1], &w->bwd_used[pl->n & 1], &w->bwd_cap[pl->n & 1]) < 0)
        return PyErr_NoMemory(), -1;
    w->bwd[pl->n & 1][0] = 1;
    return 0;
}

/* The range of mine counts completing each state of layer i (through its moves to layer i + 1's
   completions), and room for their polynomials, zeroed; 0, PATH_DECLINE past the limit, -1 out
   of memory. */
static int back_ranges(Work *w, int i) {
    const Layer *L = &w->layers[i];
    Layer *next = &w->back[(i + 1) & 1], *here = &w->back[i & 1];
    if (here->cap < L->n && ranges_reserve(here, L->n) < 0)
        return PyErr_NoMemory(), -1;
    here->n = L->n;
    for (int s = 0; s < L->n; s++) {
        here->lo[s] = INT32_MAX;
        here->hi[s] = -1;
        for (int m = L->mstart[s]; m < L->mstart[s + 1]; m++) {
            int t = L->to[m], x = L->x[m];
            if (t >= next->n || next->hi[t] < next->lo[t])
                continue;
            here->lo[s] = next->lo[t] + x < here->lo[s] ? next->lo[t] + x : here->lo[s];
            here->hi[s] = next->hi[t] + x > here->hi[s] ? next->hi[t] + x : here->hi[s];
        }
    }
    w->bwd_used[i & 1] = 0;
    int placed = layer_place(here, &w->bwd[i & 1], &w->bwd_used[i & 1], &w->bwd_cap[i & 1]);
    return placed < 0 ? (placed == -2 ? PATH_DECLINE : (PyErr_NoMemory(), -1)) : 0;
}

/* State s of layer i: its completions (each move's weight times the completions it reaches) and
   what its step's box adds to the box's marginal row mrow: the layouts reaching s times the
   completions in which the box holds x mines, x times.  row is scratch of W coefficients. */
static void back_state(Work *w, int i, int s, count_t *row, count_t *mrow, int W, count_t mod) {
    const Plan *pl = &w->plan;
    const Layer *L = &w->layers[i], *next = &w->back[(i + 1) & 1], *here = &w->back[i & 1];
    const count_t *nb = w->bwd[(i + 1) & 1];
    int lo = here->lo[s], span = here->hi[s] - lo, any = 0;
    count_t *dst = w->bwd[i & 1] + here->off[s];
    memset(row, 0, sizeof(count_t) * ((size_t)span + 1));
    for (int m = L->mstart[s]; m < L->mstart[s + 1]; m++) {
        int t = L->to[m], x = L->x[m];
        count_t weight = move_weight(pl, L, i, m);
        if (t >= next->n || next->hi[t] < next->lo[t])
            continue;
        const count_t *src = nb + next->off[t];
        int shift = next->lo[t] + x - lo;
        count_t xw = mac(0, weight, (count_t)x, mod);
        for (int j = 0; j <= next->hi[t] - next->lo[t]; j++) {
            if (!src[j])
                continue;
            dst[shift + j] = mac(dst[shift + j], src[j], weight, mod);
            if (x) {
                row[shift + j] = mac(row[shift + j], src[j], xw, mod);
                any = 1;
            }
        }
    }
    if (!any)
        return;
    /* the layouts reaching s (degrees L->lo..) times row (degrees lo..) */
    const count_t *f = L->poly + L->off[s];
    for (int a = 0; a <= L->hi[s] - L->lo[s]; a++) {
        if (!f[a])
            continue;
        count_t *m = mrow + L->lo[s] + a + lo;
        assert(L->lo[s] + a + lo + span < W);
        (void)W;
        for (int b = 0; b <= span; b++)
            if (row[b])
                m[b] = mac(m[b], f[a], row[b], mod);
    }
}

/* Backward, with the marginals: step i's states' completions from step i + 1's, and the box's
   mines over every layout: the sum over states and values of (the layouts reaching the state)
   times (x * weight * the completions of where x leads).  0, 1 declined, -1 out of memory. */
static int backward(Work *w, int cells, count_t mod, PyObject *stop, count_t *marg) {
    const Plan *pl = &w->plan;
    int K = pl->K, W = cells + 1;
    count_t *row = (count_t *)(void *)(w->scratch + 2 * ((K + 15) & ~15)); /* W coefficients */
    if (back_last(w) < 0)
        return -1;
    layer_polys_free(w, &w->layers[pl->n]); /* its one polynomial is the part's total, read already */
    for (int i = pl->n - 1; i >= 0; i--) {
        int why = interrupted(stop);
        if (!why)
            why = layer_again(w, i, mod, stop);
        if (!why)
            why = back_ranges(w, i);
        if (why)
            return why;
        Layer *L = &w->layers[i];
        count_t *mrow = marg + (size_t)pl->where[i] * (size_t)W;
        const Layer *here = &w->back[i & 1];
        for (int s = 0; s < L->n; s++) {
            if ((why = interrupted_at(stop, s)) != 0)
                return why;
            if (here->hi[s] >= here->lo[s] && L->hi[s] >= L->lo[s])
                back_state(w, i, s, row, mrow, W, mod);
        }
        layer_polys_free(w, L); /* the steps below need it no more */
    }
    return 0;
}

static void work_free(Work *w) {
    for (int i = 0; w->layers && i <= w->plan.n; i++)
        layer_free(&w->layers[i]);
    PyMem_Free(w->layers);
    for (int k = 0; k < 2; k++) {
        layer_free(&w->back[k]);
        PyMem_Free(w->bwd[k]);
    }
    PyMem_Free(w->scratch);
}

#define PROBE_OVER (-1)    /* past the budget, or a layer past PATH_MAX_STATES */
#define PROBE_FAILED (-2)  /* a Python error set */
#define PROBE_STOPPED (-3) /* stop() said so */
#define RACE_PAUSED 3      /* every probe still counting has passed the pause (race) */

/* An order's states counted a step at a time, the keys alone, two layers at a time. */
typedef struct {
    Plan pl;
    void *blocks[3];
    Layer layer[2];
    uint8_t *key;
    int i;       /* the next step */
    long states; /* in the layers so far */
    long status; /* 0 while counting, then its states in all (1 or more) or a PROBE_ code */
} Probe;

static void probe_free(Probe *pr) {
    for (int b = 0; b < 3; b++)
        PyMem_Free(pr->blocks[b]);
    layer_free(&pr->layer[0]);
    layer_free(&pr->layer[1]);
    PyMem_Free(pr->key);
    memset(pr, 0, sizeof(*pr));
}

/* The probe of an order, its first layer made: 0, or -1 with an error set. */
static int probe_start(Probe *pr, const Graph *g, const int *boxes, int n, const int *where) {
    memset(pr, 0, sizeof(*pr));
    int made = plan_make(g, boxes, n, where, &pr->pl, pr->blocks);
    if (made < 0)
        return -1;
    if (made) { /* the order fits no state */
        pr->status = PROBE_OVER;
        return 0;
    }
    pr->key = PyMem_Calloc(2, (size_t)pr->pl.K);
    if (!pr->key || layer_add(&pr->layer[0], pr->key, pr->pl.K) < 0)
        return PyErr_NoMemory(), -1;
    pr->states = 1;
    assert(pr->pl.n > 0); /* a part has a box */
    return 0;
}

/* One step of a probe: its status (0 while counting). */
static long probe_step(Probe *pr, PyObject *stop) {
    const Plan *pl = &pr->pl;
    int K = pl->K, i = pr->i, why = interrupted(stop);
    if (why)
        return pr->status = why < 0 ? PROBE_FAILED : PROBE_STOPPED;
    Layer *L = &pr->layer[i & 1], *N = &pr->layer[(i + 1) & 1];
    N->n = 0;
    if (N->table)
        memset(N->table, 0, sizeof(int) * N->tcap);
    int size = pl->g->size[pl->box[i]];
    count_t weight;
    for (int s = 0; s < L->n; s++) {
        if ((why = interrupted_at(stop, s)) != 0)
            return pr->status = why < 0 ? PROBE_FAILED : PROBE_STOPPED;
        for (int x = 0; x <= size; x++) {
            if (!transition(pl, i, L->key + (size_t)s * (size_t)K, x, pr->key + K, &weight, 0))
                continue;
            int t = layer_add(N, pr->key + K, K);
            if (t < 0)
                return pr->status = t == -2 ? PROBE_OVER : (PyErr_NoMemory(), PROBE_FAILED);
        }
    }
    pr->states += N->n;
    if (++pr->i == pl->n)
        pr->status = pr->states;
    return pr->status;
}

/* The probes run together, the one with the fewest states so far a step at a time, until each
   has ended or passed the fewest states of one that ended (*fewest, its index *best): 0, -1
   error, PATH_STOPPED; or RACE_PAUSED once every one still counting has passed `pause` states
   (the race goes on from there when called again). */
static int race(Probe *probes, int count, PyObject *stop, long *fewest, int *best, long pause) {
    for (;;) {
        int k = -1; /* the counting order with the fewest states so far */
        for (int j = 0; j < count; j++)
            if (!probes[j].status && (k < 0 || probes[j].states < probes[k].states))
                k = j;
        if (k < 0)
            return 0;
        if (probes[k].states >= *fewest) { /* it cannot have fewer */
            probes[k].status = PROBE_OVER;
            continue;
        }
        if (probes[k].states >= pause) /* and so has every other still counting */
            return RACE_PAUSED;
        long done = probe_step(&probes[k], stop);
        if (done == PROBE_FAILED)
            return -1;
        if (done == PROBE_STOPPED)
            return PATH_STOPPED;
        if (done > 0 && done < *fewest) {
            *fewest = done;
            *best = k;
        }
    }
}

/* Is order (n ints) one of the first k of orders? */
static int tried_before(const int *orders, int k, int n, const int *order) {
    for (int j = 0; j < k; j++)
        if (!memcmp(orders + (size_t)j * (size_t)n, order, sizeof(int) * (size_t)n))
            return 1;
    return 0;
}

/* The order whose layers hold the fewest states, into where: 0, PATH_DECLINE when every one
   passes PATH_MAX_STATES at some layer (or fits no state), PATH_STOPPED, -1 error.  The NORDERS
   orders are counted together (race): the probes cost at most about NORDERS times the best
   order's states.  Counted one after the other, the first order ran to its end however large: on
   the 92 positions of seed 11's 3D play that take the kernel more than 5 ms, the probes took
   6.3 s of 9.9 s, and 4.6 s of 8.1 s counted together (side by side in two runs each: 8.9 and
   9.5 s in all before, 8.2 and 8.2 s after, the median position 24 to 20 ms).  What is left is
   the orders' states themselves: the best order's forward pass alone, keys and moves, costs about
   what probing one order does.

   Where every order still counting has passed GUESS_STATES states, or none fits a state (more
   than MAX_SLOTS constraints open at once), a fourth joins the race: guessed_order's.  Of all
   the breadth-first starts, probed to their ends on 76 knotted parts of 3D play, the best
   orders held two fifths fewer states in all than the best of the three (and one fitted the
   part none of the three did), but the estimate picks such an order only now and then, and its
   probe costs up to the best order's states: a fourth order in every race made the parts over
   2 ms about a fifth slower at the median, for a quarter less time in all.  Past the pause only,
   on a quiet machine, the kernel before against after (best of 2 x 5 calls, taken in turn;
   positions of seeded play on 4 layers of 8x8 with 40 mines; in all, the slowest, and the
   median ratio of the positions over 2 ms): benchmarks.topologies' 99, 112 to 102 ms, 33 to
   21 ms, 1.03; seed 11's 512, 6.83 to 5.45 s, 1012 to 513 ms, 1.02; seed 12's 328, 499 to
   490 ms, 52 to 68 ms, 1.02; the median position the same.  A pause at 20000 states did as well
   on the first two and nothing on the third; at 100000 the three pass it before the guess can
   save anything. */
static int choose_order(const Graph *g, const int *boxes, int n, PyObject *stop, int *where) {
    int *orders = PyMem_Malloc(sizeof(int) * (NORDERS + 1) * (size_t)n);
    /* on the heap: a read past the last probe is one the sanitized build sees (on the stack it
       landed past the guard zone, on a word never 0: a race reading one probe too many passed) */
    Probe *probes = PyMem_Calloc(NORDERS + 1, sizeof(Probe));
    if (!orders || !probes) {
        PyMem_Free(orders);
        PyMem_Free(probes);
        return PyErr_NoMemory(), -1;
    }
    probes[NORDERS].status = PROBE_OVER; /* the guess, not started */
    Adjacency adj;
    int status = adjacency_make(g, boxes, n, &adj), best = -1;
    if (!status)
        status = linear_orders(g, boxes, n, &adj, orders);
    for (int k = 0; k < NORDERS && !status; k++)
        status = probe_start(&probes[k], g, boxes, n, orders + (size_t)k * (size_t)n);
    long fewest = LONG_MAX;
    if (!status)
        status = race(probes, NORDERS, stop, &fewest, &best, GUESS_STATES);
    /* every order still counting past GUESS_STATES states, or none that fits: a fourth joins */
    int guessing = status == RACE_PAUSED || (!status && best < 0);
    if (guessing) {
        int *guess = orders + (size_t)NORDERS * (size_t)n;
        status = guessed_order(g, boxes, n, &adj, guess);
        if (!status && !tried_before(orders, NORDERS, n, guess))
            status = probe_start(&probes[NORDERS], g, boxes, n, guess);
        if (!status)
            status = race(probes, NORDERS + 1, stop, &fewest, &best, LONG_MAX);
    }
    adjacency_free(&adj);
#ifdef COUNTSWEEP_DEBUG
    guessed_tried += guessing;
    guessed_taken += guessing && best == NORDERS;
#endif
    for (int k = 0; k <= NORDERS; k++)
        probe_free(&probes[k]);
    if (!status && best < 0)
        status = PATH_DECLINE;
    if (!status)
        memcpy(where, orders + (size_t)best * (size_t)n, sizeof(int) * (size_t)n);
    PyMem_Free(orders);
    PyMem_Free(probes);
    return status;
}

int path_count_part(const Graph *g, const int *boxes, int n, int cells, count_t mod, PyObject *stop, int *order,
                    count_t *total, count_t *marg) {
    if (order[0] == PATH_DECLINED)
        return PATH_DECLINE;
    if (order[0] == PATH_UNCHOSEN) {
        int chosen = choose_order(g, boxes, n, stop, order);
        if (chosen == PATH_DECLINE)
            order[0] = PATH_DECLINED;
        if (chosen)
            return chosen;
    }
    void *blocks[3] = {NULL, NULL, NULL};
    Work w;
    memset(&w, 0, sizeof(w));
    int status = plan_make(g, boxes, n, order, &w.plan, blocks);
    assert(status <= 0); /* the order was made once already */
    if (!status) {
        int K = w.plan.K;
        while (w.every * w.every < n) /* checkpoints every sqrt(n) steps (see Work) */
            w.every++;
        w.every = w.every ? w.every : 1;
        if (mod) /* the moves' binomials as the pass counts them (move_weight) */
            for (int e = 0; e < w.plan.cstart[n]; e++)
                w.plan.choose[e] %= mod;
        w.layers = PyMem_Calloc((size_t)n + 1, sizeof(Layer));
        w.scratch = PyMem_Malloc(2 * (size_t)((K + 15) & ~15) + sizeof(count_t) * ((size_t)cells + 1));
        if (!w.layers || !w.scratch) {
            PyErr_NoMemory();
            status = -1;
        }
    }
    if (!status)
        status = forward(&w, mod, stop);
    if (!status) {
        const Layer *end = &w.layers[n];
        assert(end->n <= 1); /* every constraint closed: one state, all zero */
        for (int j = 0; end->n && j <= end->hi[0] - end->lo[0]; j++)
            total[end->lo[0] + j] = end->poly[end->off[0] + j];
        status = backward(&w, cells, mod, stop, marg);
    }
    work_free(&w);
    for (int b = 0; b < 3; b++)
        PyMem_Free(blocks[b]);
    return status;
}
