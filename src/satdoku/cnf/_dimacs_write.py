"""Writing DIMACS: a puzzle's CNF as a file with a self-describing header.

The file says what it holds in ``c key: value`` comment lines (tool and version, the puzzle's line,
its shape, the encoding, the variable formula, the claim and auxiliary variable ranges), then the
``c ind`` lines (the claim variables: model counters such as cryptominisat project onto them), then
``p cnf V C`` and one clause per line. Variable numbers are always those of the claims
(:func:`satdoku.core._claims.variable`), also in a simplified file, so every model decodes the same
way. :mod:`satdoku.cnf._dimacs_read` reads such a file back.

>>> from satdoku.io._line import parse_line
>>> write_dimacs(parse_line("1...............")).splitlines()[-1]
'1 0'
"""

from __future__ import annotations

import gzip
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..core._claims import claim_count, claim_of
from ..core._errors import InputError
from ..core._literal_axioms import HelperNames
from ..core._puzzle import Puzzle
from ..core._shape import Shape
from ..core._version import __version__
from ..io._alphabet import Alphabet, alphabet_of
from ..io._line import format_line
from ..io._puzzle_values import parse_puzzle
from ..rules._singles import eliminate
from ._constraint_formula import constrained_formula
from ._encodings import Encoding, Formula, encode
from ._givens import Givens
from ._rule_lines import rule_words

__all__ = [
    "Givens",
    "CnfOptions",
    "HEADER_START",
    "IND_PER_LINE",
    "cnf_formula",
    "write_dimacs",
    "ind_lines",
    "dimacs_bytes",
]

HEADER_START = "c satdoku dimacs"
"""How the first line of a CNF file satdoku writes begins (what tells its header apart)."""

IND_PER_LINE = 64
"""How many variables one ``c ind`` line lists (each line ends in 0; cryptominisat joins them)."""


@dataclass(frozen=True)
class CnfOptions:
    """What goes into a CNF file: encoding, givens as units or omitted, simplified, named.

    >>> CnfOptions().encoding.label(), CnfOptions().givens.value
    ('extended/auto', 'units')
    """

    encoding: Encoding = Encoding()
    givens: Givens = Givens.UNITS
    simplify: bool = False
    names: bool = False

    def __post_init__(self) -> None:
        if self.simplify and self.givens is Givens.OMIT:
            raise InputError(
                "--simplify builds the givens into the formula, --givens omit leaves them out "
                "(the file is the shape alone): choose one"
            )


def cnf_formula(puzzle: Puzzle, options: CnfOptions = CnfOptions()) -> Formula:
    """Return the formula a CNF file of the puzzle holds (the one encoding of encodings.py).

    With ``simplify`` the claims the givens decide are left out (Kwon & Jain); givens whose
    eliminations clash give the empty clause.

    >>> from satdoku.io._line import parse_line
    >>> len(cnf_formula(parse_line("." * 16)).clauses)
    448
    >>> cnf_formula(parse_line("11" + "." * 14), CnfOptions(simplify=True)).clauses
    [[]]
    """
    return _formula_and_helpers(puzzle, options)[0]


def _formula_and_helpers(puzzle: Puzzle, options: CnfOptions) -> tuple[Formula, HelperNames]:
    """Return the formula and the names of its helper claims (none for a puzzle of houses)."""
    units = puzzle.assumptions() if options.givens is Givens.UNITS else []
    if puzzle.constraints:
        if options.simplify:
            raise InputError(
                "--simplify leaves out the claims the givens decide, which the rules beyond "
                "houses still speak of: leave out --simplify for this puzzle"
            )
        made = constrained_formula(puzzle, options.encoding, units=units)
        return made.formula, made.helpers
    return _house_formula(puzzle, options, units), HelperNames(puzzle.n)


