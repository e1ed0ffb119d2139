/* satdoku.backends._native: the fast engine, for cell and house axioms of up to 128 cells.
 *
 * Its state and the five functions fast9.c defines; the engine (engine.c, tables.c) builds,
 * loads, searches and frees it through them.
 */
#ifndef SATDOKU_ENGINE_FAST9_H
#define SATDOKU_ENGINE_FAST9_H

#include "band9.h"
#include "board.h"

#define F9_MAX_SIDE 11  /* 11 * 11 = 121 cells <= 128 */
#define F9_MAX_CELLS 128
#define F9_MAX_HOUSES 64

/* One guess level: the candidates of each digit, the unsolved cells, the houses where each
 * digit is placed, and the digits whose boards changed since the hidden singles (changed) and
 * locked candidates (locked) last looked at them. */
typedef struct {
    Board cand[F9_MAX_SIDE];
    Board unsolved;
    Mask done[F9_MAX_SIDE];
    unsigned changed, locked;
    int cell, digit;  /* the guess that made the next level (tried false on backtracking) */
} F9State;

/* Two houses that share two cells or more: the shared cells, and the rest of each. */
typedef struct {
    Board shared, rest_a, rest_b;
    Mask houses;  /* the two houses' bits */
} F9Pair;

typedef struct F9 {
    int n, cells, houses, pairs;
    Mask all_houses;
    unsigned all_digits;
    Board all;
    Board house[F9_MAX_HOUSES];
    Board peers[F9_MAX_CELLS];
    F9Pair *pair;
    F9State *level;    /* cells + 1 guess levels; level[0] holds the givens asserted */
    F9State solution;  /* the state of the last solution met */
    int holds;         /* the puzzle being solved is here (not in the generic engine) */
    B9State *band;     /* for 9x9 box Sudoku: the levels of band9.c's search */
    B9State band_solution;
} F9;

/* Free a fast engine (NULL: nothing to do). */
INTERNAL void f9_free(F9 *f);

/* The fast engine for n and the axioms (claims 0-based, axiom a's in ax_claims[ax_start[a] ..
 * ax_start[a + 1])), or NULL when they are not cell and house axioms of at most 128 cells;
 * *nomem set when memory ran out. */
INTERNAL F9 *f9_build(int n, int count, const int *ax_start, const int *ax_claims, int *nomem);

/* Level 0 from the givens (n * n digits, 0 blank, each checked to be 0..n); 1 ok, 0 a clash. */
INTERNAL int f9_load(F9 *f, const int *givens);

/* Enumerate the solutions from level 0 (each once: a guess is tried true, then false), stopping
 * on the one that makes *found pass most (left in f->solution).  1: that one was found, 0:
 * every solution was met, -1: more than limit guesses were needed. */
INTERNAL int f9_search(F9 *f, long long most, long long limit, long long *nodes,
                       long long *found);

/* The solution's digits (n * n, 1..n) from f->solution. */
INTERNAL void f9_digits(const F9 *f, unsigned char *digits);

#endif
