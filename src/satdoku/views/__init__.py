"""What people and tools read: sentences, JSON records, SVG boards, the HTML player, notebook
and terminal views. Nothing below this layer imports it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core._lazy import lazy_names

if TYPE_CHECKING:  # loaded on first use (see _HOMES)
    from ._explanation import explanation_lines, explanation_record
    from ._hint_drawing import hint_svg
    from ._hint_sentences import hint_text, why_text
    from ._html_player import render_trace_html, write_trace_html
    from ._literal_records import constraint_step_records
    from ._notebook import count_html, embed_page, explanation_html, hint_html, trace_html
    from ._records import record
    from ._sentences import claim_text, sentence
    from ._svg import board_svg, puzzle_svg, result_svg
    from ._technique_sentences import technique_sentence
    from ._terminal_player import play
    from ._text_boards import puzzle_text, result_text, solution_text
    from ._trace_json import step_record, trace_record

_HOMES = {
    "board_svg": "_svg",
    "claim_text": "_sentences",
    "constraint_step_records": "_literal_records",
    "count_html": "_notebook",
    "embed_page": "_notebook",
    "explanation_html": "_notebook",
    "explanation_lines": "_explanation",
    "explanation_record": "_explanation",
    "hint_html": "_notebook",
    "hint_svg": "_hint_drawing",
    "hint_text": "_hint_sentences",
    "play": "_terminal_player",
    "puzzle_svg": "_svg",
    "puzzle_text": "_text_boards",
    "record": "_records",
    "render_trace_html": "_html_player",
    "result_svg": "_svg",
    "result_text": "_text_boards",
    "sentence": "_sentences",
    "solution_text": "_text_boards",
    "step_record": "_trace_json",
    "technique_sentence": "_technique_sentences",
    "trace_html": "_notebook",
    "trace_record": "_trace_json",
    "why_text": "_hint_sentences",
    "write_trace_html": "_html_player",
}
"""Where each public name lives: importing the package loads none of them."""

if not TYPE_CHECKING:  # type checkers read the imports above
    __getattr__, __dir__ = lazy_names(__name__, _HOMES)

__all__ = [
    "board_svg",
    "claim_text",
    "constraint_step_records",
    "count_html",
    "embed_page",
    "explanation_html",
    "explanation_lines",
    "explanation_record",
    "hint_html",
    "hint_svg",
    "hint_text",
    "play",
    "puzzle_svg",
    "puzzle_text",
    "record",
    "render_trace_html",
    "result_svg",
    "result_text",
    "sentence",
    "solution_text",
    "step_record",
    "technique_sentence",
    "trace_html",
    "trace_record",
    "why_text",
    "write_trace_html",
]
