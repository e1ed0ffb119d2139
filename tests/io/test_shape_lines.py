"""Shape lines: what satdoku writes as lines it reads back as the same puzzles, whatever the shape.

A side alone does not tell a 6x6 with 3x2 boxes from one with 2x3 boxes, nor a jigsaw from a
Latin square: whatever satdoku writes for its users to feed back (``generate``, ``solve``,
``decode``, ``show``, :func:`satdoku.format_puzzles`) starts with a ``# shape`` line when the side
does not say it all, every reader honours it, and a shape option that contradicts it is refused.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import satdoku
from satdoku import InputError, Puzzle, Shape, is_solution, parse_puzzle, solve
from satdoku.cli import main
from satdoku.io._line import parse_line
from satdoku.io._reading import read_puzzles
from satdoku.io._shape_options import ShapeOptions

SATDOKU = f"{shlex.quote(sys.executable)} -m satdoku"


def pipe(command: str, cwd: Path) -> str:
    """Run a shell pipeline of satdoku commands; return its output (it must exit 0)."""
    done = subprocess.run(
        command.replace("satdoku", SATDOKU),
        shell=True,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=cwd,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


GENERATED = [
    ("--size 6 --box 3x2", lambda rec: Shape.sudoku(6, (3, 2))),
    (
        "--size 7 --regions random",
        lambda rec: Shape.jigsaw([int(x) for x in str(rec["regions"]).split()]),
    ),
]


@pytest.mark.parametrize(("options", "shape_of"), GENERATED, ids=["6x6-box-3x2", "7x7-jigsaw"])
def test_generate_then_solve_answers_the_puzzles_generated(
    tmp_path: Path, options: str, shape_of: object
) -> None:
    generate = f"satdoku generate {options} --count 10 --seed 11"
    records = [json.loads(t) for t in pipe(f"{generate} --json", tmp_path).splitlines()]
    shape = shape_of(records[0])  # type: ignore[operator]
    solved = pipe(f"{generate} | satdoku solve", tmp_path).splitlines()
    assert solved[0].startswith("# shape: ")
    assert len(solved[1:]) == 10
    for rec, line in zip(records, solved[1:], strict=True):
        puzzle = Puzzle(shape, parse_line(str(rec["puzzle"])).cells)
        solution = parse_line(line).cells
        assert is_solution(solution, puzzle), (rec["puzzle"], line)
    checked = pipe(f"{generate} | satdoku solve | satdoku check -", tmp_path)
    assert checked.splitlines() == ["valid"] * 10
    # and through a file, with --jobs (puzzles read once, solved in workers)
    (tmp_path / "p.txt").write_text(pipe(generate, tmp_path))
    solved_jobs = pipe("satdoku solve p.txt --jobs 2 --no-native", tmp_path).splitlines()
    assert solved_jobs == solved


def test_solve_output_with_shape_options_reads_back(tmp_path: Path) -> None:
    lines = pipe("satdoku generate --size 9 --latin --count 3 --seed 2", tmp_path)
    assert lines.startswith("# shape: latin\n")
    (tmp_path / "p.txt").write_text("".join(lines.splitlines(keepends=True)[1:]))  # no line
    out = pipe("satdoku solve p.txt --latin", tmp_path)
    assert out.startswith("# shape: latin\n")
    (tmp_path / "s.txt").write_text(out)
    assert pipe("satdoku check s.txt", tmp_path).splitlines() == ["valid"] * 3
    assert pipe("satdoku check s.txt --latin", tmp_path).splitlines() == ["valid"] * 3


HEADER_6 = "# shape: sudoku 6 box 3x2\n"


@pytest.mark.parametrize(
    ("options", "agree"),
    [
        (["--box", "3x2"], True),
        (["--box", "2x3"], False),
        (["--latin"], False),
        (["--diagonals"], False),
        (["--regions", "MAP"], False),
    ],
)
def test_a_shape_line_and_a_contradicting_option_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], options: list[str], agree: bool
) -> None:
    generated = tmp_path / "p.txt"
    assert main(["generate", "--size", "6", "--box", "3x2", "--seed", "3", "--count", "2"]) == 0
    generated.write_text(capsys.readouterr().out)
    assert generated.read_text().startswith(HEADER_6)
    region_map = tmp_path / "map.txt"
    region_map.write_text("".join("abcdef"[r] * 6 + "\n" for r in range(6)))
    argv = [str(region_map) if o == "MAP" else o for o in options]
    for command in ("solve", "count", "check", "rate"):
        status = main([command, str(generated), *argv])
        err = capsys.readouterr().err
        if agree:
            assert status in (0, 1), err  # check: puzzles are not filled grids
        else:
            assert status == 2
            assert err.count("\n") == 1, err
            assert "'# shape: sudoku 6 box 3x2' line and " + options[0] in err
            assert "give the shape once" in err


def test_a_jigsaw_line_and_the_same_map_agree(tmp_path: Path) -> None:
    out = pipe("satdoku generate --size 7 --regions random --seed 4 --save-regions m.txt", tmp_path)
    (tmp_path / "p.txt").write_text(out)
    assert pipe("satdoku count p.txt --regions m.txt", tmp_path).split() == ["1"]


def test_plain_comments_stay_comments_and_the_library_reads_the_shape_line() -> None:
    text = ["# my puzzles", HEADER_6.strip(), "# more words", "1" + "." * 35]
    (entry,) = read_puzzles(text)
    assert entry.puzzle is not None and entry.puzzle.shape == Shape.sudoku(6, (3, 2))
    assert parse_puzzle("\n".join(text)).shape.box == (3, 2)
    (entry,) = read_puzzles(["# shape of things", "1" + "." * 35])  # a comment, not a line
    assert entry.puzzle is not None and entry.puzzle.shape.box == (2, 3)
    (entry,) = read_puzzles([HEADER_6, "1" + "." * 15])
    assert entry.error is not None and "box 3x2 does not tile a 4x4" in entry.error.message
    (entry,) = read_puzzles(["# shape: latin 7", "1" + "." * 80], options=ShapeOptions())
    assert entry.error is not None and "shape line is for 7x7" in entry.error.message
    with pytest.raises(Exception, match="shape line: unknown word 'boxes'"):
        list(read_puzzles(["# shape: sudoku boxes 3x2", "1" + "." * 35]))


# --- every text satdoku writes for a user to feed back reads back as the same puzzle ----------


def model_text(solution: tuple[int, ...], n: int) -> str:
    """A SAT solver's answer for a solved grid: every claim variable, true or false."""
    literals = [v if solution[(v - 1) // n] == (v - 1) % n + 1 else -v for v in range(1, n**3 + 1)]
    return "s SATISFIABLE\nv " + " ".join(map(str, literals)) + " 0\n"


def puzzle_and_model(
    tmp_path: Path, text: str, puzzle: Puzzle | None = None
) -> tuple[Puzzle, Path, Path]:
    """Write a puzzle's text (the puzzle it means unless given) and a SAT solver's answer to it."""
    given, model = tmp_path / "p.txt", tmp_path / "m.out"
    given.write_text(text)
    puzzle = puzzle or parse_puzzle(text)
    solution = solve(puzzle)
    assert solution is not None
    model.write_text(model_text(solution, puzzle.n))
    return puzzle, given, model


SHAPED = [
    ("# shape: sudoku 6 box 3x2", "5....642..5.........15......23..3..."),
    ("# shape: jigsaw 5 regions 0111102221023330234304444", "..4.........2.14......5.."),
    ("# shape: latin alphabet ABCDEF", "AB....B.....C....................F.."),
]


def written_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]
) -> tuple[str, Path]:
    """Run a command that must succeed; return its output and a file holding it."""
    assert main(argv) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    path = tmp_path / "out.txt"
    path.write_text(out)
    return out, path


