/* satdoku.rules.techniques._native: the search of forcing chains, as _forcing._search makes it.
 *
 * Each candidate of a board is assumed in a copy of its grid and rules 1 and 2 run to their
 * fixpoint (settle.c); with nested, the outcome is then closed by striking every candidate whose
 * own assumption ends in a contradiction (_forcing._strike, in its order).  The search returns,
 * in _search's order, the first candidate whose outcome is a contradiction (cells by candidate
 * count, stable; digits ascending), else the first cell whose candidates' outcomes agree on
 * something, else the first house and digit whose places' outcomes do (houses in order, digits
 * 1..n): as (kind, branches, placed, gone, house, complexity), kind 0, 1, 2 for contradiction,
 * cell, unit.
 * Outcomes are kept for the call in one block (recomputed when the board is too large for it).
 * The answer also carries the step's complexity (waves.c), so Python only makes the record.
 */
#include "forcing.h"

#include <string.h>

#include "settle.h"
#include "waves.h"

#define KEEP_BYTES ((size_t)64 << 20) /* the most the kept outcomes of one call take */

enum { UNKNOWN = 0, CONTRADICTS = 1, KEPT = 2 };
enum { CONTRADICTION = 0, CELL = 1, UNIT = 2, NONE = 3 };

typedef struct {
    Settler s;
    const Mask *board;
    int nested, every_house; /* every_house: the board's grid is not at the rules' fixpoint */
    void *base, *work, *trial;
    Mask *safe;             /* per cell: candidates whose assumption does not contradict */
    unsigned char *known;   /* per candidate (cell * n + digit - 1): UNKNOWN, CONTRADICTS, KEPT */
    int *slot;              /* per kept candidate: its outcome's place in kept */
    char *kept;
    int slots, used;
    int *order;             /* open cells by candidate count, stable */
    int opened;
    Mask *agreed;           /* per cell: the union of the branches' outcomes */
    unsigned char *all_placed;
    int *branch_cell, *branch_digit; /* the branches tried, then the answer's */
    int branches, kind, house;
    Mask *gone;             /* per cell: the candidates the answer removes */
    int *placed;            /* per cell: the digit the answer places (0: none) */
    int *singles;           /* two lists of singles for waves.c */
    long complexity;
} Search;

/* Mark as safe what a non-contradicting assumption placed (_forcing._certify). */
static void certify(Search *f, void *grid, void *after)
{
    const signed char *placed = grid_placed(&f->s, grid), *held = grid_placed(&f->s, after);
    for (int c = 0; c < f->s.layout->cells; c++)
        if (held[c] > 0 && !placed[c])
            f->safe[c] |= 1ULL << (held[c] - 1);
}

/* Assume a candidate of a grid at the fixpoint into trial; 0 on a contradiction. */
static int assume(Search *f, void *from, void *into, int cell, int digit)
{
    memcpy(into, from, f->s.bytes);
    due_single(&f->s, cell, digit);
    return settle(&f->s, into, f->every_house);
}

/* Strike each candidate whose assumption contradicts, as _forcing._strike; 0 on a contradiction. */
static int strike(Search *f, void *grid)
{
    Settler *s = &f->s;
    Mask *cand = grid_cand(grid);
    const signed char *placed = grid_placed(s, grid);
    size_t safe_bytes = (size_t)s->layout->cells * sizeof(Mask);
    for (;;) {
        int struck = 0;
        memset(f->safe, 0, safe_bytes);
        for (int c = 0; c < s->layout->cells && !(struck && f->every_house); c++)
            for (Mask digits = cand[c]; digits; digits &= digits - 1) {
                Mask m = cand[c], bit = digits & (~digits + 1);
                if (placed[c] || !(m & (m - 1)))
                    break;
                if (!(m & bit) || f->safe[c] & bit)
                    continue;
                if (assume(f, grid, f->trial, c, lowest_bit(bit) + 1)) {
                    certify(f, grid, f->trial);
                    continue;
                }
                memset(f->safe, 0, safe_bytes);
                struck = 1;
                m = cand[c] = m & ~bit;
                if (!(m & (m - 1)))
                    due_single(s, c, lowest_bit(m) + 1);
                touch(s, c);
                if (!settle(s, grid, f->every_house))
                    return 0;
                if (f->every_house)
                    break;
            }
        if (!struck)
            return 1;
    }
}

