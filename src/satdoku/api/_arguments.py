"""What the library's functions take: any form of a puzzle, and the options the CLI takes.

A puzzle may be a :class:`~satdoku.core._puzzle.Puzzle`, a string in any format, rows (lists of
integers or strings), n*n integers or a NumPy array
(:func:`~satdoku.io._puzzle_values.parse_puzzle`). A
grid to write or check may also be a :class:`~satdoku.core._solution.Solution` or a
:class:`~satdoku.core._results.Result`, with a shape or puzzle to read it by. A shape may be a
:class:`~satdoku.core._shape.Shape`, a size, or words (``"sudoku 6 box 3x2"``), with ``box=``.
``where`` may name a predicate as ``--where`` does; ``timeout=`` and ``conflicts=`` are the
limits ``--timeout`` and ``--conflicts`` set. Bad values are input errors, not AttributeErrors
deep inside a solver.
"""

from __future__ import annotations

import numbers
import operator
from typing import Any

from ..backends._strategy import Strategy
from ..cnf._encodings import Encoding
from ..core._errors import InputError
from ..core._limits import MAX_CONFLICTS, MAX_SECONDS, Limits
from ..core._puzzle import Puzzle
from ..core._results import Result
from ..core._shape import Shape
from ..io._header import parse_box, parse_header
from ..io._puzzle_values import parse_puzzle
from ._predicates import PREDICATES, Predicate, predicate_named

__all__ = ["OPTIONS", "grid_of", "options_of", "predicate_of", "puzzle_of", "shape_of"]

OPTIONS = ("solver", "encoding", "strategy", "limits", "native", "timeout", "conflicts")
"""The keyword options of solve, count, solutions and is_unique (besides where, order, limit)."""


def puzzle_of(value: object) -> Puzzle:
    """Return the puzzle a value stands for (a Puzzle as it is), or raise InputError.

    A Solution stands for the filled puzzle (:func:`~satdoku.io._puzzle_values.parse_puzzle`).

    >>> puzzle_of([[1, 0], [0, 0]]).cells
    (1, 0, 0, 0)
    """
    if type(value) is Puzzle:
        return value
    return parse_puzzle(value)


def grid_of(value: object, context: Shape | Puzzle | object | None = None) -> Puzzle:
    """Return a grid (a solution, a puzzle) as a Puzzle: what writers and checkers read.

    ``value`` is anything :func:`puzzle_of` takes, a Solution or a Result; ``context`` (a
    Shape, or a puzzle in any form) gives the shape, symbols and rules to read its cells by.

    >>> grid_of((1, 2, 2, 1), Shape.latin(2)).shape.describe()
    '2x2 latin square'
    >>> grid_of("12.............." , "1..............2").cells[:3]
    (1, 2, 0)
    """
    if isinstance(value, Result):
        value = _grid_of_result(value)
    if context is None:
        return puzzle_of(value)
    grid = puzzle_of(value)
    if isinstance(context, Shape):
        return Puzzle(context, grid.cells, grid.symbols)
    frame = puzzle_of(context)
    cells = grid.cells
    if len(cells) != len(frame.cells):
        raise InputError(
            f"the grid has {len(cells)} cells, its puzzle {len(frame.cells)} "
            f"(a {frame.shape.describe()})"
        )
    return frame.with_cells(cells)


def _grid_of_result(result: Result) -> object:
    """Return a result's solution (with its puzzle when known), else its puzzle."""
    if result.puzzle is None:
        if result.solution is None:
            raise InputError(f"this {result.status.value} result holds no grid")
        return result.solution
    return result.puzzle if result.solution is None else result.puzzle.with_cells(result.solution)


def shape_of(value: object = None, box: tuple[int, int] | str | None = None) -> Shape:
    """Return the shape a value is or names: a Shape, a size, or words as a shape line says them.

    A size alone is the side's own shape (Sudoku with the most square boxes; Latin when no box
    tiles it); ``box`` (``(3, 2)`` or ``"3x2"``) gives the boxes, and alone the size.

    >>> shape_of(9).describe(), shape_of(7).describe(), shape_of(box="3x2").describe()
    ('9x9 sudoku, 3x3 boxes', '7x7 latin square', '6x6 sudoku, 3x2 boxes')
    >>> shape_of("latin 5").describe(), shape_of("sudoku 9 diagonals").describe()
    ('5x5 latin square', '9x9 sudoku, 3x3 boxes, diagonals')
    >>> shape_of("big")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: shape 'big': it names no kind (sudoku, latin, jigsaw): ...
    """
    boxes = parse_box(box) if isinstance(box, str) else None if box is None else _pair(box)
    if isinstance(value, Shape):
        if boxes is not None and tuple(boxes) != value.box:
            raise InputError(f"box={box!r} disagrees with the shape given, a {value.describe()}")
        return value
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, str):
        if boxes is not None:
            raise InputError(f"give the box in the words ('{value} box 3x3') or box=, not both")
        return _shape_of_words(value)
    if value is None:
        if boxes is None:
            raise InputError(
                "give a shape: a size (9), a Shape, words ('sudoku 6 box 3x2') or box="
            )
        return Shape.sudoku(boxes[0] * boxes[1], boxes)
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        kind = type(value).__name__
        raise InputError(f"expected a shape: a size (9), a Shape or words ('latin 7'), got {kind}")
    n = operator.index(value)
    return Shape.of_side(n) if boxes is None else Shape.sudoku(n, boxes)


