/* satdoku.rules.techniques._native: unique rectangles and BUG+1.
 *
 * Rectangles come in the order of satdoku.rules.techniques._uniqueness: rows r1 < r2, columns
 * c1 < c2, corners (r1c1, r1c2, r2c1, r2c2), then pairs of their common digits ascending; a
 * rectangle counts when two corners or more hold only the pair and swapping the pair on the
 * corners keeps every house (deadly).  Every rectangle is tried as type 1, then every one as
 * type 2, 3 and 4; the first that removes a candidate is the answer.  BUG+1: the one cell with
 * three candidates, all others two, and the digit whose removal leaves every digit twice or not
 * at all in every house.
 */
#include "uniqueness.h"

typedef struct {
    int type;
    int corners[4];
    Mask mask;      /* the rectangle's pair */
    int extra;      /* type 3: the cell completing the subset, else -1 */
    int house;      /* types 3 and 4: the house, else -1 */
    int digits[4];
    int digit_count;
    int gone;       /* eliminations in gone_cell / gone_digit */
    int *gone_cell;
    int *gone_digit;
} Rectangle;

static int digit_of(Mask bit) { return lowest_bit(bit) + 1; }

static int has_house(const Layout *l, int cell, int house)
{
    for (int i = l->of0[cell]; i < l->of0[cell + 1]; i++)
        if (l->of_house[i] == house)
            return 1;
    return 0;
}

/* Whether every house of a corner holds two corners, never two opposite ones (a, d or b, c). */
static int deadly(const Layout *l, const int corners[4])
{
    for (int k = 0; k < 4; k++)
        for (int i = l->of0[corners[k]]; i < l->of0[corners[k] + 1]; i++) {
            int h = l->of_house[i], in = 0;
            for (int j = 0; j < 4; j++)
                in |= (j == k || has_house(l, corners[j], h)) << j;
            if (bit_count((Mask)in) != 2 || in == 9 || in == 6)
                return 0;
        }
    return 1;
}

/* The roof: the corners not holding exactly the pair, in corner order; returns how many. */
static int roof_of(const Mask *cand, const Rectangle *r, int roof[4])
{
    int count = 0;
    for (int k = 0; k < 4; k++)
        if (cand[r->corners[k]] != r->mask)
            roof[count++] = r->corners[k];
    return count;
}

static int is_corner(const Rectangle *r, int cell)
{
    return cell == r->corners[0] || cell == r->corners[1] || cell == r->corners[2] ||
           cell == r->corners[3];
}

static void put_digits(Rectangle *r, Mask mask)
{
    for (; mask; mask &= mask - 1)
        r->digits[r->digit_count++] = lowest_bit(mask) + 1;
}

static void eliminate(Rectangle *r, int cell, Mask digits)
{
    for (; digits; digits &= digits - 1)
        r->gone_cell[r->gone] = cell, r->gone_digit[r->gone++] = lowest_bit(digits) + 1;
}

static int type_1(const Layout *l, const Mask *cand, Rectangle *r)
{
    int roof[4];
    (void)l;
    if (roof_of(cand, r, roof) != 1)
        return 0;
    eliminate(r, roof[0], r->mask);
    put_digits(r, r->mask);
    return 1;
}

static int type_2(const Layout *l, const Mask *cand, Rectangle *r)
{
    int roof[4];
    if (roof_of(cand, r, roof) != 2 || cand[roof[0]] != cand[roof[1]])
        return 0;
    Mask extra = cand[roof[0]] & ~r->mask;
    if (!one_bit(extra))
        return 0;
    int *seen = r->gone_cell + l->cells;  /* scratch past the eliminations */
    int count = seeing_all(l, cand, roof, 2, extra, seen);
    for (int i = 0; i < count; i++)
        if (!is_corner(r, seen[i]))
            eliminate(r, seen[i], extra);
    if (!r->gone)
        return 0;
    put_digits(r, r->mask);
    put_digits(r, extra);
    return 1;
}

static int type_3(const Layout *l, const Mask *cand, Rectangle *r)
{
    int roof[4];
    if (roof_of(cand, r, roof) != 2)
        return 0;
    Mask extra = (cand[roof[0]] | cand[roof[1]]) & ~r->mask;
    if (!two_bits(extra))
        return 0;
    for (int i = l->of0[roof[0]]; i < l->of0[roof[0] + 1]; i++) {
        int h = l->of_house[i];
        if (!has_house(l, roof[1], h))
            continue;
        for (int j = l->house0[h]; j < l->house0[h + 1]; j++) {
            int other = l->house_cell[j];
            if (is_corner(r, other) || cand[other] != extra)
                continue;
            for (int k = l->house0[h]; k < l->house0[h + 1]; k++) {
                int c = l->house_cell[k];
                if (c != roof[0] && c != roof[1] && c != other)
                    eliminate(r, c, cand[c] & extra);
            }
            if (r->gone) {
                r->extra = other, r->house = h;
                put_digits(r, r->mask);
                put_digits(r, extra);
                return 1;
            }
        }
    }
    return 0;
}

