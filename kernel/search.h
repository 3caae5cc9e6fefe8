/*
 * The exact endgame search over bit sets of layouts (countsweep.play.endgame's Python search):
 * the same positions in the same order, so that it gives up at the same position, with the
 * same memo, only faster.
 *
 * Search(layouts, cuts, max_positions[, max_depth])
 *     layouts: how many layouts (1 .. 2**31); cuts: a list of (mine, shows) with mine the
 *     bit set (bytes, little-endian, 8 * ceil(layouts / 64) long) of the layouts in which the
 *     cell is a mine and shows a tuple of such bit sets, one for each number it shows.
 *     Past max_positions memo entries, or max_depth nested positions, a method returns None
 *     and `stopped` says which limit stopped it.
 *
 * wins(position, beat=-1), after(position, cut, beat), best(position, options, beat=-1)
 *     Each answers exactly when the answer exceeds beat, else with an upper bound no greater
 *     than beat (after: -1 when the cut's safe layouts cannot exceed it).  The bar is handed
 *     down to every group of layouts a move leads to (Ballard's Star1), and the memo keeps
 *     such bounds (as ~bound) beside exact values until a higher bar needs more.
 */

#ifndef COUNTSWEEP_SEARCH_H
#define COUNTSWEEP_SEARCH_H

#include "kernel.h"

extern PyTypeObject SearchType;

/* nested positions the search goes into at most, unless told otherwise: the Python search's
   default too (its frames, three a level, stay within Python's recursion limit) */
#define SEARCH_MAX_DEPTH 200

#endif
