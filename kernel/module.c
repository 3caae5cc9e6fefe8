/*
 * countsweep._kernel's Python glue: argument checks, the Neighbourhood and Answer types, the
 * analyze entry point, debug-only hooks and the module.  Only glue: every stage is in its own
 * file (kernel.h lists them).  The typed interface is _kernel.pyi; countsweep.kernel adapts it
 * to countsweep's contracts.
 */

#include "combine.h"
#include "fraction.h"
#include "path.h"
#include "search.h"
#include "wide.h"

/* ========================================================================== */
/* Neighbourhood                                                              */
/* ========================================================================== */

typedef struct {
    PyObject_HEAD
    Neighbourhood nb;
    int32_t *start, *next; /* own copies, checked */
    int32_t *rstart, *rnext; /* the table reversed (Neighbourhood's) */
    /* the hashes of the cells last given with the table (cell_hashes), kept while `hashed` holds
       them: a tuple of tuples of ints, which no change and no cycle can reach */
    PyObject *hashed;
    Py_hash_t *hashes;
} NeighbourhoodObject;

static void neighbourhood_dealloc(NeighbourhoodObject *self) {
    PyMem_Free(self->start);
    PyMem_Free(self->next);
    PyMem_Free(self->rstart);
    PyMem_Free(self->rnext);
    PyMem_Free(self->hashes);
    Py_XDECREF(self->hashed);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Is every cell a tuple of ints (exactly those types)?  Their hashes never change then, and
   holding them makes no cycle. */
static int plain_cells(PyObject *cells) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(cells); i++) {
        PyObject *cell = PyTuple_GET_ITEM(cells, i);
        if (!PyTuple_CheckExact(cell))
            return 0;
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(cell); k++)
            if (!PyLong_CheckExact(PyTuple_GET_ITEM(cell, k)))
                return 0;
    }
    return 1;
}

/* The hash of each of cells (a tuple of the table's size), worked out once for the tuple a
   table is given again and again (countsweep.topology.cell_table is made once per size):
   hashing a position's hidden cells anew was half the cost of the dict of its probabilities.
   NULL with an exception. */
static const Py_hash_t *cell_hashes(NeighbourhoodObject *nb, PyObject *cells) {
    if (cells == nb->hashed)
        return nb->hashes;
    Py_CLEAR(nb->hashed);
    Py_ssize_t n = PyTuple_GET_SIZE(cells);
    if (!nb->hashes && !(nb->hashes = PyMem_Malloc(sizeof(Py_hash_t) * (size_t)(n ? n : 1)))) {
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if ((nb->hashes[i] = PyObject_Hash(PyTuple_GET_ITEM(cells, i))) == -1)
            return NULL;
    if (plain_cells(cells))
        nb->hashed = Py_NewRef(cells);
    return nb->hashes;
}

/* a buffer of native int32s: its count, or -1 with an exception */
static Py_ssize_t int32s(PyObject *obj, const char *what, int32_t **out) {
    if (!PyBytes_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s: expected bytes of native int32 values, not %.100s", what,
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    Py_ssize_t size = PyBytes_GET_SIZE(obj);
    if (size % 4) {
        PyErr_Format(PyExc_ValueError, "%s: %zd bytes is not a whole number of int32 values", what, size);
        return -1;
    }
    *out = PyMem_Malloc((size_t)size + 4);
    if (!*out) {
        PyErr_NoMemory();
        return -1;
    }
    memcpy(*out, PyBytes_AS_STRING(obj), (size_t)size);
    return size / 4;
}

/* The table reversed (start and next made and checked): 0, -1 with MemoryError. */
static int neighbourhood_reverse(NeighbourhoodObject *self) {
    Py_ssize_t n = self->nb.n;
    self->rstart = PyMem_Calloc((size_t)n + 1, sizeof(int32_t));
    self->rnext = PyMem_Malloc(sizeof(int32_t) * ((size_t)self->start[n] + 1));
    int32_t *fill = PyMem_Calloc((size_t)n, sizeof(int32_t));
    if (!self->rstart || !self->rnext || !fill) {
        PyMem_Free(fill);
        PyErr_NoMemory();
        return -1;
    }
    for (int32_t k = 0; k < self->start[n]; k++)
        self->rstart[self->next[k] + 1]++;
    for (Py_ssize_t i = 0; i < n; i++)
        self->rstart[i + 1] += self->rstart[i];
    for (Py_ssize_t i = 0; i < n; i++) /* ascending in each list, as i goes up */
        for (int32_t k = self->start[i]; k < self->start[i + 1]; k++) {
            int32_t j = self->next[k];
            self->rnext[self->rstart[j] + fill[j]++] = (int32_t)i;
        }
    PyMem_Free(fill);
    self->nb.rstart = self->rstart;
    self->nb.rnext = self->rnext;
    return 0;
}

/* Neighbourhood(start, next): cell i's neighbours are next[start[i]:start[i + 1]] */
static PyObject *neighbourhood_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *names[] = {"start", "next", NULL};
    PyObject *start_obj, *next_obj;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OO", names, &start_obj, &next_obj))
        return NULL;
    NeighbourhoodObject *self = (NeighbourhoodObject *)type->tp_alloc(type, 0);
    if (!self)
        return NULL;
    int *seen = NULL;
    Py_ssize_t ns = int32s(start_obj, "start", &self->start), nn = ns < 0 ? -1 : int32s(next_obj, "next", &self->next);
    if (nn < 0)
        goto fail;
    Py_ssize_t n = ns - 1;
    if (n < 1 || n > INT32_MAX - 1 || self->start[0] != 0 || self->start[n] != nn) {
        PyErr_SetString(PyExc_ValueError, "start: n + 1 offsets from 0 to len(next), for n >= 1 cells");
        goto fail;
    }
    seen = PyMem_Calloc((size_t)n, sizeof(int));
    if (!seen) {
        PyErr_NoMemory();
        goto fail;
    }
    int max_degree = 0, ascending = 1;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (self->start[i + 1] < self->start[i]) {
            PyErr_Format(PyExc_ValueError, "start: offsets decrease at cell %zd", i);
            goto fail;
        }
        if (self->start[i + 1] > nn) {
            PyErr_Format(PyExc_ValueError, "start: cell %zd's offsets run past the end of next", i);
            goto fail;
        }
        for (int32_t k = self->start[i]; k < self->start[i + 1]; k++) {
            int32_t j = self->next[k];
            if (j < 0 || j >= n || j == i || seen[j] == i + 1) {
                PyErr_Format(PyExc_ValueError, "next: cell %zd's neighbour %d is %s", i, (int)j,
                             j < 0 || j >= n ? "not a cell" : j == i ? "itself" : "listed twice");
                goto fail;
            }
            seen[j] = (int)i + 1;
        }
        int degree = self->start[i + 1] - self->start[i];
        max_degree = degree > max_degree ? degree : max_degree;
        for (int32_t k = self->start[i] + 1; k < self->start[i + 1] && ascending; k++)
            ascending = self->next[k - 1] < self->next[k];
    }
    PyMem_Free(seen);
    seen = NULL;
    self->nb.n = n;
    self->nb.max_degree = max_degree;
    self->nb.ascending = ascending;
    self->nb.start = self->start;
    self->nb.next = self->next;
    if (neighbourhood_reverse(self) < 0)
        goto fail;
    return (PyObject *)self;
fail:
    PyMem_Free(seen);
    Py_DECREF(self);
    return NULL;
}

