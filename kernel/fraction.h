/*
 * Exact fractions made in C: each group's probability as fractions.Fraction holds it, with no
 * call into Python.
 *
 * An analysis of play answers a few dozen groups, and each open group's probability was a Python
 * call (a gcd, then a Fraction made from its slots), about half a microsecond: at the median pair
 * of benchmarks.topologies, the largest share of what a 3D position's answer costs beyond its
 * square partner's (ten open groups against five).  Here the numerator and denominator are
 * reduced in C (a word's gcd where both fit one, which the sea's shared factor makes nearly every
 * group of play; math.gcd beyond) and the Fraction is made as object.__new__(Fraction) with its
 * two slots set, as Fraction's own constructor leaves them (CPython 3.12's
 * Fraction._from_coprime_ints does the same).
 *
 * The way is checked once against Fraction's constructor (equal, of the same hash, str and
 * numerator); where a Python's Fraction keeps other slots, it is not taken and the caller calls
 * Fraction as it would any value.
 */

#ifndef COUNTSWEEP_FRACTION_H
#define COUNTSWEEP_FRACTION_H

#include "kernel.h"

/* 1 when value is fractions.Fraction and its fractions are made here; 0 when value is to be
   called; -1 with an exception. */
int fraction_here(PyObject *value);

/* Fraction(num, den) in lowest terms, a new reference (NULL with an exception): num >= 0 and
   den > 0 Python ints; only once fraction_here has answered 1. */
PyObject *fraction_reduced(PyObject *num, PyObject *den);

#ifdef COUNTSWEEP_DEBUG
/* Forget what was looked up: the next fraction_here looks fractions.Fraction up again (the tests
   give it Fractions unlike CPython's).  What it had found: 1 fractions made here, -1 the caller
   calls Fraction, 0 not looked up yet. */
int fraction_forget(void);
#endif

#endif
