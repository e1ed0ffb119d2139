"""Adapters that solve Sudoku puzzles through the PyPI peer libraries and two baselines.

Every adapter has the same shape, ``solve_<name>(line, *, timeout=DEFAULT_TIMEOUT)``: it takes a
puzzle as one line (``.`` blank; ``0`` is also a blank when ``0`` is not a symbol of the grid's
alphabet, see :func:`alphabet_for`) and returns the completed grid as a line in the same alphabet,
or ``None`` when the peer found no solution, failed, or ran out of time.  :data:`PEERS` maps a
peer name to its adapter, :func:`supports` tells which grid shapes a peer can take, and
:func:`solve_cells` runs any peer on a ``(n, box, cells)`` triple (used for grids that have no
line alphabet, such as 49x49 and 64x64, and for Latin squares).

Peers (all imported lazily, so this module loads without them):

``py-sudoku``
    ``sudoku.Sudoku(width, height, board).solve()`` -- pure-Python backtracking with candidate
    bookkeeping that rescans every blank at each node, so it is very slow on 17-clue puzzles.
    Timeout: ``SIGALRM`` (see :func:`alarm_deadline`).  Any r x c box shape (``height=r``,
    ``width=c``); recursion depth = number of blanks, so grids with ~1000 blanks hit Python's
    recursion limit.
``sudoku-sat``
    ``src.sudoku.Sudoku(limboole, z3=True)`` + ``add_layer("Prefills", line)`` +
    ``find_solutions(max_new=1, blacklist_found=False)``.  The package installs a top-level
    package literally named ``src``; its default backend shells out to the ``limboole`` binary,
    which is in neither PyPI nor Debian, so the adapter uses its z3 (SMT, ``Distinct``) backend.
    Hard-coded to 9x9.  Timeout: z3's global ``timeout`` parameter (an ``unknown`` answer is
    read by the peer as "no solution", i.e. ``None``).  Side effects on import/construction:
    ten modules under bare names (``counter``, ``rulesets``, ``prefills``, ...) land in
    ``sys.modules`` and ``sys.path`` gets reordered (the adapter restores ``sys.path``).
``dlxsudoku``
    ``dlxsudoku.Sudoku(line).solve()`` then ``.to_oneliner()`` -- naked/hidden singles, then
    Algorithm X (dicts of sets) which also searches for a second solution (it raises on
    multiple solutions), so each solve includes a uniqueness proof.  9x9 only: the parser reads
    one character per cell with ``str.isdigit`` and ``box_iter`` hard-codes 3x3 boxes.
    Timeout: ``SIGALRM``.
``dokusan``
    ``dokusan.solvers.backtrack(boards.Sudoku.from_list(rows, box_size=boards.BoxSize(b, b)))``
    -- pencil marks, lone/hidden singles and guessing.  Square boxes only (``BoxSize.indexes``
    uses the width for both sides), so 4x4, 9x9, 16x16, 25x25, ...  Timeout: ``SIGALRM``.
``naive_pysat``
    Baseline written here (:func:`naive_pysat_general`): for every puzzle, build the whole
    extended pairwise CNF in plain Python and hand it to a fresh ``minisat22``.  Any n, any box
    shape or none (Latin square).
``plain_backtracking``
    Baseline written here (:func:`plain_backtracking_general`): first empty cell in row-major
    order, digits 1..n that do not clash (bitmasks), no propagation.  Any n, any box or none.

Timeouts: ``SIGALRM``-based deadlines only work in the main thread of the main interpreter on a
POSIX system; elsewhere :func:`alarm_deadline` silently runs without a deadline.  The two
baselines check a wall-clock deadline themselves (and ``naive_pysat`` interrupts minisat from a
``threading.Timer``), so they honour ``timeout`` in any thread.

Measured throughput (first 200 puzzles of the 17-clue collection of ``data_dir.DATA``, one process,
sequential, every answer checked with :func:`check_solution`; a peer stops after 30 s of solving,
a puzzle after a 10 s wall-clock timeout; 2-core Linux VM, CPython 3.11.7, python-sat 1.9.dev17,
z3-solver 5.4.0 under sudoku-sat; run 2026-11-22 while other jobs kept the load average at 6-9, so
each run got roughly a third of a core -- ``per_cpu_s`` (puzzles per CPU second of this process)
is the figure to compare, wall ``puzzles/s`` on an idle core should be close to it)::

    /tmp/venv/bin/python benchmarks/peers.py --count 200 --cap 30 --timeout 10

    peer                 tried  solved  timeout  wrong  seconds  puzzles/s  cpu_s  per_cpu_s
    py-sudoku               17      17        0      0    29.39       0.58   8.48       2.01
    sudoku-sat              16      16        0      0    29.14       0.55   8.27       1.93
    dlxsudoku              200     200        0      0     7.36      27.16   2.44      81.82
    dokusan                 75      75        0      0    29.96       2.50   8.57       8.75
    naive_pysat            200     200        0      0    10.05      19.91   2.90      68.89
    plain_backtracking       2       0        2      0    20.03       0.10   6.36       0.31

Three runs gave ``per_cpu_s`` of py-sudoku 1.6-2.0, sudoku-sat 1.8-1.9, dlxsudoku 45-82,
dokusan 8.7-10.6, naive_pysat 57-69.  Per puzzle: py-sudoku mostly 0.1-0.7
CPU s with outliers (the 19th puzzle took 11 CPU s); sudoku-sat about 0.3-1 s, nearly all
in z3; naive_pysat about 6 ms building the 12,005 clauses in Python plus 10 ms loading them
into minisat and solving; plain backtracking solved none of the first 40 puzzles within 1.5 s
(it finished the 2nd one in 16 s on a quieter machine) -- 17-clue grids are its worst case.
On 16x16 (``large/sudoku16x16_unique.txt``, 30 s timeout): naive_pysat ~0.17 s each, dokusan
and py-sudoku solved the first puzzle (0.07 s / 1 s) but not the second; naive_pysat also did
25x25 in 1.4 s and 36x36 in 23 s (3.3 million clauses), where dokusan and py-sudoku timed out.
"""

