"""Killer generation: unique puzzles whose cages tile the grid with the solution's totals,
reproducible by seed, written as Solo IDs and killer texts that read back as the same puzzle.

Checks here do not use the generator's code: uniqueness by ``count_constrained`` (counting
through every solution, not the generator's one-call question), cages by plain set arithmetic,
sums and repeats by the independent checkers.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import satdoku
from satdoku.backends._constraint_sat import count_constrained
from satdoku.cli import main
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._random_cages import CageSizes, cage_splits, random_cages
from satdoku.core._shape import Shape
from satdoku.core.constraints import KillerCage, broken_constraints
from satdoku.generation._generate import Generated, generate
from satdoku.generation._generate_batch import puzzle_seed
from satdoku.generation._other_solution import other_solution
from satdoku.generation._random_grid import random_grid, random_jigsaw
from satdoku.io.killer_text import parse_killer
from satdoku.io.tatham import parse_game_id
from satdoku.rules._rating import Level

SHAPES = [Shape.sudoku(4), Shape.sudoku(6), Shape.sudoku(6, (3, 2))]


def connected(cells: Sequence[int], n: int) -> bool:
    """Tell whether cells are joined edge to edge (written out here, not the library's)."""
    left = set(cells)
    todo = [left.pop()]
    while todo:
        r, c = divmod(todo.pop(), n)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < n and 0 <= cc < n and rr * n + cc in left:
                left.remove(rr * n + cc)
                todo.append(rr * n + cc)
    return not left


def assert_killer(made: Generated, smallest: int, largest: int) -> None:
    """The puzzle is a killer of the sizes, tiling the grid, unique, solved by its solution."""
    puzzle, n = made.puzzle, made.puzzle.n
    cages = puzzle.constraints
    assert all(isinstance(cage, KillerCage) for cage in cages)
    members = sorted(cell for cage in cages for cell in cage.cells(n))
    assert members == list(range(n * n))  # every cell in exactly one cage
    for cage in cages:
        assert isinstance(cage, KillerCage)
        assert smallest <= len(cage.members) <= largest
        assert connected(cage.members, n)
        assert cage.total == sum(made.solution[cell] for cell in cage.members)
    assert broken_constraints(made.solution, n, cages) == []
    assert is_solution(made.solution, puzzle)
    assert count_constrained(puzzle, 2) == 1


@settings(max_examples=25, deadline=None)
@given(
    shape=st.sampled_from(SHAPES),
    seed=st.integers(0, 2**63 - 1),
    low=st.integers(1, 3),
    span=st.integers(0, 2),
)
def test_random_killers_are_unique_pure_and_tile_the_grid(
    shape: Shape, seed: int, low: int, span: int
) -> None:
    high = min(low + span, shape.n)
    cells = shape.n * shape.n
    assume(any(low * k <= cells <= high * k for k in range(1, cells + 1)))  # sizes that tile
    made = generate(shape, killer=True, cage_sizes=(low, high), seed=seed, attempts=50)
    assert_killer(made, low, high)
    if made.matched:
        assert made.givens == 0 and made.minimal
    else:  # every attempt kept givens: cages alone did not tell the solutions apart
        assert made.attempts == 50 and made.givens > 0


def test_9x9_killer_by_the_natural_call() -> None:
    made = satdoku.generate(9, killer=True, seed=1)
    assert_killer(made, 1, 5)
    assert (made.givens, made.matched, made.level, made.attempts) == (0, True, None, 1)
    assert made.puzzle.shape == Shape.sudoku(9)


def test_the_same_seed_gives_the_same_killer_and_others_differ() -> None:
    first = generate(6, killer=True, cage_sizes="2-4", seed=11)
    assert generate(6, killer=True, cage_sizes="2-4", seed=11) == first
    assert generate(6, killer=True, cage_sizes="2-4", seed=12).puzzle != first.puzzle


def test_jigsaw_killer() -> None:
    shape, _ = random_jigsaw(6, random.Random(3))
    made = generate(shape, killer=True, cage_sizes="2-3", seed=4)
    assert made.puzzle.shape == shape
    assert_killer(made, 2, 3)


def test_latin_square_killer_from_the_library() -> None:
    made = generate("latin 5", killer=True, cage_sizes="2-4", seed=6)
    assert made.puzzle.shape == Shape.latin(5)
    assert_killer(made, 2, 4)


def test_givens_wanted_are_kept_at_most_and_minimal_removes_the_rest() -> None:
    made = generate(9, killer=True, givens=12, cage_sizes="3-5", seed=2)
    assert 0 < made.givens <= 12 and made.wanted_givens == 12 and made.matched
    assert_killer(made, 3, 5)
    least = generate(6, killer=True, givens=10, minimal=True, cage_sizes="3-4", seed=5)
    assert least.minimal and least.matched
    assert_killer(least, 3, 4)
    for cell, digit in enumerate(least.puzzle.cells):  # each given is needed
        if digit:
            cells = list(least.puzzle.cells)
            cells[cell] = 0
            fewer = Puzzle(least.puzzle.shape, tuple(cells), constraints=least.puzzle.constraints)
            assert count_constrained(fewer, 2) == 2


def test_cages_too_small_to_cut_are_mended_by_moving_cells_not_by_new_grids() -> None:
    # a 3-4 cage cannot be cut in two cages of 3 or more: cells move or swap between cages
    made = [generate(6, killer=True, cage_sizes="3-4", seed=seed) for seed in range(6)]
    assert all(m.matched and m.givens == 0 and m.attempts <= 2 for m in made)
    for one in made:
        assert_killer(one, 3, 4)


def test_cages_that_cannot_tell_solutions_apart_keep_givens_and_say_so() -> None:
    # every cage a whole 4-cell box, row or so: all totals are 10 and tell nothing
    made = generate(4, killer=True, cage_sizes="4", seed=1, attempts=3)
    assert_killer(made, 4, 4)
    assert {cage.total for cage in made.puzzle.constraints} == {10}  # type: ignore[attr-defined]
    assert made.givens > 0 and not made.matched and made.attempts == 3
    assert made.wanted_givens == 0


def test_a_wanted_level_is_rated_and_met() -> None:
    made = generate(4, killer=True, level="easy", seed=3)
    assert made.level is Level.EASY and made.matched
    assert satdoku.rate(made.puzzle).level is Level.EASY
    assert generate(4, killer=True, seed=3, rated=True).level is not None
    assert generate(4, killer=True, seed=3).level is None  # unrated unless asked: seconds at 9x9


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"cage_sizes": "2-5"}, "4 cells at most on a 4x4 grid"),
        ({"cage_sizes": "3-2"}, "expected 1 <= smallest <= largest"),
        ({"cage_sizes": "two"}, "expected LOW-HIGH"),
        ({"symmetry": "rot180"}, "without symmetry"),
        ({"cage_sizes": "3", "shape": 5}, "no number of such cages has 25 cells"),
    ],
)
def test_killer_options_that_cannot_be_met_are_refused(
    options: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        generate(**{"shape": 4, "killer": True, "seed": 1, **options})  # type: ignore[arg-type]


def test_sizes_no_grid_is_tiled_by_are_refused_after_some_grids(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    drawn: list[int] = []

    def never(grid: Sequence[int], *args: object) -> None:
        drawn.append(1)

    monkeypatch.setattr("satdoku.generation._generate_killer.random_cages", never)
    with pytest.raises(ValueError, match="no tiling of a grid by such cages was found in 20"):
        generate(4, killer=True, seed=1)
    assert len(drawn) == 20
    status, out, err = cli(["generate", "--killer", "--size", "4"], capsys)
    assert (status, out) == (2, "") and len(err.splitlines()) == 1 and "widen" in err


def test_cage_sizes_without_killer_are_refused() -> None:
    with pytest.raises(ValueError, match="killer=True"):
        generate(4, cage_sizes="2-3", seed=1)


@pytest.mark.parametrize("shape", SHAPES)
def test_random_cages_tile_a_grid_without_repeats(shape: Shape) -> None:
    grid = random_grid(shape, 7)
    assert grid is not None
    rng = random.Random(1)
    for sizes in (CageSizes(1, 5), CageSizes(2, 3), CageSizes(3, 4)):
        cages = random_cages(grid, shape.n, sizes, rng)
        assert cages is not None
        assert sorted(cell for cage in cages for cell in cage) == list(range(shape.n**2))
        for cage in cages:
            assert sizes.smallest <= len(cage) <= min(sizes.largest, shape.n)
            assert len({grid[cell] for cell in cage}) == len(cage) and connected(cage, shape.n)


def test_cage_splits_are_connected_halves_in_the_range() -> None:
    square = (0, 1, 4, 5)  # a 2x2 square of a 4x4 grid
    splits = cage_splits(square, 4, CageSizes(1, 3))
    halves = {(a, b) for a, b in splits}
    assert ((0, 1), (4, 5)) in halves and ((0, 4), (1, 5)) in halves
    assert ((0, 5), (1, 4)) not in halves  # diagonal halves are not connected
    assert ((0,), (1, 4, 5)) in halves
    assert all(sorted(a + b) == list(square) for a, b in splits)
    assert cage_splits(square, 4, CageSizes(2, 2)) == [((0, 1), (4, 5)), ((0, 4), (1, 5))]


def test_other_solution_agrees_with_counting() -> None:
    grid = random_grid(Shape.sudoku(4), 3)
    assert grid is not None
    rows = [tuple(range(r * 4, r * 4 + 4)) for r in range(4)]
    loose = Puzzle(Shape.sudoku(4), (0,) * 16, constraints=tuple(KillerCage(r, 10) for r in rows))
    other = other_solution(loose, grid)
    assert other is not None and other != grid and is_solution(other, loose)
    tight = Puzzle(Shape.sudoku(4), grid[:12] + (0,) * 4, constraints=loose.constraints)
    assert other_solution(tight, grid) is None and count_constrained(tight, 2) == 1


def cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(
    ("form", "read"),
    [
        ("solo", parse_game_id),
        ("sudocue", lambda text: parse_killer(text, "sudocue")),
        ("arrows", lambda text: parse_killer(text, "arrows")),
    ],
)
def test_cli_killers_read_back_as_the_same_puzzle(
    form: str, read: object, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = cli(["generate", "--killer", "--seed", "3", "--count", "2",
                            "--format", form], capsys)  # fmt: skip
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 2
    for index, line in enumerate(lines):
        made = generate(9, killer=True, seed=puzzle_seed(3, index))
        puzzle = read(line)  # type: ignore[operator]
        assert puzzle == made.puzzle
        assert_killer(made, 1, 5)
        assert tuple(satdoku.solve(puzzle)) == made.solution


def test_cli_solo_ids_of_other_shapes_read_back(capsys: pytest.CaptureFixture[str]) -> None:
    for options, shape in [
        (["--size", "4"], Shape.sudoku(4)),
        (["--size", "6", "--box", "3x2"], Shape.sudoku(6, (3, 2))),
        (["--diagonals", "--size", "6"], Shape.sudoku(6, diagonals=True)),
    ]:
        status, out, _ = cli(["generate", "--killer", "--seed", "9", *options], capsys)
        puzzle = parse_game_id(out.strip())
        assert status == 0 and out.startswith("solo:") and puzzle.shape == shape
        assert puzzle == generate(shape, killer=True, seed=puzzle_seed(9, 0)).puzzle
        assert count_constrained(puzzle, 2) == 1


def test_cli_jigsaw_killer_reads_back_with_its_regions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = cli(["generate", "--killer", "--regions", "random", "--size", "6",
                          "--seed", "2", "--cage-sizes", "2-4"], capsys)  # fmt: skip
    puzzle = parse_game_id(out.strip())
    assert status == 0 and puzzle.shape.regions is not None
    blocks = {frozenset(h.cells) for h in puzzle.shape.houses if h.kind == "region"}
    assert len(blocks) == 6 and all(len(block) == 6 for block in blocks)
    assert all(2 <= len(cage.cells(6)) <= 4 for cage in puzzle.constraints)
    assert count_constrained(puzzle, 2) == 1


def test_cli_killer_json_record_keeps_the_fields_and_adds_its_own(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = cli(["generate", "--killer", "--size", "6", "--seed", "4", "--json",
                          "--cage-sizes", "2-3", "--level", "easy"], capsys)  # fmt: skip
    record = json.loads(out)
    assert status == 0
    assert set(record) == {
        "index", "puzzle", "solution", "givens", "level", "rung", "minimal", "symmetry", "seed",
        "shape", "attempts", "matched", "wanted", "format", "cages",
    }  # fmt: skip
    puzzle = parse_game_id(record["puzzle"])
    assert record["format"] == "solo" and record["cages"] == len(puzzle.constraints)
    assert (record["level"], record["wanted"], record["matched"], record["givens"]) == (
        "easy", "easy", True, 0,
    )  # fmt: skip
    assert tuple(satdoku.solve(puzzle)) == tuple(int(d) for d in record["solution"])


def test_cli_killer_jobs_give_the_same_output(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["generate", "--killer", "--size", "4", "--count", "9", "--seed", "5"]
    one = cli(argv, capsys)
    assert one[0] == 0 and len(one[1].splitlines()) == 9
    assert cli([*argv, "--jobs", "2"], capsys) == one


def test_cli_killer_progress_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = cli(["generate", "--killer", "--size", "4", "--count", "3",
                            "--seed", "1", "--progress"], capsys)  # fmt: skip
    assert status == 0 and len(out.splitlines()) == 3 and "3/3" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--killer", "--size", "4", "--format", "arrows"], "9x9 sudoku with 3x3 boxes"),
        (["--killer", "--givens", "5", "--format", "sudocue"], "has no givens"),
        (["--killer", "--latin", "--size", "5"], "boxes or jigsaw regions"),
        (["--killer", "--size", "4", "--cage-sizes", "2-5"], "4 cells at most"),
        (["--killer", "--symmetry", "rot180"], "without --symmetry"),
        (["--killer", "--alphabet", "ABCDEFGHI"], "leave --alphabet out"),
        (["--cage-sizes", "2-3"], "add --killer"),
        (["--format", "arrows"], "add --killer"),
    ],
)
def test_cli_killer_options_that_cannot_be_met_exit_2_with_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = cli(["generate", *argv], capsys)
    assert (status, out) == (2, "")
    assert len(err.splitlines()) == 1 and message in err and err.startswith("satdoku: ")


def test_cli_bad_cage_sizes_are_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["generate", "--killer", "--cage-sizes", "2-x"])
    assert stopped.value.code == 2
    assert "argument --cage-sizes: cage sizes '2-x': expected LOW-HIGH" in capsys.readouterr().err
