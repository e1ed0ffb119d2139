"""Notebook display of traces: the HTML player embedded as an ``<iframe srcdoc>`` in the output.

A notebook puts an object's ``_repr_html_`` inside its own page, so the player's full page (its
script, style and Content-Security-Policy) goes into the ``srcdoc`` attribute of a sandboxed iframe
(scripts allowed, nothing else): its ids and styles cannot clash with the notebook's, it needs no
network and no ipywidgets, and the page played is exactly the one of ``satdoku step --html`` (made
from :func:`satdoku.views.trace_json.trace_record`, nothing recomputed).

>>> from satdoku.io.line import parse_line
>>> from satdoku.rules.search import trace
>>> frame = trace(parse_line("1..."))._repr_html_()
>>> frame.startswith("<iframe") and "srcdoc=" in frame and "&lt;!DOCTYPE html&gt;" in frame
True
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from ..core.display import register
from ..io.alphabet import Alphabet
from ..rules.search import Trace
from .html_player import render_trace_html
from .trace_json import trace_record

__all__ = ["embed_page", "trace_html", "frame_height"]


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
    alphabet: Alphabet = Alphabet(),
    *,
    height: int | None = None,
    title: str = "satdoku trace",
) -> str:
    """Return a trace as an embeddable step-through player (HTML for ``_repr_html_``).

    ``trace`` is a :class:`~satdoku.rules.search.Trace` or its record (``satdoku step --json``).

    >>> from satdoku.io.line import parse_line
    >>> from satdoku.rules.search import trace
    >>> "sandbox=\\"allow-scripts\\"" in trace_html(trace(parse_line("1...")))
    True
    """
    record = trace_record(trace, alphabet) if isinstance(trace, Trace) else trace
    n = int(record["n"])
    page = render_trace_html(record, title)
    return embed_page(page, frame_height(n) if height is None else height, title)


register(Trace, "html", trace_html)
