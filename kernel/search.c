/* The endgame Search type: see search.h. */

#include "search.h"

typedef uint64_t word;

typedef struct {
    word *mine;
    int nshows;
    word **shows;
} Cut;

/* A position is a bit set of nwords words, and the list of the words it may have set: the
   words a part of it may have set are its own nonzero ones, so nothing deeper reads or clears
   a whole bit set (a position of the searches the agent stops has about 9 nonzero words of 55).
   A memo key keeps only the nonzero words: their count, then each one's index and the word. */
typedef struct {
    word *key; /* the position's key, in the key store */
    long long value;
    uint64_t hash; /* the key's: a probe compares it before the words, and growing needs no rehash */
} Slot;

/* The scratch of one level of the search (wins and after at one depth), made as the search
   first reaches the depth: the C stack holds no bit set, so the depth costs little of it. */
typedef struct {
    int *nz;          /* the indices of the position's nonzero words */
    word *part;       /* a part of the position (only its words at nz are read) */
    int *options, *mines; /* wins' guesses */
    int *live;        /* the cuts that may still tell or guess something in a part of the position */
    word *part_after; /* after's part, at the same depth as wins' */
} Level;

typedef struct {
    PyObject_HEAD
    int ready; /* __init__ ran to the end: every method checks it */
    int nwords;
    long long nlayouts;
    int ncuts;
    Cut *cuts;
    long long max_positions;
    int max_depth, depth;
    const char *stopped; /* which limit stopped the last call, or NULL */
    /* the memo, by open addressing; keys in one store */
    Slot *slots;
    long long capacity, size;
    word *keys;
    size_t keys_used, keys_cap;
    Level *levels;
    int nlevels;
    int *every; /* 0 .. nwords - 1: the words a position from Python may have set */
    int *all_cuts; /* 0 .. ncuts - 1: the cuts live in a position from Python */
    word *covered; /* the layouts every cut places (a mine, or a number shown): a position's own */
} SearchObject;

/* outcomes besides a number of layouts won */
#define LIMIT_HIT (-2)
#define NO_MEMORY (-3)

/* ========================================================================== */
/* The memo                                                                   */
/* ========================================================================== */

/* the indices of ls's nonzero words among within[0 .. kw), into nz; how many */
static int nonzero(const word *ls, const int *within, int kw, int *nz) {
    int k = 0;
    for (int j = 0; j < kw; j++)
        if (ls[within[j]])
            nz[k++] = within[j];
    return k;
}

static uint64_t hash_words(const word *x, const int *nz, int k) {
    /* over the nonzero words and where they are */
    uint64_t h = 1469598103934665603ULL;
    for (int j = 0; j < k; j++) {
        int i = nz[j];
        h ^= x[i] + 0x9E3779B97F4A7C15ULL * (uint64_t)(i + 1);
        h *= 1099511628211ULL;
        h ^= h >> 29;
    }
    return MEMO_HASH(h); /* a debug build may keep it short, so that the tests make keys meet */
}

/* A memo value is a position's wins (>= 0), or ~u (< 0) for an upper bound u of them. */

/* A key: k, then each nonzero word's index and the word, in the order of the indices. */
static int key_is(const word *key, const word *ls, const int *nz, int k) {
    if (key[0] != (word)k)
        return 0;
    for (int j = 0; j < k; j++)
        if (key[1 + 2 * j] != (word)nz[j] || key[2 + 2 * j] != ls[nz[j]])
            return 0;
    return 1;
}

/* the slot of the position ls (its nonzero words at nz[0 .. k), its hash h), or NULL.  A probe
   chain of a large search passes slots of other positions: their hashes tell them apart without
   reading their keys. */
static Slot *memo_find(const SearchObject *s, const word *ls, const int *nz, int k, uint64_t h) {
    long long mask = s->capacity - 1;
    for (long long i = (long long)(h & (uint64_t)mask);; i = (i + 1) & mask) {
        Slot *slot = &s->slots[i];
        if (!slot->key)
            return NULL;
        if (slot->hash == h) {
            if (key_is(slot->key, ls, nz, k))
                return slot;
            MEMO_MET(); /* another position's key (a debug build's short hashes meet often) */
        }
    }
}

