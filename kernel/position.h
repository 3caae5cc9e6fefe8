/*
 * A position as the counter sees it (countsweep.constraints' Python twin): one equation per
 * revealed number over its hidden neighbours, independent components of the frontier, and
 * boxes of interchangeable cells (the cells that exactly the same numbers see).
 *
 * The board is given as its cells' codes and a neighbourhood table, so any topology (square,
 * torus, hex, 3D, knight's moves, a graph) is the same position to the kernel.  Cells are
 * numbered as the board orders them (row-major); equations come in the order of their
 * numbers' cells, components in the order of their first cell, each component's boxes in
 * the order of their first cell: the order of the Python path, so that the two answer with
 * the same groups in the same order.
 */

#ifndef COUNTSWEEP_POSITION_H
#define COUNTSWEEP_POSITION_H

#include "kernel.h"

/* Which cells see which: cell i's neighbours are next[start[i]] .. next[start[i + 1] - 1],
   every one a cell of the table, none twice, none i itself (checked when the table is made:
   module.c). */
typedef struct {
    Py_ssize_t n;
    int max_degree;
    int ascending;        /* every cell's neighbours listed in ascending order (a lattice's are) */
    const int32_t *start; /* n + 1 */
    const int32_t *next;  /* start[n] */
    /* the table reversed: the cells whose lists hold cell i are rnext[rstart[i] .. rstart[i + 1] - 1]
       (a graph's table need not be symmetric: a rule lists its cells, they list nothing) */
    const int32_t *rstart; /* n + 1 */
    const int32_t *rnext;  /* start[n] */
} Neighbourhood;

/* A number's constraint: the mines among its hidden neighbours are lo..hi.  Under a noisy
   clue model (w not NULL) sum s weighs w[s - lo], an integer; wbits bounds every w's bits. */
typedef struct {
    int ncells;
    int *cells; /* ascending */
    int lo, hi;
    const count_t *w;
    int wbits;
} Equation;

/* Cells that exactly the same equations see: only how many of them are mines can matter. */
typedef struct {
    int size;
    int neq;
    const int *eqs; /* the equations that see it, ascending (its cells' list) */
    int *cells;     /* ascending */
} Box;

/* How a number reads under a noisy clue model, for each (shown, flags, hidden, neighbours)
   key met: decoded once, counted each time (the factor each leaves is the Python side's). */
typedef struct {
    long long key;
    long times;
    int kind;        /* READ_* below */
    int lo, hi;
    count_t *w;      /* hi - lo + 1 weights, or NULL */
    int wbits;
} Reading;

/* READ_SUM: the sums lo .. hi, alike (one sum, or a range whose weights are all 1) */
enum { READ_NONE = 0, READ_SUM, READ_WEIGHTED, READ_NOTHING, READ_IMPOSSIBLE, READ_UNUSABLE };

typedef struct {
    Py_ssize_t n;
    int *v; /* each cell's code */
    const Neighbourhood *nb;
    long flags, hidden, frontier;
    long unlisted; /* hidden cells the rows do not list: the sea's, counted but not named (a rule
                      set's cells no rule names: analyze's `unlisted`) */
    int neq;
    Equation *eqs;
    int *eq_start, *eq_list; /* cell -> the equations that see it (ascending) */
    int ncomps;
    int *comp_first_box, *comp_nboxes;
    int nboxes;
    Box *boxes;
    int *box_of;  /* cell -> its box, -1 off the frontier */
    int *settled; /* box -> the mines it holds in every layout, or -1 (dpll.c) */
    /* under a noisy clue model: */
    PyObject *readings;  /* the mapping from key to reading (countsweep.constraints.readings) */
    long long base;      /* keys are ((shown * base + flags) * base + hidden) * base + neighbours */
    Reading *used;       /* open addressing by key; nused of them, in first-use order by `order` */
    int *order;
    int ncap, nused;
    PyObject *constant;  /* the weight every layout shares: numbers settled alike (dpll.c) */
} Position;

/* The sea: hidden cells no number sees, the listed ones and the unlisted. */
static inline long position_sea(const Position *p) { return p->hidden - p->frontier + p->unlisted; }

/* Read the cells' codes from rows (a tuple of tuples of ints, as countsweep.board keeps them)
   against the neighbourhood table: DONE, DECLINE (not a board the kernel reads: the general
   path decides), FAILED. */
Status position_read(Position *p, PyObject *rows, const Neighbourhood *nb, PyObject *readings, Arena *a);

/* Equations, components and boxes: DONE, NO_LAYOUT (a number no layout satisfies), DECLINE,
   FAILED. */
Status position_build(Position *p, Arena *a);

#endif
