/* satdoku.rules.techniques._native: the graph of a board's chain nodes (see chain_graph.h).
 *
 * Nodes and strong links are made at once; a node's weak links when first asked: the nodes of
 * its digit in the cells that see all its cells (in the order CPython iterates the set of those
 * cells: python_sets.c), then the groups of its digit inside those cells, then the node's cell's
 * other digits.
 */
#include "chain_graph.h"

#include "python_sets.h"

#include <string.h>

static int grow_ints(int **array, int *capacity, int need)
{
    if (need <= *capacity)
        return 0;
    int size = *capacity > 16 ? *capacity : 16;
    while (size < need)
        size *= 2;
    int *bigger = PyMem_Realloc(*array, (size_t)size * sizeof(int));
    if (bigger == NULL)
        return -1;
    *array = bigger;
    *capacity = size;
    return 0;
}

/* Append a node of a digit in cells; its index, or -1 when out of memory. */
static int add_node(ChainGraph *g, const int *cells, int size, int digit)
{
    if (g->count == g->capacity) {
        int capacity = g->capacity;
        if (grow_ints(&g->node_digit, &capacity, g->count + 1) < 0)
            return -1;
        capacity = g->capacity;
        if (grow_ints(&g->node_first, &capacity, g->count + 1) < 0)
            return -1;
        capacity = g->capacity;
        if (grow_ints(&g->node_size, &capacity, g->count + 1) < 0)
            return -1;
        g->capacity = capacity;
    }
    if (grow_ints(&g->pool, &g->pool_capacity, g->pool_used + size) < 0)
        return -1;
    memcpy(g->pool + g->pool_used, cells, (size_t)size * sizeof(int));
    g->node_digit[g->count] = digit;
    g->node_first[g->count] = g->pool_used;
    g->node_size[g->count] = size;
    g->pool_used += size;
    return g->count++;
}

/* The node of a digit in cells (a group added if new); -1 when out of memory. */
static int node_of(ChainGraph *g, const int *cells, int size, int digit)
{
    if (size == 1)
        return g->at[(digit - 1) * g->layout->cells + cells[0]];
    for (int j = g->cell_nodes; j < g->count; j++)
        if (g->node_digit[j] == digit && g->node_size[j] == size &&
            memcmp(node_cells(g, j), cells, (size_t)size * sizeof(int)) == 0)
            return j;
    return add_node(g, cells, size, digit);
}

static int add_link(int **links, int *used, int *capacity, int a, int b)
{
    if (a < 0 || b < 0 || grow_ints(links, capacity, *used + 2) < 0)
        return -1;
    (*links)[(*used)++] = a;
    (*links)[(*used)++] = b;
    return 0;
}

/* Split a digit's places in a house (more than two) by the houses crossing it of one kind: the
 * two parts when there are exactly two, each in house order; 0 when the split does not hold. */
static int halves(const int *crossing, const int *places, const int *spot, int count, int kind,
                  int *part, int stride, int *sizes)
{
    int group[2] = {-1, -1};
    sizes[0] = sizes[1] = 0;
    for (int i = 0; i < count; i++) {
        int house = crossing[2 * spot[i] + kind];
        if (house < 0)
            return 0;
        int which = house == group[0] ? 0 : house == group[1] ? 1 : group[0] < 0 ? 0
                    : group[1] < 0 ? 1 : -1;
        if (which < 0)
            return 0;
        group[which] = house;
        part[which * stride + sizes[which]++] = places[i];
    }
    return sizes[1] > 0;
}

