"""Fuzzing every command with puzzles written as users write them: the answer is to the input's
puzzle, or the input is refused; never a traceback, never a record lost.

Each case makes random puzzles of a random kind (4x4 to 16x16, digits, letters, 0-F, OmegaSudoku's
symbols), writes them in a random layout (lines, spaced grids, boxed grids with or without spaces,
integer tokens, JSON, Racket lists) with random noise (a byte-order mark, CRLF, comments, blank
lines), mutates half of them (a symbol deleted, inserted or replaced), and runs solve, count,
check, step, dimacs and show on the text. The oracle reads the text by itself, independently of
satdoku: a solved record must hold a solution (``is_solution``) that keeps every given of the
puzzle the oracle read. ``SATDOKU_INTENT_CASES`` raises the number of cases for a long run.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from satdoku.cli import main
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.generation._generate import random_puzzle

CASES = int(os.environ.get("SATDOKU_INTENT_CASES", "120"))
"""Fuzzed cases in the suite; each case runs every command once."""

INTERNAL_ERROR = 70


@dataclass(frozen=True)
class Kind:
    """A kind of puzzle as users write it: its side, its symbols, and whether to name them."""

    name: str
    n: int
    symbols: str
    named: bool  # is --alphabet given?


KINDS = (
    Kind("sudoku4", 4, "1234", False),
    Kind("sudoku6", 6, "123456", False),
    Kind("sudoku9", 9, "123456789", False),
    Kind("sudoku16", 16, "123456789ABCDEFG", False),
    Kind("letters4", 4, "ABCD", True),
    Kind("hex16", 16, "0123456789ABCDEF", True),
    Kind("hex16-unnamed", 16, "0123456789ABCDEF", False),
    Kind("omega16", 16, "123456789:;<=>?@", True),
)
LAYOUTS = ("line", "spaced", "boxed", "compact", "tokens", "json", "json-strings", "racket")
NOISE = "x|#- .?0²\ufeff"


def _blank(kind: Kind, rng: random.Random) -> str:
    return rng.choice([b for b in ".0_?" if b not in kind.symbols])


def _rows(cells: tuple[int, ...], kind: Kind, blank: str) -> list[str]:
    n = kind.n
    sym = [blank, *kind.symbols]
    return ["".join(sym[d] for d in cells[r * n : (r + 1) * n]) for r in range(n)]


def _boxed(rows: list[str], box: tuple[int, int], sep: str) -> list[str]:
    """Rows with '|' between boxes, and a rule line between bands (sep: ' ' or '')."""
    bh, bw = box
    n = len(rows)
    out = []
    for r, row in enumerate(rows):
        parts = [sep.join(row[c : c + bw]) for c in range(0, n, bw)]
        out.append(f"|{sep}" + f"{sep}|{sep}".join(parts) + f"{sep}|")
        if (r + 1) % bh == 0 and r + 1 < n:
            width = len(sep.join(row[:bw])) + 2 * len(sep)
            out.append("|" + "+".join("-" * width for _ in range(n // bw)) + "|")
    frame = "*" + "-" * (len(out[0]) - 2) + "*"
    return [frame, *out, frame]


def render(cells: tuple[int, ...], kind: Kind, layout: str, rng: random.Random) -> list[str]:
    """Write one puzzle in a layout; lines without line ends."""
    n = kind.n
    blank = _blank(kind, rng)
    rows = _rows(cells, kind, blank)
    box = Shape.sudoku(n).box
    assert box is not None
    if layout == "line":
        return ["".join(rows)]
    if layout == "spaced":
        return [" ".join(row) for row in rows]
    if layout in ("boxed", "compact"):
        return _boxed(rows, box, " " if layout == "boxed" else "")
    if layout == "tokens":
        return [" ".join(str(d) for d in cells[r * n : (r + 1) * n]) for r in range(n)]
    if layout == "json":
        return [json.dumps([list(cells[r * n : (r + 1) * n]) for r in range(n)])]
    if layout == "json-strings":
        return [json.dumps(rows)]
    return ["'(" + " ".join(f'"{row}"' for row in rows) + ")"]


def _layouts(kind: Kind) -> tuple[str, ...]:
    if kind.symbols != "123456789ABCDEFG"[: kind.n]:
        return tuple(x for x in LAYOUTS if x not in ("tokens", "json"))
    return LAYOUTS


@dataclass
class Case:
    """A fuzzed input: the text, the options, and what the oracle reads in it."""

    kind: Kind
    layout: str
    text: str
    puzzles: list[tuple[int, ...] | None]  # the oracle's reading; None: satdoku must refuse it
    mutated: bool
    unknown: bool  # the oracle cannot say which puzzle the text holds (then only the contract)

    def options(self) -> list[str]:
        return ["--alphabet", self.kind.symbols] if self.kind.named else []


def _oracle_line(line: str, kind: Kind) -> tuple[int, ...] | None:
    """Read a line of single symbols the way its writer meant it; None if it is not n*n."""
    table = {s: i + 1 for i, s in enumerate(kind.symbols)}
    body = "".join(ch for ch in line.strip() if ch not in "|+-\ufeff")  # borders, BOMs
    if len(body) != kind.n**2:
        return None
    if any(ch not in table and ch not in ".0_?" for ch in body):
        return None
    return tuple(table.get(ch, 0) for ch in body)


def make_case(seed: int) -> Case:
    """Make a fuzzed case from a seed (reproducible)."""
    rng = random.Random(seed)
    kind = rng.choice(KINDS)
    layout = rng.choice(_layouts(kind))
    count = rng.randint(1, 4) if layout == "line" else 1
    fraction = rng.uniform(0.45, 0.8) if kind.n >= 9 else rng.uniform(0.3, 0.7)
    puzzles = [
        random_puzzle(Shape.sudoku(kind.n), fraction, seed=rng.randrange(10**6))[0].cells
        for _ in range(count)
    ]
    lines: list[str] = []
    for cells in puzzles:
        if rng.random() < 0.2:
            lines.append("# a comment")
        lines.extend(render(cells, kind, layout, rng))
    mutated = rng.random() < 0.5
    read: list[tuple[int, ...] | None] = list(puzzles)
    if mutated:
        index = rng.randrange(len(lines))
        text = lines[index]
        at = rng.randrange(len(text) + 1)
        noise = rng.choice(NOISE + kind.symbols)
        action = rng.choice(("delete", "insert", "replace"))
        if action == "delete":
            text = text[: max(at - 1, 0)] + text[at:]
        elif action == "insert":
            text = text[:at] + noise + text[at:]
        else:
            text = text[: max(at - 1, 0)] + noise + text[at:]
        lines[index] = text
        if layout == "line":
            read = [_oracle_line(t, kind) for t in lines if t.strip() and not t.startswith("#")]
    hex_ambiguous = kind.name == "hex16-unnamed" and any(1 in cells for cells in puzzles)
    unknown = (kind.name == "hex16-unnamed" and (mutated or not hex_ambiguous)) or (
        mutated and layout != "line"
    )
    if hex_ambiguous and not mutated:
        read = [None] * len(read)
    start = "\ufeff" if rng.random() < 0.2 else ""
    end = "\r\n" if rng.random() < 0.2 else "\n"
    text = start + end.join(lines) + end
    return Case(kind, layout, text, read, mutated, unknown)


def run(argv: list[str], stdin: bytes | None = None) -> tuple[int, str, str]:
    """Run the command line in process; return (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    saved = None
    if stdin is not None:
        saved = sys.stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(argv)
            except SystemExit as exc:
                status = int(exc.code or 0)
    finally:
        if saved is not None:
            sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


def _digits(solution: str, kind: Kind) -> tuple[int, ...]:
    table = {s: i + 1 for i, s in enumerate(kind.symbols)}
    return tuple(table.get(ch, 0) for ch in solution)


def _records(stdout: str) -> Iterator[dict[str, object]]:
    for line in stdout.splitlines():
        yield json.loads(line)


def _check_contract(status: int, stderr: str) -> None:
    assert status != INTERNAL_ERROR, stderr
    assert "Traceback" not in stderr, stderr
    assert status in (0, 1, 2), (status, stderr)


@pytest.fixture(scope="module")
def workdir() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as tmp:
        yield Path(tmp)


@pytest.mark.parametrize("seed", range(CASES))
def test_every_command_answers_the_input_or_refuses_it(seed: int, workdir: Path) -> None:
    case = make_case(seed)
    path = workdir / f"case{seed}.txt"
    path.write_bytes(case.text.encode("utf-8"))
    via_stdin = seed % 3 == 0
    source = ["-"] if via_stdin else [str(path)]
    data = case.text.encode("utf-8") if via_stdin else None

    status, stdout, stderr = run(["solve", *source, "--json", *case.options()], data)
    _check_contract(status, stderr)
    records = list(_records(stdout))
    broken_grid = case.mutated and case.layout != "line"  # how many puzzles it holds is moot
    assert records and (broken_grid or len(records) == len(case.puzzles)), (case.text, stdout)
    for record, cells in zip(records, case.puzzles, strict=not broken_grid):
        if record["status"] != "solved":
            continue
        assert cells is not None or case.unknown, ("refusal expected", case.text, record)
        digits = _digits(str(record["solution"]), case.kind)
        assert len(digits) == case.kind.n**2, (case.text, record)  # never a puzzle of another size
        if cells is not None and not case.unknown:
            assert is_solution(digits, Puzzle(Shape.sudoku(case.kind.n), cells)), (
                case.text,
                record,
            )
    if not case.mutated and not case.unknown:
        expected = [("solved" if cells is not None else "invalid") for cells in case.puzzles]
        assert [r["status"] for r in records] == expected, (case.text, stdout, stderr)

    status, stdout, stderr = run(
        ["count", *source, "--json", "--limit", "2", *case.options()], data
    )
    _check_contract(status, stderr)
    assert broken_grid or len(list(_records(stdout))) == len(case.puzzles), (case.text, stdout)

    status, _, stderr = run(["step", *source, "--max-steps", "30", *case.options()], data)
    _check_contract(status, stderr)
    status, _, stderr = run(["show", *source, *case.options()], data)
    _check_contract(status, stderr)
    status, _, stderr = run(
        ["dimacs", *source, "-o", f"{workdir}/cnf{seed}/", *case.options()], data
    )
    _check_contract(status, stderr)


@pytest.mark.parametrize("seed", range(CASES // 3))
def test_check_judges_the_grid_it_was_given(seed: int, workdir: Path) -> None:
    rng = random.Random(seed)
    kind = rng.choice([k for k in KINDS if k.name != "hex16-unnamed"])
    layout = rng.choice(("line", "spaced", "boxed", "compact", "json-strings"))
    _, grid = random_puzzle(Shape.sudoku(kind.n), 0.5, seed=seed)
    cells = list(grid)
    broken = rng.random() < 0.5
    if broken:
        i, j = rng.sample(range(len(cells)), 2)
        if cells[i] == cells[j]:
            cells[i] = cells[i] % kind.n + 1
        else:
            cells[i], cells[j] = cells[j], cells[i]
    text = "\n".join(render(tuple(cells), kind, layout, rng)) + "\n"
    path = workdir / f"grid{seed}.txt"
    path.write_text(text, encoding="utf-8")
    status, stdout, stderr = run(["check", str(path), "--json", *case_options(kind)])
    _check_contract(status, stderr)
    (record,) = list(_records(stdout))
    valid = is_solution(tuple(cells), Puzzle(Shape.sudoku(kind.n), tuple(cells)))
    assert record["valid"] is valid, (text, record)
    assert status == (0 if valid else 1), (text, record)


def case_options(kind: Kind) -> list[str]:
    """The options that name a kind's symbols."""
    return ["--alphabet", kind.symbols] if kind.named else []
