/* satdoku.backends._native: the batch path, Engine.solve_lines.
 *
 * It takes a buffer of whole lines of a puzzle file and, from a position, goes through them one
 * line at a time, as satdoku solve does: a blank line or a comment is passed over, a line of
 * exactly n*n symbols of the alphabet (ASCII blanks around it allowed) is parsed, solved by
 * solve_digits (the engine of engine.c), its solution checked by the independent checker of
 * check.c, and its output line written (the solution in the alphabet, or
 * "unsolvable"; with BATCH_JSON the JSON record of satdoku solve --json).  It stops at the first
 * line it is not sure of (any other line, a NUL byte, a puzzle past the guess limit, the last
 * line when it has no newline) and hands it back: the Python code reads that one as it reads
 * every line today.  A solution the checker refuses stops it too (a bug: the caller reports
 * it).  No Python object is touched and no Python code runs while lines are being solved.
 */
#include "batch.h"

#include <stdio.h>
#include <string.h>

#include "check.h"

#define BATCH_JSON 1        /* write JSON records, not solution lines */
#define BATCH_ZERO_BACK 2   /* hand back lines holding '0' (the reader's 0-F question) */
#define BATCH_TAMPER 4      /* test hook: change one digit of each solution before the check */
#define BATCH_CHECK 8       /* test hook: lines are pairs (givens, grid): write the checker's
                             * verdict, 1 or 0, per pair; nothing is solved */

enum { STOP_END = 0, STOP_BACK = 1, STOP_REFUSED = 2 };

typedef struct {
    char *text;
    size_t len, cap;
} OutText;

/* Room for `more` bytes; 0 (and an error set) when memory ran out. */
static int out_room(OutText *o, size_t more)
{
    if (o->len + more <= o->cap)
        return 1;
    size_t cap = o->cap ? o->cap : 4096;
    while (cap < o->len + more)
        cap *= 2;
    char *text = PyMem_Realloc(o->text, cap);
    if (text == NULL) {
        PyErr_NoMemory();
        return 0;
    }
    o->text = text;
    o->cap = cap;
    return 1;
}

/* Python's str.strip() whitespace among the ASCII bytes. */
static inline int batch_space(unsigned char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f);
}

/* Read the n*n digits of [from, to) through the reader table; 1 when every byte is a symbol of
 * a digit 0..n (and, with zero_back, none is '0'). */
static int batch_digits(const unsigned char *from, const unsigned char *to,
                        const unsigned char *reader, int n, int zero_back, unsigned char *digits)
{
    for (const unsigned char *p = from; p < to; p++) {
        unsigned char d = reader[*p];
        if (d > n || (zero_back && *p == '0'))
            return 0;
        *digits++ = d;
    }
    return 1;
}

static int batch_write_line(OutText *o, const unsigned char *sol, int cells,
                            const unsigned char *writer, int json, long long index,
                            long long line, int solved)
{
    if (!out_room(o, (size_t)cells + 128))
        return 0;
    char *at = o->text + o->len;
    if (json)
        at += sprintf(at, "{\"index\": %lld, \"status\": \"%s\"", index,
                      solved ? "solved" : "unsolvable");
    if (solved) {
        if (json) {
            memcpy(at, ", \"solution\": \"", 15);
            at += 15;
        }
        for (int i = 0; i < cells; i++)
            *at++ = (char)writer[sol[i]];
        if (json)
            *at++ = '"';
    }
    else if (!json) {
        memcpy(at, "unsolvable", 10);
        at += 10;
    }
    if (json)
        at += sprintf(at, ", \"line\": %lld}", line);
    *at++ = '\n';
    o->len = (size_t)(at - o->text);
    return 1;
}

const char solve_lines_doc[] = PyDoc_STR(
"solve_lines(data, start, reader, writer, box_rows, box_cols, limit, flags, line, index)\n--\n\n"
"Solve the lines of data (bytes of whole lines) from offset start, the first of them line\n"
"number line, the first puzzle number index; stop at the first line not sure of.  reader: 256\n"
"bytes, byte -> digit (0 blank, 255 not a symbol); writer: digit -> symbol; box_rows x box_cols\n"
"boxes (0 x 0: none), limit guesses a puzzle; flags: 1 JSON, 2 lines with '0' handed back, 4\n"
"and 8 test hooks.  Returns (output, stop_offset, lines, puzzles, stop, solution): stop 0 at\n"
"the end, 1 at a line handed back, 2 at a solution the checker refused (its digits).");

