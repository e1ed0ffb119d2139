"""Hints for a player: the next deduction, with the weakest technique that makes progress.

A player's grid (partly filled) and, optionally, pencil marks (:mod:`satdoku.api._marks`) make a
state; the hint is its next move on the ladder of :mod:`satdoku.api._hint_moves` (elimination,
lone cell, lone ranger, then set logic of size 1 to 4), as a step the stepper would record;
when those make no progress, the weakest technique beyond set logic that applies
(:mod:`satdoku.api._hint_techniques`: wings, uniqueness, chains, forcing chains). A
mistake comes first: a filled cell or a removed candidate that contradicts the solution (of
``original``, the puzzle as first set, when given; else of the grid itself). A grid that has no
solution at all, with no original to compare with, is answered by the entries that cannot all
hold (:func:`satdoku.api._explain.explain`). Three levels say more and more, as HoDoKu and Sadman
do: 1 names the technique, 2 also the house or axiom, 3 the claims and why, with the blockers of
a single (:mod:`satdoku.api._hint_blockers`: what excludes each premise; the words are
:func:`satdoku.views._hint_sentences.hint_text`; ``str(hint)`` says them once ``satdoku`` is
imported). A puzzle with rules beyond houses is hinted by the stepper over literals
(:mod:`satdoku.api._hint_rules`), citing the rule; entries that break a rule are named with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import partial
from typing import NamedTuple

from ..core._claims import Claim
from ..core._display import draw
from ..core._errors import InputError
from ..core._puzzle import Grid, Puzzle
from ..io._alphabet import Alphabet, alphabet_of
from ..rules._state import State
from ..rules._steps import Rule, Step
from ..rules._strategies import Technique
from ..rules.techniques import TechniqueStep
from ._arguments import puzzle_of
from ._explain import explain
from ._hint_blockers import Blocker, blockers
from ._hint_levels import LEVELS
from ._hint_moves import contradiction, next_move, player_values
from ._hint_rules import RuleDeduction, rule_deduction
from ._hint_techniques import technique_stage, technique_step
from ._marks import Marks, marks_of
from ._solve import solve
from ._space import count

__all__ = ["HintStatus", "Mistake", "Hint", "hint", "LEVELS"]


class HintStatus(Enum):
    """What a hint is: a deduction, a mistake, a grid with no solution, solved, or stuck."""

    STEP = "step"
    MISTAKE = "mistake"
    UNSOLVABLE = "unsolvable"
    SOLVED = "solved"
    STUCK = "stuck"


class Mistake(NamedTuple):
    """A player's mistake: a filled claim the solution does not hold, or a removed true one.

    ``kind`` is ``filled`` (a digit the player wrote), ``given`` (a given changed, when the
    original is known) or ``removed`` (a candidate crossed out that the solution holds);
    ``solution`` is the solution's digit in that cell.

    >>> Mistake(Claim(0, 0, 5), "filled", 3).claim.label()
    'r1c1=5'
    """

    claim: Claim
    kind: str
    solution: int


@dataclass(frozen=True)
class Hint:
    """A hint: its status and level, the state it reads, and its step or mistakes or conflict.

    ``step`` is the deduction (a rule-1, rule-2 or set-logic step) for status ``step``, or the
    contradiction of the state for ``unsolvable`` when there is one; ``stage`` its place on
    :data:`~satdoku.api._hint_moves.HINT_LADDER` (0 elimination, 1 lone cell, 2 lone ranger,
    3-6 set logic of size 1-4, then 7-12 the families beyond set logic). ``advanced`` is the
    deduction when it needs a technique beyond set logic (``step`` is then None; ``unique``
    tells whether the puzzle is known to have one solution, so uniqueness techniques apply).
    ``conflict`` lists entries that cannot all hold (no original), with ``rules`` (indexes in
    ``puzzle.constraints``) on a puzzle with rules beyond houses. On such a puzzle the step is
    ``deduction``, the stepper's over literals (:mod:`satdoku.api._hint_rules`), and ``step`` is
    None (but for a contradiction of the houses).

    >>> from satdoku.io._line import parse_line
    >>> h = hint(parse_line("1.3..4..2...4..1"))
    >>> h.status.value, h.technique.value, h.rung, h.level
    ('step', 'lone-cell', 0, 3)
    """

    puzzle: Puzzle
    status: HintStatus
    level: int
    state: State
    step: Step | None = None
    stage: int | None = None
    mistakes: tuple[Mistake, ...] = ()
    conflict: tuple[Claim, ...] = ()
    solution: Grid | None = None
    marked: bool = False
    alphabet: Alphabet = Alphabet()
    advanced: TechniqueStep | None = None
    unique: bool = False
    deduction: RuleDeduction | None = None
    rules: tuple[int, ...] = ()

    @property
    def technique(self) -> Technique | None:
        """Return the technique of a deduction up to set logic (None otherwise)."""
        return self.step.technique if self.step is not None else None

    @property
    def technique_name(self) -> str | None:
        """Return the deduction's technique as the JSON names it: ``lone-cell``, ``xy-wing``.

        >>> from satdoku.io._line import parse_line
        >>> hint(parse_line("1.3..4..2...4..1")).technique_name
        'lone-cell'
        """
        if self.status is not HintStatus.STEP:
            return None
        if self.deduction is not None:
            return self.deduction.technique
        if self.advanced is not None:
            return self.advanced.technique.value
        return self.technique.value if self.technique is not None else None

    @property
    def blockers(self) -> tuple[Blocker, ...]:
        """Return what excludes each premise of the step (empty when the hint is no deduction).

        >>> from satdoku.io._line import parse_line
        >>> [b.by.label() for b in hint(parse_line("1.3..4..2...4..1")).blockers]
        ['r1c1=1', 'r1c3=3', 'r2c2=4']
        """
        step = self.step
        values = self.state.values
        if self.deduction is not None and self.status is HintStatus.STEP:
            premises = [-u for u in self.deduction.premises if u < 0]
            return blockers(premises, (), self.puzzle.shape, values)
        if step is None or self.status is not HintStatus.STEP:
            return ()
        return blockers(step.because, step.decided, self.puzzle.shape, values)

    @property
    def rung(self) -> int | None:
        """Return the rating rung the deduction needs: 0 singles, 1-4 set logic, 5 beyond."""
        if self.deduction is not None and self.status is HintStatus.STEP:
            return self.deduction.rung
        if self.advanced is not None and self.status is HintStatus.STEP:
            return 5
        technique = self.technique
        if technique is None or self.status is not HintStatus.STEP:
            return None
        return technique.size

    def at(self, level: int) -> Hint:
        """Return the same hint said at another level (1, 2 or 3).

        >>> from satdoku.io._line import parse_line
        >>> hint(parse_line("1.3..4..2...4..1")).at(1).level
        1
        """
        return Hint(**{**self.__dict__, "level": _level(level)})

    def __str__(self) -> str:
        """Say the hint at its level (the words of :mod:`satdoku.views._sentences`)."""
        return draw(self, "text") or repr(self)

    def _repr_html_(self) -> str | None:
        """Show the hint in Jupyter: its words over the board (:mod:`satdoku.views._notebook`)."""
        return draw(self, "html")

    def __repr__(self) -> str:
        """Show the hint as one line: its status, level and technique."""
        technique = self.technique_name
        return f"Hint(status={self.status.value!r}, level={self.level}, technique={technique!r})"


def _level(level: object) -> int:
    if not isinstance(level, int) or isinstance(level, bool) or level not in LEVELS:
        raise InputError(f"level must be 1, 2 or 3, got {level!r}")
    return level


def _reference(puzzle: Puzzle, original: Puzzle | None) -> tuple[Puzzle, Grid | None, int]:
    """Return the grid with the original's givens in, the solution to compare with, and the
    number of solutions found (0, 1 or 2 for several)."""
    if original is None:
        found = count(puzzle, limit=2).count
        return puzzle, solve(puzzle) if found == 1 else None, found
    if original.shape != puzzle.shape:
        raise InputError(
            f"the original puzzle is a {original.shape.describe()}, the grid a "
            f"{puzzle.shape.describe()}"
        )
    found = count(original, limit=2).count
    if found == 0:
        raise InputError("the original puzzle has no solution: there is nothing to hint")
    cells = tuple(c or g for g, c in zip(original.cells, puzzle.cells, strict=True))
    merged = puzzle.with_cells(cells) if cells != puzzle.cells else puzzle
    return merged, solve(original) if found == 1 else None, found


def _mistakes(
    puzzle: Puzzle, original: Puzzle | None, marks: Marks | None, solution: Grid
) -> tuple[Mistake, ...]:
    """Return the filled cells and removed candidates that contradict the solution."""
    n = puzzle.shape.n
    found = []
    for cell, digit in enumerate(puzzle.cells):
        right = solution[cell]
        r, c = divmod(cell, n)
        if digit and digit != right:
            kind = "given" if original is not None and original.cells[cell] else "filled"
            found.append(Mistake(Claim(r, c, digit), kind, right))
        elif not digit and marks is not None:
            kept = marks[cell]
            if kept is not None and right not in kept:
                found.append(Mistake(Claim(r, c, right), "removed", right))
    return tuple(found)


def hint(
    puzzle: Puzzle | object,
    marks: Marks | str | object | None = None,
    *,
    level: int = 3,
    original: Puzzle | object | None = None,
    alphabet: Alphabet | str | None = None,
) -> Hint:
    """Return the next hint for a player's grid (and pencil marks): a mistake first, else a step.

    ``marks`` are the player's candidates: text in the SudokuWiki / HoDoKu form, or n*n
    collections of digits (None in a cell: no marks there). ``original`` is the puzzle as first
    set, so that a wrong entry is told from a given even when the grid still has a solution.
    ``alphabet`` (an Alphabet or its symbols) reads the marks and says the hint; by default the
    symbols the puzzle was read with.

    >>> from satdoku.io._line import parse_line
    >>> grid = "25....4.7.4.....6...83.9.1..9.......3.1.......6.5.....7...8.......13...59.4.2.7.3"
    >>> h = hint(parse_line(grid))
    >>> h.status.value, h.technique.value, h.step.claims
    ('step', 'lone-cell', (Claim(row=1, col=0, digit=1),))
    >>> hint(parse_line("26" + grid[2:]), original=parse_line(grid)).mistakes
    (Mistake(claim=Claim(row=0, col=1, digit=6), kind='given', solution=5),)
    """
    grid = puzzle_of(puzzle)
    level = _level(level)
    first = puzzle_of(original) if original is not None else None
    alphabet = alphabet_of(alphabet, grid.symbols)
    marked = marks_of(marks, grid.shape, alphabet)
    grid, solution, found = _reference(grid, first)
    values = player_values(grid, marked)
    make = partial(
        Hint,
        grid,
        level=level,
        state=State(grid.shape.n, tuple(values)),
        solution=solution,
        marked=marked is not None,
        alphabet=alphabet,
    )
    if solution is not None:
        mistakes = _mistakes(grid, first, marked, solution)
        if mistakes:
            entries, rules = _rules_broken(grid, first)
            return make(HintStatus.MISTAKE, mistakes=mistakes, conflict=entries, rules=rules)
    stop = contradiction(grid.shape, values)
    if solution is None and found == 0:
        if grid.constraints:
            entries, rules = _rules_broken(grid, None)
            return make(HintStatus.UNSOLVABLE, step=stop, conflict=entries, rules=rules)
        why = explain(grid)
        return make(HintStatus.UNSOLVABLE, step=stop, conflict=why.conflict if why else ())
    if stop is not None:  # marks or entries that clash, with several solutions to compare with
        return make(HintStatus.UNSOLVABLE, step=stop)
    if all(grid.cells):
        return make(HintStatus.SOLVED)
    if grid.constraints:
        found_step = rule_deduction(grid, values, placement=marked is None)
        return _rule_hint(make, found_step, unique=found == 1)
    move = next_move(grid.shape, values)
    if move is None:
        beyond = technique_step(grid.shape, values, unique=found == 1)
        if beyond is None:
            return make(HintStatus.STUCK, unique=found == 1)
        return make(
            HintStatus.STEP, stage=technique_stage(beyond), advanced=beyond, unique=found == 1
        )
    step, stage = move
    return make(HintStatus.STEP, step=step, stage=stage)


def _rules_broken(
    grid: Puzzle, original: Puzzle | None
) -> tuple[tuple[Claim, ...], tuple[int, ...]]:
    """Return, for a grid with rules and no solution, entries and rules that cannot all hold."""
    if not grid.constraints or (original is not None and count(grid, limit=1).count):
        return (), ()
    from ._rule_conflict import explain_rules  # lazy: start-up

    conflict = explain_rules(grid)
    return ((), ()) if conflict is None else (conflict.givens, conflict.rules)


def _rule_hint(make: partial[Hint], found: RuleDeduction, *, unique: bool) -> Hint:
    """Return the hint of the stepper over literals: its deduction, a contradiction, or stuck."""
    step = found.step
    if step is None:
        return make(HintStatus.STUCK, unique=unique, deduction=found)
    if step.rule is Rule.CONTRADICTION:  # marks that cross out what every solution needs
        return make(HintStatus.UNSOLVABLE, deduction=found)
    return make(HintStatus.STEP, stage=found.stage, deduction=found, unique=unique)
