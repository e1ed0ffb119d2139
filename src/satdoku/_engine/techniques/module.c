/* satdoku.rules.techniques._native: the techniques' finders, compiled.
 *
 * Each finder of satdoku.rules.techniques has its reference in Python; where this module was
 * built, the Python finder hands it a Layout (layout.c: the shape's houses and peers) and the
 * board's candidate masks and gets back what its own search would have found, in the same order,
 * as plain tuples; the Python side makes the step record.  Tests hold the two to the same
 * answers on random positions.  Without a C compiler satdoku works without this module.
 *
 * Units, each with its header: layout.c (the Layout type, reading boards); patterns.c (what the
 * pattern finders share), wings.c (XY-, XYZ- and W-wings), colouring.c (simple colouring),
 * uniqueness.c (unique rectangles, BUG+1); chain_graph.c (the chain nodes and links of a
 * board), chains.c (X-chains, XY-chains, AICs, four-node chains), python_sets.c (CPython's
 * order of a set of ints), chain_calls.c (the chains' Python functions); settle.c (rules 1
 * and 2 to their fixpoint on a grid of masks), forcing.c (forcing and nested forcing chains),
 * waves.c (a forcing chain's complexity).
 */
#include "chain_calls.h"
#include "colouring.h"
#include "forcing.h"
#include "layout.h"
#include "uniqueness.h"
#include "wings.h"

#define TECHNIQUES_VERSION 2

static PyMethodDef module_methods[] = {
    {"xy_wing", technique_xy_wing, METH_VARARGS, "xy_wing(layout, board): see wings.h."},
    {"xyz_wing", technique_xyz_wing, METH_VARARGS, "xyz_wing(layout, board): see wings.h."},
    {"w_wing", technique_w_wing, METH_VARARGS, "w_wing(layout, board): see wings.h."},
    {"simple_colouring", technique_simple_colouring, METH_VARARGS,
     "simple_colouring(layout, board): see colouring.h."},
    {"unique_rectangle", technique_unique_rectangle, METH_VARARGS,
     "unique_rectangle(layout, board): see uniqueness.h."},
    {"bug_plus_1", technique_bug_plus_1, METH_VARARGS,
     "bug_plus_1(layout, board): see uniqueness.h."},
    {"chain_search", chain_search, METH_VARARGS, "The shortest chain of a kind (chain_calls.h)."},
    {"chain_graph_dump", chain_graph_dump, METH_VARARGS, "A chain graph, whole (chain_calls.h)."},
    {"chain_set_order", chain_set_order, METH_O, "CPython's order of a set of small ints."},
    {"forcing", forcing, METH_VARARGS, "forcing(layout, cand, nested): _forcing._search's answer."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "satdoku.rules.techniques._native",
    .m_doc = "The techniques' finders, compiled (see satdoku.rules.techniques._compiled).",
    .m_size = -1,
    .m_methods = module_methods,
};

static int append_name(PyObject *names, const char *name)
{
    PyObject *text = PyUnicode_FromString(name);
    if (text == NULL)
        return -1;
    int done = PyList_Append(names, text);
    Py_DECREF(text);
    return done;
}

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
    PyObject *names = PyList_New(0);  /* __all__: the Layout, VERSION and every function */
    int failed = names == NULL || append_name(names, "Layout") < 0
                 || append_name(names, "VERSION") < 0;
    for (const PyMethodDef *d = module_methods; !failed && d->ml_name != NULL; d++)
        failed = append_name(names, d->ml_name) < 0;
    if (failed || PyModule_AddObject(m, "__all__", names) < 0) {
        Py_XDECREF(names);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
