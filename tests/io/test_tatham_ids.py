"""Game IDs of Simon Tatham's Keen, Towers, Unequal and Solo, read and written.

The proof of the reading: Tatham's own solver's solution of each stored ID passes satdoku's
independent checkers (every house, and every constraint read from the ID).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from satdoku.core._checker import is_solution
from satdoku.core._errors import InputError
from satdoku.core._puzzle import Puzzle
from satdoku.core._shape import Shape
from satdoku.core.constraints import (
    ArithmeticCage,
    Comparison,
    Consecutive,
    KillerCage,
    Operation,
    Side,
    Skyscraper,
    broken_constraints,
)
from satdoku.io._puzzle_values import parse_puzzle
from satdoku.io._reading import FileLayout, read_puzzles
from satdoku.io.tatham import GAMES, format_game_id, game_of, parse_game_id
from satdoku.io.tatham._codes import block_members, blocks_of

DATA = Path(__file__).resolve().parents[1] / "data" / "tatham"
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVW"


def _rows(game: str) -> list[tuple[str, str, str]]:
    lines = (DATA / f"{game}.tsv").read_text().splitlines()
    return [(game, *line.split("\t")[:2]) for line in lines]


def _params(game: str) -> list[str]:
    return [line.split("\t")[2] for line in (DATA / f"{game}.tsv").read_text().splitlines()]


CASES = [row for game in GAMES for row in _rows(game)]
IDS = [f"{game}-{index}" for game in GAMES for index in range(len(_rows(game)))]


def _digits(solution: str) -> tuple[int, ...]:
    return tuple(SYMBOLS.index(symbol) + 1 for symbol in solution)


def _solved(puzzle: Puzzle, grid: tuple[int, ...]) -> bool:
    """Tell whether a grid solves the puzzle: houses, givens and constraints all kept."""
    return (
        is_solution(grid, puzzle) and broken_constraints(grid, puzzle.n, puzzle.constraints) == []
    )


# -- the stored IDs ------------------------------------------------------------------------------


def test_the_data_covers_every_size_and_variant() -> None:
    sizes = {
        game: {int(game_id.split(":")[0].rstrip("a")) for g, game_id, _ in CASES if g == game}
        for game in ("keen", "towers", "unequal")
    }
    assert all(sizes[game] >= set(range(3, 10)) for game in sizes)
    assert all(len(_rows(game)) >= 120 for game in GAMES)
    assert {p[-1] == "m" for p in _params("keen")} == {True, False}
    assert {p.split("d")[0] for p in _params("unequal")} >= {
        f"{w}{a}" for w in range(5, 10) for a in ("", "a")
    }
    solo = {game_id.split(":")[0] for _, game_id, _ in _rows("solo")}
    assert solo >= {"2x2", "2x3", "3x2", "3x3", "3x4", "4x3", "3x3x", "2x3x", "9j", "5j", "7j"}
    assert solo >= {"3x3k", "2x3k", "9jx", "9jk", "3x3xk", "9jxk"}


@pytest.mark.parametrize(("game", "game_id", "solution"), CASES, ids=IDS)
def test_tathams_solution_passes_the_checkers(game: str, game_id: str, solution: str) -> None:
    puzzle = parse_game_id(game_id, game)
    grid = _digits(solution)
    assert is_solution(grid, puzzle)
    assert broken_constraints(grid, puzzle.n, puzzle.constraints) == []
    assert parse_game_id(f"{game.upper()}:{game_id}") == puzzle
    # a Latin square without rules (an Unequal puzzle without signs) is of no one game alone
    assert game_of(puzzle) == (game if puzzle.constraints or game == "solo" else None)


@pytest.mark.parametrize(("game", "game_id", "solution"), CASES, ids=IDS)
def test_a_wrong_solution_fails_the_checkers(game: str, game_id: str, solution: str) -> None:
    puzzle = parse_game_id(game_id, game)
    grid = _digits(solution)
    n = puzzle.n
    wrong = grid[:-1] + (grid[-1] % n + 1,)
    assert not _solved(puzzle, wrong)
    # every digit renamed: the houses still hold each digit once, so only the givens and the
    # constraints can refuse it; the IDs have one solution, so one of them must
    renamed = tuple(digit % n + 1 for digit in grid)
    assert is_solution(renamed, Puzzle(puzzle.shape, (0,) * (n * n)))  # its houses alone
    assert not _solved(puzzle, renamed)


@pytest.mark.parametrize(("game", "game_id", "solution"), CASES, ids=IDS)
def test_the_id_written_is_the_id_read(game: str, game_id: str, solution: str) -> None:
    assert format_game_id(parse_game_id(game_id, game), game) == f"{game}:{game_id}"


def test_solo_blocks_are_c_rows_tall_and_r_columns_wide() -> None:
    """Tatham's ``CxR``: C columns of blocks, R rows of them; his solutions prove which is which."""
    for game_id, solution in (
        (i, s) for _, i, s in _rows("solo") if i.startswith(("2x3:", "3x2:"))
    ):
        puzzle = parse_game_id(game_id, "solo")
        c, r = map(int, game_id.split(":")[0].split("x"))
        assert puzzle.shape.box == (c, r)
        turned = Puzzle(Shape.sudoku(6, (r, c)), puzzle.cells)
        assert not is_solution(_digits(solution), turned)


