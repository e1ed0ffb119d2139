"""Real SAT solvers from Debian (minisat, picosat, CaDiCaL, cryptominisat) on our CNF files.

Each test skips, saying why, only when the solver's binary is not installed (``.ci/run``
installs them with apt-get). Puzzles are small and every run has a time limit.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from satdoku import Puzzle, Shape, is_solution
from satdoku.backends._sat import SatBackend
from satdoku.cli import main
from satdoku.cnf._dimacs_write import write_dimacs
from satdoku.cnf._encodings import AtMostOne, Encoding, Scheme
from satdoku.cnf._external import KNOWN_SOLVERS, ExternalSolver, run_external
from satdoku.cnf._solver_answers import Satisfiability, decode, models_of, parse_answers, result_of
from satdoku.core._claims import UNKNOWN
from satdoku.core._results import Status
from satdoku.generation._generate import random_puzzle
from satdoku.io._line import format_line, parse_line
from satdoku.rules._singles import eliminate

REPO = Path(__file__).resolve().parents[2]
EMPTY4 = REPO / "cnf" / "empty4.cnf"
TIMEOUT = 30.0
DEBIAN_PACKAGE = {
    "minisat": "minisat",
    "picosat": "picosat",
    "cadical": "cadical",
    "cryptominisat5": "cryptominisat",
}
SOLVERS = list(DEBIAN_PACKAGE)
SEED002 = "25....4.7.4.....6...83.9.1..9.......3.1.......6.5.....7...8.......13...59.4.2.7.3"


def installed(name: str) -> ExternalSolver:
    """Return the solver, or skip the test with the reason when its binary is absent."""
    solver = KNOWN_SOLVERS[name]
    if not solver.available():
        pytest.skip(
            f"{solver.binary} is not installed "
            f"(apt-get install {DEBIAN_PACKAGE[name]}; .ci/run does it)"
        )
    return solver


def run_binary(args: list[str]) -> str:
    done = subprocess.run(args, capture_output=True, text=True, timeout=TIMEOUT, check=False)
    assert done.returncode in (0, 10, 20), done.stderr
    return done.stdout


SHAPES = [
    (Shape.sudoku(4), 0.3),
    (Shape.sudoku(6), 0.35),
    (Shape.sudoku(9), 0.35),
    (Shape.latin(5), 0.3),
    (Shape.sudoku(9, diagonals=True), 0.4),
    (Shape.sudoku(16), 0.5),
]
VARIANTS = [  # (encoding, simplify)
    (Encoding(Scheme.EXTENDED, AtMostOne.PAIRWISE), False),
    (Encoding(Scheme.EXTENDED, AtMostOne.SEQUENTIAL), False),
    (Encoding(Scheme.MINIMAL, AtMostOne.PAIRWISE), True),
]


def random_puzzles() -> list[Puzzle]:
    return [
        random_puzzle(shape, fraction, seed=seed)[0]
        for shape, fraction in SHAPES
        for seed in ((1, 2) if shape.n < 16 else (1,))
    ]


def unsolvable_puzzle(shape: Shape, seed: int) -> Puzzle:
    """Return a puzzle with no solution whose givens do not clash directly (no two in a house)."""
    puzzle, grid = random_puzzle(shape, 0.45, seed=seed)
    known = eliminate(puzzle)
    assert known is not None
    n = shape.n
    with SatBackend() as backend:
        for cell, digit in enumerate(puzzle.cells):
            if digit:
                continue
            for d in range(1, n + 1):
                if d != grid[cell] and known[cell * n + d] == UNKNOWN:
                    cells = list(puzzle.cells)
                    cells[cell] = d
                    candidate = puzzle.with_cells(cells)
                    if backend.solve(candidate).status is Status.UNSOLVABLE:
                        return candidate
    raise AssertionError("no unsolvable variant found")


UNSOLVABLE = [
    parse_line("11" + "." * 14),  # two 1s in row 1
    parse_line(".234....1......."),  # row 1 has no room for its 1
    unsolvable_puzzle(Shape.sudoku(9), 3),
    unsolvable_puzzle(Shape.sudoku(6), 4),
]


@pytest.mark.parametrize("name", SOLVERS)
@pytest.mark.parametrize(
    ("encoding", "simplify"),
    VARIANTS,
    ids=[f"{e.label()}{'-simplified' if s else ''}" for e, s in VARIANTS],
)
def test_every_model_of_random_puzzles_decodes_to_a_valid_solution(
    name: str, encoding: Encoding, simplify: bool, tmp_path: Path
) -> None:
    solver = installed(name)
    for k, puzzle in enumerate(random_puzzles()):
        cnf = tmp_path / f"p{k}.cnf"
        cnf.write_text(write_dimacs(puzzle, encoding, simplify=simplify))
        (answer,) = run_external(solver, cnf, TIMEOUT).answers
        assert answer.satisfiability is Satisfiability.SATISFIABLE, (name, puzzle.shape.describe())
        decoded = decode(puzzle, answer.literals, simplified=simplify)
        assert decoded.valid, decoded.problems[:3]
        assert is_solution(decoded.grid, puzzle)


@pytest.mark.parametrize("name", SOLVERS)
def test_unsolvable_puzzles_come_back_unsat(name: str, tmp_path: Path) -> None:
    solver = installed(name)
    for k, puzzle in enumerate(UNSOLVABLE):
        assert SatBackend().solve(puzzle).status is Status.UNSOLVABLE
        for simplify in (False, True):
            cnf = tmp_path / f"u{k}{simplify}.cnf"
            cnf.write_text(write_dimacs(puzzle, simplify=simplify))
            (answer,) = run_external(solver, cnf, TIMEOUT).answers
            assert answer.satisfiability is Satisfiability.UNSATISFIABLE, (name, k, simplify)
            assert result_of(puzzle, answer).status is Status.UNSOLVABLE


def test_the_unsolvable_puzzles_have_no_direct_clash_but_the_first() -> None:
    assert eliminate(UNSOLVABLE[0]) is None
    assert all(eliminate(p) is not None for p in UNSOLVABLE[1:])


def test_picosat_all_counts_288_on_the_empty_4x4() -> None:
    installed("picosat")
    out = run_binary(["picosat", "--all", str(EMPTY4)])
    assert out.rstrip().endswith("s SOLUTIONS 288")
    answers = parse_answers(out.splitlines())
    puzzle = Puzzle.empty(Shape.sudoku(4))
    grids = {decode(puzzle, a.literals).grid for a in answers}
    assert len(answers) == len(grids) == 288
    assert all(is_solution(g, puzzle) for g in grids)


def test_cryptominisat_maxsol_counts_288_on_the_empty_4x4() -> None:
    installed("cryptominisat5")
    out = run_binary(["cryptominisat5", "--verb", "0", "--maxsol", "1000", str(EMPTY4)])
    answers = parse_answers(out.splitlines())
    assert (
        answers[-1].satisfiability is Satisfiability.UNSATISFIABLE
    )  # the enumeration ends with no more models
    answers = models_of(answers)
    puzzle = Puzzle.empty(Shape.sudoku(4))
    assert len(answers) == len({decode(puzzle, a.literals).grid for a in answers}) == 288


def test_cryptominisat_honours_the_c_ind_lines(tmp_path: Path) -> None:
    """Counting projects onto the c ind variables: r1c1's four claims give 4, not 288."""
    installed("cryptominisat5")
    text = EMPTY4.read_text()
    lines = [t for t in text.splitlines() if not t.startswith("c ind ")]
    projected = tmp_path / "r1c1.cnf"
    projected.write_text("\n".join(["c ind 1 2 0", "c ind 3 4 0", *lines]) + "\n")
    out = run_binary(["cryptominisat5", "--verb", "0", "--maxsol", "1000", str(projected)])
    assert out.count("s SATISFIABLE") == 4


