/* satdoku.backends._native: Engine.walk, a local search over the axioms rules 1 and 2 leave open.
 *
 * After rules 1 and 2 (the generic engine's propagate), every axiom with no true claim is *open*
 * and its claims that are not false are *live*.  The walk gives each live claim a value, starting
 * with one random live claim true in each open axiom, and repairs: it picks an open axiom that
 * does not hold exactly one true claim at random and flips one of its claims.  An axiom with none
 * true makes one of its claims true; an axiom with two or more makes one of two of them (drawn at
 * random) false.  Which claim is drawn with a weight base**-breaks, where breaks counts the
 * axiom-pairs the flip would spoil: for a claim made true, the true claims already in its other
 * axioms; for a claim made false, its axioms in which it is the only true claim.  (This is the
 * probSAT rule of Balint and Schoening over the pairwise clauses of "exactly one", counted on the
 * axioms instead of the clauses.)  It stops when every open axiom holds exactly one true claim (a
 * solution) or after the flips it was given.  It finds solutions, never proves there is none: a
 * caller races or interleaves it with a complete solver.
 */
#include "walk.h"

#define WALK_MAX_BREAKS 63  /* weights of more breaks are those of this many */
#define WALK_CHUNK (1LL << 20)  /* flips between looks at signals (Ctrl-C) */

typedef struct {
    int live, open;             /* live claims, open axioms */
    int *claim;                 /* live index -> claim */
    int *ax_start, *ax_live;    /* open axiom -> its live claims (live indices) */
    int *lv_start, *lv_axioms;  /* live claim -> its open axioms (open indices) */
    int *count;                 /* open axiom -> its true live claims */
    int *empty, *crowded;       /* open axioms with no true claim, with two or more */
    int *place;                 /* each open axiom's place in its list, or -1 */
    int empty_len, crowded_len;
    long long pairs;            /* pairs of true claims sharing a crowded axiom, in all */
    unsigned char *value;       /* live claim -> 1 true, 0 false */
    double *weight;             /* per member of the largest open axiom: its draw's weight */
    int *pick;                  /* true members of an axiom being repaired */
} Walk;

static void walk_free(Walk *w)
{
    PyMem_Free(w->claim);
    PyMem_Free(w->ax_start);
    PyMem_Free(w->ax_live);
    PyMem_Free(w->lv_start);
    PyMem_Free(w->lv_axioms);
    PyMem_Free(w->count);
    PyMem_Free(w->empty);
    PyMem_Free(w->crowded);
    PyMem_Free(w->place);
    PyMem_Free(w->value);
    PyMem_Free(w->weight);
    PyMem_Free(w->pick);
}

/* Take an axiom out of the list it is in (its count was 0, or 2 or more). */
static inline void walk_unlist(Walk *w, int a, int *list, int *len)
{
    int last = list[--*len];
    list[w->place[a]] = last;
    w->place[last] = w->place[a];
    w->place[a] = -1;
}

/* Move an axiom to the list its count now asks for (none when it holds one true claim). */
static inline void walk_mark(Walk *w, int a, int before)
{
    int now = w->count[a];
    int was = before == 0 ? 0 : before == 1 ? 1 : 2, is = now == 0 ? 0 : now == 1 ? 1 : 2;
    w->pairs += (long long)now * (now - 1) / 2 - (long long)before * (before - 1) / 2;
    if (was == is)
        return;
    if (was == 0)
        walk_unlist(w, a, w->empty, &w->empty_len);
    else if (was == 2)
        walk_unlist(w, a, w->crowded, &w->crowded_len);
    if (is == 0) {
        w->place[a] = w->empty_len;
        w->empty[w->empty_len++] = a;
    } else if (is == 2) {
        w->place[a] = w->crowded_len;
        w->crowded[w->crowded_len++] = a;
    }
}

static inline void walk_flip(Walk *w, int v)
{
    int step = (w->value[v] ^= 1) ? 1 : -1;
    for (int k = w->lv_start[v]; k < w->lv_start[v + 1]; k++) {
        int a = w->lv_axioms[k];
        w->count[a] += step;
        walk_mark(w, a, w->count[a] - step);
    }
}