def assert_valid(capsys: pytest.CaptureFixture[str], path: Path, puzzle: Puzzle) -> None:
    """The text at path reads back as one filled grid solving the puzzle."""
    assert main(["check", str(path)]) == 0, capsys.readouterr().out
    assert capsys.readouterr().out.split() == ["valid"]
    (entry,) = read_puzzles(path.read_text().splitlines())
    assert entry.puzzle is not None and entry.puzzle.shape == puzzle.shape
    assert is_solution(entry.puzzle.cells, puzzle)


@pytest.mark.parametrize(("header", "line"), SHAPED, ids=["box-3x2", "jigsaw", "alphabet"])
def test_decoded_grids_read_back_as_the_puzzle_through_the_cnf_or_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], header: str, line: str
) -> None:
    puzzle, given, model = puzzle_and_model(tmp_path, f"{header}\n{line}\n")
    cnf = tmp_path / "p.cnf"
    assert main(["dimacs", str(given), "-o", str(cnf)]) == 0
    for source in (cnf, given):
        for fmt in ("line", "grid", "pretty"):
            out, path = written_back(
                capsys, tmp_path, ["decode", str(source), str(model), "--format", fmt]
            )
            assert out.startswith(header + "\n"), out
            assert_valid(capsys, path, puzzle)


def test_decoding_a_cnf_made_with_shape_options_writes_its_shape_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = Puzzle(Shape.sudoku(6, (3, 2)), parse_line(SHAPED[0][1]).cells)
    _, given, model = puzzle_and_model(tmp_path, SHAPED[0][1] + "\n", puzzle)  # no shape line
    cnf = tmp_path / "p.cnf"
    assert main(["dimacs", str(given), "--box", "3x2", "-o", str(cnf)]) == 0
    out, path = written_back(capsys, tmp_path, ["decode", str(cnf), str(model), "--format", "line"])
    assert out.startswith(HEADER_6)
    assert_valid(capsys, path, puzzle)