def _house_formula(puzzle: Puzzle, options: CnfOptions, units: list[int]) -> Formula:
    if not options.simplify:
        return encode(puzzle.shape, options.encoding, units=units)
    known = eliminate(puzzle)
    if known is None:
        return Formula(puzzle.n, [[]], claim_count(puzzle.n), [("the givens clash", 0, 1)])
    return encode(puzzle.shape, options.encoding, known=known, units=units)


def _claims_used(formula: Formula) -> list[int]:
    top = formula.claim_top
    used = {abs(lit) for clause in formula.clauses for lit in clause if abs(lit) <= top}
    return sorted(used)


def ind_lines(variables: Sequence[int], per_line: int = IND_PER_LINE) -> list[str]:
    """Return the ``c ind`` lines listing the variables, each line ending in 0.

    >>> ind_lines(range(1, 6), per_line=3)
    ['c ind 1 2 3 0', 'c ind 4 5 0']
    """
    return [
        "c ind " + " ".join(str(v) for v in variables[i : i + per_line]) + " 0"
        for i in range(0, len(variables), per_line)
    ]


def _shape_lines(shape: Shape) -> list[str]:
    box = f"{shape.box[0]}x{shape.box[1]}" if shape.box else "none"
    regions = " ".join(str(r) for r in shape.regions) if shape.regions is not None else "none"
    return [
        f"c shape: {shape.describe()}",
        f"c box: {box}",
        f"c diagonals: {'yes' if shape.diagonals else 'no'}",
        f"c regions: {regions}",
    ]


def _aux_names(formula: Formula, helpers: HelperNames) -> Iterator[str]:
    seen = helpers.last
    for name, start, stop in formula.origins:
        count = 0
        for clause in formula.clauses[start:stop]:
            for lit in clause:
                if abs(lit) > seen:
                    seen = abs(lit)
                    count += 1
                    yield f"c var {seen} = counter {count} of: {name}"


def _rule_lines(puzzle: Puzzle, helpers: HelperNames) -> list[str]:
    """Return the lines of the rules beyond houses (read back by ``read_header``)."""
    n = puzzle.n
    return [
        f"c rule {index}: {rule_words(rule, n)} ({rule.title(n)})"
        for index, rule in enumerate(puzzle.constraints)
    ]


def _header(
    puzzle: Puzzle,
    formula: Formula,
    helpers: HelperNames,
    options: CnfOptions,
    alphabet: Alphabet,
    source: str | None,
    index: int,
    line: int | None,
) -> list[str]:
    n = puzzle.n
    top = formula.claim_top
    units = sum(stop - start for name, start, stop in formula.origins if name == "givens")
    givens, simplified = options.givens.describe(units), "no"
    if options.simplify:
        simplified = "yes (claims the givens decide are left out; their variables occur in no "
        simplified += "clause)"
        if formula.clauses == [[]]:
            simplified = "yes (the givens clash: the formula is the empty clause)"
            givens = f"{options.givens.value} (none written: the givens clash)"
    encoding = Encoding(options.encoding.scheme, options.encoding.amo.resolve(n))
    source = " ".join(source.split()) if source else source  # one line, whatever the name
    if line is not None:
        where = f" (line {line} of {source or '<stdin>'})"
    else:
        where = f" ({source})" if source else ""
    lines = [
        f"{HEADER_START}: the CNF of a puzzle; each claim 'cell (row, col) holds digit' "
        "is a variable",
        f"c version: satdoku {__version__}",
        f"c index: {index}{where}",
        f"c puzzle: {format_line(puzzle.cells, alphabet)}",
        f"c alphabet: {alphabet.symbols}",
        *_shape_lines(puzzle.shape),
        f"c encoding: {encoding.label()} ({encoding.scheme.describe()}; at-most-one "
        f"{encoding.amo.value})",
        f"c givens: {givens}",
        f"c simplify: {simplified}",
        f"c variables: var = row*n*n + col*n + digit (0-based row and col, digit 1..n), n = {n}",
        f"c claims: 1..{top} (r1c1=1 is 1, r1c1=2 is 2, r{n}c{n}={n} is {top})",
    ]
    if puzzle.constraints:
        lines += _rule_lines(puzzle, helpers)
        named = f"{helpers.first}..{helpers.last}" if helpers.names else "none"
        lines.append(f"c helpers: {named} (claims of the rules, each named on a 'c helper' line)")
    last = helpers.last
    lines.append(
        "c auxiliary: "
        + (f"{last + 1}..{formula.top} (at-most-one counters)" if formula.top > last else "none")
    )
    if options.givens is Givens.OMIT:
        lines.append("c assumptions: " + " ".join([*map(str, puzzle.assumptions()), "0"]))
    if options.names:
        lines += [f"c var {v} = {claim_of(v, n).label()}" for v in range(1, top + 1)]
        lines += list(_aux_names(formula, helpers))
    first = helpers.first
    lines += [f"c helper {first + i}: {name}" for i, name in enumerate(helpers.names)]
    lines += ind_lines(_claims_used(formula))
    return lines


