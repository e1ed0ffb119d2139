/* satdoku.backends._native: the rating ladder, Families and Engine.climb (ladder.c). */
#ifndef SATDOKU_ENGINE_LADDER_H
#define SATDOKU_ENGINE_LADDER_H

#include "engine.h"

/* The type of a shape's set-logic families as flat tables. */
INTERNAL extern PyTypeObject FamiliesType;

/* Engine.climb: the rating ladder from a puzzle's givens. */
INTERNAL PyObject *Engine_climb(Engine *e, PyObject *args);
INTERNAL extern const char climb_doc[];

#endif
