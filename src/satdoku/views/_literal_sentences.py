"""Sentences for the steps of the stepper over axioms of any form, citing axioms and rules.

A step that decides a cell from a constraint's helper claims says which of the constraint's
helper claims (a cage's fillings) are left: "cage 40× over r2c3,r2c4,r3c4: only fillings 5,8,1
and 8,5,1 remain, so r3c4 is 1"; a rule stated by several tables (a long line's windows)
names the table: "whisper r1c1→r9c9: r1c1,r2c2: only fillings 1,6 and 1,7 remain, so r2c2 is
not 8"; other steps name their rule and axiom: "rule 2 on 'cell r1c1
holds exactly one digit': r1c1=5 is the only one left". Claims are in the puzzle's symbols.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..core._claims import FALSE, TRUE, UNKNOWN, claim_of
from ..core._literal_axioms import HelperNames, LiteralAxiom, literal_label
from ..core.constraints import Constraint
from ..io._alphabet import Alphabet, alphabet_of
from ..rules._literal_steps import LiteralStep
from ..rules._steps import Rule
from ._sentences import join, symbol

__all__ = ["Wording", "literal_text", "literal_sentence", "literal_sentences", "narrated"]

_LISTED = 6
"""The most helper claims a sentence lists by name; beyond, it counts them."""

_FILLING = " is filled "
"""What a helper's name says before its filling: ``cage 40× over r2c3,r3c4 is filled 5,8``."""


@dataclass(frozen=True)
class Wording:
    """What sentences need: the side, helper names, constraints, symbols, helpers per constraint.

    ``helpers_of[i]`` are the helper variables that the axioms of constraint i hold.

    >>> w = Wording.of(2, HelperNames(2), ())
    >>> literal_text(-3, w)
    'r1c2≠1'
    """

    n: int
    helpers: HelperNames
    constraints: tuple[Constraint, ...]
    alphabet: Alphabet
    helpers_of: dict[int, tuple[int, ...]]

    @classmethod
    def of(
        cls,
        n: int,
        helpers: HelperNames,
        axioms: Iterable[LiteralAxiom],
        constraints: Sequence[Constraint] = (),
        symbols: str | None = None,
    ) -> Wording:
        """Return the wording of a formula's steps, its helpers grouped by constraint."""
        claims = n**3
        grouped: dict[int, dict[int, None]] = {}
        for axiom in axioms:
            if axiom.source is not None:
                group = grouped.setdefault(axiom.source, {})
                group.update((abs(u), None) for u in axiom.literals if abs(u) > claims)
        alphabet = alphabet_of(None, symbols)
        helpers_of = {source: tuple(sorted(group)) for source, group in grouped.items()}
        return cls(n, helpers, tuple(constraints), alphabet, helpers_of)

    def title(self, source: int | None) -> str | None:
        """Return the title of a constraint by its index, or None."""
        if source is None or source >= len(self.constraints):
            return None
        return self.constraints[source].title(self.n)


def literal_text(literal: int, wording: Wording) -> str:
    """Name a literal: ``r1c1=5`` / ``r1c1≠5`` in the puzzle's symbols, or a helper's name.

    >>> literal_text(5, Wording.of(2, HelperNames(2), (), symbols="AB"))
    'r2c1=A'
    """
    n = wording.n
    if abs(literal) > n**3:
        return literal_label(literal, wording.helpers)
    claim = claim_of(abs(literal), n)
    sign = "=" if literal > 0 else "≠"
    return f"r{claim.row + 1}c{claim.col + 1}{sign}{symbol(claim.digit, n, wording.alphabet)}"


def _texts(literals: Sequence[int], wording: Wording) -> str:
    return join([literal_text(u, wording) for u in literals])


def _named(axiom: LiteralAxiom, wording: Wording) -> str:
    """Name an axiom in quotes, with its constraint's title when the name does not say it."""
    title = wording.title(axiom.source)
    if title is None or title in axiom.name:
        return f"'{axiom.name}'"
    return f"'{axiom.name}' ({title})"


def _remaining(names: Sequence[str]) -> str:
    """Say which helper claims are left, as fillings when their names end in one.

    Fillings hold commas, so three or more are listed with semicolons.

    >>> _remaining(["c is filled 1,2", "c is filled 2,1", "c is filled 2,4"])
    'only fillings 1,2; 2,1 and 2,4 remain'
    """
    verb = "remains" if len(names) == 1 else "remain"
    fillings = bool(names) and all(_FILLING in name for name in names)
    if len(names) > _LISTED:
        return f"only {len(names)} {'fillings' if fillings else 'of its choices'} remain"
    if fillings:
        lasts = [name.rpartition(_FILLING)[2] for name in names]
        word = "filling" if len(names) == 1 else "fillings"
        listed = join(lasts) if len(lasts) <= 2 else "; ".join(lasts[:-1]) + " and " + lasts[-1]
        return f"only {word} {listed} {verb}"
    return f"only {join([f'({name})' for name in names])} {verb}"


def _cell_result(literal: int, wording: Wording) -> str:
    """Say a claim literal as a fact about its cell: ``r3c4 is 1`` or ``r3c4 is not 2``."""
    n = wording.n
    claim = claim_of(abs(literal), n)
    verb = "is" if literal > 0 else "is not"
    return f"r{claim.row + 1}c{claim.col + 1} {verb} {symbol(claim.digit, n, wording.alphabet)}"


