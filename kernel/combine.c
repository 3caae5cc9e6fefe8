/* The components' counts and the sea's binomials into answers: see combine.h. */

#include "combine.h"
#include "wide.h"

void combined_clear(Combined *out) {
    for (int g = 0; g < out->ngroups; g++) {
        if (out->num)
            Py_XDECREF(out->num[g]);
        if (out->den)
            Py_XDECREF(out->den[g]);
        if (out->mines)
            Py_XDECREF(out->mines[g]);
    }
    PyMem_Free(out->num);
    PyMem_Free(out->den);
    PyMem_Free(out->mines);
    Py_XDECREF(out->count);
    Py_XDECREF(out->scale);
    memset(out, 0, sizeof(*out));
}

/* a * b and a * b // c as new references (NULL on error) */
static PyObject *times(PyObject *a, PyObject *b) {
    return a && b ? PyNumber_Multiply(a, b) : NULL;
}

static PyObject *times_floordiv(PyObject *a, long b, long c) {
    PyObject *pb = PyLong_FromLong(b), *pc = PyLong_FromLong(c);
    PyObject *t = times(a, pb), *out = t && pc ? PyNumber_FloorDivide(t, pc) : NULL;
    Py_XDECREF(pb);
    Py_XDECREF(pc);
    Py_XDECREF(t);
    return out;
}

/* The settled boxes' factor, times the weight every layout shares, and their mines. */
static PyObject *settled_factor(const Position *p, long *shift) {
    PyObject *fixed = p->constant;
    Py_INCREF(fixed);
    *shift = 0;
    for (int b = 0; b < p->nboxes && fixed; b++) {
        if (p->settled[b] < 0)
            continue;
        *shift += p->settled[b];
        PyObject *c = binomial_long(p->boxes[b].size, p->settled[b]);
        Py_SETREF(fixed, times(fixed, c));
        Py_XDECREF(c);
    }
    return fixed;
}

/* Settled boxes: v of s cells, so v / s; their mines over `over` layouts are over * v / s. */
static Status settled_groups(const Position *p, PyObject *over, int as_fraction, Combined *out) {
    for (int b = 0; b < p->nboxes; b++) {
        if (p->settled[b] < 0)
            continue;
        long v = p->settled[b], s = p->boxes[b].size;
        out->mines[b] = times_floordiv(over, v, s);
        if (as_fraction) { /* no total: v / s as it is */
            out->num[b] = PyLong_FromLong(v);
            out->den[b] = PyLong_FromLong(s);
        } else { /* over the count */
            out->num[b] = out->mines[b];
            Py_XINCREF(out->num[b]);
            out->den[b] = over;
            Py_INCREF(over);
        }
        if (!out->mines[b] || !out->num[b] || !out->den[b])
            return FAILED;
    }
    return DONE;
}

/* ========================================================================== */
/* The memory budget                                                          */
/* ========================================================================== */

/* The bits of the parts' totals multiplied (each part's below 2**bits of its sum over its mine
   counts), through scratch (the widest part's limbs plus one). */
static long parts_bits(const Part *parts, int nparts, limb *scratch) {
    long bits = 0;
    for (int k = 0; k < nparts; k++) {
        wide_sum_rows(parts[k].total, parts[k].nsize, parts[k].pw, scratch);
        int len = wide_len(scratch, parts[k].pw + 1);
        bits += len ? 64 * (len - 1) + count_bits(scratch[len - 1]) : 0;
    }
    return bits;
}

/* Whether the combination's `need` bytes and the answer's pass max_bytes; out->need keeps the
   estimate.  The answer holds two integers of up to `bits` bits for every group: a dense 700x700
   board's 266 000 groups of 11 000 bits took 3 GB, most of it the combination's rows (estimated
   at 3.3 GB).  Callers with no budget (max_bytes -1: every agent's) skip the estimate. */
static int too_large(const Position *p, double need, long bits, long long max_bytes, Combined *out) {
    assert(max_bytes >= 0);
    out->need = need + 2.0 * (p->nboxes + 1) * (double)((bits + 7) / 8 + 32); /* whole bytes, as reported */
    return out->need > (double)max_bytes;
}

