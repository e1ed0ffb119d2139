"""Values of command-line options: bounded whole numbers, seconds, box shapes (argparse types).

Every number is bounded when it is parsed, so no value reaches a solver that it cannot take
(a C int of conflicts, a timer's seconds) and a mistyped huge value is a usage error (exit 2).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from ..core._limits import MAX_SECONDS

__all__ = ["MAX_CONFLICTS", "MAX_COUNT", "box_shape", "seconds", "whole_number"]


MAX_COUNT = 2**62
"""The largest count an option takes (--limit, --max-steps, --index): beyond any real run."""

MAX_CONFLICTS = 2**31 - 1
"""The largest conflict budget: PySAT's solvers keep it in a C int."""


def whole_number(maximum: int) -> Callable[[str], int]:
    """Return an argparse type: a whole number of at most ``maximum`` (checked before any work).

    >>> whole_number(10)("7")
    7
    >>> whole_number(10)("11")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a whole number of at most 10, got 11
    """

    def parse(text: str) -> int:
        stripped = text.strip()
        digits = stripped.lstrip("+-")
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 30:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}")
        value = int(stripped)
        if value > maximum:
            raise argparse.ArgumentTypeError(
                f"expected a whole number of at most {maximum}, got {value}"
            )
        return value

    return parse


def seconds(text: str) -> float:
    """Parse a number of seconds for argparse: finite and at most :data:`MAX_SECONDS`.

    >>> seconds("2.5")
    2.5
    >>> seconds("1e300")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a positive number of seconds up to 10000000, got '1e300'
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not (math.isfinite(value) and value <= MAX_SECONDS):
        raise argparse.ArgumentTypeError(
            f"expected a positive number of seconds up to {MAX_SECONDS:.0f}, got {text!r}"
        )
    return value


def box_shape(text: str) -> tuple[int, int]:
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"expected RxC such as 3x3 or 2x3, got {text!r}")
    return int(parts[0]), int(parts[1])