static int memo_grow(SearchObject *s) {
    long long cap = s->capacity ? s->capacity * 2 : 1024;
    Slot *slots = PyMem_Calloc((size_t)cap, sizeof(Slot));
    if (!slots)
        return -1;
    for (long long i = 0; i < s->capacity; i++) {
        if (!s->slots[i].key)
            continue;
        long long j = (long long)(s->slots[i].hash & (uint64_t)(cap - 1));
        while (slots[j].key)
            j = (j + 1) & (cap - 1);
        slots[j] = s->slots[i];
    }
    PyMem_Free(s->slots);
    s->slots = slots;
    s->capacity = cap;
    return 0;
}

static int memo_put(SearchObject *s, const word *ls, const int *nz, int k, uint64_t h, long long value) {
    Slot *known = memo_find(s, ls, nz, k, h);
    if (known) { /* a bound re-valued: the new answer replaces it */
        known->value = value;
        return 0;
    }
    if ((s->size + 1) * 2 > s->capacity && memo_grow(s) < 0)
        return -1;
    size_t n = 1 + 2 * (size_t)k;
    if (s->keys_used + n > s->keys_cap) {
        size_t cap = s->keys_cap * 2 + n * 1024;
        if (cap > PY_SSIZE_T_MAX / sizeof(word))
            return -1;
        word *keys = PyMem_Realloc(s->keys, sizeof(word) * cap);
        if (!keys)
            return -1;
        /* slots point into the store: move them */
        for (long long i = 0; i < s->capacity; i++)
            if (s->slots[i].key)
                s->slots[i].key = keys + (s->slots[i].key - s->keys);
        s->keys = keys;
        s->keys_cap = cap;
    }
    word *stored = s->keys + s->keys_used;
    stored[0] = (word)k;
    for (int j = 0; j < k; j++) {
        stored[1 + 2 * j] = (word)nz[j];
        stored[2 + 2 * j] = ls[nz[j]];
    }
    s->keys_used += n;
    long long mask = s->capacity - 1;
    for (long long i = (long long)(h & (uint64_t)mask);; i = (i + 1) & mask)
        if (!s->slots[i].key) {
            s->slots[i].key = stored;
            s->slots[i].value = value;
            s->slots[i].hash = h;
            s->size++;
            return 0;
        }
}

/* ========================================================================== */
/* Levels                                                                     */
/* ========================================================================== */

/* the scratch of depth d, made when first reached; NULL when memory runs out.  A position one
   past the depth limit is read (for the memo) before the limit stops it. */
static Level *level(SearchObject *s, int d) {
    assert(0 <= d && d <= s->max_depth + 1);
    if (d >= s->nlevels) {
        int n = d + 1 > 2 * s->nlevels ? d + 1 : 2 * s->nlevels;
        if (n > s->max_depth + 2)
            n = s->max_depth + 2;
        Level *grown = PyMem_Realloc(s->levels, sizeof(Level) * (size_t)n);
        if (!grown)
            return NULL;
        memset(grown + s->nlevels, 0, sizeof(Level) * (size_t)(n - s->nlevels));
        s->levels = grown;
        s->nlevels = n;
    }
    Level *l = &s->levels[d];
    if (!l->nz) {
        size_t w = (size_t)s->nwords, c = (size_t)(s->ncuts ? s->ncuts : 1);
        l->nz = PyMem_Malloc(sizeof(int) * w);
        l->part = PyMem_Calloc(w, sizeof(word));
        l->options = PyMem_Malloc(sizeof(int) * c);
        l->mines = PyMem_Malloc(sizeof(int) * c);
        l->live = PyMem_Malloc(sizeof(int) * c);
        l->part_after = PyMem_Calloc(w, sizeof(word));
        if (!l->nz || !l->part || !l->options || !l->mines || !l->live || !l->part_after) {
            PyMem_Free(l->nz);
            PyMem_Free(l->part);
            PyMem_Free(l->options);
            PyMem_Free(l->mines);
            PyMem_Free(l->live);
            PyMem_Free(l->part_after);
            memset(l, 0, sizeof(*l));
            return NULL;
        }
    }
    return l;
}

/* ========================================================================== */
/* The search                                                                 */
/* ========================================================================== */

static long long wins(SearchObject *s, const word *ls, const int *within, int kw, const int *live, int kl,
                      long long beat);

/* The sum of the wins of ls's parts by cut's numbers, `left` layouts safe at the cut; once it
   cannot exceed beat, an upper bound of it no greater than beat.  Each part is valued only as
   far as what it must win for the sum to pass beat (Ballard's Star1).  nz: ls's k nonzero word
   indices; part: scratch of the search's length, of which each part sets the words at nz. */
