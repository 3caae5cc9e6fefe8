/*
 * countsweep._kernel: the hot paths of countsweep in C, exact like the rest.
 *
 * Two entry points, each with a pure-Python twin that the tests compare it with
 * (countsweep.oracle for analyze, countsweep.play.endgame for Search):
 *
 * analyze(grid, mines, cells, max_cells, max_nodes)
 *     A whole position, from the grid (rows of HIDDEN=-1, FLAG=-2, numbers) to
 *     every hidden cell's mine count over the layouts: equations, independent
 *     components, boxes of interchangeable cells, each component's mine-count
 *     polynomial by enumeration over its boxes (64-bit counts: components of at
 *     most max_cells cells, at most max_nodes search nodes), then the oracle's
 *     combination with the sea's binomials in Python integers (exact, however
 *     large).  Returns None whenever the position needs the general path: an
 *     inconsistency (the Python path words the message), a component too large
 *     for 64-bit enumeration.
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

/* ------------------------------------------------------------------------------------------ */
/* analyze                                                                                     */

typedef struct {
    int ncells;
    int cells[8];
    int value;
} Equation;

typedef struct {
    int size;
    int first_cell;
    int neq;        /* equations seeing the box (its cells' list) */
    int eqs[8];
    int ncells;
    int *cells;     /* into a shared pool */
} Box;

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

/* Enumeration of one component over its boxes. */
typedef struct {
    int nboxes;
    int ncons;
    int *box_size;       /* by enumeration order */
    int *box_ncons;
    int (*box_cons)[8];  /* constraints of each box, local indices */
    int *cons_value;
    int *cons_sum;
    int *cons_rem;
    int *value;          /* current value of each box */
    int cells;           /* total cells: polynomial degree bound */
    count_t *total;      /* [cells + 1] */
    count_t *marg;       /* [nboxes][cells + 1] */
    long long nodes;
    long long max_nodes;
    int aborted;
} Enum;

static void enumerate(Enum *e, int i, int mines, count_t weight) {
    if (e->aborted)
        return;
    if (++e->nodes > e->max_nodes) {
        e->aborted = 1;
        return;
    }
    if (i == e->nboxes) {
        e->total[mines] += weight;
        for (int b = 0; b < e->nboxes; b++)
            if (e->value[b])
                e->marg[b * (e->cells + 1) + mines] += (count_t)e->value[b] * weight;
        return;
    }
    int s = e->box_size[i];
    int nc = e->box_ncons[i];
    int *cons = e->box_cons[i];
    /* the values every constraint of the box still allows */
    int lo = 0, hi = s;
    for (int k = 0; k < nc; k++) {
        int c = cons[k];
        int need = e->cons_value[c] - e->cons_sum[c];  /* still to place */
        int others = e->cons_rem[c] - s;               /* room in the other open boxes */
        if (need < hi)
            hi = need;
        if (need - others > lo)
            lo = need - others;
    }
    if (lo > hi)
        return;
    for (int k = 0; k < nc; k++)
        e->cons_rem[cons[k]] -= s;
    for (int v = lo; v <= hi; v++) {
        for (int k = 0; k < nc; k++)
            e->cons_sum[cons[k]] += v;
        e->value[i] = v;
        enumerate(e, i + 1, mines + v, weight * CHOOSE[s][v]);
        for (int k = 0; k < nc; k++)
            e->cons_sum[cons[k]] -= v;
    }
    e->value[i] = 0;
    for (int k = 0; k < nc; k++)
        e->cons_rem[cons[k]] += s;
}

/* Python-integer polynomial helpers: arrays of new references, NULL-free. */

static PyObject **poly_new(Py_ssize_t n) {
    PyObject **p = PyMem_Calloc(n ? n : 1, sizeof(PyObject *));
    if (!p)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        p[i] = PyLong_FromLong(0);
    }
    return p;
}

static void poly_free(PyObject **p, Py_ssize_t n) {
    if (!p)
        return;
    for (Py_ssize_t i = 0; i < n; i++)
        Py_XDECREF(p[i]);
    PyMem_Free(p);
}

/* out[0 .. na + nb - 2] = a * b */
static PyObject **poly_mul(PyObject **a, Py_ssize_t na, PyObject **b, Py_ssize_t nb, Py_ssize_t *nout) {
    Py_ssize_t n = na + nb - 1;
    PyObject **out = poly_new(n);
    if (!out)
        return NULL;
    for (Py_ssize_t i = 0; i < na; i++) {
        if (PyObject_Not(a[i]))
            continue;
        for (Py_ssize_t j = 0; j < nb; j++) {
            if (PyObject_Not(b[j]))
                continue;
            PyObject *t = PyNumber_Multiply(a[i], b[j]);
            if (!t) { poly_free(out, n); return NULL; }
            PyObject *s = PyNumber_Add(out[i + j], t);
            Py_DECREF(t);
            if (!s) { poly_free(out, n); return NULL; }
            Py_DECREF(out[i + j]);
            out[i + j] = s;
        }
    }
    *nout = n;
    return out;
}

