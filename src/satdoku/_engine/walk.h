/* satdoku.backends._native: Engine.walk, a local search over the open axioms (walk.c). */
#ifndef SATDOKU_ENGINE_WALK_H
#define SATDOKU_ENGINE_WALK_H

#include "engine.h"

/* Engine.walk: look for a solution by local search after rules 1 and 2. */
INTERNAL PyObject *Engine_walk(Engine *e, PyObject *args);
INTERNAL extern const char walk_doc[];

#endif