from __future__ import annotations

import argparse
import math
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from data_dir import DATA, need

__all__ = [
    "ALPHABETS",
    "DEFAULT_TIMEOUT",
    "MAX_SIZE",
    "PEERS",
    "PeerTimeout",
    "alarm_deadline",
    "alphabet_for",
    "check_line_solution",
    "check_solution",
    "format_cells",
    "naive_cnf",
    "naive_pysat_general",
    "parse_line",
    "plain_backtracking_general",
    "read_puzzles",
    "solve_cells",
    "solve_dlxsudoku",
    "solve_dokusan",
    "solve_naive_pysat",
    "solve_plain_backtracking",
    "solve_py_sudoku",
    "solve_sudoku_sat",
    "supports",
]

DEFAULT_TIMEOUT: float | None = 10.0
"""Per-puzzle time limit in seconds used when an adapter is called without ``timeout``."""

Box = tuple[int, int] | None
"""Box shape ``(rows, cols)`` with ``rows * cols == n``, or ``None`` for a Latin square."""

Cells = list[int]
"""A grid in row-major order, ``0`` for a blank, digits ``1..n``."""

# --------------------------------------------------------------------------------------------
# Grid text <-> cells
# --------------------------------------------------------------------------------------------

_BASE36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

ALPHABETS: dict[int, str] = {
    16: "123456789ABCDEFG",
    25: "ABCDEFGHIJKLMNOPQRSTUVWXY",
    36: _BASE36,
}
"""Symbol alphabets of ``data_dir.DATA / "large"`` (symbol ``k`` of the string is digit k+1)."""


