"""f-puzzles' rules that satdoku reads: one reader function per f-puzzles key, in a registry.

A reader takes the key's value and the whole document and returns the puzzle's constraints;
every key it does not hold is refused by name (see :mod:`._refusals`). The readers live with
their writers, by family: :mod:`._dots`, :mod:`._line_rules`, :mod:`._marks`, :mod:`._outside`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ...core.constraints import Constraint, KillerCage
from .._json_path import JsonAt
from . import _dots as dots
from . import _line_rules as line_rules
from . import _marks as marks
from . import _outside as outside
from ._document import Document

__all__ = ["READERS", "Document", "Reader", "distinct"]

Reader = Callable[[JsonAt, Document], list[Constraint]]
"""Reads one f-puzzles key's value into constraints."""


def _killer_cages(value: JsonAt, doc: Document) -> list[Constraint]:
    """``killercage``: cells and an optional total (``value``); digits never repeat."""
    cages: list[Constraint] = []
    for cage in value.each("a list of killer cages"):
        cells = doc.cells(cage.key("cells"))
        total = cage.key("value")
        if total.value is None or total.value == "":
            cages.append(KillerCage(cells))
            continue
        text = str(total.value) if isinstance(total.value, int) else total.text("a total")
        if not text.isascii() or not text.isdigit() or int(text) < 1:
            total.fail("the cage's total: a positive whole number")
        cages.append(KillerCage(cells, int(text)))
    return cages


READERS: dict[str, Reader] = {
    "grid": marks.read_regions,
    "diagonal+": marks.read_rising_diagonal,
    "diagonal-": marks.read_falling_diagonal,
    "antiknight": marks.read_anti_knight,
    "antiking": marks.read_anti_king,
    "disjointgroups": marks.read_disjoint_groups,
    "extraregion": marks.read_extra_regions,
    "killercage": _killer_cages,
    "odd": partial(marks.read_parity, even=False),
    "even": partial(marks.read_parity, even=True),
    "minimum": partial(marks.read_extrema, maximum=False),
    "maximum": partial(marks.read_extrema, maximum=True),
    "quadruple": marks.read_quadruples,
    "clone": marks.read_clones,
    "difference": dots.read_differences,
    "ratio": dots.read_ratios,
    "xv": dots.read_xv,
    "negative": dots.read_negative,
    "nonconsecutive": dots.read_nonconsecutive,
    "arrow": line_rules.read_arrows,
    **{key: line_rules.line_reader(key) for key in line_rules.LINE_KEYS},
    "littlekillersum": outside.read_little_killers,
    **{key: outside.line_clue_reader(key) for key in outside.LINE_CLUES},
}
"""The reader of each f-puzzles key that holds rules satdoku reads."""


def distinct(rules: list[Constraint]) -> list[Constraint]:
    """Return the rules with repeats dropped, in order (two keys may state one rule).

    >>> distinct([KillerCage((0, 1)), KillerCage((0, 1), 3), KillerCage((0, 1))])
    [KillerCage(members=(0, 1), total=None), KillerCage(members=(0, 1), total=3)]
    """
    return list(dict.fromkeys(rules))
