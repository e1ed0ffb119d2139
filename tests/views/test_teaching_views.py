"""Teaching views without a browser: ``step --html``, ``--max-steps``, the notebook widget and
``step --play`` (rich, rendered into a string console; once on a real pseudo-terminal)."""

from __future__ import annotations

import ast
import html
import html.parser
import io
import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from satdoku.api._explain import explain
from satdoku.api._explorer import Count
from satdoku.cli import main
from satdoku.core._checker import is_solution
from satdoku.io._alphabet import Alphabet
from satdoku.io._line import parse_line
from satdoku.rules._search import Trace, trace
from satdoku.rules._steps import Rule
from satdoku.rules._strategies import parse_rules
from satdoku.views._html_player import render_trace_html
from satdoku.views._plain_board import format_board
from satdoku.views._sentences import sentence, set_sentence
from satdoku.views._trace_json import trace_record
from stepper_support import seventeen_sample

rich_console = pytest.importorskip("rich.console")
terminal_player = pytest.importorskip("satdoku.views._terminal_player")
terminal_board = pytest.importorskip("satdoku.views._terminal_board")
terminal_layout = pytest.importorskip("satdoku.views._terminal_layout")

EXAMPLES = Path(__file__).resolve().parents[2] / "src" / "satdoku" / "examples"
HARD = "................12..3.45........65.4.1.......7...8.......1...7...9...8...4...2..."
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY"


def _file(tmp_path: Path, text: str, name: str = "p.txt") -> str:
    path = tmp_path / name
    path.write_text(text + "\n")
    return str(path)


def embedded_json(page: str) -> Any:
    m = re.search(r'<script type="application/json" id="trace-data">(.*?)</script>', page, re.S)
    assert m
    return json.loads(m.group(1))


def _first_line(path: Path) -> str:
    return next(x for x in path.read_text().splitlines() if x and not x.startswith("#"))


