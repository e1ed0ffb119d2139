"""SudokuPad's compact JSON: the puzzle JSON with long keys shortened (``cells`` is ``ce``),
keys unquoted, strings in single quotes, ``true``/``false`` as ``t``/``f`` and empty objects
left out of lists, which SudokuPad writes before compressing a puzzle.

Read here by a small parser of that syntax (:func:`parse_zipped`), and written back
(:func:`format_zipped`); :func:`long_keys` renames the short keys. A list item left out is an
empty object (``[,]`` is ``[{}, {}]``); after a key, ``#0`` and ``#F`` are black and white and
six hexadecimal digits are a colour (``#``-less).
"""

from __future__ import annotations

import json
import re

from ...core._errors import InputError

__all__ = ["SHORT_KEYS", "format_zipped", "long_keys", "parse_zipped"]

SHORT_KEYS = {
    "color": "c",
    "cages": "ca",
    "center": "ct",
    "borderColor": "c1",
    "backgroundColor": "c2",
    "cells": "ce",
    "cellSize": "cs",
    "arrows": "a",
    "overlays": "o",
    "underlays": "u",
    "width": "w",
    "height": "h",
    "value": "v",
    "videos": "vd",
    "lines": "l",
    "rounded": "r",
    "regions": "re",
    "fontSize": "fs",
    "thickness": "th",
    "headLength": "hl",
    "wayPoints": "wp",
    "title": "t",
    "text": "te",
    "duration": "d",
    "d": "d2",
}
"""SudokuPad's short name of each long key of its puzzle JSON."""

_LONG_KEYS = {short: long for long, short in SHORT_KEYS.items()}
_NAME = re.compile(r"[A-Za-z0-9]+")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_WORDS = {"t": True, "f": False, "true": True, "false": False, "null": None}
_COLOURS = {"#0": "#000000", "#F": "#FFFFFF"}
_HEX = re.compile(r"[0-9a-fA-F]{6}(?=[,}\]])")


class _Parser:
    """A reader of compact JSON text, saying at which character it fails."""

    def __init__(self, text: str, what: str) -> None:
        self.text = text
        self.what = what
        self.quote = "'" if '"' not in text else '"'
        self.pos = 0

    def fail(self, expected: str) -> InputError:
        got = repr(self.text[self.pos]) if self.pos < len(self.text) else "the end"
        return InputError(f"{self.what}, character {self.pos + 1}: expected {expected}, got {got}")

    def peek(self) -> str:
        return self.text[self.pos : self.pos + 1]

    def expect(self, char: str) -> None:
        if self.peek() != char:
            raise self.fail(repr(char))
        self.pos += 1

    def value(self, after_key: bool = False) -> object:
        char = self.peek()
        if char == "{":
            return self.entries()
        if char == "[":
            return self.items()
        if char == self.quote:
            return self.string()
        if after_key and (hex_match := _HEX.match(self.text, self.pos)):
            self.pos = hex_match.end()
            return "#" + hex_match.group()
        for word, colour in _COLOURS.items():
            if after_key and self.text.startswith(word, self.pos):
                self.pos += len(word)
                return colour
        name = _NAME.match(self.text, self.pos)
        if name and name.group() in _WORDS:
            self.pos = name.end()
            return _WORDS[name.group()]
        number = _NUMBER.match(self.text, self.pos)
        if number is None:
            raise self.fail("a value (an object, list, string, number, t or f)")
        self.pos = number.end()
        return json.loads(number.group())

    def string(self) -> str:
        start = self.pos
        self.pos += 1
        while self.pos < len(self.text) and self.text[self.pos] != self.quote:
            self.pos += 2 if self.text[self.pos] == "\\" else 1
        if self.pos >= len(self.text):
            self.pos = start
            raise self.fail("a string that ends")
        self.pos += 1
        body = self.text[start + 1 : self.pos - 1]
        if self.quote == "'":
            body = body.replace('"', '\\"').replace("\\'", "'")
        try:
            return str(json.loads(f'"{body}"'))
        except json.JSONDecodeError:
            self.pos = start
            raise self.fail("a string with valid escapes") from None

    def key(self) -> str:
        if self.peek() in (self.quote, '"'):
            return self.string()
        name = _NAME.match(self.text, self.pos)
        if name is None:
            raise self.fail("a key")
        self.pos = name.end()
        return name.group()

    def entries(self) -> dict[str, object]:
        self.expect("{")
        entries: dict[str, object] = {}
        if self.peek() == "}":
            self.pos += 1
            return entries
        while True:
            key = self.key()
            self.expect(":")
            entries[key] = self.value(after_key=True)
            if self.peek() == "}":
                self.pos += 1
                return entries
            self.expect(",")

    def items(self) -> list[object]:
        self.expect("[")
        items: list[object] = []
        while True:
            items.append({} if self.peek() in (",", "]") else self.value())
            if self.peek() == "]":
                self.pos += 1
                return items
            self.expect(",")


