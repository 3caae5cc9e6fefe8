/* Cells and neighbourhoods to equations, components and boxes: see position.h. */

#include "position.h"

/* ========================================================================== */
/* Reading the cells                                                          */
/* ========================================================================== */

Status position_read(Position *p, PyObject *rows, const Neighbourhood *nb, PyObject *readings, Arena *a) {
    p->nb = nb;
    p->n = nb->n;
    p->v = arena_alloc(a, (size_t)p->n, sizeof(int));
    if (!p->v)
        return FAILED;
    Py_ssize_t i = 0;
    for (Py_ssize_t r = 0; r < PyTuple_GET_SIZE(rows); r++) {
        PyObject *row = PyTuple_GET_ITEM(rows, r);
        if (!PyTuple_Check(row) || i + PyTuple_GET_SIZE(row) > p->n)
            return DECLINE;
        for (Py_ssize_t c = 0; c < PyTuple_GET_SIZE(row); c++, i++) {
            int overflow = 0;
            long x = PyLong_AsLongAndOverflow(PyTuple_GET_ITEM(row, c), &overflow);
            if (x == -1 && PyErr_Occurred()) {
                PyErr_Clear(); /* not an integer: not a board the kernel reads */
                return DECLINE;
            }
            if (overflow || x < CLEARED || x > nb->max_degree)
                return DECLINE;
            p->v[i] = (int)x;
        }
    }
    if (i != p->n)
        return DECLINE;
    if (readings) {
        p->readings = readings;
        p->base = (long long)nb->max_degree + 1;
        if (p->base > 50000) /* keys past 2**63 */
            return DECLINE;
    }
    return DONE;
}

/* ========================================================================== */
/* Readings                                                                   */
/* ========================================================================== */

/* Whether every one of the n weights is 1. */
static int reading_is_range(const count_t *w, Py_ssize_t n) {
    for (Py_ssize_t j = 0; j < n; j++)
        if (w[j] != 1)
            return 0;
    return 1;
}

/* The reading of key (decoded at its first use), its use counted; NULL with an error set. */
static Reading *reading_of(Position *p, long long key, int ncells, Arena *a) {
    assert(p->used && p->nused < p->ncap / 2 + 1);
    size_t mask = (size_t)p->ncap - 1, i = (size_t)(((uint64_t)key * 0x9e3779b97f4a7c15ULL) >> 7) & mask;
    for (; p->used[i].kind != READ_NONE && p->used[i].key != key; i = (i + 1) & mask)
        ;
    Reading *r = &p->used[i];
    r->times++;
    if (r->kind != READ_NONE)
        return r;
    p->order[p->nused++] = (int)i;
    r->key = key;
    PyObject *k = PyLong_FromLongLong(key);
    PyObject *t = k ? PyObject_GetItem(p->readings, k) : NULL;
    Py_XDECREF(k);
    if (!t)
        return NULL;
    /* None: no sum possible; (-1,): every sum alike; (lo,): one sum; (lo, w...): weighted */
    Py_ssize_t len = PyTuple_Check(t) ? PyTuple_GET_SIZE(t) : 0;
    r->kind = READ_UNUSABLE;
    if (t == Py_None)
        r->kind = READ_IMPOSSIBLE;
    else if (len >= 1) {
        int overflow = 0;
        long lo = PyLong_AsLongAndOverflow(PyTuple_GET_ITEM(t, 0), &overflow);
        if (lo == -1 && PyErr_Occurred())
            PyErr_Clear();
        else if (!overflow && lo < 0)
            r->kind = READ_NOTHING;
        else if (!overflow && lo + (len > 1 ? len - 2 : 0) <= ncells) {
            r->lo = r->hi = (int)lo;
            r->kind = READ_SUM;
            if (len > 1) {
                r->hi = (int)(lo + len - 2);
                r->w = arena_alloc(a, (size_t)(len - 1), sizeof(count_t));
                if (!r->w) {
                    Py_DECREF(t);
                    PyErr_NoMemory();
                    return NULL;
                }
                r->kind = READ_WEIGHTED;
                for (Py_ssize_t j = 1; j < len && r->kind == READ_WEIGHTED; j++) {
                    unsigned long long x = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(t, j));
                    if (x == (unsigned long long)-1 && PyErr_Occurred()) {
                        PyErr_Clear();
                        r->kind = READ_UNUSABLE; /* past 64 bits: the general path counts in Python integers */
                        break;
                    }
                    r->w[j - 1] = x;
                    while (r->wbits < 64 && (x >> r->wbits))
                        r->wbits++;
                }
                if (r->kind == READ_WEIGHTED && reading_is_range(r->w, len - 1)) {
                    /* every sum of the range weighs 1: a plain range, counted as an exact number is
                       (a rule "1 to 3 of these cells", countsweep.rules): the weighted search bounds
                       its counts by a bit for each such number, and 81 of them on a 10x10 board of
                       2x2 rules passed 128 bits, where the plain range bounds them by the layouts */
                    r->w = NULL;
                    r->wbits = 0;
                    r->kind = READ_SUM;
                }
            }
        }
    }
    Py_DECREF(t);
    return r;
}

