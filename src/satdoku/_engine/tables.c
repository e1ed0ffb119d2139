/* satdoku.backends._native: an Engine's tables, read from the axioms Python hands over.
 *
 * read_axioms copies the axioms into tuples (Python code may run while they are read),
 * build_tables makes the claim/axiom tables of the generic engine, free_tables and swap_tables
 * hand a complete set of tables to an Engine (engine.c's Engine_init and Engine_dealloc).
 */
#include "tables.h"

#include <limits.h>
#include <string.h>

#include "fast9.h"

void free_tables(Tables *t)
{
    PyMem_Free(t->ax_start);
    PyMem_Free(t->ax_claims);
    PyMem_Free(t->cl_start);
    PyMem_Free(t->cl_axioms);
    PyMem_Free(t->cl_bits);
    PyMem_Free(t->val);
    PyMem_Free(t->open);
    PyMem_Free(t->full);
    PyMem_Free(t->sat);
    PyMem_Free(t->trail);
    PyMem_Free(t->units);
    PyMem_Free(t->givens);
    PyMem_Free(t->stack);
    f9_free(t->fast);
    memset(t, 0, sizeof(*t));
}

/* Hand the engine's tables over to t (its tables become t's, and t gets the old ones). */
void swap_tables(Engine *e, Tables *t)
{
    Tables old = {
        e->n, e->cells, e->claims, e->axioms,
        e->ax_start, e->ax_claims, e->cl_start, e->cl_axioms, e->trail, e->units, e->givens,
        e->stack, e->cl_bits, e->open, e->full, e->val, e->sat, e->fast,
    };
    e->n = t->n;
    e->cells = t->cells;
    e->claims = t->claims;
    e->axioms = t->axioms;
    e->ax_start = t->ax_start;
    e->ax_claims = t->ax_claims;
    e->cl_start = t->cl_start;
    e->cl_axioms = t->cl_axioms;
    e->trail = t->trail;
    e->units = t->units;
    e->givens = t->givens;
    e->stack = t->stack;
    e->cl_bits = t->cl_bits;
    e->open = t->open;
    e->full = t->full;
    e->val = t->val;
    e->sat = t->sat;
    e->fast = t->fast;
    e->units_len = e->trail_len = e->qhead = 0;
    e->nodes = e->found = 0;
    *t = old;
}

/* The axioms as a tuple of tuples (their sizes checked), counting their claims into *total. */
PyObject *read_axioms(PyObject *axioms, Py_ssize_t *total)
{
    PyObject *outer = PySequence_Tuple(axioms);
    if (outer == NULL)
        return NULL;
    Py_ssize_t count = PyTuple_GET_SIZE(outer);
    PyObject *rows = PyTuple_New(count);
    if (rows == NULL) {
        Py_DECREF(outer);
        return NULL;
    }
    *total = 0;
    for (Py_ssize_t a = 0; a < count; a++) {
        PyObject *row = PySequence_Tuple(PyTuple_GET_ITEM(outer, a));
        if (row == NULL)
            goto fail;
        PyTuple_SET_ITEM(rows, a, row);
        Py_ssize_t size = PyTuple_GET_SIZE(row);
        if (size < 1 || size > 64) {
            PyErr_SetString(PyExc_ValueError, "the engine takes axioms of 1 to 64 claims");
            goto fail;
        }
        *total += size;
    }
    if (count > INT_MAX / 2 || *total > INT_MAX / 2) {
        PyErr_SetString(PyExc_ValueError, "too many axioms for the engine");
        goto fail;
    }
    Py_DECREF(outer);
    return rows;
fail:
    Py_DECREF(outer);
    Py_DECREF(rows);
    return NULL;
}

/* Build the tables of n and the axioms (a tuple of tuples) into t; -1 with an error set. */
int build_tables(Tables *t, int n, PyObject *rows, Py_ssize_t total)
{
    int count = (int)PyTuple_GET_SIZE(rows);
    int claims = n * n * n;
    t->n = n;
    t->cells = n * n;
    t->claims = claims;
    t->axioms = count;
    t->ax_start = PyMem_Calloc((size_t)count + 1, sizeof(int));
    t->ax_claims = PyMem_Calloc((size_t)total + 1, sizeof(int));
    t->cl_start = PyMem_Calloc((size_t)claims + 1, sizeof(int));
    t->cl_axioms = PyMem_Calloc((size_t)total + 1, sizeof(int));
    t->val = PyMem_Calloc((size_t)claims, 1);
    t->cl_bits = PyMem_Calloc((size_t)total + 1, sizeof(Mask));
    t->open = PyMem_Calloc((size_t)count + 1, sizeof(Mask));
    t->full = PyMem_Calloc((size_t)count + 1, sizeof(Mask));
    t->sat = PyMem_Calloc((size_t)count + 1, 1);
    t->trail = PyMem_Calloc((size_t)claims, sizeof(int));
    t->units = PyMem_Calloc((size_t)total + 1, sizeof(int));
    t->givens = PyMem_Calloc((size_t)t->cells, sizeof(int));
    t->stack = PyMem_Calloc(2 * ((size_t)count + 1), sizeof(int));
    int *fill = PyMem_Calloc((size_t)claims + 1, sizeof(int));
    if (!t->ax_start || !t->ax_claims || !t->cl_start || !t->cl_axioms || !t->val ||
        !t->cl_bits || !t->open || !t->full || !t->sat || !t->trail || !t->units || !t->givens ||
        !t->stack || !fill) {
        PyMem_Free(fill);
        PyErr_NoMemory();
        return -1;
    }
    int at = 0;
    for (int a = 0; a < count; a++) {
        PyObject *row = PyTuple_GET_ITEM(rows, a);
        int size = (int)PyTuple_GET_SIZE(row);
        t->ax_start[a] = at;
        t->full[a] = size == 64 ? ~(Mask)0 : (((Mask)1 << size) - 1);
        for (int j = 0; j < size; j++) {
            long v = PyLong_AsLong(PyTuple_GET_ITEM(row, j));
            if (v < 1 || v > claims) {
                if (!PyErr_Occurred())
                    PyErr_Format(PyExc_ValueError, "claim variable %ld is not in 1..%d", v,
                                 claims);
                PyMem_Free(fill);
                return -1;
            }
            t->ax_claims[at++] = (int)(v - 1);
            t->cl_start[v - 1]++;
        }
    }
    t->ax_start[count] = at;
    /* counts to starts, then fill claim -> axioms */
    int sum = 0;
    for (int c = 0; c < claims; c++) {
        int k = t->cl_start[c];
        t->cl_start[c] = sum;
        sum += k;
    }
    t->cl_start[claims] = sum;
    memcpy(fill, t->cl_start, sizeof(int) * (size_t)claims);
    for (int a = 0; a < count; a++)
        for (int j = t->ax_start[a]; j < t->ax_start[a + 1]; j++) {
            int at_claim = fill[t->ax_claims[j]]++;
            t->cl_axioms[at_claim] = a;
            t->cl_bits[at_claim] = (Mask)1 << (j - t->ax_start[a]);
        }
    PyMem_Free(fill);
    return 0;
}