def alphabet_for(n: int) -> str:
    """Return the symbols for digits ``1..n`` of an n x n grid (``.`` is always the blank).

    n <= 9 uses ``1..n``; 16, 25 and 36 use the alphabets of the project's data files; any other
    n <= 35 uses ``1-9A-Z``.

    >>> alphabet_for(9), alphabet_for(16), alphabet_for(25)[:3], alphabet_for(12)
    ('123456789', '123456789ABCDEFG', 'ABC', '123456789ABC')
    """
    if n in ALPHABETS:
        return ALPHABETS[n]
    if n <= 35:
        return _BASE36[1 : n + 1]
    raise ValueError(f"no one-character alphabet for {n}x{n} grids; pass cells instead")


def parse_line(line: str, alphabet: str | None = None) -> tuple[int, Cells]:
    """Parse a one-line puzzle into ``(n, cells)``; ``.`` (and ``0`` if not a symbol) is blank.

    >>> n, cells = parse_line("1.34" "34.2" "2.4." "4..1")
    >>> n, cells[:6]
    (4, [1, 0, 3, 4, 3, 4])
    """
    line = line.strip()
    n = math.isqrt(len(line))
    if n * n != len(line) or n == 0:
        raise ValueError(f"puzzle line has {len(line)} characters, not a square number")
    symbols = alphabet if alphabet is not None else alphabet_for(n)
    values = {ch: k + 1 for k, ch in enumerate(symbols)}
    cells: Cells = []
    for ch in line:
        if ch in values:
            cells.append(values[ch])
        elif ch == "." or ch == "0":
            cells.append(0)
        else:
            raise ValueError(f"unexpected character {ch!r} in a {n}x{n} puzzle line")
    return n, cells


def format_cells(cells: Sequence[int], n: int, alphabet: str | None = None) -> str:
    """Format cells as one line (``.`` for a blank).

    >>> format_cells([1, 0, 3, 4] * 4, 4)
    '1.341.341.341.34'
    """
    symbols = alphabet if alphabet is not None else alphabet_for(n)
    return "".join(symbols[v - 1] if v else "." for v in cells)


def _square_box(n: int) -> tuple[int, int]:
    """Return the b x b box of an n = b*b grid."""
    b = math.isqrt(n)
    if b * b != n:
        raise ValueError(f"{n}x{n} line puzzles need square boxes; use solve_cells with a box")
    return (b, b)


def read_puzzles(path: str, limit: int | None = None) -> list[str]:
    """Read puzzle lines from a collection file, skipping blank lines and ``#`` comments."""
    puzzles: list[str] = []
    with open(path, encoding="utf-8") as handle:
        for raw in handle:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            puzzles.append(line)
            if limit is not None and len(puzzles) >= limit:
                break
    return puzzles


# --------------------------------------------------------------------------------------------
# Independent checker
# --------------------------------------------------------------------------------------------


def _groups(n: int, box: Box) -> Iterator[list[int]]:
    """Yield the cell indices of every row, column and (if any) box."""
    for r in range(n):
        yield [r * n + c for c in range(n)]
    for c in range(n):
        yield [r * n + c for r in range(n)]
    if box is not None:
        br, bc = box
        for top in range(0, n, br):
            for left in range(0, n, bc):
                yield [(top + i) * n + left + j for i in range(br) for j in range(bc)]


def check_solution(n: int, box: Box, givens: Sequence[int], solution: Sequence[int] | None) -> bool:
    """Return True if ``solution`` is a complete valid grid that keeps every given.

    >>> check_solution(2, None, [1, 0, 0, 0], [1, 2, 2, 1])
    True
    >>> check_solution(2, None, [2, 0, 0, 0], [1, 2, 2, 1])
    False
    """
    if solution is None or len(solution) != n * n or len(givens) != n * n:
        return False
    if any(g and g != s for g, s in zip(givens, solution, strict=True)):
        return False
    full = set(range(1, n + 1))
    return all({solution[i] for i in group} == full for group in _groups(n, box))


