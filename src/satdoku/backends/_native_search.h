/* satdoku.backends._native: the engine's tables and its search, rules 1 and 2 and guessing.
 *
 * set_true, set_false, propagate (rules 1 and 2 to a fixpoint), undo, search, fill_search (one
 * solution by random guesses) and reset work on an Engine's tables only: no Python object is
 * touched, and no Python code can run, while they run.  They are in one header, included once by _native.c, so that they and their callers are
 * one translation unit and the compiler inlines the hot ones into each other as before.
 */
#ifndef SATDOKU_NATIVE_SEARCH_H
#define SATDOKU_NATIVE_SEARCH_H

#include "_native_bits.h"

struct F9;  /* the fast engine of _native_fast9.h */

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

/* Rules 1 and 2 to a fixpoint; 0 on a contradiction.  (Kept out of search: inlined there, the
 * engine ran 3-4 % slower.) */
static NOINLINE int propagate(Engine *e)
{
    for (;;) {
        while (e->units_len) {
            /* rule 2: an axiom with one claim left that is not false makes it true */
            int a = e->units[--e->units_len];
            if (!e->sat[a] && !set_true(e, e->ax_claims[e->ax_start[a] + lowest_bit(e->open[a])])) {
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
                int d = members[lowest_bit(rest)];
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

/* Open a guess: the claim true, remembered with the trail length before it; 0 on a clash. */
static inline int guess_true(Engine *e, int **top, int guess)
{
    (*top)[0] = guess;
    (*top)[1] = e->trail_len;
    *top += 2;
    return set_true(e, guess);
}

/* Undo the latest open guess and make it false, going back further while that clashes; 0 when
 * no guess is left to undo (every branch was tried). */
static inline int back_up(Engine *e, int **top)
{
    do {
        if (*top == e->stack)
            return 0;
        *top -= 2;
        undo(e, (*top)[1]);
    } while (!set_false(e, (*top)[0]));
    return 1;
}

/* Enumerate the solutions (each once: a guess is tried true, then false), stopping on the one
 * that makes `found` pass `most` (most = 0: the first solution, whose claims are left in `val`).
 * 1: that one was found, 0: every solution was met, -1: the node limit ran out.  The open
 * guesses live in e->stack, not on the C stack: an open guess's axiom stays satisfied until it
 * is undone, so there are at most as many as axioms, however big the grid. */
static int search(Engine *e)
{
    int *top = e->stack;  /* open guesses: claim, trail length before it */
    for (;;) {
        if (!propagate(e))
            goto backtrack;
        int best = -1, fewest = INT_MAX;
        for (int a = 0; a < e->axioms; a++) {
            if (e->sat[a])
                continue;
            int left = bit_count(e->open[a]);
            if (left < fewest) {
                best = a;
                fewest = left;
                if (fewest <= 2)
                    break;
            }
        }
        if (best < 0) {
            if (++e->found > e->most)
                return 1;
            goto backtrack;
        }
        if (++e->nodes > e->limit)
            return -1;
        int guess = e->ax_claims[e->ax_start[best] + lowest_bit(e->open[best])];
        if (guess_true(e, &top, guess))
            continue;
    backtrack:
        if (!back_up(e, &top))
            return 0;
    }
}

/* xorshift64*: the random choices of fill_search, from a seed Python hands over. */
static inline unsigned long long next_random(unsigned long long *state)
{
    unsigned long long x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545F4914F6CDD1DULL;
}

/* One solution, met by random choices: like search with most = 0, but the guess is a random
 * open claim of an axiom drawn at random among those with the fewest claims left.  Every
 * solution can come out (its claim is open in the axiom guessed on at every step of its path).
 * 1: a solution is left in `val`, 0: there is none, -1: the node limit ran out. */
static int fill_search(Engine *e, unsigned long long *state)
{
    int *top = e->stack;  /* open guesses: claim, trail length before it */
    for (;;) {
        if (!propagate(e))
            goto backtrack;
        int best = -1, fewest = INT_MAX;
        unsigned long long ties = 0;
        for (int a = 0; a < e->axioms; a++) {
            if (e->sat[a])
                continue;
            int left = bit_count(e->open[a]);
            if (left < fewest) {
                best = a;
                fewest = left;
                ties = 1;
            } else if (left == fewest && next_random(state) % ++ties == 0) {
                best = a;  /* each of the ties so far kept with the same chance */
            }
        }
        if (best < 0)
            return 1;
        if (++e->nodes > e->limit)
            return -1;
        Mask open = e->open[best];
        for (int skip = (int)(next_random(state) % (unsigned long long)fewest); skip; skip--)
            open &= open - 1;
        int guess = e->ax_claims[e->ax_start[best] + lowest_bit(open)];
        if (guess_true(e, &top, guess))
            continue;
    backtrack:
        if (!back_up(e, &top))
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

#endif
