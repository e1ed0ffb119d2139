"""Rules as words of a CNF header, and back: ``comparison 0 1``, ``skyscraper top 2 4``.

Cells are indices ``row*n + col``; the words are ASCII. :func:`rule_words` and :func:`read_rule`
are inverses.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.constraints import (
    ArithmeticCage,
    Comparison,
    Consecutive,
    Constraint,
    KillerCage,
    Operation,
    Side,
    Skyscraper,
)
from ..core.errors import InputError

__all__ = ["rule_words", "read_rule"]


def _cells(cells: tuple[int, ...]) -> str:
    return " ".join(map(str, cells))


def rule_words(rule: Constraint) -> str:
    """Return the words of a rule in a CNF header.

    >>> rule_words(ArithmeticCage((0, 9), Operation.ADD, 12))
    'keen cage add 12 over 0 9'
    >>> rule_words(Consecutive(3, 4, False)), rule_words(Skyscraper(Side.TOP, 2, 4))
    ('consecutive 3 4 no', 'skyscraper top 2 4')
    """
    if isinstance(rule, ArithmeticCage):
        op = rule.operation.name.lower()
        return f"{rule.kind} {op} {rule.target} over {_cells(rule.members)}"
    if isinstance(rule, KillerCage):
        total = "none" if rule.total is None else rule.total
        return f"{rule.kind} {total} over {_cells(rule.members)}"
    if isinstance(rule, Comparison):
        return f"{rule.kind} {rule.smaller} {rule.larger}"
    if isinstance(rule, Consecutive):
        return f"{rule.kind} {rule.first} {rule.second} {'yes' if rule.consecutive else 'no'}"
    if isinstance(rule, Skyscraper):
        return f"{rule.kind} {rule.side.value} {rule.line} {rule.visible}"
    raise InputError(f"satdoku cannot write {rule.kind} rules into a CNF header")


def _keen(words: list[str]) -> Constraint:
    op, target, over, *cells = words
    if over != "over":
        raise ValueError(f"expected 'over', got {over!r}")
    return ArithmeticCage(tuple(map(int, cells)), Operation[op.upper()], int(target))


def _killer(words: list[str]) -> Constraint:
    total, over, *cells = words
    if over != "over":
        raise ValueError(f"expected 'over', got {over!r}")
    return KillerCage(tuple(map(int, cells)), None if total == "none" else int(total))


def _comparison(words: list[str]) -> Constraint:
    smaller, larger = words
    return Comparison(int(smaller), int(larger))


def _consecutive(words: list[str]) -> Constraint:
    first, second, mark = words
    if mark not in ("yes", "no"):
        raise ValueError(f"expected yes or no, got {mark!r}")
    return Consecutive(int(first), int(second), mark == "yes")


def _skyscraper(words: list[str]) -> Constraint:
    side, line, visible = words
    return Skyscraper(Side(side), int(line), int(visible))


_READERS: dict[str, Callable[[list[str]], Constraint]] = {
    "keen cage": _keen,
    "killer cage": _killer,
    "comparison": _comparison,
    "consecutive": _consecutive,
    "skyscraper": _skyscraper,
}


def read_rule(text: str) -> Constraint:
    """Return the rule that :func:`rule_words` wrote; raise InputError on other words.

    >>> read_rule("keen cage divide 2 over 0 1")
    ArithmeticCage(members=(0, 1), operation=<Operation.DIVIDE: '÷'>, target=2)
    >>> read_rule("thermometer 1 2")
    Traceback (most recent call last):
    ...
    satdoku.core.errors.InputError: unknown rule in a CNF header: 'thermometer 1 2'
    """
    for kind, reader in _READERS.items():
        if text.startswith(kind + " "):
            try:
                return reader(text[len(kind) + 1 :].split())
            except (ValueError, KeyError) as err:
                raise InputError(f"a damaged rule in a CNF header: {text!r} ({err})") from None
    raise InputError(f"unknown rule in a CNF header: {text!r}")