def _by_constraint(step: LiteralStep, wording: Wording, truth: Sequence[int] | None) -> str | None:
    """Say a step that decides claims from a constraint's helper claims, or None."""
    axiom = step.axiom
    claims = wording.n**3
    if axiom is None or truth is None or step.rule not in (Rule.ONE, Rule.TWO):
        return None
    title = wording.title(axiom.source)
    decided = [u for u in step.decided if abs(u) <= claims]
    if title is None or not decided or any(abs(u) <= claims for u in step.because):
        return None
    assert axiom.source is not None
    left = [v for v in wording.helpers_of.get(axiom.source, ()) if truth[v] != FALSE]
    part = axiom.name.rpartition(": ")[0]
    if part != title and part.startswith(title):  # one of the rule's tables: a pair, a window
        title, left = part, [v for v in left if wording.helpers.name(v).startswith(part + " ")]
    names = [wording.helpers.name(v) for v in left]
    facts = join([_cell_result(u, wording) for u in decided])
    return f"{title}: {_remaining(names)}, so {facts}"


def literal_sentence(
    step: LiteralStep, wording: Wording, truth: Sequence[int] | None = None
) -> str:
    """Say what a step does, citing its rule and axiom (and, given ``truth``, what remains).

    ``truth`` is the value of every variable just after the step (index = variable); with it a
    step that decides cells from a constraint's helper claims names the helpers left.

    >>> w = Wording.of(2, HelperNames(2), ())
    >>> axiom = LiteralAxiom("cell r1c1 holds exactly one digit", "cell", (1, 2))
    >>> literal_sentence(LiteralStep(Rule.TWO, axiom, (2,), (-1,), 0), w)
    "rule 2 on 'cell r1c1 holds exactly one digit': r1c1=2 is the only one left"
    >>> literal_sentence(LiteralStep(Rule.ONE, axiom, (-2,), (1,), 0), w)
    "rule 1 on 'cell r1c1 holds exactly one digit': r1c1=1 is true, so r1c1≠2"
    """
    said = _by_constraint(step, wording, truth)
    if said is not None:
        return said
    rule, decided = step.rule, step.decided
    if rule is Rule.GIVEN:
        return f"given: {_texts(decided, wording)}"
    if rule is Rule.GUESS:
        return f"guess (depth {step.depth}): {_texts(decided, wording)}"
    if rule is Rule.BACKTRACK:
        guess = literal_text(-decided[0], wording)
        return (
            f"backtrack (depth {step.depth}): the guess {guess} led to a contradiction, "
            f"so {_texts(decided, wording)}"
        )
    if rule is Rule.SET:
        bases = join([_named(a, wording) for a in step.bases])
        covers = join([_named(a, wording) for a in step.covers])
        return (
            f"set logic (size {step.size}): the true literals of {bases} lie in {covers}, "
            f"so {_texts(decided, wording)}"
        )
    if rule is Rule.ONE:
        assert step.axiom is not None
        return (
            f"rule 1 on {_named(step.axiom, wording)}: {_texts(step.because, wording)} is true, "
            f"so {_texts(decided, wording)}"
        )
    if rule is Rule.TWO:
        assert step.axiom is not None
        return (
            f"rule 2 on {_named(step.axiom, wording)}: {_texts(decided, wording)} "
            "is the only one left"
        )
    return _contradiction(step, wording)


def _contradiction(step: LiteralStep, wording: Wording) -> str:
    because = step.because
    if step.axiom is None:
        if not because:
            return "contradiction: a solution is found; the search looks for another"
        return (
            f"contradiction: {literal_text(because[0], wording)} is already decided the other way"
        )
    name = _named(step.axiom, wording)
    if len(because) == 2 and all(u in step.axiom.literals for u in because):
        return f"contradiction: in {name} both {_texts(because, wording)} are true"
    return f"contradiction: in {name} every literal is false"


def narrated(steps: Iterable[LiteralStep], wording: Wording) -> Iterator[tuple[LiteralStep, str]]:
    """Yield every step of a run with its sentence, following the state to name what remains.

    >>> w = Wording.of(2, HelperNames(2), ())
    >>> [text for _, text in narrated([LiteralStep(Rule.GIVEN, None, (1,), (), 0)], w)]
    ['given: r1c1=1']
    """
    truth = [UNKNOWN] * (wording.helpers.last + 1)
    saved: list[list[int]] = []
    for step in steps:
        if step.rule is Rule.GUESS:
            saved.append(truth[:])
        elif step.rule is Rule.BACKTRACK and saved:
            truth = saved.pop()
        for literal in step.decided:
            truth[abs(literal)] = TRUE if literal > 0 else FALSE
        yield step, literal_sentence(step, wording, truth)


def literal_sentences(steps: Iterable[LiteralStep], wording: Wording) -> Iterator[str]:
    """Say every step of a run in order (see :func:`narrated`).

    >>> w = Wording.of(2, HelperNames(2), ())
    >>> list(literal_sentences([LiteralStep(Rule.GIVEN, None, (1,), (), 0)], w))
    ['given: r1c1=1']
    """
    return (text for _, text in narrated(steps, wording))
