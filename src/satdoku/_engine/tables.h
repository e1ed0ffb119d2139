/* satdoku.backends._native: an Engine's tables, read from the axioms Python hands over.
 *
 * What tables.c defines: reading the axioms, building the tables, freeing and swapping them.
 */
#ifndef SATDOKU_ENGINE_TABLES_H
#define SATDOKU_ENGINE_TABLES_H

#include "search.h"

/* Free every table of t (the fast engine's too) and zero it. */
INTERNAL void free_tables(Tables *t);

/* Hand the engine's tables over to t (its tables become t's, and t gets the old ones). */
INTERNAL void swap_tables(Engine *e, Tables *t);

/* The axioms as a tuple of tuples (their sizes checked), counting their claims into *total. */
INTERNAL PyObject *read_axioms(PyObject *axioms, Py_ssize_t *total);

/* Build the tables of n and the axioms (a tuple of tuples) into t; -1 with an error set. */
INTERNAL int build_tables(Tables *t, int n, PyObject *rows, Py_ssize_t total);

#endif
