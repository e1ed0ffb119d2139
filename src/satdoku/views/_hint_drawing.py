"""A hint drawn: the player's grid with the step's pattern coloured, as SVG or a small HTML page.

The drawing is made from the step's own parts, so any technique draws: its house or axiom (or
set logic's bases and covers), the claims it decides (ringed when made true, struck in red when
made false), its premises (claims already false, every one drawn as a struck pencil mark in its
cell, over the cell's faded digit when it has one), the blockers that exclude them (ringed
cells), and links between candidates for techniques that supply them (a step's ``links``).
What is coloured follows the hint's level: nothing at 1, where to look at 2, everything at 3.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Protocol

from ..api._hint import Hint, HintStatus
from ..api._hint_blockers import Blocker
from ..core._axioms import Axiom
from ..core._claims import FALSE, TRUE, Claim, claim_of
from ..core._literal_axioms import LiteralAxiom
from ..rules._set_logic import SetMove
from ..rules.techniques._step import Node, TechniqueStep
from ._board_overlay import Link, Overlay
from ._hint_rule_sentences import contradiction_claims
from ._hint_sentences import hint_text
from ._svg import board_svg
from ._technique_parts import chain_links, pattern_cells, premise_cells

__all__ = [
    "DrawnStep",
    "step_overlay",
    "technique_overlay",
    "hint_overlay",
    "hint_svg",
    "hint_page",
]


class DrawnStep(Protocol):
    """What a drawing reads of a step: its axiom or set-logic move, the claims and premises."""

    @property
    def axiom(self) -> Axiom | None: ...
    @property
    def sets(self) -> SetMove | None: ...
    @property
    def value(self) -> bool: ...
    @property
    def claims(self) -> tuple[Claim, ...]: ...
    @property
    def reasons(self) -> tuple[Claim, ...]: ...


def _cells(axioms: Sequence[Axiom], n: int) -> list[int]:
    return list(dict.fromkeys(c.row * n + c.col for a in axioms for c in a.claims))


def step_overlay(
    step: DrawnStep,
    values: Sequence[int],
    n: int,
    *,
    blockers: Sequence[Blocker] = (),
    links: Sequence[Link] = (),
    level: int = 3,
) -> Overlay:
    """Return the overlay of a step in a state (claim values): roles, marks and links by level.

    Links come from ``links`` and from the step's own ``links`` when it has them (chains).

    >>> from satdoku.api._hint import hint
    >>> from satdoku.io._line import parse_line
    >>> h = hint(parse_line("1.3..4..2...4..1"))
    >>> o = step_overlay(h.step, h.state.values, 4, blockers=h.blockers)
    >>> sorted(o.cells("blocker")), [c.label() for c in o.struck], o.placed[0].label()
    ([0, 2, 5], ['r1c2=1', 'r1c2=3', 'r1c2=4'], 'r1c2=2')
    """
    if level < 2:
        return Overlay()
    roles: list[tuple[int, str]] = []
    move = step.sets
    if move is not None:
        roles += [(cell, "base") for cell in _cells(move.bases, n)]
        roles += [(cell, "cover") for cell in _cells(move.covers, n)]
    elif step.axiom is not None:
        roles += [(cell, "house") for cell in _cells([step.axiom], n)]
    if level < 3:
        return Overlay(roles=tuple(roles))
    decided = step.claims
    roles += [(c.row * n + c.col, "target") for c in decided if step.value]
    causes = [c for c in step.reasons if values[_var(c, n)] == TRUE and c not in decided]
    roles += [(c.row * n + c.col, "blocker") for c in causes]
    # a blocker in another cell is ringed (a premise's own cell shows its digit under the mark)
    roles += [(b.by.row * n + b.by.col, "blocker") for b in blockers if b.by and b.house]
    struck = tuple(c for c in step.reasons if values[_var(c, n)] == FALSE and c not in decided)
    return Overlay(
        roles=tuple(dict.fromkeys(roles)),
        struck=struck,
        removed=() if step.value else decided,
        placed=decided if step.value else (),
        links=(*links, *getattr(step, "links", ())),
    )


def _var(claim: Claim, n: int) -> int:
    return (claim.row * n + claim.col) * n + claim.digit


def technique_overlay(step: TechniqueStep, n: int, *, level: int = 3) -> Overlay:
    """Return the overlay of a step beyond set logic: where at level 2, its whole chain at 3.

    The pattern's cells are shaded, the chain's nodes ringed and its links drawn (strong
    solid, weak dashed), the candidates it removes struck in red and those it places ringed.

    >>> from satdoku.rules.techniques import Advanced, Node
    >>> chain = (Node((0,), 7), Node((4,), 7), Node((22,), 7), Node((26,), 7))
    >>> o = technique_overlay(TechniqueStep(Advanced.X_CHAIN, ((8, 7),), chain=chain), 9)
    >>> sorted(o.cells("pattern")), [link.strong for link in o.links], o.removed[0].label()
    ([0, 4, 22, 26], [True, False, True], 'r1c9=7')
    """
    if level < 2:
        return Overlay()
    if level < 3:
        return Overlay(roles=tuple((cell, "pattern") for cell in pattern_cells(step)))
    links = tuple(
        Link(_claim(_nearest(a, b, n), a.digit, n), _claim(_nearest(b, a, n), b.digit, n), strong)
        for a, b, strong in chain_links(step)
    )
    nodes = [_claim(c, node.digit, n) for node in step.chain for c in node.cells]
    nodes += [_claim(c, d, n) for c, d in step.branches]
    nodes += [_claim(c, step.digits[0], n) for link in step.links for c in link]
    decided = {*step.eliminated, *step.placed}
    return Overlay(
        roles=tuple((cell, "pattern") for cell in premise_cells(step)),
        removed=tuple(_claim(c, d, n) for c, d in step.eliminated),
        placed=tuple(_claim(c, d, n) for c, d in step.placed),
        links=links,
        nodes=tuple(dict.fromkeys(x for x in nodes if (x.row * n + x.col, x.digit) not in decided)),
    )


def _nearest(node: Node, other: Node, n: int) -> int:
    """Return the cell of a (grouped) node nearest to another node's first cell."""
    (r, c) = divmod(other.cells[0], n)
    return min(node.cells, key=lambda x: abs(x // n - r) + abs(x % n - c))


def _claim(cell: int, digit: int, n: int) -> Claim:
    return Claim(cell // n, cell % n, digit)


def hint_overlay(hint: Hint) -> Overlay:
    """Return what a hint's drawing colours at its level (mistakes and conflicts in red).

    >>> from satdoku.api._hint import hint
    >>> from satdoku.io._line import parse_line
    >>> hint_overlay(hint(parse_line("1.3..4..2...4..1"), level=1))
    Overlay(roles=(), struck=(), removed=(), placed=(), links=(), nodes=())
    """
    n = hint.puzzle.shape.n
    if hint.level >= 2 and hint.status in (HintStatus.MISTAKE, HintStatus.UNSOLVABLE):
        wrong = [m.claim for m in hint.mistakes] + list(hint.conflict)
        if not wrong and hint.step is not None:
            wrong = list(hint.step.reasons)
        wrong = wrong or contradiction_claims(hint)
        rules = [cell for i in hint.rules for cell in hint.puzzle.constraints[i].cells(n)]
        roles = [(cell, "house") for cell in rules] + [
            (c.row * n + c.col, "mistake") for c in wrong
        ]
        return Overlay(roles=tuple(dict.fromkeys(roles)))
    if hint.status is HintStatus.STEP and hint.deduction is not None:
        return rule_overlay(hint)
    if hint.status is HintStatus.STEP and hint.advanced is not None:
        return technique_overlay(hint.advanced, n, level=hint.level)
    if hint.status is not HintStatus.STEP or hint.step is None:
        return Overlay()
    return step_overlay(hint.step, hint.state.values, n, blockers=hint.blockers, level=hint.level)


def _literal_cells(axioms: Sequence[LiteralAxiom], n: int) -> list[int]:
    """Return the cells whose claims some axioms speak of, in order."""
    return list(
        dict.fromkeys((abs(u) - 1) // n for a in axioms for u in a.literals if abs(u) <= n**3)
    )


def rule_overlay(hint: Hint) -> Overlay:
    """Return the overlay of a deduction on a puzzle with rules: the rule's cells shaded (or its
    axiom's, or set logic's bases and covers, and the cells of the rules whose eliminations lead
    to it) from level 2; at 3 the claims it and its lead decide, the entries it rests on ringed
    and the crossed-out candidates it rests on struck.

    >>> from satdoku.api._hint import hint
    >>> from satdoku.io.tatham import parse_game_id
    >>> found = hint(parse_game_id("keen:3:a3_ac,a3m6a9"), " ".join(["123"] * 9))
    >>> o = rule_overlay(found)
    >>> sorted(o.cells("house")), [c.label() for c in o.removed]
    ([0, 1], ['r1c1=3'])
    """
    found = hint.deduction
    if hint.level < 2 or found is None or found.step is None:
        return Overlay()
    step, n = found.step, hint.puzzle.n
    roles: list[tuple[int, str]] = []
    if step.bases:
        roles += [(cell, "base") for cell in _literal_cells(step.bases, n)]
        roles += [(cell, "cover") for cell in _literal_cells(step.covers, n)]
    elif step.axiom is not None and step.axiom.source is not None:
        rule = hint.puzzle.constraints[step.axiom.source]
        roles += [(cell, "house") for cell in rule.cells(n)]
    elif step.axiom is not None:
        roles += [(cell, "house") for cell in _literal_cells([step.axiom], n)]
    lead = [found.trail[i] for i in found.lead]
    rules = hint.puzzle.constraints
    sources = {s.axiom.source for s in lead if s.axiom is not None and s.axiom.source is not None}
    roles += [(cell, "pattern") for i in sorted(sources) for cell in rules[i].cells(n)]
    if hint.level < 3:
        return Overlay(roles=tuple(dict.fromkeys(roles)))
    placed = tuple(claim_of(u, n) for u in step.decided if 0 < u <= n**3)
    removed = tuple(claim_of(-u, n) for s in (*lead, step) for u in s.decided if -(n**3) <= u < 0)
    roles += [(c.row * n + c.col, "target") for c in placed]
    entries = [claim_of(u, n) for u in found.premises if u > 0]
    entries += [b.by for b in hint.blockers if b.by is not None]
    roles += [(c.row * n + c.col, "blocker") for c in entries]
    struck = tuple(b.premise for b in hint.blockers if b.by is None)
    return Overlay(roles=tuple(dict.fromkeys(roles)), struck=struck, removed=removed, placed=placed)


def hint_svg(hint: Hint) -> str:
    """Draw a hint: the player's grid (and marks) with the step's pattern coloured, as SVG.

    >>> from satdoku.api._hint import hint
    >>> from satdoku.io._line import parse_line
    >>> svg = hint_svg(hint(parse_line("1.3..4..2...4..1")))
    >>> svg.count('class="strike mk-struck"'), svg.count('class="ring-blocker"')
    (3, 3)
    """
    puzzle, state = hint.puzzle, hint.state
    n = puzzle.shape.n
    shown = hint.marked or hint.advanced is not None  # a technique reads the candidates
    candidates = [state.candidates(i // n, i % n) for i in range(n * n)] if shown else None
    return board_svg(
        state.grid(),
        puzzle.shape,
        givens=puzzle.cells,
        candidates=candidates,
        alphabet=hint.alphabet,
        title=hint_text(hint),
        constraints=puzzle.constraints,
        overlay=hint_overlay(hint),
    )


_LEGEND = (
    ("#fff3b0", "the house or axiom"),
    ("#cfe0ff", "set logic: base"),
    ("#ffd7b0", "set logic: cover"),
    ("#e6d3ff", "both"),
    ("#d8ecff", "the pattern or chain"),
    ("#c9f2d3", "the cell the hint fills"),
)


def hint_page(hint: Hint, title: str = "satdoku hint") -> str:
    """Return a self-contained HTML page: the hint's words over its drawing, with a legend.

    >>> from satdoku.api._hint import hint
    >>> from satdoku.io._line import parse_line
    >>> page = hint_page(hint(parse_line("1.3..4..2...4..1")))
    >>> page.startswith("<!DOCTYPE html>") and "naked single" in page and "<svg" in page
    True
    """
    legend = "".join(
        f'<li><i style="background:{colour}"></i>{html.escape(words)}</li>'
        for colour, words in _LEGEND
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>"
        "body{font-family:system-ui,sans-serif;margin:16px;color:#1c2230;max-width:760px}"
        "p.words{font-size:17px;line-height:1.45}ul{list-style:none;padding:0;display:flex;"
        "flex-wrap:wrap;gap:6px 16px;font-size:13px}li i{display:inline-block;width:14px;"
        "height:14px;margin-right:5px;vertical-align:-2px;border:1px solid #bbb}"
        ".board svg{width:100%;max-width:640px;height:auto}"
        f"</style></head><body><h1>{html.escape(title)}</h1>"
        f'<p class="words">{html.escape(hint_text(hint))}</p>'
        f'<div class="board">{hint_svg(hint)}</div><ul class="legend">{legend}'
        '<li><i style="border:2px dashed #2451c2"></i>a blocker</li>'
        '<li><s style="color:#5b6b8c;font-weight:700">7</s>&nbsp;a premise: already false</li>'
        '<li><s style="color:#d0192b;font-weight:700">7</s>&nbsp;made false by the hint</li>'
        '<li><i style="border:none;border-top:3px solid #7a3fc4;height:0"></i>strong link (one '
        'end is true)</li><li><i style="border:none;border-top:3px dashed #7a3fc4;height:0">'
        "</i>weak link (not both)</li>"
        "</ul></body></html>\n"
    )
