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

/* The most limbs a count of the parts takes (at least 1): wide_sum's scratch takes one more. */
static int widest(const Part *parts, int nparts) {
    int maxpw = 1;
    for (int k = 0; k < nparts; k++)
        maxpw = parts[k].pw > maxpw ? parts[k].pw : maxpw;
    return maxpw;
}

/* a * b, and a * b // c (b a Python integer or a long), as new references (NULL on error) */
static PyObject *times(PyObject *a, PyObject *b) {
    return a && b ? PyNumber_Multiply(a, b) : NULL;
}

static PyObject *times_over(PyObject *a, PyObject *b, long c) {
    PyObject *t = times(a, b);
    if (!t || c == 1)
        return t;
    PyObject *pc = PyLong_FromLong(c), *q = pc ? PyNumber_FloorDivide(t, pc) : NULL;
    Py_DECREF(t);
    Py_XDECREF(pc);
    return q;
}

static PyObject *times_floordiv(PyObject *a, long b, long c) {
    PyObject *pb = PyLong_FromLong(b), *out = times_over(a, pb, c);
    Py_XDECREF(pb);
    return out;
}

/* What summing the parts' counts takes: a scratch of the widest part's limbs plus one, its bytes,
   and each part's own total (NULL until made). */
typedef struct {
    int nparts;
    limb *scratch;
    unsigned char *bytes;
    PyObject **own;
} Sums;

static int sums_init(Sums *s, const Part *parts, int nparts) {
    int maxpw = widest(parts, nparts);
    s->nparts = nparts;
    s->scratch = PyMem_Calloc((size_t)maxpw + 1, sizeof(limb));
    s->bytes = PyMem_Malloc(((size_t)maxpw + 1) * 8);
    s->own = PyMem_Calloc((size_t)nparts + 1, sizeof(PyObject *));
    return s->scratch && s->bytes && s->own;
}

static void sums_free(Sums *s) {
    for (int k = 0; s->own && k < s->nparts; k++)
        Py_XDECREF(s->own[k]);
    PyMem_Free(s->own);
    PyMem_Free(s->scratch);
    PyMem_Free(s->bytes);
}

