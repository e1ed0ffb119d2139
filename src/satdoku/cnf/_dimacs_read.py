"""Reading DIMACS: any CNF file strictly, and what the header of a file satdoku wrote says.

>>> from satdoku.cnf._dimacs_write import write_dimacs
>>> from satdoku.io._line import parse_line
>>> text = write_dimacs(parse_line("1..............."))
>>> read_dimacs(text).clauses[-1], read_header(text).puzzle.cells[:2]
([1], (1, 0))
"""

from __future__ import annotations

import gzip
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..core._errors import InputError
from ..core._puzzle import Puzzle
from ..core._shape import Shape
from ..core.constraints import Constraint
from ..io._alphabet import Alphabet
from ..io._line import parse_line
from ..io._shape_options import ShapeOptions
from ._dimacs_write import HEADER_START, Givens
from ._encodings import AtMostOne, Encoding, Scheme
from ._literals import literals_of
from ._rule_lines import read_rule_line

__all__ = ["Dimacs", "CnfHeader", "read_dimacs", "read_header", "read_cnf_text", "cnf_text"]

_COUNT_DIGITS = 18
"""The most digits of a 'p cnf' count: more is no CNF any solver reads (and past 4,300 digits
Python refuses to read the number)."""


@dataclass(frozen=True)
class Dimacs:
    """A CNF read from DIMACS text: the ``p cnf`` counts, the clauses and the comment lines."""

    variables: int
    clauses: list[list[int]]
    comments: list[str] = field(default_factory=list)


def read_dimacs(text: str, source: str | None = None) -> Dimacs:
    """Read DIMACS CNF text strictly; raise InputError (with line and column) on a bad file.

    >>> read_dimacs("c hi\\np cnf 3 2\\n1 -2 0\\n2 3\\n0\\n").clauses
    [[1, -2], [2, 3]]
    >>> read_dimacs("p cnf 2 1\\n1 x 0\\n", "f.cnf")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: f.cnf:2:3: expected an integer literal, got 'x'
    """
    header: tuple[int, int] | None = None
    clauses: list[list[int]] = []
    comments: list[str] = []
    current: list[int] = []
    number = 0
    for number, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip()
        if stripped == "%":  # SATLIB files end with '%' and a stray '0'
            break
        if not stripped or stripped.startswith("c"):
            if stripped:
                comments.append(stripped)
            continue
        if stripped.startswith("p"):
            parts = stripped.split()
            if header is not None:
                raise InputError("a second 'p cnf' line", source=source, line=number)
            if (
                len(parts) != 4
                or parts[1] != "cnf"
                or not all(p.isascii() and p.isdigit() for p in parts[2:])
            ):
                raise InputError(
                    f"expected 'p cnf VARIABLES CLAUSES', got {stripped!r}",
                    source=source,
                    line=number,
                )
            if any(len(p) > _COUNT_DIGITS for p in parts[2:]):
                raise InputError(
                    f"'p cnf' counts have at most {_COUNT_DIGITS} digits, got {stripped!r}",
                    source=source,
                    line=number,
                )
            header = (int(parts[2]), int(parts[3]))
            continue
        if header is None:
            raise InputError("a clause before the 'p cnf' line", source=source, line=number)
        for lit, column in literals_of(stripped, raw, number, source):
            if abs(lit) > header[0]:
                raise InputError(
                    f"literal {lit} is beyond the {header[0]} variables of 'p cnf'",
                    source=source,
                    line=number,
                    column=column,
                )
            if lit == 0:
                clauses.append(current)
                current = []
            else:
                current.append(lit)
    if header is None:
        raise InputError("no 'p cnf' line: not a DIMACS CNF", source=source)
    if current:
        raise InputError("the last clause does not end in 0", source=source, line=number)
    if len(clauses) != header[1]:
        raise InputError(
            f"'p cnf' promises {header[1]} clauses, the file holds {len(clauses)}", source=source
        )
    return Dimacs(header[0], clauses, comments)


@dataclass(frozen=True)
class CnfHeader:
    """What a satdoku CNF header says: the puzzle, how it was encoded, where it came from."""

    puzzle: Puzzle
    alphabet: Alphabet
    encoding: Encoding
    givens: Givens
    simplify: bool
    index: int
    line: int | None


_INDEX = re.compile(r"(\d+) \(line (\d+) of .*\)$|(\d+)")


def _header_fields(lines: Iterable[str]) -> dict[str, str]:
    fields: dict[str, str] = {}
    for raw in lines:
        text = raw.strip()
        if text.startswith("p"):
            break
        if not text.startswith("c ") or ": " not in text:
            continue
        key, _, value = text[2:].partition(": ")
        if " " not in key and key not in fields:
            fields[key] = value
    return fields