/* The neighbours of cell (r, c) on a lattice: offset pairs, or hex (odd-r), or 3D (depth >= 1
   layers of the grid's rows, 26 neighbours); wrapping round the edges or not.  Into out (at most
   26 or noffsets), without the cell itself or repeats, ascending: their number. */
static int lattice_cell(long r, long c, long height, long width, const int32_t *offsets, int noffsets, int hex,
                        long depth, int wrap, int32_t *out) {
    long layers = depth ? depth : 1, rows = height / layers, z = r / rows, rr0 = r % rows;
    int n = 0;
    int32_t hexoff[12];
    int count = noffsets;
    const int32_t *off = offsets;
    if (hex) { /* odd rows touch the column to their right above and below */
        int s = (int)(r % 2);
        int32_t h[12] = {-1, s - 1, -1, s, 0, -1, 0, 1, 1, s - 1, 1, s};
        memcpy(hexoff, h, sizeof(h));
        off = hexoff;
        count = 6;
    }
    if (depth)
        count = 27;
    for (int k = 0; k < count; k++) {
        long zz = z, rr, cc;
        if (depth) {
            if (k == 13)
                continue; /* (0, 0, 0) */
            zz = z + k / 9 - 1;
            rr = rr0 + (k / 3) % 3 - 1;
            cc = c + k % 3 - 1;
        } else {
            rr = rr0 + off[2 * k];
            cc = c + off[2 * k + 1];
        }
        if (wrap) {
            zz = ((zz % layers) + layers) % layers;
            rr = ((rr % rows) + rows) % rows;
            cc = ((cc % width) + width) % width;
        } else if (zz < 0 || zz >= layers || rr < 0 || rr >= rows || cc < 0 || cc >= width)
            continue;
        int32_t j = (int32_t)((zz * rows + rr) * width + cc);
        if (j == (int32_t)(r * width + c))
            continue;
        int t = n;
        for (; t > 0 && out[t - 1] > j; t--)
            out[t] = out[t - 1];
        if (t > 0 && out[t - 1] == j) { /* a small wrapping board reaches one cell two ways */
            for (; t < n; t++)
                out[t] = out[t + 1];
            continue;
        }
        out[t] = j;
        n++;
    }
    return n;
}

/* Neighbourhood.lattice(height, width, offsets=b"", wrap=False, hex=False, depth=0) */
static PyObject *neighbourhood_lattice(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *names[] = {"height", "width", "offsets", "wrap", "hex", "depth", NULL};
    long height, width, depth = 0;
    PyObject *offsets_obj = NULL;
    int wrap = 0, hex = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "ll|Sppl", names, &height, &width, &offsets_obj, &wrap, &hex,
                                     &depth))
        return NULL;
    int32_t *offsets = NULL;
    Py_ssize_t noffsets = 0;
    if (offsets_obj && (noffsets = int32s(offsets_obj, "offsets", &offsets)) < 0)
        return NULL;
    NeighbourhoodObject *self = NULL;
    if (height < 1 || width < 1 || depth < 0 || (depth && height % depth) || height > INT32_MAX / width ||
        noffsets % 2 || noffsets / 2 > 1000 || (!hex && !depth && !noffsets) || (hex && depth)) {
        PyErr_SetString(PyExc_ValueError, "lattice: height, width >= 1, and offset pairs, hex, or a depth "
                                          "dividing the height");
        goto done;
    }
    long n = height * width, most = depth ? 26 : hex ? 6 : noffsets / 2;
    for (Py_ssize_t k = 0; k < noffsets; k++)
        if (offsets[k] < -1000000 || offsets[k] > 1000000) {
            PyErr_SetString(PyExc_ValueError, "lattice: offsets beyond a million");
            goto done;
        }
    if (n > (INT32_MAX - 1) / (most ? most : 1)) {
        PyErr_SetString(PyExc_ValueError, "lattice: too many cells");
        goto done;
    }
    self = (NeighbourhoodObject *)type->tp_alloc(type, 0);
    if (!self)
        goto done;
    self->start = PyMem_Malloc(sizeof(int32_t) * ((size_t)n + 1));
    self->next = PyMem_Malloc(sizeof(int32_t) * ((size_t)n * (size_t)most + 1));
    if (!self->start || !self->next) {
        Py_CLEAR(self);
        PyErr_NoMemory();
        goto done;
    }
    int32_t buf[1001];
    int max_degree = 0;
    self->start[0] = 0;
    for (long i = 0; i < n; i++) {
        int k = lattice_cell(i / width, i % width, height, width, offsets, (int)(noffsets / 2), hex, depth, wrap, buf);
        memcpy(self->next + self->start[i], buf, sizeof(int32_t) * (size_t)k);
        self->start[i + 1] = self->start[i] + k;
        max_degree = k > max_degree ? k : max_degree;
    }
    self->nb.n = n;
    self->nb.max_degree = max_degree;
    self->nb.ascending = 1; /* lattice_cell lists each cell's neighbours ascending */
    self->nb.start = self->start;
    self->nb.next = self->next;
    if (neighbourhood_reverse(self) < 0)
        Py_CLEAR(self);
done:
    PyMem_Free(offsets);
    return (PyObject *)self;
}

/* around(i) -> the neighbours of cell i, as the table holds them */
static PyObject *neighbourhood_around(NeighbourhoodObject *self, PyObject *arg) {
    Py_ssize_t i = PyNumber_AsSsize_t(arg, PyExc_IndexError);
    if (i == -1 && PyErr_Occurred())
        return NULL;
    if (i < 0 || i >= self->nb.n) {
        PyErr_Format(PyExc_IndexError, "cell %zd: the table has cells 0 to %zd", i, self->nb.n - 1);
        return NULL;
    }
    PyObject *out = PyTuple_New(self->start[i + 1] - self->start[i]);
    for (int32_t k = self->start[i]; out && k < self->start[i + 1]; k++) {
        PyObject *j = PyLong_FromLong(self->next[k]);
        if (!j) {
            Py_CLEAR(out);
            break;
        }
        PyTuple_SET_ITEM(out, k - self->start[i], j);
    }
    return out;
}

