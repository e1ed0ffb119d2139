"""The steps of the stepper over axioms of any form: literals made true, and why.

The general propagator (:mod:`satdoku.rules._literal_propagation`) records what it does as
:class:`LiteralStep` values, with the same :class:`~satdoku.rules._steps.Rule` values as the
stepper over houses: a given, rule 1, rule 2, set logic, a guess, a backtrack, a contradiction.
A literal is a claim variable or helper claim variable, negated for "false"; a step deciding a
helper claim is a real step (it is how a cage says which of its fillings remain).
"""

from __future__ import annotations

from typing import NamedTuple

from ..core._literal_axioms import LiteralAxiom
from ._steps import Rule

__all__ = ["LiteralStep"]


class LiteralStep(NamedTuple):
    """One step: its rule and axiom, the literals it makes true and the literals that caused it.

    ``decided`` are the literals this step makes true (rule 1 makes ``-l`` true for every other
    literal ``l`` of its axiom); ``because`` are literals already true that caused it (for rule 2
    the negations of the other literals; for a contradiction the two true literals, or the
    negations of every literal). ``depth`` is the number of guesses in force (a backtrack carries
    the depth of the guess it undoes). A set-logic step has its ``bases`` and ``covers``.

    >>> step = LiteralStep(Rule.TWO, LiteralAxiom("a", "cell", (1, 2)), (2,), (-1,), 0)
    >>> step.rule.value, step.decided
    (2, (2,))
    """

    rule: Rule
    axiom: LiteralAxiom | None
    decided: tuple[int, ...]
    because: tuple[int, ...]
    depth: int
    bases: tuple[LiteralAxiom, ...] = ()
    covers: tuple[LiteralAxiom, ...] = ()

    @property
    def size(self) -> int:
        """Return k of a set-logic step (its number of bases), else 0.

        >>> LiteralStep(Rule.ONE, None, (-2,), (1,), 0).size
        0
        """
        return len(self.bases)
