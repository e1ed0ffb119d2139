/* satdoku.backends._native: the stepper's two rules and its guessing, compiled.
 *
 * An Engine holds one shape's exactly-one axioms (the claim variables of each, as the encoding
 * numbers them: claim (cell, digit) is variable cell*n + digit).  solve() applies rule 1 (a true
 * claim makes the other claims of its axioms false) and rule 2 (an axiom with one claim left
 * that is not false makes it true) to a fixpoint, then guesses a claim of an axiom with the
 * fewest claims left, backtracking on a contradiction.  It has no second encoding: it reads the
 * axioms the Python code hands it.  The Python module satdoku.backends._compiled wraps it; without
 * a C compiler satdoku works without it.
 *
 * This file is the Python side: the Engine type (loading the digits, solve and count) and the
 * module.  The other units, each with its header: search.c (the generic engine's search),
 * tables.c (reading the axioms into tables), fast9.c and band9.c (the fast engine), batch.c
 * (Engine.solve_lines) with check.c (its independent checker), ladder.c (Families and
 * Engine.climb) and walk.c (Engine.walk); bits.h and board.h are static inline helpers.
 *
 * Python code can run only while arguments are read (a digit's __index__, an axiom's __len__ or
 * __iter__): every argument is first copied into a tuple, which that code cannot change, and no
 * Python code runs while the tables or the search state are in use.
 */
#include "engine.h"

#include <string.h>

#include "batch.h"  /* Engine.solve_lines and its independent checker */
#include "fast9.h"
#include "ladder.h"  /* Families and Engine.climb: the rating ladder */
#include "tables.h"  /* reading the axioms, building and swapping the tables */
#include "walk.h"  /* Engine.walk: local search over the open axioms */

#define ENGINE_VERSION 6

static void Engine_dealloc(Engine *e)
{
    Tables none;
    memset(&none, 0, sizeof(none));
    swap_tables(e, &none);
    free_tables(&none);
    Py_TYPE(e)->tp_free((PyObject *)e);
}

/* Load n and the axioms.  The new tables are built apart and replace the old ones only once
 * they are complete: on an error the engine keeps the tables it had (or stays without any).
 * With fast true (the default), cell and house axioms of at most 128 cells also get the fast
 * engine of fast9.c, which unseeded solves and counts with a limit above 0 then use. */
static int Engine_init(Engine *e, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"n", "axioms", "fast", NULL};
    int n, fast = 1;
    PyObject *axioms;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iO|p", keywords, &n, &axioms, &fast))
        return -1;
    if (n < 1 || n > 255) {
        PyErr_SetString(PyExc_ValueError, "the engine takes sides 1 to 255");
        return -1;
    }
    Py_ssize_t total = 0;
    PyObject *rows = read_axioms(axioms, &total);
    if (rows == NULL)
        return -1;
    Tables t;
    memset(&t, 0, sizeof(t));
    int built = build_tables(&t, n, rows, total);
    Py_DECREF(rows);
    if (built == 0 && fast) {
        int nomem;
        t.fast = f9_build(n, t.axioms, t.ax_start, t.ax_claims, &nomem);
        if (nomem) {
            PyErr_NoMemory();
            built = -1;
        }
    }
    if (built == 0 && e->reading) {
        PyErr_SetString(PyExc_RuntimeError, "the engine is reading its digits: not reloaded");
        built = -1;
    }
    if (built == 0)
        swap_tables(e, &t);
    free_tables(&t);
    return built;
}

static int assert_givens(Engine *e, long long limit);

/* Reset and assert the givens (n*n digits, 0 blank); 1 ok, 0 contradiction, -1 error set.
 * Every digit is read before the state is touched: reading may run Python code (__index__),
 * and no Python code runs while the state is in use. */
