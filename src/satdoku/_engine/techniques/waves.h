/* satdoku.rules.techniques._native: a forcing chain's complexity, wave by wave (waves.c). */
#ifndef SATDOKU_TECHNIQUES_WAVES_H
#define SATDOKU_TECHNIQUES_WAVES_H

#include "settle.h"

/* What a branch must reach: per cell the candidates gone and the digit placed (0: none). */
typedef struct {
    const Mask *gone;
    const int *placed;
} Conclusion;

/* The placements a branch (cell holds digit) makes from the board's grid base, wave by wave,
 * until the conclusion holds, as _forcing._complexity counts them for one branch.  grid: room
 * for a grid; singles: room for two lists of cells + houses * n + 1 singles each. */
INTERNAL int branch_waves(Settler *s, const void *base, void *grid, int *singles,
                          Conclusion conclusion, int cell, int digit);

#endif
