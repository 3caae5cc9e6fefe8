/*
 * The oracle's combination (countsweep.oracle.combine's Python twin): the parts' counts, the
 * settled boxes and the sea's binomials into the number of layouts and every box's and the
 * sea's mine count over them, in Python integers.
 *
 * Settled boxes hold v of their s cells' mines in every layout: a factor C(s, v) and v more
 * mines for the count, probability v / s for their cells.  Without a mine total the count is
 * of frontier assignments and the sea's cells get 1/2; under a density prior a / b each layout
 * weighs a**j (b - a)**(F - j) for its j mines on the F frontier cells, and the sea's cells get
 * a / b.
 */

#ifndef COUNTSWEEP_COMBINE_H
#define COUNTSWEEP_COMBINE_H

#include "dpll.h"

/* Each group's probability num / den and its mines over scale; group b < nboxes is box b,
   group nboxes the sea.  New references, NULL where a group has none (the sea, when empty). */
typedef struct {
    int ngroups;
    PyObject **num, **den, **mines;
    PyObject *count, *scale;
    double need; /* the bytes the combination and its answer were estimated to take */
} Combined;

/* A density prior a / b (0 < a < b, Python ints) in place of the mine total: each hidden cell a mine
   with probability a / b, independently of the others. */
typedef struct {
    PyObject *a, *b;
} Density;

/* DONE, NO_LAYOUT (the total cannot be met), TOO_LARGE (past max_bytes, when it is not -1: out->need
   says how far), FAILED; mines < 0: no total, and then density, where not NULL, the prior. */
Status combine(const Position *p, const Part *parts, int nparts, long mines, const Density *density,
               long long max_bytes, Combined *out);

/* the references a Combined holds */
void combined_clear(Combined *out);

#endif