POPCOUNT_CLONES static long long opened(SearchObject *s, const word *ls, const Cut *cut, long long left, long long beat,
                        const int *nz, int k, const int *live, int kl, word *part) {
    long long total = 0;
    for (int c = 0; c < cut->nshows; c++) {
        long long n = 0;
        for (int j = 0; j < k; j++) {
            int i = nz[j];
            part[i] = ls[i] & cut->shows[c][i];
            n += POPCOUNT64(part[i]);
        }
        if (!n)
            continue;
        long long need = beat - total - (left - n); /* what this part must win for the sum to pass beat */
        if (n <= need)
            return total + left;
        long long w = wins(s, part, nz, k, live, kl, need); /* deeper calls work in their own level's scratch */
        if (w < 0)
            return w;
        if (w <= need)
            return total + w + left - n;
        total += w;
        left -= n;
    }
    return total;
}

/* after: wins after opening cut from ls (its nonzero words at nz[0 .. k)) when they exceed beat;
   *none when its safe layouts cannot, else an upper bound no greater than beat */
POPCOUNT_CLONES static long long after(SearchObject *s, const word *ls, const int *nz, int k, const int *live, int kl,
                       const Cut *cut, long long beat, int *none) {
    Level *l = level(s, s->depth);
    if (!l)
        return NO_MEMORY;
    long long left = 0;
    for (int j = 0; j < k; j++)
        left += POPCOUNT64(ls[nz[j]] & ~cut->mine[nz[j]]);
    *none = left <= beat;
    if (*none)
        return 0;
    return opened(s, ls, cut, left, beat, nz, k, live, kl, l->part_after);
}

/* the layouts of ls, its nonzero words at nz[0 .. k) */
static ALWAYS_INLINE long long layouts_in(const word *ls, const int *nz, int k) {
    long long size = 0;
    for (int j = 0; j < k; j++)
        size += POPCOUNT64(ls[nz[j]]);
    return size;
}

/* best_of: the best guess among cuts with mines in ls (`size` layouts; in order of their mines,
   stable): its wins and cut when they exceed beat, else an upper bound no greater than beat and
   cut -1 */
POPCOUNT_CLONES static long long best_of(SearchObject *s, const word *ls, const int *nz, int k, long long size,
                                         const int *live, int kl, int *options, int *mines, int noptions,
                                         long long beat, int *best_cut) {
    for (int i = 1; i < noptions; i++) { /* stable insertion sort by mines */
        int o = options[i], m = mines[i], j = i - 1;
        while (j >= 0 && mines[j] > m) {
            options[j + 1] = options[j];
            mines[j + 1] = mines[j];
            j--;
        }
        options[j + 1] = o;
        mines[j + 1] = m;
    }
    long long best = beat, bound = 0;
    *best_cut = -1;
    for (int i = 0; i < noptions; i++) {
        assert(0 <= options[i] && options[i] < s->ncuts);
        int none;
        long long v = after(s, ls, nz, k, live, kl, &s->cuts[options[i]], best, &none);
        if (v < 0)
            return v;
        if (none) { /* neither this option nor a riskier one can win more than the best */
            if (size - mines[i] > bound)
                bound = size - mines[i];
            break;
        }
        if (v > best) {
            best = v;
            *best_cut = options[i];
        } else if (v > bound) {
            bound = v;
        }
    }
    return *best_cut >= 0 ? best : bound;
}

/* wins(ls) at the next depth: the layouts of ls won under optimal play when they exceed beat,
   else an upper bound no greater than beat.  ls's nonzero words are among within[0 .. kw), and
   the cuts that can still tell or guess something in it among live[0 .. kl): a cut safe in
   every layout of a position and showing one number there, or a mine in every one, stays so
   in every part of it, so a part never looks at it again. */