/* Build the walk's tables from the engine's propagated state; 0 ok, -1 out of memory. */
static int walk_build(Engine *e, Walk *w)
{
    memset(w, 0, sizeof(*w));
    int *live_of = PyMem_Malloc(sizeof(int) * (size_t)e->claims);
    int *open_of = PyMem_Malloc(sizeof(int) * (size_t)e->axioms);
    if (live_of == NULL || open_of == NULL) {
        PyMem_Free(live_of);
        PyMem_Free(open_of);
        return -1;
    }
    int members = 0, widest = 1;
    for (int a = 0; a < e->axioms; a++) {
        open_of[a] = e->sat[a] ? -1 : w->open++;
        if (open_of[a] >= 0) {
            int m = bit_count(e->open[a]);
            members += m;
            widest = m > widest ? m : widest;
        }
    }
    for (int c = 0; c < e->claims; c++)
        live_of[c] = e->val[c] ? -1 : w->live++;
    size_t live = (size_t)w->live + 1, open = (size_t)w->open + 1;
    w->claim = PyMem_Malloc(sizeof(int) * live);
    w->ax_start = PyMem_Malloc(sizeof(int) * open);
    w->ax_live = PyMem_Malloc(sizeof(int) * ((size_t)members + 1));
    w->lv_start = PyMem_Malloc(sizeof(int) * live);
    w->lv_axioms = PyMem_Malloc(sizeof(int) * ((size_t)members + 1));
    w->count = PyMem_Calloc(open, sizeof(int));
    w->empty = PyMem_Malloc(sizeof(int) * open);
    w->crowded = PyMem_Malloc(sizeof(int) * open);
    w->place = PyMem_Malloc(sizeof(int) * open);
    w->value = PyMem_Calloc(live, 1);
    w->weight = PyMem_Malloc(sizeof(double) * (size_t)widest);
    w->pick = PyMem_Malloc(sizeof(int) * (size_t)widest);
    if (!w->claim || !w->ax_start || !w->ax_live || !w->lv_start || !w->lv_axioms || !w->count ||
        !w->empty || !w->crowded || !w->place || !w->value || !w->weight || !w->pick) {
        PyMem_Free(live_of);
        PyMem_Free(open_of);
        walk_free(w);
        return -1;
    }
    int k = 0;
    for (int a = 0; a < e->axioms; a++) {
        if (open_of[a] < 0)
            continue;
        w->ax_start[open_of[a]] = k;
        const int *claims = e->ax_claims + e->ax_start[a];
        for (Mask rest = e->open[a]; rest; rest &= rest - 1)
            w->ax_live[k++] = live_of[claims[lowest_bit(rest)]];
    }
    w->ax_start[w->open] = k;
    k = 0;
    for (int c = 0; c < e->claims; c++) {
        if (live_of[c] < 0)
            continue;
        w->claim[live_of[c]] = c;
        w->lv_start[live_of[c]] = k;
        for (int j = e->cl_start[c]; j < e->cl_start[c + 1]; j++)
            if (open_of[e->cl_axioms[j]] >= 0)
                w->lv_axioms[k++] = open_of[e->cl_axioms[j]];
    }
    w->lv_start[w->live] = k;
    PyMem_Free(live_of);
    PyMem_Free(open_of);
    for (int a = 0; a < w->open; a++) {  /* every open axiom starts with no true claim */
        w->place[a] = a;
        w->empty[a] = a;
    }
    w->empty_len = w->open;
    return 0;
}

/* Draw an index below `len` with probability proportional to weight[i]. */
static inline int walk_draw(const double *weight, int len, unsigned long long *state)
{
    double total = 0;
    for (int i = 0; i < len; i++)
        total += weight[i];
    double r = (double)(next_random(state) >> 11) * (1.0 / 9007199254740992.0) * total;
    for (int i = 0; i < len - 1; i++) {
        r -= weight[i];
        if (r < 0)
            return i;
    }
    return len - 1;
}

static long long walk_steps(Walk *w, long long done, long long end, unsigned long long *state,
                            const double *weight_of);

/* Walk up to `flips` flips; 1 solved (the live claims' values in w->value), 0 not within them,
 * -1 an exception is set (Ctrl-C: signals are looked at every WALK_CHUNK flips).  The GIL is
 * let go while it flips: the walk's state is its own, not the engine's. */
static int walk_run(Walk *w, long long flips, unsigned long long *state, const double *weight_of)
{
    for (int a = 0; a < w->open; a++) {  /* each open axiom starts with a true claim */
        int len = w->ax_start[a + 1] - w->ax_start[a];
        if (len == 0)
            return 0;  /* an open axiom with no live claim: rules 1 and 2 would have failed */
        if (w->count[a] == 0)
            walk_flip(w, w->ax_live[w->ax_start[a] + (int)(next_random(state) % (unsigned)len)]);
    }
    long long done = 0;
    while (w->empty_len || w->crowded_len) {
        if (done == flips)
            return 0;
        if (done && PyErr_CheckSignals() < 0)  /* Ctrl-C, every WALK_CHUNK flips */
            return -1;
        long long end = flips - done < WALK_CHUNK ? flips : done + WALK_CHUNK;
        Py_BEGIN_ALLOW_THREADS  /* other threads run meanwhile (the walk's state is its own) */
        done = walk_steps(w, done, end, state, weight_of);
        Py_END_ALLOW_THREADS
    }
    return 1;
}

