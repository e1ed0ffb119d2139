"""Models back in: solver output forms, decoding, broken axioms, and the decode command."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.formula import CNF
from pysat.solvers import Solver

from satdoku import Alphabet, Shape, is_solution
from satdoku.cli import main
from satdoku.cnf._dimacs_write import write_dimacs
from satdoku.cnf._solver_answers import (
    Satisfiability,
    SolverAnswer,
    decode,
    parse_answers,
    result_of,
)
from satdoku.core._claims import decode_model
from satdoku.core._errors import InputError
from satdoku.core._puzzle import Puzzle
from satdoku.generation._generate import random_puzzle
from satdoku.io._line import format_line, parse_line
from satdoku.rules._singles import eliminate

SEED002 = "25....4.7.4.....6...83.9.1..9.......3.1.......6.5.....7...8.......13...59.4.2.7.3"
SOLUTION002 = "253861497149752368678349512597218634381476259462593871735984126826137945914625783"


def model_of(grid: str, n: int = 9) -> list[int]:
    """Return the full model (every claim variable, signed) of a solved grid."""
    cells = parse_line(grid).cells
    return [v if cells[(v - 1) // n] == (v - 1) % n + 1 else -v for v in range(1, n**3 + 1)]


def v_lines(literals: list[int], width: int = 10) -> list[str]:
    chunks = [literals[i : i + width] for i in range(0, len(literals), width)]
    lines = ["v " + " ".join(map(str, c)) for c in chunks]
    return [*lines, "v 0"]


# --- reading solver output ----------------------------------------------------------------------


def test_sat_competition_output() -> None:
    model = model_of(SOLUTION002)
    answers = parse_answers(["c cadical", "s SATISFIABLE", *v_lines(model), "c done"])
    assert answers == [SolverAnswer(Satisfiability.SATISFIABLE, tuple(model), True, 2)]


def test_minisat_result_file() -> None:
    model = model_of(SOLUTION002)
    text = "SAT\n" + " ".join(map(str, model)) + " 0\n"
    (answer,) = parse_answers(text.splitlines())
    assert answer.satisfiability is Satisfiability.SATISFIABLE and answer.literals == tuple(model)
    assert answer.complete


@pytest.mark.parametrize(
    ("lines", "satisfiability"),
    [
        (["UNSAT"], Satisfiability.UNSATISFIABLE),
        (["s UNSATISFIABLE"], Satisfiability.UNSATISFIABLE),
        (["c x", "UNSATISFIABLE"], Satisfiability.UNSATISFIABLE),
        (["INDET"], Satisfiability.UNKNOWN),
        (["s UNKNOWN"], Satisfiability.UNKNOWN),
        (["SATISFIABLE", "1 -2 0"], Satisfiability.SATISFIABLE),
    ],
)
def test_status_forms(lines: list[str], satisfiability: Satisfiability) -> None:
    assert [a.satisfiability for a in parse_answers(lines)] == [satisfiability]


def test_several_answers_and_bare_models() -> None:
    all_output = ["s SATISFIABLE", "v 1 -2 0", "s SATISFIABLE", "v -1 2 0", "s SOLUTIONS 2"]
    assert [a.literals for a in parse_answers(all_output)] == [(1, -2), (-1, 2)]
    assert [a.literals for a in parse_answers(["1 -2 0", "-1 2 0"])] == [(1, -2), (-1, 2)]


def test_partial_model_without_terminating_zero() -> None:
    (answer,) = parse_answers(["s SATISFIABLE", "v 1 -2 3"])
    assert answer.literals == (1, -2, 3) and not answer.complete


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["s SATISFIABLE", "v 1 2x 0"], "m.txt:2:5: expected an integer literal, got '2x'"),
        (["s MAYBE"], "m.txt:1:3: unknown solver status 'MAYBE'"),
        (["hello world"], "m.txt:1: expected 's SATISFIABLE'"),
        (["s UNSATISFIABLE", "v 1 0"], "m.txt:2: literals after an UNSATISFIABLE answer"),
        (["c only comments"], "m.txt: no solver answer found"),
    ],
)
def test_unreadable_output_is_located(lines: list[str], message: str) -> None:
    with pytest.raises(InputError) as info:
        parse_answers(lines, "m.txt")
    assert info.value.located().startswith(message)


# --- decoding -----------------------------------------------------------------------------------


def test_a_valid_model_decodes_to_the_solution() -> None:
    decoded = decode(parse_line(SEED002), model_of(SOLUTION002))
    assert decoded.valid and format_line(decoded.grid) == SOLUTION002
    assert decoded.grid == decode_model(model_of(SOLUTION002), 9)  # the one decode, checked


def test_a_cell_with_two_true_claims_shows_no_digit() -> None:
    model = model_of(SOLUTION002)
    model[0] = 1  # r1c1=1 true besides r1c1=2
    decoded = decode(parse_line(SEED002), model)
    assert decoded.grid[0] == 0 and decoded.grid[1:] == parse_line(SOLUTION002).cells[1:]
    assert decoded.problems[0] == (
        "cell r1c1 holds exactly one digit (the model makes 2 true: r1c1=1, r1c1=2)"
    )


def test_a_model_listing_only_true_claims_is_enough() -> None:
    positives = [v for v in model_of(SOLUTION002) if v > 0]
    assert decode(parse_line(SEED002), positives).valid


def test_swapped_digits_name_the_broken_axioms() -> None:
    wrong = SOLUTION002[:2] + SOLUTION002[3] + SOLUTION002[2] + SOLUTION002[4:]  # r1c3 <-> r1c4
    decoded = decode(parse_line(SEED002), model_of(wrong))
    assert not decoded.valid
    assert decoded.problems == (
        "column 3 has exactly one 3 (the model makes none of its claims true)",
        "column 3 has exactly one 8 (the model makes 2 true: r1c3=8, r3c3=8)",
        "column 4 has exactly one 3 (the model makes 2 true: r1c4=3, r3c4=3)",
        "column 4 has exactly one 8 (the model makes none of its claims true)",
        "box 1 has exactly one 3 (the model makes none of its claims true)",
        "box 1 has exactly one 8 (the model makes 2 true: r1c3=8, r3c3=8)",
        "box 2 has exactly one 3 (the model makes 2 true: r1c4=3, r3c4=3)",
        "box 2 has exactly one 8 (the model makes none of its claims true)",
    )
    assert decoded.grid[2:4] == (8, 3)


def test_a_model_breaking_a_given_says_so() -> None:
    other = parse_line("1" + "." * 15)
    decoded = decode(other, model_of("2143341212344321", 4))
    assert decoded.problems == ("given r1c1=1 (the model makes it false)",)


def test_an_incomplete_model_is_reported_cell_by_cell() -> None:
    model = model_of(SOLUTION002)[9:]  # r1c1 left out entirely
    decoded = decode(parse_line(SEED002), model)
    assert decoded.grid[0] == 0
    assert "given r1c1=2 (the model leaves it unassigned)" in decoded.problems
    assert (
        "cell r1c1 holds exactly one digit (the model makes none of its claims true; 9 unassigned)"
    ) in decoded.problems


def test_contradictory_literals_are_reported() -> None:
    model = [*model_of(SOLUTION002), -2]
    decoded = decode(parse_line(SEED002), model)
    assert decoded.problems[0] == "variable 2 (r1c1=2) is both true and false in the model"


def test_simplified_models_ignore_the_decided_variables() -> None:
    puzzle = parse_line(SEED002)
    known = eliminate(puzzle)
    assert known is not None
    # a solver may give any value to a variable no clause mentions: set every decided claim wrong
    noisy = [
        (-v if known[v] == 1 else v) if known[v] else lit
        for v, lit in enumerate(model_of(SOLUTION002), 1)
    ]
    assert decode(puzzle, noisy, simplified=True).valid
    assert not decode(puzzle, noisy).valid


@pytest.mark.parametrize(
    ("answer", "status", "error"),
    [
        (SolverAnswer(Satisfiability.UNSATISFIABLE), "unsolvable", None),
        (SolverAnswer(Satisfiability.UNKNOWN), "timeout", "gave up"),
        (SolverAnswer(Satisfiability.SATISFIABLE), "invalid", "printed no model"),
        (SolverAnswer(Satisfiability.SATISFIABLE, (1, 2)), "invalid", "(the model is partial"),
    ],
)
def test_results_of_answers(answer: SolverAnswer, status: str, error: str | None) -> None:
    result = result_of(parse_line(SEED002), answer)
    assert result.status.value == status and result.solution is None
    assert (result.error is None) if error is None else (error in (result.error or ""))


SHAPES = [
    Shape.sudoku(4),
    Shape.sudoku(6),
    Shape.sudoku(9),
    Shape.latin(5),
    Shape.sudoku(4, diagonals=True),
]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(SHAPES), st.integers(0, 10**6), st.floats(0.2, 0.7), st.data())
def test_a_solvers_model_decodes_and_any_flipped_claim_breaks_it(
    shape: Shape, seed: int, fraction: float, data: st.DataObject
) -> None:
    puzzle, _ = random_puzzle(shape, fraction, seed=seed)
    simplify = data.draw(st.booleans())
    text = write_dimacs(puzzle, simplify=simplify)
    with Solver(name="minisat22", bootstrap_with=CNF(from_string=text).clauses) as solver:
        assert solver.solve()
        model = solver.get_model()
    decoded = decode(puzzle, model, simplified=simplify)
    assert decoded.valid and is_solution(decoded.grid, puzzle)
    n3 = shape.n**3
    full = [
        v if decoded.grid[(v - 1) // shape.n] == (v - 1) % shape.n + 1 else -v
        for v in range(1, n3 + 1)
    ]
    flip = data.draw(st.integers(0, n3 - 1))
    full[flip] = -full[flip]
    assert not decode(puzzle, full).valid


# --- the decode command ------------------------------------------------------------------------


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def solve_json(args: list[str], capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    main(args)
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_decode_json_is_the_solve_json_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = write(tmp_path, "p.txt", f"# seed 002\n{SEED002}\n")
    model = write(tmp_path, "m.txt", "SAT\n" + " ".join(map(str, model_of(SOLUTION002))) + " 0\n")
    expected = solve_json(["solve", puzzle, "--json"], capsys)
    assert solve_json(["decode", puzzle, model, "--json"], capsys) == expected
    cnf = tmp_path / "p.cnf"
    assert main(["dimacs", puzzle, "-o", str(cnf)]) == 0
    assert solve_json(["decode", str(cnf), model, "--json"], capsys) == expected
    assert expected == [{"index": 0, "status": "solved", "solution": SOLUTION002, "line": 2}]


def test_decode_unsat_is_unsolvable_like_solve(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = write(tmp_path, "p.txt", ".234....1.......\n")
    model = write(tmp_path, "m.txt", "s UNSATISFIABLE\n")
    expected = solve_json(["solve", puzzle, "--json"], capsys)
    assert solve_json(["decode", puzzle, model, "--json"], capsys) == expected
    assert expected[0]["status"] == "unsolvable"


def test_decode_wrong_model_reports_broken_axioms(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = write(tmp_path, "p.txt", SEED002 + "\n")
    wrong = SOLUTION002[:2] + SOLUTION002[3] + SOLUTION002[2] + SOLUTION002[4:]
    model = write(tmp_path, "m.txt", "\n".join(["s SATISFIABLE", *v_lines(model_of(wrong))]))
    (rec,) = solve_json(["decode", puzzle, model, "--json"], capsys)
    assert rec["status"] == "invalid" and "solution" not in rec
    assert rec["error"] == "the model is not a solution: it breaks 8 axioms or givens"
    assert isinstance(rec["broken"], list) and len(rec["broken"]) == 8
    assert main(["decode", puzzle, model]) == 0
    out = capsys.readouterr().out
    assert out.startswith("invalid: the model is not a solution")
    assert "\n  column 3 has exactly one 8 (the model makes 2 true: r1c3=8, r3c3=8)\n" in out


def test_decode_reads_several_models_and_stdin(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = write(tmp_path, "p.txt", "1...\n")  # a 2x2 Latin square: one solution
    good, bad = "v 1 -2 -3 4 -5 6 7 -8 0", "v 1 -2 -3 4 5 -6 -7 8 0"
    answer = f"s SATISFIABLE\n{good}\ns SATISFIABLE\n{bad}\n".encode()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(answer)))
    records = solve_json(["decode", puzzle, "-", "--json"], capsys)
    assert [(r["status"], r["model"]) for r in records] == [("solved", 1), ("invalid", 2)]
    assert records[0]["solution"] == "1221"


def test_decode_without_file_uses_the_bundled_example(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    model = write(tmp_path, "m.txt", "SAT\n" + " ".join(map(str, model_of(SOLUTION002))) + " 0\n")
    assert main(["decode", "--example", model, "--format", "line"]) == 0
    assert capsys.readouterr().out == SOLUTION002 + "\n"


def test_decode_bad_inputs_exit_2_with_a_located_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = write(tmp_path, "p.txt", SEED002 + "\n")
    bad = write(tmp_path, "bad.txt", "s SATISFIABLE\nv 1 2 three 0\n")
    assert main(["decode", puzzle, bad]) == 2
    assert f"{bad}:2:7: expected an integer literal, got 'three'" in capsys.readouterr().err
    assert main(["decode", puzzle, str(tmp_path / "none.txt")]) == 2
    assert "none.txt: cannot read the model" in capsys.readouterr().err
    two = write(tmp_path, "two.txt", f"{SEED002}\n{SEED002}\n")
    assert main(["decode", two, bad]) == 2
    assert "decode takes one puzzle, the input holds 2" in capsys.readouterr().err
    foreign = write(tmp_path, "f.cnf", "c by hand\np cnf 1 1\n1 0\n")
    assert main(["decode", foreign, bad]) == 2
    assert "a CNF without a satdoku header" in capsys.readouterr().err
    assert main(["decode", "-", "-"]) == 2


def test_decode_of_a_simplified_cnf_reads_the_flag_from_its_header(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = parse_line(SEED002)
    known = eliminate(puzzle)
    assert known is not None
    noisy = [
        (-v if known[v] == 1 else v) if known[v] else lit
        for v, lit in enumerate(model_of(SOLUTION002), 1)
    ]
    model = write(tmp_path, "m.txt", "SAT\n" + " ".join(map(str, noisy)) + " 0\n")
    cnf = write(tmp_path, "p.cnf", write_dimacs(puzzle, simplify=True))
    (rec,) = solve_json(["decode", cnf, model, "--json"], capsys)
    assert rec["status"] == "solved"
    plain = write(tmp_path, "p.txt", SEED002 + "\n")
    (rec,) = solve_json(["decode", plain, model, "--json"], capsys)
    assert rec["status"] == "invalid"
    (rec,) = solve_json(["decode", plain, model, "--json", "--simplified"], capsys)
    assert rec["status"] == "solved"


def test_puzzles_of_other_alphabets_decode_with_theirs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = Puzzle(Shape.sudoku(4), parse_line("1...............").cells)
    cnf = write(tmp_path, "p.cnf", write_dimacs(puzzle, alphabet=Alphabet("ABCD")))
    with Solver(name="minisat22", bootstrap_with=CNF(from_file=cnf).clauses) as solver:
        assert solver.solve()
        model = write(tmp_path, "m.txt", "SAT\n" + " ".join(map(str, solver.get_model())) + " 0\n")
    (rec,) = solve_json(["decode", cnf, model, "--json"], capsys)
    assert rec["status"] == "solved" and str(rec["solution"]).startswith("A")
