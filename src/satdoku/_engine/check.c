/* satdoku.backends._native: the independent checker of the batch path's solutions (see check.h).
 *
 * It shares nothing with the engine (no table, no axiom, no function of search.c): it
 * reads a grid of n*n digits and works the rows, the columns and the r x c boxes out of n and
 * the box shape alone, as satdoku.core._checker does in Python.  A grid passes when every digit
 * is in 1..n, every given digit is kept, and no row, column or box holds a digit twice (n cells
 * of n different digits in 1..n: every digit once).
 */
#include <stdint.h>

#include "check.h"

/* 1 when `grid` solves `givens` (n*n digits each, 0 blank in givens) on an n x n grid with
 * box_rows x box_cols boxes (box_rows 0: a Latin square, no boxes); 0 otherwise. */
int check_grid(int n, int box_rows, int box_cols, const unsigned char *givens,
               const unsigned char *grid)
{
    uint64_t rows[CHECK_MAX_SIDE], cols[CHECK_MAX_SIDE], boxes[CHECK_MAX_SIDE];
    if (n < 1 || n > CHECK_MAX_SIDE)
        return 0;
    if (box_rows && (box_rows < 1 || box_cols < 1 || box_rows * box_cols != n))
        return 0;
    for (int i = 0; i < n; i++)
        rows[i] = cols[i] = boxes[i] = 0;
    int boxes_across = box_rows ? n / box_cols : 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int at = r * n + c;
            int digit = grid[at];
            if (digit < 1 || digit > n)
                return 0;
            if (givens[at] && givens[at] != digit)
                return 0;
            uint64_t bit = (uint64_t)1 << (digit - 1);
            if ((rows[r] & bit) || (cols[c] & bit))
                return 0;
            rows[r] |= bit;
            cols[c] |= bit;
            if (box_rows) {
                int box = (r / box_rows) * boxes_across + c / box_cols;
                if (boxes[box] & bit)
                    return 0;
                boxes[box] |= bit;
            }
        }
    return 1;
}
