/* satdoku.rules.techniques._native: simple colouring, digit by digit.
 *
 * A digit's conjugate pairs (its only two places in a house) join cells into clusters; each
 * cluster is coloured from its smallest cell, depth first (the last cell coloured is the next
 * one explored, its partners ascending), as satdoku.rules.techniques._colouring does, which
 * fixes the order of the links the answer names.  A cluster of three cells or more removes the
 * digit from a colour two of whose cells see each other (colour wrap, the first colour first),
 * else from every cell outside it seeing both colours (colour trap).
 */
#include "colouring.h"

#include <string.h>

enum { UNPAIRED = -2, UNCOLOURED = -1 };

typedef struct {
    const Layout *l;
    const Mask *cand;
    const Mask *pairs;  /* per house the digits with two places */
    Mask bit;           /* the digit */
    int *colour;        /* UNPAIRED, UNCOLOURED, or 0 or 1 */
    int *member;        /* the current cluster's cells in the order coloured */
    int *link_from;     /* the current cluster's links: from a coloured cell */
    int *link_to;       /* to the cell it coloured */
    int *gone;          /* the eliminations; the stack of cells to explore before */
    int *partner;       /* one cell's partners */
    Mask side[2 * 64];  /* two bit sets over cells (words each): the cluster's colours, */
    Mask seen[2 * 64];  /* the cells seeing each colour */
    Mask cells[64];     /* and the cells with the digit */
} Colouring;

/* Mark the cells of the digit's conjugate pairs UNCOLOURED, the others UNPAIRED; note the
 * digit's cells. */
static void mark_pairs(Colouring *k)
{
    const Layout *l = k->l;
    memset(k->cells, 0, sizeof(Mask) * (size_t)l->words);
    for (int c = 0; c < l->cells; c++) {
        k->colour[c] = UNPAIRED;
        if (k->cand[c] & k->bit)
            k->cells[c >> 6] |= 1ULL << (c & 63);
    }
    for (int h = 0; h < l->houses; h++)
        if (k->pairs[h] & k->bit) {
            int a, b;
            two_places(l, k->cand, h, k->bit, &a, &b);
            k->colour[a] = k->colour[b] = UNCOLOURED;
        }
}

/* Write a's partners (its pair's other cell, house by house), ascending and each once. */
static int partners_of(Colouring *k, int a)
{
    const Layout *l = k->l;
    int count = 0;
    for (int i = l->of0[a]; i < l->of0[a + 1]; i++) {
        int h = l->of_house[i], first, second;
        if (!(k->pairs[h] & k->bit))
            continue;
        two_places(l, k->cand, h, k->bit, &first, &second);
        int b = first == a ? second : first, at = count, known = 0;
        for (int j = 0; j < count && !known; j++)
            known = k->partner[j] == b;
        if (known)
            continue;
        while (at > 0 && k->partner[at - 1] > b) {
            k->partner[at] = k->partner[at - 1];
            at--;
        }
        k->partner[at] = b;
        count++;
    }
    return count;
}

/* Colour the cluster of root; return its size; its links go to k->link_from and link_to. */
static int colour_cluster(Colouring *k, int root, int *links)
{
    int *todo = k->gone, top = 0, size = 0;
    k->colour[root] = 0, k->member[size++] = root;
    todo[top++] = root;
    *links = 0;
    while (top) {
        int a = todo[--top], count = partners_of(k, a);
        for (int i = 0; i < count; i++) {
            int b = k->partner[i];
            if (k->colour[b] >= 0)
                continue;
            k->colour[b] = 1 - k->colour[a], k->member[size++] = b;
            k->link_from[*links] = a, k->link_to[*links] = b, ++*links;
            todo[top++] = b;
        }
    }
    return size;
}

static int ascending(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* The cells losing the digit: a colour that sees itself, else the cells seeing both colours. */
static int removals(Colouring *k, int size)
{
    const Layout *l = k->l;
    int words = l->words, found = 0;
    memset(k->side, 0, sizeof(Mask) * 2 * (size_t)words);
    memset(k->seen, 0, sizeof(Mask) * 2 * (size_t)words);
    for (int i = 0; i < size; i++) {
        int c = k->member[i];
        Mask *side = k->side + k->colour[c] * words, *seen = k->seen + k->colour[c] * words;
        const Mask *peers = l->peer_bits + (size_t)c * words;
        side[c >> 6] |= 1ULL << (c & 63);
        for (int w = 0; w < words; w++)
            seen[w] |= peers[w];
    }
    for (int s = 0; s < 2; s++) {
        int wraps = 0;
        for (int w = 0; w < words && !wraps; w++)
            wraps = (k->side[s * words + w] & k->seen[s * words + w]) != 0;
        if (wraps) {
            for (int i = 0; i < size; i++)
                if (k->colour[k->member[i]] == s)
                    k->gone[found++] = k->member[i];
            qsort(k->gone, (size_t)found, sizeof(int), ascending);
            return found;
        }
    }
    for (int w = 0; w < words; w++) {
        Mask out = k->cells[w] & ~(k->side[w] | k->side[words + w]);
        for (Mask m = out & k->seen[w] & k->seen[words + w]; m; m &= m - 1)
            k->gone[found++] = w * 64 + lowest_bit(m);
    }
    return found;
}

typedef struct {
    int digit, links, size, gone;
} Found;

/* The first cluster, digit by digit and root by root, that removes a candidate. */
static int find_colouring(Colouring *k, Found *f)
{
    const Layout *l = k->l;
    Mask paired = 0;
    for (int h = 0; h < l->houses; h++)
        paired |= k->pairs[h];
    for (int d = 1; d <= l->n; d++) {
        k->bit = 1ULL << (d - 1);
        if (!(paired & k->bit))
            continue;
        mark_pairs(k);
        for (int root = 0; root < l->cells; root++) {
            if (k->colour[root] != UNCOLOURED)
                continue;
            int links, size = colour_cluster(k, root, &links);
            if (size > 2 && (f->gone = removals(k, size)) > 0) {
                f->digit = d, f->links = links, f->size = size;
                return 1;
            }
        }
    }
    return 0;
}

static PyObject *colouring_answer(Scratch *s)
{
    int *ints = s->ints, cells = s->layout->cells;
    Colouring k = {
        .l = s->layout, .cand = s->cand, .pairs = s->pairs, .colour = ints,
        .member = ints + cells, .link_from = ints + 2 * cells, .link_to = ints + 3 * cells,
        .gone = ints + 4 * cells, .partner = ints + 5 * cells,
    };
    house_pairs(s);
    Found f;
    if (!find_colouring(&k, &f))
        Py_RETURN_NONE;
    return Py_BuildValue("(iNiN)", f.digit, pairs_tuple(k.link_from, k.link_to, f.links), f.size,
                         ints_tuple(k.gone, f.gone));
}

PyObject *technique_simple_colouring(PyObject *module, PyObject *args)
{
    (void)module;
    return run_finder(args, 6, colouring_answer);
}
