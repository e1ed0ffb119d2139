"""What the library's functions take: any form of a puzzle, and the options the CLI takes.

A puzzle may be a :class:`~satdoku.core.puzzle.Puzzle`, a string in any format, rows (lists of
integers or strings), n*n integers or a NumPy array (:func:`satdoku.io.reading.parse_puzzle`).
``where`` may name a predicate as ``--where`` does; ``timeout=`` and ``conflicts=`` are the
limits ``--timeout`` and ``--conflicts`` set. Bad values are input errors, not AttributeErrors
deep inside a solver.
"""

from __future__ import annotations

import numbers
import operator
from typing import Any

from ..backends.strategy import Strategy
from ..cnf.encodings import Encoding
from ..core.errors import InputError
from ..core.limits import MAX_CONFLICTS, MAX_SECONDS, Limits
from ..core.puzzle import Puzzle
from ..io.reading import parse_puzzle
from .predicates import PREDICATES, Predicate, predicate_named

__all__ = ["OPTIONS", "options_of", "predicate_of", "puzzle_of"]

OPTIONS = ("solver", "encoding", "strategy", "limits", "native", "timeout", "conflicts")
"""The keyword options of solve, count, solutions and is_unique (besides where, order, limit)."""


def puzzle_of(value: object) -> Puzzle:
    """Return the puzzle a value stands for (a Puzzle as it is), or raise InputError.

    >>> puzzle_of([[1, 0], [0, 0]]).cells
    (1, 0, 0, 0)
    """
    if type(value) is Puzzle:
        return value
    return parse_puzzle(value)


def predicate_of(where: Predicate | str | None) -> Predicate | None:
    """Return the predicate ``where`` names (a name as ``--where`` takes it) or is.

    >>> predicate_of("diagonal-has-2").__name__
    'diagonal_has_2'
    >>> predicate_of(5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    satdoku.core.errors.InputError: where: expected a predicate (a function of the solution) or \
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
    satdoku.core.errors.InputError: timeout: expected a positive number of seconds up to ...
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
    satdoku.core.errors.InputError: conflicts: expected a positive whole number up to \
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
