/* Wide naturals and residues: see wide.h. */

#include "wide.h"

PyObject *count_to_long(count_t x) {
#if HAVE_INT128
    uint64_t hi = (uint64_t)(x >> 64), lo = (uint64_t)x;
    if (!hi)
        return PyLong_FromUnsignedLongLong(lo);
    limb both[2] = {lo, hi};
    unsigned char bytes[16];
    return wide_to_long(both, 2, bytes);
#else
    return PyLong_FromUnsignedLongLong(x);
#endif
}

int count_bits(count_t x) {
    int bits = 0;
    while (x) {
        bits++;
        x >>= 1;
    }
    return bits;
}

void wide_mac1(limb *acc, const limb *a, int la, limb m, int width) {
    assert(la <= width);
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
    assert(!carry); /* the caller's bound kept the width enough */
}

void wide_mac(limb *acc, const limb *a, int la, const limb *b, int lb, int width) {
    for (int j = 0; j < lb; j++)
        if (b[j])
            wide_mac1(acc + j, a, la, b[j], width - j);
}

void wide_sub(limb *a, const limb *b, int width) {
    limb borrow = 0;
    for (int i = 0; i < width; i++) {
        limb x = a[i], y = b[i] + borrow, under = y < borrow; /* b[i] + borrow wrapped: it is 2**64 */
        a[i] = x - y;
        borrow = under | (x < y);
    }
    assert(!borrow); /* b was at most a */
}

/* d's inverse modulo 2**64, d odd: d * d = 1 modulo 8 gives three correct bits, and each step of
   Newton's iteration doubles them (3, 6, 12, 24, 48, 96) */
static limb inverse64(limb d) {
    assert(d & 1);
    limb x = d;
    for (int i = 0; i < 5; i++)
        x *= 2 - d * x;
    return x;
}

void wide_divexact(limb *a, int width, limb d) {
    assert(d > 0 && d < ((limb)1 << 32));
    int n = wide_len(a, width), s = 0;
    for (; !(d & 1); d >>= 1)
        s++;
    /* Hensel's division from the low limb (Jebelean; GMP's divexact_1): a[i] - borrow is q * d
       modulo 2**64, and q * d's high half borrows from the next limb.  Two multiplications a
       limb, where dividing from the top took two hardware divisions: the sea's binomials were
       a seventh of a 3D position's time. */
    limb inv = inverse64(d), borrow = 0;
    for (int i = 0; i < n; i++) {
        limb x = a[i], under = x < borrow, q = (x - borrow) * inv, lo, hi;
        mul64(q, d, &lo, &hi);
        a[i] = q;
        borrow = hi + under;
    }
    assert(!borrow); /* d divided a: nothing is left to borrow */
    if (s) { /* the even part: a shift, exact too */
        assert(!n || !(a[0] & (((limb)1 << s) - 1)));
        for (int i = 0; i < n; i++)
            a[i] = (a[i] >> s) | (i + 1 < n ? a[i + 1] << (64 - s) : 0);
    }
}

limb wide_mod_small(const limb *a, int width, limb d) {
    assert(d > 0 && d < ((limb)1 << 32));
    limb r = 0; /* below d: each half limb shifted in stays below 2**64 */
    for (int i = wide_len(a, width) - 1; i >= 0; i--) {
        r = ((r << 32) | (a[i] >> 32)) % d;
        r = ((r << 32) | (a[i] & 0xffffffffu)) % d;
    }
    return r;
}

void wide_mul_small(limb *a, int width, limb m) {
    assert(m < ((limb)1 << 32));
    limb carry = 0;
    for (int i = 0; i < width; i++) {
        limb lo, hi;
        mul64(a[i], m, &lo, &hi);
        lo += carry;
        hi += lo < carry;
        a[i] = lo;
        carry = hi;
    }
    assert(!carry);
}

PyObject *wide_to_long(const limb *a, int width, unsigned char *scratch) {
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

int wide_from_long(limb *a, int width, PyObject *x) {
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

void wide_sum_rows(const limb *rows, int n, int pw, limb *scratch) {
    memset(scratch, 0, sizeof(limb) * (pw + 1));
    for (int i = 0; i < n; i++)
        wide_mac1(scratch, rows + (size_t)i * pw, pw, 1, pw + 1);
}

PyObject *wide_sum(const limb *rows, int n, int pw, limb d, limb *scratch, unsigned char *bytes) {
    wide_sum_rows(rows, n, pw, scratch);
    if (d > 1)
        wide_divexact(scratch, pw + 1, d);
    return wide_to_long(scratch, pw + 1, bytes);
}


/* ========================================================================== */
/* Residues                                                                   */
/* ========================================================================== */

#if HAVE_INT128
/* the NPRIMES largest primes below 2**62, the largest first (tests/test_kernel_stages.py finds
   them again), and a 0 past them */
const count_t PRIMES[NPRIMES + 1] = {
    0x3fffffffffffffc7, 0x3fffffffffffffa9, 0x3fffffffffffff8b, 0x3fffffffffffff71,
    0x3fffffffffffff67, 0x3fffffffffffff59, 0x3fffffffffffff55, 0x3fffffffffffff3d,
    0x3fffffffffffff35, 0x3ffffffffffffeef, 0x3ffffffffffffee1, 0x3ffffffffffffec3,
    0x3ffffffffffffe45, 0x3ffffffffffffe1d, 0x3ffffffffffffe11, 0x3ffffffffffffdc1,
    0x3ffffffffffffdbb, 0x3ffffffffffffda5, 0x3ffffffffffffd87, 0x3ffffffffffffd69,
    0x3ffffffffffffd03, 0x3ffffffffffffcfb, 0x3ffffffffffffcf7, 0x3ffffffffffffce9,
    0x3ffffffffffffcd3, 0x3ffffffffffffcc1, 0x3ffffffffffffc65, 0x3ffffffffffffc2b,
    0x3ffffffffffffc1f, 0x3ffffffffffffc17, 0x3ffffffffffffc11, 0x3ffffffffffffc07,
    0};

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
#else
const count_t PRIMES[NPRIMES + 1] = {0};
#endif

Status crt_init(Crt *c, int nmod, int pw, Arena *a) {
    assert(0 <= nmod && nmod <= NPRIMES);
    c->nmod = nmod;
    c->pw = pw;
    c->mods = NULL;
#if HAVE_INT128
    if (!nmod)
        return DONE;
    assert(pw >= 3);
    c->mods = arena_alloc(a, (size_t)nmod * pw, sizeof(limb));
    if (!c->mods)
        return FAILED;
    c->mods[2] = 1; /* 2**128 */
    for (int i = 0; i < nmod; i++) {
        limb *m = c->mods + (size_t)i * pw;
        c->inv[i] = pow_mod(wide_mod(m, pw, PRIMES[i]), PRIMES[i] - 2, PRIMES[i]);
        if (i + 1 < nmod)
            wide_mac1(m + pw, m, wide_len(m, pw), (limb)PRIMES[i], pw);
    }
#else
    (void)a;
#endif
    return DONE;
}

void crt_solve(const Crt *c, const count_t *res, limb *out) {
    out[0] = (limb)res[0];
#if HAVE_INT128
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
