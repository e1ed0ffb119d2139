/* satdoku.backends._native: the rating ladder, set logic on top of the engine's rules 1 and 2.
 *
 * A Families object holds the set-logic families of satdoku.rules._set_logic (per family: its
 * base axioms, each base's claims with the bits of the covers holding them, each cover's claims
 * with the bits of the bases holding them, the bases that clash, and the sizes k looked for),
 * as flat integer tables read once.  Engine.climb asserts a puzzle's givens, applies rules 1
 * and 2 (the engine's propagate) to a fixpoint, and when they stall applies the first set-logic
 * move that makes a claim false, smallest k first, families in order and bases in the order of
 * satdoku.rules._set_logic.find_move, until the grid is solved, nothing applies, or a move is
 * larger than the limit asked.  It answers what the ladder of satdoku.rules._rating reached:
 * the largest k used, whether the grid is solved, and the candidates left in open cells.
 */
#include "ladder.h"

#include <limits.h>
#include <string.h>

#define LADDER_MOST 4  /* the largest k the ladder looks for */

typedef struct {
    PyObject_HEAD
    int count;                /* families */
    int claims, axioms;       /* the shape the families were built for */
    int *sizes;               /* per family: bit k set when a move of size k is looked for */
    int *base0, *cover0;      /* per family (count + 1): its bases base0[f] .. base0[f + 1] */
    int *base_axiom;          /* per base: its axiom */
    Mask *clash;              /* per base: the bases (of its family) it shares a claim with */
    int *bc_start, *bc_claim; /* per base: its claims bc_claim[bc_start[b] .. bc_start[b + 1]) */
    Mask *bc_bits;            /* ... and the covers holding each */
    int *cc_start, *cc_claim; /* per cover: its claims, likewise */
    Mask *cc_bits;            /* ... and the bases holding each */
    Mask *mask;               /* scratch, per base: the covers holding its open claims */
    unsigned char *known;     /* scratch, per family: mask holds this state's masks */
    int *small;               /* scratch: the usable bases of one family */
} Families;

static void Families_dealloc(Families *f)
{
    PyMem_Free(f->sizes);
    PyMem_Free(f->base0);
    PyMem_Free(f->cover0);
    PyMem_Free(f->base_axiom);
    PyMem_Free(f->clash);
    PyMem_Free(f->bc_start);
    PyMem_Free(f->bc_claim);
    PyMem_Free(f->bc_bits);
    PyMem_Free(f->cc_start);
    PyMem_Free(f->cc_claim);
    PyMem_Free(f->cc_bits);
    PyMem_Free(f->mask);
    PyMem_Free(f->known);
    PyMem_Free(f->small);
    Py_TYPE(f)->tp_free((PyObject *)f);
}

/* Copy a sequence of integers (each 0 .. most) into a new array of ints; NULL on an error. */
static int *read_ints(PyObject *seq, Py_ssize_t *length, long long most, const char *what)
{
    PyObject *items = PySequence_Tuple(seq);
    if (items == NULL)
        return NULL;
    Py_ssize_t count = PyTuple_GET_SIZE(items);
    int *out = PyMem_Malloc(sizeof(int) * (size_t)(count ? count : 1));
    if (out == NULL) {
        Py_DECREF(items);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        long long value = PyLong_AsLongLong(PyTuple_GET_ITEM(items, i));
        if (value < 0 || value > most) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "%s: %lld is not in 0..%lld", what, value, most);
            PyMem_Free(out);
            Py_DECREF(items);
            return NULL;
        }
        out[i] = (int)value;
    }
    Py_DECREF(items);
    *length = count;
    return out;
}

/* Copy a sequence of 64-bit masks into a new array; NULL on an error. */
static Mask *read_masks(PyObject *seq, Py_ssize_t *length)
{
    PyObject *items = PySequence_Tuple(seq);
    if (items == NULL)
        return NULL;
    Py_ssize_t count = PyTuple_GET_SIZE(items);
    Mask *out = PyMem_Malloc(sizeof(Mask) * (size_t)(count ? count : 1));
    if (out == NULL) {
        Py_DECREF(items);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        unsigned long long value = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(items, i));
        if (value == (unsigned long long)-1 && PyErr_Occurred()) {
            PyMem_Free(out);
            Py_DECREF(items);
            return NULL;
        }
        out[i] = value;
    }
    Py_DECREF(items);
    *length = count;
    return out;
}

/* Starts (count + 1 of them, from 0, never decreasing, the last one `end`): 1 ok, 0 not. */
static int starts_ok(const int *start, Py_ssize_t length, Py_ssize_t count, Py_ssize_t end)
{
    if (length != count + 1 || start[0] != 0 || start[count] != end)
        return 0;
    for (Py_ssize_t i = 0; i < count; i++)
        if (start[i] > start[i + 1])
            return 0;
    return 1;
}

