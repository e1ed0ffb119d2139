/* satdoku.rules.techniques._native: the techniques' finders, compiled.
 *
 * Each finder of satdoku.rules.techniques has its reference in Python; where this module was
 * built, the Python finder hands it a Layout (layout.c: the shape's houses and peers) and the
 * board's candidate masks and gets back what its own search would have found, in the same order,
 * as plain tuples; the Python side makes the step record.  Tests hold the two to the same
 * answers on random positions.  Without a C compiler satdoku works without this module.
 *
 * Units, each with its header: layout.c (the Layout type, reading boards); settle.c (rules 1
 * and 2 to their fixpoint on a grid of masks); forcing.c (forcing and nested forcing chains);
 * waves.c (a forcing chain's complexity).
 */
#include "forcing.h"
#include "layout.h"

#define TECHNIQUES_VERSION 1

static PyMethodDef module_methods[] = {
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
