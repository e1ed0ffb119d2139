/* satdoku.rules.techniques._native: a shape's houses and peers as flat tables, and boards.
 *
 * A Layout holds one shape's houses (each a list of cells, in the order of Shape.houses), the
 * houses of each cell (in house order) and each cell's peers (the other cells of its houses,
 * ascending, and as a bit set over cells).  Every finder of this module reads a Layout and a
 * board: one candidate mask per cell (bit d - 1 for digit d, 0 for a cell that holds a digit),
 * as satdoku.rules.techniques._board.Board keeps them.  Sides 1 to 64 (a mask is 64 bits).
 */
#ifndef SATDOKU_TECHNIQUES_LAYOUT_H
#define SATDOKU_TECHNIQUES_LAYOUT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "bits.h"  /* the engine's (setup.py puts src/satdoku/_engine on the include path) */

typedef struct {
    PyObject_HEAD
    int n;            /* side: digits 1..n */
    int cells;        /* n * n */
    int houses;       /* how many houses */
    int words;        /* 64-bit words of a bit set over cells */
    int *house0;      /* houses + 1 starts: house h is house_cell[house0[h] .. house0[h + 1]) */
    int *house_cell;
    int *of0;         /* cells + 1 starts: the houses of cell c, of_house[of0[c] .. of0[c + 1]) */
    int *of_house;
    int *peer0;       /* cells + 1 starts: the peers of cell c, peer_cell[peer0[c] .. ), ascending */
    int *peer_cell;
    Mask *peer_bits;  /* cells * words: bit p of row c set when p is a peer of c */
} Layout;

INTERNAL extern PyTypeObject LayoutType;

/* Read a board (a sequence of cells masks, one per cell) into out[cells]; -1 with an error set. */
INTERNAL int read_board(const Layout *layout, PyObject *board, Mask *out);

/* Whether cell b is a peer of cell a. */
static inline int sees(const Layout *layout, int a, int b)
{
    return (int)(layout->peer_bits[(size_t)a * layout->words + (b >> 6)] >> (b & 63) & 1);
}

#endif
