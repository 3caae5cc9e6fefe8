/*
 * One component counted (countsweep.counting.dpll's Python twin): propagation settles what the
 * numbers force, the open boxes split into independent parts, and a decomposing DPLL counts
 * each part's layouts as a polynomial in its mines, with every box's marginal.
 */

#ifndef COUNTSWEEP_DPLL_H
#define COUNTSWEEP_DPLL_H

#include "position.h"

/* A part of a component, counted on its own: a set of open boxes linked by constraints.
   total[k] counts its layouts with k mines; marg[b][k] the mines in its b-th box over those
   layouts; each count a wide natural of pw limbs. */
typedef struct {
    int nbox;
    int *box; /* global box numbers */
    int nsize; /* cells + 1 */
    int pw;
    limb *total;
    limb *marg;
} Part;

/* What one analysis allows and keeps across its components. */
typedef struct {
    int max_cells;       /* a part of more cells goes to the general path */
    long long max_nodes; /* and one whose search passes this many nodes */
    PyObject *stop;      /* called now and then: true stops the search (a deadline), or NULL */
    Arena *keep;         /* the parts' counts, kept for the combination */
    Arena *scratch;      /* a component's work, reset after it */
    int *local;          /* equation -> its number in the component at work, -1 (by equation) */
    Part *parts;
    int nparts;
} Solver;

/* Component k into parts (appended to solver->parts) and settled boxes (p->settled); under a
   noisy clue model, the weights every layout shares go into p->constant.  DONE, DECLINE,
   NO_LAYOUT, FAILED. */
Status component_solve(Position *p, int k, Solver *solver);

#endif
