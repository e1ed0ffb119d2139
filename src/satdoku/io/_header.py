"""The shape line: a ``# shape:`` comment above a text's puzzles naming their shape and alphabet.

A side alone does not tell a 6x6 with 3x2 boxes from one with 2x3 boxes, a 9x9 Latin square from a
Sudoku, or a jigsaw from either; a text that starts with a shape line says which. Its words:
``sudoku``, ``latin`` or ``jigsaw``, the side, then ``box RxC``, ``diagonals``, ``regions MAP``
(one symbol per cell, or names separated by commas) and ``alphabet SYMBOLS``, each when it is not
what the side alone gives. satdoku's writers put one at the top of their line output whenever the
shape or the alphabet is not the default, and every reader honours it before the first puzzle.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from itertools import chain

from ..core._errors import InputError
from ..core._shape import Shape, default_box
from ._alphabet import DEFAULT_SYMBOLS, Alphabet
from ._shape_options import ShapeOptions

__all__ = ["Header", "options_line", "parse_box", "parse_header", "shape_line", "split_header"]

PREFIX = "shape:"
"""What a comment starts with (after ``#``) to be a shape line."""

KINDS = ("sudoku", "latin", "jigsaw")

REGION_SYMBOLS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
"""Region names written one symbol per cell (case counts); bigger maps name regions by numbers."""


@dataclass(frozen=True)
class Header:
    """What a shape line says: the shape options, the side when it names one, the alphabet.

    >>> h = parse_header("# shape: sudoku 6 box 3x2")
    >>> h.options.box, h.side, h.symbols
    ((3, 2), 6, None)
    """

    options: ShapeOptions
    side: int | None = None
    symbols: str | None = None
    text: str = ""
    line: int | None = None

    def applied(
        self, options: ShapeOptions, alphabet: Alphabet, source: str | None = None
    ) -> tuple[ShapeOptions, Alphabet]:
        """Return the shape options and alphabet to read with: the line's, when the ones given
        agree with it; a contradiction is an InputError saying which two disagree.

        >>> h = parse_header("# shape: latin")
        >>> h.applied(ShapeOptions(), Alphabet())[0].latin
        True
        >>> h.applied(ShapeOptions(box=(3, 3)), Alphabet())
        Traceback (most recent call last):
        ...
        satdoku.core._errors.InputError: the file's '# shape: latin' line and --box 3x3 disagree: \
give the shape once (drop --box, or edit or remove the '# shape' line)
        """
        mine = self.options
        box = mine.box
        if box is None and not mine.latin and mine.regions is None and self.side is not None:
            box = default_box(self.side)
        clashes = [
            ("--latin", options.latin and not mine.latin),
            (
                f"--box {_box_text(options.box)}",
                options.box is not None and not _same_box(box, options.box, mine),
            ),
            (
                "--regions",
                options.regions is not None and _renumbered(options.regions) != mine.regions,
            ),
            ("--diagonals", options.diagonals and not mine.diagonals),
        ]
        given = alphabet.symbols != DEFAULT_SYMBOLS
        if given and self.symbols is not None and alphabet.symbols != self.symbols:
            clashes.append((f"--alphabet {alphabet.symbols}", True))
        for name, clash in clashes:
            if clash:
                flag = name.split()[0]
                raise InputError(
                    f"the file's '{self.text}' line and {name} disagree: give the shape once "
                    f"(drop {flag}, or edit or remove the '# shape' line)",
                    source=source,
                    line=self.line,
                )
        if self.symbols is None or given:
            return mine, alphabet
        blanks = alphabet.blanks
        if blanks is None:
            blanks = Alphabet(self.symbols).blank_symbols  # named symbols: '0' no guess
        return mine, Alphabet(self.symbols, blanks)


def split_header(lines: Iterable[str], source: str | None) -> tuple[Iterator[str], Header | None]:
    """Read a text's lines up to its first puzzle line; return them all and its shape line.

    >>> lines, header = split_header(["# shape: latin", "1..."], None)
    >>> list(lines), header.options.latin
    (['# shape: latin', '1...'], True)
    """
    stream = iter(lines)
    head: list[str] = []
    header = None
    for number, text in enumerate(stream, 1):
        head.append(text)
        stripped = text.strip().lstrip("\ufeff").strip()
        if stripped and not stripped.startswith("#"):
            break
        found = parse_header(stripped, number, source) if stripped else None
        if found is not None:
            if header is not None and found.text != header.text:
                raise InputError(
                    f"a second shape line, which differs from line {header.line}'s: "
                    "give one '# shape' line",
                    source=source,
                    line=number,
                )
            header = found
    return chain(head, stream), header


def _box_text(box: tuple[int, int] | None) -> str:
    return "" if box is None else f"{box[0]}x{box[1]}"


def _same_box(box: tuple[int, int] | None, wanted: tuple[int, int], mine: ShapeOptions) -> bool:
    """Tell whether a line's box (None: the default for each side) is the one wanted."""
    if mine.latin or mine.regions is not None:
        return False
    if box is None:
        return default_box(wanted[0] * wanted[1]) == wanted
    return box == wanted


def _renumbered(regions: tuple[int, ...]) -> tuple[int, ...]:
    """Number regions in the order they first appear (two maps of one partition then agree).

    >>> _renumbered((2, 2, 0, 1))
    (0, 0, 1, 2)
    """
    names: dict[int, int] = {}
    return tuple(names.setdefault(r, len(names)) for r in regions)


def parse_header(text: str, line: int | None = None, source: str | None = None) -> Header | None:
    """Return what a shape line says, None for any other line; a bad shape line is an InputError.

    >>> parse_header("# a comment") is None
    True
    >>> parse_header("# shape: jigsaw 2 regions 0011").options.regions
    (0, 0, 1, 1)
    >>> parse_header("# shape: latin box 3x3", line=1)
    Traceback (most recent call last):
    ...
    satdoku.core._errors.InputError: 1: shape line: 'box' does not go with latin: expected \
'# shape: sudoku|latin|jigsaw [SIDE] [box RxC] [diagonals] [regions MAP] [alphabet SYMBOLS]'
    """
    body = text.strip().lstrip("\ufeff")
    if not body.startswith("#"):
        return None
    body = body[1:].strip()
    if not body.lower().startswith(PREFIX):
        return None
    try:
        return _header(body[len(PREFIX) :].split(), "# " + body, line)
    except InputError as err:
        raise InputError(
            f"shape line: {err.message}: expected '# shape: sudoku|latin|jigsaw [SIDE] "
            "[box RxC] [diagonals] [regions MAP] [alphabet SYMBOLS]'",
            source=source,
            line=line,
        ) from None


def _header(words: list[str], text: str, line: int | None) -> Header:
    if not words or words[0].lower() not in KINDS:
        raise InputError(f"it names no kind ({', '.join(KINDS)})")
    kind = words[0].lower()
    side = None
    box = regions = symbols = None
    diagonals = False
    rest = iter(words[1:])
    for word in rest:
        key = word.lower()
        if key.isdigit() and side is None:
            side = int(key)
        elif key == "diagonals":
            diagonals = True
        elif key in ("box", "regions", "alphabet"):
            value = next(rest, None)
            if value is None:
                raise InputError(f"'{word}' needs a value")
            if (key == "box" and kind != "sudoku") or (key == "regions" and kind != "jigsaw"):
                raise InputError(f"'{word}' does not go with {kind}")
            if key == "box":
                box = parse_box(value)
            elif key == "regions":
                regions = _regions(value)
            else:
                symbols = Alphabet(value).symbols
        else:
            raise InputError(f"unknown word {word!r}")
    if kind == "jigsaw" and regions is None:
        raise InputError("a jigsaw needs 'regions MAP'")
    implied = box[0] * box[1] if box else (Shape.jigsaw(regions).n if regions else None)
    if side is not None and implied is not None and side != implied:
        raise InputError(f"side {side} does not match the {implied}x{implied} of its boxes or map")
    options = ShapeOptions(box, kind == "latin", diagonals, regions)
    return Header(options, side or implied, symbols, text, line)


def parse_box(value: str) -> tuple[int, int]:
    """Return the box RxC says: rows, columns.

    >>> parse_box("3x2")
    (3, 2)
    """
    rows, _, cols = value.lower().replace("×", "x").partition("x")
    if not (rows.isdigit() and cols.isdigit()) or int(rows) < 1 or int(cols) < 1:
        raise InputError(f"box {value!r} is not RxC")
    return int(rows), int(cols)


def _regions(value: str) -> tuple[int, ...]:
    names = value.split(",") if "," in value else list(value)
    numbers: dict[str, int] = {}
    regions = tuple(numbers.setdefault(name, len(numbers)) for name in names)
    Shape.jigsaw(regions)  # a square number of cells, n regions of n cells each
    return regions


def shape_line(shape: Shape, symbols: str | None = None) -> str | None:
    """Return the shape line of a shape and alphabet, None when the side alone says it all.

    >>> shape_line(Shape.sudoku(6, (3, 2))), shape_line(Shape.sudoku(6)), shape_line(Shape.latin(9))
    ('# shape: sudoku 6 box 3x2', None, '# shape: latin')
    >>> shape_line(Shape.jigsaw([0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]))
    '# shape: jigsaw 4 regions 0011001122332233'
    >>> shape_line(Shape.sudoku(16), "0123456789ABCDEF")
    '# shape: sudoku alphabet 0123456789ABCDEF'
    """
    n = shape.n
    default = ShapeOptions().shape_for(n)
    alphabet = [] if symbols in (None, DEFAULT_SYMBOLS) else ["alphabet", str(symbols)]
    if shape == default and not alphabet:
        return None
    words: list[str]
    if shape.regions is not None:
        regions = _renumbered(shape.regions)
        if n <= len(REGION_SYMBOLS):
            names = "".join(REGION_SYMBOLS[r] for r in regions)
        else:
            names = ",".join(map(str, regions))
        words = ["jigsaw", str(n), "regions", names]
    elif shape.box is None and default.box is not None:
        words = ["latin"]
    elif shape.box is not None and shape.box != default.box:
        words = ["sudoku", str(n), "box", _box_text(shape.box)]
    else:
        words = ["sudoku"]
    if shape.diagonals:
        words.append("diagonals")
    return "# shape: " + " ".join(words + alphabet)


def options_line(options: ShapeOptions, symbols: str | None = None) -> str | None:
    """Return the shape line of shape options for puzzles of any side (None: the defaults).

    >>> options_line(ShapeOptions(latin=True)), options_line(ShapeOptions(box=(3, 2)))
    ('# shape: latin', '# shape: sudoku 6 box 3x2')
    >>> options_line(ShapeOptions()) is None
    True
    """
    if options.regions is not None:
        shape = Shape.jigsaw(options.regions, diagonals=options.diagonals)
    elif options.box is not None:
        shape = Shape.sudoku(options.box[0] * options.box[1], options.box)
    else:
        shape = Shape(4, None if options.latin else (2, 2))  # any side: its words name none
    return shape_line(replace(shape, diagonals=options.diagonals), symbols)