/* Flip from `done` until `end` flips or a solution; return the flips done. */
static long long walk_steps(Walk *w, long long done, long long end, unsigned long long *state,
                            const double *weight_of)
{
    for (; (w->empty_len || w->crowded_len) && done < end; done++) {
        /* a broken pair of clauses at random, as probSAT draws an unsatisfied clause: an empty
         * axiom is one, a crowded axiom with k true claims is k(k-1)/2 (drawn by rejection) */
        int a;
        unsigned long long r = next_random(state) % (unsigned long long)(w->empty_len + w->pairs);
        if (r < (unsigned long long)w->empty_len)
            a = w->empty[r];
        else
            for (;;) {
                a = w->crowded[next_random(state) % (unsigned)w->crowded_len];
                int k = w->count[a];
                if (k >= 4 || (int)(next_random(state) % 6) < k * (k - 1) / 2)
                    break;
            }
        const int *member = w->ax_live + w->ax_start[a];
        int len = w->ax_start[a + 1] - w->ax_start[a];
        if (w->count[a] == 0) {  /* make one true: it spoils the true claims of its axioms */
            for (int i = 0; i < len; i++) {
                int v = member[i], breaks = 0;
                for (int k = w->lv_start[v]; k < w->lv_start[v + 1]; k++)
                    breaks += w->count[w->lv_axioms[k]];
                w->weight[i] = weight_of[breaks < WALK_MAX_BREAKS ? breaks : WALK_MAX_BREAKS];
            }
            walk_flip(w, member[walk_draw(w->weight, len, state)]);
            continue;
        }
        int trues = 0;  /* two or more true: make one of two of them false */
        for (int i = 0; i < len; i++)
            if (w->value[member[i]])
                w->pick[trues++] = member[i];
        int first = (int)(next_random(state) % (unsigned)trues);
        int second = (int)(next_random(state) % (unsigned)(trues - 1));
        int two[2] = {w->pick[first], w->pick[second + (second >= first)]};
        for (int i = 0; i < 2; i++) {  /* it spoils the axioms where it is the only true claim */
            int breaks = 0;
            for (int k = w->lv_start[two[i]]; k < w->lv_start[two[i] + 1]; k++)
                breaks += w->count[w->lv_axioms[k]] == 1;
            w->weight[i] = weight_of[breaks < WALK_MAX_BREAKS ? breaks : WALK_MAX_BREAKS];
        }
        walk_flip(w, two[walk_draw(w->weight, 2, state)]);
    }
    return done;
}

const char walk_doc[] = PyDoc_STR(
"walk(cells, flips, seed=1, base=20.0)\n--\n\n"
"Look for a solution of the n*n given digits (0: empty) by local search after rules 1 and 2: "
"the digits as bytes, False when rules 1 and 2 find a contradiction, None when no solution "
"turned up within `flips` flips (the walk cannot tell there is none).  The walk is drawn from "
"`seed` (1 to 2**64 - 1): the same seed, the same walk.  A claim whose flip would spoil b "
"axiom-pairs is drawn with weight base**-b.");

PyObject *Engine_walk(Engine *e, PyObject *args)
{
    PyObject *cells;
    long long flips;
    unsigned long long seed = 1;
    double base = 20.0;
    if (!PyArg_ParseTuple(args, "OL|Kd", &cells, &flips, &seed, &base))
        return NULL;
    if (flips < 0 || seed == 0 || !(base >= 1.0)) {
        PyErr_SetString(PyExc_ValueError, "walk needs flips >= 0, a seed >= 1 and a base >= 1");
        return NULL;
    }
    int ok = load(e, cells, 0);  /* limit 0: the generic engine (the fast one does not hold) */
    if (ok < 0)
        return NULL;
    if (ok)
        ok = propagate(e);
    if (!ok)
        Py_RETURN_FALSE;
    double weight_of[WALK_MAX_BREAKS + 1];
    weight_of[0] = 1.0;
    for (int b = 1; b <= WALK_MAX_BREAKS; b++)
        weight_of[b] = weight_of[b - 1] / base;
    Walk w;
    if (walk_build(e, &w) < 0)
        return PyErr_NoMemory();
    /* the digits rules 1 and 2 settled, read now: other threads may use the engine meanwhile */
    PyObject *out = PyBytes_FromStringAndSize(NULL, e->cells);
    if (out == NULL) {
        walk_free(&w);
        return NULL;
    }
    unsigned char *digits = (unsigned char *)PyBytes_AS_STRING(out);
    solution_digits(e, digits);
    int n = e->n;
    unsigned long long state = seed;
    int found = walk_run(&w, flips, &state, weight_of);
    if (found == 1) {
        for (int v = 0; v < w.live; v++)
            if (w.value[v])
                digits[w.claim[v] / n] = (unsigned char)(w.claim[v] % n + 1);
    } else {
        Py_DECREF(out);
        out = NULL;
        if (found == 0) {
            out = Py_None;
            Py_INCREF(out);
        }
    }
    walk_free(&w);
    return out;
}
