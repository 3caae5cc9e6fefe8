/*
 * countsweep._kernel: the hot paths of countsweep in C, exact like the rest.
 *
 * Two entry points, each with a pure-Python twin that the tests compare it with
 * (countsweep.oracle for analyze, countsweep.play.endgame for Search):
 *
 * analyze(grid, mines, cells, max_cells, max_nodes[, readings])
 *     A whole position, from the grid (rows of HIDDEN=-1, FLAG=-2, numbers) to
 *     every hidden cell's mine count over the layouts: equations, independent
 *     components, boxes of interchangeable cells, each component's mine-count
 *     polynomial by enumeration over its boxes (128-bit counts where the
 *     compiler has them: components of at most max_cells cells, at most
 *     max_nodes search nodes), then the oracle's combination with the sea's
 *     binomials in wide integers (exact, however large; only the answers
 *     become Python integers).  Returns False when no layout fits (the Python
 *     path words the message, where one is asked for), None when the position
 *     needs the general path: a component too large for its counts or its
 *     node budget.
 *
 *     With readings (countsweep.constraints.readings) the numbers are noisy
 *     clues: each allows a range of sums, sum s weighing an integer w[s - lo],
 *     taken when the number's last open box gets its value (the weighted count
 *     of countsweep.counting.dpll).  A part whose weighted counts could pass
 *     the 128-bit counts is counted again modulo primes and put together from
 *     the residues (see crt); past four primes it is left to the general path.
 *     The answer then also says how many numbers read through each reading,
 *     for the factor the readings leave.
 *
 * Search(layouts, cuts, max_positions)
 *     The exact endgame search of countsweep.play.endgame over bit sets of
 *     layouts, visiting positions in exactly the same order as the Python code
 *     (so it gives up at the same position, with the same memo), only faster.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define HIDDEN (-1)
#define FLAG (-2)
#define CLEARED (-3)  /* a cleared cell showing no number: neither hidden nor an equation */

/* analyze's outcomes besides an answer: the general path decides (1), or no layout fits (2) */
#define GENERAL 1
#define INCONSISTENT 2

/* Counts of a component's layouts: at most 2**cells, a box marginal at most 8 * 2**cells. */
#ifdef __SIZEOF_INT128__
typedef unsigned __int128 count_t;
#define MAX_CELLS 120
#else
typedef uint64_t count_t;
#define MAX_CELLS 58
#endif

static PyObject *count_to_long(count_t x) {
#ifdef __SIZEOF_INT128__
    uint64_t hi = (uint64_t)(x >> 64), lo = (uint64_t)x;
    if (!hi)
        return PyLong_FromUnsignedLongLong(lo);
    PyObject *h = PyLong_FromUnsignedLongLong(hi), *l = PyLong_FromUnsignedLongLong(lo);
    PyObject *sixty_four = PyLong_FromLong(64);
    PyObject *shifted = h && sixty_four ? PyNumber_Lshift(h, sixty_four) : NULL;
    PyObject *out = shifted && l ? PyNumber_Or(shifted, l) : NULL;
    Py_XDECREF(h);
    Py_XDECREF(l);
    Py_XDECREF(sixty_four);
    Py_XDECREF(shifted);
    return out;
#else
    return PyLong_FromUnsignedLongLong(x);
#endif
}

static int bit_length(count_t x) {
    int bits = 0;
    while (x) {
        bits++;
        x >>= 1;
    }
    return bits;
}

/* Wide naturals for the combination with the sea: little-endian arrays of 64-bit limbs, of a
 * width fixed per call by a bound on every value (see combine).  Its sums of products are
 * hundreds of bits wide (the sea's binomials, times the parts' counts and, under noisy clues,
 * their weights); as Python integers each product was an object made and freed, which cost
 * more than the arithmetic.  Only the answers become Python integers. */
typedef uint64_t limb;

/* lo and hi halves of a * b */
static inline void mul64(limb a, limb b, limb *lo, limb *hi) {
#ifdef __SIZEOF_INT128__
    unsigned __int128 t = (unsigned __int128)a * b;
    *lo = (limb)t;
    *hi = (limb)(t >> 64);
#else
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    *lo = (mid << 32) | (uint32_t)p00;
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
#endif
}

/* the limbs in use: a's width less its zero top limbs */
static int wide_len(const limb *a, int width) {
    while (width > 0 && !a[width - 1])
        width--;
    return width;
}

/* acc += a * m, for a of la limbs; acc has width limbs, which the caller's bound keeps enough */
static void wide_mac1(limb *acc, const limb *a, int la, limb m, int width) {
    limb carry = 0;
    int i = 0;
    for (; i < la; i++) {
        limb lo, hi;
        mul64(a[i], m, &lo, &hi);
        lo += carry;
        hi += lo < carry;
        acc[i] += lo;
        hi += acc[i] < lo;
        carry = hi;
    }
    for (; carry && i < width; i++) {
        acc[i] += carry;
        carry = acc[i] < carry;
    }
}

/* acc += a * b */
static void wide_mac(limb *acc, const limb *a, int la, const limb *b, int lb, int width) {
    for (int j = 0; j < lb; j++)
        if (b[j])
            wide_mac1(acc + j, a, la, b[j], width - j);
}

/* a /= d, exactly or rounding down (d > 0, below 2**32) */
static void wide_div_small(limb *a, int width, limb d) {
    limb rem = 0;
    for (int i = width - 1; i >= 0; i--) {  /* 32 bits at a time: rem < d < 2**32 */
        limb hi = (rem << 32) | (a[i] >> 32);
        limb qh = hi / d;
        rem = hi % d;
        limb lo = (rem << 32) | (uint32_t)a[i];
        limb ql = lo / d;
        rem = lo % d;
        a[i] = (qh << 32) | ql;
    }
}

/* a *= m (m below 2**32; the width has room) */
static void wide_mul_small(limb *a, int width, limb m) {
    limb carry = 0;
    for (int i = 0; i < width; i++) {
        limb lo, hi;
        mul64(a[i], m, &lo, &hi);
        lo += carry;
        hi += lo < carry;
        a[i] = lo;
        carry = hi;
    }
}

static PyObject *wide_to_long(const limb *a, int width, unsigned char *scratch) {
    int n = wide_len(a, width);
    for (int i = 0; i < n; i++)
        for (int b = 0; b < 8; b++)
            scratch[8 * i + b] = (unsigned char)(a[i] >> (8 * b));
#if PY_VERSION_HEX >= 0x030D0000
    return PyLong_FromUnsignedNativeBytes(scratch, (size_t)n * 8, Py_ASNATIVEBYTES_LITTLE_ENDIAN);
#else
    return _PyLong_FromByteArray(scratch, (size_t)n * 8, 1, 0);
#endif
}

/* scratch (pw + 1 limbs) = the sum of n counts of pw limbs */
static void wide_sum_rows(const limb *rows, int n, int pw, limb *scratch) {
    memset(scratch, 0, sizeof(limb) * (pw + 1));
    for (int i = 0; i < n; i++)
        wide_mac1(scratch, rows + (size_t)i * pw, pw, 1, pw + 1);
}

/* the sum of n counts of pw limbs, divided by d (exactly, where the caller knows it divides),
   as a Python integer; scratch has pw + 1 limbs, bytes 8 (pw + 1) */
static PyObject *wide_sum(const limb *rows, int n, int pw, limb d, limb *scratch, unsigned char *bytes) {
    wide_sum_rows(rows, n, pw, scratch);
    if (d > 1)
        wide_div_small(scratch, pw + 1, d);
    return wide_to_long(scratch, pw + 1, bytes);
}

/* acc (width limbs, zeroed) = the sum over k < n of a[k] (width limbs each) times b[k] (wb each) */
static void wide_dot(limb *acc, const limb *a, int width, const limb *b, int wb, long n) {
    for (long k = 0; k < n; k++)
        wide_mac(acc, a + k * width, wide_len(a + k * width, width), b + k * wb, wide_len(b + k * wb, wb), width);
}