/* The strong links of the houses, as pairs: a digit's two places, or its two groups. */
static int house_links(ChainGraph *g, const int *crossing, int **links, int *used, int *capacity)
{
    const Layout *l = g->layout;
    int n = l->n, first = g->digit ? g->digit : 1, last = g->digit ? g->digit : n;
    int size = 0;
    for (int h = 0; h < l->houses; h++)
        if (l->house0[h + 1] - l->house0[h] > size)
            size = l->house0[h + 1] - l->house0[h];
    int *places = PyMem_Malloc(((size_t)4 * size + 1) * sizeof(int));
    if (places == NULL)
        return -1;
    int *spot = places + size, *part = spot + size, sizes[2], failed = 0;
    for (int h = 0; h < l->houses && !failed; h++)
        for (int d = first; d <= last && !failed; d++) {
            int count = 0;
            for (int i = l->house0[h]; i < l->house0[h + 1]; i++)
                if (g->cand[l->house_cell[i]] >> (d - 1) & 1) {
                    spot[count] = i;
                    places[count++] = l->house_cell[i];
                }
            const int *at = g->at + (d - 1) * l->cells;
            if (count == 2)
                failed = add_link(links, used, capacity, at[places[0]], at[places[1]]) < 0;
            else if (count > 2 && crossing != NULL)
                for (int kind = 0; kind < 2 && !failed; kind++)
                    if (halves(crossing, places, spot, count, kind, part, size, sizes)) {
                        int a = node_of(g, part, sizes[0], d);
                        int b = a < 0 ? -1 : node_of(g, part + size, sizes[1], d);
                        failed = add_link(links, used, capacity, a, b) < 0;
                    }
        }
    PyMem_Free(places);
    return failed ? -1 : 0;
}

/* Make strong0/strong from link pairs: each node's links sorted, once each. */
static int strong_table(ChainGraph *g, const int *links, int used)
{
    g->strong0 = PyMem_Calloc((size_t)g->count + 1, sizeof(int));
    g->strong = PyMem_Malloc(((size_t)used + 1) * sizeof(int));
    if (g->strong0 == NULL || g->strong == NULL)
        return -1;
    int *fill = g->strong0 + 1;
    for (int i = 0; i < used; i++)
        fill[links[i]]++;
    for (int v = 0; v < g->count; v++)
        g->strong0[v + 1] += g->strong0[v];
    for (int v = g->count; v > 0; v--) /* fill[v - 1] counts from strong0[v - 1] upward */
        g->strong0[v] = g->strong0[v - 1];
    g->strong0[0] = 0;
    for (int i = 0; i < used; i += 2) {
        g->strong[g->strong0[links[i] + 1]++] = links[i + 1];
        g->strong[g->strong0[links[i + 1] + 1]++] = links[i];
    }
    int at = 0, begin = 0;
    for (int v = 0; v < g->count; v++) { /* sort, drop repeats, pack */
        int end = g->strong0[v + 1];
        for (int i = begin + 1; i < end; i++)
            for (int j = i; j > begin && g->strong[j - 1] > g->strong[j]; j--) {
                int t = g->strong[j];
                g->strong[j] = g->strong[j - 1];
                g->strong[j - 1] = t;
            }
        g->strong0[v] = at;
        for (int i = begin; i < end; i++)
            if (i == begin || g->strong[i] != g->strong[i - 1])
                g->strong[at++] = g->strong[i];
        begin = end;
    }
    g->strong0[g->count] = at;
    return 0;
}

/* The cells' nodes, the bivalue cells' strong links, the houses' strong links. */
static int make(ChainGraph *g, const int *crossing)
{
    const Layout *l = g->layout;
    int cells = l->cells, used = 0, capacity = 0, *links = NULL;
    for (int c = 0; c < cells; c++) {
        Mask m = g->cand[c];
        if (!m || (g->bivalue && bit_count(m) != 2))
            continue;
        for (; m; m &= m - 1) {
            int d = lowest_bit(m) + 1;
            if (g->digit && d != g->digit)
                continue;
            if ((g->at[(d - 1) * cells + c] = add_node(g, &c, 1, d)) < 0)
                return -1;
        }
    }
    g->cell_nodes = g->count;
    for (int c = 0; c < cells && !g->digit; c++) {
        Mask m = g->cand[c];
        if (bit_count(m) != 2)
            continue;
        int a = g->at[lowest_bit(m) * cells + c], b = g->at[lowest_bit(m & (m - 1)) * cells + c];
        if (a >= 0 && b >= 0 && add_link(&links, &used, &capacity, a, b) < 0) {
            PyMem_Free(links);
            return -1;
        }
    }
    int failed = !g->bivalue && house_links(g, crossing, &links, &used, &capacity) < 0;
    failed = failed || strong_table(g, links, used) < 0;
    PyMem_Free(links);
    return failed ? -1 : 0;
}

