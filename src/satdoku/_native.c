/* satdoku._native: the stepper's two rules and its guessing, compiled.
 *
 * An Engine holds one shape's exactly-one axioms (the claim variables of each, as the encoding
 * numbers them: claim (cell, digit) is variable cell*n + digit).  solve() applies rule 1 (a true
 * claim makes the other claims of its axioms false) and rule 2 (an axiom with one claim left
 * that is not false makes it true) to a fixpoint, then guesses a claim of an axiom with the
 * fewest claims left, backtracking on a contradiction.  It has no second encoding: it reads the
 * axioms the Python code hands it.  The Python module satdoku.native wraps it; without a C
 * compiler satdoku works without it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long long Mask;

typedef struct {
    PyObject_HEAD
    int n;            /* side of the grid */
    int cells;        /* n * n */
    int claims;       /* n ** 3: claim c (0-based) is variable c + 1 */
    int axioms;
    int *ax_start;    /* axiom a's claims: ax_claims[ax_start[a] .. ax_start[a + 1]) */
    int *ax_claims;
    int *cl_start;    /* claim c's axioms: cl_axioms[cl_start[c] .. cl_start[c + 1]) */
    int *cl_axioms;
    Mask *cl_bits;    /* ... and the claim's bit in each of those axioms */
    signed char *val; /* 0 unknown, 1 true, -1 false */
    Mask *open;       /* per axiom: its claims that are not false, one bit each */
    Mask *full;       /* per axiom: all its claims */
    unsigned char *sat; /* the axiom has a true claim */
    int *trail;       /* claims in the order they were decided */
    int *units;       /* axioms left with one claim not false and none true (rule 2 pending) */
    int *givens;      /* the digits of the puzzle being loaded */
    int units_len;
    int trail_len;
    int qhead;        /* trail entries before this one have been propagated */
    long long nodes;
    long long limit;
    long long found;  /* solutions the search has met */
    long long most;   /* the search stops once found passes this (solve: 0) */
} Engine;

static inline int set_true(Engine *e, int c)
{
    if (e->val[c])
        return e->val[c] == 1;
    const int *ax = e->cl_axioms + e->cl_start[c], *end = e->cl_axioms + e->cl_start[c + 1];
    for (const int *a = ax; a < end; a++)
        if (e->sat[*a])
            return 0;
    e->val[c] = 1;
    e->trail[e->trail_len++] = c;
    for (const int *a = ax; a < end; a++)
        e->sat[*a] = 1;
    return 1;
}

static inline int set_false(Engine *e, int c)
{
    if (e->val[c])
        return e->val[c] == -1;
    e->val[c] = -1;
    e->trail[e->trail_len++] = c;
    int ok = 1;
    for (int k = e->cl_start[c]; k < e->cl_start[c + 1]; k++) {
        int a = e->cl_axioms[k];
        Mask left = e->open[a] &= ~e->cl_bits[k];
        if (!e->sat[a] && !(left & (left - 1))) {
            if (left)
                e->units[e->units_len++] = a;
            else
                ok = 0;
        }
    }
    return ok;
}

/* Rules 1 and 2 to a fixpoint; 0 on a contradiction. */
static int propagate(Engine *e)
{
    for (;;) {
        while (e->units_len) {
            /* rule 2: an axiom with one claim left that is not false makes it true */
            int a = e->units[--e->units_len];
            if (!e->sat[a] &&
                !set_true(e, e->ax_claims[e->ax_start[a] + __builtin_ctzll(e->open[a])])) {
                e->units_len = 0;
                return 0;
            }
        }
        if (e->qhead == e->trail_len)
            return 1;
        int c = e->trail[e->qhead++];
        if (e->val[c] != 1)
            continue;
        /* rule 1: the other claims of a true claim's axioms are false */
        for (int k = e->cl_start[c]; k < e->cl_start[c + 1]; k++) {
            int a = e->cl_axioms[k];
            const int *members = e->ax_claims + e->ax_start[a];
            Mask rest = e->open[a] & ~e->cl_bits[k];
            while (rest) {
                int d = members[__builtin_ctzll(rest)];
                rest &= rest - 1;
                if (!set_false(e, d)) {
                    e->units_len = 0;
                    return 0;
                }
            }
        }
    }
}

static void undo(Engine *e, int mark)
{
    while (e->trail_len > mark) {
        int c = e->trail[--e->trail_len];
        if (e->val[c] == 1) {
            for (int k = e->cl_start[c]; k < e->cl_start[c + 1]; k++)
                e->sat[e->cl_axioms[k]] = 0;
        } else {
            for (int k = e->cl_start[c]; k < e->cl_start[c + 1]; k++)
                e->open[e->cl_axioms[k]] |= e->cl_bits[k];
        }
        e->val[c] = 0;
    }
    e->qhead = mark;
    e->units_len = 0;
}

/* Enumerate the solutions below this point (each once: a guess is tried true, then false),
 * stopping on the one that makes `found` pass `most` (most = 0: the first solution, whose
 * claims are left in `val`). 1: that one was found, 0: this part is exhausted, -1: the node
 * limit ran out. */
