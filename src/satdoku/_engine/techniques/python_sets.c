/* satdoku.rules.techniques._native: the order CPython lists a set of small ints in (see
 * python_sets.h), by CPython's own steps (Objects/setobject.c): open addressing with runs of
 * linear probes, the table grown to fit four times its keys when three fifths full, the keys
 * put again in table order when it grows.
 */
#include "python_sets.h"

#include <string.h>

#define LINEAR_PROBES 9 /* CPython's setobject.c */
#define PERTURB_SHIFT 5

/* Add a key to a CPython-like set table (no deletions): 1 when added, 0 when there. */
static int set_put(int *table, size_t mask, int key)
{
    size_t perturb = (size_t)key, i = (size_t)key & mask;
    for (;;) {
        size_t last = i + LINEAR_PROBES <= mask ? i + LINEAR_PROBES : i;
        for (size_t j = i; j <= last; j++) {
            if (table[j] < 0) {
                table[j] = key;
                return 1;
            }
            if (table[j] == key)
                return 0;
        }
        perturb >>= PERTURB_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

int python_set_order(const int *keys, int count, int *table, int size, int *out)
{
    int *other = table + size;
    size_t mask = 7;
    size_t used = 0;
    (void)size;
    for (int i = 0; i < 8; i++)
        table[i] = -1;
    for (int k = 0; k < count; k++) {
        if (!set_put(table, mask, keys[k]))
            continue;
        used++;
        if (used * 5 < mask * 3)
            continue;
        size_t grown = 8; /* resized to fit used * 4, entries put again in table order */
        while (grown <= used * 4)
            grown <<= 1;
        for (size_t i = 0; i < grown; i++)
            other[i] = -1;
        for (size_t i = 0; i <= mask; i++)
            if (table[i] >= 0)
                set_put(other, grown - 1, table[i]);
        memcpy(table, other, grown * sizeof(int));
        mask = grown - 1;
    }
    int at = 0;
    for (size_t i = 0; i <= mask; i++)
        if (table[i] >= 0)
            out[at++] = table[i];
    return at;
}