/* The outcome of a candidate on the board (kept once computed); NULL on a contradiction. */
static void *outcome(Search *f, int cell, int digit)
{
    int key = cell * f->s.layout->n + digit - 1;
    if (f->known[key] == CONTRADICTS)
        return NULL;
    if (f->known[key] == KEPT)
        return f->kept + (size_t)f->slot[key] * f->s.bytes;
    void *into = f->used < f->slots ? f->kept + (size_t)f->used * f->s.bytes : f->work;
    if (!assume(f, f->base, into, cell, digit) || (f->nested && !strike(f, into))) {
        f->known[key] = CONTRADICTS;
        return NULL;
    }
    if (into != f->work) {
        f->known[key] = KEPT;
        f->slot[key] = f->used++;
    }
    return into;
}

/* Whether the outcomes of the branches agree on a placement or an elimination (_conclude). */
static int agree(Search *f)
{
    const Layout *l = f->s.layout;
    for (int c = 0; c < l->cells; c++)
        f->agreed[c] = 0, f->all_placed[c] = 1;
    for (int b = 0; b < f->branches; b++) {
        void *grid = outcome(f, f->branch_cell[b], f->branch_digit[b]);
        if (grid == NULL)
            return 0; /* a contradiction is a simpler step, found first */
        const Mask *cand = grid_cand(grid);
        const signed char *placed = grid_placed(&f->s, grid);
        for (int c = 0; c < l->cells; c++)
            f->agreed[c] |= cand[c], f->all_placed[c] &= placed[c] != 0;
    }
    for (int c = 0; c < l->cells; c++) {
        Mask m = f->board[c], gone = m & ~f->agreed[c];
        if (!m)
            continue;
        if (bit_count(f->agreed[c]) == 1 && f->all_placed[c])
            return 1;
        for (int b = 0; b < f->branches; b++)
            if (f->branch_cell[b] == c)
                gone &= ~(1ULL << (f->branch_digit[b] - 1));
        if (gone)
            return 1;
    }
    return 0;
}

static void open_cells_in_order(Search *f)
{
    f->opened = 0;
    for (int count = 1; count <= f->s.layout->n; count++)
        for (int c = 0; c < f->s.layout->cells; c++)
            if (bit_count(f->board[c]) == count)
                f->order[f->opened++] = c;
}

/* Run _search's order; the answer is left in f (kind NONE when nothing is found). */
static void run(Search *f)
{
    const Layout *l = f->s.layout;
    f->kind = NONE, f->house = -1;
    open_cells_in_order(f);
    for (int i = 0; i < f->opened; i++)
        for (Mask m = f->board[f->order[i]]; m; m &= m - 1)
            if (outcome(f, f->order[i], lowest_bit(m) + 1) == NULL) {
                f->branch_cell[0] = f->order[i], f->branch_digit[0] = lowest_bit(m) + 1;
                f->branches = 1, f->kind = CONTRADICTION;
                return;
            }
    for (int i = 0; i < f->opened; i++) {
        f->branches = 0;
        for (Mask m = f->board[f->order[i]]; m; m &= m - 1) {
            f->branch_cell[f->branches] = f->order[i];
            f->branch_digit[f->branches++] = lowest_bit(m) + 1;
        }
        if (agree(f)) {
            f->kind = CELL;
            return;
        }
    }
    for (int h = 0; h < l->houses; h++)
        for (int d = 1; d <= l->n; d++) {
            f->branches = 0;
            for (int i = l->house0[h]; i < l->house0[h + 1]; i++)
                if (f->board[l->house_cell[i]] >> (d - 1) & 1) {
                    f->branch_cell[f->branches] = l->house_cell[i];
                    f->branch_digit[f->branches++] = d;
                }
            if (f->branches >= 2 && agree(f)) {
                f->kind = UNIT, f->house = h;
                return;
            }
        }
}