POPCOUNT_CLONES static long long wins_here(SearchObject *s, const word *ls, const int *within, int kw, const int *live, int kl,
                           long long beat) {
    int pop = 0;
    for (int j = 0; j < kw && pop < 2; j++)
        pop += POPCOUNT64(ls[within[j]]);
    if (pop < 2)
        return pop;
    Level *l = level(s, s->depth);
    if (!l)
        return NO_MEMORY;
    int *nz = l->nz, *options = l->options, *mines = l->mines, *still = l->live;
    int k = nonzero(ls, within, kw, nz);
    uint64_t h = hash_words(ls, nz, k); /* the memo's slots may move below: the hash stays */
    const Slot *known = memo_find(s, ls, nz, k, h);
    if (known && (known->value >= 0 || ~known->value <= beat))
        return known->value >= 0 ? known->value : ~known->value; /* exact, or a bound that says enough */
    if (s->size >= s->max_positions) {
        s->stopped = "positions";
        return LIMIT_HIT;
    }
    if (s->depth >= s->max_depth) {
        s->stopped = "depth";
        return LIMIT_HIT;
    }
    long long size = layouts_in(ls, nz, k);
    int open_free = -1, noptions = 0, ks = 0, t = 0;
    for (; t < kl; t++) {
        int c = live[t];
        const Cut *cut = &s->cuts[c];
        int m = 0, safe_left = 0;
        for (int j = 0; j < k; j++) {
            word x = ls[nz[j]], y = cut->mine[nz[j]];
            m += POPCOUNT64(x & y);
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
            still[ks++] = c;
        }
    }
    long long value;
    if (open_free >= 0) {
        /* the cuts not looked at stay live; the opened one shows one number in each part */
        for (t++; t < kl; t++)
            still[ks++] = live[t];
        value = opened(s, ls, &s->cuts[open_free], size, beat, nz, k, still, ks, l->part);
    } else {
        int best_cut;
        value = best_of(s, ls, nz, k, size, still, ks, options, mines, noptions, beat, &best_cut);
    }
    if (value >= 0 && memo_put(s, ls, nz, k, h, value > beat ? value : ~value) < 0)
        value = NO_MEMORY;
    return value;
}

static long long wins(SearchObject *s, const word *ls, const int *within, int kw, const int *live, int kl,
                      long long beat) {
    s->depth++;
    long long v = wins_here(s, ls, within, kw, live, kl, beat);
    s->depth--;
    return v;
}

/* ========================================================================== */
/* The type                                                                   */
/* ========================================================================== */

/* Free everything an __init__ made: the object is as new (not ready). */
static void search_clear(SearchObject *s) {
    for (int c = 0; s->cuts && c < s->ncuts; c++) {
        PyMem_Free(s->cuts[c].mine);
        for (int k = 0; s->cuts[c].shows && k < s->cuts[c].nshows; k++)
            PyMem_Free(s->cuts[c].shows[k]);
        PyMem_Free(s->cuts[c].shows);
    }
    PyMem_Free(s->cuts);
    for (int d = 0; d < s->nlevels; d++) {
        Level *l = &s->levels[d];
        PyMem_Free(l->nz);
        PyMem_Free(l->part);
        PyMem_Free(l->options);
        PyMem_Free(l->mines);
        PyMem_Free(l->live);
        PyMem_Free(l->part_after);
    }
    PyMem_Free(s->levels);
    PyMem_Free(s->every);
    PyMem_Free(s->all_cuts);
    PyMem_Free(s->covered);
    PyMem_Free(s->slots);
    PyMem_Free(s->keys);
    s->ready = 0;
    s->cuts = NULL;
    s->ncuts = 0;
    s->levels = NULL;
    s->nlevels = 0;
    s->every = NULL;
    s->all_cuts = NULL;
    s->covered = NULL;
    s->slots = NULL;
    s->capacity = s->size = 0;
    s->keys = NULL;
    s->keys_used = s->keys_cap = 0;
    s->depth = 0;
    s->stopped = NULL;
}

