/* satdoku.backends._native: the fast engine's search for 9x9 box Sudoku, by bands.
 *
 * f9_build (fast9.c) picks it when the houses it derived from the axioms are the nine
 * rows, nine columns and nine 3x3 boxes (b9_fits; it uses board.h's Board).  Each digit's
 * candidates are three 27-bit words, one per band of three rows (bit (row % 3) * 9 + col), so
 * a row is a 9-bit field and a box a 3x3 block of it.  Besides rules 1 and 2 (naked singles
 * for all cells at once, bit-sliced across the digits; hidden singles in rows and columns,
 * those in boxes following from the next rule), it reasons on each band's and each stack's
 * 3x3 intersections of a digit: the digit sits once in each row and once in each box of a
 * band, so the mini-rows that hold it form a permutation matrix, and only the mini-rows on
 * some permutation inside those not yet empty can keep it (the same in stacks with
 * mini-columns).  That is locked candidates both ways and a little more, with three table
 * look-ups a band.  The tables are the same for every engine and are built once. */
#include "band9.h"

static struct {
    int ready;
    unsigned char occupied[512]; /* a row's cells -> its mini-rows (boxes) holding some */
    unsigned char lone[512];     /* a row's cells -> themselves when there is one, else 0 */
    unsigned short perm[512];    /* 3x3 intersections (row * 3 + box) -> those on a
                                  * permutation matrix inside them */
    Band expand[512];            /* mini-rows (row * 3 + box) -> their cells in a band */
    Band column[512];            /* columns -> their cells in a band */
    Band peers[3][27][3];        /* cell (band, bit) -> its peers' cells in each band */
    unsigned char count[512];    /* nine bits -> how many are set */
} b9;

static void b9_tables(void)
{
    static const int order[6][3] = {
        {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0},
    };
    if (b9.ready)
        return;
    for (int m = 0; m < 512; m++) {
        int occupied = 0;
        Band expand = 0, column = 0;
        unsigned short perm = 0;
        for (int j = 0; j < 3; j++)
            occupied |= (m >> (3 * j) & 7) ? 1 << j : 0;
        for (int p = 0; p < 6; p++) {
            int matrix = 0;
            for (int i = 0; i < 3; i++)
                matrix |= 1 << (i * 3 + order[p][i]);
            if ((m & matrix) == matrix)
                perm |= (unsigned short)matrix;
        }
        for (int k = 0; k < 9; k++)
            if (m >> k & 1) {
                expand |= (Band)7 << ((k / 3) * 9 + (k % 3) * 3);
                column |= (Band)1 << k | (Band)1 << (k + 9) | (Band)1 << (k + 18);
            }
        b9.count[m] = (unsigned char)bit_count((Mask)m);
        b9.occupied[m] = (unsigned char)occupied;
        b9.lone[m] = (unsigned char)(m && !(m & (m - 1)) ? m : 0);
        b9.perm[m] = perm;
        b9.expand[m] = expand;
        b9.column[m] = column;
    }
    for (int cell = 0; cell < 81; cell++) {
        int row = cell / 9, col = cell % 9;
        for (int other = 0; other < 81; other++) {
            int r = other / 9, c = other % 9;
            if (other != cell && (r == row || c == col || (r / 3 == row / 3 && c / 3 == col / 3)))
                b9.peers[row / 3][(row % 3) * 9 + col][r / 3] |= (Band)1 << ((r % 3) * 9 + c);
        }
    }
    b9.ready = 1;
}

/* Whether 27 distinct houses of n cells, each cell's peers in `peers`, are the rows, columns
 * and 3x3 boxes of a 9x9 grid: the peers are Sudoku's (its only cliques of nine cells are its
 * houses).  Builds the tables. */
int b9_fits(int n, int houses, const Board *peers)
{
    if (n != 9 || houses != 27)
        return 0;
    b9_tables();
    for (int cell = 0; cell < 81; cell++) {
        Board sudoku = {0, 0};
        for (int b = 0; b < 3; b++)
            for (Band left = b9.peers[cell / 27][cell % 27][b]; left; left &= left - 1)
                sudoku = b_or(sudoku, b_cell(b * 27 + lowest_bit(left)));
        if (sudoku.lo != peers[cell].lo || sudoku.hi != peers[cell].hi)
            return 0;
    }
    return 1;
}

