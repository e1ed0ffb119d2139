"""A self-contained HTML/JS/CSS player for satdoku step traces.

``render_trace_html(trace, title)`` turns the JSON-able dict printed by
``satdoku step --json`` into one complete HTML document; ``write_trace_html`` writes the
same page piece by piece while the steps are found (memory independent of the trace's
length).  The page needs no
network: the trace is embedded as JSON in a ``<script type="application/json">``
tag (with ``<``, ``>`` and ``&`` escaped as ``\\u003c`` etc., so a name containing
``</script>`` cannot end the tag), the player's script and style are inline, and a
Content-Security-Policy forbids every fetch.  Besides the board (with ``r1``/``c1`` labels,
``#rowlabels``), the page has the axiom strip (``#strip``: the step's axiom's n claims, each
true, false or open, with the step that decided it), a step box (``#goto``) and ``#step=N``
links, jumps to the next rule 2, guess, contradiction or technique (``#next-guess`` ...), a focus
mode (``#focus``), a projector mode (``#projector``, key P: the sentence as a large caption, the
step's digit alone, the step's house zoomed) and a one-digit filter (``#digit``); a rule-2 step's
premises carry ``data-prem`` and are drawn as struck pencil marks, in a set cell too.  The page,
its style and its script are package data (``player/player.html``, ``player.css``, ``rules.js``
and ``player.js`` next to this module).

A trace with ``"constraints"`` (the marks of :func:`satdoku.views._constraint_drawing.drawing_json`)
has its rules drawn as the SVG board draws them (``rules.js``): cages, extra regions, signs,
letters and Kropki dots, lines, marks in cells, quadruples and clues outside the grid, each mark
an element with ``data-rule`` (its rule's title) in ``#board svg.rules`` or ``.clues``; a step
whose ``"constraint"`` (or an axiom's) names a rule gives that rule's marks the class ``cited``.

The trace
---------
``n``
    side of the grid (symbols are digits ``1..n``).
``box``
    ``[rows, cols]`` of one box (``[3, 3]`` for 9x9, ``[2, 3]`` for 6x6: two rows
    of three cells), or ``null``.
``regions``
    ``null`` or a region label per cell, row-major (a flat list of ``n*n``
    labels, or ``n`` lists of ``n``).  Lists of cells per region (``[row, col]``
    pairs or flat indices) are accepted too.  ``regions`` wins over ``box``; thick
    borders are drawn between cells of different regions.
``diagonals``
    when true the two main diagonals are tinted.
``alphabet``
    ``alphabet[d-1]`` is the symbol of digit ``d`` (default ``"123456789"`` for
    ``n <= 9``, else ``"123456789ABCDEFG..."``).
``puzzle``
    the line format; any character that is not in the alphabet is a blank.
``steps``
    the list replayed below; each step has ``rule`` (``1``, ``2``, ``"given"``,
    ``"guess"``, ``"backtrack"``, ``"twins"``, ``"set"``, ``"contradiction"``), ``axiom``
    (``{"name", "claims"}`` or null, plus ``"title"``, the name in the puzzle's own symbols,
    when it differs), ``claims`` (``[row, col, digit]``, 0-based
    row/col, digit ``1..n``), ``value``, ``because``, ``depth``, ``text`` and an
    optional ``candidates``.
``status`` / ``solution``
    shown in the header.
``truncated``
    when true the trace was cut short (``--max-steps``): the header says so.

Replay semantics (what the stepper must match)
----------------------------------------------
The board at position ``k`` (``0 <= k <= N``) is the state after applying
``steps[0:k]`` in order; position 0 is the state before any step.

* Start: every cell has all candidates ``1..n`` and no value.  If the trace has
  no ``"given"`` step at all, the puzzle's givens are placed in the start state
  instead (so a trace of inference steps alone still shows the givens).
* A claim ``[r, c, d]`` with ``value`` true sets cell ``(r, c)`` to ``d``: its
  candidates become just ``{d}``, its value is ``d``, and it remembers the step's
  ``depth`` (values set at depth > 0 are drawn as tentative).  With ``value``
  false the candidate ``d`` is removed from the cell (and the cell's value is
  cleared if it was ``d``).  When ``value`` is missing it defaults to true for
  ``2``, ``"given"`` and ``"guess"`` and to false otherwise.  Nothing else is
  implied: placing a value does not remove ``d`` from the row, that is left to
  the rule-1 steps.
* ``"guess"``: first a snapshot of the state (candidates and values) is
  pushed, then the step's claims are applied.
* ``"backtrack"``: first a snapshot is popped and restored, then the step's
  claims are applied (typically the guessed claim, now false).  The snapshot
  popped is the most recent one whose guess shares a claim ``(row, col, digit)``
  with the backtrack step's claims; failing that, the most recent one whose
  guess step has the same ``depth`` as the backtrack step; failing that, the top
  of the stack.  Snapshots above it are discarded with it.  So a stepper that
  numbers a guess ``depth = d`` (1 for the first guess) and gives its backtrack
  the same ``depth = d`` and the refuted claim is matched exactly, whether it
  backtracks chronologically or jumps back.  (This is what
  ``satdoku.rules._replay.Replayer`` does: a guess saves the state under its depth,
  a backtrack of the same depth restores it, then applies its own claim.)
* Any other rule (``1``, ``2``, ``"given"``, ``"twins"``, ``"set"``, ``"contradiction"``)
  only applies its claims; a contradiction step normally has none.
* ``candidates``, when a step has it, overrides the candidates after that step
  (after the claims above were applied): a list of ``n*n`` entries, row-major,
  each a string of alphabet symbols or a list of digits ``1..n``.  A cell keeps
  its value only while that value is still among its candidates.  Guess
  snapshots still work as above, so candidates may be given on some steps only.

What is drawn for the step just applied (position ``k`` shows ``steps[k-1]``):
the cells of its axiom are tinted (red for a contradiction) and the axiom's
claims are bold in the pencil marks, a true claim is green, a false claim is its
candidate struck through in red (drawn over a set cell's faded value when the
cell already has one), the ``because`` claims that are values (or still
candidates) are outlined in dashed blue, guesses / backtracks / contradictions
get a coloured badge with their depth and a tick on the timeline, values set
inside a guess are amber italics, and the board frame turns amber while a guess
is open.  The side panel lists the axioms used so far, most recent first (a
click jumps to that step).

DOM contract (for tests): ``#board`` holds one ``.cell`` per cell with
``data-row``, ``data-col`` and ``data-cands`` (remaining candidate symbols);
its child ``.value`` holds the symbol when the cell has a value, else nothing.
``#counter`` reads ``"k / N"``, ``#sentence`` holds the step's text (plus the
final status at ``N``), ``#badge`` its rule and depth, ``#depthflag`` the number
of open guesses; ``#first``, ``#prev``, ``#play``, ``#next``, ``#last``,
``#speed`` and the range ``#slider`` drive it, and so do the keys Left / Right,
Space (play / pause), Home / End.  ``body[data-ready="1"]`` marks the first
render.

>>> page = render_trace_html({"n": 4, "box": [2, 2], "puzzle": "1...", "steps": []})
>>> page.startswith("<!DOCTYPE html>") and 'id="board"' in page
True
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from importlib.resources import files
from typing import Any

__all__ = ["render_trace_html", "write_trace_html"]


_PLACEHOLDER = re.compile("%%(?:TITLE|CSS|JS|DATA)%%")
"""The places of the player page that are filled in."""


@cache
def _player_file(name: str) -> str:
    """Return the text of one file of the player: ``player.html``, ``.css``, ``rules.js``, ``.js``.

    They are package data in ``satdoku/views/player/``, read once (the page is a template whose
    ``%%TITLE%%``, ``%%CSS%%``, ``%%JS%%`` and ``%%DATA%%`` are filled in by
    :func:`render_trace_html`).

    >>> _player_file("player.html").startswith("<!DOCTYPE html>")
    True
    """
    return (files("satdoku.views") / "player" / name).read_text(encoding="utf-8")


def _script_json(data: Any) -> str:
    """JSON that is safe inside a ``<script>`` element (no ``</script>``, no ``<!--``)."""
    text = json.dumps(data, ensure_ascii=True, allow_nan=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _page_around_data(title: str) -> tuple[str, str]:
    """Return the player page before and after its data, title, style and script filled in.

    >>> before, after = _page_around_data("t")
    >>> before.startswith("<!DOCTYPE html>") and "%%" not in before + after
    True
    """
    fills = {
        "%%TITLE%%": html.escape(str(title), quote=True),
        "%%CSS%%": _player_file("player.css"),
        "%%JS%%": _player_file("rules.js") + _player_file("player.js"),
    }
    before, after = _player_file("player.html").split("%%DATA%%")  # it holds one data place
    # one pass: a title such as '%%JS%%.txt' stays text, never becomes another placeholder's place
    return tuple(  # type: ignore[return-value]
        _PLACEHOLDER.sub(lambda m: fills[m.group()], part) for part in (before, after)
    )


def render_trace_html(trace: Mapping[str, Any], title: str = "satdoku") -> str:
    """Return a complete, self-contained HTML page that plays ``trace`` step by step.

    ``trace`` is the dict of ``satdoku step --json`` (see the module docstring for
    the fields and the replay semantics).  Raises ``ValueError`` when ``n`` or
    ``steps`` is missing or malformed and ``TypeError`` when the trace is not
    JSON-serialisable.
    """
    if not isinstance(trace, Mapping):
        raise TypeError(f"trace must be a mapping, not {type(trace).__name__}")
    n = trace.get("n")
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 255:
        raise ValueError(f"trace['n'] must be an int in 1..255, got {n!r}")
    steps = trace.get("steps", [])
    if not isinstance(steps, list | tuple):
        raise ValueError("trace['steps'] must be a list")
    before, after = _page_around_data(title)
    return before + _script_json(dict(trace)) + after


def write_trace_html(
    steps: Iterable[Mapping[str, Any]],
    rest: Callable[[], Mapping[str, Any]],
    write: Callable[[str], object],
    title: str = "satdoku",
) -> None:
    """Write the page of a trace piece by piece: each step as it comes, then the other fields.

    The text written is :func:`render_trace_html` of ``{"steps": [...], **rest()}``, byte for
    byte, but no more than one step is held at a time: a long trace needs no more memory than
    a short one.

    >>> import io
    >>> out = io.StringIO()
    >>> write_trace_html([{"rule": "given"}], lambda: {"n": 4}, out.write)
    >>> out.getvalue() == render_trace_html({"steps": [{"rule": "given"}], "n": 4})
    True
    """
    before, after = _page_around_data(title)
    write(before + '{"steps":[')
    for k, step in enumerate(steps):
        write(("," if k else "") + _script_json(step))
    fields = _script_json(dict(rest()))  # '{...}': its fields go after the steps
    write("]" + ("," + fields[1:] if fields != "{}" else "}") + after)
