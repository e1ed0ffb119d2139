"""Notebook displays: traces as the HTML player in an ``<iframe srcdoc>``; counts, explanations
and hints as small HTML cards.

A notebook puts an object's ``_repr_html_`` inside its own page, so the player's full page (its
script, style and Content-Security-Policy) goes into the ``srcdoc`` attribute of a sandboxed iframe
(scripts allowed, nothing else): its ids and styles cannot clash with the notebook's, it needs no
network and no ipywidgets, and the page played is exactly the one of ``satdoku step --html`` (made
from :func:`satdoku.views._trace_json.trace_record`, nothing recomputed).

>>> from satdoku.io._line import parse_line
>>> from satdoku.rules._search import trace
>>> frame = trace(parse_line("1..."))._repr_html_()
>>> frame.startswith("<iframe") and "srcdoc=" in frame and "&lt;!DOCTYPE html&gt;" in frame
True
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from ..api._explain import Explanation
from ..api._explorer import Count
from ..api._hint import Hint
from ..core._display import register
from ..io._alphabet import Alphabet, alphabet_of
from ..rules._search import Trace
from ._explanation import explanation_lines
from ._hint_drawing import hint_svg
from ._hint_sentences import hint_text
from ._html_player import render_trace_html
from ._svg import board_svg
from ._trace_json import trace_record

__all__ = [
    "embed_page",
    "trace_html",
    "frame_height",
    "count_html",
    "explanation_html",
    "hint_html",
]

_CARD = (
    'style="font-family: system-ui, sans-serif; border: 1px solid #d0d5dd; border-radius: 6px; '
    'padding: 8px 12px; display: inline-block; max-width: 48em"'
)


def frame_height(n: int) -> int:
    """Return the iframe height in pixels for an n x n board (bigger boards get more room).

    >>> frame_height(4), frame_height(9), frame_height(25)
    (580, 680, 840)
    """
    return 580 if n <= 4 else 680 if n <= 9 else 760 if n <= 16 else 840


def embed_page(page: str, height: int = 600, title: str = "satdoku") -> str:
    """Wrap a whole HTML page in a sandboxed ``<iframe srcdoc>`` that a notebook can show.

    >>> embed_page("<p>a & b</p>", 100)  # doctest: +ELLIPSIS
    '<iframe class="satdoku-player" title="satdoku" srcdoc="&lt;p&gt;a &amp; b&lt;/p&gt;" ...'
    """
    return (
        f'<iframe class="satdoku-player" title="{html.escape(title, quote=True)}" '
        f'srcdoc="{html.escape(page, quote=True)}" sandbox="allow-scripts" '
        f'style="width: 100%; height: {int(height)}px; border: 1px solid #d0d5dd; '
        f'border-radius: 6px;" loading="eager"></iframe>'
    )


def trace_html(
    trace: Trace | Mapping[str, Any],
    alphabet: Alphabet | str | None = None,
    *,
    height: int | None = None,
    title: str = "satdoku trace",
) -> str:
    """Return a trace as an embeddable step-through player (HTML for ``_repr_html_``).

    ``trace`` is a :class:`~satdoku.rules._search.Trace` or its record (``satdoku step --json``);
    ``alphabet`` by default the symbols the puzzle was read with.

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.rules._search import trace
    >>> "sandbox=\\"allow-scripts\\"" in trace_html(trace(parse_line("1...")))
    True
    """
    record: Mapping[str, Any] = (
        trace_record(trace, alphabet_of(alphabet, trace.puzzle.symbols))
        if isinstance(trace, Trace)
        else trace
    )
    n = int(record["n"])
    page = render_trace_html(record, title)
    return embed_page(page, frame_height(n) if height is None else height, title)


def count_html(count: Count) -> str:
    """Return a count as a small HTML card: the number, and whether a limit stopped it.

    >>> count_html(Count(288, True))  # doctest: +ELLIPSIS
    '<div class="satdoku-count" ...><b>288</b> solutions (complete)</div>'
    """
    number = f"{count.count:,}" + ("" if count.complete else "+")
    noun = "solution" if count.count == 1 and count.complete else "solutions"
    why = "complete"
    if not count.complete:
        why = "the timeout stopped counting" if count.timed_out else "the limit stopped counting"
    return f'<div class="satdoku-count" {_CARD}><b>{number}</b> {noun} ({why})</div>'


def explanation_html(explanation: Explanation) -> str:
    """Return an explanation as HTML: the board with the clashing givens shaded, and the steps.

    >>> from satdoku.api._explain import explain
    >>> from satdoku.io._line import parse_line
    >>> shown = explanation_html(explain(parse_line("1...1...........")))
    >>> "<svg" in shown and "cannot all hold: r1c1=1, r2c1=1" in shown
    True
    """
    puzzle = explanation.puzzle
    n = puzzle.shape.n
    lines = [html.escape(x) for x in explanation_lines(explanation)]
    board = board_svg(
        puzzle.cells,
        puzzle.shape,
        givens=puzzle.cells,
        highlight={c.row * n + c.col for c in explanation.conflict},
        alphabet=alphabet_of(None, puzzle.symbols),
        title="unsolvable: " + puzzle.shape.describe(),
        constraints=puzzle.constraints,
    )
    steps = "".join(f"<li>{x}</li>" for x in lines[1:])
    return (
        f'<div class="satdoku-explanation" {_CARD}><p><b>{lines[0]}</b></p>'
        f'<div style="max-width: 360px">{board}</div><ol>{steps}</ol></div>'
    )


def hint_html(hint: Hint) -> str:
    """Return a hint as HTML: its words at its level, over its drawing (:mod:`._hint_drawing`).

    >>> from satdoku.api._hint import hint
    >>> from satdoku.io._line import parse_line
    >>> "lone cell" in hint_html(hint(parse_line("1.3..4..2...4..1")))
    True
    """
    board = hint_svg(hint)
    words = html.escape(hint_text(hint))
    return (
        f'<div class="satdoku-hint" {_CARD}><p><b>{words}</b></p>'
        f'<div style="max-width: 360px">{board}</div></div>'
    )


register(Trace, "html", trace_html)
register(Count, "html", count_html)
register(Explanation, "html", explanation_html)
register(Hint, "html", hint_html)
register(Hint, "text", hint_text)