def check_line_solution(puzzle: str, solution: str | None, box: Box | str = "square") -> bool:
    """Check a line solution against a line puzzle (default box: b x b for n = b*b).

    >>> check_line_solution("1..." "...." "...." "...1", "1234" "3412" "2143" "4321")
    True
    """
    if solution is None:
        return False
    n, givens = parse_line(puzzle)
    try:
        m, cells = parse_line(solution)
    except ValueError:
        return False
    if m != n:
        return False
    shape = _square_box(n) if box == "square" else box
    assert not isinstance(shape, str)
    return check_solution(n, shape, givens, cells)


# --------------------------------------------------------------------------------------------
# Deadlines
# --------------------------------------------------------------------------------------------


class PeerTimeout(BaseException):
    """Raised by :func:`alarm_deadline` when time is up.

    It derives from BaseException (like KeyboardInterrupt) so peers that wrap their search in
    ``except Exception`` (dlxsudoku does) cannot swallow it.
    """


def _alarm_usable() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextmanager
def alarm_deadline(seconds: float | None) -> Iterator[None]:
    """Raise :class:`PeerTimeout` in the block after ``seconds`` of wall time (SIGALRM).

    Only effective in the main thread on POSIX (elsewhere, and for ``None``, it does nothing).
    The signal interrupts pure-Python code between bytecodes; time spent inside one long C call
    is only cut short when that call returns.
    """
    if seconds is None or not _alarm_usable():
        yield
        return

    def _fire(signum: int, frame: Any) -> None:
        raise PeerTimeout

    previous = signal.signal(signal.SIGALRM, _fire)
    try:
        signal.setitimer(signal.ITIMER_REAL, max(seconds, 1e-3))
        yield
    finally:
        try:
            signal.setitimer(signal.ITIMER_REAL, 0)
        finally:
            signal.signal(signal.SIGALRM, previous)


def _run_with_alarm(fn: Callable[[], Cells | None], timeout: float | None) -> Cells | None:
    """Run ``fn`` under :func:`alarm_deadline`; a timeout or any peer error gives None."""
    try:
        with alarm_deadline(timeout):
            return fn()
    except PeerTimeout:
        return None
    except RecursionError:
        return None
    except Exception:  # peers signal "no solution" with assorted exception types
        return None


# --------------------------------------------------------------------------------------------
# Peers (cell level)
# --------------------------------------------------------------------------------------------


def _py_sudoku_cells(n: int, box: Box, cells: Cells, timeout: float | None) -> Cells | None:
    from sudoku import Sudoku  # py-sudoku

    if box is None:
        raise ValueError("py-sudoku needs a box shape")
    br, bc = box
    board = [[cells[r * n + c] or None for c in range(n)] for r in range(n)]

    def run() -> Cells | None:
        solved = Sudoku(bc, br, board=board).solve()
        out = [v or 0 for row in solved.board for v in row]
        return out if all(out) else None  # an unsolvable board comes back all-None

    return _run_with_alarm(run, timeout)


def _sudoku_sat_cells(n: int, box: Box, cells: Cells, timeout: float | None) -> Cells | None:
    import z3
    from src.sudoku import Sudoku  # sudoku-sat installs a top-level package named "src"

    if n != 9 or box != (3, 3):
        raise ValueError("sudoku-sat only solves 9x9 Sudoku")
    prefills = "".join(str(v) if v else "." for v in cells)
    previous = z3.get_param("timeout")
    saved_path = list(sys.path)
    if timeout is not None:
        z3.set_param("timeout", max(1, int(timeout * 1000)))
    try:
        # Its RulesetManager appends its ruleset folders to sys.path, imports them under bare
        # names ("counter", "rulesets", ...) and then rebuilds sys.path from a set, which
        # scrambles the order of sys.path; put it back as it was.
        solver = Sudoku(None, z3=True)
        solver.add_layer("Prefills", prefills)
        found = list(solver.find_solutions(max_new=1, blacklist_found=False))
    finally:
        sys.path[:] = saved_path
        z3.set_param("timeout", previous)
    if not found or found[0] == 0:
        return None
    return [int(ch) for ch in found[0]]


