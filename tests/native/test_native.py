"""The compiled engine (satdoku.backends._compiled): built where a compiler is, right where it
answers, and PySAT taking over past its budget of guesses."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from data_files import FORUM_HARDEST, SEVENTEEN, TOP1465, puzzle_lines
from engine_source import compile_engine
from hard_instances import pigeonhole_latin
from satdoku.api._explorer import Explorer
from satdoku.backends import _compiled as native
from satdoku.backends._sat import SatBackend
from satdoku.backends._strategy import Strategy
from satdoku.cli import main
from satdoku.core._axioms import axioms
from satdoku.core._checker import is_solution
from satdoku.core._puzzle import Puzzle
from satdoku.core._results import Status
from satdoku.core._shape import Shape
from satdoku.io._line import parse_line
from satdoku.rules.techniques._compiled import native as techniques_native
from test_fuzz import FUZZ, SHAPES, puzzles

ROOT = Path(__file__).resolve().parents[2]
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


@needs_engine
@pytest.mark.parametrize("path", [SEVENTEEN, TOP1465, FORUM_HARDEST], ids=lambda p: p.stem)
def test_engine_solves_the_collections(path: Path) -> None:
    engine = native.engine_for(Shape.sudoku(9))
    assert engine is not None
    guesses = 0
    for line in puzzle_lines(path, 150):
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
    monkeypatch.setattr("satdoku.backends._sat.GUESS_BUDGET", 0)
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
        monkeypatch.setattr("satdoku.backends._sat.GUESS_BUDGET", 0)
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
    lines = [*puzzle_lines(TOP1465, 40), "11" + "." * 79, "." * 81]
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


def test_version_says_whether_the_engine_is_in_use(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    said = capsys.readouterr().out
    assert ("compiled engine in use" in said) is native.AVAILABLE
    assert ("techniques compiled" in said) is (techniques_native() is not None)
    assert said.startswith("satdoku ") and said.count("\n") == 1


def test_switched_off_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SATDOKU_NATIVE", "0")
    assert native.compiled() is None
    assert sys.modules["satdoku.backends._compiled"] is native


# --- memory safety: Python code that runs while the engine reads its arguments -----------------


def _engine_class() -> type:
    engine_class = native.compiled()
    if engine_class is None:
        pytest.skip("the compiled engine is not built or switched off")
    return engine_class


class _Rogue:
    """A digit or variable whose ``__index__`` runs code, then reads as ``value``."""

    def __init__(self, value: int, action: object) -> None:
        self.value, self.action = value, action

    def __index__(self) -> int:
        self.action()  # type: ignore[operator]
        return self.value


def test_a_digit_that_empties_its_list_is_read_from_a_snapshot() -> None:
    engine = _engine_class()(9, [axiom.variables for axiom in axioms(Shape.sudoku(9))])
    puzzle = parse_line(GUESSING)
    for action in ("clear", "grow"):
        cells: list[object] = list(puzzle.cells)

        def mutate(cells: list[object] = cells, action: str = action) -> None:
            if action == "clear":
                cells.clear()
            else:  # reallocate the list's storage under the reader
                cells.extend([0] * 100_000)
                del cells[81:]

        cells[5] = _Rogue(0, mutate)
        digits = engine.solve(cells, 10**9)
        assert isinstance(digits, bytes) and is_solution(tuple(digits), puzzle)


def test_axioms_that_change_while_read_are_read_once() -> None:
    engine_class = _engine_class()
    rows: list[object] = [axiom.variables for axiom in axioms(Shape.latin(4))]

    class Liar:  # says it has one claim, then iterates over four
        def __init__(self, variables: tuple[int, ...]) -> None:
            self.variables = variables

        def __len__(self) -> int:
            return 1

        def __iter__(self) -> object:
            return iter(self.variables)

    first = rows[0]
    assert isinstance(first, tuple)
    rows[0] = Liar(first)
    rows[1] = [_Rogue(v, rows.clear) for v in rows[1]]  # type: ignore[attr-defined]
    engine = engine_class(4, rows)
    given = Puzzle(Shape.latin(4), (1, 2, 3, 4) + (0,) * 12)
    digits = engine.solve(given.cells, 10**9)
    assert isinstance(digits, bytes) and is_solution(tuple(digits), given)


def test_the_engine_refuses_to_be_called_back_while_it_reads() -> None:
    engine = _engine_class()(4, [axiom.variables for axiom in axioms(Shape.sudoku(4))])
    empty = [0] * 16
    for call_back in (
        lambda: engine.solve(empty, 10),
        lambda: engine.count(empty, 5, 10),
        lambda: engine.__init__(2, [axiom.variables for axiom in axioms(Shape.latin(2))]),
    ):
        with pytest.raises(RuntimeError, match="reading"):
            engine.solve([_Rogue(0, call_back), *empty[1:]], 10)
    digits = engine.solve([1, 2, 0, 0, 3, 4] + [0] * 10, 100)  # the tables are intact
    assert digits == bytes([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])


def test_a_failed_reload_keeps_the_old_tables() -> None:
    sudoku = [axiom.variables for axiom in axioms(Shape.sudoku(9))]
    engine = _engine_class()(9, sudoku)
    puzzle = parse_line(GUESSING)

    def fail() -> None:
        raise KeyError("half-way")

    bad_reloads = [
        (9, [*sudoku, (0,)]),  # the last axiom's variable out of range
        (4, [*sudoku[:100], (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 65)]),
        (9, [*sudoku[:200], (1, _Rogue(2, fail))]),  # an error raised half-way through
        (9, [*sudoku[:50], ()]),
        (9, [*sudoku[:50], 7]),
    ]
    for n, rows in bad_reloads:
        with pytest.raises((ValueError, TypeError, KeyError)):
            engine.__init__(n, rows)
        digits = engine.solve(puzzle.cells, 10**9)
        assert isinstance(digits, bytes) and is_solution(tuple(digits), puzzle)
    engine.__init__(4, [axiom.variables for axiom in axioms(Shape.sudoku(4))])  # a good reload
    assert engine.count([0] * 16, 10**9, 10**9) == (288, True)


def test_an_engine_without_axioms_refuses_cleanly() -> None:
    engine_class = _engine_class()
    bare = engine_class.__new__(engine_class)
    with pytest.raises(RuntimeError, match="no axioms"):
        bare.solve([], 10)
    with pytest.raises(RuntimeError, match="no axioms"):
        bare.count([0], 1, 10)


def test_cells_no_axiom_covers_come_back_as_zero() -> None:
    engine = _engine_class()(2, [[1, 2]])  # only cell 1 has an axiom
    assert engine.solve([0, 0, 0, 0], 10) == bytes([1, 0, 0, 0])
    assert engine.count([0, 0, 0, 0], 10, 10) == (2, True)


def test_a_deep_search_does_not_grow_the_c_stack() -> None:
    # 4,000 independent pairs: the engine guesses 4,000 deep; a search that recursed in C would
    # need ~400 KB of stack, past the 256 KB thread stack given here
    code = """
