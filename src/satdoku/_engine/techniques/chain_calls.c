/* satdoku.rules.techniques._native: the chain finders' Python functions (see chain_calls.h).
 *
 * Each reads its arguments first, runs chains.c's search (or chain_graph.c's graph) on plain
 * C data, frees it, and only then hands back tuples.
 */
#include "chain_calls.h"

#include "chains.h"
#include "python_sets.h"

#include <string.h>

/* A tuple of ints. */
static PyObject *int_tuple(const int *values, int count)
{
    PyObject *tuple = PyTuple_New(count);
    for (int i = 0; tuple != NULL && i < count; i++) {
        PyObject *value = PyLong_FromLong(values[i]);
        if (value == NULL)
            Py_CLEAR(tuple);
        else
            PyTuple_SET_ITEM(tuple, i, value);
    }
    return tuple;
}

/* (chain, eliminated) of a chain found in a graph. */
static PyObject *answer(const ChainGraph *g, const int *chain, int length)
{
    int *gone = PyMem_Malloc(((size_t)2 * (g->layout->cells + g->layout->n) + 2) * sizeof(int));
    if (gone == NULL)
        return PyErr_NoMemory();
    int count = chain_gone(g, chain, length, gone) / 2;
    PyObject *nodes = PyTuple_New(length), *pairs = PyTuple_New(count), *result = NULL;
    int failed = nodes == NULL || pairs == NULL;
    for (int i = 0; i < length && !failed; i++) {
        PyObject *cells = int_tuple(node_cells(g, chain[i]), g->node_size[chain[i]]);
        PyObject *node = cells ? Py_BuildValue("(Ni)", cells, g->node_digit[chain[i]]) : NULL;
        failed = node == NULL;
        if (!failed)
            PyTuple_SET_ITEM(nodes, i, node);
    }
    for (int i = 0; i < count && !failed; i++) {
        PyObject *pair = int_tuple(gone + 2 * i, 2);
        failed = pair == NULL;
        if (!failed)
            PyTuple_SET_ITEM(pairs, i, pair);
    }
    PyMem_Free(gone);
    if (!failed)
        result = PyTuple_Pack(2, nodes, pairs);
    Py_XDECREF(nodes);
    Py_XDECREF(pairs);
    return result;
}

/* A shape's ChainTables (chain_graph.h) from bytes: the peer order then the crossing houses,
 * C ints; -1 with an error set. */
static int tables_of(const Layout *l, PyObject *given, ChainTables *tables)
{
    Py_ssize_t peers = l->peer0[l->cells], crossing = (Py_ssize_t)l->house0[l->houses] * 2;
    Py_ssize_t size = (peers + crossing) * (Py_ssize_t)sizeof(int);
    if (!PyBytes_Check(given) || PyBytes_GET_SIZE(given) != size) {
        PyErr_Format(PyExc_ValueError, "the chain tables are %zd C ints", peers + crossing);
        return -1;
    }
    tables->peer_order = (const int *)PyBytes_AS_STRING(given);
    tables->crossing = tables->peer_order + peers;
    for (int c = 0; c < l->cells; c++)
        for (int i = l->peer0[c]; i < l->peer0[c + 1]; i++) {
            int p = tables->peer_order[i];
            if (p < 0 || p >= l->cells || !sees(l, c, p)) {
                PyErr_Format(PyExc_ValueError, "the peer order of cell %d lists %d", c, p);
                return -1;
            }
        }
    for (Py_ssize_t i = 0; i < crossing; i++)
        if (tables->crossing[i] < -1 || tables->crossing[i] >= l->houses) {
            PyErr_SetString(PyExc_ValueError, "a crossing house is out of range");
            return -1;
        }
    return 0;
}

/* The tables and the board of a call: the board's masks (PyMem_Free them), NULL with an error
 * set. */
static Mask *read_call(const Layout *l, PyObject *board, PyObject *tables_arg,
                       ChainTables *tables)
{
    if (tables_of(l, tables_arg, tables) < 0)
        return NULL;
    Mask *cand = PyMem_Malloc((size_t)l->cells * sizeof(Mask));
    if (cand == NULL)
        return (Mask *)PyErr_NoMemory();
    if (read_board(l, board, cand) < 0) {
        PyMem_Free(cand);
        return NULL;
    }
    return cand;
}

/* The search of one kind over a read board: the answer, None, or NULL with an error set. */
static PyObject *search_kind(const Layout *l, const Mask *cand, int kind, int most,
                             const ChainTables *tables)
{
    int *chain = PyMem_Malloc(((size_t)(most > 4 ? most : 4) + 1) * sizeof(int));
    if (chain == NULL)
        return PyErr_NoMemory();
    ChainGraph kept;
    int length = chain_find(l, cand, kind, most, tables, &kept, chain);
    PyObject *result = length < 0 ? PyErr_NoMemory() : NULL;
    if (length > 0) {
        result = answer(&kept, chain, length);
        chain_graph_free(&kept);
    }
    PyMem_Free(chain);
    if (length == 0)
        Py_RETURN_NONE;
    return result;
}