static PyMethodDef neighbourhood_methods[] = {
    {"around", (PyCFunction)neighbourhood_around, METH_O, "around(i): the neighbours of cell i."},
    {"lattice", (PyCFunction)(void (*)(void))neighbourhood_lattice, METH_VARARGS | METH_KEYWORDS | METH_CLASS,
     "lattice(height, width, offsets=b'', wrap=False, hex=False, depth=0): a grid topology's table\n"
     "(depth >= 1: that many layers of 3D, 26 neighbours)."},
    {NULL, NULL, 0, NULL},
};

static PyObject *neighbourhood_cells(NeighbourhoodObject *self, void *closure) {
    (void)closure;
    return PyLong_FromSsize_t(self->nb.n);
}

static PyObject *neighbourhood_max_degree(NeighbourhoodObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(self->nb.max_degree);
}

static PyGetSetDef neighbourhood_getset[] = {
    {"cells", (getter)neighbourhood_cells, NULL, "How many cells.", NULL},
    {"max_degree", (getter)neighbourhood_max_degree, NULL, "The most neighbours a cell has.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject NeighbourhoodType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "countsweep._kernel.Neighbourhood",
    .tp_basicsize = sizeof(NeighbourhoodObject),
    .tp_dealloc = (destructor)neighbourhood_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Neighbourhood(start, next): cell i sees next[start[i]:start[i + 1]] (native int32 bytes).",
    .tp_getset = neighbourhood_getset,
    .tp_methods = neighbourhood_methods,
    .tp_new = neighbourhood_new,
};

/* ========================================================================== */
/* Answer                                                                     */
/* ========================================================================== */

static PyStructSequence_Field answer_fields[] = {
    {"count", "layouts (frontier assignments without a total; weighted counts under noisy clues)"},
    {"scale", "the common denominator of the groups' mines"},
    {"groups", "(numerator, denominator, mines, cells) of each box, then of the sea: its probability (a fraction "
               "not always in lowest terms) and its mines over scale"},
    {"hidden", "the hidden cells, in order"},
    {"group_of", "each hidden cell's group (its index in groups)"},
    {"frontier", "the hidden cells some number sees"},
    {"sea", "the other hidden cells"},
    {"components", "independent components of the frontier"},
    {"readings", "under noisy clues: (key, numbers read through it) for each reading used, else None"},
    {"values", "with value given: value(numerator, denominator) of each group, else None"},
    {"probabilities", "with value given: each hidden cell's group's value (a dict, in hidden's order), else None"},
    {NULL, NULL},
};

static PyStructSequence_Desc answer_desc = {
    "countsweep._kernel.Answer", "A position's exact answer, as analyze returns it.", answer_fields, 11,
};

static PyTypeObject *AnswerType;
static PyObject *NoLayout;
static PyObject *TooLarge;

/* A dict for n items, made at its size (no resizing as it fills), and an item put in under its
   known hash, where the C API says how: CPython's _PyDict_NewPresized (in its public headers from
   3.11 to 3.13) and _PyDict_SetItem_KnownHash (3.11 and 3.12); else the plain calls. */
#if PY_VERSION_HEX < 0x030E0000
#define dict_for(n) _PyDict_NewPresized(n)
#else
#define dict_for(n) ((void)(n), PyDict_New())
#endif
#if PY_VERSION_HEX < 0x030D0000
#define dict_put(d, key, value, hash) _PyDict_SetItem_KnownHash(d, key, value, hash)
#else
#define dict_put(d, key, value, hash) ((void)(hash), PyDict_SetItem(d, key, value))
#endif

/* tuple.__new__(group, (a, b, c)), as tuple's own constructor makes a subclass's (a new reference,
   NULL with an exception); in C, a group's tuple costs half what it did made in Python from the
   answer's rows */
static PyObject *grouped(PyTypeObject *group, PyObject *a, PyObject *b, PyObject *c) {
    PyObject *items = PyTuple_Pack(3, a, b, c), *args = items ? PyTuple_Pack(1, items) : NULL;
    PyObject *made = args ? PyTuple_Type.tp_new(group, args, NULL) : NULL;
    Py_XDECREF(items);
    Py_XDECREF(args);
    return made;
}

/* values[g] = value(numerator, denominator) of each group g (a new list), and the dict from each
   hidden cell to its group's value: made here, the dict costs a tenth of what zipping the answer's
   fields into one costs in Python (a call per cell to look its group's value up), and it is most of
   what is left of an analysis of play once the kernel has counted.  The settled groups (numerator
   0, or the denominator) share the value of the first of their kind.  With group, values[g] is
   group((the value, its cells, its mines)), and the dict still maps each cell to the value.  0, or
   -1 with an exception. */
static int answer_values(const Position *p, PyObject *groups, PyObject *cells, const Py_hash_t *hashes,
                         PyObject *value, PyTypeObject *group, PyObject **values_out, PyObject **probs_out) {
    Py_ssize_t ng = PyList_GET_SIZE(groups);
    PyObject *values = PyList_New(ng), *probs = dict_for(p->hidden);
    PyObject *settled[2] = {NULL, NULL}; /* the value of a group with no mine, and of one all mines */
    int here = fraction_here(value); /* Fractions made here, not called (fraction.h) */
    int ok = values && probs && here >= 0;
    for (Py_ssize_t g = 0; g < ng && ok; g++) {
        PyObject *row = PyList_GET_ITEM(groups, g), *num = PyTuple_GET_ITEM(row, 0), *den = PyTuple_GET_ITEM(row, 1);
        int none = PyObject_Not(num), all = none ? 0 : PyObject_RichCompareBool(num, den, Py_EQ);
        if (none < 0 || all < 0) {
            ok = 0;
            break;
        }
        PyObject **kept = none ? &settled[0] : all ? &settled[1] : NULL, *v;
        if (kept && *kept) /* two in three groups of play are settled: one call for each kind */
            v = Py_NewRef(*kept);
        else if ((v = here ? fraction_reduced(num, den) : PyObject_CallFunctionObjArgs(value, num, den, NULL)) && kept)
            *kept = v;
        ok = v != NULL;
        if (ok && group) { /* the value, the cells, the mines: each group as the caller keeps it */
            PyObject *made = grouped(group, v, PyTuple_GET_ITEM(row, 3), PyTuple_GET_ITEM(row, 2));
            Py_DECREF(v); /* made holds it, and so keeps *kept alive */
            ok = (v = made) != NULL;
        }
        if (ok)
            PyList_SET_ITEM(values, g, v);
    }
    for (Py_ssize_t i = 0; i < p->n && ok; i++) {
        if (p->v[i] != HIDDEN)
            continue;
        Py_ssize_t g = p->box_of[i] >= 0 ? p->box_of[i] : p->nboxes; /* as in the answer's group_of */
        assert(g < ng);
        PyObject *v = PyList_GET_ITEM(values, g);
        ok = dict_put(probs, PyTuple_GET_ITEM(cells, i), group ? PyTuple_GET_ITEM(v, 0) : v, hashes[i]) == 0;
    }
    if (!ok) {
        Py_XDECREF(values);
        Py_XDECREF(probs);
        return -1;
    }
    *values_out = values;
    *probs_out = probs;
    return 0;
}

/* the answer of a combined position; NULL with an exception */
/* The frontier's groups, one (num, den, mines, cells) tuple a box, appended to groups; 0, -1
   with an exception set. */
static int answer_groups(const Position *p, const Combined *c, PyObject *cells, PyObject *groups) {
    for (int b = 0; b < p->nboxes; b++) {
        PyObject *members = PyTuple_New(p->boxes[b].size);
        if (!members)
            return -1;
        for (int q = 0; q < p->boxes[b].size; q++) {
            PyObject *cell = PyTuple_GET_ITEM(cells, p->boxes[b].cells[q]);
            PyTuple_SET_ITEM(members, q, Py_NewRef(cell));
        }
        /* a tuple packed as it is: Py_BuildValue reads its format for every group */
        PyObject *item = PyTuple_Pack(4, c->num[b], c->den[b], c->mines[b], members);
        Py_DECREF(members);
        int failed = !item || PyList_Append(groups, item) < 0;
        Py_XDECREF(item);
        if (failed)
            return -1;
    }
    return 0;
}

/* Every hidden cell into hidden, its group's number into index (the sea's: nboxes), and into
   frontier or sea, all in board order; 0, -1 with an exception set. */
static int answer_cells(const Position *p, PyObject *cells, PyObject *hidden, PyObject *index, PyObject *frontier,
                        PyObject *sea) {
    Py_ssize_t hi = 0, fi = 0, si = 0;
    for (Py_ssize_t i = 0; i < p->n; i++) {
        if (p->v[i] != HIDDEN)
            continue;
        PyObject *cell = PyTuple_GET_ITEM(cells, i);
        PyObject *g = PyLong_FromLong(p->box_of[i] >= 0 ? p->box_of[i] : p->nboxes);
        if (!g)
            return -1;
        PyList_SET_ITEM(index, hi, g);
        PyTuple_SET_ITEM(hidden, hi++, Py_NewRef(cell));
        if (p->box_of[i] >= 0)
            PyTuple_SET_ITEM(frontier, fi++, Py_NewRef(cell));
        else
            PyTuple_SET_ITEM(sea, si++, Py_NewRef(cell));
    }
    return 0;
}

/* How many numbers read through each reading (their factors' powers): a list of (key, times), or
   None under exact clues; NULL with an exception set. */
static PyObject *answer_readings(const Position *p) {
    if (!p->readings)
        return Py_NewRef(Py_None);
    PyObject *used = PyList_New(0);
    for (int i = 0; i < p->nused && used; i++) {
        const Reading *r = &p->used[p->order[i]];
        PyObject *item = Py_BuildValue("(Ll)", r->key, r->times);
        if (!item || PyList_Append(used, item) < 0)
            Py_CLEAR(used);
        Py_XDECREF(item);
    }
    return used;
}

static PyObject *answer(const Position *p, const Combined *c, PyObject *cells, NeighbourhoodObject *nb,
                        PyObject *value, PyTypeObject *group) {
    Py_ssize_t S = p->hidden - p->frontier;
    PyObject *out = PyStructSequence_New(AnswerType);
    PyObject *groups = PyList_New(0), *hidden = PyTuple_New(p->hidden), *index = PyList_New(p->hidden);
    PyObject *frontier = PyTuple_New(p->frontier), *sea = PyTuple_New(S), *used = NULL;
    int ok = out && groups && hidden && index && frontier && sea;
    ok = ok && answer_groups(p, c, cells, groups) == 0 && answer_cells(p, cells, hidden, index, frontier, sea) == 0;
    if (ok && position_sea(p)) { /* the sea's group: its listed cells (none, where all are unlisted) */
        PyObject *item = PyTuple_Pack(4, c->num[p->nboxes], c->den[p->nboxes], c->mines[p->nboxes], sea);
        ok = item && PyList_Append(groups, item) == 0;
        Py_XDECREF(item);
    }
    if (ok)
        ok = (used = answer_readings(p)) != NULL;
    PyObject *values = NULL, *probs = NULL;
    if (ok && value) {
        const Py_hash_t *hashes = cell_hashes(nb, cells);
        ok = hashes && answer_values(p, groups, cells, hashes, value, group, &values, &probs) == 0;
    }
    else if (ok) {
        values = Py_NewRef(Py_None);
        probs = Py_NewRef(Py_None);
    }
    PyObject *ncomps = ok ? PyLong_FromLong(p->ncomps) : NULL;
    if (!ok || !ncomps) {
        Py_XDECREF(out);
        Py_XDECREF(groups);
        Py_XDECREF(hidden);
        Py_XDECREF(index);
        Py_XDECREF(frontier);
        Py_XDECREF(sea);
        Py_XDECREF(used);
        Py_XDECREF(ncomps);
        Py_XDECREF(values);
        Py_XDECREF(probs);
        return NULL;
    }
    PyObject *items[] = {c->count, c->scale, groups, hidden, index, frontier, sea, ncomps, used, values, probs};
    for (int k = 0; k < 11; k++) {
        if (k < 2)
            Py_INCREF(items[k]);
        PyStructSequence_SET_ITEM(out, k, items[k]); /* steals */
    }
    return out;
}

/* ========================================================================== */
/* analyze                                                                    */
/* ========================================================================== */

/* The components counted, then combined: DONE, DECLINE, NO_LAYOUT, FAILED. */
static Status analyze_position(Position *p, long mines, const Density *density, int max_cells, long long max_nodes,
                               long long path_nodes, int enum_boxes, long long max_bytes, PyObject *stop, Arena *keep,
                               Combined *out) {
    if (mines >= 0 && (mines - p->flags < 0 || mines - p->flags > p->hidden + p->unlisted))
        return NO_LAYOUT; /* more mines left than hidden cells (flags are checked with the board) */
    Arena scratch = {0};
    int own = mines >= 0 || density ? MAX_CELLS : PLAIN_CELLS; /* see PLAIN_CELLS in kernel.h */
    Solver solver = {max_cells < own ? max_cells : own, max_nodes, stop, path_nodes, enum_boxes, keep, &scratch,
                     NULL, NULL, 0};
    solver.local = arena_alloc(keep, (size_t)p->neq, sizeof(int));
    solver.parts = arena_alloc(keep, (size_t)p->nboxes + 1, sizeof(Part));
    if (!solver.local || !solver.parts)
        return FAILED;
    for (int q = 0; q < p->neq; q++)
        solver.local[q] = -1;
    Status status = DONE;
    for (int k = 0; k < p->ncomps && status == DONE; k++) {
        status = component_solve(p, k, &solver);
        arena_reset(&scratch); /* memory grows with the board, not with its components squared */
        if (status == DONE && !(k & 0xff) && PyErr_CheckSignals() < 0)
            status = FAILED;
    }
    arena_free(&scratch);
    return status == DONE ? combine(p, solver.parts, solver.nparts, mines, density, max_bytes, out) : status;
}

/* analyze(rows, neighbourhood, mines, cells, *, readings=None, max_cells, max_nodes, stop=None,
           path_nodes=PATH_NODES, value=None, unlisted=0, max_bytes=-1, enum_boxes=ENUM_BOXES, density=None,
           group=None) */
/* analyze's mines: an int, at least 0, or None (-1: unknown); 0, -1 with an exception set. */
static int mines_of(PyObject *obj, long *mines) {
    *mines = -1;
    if (obj == Py_None)
        return 0;
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "mines: an int or None, not %.100s", Py_TYPE(obj)->tp_name);
        return -1;
    }
    *mines = PyLong_AsLong(obj);
    if (*mines == -1 && PyErr_Occurred())
        return -1;
    if (*mines < 0) {
        PyErr_SetString(PyExc_ValueError, "mines: not negative (None: unknown)");
        return -1;
    }
    return 0;
}

