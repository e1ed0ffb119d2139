/* satdoku.backends._native: the fast engine, for cell and house axioms of up to 128 cells.
 *
 * Engine_init hands f9_build the axioms it has read (claim c is cell c / n holding digit
 * c % n + 1).  When they are exactly one cell axiom per cell plus "digit d once in H" for a
 * set of houses H of n cells each, the same houses for every digit (box Sudoku, Latin squares,
 * diagonal Sudoku, irregular regions, any side 2 to 11), f9_build derives the houses, each
 * cell's peers and the intersections of pairs of houses from them; otherwise it returns NULL
 * and the engine stays the generic one of search.c.
 *
 * The state is one board of candidate cells per digit (two 64-bit words: 128 cells), the
 * unsolved cells, and per digit the houses where it is placed.  Propagation is the same
 * rules as the generic engine's, on boards: rule 1 (a placed digit leaves its peers; its cell
 * keeps no other digit), rule 2 on cell axioms (naked singles, found for every cell at once
 * by counting candidates bit-sliced across the digit boards) and on house axioms (hidden
 * singles), plus locked candidates (the set-logic rule with k = 1: a digit confined to the
 * intersection of two houses in one of them leaves the rest of the other).  A guess is made on
 * a cell with the fewest candidates (its lowest digit true, then false) and each guess level
 * is a copy of the state, so backtracking is a pointer step.  Nothing is allocated per puzzle
 * and no Python object is touched outside f9_build.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "fast9.h"

void f9_free(F9 *f)
{
    if (f != NULL) {
        PyMem_Free(f->pair);
        PyMem_Free(f->level);
        PyMem_Free(f->band);
        PyMem_Free(f);
    }
}

/* The fast engine for n and the axioms (claims 0-based, axiom a's in ax_claims[ax_start[a] ..
 * ax_start[a + 1])), or NULL when they are not cell and house axioms of at most 128 cells;
 * *nomem set when memory ran out. */
F9 *f9_build(int n, int count, const int *ax_start, const int *ax_claims, int *nomem)
{
    *nomem = 0;
    if (n < 2 || n > F9_MAX_SIDE)
        return NULL;
    int cells = n * n;
    Board house[F9_MAX_HOUSES];
    unsigned digits_of[F9_MAX_HOUSES];
    unsigned char cell_seen[F9_MAX_CELLS] = {0};
    int houses = 0, cell_axioms = 0;
    unsigned all_digits = (1u << n) - 1;
    for (int a = 0; a < count; a++) {
        const int *claim = ax_claims + ax_start[a];
        if (ax_start[a + 1] - ax_start[a] != n)
            return NULL;
        int cell0 = claim[0] / n, digit0 = claim[0] % n;
        unsigned digits = 0;
        Board where = {0, 0};
        int same_cell = 1, same_digit = 1;
        for (int j = 0; j < n; j++) {
            same_cell &= claim[j] / n == cell0;
            same_digit &= claim[j] % n == digit0;
            digits |= 1u << (claim[j] % n);
            where = b_or(where, b_cell(claim[j] / n));
        }
        if (same_cell) {
            if (digits != all_digits)
                return NULL;
            cell_axioms += !cell_seen[cell0];  /* (an axiom twice is the same axiom) */
            cell_seen[cell0] = 1;
        } else if (same_digit) {
            if (b_count(where) != n)
                return NULL;
            int h = 0;
            while (h < houses && (house[h].lo != where.lo || house[h].hi != where.hi))
                h++;
            if (h == houses) {
                if (houses == F9_MAX_HOUSES)
                    return NULL;
                house[houses] = where;
                digits_of[houses++] = 0;
            }
            digits_of[h] |= 1u << digit0;  /* (a house that is a row too: the same axioms) */
        } else {
            return NULL;
        }
    }
    if (cell_axioms != cells)
        return NULL;
    for (int h = 0; h < houses; h++)
        if (digits_of[h] != all_digits)
            return NULL;
    F9 *f = PyMem_Calloc(1, sizeof(F9));
    int pairs = 0;
    if (f != NULL) {
        f->pair = PyMem_Calloc((size_t)(houses * (houses - 1) / 2 + 1), sizeof(F9Pair));
        f->level = PyMem_Calloc((size_t)cells + 2, sizeof(F9State));
    }
    if (f == NULL || f->pair == NULL || f->level == NULL) {
        f9_free(f);
        *nomem = 1;
        return NULL;
    }
    f->n = n;
    f->cells = cells;
    f->houses = houses;
    f->all_houses = houses == 64 ? ~(Mask)0 : ((Mask)1 << houses) - 1;
    f->all_digits = all_digits;
    for (int c = 0; c < cells; c++)
        f->all = b_or(f->all, b_cell(c));
    for (int h = 0; h < houses; h++) {
        f->house[h] = house[h];
        for (int c = 0; c < cells; c++)
            if (b_has(house[h], c))
                f->peers[c] = b_or(f->peers[c], house[h]);
    }
    for (int c = 0; c < cells; c++)
        f->peers[c] = b_andnot(f->peers[c], b_cell(c));
    for (int a = 0; a < houses; a++)
        for (int b = a + 1; b < houses; b++) {
            Board shared = b_and(house[a], house[b]);
            if (b_count(shared) < 2)
                continue;
            F9Pair *p = &f->pair[pairs++];
            p->shared = shared;
            p->rest_a = b_andnot(house[a], shared);
            p->rest_b = b_andnot(house[b], shared);
            p->houses = ((Mask)1 << a) | ((Mask)1 << b);
        }
    f->pairs = pairs;
    if (b9_fits(n, houses, f->peers)) {
        f->band = PyMem_Calloc((size_t)cells + 2, sizeof(B9State));
        if (f->band == NULL) {
            f9_free(f);
            *nomem = 1;
            return NULL;
        }
    }
    return f;
}