/* a (width limbs, zeroed by the caller) from a non-negative Python integer below 2**(64 width) */
static int wide_from_long(limb *a, int width, PyObject *x) {
    PyObject *bytes = PyObject_CallMethod(x, "to_bytes", "ns", (Py_ssize_t)width * 8, "little");
    if (!bytes)
        return -1;
    const unsigned char *s = (const unsigned char *)PyBytes_AS_STRING(bytes);
    for (int i = 0; i < width; i++)
        for (int b = 0; b < 8; b++)
            a[i] |= (limb)s[8 * i + b] << (8 * b);
    Py_DECREF(bytes);
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* analyze                                                                                     */

/* Every allocation of one call, freed together. */
typedef struct {
    void **ptrs;
    size_t n, cap;
    int failed;
} Arena;

static void *arena_alloc(Arena *a, size_t count, size_t size) {
    if (a->failed)
        return NULL;
    if (a->n == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 64;
        void **ptrs = PyMem_Realloc(a->ptrs, cap * sizeof(void *));
        if (!ptrs) {
            a->failed = 1;
            return NULL;
        }
        a->ptrs = ptrs;
        a->cap = cap;
    }
    void *p = PyMem_Calloc(count ? count : 1, size);
    if (!p) {
        a->failed = 1;
        return NULL;
    }
    a->ptrs[a->n++] = p;
    return p;
}

static void arena_free(Arena *a) {
    for (size_t i = 0; i < a->n; i++)
        PyMem_Free(a->ptrs[i]);
    PyMem_Free(a->ptrs);
}

/* Counts wider than a count_t: the search runs once more for each prime below, modulo it,
   and each count is put together from its residues (the Chinese remainder theorem, in
   Garner's order: x = r0 + 2**128 (t1 + p1 (t2 + ...))).  The primes are just below 2**62. */
#ifdef __SIZEOF_INT128__
#define NPRIMES 4
#define PRIME_BITS 61  /* each prime is above 2**61: so many more bits of count per pass */
static const count_t PRIMES[NPRIMES] = {0x3fffffffffffffc7, 0x3fffffffffffffa9, 0x3fffffffffffff8b,
                                        0x3fffffffffffff71};
#else
#define NPRIMES 0
#define PRIME_BITS 1
static const count_t PRIMES[1] = {0};
#endif

typedef struct {
    int nmod, pw;
    limb *mods;              /* by prime i: the product of the moduli before it (pw limbs) */
    count_t inv[NPRIMES + 1]; /* by prime i: that product's inverse modulo it */
} Crt;

#ifdef __SIZEOF_INT128__
static count_t wide_mod(const limb *a, int width, count_t p) {
    count_t r = 0;
    for (int i = width - 1; i >= 0; i--)
        r = ((r << 64) | a[i]) % p;
    return r;
}

static count_t pow_mod(count_t x, count_t e, count_t p) {
    count_t out = 1;
    for (x %= p; e; e >>= 1, x = x * x % p)
        if (e & 1)
            out = out * x % p;
    return out;
}
#endif

static int crt_init(Crt *c, int nmod, int pw, Arena *a) {
    c->nmod = nmod;
    c->pw = pw;
    c->mods = NULL;
#ifdef __SIZEOF_INT128__
    if (!nmod)
        return 0;
    c->mods = arena_alloc(a, (size_t)nmod * pw, sizeof(limb));
    if (!c->mods)
        return -1;
    c->mods[2] = 1;  /* 2**128 */
    for (int i = 0; i < nmod; i++) {
        limb *m = c->mods + (size_t)i * pw;
        c->inv[i] = pow_mod(wide_mod(m, pw, PRIMES[i]), PRIMES[i] - 2, PRIMES[i]);
        if (i + 1 < nmod)
            wide_mac1(m + pw, m, wide_len(m, pw), (limb)PRIMES[i], pw);
    }
#else
    (void)a;
#endif
    return 0;
}

/* out (pw limbs, zeroed) from res[0], the count modulo 2**(8 sizeof(count_t)), and res[i],
   modulo PRIMES[i - 1] */
static void crt_solve(const Crt *c, const count_t *res, limb *out) {
    out[0] = (limb)res[0];
#ifdef __SIZEOF_INT128__
    if (c->pw > 1)
        out[1] = (limb)(res[0] >> 64);
    for (int i = 0; i < c->nmod; i++) {
        count_t p = PRIMES[i], t = (res[i + 1] + p - wide_mod(out, c->pw, p)) % p * c->inv[i] % p;
        const limb *m = c->mods + (size_t)i * c->pw;
        wide_mac1(out, m, wide_len(m, c->pw), (limb)t, c->pw);
    }
#else
    (void)c;
#endif
}

/* A reading's key: ((shown * 9 + flags) * 9 + hidden) * 9 + neighbours. */
#define KEYS (9 * 9 * 9 * 9)

/* A number's constraint on its hidden neighbours: their sum is in lo..hi.  Under a noisy clue
   model (w not NULL) sum s weighs w[s - lo], an integer; wbits bounds the bits of every w. */
typedef struct {
    int ncells;
    int cells[8];
    int lo, hi;
    const count_t *w;
    int wbits;
} Equation;

typedef struct {
    int size;
    int neq;
    int eqs[8];     /* the equations that see the box: its cells' list */
    int ncells;
    int *cells;     /* row-major */
} Box;

/* A position as the oracle sees it: equations, components, boxes. */
typedef struct {
    Py_ssize_t w, h, n;
    signed char *v;
    int neq;
    Equation *eqs;
    int *cell_neq;
    int (*cell_eqs)[8];
    long flags, hidden, frontier;
    int ncomps;
    int *comp_first_box, *comp_nboxes;
    int nboxes;
    Box *boxes;
    int *box_of;    /* cell -> box, -1 off the frontier */
    int *settled;   /* box -> its mines when every layout has the same number, else -1 */
    /* under a noisy clue model (readings not NULL; see kernel_analyze): */
    PyObject *readings;  /* the reading of each (shown, flags, hidden, neighbours) */
    int *key_count;      /* how many numbers read through each of them */
    int *keys, nkeys;    /* the readings used, in order of first use */
    int *slot_of_key;    /* a used reading's decoded weights in wdec */
    count_t (*wdec)[9];
    int *wbits;          /* by slot: the bits of its largest weight */
    int nslots;
    PyObject *constant;  /* the weight of the numbers every layout closes alike (propagation settles them) */
} Position;

/* A part of a component, counted on its own: a box settled by propagation, or a set of
   open boxes linked by constraints.  total[k] counts its layouts with k mines; marg[b][k]
   the mines in its b-th box over those layouts; each count a wide natural of pw limbs. */
typedef struct {
    int nbox;
    int *box;       /* global box numbers */
    int nsize;      /* cells + 1 */
    int pw;         /* limbs of each count (see the wide naturals) */
    limb *total;
    limb *marg;
} Part;

static int find(int *parent, int x) {
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

static const count_t CHOOSE[9][9] = {
    {1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}, {1, 5, 10, 10, 5, 1}, {1, 6, 15, 20, 15, 6, 1},
    {1, 7, 21, 35, 35, 21, 7, 1}, {1, 8, 28, 56, 70, 56, 28, 8, 1},
};

/* Reads the grid; 1 if it is not a plain grid of codes (the general path then decides). */
static int read_grid(Position *p, PyObject *grid, Arena *a) {
    p->h = PyTuple_GET_SIZE(grid);
    if (!p->h || !PyTuple_Check(PyTuple_GET_ITEM(grid, 0)))
        return 1;
    p->w = PyTuple_GET_SIZE(PyTuple_GET_ITEM(grid, 0));
    p->n = p->w * p->h;
    p->v = arena_alloc(a, p->n, 1);
    if (!p->v)
        return -1;
    for (Py_ssize_t r = 0; r < p->h; r++) {
        PyObject *row = PyTuple_GET_ITEM(grid, r);
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != p->w)
            return 1;
        for (Py_ssize_t c = 0; c < p->w; c++) {
            long x = PyLong_AsLong(PyTuple_GET_ITEM(row, c));
            if (x == -1 && PyErr_Occurred())
                return -1;
            if (x < CLEARED || x > 8)
                return 1;
            p->v[r * p->w + c] = (signed char)x;
        }
    }
    return 0;
}

#define NO_EQUATION 3

/* The reading of a number under a noisy clue model (the tuple at readings[key]: None when the
   number cannot show, (-1,) when every sum weighs alike, (lo,) one sum, (lo, w...) weights for
   the sums lo, lo + 1, ...; see countsweep.constraints.readings): its constraint in e.
   0, NO_EQUATION, INCONSISTENT, 1 for weights too large for the counts, -1 error. */
static int read_number(Position *p, Equation *e, int key, Arena *a) {
    PyObject *r = PyTuple_GET_ITEM(p->readings, key);
    if (r == Py_None || !PyTuple_Check(r) || PyTuple_GET_SIZE(r) < 1)
        return r == Py_None ? INCONSISTENT : 1;
    int first_use = !p->key_count[key]++;
    if (first_use)
        p->keys[p->nkeys++] = key;
    Py_ssize_t len = PyTuple_GET_SIZE(r);
    long lo = PyLong_AsLong(PyTuple_GET_ITEM(r, 0));
    if (lo == -1 && PyErr_Occurred())
        return -1;
    if (lo < 0)
        return NO_EQUATION;
    if (len - 2 > 8 || lo + (len > 1 ? len - 2 : 0) > e->ncells)
        return 1;  /* not a reading countsweep makes */
    e->lo = e->hi = (int)lo;
    if (len == 1)
        return 0;
    e->hi = (int)(lo + len - 2);
    if (!p->slot_of_key) {
        p->slot_of_key = arena_alloc(a, KEYS, sizeof(int));
        p->wdec = arena_alloc(a, p->n + 1, sizeof(count_t[9]));
        p->wbits = arena_alloc(a, p->n + 1, sizeof(int));
        if (a->failed)
            return -1;
    }
    int slot = p->slot_of_key[key];
    if (first_use) {  /* its weights, decoded once */
        slot = p->slot_of_key[key] = p->nslots++;
        int bits = 0;
        for (Py_ssize_t i = 1; i < len; i++) {
            unsigned long long x = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(r, i));
            if (x == (unsigned long long)-1 && PyErr_Occurred()) {
                PyErr_Clear();
                return 1;  /* a weight beyond 64 bits: the general path counts in Python integers */
            }
            p->wdec[slot][i - 1] = x;
            while (bits < 64 && (x >> bits))
                bits++;
        }
        p->wbits[slot] = bits;
    }
    e->w = p->wdec[slot];
    e->wbits = p->wbits[slot];
    return 0;
}

/* Equations in row-major order of their numbers, components, boxes; 1 for an impossible number. */
static int build(Position *p, Arena *a) {
    Py_ssize_t n = p->n, w = p->w, h = p->h;
    p->eqs = arena_alloc(a, n, sizeof(Equation));
    p->cell_neq = arena_alloc(a, n, sizeof(int));
    p->cell_eqs = arena_alloc(a, n, sizeof(int[8]));
    int *parent = arena_alloc(a, n, sizeof(int));
    int *comp_of = arena_alloc(a, n, sizeof(int));
    p->box_of = arena_alloc(a, n, sizeof(int));
    p->comp_first_box = arena_alloc(a, n, sizeof(int));
    p->comp_nboxes = arena_alloc(a, n, sizeof(int));
    p->boxes = arena_alloc(a, n, sizeof(Box));
    p->settled = arena_alloc(a, n, sizeof(int));
    int *pool = arena_alloc(a, n, sizeof(int));
    if (a->failed)
        return -1;
    p->neq = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        signed char x = p->v[i];
        if (x == FLAG)
            p->flags++;
        else if (x == HIDDEN)
            p->hidden++;
        if (x < 0)
            continue;
        Py_ssize_t r = i / w, c = i % w;
        Equation *e = &p->eqs[p->neq];
        int flags = 0, around = 0;
        e->ncells = 0;
        for (int dr = -1; dr <= 1; dr++)
            for (int dc = -1; dc <= 1; dc++) {
                Py_ssize_t rr = r + dr, cc = c + dc;
                if ((!dr && !dc) || rr < 0 || rr >= h || cc < 0 || cc >= w)
                    continue;
                around++;
                if (p->v[rr * w + cc] == HIDDEN)
                    e->cells[e->ncells++] = (int)(rr * w + cc);
                else if (p->v[rr * w + cc] == FLAG)
                    flags++;
            }
        e->w = NULL;
        e->wbits = 0;
        if (p->readings) {
            int status = read_number(p, e, ((x * 9 + flags) * 9 + e->ncells) * 9 + around, a);
            if (status == NO_EQUATION)
                continue;
            if (status)
                return status;
        } else {
            e->lo = e->hi = x - flags;
            if (e->lo < 0 || e->lo > e->ncells)
                return INCONSISTENT;
        }
        if (!e->ncells)
            continue;
        for (int k = 0; k < e->ncells; k++) {
            int j = e->cells[k];
            p->cell_eqs[j][p->cell_neq[j]++] = p->neq;
        }
        p->neq++;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        parent[i] = (int)i;
    for (int q = 0; q < p->neq; q++) {
        int root = find(parent, p->eqs[q].cells[0]);
        for (int k = 1; k < p->eqs[q].ncells; k++) {
            int other = find(parent, p->eqs[q].cells[k]);
            if (other != root)
                parent[other] = root;
        }
    }
    /* components numbered in the order of their first cell (comp_of: root's, then each cell's) */
    for (Py_ssize_t i = 0; i < n; i++)
        comp_of[i] = -1;
    p->ncomps = 0;
    int *cell_comp = parent;  /* reused below, after the roots are read */
    for (Py_ssize_t i = 0; i < n; i++) {
        if (p->v[i] != HIDDEN || !p->cell_neq[i]) {
            p->box_of[i] = -1;
            continue;
        }
        p->frontier++;
        int root = find(parent, (int)i);
        if (comp_of[root] < 0)
            comp_of[root] = p->ncomps++;
        p->box_of[i] = comp_of[root];  /* for now: the component */
    }
    for (Py_ssize_t i = 0; i < n; i++)
        cell_comp[i] = p->box_of[i];
    /* boxes: each component's cells grouped by the equations that see them, in order of first cell */
    int *cells_of_comp = arena_alloc(a, p->frontier, sizeof(int));
    int *start = arena_alloc(a, p->ncomps + 1, sizeof(int));
    if (a->failed)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++)
        if (cell_comp[i] >= 0)
            start[cell_comp[i] + 1]++;
    for (int k = 0; k < p->ncomps; k++)
        start[k + 1] += start[k];
    int *fill = arena_alloc(a, p->ncomps, sizeof(int));
    if (!fill)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++)
        if (cell_comp[i] >= 0)
            cells_of_comp[start[cell_comp[i]] + fill[cell_comp[i]]++] = (int)i;
    p->nboxes = 0;
    int used = 0;
    for (int k = 0; k < p->ncomps; k++) {
        int first = p->nboxes;
        p->comp_first_box[k] = first;
        for (int q = start[k]; q < start[k + 1]; q++) {
            int i = cells_of_comp[q], found = -1;
            /* a cell with the same equations sees the same first number, so its box is among
               the boxes of that number's earlier cells (at most 8): linear, not quadratic */
            const Equation *e = &p->eqs[p->cell_eqs[i][0]];
            for (int t = 0; t < e->ncells && found < 0; t++) {
                int j = e->cells[t];
                if (j >= i)
                    break;  /* cells are listed in order; earlier ones already have their box */
                int b = p->box_of[j];
                if (p->boxes[b].neq == p->cell_neq[i] &&
                    !memcmp(p->boxes[b].eqs, p->cell_eqs[i], sizeof(int) * p->cell_neq[i]))
                    found = b;
            }
            if (found < 0) {
                found = p->nboxes++;
                p->boxes[found].neq = p->cell_neq[i];
                memcpy(p->boxes[found].eqs, p->cell_eqs[i], sizeof(int) * p->cell_neq[i]);
            }
            p->boxes[found].size++;
            p->box_of[i] = found;
        }
        p->comp_nboxes[k] = p->nboxes - first;
        for (int b = first; b < p->nboxes; b++) {
            p->boxes[b].cells = pool + used;
            used += p->boxes[b].size;
        }
        for (int q = start[k]; q < start[k + 1]; q++) {
            Box *bx = &p->boxes[p->box_of[cells_of_comp[q]]];
            bx->cells[bx->ncells++] = cells_of_comp[q];
        }
    }
    return 0;
}

