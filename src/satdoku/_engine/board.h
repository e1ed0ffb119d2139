/* satdoku.backends._native: Board, a set of up to 128 cells, and its operations.
 *
 * The fast engine (fast9.c) keeps one Board of candidate cells per digit; band9.c reads the
 * peers of each cell as Boards.  The operations are static inline (every unit inlines them);
 * there is no board.c.
 */
#ifndef SATDOKU_ENGINE_BOARD_H
#define SATDOKU_ENGINE_BOARD_H

#include "bits.h"

/* A set of cells: cell c is bit c % 64 of word c / 64. */
typedef struct { Mask lo, hi; } Board;

static inline Board b_and(Board a, Board b) { Board r = {a.lo & b.lo, a.hi & b.hi}; return r; }
static inline Board b_or(Board a, Board b) { Board r = {a.lo | b.lo, a.hi | b.hi}; return r; }
static inline Board b_andnot(Board a, Board b) { Board r = {a.lo & ~b.lo, a.hi & ~b.hi}; return r; }
static inline int b_any(Board a) { return (a.lo | a.hi) != 0; }
static inline int b_lone(Board a)  /* at most one cell (a != 0 is tested apart) */
{
    return !(a.lo & (a.lo - 1)) && !(a.hi & (a.hi - 1)) && !(a.lo && a.hi);
}
static inline int b_has(Board a, int c) { return (int)(((c < 64 ? a.lo : a.hi) >> (c & 63)) & 1); }
static inline int b_low(Board a) { return a.lo ? lowest_bit(a.lo) : 64 + lowest_bit(a.hi); }
static inline Board b_cell(int c)
{
    Board r = {c < 64 ? (Mask)1 << c : 0, c < 64 ? 0 : (Mask)1 << (c - 64)};
    return r;
}
static inline int b_count(Board a) { return bit_count(a.lo) + bit_count(a.hi); }

#endif