/* ========================================================================== */
/* Without a mine total                                                       */
/* ========================================================================== */

/* Frontier assignments: the parts' counts multiply; each box's mines over its own part's
   assignments, the sea 1/2. */
static Status combine_open(const Position *p, const Part *parts, int nparts, PyObject *fixed, long long max_bytes,
                           Combined *out) {
    Status status = FAILED;
    int maxpw = 1;
    for (int k = 0; k < nparts; k++)
        maxpw = parts[k].pw > maxpw ? parts[k].pw : maxpw;
    limb *scratch = PyMem_Calloc((size_t)maxpw + 1, sizeof(limb));
    unsigned char *bytes = PyMem_Malloc(((size_t)maxpw + 1) * 8);
    PyObject **own = PyMem_Calloc((size_t)nparts + 1, sizeof(PyObject *));
    PyObject *two = PyLong_FromLong(2);
    if (!scratch || !bytes || !own || !two)
        goto out;
    if (max_bytes >= 0 && too_large(p, 0, parts_bits(parts, nparts, scratch), max_bytes, out)) {
        status = TOO_LARGE;
        goto out;
    }
    out->count = fixed;
    Py_INCREF(fixed);
    for (int k = 0; k < nparts; k++) {
        own[k] = wide_sum(parts[k].total, parts[k].nsize, parts[k].pw, 1, scratch, bytes);
        Py_SETREF(out->count, times(out->count, own[k]));
        if (!out->count)
            goto out;
    }
    if (!(out->scale = times(out->count, two)))
        goto out;
    for (int k = 0; k < nparts; k++) {
        PyObject *rest = PyNumber_FloorDivide(out->count, own[k]);
        if (!rest)
            goto out;
        for (int q = 0; q < parts[k].nbox; q++) {
            int b = parts[k].box[q];
            out->num[b] = wide_sum(parts[k].marg + (size_t)q * parts[k].nsize * parts[k].pw, parts[k].nsize,
                                   parts[k].pw, (limb)p->boxes[b].size, scratch, bytes);
            out->den[b] = own[k];
            Py_INCREF(own[k]);
            PyObject *t = times(out->num[b], rest);
            out->mines[b] = times(t, two);
            Py_XDECREF(t);
            if (!out->mines[b]) {
                Py_DECREF(rest);
                goto out;
            }
        }
        Py_DECREF(rest);
    }
    if (settled_groups(p, out->scale, 1, out) != DONE)
        goto out;
    if (position_sea(p)) {
        out->num[p->nboxes] = PyLong_FromLong(1);
        out->den[p->nboxes] = PyLong_FromLong(2);
        out->mines[p->nboxes] = out->count;
        Py_INCREF(out->count);
        if (!out->num[p->nboxes] || !out->den[p->nboxes])
            goto out;
    }
    status = DONE;
out:
    for (int k = 0; own && k < nparts; k++)
        Py_XDECREF(own[k]);
    PyMem_Free(own);
    PyMem_Free(scratch);
    PyMem_Free(bytes);
    Py_XDECREF(two);
    return status;
}

/* ========================================================================== */
/* With a mine total                                                          */
/* ========================================================================== */

/* The work arrays of one combination, freed together. */
typedef struct {
    int Wp, W;         /* limbs of a product of parts; of anything with the sea in it */
    limb **prefix;     /* prefix[k]: the parts before k multiplied out, by mines (Wp limbs each) */
    Py_ssize_t *nprefix;
    long nways;
    limb *ways, *cur, *next, *weight, *acc, *scratch;
    unsigned char *bytes;
    PyObject *bare;    /* the count without the settled factor: a smaller denominator to reduce */
} Sums;

static void sums_free(Sums *w, int nparts) {
    for (int k = 0; w->prefix && k <= nparts; k++)
        PyMem_Free(w->prefix[k]);
    PyMem_Free(w->prefix);
    PyMem_Free(w->nprefix);
    PyMem_Free(w->ways);
    PyMem_Free(w->cur);
    PyMem_Free(w->next);
    PyMem_Free(w->weight);
    PyMem_Free(w->acc);
    PyMem_Free(w->scratch);
    PyMem_Free(w->bytes);
    Py_XDECREF(w->bare);
}

