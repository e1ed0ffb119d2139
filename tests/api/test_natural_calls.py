"""The library takes what users hand it, and a puzzle remembers its symbols.

Each call below is one a user makes first (a size for ``generate``, ``alphabet=`` as a string, the
solution ``solve`` returned handed to ``format_line``, a file name for ``read_puzzles``...).
"""

from __future__ import annotations

import json
import pickle
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import satdoku
from satdoku import Alphabet, InputError, Puzzle, Result, Shape, Status
from satdoku.cli import main
from satdoku.generation._random_grid import random_grid

S9 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
S9_SOLVED = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
S4 = "1..............."
HEX = "0123456789ABCDEF"
HEX16 = "1" + "." * 255  # '1' is digit 2 in the alphabet 0-F
LETTERS = "ABCDEFGHIJKLMNOP"
LETTERS16 = (
    "...C.L.I.MBA....AF....D.P.....K...O...M.NH.......L.....B...DC...E.F.A..M.....L....."
    "G..J..K...PO.B..O.K..J.EI.A.G.J......OC.MH.I..O...E....I.LG....BIDJ..K.O.....C.GH..."
    "....BM.E....E..GCH.N..F.I..J..MCP.NL.I.....KN.BL.....D.JM.I.LOF..GE..K.....PFEHK..."
    ".....O"
)


def _solution_result() -> Result:
    puzzle = satdoku.parse_puzzle(S9)
    return Result(Status.SOLVED, satdoku.solve(puzzle), puzzle)


NATURAL_CALLS: dict[str, tuple[Callable[[], object], object]] = {
    "generate(9)": (lambda: satdoku.generate(9, seed=1, rated=False).puzzle.shape, Shape.sudoku(9)),
    "generate('latin 5')": (
        lambda: satdoku.generate("latin 5", seed=1, rated=False).puzzle.shape,
        Shape.latin(5),
    ),
    "generate(box='3x2')": (
        lambda: satdoku.generate(box="3x2", seed=1, rated=False).puzzle.shape,
        Shape.sudoku(6, (3, 2)),
    ),
    "parse_puzzle(alphabet=str)": (
        lambda: satdoku.parse_puzzle(HEX16, alphabet=HEX).cells[:2],
        (2, 0),
    ),
    "read_puzzles(alphabet=str)": (
        lambda: [
            e.puzzle.cells[0] for e in satdoku.read_puzzles([HEX16], alphabet=HEX) if e.puzzle
        ],
        [2],
    ),
    "format_line(solve(...), shape)": (
        lambda: satdoku.format_line(satdoku.solve(S9), Shape.sudoku(9)),
        S9_SOLVED,
    ),
    "format_line(puzzle)": (lambda: satdoku.format_line(satdoku.parse_puzzle(S9)), S9),
    "format_line(result)": (lambda: satdoku.format_line(_solution_result()), S9_SOLVED),
    "format_line(cells, puzzle text)": (
        lambda: satdoku.format_line((2,) + (0,) * 255, HEX16, alphabet=HEX),
        HEX16,
    ),
    "format_pretty(solve(...))": (
        lambda: satdoku.format_pretty(satdoku.solve(S4)).splitlines()[2],
        "----+----",
    ),
    "format_puzzles([text])": (lambda: satdoku.format_puzzles([S9]), S9 + "\n"),
    "is_solution(solve(...))": (lambda: satdoku.is_solution(satdoku.solve(S9)), True),
    "is_solution(text, puzzle text)": (lambda: satdoku.is_solution(S9_SOLVED, S9), True),
    "write_dimacs(text)": (lambda: satdoku.write_dimacs(S4).splitlines()[-1], "1 0"),
    "trace(solve(...)) keeps its puzzle's symbols": (
        lambda: (
            satdoku.trace(
                satdoku.solve(satdoku.parse_puzzle("A" + "." * 15, "ABCD"))
            ).puzzle.symbols
        ),
        "ABCD",
    ),
    "hint(solve(...)) keeps its puzzle's symbols": (
        lambda: satdoku.hint(satdoku.solve(satdoku.parse_puzzle("A" + "." * 15, "ABCD"))).alphabet,
        Alphabet("ABCD"),
    ),
}


@pytest.mark.parametrize("call", NATURAL_CALLS, ids=str)
def test_the_natural_call_works(call: str) -> None:
    make, expected = NATURAL_CALLS[call]
    assert make() == expected


def test_shape_sudoku_of_a_side_no_box_tiles_is_refused_saying_what_to_say() -> None:
    with pytest.raises(InputError, match=r"no box tiles a 7x7 grid.*Shape\.latin\(7\)"):
        Shape.sudoku(7)
    assert Shape.of_side(7) == Shape.latin(7)  # what reading a 7x7 gives, as before
    assert satdoku.parse_puzzle("1" + "." * 48).shape == Shape.latin(7)


def test_read_puzzles_reads_a_path_and_a_string_naming_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("puzzles.txt").write_text(S9 + "\n" + S4 + "\n")
    for source in (Path("puzzles.txt"), "puzzles.txt"):
        entries = list(satdoku.read_puzzles(source))
        assert [e.puzzle.n for e in entries if e.puzzle] == [9, 4]
        assert entries[1].line == 2
    text = list(satdoku.read_puzzles(S9 + "\n" + S4))  # a text of several lines
    assert [e.puzzle.n for e in text if e.puzzle] == [9, 4]


def test_read_puzzles_refuses_a_string_that_is_both_a_puzzle_and_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path(S4).write_text(S9 + "\n")
    with pytest.raises(InputError, match=r"both a puzzle and the name of a file: give Path\("):
        satdoku.read_puzzles(S4)
    assert [e.puzzle.n for e in satdoku.read_puzzles([S4]) if e.puzzle] == [4]
    assert [e.puzzle.n for e in satdoku.read_puzzles(Path(S4)) if e.puzzle] == [9]


