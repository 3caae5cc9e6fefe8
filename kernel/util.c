/* The arena every analysis allocates from, and binomials. */

#include "kernel.h"
#include "wide.h"

/* ========================================================================== */
/* Arena                                                                      */
/* ========================================================================== */

struct ArenaBlock {
    ArenaBlock *next;
    size_t used, cap;
    _Alignas(16) char data[];
};

#define ARENA_BLOCK ((size_t)64 << 10)
/* The most bytes one request may ask for: a quarter of the address space, past any machine's
   memory, so that the sums after it (the rounding, the red zone, a block's header) cannot wrap
   around.  Bounded by SIZE_MAX - 15 alone, a request of nearly SIZE_MAX bytes made a block's
   size wrap to a few bytes and was handed out (no caller asks for that much: the tests ask). */
#define ARENA_MOST ((size_t)1 << (8 * sizeof(size_t) - 2))

void *arena_alloc(Arena *a, size_t count, size_t size) {
    if (a->failed)
        return NULL;
    if (size && count > ARENA_MOST / size) { /* past any memory, or count * size overflows */
        a->failed = 1;
        return NULL;
    }
    size_t bytes = count * size, need = ((bytes + 15) & ~(size_t)15) + REDZONE;
    if (!need)
        need = 16;
    ArenaBlock *b = a->head;
    if (!b || b->cap - b->used < need) {
        size_t cap = need > ARENA_BLOCK ? need : ARENA_BLOCK;
        b = PyMem_Malloc(sizeof(ArenaBlock) + cap);
        if (!b) {
            a->failed = 1;
            return NULL;
        }
        b->used = 0;
        b->cap = cap;
        POISON(b->data, cap);
        if (a->head && need > ARENA_BLOCK) { /* a large block: keep filling the current one */
            b->next = a->head->next;
            a->head->next = b;
        } else {
            b->next = a->head;
            a->head = b;
        }
    }
    void *out = b->data + b->used;
    b->used += need;
    assert(b->used <= b->cap);
    UNPOISON(out, bytes);
    memset(out, 0, REDZONE ? bytes : need);
    return out;
}

static void block_free(ArenaBlock *b) {
    UNPOISON(b->data, b->cap);
    PyMem_Free(b);
}

void arena_free(Arena *a) {
    while (a->head) {
        ArenaBlock *next = a->head->next;
        block_free(a->head);
        a->head = next;
    }
    a->failed = 0;
}

void arena_reset(Arena *a) {
    ArenaBlock *keep = a->head;
    if (keep && keep->cap != ARENA_BLOCK)
        keep = NULL;
    ArenaBlock *b = a->head;
    while (b) {
        ArenaBlock *next = b->next;
        if (b != keep)
            block_free(b);
        b = next;
    }
    a->head = keep;
    if (keep) {
        keep->next = NULL;
        keep->used = 0;
        POISON(keep->data, keep->cap);
    }
    a->failed = 0;
}

/* ========================================================================== */
/* Binomials                                                                  */
/* ========================================================================== */

PyObject *kernel_math_comb, *kernel_math_gcd;

uint64_t gcd_word(uint64_t a, uint64_t b) {
    while (b) {
        uint64_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

/* Pascal's triangle to MAX_BOX: C(120, 60) < 2**117 and C(58, 29) < 2**55, in a count_t */
static count_t choose_table[MAX_BOX + 1][MAX_BOX + 1];

void binomials_init(void) {
    for (int n = 0; n <= MAX_BOX; n++) {
        choose_table[n][0] = 1;
        for (int k = 1; k <= n; k++)
            choose_table[n][k] = choose_table[n - 1][k - 1] + (k < n ? choose_table[n - 1][k] : 0);
    }
}

count_t binomial(int n, int k) {
    assert(0 <= n && n <= MAX_BOX);
    return k < 0 || k > n ? 0 : choose_table[n][k];
}

#ifdef COUNTSWEEP_DEBUG
/* ========================================================================== */
/* Debug builds: the memos' hashes, kept short                                */
/* ========================================================================== */

static int memo_hash_bits = 64;
static long memo_meetings = 0; /* look-ups that met another key's hash since the last setting */

uint64_t memo_hash_kept(uint64_t h) {
    return memo_hash_bits < 64 ? h & (((uint64_t)1 << memo_hash_bits) - 1) : h;
}

void memo_hash_met(void) {
    memo_meetings++;
}

long memo_set_hash_bits(int bits) {
    assert(bits >= 0 && bits <= 64);
    memo_hash_bits = bits;
    long met = memo_meetings;
    memo_meetings = 0;
    return met;
}
#endif

PyObject *binomial_long(long n, long k) {
    if (n >= 0 && n <= MAX_BOX)
        return count_to_long(binomial((int)n, (int)(k < 0 || k > n ? -1 : k)));
    return PyObject_CallFunction(kernel_math_comb, "ll", n, k);
}