static int search(Engine *e)
{
    for (;;) {
        if (!propagate(e))
            return 0;
        int best = -1, fewest = INT_MAX;
        for (int a = 0; a < e->axioms; a++) {
            if (e->sat[a])
                continue;
            int left = __builtin_popcountll(e->open[a]);
            if (left < fewest) {
                best = a;
                fewest = left;
                if (fewest <= 2)
                    break;
            }
        }
        if (best < 0)
            return ++e->found > e->most;
        if (++e->nodes > e->limit)
            return -1;
        int guess = e->ax_claims[e->ax_start[best] + __builtin_ctzll(e->open[best])];
        int mark = e->trail_len;
        if (set_true(e, guess)) {
            int stop = search(e);
            if (stop)
                return stop;
        }
        undo(e, mark);
        if (!set_false(e, guess))
            return 0;
    }
}

static void reset(Engine *e)
{
    memset(e->val, 0, (size_t)e->claims);
    memset(e->sat, 0, (size_t)e->axioms);
    memcpy(e->open, e->full, sizeof(Mask) * (size_t)e->axioms);
    e->trail_len = 0;
    e->qhead = 0;
    e->units_len = 0;
    e->nodes = 0;
    e->found = 0;
}

static void free_arrays(Engine *e)
{
    PyMem_Free(e->ax_start);
    PyMem_Free(e->ax_claims);
    PyMem_Free(e->cl_start);
    PyMem_Free(e->cl_axioms);
    PyMem_Free(e->cl_bits);
    PyMem_Free(e->val);
    PyMem_Free(e->open);
    PyMem_Free(e->full);
    PyMem_Free(e->sat);
    PyMem_Free(e->trail);
    PyMem_Free(e->units);
    PyMem_Free(e->givens);
    e->givens = NULL;
    e->ax_start = e->ax_claims = e->cl_start = e->cl_axioms = e->trail = e->units = NULL;
    e->cl_bits = e->open = e->full = NULL;
    e->val = NULL;
    e->sat = NULL;
}

static void Engine_dealloc(Engine *e)
{
    free_arrays(e);
    Py_TYPE(e)->tp_free((PyObject *)e);
}

static int Engine_init(Engine *e, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"n", "axioms", NULL};
    int n;
    PyObject *axioms;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iO", keywords, &n, &axioms))
        return -1;
    if (n < 1 || n > 255) {
        PyErr_SetString(PyExc_ValueError, "the engine takes sides 1 to 255");
        return -1;
    }
    PyObject *seq = PySequence_Fast(axioms, "axioms must be a sequence of variable sequences");
    if (seq == NULL)
        return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    int claims = n * n * n;
    Py_ssize_t total = 0;
    for (Py_ssize_t a = 0; a < count; a++) {
        Py_ssize_t size = PyObject_Length(PySequence_Fast_GET_ITEM(seq, a));
        if (size < 0) {
            Py_DECREF(seq);
            return -1;
        }
        total += size;
    }
    if (count > INT_MAX / 2 || total > INT_MAX / 2) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "too many axioms for the engine");
        return -1;
    }
    free_arrays(e);
    e->n = n;
    e->cells = n * n;
    e->claims = claims;
    e->axioms = (int)count;
    e->ax_start = PyMem_Calloc((size_t)count + 1, sizeof(int));
    e->ax_claims = PyMem_Calloc((size_t)total + 1, sizeof(int));
    e->cl_start = PyMem_Calloc((size_t)claims + 1, sizeof(int));
    e->cl_axioms = PyMem_Calloc((size_t)total + 1, sizeof(int));
    e->val = PyMem_Calloc((size_t)claims, 1);
    e->cl_bits = PyMem_Calloc((size_t)total + 1, sizeof(Mask));
    e->open = PyMem_Calloc((size_t)count + 1, sizeof(Mask));
    e->full = PyMem_Calloc((size_t)count + 1, sizeof(Mask));
    e->sat = PyMem_Calloc((size_t)count + 1, 1);
    e->trail = PyMem_Calloc((size_t)claims, sizeof(int));
    e->units = PyMem_Calloc((size_t)total + 1, sizeof(int));
    e->givens = PyMem_Calloc((size_t)e->cells, sizeof(int));
    if (!e->ax_start || !e->ax_claims || !e->cl_start || !e->cl_axioms || !e->val || !e->cl_bits ||
        !e->open || !e->full || !e->sat || !e->trail || !e->units ||
        !e->givens) {
        Py_DECREF(seq);
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t a = 0; a < count; a++) {
        PyObject *vars = PySequence_Fast(PySequence_Fast_GET_ITEM(seq, a), "an axiom is a sequence");
        if (vars == NULL) {
            Py_DECREF(seq);
            return -1;
        }
        e->ax_start[a] = (int)at;
        Py_ssize_t size = PySequence_Fast_GET_SIZE(vars);
        if (size < 1 || size > 64) {
            Py_DECREF(vars);
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "the engine takes axioms of 1 to 64 claims");
            return -1;
        }
        e->full[a] = size == 64 ? ~(Mask)0 : (((Mask)1 << size) - 1);
        for (Py_ssize_t j = 0; j < size; j++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(vars, j));
            if (v < 1 || v > claims) {
                Py_DECREF(vars);
                Py_DECREF(seq);
                if (!PyErr_Occurred())
                    PyErr_Format(PyExc_ValueError, "claim variable %ld is not in 1..%d", v,
                                 claims);
                return -1;
            }
            e->ax_claims[at++] = (int)(v - 1);
            e->cl_start[v - 1]++;
        }
        Py_DECREF(vars);
    }
    e->ax_start[count] = (int)at;
    Py_DECREF(seq);
    /* counts to starts, then fill claim -> axioms */
    int sum = 0;
    for (int c = 0; c < claims; c++) {
        int k = e->cl_start[c];
        e->cl_start[c] = sum;
        sum += k;
    }
    e->cl_start[claims] = sum;
    int *fill = PyMem_Calloc((size_t)claims + 1, sizeof(int));
    if (fill == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    memcpy(fill, e->cl_start, sizeof(int) * (size_t)claims);
    for (int a = 0; a < e->axioms; a++)
        for (int j = e->ax_start[a]; j < e->ax_start[a + 1]; j++)
        {
            int at_claim = fill[e->ax_claims[j]]++;
            e->cl_axioms[at_claim] = a;
            e->cl_bits[at_claim] = (Mask)1 << (j - e->ax_start[a]);
        }
    PyMem_Free(fill);
    return 0;
}

