/* satdoku.rules.techniques._native: X-chains, XY-chains, AICs and one-digit four-node chains.
 *
 * The breadth-first search of satdoku.rules.techniques._chains (_shortest, _from) over
 * chain_graph.c's graph: from each node with a strong link in turn, a state being a node and
 * whether a strong link reached it, the first state that removes a candidate ends the chain;
 * later starts must beat the best chain so far.  Same graph order, same search order: the same
 * chain as the Python search, and the same candidates removed.
 */
#include "chains.h"

#include <string.h>

typedef struct {
    int *mark;   /* per state (2 * node + on): the start + 1 that reached it */
    int *parent; /* per state: the state it was reached from */
    int *level;  /* the states of this level, then the next */
    int *grown;
    int *path;   /* the chain found, nodes from the start */
    Mask *mine;  /* words: the cells holding the start's digit that see all its cells */
} Search;

static void search_free(Search *s)
{
    PyMem_Free(s->mark);
    PyMem_Free(s->mine);
    memset(s, 0, sizeof *s);
}

static int search_make(Search *s, const ChainGraph *g)
{
    size_t states = (size_t)2 * g->count + 2;
    s->mark = PyMem_Calloc(5 * states, sizeof(int));
    s->mine = PyMem_Malloc((size_t)g->layout->words * sizeof(Mask));
    if (s->mark == NULL || s->mine == NULL) {
        search_free(s);
        return -1;
    }
    s->parent = s->mark + states, s->level = s->parent + states, s->grown = s->level + states;
    s->path = s->grown + states;
    return 0;
}

/* The cells of word w of mine that see all of node v's cells. */
static Mask seen_word(const ChainGraph *g, const Mask *mine, int v, int w)
{
    const Layout *l = g->layout;
    const int *cells = node_cells(g, v);
    Mask m = mine[w];
    for (int k = 0; k < g->node_size[v] && m; k++)
        m &= l->peer_bits[(size_t)cells[k] * l->words + w];
    return m;
}

/* Whether some cell of mine sees all of node v's cells. */
static int meets(const ChainGraph *g, const Mask *mine, int v)
{
    for (int w = 0; w < g->layout->words; w++)
        if (seen_word(g, mine, v, w))
            return 1;
    return 0;
}

/* Whether a chain from start to node v removes a candidate (ChainGraph.removers). */
static int removes(const ChainGraph *g, const Search *s, int start, int v)
{
    int d = g->node_digit[start], e = g->node_digit[v];
    if (e == d)
        return meets(g, s->mine, v);
    if (g->node_size[start] > 1 || g->node_size[v] > 1)
        return 0;
    int a = node_cells(g, start)[0], b = node_cells(g, v)[0];
    if (a == b)
        return bit_count(g->cand[a]) >= 3;
    return sees(g->layout, a, b) && ((g->cand[a] >> (e - 1) & 1) || (g->cand[b] >> (d - 1) & 1));
}

static void mine_of(const ChainGraph *g, Search *s, int start)
{
    const Layout *l = g->layout;
    const int *cells = node_cells(g, start);
    const Mask *holding = g->holding + (size_t)(g->node_digit[start] - 1) * l->words;
    for (int w = 0; w < l->words; w++) {
        Mask m = holding[w];
        for (int k = 0; k < g->node_size[start]; k++)
            m &= l->peer_bits[(size_t)cells[k] * l->words + w];
        s->mine[w] = m;
    }
}

/* Expand one state of a level into grown; the state found (removing), -1 none, -2 no memory. */
static int expand(ChainGraph *g, Search *s, int start, int state, int *made)
{
    int u = state >> 1, stamp = start + 1;
    if (state & 1) {
        int count;
        const int *weak = chain_graph_weak(g, u, &count);
        if (weak == NULL)
            return -2;
        for (int j = 0; j < count; j++) {
            int key = 2 * weak[j];
            if (s->mark[key] != stamp) {
                s->mark[key] = stamp, s->parent[key] = state;
                s->grown[(*made)++] = key;
            }
        }
        return -1;
    }
    for (int j = g->strong0[u]; j < g->strong0[u + 1]; j++) {
        int v = g->strong[j], key = 2 * v + 1;
        if (s->mark[key] == stamp)
            continue;
        s->mark[key] = stamp, s->parent[key] = state;
        if (v != start && removes(g, s, start, v))
            return key;
        s->grown[(*made)++] = key;
    }
    return -1;
}