# -- hand-checked IDs ----------------------------------------------------------------------------


def test_a_keen_id_read_by_hand() -> None:
    # lines 1|2 divided; 2-3 joined; 4|5 divided; 5-6, 7-8 joined; 8|9; 1-4 joined; 4|7, 2|5,
    # 5|8, 3|6 divided (_3); 6-9 joined; the closing line
    puzzle = parse_game_id("keen:3:_aba_3a,s1m3a5m3")
    assert puzzle.shape == Shape.latin(3) and puzzle.blanks() == 9
    assert puzzle.constraints == (
        ArithmeticCage((0, 3), Operation.SUBTRACT, 1),
        ArithmeticCage((1, 2), Operation.MULTIPLY, 3),
        ArithmeticCage((4, 5, 8), Operation.ADD, 5),
        ArithmeticCage((6, 7), Operation.MULTIPLY, 3),
    )


def test_keen_params_may_carry_difficulty_and_multiplication_only() -> None:
    plain = parse_game_id("keen:4:a_4aaca3_a__,m24m3m4m8m6m24")
    for params in ("4de", "4dum", "4m"):
        assert parse_game_id(f"keen:{params}:a_4aaca3_a__,m24m3m4m8m6m24") == plain
    assert format_game_id(parse_game_id("keen:4dum:a_4aaca3_a__,m24m3m4m8m6m24")).startswith(
        "keen:4:"
    )


def test_a_towers_id_read_by_hand() -> None:
    puzzle = parse_game_id("towers:4:3////2//2//////1//0/,i2f")
    assert puzzle.cells == (0,) * 9 + (2,) + (0,) * 6
    assert puzzle.constraints == (
        Skyscraper(Side.TOP, 0, 3),
        Skyscraper(Side.BOTTOM, 0, 2),
        Skyscraper(Side.BOTTOM, 2, 2),
        Skyscraper(Side.RIGHT, 0, 1),
    )
    # 0 is no clue; Tatham's games write none
    assert format_game_id(puzzle) == "towers:4:3////2//2//////1///,i2f"


def test_unequal_ids_read_by_hand() -> None:
    puzzle = parse_game_id("unequal:3:0,0,0,0,0U,0,0,0L,1,")
    assert puzzle.cells == (0,) * 8 + (1,)
    assert puzzle.constraints == (Comparison(1, 4), Comparison(6, 7))  # r2c2 > r1c2, r3c2 > r3c1
    adjacent = parse_game_id("unequal:3a:0R,0L,0,0,0,0,0,0,0,")
    assert Consecutive(0, 1, True) in adjacent.constraints
    assert Consecutive(1, 2, False) in adjacent.constraints
    assert len(adjacent.constraints) == 12  # every neighbouring pair once
    assert {rule.consecutive for rule in adjacent.constraints if rule != Consecutive(0, 1)} == {
        False
    }


def test_a_solo_id_read_by_hand() -> None:
    puzzle = parse_game_id("solo:2x3:a3b4_5c6f2_4_4_2f2c1_4b6a")
    assert puzzle.shape == Shape.sudoku(6, (2, 3))
    assert puzzle.cells[:12] == (0, 3, 0, 0, 4, 5, 0, 0, 0, 6, 0, 0)
    assert parse_game_id("solo:3:" + "i" * 9).shape == Shape.sudoku(9, (3, 3))
    # a 4x4 jigsaw whose blocks are its rows: 12 vertical lines joined, then 12 dividing lines
    jigsaw = parse_game_id("solo:4j:p,l" + "_" * 12)
    assert jigsaw.shape == Shape.jigsaw([row for row in range(4) for _ in range(4)])
    killer = parse_game_id(KILLER)  # the same lines make a cage of each row, 10 the sum
    assert killer.shape == Shape.sudoku(4, (2, 2))
    assert killer.constraints == tuple(
        KillerCage((r, r + 1, r + 2, r + 3), 10) for r in (0, 4, 8, 12)
    )


