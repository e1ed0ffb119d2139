/* satdoku.rules.techniques._native: the chain finders' Python functions (chain_calls.c).
 *
 * chain_search(layout, cand, kind, most, tables): the chain of a kind (see chains.h) the
 * Python search of satdoku.rules.techniques._chains finds, None or (chain, eliminated): chain
 * the nodes as ((cells...), digit), eliminated (cell, digit) pairs.  tables is the bytes of
 * chain_graph.h's ChainTables of the shape: its peer order, then its crossing houses.
 * chain_graph_dump(layout, cand, digit, bivalue, groups, tables): the whole graph as
 * (nodes, strong links, weak links), for tests to hold it to the Python graph.
 * chain_set_order(keys): the order CPython lists a set of those ints in, as the graph
 * reproduces it (the Python side checks it before using the compiled chains).
 */
#ifndef SATDOKU_TECHNIQUES_CHAIN_CALLS_H
#define SATDOKU_TECHNIQUES_CHAIN_CALLS_H

#include "layout.h"

INTERNAL PyObject *chain_search(PyObject *module, PyObject *args);

INTERNAL PyObject *chain_graph_dump(PyObject *module, PyObject *args);

INTERNAL PyObject *chain_set_order(PyObject *module, PyObject *keys);

#endif