/* ========================================================================== */
/* Equations                                                                  */
/* ========================================================================== */

/* The equation of the number at cell i (showing x) in e, or NO_EQUATION when it constrains
   nothing.  DONE, NO_LAYOUT, DECLINE, FAILED. */
#define NO_EQUATION 3
static int number_equation(Position *p, int i, int x, Equation *e, Arena *a) {
    const Neighbourhood *nb = p->nb;
    int flags = 0, hidden = 0, around = nb->start[i + 1] - nb->start[i];
    /* the hidden neighbours listed as they are met: room for all of them, in one pass (a 3D
       number's 26 are read once, not once to count and once to list) */
    int *cells = arena_alloc(a, (size_t)(around ? around : 1), sizeof(int));
    if (!cells)
        return FAILED;
    for (int32_t k = nb->start[i]; k < nb->start[i + 1]; k++) {
        int j = nb->next[k], y = p->v[j];
        cells[hidden] = j;
        hidden += y == HIDDEN;
        flags += y == FLAG;
    }
    e->ncells = hidden;
    e->cells = cells;
    e->w = NULL;
    e->wbits = 0;
    if (p->readings) {
        long long b = p->base, key = ((x * b + flags) * b + hidden) * b + around;
        Reading *r = reading_of(p, key, hidden, a);
        if (!r)
            return FAILED;
        switch (r->kind) {
        case READ_IMPOSSIBLE:
            return NO_LAYOUT;
        case READ_UNUSABLE:
            return DECLINE;
        case READ_NOTHING:
            return NO_EQUATION;
        default:
            e->lo = r->lo;
            e->hi = r->hi;
            e->w = r->w;
            e->wbits = r->wbits;
        }
    } else {
        e->lo = e->hi = x - flags;
        if (e->lo < 0 || e->lo > hidden)
            return NO_LAYOUT;
    }
    if (!hidden)
        return NO_EQUATION;
    if (nb->ascending)
        return DONE;
    /* a graph's table lists a cell's neighbours in any order; the equation keeps them ascending */
    for (int s = 1; s < hidden; s++) {
        int y = cells[s], t = s;
        for (; t > 0 && cells[t - 1] > y; t--)
            cells[t] = cells[t - 1];
        cells[t] = y;
    }
    return DONE;
}

/* Late in a game, under exact clues, the numbers that see a hidden cell are found from the
   hidden and flagged cells, through the table reversed, and every other number is checked
   against the flags it sees without reading its neighbours: a board of 3D play with 209
   numbers and 14 hidden cells read up to 5434 cells for its equations, up to 364 this way
   (on the positions of benchmarks.topologies' 3D play, the mean kernel call 6% faster).  By
   cell: the hidden (*hid) and flagged (*flg) cells it sees, both NULL where this does not pay.
   DONE, FAILED. */
static Status late_tallies(const Position *p, long numbers, Arena *a, int **hid, int **flg) {
    const Neighbourhood *nb = p->nb;
    *hid = *flg = NULL;
    if (p->readings || p->hidden + p->flags >= numbers)
        return DONE;
    assert(nb->rstart && nb->rnext);
    *hid = arena_alloc(a, (size_t)p->n, sizeof(int));
    *flg = arena_alloc(a, (size_t)p->n, sizeof(int));
    if (!*hid || !*flg)
        return FAILED;
    for (Py_ssize_t j = 0; j < p->n; j++) {
        if (p->v[j] != HIDDEN && p->v[j] != FLAG)
            continue;
        int *tally = p->v[j] == HIDDEN ? *hid : *flg;
        for (int32_t k = nb->rstart[j]; k < nb->rstart[j + 1]; k++)
            tally[nb->rnext[k]]++;
    }
    return DONE;
}

