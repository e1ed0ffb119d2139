"""SVG of the Sudoku-variant marks: lines through cells, marks in cells, quadruple circles on the
grid's points, little killers' clues, Kropki dots; drawn see-through over the digits.

>>> from satdoku.core.constraints import Thermometer
>>> from satdoku.views._constraint_drawing import constraint_drawing
>>> parts = variant_svg(constraint_drawing((Thermometer((0, 1)),), 2), 2, 48)
>>> parts[0][:40]
'<circle class="bulb" cx="24.0" cy="24.0"'
"""

from __future__ import annotations

from html import escape

from ._constraint_drawing import ConstraintDrawing
from ._marks import EdgeSign
from ._variant_drawing import BLACK, WHITE

__all__ = ["VARIANT_STYLE", "variant_svg", "dot_svg"]

VARIANT_STYLE = (
    "<style>.line{fill:none;stroke-linecap:round;stroke-linejoin:round;opacity:.45}"
    ".thermometer,.slow-thermometer{stroke:#888}.bulb{fill:#888;opacity:.45}"
    ".whisper{stroke:#2a2}.renban{stroke:#c4c}.palindrome{stroke:#777}.between{stroke:#99a}"
    ".entropic{stroke:#e80}.modular{stroke:#0aa}.zipper{stroke:#a6e}.region-sum{stroke:#36c}"
    ".arrow{stroke:#555}"
    ".ends{fill:#fff;stroke:#99a;stroke-width:2}.ring{fill:none;stroke:#555;stroke-width:2}"
    ".even{fill:#bbb;opacity:.5}.odd{fill:#bbb;opacity:.5}.maximum{fill:#888;opacity:.3}"
    ".minimum{fill:#48c;opacity:.25}.clone{fill:#fc6;opacity:.35}"
    ".point{fill:#fff;stroke:#222;stroke-width:1.2}.pointtext{fill:#111}"
    ".white{fill:#fff;stroke:#222;stroke-width:1.5}.black{fill:#222}.dottext{fill:#888}"
    ".diagonal{fill:#111;font-weight:700}</style>"
)
"""The style of the variant marks, added to a board that has some."""

_WIDTHS = {"thermometer": 0.3, "slow thermometer": 0.3, "arrow": 0.05}


def _centre(cell: int, n: int, size: float) -> tuple[float, float]:
    row, col = divmod(cell, n)
    return (col + 0.5) * size, (row + 0.5) * size


def _title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def dot_svg(sign: EdgeSign, x: float, y: float, cell: float) -> str:
    """Return a Kropki dot at (x, y) (its value inside when not the usual one).

    >>> dot_svg(EdgeSign(0, 1, "black", "black dot r1c1,r1c2"), 48, 24, 48)[:27]
    '<circle class="black" cx="4'
    """
    colour, _, value = sign.sign.partition(" ")
    radius = cell * 0.13
    part = (
        f'<circle class="{colour}" cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}">'
        f"{_title(sign.title)}</circle>"
    )
    if value:
        part += (
            f'<text class="dottext" x="{x:.1f}" y="{y:.1f}" font-size="{radius * 1.4:.1f}" '
            f'text-anchor="middle" dominant-baseline="central">{escape(value)}</text>'
        )
    return part


def is_dot(sign: EdgeSign) -> bool:
    """Tell whether a sign on an edge is a Kropki dot."""
    return sign.sign.partition(" ")[0] in (WHITE, BLACK)


def variant_svg(drawing: ConstraintDrawing, n: int, cell: float) -> list[str]:
    """Return the SVG elements of the variant marks for a board of n×n cells ``cell`` wide."""
    parts: list[str] = []
    for mark in drawing.cell_marks:
        x, y = _centre(mark.cell, n, cell)
        shape, half = mark.shape, cell / 2
        if shape == "circle":
            part = f'<circle class="odd" cx="{x:.1f}" cy="{y:.1f}" r="{cell * 0.38:.1f}">'
            parts.append(part + f"{_title(mark.title)}</circle>")
        elif shape == "ring":
            part = f'<circle class="ring" cx="{x:.1f}" cy="{y:.1f}" r="{cell * 0.42:.1f}">'
            parts.append(part + f"{_title(mark.title)}</circle>")
        else:
            inset = cell * 0.12 if shape == "square" else 0.0
            cls = "even" if shape == "square" else shape
            side = cell - 2 * inset
            parts.append(
                f'<rect class="{cls}" x="{x - half + inset:.1f}" y="{y - half + inset:.1f}" '
                f'width="{side:.1f}" height="{side:.1f}">{_title(mark.title)}</rect>'
            )
    for line in drawing.lines:
        points = [_centre(c, n, cell) for c in line.path]
        style = line.style.replace(" ", "-")
        width = cell * _WIDTHS.get(line.style, 0.12)
        if line.style in ("thermometer", "slow thermometer"):
            x, y = points[0]
            parts.append(f'<circle class="bulb" cx="{x:.1f}" cy="{y:.1f}" r="{cell * 0.36:.1f}"/>')
        if line.style == "arrow":  # from the circle's rim to a head at the last cell
            (x0, y0), (x1, y1) = points[0], points[1]
            length = max(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 1.0)
            rim = cell * 0.42 / length
            points[0] = (x0 + (x1 - x0) * rim, y0 + (y1 - y0) * rim)
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(
            f'<polyline class="line {style}" points="{path}" stroke-width="{width:.1f}">'
            f"{_title(line.title)}</polyline>"
        )
        if line.style == "arrow":
            parts.append(_arrow_head(points[-2], points[-1], cell))
        if line.style == "between":
            for x, y in (points[0], points[-1]):
                r = cell * 0.4
                parts.append(f'<circle class="ends" cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}"/>')
    for point in drawing.points:
        row, col = divmod(point.corner, n)
        x, y, r = (col + 1) * cell, (row + 1) * cell, cell * 0.24
        size = cell * (0.2 if len(point.text) <= 2 else 0.14)
        parts.append(
            f'<circle class="point" cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}">{_title(point.title)}'
            f'</circle><text class="pointtext" x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" '
            f'text-anchor="middle" dominant-baseline="central">{escape(point.text)}</text>'
        )
    for clue in drawing.diagonals:
        x, y = (clue.col + 0.5) * cell, (clue.row + 0.5) * cell
        arrow = {(1, 1): "↘", (1, -1): "↙", (-1, 1): "↗", (-1, -1): "↖"}[clue.direction]
        parts.append(
            f'<text class="diagonal" x="{x:.1f}" y="{y:.1f}" font-size="{cell * 0.3:.1f}" '
            f'text-anchor="middle" dominant-baseline="central">{escape(clue.text + arrow)}'
            f"{_title(clue.title)}</text>"
        )
    return parts


def _arrow_head(before: tuple[float, float], tip: tuple[float, float], cell: float) -> str:
    """Return an open arrow head at ``tip``, pointing away from ``before``."""
    (x0, y0), (x1, y1) = before, tip
    length = max(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 1.0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    back, wide = cell * 0.2, cell * 0.12
    left = (x1 - ux * back - uy * wide, y1 - uy * back + ux * wide)
    right = (x1 - ux * back + uy * wide, y1 - uy * back - ux * wide)
    return (
        f'<polyline class="line arrow" stroke-width="{cell * 0.05:.1f}" points="{left[0]:.1f},'
        f'{left[1]:.1f} {x1:.1f},{y1:.1f} {right[0]:.1f},{right[1]:.1f}"/>'
    )