# -- bad IDs ------------------------------------------------------------------------------------

KEEN = "keen:4:a_4aaca3_a__,m24m3m4m8m6m24"
TOWERS = "towers:3:3/1/2/1/2/2/2/2/1/2/1/3"
UNEQUAL = "unequal:3:0,0,0,0,0U,0,0,0L,1,"
SOLO = "solo:2x3:a3b4_5c6f2_4_4_2f2c1_4b6a"
KILLER = "solo:2x2k:p,l____________,10c10c10c10c"  # a cage of 10 in each row

BAD = [
    ("keen:6", 7, "expected ':' after the params"),
    ("keen:2:b__,a3a3", 6, "a grid size 2 is outside 3..9"),
    ("keen:4dq:a_4aaca3_a__,m24", 8, "difficulty letter"),
    (KEEN.replace("m3", "q3"), 24, "expected a clue letter a/m/s/d (clue 2), got 'q'"),
    (KEEN[:-3], 32, "expected a clue letter a/m/s/d (clue 6), got the end"),
    (KEEN + "a1", 35, "expected the end: 6 cages, 6 clues, got 'a'"),
    (KEEN.replace("m24m3", "s24m3"), 21, "a − cage has two cells, not 3"),
    (KEEN.replace("m24m3", "m0m3"), 21, "target must be positive"),
    (KEEN.replace(",", "b,"), 20, "goes past the grid's 24 lines"),
    (KEEN.replace("__,", ","), 18, "more of the block structure (23 of 24 lines read)"),
    (KEEN.replace("a3_", "a3#"), 16, "a letter a-z or '_' of the block structure, got '#'"),
    (TOWERS[:-2], 31, "expected '/' and clue 12 of 12, got the end"),
    (TOWERS + "/1", 33, "',' or the end after 12 clues"),
    (TOWERS.replace("3/1/2", "4/1/2", 1), 10, "a clue 4 is outside 0..3"),
    (TOWERS + ",a3", 36, "more cells of 9"),
    (TOWERS + ",i1", 35, "10 cells, but the grid has 9"),
    (TOWERS + ",A", 34, "a digit 1..3, a letter a-z (that many blanks) or '_', got 'A'"),
    (UNEQUAL.replace("0U", "4U"), 19, "a digit 4 is outside 0..3"),
    (UNEQUAL.replace("0,0,0,0", "0U,0,0,0"), 12, "flag U points off the grid"),
    (UNEQUAL.replace("0U", "0UX"), 21, "expected ',' (or a flag U/R/D/L) after cell 5, got 'X'"),
    (UNEQUAL[:-4], 27, "expected ',' (or a flag U/R/D/L) after cell 8, got the end"),
    (UNEQUAL + "0", 31, "more than the grid's 9 cells"),
    ("unequal:3:0R,0L,0,0,0,0,0,0,0", 12, "flag R contradicts its neighbour's L"),
    ("unequal:3a:0R,0,0,0,0,0,0,0,0", 13, "flag R is not answered by L on its neighbour"),
    (SOLO[:-1], 34, "1 more cells of 36"),
    (SOLO.replace("2x3", "2x3q"), 9, "':' or an option: j, x, k"),
    ("solo:3x:" + "z" * 4, 8, "the number of rows of blocks after 'x'"),
    ("solo:4x4k:" + "z" * 10, 6, "a killer grid of side 16 is too big for solo"),
    ("solo:2j:d,a___", 11, "the jigsaw's blocks hold [2, 1, 1] cells, expected 2 of 2"),
    (KILLER.replace(",10c", ",65c"), 27, "a sum 65 is outside 1..64"),
    (KILLER.replace(",10c", ",10_1b"), 27, "r1c4 has 2 sums, expected one"),
    (KILLER.replace("10c10c10c10c", "10c10g10c"), 27, "cage over r3c1,r3c2,r3c3,r3c4 has 0 sums"),
    ("sudoku:3x3:" + "z" * 4, 1, "unknown game 'sudoku'"),
]