def test_the_cnf_of_a_puzzle_in_its_own_alphabet_names_that_alphabet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    header, line = SHAPED[2]
    puzzle, given, model = puzzle_and_model(tmp_path, f"{header}\n{line}\n")
    cnf = tmp_path / "p.cnf"
    assert main(["dimacs", str(given), "-o", str(cnf)]) == 0
    assert f"c puzzle: {line}\nc alphabet: ABCDEF\n" in cnf.read_text()
    for source in (cnf, given):
        assert main(["decode", str(source), str(model), "--json"]) == 0
        (rec,) = [json.loads(t) for t in capsys.readouterr().out.splitlines()]
        assert set(str(rec["solution"])) == set("ABCDEF")


@pytest.mark.parametrize(("header", "line"), SHAPED, ids=["box-3x2", "jigsaw", "alphabet"])
@pytest.mark.parametrize("fmt", ["grid", "pretty"])
def test_solved_grids_and_boards_read_back_as_the_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], header: str, line: str, fmt: str
) -> None:
    given = tmp_path / "p.txt"
    given.write_text(f"{header}\n{line}\n")
    out, path = written_back(capsys, tmp_path, ["solve", str(given), "--format", fmt])
    assert out.startswith(header + "\n")
    assert_valid(capsys, path, parse_puzzle(given.read_text()))


@pytest.mark.parametrize(("header", "line"), SHAPED, ids=["box-3x2", "jigsaw", "alphabet"])
def test_a_shown_board_reads_back_as_the_same_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], header: str, line: str
) -> None:
    given = tmp_path / "p.txt"
    given.write_text(f"{header}\n{line}\n")
    puzzle = parse_puzzle(given.read_text())
    out, path = written_back(capsys, tmp_path, ["show", str(given)])
    assert out.startswith(header + "\n")
    (entry,) = read_puzzles(path.read_text().splitlines())
    assert entry.puzzle == puzzle
    out, path = written_back(capsys, tmp_path, ["show", str(given), "--solve"])
    assert_valid(capsys, path, puzzle)


def test_dimacs_solve_with_lines_read_back_as_the_puzzles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    header, line = SHAPED[0]
    puzzle, given, model = puzzle_and_model(tmp_path, f"{header}\n{line}\n")
    script = tmp_path / "solver.py"  # a SAT solver that knows the answer
    script.write_text(f"print(open({str(model)!r}).read())\n")
    solver = f"{shlex.quote(sys.executable)} {shlex.quote(str(script))} {{cnf}}"
    out, path = written_back(capsys, tmp_path, ["dimacs", str(given), "--solve-with", solver])
    assert out.startswith(header + "\n")
    assert_valid(capsys, path, puzzle)


@pytest.mark.parametrize(("header", "line"), SHAPED, ids=["box-3x2", "jigsaw", "alphabet"])
def test_the_library_writes_puzzles_and_solutions_that_read_back_as_written(
    header: str, line: str
) -> None:
    puzzle = parse_puzzle(f"{header}\n{line}")
    solution = solve(puzzle)
    assert solution is not None
    text = satdoku.format_puzzles([puzzle, Puzzle(puzzle.shape, solution)])
    assert text.startswith(header + "\n")
    read = [entry.puzzle for entry in read_puzzles(text.splitlines())]
    assert read == [puzzle, Puzzle(puzzle.shape, solution)]
    assert satdoku.format_puzzles([Puzzle(Shape.sudoku(9), (0,) * 81)]) == "." * 81 + "\n"
    with pytest.raises(InputError, match="different shapes"):
        satdoku.format_puzzles([puzzle, Puzzle(Shape.of_side(puzzle.n), puzzle.cells)])


def test_generate_says_the_shape_above_held_back_puzzles_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A first puzzle held back for a missed wish takes no shape line with it."""
    argv = ["generate", "--size", "6", "--box", "3x2", "--level", "easy", "--attempts", "3"]
    assert main([*argv, "--count", "3", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4  # the shape line, then the puzzles
    assert (
        main([*argv[:5], "--level", "extreme", "--attempts", "2", "--count", "2", "--seed", "1"])
        == 1
    )
    held_back = capsys.readouterr()
    assert held_back.out.splitlines() == lines[:1] == ["# shape: sudoku 6 box 3x2"]
    assert "held back" in held_back.err


@pytest.mark.parametrize("option", ["--all", "--unique"])
def test_solve_all_and_unique_say_the_shape_above_their_answers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    puzzle = tmp_path / "p6.txt"
    puzzle.write_text("# shape: sudoku 6 box 3x2\n5....642..5.........15......23..3...\n")
    assert main(["solve", str(puzzle), option]) == 0
    written = capsys.readouterr().out
    assert written.splitlines()[0] == "# shape: sudoku 6 box 3x2"
    answers = tmp_path / "answers.txt"
    answers.write_text(written.replace("\tunique", ""))
    assert main(["check", str(answers)]) == 0
    assert capsys.readouterr().out == "valid\n"