/* acc += a * b, stealing nothing */
static int muladd(PyObject **acc, PyObject *a, PyObject *b) {
    if (PyObject_Not(a) || PyObject_Not(b))
        return 0;
    PyObject *t = PyNumber_Multiply(a, b);
    if (!t)
        return -1;
    PyObject *s = PyNumber_Add(*acc, t);
    Py_DECREF(t);
    if (!s)
        return -1;
    Py_DECREF(*acc);
    *acc = s;
    return 0;
}

/* C(n, k) for k = 0..kmax as Python integers (zero past n). */
static PyObject **binomial_row(long n, long kmax) {
    PyObject **row = PyMem_Calloc(kmax + 1, sizeof(PyObject *));
    if (!row)
        return NULL;
    row[0] = PyLong_FromLong(n >= 0 ? 1 : 0);
    for (long k = 1; k <= kmax; k++) {
        if (k > n) {
            row[k] = PyLong_FromLong(0);
            continue;
        }
        PyObject *f = PyLong_FromLong(n - k + 1), *d = PyLong_FromLong(k);
        PyObject *t = f && d ? PyNumber_Multiply(row[k - 1], f) : NULL;
        row[k] = t ? PyNumber_FloorDivide(t, d) : NULL;
        Py_XDECREF(f);
        Py_XDECREF(d);
        Py_XDECREF(t);
        if (!row[k]) {
            poly_free(row, k);
            return NULL;
        }
    }
    return row;
}

typedef struct {
    int ncells;
    int *cells;         /* row-major */
    int nboxes;
    int first_box;      /* index into the box array */
    int nsize;          /* cells + 1 */
    count_t *total;
    count_t *marg;      /* by box of the component, in box order */
} Component;