int load(Engine *e, PyObject *cells, long long limit)
{
    if (e->givens == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the engine has no axioms: call __init__ first");
        return -1;
    }
    if (e->reading) {
        PyErr_SetString(PyExc_RuntimeError, "the engine is already reading digits");
        return -1;
    }
    if (PyBytes_CheckExact(cells)) {  /* the digits as bytes (immutable, no Python code runs) */
        if (PyBytes_GET_SIZE(cells) != e->cells) {
            PyErr_Format(PyExc_ValueError, "expected %d cells", e->cells);
            return -1;
        }
        const unsigned char *raw = (const unsigned char *)PyBytes_AS_STRING(cells);
        for (int cell = 0; cell < e->cells; cell++) {
            if (raw[cell] > e->n) {
                PyErr_Format(PyExc_ValueError, "digit %d is not in 0..%d", raw[cell], e->n);
                return -1;
            }
            e->givens[cell] = raw[cell];
        }
        return assert_givens(e, limit);
    }
    PyObject *seq = PySequence_Tuple(cells);
    if (seq == NULL)
        return -1;
    if (PyTuple_GET_SIZE(seq) != e->cells) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "expected %d cells", e->cells);
        return -1;
    }
    int n = e->n;
    e->reading = 1;  /* the tables stay as they are until the digits are read */
    for (int cell = 0; cell < e->cells; cell++) {
        long digit = PyLong_AsLong(PyTuple_GET_ITEM(seq, cell));
        if (digit < 0 || digit > n) {
            e->reading = 0;
            Py_DECREF(seq);
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "digit %ld is not in 0..%d", digit, n);
            return -1;
        }
        e->givens[cell] = (int)digit;
    }
    e->reading = 0;
    Py_DECREF(seq);
    return assert_givens(e, limit);
}

static int assert_generic(Engine *e, long long limit);

/* Reset and assert the digits already in e->givens, in the fast engine when there is one and
 * a guess is allowed (with limit 0 the question is what rules 1 and 2 alone settle, which
 * the generic engine answers: the fast one settles more); 1 ok, 0 contradiction. */
static int assert_givens(Engine *e, long long limit)
{
    if (e->fast != NULL)
        e->fast->holds = 0;
    if (e->fast == NULL || limit <= 0)  /* no guess allowed: what rules 1 and 2 alone settle */
        return assert_generic(e, limit);
    e->fast->holds = 1;
    e->limit = limit;
    e->nodes = e->found = 0;
    return f9_load(e->fast, e->givens);
}

/* Reset and assert the digits already in e->givens in the generic engine. */
static int assert_generic(Engine *e, long long limit)
{
    int n = e->n;
    reset(e);
    e->limit = limit;
    int ok = 1;
    for (int cell = 0; ok && cell < e->cells; cell++)
        if (e->givens[cell])
            ok = set_true(e, cell * n + e->givens[cell] - 1);
    for (int a = 0; ok && a < e->axioms; a++)  /* one-claim axioms (n = 1) */
        if (!e->sat[a] && !(e->open[a] & (e->open[a] - 1)))
            ok = set_true(e, e->ax_claims[e->ax_start[a] + lowest_bit(e->open[a])]);
    return ok;
}

/* Search the puzzle load or assert_givens left (ok: what they returned); 1 solved (the
 * solution's claims are true in val), 0 no solution, -1 past the guess limit. */
static int solve_loaded(Engine *e, int ok, unsigned long long seed)
{
    e->most = 0;
    if (e->fast != NULL && e->fast->holds) {
        if (!seed)
            return ok ? f9_search(e->fast, 0, e->limit, &e->nodes, &e->found) : 0;
        e->fast->holds = 0;  /* a seeded solve: the generic engine's random guesses */
        ok = assert_generic(e, e->limit);
    }
    return !ok ? 0 : seed ? fill_search(e, &seed) : search(e);
}

/* Count from the puzzle load left (ok: what it returned), up to e->most + 1 solutions; as
 * search returns. */
static int count_loaded(Engine *e, int ok)
{
    if (e->fast != NULL && e->fast->holds)
        return ok ? f9_search(e->fast, e->most, e->limit, &e->nodes, &e->found) : 0;
    return ok ? search(e) : 0;
}

/* The solved grid's digits (n*n of them, 1..n; 0 for a cell no axiom covers). */
void solution_digits(const Engine *e, unsigned char *digits)
{
    int n = e->n;
    if (e->fast != NULL && e->fast->holds) {  /* the fast engine solved it */
        f9_digits(e->fast, digits);
        return;
    }
    memset(digits, 0, (size_t)e->cells);
    for (int c = 0; c < e->claims; c++)
        if (e->val[c] == 1)
            digits[c / n] = (unsigned char)(c % n + 1);
}

/* The C-level solve (no Python object touched): the n*n givens (0..n each, checked by the
 * caller) in, 1 and the solution's digits in out, 0 no solution, -1 past `limit` guesses.
 * Engine.solve and any batch entry point go through the same solve_loaded. */
int solve_digits(Engine *e, const unsigned char *givens, long long limit, unsigned char *out)
{
    for (int cell = 0; cell < e->cells; cell++)
        e->givens[cell] = givens[cell];
    int found = solve_loaded(e, assert_givens(e, limit), 0);
    if (found == 1)
        solution_digits(e, out);
    return found;
}

