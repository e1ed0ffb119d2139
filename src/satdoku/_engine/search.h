/* satdoku.backends._native: the generic engine's types, its hot steps and its search.
 *
 * Tables and Engine (one shape's axioms and the search state), set_true, set_false and
 * next_random (static inline: every caller inlines them), and what search.c defines:
 * propagate, undo, search, fill_search and reset.
 */
#ifndef SATDOKU_ENGINE_SEARCH_H
#define SATDOKU_ENGINE_SEARCH_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "bits.h"

struct F9;  /* the fast engine of fast9.h */

/* One shape's axioms, as Engine_init builds them before it commits them. */
typedef struct {
    int n, cells, claims, axioms;
    int *ax_start, *ax_claims, *cl_start, *cl_axioms, *trail, *units, *givens, *stack;
    Mask *cl_bits, *open, *full;
    signed char *val;
    unsigned char *sat;
    struct F9 *fast;
} Tables;

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
    int *stack;       /* the open guesses, two ints each: the claim, the trail length before it */
    int units_len;
    int trail_len;
    int qhead;        /* trail entries before this one have been propagated */
    int reading;      /* a solve or count is reading its digits (Python code may run) */
    long long nodes;
    long long limit;
    long long found;  /* solutions the search has met */
    long long most;   /* the search stops once found passes this (solve: 0) */
    struct F9 *fast;  /* the fast engine, when the axioms are cell and house axioms that fit */
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

/* xorshift64*: the random choices of fill_search and the walk, from a seed Python hands over. */
static inline unsigned long long next_random(unsigned long long *state)
{
    unsigned long long x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545F4914F6CDD1DULL;
}

/* Rules 1 and 2 to a fixpoint; 0 on a contradiction. */
INTERNAL int propagate(Engine *e);

/* Undo the decisions after the first `mark` of the trail. */
INTERNAL void undo(Engine *e, int mark);

/* Enumerate the solutions, stopping on the one that makes `found` pass `most`; 1: that one was
 * found (most = 0: its claims are left in `val`), 0: every solution was met, -1: the node limit
 * ran out. */
INTERNAL int search(Engine *e);

/* One solution, met by random choices drawn from *state; as search with most = 0. */
INTERNAL int fill_search(Engine *e, unsigned long long *state);

/* Every claim unknown, every axiom open, the counters at 0. */
INTERNAL void reset(Engine *e);

#endif
