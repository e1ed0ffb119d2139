"""What a board drawing colours over the cells to show a deduction: roles, marks and links.

An :class:`Overlay` is generic over a step: cells play roles (the house or axiom, set logic's
bases and covers, the target, the blockers, mistakes), pencil marks are drawn as the step's
premises (struck), the claims it makes false (struck in red) or true (ringed), and candidates
may be joined by links (strong or weak, as chains draw them). :func:`overlay_svg` draws it in
the coordinates of :func:`satdoku.views._svg.board_svg`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from html import escape
from typing import NamedTuple

from ..core._claims import Claim

__all__ = ["ROLES", "Link", "Overlay", "mark_centre", "overlay_svg", "OVERLAY_STYLE"]

ROLES = ("house", "base", "cover", "pattern", "target", "blocker", "mistake")
"""The roles a cell plays in a drawn step, weakest first (a later role is drawn over)."""

OVERLAY_STYLE = (
    "<style>.role-house{fill:#fff3b0}.role-base{fill:#cfe0ff}.role-cover{fill:#ffd7b0}"
    ".role-base.role-cover{fill:#e6d3ff}.role-pattern{fill:#d8ecff}.role-target{fill:#c9f2d3}"
    ".role-mistake{fill:#ffd9d6}.ring-node{fill:#fff;stroke:#7a3fc4;stroke-width:1.5}"
    ".mk-node{fill:#4b1d8f}"
    ".ring-blocker{fill:none;stroke:#2451c2;stroke-width:3;stroke-dasharray:6 3}"
    ".faded{opacity:.28}.mk{font-weight:700}.mk-struck{fill:#5b6b8c}.mk-removed{fill:#d0192b}"
    ".mk-placed{fill:#0f7a32}.strike{stroke-width:2;stroke-linecap:round}"
    ".strike.mk-struck{stroke:#5b6b8c}.strike.mk-removed{stroke:#d0192b}"
    ".ring-placed{fill:#fff;stroke:#0f7a32;stroke-width:2}"
    ".link{fill:none;stroke:#7a3fc4;stroke-width:2.5}.link.weak{stroke-dasharray:5 4}</style>"
)
"""The style of an overlay's roles, marks and links."""


class Link(NamedTuple):
    """Two candidates joined in a chain: strong (one of them is true) or weak (not both).

    >>> Link(Claim(0, 0, 1), Claim(0, 3, 1), strong=True).strong
    True
    """

    first: Claim
    second: Claim
    strong: bool


@dataclass(frozen=True)
class Overlay:
    """Cells with roles, candidates struck or ringed, and links, drawn over a board.

    ``roles`` pairs a cell index with a role of :data:`ROLES`; ``struck`` are the step's
    premises (claims already false), ``removed`` the claims it makes false, ``placed`` those it
    makes true, ``nodes`` the candidates a chain or pattern rests on (ringed in purple).

    >>> Overlay(roles=((0, "target"),)).cells("target")
    frozenset({0})
    """

    roles: tuple[tuple[int, str], ...] = ()
    struck: tuple[Claim, ...] = ()
    removed: tuple[Claim, ...] = ()
    placed: tuple[Claim, ...] = ()
    links: tuple[Link, ...] = ()
    nodes: tuple[Claim, ...] = ()

    def cells(self, role: str) -> frozenset[int]:
        """Return the cells that play a role."""
        return frozenset(cell for cell, kind in self.roles if kind == role)

    def role_class(self, cell: int) -> str:
        """Return the SVG classes of a cell's roles (shaded ones only), e.g. ``role-base``."""
        kinds = {kind for c, kind in self.roles if c == cell and kind != "blocker"}
        return " ".join(f"role-{kind}" for kind in ROLES if kind in kinds)

    @property
    def marks(self) -> tuple[Claim, ...]:
        """Return the candidates the overlay draws (struck, removed, placed and nodes)."""
        return (*self.struck, *self.removed, *self.placed, *self.nodes)


