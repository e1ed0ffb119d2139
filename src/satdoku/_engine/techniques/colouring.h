/* satdoku.rules.techniques._native: simple colouring (the reference is
 * satdoku.rules.techniques._colouring; the same clusters, coloured in the same order).
 */
#ifndef SATDOKU_TECHNIQUES_COLOURING_H
#define SATDOKU_TECHNIQUES_COLOURING_H

#include "patterns.h"

/* simple_colouring(layout, board): None, or (digit, links as (a, b) pairs, cluster size, cells
 * losing the digit). */
INTERNAL PyObject *technique_simple_colouring(PyObject *module, PyObject *args);

#endif
