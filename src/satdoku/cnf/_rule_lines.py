"""Rules as words of a CNF header, and back: ``comparison 0 1``, ``skyscraper top 2 4``.

Five kinds have words (cells are indices ``row*n + col``); every other kind is written as its
object in satdoku's variant file (:mod:`satdoku.io.variant_file`), compact JSON on one ASCII line:
``{"kind":"thermometer","path":["r1c1","r1c2"],"slow":false}``. :func:`rule_words` and
:func:`read_rule` are inverses; :func:`read_rule_line` reads a header's ``c rule`` line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from ..core._errors import InputError
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
from ..io._json_path import JsonAt
from ..io.variant_file._kinds import kinds_of, rule_of, rule_record

__all__ = ["rule_words", "read_rule", "read_rule_line"]


def _cells(cells: tuple[int, ...]) -> str:
    return " ".join(map(str, cells))


def rule_words(rule: Constraint, n: int) -> str:
    """Return the words of a rule of an n×n puzzle in a CNF header.

    >>> rule_words(ArithmeticCage((0, 9), Operation.ADD, 12), 9)
    'keen cage add 12 over 0 9'
    >>> rule_words(Consecutive(3, 4, False), 9), rule_words(Skyscraper(Side.TOP, 2, 4), 9)
    ('consecutive 3 4 no', 'skyscraper top 2 4')
    >>> from satdoku.core.constraints import Thermometer
    >>> rule_words(Thermometer((0, 1, 5)), 4)
    '{"kind":"thermometer","path":["r1c1","r1c2","r2c2"],"slow":false}'
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
    if kinds_of().get(rule.kind) is not type(rule):
        raise InputError(f"satdoku cannot write {rule.kind} rules into a CNF header")
    return json.dumps(rule_record(rule, n), separators=(",", ":"), ensure_ascii=True)


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


def _read_record(text: str, n: int) -> Constraint:
    """Return the rule a variant-file object written by :func:`rule_words` names."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ValueError(f"expected a rule as one JSON object ({err.msg})") from None
    kind = data.get("kind") if isinstance(data, dict) else None
    if isinstance(kind, str) and kind in _READERS:
        raise ValueError(f"expected {kind} rules in words, not in JSON")
    return rule_of(JsonAt(data, "rule"), n, kinds_of())


def read_rule(text: str, n: int) -> Constraint:
    """Return the rule of an n×n puzzle that :func:`rule_words` wrote; raise InputError on others.

    >>> read_rule("keen cage divide 2 over 0 1", 9)
    ArithmeticCage(members=(0, 1), operation=<Operation.DIVIDE: '÷'>, target=2)
    >>> read_rule('{"kind":"parity","cell":"r2c1","even":true}', 4)
    Parity(cell=4, even=True)
    >>> read_rule("thermometer 1 2", 9)
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: unknown rule in a CNF header: 'thermometer 1 2'
    """
    if text.startswith("{"):
        try:
            return _read_record(text, n)
        except (ValueError, InputError) as err:
            message = err.message if isinstance(err, InputError) else str(err)
            raise InputError(f"a damaged rule in a CNF header: {message}") from None
    for kind, reader in _READERS.items():
        if text.startswith(kind + " "):
            try:
                return reader(text[len(kind) + 1 :].split())
            except (ValueError, KeyError) as err:
                raise InputError(f"a damaged rule in a CNF header: {text!r} ({err})") from None
    raise InputError(f"unknown rule in a CNF header: {text!r}")


_TITLED = re.compile(r"([^(]*?)(?: \(.*\))?")
"""A rule in words, then maybe its title in parentheses."""


def read_rule_line(text: str, n: int) -> Constraint:
    """Return the rule of the text after ``c rule k:`` of a header: the rule, maybe its title.

    An error's column, when known, counts in ``text``.

    >>> read_rule_line('{"kind":"distinct","members":["r1c1","r2c2"],"label":"(a)"} (a)', 4)
    Distinct(members=(0, 5), label='(a)')
    >>> read_rule_line("comparison 0 1 (r1c1 < r1c2)", 4)
    Comparison(smaller=0, larger=1)
    """
    if not text.startswith("{"):
        match = _TITLED.fullmatch(text)
        return read_rule(match.group(1) if match else text, n)
    try:
        end = json.JSONDecoder().raw_decode(text)[1]
    except json.JSONDecodeError as err:
        raise InputError(
            f"a damaged rule in a CNF header: expected a rule as one JSON object ({err.msg})",
            column=err.pos + 1,
        ) from None
    if text[end:] and not (text[end:].startswith(" (") and text.endswith(")")):
        raise InputError("a damaged rule in a CNF header: expected the rule's title in parentheses")
    return read_rule(text[:end], n)