/* Widths: a product of parts is below 2**pbits (each part's total below 2**bits of it); every
   value with the sea in it below 2**(S + pbits) times a box's size, and a binomial step needs
   64 bits more. */
static Status sums_widths(Sums *w, const Part *parts, int nparts, Py_ssize_t sea) {
    int maxpw = 1;
    for (int k = 0; k < nparts; k++)
        maxpw = parts[k].pw > maxpw ? parts[k].pw : maxpw;
    w->scratch = PyMem_Calloc((size_t)maxpw + 1, sizeof(limb));
    if (!w->scratch)
        return FAILED;
    long pbits = parts_bits(parts, nparts, w->scratch);
    w->Wp = (int)(pbits / 64) + 1;
    w->W = (int)((sea + pbits + 32) / 64) + 2;
    return DONE;
}

/* prefix[k + 1] = prefix[k] * total of part k */
static Status sums_prefix(Sums *w, const Part *parts, int nparts) {
    int Wp = w->Wp;
    w->prefix = PyMem_Calloc((size_t)nparts + 1, sizeof(limb *));
    w->nprefix = PyMem_Calloc((size_t)nparts + 1, sizeof(Py_ssize_t));
    if (!w->prefix || !w->nprefix || !(w->prefix[0] = PyMem_Calloc((size_t)Wp, sizeof(limb))))
        return FAILED;
    w->nprefix[0] = 1;
    w->prefix[0][0] = 1;
    for (int k = 0; k < nparts; k++) {
        Py_ssize_t na = parts[k].nsize;
        w->nprefix[k + 1] = w->nprefix[k] + na - 1;
        if (PyErr_CheckSignals() < 0 ||
            !(w->prefix[k + 1] = PyMem_Calloc((size_t)w->nprefix[k + 1] * (size_t)Wp, sizeof(limb))))
            return FAILED;
        for (Py_ssize_t i = 0; i < w->nprefix[k]; i++) {
            const limb *a = w->prefix[k] + i * Wp;
            int la = wide_len(a, Wp);
            for (Py_ssize_t j = 0; j < na && la; j++) {
                const limb *tj = parts[k].total + j * parts[k].pw;
                wide_mac(w->prefix[k + 1] + (i + j) * Wp, a, la, tj, wide_len(tj, parts[k].pw), Wp);
            }
        }
    }
    return DONE;
}

/* out[i] = C(n, top - i) for i = 0..count-1 (zero where top - i is outside 0..n), rows of
   width limbs zeroed by the caller: one math.comb, then C(n, t - 1) = C(n, t) * t / (n - t + 1)
   downwards (the width holds C(n, t) * t: 64 bits over 2**n). */
static int binomials_down(long n, long top, long count, limb *out, int width) {
    if (n < 0)
        return 0;
    long i = top > n ? top - n : 0;
    if (i >= count || top - i < 0)
        return 0;
    PyObject *c = binomial_long(n, top - i);
    int bad = !c || wide_from_long(out + (size_t)i * width, width, c) < 0;
    Py_XDECREF(c);
    if (bad)
        return -1;
    for (i = i + 1; i < count && top - i >= 0; i++) {
        long t = top - i + 1; /* from C(n, t) to C(n, t - 1) */
        limb *row = out + (size_t)i * width;
        memcpy(row, row - width, sizeof(limb) * (size_t)width);
        wide_mul_small(row, width, (limb)t);
        wide_divexact(row, width, (limb)(n - t + 1));
    }
    return 0;
}

/* The sum over j of ways(j) * product[j], with ways the binomials C(n, top - j): a Python
   integer (the sea's fillings times the parts', summed over how many mines the parts hold). */
static PyObject *sums_dot(Sums *w, long n, long top, const limb *product) {
    memset(w->ways, 0, sizeof(limb) * (size_t)w->nways * (size_t)w->W);
    memset(w->acc, 0, sizeof(limb) * (size_t)w->W);
    if (binomials_down(n, top, w->nways, w->ways, w->W) < 0)
        return NULL;
    wide_dot(w->acc, w->ways, w->W, product, w->Wp, w->nways);
    return wide_to_long(w->acc, w->W, w->bytes);
}

