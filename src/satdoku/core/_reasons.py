"""Reasons: the claims that make a finished grid fail a test, so every grid sharing them fails.

A :class:`Reject` is what a predicate gives instead of ``False`` (see
:mod:`satdoku.api._predicates`); a result keeps the reasons its predicate gave
(:attr:`satdoku.core._results.Result.blocked`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ._claims import Claim

__all__ = ["Reject"]


@dataclass(frozen=True)
class Reject:
    """A rejection with its reason: every grid holding ``claims`` and none of ``absent`` fails.

    It is falsy, so ``if pred(grid):`` reads the same as for a boolean predicate.

    >>> r = Reject((Claim(0, 0, 1), Claim(0, 1, 1)))
    >>> bool(r), [c.label() for c in r.claims]
    (False, ['r1c1=1', 'r1c2=1'])
    """

    claims: tuple[Claim, ...] = ()
    absent: tuple[Claim, ...] = ()

    def __bool__(self) -> bool:
        return False
