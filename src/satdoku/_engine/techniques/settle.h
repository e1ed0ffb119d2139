/* satdoku.rules.techniques._native: rules 1 and 2 to their fixpoint on a grid of masks.
 *
 * A grid is one block of memory (grid_bytes() long): per cell its candidate mask, per house the
 * digits placed in it, per cell the digit placed there (1..n; -1 for a cell the board holds
 * solved; 0 while open), as satdoku.rules._candidate_grid.CandidateGrid keeps them.  settle()
 * places the singles due and those they lead to (rule 1 strikes the digit from the peers; rule
 * 2: a cell left with one candidate, a digit left with one place in a house), rechecking only the
 * houses of the cells that changed, as satdoku.rules.techniques._settle.settle_touched does.
 * The Settler holds a call's scratch: the singles due and the houses due a scan.
 */
#ifndef SATDOKU_TECHNIQUES_SETTLE_H
#define SATDOKU_TECHNIQUES_SETTLE_H

#include <stddef.h>

#include "layout.h"

typedef struct {
    const Layout *layout;
    Mask full;            /* every digit of the side */
    size_t bytes;         /* one grid's bytes */
    int *singles;         /* due: cell * 64 + digit - 1 */
    int due_singles;
    unsigned char *dirty; /* per house: due a scan for hidden singles */
    int *dirty_houses;
    int due_houses;
} Settler;

/* A grid's parts: candidate masks (cells), placed digits per house (houses), placed digits. */
static inline Mask *grid_cand(void *grid) { return (Mask *)grid; }
static inline Mask *grid_done(const Settler *s, void *grid)
{
    return (Mask *)grid + s->layout->cells;
}
static inline signed char *grid_placed(const Settler *s, void *grid)
{
    return (signed char *)((Mask *)grid + s->layout->cells + s->layout->houses);
}

/* Allocate a Settler's scratch for a layout; -1 with MemoryError set. */
INTERNAL int settler_open(Settler *s, const Layout *layout);
INTERNAL void settler_close(Settler *s);

/* Make the grid of a board (one mask per cell, 0 = solved), as _outcomes.base_grid does. */
INTERNAL void grid_of_board(const Settler *s, const Mask *board, void *grid);

/* Whether rules 1 and 2 have nothing left to do on a grid, as _settle.at_fixpoint tells. */
INTERNAL int at_fixpoint(Settler *s, void *grid);

/* A list of singles, each cell * 64 + digit - 1, and where it ends. */
typedef struct {
    int *cell;
    int *due;
} Singles;

/* CandidateGrid.place: make the claim true and strike it from the peers, adding the naked
 * singles to next (peers ascending), and with touching the changed cells' houses to those due
 * a scan; 0 on a contradiction, where the rest of the work is done all the same. */
INTERNAL int place(Settler *s, void *grid, int cell, int digit, Singles next, int touching);

/* Rule 2 on a house's axioms: add its hidden singles to next (digits ascending, each at its first
 * open place); 0 when an open digit has no place left. */
INTERNAL int scan_house(const Settler *s, void *grid, int h, Singles next);

/* Make a single due (the cell holds the digit) / the houses of a changed cell due a scan. */
INTERNAL void due_single(Settler *s, int cell, int digit);
INTERNAL void touch(Settler *s, int cell);

/* Place the singles due and what follows, to the fixpoint; 0 on a contradiction (the grid is
 * then part way).  every_house: scan every house for hidden singles at least once. */
INTERNAL int settle(Settler *s, void *grid, int every_house);

#endif