def _shape_of_words(words: str) -> Shape:
    """Return the shape words name as a shape line says them (``sudoku 6 box 3x2``)."""
    try:
        header = parse_header("# shape: " + words)
    except InputError as err:
        raise InputError(f"shape {words!r}: {err.message.removeprefix('shape line: ')}") from None
    assert header is not None
    if header.side is None:
        raise InputError(f"shape {words!r} names no size: say one, e.g. '{words} 9'")
    return header.options.shape_for(header.side)


def _pair(box: object) -> tuple[int, int]:
    """Return a box given as two whole numbers (rows, columns), or raise InputError."""
    if isinstance(box, (tuple, list)) and len(box) == 2:
        try:
            return operator.index(box[0]), operator.index(box[1])
        except TypeError:
            pass
    raise InputError(f"box: expected (rows, columns) or 'RxC', got {box!r}")


def predicate_of(where: Predicate | str | None) -> Predicate | None:
    """Return the predicate ``where`` names (a name as ``--where`` takes it) or is.

    >>> predicate_of("diagonal-has-2").__name__
    'diagonal_has_2'
    >>> predicate_of(5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: where: expected a predicate (a function of the solution) or \
the name of one (yes, no, diagonal-has-2, sudoku), got int
    """
    if isinstance(where, str):
        return predicate_named(where)
    if where is not None and not callable(where):
        raise InputError(
            "where: expected a predicate (a function of the solution) or the name of one "
            f"({', '.join(PREDICATES)}), got {type(where).__name__}"
        )
    return where


def options_of(options: dict[str, Any]) -> dict[str, Any]:
    """Return backend options checked, with ``timeout`` and ``conflicts`` made into ``limits``.

    An unknown keyword is a TypeError (as for any function); a bad value is an InputError.

    >>> options_of({"timeout": 2})
    {'limits': Limits(timeout=2.0, conflicts=None)}
    >>> options_of({"strategy": "fresh"})
    {'strategy': <Strategy.FRESH: 'fresh'>}
    >>> options_of({"timeout": -1})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: timeout: expected a positive number of seconds up to ...
    """
    if not options:
        return options
    unknown = [name for name in options if name not in OPTIONS]
    if unknown:
        raise TypeError(
            f"unexpected keyword argument {unknown[0]!r}: the options are {', '.join(OPTIONS)}"
        )
    options = dict(options)
    if "timeout" in options or "conflicts" in options:
        if "limits" in options:
            raise InputError("give limits=Limits(...) or timeout=/conflicts=, not both")
        options["limits"] = Limits(options.pop("timeout", None), options.pop("conflicts", None))
    if "limits" in options:
        options["limits"] = _checked_limits(options["limits"])
    if "strategy" in options:
        options["strategy"] = _strategy(options["strategy"])
    if "encoding" in options and not isinstance(options["encoding"], Encoding):
        raise InputError(
            f"encoding: expected an Encoding, got {type(options['encoding']).__name__}"
        )
    if options.get("native") not in (None, True, False):
        raise InputError(f"native: expected True, False or None, got {options['native']!r}")
    if "solver" in options and not isinstance(options["solver"], str):
        raise InputError(f"solver: expected a solver's name, got {options['solver']!r}")
    return options


def _checked_limits(limits: object) -> Limits:
    """Return limits with their values checked (seconds as a float), or raise InputError.

    >>> _checked_limits(Limits(conflicts=10.0))
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: conflicts: expected a positive whole number up to \
2147483647, got 10.0
    """
    if not isinstance(limits, Limits):
        raise InputError(f"limits: expected Limits(timeout=..., conflicts=...), got {limits!r}")
    timeout, conflicts = limits.timeout, limits.conflicts
    if timeout is not None:
        if isinstance(timeout, bool) or not isinstance(timeout, numbers.Real):
            raise InputError(f"timeout: expected a number of seconds, got {timeout!r}")
        if not 0 < timeout <= MAX_SECONDS:  # NaN fails too
            raise InputError(
                f"timeout: expected a positive number of seconds up to {MAX_SECONDS:.0f}, "
                f"got {timeout}"
            )
        timeout = float(timeout)
    if conflicts is not None:
        whole = not isinstance(conflicts, bool) and hasattr(conflicts, "__index__")
        if not whole or not 0 < operator.index(conflicts) <= MAX_CONFLICTS:
            raise InputError(
                f"conflicts: expected a positive whole number up to {MAX_CONFLICTS}, "
                f"got {conflicts!r}"
            )
        conflicts = operator.index(conflicts)  # a NumPy integer becomes Python's
    return Limits(timeout, conflicts)


def _strategy(value: object) -> Strategy:
    """Return the strategy a value is or names (``"auto"``, ``"persistent"``, ``"fresh"``)."""
    if isinstance(value, Strategy):
        return value
    names = ", ".join(s.value for s in Strategy)
    try:
        return Strategy(value)
    except ValueError:
        raise InputError(f"strategy: expected one of {names}, got {value!r}") from None