/* Digit d in cell c (a candidate there): its peers lose d, c loses its other digits. */
static inline void f9_place(const F9 *f, F9State *s, int c, int d)
{
    Board one = b_cell(c);
    unsigned touched = 1u << d;
    for (int k = 0; k < f->n; k++)
        if (k != d && b_any(b_and(s->cand[k], one))) {
            s->cand[k] = b_andnot(s->cand[k], one);
            touched |= 1u << k;
        }
    s->cand[d] = b_andnot(s->cand[d], f->peers[c]);
    s->unsolved = b_andnot(s->unsolved, one);
    s->changed |= touched;
    s->locked |= touched;
}

/* Rules 1 and 2 and locked candidates to a fixpoint; 0 on a contradiction. */
static int f9_propagate(const F9 *f, F9State *s)
{
    int n = f->n;
    for (;;) {
        /* naked singles: unsolved cells with one candidate (none: a contradiction) */
        Board one = {0, 0}, two = {0, 0};
        for (int d = 0; d < n; d++) {
            two = b_or(two, b_and(one, s->cand[d]));
            one = b_or(one, s->cand[d]);
        }
        if (b_any(b_andnot(f->all, one)))
            return 0;  /* a cell without a digit (a solved one too: locked candidates) */
        Board singles = b_andnot(s->unsolved, two);
        if (b_any(singles)) {
            for (int d = 0; d < n; d++) {
                Board mine = b_and(singles, s->cand[d]);
                if (!b_any(mine))
                    continue;
                Board cand = s->cand[d];
                do {
                    int c = b_low(mine);
                    if (!b_has(cand, c))
                        return 0;  /* a peer placed in this round took d */
                    cand = b_andnot(cand, f->peers[c]);
                    mine = b_andnot(mine, b_cell(c));
                } while (b_any(mine));
                s->cand[d] = cand;
                s->changed |= 1u << d;
                s->locked |= 1u << d;
            }
            s->unsolved = b_andnot(s->unsolved, singles);
            continue;
        }
        if (!b_any(s->unsolved))
            return 1;
        /* hidden singles: a house where a digit has one cell left (none: a contradiction) */
        int placed = 0;
        while (s->changed) {
            int d = lowest_bit(s->changed);
            s->changed &= s->changed - 1;
            Mask todo = f->all_houses & ~s->done[d];
            while (todo) {
                int h = lowest_bit(todo);
                todo &= todo - 1;
                Board here = b_and(s->cand[d], f->house[h]);
                if (!b_any(here))
                    return 0;
                if (b_lone(here)) {
                    s->done[d] |= (Mask)1 << h;
                    if (b_any(b_and(here, s->unsolved))) {
                        f9_place(f, s, b_low(here), d);
                        placed = 1;
                    }
                }
            }
        }
        if (placed)
            continue;
        /* locked candidates: a digit confined to two houses' shared cells in one of them */
        int cut = 0;
        while (s->locked) {
            int d = lowest_bit(s->locked);
            s->locked &= s->locked - 1;
            Board cand = s->cand[d];
            Mask done = s->done[d];
            for (const F9Pair *p = f->pair, *end = f->pair + f->pairs; p < end; p++) {
                if (done & p->houses || !b_any(b_and(cand, p->shared)))
                    continue;
                int in_a = b_any(b_and(cand, p->rest_a)), in_b = b_any(b_and(cand, p->rest_b));
                if (!in_a && in_b)
                    cand = b_andnot(cand, p->rest_b);
                else if (in_a && !in_b)
                    cand = b_andnot(cand, p->rest_a);
            }
            if (cand.lo != s->cand[d].lo || cand.hi != s->cand[d].hi) {
                s->cand[d] = cand;
                s->changed |= 1u << d;
                cut = 1;
            }
        }
        if (!cut)
            return 1;
    }
}

