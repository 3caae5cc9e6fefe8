/* Exact fractions made in C: see fraction.h. */

#include "fraction.h"
#include <structmember.h> /* PyMemberDef, PyMember_SetOne (in Python.h itself from 3.12) */

/* ========================================================================== */
/* What is looked up once                                                     */
/* ========================================================================== */

static PyTypeObject *fraction_type; /* fractions.Fraction */
static PyMemberDef *numerator_slot, *denominator_slot;
static PyObject *no_args;
static int state; /* 0: not looked up yet; 1: fractions made here; -1: the caller calls Fraction */

/* Fraction's writable object slot called name; NULL, with no exception, where it has none */
static PyMemberDef *slot_of(const char *name) {
    PyObject *d = PyObject_GetAttrString((PyObject *)fraction_type, name); /* a class's slot: its descriptor */
    PyMemberDef *m = d && Py_IS_TYPE(d, &PyMemberDescr_Type) ? ((PyMemberDescrObject *)d)->d_member : NULL;
    Py_XDECREF(d);
    PyErr_Clear(); /* no such attribute: not made here */
    return m && m->type == T_OBJECT_EX && !(m->flags & READONLY) ? m : NULL;
}

/* object.__new__(Fraction) holding n / d, which must be in lowest terms with d > 0 */
static PyObject *made(PyObject *n, PyObject *d) {
    PyObject *f = PyBaseObject_Type.tp_new(fraction_type, no_args, NULL);
    if (f && (PyMember_SetOne((char *)f, numerator_slot, n) < 0 || PyMember_SetOne((char *)f, denominator_slot, d) < 0))
        Py_CLEAR(f);
    return f;
}

/* Whether -3/7 made here is Fraction(-3, 7): equal, of the same hash (which reads the
   denominator), str and numerator.  1 or 0: whatever fails on the way (an exception) is a no,
   and the caller calls Fraction. */
static int made_alike(void) {
    PyObject *n = PyLong_FromLong(-3), *d = PyLong_FromLong(7);
    PyObject *mine = n && d ? made(n, d) : NULL;
    PyObject *theirs = mine ? PyObject_CallFunctionObjArgs((PyObject *)fraction_type, n, d, NULL) : NULL;
    PyObject *shown = theirs ? PyObject_Str(mine) : NULL, *their_shown = shown ? PyObject_Str(theirs) : NULL;
    PyObject *top = their_shown ? PyObject_GetAttrString(mine, "numerator") : NULL;
    Py_hash_t hash = top ? PyObject_Hash(mine) : -1;
    /* each step only once the one before it has passed: no call with an exception set */
    int alike = hash != -1 && PyObject_Hash(theirs) == hash && PyObject_RichCompareBool(mine, theirs, Py_EQ) == 1 &&
                PyObject_RichCompareBool(top, n, Py_EQ) == 1 && PyUnicode_Compare(shown, their_shown) == 0;
    PyErr_Clear();
    Py_XDECREF(n);
    Py_XDECREF(d);
    Py_XDECREF(mine);
    Py_XDECREF(theirs);
    Py_XDECREF(shown);
    Py_XDECREF(their_shown);
    Py_XDECREF(top);
    return alike;
}

/* Fraction and its slots, looked up once: state 1 or -1, and 0; -1 with an exception (the import
   failed: state stays 0, to look again next time). */
static int look_up(void) {
    PyObject *fractions = PyImport_ImportModule("fractions");
    PyObject *type = fractions ? PyObject_GetAttrString(fractions, "Fraction") : NULL;
    Py_XDECREF(fractions);
    if (!type || (!no_args && !(no_args = PyTuple_New(0)))) {
        Py_XDECREF(type);
        return -1;
    }
    if (!PyType_Check(type)) {
        Py_DECREF(type);
        state = -1;
        return 0;
    }
    fraction_type = (PyTypeObject *)type; /* kept for the interpreter's life, as the module's types are */
    numerator_slot = slot_of("_numerator");
    denominator_slot = slot_of("_denominator");
    state = numerator_slot && denominator_slot && made_alike() ? 1 : -1;
    return 0;
}

/* ========================================================================== */
/* Fractions                                                                  */
/* ========================================================================== */

#ifdef COUNTSWEEP_DEBUG
int fraction_forget(void) {
    int was = state;
    Py_CLEAR(fraction_type);
    numerator_slot = denominator_slot = NULL;
    state = 0;
    return was;
}
#endif

int fraction_here(PyObject *value) {
    if (!state && look_up() < 0)
        return -1;
    return state > 0 && value == (PyObject *)fraction_type;
}

PyObject *fraction_reduced(PyObject *num, PyObject *den) {
    assert(state > 0);
    int wide_num, wide_den;
    long long a = PyLong_AsLongLongAndOverflow(num, &wide_num), b = PyLong_AsLongLongAndOverflow(den, &wide_den);
    if ((a == -1 || b == -1) && PyErr_Occurred())
        return NULL;
    PyObject *n, *d;
    if (!wide_num && !wide_den) { /* a word each */
        assert(a >= 0 && b > 0);
        uint64_t g = gcd_word((uint64_t)a, (uint64_t)b);
        if (g == 1)
            return made(num, den);
        n = PyLong_FromUnsignedLongLong((uint64_t)a / g);
        d = n ? PyLong_FromUnsignedLongLong((uint64_t)b / g) : NULL;
    } else {
        PyObject *g = PyObject_CallFunctionObjArgs(kernel_math_gcd, num, den, NULL);
        n = g ? PyNumber_FloorDivide(num, g) : NULL;
        d = n ? PyNumber_FloorDivide(den, g) : NULL;
        Py_XDECREF(g);
    }
    PyObject *f = d ? made(n, d) : NULL;
    Py_XDECREF(n);
    Py_XDECREF(d);
    return f;
}
