/* satdoku.rules.techniques._native: forcing chains and nested forcing chains (forcing.c). */
#ifndef SATDOKU_TECHNIQUES_FORCING_H
#define SATDOKU_TECHNIQUES_FORCING_H

#include "layout.h"

/* forcing(layout, cand, nested): the search of satdoku.rules.techniques._forcing._search. */
INTERNAL PyObject *forcing(PyObject *module, PyObject *args);

#endif