/* Digit d in cell (band b, bit k), a candidate there: its peers lose d, it its other digits. */
static inline void b9_place(B9State *s, int b, int k, int d)
{
    Band one = (Band)1 << k;
    for (int e = 0; e < 9; e++)
        if (s->cand[e][b] & one) {
            s->cand[e][b] &= ~one;
            s->dirty |= 1u << e;
        }
    s->cand[d][b] |= one;
    for (int c = 0; c < 3; c++)
        s->cand[d][c] &= ~b9.peers[b][k][c];
    s->unsolved[b] &= ~one;
}

/* Digit d's bands and stacks to a fixpoint, then its hidden singles placed; 0 on a clash. */
static int b9_digit(B9State *s, int d)
{
    Band *x = s->cand[d];
    if (!((x[0] & s->unsolved[0]) | (x[1] & s->unsolved[1]) | (x[2] & s->unsolved[2])))
        return 1;  /* placed in all nine houses of each kind */
    for (;;) {
        for (int b = 0; b < 3; b++) {
            Band w = x[b];
            int allowed = b9.perm[b9.occupied[w & 511] | b9.occupied[(w >> 9) & 511] << 3 |
                                  b9.occupied[w >> 18] << 6];
            if (!allowed)
                return 0;
            x[b] = w & b9.expand[allowed];
        }
        int fold[3], keep[3] = {0, 0, 0};
        for (int b = 0; b < 3; b++)
            fold[b] = (int)((x[b] | x[b] >> 9 | x[b] >> 18) & 511);
        for (int t = 0; t < 9; t += 3) {
            int allowed = b9.perm[(fold[0] >> t & 7) | (fold[1] >> t & 7) << 3 |
                                  (fold[2] >> t & 7) << 6];
            if (!allowed)
                return 0;
            for (int b = 0; b < 3; b++)
                keep[b] |= (allowed >> (3 * b) & 7) << t;
        }
        if ((fold[0] & ~keep[0]) == 0 && (fold[1] & ~keep[1]) == 0 && (fold[2] & ~keep[2]) == 0)
            break;
        for (int b = 0; b < 3; b++)
            x[b] &= b9.column[keep[b]];
    }
    /* hidden singles: rows with one cell left, and columns */
    int once = 0, twice = 0;
    Band single[3];
    for (int b = 0; b < 3; b++) {
        int r0 = (int)(x[b] & 511), r1 = (int)((x[b] >> 9) & 511), r2 = (int)(x[b] >> 18);
        int here = r0 | r1 | r2, more = (r0 & r1) | (r2 & (r0 | r1));
        twice |= more | (once & here);
        once |= here;
        single[b] = (Band)b9.lone[r0] | (Band)b9.lone[r1] << 9 | (Band)b9.lone[r2] << 18;
    }
    Band column = b9.column[once & ~twice];
    for (int b = 0; b < 3; b++) {
        Band found = (single[b] | (x[b] & column)) & s->unsolved[b];
        while (found) {
            int k = lowest_bit(found);
            found &= found - 1;
            if (!(x[b] >> k & 1))
                return 0;  /* a single placed just before took this one's column */
            b9_place(s, b, k, d);
        }
    }
    return 1;
}

/* Rules 1 and 2 and the band and stack rule to a fixpoint; 0 on a contradiction. */
static int b9_propagate(B9State *s)
{
    for (;;) {
        while (s->dirty) {
            int d = lowest_bit(s->dirty);
            s->dirty &= s->dirty - 1;
            if (!b9_digit(s, d))
                return 0;
        }
        Band singles[3];
        for (int b = 0; b < 3; b++) {
            Band one = 0, two = 0;
            for (int d = 0; d < 9; d++) {
                two |= one & s->cand[d][b];
                one |= s->cand[d][b];
            }
            if (one != (1u << 27) - 1)
                return 0;  /* a cell without a digit (a solved one too: the band rule) */
            singles[b] = s->unsolved[b] & ~two;
        }
        if (!(singles[0] | singles[1] | singles[2]))
            return 1;
        for (int b = 0; b < 3; b++) {
            for (Band left = singles[b]; left; left &= left - 1) {
                int k = lowest_bit(left), d = 0;
                while (d < 9 && !(s->cand[d][b] >> k & 1))
                    d++;
                if (d == 9)
                    return 0;  /* a peer placed in this round took its digit */
                for (int c = 0; c < 3; c++)
                    s->cand[d][c] &= ~b9.peers[b][k][c];
                s->dirty |= 1u << d;
            }
            s->unsolved[b] &= ~singles[b];
        }
    }
}

