/* satdoku.rules.techniques._native: what the pattern finders (wings.c, colouring.c,
 * uniqueness.c) share: a call's scratch (its Layout, the board's masks and a few cell-sized
 * int arrays, in one block: on the caller's stack when small), the candidates seeing a set of
 * cells, and answers as tuples.
 */
#ifndef SATDOKU_TECHNIQUES_PATTERNS_H
#define SATDOKU_TECHNIQUES_PATTERNS_H

#include "layout.h"

/* Counts of a mask's bits without counting them (bit_count may be a library call). */
static inline int one_bit(Mask m) { return m && !(m & (m - 1)); }
static inline int two_bits(Mask m) { return m && one_bit(m & (m - 1)); }
static inline int two_bits_or_more(Mask m) { return (m & (m - 1)) != 0; }

typedef struct {
    const Layout *layout;
    Mask *cand;   /* cells: the board's candidate masks */
    Mask *pairs;  /* houses: per house the digits with exactly two places in it (house_pairs) */
    int *ints;    /* arrays * cells ints of scratch, uninitialised */
    void *block;  /* the one block behind cand, pairs and ints: local, or allocated */
    Mask local[1536];
} Scratch;

/* Read a call's (layout, board) into scratch with `arrays` int arrays of `cells` each; -1 with an
 * error set.  The scratch's Layout is borrowed from the call's arguments. */
INTERNAL int scratch_open(Scratch *s, PyObject *args, int arrays);

/* Free what scratch_open took. */
INTERNAL void scratch_close(Scratch *s);

/* A finder's search on its scratch: its answer (a new reference, None when it finds nothing),
 * NULL with an error set. */
typedef PyObject *(*Search)(Scratch *s);

/* Run a finder's search on a call's (layout, board) with `arrays` int arrays of scratch. */
INTERNAL PyObject *run_finder(PyObject *args, int arrays, Search search);

/* The digits with exactly two open places in a house; *other: those with one or three or more. */
INTERNAL Mask twice_in(const Layout *l, const Mask *cand, int house, Mask *other);

/* Fill s->pairs: per house the mask of the digits with exactly two open places in it. */
INTERNAL void house_pairs(Scratch *s);

/* The two places of a digit's bit in a house where it has exactly two, in house order. */
INTERNAL void two_places(const Layout *l, const Mask *cand, int house, Mask bit, int *first,
                         int *second);

/* Write into out, ascending, the cells outside `cells` with the candidate `bit` seeing every
 * one of them; return how many (at most the first cell's peers). */
INTERNAL int seeing_all(const Layout *l, const Mask *cand, const int *cells, int count, Mask bit,
                        int *out);

/* A tuple of ints; NULL with an error set. */
INTERNAL PyObject *ints_tuple(const int *values, int count);

/* A tuple of (cell, digit) pairs from parallel arrays; NULL with an error set. */
INTERNAL PyObject *pairs_tuple(const int *cells, const int *digits, int count);

#endif