/* Level 0 from the givens (n * n digits, 0 blank, each checked to be 0..n); 1 ok, 0 a clash. */
int f9_load(F9 *f, const int *givens)
{
    if (f->band != NULL)
        return b9_load(f->band, givens);
    F9State *s = &f->level[0];
    memset(s, 0, sizeof(*s));
    for (int d = 0; d < f->n; d++)
        s->cand[d] = f->all;
    s->unsolved = f->all;
    s->changed = s->locked = f->all_digits;
    for (int c = 0; c < f->cells; c++) {
        int d = givens[c] - 1;
        if (d < 0)
            continue;
        if (!b_has(s->cand[d], c) || !b_has(s->unsolved, c))
            return 0;
        f9_place(f, s, c, d);
    }
    return 1;
}

/* The guess: the lowest digit of an unsolved cell with the fewest candidates (two first). */
static void f9_choose(const F9 *f, const F9State *s, int *cell, int *digit)
{
    int n = f->n;
    Board one = {0, 0}, two = {0, 0}, three = {0, 0};
    for (int d = 0; d < n; d++) {
        three = b_or(three, b_and(two, s->cand[d]));
        two = b_or(two, b_and(one, s->cand[d]));
        one = b_or(one, s->cand[d]);
    }
    Board pick = b_and(s->unsolved, b_andnot(two, three)), left = s->unsolved;
    int c = b_any(pick) ? b_low(pick) : b_low(left), fewest = b_any(pick) ? 2 : n + 1;
    for (; fewest > 2 && b_any(left); left = b_andnot(left, b_cell(b_low(left)))) {
        int here = b_low(left), k = 0;
        for (int d = 0; d < n; d++)
            k += b_has(s->cand[d], here);
        if (k < fewest) {
            fewest = k;
            c = here;
        }
    }
    int d = 0;
    while (!b_has(s->cand[d], c))
        d++;
    *cell = c;
    *digit = d;
}

/* Enumerate the solutions from level 0 (each once: a guess is tried true, then false), stopping
 * on the one that makes *found pass most (left in f->solution).  1: that one was found, 0:
 * every solution was met, -1: more than limit guesses were needed. */
int f9_search(F9 *f, long long most, long long limit, long long *nodes, long long *found)
{
    *nodes = *found = 0;
    if (f->band != NULL)
        return b9_search(f->band, &f->band_solution, most, limit, nodes, found);
    F9State *s = f->level, *bottom = f->level;
    for (;;) {
        if (!f9_propagate(f, s))
            goto backtrack;
        if (!b_any(s->unsolved)) {
            if (++*found > most) {
                f->solution = *s;
                return 1;
            }
            goto backtrack;
        }
        if (++*nodes > limit)
            return -1;
        f9_choose(f, s, &s->cell, &s->digit);
        s[1] = s[0];
        s++;
        f9_place(f, s, s[-1].cell, s[-1].digit);
        continue;
    backtrack:
        if (s == bottom)
            return 0;
        s--;  /* the guess made false: its cell loses the digit */
        s->cand[s->digit] = b_andnot(s->cand[s->digit], b_cell(s->cell));
        s->changed |= 1u << s->digit;
        s->locked |= 1u << s->digit;
    }
}

/* The solution's digits (n * n, 1..n) from f->solution. */
void f9_digits(const F9 *f, unsigned char *digits)
{
    if (f->band != NULL) {
        b9_digits(&f->band_solution, digits);
        return;
    }
    for (int d = 0; d < f->n; d++)
        for (Board left = f->solution.cand[d]; b_any(left);) {
            digits[b_low(left)] = (unsigned char)(d + 1);
            left = b_andnot(left, b_cell(b_low(left)));
        }
}