def _dlxsudoku_cells(n: int, box: Box, cells: Cells, timeout: float | None) -> Cells | None:
    import dlxsudoku

    if n != 9 or box != (3, 3):
        raise ValueError("dlxsudoku only solves 9x9 Sudoku")
    text = "".join(str(v) for v in cells)

    def run() -> Cells | None:
        puzzle = dlxsudoku.Sudoku(text)
        puzzle.solve()
        return [int(ch) for ch in puzzle.to_oneliner()]

    return _run_with_alarm(run, timeout)


def _dokusan_cells(n: int, box: Box, cells: Cells, timeout: float | None) -> Cells | None:
    from dokusan import boards, solvers

    if box is None or box[0] != box[1]:
        raise ValueError("dokusan only handles square boxes")
    rows = [cells[r * n : (r + 1) * n] for r in range(n)]

    def run() -> Cells | None:
        puzzle = boards.Sudoku.from_list(rows, box_size=boards.BoxSize(box[0], box[1]))
        solved = solvers.backtrack(puzzle)
        out = [solved[r, c].value or 0 for r in range(n) for c in range(n)]
        return out if all(out) else None

    return _run_with_alarm(run, timeout)


# --------------------------------------------------------------------------------------------
# Baseline 1: naive pairwise CNF into a fresh minisat22
# --------------------------------------------------------------------------------------------