/* A decomposing DPLL count over the boxes of one component (the same search as
   countsweep.counting.dpll, without its cache): branch on a box over its values, propagate
   what the numbers then force, split what is left into independent parts, count each. */
typedef struct {
    int B, ncons;
    const int *size;         /* by box */
    const int *nbc;          /* constraints of each box */
    int (*bc)[8];
    const int *lo, *hi;      /* by constraint: the sums allowed */
    const count_t **w;       /* by constraint: the weight of each sum (NULL: all weigh 1) */
    int weighted;            /* does any constraint of the component weigh its sums? */
    int *closed;             /* scratch stamps by constraint: its weight is taken */
    int cstamp;
    const int *ncb;          /* boxes of each constraint */
    int (*cb)[8];
    int *val;                /* box value, -1 open */
    int *sum, *room, *nopen; /* by constraint: assigned sum, open cells, open boxes */
    int *trail, ntrail;
    int *queue;
    int queue_cap;
    int *mark;               /* scratch marks for splitting, with a stamp */
    int stamp;
    int *sweep_queue, *sweep_parent;  /* midpoint's scratch, by box */
    int *pos;                /* box -> its index in the boxes of the call at work */
    struct Chunk *chunk, *spare;      /* the search's scratch, a stack (see push) */
    long long nodes, max_nodes;
    Arena *arena;
    struct Memo *memo;       /* the counts of groups already met (see memo_find) */
    size_t memo_cap, memo_len, memo_bytes;
    int *key;                /* scratch for a group's key */
    count_t mod;             /* 0: counts as they are (modulo 2**128, which the bounds make exact);
                                else a prime below 2**62 that they are counted modulo (see crt) */
    int wraps;               /* may counts pass 2**128 (their residues then): no value is tested */
} Dpll;

/* A group of open boxes met before, with its counts.  A group is closed under shared
   constraints, so its counts depend only on its boxes and on the sum each of their
   constraints has reached (which fixes the constraint's residual range, and, under noisy
   clues, the weight it will take): that is the key.  Under exact clues propagation forces
   most boxes and groups rarely repeat; under noisy clues (a number that only bounds its sum
   from one side) the same far half of a frontier is met again for every value of the boxes
   near the branch, which is the cost the memo removes, as countsweep.counting.dpll's cache
   does for the Python search. */
typedef struct Memo {
    uint64_t hash;
    int klen, cells, n;
    int *key;
    count_t *total, *marg;
} Memo;

#define MEMO_BYTES ((size_t)32 << 20)  /* per component, at most: beyond, groups are counted anew */

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

static StackMark stack_mark(Dpll *d) {
    StackMark m = {d->chunk, d->chunk ? d->chunk->used : 0};
    return m;
}

/* count * size bytes on top of the stack, zeroed when asked; NULL when memory runs out */
static void *push(Dpll *d, size_t count, size_t size, int zero) {
    size_t need = (count * size + 15) & ~(size_t)15;
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
        }
        c->used = 0;
        c->prev = d->chunk;
        d->chunk = c;
    }
    void *out = d->chunk->data + d->chunk->used;
    d->chunk->used += need;
    if (zero)
        memset(out, 0, need);
    return out;
}

static void release(Dpll *d, StackMark m) {
    while (d->chunk != m.chunk) {
        Chunk *c = d->chunk;
        d->chunk = c->prev;
        if (!d->spare || d->spare->cap < c->cap) {
            PyMem_Free(d->spare);
            d->spare = c;
        } else
            PyMem_Free(c);
    }
    if (d->chunk)
        d->chunk->used = m.used;
}

static void stack_free(Dpll *d) {
    release(d, (StackMark){NULL, 0});
    PyMem_Free(d->spare);
    d->spare = NULL;
}

/* The key of a group (its boxes sorted in place first, so that one set of boxes always
   lists its boxes, and so its marginals, in one order); its length. */
static int memo_key(Dpll *d, int *group, int n) {
    for (int i = 1; i < n; i++) {  /* insertion sort: groups are small */
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
        for (int k = 0; k < d->nbc[b]; k++)
            d->key[len++] = d->sum[d->bc[b][k]];
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
    return h;
}

/* The entry for the key in d->key, or the empty slot where it would go (NULL: no memo, made
   here at the first look-up of a part's search; none when memory is short: it only saves work). */
static Memo *memo_find(Dpll *d, int len, uint64_t hash) {
    if (!d->memo) {
        if (d->memo_cap)
            return NULL;  /* memory was short */
        d->memo_cap = 64;
        d->memo = PyMem_Calloc(d->memo_cap, sizeof(Memo));
        if (!d->memo)
            return NULL;
    }
    size_t mask = d->memo_cap - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
        Memo *m = &d->memo[i];
        if (!m->key || (m->hash == hash && m->klen == len && !memcmp(m->key, d->key, sizeof(int) * len)))
            return m;
    }
}

/* Keep the counts of a group (sorted by memo_key) under its key, worked out again: the search
   of the group used d->key and may have moved the memo.  0, or -1 when memory runs out. */
static int memo_store(Dpll *d, int *group, int n, int cells, const count_t *total, const count_t *marg) {
    int len = memo_key(d, group, n);
    uint64_t hash = memo_hash(d->key, len);
    Memo *slot = memo_find(d, len, hash);
    if (!slot)
        return 0;
    size_t W = (size_t)cells + 1;
    size_t bytes = ((sizeof(int) * len + 15) & ~(size_t)15) + sizeof(count_t) * (W + (size_t)n * W);
    if (slot->key || d->memo_bytes + bytes > MEMO_BYTES)
        return 0;  /* kept already (cannot happen: a group's search meets only smaller groups), or full */
    if (2 * (d->memo_len + 1) > d->memo_cap) {  /* grow, keeping at most half full */
        size_t cap = 2 * d->memo_cap;
        Memo *grown = PyMem_Calloc(cap, sizeof(Memo));
        if (!grown)
            return 0;
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
        slot = memo_find(d, len, hash);
    }
    char *block = PyMem_Malloc(bytes);
    if (!block)
        return -1;
    count_t *counts = (count_t *)(block + ((sizeof(int) * len + 15) & ~(size_t)15));
    slot->hash = hash;
    slot->klen = len;
    slot->cells = cells;
    slot->n = n;
    slot->key = memcpy(block, d->key, sizeof(int) * len);
    slot->total = memcpy(counts, total, sizeof(count_t) * W);
    slot->marg = memcpy(counts + W, marg, sizeof(count_t) * W * n);
    d->memo_len++;
    d->memo_bytes += bytes;
    return 0;
}

static void memo_free(Dpll *d) {
    for (size_t i = 0; d->memo && i < d->memo_cap; i++)
        PyMem_Free(d->memo[i].key);  /* the entry's block starts with its key */
    PyMem_Free(d->memo);
    d->memo = NULL;
    d->memo_cap = d->memo_len = d->memo_bytes = 0;
}

/* Give box b the value x and propagate; 0 on conflict (undo is the caller's). */
static int assign(Dpll *d, int b, int x) {
    int head = 0, tail = 0, conflict = 0;
    d->queue[tail++] = b;
    d->queue[tail++] = x;
    while (head < tail && !conflict) {
        int u = d->queue[head++], y = d->queue[head++];
        if (d->val[u] >= 0) {
            if (d->val[u] != y)
                conflict = 1;
            continue;
        }
        d->val[u] = y;
        d->trail[d->ntrail++] = u;
        int s = d->size[u];
        for (int k = 0; k < d->nbc[u]; k++) {
            int c = d->bc[u][k];
            d->sum[c] += y;
            d->room[c] -= s;
            d->nopen[c]--;
            int t = d->sum[c], f = d->room[c], lo = d->lo[c], hi = d->hi[c];
            if (t > hi || t + f < lo) {
                conflict = 1;
                continue;
            }
            if (!f || conflict)
                continue;
            int rule = t == hi ? 0 : t + f == lo ? 1 : d->nopen[c] == 1 && lo == hi ? 2 : -1;
            if (rule < 0)
                continue;
            for (int q = 0; q < d->ncb[c]; q++) {
                int w = d->cb[c][q];
                if (d->val[w] >= 0)
                    continue;
                if (tail + 2 > d->queue_cap)
                    return -1;  /* cannot happen: the queue holds every push of one propagation */
                d->queue[tail++] = w;
                d->queue[tail++] = rule == 0 ? 0 : rule == 1 ? d->size[w] : lo - t;
            }
        }
    }
    return !conflict;
}

static void undo(Dpll *d, int mark) {
    while (d->ntrail > mark) {
        int u = d->trail[--d->ntrail], y = d->val[u], s = d->size[u];
        d->val[u] = -1;
        for (int k = 0; k < d->nbc[u]; k++) {
            int c = d->bc[u][k];
            d->sum[c] -= y;
            d->room[c] += s;
            d->nopen[c]++;
        }
    }
}

