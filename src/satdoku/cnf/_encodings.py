"""Encodings: how exactly-one axioms become CNF clauses (scheme × at-most-one encoding)."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from itertools import combinations, compress
from operator import not_

from ..core._axioms import Axiom, axioms
from ..core._claims import FALSE, TRUE, claim_count
from ..core._shape import Shape

__all__ = [
    "Scheme",
    "AtMostOne",
    "Encoding",
    "Formula",
    "ClauseStream",
    "AMO_ENCODERS",
    "AuxiliaryVariables",
    "encode",
    "shape_clauses",
]


class Scheme(Enum):
    """Which halves of each exactly-one axiom are encoded (Lynce & Ouaknine's names).

    >>> Scheme("extended").describe()
    'every axiom exactly-one'
    """

    MINIMAL = "minimal"
    EFFICIENT = "efficient"
    EXTENDED = "extended"

    def wants(self, axiom: Axiom) -> tuple[bool, bool]:
        """Return (at-least-one, at-most-one): which halves of the axiom this scheme encodes."""
        if self is Scheme.EXTENDED:
            return True, True
        if axiom.is_cell:
            return True, self is Scheme.EFFICIENT
        return False, True

    def describe(self) -> str:
        """Say in words what the scheme encodes."""
        return {
            Scheme.MINIMAL: "cells at-least-one, houses at-most-one",
            Scheme.EFFICIENT: "cells exactly-one, houses at-most-one",
            Scheme.EXTENDED: "every axiom exactly-one",
        }[self]


class AtMostOne(Enum):
    """How an at-most-one constraint becomes clauses.

    >>> [a.value for a in AtMostOne]
    ['pairwise', 'sequential', 'auto']
    """

    PAIRWISE = "pairwise"
    SEQUENTIAL = "sequential"
    AUTO = "auto"

    def resolve(self, n: int) -> AtMostOne:
        """Return the concrete encoding for side n (AUTO: pairwise up to 16, then sequential).

        >>> AtMostOne.AUTO.resolve(9), AtMostOne.AUTO.resolve(25)
        (<AtMostOne.PAIRWISE: 'pairwise'>, <AtMostOne.SEQUENTIAL: 'sequential'>)
        """
        if self is not AtMostOne.AUTO:
            return self
        return AtMostOne.PAIRWISE if n <= 16 else AtMostOne.SEQUENTIAL


class AuxiliaryVariables:
    """Hands out auxiliary variables above the claim range; ``top`` is the last one handed out."""

    def __init__(self, top: int) -> None:
        self.top = top

    def fresh(self) -> int:
        """Return a new auxiliary variable."""
        self.top += 1
        return self.top


def _pairwise(lits: Sequence[int], aux: AuxiliaryVariables) -> Iterator[list[int]]:
    return map(list, combinations([-v for v in lits], 2))


def _sequential(lits: Sequence[int], aux: AuxiliaryVariables) -> Iterator[list[int]]:
    """Sinz's sequential counter: 3m-4 clauses, m-1 auxiliary variables."""
    m = len(lits)
    if m <= 4:
        yield from _pairwise(lits, aux)
        return
    prev = aux.fresh()
    yield [-lits[0], prev]
    for x in lits[1:-1]:
        cur = aux.fresh()
        yield [-x, cur]
        yield [-prev, cur]
        yield [-x, -prev]
        prev = cur
    yield [-lits[-1], -prev]


AMO_ENCODERS: dict[
    AtMostOne, Callable[[Sequence[int], AuxiliaryVariables], Iterator[list[int]]]
] = {
    AtMostOne.PAIRWISE: _pairwise,
    AtMostOne.SEQUENTIAL: _sequential,
}
"""Registry of at-most-one encoders, by choice."""


@dataclass(frozen=True)
class Encoding:
    """A way to turn axioms into clauses: a scheme and an at-most-one encoding.

    >>> Encoding().label()
    'extended/auto'
    """

    scheme: Scheme = Scheme.EXTENDED
    amo: AtMostOne = AtMostOne.AUTO

    def label(self) -> str:
        """Return ``scheme/amo``."""
        return f"{self.scheme.value}/{self.amo.value}"


@dataclass(frozen=True)
class Formula:
    """A CNF over claim variables 1..n**3 and auxiliary variables above them.

    ``origins`` lists, per encoded axiom, its name and the slice of ``clauses`` it produced.
    """

    n: int
    clauses: list[list[int]]
    top: int
    origins: list[tuple[str, int, int]]

    @property
    def claim_top(self) -> int:
        """Return the highest claim variable, n**3."""
        return claim_count(self.n)


def encode(
    shape: Shape,
    encoding: Encoding = Encoding(),
    *,
    known: Sequence[int] | None = None,
    units: Sequence[int] = (),
) -> Formula:
    """Encode a shape's axioms as CNF, optionally simplified by known claim values.

    ``known[var]`` is TRUE, FALSE or UNKNOWN for each claim variable (index 0 unused): an axiom
    holding a true claim is dropped, false claims are left out (Kwon & Jain), and variable numbers
    stay those of the claims. ``units`` are added as unit clauses at the end.

    >>> f = encode(Shape.sudoku(9), Encoding(Scheme.EXTENDED, AtMostOne.PAIRWISE))
    >>> len(f.clauses), f.top
    (11988, 729)
    """
    with _collector_paused():
        return _encode(shape, encoding, known, units)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector: clauses are lists of ints, with no cycles to find,
    and its passes over millions of new lists took 60% of encoding a 50x50 Latin square."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


def _encode(
    shape: Shape, encoding: Encoding, known: Sequence[int] | None, units: Sequence[int]
) -> Formula:
    aux = AuxiliaryVariables(claim_count(shape.n))
    clauses: list[list[int]] = []
    origins: list[tuple[str, int, int]] = []
    for name, made in _axiom_clauses(shape, encoding, known, aux):
        start = len(clauses)
        clauses.extend(made)
        origins.append((name, start, len(clauses)))
    if units:
        start = len(clauses)
        clauses.extend([u] for u in units)
        origins.append(("givens", start, len(clauses)))
    return Formula(shape.n, clauses, aux.top, origins)


def _axiom_clauses(
    shape: Shape, encoding: Encoding, known: Sequence[int] | None, aux: AuxiliaryVariables
) -> Iterator[tuple[str, list[list[int]]]]:
    """Yield each encoded axiom's name and clauses (an axiom that holds two true claims: the
    empty clause; one left with no clause at all is not yielded)."""
    amo = AMO_ENCODERS[encoding.amo.resolve(shape.n)]
    state = known.__getitem__ if known is not None else None
    for axiom in axioms(shape):
        lits: Sequence[int] = axiom.variables
        if state is not None:
            states = list(map(state, lits))
            if TRUE in states:
                if states.count(TRUE) > 1:
                    yield axiom.name, [[]]
                continue
            if FALSE in states:
                lits = list(compress(lits, map(not_, states)))  # the UNKNOWN (0) claims
        alo, want_amo = encoding.scheme.wants(axiom)
        made = [list(lits)] if alo else []
        if want_amo:
            made.extend(amo(lits, aux))
        if made:
            yield axiom.name, made


class ClauseStream:
    """A formula's clauses made one axiom at a time as they are read, so a solver loads them
    without the whole list in memory (the list of a big formula takes as much as the solver:
    about 140 bytes a clause); each reading makes them anew, and ``top`` is the highest
    variable once one reading is done.

    >>> stream = ClauseStream(Shape.latin(4), Encoding(Scheme.EXTENDED, AtMostOne.PAIRWISE))
    >>> made = list(stream)
    >>> made == encode(Shape.latin(4), stream.encoding).clauses, stream.top
    (True, 64)
    """

    def __init__(
        self, shape: Shape, encoding: Encoding = Encoding(), known: Sequence[int] | None = None
    ) -> None:
        self.shape, self.encoding, self.known = shape, encoding, known
        self.top = claim_count(shape.n)

    def __iter__(self) -> Iterator[list[int]]:
        aux = AuxiliaryVariables(claim_count(self.shape.n))
        for _, made in _axiom_clauses(self.shape, self.encoding, self.known, aux):
            yield from made
        self.top = aux.top


@lru_cache(maxsize=16)
def shape_clauses(shape: Shape, encoding: Encoding = Encoding()) -> Formula:
    """Return the (cached) formula of a shape alone, the base a persistent solver loads once.

    >>> len(shape_clauses(Shape.latin(4)).clauses)  # 48 axioms x (1 + 6)
    336
    """
    return encode(shape, encoding)
