/* satdoku.backends._native: the engine's tables and its search, rules 1 and 2 and guessing.
 *
 * set_true, set_false, propagate (rules 1 and 2 to a fixpoint), undo, search, fill_search (one
 * solution by random guesses) and reset work on an Engine's tables only: no Python object is
 * touched, and no Python code can run, while they run.  set_true and set_false, the hot
 * steps, are static inline in search.h, so that propagate here and the ladder's moves
 * (ladder.c) inline them.
 */
#include "search.h"

#include <limits.h>
#include <string.h>

/* Rules 1 and 2 to a fixpoint; 0 on a contradiction.  (Kept out of search: inlined there, the
 * engine ran 3-4 % slower.) */
NOINLINE int propagate(Engine *e)
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

void undo(Engine *e, int mark)
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
int search(Engine *e)
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

/* One solution, met by random choices: like search with most = 0, but the guess is a random
 * open claim of an axiom drawn at random among those with the fewest claims left.  Every
 * solution can come out (its claim is open in the axiom guessed on at every step of its path).
 * 1: a solution is left in `val`, 0: there is none, -1: the node limit ran out. */
int fill_search(Engine *e, unsigned long long *state)
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

void reset(Engine *e)
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