def read_header(text: str, source: str | None = None) -> CnfHeader | None:
    """Return what a satdoku CNF's header says, or None when the text has no satdoku header.

    >>> from satdoku.io._line import parse_line
    >>> from satdoku.cnf._dimacs_write import write_dimacs
    >>> h = read_header(write_dimacs(parse_line("." * 16), simplify=True, line=4))
    >>> h.puzzle.shape.describe(), h.encoding.label(), h.simplify, h.line
    ('4x4 sudoku, 2x2 boxes', 'extended/pairwise', True, 4)
    """
    first = text.lstrip().split("\n", 1)[0]
    if not first.startswith(HEADER_START):
        return None
    fields = _header_fields(text.splitlines())
    try:
        alphabet = Alphabet(fields["alphabet"])
        cells = parse_line(fields["puzzle"], alphabet, ShapeOptions(latin=True)).cells
        n = round(len(cells) ** 0.5)
        box_text = fields["box"]
        box = None if box_text == "none" else _box(box_text)
        regions_text = fields["regions"]
        regions = None if regions_text == "none" else tuple(int(r) for r in regions_text.split())
        shape = Shape(n, box, fields["diagonals"] == "yes", regions)
        scheme, _, amo = fields["encoding"].split(" ", 1)[0].partition("/")
        encoding = Encoding(Scheme(scheme), AtMostOne(amo))
        givens = Givens(fields["givens"].split(" ", 1)[0])
        simplify = fields["simplify"].startswith("yes")
        match = _INDEX.match(fields.get("index", "0"))
        if match is None:
            raise ValueError(f"bad index field {fields.get('index')!r}")
        index = int(match.group(1) or match.group(3))
        line = int(match.group(2)) if match.group(2) else None
    except (KeyError, ValueError) as err:
        raise InputError(f"a damaged satdoku CNF header: {err}", source=source) from None
    try:
        rules = _rules(text.splitlines(), n)
    except InputError as err:
        raise err.at(source=source) from None
    try:
        puzzle = Puzzle(shape, cells, constraints=rules)
    except InputError as err:
        raise InputError(f"a damaged satdoku CNF header: {err}", source=source) from None
    return CnfHeader(puzzle, alphabet, encoding, givens, simplify, index, line)


_RULE = re.compile(r"c rule \d+: ")


def _rules(lines: Iterable[str], n: int) -> tuple[Constraint, ...]:
    """Return the rules beyond houses the header's ``c rule`` lines name, in their order."""
    rules = []
    for number, raw in enumerate(lines, 1):
        text = raw.strip()
        if text.startswith("p"):
            break
        match = _RULE.match(text)
        if match is not None:
            try:
                rules.append(read_rule_line(text[match.end() :], n))
            except InputError as err:
                column = len(raw) - len(raw.lstrip()) + match.end() + (err.column or 1)
                raise err.at(line=number, column=column) from None
    return tuple(rules)


def _box(text: str) -> tuple[int, int]:
    rows, _, cols = text.partition("x")
    return int(rows), int(cols)


def read_cnf_text(path: str | Path, limit: int | None = None) -> str:
    """Return the text of a CNF file, plain or gzip-compressed; raise InputError when unreadable.

    With ``limit``, at most that many bytes of text are read (inflated ones, for gzip: a small
    file that inflates to gigabytes costs no more than the limit); the text is then cut there.
    The file is opened and read once (a pipe, ``<(...)``, cannot be read twice).
    """
    try:
        with open(path, "rb") as raw:
            return cnf_text(raw, str(path), limit)
    except OSError as err:
        raise InputError(f"cannot read: {err}", source=str(path)) from None


def cnf_text(stream: io.BufferedReader, source: str, limit: int | None = None) -> str:
    """Return the text of an open CNF stream, plain or gzip-compressed, as :func:`read_cnf_text`.

    >>> cnf_text(io.BufferedReader(io.BytesIO(gzip.compress(b"p cnf 1 1\\n1 0\\n"))), "c.gz")
    'p cnf 1 1\\n1 0\\n'
    """
    try:
        gzipped = stream.peek(2)[:2] == b"\x1f\x8b"  # peeked, not read: the stream goes on whole
        reader = gzip.GzipFile(fileobj=stream) if gzipped else stream
        data = reader.read(-1 if limit is None else limit)
        return data.decode("utf-8", errors="strict" if limit is None else "ignore")
    except (OSError, EOFError, gzip.BadGzipFile, UnicodeDecodeError) as err:
        raise InputError(f"cannot read: {err}", source=source) from None