PyObject *chain_search(PyObject *module, PyObject *args)
{
    PyObject *layout_arg, *board, *tables_arg;
    int kind, most;
    ChainTables tables;
    (void)module;
    if (!PyArg_ParseTuple(args, "O!OiiO", &LayoutType, &layout_arg, &board, &kind, &most,
                          &tables_arg))
        return NULL;
    const Layout *l = (const Layout *)layout_arg;
    if (kind < 0 || kind > 3 || l->house0 == NULL) {
        PyErr_SetString(PyExc_ValueError, "chain_search takes kinds 0 to 3 and a made Layout");
        return NULL;
    }
    Mask *cand = read_call(l, board, tables_arg, &tables);
    if (cand == NULL)
        return NULL;
    PyObject *result = search_kind(l, cand, kind, most, &tables);
    PyMem_Free(cand);
    return result;
}

PyObject *chain_set_order(PyObject *module, PyObject *keys)
{
    (void)module;
    PyObject *listed = PySequence_Tuple(keys);
    if (listed == NULL)
        return NULL;
    int count = (int)PyTuple_GET_SIZE(listed), size = python_set_table(count);
    int *given = PyMem_Malloc(((size_t)2 * count + 2 * (size_t)size + 1) * sizeof(int));
    if (given == NULL) {
        Py_DECREF(listed);
        return PyErr_NoMemory();
    }
    for (int i = 0; i < count; i++) {
        long key = PyLong_AsLong(PyTuple_GET_ITEM(listed, i));
        if (key < 0 || key > 1 << 20) {
            PyMem_Free(given);
            Py_DECREF(listed);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "keys are ints 0 to 2**20");
            return NULL;
        }
        given[i] = (int)key;
    }
    Py_DECREF(listed);
    int *out = given + count, *table = out + count;
    PyObject *result = int_tuple(out, python_set_order(given, count, table, size, out));
    PyMem_Free(given);
    return result;
}

/* A graph's per-node lists (strong or weak links) as a tuple of tuples; NULL on error. */
static PyObject *links_of(ChainGraph *g, int weak)
{
    PyObject *all = PyTuple_New(g->count);
    for (int v = 0; all != NULL && v < g->count; v++) {
        int count = g->strong0[v + 1] - g->strong0[v];
        const int *links = weak ? chain_graph_weak(g, v, &count) : g->strong + g->strong0[v];
        PyObject *listed = links == NULL ? PyErr_NoMemory() : int_tuple(links, count);
        if (listed == NULL)
            Py_CLEAR(all);
        else
            PyTuple_SET_ITEM(all, v, listed);
    }
    return all;
}

/* (nodes, strong, weak) of a graph. */
static PyObject *graph_tuples(ChainGraph *g)
{
    PyObject *nodes = PyTuple_New(g->count);
    for (int v = 0; nodes != NULL && v < g->count; v++) {
        PyObject *cells = int_tuple(node_cells(g, v), g->node_size[v]);
        PyObject *node = cells ? Py_BuildValue("(Ni)", cells, g->node_digit[v]) : NULL;
        if (node == NULL)
            Py_CLEAR(nodes);
        else
            PyTuple_SET_ITEM(nodes, v, node);
    }
    PyObject *strong = nodes ? links_of(g, 0) : NULL, *weak = strong ? links_of(g, 1) : NULL;
    PyObject *result = weak ? PyTuple_Pack(3, nodes, strong, weak) : NULL;
    Py_XDECREF(nodes);
    Py_XDECREF(strong);
    Py_XDECREF(weak);
    return result;
}

PyObject *chain_graph_dump(PyObject *module, PyObject *args)
{
    PyObject *layout_arg, *board, *tables_arg;
    int digit, bivalue, groups;
    ChainTables tables;
    (void)module;
    if (!PyArg_ParseTuple(args, "O!OippO", &LayoutType, &layout_arg, &board, &digit, &bivalue,
                          &groups, &tables_arg))
        return NULL;
    const Layout *l = (const Layout *)layout_arg;
    if (digit < 0 || digit > l->n || l->house0 == NULL) {
        PyErr_SetString(PyExc_ValueError, "chain_graph_dump takes a digit 0 to n, a made Layout");
        return NULL;
    }
    Mask *cand = read_call(l, board, tables_arg, &tables);
    if (cand == NULL)
        return NULL;
    ChainGraph g;
    PyObject *result = NULL;
    if (chain_graph_make(&g, l, cand, digit, bivalue, groups, &tables) < 0) {
        PyErr_NoMemory();
    } else {
        result = graph_tuples(&g);
        chain_graph_free(&g);
    }
    PyMem_Free(cand);
    return result;
}