/* Part k's boxes: part k's weight of x mines (over its fewest, as every index here counts them)
   sums, over what the parts before it hold (y mines, prefix[k][y] ways), the ways the parts after
   it and the sea fill the rest: after[k + 1][x + y], with after[nparts] = ways and after[k][z] =
   sum_j total[k][j] * after[k + 1][z + j], built from the back (cur holds after[k + 1]).  These
   cost a part's degree times the number of sea rows each, where multiplying the parts around each
   part out would cost the product's degree squared. */
static Status part_groups(Sums *w, const Position *p, const Part *part, int k, PyObject *fixed, Combined *out) {
    int W = w->W, Wp = w->Wp, pw = part->pw;
    Py_ssize_t na = part->nsize;
    PyMem_Free(w->weight);
    if (PyErr_CheckSignals() < 0 || !(w->weight = PyMem_Calloc((size_t)na * (size_t)W, sizeof(limb))))
        return FAILED;
    for (Py_ssize_t x = 0; x < na; x++) {
        if (!wide_len(part->total + x * pw, pw))
            continue; /* no layout of the part holds x mines over its fewest */
        for (Py_ssize_t y = 0; y < w->nprefix[k] && x + y < w->nways; y++) {
            const limb *a = w->prefix[k] + y * Wp, *c = w->cur + (x + y) * W;
            wide_mac(w->weight + x * W, c, wide_len(c, W), a, wide_len(a, Wp), W);
        }
    }
    for (int q = 0; q < part->nbox; q++) {
        int b = part->box[q];
        memset(w->acc, 0, sizeof(limb) * (size_t)W);
        for (Py_ssize_t x = 0; x < na; x++) {
            const limb *m = part->marg + ((size_t)q * (size_t)na + (size_t)x) * (size_t)pw;
            int lm = wide_len(m, pw);
            if (lm)
                wide_mac(w->acc, w->weight + x * W, wide_len(w->weight + x * W, W), m, lm, W);
        }
        wide_divexact(w->acc, W, (limb)p->boxes[b].size); /* a box's cells share its mines */
        out->num[b] = wide_to_long(w->acc, W, w->bytes);
        out->mines[b] = times(out->num[b], fixed);
        out->den[b] = w->bare;
        Py_INCREF(w->bare);
        if (!out->mines[b])
            return FAILED;
    }
    if (k) { /* after[k], as far as part k - 1 reads it */
        long upto = (long)w->nprefix[k] < w->nways ? (long)w->nprefix[k] : w->nways;
        memset(w->next, 0, sizeof(limb) * (size_t)w->nways * (size_t)W);
        for (long z = 0; z < upto; z++)
            for (Py_ssize_t j = 0; j < na && z + j < w->nways; j++) {
                const limb *c = w->cur + (z + j) * W, *tj = part->total + j * pw;
                int lj = wide_len(tj, pw);
                if (lj)
                    wide_mac(w->next + z * W, c, wide_len(c, W), tj, lj, W);
            }
        limb *t = w->cur;
        w->cur = w->next;
        w->next = t;
    }
    return DONE;
}

/* What combine_total's rows take: every prefix product (Wp limbs a mine count), the sea's and two
   work rows of W limbs for each mine count the parts may hold, and a part's weights. */
static double sums_bytes(const Sums *w, const Part *parts, int nparts, long left) {
    double entries = 1, widest = 1;
    Py_ssize_t n = 1;
    for (int k = 0; k < nparts; k++) {
        n += parts[k].nsize - 1;
        entries += (double)n;
        widest = parts[k].nsize > widest ? parts[k].nsize : widest;
    }
    double ways = left + 1 < (long)n ? (double)left + 1 : (double)n;
    return 8.0 * ((double)w->Wp * entries + (double)w->W * (3 * ways + widest + 1));
}