/* analyze's density: None, or a pair of ints (a, b) with 0 < a < b, and then mines is None (-1);
   0, -1 with an exception set. */
static int density_of(PyObject *obj, long mines, Density *d, Density **out) {
    *out = NULL;
    if (obj == Py_None)
        return 0;
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 2 || !PyLong_Check(PyTuple_GET_ITEM(obj, 0)) ||
        !PyLong_Check(PyTuple_GET_ITEM(obj, 1))) {
        PyErr_Format(PyExc_TypeError, "density: a pair of ints (numerator, denominator), or None, not %.100s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    d->a = PyTuple_GET_ITEM(obj, 0);
    d->b = PyTuple_GET_ITEM(obj, 1);
    PyObject *zero = PyLong_FromLong(0);
    int low = zero ? PyObject_RichCompareBool(d->a, zero, Py_GT) : -1;
    int high = low > 0 ? PyObject_RichCompareBool(d->a, d->b, Py_LT) : low;
    Py_XDECREF(zero);
    if (high < 0)
        return -1;
    if (!high) {
        PyErr_SetString(PyExc_ValueError, "density: (a, b) with 0 < a < b, a probability a / b in (0, 1)");
        return -1;
    }
    if (mines >= 0) {
        PyErr_SetString(PyExc_ValueError, "density: a prior in place of the mine total, with mines None");
        return -1;
    }
    *out = d;
    return 0;
}

/* group: None, or a subclass of tuple (a namedtuple of three fields) with value given; 0, -1 with
   an exception naming it */
static int group_argument(PyObject *group, PyObject *value) {
    if (group == Py_None)
        return 0;
    if (!PyType_Check(group) || !PyType_IsSubtype((PyTypeObject *)group, &PyTuple_Type)) {
        PyErr_Format(PyExc_TypeError, "group: a subclass of tuple (value, cells, mines), or None; not %.100s",
                     Py_TYPE(group)->tp_name);
        return -1;
    }
    if (value == Py_None) {
        PyErr_SetString(PyExc_TypeError, "group: given without value (a group holds its value)");
        return -1;
    }
    return 0;
}

/* analyze's other arguments, as its docstring has them; 0, -1 with an exception naming the one
   at fault. */
static int analyze_arguments(const NeighbourhoodObject *nb, PyObject *cells, PyObject *readings, PyObject *stop,
                             PyObject *value, int max_cells, long long max_nodes, long long path_nodes,
                             int enum_boxes, Py_ssize_t unlisted, long long max_bytes) {
    if (unlisted < 0 || unlisted > MAX_UNLISTED) {
        PyErr_Format(PyExc_ValueError, "unlisted: 0 to %d sea cells the rows do not list", MAX_UNLISTED);
        return -1;
    }
    if (stop != Py_None && !PyCallable_Check(stop)) {
        PyErr_SetString(PyExc_TypeError, "stop: a callable (true: stop the search), or None");
        return -1;
    }
    if (value != Py_None && !PyCallable_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "value: a callable (numerator, denominator) -> a group's value, or None");
        return -1;
    }
    if (PyTuple_GET_SIZE(cells) != nb->nb.n) {
        PyErr_Format(PyExc_ValueError, "cells: %zd of them for a neighbourhood of %zd cells", PyTuple_GET_SIZE(cells),
                     nb->nb.n);
        return -1;
    }
    if (readings != Py_None && !PyMapping_Check(readings)) {
        PyErr_SetString(PyExc_TypeError, "readings: a mapping from key to reading, or None");
        return -1;
    }
    if (max_cells < 0 || max_nodes < 0) {
        PyErr_SetString(PyExc_ValueError, "max_cells and max_nodes are not negative");
        return -1;
    }
    if (path_nodes < -1) {
        PyErr_SetString(PyExc_ValueError, "path_nodes: at least -1 (-1: no part along a path, 0: every part)");
        return -1;
    }
    if (max_bytes < -1) {
        PyErr_SetString(PyExc_ValueError, "max_bytes: at least -1 (-1: no budget)");
        return -1;
    }
    if (enum_boxes < 0 || enum_boxes > ENUM_BOXES_MAX) {
        PyErr_Format(PyExc_ValueError, "enum_boxes: 0 to %d (0: no part enumerated)", ENUM_BOXES_MAX);
        return -1;
    }
    return 0;
}