/* Level 0 from the givens (81 digits, 0 blank, each checked to be 0..9); 1 ok, 0 a clash. */
int b9_load(B9State *s, const int *givens)
{
    for (int d = 0; d < 9; d++)
        s->cand[d][0] = s->cand[d][1] = s->cand[d][2] = (1u << 27) - 1;
    s->unsolved[0] = s->unsolved[1] = s->unsolved[2] = (1u << 27) - 1;
    for (int cell = 0; cell < 81; cell++) {
        int d = givens[cell] - 1, b = cell / 27, k = (cell / 9 % 3) * 9 + cell % 9;
        if (d < 0)
            continue;
        if (!(s->cand[d][b] >> k & 1))
            return 0;
        b9_place(s, b, k, d);
    }
    s->dirty = 511;
    return 1;
}

/* The count of cells among cells (27 bits). */
static inline int b9_count(Band cells)
{
    return b9.count[cells & 511] + b9.count[(cells >> 9) & 511] + b9.count[cells >> 18];
}

/* The guess: an unsolved cell with two candidates, the one with the most unsolved peers (then
 * the most such peers with two candidates: the guess that reaches furthest either way);
 * without one, a cell with the fewest candidates.  Its digit with the most unsolved cells
 * left is tried first (fewer guesses on the hardest sets, measured).  The cell as
 * band * 27 + bit. */
static void b9_choose(const B9State *s, int *cell, int *digit)
{
    Band pairs[3];
    int best = -1, score = -1;
    for (int b = 0; b < 3; b++) {
        Band one = 0, two = 0, three = 0;
        for (int d = 0; d < 9; d++) {
            three |= two & s->cand[d][b];
            two |= one & s->cand[d][b];
            one |= s->cand[d][b];
        }
        pairs[b] = s->unsolved[b] & two & ~three;
    }
    for (int b = 0; b < 3; b++)
        for (Band left = pairs[b]; left; left &= left - 1) {
            int k = lowest_bit(left), here = 0;
            const Band *peers = b9.peers[b][k];
            for (int c = 0; c < 3; c++)
                here += 4 * b9_count(peers[c] & s->unsolved[c]) + b9_count(peers[c] & pairs[c]);
            if (here > score) {
                score = here;
                best = b * 27 + k;
            }
        }
    for (int b = 0, fewest = 10; score < 0 && b < 3; b++)
        for (Band left = s->unsolved[b]; left; left &= left - 1) {
            int k = lowest_bit(left), count = 0;
            for (int d = 0; d < 9; d++)
                count += (int)(s->cand[d][b] >> k & 1);
            if (count < fewest) {
                fewest = count;
                best = b * 27 + k;
            }
        }
    int d = 0, most = -1;  /* its digit with the most unsolved cells left is tried first */
    for (int e = 0; e < 9; e++)
        if (s->cand[e][best / 27] >> (best % 27) & 1) {
            int left = b9_count(s->cand[e][0] & s->unsolved[0]) +
                       b9_count(s->cand[e][1] & s->unsolved[1]) +
                       b9_count(s->cand[e][2] & s->unsolved[2]);
            if (left > most) {
                most = left;
                d = e;
            }
        }
    *cell = best;
    *digit = d;
}

/* As f9_search, on levels of B9State; the solution is left in *solution. */
int b9_search(B9State *level, B9State *solution, long long most, long long limit,
              long long *nodes, long long *found)
{
    B9State *s = level;
    for (;;) {
        if (!b9_propagate(s))
            goto backtrack;
        if (!(s->unsolved[0] | s->unsolved[1] | s->unsolved[2])) {
            if (++*found > most) {
                *solution = *s;
                return 1;
            }
            goto backtrack;
        }
        if (++*nodes > limit)
            return -1;
        b9_choose(s, &s->cell, &s->digit);
        s[1] = s[0];
        s++;
        b9_place(s, s[-1].cell / 27, s[-1].cell % 27, s[-1].digit);
        continue;
    backtrack:
        if (s == level)
            return 0;
        s--;
        s->cand[s->digit][s->cell / 27] &= ~((Band)1 << (s->cell % 27));  /* the guess false */
        s->dirty |= 1u << s->digit;
    }
}

/* The solution's 81 digits (1..9) from *solution. */
void b9_digits(const B9State *solution, unsigned char *digits)
{
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++)
            for (Band left = solution->cand[d][b]; left; left &= left - 1) {
                int k = lowest_bit(left);
                digits[b * 27 + k] = (unsigned char)(d + 1);
            }
}