def test_read_puzzles_refuses_a_file_name_that_names_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(InputError, match="is no puzzle and names no file"):
        satdoku.read_puzzles("data/puzzles.txt")


def test_solve_and_a_predicate_see_one_solution_type() -> None:
    seen: list[object] = []

    def has_five_first(solution: satdoku.Solution) -> bool:
        seen.append(solution)
        return solution[0] == 5 and solution.cells[1] == 3

    found = satdoku.solve(S9, where=has_five_first)
    plain = satdoku.solve(S9)
    assert type(found) is type(plain) is type(seen[0]) is satdoku.Solution
    assert found == plain == tuple(int(d) for d in S9_SOLVED)  # still a tuple of digits
    assert plain.shape == Shape.sudoku(9) and plain.puzzle == satdoku.parse_puzzle(S9)
    assert str(plain).splitlines()[0] == "5 3 4 | 6 7 8 | 9 1 2"
    assert all(type(s) is satdoku.Solution for s in satdoku.solutions(S4, limit=3))
    copied = pickle.loads(pickle.dumps(plain))  # to and from worker processes
    assert type(copied) is satdoku.Solution and copied.puzzle == plain.puzzle


def test_puzzles_and_results_print_as_boards_in_their_own_symbols() -> None:
    puzzle = satdoku.parse_puzzle("A" + "." * 15, alphabet="ABCD")
    assert str(puzzle).splitlines() == [
        "A . | . .",
        ". . | . .",
        "----+----",
        ". . | . .",
        ". . | . .",
    ]
    assert repr(puzzle) == "Puzzle(4x4 sudoku, 2x2 boxes: 1 givens, 'A...............')"
    result = Result(Status.SOLVED, satdoku.solve(puzzle), puzzle)
    assert str(result).splitlines()[:2] == ["solved", "A B | C D"]
    assert str(satdoku.solve(puzzle)).splitlines()[0] == "A B | C D"


def _lettered() -> Puzzle:
    return satdoku.parse_puzzle(LETTERS16, alphabet=LETTERS)


def test_a_lettered_16x16_keeps_its_letters_in_hint_and_explain() -> None:
    puzzle = _lettered()
    step = satdoku.hint(puzzle)
    assert step.step is not None
    decided = step.step.claims[0]
    assert f"r{decided.row + 1}c{decided.col + 1}={LETTERS[decided.digit - 1]}" in str(step)
    cells = list(puzzle.cells)
    cells[0] = cells[1] = LETTERS.index("J") + 1  # two Js in row 1
    wrong = puzzle.with_cells(cells)
    said = str(satdoku.hint(wrong))
    explained = satdoku.explain(wrong)
    assert explained is not None
    from satdoku.views._explanation import explanation_lines

    first = explanation_lines(explained)[0]
    for claim in explained.conflict:
        label = f"r{claim.row + 1}c{claim.col + 1}=J"
        assert label in said and label in first
    assert not re.search(r"r\d+c\d+=[0-9A]\b", said + first)
    board = explained._repr_html_() or ""
    assert ">J</text>" in board and ">10</text>" not in board


def test_a_lettered_puzzle_keeps_its_symbols_through_with_cells_and_solutions() -> None:
    puzzle = _lettered()
    assert puzzle.with_cells(puzzle.cells).symbols == LETTERS
    solution = satdoku.solve(puzzle)
    assert solution is not None and solution.symbols == LETTERS
    assert set(satdoku.format_line(solution)) <= set(LETTERS)


POOL = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ!$%&@~"


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from([4, 6, 9, 16]),
    st.randoms(use_true_random=False),
    st.integers(0, 10**6),
    st.floats(0, 1),
)
def test_parse_format_parse_round_trips_with_any_alphabet(
    n: int, rng: object, seed: int, keep: float
) -> None:
    symbols = "".join(rng.sample(POOL, n))  # type: ignore[attr-defined]
    shape = Shape.of_side(n)
    grid = random_grid(shape, seed)
    assert grid is not None
    cells = tuple(d if (i * 7919 + seed) % 100 < keep * 100 else 0 for i, d in enumerate(grid))
    puzzle = Puzzle(shape, cells)
    line = satdoku.format_line(puzzle, alphabet=symbols)
    read = satdoku.parse_puzzle(line, alphabet=symbols)
    assert read == puzzle and read.symbols == symbols
    assert satdoku.format_line(read) == line  # the puzzle writes in its own symbols
    assert satdoku.parse_puzzle(str(read), alphabet=Alphabet(symbols)) == puzzle


def _records(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.splitlines()]


def test_cli_refuses_json_with_pretty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.txt"
    path.write_text(S4 + "\n")
    with pytest.raises(SystemExit) as stop:
        main(["solve", str(path), "--json", "--pretty"])
    assert stop.value.code == 2
    assert "--pretty: not allowed with argument --json" in capsys.readouterr().err


def test_cli_generate_box_alone_gives_the_side(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["generate", "--box", "4x4", "--seed", "1", "--json"]) == 0
    (record,) = _records(capsys.readouterr().out)
    assert len(str(record["puzzle"])) == 256


def test_cli_records_of_every_batch_command_share_index_status_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.txt"
    path.write_text("# two grids\n1234341221434321\n12x\n")
    for command in ("solve", "count", "check", "rate"):
        main([command, str(path), "--json"])
        good, bad = _records(capsys.readouterr().out)
        assert (good["index"], good["line"], bad["index"], bad["line"]) == (0, 2, 1, 3), command
        assert good["status"] in ("solved", "counted", "checked"), command
        assert bad["status"] == "invalid", command