/* cell -> its equations, in equation order (eq_list[eq_start[i] .. eq_start[i + 1])), from
   `incidences` (cell, equation) pairs.  DONE, FAILED. */
static Status equations_by_cell(Position *p, long incidences, Arena *a) {
    p->eq_list = arena_alloc(a, (size_t)incidences, sizeof(int));
    int *fill = arena_alloc(a, (size_t)p->n, sizeof(int));
    if (!p->eq_list || !fill)
        return FAILED;
    for (int q = 0; q < p->neq; q++)
        for (int k = 0; k < p->eqs[q].ncells; k++)
            p->eq_start[p->eqs[q].cells[k] + 1]++;
    for (Py_ssize_t i = 0; i < p->n; i++)
        p->eq_start[i + 1] += p->eq_start[i];
    for (int q = 0; q < p->neq; q++)
        for (int k = 0; k < p->eqs[q].ncells; k++) {
            int j = p->eqs[q].cells[k];
            p->eq_list[p->eq_start[j] + fill[j]++] = q;
        }
    return DONE;
}

static Status build_equations(Position *p, Arena *a) {
    Py_ssize_t n = p->n;
    long numbers = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        p->flags += p->v[i] == FLAG;
        p->hidden += p->v[i] == HIDDEN;
        numbers += p->v[i] >= 0;
    }
    p->eqs = arena_alloc(a, (size_t)numbers, sizeof(Equation));
    p->eq_start = arena_alloc(a, (size_t)n + 1, sizeof(int));
    if (!p->eqs || !p->eq_start)
        return FAILED;
    if (p->readings) { /* at most one key a number: half full at most */
        p->ncap = 16;
        while (p->ncap < 2 * numbers + 2)
            p->ncap *= 2;
        p->used = arena_alloc(a, (size_t)p->ncap, sizeof(Reading));
        p->order = arena_alloc(a, (size_t)p->ncap, sizeof(int));
        if (!p->used || !p->order)
            return FAILED;
    }
    int *hid, *flg;
    if (late_tallies(p, numbers, a, &hid, &flg) != DONE)
        return FAILED;
    p->neq = 0;
    long incidences = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (p->v[i] < 0)
            continue;
        if (hid && !hid[i]) { /* no hidden neighbour: its flags must be all its mines */
            if (p->v[i] != flg[i])
                return NO_LAYOUT;
            continue;
        }
        int s = number_equation(p, (int)i, p->v[i], &p->eqs[p->neq], a);
        if (s == NO_EQUATION)
            continue;
        if (s != DONE)
            return (Status)s;
        incidences += p->eqs[p->neq].ncells;
        p->neq++;
    }
    return equations_by_cell(p, incidences, a);
}

/* ========================================================================== */
/* Components and boxes                                                       */
/* ========================================================================== */

static int find(int *parent, int x) {
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* Frontier cells by component (comp_of), components numbered in the order of their first
   cell; the cells of each, ascending, in cells_of[start[k] .. start[k + 1]). */
static Status build_components(Position *p, Arena *a, int **start_out, int **cells_out) {
    Py_ssize_t n = p->n;
    int *parent = arena_alloc(a, (size_t)n, sizeof(int));
    int *comp_of_root = arena_alloc(a, (size_t)n, sizeof(int));
    p->box_of = arena_alloc(a, (size_t)n, sizeof(int));
    if (!parent || !comp_of_root || !p->box_of)
        return FAILED;
    for (Py_ssize_t i = 0; i < n; i++) {
        parent[i] = (int)i;
        comp_of_root[i] = -1;
    }
    for (int q = 0; q < p->neq; q++) {
        int root = find(parent, p->eqs[q].cells[0]);
        for (int k = 1; k < p->eqs[q].ncells; k++) {
            int other = find(parent, p->eqs[q].cells[k]);
            if (other != root)
                parent[other] = root;
        }
    }
    p->ncomps = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        p->box_of[i] = -1;
        if (p->v[i] != HIDDEN || p->eq_start[i] == p->eq_start[i + 1])
            continue;
        p->frontier++;
        int root = find(parent, (int)i);
        if (comp_of_root[root] < 0)
            comp_of_root[root] = p->ncomps++;
        p->box_of[i] = comp_of_root[root]; /* for now: the component */
    }
    int *start = arena_alloc(a, (size_t)p->ncomps + 1, sizeof(int));
    int *fill = arena_alloc(a, (size_t)p->ncomps + 1, sizeof(int));
    int *cells = arena_alloc(a, (size_t)p->frontier, sizeof(int));
    if (!start || !fill || !cells)
        return FAILED;
    for (Py_ssize_t i = 0; i < n; i++)
        if (p->box_of[i] >= 0)
            start[p->box_of[i] + 1]++;
    for (int k = 0; k < p->ncomps; k++)
        start[k + 1] += start[k];
    for (Py_ssize_t i = 0; i < n; i++)
        if (p->box_of[i] >= 0)
            cells[start[p->box_of[i]] + fill[p->box_of[i]]++] = (int)i;
    *start_out = start;
    *cells_out = cells;
    return DONE;
}