/* Each digit's groups, in node order (group0, groups). */
static int group_lists(ChainGraph *g)
{
    int n = g->layout->n;
    g->group0 = PyMem_Calloc((size_t)n + 2, sizeof(int));
    g->groups = PyMem_Malloc(((size_t)(g->count - g->cell_nodes) + 1) * sizeof(int));
    if (g->group0 == NULL || g->groups == NULL)
        return -1;
    for (int j = g->cell_nodes; j < g->count; j++)
        g->group0[g->node_digit[j]]++;
    for (int d = 1; d <= n; d++) /* group0[d]: where digit d's groups end */
        g->group0[d] += g->group0[d - 1];
    g->group0[n + 1] = g->group0[n];
    for (int j = g->count - 1; j >= g->cell_nodes; j--) /* then where they start */
        g->groups[--g->group0[g->node_digit[j]]] = j;
    return 0;
}

int chain_graph_make(ChainGraph *g, const Layout *layout, const Mask *cand, int digit,
                     int bivalue, int groups, const ChainTables *tables)
{
    memset(g, 0, sizeof *g);
    g->layout = layout, g->cand = cand, g->digit = digit, g->bivalue = bivalue;
    g->peer_order = tables->peer_order;
    int n = layout->n, cells = layout->cells, words = layout->words;
    for (int c = 0; c < cells; c++)
        if (layout->peer0[c + 1] - layout->peer0[c] > g->most_peers)
            g->most_peers = layout->peer0[c + 1] - layout->peer0[c];
    g->table_size = python_set_table(g->most_peers);
    g->at = PyMem_Malloc((size_t)n * cells * sizeof(int));
    g->holding = PyMem_Calloc((size_t)(n + 1) * words, sizeof(Mask));
    g->order = PyMem_Malloc(((size_t)3 * g->most_peers + 3) * sizeof(int));
    g->table = PyMem_Malloc((size_t)2 * g->table_size * sizeof(int));
    if (!g->at || !g->holding || !g->order || !g->table) {
        chain_graph_free(g);
        return -1;
    }
    g->common = g->holding + (size_t)n * words;
    /* a one-digit graph reads its digit's nodes and holders only */
    Mask only = digit ? 1ULL << (digit - 1) : ~0ULL;
    int *at = digit ? g->at + (size_t)(digit - 1) * cells : g->at;
    memset(at, 0xff, (size_t)(digit ? 1 : n) * cells * sizeof(int));
    for (int c = 0; c < cells; c++)
        for (Mask m = cand[c] & only; m; m &= m - 1)
            g->holding[(size_t)lowest_bit(m) * words + (c >> 6)] |= 1ULL << (c & 63);
    if (make(g, groups ? tables->crossing : NULL) < 0 || group_lists(g) < 0) {
        chain_graph_free(g);
        return -1;
    }
    g->weak0 = PyMem_Malloc(((size_t)g->count + 1) * sizeof(int));
    g->weak_count = PyMem_Malloc(((size_t)g->count + 1) * sizeof(int));
    if (g->weak0 == NULL || g->weak_count == NULL) {
        chain_graph_free(g);
        return -1;
    }
    memset(g->weak0, 0xff, ((size_t)g->count + 1) * sizeof(int));
    return 0;
}

