/* satdoku.rules.techniques._native: the techniques' finders, compiled.
 *
 * Each finder of satdoku.rules.techniques has its reference in Python; where this module was
 * built, the Python finder hands it a Layout (layout.c: the shape's houses and peers) and the
 * board's candidate masks and gets back what its own search would have found, in the same order,
 * as plain tuples; the Python side makes the step record.  Tests hold the two to the same
 * answers on random positions.  Without a C compiler satdoku works without this module.
 *
 * Units, each with its header: layout.c (the Layout type, reading boards), chain_graph.c (the
 * chain nodes and links of a board), chains.c (X-chains, XY-chains, AICs, four-node chains),
 * python_sets.c (CPython's order of a set of ints), chain_calls.c (the chains' Python
 * functions).
 */
#include "layout.h"
#include "chain_calls.h"

#define TECHNIQUES_VERSION 1

static PyMethodDef module_methods[] = {
    {"chain_search", chain_search, METH_VARARGS, "The shortest chain of a kind (chain_calls.h)."},
    {"chain_graph_dump", chain_graph_dump, METH_VARARGS, "A chain graph, whole (chain_calls.h)."},
    {"chain_set_order", chain_set_order, METH_O, "CPython's order of a set of small ints."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "satdoku.rules.techniques._native",
    .m_doc = "The techniques' finders, compiled (see satdoku.rules.techniques._compiled).",
    .m_size = -1,
    .m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__native(void)
{
    if (PyType_Ready(&LayoutType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddIntConstant(m, "VERSION", TECHNIQUES_VERSION) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&LayoutType);
    if (PyModule_AddObject(m, "Layout", (PyObject *)&LayoutType) < 0) {
        Py_DECREF(&LayoutType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
