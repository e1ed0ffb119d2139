/* satdoku.backends._native: the batch path, Engine.solve_lines (batch.c). */
#ifndef SATDOKU_ENGINE_BATCH_H
#define SATDOKU_ENGINE_BATCH_H

#include "engine.h"

/* Engine.solve_lines: solve the lines of a buffer from a position, as satdoku solve does. */
INTERNAL PyObject *Engine_solve_lines(Engine *e, PyObject *args);
INTERNAL extern const char solve_lines_doc[];

#endif