@pytest.mark.parametrize(("text", "column", "words"), BAD, ids=[b[2][:40] for b in BAD])
def test_a_bad_id_is_refused_at_its_column(text: str, column: int, words: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_game_id(text)
    assert f"column {column}: " in caught.value.message
    assert words in caught.value.message


def test_a_bare_id_needs_its_game_and_a_named_one_must_match() -> None:
    with pytest.raises(InputError, match="without its game"):
        parse_game_id(KEEN[5:])
    with pytest.raises(InputError, match="this is a keen ID, but solo IDs were asked for"):
        parse_game_id(KEEN, "solo")
    with pytest.raises(InputError, match="unknown game 'kenken'"):
        parse_game_id(KEEN[5:], "kenken")


# -- writing ------------------------------------------------------------------------------------


def test_a_puzzle_no_game_states_is_refused_with_the_reason() -> None:
    latin = Puzzle.empty(Shape.latin(4))
    assert game_of(latin) is None
    with pytest.raises(InputError, match="name the game"):
        format_game_id(latin)
    assert format_game_id(latin, "unequal") == "unequal:4:" + "0," * 16
    keen = parse_game_id(KEEN)
    with pytest.raises(InputError, match="a keen ID has no givens"):
        format_game_id(keen.with_cells((1,) + (0,) * 15))
    split = Puzzle(
        Shape.latin(3),
        (0,) * 9,
        constraints=(ArithmeticCage((0, 2), Operation.ADD, 3),)
        + tuple(ArithmeticCage((c,), Operation.ADD, 1) for c in (1, 3, 4, 5, 6, 7, 8)),
    )
    with pytest.raises(InputError, match="not connected"):
        format_game_id(split)
    with pytest.raises(InputError, match="2 are in none"):
        format_game_id(Puzzle(Shape.latin(3), (0,) * 9, constraints=split.constraints[1:]))
    with pytest.raises(InputError, match="neighbouring cells only"):
        format_game_id(Puzzle(Shape.latin(3), (0,) * 9, constraints=(Comparison(0, 2),)))
    with pytest.raises(InputError, match="11 pairs are left unsaid"):
        format_game_id(Puzzle(Shape.latin(3), (0,) * 9, constraints=(Consecutive(0, 1),)))
    with pytest.raises(InputError, match="has no sum"):
        cages = tuple(KillerCage(tuple(range(row * 4, row * 4 + 4))) for row in range(4))
        format_game_id(Puzzle(Shape.sudoku(4), (0,) * 16, constraints=cages))


# -- reading files and arguments ----------------------------------------------------------------


def test_game_id_lines_are_read_among_other_lines() -> None:
    lines = ["# mixed", KEEN, "1...............", "  " + TOWERS, "Solo:" + SOLO[5:], "keen:4:#"]
    entries = list(read_puzzles(lines))
    assert [e.puzzle.n if e.puzzle else None for e in entries] == [4, 4, 3, 6, None]
    assert entries[0].puzzle.constraints and not entries[1].puzzle.constraints
    assert entries[4].error is not None
    assert entries[4].error.located() == (
        "6: keen ID, column 8: expected a letter a-z or '_' of the block structure, got '#'"
    )


def test_a_grid_shaped_file_with_an_id_is_read_line_by_line() -> None:
    entries = list(read_puzzles(["1234", "3412", "2143", KEEN]))
    assert len(entries) == 4 and entries[3].puzzle == parse_game_id(KEEN)


def test_readers_told_the_game_read_bare_ids() -> None:
    entries = list(read_puzzles([KEEN[5:], KEEN], game="Keen"))
    assert [e.puzzle == parse_game_id(KEEN) for e in entries] == [True, True]
    assert parse_puzzle(SOLO[5:], game="solo") == parse_game_id(SOLO)
    assert parse_puzzle(UNEQUAL).constraints == parse_game_id(UNEQUAL).constraints
    with pytest.raises(InputError, match="keen ID, column 2: expected ':'"):
        parse_puzzle("4-a_4", game="keen")
    with pytest.raises(InputError, match="one per line, not as one grid"):
        list(read_puzzles([KEEN], game="keen", layout=FileLayout.GRID))


def test_shape_options_must_agree_with_the_ids_shape() -> None:
    from satdoku.io._shape_options import ShapeOptions

    assert parse_puzzle(KEEN, options=ShapeOptions(latin=True)) == parse_game_id(KEEN)
    with pytest.raises(InputError, match="gives its own shape"):
        parse_puzzle(SOLO, options=ShapeOptions(box=(3, 2)))


# -- the round trip, for any puzzle the IDs can state ---------------------------------------------


@st.composite
def partitions(draw: st.DrawFn, n: int, largest: int) -> list[tuple[int, ...]]:
    """Draw connected blocks of at most ``largest`` cells covering an n×n grid."""
    lines = 2 * n * (n - 1)
    joined = draw(st.lists(st.booleans(), min_size=lines, max_size=lines))
    blocks = block_members(blocks_of(joined, n))
    return [cells for block in blocks for cells in _cut(block, largest)]


def _cut(block: tuple[int, ...], largest: int) -> Iterator[tuple[int, ...]]:
    """Cut a block into single cells when it is too big (each still connected)."""
    if len(block) <= largest:
        yield block
    else:
        yield from ((cell,) for cell in block)


@st.composite
def keen_puzzles(draw: st.DrawFn) -> Puzzle:
    n = draw(st.integers(3, 9))
    cages = []
    for members in draw(partitions(n, n * n)):
        choices = list(Operation) if len(members) == 2 else [Operation.ADD, Operation.MULTIPLY]
        operation = draw(st.sampled_from(choices))
        cages.append(ArithmeticCage(members, operation, draw(st.integers(1, 10**6))))
    return Puzzle(Shape.latin(n), (0,) * (n * n), constraints=tuple(cages))


@st.composite
def towers_puzzles(draw: st.DrawFn) -> Puzzle:
    n = draw(st.integers(3, 9))
    clues = [
        Skyscraper(side, line, visible)
        for side in Side
        for line in range(n)
        if (visible := draw(st.integers(0, n)))
    ]
    cells = draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n))
    return Puzzle(Shape.latin(n), tuple(cells), constraints=tuple(clues))