PyObject *Engine_solve_lines(Engine *e, PyObject *args)
{
    Py_buffer data;
    Py_ssize_t start, reader_len, writer_len;
    const unsigned char *reader, *writer;
    int box_rows, box_cols, flags;
    long long limit, line, index;
    if (!PyArg_ParseTuple(args, "y*ny#y#iiLiLL", &data, &start, &reader, &reader_len, &writer,
                          &writer_len, &box_rows, &box_cols, &limit, &flags, &line, &index))
        return NULL;
    const char *problem = NULL;
    int n = e->n;
    if (e->givens == NULL)
        problem = "the engine has no axioms: call __init__ first";
    else if (e->reading)
        problem = "the engine is reading digits";
    else if (n > CHECK_MAX_SIDE)
        problem = "the batch path takes sides up to 64";
    else if (reader_len != 256 || writer_len < n + 1)
        problem = "reader must be 256 bytes and writer n + 1";
    else if (box_rows < 0 || box_cols < 0 || (box_rows && box_rows * box_cols != n))
        problem = "the boxes do not tile the grid";
    else if (start < 0 || start > data.len)
        problem = "start is outside data";
    if (problem != NULL) {
        PyBuffer_Release(&data);
        PyErr_SetString(PyExc_ValueError, problem);
        return NULL;
    }
    int cells = e->cells, json = flags & BATCH_JSON, zero_back = flags & BATCH_ZERO_BACK;
    const unsigned char *text = data.buf, *end = text + data.len, *p = text + start;
    unsigned char *givens = PyMem_Malloc(2 * (size_t)cells + 1);
    OutText out = {NULL, 0, 0};
    if (givens == NULL) {
        PyBuffer_Release(&data);
        return PyErr_NoMemory();
    }
    unsigned char *sol = givens + cells;
    long long lines = 0, puzzles = 0;
    int stop = STOP_END, failed = 0;
    while (p < end) {
        const unsigned char *eol = memchr(p, '\n', (size_t)(end - p));
        if (eol == NULL || memchr(p, 0, (size_t)(eol - p)) != NULL) {
            stop = STOP_BACK;  /* no newline, or a NUL byte (not text): Python says so */
            break;
        }
        const unsigned char *a = p, *b = eol;
        while (a < b && batch_space(*a))
            a++;
        while (b > a && batch_space(b[-1]))
            b--;
        if (a == b || *a == '#') {  /* blank, or a comment */
            p = eol + 1;
            lines++;
            continue;
        }
        if (b - a != cells || !batch_digits(a, b, reader, n, zero_back, givens)) {
            stop = STOP_BACK;
            break;
        }
        if (flags & BATCH_CHECK) {  /* test hook: this line the givens, the next one a grid */
            const unsigned char *q = eol + 1, *eol2 = q < end ? memchr(q, '\n', (size_t)(end - q)) : NULL;
            if (eol2 == NULL || eol2 - q != cells) {
                stop = STOP_BACK;
                break;
            }
            for (int i = 0; i < cells; i++)
                sol[i] = reader[q[i]] == 255 ? 0 : reader[q[i]];
            if (!out_room(&out, 2)) {
                failed = 1;
                break;
            }
            out.text[out.len++] = check_grid(n, box_rows, box_cols, givens, sol) ? '1' : '0';
            out.text[out.len++] = '\n';
            p = eol2 + 1;
            lines += 2;
            continue;
        }
        int found = solve_digits(e, givens, limit, sol);
        if (found < 0) {  /* past the guess limit: PySAT's job, in Python */
            stop = STOP_BACK;
            break;
        }
        if (found) {
            if (flags & BATCH_TAMPER) {  /* test hook: a wrong grid the checker must refuse */
                int at = 0;
                while (at < cells - 1 && givens[at])
                    at++;
                sol[at] = (unsigned char)(sol[at] % n + 1);
            }
            if (!check_grid(n, box_rows, box_cols, givens, sol)) {
                stop = STOP_REFUSED;
                break;
            }
        }
        if (!batch_write_line(&out, sol, cells, writer, json, index + puzzles, line + lines,
                              found)) {
            failed = 1;
            break;
        }
        puzzles++;
        lines++;
        p = eol + 1;
    }
    PyObject *result = NULL;
    if (!failed) {
        PyObject *refused = stop == STOP_REFUSED
            ? PyBytes_FromStringAndSize((const char *)sol, cells)
            : (Py_INCREF(Py_None), Py_None);
        if (refused != NULL)
            result = Py_BuildValue("(y#nLLiN)", out.text ? out.text : "", (Py_ssize_t)out.len,
                                   (Py_ssize_t)(p - text), lines, puzzles, stop, refused);
    }
    PyMem_Free(out.text);
    PyMem_Free(givens);
    PyBuffer_Release(&data);
    return result;
}
