"""Boards as SVG pictures: box or region borders, givens, filled digits and pencil marks."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from html import escape

from ..core._display import register
from ..core._puzzle import Puzzle
from ..core._results import Result
from ..core._shape import Shape
from ..core.constraints import Constraint
from ..io._alphabet import Alphabet, alphabet_of
from ..rules._singles import eliminate
from ._board_overlay import Overlay, overlay_svg
from ._constraint_drawing import cage_of_cells, constraint_drawing
from ._svg_constraints import CONSTRAINT_STYLE, clue_band, constraint_svg

__all__ = ["board_svg", "pencil_marks", "region_of_cells", "puzzle_svg", "result_svg"]

_CELL = 48


def region_of_cells(shape: Shape) -> list[int]:
    """Return, per cell, the index of its box or region (every cell its own when there are none).

    >>> region_of_cells(Shape.sudoku(4))[:4]
    [0, 0, 1, 1]
    """
    n = shape.n
    regions = [0] * (n * n)
    kinds = {h.kind for h in shape.houses}
    kind = "region" if "region" in kinds else "box" if "box" in kinds else None
    if kind is None:
        return list(range(n * n))
    for house in shape.houses:
        if house.kind == kind:
            for cell in house.cells:
                regions[cell] = house.number
    return regions


def _symbol(digit: int, n: int, alphabet: Alphabet) -> str:
    return str(digit) if n > len(alphabet.symbols) else alphabet.symbol(digit)


def board_svg(
    cells: Sequence[int],
    shape: Shape,
    *,
    givens: Sequence[int] | None = None,
    candidates: Sequence[Collection[int]] | None = None,
    highlight: Collection[int] = (),
    alphabet: Alphabet = Alphabet(),
    title: str | None = None,
    labels: bool = True,
    constraints: Sequence[Constraint] = (),
    overlay: Overlay | None = None,
) -> str:
    """Draw a board as a self-contained SVG document; blank cells may show their candidates.

    ``givens`` marks the puzzle's own digits (drawn bold); ``highlight`` shades cells;
    ``labels`` writes the row and column numbers of the ``r1c1`` notation beside the board;
    ``constraints`` (rules beyond houses) are drawn as players know them: cage outlines and
    clues, signs and bars on edges, clues outside the grid (their notes join the title);
    ``overlay`` (:mod:`._board_overlay`) colours a deduction: roles of cells, struck and ringed
    marks (a filled cell with marks shows its digit faded under them), links.

    >>> svg = board_svg((1, 2, 2, 1), Shape.latin(2))
    >>> svg.count('class="cell"'), svg.count('class="label"'), svg.startswith("<svg")
    (4, 4, True)
    """
    n = shape.n
    size = n * _CELL
    regions = region_of_cells(shape)
    drawing = constraint_drawing(constraints, n)
    if not drawing.empty and len(set(regions)) == n * n:  # no boxes: thin lines, cages show
        regions = [0] * (n * n)
    cages = cage_of_cells(drawing, n, dashed=False)  # Keen's: drawn as thick as box borders
    anchors = {cage.anchor for cage in drawing.cages if cage.clue}
    inset = _CELL * 0.12 if drawing.signs or any(c.dashed for c in drawing.cages) else 0.0
    sub = math.ceil(math.sqrt(n))
    margin = _CELL * 0.6 if labels else 0.0
    band = clue_band(drawing, _CELL)
    low, span = -2 - margin - band, size + 4 + margin + 2 * band
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{low:g} {low:g} {span:g} {span:g}" '
        f'width="{min(span, 640):g}" class="satdoku-board" font-family="sans-serif">'
    ]
    if drawing.notes:
        title = "; ".join(([title] if title else []) + list(drawing.notes))
    if title:
        parts.append(f"<title>{escape(title)}</title>")
    parts.append(
        "<style>.cell{fill:#fff}.hl{fill:#fff3b0}.given{font-weight:700;fill:#111}"
        ".filled{fill:#1f5fbf}.cand{fill:#777}.thin{stroke:#bbb;stroke-width:1}"
        ".thick{stroke:#222;stroke-width:3;stroke-linecap:square}.label{fill:#555}</style>"
    )
    if not drawing.empty:
        parts.append(CONSTRAINT_STYLE)
    for k in range(n) if labels else ():
        middle = (k + 0.5) * _CELL
        for text, x, y in (
            (f"r{k + 1}", -margin / 2 - 1 - band, middle),
            (f"c{k + 1}", middle, -margin / 2 - 1 - band),
        ):
            parts.append(
                f'<text class="label" x="{x:.1f}" y="{y:.1f}" font-size="{_CELL * 0.26:.1f}" '
                f'text-anchor="middle" dominant-baseline="central">{text}</text>'
            )
    hl = set(highlight)
    marked = overlay.marks if overlay is not None else ()
    shown = {(c.row * n + c.col, c.digit) for c in marked}  # the overlay draws these itself
    faded = {c.row * n + c.col for c in marked}
    big = _CELL * 0.62
    small = _CELL / sub * 0.8
    for i in range(n * n):
        r, c = divmod(i, n)
        x, y = c * _CELL, r * _CELL
        cls = "cell hl" if i in hl else "cell"
        if overlay is not None and overlay.role_class(i):
            cls += " " + overlay.role_class(i)
        parts.append(
            f'<rect class="{cls}" data-row="{r}" data-col="{c}" x="{x}" y="{y}" '
            f'width="{_CELL}" height="{_CELL}"/>'
        )
        digit = cells[i]
        if digit:
            kind = "given" if givens is not None and givens[i] else "filled"
            if givens is None:
                kind = "given"
            if i in faded:
                kind += " faded"
            parts.append(
                f'<text class="{kind}" x="{x + _CELL / 2}" y="{y + _CELL / 2}" '
                f'font-size="{big:.1f}" text-anchor="middle" dominant-baseline="central">'
                f"{escape(_symbol(digit, n, alphabet))}</text>"
            )
        elif candidates is not None:
            top = max(inset, _CELL * 0.28 if i in anchors else 0.0)  # under a cage's clue
            room = _CELL - top - inset
            size_here = small * room / _CELL if top else small
            for d in sorted(x for x in candidates[i] if (i, x) not in shown):
                sr, sc = divmod(d - 1, sub)
                cx = x + inset + (sc + 0.5) * (_CELL - 2 * inset) / sub
                cy = y + top + (sr + 0.5) * room / sub
                parts.append(
                    f'<text class="cand" x="{cx:.1f}" y="{cy:.1f}" font-size="{size_here:.1f}" '
                    f'text-anchor="middle" dominant-baseline="central">'
                    f"{escape(_symbol(d, n, alphabet))}</text>"
                )
    for i in range(n * n):
        r, c = divmod(i, n)
        x, y = c * _CELL, r * _CELL
        if c + 1 < n:
            cls = _line_class(regions, cages, i, i + 1)
            parts.append(
                f'<line class="{cls}" x1="{x + _CELL}" y1="{y}" x2="{x + _CELL}" y2="{y + _CELL}"/>'
            )
        if r + 1 < n:
            cls = _line_class(regions, cages, i, i + n)
            parts.append(
                f'<line class="{cls}" x1="{x}" y1="{y + _CELL}" x2="{x + _CELL}" y2="{y + _CELL}"/>'
            )
    parts.append(
        f'<rect class="outline" x="0" y="0" width="{size}" height="{size}" '
        'fill="none" stroke="#222" stroke-width="4"/>'
    )
    parts.extend(constraint_svg(drawing, n, _CELL))
    if overlay is not None:
        parts.extend(overlay_svg(overlay, n, _CELL, lambda d: _symbol(d, n, alphabet)))
    parts.append("</svg>")
    return "".join(parts)


def _line_class(regions: Sequence[int], cages: Sequence[int], cell: int, other: int) -> str:
    """Return how the line between two neighbouring cells is drawn: box, cage or thin line."""
    if regions[cell] != regions[other]:
        return "thick"
    return "cage" if cages[cell] != cages[other] else "thin"


def pencil_marks(puzzle: Puzzle) -> list[set[int]] | None:
    """Return each cell's candidates left by rule 1 from the givens (None when givens clash).

    >>> pencil_marks(Puzzle(Shape.latin(2), (1, 0, 0, 0)))
    [{1}, {2}, {2}, {1, 2}]
    """
    known = eliminate(puzzle)
    if known is None:
        return None
    n = puzzle.n
    # known[i * n + d]: the claim "cell i holds d" (core.claims.variable, i = row*n + col)
    return [{d for d in range(1, n + 1) if known[i * n + d] != -1} for i in range(n * n)]


def puzzle_svg(puzzle: Puzzle) -> str:
    """Draw a puzzle for a notebook: the board with box borders and rule-1 pencil marks.

    >>> puzzle_svg(Puzzle(Shape.latin(2), (1, 0, 0, 0))).startswith("<svg")
    True
    """
    marks = pencil_marks(puzzle) if puzzle.shape.n <= 16 else None
    return board_svg(
        puzzle.cells,
        puzzle.shape,
        givens=puzzle.cells,
        candidates=marks,
        alphabet=alphabet_of(None, puzzle.symbols),
        title=puzzle.shape.describe(),
        constraints=puzzle.constraints,
    )


def result_svg(result: Result) -> str:
    """Draw a result for a notebook: the solution with the givens in bold, else the puzzle.

    >>> from satdoku.core._results import Status
    >>> "unsolvable" in result_svg(Result(Status.UNSOLVABLE, error="no"))
    True
    """
    if result.puzzle is None:
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="320" height="24"><text y="16">'
            f"{escape(result.status.value)}: {escape(result.error or '')}</text></svg>"
        )
    cells = result.solution if result.solution is not None else result.puzzle.cells
    return board_svg(
        cells,
        result.puzzle.shape,
        givens=result.puzzle.cells,
        alphabet=alphabet_of(None, result.puzzle.symbols),
        title=f"{result.status.value}: {result.puzzle.shape.describe()}",
        constraints=result.puzzle.constraints,
    )


register(Puzzle, "svg", puzzle_svg)
register(Result, "svg", result_svg)
