"""satdoku's variant file: every kind of rule written by its fields and read back, the JSON
Schema every written file meets, new kinds taken without edits, and bad files refused by path."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from format_support import refused_solve
from satdoku.cli import main
from satdoku.core._errors import InputError
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraints import (
    CELLS,
    ArithmeticCage,
    Comparison,
    Consecutive,
    KillerCage,
    Operation,
    Side,
    Skyscraper,
    cell_list,
)
from satdoku.io._alphabet import Alphabet
from satdoku.io._puzzle_values import parse_puzzle
from satdoku.io.tatham import parse_game_id
from satdoku.io.variant_file import format_variant, puzzle_of_variant, variant_data
from satdoku.io.variant_file._kinds import kinds_of
from test_variant_rules import KINDS
from variant_examples import VARIANT_PUZZLES

jsonschema = pytest.importorskip("jsonschema")
SCHEMA = json.loads(
    resources.files("satdoku.io.variant_file").joinpath("schema.json").read_text("utf-8")
)
DATA = Path(__file__).resolve().parents[1] / "data"

EVERY_KIND = [
    ArithmeticCage((0, 1, 4), Operation.ADD, 7),
    ArithmeticCage((2, 3), Operation.SUBTRACT, 1),
    ArithmeticCage((6, 7), Operation.MULTIPLY, 12),
    ArithmeticCage((8, 12), Operation.DIVIDE, 2),
    ArithmeticCage((15,), Operation.ADD, 4),
    KillerCage((5, 9), 5),
    KillerCage((10, 11)),
    Comparison(13, 14),
    Consecutive(0, 4),
    Consecutive(1, 2, False),
    *(Skyscraper(side, 2, 3) for side in Side),
    *(rule for rules in VARIANT_PUZZLES for rule in rules),
]


def _valid(data: dict[str, Any]) -> None:
    jsonschema.validate(data, SCHEMA)


def _round_trip(puzzle: Puzzle) -> Puzzle:
    text = format_variant(puzzle)
    _valid(json.loads(text))
    return puzzle_of_variant(json.loads(text))


def test_the_schema_is_a_valid_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("rule", EVERY_KIND, ids=lambda rule: rule.title(4))
def test_every_kind_reads_back_as_itself(rule: Any) -> None:
    puzzle = Puzzle(Shape.latin(4), (0,) * 16, constraints=(rule,))
    assert _round_trip(puzzle) == puzzle


def test_every_kind_the_package_has_is_covered() -> None:
    assert {rule.kind for rule in EVERY_KIND} == set(kinds_of())


def test_cells_are_named_and_other_numbers_stay_numbers() -> None:
    puzzle = Puzzle(
        Shape.latin(4), (0,) * 16, constraints=(KillerCage((5, 9), 5), Skyscraper(Side.TOP, 2, 3))
    )
    assert variant_data(puzzle)["rules"] == [
        {"kind": "killer cage", "members": ["r2c2", "r3c2"], "total": 5},
        {"kind": "skyscraper", "side": "top", "line": 2, "visible": 3},
    ]


@pytest.mark.parametrize(
    "shape",
    [
        Shape.sudoku(9),
        Shape.sudoku(6, (3, 2)),
        Shape.latin(5, diagonals=True),
        Shape.jigsaw([0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3], diagonals=True),
    ],
    ids=Shape.describe,
)
def test_every_shape_reads_back(shape: Shape) -> None:
    n = shape.n
    puzzle = Puzzle(shape, tuple((i * 7) % (n + 1) if i % 3 == 0 else 0 for i in range(n * n)))
    assert _round_trip(puzzle) == puzzle


def test_symbols_are_kept() -> None:
    puzzle = parse_puzzle("A...\n..B.\n....\n...D", Alphabet("ABCD"))
    back = _round_trip(puzzle)
    assert (back, back.symbols) == (puzzle, "ABCD")


def test_published_puzzles_of_every_game_read_back() -> None:
    for game in ("keen", "towers", "unequal", "solo"):
        for row in (DATA / "tatham" / f"{game}.tsv").read_text().splitlines()[::7]:
            puzzle = parse_game_id(row.split("\t")[0], game)
            assert _round_trip(puzzle) == puzzle, row


CELL = st.integers(0, 15)


@st.composite
def _rules(draw: st.DrawFn) -> Any:
    members = tuple(draw(st.lists(CELL, min_size=1, max_size=4, unique=True)))
    first, second = draw(st.lists(CELL, min_size=2, max_size=2, unique=True))
    return draw(
        st.sampled_from(
            [
                KillerCage(members, draw(st.none() | st.integers(1, 40))),
                ArithmeticCage(
                    members,
                    draw(st.sampled_from([Operation.ADD, Operation.MULTIPLY])),
                    draw(st.integers(1, 99)),
                ),
                Comparison(first, second),
                Consecutive(first, second, draw(st.booleans())),
                Skyscraper(
                    draw(st.sampled_from(list(Side))),
                    draw(st.integers(0, 3)),
                    draw(st.integers(1, 4)),
                ),
            ]
        )
    )


VARIANT_RULES = st.sampled_from(sorted(KINDS)).flatmap(KINDS.__getitem__) | st.sampled_from(
    VARIANT_PUZZLES
)
"""Rules of any variant kind, in tuples (the strategies of the variant rules' own tests)."""


@settings(max_examples=150, deadline=None)
@given(
    rules=st.lists(_rules().map(lambda rule: (rule,)) | VARIANT_RULES, max_size=4).map(
        lambda groups: [rule for group in groups for rule in group]
    ),
    cells=st.lists(st.integers(0, 4), min_size=16, max_size=16),
    shape=st.sampled_from([Shape.sudoku(4), Shape.latin(4), Shape.sudoku(4, (1, 4))]),
)
def test_any_puzzle_reads_back_and_meets_the_schema(
    rules: list[Any], cells: list[int], shape: Shape
) -> None:
    puzzle = Puzzle(shape, tuple(cells), constraints=tuple(rules))
    assert _round_trip(puzzle) == puzzle
    assert parse_puzzle(format_variant(puzzle)) == puzzle  # found by its evident form


@dataclass(frozen=True)
class Snake:
    """A throwaway kind: a path of cells, a digit set, a flag, a label and an optional length."""

    kind: ClassVar[str] = "test snake"
    path: tuple[int, ...] = field(metadata=CELLS)
    head: int = field(metadata=CELLS)
    digits: tuple[int, ...]
    side: Side
    slow: bool
    label: str
    length: int | None = None

    def cells(self, n: int) -> tuple[int, ...]:
        return (*self.path, self.head)

    def title(self, n: int) -> str:
        return f"snake {self.label} over {cell_list(self.cells(n), n)}"

    def broken(self, grid: Any, n: int) -> str | None:
        return None


def test_a_new_kind_is_written_and_read_by_its_fields_without_edits() -> None:
    snake = Snake((0, 1, 5), 10, (1, 3), Side.LEFT, True, "green", None)
    puzzle = Puzzle(Shape.latin(4), (0,) * 16, constraints=(snake,))
    data = json.loads(format_variant(puzzle))
    _valid(data)
    assert data["rules"] == [
        {
            "kind": "test snake",
            "path": ["r1c1", "r1c2", "r2c2"],
            "head": "r3c3",
            "digits": [1, 3],
            "side": "left",
            "slow": True,
            "label": "green",
            "length": None,
        }
    ]
    assert puzzle_of_variant(data, [Snake]) == puzzle
    del data["rules"][0]["length"]  # a field with a default may be left out
    assert puzzle_of_variant(data, [Snake]) == puzzle
    with pytest.raises(InputError, match=r"rules\[0\].kind: expected a kind of rule satdoku knows"):
        puzzle_of_variant(data)  # not a kind of the package


def _file(**keys: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "format": "satdoku variant",
        "version": 1,
        "size": 4,
        "givens": [[0] * 4 for _ in range(4)],
        "rules": [],
    }
    return {**base, **keys}


@pytest.mark.parametrize(
    ("keys", "message"),
    [
        ({"format": "other"}, "format: expected 'satdoku variant', got \"other\""),
        ({"version": 2}, "version: expected the file's version 1..1, got 2"),
        ({"size": 4.5}, "size: expected the grid's size: a whole number 1..256, got 4.5"),
        ({"givens": [[0] * 4] * 3}, "givens: expected 4 rows of 4 digits"),
        (
            {"givens": [[0] * 4] * 3 + [[0, 0, 0, 5]]},
            "givens[3][3]: expected a digit (0 blank) 0..4, got 5",
        ),
        ({"boxes": [3, 3]}, "boxes: expected a box's rows and columns, whose product is 4"),
        ({"regions": [["r1c1"]] * 4}, "regions[1][0]: expected a cell in no other region"),
        ({"colour": "red"}, "colour: a variant file has no key 'colour'"),
        (
            {"rules": [{"kind": "snake"}]},
            "rules[0].kind: expected a kind of rule satdoku knows: anti-king, anti-knight, arrow",
        ),
        (
            {"rules": [{"kind": "comparison", "smaller": "r1c1"}]},
            "rules[0]: a comparison needs its field 'larger'",
        ),
        (
            {"rules": [{"kind": "arrow", "circle": ["r1c1"]}]},
            "rules[0]: an arrow needs its field 'shafts'",
        ),
        (
            {"rules": [{"kind": "comparison", "smaller": "r1c1", "larger": "r5c1"}]},
            'rules[0].larger: expected a cell r1c1..r4c4, got "r5c1"',
        ),
        (
            {"rules": [{"kind": "comparison", "smaller": 0, "larger": "r1c2"}]},
            "rules[0].smaller: expected a cell r1c1..r4c4, got 0",
        ),
        (
            {"rules": [{"kind": "comparison", "smaller": "r1c1", "larger": "r1c1"}]},
            "rules[0]: a sign between two cells names cell 0 twice",
        ),
        (
            {"rules": [{"kind": "comparison", "smaller": "r1c1", "larger": "r1c2", "x": 1}]},
            "rules[0].x: a comparison has no field 'x'",
        ),
        (
            {
                "rules": [
                    {"kind": "keen cage", "members": ["r1c1"], "operation": "plus", "target": 1}
                ]
            },
            "rules[0].operation: expected one of '+', '−', '×', '÷'",
        ),
        (
            {"rules": [{"kind": "killer cage", "members": ["r1c1"], "total": "7"}]},
            "rules[0].total: expected a whole number or null",
        ),
        (
            {"rules": [{"kind": "skyscraper", "side": "top", "line": 4, "visible": 1}]},
            "rules[0]: top clue on line 5 of a 4x4 grid",
        ),
    ],
)
def test_bad_files_are_refused_by_json_path(keys: dict[str, Any], message: str) -> None:
    with pytest.raises(InputError) as caught:
        puzzle_of_variant(_file(**keys))
    assert message in caught.value.message


def test_show_writes_variant_files_every_command_reads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = (DATA / "tatham" / "keen.tsv").read_text().splitlines()[:3]
    (tmp_path / "keen.txt").write_text("".join(f"keen:{r.split(chr(9))[0]}\n" for r in rows))
    assert main(["show", str(tmp_path / "keen.txt"), "--format", "variant"]) == 0
    written = capsys.readouterr().out
    assert len(written.splitlines()) == 3
    for line in written.splitlines():
        _valid(json.loads(line))
    (tmp_path / "keen.jsonl").write_text(written)
    (tmp_path / "one.json").write_text(json.dumps(json.loads(written.splitlines()[0]), indent=2))
    for argv, count in (
        (["keen.jsonl"], 3),
        (["keen.jsonl", "--input-format", "variant"], 3),
        (["one.json"], 1),
    ):
        assert main(["solve", str(tmp_path / argv[0]), *argv[1:]]) == 0
        out = capsys.readouterr().out.split()
        assert out == [r.split("\t")[1] for r in rows][:count]


@pytest.mark.parametrize(
    ("content", "argv", "message"),
    [
        (
            '{"format": "satdoku variant",\n "size": }',
            [],
            "v.json:2:10: invalid JSON: Expecting value",
        ),
        (
            json.dumps(_file(rules=[{"kind": "comparison"}])),
            [],
            "v.json:1: rules[0]: a comparison needs its field 'smaller'",
        ),
        (
            "1...............\n",
            ["--input-format", "variant"],
            "v.json:1: expected a variant file: a JSON object",
        ),
        (json.dumps(_file()), ["--diagonals"], "v.json:1: this variant file is a 4x4 latin"),
        (
            json.dumps(_file()),
            ["--input-format", "fpuzzles"],
            "this is a satdoku variant file, not fpuzzles",
        ),
    ],
)
def test_bad_variant_input_exits_2_with_one_located_line(
    content: str,
    argv: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert message in refused_solve(tmp_path / "v.json", content, argv, capsys)


_LINE = {"path"}
CELL_FIELDS = {
    "distinct": {"members"},
    "parity": {"cell"},
    "extremum": {"cell", "exempt"},
    "kropki": {"first", "second"},
    "kropki negative": {"marked"},
    "xv": {"first", "second"},
    "xv negative": {"marked"},
    "arrow": {"circle", "shafts"},
    "quadruple": {"corner"},
    "clone": {"first", "second"},
    **dict.fromkeys(
        ["thermometer", "whisper", "renban", "palindrome", "between line", "entropic line"]
        + ["modular line", "zipper line", "region sum line"],
        _LINE,
    ),
    **dict.fromkeys(["little killer", "sandwich", "x-sum", "anti-knight", "anti-king"], set()),
    "non-consecutive": set(),
}
"""The fields of each variant kind that hold cells (a little killer's row and column are a
place outside the grid, not a cell)."""


def _flat(value: object) -> list[object]:
    return [x for item in value for x in _flat(item)] if isinstance(value, list) else [value]


@pytest.mark.parametrize("rule", [r for rules in VARIANT_PUZZLES for r in rules], ids=repr)
def test_variant_kinds_name_their_cells_r1c1_and_nothing_else(rule: Any) -> None:
    record = variant_data(Puzzle(Shape.sudoku(4), (0,) * 16, constraints=(rule,)))["rules"][0]
    named = {
        key
        for key, value in record.items()
        if _flat(value) and all(re.fullmatch(r"r[1-4]c[1-4]", str(x)) for x in _flat(value))
    }
    assert named == {key for key in CELL_FIELDS[rule.kind] if _flat(record[key])}