static int Families_init(Families *f, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = {
        "claims", "axioms", "sizes", "base0", "cover0", "base_axiom", "clash", "bc_start",
        "bc_claim", "bc_bits", "cc_start", "cc_claim", "cc_bits", NULL,
    };
    int claims, axioms;
    PyObject *o[11];
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiOOOOOOOOOOO", keywords, &claims, &axioms,
                                     &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6], &o[7],
                                     &o[8], &o[9], &o[10]))
        return -1;
    if (f->sizes != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the families are read once");
        return -1;
    }
    if (claims < 1 || axioms < 1) {
        PyErr_SetString(PyExc_ValueError, "claims and axioms must be positive");
        return -1;
    }
    Py_ssize_t n_sizes, n_base0, n_cover0, n_bases, n_clash, n_bcs, n_bcc, n_bcb, n_ccs, n_ccc,
        n_ccb;
    if (!(f->sizes = read_ints(o[0], &n_sizes, 255, "sizes")))
        return -1;
    f->count = (int)n_sizes;
    if (!(f->base0 = read_ints(o[1], &n_base0, INT_MAX, "base0"))
        || !(f->cover0 = read_ints(o[2], &n_cover0, INT_MAX, "cover0"))
        || !(f->base_axiom = read_ints(o[3], &n_bases, axioms - 1, "base_axiom"))
        || !(f->clash = read_masks(o[4], &n_clash))
        || !(f->bc_start = read_ints(o[5], &n_bcs, INT_MAX, "bc_start"))
        || !(f->bc_claim = read_ints(o[6], &n_bcc, claims - 1, "bc_claim"))
        || !(f->bc_bits = read_masks(o[7], &n_bcb))
        || !(f->cc_start = read_ints(o[8], &n_ccs, INT_MAX, "cc_start"))
        || !(f->cc_claim = read_ints(o[9], &n_ccc, claims - 1, "cc_claim"))
        || !(f->cc_bits = read_masks(o[10], &n_ccb)))
        return -1;
    Py_ssize_t n_covers = n_ccs - 1;
    int ok = n_clash == n_bases && n_bcb == n_bcc && n_ccb == n_ccc && n_covers >= 0
             && starts_ok(f->base0, n_base0, f->count, n_bases)
             && starts_ok(f->cover0, n_cover0, f->count, n_covers)
             && starts_ok(f->bc_start, n_bcs, n_bases, n_bcc)
             && starts_ok(f->cc_start, n_ccs, n_covers, n_ccc);
    for (int g = 0; ok && g < f->count; g++) {  /* bases and covers fit in a Mask, bits too */
        int bases = f->base0[g + 1] - f->base0[g], covers = f->cover0[g + 1] - f->cover0[g];
        ok = bases <= 64 && covers <= 64;
        if (!ok)
            break;
        Mask base_bits = bases == 64 ? ~(Mask)0 : ((Mask)1 << bases) - 1;
        Mask cover_bits = covers == 64 ? ~(Mask)0 : ((Mask)1 << covers) - 1;
        for (int b = f->base0[g]; ok && b < f->base0[g + 1]; b++) {
            ok = !(f->clash[b] & ~base_bits);
            for (int x = f->bc_start[b]; ok && x < f->bc_start[b + 1]; x++)
                ok = !(f->bc_bits[x] & ~cover_bits);
        }
        for (int j = f->cover0[g]; ok && j < f->cover0[g + 1]; j++)
            for (int x = f->cc_start[j]; ok && x < f->cc_start[j + 1]; x++)
                ok = !(f->cc_bits[x] & ~base_bits);
    }
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "the family tables do not fit together");
        return -1;
    }
    f->claims = claims;
    f->axioms = axioms;
    f->mask = PyMem_Malloc(sizeof(Mask) * (size_t)(n_bases ? n_bases : 1));
    f->known = PyMem_Malloc((size_t)(f->count ? f->count : 1));
    f->small = PyMem_Malloc(sizeof(int) * 64);
    if (f->mask == NULL || f->known == NULL || f->small == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

PyTypeObject FamiliesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "satdoku.backends._native.Families",
    .tp_doc = PyDoc_STR("A shape's set-logic families as flat tables, for Engine.climb."),
    .tp_basicsize = sizeof(Families),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Families_init,
    .tp_dealloc = (destructor)Families_dealloc,
};

/* One family's search for a move of size k: its usable bases of at most k covers in
 * f->small (`used` of them), its first base and cover in the flat tables. */
typedef struct {
    Engine *e;
    const Families *f;
    int k, used, first_base, first_cover, ok;
} Choice;