static PyObject *kernel_analyze(PyObject *self, PyObject *args, PyObject *kwds) {
    (void)self;
    static char *names[] = {"rows", "neighbourhood", "mines", "cells", "readings", "max_cells", "max_nodes", "stop",
                            "path_nodes", "value", "unlisted", "max_bytes", "enum_boxes", "density", "group",
                            NULL};
    PyObject *rows, *cells, *mines_obj, *readings = Py_None, *stop = Py_None, *value = Py_None;
    PyObject *density_obj = Py_None, *group = Py_None;
    NeighbourhoodObject *nb;
    int max_cells = MAX_CELLS, enum_boxes = ENUM_BOXES;
    long long max_nodes = 200000, path_nodes = PATH_NODES, max_bytes = -1;
    Py_ssize_t unlisted = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O!OO!|$OiLOLOnLiOO", names, &PyTuple_Type, &rows,
                                     &NeighbourhoodType, &nb, &mines_obj, &PyTuple_Type, &cells, &readings,
                                     &max_cells, &max_nodes, &stop, &path_nodes, &value, &unlisted, &max_bytes,
                                     &enum_boxes, &density_obj, &group))
        return NULL;
    long mines;
    Density prior, *density;
    if (analyze_arguments(nb, cells, readings, stop, value, max_cells, max_nodes, path_nodes, enum_boxes, unlisted,
                          max_bytes) < 0 || group_argument(group, value) < 0 ||
        mines_of(mines_obj, &mines) < 0 || density_of(density_obj, mines, &prior, &density) < 0)
        return NULL;
    Arena keep = {0};
    Position p;
    memset(&p, 0, sizeof(p));
    Combined combined;
    memset(&combined, 0, sizeof(combined));
    PyObject *result = NULL;
    if (!(p.constant = PyLong_FromLong(1)))
        return NULL;
    Status status = position_read(&p, rows, &nb->nb, readings == Py_None ? NULL : readings, &keep);
    p.unlisted = (long)unlisted;
    if (status == DONE)
        status = position_build(&p, &keep);
    if (status == DONE)
        status = analyze_position(&p, mines, density, max_cells, max_nodes, path_nodes, enum_boxes, max_bytes,
                                  stop == Py_None ? NULL : stop, &keep, &combined);
    if (status == DONE)
        result = answer(&p, &combined, cells, nb, value == Py_None ? NULL : value,
                        group == Py_None ? NULL : (PyTypeObject *)group);
    else if (PyErr_Occurred())
        ; /* FAILED, or an error met on the way: raised as it is */
    else if (status == DECLINE) {
        result = Py_None;
        Py_INCREF(result);
    } else if (status == NO_LAYOUT)
        PyErr_SetString(NoLayout, "no mine layout fits the position");
    else if (status == TOO_LARGE) { /* the estimate in bytes, as an int, for the caller's message */
        PyObject *need = PyLong_FromDouble(combined.need);
        if (need) {
            PyErr_SetObject(TooLarge, need);
            Py_DECREF(need);
        }
    } else
        PyErr_NoMemory();
    combined_clear(&combined);
    Py_XDECREF(p.constant);
    arena_free(&keep);
    return result;
}