# --- satdoku step --html ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "options"),
    [
        ("1...............", ["--search"]),
        (None, []),  # the bundled 9x9 example
        (HARD, ["--search"]),
        (str(EXAMPLES / "sudoku16.txt"), []),
        (str(EXAMPLES / "sudoku25.txt"), ["--alphabet", LETTERS, "--max-steps", "400"]),
    ],
    ids=["4x4", "9x9", "9x9-guessing", "16x16", "25x25-letters-cut"],
)
def test_html_page_holds_the_json_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], source: str | None, options: list[str]
) -> None:
    """The page embeds exactly what ``step --json`` prints: the view recomputes nothing."""
    if source is None or Path(source).exists():
        args = [source] if source else ["--example"]
    else:
        args = [_file(tmp_path, source)]
    out = tmp_path / "trace.html"
    assert main(["step", *args, *options, "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert main(["step", *args, *options, "--html", str(out)]) == 0
    said = capsys.readouterr().out
    page = out.read_text(encoding="utf-8")
    assert embedded_json(page) == record
    assert said.startswith(f"wrote {out}: {len(record['steps'])} steps, {record['status']}")
    assert "default-src 'none'" in page and "http://" not in page and "https://" not in page
    if "--max-steps" in options:
        assert record["truncated"] is True and record["status"] == "stalled"
        assert len(record["steps"]) == 400 and "cut by --max-steps" in said
        assert record["alphabet"] == LETTERS and "solution" not in record
    else:
        assert "truncated" not in record
        assert record["status"] == "solved"
        puzzle = parse_line(record["puzzle"])
        solution = tuple(Alphabet().digit(ch) for ch in record["solution"])
        assert is_solution(solution, puzzle)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--json", "--html", "x.html"], "--json and --html are alternatives"),
        (["--html", "x.html", "--play"], "--html and --play are alternatives"),
        (["--max-steps", "0", "--json"], "--max-steps must be 1 or more"),
        (["--play", "--delay", "-1"], "--delay must be a number of seconds"),
        (["--play", "--delay", "nan"], "--delay must be a number of seconds"),
        (["--html", "/nonexistent-dir/x.html"], "cannot write"),
    ],
)
def test_bad_view_options(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["step", "--example", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_help_names_the_views(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["step", "--help"])
    out = capsys.readouterr().out
    for option in ("--html OUT", "--play", "--delay SECONDS", "--max-steps K"):
        assert option in out
    assert "satdoku step puzzle.txt --search --html trace.html" in out


# --- --max-steps in the library and the text output -------------------------------------------


@pytest.mark.parametrize("cut", [-1, 0, 1])
def test_max_steps_cuts_exactly(cut: int) -> None:
    puzzle = parse_line("1...............")
    whole = trace(puzzle, search=True)
    total = len(whole.steps)
    part = trace(puzzle, search=True, max_steps=total + cut)
    assert part.truncated is (cut < 0)
    assert part.steps == whole.steps[: total + cut]
    if cut < 0:
        assert part.status.value == "stalled" and part.solution is None
        assert part.guesses == sum(s.rule is Rule.GUESS for s in part.steps)
        assert trace_record(part)["truncated"] is True
    else:
        assert part == whole


def test_max_steps_in_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["step", "--example", "--max-steps", "12", "--boards", "none"]) == 0
    out = capsys.readouterr().out
    assert "12. " in out and "13. " not in out
    assert "status: stalled (cut after 12 steps: --max-steps)" in out


def test_truncated_page_says_so() -> None:
    record = trace_record(trace(parse_line("1..............."), search=True, max_steps=9))
    page = render_trace_html(record)
    assert embedded_json(page)["truncated"] is True
    assert "T.truncated" in page  # the player reads the flag (checked in the browser test)


# --- notebook display --------------------------------------------------------------------------


class _Frames(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.frames: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "iframe":
            self.frames.append(dict(attrs))


PUZZLES = {
    4: "1...............",
    9: _first_line(EXAMPLES / "sudoku9.txt"),
    16: _first_line(EXAMPLES / "sudoku16.txt"),
}


@pytest.mark.parametrize("n", [4, 9, 16])
def test_trace_repr_html_is_the_player_in_a_sandboxed_frame(n: int) -> None:
    t = trace(parse_line(PUZZLES[n]), search=True)
    assert isinstance(t, Trace)
    shown = t._repr_html_()
    parser = _Frames()
    parser.feed(shown)
    assert len(parser.frames) == 1
    frame = parser.frames[0]
    assert frame["sandbox"] == "allow-scripts" and "height" in (frame["style"] or "")
    page = frame["srcdoc"]
    assert page is not None and page.startswith("<!DOCTYPE html>")
    assert html.unescape(shown).count("<!DOCTYPE html>") == 1
    data = embedded_json(page)
    assert data == trace_record(t)
    assert data["n"] == n and len(data["steps"]) == len(t.steps)
    # the board's structure: every cell, its box (thick borders) and the givens
    assert sum(len(h["cells"]) for h in data["houses"] if h["kind"] == "box") == n * n
    assert sum(1 for h in data["houses"] if h["kind"] == "box") == n
    givens = [s for s in data["steps"] if s["rule"] == "given"]
    assert len(givens) == n * n - data["puzzle"].count(".")
    assert "default-src 'none'" in page


# --- the terminal player ------------------------------------------------------------------------


def _console(width: int, height: int, terminal: bool = False) -> Any:
    return rich_console.Console(
        file=io.StringIO(),
        width=width,
        height=height,
        force_terminal=terminal,
        color_system="truecolor",
        record=True,
    )


def _unlabelled(text: str) -> str:
    """Drop a board's row and column numbers (the lines of numbers, the numbers left of it)."""
    lines = [x for x in text.splitlines() if not re.fullmatch(r"[ \d]+", x)]
    return "\n".join(re.sub(r"^[ \d]*(?=[┃│┏┗┠┡┣])", "", x) for x in lines)


def _cells_of(text: str, n: int, layout: Any) -> list[str]:
    """Read a pencil-mark board back: per cell, its set symbol or its candidate symbols."""
    rows = [line for line in _unlabelled(text).splitlines() if line.startswith(("┃", "│"))]
    _, ch = layout.cell(n, 1)
    assert len(rows) == n * ch
    out = []
    for r in range(n):
        block = rows[r * ch : (r + 1) * ch]
        pieces = [re.split(r"[┃│]", line)[1:-1] for line in block]
        for c in range(n):
            marks = "".join(piece[c] for piece in pieces).replace(" ", "").replace(".", "")
            out.append(marks)
    return out


@pytest.mark.parametrize("n", [4, 9, 16])
def test_board_text_shows_each_state(n: int) -> None:
    t = trace(parse_line(PUZZLES[n]), search=n == 4)
    shape = t.puzzle.shape
    symbols = Alphabet().symbols
    layout = terminal_layout.LAYOUTS[0]
    states = list(t.states())
    for k in sorted({1, len(t.steps) // 3, len(t.steps) // 2, len(t.steps)}):
        state, step = states[k - 1], t.steps[k - 1]
        text = terminal_board.board_text(state, shape, layout, step=step, givens=t.puzzle.cells)
        cells = _cells_of(text.plain, n, layout)
        decided = {(v - 1) // n for v in step.decided}
        for i, shown in enumerate(cells):
            r, c = divmod(i, n)
            digit = state.digit(r, c)
            if i in decided and not step.value:  # struck candidates are still drawn
                want = {
                    symbols[d - 1]
                    for d in range(1, n + 1)
                    if d in state.candidates(r, c) or r * n * n + c * n + d in step.decided
                }
                assert set(shown) == want, (k, i)
            elif digit and i not in decided:
                assert shown == symbols[digit - 1], (k, i)
            else:
                assert set(shown) == {symbols[d - 1] for d in state.candidates(r, c)}, (k, i)
        # borders: n + 1 vertical bars per board line, heavy ones between boxes
        line = next(x for x in text.plain.splitlines() if x.startswith("┃"))
        assert line.count("┃") == n // shape.box[1] + 1
        assert line.count("│") == n - n // shape.box[1]


def _styled(text: Any, fragment: str) -> list[str]:
    return [text.plain[s.start : s.end] for s in text.spans if fragment in str(s.style)]


def test_board_text_marks_the_step() -> None:
    t = trace(parse_line(HARD), search=True)
    shape, layout = t.puzzle.shape, terminal_layout.LAYOUTS[0]
    states = list(t.states())
    seen = set()
    for k, step in enumerate(t.steps, 1):
        if step.rule in seen or step.rule in (Rule.GIVEN, Rule.CONTRADICTION):
            continue
        seen.add(step.rule)
        text = terminal_board.board_text(
            states[k - 1], shape, layout, step=step, givens=t.puzzle.cells
        )
        symbols = [str((v - 1) % 9 + 1) for v in step.decided]
        if step.value:
            assert _styled(text, "on green3") == symbols
        else:
            assert sorted(_styled(text, "strike")) == sorted(symbols)
        if step.axiom is not None:
            shaded = "".join(_styled(text, terminal_board.AXIOM_STYLE))
            cells = {(v - 1) // 9 for v in step.axiom.variables}
            assert len(shaded) >= len(cells) * layout.cell(9, 1)[0] * 3 - 9 * len(cells)
        if step.rule is Rule.ONE:
            assert _styled(text, "underline") == [str((step.because[0] - 1) % 9 + 1)]
    assert {Rule.ONE, Rule.TWO, Rule.GUESS, Rule.BACKTRACK} <= seen


@pytest.mark.parametrize(
    ("size", "name"),
    [
        ((110, 50), "pencil"),
        ((80, 40), "pencil-tight"),
        ((60, 40), "pencil-packed"),
        ((80, 24), "values"),
    ],
)
def test_layout_fits_the_console(size: tuple[int, int], name: str) -> None:
    shape = parse_line(HARD).shape
    layout = terminal_layout.choose_layout(shape, *size)
    assert layout.name == name
    t = trace(parse_line(HARD))
    console = _console(*size)
    k = len(t.steps)
    console.print(terminal_player.frame(t, k, t.state(k), console=console))
    lines = console.export_text().splitlines()
    assert len(lines) <= size[1] and max(len(x) for x in lines) <= size[0]


def test_values_layout_for_25x25_letters() -> None:
    puzzle = parse_line(_first_line(EXAMPLES / "sudoku25.txt"), alphabet=Alphabet(LETTERS))
    t = trace(puzzle, max_steps=300)
    console = _console(80, 40)
    alphabet = Alphabet(LETTERS)
    console.print(terminal_player.frame(t, 300, t.state(300), console=console, alphabet=alphabet))
    out = console.export_text()
    assert "step 300 / 300 · cut after 300 steps" in out
    rows = [x for x in _unlabelled(out).splitlines() if x.startswith("┃")]
    assert len(rows) == 25
    shown = list(t.state(300).grid())
    step = t.steps[-1]
    assert not step.value
    for v in sorted(step.decided, reverse=True):  # an open cell shows its struck candidate
        cell, digit = divmod(v - 1, 25)
        if not shown[cell] or shown[cell] < 0:
            shown[cell] = -(digit + 1)
    assert [re.sub(r"[┃ ]", "", row) for row in rows] == [
        "".join(LETTERS[abs(d) - 1] if d else "·" for d in shown[r * 25 : r * 25 + 25])
        for r in range(25)
    ]
    board = terminal_board.board_text(
        t.state(300), puzzle.shape, terminal_layout.LAYOUTS[-1], step=step, alphabet=alphabet
    )
    assert sorted(_styled(board, "strike")) == sorted(LETTERS[-d - 1] for d in shown if d < 0)


def test_play_draws_every_step_in_place() -> None:
    t = trace(parse_line("1..............."), search=True)
    console = _console(100, 45, terminal=True)
    played = terminal_player.play(t, console, delay=0)
    assert played == terminal_player.Played(len(t.steps), len(t.steps), False)
    raw = console.file.getvalue()
    total = len(t.steps)
    for k in range(total + 1):
        assert f"step {k} / {total}" in raw
    assert raw.count("\x1b[2K") > total  # each frame erases the previous one in place
    last = console.export_text().split("satdoku · ")[-1]
    assert "solved (6 guesses)" in last
    layout = terminal_layout.choose_layout(t.puzzle.shape, 100, 45)
    cells = _cells_of(last, 4, layout)
    assert t.solution is not None
    step = t.steps[-1]
    struck = {(v - 1) // 4: str((v - 1) % 4 + 1) for v in step.decided}
    assert step.rule is Rule.ONE and len(struck) == 1  # a set cell shows its struck claims
    assert cells == [str(d) + struck.get(i, "") for i, d in enumerate(t.solution)]


def test_play_stops_cleanly_on_ctrl_c(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = Counter[str]()

    def sleep(seconds: float) -> None:
        calls["sleep"] += 1
        if calls["sleep"] == 6:
            raise KeyboardInterrupt

    monkeypatch.setattr(terminal_player.time, "sleep", sleep)
    t = trace(parse_line("1..............."), search=True)
    console = _console(100, 45, terminal=True)
    played = terminal_player.play(t, console, delay=0.5)
    assert played == terminal_player.Played(5, len(t.steps), True)
    assert console.file.getvalue().endswith("\x1b[?25h")  # the cursor is shown again


def test_cli_play_and_interrupt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["step", "--example", "--play", "--delay", "0"]) == 0
    out = capsys.readouterr().out
    assert "step 265 / 265 · solved" in out  # not a terminal: the last frame only
    assert "step 1 / 265" not in out

    def stop(seconds: float) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(terminal_player.time, "sleep", stop)
    assert main(["step", "--example", "--play"]) == 130
    assert "interrupted at step 0 of 265" in capsys.readouterr().err


def test_cli_play_without_rich(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in [m for m in sys.modules if m.startswith("satdoku.views._terminal_")]:
        monkeypatch.delitem(sys.modules, name)
    for name in [m for m in sys.modules if m == "rich" or m.startswith("rich.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "rich", None)
    assert main(["step", "--example", "--play"]) == 2
    err = capsys.readouterr().err
    assert "--play needs the rich package: pip install 'satdoku[rich]'" in err


def test_only_the_terminal_view_imports_rich() -> None:
    """rich is an optional dependency: only the terminal player and its board import it."""
    package = Path(__file__).resolve().parents[2] / "src" / "satdoku"
    importers = set()
    for path in package.rglob("*.py"):
        text = path.read_text()
        if "rich" not in text:  # no import of rich can be in it: not worth parsing
            continue
        for node in ast.walk(ast.parse(text)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            if any(name.split(".")[0] == "rich" for name in names):
                importers.add(path.relative_to(package).as_posix())
    assert importers == {"views/_terminal_board.py", "views/_terminal_player.py"}


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_play_in_a_real_terminal_then_ctrl_c(tmp_path: Path) -> None:
    """``satdoku step --play`` on a pseudo-terminal: frames redrawn in place; SIGINT -> 130."""
    import fcntl
    import struct
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 110, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "110", "LINES": "50"}
    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "satdoku",
            "step",
            _file(tmp_path, HARD),
            "--search",
            "--play",
            "--delay",
            "0.02",
        ],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # even under `pytest &`
    )
    os.close(slave)
    seen = b""
    deadline = time.monotonic() + 60
    try:
        while b"step 40 / 372" not in seen and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 1)
            if ready:
                seen += os.read(master, 65536)
        assert b"step 40 / 372" in seen, seen[-2000:]
        child.send_signal(signal.SIGINT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # keep reading: a full pty would block the child
            ready, _, _ = select.select([master], [], [], 0.2)
            try:
                chunk = os.read(master, 65536) if ready else b""
            except OSError:  # the child is gone and closed its side
                chunk = b""
            seen += chunk
            if not chunk and child.poll() is not None:
                break
        status = child.wait(timeout=5)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        os.close(master)
    assert status == 130
    text = seen.decode("utf-8", "replace")
    assert "\x1b[2K" in text and "\x1b[1A" in text  # redrawn in place (erase line, cursor up)
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text)
    assert "┏━━━━━━━┯" in plain and "┠───────┼" in plain  # pencil marks, thin lines: 110x50
    assert re.search(r"interrupted at step \d+ of 372", text)
    assert "Traceback" not in text


# --- the puzzle's own symbols, the course's terms, one-line and rich reprs ----------------------


def test_sixteen_speaks_letters_in_every_sentence_and_axiom_name() -> None:
    puzzle = parse_line(PUZZLES[16])
    t = trace(puzzle, search=True, max_steps=3000)
    said = [sentence(s, puzzle.shape, terms=True) for s in t.steps]
    assert not [x for x in said if re.search(r"=1[0-6]\b|exactly one 1[0-6]\b", x)]
    assert any(re.search(r"exactly one [A-G]'", x) for x in said)
    assert any(re.search(r"=[A-G]\b", x) for x in said)
    # a 4x4 read with letters says them too, and the 9x9 default is unchanged
    letters = Alphabet("ABCD")
    small = trace(parse_line("A..............."[:16], alphabet=letters))
    assert sentence(small.steps[0], alphabet=letters) == "given: r1c1=A"
    assert "exactly one A'" in sentence(small.steps[2], alphabet=letters)


def test_text_views_use_the_courses_terms() -> None:
    t = trace(parse_line(HARD), search=True)
    said = [sentence(s, t.puzzle.shape, terms=True) for s in t.steps]
    for term in ("rule 1 (elimination): ", "rule 2 (lone cell): ", "rule 2 (lone ranger): "):
        assert any(x.startswith(term) for x in said), term
    guess = next(k for k, s in enumerate(t.steps) if s.rule is Rule.GUESS)
    cell = t.steps[guess].claims[0]
    options = t.state(guess).candidates(cell.row, cell.col)
    text = sentence(t.steps[guess], candidates=options)
    assert text.startswith("guess (depth 1): ") and "the others are tried" in text
    assert text.count(f"r{cell.row + 1}c{cell.col + 1}=") == 1 + len(options)


def test_hidden_pairs_are_the_seeds_twins() -> None:
    for puzzle in seventeen_sample(400, seed=5):
        t = trace(puzzle, parse_rules("1,2,hidden-pair"))
        pairs = [s for s in t.steps if s.sets and s.sets.technique.value == "hidden-pair"]
        if pairs:
            assert set_sentence(pairs[0], terms=True).startswith("hidden pair (twins): in ")
            assert set_sentence(pairs[0]).startswith("hidden pair: in ")
            return
    raise AssertionError("no hidden pair in the sample")


@pytest.mark.parametrize("n", [4, 9, 16])
def test_trace_repr_is_one_short_line(n: int) -> None:
    t = trace(parse_line(PUZZLES[n]), search=True)
    shown = repr(t)
    assert "\n" not in shown and len(shown) < 120
    assert shown.startswith(f"Trace({n}x{n} sudoku") and f"{len(t.steps)} steps" in shown
    assert t.status.value in shown and f"{t.guesses} guess" in shown


def test_count_and_explanation_show_in_notebooks() -> None:
    assert "<b>288</b> solutions (complete)" in (Count(288, True)._repr_html_() or "")
    assert "<b>100+</b> solutions (the limit stopped" in (Count(100, False)._repr_html_() or "")
    assert "timeout stopped" in (Count(7, False, True)._repr_html_() or "")
    assert repr(Count(2, True)) == "Count(count=2, complete=True, timed_out=False)"
    e = explain(parse_line("1...1..........."))
    assert e is not None
    shown = e._repr_html_() or ""
    assert shown.count('class="cell') == 16 and "<svg" in shown
    assert "cannot all hold: r1c1=1, r2c1=1</b>" in shown
    assert "<li>contradiction: in &#x27;column 1 has exactly one 1&#x27;" in shown
    sixteen = parse_line("A" + "." * 15 + "A" + "." * 239)
    e16 = explain(sixteen)
    assert e16 is not None and "r1c1=A, r2c1=A" in (e16._repr_html_() or "")


@pytest.mark.parametrize("n", [4, 9, 16])
def test_plain_board_labels_number_every_row_and_column(n: int) -> None:
    puzzle = parse_line(PUZZLES[n])
    t = trace(puzzle)
    state = t.state(min(len(t.steps), n * 2))
    plain = format_board(state, puzzle.shape, givens=puzzle.cells)
    labelled = format_board(state, puzzle.shape, givens=puzzle.cells, labels=True).splitlines()
    assert labelled[0].split() == [str(c) for c in range(1, n + 1)]
    width = len(str(n)) + 1
    assert [x[width:] for x in labelled[1:]] == plain.splitlines()  # the same board
    numbers = [x[:width].strip() for x in labelled[1:]]
    assert [int(x) for x in numbers if x] == list(range(1, n + 1))
    for line in labelled[1:]:  # each number sits on its row's middle line
        if line[:width].strip():
            assert line[width] == "|"