/* Make false the covers' open claims outside the chosen bases; 1 if any was. */
static int ladder_move(Choice *c, Mask chosen, Mask covers)
{
    Engine *e = c->e;
    const Families *f = c->f;
    int any = 0;
    while (covers) {
        int j = c->first_cover + lowest_bit(covers);
        covers &= covers - 1;
        for (int x = f->cc_start[j]; x < f->cc_start[j + 1]; x++) {
            int claim = f->cc_claim[x];
            if (!(f->cc_bits[x] & chosen) && e->val[claim] == 0) {
                any = 1;
                if (!set_false(e, claim))
                    c->ok = 0;
            }
        }
    }
    return any;
}

/* k disjoint bases from position `start` of f->small on whose open claims lie in k covers, in
 * the order of find_move's _choices (smaller positions first, depth first); 1 once a move
 * made a claim false. */
static int ladder_choose(Choice *c, int start, int count, Mask chosen, Mask covers)
{
    if (count == c->k)
        return bit_count(covers) == c->k && ladder_move(c, chosen, covers);
    const Families *f = c->f;
    for (int pos = start; pos < c->used; pos++) {
        int b = f->small[pos];
        Mask merged = covers | f->mask[b];
        if (bit_count(merged) <= c->k && !(chosen & f->clash[b])
            && ladder_choose(c, pos + 1, count + 1, chosen | (Mask)1 << (b - c->first_base),
                             merged))
            return 1;
    }
    return 0;
}

/* The covers holding family g's bases' open claims, per base, into f->mask (0: a base that is
 * true already, or with an open claim no cover holds); the number of usable bases. */
static int ladder_masks(const Engine *e, Families *f, int g)
{
    int usable = 0;
    for (int b = f->base0[g]; b < f->base0[g + 1]; b++) {
        Mask mask = 0;
        if (!e->sat[f->base_axiom[b]]) {
            for (int x = f->bc_start[b]; x < f->bc_start[b + 1]; x++) {
                if (e->val[f->bc_claim[x]] == 0) {
                    if (!f->bc_bits[x]) {
                        mask = 0;
                        break;
                    }
                    mask |= f->bc_bits[x];
                }
            }
        }
        f->mask[b] = mask;
        usable += mask != 0;
    }
    f->known[g] = 1;
    return usable;
}

/* Apply the first set-logic move, smallest k first: its k (0: none; *ok 0 on a
 * contradiction). */
static int ladder_step(Engine *e, Families *f, int *ok)
{
    memset(f->known, 0, (size_t)f->count);
    Choice c = {e, f, 0, 0, 0, 0, 1};
    for (int k = 1; k <= LADDER_MOST; k++) {
        for (int g = 0; g < f->count; g++) {
            if (!(f->sizes[g] >> k & 1))
                continue;
            if (!f->known[g] && ladder_masks(e, f, g) < k)
                continue;
            c.k = k;
            c.used = 0;
            c.first_base = f->base0[g];
            c.first_cover = f->cover0[g];
            for (int b = f->base0[g]; b < f->base0[g + 1]; b++)
                if (f->mask[b] && bit_count(f->mask[b]) <= k)
                    f->small[c.used++] = b;
            if (c.used >= k && ladder_choose(&c, 0, 0, 0, 0)) {
                *ok = c.ok;
                return k;
            }
        }
    }
    return 0;
}

const char climb_doc[] = PyDoc_STR(
"climb(cells, families, limit)\n--\n\n"
"Climb the rating ladder from the n*n given digits: rules 1 and 2, then set-logic moves of "
"size 1 to 4 from the Families, smallest first, until the grid is solved, nothing applies or "
"a move is larger than limit.  Returns (largest size used, status, candidates left in open "
"cells): status 1 solved, 0 not, -1 a contradiction.  The families must be those of the "
"engine's shape (only their sizes are checked).");

PyObject *Engine_climb(Engine *e, PyObject *args)
{
    PyObject *cells;
    Families *f;
    int limit;
    if (!PyArg_ParseTuple(args, "OO!i", &cells, &FamiliesType, &f, &limit))
        return NULL;
    if (f->sizes == NULL || f->claims != e->claims || f->axioms != e->axioms) {
        PyErr_SetString(PyExc_ValueError, "the families are not of this engine's shape");
        return NULL;
    }
    int ok = load(e, cells, 0);
    if (ok < 0)
        return NULL;
    int rung = 0, status = 0;
    for (;;) {
        if (!ok || !propagate(e)) {
            status = -1;
            break;
        }
        int open = 0;
        for (int a = 0; a < e->cells && !open; a++)
            open = !e->sat[a];
        if (!open) {
            status = 1;
            break;
        }
        int k = ladder_step(e, f, &ok);
        if (!ok) {
            status = -1;
            break;
        }
        if (k == 0)
            break;
        if (k > rung) {
            rung = k;
            if (rung > limit)
                break;
        }
    }
    long long left = 0;
    for (int a = 0; a < e->cells; a++)
        if (!e->sat[a])
            left += bit_count(e->open[a]);
    return Py_BuildValue("(iiL)", rung, status, left);
}