static void search_dealloc(SearchObject *s) {
    search_clear(s);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

/* The bits of the last word that stand for layouts. */
static word last_word(const SearchObject *s) {
    int tail = (int)(s->nlayouts % 64);
    return tail ? ((word)1 << tail) - 1 : ~(word)0;
}

/* The index of x's lowest set bit (x not 0). */
static int first_bit(word x) {
    int b = 0;
    for (; !(x & 1); x >>= 1)
        b++;
    return b;
}

/* a bit set from bytes of exactly the search's length, no bit past its layouts; -1 with an
   exception */
static int words_from_bytes(const SearchObject *s, PyObject *obj, word *out, const char *what) {
    if (!PyBytes_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s: a bit set is bytes, not %.100s", what, Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (PyBytes_GET_SIZE(obj) != (Py_ssize_t)(sizeof(word) * (size_t)s->nwords)) {
        PyErr_Format(PyExc_ValueError, "%s: a bit set of this search is %zd bytes long, not %zd", what,
                     (Py_ssize_t)(sizeof(word) * (size_t)s->nwords), PyBytes_GET_SIZE(obj));
        return -1;
    }
    memcpy(out, PyBytes_AS_STRING(obj), sizeof(word) * (size_t)s->nwords);
    if (out[s->nwords - 1] & ~last_word(s)) { /* the search counts layouts by their bits: none past them */
        PyErr_Format(PyExc_ValueError, "%s: a bit past the search's %lld layouts", what, s->nlayouts);
        return -1;
    }
    return 0;
}

/* Whether a cut's sets are disjoint (a layout has a mine at the cut or shows one number there);
   the layouts it places are kept from s->covered.  0, or -1 with an exception. */
static int cut_sets_disjoint(SearchObject *s, const Cut *cut, Py_ssize_t index) {
    for (int i = 0; i < s->nwords; i++) {
        word seen = cut->mine[i];
        for (int k = 0; k < cut->nshows; k++) {
            if (seen & cut->shows[k][i]) {
                PyErr_Format(PyExc_ValueError, "cuts[%zd]: layout %lld is in two of its sets", index,
                             64LL * i + first_bit(seen & cut->shows[k][i]));
                return -1;
            }
            seen |= cut->shows[k][i];
        }
        s->covered[i] &= seen;
    }
    return 0;
}

static int read_cut(SearchObject *s, PyObject *item, Cut *cut, Py_ssize_t index) {
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2 || !PyTuple_Check(PyTuple_GET_ITEM(item, 1))) {
        PyErr_Format(PyExc_TypeError, "cuts[%zd]: expected a tuple (mine, shows) with shows a tuple of bit sets",
                     index);
        return -1;
    }
    PyObject *shows = PyTuple_GET_ITEM(item, 1);
    if (PyTuple_GET_SIZE(shows) > INT_MAX) {
        PyErr_Format(PyExc_ValueError, "cuts[%zd]: too many numbers", index);
        return -1;
    }
    cut->mine = PyMem_Malloc(sizeof(word) * (size_t)s->nwords);
    cut->shows = PyMem_Calloc((size_t)PyTuple_GET_SIZE(shows) + 1, sizeof(word *));
    if (!cut->mine || !cut->shows) {
        PyErr_NoMemory();
        return -1;
    }
    if (words_from_bytes(s, PyTuple_GET_ITEM(item, 0), cut->mine, "a cut's mine set") < 0)
        return -1;
    for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(shows); k++) {
        cut->shows[k] = PyMem_Malloc(sizeof(word) * (size_t)s->nwords);
        if (!cut->shows[k]) {
            PyErr_NoMemory();
            return -1;
        }
        cut->nshows++;
        if (words_from_bytes(s, PyTuple_GET_ITEM(shows, k), cut->shows[k], "a cut's number set") < 0)
            return -1;
    }
    return cut_sets_disjoint(s, cut, index);
}

