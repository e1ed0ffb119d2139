/* satdoku.rules.techniques._native: the chain searches (chains.c).
 *
 * chain_find() runs the search of satdoku.rules.techniques._chains over chain_graph.c's graph:
 * kind 0 the one-digit chains of at most four nodes (digit by digit, the first digit with one),
 * 1 X-chains (the shortest over the digits, the first digit on a tie), 2 XY-chains, 3 AICs
 * (with groups).  chain_gone() lists what a chain
 * removes, as the Python search's _Ends.gone does.
 */
#ifndef SATDOKU_TECHNIQUES_CHAINS_H
#define SATDOKU_TECHNIQUES_CHAINS_H

#include "chain_graph.h"

/* The chain of a kind of at most most nodes: its length (the nodes into chain, which holds
 * max(most, 4) ints; the graph it lives in into kept, for the caller to free), 0 when there is
 * none (nothing kept), -1 when out of memory (nothing kept). */
INTERNAL int chain_find(const Layout *l, const Mask *cand, int kind, int most,
                        const ChainTables *tables, ChainGraph *kept, int *chain);

/* The candidates weakly linked to both ends of a chain, as (cell, digit) pairs into out (room
 * for cells + n pairs); returns the ints written. */
INTERNAL int chain_gone(const ChainGraph *g, const int *chain, int length, int *out);

#endif
