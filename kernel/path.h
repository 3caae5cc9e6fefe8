/*
 * One part of a component counted by dynamic programming along a linear order of its boxes
 * (a path decomposition; countsweep.counting.path's twin): after the first i boxes, a state is
 * the sum reached by every constraint with boxes on both sides, and each state carries its
 * layouts by mines.  Where the decomposing DPLL meets a part whose constraints all overlap (a
 * 3D number sees 26 cells, and a frontier knots into a ball with no middle to split at), its
 * search revisits the same sums under ever new branches; here each is met once.
 */

#ifndef COUNTSWEEP_PATH_H
#define COUNTSWEEP_PATH_H

#include "graph.h"

/* A layer of more states than this, or more coefficients than PATH_MAX_COEFS kept at once,
   declines the part (the DPLL counts it).  Measured on the 92 positions of seeded 3D play (seed
   11, 40 games of 4 layers of 8x8) that take the kernel more than 5 ms: 200000 states and 8 Mi
   coefficients, each layer's polynomials kept, took 16.5 s in all, the slowest 3.9 s (searched:
   its path declined), 225 MB at most; with the polynomials kept at checkpoints only (path.c's
   Work) and these limits, 10.2 s, the slowest 1.3 s, 227 MB.  1000000 states and 12 Mi took
   11.8 s (the probes of orders that fail run longer), 200000 and 8 Mi 13.0 s, 174 MB. */
#define PATH_MAX_STATES 400000
#define PATH_MAX_COEFS ((size_t)12 << 20)

#ifdef COUNTSWEEP_DEBUG
/* Debug builds only: other limits for the tests (a part declines at once with small ones);
   0 restores the defaults. */
void path_set_limits(long states, size_t coefs);

/* Debug builds only: the parts whose third order was the boxes as given (given_order in
   path.c), and those whose was breadth-first from the first box, since the last call, into
   given and first (and the tallies start again). */
void path_given_tally(long *given, long *first);

/* Debug builds only: the parts that tried a guessed fourth order (guessed_order in path.c), and
   those that took it, since the last call, into tried and taken (and the tallies start again). */
void path_guessed_tally(long *tried, long *taken);
#endif

#define PATH_DECLINE 1     /* too many states: the DPLL counts the part */
#define PATH_STOPPED 2     /* stop() said so */
#define PATH_UNCHOSEN (-1) /* order[0] before the first call on a part */
#define PATH_DECLINED (-2) /* order[0] after a call that declined the part */

/* The counts of the open boxes[0..n) of `cells` cells, as the DPLL gives them (total[k] the
   layouts with k mines, marg[q * (cells + 1) + k] the mines in box boxes[q] over those; both
   zeroed by the caller), modulo mod when it is not 0.  order (n ints) keeps the order chosen
   at the first call on the part (order[0] PATH_UNCHOSEN) for the next passes; stop (or NULL)
   is called between layers, as the DPLL calls it.  0 done; PATH_DECLINE (too many states, too
   many open constraints at once, or a sum past 255); PATH_STOPPED; -1 on an error (a Python
   error set: out of memory, Ctrl-C). */
int path_count_part(const Graph *g, const int *boxes, int n, int cells, count_t mod, PyObject *stop, int *order,
                    count_t *total, count_t *marg);

#endif