def test_c_ind_keeps_counts_of_a_simplified_cnf_exact(tmp_path: Path) -> None:
    """In a simplified CNF the decided claims occur in no clause, so they are free variables:
    counted without projection they multiply the count; the c ind lines exclude them."""
    installed("cryptominisat5")
    puzzle = parse_line("..2....1.1..4...")  # seed 004: two solutions
    text = write_dimacs(puzzle, simplify=True)
    with_ind, without_ind = tmp_path / "ind.cnf", tmp_path / "noind.cnf"
    with_ind.write_text(text)
    without_ind.write_text("".join(t for t in text.splitlines(True) if not t.startswith("c ind ")))
    counts = [
        run_binary(["cryptominisat5", "--verb", "0", "--maxsol", "50", str(p)]).count(
            "s SATISFIABLE"
        )
        for p in (with_ind, without_ind)
    ]
    assert counts == [2, 50]


def test_sequential_encoding_counts_match_pysat(tmp_path: Path) -> None:
    """A 9x9 with several solutions in the sequential encoding (auxiliary variables)."""
    installed("cryptominisat5")
    solution = SatBackend().solve(parse_line(SEED002)).solution
    assert solution is not None
    cells = list(solution)
    cells[:18] = [0] * 18  # blank rows 1 and 2: 8 completions
    puzzle = parse_line(format_line(cells))
    cnf = tmp_path / "seq.cnf"
    cnf.write_text(write_dimacs(puzzle, Encoding(Scheme.EXTENDED, AtMostOne.SEQUENTIAL)))
    out = run_binary(["cryptominisat5", "--verb", "0", "--maxsol", "1000", str(cnf)])
    grids = {decode(puzzle, a.literals).grid for a in models_of(parse_answers(out.splitlines()))}
    from pysat.formula import CNF
    from pysat.solvers import Solver

    expected = set()
    with Solver(name="cadical153", bootstrap_with=CNF(from_file=str(cnf)).clauses) as solver:
        while solver.solve():
            model = solver.get_model()
            expected.add(decode(puzzle, model).grid)
            solver.add_clause([-lit for lit in model[:729] if lit > 0])
    assert grids == expected and len(grids) == 8
    assert all(is_solution(g, puzzle) for g in grids)