def parse_zipped(text: str, what: str = "SudokuPad data") -> object:
    """Read SudokuPad's compact JSON (its short keys kept: see :func:`long_keys`).

    >>> parse_zipped("{ce:[[{v:1},],[,]],re:[],c:#0,x:t}")
    {'ce': [[{'v': 1}, {}], [{}, {}]], 're': [{}], 'c': '#000000', 'x': True}
    >>> parse_zipped("{ce:[[1,}")
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: SudokuPad data, character 9: expected a value (an object, \
list, string, number, t or f), got '}'
    """
    parser = _Parser(text.strip(), what)
    try:
        data = parser.value()
    except RecursionError:
        raise InputError(f"{what}: nested too deeply") from None
    if parser.pos != len(parser.text):
        raise parser.fail("the end of the data")
    return data


def long_keys(data: object, what: str = "SudokuPad data") -> object:
    """Return the data with SudokuPad's short keys renamed to its long ones (``ce``: ``cells``).

    >>> long_keys({"ce": [[{"v": 3}]], "d2": 1})
    {'cells': [[{'value': 3}]], 'd': 1}
    """
    if isinstance(data, list):
        return [long_keys(item, what) for item in data]
    if not isinstance(data, dict):
        return data
    renamed: dict[str, object] = {}
    for key, value in data.items():
        name = _LONG_KEYS.get(key, str(key))
        if name in renamed:
            raise InputError(f"{what}: the key {name!r} is given twice ({key!r} is its short name)")
        renamed[name] = long_keys(value, what)
    return renamed


def _zipped(value: object) -> str:
    """Return one value in compact JSON."""
    if isinstance(value, dict):
        members = []
        for key, item in value.items():
            if item == []:
                continue
            name = SHORT_KEYS.get(key, str(key))
            shown = name if _NAME.fullmatch(name) else _zipped(name)
            word = {True: "t", False: "f"}.get(item) if isinstance(item, bool) else None
            if isinstance(item, int) and not word and 100_000 <= item <= 999_999:
                raise ValueError(f"SudokuPad reads {item} after a key as a colour")
            members.append(f"{shown}:{word or _zipped(item)}")
        return "{" + ",".join(members) + "}"
    if isinstance(value, list):
        if value == []:
            raise ValueError("compact JSON has no empty list inside a list")
        return "[" + ",".join("" if item == {} else _zipped(item) for item in value) + "]"
    if isinstance(value, str):  # a " inside as \u0022: SudokuPad reads \' as '
        inside = json.dumps(value, ensure_ascii=False)[1:-1].replace('\\"', "\\u0022")
        return "'" + inside.replace("'", "\\'") + "'"
    return json.dumps(value)


def format_zipped(data: object) -> str:
    """Write data as SudokuPad's compact JSON, its long keys shortened.

    >>> format_zipped({"cells": [[{"value": 1}, {}], [{}, {}]], "regions": []})
    '{ce:[[{v:1},],[,]]}'
    >>> parse_zipped(format_zipped({"title": 'say "hi"', "x": [True]}))
    {'t': 'say "hi"', 'x': [True]}
    """
    return _zipped(data)
