"""The compiled engine (satdoku.backends.native): built where a compiler is, right where it
answers, and PySAT taking over past its budget of guesses."""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hard_instances import pigeonhole_latin
from satdoku.api.explorer import Explorer
from satdoku.backends import native
from satdoku.backends.sat import SatBackend
from satdoku.backends.strategy import Strategy
from satdoku.cli import main
from satdoku.core.axioms import axioms
from satdoku.core.checker import is_solution
from satdoku.core.puzzle import Puzzle
from satdoku.core.results import Status
from satdoku.core.shape import Shape
from satdoku.io.line import parse_line
from test_fuzz import FUZZ, SHAPES, puzzles

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
SWITCHED_OFF = os.environ.get("SATDOKU_PURE") or os.environ.get("SATDOKU_NATIVE") == "0"

needs_engine = pytest.mark.skipif(bool(SWITCHED_OFF), reason="engine switched off on purpose")

# a 17-clue puzzle that the two rules alone do not finish (the engine must guess)
GUESSING = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7..."


@needs_engine
def test_engine_is_built_and_used() -> None:
    # the README's install compiles it (a C compiler is on every machine this project targets)
    assert native.AVAILABLE
    assert native.engine_for(Shape.sudoku(9)) is native.engine_for(Shape.sudoku(9))
    assert native.engine_for(Shape.sudoku(81)) is None  # past NATIVE_SIDES: PySAT's job


def _data(name: str, count: int) -> list[str]:
    path = DATA / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    lines = [x.strip() for x in path.read_text().splitlines() if x.strip() and x[0] != "#"]
    return lines[:count]


@needs_engine
@pytest.mark.parametrize(
    "name",
    ["puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles5_forum_hardest_1905_11+"],
)
def test_engine_solves_the_collections(name: str) -> None:
    engine = native.engine_for(Shape.sudoku(9))
    assert engine is not None
    guesses = 0
    for line in _data(name, 150):
        puzzle = parse_line(line[:81])
        digits = engine.solve(puzzle.cells, 10**9)
        assert isinstance(digits, bytes), line
        assert is_solution(tuple(digits), puzzle), line
        guesses += engine.nodes
    assert guesses > 0  # these sets need guessing, not only the two rules


@needs_engine
@FUZZ
@given(puzzles())
def test_engine_agrees_with_pysat(puzzle: Puzzle) -> None:
    engine = native.engine_for(puzzle.shape)
    assert engine is not None
    digits = engine.solve(puzzle.cells, 10**9)
    with SatBackend(native=False) as backend:
        expected = backend.solve(puzzle).status
    if digits is False:
        assert expected is Status.UNSOLVABLE
    else:
        assert isinstance(digits, bytes) and expected is Status.SOLVED
        assert is_solution(tuple(digits), puzzle)


@needs_engine
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_contradictory_givens_are_a_value(shape: Shape) -> None:
    engine = native.engine_for(shape)
    assert engine is not None
    n = shape.n
    cells = [0] * (n * n)
    cells[0] = cells[1] = 1  # one digit twice in row 1
    assert engine.solve(cells, 10**9) is False


