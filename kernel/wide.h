/*
 * Wide naturals: little-endian arrays of 64-bit limbs, of a width fixed per call by a bound on
 * every value.  The combination with the sea sums products hundreds of bits wide (the sea's
 * binomials, times the parts' counts and, under noisy clues, their weights); as Python
 * integers each product was an object made and freed, which cost more than the arithmetic.
 * Only the answers become Python integers.
 *
 * And counts wider than a count_t: a part is counted once more modulo each of a few primes
 * just below 2**62, and each count is put together from its residues (the Chinese remainder
 * theorem, in Garner's order: x = r0 + 2**128 (t1 + p1 (t2 + ...))).  Without __int128 there
 * are no primes: such parts go to the general path.
 */

#ifndef COUNTSWEEP_WIDE_H
#define COUNTSWEEP_WIDE_H

#include "kernel.h"

/* a count as a Python integer */
PyObject *count_to_long(count_t x);
/* the bits of x (0 for 0) */
int count_bits(count_t x);

/* lo and hi halves of a * b (inline: every limb of every product calls it) */
static ALWAYS_INLINE void mul64(limb a, limb b, limb *lo, limb *hi) {
#if HAVE_INT128
    count_t t = (count_t)a * b;
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
static ALWAYS_INLINE int wide_len(const limb *a, int width) {
    while (width > 0 && !a[width - 1])
        width--;
    return width;
}

/* acc += a * m, for a of la limbs; acc has width limbs, which the caller's bound keeps enough */
void wide_mac1(limb *acc, const limb *a, int la, limb m, int width);
/* acc += a * b */
void wide_mac(limb *acc, const limb *a, int la, const limb *b, int lb, int width);
/* a -= b, where b <= a (both width limbs) */
void wide_sub(limb *a, const limb *b, int width);
/* a /= d, where d divides a (0 < d < 2**32): every division the combination makes is exact */
void wide_divexact(limb *a, int width, limb d);
/* a mod d (0 < d < 2**32) */
limb wide_mod_small(const limb *a, int width, limb d);
/* a *= m (m < 2**32; the width has room) */
void wide_mul_small(limb *a, int width, limb m);
/* a as a Python integer; scratch holds 8 * width bytes */
PyObject *wide_to_long(const limb *a, int width, unsigned char *scratch);
/* a (width limbs, zeroed by the caller) from a non-negative Python integer below 2**(64 width) */
int wide_from_long(limb *a, int width, PyObject *x);
/* scratch (pw + 1 limbs) = the sum of n counts of pw limbs */
void wide_sum_rows(const limb *rows, int n, int pw, limb *scratch);
/* that sum divided by d (which divides it), as a Python integer;
   scratch has pw + 1 limbs, bytes 8 (pw + 1) */
PyObject *wide_sum(const limb *rows, int n, int pw, limb d, limb *scratch, unsigned char *bytes);

/* ---- residues ---------------------------------------------------------------------------- */

#if HAVE_INT128
/* 2080 bits of count: with four (372 bits), nine hidden cells of a 3x3x3 torus under `over`, each
   beside 18 numbers whose weights take 12 to 27 bits, went to the general path (tests/test_kernel.py).
   A pass costs only where a part's bound needs it. */
#define NPRIMES 32
#define PRIME_BITS 61 /* each prime is above 2**61: so many more bits of count per pass */
#else
#define NPRIMES 0
#define PRIME_BITS 1
#endif
extern const count_t PRIMES[NPRIMES + 1];
#if HAVE_INT128 /* a part's layouts, at most 2**MAX_CELLS, fit the residues */
_Static_assert(MAX_CELLS <= 8 * (int)sizeof(count_t) + PRIME_BITS * NPRIMES, "MAX_CELLS past the residues");
#endif

typedef struct {
    int nmod, pw;
    limb *mods;               /* by prime i: the product of the moduli before it (pw limbs) */
    count_t inv[NPRIMES + 1]; /* by prime i: that product's inverse modulo it */
} Crt;

/* the moduli of nmod primes for counts of pw limbs, allocated from the arena; FAILED or DONE */
Status crt_init(Crt *c, int nmod, int pw, Arena *a);
/* out (pw limbs, zeroed) from res[0], the count modulo 2**(8 sizeof(count_t)), and res[i],
   modulo PRIMES[i - 1] */
void crt_solve(const Crt *c, const count_t *res, limb *out);

#endif