def mark_centre(claim: Claim, n: int, cell_size: float) -> tuple[float, float]:
    """Return the centre of a candidate's pencil mark in board coordinates.

    >>> mark_centre(Claim(0, 0, 1), 9, 48)
    (8.0, 8.0)
    """
    sub = math.ceil(math.sqrt(n))
    sr, sc = divmod(claim.digit - 1, sub)
    return (
        claim.col * cell_size + (sc + 0.5) * cell_size / sub,
        claim.row * cell_size + (sr + 0.5) * cell_size / sub,
    )


def _marks(
    kind: str, claims: Iterable[Claim], n: int, size: float, symbol: Callable[[int], str]
) -> list[str]:
    """Draw the marks of one kind: struck or removed ones crossed by a line, placed and nodes
    ringed."""
    sub = math.ceil(math.sqrt(n))
    font = size / sub * 0.8
    parts = []
    for claim in claims:
        x, y = mark_centre(claim, n, size)
        if kind in ("placed", "node"):
            parts.append(
                f'<circle class="ring-{kind}" cx="{x:.1f}" cy="{y:.1f}" r="{font * 0.62:.1f}"/>'
            )
        parts.append(
            f'<text class="mk mk-{kind}" data-claim="{claim.row},{claim.col},{claim.digit}" '
            f'x="{x:.1f}" y="{y:.1f}" font-size="{font:.1f}" text-anchor="middle" '
            f'dominant-baseline="central">{escape(symbol(claim.digit))}</text>'
        )
        if kind in ("struck", "removed"):
            half = font * 0.48
            parts.append(
                f'<line class="strike mk-{kind}" x1="{x - half:.1f}" y1="{y + half * 0.55:.1f}" '
                f'x2="{x + half:.1f}" y2="{y - half * 0.55:.1f}"/>'
            )
    return parts


def overlay_svg(overlay: Overlay, n: int, size: float, symbol: Callable[[int], str]) -> list[str]:
    """Return the SVG parts an overlay adds over a board: blocker rings, links, marks.

    >>> parts = overlay_svg(Overlay(struck=(Claim(0, 0, 2),)), 4, 48, str)
    >>> sum('class="strike mk-struck"' in p for p in parts)
    1
    """
    if overlay == Overlay():
        return []
    parts = [OVERLAY_STYLE]
    inset = 3.0
    for cell in sorted(overlay.cells("blocker")):
        r, c = divmod(cell, n)
        parts.append(
            f'<rect class="ring-blocker" x="{c * size + inset}" y="{r * size + inset}" '
            f'width="{size - 2 * inset}" height="{size - 2 * inset}" rx="4"/>'
        )
    for link in overlay.links:  # under the marks: a node's ring hides the line's ends
        parts.append(_link_svg(link, n, size))
    for kind, claims in (
        ("node", overlay.nodes),
        ("struck", overlay.struck),
        ("removed", overlay.removed),
        ("placed", overlay.placed),
    ):
        parts += _marks(kind, claims, n, size, symbol)
    return parts


def _link_svg(link: Link, n: int, size: float) -> str:
    """Draw a link: a straight line inside a cell, else an arc bowed towards the board's centre,
    so that it passes beside the candidates between its ends and stays on the board."""
    (x1, y1), (x2, y2) = (mark_centre(c, n, size) for c in (link.first, link.second))
    kind = "strong" if link.strong else "weak"
    if (link.first.row, link.first.col) == (link.second.row, link.second.col):
        return (
            f'<line class="link {kind}" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>'
        )
    dx, dy = x2 - x1, y2 - y1
    bow = min(0.25, size / math.hypot(dx, dy))
    mx, my, middle = (x1 + x2) / 2, (y1 + y2) / 2, n * size / 2
    if (middle - mx) * -dy + (middle - my) * dx < 0:  # bow towards the board's centre
        bow = -bow
    cx, cy = mx - dy * bow, my + dx * bow
    return (
        f'<path class="link {kind}" d="M{x1:.1f},{y1:.1f} Q{cx:.1f},{cy:.1f} {x2:.1f},{y2:.1f}"/>'
    )
