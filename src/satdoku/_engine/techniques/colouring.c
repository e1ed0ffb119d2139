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

typedef struct {
    const Layout *l;
    const Mask *cand;
    int *partner;  /* partner[l->of0[c] ..]: c's partners, ascending, count in partners[c] */
    int *partners;
    int *colour;   /* -1 uncoloured, else 0 or 1 */
    int *cluster;  /* the cluster a coloured cell belongs to */
    int *member;   /* the current cluster's cells in the order coloured */
    int *link;     /* the current cluster's links, two cells each */
    int *gone;
    Mask *side;    /* two bit sets over cells, words each: the current cluster's colours */
} Colouring;

/* Join a and b (once, even when they pair in two houses), keeping each list ascending. */
static void add_partner(Colouring *k, int a, int b)
{
    int *list = k->partner + k->l->of0[a], count = k->partners[a], at = count;
    for (int i = 0; i < count; i++)
        if (list[i] == b)
            return;
    while (at > 0 && list[at - 1] > b) {
        list[at] = list[at - 1];
        at--;
    }
    list[at] = b;
    k->partners[a] = count + 1;
}

static void pair_up(Colouring *k, Mask bit, const Mask *pairs)
{
    const Layout *l = k->l;
    memset(k->partners, 0, sizeof(int) * (size_t)l->cells);
    for (int h = 0; h < l->houses; h++)
        if (pairs[h] & bit) {
            int a, b;
            two_places(l, k->cand, h, bit, &a, &b);
            add_partner(k, a, b);
            add_partner(k, b, a);
        }
}

/* Colour the cluster of root (number id); return its size; its links go to k->link. */
static int colour_cluster(Colouring *k, int root, int id, int *links)
{
    int *todo = k->gone, top = 0, size = 0;
    k->colour[root] = 0, k->cluster[root] = id, k->member[size++] = root;
    todo[top++] = root;
    *links = 0;
    while (top) {
        int a = todo[--top];
        const int *list = k->partner + k->l->of0[a];
        for (int i = 0; i < k->partners[a]; i++) {
            int b = list[i];
            if (k->colour[b] >= 0)
                continue;
            k->colour[b] = 1 - k->colour[a], k->cluster[b] = id, k->member[size++] = b;
            k->link[2 * *links] = a, k->link[2 * *links + 1] = b, ++*links;
            todo[top++] = b;
        }
    }
    return size;
}

static int meets(const Mask *a, const Mask *b, int words)
{
    for (int w = 0; w < words; w++)
        if (a[w] & b[w])
            return 1;
    return 0;
}

static int ascending(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

/* The cells losing the digit: a colour that sees itself, else the cells seeing both colours. */
static int removals(Colouring *k, int size, int id, Mask bit)
{
    const Layout *l = k->l;
    int words = l->words, found = 0;
    Mask *side[2] = {k->side, k->side + words};
    memset(k->side, 0, sizeof(Mask) * 2 * (size_t)words);
    for (int i = 0; i < size; i++) {
        int c = k->member[i];
        side[k->colour[c]][c >> 6] |= 1ULL << (c & 63);
    }
    for (int s = 0; s < 2 && !found; s++) {
        int wraps = 0;
        for (int i = 0; i < size && !wraps; i++)
            if (k->colour[k->member[i]] == s)
                wraps = meets(l->peer_bits + (size_t)k->member[i] * words, side[s], words);
        if (wraps) {
            for (int i = 0; i < size; i++)
                if (k->colour[k->member[i]] == s)
                    k->gone[found++] = k->member[i];
            qsort(k->gone, (size_t)found, sizeof(int), ascending);
        }
    }
    if (found)
        return found;
    for (int c = 0; c < l->cells; c++)
        if ((k->cand[c] & bit) && !(k->colour[c] >= 0 && k->cluster[c] == id)) {
            const Mask *row = l->peer_bits + (size_t)c * words;
            if (meets(row, side[0], words) && meets(row, side[1], words))
                k->gone[found++] = c;
        }
    return found;
}

typedef struct {
    int digit, links, size, gone;
} Found;

/* The first cluster, digit by digit and root by root, that removes a candidate. */
static int find_colouring(Colouring *k, const Mask *pairs, Found *f)
{
    const Layout *l = k->l;
    for (int d = 1; d <= l->n; d++) {
        Mask bit = 1ULL << (d - 1);
        pair_up(k, bit, pairs);
        for (int c = 0; c < l->cells; c++)
            k->colour[c] = -1;
        for (int root = 0, id = 0; root < l->cells; root++) {
            if (!k->partners[root] || k->colour[root] >= 0)
                continue;
            int links, size = colour_cluster(k, root, id, &links);
            if (size > 2 && (f->gone = removals(k, size, id, bit)) > 0) {
                f->digit = d, f->links = links, f->size = size;
                return 1;
            }
            id++;
        }
    }
    return 0;
}

static PyObject *links_tuple(const int *link, int count)
{
    PyObject *tuple = PyTuple_New(count);
    if (tuple == NULL)
        return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *pair = Py_BuildValue("(ii)", link[2 * i], link[2 * i + 1]);
        if (pair == NULL) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, i, pair);
    }
    return tuple;
}

PyObject *technique_simple_colouring(PyObject *module, PyObject *args)
{
    (void)module;
    Scratch s;
    if (scratch_open(&s, args, 7) < 0)
        return NULL;
    const Layout *l = s.layout;
    size_t entries = (size_t)l->of0[l->cells];
    void *more = PyMem_Malloc(sizeof(Mask) * 2 * (size_t)l->words + sizeof(int) * entries + 1);
    if (more == NULL) {
        scratch_close(&s);
        return PyErr_NoMemory();
    }
    int *ints = s.ints, cells = l->cells;
    Colouring k = {
        .l = l, .cand = s.cand, .side = more, .partner = (int *)((Mask *)more + 2 * l->words),
        .partners = ints, .colour = ints + cells, .cluster = ints + 2 * cells,
        .member = ints + 3 * cells, .link = ints + 4 * cells, .gone = ints + 6 * cells,
    };
    house_pairs(&s);
    Found f;
    PyObject *answer = Py_None;
    if (find_colouring(&k, s.pairs, &f))
        answer = Py_BuildValue("(iNiN)", f.digit, links_tuple(k.link, f.links), f.size,
                               ints_tuple(k.gone, f.gone));
    else
        Py_INCREF(answer);
    PyMem_Free(more);
    scratch_close(&s);
    return answer;
}