def _clause_names(formula: Formula) -> list[str]:
    names = [""] * len(formula.clauses)
    for name, start, stop in formula.origins:
        for i in range(start, stop):
            names[i] = name
    n = formula.n
    for i, clause in enumerate(formula.clauses):
        if names[i] == "givens":
            names[i] = f"given {claim_of(clause[0], n).label()}"
    return names


def write_dimacs(
    puzzle: Puzzle | object,
    encoding: Encoding = Encoding(),
    *,
    givens: Givens | str = Givens.UNITS,
    simplify: bool = False,
    names: bool = False,
    alphabet: Alphabet | str | None = None,
    source: str | None = None,
    index: int = 0,
    line: int | None = None,
) -> str:
    """Return the DIMACS text of a puzzle: header comments, ``c ind`` lines, ``p cnf``, clauses.

    ``source``, ``index`` and ``line`` say where the puzzle came from (shown in the header and given
    back by :func:`satdoku.cnf._dimacs_read.read_header`, so ``decode`` can print the ``solve
    --json`` record). The puzzle may be in any form :func:`satdoku.io._puzzle_values.parse_puzzle`
    takes; ``alphabet`` (an Alphabet or its symbols) is by default the puzzle's own.

    >>> from satdoku.io._line import parse_line
    >>> text = write_dimacs(parse_line("." * 16), names=True)
    >>> lines = text.splitlines()
    >>> [t for t in lines if t.startswith("p ")], [t[-10:] for t in lines if t.startswith("c ind ")]
    (['p cnf 64 448'], ['62 63 64 0'])
    >>> text.splitlines()[-2:]
    ['c box 4 has exactly one 4', '-60 -64 0']
    """
    puzzle = parse_puzzle(puzzle)
    alphabet = alphabet_of(alphabet, puzzle.symbols)
    options = CnfOptions(encoding, Givens(givens), simplify, names)
    formula, helpers = _formula_and_helpers(puzzle, options)
    out = [
        _one_line(text)
        for text in _header(puzzle, formula, helpers, options, alphabet, source, index, line)
    ]
    out.append(f"p cnf {formula.top} {len(formula.clauses)}")
    if names:
        for name, clause in zip(_clause_names(formula), formula.clauses, strict=True):
            out.append(_one_line(f"c {name}"))
            out.append(" ".join(map(str, clause)) + " 0" if clause else "0")
    else:
        out.extend(" ".join(map(str, c)) + " 0" if c else "0" for c in formula.clauses)
    return "\n".join(out) + "\n"


def _one_line(comment: str) -> str:
    """Return a comment on one line: the line breaks of a rule's label become spaces."""
    return " ".join(comment.splitlines())


def dimacs_bytes(text: str, gz: bool = False) -> bytes:
    """Return the bytes of a CNF file, gzip-compressed (reproducibly: no time stamp) when asked.

    >>> gzip.decompress(dimacs_bytes("p cnf 0 0\\n", gz=True))
    b'p cnf 0 0\\n'
    """
    data = text.encode("utf-8")
    return gzip.compress(data, mtime=0) if gz else data
