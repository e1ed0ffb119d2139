"""The DIMACS files of the bundled example puzzles (the repository's ``cnf/`` directory).

Each file is made by :func:`satdoku.cnf._dimacs_write.write_dimacs` from one bundled example;
regenerate them all with ``satdoku dimacs --examples cnf/``. :func:`stale` lists the files that
differ from what the current code writes (the test suite fails on any).

>>> [spec.filename for spec in CNF_EXAMPLES][:2]
['empty4.cnf', 'sudoku4.cnf']
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from ..core._errors import InputError
from ..io._alphabet import Alphabet
from ..io._reading import read_puzzles
from ._dimacs_read import read_cnf_text
from ._dimacs_write import dimacs_bytes, write_dimacs
from ._encodings import AtMostOne, Encoding, Scheme

__all__ = ["ExampleCnf", "CNF_EXAMPLES", "example_cnf_text", "regenerate", "stale"]


@dataclass(frozen=True)
class ExampleCnf:
    """One file of ``cnf/``: which bundled example, how encoded, and why it is there."""

    filename: str
    example: str
    encoding: Encoding = Encoding(Scheme.EXTENDED, AtMostOne.PAIRWISE)
    simplify: bool = False
    alphabet: str | None = None
    note: str = ""

    @property
    def gz(self) -> bool:
        """Tell whether the file is gzip-compressed."""
        return self.filename.endswith(".gz")


_PAIRWISE = Encoding(Scheme.EXTENDED, AtMostOne.PAIRWISE)

CNF_EXAMPLES: tuple[ExampleCnf, ...] = (
    ExampleCnf("empty4.cnf", "empty4.txt", note="the empty 4x4: 288 models"),
    ExampleCnf("sudoku4.cnf", "sudoku4.txt", note="a 4x4 with two solutions"),
    ExampleCnf("sudoku9.cnf", "sudoku9.txt", note="a 9x9 with one solution"),
    ExampleCnf("potts9.cnf", "potts9.txt", note="a 9x9 given as a list of givens"),
    ExampleCnf(
        "sudoku16.cnf",
        "sudoku16.txt",
        _PAIRWISE,
        simplify=True,
        note="16x16, simplified by the givens",
    ),
    ExampleCnf(
        "sudoku25.cnf.gz",
        "sudoku25.txt",
        _PAIRWISE,
        simplify=True,
        alphabet="ABCDEFGHIJKLMNOPQRSTUVWXY",
        note="25x25 (A-Y), simplified, gzipped",
    ),
)
"""The files of ``cnf/``, in the order the README lists them."""


def example_cnf_text(spec: ExampleCnf) -> str:
    """Return the DIMACS text of one example file (before any compression).

    >>> example_cnf_text(CNF_EXAMPLES[0]).splitlines()[3]
    'c puzzle: ................'
    """
    text = resources.files("satdoku.examples").joinpath(spec.example).read_text(encoding="utf-8")
    alphabet = Alphabet(spec.alphabet) if spec.alphabet else Alphabet()
    entries = list(read_puzzles(text.splitlines(), alphabet=alphabet, source=spec.example))
    if len(entries) != 1 or entries[0].puzzle is None:
        raise InputError(f"the bundled example {spec.example} is not one readable puzzle")
    entry = entries[0]
    assert entry.puzzle is not None
    return write_dimacs(
        entry.puzzle,
        spec.encoding,
        simplify=spec.simplify,
        alphabet=alphabet,
        source=spec.example,
        index=entry.index,
        line=entry.line,
    )


def regenerate(directory: str | Path) -> list[Path]:
    """Write every example CNF into the directory (made if missing); return the paths written."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for spec in CNF_EXAMPLES:
        path = folder / spec.filename
        path.write_bytes(dimacs_bytes(example_cnf_text(spec), gz=spec.gz))
        written.append(path)
    return written


def stale(directory: str | Path) -> list[str]:
    """Return the example files that are missing or differ from what the code writes now."""
    folder = Path(directory)
    out = []
    for spec in CNF_EXAMPLES:
        path = folder / spec.filename
        try:
            current = read_cnf_text(path)
        except InputError:
            out.append(spec.filename)
            continue
        if current != example_cnf_text(spec):
            out.append(spec.filename)
    return out