static uint64_t eqs_hash(const int *eqs, int n) {
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (uint64_t)n;
    for (int i = 0; i < n; i++) {
        h ^= (uint32_t)eqs[i];
        h *= 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
    }
    return h;
}

/* Each component's cells grouped by the equations that see them, boxes in the order of their
   first cell; a hash of a cell's equation list finds its box (cells of one box have one list,
   and lists of different components never meet). */
static Status build_boxes(Position *p, Arena *a, const int *start, const int *cells) {
    size_t cap = 16;
    while (cap < 2 * (size_t)p->frontier + 1)
        cap *= 2;
    int *table = arena_alloc(a, cap, sizeof(int));
    p->comp_first_box = arena_alloc(a, (size_t)p->ncomps, sizeof(int));
    p->comp_nboxes = arena_alloc(a, (size_t)p->ncomps, sizeof(int));
    p->boxes = arena_alloc(a, (size_t)p->frontier, sizeof(Box));
    p->settled = arena_alloc(a, (size_t)p->frontier, sizeof(int));
    int *pool = arena_alloc(a, (size_t)p->frontier, sizeof(int));
    if (!table || !p->comp_first_box || !p->comp_nboxes || !p->boxes || !p->settled || !pool)
        return FAILED;
    for (size_t t = 0; t < cap; t++)
        table[t] = -1;
    p->nboxes = 0;
    int used = 0;
    for (int k = 0; k < p->ncomps; k++) {
        int first = p->nboxes;
        p->comp_first_box[k] = first;
        for (int q = start[k]; q < start[k + 1]; q++) {
            int i = cells[q];
            const int *eqs = p->eq_list + p->eq_start[i];
            int neq = p->eq_start[i + 1] - p->eq_start[i];
            size_t t = eqs_hash(eqs, neq) & (cap - 1);
            for (; table[t] >= 0; t = (t + 1) & (cap - 1)) {
                const Box *b = &p->boxes[table[t]];
                if (b->neq == neq && !memcmp(b->eqs, eqs, sizeof(int) * (size_t)neq))
                    break;
            }
            if (table[t] < 0) {
                table[t] = p->nboxes++;
                p->boxes[table[t]].neq = neq;
                p->boxes[table[t]].eqs = eqs;
            }
            assert(table[t] >= first); /* a list of this component's equations */
            p->boxes[table[t]].size++;
            p->box_of[i] = table[t];
        }
        p->comp_nboxes[k] = p->nboxes - first;
        for (int b = first; b < p->nboxes; b++) {
            p->boxes[b].cells = pool + used;
            used += p->boxes[b].size;
            p->boxes[b].size = 0; /* counted again as the cells go in */
        }
        for (int q = start[k]; q < start[k + 1]; q++) {
            Box *bx = &p->boxes[p->box_of[cells[q]]];
            bx->cells[bx->size++] = cells[q];
        }
    }
    assert(used == p->frontier);
    return DONE;
}

Status position_build(Position *p, Arena *a) {
    Status s = build_equations(p, a);
    if (s != DONE)
        return s;
    int *start = NULL, *cells = NULL;
    s = build_components(p, a, &start, &cells);
    return s != DONE ? s : build_boxes(p, a, start, cells);
}