@st.composite
def unequal_puzzles(draw: st.DrawFn) -> Puzzle:
    n = draw(st.integers(3, 12))
    adjacent = draw(st.booleans())
    pairs = [(c, c + 1) for c in range(n * n) if c % n < n - 1] + [
        (c, c + n) for c in range(n * n - n)
    ]
    rules: list[Comparison | Consecutive] = []
    for first, second in pairs:
        if adjacent:
            rules.append(Consecutive(first, second, draw(st.booleans())))
        elif (sign := draw(st.sampled_from("<> "))) != " ":
            rules.append(Comparison(first, second) if sign == "<" else Comparison(second, first))
    cells = draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n))
    return Puzzle(Shape.latin(n), tuple(cells), constraints=tuple(rules))


@st.composite
def solo_puzzles(draw: st.DrawFn) -> Puzzle:
    c, r = draw(st.sampled_from([(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2)]))
    n = c * r
    if draw(st.booleans()):
        shape = Shape.sudoku(n, (c, r), diagonals=draw(st.booleans()))
    else:  # a jigsaw: the boxes of another shape, read as regions
        regions = [cell // n // c * c + cell % n // r for cell in range(n * n)]
        shape = Shape.jigsaw(regions, diagonals=draw(st.booleans()))
    cages: tuple[KillerCage, ...] = ()
    if draw(st.booleans()):
        blocks = draw(partitions(n, n))
        cages = tuple(KillerCage(b, draw(st.integers(1, n * n * n))) for b in blocks)
    cells = draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n))
    return Puzzle(shape, tuple(cells), constraints=cages)


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(
        st.tuples(st.just("keen"), keen_puzzles()),
        st.tuples(st.just("towers"), towers_puzzles()),
        st.tuples(st.just("unequal"), unequal_puzzles()),
        st.tuples(st.just("solo"), solo_puzzles()),
    )
)
def test_a_puzzle_written_reads_back_the_same(game_and_puzzle: tuple[str, Puzzle]) -> None:
    game, puzzle = game_and_puzzle
    text = format_game_id(puzzle, game)
    again = parse_game_id(text)
    assert (again.shape, again.cells) == (puzzle.shape, puzzle.cells)
    assert set(again.constraints) == set(puzzle.constraints)
    assert format_game_id(again, game) == text
