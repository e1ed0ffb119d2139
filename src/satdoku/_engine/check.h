/* satdoku.backends._native: the independent checker of the batch path's solutions.
 *
 * check_grid is defined in check.c; the batch path (batch.c) calls it.
 */
#ifndef SATDOKU_ENGINE_CHECK_H
#define SATDOKU_ENGINE_CHECK_H

#include "bits.h"

#define CHECK_MAX_SIDE 64  /* one 64-bit set of digits per house */

/* 1 when `grid` solves `givens` (n*n digits each, 0 blank in givens) on an n x n grid with
 * box_rows x box_cols boxes (box_rows 0: a Latin square, no boxes); 0 otherwise. */
INTERNAL int check_grid(int n, int box_rows, int box_cols, const unsigned char *givens,
                        const unsigned char *grid);

#endif