@needs_engine
def test_budget_hands_the_puzzle_to_pysat(monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = parse_line(GUESSING)
    engine = native.engine_for(puzzle.shape)
    assert engine is not None
    assert engine.solve(puzzle.cells, 0) is None  # the rules alone stall, no guess allowed
    assert engine.nodes == 1
    monkeypatch.setattr("satdoku.backends.sat.GUESS_BUDGET", 0)
    with SatBackend() as backend:
        result = backend.solve(puzzle)
    assert result.solution is not None and is_solution(result.solution, puzzle)


@needs_engine
def test_bad_arguments_are_errors_not_crashes() -> None:
    engine_class = native.compiled()
    assert engine_class is not None
    with pytest.raises(ValueError, match="sides 1 to 255"):
        engine_class(0, [])
    with pytest.raises(ValueError, match="not in 1..8"):
        engine_class(2, [[1, 9]])
    with pytest.raises(ValueError, match="1 to 64 claims"):
        engine_class(2, [[]])
    engine = engine_class(2, [axiom.variables for axiom in axioms(Shape.latin(2))])
    with pytest.raises(ValueError, match="expected 4 cells"):
        engine.solve([0, 0, 0], 10)
    with pytest.raises(ValueError, match="not in 0..2"):
        engine.solve([0, 3, 0, 0], 10)
    with pytest.raises(TypeError):
        engine.solve(None, 10)
    assert engine.solve([1, 0, 0, 0], 10) == bytes([1, 2, 2, 1])


def test_the_solver_is_loaded_when_the_engine_first_gives_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with SatBackend() as backend:
        backend.solve(parse_line("." * 81))
        assert not backend._persistent or not native.AVAILABLE  # the engine answered
        monkeypatch.setattr("satdoku.backends.sat.GUESS_BUDGET", 0)
        result = backend.solve(parse_line(GUESSING))
        assert result.solution is not None and len(backend._persistent) == 1


@needs_engine
def test_the_budget_bounds_a_hard_refutation() -> None:
    # an unsatisfiable Latin completion (a pigeonhole inside a square) that CDCL finds hard
    puzzle = pigeonhole_latin(6)
    engine = native.engine_for(puzzle.shape)
    assert engine is not None
    assert engine.solve(puzzle.cells, 50) is None and engine.nodes == 51


@needs_engine
@pytest.mark.parametrize(
    ("shape", "total"),
    [(Shape.sudoku(4), 288), (Shape.latin(4), 576), (Shape.latin(5), 161_280)],
    ids=str,
)
def test_engine_counts_every_solution_once(shape: Shape, total: int) -> None:
    engine = native.engine_for(shape)
    assert engine is not None
    empty = (0,) * (shape.n**2)
    assert engine.count(empty, 10**9, 10**9) == (total, True)
    assert engine.count(empty, 5, 10**9) == (6, False)  # stops one past the most asked for
    assert engine.count(empty, 10**9, 3) is None  # past the guesses allowed


@needs_engine
@FUZZ
@given(puzzles(), st.sampled_from([0, 1, 2, 7]))
def test_engine_counts_agree_with_pysat(puzzle: Puzzle, limit: int) -> None:
    with Explorer(native=True) as fast, Explorer(native=False) as slow:
        assert fast.count(puzzle, limit) == slow.count(puzzle, limit)
        assert fast.is_unique(puzzle) == slow.is_unique(puzzle)


@needs_engine
def test_uniqueness_is_settled_by_the_engine_alone() -> None:
    with Explorer() as explorer:
        assert explorer.is_unique(parse_line(GUESSING))
        last = max(i for i, c in enumerate(GUESSING) if c != ".")
        fewer = GUESSING[:last] + "." + GUESSING[last + 1 :]  # 17 clues are minimal: one less
        assert not explorer.is_unique(parse_line(fewer))
        assert explorer.count(parse_line("." * 81), limit=3).count == 3
        assert explorer.sat_calls == 0
    with Explorer(native=False) as explorer:
        assert explorer.is_unique(parse_line(GUESSING)) and explorer.sat_calls > 0


def test_who_uses_the_engine() -> None:
    assert SatBackend().native  # AUTO strategy: satdoku picks the fastest route
    assert not SatBackend(strategy=Strategy.PERSISTENT).native  # a PySAT route asked for
    assert not SatBackend(native=False).native
    with SatBackend(native=False) as backend:
        backend.solve(parse_line(GUESSING))
        assert all(plan.engine is None for plan in backend._plans.values())


def test_cli_answers_the_same_with_and_without_the_engine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [*_data("puzzles3_magictour_top1465", 40), "11" + "." * 79, "." * 81]
    path = tmp_path / "p.txt"
    path.write_text("\n".join(lines) + "\n")
    outputs = []
    for flag in ("--native", "--no-native"):
        assert main(["solve", str(path), flag, "--json"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0].count('"solved"') == len(lines) - 1
    with_engine = outputs[0].splitlines()
    without = outputs[1].splitlines()
    assert with_engine[:-1] == without[:-1]  # unique solutions and the unsolvable one
    assert '"unsolvable"' in with_engine[-2]


def _hook_module() -> object:
    pytest.importorskip("hatchling")
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_build_hook_compiles_the_engine(tmp_path: Path) -> None:
    hook = _hook_module()
    package = tmp_path / "src" / "satdoku"
    package.mkdir(parents=True)
    shutil.copy(ROOT / "src" / "satdoku" / "_native.c", package)
    built = hook.compile_engine(tmp_path)  # type: ignore[attr-defined]
    assert built is not None and built.exists() and built.parent == package


def test_build_hook_without_a_compiler_installs_pure_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    hook = _hook_module()
    package = tmp_path / "src" / "satdoku"
    package.mkdir(parents=True)
    shutil.copy(ROOT / "src" / "satdoku" / "_native.c", package)
    monkeypatch.setenv("CC", str(tmp_path / "no-such-compiler"))
    assert hook.compile_engine(tmp_path) is None  # type: ignore[attr-defined]
    assert "installing pure Python" in capsys.readouterr().err


def test_version_says_whether_the_engine_is_in_use(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    said = capsys.readouterr().out
    assert ("compiled engine in use" in said) is native.AVAILABLE


def test_switched_off_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SATDOKU_NATIVE", "0")
    assert native.compiled() is None
    assert sys.modules["satdoku.backends.native"] is native
