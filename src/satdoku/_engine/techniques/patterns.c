/* satdoku.rules.techniques._native: the pattern finders' scratch and shared helpers
 * (see patterns.h). */
#include "patterns.h"

int scratch_open(Scratch *s, PyObject *args, int arrays)
{
    PyObject *layout, *board;
    if (!PyArg_ParseTuple(args, "O!O", &LayoutType, &layout, &board))
        return -1;
    const Layout *l = (const Layout *)layout;
    if (l->house0 == NULL) {
        PyErr_SetString(PyExc_ValueError, "the Layout was not made");
        return -1;
    }
    size_t cells = (size_t)l->cells, houses = (size_t)l->houses;
    size_t size = (cells + houses) * sizeof(Mask) + cells * (size_t)arrays * sizeof(int);
    void *block = size <= sizeof(s->local) ? s->local : PyMem_Malloc(size);
    if (block == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    s->layout = l;
    s->block = block;
    s->cand = block;
    s->pairs = s->cand + cells;
    s->ints = (int *)(s->pairs + houses);
    if (read_board(l, board, s->cand) < 0) {
        scratch_close(s);
        return -1;
    }
    return 0;
}

void scratch_close(Scratch *s)
{
    if (s->block != s->local)
        PyMem_Free(s->block);
    s->block = NULL;
}

PyObject *run_finder(PyObject *args, int arrays, Search search)
{
    Scratch s;
    if (scratch_open(&s, args, arrays) < 0)
        return NULL;
    PyObject *answer = search(&s);
    scratch_close(&s);
    return answer;
}

Mask twice_in(const Layout *l, const Mask *cand, int house, Mask *other)
{
    Mask once = 0, twice = 0, thrice = 0;
    for (int i = l->house0[house]; i < l->house0[house + 1]; i++) {
        Mask m = cand[l->house_cell[i]];
        thrice |= twice & m;
        twice |= once & m;
        once |= m;
    }
    *other = thrice | (once & ~twice);
    return twice & ~thrice;
}

void house_pairs(Scratch *s)
{
    Mask other;
    for (int h = 0; h < s->layout->houses; h++)
        s->pairs[h] = twice_in(s->layout, s->cand, h, &other);
}

void two_places(const Layout *l, const Mask *cand, int house, Mask bit, int *first, int *second)
{
    int found = 0;
    for (int i = l->house0[house]; i < l->house0[house + 1] && found < 2; i++)
        if (cand[l->house_cell[i]] & bit)
            *(found++ ? second : first) = l->house_cell[i];
}

int seeing_all(const Layout *l, const Mask *cand, const int *cells, int count, Mask bit, int *out)
{
    int found = 0;
    for (int i = l->peer0[cells[0]]; i < l->peer0[cells[0] + 1]; i++) {
        int c = l->peer_cell[i];
        if (!(cand[c] & bit))
            continue;
        int all = 1;
        for (int k = 1; k < count && all; k++)
            all = c != cells[k] && sees(l, cells[k], c);
        if (all)
            out[found++] = c;
    }
    return found;
}

PyObject *ints_tuple(const int *values, int count)
{
    PyObject *tuple = PyTuple_New(count);
    if (tuple == NULL)
        return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *value = PyLong_FromLong(values[i]);
        if (value == NULL) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, i, value);
    }
    return tuple;
}

PyObject *pairs_tuple(const int *cells, const int *digits, int count)
{
    PyObject *tuple = PyTuple_New(count);
    if (tuple == NULL)
        return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *pair = Py_BuildValue("(ii)", cells[i], digits[i]);
        if (pair == NULL) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, i, pair);
    }
    return tuple;
}