/* BFS over the open boxes from start: the last one reached; parent[] filled when given. */
static int sweep(Dpll *d, int start, int *queue, int *parent) {
    int head = 0, tail = 0, last = start;
    d->stamp++;
    d->mark[start] = d->stamp;
    queue[tail++] = start;
    if (parent)
        parent[start] = start;
    while (head < tail) {
        int u = queue[head++];
        last = u;
        for (int k = 0; k < d->nbc[u]; k++) {
            int c = d->bc[u][k];
            for (int q = 0; q < d->ncb[c]; q++) {
                int w = d->cb[c][q];
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

static int midpoint(Dpll *d, const int *boxes, int n) {
    if (n < 3)
        return boxes[0];
    int *queue = d->sweep_queue, *parent = d->sweep_parent;
    int a = sweep(d, boxes[0], queue, NULL);
    int b = sweep(d, a, queue, parent);
    int len = 1;
    for (int u = b; u != a; u = parent[u])
        len++;
    int u = b;
    for (int i = 0; i < len / 2; i++)
        u = parent[u];
    return u;
}

#if defined(__GNUC__) || defined(__clang__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

/* x + y * z, as counts are (mod 0) or modulo mod, one of PRIMES, 2**62 - c for a small c:
   2**62 is c modulo it, so a value's bits above 62 fold down times c, twice, with no division.
   x, y, z below mod when there is one. */
static ALWAYS_INLINE count_t mac(count_t x, count_t y, count_t z, count_t mod) {
    if (!mod)
        return x + y * z;
#ifdef __SIZEOF_INT128__
    const count_t low = ((count_t)1 << 62) - 1, c = low + 1 - mod;
    count_t v = x + y * z;         /* below 2**125 */
    v = (v >> 62) * c + (v & low); /* below 2**71 + 2**62: c is below 2**8 */
    v = (v >> 62) * c + (v & low); /* below 2**62 + 2**18: at most one mod too many */
    if (v >= mod)
        v -= mod;
    return v;
#else
    return x + y * z;  /* not reached: without __int128 there are no primes (NPRIMES is 0) */
#endif
}

/* acc (degree deg) times the polynomial p (degree dp), in place, through the scratch row
 * next; both rows hold W coefficients.  Returns the product's degree. */
static ALWAYS_INLINE int times_poly(count_t *acc, int deg, const count_t *p, int dp, count_t *next, int W,
                                    count_t mod) {
    memset(next, 0, sizeof(count_t) * W);
    for (int i = 0; i <= deg; i++)
        if (acc[i])
            for (int j = 0; j <= dp; j++)
                if (p[j])
                    next[i + j] = mac(next[i + j], acc[i], p[j], mod);
    memcpy(acc, next, sizeof(count_t) * W);
    return deg + dp;
}

static int dpll_count_plain(Dpll *d, const int *boxes, int n, int cells, count_t *total, count_t *marg);
static int dpll_count_modular(Dpll *d, const int *boxes, int n, int cells, count_t *total, count_t *marg);

/* total[k] (length cells + 1) and marg[i][k] for the open boxes[0..n), counted over their
   fillings; both arrays zeroed by the caller.  0 done, 1 past the node limit, -1 no memory.
   Every step is a sum of products, so counting modulo a prime (or modulo 2**128, past it)
   gives the counts' residues; the one test on a value, whether a group has any layout, is a
   shortcut only taken when the counts are exact.  Compiled twice: mod a constant 0 (plain)
   and mod d->mod. */
static ALWAYS_INLINE int dpll_count_with(Dpll *d, const int *boxes, int n, int cells, count_t *total,
                                         count_t *marg, count_t mod) {
    int W = cells + 1, status = 0;
    if (!n) {
        total[0] = 1;
        return 0;
    }
    if (++d->nodes > d->max_nodes)
        return 1;
    if (!(d->nodes & 0xffff) && PyErr_CheckSignals() < 0)
        return -1;  /* a time limit (or Ctrl-C) stops a long enumeration too */
    /* branch near the middle of the part (the midpoint of a double BFS sweep): a long thin
       frontier splits in halves, so the depth grows with the logarithm of its length */
    int pick = midpoint(d, boxes, n);
    /* scratch of this call, given back on every way out */
    StackMark base = stack_mark(d);
    int *pos = d->pos;                                     /* box -> index in boxes */
    int *group = push(d, n, sizeof(int), 0);
    int *gstart = push(d, n + 1, sizeof(int), 0);
    int *gcells = push(d, n + 1, sizeof(int), 0);
    count_t *acc = push(d, W, sizeof(count_t), 0);
    count_t *tmp = push(d, W, sizeof(count_t), 0);
    count_t *next = push(d, W, sizeof(count_t), 0);
    count_t **gt = push(d, n, sizeof(count_t *), 1);
    count_t **gm = push(d, n, sizeof(count_t *), 1);
    int ngroups = 0;
    if (!group || !gstart || !gcells || !acc || !tmp || !next || !gt || !gm) {
        status = -1;
        goto out;
    }
    for (int x = 0; x <= d->size[pick] && !status; x++) {
        int mark = d->ntrail;
        int fit = assign(d, pick, x);
        if (fit < 0) {
            status = -1;
            undo(d, mark);
            break;
        }
        if (!fit) {
            undo(d, mark);
            continue;
        }
        /* what the branch fixed: weight C(s, v), and v more mines, for each */
        count_t weight = 1;
        int shift = 0, nothing = 0;
        for (int t = mark; t < d->ntrail; t++) {
            int u = d->trail[t];
            weight = mac(0, weight, CHOOSE[d->size[u]][d->val[u]], mod);
            shift += d->val[u];
        }
        /* under noisy clues, the numbers the branch closed: the weight of the sum each reached
           (a number closes once on the way down, when its last open box is given a value) */
        if (d->weighted) {
            d->cstamp++;
            for (int t = mark; t < d->ntrail && !nothing; t++) {
                int u = d->trail[t];
                for (int k = 0; k < d->nbc[u]; k++) {
                    int c = d->bc[u][k];
                    if (d->nopen[c] || !d->w[c] || d->closed[c] == d->cstamp)
                        continue;
                    d->closed[c] = d->cstamp;
                    count_t x = d->w[c][d->sum[c] - d->lo[c]];
                    nothing |= !x;
                    weight = mac(0, weight, mod ? x % mod : x, mod);
                }
            }
            if (nothing) {  /* a sum no true number shows: no layout here */
                undo(d, mark);
                continue;
            }
        }
        /* the open boxes left, in groups linked by constraints (BFS) */
        int nrest = 0;
        ngroups = 0;
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
                gcells[ngroups] += d->size[u];
                for (int k = 0; k < d->nbc[u]; k++) {
                    int c = d->bc[u][k];
                    for (int q = 0; q < d->ncb[c]; q++) {
                        int w = d->cb[c][q];
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
        /* count each group */
        int dead = 0;
        StackMark groups_mark = stack_mark(d);
        for (int g = 0; g < ngroups && !dead && !status; g++) {
            int ng = gstart[g + 1] - gstart[g];
            gt[g] = push(d, gcells[g] + 1, sizeof(count_t), 1);
            gm[g] = push(d, (size_t)ng * (gcells[g] + 1), sizeof(count_t), 1);
            if (!gt[g] || !gm[g]) {
                status = -1;
                break;
            }
            int len = memo_key(d, group + gstart[g], ng);
            uint64_t hash = memo_hash(d->key, len);
            Memo *slot = memo_find(d, len, hash);
            if (slot && slot->key) {
                memcpy(gt[g], slot->total, sizeof(count_t) * (gcells[g] + 1));
                memcpy(gm[g], slot->marg, sizeof(count_t) * (gcells[g] + 1) * ng);
            } else {
                status = mod ? dpll_count_modular(d, group + gstart[g], ng, gcells[g], gt[g], gm[g])
                             : dpll_count_plain(d, group + gstart[g], ng, gcells[g], gt[g], gm[g]);
                if (!status && memo_store(d, group + gstart[g], ng, gcells[g], gt[g], gm[g]) < 0)
                    status = -1;
            }
            int any = 0;
            for (int m = 0; m <= gcells[g]; m++)
                any |= gt[g][m] != 0;
            dead = !any && !mod && !d->wraps;
        }
        if (!dead && !status) {
            /* branch total: weight * x^shift * the product of the groups */
            memset(acc, 0, sizeof(count_t) * W);
            acc[shift] = weight;
            int deg = shift;
            for (int g = 0; g < ngroups; g++)
                deg = times_poly(acc, deg, gt[g], gcells[g], next, W, mod);
            for (int m = 0; m < W; m++)
                total[m] = mac(total[m], acc[m], 1, mod);
            for (int i = 0; i < n; i++)  /* the groups' own calls used pos for their boxes */
                pos[boxes[i]] = i;
            /* the boxes the branch fixed: value * branch total */
            for (int t = mark; t < d->ntrail; t++) {
                int u = d->trail[t], y = d->val[u];
                if (!y)
                    continue;
                count_t *row = marg + (size_t)pos[u] * W;
                for (int m = 0; m < W; m++)
                    row[m] = mac(row[m], (count_t)y, acc[m], mod);
            }
            /* a group's boxes: their marginals times the weight, the shift and the other groups */
            for (int g = 0; g < ngroups; g++) {
                memset(tmp, 0, sizeof(count_t) * W);
                tmp[shift] = weight;
                int odeg = shift;
                for (int h = 0; h < ngroups; h++) {
                    if (h == g)
                        continue;
                    odeg = times_poly(tmp, odeg, gt[h], gcells[h], next, W, mod);
                }
                int ng = gstart[g + 1] - gstart[g], Wg = gcells[g] + 1;
                for (int q = 0; q < ng; q++) {
                    count_t *src = gm[g] + (size_t)q * Wg;
                    count_t *row = marg + (size_t)pos[group[gstart[g] + q]] * W;
                    for (int i = 0; i <= odeg; i++)
                        if (tmp[i])
                            for (int j = 0; j < Wg; j++)
                                if (src[j])
                                    row[i + j] = mac(row[i + j], tmp[i], src[j], mod);
                }
            }
        }
        for (int g = 0; g < ngroups; g++)
            gt[g] = gm[g] = NULL;
        release(d, groups_mark);
        undo(d, mark);
    }
out:
    release(d, base);
    return status;
}

static int dpll_count_plain(Dpll *d, const int *boxes, int n, int cells, count_t *total, count_t *marg) {
    return dpll_count_with(d, boxes, n, cells, total, marg, 0);
}

static int dpll_count_modular(Dpll *d, const int *boxes, int n, int cells, count_t *total, count_t *marg) {
    return dpll_count_with(d, boxes, n, cells, total, marg, d->mod);
}

static int dpll_count(Dpll *d, const int *boxes, int n, int cells, count_t *total, count_t *marg) {
    return d->mod ? dpll_count_modular(d, boxes, n, cells, total, marg)
                  : dpll_count_plain(d, boxes, n, cells, total, marg);
}

/* Component k into parts: propagation settles what the numbers force, the open boxes split
   into independent parts, each enumerated.  0 done, 1 the general path must decide, -1 error. */
static int solve_component(Position *p, int k, Part *parts, int *nparts, int max_cells, long long max_nodes,
                           Arena *a) {
    int first = p->comp_first_box[k], B = p->comp_nboxes[k];
    int *local = arena_alloc(a, p->neq, sizeof(int));       /* equation -> local constraint, -1 */
    int *lo = arena_alloc(a, B * 8, sizeof(int)), *hi = arena_alloc(a, B * 8, sizeof(int));
    int *wbits = arena_alloc(a, B * 8, sizeof(int));
    const count_t **wt = arena_alloc(a, B * 8, sizeof(count_t *));
    int *cons_nbox = arena_alloc(a, B * 8, sizeof(int));
    int (*cons_box)[8] = arena_alloc(a, B * 8, sizeof(int[8]));  /* a number's boxes: at most 8 */
    int *fixed = arena_alloc(a, B, sizeof(int));
    int *queue = arena_alloc(a, B * 8 * 9 + 16, sizeof(int));
    if (a->failed)
        return -1;
    for (int q = 0; q < p->neq; q++)
        local[q] = -1;
    int ncons = 0;
    for (int b = 0; b < B; b++) {
        Box *bx = &p->boxes[first + b];
        fixed[b] = -1;
        for (int t = 0; t < bx->neq; t++) {
            int q = bx->eqs[t];
            if (local[q] < 0) {
                local[q] = ncons;
                lo[ncons] = p->eqs[q].lo;
                hi[ncons] = p->eqs[q].hi;
                wt[ncons] = p->eqs[q].w;
                wbits[ncons] = p->eqs[q].wbits;
                ncons++;
            }
            int c = local[q];
            cons_box[c][cons_nbox[c]++] = b;
        }
    }
    /* propagation, constraint by constraint until nothing changes */
    int head = 0, tail = 0, cap = B * 8 * 9 + 16;
    char *queued = arena_alloc(a, ncons, 1);
    if (!queued)
        return -1;
    for (int c = 0; c < ncons; c++) {
        queue[tail++] = c;
        queued[c] = 1;
    }
    while (head != tail) {
        int c = queue[head];
        head = (head + 1) % cap;
        queued[c] = 0;
        int sum = 0, room = 0, open = 0, last = -1;
        for (int t = 0; t < cons_nbox[c]; t++) {
            int b = cons_box[c][t];
            if (fixed[b] >= 0)
                sum += fixed[b];
            else {
                room += p->boxes[first + b].size;
                open++;
                last = b;
            }
        }
        if (sum > hi[c] || sum + room < lo[c])
            return INCONSISTENT;
        if (!open)
            continue;
        int settle_all = sum == hi[c] ? 0 : sum + room == lo[c] ? 1 : -1;
        if (settle_all < 0 && (open != 1 || lo[c] != hi[c]))
            continue;
        for (int t = 0; t < cons_nbox[c]; t++) {
            int b = cons_box[c][t];
            if (fixed[b] >= 0)
                continue;
            int s = p->boxes[first + b].size;
            fixed[b] = settle_all == 0 ? 0 : settle_all == 1 ? s : lo[c] - sum;
            if (settle_all < 0 && b != last)
                return -1;  /* cannot happen: one open box */
            Box *bx = &p->boxes[first + b];
            for (int u = 0; u < bx->neq; u++) {
                int d = local[bx->eqs[u]];
                if (!queued[d]) {
                    queued[d] = 1;
                    queue[tail] = d;
                    tail = (tail + 1) % cap;
                }
            }
        }
    }
    /* settled boxes: the same number of mines in every layout (see combine) */
    for (int b = 0; b < B; b++)
        p->settled[first + b] = fixed[b];
    /* a weighing number whose boxes are all settled weighs the same in every layout */
    int weighted = 0;
    for (int c = 0; c < ncons; c++) {
        if (!wt[c])
            continue;
        weighted = 1;
        int sum = 0, open = 0;
        for (int t = 0; t < cons_nbox[c]; t++) {
            int b = cons_box[c][t];
            if (fixed[b] >= 0)
                sum += fixed[b];
            else
                open = 1;
        }
        if (open)
            continue;
        count_t x = wt[c][sum - lo[c]];
        if (!x)
            return INCONSISTENT;
        if (x != 1) {
            PyObject *f = count_to_long(x), *next = f ? PyNumber_Multiply(p->constant, f) : NULL;
            Py_XDECREF(f);
            if (!next)
                return -1;
            Py_SETREF(p->constant, next);
        }
    }
    /* the open boxes, linked by the constraints they share */
    int *order = arena_alloc(a, B, sizeof(int));
    int *placed = arena_alloc(a, B, sizeof(int));
    int *seen = arena_alloc(a, ncons, sizeof(int)), stamp = 0;
    if (a->failed)
        return -1;
    /* the search state over the component, the settled boxes fixed */
    Dpll d;
    memset(&d, 0, sizeof(d));
    d.B = B;
    d.ncons = ncons;
    d.arena = a;
    d.max_nodes = max_nodes;
    int *size = arena_alloc(a, B, sizeof(int)), *nbc = arena_alloc(a, B, sizeof(int));
    int (*bc)[8] = arena_alloc(a, B, sizeof(int[8]));
    d.val = arena_alloc(a, B, sizeof(int));
    d.sum = arena_alloc(a, ncons, sizeof(int));
    d.room = arena_alloc(a, ncons, sizeof(int));
    d.nopen = arena_alloc(a, ncons, sizeof(int));
    d.trail = arena_alloc(a, B, sizeof(int));
    d.queue_cap = 2 * (65 * (B + 1) + 2);  /* an assignment fires at most 8 numbers of at most 8 boxes */
    d.queue = arena_alloc(a, d.queue_cap, sizeof(int));
    d.mark = arena_alloc(a, B, sizeof(int));
    d.sweep_queue = arena_alloc(a, B, sizeof(int));
    d.sweep_parent = arena_alloc(a, B, sizeof(int));
    d.pos = arena_alloc(a, B, sizeof(int));
    d.key = arena_alloc(a, 1 + 9 * (size_t)B, sizeof(int));
    if (a->failed)
        return -1;
    for (int b = 0; b < B; b++) {
        Box *bx = &p->boxes[first + b];
        size[b] = bx->size;
        d.val[b] = fixed[b];
        for (int u = 0; u < bx->neq; u++)
            bc[b][nbc[b]++] = local[bx->eqs[u]];
    }
    for (int c = 0; c < ncons; c++)
        for (int q = 0; q < cons_nbox[c]; q++) {
            int b = cons_box[c][q];
            if (fixed[b] >= 0)
                d.sum[c] += fixed[b];
            else {
                d.room[c] += size[b];
                d.nopen[c]++;
            }
        }
    d.size = size;
    d.nbc = nbc;
    d.bc = bc;
    d.lo = lo;
    d.hi = hi;
    d.w = wt;
    d.weighted = weighted;
    d.closed = arena_alloc(a, ncons, sizeof(int));
    if (!d.closed)
        return -1;
    d.ncb = cons_nbox;
    d.cb = cons_box;
    for (int b0 = 0; b0 < B; b0++) {
        if (fixed[b0] >= 0 || placed[b0])
            continue;
        /* the part of b0: BFS over shared constraints */
        int n = 0, cells = 0, h2 = 0;
        order[n++] = b0;
        placed[b0] = 1;
        while (h2 < n) {
            Box *bx = &p->boxes[first + order[h2++]];
            for (int u = 0; u < bx->neq; u++) {
                int c = local[bx->eqs[u]];
                for (int t = 0; t < cons_nbox[c]; t++) {
                    int b = cons_box[c][t];
                    if (fixed[b] < 0 && !placed[b]) {
                        placed[b] = 1;
                        order[n++] = b;
                    }
                }
            }
        }
        for (int q = 0; q < n; q++)
            cells += p->boxes[first + order[q]].size;
        /* a part's counts stay below its layouts (at most 2**cells) times its numbers' largest
           weights, and a box's marginal below 8 times that: all in a count_t, or the general
           path counts the part */
        int wsum = 0;
        if (weighted) {
            stamp++;
            for (int q = 0; q < n; q++) {
                Box *bx = &p->boxes[first + order[q]];
                for (int u = 0; u < bx->neq; u++) {
                    int c = local[bx->eqs[u]];
                    if (seen[c] != stamp) {
                        seen[c] = stamp;
                        wsum += wbits[c];
                    }
                }
            }
        }
        if (cells > max_cells || cells > MAX_CELLS)
            return 1;
        int W = cells + 1, native = 8 * (int)sizeof(count_t);
        int status = 0, bits = cells + 3 + wsum, nmod = 0;
        count_t *rt[1 + NPRIMES], *rm[1 + NPRIMES];  /* the counts' residues, one pass each */
        rt[0] = arena_alloc(a, W, sizeof(count_t));
        rm[0] = arena_alloc(a, (size_t)n * W, sizeof(count_t));
        if (a->failed)
            return -1;
        if (bits > native) {
            /* 2**cells layouts is too loose a bound here: count the layouts themselves first,
               unweighted (the numbers' ranges alone; fewer than 2**cells, so they fit) */
            d.weighted = 0;
            d.nodes = 0;
            status = dpll_count(&d, order, n, cells, rt[0], rm[0]);
            stack_free(&d);
            memo_free(&d);  /* its counts are unweighted */
            d.weighted = weighted;
            if (status)
                return status;  /* past the node limit: the general path counts it */
            count_t layouts = 0;
            for (int m = 0; m < W; m++)
                layouts += rt[0][m];
            bits = bit_length(layouts) + 3 + wsum;
            memset(rt[0], 0, sizeof(count_t) * W);
            memset(rm[0], 0, sizeof(count_t) * (size_t)n * W);
        }
        /* counts past the native width: their residues modulo primes too (crt) */
        while (native + PRIME_BITS * nmod < bits)
            nmod++;
        if (nmod > NPRIMES)
            return 1;
        for (int r = 1; r <= nmod; r++) {
            rt[r] = arena_alloc(a, W, sizeof(count_t));
            rm[r] = arena_alloc(a, (size_t)n * W, sizeof(count_t));
        }
        if (a->failed)
            return -1;
        d.wraps = nmod > 0;
        for (int r = 0; r <= nmod && !status; r++) {
            d.mod = r ? PRIMES[r - 1] : 0;
            d.nodes = 0;
            status = dpll_count(&d, order, n, cells, rt[r], rm[r]);
            stack_free(&d);
            memo_free(&d);  /* parts share no box, and passes no residue: a memo for each */
        }
        d.mod = 0;
        d.wraps = 0;
        if (status)
            return status;  /* past the node limit: the general path counts it */
        int pw = nmod ? (native + 62 * nmod) / 64 + 2 : (int)(sizeof(count_t) / sizeof(limb));
        limb *total = arena_alloc(a, (size_t)W * pw, sizeof(limb));
        limb *marg = arena_alloc(a, (size_t)n * W * pw, sizeof(limb));
        Crt crt;
        if (!total || !marg || crt_init(&crt, nmod, pw, a) < 0)
            return -1;
        count_t res[1 + NPRIMES];
        for (size_t e = 0; e < (size_t)W * (n + 1); e++) {
            limb *out = e < (size_t)W ? total + e * pw : marg + (e - W) * pw;
            for (int r = 0; r <= nmod; r++)
                res[r] = e < (size_t)W ? rt[r][e] : rm[r][e - W];
            crt_solve(&crt, res, out);
        }
        int any = 0;
        for (int m = 0; m < W; m++)
            any |= wide_len(total + (size_t)m * pw, pw) != 0;
        if (!any)
            return INCONSISTENT;
        Part *part = &parts[(*nparts)++];
        part->nbox = n;
        part->box = arena_alloc(a, n, sizeof(int));
        if (!part->box)
            return -1;
        part->nsize = cells + 1;
        part->pw = pw;
        part->total = total;
        part->marg = marg;
        for (int q = 0; q < n; q++)
            part->box[q] = first + order[q];
    }
    return 0;
}

/* Python-integer polynomials: arrays of new references. */

static void poly_free(PyObject **poly, Py_ssize_t n) {
    if (!poly)
        return;
    for (Py_ssize_t i = 0; i < n; i++)
        Py_XDECREF(poly[i]);
    PyMem_Free(poly);
}

static PyObject **poly_zero(Py_ssize_t n) {
    PyObject **poly = PyMem_Calloc(n ? n : 1, sizeof(PyObject *));
    if (!poly)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        poly[i] = PyLong_FromLong(0);
        if (!poly[i]) {
            poly_free(poly, i);
            return NULL;
        }
    }
    return poly;
}

static PyObject *math_comb;  /* math.comb, looked up when the module loads */

/* out[i] = C(n, top - i) for i = 0..count-1 (zero where top - i is outside 0..n), rows of
   width limbs zeroed by the caller: one math.comb, then C(n, t - 1) = C(n, t) * t / (n - t + 1)
   downwards (the width holds C(n, t) * t: 64 bits over 2**n). */
static int wide_binomials_down(long n, long top, long count, limb *out, int width) {
    if (n < 0)
        return 0;
    long i = top > n ? top - n : 0;
    if (i >= count || top - i < 0)
        return 0;
    PyObject *c = PyObject_CallFunction(math_comb, "ll", n, top - i);
    int bad = !c || wide_from_long(out + (size_t)i * width, width, c) < 0;
    Py_XDECREF(c);
    if (bad)
        return -1;
    for (i = i + 1; i < count && top - i >= 0; i++) {
        long t = top - i + 1;  /* from C(n, t) to C(n, t - 1) */
        limb *row = out + (size_t)i * width;
        memcpy(row, row - width, sizeof(limb) * width);
        wide_mul_small(row, width, (limb)t);
        wide_div_small(row, width, (limb)(n - t + 1));
    }
    return 0;
}

/* The oracle's combination: every box's mine count and the sea's, in Python integers.
   Fills num[b], den[b], mines[b] for each box and the sea's at index nboxes; count, scale.
   Settled boxes hold v of their s cells' mines in every layout: a factor C(s, v) and v more
   mines for the count, probability v / s for their cells; the parts are multiplied out.
   0 done, 1 no layout meets the total (the general path words it), -1 error. */
static int combine(Position *p, Part *parts, int nparts, long mines, PyObject **num, PyObject **den,
                   PyObject **mines_of, PyObject **count_out, PyObject **scale_out) {
    int status = -1;
    Py_ssize_t S = p->hidden - p->frontier;
    limb **prefix = PyMem_Calloc(nparts + 1, sizeof(limb *));
    Py_ssize_t *nprefix = PyMem_Calloc(nparts + 1, sizeof(Py_ssize_t));
    limb *ways = NULL, *cur = NULL, *next = NULL, *weight = NULL, *acc = NULL, *sum_scratch = NULL;
    unsigned char *bytes = NULL;
    int maxpw = 1;
    for (int k = 0; k < nparts; k++)
        maxpw = parts[k].pw > maxpw ? parts[k].pw : maxpw;
    PyObject *count = NULL, *scale = NULL, *fixed = NULL, *bare = NULL;
    long shift = 0;
    sum_scratch = PyMem_Calloc(maxpw + 1, sizeof(limb));
    bytes = PyMem_Malloc((size_t)(maxpw + 1) * 8);  /* grown for the sea's widths below */
    if (!prefix || !nprefix || !sum_scratch || !bytes)
        goto out;
    /* the settled boxes' factor and mines; the numbers that weigh alike in every layout start it
       (1 under exact clues) */
    Py_INCREF(p->constant);
    fixed = p->constant;
    for (int b = 0; b < p->nboxes; b++) {
        if (p->settled[b] < 0)
            continue;
        shift += p->settled[b];
        PyObject *c = count_to_long(CHOOSE[p->boxes[b].size][p->settled[b]]);
        PyObject *nxt = c ? PyNumber_Multiply(fixed, c) : NULL;
        Py_XDECREF(c);
        Py_SETREF(fixed, nxt);
        if (!fixed)
            goto out;
    }
    if (mines < 0) {
        /* no total: frontier assignments, the sea 1/2 */
        Py_INCREF(fixed);
        count = fixed;
        PyObject **own = poly_zero(nparts);
        if (!own)
            goto out;
        for (int k = 0; k < nparts; k++) {
            Py_SETREF(own[k], wide_sum(parts[k].total, parts[k].nsize, parts[k].pw, 1, sum_scratch, bytes));
            PyObject *next = own[k] ? PyNumber_Multiply(count, own[k]) : NULL;
            Py_SETREF(count, next);
            if (!count) {
                poly_free(own, nparts);
                goto out;
            }
        }
        PyObject *two = PyLong_FromLong(2);
        scale = two ? PyNumber_Multiply(count, two) : NULL;
        int bad = !scale;
        for (int k = 0; k < nparts && !bad; k++) {
            PyObject *rest = PyNumber_FloorDivide(count, own[k]);
            for (int q = 0; q < parts[k].nbox && rest && !bad; q++) {
                int b = parts[k].box[q];
                num[b] = wide_sum(parts[k].marg + (size_t)q * parts[k].nsize * parts[k].pw, parts[k].nsize,
                                  parts[k].pw, (limb)p->boxes[b].size, sum_scratch, bytes);
                Py_INCREF(own[k]);
                den[b] = own[k];
                PyObject *t = num[b] ? PyNumber_Multiply(num[b], rest) : NULL;
                mines_of[b] = t ? PyNumber_Multiply(t, two) : NULL;
                Py_XDECREF(t);
                bad = !mines_of[b];
            }
            bad |= !rest;
            Py_XDECREF(rest);
        }
        for (int b = 0; b < p->nboxes && !bad; b++) {
            if (p->settled[b] < 0)
                continue;
            PyObject *v = PyLong_FromLong(p->settled[b]), *s = PyLong_FromLong(p->boxes[b].size);
            PyObject *t = v && s ? PyNumber_Multiply(scale, v) : NULL;
            mines_of[b] = t ? PyNumber_FloorDivide(t, s) : NULL;
            num[b] = v;
            den[b] = s;
            Py_XDECREF(t);
            bad = !mines_of[b];
        }
        Py_XDECREF(two);
        poly_free(own, nparts);
        if (bad)
            goto out;
        if (S) {
            num[p->nboxes] = PyLong_FromLong(1);
            den[p->nboxes] = PyLong_FromLong(2);
            Py_INCREF(count);
            mines_of[p->nboxes] = count;
        }
    } else {
        long left = mines - p->flags - shift;  /* the mines the parts and the sea share */
        if (left < 0) {
            status = INCONSISTENT;
            goto out;
        }
        /* widths: a product of parts is below 2**pbits (each part's total below 2**bits of it);
           every value with the sea in it below 2**(S + pbits) times 8 (a box's marginal), and a
           binomial step needs 64 bits more: Wp limbs for the first, W for the rest */
        long pbits = 0;
        for (int k = 0; k < nparts; k++) {
            int pw = parts[k].pw;
            wide_sum_rows(parts[k].total, parts[k].nsize, pw, sum_scratch);
            int len = wide_len(sum_scratch, pw + 1);
            pbits += len ? 64 * (len - 1) + bit_length(sum_scratch[len - 1]) : 0;
        }
        int Wp = (int)(pbits / 64) + 1, W = (int)((S + pbits + 4) / 64) + 2;
        /* prefix[k]: the parts before k multiplied out, by mines */
        nprefix[0] = 1;
        if (!(prefix[0] = PyMem_Calloc(Wp, sizeof(limb))))
            goto out;
        prefix[0][0] = 1;
        for (int k = 0; k < nparts; k++) {
            Py_ssize_t na = parts[k].nsize;
            nprefix[k + 1] = nprefix[k] + na - 1;
            if (PyErr_CheckSignals() < 0 || !(prefix[k + 1] = PyMem_Calloc(nprefix[k + 1] * Wp, sizeof(limb))))
                goto out;
            for (Py_ssize_t i = 0; i < nprefix[k]; i++) {
                const limb *a = prefix[k] + i * Wp;
                int la = wide_len(a, Wp);
                for (Py_ssize_t j = 0; j < na && la; j++) {
                    const limb *tj = parts[k].total + j * parts[k].pw;
                    wide_mac(prefix[k + 1] + (i + j) * Wp, a, la, tj, wide_len(tj, parts[k].pw), Wp);
                }
            }
        }
        const limb *product = prefix[nparts];
        Py_ssize_t nproduct = nprefix[nparts];
        /* ways[j]: the sea's fillings when the parts hold j of them (j below the product's degree) */
        long nways = left + 1 < (long)nproduct ? left + 1 : (long)nproduct;
        size_t row = (size_t)W;
        ways = PyMem_Calloc((size_t)nways * row, sizeof(limb));
        cur = PyMem_Calloc((size_t)nways * row, sizeof(limb));
        next = PyMem_Calloc((size_t)nways * row, sizeof(limb));
        acc = PyMem_Calloc(row, sizeof(limb));
        PyMem_Free(bytes);
        bytes = PyMem_Malloc(row * 8);
        if (!ways || !cur || !next || !acc || !bytes || wide_binomials_down((long)S, left, nways, ways, W) < 0)
            goto out;
        wide_dot(acc, ways, W, product, Wp, nways);
        PyObject *sum = wide_to_long(acc, W, bytes);
        count = sum ? PyNumber_Multiply(sum, fixed) : NULL;
        bare = sum;  /* the count without the settled factor: a smaller denominator to reduce */
        if (!count)
            goto out;
        if (!PyObject_IsTrue(count)) {
            status = INCONSISTENT;
            goto out;
        }
        Py_INCREF(count);
        scale = count;
        /* part k's weight of x mines sums, over what the parts before it hold (y mines,
           prefix[k][y] ways), the ways the parts after it and the sea fill the rest:
           after[k + 1][x + y], with after[nparts] = ways and
           after[k][z] = sum_j total[k][j] * after[k + 1][z + j], built from the back (cur holds
           after[k + 1]).  These cost a part's degree times the number of sea rows each, where
           multiplying the parts around each part out would cost the product's degree squared. */
        memcpy(cur, ways, sizeof(limb) * (size_t)nways * row);
        for (int k = nparts - 1; k >= 0; k--) {
            Py_ssize_t na = parts[k].nsize;
            if (PyErr_CheckSignals() < 0 || !(weight = PyMem_Calloc((size_t)na * row, sizeof(limb))))
                goto out;
            int pw = parts[k].pw;
            for (Py_ssize_t x = 0; x < na; x++) {
                if (!wide_len(parts[k].total + x * pw, pw))
                    continue;  /* no layout of the part holds x mines */
                for (Py_ssize_t y = 0; y < nprefix[k] && x + y < nways; y++) {
                    const limb *a = prefix[k] + y * Wp, *c = cur + (x + y) * row;
                    wide_mac(weight + x * row, c, wide_len(c, W), a, wide_len(a, Wp), W);
                }
            }
            for (int q = 0; q < parts[k].nbox; q++) {
                int b = parts[k].box[q];
                memset(acc, 0, sizeof(limb) * row);
                for (Py_ssize_t x = 0; x < na; x++) {
                    const limb *m = parts[k].marg + ((size_t)q * na + x) * pw;
                    int lm = wide_len(m, pw);
                    if (lm)
                        wide_mac(acc, weight + x * row, wide_len(weight + x * row, W), m, lm, W);
                }
                wide_div_small(acc, W, (limb)p->boxes[b].size);  /* a box's cells share its mines */
                num[b] = wide_to_long(acc, W, bytes);
                mines_of[b] = num[b] ? PyNumber_Multiply(num[b], fixed) : NULL;
                if (!mines_of[b])
                    goto out;
                Py_INCREF(bare);
                den[b] = bare;
            }
            PyMem_Free(weight);
            weight = NULL;
            if (k) {  /* after[k], as far as part k - 1 reads it */
                long upto = (long)nprefix[k] < nways ? (long)nprefix[k] : nways;
                memset(next, 0, sizeof(limb) * (size_t)nways * row);
                for (long z = 0; z < upto; z++)
                    for (Py_ssize_t j = 0; j < na && z + j < nways; j++) {
                        const limb *c = cur + (z + j) * row, *tj = parts[k].total + j * pw;
                        int lj = wide_len(tj, pw);
                        if (lj)
                            wide_mac(next + z * row, c, wide_len(c, W), tj, lj, W);
                    }
                limb *t = cur;
                cur = next;
                next = t;
            }
        }
        for (int b = 0; b < p->nboxes; b++) {
            if (p->settled[b] < 0)
                continue;
            PyObject *v = PyLong_FromLong(p->settled[b]), *s = PyLong_FromLong(p->boxes[b].size);
            PyObject *t = v && s ? PyNumber_Multiply(count, v) : NULL;
            num[b] = t ? PyNumber_FloorDivide(t, s) : NULL;
            Py_XDECREF(v);
            Py_XDECREF(s);
            Py_XDECREF(t);
            if (!num[b])
                goto out;
            Py_INCREF(count);
            den[b] = count;
            Py_INCREF(num[b]);
            mines_of[b] = num[b];
        }
        if (S) {
            /* with a mine on one sea cell: C(S - 1, left - K - 1) fillings of the others (in ways) */
            memset(ways, 0, sizeof(limb) * (size_t)nways * row);
            if (wide_binomials_down((long)S - 1, left - 1, nways, ways, W) < 0)
                goto out;
            memset(acc, 0, sizeof(limb) * row);
            wide_dot(acc, ways, W, product, Wp, nways);
            PyObject *in_sea = wide_to_long(acc, W, bytes);
            PyObject *all = in_sea ? PyNumber_Multiply(in_sea, fixed) : NULL;
            if (!all) {
                Py_XDECREF(in_sea);
                goto out;
            }
            num[p->nboxes] = in_sea;
            Py_INCREF(bare);
            den[p->nboxes] = bare;
            mines_of[p->nboxes] = all;
        }
    }
    status = 0;
    *count_out = count;
    *scale_out = scale;
    count = scale = NULL;
out:
    for (int k = 0; k <= nparts && prefix; k++)
        PyMem_Free(prefix[k]);
    PyMem_Free(prefix);
    PyMem_Free(nprefix);
    PyMem_Free(ways);
    PyMem_Free(cur);
    PyMem_Free(next);
    PyMem_Free(weight);
    PyMem_Free(acc);
    PyMem_Free(sum_scratch);
    PyMem_Free(bytes);
    Py_XDECREF(count);
    Py_XDECREF(scale);
    Py_XDECREF(fixed);
    Py_XDECREF(bare);
    return status;
}

/* analyze(grid, mines, cells, max_cells, max_nodes[, readings]): see the top of this file. */
static PyObject *kernel_analyze(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *grid, *table, *readings = Py_None;
    long mines;
    int max_cells;
    long long max_nodes;
    if (!PyArg_ParseTuple(args, "O!lO!iL|O", &PyTuple_Type, &grid, &mines, &PyTuple_Type, &table, &max_cells,
                          &max_nodes, &readings))
        return NULL;
    if (readings != Py_None && (!PyTuple_Check(readings) || PyTuple_GET_SIZE(readings) != KEYS)) {
        PyErr_SetString(PyExc_ValueError, "readings: a tuple of 9**4 readings, or None");
        return NULL;
    }
    Arena a = {0};
    Position p;
    memset(&p, 0, sizeof(p));
    PyObject *result = NULL;
    PyObject **num = NULL, **den = NULL, **mines_of = NULL, *count = NULL, *scale = NULL;
    int ngroups = 0;
    if (!(p.constant = PyLong_FromLong(1)))
        return NULL;
    int status = 0;
    if (readings != Py_None) {
        p.readings = readings;
        p.key_count = arena_alloc(&a, KEYS, sizeof(int));
        p.keys = arena_alloc(&a, KEYS, sizeof(int));
        status = a.failed ? -1 : 0;
    }
    if (!status)
        status = read_grid(&p, grid, &a);
    if (!status && PyTuple_GET_SIZE(table) != p.n)
        status = 1;
    if (!status)
        status = build(&p, &a);
    if (!status && mines >= 0 && (mines - p.flags < 0 || mines - p.flags > p.hidden))
        status = INCONSISTENT;  /* more mines left than hidden cells (flags were checked with the board) */
    Part *parts = NULL;
    int nparts = 0;
    if (!status) {
        parts = arena_alloc(&a, p.nboxes + 1, sizeof(Part));
        if (!parts)
            status = -1;
    }
    for (int k = 0; k < p.ncomps && !status; k++) {
        status = solve_component(&p, k, parts, &nparts, max_cells, max_nodes, &a);
        if (!status && !(k & 0xff) && PyErr_CheckSignals() < 0)
            status = -1;
    }
    if (!status) {
        ngroups = p.nboxes + 1;
        num = PyMem_Calloc(ngroups, sizeof(PyObject *));
        den = PyMem_Calloc(ngroups, sizeof(PyObject *));
        mines_of = PyMem_Calloc(ngroups, sizeof(PyObject *));
        status = num && den && mines_of ? combine(&p, parts, nparts, mines, num, den, mines_of, &count, &scale) : -1;
    }
    if (status == 0) {
        /* groups: the boxes in order, then the sea; each hidden cell's group; frontier; sea */
        Py_ssize_t S = p.hidden - p.frontier;
        PyObject *groups = PyList_New(0), *hidden = PyTuple_New(p.hidden), *index = PyList_New(p.hidden);
        PyObject *frontier = PyTuple_New(p.frontier), *sea = PyTuple_New(S);
        int ok = groups && hidden && index && frontier && sea;
        for (int b = 0; b < p.nboxes && ok; b++) {
            PyObject *cells = PyTuple_New(p.boxes[b].ncells);
            ok = cells != NULL;
            for (int q = 0; q < p.boxes[b].ncells && ok; q++) {
                PyObject *cell = PyTuple_GET_ITEM(table, p.boxes[b].cells[q]);
                Py_INCREF(cell);
                PyTuple_SET_ITEM(cells, q, cell);
            }
            PyObject *item = ok ? Py_BuildValue("(OOON)", num[b], den[b], mines_of[b], cells) : NULL;
            ok = item && PyList_Append(groups, item) == 0;
            Py_XDECREF(item);
        }
        Py_ssize_t hi = 0, fi = 0, si = 0;
        for (Py_ssize_t i = 0; i < p.n && ok; i++) {
            if (p.v[i] != HIDDEN)
                continue;
            PyObject *cell = PyTuple_GET_ITEM(table, i);
            Py_INCREF(cell);
            PyTuple_SET_ITEM(hidden, hi, cell);
            PyObject *g = PyLong_FromLong(p.box_of[i] >= 0 ? p.box_of[i] : p.nboxes);
            ok = g != NULL;
            if (ok)
                PyList_SET_ITEM(index, hi, g);
            hi++;
            Py_INCREF(cell);
            if (p.box_of[i] >= 0)
                PyTuple_SET_ITEM(frontier, fi++, cell);
            else
                PyTuple_SET_ITEM(sea, si++, cell);
        }
        if (ok && S) {
            Py_INCREF(sea);
            PyObject *item = Py_BuildValue("(OOON)", num[p.nboxes], den[p.nboxes], mines_of[p.nboxes], sea);
            ok = item && PyList_Append(groups, item) == 0;
            Py_XDECREF(item);
        }
        /* under noisy clues, how many numbers read through each reading (their factors' powers) */
        PyObject *used = Py_None;
        Py_INCREF(used);
        if (ok && p.readings) {
            Py_SETREF(used, PyList_New(0));
            ok = used != NULL;
            for (int i = 0; i < p.nkeys && ok; i++) {
                int k = p.keys[i];
                PyObject *item = Py_BuildValue("(ii)", k, p.key_count[k]);
                ok = item && PyList_Append(used, item) == 0;
                Py_XDECREF(item);
            }
        }
        if (ok)
            result = Py_BuildValue("(OOOOOOOiO)", count, scale, groups, hidden, index, frontier, sea, p.ncomps,
                                   used);
        Py_XDECREF(used);
        Py_XDECREF(groups);
        Py_XDECREF(hidden);
        Py_XDECREF(index);
        Py_XDECREF(frontier);
        Py_XDECREF(sea);
    } else if (status == 1 && !PyErr_Occurred()) {
        Py_INCREF(Py_None);
        result = Py_None;
    } else if (status == INCONSISTENT && !PyErr_Occurred()) {
        Py_INCREF(Py_False);
        result = Py_False;
    } else if (!PyErr_Occurred()) {
        PyErr_NoMemory();
    }
    for (int g = 0; g < ngroups; g++) {
        if (num)
            Py_XDECREF(num[g]);
        if (den)
            Py_XDECREF(den[g]);
        if (mines_of)
            Py_XDECREF(mines_of[g]);
    }
    PyMem_Free(num);
    PyMem_Free(den);
    PyMem_Free(mines_of);
    Py_XDECREF(count);
    Py_XDECREF(scale);
    Py_XDECREF(p.constant);
    arena_free(&a);
    return result;
}

/* ------------------------------------------------------------------------------------------ */
/* Search: the endgame over bit sets of layouts                                                */

typedef uint64_t word;

typedef struct {
    word *mine;
    int nshows;
    word **shows;
} Cut;

typedef struct {
    word *key;      /* words of the position */
    long long value;
    int used;
} Slot;

typedef struct {
    PyObject_HEAD
    int nwords;
    long nlayouts;
    int ncuts;
    Cut *cuts;
    long long max_positions;
    /* memo: open addressing */
    Slot *slots;
    long long capacity;
    long long size;
    word *arena;      /* keys, nwords each */
    long long arena_used, arena_cap;
    int failed;       /* limit reached */
} SearchObject;

static uint64_t hash_words(const word *x, int n) {
    /* over the nonzero words and where they are: sets are sparse deep in the search */
    uint64_t h = 1469598103934665603ULL;
    for (int i = 0; i < n; i++) {
        if (!x[i])
            continue;
        h ^= x[i] + 0x9E3779B97F4A7C15ULL * (uint64_t)(i + 1);
        h *= 1099511628211ULL;
        h ^= h >> 29;
    }
    return h;
}

static int memo_get(SearchObject *s, const word *key, long long *out) {
    uint64_t h = hash_words(key, s->nwords);
    long long mask = s->capacity - 1;
    for (long long i = (long long)(h & mask);; i = (i + 1) & mask) {
        Slot *slot = &s->slots[i];
        if (!slot->used) return 0;
        if (!memcmp(slot->key, key, sizeof(word) * s->nwords)) {
            *out = slot->value;
            return 1;
        }
    }
}

static int memo_grow(SearchObject *s);

static int memo_put(SearchObject *s, const word *key, long long value) {
    if ((s->size + 1) * 2 > s->capacity && memo_grow(s) < 0) return -1;
    if (s->arena_used + s->nwords > s->arena_cap) {
        long long cap = s->arena_cap * 2 + s->nwords * 1024;
        word *a = PyMem_Realloc(s->arena, sizeof(word) * cap);
        if (!a) return -1;
        /* keys point into the arena: move them */
        for (long long i = 0; i < s->capacity; i++)
            if (s->slots[i].used) s->slots[i].key = a + (s->slots[i].key - s->arena);
        s->arena = a;
        s->arena_cap = cap;
    }
    word *stored = s->arena + s->arena_used;
    memcpy(stored, key, sizeof(word) * s->nwords);
    s->arena_used += s->nwords;
    uint64_t h = hash_words(key, s->nwords);
    long long mask = s->capacity - 1;
    for (long long i = (long long)(h & mask);; i = (i + 1) & mask) {
        if (!s->slots[i].used) {
            s->slots[i].used = 1;
            s->slots[i].key = stored;
            s->slots[i].value = value;
            s->size++;
            return 0;
        }
    }
}

static int memo_grow(SearchObject *s) {
    long long cap = s->capacity ? s->capacity * 2 : 1024;
    Slot *slots = PyMem_Calloc(cap, sizeof(Slot));
    if (!slots) return -1;
    for (long long i = 0; i < s->capacity; i++) {
        if (!s->slots[i].used) continue;
        uint64_t h = hash_words(s->slots[i].key, s->nwords);
        for (long long j = (long long)(h & (cap - 1));; j = (j + 1) & (cap - 1))
            if (!slots[j].used) {
                slots[j] = s->slots[i];
                break;
            }
    }
    PyMem_Free(s->slots);
    s->slots = slots;
    s->capacity = cap;
    return 0;
}

/* Scratch bit sets, one set per recursion level, allocated as needed. */
#define LIMIT_HIT (-2)
#define NO_MEMORY (-3)

static long long wins(SearchObject *s, const word *ls);

/* after: wins after opening cut from ls; -1 for "cannot beat", beat if pruned */
#define SMALL 128  /* bit sets of up to 128 words (8192 layouts) live on the stack */

static long long after(SearchObject *s, const word *ls, Cut *cut, long long beat, int *none) {
    int n = s->nwords, k = 0;
    int nzbuf[SMALL];
    word partbuf[SMALL];
    int *nz = n <= SMALL ? nzbuf : PyMem_Malloc(sizeof(int) * n);
    word *part = n <= SMALL ? partbuf : PyMem_Malloc(sizeof(word) * n);
    if (!nz || !part) {
        if (n > SMALL) {
            PyMem_Free(nz);
            PyMem_Free(part);
        }
        return NO_MEMORY;
    }
    memset(part, 0, sizeof(word) * n);
    for (int i = 0; i < n; i++)
        if (ls[i])
            nz[k++] = i;
    long long left = 0;
    for (int j = 0; j < k; j++)
        left += __builtin_popcountll(ls[nz[j]] & ~cut->mine[nz[j]]);
    *none = 0;
    long long total = 0;
    if (left <= beat) {
        *none = 1;
        goto out;
    }
    for (int c = 0; c < cut->nshows; c++) {
        int any = 0;
        for (int j = 0; j < k; j++) {
            int i = nz[j];
            part[i] = ls[i] & cut->shows[c][i];
            any |= part[i] != 0;
        }
        if (!any)
            continue;
        if (total + left <= beat) {
            total = beat;
            goto out;
        }
        long long w = wins(s, part);
        if (w < 0) {
            total = w;
            goto out;
        }
        total += w;
        for (int j = 0; j < k; j++)
            left -= __builtin_popcountll(part[nz[j]]);
    }
out:
    if (n > SMALL) {
        PyMem_Free(nz);
        PyMem_Free(part);
    }
    return total;
}

/* best_of: the best guess among cuts with mines in ls (in order of their mines, stable) */
static long long best_of(SearchObject *s, const word *ls, int *options, int *mines, int noptions, int *best_cut) {
    /* stable insertion sort by mines */
    for (int i = 1; i < noptions; i++) {
        int o = options[i], m = mines[i], j = i - 1;
        while (j >= 0 && mines[j] > m) {
            options[j + 1] = options[j];
            mines[j + 1] = mines[j];
            j--;
        }
        options[j + 1] = o;
        mines[j + 1] = m;
    }
    long long best = -1;
    *best_cut = -1;
    for (int i = 0; i < noptions; i++) {
        int none;
        long long v = after(s, ls, &s->cuts[options[i]], best, &none);
        if (v < 0) return v;
        if (none) break;
        if (v > best) {
            best = v;
            *best_cut = options[i];
        }
    }
    return best;
}

static long long wins(SearchObject *s, const word *ls) {
    int n = s->nwords, k = 0, pop = 0;
    for (int i = 0; i < n && pop < 2; i++)
        pop += __builtin_popcountll(ls[i]);
    if (pop < 2)
        return pop;
    long long known;
    if (memo_get(s, ls, &known))
        return known;
    if (s->size >= s->max_positions)
        return LIMIT_HIT;
    int nzbuf[SMALL], optbuf[SMALL], minebuf[SMALL];
    word partbuf[SMALL];
    int big = n > SMALL, many = s->ncuts > SMALL;
    int *nz = big ? PyMem_Malloc(sizeof(int) * n) : nzbuf;
    word *part = big ? PyMem_Malloc(sizeof(word) * n) : partbuf;
    int *options = many ? PyMem_Malloc(sizeof(int) * s->ncuts) : optbuf;
    int *mines = many ? PyMem_Malloc(sizeof(int) * s->ncuts) : minebuf;
    long long value = 0;
    if (!nz || !options || !mines || !part) {
        value = NO_MEMORY;
        goto out;
    }
    memset(part, 0, sizeof(word) * n);
    for (int i = 0; i < n; i++)
        if (ls[i])
            nz[k++] = i;
    int open_free = -1, noptions = 0;
    for (int c = 0; c < s->ncuts; c++) {
        Cut *cut = &s->cuts[c];
        int m = 0, safe_left = 0;
        for (int j = 0; j < k; j++) {
            word x = ls[nz[j]], y = cut->mine[nz[j]];
            m += __builtin_popcountll(x & y);
            safe_left |= (x & ~y) != 0;
        }
        if (m == 0) {
            int groups = 0;
            for (int g = 0; g < cut->nshows && groups < 2; g++)
                for (int j = 0; j < k; j++)
                    if (ls[nz[j]] & cut->shows[g][nz[j]]) {
                        groups++;
                        break;
                    }
            if (groups > 1) {
                open_free = c;
                break;
            }
        } else if (safe_left) {
            options[noptions] = c;
            mines[noptions] = m;
            noptions++;
        }
    }
    if (open_free >= 0) {
        Cut *cut = &s->cuts[open_free];
        for (int g = 0; g < cut->nshows && value >= 0; g++) {
            int any = 0;
            for (int j = 0; j < k; j++) {
                int i = nz[j];
                part[i] = ls[i] & cut->shows[g][i];
                any |= part[i] != 0;
            }
            if (!any)
                continue;
            long long w = wins(s, part);
            value = w < 0 ? w : value + w;
        }
    } else {
        int best_cut;
        long long v = best_of(s, ls, options, mines, noptions, &best_cut);
        value = v == LIMIT_HIT || v == NO_MEMORY ? v : (v > 0 ? v : 0);  /* no option: nothing won */
    }
    if (value >= 0 && memo_put(s, ls, value) < 0)
        value = NO_MEMORY;
out:
    if (big) {
        PyMem_Free(nz);
        PyMem_Free(part);
    }
    if (many) {
        PyMem_Free(options);
        PyMem_Free(mines);
    }
    return value;
}

static int words_from_bytes(PyObject *obj, word *out, int n) {
    /* a bit set as bytes, little-endian, n words long */
    if (!PyBytes_Check(obj) || PyBytes_GET_SIZE(obj) != (Py_ssize_t)(sizeof(word) * n)) {
        PyErr_SetString(PyExc_ValueError, "a bit set must be bytes of the search's length");
        return -1;
    }
    memcpy(out, PyBytes_AS_STRING(obj), sizeof(word) * n);
    return 0;
}

static void search_dealloc(SearchObject *s) {
    for (int c = 0; c < s->ncuts; c++) {
        PyMem_Free(s->cuts[c].mine);
        for (int k = 0; k < s->cuts[c].nshows; k++) PyMem_Free(s->cuts[c].shows[k]);
        PyMem_Free(s->cuts[c].shows);
    }
    PyMem_Free(s->cuts);
    PyMem_Free(s->slots);
    PyMem_Free(s->arena);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int search_init(SearchObject *s, PyObject *args, PyObject *kwds) {
    (void)kwds;
    long nlayouts;
    PyObject *cuts;
    long long max_positions;
    if (!PyArg_ParseTuple(args, "lO!L", &nlayouts, &PyList_Type, &cuts, &max_positions)) return -1;
    s->nlayouts = nlayouts;
    s->nwords = (int)((nlayouts + 63) / 64);
    if (s->nwords < 1) s->nwords = 1;
    s->max_positions = max_positions;
    s->ncuts = (int)PyList_GET_SIZE(cuts);
    s->cuts = PyMem_Calloc(s->ncuts ? s->ncuts : 1, sizeof(Cut));
    if (!s->cuts) { PyErr_NoMemory(); return -1; }
    for (int c = 0; c < s->ncuts; c++) {
        PyObject *item = PyList_GET_ITEM(cuts, c);
        PyObject *mine, *shows;
        if (!PyArg_ParseTuple(item, "OO!", &mine, &PyTuple_Type, &shows)) return -1;
        Cut *cut = &s->cuts[c];
        cut->mine = PyMem_Malloc(sizeof(word) * s->nwords);
        cut->nshows = (int)PyTuple_GET_SIZE(shows);
        cut->shows = PyMem_Calloc(cut->nshows ? cut->nshows : 1, sizeof(word *));
        if (!cut->mine || !cut->shows) { PyErr_NoMemory(); return -1; }
        if (words_from_bytes(mine, cut->mine, s->nwords) < 0) return -1;
        for (int k = 0; k < cut->nshows; k++) {
            cut->shows[k] = PyMem_Malloc(sizeof(word) * s->nwords);
            if (!cut->shows[k]) { PyErr_NoMemory(); return -1; }
            if (words_from_bytes(PyTuple_GET_ITEM(shows, k), cut->shows[k], s->nwords) < 0) return -1;
        }
    }
    if (memo_grow(s) < 0) { PyErr_NoMemory(); return -1; }
    return 0;
}

static PyObject *finish(SearchObject *s, long long v) {
    if (v == LIMIT_HIT) {
        s->failed = 1;
        Py_RETURN_NONE;
    }
    if (v == NO_MEMORY) return PyErr_NoMemory();
    return PyLong_FromLongLong(v);
}

/* wins(ls) -> int, or None once the position limit is reached */
static PyObject *search_wins(SearchObject *s, PyObject *arg) {
    word *ls = PyMem_Malloc(sizeof(word) * s->nwords);
    if (!ls) return PyErr_NoMemory();
    if (words_from_bytes(arg, ls, s->nwords) < 0) { PyMem_Free(ls); return NULL; }
    long long v = wins(s, ls);
    PyMem_Free(ls);
    return finish(s, v);
}

/* after(ls, cut, beat) -> int, or -1 when the cut cannot beat ``beat``, or None at the limit */
static PyObject *search_after(SearchObject *s, PyObject *args) {
    PyObject *lsobj;
    int cut;
    long long beat;
    if (!PyArg_ParseTuple(args, "OiL", &lsobj, &cut, &beat)) return NULL;
    if (cut < 0 || cut >= s->ncuts) { PyErr_SetString(PyExc_IndexError, "no such cut"); return NULL; }
    word *ls = PyMem_Malloc(sizeof(word) * s->nwords);
    if (!ls) return PyErr_NoMemory();
    if (words_from_bytes(lsobj, ls, s->nwords) < 0) { PyMem_Free(ls); return NULL; }
    int none;
    long long v = after(s, ls, &s->cuts[cut], beat, &none);
    PyMem_Free(ls);
    if (v >= 0 && none) return PyLong_FromLong(-1);
    return finish(s, v);
}

/* best(ls, options) -> (cut index or -1, wins), or None at the limit; options: (mines, cut) pairs */
static PyObject *search_best(SearchObject *s, PyObject *args) {
    PyObject *lsobj, *opts;
    if (!PyArg_ParseTuple(args, "OO!", &lsobj, &PyList_Type, &opts)) return NULL;
    Py_ssize_t no = PyList_GET_SIZE(opts);
    word *ls = PyMem_Malloc(sizeof(word) * s->nwords);
    int *options = PyMem_Malloc(sizeof(int) * (no ? no : 1));
    int *mines = PyMem_Malloc(sizeof(int) * (no ? no : 1));
    if (!ls || !options || !mines) {
        PyMem_Free(ls); PyMem_Free(options); PyMem_Free(mines);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < no; i++) {
        if (!PyArg_ParseTuple(PyList_GET_ITEM(opts, i), "ii", &mines[i], &options[i])) {
            PyMem_Free(ls); PyMem_Free(options); PyMem_Free(mines);
            return NULL;
        }
    }
    if (words_from_bytes(lsobj, ls, s->nwords) < 0) {
        PyMem_Free(ls); PyMem_Free(options); PyMem_Free(mines);
        return NULL;
    }
    int best_cut;
    long long v = best_of(s, ls, options, mines, (int)no, &best_cut);
    PyMem_Free(ls); PyMem_Free(options); PyMem_Free(mines);
    if (v == LIMIT_HIT || v == NO_MEMORY) return finish(s, v);
    return Py_BuildValue("(iL)", best_cut, v);
}

static PyObject *search_positions(SearchObject *s, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(s->size);
}

static PyMethodDef search_methods[] = {
    {"wins", (PyCFunction)search_wins, METH_O, "Layouts of the bit set won under optimal play (None past the limit)."},
    {"after", (PyCFunction)search_after, METH_VARARGS, "Wins after opening a cut (-1: cannot beat; None: limit)."},
    {"best", (PyCFunction)search_best, METH_VARARGS, "The best of (mines, cut) options: (cut, wins), or None."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef search_getset[] = {
    {"positions", (getter)search_positions, NULL, "Positions in the memo.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "countsweep._kernel.Search",
    .tp_basicsize = sizeof(SearchObject),
    .tp_dealloc = (destructor)search_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(layouts, cuts, max_positions): the exact endgame search over bit sets of layouts.",
    .tp_methods = search_methods,
    .tp_getset = search_getset,
    .tp_init = (initproc)search_init,
    .tp_new = PyType_GenericNew,
};

static PyMethodDef kernel_methods[] = {
    {"analyze", kernel_analyze, METH_VARARGS,
     "analyze(grid, mines, cells, max_cells, max_nodes): a position's exact mine counts, or None."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "countsweep._kernel", "countsweep's compiled hot paths (see the C source).", -1,
    kernel_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    if (PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *math = PyImport_ImportModule("math");
    math_comb = math ? PyObject_GetAttrString(math, "comb") : NULL;
    Py_XDECREF(math);
    if (!math_comb) return NULL;
    PyObject *m = PyModule_Create(&kernel_module);
    if (!m) return NULL;
    if (PyModule_AddIntConstant(m, "MAX_CELLS", MAX_CELLS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
