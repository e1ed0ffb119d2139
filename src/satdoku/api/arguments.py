"""What the library's functions take: any form of a puzzle, and the options the CLI takes.

A puzzle may be a :class:`~satdoku.core.puzzle.Puzzle`, a string in any format, rows (lists of
integers or strings), n*n integers or a NumPy array (:func:`satdoku.io.reading.parse_puzzle`).
``where`` may name a predicate as ``--where`` does; ``timeout=`` and ``conflicts=`` are the
limits ``--timeout`` and ``--conflicts`` set.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import InputError
from ..core.limits import MAX_SECONDS, Limits
from ..core.puzzle import Puzzle
from ..io.reading import parse_puzzle
from .predicates import Predicate, predicate_named

__all__ = ["options_of", "predicate_of", "puzzle_of"]


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
    """
    if isinstance(where, str):
        return predicate_named(where)
    return where


def options_of(options: dict[str, Any]) -> dict[str, Any]:
    """Return backend options with ``timeout`` and ``conflicts`` made into ``limits``.

    >>> options_of({"timeout": 2})
    {'limits': Limits(timeout=2.0, conflicts=None)}
    >>> options_of({"timeout": -1})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    satdoku.core.errors.InputError: timeout: expected a positive number of seconds up to ...
    """
    if "timeout" not in options and "conflicts" not in options:
        return options
    options = dict(options)
    timeout, conflicts = options.pop("timeout", None), options.pop("conflicts", None)
    if "limits" in options:
        raise InputError("give limits=Limits(...) or timeout=/conflicts=, not both")
    if timeout is not None:
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
            raise InputError(f"timeout: expected a number of seconds, got {timeout!r}")
        if not 0 < timeout <= MAX_SECONDS:
            raise InputError(
                f"timeout: expected a positive number of seconds up to {MAX_SECONDS:.0f}, "
                f"got {timeout}"
            )
        timeout = float(timeout)
    if conflicts is not None and (
        isinstance(conflicts, bool) or not isinstance(conflicts, int) or conflicts <= 0
    ):
        raise InputError(f"conflicts: expected a positive whole number, got {conflicts!r}")
    options["limits"] = Limits(timeout, conflicts)
    return options
