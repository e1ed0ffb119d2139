"""SVG of a puzzle's rules beyond houses: cage clues and dashed killer outlines, signs on edges,
clues outside the grid (Keen's solid cage borders are the board's own lines, :mod:`._svg`).

>>> from satdoku.core.constraints import Comparison
>>> from satdoku.views._constraint_drawing import constraint_drawing
>>> drawn = constraint_drawing((Comparison(1, 0),), 2)
>>> [part for part in constraint_svg(drawn, 2, 48) if ">&gt;<" in part][0][:18]
'<text class="sign"'
"""

from __future__ import annotations

from html import escape

from ..core.constraints import Side
from ._constraint_drawing import (
    BAR,
    KILLER_INSET,
    ConstraintDrawing,
    inset_outline,
)
from ._svg_variants import VARIANT_STYLE, dot_svg, is_dot, variant_svg

__all__ = ["CONSTRAINT_STYLE", "clue_band", "constraint_svg"]

CONSTRAINT_STYLE = (
    "<style>.cage{stroke:#222;stroke-width:3;stroke-linecap:square}"
    ".killer{fill:none;stroke:#333;stroke-width:1.3;stroke-dasharray:4 3}"
    ".clue{fill:#111}.cluebg{fill:#fff}.bar{fill:#222}"
    ".sign{fill:#222;font-weight:700;stroke:#fff;stroke-width:3;paint-order:stroke}"
    ".outside{fill:#111;font-weight:700}</style>" + VARIANT_STYLE
)
"""The style of the constraint marks, added to a board that has some."""


def clue_band(drawing: ConstraintDrawing, cell: float) -> float:
    """Return the width of the band around the grid that holds outside clues (0 without them).

    >>> from satdoku.views._constraint_drawing import constraint_drawing
    >>> clue_band(constraint_drawing((), 4), 48)
    0.0
    """
    return cell * 0.6 if drawing.outside or drawing.diagonals else 0.0


def _text(
    cls: str, x: float, y: float, size: float, words: str, anchor: str = "middle", title: str = ""
) -> str:
    named = f"<title>{escape(title)}</title>" if title else ""
    return (
        f'<text class="{cls}" x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" '
        f'text-anchor="{anchor}" dominant-baseline="central">{escape(words)}{named}</text>'
    )


def constraint_svg(drawing: ConstraintDrawing, n: int, cell: float) -> list[str]:
    """Return the SVG elements of the marks, for a board of n×n cells ``cell`` units wide."""
    parts: list[str] = variant_svg(drawing, n, cell)
    clue_size = cell * 0.24
    for cage in drawing.cages:
        if cage.dashed:
            path = " ".join(
                f"M{x1 * cell:g} {y1 * cell:g}L{x2 * cell:g} {y2 * cell:g}"
                for x1, y1, x2, y2 in inset_outline(cage.cells, n, KILLER_INSET)
            )
            parts.append(f'<path class="killer" d="{path}"><title>{escape(cage.title)}</title>')
            parts.append("</path>")
        if not cage.clue:
            continue
        r, c = divmod(cage.anchor, n)
        x, y = c * cell + 2, r * cell + 2
        if cage.dashed:  # the total breaks the dashed line, as printed killers show it
            width = len(cage.clue) * clue_size * 0.62 + 2
            parts.append(
                f'<rect class="cluebg" x="{x - 1:.1f}" y="{y - 1:.1f}" width="{width:.1f}" '
                f'height="{clue_size + 2:.1f}"/>'
            )
        parts.append(_text("clue", x, y + clue_size / 2, clue_size, cage.clue, "start"))
    for sign in drawing.signs:
        r, c = divmod(sign.first, n)
        x, y = (
            ((c + 1) * cell, (r + 0.5) * cell)
            if sign.across
            else ((c + 0.5) * cell, (r + 1) * cell)
        )
        if is_dot(sign):
            parts.append(dot_svg(sign, x, y, cell))
        elif sign.sign == BAR:
            long, thick = cell * 0.44, cell * 0.1
            w, h = (thick, long) if sign.across else (long, thick)
            parts.append(
                f'<rect class="bar" x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:.1f}" '
                f'height="{h:.1f}"><title>{escape(sign.title)}</title></rect>'
            )
        else:
            parts.append(_text("sign", x, y, cell * 0.42, sign.sign, title=sign.title))
    band = clue_band(drawing, cell)
    size = n * cell
    for clue in drawing.outside:
        middle = (clue.line + 0.5) * cell
        x, y = {
            Side.TOP: (middle, -band / 2),
            Side.BOTTOM: (middle, size + band / 2),
            Side.LEFT: (-band / 2, middle),
            Side.RIGHT: (size + band / 2, middle),
        }[clue.side]
        parts.append(_text("outside", x, y, cell * 0.45, clue.text))
    return parts
