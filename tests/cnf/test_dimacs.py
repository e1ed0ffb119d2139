"""DIMACS out: header, c ind lines, names, givens, simplify, files, and the cnf/ directory."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pysat.formula import CNF
from pysat.solvers import Solver

from satdoku import Puzzle, Shape, is_solution
from satdoku.backends._sat import SatBackend
from satdoku.cli import main
from satdoku.cnf._dimacs_read import read_cnf_text, read_dimacs, read_header
from satdoku.cnf._dimacs_write import CnfOptions, Givens, cnf_formula, write_dimacs
from satdoku.cnf._encodings import AtMostOne, Encoding, Scheme, encode, shape_clauses
from satdoku.cnf._examples import CNF_EXAMPLES, example_cnf_text, regenerate, stale
from satdoku.cnf._solver_answers import decode
from satdoku.core._axioms import axioms
from satdoku.core._claims import claim_of
from satdoku.core._errors import InputError
from satdoku.generation._generate import random_puzzle
from satdoku.io._line import parse_line

REPO = Path(__file__).resolve().parents[2]
SEED002 = "25....4.7.4.....6...83.9.1..9.......3.1.......6.5.....7...8.......13...59.4.2.7.3"
PAIRWISE = Encoding(Scheme.EXTENDED, AtMostOne.PAIRWISE)
SEQUENTIAL = Encoding(Scheme.EXTENDED, AtMostOne.SEQUENTIAL)
ENCODINGS = [Encoding(s, a) for s in Scheme for a in (AtMostOne.PAIRWISE, AtMostOne.SEQUENTIAL)]
SHAPES = [
    Shape.sudoku(4),
    Shape.sudoku(6),
    Shape.sudoku(9),
    Shape.latin(5),
    Shape.sudoku(9, diagonals=True),
    Shape.jigsaw([0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3]),
]


def fields(text: str) -> dict[str, str]:
    out = {}
    for line in text.splitlines():
        if line.startswith("p "):
            break
        if line.startswith("c ") and ": " in line:
            key, _, value = line[2:].partition(": ")
            out.setdefault(key, value)
    return out


def ind_variables(text: str) -> list[int]:
    variables: list[int] = []
    for line in text.splitlines():
        if line.startswith("c ind "):
            numbers = [int(t) for t in line.split()[2:]]
            assert numbers[-1] == 0
            variables += numbers[:-1]
    return variables


def pysat_models(text: str, limit: int = 10_000) -> list[list[int]]:
    """Enumerate models projected on the c ind variables, with PySAT (the reference)."""
    cnf = CNF(from_string=text)
    ind = ind_variables(text)
    models = []
    with Solver(name="cadical153", bootstrap_with=cnf.clauses) as solver:
        while solver.solve() and len(models) < limit:
            model = solver.get_model()
            models.append(model)
            solver.add_clause([-model[v - 1] for v in ind])
    return models


# --- the header ---------------------------------------------------------------------------------


def test_header_states_tool_puzzle_shape_encoding_formula_and_ranges() -> None:
    puzzle = parse_line(SEED002)
    text = write_dimacs(puzzle, PAIRWISE, source="seeds.txt", index=3, line=7)
    f = fields(text)
    assert text.startswith("c satdoku dimacs")
    assert f["version"] == "satdoku 0.1.0"
    assert f["index"] == "3 (line 7 of seeds.txt)"
    assert f["puzzle"] == SEED002
    assert f["shape"] == "9x9 sudoku, 3x3 boxes" and f["box"] == "3x3"
    assert f["encoding"].startswith("extended/pairwise")
    assert f["givens"] == "units (the last 25 clauses)" and f["simplify"] == "no"
    assert f["variables"].startswith("var = row*n*n + col*n + digit (0-based row and col")
    assert f["claims"] == "1..729 (r1c1=1 is 1, r1c1=2 is 2, r9c9=9 is 729)"
    assert f["auxiliary"] == "none"
    assert ind_variables(text) == list(range(1, 730))
    assert "p cnf 729 12013" in text.splitlines()
    # the pycosat count: 81*(1+36) cell clauses + 243*(1+36) house clauses + 25 givens
    assert len(read_dimacs(text).clauses) == 324 * 37 + 25


@pytest.mark.parametrize("n", [4, 9, 16, 25])
def test_ind_lines_list_every_claim_and_each_ends_in_zero(n: int) -> None:
    text = write_dimacs(Puzzle.empty(Shape.sudoku(n)), SEQUENTIAL)
    lines = [t for t in text.splitlines() if t.startswith("c ind ")]
    assert all(t.endswith(" 0") for t in lines)
    assert len(lines) == -(-(n**3) // 64)
    assert ind_variables(text) == list(range(1, n**3 + 1))
    head = text[: text.index("\np cnf")]
    assert all(t in head.splitlines() for t in lines)  # before the p line


def test_sequential_header_gives_the_auxiliary_range() -> None:
    text = write_dimacs(parse_line(SEED002), SEQUENTIAL, names=True)
    formula = encode(Shape.sudoku(9), SEQUENTIAL, units=parse_line(SEED002).assumptions())
    assert fields(text)["auxiliary"] == f"730..{formula.top} (at-most-one counters)"
    assert f"p cnf {formula.top} {len(formula.clauses)}" in text
    aux = [t for t in text.splitlines() if re.match(r"c var \d+ = counter", t)]
    assert len(aux) == formula.top - 729  # every auxiliary variable named, once
    assert aux[0] == "c var 730 = counter 1 of: cell r1c1 holds exactly one digit"


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.describe())
def test_names_map_every_variable_to_its_claim_and_every_clause_to_its_axiom(shape: Shape) -> None:
    puzzle, _ = random_puzzle(shape, 0.3, seed=5)
    text = write_dimacs(puzzle, PAIRWISE, names=True)
    n = shape.n
    names = dict(re.findall(r"^c var (\d+) = (r\d+c\d+=\d+)$", text, re.M))
    assert {int(v): label for v, label in names.items()} == {
        v: claim_of(v, n).label() for v in range(1, n**3 + 1)
    }
    lines = text.splitlines()
    body = lines[next(i for i, t in enumerate(lines) if t.startswith("p cnf")) + 1 :]
    axiom_names = {a.name for a in axioms(shape)}
    clauses = read_dimacs(text).clauses
    assert len(body) == 2 * len(clauses)
    for comment, clause in zip(body[::2], body[1::2], strict=True):
        name = comment[2:]
        assert comment.startswith("c ") and not clause.startswith("c")
        if name.startswith("given "):
            assert clause == f"{int(clause.split()[0])} 0"
            assert claim_of(int(clause.split()[0]), n).label() == name[6:]
        else:
            assert name in axiom_names
            variables = {abs(int(t)) for t in clause.split()[:-1]}
            axiom = next(a for a in axioms(shape) if a.name == name)
            assert variables <= set(axiom.variables)


def test_givens_omit_is_the_shape_alone_with_the_givens_as_assumptions() -> None:
    puzzle = parse_line(SEED002)
    text = write_dimacs(puzzle, PAIRWISE, givens="omit")
    assert read_dimacs(text).clauses == shape_clauses(Shape.sudoku(9), PAIRWISE).clauses
    f = fields(text)
    assert f["givens"].startswith("omit")
    assert f["assumptions"] == " ".join(map(str, puzzle.assumptions())) + " 0"
    with Solver(name="minisat22", bootstrap_with=read_dimacs(text).clauses) as solver:
        assert solver.solve(assumptions=puzzle.assumptions())
        assert decode(puzzle, solver.get_model()).valid


def test_simplify_keeps_claim_numbers_and_its_models_decode() -> None:
    puzzle = parse_line(SEED002)
    text = write_dimacs(puzzle, PAIRWISE, simplify=True)
    dimacs = read_dimacs(text)
    assert fields(text)["simplify"].startswith("yes")
    assert dimacs.variables == 729 and len(dimacs.clauses) < 12013 // 5
    used = {abs(lit) for clause in dimacs.clauses for lit in clause}
    assert ind_variables(text) == sorted(used)
    with Solver(name="cadical153", bootstrap_with=dimacs.clauses) as solver:
        assert solver.solve()
        model = solver.get_model()
    assert decode(puzzle, model, simplified=True).valid
    assert is_solution(decode(puzzle, model, simplified=True).grid, puzzle)


def test_simplify_with_clashing_givens_is_the_empty_clause() -> None:
    puzzle = parse_line("11" + "." * 14)
    text = write_dimacs(puzzle, simplify=True)
    dimacs = read_dimacs(text)
    assert dimacs.clauses == [[]]
    assert fields(text)["simplify"] == "yes (the givens clash: the formula is the empty clause)"
    assert fields(text)["givens"] == "units (none written: the givens clash)"
    assert ind_variables(text) == []  # an empty 'c ind 0' would make cryptominisat count all
    assert cnf_formula(puzzle, CnfOptions(simplify=True)).clauses == [[]]


def test_simplify_and_omit_do_not_go_together() -> None:
    with pytest.raises(InputError, match="choose one"):
        CnfOptions(simplify=True, givens=Givens.OMIT)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: s.describe())
@pytest.mark.parametrize("encoding", ENCODINGS, ids=lambda e: e.label())
def test_every_shape_and_encoding_solves_to_a_valid_grid(shape: Shape, encoding: Encoding) -> None:
    puzzle, _ = random_puzzle(shape, 0.3, seed=11)
    for simplify in (False, True):
        text = write_dimacs(puzzle, encoding, simplify=simplify)
        header = read_header(text)
        assert header is not None and header.puzzle == puzzle and header.simplify == simplify
        with Solver(name="cadical153", bootstrap_with=CNF(from_string=text).clauses) as solver:
            assert solver.solve()
            decoded = decode(puzzle, solver.get_model(), simplified=simplify)
        assert decoded.valid and is_solution(decoded.grid, puzzle)


def test_unsolvable_puzzles_give_unsatisfiable_cnf() -> None:
    # row 1 needs a 1 that columns 1-3 and the box forbid: no clash among the givens themselves
    puzzle = parse_line(".234....1.......")
    assert SatBackend().solve(puzzle).status.value == "unsolvable"
    for simplify in (False, True):
        clauses = CNF(from_string=write_dimacs(puzzle, simplify=simplify)).clauses
        with Solver(name="minisat22", bootstrap_with=clauses) as solver:
            assert not solver.solve()


def test_empty_4x4_cnf_has_288_models_projected_on_claims() -> None:
    text = write_dimacs(Puzzle.empty(Shape.sudoku(4)), SEQUENTIAL)
    models = pysat_models(text)
    assert len(models) == 288
    assert len({tuple(m[:64]) for m in models}) == 288


# --- the PySAT round trip -----------------------------------------------------------------------


@st.composite
def cnf_cases(draw: st.DrawFn) -> tuple[Puzzle, Encoding, str, bool, bool]:
    shape = draw(st.sampled_from(SHAPES))
    puzzle, _ = random_puzzle(shape, draw(st.floats(0, 0.8)), seed=draw(st.integers(0, 10**6)))
    if draw(st.booleans()):  # a random given, perhaps clashing
        n = shape.n
        cells = list(puzzle.cells)
        cells[draw(st.integers(0, n * n - 1))] = draw(st.integers(1, n))
        puzzle = puzzle.with_cells(cells)
    encoding = Encoding(draw(st.sampled_from(list(Scheme))), draw(st.sampled_from(list(AtMostOne))))
    givens = draw(st.sampled_from(["units", "omit"]))
    simplify = givens == "units" and draw(st.booleans())
    return puzzle, encoding, givens, simplify, draw(st.booleans())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cnf_cases())
def test_round_trip_through_pysats_own_parser(
    case: tuple[Puzzle, Encoding, str, bool, bool],
) -> None:
    puzzle, encoding, givens, simplify, names = case
    text = write_dimacs(puzzle, encoding, givens=givens, simplify=simplify, names=names)
    formula = cnf_formula(puzzle, CnfOptions(encoding, Givens(givens), simplify, names))
    parsed = CNF(from_string=text)
    assert parsed.clauses == formula.clauses
    assert read_dimacs(text).clauses == formula.clauses
    assert read_dimacs(text).variables == formula.top >= parsed.nv
    assert any(c.startswith("c ind ") for c in parsed.comments) or formula.clauses == [[]]
    header = read_header(text)
    assert header is not None
    assert (header.puzzle, header.givens, header.simplify) == (puzzle, Givens(givens), simplify)
    assert header.encoding == Encoding(encoding.scheme, encoding.amo.resolve(puzzle.n))


# --- reading DIMACS ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 2 0\n", "1: a clause before the 'p cnf' line"),
        ("p cnf 2\n", "1: expected 'p cnf VARIABLES CLAUSES'"),
        ("p cnf 2 1\n1 3 0\n", "2:3: literal 3 is beyond the 2 variables"),
        ("p cnf 2 1\n1 -2\n", "2: the last clause does not end in 0"),
        ("p cnf 2 2\n1 -2 0\n", "'p cnf' promises 2 clauses, the file holds 1"),
        ("c nothing\n", "no 'p cnf' line"),
        ("p cnf 2 1\np cnf 2 1\n", "2: a second 'p cnf' line"),
    ],
)
def test_bad_dimacs_is_reported_with_its_place(text: str, message: str) -> None:
    with pytest.raises(InputError) as info:
        read_dimacs(text, "x.cnf")
    assert info.value.located().startswith("x.cnf:") and message in info.value.located()


def test_satlib_files_end_with_a_percent_sign() -> None:
    assert read_dimacs("c uf3\np cnf 3 2\n1 -2 0\n2 3 0\n%\n0\n\n").clauses == [[1, -2], [2, 3]]


def test_foreign_cnf_has_no_header_and_damaged_header_is_an_input_error() -> None:
    assert read_header("c made by hand\np cnf 1 1\n1 0\n") is None
    text = write_dimacs(parse_line("." * 16)).replace("c box: 2x2", "c box: 2y2")
    with pytest.raises(InputError, match="damaged satdoku CNF header"):
        read_header(text)


# --- the command --------------------------------------------------------------------------------


def test_cli_writes_the_cnf_to_stdout_and_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[bytes]
) -> None:
    puzzle_file = tmp_path / "p.txt"
    puzzle_file.write_text(f"# seed 002\n{SEED002}\n")
    assert main(["dimacs", str(puzzle_file), "--amo", "pairwise"]) == 0
    out = capsys.readouterr().out
    expected = write_dimacs(parse_line(SEED002), PAIRWISE, source=str(puzzle_file), line=2)
    assert out == expected
    assert (
        main(["dimacs", str(puzzle_file), "--amo", "pairwise", "-o", str(tmp_path / "p.cnf")]) == 0
    )
    assert (tmp_path / "p.cnf").read_text() == expected
    assert (
        main(["dimacs", str(puzzle_file), "--amo", "pairwise", "-o", str(tmp_path / "p.cnf.gz")])
        == 0
    )
    assert gzip.decompress((tmp_path / "p.cnf.gz").read_bytes()).decode() == expected
    assert (
        main(
            [
                "dimacs",
                str(puzzle_file),
                "--amo",
                "pairwise",
                "--gzip",
                "-o",
                str(tmp_path / "q.cnf"),
            ]
        )
        == 0
    )
    assert read_cnf_text(tmp_path / "q.cnf") == expected


def test_cli_batch_writes_one_cnf_per_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [random_puzzle(Shape.sudoku(9), 0.4, seed=s)[0] for s in range(11)]
    from satdoku.io._line import format_line

    batch = tmp_path / "batch.txt"
    batch.write_text("\n".join(format_line(p.cells) for p in lines) + "\n12\n")
    out_dir = tmp_path / "cnfs"
    assert main(["dimacs", str(batch), "-o", str(out_dir), "--simplify"]) == 2  # one bad line
    err = capsys.readouterr().err
    assert f"{batch}:12:" in err and "wrote 11 CNF files" in err
    files = sorted(out_dir.iterdir())
    assert [f.name for f in files] == [f"batch-{i:02d}.cnf" for i in range(1, 12)]
    for index, (path, puzzle) in enumerate(zip(files, lines, strict=True)):
        header = read_header(path.read_text())
        assert header is not None
        assert header.puzzle == puzzle and header.index == index and header.line == index + 1


def test_cli_refuses_a_batch_on_stdout_and_bad_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    batch = tmp_path / "two.txt"
    batch.write_text(f"{SEED002}\n{SEED002}\n")
    assert main(["dimacs", str(batch)]) == 2
    assert "give -o DIR" in capsys.readouterr().err
    assert main(["dimacs", "--simplify", "--givens", "omit"]) == 2
    assert "choose one" in capsys.readouterr().err
    assert main(["dimacs", str(tmp_path / "missing.txt")]) == 2
    assert "missing.txt: cannot open" in capsys.readouterr().err
    assert main(["dimacs", "--json"]) == 2
    assert "--solve-with" in capsys.readouterr().err


# --- the repository's cnf/ directory ------------------------------------------------------------


def test_cnf_directory_is_up_to_date() -> None:
    assert stale(REPO / "cnf") == [], "regenerate with: satdoku dimacs --examples cnf/"
    names = {spec.filename for spec in CNF_EXAMPLES}
    on_disk = {p.name for p in (REPO / "cnf").iterdir() if p.name != "README.md"}
    assert on_disk == names


def test_cnf_readme_lists_every_file_with_its_counts() -> None:
    readme = (REPO / "cnf" / "README.md").read_text()
    assert "satdoku dimacs --examples cnf/" in readme
    for spec in CNF_EXAMPLES:
        row = next(t for t in readme.splitlines() if t.startswith(f"| `{spec.filename}`"))
        dimacs = read_dimacs(example_cnf_text(spec))
        assert re.search(rf"\b{dimacs.variables}\b.*\b{len(dimacs.clauses)}\b", row), row


def test_stale_notices_a_changed_file(tmp_path: Path) -> None:
    regenerate(tmp_path)
    assert stale(tmp_path) == []
    path = tmp_path / "sudoku4.cnf"
    path.write_text(path.read_text().replace("-1 -2 0", "-1 -3 0", 1))
    (tmp_path / "sudoku25.cnf.gz").unlink()
    assert stale(tmp_path) == ["sudoku4.cnf", "sudoku25.cnf.gz"]


def test_cli_examples_option_regenerates(tmp_path: Path) -> None:
    assert main(["dimacs", "--examples", str(tmp_path / "out")]) == 0
    assert stale(tmp_path / "out") == []
