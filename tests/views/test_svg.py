"""Board pictures: SVG structure for 4x4, 9x9 and 16x16, notebook display, ``satdoku show``."""

import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from satdoku.backends._sat import SatBackend
from satdoku.cli import main
from satdoku.core._results import Status
from satdoku.core._shape import Shape
from satdoku.generation._generate import random_puzzle
from satdoku.views._svg import board_svg, pencil_marks

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg)


@pytest.mark.parametrize("n", [4, 9, 16])
def test_puzzle_svg_has_cells_box_borders_and_candidates(n: int) -> None:
    puzzle, _ = random_puzzle(Shape.sudoku(n), 0.4, seed=n)
    root = parse(puzzle._repr_svg_())
    cells = [e for e in root.iter(f"{NS}rect") if "cell" in e.get("class", "").split()]
    assert len(cells) == n * n
    assert {(int(e.get("data-row")), int(e.get("data-col"))) for e in cells} == {
        (r, c) for r in range(n) for c in range(n)
    }
    r, c = Shape.sudoku(n).box or (n, n)
    thick = [e for e in root.iter(f"{NS}line") if e.get("class") == "thick"]
    assert len(thick) == n * (n // c - 1) + n * (n // r - 1)
    texts = list(root.iter(f"{NS}text"))
    givens = [t for t in texts if t.get("class") == "given"]
    assert len(givens) == n * n - puzzle.blanks()
    marks = pencil_marks(puzzle)
    assert marks is not None
    expected = sum(len(marks[i]) for i in range(n * n) if not puzzle.cells[i])
    assert len([t for t in texts if t.get("class") == "cand"]) == expected


def test_result_svg_shows_solution_with_givens_bold() -> None:
    puzzle, _ = random_puzzle(Shape.sudoku(9), 0.3, seed=1)
    with SatBackend() as backend:
        result = backend.solve(puzzle)
    assert result.status is Status.SOLVED
    root = parse(result._repr_svg_())
    classes = [t.get("class") for t in root.iter(f"{NS}text")]
    assert classes.count("given") == 81 - puzzle.blanks()
    assert classes.count("filled") == puzzle.blanks()


def test_letters_for_sixteen() -> None:
    svg = board_svg(tuple(range(1, 17)) + (0,) * 240, Shape.sudoku(16))
    assert re.search(r">G</text>", svg)


def test_show_writes_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "board.svg"
    assert main(["show", "--example", "--svg", str(out)]) == 0
    assert parse(out.read_text()).tag == f"{NS}svg"
    assert main(["show", "--example"]) == 0
    assert "------+-------+------" in capsys.readouterr().out


def test_a_puzzle_read_with_an_alphabet_is_drawn_in_its_symbols() -> None:
    from satdoku import Alphabet, parse_puzzle, trace

    puzzle = parse_puzzle("A..B" + "." * 12, Alphabet("ABCD"))
    assert puzzle == parse_puzzle("1..2" + "." * 12)  # the symbols are not part of the value
    svg = puzzle._repr_svg_()
    assert ">A</text>" in svg and ">B</text>" in svg and ">1</text>" not in svg
    assert '"alphabet":"ABCD"' in trace(puzzle)._repr_html_().replace("&quot;", '"')