static int search_init(SearchObject *s, PyObject *args, PyObject *kwds) {
    static char *names[] = {"layouts", "cuts", "max_positions", "max_depth", NULL};
    long long nlayouts, max_positions;
    int max_depth = SEARCH_MAX_DEPTH;
    PyObject *cuts;
    search_clear(s); /* a second __init__ starts afresh: nothing of the first is kept or leaked */
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "LO!L|i", names, &nlayouts, &PyList_Type, &cuts, &max_positions,
                                     &max_depth))
        return -1;
    if (nlayouts < 1 || nlayouts > ((long long)1 << 31)) {
        PyErr_Format(PyExc_ValueError, "layouts: %lld is not between 1 and 2**31", nlayouts);
        return -1;
    }
    if (max_positions < 0 || max_depth < 0 || max_depth > 100000) {
        PyErr_SetString(PyExc_ValueError, "max_positions and max_depth (at most 100000) are not negative");
        return -1;
    }
    if (PyList_GET_SIZE(cuts) > INT_MAX / 2) {
        PyErr_SetString(PyExc_ValueError, "cuts: too many");
        return -1;
    }
    s->nlayouts = nlayouts;
    s->nwords = (int)((nlayouts + 63) / 64);
    s->max_positions = max_positions;
    s->max_depth = max_depth;
    s->every = PyMem_Malloc(sizeof(int) * (size_t)s->nwords);
    if (!s->every) {
        PyErr_NoMemory();
        return -1;
    }
    for (int i = 0; i < s->nwords; i++)
        s->every[i] = i;
    s->covered = PyMem_Malloc(sizeof(word) * (size_t)s->nwords);
    if (!s->covered) {
        search_clear(s);
        PyErr_NoMemory();
        return -1;
    }
    for (int i = 0; i < s->nwords; i++) /* every bit: those past the layouts are refused on their own */
        s->covered[i] = ~(word)0;
    Py_ssize_t ncuts = PyList_GET_SIZE(cuts);
    s->cuts = PyMem_Calloc((size_t)ncuts + 1, sizeof(Cut));
    if (!s->cuts) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t c = 0; c < ncuts; c++) {
        s->ncuts = (int)c + 1; /* what search_clear frees */
        if (read_cut(s, PyList_GET_ITEM(cuts, c), &s->cuts[c], c) < 0) {
            search_clear(s);
            return -1;
        }
    }
    s->all_cuts = PyMem_Malloc(sizeof(int) * (size_t)(ncuts ? ncuts : 1));
    if (!s->all_cuts || memo_grow(s) < 0) {
        search_clear(s);
        PyErr_NoMemory();
        return -1;
    }
    for (int c = 0; c < s->ncuts; c++)
        s->all_cuts[c] = c;
    s->ready = 1;
    return 0;
}

static int ready(const SearchObject *s) {
    if (!s->ready)
        PyErr_SetString(PyExc_RuntimeError, "this Search was not initialised (its __init__ did not run or failed)");
    return s->ready;
}

static PyObject *finish(long long v) {
    if (v == LIMIT_HIT)
        Py_RETURN_NONE;
    if (v == NO_MEMORY)
        return PyErr_NoMemory();
    return PyLong_FromLongLong(v);
}

/* A bar below -1 asks what -1 asks (every answer exact); clamped so that no sum with it can
   overflow. */
static long long bar(long long beat) {
    return beat < -1 ? -1 : beat;
}

/* a position argument as a fresh bit set (NULL with an exception) */
static word *position_arg(SearchObject *s, PyObject *obj) {
    word *ls = PyMem_Malloc(sizeof(word) * (size_t)s->nwords);
    if (!ls)
        return (word *)PyErr_NoMemory();
    if (words_from_bytes(s, obj, ls, "position") < 0) {
        PyMem_Free(ls);
        return NULL;
    }
    for (int i = 0; i < s->nwords; i++)
        if (ls[i] & ~s->covered[i]) { /* a part after a cut would lose it: every count would be off */
            PyErr_Format(PyExc_ValueError, "position: layout %lld is in none of some cut's sets (a mine, or a "
                         "number shown)", 64LL * i + first_bit(ls[i] & ~s->covered[i]));
            PyMem_Free(ls);
            return NULL;
        }
    s->stopped = NULL;
    return ls;
}

/* A position from Python at depth 0: its nonzero words into level 0's nz (*k of them).  0 when
   memory runs out. */
static int top_level(SearchObject *s, const word *ls, int *k) {
    Level *l = level(s, 0);
    if (l)
        *k = nonzero(ls, s->every, s->nwords, l->nz);
    return l != NULL;
}

/* wins(ls, beat=-1) -> int (exact above beat, else a bound no greater than it), or None at a limit */
static PyObject *search_wins(SearchObject *s, PyObject *args) {
    PyObject *lsobj;
    long long beat = -1;
    if (!ready(s) || !PyArg_ParseTuple(args, "O|L", &lsobj, &beat))
        return NULL;
    word *ls = position_arg(s, lsobj);
    if (!ls)
        return NULL;
    long long v = wins(s, ls, s->every, s->nwords, s->all_cuts, s->ncuts, bar(beat));
    PyMem_Free(ls);
    return finish(v);
}