/* What the answer removes and places (as _finish lists it), and its complexity (waves.c). */
static void measure(Search *f)
{
    int cells = f->s.layout->cells;
    for (int c = 0; c < cells; c++) {
        f->gone[c] = 0, f->placed[c] = 0;
        if (f->kind == CONTRADICTION || !f->board[c])
            continue;
        f->gone[c] = f->board[c] & ~f->agreed[c]; /* a placed cell's other digits, too */
        if (bit_count(f->agreed[c]) == 1 && f->all_placed[c])
            f->placed[c] = lowest_bit(f->agreed[c]) + 1;
    }
    if (f->kind == CONTRADICTION)
        f->gone[f->branch_cell[0]] = 1ULL << (f->branch_digit[0] - 1);
    else
        for (int b = 0; b < f->branches; b++)
            if (!f->placed[f->branch_cell[b]])
                f->gone[f->branch_cell[b]] &= ~(1ULL << (f->branch_digit[b] - 1));
    Conclusion conclusion = {f->gone, f->placed};
    f->complexity = 0;
    for (int b = 0; b < f->branches; b++)
        f->complexity += branch_waves(&f->s, f->base, f->work, f->singles, conclusion,
                                      f->branch_cell[b], f->branch_digit[b]);
}

static void search_close(Search *f)
{
    settler_close(&f->s);
    PyMem_Free(f->base);
    PyMem_Free(f->work);
    PyMem_Free(f->trial);
    PyMem_Free(f->safe);
    PyMem_Free(f->known);
    PyMem_Free(f->slot);
    PyMem_Free(f->kept);
    PyMem_Free(f->order);
    PyMem_Free(f->agreed);
    PyMem_Free(f->all_placed);
    PyMem_Free(f->branch_cell);
    PyMem_Free(f->branch_digit);
    PyMem_Free(f->gone);
    PyMem_Free(f->placed);
    PyMem_Free(f->singles);
}

/* Allocate a search's scratch; -1 with MemoryError set. */
static int search_open(Search *f, const Layout *l, const Mask *board, int nested)
{
    memset(f, 0, sizeof *f);
    if (settler_open(&f->s, l) < 0)
        return -1;
    size_t cells = (size_t)l->cells, bytes = f->s.bytes, candidates = 0;
    for (size_t c = 0; c < cells; c++)
        candidates += (size_t)bit_count(board[c]);
    f->board = board, f->nested = nested;
    f->slots = (int)(candidates * bytes <= KEEP_BYTES ? candidates : KEEP_BYTES / bytes);
    f->base = PyMem_Malloc(bytes);
    f->work = PyMem_Malloc(bytes);
    f->trial = PyMem_Malloc(bytes);
    f->safe = PyMem_Malloc(cells * sizeof(Mask));
    f->known = PyMem_Calloc(cells * l->n, 1);
    f->slot = PyMem_Malloc(cells * l->n * sizeof(int));
    f->kept = PyMem_Malloc((size_t)f->slots * bytes + 1);
    f->order = PyMem_Malloc(cells * sizeof(int));
    f->agreed = PyMem_Malloc(cells * sizeof(Mask));
    f->all_placed = PyMem_Malloc(cells);
    size_t widest = (size_t)l->n; /* a cell's candidates, or a digit's places in a house */
    for (int h = 0; h < l->houses; h++)
        if ((size_t)(l->house0[h + 1] - l->house0[h]) > widest)
            widest = (size_t)(l->house0[h + 1] - l->house0[h]);
    f->branch_cell = PyMem_Malloc(widest * sizeof(int));
    f->branch_digit = PyMem_Malloc(widest * sizeof(int));
    f->gone = PyMem_Malloc(cells * sizeof(Mask));
    f->placed = PyMem_Malloc(cells * sizeof(int));
    f->singles = PyMem_Malloc(2 * (cells + (size_t)l->houses * l->n + 1) * sizeof(int));
    if (!f->base || !f->work || !f->trial || !f->safe || !f->known || !f->slot || !f->kept
        || !f->order || !f->agreed || !f->all_placed || !f->branch_cell || !f->branch_digit
        || !f->gone || !f->placed || !f->singles) {
        search_close(f);
        PyErr_NoMemory();
        return -1;
    }
    grid_of_board(&f->s, board, f->base);
    f->every_house = !at_fixpoint(&f->s, f->base);
    return 0;
}

