/* satdoku.rules.techniques._native: the Layout type (see layout.h). */
#include "layout.h"

#include <string.h>

static void Layout_dealloc(Layout *l)
{
    PyMem_Free(l->house0);
    PyMem_Free(l->house_cell);
    PyMem_Free(l->of0);
    PyMem_Free(l->of_house);
    PyMem_Free(l->peer0);
    PyMem_Free(l->peer_cell);
    PyMem_Free(l->peer_bits);
    Py_TYPE(l)->tp_free((PyObject *)l);
}

/* Layout(n, houses): houses is a sequence of sequences of cells (0 .. n*n - 1). */
static int Layout_init(Layout *l, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {"n", "houses", NULL};
    int n;
    PyObject *given;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iO", keywords, &n, &given))
        return -1;
    if (l->house0 != NULL) {
        PyErr_SetString(PyExc_TypeError, "a Layout is made once");
        return -1;
    }
    if (n < 1 || n > 64) {
        PyErr_SetString(PyExc_ValueError, "the techniques take sides 1 to 64");
        return -1;
    }
    PyObject *listed = PySequence_Tuple(given);
    if (listed == NULL)
        return -1;
    int cells = n * n, count = (int)PyTuple_GET_SIZE(listed), words = (cells + 63) / 64;
    PyObject *houses = PyTuple_New(count);  /* each house copied into a tuple of its own */
    if (houses == NULL) {
        Py_DECREF(listed);
        return -1;
    }
    Py_ssize_t total = 0;
    for (int h = 0; h < count; h++) {
        PyObject *house = PySequence_Tuple(PyTuple_GET_ITEM(listed, h));
        if (house == NULL) {
            Py_DECREF(listed);
            Py_DECREF(houses);
            return -1;
        }
        total += PyTuple_GET_SIZE(house);
        PyTuple_SET_ITEM(houses, h, house);
    }
    Py_DECREF(listed);
    l->n = n, l->cells = cells, l->houses = count, l->words = words;
    l->house0 = PyMem_Calloc((size_t)count + 1, sizeof(int));
    l->house_cell = PyMem_Calloc((size_t)total + 1, sizeof(int));
    l->of0 = PyMem_Calloc((size_t)cells + 1, sizeof(int));
    l->of_house = PyMem_Calloc((size_t)total + 1, sizeof(int));
    l->peer_bits = PyMem_Calloc((size_t)cells * words, sizeof(Mask));
    l->peer0 = PyMem_Calloc((size_t)cells + 1, sizeof(int));
    if (!l->house0 || !l->house_cell || !l->of0 || !l->of_house || !l->peer_bits || !l->peer0) {
        Py_DECREF(houses);
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t k = 0;
    for (int h = 0; h < count; h++) {
        PyObject *house = PyTuple_GET_ITEM(houses, h);
        l->house0[h] = (int)k;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(house); i++) {
            long c = PyLong_AsLong(PyTuple_GET_ITEM(house, i));
            if (c == -1 && PyErr_Occurred()) {
                Py_DECREF(houses);
                return -1;
            }
            if (c < 0 || c >= cells) {
                Py_DECREF(houses);
                PyErr_Format(PyExc_ValueError, "house %d has cell %ld, outside 0..%d", h, c,
                             cells - 1);
                return -1;
            }
            l->house_cell[k++] = (int)c;
            l->of0[c + 1]++;
        }
    }
    l->house0[count] = (int)k;
    Py_DECREF(houses);
    for (int c = 0; c < cells; c++)
        l->of0[c + 1] += l->of0[c];
    int *fill = PyMem_Calloc((size_t)cells + 1, sizeof(int));
    if (fill == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (int h = 0; h < count; h++) /* houses in order: each cell's houses come out in order */
        for (int i = l->house0[h]; i < l->house0[h + 1]; i++) {
            int c = l->house_cell[i];
            l->of_house[l->of0[c] + fill[c]++] = h;
        }
    PyMem_Free(fill);
    for (int c = 0; c < cells; c++) {
        Mask *row = l->peer_bits + (size_t)c * words;
        for (int i = l->of0[c]; i < l->of0[c + 1]; i++) {
            int h = l->of_house[i];
            for (int j = l->house0[h]; j < l->house0[h + 1]; j++)
                row[l->house_cell[j] >> 6] |= 1ULL << (l->house_cell[j] & 63);
        }
        row[c >> 6] &= ~(1ULL << (c & 63));
        int peers = 0;
        for (int w = 0; w < words; w++)
            peers += bit_count(row[w]);
        l->peer0[c + 1] = l->peer0[c] + peers;
    }
    l->peer_cell = PyMem_Calloc((size_t)l->peer0[cells] + 1, sizeof(int));
    if (l->peer_cell == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (int c = 0; c < cells; c++) {
        const Mask *row = l->peer_bits + (size_t)c * words;
        int at = l->peer0[c];
        for (int w = 0; w < words; w++)
            for (Mask m = row[w]; m; m &= m - 1)
                l->peer_cell[at++] = w * 64 + lowest_bit(m);
    }
    return 0;
}

int read_board(const Layout *layout, PyObject *board, Mask *out)
{
    PyObject *masks = PySequence_Tuple(board);
    if (masks == NULL)
        return -1;
    if (PyTuple_GET_SIZE(masks) != layout->cells) {
        PyErr_Format(PyExc_ValueError, "a board of side %d has %d cells, got %zd", layout->n,
                     layout->cells, PyTuple_GET_SIZE(masks));
        Py_DECREF(masks);
        return -1;
    }
    Mask full = layout->n == 64 ? ~0ULL : (1ULL << layout->n) - 1;
    for (int c = 0; c < layout->cells; c++) {
        Mask m = PyLong_AsUnsignedLongLongMask(PyTuple_GET_ITEM(masks, c));
        if (m == (Mask)-1 && PyErr_Occurred()) {
            Py_DECREF(masks);
            return -1;
        }
        if (m & ~full) {
            PyErr_Format(PyExc_ValueError, "cell %d has a candidate above %d", c, layout->n);
            Py_DECREF(masks);
            return -1;
        }
        out[c] = m;
    }
    Py_DECREF(masks);
    return 0;
}

static PyObject *Layout_get_n(Layout *l, void *closure)
{
    (void)closure;
    return PyLong_FromLong(l->n);
}

static PyObject *Layout_peers(Layout *l, PyObject *arg)
{
    long c = PyLong_AsLong(arg);
    if (c == -1 && PyErr_Occurred())
        return NULL;
    if (c < 0 || c >= l->cells || l->house0 == NULL) {
        PyErr_SetString(PyExc_IndexError, "no such cell");
        return NULL;
    }
    PyObject *peers = PyTuple_New(l->peer0[c + 1] - l->peer0[c]);
    if (peers == NULL)
        return NULL;
    for (int i = l->peer0[c]; i < l->peer0[c + 1]; i++) {
        PyObject *cell = PyLong_FromLong(l->peer_cell[i]);
        if (cell == NULL) {
            Py_DECREF(peers);
            return NULL;
        }
        PyTuple_SET_ITEM(peers, i - l->peer0[c], cell);
    }
    return peers;
}

static PyMethodDef Layout_methods[] = {
    {"peers", (PyCFunction)Layout_peers, METH_O, "peers(cell): the cell's peers, ascending."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Layout_getset[] = {
    {"n", (getter)Layout_get_n, NULL, "The side.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

PyTypeObject LayoutType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "satdoku.rules.techniques._native.Layout",
    .tp_doc = "Layout(n, houses): a shape's houses and peers as the compiled finders read them.",
    .tp_basicsize = sizeof(Layout),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Layout_init,
    .tp_dealloc = (destructor)Layout_dealloc,
    .tp_methods = Layout_methods,
    .tp_getset = Layout_getset,
};