static int type_4(const Layout *l, const Mask *cand, Rectangle *r)
{
    int roof[4];
    if (roof_of(cand, r, roof) != 2)
        return 0;
    for (int i = l->of0[roof[0]]; i < l->of0[roof[0] + 1]; i++) {
        int h = l->of_house[i];
        if (!has_house(l, roof[1], h))
            continue;
        for (Mask rest = r->mask; rest; rest &= rest - 1) {
            Mask keep = 1ULL << lowest_bit(rest);
            int places = 0, inside = 1;
            for (int j = l->house0[h]; j < l->house0[h + 1] && inside; j++) {
                int c = l->house_cell[j];
                if (cand[c] & keep) {
                    places++;
                    inside = c == roof[0] || c == roof[1];
                }
            }
            if (!inside || places != 2)
                continue;
            Mask other = r->mask & ~keep;
            eliminate(r, roof[0], other);
            eliminate(r, roof[1], other);
            r->house = h;
            r->digits[0] = digit_of(keep), r->digits[1] = digit_of(other), r->digit_count = 2;
            return 1;
        }
    }
    return 0;
}

typedef int (*Type)(const Layout *, const Mask *, Rectangle *);

/* Any rectangle at all: most boards have none, and one pass tells. */
static int any_type(const Layout *l, const Mask *cand, Rectangle *r)
{
    (void)l, (void)cand, (void)r;
    return 1;
}

/* Try one type on the rectangle's pairs of two or more corners holding only the pair. */
static int try_pairs(const Layout *l, const Mask *cand, Mask common, Type type, Rectangle *r)
{
    const int *x = r->corners;
    for (Mask p = common; p; p &= p - 1)
        for (Mask q = p & (p - 1); q; q &= q - 1) {
            Mask mask = (1ULL << lowest_bit(p)) | (1ULL << lowest_bit(q));
            int floor = 0;
            for (int k = 0; k < 4; k++)
                floor += cand[x[k]] == mask;
            if (floor < 2)
                continue;
            r->mask = mask, r->extra = -1, r->house = -1, r->digit_count = 0, r->gone = 0;
            if (type(l, cand, r))
                return 1;
        }
    return 0;
}

/* Try one type on every rectangle, in order; 1 when one removes a candidate (r holds it). */
static int try_type(const Layout *l, const Mask *cand, int number, Type type, Rectangle *r)
{
    int n = l->n, columns[64];
    for (int r1 = 0; r1 < n; r1++)
        for (int r2 = r1 + 1; r2 < n; r2++) {
            const Mask *top = cand + r1 * n, *bottom = cand + r2 * n;
            int count = 0;  /* the columns whose two cells share two digits or more */
            for (int c = 0; c < n; c++)
                if (two_bits_or_more(top[c] & bottom[c]))
                    columns[count++] = c;
            for (int i = 0; i < count; i++)
                for (int j = i + 1; j < count; j++) {
                    int c1 = columns[i], c2 = columns[j], *x = r->corners;
                    x[0] = r1 * n + c1, x[1] = r1 * n + c2, x[2] = r2 * n + c1, x[3] = r2 * n + c2;
                    Mask common = cand[x[0]] & cand[x[1]] & cand[x[2]] & cand[x[3]];
                    if (!two_bits_or_more(common))
                        continue;
                    int bivalue = 0;
                    for (int k = 0; k < 4; k++)
                        bivalue += two_bits(cand[x[k]]);
                    if (bivalue < 2 || !deadly(l, x))
                        continue;
                    if (try_pairs(l, cand, common, type, r)) {
                        r->type = number;
                        return 1;
                    }
                }
        }
    return 0;
}

static PyObject *rectangle_answer(Scratch *s)
{
    const Layout *l = s->layout;
    Rectangle r = {.gone_cell = s->ints, .gone_digit = s->ints + 2 * l->cells};
    static const Type types[] = {type_1, type_2, type_3, type_4};
    int found = 0;
    if (try_type(l, s->cand, 0, any_type, &r))
        for (int t = 0; t < 4 && !found; t++)
            found = try_type(l, s->cand, t + 1, types[t], &r);
    if (!found)
        Py_RETURN_NONE;
    return Py_BuildValue("(i(iiii)iiNN)", r.type, r.corners[0], r.corners[1], r.corners[2],
                         r.corners[3], r.extra, r.house, ints_tuple(r.digits, r.digit_count),
                         pairs_tuple(r.gone_cell, r.gone_digit, r.gone));
}

PyObject *technique_unique_rectangle(PyObject *module, PyObject *args)
{
    (void)module;
    return run_finder(args, 4, rectangle_answer);
}

/* Whether every digit has no place or exactly two in every house. */
static int all_twice(const Layout *l, const Mask *cand)
{
    Mask other;
    for (int h = 0; h < l->houses; h++) {
        twice_in(l, cand, h, &other);
        if (other)
            return 0;
    }
    return 1;
}

static PyObject *bug_answer(Scratch *s)
{
    const Layout *l = s->layout;
    int odd = -1, odds = 0;
    for (int c = 0; c < l->cells && odds < 2; c++)
        if (s->cand[c] && !two_bits(s->cand[c]))
            odd = c, odds++;
    if (odds != 1 || bit_count(s->cand[odd]) != 3)
        Py_RETURN_NONE;
    Mask all = s->cand[odd];
    for (Mask rest = all; rest; rest &= rest - 1) {
        s->cand[odd] = all & ~(1ULL << lowest_bit(rest));
        if (all_twice(l, s->cand))
            return Py_BuildValue("(ii)", odd, lowest_bit(rest) + 1);
    }
    Py_RETURN_NONE;
}

PyObject *technique_bug_plus_1(PyObject *module, PyObject *args)
{
    (void)module;
    return run_finder(args, 0, bug_answer);
}