static PyObject *pair(int cell, int digit) { return Py_BuildValue("(ii)", cell, digit); }

/* Append a candidate (cell, digit) to a Python list; -1 on an error. */
static int add_pair(PyObject *list, int cell, int digit)
{
    PyObject *item = pair(cell, digit);
    if (item == NULL)
        return -1;
    int failed = PyList_Append(list, item);
    Py_DECREF(item);
    return failed;
}

/* The conclusion of the answer's branches, as _common and _conclude list it. */
static int conclusion(const Search *f, PyObject *placed, PyObject *gone)
{
    if (f->kind == CONTRADICTION)
        return add_pair(gone, f->branch_cell[0], f->branch_digit[0]);
    for (int c = 0; c < f->s.layout->cells; c++) {
        Mask m = f->board[c];
        if (!m)
            continue;
        for (Mask out = m & ~f->agreed[c]; out; out &= out - 1) {
            int d = lowest_bit(out) + 1, own = 0;
            for (int b = 0; b < f->branches; b++)
                own |= f->branch_cell[b] == c && f->branch_digit[b] == d;
            if (!own && add_pair(gone, c, d) < 0)
                return -1;
        }
        if (bit_count(f->agreed[c]) == 1 && f->all_placed[c]
            && add_pair(placed, c, lowest_bit(f->agreed[c]) + 1) < 0)
            return -1;
    }
    return 0;
}

static PyObject *answer(const Search *f)
{
    PyObject *branches = PyTuple_New(f->branches), *placed = PyList_New(0), *gone = PyList_New(0);
    PyObject *result = NULL;
    if (branches == NULL || placed == NULL || gone == NULL)
        goto done;
    for (int b = 0; b < f->branches; b++) {
        PyObject *item = pair(f->branch_cell[b], f->branch_digit[b]);
        if (item == NULL)
            goto done;
        PyTuple_SET_ITEM(branches, b, item);
    }
    if (conclusion(f, placed, gone) < 0)
        goto done;
    if (f->house < 0)
        result = Py_BuildValue("(iOOOOl)", f->kind, branches, placed, gone, Py_None,
                               f->complexity);
    else
        result = Py_BuildValue("(iOOOil)", f->kind, branches, placed, gone, f->house,
                               f->complexity);
done:
    Py_XDECREF(branches);
    Py_XDECREF(placed);
    Py_XDECREF(gone);
    return result;
}

PyObject *forcing(PyObject *module, PyObject *args)
{
    (void)module;
    Layout *layout;
    PyObject *given;
    int nested;
    if (!PyArg_ParseTuple(args, "O!Op", &LayoutType, &layout, &given, &nested))
        return NULL;
    if (layout->house0 == NULL) {
        PyErr_SetString(PyExc_ValueError, "a Layout not made with Layout(n, houses)");
        return NULL;
    }
    Mask *board = PyMem_Malloc((size_t)layout->cells * sizeof(Mask) + 1);
    if (board == NULL)
        return PyErr_NoMemory();
    Search f;
    if (read_board(layout, given, board) < 0 || search_open(&f, layout, board, nested) < 0) {
        PyMem_Free(board);
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    run(&f);
    if (f.kind != NONE)
        measure(&f);
    Py_END_ALLOW_THREADS
    PyObject *result = f.kind == NONE ? (Py_INCREF(Py_None), Py_None) : answer(&f);
    search_close(&f);
    PyMem_Free(board);
    return result;
}
