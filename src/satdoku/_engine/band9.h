/* satdoku.backends._native: the fast engine's search for 9x9 box Sudoku, by bands (band9.c).
 *
 * fast9.c calls these four when b9_fits says the houses are those of 9x9 box Sudoku.
 */
#ifndef SATDOKU_ENGINE_BAND9_H
#define SATDOKU_ENGINE_BAND9_H

#include "board.h"

typedef unsigned int Band;  /* 27 bits: three rows of nine cells */

typedef struct {
    Band cand[9][3];  /* digit d's candidate cells in band b */
    Band unsolved[3];
    unsigned dirty;   /* digits whose candidates changed since they were looked at */
    int cell, digit;  /* the guess that made the next level (tried false on backtracking) */
} B9State;

/* Whether 27 distinct houses of n cells, each cell's peers in `peers`, are the rows, columns
 * and boxes of 9x9 box Sudoku (the tables of band9.c are built on the first call). */
INTERNAL int b9_fits(int n, int houses, const Board *peers);

/* Level 0 from the givens (81 digits, 0 blank, each checked to be 0..9); 1 ok, 0 a clash. */
INTERNAL int b9_load(B9State *s, const int *givens);

/* As f9_search, on levels of B9State; the solution is left in *solution. */
INTERNAL int b9_search(B9State *level, B9State *solution, long long most, long long limit,
                       long long *nodes, long long *found);

/* The solution's 81 digits (1..9) from *solution. */
INTERNAL void b9_digits(const B9State *solution, unsigned char *digits);

#endif
