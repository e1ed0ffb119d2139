/* satdoku.rules.techniques._native: rules 1 and 2 to their fixpoint on a grid (see settle.h). */
#include "settle.h"

#include <string.h>

int settler_open(Settler *s, const Layout *layout)
{
    int cells = layout->cells, houses = layout->houses;
    s->layout = layout;
    s->full = layout->n == 64 ? ~0ULL : (1ULL << layout->n) - 1;
    s->bytes = ((size_t)cells + houses) * sizeof(Mask) + (((size_t)cells + 7) & ~(size_t)7);
    /* at most one naked single per cell and one hidden single per house and digit are due */
    s->singles = PyMem_Malloc(((size_t)cells + (size_t)houses * layout->n + 2) * sizeof(int));
    s->dirty = PyMem_Calloc((size_t)houses + 1, 1);
    s->dirty_houses = PyMem_Malloc(((size_t)houses + 1) * sizeof(int));
    s->due_singles = s->due_houses = 0;
    if (!s->singles || !s->dirty || !s->dirty_houses) {
        settler_close(s);
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

void settler_close(Settler *s)
{
    PyMem_Free(s->singles);
    PyMem_Free(s->dirty);
    PyMem_Free(s->dirty_houses);
    s->singles = s->dirty_houses = NULL;
    s->dirty = NULL;
}

void grid_of_board(const Settler *s, const Mask *board, void *grid)
{
    const Layout *l = s->layout;
    Mask *cand = grid_cand(grid), *done = grid_done(s, grid);
    signed char *placed = grid_placed(s, grid);
    memset(grid, 0, s->bytes);
    for (int c = 0; c < l->cells; c++) {
        cand[c] = board[c];
        placed[c] = board[c] ? 0 : -1;
    }
    for (int h = 0; h < l->houses; h++) {
        Mask seen = 0;
        for (int i = l->house0[h]; i < l->house0[h + 1]; i++)
            seen |= board[l->house_cell[i]];
        done[h] = s->full & ~seen;
    }
}

void due_single(Settler *s, int cell, int digit)
{
    s->singles[s->due_singles++] = cell * 64 + digit - 1;
}

void touch(Settler *s, int cell)
{
    const Layout *l = s->layout;
    for (int i = l->of0[cell]; i < l->of0[cell + 1]; i++) {
        int h = l->of_house[i];
        if (!s->dirty[h]) {
            s->dirty[h] = 1;
            s->dirty_houses[s->due_houses++] = h;
        }
    }
}

static void touch_every_house(Settler *s)
{
    for (int h = 0; h < s->layout->houses; h++)
        if (!s->dirty[h]) {
            s->dirty[h] = 1;
            s->dirty_houses[s->due_houses++] = h;
        }
}

/* Forget what is due (after a contradiction, or once done). */
static int drop_due(Settler *s)
{
    for (int i = 0; i < s->due_houses; i++)
        s->dirty[s->dirty_houses[i]] = 0;
    s->due_houses = s->due_singles = 0;
    return 0;
}

int place(Settler *s, void *grid, int cell, int digit, Singles next, int touching)
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
    if (touching)
        touch(s, cell);
    int ok = 1;
    for (int i = l->peer0[cell]; i < l->peer0[cell + 1]; i++) {
        int p = l->peer_cell[i];
        Mask m = cand[p];
        if (!(m & bit))
            continue;
        cand[p] = m ^= bit;
        if (touching)
            touch(s, p);
        if (!(m & (m - 1))) {
            if (m && !placed[p])
                next.cell[(*next.due)++] = p * 64 + lowest_bit(m);
            else
                ok = 0;
        }
    }
    return ok;
}

int scan_house(const Settler *s, void *grid, int h, Singles next)
{
    const Layout *l = s->layout;
    const Mask *cand = grid_cand(grid);
    const signed char *placed = grid_placed(s, grid);
    Mask once = 0, twice = 0;
    for (int i = l->house0[h]; i < l->house0[h + 1]; i++) {
        int c = l->house_cell[i];
        if (!placed[c]) {
            twice |= once & cand[c];
            once |= cand[c];
        }
    }
    Mask open = s->full & ~grid_done(s, grid)[h];
    if (open & ~once)
        return 0;
    for (Mask lone = once & ~twice & open; lone; lone &= lone - 1) {
        int d = lowest_bit(lone);
        for (int i = l->house0[h]; i < l->house0[h + 1]; i++) {
            int c = l->house_cell[i];
            if (cand[c] >> d & 1 && !placed[c]) {
                next.cell[(*next.due)++] = c * 64 + d;
                break;
            }
        }
    }
    return 1;
}

static Singles due(Settler *s) { return (Singles){s->singles, &s->due_singles}; }

int settle(Settler *s, void *grid, int every_house)
{
    if (every_house)
        touch_every_house(s);
    for (;;) {
        while (s->due_singles) {
            int single = s->singles[--s->due_singles];
            if (!place(s, grid, single >> 6, (single & 63) + 1, due(s), 1))
                return drop_due(s);
        }
        if (!s->due_houses)
            return 1;
        int houses = s->due_houses;
        s->due_houses = 0;
        for (int i = 0; i < houses; i++) {
            int h = s->dirty_houses[i];
            s->dirty[h] = 0;
            if (!scan_house(s, grid, h, due(s))) {
                for (int j = i + 1; j < houses; j++)
                    s->dirty[s->dirty_houses[j]] = 0;
                return drop_due(s);
            }
        }
        if (!s->due_singles)
            return 1;
    }
}

int at_fixpoint(Settler *s, void *grid)
{
    const Mask *cand = grid_cand(grid);
    const signed char *placed = grid_placed(s, grid);
    for (int c = 0; c < s->layout->cells; c++)
        if (!(cand[c] & (cand[c] - 1)) && !placed[c])
            return 0;
    for (int h = 0; h < s->layout->houses; h++)
        if (!scan_house(s, grid, h, due(s)) || s->due_singles)
            return drop_due(s);
    return 1;
}