def naive_cnf(n: int, box: Box, cells: Sequence[int]) -> Iterator[list[list[int]]]:
    """Yield the extended pairwise CNF group by group, then the givens as unit clauses.

    Variable of (row, col, digit) is ``row*n*n + col*n + digit`` (0-based row/col, digit 1..n).
    Groups: every cell has exactly one digit, and every row/column/box has every digit exactly
    once; each exactly-one is one at-least-one clause plus all pairwise at-most-one clauses, so
    a 9x9 Sudoku gives 324 groups x 37 = 11,988 clauses (n*n*(3 or 4) groups of 1 + n(n-1)/2).

    >>> sum(len(g) for g in naive_cnf(9, (3, 3), [0] * 81))
    11988
    >>> sum(len(g) for g in naive_cnf(3, None, [1] + [0] * 8))
    109
    """
    nn = n * n
    digits = range(1, n + 1)

    def exactly_one(lits: list[int]) -> list[list[int]]:
        clauses = [lits]
        for i in range(len(lits)):
            for j in range(i + 1, len(lits)):
                clauses.append([-lits[i], -lits[j]])
        return clauses

    for r in range(n):
        for c in range(n):
            yield exactly_one([r * nn + c * n + d for d in digits])
    for r in range(n):
        for d in digits:
            yield exactly_one([r * nn + c * n + d for c in range(n)])
    for c in range(n):
        for d in digits:
            yield exactly_one([r * nn + c * n + d for r in range(n)])
    if box is not None:
        br, bc = box
        for top in range(0, n, br):
            for left in range(0, n, bc):
                square = [(top + i, left + j) for i in range(br) for j in range(bc)]
                for d in digits:
                    yield exactly_one([r * nn + c * n + d for r, c in square])
    yield [[(i // n) * nn + (i % n) * n + v] for i, v in enumerate(cells) if v]


_FLUSH_CLAUSES = 1 << 20
"""Clauses kept in Python before handing them to the solver (bounds memory for 49x49+)."""


def naive_pysat_general(
    n: int, box: Box, cells: Sequence[int], timeout: float | None = None
) -> Cells | None:
    """Solve an n x n Sudoku (``box``) or Latin square (``box=None``) the naive SAT way.

    Builds :func:`naive_cnf` from scratch in plain Python, loads it into a fresh
    ``pysat.solvers.Solver(name="minisat22")``, solves and decodes.  For 9x9 the whole formula
    is built first and loaded in one ``append_formula`` call; big grids (64x64 has 33 million
    clauses) are loaded in chunks of ``2**20`` clauses to bound memory.  ``timeout`` (seconds)
    is checked between groups while building and enforced on the search with
    ``solver.interrupt()`` from a timer thread; a timeout, UNSAT or bad input gives ``None``.
    """
    from pysat.solvers import Solver

    if len(cells) != n * n or any(not 0 <= v <= n for v in cells):
        return None
    deadline = None if timeout is None else time.perf_counter() + timeout
    with Solver(name="minisat22") as solver:
        pending: list[list[int]] = []
        for group in naive_cnf(n, box, cells):
            pending.extend(group)
            if len(pending) >= _FLUSH_CLAUSES:
                solver.append_formula(pending)
                pending = []
            if deadline is not None and time.perf_counter() > deadline:
                return None
        solver.append_formula(pending)
        if deadline is None:
            sat = solver.solve()
        else:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                return None
            timer = threading.Timer(remaining, solver.interrupt)
            timer.start()
            try:
                sat = solver.solve_limited(expect_interrupt=True)
            finally:
                timer.cancel()
        if not sat:
            return None
        model = solver.get_model()
    out = [0] * (n * n)
    top = n * n * n
    for lit in model:
        if 0 < lit <= top:
            cell, digit = divmod(lit - 1, n)
            out[cell] = digit + 1
    return out


# --------------------------------------------------------------------------------------------
# Baseline 2: plain backtracking
# --------------------------------------------------------------------------------------------


def plain_backtracking_general(
    n: int, box: Box, cells: Sequence[int], timeout: float | None = None
) -> Cells | None:
    """Solve by plain backtracking: first empty cell (row-major), digits 1..n that fit.

    No propagation and no cell ordering; clashes are tested with row/column/box bitmasks.
    Iterative (no recursion limit), so any n works in principle.  ``timeout`` (seconds) is
    checked every 4096 steps; a timeout, no solution or clashing givens give ``None``.

    >>> plain_backtracking_general(4, (2, 2), [1, 0, 0, 0] + [0] * 12)
    [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    """
    if len(cells) != n * n or any(not 0 <= v <= n for v in cells):
        return None
    deadline = None if timeout is None else time.perf_counter() + timeout
    grid = list(cells)
    row_used = [0] * n
    col_used = [0] * n
    box_used = [0] * n
    box_of = [0] * (n * n)
    if box is not None:
        br, bc = box
        for i in range(n * n):
            r, c = divmod(i, n)
            box_of[i] = (r // br) * (n // bc) + c // bc
    for i, v in enumerate(grid):
        if v:
            r, c, b = i // n, i % n, box_of[i]
            bit = 1 << v
            if (row_used[r] | col_used[c] | (box_used[b] if box is not None else 0)) & bit:
                return None
            row_used[r] |= bit
            col_used[c] |= bit
            if box is not None:
                box_used[b] |= bit
    use_box = box is not None
    empties = [i for i, v in enumerate(grid) if not v]
    placed = [0] * len(empties)
    k = 0
    steps = 0
    while 0 <= k < len(empties):
        steps += 1
        if deadline is not None and steps & 4095 == 0 and time.perf_counter() > deadline:
            return None
        i = empties[k]
        r, c, b = i // n, i % n, box_of[i]
        d = placed[k]
        if d:
            bit = ~(1 << d)
            row_used[r] &= bit
            col_used[c] &= bit
            if use_box:
                box_used[b] &= bit
        used = row_used[r] | col_used[c] | (box_used[b] if use_box else 0)
        d += 1
        while d <= n and used >> d & 1:
            d += 1
        if d > n:
            placed[k] = 0
            grid[i] = 0
            k -= 1
            continue
        bit = 1 << d
        row_used[r] |= bit
        col_used[c] |= bit
        if use_box:
            box_used[b] |= bit
        placed[k] = d
        grid[i] = d
        k += 1
    return grid if k == len(empties) else None


# --------------------------------------------------------------------------------------------
# Registry and line adapters
# --------------------------------------------------------------------------------------------

_CELL_SOLVERS: dict[str, Callable[[int, Box, Cells, float | None], Cells | None]] = {
    "py-sudoku": _py_sudoku_cells,
    "sudoku-sat": _sudoku_sat_cells,
    "dlxsudoku": _dlxsudoku_cells,
    "dokusan": _dokusan_cells,
    "naive_pysat": naive_pysat_general,
    "plain_backtracking": plain_backtracking_general,
}

MAX_SIZE: dict[str, int | None] = {
    "py-sudoku": 25,
    "sudoku-sat": 9,
    "dlxsudoku": 9,
    "dokusan": None,
    "naive_pysat": None,
    "plain_backtracking": None,
}
"""Largest grid side each peer accepts (None: no limit of its own; time and memory still are).

py-sudoku's limit is its recursion depth (one frame per blank, ~1000 frames).  dokusan takes
any b x b grid, but solved only easy 16x16 puzzles within 30 s (and no 25x25 or 36x36 one).
"""


def supports(name: str, n: int, box: Box | str = "square") -> bool:
    """Tell whether peer ``name`` can solve an n x n grid with ``box`` (default b x b).

    >>> supports("dlxsudoku", 16), supports("dokusan", 16), supports("naive_pysat", 7, None)
    (False, True, True)
    >>> supports("py-sudoku", 6, (2, 3)), supports("dokusan", 6, (2, 3))
    (True, False)
    """
    if name not in _CELL_SOLVERS:
        raise KeyError(name)
    if box == "square":
        b = math.isqrt(n)
        if b * b != n:
            return False
        box = (b, b)
    assert not isinstance(box, str)
    limit = MAX_SIZE[name]
    if limit is not None and n > limit:
        return False
    if name in ("sudoku-sat", "dlxsudoku"):
        return n == 9 and box == (3, 3)
    if name == "dokusan":
        return box is not None and box[0] == box[1]
    if name == "py-sudoku":
        return box is not None
    return True


def solve_cells(
    name: str, n: int, box: Box, cells: Sequence[int], timeout: float | None = DEFAULT_TIMEOUT
) -> Cells | None:
    """Solve a grid given as cells with peer ``name``; ``None`` if unsolved or timed out."""
    if not supports(name, n, box):
        raise ValueError(f"{name} does not solve {n}x{n} grids with box {box}")
    return _CELL_SOLVERS[name](n, box, list(cells), timeout)


def _solve_line(name: str, line: str, timeout: float | None) -> str | None:
    n, cells = parse_line(line)
    result = solve_cells(name, n, _square_box(n), cells, timeout)
    return None if result is None else format_cells(result, n)


def solve_py_sudoku(line: str, *, timeout: float | None = DEFAULT_TIMEOUT) -> str | None:
    """Solve with py-sudoku (``sudoku.Sudoku``); deadline via SIGALRM, main thread only."""
    return _solve_line("py-sudoku", line, timeout)


def solve_sudoku_sat(line: str, *, timeout: float | None = DEFAULT_TIMEOUT) -> str | None:
    """Solve a 9x9 with sudoku-sat's z3 backend; deadline via z3's ``timeout`` parameter."""
    return _solve_line("sudoku-sat", line, timeout)


def solve_dlxsudoku(line: str, *, timeout: float | None = DEFAULT_TIMEOUT) -> str | None:
    """Solve a 9x9 with dlxsudoku (also proves uniqueness); deadline via SIGALRM."""
    return _solve_line("dlxsudoku", line, timeout)


def solve_dokusan(line: str, *, timeout: float | None = DEFAULT_TIMEOUT) -> str | None:
    """Solve with dokusan's ``solvers.backtrack`` (square boxes); deadline via SIGALRM."""
    return _solve_line("dokusan", line, timeout)


def solve_naive_pysat(line: str, *, timeout: float | None = DEFAULT_TIMEOUT) -> str | None:
    """Solve with the naive pairwise CNF + fresh minisat22 baseline."""
    return _solve_line("naive_pysat", line, timeout)


def solve_plain_backtracking(line: str, *, timeout: float | None = DEFAULT_TIMEOUT) -> str | None:
    """Solve with the plain first-empty-cell backtracking baseline."""
    return _solve_line("plain_backtracking", line, timeout)


PEERS: dict[str, Callable[..., str | None]] = {
    "py-sudoku": solve_py_sudoku,
    "sudoku-sat": solve_sudoku_sat,
    "dlxsudoku": solve_dlxsudoku,
    "dokusan": solve_dokusan,
    "naive_pysat": solve_naive_pysat,
    "plain_backtracking": solve_plain_backtracking,
}
"""Peer name -> ``solve(line, *, timeout=DEFAULT_TIMEOUT) -> str | None``."""


# --------------------------------------------------------------------------------------------
# Rough throughput measurement
# --------------------------------------------------------------------------------------------


def measure(
    name: str, puzzles: Sequence[str], cap: float, timeout: float | None
) -> dict[str, float]:
    """Run one peer over ``puzzles`` until done or ``cap`` seconds of solving; check answers.

    Only time spent inside the adapter counts (checking is excluded).  A puzzle still running
    when the cap is reached is dropped (not counted as tried or timed out), so ``rate`` is
    finished puzzles per second of solving, timeouts included.  ``cpu`` is process CPU time,
    which is less sensitive than wall time to other load on the machine.
    """
    solve = PEERS[name]
    tried = solved = timeouts = wrong = 0
    seconds = cpu = 0.0
    for line in puzzles:
        if seconds >= cap:
            break
        remaining = cap - seconds
        capped = timeout is None or remaining < timeout
        limit = remaining if timeout is None or capped else timeout
        t0, c0 = time.perf_counter(), time.process_time()
        answer = solve(line, timeout=limit)
        took, used = time.perf_counter() - t0, time.process_time() - c0
        if answer is None and capped and took >= limit * 0.95:
            break
        seconds += took
        cpu += used
        tried += 1
        if answer is None:
            if took >= limit * 0.95:
                timeouts += 1
            else:
                wrong += 1
        elif check_line_solution(line, answer):
            solved += 1
        else:
            wrong += 1
    return {
        "tried": tried,
        "solved": solved,
        "timeout": timeouts,
        "wrong": wrong,
        "seconds": seconds,
        "rate": tried / seconds if seconds else 0.0,
        "cpu": cpu,
        "cpu_rate": tried / cpu if cpu else 0.0,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: time each peer on the first puzzles of a collection."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--file", default=str(DATA / "puzzles2_17_clue"))
    parser.add_argument("--count", type=int, default=200, help="first N puzzles")
    parser.add_argument("--cap", type=float, default=30.0, help="seconds per peer")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per puzzle")
    parser.add_argument("--peer", action="append", choices=sorted(PEERS), help="repeatable")
    args = parser.parse_args(argv)
    need(Path(args.file))
    puzzles = read_puzzles(args.file, args.count)
    names = args.peer or list(PEERS)
    print(f"{len(puzzles)} puzzles from {args.file}, cap {args.cap} s, timeout {args.timeout} s")
    columns = ("tried", "solved", "timeout", "wrong", "seconds", "puzzles/s", "cpu_s", "per_cpu_s")
    print(f"{'peer':<20}" + "".join(f"{c:>10}" for c in columns))
    failed = False
    for name in names:
        res = measure(name, puzzles, args.cap, args.timeout)
        failed |= res["wrong"] > 0
        counts = "".join(f"{int(res[k]):>10}" for k in ("tried", "solved", "timeout", "wrong"))
        times = "".join(f"{res[k]:>10.2f}" for k in ("seconds", "rate", "cpu", "cpu_rate"))
        print(f"{name:<20}{counts}{times}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
