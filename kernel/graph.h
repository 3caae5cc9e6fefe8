/*
 * A component's open boxes and constraints, as dpll.c and path.c count them, and the one
 * arithmetic step both take (counts as they are, or modulo one of wide.h's primes).
 */

#ifndef COUNTSWEEP_GRAPH_H
#define COUNTSWEEP_GRAPH_H

#include "kernel.h"

/* The component's boxes (numbered 0..B-1) and the constraints among them (0..ncons-1), each
   way round as index lists (CSR). */
typedef struct {
    int B, ncons;
    int *size;               /* by box: cells */
    int *bc_start, *bc_list; /* box -> its constraints */
    int *cb_start, *cb_list; /* constraint -> its boxes */
    int *lo, *hi;            /* by constraint: the sums allowed */
    const count_t **w;       /* by constraint: the weight of each sum (NULL: all weigh 1) */
    int *wbits;
    int weighted;            /* does any constraint weigh its sums? */
    int *fixed;              /* by box: its value when propagation settled it, else -1 */
} Graph;

/* x + y * z, as counts are (mod 0) or modulo mod, one of PRIMES, 2**62 - c for a small c:
   2**62 is c modulo it, so a value's bits above 62 fold down times c, twice, with no division.
   x, y, z below mod when there is one. */
static ALWAYS_INLINE count_t mac(count_t x, count_t y, count_t z, count_t mod) {
    if (!mod)
        return x + y * z;
#if HAVE_INT128
    const count_t low = ((count_t)1 << 62) - 1, c = low + 1 - mod;
    count_t v = x + y * z;         /* below 2**125 */
    v = (v >> 62) * c + (v & low); /* below 2**73 + 2**62: c is below 2**10 */
    v = (v >> 62) * c + (v & low); /* below 2**62 + 2**21: at most one mod too many */
    if (v >= mod)
        v -= mod;
    return v;
#else
    assert(0); /* without __int128 there are no primes (NPRIMES is 0) */
    return x + y * z;
#endif
}


#endif