@pytest.mark.parametrize("name", SOLVERS)
def test_dimacs_solve_with_each_solver(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    installed(name)
    batch = tmp_path / "batch.txt"
    batch.write_text(f"{SEED002}\n11{'.' * 14}\n" + format_line(random_puzzles()[3].cells) + "\n")
    assert main(["dimacs", str(batch), "--solve-with", name, "--json", "--timeout", "30"]) == 0
    records = [json.loads(t) for t in capsys.readouterr().out.splitlines()]
    assert main(["solve", str(batch), "--json"]) == 0
    expected = [json.loads(t) for t in capsys.readouterr().out.splitlines()]
    assert [r["status"] for r in records] == ["solved", "unsolvable", "solved"]
    assert [r["solver"] for r in records] == [name] * 3
    stripped = [{k: v for k, v in r.items() if k not in ("solver", "seconds")} for r in records]
    assert stripped[:2] == expected[:2]  # seed 002 has one solution
    assert main(["dimacs", str(batch), "--solve-with", name, "--simplify"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == [expected[0]["solution"], "unsolvable"]


def test_minisat_through_the_cli_then_decode(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The README's path: dimacs -o, the solver by hand, decode with the CNF's header."""
    installed("minisat")
    cnf, out = tmp_path / "p.cnf.gz", tmp_path / "p.out"
    assert main(["dimacs", "--example", "-o", str(cnf)]) == 0
    subprocess.run(
        ["minisat", "-verb=0", str(cnf), str(out)],
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert out.read_text().startswith("SAT\n")
    assert main(["decode", str(cnf), str(out), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "solved" and record["line"] == 2


def test_solve_with_a_timeout_and_bad_solvers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    slow = f"{sys.executable} -c 'import time; time.sleep(20)' {{cnf}}"
    assert main(["dimacs", "--example", "--solve-with", slow, "--timeout", "0.3", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "timeout" and "gave up" in record["error"]
    chatty = f"{sys.executable} -c 'print(\"hello\")'"
    assert main(["dimacs", "--example", "--solve-with", chatty]) == 2
    err = capsys.readouterr().err
    assert "expected 's SATISFIABLE'" in err and "it said: hello" in err
    assert main(["dimacs", "--example", "--solve-with", "no-such-solver-xyz"]) == 2
    assert "'no-such-solver-xyz' is not installed" in capsys.readouterr().err


@pytest.mark.parametrize("json_records", [True, False], ids=["json", "lines"])
def test_solve_with_prints_one_answer_per_input_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], json_records: bool
) -> None:
    """An unreadable line gets its own record (status invalid), in order, not a gap."""
    installed("minisat")
    batch = tmp_path / "batch.txt"
    batch.write_text("1" + "." * 15 + "\n12x\n" + ".2" + "." * 14 + "\n" + "." * 16 + "\n")
    argv = ["dimacs", str(batch), "--solve-with", "minisat"] + (["--json"] if json_records else [])
    assert main(argv) == 2
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 4
    if json_records:
        records = [json.loads(line) for line in out]
        assert [r["index"] for r in records] == [0, 1, 2, 3]
        assert [r["status"] for r in records] == ["solved", "invalid", "solved", "solved"]
        assert records[1]["line"] == 2 and "batch.txt:2" in records[1]["error"]
    else:
        assert out[1].startswith("invalid: ") and len(out[0]) == 16


def _pigeonhole(holes: int) -> str:
    """The CNF of holes+1 pigeons in `holes` holes: unsatisfiable, and hard for CDCL solvers."""
    pigeons = holes + 1
    clauses = [[p * holes + h + 1 for h in range(holes)] for p in range(pigeons)]
    for h in range(holes):
        for a in range(pigeons):
            for b in range(a + 1, pigeons):
                clauses.append([-(a * holes + h + 1), -(b * holes + h + 1)])
    body = "".join(" ".join(map(str, c)) + " 0\n" for c in clauses)
    return f"p cnf {pigeons * holes} {len(clauses)}\n{body}"


def test_decode_reads_cadical_giving_up_at_its_time_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """CaDiCaL's -t says only 'c UNKNOWN' (exit 0): decode reports a timeout, not a bad file."""
    installed("cadical")
    cnf, out, puzzle = tmp_path / "php.cnf", tmp_path / "php.out", tmp_path / "p.txt"
    cnf.write_text(_pigeonhole(11))
    puzzle.write_text("1" + "." * 15 + "\n")
    with out.open("w") as answer:
        done = subprocess.run(["cadical", "-t", "1", str(cnf)], stdout=answer, timeout=TIMEOUT)
    assert done.returncode == 0 and "c UNKNOWN" in out.read_text()
    assert main(["decode", str(puzzle), str(out), "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "timeout" and "UNKNOWN" in record["error"]