PyDoc_STRVAR(solve_doc,
"solve(cells, limit, seed=0)\n--\n\n"
"Solve from the n*n given digits (0: empty): the digits as bytes, False when there is no "
"solution, None when more than limit guesses were needed.  A seed (1 to 2**64 - 1) makes the "
"guesses random, drawn from it: any solution can come out, the same one for the same seed.");

static PyObject *Engine_solve(Engine *e, PyObject *args)
{
    PyObject *cells;
    long long limit;
    unsigned long long seed = 0;
    if (!PyArg_ParseTuple(args, "OL|K", &cells, &limit, &seed))
        return NULL;
    int ok = load(e, cells, limit);
    if (ok < 0)
        return NULL;
    int found = solve_loaded(e, ok, seed);
    if (found < 0)
        Py_RETURN_NONE;
    if (found == 0)
        Py_RETURN_FALSE;
    PyObject *out = PyBytes_FromStringAndSize(NULL, e->cells);
    if (out == NULL)
        return NULL;
    solution_digits(e, (unsigned char *)PyBytes_AS_STRING(out));
    return out;
}

PyDoc_STRVAR(count_doc,
"count(cells, most, limit)\n--\n\n"
"Count the solutions from the n*n given digits: (count, complete); count stops at most + 1 "
"(complete False), and None comes back when more than limit guesses were needed.");

static PyObject *Engine_count(Engine *e, PyObject *args)
{
    PyObject *cells;
    long long most, limit;
    if (!PyArg_ParseTuple(args, "OLL", &cells, &most, &limit))
        return NULL;
    if (most < 0) {
        PyErr_SetString(PyExc_ValueError, "most must be at least 0");
        return NULL;
    }
    int ok = load(e, cells, limit);
    if (ok < 0)
        return NULL;
    e->most = most;
    int stop = count_loaded(e, ok);
    if (stop < 0)
        Py_RETURN_NONE;
    return Py_BuildValue("(LO)", e->found, stop ? Py_False : Py_True);
}

static PyObject *Engine_nodes(Engine *e, void *closure)
{
    (void)closure;
    return PyLong_FromLongLong(e->nodes);
}

static PyMethodDef Engine_methods[] = {
    {"solve", (PyCFunction)Engine_solve, METH_VARARGS, solve_doc},
    {"count", (PyCFunction)Engine_count, METH_VARARGS, count_doc},
    {"solve_lines", (PyCFunction)Engine_solve_lines, METH_VARARGS, solve_lines_doc},
    {"climb", (PyCFunction)Engine_climb, METH_VARARGS, climb_doc},
    {"walk", (PyCFunction)Engine_walk, METH_VARARGS, walk_doc},
    {NULL, NULL, 0, NULL},
};

static PyObject *Engine_fast(Engine *e, void *closure)
{
    (void)closure;
    return PyBool_FromLong(e->fast != NULL);
}

static PyGetSetDef Engine_getset[] = {
    {"nodes", (getter)Engine_nodes, NULL, "Guesses the last solve made.", NULL},
    {"fast", (getter)Engine_fast, NULL, "Whether unseeded solves and counts use the fast engine.",
     NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "satdoku.backends._native.Engine",
    .tp_doc = PyDoc_STR("One shape's exactly-one axioms, solved by rules 1 and 2 and guessing."),
    .tp_basicsize = sizeof(Engine),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Engine_init,
    .tp_dealloc = (destructor)Engine_dealloc,
    .tp_methods = Engine_methods,
    .tp_getset = Engine_getset,
};

static struct PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT, "satdoku.backends._native",
    "The stepper's two rules and guessing over exactly-one axioms, compiled.", -1,
    NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void)
{
    if (PyType_Ready(&EngineType) < 0 || PyType_Ready(&FamiliesType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&native_module);
    if (m == NULL)
        return NULL;
    PyObject *names = Py_BuildValue("[sss]", "Engine", "Families", "VERSION");
    if (names == NULL || PyModule_AddObject(m, "__all__", names) < 0) {
        Py_XDECREF(names);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "VERSION", ENGINE_VERSION) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&EngineType);
    if (PyModule_AddObject(m, "Engine", (PyObject *)&EngineType) < 0) {
        Py_DECREF(&EngineType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&FamiliesType);
    if (PyModule_AddObject(m, "Families", (PyObject *)&FamiliesType) < 0) {
        Py_DECREF(&FamiliesType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