static PyObject *kernel_analyze(PyObject *self, PyObject *args) {
    PyObject *grid, *cell_table;
    long mines;
    int max_cells;
    long long max_nodes;
    if (!PyArg_ParseTuple(args, "O!lO!iL", &PyTuple_Type, &grid, &mines, &PyTuple_Type, &cell_table, &max_cells,
                          &max_nodes))
        return NULL;
    Py_ssize_t h = PyTuple_GET_SIZE(grid);
    if (h == 0)
        Py_RETURN_NONE;
    PyObject *row0 = PyTuple_GET_ITEM(grid, 0);
    if (!PyTuple_Check(row0))
        Py_RETURN_NONE;
    Py_ssize_t w = PyTuple_GET_SIZE(row0);
    Py_ssize_t n = w * h;
    if (PyTuple_GET_SIZE(cell_table) != n)
        Py_RETURN_NONE;

    PyObject *result = NULL;
    signed char *v = PyMem_Malloc(n);
    Equation *eqs = PyMem_Malloc(sizeof(Equation) * (n ? n : 1));
    int *cell_neq = PyMem_Calloc(n ? n : 1, sizeof(int));
    int (*cell_eqs)[8] = PyMem_Malloc(sizeof(int[8]) * (n ? n : 1));
    int *parent = PyMem_Malloc(sizeof(int) * (n ? n : 1));
    int *comp_of = PyMem_Malloc(sizeof(int) * (n ? n : 1));
    int *box_of = PyMem_Malloc(sizeof(int) * (n ? n : 1));
    int *pool = PyMem_Malloc(sizeof(int) * (n ? n : 1));
    Box *boxes = PyMem_Malloc(sizeof(Box) * (n ? n : 1));
    Component *comps = PyMem_Calloc(n ? n : 1, sizeof(Component));
    int ncomps = 0, nboxes = 0, neq = 0;
    PyObject **prefix_store = NULL;
    if (!v || !eqs || !cell_neq || !cell_eqs || !parent || !comp_of || !box_of || !pool || !boxes || !comps) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t r = 0; r < h; r++) {
        PyObject *row = PyTuple_GET_ITEM(grid, r);
        if (!PyTuple_Check(row) || PyTuple_GET_SIZE(row) != w)
            goto fallback;
        for (Py_ssize_t c = 0; c < w; c++) {
            long x = PyLong_AsLong(PyTuple_GET_ITEM(row, c));
            if (x == -1 && PyErr_Occurred())
                goto done;
            if (x < FLAG || x > 8)
                goto fallback;
            v[r * w + c] = (signed char)x;
        }
    }
    /* equations, in row-major order of their numbers */
    long flags = 0, nhidden = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (v[i] == FLAG)
            flags++;
        else if (v[i] == HIDDEN)
            nhidden++;
        if (v[i] < 0)
            continue;
        Py_ssize_t r = i / w, c = i % w;
        Equation *e = &eqs[neq];
        e->ncells = 0;
        int nflags = 0;
        for (int dr = -1; dr <= 1; dr++)
            for (int dc = -1; dc <= 1; dc++) {
                if (!dr && !dc)
                    continue;
                Py_ssize_t rr = r + dr, cc = c + dc;
                if (rr < 0 || rr >= h || cc < 0 || cc >= w)
                    continue;
                Py_ssize_t j = rr * w + cc;
                if (v[j] == HIDDEN)
                    e->cells[e->ncells++] = (int)j;
                else if (v[j] == FLAG)
                    nflags++;
            }
        e->value = v[i] - nflags;
        if (e->value < 0 || e->value > e->ncells)
            goto fallback;  /* the Python path says which number and why */
        if (!e->ncells)
            continue;
        for (int k = 0; k < e->ncells; k++) {
            int j = e->cells[k];
            cell_eqs[j][cell_neq[j]++] = neq;
        }
        neq++;
    }
    long left = mines >= 0 ? mines - flags : -1;
    if (mines >= 0 && (left < 0 || left > nhidden))
        goto fallback;
    /* components by union-find over the equations */
    for (Py_ssize_t i = 0; i < n; i++)
        parent[i] = (int)i;
    for (int q = 0; q < neq; q++) {
        int root = find(parent, eqs[q].cells[0]);
        for (int k = 1; k < eqs[q].ncells; k++) {
            int other = find(parent, eqs[q].cells[k]);
            if (other != root)
                parent[other] = root;
        }
    }
    /* components in the order of their first cell, boxes in the order of theirs */
    int *root_comp = comp_of;  /* reused: root -> component, then cell -> component */
    for (Py_ssize_t i = 0; i < n; i++)
        root_comp[i] = -1;
    int *comp_cells_count = box_of;  /* temporary */
    long frontier = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (v[i] != HIDDEN || !cell_neq[i])
            continue;
        frontier++;
        int root = find(parent, (int)i);
        if (root_comp[root] < 0) {
            root_comp[root] = ncomps;
            comps[ncomps].ncells = 0;
            ncomps++;
        }
    }
    {
        /* cells of each component, row-major, in one pool */
        int *counts = PyMem_Calloc(ncomps ? ncomps : 1, sizeof(int));
        int *cellcomp = PyMem_Malloc(sizeof(int) * (n ? n : 1));
        if (!counts || !cellcomp) {
            PyMem_Free(counts);
            PyMem_Free(cellcomp);
            PyErr_NoMemory();
            goto done;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            cellcomp[i] = -1;
            if (v[i] == HIDDEN && cell_neq[i]) {
                cellcomp[i] = root_comp[find(parent, (int)i)];
                counts[cellcomp[i]]++;
            }
        }
        int offset = 0;
        for (int k = 0; k < ncomps; k++) {
            comps[k].cells = pool + offset;
            offset += counts[k];
            comps[k].ncells = 0;
        }
        for (Py_ssize_t i = 0; i < n; i++)
            if (cellcomp[i] >= 0) {
                Component *cp = &comps[cellcomp[i]];
                cp->cells[cp->ncells++] = (int)i;
            }
        memcpy(comp_of, cellcomp, sizeof(int) * n);
        PyMem_Free(counts);
        PyMem_Free(cellcomp);
    }
    (void)comp_cells_count;
    /* boxes: a component's cells grouped by the equations that see them */
    int *box_cells_pool = PyMem_Malloc(sizeof(int) * (frontier ? frontier : 1));
    if (!box_cells_pool) {
        PyErr_NoMemory();
        goto done;
    }
    {
        int used = 0;
        for (int k = 0; k < ncomps; k++) {
            Component *cp = &comps[k];
            cp->first_box = nboxes;
            cp->nboxes = 0;
            /* first pass: find each cell's box; count sizes */
            for (int q = 0; q < cp->ncells; q++) {
                int i = cp->cells[q];
                int found = -1;
                for (int b = cp->first_box; b < nboxes; b++) {
                    if (boxes[b].neq == cell_neq[i] &&
                        !memcmp(boxes[b].eqs, cell_eqs[i], sizeof(int) * cell_neq[i])) {
                        found = b;
                        break;
                    }
                }
                if (found < 0) {
                    found = nboxes++;
                    boxes[found].size = 0;
                    boxes[found].first_cell = i;
                    boxes[found].neq = cell_neq[i];
                    memcpy(boxes[found].eqs, cell_eqs[i], sizeof(int) * cell_neq[i]);
                    cp->nboxes++;
                }
                boxes[found].size++;
                box_of[i] = found;
            }
            for (int b = cp->first_box; b < nboxes; b++) {
                boxes[b].cells = box_cells_pool + used;
                used += boxes[b].size;
                boxes[b].ncells = 0;
            }
            for (int q = 0; q < cp->ncells; q++) {
                Box *bx = &boxes[box_of[cp->cells[q]]];
                bx->cells[bx->ncells++] = cp->cells[q];
            }
        }
    }
    /* each component's mine-count polynomial and its boxes' marginals, by enumeration */
    for (int k = 0; k < ncomps; k++) {
        Component *cp = &comps[k];
        if (cp->ncells > max_cells || cp->ncells > MAX_CELLS) {
            PyMem_Free(box_cells_pool);
            goto fallback;
        }
        int B = cp->nboxes;
        /* the component's equations, with local numbers */
        int *local = PyMem_Malloc(sizeof(int) * (neq ? neq : 1));
        int ncons = 0;
        int *cons_eq = PyMem_Malloc(sizeof(int) * (neq ? neq : 1));
        /* boxes in BFS order over shared equations, from the first box */
        int *order = PyMem_Malloc(sizeof(int) * B);
        int *placed = PyMem_Calloc(B, sizeof(int));
        Enum e;
        memset(&e, 0, sizeof(e));
        e.nboxes = B;
        e.cells = cp->ncells;
        e.box_size = PyMem_Malloc(sizeof(int) * B);
        e.box_ncons = PyMem_Malloc(sizeof(int) * B);
        e.box_cons = PyMem_Malloc(sizeof(int[8]) * B);
        e.value = PyMem_Calloc(B, sizeof(int));
        e.total = PyMem_Calloc(cp->ncells + 1, sizeof(count_t));
        e.marg = PyMem_Calloc((size_t)B * (cp->ncells + 1), sizeof(count_t));
        if (!local || !cons_eq || !order || !placed || !e.box_size || !e.box_ncons || !e.box_cons || !e.value ||
            !e.total || !e.marg) {
            PyMem_Free(local); PyMem_Free(cons_eq); PyMem_Free(order); PyMem_Free(placed);
            PyMem_Free(e.box_size); PyMem_Free(e.box_ncons); PyMem_Free(e.box_cons); PyMem_Free(e.value);
            PyMem_Free(e.total); PyMem_Free(e.marg); PyMem_Free(box_cells_pool);
            PyErr_NoMemory();
            goto done;
        }
        for (int q = 0; q < neq; q++)
            local[q] = -1;
        for (int b = 0; b < B; b++) {
            Box *bx = &boxes[cp->first_box + b];
            for (int t = 0; t < bx->neq; t++)
                if (local[bx->eqs[t]] < 0) {
                    local[bx->eqs[t]] = ncons;
                    cons_eq[ncons++] = bx->eqs[t];
                }
        }
        int head = 0, tail = 0;
        order[tail++] = 0;
        placed[0] = 1;
        while (head < tail) {
            Box *bx = &boxes[cp->first_box + order[head++]];
            for (int t = 0; t < bx->neq; t++) {
                Equation *eq = &eqs[bx->eqs[t]];
                for (int u = 0; u < eq->ncells; u++) {
                    int other = box_of[eq->cells[u]] - cp->first_box;
                    if (!placed[other]) {
                        placed[other] = 1;
                        order[tail++] = other;
                    }
                }
            }
        }
        e.ncons = ncons;
        e.cons_value = PyMem_Malloc(sizeof(int) * (ncons ? ncons : 1));
        e.cons_sum = PyMem_Calloc(ncons ? ncons : 1, sizeof(int));
        e.cons_rem = PyMem_Calloc(ncons ? ncons : 1, sizeof(int));
        for (int c = 0; c < ncons; c++)
            e.cons_value[c] = eqs[cons_eq[c]].value;
        for (int p = 0; p < B; p++) {
            Box *bx = &boxes[cp->first_box + order[p]];
            e.box_size[p] = bx->size;
            e.box_ncons[p] = bx->neq;
            for (int t = 0; t < bx->neq; t++) {
                e.box_cons[p][t] = local[bx->eqs[t]];
                e.cons_rem[local[bx->eqs[t]]] += bx->size;
            }
        }
        e.max_nodes = max_nodes;
        enumerate(&e, 0, 0, 1);
        int aborted = e.aborted;
        /* marginals back in box order */
        cp->nsize = cp->ncells + 1;
        cp->total = e.total;
        cp->marg = PyMem_Calloc((size_t)B * cp->nsize, sizeof(count_t));
        if (cp->marg)
            for (int p = 0; p < B; p++)
                memcpy(cp->marg + (size_t)order[p] * cp->nsize, e.marg + (size_t)p * cp->nsize,
                       sizeof(count_t) * cp->nsize);
        PyMem_Free(local); PyMem_Free(cons_eq); PyMem_Free(order); PyMem_Free(placed);
        PyMem_Free(e.box_size); PyMem_Free(e.box_ncons); PyMem_Free(e.box_cons); PyMem_Free(e.value);
        PyMem_Free(e.marg); PyMem_Free(e.cons_value); PyMem_Free(e.cons_sum); PyMem_Free(e.cons_rem);
        if (!cp->marg) {
            PyMem_Free(box_cells_pool);
            PyErr_NoMemory();
            goto done;
        }
        int any = 0;
        for (int m = 0; m < cp->nsize; m++)
            any |= cp->total[m] != 0;
        if (aborted || !any) {
            PyMem_Free(box_cells_pool);
            goto fallback;  /* too many layouts for enumeration, or inconsistent: the Python path */
        }
    }

    /* the oracle's combination, in Python integers */
    {
        Py_ssize_t nsea = nhidden - frontier;
        PyObject **prod = NULL, **tmp = NULL;
        Py_ssize_t nprod = 1;
        PyObject *count = NULL, *scale = NULL;
        PyObject *groups = PyList_New(0);
        PyObject *ways = NULL;  /* unused name kept simple */
        (void)ways;
        PyObject **waysv = NULL;
        Py_ssize_t nways = 0;
        PyObject **comp_poly = PyMem_Calloc(ncomps ? ncomps : 1, sizeof(PyObject **));
        Py_ssize_t *comp_len = PyMem_Calloc(ncomps ? ncomps : 1, sizeof(Py_ssize_t));
        PyObject ***prefix = PyMem_Calloc(ncomps + 1, sizeof(PyObject **));
        Py_ssize_t *prefix_len = PyMem_Calloc(ncomps + 1, sizeof(Py_ssize_t));
        PyObject ***suffix = PyMem_Calloc(ncomps + 1, sizeof(PyObject **));
        Py_ssize_t *suffix_len = PyMem_Calloc(ncomps + 1, sizeof(Py_ssize_t));
        PyObject *hidden_cells = NULL, *frontier_t = NULL, *sea_t = NULL;
        int ok = 0;
        (void)prod;
        (void)tmp;
        (void)nprod;
        if (!groups || !comp_poly || !comp_len || !prefix || !prefix_len || !suffix || !suffix_len) {
            PyErr_NoMemory();
            goto combine_done;
        }
        /* component totals as Python polynomials */
        for (int k = 0; k < ncomps; k++) {
            Component *cp = &comps[k];
            PyObject **p = PyMem_Calloc(cp->nsize, sizeof(PyObject *));
            if (!p) { PyErr_NoMemory(); goto combine_done; }
            for (int m = 0; m < cp->nsize; m++) {
                p[m] = count_to_long(cp->total[m]);
                if (!p[m]) { poly_free(p, m); goto combine_done; }
            }
            ((PyObject ***)comp_poly)[k] = p;
            comp_len[k] = cp->nsize;
        }
        prefix[0] = poly_new(1);
        if (!prefix[0]) goto combine_done;
        Py_DECREF(prefix[0][0]);
        prefix[0][0] = PyLong_FromLong(1);
        prefix_len[0] = 1;
        for (int k = 0; k < ncomps; k++) {
            prefix[k + 1] = poly_mul(prefix[k], prefix_len[k], ((PyObject ***)comp_poly)[k], comp_len[k],
                                     &prefix_len[k + 1]);
            if (!prefix[k + 1]) goto combine_done;
        }
        suffix[ncomps] = poly_new(1);
        if (!suffix[ncomps]) goto combine_done;
        Py_DECREF(suffix[ncomps][0]);
        suffix[ncomps][0] = PyLong_FromLong(1);
        suffix_len[ncomps] = 1;
        for (int k = ncomps - 1; k >= 0; k--) {
            suffix[k] = poly_mul(((PyObject ***)comp_poly)[k], comp_len[k], suffix[k + 1], suffix_len[k + 1],
                                 &suffix_len[k]);
            if (!suffix[k]) goto combine_done;
        }
        PyObject **product = prefix[ncomps];
        Py_ssize_t nproduct = prefix_len[ncomps];
        /* per box: its cells' mine count (numerator), and the probability's denominator */
        PyObject **box_num = PyMem_Calloc(nboxes ? nboxes : 1, sizeof(PyObject *));
        PyObject **box_den = PyMem_Calloc(nboxes ? nboxes : 1, sizeof(PyObject *));
        PyObject **box_mines = PyMem_Calloc(nboxes ? nboxes : 1, sizeof(PyObject *));
        PyObject *sea_num = NULL, *sea_den = NULL, *sea_mines = NULL;
        if (!box_num || !box_den || !box_mines) { PyErr_NoMemory(); goto boxes_done; }
        if (left < 0) {
            /* no total: frontier assignments; sea cells 1/2 */
            count = PyLong_FromLong(1);
            PyObject **own = PyMem_Calloc(ncomps ? ncomps : 1, sizeof(PyObject *));
            if (!own || !count) { PyMem_Free(own); goto boxes_done; }
            for (int k = 0; k < ncomps; k++) {
                count_t s = 0;
                for (int m = 0; m < comps[k].nsize; m++) s += comps[k].total[m];
                own[k] = count_to_long(s);
                PyObject *c2 = own[k] ? PyNumber_Multiply(count, own[k]) : NULL;
                Py_DECREF(count);
                count = c2;
                if (!count) { poly_free(own, k + 1); goto boxes_done; }
            }
            PyObject *two = PyLong_FromLong(2);
            scale = PyNumber_Multiply(count, two);
            for (int k = 0; k < ncomps && scale; k++) {
                PyObject *rest = PyNumber_FloorDivide(count, own[k]);
                for (int b = comps[k].first_box; b < comps[k].first_box + comps[k].nboxes && rest; b++) {
                    count_t s = 0;
                    count_t *mg = comps[k].marg + (size_t)(b - comps[k].first_box) * comps[k].nsize;
                    for (int m = 0; m < comps[k].nsize; m++) s += mg[m];
                    box_num[b] = count_to_long(s / (count_t)boxes[b].size);
                    Py_INCREF(own[k]);
                    box_den[b] = own[k];
                    PyObject *t = box_num[b] ? PyNumber_Multiply(box_num[b], rest) : NULL;
                    box_mines[b] = t ? PyNumber_Multiply(t, two) : NULL;
                    Py_XDECREF(t);
                    if (!box_mines[b]) { Py_CLEAR(rest); break; }
                }
                if (!rest) { Py_CLEAR(scale); break; }
                Py_DECREF(rest);
            }
            Py_DECREF(two);
            poly_free(own, ncomps);
            if (!scale) goto boxes_done;
            if (nsea) {
                sea_num = PyLong_FromLong(1);
                sea_den = PyLong_FromLong(2);
                Py_INCREF(count);
                sea_mines = count;
            }
        } else {
            /* ways[j]: placements of the mines left when the frontier holds j */
            long S = (long)nsea;
            PyObject **row = binomial_row(S, S);           /* C(S, t) */
            PyObject **row1 = binomial_row(S - 1, S > 0 ? S - 1 : 0);  /* C(S - 1, t) */
            if (!row || !row1) { poly_free(row, row ? S + 1 : 0); poly_free(row1, row1 ? (S > 0 ? S : 1) : 0); goto boxes_done; }
            nways = left + 1;
            waysv = PyMem_Calloc(nways, sizeof(PyObject *));
            if (!waysv) { poly_free(row, S + 1); poly_free(row1, S > 0 ? S : 1); PyErr_NoMemory(); goto boxes_done; }
            for (long j = 0; j < nways; j++) {
                long t = left - j;
                waysv[j] = (t >= 0 && t <= S) ? row[t] : PyLong_FromLong(0);
                if (t >= 0 && t <= S) Py_INCREF(waysv[j]);
            }
            count = PyLong_FromLong(0);
            for (Py_ssize_t K = 0; K < nproduct && K < nways && count; K++)
                if (muladd(&count, product[K], waysv[K]) < 0) Py_CLEAR(count);
            if (nsea && count) {
                sea_mines = PyLong_FromLong(0);
                for (Py_ssize_t K = 0; K < nproduct && sea_mines; K++) {
                    long t = left - K - 1;
                    if (t >= 0 && t <= S - 1 && muladd(&sea_mines, product[K], row1[t]) < 0) Py_CLEAR(sea_mines);
                }
            }
            poly_free(row, S + 1);
            poly_free(row1, S > 0 ? S : 1);
            if (!count || (nsea && !sea_mines)) goto boxes_done;
            if (PyObject_Not(count)) {
                /* the total cannot be met: the Python path words it */
                goto boxes_done_fallback;
            }
            Py_INCREF(count);
            scale = count;
            for (int k = 0; k < ncomps; k++) {
                Py_ssize_t nothers;
                PyObject **others = poly_mul(prefix[k], prefix_len[k], suffix[k + 1], suffix_len[k + 1], &nothers);
                if (!others) goto boxes_done;
                Py_ssize_t na = comps[k].nsize;
                PyObject **W = poly_new(na);
                if (!W) { poly_free(others, nothers); goto boxes_done; }
                int bad = 0;
                for (Py_ssize_t a = 0; a < na && !bad; a++) {
                    if (!comps[k].total[a]) continue;  /* no layout of the component has a mines */
                    for (Py_ssize_t b = 0; b < nothers && a + b < nways; b++)
                        if (muladd(&W[a], others[b], waysv[a + b]) < 0) { bad = 1; break; }
                }
                poly_free(others, nothers);
                for (int bi = comps[k].first_box; bi < comps[k].first_box + comps[k].nboxes && !bad; bi++) {
                    count_t *mg = comps[k].marg + (size_t)(bi - comps[k].first_box) * comps[k].nsize;
                    PyObject *acc = PyLong_FromLong(0);
                    for (Py_ssize_t a = 0; a < na && acc; a++) {
                        if (!mg[a]) continue;
                        PyObject *m = count_to_long(mg[a]);
                        if (!m || muladd(&acc, m, W[a]) < 0) Py_CLEAR(acc);
                        Py_XDECREF(m);
                    }
                    PyObject *size = acc ? PyLong_FromLong(boxes[bi].size) : NULL;
                    box_num[bi] = size ? PyNumber_FloorDivide(acc, size) : NULL;
                    Py_XDECREF(size);
                    Py_XDECREF(acc);
                    if (!box_num[bi]) { bad = 1; break; }
                    Py_INCREF(count);
                    box_den[bi] = count;
                    Py_INCREF(box_num[bi]);
                    box_mines[bi] = box_num[bi];
                }
                poly_free(W, na);
                if (bad) goto boxes_done;
            }
            if (nsea) {
                Py_INCREF(sea_mines);
                sea_num = sea_mines;
                Py_INCREF(count);
                sea_den = count;
            }
        }
        /* the result: groups (boxes, then the sea) and every hidden cell's group */
        {
            int ngroups = nboxes + (nsea ? 1 : 0);
            hidden_cells = PyTuple_New(nhidden);
            PyObject *index_list = PyList_New(nhidden);
            frontier_t = PyTuple_New(frontier);
            sea_t = PyTuple_New(nsea);
            if (!hidden_cells || !index_list || !frontier_t || !sea_t) { Py_XDECREF(index_list); goto boxes_done; }
            PyObject **group_index = PyMem_Calloc(ngroups ? ngroups : 1, sizeof(PyObject *));
            if (!group_index) { Py_DECREF(index_list); PyErr_NoMemory(); goto boxes_done; }
            int okg = 1;
            for (int g = 0; g < ngroups && okg; g++) {
                group_index[g] = PyLong_FromLong(g);
                okg = group_index[g] != NULL;
            }
            /* each box's cells as a tuple of cell tuples */
            for (int b = 0; b < nboxes && okg; b++) {
                PyObject *cells_t = PyTuple_New(boxes[b].ncells);
                if (!cells_t) { okg = 0; break; }
                for (int q = 0; q < boxes[b].ncells; q++) {
                    PyObject *cell = PyTuple_GET_ITEM(cell_table, boxes[b].cells[q]);
                    Py_INCREF(cell);
                    PyTuple_SET_ITEM(cells_t, q, cell);
                }
                PyObject *item = Py_BuildValue("(OOON)", box_num[b], box_den[b], box_mines[b], cells_t);
                if (!item || PyList_Append(groups, item) < 0) { Py_XDECREF(item); okg = 0; break; }
                Py_DECREF(item);
            }
            Py_ssize_t fi = 0, si = 0, hi = 0;
            for (Py_ssize_t i = 0; i < n && okg; i++) {
                if (v[i] != HIDDEN) continue;
                PyObject *cell = PyTuple_GET_ITEM(cell_table, i);
                Py_INCREF(cell);
                PyTuple_SET_ITEM(hidden_cells, hi, cell);
                int g = cell_neq[i] ? box_of[i] : nboxes;
                Py_INCREF(group_index[g]);
                PyList_SET_ITEM(index_list, hi, group_index[g]);
                hi++;
                Py_INCREF(cell);
                if (cell_neq[i]) PyTuple_SET_ITEM(frontier_t, fi++, cell);
                else PyTuple_SET_ITEM(sea_t, si++, cell);
            }
            if (okg && nsea) {
                Py_INCREF(sea_t);
                PyObject *item = Py_BuildValue("(OOON)", sea_num, sea_den, sea_mines, sea_t);
                if (!item || PyList_Append(groups, item) < 0) okg = 0;
                Py_XDECREF(item);
            }
            for (int g = 0; g < ngroups; g++) Py_XDECREF(group_index[g]);
            PyMem_Free(group_index);
            if (okg)
                result = Py_BuildValue("(OOOOOOOi)", count, scale, groups, hidden_cells, index_list, frontier_t,
                                       sea_t, ncomps);
            Py_DECREF(index_list);
            ok = result != NULL;
        }
        goto boxes_done;
    boxes_done_fallback:
        ok = 2;
    boxes_done:
        for (int b = 0; b < nboxes; b++) {
            if (box_num) Py_XDECREF(box_num[b]);
            if (box_den) Py_XDECREF(box_den[b]);
            if (box_mines) Py_XDECREF(box_mines[b]);
        }
        PyMem_Free(box_num);
        PyMem_Free(box_den);
        PyMem_Free(box_mines);
        Py_XDECREF(sea_num);
        Py_XDECREF(sea_den);
        Py_XDECREF(sea_mines);
    combine_done:
        if (waysv) poly_free(waysv, nways);
        for (int k = 0; k <= ncomps; k++) {
            if (prefix && prefix[k]) poly_free(prefix[k], prefix_len[k]);
            if (suffix && suffix[k]) poly_free(suffix[k], suffix_len[k]);
        }
        for (int k = 0; k < ncomps; k++)
            if (comp_poly && ((PyObject ***)comp_poly)[k]) poly_free(((PyObject ***)comp_poly)[k], comp_len[k]);
        PyMem_Free(comp_poly);
        PyMem_Free(comp_len);
        PyMem_Free(prefix);
        PyMem_Free(prefix_len);
        PyMem_Free(suffix);
        PyMem_Free(suffix_len);
        Py_XDECREF(count);
        Py_XDECREF(scale);
        Py_XDECREF(groups);
        Py_XDECREF(hidden_cells);
        Py_XDECREF(frontier_t);
        Py_XDECREF(sea_t);
        PyMem_Free(box_cells_pool);
        if (ok == 2) {
            Py_CLEAR(result);
            goto fallback;
        }
    }
    goto done;

