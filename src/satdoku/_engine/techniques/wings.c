/* satdoku.rules.techniques._native: XY-wing, XYZ-wing and W-wing, short chains through bivalue
 * cells, searched in the order of satdoku.rules.techniques._wings (pivots, then wings, in
 * reading order; a W-wing's pair of cells, its bridging digit, then its strong links in house
 * order).  Each answer is the first pattern that removes a candidate.
 */
#include "wings.h"

typedef struct {
    int cells[3];   /* pivot, a, b (a W-wing: a, b, near_a, near_b in cells and near) */
    int digits[3];  /* x, y, z */
    int near[2];
    int gone;       /* how many cells lose the digit (written to the scratch's gone array) */
} Wing;

static int digit_of(Mask bit) { return lowest_bit(bit) + 1; }

/* The bivalue cells in reading order. */
static int bivalue_cells(const Layout *l, const Mask *cand, int *out)
{
    int count = 0;
    for (int c = 0; c < l->cells; c++)
        if (two_bits(cand[c]))
            out[count++] = c;
    return count;
}

static int find_xy_wing(const Layout *l, const Mask *cand, int *ints, Wing *w)
{
    int *bivalue = ints, *wings = ints + l->cells, *gone = ints + 2 * l->cells;
    int count = bivalue_cells(l, cand, bivalue);
    for (int p = 0; p < count; p++) {
        int pivot = bivalue[p], found = 0;
        Mask pm = cand[pivot];
        for (int i = 0; i < count; i++)
            if (sees(l, pivot, bivalue[i]) && one_bit(cand[bivalue[i]] & pm))
                wings[found++] = bivalue[i];
        for (int i = 0; i < found; i++) {
            int a = wings[i];
            Mask z = cand[a] & ~pm;
            for (int j = i + 1; j < found; j++) {
                int b = wings[j];
                Mask mb = cand[b];
                if ((mb & ~pm) != z || (cand[a] & mb & pm))
                    continue;
                int pincers[2] = {a, b};
                w->gone = seeing_all(l, cand, pincers, 2, z, gone);
                if (w->gone) {
                    w->cells[0] = pivot, w->cells[1] = a, w->cells[2] = b;
                    w->digits[0] = digit_of(cand[a] & pm), w->digits[1] = digit_of(mb & pm);
                    w->digits[2] = digit_of(z);
                    return 1;
                }
            }
        }
    }
    return 0;
}

static int find_xyz_wing(const Layout *l, const Mask *cand, int *ints, Wing *w)
{
    int *wings = ints, *gone = ints + l->cells;
    for (int pivot = 0; pivot < l->cells; pivot++) {
        Mask pm = cand[pivot];
        if (bit_count(pm) != 3)
            continue;
        int found = 0;
        for (int i = l->peer0[pivot]; i < l->peer0[pivot + 1]; i++) {
            int c = l->peer_cell[i];
            if (two_bits(cand[c]) && !(cand[c] & ~pm))
                wings[found++] = c;
        }
        for (int i = 0; i < found; i++)
            for (int j = i + 1; j < found; j++) {
                int a = wings[i], b = wings[j];
                Mask z = cand[a] & cand[b];
                if (!one_bit(z) || (cand[a] | cand[b]) != pm)
                    continue;
                int three[3] = {pivot, a, b};
                w->gone = seeing_all(l, cand, three, 3, z, gone);
                if (w->gone) {
                    w->cells[0] = pivot, w->cells[1] = a, w->cells[2] = b;
                    w->digits[2] = digit_of(z);
                    return 1;
                }
            }
    }
    return 0;
}

/* A strong link of bit y (its only two places in a house) bridging a and b: near_a sees a,
 * near_b sees b; the first in house order, each link tried both ways round. */
static int find_bridge(const Scratch *s, int a, int b, Mask y, int near[2])
{
    const Layout *l = s->layout;
    for (int h = 0; h < l->houses; h++) {
        if (!(s->pairs[h] & y))
            continue;
        int c, d;
        two_places(l, s->cand, h, y, &c, &d);
        if (c == a || c == b || d == a || d == b)
            continue;
        if (sees(l, a, c) && sees(l, b, d)) {
            near[0] = c, near[1] = d;
            return 1;
        }
        if (sees(l, a, d) && sees(l, b, c)) {
            near[0] = d, near[1] = c;
            return 1;
        }
    }
    return 0;
}

static int find_w_wing(Scratch *s, Wing *w)
{
    const Layout *l = s->layout;
    const Mask *cand = s->cand;
    int *bivalue = s->ints, *gone = s->ints + l->cells;
    int count = bivalue_cells(l, cand, bivalue);
    house_pairs(s);
    for (int i = 0; i < count; i++)
        for (int j = i + 1; j < count; j++) {
            int a = bivalue[i], b = bivalue[j];
            if (cand[a] != cand[b] || sees(l, a, b))
                continue;
            for (Mask rest = cand[a]; rest; rest &= rest - 1) {
                Mask y = 1ULL << lowest_bit(rest), x = cand[a] & ~y;
                int ends[2] = {a, b};
                w->gone = seeing_all(l, cand, ends, 2, x, gone);
                if (w->gone && find_bridge(s, a, b, y, w->near)) {
                    w->cells[0] = a, w->cells[1] = b;
                    w->digits[0] = digit_of(x), w->digits[1] = digit_of(y);
                    return 1;
                }
            }
        }
    return 0;
}

static PyObject *xy_wing_answer(Scratch *s)
{
    Wing w;
    if (!find_xy_wing(s->layout, s->cand, s->ints, &w))
        Py_RETURN_NONE;
    PyObject *gone = ints_tuple(s->ints + 2 * s->layout->cells, w.gone);
    return Py_BuildValue("(iiiiiiN)", w.cells[0], w.cells[1], w.cells[2], w.digits[0],
                         w.digits[1], w.digits[2], gone);
}

static PyObject *xyz_wing_answer(Scratch *s)
{
    Wing w;
    if (!find_xyz_wing(s->layout, s->cand, s->ints, &w))
        Py_RETURN_NONE;
    return Py_BuildValue("(iiiiN)", w.cells[0], w.cells[1], w.cells[2], w.digits[2],
                         ints_tuple(s->ints + s->layout->cells, w.gone));
}

static PyObject *w_wing_answer(Scratch *s)
{
    Wing w;
    if (!find_w_wing(s, &w))
        Py_RETURN_NONE;
    return Py_BuildValue("(iiiiiiN)", w.cells[0], w.cells[1], w.digits[0], w.digits[1],
                         w.near[0], w.near[1], ints_tuple(s->ints + s->layout->cells, w.gone));
}

PyObject *technique_xy_wing(PyObject *module, PyObject *args)
{
    (void)module;
    return run_finder(args, 3, xy_wing_answer);
}

PyObject *technique_xyz_wing(PyObject *module, PyObject *args)
{
    (void)module;
    return run_finder(args, 2, xyz_wing_answer);
}

PyObject *technique_w_wing(PyObject *module, PyObject *args)
{
    (void)module;
    return run_finder(args, 2, w_wing_answer);
}