/* ========================================================================== */
/* Debug-only hooks: each stage on its own, for the tests (built with -DCOUNTSWEEP_DEBUG)     */
/* ========================================================================== */

#ifdef COUNTSWEEP_DEBUG
/* _position(rows, neighbourhood[, readings]) -> (equations, components): equations as
   (cells, lo, hi), components as lists of boxes, each (cells, equations) */
static PyObject *debug_position(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *rows, *readings = Py_None;
    NeighbourhoodObject *nb;
    if (!PyArg_ParseTuple(args, "O!O!|O", &PyTuple_Type, &rows, &NeighbourhoodType, &nb, &readings))
        return NULL;
    Arena a = {0};
    Position p;
    memset(&p, 0, sizeof(p));
    PyObject *out = NULL;
    Status status = position_read(&p, rows, &nb->nb, readings == Py_None ? NULL : readings, &a);
    if (status == DONE)
        status = position_build(&p, &a);
    if (status != DONE) {
        if (!PyErr_Occurred())
            out = PyLong_FromLong(status);
        arena_free(&a);
        return out;
    }
    PyObject *eqs = PyList_New(0), *comps = PyList_New(0);
    for (int q = 0; eqs && q < p.neq; q++) {
        PyObject *members = PyTuple_New(p.eqs[q].ncells);
        for (int k = 0; members && k < p.eqs[q].ncells; k++)
            PyTuple_SET_ITEM(members, k, PyLong_FromLong(p.eqs[q].cells[k]));
        PyObject *item = members ? Py_BuildValue("(Nii)", members, p.eqs[q].lo, p.eqs[q].hi) : NULL;
        if (!item || PyList_Append(eqs, item) < 0)
            Py_CLEAR(eqs);
        Py_XDECREF(item);
    }
    for (int k = 0; comps && k < p.ncomps; k++) {
        PyObject *boxes = PyList_New(0);
        for (int b = p.comp_first_box[k]; boxes && b < p.comp_first_box[k] + p.comp_nboxes[k]; b++) {
            PyObject *members = PyTuple_New(p.boxes[b].size), *seen_by = PyTuple_New(p.boxes[b].neq);
            for (int q = 0; members && q < p.boxes[b].size; q++)
                PyTuple_SET_ITEM(members, q, PyLong_FromLong(p.boxes[b].cells[q]));
            for (int q = 0; seen_by && q < p.boxes[b].neq; q++)
                PyTuple_SET_ITEM(seen_by, q, PyLong_FromLong(p.boxes[b].eqs[q]));
            PyObject *item = members && seen_by ? Py_BuildValue("(NN)", members, seen_by) : NULL;
            if (!item || PyList_Append(boxes, item) < 0)
                Py_CLEAR(boxes);
            Py_XDECREF(item);
        }
        if (!boxes || PyList_Append(comps, boxes) < 0)
            Py_CLEAR(comps);
        Py_XDECREF(boxes);
    }
    out = eqs && comps ? Py_BuildValue("(OO)", eqs, comps) : NULL;
    Py_XDECREF(eqs);
    Py_XDECREF(comps);
    arena_free(&a);
    return out;
}

/* _path_limits(states, coefs): the path's limits for the tests (0: the defaults) */
static PyObject *debug_path_limits(PyObject *self, PyObject *args) {
    (void)self;
    long states;
    Py_ssize_t coefs;
    if (!PyArg_ParseTuple(args, "ln", &states, &coefs))
        return NULL;
    path_set_limits(states, coefs > 0 ? (size_t)coefs : 0);
    Py_RETURN_NONE;
}

/* _memo_hash_bits(bits) -> the look-ups that met another key's hash since the last call; both
   memos' hashes kept to their low bits from now on (64: all), so keys collide */
static PyObject *debug_memo_hash_bits(PyObject *self, PyObject *args) {
    (void)self;
    int bits;
    if (!PyArg_ParseTuple(args, "i", &bits))
        return NULL;
    if (bits < 0 || bits > 64) {
        PyErr_Format(PyExc_ValueError, "bits: from 0 to 64, not %d", bits);
        return NULL;
    }
    return PyLong_FromLong(memo_set_hash_bits(bits));
}

/* _path_given() -> (parts whose third path order was the boxes as given, parts whose was
   breadth-first from the first box) since the last call */
static PyObject *debug_path_given(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    long given, first;
    path_given_tally(&given, &first);
    return Py_BuildValue("ll", given, first);
}

/* _path_guessed() -> (parts that tried a guessed path order, parts that took it) since the last
   call */
static PyObject *debug_path_guessed(PyObject *self, PyObject *args) {
    (void)self;
    (void)args;
    long tried, taken;
    path_guessed_tally(&tried, &taken);
    return Py_BuildValue("ll", tried, taken);
}

