/* satdoku.rules.techniques._native: XY-wing, XYZ-wing and W-wing (the reference is
 * satdoku.rules.techniques._wings; each finds the pattern that search meets first).
 */
#ifndef SATDOKU_TECHNIQUES_WINGS_H
#define SATDOKU_TECHNIQUES_WINGS_H

#include "patterns.h"

/* xy_wing(layout, board): None, or (pivot, a, b, x, y, z, cells losing z). */
INTERNAL PyObject *technique_xy_wing(PyObject *module, PyObject *args);

/* xyz_wing(layout, board): None, or (pivot, a, b, z, cells losing z). */
INTERNAL PyObject *technique_xyz_wing(PyObject *module, PyObject *args);

/* w_wing(layout, board): None, or (a, b, x, y, near_a, near_b, cells losing x). */
INTERNAL PyObject *technique_w_wing(PyObject *module, PyObject *args);

#endif