/* Reset and assert the givens (n*n digits, 0 blank); 1 ok, 0 contradiction, -1 error set.
 * Every digit is read before the state is touched: reading may run Python code (__index__),
 * and no Python code runs while the state is in use. */
static int load(Engine *e, PyObject *cells, long long limit)
{
    PyObject *seq = PySequence_Fast(cells, "cells must be a sequence of digits");
    if (seq == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(seq) != e->cells) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "expected %d cells", e->cells);
        return -1;
    }
    int n = e->n;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (int cell = 0; cell < e->cells; cell++) {
        long digit = PyLong_AsLong(items[cell]);
        if (digit < 0 || digit > n) {
            Py_DECREF(seq);
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "digit %ld is not in 0..%d", digit, n);
            return -1;
        }
        e->givens[cell] = (int)digit;
    }
    Py_DECREF(seq);
    reset(e);
    e->limit = limit;
    int ok = 1;
    for (int cell = 0; ok && cell < e->cells; cell++)
        if (e->givens[cell])
            ok = set_true(e, cell * n + e->givens[cell] - 1);
    for (int a = 0; ok && a < e->axioms; a++)  /* one-claim axioms (n = 1) */
        if (!e->sat[a] && !(e->open[a] & (e->open[a] - 1)))
            ok = set_true(e, e->ax_claims[e->ax_start[a] + __builtin_ctzll(e->open[a])]);
    return ok;
}

PyDoc_STRVAR(solve_doc,
"solve(cells, limit)\n--\n\n"
"Solve from the n*n given digits (0: empty): the digits as bytes, False when there is no "
"solution, None when more than limit guesses were needed.");

static PyObject *Engine_solve(Engine *e, PyObject *args)
{
    PyObject *cells;
    long long limit;
    if (!PyArg_ParseTuple(args, "OL", &cells, &limit))
        return NULL;
    int ok = load(e, cells, limit);
    if (ok < 0)
        return NULL;
    e->most = 0;
    int found = ok ? search(e) : 0;
    if (found < 0)
        Py_RETURN_NONE;
    if (found == 0)
        Py_RETURN_FALSE;
    int n = e->n;
    PyObject *out = PyBytes_FromStringAndSize(NULL, e->cells);
    if (out == NULL)
        return NULL;
    char *digits = PyBytes_AS_STRING(out);
    for (int c = 0; c < e->claims; c++)
        if (e->val[c] == 1)
            digits[c / n] = (char)(c % n + 1);
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
    int stop = ok ? search(e) : 0;
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
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Engine_getset[] = {
    {"nodes", (getter)Engine_nodes, NULL, "Guesses the last solve made.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "satdoku._native.Engine",
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
    PyModuleDef_HEAD_INIT, "satdoku._native",
    "The stepper's two rules and guessing over exactly-one axioms, compiled.", -1, NULL,
};

PyMODINIT_FUNC PyInit__native(void)
{
    if (PyType_Ready(&EngineType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&native_module);
    if (m == NULL)
        return NULL;
    PyObject *names = Py_BuildValue("[ss]", "Engine", "VERSION");
    if (names == NULL || PyModule_AddObject(m, "__all__", names) < 0) {
        Py_XDECREF(names);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "VERSION", 2) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&EngineType);
    if (PyModule_AddObject(m, "Engine", (PyObject *)&EngineType) < 0) {
        Py_DECREF(&EngineType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