/* _enum_nodes(nodes) -> the parts whose fillings passed the limit since the last call; the
   limit set from now on (0: ENUM_NODES) */
static PyObject *debug_enum_nodes(PyObject *self, PyObject *args) {
    (void)self;
    long nodes;
    if (!PyArg_ParseTuple(args, "l", &nodes))
        return NULL;
    return PyLong_FromLong(dpll_set_enum_nodes(nodes));
}

/* _part_bytes(bytes) -> the parts that declined past the limit since the last call; the bytes a
   part's rows may take from now on (0: PART_BYTES) */
static PyObject *debug_part_bytes(PyObject *self, PyObject *args) {
    (void)self;
    long long bytes;
    if (!PyArg_ParseTuple(args, "L", &bytes))
        return NULL;
    return PyLong_FromLong(dpll_set_part_bytes(bytes));
}

/* _arena(requests) -> for each request, (count, size) or None, whether one arena handed out count * size
   zeroed bytes (True) or refused them (False), or None where it was reset; what it hands out is written
   over once checked, so that bytes handed out again unzeroed, or twice, are seen */
static PyObject *debug_arena(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *requests;
    if (!PyArg_ParseTuple(args, "O!", &PyList_Type, &requests))
        return NULL;
    PyObject *out = PyList_New(PyList_GET_SIZE(requests));
    Arena a = {0};
    for (Py_ssize_t i = 0; out && i < PyList_GET_SIZE(requests); i++) {
        PyObject *item = PyList_GET_ITEM(requests, i), *verdict = Py_None;
        unsigned long long count, size;
        if (item == Py_None)
            arena_reset(&a);
        else if (!PyTuple_Check(item) || !PyArg_ParseTuple(item, "KK", &count, &size)) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "requests: (count, size) pairs or None");
            Py_CLEAR(out);
            break;
        } else {
            unsigned char *given = arena_alloc(&a, (size_t)count, (size_t)size);
            int zeroed = given != NULL;
            for (size_t j = 0; zeroed && j < (size_t)(count * size); j++)
                zeroed = given[j] == 0;
            if (given)
                memset(given, 0xa5, (size_t)(count * size));
            verdict = zeroed ? Py_True : Py_False;
        }
        PyList_SET_ITEM(out, i, Py_NewRef(verdict));
    }
    arena_free(&a);
    return out;
}

/* _fraction_forget() -> what fraction.c had found (1 made in C, -1 called, 0 not looked up); the
   next analyze looks fractions.Fraction up again */
static PyObject *debug_fraction_forget(PyObject *self, PyObject *noargs) {
    (void)self;
    (void)noargs;
    return PyLong_FromLong(fraction_forget());
}

/* _binomial(n, k) -> C(n, k) from the table (n <= MAX_BOX) */
static PyObject *debug_binomial(PyObject *self, PyObject *args) {
    (void)self;
    int n, k;
    if (!PyArg_ParseTuple(args, "ii", &n, &k))
        return NULL;
    if (n < 0 || n > MAX_BOX) {
        PyErr_SetString(PyExc_ValueError, "n: 0 to MAX_BOX");
        return NULL;
    }
    return count_to_long(binomial(n, k));
}

/* _crt(residues, width) -> the natural below 2**128 * prod(primes) with those residues: res[0]
   modulo 2**(8 sizeof(count_t)) (as an int), res[i] modulo PRIMES[i - 1] */
static PyObject *debug_crt(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *list;
    if (!PyArg_ParseTuple(args, "O!", &PyList_Type, &list))
        return NULL;
    int nmod = (int)PyList_GET_SIZE(list) - 1;
    if (nmod < 0 || nmod > NPRIMES) {
        PyErr_SetString(PyExc_ValueError, "residues: one for the count_t, one for each prime used");
        return NULL;
    }
    count_t res[NPRIMES + 1];
    for (int i = 0; i <= nmod; i++) {
        limb parts[2] = {0, 0};
        if (wide_from_long(parts, 2, PyList_GET_ITEM(list, i)) < 0)
            return NULL;
#if HAVE_INT128
        res[i] = ((count_t)parts[1] << 64) | parts[0];
#else
        res[i] = parts[0];
#endif
    }
    int native = 8 * (int)sizeof(count_t), pw = nmod ? (native + 62 * nmod) / 64 + 2 : (int)(sizeof(count_t) / 8);
    Arena a = {0};
    Crt crt;
    limb *out = arena_alloc(&a, (size_t)pw, sizeof(limb));
    unsigned char *bytes = arena_alloc(&a, (size_t)pw, 8);
    PyObject *value = NULL;
    if (out && bytes && crt_init(&crt, nmod, pw, &a) == DONE) {
        crt_solve(&crt, res, out);
        value = wide_to_long(out, pw, bytes);
    } else
        PyErr_NoMemory();
    arena_free(&a);
    return value;
}

/* _divexact(x, d) -> x // d through the kernel's exact division (d must divide x, 0 < d < 2**32;
   x below 2**1024: to_bytes refuses a negative or larger x) */
static PyObject *debug_divexact(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *x;
    unsigned long long d;
    if (!PyArg_ParseTuple(args, "O!K", &PyLong_Type, &x, &d))
        return NULL;
    if (!d || d >> 32) {
        PyErr_SetString(PyExc_ValueError, "d: 1 to 2**32 - 1");
        return NULL;
    }
    PyObject *pd = PyLong_FromUnsignedLongLong(d), *rest = pd ? PyNumber_Remainder(x, pd) : NULL;
    int nonzero = rest ? PyObject_IsTrue(rest) : -1; /* -1: an error, kept as raised */
    int divides = nonzero < 0 ? -1 : !nonzero;
    Py_XDECREF(pd);
    Py_XDECREF(rest);
    if (divides <= 0) { /* the division asserts it: a Python error here, not an abort */
        if (!divides)
            PyErr_SetString(PyExc_ValueError, "x: a multiple of d");
        return NULL;
    }
    limb a[16] = {0};
    unsigned char bytes[16 * 8];
    if (wide_from_long(a, 16, x) < 0)
        return NULL;
    wide_divexact(a, 16, (limb)d);
    return wide_to_long(a, 16, bytes);
}
#endif

/* ========================================================================== */
/* The module                                                                 */
/* ========================================================================== */

