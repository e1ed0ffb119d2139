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

/* CandidateGrid.place: make the claim true and strike it from the peers; 0 on a contradiction,
 * where the rest of the work is done all the same.  Singles go to next[*due ..]. */
static int place(const Settler *s, void *grid, int cell, int digit, int *next, int *due)
{
    const Layout *l = s->layout;
    Mask *cand = grid_cand(grid), *done = grid_done(s, grid);
    signed char *placed = grid_placed(s, grid);
    if (placed[cell])
        return placed[cell] == digit;
    Mask bit = 1ULL << (digit - 1);
    if (!(cand[cell] & bit))
        return 0;
    placed[cell] = (signed char)digit;
    cand[cell] = bit;
    for (int i = l->of0[cell]; i < l->of0[cell + 1]; i++)
        done[l->of_house[i]] |= bit;
    int ok = 1;
    for (int i = l->peer0[cell]; i < l->peer0[cell + 1]; i++) {
        int p = l->peer_cell[i];
        Mask m = cand[p];
        if (!(m & bit))
            continue;
        cand[p] = m ^= bit;
        if (!(m & (m - 1))) {
            if (m && !placed[p])
                next[(*due)++] = p * 64 + lowest_bit(m);
            else
                ok = 0;
        }
    }
    return ok;
}

/* CandidateGrid.hidden_singles over every house; 0 when a digit has no place in a house. */
static int hidden_singles(const Settler *s, void *grid, int *next, int *due)
{
    const Layout *l = s->layout;
    const Mask *cand = grid_cand(grid), *done = grid_done(s, grid);
    const signed char *placed = grid_placed(s, grid);
    for (int h = 0; h < l->houses; h++) {
        Mask once = 0, twice = 0;
        for (int i = l->house0[h]; i < l->house0[h + 1]; i++) {
            int c = l->house_cell[i];
            if (!placed[c]) {
                twice |= once & cand[c];
                once |= cand[c];
            }
        }
        Mask open = s->full & ~done[h];
        if (open & ~once)
            return 0;
        for (Mask lone = once & ~twice & open; lone; lone &= lone - 1) {
            int d = lowest_bit(lone);
            for (int i = l->house0[h]; i < l->house0[h + 1]; i++) {
                int c = l->house_cell[i];
                if (cand[c] >> d & 1 && !placed[c]) {
                    next[(*due)++] = c * 64 + d;
                    break;
                }
            }
        }
    }
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

int branch_waves(const Settler *s, const void *base, void *grid, int *singles,
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
        if (!due && (!hidden_singles(s, grid, wave, &due) || !due))
            return count;
        int size = due, ok = 1;
        due = 0;
        for (int i = 0; i < size; i++) {
            int c = wave[i] >> 6;
            count += !placed[c];
            ok = place(s, grid, c, (wave[i] & 63) + 1, next, &due) && ok;
        }
        if (!ok)
            return count;
        int *swap = wave;
        wave = next, next = swap;
    }
}