/* after(ls, cut, beat) -> int, or -1 when the cut cannot beat `beat`, or None at a limit */
static PyObject *search_after(SearchObject *s, PyObject *args) {
    PyObject *lsobj;
    int cut;
    long long beat;
    if (!ready(s) || !PyArg_ParseTuple(args, "OiL", &lsobj, &cut, &beat))
        return NULL;
    if (cut < 0 || cut >= s->ncuts) {
        PyErr_Format(PyExc_IndexError, "cut %d: the search has cuts 0 to %d", cut, s->ncuts - 1);
        return NULL;
    }
    word *ls = position_arg(s, lsobj);
    if (!ls)
        return NULL;
    int none, k;
    long long v = top_level(s, ls, &k) ? after(s, ls, s->levels[0].nz, k, s->all_cuts, s->ncuts, &s->cuts[cut], bar(beat), &none)
                                       : NO_MEMORY;
    PyMem_Free(ls);
    if (v >= 0 && none)
        return PyLong_FromLong(-1);
    return finish(v);
}

/* best(ls, options, beat=-1) -> (cut index, wins) above beat, else (-1, a bound no greater than
   beat), or None at a limit; options: (mines, cut) pairs */
static PyObject *search_best(SearchObject *s, PyObject *args) {
    PyObject *lsobj, *opts;
    long long beat = -1;
    if (!ready(s) || !PyArg_ParseTuple(args, "OO!|L", &lsobj, &PyList_Type, &opts, &beat))
        return NULL;
    Py_ssize_t no = PyList_GET_SIZE(opts);
    if (no > s->ncuts) {
        PyErr_Format(PyExc_ValueError, "options: %zd of them, but the search has %d cuts", no, s->ncuts);
        return NULL;
    }
    int *options = PyMem_Malloc(sizeof(int) * (size_t)(no + 1)), *mines = PyMem_Malloc(sizeof(int) * (size_t)(no + 1));
    word *ls = NULL;
    PyObject *out = NULL;
    if (!options || !mines) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < no; i++) {
        PyObject *item = PyList_GET_ITEM(opts, i);
        if (!PyTuple_Check(item)) {
            PyErr_Format(PyExc_TypeError, "options[%zd]: expected a tuple (mines, cut)", i);
            goto done;
        }
        if (!PyArg_ParseTuple(item, "ii", &mines[i], &options[i]))
            goto done;
        if (options[i] < 0 || options[i] >= s->ncuts) {
            PyErr_Format(PyExc_IndexError, "options[%zd]: cut %d: the search has cuts 0 to %d", i, options[i],
                         s->ncuts - 1);
            goto done;
        }
    }
    if (!(ls = position_arg(s, lsobj)))
        goto done;
    int best_cut, k;
    long long v = top_level(s, ls, &k)
                      ? best_of(s, ls, s->levels[0].nz, k, layouts_in(ls, s->levels[0].nz, k), s->all_cuts, s->ncuts,
                                options, mines, (int)no, bar(beat),
                                &best_cut)
                      : NO_MEMORY;
    out = v == LIMIT_HIT || v == NO_MEMORY ? finish(v) : Py_BuildValue("(iL)", best_cut, v);
done:
    PyMem_Free(ls);
    PyMem_Free(options);
    PyMem_Free(mines);
    return out;
}

static PyObject *search_positions(SearchObject *s, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(s->size);
}

static PyObject *search_stopped(SearchObject *s, void *closure) {
    (void)closure;
    if (!s->stopped)
        Py_RETURN_NONE;
    return PyUnicode_FromString(s->stopped);
}

static PyMethodDef search_methods[] = {
    {"wins", (PyCFunction)search_wins, METH_VARARGS,
     "Layouts of the bit set won under optimal play, exact above beat (None past a limit)."},
    {"after", (PyCFunction)search_after, METH_VARARGS,
     "Wins after opening a cut, exact above beat (-1: its safe layouts cannot beat; None: a limit)."},
    {"best", (PyCFunction)search_best, METH_VARARGS,
     "The best of (mines, cut) options: (cut, wins) above beat, else (-1, a bound); None at a limit."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef search_getset[] = {
    {"positions", (getter)search_positions, NULL, "Positions in the memo.", NULL},
    {"stopped", (getter)search_stopped, NULL, "The limit that stopped the last call ('positions', 'depth'), or None.",
     NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "countsweep._kernel.Search",
    .tp_basicsize = sizeof(SearchObject),
    .tp_dealloc = (destructor)search_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(layouts, cuts, max_positions, max_depth=200): the exact endgame search over bit sets.",
    .tp_methods = search_methods,
    .tp_getset = search_getset,
    .tp_init = (initproc)search_init,
    .tp_new = PyType_GenericNew,
};
