/* satdoku.rules.techniques._native: a forcing chain's complexity, as _forcing._complexity.
 *
 * A branch's assumption is placed, then wave after wave the singles the last wave left (rule 1
 * reports naked singles, peers ascending), or else the hidden singles of every house (houses in
 * order, digits ascending), each counted when its cell was still open; until the conclusion
 * holds, a contradiction, nothing left to place, or more than 4n placements.  The moves are
 * CandidateGrid.place and CandidateGrid.hidden_singles, whose order the count depends on.
 */
#include "waves.h"

#include <string.h>

/* CandidateGrid.hidden_singles over every house, in order; 0 when a digit has no place. */
static int hidden_singles(const Settler *s, void *grid, Singles next)
{
    for (int h = 0; h < s->layout->houses; h++)
        if (!scan_house(s, grid, h, next))
            return 0;
    return 1;
}

/* Whether the conclusion holds on a grid (_forcing._holds). */
static int holds(const Settler *s, void *grid, Conclusion conclusion)
{
    const Mask *cand = grid_cand(grid);
    const signed char *placed = grid_placed(s, grid);
    for (int c = 0; c < s->layout->cells; c++)
        if (cand[c] & conclusion.gone[c]
            || (conclusion.placed[c] && placed[c] != conclusion.placed[c]))
            return 0;
    return 1;
}

int branch_waves(Settler *s, const void *base, void *grid, int *singles,
                 Conclusion conclusion, int cell, int digit)
{
    const Layout *l = s->layout;
    int room = l->cells + l->houses * l->n + 1;
    int *wave = singles, *next = singles + room, due = 1, count = 0;
    const signed char *placed = grid_placed(s, grid);
    memcpy(grid, base, s->bytes);
    wave[0] = cell * 64 + digit - 1;
    for (;;) {
        if (holds(s, grid, conclusion) || count > 4 * l->n)
            return count;
        if (!due && (!hidden_singles(s, grid, (Singles){wave, &due}) || !due))
            return count;
        int size = due, ok = 1;
        due = 0;
        for (int i = 0; i < size; i++) {
            int c = wave[i] >> 6;
            count += !placed[c];
            ok = place(s, grid, c, (wave[i] & 63) + 1, (Singles){next, &due}, 0) && ok;
        }
        if (!ok)
            return count;
        int *swap = wave;
        wave = next, next = swap;
    }
}
