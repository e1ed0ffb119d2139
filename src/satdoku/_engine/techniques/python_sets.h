/* satdoku.rules.techniques._native: the order CPython lists a set of small ints in
 * (python_sets.c).
 *
 * The chain graph's weak links follow the order the Python graph iterates sets of cells in; a
 * set of ints (hash = the int) made by adding keys in turn lists them in an order its table
 * fixes, which python_set_order() reproduces.  The Python side checks it against the running
 * interpreter before trusting the compiled chains.
 */
#ifndef SATDOKU_TECHNIQUES_PYTHON_SETS_H
#define SATDOKU_TECHNIQUES_PYTHON_SETS_H

#include "layout.h"

/* The iteration order of a CPython set of the given small non-negative ints, added in turn;
 * table is scratch of 2 * size ints where size is a power of two above 4 * count (and >= 8).
 * Returns how many keys out lists (each once). */
INTERNAL int python_set_order(const int *keys, int count, int *table, int size, int *out);

/* The smallest table size python_set_order takes for count keys. */
static inline int python_set_table(int count)
{
    int size = 8;
    while (size <= 4 * count)
        size <<= 1;
    return size;
}

#endif
