/*
 * One component counted (countsweep.counting.dpll's Python twin): propagation settles what the
 * numbers force and what pairs of them imply (the twin leaves those to its search), the open
 * boxes split into independent parts, and a decomposing DPLL counts each part's layouts as a
 * polynomial in its mines, with every box's marginal.
 */

#ifndef COUNTSWEEP_DPLL_H
#define COUNTSWEEP_DPLL_H

#include "position.h"

/* A part of a component, counted on its own: a set of open boxes linked by constraints.
   total[k] counts its layouts with lo + k mines; marg[b][k] the mines in its b-th box over
   those layouts; each count a wide natural of pw limbs.  Only the window of mine counts some
   layout holds is kept: total[0] and total[nsize - 1] are not 0. */
typedef struct {
    int nbox;
    int *box; /* global box numbers */
    int lo;    /* the fewest mines a layout of the part holds */
    int nsize; /* the window's width: the most mines less the fewest, plus one */
    int pw;
    limb *total;
    limb *marg;
} Part;

/* A part of at least PATH_MIN_BOXES boxes whose search passes PATH_NODES nodes is counted along
   a path (path.h).  Measured on 160 positions of seeded 3D play (4 layers of 8x8, 40 mines, the
   kind benchmarks.topologies deals), best of 3 calls each: 4053 ms in all searched, 340 ms with
   this; the slowest 1828 ms to 103 ms, the 90th percentile 11.6 ms to 2.8 ms, the median the
   same (78 us: small parts are searched).  Any limit from 10 to 300 nodes did the same within
   noise, 1000 and 3000 worse (382, 520 ms); 0 (every part along a path) slowed the median to
   118 us.  115 square positions of play: the same (their parts never pass it). */
#define PATH_MIN_BOXES 16
#define PATH_NODES 100

/* A part of at most ENUM_BOXES boxes is counted by enumerating its fillings box by box (dpll.c,
   "Small parts, enumerated") until ENUM_NODES nodes, and searched only past them.  Measured on
   a quiet machine, with and without in one process, in turns, best of 3 calls each: the 99 3D
   positions of benchmarks.topologies, median 77.2 to 65.9 us, their square partners 43.6 to
   41.4 us (the median ratio 1.64 to 1.50), the sums of all of them the same (the tail is
   counted along paths); 513 square positions of seeded play (expert and 16x16), median 64.8 to
   61.6 us.  12 boxes gave 1.55, 32 boxes 1.48 (within the noise of 20).  Node limits of 1024
   to 16384 did the same; at 16384 no part of those positions, nor of seed 11's 512 3D ones,
   passed it (at 4096, a few).  Enumerating every small group inside the search too (after each
   branch) was slower (3D in all 246 to 270 ms), and ordering the boxes so that numbers close
   sooner did nothing. */
#define ENUM_BOXES 20
#define ENUM_BOXES_MAX 64 /* the most the enum_boxes argument allows */
#define ENUM_NODES 16384

/* The most bytes a part's counts may take while they are made, one set of rows a modulus
   (dpll.c's residues_count: total and every box's marginal, by mine count, (boxes + 1) x (cells
   + 1) count_t a set); past it the part goes to the general path, which weighs its marginals
   from the end of its path without them.  Parts reach it only past PLAIN_CELLS: the largest part
   of a band hidden on both sides of every other number, 3x1600 cells under its total, takes 42 MB. */
#define PART_BYTES ((size_t)256 << 20)
_Static_assert((size_t)(MAX_CELLS + 1) * (MAX_CELLS + 1) * sizeof(count_t) <= PART_BYTES,
               "one set of a part's rows fits PART_BYTES");

/* Past PLAIN_CELLS cells, a part whose mine counts may span less than 1 / WINDOW_SHARE of its cells
   + 1 goes to the general path (dpll.c's window_bound): a band with a mine in every column spans one
   mine count and took the kernel 7 times the Python path's time; the parts of a band hidden on both
   sides of every other number span about a seventh (bounded by a fifth) and take the kernel a half
   (3x800 cells) to a twentieth (3x3000) of the Python path's. */
#define WINDOW_SHARE 8

/* What one analysis allows and keeps across its components. */
typedef struct {
    int max_cells;       /* a part of more cells goes to the general path (the caller's, within
                            MAX_CELLS, or PLAIN_CELLS without a total or a prior) */
    long long max_nodes; /* and one whose search passes this many nodes */
    PyObject *stop;      /* called now and then: true stops the search (a deadline), or NULL */
    long long path_nodes; /* a part's search nodes before it is counted along a path (path.h); 0:
                             every part along a path, -1: none */
    int enum_boxes;       /* a part of at most this many boxes is enumerated first (0: none) */
    Arena *keep;         /* the parts' counts, kept for the combination */
    Arena *scratch;      /* a component's work, reset after it */
    int *local;          /* equation -> its number in the component at work, -1 (by equation) */
    Part *parts;
    int nparts;
} Solver;

#ifdef COUNTSWEEP_DEBUG
/* Debug builds only: the nodes a part's fillings may take before it is searched instead (0:
   ENUM_NODES).  Returns how many parts passed the limit since the last call (and starts the
   tally again). */
long dpll_set_enum_nodes(long nodes);

/* Debug builds only: the bytes a part's rows may take (0: PART_BYTES); returns how many parts
   declined past it since the last call (and starts the tally again). */
long dpll_set_part_bytes(long long bytes);
#endif

/* Component k into parts (appended to solver->parts) and settled boxes (p->settled); under a
   noisy clue model, the weights every layout shares go into p->constant.  DONE, DECLINE,
   NO_LAYOUT, FAILED. */
Status component_solve(Position *p, int k, Solver *solver);

#endif