import threading
from satdoku.backends import _compiled as native
engine = native.compiled()(20, [[2 * k + 1, 2 * k + 2] for k in range(4000)])
out = []
threading.stack_size(256 * 1024)
thread = threading.Thread(target=lambda: out.append((engine.solve([0] * 400, 10**9), engine.nodes)))
thread.start()
thread.join()
digits, nodes = out[0]
assert isinstance(digits, bytes) and len(digits) == 400 and nodes == 4000, (digits, nodes)
assert engine.count([0] * 400, 0, 10**9) == (1, False)
print("deep ok")
"""
    _engine_class()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "deep ok" in done.stdout, done.stderr[-2000:]


def test_the_plain_c_bit_functions_agree(tmp_path: Path) -> None:
    # the engine as built where the compiler has no bit builtins (MSVC on 32-bit, others)
    _engine_class()
    compiler = shutil.which(os.environ.get("CC", "cc"))
    if compiler is None:
        pytest.skip("no C compiler")
    target = tmp_path / ("_native" + str(sysconfig.get_config_var("EXT_SUFFIX")))
    compile_engine(compiler, ["-O2", "-DSATDOKU_PLAIN_BITS"], target)
    spec = importlib.util.spec_from_file_location("_native", target)
    assert spec is not None and spec.loader is not None
    plain = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plain)
    rows = [axiom.variables for axiom in axioms(Shape.sudoku(9))]
    engine, built = plain.Engine(9, rows), native.engine_for(Shape.sudoku(9))
    assert built is not None
    for line in [GUESSING, *puzzle_lines(TOP1465, 30)]:
        cells = parse_line(line[:81]).cells
        assert engine.solve(cells, 10**9) == built.solve(cells, 10**9)
        assert engine.nodes == built.nodes
    wide = plain.Engine(4, [[*range(1, 65)]])  # a 64-claim axiom: every bit position
    assert wide.count([0] * 16, 100, 100) == (64, True)
