/* satdoku.rules.techniques._native: the chain finders (chains.c).
 *
 * chain_search(layout, cand, kind, most, crossing) runs the search of
 * satdoku.rules.techniques._chains over chain_graph.c's graph: kind 0 the one-digit chains of
 * at most four nodes (digit by digit, the first digit with one), 1 X-chains (the shortest over
 * the digits, the first digit on a tie), 2 XY-chains, 3 AICs (with groups: crossing is the
 * bytes of the houses' crossing houses, see chain_graph.h; None otherwise).  It returns None,
 * or (chain, eliminated): chain the nodes as ((cells...), digit), eliminated (cell, digit)
 * pairs, what the Python search returns.  chain_set_order(keys) is the order CPython lists a
 * set of those ints in, as the graph reproduces it (the Python side checks it).
 */
#ifndef SATDOKU_TECHNIQUES_CHAINS_H
#define SATDOKU_TECHNIQUES_CHAINS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "../bits.h"

INTERNAL PyObject *chain_search(PyObject *module, PyObject *args);

INTERNAL PyObject *chain_set_order(PyObject *module, PyObject *keys);

#endif
