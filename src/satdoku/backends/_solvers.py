"""PySAT solvers: the names satdoku accepts and the options it sets on them, chosen by measurement.

Every PySAT solver satdoku makes comes from :func:`new_solver` with one of these option tables:
:data:`SOLVER_OPTIONS` for solvers that hold a shape's clauses and take givens as assumptions
(:mod:`satdoku.backends._pool`), :data:`FRESH_SOLVER_OPTIONS` for a solver made for one puzzle's
simplified formula, :data:`SLICED_SOLVER_OPTIONS` for such a solver kept to a timeout by conflict
slices, and :data:`PORTFOLIO_OPTIONS` for the configurations raced on a big grid.
"""

from __future__ import annotations

import atexit
import weakref
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..core._errors import InputError
from ..core._limits import Limits

if TYPE_CHECKING:  # PySAT loads when a solver is made, not at start-up
    from pysat.solvers import Solver as PySatSolver

__all__ = [
    "SOLVER_NAMES",
    "DEFAULT_SOLVER",
    "CONSTRAINED_SOLVER",
    "check_solver_name",
    "SOLVER_OPTIONS",
    "FRESH_SOLVER_OPTIONS",
    "SLICED_SOLVER_OPTIONS",
    "PORTFOLIO_OPTIONS",
    "fresh_options",
    "new_solver",
]

DEFAULT_SOLVER = "cadical153"
"""The PySAT solver used unless another is named (chosen by measurement; see the README)."""

CONSTRAINED_SOLVER = "minisat22"
"""The PySAT solver of puzzles with rules unless another is named, chosen by measurement
(benchmarks/constrained_bench.py, CPU to encode and solve, median of 15-18 9×9 IDs per game from
Tatham's generators): minisat22 0.12 s on Towers, 0.026 s on Unequal, 0.020 s on Keen, tied with
glucose4 and glucose42 within the machine's noise; cadical153 0.13-0.14 s on Towers, lingeling
0.17 s. In the batch of benchmarks/tatham_peers.py (9×9 Towers, rules loaded per puzzle into a
shape's solver) minisat22 takes 3.7 ms a puzzle against cadical153's 5.2 ms."""

SOLVER_NAMES = (
    "cadical103",
    "cadical153",
    "cadical195",
    "glucose3",
    "glucose4",
    "glucose42",
    "lingeling",
    "maplechrono",
    "maplecm",
    "maplesat",
    "mergesat3",
    "minicard",
    "minisat22",
    "minisat-gh",
)
"""PySAT solver names satdoku accepts."""


def check_solver_name(name: str) -> str:
    """Return the name when PySAT knows it, else raise InputError listing the names.

    >>> check_solver_name("minisat22")
    'minisat22'
    """
    if name not in SOLVER_NAMES:
        raise InputError(f"unknown solver {name!r}: expected one of {', '.join(SOLVER_NAMES)}")
    return name


SOLVER_OPTIONS: dict[str, dict[str, int]] = {"cadical153": {"chrono": 0}}
"""Options set on new solvers (chosen by measurement: benchmarks/RESULTS.md).

CaDiCaL 1.5.3 without chronological backtracking solved the 17-clue set about 12% faster with
givens as assumptions (fewer conflicts on the hardest set too).
"""

FRESH_SOLVER_OPTIONS: dict[str, dict[str, int]] = {
    "cadical153": {"chrono": 0, "elim": 0, "stabilizeonly": 1},
}
"""Options set on the fresh solvers of big grids instead (chosen by measurement).

Big puzzles simplified by their singles are satisfiable search problems: CaDiCaL 1.5.3 kept in
its stable mode (target phases, as with ``--sat``) and without bounded variable elimination
took 75 s in all against 124 s with
:data:`SOLVER_OPTIONS` on 47 puzzles (random 25x25 and 36x36 Sudoku with 36-48% given, Latin
squares of order 40 and 50 with 42% given, and ``data/large``): median 0.53 s against 1.27 s,
faster on 31 of them, slowest 12.8 s against 26 s. Times vary widely from puzzle to puzzle
with either; CaDiCaL 1.9.5 took 160 s on one 50x50 Latin square.
"""


PORTFOLIO_OPTIONS: dict[str, tuple[dict[str, int], ...]] = {
    "cadical153": (FRESH_SOLVER_OPTIONS["cadical153"], {"chrono": 0}),
}
"""Configurations raced on a big grid, one child process each, when two CPUs are free.

Run times of one big puzzle swing widely from one configuration to another. On 28 puzzles
(random Sudoku 25x25 at 40-45 % given, 36x36 at 55 %, 49x49 at 60 %, Latin squares of order
40, 50 and 60 at 42 %, and ``data/large``), 10 s each at most: the stable-only configuration of
:data:`FRESH_SOLVER_OPTIONS` ran out of time on 4 (two Latin squares of order 50, two of 60),
CaDiCaL's own mode switching (``chrono=0`` alone) on 1, and the two raced on 1 (the other Latin
square of order 60 went from over 10 s to 5.0 s, those of order 50 to 2.1-2.5 s), while the
medians stayed those of the faster one.
"""

SLICED_SOLVER_OPTIONS: dict[str, dict[str, int]] = {
    "cadical153": {**FRESH_SOLVER_OPTIONS["cadical153"], "lucky": 0},
    "cadical195": {"lucky": 0},
}
"""Options of the fresh solvers of big grids under ``--timeout`` (run in conflict slices).

CaDiCaL tries its *lucky phases* (a few full passes over the formula) at the start of every call
without assumptions, and under a timeout every slice is a call: two Latin squares of order 50
(42 % given) took 19.3 s and 2.4 s in slices with them, 1.6 s and 1.0 s without (1.0 s and
0.9 s unlimited).
"""


def fresh_options(limits: Limits) -> dict[str, dict[str, int]]:
    """Return the option table of a fresh solver solving in process under these limits.

    >>> fresh_options(Limits(timeout=1.0)) is SLICED_SOLVER_OPTIONS
    True
    """
    return SLICED_SOLVER_OPTIONS if limits.timeout else FRESH_SOLVER_OPTIONS


def new_solver(
    name: str,
    clauses: Iterable[Sequence[int]] = (),
    table: dict[str, dict[str, int]] = SOLVER_OPTIONS,
) -> PySatSolver:
    """Return a PySAT solver with satdoku's options for it (from ``table``), loaded with clauses
    (any iterable: a :class:`~satdoku.cnf._encodings.ClauseStream` is read as it is loaded).

    >>> with new_solver("cadical153", [[1, 2], [-1]]) as s:
    ...     s.solve(), s.get_model()
    (True, [-1, 2])
    """
    from pysat.solvers import Solver  # loaded here: a run the engine answers never needs it

    solver = Solver(name=name)
    _LIVE.add(solver)
    options = table.get(name)
    if options:
        solver.configure(options)  # only before the first clause
    solver.append_formula(clauses)
    return solver


_LIVE: weakref.WeakSet[PySatSolver] = weakref.WeakSet()
"""Solvers not yet collected: PySAT is loaded after the modules that keep solvers (pools,
shared backends), so at exit it would be torn down before them and their ``__del__`` would
fail noisily; :func:`_delete_live` frees them first."""


def _delete_live() -> None:
    for solver in list(_LIVE):
        solver.delete()


atexit.register(_delete_live)