/* The sea's group, its three new references stolen (any NULL: FAILED, an exception set) */
static Status sea_group(const Position *p, PyObject *num, PyObject *den, PyObject *mines, Combined *out) {
    out->num[p->nboxes] = num;
    out->den[p->nboxes] = den;
    out->mines[p->nboxes] = mines;
    return num && den && mines ? DONE : FAILED;
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

/* Settled boxes: v of s cells, so v / s as it is (over the count, it was a gcd of the count's
   size to reduce); their mines over `over` layouts are over * v / s. */
static Status settled_groups(const Position *p, PyObject *over, Combined *out) {
    for (int b = 0; b < p->nboxes; b++) {
        if (p->settled[b] < 0)
            continue;
        long v = p->settled[b], s = p->boxes[b].size;
        out->mines[b] = times_floordiv(over, v, s);
        out->num[b] = PyLong_FromLong(v);
        out->den[b] = PyLong_FromLong(s);
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
   board's 266 000 groups of 10 000 bits, estimated at 660 MB.  Callers with no budget
   (max_bytes -1: every agent's) skip the estimate. */
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
    Sums s;
    PyObject *two = PyLong_FromLong(2);
    if (!sums_init(&s, parts, nparts) || !two)
        goto out;
    if (max_bytes >= 0 && too_large(p, 0, parts_bits(parts, nparts, s.scratch), max_bytes, out)) {
        status = TOO_LARGE;
        goto out;
    }
    out->count = fixed;
    Py_INCREF(fixed);
    for (int k = 0; k < nparts; k++) {
        s.own[k] = wide_sum(parts[k].total, parts[k].nsize, parts[k].pw, 1, s.scratch, s.bytes);
        Py_SETREF(out->count, times(out->count, s.own[k]));
        if (!out->count)
            goto out;
    }
    if (!(out->scale = times(out->count, two)))
        goto out;
    for (int k = 0; k < nparts; k++) {
        PyObject *rest = PyNumber_FloorDivide(out->count, s.own[k]);
        if (!rest)
            goto out;
        for (int q = 0; q < parts[k].nbox; q++) {
            int b = parts[k].box[q];
            out->num[b] = wide_sum(parts[k].marg + (size_t)q * parts[k].nsize * parts[k].pw, parts[k].nsize,
                                   parts[k].pw, (limb)p->boxes[b].size, s.scratch, s.bytes);
            out->den[b] = s.own[k];
            Py_INCREF(s.own[k]);
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
    if (settled_groups(p, out->scale, out) != DONE)
        goto out;
    if (position_sea(p) &&
        sea_group(p, PyLong_FromLong(1), PyLong_FromLong(2), Py_NewRef(out->count), out) != DONE)
        goto out;
    status = DONE;
out:
    sums_free(&s);
    Py_XDECREF(two);
    return status;
}

/* ========================================================================== */
/* With a mine total                                                          */
/* ========================================================================== */

/* Part k's boxes need, for each number x of the part's mines (over its fewest), the ways the
   other parts and the sea fill the rest:
       weight_k[x] = sum_z ways[x + z] Q_k[z],
   Q_k the other parts' totals multiplied out, ways[m] = C(S, left - m) the sea's fillings when
   the parts hold m mines over their fewest.  As operators on vectors over mine counts, part j's
   step V'[x] = sum_i total_j[i] V[x + i] turns sum_z V[x + z] G[z] into the same sum with G
   times part j's total; so weight_k is ways with every other part's step applied, in any order,
   read at 0 .. nsize_k - 1.  Down a halving tree of the parts, each half gets its parent's
   vector with the other half's steps applied, and a node's vector is read below its degree
   only.  A level of the tree costs the degree times the parts in single-limb products (a part's
   counts fit a limb or two); the rows live along one path of the tree.  The chain of prefix
   products it replaced kept a row of every mine count after every part and multiplied each by
   the sea's rows limb by limb: a dense 700x700 board (2 303 parts, 1 607 mine counts read, rows
   of 156 limbs) took 17.7 s and 3.1 GB, and takes 5.3 s and 568 MB, most of it the answer's
   Python integers (benchmarks/memory.py). */
typedef struct {
    const Part *parts;
    int nparts, W;   /* W: the limbs of anything with the sea in it */
    long nways;      /* the mine counts read: the parts' degree plus one, at most left + 1 */
    long *degree;    /* degree[k]: the degrees of the parts before k, summed (nparts + 1 of them) */
    limb *ways;      /* the root's vector: nways rows of W limbs */
    limb **level;    /* level[d]: the vector of the node at depth d + 1 on the current path */
    long *nlevel;    /* its rows */
    int depth;       /* the tree's: levels of `level` */
    limb *row, *acc, *count, *sea; /* W limbs each: scratch; a box's mines; the count; the parts'
                                      mines over their fewest, summed over every layout */
    unsigned char *bytes;
} Tree;

static void tree_free(Tree *t) {
    for (int d = 0; t->level && d < t->depth; d++)
        PyMem_Free(t->level[d]);
    PyMem_Free(t->level);
    PyMem_Free(t->nlevel);
    PyMem_Free(t->degree);
    PyMem_Free(t->ways);
    PyMem_Free(t->row);
    PyMem_Free(t->acc);
    PyMem_Free(t->count);
    PyMem_Free(t->sea);
    PyMem_Free(t->bytes);
}

static long tree_rows(const Tree *t, int l, int r) {
    long n = t->degree[r] - t->degree[l] + 1;
    return n < t->nways ? n : t->nways;
}

/* The rows each level of the tree takes at most: the node's own rows, copied for each child. */
static void tree_need(const Tree *t, int l, int r, int d, long *need) {
    if (r - l < 2)
        return;
    long n = tree_rows(t, l, r);
    need[d] = n > need[d] ? n : need[d];
    tree_need(t, l, l + (r - l) / 2, d + 1, need);
    tree_need(t, l + (r - l) / 2, r, d + 1, need);
}

/* Widths, degrees and each level's rows (not yet allocated); the parts' bits give W: a product of
   parts is below 2**pbits (each part's total below 2**bits of it), every value with the sea in
   it below 2**(S + pbits) times a box's size or the mines left, and a binomial step needs 64
   bits more. */
static Status tree_plan(Tree *t, const Part *parts, int nparts, Py_ssize_t sea, long left) {
    t->parts = parts;
    t->nparts = nparts;
    int maxpw = widest(parts, nparts);
    limb *scratch = PyMem_Calloc((size_t)maxpw + 1, sizeof(limb));
    t->degree = PyMem_Calloc((size_t)nparts + 1, sizeof(long));
    if (!scratch || !t->degree) {
        PyMem_Free(scratch);
        return FAILED;
    }
    long pbits = parts_bits(parts, nparts, scratch);
    PyMem_Free(scratch);
    t->W = (int)((sea + pbits + 32) / 64) + 2;
    for (int k = 0; k < nparts; k++)
        t->degree[k + 1] = t->degree[k] + parts[k].nsize - 1;
    t->nways = left + 1 < t->degree[nparts] + 1 ? left + 1 : t->degree[nparts] + 1;
    for (int n = nparts; n > 1; n = (n + 1) / 2)
        t->depth++;
    t->nlevel = PyMem_Calloc((size_t)t->depth + 1, sizeof(long));
    t->level = PyMem_Calloc((size_t)t->depth + 1, sizeof(limb *));
    if (!t->nlevel || !t->level)
        return FAILED;
    tree_need(t, 0, nparts, 0, t->nlevel);
    return DONE;
}

/* What the tree's rows take, and the answer's sums. */
static double tree_bytes(const Tree *t) {
    double rows = (double)t->nways + 4;
    for (int d = 0; d < t->depth; d++)
        rows += (double)t->nlevel[d];
    return 8.0 * (double)t->W * rows;
}

static Status tree_alloc(Tree *t) {
    size_t W = (size_t)t->W;
    t->ways = PyMem_Calloc((size_t)t->nways * W, sizeof(limb));
    t->row = PyMem_Calloc(W, sizeof(limb));
    t->acc = PyMem_Calloc(W, sizeof(limb));
    t->count = PyMem_Calloc(W, sizeof(limb));
    t->sea = PyMem_Calloc(W, sizeof(limb));
    t->bytes = PyMem_Malloc(W * 8);
    if (!t->ways || !t->row || !t->acc || !t->count || !t->sea || !t->bytes)
        return FAILED;
    for (int d = 0; d < t->depth; d++)
        if (t->nlevel[d] && !(t->level[d] = PyMem_Malloc((size_t)t->nlevel[d] * W * sizeof(limb))))
            return FAILED;
    return DONE;
}

/* V (n rows) with part j's step applied in place, its first `keep` rows kept (keep <= n): V[x] =
   sum_i total_j[i] V[x + i], rows from n on read as 0.  Row x is read last by its own step, so
   ascending x overwrites only rows no later step reads. */
static void tree_step(const Tree *t, const Part *part, limb *V, long n, long keep) {
    int W = t->W, pw = part->pw;
    for (long x = 0; x < keep; x++) {
        memset(t->row, 0, sizeof(limb) * (size_t)W);
        for (long i = 0; i < part->nsize && x + i < n; i++) {
            const limb *c = part->total + i * pw, *v = V + (x + i) * W;
            int lc = wide_len(c, pw), lv = wide_len(v, W);
            if (lc && lv)
                wide_mac(t->row, v, lv, c, lc, W);
        }
        memcpy(V + x * W, t->row, sizeof(limb) * (size_t)W);
    }
}

/* Part k's boxes from its weights V (n rows: V[x] the ways of everything else when the part
   holds x mines over its fewest): each box's mines over the layouts, by its cells; and the count
   (at the first part) and the part's mines over its fewest, summed over the layouts. */
static Status tree_leaf(Tree *t, const Position *p, int k, const limb *V, long n, PyObject *fixed,
                        Combined *out) {
    const Part *part = &t->parts[k];
    int W = t->W, pw = part->pw;
    long na = part->nsize < n ? part->nsize : n;
    for (long x = 0; x < na; x++) {
        const limb *c = part->total + x * pw, *v = V + x * W;
        int lc = wide_len(c, pw), lv = wide_len(v, W);
        if (!lc || !lv)
            continue;
        memset(t->row, 0, sizeof(limb) * (size_t)W);
        wide_mac(t->row, v, lv, c, lc, W); /* the layouts where the part holds x mines */
        int lr = wide_len(t->row, W);
        if (!k)
            wide_mac1(t->count, t->row, lr, 1, W);
        if (x)
            wide_mac1(t->sea, t->row, lr, (limb)x, W);
    }
    for (int q = 0; q < part->nbox; q++) {
        int b = part->box[q];
        memset(t->acc, 0, sizeof(limb) * (size_t)W);
        for (long x = 0; x < na; x++) {
            const limb *m = part->marg + ((size_t)q * (size_t)part->nsize + (size_t)x) * (size_t)pw;
            const limb *v = V + x * W;
            int lm = wide_len(m, pw), lv = wide_len(v, W);
            if (lm && lv)
                wide_mac(t->acc, v, lv, m, lm, W);
        }
        /* a box's cells share its mines; exact over the sea's factor too, since every marginal is
           the box's size times a count (k of its s cells mined k C(s, k) = s C(s - 1, k - 1) ways) */
        assert(!wide_mod_small(t->acc, W, (limb)p->boxes[b].size));
        wide_divexact(t->acc, W, (limb)p->boxes[b].size);
        out->num[b] = wide_to_long(t->acc, W, t->bytes);
        out->mines[b] = times(out->num[b], fixed);
        if (!out->mines[b])
            return FAILED;
    }
    return DONE;
}

/* The parts l .. r - 1 given their vector V (n rows: ways with every other part's step applied),
   at depth d of the tree. */
static Status tree_descend(Tree *t, const Position *p, int l, int r, const limb *V, long n, int d,
                           PyObject *fixed, Combined *out) {
    if (r - l == 1)
        return tree_leaf(t, p, l, V, n, fixed, out);
    int m = l + (r - l) / 2, W = t->W;
    for (int half = 0; half < 2; half++) {
        int a = half ? m : l, b = half ? r : m; /* the half below */
        int c = half ? l : m, e = half ? m : r; /* the other, whose steps it gets */
        long keep = tree_rows(t, a, b), rows = n;
        limb *child = t->level[d];
        assert(n <= t->nlevel[d]);
        memcpy(child, V, sizeof(limb) * (size_t)n * (size_t)W);
        for (int j = c; j < e; j++) {
            if (PyErr_CheckSignals() < 0) /* a step of a big board's root takes milliseconds */
                return FAILED;
            long want = keep + t->degree[e] - t->degree[j + 1]; /* what the steps after j read */
            want = want < rows ? want : rows;
            tree_step(t, &t->parts[j], child, rows, want);
            rows = want;
        }
        Status status = tree_descend(t, p, a, b, child, rows, d + 1, fixed, out);
        if (status != DONE)
            return status;
    }
    return DONE;
}

/* bare, or bare * apart where apart > 1 (a new reference) */
static PyObject *over_apart(PyObject *bare, int apart) {
    if (apart == 1)
        return Py_NewRef(bare);
    return times_floordiv(bare, apart, 1);
}

/* The count as the rows made it (the sea's binomials over their factor, no settled factor: a
   smaller denominator to reduce) as each chain box's denominator; `fixed` (those factors) makes
   the count.  With a sea, a sea cell's mines: by symmetry the sea's mines over every layout,
   (left - the parts' mines over their fewest) summed, over its S cells; where the rows' factor
   leaves that sum no multiple of S (a sea of 4 cells holding 2 mines: the rows are C(4, 2) / 6,
   a cell's mines C(3, 1) / 6), the whole sea's mines over S times the count. */
static Status tree_answer(Tree *t, const Position *p, long left, PyObject *fixed, Combined *out) {
    Py_ssize_t S = position_sea(p);
    int W = t->W;
    PyObject *bare = wide_to_long(t->count, W, t->bytes);
    if (!bare || !(out->count = times(bare, fixed))) {
        Py_XDECREF(bare);
        return FAILED;
    }
    int any = PyObject_IsTrue(out->count);
    if (any <= 0) {
        Py_DECREF(bare);
        return any < 0 ? FAILED : NO_LAYOUT;
    }
    out->scale = out->count;
    Py_INCREF(out->scale);
    Status status = FAILED;
    for (int k = 0; k < t->nparts; k++)
        for (int q = 0; q < t->parts[k].nbox; q++)
            out->den[t->parts[k].box[q]] = Py_NewRef(bare);
    if (S) {
        assert(S < ((Py_ssize_t)1 << 32));
        memset(t->acc, 0, sizeof(limb) * (size_t)W);
        wide_mac1(t->acc, t->count, wide_len(t->count, W), (limb)left, W);
        wide_sub(t->acc, t->sea, W);
        int apart = wide_mod_small(t->acc, W, (limb)S) ? (int)S : 1;
        if (apart == 1)
            wide_divexact(t->acc, W, (limb)S);
        PyObject *num = out->num[p->nboxes] = wide_to_long(t->acc, W, t->bytes);
        if (!num || !(out->den[p->nboxes] = over_apart(bare, apart)) ||
            !(out->mines[p->nboxes] = times_over(num, fixed, apart)))
            goto out;
    }
    status = DONE;
out:
    Py_DECREF(bare);
    return status;
}

/* A factor F that every C(n, t) for t from t0 to t1 shares (t0 <= t1 <= n), given c = C(n, t1):
   C(n, t) = c * (t + 1) ... t1 / ((n - t1 + 1) ... (n - t)), so each is c times a fraction whose
   denominator divides E = (n - t1 + 1) ... (n - t0), and F = c / gcd(c, E) (coprime to E / gcd)
   divides them all.  Where E passes 64 bits (a window of more mine counts than play's), 1.  The
   rows over F are small numbers: the probabilities of a 3D position's groups came out of 140-bit
   counts, reduced by a gcd of 120 bits, a Python gcd per group (5 of the 27 us of one position of
   3D play).  *g gets c / F (a new reference each; NULL on error). */
static PyObject *shared_factor(PyObject *c, long n, long t0, long t1, PyObject **g) {
    uint64_t e = 1;
    for (long t = t0; t < t1; t++) {
        uint64_t f = (uint64_t)(n - t); /* n - t1 + 1 .. n - t0 */
        if (e > UINT64_MAX / f) {
            *g = Py_NewRef(c);
            return PyLong_FromLong(1);
        }
        e *= f;
    }
    PyObject *pe = PyLong_FromUnsignedLongLong(e), *r = pe ? PyNumber_Remainder(c, pe) : NULL;
    unsigned long long rem = r ? PyLong_AsUnsignedLongLong(r) : (unsigned long long)-1;
    Py_XDECREF(pe);
    Py_XDECREF(r);
    if (rem == (unsigned long long)-1 && PyErr_Occurred())
        return *g = NULL;
    *g = PyLong_FromUnsignedLongLong(gcd_word(e, rem));
    return *g ? PyNumber_FloorDivide(c, *g) : NULL;
}

/* out[i] = C(n, top - i) / F for i = 0..count-1 (zero where top - i is outside 0..n), rows of
   width limbs zeroed by the caller, and *scale = F (a new reference), a factor they share
   (shared_factor): one math.comb, then C(n, t - 1) = C(n, t) * t / (n - t + 1) downwards, exact
   over F too since F divides both (the width holds C(n, t) * t: 64 bits over 2**n). */
static int binomials_down(long n, long top, long count, limb *out, int width, PyObject **scale) {
    long i = n < 0 ? count : top > n ? top - n : 0;
    if (i >= count || top - i < 0)
        return (*scale = PyLong_FromLong(1)) ? 0 : -1;
    PyObject *c = binomial_long(n, top - i), *g = NULL;
    long low = top - (count - 1); /* the last row's t */
    *scale = c ? shared_factor(c, n, low > 0 ? low : 0, top - i, &g) : NULL;
    int bad = !*scale || wide_from_long(out + (size_t)i * width, width, g) < 0;
    Py_XDECREF(c);
    Py_XDECREF(g);
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

/* Parts whose every layout holds the same number of mines (a window of one: a pair that holds
   one mine) leave the others' sums as they are: they only multiply the count.  Kept out of the
   tree (a dense 700x700 board: 656 of its 2 303 parts), each of their boxes is its marginal over
   its part's total, the part's layouts pairing freely with everything else's.  The others go to
   chain[0..*nchain), and *alone is `fixed` times the totals of these. */
static Status split_alone(const Part *parts, int nparts, PyObject *fixed, Part *chain, int *nchain,
                          PyObject **alone) {
    int maxpw = widest(parts, nparts);
    limb *scratch = PyMem_Calloc((size_t)maxpw + 1, sizeof(limb));
    unsigned char *bytes = PyMem_Malloc(((size_t)maxpw + 1) * 8);
    *alone = fixed;
    Py_INCREF(fixed);
    *nchain = 0;
    for (int k = 0; k < nparts && *alone && scratch && bytes; k++) {
        if (parts[k].nsize > 1) {
            chain[(*nchain)++] = parts[k];
            continue;
        }
        PyObject *own = wide_sum(parts[k].total, 1, parts[k].pw, 1, scratch, bytes);
        Py_SETREF(*alone, times(*alone, own));
        Py_XDECREF(own);
    }
    PyMem_Free(scratch);
    PyMem_Free(bytes);
    if (!scratch || !bytes)
        Py_CLEAR(*alone);
    return *alone ? DONE : FAILED;
}

/* The boxes of the parts of one mine count (split_alone): each one's mines over its part's total,
   and over the count, `count` / that total of the others' layouts each. */
static Status alone_groups(const Position *p, const Part *parts, int nparts, PyObject *count, Combined *out) {
    Status status = FAILED;
    int maxpw = widest(parts, nparts);
    limb *scratch = PyMem_Calloc((size_t)maxpw + 1, sizeof(limb));
    unsigned char *bytes = PyMem_Malloc(((size_t)maxpw + 1) * 8);
    if (!scratch || !bytes)
        goto out;
    for (int k = 0; k < nparts; k++) {
        const Part *part = &parts[k];
        if (part->nsize > 1)
            continue;
        PyObject *own = wide_sum(part->total, 1, part->pw, 1, scratch, bytes);
        PyObject *rest = own ? PyNumber_FloorDivide(count, own) : NULL;
        for (int q = 0; q < part->nbox && rest; q++) {
            int b = part->box[q];
            out->num[b] = wide_sum(part->marg + (size_t)q * (size_t)part->pw, 1, part->pw,
                                   (limb)p->boxes[b].size, scratch, bytes);
            out->den[b] = own;
            Py_INCREF(own);
            out->mines[b] = times(out->num[b], rest);
            if (!out->mines[b])
                Py_CLEAR(rest);
        }
        Py_XDECREF(own);
        if (!rest)
            goto out;
        Py_DECREF(rest);
    }
    status = DONE;
out:
    PyMem_Free(scratch);
    PyMem_Free(bytes);
    return status;
}

static Status combine_total(const Position *p, const Part *all, int nall, long left, PyObject *settled,
                            long long max_bytes, Combined *out) {
    Py_ssize_t S = position_sea(p);
    /* a part's counts start at its fewest mines: every product's index j is that many mines
       more than the parts' fewest together, so the sea fills left - fewest - j */
    long most = S; /* the most mines the parts, over their fewest, and the sea hold together */
    for (int k = 0; k < nall; k++) {
        left -= all[k].lo;
        most += all[k].nsize - 1;
    }
    /* the parts hold more mines than are left, or they and the sea fewer: known before any row is
       made, so before a memory budget is weighed (the count would be 0) */
    if (left < 0 || left > most)
        return NO_LAYOUT;
    Tree t;
    memset(&t, 0, sizeof(t));
    Status status = FAILED;
    int nparts = 0;
    PyObject *fixed = NULL, *shared = NULL, *whole = NULL;
    Part *parts = PyMem_Malloc(sizeof(Part) * ((size_t)nall + 1));
    if (!parts || split_alone(all, nall, settled, parts, &nparts, &fixed) != DONE)
        goto out;
    if (tree_plan(&t, parts, nparts, S, left) != DONE)
        goto out;
    if (max_bytes >= 0 && too_large(p, tree_bytes(&t), 64L * t.W, max_bytes, out)) {
        status = TOO_LARGE;
        goto out;
    }
    if (tree_alloc(&t) != DONE || binomials_down((long)S, left, t.nways, t.ways, t.W, &shared) < 0 ||
        !(whole = times(fixed, shared)))
        goto out;
    /* the rows are over the sea's shared factor: every count and mines made of them is times `whole` */
    if (nparts)
        status = tree_descend(&t, p, 0, nparts, t.ways, t.nways, 0, whole, out);
    else { /* no part but of one count: every layout is the sea's */
        memcpy(t.count, t.ways, sizeof(limb) * (size_t)t.W);
        status = DONE;
    }
    if (status == DONE)
        status = tree_answer(&t, p, left, whole, out);
    if (status == DONE && (alone_groups(p, all, nall, out->count, out) != DONE ||
                           settled_groups(p, out->count, out) != DONE))
        status = FAILED;
out:
    tree_free(&t);
    PyMem_Free(parts);
    Py_XDECREF(fixed);
    Py_XDECREF(shared);
    Py_XDECREF(whole);
    return status;
}

/* ========================================================================== */
/* Under a density prior                                                      */
/* ========================================================================== */

/* Each hidden cell is a mine with probability a / b on its own, so a layout with j of the F
   frontier cells mined weighs a**j c**(F - j) (c = b - a) over b**F, which the caller's factor
   takes out (oracle.combine's integers, the same).  The weight factors over the parts: none
   couples them as a total does.  So part k's weighted total is
       own_k = sum_x total[x] a**(lo + x) c**(F_k - lo - x),
   F_k its cells, its boxes' weighted mines the same sums of their marginals, a box's probability
   its mines over its cells and own_k, and the count the product of the parts' own_k, the settled
   boxes' C(s, v) a**v c**(s - v) and the constant weight.  A sea cell's probability is a / b. */

/* a**i c**(n - i) as a new reference (NULL on error) */
static PyObject *density_weight(const Density *d, PyObject *c, long i, long n) {
    PyObject *ei = PyLong_FromLong(i), *en = PyLong_FromLong(n - i);
    PyObject *x = ei ? PyNumber_Power(d->a, ei, Py_None) : NULL, *y = en ? PyNumber_Power(c, en, Py_None) : NULL;
    PyObject *w = times(x, y);
    Py_XDECREF(ei);
    Py_XDECREF(en);
    Py_XDECREF(x);
    Py_XDECREF(y);
    return w;
}

/* sum_x rows[x] w[x] over the n rows of pw limbs, divided by d (which divides it): a new reference */
static PyObject *density_sum(const limb *rows, int n, int pw, PyObject *const *w, limb d, unsigned char *bytes) {
    PyObject *sum = PyLong_FromLong(0);
    for (int x = 0; x < n && sum; x++) {
        PyObject *row = wide_to_long(rows + (size_t)x * pw, pw, bytes);
        PyObject *term = times(row, w[x]);
        Py_SETREF(sum, term ? PyNumber_Add(sum, term) : NULL);
        Py_XDECREF(row);
        Py_XDECREF(term);
    }
    if (sum && d > 1) {
        PyObject *pd = PyLong_FromUnsignedLongLong((unsigned long long)d);
        Py_SETREF(sum, pd ? PyNumber_FloorDivide(sum, pd) : NULL);
        Py_XDECREF(pd);
    }
    return sum;
}

/* Part k's weighted total (own) and its boxes' weighted mines by their cells (out->num) */
static Status density_part(const Position *p, const Part *part, const Density *d, PyObject *c, PyObject **own,
                           unsigned char *bytes, Combined *out) {
    long cells = 0;
    for (int q = 0; q < part->nbox; q++)
        cells += p->boxes[part->box[q]].size;
    Status status = FAILED;
    PyObject **w = PyMem_Calloc((size_t)part->nsize, sizeof(PyObject *));
    if (!w)
        return FAILED;
    for (int x = 0; x < part->nsize; x++)
        if (!(w[x] = density_weight(d, c, part->lo + x, cells)))
            goto out;
    if (!(*own = density_sum(part->total, part->nsize, part->pw, w, 1, bytes)))
        goto out;
    for (int q = 0; q < part->nbox; q++) {
        int b = part->box[q];
        const limb *marg = part->marg + (size_t)q * (size_t)part->nsize * (size_t)part->pw;
        if (!(out->num[b] = density_sum(marg, part->nsize, part->pw, w, (limb)p->boxes[b].size, bytes)))
            goto out;
        out->den[b] = *own;
        Py_INCREF(*own);
    }
    status = DONE;
out:
    for (int x = 0; x < part->nsize; x++)
        Py_XDECREF(w[x]);
    PyMem_Free(w);
    return status;
}

/* The settled boxes' weight a**v c**(s - v) each, times `fixed` (their C(s, v) and the constant) */
static PyObject *density_settled(const Position *p, const Density *d, PyObject *c, PyObject *fixed) {
    PyObject *weight = Py_NewRef(fixed);
    for (int b = 0; b < p->nboxes && weight; b++)
        if (p->settled[b] >= 0) {
            PyObject *w = density_weight(d, c, p->settled[b], p->boxes[b].size);
            Py_SETREF(weight, times(weight, w));
            Py_XDECREF(w);
        }
    return weight;
}

/* Each box's mines over the scale: its weighted mines by cell times the other parts' weight,
   times b (the scale is the count times b, so that the sea's a / b is a whole number of it) */
static Status density_mines(const Part *parts, int nparts, PyObject *const *own, const Density *d, Combined *out) {
    for (int k = 0; k < nparts; k++) {
        PyObject *rest = PyNumber_FloorDivide(out->count, own[k]);
        for (int q = 0; q < parts[k].nbox && rest; q++) {
            int b = parts[k].box[q];
            PyObject *t = times(out->num[b], rest);
            out->mines[b] = times(t, d->b);
            Py_XDECREF(t);
            if (!out->mines[b])
                Py_CLEAR(rest);
        }
        if (!rest)
            return FAILED;
        Py_DECREF(rest);
    }
    return DONE;
}

static Status combine_density(const Position *p, const Part *parts, int nparts, const Density *d, PyObject *fixed,
                              long long max_bytes, Combined *out) {
    Status status = FAILED;
    Sums s;
    PyObject *c = PyNumber_Subtract(d->b, d->a);
    if (!sums_init(&s, parts, nparts) || !c)
        goto out;
    if (max_bytes >= 0) { /* the parts' bits, and a weight of up to bits(b) a frontier cell */
        PyObject *nbits = PyObject_CallMethod(d->b, "bit_length", NULL);
        long per_cell = nbits ? PyLong_AsLong(nbits) : -1;
        Py_XDECREF(nbits);
        if (per_cell < 0)
            goto out;
        if (too_large(p, 0, parts_bits(parts, nparts, s.scratch) + per_cell * p->frontier, max_bytes, out)) {
            status = TOO_LARGE;
            goto out;
        }
    }
    if (!(out->count = density_settled(p, d, c, fixed)))
        goto out;
    for (int k = 0; k < nparts; k++) {
        if (density_part(p, &parts[k], d, c, &s.own[k], s.bytes, out) != DONE)
            goto out;
        Py_SETREF(out->count, times(out->count, s.own[k]));
        if (!out->count)
            goto out;
    }
    if (!(out->scale = times(out->count, d->b)) || density_mines(parts, nparts, s.own, d, out) != DONE ||
        settled_groups(p, out->scale, out) != DONE)
        goto out;
    if (position_sea(p) && sea_group(p, Py_NewRef(d->a), Py_NewRef(d->b), times(out->count, d->a), out) != DONE)
        goto out;
    status = DONE;
out:
    sums_free(&s);
    Py_XDECREF(c);
    return status;
}

/* ========================================================================== */
/* Either                                                                     */
/* ========================================================================== */

Status combine(const Position *p, const Part *parts, int nparts, long mines, const Density *density,
               long long max_bytes, Combined *out) {
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
    if (mines < 0 && density)
        status = combine_density(p, parts, nparts, density, fixed, max_bytes, out);
    else if (mines < 0)
        status = combine_open(p, parts, nparts, fixed, max_bytes, out);
    else {
        long left = mines - p->flags - shift; /* the mines the parts and the sea share */
        status = left < 0 ? NO_LAYOUT : combine_total(p, parts, nparts, left, fixed, max_bytes, out);
    }
    Py_DECREF(fixed);
    return status;
}