void chain_graph_free(ChainGraph *g)
{
    int **owned[] = {&g->node_digit, &g->node_first, &g->node_size, &g->pool, &g->at,
                     &g->strong0, &g->strong, &g->weak0, &g->weak_count, &g->weak,
                     &g->group0, &g->groups, &g->order, &g->table};
    for (size_t i = 0; i < sizeof owned / sizeof owned[0]; i++) {
        PyMem_Free(*owned[i]);
        *owned[i] = NULL;
    }
    PyMem_Free(g->holding);
    g->holding = NULL;
}

/* A cell's peers in the order CPython iterates the frozenset of them. */
static const int *peers_in_order(const ChainGraph *g, int c, int *count)
{
    const Layout *l = g->layout;
    *count = l->peer0[c + 1] - l->peer0[c];
    return g->peer_order + l->peer0[c];
}

/* The cells that see all of a node's cells, in the order of CPython's frozenset made as
 * peers[c0] & peers[c1] & ...; g->common gets them as a bit set. */
static const int *common_peers(ChainGraph *g, int node, int *count)
{
    const Layout *l = g->layout;
    const int *cells = node_cells(g, node);
    const int *common = peers_in_order(g, cells[0], count);
    int *kept = g->order, *made = g->order + g->most_peers + 1;
    memcpy(g->common, l->peer_bits + (size_t)cells[0] * l->words, l->words * sizeof(Mask));
    for (int k = 1; k < g->node_size[node]; k++) {
        int others;
        const int *next = peers_in_order(g, cells[k], &others);
        int kept_count = 0;
        if (others > *count) { /* CPython walks the smaller set, the right one when as large */
            for (int i = 0; i < *count; i++)
                if (sees(l, cells[k], common[i]))
                    kept[kept_count++] = common[i];
        } else {
            for (int i = 0; i < others; i++)
                if (g->common[next[i] >> 6] >> (next[i] & 63) & 1)
                    kept[kept_count++] = next[i];
        }
        python_set_order(kept, kept_count, g->table, g->table_size, made);
        *count = kept_count;
        common = made;
        made = made == g->order + g->most_peers + 1 ? g->order + 2 * (g->most_peers + 1)
                                                    : g->order + g->most_peers + 1;
        for (int w = 0; w < l->words; w++)
            g->common[w] &= l->peer_bits[(size_t)cells[k] * l->words + w];
    }
    return common;
}

static int within_common(const ChainGraph *g, int node)
{
    const int *cells = node_cells(g, node);
    for (int k = 0; k < g->node_size[node]; k++)
        if (!(g->common[cells[k] >> 6] >> (cells[k] & 63) & 1))
            return 0;
    return 1;
}

const int *chain_graph_weak(ChainGraph *g, int node, int *count)
{
    if (g->weak0[node] >= 0) {
        *count = g->weak_count[node];
        return g->weak + g->weak0[node];
    }
    const Layout *l = g->layout;
    int d = g->node_digit[node], common_count, n = l->n;
    const int *common = common_peers(g, node, &common_count);
    int need = g->weak_used + common_count + (g->count - g->cell_nodes) + n;
    if (grow_ints(&g->weak, &g->weak_capacity, need) < 0)
        return NULL;
    int *links = g->weak + g->weak_used, found = 0;
    const int *at = g->at + (d - 1) * l->cells;
    for (int i = 0; i < common_count; i++)
        if (at[common[i]] >= 0)
            links[found++] = at[common[i]];
    for (int k = g->group0[d]; k < g->group0[d + 1]; k++)
        if (g->groups[k] != node && within_common(g, g->groups[k]))
            links[found++] = g->groups[k];
    if (g->node_size[node] == 1) {
        int c = node_cells(g, node)[0];
        for (Mask m = g->cand[c]; m; m &= m - 1) {
            int e = lowest_bit(m) + 1, j;
            if (e != d && (!g->digit || e == g->digit) && (j = g->at[(e - 1) * l->cells + c]) >= 0)
                links[found++] = j;
        }
    }
    g->weak0[node] = g->weak_used;
    g->weak_count[node] = found;
    g->weak_used += found;
    *count = found;
    return links;
}