/* The first chain of at most limit nodes from start: its length into s->path, 0 none, -1 no
 * memory. */
static int search_from(ChainGraph *g, Search *s, int start, int limit)
{
    int first = 2 * start, count = 1, found = -1;
    mine_of(g, s, start);
    s->mark[first] = start + 1, s->parent[first] = first;
    s->level[0] = first;
    for (int step = 0; step < limit - 1 && found < 0; step++) {
        int made = 0;
        for (int i = 0; i < count && found < 0; i++) {
            found = expand(g, s, start, s->level[i], &made);
            if (found == -2)
                return -1;
        }
        if (found >= 0 || made == 0)
            break;
        int *t = s->level;
        s->level = s->grown, s->grown = t, count = made;
    }
    if (found < 0)
        return 0;
    int length = 1;
    for (int key = found; key != first; key = s->parent[key])
        length++;
    int at = length;
    for (int key = found;; key = s->parent[key]) {
        s->path[--at] = key >> 1;
        if (key == first)
            break;
    }
    return length;
}

/* _shortest: the shortest chain of at most most nodes into best (nodes); its length, 0 none,
 * -1 no memory. */
static int shortest(ChainGraph *g, int most, int *best)
{
    Search s;
    if (search_make(&s, g) < 0)
        return -1;
    int length = 0;
    for (int start = 0; start < g->count; start++) {
        if (g->strong0[start] == g->strong0[start + 1])
            continue;
        int found = search_from(g, &s, start, length ? length - 1 : most);
        if (found < 0) {
            length = -1;
            break;
        }
        if (found > 0) {
            length = found;
            memcpy(best, s.path, (size_t)found * sizeof(int));
        }
    }
    search_free(&s);
    return length;
}

/* _Ends.gone: the candidates weakly linked to both ends, as (cell, digit) pairs into out. */
int chain_gone(const ChainGraph *g, const int *chain, int length, int *out)
{
    const Layout *l = g->layout;
    int start = chain[0], end = chain[length - 1], found = 0;
    int d = g->node_digit[start], e = g->node_digit[end];
    if (e == d) {
        Search s = {0};
        Mask mine[64]; /* words <= 64: at most 4096 cells */
        s.mine = mine;
        mine_of(g, &s, start);
        for (int w = 0; w < l->words; w++)
            for (Mask m = seen_word(g, mine, end, w); m; m &= m - 1) {
                out[found++] = w * 64 + lowest_bit(m);
                out[found++] = d;
            }
        return found;
    }
    if (g->node_size[start] > 1 || g->node_size[end] > 1)
        return 0;
    int a = node_cells(g, start)[0], b = node_cells(g, end)[0];
    if (a == b) {
        for (Mask m = g->cand[a]; m; m &= m - 1) {
            int x = lowest_bit(m) + 1;
            if (x != d && x != e)
                out[found++] = a, out[found++] = x;
        }
        return found;
    }
    if (!sees(l, a, b))
        return 0;
    int pairs[4] = {a, e, b, d}, take[2];
    take[0] = (int)(g->cand[a] >> (e - 1) & 1), take[1] = (int)(g->cand[b] >> (d - 1) & 1);
    for (int k = 0; k < 2; k++) {
        int i = a < b ? k : 1 - k;
        if (take[i])
            out[found++] = pairs[2 * i], out[found++] = pairs[2 * i + 1];
    }
    return found;
}

int chain_find(const Layout *l, const Mask *cand, int kind, int most,
               const ChainTables *tables, ChainGraph *kept, int *chain)
{
    ChainGraph graph;
    int length = 0, failed = 0, first = kind < 2 ? 1 : 0, last = kind < 2 ? l->n : 0;
    for (int d = first; d <= last && !failed; d++) {
        if (chain_graph_make(&graph, l, cand, d, kind == 2, kind == 3, tables) < 0) {
            failed = 1;
            break;
        }
        int limit = kind == 0 ? 4 : length ? length - 1 : most; /* x-chains: only shorter wins */
        int found = shortest(&graph, limit, chain);
        if (found > 0) {
            if (length)
                chain_graph_free(kept);
            *kept = graph, length = found;
        } else {
            chain_graph_free(&graph);
        }
        failed = found < 0;
        if (kind == 0 && found > 0)
            break;
    }
    if (failed && length)
        chain_graph_free(kept);
    return failed ? -1 : length;
}