static Status combine_total(const Position *p, const Part *parts, int nparts, long left, PyObject *fixed,
                            long long max_bytes, Combined *out) {
    Py_ssize_t S = position_sea(p);
    /* a part's counts start at its fewest mines: every product's index j is that many mines
       more than the parts' fewest together, so the sea fills left - fewest - j */
    for (int k = 0; k < nparts; k++)
        left -= parts[k].lo;
    if (left < 0)
        return NO_LAYOUT; /* the parts hold more mines than are left */
    Sums w;
    memset(&w, 0, sizeof(w));
    Status status = FAILED;
    if (sums_widths(&w, parts, nparts, S) != DONE)
        goto out;
    if (max_bytes >= 0 && too_large(p, sums_bytes(&w, parts, nparts, left), 64L * w.W, max_bytes, out)) {
        status = TOO_LARGE;
        goto out;
    }
    if (sums_prefix(&w, parts, nparts) != DONE)
        goto out;
    const limb *product = w.prefix[nparts];
    Py_ssize_t nproduct = w.nprefix[nparts];
    /* ways[j]: the sea's fillings when the parts hold j mines over their fewest (j below the
       product's degree) */
    w.nways = left + 1 < (long)nproduct ? left + 1 : (long)nproduct;
    size_t rows = (size_t)w.nways * (size_t)w.W;
    w.ways = PyMem_Calloc(rows, sizeof(limb));
    w.cur = PyMem_Calloc(rows, sizeof(limb));
    w.next = PyMem_Calloc(rows, sizeof(limb));
    w.acc = PyMem_Calloc((size_t)w.W, sizeof(limb));
    w.bytes = PyMem_Malloc((size_t)w.W * 8);
    if (!w.ways || !w.cur || !w.next || !w.acc || !w.bytes)
        goto out;
    if (!(w.bare = sums_dot(&w, (long)S, left, product)) || !(out->count = times(w.bare, fixed)))
        goto out;
    int any = PyObject_IsTrue(out->count);
    if (any <= 0) {
        status = any < 0 ? FAILED : NO_LAYOUT;
        goto out;
    }
    out->scale = out->count;
    Py_INCREF(out->scale);
    memcpy(w.cur, w.ways, sizeof(limb) * rows);
    for (int k = nparts - 1; k >= 0; k--)
        if (part_groups(&w, p, &parts[k], k, fixed, out) != DONE)
            goto out;
    if (settled_groups(p, out->count, 0, out) != DONE)
        goto out;
    if (S) { /* a mine on one sea cell: C(S - 1, left - K - 1) fillings of the others */
        PyObject *in_sea = sums_dot(&w, (long)S - 1, left - 1, product);
        if (!in_sea)
            goto out;
        out->num[p->nboxes] = in_sea;
        out->den[p->nboxes] = w.bare;
        Py_INCREF(w.bare);
        if (!(out->mines[p->nboxes] = times(in_sea, fixed)))
            goto out;
    }
    status = DONE;
out:
    sums_free(&w, nparts);
    return status;
}

/* ========================================================================== */
/* Either                                                                     */
/* ========================================================================== */

Status combine(const Position *p, const Part *parts, int nparts, long mines, long long max_bytes, Combined *out) {
    memset(out, 0, sizeof(*out));
    out->ngroups = p->nboxes + 1;
    out->num = PyMem_Calloc((size_t)out->ngroups, sizeof(PyObject *));
    out->den = PyMem_Calloc((size_t)out->ngroups, sizeof(PyObject *));
    out->mines = PyMem_Calloc((size_t)out->ngroups, sizeof(PyObject *));
    if (!out->num || !out->den || !out->mines)
        return FAILED;
    long shift;
    PyObject *fixed = settled_factor(p, &shift);
    if (!fixed)
        return FAILED;
    Status status;
    if (mines < 0)
        status = combine_open(p, parts, nparts, fixed, max_bytes, out);
    else {
        long left = mines - p->flags - shift; /* the mines the parts and the sea share */
        status = left < 0 ? NO_LAYOUT : combine_total(p, parts, nparts, left, fixed, max_bytes, out);
    }
    Py_DECREF(fixed);
    return status;
}
