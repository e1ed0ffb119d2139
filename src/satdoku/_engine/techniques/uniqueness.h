/* satdoku.rules.techniques._native: unique rectangles (types 1 to 4) and BUG+1 (the reference is
 * satdoku.rules.techniques._uniqueness; the same rectangles in the same order).
 */
#ifndef SATDOKU_TECHNIQUES_UNIQUENESS_H
#define SATDOKU_TECHNIQUES_UNIQUENESS_H

#include "patterns.h"

/* unique_rectangle(layout, board): None, or (type, (a, b, c, d), the cell completing a type 3's
 * subset or -1, the house of a type 3 or 4 or -1, the step's digits, eliminated (cell, digit)
 * pairs). */
INTERNAL PyObject *technique_unique_rectangle(PyObject *module, PyObject *args);

/* bug_plus_1(layout, board): None, or (cell, digit placed). */
INTERNAL PyObject *technique_bug_plus_1(PyObject *module, PyObject *args);

#endif
