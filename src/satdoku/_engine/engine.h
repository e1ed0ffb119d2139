/* satdoku.backends._native: loading and solving a puzzle in an Engine (engine.c).
 *
 * The Engine type's own methods (solve, count) and the batch path, the ladder and the walk
 * (batch.c, ladder.c, walk.c) load their digits and read solutions through these three.
 */
#ifndef SATDOKU_ENGINE_ENGINE_H
#define SATDOKU_ENGINE_ENGINE_H

#include "search.h"

/* Reset and assert the givens (n*n digits, 0 blank); 1 ok, 0 contradiction, -1 error set.
 * Every digit is read before the state is touched: reading may run Python code (__index__),
 * and no Python code runs while the state is in use. */
INTERNAL int load(Engine *e, PyObject *cells, long long limit);

/* The solved grid's digits (n*n of them, 1..n; 0 for a cell no axiom covers). */
INTERNAL void solution_digits(const Engine *e, unsigned char *digits);

/* The C-level solve (no Python object touched): the n*n givens (0..n each, checked by the
 * caller) in, 1 and the solution's digits in out, 0 no solution, -1 past `limit` guesses. */
INTERNAL int solve_digits(Engine *e, const unsigned char *givens, long long limit,
                          unsigned char *out);

#endif
