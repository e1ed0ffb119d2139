"""Shapes: boxes, houses, diagonals, regions and their validation."""

import pytest

from satdoku.core._errors import InputError
from satdoku.core._shape import MAX_SIZE, Shape, default_box


@pytest.mark.parametrize(
    ("n", "box"),
    [
        (4, (2, 2)),
        (6, (2, 3)),
        (8, (2, 4)),
        (9, (3, 3)),
        (12, (3, 4)),
        (16, (4, 4)),
        (25, (5, 5)),
        (64, (8, 8)),
        (5, None),
        (7, None),
        (2, None),
    ],
)
def test_default_box_is_most_square(n: int, box: tuple[int, int] | None) -> None:
    assert default_box(n) == box


@pytest.mark.parametrize("n", [4, 6, 9, 12, 16])
def test_every_house_has_n_distinct_cells_and_boxes_tile(n: int) -> None:
    shape = Shape.sudoku(n)
    assert len(shape.houses) == 3 * n
    for house in shape.houses:
        assert len(set(house.cells)) == n
    boxes = [c for h in shape.houses if h.kind == "box" for c in h.cells]
    assert sorted(boxes) == list(range(n * n))


def test_diagonals_add_two_houses() -> None:
    shape = Shape.sudoku(9, diagonals=True)
    diagonals = [h for h in shape.houses if h.kind == "diagonal"]
    assert [h.cells for h in diagonals] == [tuple(range(0, 81, 10)), tuple(range(8, 73, 8))]


def test_jigsaw_regions_replace_boxes() -> None:
    regions = [0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3]
    shape = Shape.jigsaw(regions)
    kinds = [h.kind for h in shape.houses]
    assert kinds.count("region") == 4 and "box" not in kinds


@pytest.mark.parametrize(
    ("regions", "message"),
    [
        ([0] * 16, "region 0 has 16 cells"),
        ([0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 7], "names region 7"),
        ([0] * 15, "not a square number"),
    ],
)
def test_bad_region_maps_are_rejected(regions: list[int], message: str) -> None:
    with pytest.raises(InputError, match=message):
        Shape.jigsaw(regions)


def test_box_that_does_not_tile_is_rejected() -> None:
    with pytest.raises(InputError, match="does not tile"):
        Shape(9, (2, 4))


def test_size_limit() -> None:
    with pytest.raises(InputError, match="outside"):
        Shape.sudoku(MAX_SIZE + 1)


def test_peers_of_a_9x9_cell() -> None:
    assert len(Shape.sudoku(9).peers[0]) == 20
    assert len(Shape.latin(9).peers[0]) == 16
