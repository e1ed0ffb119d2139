/* satdoku.rules.techniques._native: the graph of a board's chain nodes (chain_graph.c).
 *
 * The same graph as satdoku.rules.techniques._chain_graph.ChainGraph, node for node and link
 * for link in the same order: nodes are a digit in one cell (cells ascending, digits ascending)
 * then, with groups, a digit's places in a box within one row or column (as the houses meet
 * them); strong links sorted; each node's weak links made when first asked, in the order the
 * Python graph lists them (which walks CPython sets of cells: python_sets.c reproduces their
 * iteration order, and the Python side checks it against the running interpreter).
 */
#ifndef SATDOKU_TECHNIQUES_CHAIN_GRAPH_H
#define SATDOKU_TECHNIQUES_CHAIN_GRAPH_H

#include "layout.h"

typedef struct {
    const Layout *layout;
    const Mask *cand;     /* the board: one candidate mask per cell */
    int digit;            /* the graph's one digit, 0 for all */
    int bivalue;          /* bivalue cells only */
    int count;            /* nodes */
    int cell_nodes;       /* nodes below this index are one cell each, the rest are groups */
    int capacity;         /* of the per-node arrays */
    int *node_digit;      /* per node */
    int *node_first;      /* per node: its cells are pool[node_first .. node_first + node_size) */
    int *node_size;
    int *pool;
    int pool_used, pool_capacity;
    int *at;              /* n * cells: node of digit d in cell c at (d - 1) * cells + c, or -1 */
    int *strong0;         /* count + 1 starts into strong: each node's strong links, ascending */
    int *strong;
    int *weak0;           /* per node: start of its weak links in weak, -1 until asked */
    int *weak_count;
    int *weak;
    int weak_used, weak_capacity;
    Mask *holding;        /* n * words: per digit the cells holding it */
    Mask *common;         /* words: scratch */
    const int *peer_order; /* peer0[cells]: each cell's peers as CPython's frozenset lists them */
    int *group0;          /* n + 2 starts into groups: the groups of digit d, in node order, are */
    int *groups;          /* groups[group0[d] .. group0[d + 1]) */
    int *order;           /* scratch: three lists of at most most_peers cells */
    int most_peers;
    int *table;           /* scratch: two set tables of table_size ints */
    int table_size;
} ChainGraph;

/* What the graph reads of a shape besides its Layout, made once per shape by the Python side:
 * peer_order, each cell's peers (peer0 starts) in the order CPython iterates the frozenset of
 * them; crossing, per house cell (house0 order) the cell's row and column houses for an area,
 * or its box and region houses for a line, two ints each, -1 for none. */
typedef struct {
    const int *peer_order;
    const int *crossing;
} ChainTables;

/* Make the graph of one digit (digit > 0), of bivalue cells, or of all nodes, with groups when
 * groups is set.  0, or -1 when out of memory (the graph then holds nothing to free). */
INTERNAL int chain_graph_make(ChainGraph *g, const Layout *layout, const Mask *cand, int digit,
                              int bivalue, int groups, const ChainTables *tables);

INTERNAL void chain_graph_free(ChainGraph *g);

/* The weak links of a node (made on the first call); NULL when out of memory. */
INTERNAL const int *chain_graph_weak(ChainGraph *g, int node, int *count);

/* A node's cells. */
static inline const int *node_cells(const ChainGraph *g, int node)
{
    return g->pool + g->node_first[node];
}

#endif