static PyMethodDef kernel_methods[] = {
    {"analyze", (PyCFunction)(void (*)(void))kernel_analyze, METH_VARARGS | METH_KEYWORDS,
     "analyze(rows, neighbourhood, mines, cells, *, readings=None, max_cells=MAX_CELLS, max_nodes=200000, "
     "stop=None, path_nodes=PATH_NODES, value=None, unlisted=0, max_bytes=-1, enum_boxes=ENUM_BOXES, density=None, "
     "group=None)\n"
     "A position's "
     "exact answer (an Answer), "
     "None when it needs the general path (or stop() said so); NoLayout when none fits; TooLarge(bytes) when the "
     "counts' combination and answer are estimated to pass max_bytes (-1: no budget).  A part of more than max_cells "
     "cells is left to the general path, and so is one past MAX_CELLS (PLAIN_CELLS without a total or a prior), "
     "one past PLAIN_CELLS whose mine counts span a narrow window (WINDOW_SHARE), or one whose rows would pass "
     "PART_BYTES.  A part whose search passes path_nodes "
     "nodes is counted along a path (0: every part, none enumerated; -1: none); one of at most enum_boxes boxes "
     "(up to ENUM_BOXES_MAX; 0: none) has its fillings enumerated first.  With value, the answer's values and probabilities "
     "hold value(numerator, denominator) of each group, and each hidden cell's (value fractions.Fraction: each "
     "made in lowest terms as Fraction(numerator, denominator) makes it, without a call); with group too (a subclass of "
     "tuple), values holds group((value, cells, mines)) of each group, made as tuple.__new__ makes it.  unlisted: hidden cells no number "
     "sees that the rows do not list (up to MAX_UNLISTED): the sea's, counted, and named in no field.  density: "
     "(a, b), 0 < a < b, a prior in place of the mine total (mines None): each hidden cell a mine with probability "
     "a / b; the count is then the layouts' weights a**j (b - a)**(F - j) summed, j of the F frontier cells mined."},
#ifdef COUNTSWEEP_DEBUG
    {"_position", debug_position, METH_VARARGS, "Debug: a position's equations and components (boxes)."},
    {"_binomial", debug_binomial, METH_VARARGS, "Debug: C(n, k) from the kernel's table."},
    {"_path_limits", debug_path_limits, METH_VARARGS,
     "Debug: _path_limits(states, coefs) sets the path's limits (0: the defaults)."},
    {"_memo_hash_bits", debug_memo_hash_bits, METH_VARARGS,
     "Debug: _memo_hash_bits(bits) keeps both memos' hashes (the counting search's and the endgame Search's) "
     "to their low bits (64: all of them) and returns the look-ups that met another key's hash since the "
     "last call."},
    {"_path_given", debug_path_given, METH_NOARGS,
     "Debug: _path_given() -> (parts whose third path order was the boxes as given, parts whose was "
     "breadth-first from the first box) since the last call."},
    {"_path_guessed", debug_path_guessed, METH_NOARGS,
     "Debug: _path_guessed() -> (parts that tried a guessed fourth path order, parts that took it) since the "
     "last call."},
    {"_enum_nodes", debug_enum_nodes, METH_VARARGS,
     "Debug: _enum_nodes(nodes) sets the nodes a part's fillings may take before it is searched (0: ENUM_NODES) "
     "and returns how many parts passed the limit since the last call."},
    {"_part_bytes", debug_part_bytes, METH_VARARGS,
     "Debug: _part_bytes(bytes) sets the bytes a part's rows may take while they are counted (0: PART_BYTES) "
     "and returns how many parts declined past the limit since the last call."},
    {"_fraction_forget", debug_fraction_forget, METH_NOARGS,
     "Debug: _fraction_forget() forgets fractions.Fraction as looked up (the next analyze looks it up again) and "
     "returns what it had found: 1 Fractions made in C, -1 Fraction called, 0 not looked up."},
    {"_arena", debug_arena, METH_VARARGS,
     "Debug: _arena(requests) -> whether one arena handed out each request's (count, size) zeroed bytes, "
     "None for a reset."},
    {"_crt", debug_crt, METH_VARARGS, "Debug: a natural from its residues."},
    {"_divexact", debug_divexact, METH_VARARGS, "Debug: x // d by the combination's exact division."},
#endif
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT, "countsweep._kernel", "countsweep's compiled kernel (see countsweep/_kernel/kernel.h).", -1,
    kernel_methods, NULL, NULL, NULL, NULL,
};

static int add_type(PyObject *m, const char *name, PyTypeObject *type) {
    Py_INCREF(type);
    if (PyModule_AddObject(m, name, (PyObject *)type) < 0) {
        Py_DECREF(type);
        return -1;
    }
    return 0;
}

PyMODINIT_FUNC PyInit__kernel(void) {
    if (PyType_Ready(&SearchType) < 0 || PyType_Ready(&NeighbourhoodType) < 0)
        return NULL;
    binomials_init();
    PyObject *math = PyImport_ImportModule("math");
    kernel_math_comb = math ? PyObject_GetAttrString(math, "comb") : NULL;
    kernel_math_gcd = kernel_math_comb ? PyObject_GetAttrString(math, "gcd") : NULL;
    Py_XDECREF(math);
    if (!kernel_math_gcd)
        return NULL;
    if (!AnswerType && !(AnswerType = PyStructSequence_NewType(&answer_desc)))
        return NULL;
    if (!NoLayout && !(NoLayout = PyErr_NewExceptionWithDoc("countsweep._kernel.NoLayout",
                                                            "No mine layout fits the position.", NULL, NULL)))
        return NULL;
    if (!TooLarge && !(TooLarge = PyErr_NewExceptionWithDoc("countsweep._kernel.TooLarge",
                                                            "The answer would pass analyze's max_bytes: its "
                                                            "argument is the bytes estimated.", NULL, NULL)))
        return NULL;
    PyObject *m = PyModule_Create(&kernel_module);
    if (!m)
        return NULL;
#ifdef COUNTSWEEP_DEBUG
    int debug = 1;
#else
    int debug = 0;
#endif
    if (PyModule_AddIntConstant(m, "MAX_CELLS", MAX_CELLS) < 0 ||
        PyModule_AddIntConstant(m, "PLAIN_CELLS", PLAIN_CELLS) < 0 || PyModule_AddIntConstant(m, "MAX_BOX", MAX_BOX) < 0 ||
        PyModule_AddIntConstant(m, "MAX_UNLISTED", MAX_UNLISTED) < 0 ||
        PyModule_AddIntConstant(m, "WIDE_COUNTS", HAVE_INT128) < 0 ||
        PyModule_AddIntConstant(m, "DEBUG", debug) < 0 ||
        PyModule_AddIntConstant(m, "SEARCH_MAX_DEPTH", SEARCH_MAX_DEPTH) < 0 ||
        add_type(m, "Search", &SearchType) < 0 || add_type(m, "Neighbourhood", &NeighbourhoodType) < 0 ||
        add_type(m, "Answer", AnswerType) < 0 || add_type(m, "NoLayout", (PyTypeObject *)NoLayout) < 0 ||
        add_type(m, "TooLarge", (PyTypeObject *)TooLarge) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