fallback:
    if (!PyErr_Occurred()) {
        Py_INCREF(Py_None);
        result = Py_None;
    }
done:
    for (int k = 0; k < ncomps; k++) {
        PyMem_Free(comps[k].total);
        PyMem_Free(comps[k].marg);
    }
    (void)prefix_store;
    PyMem_Free(v);
    PyMem_Free(eqs);
    PyMem_Free(cell_neq);
    PyMem_Free(cell_eqs);
    PyMem_Free(parent);
    PyMem_Free(comp_of);
    PyMem_Free(box_of);
    PyMem_Free(pool);
    PyMem_Free(boxes);
    PyMem_Free(comps);
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
    uint64_t h = 1469598103934665603ULL;
    for (int i = 0; i < n; i++) {
        h ^= x[i];
        h *= 1099511628211ULL;
        h ^= h >> 29;
    }
    return h;
}

static int popcount_words(const word *x, int n) {
    long c = 0;
    for (int i = 0; i < n; i++) c += __builtin_popcountll(x[i]);
    return (int)c;
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
static long long after(SearchObject *s, const word *ls, Cut *cut, long long beat, int *none) {
    int n = s->nwords;
    word *part = PyMem_Malloc(sizeof(word) * n);
    if (!part) return NO_MEMORY;
    long long left = 0;
    for (int i = 0; i < n; i++) left += __builtin_popcountll(ls[i] & ~cut->mine[i]);
    *none = 0;
    if (left <= beat) {
        PyMem_Free(part);
        *none = 1;
        return 0;
    }
    long long total = 0;
    for (int k = 0; k < cut->nshows; k++) {
        int any = 0;
        for (int i = 0; i < n; i++) {
            part[i] = ls[i] & cut->shows[k][i];
            any |= part[i] != 0;
        }
        if (!any) continue;
        if (total + left <= beat) {
            PyMem_Free(part);
            return beat;
        }
        long long w = wins(s, part);
        if (w < 0) {
            PyMem_Free(part);
            return w;
        }
        total += w;
        left -= popcount_words(part, n);
    }
    PyMem_Free(part);
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
    int n = s->nwords;
    int pop = 0;
    for (int i = 0; i < n && pop < 2; i++) pop += __builtin_popcountll(ls[i]);
    if (pop < 2) return pop;
    long long known;
    if (memo_get(s, ls, &known)) return known;
    if (s->size >= s->max_positions) return LIMIT_HIT;
    int open_free = -1;
    int *options = PyMem_Malloc(sizeof(int) * (s->ncuts ? s->ncuts : 1));
    int *mines = PyMem_Malloc(sizeof(int) * (s->ncuts ? s->ncuts : 1));
    if (!options || !mines) {
        PyMem_Free(options);
        PyMem_Free(mines);
        return NO_MEMORY;
    }
    int noptions = 0;
    for (int c = 0; c < s->ncuts; c++) {
        Cut *cut = &s->cuts[c];
        int m = 0, safe_left = 0;
        for (int i = 0; i < n; i++) {
            m += __builtin_popcountll(ls[i] & cut->mine[i]);
            safe_left |= (ls[i] & ~cut->mine[i]) != 0;
        }
        if (m == 0) {
            int groups = 0;
            for (int k = 0; k < cut->nshows && groups < 2; k++)
                for (int i = 0; i < n; i++)
                    if (ls[i] & cut->shows[k][i]) {
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
    long long value = 0;
    if (open_free >= 0) {
        Cut *cut = &s->cuts[open_free];
        word *part = PyMem_Malloc(sizeof(word) * n);
        if (!part) value = NO_MEMORY;
        for (int k = 0; k < cut->nshows && value >= 0; k++) {
            int any = 0;
            for (int i = 0; i < n; i++) {
                part[i] = ls[i] & cut->shows[k][i];
                any |= part[i] != 0;
            }
            if (!any) continue;
            long long w = wins(s, part);
            if (w < 0) value = w;
            else value += w;
        }
        PyMem_Free(part);
    } else {
        int best_cut;
        long long v = best_of(s, ls, options, mines, noptions, &best_cut);
        value = v == LIMIT_HIT || v == NO_MEMORY ? v : (v > 0 ? v : 0);  /* no option: nothing won */
    }
    PyMem_Free(options);
    PyMem_Free(mines);
    if (value < 0) return value;
    if (memo_put(s, ls, value) < 0) return NO_MEMORY;
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
    kernel_methods,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    if (PyType_Ready(&SearchType) < 0) return NULL;
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
